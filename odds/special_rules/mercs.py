"""Rules of the mercenaries family on the rule registry.

Mercenarios, Regimientos de Renombre, Orcos y Goblins, Skaven, Enanos and the allied
contingents.
"""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

# Mercenarios (con Personajes Especiales) "Escolta de Mydas": "Toda la unidad de escoltas es
# tozuda mientras Mydas siga vivo. Ningún personaje aparte de Mydas puede añadirse a la
# unidad"; Mydas el Mezquino carries "Pagador" (paymaster)
MYDAS_ESCORT = RuleSpec(
    key="mydas_escort", mdnr=("Escolta de Mydas",), book="Mercenarios",
    reads=("S_BODYGUARD",), filled_by="odds.combat.model.side",
    acts=("break test",), hooks=("psychology.break_test",),
)
"""The unit is stubborn while Mydas lives (MDNR Mercenarios "Escolta de Mydas": "Los escoltas
de Mydas ... son completamente leales a su patrón ... Toda la unidad de escoltas es tozuda
mientras Mydas siga vivo. Ningún personaje aparte de Mydas puede añadirse a la unidad").  Mydas
is the character with ``paymaster`` (his entry's "Pagador"); the only one who may join.  When
he stands in the unit the unit is stubborn until he falls (``S_BODYGUARD`` 3,
:func:`odds.combat.psychology.break_test`); when he is not in the combat, he is taken to be
alive elsewhere and the unit is stubborn throughout."""

# Orcos y Goblins (Horda Zalvaje, Lista de Goblins: Acechantez de Snagla Grobspit) "Carga
# devastadora": "Los Goblins (no las arañas) ganan A+1 cuando cargan."
CHARGE_ATTACK = RuleSpec(
    key="charge_attack", mdnr=("Carga devastadora",), book="Orcos y Goblins",
    battlescribe=("Carga devastadora",),
)
"""+1 A for the riders (the rank and file and the champion, not their steeds) in the first round
of a combat they charged (MDNR Orcos y Goblins "Carga devastadora": "Los Goblins (no las
arañas) ganan A+1 cuando cargan"): their first-round attack rows
(:func:`odds.combat.model.groups`), so the exact first round counts it too."""

# Mercenarios (Fimir) "Ataque de cola": "Adicionalmente a sus ataques, los Fimir tienen un
# ataque adicional (usa un dado de otro color) que realizan con la maza de su cola; este ataque
# se resuelve con F4 independientemente del equipo que lleven. Este ataque sólo puede
# realizarse contra miniaturas que estén en la retaguardia de los Fimir"
TAIL_ATTACK = RuleSpec(
    key="tail_attack", mdnr=("Ataque de cola",), book="Mercenarios",
    battlescribe=("Ataque de cola",),
)
"""Each model makes one more attack every round at S4 whatever its weapon, at its WS and
Initiative, on the enemies touching the unit's rear only (MDNR Mercenarios "Fimir" "Ataque de
cola": "un ataque adicional (usa un dado de otro color) que realizan con la maza de su cola;
este ataque se resuelve con F4 independientemente del equipo que lleven. Este ataque sólo puede
realizarse contra miniaturas que estén en la retaguardia de los Fimir").  The attack group of a
second crew (:func:`odds.combat.model.groups._groups`, so not with ``extra_crew``), one attack
per model fighting the enemy, kept for the enemies in contact with the unit's rear
(:func:`odds.combat.model.build._attack_groups`); no kernel code of its own."""

# Skaven (Cañón de disformidad) "Impactos de F7": "No es un carro a ningún efecto. Sin
# embargo, si el Cañón recibe una herida de F7 o más, resulta destruido automáticamente"
WRECKED_BY_S7 = RuleSpec(
    key="wrecked_by_s7", mdnr=("Impactos de F7",), book="Skaven",
)
"""A wound of Strength 7 or more destroys the model, as it does a chariot (MDNR Skaven "Cañón
de disformidad" "Impactos de F7": "No es un carro a ningún efecto. Sin embargo, si el Cañón
recibe una herida de F7 o más, resulta destruido automáticamente"): the enemy's blows of S7 or
more take every wound it has left, as game system "Carro" does
(:func:`odds.combat.model.thresholds.wreck_chariot`, read where
:mod:`odds.combat.model.groups` sets each attack group); no kernel code of its own.  Read from
its text (:mod:`odds.battlescribe.rule_texts`)."""

SPECS = (MYDAS_ESCORT, CHARGE_ATTACK, TAIL_ATTACK, WRECKED_BY_S7)
