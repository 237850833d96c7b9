"""Input checks at the public boundary.

Every check raises :class:`OddsInputError` with a one-line message that names
the field, the allowed range and the value received, so nothing malformed
ever reaches a kernel.
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
from collections.abc import Callable, Mapping
from numbers import Integral, Real
from pathlib import Path
from typing import Any

MAX_TRIALS = 10**10


class OddsInputError(ValueError):
    """A user-supplied value is missing, malformed or out of range."""


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


def number(
    name: str, value: object, *, low: float | None = 0.0, high: float | None = None
) -> float:
    """A finite real in ``[low, high]`` (either bound may be ``None``)."""
    if _is_bool(value) or not isinstance(value, Real) or not math.isfinite(float(value)):
        raise OddsInputError(f"{name}: must be a finite number{_range(low, high)} (got {value!r})")
    v = float(value)
    if (low is not None and v < low) or (high is not None and v > high):
        raise OddsInputError(f"{name}: must be{_range(low, high)} (got {value!r})")
    return v


def integer(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """An integer in ``[low, high]`` (either bound may be ``None``)."""
    if _is_bool(value) or not isinstance(value, Integral):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise OddsInputError(f"{name}: must be an integer{_range(low, high)} (got {value!r})")
    v = int(value)
    if (low is not None and v < low) or (high is not None and v > high):
        raise OddsInputError(f"{name}: must be an integer{_range(low, high)} (got {v})")
    return v


def flag(name: str, value: object) -> bool:
    """A boolean (``True``/``False`` only, not truthy values)."""
    if not isinstance(value, bool):
        raise OddsInputError(f"{name}: must be true or false (got {value!r})")
    return value


def choice(name: str, value: object, allowed: tuple[str, ...]) -> str:
    """One of a fixed set of strings."""
    if value not in allowed:
        raise OddsInputError(f"{name}: must be one of {', '.join(allowed)} (got {value!r})")
    return str(value)


def trials(value: object) -> int:
    """A trial count, 1 to 10**10."""
    return integer("trials", value, low=1, high=MAX_TRIALS)


def leadership(value: object, name: str = "ld") -> int:
    """Leadership, 2 to 10."""
    return integer(name, value, low=2, high=10)


def _range(low: float | None, high: float | None) -> str:
    def fmt(x: float) -> str:
        return f"{x:g}" if isinstance(x, float) else str(x)

    if low is not None and high is not None:
        return f" in [{fmt(low)}, {fmt(high)}]"
    if low is not None:
        return f" >= {fmt(low)}"
    if high is not None:
        return f" <= {fmt(high)}"
    return ""


# --------------------------------------------------------------------------- loader helpers


def replace_fields(obj: Any, changes: dict[str, Any]) -> Any:
    """A validated ``dataclasses.replace`` of ``obj``; an unknown field is an error naming it."""
    names = {f.name for f in dataclasses.fields(obj)}
    for key in changes:
        if key not in names:
            raise OddsInputError(
                f"{key}: unknown field of {type(obj).__name__}; allowed: {', '.join(sorted(names))}"
            )
    return dataclasses.replace(obj, **changes)


def subtable(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """``data[key]`` as a table (``{}`` when absent); anything else is an error naming ``key``."""
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise OddsInputError(f"{key}: must be a table (got {value!r})")
    return value


def check_keys(table: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    """Refuse a key of ``table`` not in ``allowed``, naming its path ``where.key``."""
    for key in table:
        if key not in allowed:
            path = f"{where}.{key}" if where else str(key)
            raise OddsInputError(f"{path}: unknown key; allowed: {', '.join(allowed)}")


def prefixed(where: str, build: Callable[[], Any]) -> Any:
    """``build()``, with ``where.`` put in front of the key path of any input error."""
    try:
        return build()
    except OddsInputError as exc:
        raise OddsInputError(f"{where}.{exc}") from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """The table of a TOML text; malformed TOML is an error naming ``source``."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OddsInputError(f"{source}: invalid TOML: {exc}") from None


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """The table of a TOML file; an unreadable file is an error naming ``what`` and the path."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise OddsInputError(
            f"{what}: cannot read file {str(p)!r} ({exc.strerror or exc})"
        ) from None
    return parse_toml(text, str(p))
