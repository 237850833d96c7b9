"""A roster's character selection (``type="model"``) → :class:`odds.characters.Character`.

The character is built like a one-model unit (:mod:`odds.battlescribe.build`:
profile, weapon, armour, steed, rules, ward saves), then:

* ``mount_type`` is ``"horse"`` when the build found a cavalry steed,
  ``"monster"`` when a taken option carries a ``Monstruo`` profile (its ``H``
  is ``mount_wounds``; its WS, S, I, A fight as the mount), else ``"none"``.
  A monster mount is reported ``approximated``: the engine does not make it
  a separate target (its own T, W and save; attacks on the model hit the
  rider), so a player is told (the build's "second model profile" and
  "option not modelled" lines for it are replaced by that one line);
* a taken option that carries a chariot profile (``Tipo`` ``Carro``: Carro
  del Caos, Trono sangriento, Karro de jabalíes, Carro de Tiranoc...) is
  left out of the build and reported ``ignored``: the engine's characters
  ride cavalry steeds or monsters only, and building the chariot into the
  character gave him the chariot's T and W (and rules such as Volar or
  Caballería rápida) and dropped its crew, steeds, impact hits and save with
  only a note about its crew count.  The character fights with his own
  profile, on foot;
* ``general`` when a taken option is named ``General`` (or the character has
  a rule of that name); ``battle_standard`` when it has the rule or option
  ``Portaestandarte de batalla``, or is the Mercenarios' ``Pagador`` ("el Pagador es el
  Portaestandarte de Batalla mercenario": ``paymaster``);
* ``points`` = the selection's cost plus everything taken under it.

The printed ``Tipo`` of characters (``Personaje``) is what a character is,
so it is not reported.
"""

from __future__ import annotations

import re
from dataclasses import replace

from odds.battlescribe.build import build_unit
from odds.battlescribe.report import Collector
from odds.battlescribe.selection import Selection
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import Node
from odds.battlescribe.values import parse_characteristic
from odds.characters import Character
from odds.units import MountProfile
from odds.validation import OddsInputError

__all__ = ["character_from_selection"]

_GENERAL = "general"
_BSB = "portaestandarte de batalla"


_SECOND_PROFILE = "second model profile"
_OPTION_NOT_MODELLED = "option not modelled by the engine"


def _kind(profile) -> str:
    """The first word group of a profile's printed ``Tipo``, normalised (``"monstruo"``...)."""
    return plain_text((profile.values.get("Tipo") or "").split(",")[0])


def _path_to(node: Node, found) -> list[Node]:
    """The taken nodes from ``node``'s child down to the first node ``found`` accepts."""
    for child in node.children:
        if found(child):
            return [child]
        below = _path_to(child, found)
        if below:
            return [child, *below]
    return []


def _monster(node: Node) -> tuple[MountProfile, int, list[Node], str] | None:
    """The monster mount: its profile, W, the taken nodes down to it and its T/W/save text."""
    path = _path_to(node, lambda n: any(_kind(p).startswith("monstruo") for p in n.profiles))
    if not path:
        return None
    p = next(p for p in path[-1].profiles if _kind(p).startswith("monstruo"))
    values = {eng: parse_characteristic(p.values.get(esp)).value or 0
              for esp, eng in (("HA", "WS"), ("F", "S"), ("I", "I"), ("A", "A"))}
    wounds = parse_characteristic(p.values.get("H")).value or 1
    stats = (f"R{p.values.get('R') or '-'} H{p.values.get('H') or '-'}"
             f" TSA {p.values.get('TSA') or '-'}")
    return MountProfile(**values), min(10, max(1, wounds)), path, stats


def _chariot_options(node: Node) -> list[Node]:
    """The top-most taken options under ``node`` whose subtree carries a ``Carro`` profile."""
    out: list[Node] = []
    for child in node.children:
        if any(_kind(p).startswith("carro") for n in child.walk() for p in n.profiles):
            out.append(child)
    return out


def _without(node: Node, drop: list[Node]) -> Node:
    """``node`` with the taken options in ``drop`` (direct children) left out."""
    return replace(node, children=[c for c in node.children if all(c is not d for d in drop)])


_MAGIC_LEVEL = re.compile(r"^nivel ([1-9])$")


def _wizard(special: tuple[str, ...], names: set[str]) -> tuple[str, ...]:
    """A character's rules, with ``wizard`` when it took a magic level of 1 or more.

    The ``Nivel`` option ("Nivel 1" .. "Nivel 4"; "Nivel 0" is no wizard) makes the model a
    wizard in the books whose ``Tipo`` does not say "Hechicero" (Imperio "Mago de batalla",
    ``Tipo`` "Personaje"): it names the model for Cigor's "Visión ultraterrena".
    """
    if "wizard" in special or not any(_MAGIC_LEVEL.match(n) for n in names):
        return special
    return (*special, "wizard")


_WOOD_ELF_NOBLES = frozenset({"biennacido", "noble silvano"})
"""Elfos Silvanos character entries that the Guardia eterna's "Escolta" names ("algún Biennacido
o algún Noble"), normalised."""


def _noble(special: tuple[str, ...], node: Node, army: str) -> tuple[str, ...]:
    """A character's rules, with ``wood_elf_noble`` for an Elfos Silvanos Highborn or Noble."""
    if army == "wood_elves" and normalize(node.name) in _WOOD_ELF_NOBLES:
        return (*special, "wood_elf_noble")
    return special


def character_from_selection(node: Node, sink: Collector, army: str = "") -> Character:
    """Build the character a roster ``type="model"`` selection describes (see the module notes).

    Raises
    ------
    OddsInputError
        The selection cannot be a character of the engine (no profile...).
    """
    points = node.cost + sum(n.cost * n.number for n in node.walk()[1:])
    chariots = _chariot_options(node)
    rider = _without(node, chariots)
    taken = rider.walk()[1:]
    names = {n.key for n in taken} | {normalize(r) for n in rider.walk() for r in n.rules}
    monster = _monster(rider)
    inner = Collector(sink.source, strict=False)
    sel = Selection(unit=rider, model=None, taken=taken, command={})
    unit = build_unit(sel, name=node.name, models=1, files=1, roles=set(), points_per_model=0.0,
                      sink=inner, army=army).unit
    monster_names = {n.name for n in monster[2]} if monster is not None else set()
    for item in inner.items:
        if item.item.endswith(" Tipo") and "personaje" in normalize(item.reason):
            continue  # "Personaje": a character is what it is
        if normalize(item.item) in (_GENERAL, _BSB):
            continue  # modelled: Character.general, Character.battle_standard
        level = _MAGIC_LEVEL.match(normalize(item.item))
        if level is not None or normalize(item.item) == "nivel 0":
            # the magic level: its spells are the magic phase; 1 or more makes a wizard
            sink.add(item.unit, item.item, "note",
                     "a magic level: the character is a wizard (Cigor's 'Visión"
                     " ultraterrena'); its spells are cast in the magic phase"
                     if level is not None else "magic level 0: no wizard")
            continue
        if item.item in monster_names and (item.reason.startswith(_SECOND_PROFILE)
                                           or item.reason == _OPTION_NOT_MODELLED):
            continue  # the monster mount: Character.mount, reported below
        sink.add(item.unit, item.item, item.kind, item.reason)
    for option in chariots:
        sink.add(node.name, option.name, "ignored",
                 "a chariot as the character's mount: the engine's characters ride cavalry"
                 " steeds or monsters only, so the chariot (its T, W and save, its crew's and"
                 " steeds' attacks, its impact hits) is left out and the character fights on"
                 " foot with his own profile")
    mount, mount_type, mount_wounds = unit.mount, "none", 0
    if monster is not None:
        mount, mount_wounds, path, stats = monster
        mount_type = "monster"
        sink.add(node.name, path[-1].name, "approximated",
                 f"ridden monster: its WS, S, I and A fight beside the rider and its W counts"
                 f" for unit strength, but it is not a separate target ({stats}): attacks on"
                 f" the model hit the rider")
    elif unit.troop_type == "cavalry" and mount is not None:
        mount_type = "horse"
    equipment = unit.equipment
    if mount_type != "horse" and equipment.barding:
        equipment = equipment.replace(barding=False)
    try:
        return Character(
            name=node.name.strip(), profile=unit.profile, equipment=equipment,
            mount=mount if mount_type != "none" else None, mount_type=mount_type,
            mount_wounds=mount_wounds, special=_noble(_wizard(unit.special, names), node, army),
            ward_save=unit.ward_save,
            regeneration=unit.regeneration, poisoned=unit.poisoned,
            multiple_wounds=unit.multiple_wounds, general=_GENERAL in names,
            battle_standard=(_BSB in names or unit.has("paymaster")) and _GENERAL not in names,
            points=points,
            notes="imported from a BattleScribe roster", army=unit.army, race=unit.race,
            hatred=unit.hatred,
        )
    except OddsInputError as exc:
        raise OddsInputError(f"character {node.name!r}: {exc}") from None
