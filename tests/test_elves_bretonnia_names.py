"""Bretonia and the elves: rule names mapped onto existing flags, or with no combat effect.

Each name is read from its text in the catalogues (cited per test); the entries are spot
checked against the XML by hand (profile, equipment, rules).
"""

from __future__ import annotations

import pytest
from conftest import SHARED, cat, clean, kinds

from odds.battlescribe.no_effect_names import no_combat_reason

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")

SILVANOS = ("MDNR_Elfos_Silvanos v5.cat", "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat")


def test_ship_guard_spears_fight_in_an_extra_rank():
    """``MDNR_Altos_Elfos_Patrulla_Marina_v1.cat`` "Guardia del Barco (Espadachines)"
    "Lanzas": "Si la Guardia del Barco combate con lanzas, combaten en tres filas": the book's
    "Fila adicional" (``extra_rank``: three ranks with spears, one fewer on the charge as
    every spear, RULES.md §1.1).  By hand against the XML: "Espadachín" M12 HA4 HP4 F3 R3 H1
    I5 A1 L8, hand weapon (the default), light armour, 11 points a model."""
    c = cat("MDNR_Altos_Elfos_Patrulla_Marina_v1.cat")
    guard = c.unit("Guardia del Barco (Espadachines)")
    assert guard.has("extra_rank")
    p = guard.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (12, 4, 3, 3, 1, 5, 1, 8)
    assert guard.equipment.weapon == "hand_weapon" and guard.equipment.armour == "light"
    assert guard.points_per_model == 11.0
    assert clean(c, "Guardia del Barco (Espadachines)")


@pytest.mark.parametrize("book", SILVANOS)
def test_wood_elf_names_without_combat_effect(book):
    """``MDNR_Elfos_Silvanos`` "Enjambres de duendes" "Unidad mágica (El atolondramiento de
    los diablillos)" ("Proyectil mágico de alcance 45 cm ... Estupidez durante su próximo
    turno"), "Hermanas de la espina" "Unidad mágica (Furia del bosque)" (a spell, no text),
    "Jinetes del bosque" "Caballería rápida y armadura" ("Si llevan Armadura ligera y Escudo,
    dejan de ser Caballería Rápida": movement), "Exploradores del bosque" (Scouts, 5-10
    models, Hostigadores given by the entry's own rule): each no combat effect with its
    reason, and the four units now fully modelled.  By hand against the XML: "Jinete del
    bosque" M22 HA4 F3 R3 H1 I5 A1 L8 on an elven steed, fast cavalry."""
    c = cat(book)
    names = {
        "Enjambres de duendes (requiere un Milenario)":
            "Unidad mágica (El atolondramiento de los diablillos)",
        "Hermanas de la espina": "Unidad mágica (Furia del bosque)",
        "Jinetes del bosque": "Caballería rápida y armadura",
        "Exploradores del bosque (sólo una por unidad de guardia del bosque)":
            "Exploradores del bosque (sólo una por unidad de guardia del bosque)",
    }
    for unit, name in names.items():
        assert kinds(c, unit)[name] == "no_combat_effect", (unit, name)
        assert no_combat_reason(name).split(":")[0] in ("magic phase", "movement",
                                                        "deployment"), name
        assert clean(c, unit), unit
    assert c.unit("Exploradores del bosque (sólo una por unidad de guardia del bosque)"
                  ).has("skirmishers")
    riders = c.unit("Jinetes del bosque")
    assert riders.troop_type == "cavalry" and riders.has("fast_cavalry")
    p = riders.profile
    assert (p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (4, 3, 3, 1, 5, 1, 8)
