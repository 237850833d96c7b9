"""The combat kernel's speed against where its machine code lands in memory (issue 13).

Run ``python benchmarks/placement.py`` (about 30 s; ``--copies K``, default 8).

Processes running the same cached machine code of the combat kernel differ in speed
by up to a quarter (benchmarks/README.md, sessions 7, 11 and 12), each process
repeatable to about 2 %.  This script separates the code's placement from everything else
a process varies: in **one** process it loads the plain-pair kernel
(:func:`odds.combat.kernel.fight_chunk_plain`) ``K`` times from numba's cache -- each load
is a new dispatcher of the same function, so the same machine code relocated into new
memory -- and times rows (a) and (b) of ``bench_combat.py`` on one thread with each copy,
twice over, in the same order.  The data, the stack, the thread and the Python process are
the same for every copy; only the code's address differs.  When a copy's two passes agree
and the copies differ, the speed is a property of where the code lands.

The median over the copies is a figure of the engine that does not depend on which placement
one process happened to get; the NumPy baseline (c) of ``bench_combat.py`` is measured in
the same run for the ratio.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from unittest import mock

import numba
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from bench_combat import KEY, numpy_round, reference_model
from bench_core import best_of, machine_info

from odds._jit import lean
from odds.combat import api
from odds.combat.kernel import fight_chunk_plain
from odds.combat.model import build
from odds.units import library_unit


def copy_address(dispatcher) -> int:
    """Where ``dispatcher``'s one compiled version starts in memory.

    Asked right after the copy is loaded: every copy defines the same symbol, and LLVM's
    engine answers a lookup with the one loaded last (each copy's own entry point was
    resolved when it was loaded, so each runs its own code).
    """
    ((_sig, cres),) = dispatcher.overloads.items()
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)


def rate(copy, model, n: int) -> float:
    """Trials/s of ``model`` on one thread with kernel ``copy`` (best of 2)."""
    with mock.patch.object(api, "fight_chunk_plain", copy):
        return n / best_of(lambda: api.simulate(model, n, KEY), repeats=2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=8, help="loads of the kernel (2-64)")
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    args = parser.parse_args()
    if not 2 <= args.copies <= 64:
        parser.error(f"--copies: between 2 and 64 (got {args.copies})")
    n_a = 500_000 if args.quick else 1_000_000
    n_b = 250_000 if args.quick else 500_000
    print("odds combat kernel: speed by code placement, one process")
    for line in machine_info():
        print(" ", line)
    numba.set_num_threads(1)
    model_a = reference_model()
    model_b = build(library_unit("empire_swordsmen"), library_unit("empire_halberdiers"))
    copies = [fight_chunk_plain] + [lean(fight_chunk_plain.py_func)
                                    for _ in range(args.copies - 1)]
    addresses = []
    for copy in copies:  # load each from the cache (a cold cache compiles the first)
        with mock.patch.object(api, "fight_chunk_plain", copy):
            api.simulate(model_a, 1000, KEY)
        addresses.append(copy_address(copy))
    if len(set(addresses)) != len(addresses):
        sys.exit("placement.py: two copies share an address; nothing to compare")
    passes = [[(rate(c, model_a, n_a), rate(c, model_b, n_b)) for c in copies]
              for _ in range(2)]
    rng = np.random.default_rng(KEY)
    numpy_round(1000, rng)
    n_np = 500_000
    rate_np = n_np / best_of(lambda: numpy_round(n_np, rng))

    print(f"\n{'copy':>4s} {'address':>16s}  {'(a) M/s, pass 1, 2':>19s}  "
          f"{'(b) M/s, pass 1, 2':>19s}")
    for k, addr in enumerate(addresses):
        (a1, b1), (a2, b2) = (np.array(p[k]) / 1e6 for p in passes)
        print(f"{k:4d} {addr:#16x}  {a1:9.2f} {a2:9.2f}  {b1:9.2f} {b2:9.2f}")
    best_a = [max(p[k][0] for p in passes) for k in range(len(copies))]
    best_b = [max(p[k][1] for p in passes) for k in range(len(copies))]
    for row, best in (("(a)", best_a), ("(b)", best_b)):
        print(f"\n{row} over {len(copies)} copies: median {np.median(best) / 1e6:.2f} M/s, "
              f"range {min(best) / 1e6:.2f}-{max(best) / 1e6:.2f}")
    print(f"(a) median / NumPy (c) ({rate_np / 1e6:.2f} M/s in this run): "
          f"{np.median(best_a) / rate_np:.2f}")
    print(f"load average (1 min) at end: {os.getloadavg()[0]:.2f}; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")


if __name__ == "__main__":
    main()
