"""Rules of Chaos and Ogre monsters: the Cocatriz's gaze, the Sapodragón's tongue, ice weapons."""

from __future__ import annotations

from typing import Any

from odds import rules
from odds.special_rules.spec import RuleSpec

PETRIFY_STRENGTH = 4
"""The Strength of a petrifying hit, compared with the target's Initiative."""


def petrify_wound(unit: Any) -> int:
    """The roll to wound ``unit`` with a petrifying hit; 0 when it cannot be wounded by one.

    S4 against the target's Initiative on the to-wound table (RULES.md §1.4), "un resultado
    de 6 natural siempre se considera un éxito" (so never above 6); a chariot's hits use
    the higher Initiative of its crew and its beasts ("escoge el valor más alto entre la
    tripulación y las bestias de tiro").  "Las miniaturas o partes de miniatura sin valor de
    Iniciativa serán inmunes a este ataque, incluyendo la mayoría de máquinas de guerra":
    a unit with I 0, and a war machine (the hits fall on the machine), is immune.
    """
    if unit.troop_type == "war_machine":
        return 0
    initiative = unit.profile.I
    if unit.troop_type == "chariot" and unit.mount is not None:
        initiative = max(initiative, unit.mount.I)
    if initiative <= 0:
        return 0
    return min(rules.to_wound(PETRIFY_STRENGTH, min(initiative, 10)), 6)


def _petrify_before_first_blows(m: Any, c: Any) -> bool:
    """A gaze in the first round's turn, before its blows (its side's turn): the kernel's."""
    n = m.n_units
    return bool((m.sides[:n, c.S_PETRIFY] * (m.sides[:n, c.S_SIDE] == m.active_side)).any())


PETRIFY = RuleSpec(
    key="petrify", mdnr=("Petrificar",), book="gst (Reinos del Caos Mortales: Cocatriz)",
    columns=("S_PETRIFY", "S_PETRIFY_WOUND", "S_PETRIFY_WARD"), switches=("S_PETRIFY",),
    fill=lambda unit: {"S_PETRIFY": int(unit.has("petrify")),
                       "S_PETRIFY_WOUND": petrify_wound(unit),
                       "S_PETRIFY_WARD": unit.ward_save or rules.IMPOSSIBLE},
    # per model: a D6 of hits, then a wound, a ward and a regeneration roll for each of 6
    dice=lambda m, c: 19 * m.ranks.shape[1] * int(m.sides[:m.n_units, c.S_PETRIFY].sum()),
    plain=False, exact_refuses=_petrify_before_first_blows,
    acts=("start of turn",), hooks=("psychology.petrify", "kernel.who_fights"),
    rare="RARE_TURN",
    column_docs={
        "S_PETRIFY": "1: its models \"Petrificar\" each own turn while engaged (gst, Cocatriz)",
        "S_PETRIFY_WOUND": "roll to wound this unit with a petrifying hit (S4 against I); 0 "
                           "immune",
        "S_PETRIFY_WARD": "the ward save against a petrifying hit on this unit (7 = none)",
    },
)
"""gst "Petrificar" (Reinos del Caos Mortales, Norsca "Cocatriz"): "Es un ataque de disparo a
todos los efectos. Alcance 20 cm. Lanza 1D6 para saber cuántos impactos automáticos hace. Los
impactos son de F4, se consideran Ataques Mágicos y anulan salvación por armadura. En lugar
de comparar con la Resistencia de la miniatura, compárala con su Iniciativa al hacer las
tiradas para herir, contando que un resultado de 6 natural siempre se considera un éxito ...
Las miniaturas con Petrificar pueden Petrificar incluso estando trabadas en combate cuerpo a
cuerpo, en su fase de disparo (y como excepción a la regla de que no se pueden efectuar
ataques de disparo estando trabados), pero en ese caso siempre deben hacer el ataque a
unidades que estén en contacto peana con peana" (:func:`odds.combat.psychology.petrify`).

Default: each of its own turns while it fights (the turn it charged too: its shooting phase
comes before the close-combat phase), every model of the unit gazes at the first enemy unit
in contact that it can wound (:func:`petrify_wound`): 1D6 automatic hits, each wounding on
the roll of S4 against that unit's Initiative; no armour save; the unit's own ward save
(:attr:`odds.units.Unit.ward_save`; the 5+ of a daemonic aura or a forest spirit is against
non-magical attacks only) and its regeneration are rolled.  The hits fall on the unit's rank
and file, not on its characters (shooting at a unit), and its casualties count for no
combat result (the shooting phase, not close-combat wounds) and cause no panic test (the
unit is engaged).  Whether the model shoots is the player's choice; the engine always
does."""

TONGUE_ATTACKS = 1
"""Tongue attacks of each fighting model ("Uno de los Ataques del Sapodragón")."""
TONGUE_STRENGTH = 4
"""The tongue's Strength ("Dicho ataque se resuelve con Fuerza 4 en vez de su Fuerza 6")."""

TONGUE_ATTACK = RuleSpec(
    key="tongue_attack", mdnr=("Ataque de lengua",), book="Reinos del Caos: Mortales",
    battlescribe=("Ataque de lengua",), columns=("S_TONGUE",),
    fill=lambda unit: {"S_TONGUE": int(unit.has("tongue_attack"))},
    plain=False,
    # the exact first round rolls each group's blows on their own; the penalty a tongue hit
    # gives the blows that follow it is the kernel's
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_TONGUE].any()),
    acts=("each strike",),
    hooks=("blows.strike", "blows.hits_rolled", "blows.hit_need", "model.groups._groups"),
    column_docs={
        "S_TONGUE": "1: its crew group is one tongue attack per model (\"Ataque de lengua\")",
    },
)
"""Reinos del Caos Mortales (Sapodragón) "Ataque de lengua": "Uno de los Ataques del Sapodragón
tiene la regla Siempre Ataca Primero y Ataque Envenenado. Usa un dado de distinto color para
representar el ataque de lengua. Dicho ataque se resuelve con Fuerza 4 en vez de su Fuerza 6.
Sin embargo, si el ataque de lengua impacta (no hace falta que hiera), todos los ataques que
realice en esta fase de combate cuerpo a cuerpo la unidad impactada al Sapodragón tendrán un
penalizador de -1 a la tirada para impactar. Este penalizador no se aplica en caso que la
unidad disponga de una habilidad o regla especial que le permita impactar a un resultado
fijo. No afecta a personajes en la unidad, pero sí a sus monturas. En caso de usar el Ataque
de lengua contra un personaje, el penalizador se aplica sólo al personaje y su montura, pero
no a la unidad en la que esté."

Each fighting model strikes one tongue attack beside its printed attacks (the profile's A
"4+1": four, and the tongue), in an attack group of its own (the crew's): always strikes
first, at its WS and S4, poisoned (a natural 6 to hit wounds, gst "Ataques envenenados"),
with the unit's other rules.  When it hits, the body it hit (the enemy unit's rank and file
with their steeds and champion, or the character it struck) rolls its hits on the
Sapodragón at -1 for the rest of the round (a 6 still hits; automatic hits are not rolled);
the characters in that unit are not affected.  The exact first round refuses a combat with
it."""

ICE_WEAPONS = RuleSpec(
    key="ice_weapons", mdnr=("Armas de hielo",), book="Reinos Ogros",
    columns=("S_ICE", "G_ICE_HIT", "G_ICE_WARD"), switches=("S_ICE",),
    fill=lambda unit: {"S_ICE": int(unit.has("ice_weapons"))},
    filled_by="odds.combat.model.groups", plain=False,
    # the exact first round cannot melt them between two blows of the round
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_ICE].any()
                                    and m.groups[..., c.G_FLAMING].any()),
    acts=("each strike",), hooks=("blows.strike", "blows.hits_rolled", "model.groups._groups"),
    column_docs={
        "S_ICE": "1: its blows are ice weapons until a flaming hit melts them",
        "G_ICE_HIT": "G_HIT once the unit's ice weapons melted (S_ICE, \"Armas de hielo\")",
        "G_ICE_WARD": "G_WARD once they melted (no more magic attacks)",
    },
)
"""Reinos Ogros (Yehtis) "Armas de hielo": "Arma de mano (aunque la miniatura tenga dos armas de
mano se considera una única arma de mano). Son Arma mágica. Si el portador (los Yethis) sufren
un impacto de un ataque flamígero, las Armas de hielo pasan a ser armas normales. Las
miniaturas Inmunes a frío son inmunes a los ataques hechos con Arma de hielo (se considera como
si los yethis fallasen todas las tiradas para impactar contra miniaturas Inmunes a frío),
aunque si pasan a ser armas normales les afectarán igual".

The unit's blows are a hand weapon's and magical (the name gives ``magic_attacks`` too,
:data:`odds.battlescribe.rule_names.RULE_FLAGS`): a daemonic aura's or forest spirit's 5+ ward
does not stop them, they wound ethereal enemies; against an ``immune_to_cold`` enemy they all
miss.  The first flaming attack that hits the unit in close combat (a hit, wounding or not)
melts them for the rest of the combat (``state[:, B_MELTED]``): its blows are then those of a
mundane hand weapon (``G_ICE_HIT``, ``G_ICE_WARD``: :func:`odds.combat.model.groups._groups`
works them out without the rule and its magic).  Default: not melted when the combat begins (a
flaming hit of an earlier phase is not known to the engine).  The exact first round refuses a
combat where a flaming attack could melt them."""

SWALLOW_WHOLE = RuleSpec(
    key="swallow_whole", mdnr=("Engullir entero",), book="Reinos del Caos: Bestias",
    columns=("S_SWALLOW", "G_SWALLOW"), switches=("S_SWALLOW", "G_SWALLOW"),
    fill=lambda unit: {"S_SWALLOW": int(unit.has("swallow_whole"))},
    dice=lambda m, c: int((m.sides[:, c.S_SWALLOW] > 0).sum()),  # its D3 of wounds back
    plain=False, exact_refuses=lambda m, c: bool(m.sides[:, c.S_SWALLOW].any()),
    acts=("each strike",), hooks=("model.groups.swallow", "blows.unsaved_wounds",
                                  "blows.strike"),
    column_docs={
        "S_SWALLOW": '1: swallows each round ("Engullir entero", the Gorgona)',
        "G_SWALLOW": "to-wound roll at or above which the row's blow slays outright"
                     ' ("Engullir entero"), 0 = none',
    },
)
"""Reinos del Caos Bestias (Gorgona) "Engullir entero": "La Gorgona puede renunciar a todos sus
ataques para hacer un único ataque con Iniciativa 1. Si este único ataque impacta, haz la
tirada para herir teniendo en cuenta que se resuelve con un Golpe Letal, pero el Golpe Letal
actuará con un 4+ en vez de sólo con un 6. Si consigue Engullir entera a una miniatura
enemiga, recupera 1D3 heridas sufridas anteriormente (no puede tener más de 6 Heridas). Las
heridas recuperadas no se cuentan para la resolución de combate, únicamente las que queden
hechas al final (de la misma forma que ocurre con la Regeneración".

The swallow is its player's choice, round by round; the flag is the policy of swallowing in
every round, and a Gorgona without it fights with its attacks (the BattleScribe import leaves
it off, :mod:`odds.battlescribe.rule_texts`).  With it, the one model strikes a single attack
at Initiative 1 (:func:`odds.combat.model.groups.swallow`; on the charge it still strikes with
the chargers); against infantry or cavalry not immune to killing blow, a to-wound roll of 4+
that wounds (at least the roll the Strength needs) slays the model outright as a killing blow
(no armour save; a ward save may stop it).  When it slays one, it gets 1D3 wounds back at
once, up to its starting wounds; those of them it suffered in this phase are taken off the
enemy's combat result, as regeneration's are (the others, of earlier rounds, scored then).
The exact first round refuses a combat with it."""



def _heads_fill(unit: Any) -> dict[str, int]:
    """``S_HEADS`` and ``S_HEADS_LD`` of ``unit``: its starting head, the other head's Ld step."""
    if not unit.has("two_heads"):
        return {"S_HEADS": 0, "S_HEADS_LD": 0}
    savage = unit.has("two_heads_savage")
    return {"S_HEADS": 2 if savage else 1, "S_HEADS_LD": 1 if savage else -1}


def _traitor_flank_charge(m: Any, c: Any) -> bool:
    """A Traidor Ettin charged an enemy's flank or rear: the exact engine has no doubling."""
    for a, b, face_a, face_b in m.contacts:
        for u, face in ((a, face_b), (b, face_a)):
            if m.sides[u, c.S_HEADS] == 1 and m.sides[u, c.S_CHARGED] and face != c.FRONT:
                return True
    return False


TWO_HEADS = RuleSpec(
    key="two_heads", mdnr=("Dos cabezas",), book="Reinos del Caos (Ettin maldito)",
    battlescribe=("Dos cabezas",),
    columns=("S_HEADS", "S_HEADS_LD", "G_HEAD_HIT", "G_HEAD_WOUND", "G_HEAD_SAVE",
             "G_HIT_HEAD", "G_HEADS_HIT"),
    switches=("S_HEADS",), fill=_heads_fill, filled_by="odds.combat.model.heads",
    # one Ld test a round (3D6 cold-blooded), re-rolled under "Aullido abisal"
    dice=lambda m, c: 6 * int((m.sides[:, c.S_HEADS] > 0).sum()),
    plain=False, rare="RARE_TURN", exact_refuses=_traitor_flank_charge,
    acts=("start of turn", "each strike", "combat result", "break test", "pursuit"),
    hooks=("psychology.swap_heads", "psychology.head_ld", "psychology.hates_now",
           "psychology.break_test", "blows.strike", "blows.head_needs",
           "resolution.side_totals", "resolution.leave_and_pursue", "model.heads.head_rows"),
    column_docs={
        "S_HEADS": "the Ettin's head dominant at the start (\"Dos cabezas\"): 0 no rule; 1 "
                   "Traidor; 2 Salvaje",
        "S_HEADS_LD": "the other head's Ld less the starting head's (-1 or +1)",
        "G_HEAD_HIT": "G_HIT while the striking Ettin has its other head dominant",
        "G_HEAD_WOUND": "G_WOUND likewise (the Salvaje's S+1)",
        "G_HEAD_SAVE": "G_SAVE likewise",
        "G_HIT_HEAD": "G_HIT while the Ettin struck has its other head dominant (its WS)",
        "G_HEADS_HIT": "G_HIT while both the Ettin striking and the Ettin struck have their "
                       "other heads dominant",
    },
)
"""Reinos del Caos (Mortales, Bestias, Marca de Malal, Norsca) "Ettin maldito" "Dos cabezas":
"Cuando se despliega al Ettin, el jugador debe elegir qué personalidad (cuál de las dos cabezas)
es la dominante. Cuando el Ettin haya sufrido alguna herida (tras salvaciones, si las hubiera
por algún hechizo o regla especial), al final de cada turno deberá hacer un chequeo de
Liderazgo (puede usar Liderazgo del General), si lo supera, conserva la personalidad actual, en
caso contrario toma la otra personalidad. Las dos personalidades son: - Traidor. El Ettin gana
Odio, Cruzar(Terreno difícil), y dobla el bonificador a la resolución de combate si carga por el
flanco o retaguardia. - Salvaje. El Ettin gana Furia Asesina, y su perfil se ve modificado de la
siguiente forma: F+1, HA2, L-1."

The starting head is the player's choice: Default Traidor (the head the text names first, the
``two_heads`` flag alone); Option Salvaje (the ``two_heads_savage`` flag beside it).  The
combat is built with the starting head's profile and rules (:mod:`odds.combat.model.heads`):
Traidor, hatred (re-rolls its misses in the first round); Salvaje, WS 2, S+1, Ld-1 and frenzy
(one more attack while frenzied, immune to psychology, must pursue).  Each Ettin's rows hold
the other head's to-hit, to-wound and armour-save needs (``G_HEAD_*``), and each enemy's rows
the need to hit the Ettin at the other head's WS (``G_HIT_HEAD``, ``G_HEADS_HIT`` for an Ettin
striking an Ettin); the kernel takes them while the other head is dominant
(``state[:, B_HEAD]``).

"Wounded": Default, the Ettin has fewer wounds than it began the combat with (after saves and
regeneration: a regenerated wound is one it did not suffer); a wound of an earlier phase is
not known to the engine.  The test is taken at the end of every turn, each player's (once a
round, before the next round's start), while the Ettin is still fighting: 2D6 on the dominant
head's Ld (Salvaje one less) or the General's (``S_GENERAL_LD``), re-rolled under "Aullido
abisal"; failed, the other head takes over.  Taking the Salvaje head the Ettin is frenzied
again (the text's "gana Furia Asesina" comes with the head, each time); taking the Traidor
head it loses frenzy; a Salvaje Ettin that loses a round loses frenzy as any frenzied model
(§1.6) but keeps WS 2, S+1 and Ld-1.  Hatred's re-rolls act in the first round only (gst
"Odio"), which is always the starting head's; a Traidor, hating, always pursues (as a
frenzied Salvaje does); the doubled flank or rear bonus counts while the Traidor head
is dominant and the Ettin charged the enemy's flank or rear (the side's +1 or +2 becomes +2 or
+4).  The break test, the restraint test of a pursuit and the swap test read the dominant
head's Ld (:func:`odds.combat.psychology.head_ld`); panic tests read the printed Ld of the
starting head.  The exact first round is the starting head's (no test comes before its end),
so the exact engine takes the rule, but for a Traidor Ettin's doubled bonus after a charge on
a flank or rear, which it refuses."""

TWO_HEADS_SAVAGE = RuleSpec(
    key="two_heads_savage", mdnr=("Dos cabezas",), book="Reinos del Caos (Ettin maldito)",
)
"""Option of "Dos cabezas" (:data:`TWO_HEADS`): the Ettin starts with the Salvaje head
dominant (with ``two_heads``; alone it does nothing)."""

FLAME_MOST = 34
"""Most models a flame template laid into a front covers, fully or partially (20 mm bases,
any width: :func:`odds.combat.model.frontage.under_flame`)."""

SPIT_DICE = 5 * FLAME_MOST + 12
"""Most dice one spit takes: per model under the template a partial hit's 4+, its wound,
armour, ward and regeneration rolls; then a Terror test (re-rolled) and its flight."""


def _spit(unit: Any) -> int:
    """``S_SPIT`` of ``unit``: 0 none or held, 1 spits, 2 spits and causes terror."""
    if not unit.has("spit_filth") or unit.has("spit_filth_held"):
        return 0
    return 2 if unit.causes_terror else 1


def _spits_before_first_blows(m: Any, c: Any) -> bool:
    """A spit in the first round's turn, before its blows (its side's turn): the kernel's."""
    n = m.n_units
    return bool(((m.sides[:n, c.S_SPIT] > 0) * (m.sides[:n, c.S_SIDE] == m.active_side)).any())


SPIT_FILTH = RuleSpec(
    key="spit_filth", mdnr=("Escupir inmundicia",),
    book="Enanos del Caos, Reinos del Caos Mortales (Cañón infernal)",
    battlescribe=("Escupir inmundicia",),
    columns=("S_SPIT",), reads=("S_TOUGH", "S_ARMOUR", "S_FEAR", "S_ITP"),
    switches=("S_SPIT",), fill=lambda unit: {"S_SPIT": _spit(unit)},
    dice=lambda m, c: SPIT_DICE * int((m.sides[:m.n_units, c.S_SPIT] > 0).sum()),
    plain=False, exact_refuses=_spits_before_first_blows,
    acts=("start of turn",), hooks=("psychology.spit_filth", "kernel.start_of_round"),
    rare="RARE_TURN",
    column_docs={
        "S_SPIT": "1: it spits filth each own turn while engaged (Cañón infernal); 2 the same, "
                  "and it causes terror",
    },
)
"""Enanos del Caos, Reinos del Caos Mortales "Cañón infernal" "Escupir inmundicia": "En vez de
disparar el cañón de forma habitual, puede optar por escupir una gran masa de trozos de
cuerpos y esencia demoníaca. Sitúa la plantilla de llamas tocando con el extremo pequeño en la
boca del cañón y el extremo ancho dirigido contra el blanco. Las miniaturas bajo la plantilla
(parciales a 4+) sufren impactos de F6. Toda unidad bajo la plantilla (aunque sea parcial)
debe hacer chequeo de Terror. ..." (the Mortales books add "El cañón puede Escupir inmundicia
aunque esté trabado en combate cuerpo a cuerpo"); both books' "Arrasar": "Si el cañón arrasa
o está trabado, sólo puede escupir inmundicia (no puede disparar de la forma habitual)"
(:func:`odds.combat.psychology.spit_filth`).

Default: the cannon spits in each of its own turns while it fights, in its shooting phase,
before that turn's round (the turn it charged too, as it may after an "Arrasar" move); its
player may choose not to (Option: the ``spit_filth_held`` flag beside it,
:data:`SPIT_FILTH_HELD`), but the hits cost it nothing.  It spits at the first enemy unit in
contact.  The template (:func:`odds.combat.model.frontage.under_flame`): its point at the
muzzle, in base contact with the middle of the enemy's front, its axis straight back through
the unit; 8" long (20 cm), a cone widening to its wide end, a circle 3" (7.5 cm) across, its
point taken as a point (RULES.md gives no size; the 6th-edition teardrop).  A unit five wide on
20 mm bases, five deep, has 2 models fully and 9 partially under it.  The hits wound against
the unit's T, its armour save less 3 (S6, RULES.md §1.5), its ward save against the cannon's
blows and its regeneration are rolled; they fall on the rank and file (shooting at a unit), and
count for no combat result (RULES.md §2.1: "excluding ... wounds from magic/shooting phases")
and cause no panic (the unit is engaged).

The Terror test (RULES.md §3.3: "test once per battle; fail → flee"): made in the cannon's
first own turn of the combat only, unless the unit is immune (immune to psychology,
unbreakable, or causing fear or terror itself) or already tested Terror of the cannon at the
charge (the cannon causes terror, and the pair's charge tests took it); on its Ld, the
General's or a character's (as a panic test), re-rolled with "Ejemplo de Sigmar" or "Marca del
Caos absoluto".  Failed, the unit flees at once ("as if it had failed its Break test in close
combat", 6th "Flee! (Terror)"), pursued only if the cannon's side won the round before, as
from a panic while engaged (RULES.md §3.4); the cannon itself never pursues ("El cañón no puede
perseguir").  Passed, its later terror of the cannon is fear, which an engaged unit feels only
when it loses (§3.2), as without the spit.  The exact first round takes it but where the
cannon's side has the first turn (a spit before the first blows)."""

SPIT_FILTH_HELD = RuleSpec(
    key="spit_filth_held", mdnr=("Escupir inmundicia",),
    book="Enanos del Caos, Reinos del Caos Mortales (Cañón infernal)",
)
"""Option of "Escupir inmundicia" (:data:`SPIT_FILTH`): the cannon never spits while engaged
(with ``spit_filth``; alone it does nothing)."""


SPECS = (PETRIFY, TONGUE_ATTACK, ICE_WEAPONS, SWALLOW_WHOLE, TWO_HEADS, TWO_HEADS_SAVAGE,
         SPIT_FILTH, SPIT_FILTH_HELD)
