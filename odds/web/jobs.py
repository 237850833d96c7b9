"""Jobs of the page: a worker pool, progress that refines, cancel, and a cap per client.

A Monte Carlo answer with many trials is run as a sequence of growing runs of
the same seed, each a whole number of the engine's chunks of trials
(:data:`odds.rng.CHUNK_TRIALS`), the last one the trials asked for.  The
engine draws chunk ``c`` from its own stream of the seed, so each preview is
exactly the first chunks of the final run, and the final numbers are those of
one run of all the trials (the CLI's): the page shows numbers that refine,
never different ones.  A cancelled job stops at the end of its current run.
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from odds.rng import CHUNK_TRIALS
from odds.validation import OddsInputError
from odds.web.schemas import MAX_JOBS_PER_CLIENT

PREVIEW_GROWTH = 4
"""Each preview runs this many times the trials of the one before."""

KEEP_SECONDS = 300.0
"""How long a finished job's answer stays available."""


def steps(trials: int) -> list[int]:
    """The trial counts a job runs: ``CHUNK_TRIALS * 4**k`` below ``trials``, then ``trials``.

    A job of at most four chunks runs once.
    """
    out = []
    n = CHUNK_TRIALS * PREVIEW_GROWTH
    while n < trials:
        out.append(n)
        n *= PREVIEW_GROWTH
    return [*out, trials]


def default_workers() -> int:
    """Worker threads: one per core (the numba kernels release the GIL)."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else (os.cpu_count() or 1))


@dataclass
class Job:
    """One question being answered: its state, the trials done, and the latest answer."""

    id: str
    client: str
    total: int
    state: str = "running"  # running, done, error, cancelled
    done_trials: int = 0
    answer: dict[str, Any] | None = None
    error: str = ""
    finished: float = 0.0
    cancel: threading.Event = field(default_factory=threading.Event)

    def status(self) -> dict[str, Any]:
        """What ``GET /api/jobs/{id}`` returns."""
        return {"id": self.id, "state": self.state, "done_trials": self.done_trials,
                "total_trials": self.total, "progress": self.done_trials / max(1, self.total),
                "answer": self.answer, "error": self.error or None}


class Jobs:
    """The server's jobs and the pool they run in."""

    def __init__(self, workers: int | None = None) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers or default_workers(),
                                       thread_name_prefix="odds-web")
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._salt = os.urandom(4).hex()
        self._direct: dict[str, int] = {}

    def start(self, client: str, trials: int, answer: Callable[[int], dict[str, Any]],
              on_error: Callable[[BaseException], str]) -> Job:
        """Start a job computing ``answer(trials)`` for each of :func:`steps` of ``trials``.

        Raises
        ------
        OddsInputError
            ``client`` already has :data:`MAX_JOBS_PER_CLIENT` jobs running.
        """
        self._forget_old()
        with self._lock:
            busy = self._busy(client)
            if busy >= MAX_JOBS_PER_CLIENT:
                raise OddsInputError(f"jobs: at most {MAX_JOBS_PER_CLIENT} running jobs per "
                                     f"client (have {busy}); cancel one or wait")
            job = Job(f"{self._salt}-{next(self._ids)}", client, trials)
            self._jobs[job.id] = job
        self.pool.submit(self._run, job, answer, on_error)
        return job

    @contextmanager
    def slot(self, client: str) -> Iterator[None]:
        """Hold one of ``client``'s :data:`MAX_JOBS_PER_CLIENT` places for a direct answer.

        Raises
        ------
        OddsInputError
            ``client`` already has that many jobs and answers running.
        """
        with self._lock:
            busy = self._busy(client)
            if busy >= MAX_JOBS_PER_CLIENT:
                raise OddsInputError(f"jobs: at most {MAX_JOBS_PER_CLIENT} running jobs per "
                                     f"client (have {busy}); cancel one or wait")
            self._direct[client] = self._direct.get(client, 0) + 1
        try:
            yield
        finally:
            with self._lock:
                self._direct[client] -= 1

    def _busy(self, client: str) -> int:
        """Jobs and direct answers of ``client`` running (a cancelled job ends within one run)."""
        return self._direct.get(client, 0) + sum(
            1 for j in self._jobs.values()
            if j.client == client and j.state == "running" and not j.cancel.is_set())

    def _run(self, job: Job, answer: Callable[[int], dict[str, Any]],
             on_error: Callable[[BaseException], str]) -> None:
        try:
            for n in steps(job.total):
                if job.cancel.is_set():
                    job.state = "cancelled"
                    break
                job.answer = answer(n)
                job.done_trials = n
            else:
                job.state = "done"
        except BaseException as exc:  # reported to the page as a message, never a traceback
            job.error = on_error(exc)
            job.state = "error"
        job.finished = time.monotonic()

    def get(self, job_id: str) -> Job:
        """The job with this id."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            raise OddsInputError(f"job: no job {job_id!r} (finished jobs are kept "
                                 f"{KEEP_SECONDS:g} s)")
        return job

    def cancel(self, job_id: str) -> Job:
        """Ask a job to stop after its current run."""
        job = self.get(job_id)
        job.cancel.set()
        return job

    def _forget_old(self) -> None:
        now = time.monotonic()
        with self._lock:
            for k in [k for k, j in self._jobs.items()
                      if j.state != "running" and now - j.finished > KEEP_SECONDS]:
                del self._jobs[k]

    def close(self) -> None:
        """Cancel every job and stop the pool."""
        with self._lock:
            for j in self._jobs.values():
                j.cancel.set()
        self.pool.shutdown(wait=False, cancel_futures=True)
