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

Printed: trials (whole combats) per second for each, the ratio (b) / (a)
(issue 4's goal: at least 0.5), and the mean number of rounds each combat
lasts (a combat that ends in round 1 is cheaper than one that lasts five, so
the ratio is per combat, not per unit of work).

Until the engine simulates characters and challenges, ``scenario_model``
refuses (b); the script then times the same scenario with less in it (first
no challenges by units that have only a champion, then no challenges at all,
then no characters either) and says in its output what was left out.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numba
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from bench_core import best_of, machine_info

from odds.combat.api import simulate
from odds.combat.model import build
from odds.combat.multiple import scenario_model
from odds.emergence import example_path
from odds.scenario import CombatScenario, load_scenario
from odds.units import library_unit
from odds.validation import OddsInputError

KEY = 0x5CE7A410
SCENARIO = "combat_benchmark"


def reduced(scenario: CombatScenario, level: int) -> CombatScenario:
    """The benchmark scenario with less in it, for an engine that refuses the full one.

    ``level`` 1: units without characters (champions only) never challenge;
    2: no unit challenges; 3: also no characters.
    """
    def cut(su):
        if level == 1:
            return su if su.characters else su.replace(challenge="never")
        return su.replace(challenge="never", **({"characters": ()} if level == 3 else {}))

    sides = tuple(tuple(cut(su) for su in units) for units in scenario.sides)
    return scenario.replace(sides=sides, name=f"{scenario.name} [{LEVELS[level][1]}]")


LEVELS = (
    ("(b) heroes + flank charge", "as written", None),
    ("(b) heroes + flank, no champion challenges", "no challenges by champion-only units",
     "challenges issued by champion-only units"),
    ("(b) heroes + flank, no challenges", "no challenges", "challenges"),
    ("(b) flank charge, no heroes", "no characters, no challenges",
     "characters and challenges"),
)
"""(row label, scenario tag, what is not measured) for each fallback level."""


def scenario_b():
    """(model, label, what is missing or None, the engine's refusals) for benchmark (b).

    Tries the scenario as written, then each :func:`reduced` level in turn,
    until the engine accepts one.
    """
    scenario = load_scenario(str(example_path(SCENARIO)))
    refusals = []
    for level, (label, _, missing) in enumerate(LEVELS):
        sc = scenario if level == 0 else reduced(scenario, level)
        try:
            return scenario_model(sc), label, missing, refusals
        except OddsInputError as exc:
            refusals.append(f"{sc.name}: {exc}")
    raise SystemExit("the engine refused every form of the benchmark scenario:\n  "
                     + "\n  ".join(refusals))


def mean_rounds(sim: dict) -> float:
    """Mean rounds fought per combat, from the kernel's histogram of rounds."""
    h = sim["rounds"]
    return float((np.arange(h.size) * h).sum() / h.sum())


def rates(model, trials: int, threads: list[int]) -> tuple[dict[int, float], float]:
    """Trials/s with each thread count (best of 3) and the mean rounds per combat."""
    simulate(model, 2000, KEY)  # compile / load the kernel
    out = {}
    for n in threads:
        numba.set_num_threads(n)
        out[n] = trials / best_of(lambda: simulate(model, trials, KEY))
    sim = simulate(model, min(trials, 200_000), KEY)
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

    model_a = build(library_unit("empire_swordsmen"), library_unit("empire_halberdiers"))
    model_b, label_b, missing, refusals = scenario_b()
    full = missing is None
    print()
    if full:
        print("  (b) simulated as specified (characters and challenges included)")
    else:
        print("  NOTE: the engine does not simulate all of the benchmark scenario yet;"
              " scenario_model refused:")
        for why in refusals:
            print(f"        {why}")
        print(f"        (b) below is the same scenario WITHOUT {missing}"
              " (challenge policies set to 'never');")
        print("        that part of issue 4 §6 is NOT measured.")

    rate_a, rounds_a = rates(model_a, trials, threads)
    rate_b, rounds_b = rates(model_b, trials, threads)
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
    worst = min(rate_b[n] / rate_a[n] for n in threads)
    verdict = "meets" if worst >= 0.5 else "MISSES"
    per = ", ".join(f"{rate_b[n] / rate_a[n]:.2f} ({n} thr)" for n in threads)
    print(f"\n  ratio (b)/(a): {per}; lowest {worst:.2f} {verdict} the goal of 0.5"
          + ("" if full else f" (without {missing}: not the issue's measurement)"))
    print(f"  mean rounds per combat: (a) {rounds_a:.2f}, (b) {rounds_b:.2f}; "
          f"rounds/s ratio (b)/(a) with 1 thread: "
          f"{rate_b[1] * rounds_b / (rate_a[1] * rounds_a):.2f}")
    print(f"  load average (1 min) at end: {os.getloadavg()[0]:.2f}; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")


if __name__ == "__main__":
    main()
