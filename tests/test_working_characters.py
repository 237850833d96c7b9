"""The round-1 working with characters: a character and a champion hold front places.

RULES.md §1.2 (who fights: the models in base contact) and §1.9 (a character joined to a unit
stands in its front rank, taking a place of the rank and file): in five halberdiers' files
with their champion and an Empire captain, three rank-and-file halberdiers fight, as in the
kernel (``odds.combat.fighters.start_fighters``).
"""

from __future__ import annotations

import math

import numpy as np
from conftest import Z

from odds.characters import library_character
from odds.combat.api import simulate
from odds.combat.exact.working import bodies_first_round_working
from odds.combat.model import FRONT, CombatOptions, SideOptions, build_units
from odds.units.library import library_unit


def _model():
    """Charging halberdiers (20, five wide, full command) with a captain, against orc boyz
    (25, five wide, with their champion); no challenges, one round."""
    units = [library_unit("empire_halberdiers"), library_unit("orc_boyz")]
    return build_units(units, [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                       [SideOptions(), SideOptions()], options=CombatOptions(max_rounds=1),
                       characters=[(0, library_character("empire_captain"))],
                       challenge=["never", "never"])


def test_the_captain_and_the_champion_take_front_places():
    """Five files less the champion and the captain: 3 rank-and-file attacks (A1); the
    champion's 2 and the captain's 3 are rows of their own; the orcs' front is five less
    their champion: 4."""
    attacks = {(r["body"], r["group"]): r["attacks"] for r in bodies_first_round_working(_model())}
    assert attacks[(0, "rank_and_file")] == 3
    assert attacks[(0, "champion")] == 2
    assert attacks[(2, "rank_and_file")] == 3  # the captain, body 2
    assert attacks[(1, "rank_and_file")] == 4


def test_the_chargers_expected_wounds_are_the_kernels():
    """The chargers strike first (§1.2), so none of their fighters falls before striking: the
    wounds they cause in round 1 are the sum of independent attacks, each unsaved with the
    working's chance.  The kernel's mean agrees at z = 5 (the exact s.e. of that sum)."""
    model = _model()
    rows = [r for r in bodies_first_round_working(model) if r["side"] == "attacker"]
    mean = sum(r["unsaved"] for r in rows)
    var = sum(r["attacks"] * (r["unsaved"] / r["attacks"]) * (1 - r["unsaved"] / r["attacks"])
              for r in rows)
    trials = 200_000
    w = simulate(model, trials, 4011)["w1"][0]
    simulated = float((w * np.arange(w.size)).sum() / w.sum())
    score = (simulated - mean) / math.sqrt(var / trials)
    assert abs(score) <= Z, f"simulated {simulated:.5f} vs working {mean:.5f}: z = {score:.2f}"
