"""Combat scenarios: several units per side, characters, faces and policies (issue 4 §3).

A :class:`CombatScenario` is one close combat: two sides (``attacker`` =
side 0, ``defender`` = side 1), each a tuple of :class:`ScenarioUnit`.  Each
unit engages exactly one enemy unit on one of that enemy's faces (``front``,
``flank``, ``rear``); an enemy unit may be engaged on several faces by
different units.  Everything is validated when built and every bad input
raises :class:`odds.validation.OddsInputError` naming the key path in the
TOML schema (``attacker[1].engaged_with: ...``; list indices start at 0),
prefixed by the file when loaded.

TOML schema
-----------
.. code-block:: toml

    name = "Knights hit the flank"
    active_side = "attacker"     # attacker | defender (default: the side that charged)
    max_rounds = 10              # 1..50
    notes = ""
    [options]                    # rule options, Defaults per RULES.md
    corner_contact = true        # §1.1
    musician_tiebreak = true     # §2.4
    insane_courage = false       # §3.2
    restrain_pursuit = false     # §4.3
    flank_rear_rule = "mdnr"     # §2.2: mdnr (only the side with more flankers) | both

    [[attacker]]
    id = "swords"                # unique in the scenario
    unit = "empire_swordsmen"    # library name, a .toml path relative to this file,
                                 # or an inline table [attacker.unit] in the unit schema
    models = 20                  # optional: replace the unit's models / files
    files = 5
    engaged_with = "boyz"        # id of ONE enemy unit
    face = "front"               # the face of THAT ENEMY this unit touches: front | flank | rear
    charged = true               # only units of the active side can have charged
    challenge = "always"         # never | always | champion
    allocation = "troops"        # troops | character | split
    static_bonus = 0             # -10..10, combat-result bonus (items...)
    high_ground = false
    general_within_30cm = 0      # the General's Ld if he is within 30 cm (0 = no)
    bsb_within_30cm = false
    [[attacker.characters]]      # schema of odds.characters; front rank of this unit
    name = "Captain"
    general = true
    [attacker.characters.profile]
    M = 10
    WS = 5
    # ...

    [[attacker]]
    id = "knights"
    unit = "empire_knights"
    engaged_with = "boyz"
    face = "flank"
    charged = true

    [[defender]]
    id = "boyz"
    unit = "orc_boyz"
    engaged_with = "swords"
    face = "front"

Conventions and judgement calls
-------------------------------
* Contact geometry.  ``face`` is the face of the engaged enemy.  A unit that
  is not engaged back by its enemy touches it with its own front (it charged
  or wheeled in).  When two units engage each other, at least one of them
  must name ``front`` (two units cannot meet flank to flank), and a unit that
  charged touches with its front (so its enemy must name ``front``).
* Per enemy unit: at most one unit on its front, one on its rear and two on
  its flanks (left and right; ``flank`` means either).
* One scenario is one combat: every unit must be linked to every other one
  through ``engaged_with`` (otherwise they are separate combats).
* Characters (:class:`odds.characters.Character`) join the unit in its front
  rank, each taking a rank-and-file place: they are *in addition to* the
  unit's ``models`` (they count towards ranks, §2.2 "characters fill rank
  spaces").  Characters plus command models (all in the front rank) must fit
  in the unit's frontage (``files``).  Characters join ranked units only
  (not monsters, chariots or war machines).
* Challenge policy (§1.9, source 004), per unit: ``never`` (this unit's
  characters and champion neither issue nor accept; a character refuses; a
  champion cannot hide, as it stays in the command group, so a unit whose
  only candidate is its champion accepts),
  ``always`` (Default: issue and accept with the unit's best fighter,
  character or champion; a player normally challenges, since overkill scores
  and a refused challenge costs the unit its Ld), ``champion`` (only the
  champion issues or accepts, to protect the characters; the unit must have
  one).  The active side decides first (``active_side``).
* Allocation policy (§1.1, source 004), per unit: how its rank-and-file in
  contact with enemy characters split their attacks: ``troops`` (Default),
  ``character`` or ``split``.
* ``static_bonus``, ``high_ground``, ``general_within_30cm`` and
  ``bsb_within_30cm`` are per unit, as in :class:`odds.combat.SideOptions`;
  combat-result bonuses are applied once per side by the engine (src 000).
* At most one General and one battle standard bearer per side.  A unit whose
  General or BSB is among its own characters must not also claim one within
  30 cm; a unit claiming the General within 30 cm while the side's General is
  in the combat must use his Ld.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from odds.characters import Character, _character_from_dict
from odds.units import (
    Unit,
    # Private helpers of odds.units (same key-path messages); units.py is not ours to edit.
    _check_keys,
    _replace,
    _table,
    _unit_from_dict,
    load_unit,
)
from odds.validation import OddsInputError, choice, flag, integer, leadership

if TYPE_CHECKING:
    from odds.combat.model import CombatOptions, SideOptions

__all__ = [
    "ALLOCATIONS",
    "CHALLENGE_POLICIES",
    "FACES",
    "FLANK_REAR_RULES",
    "SIDE_NAMES",
    "CombatScenario",
    "Contact",
    "ScenarioOptions",
    "ScenarioUnit",
    "TwoUnitCombat",
    "load_scenario",
    "scenario_from_dict",
    "two_unit_scenario",
]

SIDE_NAMES: tuple[str, str] = ("attacker", "defender")
"""Side names; side 0 is the attacker, side 1 the defender."""

FACES: tuple[str, ...] = ("front", "flank", "rear")
"""Faces of a unit (RULES.md §2.2)."""

ALLOCATIONS: tuple[str, ...] = ("troops", "character", "split")
"""Attack-allocation policies of rank-and-file in contact with enemy characters."""

CHALLENGE_POLICIES: tuple[str, ...] = ("never", "always", "champion")
"""Challenge policies (see the module docstring)."""

FLANK_REAR_RULES: tuple[str, ...] = ("mdnr", "both")
"""Who gets flank/rear bonuses when both sides have flankers (RULES.md §2.2 ⚠)."""

_FACE_LIMIT = {"front": 1, "flank": 2, "rear": 1}
_ID_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
_NO_CHARACTERS = ("monster", "chariot", "war_machine")


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
    """

    corner_contact: bool = True
    musician_tiebreak: bool = True
    insane_courage: bool = False
    restrain_pursuit: bool = False
    flank_rear_rule: str = "mdnr"

    def __post_init__(self) -> None:
        for name in ("corner_contact", "musician_tiebreak", "insane_courage", "restrain_pursuit"):
            flag(name, getattr(self, name))
        choice("flank_rear_rule", self.flank_rear_rule, FLANK_REAR_RULES)

    def combat_options(self, *, charger: str = "attacker", max_rounds: int = 10) -> CombatOptions:
        """These options as :class:`odds.combat.CombatOptions` (two-unit form)."""
        from odds.combat.model import CombatOptions

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
        :data:`ALLOCATIONS` (Default ``troops``, issue 4 §1).
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
        if chars and u.troop_type in _NO_CHARACTERS:
            raise OddsInputError(
                f"characters: characters join ranked units, not a {u.troop_type}"
                f" (got {len(chars)} with troop_type {u.troop_type!r})"
            )
        cmd = u.command
        n_cmd = int(cmd.champion) + int(cmd.standard) + int(cmd.musician)
        if len(chars) + n_cmd > u.files:
            raise OddsInputError(
                f"characters: {len(chars)} characters and {n_cmd} command models stand in the"
                f" front rank, but the unit is only {u.files} wide (files)"
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
        champion = self.unit.command.champion
        return champion or (self.challenge == "always" and bool(self.characters))

    def side_options(self) -> SideOptions:
        """The unit's circumstances as :class:`odds.combat.SideOptions`.

        A General among the characters gives ``general_ld`` his Ld and a BSB
        among them sets ``bsb``, as if they stood within 30 cm.
        """
        from odds.combat.model import SideOptions

        g = self.general
        return SideOptions(
            static_bonus=self.static_bonus,
            high_ground=self.high_ground,
            bsb=self.bsb_within_30cm or self.battle_standard is not None,
            general_ld=g.profile.Ld if g is not None else self.general_within_30cm,
        )

    def replace(self, **changes: Any) -> ScenarioUnit:
        """Return a validated copy with some fields changed."""
        return _replace(self, changes)


class Contact(NamedTuple):
    """One contact between an attacker unit and a defender unit.

    ``a`` is the attacker-side unit id, ``b`` the defender-side one;
    ``face_a`` and ``face_b`` are the faces of each that touch the other.
    """

    a: str
    b: str
    face_a: str
    face_b: str


class TwoUnitCombat(NamedTuple):
    """A scenario in today's two-unit form: the arguments of ``odds.combat.fight``."""

    attacker: Unit
    defender: Unit
    attacker_options: SideOptions
    defender_options: SideOptions
    options: CombatOptions


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatScenario:
    """One close combat between two sides of one or more units (issue 4 §3).

    Attributes
    ----------
    name : str
        Display name.
    sides : tuple of two tuples of ScenarioUnit
        ``sides[0]`` the attacker's units, ``sides[1]`` the defender's (lists
        are converted); at least one unit each.
    active_side : int
        0 or 1 (``"attacker"``/``"defender"`` accepted): whose turn it is;
        that player decides on challenges first (§1.9) and only that side's
        units can have charged.  None (default) = the side that charged, else 0.
    max_rounds : int
        Rounds to fight before calling the combat unresolved, 1..50.
    options : ScenarioOptions
        Rule options.
    notes : str
        Free text.
    """

    name: str
    sides: tuple[tuple[ScenarioUnit, ...], tuple[ScenarioUnit, ...]]
    active_side: int | None = None
    max_rounds: int = 10
    options: ScenarioOptions = field(default_factory=ScenarioOptions)
    notes: str = ""

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.name, str) or not self.name.strip():
            raise OddsInputError(f"name: must be a non-empty string (got {self.name!r})")
        if not isinstance(self.sides, (tuple, list)) or len(self.sides) != 2:
            raise OddsInputError(
                f"sides: must be two sequences of ScenarioUnit, attacker and defender"
                f" (got {self.sides!r})"
            )
        sides = []
        for s, units in enumerate(self.sides):
            side = SIDE_NAMES[s]
            if not isinstance(units, (tuple, list)):
                raise OddsInputError(
                    f"{side}: must be a sequence of ScenarioUnit (got {type(units).__name__})"
                )
            if not units:
                raise OddsInputError(f"{side}: at least one unit per side (got none)")
            for i, su in enumerate(units):
                if not isinstance(su, ScenarioUnit):
                    raise OddsInputError(
                        f"{side}[{i}]: must be a ScenarioUnit (got {type(su).__name__})"
                    )
            sides.append(tuple(units))
        set_(self, "sides", tuple(sides))
        set_(self, "max_rounds", integer("max_rounds", self.max_rounds, low=1, high=50))
        if not isinstance(self.options, ScenarioOptions):
            raise OddsInputError(
                f"options: must be a ScenarioOptions (got {type(self.options).__name__})"
            )
        if not isinstance(self.notes, str):
            raise OddsInputError(f"notes: must be a string (got {self.notes!r})")
        self._check_active_side()
        self._check_ids()
        self._check_engagements()
        self._check_connected()
        self._check_commanders()

    # ------------------------------------------------------------------ validation

    def _where(self, s: int, i: int) -> str:
        return f"{SIDE_NAMES[s]}[{i}]"

    def _check_active_side(self) -> None:
        a = self.active_side
        if a is None:
            chargers = [s for s in (0, 1) if any(u.charged for u in self.sides[s])]
            a = chargers[0] if chargers else 0
        elif isinstance(a, str) and a in SIDE_NAMES:
            a = SIDE_NAMES.index(a)
        elif isinstance(a, bool) or a not in (0, 1):
            raise OddsInputError(
                f"active_side: must be attacker or defender (0 or 1) (got {self.active_side!r})"
            )
        object.__setattr__(self, "active_side", int(a))
        other = 1 - a
        for i, su in enumerate(self.sides[other]):
            if su.charged:
                raise OddsInputError(
                    f"{self._where(other, i)}.charged: only the active side"
                    f" ({SIDE_NAMES[a]}) charges this turn (got true)"
                )

    def _check_ids(self) -> None:
        seen: dict[str, str] = {}
        for s, i, su in self._indexed():
            if su.id in seen:
                raise OddsInputError(
                    f"{self._where(s, i)}.id: {su.id!r} is used twice (also {seen[su.id]}.id)"
                )
            seen[su.id] = self._where(s, i)

    def _check_engagements(self) -> None:
        ids = [[u.id for u in units] for units in self.sides]
        occupied: dict[tuple[str, str], list[str]] = {}
        for s, i, su in self._indexed():
            where = self._where(s, i)
            if su.engaged_with not in ids[1 - s]:
                same = " (it is on the same side)" if su.engaged_with in ids[s] else ""
                raise OddsInputError(
                    f"{where}.engaged_with: no enemy unit {su.engaged_with!r}{same}"
                    f" (have: {', '.join(ids[1 - s])})"
                )
            occ = occupied.setdefault((su.engaged_with, su.face), [])
            occ.append(su.id)
            limit = _FACE_LIMIT[su.face]
            if len(occ) > limit:
                many = "one unit" if limit == 1 else f"{limit} units (left and right)"
                raise OddsInputError(
                    f"{where}.face: at most {many} on the {su.face} of {su.engaged_with!r}"
                    f" (got {', '.join(repr(x) for x in occ)})"
                )
            enemy = self.unit(su.engaged_with)
            if enemy.engaged_with == su.id:
                if su.face != "front" and enemy.face != "front":
                    raise OddsInputError(
                        f"{where}.face: {su.id!r} and {enemy.id!r} engage each other, so one of"
                        f" them touches the other's front (got {su.face} and {enemy.face})"
                    )
                if enemy.charged and su.face != "front":
                    raise OddsInputError(
                        f"{where}.face: {enemy.id!r} charged, so it touches {su.id!r} with its"
                        f" front: {su.id!r} must give face = \"front\" (got {su.face!r})"
                    )

    def _check_connected(self) -> None:
        links: dict[str, set[str]] = {su.id: set() for _, _, su in self._indexed()}
        for _, _, su in self._indexed():
            links[su.id].add(su.engaged_with)
            links[su.engaged_with].add(su.id)
        start = self.sides[0][0].id
        seen, todo = {start}, [start]
        while todo:
            for nxt in links[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        for s, i, su in self._indexed():
            if su.id not in seen:
                apart = [x for x in links if x not in seen]
                raise OddsInputError(
                    f"{self._where(s, i)}.engaged_with: units {', '.join(map(repr, apart))}"
                    f" are a separate combat from {start!r}; a scenario is one combat"
                    f" (got engaged_with {su.engaged_with!r})"
                )

    def _check_commanders(self) -> None:
        for s, units in enumerate(self.sides):
            for key, what in (("general", "General"),
                              ("battle_standard", "battle standard bearer")):
                found = [(i, j) for i, su in enumerate(units)
                         for j, c in enumerate(su.characters) if getattr(c, key)]
                if len(found) > 1:
                    (i0, j0), (i1, j1) = found[:2]
                    raise OddsInputError(
                        f"{self._where(s, i1)}.characters[{j1}].{key}: a side has at most one"
                        f" {what} (also {self._where(s, i0)}.characters[{j0}])"
                    )
            general = next((c for su in units for c in su.characters if c.general), None)
            if general is None:
                continue
            for i, su in enumerate(units):
                ld = su.general_within_30cm
                if ld and ld != general.profile.Ld:
                    raise OddsInputError(
                        f"{self._where(s, i)}.general_within_30cm: the side's General"
                        f" ({general.name}) has Ld {general.profile.Ld} (got {ld})"
                    )

    # ------------------------------------------------------------------ queries

    def _indexed(self) -> Iterator[tuple[int, int, ScenarioUnit]]:
        for s, units in enumerate(self.sides):
            for i, su in enumerate(units):
                yield s, i, su

    @property
    def units(self) -> tuple[ScenarioUnit, ...]:
        """All units, attacker's first."""
        return (*self.sides[0], *self.sides[1])

    def unit(self, unit_id: str) -> ScenarioUnit:
        """The unit with id ``unit_id``."""
        for _, _, su in self._indexed():
            if su.id == unit_id:
                return su
        have = ", ".join(su.id for su in self.units)
        raise OddsInputError(f"unit_id: no unit {unit_id!r} (have: {have})")

    def side_of(self, unit_id: str) -> int:
        """0 if the unit is the attacker's, 1 if the defender's."""
        for s, _, su in self._indexed():
            if su.id == unit_id:
                return s
        self.unit(unit_id)  # raises, naming the ids
        raise AssertionError  # pragma: no cover

    @property
    def contacts(self) -> tuple[Contact, ...]:
        """Every contact once, attacker-side unit first (see :class:`Contact`).

        A unit engaging an enemy that does not engage it back touches it with
        its own front; two units engaging each other touch with the faces
        each names for the other.
        """
        out: dict[frozenset[str], Contact] = {}
        for s, _, su in self._indexed():
            enemy = self.unit(su.engaged_with)
            key = frozenset((su.id, enemy.id))
            if key in out:
                continue
            own_face = enemy.face if enemy.engaged_with == su.id else "front"
            if s == 0:
                out[key] = Contact(su.id, enemy.id, own_face, su.face)
            else:
                out[key] = Contact(enemy.id, su.id, su.face, own_face)
        return tuple(out.values())

    @property
    def charger(self) -> str:
        """``"attacker"``, ``"defender"`` or ``"none"``: the side whose units charged."""
        for s in (0, 1):
            if any(su.charged for su in self.sides[s]):
                return SIDE_NAMES[s]
        return "none"

    @property
    def challenge_possible(self) -> bool:
        """Whether a challenge can happen.

        One side has a challenger under its units' policies and the other
        side has a character or champion (to accept or refuse).
        """
        fighters = [any(su.characters or su.unit.command.champion for su in units)
                    for units in self.sides]
        issuers = [any(su.has_challenger for su in units) for units in self.sides]
        return (issuers[0] and fighters[1]) or (issuers[1] and fighters[0])

    @property
    def is_two_unit(self) -> bool:
        """Whether the scenario is today's two-unit combat (see :meth:`as_two_unit`)."""
        return self._not_two_unit() is None

    def _not_two_unit(self) -> str | None:
        if len(self.sides[0]) != 1 or len(self.sides[1]) != 1:
            return "more than one unit on a side"
        a, d = self.sides[0][0], self.sides[1][0]
        if a.characters or d.characters:
            return "a unit has characters"
        if self.contacts[0][2:] != ("front", "front"):
            return "the units are not engaged front to front"
        if self.challenge_possible:
            return "a challenge is possible (set challenge = 'never')"
        return None

    def as_two_unit(self) -> TwoUnitCombat:
        """The scenario as the arguments of ``odds.combat.fight`` (the two-unit form).

        Raises
        ------
        OddsInputError
            Unless there is one unit per side, engaged front to front, without
            characters and with no possible challenge.
        """
        why = self._not_two_unit()
        if why is not None:
            raise OddsInputError(f"scenario: not a two-unit combat: {why}")
        a, d = self.sides[0][0], self.sides[1][0]
        return TwoUnitCombat(
            attacker=a.unit,
            defender=d.unit,
            attacker_options=a.side_options(),
            defender_options=d.side_options(),
            options=self.options.combat_options(charger=self.charger,
                                                max_rounds=self.max_rounds),
        )

    def replace(self, **changes: Any) -> CombatScenario:
        """Return a validated copy with some fields changed."""
        return _replace(self, changes)


# --------------------------------------------------------------------------- the two-unit form


def two_unit_scenario(
    attacker: Unit | str,
    defender: Unit | str,
    *,
    charger: str = "attacker",
    max_rounds: int = 10,
    attacker_options: SideOptions | None = None,
    defender_options: SideOptions | None = None,
    options: CombatOptions | None = None,
    challenge: str = "never",
    name: str | None = None,
) -> CombatScenario:
    """Today's two-unit combat as a scenario: both units engaged front to front.

    Parameters
    ----------
    attacker, defender : Unit or str
        Units, built-in library names or TOML paths (ids ``attacker`` and ``defender``).
    charger : {"attacker", "defender", "none"}
        Who charged (ignored when ``options`` is given: it carries its own).
    max_rounds : int
        Rounds before the combat counts as unresolved (ignored with ``options``).
    attacker_options, defender_options : SideOptions, optional
        Static bonus, high ground, battle standard, General's Ld.
    options : CombatOptions, optional
        Rule options, as for ``odds.combat.fight``.
    challenge : {"never", "always", "champion"}
        Both units' challenge policy.  Default ``never``, so that champions
        fight as in the two-unit engine (which has no challenges) and
        :meth:`CombatScenario.as_two_unit` gives the inputs back.
    name : str, optional
        Scenario name (default ``"<attacker> vs <defender>"``).

    Returns
    -------
    CombatScenario
    """
    from odds.combat.model import CombatOptions, SideOptions

    units = []
    for label, u in (("attacker", attacker), ("defender", defender)):
        if isinstance(u, Unit):
            units.append(u)
        elif isinstance(u, (str, Path)):
            units.append(load_unit(u))
        else:
            raise OddsInputError(f"{label}: must be a Unit, a library name or a TOML path"
                                 f" (got {type(u).__name__})")
    if options is None:
        options = CombatOptions(charger=charger, max_rounds=max_rounds)
    elif not isinstance(options, CombatOptions):
        raise OddsInputError(f"options: must be a CombatOptions (got {type(options).__name__})")
    sopts = []
    for label, o in (("attacker_options", attacker_options),
                     ("defender_options", defender_options)):
        o = SideOptions() if o is None else o
        if not isinstance(o, SideOptions):
            raise OddsInputError(f"{label}: must be a SideOptions (got {type(o).__name__})")
        sopts.append(o)
    scenario_options = ScenarioOptions(**{
        f.name: getattr(options, f.name)
        for f in dataclasses.fields(ScenarioOptions) if hasattr(options, f.name)
    })
    sides = []
    for s, (u, o) in enumerate(zip(units, sopts, strict=True)):
        sides.append((ScenarioUnit(
            id=SIDE_NAMES[s], unit=u, engaged_with=SIDE_NAMES[1 - s], face="front",
            charged=options.charger == SIDE_NAMES[s], challenge=challenge,
            static_bonus=o.static_bonus, high_ground=o.high_ground,
            general_within_30cm=o.general_ld, bsb_within_30cm=o.bsb,
        ),))
    return CombatScenario(
        name=name if name is not None else f"{units[0].name} vs {units[1].name}",
        sides=(sides[0], sides[1]),
        active_side=1 if options.charger == "defender" else 0,
        max_rounds=options.max_rounds,
        options=scenario_options,
    )


# --------------------------------------------------------------------------- loaders

_TOP_KEYS = ("name", "notes", "active_side", "max_rounds", "options", "attacker", "defender")
_OPTION_KEYS = tuple(f.name for f in dataclasses.fields(ScenarioOptions))
_UNIT_KEYS = (
    "id", "unit", "models", "files", "characters", "engaged_with", "face", "charged",
    "allocation", "challenge", "static_bonus", "high_ground", "general_within_30cm",
    "bsb_within_30cm",
)
_PASS_KEYS = _UNIT_KEYS[5:]


def scenario_from_dict(
    data: Mapping[str, Any], source: str = "<dict>", base_dir: str | Path | None = None
) -> CombatScenario:
    """Build and validate a :class:`CombatScenario` from a mapping in the TOML schema.

    Parameters
    ----------
    data : mapping
        The schema of the module docstring.
    source : str
        Where the data came from (file name), for error messages.
    base_dir : str or Path, optional
        Directory that relative unit paths are relative to (default: the
        current directory).

    Returns
    -------
    CombatScenario

    Raises
    ------
    OddsInputError
        ``"<source>: <key path>: <problem> (got <value>)"``.
    """
    try:
        return _scenario_from_dict(data, Path(base_dir) if base_dir is not None else Path())
    except OddsInputError as exc:
        raise OddsInputError(f"{source}: {exc}") from None


def _prefixed(where: str, build: Any) -> Any:
    try:
        return build()
    except OddsInputError as exc:
        raise OddsInputError(f"{where}.{exc}") from None


def _scenario_from_dict(data: Mapping[str, Any], base: Path) -> CombatScenario:
    if not isinstance(data, Mapping):
        raise OddsInputError(f"scenario: must be a table (got {type(data).__name__})")
    _check_keys(data, _TOP_KEYS, "")
    for key in ("name", "attacker", "defender"):
        if key not in data:
            raise OddsInputError(f"{key}: missing (required keys: name, attacker, defender)")
    opts = _table(data, "options")
    _check_keys(opts, _OPTION_KEYS, "options")
    options = _prefixed("options", lambda: ScenarioOptions(**opts))
    sides = []
    for side in SIDE_NAMES:
        entries = data[side]
        if isinstance(entries, Mapping):
            entries = [entries]
        if not isinstance(entries, list):
            raise OddsInputError(f"{side}: must be an array of tables [[{side}]] (got {entries!r})")
        sides.append(tuple(_scenario_unit(e, f"{side}[{i}]", base)
                           for i, e in enumerate(entries)))
    active = data.get("active_side")
    if active is not None and active not in SIDE_NAMES:
        raise OddsInputError(f"active_side: must be one of attacker, defender (got {active!r})")
    kwargs = {k: data[k] for k in ("name", "notes", "max_rounds") if k in data}
    return CombatScenario(sides=(sides[0], sides[1]), active_side=active, options=options,
                          **kwargs)


def _scenario_unit(entry: Any, where: str, base: Path) -> ScenarioUnit:
    if not isinstance(entry, Mapping):
        raise OddsInputError(f"{where}: must be a table (got {entry!r})")
    _check_keys(entry, _UNIT_KEYS, where)
    for key in ("id", "unit", "engaged_with"):
        if key not in entry:
            raise OddsInputError(f"{where}.{key}: missing (required keys: id, unit, engaged_with)")
    unit = _unit(entry["unit"], where, base)
    resize = {k: entry[k] for k in ("models", "files") if k in entry}
    if resize:
        unit = _prefixed(where, lambda: unit.replace(**resize))
    chars = entry.get("characters", [])
    if isinstance(chars, Mapping):
        chars = [chars]
    if not isinstance(chars, list):
        raise OddsInputError(
            f"{where}.characters: must be an array of tables [[...characters]] (got {chars!r})"
        )
    characters = tuple(
        _prefixed(f"{where}.characters[{j}]", lambda c=c: _character_from_dict(c))
        for j, c in enumerate(chars)
    )
    kwargs = {k: entry[k] for k in _PASS_KEYS if k in entry and k != "characters"}
    return _prefixed(where, lambda: ScenarioUnit(id=entry["id"], unit=unit,
                                                 characters=characters, **kwargs))


def _unit(spec: Any, where: str, base: Path) -> Unit:
    if isinstance(spec, Mapping):
        return _prefixed(f"{where}.unit", lambda: _unit_from_dict(spec))
    if not isinstance(spec, str) or not spec:
        raise OddsInputError(
            f"{where}.unit: must be a library name, a .toml path or a table (got {spec!r})"
        )
    is_path = spec.endswith(".toml") or "/" in spec or "\\" in spec
    target: str | Path = base / spec if is_path else spec
    try:
        return load_unit(target)
    except OddsInputError as exc:
        msg = str(exc)
        if msg.startswith("unit:"):
            raise OddsInputError(f"{where}.{msg}") from None
        raise OddsInputError(f"{where}.unit: {msg}") from None


def load_scenario(path: str | Path) -> CombatScenario:
    """Load a combat scenario from a TOML file (schema in the module docstring).

    Parameters
    ----------
    path : str or Path
        The ``.toml`` file; unit paths in it are relative to its directory.

    Returns
    -------
    CombatScenario
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise OddsInputError(
            f"scenario: cannot read file {str(p)!r} ({exc.strerror or exc})"
        ) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OddsInputError(f"{p}: invalid TOML: {exc}") from None
    return scenario_from_dict(data, str(p), base_dir=p.parent)
