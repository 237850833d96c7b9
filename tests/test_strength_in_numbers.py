"""Skaven "La fuerza radica en el número": Ld tests on Ld + the unit's rank bonus, at most 10.

MDNR Skaven (``MDNR_Skaven v4_5.cat``, rule "La fuerza radica en el número" of "Guerreros
del clan", "Alimañas", "Ratas lobo"...): "se considera que el Liderazgo de la unidad es igual
a su Liderazgo incrementado por su bonificador por filas (el mismo usado para calcular la
resolución de combate), hasta un máximo de 10 ... Una unidad que use el Liderazgo de un
personaje o General, se sumará el bonificador por filas a ese Liderazgo ... si es cargada por
el flanco por una unidad con PU 5+ deja de tener bonificador por filas"
(``strength_in_numbers``, :mod:`odds.special_rules.skaven_ogres`).

Exact counterparts: a break test passes with P(2D6 <= Ld - diff) (RULES.md §3.2), worked
by hand here and by the exact first round (:func:`conftest.check_first_round_break`); a
panic test with P(2D6 <= Ld) (§3.4); a terror test at the charge with P(2D6 <= Ld) (§3.3).
"""

from __future__ import annotations

import pytest
from conftest import (
    SHARED,
    assert_mc,
    cat,
    check_first_round_break,
    clean,
    infantry,
    kinds,
    panic_flee_rate,
)

from odds import dice
from odds.combat import CombatOptions, SideOptions, fight
from odds.combat.model import F_TARGET_LD, S_NUMBERS, build

N = 200_000
RULE = ("strength_in_numbers",)


def p_pass(ld: int) -> float:
    """P(2D6 <= ld)."""
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


def _round(skaven, *, bonus: int, face: str = "front", general: int = 0):
    """One round nobody can wound (S1 against T10): 20 winners in 5 files (ranks +3) with a
    static ``bonus`` against ``skaven``, the defender, charged on ``face``."""
    winners = infantry("W", 20, 5, S=1, T=10)
    return build(winners, skaven, SideOptions(static_bonus=bonus),
                 SideOptions(general_ld=general),
                 CombatOptions(max_rounds=1, charger="attacker", attacker_face=face,
                               charge_tests=False))


@pytest.mark.parametrize("rule", [True, False])
def test_break_test_adds_the_rank_bonus(rule):
    """20 Skaven in 5 files (ranks +3, as the winners') with Ld 6 lose by the winners' +3:
    they test on 6 + 3 - 3 = 6 (break 21/36), without the rule on 6 - 3 = 3 (break 33/36)."""
    skaven = infantry("Guerreros del clan", 20, 5, S=1, T=10, Ld=6,
                      special=RULE if rule else ())
    model = _round(skaven, bonus=3)
    assert model.sides[1, S_NUMBERS] == rule
    target = 6 + 3 - 3 if rule else 6 - 3
    check_first_round_break(model, 1, 1 - p_pass(target), 4101 + rule,
                            f"break (rule {rule})")


def test_ld_plus_ranks_is_at_most_ten():
    """Ld 8 + ranks 3 is 10, not 11: losing by 3 the unit tests on 7 (break 15/36)."""
    skaven = infantry("Alimañas", 20, 5, S=1, T=10, Ld=8, special=RULE)
    check_first_round_break(_round(skaven, bonus=3), 1, 1 - p_pass(7), 4103, "break at Ld 10")


def test_the_generals_ld_takes_the_rank_bonus_too():
    """Ld 4, its General's Ld 6 within 30 cm, 15 models in 5 files (ranks +2): it tests on
    6 + 2 = 8 less the margin (the winners' ranks +3, bonus +2 and outnumbering +1 against
    its ranks +2: 4), on 4 (break 30/36)."""
    skaven = infantry("Guerreros del clan", 15, 5, S=1, T=10, Ld=4, special=RULE)
    model = _round(skaven, bonus=2, general=6)
    check_first_round_break(model, 1, 1 - p_pass(4), 4104, "break on the General's Ld")


def test_a_flank_charge_of_unit_strength_five_cancels_the_bonus():
    """Charged in the flank by 20 winners, the Skaven have no rank bonus: with the winners'
    ranks +3, bonus 0 and flank +1 they lose by 4 and test on Ld 8 - 4 = 4 (break 30/36),
    not on 8 + 3 - 4."""
    skaven = infantry("Guerreros del clan", 20, 5, S=1, T=10, Ld=8, special=RULE)
    model = _round(skaven, bonus=0, face="flank")
    check_first_round_break(model, 1, 1 - p_pass(4), 4105, "break, ranks cancelled")


def test_panic_test_adds_the_rank_bonus():
    """X (5 models, Ld 2) and Y (15 Skaven in 5 files, ranks +2, Ld 5) face Z (5 models, +5):
    Z wins by 5 - 2 (side 0's ranks) - 1 (outnumbered) = 2.  X always breaks; Y flees unless
    it passes its break test on 5 + 2 - 2 = 5 and the panic test on 5 + 2 = 7
    (RULES.md §3.2, §3.4): P = 1 - 10/36 x 21/36; without the rule 1 - 3/36 x 10/36."""
    for rule, seed in ((True, 4106), (False, 4107)):
        x = infantry("X", 5, 5, S=1, T=10, Ld=2)
        y = infantry("Y", 15, 5, S=1, T=10, Ld=5, special=RULE if rule else ())
        z = infantry("Z", 5, 5, S=1, T=10)
        fled, _ = panic_flee_rate(x, y, z, seed)
        p = 1 - (p_pass(5) * p_pass(7) if rule else p_pass(3) * p_pass(5))
        assert_mc(fled, p, N, what=f"Y fled (rule {rule})")


def test_terror_test_at_the_charge_adds_the_rank_bonus():
    """A terror-causing charger: 20 Skaven in 5 files (ranks +3, Ld 5) test on 8 (flee
    10/36), a flank charge of unit strength 5+ leaves them Ld 5 (flee 26/36), and skirmishers
    claim no ranks (RULES.md §3.3)."""
    terror = infantry("T", 5, 5, S=1, T=10, special=("terror",))
    skaven = infantry("Guerreros del clan", 20, 5, S=1, T=10, Ld=5, special=RULE)
    front = build(terror, skaven, options=CombatOptions(max_rounds=1))
    flank = build(terror, skaven, options=CombatOptions(max_rounds=1, attacker_face="flank"))
    loose = build(terror, skaven.replace(special=(*RULE, "skirmishers")),
                  options=CombatOptions(max_rounds=1))
    assert (front.flags[F_TARGET_LD], flank.flags[F_TARGET_LD], loose.flags[F_TARGET_LD]) \
        == (8, 5, 5)
    r = fight(terror, skaven, trials=N, seed=4108, options=CombatOptions(max_rounds=1))
    ch = r.extra["charge"]
    assert ch["p_fled_exact"] == pytest.approx(1 - p_pass(8))
    assert_mc(ch["p_fled"], 1 - p_pass(8), N, what="fled at the charge")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_skaven_units_from_the_catalogue():
    """MDNR Skaven "Guerreros del clan", "Alimañas", "Ratas lobo": the rule is read by its
    name, and those entries import with nothing ignored or approximated."""
    for book in ("MDNR_Skaven v4_5.cat", "MDNR_Skaven_con_Personajes_Especiales_v1.cat"):
        c = cat(book)
        for name in ("Guerreros del clan", "Alimañas", "Ratas lobo"):
            assert c.unit(name).has("strength_in_numbers"), name
            assert "La fuerza radica en el número" not in kinds(c, name), name
            assert clean(c, name), name
