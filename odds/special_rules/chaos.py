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

SPECS = (MARK_OF_MALAL, TZEENTCH_MUTATION)

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
