"""Elfos Silvanos "Señor de las bestias": the beasts' unit with their lord (``beast_lord``).

MDNR_Elfos_Silvanos v5.cat and MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat, entries
"Señor de las bestias (grandes felinos)", "(jabalíes)", "(mastines de caza)", rule
"Despliegue": "Las Bestias despliegan al lado del Señor e, inicialmente, forman una única
unidad conjunta. Mientras vayan con él, el Señor no puede rehuir un desafío. Ten en cuenta que
si el Señor lleva Bestias, son unidad a todos los efectos; si no los lleva es miniatura
individual. Cuando forman unidad no son hostigadores"; rule "Muerte del señor": "Si el Señor
muere, las Bestias que estuvieran con él también lo hacen".
"""

from __future__ import annotations

import pytest
from conftest import assert_mc, cat, clean, infantry, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import FRONT, WIPED, CombatOptions, build_units
from odds.combat.model.layout import CHALLENGE_STATS
from odds.units import Equipment, Member, Profile

SILVANOS = "MDNR_Elfos_Silvanos v5.cat"
SPECIALS = "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat"
HOUNDS = "Señor de las bestias (mastines de caza)"
TRIALS = 200_000
LORD = Profile(M=18, WS=6, BS=6, S=4, T=3, W=2, I=7, A=3, Ld=9)


def _fight(beasts, enemy, seed, *, allocation=None, challenge=None):
    model = build_units([beasts, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, None], CombatOptions(max_rounds=1), allocation=allocation,
                        challenge=challenge)
    return simulate(model, TRIALS, seed)


@needs_data
@pytest.mark.parametrize("book", [SILVANOS, SPECIALS])
@pytest.mark.parametrize(("unit", "beast", "points", "save"), [
    # "Gran felino" M20 HA4 HP0 F4 R4 H2 I4 A3 L4, TSA blank, "Caballería, Animal"; 80 + 20
    ("Señor de las bestias (grandes felinos)",
     Profile(M=20, WS=4, BS=0, S=4, T=4, W=2, I=4, A=3, Ld=4), 100.0, 7),
    # "Jabalí" M18 HA3 HP0 F3 R4 H1 I3 A1 L5, TSA 6+; 80 + 12
    ("Señor de las bestias (jabalíes)",
     Profile(M=18, WS=3, BS=0, S=3, T=4, W=1, I=3, A=1, Ld=5), 92.0, 6),
    # "Mastín de caza" M18 HA4 HP0 F3 R3 H1 I3 A1 L5, TSA blank; 80 + 6
    (HOUNDS, Profile(M=18, WS=4, BS=0, S=3, T=3, W=1, I=3, A=1, Ld=5), 86.0, 7),
])
def test_the_beasts_and_their_lord_from_the_catalogue(book, unit, beast, points, save):
    """Spot check against the XML: the default build (one beast, the option's minimum) is a
    cavalry unit of the beast's printed profile and save (no cavalry +1: no steed profile)
    with "Señor de las bestias" (HA6 HP6 F4 R3 H2 I7 A3 L9, "Infantería", TSA blank) standing
    in it as a character on foot, unit strength 2 + 1; the entry's points (80 and the beast)
    kept; "Despliegue" and "Muerte del señor" modelled, nothing ignored or approximated."""
    book_ = cat(book)
    u = book_.unit(unit)
    assert (u.troop_type, u.models, u.profile, u.armour_save) == ("cavalry", 2, beast, save)
    assert u.has("beast_lord") and not u.has("skirmishers") and u.mount is None
    (lord,) = u.members
    assert (lord.role, lord.troop_type, lord.armour_save_override) == ("character",
                                                                      "infantry", 7)
    assert lord.profile == LORD.replace(M=beast.M)
    assert lord.special == ("beast_lord",)
    assert u.unit_strength == 3
    assert u.points == points
    assert kinds(book_, unit)["Despliegue"] == "note"
    assert kinds(book_, unit)["Muerte del señor"] == "note"
    assert clean(book_, unit)


@needs_data
def test_the_bears_stay_reported():
    """"Señor de las bestias (osos salvajes)": the bear ("Oso salvaje", "Monstruo") is no
    cavalry beast: the entry keeps its report (the bear ignored, "Despliegue" approximated)."""
    k = kinds(cat(SILVANOS), "Señor de las bestias (osos salvajes)")
    assert k["Oso salvaje"] == "ignored" and k["Despliegue"] == "approximated"


def _hounds(special=("beast_lord",)):
    """The hound and its lord as the catalogue builds them (the lord's rule: ``special``)."""
    u = cat(SILVANOS).unit(HOUNDS)
    return u.replace(members=(u.members[0].replace(special=special),))


@needs_data
def test_the_beasts_die_with_their_lord():
    """"Muerte del señor": one enemy model (WS5 S4 I10 A4, T10: nothing of the lord's or the
    hound's wounds it) sends its four attacks at the lord (allocation ``character``): 4+ to
    hit (WS5 against 6), 3+ to wound (S4 against T3), no save: 1/3 a blow, and his two wounds
    go with 2 or more of 4: 1 - (2/3)^4 - 4 (1/3)(2/3)^3 = 11/27.  The hound, never attacked,
    dies with him: the unit is wiped with 11/27; without the rule the hound would live on
    (wiped 0)."""
    enemy = infantry("E", 1, 1, WS=5, S=4, T=10, I=10, A=4)
    out = _fight(_hounds(), enemy, 5101, allocation=["troops", "character"])
    assert_mc(out["status"][0, WIPED] / TRIALS, 11 / 27, TRIALS, what="beasts die with lord")
    out = _fight(_hounds(()), enemy, 5102, allocation=["troops", "character"])
    assert out["status"][0, WIPED] == 0


@needs_data
def test_the_lord_cannot_refuse_a_challenge():
    """"Mientras vayan con él, el Señor no puede rehuir un desafío": challenged by an enemy
    champion under the beasts' policy ``never`` (refuse when there are troops to hide
    behind), the lord accepts every time; a member without the rule refuses every time
    (RULES.md §1.9)."""
    enemy = infantry("E", 10, 5, command={"champion": True})
    issued = CHALLENGE_STATS.index("issued")
    refused = CHALLENGE_STATS.index("refused")
    out = _fight(_hounds(), enemy, 5103, challenge=["never", "always"])
    assert out["chal"][issued] == TRIALS and out["chal"][refused] == 0
    out = _fight(_hounds(()), enemy, 5104, challenge=["never", "always"])
    assert out["chal"][issued] == TRIALS and out["chal"][refused] == TRIALS


def test_a_member_of_its_own_troop_type():
    """A member on foot among cavalry counts unit strength 1, not 2 (RULES.md §2.3), and the
    type is checked."""
    lord = Member(name="L", role="character", profile=LORD, equipment=Equipment(),
                  troop_type="infantry")
    hound = infantry("H", 2, 2).replace(troop_type="cavalry", members=(lord,))
    assert hound.unit_strength == 3
    with pytest.raises(Exception, match="troop_type"):
        Member(name="L", role="character", profile=LORD, troop_type="dragon")
