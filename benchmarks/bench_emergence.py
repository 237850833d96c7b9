"""Benchmark the emergence kernels (issue 5 goals: >= 20 M emergences/s per core,
the 37 x 25 placement map at 100 000 trials per cell in < 60 s on 2 cores).

Run: ``.venv/bin/python benchmarks/bench_emergence.py [--trials N] [--map-trials N]``.
The baseline is a straightforward vectorised NumPy version of the same model
(dice, angle, point-in-rotated-rectangle for every footprint), timed in the same run.
"""

from __future__ import annotations

import argparse
import time

import numba
import numpy as np

from odds.emergence import emerge, example_path, load_scenario, placement_map


def numpy_baseline(scenario, trials: int, seed: int = 0, block: int = 1_000_000) -> np.ndarray:
    """Outcome counts (off, displaced, clear, under-enemy-any, misfire) with plain NumPy."""
    rng = np.random.default_rng(seed)
    rects, kinds, _ = scenario.arrays()
    th = np.radians(rects[:, 4])
    c, s = np.cos(th), np.sin(th)
    W, D = scenario.table.width, scenario.table.depth
    mx, my = scenario.marker_point()
    dist = np.array([2.0, 4.0, 6.0, 8.0, 10.0]) * scenario.scale
    counts = np.zeros(5, np.int64)
    done = 0
    while done < trials:
        n = min(block, trials - done)
        turn_dice = rng.integers(1, 7, size=(n, 3))
        _turn = np.where(turn_dice[:, 0] >= 4, 2, np.where(turn_dice[:, 1] >= 3, 3,
                         np.where(turn_dice[:, 2] >= 2, 4, 5)))
        art = rng.integers(1, 7, size=n)
        last = rng.integers(1, 7, size=n)
        ang = rng.uniform(0.0, 2 * np.pi, size=n)
        misfire = art == 6
        r = np.where(last <= 2, 0.0, dist[np.minimum(art, 5) - 1])
        x = mx + r * np.cos(ang)
        y = my + r * np.sin(ang)
        off = (x < 0) | (x > W) | (y < 0) | (y > D)
        under = np.full(n, -1)
        for i in range(rects.shape[0]):
            dx, dy = x - rects[i, 0], y - rects[i, 1]
            u = dx * c[i] + dy * s[i]
            v = dy * c[i] - dx * s[i]
            inside = (np.abs(u) <= rects[i, 2] / 2) & (np.abs(v) <= rects[i, 3] / 2)
            under = np.where((under < 0) & inside, kinds[i], under)
        ok = ~misfire & ~off
        counts += [np.sum(~misfire & off), np.sum(ok & (under >= 1)), np.sum(ok & (under < 0)),
                   np.sum(ok & (under == 0)), np.sum(misfire)]
        done += n
    return counts


def rate(fn, n: int, repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in items per second."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return n / best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--trials", type=int, default=50_000_000)
    ap.add_argument("--map-trials", type=int, default=100_000)
    ap.add_argument("--baseline-trials", type=int, default=5_000_000)
    args = ap.parse_args()

    s = load_scenario(example_path())
    print(f"scenario: {len(s.units)} units + {len(s.terrain)} terrain "
          f"({len(s.units) + len(s.terrain)} footprints), numba threads available "
          f"{numba.config.NUMBA_NUM_THREADS}")
    emerge(s, trials=100_000, seed=0, landing_bin=None)  # compile / load the cache

    def run():
        emerge(s, trials=args.trials, seed=1, landing_bin=None, exact=False)

    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    r1 = rate(run, args.trials)
    numba.set_num_threads(threads)
    rn = rate(run, args.trials)
    rb = rate(lambda: numpy_baseline(s, args.baseline_trials), args.baseline_trials, repeat=2)
    print(f"emergences/s, 1 thread   : {r1 / 1e6:8.1f} M   (goal >= 20 M per core)")
    print(f"emergences/s, {threads} threads  : {rn / 1e6:8.1f} M   "
          f"({rn / threads / 1e6:.1f} M per core)")
    print(f"NumPy baseline, 1 thread : {rb / 1e6:8.1f} M   -> numba 1 thread is {r1 / rb:.0f}x, "
          f"{threads} threads {rn / rb:.0f}x")

    placement_map(s, step=30.0, trials=1000, seed=0)  # compile
    t0 = time.perf_counter()
    pm = placement_map(s, step=5.0, trials=args.map_trials, seed=1)
    dt = time.perf_counter() - t0
    cells = len(pm)
    print(f"placement map {cells} cells x {args.map_trials:,} trials "
          f"({cells * args.map_trials / 1e6:.1f} M emergences): {dt:.2f} s, "
          f"{cells / dt:.0f} cells/s, {cells * args.map_trials / dt / 1e6:.1f} M emergences/s "
          f"(goal < 60 s on 2 cores)")
    placement_map(s, step=30.0, method="exact")
    t0 = time.perf_counter()
    placement_map(s, step=5.0, method="exact")
    dt_ex = time.perf_counter() - t0
    print(f"exact placement map (arc cuts, no noise): {dt_ex:.3f} s")
    base_cells = 20
    t0 = time.perf_counter()
    for _ in range(base_cells):
        numpy_baseline(s, args.map_trials)
    per_cell = (time.perf_counter() - t0) / base_cells
    print(f"NumPy baseline map: {per_cell * 1e3:.0f} ms per cell -> {per_cell * cells:.1f} s "
          f"for the map (numba {per_cell * cells / dt:.0f}x faster)")


if __name__ == "__main__":
    main()
