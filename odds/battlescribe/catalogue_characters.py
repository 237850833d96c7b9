"""The characters of a catalogue: its top-level ``type="model"`` entries as :class:`Character`.

A catalogue lists its characters (``Tipo`` "Personaje": Capitán imperial, Gran jefe
orco...) as ``type="model"`` selection entries beside its units.  Each is built
as a roster's character selection is (:func:`odds.battlescribe.character.character_from_selection`)
from the entry's defaults (:func:`odds.battlescribe.selection.select`: the
compulsory and default options), so a character picked
from the army book on the page fights as the same character in a roster does.
A catalogue read as a list of monsters (Monstruos Arcanos: no unit entries,
:func:`odds.battlescribe.catalogue.load_catalogue`) offers none.

:meth:`CharacterEntry.build` takes the entry's options by name as a unit entry's
upgrades are taken (weapons, armour, mounts, the battle standard), and its magic
items within the book's own limit: the points limit the catalogue sets on the
entry's magic-item allowance (``Objetos mágicos``: 50 points for a hero, 100 for
a lord in MDNR Imperio).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from odds.armies import army_from_catalogue
from odds.battlescribe.catalogue import _game_system, points_cost_type
from odds.battlescribe.character import character_from_selection
from odds.battlescribe.no_effect_names import STRUCTURAL_NAMES
from odds.battlescribe.report import Collector, ImportReport
from odds.battlescribe.selection import _defaults, _excluded, _parents, options, select
from odds.battlescribe.spelling import normalize
from odds.battlescribe.tree import Node, catalogue_node, index_ids, is_model_profile
from odds.battlescribe.values import parse_limit
from odds.battlescribe.xmlsafe import local, read_xml
from odds.characters import Character
from odds.validation import OddsInputError

__all__ = ["CharacterEntry", "CharacterOption", "catalogue_character", "catalogue_characters",
           "character_from_spec"]

_JOINING = ("personaje", "infanteria", "caballeria")
"""How the printed ``Tipo`` of a character who can join a unit begins (normalised): the
catalogues' ``type="model"`` entries also hold monsters, chariots, war machines and
scenery ("Gigante", "Karro de jabalíes orco", "Kareto de Gorko"), which join no unit."""


def _joins_units(element) -> bool:
    """Whether a ``type="model"`` entry's printed ``Tipo`` is one of :data:`_JOINING`."""
    tipo = [c.text or "" for sec in element if local(sec.tag) == "profiles" for p in sec
            if is_model_profile(p) for cs in p for c in cs
            if normalize(c.get("name", "")) == "tipo"]
    return bool(tipo) and normalize(tipo[0]).startswith(_JOINING)


@dataclass(frozen=True)
class CharacterOption:
    """One option of a character entry, as a player picks it.

    Attributes
    ----------
    name : str
        The option's name as in the file (what :meth:`CharacterEntry.build` takes).
    group : str
        The group or entry it is chosen in (``Armadura``, ``Montura``, ``Talismanes``).
    points : float
        Its cost.
    magic : bool
        A magic item, paid from the entry's magic-item allowance.
    """

    name: str
    group: str
    points: float
    magic: bool = False


@dataclass(frozen=True, eq=False)
class CharacterEntry:
    """A character entry of a catalogue, with its defaults built.

    Attributes
    ----------
    name : str
        The entry's name as in the file.
    default : Character
        The character with the entry's default (and compulsory) options.
    options : tuple of str
        Names of the entry's options (not taken: the character has its defaults).
    report : ImportReport
        What the build of the default character ignored or approximated.
    choices : tuple of CharacterOption
        Every option a player can pick, magic items included, in file order.
    magic_limit : float or None
        Most points of magic items the entry may take (None: no magic items).
    """

    name: str
    default: Character
    options: tuple[str, ...]
    report: ImportReport
    choices: tuple[CharacterOption, ...] = ()
    magic_limit: float | None = None
    _node: Node | None = field(default=None, repr=False)
    _limits: dict[int, float] = field(default_factory=dict, repr=False)
    _source: str = field(default="", repr=False)
    _army: str = field(default="", repr=False)

    def build(self, upgrades: Iterable[str] = ()) -> tuple[Character, ImportReport]:
        """The character with the named options taken (accents and case ignored).

        An option in an exclusive group replaces the group's other choice (a lance
        replaces the hand weapon); an option found in several places is taken where it
        costs least to reach (the captain's heavy armour without making him the battle
        standard bearer).  Magic items are taken within the entry's allowance.

        Raises
        ------
        OddsInputError
            ``upgrades: ...``: a name that is not an option of the entry (the options
            are listed), or magic items over the entry's points limit.
        """
        if self._node is None:
            raise OddsInputError(f"upgrades: {self.name!r} takes no options here")
        taken = _take_options(self._node, list(upgrades), self._limits)
        sink = Collector(self._source)
        built = character_from_selection(_taken(self._node, {id(n) for n in taken}), sink,
                                         self._army)
        return built.replace(notes="imported from a BattleScribe catalogue"), sink.report()


def _magic(node: Node, parents: dict[int, Node | None], root: Node) -> Node | None:
    """The magic-item allowance ``node`` is bought from (an ancestor named ``...magic...``)."""
    parent = parents.get(id(node))
    found = None
    while parent is not None and parent is not root:
        if "magic" in parent.key:
            found = parent if found is None or parent.kind == "group" else found
        parent = parents.get(id(parent))
    return found


def _chain(node: Node, parents: dict[int, Node | None], root: Node) -> list[Node]:
    chain = [node]
    parent = parents.get(id(node))
    while parent is not None and parent is not root:
        chain.append(parent)
        parent = parents.get(id(parent))
    return list(reversed(chain))


def _choosable(n: Node, parents: dict[int, Node | None], root: Node) -> bool:
    """An option a player picks: an entry (not a group), neither structural nor a command."""
    if n.kind == "group" or n.key in STRUCTURAL_NAMES or "magic" in n.key:
        return False
    chain = _chain(n, parents, root)
    if _magic(n, parents, root) is not None:
        return n.kind != "link"
    return not any(_excluded(x) for x in chain)


def _take_options(root: Node, upgrades: list[str], limits: dict[int, float]) -> list[Node]:
    parents = _parents(root)
    taken = list(select(root).taken)
    nodes = root.walk()[1:]
    for name in upgrades:
        key = normalize(str(name))
        candidates = [n for n in nodes if n.key == key and _choosable(n, parents, root)]
        if not candidates:
            names = ", ".join(dict.fromkeys(o.name for o in character_options(root)[0]))
            raise OddsInputError(f"upgrades: {name!r} is not an option of {root.name!r}; "
                                 f"options: {names or 'none'}")
        if any(n in taken for n in candidates):
            continue

        def reach(n: Node, taken: list[Node] = taken) -> tuple[float, int]:
            fresh = [x for x in _chain(n, parents, root)[:-1] if x not in taken]
            return (sum(x.cost for x in fresh), nodes.index(n))

        node = min(candidates, key=reach)
        for link in _chain(node, parents, root):
            if link in taken or link.kind == "group":
                continue
            group = parents.get(id(link))
            if group is not None and group.kind == "group" and group.high is not None:
                in_group = [m for m in group.children if m in taken]
                while len(in_group) + 1 > group.high and in_group:
                    drop = in_group.pop()
                    dropped = {id(x) for x in drop.walk()}
                    taken = [t for t in taken if id(t) not in dropped]
            taken.append(link)
        extra: list[Node] = []
        _defaults(node, extra)
        taken += [e for e in extra if e not in taken]
    spent: dict[int, float] = {}
    for n in taken:
        allowance = _magic(n, parents, root)
        if allowance is not None and n.kind != "link":
            spent[id(allowance)] = spent.get(id(allowance), 0.0) + n.cost * max(n.number, 1)
    for key, points in spent.items():
        limit = limits.get(key)
        if limit is not None and points > limit + 1e-9:
            raise OddsInputError(f"upgrades: the magic items cost {points:g} points; "
                                 f"{root.name.strip()!r} may take at most {limit:g}")
    return taken


def character_options(root: Node) -> tuple[list[CharacterOption], list[Node]]:
    """The options of a character entry (one per name) and its magic-item allowances.

    An allowance is the group (or entry) named ``...mágic...`` a magic item is bought
    from, the innermost group when they nest; the catalogue writes its points limit there.
    """
    parents = _parents(root)
    defaults = {id(n) for n in select(root).taken}
    out: dict[str, CharacterOption] = {}
    allowances: list[Node] = []
    for n in root.walk()[1:]:
        allowance = _magic(n, parents, root)
        if allowance is not None and allowance not in allowances:
            allowances.append(allowance)
        if id(n) in defaults or not _choosable(n, parents, root) or n.key in out:
            continue
        parent = parents.get(id(n))
        group = parent.name if parent is not None and parent is not root else ""
        out[n.key] = CharacterOption(n.name, group.strip(), float(n.cost),
                                     _magic(n, parents, root) is not None)
    return list(out.values()), allowances


def _points_limit(element, cost_type: str | None) -> float | None:
    """The ``max`` points constraint written on ``element`` itself, if any."""
    if element is None or cost_type is None:
        return None
    for section in element:
        if local(section.tag) != "constraints":
            continue
        for c in section:
            if c.get("field") == cost_type and c.get("type") == "max":
                value = parse_limit(c.get("value", ""))
                if value is not None and value >= 0:  # -1: BattleScribe's "no limit"
                    return float(value)
    return None


def _taken(node: Node, taken: set[int]) -> Node:
    """``node`` with only the taken entries under it, groups dissolved (as a roster holds them)."""
    kids: list[Node] = []
    for child in node.children:
        if child.kind == "group":
            kids += _taken(child, taken).children
        elif id(child) in taken:
            kids.append(_taken(child, taken))
    return replace(node, children=kids)


def _build(node: Node, sink: Collector, army: str) -> Character:
    sel = select(node)
    built = character_from_selection(_taken(node, {id(n) for n in sel.taken}), sink, army)
    return built.replace(notes="imported from a BattleScribe catalogue")


def catalogue_characters(path: str | Path) -> tuple[CharacterEntry, ...]:
    """The character entries of a catalogue (``.cat``/``.catz``), in file order.

    An entry the engine cannot build (no profile...) is left out; a repeated name is
    kept once.

    Parameters
    ----------
    path : str or Path
        The catalogue file.

    Returns
    -------
    tuple of CharacterEntry
    """
    p = Path(path)
    root = read_xml(p, expected=("catalogue",))
    system = _game_system(p, root)
    cost_type = None if system is None else points_cost_type(system)
    ids = index_ids(root) if system is None else index_ids(root, system)
    army = army_from_catalogue(root.get("name", ""))
    elements = [e for section in root if local(section.tag) == "selectionEntries"
                for e in section
                if local(e.tag) == "selectionEntry" and e.get("type") == "model"
                and _joins_units(e)]
    if not any(e.get("type") == "unit" for section in root
               if local(section.tag) in ("selectionEntries", "sharedSelectionEntries")
               for e in section):
        return ()  # a catalogue of monsters fielded as units (Monstruos Arcanos)
    out: list[CharacterEntry] = []
    seen: set[str] = set()
    for element in elements:
        name = element.get("name", "")
        if normalize(name) in seen:
            continue
        try:
            node = catalogue_node(element, ids, cost_type)
            sink = Collector(str(p))
            default = _build(node, sink, army)
        except OddsInputError:
            continue  # not a character of the engine (described by its import report)
        seen.add(normalize(name))
        choices, allowances = character_options(node)
        limits = {id(g): lim for g in allowances
                  if (lim := _points_limit(ids.get(g.id), cost_type)) is not None}
        out.append(CharacterEntry(name=name, default=default,
                                  options=tuple(o.name for o in options(node)),
                                  report=sink.report(), choices=tuple(choices),
                                  magic_limit=max(limits.values(), default=None),
                                  _node=node, _limits=limits, _source=str(p), _army=army))
    return tuple(out)




@lru_cache(maxsize=8)
def _entries(path: str, stamp: tuple[int, int]) -> tuple[CharacterEntry, ...]:
    return catalogue_characters(path)


def catalogue_character(path: str | Path, name: str,
                        upgrades: Iterable[str] = ()) -> Character:
    """A catalogue's character by name with the named options taken (:meth:`CharacterEntry.build`).

    Raises
    ------
    OddsInputError
        An unreadable file, a name the catalogue has no character entry for (the
        names are listed), or an option it does not offer.
    """
    p = Path(path)
    try:
        st = p.stat()
    except OSError as exc:
        raise OddsInputError(f"catalogue: cannot read {str(p)!r} "
                             f"({exc.strerror or exc})") from None
    entries = _entries(str(p), (st.st_mtime_ns, st.st_size))
    found = [e for e in entries if normalize(e.name) == normalize(name)]
    if not found:
        names = ", ".join(e.name.strip() for e in entries) or "none"
        raise OddsInputError(f"name: {p.name!r} has no character {name!r}; "
                             f"characters: {names}")
    return found[0].build(upgrades)[0]


def character_from_spec(text: str, base: str | Path | None = None) -> Character:
    """The character a ``PATH.cat:NAME?upgrades=A,B`` spec names (as a unit spec names a unit).

    ``base`` is the folder a relative ``PATH`` is read from (a scenario file's own).
    Only ``upgrades`` may follow the ``?``.
    """
    from odds.battlescribe.spec import parse_spec

    try:
        path, name, kwargs = parse_spec(text)
    except OddsInputError as exc:
        raise OddsInputError("spec:" + str(exc).removeprefix("unit:")) from None
    extra = sorted(set(kwargs) - {"upgrades"})
    if extra:
        raise OddsInputError(f"{extra[0]}: {text!r}: a character takes upgrades= only")
    if base is not None and not path.is_absolute():
        path = Path(base) / path
    return catalogue_character(path, name, kwargs.get("upgrades", ()))
