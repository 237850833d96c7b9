"""BattleScribe import against the real MDNR data in ../shared/battlescribe/ (GPL-3 test data).

The files are read in place (never copied into the project); the tests skip
when the folder is absent.  Expected values were read by hand from the XML
(profiles, ``<cost>`` values, default entries) and agree with the header
comments of the built-in units in ``odds/library/``, which were transcribed
from the same catalogues.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from odds.battlescribe import load_catalogue
from odds.unit_reference import load_unit
from odds.units import Command, MountProfile, Profile, library_unit
from odds.validation import OddsInputError

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "battlescribe"
FILES = {
    "altos_elfos": "MDNR_Altos_Elfos v4_5.cat",
    "condes_vampiro": "MDNR_Condes_Vampiro_v5.cat",
    "enanos": "MDNR_Enanos v4_5.cat",
    "imperio": "MDNR_Imperio v4_5.cat",
    "orcos": "MDNR_Orcos_y_Goblins v4_5.cat",
    "caos": "MDNR_Reinos_del_Caos_Mortales_v5.cat",
}

pytestmark = pytest.mark.skipif(
    not all((SHARED / f).is_file() for f in FILES.values()),
    reason=f"MDNR BattleScribe data not found in {SHARED} (shared test data, not in the project)",
)

_CACHE: dict[str, object] = {}


def cat(key: str):
    if key not in _CACHE:
        _CACHE[key] = load_catalogue(SHARED / FILES[key])
    return _CACHE[key]


@pytest.mark.parametrize("key", sorted(FILES))
def test_every_unit_entry_imports(key):
    c = cat(key)
    assert len(c.entries) >= 20
    assert not [i for i in c.report if "cannot import" in i.reason]
    for e in c.entries:
        # default build and full command both work; the JSON-facing fields are set
        assert e.default_unit.models >= 1
        full = e.unit(command="full")
        assert full.points >= full.models * e.points_per_model
        assert e.points_per_model >= 0  # 0 when the cost sits on options (Altar de Sigmar)


def test_imperio_lanceros_by_hand():
    e = cat("imperio").entry("Lanceros")
    assert e.profile == Profile(M=10, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)
    assert (e.points_per_model, e.min_models, e.troop_type, e.unit_strength) == (
        6.0, 10, "infantry", 1)
    u = e.unit(models=20, files=5, command="full", upgrades=["Escudo"])
    assert (u.equipment.weapon, u.equipment.armour, u.equipment.shield) == ("spear", "light",
                                                                           True)
    assert u.points_per_model == 7.0  # 6 + shield 1
    assert u.command == Command(True, True, True, champion_points=10.0, standard_points=10.0,
                                musician_points=5.0)
    assert u.champion_profile == Profile(M=10, WS=3, BS=3, S=3, T=3, W=1, I=3, A=2, Ld=7)
    lib = library_unit("empire_spearmen")
    assert (u.profile, u.equipment, u.points_per_model, u.special) == (
        lib.profile, lib.equipment, lib.points_per_model, lib.special)


def test_imperio_alabarderos_and_knights_by_hand():
    u = cat("imperio").unit("Alabarderos")
    assert (u.equipment.weapon, u.equipment.armour, u.points_per_model) == ("halberd", "light",
                                                                            6.0)
    assert u.profile == library_unit("empire_halberdiers").profile
    k = cat("imperio").unit("Caballería imperial", command="full")
    assert k.troop_type == "cavalry"
    assert k.profile == Profile(M=18, WS=4, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=8)
    assert k.mount == MountProfile(WS=3, S=3, I=3, A=1)  # "Caballo de guerra con barda"
    assert (k.equipment.weapon, k.equipment.armour, k.equipment.shield, k.equipment.barding) \
        == ("lance", "plate", True, True)
    assert k.armour_save == 1  # as printed (TSA 1+): no disagreement reported
    assert not [i for i in cat("imperio").report.for_unit("Caballería imperial")
                if i.item == "TSA"]
    assert k.points_per_model == 23.0
    assert (k.command.champion_points, k.command.standard_points, k.command.musician_points) \
        == (16.0, 16.0, 8.0)
    assert k.equipment == library_unit("empire_knights").equipment


def test_enanos_martilladores_by_hand():
    u = cat("enanos").unit("martilladores", command="full")
    assert u.profile == Profile(M=8, WS=5, BS=3, S=4, T=4, W=1, I=2, A=1, Ld=9)
    assert (u.equipment.weapon, u.equipment.armour, u.equipment.shield) == ("great_weapon",
                                                                           "heavy", False)
    # "Firmeza", "Guardia personal" (fearless with a Sangre Real character), "Tozudez"
    assert u.special == ("resolute", "royal_guard", "stubborn")
    assert u.points_per_model == 12.0
    assert (u.command.champion_points, u.command.standard_points, u.command.musician_points) \
        == (12.0, 12.0, 6.0)
    assert u.champion_profile.A == 2  # "Guardián de la puerta"
    lib = library_unit("dwarf_hammerers")
    assert (u.profile, u.equipment, u.points_per_model, u.special) == (
        lib.profile, lib.equipment, lib.points_per_model, lib.special)
    items = {i.item: i.kind for i in cat("enanos").report.for_unit("Martilladores")}
    # "Agravio ancestral": "Los Enanos tienen Odio a todas las miniaturas de tipo Pielverde"
    assert "Agravio ancestral" not in items and u.hatred == lib.hatred == ("greenskin",)
    assert "Firmeza" not in items and u.has("resolute")  # flee and pursue 2 cm less
    assert items["Avance imparable"] == "no_combat_effect"  # march rule


def test_orcos_negros_by_hand():
    e = cat("orcos").entry("Orcos negros")
    assert e.profile == Profile(M=10, WS=4, BS=3, S=4, T=4, W=1, I=2, A=1, Ld=8)
    assert e.points_per_model == 10.0
    assert e.default_unit.equipment.weapon == "hand_weapon"  # "Rebanadora" by default
    u = e.unit(upgrades=["Arma a dos manos"])
    assert (u.equipment.weapon, u.equipment.armour, u.points_per_model) == ("great_weapon",
                                                                           "heavy", 12.0)
    # the catalogue's champion "Jefe orco negro": WS5 S5 A2
    assert u.champion_profile == Profile(M=10, WS=5, BS=3, S=5, T=4, W=1, I=2, A=2, Ld=8)
    lib = library_unit("black_orcs")
    assert (u.profile, u.equipment, u.points_per_model) == (lib.profile, lib.equipment,
                                                            lib.points_per_model)


def test_altos_elfos_maestros_by_hand():
    u = cat("altos_elfos").unit("Maestros de la espada de Hoeth")
    assert u.profile == Profile(M=12, WS=6, BS=4, S=3, T=3, W=1, I=5, A=1, Ld=8)
    assert (u.equipment.weapon, u.equipment.armour) == ("great_weapon", "heavy")
    assert u.special == ("ignores_strikes_last",)  # rule "Maestro de la espada"
    assert u.points_per_model == 13.0
    lib = library_unit("high_elf_swordmasters")
    assert (u.profile, u.equipment, u.points_per_model, u.special) == (
        lib.profile, lib.equipment, lib.points_per_model, lib.special)


@pytest.mark.parametrize(("key", "name", "library", "upgrades"), [
    ("imperio", "Espadachines", "empire_swordsmen", []),
    ("enanos", "Guerreros enanos", "dwarf_warriors", ["Escudo"]),
    ("orcos", "Guerreros orcos", "orc_boyz", ["Armadura ligera", "Escudo"]),
    ("orcos", "Trolls", "trolls", []),
    ("altos_elfos", "Lanceros", "high_elf_spearmen", ["Escudo"]),
    ("caos", "Guerreros del Caos", "chaos_warriors", ["Escudo"]),
    ("caos", "Ettin maldito", "chaos_ettin", []),
    ("condes_vampiro", "Zombis", "vc_zombies", []),
    ("condes_vampiro", "Guerreros esqueleto", "vc_skeletons", ["Armadura ligera", "Escudo"]),
])
def test_agrees_with_built_in_library(key, name, library, upgrades):
    u = cat(key).unit(name, upgrades=upgrades)
    lib = library_unit(library)
    for attr in ("troop_type", "profile", "equipment", "mount", "special", "regeneration",
                 "ward_save", "points_per_model", "armour_save"):
        assert getattr(u, attr) == getattr(lib, attr), attr


def test_chaos_chariot_by_hand():
    u = cat("caos").unit("Carro del Caos")
    assert u.troop_type == "chariot"
    # crew "Guerrero del Caos" WS5 S4 I5 A1 Ld8 with the chariot's T5 W4 and the steeds' M18
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A,
            u.profile.Ld, u.profile.M) == (5, 4, 5, 4, 5, 1, 8, 18)
    assert (u.impact_hits, u.impact_strength, u.armour_save_override) == ("d6+1", 5, 3)
    assert u.mount == MountProfile(WS=3, S=4, I=3, A=1, count=2)
    assert (u.equipment.weapon, u.equipment.barding, u.points_per_model) == ("halberd", True,
                                                                             120.0)


def test_strict_raises_on_unmodelled_rule():
    # the first entry, "Guerreros enanos": "Avance imparable" (march) has no combat effect,
    # "Agravio ancestral" is hatred of greenskins, "Firmeza" (flee 5D6-2 cm) is modelled, so
    # is the longbeards' panic re-roll for friends ("Viejos cascarrabias"), so is the
    # hammerers' "Guardia personal", so are the slayers' attacks ("Torbellino de muerte"):
    # the first entry with something not modelled is the Barcatronante's (a ward save for
    # the machine alone, "Runas protectoras")
    with pytest.raises(OddsInputError, match="'Runas protectoras' ignored"):
        load_catalogue(SHARED / FILES["enanos"], strict=True)


def test_spec_with_spaces_in_the_path_and_combat_smoke():
    from odds.combat import fight

    spec = f"{SHARED / FILES['imperio']}:Lanceros?models=20&files=5&command=full&upgrades=Escudo"
    spearmen = load_unit(spec)
    assert (spearmen.models, spearmen.points) == (20, 20 * 7 + 25)
    hammerers = load_unit(f"{SHARED / FILES['enanos']}:Martilladores?models=15&files=5")
    result = fight(spearmen, hammerers, trials=2000, seed=1)
    assert 0.0 <= result.p_win("attacker") <= 1.0
    assert result.p_win("attacker") + result.p_win("defender") <= 1.0 + 1e-12
