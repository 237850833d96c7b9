"""Which entries of a catalogue unit are taken: defaults, upgrades, command group.

Conventions (MDNR catalogues):

* The **command group** is the child entry named ``Grupo de mando``; its
  children are the musician (``Músico``), the standard bearer
  (``Portaestandarte``...) and the champion (any other name, e.g.
  ``Sargento``, whose profile has the same name).
* The **model entry** is the mandatory child entry (``min`` selections >= 1)
  without a profile of its own and with the largest minimum: its minimum and
  maximum are the unit's size limits and its cost is the cost per model
  (``Lanceros`` 6 pts, min 5).  Single-model units (monsters, chariots) have
  none; their cost is on the unit entry.
* **Defaults**: an entry with ``min`` >= 1 is taken; in a group, the
  ``defaultSelectionEntryId`` entry is taken, then entries in order until
  the group's ``min`` is reached.  Everything else is an **option**.
* Taking an option in a group whose ``max`` it would exceed drops the
  group's default (``Arma a dos manos`` replaces ``Rebanadora``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from odds.battlescribe.no_effect_names import STRUCTURAL_NAMES
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import Node
from odds.validation import OddsInputError

__all__ = ["COMMAND_ROLES", "Selection", "apart", "command_nodes", "compulsory_roles",
           "counted_apart", "crew_choice", "crewman_node", "included_roles", "model_node",
           "options", "regiment", "select", "take"]

COMMAND_ROLES: tuple[str, ...] = ("champion", "standard", "musician")
"""Command roles, as in :class:`odds.units.Command`."""

_EXCLUDED = ("grupo de mando", "destacamento", "pueden tener", "puede tener")

_APART = "no tiene que ir unido a la unidad (¡de hecho no puede!)"
"""A regiment's named model who is a character of his own and can never be in the unit."""


def apart(node: Node) -> bool:
    """Whether ``node`` is a model bought with the regiment that can never be in its unit.

    MDNR Regimientos de Renombre (Gárgolas volantes de Barda) "Personaje": "Barda se
    considera un Personaje a todos los demás efectos ... Aunque Barda haya creado o invocado
    a las Gárgolas, no tiene que ir unido a la unidad (¡de hecho no puede!), y puede unirse
    a otra unidad": his entry "Barda (líder)" is neither the unit's champion nor one of its
    models.
    """
    return node.kind != "group" and any(_APART in plain_text(t or "")
                                        for t in node.rule_texts.values())


def _excluded(node: Node) -> bool:
    """Entries never taken as the unit's gear: command groups, detachments, magic allowances.

    Nor a model that can never be in the unit (:func:`apart`).

    A magic-item group the entry makes mandatory (``min`` >= 1) is the model's fixed gear,
    not an allowance (Regimientos de Renombre: Beorg's "Talismán Colmillo de Oso", Oerl's
    "Estandarte del Oso"): it is taken like any other default, so its rules are read.
    """
    key = node.key
    if "magic" in key and node.kind == "group" and (node.low or 0) >= 1:
        return False
    return key.startswith(_EXCLUDED) or "magic" in key or apart(node)


@dataclass(slots=True)
class Selection:
    """A unit entry with the entries taken (outside the command group)."""

    unit: Node
    model: Node | None
    taken: list[Node] = field(default_factory=list)
    command: dict[str, Node] = field(default_factory=dict)


def _role(key: str) -> str | None:
    """The command role an entry outside a command group stands for, if any."""
    if key.startswith("music") or key.endswith("(musico)"):
        return "musician"
    if (key.startswith("portaestandarte") and "de batalla" not in key) or key.endswith(
            "(portaestandarte)"):
        return "standard"
    if key.endswith("(lider)"):
        return "champion"
    return None


def command_nodes(unit: Node) -> dict[str, Node]:
    """The command models' entries by role (only the roles the unit can take).

    The ``Grupo de mando`` members first; then, as in the Regimientos de
    Renombre, entries elsewhere in the unit named ``Músico``,
    ``Portaestandarte`` or ``... (líder)`` (the regiment's leader, its
    champion).
    """
    out: dict[str, Node] = {}
    for child in unit.children:
        if child.key.startswith("grupo de mando"):
            for member in child.children:
                key = member.key
                if key.startswith("music"):
                    role = "musician"
                elif key.startswith(("portaestandarte", "estandarte")):
                    role = "standard"
                else:
                    role = "champion"
                out.setdefault(role, member)

    def visit(node: Node) -> None:
        for child in node.children:
            if _excluded(child):
                continue
            role = _role(child.key) if child.kind != "group" else None
            if role is not None:
                out.setdefault(role, child)
            else:
                visit(child)

    visit(unit)
    if "champion" not in out:
        # a named model whose rule makes it the champion (Regimientos de Renombre "Glam el
        # que ríe": "Glam es el campeón de la unidad")
        for child in unit.children:
            if (child.kind != "group" and child.profiles and not _excluded(child)
                    and any("es el campeon de la unidad" in plain_text(t or "")
                            for t in child.rule_texts.values())):
                out["champion"] = child
                break
    crewman = crewman_node(unit)
    if "champion" not in out and crewman is not None:
        out["champion"] = crewman
    return out


_CREWMAN = re.compile(r"maquinas de guerra pueden tener un \w+ como miembro de la dotacion")
_NAMED_CREWMAN = re.compile(r"cuenta con un artillero (\w+)\. este artillero luchara en combate"
                            r" cuerpo a cuerpo")


def crewman_node(unit: Node) -> Node | None:
    """A war machine's crewman of his own profile, fighting as its champion's body, or None.

    Orcos y Goblins "Ezpabilagoblins": "Algunas máquinas de guerra pueden tener un
    Ezpabilagoblins como miembro de la dotación. Se trata de un Orco a todos los efectos":
    one more crewman with his own T, W and save, taken like a war machine's leader (a body of
    its own beside the machine) but no champion (``never_duels``).  Likewise the entry a
    machine's own rule names (Enanos del Caos "Mortero terremuerte": "el Mortero cuenta con
    un Artillero Ogro. Este Artillero luchará en combate cuerpo a cuerpo": its "Ogro").
    """
    named = {m.group(1) for t in unit.rule_texts.values()
             if (m := _NAMED_CREWMAN.search(plain_text(t or ""))) is not None}
    for node in unit.walk()[1:]:
        if (node.kind != "group" and node.profiles and not _excluded(node)
                and (node.key in named or any(_CREWMAN.search(plain_text(t or ""))
                                              for t in node.rule_texts.values()))):
            return node
    return None


def compulsory_roles(unit: Node) -> set[str]:
    """Command roles of the ``Grupo de mando`` whose entry has ``min`` >= 1.

    Models the unit always has (Mercenarios "Escolta de Mydas": musician and standard; Altos
    Elfos "Guardia de Doncellas": its musician with the horn of Isha).
    """
    members = {id(m) for c in unit.children if c.key.startswith("grupo de mando")
               for m in c.children if (m.low or 0) >= 1}
    return {role for role, node in command_nodes(unit).items() if id(node) in members}


def regiment(unit: Node) -> tuple[Node, int, Node | None] | None:
    """A fixed-price regiment (Regimientos de Renombre): ``(base, size, additional)``.

    Its entry costs the whole regiment: ``"Arqueros base (incluye
    portaestandarte y músico)"`` (9 models) plus single models named
    ``(líder)``, ``(músico)``, ``(portaestandarte)``; ``"... adicionales"``
    adds models at a price each.  None for any other unit.
    """
    base = next((c for c in unit.children if c.kind != "group" and (c.low or 0) >= 1
                 and " base" in f" {c.key}" and not _excluded(c)), None)
    if base is None and any(_adds_models(c) for c in unit.children):
        # Imperio (Tren de Artillería de Nuln, con Personajes Especiales), Marienburgo: the
        # troops printed as one entry of a fixed count beside their named hero ("Acorazado
        # de Nuln" 9 and "Jubal Falk"; "Cazador" 4 and "Markus Wulfhart"; "Enanos
        # Marienburgueses (incluidos portaestandarte y músico)" 9 and "Arkat Fooger
        # (líder)"), the unit entry costing them all, and "Acorazados extra" / "Enanos
        # Marienburgueses adicionales" adding models at a price each
        # (a "Músico" or "Portaestandarte" without a profile of its own upgrades one of them)
        base = next((c for c in unit.children if c.kind != "group" and c.profiles
                     and (c.low or 0) >= 2 and c.high == c.low and not _excluded(c)), None)
        beside = 0
        if base is None and (base := _plural_base(unit)) is not None:
            # the unit entry's other profiles are single models beside them (Bretonia: the
            # "Relicario" among the "Peregrinos")
            beside = sum(1 for p in unit.profiles if not plural_of(base.name, p.name))
        if base is None:
            return None
        heroes = [c for c in unit.children if c is not base and c.kind != "group"
                  and c.profiles and (c.low or 0) == 1 and c.high == 1 and not _excluded(c)]
        extra = next(c for c in unit.children if _adds_models(c))
        return base, (base.low or 1) + len(heroes) + beside, extra
    if base is None:
        return None
    # the leader, named command models, and the other named models of the regiment (its
    # champion "Hasim el Eunuco (campeón)", "Scarloc", "Glam, el que ríe", "Kylist base"):
    # single entries with a profile of their own; a second base of other models (Pirazzo's
    # "Piqueros base" and "Ballesteros base") adds its own
    others = [c for c in unit.children if c is not base and (c.low or 0) >= 1
              and c.kind != "group" and not _excluded(c)
              and (_role(c.key) is not None or bool(c.profiles))]
    size = (base.low or 1) + sum(1 if c.high == 1 or _role(c.key) is not None else (c.low or 1)
                                 for c in others)
    extra = next((c for c in unit.children if "adicional" in c.key and c.kind != "group"),
                 None)
    return base, size, extra


def _plural_base(unit: Node) -> Node | None:
    """A fixed count of the unit's own model, named in the plural, the entry costing them all.

    Bretonia "Relicario y peregrinos de batalla": the "Peregrino" profile printed on the unit
    entry (118 points, with the "Relicario" printed beside it), "Peregrinos" (no profile, 0
    points, min 6 max 6) counting them and "Peregrinos adicionales" (9 points, max 24)
    adding models at a price each.
    """
    return next((c for c in unit.children if c.kind != "group" and not c.profiles
                 and (c.low or 0) >= 2 and c.high == c.low and not _excluded(c)
                 and any(plural_of(c.name, p.name) for p in unit.profiles)), None)


def _adds_models(node: Node) -> bool:
    """Whether ``node`` adds models to a regiment at a price each.

    "Acorazados extra", "Enanos Marienburgueses adicionales".
    """
    return node.kind != "group" and node.key.endswith((" extra", " adicionales"))


def included_roles(sel: Selection) -> set[str]:
    """Command roles whose entries are taken with the unit (a regiment's own standard...)."""
    taken = {id(n) for n in sel.taken}
    return {role for role, node in sel.command.items() if id(node) in taken}


def plural_of(plural: str, singular: str) -> bool:
    """Whether name ``plural`` is ``singular`` with its first word in the plural (-s, -es).

    "Monjes de plaga" of "Monje de plaga", "Orcos" of "Orco"; compared normalised.
    """
    many, one = normalize(plural).split(), normalize(singular).split()
    return (len(many) == len(one) > 0 and many[1:] == one[1:]
            and many[0] in (one[0] + "s", one[0] + "es"))


def _counts_machine_crew(unit: Node, child: Node) -> bool:
    """Whether ``child`` counts the crew of the one war machine ``unit`` prints.

    Both profiles on the entry itself, the crew's counted by an entry named after it in the
    plural (Skaven "Garrapulta de plaga": "Monje de plaga" and "Máquina de guerra" profiles,
    "Monjes de plaga" min 3 max 3): the crew of one machine, not the unit's size.
    """
    machine = any(normalize(p.values.get("Tipo") or "").startswith("maquina de guerra")
                  for p in unit.profiles)
    return machine and any(plural_of(child.name, p.name) for p in unit.profiles)


def model_node(unit: Node) -> Node | None:
    """The entry whose cost is per model and whose constraints bound the size.

    A mandatory child without a profile of its own, the one with the largest minimum; else
    a child printing the rank-and-file profile itself whose size varies (``min`` >= 2 and
    ``max`` above it or unbounded: Reinos del Caos "Manada de bestias (gor)", "Gor" min 10;
    Altos Elfos "Guardia de Doncellas", "Doncellas" min 10).  A child of fixed size with a
    profile is a chariot's crew or steeds, or a machine's crew, not the unit's size.
    """
    best: Node | None = None
    for child in unit.children:
        if (child.kind == "group" or _excluded(child) or child.profiles
                or _counts_machine_crew(unit, child)):
            continue
        if (child.low or 0) >= 1 and (best is None or (child.low or 0) > (best.low or 0)):
            best = child
    if best is None:
        for child in unit.children:
            low = child.low or 0
            if (child.kind != "group" and not _excluded(child) and child.profiles and low >= 2
                    and (child.high is None or child.high > low)
                    and (best is None or low > (best.low or 0))):
                best = child
    return best


def counted_apart(unit: Node) -> list[Node]:
    """Priced children of ``unit`` bought by the model with no bound (none sizes it alone).

    Meaningful where :func:`model_node` and :func:`regiment` find nothing: Elfos Oscuros
    "Guardia de la ciudad" is "Ballesteros elfos oscuros (primera fila)" and "Lanceros
    elfos oscuros", each at a price per model.
    """
    command = {id(n) for n in command_nodes(unit).values()}
    return [c for c in unit.children if c.kind != "group" and not _excluded(c)
            and id(c) not in command and c.cost > 0 and c.high is None]


def _defaults(node: Node, out: list[Node]) -> None:
    for child in node.children:
        if _excluded(child):
            continue
        if child.kind == "group":
            members = [m for m in child.children if not _excluded(m)]
            picked = [m for m in members if child.default and child.default in (m.id, m.target)]
            picked += [m for m in members if (m.low or 0) >= 1 and m not in picked]
            for m in members:
                if len(picked) >= (child.low or 0):
                    break
                if m not in picked:
                    picked.append(m)
            if child.high is not None:
                # a group's max wins over its members' own minimums (data where every
                # member says min 1 in a "choose one" group): the default comes first
                picked = picked[: max(child.high, child.low or 0)]
            for m in picked:
                if m.kind != "group":
                    out.append(m)
                _defaults(m, out)
        elif (child.low or 0) >= 1:
            out.append(child)
            _defaults(child, out)


def _parents(node: Node, parent: Node | None = None,
             acc: dict[int, Node | None] | None = None) -> dict[int, Node | None]:
    acc = {} if acc is None else acc
    acc[id(node)] = parent
    for child in node.children:
        _parents(child, node, acc)
    return acc


def options(unit: Node) -> list[Node]:
    """Entries that can be taken on top of the defaults (no command, magic, detachments)."""
    sel = select(unit)
    taken = {id(n) for n in sel.taken}
    out: list[Node] = []
    seen: set[str] = set()

    def visit(node: Node) -> None:
        for child in node.children:
            if _excluded(child):
                continue
            if (child.kind != "group" and id(child) not in taken and child.key not in seen
                    and child.key not in STRUCTURAL_NAMES):
                seen.add(child.key)
                out.append(child)
            visit(child)

    visit(unit)
    return out


def select(unit: Node, upgrades: Iterable[str] = (), *, where: str = "") -> Selection:
    """Defaults of a unit entry plus the named upgrades (accent/case-insensitive).

    Raises
    ------
    OddsInputError
        An upgrade name that is not an option of the unit (the options are listed).
    """
    taken: list[Node] = []
    _defaults(unit, taken)
    parents = _parents(unit)
    for name in upgrades:
        key = normalize(str(name))
        candidates = [n for n in unit.walk()[1:] if n.key == key and n.kind != "group"
                      and not _excluded(n) and not _under_excluded(n, parents)]
        fresh = [n for n in candidates if n not in taken]
        if not candidates:
            names = ", ".join(sorted({n.name for n in options(unit)})) or "none"
            raise OddsInputError(
                f"{where}upgrade {name!r} is not an option of {unit.name!r}; options: {names}"
            )
        if not fresh:
            continue
        node = fresh[0]
        group = parents.get(id(node))
        if group is not None and group.kind == "group" and group.high is not None:
            in_group = [m for m in group.children if m in taken]
            while len(in_group) + 1 > group.high and in_group:
                drop = next((m for m in reversed(in_group) if (m.low or 0) < 1), None)
                if drop is None:
                    break
                in_group.remove(drop)
                dropped = {id(x) for x in drop.walk()}
                taken = [t for t in taken if id(t) not in dropped]
        chain = _chain(node, parents, unit)
        for link in chain:
            if link not in taken and link.kind != "group":
                taken.append(link)
        extra: list[Node] = []
        _defaults(node, extra)
        taken += [e for e in extra if e not in taken]
    return Selection(unit=unit, model=model_node(unit), taken=taken, command=command_nodes(unit))


def take(sel: Selection, node: Node) -> None:
    """Add ``node`` (an entry of ``sel.unit``) and its defaults to ``sel.taken`` if absent.

    For an entry a rule of the unit makes part of every unit whether it is chosen or not
    (Elfos Oscuros "Guardia de la ciudad", "Unidad mixta": the crossbowmen of the front rank
    and the spearmen behind them).
    """
    extra = [node]
    _defaults(node, extra)
    sel.taken += [e for e in extra if e not in sel.taken]


_CREW_CHOICE = "debes escoger si la dotacion"
"""A rule that makes the unit choose its crew (O&G Machotez de Grimgor "Elección de dotación")."""


def _crew_cost(member: Node) -> float | None:
    """The price of ``member`` with its defaults, or None when they carry no model profile."""
    taken = [member]
    _defaults(member, taken)
    if not any(n.profiles for n in taken):
        return None
    return sum(n.cost for n in taken)


def crew_choice(sel: Selection) -> list[Node]:
    """The entries of the cheapest crew an unmet "Debes escoger si la dotación ..." asks for.

    O&G (Machotez de Grimgor) "Lanzapiedroz", "Lanzapinchoz", rule "Elección de dotación":
    "Debes escoger si la dotación ... está formada por Orcos (con su coste habitual en
    puntos) o bien, que esté operada por un Ezpabilagoblins al mando de unos operarios
    Goblins", over a group ("Dotación de Orcos": "Sí" / "No") of no minimum.  The choice is
    met when a member of the group is taken; else the answer is its cheapest member whose
    defaults carry a model profile (the crew), with the options under it whose profile the
    rule's text names (the Ezpabilagoblins of the Lanzapinchoz, optional in the data).
    Empty when the unit has no such rule or meets it.
    """
    texts = [plain_text(t or "") for t in sel.unit.rule_texts.values()]
    text = next((t for t in texts if _CREW_CHOICE in t), None)
    if text is None:
        return []
    taken = {id(n) for n in sel.taken}
    for group in sel.unit.walk():
        members = [m for m in group.children if m.kind != "group"]
        if group.kind != "group" or (group.low or 0) >= 1 or len(members) < 2:
            continue
        crews = [(cost, i, m) for i, m in enumerate(members)
                 if (cost := _crew_cost(m)) is not None]
        if not crews:
            continue
        if any(id(m) in taken for m in members):
            return []
        pick = min(crews)[2]
        named = [n for n in pick.walk()[1:] if n.kind != "group" and any(
            re.search(rf"\b{re.escape(normalize(p.name))}\b", text) for p in n.profiles)]
        return [pick, *named]
    return []


def _under_excluded(node: Node, parents: dict[int, Node | None]) -> bool:
    parent = parents.get(id(node))
    while parent is not None:
        if _excluded(parent):
            return True
        parent = parents.get(id(parent))
    return False


def _chain(node: Node, parents: dict[int, Node | None], unit: Node) -> list[Node]:
    """``node`` and its ancestors below ``unit`` (a nested option takes its parents)."""
    chain = [node]
    parent = parents.get(id(node))
    while parent is not None and parent is not unit:
        chain.append(parent)
        parent = parents.get(id(parent))
    return list(reversed(chain))
