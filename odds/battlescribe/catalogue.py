"""BattleScribe catalogues (``.cat``, ``.catz``) and game systems (``.gst``, ``.gstz``).

A :class:`Catalogue` holds one :class:`UnitEntry` per unit entry
(``selectionEntry`` of type ``unit``, at the top level or shared); each
builds :class:`odds.units.Unit` objects with :meth:`UnitEntry.unit`.  Costs
are read from ``<cost>`` elements of the game system's points cost type
(``puntos`` in MDNR; the type id is taken from a game system file next to the
catalogue when there is one, else every cost counts).
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from odds.armies import army_from_catalogue
from odds.battlescribe.beast_lord import beast_entry, with_beasts
from odds.battlescribe.build import Built, build_unit
from odds.battlescribe.game_system import check_game_system
from odds.battlescribe.report import Collector, ImportReport, located
from odds.battlescribe.rule_texts import lone_models
from odds.battlescribe.selection import (
    COMMAND_ROLES,
    Selection,
    compulsory_roles,
    counted_apart,
    crew_choice,
    crewman_node,
    model_node,
    options,
    regiment,
    select,
    take,
)
from odds.battlescribe.spelling import normalize
from odds.battlescribe.tree import Node, catalogue_node, index_ids, is_model_profile
from odds.battlescribe.xmlsafe import describe, local, peek_root, read_xml
from odds.units import Profile, Unit
from odds.validation import OddsInputError, integer

__all__ = ["Catalogue", "UnitEntry", "load_catalogue", "points_cost_type"]

CommandSpec = str | Iterable[str] | None

BELOW_MINIMUM = "below_minimum"
"""Import note of a unit smaller than its entry's minimum size (a unit that has lost models:
allowed, and said in every warning)."""

DEFAULT_FILES = 5
"""Frontage when none is given: ``min(5, models)``."""


def points_cost_type(game_system: Element) -> str | None:
    """Id of the points cost type of a game system (name ``pts``/``puntos``...), or None."""
    for cost_type in game_system.iter():
        if local(cost_type.tag) == "costType":
            if normalize(cost_type.get("name", "")) in ("pts", "puntos", "points", "pt"):
                return cost_type.get("id")
    return None


def command_roles(command: CommandSpec, where: str = "command") -> set[str]:
    """``None``/``"none"`` → no command, ``"full"`` → all three, or an iterable of roles."""
    if command is None or command == "none":
        return set()
    if command == "full":
        return set(COMMAND_ROLES)
    items = [command] if isinstance(command, str) else list(command)
    roles = set()
    for item in items:
        if item not in COMMAND_ROLES:
            raise OddsInputError(
                f"{where}: must be 'full', 'none' or some of {', '.join(COMMAND_ROLES)}"
                f" (got {item!r})"
            )
        roles.add(item)
    return roles


@dataclass(frozen=True, eq=False)
class UnitEntry:
    """A unit entry of a catalogue, with its defaults imported.

    Attributes
    ----------
    name : str
        The entry's name as in the file.
    points_per_model : float
        The default unit's price over its models (default equipment, the
        cheapest option of a compulsory choice, per-unit costs shared out).
    troop_type : str
        One of :data:`odds.rules.TROOP_TYPES`.
    unit_strength : int
        Unit strength per model as the engine computes it (RULES.md §2.3).
    profile : Profile
        Rank-and-file profile (English letters; see :mod:`odds.battlescribe.profiles`).
    min_models, max_models : int or None
        Size limits from the model entry's constraints (None = not given); a
        Beastmaster's (:mod:`odds.battlescribe.beast_lord`): he and his beasts'
        entry's minimum and maximum.
    options : tuple of str
        Names of the upgrades that :meth:`unit` accepts.
    default_unit : Unit
        The unit at its default size with the default equipment and the command models
        the catalogue makes compulsory.
    army : str
        The catalogue's army tag (:mod:`odds.armies`; ``""`` = not known).
    """

    name: str
    points_per_model: float
    troop_type: str
    unit_strength: int
    profile: Profile
    min_models: int | None
    max_models: int | None
    options: tuple[str, ...]
    default_unit: Unit = field(repr=False)
    _node: Node = field(repr=False)
    _source: str = field(repr=False)
    _strict: bool = field(repr=False, default=False)
    army: str = ""

    @property
    def default_models(self) -> int:
        """Default size: the minimum, else 1 for single models, else 10."""
        if self.min_models:
            return self.min_models
        return 1 if self.max_models in (None, 1) else 10

    def unit(self, *, models: int | None = None, files: int | None = None,
             command: CommandSpec = None, upgrades: Iterable[str] = (),
             report: list | None = None) -> Unit:
        """Build a unit from this entry.

        Parameters
        ----------
        models : int, optional
            Size; default :attr:`default_models`.  At most ``max_models``
            when the catalogue gives it; fewer than ``min_models`` (a unit
            that has lost models) is allowed and noted in the unit's
            ``import_notes`` (its :attr:`~odds.units.Unit.warning` says so).
            A Beastmaster's unit counts him and his beasts, within
            ``[min_models, max_models]`` (Elfos Silvanos "Señor de las bestias
            (osos salvajes)": 2 or 3, one or two bears).  A small machine's
            (Enanos "Lanzafuegos") is its dwarfs, exactly ``min_models``.
        files : int, optional
            Frontage; default ``min(5, models)`` (a Beastmaster's unit: all its models).
        command : None, "none", "full" or iterable of str
            Command models: ``None`` = the catalogue's default (the command
            models its ``Grupo de mando`` makes compulsory, usually none),
            ``"none"`` = none at all, ``"full"`` = every one the unit can take,
            or some of ``"champion"``, ``"standard"``, ``"musician"`` (with the
            compulsory ones).
        upgrades : iterable of str
            Option names (:attr:`options`; accent/case-insensitive).
        report : list, optional
            If given, the import report items of this build are appended.

        Returns
        -------
        Unit

        Raises
        ------
        OddsInputError
            ``models`` above ``max_models``, a Beastmaster's outside his range, or
            a small machine's not its dwarfs.
        """
        where = f"{self._source}: {self.name}: "
        n = integer("models", models, low=1, high=1000) if models is not None else \
            self.default_models
        beasts = beast_entry(self._node) if self.default_unit.has("beast_lord") else None
        if beasts is not None and not (self.min_models or 1) <= n <= (self.max_models or n):
            raise OddsInputError(
                f"{where}models: must be in [{self.min_models}, {self.max_models}] for this"
                f" entry, the lord and his {beasts.name} (got {n})")
        if self.max_models and n > self.max_models:
            raise OddsInputError(
                f"{where}models: must be in [1, {self.max_models}] for this entry (got {n})"
            )
        f = integer("files", files, low=1, high=100) if files is not None else min(
            DEFAULT_FILES, n)
        roles = command_roles(command)
        if command == "full":
            roles = {r for r in roles if r in select(self._node).command}
        if command != "none":
            roles |= compulsory_roles(self._node)
        ups = [upgrades] if isinstance(upgrades, str) else list(upgrades)
        sink = Collector(self._source, strict=self._strict)
        sel = _select_paid(self._node, ups, where, sink, self.name)
        size, front = (n, f) if beasts is None else (1, 1)  # a Beastmaster: the lord first
        if self.default_unit.has("small_machine"):  # one machine, built as its operator
            if n != self.min_models:
                raise OddsInputError(f"{where}models: one machine and its crew, the"
                                     f" {self.min_models} dwarfs (got {n})")
            size, front = 1, 1
        each, once = _prices(sel, size)
        built = build_unit(sel, name=self.name, models=size, files=front, roles=roles,
                           points_per_model=each, sink=sink, compare_save=not ups,
                           army=self.army)
        if report is not None:
            report.extend(sink.items)
        unit = built.unit.replace(points_per_unit=built.unit.points_per_unit + once)
        if beasts is not None:
            unit = _with_beasts(unit, sel, beasts, n - 1)
        if self.min_models and n < self.min_models:
            note = (f"{BELOW_MINIMUM}: {n} models, below the catalogue's minimum of "
                    f"{self.min_models}")
            unit = unit.replace(import_notes=(*unit.import_notes, note))
        return unit


_COMPULSORY = "es obligatorio elegir"
"""How an MDNR entry that obliges a unit to buy one of its options begins (O&G "Goblins":
"Es obligatorio elegir algún arma, arma de proyectiles, armadura o escudo extra")."""

_LINK_WORDS = frozenset({"de", "del", "la", "el", "y", "o", "u", "a"})


def _words(key: str) -> set[str]:
    """The words of a normalized name, singular (a trailing ``s`` dropped), no link words."""
    return {w[:-1] if w.endswith("s") else w for w in re.findall(r"[a-z]+", key)} - _LINK_WORDS


def compulsory_choice(sel: Selection) -> Node | None:
    """The cheapest option that satisfies an unmet "Es obligatorio elegir ..." entry.

    The entry names the kinds of option one of which must be bought (``arma``,
    ``arma de proyectiles``, ``armadura``, ``escudo``); each names the option
    groups whose words it holds.  The choice is met when a paid option of
    such a group is taken; else the answer is the cheapest option of those
    groups (the first in file order among equals).  None when the unit has
    no such entry or meets it.
    """
    marker = next((n for n in sel.taken if n.key.startswith(_COMPULSORY)), None)
    if marker is None:
        return None
    wanted = _words(marker.key[len(_COMPULSORY):])
    root = sel.model if sel.model is not None else sel.unit
    groups = [g for g in root.walk() if g.kind == "group" and _words(g.key)
              and _words(g.key) <= wanted]
    members = [m for g in groups for m in g.children if m.kind != "group"]
    taken = {id(n) for n in sel.taken}
    if any(id(m) in taken and m.cost > 0 for m in members):
        return None
    options_left = [m for m in members if id(m) not in taken and m.cost > 0]
    return min(options_left, key=lambda m: m.cost, default=None)


def _select_paid(node: Node, upgrades: list[str], where: str, sink: Collector,
                 name: str) -> Selection:
    """:func:`select` with an unmet compulsory choice filled by its cheapest option (noted)."""
    sel = select(node, upgrades, where=where)
    for crew in crew_choice(sel):  # "Elección de dotación": the cheapest crew (its rule's note)
        take(sel, crew)
    pick = compulsory_choice(sel)
    if pick is None:
        return sel
    sink.add(name, pick.name, "note", f"the entry obliges the unit to buy one of its options; "
             f"the cheapest, {pick.name} ({pick.cost:g} points a model), is taken (name another "
             f"with upgrades=)")
    try:
        return select(node, [*upgrades, pick.name], where=where)
    except OddsInputError:  # not selectable by name (an entry named "... (Con Estandarte
        take(sel, pick)     # mágico)" reads as a magic allowance): taken as it is
        return sel


def _prices(sel: Selection, models: int) -> tuple[float, float]:
    """``(points_per_model, points_per_unit)`` of ``models`` models of ``sel``.

    A unit costs its entry, plus, per model, its model entry and everything
    taken under the model entry (a model's weapons, armour and mount are
    selected once per model), plus everything taken elsewhere in the unit
    once per selection (a per-unit upgrade such as Bretonia's "Braseros" or a
    mark of Chaos bought for the unit once; a second kind of model its
    minimum times, :func:`selections`).  A fixed-price regiment
    (:func:`~odds.battlescribe.selection.regiment`) costs its entry (and what
    is taken) for its base size plus the additional models' price each
    beyond it, all as a price per model.
    """
    reg = regiment(sel.unit)
    if reg is None:
        return _split_costs(sel)
    count = selections(sel)
    fixed = sel.unit.cost + sum(n.cost * count[id(n)] for n in sel.taken)
    _, size, extra = reg
    each = extra.cost if extra is not None else 0.0
    return (fixed + max(0, models - size) * each) / models, 0.0


def selections(sel: Selection) -> dict[int, int]:
    """How many times each entry of ``sel.taken`` is selected in one unit (by ``id``).

    An entry taken by default is selected its minimum number of times, and everything
    under it once per selection of it (BattleScribe's ``min`` selections per parent):
    Reinos del Caos Bestias "Manada de bestias (mixta)" takes "Ungor" (3 points, min 5)
    five times beside its "Gor".  The model entry counts once (its count is the unit's
    size, applied per model by the caller), and so does an entry of no minimum (an upgrade
    the user names: once per selection of the entries above it).  Groups only choose among
    their members: they do not count.
    """
    parents: dict[int, Node] = {}
    for node in sel.unit.walk():
        for child in node.children:
            parents[id(child)] = node
    out: dict[int, int] = {}
    for node in sel.taken:
        count, link = 1, node
        while link is not sel.unit and link is not None:
            if link is not sel.model and link.kind != "group":
                count *= max(1, link.low or 0)
            link = parents.get(id(link))
        out[id(node)] = count
    return out


def _points_per_model(sel: Selection, models: int = 1) -> float:
    """The whole price of ``models`` models of ``sel`` over ``models``."""
    each, once = _prices(sel, models)
    return each + once / models


def _split_costs(sel: Selection) -> tuple[float, float]:
    """``(per model, per unit)`` costs of what ``sel`` takes (the model entry's are per model).

    Each taken entry costs its price times its :func:`selections`.  An entry without a
    model entry (a monster, a chariot: one model) costs all per model; when nothing it
    takes has a profile, the option whose profiles the unit fights with
    (:mod:`odds.battlescribe.profiles`: O&G "Rebaño de garrapatos" fights as its "Pastores
    de garrapatos") is priced with it.
    """
    carried = 0.0
    # a war machine's crewman of his own profile (selection.crewman_node) is priced as the
    # command model he is (Command.champion_points), not with the machine
    crewman = crewman_node(sel.unit)
    taken = [n for n in sel.taken if crewman is None or n is not crewman]
    if not sel.unit.profiles and not any(n.profiles for n in taken):
        carrier = next((n for n in sel.unit.walk()[1:] if n.profiles
                        and not n.key.startswith("grupo de mando")), None)
        carried = carrier.cost if carrier is not None else 0.0
    count = selections(sel)
    if sel.model is None:
        return sel.unit.cost + sum(n.cost * count[id(n)] for n in taken) + carried, 0.0
    per_model = {id(x) for x in sel.model.walk()}
    each = sum(n.cost * count[id(n)] for n in taken if id(n) in per_model)
    once = sel.unit.cost + sum(n.cost * count[id(n)] for n in taken if id(n) not in per_model)
    return each + carried, once


def _with_beasts(unit: Unit, sel: Selection, entry: Node, beasts: int) -> Unit:
    """A Beastmaster's ``unit`` (built with ``entry``'s minimum of beasts) with ``beasts``.

    Elfos Silvanos "Señor de las bestias (jabalíes)": 80 points and "Jabalíes" 12 points
    each (min 1, max 2); two boars cost 80 + 2 x 12.  A beast's price is its entry's and
    what is taken under it (:func:`selections`).
    """
    count = selections(sel)
    inside = {id(x) for x in entry.walk()}
    herd = sum(n.cost * count[id(n)] for n in sel.taken if id(n) in inside)
    each = herd / max(1, entry.low or 0)
    price = unit.points + (beasts - max(1, entry.low or 0)) * each
    return with_beasts(unit, beasts, price, each)


def _report_counted_apart(node: Node, sink: Collector) -> None:
    """Report a unit whose models are counted by several priced entries of no bounded size.

    Elfos Oscuros "Guardia de la ciudad": a front rank of "Ballesteros elfos oscuros
    (primera fila)" and "Lanceros elfos oscuros" behind, each bought by the model; no one
    entry sizes the unit, so the import builds one model and says so (a note: the rules of
    the unit are modelled; its size and points come from ``models=`` and the entries chosen).
    """
    counted = [c.name for c in counted_apart(node)]
    if counted:
        sink.add(node.name, node.name, "note",
                 "models counted by several entries (" + ", ".join(counted)
                 + "): imported as one model; give its size with models=")


def _entry(node: Node, source: str, sink: Collector, strict: bool, army: str) -> UnitEntry:
    sel = _select_paid(node, [], "", sink, node.name)
    model = model_node(node)
    low = model.low if model is not None else None
    high = model.high if model is not None else None
    reg = regiment(node)
    if reg is not None:  # a fixed-price regiment: its base size, plus additional models
        _, low, extra = reg
        high = low + extra.high if extra is not None and extra.high is not None else (
            None if extra is not None else low)
    if lone_models(node):
        low = high = 1
    n = low or (1 if high in (None, 1) else 10)
    if model is None and reg is None:
        _report_counted_apart(node, sink)
    each, once = _prices(sel, n)
    built: Built = build_unit(sel, name=node.name, models=n, files=min(DEFAULT_FILES, n),
                              roles=compulsory_roles(node), points_per_model=each, sink=sink,
                              army=army)
    unit = built.unit.replace(points_per_unit=built.unit.points_per_unit + once)
    beasts = beast_entry(node) if unit.has("beast_lord") else None
    if beasts is not None:  # a Beastmaster, built as one model: sized with his beasts
        unit = _with_beasts(unit, sel, beasts, beasts.low or 1)
        low, n = 1 + (beasts.low or 1), 1 + (beasts.low or 1)
        high = None if beasts.high is None else 1 + beasts.high
    if unit.has("small_machine"):  # one machine: its dwarfs (small_machine)
        low = high = n = unit.models
    return UnitEntry(
        name=node.name, points_per_model=unit.points_per_model + unit.points_per_unit / n,
        troop_type=unit.troop_type,
        unit_strength=unit.unit_strength_per_model, profile=unit.profile, min_models=low,
        max_models=high, options=tuple(o.name for o in options(node)), default_unit=unit,
        _node=node, _source=source, _strict=strict, army=army,
    )


@dataclass(frozen=True, eq=False)
class Catalogue:
    """A BattleScribe catalogue's unit entries.

    Attributes
    ----------
    name : str
        The catalogue's name (``MDNR Imperio``).
    path : Path
        The file read.
    entries : tuple of UnitEntry
        Unit entries in file order (a repeated name is kept once, reported).
    report : ImportReport
        What the import of the entries' defaults ignored or approximated.
    """

    name: str
    path: Path
    entries: tuple[UnitEntry, ...]
    report: ImportReport

    @property
    def names(self) -> tuple[str, ...]:
        """Entry names, in file order."""
        return tuple(e.name for e in self.entries)

    def entry(self, name: str) -> UnitEntry:
        """The entry named ``name``: accent- and case-insensitive, or a unique prefix.

        Long MDNR entry names carry their army-building notes
        (``"Barbaslargas (solo si hay guerreros enanos o señor de los
        enanos)"``); a prefix of the name that only one entry starts with
        (``"Barbaslargas"``) names that entry.

        Raises
        ------
        OddsInputError
            Unknown or ambiguous name; the message lists close matches.
        """
        key = normalize(str(name))
        for e in self.entries:
            if normalize(e.name) == key:
                return e
        starting = [e for e in self.entries if key and normalize(e.name).startswith(key)]
        if len(starting) == 1:
            return starting[0]
        if len(starting) > 1:
            raise OddsInputError(
                f"{self.path}: {name!r} starts several unit entries:"
                f" {', '.join(e.name for e in starting[:6])}; give more of the name"
            )
        keys = {normalize(e.name): e.name for e in self.entries}
        close = [keys[k] for k in difflib.get_close_matches(key, list(keys), n=5, cutoff=0.5)]
        close += [e.name for e in self.entries if key and key in normalize(e.name)
                  and e.name not in close]
        hint = f"; close matches: {', '.join(close[:6])}" if close else ""
        raise OddsInputError(f"{self.path}: no unit entry named {name!r}{hint}")

    def unit(self, name: str, *, models: int | None = None, files: int | None = None,
             command: CommandSpec = None, upgrades: Iterable[str] = (),
             report: list | None = None) -> Unit:
        """The unit built from entry ``name``: ``self.entry(name).unit(...)``.

        See :meth:`UnitEntry.unit` for the parameters.
        """
        return self.entry(name).unit(models=models, files=files, command=command,
                                     upgrades=upgrades, report=report)


def _game_system(path: Path, root: Element) -> Element | None:
    """The game system of a catalogue, from the same folder, or None.

    The one whose id the catalogue names (``gameSystemId``); else, when the folder holds a
    single game system, that one: a data set written by other hands may give its game
    system another id than its catalogues name (whether it is MDNR's is then read from its
    name, :func:`~odds.battlescribe.game_system.check_game_system`).
    """
    if local(root.tag) == "gameSystem":
        return root
    wanted = root.get("gameSystemId")
    systems = []
    for candidate in sorted(path.parent.glob("*.gst*")):
        if candidate.suffix.lower() not in (".gst", ".gstz"):
            continue
        head = peek_root(candidate)  # read a game system whole only if its id is the one named
        if head is None or local(head.tag) != "gameSystem":
            continue
        systems.append(candidate)
        if wanted is not None and head.get("id") != wanted:
            continue
        system = _read_system(candidate)
        if system is not None and (wanted is None or system.get("id") == wanted):
            return system
    return _read_system(systems[0]) if len(systems) == 1 else None


def _read_system(path: Path) -> Element | None:
    """A game system file read whole, or None when it cannot be read."""
    try:
        return read_xml(path, expected=("gameSystem",))
    except OddsInputError:
        return None


def _linked_costs(root: Element, cost_type: str | None) -> dict[str, float]:
    """Cost of the option that brings a shared entry in, by the shared entry's id.

    Some units cost nothing on their own entry: the price is on the option that
    links them (MDNR Imperio "Altar de Sigmar": 75 points on the "Altar de Sigmar"
    upgrade of the Archlector, whose ``entryLink`` points at the shared unit).
    """
    out: dict[str, float] = {}
    for e in root.iter():
        if local(e.tag) != "selectionEntry":
            continue
        links = [x for sec in e if local(sec.tag) == "entryLinks" for x in sec
                 if local(x.tag) == "entryLink"]
        if not links:
            continue
        cost = 0.0
        for sec in e:
            if local(sec.tag) == "costs":
                for c in sec:
                    if local(c.tag) == "cost" and cost_type in (None, c.get("typeId")):
                        try:
                            cost += float(c.get("value", "0"))
                        except ValueError:
                            continue
        if cost > 0 and math.isfinite(cost):
            for x in links:
                out.setdefault(x.get("targetId", ""), cost)
    return out


def _monster_models(root: Element) -> list[Element]:
    """Top-level ``type="model"`` entries of a monster, in a catalogue with no unit entries.

    MDNR Monstruos Arcanos holds only such entries (Basilisco, the dragons, the
    elementals: ``Tipo`` "Monstruo"), each fielded on its own "como una opción de unidad
    Singular" (Mercenarios "Monstruo arcano").  Elsewhere ``type="model"`` entries are
    characters (``Tipo`` "Personaje", or vampires printed "Infantería"), so only a
    catalogue without any ``type="unit"`` entry is read this way, and only monsters.
    """
    out = []
    for section in root:
        if local(section.tag) != "selectionEntries":
            continue
        for e in section:
            if local(e.tag) != "selectionEntry" or e.get("type") != "model":
                continue
            tipo = [c.text or "" for sec in e if local(sec.tag) == "profiles" for p in sec
                    if is_model_profile(p) for cs in p for c in cs
                    if normalize(c.get("name", "")) == "tipo"]
            if tipo and normalize(tipo[0].split(",")[0]) == "monstruo":
                out.append(e)
    return out


_FIGHTING = frozenset(normalize(c) for c in ("M", "HA", "F", "R", "H", "I", "A", "L"))


def _placeholder(element: Element) -> bool:
    """Whether a unit entry is a placeholder: its model profiles print no characteristic.

    MDNR Elfos Oscuros Incursores de Naggaroth and Patrulla de Vigilancia list a
    "Mercenarios" entry (0 points, one "Modelo" profile whose M, HA, F, R, H, I, A and L are
    blank, ``Tipo`` "Infantería, Mercenarios") with the rule "Mercenarios": "Como Unidad
    Singular sólo puedes incluir Mercenarios" / "Puedes incluir Mercenarios": it stands for
    the units hired from the Mercenarios book, not for models of its own.
    """
    profiles = [p for sec in element if local(sec.tag) == "profiles" for p in sec
                if is_model_profile(p)]
    return bool(profiles) and all(
        not (c.text or "").strip() for p in profiles for cs in p for c in cs
        if normalize(c.get("name", "")) in _FIGHTING)


def load_catalogue(path: str | Path, *, strict: bool = False) -> Catalogue:
    """Read a BattleScribe catalogue or game system and import its unit entries.

    Parameters
    ----------
    path : str or Path
        ``.cat``, ``.catz``, ``.gst`` or ``.gstz`` file.
    strict : bool
        Raise :class:`~odds.validation.OddsInputError` on the first name the
        engine does not model or value it approximates (the report's
        ``ignored`` and ``approximated`` items), here and in
        :meth:`UnitEntry.unit`.

    Returns
    -------
    Catalogue
    """
    p = Path(path)
    root = read_xml(p, expected=("catalogue", "gameSystem"))
    source = str(p)
    system = _game_system(p, root)
    if local(root.tag) == "gameSystem":
        check_game_system(p, "game system", root.get("id"), root.get("name"))
    else:
        check_game_system(p, "catalogue", root.get("gameSystemId"),
                          None if system is None else system.get("name"))
    cost_type = None if system is None else points_cost_type(system)
    # the catalogue's own elements first, then the game system's (rules and profiles the
    # catalogue links: gst "Piel escamosa", "Armadura ligera"...)
    ids = index_ids(root) if system is None or system is root else index_ids(root, system)
    sink = Collector(source, strict=strict)
    elements: list[Element] = []
    for section in root:
        if local(section.tag) in ("selectionEntries", "sharedSelectionEntries"):
            elements += [e for e in section
                         if local(e.tag) == "selectionEntry" and e.get("type") == "unit"]
    monsters = [] if elements else _monster_models(root)
    elements += monsters
    entries: list[UnitEntry] = []
    army = army_from_catalogue(root.get("name", ""))
    linked = _linked_costs(root, cost_type)
    seen: set[str] = set()
    for element in elements:
        name = element.get("name", "")
        if normalize(name) in seen:
            sink.add(name, name, "note", "a second unit entry with this name; the first is kept")
            continue
        seen.add(normalize(name))
        if _placeholder(element):
            sink.add(name, name, "note", "no unit: a placeholder whose model profile prints no"
                     " characteristic (the units it stands for are other books' entries)")
            continue
        try:
            node = catalogue_node(element, ids, cost_type)
            if _points_per_model(select(node)) == 0 and node.id in linked:
                node.cost = linked[node.id]
                sink.add(name, name, "note", f"no cost on the entry; {node.cost:g} points from"
                         " the option that links it")
            entries.append(_entry(node, source, sink, strict, army))
            if entries[-1].default_unit.points == 0:
                sink.add(name, name, "note", "the catalogue prices this entry at 0 points;"
                         " its matchups per point are not meaningful")
            if element in monsters:
                sink.add(name, name, "note", "a one-model unit from a type='model' entry"
                         " (Mercenarios 'Monstruo arcano': 'como una opción de unidad"
                         " Singular')")
        except OddsInputError as exc:
            if strict:
                raise located(exc, source, describe(element)) from None
            sink.add(name, describe(element), "ignored", f"cannot import: {exc}")
    return Catalogue(name=root.get("name", p.stem), path=p, entries=tuple(entries),
                     report=sink.report())
