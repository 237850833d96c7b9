"""Ward saves and who may wound whom: daemonic auras, forest spirits, ethereal bodies."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec

FOREST_SPIRIT = RuleSpec(
    key="forest_spirit", mdnr=("Espíritu del bosque",), book="Elfos Silvanos",
    acts=("each strike",),
)
"""Elfos Silvanos "Espíritu del bosque": "Disponen de una tirada de salvación especial de 5+
contra ataques no mágicos (nunca contra hechizos, armas mágicas, etc.)", as a daemonic aura
(:func:`mundane_ward`, read where :mod:`odds.combat.model.groups` sets each attack group's
ward; no kernel code of its own).  The rule's other clauses are other flags given with it
(:data:`odds.battlescribe.rule_names.RULE_FLAGS`): "Sus ataques se consideran mágicos"
(``magic_attacks``), "Son inmunes a la psicología" (``immune_to_psychology``); who may join
whom is army composition."""

FLAME_WARD = RuleSpec(
    key="flame_ward", mdnr=("Armadura negra",), book="Enanos del Caos",
)
"""A ward save of 5+ against flaming attacks (MDNR Enanos del Caos "Armadura negra": "su portador
tiene una tirada de salvación especial de 5+ contra ataques flamígeros")."""

DAEMONIC_AURA = RuleSpec(
    key="daemonic_aura", mdnr=("Aura demoníaca",), book="Demonios",
    battlescribe=("Aura demoníaca", "Aura demoníaca (Demonios)"),
)
"""Demonios "Aura demoníaca": "una tirada de salvación especial de 5+, pero no puede efectuarse
contra ataques mágicos"; a ward save of the model's own replaces it
(:func:`~odds.special_rules.wards.mundane_ward`, worked out per pair of units in
:mod:`odds.combat.model`)."""

ETHEREAL = RuleSpec(
    key="ethereal", mdnr=("Etéreos",), book="gst", battlescribe=("Etéreos", "Etéreo"),
)
"""gst "Etéreos": "No pueden ser heridas, salvo por Ataques mágicos o de otras criaturas etéreas";
worked out per pair of units in :mod:`odds.combat.model`."""

SPECS = (FOREST_SPIRIT, FLAME_WARD, DAEMONIC_AURA, ETHEREAL)

_MUNDANE_WARDS = ("daemonic_aura", "forest_spirit")
_MUNDANE = 5  # the roll of their ward against blows that are not magical
_NONE = 7  # no ward save (odds.rules.IMPOSSIBLE)


def mundane_ward(unit: Any) -> bool:
    """Whether ``unit`` has a 5+ ward save against attacks that are not magical.

    Demonios "Aura demoníaca" ("una tirada de salvación especial de 5+, pero no puede
    efectuarse contra ataques mágicos") and Elfos Silvanos "Espíritu del bosque" (5+ "contra
    ataques no mágicos").  A ward save of the unit's own replaces it (the caller's
    ``ward_save or ...``).
    """
    return any(unit.has(key) for key in _MUNDANE_WARDS)


def own_ward(unit: Any, magic: bool) -> int:
    """The ward save (roll needed, 7 none) ``unit`` takes against blows, magical or not.

    Its own ``ward_save``; against blows that are not magical, Demonios "Aura demoníaca" 5+
    unless it has a ward of its own (which replaces it), Elfos Silvanos "Espíritu del bosque"
    5+ or its own ward if better (Elfos Silvanos "Tatuajes talismánicos": "Un personaje
    Espíritu del bosque con Tatuajes talismánicos tendrá una tirada de salvación especial de
    5+ contra ataques no mágicos (por Espíritu del bosque) y una tirada de salvación especial
    de 6+ contra ataques mágicos (por Tatuajes talismánicos), no se 'suman' ambas").
    """
    own = unit.ward_save or _NONE
    if magic or not mundane_ward(unit):
        return own
    if unit.has("forest_spirit"):
        return min(own, _MUNDANE)
    return unit.ward_save or _MUNDANE
