"""Army lists: resolve a list spec to a tuple of units.

A list is any of

* a BattleScribe roster path (``.ros`` / ``.rosz``), read with
  :func:`odds.battlescribe.load_roster`;
* a whole BattleScribe catalogue (``.cat`` / ``.catz``): every unit entry at
  its default size (the catalogue's minimum); entries that cannot be
  simulated (:func:`odds.unit_reference.unusable_reason`) are left out and
  named in :attr:`ArmyList.left_out`;
* a unit spec accepted by :func:`odds.unit_reference.load_unit` (built-in name, TOML
  path, ``FILE.cat:Unit name?models=20&files=5&command=full``), or several
  of them separated by commas (``"empire_swordsmen,orc_boyz"``).  Commas
  inside a unit spec's options (``?command=champion,musician``) stay
  with it: a piece after a unit spec with options starts a new unit
  only if it is a built-in name (key or display name), a file path or a
  catalogue spec (in Python, pass a list to be explicit);
* a :class:`~odds.units.Unit`, or a sequence mixing all of the above.

Units keep their order; names shared by several units of one list are made
unique with a ``" (2)"``, ``" (3)"``... suffix so that every matrix row and
column has its own label.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from odds.unit_reference import find_library_name, load_unit, unusable_reason
from odds.units import Unit
from odds.validation import OddsInputError

__all__ = ["CATALOGUE_SUFFIXES", "ROSTER_SUFFIXES", "ArmyList", "approximated", "read_list",
           "resolve_list", "split_specs", "unique_names"]

ROSTER_SUFFIXES = (".ros", ".rosz")
"""File suffixes read as BattleScribe rosters."""

CATALOGUE_SUFFIXES = (".cat", ".catz")
"""File suffixes read as whole catalogues (every unit entry)."""


@dataclass(frozen=True)
class ArmyList:
    """The units of a list spec.

    Attributes
    ----------
    units : tuple of Unit
        With unique names.
    optional : frozenset of str
        Names of the units taken from a whole catalogue: a unit among them
        that cannot be fielded (bought to the points, ``strict``) is left out
        rather than refused.
    left_out : tuple of str
        ``"NAME: reason"`` for each entry of a whole catalogue left out.
    max_models : dict of str to int
        The catalogue's maximum size of units from a whole catalogue, by name.
    """

    units: tuple[Unit, ...]
    optional: frozenset[str] = frozenset()
    left_out: tuple[str, ...] = field(default=())
    max_models: dict[str, int] = field(default_factory=dict)


def approximated(unit: Unit) -> bool:
    """Whether the unit's import ignored or approximated any of its rules or profile."""
    return any(n.startswith(("ignored:", "approximated:")) for n in unit.import_notes)

ListSpec = "str | os.PathLike[str] | Unit | Sequence[str | os.PathLike[str] | Unit]"


def _is_roster(spec: str | os.PathLike[str]) -> bool:
    return Path(spec).suffix.lower() in ROSTER_SUFFIXES


def _roster_units(spec: str | os.PathLike[str], what: str) -> list[Unit]:
    try:
        from odds.battlescribe import load_roster
    except ImportError:  # pragma: no cover - until the BattleScribe import lands
        raise OddsInputError(f"{what}: {str(spec)!r} is a BattleScribe roster, but this odds "
                             "has no BattleScribe import (odds.battlescribe)") from None
    units = tuple(load_roster(spec).units)
    if not units:
        raise OddsInputError(f"{what}: roster {str(spec)!r} has no units")
    return list(units)


def _is_whole_catalogue(spec: str | os.PathLike[str]) -> bool:
    return Path(spec).suffix.lower() in CATALOGUE_SUFFIXES


def _catalogue_units(spec: str | os.PathLike[str], what: str, left_out: list[str],
                     largest: list[int | None]) -> list[Unit]:
    """Every unit entry of a catalogue at its default size, the unusable ones left out.

    ``largest`` receives each unit's maximum size (None: no maximum).
    """
    from odds.battlescribe import load_catalogue

    units = []
    for entry in load_catalogue(spec).entries:
        reason = unusable_reason(entry.default_unit)
        if reason is None:
            units.append(entry.default_unit)
            largest.append(entry.max_models)
        else:
            left_out.append(f"{entry.name}: {reason}")
    if not units:
        raise OddsInputError(f"{what}: catalogue {str(spec)!r} has no unit that can fight")
    return units


def _one(spec: object, what: str, left_out: list[str],
         largest: list[int | None]) -> tuple[list[Unit], bool]:
    """The units of one item of a list and whether they came from a whole catalogue."""
    if isinstance(spec, Unit):
        return [spec], False
    if isinstance(spec, os.PathLike):
        spec = os.fspath(spec)
    if isinstance(spec, str):
        text = spec.strip()
        if not text:
            raise OddsInputError(f"{what}: empty unit spec")
        if _is_roster(text):
            return _roster_units(text, what), False
        if _is_whole_catalogue(text):
            return _catalogue_units(text, what, left_out, largest), True
        return [load_unit(text)], False
    raise OddsInputError(f"{what}: must be a Unit, a unit spec or a roster path "
                         f"(got {type(spec).__name__})")


def _is_catalogue(text: str) -> bool:
    low = text.lower()
    return ".cat:" in low or ".catz:" in low


def _starts_unit(piece: str, names: frozenset[str]) -> bool:
    head = piece.partition("?")[0].strip()
    if head in names or _is_catalogue(piece) or "/" in piece or "\\" in piece \
            or head.lower().endswith((".toml", *ROSTER_SUFFIXES)):
        return True
    try:
        find_library_name(head)  # a built-in by key or Spanish display name
    except OddsInputError:
        return False
    return True


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of unit specs (see the module notes)."""
    from odds.units import library_names

    names = frozenset(library_names())
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if out and "?" in out[-1] and not _starts_unit(piece, names):
            out[-1] = f"{out[-1]},{piece}"
        else:
            out.append(piece)
    return out


def resolve_list(spec: object, what: str = "list") -> tuple[Unit, ...]:
    """The units of a list spec, with unique names (:func:`read_list`'s ``units``)."""
    return read_list(spec, what).units


def read_list(spec: object, what: str = "list") -> ArmyList:
    """The units of a list spec, with unique names, and what a whole catalogue left out.

    Parameters
    ----------
    spec : str, PathLike, Unit or sequence of them
        See the module notes.
    what : str
        Name of the argument, for error messages (``list_a``...).

    Returns
    -------
    ArmyList
    """
    if isinstance(spec, str) and _is_whole_catalogue(spec.strip()):
        items: Sequence[object] = [spec]
    elif isinstance(spec, str):
        items = split_specs(spec)
    elif isinstance(spec, (Unit, os.PathLike)):
        items = [spec]
    elif isinstance(spec, Sequence):
        items = spec
    else:
        raise OddsInputError(f"{what}: must be a roster path, unit specs or Units "
                             f"(got {type(spec).__name__})")
    units: list[Unit] = []
    optional: list[bool] = []
    left_out: list[str] = []
    largest: list[int | None] = []
    for item in items:
        got, whole = _one(item, what, left_out, largest)
        units.extend(got)
        optional.extend([whole] * len(got))
        if not whole:
            largest.extend([None] * len(got))
    if not units:
        raise OddsInputError(f"{what}: no units")
    named = unique_names(units)
    return ArmyList(named, frozenset(u.name for u, o in zip(named, optional, strict=True) if o),
                    tuple(left_out), {u.name: m for u, m in zip(named, largest, strict=True)
                                      if m is not None})


def unique_names(units: Sequence[Unit]) -> tuple[Unit, ...]:
    """The units, renamed ``"Name (2)"``, ``"Name (3)"``... where names repeat."""
    seen: dict[str, int] = {}
    out = []
    for u in units:
        seen[u.name] = seen.get(u.name, 0) + 1
        out.append(u if seen[u.name] == 1 else u.replace(name=f"{u.name} ({seen[u.name]})"))
    return tuple(out)
