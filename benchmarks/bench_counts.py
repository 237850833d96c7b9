"""A roll's successes: counted sixteen dice at a time against a loop over the dice (issue 13).

Run ``python benchmarks/bench_counts.py`` (about 10 s).

Each row times two million counts, in one jitted loop on one thread (no Python call per
count), of ``n`` faces from a dice buffer with ``n`` drawn uniformly from a range and the
target from 2-6: :func:`odds._faces.count_at_least` (what the combat engine's rolls use)
against the loop over the faces it replaced, compiled the same way (no reference counting,
as the kernels are).  Both counts are checked equal.  Printed: ns per count, best of 5, and
the ratio loop / vector.
"""

from __future__ import annotations

import os
import sys
import time

import numba
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from bench_core import machine_info

from odds._faces import count_at_least, dice_buffer, faces_in

COUNTS = 2_000_000
RANGES = [(8, 10), (5, 12), (0, 8), (0, 20), (10, 40)]


@numba.njit(_nrt=False)
def _loop(buf, p, n, target):
    t = np.uint8(target)
    c = 0
    for i in range(np.uint64(p), np.uint64(p + n)):
        c += buf[i] >= t
    return c


@numba.njit(_nrt=False)
def run(padded, ns, targets, vector):
    """Total of the counts, ``vector`` true: :func:`count_at_least`, else the loop."""
    buf = padded[:faces_in(padded)]
    total = 0
    p = 0
    for k in range(ns.size):
        n = ns[k]
        if p + n > buf.size:
            p = 0
        if vector:
            total += count_at_least(buf, p, n, targets[k])
        else:
            total += _loop(buf, p, n, targets[k])
        p += n
    return total


def main() -> None:
    print("odds dice-count benchmark")
    for line in machine_info():
        print(" ", line)
    rng = np.random.default_rng(13)
    padded = dice_buffer(8192)
    padded[:8192] = rng.integers(1, 7, 8192)
    print(f"\n{'dice per count':15s} {'loop ns':>8s} {'vector ns':>10s}  ratio")
    for lo, hi in RANGES:
        ns = rng.integers(lo, hi + 1, COUNTS)
        targets = rng.integers(2, 7, COUNTS)
        if run(padded, ns, targets, True) != run(padded, ns, targets, False):
            raise SystemExit("the two counts disagree")
        best = []
        for vector in (False, True):
            times = []
            for _ in range(5):
                t0 = time.perf_counter()
                run(padded, ns, targets, vector)
                times.append(time.perf_counter() - t0)
            best.append(min(times) / COUNTS * 1e9)
        print(f"{lo:>3d}-{hi:<11d} {best[0]:8.2f} {best[1]:10.2f}  {best[0] / best[1]:5.1f} x")
    print(f"\n  load average (1 min) at end: {os.getloadavg()[0]:.2f}; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")


if __name__ == "__main__":
    main()
