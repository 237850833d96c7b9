"""Bodies in a unit's front rank: characters, promoted champions, named members (§1.1, §1.9).

Each becomes a body of its own after the units (``S_HOST`` says whose): a character as a
one-model unit (:func:`character_body`), guard rules that name it (:func:`guarded`), the
save its unit is fought with (:func:`fought_through`), the "Estandarte del Oso" bearer and
the models a unit can recruit.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from odds import validation as v
from odds.combat.model.layout import FRONT, S_HP, S_RECRUIT, S_SIDE, S_W
from odds.units import Unit


def character_body(character: Any) -> Unit:
    """A character as a one-model unit, so the unit machinery works out its attacks.

    Its armour save is fixed to the character's own (worked out by
    :class:`odds.characters.Character` for its troop type and mount).
    """
    return Unit(name=character.name, troop_type=character.troop_type, models=1, files=1,
                profile=character.profile, equipment=character.equipment,
                mount=character.mount, special=character.special,
                ward_save=character.ward_save, regeneration=character.regeneration,
                poisoned=character.poisoned, multiple_wounds=character.multiple_wounds,
                armour_save_override=character.armour_save,
                army=getattr(character, "army", ""), race=getattr(character, "race", ""),
                hatred=getattr(character, "hatred", ()))


def guarded(unit: Unit, hosted: Any) -> bool:
    """Whether the character ``hosted`` (a :class:`_Hosted`) is one ``unit``'s guard rule names.

    * Altos Elfos "Guardaespaldas" (``bodyguard``): "Los Leones Blancos son Tozudos mientras el
      General esté incluido en la unidad": the General;
    * Mercenarios "Escolta" (``paymaster_guard``, Escolta del pagador): "Mientras el Pagador
      esté en la unidad, son Tozudos": a character with ``paymaster`` (gst-less Mercenarios
      rule "Pagador": "el Pagador es el Portaestandarte de Batalla mercenario");
    * Enanos "Guardia personal" (``royal_guard``, Martilladores): "Si hay algún personaje con
      la regla Sangre Real en la unidad, ésta es Inmune a miedo e Inmune a Terror": a
      character with ``royal_blood``.

    A promoted champion is never guarded.
    """
    if hosted.champion:
        return False
    return bool((unit.has("bodyguard") and hosted.general)
                or (unit.has("paymaster_guard") and hosted.body.has("paymaster"))
                or (unit.has("royal_guard") and hosted.body.has("royal_blood")))


class _Hosted(NamedTuple):
    """A body standing in a unit's front rank: a character or a promoted champion."""

    host: int
    body: Unit
    profile: Any
    unit_strength: int
    general: bool
    battle_standard: bool
    champion: bool
    label: str
    member: bool = False  # a named member of the unit (odds.units.Member)
    lends_ld: bool = True  # a member lends no Ld unless it counts as a character


def fought_through(unit: Unit, u: int, enemy: int,
                   contacts: list[tuple[int, int, int, int]]) -> Unit:
    """``unit`` (body ``u``) as the blows of enemy unit ``enemy`` find it.

    A unit whose front rank has its own weapon (:attr:`odds.units.Unit.front_weapon`)
    is fought with the front rank's save by an enemy touching its front, with the ranks'
    behind by one touching only its flank or rear (Elfos Oscuros "Guardia de la ciudad":
    "En caso de combate por el flanco o por la retaguardia, las salvaciones se realizarán
    con la armadura de los lanceros, nunca contra la de los ballesteros"): that unit
    without its front weapon.  Any other unit is returned as it is.
    """
    if not unit.front_weapon:
        return unit
    faces = [fa if a == u else fb for a, b, fa, fb in contacts if {a, b} == {u, enemy}]
    if faces and all(f != FRONT for f in faces):
        return unit.replace(front_weapon="")
    return unit


def bear_standard_bearers(full_units: list[Unit], extra: list[_Hosted],
                          n_units: int) -> list[int]:
    """Per unit, 1 + the body carrying its "Estandarte del Oso" (``S_BEAR_STD``), 0 none.

    MDNR Regimientos de Renombre, Hombres Oso de Urslo: "Toda la unidad (incluyendo a Beorg y
    Oerl) reciben un +1 a sus tiradas para impactar en la primera ronda de cada combate";
    the standard is the named standard bearer's (Oerl, :class:`odds.units.Member`), so the
    bonus holds while his body lives.  Every body of the unit has it: its rank and file, its
    champion, its members and the characters joined to it (6th: a character with a unit "is
    considered to be part of that unit in all respects").  A unit with the rule and a
    standard but no named standard bearer in the combat is an error.
    """
    out = [0] * n_units
    for i, u in enumerate(full_units):
        if not (u.has("bear_standard") and u.command.standard):
            continue
        body = next((n_units + k for k, e in enumerate(extra) if e.host == i and e.member
                     and e.body.command.standard), None)
        if body is None:
            raise v.OddsInputError(f"{u.name}: 'bear_standard' needs its named standard bearer"
                                   " (a Member of role 'standard') in the combat")
        out[i] = body + 1
    return out


def recruits_at_most(sides: np.ndarray, u: int) -> int:
    """Models unit ``u`` can gain in a combat: the enemy's models of 1 wound, 0 without the rule.

    Regimientos de Renombre "Bienvenido a la Maldición" (``S_RECRUIT``): each enemy model
    "con 1 herida en su perfil inicial" its warriors slay joins it.
    """
    if not sides[u, S_RECRUIT]:
        return 0
    return int(sum(sides[v, S_HP] for v in range(sides.shape[0])
                   if sides[v, S_SIDE] != sides[u, S_SIDE] and sides[v, S_W] == 1))
