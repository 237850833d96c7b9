"""Rules of the combat result and its aftermath: instability, ranks, standards, a horn."""

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
    column_docs={
        "S_HORN": '"Cuerno del Dragón": 1 + the round at whose start it is blown, 0 none',
    },
)
"""Regimientos de Renombre (Compañía dragón de Ulther) "Cuerno del Dragón": "El músico de la
unidad tiene este cuerno ... Un solo uso. Debes declarar el uso de este objeto al inicio de tu
fase de movimiento, antes de declarar cargas. Todas las unidades enemigas a 30cm o menos del
músico deben hacer un chequeo de Pánico" (its musician's).

MDNR Regimientos de Renombre "Cuerno del Dragón" ("El músico de la unidad tiene este cuerno ...
Un solo uso ... al inicio de tu fase de movimiento, antes de declarar cargas. Todas las unidades
enemigas a 30cm o menos del músico deben hacer un chequeo de Pánico"), while the unit has its
musician: charging, the unit it charges tests panic at the charge as with ``glorious_charge``
(two-unit combats); charged (or in no charge), it is blown at the start of the unit's first own
turn of the combat and every enemy unit of the combat still fighting tests panic; failed, it
flees, pursued only if the horn's side won the round before
(6th.whfb.app/psychology/panicking-in-close-combat; RULES.md §3.4). Leave the flag out of
``special`` for a player who keeps the horn."""

BLACK_STANDARD = RuleSpec(
    key="black_standard", mdnr=("Estandarte Negro de los Muktarin",),
    book="Regimientos de Renombre", battlescribe=("Estandarte Negro de los Muktarin",),
    reads=("S_STANDARD",), switches=(), filled_by="odds.combat.model.side",
    dice=lambda m, c: 2 * int((m.sides[:, c.S_STANDARD] == 2).any()),  # a D3 a side a round
    acts=("combat result",), hooks=("resolution.side_totals",),
)
"""Regimientos de Renombre (Perros del Desierto de Al Muktar) "Estandarte Negro de los
Muktarin": "Este estandarte suma +1D3 al resultado de combate de los Perros del Desierto en vez
del habitual +1" (Ibn's magic standard: the unit's while he lives).

The unit's standard adds +1D3 to its side's combat result instead of +1 (MDNR Regimientos de
Renombre, Perros del Desierto de Al Muktar "Estandarte Negro de los Muktarin": "Este estandarte
suma +1D3 al resultado de combate de los Perros del Desierto en vez del habitual +1"), rolled
each round the standard counts; carried by a named standard bearer (:class:`Member`, "Ibn el
Ciego (portaestandarte)") it counts while he lives. Two standards of a side (a battle standard
beside it) give the larger of the two."""

UNSTABLE = RuleSpec(
    key="unstable", mdnr=("Inestables",), book="gst",
    battlescribe=("Inestables", "Inestabilidad", "Inestable"), columns=("S_UNSTABLE",),
    filled_by="odds.combat.model.side",
    column_docs={
        "S_UNSTABLE": '0 no; 1 unstable; 2 one wound fewer (artefact); 3 that while the standard '
                      'lives',
    },
)
"""gst "Inestables": a unit that loses a combat loses one wound per point it lost by instead of a
break test (RULES.md §3.2)."""

ARTEFACT_CREATURE = RuleSpec(
    key="artefact_creature", mdnr=("Criatura artefacto",), book="Reyes Funerarios",
    reads=("S_UNSTABLE",), switches=(), filled_by="odds.combat.model.side",
)
"""An unstable unit that loses a combat loses one wound fewer (MDNR Reyes Funerarios, Condes
Vampiro "Criatura artefacto": "Sufren una herida menos por los chequeos de Inestabilidad";
RULES.md §3.2)."""

DAEMONIC_INSTABILITY = RuleSpec(
    key="daemonic_instability", mdnr=("Inestabilidad demoníaca",), book="Demonios",
    battlescribe=("Inestabilidad demoníaca", "Inestabilidad demoníaca (Demonios)"),
    columns=("S_INSTABILITY",),
    fill=lambda unit: {"S_INSTABILITY": unit.has("daemonic_instability")},
    column_docs={
        "S_INSTABILITY": 'daemonic instability instead of the break test (Demonios)',
    },
)
"""MDNR Demonios "Inestabilidad Demoníaca": a unit that loses a combat rolls 2D6 instead of its
break test: above its Ld (unmodified) the whole unit is removed, above its Ld less the margin it
loses one wound per point over that, with no save; otherwise nothing happens (it never flees)."""

# Reinos del Caos "La manada en combate": rank bonus "de hasta +2"; "La manada cargando":
# "no anula filas a unidades enemigas cargadas por el flanco o la retaguardia"; their
# formation in combat (a front of four or five, command and characters in front, Gors
# before Ungors, impact hits on the models in contact first) is the engine's own
HERD = RuleSpec(
    key="herd", mdnr=("Manada de bestias",), book="Reinos del Caos: Bestias",
    battlescribe=("La manada en combate", "La manada cargando", "La manada recibiendo una carga"),
    columns=("S_NO_RANK_CANCEL",), reads=("S_RANK_MAX",), switches=(),
    filled_by="odds.combat.model.side",
    column_docs={
        "S_NO_RANK_CANCEL": 'cancels no enemy ranks from a flank or rear: a Bestias herd, '
                            'skirmishers',
    },
)
"""MDNR Reinos del Caos: Bestias "Manada de bestias" ("La manada en combate": "siguen básicamente
las reglas de combate para Hostigadores con una excepción: pueden aplicar bonificador por filas
de hasta +2"; "La manada cargando": "la Manada es Hostigadora (aunque tenga filas), por lo que
no anula filas a unidades enemigas cargadas por el flanco o la retaguardia"): rank bonus at most
+2, and no enemy ranks cancelled from a flank or the rear. Formed up in combat (a front of four
or five, command and characters in front: the user's ``files`` and the engine's placing)."""

# Elfos Oscuros "Danza de la muerte": "pueden anular el bonificador ... por filas de los
# enemigos pese a ser Hostigadores"
CANCELS_RANKS = RuleSpec(
    key="cancels_ranks", mdnr=("Danza de la muerte",), book="Elfos Oscuros",
    battlescribe=("Danza de la muerte",),
)
"""Skirmishers that still cancel an enemy's rank bonus from its flank or rear (MDNR Elfos Oscuros
"Danza de la muerte"; other skirmishers do not, 6th Appendix Seven)."""

# Condes Vampiro "Monstruoso" (Varghulf): "El oponente no puede aplicar el bonificador a
# resolución del combate por combatir contra el flanco o retaguardia del Varghulf"
NO_FLANK_BONUS_AGAINST = RuleSpec(
    key="no_flank_bonus_against", mdnr=("Monstruoso",), book="Condes Vampiro",
    battlescribe=("Monstruoso",), columns=("S_NO_FLANK_BONUS",),
    fill=lambda unit: {"S_NO_FLANK_BONUS": unit.has("no_flank_bonus_against")},
    column_docs={
        "S_NO_FLANK_BONUS": 'enemies on its flank or rear claim no bonus (Condes Vampiro '
                            '"Monstruoso")',
    },
)
"""Enemies fighting the unit through its flank or rear claim no flank or rear bonus (MDNR Condes
Vampiro "Monstruoso", the Varghulf)."""

DAEMONIC_BSB = RuleSpec(
    key="daemonic_bsb", mdnr=("Bendición de Nurgle",), book="Reinos del Caos",
    reads=("S_BSB", "S_STANDARD"), switches=(), filled_by="odds.combat.model.side",
)
"""The unit acts as a daemonic battle standard bearer for itself (MDNR Reinos del Caos "Bendición
de Nurgle", the Carromato de Plaga, of type Nurgle: "actúa como un Portaestandarte de Batalla
Demoníaco a todos los efectos, pero sólo a unidades de tipo Nurgle (permite repetir tirada de
desmoralización, la inestabilidad demoníaca, da +1 a la Resolución de Combate, etc)"): +1 combat
result as a standard, a failed break test re-rolled, and a daemonic instability roll re-rolled
when a fresh roll is expected to cost fewer wounds (:func:`odds.combat.psychology.break_test`).
Other Nurgle units beside it take the re-roll as the side's ``bsb`` option."""

# Regimientos de Renombre (Compañía maldita de Kreugar) "Estandarte de los Malditos": "La
# compañía Maldita sufre una herida menos de la que sufriría normalmente al ser derrotada
# en combate por Inestabilidad. Es un Estandarte mágico a todos los efectos, así que si el
# Portaestandarte muere, se pierde el efecto"
CURSED_STANDARD = RuleSpec(
    key="cursed_standard", mdnr=("Estandarte de los Malditos",), book="Regimientos de Renombre",
    battlescribe=("Estandarte de los Malditos",), reads=("S_UNSTABLE",), switches=(),
    filled_by="odds.combat.model.side",
)
"""An ``unstable`` unit that loses a combat loses one wound fewer while it carries its standard
(MDNR Regimientos de Renombre, Compañía maldita de Kreugar "Estandarte de los Malditos": "sufre
una herida menos de la que sufriría normalmente al ser derrotada en combate por Inestabilidad.
Es un Estandarte mágico a todos los efectos, así que si el Portaestandarte muere, se pierde el
efecto"): with a standard bearer in its ``command``, until its standard goes the way the engine
takes it (the last rank-and-file model besides the champion, RULES.md §2.2), for good."""

SPECS = (DRAGON_HORN, BLACK_STANDARD, UNSTABLE, ARTEFACT_CREATURE, DAEMONIC_INSTABILITY, HERD,
         CANCELS_RANKS, NO_FLANK_BONUS_AGAINST, DAEMONIC_BSB, CURSED_STANDARD)
