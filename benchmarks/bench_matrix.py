"""Matchup-matrix throughput, locally and on a local Dask cluster (issue 6 §5).

Run ``python benchmarks/bench_matrix.py`` (or ``--quick``).

A 20 x 20 matrix of the 20 built-in units against themselves, each bought to
250 points (a unit whose single model costs more, the Chaos ettin at 320, is
one model), A charging, 100 000 full combats per cell (400 cells, 40 million
combats), run twice in the same process:

(local) the in-process loop: one cell after the other, each kernel call on
        numba's threads (2 here; a cell's 100 000 trials are two chunks of at
        most 65 536, one per thread);
(dask)  a ``LocalCluster`` of 2 worker processes with 1 thread each, every
        task a batch of cells whose kernels run on **one** numba thread
        (``NUMBA_NUM_THREADS=1`` in the workers as well): the parallelism is
        across cells, so there are never more busy threads than cores.  Letting
        each worker's kernel also use numba's 2 threads would put 4 busy
        threads on 2 cores (oversubscription).

Both runs are warmed up first (kernel loaded from numba's cache in this
process and in each worker).  The script checks that the two tables are
identical (they must be: per-cell seeds, counter-based streams) and prints
wall time, cells/s, combats/s and the Dask / local time ratio (issue goals:
local under 60 s, Dask overhead under 20 %, i.e. a ratio under 1.2).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numba
import pandas as pd

sys.path.insert(0, os.path.dirname(__file__))
from bench_core import machine_info

from odds.listbuilding import buy, matchup_matrix
from odds.units import library_names, library_unit
from odds.validation import OddsInputError

POINTS = 250
SEED = 2026


def units(n: int) -> list:
    """The first ``n`` built-in units, bought to :data:`POINTS` (or one model)."""
    out = []
    for name in library_names()[:n]:
        u = library_unit(name)
        try:
            out.append(buy(u, POINTS))
        except OddsInputError:
            out.append(u.replace(models=1))
    return out


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 6 x 6 units, 20 000 trials per cell")
    args = parser.parse_args()
    n_units = 6 if args.quick else 20
    trials = 20_000 if args.quick else 100_000

    print("odds matchup-matrix benchmark")
    for line in machine_info():
        print(" ", line)
    us = units(n_units)
    cells = n_units * n_units
    print(f"  {n_units} x {n_units} matrix at {POINTS} points, charger a, {trials:,} combats "
          f"per cell: {cells} cells, {cells * trials:,} combats")
    kw = {"trials": trials, "seed": SEED, "charger": "a", "progress": False}

    matchup_matrix(us, us, trials=1000, seed=1, charger="a", progress=False)  # warm-up
    local, t_local = timed(lambda: matchup_matrix(us, us, **kw))

    (cluster, client), t_start = timed(lambda: _cluster())
    try:
        matchup_matrix(us, us, trials=1000, seed=1, charger="a", client=client,
                       progress=False)  # load the kernel in both workers
        on_dask, t_dask = timed(lambda: matchup_matrix(us, us, client=client, **kw))
    finally:
        client.close()
        cluster.close()
    pd.testing.assert_frame_equal(on_dask, local, check_exact=True)

    print(f"\n{'run':42s} {'wall s':>8s} {'cells/s':>9s} {'combats/s':>11s}")
    for name, t in ((f"local, in-process, numba {numba.get_num_threads()} threads", t_local),
                    ("dask, 2 worker processes x 1 thread", t_dask)):
        print(f"{name:42s} {t:8.2f} {cells / t:9.1f} {cells * trials / t:11.3e}")
    print(f"\n  dask / local wall time: {t_dask / t_local:.3f} "
          f"(overhead {100 * (t_dask / t_local - 1):+.1f} %; goal < +20 %)")
    print(f"  local under 60 s: {'yes' if t_local < 60 else 'no'} ({t_local:.1f} s)")
    print(f"  cluster start-up (not in the dask time): {t_start:.1f} s")
    print("  tables identical (local vs dask): yes")
    print(f"  load average (1 min) at end: {os.getloadavg()[0]:.2f}; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")


def _cluster():
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                           dashboard_address=None, env={"NUMBA_NUM_THREADS": "1"})
    return cluster, Client(cluster)


if __name__ == "__main__":
    main()
