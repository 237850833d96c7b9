"""Scenario loaders: TOML files and plain dicts (schema in :mod:`odds.scenario`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from odds.characters import character_from_dict
from odds.scenario.combat import CombatScenario
from odds.scenario.unit import ScenarioOptions, ScenarioUnit
from odds.unit_reference import load_unit
from odds.units import (
    Unit,
    unit_from_dict,
)
from odds.validation import OddsInputError, check_keys, prefixed, read_toml, subtable
from odds.vocabulary import SIDE_NAMES

# --------------------------------------------------------------------------- loaders

_TOP_KEYS = ("name", "notes", "active_side", "max_rounds", "options", "attacker", "defender")
_OPTION_KEYS = tuple(f.name for f in dataclasses.fields(ScenarioOptions))
_UNIT_KEYS = (
    "id", "unit", "models", "files", "characters", "engaged_with", "face", "charged",
    "allocation", "challenge", "static_bonus", "high_ground", "general_within_30cm",
    "bsb_within_30cm",
)
_PASS_KEYS = _UNIT_KEYS[5:]


def scenario_from_dict(
    data: Mapping[str, Any], source: str = "<dict>", base_dir: str | Path | None = None
) -> CombatScenario:
    """Build and validate a :class:`CombatScenario` from a mapping in the TOML schema.

    Parameters
    ----------
    data : mapping
        The schema of the module docstring.
    source : str
        Where the data came from (file name), for error messages.
    base_dir : str or Path, optional
        Directory that relative unit paths are relative to (default: the
        current directory).

    Returns
    -------
    CombatScenario

    Raises
    ------
    OddsInputError
        ``"<source>: <key path>: <problem> (got <value>)"``.
    """
    try:
        return _scenario_from_dict(data, Path(base_dir) if base_dir is not None else Path())
    except OddsInputError as exc:
        raise OddsInputError(f"{source}: {exc}") from None




def _scenario_from_dict(data: Mapping[str, Any], base: Path) -> CombatScenario:
    if not isinstance(data, Mapping):
        raise OddsInputError(f"scenario: must be a table (got {type(data).__name__})")
    check_keys(data, _TOP_KEYS, "")
    for key in ("name", "attacker", "defender"):
        if key not in data:
            raise OddsInputError(f"{key}: missing (required keys: name, attacker, defender)")
    opts = subtable(data, "options")
    check_keys(opts, _OPTION_KEYS, "options")
    options = prefixed("options", lambda: ScenarioOptions(**opts))
    sides = []
    for side in SIDE_NAMES:
        entries = data[side]
        if isinstance(entries, Mapping):
            entries = [entries]
        if not isinstance(entries, list):
            raise OddsInputError(f"{side}: must be an array of tables [[{side}]] (got {entries!r})")
        sides.append(tuple(_scenario_unit(e, f"{side}[{i}]", base)
                           for i, e in enumerate(entries)))
    active = data.get("active_side")
    if active is not None and active not in SIDE_NAMES:
        raise OddsInputError(f"active_side: must be one of attacker, defender (got {active!r})")
    kwargs = {k: data[k] for k in ("name", "notes", "max_rounds") if k in data}
    return CombatScenario(sides=(sides[0], sides[1]), active_side=active, options=options,
                          **kwargs)


def _scenario_unit(entry: Any, where: str, base: Path) -> ScenarioUnit:
    if not isinstance(entry, Mapping):
        raise OddsInputError(f"{where}: must be a table (got {entry!r})")
    check_keys(entry, _UNIT_KEYS, where)
    for key in ("id", "unit", "engaged_with"):
        if key not in entry:
            raise OddsInputError(f"{where}.{key}: missing (required keys: id, unit, engaged_with)")
    unit = _unit(entry["unit"], where, base)
    resize = {k: entry[k] for k in ("models", "files") if k in entry}
    if resize:
        unit = prefixed(where, lambda: unit.replace(**resize))
    chars = entry.get("characters", [])
    if isinstance(chars, Mapping):
        chars = [chars]
    if not isinstance(chars, list):
        raise OddsInputError(
            f"{where}.characters: must be an array of tables [[...characters]] (got {chars!r})"
        )
    characters = tuple(
        prefixed(f"{where}.characters[{j}]", lambda c=c: _character(c, base))
        for j, c in enumerate(chars)
    )
    kwargs = {k: entry[k] for k in _PASS_KEYS if k in entry and k != "characters"}
    return prefixed(where, lambda: ScenarioUnit(id=entry["id"], unit=unit,
                                                 characters=characters, **kwargs))


def _character(spec: Any, base: Path) -> Any:
    """A character: a table, or a catalogue spec ``"PATH.cat:NAME?upgrades=A,B"``."""
    if isinstance(spec, str):
        from odds.battlescribe.catalogue_characters import character_from_spec

        return character_from_spec(spec, base)
    return character_from_dict(spec, "")


def _unit(spec: Any, where: str, base: Path) -> Unit:
    if isinstance(spec, Mapping):
        return prefixed(f"{where}.unit", lambda: unit_from_dict(spec, ""))
    if not isinstance(spec, str) or not spec:
        raise OddsInputError(
            f"{where}.unit: must be a library name, a .toml path or a table (got {spec!r})"
        )
    is_path = spec.endswith(".toml") or "/" in spec or "\\" in spec
    target: str | Path = base / spec if is_path else spec
    try:
        return load_unit(target)
    except OddsInputError as exc:
        msg = str(exc)
        if msg.startswith("unit:"):
            raise OddsInputError(f"{where}.{msg}") from None
        raise OddsInputError(f"{where}.unit: {msg}") from None


def load_scenario(path: str | Path) -> CombatScenario:
    """Load a combat scenario from a TOML file (schema in the module docstring).

    Parameters
    ----------
    path : str or Path
        The ``.toml`` file; unit paths in it are relative to its directory.

    Returns
    -------
    CombatScenario
    """
    p = Path(path)
    data = read_toml(p, "scenario")
    return scenario_from_dict(data, str(p), base_dir=p.parent)


def localised(scenario: CombatScenario, lang: str) -> CombatScenario:
    """``scenario`` with the built-in data's names in ``lang`` (:func:`odds.i18n.data_name`).

    The example files are written in English; with ``lang="es"`` the scenario's,
    units' and characters' names read in MDNR Spanish everywhere the answer
    shows them.  A player's own names are kept.
    """
    from odds.i18n import data_name

    def unit(su: Any) -> Any:
        return su.replace(unit=su.unit.replace(name=data_name(su.unit.name, lang)),
                          characters=tuple(c.replace(name=data_name(c.name, lang))
                                           for c in su.characters))

    return scenario.replace(name=data_name(scenario.name, lang),
                            sides=tuple(tuple(unit(su) for su in side)
                                        for side in scenario.sides))
