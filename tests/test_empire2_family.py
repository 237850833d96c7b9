"""Army rules of the empire2 family of catalogues (issue 36): Imperio, Marienburgo, Estalia,
Condes Vampiro, Reyes Funerarios.

Names mapped onto what the engine already models, or with no effect on a close combat, read
in the catalogues of ../shared/battlescribe/ (skipped when the folder is absent).
"""

from __future__ import annotations

import pytest
from conftest import cat, clean, kinds, needs_data

STRIGOI = "MDNR_Condes_Vampiro_Clan_Strigoi_v2.cat"
DRAGON = "MDNR_Condes_Vampiro_Clan_Dragon_Sangriento_v2.cat"
MARIENBURG = "MdM_Marienburgo_(El_Templo_de_Myrmidia).cat"
QUATAR = "MDNR_Reyes_Funerarios_Ejercito_de_Quatar_v1.cat"
TOMB_KINGS_SPECIAL = "MDNR_Reyes_Funerarios_con_Personajes_Especiales_v1.cat"


@needs_data
@pytest.mark.parametrize("book, unit, rule, category", [
    # Marienburgo "Arquería de los Asur": "no sufren la penalización de -1 en la tirada para
    # impactar por mover y disparar"; game system "Cruzar (edificios)", "Cruzar (elementos
    # acuáticos)": "como terreno abierto a efectos de movimiento"
    (MARIENBURG, "Guardia Élfica (Maniquíes)", "Arquería de los Asur", "shooting"),
    (MARIENBURG, "Guardia Élfica (Maniquíes)", "Cruzar (edificios)", "movement"),
    (MARIENBURG, "Guardia Élfica (Maniquíes)", "Cruzar (elementos acuáticos)", "movement"),
    # Condes Vampiro (Clan Strigoi) "Personajes y Guardia del Osario": "Los personajes no
    # pueden unirse a la Guardia del Osario"
    (STRIGOI, "Guardia del Osario", "Personajes y Guardia del Osario", "who may join"),
])
def test_no_combat_effect_names(book, unit, rule, category):
    """Rules whose texts cannot change a close combat (odds.battlescribe.no_effect_names)."""
    c = cat(book)
    items = [i for i in c.report.for_unit(unit) if i.item == rule]
    assert items and all(i.kind == "no_combat_effect" and i.reason.startswith(category)
                         for i in items)


@needs_data
def test_elf_guard_spot_check():
    """Spot check against the XML: Marienburgo "Guardia Élfica (Maniquíes)", "Guardia Elfo"
    HA4 HP5 F3 R3 H1 I5 A1 L8 TSA 6+ (Infantería, Elfo), 9 guards with standard and musician
    plus the captain, hand weapon, shield and longbow; fully modelled (the hand weapon and
    shield: 5+ in close combat, RULES.md §1.5)."""
    c = cat(MARIENBURG)
    u = c.unit("Guardia Élfica (Maniquíes)")
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.I, u.profile.A, u.profile.Ld) \
        == (4, 3, 3, 5, 1, 8)
    assert u.troop_type == "infantry" and u.equipment.shield and u.armour_save == 5
    assert clean(c, "Guardia Élfica (Maniquíes)")


@needs_data
def test_crypt_guard_are_skirmishers():
    """Condes Vampiro (Clan Strigoi) "Guardia del Osario", "Carroñeros (Hostigadores)": "Los
    Necrófagos son Hostigadores y ningún personaje puede unirse a ellos" (as the v5 book's
    "Carroñeros").  Spot check against the XML: HA4 F4 R4 H1 I3 A2 L7, no save."""
    c = cat(STRIGOI)
    u = c.unit("Guardia del Osario")
    assert u.has("skirmishers") and u.has("no_characters")
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.I, u.profile.A, u.profile.Ld) \
        == (4, 4, 4, 3, 2, 7)
    assert u.armour_save == 7
    assert clean(c, "Guardia del Osario")


@needs_data
def test_blood_dragon_black_knights_lance_formation():
    """Condes Vampiro (Clan Dragón Sangriento) "Caballeros negros", "Formación en Lanza": "Si
    quieren, pueden usar la Formación en Lanza (Consulta los Manuscritos de Nuth: Bretonia)":
    Bretonia's lance formation (odds.special_rules.bretonnia, tests/test_lance_formation.py)."""
    c = cat(DRAGON)
    u = c.unit("Caballeros negros")
    assert u.has("lance_formation") and u.troop_type == "cavalry"
    assert kinds(c, "Caballeros negros").get("Formación en Lanza") not in ("ignored",
                                                                          "approximated")
    assert clean(c, "Caballeros negros")


@needs_data
@pytest.mark.parametrize("book", [QUATAR, TOMB_KINGS_SPECIAL])
def test_necropolis_knights_printed_mount(book):
    """Reyes Funerarios (Ejército de Quatar, con Personajes Especiales) "Caballeros de la
    Necrópolis": the rider "Caballero de la Necrópolis" HA4 HP3 F4 R4 H3 I3 A2 L8 TSA 3+
    (Caballería monstruosa, Potencia 3, no M) on a "Necrosierpe" M18 HA3 F5 I3 A2 whose Tipo is
    "Montura" (no R, H or TSA): the rider's steed, as in the v5 book (whose "Necrosierpe" is
    printed "Caballería monstruosa"); "Criatura artefacto"'s 5+ save is the printed 3+ one's
    base, one wound fewer from instability."""
    c = cat(book)
    u = c.unit("Caballeros de la Necrópolis")
    assert u.troop_type == "cavalry" and u.unit_strength == 3 * u.models
    assert (u.profile.M, u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I,
            u.profile.A, u.profile.Ld) == (18, 4, 4, 4, 3, 3, 2, 8)
    assert u.mount is not None and (u.mount.WS, u.mount.S, u.mount.I, u.mount.A) \
        == (3, 5, 3, 2)
    assert u.armour_save == 3 and u.has("artefact_creature")
    v5 = cat("MDNR_Reyes_Funerarios v5.cat").unit("Caballeros de la Necrópolis")
    assert (u.profile, u.mount, u.special) == (v5.profile, v5.mount, v5.special)
    assert clean(c, "Caballeros de la Necrópolis")


@needs_data
@pytest.mark.parametrize("book, unit, save", [
    # Imperio (Ejército Cruzado) "Caballeros de semigrifo": TSA "4+ (salvo que usen escudo
    # que sería 3+)" -- heavy armour and the cavalry +1 (RULES.md §1.5), no shield
    ("MDNR_Imperio_Ejercito_Cruzado_v1.cat", "Caballeros de semigrifo", 4),
    # Marienburgo "Caballería de Marienburgo de Órden de Caballería": plate armour and barding
    (MARIENBURG, "Caballería de Marienburgo de Órden de Caballería", 2),
])
def test_white_wolf_hammer_replaces_lance_and_shield(book, unit, save):
    """Imperio, Marienburgo "Caballeros del lobo blanco" (the order's option): "Sustituye la
    Lanza de caballería y el Escudo por un Martillo del Lobo Blanco" ("Requiere ambas manos.
    F+1. Si la miniatura va montada, tiene F+2 en el turno en que carga":
    odds.rules.WEAPONS["white_wolf_hammer"]): the hammer, no lance and no shield."""
    c = cat(book)
    u = c.unit(unit)
    assert u.equipment.weapon == "white_wolf_hammer" and not u.equipment.shield
    assert u.armour_save == save
    assert kinds(c, unit)["Caballeros del lobo blanco"] == "note"
    assert clean(c, unit)


@needs_data
def test_sylvanian_militia_shield_with_spear():
    """Condes Vampiro (Sylvania) "Milicia sylvaniana", "Armas de la Milicia sylvaniana":
    "Siempre van equipados con amadura ligera. Pueden y deben, elegir entre llevar ballesta,
    o escudo y lanza, o escudo y alabarda": the default spear comes with its shield (light
    armour and shield: 5+, RULES.md §1.5).  Spot check against the XML: "Miliciano
    sylvaniano" HA2 HP2 F3 R3 H1 I2 A1 L3, 10-30 models."""
    book = "MDNR_Condes_Vampiro_Sylvania_(Clan_Von_Carstein)_v2.cat"
    c = cat(book)
    u = c.unit("Milicia sylvaniana")
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.I, u.profile.A, u.profile.Ld) \
        == (2, 3, 3, 2, 1, 3)
    assert u.equipment.weapon == "spear" and u.equipment.shield
    assert u.equipment.armour == "light" and u.armour_save == 5
    assert kinds(c, "Milicia sylvaniana")["Armas de la Milicia sylvaniana"] == "note"
    assert clean(c, "Milicia sylvaniana")


NULN = "MDNR_Imperio_Tren_de_Artilleria_de_Nuln_v1.cat"
NAMED_HERO_BOOKS = (NULN, "MDNR_Imperio_con_Personajes_Especiales_v1.cat", MARIENBURG)


@needs_data
@pytest.mark.parametrize("book", NAMED_HERO_BOOKS)
def test_jubal_falk_leads_his_ironsides(book):
    """Imperio (Tren de Artillería de Nuln, con Personajes Especiales), Marienburgo "Jubal Falk
    y los Acorazados de Nuln": "Acorazado de Nuln" HA3 F3 R3 H1 I3 A1 L7 (9 of them, heavy
    armour, hand weapon, arquebus) and "Jubal Falk" HA3 HP4 F3 R3 H2 I4 A2 L8 (heavy armour,
    hand weapon and "Pistola", "Cuenta como arma de mano adicional"; a Hochland long rifle),
    the entry costing the ten: Jubal a character joined to the unit for good (a member of
    his own profile, RULES.md §2.4), with a hand weapon and a pistol (RULES.md §1.7); his
    shooting rules "Disciplina con la pólvora", "Disparo de mercurio": no combat effect."""
    c = cat(book)
    name = "Jubal Falk y los Acorazados de Nuln"
    u = c.unit(name)
    assert u.models == 10 and u.points_per_model * u.models == pytest.approx(230)
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.I, u.profile.A, u.profile.Ld) \
        == (3, 3, 3, 3, 1, 7)
    assert u.equipment.armour == "heavy" and u.equipment.weapon == "hand_weapon"
    (jubal,) = u.members
    assert jubal.role == "character"
    assert (jubal.profile.WS, jubal.profile.S, jubal.profile.T, jubal.profile.W,
            jubal.profile.I, jubal.profile.A, jubal.profile.Ld) == (3, 3, 3, 2, 4, 2, 8)
    assert jubal.equipment.weapon == "hand_weapon_and_pistol"
    assert jubal.equipment.armour == "heavy"
    k = kinds(c, name)
    assert k["Disciplina con la pólvora"] == k["Disparo de mercurio"] == "no_combat_effect"
    assert clean(c, name)


@needs_data
@pytest.mark.parametrize("book", [NULN, "MDNR_Imperio_con_Personajes_Especiales_v1.cat"])
def test_markus_wulfhart_leads_his_hunters(book):
    """Imperio "Cazadores de Markus Wulfhart": four "Cazador" HA3 F3 R3 H1 I3 A1 L7 (hand
    weapon, longbow; Hostigadores, Exploradores, Inmune a psicología) and "Markus Wulfhart"
    HA5 HP5 F4 R4 H2 I5 A3 L8 (hand weapon, "Arco ámbar"), the entry costing the five
    (174 points): Markus a character joined to the unit for good (RULES.md §2.4)."""
    c = cat(book)
    name = "Cazadores de Markus Wulfhart"
    u = c.unit(name)
    assert u.models == 5 and u.points_per_model * u.models == pytest.approx(174)
    assert u.has("skirmishers") and u.has("immune_to_psychology")
    (markus,) = u.members
    assert markus.role == "character"
    assert (markus.profile.WS, markus.profile.S, markus.profile.T, markus.profile.W,
            markus.profile.I, markus.profile.A, markus.profile.Ld) == (5, 4, 4, 2, 5, 3, 8)
    assert markus.equipment.weapon == "hand_weapon"
    assert clean(c, name)
