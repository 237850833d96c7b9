"""The combat scenario: both sides, their contacts, the two-unit form (:mod:`odds.scenario`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from odds.scenario.options import CombatOptions, SideOptions
from odds.scenario.unit import (
    _FACE_LIMIT,
    ScenarioOptions,
    ScenarioUnit,
)
from odds.unit_reference import load_unit
from odds.units import (
    Unit,
)
from odds.validation import OddsInputError, integer, replace_fields
from odds.vocabulary import SIDE_NAMES


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
    """One close combat between two sides of one or more units.

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
        return replace_fields(self, changes)


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
