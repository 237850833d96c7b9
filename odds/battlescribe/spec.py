"""Unit specs naming a catalogue entry: ``"PATH.cat:Unit name?options"``.

Syntax
------
``PATH:NAME[?KEY=VALUE&KEY=VALUE...]`` where ``PATH`` ends in ``.cat``,
``.catz``, ``.gst`` or ``.gstz`` (it may contain spaces and ``/``: the path
ends at the last ``.cat:``-like suffix followed by a colon), ``NAME`` is the
unit entry (accent- and case-insensitive) and the keys are:

``models``
    Size (default: the entry's minimum).
``files``
    Frontage (default ``min(5, models)``).
``command``
    ``full``, ``none`` (default) or a comma list of ``champion``,
    ``standard``, ``musician``.
``upgrades``
    A comma list of option names (may be repeated): ``upgrades=Escudo``.
``strict``
    ``true`` to refuse anything the engine does not model.

Values may be percent-encoded (``%26`` for ``&``).  Example (one string)::

    ../shared/battlescribe/MDNR_Imperio v4_5.cat:Lanceros?models=20&files=5
        &command=full&upgrades=Escudo
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from odds.units import Unit
from odds.validation import OddsInputError

__all__ = ["SPEC_KEYS", "entry_from_spec", "is_catalogue_spec", "parse_spec", "unit_from_spec"]

SPEC_KEYS: tuple[str, ...] = ("models", "files", "command", "upgrades", "strict")
"""Option keys accepted after ``?``."""

_SPLIT = re.compile(r"\.(?:cat|catz|gst|gstz):", re.IGNORECASE)


def is_catalogue_spec(text: object) -> bool:
    """Whether ``text`` looks like ``PATH.cat:NAME`` (also ``.catz``, ``.gst``, ``.gstz``)."""
    return isinstance(text, str) and _SPLIT.search(text) is not None


def query_options(text: str, query: str) -> Iterator[tuple[str, Any]]:
    """The ``KEY=VALUE`` options after the ``?`` of a unit reference, in order.

    Values are percent-decoded and stripped; ``models`` and ``files`` come as
    ints.  Lazy, so options are checked in the order they are written.

    Raises
    ------
    OddsInputError
        A part that is not ``KEY=VALUE`` with a key of :data:`SPEC_KEYS`, an
        empty value, a key other than ``upgrades`` given twice, a non-integer
        size, or a ``command`` that is not ``full``, ``none`` or distinct
        roles joined by commas.
    """
    seen: set[str] = set()
    for part in filter(None, query.split("&")):
        key, sep, value = part.partition("=")
        key, value = key.strip(), unquote(value).strip()
        if not sep or key not in SPEC_KEYS:
            raise OddsInputError(
                f"unit: {text!r}: option {part!r} must be KEY=VALUE with KEY one of"
                f" {', '.join(SPEC_KEYS)}"
            )
        if not value:
            raise OddsInputError(f"unit: {text!r}: {key}= needs a value")
        if key in seen and key != "upgrades":
            raise OddsInputError(f"unit: {text!r}: {key} given twice; give it once")
        seen.add(key)
        if key == "command":
            _check_command(text, value)
        if key in ("models", "files"):
            try:
                yield key, int(value)
            except ValueError:
                raise OddsInputError(
                    f"unit: {text!r}: {key} must be an integer (got {value!r})"
                ) from None
        else:
            yield key, value


COMMAND_PARTS: tuple[str, ...] = ("champion", "standard", "musician")
"""The roles a ``command=`` option may list."""


def _check_command(text: str, value: str) -> None:
    """Refuse a ``command=`` value other than full, none or distinct roles joined by commas."""
    if value in ("full", "none"):
        return
    parts = [p.strip() for p in value.split(",")]
    if any(p not in COMMAND_PARTS for p in parts) or len(set(parts)) != len(parts):
        raise OddsInputError(
            f"unit: {text!r}: command must be 'full', 'none' or some of "
            f"{', '.join(COMMAND_PARTS)}, each once, joined by commas (got {value!r})"
        )


def parse_spec(text: str) -> tuple[Path, str, dict[str, Any]]:
    """Split a spec into ``(path, entry name, keyword arguments of UnitEntry.unit)``.

    The keyword arguments also hold ``strict`` (bool) when given.

    Raises
    ------
    OddsInputError
        Not a catalogue spec, empty name, unknown key or bad value.
    """
    matches = list(_SPLIT.finditer(text)) if isinstance(text, str) else []
    if not matches:
        raise OddsInputError(f"unit: not a catalogue spec PATH.cat:NAME (got {text!r})")
    end = matches[-1].end()
    path, rest = Path(text[: end - 1]), text[end:]
    name, _, query = rest.partition("?")
    name = unquote(name).strip()
    if not name:
        raise OddsInputError(f"unit: {text!r}: no unit name after the colon")
    kwargs: dict[str, Any] = {}
    upgrades: list[str] = []
    for key, value in query_options(text, query):
        if key in ("models", "files"):
            kwargs[key] = value
        elif key == "command":
            kwargs[key] = value if value in ("full", "none") else [
                v.strip() for v in value.split(",") if v.strip()]
        elif key == "upgrades":
            upgrades += [v.strip() for v in value.split(",") if v.strip()]
        else:
            if value.lower() not in ("true", "false", "1", "0"):
                raise OddsInputError(f"unit: {text!r}: strict must be true or false")
            kwargs[key] = value.lower() in ("true", "1")
    if upgrades:
        kwargs["upgrades"] = tuple(upgrades)
    return path, name, kwargs


@lru_cache(maxsize=16)
def _catalogue(path: str, stamp: tuple[int, int], strict: bool) -> Any:
    from odds.battlescribe.catalogue import load_catalogue

    return load_catalogue(path, strict=strict)


def unit_from_spec(text: str) -> Unit:
    """The unit a ``PATH.cat:NAME?options`` spec describes (catalogues are cached)."""
    entry, kwargs = entry_from_spec(text)
    return entry.unit(**kwargs)


def entry_from_spec(text: str) -> tuple[Any, dict[str, Any]]:
    """The catalogue entry a spec names and the keyword arguments of its ``unit`` call.

    Returns
    -------
    (UnitEntry, dict)
        ``entry.unit(**kwargs)`` is :func:`unit_from_spec`'s unit.
    """
    path, name, kwargs = parse_spec(text)
    strict = kwargs.pop("strict", False)
    try:
        st = path.stat()
    except OSError as exc:
        raise OddsInputError(
            f"unit: cannot read catalogue {str(path)!r} ({exc.strerror or exc})"
        ) from None
    catalogue = _catalogue(str(path), (st.st_mtime_ns, st.st_size), strict)
    return catalogue.entry(name), kwargs
