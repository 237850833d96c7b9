"""Units whose front rank is other models than the ranks behind it (issue 11).

MDNR Elfos Oscuros "Guardia de la ciudad", "Unidad mixta": "Se trata de Lanceros, salvo la
primera fila, que está formada por Ballesteros ... retira las bajas de las filas posteriores
... Sólo cuando hayan caído todos los lanceros se podrá empezar a retirar ballesteros ...
cuando una unidad de Guardia de la Ciudad recibe una carga frontal, el jugador Elfo Oscuro
puede Aguantar y disparar y luchar con las dos filas (por las lanzas). Recuerda que la
primera fila irá armada con arma de mano y escudo en cuerpo a cuerpo, y puede recibir el
bono por parada a la armadura. En caso de combate por el flanco o por la retaguardia, las
salvaciones se realizarán con la armadura de los lanceros, nunca contra la de los
ballesteros" (``Unit.front_weapon``; RULES.md §1.1 spears, §1.5 the hand weapon and shield's
parry).  Engine checks compare the exact first round and the kernel with Binomial laws worked
out by hand (z = 5, fixed seeds); catalogue checks read ../shared/battlescribe/ and are
skipped when it is absent.
"""

from __future__ import annotations

import pytest
from conftest import binomial, cat, check_first_round, clean, kinds, needs_data

from odds.combat.model import G_RANKS, G_SAVE, RANK_AND_FILE, CombatOptions, build, build_units
from odds.units import Profile, unit_from_dict
from odds.validation import OddsInputError

DARK_ELVES = "MDNR_Elfos_Oscuros_v7.cat"
SHIELDS = "Escudos (los llevan todos o ninguno)"


def guard(models=20, files=5, *, shield=True, **extra):
    """The Guardia as its rule builds it: light armour, spears behind a front rank of hand
    weapons (and shields)."""
    return unit_from_dict({
        "name": "Guardia", "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 12, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 5, "A": 1,
                    "Ld": 8},
        "equipment": {"weapon": "spear", "armour": "light", "shield": shield,
                      "front_weapon": "hand_weapon"},
        **extra,
    })


def fighter(models, files=None, *, WS=3, T=3):
    return unit_from_dict({
        "name": "F", "troop_type": "infantry", "models": models, "files": files or models,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": 3, "T": T, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
    })


def test_front_rank_saves_with_the_parry_the_ranks_without():
    """Light armour and shield: the crossbowmen of the front rank, "arma de mano y escudo en
    cuerpo a cuerpo ... el bono por parada", save 4+ (6+ light, +1 shield, +1 parry); the
    spearmen 5+ (a spear takes no parry, RULES.md §1.5), "por el flanco o por la retaguardia
    ... la armadura de los lanceros".  Without shields both are 6+.  Against shooting the
    parry never counts."""
    g = guard()
    assert (g.armour_save, g.rear_armour_save) == (4, 5)
    assert g.armour_save_against(in_close_combat=False) == 5
    bare = guard(shield=False)
    assert (bare.armour_save, bare.rear_armour_save) == (6, 6)
    plain = g.replace(front_weapon="")
    assert plain.armour_save == plain.rear_armour_save == 5


@pytest.mark.parametrize("face, p, seed", [("front", 1 / 8, 2201), ("flank", 1 / 6, 2202),
                                           ("rear", 1 / 6, 2203)])
def test_blows_on_the_guard_by_face(face, p, seed):
    """Three WS3 S3 models (all in contact: a front of 60 mm against the guard's 100 mm front
    or 80 mm flank) strike the guard: 4+ to hit (WS3 against WS4), 4+ to wound, then its
    save fails with 1/2 at the front (4+) and 2/3 on a flank or the rear (5+):
    Binomial(3, 1/8), resp. Binomial(3, 1/6)."""
    model = build(fighter(3), guard(), options=CombatOptions(max_rounds=1, attacker_face=face))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == (4 if face == "front" else 5)
    check_first_round(model, binomial(3, p), seed, f"wounds on the guard ({face})")


@pytest.mark.parametrize("charging, fighters, seed", [(False, 10, 2204), (True, 5, 2205)])
def test_the_spearmen_fight_from_the_second_rank(charging, fighters, seed):
    """"luchar con las dos filas (por las lanzas)": not charging, the five crossbowmen in
    contact and the five spearmen behind them strike (RULES.md §1.1: a spear's second rank,
    not on the turn the unit charges); charging, the front rank alone.  The guard strikes
    first either way (I5 against I3, or as the charger).  WS4 against WS3 hits on 3+, S3
    against T3 wounds on 4+, no save: Binomial(10, 1/3), resp. Binomial(5, 1/3)."""
    g = guard()
    model = build(g, fighter(10), options=CombatOptions(
        max_rounds=1, charger="attacker" if charging else "none", charge_tests=False))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_RANKS] == (1 if charging else 2)
    check_first_round(model, binomial(fighters, 1 / 3), seed,
                      f"the guard's blows (charging {charging})")


def test_several_units_see_the_face_they_touch():
    """In a combat of several units each enemy unit rolls the save of the face it touches:
    one at the guard's front 4+, one at its flank 5+ (odds.combat.model.fought_through)."""
    g = guard()
    model = build_units([g, fighter(3), fighter(3)], [0, 1, 1],
                        [(1, 0, 0, 0), (2, 0, 0, 1)], [False, True, True], [None] * 3)
    assert model.groups[1, 0, RANK_AND_FILE, 0, G_SAVE] == 4
    assert model.groups[2, 0, RANK_AND_FILE, 0, G_SAVE] == 5


def test_the_champion_stands_with_the_crossbowmen():
    """The command group is in the front rank: the "Señor" (A2) fights with the front rank's
    hand weapon and saves like it (4+), so he is no body of his own."""
    g = guard(command={"champion": True}, champion_profile={"A": 2})
    assert g.champion_weapon_key == "hand_weapon"
    assert g.champion_save == g.armour_save == 4


def test_front_weapon_round_trips_and_refuses_what_it_cannot_fight():
    """TOML ``equipment.front_weapon`` round-trips; a front weapon whose blows differ from the
    ranks' (a great weapon's S+2 and last strike, or a spear of its own) is an error, not a
    silent approximation."""
    g = guard()
    assert unit_from_dict(g.to_dict()) == g
    assert "front_weapon" not in guard().replace(front_weapon="").to_dict()["equipment"]
    for weapon in ("great_weapon", "spear", "additional_hand_weapon"):
        with pytest.raises(OddsInputError, match="front_weapon"):
            g.replace(front_weapon=weapon)
    with pytest.raises(OddsInputError, match=r"equipment\.front_weapon"):
        unit_from_dict({**g.to_dict(), "equipment": {**g.to_dict()["equipment"],
                                                     "front_weapon": "lance"}})


@needs_data
def test_city_guard_from_the_catalogue():
    """Spot check against the XML, MDNR Elfos Oscuros "Guardia de la ciudad": profile "Guardia"
    M12 HA4 HP4 F3 R3 H1 I5 A1 L8 TSA 6+; "Ballesteros elfos oscuros (primera fila)": "Armadura
    ligera", "Arma de mano", "Ballesta de repetición"; "Lanceros elfos oscuros": "Armadura
    ligera", "Arma de mano" and "Lanza" (its group takes both); the option "Escudos (los llevan
    todos o ninguno)"; champion "Señor" A2.  Both entries are in every unit (the rule), chosen
    or not; "Unidad mixta" is modelled, so the unit is fully modelled."""
    from odds.battlescribe.spec import unit_from_spec

    c = cat(DARK_ELVES)
    k = kinds(c, "Guardia de la ciudad")
    assert k["Unidad mixta"] == "note" and k["Ballesta de repetición"] == "no_combat_effect"
    assert clean(c, "Guardia de la ciudad")
    u = c.unit("Guardia de la ciudad")
    assert u.profile == Profile(M=12, WS=4, BS=4, S=3, T=3, W=1, I=5, A=1, Ld=8)
    assert (u.equipment.weapon, u.equipment.armour, u.equipment.shield) == ("spear", "light",
                                                                            False)
    assert u.front_weapon == "hand_weapon" and u.armour_save == u.rear_armour_save == 6
    assert u.hatred == ("high_elves",)
    path = f"../shared/battlescribe/{DARK_ELVES}:Guardia de la ciudad"
    s = unit_from_spec(f"{path}?models=20&files=5&command=full&upgrades={SHIELDS}")
    assert s.equipment.shield and (s.armour_save, s.rear_armour_save) == (4, 5)
    assert s.champion_profile.A == 2 and s.champion_weapon_key == "hand_weapon"
    assert s.import_notes == ()
    # chosen explicitly, the entries are taken once and change nothing in the combat (the
    # points are summed over the entries chosen, as before: not this rule's concern)
    t = unit_from_spec(f"{path}?models=20&files=5&command=full&upgrades={SHIELDS}"
                       "&upgrades=Lanceros elfos oscuros"
                       "&upgrades=Ballesteros elfos oscuros (primera fila)")
    assert t.replace(points_per_model=s.points_per_model) == s


# ----------------------------------------------------------------- left reported

TOXOTE = ("Monturas Infernales de Toxote (Condes Vampiro, Enanos del Caos, Orcos y Goblins,"
          " Caos, Reyes Funerarios, Skaven)")


@needs_data
@pytest.mark.parametrize("book, unit, item, phrase", [
    ("MDNR_Reinos_del_Caos_Bestias_v5.cat", "Manada de bestias (mixta)", "Ungor",
     "behind the Gors"),
    ("MDNR_Reinos_del_Caos_Demonios_v5.cat", "Manada de bestias (mixta)", "Ungor",
     "behind the Gors"),
    ("MDNR_Reinos_del_Caos_Mortales_v5.cat", "Manada de bestias (mixta)", "Ungor",
     "behind the Gors"),
    ("MDNR_Regimientos_de_Renombre v5.cat", TOXOTE, "Kylist", "do not say where"),
    ("MDNR_Regimientos_de_Renombre v5.cat", TOXOTE, "Vino del Odio", "third turn"),
    ("MDNR_Regimientos_de_Renombre v5.cat", TOXOTE, "Alabarda", "one close-combat weapon"),
])
def test_second_profiles_left_reported_say_why(book, unit, item, phrase):
    """Left ``ignored`` with the reason read from the texts (unmodelled.SECOND_PROFILE_REASONS,
    UNMODELLED_REASONS): the herd's Ungors stand behind its Gors ("coloca ... los gors, y
    luego los ungors"; "el enemigo puede elegir ... sean personajes, Gors o Ungors"), so the
    T, save and fighters the enemy meets change as the Gors die; the Toxote regiment's Kylists
    (and their "Alabarda") have no place in the unit the data give, and "Vino del Odio" is
    rolled "Al inicio de tu tercer turno" (a 6: "Ganan F+1 y H+1 hasta el final de la
    batalla"), a turn a combat does not know."""
    items = {i.item: i for i in cat(book).report.for_unit(unit)}
    assert items[item].kind == "ignored"
    assert phrase in items[item].reason
