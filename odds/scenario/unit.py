"""One unit of a scenario: unit, characters, engagement, policies (:mod:`odds.scenario`)."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from odds.characters import Character
from odds.scenario.options import CombatOptions, SideOptions
from odds.units import (
    Unit,
)
from odds.validation import OddsInputError, choice, flag, integer, leadership, replace_fields
from odds.vocabulary import ALLOCATIONS, CHALLENGE_POLICIES, FACES, FLANK_REAR_RULES

_FACE_LIMIT = {"front": 1, "flank": 2, "rear": 1}
_ID_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
NO_CHARACTERS: tuple[str, ...] = ("monster", "chariot", "war_machine")
"""Troop types no character may join (characters join ranked units, RULES.md §1.9)."""


def front_rank_room(unit: Unit) -> int:
    """Characters who can join ``unit`` and still stand in its front rank.

    The champion, standard bearer and musician stand in the front rank
    whenever possible, and characters who join stand there beside them; only
    characters who do not fit alongside the command group go to the second
    rank, where they do not fight (6th edition, "Standards, Musicians &
    Champions: Position within the unit"; champions stay in the centre of
    the front rank, source 004).  The engine fights every character in the
    front rank, so this is how many may join: the unit's ``files`` less its
    command models, never below 0.  A command group wider than the unit is
    allowed: its last models stand in the second rank, where a standard or a
    musician does not count (:meth:`odds.units.Command.in_front`).

    Parameters
    ----------
    unit : Unit
        The unit characters would join.

    Returns
    -------
    int
        Front-rank places left for characters.
    """
    cmd = unit.command
    return max(0, unit.files - int(cmd.champion) - int(cmd.standard) - int(cmd.musician))


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioOptions:
    """Rule options of a scenario (Defaults follow ``RULES.md``).

    Attributes
    ----------
    corner_contact : bool
        Models touching only at a corner fight (§1.1 Default: yes).
    musician_tiebreak : bool
        A musician wins a drawn combat by 1 if the enemy has none (§2.4 Default: yes).
    insane_courage : bool
        A double 1 always passes a break test (§3.2 Option; Default: no).
    restrain_pursuit : bool
        The winner may test Ld to hold back (§4.3; Default: always pursues).
    flank_rear_rule : str
        ``"mdnr"`` (Default): when both sides have US >= 5 units on enemy
        flanks (rears), only the side with more of them gets +1 (+2);
        ``"both"``: both claim it (§2.2 ⚠ Option).
    charge_tests : bool
        Fear and terror tests at the charge (§3.3, Default: on): each charged unit tests
        once against each fear- or terror-causing unit that charged it, each charger once
        against a fear- or terror-causing target, as in the two-unit combat.
    """

    corner_contact: bool = True
    musician_tiebreak: bool = True
    insane_courage: bool = False
    restrain_pursuit: bool = False
    flank_rear_rule: str = "mdnr"
    charge_tests: bool = True

    def __post_init__(self) -> None:
        for name in ("corner_contact", "musician_tiebreak", "insane_courage", "restrain_pursuit",
                     "charge_tests"):
            flag(name, getattr(self, name))
        choice("flank_rear_rule", self.flank_rear_rule, FLANK_REAR_RULES)

    def combat_options(self, *, charger: str = "attacker", max_rounds: int = 10) -> CombatOptions:
        """These options as :class:`odds.combat.CombatOptions` (two-unit form)."""
        kwargs = dataclasses.asdict(self)
        names = {f.name for f in dataclasses.fields(CombatOptions)}
        kwargs = {k: val for k, val in kwargs.items() if k in names}
        return CombatOptions(charger=charger, max_rounds=max_rounds, **kwargs)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioUnit:
    """One unit of a scenario, its characters and its place in the combat.

    Attributes
    ----------
    id : str
        Unique in the scenario (letters, digits, ``_ . -``).
    unit : Unit
        The unit (its ``models`` do not include the characters).
    engaged_with : str
        Id of the ONE enemy unit this unit is engaged with.
    face : str
        The face of that enemy unit this unit touches (:data:`FACES`; Default ``front``).
    characters : tuple of Character
        Characters in the unit's front rank (a list is converted).
    charged : bool
        The unit charged this turn.
    allocation : str
        :data:`ALLOCATIONS` (Default ``troops``).
    challenge : str
        :data:`CHALLENGE_POLICIES` (Default ``always``; see the module docstring).
    static_bonus : int
        Combat-result bonus, -10..10.
    high_ground : bool
        Fights from higher ground (+1, §2.2).
    general_within_30cm : int
        The General's Ld when he is within 30 cm but not in this unit (0 = no; 2..10).
    bsb_within_30cm : bool
        A battle standard bearer within 30 cm but not in this unit (re-roll
        failed break tests, §3.1).
    """

    id: str
    unit: Unit
    engaged_with: str
    face: str = "front"
    characters: tuple[Character, ...] = ()
    charged: bool = False
    allocation: str = "troops"
    challenge: str = "always"
    static_bonus: int = 0
    high_ground: bool = False
    general_within_30cm: int = 0
    bsb_within_30cm: bool = False

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.id, str) or not _ID_RE.match(self.id):
            raise OddsInputError(
                f"id: must be a non-empty name of letters, digits, '_', '.', '-' (got {self.id!r})"
            )
        if not isinstance(self.unit, Unit):
            raise OddsInputError(f"unit: must be a Unit (got {type(self.unit).__name__})")
        if not isinstance(self.engaged_with, str) or not self.engaged_with:
            raise OddsInputError(
                f"engaged_with: must be the id of an enemy unit (got {self.engaged_with!r})"
            )
        if self.engaged_with == self.id:
            raise OddsInputError(f"engaged_with: a unit cannot engage itself (got {self.id!r})")
        choice("face", self.face, FACES)
        if isinstance(self.characters, list):
            set_(self, "characters", tuple(self.characters))
        if not isinstance(self.characters, tuple):
            raise OddsInputError(
                f"characters: must be a tuple of Character (got {type(self.characters).__name__})"
            )
        for i, c in enumerate(self.characters):
            if not isinstance(c, Character):
                raise OddsInputError(
                    f"characters[{i}]: must be a Character (got {type(c).__name__})"
                )
        flag("charged", self.charged)
        choice("allocation", self.allocation, ALLOCATIONS)
        choice("challenge", self.challenge, CHALLENGE_POLICIES)
        set_(self, "static_bonus", integer("static_bonus", self.static_bonus, low=-10, high=10))
        flag("high_ground", self.high_ground)
        if self.general_within_30cm != 0:
            set_(self, "general_within_30cm",
                 leadership(self.general_within_30cm, "general_within_30cm"))
        flag("bsb_within_30cm", self.bsb_within_30cm)
        self._check_characters()

    def _check_characters(self) -> None:
        chars = self.characters
        u = self.unit
        if chars and u.troop_type in NO_CHARACTERS:
            raise OddsInputError(
                f"characters: characters join ranked units, not a {u.troop_type}"
                f" (got {len(chars)} with troop_type {u.troop_type!r})"
            )
        cmd = u.command
        room = front_rank_room(u)
        if len(chars) > room:
            n_cmd = int(cmd.champion) + int(cmd.standard) + int(cmd.musician)
            raise OddsInputError(
                f"characters: a unit {u.files} wide (files) with {n_cmd} command models takes"
                f" 0 to {room} characters (got {len(chars)}): the command group stands in the"
                " front rank first, and a character who does not fit there would stand in the"
                " second rank, which the engine does not fight"
            )
        for key, what in (("general", "General"), ("battle_standard", "battle standard bearer")):
            holders = [i for i, c in enumerate(chars) if getattr(c, key)]
            if len(holders) > 1:
                raise OddsInputError(
                    f"characters[{holders[1]}].{key}: a side has at most one {what}"
                    f" (also characters[{holders[0]}])"
                )
        if self.general is not None and self.general_within_30cm:
            raise OddsInputError(
                f"general_within_30cm: the General ({self.general.name}) is in this unit;"
                f" leave it 0 (got {self.general_within_30cm})"
            )
        if self.battle_standard is not None and self.bsb_within_30cm:
            raise OddsInputError(
                f"bsb_within_30cm: the battle standard bearer ({self.battle_standard.name}) is"
                " in this unit; leave it false (got true)"
            )
        if self.challenge == "champion" and not cmd.champion:
            raise OddsInputError(
                "challenge: 'champion' sends the unit's champion, but the unit has none"
                " (use 'always' or 'never')"
            )

    # ------------------------------------------------------------------ derived values

    @property
    def general(self) -> Character | None:
        """The General if he is one of this unit's characters."""
        return next((c for c in self.characters if c.general), None)

    @property
    def battle_standard(self) -> Character | None:
        """The battle standard bearer if he is one of this unit's characters."""
        return next((c for c in self.characters if c.battle_standard), None)

    @property
    def models(self) -> int:
        """Models in the formation: the unit's models plus its characters."""
        return self.unit.models + len(self.characters)

    @property
    def unit_strength(self) -> int:
        """Unit strength at full size, characters included (RULES.md §2.3)."""
        return self.unit.unit_strength + sum(c.unit_strength for c in self.characters)

    @property
    def leadership(self) -> int:
        """Highest Ld among the unit's models, champion and characters (§3.1)."""
        lds = [self.unit.profile.Ld, *(c.profile.Ld for c in self.characters)]
        if self.unit.command.champion and self.unit.champion_profile is not None:
            lds.append(self.unit.champion_profile.Ld)
        return max(lds)

    @property
    def has_challenger(self) -> bool:
        """Whether the unit may issue or accept a challenge under its policy."""
        if self.challenge == "never":
            return False
        # Bretonia "Santos en vida": a knight without a champion challenges as one
        champion = self.unit.command.champion or self.unit.has("living_saints")
        return champion or (self.challenge == "always" and bool(self.characters))

    def side_options(self) -> SideOptions:
        """The unit's circumstances as :class:`odds.combat.SideOptions`.

        A General among the characters gives ``general_ld`` his Ld and a BSB
        among them sets ``bsb``, as if they stood within 30 cm.
        """
        g = self.general
        return SideOptions(
            static_bonus=self.static_bonus,
            high_ground=self.high_ground,
            bsb=self.bsb_within_30cm or self.battle_standard is not None,
            general_ld=g.profile.Ld if g is not None else self.general_within_30cm,
        )

    def replace(self, **changes: Any) -> ScenarioUnit:
        """Return a validated copy with some fields changed."""
        return replace_fields(self, changes)
