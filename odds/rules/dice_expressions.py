"""Dice expressions (``d6+1``): those a unit accepts, and their parser (RULES.md §1.6, §4.1)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from odds.validation import OddsInputError

IMPACT_HITS: tuple[str, ...] = (
    "", "1", "d3", "d3+1", "d6", "d6+1", "d6+2", "d6+3", "2d6", "2d6+1",
)
"""Impact-hit expressions accepted on a unit ("" = none; §1.6, MDNR gst list)."""

RANDOM_ATTACKS: tuple[str, ...] = (
    "", "d3", "d3+1", "2d3", "3d3", "d6", "d6+1", "d6+2", "d6+3", "2d6", "2d6+1", "2d6+2",
    "3d6",
)
"""Random-attack expressions accepted on a unit ("" = none; MDNR gst "Ataques aleatorios
(X)": one roll per unit at the start of each close-combat phase, RULES.md §1.6)."""

RANDOM_MOVES: tuple[str, ...] = ("", "3d6", "5d6", "8d6")
"""Random-movement dice accepted on a unit ("" = none): MDNR gst "Movimiento aleatorio
(5D6)": "La cantidad es aleatoria, haz la tirada cada vez que quieras mover", so the unit
flees and pursues with these dice instead of the 5D6/8D6 its M would give (RULES.md §4.1),
and its charge reaches as far as the roll that brought it into contact."""

MULTIPLE_WOUNDS: tuple[str, ...] = ("", "2", "d3", "d6")
"""Multiple-wound expressions accepted on a unit ("" = none; §1.6)."""


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """A dice expression ``n·d(sides) + plus`` such as ``d6+1`` or ``2``.

    Attributes
    ----------
    n, sides, plus : int
        ``"2d6+1"`` → (2, 6, 1); ``"2"`` → (0, 0, 2); ``""`` → (0, 0, 0).

    """

    n: int
    sides: int
    plus: int

    @property
    def minimum(self) -> int:
        """Smallest value."""
        return self.n + self.plus

    @property
    def maximum(self) -> int:
        """Largest value."""
        return self.n * self.sides + self.plus

    @property
    def mean(self) -> float:
        """Expected value."""
        return self.n * (self.sides + 1) / 2 + self.plus


_DICE_RE = re.compile(r"^(?:(\d*)d(\d+)(?:\+(\d+))?|(\d*))$")


def parse_dice(expr: str, name: str = "dice") -> DiceSpec:
    """Parse ``""``, ``"2"``, ``"d3"``, ``"d6+1"``, ``"2d6"`` into a :class:`DiceSpec`.

    Used for impact hits and multiple wounds (RULES.md §1.6).

    Parameters
    ----------
    expr : str
        The expression (lower case, no spaces).
    name : str
        Field name for error messages.

    Returns
    -------
    DiceSpec

    """
    if not isinstance(expr, str):
        raise OddsInputError(f"{name}: must be a dice expression like 'd6+1' (got {expr!r})")
    m = _DICE_RE.match(expr)
    if m is None:
        raise OddsInputError(f"{name}: must be a dice expression like 'd6+1' (got {expr!r})")
    n_txt, sides_txt, plus_txt, const_txt = m.groups()
    if sides_txt is None:
        return DiceSpec(0, 0, int(const_txt or 0))
    return DiceSpec(int(n_txt or 1), int(sides_txt), int(plus_txt or 0))
