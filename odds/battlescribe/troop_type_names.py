"""MDNR ``Tipo`` words → the engine's troop types (:data:`odds.rules.TROOP_TYPES`).

The builder reads them (:mod:`odds.battlescribe.profiles`,
:mod:`odds.battlescribe.troop_type`): the first word(s) of a profile's ``Tipo``, the
closest type for the words the engine has no type for, and the type of a model printed
without ``Tipo`` that the other books print.
"""

from __future__ import annotations

from types import MappingProxyType

from odds.battlescribe.spelling import name_table

__all__ = [
    "APPROXIMATE_TROOP_TYPES",
    "TROOP_TYPE_NAMES",
    "UNPRINTED_TROOP_TYPES",
]


TROOP_TYPE_NAMES: MappingProxyType = name_table({
    "Infantería": "infantry",
    "Infantería monstruosa": "monstrous_infantry",
    "Caballería": "cavalry",
    "Monstruo": "monster",
    "Carro": "chariot",
    "Enjambre": "swarm",
    "Máquina de guerra": "war_machine",
    # Skaven "Mosquetes jezzail" (Potencia 2): "Infantería (en peana de caballería)", a team
    # on a cavalry base that is infantry, as the book's "Grupo de apoyo" says of the teams
    # on such bases ("aunque puedan estar montados en peana de caballería, se consideran
    # infantería a todos los efectos"); its printed Potencia 2 is the unit strength
    "Infantería (en peana de caballería)": "infantry",
})
"""First word(s) of ``Tipo`` → :data:`odds.rules.TROOP_TYPES` (exact)."""

UNPRINTED_TROOP_TYPES: MappingProxyType = name_table({
    # Orcos y Goblins "Troll" (Trolls; no Tipo, Potencia 3): every other troll of the MDNR
    # books is printed monstrous infantry (Mercenarios "Troll de hielo": "Infantería
    # Monstruosa, Troll."; Reinos del Caos "Troll del Caos": "Infantería monstruosa, Troll,
    # Caos"), as its Potencia 3 says
    "Troll": ("monstrous_infantry", "every other MDNR troll is printed 'Infantería"
              " monstruosa, Troll'"),
    # skavenogres family: Orcos y Goblins Horda Zalvaje "Troll de Río" (Trolls, Trolls de
    # Río; no Tipo, Potencia 3), as "Troll" above
    "Troll de Río": ("monstrous_infantry", "every other MDNR troll is printed 'Infantería"
                     " monstruosa, Troll'"),
})
"""Model profiles printed without ``Tipo`` whose troop type the other books print: name →
(troop type, why)."""

APPROXIMATE_TROOP_TYPES: MappingProxyType = name_table({
    "Caballería monstruosa": "cavalry",
    "Bestia monstruosa": "monstrous_infantry",
    "Bestia": "infantry",
    "Altar": "chariot",
    "Personaje": "infantry",
})
"""``Tipo`` values the engine has no type for → the closest one (reported)."""
