"""How MDNR names are compared: :func:`normalize`, and the name tables keyed by it.

Names are compared after :func:`normalize` (case- and accent-insensitive,
spaces collapsed, trailing punctuation dropped), so ``"Inmune a la
Psicología."`` and ``"inmune a la psicologia"`` are the same name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["name_table", "normalize"]


def normalize(name: str) -> str:
    """Lower case, no accents, single spaces, no trailing ``.``/``:``/``*``."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"\s+", " ", text).strip()
    return text.rstrip(" .:;*").strip()


def name_table(mapping: Mapping[str, object]) -> MappingProxyType:
    """A read-only table of ``mapping`` keyed by the :func:`normalize` d names."""
    return MappingProxyType({normalize(k): v for k, v in mapping.items()})
