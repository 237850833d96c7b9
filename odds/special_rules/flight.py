"""Rules of flight and pursuit: longer or shorter flees, pursuits forced, forbidden or longer."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec

SKAVEN_FLIGHT = RuleSpec(
    key="flees_3cm_more", mdnr=("¡El que corre hoy, vive para luchar mañana!",),
    book="Skaven", battlescribe=("¡El que corre hoy, vive para luchar mañana!",),
    columns=("S_FLEE_PLUS",), fill=lambda unit: {"S_FLEE_PLUS": 3 * unit.has("flees_3cm_more")},
    acts=("charge", "break test"),
    hooks=("kernel.break_tests", "psychology.panic_from", "psychology.charge_tests"),
    column_docs={
        "S_FLEE_PLUS": 'cm added to the unit\'s flee rolls, not its pursuit (Skaven "¡El que corre '
                       'hoy, vive para luchar mañana!")',
    },
)
"""Skaven "¡El que corre hoy, vive para luchar mañana!": "Todas las miniaturas de tipo Skaven
huyen +3cm adicionales. Ten en cuenta que es huida, no persecución": 3 cm added to each flee
roll of the unit (broken, panicked, or fleeing from a charge), none to its pursuit rolls; an
enemy's pursuit catches it when its roll reaches the longer flee."""

RESOLUTE = RuleSpec(
    key="resolute", mdnr=("Firmeza",), book="Enanos", battlescribe=("Firmeza",),
    columns=("S_FLEE_MINUS",), filled_by="odds.combat.model.side",
    column_docs={
        "S_FLEE_MINUS": 'cm taken off the unit\'s flee and pursuit rolls (MDNR Enanos "Firmeza")',
    },
)
"""MDNR Enanos "Firmeza": infantry (and war machine crews, not flyers) flee and pursue 2 cm less
(5D6-2 cm)."""

# Reinos del Caos "Ansia de sangre": "nunca pueden arrasar (...) pero persigue 8D6cm en
# vez de 5D6cm" (the engine's combat ends with the pursuit: no overrun to forbid)
BLOODGREED = RuleSpec(
    key="bloodgreed", mdnr=("Ansia de sangre",), book="Reinos del Caos",
    battlescribe=("Ansia de sangre",), reads=("S_PURSUE_DICE",), switches=(),
    filled_by="odds.combat.model.side",
)
"""MDNR Reinos del Caos "Ansia de sangre": "nunca pueden arrasar ... pero persigue 8D6cm en vez de
5D6cm" (the engine has no overrun; it flees as before)."""

UNPURSUED = RuleSpec(
    key="unpursued", mdnr=("Bendecidos por los Ancestrales",), book="Regimientos de Renombre",
    columns=("S_UNPURSUED",), fill=lambda unit: {"S_UNPURSUED": unit.has("unpursued")},
    column_docs={
        "S_UNPURSUED": 'fleeing from a combat, its enemies never pursue it (Tichi Huichi)',
    },
)
"""When the unit flees from a combat its enemies hold their ground (MDNR Regimientos de Renombre,
Tichi Huichi "Bendecidos por los Ancestrales": "Si los Incursores ... huyen de un combate (por
ejemplo, a causa del miedo, o de un chequeo de desmoralización), los enemigos siempre deben
mantener la posición (no pueden perseguir, incluso aunque tengan una regla que obligue a
perseguir)"; RULES.md §4.3)."""

# Condes Vampiro "Hambrientos": "Siempre que puedan efectuar una carga, deberán cargar
# ... tras el combate, siempre deben perseguir, pero no pueden arrasar" (charging is the
# movement phase's; the engine has no overrun)
MUST_PURSUE = RuleSpec(
    key="must_pursue", mdnr=("Hambrientos",), book="Condes Vampiro", battlescribe=("Hambrientos",),
    reads=("S_HATRED",), filled_by="odds.combat.model.side",
)
"""The unit always pursues a beaten enemy, never tests to hold back (§4.3; MDNR Condes Vampiro
"Hambrientos": "tras el combate, siempre deben perseguir, pero no pueden arrasar"; Imperio
"¡Enajenados mentales!": "Debe perseguir siempre")."""

# Regimientos de Renombre (Mengil) "Despellejar": "El regimiento nunca puede perseguir a
# los enemigos que haya hecho huir en combate cuerpo a cuerpo" (+100 victory points)
NO_PURSUIT = RuleSpec(
    key="no_pursuit", mdnr=("Despellejar",), book="Regimientos de Renombre",
    battlescribe=("Despellejar",), reads=("S_CAN_PURSUE",), switches=(),
    filled_by="odds.combat.model.side",
)
"""The unit never pursues (Regimientos de Renombre "Despellejar": "nunca puede perseguir a los
enemigos que haya hecho huir en combate cuerpo a cuerpo")."""

# Bestias (Preyton) "Devorador": "si el Preyton quiere perseguir o arrasar deberá hacer un
# chequeo de Liderazgo (en vez de un chequeo para no perseguir como es habitual) ... Si
# falla ese chequeo, o si decide no perseguir o arrasar ... todas las unidades enemigas a
# 25cm o menos del Preyton deberán hacer un chequeo de Pánico" (the engine has no overrun)
DEVOURER = RuleSpec(
    key="devourer", mdnr=("Devorador",), book="Reinos del Caos: Bestias",
    battlescribe=("Devorador",), reads=("S_CAN_PURSUE",), switches=(),
    filled_by="odds.combat.model.side",
)
"""The unit pursues only after a passed Ld test, taken instead of the test to hold back; held back
(it fails or the player holds), it feasts and the beaten enemy's units still fighting test panic
(MDNR Bestias "Devorador": "si el Preyton quiere perseguir o arrasar deberá hacer un chequeo de
Liderazgo ... Si falla ese chequeo, o si decide no perseguir o arrasar ... todas las unidades
enemigas a 25cm o menos del Preyton deberán hacer un chequeo de Pánico")."""

PURSUIT_3D6_MORE = RuleSpec(
    key="pursuit_3d6_more", mdnr=("Pellejo de Wulfag",), book="Regimientos de Renombre",
    reads=("S_PURSUE_DICE",), switches=(), filled_by="odds.combat.model.side",
)
"""The unit pursues a unit broken in close combat with 3D6 more than its pursuit dice (MDNR
Regimientos de Renombre, Oglah Khan's "Pellejo de Wulfag": "Cada vez que Oglah y su unidad
persigan a una unidad desmoralizada en combate, pueden perseguir +3D6cm adicionales. Esta
distancia se añade únicamente a la persecución"; it flees as before)."""



def _reroll_dice(model: Any, layout: Any) -> int:
    """The most dice the re-rolls of flee and pursuit rolls add to a round of ``model``.

    Each unit with the rule re-rolls at most one roll a round: its flee roll (flee dice) or
    its pursuit roll (pursuit dice and the extra ones it drops).
    """
    sides = model.sides[:model.n_units]
    return int(sum(max(s[layout.S_FLEE_DICE], s[layout.S_PURSUE_DICE] + s[layout.S_PURSUE_EXTRA])
                   for s in sides if s[layout.S_REROLL_FLIGHT]))


# Orcos y Goblins (Aulladorez de Gitilla el Kazador) "Aulladorez": "Los Aulladorez (incluyendo
# a Gitilla) ignoran el penalizador de -1 por Mover y disparar. Además, pueden repetir todas
# las tiradas para huir o perseguir"
REROLL_FLIGHT = RuleSpec(
    key="reroll_flee_pursue", mdnr=("Aulladorez",), book="Orcos y Goblins",
    battlescribe=("Aulladorez",),
    columns=("S_REROLL_FLIGHT",),
    fill=lambda unit: {"S_REROLL_FLIGHT": int(unit.has("reroll_flee_pursue"))},
    reads=("S_FLEE_DICE", "S_PURSUE_DICE", "S_FLEE_PLUS", "S_FLEE_MINUS", "S_PURSUE_EXTRA"),
    switches=("S_REROLL_FLIGHT",),
    dice=_reroll_dice,
    acts=("pursuit",), hooks=("resolution.leave_and_pursue",),
    column_docs={
        "S_REROLL_FLIGHT": '1: re-rolls a flee roll that is caught, a pursuit roll that falls '
                           'short (Orcos y Goblins "Aulladorez")',
    },
)
"""Orcos y Goblins (Aulladorez de Gitilla el Kazador) "Aulladorez": "Los Aulladorez (incluyendo
a Gitilla) ignoran el penalizador de -1 por Mover y disparar" (shooting) ". Además, pueden
repetir todas las tiradas para huir o perseguir".

Its player re-rolls a roll when it pays (Default): fleeing from a combat, the unit re-rolls its
flee roll (once) when an enemy's pursuit roll catches it, and the new roll decides; pursuing,
it re-rolls a pursuit roll that falls short of the fleeing enemy.  Where both units have the
rule, the fleeing unit re-rolls first.  With several pursuers of one unit, each pursuit roll
is compared in turn, and the flee roll is re-rolled at the first that catches it.  A re-rolled
roll is not re-rolled again; the test to hold back from pursuing is no roll to pursue."""

# Elfos Silvanos (Jinetes de halcón) "Ataque relámpago": "En el turno en que esta miniatura o
# unidad haya cargado, y tras calcular la resolución de combate pero antes de efectuar
# chequeos de desmoralización o aplicar efectos de Miedo, pueden decidir huir de forma
# voluntaria. Si decide huir habiendo perdido o empatado el combate, el enemigo no puede
# perseguir; si deciden huir habiendo ganado, el enemigo debe hacer igualmente chequeo de
# desmoralización. En todos esos casos ... la unidad no causará pánico en unidades amigas por
# huir; y la unidad se reagrupará automáticamente al final del movimiento"
LIGHTNING_STRIKE = RuleSpec(
    key="lightning_strike", mdnr=("Ataque relámpago",), book="Elfos Silvanos",
    battlescribe=("Ataque relámpago",),
    columns=("S_FLEE_BY_CHOICE",),
    fill=lambda unit: {"S_FLEE_BY_CHOICE": int(unit.has("lightning_strike"))},
    reads=("S_CHARGED",), switches=("S_FLEE_BY_CHOICE",),
    exact_refuses=lambda m, c: bool((m.sides[:m.n_units, c.S_FLEE_BY_CHOICE]
                                     * m.sides[:m.n_units, c.S_CHARGED]).any()),
    acts=("break test", "pursuit"),
    hooks=("kernel.break_tests", "resolution.leave_and_pursue"),
    column_docs={
        "S_FLEE_BY_CHOICE": '1: having charged, it flees by choice from a first round lost '
                            'instead of testing (Elfos Silvanos "Ataque relámpago")',
    },
)
"""Elfos Silvanos (Jinetes de halcón) "Ataque relámpago": "En el turno en que esta miniatura o
unidad haya cargado, y tras calcular la resolución de combate pero antes de efectuar chequeos de
desmoralización ... pueden decidir huir de forma voluntaria. Si decide huir habiendo perdido o
empatado el combate, el enemigo no puede perseguir; si deciden huir habiendo ganado, el enemigo
debe hacer igualmente chequeo de desmoralización. En todos esos casos ... la unidad no causará
pánico en unidades amigas por huir; y la unidad se reagrupará automáticamente".

Its player flees when it pays (Default): a unit with the rule that charged and loses the first
round flees by choice instead of taking its break test; no enemy pursues it, it causes no panic
(no break is counted: it leaves the combat as a unit that escaped, rallied at the end of its
move).  Drawing or winning the round, it stays and fights on (fleeing from a draw would only
give up the combat; from a win, the enemy tests as it would anyway).  In later rounds (no longer
the turn it charged) it tests as any unit."""

SPECS = (SKAVEN_FLIGHT, RESOLUTE, BLOODGREED, UNPURSUED, MUST_PURSUE, NO_PURSUIT, DEVOURER,
         PURSUIT_3D6_MORE, REROLL_FLIGHT, LIGHTNING_STRIKE)
