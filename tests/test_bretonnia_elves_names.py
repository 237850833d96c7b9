"""Bretonia and the elves: rule names mapped onto flags, or reported with no combat effect.

Each case cites the catalogue and entry whose text it reads (``/work/shared/battlescribe``).
"""

from __future__ import annotations

import pytest
from conftest import SHARED, cat, clean, kinds

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")

SILVANOS = "MDNR_Elfos_Silvanos v5.cat"
BRETONIA = "MDNR_Bretonia_v5.cat"
NOVELES = "MDNR_Bretonia_Guerra_de_Noveles_v1.cat"
DEMONIOS = "MDNR_Reinos_del_Caos_Demonios_Legion_Demoniaca_v1.cat"


@pytest.mark.parametrize(("book", "unit", "flags"), [
    # Elfos Silvanos "Jinetes de halcón", "Caballería voladora": "Volar, hostigadores, pu2,
    # +1 a la armadura"
    (SILVANOS, "Jinetes de halcón", {"flying", "skirmishers"}),
    # Reinos del Caos Demonios "Portadores del Cambio", "Caballería voladora": "son Unidad
    # Voladora (hostigadores, volar, los personajes no pueden unirse)"
    (DEMONIOS, "Portadores del Cambio", {"flying", "skirmishers", "no_characters"}),
    # Bretonia "Caballeros de pegaso", "Caballería voladora": "Recuerda que los personajes
    # nunca pueden unirse a unidades voladoras"
    (BRETONIA, "Caballeros de pegaso", {"no_characters"}),
    (NOVELES, "Caballeros de pegaso (0-1)", {"no_characters"}),
])
def test_flying_cavalry_by_its_text(book, unit, flags):
    """"Caballería voladora" gives what each book's text says, and is not reported."""
    c = cat(book)
    assert flags <= set(c.unit(unit).special), unit
    assert "Caballería voladora" not in kinds(c, unit), unit


def test_flying_cavalry_texts_differ():
    """Bretonia's text names no skirmish formation: its pegasus knights are not skirmishers
    (Bretonia "Caballería voladora")."""
    assert not cat(BRETONIA).unit("Caballeros de pegaso").has("skirmishers")


def test_bear_beastmaster_must_pursue():
    """Elfos Silvanos "Señor de las bestias (osos salvajes)": "Si gana un combate, la unidad
    debe perseguir" is ``must_pursue``."""
    c = cat(SILVANOS)
    assert c.unit("Señor de las bestias (osos salvajes)").has("must_pursue")
    assert "Si gana un combate, la unidad debe perseguir" not in kinds(
        c, "Señor de las bestias (osos salvajes)")


@pytest.mark.parametrize(("book", "unit", "name"), [
    # shooting
    (BRETONIA, "Hombres de armas a caballo", "Caballería rápida y ballesta"),
    (SILVANOS, "Señor de las bestias (jabalíes)", "Disparo a un señor de las bestias"),
    (SILVANOS, "Forestales", "Acechantes forestales"),
    (SILVANOS, "Forestales", "Disparo letal"),
    (SILVANOS, "Guardia del bosque", "Arcos largos de la guardia del bosque"),
    (SILVANOS, "Hombre árbol", "Estrangulamiento"),
    # war machines
    (BRETONIA, "Trebuchet", "Trebuchet"),
    (BRETONIA, "Pot-de-Feu", "Pot-de-feu"),
    # magic phase
    (SILVANOS, "Hombre árbol", "Poder del bosque (magia)"),
    # movement: a choice to split the unit
    (SILVANOS, "Señor de las bestias (jabalíes)", "¡Cogedlos!"),
    # deployment
    (SILVANOS, "Forestales", "Despliegue forestal"),
    (SILVANOS, "Forestales", "Personajes y exploradores"),
    # army composition, who may join
    (BRETONIA, "Escuderos 0-1*", "Son 0-1 por cada unidad de de Caballeros del Reino de tu"
                                 " ejército"),
    (SILVANOS, "Señor de las bestias (jabalíes)", "Bestias en solitario"),
])
def test_names_with_no_combat_effect(book, unit, name):
    """Names whose texts touch no close combat are reported as such, with their reason."""
    assert kinds(cat(book), unit)[name] == "no_combat_effect"


def test_clean_units_of_the_books():
    """Units left with nothing ignored by these names: Bretonia "Hombres de armas a caballo",
    "Trebuchet", "Caballeros de pegaso"; Elfos Silvanos "Forestales"."""
    for book, unit in ((BRETONIA, "Hombres de armas a caballo"), (BRETONIA, "Trebuchet"),
                       (BRETONIA, "Caballeros de pegaso"), (SILVANOS, "Forestales")):
        bad = [k for k, v in kinds(cat(book), unit).items() if v in ("ignored", "approximated")]
        assert not bad, (unit, bad)


def test_beastmaster_reported_as_modelled():
    """Elfos Silvanos "Señor de las bestias (jabalíes)": the import makes the boar the unit
    and the lord a character in it (tests/test_beast_lord.py), so "Muerte del señor" ("Si el
    Señor muere, las Bestias que estuvieran con él también lo hacen") and "Despliegue"
    ("forman una única unidad conjunta") are the rule ``beast_lord``, noted."""
    k = kinds(cat(SILVANOS), "Señor de las bestias (jabalíes)")
    assert k["Muerte del señor"] == "note"
    assert k["Despliegue"] == "note"


@pytest.mark.parametrize("book", [BRETONIA, "MDNR_Bretonia_con_Personajes_Especiales_v1.cat"])
@pytest.mark.parametrize("unit", ["Pot-de-Feu", "Balista de asedio", "Cañón bretoniano"])
def test_foreman_is_one_more_crewman(book, unit):
    """Bretonia (Pot-de-Feu, Balista de asedio, Cañón bretoniano): the "Capataz" (HA3 F3 R3
    H1 I3 A1 L6) beside two "Campesino" (HA2 F3 R3 H1 I3 A1 L5) is a second crew of the
    same T and W: he fights with his own WS, the unit tests on his L6 and its unit strength
    is its crew count, 3 (RULES.md §2.3 Default); the machine keeps its own R7 H3."""
    c = cat(book)
    u = c.unit(unit)
    assert (u.crew, u.extra_crew.count, u.extra_crew.WS, u.extra_crew.A) == (2, 1, 3, 1)
    assert (u.profile.WS, u.profile.Ld, u.profile.T, u.profile.W) == (2, 6, 7, 3)
    assert u.unit_strength == 3
    assert kinds(c, unit)["Capataz"] == "note"


@pytest.mark.parametrize("book", [SILVANOS, "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat"])
def test_silvan_heavy_cavalry_rides_its_barded_steed(book):
    """Elfos Silvanos "Caballería pesada silvana": the rider "Caballero silvano" (HA4 F3 R3 H1
    I5 A1 L8, TSA 4+, Tipo "Caballería") rides the "Corcel élfico con barda" (HA3 F3 I4 A1,
    no R or H, TSA "+2", Tipo "Animal"): the steed is the mount, not the model."""
    c = cat(book)
    u = c.unit("Caballería pesada silvana")
    assert u.troop_type == "cavalry"
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.Ld) == (
        4, 3, 3, 1, 5, 8)
    assert (u.mount.WS, u.mount.S, u.mount.I, u.mount.A) == (3, 3, 4, 1)
    assert u.armour_save_override == 4
    assert not [k for k, v in kinds(c, "Caballería pesada silvana").items()
                if v in ("ignored", "approximated")]


def test_young_knights_of_the_war_led_by_a_grail_knight():
    """Bretonia (Guerra de Noveles) "Caballeros noveles": the unit prints "Paladín novel" (HA3
    A2 L7) beside "Caballero novel" (A1), but its command group's champion option is "Caballero
    del Grial" (HA5 F4 I5 A2 L8, 22 points) with a profile of its own: no option selects the
    paladin, a note; the champion fights with the grail knight's profile."""
    c = cat(NOVELES)
    u = c.unit("Caballeros noveles")
    assert kinds(c, "Caballeros noveles")["Paladín novel"] == "note"
    p = u.champion_profile
    assert (p.WS, p.S, p.I, p.A, p.Ld) == (5, 4, 5, 2, 8)
    assert u.command.champion_points == 22
    assert clean(c, "Caballeros noveles")


def test_city_guard_with_shields_saves_as_recommended():
    """Elfos Oscuros (Guarnición de la Ciudad) "Guardia de la ciudad", "En caso de equipar a la
    unidad con escudos": "Nuestra recomendación es que se aplique el bonificador a armadura por
    arma de mano y escudo ... en los combates por el frontal de la unidad, pero salvación de
    ligera y escudo contra los ataques por su flanco o retaguardia": a note; with shields the
    mixed unit (front rank hand weapons, spears behind, light armour) saves 4+ against an enemy
    at its front and 5+ against one on its flank."""
    from conftest import infantry

    from odds.combat.model import FLANK, FRONT, G_SAVE, CombatOptions, build_units

    c = cat("MDNR_Elfos_Oscuros_Guarnicion_de_la_Ciudad_v1.cat")
    assert kinds(c, "Guardia de la ciudad")["En caso de equipar a la unidad con escudos"] == "note"
    assert clean(c, "Guardia de la ciudad")
    u = c.unit("Guardia de la ciudad")
    u = u.replace(equipment=u.equipment.replace(shield=True))
    for face, save in ((FRONT, 4), (FLANK, 5)):
        m = build_units([infantry("E", 10, 5), u], [0, 1], [(0, 1, FRONT, face)],
                        [True, False], [None, None], CombatOptions(max_rounds=1))
        assert m.groups[0, 1, 0, 0, G_SAVE] == save, face
