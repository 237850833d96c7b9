"""Regimientos de Renombre, round 2 (issue 11): Barda's gargoyles and Harkon's zombie pirates.

Engine checks compare the exact first round and the kernel with a law worked out by hand
(z = 5, fixed seeds; ``RULES.md`` §1.3 to hit); catalogue checks read
../shared/battlescribe/ and are skipped when it is absent.
"""

from __future__ import annotations

import pytest
from conftest import binomial, cat, check_first_round, clean, kinds, needs_data

from odds.battlescribe.names import race_from_tipo
from odds.characters import Character
from odds.combat.model import (
    FRONT,
    G_HIT,
    IMPACT,
    MOUNT,
    RANK_AND_FILE,
    CombatOptions,
    build,
    build_units,
)
from odds.units import MountProfile, Profile, unit_from_dict
from odds.validation import OddsInputError

RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
GARGOYLES = "Gárgolas volantes de Barda (Ocupa héroe y singular)(Mercenarios, Imperio y Enanos)"
PIRATES = ("Piratas zombi (leer cráneo de ébano y asignarlo)(Condes Vampiro, Elfos Oscuros,"
           " Enanos del Caos, Mercenarios, Orcos y Goblins, Caos, Reinos Ogros, Skaven)")


def fighter(name, models=10, *, WS=3, S=3, T=3, special=(), army="", race="", **extra):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": models,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)}, "army": army, "race": race,
        **extra,
    })


# ------------------------------------------------- Resistencia elevada a lo sobrenatural


def test_supernatural_resilience_costs_daemons_undead_and_magic_one_to_hit():
    """Regimientos de Renombre (Gárgolas volantes de Barda) "Resistencia elevada a lo
    sobrenatural": "cualquier miniatura de tipo Demonio, No Muerto o Espíritu del Bosque, o que
    tenga Ataques mágicos, tiene un -1 a impactar a las Gárgolas en combate cuerpo a cuerpo".

    10 WS3 S3 attacks against WS3 T3 gargoyles, no save: 4+ to hit, 4+ to wound, p = 1/4 for
    men; daemons, undead (a vampire too), forest spirits and magic attacks hit on 5+: p = 1/6.
    """
    gargoyles = fighter("Gárgolas", S=1, special=["hard_to_hit_supernatural"])
    cases = [
        (fighter("Hombres", T=10, army="empire"), 4, 1 / 4, 71),
        (fighter("Desangradores", T=10, army="daemons_of_chaos"), 5, 1 / 6, 72),
        (fighter("Esqueletos", T=10, army="vampire_counts"), 5, 1 / 6, 73),
        (fighter("Vampiros", T=10, army="vampire_counts", race="vampire"), 5, 1 / 6, 74),
        (fighter("Dríades", T=10, army="wood_elves", race="forest_spirit"), 5, 1 / 6, 75),
        (fighter("Espadas rúnicas", T=10, army="empire", special=["magic_attacks"]), 5, 1 / 6,
         76),
        # Monstruos Arcanos "Elemental encarnado" counts as a daemon only for extra damage
        (fighter("Elemental", T=10, special=["counts_as_daemon_undead"]), 4, 1 / 4, 77),
    ]
    for enemy, needed, p, seed in cases:
        model = build(enemy, gargoyles, options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == needed, enemy.name
        check_first_round(model, binomial(10, p), seed, f"{enemy.name} on the gargoyles")
    # the gargoyles' own blows are not penalised; a 6 still hits; summed with hard_to_hit
    ghosts = fighter("G", WS=7, T=10, army="vampire_counts",
                     special=["hard_to_hit_supernatural", "hard_to_hit"])
    model = build(gargoyles, fighter("D", army="daemons_of_chaos"),
                  options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 4
    model = build(fighter("D", army="daemons_of_chaos"), ghosts,
                  options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 6  # 5+ -1 -1 -> 6+, not 7+


def test_supernatural_resilience_per_attack_group():
    """The steeds' blows count on their own: a rider's magic attacks with mundane steeds
    ("Ataques mágicos (sólo Caballero y Capitán)") leave the steeds at 4+, a steed's own magic
    attacks ("Ataques mágicos (sólo Juggernaut)") put it at 5+; impact hits are not rolled."""
    gargoyles = fighter("Gárgolas", special=["hard_to_hit_supernatural"])

    def knights(special, mount_special):
        return fighter("K", special=special, army="empire").replace(
            troop_type="cavalry", mount=MountProfile(WS=3, S=3, I=3, A=1,
                                                     special=mount_special))

    for special, mount_special, rider, steed in (
            ((), (), 4, 4),
            (("magic_attacks",), ("mundane_attacks",), 5, 4),
            ((), ("magic_attacks",), 4, 5),
            (("magic_attacks",), (), 5, 5)):
        model = build(knights(special, mount_special), gargoyles,
                      options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == rider
        assert model.groups[0, 1, MOUNT, 0, G_HIT] == steed
    chariot = fighter("C", army="vampire_counts").replace(impact_hits="d6")
    model = build(chariot, gargoyles, options=CombatOptions(max_rounds=1, charger="attacker"))
    assert model.groups[0, 1, IMPACT, 0, G_HIT] == 0
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 5


def test_forest_spirit_from_the_tipo():
    """"Espíritu del Bosque" in a profile's Tipo is the race ``forest_spirit``."""
    assert race_from_tipo("wood_elves", "Infantería, Espíritu del Bosque") == "forest_spirit"
    assert race_from_tipo("vampire_counts", "Infantería, No Muerto, Espíritu.") == ""


# ----------------------------------------------------------------------- the catalogue


@needs_data
def test_barda_is_no_member_of_his_gargoyles():
    """Regimientos de Renombre "Personaje" (Barda): "Aunque Barda haya creado o invocado a las
    Gárgolas, no tiene que ir unido a la unidad (¡de hecho no puede!), y puede unirse a otra
    unidad".  The gargoyles come without him: no champion, 5 to 19 models ("Gárgolas volante
    base" min 5, "Gárgolas volante adicionales" max 14 at 20 pts), the regiment's 220 pts
    over its five gargoyles.  Spot check against the XML: "Gárgola volante" M10 HA4 HP0 F4 R4
    H1 I4 A1 L6 TSA 6+ with "Escudo" (5+), "Tirada de salvación especial 5+"."""
    c = cat(RENOWN)
    e = c.entry(GARGOYLES)
    assert (e.min_models, e.max_models) == (5, 19)
    u = c.unit(GARGOYLES)
    assert u.profile == Profile(M=10, WS=4, BS=0, S=4, T=4, W=1, I=4, A=1, Ld=6)
    assert not u.command.champion and u.members == ()
    assert u.models == 5 and u.armour_save == 5 and u.ward_save == 5
    assert u.points_per_model == pytest.approx(220 / 5)
    assert {"hard_to_hit_supernatural", "unstable", "immune_to_psychology", "flying",
            "immune_to_flaming"} <= set(u.special)
    k = kinds(c, GARGOYLES)
    assert k["Barda (líder)"] == "note"
    assert "Personaje" not in k and "Resistencia elevada a lo sobrenatural" not in k
    # "si Barda muere, las Gárgolas deberán hacer un chequeo como un monstruo que hubiera
    # perdido a su jinete": a monster's test for its slain rider, which 6th takes once the
    # close combat is resolved ("resolve the combat first", 6th.whfb.app/monsters/
    # slain-riders-and-monsters)
    assert k["Unidad controlada"] == "no_combat_effect"
    assert clean(c, GARGOYLES)


@needs_data
def test_harkons_pirates_take_no_character():
    """Regimientos de Renombre (Piratas zombi) "Zombis": "Ningún personaje puede unirse a una
    unidad de Piratas Zombi"; "Hordas de Harkon": "En un ejército de Condes Vampiro los
    personajes tampoco pueden unirse" (the rest of both is the march, the battle standard --
    whose only effect in the engine, a break-test re-roll, unstable units never use -- and
    the Vampire Counts' army rules, as for their own "Zombis").  Spot check against the XML:
    20 pirates M10 HA3 HP0 F3 R3 H1 I0 A1 L2, unstable, fear, immune to psychology."""
    c = cat(RENOWN)
    u = c.unit(PIRATES)
    assert u.profile == Profile(M=10, WS=3, BS=0, S=3, T=3, W=1, I=0, A=1, Ld=2)
    assert u.models == 20
    assert {"no_characters", "unstable", "fear", "immune_to_psychology"} <= set(u.special)
    k = kinds(c, PIRATES)
    assert "Zombis" not in k and "Hordas de Harkon" not in k
    assert not any(v in ("ignored", "approximated") for v in k.values())
    hero = Character(name="Capitán", profile=Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5,
                                                     A=3, Ld=8))
    with pytest.raises(OddsInputError, match="cannot join"):
        build_units([u, fighter("E")], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                    [None, None], CombatOptions(max_rounds=1), characters=[(0, hero)])
