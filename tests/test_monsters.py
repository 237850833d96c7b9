"""Monsters, war machines and units of several profiles (issue 11), from the catalogues' text.

Catalogue checks are written by hand from the profiles and rule descriptions in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare
the kernel with a probability worked out by hand at z = 5 with a fixed seed.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from conftest import assert_mc, cat, clean, first_round_shares, kinds, needs_data

from odds import dice
from odds.combat import CombatOptions, fight
from odds.combat.model import S_FLEE_DICE, S_PURSUE_DICE, _side, random_move_tail
from odds.combat.model import SideOptions as _SideOptions
from odds.unit_reference import load_unit
from odds.units import unit_from_dict
from odds.validation import OddsInputError

N = 100_000


def p_pass(ld: int) -> float:
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


# ------------------------------------------------------------------ random movement


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Reinos_del_Caos_Mortales_v5.cat",
                                  "MDNR_Reinos_del_Caos_Bestias_v5.cat",
                                  "MDNR_Reinos_del_Caos_Demonios_v5.cat"])
@pytest.mark.parametrize("name", ["Engendro del Caos", "Engendro gigantesco"])
def test_chaos_spawn_moves_randomly(book, name):
    """Reinos del Caos "Engendro del Caos" / "Engendro gigantesco": M printed "5D6", gst
    "Movimiento aleatorio (5D6)" ("haz la tirada cada vez que quieras mover"): random_move
    5d6, so it flees and pursues 5D6 (its mean M 17 would give 8D6, RULES.md §4.1); nothing
    of the unit is approximated any more (also A "1D6+1": random attacks; "Inmune a
    desmoralización": unbreakable)."""
    c = cat(book)
    u = c.entry(name).unit()
    assert u.random_move == "5d6"
    assert u.profile.M == 17  # the mean roll, shown only
    assert u.random_attacks == "d6+1" and u.has("unbreakable")
    k = kinds(c, name)
    assert not [i for i, kind in k.items() if kind in ("ignored", "approximated")], k
    side = _side(u, _SideOptions())
    assert side[S_FLEE_DICE] == 5 and side[S_PURSUE_DICE] == 5


@needs_data
def test_squig_hoppers_move_8d6():
    """Orcos y Goblins "Jinetez de garrapato": M "8D6": random_move 8d6 (flee/pursue 8D6);
    "Peligrosos" ("Los personajes no pueden unirse a la unidad ... a menos que vayan montados
    en un Garrapato Cavernícola") is army composition: the unit is fully modelled."""
    c = cat("MDNR_Orcos_y_Goblins v4_5.cat")
    u = c.entry("Jinetez de garrapato").unit()
    assert u.random_move == "8d6"
    assert _side(u, _SideOptions())[S_FLEE_DICE] == 8
    k = kinds(c, "Jinetez de garrapato")
    assert "Jinete de garrapato M" not in k and k["Peligrosos"] == "no_combat_effect"
    assert not [i for i, kind in k.items() if kind in ("ignored", "approximated")], k


@needs_data
def test_maw_tunnels_and_flees_5d6():
    """Monstruos Arcanos "Fauces del terror": M "5D6" and "Tunelador" ("Como la regla especial
    'volar' pero usando el movimiento de la criatura (5D6cm) ... Ten en cuenta que huye y
    persigue 5D6"): random_move 5d6, flee and pursuit 5D6 (not the flyers' 8D6)."""
    c = cat("MDNR_Monstruos_Arcanos_v5.cat")
    name = "Fauces del terror (monstruo arcano)"
    u = c.entry(name).unit()
    assert u.random_move == "5d6" and not u.has("flying")
    side = _side(u, _SideOptions())
    assert side[S_FLEE_DICE] == 5 and side[S_PURSUE_DICE] == 5
    k = kinds(c, name)
    assert k["Tunelador"] == "note"
    assert not [i for i, kind in k.items() if kind in ("ignored", "approximated")], k


def test_random_move_field_validated_and_round_trips():
    base = {"name": "x", "troop_type": "monster", "models": 1, "files": 1,
            "profile": {"M": 17, "WS": 3, "BS": 0, "S": 4, "T": 5, "W": 3, "I": 2, "A": 2,
                        "Ld": 10}}
    u = unit_from_dict({**base, "rules": {"random_move": "5d6"}})
    assert u.random_move == "5d6"
    assert unit_from_dict(u.to_dict()) == u
    with pytest.raises(OddsInputError, match="random_move"):
        unit_from_dict({**base, "rules": {"random_move": "2d6"}})


def test_random_move_tail_counts():
    """The tail table: outcomes of n D6 summing to at least k (worked out by hand for 1-2 D6)."""
    assert list(random_move_tail(1)[:8]) == [6, 6, 5, 4, 3, 2, 1, 0]
    t = random_move_tail(2)
    assert t[0] == 36 and t[12] == 1 and t[11] == 3 and t[7] == 21 and t[13] == 0
    t5 = random_move_tail(5)
    pmf = dice.sum_pmf(5)
    assert t5[12] / 6 ** 5 == pytest.approx(float(pmf[12:].sum()))


def test_random_mover_charge_catches_with_its_roll():
    """gst "Movimiento aleatorio (5D6)": contact is a charge; a unit fleeing from it is
    caught when the roll that brought it in (at least the 12 cm gap) also covers the flee
    roll: P(R >= 12 + F | R >= 12), R and F 5D6 (RULES.md §3.3, §4.1).  The ettin (terror)
    moving 5D6 charges swordsmen (Ld 7) from 12 cm."""
    ettin = dataclasses.replace(load_unit("chaos_ettin"), random_move="5d6")
    r = fight(ettin, "empire_swordsmen", trials=N, seed=31, options=CombatOptions(distance=12),
              keep_rows=True)
    p_fled = 1 - p_pass(7)
    assert_mc(r.extra["charge"]["p_fled"], p_fled, N, what="fled")
    pmf = np.asarray(dice.sum_pmf(5), float)
    tail = np.concatenate([pmf[::-1].cumsum()[::-1], np.zeros(60)])  # P(R >= k)
    caught = sum(pmf[f] * tail[12 + f] for f in range(pmf.size)) / tail[12]
    rows = r.rows[r.rows["rounds"] == 0]
    assert_mc(float((rows["outcome"] == "defender_caught").sum()) / N, p_fled * caught, N,
              what="caught at the charge")
    # the fixed-M ettin (M 15: reach 30 - 12 = 18) is caught less often: the rule matters
    fixed = float(dice.p_at_most(dice.sum_pmf(5), 18))
    assert abs(caught - fixed) > 0.1


def test_random_mover_charge_gap_within_its_roll():
    ettin = dataclasses.replace(load_unit("chaos_ettin"), random_move="5d6")
    with pytest.raises(OddsInputError, match=r"0\.\.30 cm \(its random move 5D6\)"):
        fight(ettin, "empire_swordsmen", trials=10, options=CombatOptions(distance=31))


# ------------------------------------------------------------------ chariots of two crews


def _chariot(extra: dict | None = None) -> object:
    data = {"name": "two-crew chariot", "troop_type": "chariot", "models": 1, "files": 1,
            "crew": 1,
            "profile": {"M": 18, "WS": 4, "BS": 0, "S": 3, "T": 4, "W": 4, "I": 3, "A": 1,
                        "Ld": 7},
            "equipment": {"armour_save_override": 4}}
    if extra is not None:
        data["extra_crew"] = extra
    return unit_from_dict(data)


def _victims() -> object:
    return unit_from_dict({"name": "victims", "troop_type": "infantry", "models": 10,
                           "files": 5,
                           "profile": {"M": 10, "WS": 4, "BS": 3, "S": 3, "T": 3, "W": 1,
                                       "I": 3, "A": 0, "Ld": 10},
                           "equipment": {"armour_save_override": 7}})


def test_extra_crew_validated_and_round_trips():
    u = _chariot({"WS": 4, "S": 4, "I": 3, "A": 1, "weapon": "great_weapon"})
    assert u.extra_crew.weapon == "great_weapon" and u.extra_crew.count == 1
    assert unit_from_dict(u.to_dict()) == u
    with pytest.raises(OddsInputError, match=r"extra_crew\.count"):
        _chariot({"WS": 4, "S": 4, "I": 3, "A": 1, "count": 9})
    with pytest.raises(OddsInputError, match=r"extra_crew\.weapon"):
        _chariot({"WS": 4, "S": 4, "I": 3, "A": 1, "weapon": "spear"})  # on foot only
    with pytest.raises(OddsInputError, match="extra_crew: only a chariot"):
        _victims().replace(extra_crew=_chariot({"WS": 1, "S": 1, "I": 1, "A": 1}).extra_crew)


def test_extra_crew_fights_beside_the_crew():
    """A chariot of two crews (one WS4 S3 A1, one WS4 S4 A2) charges WS4 T3 infantry with no
    save and no attacks: hits on 4+ (RULES.md §1.3), S3 wounds T3 on 4+ and S4 on 3+
    (§1.4): the wounds caused in the first round are Binomial(1, 1/4) + Binomial(2, 1/3);
    exact first round and kernel."""
    from conftest import assert_distribution

    from odds.combat.api import simulate
    from odds.combat.exact import first_round_exact
    from odds.combat.model import CREW, G_ATTACKS, G_PER_MODEL, G_WOUND, build

    model = build(_chariot({"WS": 4, "S": 4, "I": 3, "A": 2}), _victims(),
                  options=CombatOptions(max_rounds=1, charge_tests=False))
    row = model.groups[0, 1, CREW, 0]
    assert row[G_ATTACKS] == 2 and row[G_PER_MODEL] == 1 and row[G_WOUND] == 3
    a = np.array([3 / 4, 1 / 4])
    b = np.array([4 / 9, 4 / 9, 1 / 9])
    pmf = np.convolve(a, b)
    exact = np.asarray(first_round_exact(model)["wounds"][0], float)
    assert np.allclose(exact[: pmf.size], pmf) and np.allclose(exact[pmf.size:], 0)
    out = simulate(model, N, 47)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what="wounds of a two-crew chariot")


def test_extra_crew_weapon_strength_and_order():
    """The second crew's own weapon: a great weapon is S+2 and strikes last unless charging
    (RULES.md §1.7, the engine's strike order §1.2), the first crew keeps its own."""
    from odds.combat.model import (
        CAT_ASL,
        CAT_CHARGER,
        CREW,
        G_KEY,
        G_WOUND,
        RANK_AND_FILE,
        build,
    )

    unit = _chariot({"WS": 4, "S": 4, "I": 3, "A": 1, "weapon": "great_weapon"})
    m = build(unit, _victims(), options=CombatOptions(charge_tests=False))
    first, later = m.groups[0, 1, CREW, 0], m.groups[0, 1, CREW, 1]
    assert first[G_WOUND] == 2 and later[G_WOUND] == 2  # S6 against T3
    assert first[G_KEY] // 16 == CAT_CHARGER and later[G_KEY] // 16 == CAT_ASL
    assert m.groups[0, 1, RANK_AND_FILE, 1, G_WOUND] == 4  # the first crew's S3


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Reinos_del_Caos_Mortales_v5.cat",
                                  "MDNR_Reinos_del_Caos_Bestias_v5.cat",
                                  "MDNR_Reinos_del_Caos_Demonios_v5.cat"])
def test_tuskgor_chariot_crews(book):
    """Reinos del Caos "Carro de tuskgors": crew "Ungor" (HA4 F3 I3 A1, "Lanza (caballería)",
    L blank) and "Bestigor" (HA4 F4 I3 A1 L7, "Arma a dos manos"), two "Tuskgor" (HA3 F3 I2
    A1, "Empalar": F+2 en carga), chariot F5 R4 H4 TSA 4+, "Impactos por carga (1D6+1)":
    both crews fight, each with its weapon; the chariot tests on the Bestigor's L7."""
    c = cat(book)
    u = c.entry("Carro de tuskgors").unit()
    assert u.troop_type == "chariot" and u.crew == 1
    assert (u.profile.WS, u.profile.S, u.profile.I, u.profile.A, u.profile.Ld) == (4, 3, 3, 1, 7)
    assert u.equipment.weapon == "cavalry_spear"
    x = u.extra_crew
    assert (x.WS, x.S, x.I, x.A, x.count, x.weapon) == (4, 4, 3, 1, 1, "great_weapon")
    assert (u.mount.S, u.mount.count, u.mount.charge_bonus) == (3, 2, 2)
    assert u.impact_hits == "d6+1" and u.impact_strength == 5
    k = kinds(c, "Carro de tuskgors")
    assert clean(c, "Carro de tuskgors"), k
    assert k["Bestigor"] == "note" and k["Ungor L"] == "note"


@needs_data
def test_other_two_crew_machines():
    """Reinos del Caos Demonios "Carro flamígero de Tzeentch": "Incineradores" (HA2 F4 I4 A2)
    and "Horrores" (HA2 F3 I3 A1) ride it, both fight; Elfos Oscuros "Caldero de sangre" (a
    war machine): "El caldero en combate": "siempre lucha la dotación (coloca las Elfas y la
    Gran Elfa Bruja delante...)": the "Gran elfa bruja" (HA5 F3 I6 A2) fights beside the
    "Elfa bruja" crew, but her own R and H are not in the machine's wounds: approximated."""
    d = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    u = d.entry("Carro flamígero de Tzeentch").unit()
    assert (u.profile.WS, u.profile.S, u.profile.A) == (2, 4, 2)
    x = u.extra_crew
    assert (x.WS, x.S, x.I, x.A) == (2, 3, 3, 1)
    assert kinds(d, u.name)["Horror"] == "note"
    e = cat("MDNR_Elfos_Oscuros_v7.cat")
    w = e.entry("Caldero de sangre").unit()
    assert w.troop_type == "war_machine"
    x = w.extra_crew
    assert (x.WS, x.S, x.I, x.A, x.count) == (5, 3, 6, 2, 1)
    assert kinds(e, w.name)["Gran elfa bruja"] == "approximated"


# ------------------------------------------------------------------ handlers


@needs_data
@pytest.mark.parametrize(("book", "entry", "rule"), [
    ("MDNR_Reinos_del_Caos_Bestias_v5.cat", "Mastines del Caos", "Cuidador gor"),
    ("MDNR_Reinos_del_Caos_Mortales_v5.cat", "Mastines del Caos", "Cuidadores bárbaros"),
])
def test_handler_rule_is_the_options(book, entry, rule):
    """Reinos del Caos "Mastines del Caos": the rule "Cuidador gor" ("Puedes añadir un único
    Cuidador Gor en cada unidad de Mastines ... Trata siempre el Cuidador como si fuera un
    Personaje que se ha unido a la unidad") / "Cuidadores bárbaros" ("puedes incluir
    Cuidadores Bárbaros (+9/m)") describes a model option: the hounds alone (the default,
    no handler) have nothing of it; with the handler taken the rule is reported."""
    c = cat(book)
    u = c.entry(entry).unit()
    assert not u.command.champion
    assert kinds(c, entry)[rule] == "note"
    rep: list = []
    taken = c.entry(entry).unit(command="full", report=rep)
    assert taken.command.champion
    assert {i.item: i.kind for i in rep}[rule] == "ignored"


# ------------------------------------------------------------------ war machines


@needs_data
@pytest.mark.parametrize("name", ["Girocóptero", "Girobombardero"])
def test_gyrocopter_is_a_flying_monster(name):
    """Enanos "Máquina experimental": "Se considera como un Monstruo volador a todos los demás
    efectos": the Girocóptero (HA4 F4 R5 H3 I2 A2 L9, TSA 4+, Potencia 3) fights as one
    flying monster with its own profile (before: a war machine with 3 crew assumed, three
    times its attacks); "Bombardeo" is a shooting-phase template (no close-combat effect)."""
    c = cat("MDNR_Enanos v4_5.cat")
    u = c.entry(name).unit()
    assert u.troop_type == "monster" and u.crew == 1 and u.has("flying")
    p = u.profile
    assert (p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (4, 4, 5, 3, 2, 2, 9)
    assert u.armour_save == 4 and u.unit_strength_per_model == 3
    k = kinds(c, name)
    assert k["Máquina experimental"] == "note"
    assert not [i for i, kind in k.items() if kind in ("ignored", "approximated")], k


# ------------------------------------------------------------------ left reported


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Reinos_del_Caos_Mortales_v5.cat",
                                  "MDNR_Reinos_del_Caos_Bestias_v5.cat",
                                  "MDNR_Reinos_del_Caos_Demonios_v5.cat"])
def test_chaos_giant_rules_are_modelled(book):
    """Reinos del Caos "Gigante del Caos" (A "*"): "Ataques del gigante" (a D6 table each
    round: "Gritar y vocear" wins the combat by 2, "Garrotazo" 2D6 wounds on a failed I test,
    "Barrido con el garrote" 1D6 S6 hits...), "Caídas" and "Muerte del gigante" (the fallen
    giant's template) are the giants' rules of the engine (odds.special_rules.giants,
    tests/test_giant.py); its A "*" is the table's one roll a round."""
    c = cat(book)
    u = c.unit("Gigante del Caos")
    assert {"giant_attacks", "giant_falls", "giant_death_fall"} <= set(u.special)
    assert not u.has("giant_chains") and not u.has("giant_hooks")
    items = {i.item: i for i in c.report.for_unit("Gigante del Caos")}
    assert items["Gigante del Caos A"].kind == "note"
    assert "printed '*'" in items["Gigante del Caos A"].reason
    assert clean(c, "Gigante del Caos")
