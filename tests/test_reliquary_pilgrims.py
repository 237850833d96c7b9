"""Bretonia "Relicario y peregrinos de batalla": the pilgrims are the unit, in every book.

MDNR_Bretonia_v5.cat prints the "Relicario" profile (HA2 F3 R3 H6 I3 A4 L8, Potencia 6) with
Tipo "Altar", a chariot's word, while its rule "Relicario" reads "El Relicario es una miniatura
única ... se considera Infantería a todos los efectos": the unit is the "Peregrino" (M10 HA2
HP2 F3 R3 H1 I3 A1 L8, "Infantería, Humano, Campesino."), six of them ("Peregrinos" min 6)
with hand weapon, light armour and shield, as MDNR_Bretonia_con_Personajes_Especiales_v1.cat,
MDNR_Bretonia_Guerra_de_Noveles_v1.cat and MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat import
it.  The relic itself is a named member of the unit (:class:`odds.units.Member`, role
``relic``): rule "Relicario": "El Relicario tiene potencia de unidad 6. El Relicario se sitúa en
el centro de la unidad como si fuera un grupo de mando ... lucha como si fuera una única
miniatura ... es Inmune a golpe letal. El Relicario tiene los mismos efectos que un
Portaestandarte y un Músico ... mientras haya peregrinos en la unidad, cada herida causada al
relicario ... supondrá que se ha de retirar un peregrino de la unidad ... El Relicario empieza a
sufrir heridas únicamente cuando no queden más peregrinos en la unidad. Si el Relicario recibe
una herida con la regla Golpe Letal o la regla Heridas Múltiples ..., esa herida realizará una
única herida".
"""

from __future__ import annotations

import pytest
from conftest import cat, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import (
    S_HP,
    S_IS_CHAMPION,
    S_MUSICIAN,
    S_NO_DUEL,
    S_STANDARD,
    S_US,
    CombatOptions,
    build,
)
from odds.units import Equipment, Member, Profile, unit_from_dict
from odds.validation import OddsInputError

ENTRY = "Relicario y peregrinos de batalla"
PILGRIM = Profile(M=10, WS=2, BS=2, S=3, T=3, W=1, I=3, A=1, Ld=8)
RELIC = Profile(M=10, WS=2, BS=2, S=3, T=3, W=6, I=3, A=4, Ld=8)
N = 200_000


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Bretonia_v5.cat",
                                  "MDNR_Bretonia_con_Personajes_Especiales_v1.cat",
                                  "MDNR_Bretonia_Guerra_de_Noveles_v1.cat",
                                  "MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat"])
def test_the_pilgrims_are_the_unit_and_the_relic_a_member(book):
    """Six infantry pilgrims (no chariot, no crew) and the relic, a member with its printed
    profile (HA2 F3 R3 H6 I3 A4 L8), the pilgrims' gear ("arma de mano + ligera + escudo"),
    its "Potencia" 6: seven models, unit strength 6 + 6, 118 points; nothing ignored."""
    unit = cat(book).unit(ENTRY)
    assert unit.troop_type == "infantry" and unit.crew == 1 and unit.models == 7
    assert unit.profile == PILGRIM and unit.unit_strength == 12
    gear = Equipment(weapon="hand_weapon", shield=True, armour="light")
    assert unit.equipment == gear
    assert unit.points == 118.0
    # the unit's rules ("Odio", "Tozudez"...), "Inmune a golpe letal" and single wounds
    special = tuple(sorted({*unit.special, "immune_to_killing_blow", "single_wounds"}))
    assert unit.members == (Member("Relicario", "relic", RELIC, gear, special=special,
                                   unit_strength=6),)
    assert unit.present_members == unit.members  # no command model needed
    k = kinds(cat(book), ENTRY)
    assert k["Relicario"] == "note"
    assert "approximated" not in k.values() and "ignored" not in k.values()


@needs_data
def test_the_altar_type_is_read_as_infantry():
    """MDNR_Bretonia_v5.cat: "Relicario Tipo" is a note (the rule's words), no longer the
    approximation "troop type 'Altar' imported as chariot"."""
    k = kinds(cat("MDNR_Bretonia_v5.cat"), ENTRY)
    assert k["Relicario Tipo"] == "note"


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Bretonia_v5.cat",
                                  "MDNR_Bretonia_con_Personajes_Especiales_v1.cat",
                                  "MDNR_Bretonia_Guerra_de_Noveles_v1.cat",
                                  "MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat"])
@pytest.mark.parametrize(("models", "points"), [(7, 118.0), (10, 145.0), (31, 334.0)])
def test_additional_pilgrims_size_the_unit(book, models, points):
    """The entry costs 118 points with its six "Peregrinos" (min 6 max 6, 0 points) and the
    relic; "Peregrinos adicionales" (9 points each, max 24) add models: 6 to 30 pilgrims and
    the relic, 7 to 31 models, and ten (nine pilgrims) cost 118 + 3 x 9 = 145 points."""
    entry = cat(book).entry(ENTRY)
    assert (entry.min_models, entry.max_models) == (7, 31)
    unit = cat(book).unit(ENTRY, models=models)
    assert unit.models == models and unit.points == points


@needs_data
def test_no_more_than_thirty_pilgrims():
    """Six "Peregrinos" and at most 24 "Peregrinos adicionales" (MDNR_Bretonia_v5.cat)."""
    with pytest.raises(OddsInputError):
        cat("MDNR_Bretonia_v5.cat").unit(ENTRY, models=32)



def _enemy(models=10, *, WS=3, S=3, T=3, A=1, special=(), mw=None):
    return unit_from_dict({
        "name": "E", "troop_type": "infantry", "models": models, "files": 5,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": 1, "A": A,
                    "Ld": 10},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["unbreakable", *special],
                  **({"multiple_wounds": mw} if mw else {})},
    })


@needs_data
def test_the_relic_is_a_command_body_in_the_front_rank():
    """MDNR_Bretonia_v5.cat: the relic stands in the front rank as a body of its own, of unit
    strength 6, with the effects of a standard and a musician, never duelling, and attacked
    like a champion (only once no rank and file is left); seven models charge ten WS3 T3
    models five wide: four pilgrims and the relic fight, 4 x 1 + 4 = 8 attacks at WS2 against
    WS3 (4+, the missed ones re-rolled: "Odio" in the first round, 3/4) and S3 against T3
    (4+): Binomial(8, 3/8) wounds."""
    from conftest import assert_distribution, binomial, first_round_shares

    unit = cat("MDNR_Bretonia_v5.cat").unit(ENTRY, files=5)
    model = build(unit, _enemy(), options=CombatOptions(max_rounds=1))
    assert model.names == (ENTRY, "E", f"{ENTRY} Relicario")
    # six pilgrims of unit strength 1 each, the relic one body of 6
    assert list(model.sides[:, S_HP]) == [6, 10, 6] and list(model.sides[:, S_US]) == [1, 1, 6]
    assert list(model.sides[:, S_STANDARD]) == [0, 0, 1]
    assert list(model.sides[:, S_MUSICIAN]) == [0, 0, 1]
    assert model.sides[2, S_NO_DUEL] == 1 and model.sides[2, S_IS_CHAMPION] == 1
    out = simulate(model, N, 3601)
    assert_distribution(first_round_shares(out, 0, N), binomial(8, 3 / 8), N,
                        what="wounds of four pilgrims and the relic")


def _relic_alone(special=None):
    """One pilgrim and the relic (W6, no save), unbreakable, against S10 blows."""
    unit = cat("MDNR_Bretonia_v5.cat").unit(ENTRY)
    relic = unit.members[0]
    if special is not None:
        relic = relic.replace(special=special)
    return unit.replace(models=2, files=2, armour_save_override=7, members=(
        relic.replace(armour_save_override=7),), special=(*unit.special, "unbreakable"))


def _relic_dead(out) -> int:
    """Trials whose relic (body 2) has no model left at the end."""
    return int(out["surv"][2, 0])


@needs_data
def test_the_relic_takes_wounds_only_once_no_pilgrim_is_left():
    """Ten WS10 S10 models with killing blow and multiple wounds (1D6), attacking characters
    first, charge one pilgrim and the relic (no saves), two models wide: four of them touch it
    (two facing, one lapping at each corner, RULES.md §1.11), each hitting WS2 on 3+ and
    wounding T3 on 2+ (5/9).  In the first round every blow goes to the pilgrim ("El Relicario
    empieza a sufrir heridas únicamente cuando no queden más peregrinos"): it dies unless
    all four miss, 1 - (4/9)^4, and the relic is never wounded; in the second, four single
    wounds at most ("esa herida realizará una única herida") cannot take its six: it is never
    slain.  With the multiple wounds and killing blows counted against it, it is in most
    trials: the rule, not the geometry, keeps it alive."""
    from conftest import assert_mc

    from odds.combat.model import FRONT, build_units

    def run(relic_unit, seed, rounds):
        model = build_units([_enemy(WS=10, S=10, mw="d6", special=("killing_blow",)),
                             relic_unit], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                            [None, None], CombatOptions(max_rounds=rounds),
                            allocation=["character", "troops"])
        return simulate(model, N, seed)

    one = run(_relic_alone(), 3602, 1)
    assert _relic_dead(one) == 0 and int(one["surv"][2, 1]) == N
    assert_mc(int(one["surv"][1, 0]) / N, 1 - (4 / 9) ** 4, N, what="the pilgrim slain")
    two = run(_relic_alone(), 3603, 2)
    assert int(two["rounds"][2]) > 0.9 * N  # a second round was fought
    assert _relic_dead(two) == 0
    plain = run(_relic_alone(special=("hatred", "stubborn")), 3604, 2)
    assert _relic_dead(plain) > N / 4  # 46 % of the trials


@needs_data
def test_the_relic_round_trips_and_validates():
    """The TOML schema keeps the relic's role and unit strength; a member's unit strength is a
    positive integer."""
    unit = cat("MDNR_Bretonia_v5.cat").unit(ENTRY)
    assert unit_from_dict(unit.to_dict()) == unit
    assert unit.to_dict()["members"][0]["unit_strength"] == 6
    with pytest.raises(OddsInputError, match="unit_strength"):
        unit.members[0].replace(unit_strength=0)
