"""Unit checks: a :class:`odds.units.Unit`'s fields, checked when built.

Private helpers of ``Unit.__post_init__`` (:mod:`odds.units.unit`), which runs them in
order: what the unit is (:func:`_check_identity`), its mount, extra crew and crew, its
equipment, its dice rules, its amounts, its tags, its champion and its named members.
Each raises :class:`odds.validation.OddsInputError` naming the field, and normalises in
place the fields it owns (``models`` an int, ``champion_special`` sorted and unique,
``members`` a tuple...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from odds import rules
from odds.armies import ARMIES, RACES, TAGS
from odds.units.command import Command, Member
from odds.units.equipment import Equipment
from odds.units.profiles import CrewProfile, MountProfile, Profile, _default_champion
from odds.units.rule_fields import _names_from, hatred_from
from odds.units.special_rules import SPECIAL_RULES
from odds.validation import OddsInputError, choice, flag, integer, number

if TYPE_CHECKING:
    from odds.units.unit import Unit

_TROOP_TYPE_CREW: Mapping[str, tuple[int, int]] = {
    "infantry": (1, 1), "cavalry": (1, 1), "monstrous_infantry": (1, 1), "monster": (1, 1),
    "swarm": (1, 1), "chariot": (1, 6), "war_machine": (1, 10),
}
"""The crew a model of each troop type may have, as ``(fewest, most)``."""

_set = object.__setattr__
"""Set a field of the frozen unit being checked."""


def _check_identity(unit: Unit) -> str:
    """Check what the unit is: import notes, name, troop type, size and its three records.

    ``models`` and ``files`` are normalised to ints; ``profile``, ``equipment`` and
    ``command`` must be a :class:`Profile`, an :class:`Equipment` and a :class:`Command`.

    Returns
    -------
    str
        The troop type, one of :data:`odds.rules.TROOP_TYPES`.
    """
    if not isinstance(unit.import_notes, tuple) or not all(
            isinstance(x, str) for x in unit.import_notes):
        raise OddsInputError(f"import_notes: must be a tuple of strings"
                             f" (got {unit.import_notes!r})")
    if not isinstance(unit.name, str) or not unit.name.strip():
        raise OddsInputError(f"name: must be a non-empty string (got {unit.name!r})")
    tt = choice("troop_type", unit.troop_type, rules.TROOP_TYPES)
    _set(unit, "models", integer("models", unit.models, low=1, high=1000))
    _set(unit, "files", integer("files", unit.files, low=1, high=100))
    for attr, cls in (("profile", Profile), ("equipment", Equipment), ("command", Command)):
        if not isinstance(getattr(unit, attr), cls):
            raise OddsInputError(
                f"{attr}: must be a {cls.__name__} (got {type(getattr(unit, attr)).__name__})"
            )
    return tt


def _check_mount(unit: Unit, tt: str) -> None:
    """Check the mount: None, or a :class:`MountProfile` of cavalry, chariot or ridden monster.

    A ridden monster is one model: a character on a monster, whose profile is the
    rider's and whose mount is the monster's WS, S, I and A (RULES.md §1.1).
    """
    if unit.mount is None:
        return
    if not isinstance(unit.mount, MountProfile):
        raise OddsInputError(
            f"mount: must be a MountProfile or None (got {type(unit.mount).__name__})"
        )
    if tt not in ("cavalry", "chariot") and not (tt == "monster" and unit.models == 1):
        raise OddsInputError(
            f"mount: only cavalry, chariot or a single ridden monster can have a mount"
            f" (got troop_type {tt!r} with {unit.models} models)"
        )


def _check_extra_crew(unit: Unit, tt: str) -> None:
    """Check the extra crew: None, or a :class:`CrewProfile` of chariot, war machine or monster."""
    if unit.extra_crew is None:
        return
    if not isinstance(unit.extra_crew, CrewProfile):
        raise OddsInputError(f"extra_crew: must be a CrewProfile or None"
                             f" (got {type(unit.extra_crew).__name__})")
    if tt not in ("chariot", "war_machine", "monster"):
        raise OddsInputError(f"extra_crew: only a chariot or war machine has a crew"
                             f" or a monster its handlers (got troop_type {tt!r})")


def _check_crew(unit: Unit, tt: str) -> None:
    """Check ``crew`` (normalised to an int) against the troop type (:data:`_TROOP_TYPE_CREW`)."""
    low, high = _TROOP_TYPE_CREW[tt]
    _set(unit, "crew", integer("crew", unit.crew, low=low, high=high))


def _check_dice_rules(unit: Unit) -> None:
    """Check the impact hits, random attacks and random move, and the impact hits' Strength.

    Each of the three is ``""`` (none) or a key of its table in :mod:`odds.rules`;
    ``impact_strength`` (normalised to an int) is given only with impact hits.
    """
    if unit.impact_hits not in rules.IMPACT_HITS:
        raise OddsInputError(
            f"impact_hits: must be \"\" (none) or one of {', '.join(rules.IMPACT_HITS[1:])}"
            f" (got {unit.impact_hits!r})"
        )
    if unit.random_attacks not in rules.RANDOM_ATTACKS:
        raise OddsInputError(
            f"random_attacks: must be \"\" (none) or one of"
            f" {', '.join(rules.RANDOM_ATTACKS[1:])} (got {unit.random_attacks!r})"
        )
    if unit.random_move not in rules.RANDOM_MOVES:
        raise OddsInputError(
            f"random_move: must be \"\" (none) or one of"
            f" {', '.join(rules.RANDOM_MOVES[1:])} (got {unit.random_move!r})"
        )
    if unit.impact_strength is not None:
        if not unit.impact_hits:
            raise OddsInputError(
                f"impact_strength: only meaningful with impact_hits"
                f" (got {unit.impact_strength!r} and no impact_hits)"
            )
        _set(unit, "impact_strength",
             integer("impact_strength", unit.impact_strength, low=1, high=10))


def _check_amounts(unit: Unit) -> None:
    """Check the gourd's Strength, the unit-strength override and the points (normalised)."""
    _set(unit, "gourd_strength", integer("gourd_strength", unit.gourd_strength, low=0, high=6))
    if unit.champion_troop_type:
        _set(unit, "champion_troop_type",
             choice("champion_troop_type", unit.champion_troop_type, rules.TROOP_TYPES))
    if unit.unit_strength_override is not None:
        _set(unit, "unit_strength_override",
             integer("unit_strength_override", unit.unit_strength_override, low=1, high=20))
    _set(unit, "points_per_model",
         number("points_per_model", unit.points_per_model, low=0.0, high=10_000.0))
    _set(unit, "points_per_unit",
         number("points_per_unit", unit.points_per_unit, low=0.0, high=100_000.0))


def _tags_from(key: str, names: object) -> tuple[str, ...]:
    """The army or race tags (:data:`odds.armies.TAGS`) of one field, sorted and unique."""
    return _names_from(key, names, TAGS, "army or race tags", "army or race")


def _check_tags(unit: Unit) -> None:
    """Check the army and race, and the tags of hatred and panic (normalised, sorted, unique).

    ``no_panic_from`` also takes troop types (:data:`odds.rules.TROOP_TYPES`).
    """
    if unit.army:
        choice("army", unit.army, tuple(ARMIES))
    if unit.race:
        choice("race", unit.race, RACES)
    _set(unit, "hatred", hatred_from(unit.hatred))
    _set(unit, "champion_hatred", _tags_from("champion_hatred", unit.champion_hatred))
    _set(unit, "no_panic_from", _names_from(
        "no_panic_from", unit.no_panic_from, (*TAGS, *rules.TROOP_TYPES),
        "army, race or troop-type tags", "army, race or troop type"))
    for key in ("no_panic_against", "flight_panics_only", "flight_panics_not", "panics_only",
                "panics_not", "panics_still"):
        _set(unit, key, _tags_from(key, getattr(unit, key)))


def _check_champion_profile(unit: Unit) -> None:
    """Check the champion's profile: a :class:`Profile`, or None for the rank and file's, A+1."""
    if unit.champion_profile is None:
        _set(unit, "champion_profile", _default_champion(unit.profile))
    elif not isinstance(unit.champion_profile, Profile):
        raise OddsInputError(
            f"champion_profile: must be a Profile or None"
            f" (got {type(unit.champion_profile).__name__})"
        )


def _check_notes(unit: Unit) -> None:
    """Check that ``notes`` is a string."""
    if not isinstance(unit.notes, str):
        raise OddsInputError(f"notes: must be a string (got {unit.notes!r})")


def _check_random_attacks(unit: Unit) -> None:
    """Check that the unit and its mount do not both roll random attacks (one roll per unit)."""
    if unit.random_attacks and unit.mount is not None and unit.mount.random_attacks:
        raise OddsInputError("mount.random_attacks: not with the unit's own random_attacks"
                             " (one random-attacks roll per unit)")


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
    if unit.members and tt not in ("infantry", "cavalry", "monstrous_infantry", "monster") \
            and not (tt == "chariot" and all(m.role == "character" for m in unit.members)):
        # a chariot: characters riding it only (Elfos Oscuros "Altar de la medusa")
        raise OddsInputError(f"members: only infantry, cavalry, monstrous infantry or"
                             f" monsters have named members, a chariot its riding"
                             f" characters (got troop_type {tt!r})")
    for k, m in enumerate(unit.members):
        w = rules.WEAPONS[m.equipment.weapon]
        own = m.troop_type or tt  # a member of its own troop type fights as one
        if not w.usable_by(own):
            raise OddsInputError(f"members[{k}].equipment.weapon: {w.name} cannot be"
                                 f" used by {own}")
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
