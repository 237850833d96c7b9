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

MAX_TEXT_BYTES = 1 << 20
"""Largest unit, character or scenario TOML file read (1 MiB; the examples are < 4 KiB)."""

MAX_TOML_DEPTH = 32
"""Deepest nesting of arrays and inline tables accepted in a TOML file."""


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


def sourced(source: str, build: Callable[[], Any]) -> Any:
    """``build()``, with ``source: `` put in front of any input error (``""``: nothing added)."""
    if not source:
        return build()
    try:
        return build()
    except OddsInputError as exc:
        raise OddsInputError(f"{source}: {exc}") from None


def _nesting(text: str) -> int:
    """Deepest bracket nesting of a TOML text, strings and comments skipped (an upper bound)."""
    depth = deepest = 0
    quote = ""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "#":
            while i < n and text[i] != "\n":
                i += 1
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
        i += 1
    return deepest


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """The table of a TOML text; malformed TOML is an error naming ``source``.

    Nesting deeper than :data:`MAX_TOML_DEPTH` and integers of more digits
    than Python converts (4 300) are refused as such, not as a crash.
    """
    if _nesting(text) > MAX_TOML_DEPTH:
        raise OddsInputError(f"{source}: invalid TOML: arrays or tables nested more than "
                             f"{MAX_TOML_DEPTH} deep")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OddsInputError(f"{source}: invalid TOML: {exc}") from None
    except ValueError as exc:  # e.g. an integer of 5 000 digits
        raise OddsInputError(f"{source}: invalid TOML: {exc}") from None
    except RecursionError:
        raise OddsInputError(f"{source}: invalid TOML: nested too deeply") from None


def read_text(path: str | Path, what: str, limit: int = MAX_TEXT_BYTES) -> str:
    """A UTF-8 text file of at most ``limit`` bytes.

    Raises
    ------
    OddsInputError
        ``what: ...`` naming the path: unreadable, larger than ``limit``
        (never read past it, so ``/dev/zero`` is refused at once), or not
        UTF-8 (with the byte offset of the first bad byte).
    """
    p = Path(path)
    try:
        if p.is_dir():
            raise OddsInputError(f"{what}: {str(p)!r} is a directory, not a file")
        with p.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise OddsInputError(
            f"{what}: cannot read file {str(p)!r} ({exc.strerror or exc})"
        ) from None
    if len(data) > limit:
        raise OddsInputError(f"{what}: file {str(p)!r} is larger than {limit:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise OddsInputError(f"{what}: file {str(p)!r} is not UTF-8 text (byte {exc.start}: "
                             f"{data[exc.start:exc.start + 1]!r}); save it as UTF-8") from None
    return text.removeprefix("\ufeff")


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """The table of a TOML file (UTF-8, at most :data:`MAX_TEXT_BYTES`).

    An unreadable, oversized, non-UTF-8 or malformed file is an error naming
    ``what`` and the path.
    """
    return parse_toml(read_text(path, what), str(Path(path)))
