"""Rules of flight and pursuit: longer or shorter flees, pursuits forced, forbidden or longer."""

from __future__ import annotations

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

SPECS = (SKAVEN_FLIGHT, RESOLUTE, BLOODGREED, UNPURSUED, MUST_PURSUE, NO_PURSUIT, DEVOURER,
         PURSUIT_3D6_MORE)
