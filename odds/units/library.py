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


def library_unit(name: str) -> Unit:
    """A built-in unit by name (see :func:`library_names`)."""
    names = library_names()
    if not isinstance(name, str) or name not in names:
        raise OddsInputError(f"unit: unknown built-in unit {name!r}; built-in: {', '.join(names)}")
    return _library_unit(name)


@cache
def _library_unit(name: str) -> Unit:
    resource = _library_dir().joinpath(f"{name}.toml")
    return _load_text(resource.read_text(encoding="utf-8"), f"library/{name}.toml")
