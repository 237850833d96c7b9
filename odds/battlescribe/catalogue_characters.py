"""The characters of a catalogue: its top-level ``type="model"`` entries as :class:`Character`.

A catalogue lists its characters (``Tipo`` "Personaje": Capitán imperial, Gran jefe
orco...) as ``type="model"`` selection entries beside its units.  Each is built
as a roster's character selection is (:func:`odds.battlescribe.character.character_from_selection`)
from the entry's defaults (:func:`odds.battlescribe.selection.select`: the
compulsory and default options), so a character picked
from the army book on the page fights as the same character in a roster does.
A catalogue read as a list of monsters (Monstruos Arcanos: no unit entries,
:func:`odds.battlescribe.catalogue.load_catalogue`) offers none.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from odds.armies import army_from_catalogue
from odds.battlescribe.catalogue import _game_system, points_cost_type
from odds.battlescribe.character import character_from_selection
from odds.battlescribe.report import Collector, ImportReport
from odds.battlescribe.selection import options, select
from odds.battlescribe.spelling import normalize
from odds.battlescribe.tree import Node, catalogue_node, index_ids, is_model_profile
from odds.battlescribe.xmlsafe import local, read_xml
from odds.characters import Character
from odds.validation import OddsInputError

__all__ = ["CharacterEntry", "catalogue_characters"]

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
    """

    name: str
    default: Character
    options: tuple[str, ...]
    report: ImportReport


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
        out.append(CharacterEntry(name=name, default=default,
                                  options=tuple(o.name for o in options(node)),
                                  report=sink.report()))
    return tuple(out)


