"""A roster's character selection (``type="model"``) → :class:`odds.characters.Character`.

The character is built like a one-model unit (:mod:`odds.battlescribe.build`:
profile, weapon, armour, steed, rules, ward saves), then:

* ``mount_type`` is ``"horse"`` when the build found a cavalry steed,
  ``"monster"`` when a taken option carries a ``Monstruo`` profile (its ``H``
  is ``mount_wounds``; its WS, S, I, A fight as the mount), else ``"none"``;
* ``general`` when a taken option is named ``General`` (or the character has
  a rule of that name); ``battle_standard`` when it has the rule or option
  ``Portaestandarte de batalla``, or is the Mercenarios' ``Pagador`` ("el Pagador es el
  Portaestandarte de Batalla mercenario": ``paymaster``);
* ``points`` = the selection's cost plus everything taken under it.

The printed ``Tipo`` of characters (``Personaje``) is what a character is,
so it is not reported.
"""

from __future__ import annotations

from odds.battlescribe.build import build_unit
from odds.battlescribe.names import normalize
from odds.battlescribe.report import Collector
from odds.battlescribe.selection import Selection
from odds.battlescribe.tree import Node
from odds.battlescribe.values import parse_characteristic
from odds.characters import Character
from odds.units import MountProfile
from odds.validation import OddsInputError

__all__ = ["character_from_selection"]

_GENERAL = "general"
_BSB = "portaestandarte de batalla"


def _monster(node: Node) -> tuple[MountProfile, int] | None:
    for n in node.walk()[1:]:
        for p in n.profiles:
            if normalize((p.values.get("Tipo") or "").split(",")[0]).startswith("monstruo"):
                values = {eng: parse_characteristic(p.values.get(esp)).value or 0
                          for esp, eng in (("HA", "WS"), ("F", "S"), ("I", "I"), ("A", "A"))}
                wounds = parse_characteristic(p.values.get("H")).value or 1
                return MountProfile(**values), min(10, max(1, wounds))
    return None


def character_from_selection(node: Node, sink: Collector, army: str = "") -> Character:
    """Build the character a roster ``type="model"`` selection describes (see the module notes).

    Raises
    ------
    OddsInputError
        The selection cannot be a character of the engine (no profile...).
    """
    taken = node.walk()[1:]
    names = {n.key for n in taken} | {normalize(r) for n in node.walk() for r in n.rules}
    monster = _monster(node)
    inner = Collector(sink.source, strict=False)
    sel = Selection(unit=node, model=None, taken=taken, command={})
    unit = build_unit(sel, name=node.name, models=1, files=1, roles=set(), points_per_model=0.0,
                      sink=inner, army=army).unit
    for item in inner.items:
        if item.item.endswith(" Tipo") and "personaje" in normalize(item.reason):
            continue  # "Personaje": a character is what it is
        if normalize(item.item) in (_GENERAL, _BSB):
            continue  # modelled: Character.general, Character.battle_standard
        sink.add(item.unit, item.item, item.kind, item.reason)
    mount, mount_type, mount_wounds = unit.mount, "none", 0
    if monster is not None:
        mount, mount_wounds = monster
        mount_type = "monster"
    elif unit.troop_type == "cavalry" and mount is not None:
        mount_type = "horse"
    equipment = unit.equipment
    if mount_type != "horse" and equipment.barding:
        equipment = equipment.replace(barding=False)
    points = node.cost + sum(n.cost * n.number for n in taken)
    try:
        return Character(
            name=node.name.strip(), profile=unit.profile, equipment=equipment,
            mount=mount if mount_type != "none" else None, mount_type=mount_type,
            mount_wounds=mount_wounds, special=unit.special, ward_save=unit.ward_save,
            regeneration=unit.regeneration, poisoned=unit.poisoned,
            multiple_wounds=unit.multiple_wounds, general=_GENERAL in names,
            battle_standard=(_BSB in names or unit.has("paymaster")) and _GENERAL not in names,
            points=points,
            notes="imported from a BattleScribe roster", army=unit.army, race=unit.race,
            hatred=unit.hatred,
        )
    except OddsInputError as exc:
        raise OddsInputError(f"character {node.name!r}: {exc}") from None
