"""Army rules of the greens3 family of catalogues: Orcos y Goblins, Skaven, Enanos, the Elf
books, Condes Vampiro, Reyes Funerarios.

Names read in the catalogues of ../shared/battlescribe/ (skipped when the folder is absent):
troop types, army-composition rules and named leaders with weapons of their own.
"""

from __future__ import annotations

import pytest
from conftest import cat, check_kernel_first_round, clean, infantry, kinds, needs_data

from odds.combat.model import CombatOptions, build
from odds.units import Member, unit_from_dict
from odds.validation import OddsInputError

SKAVEN = ("MDNR_Skaven v4_5.cat", "MDNR_Skaven_con_Personajes_Especiales_v1.cat")
SNAGLA_BOOKS = ("MDNR_Orcos_y_Goblins_con_Personajes_Especiales_v1.cat",
                "MDNR_Orcos_y_Goblins_Horda_Zalvaje_v1.cat",
                "MDNR_Orcos_y_Goblins_Lista_de_Goblins_v1.cat",
                "MDNR_Orcos_y_Goblins_Whaaagh_de_las_Tierras_Yermas_v1.cat")


@needs_data
@pytest.mark.parametrize("book", SKAVEN)
def test_jezzail_teams_are_infantry_of_unit_strength_two(book):
    """Skaven "Mosquetes jezzail", profile "Mosquete jezzail": Tipo "Infantería (en peana de
    caballería)", Potencia 2, HA3 F3 R3 H1 I4 A2 L5, "Pavés" (6+); the book's "Grupo de
    apoyo" says of such teams "aunque puedan estar montados en peana de caballería, se
    consideran infantería a todos los efectos": infantry, unit strength 2 each."""
    c = cat(book)
    u = c.unit("Mosquetes jezzail")
    assert u.troop_type == "infantry" and u.unit_strength_per_model == 2
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A,
            u.profile.Ld) == (3, 3, 3, 1, 4, 2, 5)
    assert u.has("skirmishers") and u.armour_save == 6
    assert clean(c, "Mosquetes jezzail")


@needs_data
@pytest.mark.parametrize("book", SKAVEN)
def test_warpstone_weapons_is_army_composition(book):
    """Skaven "Ratas ogro mejoradas" "Armas de piedra bruja": "Cada Rata Ogro Mejorada puede
    equiparse con una (y solo una) arma ... DEBE equiparse con una opción diferente": which
    weapon option each model takes (each option an entry with its own rule).  Spot check:
    "Rata ogro mejorada" HA3 F6 R4 H3 I3 A3 L7, plate armour (4+), monstrous infantry."""
    c = cat(book)
    name = "Ratas ogro mejoradas"
    assert kinds(c, name)["Armas de piedra bruja"] == "no_combat_effect"
    u = c.unit(name)
    assert u.troop_type == "monstrous_infantry" and u.armour_save == 4
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.A) == (3, 6, 4, 3, 3)
    assert clean(c, name)


@needs_data
@pytest.mark.parametrize("book", SNAGLA_BOOKS)
def test_snagla_leads_his_spider_riders(book):
    """Orcos y Goblins "Acechantez de Snagla Grobspit": four "Acechante" HA2 F3 R3 H1 I2 A1
    L6 (hand weapon, cavalry spear, shield, "Pintura de guerra") on "Araña gigante" HA3 F3
    I3 A1, with musician and standard, and "Snagla Grobspit" HA4 HP3 F4 R4 H2 I4 A3 L7, one
    and only one, with "Kuchilla de Snagla": "Se trata de una Arma de mano con la regla
    Heridas múltiples (1D3) ... pierde el arma mágica" (a magic weapon: he must use it,
    RULES.md §1.7).  Snagla: a character joined to the unit for good."""
    c = cat(book)
    name = "Acechantez de Snagla Grobspit"
    u = c.unit(name)
    assert u.troop_type == "cavalry" and u.models == 7 and u.ward_save == 6
    assert u.equipment.weapon == "cavalry_spear" and u.multiple_wounds == ""
    (snagla,) = u.members
    assert snagla.role == "character"
    assert (snagla.profile.WS, snagla.profile.S, snagla.profile.T, snagla.profile.W,
            snagla.profile.I, snagla.profile.A, snagla.profile.Ld) == (4, 4, 4, 2, 4, 3, 7)
    assert snagla.equipment.weapon == "hand_weapon" and snagla.equipment.shield
    assert snagla.multiple_wounds == "d3" and "magic_attacks" in snagla.special
    assert clean(c, name)


def _goblins_with_leader(multiple_wounds):
    """Two S1 models (they cannot wound T5) and a named leader of A1 S5."""
    unit = infantry("Acechantez", 3, 3, S=1)
    leader = Member("Snagla", "character", unit.profile.replace(S=5),
                    unit.equipment, multiple_wounds=multiple_wounds)
    return unit.replace(members=(leader,))


def test_a_member_s_own_multiple_wounds():
    """A member's weapon of its own with "Heridas múltiples (1D3)" (Orcos y Goblins "Kuchilla
    de Snagla"): its one blow hits WS3 on 4+ and wounds T5 on 4+ (S5), each wound becoming
    1D3 on a model of W3: P(0) = 3/4, P(1) = P(2) = P(3) = 1/12; the unit's other models
    (S1 against T5) cannot wound.  Without them, Bernoulli(1/4)."""
    target = infantry("Blanco", T=5, W=3, A=0, special=["immune_to_psychology"])
    options = CombatOptions(max_rounds=1)
    model = build(_goblins_with_leader("d3"), target, options=options)
    check_kernel_first_round(model, [3 / 4, 1 / 12, 1 / 12, 1 / 12], 3301, "Kuchilla, 1D3")
    model = build(_goblins_with_leader(None), target, options=options)
    check_kernel_first_round(model, [3 / 4, 1 / 4], 3302, "the unit's (none)")


def test_member_multiple_wounds_validate_and_round_trip():
    """A member's multiple wounds are one of the engine's and round-trip through TOML."""
    unit = _goblins_with_leader("d3")
    assert unit_from_dict(unit.to_dict()) == unit
    with pytest.raises(OddsInputError, match="multiple_wounds"):
        Member("X", "character", unit.profile, multiple_wounds="1D3")
