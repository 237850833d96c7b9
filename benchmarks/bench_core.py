"""Core throughput: the project's D6 generator, numpy's, and the charge/pursuit kernels.

Run ``python benchmarks/bench_core.py`` (about a minute) or with ``--quick``.

Measured, each as the best of 3 timed repeats after a warm-up call that
compiles (numba) or primes caches (numpy):

1. ``odds.rng.fill_d6``: exact D6 faces per second, single thread, driven from
   inside a jitted loop (so Python call overhead is not counted), on the
   kernels' 8192-face buffer and on a 1 MiB buffer.
2. ``numpy.random.Generator.integers(1, 7, dtype=uint8)``: D6 per second for
   the same total count, in 1 MiB blocks.
3. Charge versus flee (``odds.charge.simulate_rolls``, 5D6 fleer) and pursuit
   (``odds.pursuit.pursue``, 5D6 against 5D6): trials per second with one numba
   thread and with all of them.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numba
import numpy as np

from odds.charge import Charge, simulate_rolls
from odds.pursuit import pursue
from odds.rng import BUFFER_DICE, fill_d6, stream_state

REPEATS = 3
KEY = 0x5EED


@numba.njit(nogil=True)
def _fill_many(buf, st, reps):
    """Refill ``buf`` ``reps`` times; returns a checksum so the work is kept."""
    acc = 0
    for _ in range(reps):
        fill_d6(buf, st)
        acc += buf[0] + buf[buf.size - 1]
    return acc


def best_of(fn, repeats: int = REPEATS) -> float:
    """Best wall time of ``repeats`` calls of ``fn`` (seconds)."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def bench_fill(buffer: int, total: int) -> float:
    """Project generator D6/s filling a ``buffer``-face array ``total // buffer`` times."""
    buf = np.empty(buffer, np.uint8)
    reps = total // buffer
    _fill_many(buf, stream_state(np.uint64(KEY), 0), 2)  # compile and warm up
    return reps * buffer / best_of(lambda: _fill_many(buf, stream_state(np.uint64(KEY), 0), reps))


def bench_numpy(total: int, block: int = 1 << 20) -> float:
    """numpy Generator.integers(1, 7, uint8) D6/s, ``total`` faces in ``block``-sized calls."""
    rng = np.random.default_rng(KEY)
    reps = total // block

    def run() -> None:
        for _ in range(reps):
            rng.integers(1, 7, size=block, dtype=np.uint8)

    for _ in range(4):
        rng.integers(1, 7, size=block, dtype=np.uint8)  # warm up
    return reps * block / best_of(run)


def bench_trials(fn, trials: int) -> float:
    """Trials/s of ``fn(trials)`` (after a warm-up call)."""
    fn(1000)
    return trials / best_of(lambda: fn(trials))


def code_mapping(address: int) -> tuple[int, int, str]:
    """The mapping of this process holding ``address``: ``(start, end, its /proc line)`` (Linux).

    For machine code numba loaded: the kernel and the helpers it calls share one mapping.
    """
    with open("/proc/self/maps") as f:
        for line in f:
            lo, hi = (int(x, 16) for x in line.split()[0].split("-"))
            if lo <= address < hi:
                return lo, hi, line.strip()
    raise RuntimeError(f"no mapping holds {address:#x}")


def machine_info() -> list[str]:
    """Lines describing the machine and the runtime."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return [
        f"cpu: {cpu}",
        f"os.cpu_count(): {os.cpu_count()}, numba threads: {numba.config.NUMBA_NUM_THREADS}, "
        f"load average (1 min) at start: {os.getloadavg()[0]:.2f}",
        f"python {platform.python_version()}, numpy {np.__version__}, numba {numba.__version__}",
    ]


def main() -> None:
    """Run every benchmark and print a table of rates and ratios."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes (a few seconds)")
    args = ap.parse_args()
    dice_total = 1 << (27 if args.quick else 31)
    trials = 1 << (21 if args.quick else 24)
    all_threads = numba.config.NUMBA_NUM_THREADS

    print("odds core benchmark" + (" (--quick)" if args.quick else ""))
    for line in machine_info():
        print("  " + line)
    print(f"  best of {REPEATS} repeats; {dice_total:,} faces per generator run; "
          f"{trials:,} trials per kernel run")
    print()

    numba.set_num_threads(1)
    gen_small = bench_fill(BUFFER_DICE, dice_total)
    gen_big = bench_fill(1 << 20, dice_total)
    gen = max(gen_small, gen_big)
    npy = bench_numpy(dice_total)

    charge = Charge(18, 10, 20)  # 5D6 fleer
    charge_dice = charge.flee_dice

    def run_charge(n: int) -> None:
        simulate_rolls(charge, n, KEY)

    def run_pursuit(n: int) -> None:
        pursue(10, 10, trials=n, seed=KEY)

    pursuit_dice = 10  # 5D6 flee + 5D6 pursuit
    rows = []
    rates = {}
    for threads in sorted({1, all_threads}):
        numba.set_num_threads(threads)
        rates["charge", threads] = bench_trials(run_charge, trials)
        rates["pursuit", threads] = bench_trials(run_pursuit, trials)

    rows.append(("project D6, 8192-face buffer, 1 thread", gen_small, "D6/s",
                 f"{gen_small / npy:6.1f} x numpy"))
    rows.append(("project D6, 1 MiB buffer, 1 thread", gen_big, "D6/s",
                 f"{gen_big / npy:6.1f} x numpy"))
    rows.append(("numpy Generator.integers(1, 7, uint8)", npy, "D6/s", f"{1.0:6.1f} x numpy"))
    for name, n_dice in (("charge vs flee (5D6)", charge_dice),
                         ("pursuit (5D6 v 5D6)", pursuit_dice)):
        for threads in sorted({1, all_threads}):
            r = rates[name.split()[0], threads]
            note = f"{r * n_dice / gen:6.2f} x generator D6/s ({n_dice} dice/trial)"
            if threads > 1:
                note += f", {r / rates[name.split()[0], 1]:.2f} x 1 thread"
            rows.append((f"{name}, {threads} thread{'s' if threads > 1 else ''}", r,
                         "trials/s", note))

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'rate':>12}  {'unit':<8}  ratio")
    for label, rate, unit, note in rows:
        print(f"{label:<{width}}  {rate:12.4g}  {unit:<8}  {note}")
    print()
    print(f"ns per D6: project {1e9 / gen:.3f}, numpy {1e9 / npy:.3f}; "
          f"numba threading layer: {numba.threading_layer()}; "
          f"load average (1 min) at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
