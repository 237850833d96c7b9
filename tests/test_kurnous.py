"""Elfos Silvanos "Jinetes de Kurnous": "La cacería salvaje" (``wild_hunt``), "La ira de
Kurnous" (``kurnous_wrath``) and "Tatuajes talismánicos" (a 6+ ward beside "Espíritu del
bosque").

MDNR Elfos Silvanos (``MDNR_Elfos_Silvanos v5.cat``, ``..._con_Personajes_Especiales_v2.cat``,
"Jinetes de Kurnous"): "Si la unidad de Kurnous declara una carga y tiene músico, la unidad
Causa Miedo a todos los efectos hasta el inicio de su próximo turno"; "Los jinetes tienen A+1
en las rondas de combate que no hayan cargado"; "Las miniaturas con Tatuajes talismánicos tienen
una Tirada de salvación especial de 6+ ... Un personaje Espíritu del bosque con Tatuajes
talismánicos tendrá una tirada de salvación especial de 5+ contra ataques no mágicos (por
Espíritu del bosque) y una tirada de salvación especial de 6+ contra ataques mágicos".
"""

from __future__ import annotations

import pytest
from conftest import (
    SHARED,
    assert_distribution,
    assert_mc,
    binomial,
    cat,
    cavalry,
    check_first_round,
    clean,
    infantry,
)

from odds import dice
from odds.combat import fight
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build

BOOKS = ("MDNR_Elfos_Silvanos v5.cat", "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat")
N = 200_000


def p_pass(ld: int) -> float:
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize("book", BOOKS)
def test_wild_riders_from_the_catalogues(book):
    """Spot check against the XML: "Jinete de Kurnous" HA5 HP4 F4 R3 H1 I5 A1 L9, its free
    musician ("Músico (se incluye de manera gratuita)"), "Espíritu del bosque"; the three
    rules, a 6+ ward, nothing ignored."""
    c = cat(book)
    u = c.unit("Jinetes de Kurnous")
    p = u.profile
    assert (p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (5, 4, 4, 3, 1, 5, 1, 9)
    assert u.troop_type == "cavalry" and u.command.musician
    assert {"wild_hunt", "kurnous_wrath", "forest_spirit"} <= set(u.special)
    assert u.ward_save == 6
    assert clean(c, "Jinetes de Kurnous")


def riders(*special, musician=True, **kw):
    """Five WS5 S3 riders on steeds without blows (only the riders strike)."""
    command = {"musician": True} if musician else {}
    return cavalry("Kurnous", 5, 5, WS=5, mount_A=0, special=special, command=command, **kw)


def target():
    """Twenty WS3 T3 models, no save, no blows, immune to psychology."""
    return infantry("Blanco", 20, 5, A=0, special=["immune_to_psychology"])


@pytest.mark.parametrize(("charger", "attacks", "seed"),
                         [("attacker", 5, 4301), ("defender", 10, 4302)])
def test_wrath_outside_the_charge_round(charger, attacks, seed):
    """The five riders hit WS3 on 3+ and wound T3 on 4+ (1/3 each attack): charging, A1 (5
    attacks); charged, A1 + 1 (10): Binomial(n, 1/3), the exact engine and the kernel."""
    model = build(riders("kurnous_wrath"), target(),
                  options=CombatOptions(charger=charger, charge_tests=False, max_rounds=1))
    check_first_round(model, binomial(attacks, 1 / 3), seed, f"charger {charger}")


def test_wrath_in_the_rounds_after_the_charge():
    """Charging, round 2 (no longer the charge's round) gives A2: ten attacks at 1/3 after the
    charge's five.  Twenty unbreakable targets that never strike lose Binomial(15, 1/3) models
    in the two rounds (without the rule: Binomial(10, 1/3)); the riders are unbreakable too
    (they lose on ranks), so both rounds are fought."""
    target_ = infantry("Blanco", 20, 5, A=0, special=["immune_to_psychology", "unbreakable"])
    for special, attacks, seed in ((("kurnous_wrath", "unbreakable"), 15, 4303),
                                   (("unbreakable",), 10, 4311)):
        model = build(riders(*special), target_,
                      options=CombatOptions(charge_tests=False, max_rounds=2))
        out = simulate(model, N, seed)
        lost = {20 - k: n / N for k, n in enumerate(out["surv"][1]) if n}  # models lost
        assert_distribution(lost, binomial(attacks, 1 / 3), N,
                            what=f"{attacks} attacks in two rounds")


@pytest.mark.parametrize(("magic", "ward", "seed"), [(False, 5, 4304), (True, 6, 4305)])
def test_tattoos_beside_the_forest_spirit(magic, ward, seed):
    """Ten WS3 S3 attacks on a forest-spirit unit with the tattoos' 6+ ward: hit 4+, wound
    4+, then its ward: 5+ against mundane blows (the forest spirit's), 6+ against magical
    ones (the tattoos'): Binomial(10, 1/4 x (ward - 1)/6)."""
    attacker = infantry("Atacantes", 10, 10, special=["magic_attacks"] if magic else [])
    spirits = infantry("Espíritus", 10, 10, A=0, special=["forest_spirit",
                                                          "immune_to_psychology"])
    spirits = spirits.replace(ward_save=6)
    model = build(attacker, spirits,
                  options=CombatOptions(charger="defender", charge_tests=False, max_rounds=1))
    check_first_round(model, binomial(10, 1 / 4 * (ward - 1) / 6), seed, f"magic {magic}")


def test_hunt_makes_the_charged_test_fear():
    """The riders (US 10) charge twenty Ld 7 infantry (US 20): with their musician they cause
    fear, and the infantry, failing on 15/36, hold and hit on 6s; without it, no test."""
    enemy = infantry("Lanceros", 20, 5, A=0)
    r = fight(riders("wild_hunt"), enemy, trials=N, seed=4306, max_rounds=1)
    assert_mc(r.extra["charge"]["p_hits_on_6"], 1 - p_pass(7), N, what="hold on 6s")
    r = fight(riders("wild_hunt", musician=False), enemy, trials=20_000, seed=4307,
              max_rounds=1)
    assert r.extra["charge"]["p_hits_on_6"] == 0


def test_hunt_lasts_until_its_next_turn():
    """Riders with the rule but not immune to psychology (T10 W10, no blows) lose every round
    by 4 to twenty fear-causing infantry (ranks +3, outnumbering +1; nobody wounds).  Causing
    fear in rounds 1 and 2 (their charge's turn, then the enemy's), they are immune to it and
    test on Ld 7 - 4 = 3 (break 33/36); from round 3, their next turn, their fear is gone
    and they break outright.  Without their musician: outright in round 1.  The exact first
    round agrees."""
    dead = infantry("Muertos", 20, 5, A=0, T=10, special=["fear", "immune_to_psychology"])
    opts = CombatOptions(max_rounds=3, charge_tests=False)
    hunters = riders("wild_hunt", A=0, T=10, W=10)
    model = build(hunters, dead, options=opts)
    assert first_round_exact(model)["first_round"]["attacker_breaks"] == pytest.approx(
        1 - p_pass(3), abs=1e-12)
    out = simulate(model, N, 4308)
    held = p_pass(3)
    for rnd, p in enumerate((1 - held, held * (1 - held), held * held)):
        assert_mc(out["breaks"][rnd, 0] / N, p, N, what=f"round {rnd + 1} breaks")
    plain = build(riders("wild_hunt", musician=False, A=0, T=10, W=10), dead, options=opts)
    assert simulate(plain, 2_000, 4309)["breaks"][0, 0] == 2_000


def test_charged_hunters_cause_no_fear():
    """Charged, the riders cause no fear by the rule: round 1 is a fear auto-break."""
    dead = infantry("Muertos", 20, 5, A=0, T=10, special=["fear", "immune_to_psychology"])
    model = build(riders("wild_hunt", A=0, T=10, W=10), dead,
                  options=CombatOptions(max_rounds=1, charge_tests=False, charger="defender"))
    assert first_round_exact(model)["first_round"]["attacker_breaks"] == 1.0
    assert simulate(model, 2_000, 4310)["breaks"][0, 0] == 2_000

