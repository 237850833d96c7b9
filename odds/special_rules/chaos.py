"""Rules of the Reinos del Caos and Enanos del Caos books: Malal's re-rolls, Tzeentch's mutation."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec

MARK_OF_MALAL = RuleSpec(
    key="mark_of_malal", mdnr=("Marca de Malal",),
    book="Reinos del Caos: Mortales (Marca de Malal)", acts=("each strike",),
)
"""Reinos del Caos (Marca de Malal) "Marca de Malal": "Toda miniatura con la Marca de Malal
puede repetir cualquier tirada para impactar (en combate cuerpo a cuerpo o con proyectiles)
contra miniaturas de tipo Caos, Skaven o No Muerto" (the Minotauro Destripador's and the
characters' texts say the same of the model): the unit re-rolls its missed hits in every
round against an enemy :func:`malal_foe` (read where :mod:`odds.combat.model.groups` sets
each attack group's re-roll; no kernel code of its own).  The mark is read from its text
(:func:`odds.battlescribe.rule_texts.mark_effects`); its missile half is shooting."""



def mutation_ward(unit: Any) -> int:
    """The ward save of ``unit`` against a "Mutación incontrolable"; 0 = it cannot be its target.

    "Las bajas sólo pueden hacerse a miniaturas de infantería o caballería": other troop
    types are no target.  "Anula armaduras" takes the armour save only; the unit's own ward
    save is rolled, not the 5+ of a daemonic aura or a forest spirit (a spell's casualties are
    magical).
    """
    if unit.troop_type not in ("infantry", "cavalry"):
        return 0
    return unit.ward_save or 7


def _mutation_before_first_blows(m: Any, c: Any) -> bool:
    """A mutation cast before the first round's blows (its side's turn): the kernel's."""
    n = m.n_units
    return bool((m.sides[:n, c.S_MUTATION] * (m.sides[:n, c.S_SIDE] == m.active_side)).any())


TZEENTCH_MUTATION = RuleSpec(
    key="tzeentch_mutation", mdnr=("Magia de Tzeentch",), book="Reinos del Caos: Demonios",
    columns=("S_MUTATION", "S_MUTATION_WARD"), switches=("S_MUTATION",),
    fill=lambda unit: {"S_MUTATION": unit.has("tzeentch_mutation"),
                       "S_MUTATION_WARD": mutation_ward(unit)},
    # a D6 per model in contact and a ward roll per 6: its models at most, twice
    dice=lambda m, c: 2 * m.ranks.shape[1] * int(m.sides[:m.n_units, c.S_MUTATION].sum()),
    plain=False, exact_refuses=_mutation_before_first_blows,
    acts=("start of turn",), hooks=("psychology.mutations", "kernel.who_fights"),
    rare="RARE_TURN",
    column_docs={
        "S_MUTATION": 'casts "Mutación incontrolable" each own turn (Reinos del Caos "Magia de '
                      'Tzeentch")',
        "S_MUTATION_WARD": 'the ward save against it on this unit (7 = none); 0 = not a target',
    },
)
"""Reinos del Caos (Horrores, Incineradores de Tzeentch) "Magia de Tzeentch": "Los Horrores son
una unidad mágica. Una vez por turno, al inicio de la fase de magia (propia), pueden lanzar un
hechizo, considerándose a todos los efectos objetos portahechizos ... Mutación incontrolable.
Sólo en combate cuerpo a cuerpo. Lanza 1D6 por cada Horror en contacto peana con peana con el
enemigo, con un 6 hace una baja en una unidad enemiga con la que esté en contacto. Anula
armaduras. Las bajas sólo pueden hacerse a miniaturas de infantería o caballería (pueden ser
personajes). Por cada enemigo aniquilado con este hechizo, añade un Horror a la unidad"
(:func:`odds.combat.psychology.mutations`).  Default: the unit casts it at the start of each
of its own turns while engaged (the spell the catalogue names for close combat) and it is not
dispelled (the engine has no magic phase nor dispel dice); its casualties fall on the unit's
rank and file, not on its characters, and count for no combat result (magic, not
close-combat wounds).  Its other spells ("Fuego de Tzeentch", "Vórtice Refulgente") are
alternatives the engine does not cast."""

SHIELD_WALL = RuleSpec(
    key="shield_wall", mdnr=("Muro de escudos",),
    book="Reinos del Caos: Norsca, Contingente Aliado: Norses", battlescribe=("Muro de escudos",),
    columns=("S_WALL",), fill=lambda unit: {"S_WALL": int(unit.has("shield_wall"))},
    acts=("end of phase",), hooks=("fighters.expand", "model.build.build_units"),
    column_docs={
        "S_WALL": "1: holds its shield wall, never widens nor laps round (\"Muro de escudos\")",
    },
)
"""Reinos del Caos Norsca, Contingente Aliado: Norses (Huscarles) "Muro de escudos": "En su fase
de movimiento, si no efectúan ningún movimiento pueden declarar que forman un Muro de escudos.
La unidad tiene un +1 a su tirada de salvación por armadura hasta que muevan de alguna forma
(incluyendo declarar cargas, huir, mover por hechizos, perseguir, envolver filas, cambiar
formación, etc)".

Default: a unit with it that did not charge into this combat stands in the shield wall it
formed in its last movement phase (an engaged unit does not move in its movement phase, so it
keeps it): its rank and file and champion have +1 to their armour save (no save stays no save)
for the whole combat, and it never widens its frontage nor laps round in the redress (RULES.md
§1.11: the winner "may"; either would be a move ending the wall).  A unit that charged
declared a charge: no wall, and it redresses as any other (:func:`hold_shield_wall`, applied
by :func:`odds.combat.model.build_units`).  Its pursuit or flight ends the combat.  The option
is the rule itself: a unit without the flag fights without the wall."""

MUTATIONS = RuleSpec(
    key="mutations", mdnr=("Mutaciones",), book="Reinos del Caos: Mortales",
    battlescribe=("Mutaciones",), acts=("charge",), hooks=("model.build.build_units",),
)
"""Reinos del Caos Mortales (Malditos) "Mutaciones": "Cuando vayas a desplegar la unidad de
Malditos, lanza 1D6 justo antes para saber qué mutación tendrá la unidad de Malditos hasta el
final de la batalla: 1. Siempre ataca último. 2. Poder de penetración. 3. HA+1. 4. F+1.
5. Ataques envenenados. 6. Golpe Letal."

The roll is made before the battle, so a combat is fought with one mutation throughout: the
combat model of a unit with the flag is the mixture, 1/6 each, of the six combats with the
unit mutated (:func:`mutation_variants`, applied by :func:`odds.combat.model.build_units`;
``CombatModel.mixture``): the kernel runs each part on an equal share of the trials and the
exact first round mixes the parts' answers.  No kernel code of its own: each mutation is a
rule or a profile change the engine has (``always_strikes_last``, ``armour_piercing``, WS+1,
S+1, poisoned attacks, ``killing_blow``; WS and S at most 10), given to the rank and file and
the champion (a character may not join the unit: "Enajenados")."""

MUTATION_NAMES: tuple[str, ...] = (
    "Siempre ataca último", "Poder de penetración", "HA+1", "F+1", "Ataques envenenados",
    "Golpe Letal",
)
"""The six mutations of "Mutaciones", by the D6 roll (1 to 6)."""

SPECS = (MARK_OF_MALAL, TZEENTCH_MUTATION, SHIELD_WALL, MUTATIONS)


def mutated(unit: Any, roll: int) -> Any:
    """``unit`` with the mutation of D6 ``roll`` (1-6) and without the ``mutations`` flag."""
    special = tuple(r for r in unit.special if r != "mutations")
    if roll == 1:
        return unit.replace(special=(*special, "always_strikes_last"))
    if roll == 2:
        return unit.replace(special=(*special, "armour_piercing"))
    if roll == 5:
        return unit.replace(special=special, poisoned=6)
    if roll == 6:
        return unit.replace(special=(*special, "killing_blow"))
    name = "WS" if roll == 3 else "S"
    changes: dict[str, Any] = {"special": special,
                               "profile": unit.profile.replace(
                                   **{name: min(10, getattr(unit.profile, name) + 1)})}
    if unit.champion_profile is not None:
        changes["champion_profile"] = unit.champion_profile.replace(
            **{name: min(10, getattr(unit.champion_profile, name) + 1)})
    return unit.replace(**changes)


def mutation_variants(unit: Any) -> list[tuple[float, Any]]:
    """The six equally likely builds of a unit with "Mutaciones" (:data:`MUTATIONS`).

    Returns ``[(1/6, unit with mutation k), ...]`` for rolls 1 to 6; ``[(1.0, unit)]`` for a
    unit without the flag.
    """
    if not unit.has("mutations"):
        return [(1.0, unit)]
    return [(1 / 6, mutated(unit, roll)) for roll in range(1, 7)]


def hold_shield_wall(unit: Any, charged: bool) -> Any:
    """``unit`` as it fights this combat with "Muro de escudos" (:data:`SHIELD_WALL`).

    A unit without the rule is returned as it is; one that charged loses it; one that did not
    has +1 to its armour save and its champion's (a save of 7, none, stays 7).
    """
    if not unit.has("shield_wall"):
        return unit
    if charged:
        return unit.replace(special=tuple(r for r in unit.special if r != "shield_wall"))
    changes: dict[str, Any] = {}
    save = unit.armour_save
    if unit.command.champion and unit.champion_save != save and unit.champion_save < 7:
        changes["champion_save_override"] = max(1, unit.champion_save - 1)
    if save < 7:
        changes["armour_save_override"] = max(1, save - 1)
    return unit.replace(**changes) if changes else unit

CHAOS_ARMIES = frozenset({"warriors_of_chaos", "beasts_of_chaos", "daemons_of_chaos"})
"""The army tags of the Reinos del Caos books: their models are *de tipo Caos*."""

_MALAL_RACES = frozenset({"daemon", "skaven", "undead"})


def malal_foe(enemy: Any) -> bool:
    """Whether ``enemy`` (a unit with ``damage_tags``) is *de tipo Caos, Skaven o No Muerto*.

    Of tipo Caos: a model of a Reinos del Caos army (:data:`CHAOS_ARMIES`), a daemon, and a
    chaos dwarf (Enanos del Caos "Pabellón de la custodia templada": "Todas las
    miniaturas de Enanos del Caos (tipo Enano y tipo Caos a la vez)"; not their hobgoblins);
    Skaven and undead by their race tags (a vampire is undead too).
    """
    tags = enemy.damage_tags
    return bool(tags & (CHAOS_ARMIES | _MALAL_RACES)) or {"chaos_dwarfs", "dwarf"} <= tags
