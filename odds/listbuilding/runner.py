"""Run cells locally or on a Dask cluster, with a progress bar.

Locally the cells run one after the other in this process; each combat
kernel uses numba's threads (its trials are cut into chunks of 65 536, one
per thread).  On Dask (a :class:`distributed.Client`), the cells are cut into
batches, one task per batch, and each task runs its cells with **one** numba
thread: the cluster's parallelism is across cells (one task per worker
thread), so kernels do not also spawn threads and oversubscribe the cores.
Results do not depend on any of this: each cell's dice come from its own
derived seed (:mod:`odds.listbuilding.seeds`) and the kernel's counter-based
streams give the same dice whatever the thread count.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from typing import Any

from odds.listbuilding.cells import Cell, evaluate
from odds.validation import OddsInputError

__all__ = ["AUTO_PROGRESS_COMBATS", "TASKS_PER_THREAD", "run_cells", "show_progress"]

AUTO_PROGRESS_COMBATS = 4_000_000
"""``progress=None`` shows a bar when the run simulates more combats than this
(about two seconds of full combats on two cores)."""

TASKS_PER_THREAD = 8
"""Dask batches per worker thread: enough to balance uneven cells, few enough
to keep the scheduler's per-task overhead (a few ms) negligible."""


def show_progress(progress: bool | None, cells: Sequence[Cell]) -> bool:
    """Whether to show a progress bar (``None``: only for long runs)."""
    if progress is None:
        return sum(c.trials for c in cells) > AUTO_PROGRESS_COMBATS
    if not isinstance(progress, bool):
        raise OddsInputError(f"progress: must be True, False or None (got {progress!r})")
    return progress


def _bar(total: int, show: bool, desc: str) -> Any:
    from tqdm import tqdm  # plain tqdm: tqdm.auto may warn outside notebooks

    return tqdm(total=total, desc=desc, unit="cell", disable=not show, file=sys.stderr,
                leave=False)


def run_batch(cells: Sequence[Cell], entropy: int, numba_threads: int = 1) -> list[dict]:
    """Evaluate a batch of cells with at most ``numba_threads`` kernel threads (a Dask task)."""
    import numba

    before = numba.get_num_threads()
    numba.set_num_threads(max(1, min(numba_threads, numba.config.NUMBA_NUM_THREADS)))
    try:
        return [evaluate(c, entropy) for c in cells]
    finally:
        numba.set_num_threads(before)


def batches(cells: Sequence[Cell], n_threads: int) -> list[tuple[int, tuple[Cell, ...]]]:
    """Cut cells into consecutive batches, about :data:`TASKS_PER_THREAD` per thread.

    Returns ``(start index, cells)`` pairs.
    """
    n_tasks = max(1, min(len(cells), TASKS_PER_THREAD * max(1, n_threads)))
    size = math.ceil(len(cells) / n_tasks)
    return [(i, tuple(cells[i:i + size])) for i in range(0, len(cells), size)]


def run_cells(cells: Sequence[Cell], entropy: int, *, client: Any = None,
              progress: bool | None = None, desc: str = "combats",
              numba_threads: int = 1) -> list[dict]:
    """Summary rows of ``cells``, in order, run locally or on ``client``.

    Parameters
    ----------
    cells : sequence of Cell
    entropy : int
        The run's entropy.
    client : distributed.Client, optional
        Run on this Dask cluster; None runs in this process.
    progress : bool or None
        Progress bar on stderr; None shows it only for long runs.
    desc : str
        Label of the progress bar.
    numba_threads : int
        Kernel threads per Dask task (1: parallel across cells only).

    Returns
    -------
    list of dict
    """
    show = show_progress(progress, cells)
    if client is None:
        rows = []
        with _bar(len(cells), show, desc) as bar:
            for c in cells:
                rows.append(evaluate(c, entropy))
                bar.update(1)
        return rows
    from distributed import as_completed

    threads = sum(client.nthreads().values()) or 1
    parts = batches(cells, threads)
    futures = {client.submit(run_batch, part, entropy, numba_threads, pure=False): start
               for start, part in parts}
    out: list[dict | None] = [None] * len(cells)
    try:
        with _bar(len(cells), show, desc) as bar:
            for fut in as_completed(futures):
                rows = fut.result()  # a task's error is raised here, as it would be locally
                start = futures[fut]
                out[start:start + len(rows)] = rows
                bar.update(len(rows))
    finally:
        client.cancel(list(futures))  # no-op for finished tasks; frees the rest after an error
    return out  # type: ignore[return-value]
