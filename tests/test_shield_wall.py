"""Norsca, Norses (Huscarles) "Muro de escudos": +1 armour save for a unit that did not charge,
held while it does not move: it never widens nor laps round (``shield_wall``,
:mod:`odds.special_rules.chaos`, :func:`odds.combat.fighters.expand`).

MDNR ``MDNR_Contingente_Aliado_Norses.cat`` and
``MDNR_Reinos_del_Caos_Mortales_-_Norsca_Caotica_v1.cat``, "Huscarles", rule "Muro de
escudos": "En su fase de movimiento, si no efectúan ningún movimiento pueden declarar que
forman un Muro de escudos. La unidad tiene un +1 a su tirada de salvación por armadura hasta
que muevan de alguna forma (incluyendo declarar cargas, huir, mover por hechizos, perseguir,
envolver filas, cambiar formación, etc)".
"""

from __future__ import annotations

from conftest import (
    assert_distribution,
    binomial,
    cat,
    check_first_round,
    clean,
    first_round_shares,
    infantry,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, SideOptions, build
from odds.combat.model.layout import S_WALL
from odds.special_rules.chaos import hold_shield_wall
from odds.units import unit_from_dict

N = 200_000
BOOKS = ("MDNR_Contingente_Aliado_Norses.cat",
         "MDNR_Reinos_del_Caos_Mortales_-_Norsca_Caotica_v1.cat")


def _huscarls(models: int = 10, A: int = 0, special=("shield_wall",)):
    """WS4 S4 T3 Huscarls five wide with light armour, shield and hand weapon (4+)."""
    return unit_from_dict({
        "name": "Huscarles", "troop_type": "infantry", "models": models, "files": 5,
        "profile": {"M": 10, "WS": 4, "BS": 3, "S": 4, "T": 3, "W": 1, "I": 3, "A": A,
                    "Ld": 8},
        "equipment": {"weapon": "hand_weapon", "shield": True, "armour": "light"},
        "rules": {"special": ["unbreakable", *special]},
    })


def test_the_wall_gives_plus_one_unless_it_charged():
    """"+1 a su tirada de salvación por armadura ... hasta que muevan de alguna forma
    (incluyendo declarar cargas": 4+ becomes 3+ for a unit that did not charge."""
    huscarls = _huscarls()
    assert huscarls.armour_save == 4
    held = hold_shield_wall(huscarls, charged=False)
    assert held.armour_save == 3 and held.has("shield_wall")
    charging = hold_shield_wall(huscarls, charged=True)
    assert charging.armour_save == 4 and not charging.has("shield_wall")
    bare = _huscarls().replace(armour_save_override=7)
    assert hold_shield_wall(bare, charged=False).armour_save == 7  # no save to improve


def test_charged_huscarls_save_on_3_plus():
    """Five WS3 S3 attacks charging them: 4+ to hit, 4+ to wound, the wall's 3+ save fails a
    third: Binomial(5, 1/12), the exact engine and the kernel."""
    enemy = infantry("Lanceros", 10, 5, special=["unbreakable"])
    model = build(enemy, _huscarls(), options=CombatOptions(max_rounds=1))
    assert model.sides[1, S_WALL] == 1
    check_first_round(model, binomial(5, 1 / 12), 931, "wall held")


def test_charging_huscarls_have_no_wall():
    """Declaring a charge ends it: their 4+ save fails half, Binomial(5, 1/8)."""
    enemy = infantry("Lanceros", 10, 5, special=["unbreakable"])
    model = build(_huscarls(), enemy, options=CombatOptions(max_rounds=1))
    assert model.sides[0, S_WALL] == 0
    exact = first_round_exact(model)["wounds"][1]
    pmf = binomial(5, 1 / 8)
    assert max(abs(a - b) for a, b in zip(exact, pmf, strict=False)) < 1e-12
    out = simulate(model, N, 932)
    assert_distribution(first_round_shares(out, 1, N), pmf, N, what="no wall")


def test_winning_huscarls_neither_widen_nor_lap_round():
    """Forty Huscarls five wide (A1: 3+ to hit WS3, 3+ to wound T3) receive the charge of a
    hundred models five wide with no attacks and win by a static +10.  Holding the wall they
    keep five wide (RULES.md §1.11 "may"): two rounds of five blows, Binomial(10, 4/9) models
    slain; without the rule they widen to seven (their rank bonus stays 3) and lap two round,
    more blows in round 2."""
    wall = infantry("Muro", 100, 5, A=0, special=["unbreakable"])
    held = build(wall, _huscarls(40, A=1), d_opts=SideOptions(static_bonus=10),
                 options=CombatOptions(max_rounds=2))
    out = simulate(held, N, 933)
    lost = {100 - k: c / N for k, c in enumerate(out["surv"][0]) if c}
    assert_distribution(lost, binomial(10, 4 / 9), N, what="wall held")
    free = build(wall, _huscarls(40, A=1, special=()), d_opts=SideOptions(static_bonus=10),
                 options=CombatOptions(max_rounds=2))
    out = simulate(free, 20_000, 934)
    mean = sum((100 - k) * c for k, c in enumerate(out["surv"][0])) / 20_000
    assert mean > 10 * 4 / 9 + 1  # the redress brought more Huscarls into the fight


@needs_data
def test_huscarls_from_the_catalogues():
    """Spot check against the XML: "Huscarles" HA4 F4 R3 I3 A1 L8, light armour, shield and
    hand weapon (4+); "Muro de escudos" mapped, the unit clean."""
    for book in BOOKS:
        c = cat(book)
        u = c.unit("Huscarles")
        p = u.profile
        assert (p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (4, 4, 3, 1, 3, 1, 8), book
        assert u.armour_save == 4 and u.has("shield_wall"), book
        assert clean(c, "Huscarles"), book
