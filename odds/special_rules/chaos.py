"""Rules of the Reinos del Caos and Enanos del Caos books: the Mark of Malal's re-rolls."""

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

SPECS = (MARK_OF_MALAL,)

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
