"""Elfos Silvanos "Señor de las bestias": the beasts' unit with their lord (``beast_lord``).

MDNR_Elfos_Silvanos v5.cat and MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat, entries
"Señor de las bestias (grandes felinos)", "(jabalíes)", "(mastines de caza)", "(osos
salvajes)", rule
"Despliegue": "Las Bestias despliegan al lado del Señor e, inicialmente, forman una única
unidad conjunta. Mientras vayan con él, el Señor no puede rehuir un desafío. Ten en cuenta que
si el Señor lleva Bestias, son unidad a todos los efectos; si no los lleva es miniatura
individual. Cuando forman unidad no son hostigadores"; rule "Muerte del señor": "Si el Señor
muere, las Bestias que estuvieran con él también lo hacen".
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_distribution,
    assert_mc,
    binomial,
    cat,
    check_kernel_first_round,
    clean,
    first_round_shares,
    infantry,
    kinds,
    needs_data,
)

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


BEARS = "Señor de las bestias (osos salvajes)"
BEAR = Profile(M=15, WS=4, BS=0, S=5, T=4, W=3, I=4, A=3, Ld=7)


@needs_data
@pytest.mark.parametrize("book", [SILVANOS, SPECIALS])
def test_the_bears_and_their_lord_from_the_catalogue(book):
    """Spot check against the XML: "Osos salvajes" (min 1, max 2, 45 points each) prints "Oso
    salvaje" M15 HA4 HP0 F5 R4 H3 I4 A3 L7, TSA 5+, "Monstruo, Animal", Potencia 3, with
    "Miedo" and "Si gana un combate, la unidad debe perseguir"; the lord costs 80.  The
    default build (one bear) is a unit of monsters of the bear's profile and printed save,
    unit strength 3, with the lord (M of his beasts: "Movimiento") standing in it as a
    character on foot (+1): 125 points; "Despliegue" and "Muerte del señor" modelled, nothing
    ignored or approximated."""
    book_ = cat(book)
    u = book_.unit(BEARS)
    assert (u.troop_type, u.models, u.profile, u.armour_save) == ("monster", 2, BEAR, 5)
    assert u.has("beast_lord") and u.has("fear") and u.has("must_pursue")
    (lord,) = u.members
    assert (lord.role, lord.troop_type, lord.armour_save_override) == ("character",
                                                                      "infantry", 7)
    assert lord.profile == LORD.replace(M=15)
    assert u.unit_strength == 4
    assert u.points == 125.0
    assert kinds(book_, BEARS)["Despliegue"] == "note"
    assert "Oso salvaje" not in kinds(book_, BEARS)
    assert clean(book_, BEARS)


@needs_data
def test_the_bears_lord_with_his_own_weapons():
    """The lord's options ("Armadura ligera" 2 points, "Arma de mano adicional" 4 points) are
    his, on foot (infantry) among the bears: an additional hand weapon a monster could not
    use, light armour's 6+; 125 + 6 points."""
    u = cat(SILVANOS).unit(BEARS, upgrades=["Arma de mano adicional", "Armadura ligera"])
    (lord,) = u.members
    assert lord.equipment == Equipment(weapon="additional_hand_weapon", armour="light")
    assert lord.armour_save_override == 6
    assert u.points == 131.0


def _bears_against(enemy, charged, allocation=None):
    return build_units([cat(SILVANOS).unit(BEARS), enemy], [0, 1], [(0, 1, FRONT, FRONT)],
                       charged, [None, None], CombatOptions(max_rounds=1),
                       allocation=allocation)


@needs_data
def test_the_bear_and_the_lord_strike():
    """The bear (HA4 F5 A3) and its lord (HA6 F4 A3) both strike a line of ten HA4 R4
    enemies with no attacks, before them (I4, I7 against I1): the bear 4+ to hit and 3+ to
    wound, the lord 3+ and 4+: each of the six blows kills with 1/3, so the first-round
    kills are Binomial(6, 1/3)."""
    enemy = infantry("E", 10, 10, WS=4, T=4, I=1, A=0, special=("immune_to_psychology",))
    check_kernel_first_round(_bears_against(enemy, [False, False]), binomial(6, 1 / 3),
                             5105, "bear and lord")


@needs_data
def test_the_bear_is_wounded_as_a_monster():
    """One charging enemy (HA3 F4 I10 A6) strikes the bear (allocation ``troops``): 4+ to hit,
    4+ to wound (F4 against R4), its printed 5+ save at -1 (6+): each blow wounds with
    1/2 x 1/2 x 5/6 = 5/24, and the bear's three wounds cap the count: Binomial(6, 5/24)
    with 3 or more scoring 3."""
    enemy = infantry("E", 1, 1, WS=3, S=4, T=10, I=10, A=6, special=("immune_to_psychology",))
    out = simulate(_bears_against(enemy, [False, True], ["troops", "troops"]), TRIALS, 5106)
    pmf = binomial(6, 5 / 24)
    assert_distribution(first_round_shares(out, 1, TRIALS), [*pmf[:3], sum(pmf[3:])],
                        TRIALS, what="wounds on the bear")


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
    bear = infantry("B", 2, 2).replace(troop_type="monster", profile=BEAR, members=(lord,))
    assert bear.unit_strength == 3 + 1


@needs_data
@pytest.mark.parametrize("book", [SILVANOS, SPECIALS])
@pytest.mark.parametrize(("unit", "beast_cost"), [
    ("Señor de las bestias (grandes felinos)", 20.0),
    ("Señor de las bestias (jabalíes)", 12.0),
    (HOUNDS, 6.0),
    (BEARS, 45.0),
])
def test_models_count_the_lord_and_his_beasts(book, unit, beast_cost):
    """Spot check against the XML: each entry costs 80 points, its beasts' entry ("Grandes
    felinos" 20, "Jabalíes" 12, "Mastines de caza" 6, "Osos salvajes" 45 points) has min 1
    and max 2.  ``models=`` is the unit's size, the lord and his beasts: 2 or 3 models, at
    80 + 1 or 2 beasts' points; any other size is refused, naming the field and the range."""
    from odds.listbuilding.sizing import buy
    from odds.validation import OddsInputError

    entry = cat(book).entry(unit)
    assert (entry.min_models, entry.max_models, entry.default_models) == (2, 3, 2)
    one, two = entry.unit(models=2), entry.unit(models=3)
    assert one == entry.default_unit
    assert (one.models, one.points) == (2, 80 + beast_cost)
    assert (two.models, two.files, two.points) == (3, 3, 80 + 2 * beast_cost)
    assert two.members == one.members and two.profile == one.profile
    assert two.points_per_model == beast_cost  # a unit sized to points adds beasts
    assert buy(one, 80 + 2 * beast_cost, max_models=entry.max_models).models == 3
    assert buy(one, 80 + 2 * beast_cost - 1, max_models=entry.max_models).models == 2
    for wrong in (1, 4):
        with pytest.raises(OddsInputError, match=r"models: must be in \[2, 3\]"):
            entry.unit(models=wrong)


@needs_data
def test_two_bears_and_the_lord_strike():
    """``models=3``: two bears (HA4 F5 A3 each) and the lord (HA6 F4 A3), three abreast,
    strike a line of ten HA4 R4 enemies with no attacks before them (I4, I7 against I1): the
    bears 4+ to hit and 3+ to wound, the lord 3+ and 4+; each of the nine blows kills with
    1/3, so the first-round kills are Binomial(9, 1/3)."""
    enemy = infantry("E", 10, 10, WS=4, T=4, I=1, A=0, special=("immune_to_psychology",))
    model = build_units([cat(SILVANOS).unit(BEARS, models=3), enemy], [0, 1],
                        [(0, 1, FRONT, FRONT)], [False, False], [None, None],
                        CombatOptions(max_rounds=1))
    check_kernel_first_round(model, binomial(9, 1 / 3), 5107, "two bears and lord")
