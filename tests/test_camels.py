"""Mercenarios: Arabia "Camellos": camels cause fear in war beasts, cavalry and chariots.

MDNR_Mercenarios_Arabia.cat, entry "Jinetes de Camello", rule "Camellos": "Causan Miedo en
todas las miniaturas de tipo Bestia de guerra, Caballería y Carro" (the engine imports war
beasts as cavalry without a steed profile).
"""

from __future__ import annotations

import pytest
from conftest import assert_mc, cat, clean, infantry, needs_data

from odds.combat.api import charge_exact, simulate
from odds.combat.model import CAUGHT, ESCAPED, CombatOptions, SideOptions, build
from odds.units import Profile

ARABIA = "MDNR_Mercenarios_Arabia.cat"
CAMELS = "Jinetes de Camello"
TRIALS = 200_000


def _camels():
    return cat(ARABIA).unit(CAMELS)


def _enemy(troop_type: str):
    """Three models, 3 wide, Ld 7, that strike no blow (A0) and that nothing wounds (T10)."""
    return infantry("E", 3, 3, T=10, A=0, Ld=7).replace(troop_type=troop_type)


def _model(enemy, camels_charge: bool):
    """The camels (attacker, +2 static) against ``enemy``, one round; charging or not."""
    return build(_camels(), enemy, SideOptions(static_bonus=2), None,
                 CombatOptions(max_rounds=1, charger="attacker" if camels_charge else "none"))


@needs_data
def test_the_camel_riders_from_the_catalogue():
    """Spot check against the XML: "Jinete" HA3 HP3 F3 R3 H1 I3 A1 L7 on a "Camello", five
    at 12 points, with "Camellos" (``camels``, not fear of their own), nothing ignored."""
    u = _camels()
    assert (u.troop_type, u.models, u.points_per_model) == ("cavalry", 5, 12.0)
    assert u.profile == Profile(M=20, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)
    assert u.has("camels") and not u.causes_fear
    assert clean(cat(ARABIA), CAMELS)


@needs_data
@pytest.mark.parametrize(("troop_type", "fled"), [("cavalry", 15 / 36), ("chariot", 15 / 36),
                                                  ("infantry", 0.0)])
def test_fear_at_the_charge(troop_type, fled):
    """Charged by the camels (unit strength 10 against the enemy's smaller one), cavalry and
    chariots test fear on Ld 7 and flee when they fail (RULES.md §3.3): 15/36; infantry do
    not test."""
    enemy = _enemy(troop_type)
    if troop_type == "chariot":
        enemy = enemy.replace(models=1, files=1, unit_strength_override=4)
    model = _model(enemy, True)
    assert abs(charge_exact(model)["p_fled"] - fled) < 1e-12
    out = simulate(model, TRIALS, 5201)
    assert_mc(out["charge"][1] / TRIALS, fled, TRIALS, what=f"{troop_type} fled the camels")


@needs_data
@pytest.mark.parametrize(("troop_type", "broke"), [("cavalry", 1.0), ("infantry", 30 / 36)])
def test_fear_in_the_break_test(troop_type, broke):
    """No blow lands (the enemy A0, T10); the camels win by 2 (static) + 1 (unit strength 10
    against 6 or 3) = 3.  Cavalry fear them and, outnumbered, break at once (RULES.md §3.2);
    infantry test on Ld 7 - 3 = 4 and break with 30/36.  The camels do not charge here."""
    out = simulate(_model(_enemy(troop_type), False), TRIALS, 5202)
    fled = (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / TRIALS
    assert_mc(fled, broke, TRIALS, what=f"{troop_type} broke against the camels")
