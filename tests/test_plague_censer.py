"""Skaven "Incensario de plaga": the censers' T tests at the start of each close-combat round.

The rule's text is the catalogue's weapon profile (../shared/battlescribe/MDNR_Skaven v4_5.cat,
shared profile "Incensario de plaga", taken by the entry "Portadores del incensario (requieren
monjes de plaga)"); the kernel is checked against binomial laws worked out by hand at z = 5
with a fixed seed (the exact first round refuses the rule).
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_distribution,
    assert_mc,
    binomial,
    cat,
    clean,
    first_round_shares,
    infantry,
    needs_data,
)

from odds.characters import Character
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import FRONT, CombatOptions, build, build_units
from odds.combat.model.layout import RES_DRAW, RES_WON0, RES_WON1, S_CENSER
from odds.units import Profile

N = 200_000
ENTRY = "Portadores del incensario (requieren monjes de plaga)"
ONE_ROUND = CombatOptions(max_rounds=1, charger="none")


def _bearers(**kw):
    """Five censer bearers, five wide, with no blows of their own (only the fumes act)."""
    return infantry("Portadores", 5, 5, T=4, A=0, special=["plague_censer"], **kw)


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Skaven v4_5.cat",
                                  "MDNR_Skaven_con_Personajes_Especiales_v1.cat"])
def test_the_censer_bearers_import_their_weapon(book):
    """``MDNR_Skaven v4_5.cat`` "Portadores del incensario (requieren monjes de plaga)", weapon
    "Incensario de plaga": "Fuerza: La del usuario +2 el primer turno de combate ... Se
    considera un Mayal. Ataques mágicos" and the fumes: a flail (RULES.md §1.7), magic attacks
    and the censer's rule; the entry imports with nothing ignored or approximated."""
    c = cat(book)
    unit = c.unit(ENTRY)
    assert unit.equipment.weapon == "flail"
    assert unit.has("magic_attacks") and unit.has("plague_censer")
    assert clean(c, ENTRY)


def test_the_enemy_in_contact_tests_toughness_and_the_bearers_fail_on_sixes():
    """"Incensario de plaga": "todas las miniaturas amigas y enemigas en contacto peana con
    peana con uno o más Incensarios de Plaga al inicio de cada fase de combate cuerpo a cuerpo
    deberán realizar un chequeo de Resistencia; aquellas miniaturas que lo fallen, sufrirán una
    herida que Anula armaduras ... En el caso de una unidad de cinco Portadores de Incensario
    trabada con cinco enemigos, los cinco enemigos harán chequeo de Resistencia y los cinco
    Portadores a 6+" (RULES.md characteristic tests: a D6 above the characteristic fails).

    Five bearers face ten T3 enemies five wide with a 3+ armour save (annulled),
    neither with a blow: the five enemies touching them fail on 4+, so the bearers' side scores
    Binomial(5, 1/2) in the first round; the five bearers fail on a 6 only, the enemy scoring
    Binomial(5, 1/6) (their own casualties count for the enemy)."""
    enemy = infantry("Enemigos", 10, 5, T=3, A=0, save=3)
    model = build(_bearers(), enemy, options=ONE_ROUND)
    assert model.sides[0, S_CENSER] == 1 and model.sides[1, S_CENSER] == 0
    assert first_round_exact(model) is None
    out = simulate(model, N, 4471)
    assert_distribution(first_round_shares(out, 0, N), binomial(5, 1 / 2), N,
                        what="enemy fails on 4+")
    assert_distribution(first_round_shares(out, 1, N), binomial(5, 1 / 6), N,
                        what="bearers fail on 6")


def test_option_only_the_front_rank_of_bearers_tests():
    """"Incensario de plaga": "todas las miniaturas amigas ... en contacto peana con peana con
    uno o más Incensarios de Plaga ... deberán realizar un chequeo de Resistencia"; the text's
    example has all five bearers of a one-rank unit test (Default: every bearer).  Option
    ``plague_censer_front``: only the front rank's bearers, read as those touching the enemy.

    Ten bearers five wide against ten T10 enemies five wide, neither with a blow: the enemy
    scores the bearers' 6s, Binomial(10, 1/6) by Default and Binomial(5, 1/6) with the
    Option; the bearers' side scores the enemy's 6s, Binomial(5, 1/6) either way."""
    enemy = infantry("Enemigos", 10, 5, T=10, A=0)
    for special, bearers in ((["plague_censer"], 10),
                             (["plague_censer", "plague_censer_front"], 5)):
        unit = infantry("Portadores", 10, 5, T=4, A=0, special=special)
        model = build(unit, enemy, options=ONE_ROUND)
        assert model.sides[0, S_CENSER] == (2 if bearers == 5 else 1)
        out = simulate(model, N, 4476)
        assert_distribution(first_round_shares(out, 1, N), binomial(bearers, 1 / 6), N,
                            what=f"{bearers} bearers fail on 6")
        assert_distribution(first_round_shares(out, 0, N), binomial(5, 1 / 6), N,
                            what="five enemies fail on 6")


def test_a_ward_save_still_stands_and_a_six_always_fails():
    """"Incensario de plaga": "sufrirán una herida que Anula armaduras" (armour only: a ward
    save is still rolled, RULES.md §1.5); a T10 enemy still fails on a 6 (RULES.md
    characteristic tests).  Ten T10 enemies with a 4+ ward: the five touching the bearers each
    lose a wound with 1/6 x 1/2 = 1/12, Binomial(5, 1/12).  The bearers strike here (S1 blows
    cannot wound T10, RULES.md §1.4), so that the ward save of their attack row is read."""
    enemy = infantry("Enemigos", 10, 5, T=10, A=0).replace(ward_save=4)
    model = build(_bearers().replace(profile=_bearers().profile.replace(A=1, S=1)), enemy,
                  options=ONE_ROUND)
    out = simulate(model, N, 4472)
    assert_distribution(first_round_shares(out, 0, N), binomial(5, 1 / 12), N,
                        what="a 6 fails, the ward saves half")


def test_the_bearers_own_casualties_count_for_the_enemy():
    """"Incensario de plaga": "para el combate se consideran bajas recibidas, no bajas
    causadas, así que los Skaven propios que mueran por el Incensario de Plaga son puntos de
    resolución de combate a favor del enemigo" (RULES.md §2 combat result).

    Five bearers against five T10 enemies in one rank, neither with a blow nor any bonus: the
    bearers' side scores X ~ Binomial(5, 1/6) (the enemy's 6s), the enemy's Y ~ Binomial(5,
    1/6) (the bearers' 6s), so the bearers win the round with P(X > Y), draw with
    P(X = Y) and lose with P(X < Y) = P(X > Y)."""
    enemy = infantry("Enemigos", 5, 5, T=10, A=0)
    model = build(_bearers(), enemy, options=ONE_ROUND)
    law = binomial(5, 1 / 6)
    draw = sum(q * q for q in law)
    win = (1 - draw) / 2
    out = simulate(model, N, 4473)
    res = out["round_res"][0]
    assert_mc(res[RES_WON0] / N, win, N, what="bearers win")
    assert_mc(res[RES_DRAW] / N, draw, N, what="draw")
    assert_mc(res[RES_WON1] / N, win, N, what="enemy wins")


def test_casualties_of_the_fumes_strike_no_blow():
    """"Incensario de plaga": "Dichas heridas se resuelven antes de los impactos por carga ...
    Las bajas provocadas por dichas heridas no podrán atacar en ese combate" (RULES.md §1.2).

    One T1 model (it fails its test on 2+) with one S10 automatic-hitting blow (WS10 against
    WS1 hits on 3+) faces the bearers: it strikes only if it rolls a 1 on its test (1/6), then
    hits on 3+ (2/3) and wounds a T4 bearer on 2+ (5/6).  The enemy's score is its blow's wound
    plus the bearers' own 6s (the lone model touches one bearer, but all five test, the
    Default): Binomial(5, 1/6) + Bernoulli(1/6 x 2/3 x 5/6)."""
    lone = infantry("Solo", 1, 1, WS=10, S=10, T=1, A=1)
    model = build(_bearers(WS=1), lone, options=ONE_ROUND)
    blow = 1 / 6 * 2 / 3 * 5 / 6
    six = binomial(5, 1 / 6)
    law = [0.0] * 7
    for k, q in enumerate(six):
        law[k] += q * (1 - blow)
        law[k + 1] += q * blow
    out = simulate(model, N, 4474)
    assert_distribution(first_round_shares(out, 1, N), law, N, what="enemy's score")


def test_a_priest_with_a_censer_fumes_three_enemies_and_five_monks():
    """"Incensario de plaga": "un Sacerdote de Plaga con incensario en una unidad de Monjes de
    Plaga, y en contacto peana con peana con tres enemigos, los tres enemigos deberían hacer el
    chequeo de Resistencia, mientras que los cinco Monjes de Plaga en contacto con el Sacerdote
    harán el chequeo a 6's" (RULES.md §1.1: corner contacts fight, the Default, so three enemy
    models touch one model of the front).

    A priest with a censer (no blow of his own) in ten monks five wide (no blows), facing ten
    T3 enemies five wide with no blows: three enemies test, failing on 4+ (the monks' side
    scores Binomial(3, 1/2)); five monks test, failing on a 6 (the enemy's side scores
    Binomial(5, 1/6)); the priest himself takes no test."""
    priest = Character(name="Sacerdote", profile=Profile(M=12, WS=5, BS=3, S=4, T=4, W=2, I=5,
                                                         A=0, Ld=6),
                       special=("plague_censer",))
    monks = infantry("Monjes", 10, 5, T=4, A=0)
    enemy = infantry("Enemigos", 10, 5, T=3, A=0)
    model = build_units([monks, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                        [None, None], CombatOptions(max_rounds=1, charger="none"),
                        characters=[(0, priest)])
    h = model.names.index("Sacerdote")
    assert model.sides[h, S_CENSER] == 1 and model.sides[0, S_CENSER] == 0
    out = simulate(model, N, 4475)
    assert_distribution(first_round_shares(out, 0, N), binomial(3, 1 / 2), N,
                        what="three enemies fail on 4+")
    assert_distribution(first_round_shares(out, 1, N), binomial(5, 1 / 6), N,
                        what="five monks fail on 6")
