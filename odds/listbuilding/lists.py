"""Army lists: resolve a list spec to a tuple of units.

A list is any of

* a BattleScribe roster path (``.ros`` / ``.rosz``), read with
  :func:`odds.battlescribe.load_roster`;
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
from pathlib import Path

from odds.unit_reference import find_library_name, load_unit
from odds.units import Unit
from odds.validation import OddsInputError

__all__ = ["ROSTER_SUFFIXES", "resolve_list", "split_specs", "unique_names"]

ROSTER_SUFFIXES = (".ros", ".rosz")
"""File suffixes read as BattleScribe rosters."""

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


def _one(spec: object, what: str) -> list[Unit]:
    if isinstance(spec, Unit):
        return [spec]
    if isinstance(spec, os.PathLike):
        return _roster_units(spec, what) if _is_roster(spec) else [load_unit(Path(spec))]
    if isinstance(spec, str):
        text = spec.strip()
        if not text:
            raise OddsInputError(f"{what}: empty unit spec")
        if _is_roster(text):
            return _roster_units(text, what)
        return [load_unit(text)]
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
    """The units of a list spec, with unique names.

    Parameters
    ----------
    spec : str, PathLike, Unit or sequence of them
        See the module notes.
    what : str
        Name of the argument, for error messages (``list_a``...).

    Returns
    -------
    tuple of Unit
    """
    if isinstance(spec, str):
        items: Sequence[object] = split_specs(spec)
    elif isinstance(spec, (Unit, os.PathLike)):
        items = [spec]
    elif isinstance(spec, Sequence):
        items = spec
    else:
        raise OddsInputError(f"{what}: must be a roster path, unit specs or Units "
                             f"(got {type(spec).__name__})")
    units: list[Unit] = []
    for item in items:
        units.extend(_one(item, what))
    if not units:
        raise OddsInputError(f"{what}: no units")
    return unique_names(units)


def unique_names(units: Sequence[Unit]) -> tuple[Unit, ...]:
    """The units, renamed ``"Name (2)"``, ``"Name (3)"``... where names repeat."""
    seen: dict[str, int] = {}
    out = []
    for u in units:
        seen[u.name] = seen.get(u.name, 0) + 1
        out.append(u if seen[u.name] == 1 else u.replace(name=f"{u.name} ({seen[u.name]})"))
    return tuple(out)
