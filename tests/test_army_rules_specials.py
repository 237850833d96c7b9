"""Army-book special rules of issue 11, second batch: special attacks (vomit), cold blood,
panic re-rolls and sources, slayers, flaming attacks, drunken centigors.

Catalogue checks are written by hand from the rule descriptions in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the
kernel with a probability worked out by hand or by enumeration at z = 5 with a fixed seed
(``RULES.md`` sections cited per test).
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_distribution,
    assert_mc,
    binomial,
    cat,
    check_first_round,
    clean,
    first_round_shares,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    G_ATTACKS,
    G_HIT,
    G_MW,
    G_SAVE,
    G_WOUND,
    MOUNT,
    RANK_AND_FILE,
    CombatOptions,
    SideOptions,
    build,
)
from odds.units import unit_from_dict

N = 200_000


def strict_items(catalogue, unit: str) -> list[str]:
    return [i.item for i in catalogue.report.for_unit(unit)
            if i.kind in ("ignored", "approximated")]


def fighter(name, models=5, files=5, *, init=3, **kw):
    """conftest.infantry with five models in one rank by default and ``init`` for I."""
    return infantry(name, models, files, I=init, **kw)



# ----------------------------------------------------------------- vomit (special attacks)


def test_troll_vomit_when_it_wounds_more():
    """MDNR Orcos y Goblins / Mercenarios "Vómito de troll": "Pueden renunciar a sus tres
    ataques para hacer un único ataque de F5, que impacta automáticamente y Anula armaduras"
    (RULES.md §1.3-§1.5: hits, wounds, saves).

    Five WS3 S5 A3 trolls against WS3 T5 models with a 2+ save: three attacks make 3 x 1/2 x
    1/2 x 1/2 = 0.375 unsaved wounds each, one vomit 1 x 1/2 = 0.5: they vomit, and their
    first-round wounds are Binomial(5, 1/2).  Against T3 with no save the normal attacks
    (3 x 1/2 x 5/6 = 1.25) beat the vomit (5/6): three attacks each."""
    trolls = fighter("Trolls", S=5, T=10, A=3, special=["troll_vomit"])
    tough = fighter("Caballeros", S=1, T=5, save=2)
    model = build(trolls, tough, options=CombatOptions(max_rounds=1, charger="none"))
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_ATTACKS], row[G_HIT], row[G_WOUND], row[G_SAVE]) == (1, 0, 4, 7)
    check_first_round(model, binomial(5, 1 / 2), 71, "vomit wounds")
    soft = build(trolls, fighter("Lanceros", S=1, T=3),
                 options=CombatOptions(max_rounds=1, charger="none"))
    row = soft.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_ATTACKS], row[G_HIT], row[G_WOUND]) == (3, 4, 2)


def test_pestilent_vomit_rolls_to_hit_with_d3_wounds():
    """MDNR Reinos del Caos "Vómito pestilente de troll": "un único ataque de F5 que anula
    armaduras y con Heridas múltiples (1D3)": rolled to hit (the text does not make it
    automatic), no armour save, D3 wounds each (RULES.md §1.6 multiple wounds).  WS2 trolls
    hit WS5 models on 5+.  Against T5 with a 2+ save (4+ after S5) the four normal attacks
    make 4 x 1/3 x 1/2 x 1/2 = 1/3 unsaved wounds, the vomit 1/3 x 1/2 x 2 (the mean of D3)
    = 1/3: a tie, normal attacks.  With a 1+ save (3+ after S5) the normal attacks make 2/9:
    vomit.  W1 models lose one model per unsaved wound: Binomial(5, 1/6)."""
    trolls = fighter("Trolls biliosos", WS=2, S=5, T=10, A=4, special=["pestilent_vomit"])
    tie = build(trolls, fighter("E", WS=5, S=1, T=5, save=2),
                options=CombatOptions(max_rounds=1, charger="none"))
    assert tie.groups[0, 1, RANK_AND_FILE, 0, G_ATTACKS] == 4
    model = build(trolls, fighter("E", WS=5, S=1, T=5, save=1),
                  options=CombatOptions(max_rounds=1, charger="none"))
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_ATTACKS], row[G_HIT], row[G_WOUND], row[G_SAVE], row[G_MW]) == (
        1, 5, 4, 7, 2)
    check_first_round(model, binomial(5, 1 / 3 * 1 / 2), 72, "pestilent vomit wounds")


def test_putrid_vomit_replaces_the_riders_attacks_only():
    """MDNR Reinos del Caos: Demonios "Vómito putrefacto" (Jinetes de plaga): "substituye sus
    ataques cuerpo a cuerpo (solo los del Jinete, los Sapos atacarán de la forma habitual)
    por un ataque que impacta automáticamente y causa impactos de F3" (armour saves as
    usual).  Against WS9 T3 (riders WS3 hit on 5+): normal 2 x 1/3 x 2/3 = 0.44 against the
    vomit's 1 x 1/2 = 0.5: the riders vomit; the steeds keep their attack."""
    riders = unit_from_dict({
        "name": "Jinetes", "troop_type": "cavalry", "models": 3, "files": 3,
        "profile": {"M": 15, "WS": 3, "BS": 3, "S": 4, "T": 4, "W": 3, "I": 1, "A": 2,
                    "Ld": 8},
        "mount": {"WS": 4, "S": 4, "I": 3, "A": 1},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["putrid_vomit"]},
    })
    model = build(riders, fighter("E", WS=9, S=1, T=3),
                  options=CombatOptions(max_rounds=1, charger="none"))
    rider = model.groups[0, 1, RANK_AND_FILE, 0]
    steed = model.groups[0, 1, MOUNT, 0]
    assert (rider[G_ATTACKS], rider[G_HIT], rider[G_WOUND]) == (1, 0, 4)
    assert (steed[G_ATTACKS], steed[G_HIT], steed[G_WOUND]) == (1, 5, 3)


@needs_data
def test_vomiting_units_from_the_catalogues():
    """Spot checks: Reinos del Caos "Trolls del Caos" (M15 HA3 F5 R4 H3 I1 A4 L4, "Vómito de
    troll"), "Portadores de plaga" ("Vómito putrefacto"), "Trolls biliosos" ("Vómito
    pestilente de troll"), Orcos y Goblins "Trolls" ("Vómito de troll")."""
    for book, name, rule in (
            ("MDNR_Reinos_del_Caos_Mortales_v5.cat", "Trolls del Caos", "troll_vomit"),
            ("MDNR_Reinos_del_Caos_Bestias_v5.cat", "Portadores de plaga", "putrid_vomit"),
            ("MDNR_Reinos_del_Caos_Demonios_v5.cat", "Sapos de plaga con jinetes de plaga",
             "putrid_vomit"),
            ("MDNR_Reinos_del_Caos_Demonios_v5.cat", "Trolls biliosos", "pestilent_vomit"),
            ("MDNR_Orcos_y_Goblins v4_5.cat", "Trolls", "troll_vomit")):
        c = cat(book)
        u = c.unit(name)
        assert u.has(rule), (book, name)
        assert not any(k.startswith("Vómito") for k in kinds(c, name)), (book, name)
    # Demonios "Sapos de plaga con jinetes de plaga": the toad ("Sapo de plaga con jinete de
    # plaga", HA3 F4 I1 A2, T4 H3) is the main profile, the rider ("Jinete portador de
    # plaga", HA4 F4 I3 A1, no R or H) the steeds' group: "solo los del Jinete" vomit
    d = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    toads = d.unit("Sapos de plaga con jinetes de plaga")
    assert toads.has("vomit_by_mount")
    assert (toads.mount.WS, toads.mount.S, toads.mount.I, toads.mount.A) == (4, 4, 3, 1)
    model = build(toads, fighter("E", WS=9, S=1, T=3),
                  options=CombatOptions(max_rounds=1, charger="none"))
    rider, toad = model.groups[0, 1, MOUNT, 0], model.groups[0, 1, RANK_AND_FILE, 0]
    assert (rider[G_ATTACKS], rider[G_HIT], rider[G_WOUND]) == (1, 0, 4)  # S3 automatic
    assert (toad[G_ATTACKS], toad[G_HIT]) == (2, 5)  # the toads attack as usual
    c = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    p = c.unit("Trolls del Caos").profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 3, 5, 4, 3, 1, 4, 4)
    assert not strict_items(c, "Trolls del Caos")


# ----------------------------------------------------------------- cold blood (§3.1, §3.2)


def cold_pass(target: int) -> float:
    """P(3D6 less the highest die <= target), by enumerating the 216 rolls."""
    from itertools import product

    return sum(1 for r in product(range(1, 7), repeat=3) if sum(r) - max(r) <= target) / 216


def two_d6_pass(target: int) -> float:
    from itertools import product

    return sum(1 for r in product(range(1, 7), repeat=2) if sum(r) <= target) / 36


def test_cold_blooded_dice_by_enumeration():
    """MDNR Mercenarios "Sangre fría": "lanza 3 dados y descartan el dado mayor": the dice
    module's PMF and the kernel's pass counts agree with all 216 rolls."""
    from odds import dice
    from odds.combat.blows import _PASS_2D6, _PASS_COLD

    for ld in range(2, 11):
        for modifier in range(ld + 1):
            for cold, exact in ((True, cold_pass), (False, two_d6_pass)):
                assert dice.leadership_pass(ld, modifier, cold_blooded=cold) == pytest.approx(
                    exact(ld - modifier), abs=1e-15)
    for t in range(13):
        assert _PASS_COLD[t] == round(cold_pass(t) * 216)
        assert _PASS_2D6[t] == round(two_d6_pass(t) * 216)
    assert cold_pass(7) == 174 / 216 and two_d6_pass(7) == 126 / 216


def _break_rate(cold: bool, diff: int, general_ld: int, seed: int, stubborn=False):
    """A unit of Ld 7 (cold-blooded or not) loses every round by ``diff`` (nobody wounds,
    the enemy's static bonus); P(it breaks in the first round), exact and simulated."""
    special = ["cold_blooded"] * cold + ["stubborn"] * stubborn
    lizard = fighter("Saurios", S=1, T=10, special=special)
    enemy = fighter("E", S=1, T=10)
    model = build(enemy, lizard, SideOptions(static_bonus=diff),
                  SideOptions(general_ld=general_ld),
                  options=CombatOptions(max_rounds=1, musician_tiebreak=False))
    exact = first_round_exact(model)["first_round"]["defender_breaks"]
    out = simulate(model, N, seed)
    return exact, (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N


@pytest.mark.parametrize(("cold", "diff", "general", "stubborn", "p_hold", "seed"), [
    # own Ld 7 - 3 = 4: 3D6 less the highest 77/216 (2D6: 6/36)
    (True, 3, 0, False, cold_pass(4), 81),
    (False, 3, 0, False, two_d6_pass(4), 82),
    # General's Ld 9 - 3 = 6 on 2D6 (15/36 = 0.417) beats the own 4 cold (0.356)
    (True, 3, 9, False, two_d6_pass(6), 83),
    # General's Ld 8 - 2 = 6 on 2D6 (0.417) loses to the own 5 cold (113/216 = 0.523)
    (True, 2, 8, False, cold_pass(5), 84),
    # stubborn: own Ld 7 unmodified, cold (174/216)
    (True, 4, 0, True, cold_pass(7), 85),
])
def test_cold_blooded_break_tests(cold, diff, general, stubborn, p_hold, seed):
    """RULES.md §3.2 break test (2D6 <= Ld - difference; stubborn: Ld unmodified; the
    General's Ld within 30 cm) with MDNR "Sangre fría" (3D6, the highest die discarded) on
    the unit's own Ld only (Elfos Oscuros: "sólo usarán Sangre Fría si utilizan su propio
    Liderazgo"): the unit takes the test more likely to pass."""
    exact, sim = _break_rate(cold, diff, general, seed, stubborn)
    assert exact == pytest.approx(1 - p_hold, abs=1e-12)
    assert_mc(sim, 1 - p_hold, N, what=f"breaks (cold {cold}, diff {diff}, general {general})")


def test_cold_blooded_fear_test_at_the_charge():
    """RULES.md §3.3: a unit charged by a fear-causer of lower unit strength tests fear and,
    failing, hits only on 6s; cold-blooded (Ld 7) it fails with 1 - 174/216."""
    from odds.combat import fight

    scary = fighter("Ogros", 3, 3, S=1, T=10, special=["fear"])
    lizard = fighter("Saurios", 10, 5, S=1, T=10, special=["cold_blooded"])
    r = fight(scary, lizard, trials=N, seed=86)
    ch = r.extra["charge"]
    assert ch["p_hits_on_6_exact"] == pytest.approx(1 - cold_pass(7), abs=1e-12)
    assert_mc(ch["p_hits_on_6"], 1 - cold_pass(7), N, what="cold fear test failed")


# ----------------------------------------------------------------- panic (§3.4)


def _panic_unit(name, Ld, special=(), race="", **rules):
    data = {
        "name": name, "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["skirmishers", *special], **rules},
    }
    if race:
        data["race"] = race
    return unit_from_dict(data)


def _flee_rate(x, y, seed):
    """X and Y (side 0) both face Z (side 1), which wins the one round by its +5 bonus.

    Nobody can wound (S1 against T10).  X (Ld 2) always breaks and flees; Y (stubborn,
    Ld 7) passes its break test with 21/36 and then tests panic (2D6 <= 7) unless immune."""
    from odds.combat.model import FRONT, build_units

    z = _panic_unit("Z", 7)
    model = build_units([x, y, z], [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)],
                        [False, False, True], [None, None, SideOptions(static_bonus=5)],
                        CombatOptions(max_rounds=1))
    out = simulate(model, N, seed)
    assert out["status"][0, CAUGHT] + out["status"][0, ESCAPED] == N  # X always breaks
    return (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N


HOLDS = 21 / 36  # Y's own break test (stubborn Ld 7 against 2D6)


def test_old_grumblers_re_roll_failed_panic_tests():
    """MDNR Enanos "Viejos cascarrabias": "Cualquier miniatura o unidad a 15cm o menos de una
    o más unidades de Barbaslargas (que no estén huyendo) puede repetir los chequeos de
    pánico fallados" (RULES.md §3.4; the units of a combat are within 15 cm).  Y with the
    rule (a unit is within 15 cm of itself) flees with 15/36 + 21/36 (15/36)^2; a friend
    that fled itself (X) lends no re-roll."""
    x = _panic_unit("X", 2)
    y = _panic_unit("Y", 7, special=["stubborn", "old_grumblers"])
    p = 1 - HOLDS + HOLDS * (15 / 36) ** 2
    assert_mc(_flee_rate(x, y, 91), p, N, what="panic re-rolled")
    x = _panic_unit("X", 2, special=["old_grumblers"])  # flees: "que no estén huyendo"
    y = _panic_unit("Y", 7, special=["stubborn"])
    assert_mc(_flee_rate(x, y, 92), 1 - HOLDS + HOLDS * 15 / 36, N, what="no re-roll")


@pytest.mark.parametrize(("rules", "race", "panics", "seed"), [
    ({"flight_panics_only": ["goblin", "hobgoblin"]}, "orc", False, 93),
    ({"flight_panics_only": ["goblin", "hobgoblin"]}, "goblin", True, 94),
    ({"flight_panics_not": ["black_orc", "orc"]}, "orc", False, 95),
    ({"flight_panics_not": ["black_orc", "orc"]}, "black_orc", False, 96),
    ({"flight_panics_not": ["black_orc", "orc"]}, "goblin", True, 97),
])
def test_fleeing_hobgoblins_panic_only_some_friends(rules, race, panics, seed):
    """MDNR Regimientos de Renombre "Desprecio" (Throg): "Los Hobgoblins que huyen sólo
    causan pánico en unidades de Hobgoblin y Goblin"; (Oglah Khan): "Los Hobgoblins que
    huyen no causan pánico en Orcos ni Orcos Negros" (RULES.md §3.4)."""
    x = _panic_unit("X", 2, race="hobgoblin", **rules)
    y = _panic_unit("Y", 7, special=["stubborn"], race=race)
    p = 1 - HOLDS + (HOLDS * 15 / 36 if panics else 0.0)
    assert_mc(_flee_rate(x, y, seed), p, N, what=f"{race} panics: {panics}")


@needs_data
def test_desprecio_and_grumblers_from_the_catalogues():
    """Spot checks: Regimientos de Renombre Throg's and Oglah Khan's "Desprecio" (texts
    above; Oglah Khan's wolf riders also "Sangre fría", M22 HA3 F3 R3 H1 I2 A1 L6) and
    Enanos "Barbaslargas" ("Viejos cascarrabias")."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    for e in c.entries:
        if "Throg" in e.name:
            assert c.unit(e.name).flight_panics_only == ("goblin", "hobgoblin")
            assert not strict_items(c, e.name)
        if "Oglah Khan" in e.name:
            u = c.unit(e.name)
            assert u.flight_panics_not == ("black_orc", "orc") and u.has("cold_blooded")
            assert unit_from_dict(u.to_dict()) == u
            p = u.profile
            assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (22, 3, 3, 3, 1, 2, 1, 6)
            assert not strict_items(c, e.name)
    d = cat("MDNR_Enanos v4_5.cat")
    name = next(e.name for e in d.entries if e.name.startswith("Barbaslargas"))
    assert d.unit(name).has("old_grumblers") and not strict_items(d, name)
    u = d.unit(name)
    assert u.to_dict() and unit_from_dict(u.to_dict()) == u


# ----------------------------------------------------------------- drunk centigors


def test_drunk_first_round_attacks():
    """MDNR Reinos del Caos: Bestias "Borrachos": "Al inicio de cada uno de tus turnos lanza
    1D6 por cada unidad; con un 1 son estúpidos (haz el chequeo inmediatamente), con 2-5
    actúan con normalidad, con 6 entran en Furia Asesina" (RULES.md §1.10 stupidity: half the
    fighters, an odd one on 4+; §1.6 frenzy: +1 attack).

    Five WS3 S3 A1 models (Ld 7) against ten WS3 T3, 1/4 a wound each attack, in their own
    turn: Binomial(5, 1/4) on 2-5, Binomial(10, 1/4) on a 6, and on a 1 the stupidity test
    (failed 15/36: two or three fighters, even odds)."""
    import numpy as np

    def pmf(n):
        return np.array(binomial(n, 1 / 4) + [0.0] * (10 - n))

    stupid = 21 / 36 * pmf(5) + 15 / 36 * (pmf(2) + pmf(3)) / 2
    mix = 4 / 6 * pmf(5) + 1 / 6 * pmf(10) + 1 / 6 * stupid
    drunk = fighter("Centigors", T=10, special=["drunk"])
    model = build(drunk, fighter("E", 10, 10, S=1, T=3, init=1),
                  options=CombatOptions(max_rounds=1, charger="none"))
    check_first_round(model, list(mix), 101, "drunk wounds")


def test_drunk_charger_frenzied_takes_no_fear_test():
    """MDNR "Borrachos" in the charging turn (RULES.md §3.3: a charger tests fear of a
    fear-causing target first; frenzied units are immune to psychology): the charge is
    refused with 5/6 x 15/36 (Ld 7); the exact first round refuses such a combat."""
    from odds.combat import fight

    drunk = fighter("Centigors", T=10, special=["drunk"])
    scary = fighter("Zombis", S=1, T=10, special=["fear"])
    r = fight(drunk, scary, trials=N, seed=102)
    ch = r.extra["charge"]
    assert ch["p_refused_exact"] == pytest.approx(5 / 6 * 15 / 36, abs=1e-12)
    assert_mc(ch["p_refused"], 5 / 6 * 15 / 36, N, what="drunk charger refuses")
    model = build(drunk, scary)
    assert first_round_exact(model) is None


@needs_data
def test_centigors_from_the_catalogue():
    """Spot check, Reinos del Caos: Bestias "Centigor": M20 HA4 HP3 F4 R4 H1 I2 A1 L7,
    cavalry with "Borrachos"."""
    c = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    u = c.unit("Centigors")
    assert u.has("drunk") and u.troop_type == "cavalry"
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (20, 4, 4, 4, 1, 2, 1, 7)
    assert not strict_items(c, "Centigors")


# ----------------------------------------------------------------- slayers


@pytest.mark.parametrize(("T", "wound", "save", "seed"), [
    (5, 4, 6, 111),  # S5 against T5: 4+; a 4+ save at -2
    (7, 5, 5, 112),  # "hasta un máximo de 6": S6 against T7, 5+; a 2+ save at -3
])
def test_slayer_strikes_at_the_enemy_toughness(T, wound, save, seed):
    """MDNR Enanos "Matador": "puede resolver ese impacto como si tuviera una Fuerza
    (modificada) igual a la Resistencia del enemigo impactado (hasta un máximo de 6). Por
    ejemplo, si impacta a un enemigo con R5, se considerará que tiene F5 a todos los efectos
    (hiere a 4+, tiene un -2 a la tirada de salvación por armadura)" (RULES.md §1.4, §1.5).

    Five WS3 S3 slayers hit WS3 on 4+; against T5 with a 4+ save (6+ after -2) each attack
    makes 1/2 x 1/2 x 5/6 unsaved wounds; against T7 with a 2+ save (S6: 5+ after -3)
    1/2 x 1/3 x 2/3."""
    slayers = fighter("Matatrolls", T=10, special=["slayer"])
    enemy = fighter("E", 10, 10, S=1, T=T, save=4 if T == 5 else 2)
    model = build(slayers, enemy, options=CombatOptions(max_rounds=1, charger="none"))
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_WOUND], row[G_SAVE]) == (wound, save)
    p = 1 / 2 * (7 - wound) / 6 * (save - 1) / 6
    check_first_round(model, binomial(5, p), seed, f"slayer wounds against T{T}")
    plain = build(fighter("Guerreros", T=10), enemy, options=CombatOptions(max_rounds=1))
    assert plain.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == (6 if T == 5 else 7)  # S3


def test_slayer_axes_chosen_for_the_combat():
    """MDNR Enanos "Hachas de matador": "Al principio de cualquier combate puede elegir si
    lucha con dos armas de mano o con arma a dos manos (luchará con lo mismo durante todo el
    combate)" (RULES.md §1.7: two hand weapons +1 A, great weapon S+2 striking last).

    With "Matador" against T5 both strike at S5: two attacks win.  Against T3 with a 2+
    save the great weapon (S5: 4+ save, 1/2 x 5/6 x 1/2 = 0.21) beats two S3 attacks
    (2 x 1/2 x 1/2 x 1/6 = 0.08)."""
    from odds.combat.model import G_KEY

    slayers = fighter("Matatrolls", T=10, special=["slayer", "slayer_axes"],
                      equipment={"weapon": "additional_hand_weapon",
                                 "armour_save_override": 7})
    tough = build(slayers, fighter("E", S=1, T=5), options=CombatOptions(charger="none"))
    assert tough.groups[0, 1, RANK_AND_FILE, 1, G_ATTACKS] == 2
    armoured = build(slayers, fighter("E", S=1, T=3, save=2),
                     options=CombatOptions(charger="none"))
    row = armoured.groups[0, 1, RANK_AND_FILE, 1]
    assert (row[G_ATTACKS], row[G_WOUND], row[G_SAVE]) == (1, 2, 4)
    assert row[G_KEY] > tough.groups[0, 1, RANK_AND_FILE, 1, G_KEY]  # strikes last


@needs_data
def test_slayers_from_the_catalogue():
    """Spot check, MDNR Enanos "Matatrolls": M8 HA4 HP3 F3 R4 H1 I3 A1 L10 with "Hachas de
    matador", "Matador", "Locos" (who may join: army building)."""
    c = cat("MDNR_Enanos v4_5.cat")
    name = next(e.name for e in c.entries if e.name.startswith("Matatrolls"))
    u = c.unit(name)
    assert u.has("slayer") and u.has("slayer_axes")
    assert u.equipment.weapon == "additional_hand_weapon"
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (8, 4, 3, 4, 1, 3, 1, 10)
    assert kinds(c, name)["Locos"] == "no_combat_effect"
    assert not strict_items(c, name)


# ----------------------------------------------------------------- flaming attacks


def test_flaming_attacks_double_wounds_on_the_flammable():
    """gst "Inflamable": "Sufre el doble de heridas cuando el ataque que las causa es
    flamígero"; "Ataques flamígeros": "las miniaturas Inflamables reciben el doble de
    heridas" (RULES.md §1.6).  Five WS3 S3 flaming attacks on WS3 T3 W2 models: each
    unsaved wound (1/4) is two wounds, a whole model: the wounds caused are
    2 x Binomial(5, 1/4).  Against "Inmune a ataques flamígeros" no doubling, and no end
    of regeneration."""
    from odds.combat.model import G_FLAMING

    def target(*special):
        return unit_from_dict({
            "name": "Trolls", "troop_type": "infantry", "models": 10, "files": 10,
            "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 3, "W": 2, "I": 1, "A": 1,
                        "Ld": 7},
            "equipment": {"armour_save_override": 7},
            "rules": {"special": list(special)}})

    fire = fighter("Fuego", T=10, special=["flaming_attacks"])
    model = build(fire, target("flammable"), options=CombatOptions(max_rounds=1,
                                                                    charger="none"))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_MW] == 1  # x2
    pmf = [0.0] * 11
    for k, q in enumerate(binomial(5, 1 / 4)):
        pmf[2 * k] = q
    check_first_round(model, pmf, 121, "flaming wounds on the flammable")
    immune = build(fire, target("flammable", "immune_to_flaming"),
                   options=CombatOptions(max_rounds=1))
    row = immune.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_MW], row[G_FLAMING]) == (0, 0)
    d3 = build(fire.replace(multiple_wounds="d3"), target("flammable"),
               options=CombatOptions(max_rounds=1))
    assert d3.groups[0, 1, RANK_AND_FILE, 0, G_MW] == 4  # 2 x D3


@needs_data
def test_flaming_names_from_the_catalogues():
    """Spot checks: Enanos del Caos "Nacifuegos k'daai" ("Ataques flamígeros", "Inmune a
    ataques flamígeros"), Mercenarios "Trolls de hielo" ("Inflamable")."""
    c = cat("MDNR_Enanos_del_Caos v4_5.cat")
    u = c.unit("Nacifuegos k'daai")
    assert u.has("flaming_attacks") and u.has("immune_to_flaming")
    m = cat("MDNR_Mercenarios v5.cat")
    assert m.unit("Trolls de hielo").has("flammable")
    assert m.unit("Trolls de hielo").has("troll_vomit")


# ----------------------------------------------------------------- rules named after units


def test_bilious_trolls_are_hard_to_hit():
    """MDNR Reinos del Caos "Trolls biliosos": "Las miniaturas enemigas tienen un -1 a
    impactarles en combate cuerpo a cuerpo" (RULES.md §1.3).  Five WS3 S3 models against WS3
    T3 trolls hit on 5+ instead of 4+: Binomial(5, 1/3 x 1/2) wounds.  Impact hits stay
    automatic."""
    from odds.combat.model import IMPACT

    trolls = fighter("Trolls biliosos", 10, 10, S=1, T=3, init=1, special=["hard_to_hit"])
    model = build(fighter("A", T=10), trolls,
                  options=CombatOptions(max_rounds=1, charger="none"))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 5
    check_first_round(model, binomial(5, 1 / 6), 131, "hits on hard-to-hit trolls")
    chariot = fighter("Carro", T=10).replace(impact_hits="d6")
    charge = build(chariot, trolls, options=CombatOptions(max_rounds=1, charge_tests=False))
    assert charge.groups[0, 1, IMPACT, 0, G_HIT] == 0


def test_unpursued_fleers_are_not_pursued():
    """MDNR Regimientos de Renombre "Bendecidos por los Ancestrales": "Si los Incursores de
    Tichi Huichi huyen de un combate ... los enemigos siempre deben mantener la posición (no
    pueden perseguir, incluso aunque tengan una regla que obligue a perseguir)" (RULES.md
    §4.3).  Nobody wounds; the winner (+5) breaks Ld 2 enemies, who always flee: never
    caught; without the rule caught with P(5D6 >= 5D6)."""
    from odds import dice

    winners = fighter("W", S=1, T=10, special=["hatred"])
    for unpursued, seed in ((True, 141), (False, 142)):
        fleers = fighter("Incursores", S=1, T=10, Ld=2,
                         special=["unpursued"] if unpursued else [])
        model = build(winners, fleers, SideOptions(static_bonus=5),
                      options=CombatOptions(max_rounds=1, charger="none"))
        out = simulate(model, N, seed)
        assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N
        p = 0.0 if unpursued else dice.p_ge(dice.sum_pmf(5), dice.sum_pmf(5))
        assert_mc(out["status"][1, CAUGHT] / N, p, N, what=f"caught (unpursued {unpursued})")


@needs_data
def test_rules_named_after_units_from_the_catalogues():
    """Spot checks: Reinos del Caos "Trolls biliosos" (M15 HA2 F5 R5 H3 I1 A4 L4, "Trolls
    biliosos", "Vómito pestilente de troll"); Regimientos de Renombre "Incursores de Tichi
    Huichi" ("Bendecidos por los Ancestrales", "Sangre fría"); Elfos Oscuros "Manada de
    gélidos" ("Bestias de Karond-Kar": a Beastmaster's Ld as the General's, a note)."""
    c = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    u = c.unit("Trolls biliosos")
    assert u.has("hard_to_hit") and u.has("pestilent_vomit")
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 2, 5, 5, 3, 1, 4, 4)
    assert not strict_items(c, "Trolls biliosos")
    r = cat("MDNR_Regimientos_de_Renombre v5.cat")
    for e in r.entries:
        if e.name.startswith("Incursores de Tichi Huichi"):
            t = r.unit(e.name)
            assert t.has("unpursued") and t.has("cold_blooded")
            assert not strict_items(r, e.name)
    d = cat("MDNR_Elfos_Oscuros_v7.cat")
    assert kinds(d, "Manada de gélidos")["Bestias de Karond-Kar"] == "note"
    assert d.unit("Manada de gélidos").has("cold_blooded")


@needs_data
def test_peasants_duty_is_a_lent_leadership():
    """MDNR Bretonia "El deber del campesino" (Hombres de armas, Arqueros campesinos...):
    "Las miniaturas de tipo Campesino pueden usar el Liderazgo de cualquier miniatura de tipo
    Caballero a 15 cm ... se usa el Liderazgo propio del Caballero": a Ld lent as a General's
    is, the side's general_ld (a note, not ignored); the Hombres de armas import clean."""
    b = cat("MDNR_Bretonia_v5.cat")
    for name in ("Hombres de armas", "Arqueros campesinos", "Cazadores"):
        assert kinds(b, name)["El deber del campesino"] == "note", name
    assert clean(b, "Hombres de armas")


# ----------------------------------------------------------------- burning bodies


def _kdaai(T=10, A=0, save=7):
    return unit_from_dict({
        "name": "Nacifuegos", "troop_type": "monstrous_infantry", "models": 3, "files": 3,
        "profile": {"M": 15, "WS": 4, "BS": 2, "S": 5, "T": T, "W": 3, "I": 4, "A": A,
                    "Ld": 7},
        "equipment": {"armour_save_override": save},
        "rules": {"special": ["burning_body", "immune_to_flaming"]}})


def test_burning_body_hits_every_enemy_model_in_contact():
    """MDNR Enanos del Caos "Cuerpo ardiente": "toda miniatura ... en contacto peana con peana
    con una o más miniaturas con la regla Cuerpo ardiente recibe un impacto automático de F4
    con Ataques flamígeros" (RULES.md §1.1 models in contact, §1.4).

    Three K'daai (40 mm bases, a 120 mm front) charged by ten infantry (20 mm): six enemy
    models overlap the front and two more touch its corners, eight S4 hits on T3 (3+): their
    first-round wounds are Binomial(8, 2/3) (the K'daai have no other attack; the enemy's
    turn, so no T test).  Enemies immune to flaming attacks take none; the exact first
    round refuses the rule."""
    import numpy as np

    from odds.combat.model import G_ACTIVE, G_BURNING, IMPACT

    enemy = fighter("Guerreros", 10, 10, S=1, T=3)
    model = build(enemy, _kdaai(), options=CombatOptions(max_rounds=1))
    assert model.groups[1, 0, IMPACT, 1, G_BURNING] == 1  # every round
    out = simulate(model, N, 151)
    sim = first_round_shares(out, 1, N)
    assert_distribution(sim, binomial(8, 2 / 3), N, what="burning hits")
    assert first_round_exact(model) is None
    immune = build(fighter("Fuego", special=["immune_to_flaming"]), _kdaai())
    assert not np.any(immune.groups[1, 0, IMPACT, :, G_ACTIVE])


def test_burning_body_toughness_test_each_own_turn():
    """MDNR "Cuerpo ardiente": "al principio de cada turno propio (excepto el primero), toda
    unidad con esta regla debe hacer un chequeo de Resistencia ...; si lo falla, la unidad
    sufre 1D3 heridas sin posibilidad de salvación especial".  Three T4 W3 K'daai (no armour)
    in their own turn fail on 5 or 6 (1/3) and lose a model on a D3 of 3: P(two left after
    the round) = 1/9; with a 4+ armour save each wound is saved on 4+ (1/3 x 1/3 x 1/8).
    Nobody else wounds (the enemy has no attacks); the K'daai win by their +5 bonus."""
    enemy = fighter("Guerreros", 10, 10, S=1, T=10, A=0)
    for save, p, seed in ((7, 1 / 9, 152), (4, 1 / 72, 153)):
        model = build(_kdaai(T=4, save=save), enemy, SideOptions(static_bonus=5),
                      options=CombatOptions(max_rounds=1, charger="none"))
        out = simulate(model, N, seed)
        assert out["surv"][0, 1] == 0  # D3 wounds kill one W3 model at most
        assert_mc(out["surv"][0, 2] / N, p, N, what=f"a K'daai burnt out (save {save})")


@needs_data
def test_kdaai_from_the_catalogue():
    """Spot check, Enanos del Caos "Nacifuegos k'daai": M15 HA4 HP2 F5 R4 H3 I4 A2 L7,
    "Cuerpo ardiente", "Ataques flamígeros", "Inmune a ataques flamígeros"."""
    c = cat("MDNR_Enanos_del_Caos v4_5.cat")
    u = c.unit("Nacifuegos k'daai")
    assert u.has("burning_body") and u.has("flaming_attacks") and u.has("immune_to_flaming")
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 4, 5, 4, 3, 4, 2, 7)
    assert not strict_items(c, "Nacifuegos k'daai")


# ----------------------------------------------------------------- Ld sources and stubbornness


def test_independent_units_never_use_the_general():
    """MDNR Regimientos de Renombre "Independientes": "nunca utilizan el Liderazgo del
    General, aunque sea mejor que el suyo" (RULES.md §3.1, §3.2).  Ld 7 losing by 3 with a
    General of Ld 9 near: holds with P(2D6 <= 4) = 6/36, not P(2D6 <= 6)."""
    for independent, p_hold, seed in ((True, 6 / 36, 161), (False, 15 / 36, 162)):
        unit = fighter("Compañía", S=1, T=10, special=["independent"] if independent else [])
        model = build(fighter("E", S=1, T=10), unit, SideOptions(static_bonus=3),
                      SideOptions(general_ld=9),
                      options=CombatOptions(max_rounds=1, musician_tiebreak=False))
        exact = first_round_exact(model)["first_round"]["defender_breaks"]
        assert exact == pytest.approx(1 - p_hold, abs=1e-12)
        out = simulate(model, N, seed)
        assert_mc((out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N, 1 - p_hold, N,
                  what=f"breaks (independent {independent})")


def test_resolute_first_round_only():
    """MDNR Imperio "Resolutos": "La unidad es Tozuda en la primera ronda de cada combate
    (sólo en la primera ronda)" (RULES.md §3.2: stubborn, Ld unmodified).  Ld 8 losing every
    round by 3: holds the first round with P(2D6 <= 8) = 26/36, the second with
    P(2D6 <= 5) = 10/36."""
    unit = fighter("Reiksguard", S=1, T=10, Ld=8, special=["first_round_stubborn"])
    model = build(fighter("E", S=1, T=10), unit, SideOptions(static_bonus=3),
                  options=CombatOptions(max_rounds=2, musician_tiebreak=False))
    exact = first_round_exact(model)["first_round"]["defender_breaks"]
    assert exact == pytest.approx(10 / 36, abs=1e-12)
    out = simulate(model, N, 163)
    assert_mc(out["breaks"][0, 1] / N, 10 / 36, N, what="first-round breaks")
    assert_mc(out["breaks"][1, 1] / N, 26 / 36 * 26 / 36, N, what="second-round breaks")


def test_example_of_sigmar_re_rolls_fear_and_panic():
    """MDNR Imperio "Ejemplo de Sigmar": "Toda unidad amiga a 15cm o menos de la Reiksguard a
    pie (incluyendo la propia Reiksguard a pie) puede repetir cualquier chequeo de pánico,
    miedo o terror fallado" (RULES.md §3.3, §3.4).  Charged by fear-causers of lower unit
    strength, Ld 7 Reiksguard hold on 6s only with (15/36)^2; Y (stubborn Ld 7) next to them
    re-rolls its panic test when X flees."""
    from odds.combat import fight

    reiksguard = fighter("Reiksguard", 10, 5, S=1, T=10, special=["sigmar_example"])
    r = fight(fighter("Ogros", 3, 3, S=1, T=10, special=["fear"]), reiksguard, trials=N,
              seed=164)
    ch = r.extra["charge"]
    assert ch["p_hits_on_6_exact"] == pytest.approx((15 / 36) ** 2, abs=1e-12)
    assert_mc(ch["p_hits_on_6"], (15 / 36) ** 2, N, what="fear re-rolled")
    x = _panic_unit("X", 2, special=["sigmar_example"])  # fled: still re-rolls for friends
    y = _panic_unit("Y", 7, special=["stubborn"])
    assert_mc(_flee_rate(x, y, 165), 1 - HOLDS + HOLDS * (15 / 36) ** 2, N,
              what="panic re-rolled")


@needs_data
def test_reiksguard_and_independents_from_the_catalogues():
    """Spot checks: Imperio "Reiksguard a pie" (M10 HA4 HP3 F3 R3 H1 I3 A1 L8, "Resolutos",
    "Ejemplo de Sigmar"); Regimientos de Renombre "Compañía maldita de Kreugar"
    ("Independientes")."""
    c = cat("MDNR_Imperio v4_5.cat")
    u = c.unit("Reiksguard a pie")
    assert u.has("first_round_stubborn") and u.has("sigmar_example")
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (10, 4, 3, 3, 1, 3, 1, 8)
    assert not strict_items(c, "Reiksguard a pie")
    r = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = next(e.name for e in r.entries if e.name.startswith("Compañía maldita de Kreugar"))
    assert r.unit(name).has("independent") and "Independientes" not in kinds(r, name)
