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
    columns=("S_BODYGUARD",), filled_by="odds.combat.model.side",
    acts=("break test",), hooks=("psychology.break_test",),
)
"""The unit is stubborn while Mydas lives (MDNR Mercenarios "Escolta de Mydas": "Los escoltas
de Mydas ... son completamente leales a su patrón ... Toda la unidad de escoltas es tozuda
mientras Mydas siga vivo. Ningún personaje aparte de Mydas puede añadirse a la unidad").  Mydas
is the character with ``paymaster`` (his entry's "Pagador"); the only one who may join.  When
he stands in the unit the unit is stubborn until he falls (``S_BODYGUARD`` 3,
:func:`odds.combat.psychology.break_test`); when he is not in the combat, he is taken to be
alive elsewhere and the unit is stubborn throughout."""

SPECS = (MYDAS_ESCORT,)
