"""Characteristic values as printed in MDNR catalogues → integers.

Decisions (each approximation is reported by the caller):

* ``"10"``, ``"10cm"``, ``"10 cm"`` → 10 (M is in cm, as in the engine).
* Empty, ``"-"`` or ``"*"`` → missing.  The unit builder then takes the
  value from the model that supplies it (a rider's M from the steed, a
  chariot's WS/S/I/A/Ld from its crew) or, failing that, a neutral default
  (see :data:`MISSING_DEFAULTS`) and reports it.
* Dice values (``"1D6"``, ``"D3"``, ``"1D6+1"``, ``"5D6"``) → their average
  rounded down (1D6 → 3, 1D6+1 → 4, 5D6 → 17), reported as approximated.
* A number followed by a note (``"2(+1)"``, ``"6 (+1)"``, ``"4+1"``,
  ``"2 (1+1 del jinete)"``) → the leading number, the note reported.
* A save ``TSA`` ``"5+"`` (possibly with a note) → 5; ``"+1"``/``"+2"`` on a
  steed is its bonus to the rider's save; missing → no save (7).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

__all__ = ["MAX_COST", "MAX_COUNT", "MISSING_DEFAULTS", "Parsed", "parse_characteristic",
           "parse_cost", "parse_count", "parse_limit", "parse_save"]

MISSING_DEFAULTS: dict[str, int] = {
    "M": 0, "WS": 0, "BS": 0, "S": 0, "T": 1, "W": 1, "I": 0, "A": 0, "Ld": 2,
}
"""Value used when a characteristic is missing and no other model supplies it."""

# ASCII digits only (re.ASCII: full-width or Arabic-Indic digits are not numbers here), and at
# most 4 of them: a characteristic of 5 000 digits is unreadable, not a crash.
_NUMBER = re.compile(r"^(\d{1,4})\s*(?:cm)?$", re.ASCII)
_DICE = re.compile(r"^(\d{0,2})d(\d{1,3})(?:\s*\+\s*(\d{1,3}))?$", re.ASCII)
_LEADING = re.compile(r"^(\d{1,4})(?!\d)", re.ASCII)
_SAVE = re.compile(r"^(\d)\s*\+", re.ASCII)
_BONUS = re.compile(r"^\+\s*(\d)", re.ASCII)
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?", re.ASCII)

MAX_COUNT = 10_000
"""Largest ``number`` of a roster selection, and largest constraint limit, taken as given."""

MAX_COST = 1_000_000.0
"""Largest absolute cost of one selection accepted (points)."""


@dataclass(frozen=True, slots=True)
class Parsed:
    """A parsed value: ``value`` (None = missing) and ``note`` ("" = exact)."""

    value: int | None
    note: str = ""


def parse_characteristic(text: str | None) -> Parsed:
    """Parse one printed characteristic (see the module notes)."""
    raw = (text or "").strip()
    low = raw.lower()
    if low in ("", "-", "*", "none"):
        return Parsed(None, "" if low in ("", "-", "none") else f"printed {raw!r}")
    m = _NUMBER.match(low)
    if m:
        return Parsed(int(m.group(1)))
    m = _DICE.match(low)
    if m:
        n, sides, plus = int(m.group(1) or 1), int(m.group(2)), int(m.group(3) or 0)
        mean = n * (sides + 1) / 2 + plus
        return Parsed(math.floor(mean), f"dice value {raw!r} taken as its average rounded down")
    m = _LEADING.match(low)
    if m:
        return Parsed(int(m.group(1)), f"printed {raw!r}, kept {m.group(1)}")
    return Parsed(None, f"unreadable value {raw!r}")


def parse_save(text: str | None) -> tuple[int | None, int]:
    """Parse ``TSA``: ``(save, bonus)``, e.g. ``"4+"`` → (4, 0), ``"+2"`` → (None, 2).

    Missing or unreadable → ``(None, 0)``.
    """
    raw = (text or "").strip()
    m = _SAVE.match(raw)
    if m:
        return int(m.group(1)), 0
    m = _BONUS.match(raw)
    if m:
        return None, int(m.group(1))
    return None, 0


def _plain_number(text: str | None) -> float | None:
    raw = (text or "").strip()
    if len(raw) > 40 or not _PLAIN_NUMBER.fullmatch(raw):
        return None
    x = float(raw)
    return x if math.isfinite(x) else None


def parse_count(text: str | None, where: str) -> int:
    """A roster selection's ``number``: an integer in ``[1, MAX_COUNT]`` (absent: 1).

    Raises
    ------
    OddsInputError
        ``"<where>: number ..."`` for ``0``, negative, fractional, huge or
        unreadable values (never silently one model).
    """
    from odds.validation import OddsInputError

    if text is None:
        return 1
    raw = text.strip()
    if not re.fullmatch(r"[+-]?\d{1,9}", raw, re.ASCII) or not 1 <= int(raw) <= MAX_COUNT:
        raise OddsInputError(f"{where}: number must be an integer in [1, {MAX_COUNT}] "
                             f"(got {text!r})")
    return int(raw)


def parse_cost(text: str | None, where: str, name: str | None = None) -> float:
    """A cost ``value``: a finite number with ``|value| <= MAX_COST`` (absent: 0).

    Raises
    ------
    OddsInputError
        ``"<where>: cost ..."`` for ``nan``, ``inf``, huge or unreadable values.
    """
    from odds.validation import OddsInputError

    if text is None:
        return 0.0
    x = _plain_number(text)
    if x is None or abs(x) > MAX_COST:
        raise OddsInputError(f"{where}: cost {name!r} must be a number in [-{MAX_COST:g}, "
                             f"{MAX_COST:g}] (got {text!r})")
    return x


def parse_limit(text: str | None) -> int | None:
    """A constraint's ``value`` as an integer limit, or ``None`` when unreadable.

    ``"inf"``, ``nan``, fractions and values beyond :data:`MAX_COUNT` in size
    are unreadable (``-1``, BattleScribe's "no limit", is kept).
    """
    x = _plain_number(text)
    if x is None or not x.is_integer() or abs(x) > MAX_COUNT:
        return None
    return int(x)
