"""Uploaded BattleScribe files, read in memory, and units that travel by value.

An upload (``.cat``, ``.catz``, ``.ros``, ``.rosz``) is never written to disk:
a zipped file is inflated from memory with the CLI reader's own limits
(:mod:`odds.battlescribe.xmlsafe`), and the XML is handed to the CLI's readers
(:func:`~odds.battlescribe.load_catalogue`, :func:`~odds.battlescribe.load_roster`)
through an anonymous in-memory file (``memfd_create``), so every check of the
CLI applies.  The answer lists the units (and the characters) *by value*
(:func:`odds.units.serialise.unit_to_dict`, :meth:`odds.characters.Character.to_dict`):
the page keeps them, sends them back with a question, and puts them in its
links, so a link works on any server without the file.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from odds.battlescribe.report import STRICT_KINDS
from odds.battlescribe.xmlsafe import MAX_XML_BYTES, ZIPPED, _inflate
from odds.units import Unit, check_formation, unit_from_dict
from odds.units.serialise import unit_to_dict
from odds.validation import OddsInputError

SUFFIXES = (".cat", ".catz", ".ros", ".rosz")
"""File kinds the page accepts."""

MAX_UNITS = 200
"""Most units listed from one upload."""

_SAFE_NAME = re.compile(r"[^\w .()+-]")


def _safe(name: str) -> str:
    return _SAFE_NAME.sub("_", name)[:100] or "upload"


def _xml(name: str, data: bytes) -> bytes:
    """The XML of an upload: the file itself, or the one member of a zipped one."""
    suffix = os.path.splitext(name)[1].lower()
    if len(data) > MAX_XML_BYTES:
        raise OddsInputError(f"{name}: larger than {MAX_XML_BYTES:,} bytes; refused")
    if suffix not in ZIPPED:
        return data
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            wanted = ZIPPED[suffix]
            members = [i for i in archive.infolist() if i.filename.lower().endswith(wanted)]
            if not members:
                raise OddsInputError(f"{name}: zip archive holds no {wanted} member")
            return _inflate(name, archive, members[0], MAX_XML_BYTES)
    except OddsInputError:
        raise
    except Exception as exc:
        raise OddsInputError(f"{name}: not a valid zip archive ({type(exc).__name__})") from None


def read_upload(name: str, data: bytes, lang: str = "en") -> dict[str, Any]:
    """The units of an uploaded catalogue or roster, by value, with its warnings in ``lang``.

    The warnings are the import's ``ignored`` and ``approximated`` items, one line each.

    Raises
    ------
    OddsInputError
        Not one of :data:`SUFFIXES`, too large, not valid, or holding no unit;
        the message names the file as uploaded.
    """
    name = _safe(os.path.basename(name or ""))
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in SUFFIXES:
        raise OddsInputError(f"upload: {name!r} must end in one of {', '.join(SUFFIXES)}")
    xml = _xml(name, data)
    with in_memory_file(xml) as path:
        try:
            units, report, characters = _read(path, suffix)
        except OddsInputError as exc:
            raise OddsInputError(str(exc).replace(path, name)) from None
    if not units:
        raise OddsInputError(f"{name}: no unit the engine can field")
    from odds.i18n import report_line

    warnings = [report_line(i.unit, i.item, i.kind, i.reason, lang).replace(path, name)
                for i in report]
    return {"name": name, "kind": "roster" if suffix.startswith(".ros") else "catalogue",
            "units": [{"key": f"{i}", "name": u.name, "models": u.models,
                       "points": u.points, "data": unit_to_dict(u),
                       "takes_characters": takes_characters(u)}
                      for i, u in enumerate(units[:MAX_UNITS])],
            "characters": characters[:MAX_UNITS],
            "warnings": warnings[:50]}


@contextmanager
def in_memory_file(data: bytes) -> Iterator[str]:
    """A path (``/proc/self/fd/N``) to an anonymous in-memory file holding ``data``."""
    if not hasattr(os, "memfd_create"):
        raise OddsInputError("upload: this server cannot read files in memory (no memfd)")
    fd = os.memfd_create("odds-upload", os.MFD_CLOEXEC)
    try:
        os.write(fd, data)
        yield f"/proc/self/fd/{fd}"
    finally:
        os.close(fd)


def _read(path: str, suffix: str) -> tuple[list[Unit], list[Any], list[dict[str, Any]]]:
    """Units, import warnings (report items) and a roster's characters by value.

    Each character comes with the unit he joins.  A roster's import report names a
    character by his name only, so characters of one name share their import notes.
    """
    from odds.battlescribe import load_catalogue, load_roster

    if suffix.startswith(".ros"):
        roster = load_roster(path)
        strict = roster.report.of_kind(*STRICT_KINDS)
        characters = [character_item(f"{i}", c, roster.joined.get(c.name, ""),
                                     [n for n in strict if n.unit == c.name])
                      for i, c in enumerate(roster.characters)]
        return list(roster.units), list(strict), characters
    cat = load_catalogue(path)
    return ([e.default_unit for e in cat.entries], list(cat.report.of_kind(*STRICT_KINDS)),
            catalogue_character_list(path))


def unit_by_value(data: dict[str, Any], models: int | None, files: int | None,
                  command: str) -> Unit:
    """A unit sent by value (an uploaded one), resized as a built-in one is."""
    from odds.unit_reference import _apply

    unit = unit_from_dict(data, source="uploaded unit")
    opts: dict[str, Any] = {}
    if models is not None:
        opts["models"] = models
    if files is not None:
        opts["files"] = files
    if command != "none":
        opts["command"] = command
    return check_formation(_apply(unit, opts, unit.name))


def character_item(key: str, character: Any, joins: str = "",
                   report: Any = ()) -> dict[str, Any]:
    """One character as the page lists it: key, name, points, the unit it joins, and by value.

    ``import_notes`` lists what the import of the character left out (``ignored``) or
    approximated (``approximated``), one ``{"kind", "item"}`` per option or rule of
    ``report`` (:class:`~odds.battlescribe.report.ReportItem` s), in no language: the
    page words them.
    """
    return {"key": key, "name": character.name, "points": character.points, "joins": joins,
            "data": character.to_dict(), "import_notes": import_notes(report)}


def import_notes(report: Any) -> list[dict[str, str]]:
    """The ``ignored`` and ``approximated`` items of an import report, once each, in order."""
    items = report.of_kind(*STRICT_KINDS) if hasattr(report, "of_kind") else report
    seen: dict[tuple[str, str], dict[str, str]] = {}
    for i in items:
        seen.setdefault((i.kind, i.item), {"kind": i.kind, "item": i.item})
    return list(seen.values())


def takes_characters(unit: Unit) -> bool:
    """Whether characters may join ``unit`` (ranked units only: RULES.md §1.9)."""
    from odds.scenario.unit import NO_CHARACTERS

    return unit.troop_type not in NO_CHARACTERS


def catalogue_character_list(path: str | Path,
                             entries: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The character entries of a catalogue file with their default options, by value.

    Each lists the options a player may pick (``options``: name, group, points, magic)
    and the most points of magic items he may take (``magic_limit``).  ``entries``
    (:class:`~odds.battlescribe.catalogue_characters.CharacterEntry` by key) saves
    reading the file again.
    """
    from odds.battlescribe.catalogue_characters import catalogue_characters

    if entries is None:
        entries = {e.name.strip(): e for e in catalogue_characters(path)}
    return [{**character_item(key, e.default, report=e.report),
             "options": [{"name": o.name, "group": o.group, "points": o.points,
                          "magic": o.magic} for o in e.choices],
             "magic_limit": e.magic_limit}
            for key, e in entries.items()]



def upload_character(name: str, data: bytes, key: str, upgrades: list[str],
                     lang: str = "en") -> dict[str, Any]:
    """A character of an uploaded catalogue with the named options taken, by value.

    The file is read in memory as :func:`read_upload` reads it (never stored) and the
    character built as :meth:`odds.web.books.Library.character` builds an army book's
    (options and magic items within the entry's limit), so the page sends the file
    again with each change of options.

    Raises
    ------
    OddsInputError
        ``upload: ...`` for a file that is not a catalogue, ``key: ...`` for a
        character it does not list, ``upgrades: ...`` as ``CharacterEntry.build``
        raises it; messages name the file as uploaded.
    """
    from odds.battlescribe.catalogue_characters import catalogue_characters
    from odds.i18n import report_line

    name = _safe(os.path.basename(name or ""))
    if os.path.splitext(name)[1].lower() not in (".cat", ".catz"):
        raise OddsInputError(f"upload: {name!r} must be an army book (.cat or .catz): only an "
                             "army book's characters take options")
    with in_memory_file(_xml(name, data)) as path:
        try:
            entries = {e.name.strip(): e for e in catalogue_characters(path)}
            if key not in entries:
                raise OddsInputError(f"key: {name!r} lists no character {key!r}")
            built, report = entries[key].build(upgrades)
        except OddsInputError as exc:
            raise OddsInputError(str(exc).replace(path, name)) from None
    listed = catalogue_character_list(path, {key: entries[key]})[0]
    return {**listed, **character_item(key, built, report=report),
            "upgrades": list(upgrades),
            "warnings": [report_line(i.unit, i.item, i.kind, i.reason, lang)
                         for i in report.of_kind(*STRICT_KINDS)]}
