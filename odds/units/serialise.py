"""Serialisation: a :class:`odds.units.Unit` written in the TOML schema (``Unit.to_dict``).

:func:`odds.units.unit_from_dict` reads it back; what is optional in the schema is
written only where it differs from its default.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from odds.units.profiles import _default_champion

if TYPE_CHECKING:
    from odds.units.unit import Unit


_OPTIONAL_HEADER: tuple[tuple[str, Any], ...] = (
    ("crew", 1), ("points_per_model", 0), ("points_per_unit", 0),
    ("unit_strength_override", None), ("champion_troop_type", ""), ("army", ""), ("race", ""),
    ("notes", ""),
)
"""Header keys written only where the unit's value differs from the schema's default."""

_CHAMPION_EQUIPMENT: tuple[tuple[str, Any], ...] = (
    ("armour_save_override", None), ("champion_weapon", ""), ("front_weapon", ""),
    ("champion_armour", ""), ("champion_shield", None), ("champion_save_override", None),
)
"""Equipment keys kept on the unit itself, written only where set."""

_OPTIONAL_RULES: tuple[tuple[str, Any], ...] = (
    ("champion_ward", 0), ("impact_strength", None), ("random_attacks", ""),
    ("random_move", ""), ("gourd_strength", 0),
)
"""Rule keys written only where set."""

_RULE_LISTS = ("hatred", "no_panic_from", "no_panic_against", "flight_panics_only",
               "flight_panics_not", "panics_only", "panics_not", "panics_still",
               "champion_special", "champion_hatred")
"""Tuple-valued rule keys, written as lists where not empty."""


def _is_set(value: Any, default: Any) -> bool:
    """Whether ``value`` is written: ``None`` defaults compare by identity, others by truth."""
    return value is not None if default is None else bool(value)


def unit_to_dict(unit: Unit) -> dict[str, Any]:
    """What :meth:`odds.units.Unit.to_dict` returns: ``unit`` as a mapping in the TOML schema."""
    out: dict[str, Any] = {"name": unit.name, "troop_type": unit.troop_type,
                           "models": unit.models, "files": unit.files}
    for key, default in _OPTIONAL_HEADER:
        value = getattr(unit, key)
        if (value != 1) if key == "crew" else _is_set(value, default):
            out[key] = value
    out["profile"] = unit.profile.as_dict()
    out["equipment"] = _equipment(unit)
    out["command"] = {k: v for k, v in dataclasses.asdict(unit.command).items()
                      if not k.endswith("_points") or v}
    out["rules"] = _rules(unit)
    if unit.extra_crew is not None:
        out["extra_crew"] = _extra_crew(unit)
    if unit.mount is not None:
        out["mount"] = {k: list(v) if k == "special" else v
                        for k, v in dataclasses.asdict(unit.mount).items()
                        if k not in ("charge_bonus", "poisoned", "special", "random_attacks")
                        or v}
    assert unit.champion_profile is not None
    if unit.champion_profile != _default_champion(unit.profile):
        out["champion_profile"] = unit.champion_profile.as_dict()
    if unit.members:
        out["members"] = [_member(m) for m in unit.members]
    return out


def _equipment(unit: Unit) -> dict[str, Any]:
    """The ``equipment`` table: the equipment's fields, then the unit's own where set."""
    equipment = dataclasses.asdict(unit.equipment)
    for key, default in _CHAMPION_EQUIPMENT:
        if _is_set(getattr(unit, key), default):
            equipment[key] = getattr(unit, key)
    return equipment


def _rules(unit: Unit) -> dict[str, Any]:
    """The ``rules`` table: the special rules, the always-written keys, then the set ones."""
    table: dict[str, Any] = {"special": list(unit.special)}
    for key in ("ward_save", "regeneration", "poisoned", "multiple_wounds", "impact_hits"):
        table[key] = getattr(unit, key)
    for key, default in _OPTIONAL_RULES:
        if _is_set(getattr(unit, key), default):
            table[key] = getattr(unit, key)
    for key in _RULE_LISTS:
        if getattr(unit, key):
            table[key] = list(getattr(unit, key))
    return table


def _extra_crew(unit: Unit) -> dict[str, Any]:
    """The ``extra_crew`` table, its empty ``hatred`` and ``handlers`` left out."""
    assert unit.extra_crew is not None
    crew = dataclasses.asdict(unit.extra_crew)
    if unit.extra_crew.hatred:
        crew["hatred"] = list(unit.extra_crew.hatred)
    else:
        del crew["hatred"]
    if not unit.extra_crew.handlers:
        del crew["handlers"]
    return crew


def _member(member: Any) -> dict[str, Any]:
    """One entry of the ``members`` list."""
    out = {"name": member.name, "role": member.role, "profile": member.profile.as_dict(),
           "equipment": dataclasses.asdict(member.equipment)}
    if member.special is not None:
        out["special"] = list(member.special)
    if member.multiple_wounds is not None:
        out["multiple_wounds"] = member.multiple_wounds
    if member.armour_save_override is not None:
        out["armour_save_override"] = member.armour_save_override
    if member.troop_type is not None:
        out["troop_type"] = member.troop_type
    if member.unit_strength is not None:
        out["unit_strength"] = member.unit_strength
    return out
