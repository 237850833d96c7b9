"""A chariot wounded at Strength 7 or more is destroyed (RULES.md §1.12; MDNR gst "Carro":
"Resulta destruido por cualquier herida de Fuerza 7 o más").

Five WS3 I10 fighters strike first at a chariot (WS5 T5 W4, a 2+ save): each of their
attacks hits on 4+ (WS3 against WS5), wounds T5 on 2+ at S7 and on 3+ at S6.  At S7 no armour
save is allowed and one unsaved wound takes all four wounds, which all count in the combat
result (the digest's default): side 0's wounds are 0 or 4.  At S6 the chariot saves on 5+
(2+ less 3) and each unsaved wound is one wound, at most four in all.  The exact engine and
the kernel (z = 5) against these laws.
"""

from __future__ import annotations

from conftest import binomial, check_first_round

from odds import rules
from odds.combat.model import G_MW, G_SAVE, RANK_AND_FILE, CombatOptions, build
from odds.combat.model.thresholds import MW_ALL
from odds.dice import d6_at_least as p_ge
from odds.units import unit_from_dict

ONE_ROUND = CombatOptions(max_rounds=1, charger="none")


def chariot(ward: int | None = None):
    """A Chaos chariot (MDNR Reinos del Caos "Carro del Caos" profile) with a 2+ save."""
    return unit_from_dict({
        "name": "Carro", "troop_type": "chariot", "models": 1, "files": 1, "crew": 2,
        "profile": {"M": 18, "WS": 5, "BS": 3, "S": 4, "T": 5, "W": 4, "I": 5, "A": 1,
                    "Ld": 8},
        "mount": {"WS": 3, "S": 4, "I": 3, "A": 1, "count": 2},
        "equipment": {"armour_save_override": 2, "barding": True},
        "rules": {"special": [], **({"ward_save": ward} if ward else {})},
    })


def strikers(strength: int):
    """Five WS3 I10 A1 infantry of Strength ``strength`` in one rank."""
    return unit_from_dict({
        "name": "Golpeadores", "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": strength, "T": 3, "W": 1, "I": 10,
                    "A": 1, "Ld": 7},
    })


def _capped(pmf: list[float], most: int) -> list[float]:
    """``pmf`` with every value above ``most`` counted at ``most``."""
    return [*pmf[:most], sum(pmf[most:])]


def test_a_strength_7_wound_wrecks_the_chariot():
    model = build(strikers(7), chariot(), options=ONE_ROUND)
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert row[G_SAVE] == rules.IMPOSSIBLE and row[G_MW] == MW_ALL
    r = float(p_ge(4)) * float(p_ge(2))  # hit on 4+, wound on 2+, no save
    none = (1 - r) ** 5
    check_first_round(model, [none, 0.0, 0.0, 0.0, 1 - none], 1201, "S7 against a chariot")


def test_a_ward_save_still_stands():
    model = build(strikers(7), chariot(ward=5), options=ONE_ROUND)
    r = float(p_ge(4)) * float(p_ge(2)) * (1 - float(p_ge(5)))
    none = (1 - r) ** 5
    check_first_round(model, [none, 0.0, 0.0, 0.0, 1 - none], 1202,
                      "S7 against a chariot with a 5+ ward")


def test_strength_6_wounds_one_at_a_time():
    model = build(strikers(6), chariot(), options=ONE_ROUND)
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert row[G_SAVE] == 5 and row[G_MW] != MW_ALL
    r = float(p_ge(4)) * float(p_ge(3)) * (1 - float(p_ge(5)))
    check_first_round(model, _capped(binomial(5, r), 4), 1203, "S6 against a chariot")


def test_only_chariots_are_wrecked():
    """The same S7 blows against a W4 monster: one wound each (RULES.md §1.12 is chariots')."""
    spec = {k: v for k, v in chariot().to_dict().items() if k not in ("crew", "mount")}
    spec["equipment"] = {**spec["equipment"], "barding": False}
    monster = unit_from_dict({**spec, "troop_type": "monster"})
    model = build(strikers(7), monster, options=ONE_ROUND)
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_MW] != MW_ALL
