"""A war machine's crewman of another troop type: Enanos del Caos "Mortero terremuerte".

MDNR_Enanos_del_Caos v4_5.cat (and MDNR_Enanos_del_Caos_con_Personajes_Especiales_v1.cat),
"Mortero terremuerte" (R7 H3, 130 points): three "Enano del Caos" (HA4 F3 R4 H1 I2 A1 L9,
"Armadura ligera") and one "Ogro" (M15 HA3 F4 R4 H3 I2 A3 L7, TSA 6+, "Infantería
monstruosa", Potencia 3, "Arma de mano", "Armadura ligera"), whose rule "Mortero terremuerte"
reads "Además de los artilleros enanos, el Mortero cuenta con un Artillero Ogro. Este
Artillero luchará en combate cuerpo a cuerpo": one more crewman with his own T, W and save, a
body of his own beside the machine (as the Orcos y Goblins "Ezpabilagoblins",
``never_duels``), of his troop type's unit strength 3 (RULES.md §2.3).  The rule's "Si el
Mortero resultase destruido, la dotación (superviviente) formaría una unidad" never arises in
a close combat: "A war machine cannot be attacked in close combat while it still has crew"
(6th.whfb.app, war-machines/attacking-a-machine).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import binomial, cat, check_kernel_first_round, clean, infantry, kinds, needs_data

from odds.combat.model import S_NO_DUEL, S_US, CombatOptions, build
from odds.units import Profile
from odds.units.loaders import unit_from_dict

BOOKS = ("MDNR_Enanos_del_Caos v4_5.cat",
         "MDNR_Enanos_del_Caos_con_Personajes_Especiales_v1.cat")


@needs_data
@pytest.mark.parametrize("book", BOOKS)
def test_ogre_from_the_catalogue(book):
    """The machine keeps its three Chaos Dwarfs; the Ogro is its crewman body: his printed
    profile, monstrous infantry, ``never_duels``, priced with the machine (his entry costs 0:
    the default build costs the catalogue's 130).  Nothing of the entry is ignored or
    approximated; the unit's TOML mapping keeps the Ogro's troop type."""
    c = cat(book)
    unit = c.unit("Mortero terremuerte")
    assert unit.troop_type == "war_machine" and unit.crew == 3 and unit.extra_crew is None
    assert (unit.profile.WS, unit.profile.S, unit.profile.T, unit.profile.W) == (4, 3, 7, 3)
    assert unit.champion_profile == Profile(M=15, WS=3, BS=3, S=4, T=4, W=3, I=2, A=3, Ld=7)
    assert unit.champion_troop_type == "monstrous_infantry"
    assert unit.champion_special == ("never_duels",)
    assert unit.champion_save == 6 and unit.points == 130.0
    assert kinds(c, "Mortero terremuerte")["Ogro"] == "note"
    assert kinds(c, "Mortero terremuerte")["Mortero terremuerte"] == "no_combat_effect"
    assert clean(c, "Mortero terremuerte")
    assert unit_from_dict(unit.to_dict()) == unit


@needs_data
def test_ogre_fights_beside_the_dwarfs():
    """Against twenty WS5 T3 models without a save (A0): each Chaos Dwarf (WS4) hits on 4+
    (RULES.md §1.3) and wounds T3 with S3 on 4+ (§1.4), 1/4 a blow, three blows; the Ogro
    (WS3: WS5 is not more than twice his) hits on 4+ and wounds T3 with S4 on 3+, 1/3 for each
    of his three blows.  The kernel against Binomial(3, 1/4) convolved with Binomial(3, 1/3);
    the Ogro's body is of unit strength 3 and never duels."""
    unit = cat(BOOKS[0]).unit("Mortero terremuerte")
    enemy = infantry("Objetivo", 20, 10, WS=5, A=0)
    model = build(unit, enemy, options=CombatOptions(charger="defender", max_rounds=1))
    sides = np.asarray(model.sides)
    assert sides.shape[0] == 3
    assert (sides[0, S_US], sides[2, S_US], sides[2, S_NO_DUEL]) == (3, 3, 1)
    law = list(np.convolve(binomial(3, 1 / 4), binomial(3, 1 / 3)))
    check_kernel_first_round(model, law, 3671, "Chaos Dwarfs and their Ogro")
