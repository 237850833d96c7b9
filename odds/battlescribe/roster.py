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

Characters (``type="model"`` selections at the top of a force) are not units
of the engine: they are listed in the report (``ignored``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from odds.battlescribe.build import build_unit
from odds.battlescribe.names import normalize
from odds.battlescribe.report import Collector, ImportReport, located
from odds.battlescribe.selection import Selection, command_nodes
from odds.battlescribe.tree import Node, roster_node
from odds.battlescribe.values import parse_cost
from odds.battlescribe.xmlsafe import describe, local, read_xml
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
    """

    name: str
    path: Path
    units: tuple[Unit, ...]
    points: float
    report: ImportReport

    @property
    def names(self) -> tuple[str, ...]:
        """Unit names, in roster order."""
        return tuple(u.name for u in self.units)


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


def _unit_selections(root) -> list:
    out = []
    for force in root.iter():
        if local(force.tag) != "force":
            continue
        for section in force:
            if local(section.tag) == "selections":
                out += [s for s in section if local(s.tag) == "selection"]
    return out


def _unit(node: Node, sink: Collector) -> Unit:
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
                      roles=set(command), points_per_model=total / models, sink=sink).unit


def load_roster(path: str | Path, *, strict: bool = False) -> Roster:
    """Read a BattleScribe roster and build its units.

    Parameters
    ----------
    path : str or Path
        ``.ros`` or ``.rosz`` file.
    strict : bool
        Raise on the first name the engine does not model or value it
        approximates.

    Returns
    -------
    Roster
    """
    p = Path(path)
    root = read_xml(p, expected=("roster",))
    cost_type = _roster_cost_type(root)
    sink = Collector(str(p), strict=strict)
    units: list[Unit] = []
    for element in _unit_selections(root):
        name = element.get("name", "")
        if element.get("type") != "unit":
            sink.add(name, name, "ignored", f"{element.get('type')} selection (characters are"
                     " not units of the engine)")
            continue
        try:
            units.append(_unit(roster_node(element, cost_type), sink))
        except OddsInputError as exc:
            if strict:
                raise located(exc, str(p), describe(element)) from None
            sink.add(name, describe(element), "ignored", f"cannot import: {exc}")
    total = _total_points(root)
    return Roster(name=root.get("name", p.stem), path=p, units=tuple(units),
                  points=total if total is not None else sum(u.points for u in units),
                  report=sink.report())
