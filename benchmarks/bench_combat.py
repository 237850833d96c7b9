"""Close-combat throughput (issue 3 §7), with its baselines measured in the same run.

Run ``python benchmarks/bench_combat.py`` (or ``--quick``).

(a) One round of the reference matchup: 10 attacks WS4 S3 against WS3 T3 with
    a 5+ save, answered by 8 attacks WS3 S3 against T3 with a 6+ save, static
    bonus +3 against +1, break test on Ld 7 (then flee and pursuit if broken).
    A charges and strikes first: each of its unsaved wounds slays a model of
    B that then does not strike back (RULES.md §1.2, revision 2), so B makes
    8 attacks less A's casualties.  The units are skirmishers only so that no
    rank bonus is added to the static one; outnumber (US after casualties)
    still applies.
(b) A full combat to resolution between two 20-model infantry units
    (Empire swordsmen charging Empire halberdiers), one thread and all threads.
(c) The round of (a) in NumPy, written as fast as we can: (dice, trials) ``uint8``
    rows in blocks of 65 536 trials, break, flee and pursuit dice only where needed.
(a0) The round of (a) with both units at A 0: no blows, only the engine's
    per-trial bookkeeping (fighters, strike steps, combat result, the
    defender's break test, flee and pursuit).  Its time per trial is a floor
    under (a)'s; printed as a ratio to (c) too, it says how far the general
    engine can get towards "(a) >= 2 x (c)" without a different design.

Ratios printed: (a) / (c), and (a)'s dice use: dice consumed per trial
(worked out exactly from the first-round probabilities) times trials/s,
over the project generator's raw D6/s measured in the same run.

One process measures the kernel at one placement of its machine code in physical
memory, which can move its speed by a quarter (``placement.py``: medians over
many placements in one process, the figures to compare versions by).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numba
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from bench_core import bench_fill, best_of, machine_info

from odds.combat import SideOptions
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.units import library_unit, unit_from_dict

KEY = 0xC0FFEE


def reference_units(attacks: int = 1):
    """The two units of matchup (a) (``attacks`` 0: those of (a0))."""
    def unit(name, files, ws, save):
        return unit_from_dict({
            "name": name, "troop_type": "infantry", "models": 40, "files": files,
            "profile": {"M": 10, "WS": ws, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3,
                        "A": attacks, "Ld": 7},
            "equipment": {"armour_save_override": save},
            "rules": {"special": ["skirmishers"]},
        })
    return unit("A", 10, 4, 6), unit("B", 8, 3, 5)


def reference_model(attacks: int = 1):
    a, b = reference_units(attacks)
    return build(a, b, SideOptions(static_bonus=3), SideOptions(static_bonus=1),
                 CombatOptions(charger="attacker", max_rounds=1))


def full_combat_model():
    """The model of (b): Empire swordsmen charging Empire halberdiers, to resolution."""
    return build(library_unit("empire_swordsmen"), library_unit("empire_halberdiers"))


def row_model(row: str):
    """The model of row ``row``: ``"a"``, ``"a0"`` or ``"b"``."""
    return {"a": reference_model, "a0": lambda: reference_model(0),
            "b": full_combat_model}[row]()


def dice_per_trial_a(model) -> float:
    """Expected dice one trial of (a) consumes, exactly."""
    ex = first_round_exact(model)["first_round"]
    attacker = 10 + 10 * (2 / 3) + 10 * (2 / 3) * (1 / 2)  # hit 3+, wound 4+, save rolled
    slain = 10 * (2 / 3) * (1 / 2) * (4 / 6)  # mean casualties of B before it strikes
    defender = (8 - slain) * (1 + 1 / 2 + 1 / 4)  # hit 4+, wound 4+, save rolled
    loser = 1 - ex["draw"]
    broken = ex["attacker_breaks"] + ex["defender_breaks"]
    return attacker + defender + 2 * loser + 10 * broken  # 2D6 break test; 5D6 flee + pursuit


NP_BLOCK = 65_536
"""Trials per block of the NumPy baseline: its arrays stay in the L2 cache."""


def numpy_round(n: int, rng: np.random.Generator) -> np.ndarray:
    """Baseline (c): the round of (a) in NumPy, as well as we can write it; outcome counts.

    Column-major: each roll is a row of ``uint8`` faces, one per trial, ``NP_BLOCK`` trials
    at a time, so every operation runs over contiguous bytes; the wounds are counted die by
    die into one ``uint8`` row.  Every attack's three dice are rolled (NumPy cannot skip a
    die without losing its vector form), but the break test is rolled only for a decided
    round and the flee and pursuit dice only for a broken unit, as the kernel does.
    """
    counts = np.zeros(6, np.int64)
    for lo in range(0, n, NP_BLOCK):
        counts += _numpy_block(min(NP_BLOCK, n - lo), rng)
    return counts


def _numpy_block(m: int, rng: np.random.Generator) -> np.ndarray:
    a = rng.integers(1, 7, size=(3, 10, m), dtype=np.uint8)  # (to hit | wound | save, die)
    a_w = np.zeros(m, np.uint8)
    for k in range(10):
        a_w += (a[0, k] >= 3) & (a[1, k] >= 4) & (a[2, k] < 5)
    d = rng.integers(1, 7, size=(3, 8, m), dtype=np.uint8)
    d_w = np.zeros(m, np.uint8)
    for k in range(8):  # B's k-th model strikes only if fewer than 8 - k of B were slain
        d_w += (d[0, k] >= 4) & (d[1, k] >= 4) & (d[2, k] < 6) & (a_w < 8 - k)
    a_w = a_w.astype(np.int16)
    d_w = d_w.astype(np.int16)
    us_a_more = d_w < a_w  # unit strength after casualties: 40 - d_w against 40 - a_w
    margin = (a_w + 3 + us_a_more) - (d_w + 1 + (a_w < d_w))
    decided = np.flatnonzero(margin)
    test = rng.integers(1, 7, size=(2, decided.size), dtype=np.uint8)
    broken = decided[(test[0] + test[1]) > 7 - np.abs(margin[decided])]
    flee = rng.integers(1, 7, size=(5, broken.size), dtype=np.uint8).sum(axis=0)
    chase = rng.integers(1, 7, size=(5, broken.size), dtype=np.uint8).sum(axis=0)
    lost = margin[broken]
    wins = int((margin > 0).sum())
    return np.array([wins, m - decided.size, decided.size - wins, (lost < 0).sum(),
                     (lost > 0).sum(), (chase >= flee).sum()])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    args = parser.parse_args()
    n_a = 2_000_000 if args.quick else 10_000_000
    n_b = 1_000_000 if args.quick else 8_000_000
    n_np = 200_000 if args.quick else 1_000_000

    print("odds combat benchmark")
    for line in machine_info():
        print(" ", line)
    threads = numba.get_num_threads()

    raw = bench_fill(8192, 1 << 28 if not args.quick else 1 << 26)

    model_a = reference_model()
    simulate(model_a, 1000, KEY)  # compile / load
    numba.set_num_threads(1)
    t_a1 = best_of(lambda: simulate(model_a, n_a, KEY))
    numba.set_num_threads(threads)
    t_an = best_of(lambda: simulate(model_a, n_a, KEY))
    model_a0 = reference_model(attacks=0)
    simulate(model_a0, 1000, KEY)
    numba.set_num_threads(1)
    t_a0 = best_of(lambda: simulate(model_a0, n_a, KEY))
    numba.set_num_threads(threads)
    model_b = full_combat_model()
    simulate(model_b, 1000, KEY)
    numba.set_num_threads(1)
    t_b1 = best_of(lambda: simulate(model_b, n_b, KEY))
    numba.set_num_threads(threads)
    t_bn = best_of(lambda: simulate(model_b, n_b, KEY))
    rng = np.random.default_rng(KEY)
    numpy_round(1000, rng)
    t_np = best_of(lambda: numpy_round(n_np, rng))

    dice = dice_per_trial_a(model_a)
    rate_a1, rate_an = n_a / t_a1, n_a / t_an
    rate_np = n_np / t_np
    rows = [
        ("raw project D6 (8192 buffer), 1 thread", raw, "D6/s", ""),
        ("(a) reference round, 1 thread", rate_a1, "trials/s",
         f"{rate_a1 / rate_np:6.1f} x numpy (c); dice use {dice * rate_a1 / raw:5.1%} of raw D6/s"),
        (f"(a) reference round, {threads} threads", rate_an, "trials/s",
         f"{rate_an / rate_np:6.1f} x numpy (c)"),
        ("(a0) its bookkeeping alone (A 0), 1 thread", n_a / t_a0, "trials/s",
         f"{n_a / t_a0 / rate_np:6.1f} x numpy (c)"),
        ("(b) 20 v 20 full combat, 1 thread", n_b / t_b1, "combats/s", ""),
        (f"(b) 20 v 20 full combat, {threads} threads", n_b / t_bn, "combats/s",
         f"{t_b1 / t_bn:4.2f} x 1 thread"),
        ("(c) numpy, uint8 (dice, trials) blocks", rate_np, "trials/s", "1.0 x numpy (c)"),
    ]
    print(f"\n  (a) consumes {dice:.2f} dice per trial on average (exact)")
    print(f"\n{'measure':45s} {'rate':>11s}  {'unit':10s} ratio")
    for name, rate, unit, ratio in rows:
        print(f"{name:45s} {rate:11.3e}  {unit:10s} {ratio}")
    # cross-check: the baseline and the kernel answer the same question
    sim = simulate(model_a, n_np, KEY)
    counts = numpy_round(n_np, rng)
    print("\n  check (a): P(attacker wins round, draw, defender wins): kernel "
          f"{np.round(sim['round_res'][0] / n_np, 4)}, numpy {np.round(counts[:3] / n_np, 4)}")
    print(f"  load average (1 min) at end: {os.getloadavg()[0]:.2f}; "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}")


if __name__ == "__main__":
    main()
