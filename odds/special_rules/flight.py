"""Rules of a unit's flight: the Skaven's longer flee."""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

SKAVEN_FLIGHT = RuleSpec(
    key="flees_3cm_more", mdnr=("¡El que corre hoy, vive para luchar mañana!",),
    book="Skaven", battlescribe=("¡El que corre hoy, vive para luchar mañana!",),
    columns=("S_FLEE_PLUS",), fill=lambda unit: {"S_FLEE_PLUS": 3 * unit.has("flees_3cm_more")},
    acts=("charge", "break test"),
    hooks=("kernel.break_tests", "psychology.panic_from", "psychology.charge_tests"),
)
"""Skaven "¡El que corre hoy, vive para luchar mañana!": "Todas las miniaturas de tipo Skaven
huyen +3cm adicionales. Ten en cuenta que es huida, no persecución": 3 cm added to each flee
roll of the unit (broken, panicked, or fleeing from a charge), none to its pursuit rolls; an
enemy's pursuit catches it when its roll reaches the longer flee."""

SPECS = (SKAVEN_FLIGHT,)
