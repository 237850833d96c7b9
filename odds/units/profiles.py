"""Profiles: the characteristics of a unit's models, steeds and second crew.

:class:`Profile` is a full profile (:data:`CHARACTERISTICS`, MDNR Spanish letters
in :data:`SPANISH_LETTERS`); :class:`MountProfile` holds the steeds' fighting
characteristics and :class:`CrewProfile` a second kind of crew or a monster's handlers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from odds import rules
from odds.units.rule_fields import _names_from, hatred_from
from odds.units.special_rules import MOUNT_RULES
from odds.validation import OddsInputError, choice, flag, integer, replace_fields

CHARACTERISTICS: tuple[str, ...] = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
"""Profile characteristics, English letters, in profile order."""

SPANISH_LETTERS: Mapping[str, str] = {
    "M": "M", "HA": "WS", "HP": "BS", "F": "S", "R": "T", "H": "W", "I": "I", "A": "A", "L": "Ld",
}
"""MDNR Spanish letter → English letter."""

_RANGES: Mapping[str, tuple[int, int]] = {
    "M": (0, 50), "WS": (0, 10), "BS": (0, 10), "S": (0, 10), "T": (1, 10),
    "W": (1, 10), "I": (0, 10), "A": (0, 10), "Ld": (2, 10),
}


def _check_characteristics(obj: object, names: tuple[str, ...], prefix: str = "") -> None:
    for name in names:
        low, high = _RANGES[name]
        integer(prefix + name, getattr(obj, name), low=low, high=high)


@dataclass(frozen=True, slots=True)
class Profile:
    """A characteristic profile (M in cm; RULES.md §0 conventions).

    Attributes
    ----------
    M : int
        Move in cm, 0..50.
    WS, BS, S, I, A : int
        0..10.
    T, W : int
        1..10.
    Ld : int
        Leadership, 2..10.
    """

    M: int
    WS: int
    BS: int
    S: int
    T: int
    W: int
    I: int  # noqa: E741 - the rulebook's letter
    A: int
    Ld: int

    def __post_init__(self) -> None:
        _check_characteristics(self, CHARACTERISTICS)

    def replace(self, **changes: Any) -> Profile:
        """Return a validated copy with some characteristics changed."""
        return replace_fields(self, changes)

    def as_dict(self) -> dict[str, int]:
        """Characteristics by English letter, in profile order."""
        return {c: getattr(self, c) for c in CHARACTERISTICS}


@dataclass(frozen=True, slots=True)
class MountProfile:
    """Steeds of a cavalry model or chariot: the characteristics used to fight.

    Attributes
    ----------
    WS, S, I, A : int
        0..10.
    count : int
        Steeds per unit model (1 for cavalry, e.g. 2 for a two-horse chariot), 1..8.
    charge_bonus : int
        Strength the steeds add in the first round of a combat they charged, 0..3
        (MDNR "Empalar": Orcos y Goblins boars "F+2 en carga").
    poisoned : int
        The steeds' own poisoned attacks: 0 = none, else the natural to-hit roll that
        wounds automatically (5 or 6).  The unit's ``poisoned`` is the rider's/crew's.
    special : tuple of str
        The steeds' own rules, from :data:`MOUNT_RULES` (stored sorted, unique), on top
        of those of the unit that reach its steeds (MDNR Reinos del Caos "Siempre ataca
        primero (sólo Corcel)", "Ataques mágicos (sólo Juggernaut)": the rule is the
        steed's, not the rider's).
    random_attacks : str
        The steeds' random attacks ("" = none), one of :data:`odds.rules.RANDOM_ATTACKS`:
        each steed's attacks are this roll, made once per unit at the start of each
        close-combat phase (MDNR gst "Ataques aleatorios (X)"; Condes Vampiro "Horda de
        espíritus" A "1D6" pulling the "Trono del aquelarre"); ``A`` is then unused.  Not
        with the unit's own ``random_attacks`` (one roll per unit).
    """

    WS: int
    S: int
    I: int  # noqa: E741 - the rulebook's letter
    A: int
    count: int = 1
    charge_bonus: int = 0
    poisoned: int = 0
    special: tuple[str, ...] = ()
    random_attacks: str = ""

    def __post_init__(self) -> None:
        _check_characteristics(self, ("WS", "S", "I", "A"))
        integer("count", self.count, low=1, high=8)
        integer("charge_bonus", self.charge_bonus, low=0, high=3)
        if integer("poisoned", self.poisoned, low=0, high=6) not in (0, 5, 6):
            raise OddsInputError(f"poisoned: must be 0 (none), 5 or 6 (got {self.poisoned!r})")
        if self.random_attacks not in rules.RANDOM_ATTACKS:
            raise OddsInputError(f"random_attacks: must be \"\" (none) or one of"
                                 f" {', '.join(rules.RANDOM_ATTACKS[1:])}"
                                 f" (got {self.random_attacks!r})")
        object.__setattr__(self, "special", _names_from("special", self.special, MOUNT_RULES,
                                                        "steed rule names", "steed rule"))

    def has(self, rule: str) -> bool:
        """Whether the steeds have the rule ``rule`` of their own (:data:`MOUNT_RULES`)."""
        choice("rule", rule, MOUNT_RULES)
        return rule in self.special

    def replace(self, **changes: Any) -> MountProfile:
        """Return a validated copy with some fields changed."""
        return replace_fields(self, changes)


@dataclass(frozen=True, slots=True)
class CrewProfile:
    """A chariot's or war machine's second kind of crew, or a monster's handlers.

    Some crews mix two profiles (MDNR Reinos del Caos "Carro de tuskgors": an
    "Ungor" with a cavalry spear and a "Bestigor" with a great weapon); the
    unit's ``profile`` and ``crew`` hold the first, this the other.  It fights
    beside the first from each model in contact, with its own weapon
    (RULES.md §1.7), and takes the unit's special rules.  A monster's handlers
    (MDNR Elfos Oscuros "Hidra de guerra", "Kharibdyss": "los dos Aprendices ...
    el enemigo atacará a la Hidra si le es posible en vez de a los Aprendices")
    are such a crew: they fight beside the monster and are never attacked while
    it lives.

    Attributes
    ----------
    WS, S, I, A : int
        0..10.
    count : int
        Crew of this kind per unit model, 1..6.
    weapon : str
        Its close-combat weapon, a key of :data:`odds.rules.WEAPONS`.
    hatred : tuple of str
        Hatred of named enemies of this crew alone (army or race tags, as
        :attr:`Unit.hatred`), on top of the unit's: its own blows re-roll their
        missed hits in the first round against them (the handlers' "Odio a los
        altos elfos"); the unit's pursuit is not changed by it.
    handlers : bool
        A monster's handlers: the monster's poisoned attacks are not theirs (Elfos Oscuros
        "Kharibdyss": "Ataques envenenados (6+)" is a rule of the Kharibdyss's entry, not
        of its "Aprendiz").
    """

    WS: int
    S: int
    I: int  # noqa: E741 - the rulebook's letter
    A: int
    count: int = 1
    weapon: str = "hand_weapon"
    hatred: tuple[str, ...] = ()
    handlers: bool = False

    def __post_init__(self) -> None:
        _check_characteristics(self, ("WS", "S", "I", "A"))
        flag("handlers", self.handlers)
        integer("count", self.count, low=1, high=6)
        choice("weapon", self.weapon, tuple(rules.WEAPONS))
        object.__setattr__(self, "hatred", hatred_from(self.hatred))

    def hates(self, enemy: Any) -> bool:
        """Whether this crew's own hatred names ``enemy`` (a unit with ``damage_tags``)."""
        return bool(self.hatred) and not set(self.hatred).isdisjoint(
            getattr(enemy, "damage_tags", getattr(enemy, "tags", frozenset())))

    def replace(self, **changes: Any) -> CrewProfile:
        """Return a validated copy with some fields changed."""
        return replace_fields(self, changes)


def _default_champion(profile: Profile) -> Profile:
    """The champion's profile a unit gets by default: its rank and file's with A+1."""
    return dataclasses.replace(profile, A=min(10, profile.A + 1))
