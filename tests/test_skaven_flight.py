"""Skaven "¡El que corre hoy, vive para luchar mañana!": 3 cm more to flee, none to pursue.

MDNR Skaven (``MDNR_Skaven v4_5.cat``, e.g. "Guerreros del clan"): "Todas las miniaturas de
tipo Skaven huyen +3cm adicionales. Ten en cuenta que es huida, no persecución"
(``flees_3cm_more``, :mod:`odds.special_rules.flight`).
"""

from __future__ import annotations

import itertools

import pytest
from conftest import SHARED, assert_mc, cat, infantry, kinds

from odds.combat.api import simulate
from odds.combat.model import CAUGHT, ESCAPED, S_FLEE_PLUS, CombatOptions, SideOptions, build

N = 200_000


def _five_d6() -> dict[int, float]:
    """The law of 5D6, worked out by enumerating the 6**5 rolls."""
    law: dict[int, float] = {}
    for roll in itertools.product(range(1, 7), repeat=5):
        law[sum(roll)] = law.get(sum(roll), 0.0) + 6.0**-5
    return law


def _p_caught(extra: int) -> float:
    """P(pursuit 5D6 >= flee 5D6 + ``extra``), the pursuer catching the fleeing unit."""
    law = _five_d6()
    return sum(px * py for x, px in law.items() for y, py in law.items() if x >= y + extra)


def test_skaven_flee_three_cm_further():
    """Nobody wounds (S1 against T10); the winner's +5 static bonus breaks the Ld 2 losers,
    who flee 5D6 (+3 cm with the rule) and are pursued 5D6 by the M10 winners: caught with
    P(5D6 >= 5D6 + 3) = 0.3240..., without the rule P(5D6 >= 5D6) = 0.5363...
    (RULES.md §4.1-§4.3)."""
    winners = infantry("W", 5, 5, S=1, T=10, special=["hatred"])
    for rule, seed in ((True, 361), (False, 362)):
        losers = infantry("Guerreros del clan", 5, 5, S=1, T=10, Ld=2,
                          special=["flees_3cm_more"] if rule else [])
        model = build(winners, losers, SideOptions(static_bonus=5),
                      options=CombatOptions(max_rounds=1, charger="none"))
        assert model.sides[1, S_FLEE_PLUS] == (3 if rule else 0)
        out = simulate(model, N, seed)
        assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N
        p = _p_caught(3 if rule else 0)
        assert_mc(out["status"][1, CAUGHT] / N, p, N, what=f"caught (rule {rule})")


def test_skaven_pursue_as_before():
    """The Skaven winning pursue with their plain 5D6 ("es huida, no persecución"): the
    Ld 2 losers they break are caught with P(5D6 >= 5D6)."""
    skaven = infantry("Guerreros del clan", 5, 5, S=1, T=10, special=["flees_3cm_more",
                                                                      "hatred"])
    losers = infantry("L", 5, 5, S=1, T=10, Ld=2)
    model = build(skaven, losers, SideOptions(static_bonus=5),
                  options=CombatOptions(max_rounds=1, charger="none"))
    out = simulate(model, N, 363)
    assert_mc(out["status"][1, CAUGHT] / N, _p_caught(0), N, what="caught by skaven")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_skaven_catalogue_units_have_the_rule():
    """MDNR Skaven "Guerreros del clan", "Alimañas", "Esclavos skaven": the rule is read
    by its name, not reported as ignored."""
    c = cat("MDNR_Skaven v4_5.cat")
    for name in ("Guerreros del clan", "Alimañas", "Esclavos skaven"):
        assert c.unit(name).has("flees_3cm_more"), name
        assert "¡El que corre hoy, vive para luchar mañana!" not in kinds(c, name), name
