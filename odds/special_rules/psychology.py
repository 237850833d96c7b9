"""Psychology and Leadership: stubbornness, fear, hatred, frenzy, panic, stupidity, a lament."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec
from odds.special_rules.wards import own_ward

STUPIDITY = RuleSpec(
    key="stupidity", mdnr=("Estupidez",), book="gst", battlescribe=("Estupidez",),
    columns=("S_STUPID",), fill=lambda unit: {"S_STUPID": unit.has("stupidity")},
    plain=False, acts=("start of turn",), hooks=("psychology.stupidity",),
    column_docs={
        "S_STUPID": 'stupidity (§1.10)',
    },
)
"""Each own turn a Ld test; failed while engaged, only half its models fight (§1.10).

MDNR gst "Estupidez"; each of its own turns the unit tests Ld; failed while engaged, only half
its models fight that turn (§1.10)."""

DRUNK = RuleSpec(
    key="drunk", mdnr=("Borrachos",), book="Reinos del Caos: Bestias",
    battlescribe=("Borrachos",),
    columns=("S_DRUNK",), fill=lambda unit: {"S_DRUNK": unit.has("drunk")},
    dice=lambda m, c: int(m.sides[:, c.S_DRUNK].sum()),  # one D6 a unit a round
    plain=False, acts=("charge", "start of turn"),
    hooks=("psychology.charge_tests", "psychology.stupidity"),
    column_docs={
        "S_DRUNK": 'MDNR Bestias "Borrachos": each own turn 1D6: 1 stupidity test, 6 frenzied',
    },
)
"""Each own turn 1D6: 1 stupid, 6 frenzied (MDNR Reinos del Caos: Bestias "Borrachos").

MDNR Reinos del Caos: Bestias "Borrachos" (Centigors): "Al inicio de cada uno de tus turnos
lanza 1D6 por cada unidad; con un 1 son estúpidos (haz el chequeo inmediatamente), con 2-5
actúan con normalidad, con 6 entran en Furia Asesina hasta el final del turno propio (incluso
aunque hayan perdido el combate anteriormente)": at the start of each round of its side's turn
the unit rolls: 1, it takes the stupidity test (§1.10); 6, it is frenzied for that round (+1
attack, must pursue; lost on losing the round). When it charges, the roll of the charge turn
comes first: frenzied, it takes no fear or terror test at the charge (§3.3)."""

COLD_BLOODED = RuleSpec(
    key="cold_blooded", mdnr=("Sangre fría",), book="Mercenarios", battlescribe=("Sangre fría",),
    columns=("S_COLD",), fill=lambda unit: {"S_COLD": unit.has("cold_blooded")},
    # a third die for each Ld test: at most 8 tests a round
    dice=lambda m, c: 8 * int(m.sides[:, c.S_COLD].any()) * m.sides.shape[0],
    acts=("charge", "break test"), hooks=("blows.leadership_test",),
    column_docs={
        "S_COLD": 'cold-blooded (MDNR "Sangre fría"): Ld tests on its own Ld roll 3D6, drop '
                  'highest',
    },
)
"""Ld tests on 3D6 without the highest die (MDNR Mercenarios "Sangre fría").

MDNR Mercenarios "Sangre fría": "Para todos los chequeos de Liderazgo (incluyendo Chequeos de
Psicología y Chequeos de Desmoralización), lanza 3 dados y descartan el dado mayor"; Elfos
Oscuros: "sólo usarán Sangre Fría si utilizan su propio Liderazgo" (a General's or another
character's Ld is tested on 2D6: the unit takes whichever test is more likely to pass,
:func:`odds.combat.blows.better_test`)."""


def lament_ward(unit: Any) -> int:
    """The ward save of ``unit`` against a "Lamento de la doncella"; 0 = it cannot be its target.

    Condes Vampiro "Lamento de la doncella": "no puede hacerse contra unidades inmunes a
    psicología" (also the unbreakable, ``S_ITP``; a frenzied unit is immune while it is
    frenzied, in the kernel), "no afecta a miniaturas Etéreas"; "NO se considera ... Ataque
    mágico": a daemonic aura's 5+ ward applies as against any mundane attack.  "Anula
    armaduras" takes the armour save only: a ward save of the unit's own is rolled (6th
    edition: a ward save may be taken against any wound unless a rule says otherwise).

    Parameters
    ----------
    unit : Unit
        The unit a lament may target.

    Returns
    -------
    int
        0 when no lament may target it, else the ward save needed (7 = none).
    """
    if (unit.has("immune_to_psychology") or unit.has("unbreakable")
            or unit.has("ethereal")):
        return 0
    return own_ward(unit, False)


def _lament_before_first_blows(m: Any, c: Any) -> bool:
    """A lament made before the first round's blows (its side's turn): the kernel's."""
    n = m.n_units
    return bool((m.sides[:n, c.S_LAMENT] * (m.sides[:n, c.S_SIDE] == m.active_side)).any())


MAIDEN_LAMENT = RuleSpec(
    key="maiden_lament", mdnr=("Lamento de la doncella", "Coro de doncellas"),
    book="Condes Vampiro", battlescribe=("Lamento de la doncella", "Coro de doncellas"),
    columns=("S_LAMENT", "S_LAMENT_WARD"), switches=("S_LAMENT",),
    fill=lambda unit: {"S_LAMENT": 2 * unit.has("maiden_lament"),
                       "S_LAMENT_WARD": lament_ward(unit)},
    # 2D6, then a ward and a regeneration roll for each of at most 2D6 + S_LAMENT wounds
    dice=lambda m, c: int(sum(2 + 2 * (12 + x) for x in m.sides[:m.n_units, c.S_LAMENT]
                              if x > 0)),
    plain=False, exact_refuses=_lament_before_first_blows,
    acts=("start of turn",), hooks=("psychology.lament", "psychology.own_turn_start"),
    rare="RARE_TURN",
    column_docs={
        "S_LAMENT": 'a "Lamento de la doncella" each own turn (Condes Vampiro): 2D6 + this (2, or '
                    '4)',
        "S_LAMENT_WARD": 'the ward save against a lament on this unit (7 = none); 0 = not a '
                         'target',
    },
)
"""Each own turn, before the blows, wounds on an enemy unit in contact, armour ignored.

Condes Vampiro (Doncella espectral) "Lamento de la doncella": "Lanza 2D6+2 y compáralo con el
atributo de Liderazgo de la unidad ... por cada punto en que se supere dicho atributo, la
unidad objetivo sufrirá una herida que Anula armaduras"; (Sagrario mortis) "Coro de
doncellas": "Cada turno, el Sagrario puede efectuar un Lamento de la Doncella".


In each round of its side's turn, before the blows (its shooting phase), the unit rolls 2D6+2
against the best Ld of one enemy unit it fights (the unit's, its champion's, a character's or
member's in it, the General's): each point above is one wound with no armour save (a ward save,
then regeneration, apply), on the unit's models as missiles; not counted in the combat result,
no panic test (MDNR Condes Vampiro "Doncella espectral" "Lamento de la doncella": "Es un Ataque
especial que se realiza en la fase de Disparo, pero NO se considera Hechizo, Ataque mágico,
Disparo ni Proyectiles a ningún efecto ... si la Doncella está trabada en combate con una o más
unidades deberá elegir como objetivo una unidad con la que esté trabada. Lanza 2D6+2 y compáralo
con el atributo de Liderazgo ... por cada punto en que se supere dicho atributo, la unidad
objetivo sufrirá una herida que Anula armaduras"; "Sagrario mortis" "Coro de doncellas": "Cada
turno, el Sagrario puede efectuar un Lamento de la Doncella"). Units immune to psychology
(unbreakable and, while frenzied, frenzied ones too) and ethereal ones are never its target;
cold blood and automatic passes do not help ("esto NO es un chequeo de Liderazgo"); of several
enemy units in contact, the one with the highest expected unsaved wounds
(:func:`odds.combat.psychology.lament`, :func:`odds.combat.model.lament_ward`)."""

CAPTAIN_BOUND = RuleSpec(
    key="captain_bound", mdnr=("No Muertos", "Capitán"), book="Regimientos de Renombre",
    columns=("S_CAPTAIN",), fill=lambda unit: {"S_CAPTAIN": unit.has("captain_bound")},
    # two tests a round (the end of the phase the leader fell in, the start of the next own
    # turn), 2D6 each
    dice=lambda m, c: 4 * int(m.sides[:m.n_units, c.S_CAPTAIN].sum()),
    plain=False, exact_refuses=lambda m, c: bool(m.sides[:, c.S_CAPTAIN].any()),
    acts=("end of phase", "start of turn"),
    hooks=("psychology.captains_fall", "psychology.crumble"),
    rare="RARE_CAPTAINS|RARE_TURN",
    column_docs={
        "S_CAPTAIN": 'crumbles once its promoted champion falls ("No Muertos", "Capitán")',
    },
)
"""The unit crumbles once its leader falls, unless it passes a Ld test.

The unit crumbles once its leader (its champion, fighting as a body of its own) has fallen (MDNR
Regimientos de Renombre "No Muertos", "Capitán", of the Compañía maldita de Kreugar and the
Legión de Pesadilla: "Si Richter muere ... Al término de la fase en que el Capitán haya sido
eliminado y al comienzo de cada turno posterior de la Compañía Maldita, esta deberá efectuar un
chequeo de liderazgo. Si no lo supera, sufrirá un número de heridas igual a la diferencia ...
heridas que no podrán evitarse mediante ninguna tirada de salvación (ni siquiera especiales)"):
2D6 against the unit's own Ld at the end of the close-combat phase in which he fell and at the
start of each later round of its side's turn; each point above it is a wound with no save of any
kind. Not in the combat result."""

ABYSSAL_HOWL = RuleSpec(
    key="abyssal_howl", mdnr=("Aullido abisal",), book="Elfos Oscuros",
    battlescribe=("Aullido abisal",), columns=("S_HOWLED",), filled_by="odds.combat.model.contact",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_HOWLED].any()),
    acts=("break test",), hooks=("psychology.howled", "psychology.howled_test"),
    column_docs={
        "S_HOWLED": '1 + the enemy with "Aullido abisal" in contact re-rolling its Ld tests, 0 '
                    'none',
    },
)
"""Elfos Oscuros (Kharibdyss) "Aullido abisal": "El jugador Elfo Oscuro puede obligar a repetir
cualquier tirada basada en Liderazgo de cualquier unidad en contacto peana con peana con el
Kharibdyss (incluyendo Chequeos de Desmoralización)".

The enemy units in base contact (not immune to psychology, unbreakable or causing fear or
terror) re-roll their passed break, panic and stupidity tests, and a failed test to hold back
from pursuing it, while it lives and fights (MDNR Elfos Oscuros "Kharibdyss" "Aullido abisal":
"El jugador Elfo Oscuro puede obligar a repetir cualquier tirada basada en Liderazgo de
cualquier unidad en contacto peana con peana con el Kharibdyss (incluyendo Chequeos de
Desmoralización)"; :func:`odds.combat.model.contact_effects`)."""

# Enanos "Orgullo artillero": "Mientras la máquina de guerra no haya sido destruida, la
# dotación es Tozuda, no puede declarar Huir como reacción a una carga ... y nunca
# perseguirán" (the engine's war machine is its crew on the machine's T and W: destroyed,
# the unit is gone; war machines never pursue and hold at the charge)
STUBBORN = RuleSpec(
    key="stubborn", mdnr=("Tozudez",), book="gst",
    battlescribe=("Tozudez", "Tozudos", "Orgullo artillero"), columns=("S_STUBBORN",),
    fill=lambda unit: {"S_STUBBORN": unit.has("stubborn")},
)
"""gst "Tozudez": the unit ignores the combat result difference in its break tests
(RULES.md §3.2)."""

UNBREAKABLE = RuleSpec(
    key="unbreakable", mdnr=("Inmune a desmoralización",), book="gst",
    battlescribe=("Inmune a desmoralización", "Indesmoralizable", "Indesmoralizables",
                  "Inmune a desmoralización (aunque sigue teniendo Odio a pielesverdes)"),
    columns=("S_UNBREAKABLE",), reads=("S_ITP",), switches=("S_UNBREAKABLE",),
    fill=lambda unit: {"S_UNBREAKABLE": unit.has("unbreakable")},
)
"""gst "Inmune a desmoralización": the unit never takes a break test and is immune to psychology
(RULES.md §3.2)."""

IMMUNE_TO_PSYCHOLOGY = RuleSpec(
    key="immune_to_psychology", mdnr=("Inmune a psicología",), book="gst",
    battlescribe=("Inmune a psicología", "Inmune a la psicología", "Inmunes a psicología"),
    columns=("S_ITP",), filled_by="odds.combat.model.side",
    column_docs={
        "S_ITP": 'immune to psychology (not counting frenzy)',
    },
)
"""gst "Inmune a psicología": no fear, terror or panic tests; it may not flee from a charge
(RULES.md §3.3)."""

FEAR = RuleSpec(
    key="fear", mdnr=("Miedo",), book="gst", battlescribe=("Miedo", "Causa miedo"),
    columns=("S_FEAR",), filled_by="odds.combat.model.side",
)
"""gst "Miedo": the unit causes fear: tests at the charge and the fear auto-break (RULES.md §3.2,
§3.3); a unit that causes fear is immune to it."""

TERROR = RuleSpec(
    key="terror", mdnr=("Terror",), book="gst", battlescribe=("Terror", "Causa terror"),
    reads=("S_FEAR",), switches=(), filled_by="odds.combat.model.side",
)
"""gst "Terror": the unit causes terror, which includes fear (RULES.md §3.3)."""

HATRED = RuleSpec(
    key="hatred", mdnr=("Odio",), book="gst", battlescribe=("Odio", "Odio a todas las miniaturas"),
    columns=("S_HATRED",), reads=("G_REROLL",), switches=("S_HATRED",),
    filled_by="odds.combat.model.side, odds.combat.model.groups",
)
"""gst "Odio": hatred of every enemy: re-roll missed hits in the first round of a combat, always
pursue (RULES.md §1.6); hatred of named enemies only is the :attr:`Unit.hatred` list
(:data:`odds.battlescribe.rule_names.NAMED_HATRED`)."""

# Demonios "Cañón de cráneos" "Carro, furia asesina y frontal": "Sólo los Desangradores
# ganan el ataque extra (no el Cañón), pero toda la miniatura se ve sujeta a las reglas de
# movimiento de la Furia Asesina. Ten en cuenta que el Cañón sólo ataca por su frontal,
# como si fuera una bestia de tiro": frenzy (its extra attack is the crew's: steeds get
# none, model._groups), the cannon's own attacks as the chariot's one beast (mounts:
# _BODY_AS_BEAST); "Trono sangriento de Khorne" "Furia asesina (ataques solo
# desangradores)": "afecta a toda la miniatura, aunque el ataque extra es sólo a los dos
# Desangradores" (the throne itself has no attacks)
FRENZY = RuleSpec(
    key="frenzy", mdnr=("Furia asesina",), book="gst",
    battlescribe=("Furia asesina", "Carro, furia asesina y frontal",
                  "Furia asesina (ataques solo desangradores)"),
    columns=("S_FRENZY", "G_FRENZY_A"), switches=("S_FRENZY",),
    fill=lambda unit: {"S_FRENZY": unit.has("frenzy")}, filled_by="odds.combat.model.groups",
    column_docs={
        "G_FRENZY_A": 'extra attacks while frenzied',
    },
)
"""gst "Furia asesina": +1 attack, immune to psychology, must pursue; lost on losing a round
(RULES.md §1.6)."""

MINDLESS = RuleSpec(
    key="mindless", mdnr=("Descerebrados",), book="gst", battlescribe=("Descerebrados",),
)
"""gst "Descerebrados": a label of the undead books; the engine gives it no combat effect of its
own."""

ETERNAL_HATRED = RuleSpec(
    key="eternal_hatred", mdnr=("Odio eterno",), book="Elfos Oscuros",
    battlescribe=("Odio eterno",),
)
"""Re-roll missed hits in every round against every enemy (MDNR Elfos Oscuros "Odio eterno":
"Siempre pueden repetir las tiradas para impactar falladas (no sólo el primer turno y no sólo
contra Altos Elfos)")."""

IMMUNE_TO_PANIC = RuleSpec(
    key="immune_to_panic", mdnr=("Inmune a pánico",), book="gst",
    battlescribe=("Inmune a pánico", "Inmune al pánico"), columns=("S_NO_PANIC",),
    fill=lambda unit: {"S_NO_PANIC": unit.has("immune_to_panic")},
    column_docs={
        "S_NO_PANIC": 'immune to panic (gst "Inmune a pánico"; §3.4)',
    },
)
"""gst "Inmune a pánico": "Esta unidad no debe realizar chequeos de pánico" (RULES.md §3.4)."""

AURA_OF_SLAANESH = RuleSpec(
    key="aura_of_slaanesh", mdnr=("Aura de Slaanesh",), book="Reinos del Caos",
    battlescribe=("Aura de Slaanesh",),
)
"""Reinos del Caos "Aura de Slaanesh": "Todas las unidades y personajes enemigos en contacto peana
con peana ... tienen un -1 a su Liderazgo, hasta un mínimo de 2": it acts on the enemy units in
contact with the unit (or with a character carrying it), for the whole combat
(:func:`odds.combat.model.contact_effects`)."""

# Orcos y Goblins, Enanos del Caos, Regimientos de Renombre "Miedo a los orejotaz": "las
# unidades de tipo Goblin tienen Miedo de las unidades de tipo Elfo, a no ser que su
# potencia de unidad sea del doble o más" (also the goblins' race, races._RACE_RULES)
FEARS_ELVES = RuleSpec(
    key="fears_elves", mdnr=("Miedo a los orejotaz",), book="Orcos y Goblins",
    battlescribe=("Miedo a los orejotaz",), columns=("S_FEARS_ELVES",),
    fill=lambda unit: {"S_FEARS_ELVES": unit.has("fears_elves")},
    column_docs={
        "S_FEARS_ELVES": 'MDNR "Miedo a los orejotaz": fears elf units it does not outnumber 2:1',
    },
)
"""MDNR Orcos y Goblins "Miedo a los orejotaz": "las unidades de tipo Goblin tienen Miedo de las
unidades de tipo Elfo, a no ser que su potencia de unidad sea del doble o más que la potencia de
unidad de los Elfos ... una unidad de 20 Goblins sufrirá miedo de una unidad de 10 Elfos ... Si
fueran 21 Goblins ya superarían el doble" (the worked example settles the tie: 20 against 10
fear); "Para calcular la potencia de unidad de los Goblins no tengas en mente sólo los Goblins
sino todas las miniaturas amigas (... otras unidades trabadas en el mismo combate)". The unit
tests fear of an elf unit at the charge (§3.3) and is broken by elves in contact with more unit
strength than its own (§3.2) while its side's unit strength in the combat is at most twice the
elves' in contact with it (:func:`odds.combat.psychology.fear_in_contact`)."""

# Condes Vampiro "Honor marcial": "El Campeón siempre debe lanzar y aceptar desafíos";
# Mercenarios "Altamente insignificantes": "Las unidades de gnoblars huyendo,
# desmoralizadas o destruidas no causan pánico. Ni siquiera a otros gnoblars"
MARTIAL_HONOUR = RuleSpec(
    key="martial_honour", mdnr=("Honor marcial",), book="Condes Vampiro",
    battlescribe=("Honor marcial",),
)
"""The unit's champion always issues and accepts challenges, whatever the challenge policy (MDNR
Condes Vampiro "Honor marcial": "El Campeón siempre debe lanzar y aceptar desafíos")."""

CAUSES_NO_PANIC = RuleSpec(
    key="causes_no_panic", mdnr=("Altamente insignificantes",), book="Mercenarios",
)
"""The unit fleeing, broken or destroyed causes no panic tests (MDNR Mercenarios "Altamente
insignificantes": "Las unidades de gnoblars huyendo, desmoralizadas o destruidas no causan
pánico")."""

# Enanos "Viejos cascarrabias": friends within 15 cm "puede[n] repetir los chequeos de
# pánico fallados"
OLD_GRUMBLERS = RuleSpec(
    key="old_grumblers", mdnr=("Viejos cascarrabias",), book="Enanos",
    battlescribe=("Viejos cascarrabias",), columns=("S_GRUMBLERS",),
    filled_by="odds.combat.model.side",
    column_docs={
        "S_GRUMBLERS": 'friends re-roll failed panic tests (1: "Viejos cascarrabias"; 3: itself)',
    },
)
"""MDNR Enanos "Viejos cascarrabias" (Barbaslargas): "Cualquier miniatura o unidad a 15cm o menos
de una o más unidades de Barbaslargas (que no estén huyendo) puede repetir los chequeos de
pánico fallados": while the unit fights, every unit of its side in the combat (itself included)
re-rolls a failed panic test (RULES.md §3.4)."""

INDEPENDENT = RuleSpec(
    key="independent", mdnr=("Independientes", "Bestias"), book="Regimientos de Renombre",
    columns=("S_INDEPENDENT",), reads=("S_GENERAL_LD",), switches=("S_INDEPENDENT",),
    filled_by="odds.combat.model.side",
    column_docs={
        "S_INDEPENDENT": 'never uses the General\'s Ld ("Independientes"); 2: nor re-rolls a break '
                         'test for a battle standard (Bretonia "Escoria")',
    },
)
"""The unit never uses its General's Ld (MDNR Regimientos de Renombre "Independientes": "nunca
utilizan el Liderazgo del General, aunque sea mejor que el suyo"; Elfos Oscuros "Bestias": "las
Arpías nunca pueden usar el Liderazgo del General")."""

# Imperio "Resolutos": "Tozuda en la primera ronda de cada combate"; "Ejemplo de
# Sigmar": friends within 15 cm, itself included, re-roll failed panic, fear and terror
FIRST_ROUND_STUBBORN = RuleSpec(
    key="first_round_stubborn", mdnr=("Resolutos",), book="Imperio", battlescribe=("Resolutos",),
    columns=("S_STUBBORN_FIRST",),
    fill=lambda unit: {"S_STUBBORN_FIRST": unit.has("first_round_stubborn")},
    column_docs={
        "S_STUBBORN_FIRST": 'stubborn in the first round only (Imperio "Resolutos")',
    },
)
"""Stubborn in the first round of each combat only (MDNR Imperio "Resolutos": "La unidad es Tozuda
en la primera ronda de cada combate (sólo en la primera ronda)")."""

SIGMAR_EXAMPLE = RuleSpec(
    key="sigmar_example", mdnr=("Ejemplo de Sigmar",), book="Imperio",
    battlescribe=("Ejemplo de Sigmar",), reads=("S_GRUMBLERS",),
    filled_by="odds.combat.model.side",
)
"""MDNR Imperio "Ejemplo de Sigmar" (Reiksguard a pie): "Toda unidad amiga a 15cm o menos de la
Reiksguard a pie (incluyendo la propia Reiksguard a pie) puede repetir cualquier chequeo de
pánico, miedo o terror fallado": every unit of its side in the combat re-rolls failed panic
tests while the unit has not been destroyed, and the unit re-rolls its own failed fear or terror
test at the charge (RULES.md §3.3, §3.4)."""

PSYCHOLOGY_REROLL = RuleSpec(
    key="psychology_reroll", mdnr=("Marca del Caos absoluto",), book="Reinos del Caos",
    reads=("S_GRUMBLERS",), filled_by="odds.combat.model.side",
)
"""The unit re-rolls its own failed psychology tests -- fear and terror at the charge (charging or
charged), panic (at the charge and from friends breaking or destroyed) and stupidity -- never a
break test (MDNR Reinos del Caos "Marca del Caos absoluto": "Lleva la Marca del Caos Absoluto,
por lo que puede repetir los chequeos de psicología fallados"; where its text is "Sin efecto
adicional" it is a label)."""

# Altos Elfos (Leones blancos) "Guardaespaldas": "Los Leones Blancos son Tozudos mientras
# el General esté incluido en la unidad"
BODYGUARD = RuleSpec(
    key="bodyguard", mdnr=("Guardaespaldas",), book="Altos Elfos",
    battlescribe=("Guardaespaldas",), columns=("S_BODYGUARD",), filled_by="odds.combat.model.side",
    column_docs={
        "S_BODYGUARD": 'while a guarded character lives in the unit: 1 stubborn, 2 immune to '
                       'fear; 3 stubborn unless a guarded character in it has fallen (Escolta de '
                       'Mydas)',
    },
)
"""The unit is stubborn while a living General character stands in it (MDNR Altos Elfos
"Guardaespaldas": "Los Leones Blancos son Tozudos mientras el General esté incluido en la
unidad"; RULES.md §3.2)."""

COUNTS_AS_DAEMON_UNDEAD = RuleSpec(
    key="counts_as_daemon_undead", mdnr=("Elemental encarnado",), book="Monstruos Arcanos",
)
"""The unit counts as a daemon and as undead for the effects that would cause it more damage (MDNR
Monstruos Arcanos "Elemental encarnado": "cuentan como tipo "Demonio" y "No Muerto" en lo que
respecta a efectos que les puedan causar daño adicional"): an enemy's hatred of daemons or
undead reaches it (:meth:`Unit.hates`), its race is not otherwise changed (panic rules, fear of
elves...)."""

# Elfos Oscuros (Altar drenasangre) "Aura de agonía": enemies in contact not of type
# Elfo Oscuro L-1 (minimum 2), Dark Elves within 15 cm L+1 (maximum 10)
AURA_OF_AGONY = RuleSpec(
    key="aura_of_agony", mdnr=("Aura de agonía",), book="Elfos Oscuros",
    battlescribe=("Aura de agonía",),
)
"""Enemies in base contact with the unit have Ld -1 (minimum 2) unless they are Dark Elves, and
Dark Elves in contact or on the unit's side in the combat (itself included) Ld +1 (maximum 10)
(MDNR Elfos Oscuros "Altar drenasangre" "Aura de agonía";
:func:`odds.combat.model.contact_effects`)."""

PAYMASTER_GUARD = RuleSpec(
    key="paymaster_guard", mdnr=("Escolta",), book="Mercenarios", reads=("S_BODYGUARD",),
    filled_by="odds.combat.model.side",
)
"""The unit is stubborn while a living character with ``paymaster`` stands in it (MDNR Mercenarios
"Escolta del pagador" "Escolta": "Mientras el Pagador esté en la unidad, son Tozudos");"""

PAYMASTER = RuleSpec(
    key="paymaster", mdnr=("Pagador",), book="Mercenarios", columns=("S_GUARDED",),
    filled_by="odds.combat.model.build",
    column_docs={
        "S_GUARDED": "a character its unit's S_BODYGUARD rule names (General, Pagador, Sangre "
                     'Real)',
    },
)
"""The character is the Mercenarios' Pagador (its battle standard: "el Pagador es el
Portaestandarte de Batalla mercenario")."""

ROYAL_GUARD = RuleSpec(
    key="royal_guard", mdnr=("Guardia personal",), book="Enanos", reads=("S_BODYGUARD",),
    filled_by="odds.combat.model.side",
)
"""The unit is immune to fear and terror while a living character with ``royal_blood`` stands in it
(MDNR Enanos "Martilladores" "Guardia personal": "Si hay algún personaje con la regla Sangre
Real en la unidad, ésta es Inmune a miedo e Inmune a Terror"; in a combat with characters the
only fear left is the auto-break of §3.2, :func:`odds.combat.model.guarded`);"""

ROYAL_BLOOD = RuleSpec(
    key="royal_blood", mdnr=("Sangre real",), book="Enanos", reads=("S_GUARDED",),
    filled_by="odds.combat.model.build",
)
"""The character has Enanos "Sangre real"."""

# Regimientos de Renombre "Montaraces de Bugman (Mercenarios)" (the rule of both Bugman
# entries): "Mientras Bugman siga vivo, Bugman y la unidad son Inmunes a miedo e Inmunes a
# terror"
LEADER_FEARLESS = RuleSpec(
    key="leader_fearless", mdnr=("Montaraces de Bugman",), book="Regimientos de Renombre",
    battlescribe=("Montaraces de Bugman (Mercenarios)",), columns=("S_FEARLESS",),
    filled_by="odds.combat.model.build",
    column_docs={
        "S_FEARLESS": "immune to fear while its champion lives (Bugman's rangers: "
                      'leader_fearless)',
    },
)
"""While the unit's champion (its leader) lives, the unit is immune to fear and terror: no fear or
terror test at the charge, no fear auto-break (MDNR Regimientos de Renombre "Montaraces de
Bugman": "Mientras Bugman siga vivo, Bugman y la unidad son Inmunes a miedo e Inmunes a terror";
RULES.md §3.2, §3.3). Without its champion it has no effect."""

# the rules with a spec: their BattleScribe names (odds.special_rules)
# Regimientos de Renombre (Espadas de Manann) "Estandarte de la Esposa del Mar": "La
# unidad causa Miedo. Ten en cuenta que es una regla del estandarte, así que dejarán de
# causar Miedo si lo pierden" (the unit's standard, lost with its last rank and file)
FEAR_WITH_STANDARD = RuleSpec(
    key="fear_with_standard", mdnr=("Estandarte de la Esposa del Mar",),
    book="Regimientos de Renombre", battlescribe=("Estandarte de la Esposa del Mar",),
    reads=("S_FEAR",), switches=(), filled_by="odds.combat.model.side",
)
"""The unit causes fear while it carries its standard (MDNR Regimientos de Renombre, Espadas de
Manann "Estandarte de la Esposa del Mar": "La unidad causa Miedo. Ten en cuenta que es una regla
del estandarte, así que dejarán de causar Miedo si lo pierden"): with a standard bearer in its
``command`` it causes fear (:attr:`Unit.causes_fear`: at the charge, immune to fear) until its
standard is gone the way the engine takes it (the last rank-and-file model besides the champion,
RULES.md §2.2): from then on it neither causes fear nor is immune to it in the fear auto-break
(:func:`odds.combat.psychology.break_test`). A named standard bearer (:class:`Member`) carrying
it is not supported."""

CAMEL_SHY = ("cavalry", "chariot")
"""Troop types that fear camels: the engine's cavalry (war beasts are imported as cavalry
without a steed profile) and chariots."""

CAMELS = RuleSpec(
    key="camels", mdnr=("Camellos",), book="Mercenarios: Arabia", battlescribe=("Camellos",),
    columns=("S_CAMELS", "S_CAMEL_SHY"), switches=("S_CAMELS",),
    fill=lambda unit: {"S_CAMELS": int(unit.has("camels")),
                       "S_CAMEL_SHY": int(unit.troop_type in CAMEL_SHY)},
    acts=("charge", "break test"),
    hooks=("psychology.fear_in_contact",),
    column_docs={
        "S_CAMELS": '1: causes fear in war beasts, cavalry and chariots (Mercenarios: Arabia '
                    '"Camellos")',
        "S_CAMEL_SHY": "1: the unit is of a troop type that fears camels (cavalry, chariot)",
    },
)
"""MDNR Mercenarios: Arabia (Jinetes de Camello) "Camellos": "Causan Miedo en todas las
miniaturas de tipo Bestia de guerra, Caballería y Carro".

The unit causes fear in the enemy units of :data:`CAMEL_SHY` and in no other: they test fear
of it at the charge (RULES.md §3.3, :func:`odds.combat.model.charge.fear_test`) and count its
unit strength as feared in their break tests (§3.2, :func:`odds.combat.psychology.
fear_in_contact`, and the exact break test); it is no fear-causing unit itself (no immunity
to fear, no fear for other troop types)."""

SPECS = (STUBBORN, UNBREAKABLE, IMMUNE_TO_PSYCHOLOGY, FEAR, TERROR, HATRED, FRENZY, STUPIDITY,
         MINDLESS, ETERNAL_HATRED, IMMUNE_TO_PANIC, AURA_OF_SLAANESH, FEARS_ELVES, MARTIAL_HONOUR,
         CAUSES_NO_PANIC, OLD_GRUMBLERS, INDEPENDENT, FIRST_ROUND_STUBBORN, SIGMAR_EXAMPLE,
         PSYCHOLOGY_REROLL, BODYGUARD, COUNTS_AS_DAEMON_UNDEAD, AURA_OF_AGONY, PAYMASTER_GUARD,
         PAYMASTER, ROYAL_GUARD, ROYAL_BLOOD, LEADER_FEARLESS, FEAR_WITH_STANDARD, DRUNK,
         COLD_BLOODED, MAIDEN_LAMENT, CAPTAIN_BOUND, ABYSSAL_HOWL, CAMELS)
