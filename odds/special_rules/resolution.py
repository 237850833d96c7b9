"""Rules of the combat result: the Dragon's horn, the Muktarin's black standard."""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

DRAGON_HORN = RuleSpec(
    key="dragon_horn", mdnr=("Cuerno del Dragón",), book="Regimientos de Renombre",
    battlescribe=("Cuerno del Dragón",), columns=("S_HORN",), filled_by="odds.combat.model.build",
    # a panic test of every enemy unit (a re-roll, cold), its flight and a pursuit
    dice=lambda m, c: 24 * m.n_units * int(m.sides[:, c.S_HORN].any()),
    plain=False, exact_refuses=lambda m, c: bool((m.sides[:, c.S_HORN] == 1).any()),
    acts=("start of turn", "pursuit"), hooks=("resolution.horn_round", "psychology.horn_panic"),
    rare="RARE_HORNS",
)
"""Regimientos de Renombre (Compañía dragón de Ulther) "Cuerno del Dragón": "El músico de la
unidad tiene este cuerno ... Un solo uso. Debes declarar el uso de este objeto al inicio de tu
fase de movimiento, antes de declarar cargas. Todas las unidades enemigas a 30cm o menos del
músico deben hacer un chequeo de Pánico" (its musician's)."""

BLACK_STANDARD = RuleSpec(
    key="black_standard", mdnr=("Estandarte Negro de los Muktarin",),
    book="Regimientos de Renombre", battlescribe=("Estandarte Negro de los Muktarin",),
    columns=("S_STANDARD",), switches=(), filled_by="odds.combat.model.side",
    dice=lambda m, c: 2 * int((m.sides[:, c.S_STANDARD] == 2).any()),  # a D3 a side a round
    acts=("combat result",), hooks=("resolution.side_totals",),
)
"""Regimientos de Renombre (Perros del Desierto de Al Muktar) "Estandarte Negro de los
Muktarin": "Este estandarte suma +1D3 al resultado de combate de los Perros del Desierto en vez
del habitual +1" (Ibn's magic standard: the unit's while he lives)."""

SPECS = (DRAGON_HORN, BLACK_STANDARD)
