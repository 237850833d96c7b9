"""What a unit and a character have in common: :class:`Fighter`.

:class:`~odds.units.Unit` and :class:`~odds.characters.Character` are frozen dataclasses
with ``special`` (special-rule names) and ``equipment``; both read their rules, weapon,
armour save and psychology the same way, written here once.  Each keeps its own
:meth:`armour_save_against` (a unit's front weapon and choppa, a character's mount), unit
strength and serialisation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from odds import rules
from odds.units.special_rules import SPECIAL_RULES
from odds.validation import choice

if TYPE_CHECKING:
    from odds.units.equipment import Equipment


class Fighter:
    """Mixin of a model or unit that fights: its special rules, weapon, save and psychology."""

    __slots__ = ()

    special: tuple[str, ...]
    equipment: Equipment

    def has(self, rule: str) -> bool:
        """Whether it has the special rule ``rule`` (a :data:`SPECIAL_RULES` name)."""
        choice("rule", rule, SPECIAL_RULES)
        return rule in self.special

    def armour_save_against(self, *, in_close_combat: bool) -> int:
        """Armour save in close combat or against shooting (RULES.md §1.5)."""
        raise NotImplementedError

    @property
    def weapon(self) -> rules.Weapon:
        """The weapon's rules (:data:`odds.rules.WEAPONS` entry)."""
        return rules.WEAPONS[self.equipment.weapon]

    @property
    def armour_save(self) -> int:
        """Armour save in close combat, 1..7 (7 = none) (RULES.md §1.5).

        :meth:`armour_save_against` in close combat (for a unit with a front weapon, the
        front rank's: what enemies fighting its front roll).
        """
        return self.armour_save_against(in_close_combat=True)

    @property
    def fear_from_standard(self) -> bool:
        """Whether a standard it carries makes it cause fear (none by default)."""
        return False

    @property
    def causes_fear(self) -> bool:
        """Causes fear (fear or terror, or a standard that makes it cause fear; RULES.md §3.3)."""
        return "fear" in self.special or "terror" in self.special or self.fear_from_standard

    @property
    def causes_terror(self) -> bool:
        """Causes terror (RULES.md §3.3)."""
        return "terror" in self.special
