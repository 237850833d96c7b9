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

__all__ = ["MISSING_DEFAULTS", "Parsed", "parse_characteristic", "parse_save"]

MISSING_DEFAULTS: dict[str, int] = {
    "M": 0, "WS": 0, "BS": 0, "S": 0, "T": 1, "W": 1, "I": 0, "A": 0, "Ld": 2,
}
"""Value used when a characteristic is missing and no other model supplies it."""

_NUMBER = re.compile(r"^(\d+)\s*(?:cm)?$")
_DICE = re.compile(r"^(\d*)d(\d+)(?:\s*\+\s*(\d+))?$")
_LEADING = re.compile(r"^(\d+)")
_SAVE = re.compile(r"^(\d)\s*\+")
_BONUS = re.compile(r"^\+\s*(\d)")


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
