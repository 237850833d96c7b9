"""Bodies in a unit's front rank: characters, promoted champions, named members (§1.1, §1.9).

Each becomes a body of its own after the units (``S_HOST`` says whose): a character as a
one-model unit (:func:`character_body`), guard rules that name it (:func:`guarded`), the
save its unit is fought with (:func:`fought_through`), the "Estandarte del Oso" bearer and
the models a unit can recruit; and the steps of
:func:`~odds.combat.model.build.build_units` that make the bodies (which champions are
promoted, the named members taken out of their units, the bodies in order).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from odds import rules
from odds import validation as v
from odds.combat.model.layout import (
    FRONT,
    S_HP,
    S_MUTATION,
    S_MUTATION_WARD,
    S_RECRUIT,
    S_SIDE,
    S_W,
)
from odds.units import Command, Member, Unit

# members attacked only once no rank and file is left, never duelling: a relic (Bretonia
# "Relicario") and a small machine's operator (Enanos "Máquina pequeña")
_SHIELDED_ROLES = ("relic", "operator")


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
      character with ``royal_blood``;
    * Mercenarios "Escolta de Mydas" (``mydas_escort``): "Toda la unidad de escoltas es tozuda
      mientras Mydas siga vivo": Mydas, the character with ``paymaster`` (his "Pagador").
    * Elfos Silvanos "Escolta" (``noble_escort``, Guardia eterna): "Mientras la unidad contenga
      algún Biennacido o algún Noble es Tozuda": a character with ``wood_elf_noble``.

    A promoted champion is never guarded.
    """
    if hosted.champion:
        return False
    return bool((unit.has("bodyguard") and hosted.general)
                or ((unit.has("paymaster_guard") or unit.has("mydas_escort"))
                    and hosted.body.has("paymaster"))
                or (unit.has("royal_guard") and hosted.body.has("royal_blood"))
                or (unit.has("noble_escort") and hosted.body.has("wood_elf_noble")))


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
    shielded: bool = False  # attacked only once no rank and file is left (a relic member)


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
    """Models unit ``u`` can gain in a combat: the enemy's models it may add, 0 without a rule.

    Regimientos de Renombre "Bienvenido a la Maldición" (``S_RECRUIT``): each enemy model
    "con 1 herida en su perfil inicial" its warriors slay joins it.  Reinos del Caos "Magia
    de Tzeentch" (``S_MUTATION``): a Horror for each enemy model its "Mutación incontrolable"
    slays (every model of an enemy unit it may target, ``S_MUTATION_WARD``).
    """
    mutated = 0
    if sides[u, S_MUTATION]:
        # Reinos del Caos "Magia de Tzeentch": a Horror for each enemy model it slays
        mutated = int(sum(-(-sides[v, S_HP] // sides[v, S_W]) for v in range(sides.shape[0])
                          if sides[v, S_SIDE] != sides[u, S_SIDE] and sides[v, S_MUTATION_WARD]))
    if not sides[u, S_RECRUIT]:
        return mutated
    return mutated + int(sum(sides[v, S_HP] for v in range(sides.shape[0])
                             if sides[v, S_SIDE] != sides[u, S_SIDE] and sides[v, S_W] == 1))


def _promoted_champions(units: list[Unit], sides: list[int],
                        contacts: list[tuple[int, int, int, int]],
                        characters: list[tuple[int, Any]], challenge: list[str]) -> list[int]:
    """The units whose champion becomes a body of its own: it may duel, or has gear of its own."""
    # a champion becomes a body of its own where it may duel: its unit is front to front
    # with an enemy unit and either of them may challenge with a character or champion
    hosts = {h for h, _ in characters}
    may_challenge = [c != "never" and (i in hosts or units[i].command.champion)
                     for i, c in enumerate(challenge)]
    dueller = set()
    for a, b, fa, fb in contacts:
        if fa == FRONT and fb == FRONT and (may_challenge[a] or may_challenge[b]):
            dueller |= {a, b}
    # ... and one whose own gear gives it another save than its unit's (Unit.champion_save)
    # or that has rules of its own (Unit.champion_special): the MDNR Regimientos de Renombre
    # leader is "a efectos generales ... un personaje".  A wizard leader's only own rule
    # ("wizard") matters only to an enemy with Cigor's "Visión ultraterrena"
    seers = {sides[i] for i, u in enumerate(units) if u.has("otherworldly_sight")}
    # a war machine's champion is one more crewman (mercenaries family: Regimientos de
    # Renombre "Cercenagoblins de Malakai", "Ingeniero": "Se considera miembro de la dotación
    # a todos los efectos"): always a body of its own beside the machine and its crew
    champions = [i for i, u in enumerate(units)
                 if u.command.champion and (u.models >= 2 or u.troop_type == "war_machine")
                 and (i in dueller or u.troop_type == "war_machine"
                      or u.champion_save != u.armour_save
                      or set(u.champion_special) - {"wizard"} or u.champion_hatred
                      or ("wizard" in u.champion_special and bool(seers - {sides[i]}))
                      or u.champion_ward_save != u.ward_save
                      or rules.WEAPONS[u.champion_weapon_key].pistol_attacks)]
    return champions


def _split_members(units: list[Unit]) -> tuple[list[Unit], list[tuple[int, Member]]]:
    """The units without their named members, and those members with their unit's index."""
    # named members (odds.units.Member) stand in the front rank as bodies of their own,
    # as many as leave the unit one model besides its champion; a standard bearer or
    # musician takes the unit's standard or instrument with it; a chariot's riding characters
    # (Elfos Oscuros "Altar de la medusa") are bodies besides its models
    units = list(units)
    members: list[tuple[int, Member]] = []
    for i, u in enumerate(units):
        riders = u.troop_type == "chariot"
        present = (u.present_members if riders
                   else u.present_members[: max(0, u.models - u.command.champion - 1)])
        if not present:
            continue
        members += [(i, m) for m in present]
        roles = {m.role for m in present}
        units[i] = u.replace(models=u.models - (0 if riders else len(present)), members=(),
                             command=u.command.replace(
            standard=u.command.standard and roles.isdisjoint(("standard", "relic")),
            musician=u.command.musician and roles.isdisjoint(("musician", "relic"))))
    return units, members


def _member_body(u: Unit, m: Member) -> tuple[Unit, int]:
    """The body of member ``m`` of unit ``u`` and its unit strength.

    A member of another troop type (Elfos Silvanos: the Beastmaster on foot among his
    beasts) is its own kind of body: its armour save and unit strength are its type's; a
    member's own unit strength (:attr:`Member.unit_strength`) wins.  A ``relic`` carries
    the effects of the unit's standard and musician and never duels (a command model); an
    ``operator`` (a machine's last crewman) never duels either.
    """
    tt = m.troop_type or u.troop_type
    relic = m.role == "relic"
    special = u.special if m.special is None else m.special
    shielded = m.role in _SHIELDED_ROLES
    # a character riding a chariot: its own blows only (the chariot's crew, steeds and
    # impact hits, and its crew's poisoned attacks, stay the chariot's) and no ward of the
    # chariot's (Elfos Oscuros "Altar drenasangre": the 5+ ward is the altar's own rule); the
    # unit's special rules are its own (the altar's "Furia asesina", terror, hatred)
    rider = ({"crew": 1, "extra_crew": None, "mount": None, "impact_hits": "",
              "impact_strength": None, "ward_save": 0, "poisoned": 0}
             if u.troop_type == "chariot" and tt != "chariot" else {})
    body = u.replace(**rider, name=f"{u.name} {m.name}", models=1, files=1, profile=m.profile,
                     troop_type=tt, unit_strength_override=(
                         m.unit_strength if m.unit_strength is not None
                         else None if tt != u.troop_type else u.unit_strength_override),
                     equipment=m.equipment, champion_profile=None, champion_weapon="",
                     front_weapon="",
                     members=(), command=Command(standard=m.role == "standard" or relic,
                                                 musician=m.role == "musician" or relic),
                     special=((*special, "never_duels")
                              if shielded and "never_duels" not in special else special),
                     multiple_wounds=(u.multiple_wounds if m.multiple_wounds is None
                                      else m.multiple_wounds),
                     armour_save_override=(u.armour_save_override
                                           if m.armour_save_override is None
                                           else m.armour_save_override))
    us = (u.unit_strength_per_model if tt == u.troop_type and m.unit_strength is None
          else body.unit_strength_per_model)
    return body, us


def _hosted_bodies(full_units: list[Unit], characters: list[tuple[int, Any]],
                   champions: list[int], members: list[tuple[int, Member]],
                   named: tuple[str, ...]) -> list[_Hosted]:
    """The bodies standing in the units' front ranks: characters, champions, then members.

    ``full_units``: the units with their champions; ``named``: the combat's labels.
    """
    n_units = len(full_units)
    extra = [_Hosted(host, character_body(ch), ch.profile, ch.unit_strength, ch.general,
                     ch.battle_standard, False,
                     named[n_units + k] if n_units + k < len(named) else ch.name)
             for k, (host, ch) in enumerate(characters)]
    for i in champions:
        u = full_units[i]
        # the champion's own weapon and armour (Unit.champion_equipment) are the body's
        body = u.replace(name=f"{u.name} champion", models=1, files=1,
                         profile=u.champion_profile, command=Command(), champion_weapon="",
                         front_weapon="",
                         champion_armour="", champion_shield=None, members=(),
                         equipment=u.champion_equipment, champion_special=(),
                         special=(*u.special, *u.champion_special), champion_ward=0,
                         hatred=(*u.hatred, *u.champion_hatred), champion_hatred=(),
                         ward_save=u.champion_ward_save, champion_save_override=None,
                         armour_save_override=(u.champion_save_override
                                               if u.champion_save_override is not None
                                               else u.armour_save_override))
        us = u.unit_strength_per_model
        if u.troop_type == "war_machine":
            # the crewman on foot beside the machine: his own T and W, his troop type's
            # unit strength (infantry 1; Enanos del Caos "Artillero Ogro" 3)
            body = body.replace(troop_type=u.champion_troop_type or "infantry", crew=1,
                                extra_crew=None, unit_strength_override=None)
            us = body.unit_strength_per_model
        extra.append(_Hosted(i, body, u.champion_profile, us, False,
                             False, True, f"{named[i] if i < len(named) else u.name} champion"))
    for i, m in members:
        body, us = _member_body(full_units[i], m)
        extra.append(_Hosted(i, body, m.profile, us, False, False,
                             False, f"{named[i] if i < len(named) else full_units[i].name}"
                             f" {m.name}", member=True, lends_ld=m.role == "character",
                             shielded=m.role in _SHIELDED_ROLES))
    # each unit's characters, then its champion and members, are consecutive bodies (stable
    # sort by host)
    extra.sort(key=lambda e: e.host)
    return extra
