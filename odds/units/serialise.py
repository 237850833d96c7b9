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


def unit_to_dict(unit: Unit) -> dict[str, Any]:
    """What :meth:`odds.units.Unit.to_dict` returns: ``unit`` as a mapping in the TOML schema."""
    out: dict[str, Any] = {
        "name": unit.name,
        "troop_type": unit.troop_type,
        "models": unit.models,
        "files": unit.files,
    }
    if unit.crew != 1:
        out["crew"] = unit.crew
    if unit.points_per_model:
        out["points_per_model"] = unit.points_per_model
    if unit.points_per_unit:
        out["points_per_unit"] = unit.points_per_unit
    if unit.unit_strength_override is not None:
        out["unit_strength_override"] = unit.unit_strength_override
    for key in ("army", "race"):
        if getattr(unit, key):
            out[key] = getattr(unit, key)
    if unit.notes:
        out["notes"] = unit.notes
    out["profile"] = unit.profile.as_dict()
    equipment = dataclasses.asdict(unit.equipment)
    if unit.armour_save_override is not None:
        equipment["armour_save_override"] = unit.armour_save_override
    if unit.champion_weapon:
        equipment["champion_weapon"] = unit.champion_weapon
    if unit.front_weapon:
        equipment["front_weapon"] = unit.front_weapon
    if unit.champion_armour:
        equipment["champion_armour"] = unit.champion_armour
    if unit.champion_shield is not None:
        equipment["champion_shield"] = unit.champion_shield
    if unit.champion_save_override is not None:
        equipment["champion_save_override"] = unit.champion_save_override
    out["equipment"] = equipment
    out["command"] = {k: v for k, v in dataclasses.asdict(unit.command).items()
                      if not k.endswith("_points") or v}
    rules_table: dict[str, Any] = {"special": list(unit.special)}
    for key in ("ward_save", "regeneration", "poisoned", "multiple_wounds", "impact_hits"):
        rules_table[key] = getattr(unit, key)
    if unit.champion_ward:
        rules_table["champion_ward"] = unit.champion_ward
    if unit.impact_strength is not None:
        rules_table["impact_strength"] = unit.impact_strength
    if unit.random_attacks:
        rules_table["random_attacks"] = unit.random_attacks
    if unit.random_move:
        rules_table["random_move"] = unit.random_move
    for key in ("hatred", "no_panic_from", "no_panic_against", "flight_panics_only",
                "flight_panics_not", "panics_only", "panics_not", "panics_still",
                "champion_special",
                "champion_hatred"):
        if getattr(unit, key):
            rules_table[key] = list(getattr(unit, key))
    out["rules"] = rules_table
    if unit.extra_crew is not None:
        out["extra_crew"] = dataclasses.asdict(unit.extra_crew)
        if not unit.extra_crew.hatred:
            del out["extra_crew"]["hatred"]
        else:
            out["extra_crew"]["hatred"] = list(unit.extra_crew.hatred)
        if not unit.extra_crew.handlers:
            del out["extra_crew"]["handlers"]
    if unit.mount is not None:
        out["mount"] = {k: list(v) if k == "special" else v
                        for k, v in dataclasses.asdict(unit.mount).items()
                        if k not in ("charge_bonus", "poisoned", "special", "random_attacks")
                        or v}
    assert unit.champion_profile is not None
    if unit.champion_profile != _default_champion(unit.profile):
        out["champion_profile"] = unit.champion_profile.as_dict()
    if unit.members:
        out["members"] = [{"name": m.name, "role": m.role, "profile": m.profile.as_dict(),
                           "equipment": dataclasses.asdict(m.equipment),
                           **({"special": list(m.special)} if m.special is not None
                              else {})}
                          for m in unit.members]
    return out
