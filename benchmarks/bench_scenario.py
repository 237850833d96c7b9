"""Scenario throughput (issue 4 §6): heroes and a flank charge against the plain two-unit combat.

Run ``python benchmarks/bench_scenario.py`` (or ``--quick``).

Both measured in the same run, each with one numba thread and with all of them,
as the best of 3 timed repeats after a warm-up call that compiles the kernel:

(a) The plain two-unit full combat: 20 Empire swordsmen charging 20 Empire
    halberdiers, fought to resolution (``odds.combat.model.build`` +
    ``odds.combat.api.simulate``), the same as row (b) of ``bench_combat.py``.
(b) The issue-4 benchmark scenario ``odds/examples/combat_benchmark.toml``:
    swordsmen led by a Captain charge orc boyz led by a Big Boss in the front
    while Empire knights charge their flank; challenges always issued
    (``odds.combat.multiple.scenario_model`` + ``odds.combat.api.simulate``).

Printed: trials (whole combats) per second for each, the ratio (b) / (a);
(a) once more on the kernel that (b) runs on (``simulate(..., kernel="core")``, or
``"general"`` for a scenario with a rule :func:`odds.combat.model.core_rules` excludes; (a)
itself runs on the plain-pair kernel, :func:`odds.combat.model.plain_pair`, which no combat
with characters or a third unit can use), and (b) over that: the scenario's cost on one
kernel, which the goal of issues 4 and 13 (at least 0.5) is judged on
(``benchmarks/README.md`` says why); and the mean number of rounds each combat lasts (a
combat that ends in round 1 is cheaper than one that lasts five, so the ratio is per combat,
not per unit of work).

The champions of the swordsmen and the boyz (front to front, a challenge is
possible) are bodies of their own, so (b) has 3 units, 2 characters and 2
champions (the knights' champion, on the flank, stays in its unit).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numba
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from bench_combat import full_combat_model
from bench_core import best_of, machine_info

from odds.combat.api import simulate
from odds.combat.model import core_rules
from odds.combat.multiple import scenario_model
from odds.emergence import example_path
from odds.scenario import load_scenario

KEY = 0x5CE7A410
SCENARIO = "combat_benchmark"


def scenario_b():
    """The kernel model of benchmark (b), the scenario as written."""
    return scenario_model(load_scenario(str(example_path(SCENARIO))))


def mean_rounds(sim: dict) -> float:
    """Mean rounds fought per combat, from the kernel's histogram of rounds."""
    h = sim["rounds"]
    return float((np.arange(h.size) * h).sum() / h.sum())


def rates(model, trials: int, threads: list[int],
          kernel: str = "auto") -> tuple[dict[int, float], float]:
    """Trials/s with each thread count (best of 3) and the mean rounds per combat."""
    simulate(model, 2000, KEY, kernel=kernel)  # compile / load the kernel
    out = {}
    for n in threads:
        numba.set_num_threads(n)
        out[n] = trials / best_of(lambda: simulate(model, trials, KEY, kernel=kernel))
    sim = simulate(model, min(trials, 200_000), KEY, kernel=kernel)
    return out, mean_rounds(sim)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (a few seconds)")
    args = parser.parse_args()
    trials = 500_000 if args.quick else 4_000_000

    all_threads = numba.config.NUMBA_NUM_THREADS
    threads = sorted({1, all_threads})
    print("odds scenario benchmark" + (" (--quick)" if args.quick else ""))
    for line in machine_info():
        print(" ", line)
    print(f"  best of 3 repeats; {trials:,} combats per run")

    model_a = full_combat_model()
    model_b = scenario_b()
    label_b = "(b) heroes, champions + flank charge"
    print(f"\n  (b) bodies: {', '.join(model_b.names)}")

    rate_a, rounds_a = rates(model_a, trials, threads)
    rate_b, rounds_b = rates(model_b, trials, threads)
    kernel_b = "core" if core_rules(model_b) else "general"
    rate_g, _ = rates(model_a, trials, threads, kernel=kernel_b)
    numba.set_num_threads(all_threads)

    rows = []
    for n in threads:
        t = f"{n} thread{'s' if n > 1 else ''}"
        note_a = f"{rate_a[n] / rate_a[1]:4.2f} x 1 thread" if n > 1 else ""
        note_b = f"{rate_b[n] / rate_a[n]:5.2f} x (a) with {t}"
        if n > 1:
            note_b += f"; {rate_b[n] / rate_b[1]:4.2f} x 1 thread"
        rows.append((f"(a) 20 v 20 two-unit full combat, {t}", rate_a[n], note_a))
        rows.append((f"{label_b}, {t}", rate_b[n], note_b))
    width = max(len(r[0]) for r in rows)
    print(f"\n{'measure':{width}s} {'combats/s':>11s}  ratio")
    for label, rate, note in rows:
        print(f"{label:{width}s} {rate:11.3e}  {note}")
    per_plain = ", ".join(f"{rate_b[n] / rate_a[n]:.2f} ({n} thr)" for n in threads)
    print(f"\n  ratio (b)/(a), (a) on its plain-pair kernel: {per_plain}")
    per_g = ", ".join(f"{rate_g[n]:.3e} combats/s, {rate_g[n] / rate_a[n]:.2f} x (a) ({n} thr)"
                      for n in threads)
    print(f"  (a) on the {kernel_b} kernel (the scenario's): {per_g}")
    worst = min(rate_b[n] / rate_g[n] for n in threads)
    verdict = "meets" if worst >= 0.5 else "MISSES"
    per_same = ", ".join(f"{rate_b[n] / rate_g[n]:.2f} ({n} thr)" for n in threads)
    print(f"  ratio (b)/(a), both on the {kernel_b} kernel: {per_same}; lowest {worst:.2f} "
          f"{verdict} the goal of 0.5 (issues 4 and 13: the scenario's cost on the kernel it "
          "runs on)")
    print(f"  mean rounds per combat: (a) {rounds_a:.2f}, (b) {rounds_b:.2f}; "
          f"rounds/s ratio (b)/(a) with 1 thread: "
          f"{rate_b[1] * rounds_b / (rate_a[1] * rounds_a):.2f}")
    print(f"  load average (1 min) at end: {os.getloadavg()[0]:.2f}; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")


if __name__ == "__main__":
    main()
