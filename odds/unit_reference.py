"""A unit the way a player names it: built-in name, TOML file or catalogue entry → a Unit.

This is the one place that turns a user's unit reference into a
:class:`odds.units.Unit`; it sits above :mod:`odds.units` and
:mod:`odds.battlescribe`, so imports run one way (units ← battlescribe ←
unit_reference).

A reference is ``WHAT[?KEY=VALUE&KEY=VALUE...]`` where ``WHAT`` is

* a catalogue entry ``PATH.cat:Unit name`` (also ``.catz``, ``.gst``,
  ``.gstz``; :mod:`odds.battlescribe.spec`): the entry name is accent- and
  case-insensitive and a unique prefix is enough (``Barbaslargas``);
* a unit of a BattleScribe roster ``PATH.ros:Unit name`` (also ``.rosz``;
  accent- and case-insensitive): the unit as the list fields it;
* a TOML unit file (a name ending in ``.toml`` or holding ``/``);
* a built-in unit (:func:`odds.units.library_names`): by its key
  (``empire_halberdiers``) or its Spanish display name (``Alabarderos``),
  case- and accent-insensitively; an unknown name gets close matches.

The same keys work for all three:

``models``
    Models in the unit (1..1000).
``files``
    Models per rank (default: the unit's own frontage, at most ``models``).
``command``
    ``full``, ``none`` or a comma list of ``champion``, ``standard``,
    ``musician``.
``upgrades``
    Catalogue options (``upgrades=Escudo``): catalogue entries only, where the
    option and its points are known.
``strict``
    Catalogue entries only: refuse anything the engine does not model.

Example: ``odds combat "Alabarderos?models=25&files=5&command=full" orc_boyz``.
"""

from __future__ import annotations

import difflib
import os
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from odds.battlescribe.spec import is_catalogue_spec, query_options, unit_from_spec
from odds.units import (
    Command,
    Unit,
    check_formation,
    library_names,
    library_unit,
    load_unit_file,
)
from odds.validation import OddsInputError, integer

__all__ = ["find_library_name", "load_unit", "parse_reference", "refuse_unusable",
           "unusable_reason"]

_ROLES = ("champion", "standard", "musician")


def _key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    return " ".join(plain.replace("_", " ").replace("-", " ").split())


@cache
def _library_index() -> dict[str, str]:
    """Normalized built-in key or display name → built-in key (ambiguous names left out)."""
    index: dict[str, str] = {}
    ambiguous: set[str] = set()
    for name in library_names():
        for alias in (name, library_unit(name).name):
            k = _key(alias)
            if index.get(k, name) != name:
                ambiguous.add(k)
            index[k] = name
    return {k: v for k, v in index.items() if k not in ambiguous}


def find_library_name(name: str) -> str:
    """The built-in key a player's name refers to (key or Spanish display name).

    Raises
    ------
    OddsInputError
        Unknown name; the message suggests close matches.
    """
    index = _library_index()
    k = _key(name)
    if k in index:
        return index[k]
    starting = sorted({v for a, v in index.items() if k and a.startswith(k)})
    if len(starting) == 1:
        return starting[0]
    close = difflib.get_close_matches(k, list(index), n=4, cutoff=0.7)
    shown = [f"{index[c]} ({library_unit(index[c]).name})" for c in close]
    shown += [f"{s} ({library_unit(s).name})" for s in starting if s not in
              {index[c] for c in close}]
    hint = (f"; did you mean {', '.join(dict.fromkeys(shown))}?" if shown
            else f"; built-in: {', '.join(library_names())}")
    raise OddsInputError(f"unit: unknown built-in unit {name!r}{hint}"
                         " (or give a .toml file or a catalogue entry FILE.cat:NAME)")


def parse_reference(text: str) -> tuple[str, dict[str, Any]]:
    """Split a built-in or TOML reference into ``(what, options)`` (see the module notes).

    Raises
    ------
    OddsInputError
        Unknown key or bad value.
    """
    what, _, query = text.partition("?")
    what = what.strip()
    if not what:
        raise OddsInputError(f"unit: {text!r}: no unit before '?'")
    opts: dict[str, Any] = {}
    for key, value in query_options(text, query):
        if key in ("upgrades", "strict"):
            raise OddsInputError(
                f"unit: {text!r}: {key}= needs a catalogue entry (FILE.cat:NAME?{key}=...);"
                f" a built-in or TOML unit takes models, files and command"
            )
        opts[key] = value
    return what, opts


def _command(value: str, text: str) -> Command:
    if value == "full":
        roles = set(_ROLES)
    elif value == "none":
        roles = set()
    else:
        roles = {r.strip() for r in value.split(",") if r.strip()}
        bad = sorted(roles - set(_ROLES))
        if bad or not roles:
            raise OddsInputError(
                f"unit: {text!r}: command must be 'full', 'none' or some of"
                f" {', '.join(_ROLES)} (got {value!r})"
            )
    return Command(**{r: r in roles for r in _ROLES})


def _apply(unit: Unit, opts: dict[str, Any], text: str) -> Unit:
    changes: dict[str, Any] = {}
    if "models" in opts:
        changes["models"] = integer("models", opts["models"], low=1, high=1000)
    if "files" in opts:
        changes["files"] = integer("files", opts["files"], low=1, high=100)
    elif "models" in opts:
        changes["files"] = min(unit.files, changes["models"])
    if "command" in opts:
        cmd = _command(opts["command"], text)
        old = unit.command
        changes["command"] = old.replace(champion=cmd.champion, standard=cmd.standard,
                                         musician=cmd.musician)
    if not changes:
        return unit
    try:
        return unit.replace(**changes)
    except OddsInputError as exc:
        raise OddsInputError(f"unit: {text!r}: {exc}") from None


_VITAL = {"R": "T", "H": "W"}
"""MDNR letters of the characteristics without which a model cannot be wounded or removed."""


def unusable_reason(unit: Unit) -> str | None:
    """Why an imported unit cannot be simulated (None: it can).

    A profile whose Toughness or Wounds the data does not give (printed ``-``
    or ``*``, set by rules of the unit's own: the Imperio "Tanque de vapor"
    has 25 structure points instead of wounds) was imported with a stand-in
    value of 1; the combat would be fiction.
    """
    missing = [_VITAL[n.rsplit(" ", 1)[-1]] for n in unit.import_notes
               if n.startswith("approximated:") and n.rsplit(" ", 1)[-1] in _VITAL]
    if not missing:
        return None
    return (f"{unit.name!r} has no usable {' or '.join(dict.fromkeys(missing))} in its data "
            "(its own rules replace them; see `odds catalogue --report`), so its combats "
            "cannot be simulated")


def refuse_unusable(unit: Unit) -> Unit:
    """``unit``, or an error saying why it cannot be simulated (:func:`unusable_reason`)."""
    reason = unusable_reason(unit)
    if reason is not None:
        raise OddsInputError(f"unit: {reason}")
    return unit


_ROSTER_SPEC = re.compile(r"\.rosz?:", re.IGNORECASE)

_ROSTER_SUFFIXES = (".ros", ".rosz")
_CATALOGUE_SUFFIXES = (".cat", ".catz", ".gst", ".gstz")


def _roster_unit(path: str, name: str) -> Unit:
    """The unit ``name`` of the roster at ``path``."""
    from odds.battlescribe import load_roster

    return load_roster(path).unit(name)


def _refuse_whole_file(what: str) -> None:
    """A roster or catalogue named where one unit is wanted: say what to write instead."""
    low = what.lower()
    if low.endswith(_ROSTER_SUFFIXES):
        try:
            from odds.battlescribe import load_roster

            names = ", ".join(load_roster(what).names)
        except OddsInputError:
            names = ""
        example = f"{what}:{names.split(', ')[0]}" if names else f"{what}:UNIT"
        raise OddsInputError(
            f"unit: {what!r} is a whole roster, not one unit; name one of its units as "
            f"{example!r}" + (f" (units: {names})" if names else "")
            + "; `odds matrix` takes whole rosters")
    if low.endswith(_CATALOGUE_SUFFIXES):
        raise OddsInputError(
            f"unit: {what!r} is a whole catalogue, not one unit; name one of its entries as "
            f"'{what}:ENTRY' (`odds catalogue {what}` lists them); `odds matrix` takes a "
            "whole catalogue")


def _is_path(text: str) -> bool:
    return text.lower().endswith(".toml") or "/" in text or "\\" in text


def load_unit(reference: str | os.PathLike[str]) -> Unit:
    """The :class:`~odds.units.Unit` a player's reference names (see the module notes).

    Parameters
    ----------
    reference : str or PathLike
        ``"Alabarderos?models=25&command=full"``, ``"my_unit.toml?files=6"``,
        ``"FILE.cat:Lanceros?models=20&upgrades=Escudo"``, ``"orc_boyz"``, or
        a path.

    Returns
    -------
    Unit

    Raises
    ------
    OddsInputError
        Unknown unit (with close matches), unreadable file, bad option, or a
        formation a player could not field (:func:`odds.units.check_formation`).
    """
    if isinstance(reference, os.PathLike):
        reference = os.fspath(reference)
    if not isinstance(reference, str):
        raise OddsInputError(
            f"unit: must be a built-in name, a .toml path or a catalogue entry FILE.cat:NAME"
            f" (got {reference!r})"
        )
    if is_catalogue_spec(reference):
        return check_formation(refuse_unusable(unit_from_spec(reference)))
    roster = _ROSTER_SPEC.search(reference)
    if roster is not None:
        what, opts = parse_reference(reference[roster.end():])
        unit = refuse_unusable(_roster_unit(reference[:roster.end() - 1], what))
        return check_formation(_apply(unit, opts, reference))
    what, opts = parse_reference(reference)
    _refuse_whole_file(what)
    if _is_path(what):
        unit = load_unit_file(Path(what))
    else:
        unit = library_unit(find_library_name(what))
    return check_formation(_apply(unit, opts, reference))
