"""Catalogue and roster XML → one small tree of :class:`Node` the unit builder reads.

A catalogue's ``selectionEntry``/``selectionEntryGroup`` elements and a
roster's ``selection`` elements become the same :class:`Node`: a name, a cost
per item, selection constraints, ``Modelo`` profiles, rule names, the names of
linked (info) profiles and children.  Catalogue ``entryLink`` elements are resolved
to the shared entries or groups they point at (the link's own constraints
and costs win); links to magic-item groups are kept as leaves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from odds.battlescribe.spelling import normalize
from odds.battlescribe.values import parse_cost, parse_count, parse_limit
from odds.battlescribe.xmlsafe import describe, local
from odds.validation import OddsInputError

__all__ = ["CHARACTERISTICS", "Node", "RawProfile", "catalogue_node", "index_ids",
           "is_model_profile", "roster_node"]

MODEL_PROFILE = "Modelo"
"""``typeName`` of MDNR model profiles (the M HA HP F R H I A L TSA Tipo Potencia line)."""

CHARACTERISTICS: tuple[str, ...] = (
    "M", "HA", "HP", "F", "R", "H", "I", "A", "L", "TSA", "Tipo", "Potencia", "TSE", "RM",
    "Fuerza", "Alcance", "Protección", "Salvación por armadura", "Reglas especiales",
    "Propiedades mágicas",
)
"""The characteristic names of MDNR profiles as the importer reads them; a profile's
characteristic is filed under the one whose :func:`normalize` d name it shares (``"ha"``,
``"Tipo "``, ``"Proteccion"``)."""

_CHARACTERISTIC = {normalize(c): c for c in CHARACTERISTICS}


def is_model_profile(profile: Element) -> bool:
    """Whether a ``profile`` element is a model's (its ``typeName``, read as a name)."""
    return normalize(profile.get("typeName", "")) == normalize(MODEL_PROFILE)

_MAX_DEPTH = 40


@dataclass(frozen=True, slots=True)
class RawProfile:
    """A ``Modelo`` profile as printed: name and characteristic texts by Spanish name."""

    name: str
    values: dict[str, str | None]


@dataclass(slots=True, eq=False)
class Node:
    """An entry, group or roster selection.

    ``info_profiles`` are the other (weapon, talisman...) profiles with
    their characteristic texts; ``rule_texts`` the rules' descriptions by
    name.  ``cost`` is per item; ``number`` is how many were taken (rosters;
    1 in catalogues); ``low``/``high`` are the ``selections``-per-parent
    constraints (None = not given); ``default`` is a group's default entry id.
    """

    name: str
    kind: str
    id: str = ""
    cost: float = 0.0
    number: int = 1
    low: int | None = None
    high: int | None = None
    default: str | None = None
    profiles: list[RawProfile] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    info: list[str] = field(default_factory=list)
    info_profiles: list[RawProfile] = field(default_factory=list)
    rule_texts: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    target: str = ""

    @property
    def key(self) -> str:
        """Normalized name."""
        return normalize(self.name)

    def walk(self) -> list[Node]:
        """The node and all its descendants, depth first."""
        out = [self]
        for child in self.children:
            out += child.walk()
        return out


def _children(element: Element, container: str) -> list[Element]:
    return [c for sec in element if local(sec.tag) == container for c in sec]


def _cost(element: Element, cost_type: str | None, where: str) -> float | None:
    values = [c for c in _children(element, "costs") if local(c.tag) == "cost"]
    if not values:
        return None
    total = 0.0
    for c in values:
        if cost_type is not None and c.get("typeId") != cost_type:
            continue
        total += parse_cost(c.get("value", "0"), where, c.get("name"))
    return total


def _constraints(element: Element) -> tuple[int | None, int | None]:
    low = high = None
    for c in _children(element, "constraints"):
        if c.get("field") != "selections" or c.get("scope", "parent") != "parent":
            continue
        value = parse_limit(c.get("value", "0"))
        if value is None:  # "inf", "nan", 1e400, ...: no usable limit
            continue
        if c.get("type") == "min":
            low = value
        elif c.get("type") == "max" and value >= 0:
            high = value
    return low, high


def _profile(element: Element) -> RawProfile:
    values = {_CHARACTERISTIC.get(normalize(c.get("name", "")), c.get("name", "")): c.text
              for c in element.iter() if local(c.tag) == "characteristic"}
    return RawProfile(element.get("name", ""), values)


def _description(rule: Element) -> str:
    return next((c.text or "" for c in rule if local(c.tag) == "description"), "")


def _fill_content(node: Node, element: Element, ids: dict[str, Element]) -> None:
    for p in _children(element, "profiles"):
        if local(p.tag) == "profile" and is_model_profile(p):
            node.profiles.append(_profile(p))
        elif local(p.tag) == "profile":
            node.info.append(p.get("name", ""))
            node.info_profiles.append(_profile(p))
    for r in _children(element, "rules"):
        if local(r.tag) == "rule":
            node.rules.append(r.get("name", ""))
            node.rule_texts.setdefault(r.get("name", ""), _description(r))
    for link in _children(element, "infoLinks"):
        kind, name = link.get("type"), link.get("name", "")
        target = ids.get(link.get("targetId", ""))
        if kind == "rule":
            node.rules.append(name)
            if target is not None:
                node.rule_texts.setdefault(name, _description(target))
        elif kind == "profile" and target is not None and is_model_profile(target):
            node.profiles.append(_profile(target))
        elif kind == "profile":
            node.info.append(name)
            if target is not None:
                node.info_profiles.append(_profile(target))


def index_ids(*roots: Element) -> dict[str, Element]:
    """Elements with an ``id`` (entries, groups, profiles, rules) by id, first one wins."""
    ids: dict[str, Element] = {}
    for root in roots:
        for e in root.iter():
            i = e.get("id")
            if i is not None and local(e.tag) != "constraint":
                ids.setdefault(i, e)
    return ids


def catalogue_node(
    element: Element, ids: dict[str, Element], cost_type: str | None,
    _stack: tuple[str, ...] = (),
) -> Node:
    """Resolve a catalogue ``selectionEntry``/``selectionEntryGroup``/``entryLink``."""
    where = describe(element)
    if len(_stack) > _MAX_DEPTH:
        raise OddsInputError(f"{where}: entries nested more than {_MAX_DEPTH} deep")
    tag = local(element.tag)
    low, high = _constraints(element)
    cost = _cost(element, cost_type, where)
    if tag == "entryLink":
        target_id = element.get("targetId", "")
        target = ids.get(target_id)
        name = element.get("name") or (target.get("name") if target is not None else "") or ""
        if target is None or "magic" in normalize(name) or target_id in _stack:
            return Node(name=name, kind="link", id=element.get("id", ""), cost=cost or 0.0,
                        low=low, high=high, target=target_id)
        node = catalogue_node(target, ids, cost_type, (*_stack, target_id))
        node.id = element.get("id", node.id)
        node.target = target_id
        node.cost = cost if cost is not None else node.cost
        node.low = low if low is not None else node.low
        node.high = high if high is not None else node.high
        return node
    kind = "group" if tag == "selectionEntryGroup" else (element.get("type") or "upgrade")
    node = Node(name=element.get("name", ""), kind=kind, id=element.get("id", ""),
                cost=cost or 0.0, low=low, high=high,
                default=element.get("defaultSelectionEntryId"))
    _fill_content(node, element, ids)
    for child in element:
        if local(child.tag) in ("selectionEntries", "selectionEntryGroups", "entryLinks"):
            for sub in child:
                if local(sub.tag) in ("selectionEntry", "selectionEntryGroup", "entryLink"):
                    node.children.append(
                        catalogue_node(sub, ids, cost_type, (*_stack, node.id))
                    )
    return node


def roster_node(element: Element, cost_type: str | None) -> Node:
    """A roster ``selection`` (costs in rosters are totals: divided by ``number``)."""
    where = describe(element)
    number = parse_count(element.get("number"), where)
    total = _cost(element, cost_type, where) or 0.0
    node = Node(name=element.get("name", ""), kind=element.get("type") or "upgrade",
                id=element.get("entryId", ""), cost=total / number, number=number)
    _fill_content(node, element, {})
    node.children = [roster_node(s, cost_type) for s in _children(element, "selections")
                     if local(s.tag) == "selection"]
    return node
