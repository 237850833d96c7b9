"""Bretonia "Impetuosos" (Caballeros noveles): immune to psychology through the turn they
charge (``impetuous``).

MDNR Bretonia (``MDNR_Bretonia_v5.cat`` and the four other Bretonian catalogues, "Caballeros
noveles"): "siempre que cargan, ellos y cualquier personaje que se les haya unido son inmunes
a psicología hasta el final de turno ... No deberían, por tanto, efectuar un chequeo de miedo
para cargar".  Exact counterparts: a Ld test is P(2D6 <= Ld); a unit that loses to more
fear-causing unit strength breaks without a test (RULES.md §3.2 step 3).
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_mc, cat, cavalry, clean, infantry

from odds import dice
from odds.combat import fight
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import FIGHTING, FLANK, FRONT, CombatOptions, build, build_units

N = 100_000
BOOKS = ("MDNR_Bretonia_v5.cat", "MDNR_Bretonia_Partida_de_Caza_v1.cat",
         "MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat",
         "MDNR_Bretonia_con_Personajes_Especiales_v1.cat",
         "MDNR_Bretonia_Guerra_de_Noveles_v1.cat")


def p_pass(ld: int) -> float:
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


def knights(*special: str):
    """Five Ld7 cavalry (US 10) that strike no blow and take no wound (T10 W10, A0)."""
    return cavalry("Noveles", 5, 5, A=0, mount_A=0, T=10, W=10, special=special)


def dead():
    """Twenty fear-causing T10 infantry, 5 wide (rank bonus +3, US 20), no blows."""
    return infantry("Muertos", 20, 5, A=0, T=10, special=["fear", "immune_to_psychology"])


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize("book", BOOKS)
def test_young_knights_from_the_catalogues(book):
    """"Caballeros noveles" carry ``impetuous``; "Impetuosos" is no longer reported.  Spot check
    against the v5 XML: "Caballero novel" HA3 F3 R3 H1 I3 A1 L7, lance, heavy armour and
    shield, 20 points."""
    c = cat(book)
    u = c.unit("Caballeros noveles")
    assert u.has("impetuous") and u.has("lance_formation")
    assert "Impetuosos" not in {i.item for i in c.report.for_unit("Caballeros noveles")}
    if book == BOOKS[0]:
        assert clean(c, "Caballeros noveles")
        assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A,
                u.profile.Ld) == (3, 3, 3, 1, 3, 1, 7)
        assert (u.equipment.weapon, u.equipment.armour, u.equipment.shield) == (
            "lance", "heavy", True)
        assert u.points_per_model == 20


def test_no_fear_test_to_charge():
    """Charging a fear-causer, the impetuous knights take no test (never refused); without the
    rule they refuse on a failed Ld 7 test, 15/36 (RULES.md §3.3)."""
    r = fight(knights("impetuous"), dead(), trials=N, seed=4101, max_rounds=1)
    assert r.extra["charge"]["p_refused"] == 0
    r = fight(knights(), dead(), trials=N, seed=4102, max_rounds=1)
    assert_mc(r.extra["charge"]["p_refused"], 1 - p_pass(7), N, what="refused without the rule")


def test_no_fear_break_in_the_charge_round_only():
    """The knights lose every round by 4 (ranks +3, outnumbering +1; no wounds).  Round 1, their
    charge turn: a break test on Ld 7 - 4 = 3 (breaks 33/36), not the fear auto-break of US 10
    against 20.  Round 2, the enemy's turn: immune no more, they break without a test.  The
    exact first round agrees."""
    opts = CombatOptions(max_rounds=2, charge_tests=False)
    model = build(knights("impetuous"), dead(), options=opts)
    first = first_round_exact(model)["first_round"]
    assert first["attacker_breaks"] == pytest.approx(1 - p_pass(3), abs=1e-12)
    out = simulate(model, N, 4103)
    assert_mc(out["breaks"][0, 0] / N, 1 - p_pass(3), N, what="round 1 breaks")
    assert_mc(out["breaks"][1, 0] / N, p_pass(3), N, what="round 2 fear breaks")
    plain = build(knights(), dead(), options=opts)
    assert first_round_exact(plain)["first_round"]["attacker_breaks"] == 1.0
    assert simulate(plain, 2_000, 4104)["breaks"][0, 0] == 2_000


def test_charged_impetuous_knights_keep_their_psychology():
    """Charged by the fear-causers, the knights are not charging: the fear auto-break stands in
    round 1."""
    opts = CombatOptions(max_rounds=1, charge_tests=False, charger="defender")
    model = build(knights("impetuous"), dead(), options=opts)
    assert first_round_exact(model)["first_round"]["attacker_breaks"] == 1.0
    assert simulate(model, 2_000, 4105)["breaks"][0, 0] == 2_000


def test_no_panic_test_in_the_charge_round():
    """The knights and four Ld 2 friends (US 4: no flank bonus) charge twenty infantry (ranks
    +3, outnumbering +1): their side loses by 4.  The friends always break (Ld 2 - 4); the
    knights hold their break test on Ld 3 (3/36), then, held, would test panic for the
    fleeing friends on Ld 7 (RULES.md §3.4): impetuous, they take none and still fight with
    3/36; without the rule, 3/36 x 21/36."""
    for special, still, seed in ((("impetuous",), p_pass(3), 4106),
                                 ((), p_pass(3) * p_pass(7), 4107)):
        model = build_units(
            [knights(*special), infantry("Amigos", 4, 4, A=0, T=10, Ld=2),
             infantry("Enemigos", 20, 5, A=0, T=10)],
            [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FLANK)], [True, True, False],
            [None, None, None], CombatOptions(max_rounds=1, charge_tests=False))
        out = simulate(model, N, seed)
        assert out["breaks"][0, 1] == N  # the friends break every time
        assert_mc(out["status"][0, FIGHTING] / N, still, N, what=f"knights fighting {special}")
