"""Equipment: a unit's close-combat weapon, shield, armour and barding (:class:`Equipment`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from odds import rules
from odds.validation import choice, flag, replace_fields


@dataclass(frozen=True, slots=True)
class Equipment:
    """Close-combat weapon and armour (RULES.md §1.5, §1.7).

    Attributes
    ----------
    weapon : str
        A key of :data:`odds.rules.WEAPONS`.
    shield : bool
        Carries a shield.
    armour : str
        ``none``, ``light``, ``heavy`` or ``plate``.
    barding : bool
        Barded steeds (cavalry and chariots only; checked by :class:`Unit`).
    """

    weapon: str = "hand_weapon"
    shield: bool = False
    armour: str = "none"
    barding: bool = False

    def __post_init__(self) -> None:
        choice("weapon", self.weapon, tuple(rules.WEAPONS))
        flag("shield", self.shield)
        choice("armour", self.armour, rules.ARMOURS)
        flag("barding", self.barding)

    def replace(self, **changes: Any) -> Equipment:
        """Return a validated copy with some fields changed."""
        return replace_fields(self, changes)
