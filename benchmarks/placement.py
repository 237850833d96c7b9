"""The combat kernels' speed against where their machine code lands in memory (issue 13).

Run ``python benchmarks/placement.py`` (about 25 s; ``--copies K``, default 8).

Processes running the same cached machine code of the combat kernel differ in speed
by up to a quarter (benchmarks/README.md, sessions 7, 11 and 12), each process
repeatable to about 2 %.  This script separates the code's placement from everything else
a process varies: in **one** process it loads the three combat kernels
(:func:`odds.combat.kernel.fight_chunk_plain`, :func:`~odds.combat.kernel.fight_chunk_core`
and :func:`~odds.combat.kernel.fight_chunk`) ``K`` times from numba's cache -- each load is a
new dispatcher of the same function, so the same machine code relocated into new memory --
and times, on one thread with each copy, rows (a) and (b) of ``bench_combat.py`` (plain
pairs), (s), the scenario of ``bench_scenario.py`` (on the core kernel, as
:func:`odds.combat.api.simulate` chooses), and (sg), the same scenario on the general kernel,
in two passes over the copies.  The data, the
stack, the thread and the Python process are the same for every copy; only the code's
address differs.  When a copy's two passes agree and the copies differ, the speed is a
property of where the code lands.

With ``--repage`` it keeps one copy at one address and, between measurements, moves its
machine code to new physical pages (Linux only: the code's mapping made writable, its bytes
kept, the pages dropped with ``madvise(MADV_DONTNEED)`` and written back, the mapping made
executable again): the virtual addresses stay, the physical pages change.

The median over the copies is a figure of the engine that does not depend on which placement
one process happened to get.  Printed with the ratios of the goals of issue 13: (a) over the
NumPy baseline (c) of ``bench_combat.py``, measured in the same run, and (s) over (b).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
import time
from unittest import mock

import numba
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from bench_combat import KEY, full_combat_model, numpy_round, reference_model
from bench_core import best_of, code_mapping, machine_info
from bench_scenario import SCENARIO, scenario_b

from odds._jit import lean
from odds.combat import api
from odds.combat.kernel import fight_chunk, fight_chunk_core, fight_chunk_plain


def copy_address(dispatcher) -> int:
    """Where ``dispatcher``'s one compiled version starts in memory.

    Asked right after the copy is loaded: every copy defines the same symbol, and LLVM's
    engine answers a lookup with the one loaded last (each copy's own entry point was
    resolved when it was loaded, so each runs its own code).
    """
    ((_sig, cres),) = dispatcher.overloads.items()
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)


def repage(address: int) -> None:
    """Move the code mapping holding ``address`` to new physical pages, in place (Linux)."""
    lo, hi, line = code_mapping(address)
    if line.split()[1] != "r-xp" or line.split()[4] != "0":
        raise RuntimeError(f"not an anonymous code mapping: {line}")
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mprotect.argtypes = libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t,
                                                      ctypes.c_int]
    read_write, read_exec, dont_need = 3, 5, 4  # PROT_READ|PROT_WRITE, ...|PROT_EXEC
    if libc.mprotect(lo, hi - lo, read_write):
        raise OSError(ctypes.get_errno(), "mprotect")
    code = ctypes.string_at(lo, hi - lo)
    if libc.madvise(lo, hi - lo, dont_need):
        raise OSError(ctypes.get_errno(), "madvise")
    ctypes.memmove(lo, code, hi - lo)  # the first write to each page allocates a new one
    if ctypes.string_at(lo, hi - lo) != code or libc.mprotect(lo, hi - lo, read_exec):
        raise RuntimeError("the code could not be written back")


def rate(copy, model, n: int, kernel: str = "auto") -> float:
    """Trials/s of ``model`` on one thread with ``copy`` (plain, core, general) of the kernels."""
    with (mock.patch.object(api, "fight_chunk_plain", copy[0]),
          mock.patch.object(api, "fight_chunk_core", copy[1]),
          mock.patch.object(api, "fight_chunk", copy[2])):
        return n / best_of(lambda: api.simulate(model, n, KEY, kernel=kernel), repeats=2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=8, help="loads of the kernels (2-64)")
    parser.add_argument("--repage", action="store_true",
                        help="one copy, its code moved to new physical pages between runs")
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    args = parser.parse_args()
    if not 2 <= args.copies <= 64:
        parser.error(f"--copies: between 2 and 64 (got {args.copies})")
    n_a = 500_000 if args.quick else 1_000_000
    n_b = 250_000 if args.quick else 500_000
    print("odds combat kernels: speed by code placement, one process")
    for line in machine_info():
        print(" ", line)
    numba.set_num_threads(1)
    rows = {"(a)": (reference_model(), n_a, "auto"),
            "(b)": (full_combat_model(), n_b, "auto"),
            "(s)": (scenario_b(), n_b // 2, "auto"),
            "(sg)": (scenario_b(), n_b // 2, "general")}
    first = (fight_chunk_plain, fight_chunk_core, fight_chunk)
    if args.repage:
        copies = [first] * args.copies
    else:
        copies = [first] + [tuple(lean(k.py_func) for k in first)
                            for _ in range(args.copies - 1)]
    addresses = []
    for copy in copies[:1] if args.repage else copies:  # load each from the cache
        for model, _n, kernel in (rows["(a)"], rows["(s)"], rows["(sg)"]):  # (a cold cache
            rate(copy, model, 1000, kernel)  # compiles the first)
        addresses.append(tuple(copy_address(d) for d in copy))
    if args.repage:
        addresses *= args.copies
    elif len(set(addresses)) != len(addresses):
        sys.exit("placement.py: two copies share an address; nothing to compare")

    def measure(copy) -> list[float]:
        return [rate(copy, m, n, kernel) for m, n, kernel in rows.values()]

    if args.repage:  # both passes on each placement, then new pages
        passes: list[list[list[float]]] = [[], []]
        for k in range(args.copies):
            if k:
                for address in addresses[0]:
                    repage(address)
            for p in passes:
                p.append(measure(first))
    else:  # pass 1 over every copy, then pass 2
        passes = [[measure(c) for c in copies] for _ in range(2)]
    rng = np.random.default_rng(KEY)
    numpy_round(1000, rng)
    n_np = 500_000
    rate_np = n_np / best_of(lambda: numpy_round(n_np, rng))

    what = "physical pages" if args.repage else "copies"
    print(f"\n(a), (b): plain-pair kernel; (s), (sg): the core and the general kernel on "
          f"{SCENARIO}.toml (the scenario of bench_scenario.py); M/s, pass 1 and 2")
    print(f"{'k':>3s} {'plain kernel at':>15s} {'core at':>15s} {'general at':>15s}  "
          + "  ".join(f"{row:>13s}" for row in rows))
    for k, (plain_at, core_at, general_at) in enumerate(addresses):
        cells = "  ".join(f"{passes[0][k][i] / 1e6:6.2f} {passes[1][k][i] / 1e6:6.2f}"
                          for i in range(len(rows)))
        print(f"{k:3d} {plain_at:#15x} {core_at:#15x} {general_at:#15x}  {cells}")
    best = {row: [max(p[k][i] for p in passes) for k in range(len(copies))]
            for i, row in enumerate(rows)}
    for row, b in best.items():
        print(f"{row} over {len(copies)} {what}: median {np.median(b) / 1e6:.2f} M/s, "
              f"range {min(b) / 1e6:.2f}-{max(b) / 1e6:.2f}")
    print(f"(a) median / NumPy (c) ({rate_np / 1e6:.2f} M/s in this run): "
          f"{np.median(best['(a)']) / rate_np:.2f}")
    print(f"(s) median / (b) median: {np.median(best['(s)']) / np.median(best['(b)']):.2f}; "
          f"(s) / (sg): {np.median(best['(s)']) / np.median(best['(sg)']):.2f}")
    print(f"load average (1 min) at end: {os.getloadavg()[0]:.2f}; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")


if __name__ == "__main__":
    main()
