"""BattleScribe rosters (``.ros``, ``.rosz``): the chosen units, ready to fight.

A roster is self-contained: each chosen unit carries copies of its profiles
and rules and the names, numbers and costs of what was taken, so no
catalogue is needed.  Per unit:

* **models** = the ``number`` of its model selection (the child selection
  taken most times; ``Lanceros`` x20), **files** = ``min(5, models)``;
* **command** = the members of its ``Grupo de mando`` selection, their costs
  to ``Command.*_points``;
* **points_per_model** = the costs of everything else in the unit divided by
  the models.  Roster costs are totals for a selection (cost per item times
  ``number``), as BattleScribe writes them.

Characters (``type="model"`` selections at the top of a force) become
:class:`odds.characters.Character` objects (:mod:`odds.battlescribe.character`).
A character joins a unit when the roster says so, in its BattleScribe notes
(``customNotes`` ``"join: Lanceros"``, also ``"se une a: Lanceros"``), or
when :func:`load_roster` is asked to (``join={"Capitán imperial":
"Lanceros"}``); :meth:`Roster.regiment` gives a unit with its characters,
ready for a combat scenario (:class:`odds.scenario.ScenarioUnit`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from odds.armies import army_from_catalogue
from odds.battlescribe.build import build_unit
from odds.battlescribe.character import character_from_selection
from odds.battlescribe.game_system import check_game_system
from odds.battlescribe.report import Collector, ImportReport, located
from odds.battlescribe.selection import Selection, command_nodes
from odds.battlescribe.spelling import normalize
from odds.battlescribe.tree import Node, roster_node
from odds.battlescribe.values import parse_cost, parse_count
from odds.battlescribe.xmlsafe import describe, local, read_xml
from odds.characters import Character
from odds.units import Unit
from odds.validation import OddsInputError

__all__ = ["Roster", "load_roster"]


@dataclass(frozen=True, eq=False)
class Roster:
    """A roster's units.

    Attributes
    ----------
    name : str
        The roster's name.
    path : Path
        The file read.
    units : tuple of Unit
        The chosen units with their sizes, equipment and command.
    points : float
        The roster's total points (as written in the file, else the sum of
        the units' points).
    report : ImportReport
        What the import ignored or approximated, per unit.
    characters : tuple of Character
        The roster's characters (``type="model"`` selections), in roster order.
    joined : mapping of str to str
        Character name → the name of the unit it joins.
    """

    name: str
    path: Path
    units: tuple[Unit, ...]
    points: float
    report: ImportReport
    characters: tuple[Character, ...] = ()
    joined: Mapping[str, str] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """Unit names, in roster order."""
        return tuple(u.name for u in self.units)

    def unit(self, name: str) -> Unit:
        """The roster unit named ``name`` (accent- and case-insensitive)."""
        key = normalize(name)
        for u in self.units:
            if normalize(u.name) == key:
                return u
        raise OddsInputError(f"{self.path}: no unit named {name!r} in the roster"
                             f" (units: {', '.join(self.names) or 'none'})")

    def regiment(self, name: str) -> tuple[Unit, tuple[Character, ...]]:
        """The unit named ``name`` and the characters joined to it (roster order)."""
        unit = self.unit(name)
        chars = tuple(c for c in self.characters
                      if normalize(self.joined.get(c.name, "")) == normalize(unit.name))
        return unit, chars


def _roster_cost_type(root) -> str | None:
    for section in root:
        if local(section.tag) == "costs":
            for c in section:
                if normalize(c.get("name", "")) in ("pts", "puntos", "points"):
                    return c.get("typeId")
    return None


def _total_points(root) -> float | None:
    for section in root:
        if local(section.tag) == "costs":
            for c in section:
                if normalize(c.get("name", "")) in ("pts", "puntos", "points"):
                    total = parse_cost(c.get("value"), "roster", c.get("name"))
                    if total < 0:
                        raise OddsInputError(f"roster: cost {c.get('name')!r} must be >= 0 "
                                             f"(got {c.get('value')!r})")
                    return total
    return None


def _check_counts(root, path: Path) -> None:
    """Refuse a roster whose selections hold a ``number`` that is not a count of 1 or more.

    A selection of ``number="0"`` or ``"-5"`` is an error naming the file and
    the selection, never one model or a unit silently left out.
    """
    for element in root.iter():
        if local(element.tag) == "selection":
            try:
                parse_count(element.get("number"), describe(element))
            except OddsInputError as exc:
                raise OddsInputError(f"{path}: {exc}") from None


def _unit_selections(root) -> list:
    """``(selection element, army tag of its force)`` for every top-level selection."""
    out = []
    for force in root.iter():
        if local(force.tag) != "force":
            continue
        army = army_from_catalogue(force.get("catalogueName", ""))
        for section in force:
            if local(section.tag) == "selections":
                out += [(s, army) for s in section if local(s.tag) == "selection"]
    return out


_JOIN = re.compile(r"^\s*(?:join|joins|se une a|unido a)\s*:?\s*(.+?)\s*$",
                   re.IGNORECASE | re.MULTILINE)


def _notes(element) -> str:
    text = element.get("customNotes") or ""
    for child in element:
        if local(child.tag) == "customNotes" and child.text:
            text += "\n" + child.text
    return text


def _joins(roster: Roster, requested: Mapping[str, str], from_notes: dict[str, str]
           ) -> dict[str, str]:
    """Character name → unit name, checked against the roster (``join`` wins over notes)."""
    if not isinstance(requested, Mapping):
        raise OddsInputError(f"join: must be a mapping of character name to unit name"
                             f" (got {requested!r})")
    chars = {normalize(c.name): c.name for c in roster.characters}
    out: dict[str, str] = {}
    for source, table in (("notes", from_notes), ("join", dict(requested))):
        for char, unit in table.items():
            if normalize(str(char)) not in chars:
                raise OddsInputError(
                    f"{roster.path}: {source}: no character named {char!r} in the roster"
                    f" (characters: {', '.join(chars.values()) or 'none'})")
            name = roster.unit(str(unit)).name
            out[chars[normalize(str(char))]] = name
    return out


def _unit(node: Node, sink: Collector, army: str = "") -> Unit:
    command = command_nodes(node)
    body = [c for c in node.children if not c.key.startswith("grupo de mando")]
    model = max(body, key=lambda c: c.number, default=None)
    models = model.number if model is not None else node.number
    taken = [n for c in body for n in c.walk()]
    total = node.cost + sum(n.cost * n.number for n in taken)
    if total < 0:
        raise OddsInputError(f"{node.name}: costs add up to {total:g} points; must be >= 0")
    sel = Selection(unit=node, model=model, taken=taken, command=command)
    return build_unit(sel, name=node.name, models=models, files=min(5, models),
                      roles=set(command), points_per_model=total / models, sink=sink,
                      army=army).unit


def load_roster(path: str | Path, *, strict: bool = False,
                join: Mapping[str, str] | None = None) -> Roster:
    """Read a BattleScribe roster and build its units.

    Parameters
    ----------
    path : str or Path
        ``.ros`` or ``.rosz`` file.
    strict : bool
        Raise on the first name the engine does not model or value it
        approximates.
    join : mapping of str to str, optional
        Character name → unit name: the character joins that unit (on top
        of the joins the roster's notes ask for; this one wins).

    Returns
    -------
    Roster
    """
    p = Path(path)
    root = read_xml(p, expected=("roster",))
    check_game_system(p, "roster", root.get("gameSystemId"), root.get("gameSystemName"))
    _check_counts(root, p)
    cost_type = _roster_cost_type(root)
    sink = Collector(str(p), strict=strict)
    units: list[Unit] = []
    characters: list[Character] = []
    notes: dict[str, str] = {}
    for element, army in _unit_selections(root):
        name = element.get("name", "")
        if element.get("type") == "model":
            try:
                characters.append(character_from_selection(roster_node(element, cost_type), sink,
                                                           army))
            except OddsInputError as exc:
                if strict:
                    raise located(exc, str(p), describe(element)) from None
                sink.add(name, describe(element), "ignored", f"cannot import: {exc}")
                continue
            m = _JOIN.search(_notes(element))
            if m:
                notes[characters[-1].name] = m.group(1)
            continue
        if element.get("type") != "unit":
            sink.add(name, name, "ignored", f"{element.get('type')} selection (not a unit or a"
                     " character)")
            continue
        try:
            units.append(_unit(roster_node(element, cost_type), sink, army))
        except OddsInputError as exc:
            if strict:
                raise located(exc, str(p), describe(element)) from None
            sink.add(name, describe(element), "ignored", f"cannot import: {exc}")
    total = _total_points(root)
    roster = Roster(name=root.get("name", p.stem), path=p, units=tuple(units),
                    points=total if total is not None else sum(u.points for u in units)
                    + sum(c.points for c in characters),
                    report=sink.report(), characters=tuple(characters))
    joined = _joins(roster, join or {}, notes)
    return Roster(name=roster.name, path=p, units=roster.units, points=roster.points,
                  report=roster.report, characters=roster.characters, joined=joined)
