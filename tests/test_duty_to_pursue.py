"""Bretonia "Obligación de Perseguir": always pursue, 2D6 more, the highest kept.

MDNR Bretonia Guerra de Noveles (``MDNR_Bretonia_Guerra_de_Noveles_v1.cat``, e.g. "Caballeros
del reino", "Hombres de armas"): "Todas las unidades deben Perseguir. Cuando persiguen, lanza
2D6 adicionales en la tirada para perseguir y quédate los 8 dados más altos"
(``duty_to_pursue`` with ``must_pursue``, :mod:`odds.special_rules.bretonnia`).
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import pytest
from conftest import SHARED, assert_mc, cat, infantry, kinds

from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    S_HATRED,
    S_PURSUE_EXTRA,
    CombatOptions,
    SideOptions,
    build,
)

N = 200_000


def _kept_law(dice: int, keep: int) -> dict[int, float]:
    """The law of the ``keep`` highest of ``dice`` D6, over the multisets of faces."""
    law: dict[int, float] = {}
    for faces in itertools.combinations_with_replacement(range(1, 7), dice):
        ways = math.factorial(dice)
        for f in range(1, 7):
            ways //= math.factorial(faces.count(f))
        x = sum(sorted(faces)[dice - keep:])
        law[x] = law.get(x, 0.0) + ways * 6.0**-dice
    return law


def _p_caught(pursuit: dict[int, float], flee: dict[int, float]) -> float:
    """P(pursuit roll >= flee roll)."""
    return sum(px * py for x, px in pursuit.items() for y, py in flee.items() if x >= y)


@pytest.mark.parametrize(("M", "dice", "seed"), [(20, 8, 3701), (10, 5, 3702)])
def test_pursuit_keeps_the_highest(M, dice, seed):
    """Nobody wounds (S1 against T10); the winners' +5 static bonus breaks the Ld 2 losers,
    who flee 5D6.  The winners (M20: 8D6; on foot M10: 5D6) pursue rolling 2D6 more and
    keeping their 8 (or 5) highest: caught with P(that sum >= 5D6), worked out over the
    multisets of faces (RULES.md §4.1-§4.3)."""
    base = infantry("Caballeros del reino", 5, 5, S=1, T=10,
                    special=["must_pursue", "duty_to_pursue"])
    winners = base.replace(profile=dataclasses.replace(base.profile, M=M))
    losers = infantry("L", 5, 5, S=1, T=10, Ld=2)
    model = build(winners, losers, SideOptions(static_bonus=5),
                  options=CombatOptions(max_rounds=1, charger="none"))
    assert model.sides[0, S_PURSUE_EXTRA] == 2
    assert model.sides[0, S_HATRED] == 1  # must pursue: no test to hold back
    out = simulate(model, N, seed)
    assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N
    p = _p_caught(_kept_law(dice + 2, dice), _kept_law(5, 5))
    assert_mc(out["status"][1, CAUGHT] / N, p, N, what=f"caught, {dice}D6 pursuit")


def test_kept_law_is_a_law():
    """The worked-out law sums to 1, and keeping all the dice is the plain sum (5D6 mean 17.5,
    the 8 highest of 10D6 more than 8D6's 28)."""
    for dice, keep in ((10, 8), (7, 5), (5, 5)):
        assert abs(sum(_kept_law(dice, keep).values()) - 1) < 1e-12
    mean = sum(x * p for x, p in _kept_law(5, 5).items())
    assert abs(mean - 17.5) < 1e-12
    assert sum(x * p for x, p in _kept_law(10, 8).items()) > 28


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize("unit", ["Caballeros del reino", "Hombres de armas",
                                  "Caballeros a pie"])
def test_catalogue_units_have_the_rule(unit):
    """The Guerra de Noveles units read "Obligación de Perseguir" by its name."""
    c = cat("MDNR_Bretonia_Guerra_de_Noveles_v1.cat")
    assert c.unit(unit).has("duty_to_pursue") and c.unit(unit).has("must_pursue"), unit
    assert "Obligación de Perseguir" not in kinds(c, unit), unit
