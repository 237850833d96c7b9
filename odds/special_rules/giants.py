"""The giants' rules: their attack table, their falls and their death.

Orcos y Goblins (Gigante), Reinos del Caos (Gigante del Caos, Gigante de asedio), Reinos Ogros
(Gigante sometido), Enanos del Caos (Gigante de asedio) and the Mercenarios' giants.  The
kernel's code is :mod:`odds.combat.giants`.
"""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

_LARGE_TYPES = ("monster", "chariot", "monstrous_infantry")
"""Troop types the giant fights with its first table ("Monstruo, Carro, Infantería
monstruosa o con la regla Objetivo grande")."""

GIANT_DICE = 768
"""Dice one giant uses at most in one round: its table (a grab repeated at most eight times,
each with the victim's attack, the sub-table and six S3 hits), a jump's 2D6 hits, and two
fallen templates (on a jump or a lost round, and on its death) of at most twenty hits."""


_FOOT_TYPES = ("infantry", "cavalry", "swarm")
"""Troop types the Titán de Khemri's table takes without its +1 ("Infantería, Caballería o
Enjambre")."""


def _giant_columns(unit) -> dict[str, int]:
    table = 0
    if unit.has("titan_attacks"):
        table = 4
    elif unit.has("giant_attacks"):
        table = 2 if unit.has("giant_chains") else 3 if unit.has("giant_hooks") else 1
    return {"S_GIANT": table,
            "S_LARGE": int(unit.troop_type in _LARGE_TYPES),
            "S_NOT_FOOT": int(unit.troop_type not in _FOOT_TYPES),
            "S_INIT": unit.profile.I, "S_TOUGH": unit.profile.T,
            "S_ARMOUR": unit.armour_save}


def _giants(model, layout) -> int:
    return int(((model.sides[:, layout.S_GIANT] > 0)
                | (model.sides[:, layout.S_GIANT_FALLS] > 0)).sum())


GIANT_ATTACKS = RuleSpec(
    key="giant_attacks", mdnr=("Ataques del gigante",),
    book="Orcos y Goblins, Reinos del Caos, Reinos Ogros, Enanos del Caos, Mercenarios",
    battlescribe=("Ataques del gigante",),
    columns=("S_GIANT", "S_LARGE", "S_NOT_FOOT", "S_INIT", "S_TOUGH", "S_ARMOUR"),
    switches=("S_GIANT",),
    fill=_giant_columns,
    dice=lambda m, c: GIANT_DICE * _giants(m, c), plain=False,
    exact_refuses=lambda m, c: _giants(m, c) > 0,
    acts=("start of turn", "each strike", "combat result"),
    hooks=("strike_steps.count_attacks", "strike_steps.deliver", "giants.giant_blow",
           "giants.giants_round_start", "giants.shout_margin"),
    rare="RARE_GIANT",
    column_docs={
        "S_GIANT": "the giant's attack table: 0 none; 1 club (I test, stuck on doubles); 2 chains"
                   " (T test, never stuck: Reinos Ogros); 3 hooks (the sweep at S7 with killing "
                   "blow); 4 the Titán de Khemri's 'Ataques especiales'",
        "S_LARGE": "1: a monster, chariot or monstrous infantry (the giant's table against them)",
        "S_NOT_FOOT": "1: not infantry, cavalry or swarm (+1 on the Titán de Khemri's table)",
        "S_INIT": "the body's I (the giant's club: an I test)",
        "S_TOUGH": "the body's T (wounds of the giant's hits; its chains: a T test)",
        "S_ARMOUR": "the body's close-combat armour save before any Strength modifier (7 = none)",
    },
)
"""Orcos y Goblins (Gigante) "Ataques del gigante": "Cuando sea el turno de atacar del Gigante
(iniciativa, carga, etc) di contra quién lucha este turno el Gigante y determina qué ataque
hace de forma aleatoria (lanza 1D6). Contra miniaturas de tipo Monstruo, Carro, Infantería
monstruosa o con la regla Objetivo grande ...: 1: Gritar y vocear. El Gigante no hace ninguna
baja pero gana el combate por 2 puntos automáticamente ... Si el enemigo no ha luchado antes
de que el gigante haga Gritar y Vocear, las miniaturas en contacto peana con peana con el
Gigante no podrán luchar (sí las armadas con lanza o pica por ejemplo) ... 2-4: Garrotazo.
Elige una miniatura de la unidad objetivo; dicha miniatura debe hacer una tirada de
Iniciativa ... Si no lo supera, la miniatura recibe 2D6 heridas (sin posibilidad de tirada de
salvación por armadura). Si se obtiene dobles ... en la siguiente fase de combate cuerpo a
cuerpo el Gigante no hará ningún ataque ... 5-6: Kabezazo. El Gigante causa 1 herida directa
a una miniatura enemiga en contacto (sin posibilidad de tirada de salvación por armadura); si
la miniatura enemiga sigue viva (y ha sido herida por el Kabezazo), pierde sus ataques hasta
final de turno.  Contra el resto de miniaturas (infantería, caballería, enjambres, etc): 1:
Gritar y vocear ... 2: Saltar arriba y abajo. El Gigante debe hacer un chequeo de Caída. Si no
lo supera, las heridas causadas en la caída (si hay) cuentan para la Resolución del Combate.
Si lo supera, el Gigante causa 2D6 impactos de F6 en la unidad ... si el combate sigue el
siguiente turno, automáticamente hará un Saltar arriba y abajo ... 3: Agarrar y... El
objetivo puede efectuar un único ataque ... Si con este ataque consigue impactar y herir al
Gigante ... su ataque fallará; de lo contrario ... 1D6 ... 1: Pa' la saca ... Se considera
baja ... 2: ¡Toma! ... La miniatura agarrada recibe una herida sin posibilidad de salvación
por armadura ni especial. La unidad que ha recibido el "golpe" recibe 1D6 impactos de F3. 3:
¡Pa'llá que va! ... el Gigante hace un ¡Toma! contra una de esas unidades [enemigas a 30cm o
menos], determina cuál aleatoriamente. 4: ¡Choof! ... Retírala como baja directamente ... 5:
¡Ñam! ... lo mismo ... 6: Pa' la saca y... Además, elige una segunda miniatura de la unidad;
dicha miniatura puede hacer un único ataque ... Si consigue herir al Gigante, el Gigante la
suelta y no hace más ataques. Si no ... lanza en esta tabla ... 4-6: Barrido con el garrote
... La unidad recibe 1D6 impactos de F6".  The versions differ: Reinos Ogros (Gigante
sometido) "2-4: Estrangular con las cadenas ... una tirada de Resistencia" and no stuck
weapon (``giant_chains``); the siege giants (Reinos del Caos, Enanos del Caos) "4-6: Barrido
con los garfios ... 1D6 impactos de F7 con Golpe letal" (``giant_hooks``).

At its strike step (the giant's I, or first on the charge) the giant makes one table roll
instead of its blows, against the first enemy unit in contact (its rank and file, or a
character of it once none is left; the player's choice of victim, "a elección del jugador",
is taken to be a rank-and-file model).  The first table is used when that unit is a monster,
a chariot or monstrous infantry (``S_LARGE``), the second otherwise.  In the engine:

- *Gritar y vocear*: the round's result is a win by 2 for the giant's side whatever else was
  scored; the enemy's models in contact that have not struck yet (its front fighters, its
  champion, its characters) strike no blow this round, its supporting ranks still do;
- *Garrotazo* (*Empalar*): one model tests I (the chains: T) on a D6, failed it takes 2D6
  wounds (each against its ward save, none against armour) up to its wounds left; doubles
  on the 2D6 (not the chains) leave the giant with no attack in the next round;
- *Kabezazo*: one wound without armour save (a ward save still), and a model it wounds that
  survives strikes no blow this round if it has not struck yet;
- *Saltar arriba y abajo*: a fall test (1 on a D6: the giant falls, ``giant_falls``), else
  2D6 S6 hits on the unit; the giant jumps again, with its fall test, every later round
  until it falls;
- *Agarrar y...*: the victim's one attack (its to-hit and to-wound against the giant) frees
  it when it hits and wounds (the giant takes no wound: the text names none); else the D6:
  1, 4, 5 the model is slain (its wounds left count for the result); 2 and 3 one wound with
  no save and 1D6 S3 hits on its unit (the engine knows no other enemy unit within 30 cm,
  so *¡Pa'llá que va!* lands on the unit in combat); 6 the model is slain and a second model
  of the unit makes one attack, failing which the table is rolled again for it (eight times
  at most);
- *Barrido*: 1D6 hits at S6, or S7 with killing blow on infantry and cavalry (the hooks).

Hits roll to wound with the Strength against the body's T, and to save with its armour save
less the Strength's modifier; the target's ward save against the giant's blows applies
except to the wound of *¡Toma!*.  The exact first round refuses a combat with a giant."""

GIANT_CHAINS = RuleSpec(
    key="giant_chains", mdnr=("Ataques del gigante",), book="Reinos Ogros",
)
"""Reinos Ogros (Gigante sometido) "Ataques del gigante": "2-4: Estrangular con las cadenas.
Elige una única miniatura de la unidad objetivo (o una miniatura individual); dicha miniatura
debe hacer una tirada de Resistencia (igual o menos que su Resistencia en 1D6). Si lo supera,
no pasa nada. Si no lo supera, la miniatura recibe 2D6 heridas (sin posibilidad de tirada de
salvación por armadura)": the table's T test, and no weapon stuck on doubles
(``S_GIANT`` 2; read from the text by :mod:`odds.battlescribe.rule_texts`)."""

GIANT_HOOKS = RuleSpec(
    key="giant_hooks", mdnr=("Ataques del gigante", "Enormes garfios"),
    book="Reinos del Caos, Enanos del Caos",
)
"""Reinos del Caos Mortales, Enanos del Caos (Gigante de asedio) "Ataques del gigante":
"4-6: Barrido con los garfios. El Gigante hace un barrido con sus garfios; la unidad recibe
1D6 impactos de F7 con Golpe letal" (the weapon "Enormes garfios": "La del usuario + 1",
"Golpe letal"): the sweep at S7 with killing blow on infantry and cavalry (``S_GIANT`` 3;
read from the text by :mod:`odds.battlescribe.rule_texts`)."""

TITAN_ATTACKS = RuleSpec(
    key="titan_attacks", mdnr=("Ataques especiales",), book="Reyes Funerarios",
)
"""Reyes Funerarios (Titán de Khemri) "Ataques especiales": "Lanza 1D6 al inicio cada fase de
combate para saber qué ataque realiza el Titán en esa fase (contra miniaturas que no sean
Infantería, Caballería o Enjambre, suma +1 a la tirada; en caso de personajes montados en
monstruo o carro, suma igualmente un +1).  1 Escarabajos comecarne. Elige una unidad enemiga
en contacto peana con peana con el Titán. Esa unidad sufre 3D6 impactos F2, con Poder de
penetración.  2-3 Hambre Insaciable. ... El Titán hace 2D6+1 ataques a esa unidad.  4
Cuchillas Cortantes. Todas las miniaturas enemigas en contacto peana con peana con el Titán
deberán realizar un chequeo de Iniciativa; si lo fallan sufren una herida que Anula
armaduras.  5 Mandíbulas devoradoras. ... Dicha unidad sufre 1D6 impactos de F6.  6 Aliento
de la Noche. El Titán no ataca. En la subfase de resolución de combate, a todos los efectos ha
ganado el jugador de Khemri por 2 puntos. Si el oponente también ganase automáticamente (por
ejemplo, también tiene un Titán de Khemri o un Gigante), el combate se considera empate a
todos los efectos (se ignoran músicos).  7 Hambre devoraalmas. Elige una miniatura enemiga en
contacto peana con peana con el Titán. Dicha miniatura sufre un impacto de F10 con Heridas
múltiples (1D6)."  Read from the text by :mod:`odds.battlescribe.rule_texts` (its printed A
"*" is one strike step a round, as a giant's).

The giants' machinery with its own table (``S_GIANT`` 4; kernel
:func:`odds.combat.giants.titan_blow`): once a round, at the Titán's strike step (it strikes
last: "Ataca en último lugar"), a D6, +1 when the target (the first enemy unit in contact,
or its character once its rank and file are gone) is not infantry, cavalry or swarm by its
own troop type (``S_NOT_FOOT``: a character riding a monster or a chariot is one by its
troop type):

- 1 *Escarabajos comecarne*: 3D6 S2 hits on the unit, armour saves at one worse (armour
  piercing), its ward save;
- 2-3 *Hambre insaciable*: 2D6+1 of the Titán's own blows (its WS and S, to hit, to wound,
  saves as its rank-and-file attack row has them);
- 4 *Cuchillas cortantes*: each enemy model in contact (those of the start of the round
  less the front casualties since; the unit's rank and file, as the giant's table takes
  them) tests I on a D6 (failed above its I) and takes one wound with no armour save, its
  ward save still;
- 5 *Mandíbulas devoradoras*: 1D6 S6 hits;
- 6 *Aliento de la noche*: no attack, and the round is a win by 2 for the Titán's side, as
  the giant's *Gritar y vocear* (without its hush of the enemy's blows).  **Default**: two
  automatic wins on opposite sides in one round (the text: a draw) are taken as the giants'
  shouts are, the last one counted;
- 7 *Hambre devoraalmas*: one S10 hit on one model (its armour save at -7, its ward save);
  unsaved, the model takes 1D6 wounds, no more than it has left.

**Default**: the roll "al inicio de cada fase de combate" is made at the Titán's strike step;
the two differ only when the Titán is slain before it strikes (then no *Aliento de la
noche* win either).  The exact first round refuses it (``giant_attacks``)."""

GIANT_FALLS = RuleSpec(
    key="giant_falls", mdnr=("Caídas",), book="Orcos y Goblins, Reinos del Caos, Reinos Ogros",
    battlescribe=("Caídas",),
    columns=("S_GIANT_FALLS",),
    fill=lambda unit: {"S_GIANT_FALLS": int(unit.has("giant_falls"))
                       + 2 * int(unit.has("giant_death_fall"))},
    plain=False,
    exact_refuses=lambda m, c: bool((m.sides[:, c.S_GIANT_FALLS] > 0).any()),
    acts=("start of turn", "each strike", "break test"),
    rare="RARE_GIANT",
    hooks=("giants.fall", "giants.fall_hits", "giants.fall_on_losing", "giants.down_flee",
           "giants.giants_round_start"),
    column_docs={
        "S_GIANT_FALLS": "bit 1: fall tests (\"Caídas\"); bit 2: falls when slain (\"Muerte del "
                         "gigante\")",
    },
)
"""Orcos y Goblins (Gigante) "Caídas": "Un Gigante debe hacer un chequeo de Caída cuando
pierde un combate; al inicio de la fase de movimiento si está huyendo; cuando cruza un
obstáculo; o si empieza a Saltar Arriba y Abajo. Lanza 1D6; con un 1 el Gigante cae,
determina la dirección aleatoriamente y usa la plantilla de Gigante caído; las miniaturas bajo
ella reciben un impacto de F6 con Heridas Múltiples 1D3; trátalo como Proyectiles (parciales
a 4+, ¡Cuidado Señor!, etc). Cuando cae, el Gigante recibe 1 herida. Un Gigante en el suelo no
puede atacar (pero no es impactado automáticamente) ni mover; en la fase propia de Resto de
movimientos puede levantarse. Un Gigante en el suelo que se vea obligado a huir es aniquilado
automáticamente".

In a combat: the fall test when its side loses a round (before its break test) and when it
jumps (its table); fallen, the giant takes one wound (which counts for no side's result), is
on the ground (no attacks) until its own turn's remaining moves (the start of the next round
of its side's turn), and is destroyed instead of fleeing if it breaks while on the ground.
Its fleeing and crossing obstacles are the movement phase's.

Where the template lands (RULES.md has no rule for a random direction in close combat):
**Default** (``CombatOptions.giant_fall_hits`` "default"): the giant falls on the enemy unit
in contact one time in four (two D6 both 3 or less: the front, one of its four sides) and
the template covers the enemy models in base contact with it, each taking one S6 hit (armour
save at -3, its ward save) of D3 wounds; partial hits and "¡Cuidado Señor!" are left out.
**Option** ("never"): the template lands on no model of the combat.  The template's wounds of
a jump count for the giant's side that round ("cuentan para la Resolución del Combate"), those
of a fall on losing come after the result and count for no round."""

GIANT_DEATH_FALL = RuleSpec(
    key="giant_death_fall", mdnr=("Muerte del gigante",),
    book="Orcos y Goblins, Reinos del Caos, Reinos Ogros", battlescribe=("Muerte del gigante",),
    acts=("end of phase",), hooks=("giants.death_fall",),
)
"""Orcos y Goblins (Gigante) "Muerte del gigante": "Cuando el Gigante muere, también cae;
determina la dirección aleatoriamente y usa la plantilla de Gigante caído; las miniaturas bajo
ella reciben un impacto de F6 con Heridas Múltiples 1D3; trátalo como Proyectiles": a giant
slain in the combat phase (not already on the ground) falls at the end of that phase, its
template landing as ``giant_falls`` says (Default and Option there), its wounds counting for
its side's result of that round (``S_GIANT_FALLS`` bit 2)."""

SPECS = (GIANT_ATTACKS, GIANT_CHAINS, GIANT_HOOKS, TITAN_ATTACKS, GIANT_FALLS, GIANT_DEATH_FALL)
