"""Unit checks: a :class:`odds.units.Unit`'s equipment and named members, checked when built.

Private helpers of ``Unit.__post_init__`` (:mod:`odds.units.unit`): each raises
:class:`odds.validation.OddsInputError` naming the field, and normalises in place
the fields it owns (``champion_special`` sorted and unique, ``members`` a tuple).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from odds import rules
from odds.units.command import Member
from odds.units.rule_fields import _names_from
from odds.units.special_rules import SPECIAL_RULES
from odds.validation import OddsInputError, choice, flag, integer

if TYPE_CHECKING:
    from odds.units.unit import Unit


def _check_equipment(unit: Unit, tt: str) -> None:
    if unit.champion_weapon:
        choice("champion_weapon", unit.champion_weapon, tuple(rules.WEAPONS))
    if unit.champion_armour:
        choice("champion_armour", unit.champion_armour, rules.ARMOURS)
    if unit.front_weapon:
        _check_front_weapon(unit, tt)
    if unit.champion_shield is not None:
        flag("champion_shield", unit.champion_shield)
    if unit.champion_save_override is not None:
        integer("champion_save_override", unit.champion_save_override, low=1, high=7)
    if integer("champion_ward", unit.champion_ward, low=0, high=6) == 1:
        raise OddsInputError("champion_ward: must be 0 (the unit's) or one of 2, 3, 4, 5,"
                             " 6 (got 1)")
    object.__setattr__(unit, "champion_special", _names_from(
        "champion_special", unit.champion_special, SPECIAL_RULES, "rule names", "rule"))
    for where, key in (("equipment.weapon", unit.equipment.weapon),
                       ("champion_weapon", unit.champion_weapon)):
        if not key:
            continue
        weapon = rules.WEAPONS[key]
        if weapon.mounted_only and tt not in rules.MOUNTED_TROOP_TYPES:
            raise OddsInputError(
                f"{where}: {weapon.name} is for mounted models"
                f" ({', '.join(rules.MOUNTED_TROOP_TYPES)}) (got troop_type {tt!r})"
            )
        if weapon.foot_only and tt not in rules.FOOT_TROOP_TYPES:
            raise OddsInputError(
                f"{where}: {weapon.name} is for models on foot"
                f" ({', '.join(rules.FOOT_TROOP_TYPES)}) (got troop_type {tt!r})"
            )
    if unit.extra_crew is not None:
        crew_weapon = rules.WEAPONS[unit.extra_crew.weapon]
        # a monster's handlers fight on foot beside it
        if not crew_weapon.usable_by("infantry" if tt == "monster" else tt):
            raise OddsInputError(f"extra_crew.weapon: {crew_weapon.name} cannot be used by"
                                 f" the crew of a {tt}")
    if unit.equipment.barding and tt not in ("cavalry", "chariot"):
        raise OddsInputError(
            f"equipment.barding: only cavalry or chariot can have barding"
            f" (got troop_type {tt!r})"
        )


def _check_front_weapon(unit: Unit, tt: str) -> None:
    front = rules.WEAPONS[choice("front_weapon", unit.front_weapon, tuple(rules.WEAPONS))]
    if not front.usable_by(tt):
        raise OddsInputError(f"front_weapon: {front.name} cannot be used by {tt}")
    back = unit.weapon
    same = (not front.fights_in_ranks and front.extra_attacks == back.extra_attacks
            and front.strikes_last == back.strikes_last
            and front.charge_extra == back.charge_extra
            and not (front.pistol_attacks or back.pistol_attacks or front.shot_attacks
                     or back.shot_attacks or front.shot_strength or back.shot_strength)
            and all(rules.weapon_strength(unit.profile.S, front.name, charging=c,
                                          first_round=f)
                    == rules.weapon_strength(unit.profile.S, back.name, charging=c,
                                             first_round=f)
                    for c in (False, True) for f in (False, True)))
    if not same:
        raise OddsInputError(
            f"front_weapon: a front rank with {front.name} before ranks with"
            f" {back.name} is not supported (only a front weapon striking as the"
            f" unit's, differing in the ranks that fight and the save)")


def _check_members(unit: Unit, tt: str) -> None:
    if isinstance(unit.members, list):
        object.__setattr__(unit, "members", tuple(unit.members))
    if not isinstance(unit.members, tuple) or not all(
            isinstance(m, Member) for m in unit.members):
        raise OddsInputError(f"members: must be a tuple of Member (got {unit.members!r})")
    if unit.members and tt not in ("infantry", "cavalry", "monstrous_infantry"):
        raise OddsInputError(f"members: only infantry, cavalry or monstrous infantry have"
                             f" named members (got troop_type {tt!r})")
    for k, m in enumerate(unit.members):
        w = rules.WEAPONS[m.equipment.weapon]
        if not w.usable_by(tt):
            raise OddsInputError(f"members[{k}].equipment.weapon: {w.name} cannot be"
                                 f" used by {tt}")
        if m.equipment.barding and tt != "cavalry":
            raise OddsInputError(f"members[{k}].equipment.barding: only cavalry can have"
                                 f" barding (got troop_type {tt!r})")

    if unit.has("bear_standard") and unit.members and not any(
            m.role == "standard" for m in unit.members):
        raise OddsInputError("members: 'bear_standard' needs a named standard bearer (a"
                             " member of role 'standard': the bonus ends with him)")
    if unit.has("fear_with_standard") and any(m.role == "standard"
                                              for m in unit.members):
        raise OddsInputError("members: 'fear_with_standard' with a named standard bearer is"
                             " not supported (the fear would have to end with the member)")
