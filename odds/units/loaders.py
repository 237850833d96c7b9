"""Loaders: a :class:`odds.units.Unit` from a mapping in the TOML schema or a TOML file.

Profiles take English (M WS BS S T W I A Ld) or MDNR Spanish (M HA HP F R H I A L)
letters; every error names the key path in the schema, prefixed by the file (or
``<dict>``).  :func:`check_formation` refuses a unit a player could not field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from odds.units.command import Command, Member
from odds.units.equipment import Equipment
from odds.units.profiles import (
    CHARACTERISTICS,
    SPANISH_LETTERS,
    CrewProfile,
    MountProfile,
    Profile,
    _default_champion,
)
from odds.units.unit import Unit
from odds.validation import (
    OddsInputError,
    check_keys,
    parse_toml,
    prefixed,
    read_toml,
    sourced,
    subtable,
)

_TOP_KEYS = (
    "name", "troop_type", "models", "files", "crew", "points_per_model", "points_per_unit",
    "notes", "army", "race", "profile", "equipment", "command", "rules", "mount",
    "champion_profile", "unit_strength_override", "champion_troop_type", "extra_crew",
    "members",
)
_EQUIPMENT_KEYS = ("weapon", "shield", "armour", "barding", "armour_save_override",
                   "champion_weapon", "champion_armour", "champion_shield",
                   "champion_save_override", "front_weapon")
_COMMAND_KEYS = (
    "champion", "standard", "musician", "champion_points", "standard_points", "musician_points",
)
_RULES_KEYS = (
    "special", "ward_save", "regeneration", "poisoned", "multiple_wounds", "impact_hits",
    "impact_strength", "random_attacks", "random_move", "gourd_strength", "hatred",
    "no_panic_from",
    "no_panic_against", "flight_panics_only", "flight_panics_not", "panics_only", "panics_not",
    "panics_still", "champion_special",
    "champion_ward", "champion_hatred",
)
_MOUNT_KEYS = ("WS", "S", "I", "A", "count", "charge_bonus", "poisoned", "special",
               "random_attacks")

# Where each Unit attribute lives in the TOML schema (for error messages).
_TOML_PATH = {
    **{key: f"rules.{key}" for key in _RULES_KEYS},
    "armour_save_override": "equipment.armour_save_override",
    "champion_weapon": "equipment.champion_weapon",
    "front_weapon": "equipment.front_weapon",
    "champion_armour": "equipment.champion_armour",
    "champion_shield": "equipment.champion_shield",
    "champion_save_override": "equipment.champion_save_override",
}


def letters_from(
    table: Mapping[str, Any], where: str, wanted: tuple[str, ...], extra: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Characteristics from English or Spanish letters (not both for the same one)."""
    spanish_for = {eng: esp for esp, eng in SPANISH_LETTERS.items() if esp != eng}
    allowed = (*wanted, *(spanish_for[c] for c in wanted if c in spanish_for), *extra)
    check_keys(table, allowed, where)
    out: dict[str, Any] = {}
    for eng in wanted:
        esp = spanish_for.get(eng)
        if esp is not None and eng in table and esp in table:
            raise OddsInputError(
                f"{where}.{eng}: given twice, as {eng} and as {esp}; use one letter set"
                f" (got {table[eng]!r} and {table[esp]!r})"
            )
        if eng in table:
            out[eng] = table[eng]
        elif esp is not None and esp in table:
            out[eng] = table[esp]
    for key in extra:
        if key in table:
            out[key] = table[key]
    return out


def profile_from(table: Mapping[str, Any], where: str, base: Profile | None = None) -> Profile:
    """A :class:`Profile` from a table of letters (:func:`letters_from`; ``where`` in errors).

    Without ``base`` every characteristic is required; with it, those given change ``base``.
    """
    values = letters_from(table, where, CHARACTERISTICS)
    if base is None:
        for c in CHARACTERISTICS:
            if c not in values:
                esp = next(k for k, v in SPANISH_LETTERS.items() if v == c)
                also = f" (or {esp})" if esp != c else ""
                raise OddsInputError(f"{where}.{c}{also}: missing; a profile needs all of "
                                     f"{' '.join(CHARACTERISTICS)}")
        return prefixed(where, lambda: Profile(**values))
    return prefixed(where, lambda: dataclasses.replace(base, **values))


def unit_from_dict(data: Mapping[str, Any], source: str = "<dict>") -> Unit:
    """Build and validate a :class:`Unit` from a mapping in the TOML schema.

    Parameters
    ----------
    data : mapping
        Top-level keys ``name, troop_type, models, files`` (required), ``crew,
        points_per_model, points_per_unit, notes, army, race`` and tables ``profile``
        (required), ``equipment``, ``command``, ``rules``, ``mount``, ``extra_crew``,
        ``champion_profile`` (optional; the latter overrides characteristics of the default
        champion) and the array of tables
        ``members`` (``name``, ``role``, ``profile``, optional ``equipment``, ``special``,
        ``multiple_wounds`` and ``armour_save_override``: :class:`Member`).  ``equipment``
        may carry the champion's own ``champion_weapon``, ``champion_armour``,
        ``champion_shield`` and ``champion_save_override``; ``rules`` its
        ``champion_special`` and ``champion_ward``.  Profiles accept English (M WS BS S T W
        I A Ld) or MDNR Spanish (M HA HP F R H I A L) letters.
    source : str
        Where the data came from (file name), for error messages (``""``: no
        prefix, for a table inside another file).

    Returns
    -------
    Unit

    Raises
    ------
    OddsInputError
        ``"<source>: <key path>: <problem> (got <value>)"`` for any unknown key,
        missing key, wrong type or out-of-range value.
    """
    return sourced(source, lambda: _unit_from_dict(data))


def _unit_from_dict(data: Mapping[str, Any]) -> Unit:
    if not isinstance(data, Mapping):
        raise OddsInputError(f"unit: must be a table (got {type(data).__name__})")
    check_keys(data, _TOP_KEYS, "")
    for key in ("name", "troop_type", "models", "files", "profile"):
        if key not in data:
            raise OddsInputError(f"{key}: missing (required keys: name, troop_type, models,"
                                 f" files, profile)")
    profile_table = subtable(data, "profile")
    profile = profile_from(profile_table, "profile")

    eq = subtable(data, "equipment")
    check_keys(eq, _EQUIPMENT_KEYS, "equipment")
    equipment = prefixed("equipment", lambda: Equipment(
        **{k: eq[k] for k in ("weapon", "shield", "armour", "barding") if k in eq}
    ))
    cmd = subtable(data, "command")
    check_keys(cmd, _COMMAND_KEYS, "command")
    command = prefixed("command", lambda: Command(**cmd))

    rl = subtable(data, "rules")
    check_keys(rl, _RULES_KEYS, "rules")

    mount = None
    if "mount" in data:
        mount_values = letters_from(subtable(data, "mount"), "mount", ("WS", "S", "I", "A"),
                                    ("count", "charge_bonus", "poisoned", "special",
                                     "random_attacks"))
        for c in ("WS", "S", "I", "A"):
            if c not in mount_values:
                raise OddsInputError(f"mount.{c}: missing; a mount needs WS S I A (count optional)")
        mount = prefixed("mount", lambda: MountProfile(**mount_values))

    extra_crew = None
    if "extra_crew" in data:
        crew_values = letters_from(subtable(data, "extra_crew"), "extra_crew",
                                   ("WS", "S", "I", "A"),
                                   ("count", "weapon", "hatred", "handlers"))
        for c in ("WS", "S", "I", "A"):
            if c not in crew_values:
                raise OddsInputError(f"extra_crew.{c}: missing; a crew needs WS S I A (count"
                                     f" and weapon optional)")
        extra_crew = prefixed("extra_crew", lambda: CrewProfile(**crew_values))

    champion = None
    if "champion_profile" in data:
        champion = profile_from(subtable(data, "champion_profile"), "champion_profile",
                            base=prefixed("profile", lambda: _default_champion(profile)))

    members = _members_from(data.get("members", []))

    kwargs: dict[str, Any] = {
        key: data[key]
        for key in ("name", "troop_type", "models", "files", "crew", "points_per_model",
                    "points_per_unit", "notes", "army", "race", "unit_strength_override",
                    "champion_troop_type")
        if key in data
    }
    kwargs.update({key: rl[key] for key in _RULES_KEYS if key in rl})
    for key in ("armour_save_override", "champion_weapon", "champion_armour", "champion_shield",
                "champion_save_override", "front_weapon"):
        if key in eq:
            kwargs[key] = eq[key]
    try:
        return Unit(profile=profile, equipment=equipment, command=command, mount=mount,
                    champion_profile=champion, extra_crew=extra_crew, members=members,
                    **kwargs)
    except OddsInputError as exc:
        msg = str(exc)
        key = msg.split(":", 1)[0]
        if key in _TOML_PATH:
            msg = _TOML_PATH[key] + msg[len(key):]
        raise OddsInputError(msg) from None


def _members_from(value: object) -> tuple[Member, ...]:
    """``[[members]]`` tables (name, role, profile, equipment) → :class:`Member` records."""
    if not isinstance(value, list):
        raise OddsInputError(f"members: must be a list of tables (got {value!r})")
    out = []
    for k, table in enumerate(value):
        where = f"members[{k}]"
        if not isinstance(table, Mapping):
            raise OddsInputError(f"{where}: must be a table (got {table!r})")
        check_keys(table, ("name", "role", "profile", "equipment", "special",
                           "multiple_wounds", "armour_save_override", "troop_type",
                           "unit_strength"), where)
        for key in ("name", "role", "profile"):
            if key not in table:
                raise OddsInputError(f"{where}.{key}: missing (a member needs name, role and"
                                     f" profile)")
        profile = profile_from(subtable(table, "profile"), f"{where}.profile")
        eq = subtable(table, "equipment")
        check_keys(eq, ("weapon", "shield", "armour", "barding"), f"{where}.equipment")
        equipment = prefixed(f"{where}.equipment", lambda eq=eq: Equipment(**eq))
        out.append(prefixed(where, lambda t=table, p=profile, e=equipment: Member(
            name=t["name"], role=t["role"], profile=p, equipment=e,
            special=t.get("special"), multiple_wounds=t.get("multiple_wounds"),
            armour_save_override=t.get("armour_save_override"),
            troop_type=t.get("troop_type"), unit_strength=t.get("unit_strength"))))
    return tuple(out)


def check_formation(unit: Unit) -> Unit:
    """Refuse a unit as a player could not field it; return it unchanged.

    Checked where a user names a unit (:func:`odds.unit_reference.load_unit`),
    not on every :class:`Unit`: a unit shrunk by casualties
    (``replace(models=3)``) may be narrower than its frontage, and a catalogue
    entry's default may list command models its minimum size cannot carry.

    Raises
    ------
    OddsInputError
        More files than models, or more command models than models.
    """
    if unit.files > unit.models:  # a frontage wider than the unit is not a formation
        raise OddsInputError(f"files: must be <= models ({unit.models}) (got {unit.files})")
    n_command = unit.command.champion + unit.command.standard + unit.command.musician
    if n_command > unit.models:  # command models are upgraded models of the unit
        raise OddsInputError(f"command: {n_command} command models need at least "
                             f"{n_command} models in the unit (got {unit.models})")
    return unit


def load_unit_file(path: str | Path) -> Unit:
    """Load a unit from a TOML file (the schema of :func:`unit_from_dict`).

    A player's reference (built-in name, TOML path or catalogue entry, with
    ``?models=...`` options) is resolved by :func:`odds.unit_reference.load_unit`.
    """
    if not isinstance(path, (str, Path)):
        raise OddsInputError(f"unit: must be a TOML file path (got {path!r})")
    p = Path(path)
    return unit_from_dict(read_toml(p, "unit"), str(p))


def _load_text(text: str, source: str) -> Unit:
    return unit_from_dict(parse_toml(text, source), source)
