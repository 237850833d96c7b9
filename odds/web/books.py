"""The army books the page offers: the built-in library and BattleScribe catalogues.

A book has an ``id`` that travels in links: ``builtin`` for the built-in library,
else the first 12 hex digits of the SHA-256 of the catalogue file, so a link
names the exact data it was made with.  Units are named to the engine as the
CLI names them (:func:`odds.unit_reference.load_unit` references), so the page and
``odds combat`` build the same unit from the same choice.
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from odds.validation import OddsInputError

BUILTIN = "builtin"
"""Id of the built-in library."""

CATALOGUE_SUFFIXES = (".cat", ".catz")
ROSTER_SUFFIXES = (".ros", ".rosz")


def search_key(text: str) -> str:
    """``text`` without accents, case, underscores or repeated spaces (for the search box)."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    return " ".join(plain.replace("_", " ").split())


def battlescribe_data_dir() -> Path | None:
    """BattleScribe's own data folder (``~/BattleScribe/data``) when it exists."""
    p = Path.home() / "BattleScribe" / "data"
    return p if p.is_dir() else None


@dataclass(frozen=True)
class Book:
    """One army book: its id, its name, and the file it comes from (None: built-in)."""

    id: str
    name: str
    path: Path | None = None
    sha256: str = ""

    @property
    def kind(self) -> str:
        """``builtin``, ``catalogue`` or ``roster`` (a list of units and characters)."""
        if self.path is None:
            return "builtin"
        return "roster" if self.path.suffix.lower() in ROSTER_SUFFIXES else "catalogue"

    def source(self) -> dict[str, str]:
        """Where a character listed from this book comes from: kind, book id, name, file.

        The page names it beside each character (a roster file, an army book, the
        built-in library) and keeps it in its links.
        """
        return {"kind": self.kind, "book": self.id, "name": self.name,
                "file": self.path.name if self.path else ""}

    def summary(self) -> dict[str, Any]:
        """What the page lists: id, name, kind, file name and hash."""
        return {"id": self.id, "name": self.name, "kind": self.kind,
                "file": self.path.name if self.path else "", "sha256": self.sha256}


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _catalogue_name(path: Path) -> str:
    from odds.battlescribe.xmlsafe import peek_root

    try:
        root = peek_root(path)
    except OddsInputError:
        root = None
    if root is None:
        return path.stem
    return root.get("name") or path.stem


@dataclass
class Library:
    """The books of a server: the built-in library first, then each catalogue found.

    Parameters
    ----------
    data_dirs : list of Path
        Folders searched (recursively) for catalogues (``.cat``, ``.catz``) and
        rosters (``.ros``, ``.rosz``).  A roster's units and characters are
        listed by value, as an uploaded roster's are (:func:`odds.web.uploads.read_upload`).
    """

    data_dirs: list[Path] = field(default_factory=list)
    books: dict[str, Book] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.books = {BUILTIN: Book(BUILTIN, "Built-in library")}
        found: list[Path] = []
        for d in self.data_dirs:
            for root, _, files in os.walk(d):
                found += [Path(root) / f for f in files
                          if Path(f).suffix.lower() in CATALOGUE_SUFFIXES + ROSTER_SUFFIXES]
        for path in sorted(found, key=lambda p: p.name.lower()):
            sha = _digest(path)
            book = Book(sha[:12], _catalogue_name(path), path, sha)
            self.books.setdefault(book.id, book)
        self._rosters: dict[str, dict[str, Any]] = {}
        self._characters: dict[str, list[dict[str, Any]]] = {}
        self._entries: dict[str, dict[str, Any]] = {}

    def roster(self, book_id: str) -> dict[str, Any]:
        """A roster book read as an upload is: its units and characters by value."""
        from odds.web.uploads import read_upload

        book = self.book(book_id)
        if book.kind != "roster":
            raise OddsInputError(f"book: {book.name!r} is not a roster")
        if book_id not in self._rosters:
            self._rosters[book_id] = read_upload(book.path.name, book.path.read_bytes())
        return self._rosters[book_id]

    def characters(self, book_id: str) -> list[dict[str, Any]]:
        """The characters a book offers, by value (with the unit each joins: a roster's).

        A roster's are its characters; a catalogue's its character entries with their
        default options (:func:`odds.battlescribe.catalogue_characters.catalogue_characters`);
        the built-in library's its built-in characters (:func:`odds.characters.library_character`).
        """
        book = self.book(book_id)
        if book_id not in self._characters:
            if book.kind == "roster":
                items = self.roster(book_id)["characters"]
            elif book.path is None:
                items = _builtin_characters()
            else:
                from odds.web.uploads import catalogue_character_list

                items = catalogue_character_list(book.path, self._catalogue_entries(book_id))
            self._characters[book_id] = [{**c, "source": book.source()} for c in items]
        return self._characters[book_id]

    def _catalogue_entries(self, book_id: str) -> dict[str, Any]:
        """A catalogue's character entries by key (their names as listed), read once."""
        if book_id not in self._entries:
            from odds.battlescribe.catalogue_characters import catalogue_characters

            path = self.book(book_id).path
            self._entries[book_id] = {e.name.strip(): e for e in catalogue_characters(path)}
        return self._entries[book_id]

    def character(self, book_id: str, key: str, upgrades: list[str],
                  lang: str = "en") -> dict[str, Any]:
        """One character of a book with the named options taken, as :meth:`characters` lists it.

        A catalogue character is built by :meth:`odds.battlescribe.catalogue_characters.
        CharacterEntry.build` (options and magic items within the book's limit), with the
        import notes of that build in ``lang`` (``warnings``: what it left out or
        approximated) and in no language
        (``import_notes``, :func:`odds.web.uploads.import_notes`); other books'
        characters take no options.

        Raises
        ------
        OddsInputError
            ``key: ...`` for a character the book does not list, ``upgrades: ...`` for an
            option it does not offer or magic items over its limit.
        """
        from odds.battlescribe.report import STRICT_KINDS
        from odds.i18n import report_line
        from odds.web.uploads import character_item

        book = self.book(book_id)
        listed = {c["key"]: c for c in self.characters(book_id)}
        if key not in listed:
            raise OddsInputError(f"key: {book.name!r} lists no character {key!r}")
        if book.kind != "catalogue":
            if upgrades:
                raise OddsInputError("upgrades: only an army book's characters take options "
                                     f"({book.name!r} is a {book.kind})")
            return {**listed[key], "upgrades": [], "warnings": []}
        entry = self._catalogue_entries(book_id)[key]
        built, report = entry.build(upgrades)
        item = character_item(key, built, report=report)
        return {**listed[key], **item, "upgrades": list(upgrades),
                "warnings": [report_line(i.unit, i.item, i.kind, i.reason, lang)
                             for i in report.of_kind(*STRICT_KINDS)]}

    def book(self, book_id: str) -> Book:
        """The book with this id, or an input error listing how to find one."""
        try:
            return self.books[book_id]
        except KeyError:
            raise OddsInputError(f"book: unknown army book {book_id!r} (the data on this server "
                                 "may have changed; pick the book again)") from None

    def units(self, book_id: str) -> list[dict[str, Any]]:
        """The units of a book: name, key, sizes, options, points per model, troop type.

        ``takes_characters``: whether characters may join the unit (ranked units only).
        """
        from odds.scenario.unit import NO_CHARACTERS

        return [{**u, "takes_characters": u["troop_type"] not in NO_CHARACTERS}
                for u in self._units(book_id)]

    def _units(self, book_id: str) -> list[dict[str, Any]]:
        book = self.book(book_id)
        if book.path is None:
            return _builtin_units()
        if book.kind == "roster":
            return [{**u, "search": search_key(u["name"]), "min_models": 1, "max_models": None,
                     "default_models": u["models"], "options": [], "points_per_model": None,
                     "troop_type": u["data"].get("troop_type", "")}
                    for u in self.roster(book_id)["units"]]
        from odds.battlescribe.spec import (
            _catalogue,
            unit_from_spec,  # noqa: F401  (same cache as the CLI)
        )

        st = book.path.stat()
        cat = _catalogue(str(book.path), (st.st_mtime_ns, st.st_size), False)
        return [{"key": e.name, "name": e.name, "search": search_key(e.name),
                 "min_models": e.min_models, "max_models": e.max_models,
                 "default_models": e.default_models, "options": list(e.options),
                 "points_per_model": e.points_per_model, "troop_type": e.troop_type,
                 "army": e.army}
                for e in cat.entries]

    def reference(self, book_id: str, unit: str, models: int | None, files: int | None,
                  command: str, upgrades: list[str]) -> str:
        """The :func:`odds.unit_reference.load_unit` reference of a choice on the page."""
        book = self.book(book_id)
        if book.kind == "roster":
            raise OddsInputError("unit: a roster's units are sent by value (data), as "
                                 f"/api/books/{book_id}/units lists them")
        opts = []
        if models is not None:
            opts.append(f"models={models}")
        if files is not None:
            opts.append(f"files={files}")
        if command != "none":
            opts.append(f"command={command}")
        if upgrades:
            if book.path is None:
                raise OddsInputError("upgrades: only catalogue units take upgrades")
            opts.append("upgrades=" + ",".join(quote(u, safe="") for u in upgrades))
        query = ("?" + "&".join(opts)) if opts else ""
        if book.path is None:
            return f"{unit}{query}"
        return f"{book.path}:{quote(unit, safe=' ()')}{query}"


def _builtin_units() -> list[dict[str, Any]]:
    from odds.units import library_names, library_unit

    out = []
    for key in library_names():
        u = library_unit(key)
        out.append({"key": key, "name": u.name, "search": search_key(f"{key} {u.name}"),
                    "min_models": 1, "max_models": None, "default_models": u.models,
                    "options": [], "points_per_model": u.points_per_model,
                    "troop_type": u.troop_type, "army": u.army})
    return out


def _builtin_characters() -> list[dict[str, Any]]:
    from odds.characters import library_character, library_character_names
    from odds.web.uploads import character_item

    return [character_item(k, library_character(k)) for k in library_character_names()]
