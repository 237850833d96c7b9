"""Names of the Chaos, Chaos Dwarf and Ogre books read from their texts (chaosbeasts family).

Marks of Chaos of the Elfos Oscuros Culto de Slaanesh, a mark without text on a unit whose
``Tipo`` names its god (Horda de Archaón), the Despellejadores' "Garras de escalada", the
Gnoblar riders' "A cuestas" and "Montadas", and a Rare-slot label.
"""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, clean, kinds, needs_data

from odds.combat.model import CombatOptions, build
from odds.units import unit_from_dict

CULTO = "MDNR_Elfos_Oscuros_Culto_de_Slaanesh_v2.cat"
ARCHAON = "MDNR_Reinos_del_Caos_Mortales_Horda_de_Archaon_v1.cat"
GNOBLARS = "MDNR_Reinos_Ogros_Horda_Gnoblar_v1.cat"


def target(models: int = 10):
    """``models`` WS3 T3 models abreast with no save and no attacks, immune to psychology."""
    return unit_from_dict({
        "name": "Blanco", "troop_type": "infantry", "models": models, "files": models,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 0,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology"]},
    })


@needs_data
def test_culto_marks_of_slaanesh():
    """MDNR_Elfos_Oscuros_Culto_de_Slaanesh_v2.cat "Marca de Slaanesh": "Inmunes a Psicología"
    (Diablillas de Slaanesh, Cruzainfiernos de Slaanesh), "Los Iniciados de Slaanesh son
    inmunes a psicología ... Siguen teniendo Odio a Altos Elfos y siguen sufriendo de
    Estupidez si la tenían" (the unit's own rules kept), and the Engendro del Caos's "Mueve
    8D6cm vez de 5D6. Gana el tipo de unidad Slaanesh" (movement and a unit type):
    immune_to_psychology where the text says so, nothing else."""
    c = cat(CULTO)
    for name in ("Diablillas de Slaanesh", "Cruzainfiernos de Slaanesh", "Engendro del Caos"):
        assert clean(c, name), name
    for name in ("Diablillas de Slaanesh", "Cruzainfiernos de Slaanesh",
                 "Iniciados de Slaanesh (1+)"):
        assert c.unit(name).has("immune_to_psychology"), name
    assert "Marca de Slaanesh" not in kinds(c, "Iniciados de Slaanesh (1+)")
    spawn = c.unit("Engendro del Caos")
    assert not spawn.has("immune_to_psychology")


@needs_data
def test_culto_chaos_knights_rare_label():
    """MDNR_Elfos_Oscuros_Culto_de_Slaanesh_v2.cat "Caballeros del Caos": the option "Ocupa
    dos opciones de Unidad Singular" (no text) is army composition."""
    c = cat(CULTO)
    assert kinds(c, "Caballeros del Caos")["Ocupa dos opciones de Unidad Singular"] == \
        "no_combat_effect"
    assert clean(c, "Caballeros del Caos")


@needs_data
def test_archaon_skullreapers_mark_in_their_type():
    """Spot check against the XML: MDNR_Reinos_del_Caos_Mortales_Horda_de_Archaon_v1.cat
    "Siegacráneos de Khorne" M12 HA5 F4 R4 H3 I5 A3 L8 TSA 5+, Tipo "Infantería monstruosa,
    Humano, Caos, Khorne", rules "Furia asesina", "Miedo", "Ataques mágicos"; its "Marca de
    Khorne" has no text (the book's "Marcas del Caos de la Horda de Archaón" says which marks
    an army holds): its effects are the unit's own type and rules."""
    c = cat(ARCHAON)
    u = c.unit("Siegacráneos de Khorne")
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (12, 5, 4, 4, 3, 5, 3, 8)
    assert u.has("frenzy") and u.causes_fear and u.has("magic_attacks")
    assert kinds(c, "Siegacráneos de Khorne")["Marca de Khorne"] == "note"
    assert clean(c, "Siegacráneos de Khorne")


@needs_data
def test_archaon_flayers_climbing_claws():
    """Spot check against the XML: MDNR_Reinos_del_Caos_Mortales_Horda_de_Archaon_v1.cat
    "Despellejadores" M10 HA4 F4 R3 H1 I4 A1 L7, "Golpe letal (6+)", "Hostigadores"; their
    "Garras de escalada": "Dos armas de mano, es decir, tienen un ataque adicional"."""
    c = cat(ARCHAON)
    u = c.unit("Despellejadores")
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (10, 4, 4, 3, 1, 4, 1, 7)
    assert u.equipment.weapon == "additional_hand_weapon"
    assert "Garras de escalada" not in kinds(c, "Despellejadores")


@needs_data
def test_gnoblar_riders_spear_on_the_charge():
    """Spot check against the XML: MDNR_Reinos_Ogros_Horda_Gnoblar_v1.cat "Jinetez de
    Gnoblar" M10 HA2 F2 R3 H1 I3 A2 L5 TSA 6+, "Infantería", with "Lanza"; "A cuestas": "Es
    Infantería a todos los efectos, excepto que la lanza proporciona F+1 en carga (además de
    permitir atacar con fila adicional de forma habitual)"; "Montadas": "disponen de una TSA
    6+" (the printed save).  Five abreast charging ten WS3 T3 models with no save: the front
    rank alone fights on the charge (RULES.md §1.7 spear), 10 attacks hitting on 4+ (WS2 vs
    WS3, §1.3) and wounding on 4+ (S2+1 vs T3, §1.4): Binomial(10, 1/4) (the exact first
    round and the kernel); without the charge bonus S2 would wound on 5+."""
    c = cat(GNOBLARS)
    u = c.unit("Jinetez de Gnoblar", models=10, files=5)
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (10, 2, 2, 3, 1, 3, 2, 5)
    assert u.troop_type == "infantry" and u.equipment.weapon == "spear"
    assert u.has("strength_on_charge")
    assert clean(c, "Jinetez de Gnoblar")
    model = build(u, target(), options=CombatOptions(max_rounds=1))
    check_first_round(model, binomial(10, 1 / 4), 4411, "gnoblar riders charging")
