"""Orcos y Goblins "Estandarte de la Desolación": the unit and its characters are stubborn
while it carries its standard (``desolation_standard``, :mod:`odds.special_rules.skaven_ogres`).

MDNR ``MDNR_Orcos_y_Goblins_Machotez_de_Grimgor_v1.cat`` "Escolta de Grimgor (Sin Grimgor en
el Ejército)", rule "Estandarte de la Desolación": "La Guardia Personal (y Grimgor) son
Tozudos mientras porten el estandarte".  Exact counterpart: the break test passes with
P(2D6 <= Ld) for a stubborn unit, P(2D6 <= Ld - diff) otherwise (RULES.md §3.2), worked by
hand.
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_mc, cat, clean, infantry, kinds

from odds import dice
from odds.characters import Character
from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    S_STD_STUBBORN,
    CombatOptions,
    SideOptions,
    build_units,
)
from odds.units import Profile

N = 200_000


def p_pass(ld: int) -> float:
    """P(2D6 <= ld)."""
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


def _broke(rule: bool, standard: bool, stubborn: bool, seed: int) -> float:
    """Ten S1 T10 models in 5 files (Ld 6) and a Ld 9 character in them lose the only round to
    ten models in 5 files with a +6 static bonus (nobody can wound): 6 + 1 rank against 1 rank
    + 1 outnumbering (11 to 10) + 1 standard if carried.  Returns the share of trials the unit
    broke."""
    special = (["desolation_standard"] if rule else []) + (["stubborn"] if stubborn else [])
    guard = infantry("Escolta", 10, 5, S=1, T=10, Ld=6, special=special,
                     command={"standard": standard})
    boss = Character(name="Grimgor", profile=Profile(M=10, WS=4, BS=3, S=1, T=10, W=2, I=4,
                                                      A=1, Ld=9))
    enemy = infantry("E", 10, 5, S=1, T=10)
    model = build_units([guard, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, SideOptions(static_bonus=6)], CombatOptions(max_rounds=1),
                        characters=[(0, boss)])
    assert model.sides[0, S_STD_STUBBORN] == (rule and standard)
    out = simulate(model, N, seed)
    return float(out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / N


@pytest.mark.parametrize(("rule", "standard", "stubborn", "target", "seed"), [
    (True, True, False, 9, 4301),  # stubborn, the character's Ld 9 unmodified
    (False, True, False, 9 - 4, 4302),  # lost by 4: Ld 9 - 4
    (True, False, False, 9 - 5, 4303),  # no standard to carry: lost by 5, Ld 9 - 5
    (True, True, True, 9, 4304),  # already stubborn: the character's Ld counts unmodified
    (False, True, True, 6, 4305),  # stubborn alone: own Ld 6, or the character's 9 - 4
])
def test_stubborn_with_its_characters_while_it_carries_the_standard(rule, standard, stubborn,
                                                                     target, seed):
    """The unit breaks with 1 - P(2D6 <= target) (RULES.md §3.2)."""
    assert_mc(_broke(rule, standard, stubborn, seed), 1 - p_pass(target), N,
              what=f"broke (rule {rule}, standard {standard}, stubborn {stubborn})")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_grimgors_guard_from_the_catalogue():
    """Both Machotez de Grimgor guards carry the rule (either spelling), read not ignored."""
    c = cat("MDNR_Orcos_y_Goblins_Machotez_de_Grimgor_v1.cat")
    for name in ("Escolta de Grimgor (Sin Grimgor en el Ejército)",
                 "Escolta de Grimgor (Con Grimgor en el Ejército)"):
        assert c.unit(name).has("desolation_standard"), name
        assert not {"Estandarte de la Desolación", "Estandarte de la desolación"} \
            & set(kinds(c, name)), name
        assert clean(c, name), name
