"""The package's words for a combat, written once: faces, sides, chargers, policies, statuses.

Each word list is a :class:`~enum.StrEnum` (members compare equal to their strings, so
``Face.FLANK == "flank"``) and a tuple of plain strings in the same order (``FACES``), which
is what scenarios, options and the command line validate against and what results
report.  Where the combat kernel stores one of these words as an integer, the integer is
the word's position in its tuple (``FACES.index("flank") == 1``, the kernel's ``FLANK``).
"""

from __future__ import annotations

from enum import StrEnum


class Face(StrEnum):
    """A unit's face, where an enemy touches it (``RULES.md`` §2.2)."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


class Side(StrEnum):
    """A combat's two sides; side 0 is the attacker, side 1 the defender."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


class Charger(StrEnum):
    """Who charged this turn, in a two-unit combat."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    NONE = "none"


class Allocation(StrEnum):
    """How rank-and-file in contact with enemy characters allocate their attacks."""

    TROOPS = "troops"
    CHARACTER = "character"
    SPLIT = "split"


class ChallengePolicy(StrEnum):
    """A unit's challenge policy: never, always (its best fighter), only with a champion."""

    NEVER = "never"
    ALWAYS = "always"
    CHAMPION = "champion"


class FlankRearRule(StrEnum):
    """Who gets flank/rear bonuses when both sides have flankers (``RULES.md`` §2.2 ⚠)."""

    MDNR = "mdnr"
    BOTH = "both"


class Status(StrEnum):
    """A unit's (or character's) state during and at the end of a combat.

    ``no_combat``: the charger failed its fear or terror test at the charge (§3.3).
    """

    FIGHTING = "fighting"
    WIPED = "wiped"
    CAUGHT = "caught"
    ESCAPED = "escaped"
    WON = "won"
    NO_COMBAT = "no_combat"


def _words(kind: type[StrEnum]) -> tuple[str, ...]:
    return tuple(m.value for m in kind)


FACES: tuple[str, ...] = _words(Face)
"""Faces of a unit, in the kernel's order (``FRONT, FLANK, REAR = range(3)``)."""

SIDE_NAMES: tuple[str, ...] = _words(Side)
"""Side names; side 0 is the attacker, side 1 the defender."""

CHARGERS: tuple[str, ...] = _words(Charger)
"""Who charged, in a two-unit combat."""

ALLOCATIONS: tuple[str, ...] = _words(Allocation)
"""Attack-allocation policies, in the kernel's order (``S_ALLOC``)."""

CHALLENGE_POLICIES: tuple[str, ...] = _words(ChallengePolicy)
"""Challenge policies, in the kernel's order (``S_CHALLENGE``)."""

FLANK_REAR_RULES: tuple[str, ...] = _words(FlankRearRule)
"""Flank/rear rules: ``mdnr`` (Default) or ``both`` (Option)."""

STATUSES: tuple[str, ...] = _words(Status)
"""Statuses, in the kernel's order (``FIGHTING, WIPED, ... = range(...)``)."""

__all__ = [
    "ALLOCATIONS", "CHALLENGE_POLICIES", "CHARGERS", "FACES", "FLANK_REAR_RULES", "SIDE_NAMES",
    "STATUSES", "Allocation", "ChallengePolicy", "Charger", "Face", "FlankRearRule", "Side",
    "Status",
]
