"""Chaos, Ogre and Culto de Slaanesh rules acting on the models in base contact.

The frost aura (Reinos del Caos Norsca, Reinos Ogros), the soporific musk (Elfos Oscuros Culto
de Slaanesh), and the Hobgoblins' lapping round (Enanos del Caos "Escurridizos").
"""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

FROST_AURA = RuleSpec(
    key="frost_aura", mdnr=("Aura de escarcha",), book="Reinos del Caos: Norsca, Reinos Ogros",
    battlescribe=("Aura de escarcha",), acts=("each strike",),
)
"""Reinos del Caos (Norsca: Lobos de Hielo), Reinos Ogros (Yehtis) "Aura de escarcha": "Todas
las miniaturas (amigas o enemigas), que no sean Inmunes a frío, y estén en contacto peana con
peana con uno o más Lobos de Hielo, sufren un -1 a sus tiradas para impactar en combate cuerpo
a cuerpo. No afecta a miniaturas Inmunes a frío (como los Yehtis) ni a miniaturas que siempre
impacten a un valor fijo".

Every body without ``immune_to_cold`` in contact with a unit carrying it (an enemy unit, or a
character of its own side standing in that unit) rolls its close-combat hits at -1 for the
whole combat, a 6 still hitting; automatic hits are not rolled and keep hitting; summed with
the other penalties in contact ("Nube de moscas").  Friendly units are never in base contact
in the engine (it has no positions).  Applied to the combat's attack groups
(:func:`odds.combat.model.contact_effects`); no kernel code of its own."""

SOPORIFIC_MUSK = RuleSpec(
    key="soporific_musk", mdnr=("Almizcle soporífero",),
    book="Elfos Oscuros: Culto de Slaanesh", battlescribe=("Almizcle soporífero",),
    acts=("each strike",),
)
"""Elfos Oscuros Culto de Slaanesh (Iniciados de Slaanesh) "Almizcle soporífero": "Todas las
unidades y personajes enemigos en contacto peana con peana con una o más miniaturas con
Almizcle Soporífero ven su HA y su Iniciativa reducidas a la mitad (redondeando hacia arriba)".

Every enemy unit in contact with a unit carrying it (or with a character carrying it), and the
characters standing in that enemy unit, fight the combat with half their WS and I rounded up
(riders, champions, steeds and crews alike: "unidades y personajes"), which sets their to-hit
rolls both ways and their place in the strike order; contacts are fixed for the combat, so it
lasts as long as the combat (:func:`odds.combat.model.soporific_musk`, before the attack
groups are built); no kernel code of its own."""

SLIPPERY = RuleSpec(
    key="slippery", mdnr=("Escurridizos",),
    book="Enanos del Caos, Contingente Aliado: Hobgoblins",
    battlescribe=("Escurridizos",),
    columns=("S_SLIPPERY",), fill=lambda unit: {"S_SLIPPERY": int(unit.has("slippery"))},
    acts=("pursuit",),
    hooks=("kernel.flee_pursue_redress", "fighters.expand", "fighters.slippery_redress"),
    column_docs={
        "S_SLIPPERY": '1: never lapped round, laps round win or lose (Enanos del Caos '
                      '"Escurridizos")',
    },
)
"""Enanos del Caos, Contingente Aliado: Hobgoblins (Hobgoblin escurridizos) "Escurridizos":
"El enemigo nunca puede envolver el flanco de los Hobgoblins Escurridizos, mientras que éstos
pueden envolver al enemigo siempre, con cualquier número de miniaturas (incluso aunque no hayan
ganado el combate). La huida se trata de la forma habitual. En caso de dos unidades de
Hobgoblins Escurridizos trabadas en combate, la regla se anula".

In the redress after each round (RULES.md §1.11; the engine's option ``expand``), a unit with
it redresses whether it won, lost or drew: it widens its frontage as a winner does (up to four
models, keeping its rank bonus) and laps round the enemy's flanks with as many models as it has
left behind its front, two per enemy rank each side at most, instead of four a round; its
lapping models stay when it loses.  An enemy unit never laps round it (it may still widen its
frontage up to one model past each end of the slippery unit's front).  Two slippery units
facing each other redress as any others.  Its flight is the usual one.  The exact first round
is unchanged (the redress follows it)."""

SPECS = (FROST_AURA, SOPORIFIC_MUSK, SLIPPERY)
