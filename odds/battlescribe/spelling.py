"""How MDNR names are compared: :func:`normalize`, and the name tables keyed by it.

Names are compared after :func:`normalize` (case- and accent-insensitive, spaces
collapsed, ``¡``/``¿`` and trailing punctuation dropped, a leading article dropped), so
``"Inmune a la Psicología."`` and ``"inmune a la psicologia"`` are the same name, and so are
``"El deber del campesino"`` and ``"Deber del Campesino"``, ``"¡Está vivo!"`` and
``"esta vivo"``.  Every name a catalogue gives (rules, entries, profiles, characteristics,
cost types) is looked up this way, never by the ids of the file, so the same army written by
other hands (other ids, other file names, other spellings) imports the same.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["name_table", "normalize", "plain_text"]

_ARTICLE = re.compile(r"^(?:(?:el|la|los|las|un|una) )+(?=\S)")
"""Leading Spanish articles (definite or indefinite) and their spaces."""


def plain_text(text: str) -> str:
    """A rule's or a characteristic's text as the importer reads it.

    Lower case, no accents, single spaces, no trailing ``.``/``:``/``;``/``*``; its words
    and punctuation otherwise kept (the phrases of :mod:`odds.battlescribe.rule_texts`).
    """
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"\s+", " ", text).strip()
    return text.rstrip(" .:;*").strip()


def normalize(name: str) -> str:
    """A name as the importer compares it: :func:`plain_text`, then no ``¡``/``¿``/``!``/``?``.

    A trailing ``!``/``?`` (and a ``.`` before it) and every ``¡``/``¿`` are dropped, and the
    leading ``el``, ``la``, ``los``, ``las``, ``un`` or ``una`` before a word ("La ¡El que
    corre...!" reads as "que corre...").
    """
    text = plain_text(name.replace("¡", " ").replace("¿", " "))
    return _ARTICLE.sub("", text.rstrip(" !?.:;*").strip(), count=1)


def name_table(mapping: Mapping[str, object]) -> MappingProxyType:
    """A read-only table of ``mapping`` keyed by the :func:`normalize` d names.

    Raises
    ------
    ValueError
        Two names of ``mapping`` normalise alike but map to different values.
    """
    out: dict[str, object] = {}
    for name, value in mapping.items():
        key = normalize(name)
        if key in out and out[key] != value:
            raise ValueError(f"{name!r} and another name normalise to {key!r}")
        out[key] = value
    return MappingProxyType(out)
