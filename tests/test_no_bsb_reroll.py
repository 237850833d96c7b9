"""Bretonia "Escoria": the Brigands take no battle standard's re-roll and no General's Ld.

MDNR Bretonia (``MDNR_Bretonia_v5.cat``, ``MDNR_Bretonia_con_Personajes_Especiales_v1.cat``,
"Brigands") "Escoria": "Los Brigands NUNCA causan pánico en unidades amigas (¡ni siquiera en
los Campesinos!), no pueden usar el Liderazgo del General (ni de ningún personaje Caballero)
ni repetir desmoralización a causa del Estandarte de Batalla" (``no_bsb_reroll`` with
``independent`` and ``causes_no_panic``, :mod:`odds.special_rules.bretonnia`).
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_mc, cat, check_first_round_break, infantry, kinds

from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    S_BSB,
    S_GENERAL_LD,
    CombatOptions,
    SideOptions,
    build,
    build_units,
)
from odds.units import Profile

SCUM = ["causes_no_panic", "independent", "no_bsb_reroll"]


@pytest.mark.parametrize("rule", [True, False])
def test_no_battle_standard_or_general(rule):
    """Nobody wounds (S1 against T10); the enemy's +5 static bonus makes the Ld 8 unit lose
    by 5 and test on 3 (RULES.md §3.2): 3/36 to pass.  With the side's battle standard
    within 30 cm (re-roll, RULES.md §3.2) and a General of Ld 10 near, a plain unit tests on
    10 - 5 = 5 and re-rolls, breaking with (26/36)^2; the Brigands test on their own 3 and
    break with 33/36 (exact engine to 1e-12, kernel at z = 5)."""
    enemy = infantry("E", 5, 5, S=1, T=10)
    unit = infantry("Brigands", 5, 5, S=1, T=10, Ld=8, special=SCUM if rule else [])
    model = build(enemy, unit, SideOptions(static_bonus=5),
                  SideOptions(bsb=True, general_ld=10),
                  options=CombatOptions(max_rounds=1, charger="none"))
    assert model.sides[1, S_BSB] == (0 if rule else 1)
    assert model.sides[1, S_GENERAL_LD] == (0 if rule else 10)
    p = 33 / 36 if rule else (26 / 36) ** 2
    check_first_round_break(model, 1, p, 3811 + rule, f"breaks (rule {rule})")


@pytest.mark.parametrize("rule", [True, False])
def test_no_re_roll_for_a_bearer_in_the_unit(rule):
    """A battle standard bearer fighting in the unit (RULES.md §3.2: +1 for the standard,
    and a failed break test re-rolled): ten models and the bearer (US 11, Ld 7 both) against
    ten (both +1 rank, the unit +1 outnumbering, the enemy +6 static) lose by 4 and test on
    3: a plain unit breaks with (33/36)^2, the Brigands with 33/36 (kernel, z = 5)."""
    from odds.characters import Character
    from odds.combat.api import simulate

    bearer = Character(name="Portaestandarte", profile=Profile(M=10, WS=4, BS=4, S=1, T=10,
                                                               W=2, I=4, A=2, Ld=7),
                       battle_standard=True)
    unit = infantry("Brigands", 10, 5, S=1, T=10, special=SCUM if rule else [])
    enemy = infantry("E", 10, 5, S=1, T=10)
    model = build_units([unit, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, SideOptions(static_bonus=6)], CombatOptions(max_rounds=1),
                        characters=[(0, bearer)])
    out = simulate(model, 200_000, 3821 + rule)
    broke = (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / 200_000
    assert_mc(broke, 33 / 36 if rule else (33 / 36) ** 2, 200_000, what=f"rule {rule}")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_brigands_from_the_catalogues():
    """Spot check against the XML of ``MDNR_Bretonia_v5.cat`` "Brigands": the three flags of
    "Escoria", read by its name, not reported as ignored."""
    for book in ("MDNR_Bretonia_v5.cat", "MDNR_Bretonia_con_Personajes_Especiales_v1.cat"):
        c = cat(book)
        brigands = c.unit("Brigands")
        assert all(brigands.has(f) for f in SCUM), book
        assert "Escoria" not in kinds(c, "Brigands"), book
