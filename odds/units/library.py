"""The built-in library: the units of ``odds/library/*.toml`` by name."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from odds.units.loaders import _load_text
from odds.units.unit import Unit
from odds.validation import OddsInputError


def _library_dir() -> Any:
    return resources.files("odds").joinpath("library")


def library_names() -> list[str]:
    """Names of the built-in units (file stems of ``odds/library/*.toml``), sorted."""
    return sorted(
        p.name[: -len(".toml")] for p in _library_dir().iterdir() if p.name.endswith(".toml")
    )


ENGLISH_NAMES: dict[str, str] = {
    "black_orcs": "Black Orcs", "chaos_chariot": "Chaos Chariot",
    "chaos_ettin": "Cursed Ettin", "chaos_warriors": "Chaos Warriors",
    "dwarf_hammerers": "Hammerers", "dwarf_longbeards": "Longbeards",
    "dwarf_warriors": "Dwarf Warriors", "empire_halberdiers": "Halberdiers",
    "empire_knights": "Empire Knights", "empire_ogres": "Empire Ogres",
    "empire_spearmen": "Spearmen", "empire_swordsmen": "Swordsmen",
    "high_elf_spearmen": "High Elf Spearmen", "high_elf_swordmasters": "Swordmasters of Hoeth",
    "orc_boar_chariot": "Orc Boar Chariot", "orc_boyz": "Orc Boyz",
    "savage_orcs": "Savage Orcs", "trolls": "Trolls", "vc_skeletons": "Skeleton Warriors",
    "vc_zombies": "Zombies",
}
"""English display names of the built-in units (their ``name`` is the MDNR Spanish one)."""


def library_unit(name: str, lang: str | None = None) -> Unit:
    """A built-in unit by name (see :func:`library_names`).

    Parameters
    ----------
    name : str
        The library name (``orc_boyz``).
    lang : {None, "es", "en"}, optional
        The language of the unit's display name: ``None`` or ``"es"`` keep the MDNR
        name of the file (``Guerreros orcos``), ``"en"`` gives the English one
        (:data:`ENGLISH_NAMES`: ``Orc Boyz``).  Nothing else changes.
    """
    names = library_names()
    if not isinstance(name, str) or name not in names:
        raise OddsInputError(f"unit: unknown built-in unit {name!r}; built-in: {', '.join(names)}")
    if lang not in (None, "es", "en"):
        raise OddsInputError(f"lang: must be one of en, es (got {lang!r})")
    unit = _library_unit(name)
    if lang == "en" and name in ENGLISH_NAMES:
        return unit.replace(name=ENGLISH_NAMES[name])
    return unit


@cache
def _library_unit(name: str) -> Unit:
    resource = _library_dir().joinpath(f"{name}.toml")
    return _load_text(resource.read_text(encoding="utf-8"), f"library/{name}.toml")
