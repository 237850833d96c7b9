"""Rules of Bretonia: lance formation, duty to pursue, defensive stakes, the brigands' scum."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec

LANCE_TROOPS = ("cavalry",)
"""Troop types that fight in a lance ("Las unidades de Caballería con algún Voto")."""

LANCE_FILES = 3
"""The lance's frontage: "La Formación en Lanza tiene un frontal de 3 miniaturas"."""


def in_lance(unit: Any) -> bool:
    """Whether ``unit`` fights in lance formation: the rule, cavalry, 3 models wide."""
    return (unit.has("lance_formation") and unit.troop_type in LANCE_TROOPS
            and unit.files == LANCE_FILES)


def _lance_dice(model: Any, layout: Any) -> int:
    """Dice of the lance's flank riders and steeds on the charge (an upper bound).

    12 faces per attack of each of the unit's models, rider and steed.
    """
    total = 0
    for u in range(model.n_units):
        if model.groups[u, ..., layout.G_LANCE].any():
            models = int(-(-model.sides[u, layout.S_HP] // model.sides[u, layout.S_W]))
            per = int(model.groups[u, :, :, 0, layout.G_ATTACKS].max()
                      + model.groups[u, :, :, 0, layout.G_FRENZY_A].max())
            total += 12 * 2 * models * per
    return total


LANCE_FORMATION = RuleSpec(
    key="lance_formation", mdnr=("Formación en lanza",), book="Bretonia",
    columns=("S_LANCE", "G_LANCE"), switches=("S_LANCE", "G_LANCE"),
    fill=lambda unit: {"S_LANCE": int(in_lance(unit))},
    dice=_lance_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_LANCE].any()),
    acts=("before blows", "combat result"),
    hooks=("fighters.start_fighters", "strike_steps.count_attacks",
           "fighters.expand"),
    column_docs={
        "S_LANCE": '1: fights in lance formation, 3 wide, its ranks of 3 counting (Bretonia '
                   '"Formación en lanza")',
        "G_LANCE": "1: riders (and steeds) of the lance's flank files behind its fighting front "
                   'rank fight too (Bretonia "Formación en lanza", on the charge)',
    },
)
"""Bretonia "Formación en lanza": "Las unidades de Caballería con algún Voto pueden luchar en
una formación llamada Formación en Lanza ... La Formación en Lanza tiene un frontal de 3
miniaturas, y puede aplicar el bonificador por filas a la resolución de combate por cada
fila completa de 3 miniaturas (en vez de las habituales 4 miniaturas) ... Adicionalmente,
en el turno en que cargan, los jinetes (y sus monturas) en los flancos de la unidad pueden
atacar si se encuentran en una fila posterior tras una miniatura de la primera fila que esté
combatiendo ... Las bajas se retiran primero del centro de la última fila".

A cavalry unit with the rule fights in the lance when it is 3 models wide (``files=3``; the
formation is the player's choice, "Pueden cambiar de formación en lanza a otro tipo de
formación y viceversa"): each full rank of 3 behind the first counts for the rank bonus (at
most +3), and a lance keeps its frontage when it wins (no widening, no lapping round: its
ranks would count no more).  On
the charge (the first round, when it charged to the front) the riders and steeds of its two
flank files fight behind a fighting front model: with the front models in contact centred on
the enemy, both flank files fight behind three in contact, one behind two, none behind one;
the casualties leave the centre of the last rank first, so a last rank of one or two stands
on the flanks.  A flank rider slain before he strikes takes his steed's blows with him."""

PURSUIT_EXTRA_DICE = 2
"""D6 the young knights' pursuit rolls beyond its dice, the lowest dropped."""

DUTY_TO_PURSUE = RuleSpec(
    key="duty_to_pursue", mdnr=("Obligación de Perseguir",), book="Bretonia",
    columns=("S_PURSUE_EXTRA",),
    fill=lambda unit: {"S_PURSUE_EXTRA": PURSUIT_EXTRA_DICE * unit.has("duty_to_pursue")},
    dice=lambda m, c: int(m.sides[:m.n_units, c.S_PURSUE_EXTRA].sum()),
    acts=("pursuit",), hooks=("resolution.leave_and_pursue",),
    column_docs={
        "S_PURSUE_EXTRA": 'D6 rolled beyond its pursuit dice, the lowest dropped (Bretonia '
                          '"Obligación de Perseguir")',
    },
)
"""Bretonia (Guerra de Noveles) "Obligación de Perseguir": "Todas las unidades deben
Perseguir. Cuando persiguen, lanza 2D6 adicionales en la tirada para perseguir y quédate los
8 dados más altos": the unit always pursues (``must_pursue``, given with it) and rolls 2D6
more than its pursuit dice, keeping as many of the highest as it pursues with (the 8 of a
mounted knight's 8D6; a unit on foot keeps the 5 of its 5D6, the text naming the knights'
eight)."""

_FRONT = 0
"""The front face of a contact (``odds.combat.model.layout.FRONT``)."""


def stopped_by_stakes(units: list[Any], i: int, j: int,
                      contacts: list[tuple[int, int, int, int]]) -> bool:
    """Whether unit ``i`` charging unit ``j`` lost its charge to ``j``'s stakes.

    ``j`` has ``defensive_stakes`` and ``i`` is in contact with its front (``contacts``:
    ``(unit, unit, face of the first, face of the second)``).
    """
    if not units[j].has("defensive_stakes"):
        return False
    return any((a, b, fb) == (i, j, _FRONT) or (a, b, fa) == (j, i, _FRONT)
               for a, b, fa, fb in contacts)


DEFENSIVE_STAKES = RuleSpec(
    key="defensive_stakes", mdnr=("Estacas defensivas",), book="Bretonia",
    battlescribe=("Estacas defensivas",), filled_by="odds.combat.model.build",
    acts=("charge",),
)
"""Bretonia (Arqueros campesinos, Arcblastiers) "Estacas defensivas": "Las unidades de Arqueros
Campesinos pueden desplegar con Estacas defensivas ... Si, en algún momento de la partida, la
unidad lleva a cabo un movimiento (incluyendo giro, huida, etc), retira las estacas del juego
... Las miniaturas pueden atacar a través de las peanas de las estacas ... Mientras la unidad
tenga estacas, cualquier unidad enemiga que cargue por el frontal a la unidad perderá
cualquier tipo de bonificación o regla especial que se produzca durante cargas. Por ejemplo:
los Carros no causan impactos por carga, las miniaturas con Lanza de caballería no ganarían
F+2 ... no ataca primera por haber cargado".

A unit with the flag stands behind its stakes (the user leaves the flag off once it has
moved): an enemy charging its front fights that combat's first round as if it had not charged
(no impact hits, no Strength or attacks for the charge, no striking first for it, no rule of
the charge such as the lance's flank files); charging its flank or rear keeps them.  The
archers fight across their stakes as they would in base contact.  Its code is in the model
(:func:`odds.combat.model.build`), none in the kernel."""

NO_BSB_REROLL = RuleSpec(
    key="no_bsb_reroll", mdnr=("Escoria",), book="Bretonia",
    reads=("S_INDEPENDENT", "S_BSB"), switches=("S_INDEPENDENT",),
    filled_by="odds.combat.model.side", acts=("break test",),
    hooks=("kernel.break_tests",),
)
"""The unit never re-rolls a break test for a battle standard (Bretonia "Escoria", Brigands:
"Los Brigands NUNCA causan pánico en unidades amigas (¡ni siquiera en los Campesinos!), no
pueden usar el Liderazgo del General (ni de ningún personaje Caballero) ni repetir
desmoralización a causa del Estandarte de Batalla").

"Escoria" gives it with ``independent`` (never the General's Ld) and ``causes_no_panic`` (no
friend tests panic for it): ``S_INDEPENDENT`` 2, and neither the side's battle standard within
30 cm (``S_BSB`` 0) nor a battle standard bearer fighting in the combat re-rolls its break
test (:func:`odds.combat.kernel.break_tests`).  A Knight lending his Ld from near by ("El deber
del campesino", given as the side's General's Ld) is the General's Ld it never uses; a
character fighting in the unit lends his Ld as any character does (the engine has no Knight
tag: leave a Knight out of the unit)."""

def wardens_foe(enemy: Any) -> bool:
    """Whether ``enemy`` gives "Guardianes de bosquesalvaje" their extra attack.

    It causes fear or terror (:attr:`~odds.units.Unit.causes_fear`) or is a monster.
    """
    return bool(enemy.causes_fear or enemy.troop_type == "monster")


WILDWOOD_WARDENS = RuleSpec(
    key="wildwood_wardens", mdnr=("Guardianes de bosquesalvaje",), book="Elfos Silvanos",
    battlescribe=("Guardianes de bosquesalvaje",), filled_by="odds.combat.model.groups",
)
"""Elfos Silvanos (Montaraces de bosquesalvaje) "Guardianes de bosquesalvaje": "Las miniaturas
de la unidad ganan un ataque adicional (A+1) mientras estén en contacto peana con peana con una
o más miniaturas enemigas que causen Miedo o Terror o sean de tipo Monstruo".

The unit's own blows (rank and file and champion, not a steed's) are one more per model
against an enemy that causes fear or terror or is a monster (:func:`wardens_foe`), in every
round.  Its code is in the model's attack groups (:func:`odds.combat.model.groups._groups`),
none in the kernel.  Every fighting model counts as in contact: the Montaraces fight in one
rank (great weapons); in a combat of several enemies the extra blow goes with the attacks
against the fear-causing enemy only."""

IMPETUOUS = RuleSpec(
    key="impetuous", mdnr=("Impetuosos",), book="Bretonia", battlescribe=("Impetuosos",),
    columns=("S_IMPETUOUS",), fill=lambda unit: {"S_IMPETUOUS": int(unit.has("impetuous"))},
    acts=("charge", "break test"),
    hooks=("model.charge.charge_flags", "model.charge.pair_flags", "strike_steps.strike_steps",
           "psychology.break_test"),
    column_docs={
        "S_IMPETUOUS": "1: immune to psychology through the turn it charges",
    },
)
"""Bretonia (Caballeros noveles) "Impetuosos": "Tras declarar cargas, si la unidad está a
distancia de carga de un enemigo debe hacer un chequeo de Liderazgo; si lo falla, carga.
Además, siempre que cargan, ellos y cualquier personaje que se les haya unido son inmunes a
psicología hasta el final de turno. Ten en cuenta que los Caballeros Noveles son inmunes a
psicología nada más declarar la carga ... No deberían, por tanto, efectuar un chequeo de miedo
para cargar".

The test that makes them charge is the movement phase's.  When the unit charged
(``S_CHARGED``), it and its characters are immune to psychology from the charge to the end of
that turn, the combat's first round: no fear or terror test to charge
(:func:`odds.combat.model.charge._scared`), no fear auto-break in that round's break test,
no "Aullido abisal" re-roll of it, and no panic test in that round
(:func:`odds.combat.strike_steps.strike_steps` marks it tested).  From the second round, the
enemy's turn, its psychology is the usual.  Charged, it has none of this.  The exact first
round reads the same (:func:`odds.combat.exact.break_tests.break_probability`)."""

ETERNAL_GUARD_STYLE = RuleSpec(
    key="eternal_guard_style", mdnr=("Estilo de combate de la guardia eterna",),
    book="Elfos Silvanos", battlescribe=("Estilo de combate de la guardia eterna",),
    filled_by="odds.combat.model.groups", acts=("each strike",),
)
"""Elfos Silvanos (Guardia eterna) "Estilo de combate de la guardia eterna": "Sin importar el
equipo que lleven las miniaturas físicamente, todas las miniaturas con esta regla tienen estas
tres peculiaridades: - Todos tienen una tirada de salvación por armadura de 5+. - Llevan Lanza,
por lo que combaten en dos filas. - Las miniaturas en contacto peana con peana con el enemigo
tienen A+1 en combate cuerpo a cuerpo".

The models fighting in the unit's front rank, its champion's included, strike one attack more
each, in an attack group of their own with the rank and file's profile and weapon (the crew
group, which counts the front rank's fighters as "Golpe decapitador" does: no second crew,
pistol or random attacks beside it); its second rank fights with its spear's usual attacks.
The spear and the 5+ save are the import's (:mod:`odds.battlescribe`: the weapon "Conjunto de
armas de mano y lanzas" is a spear, the save 5+ whatever the armour).  Its code is in the
model's attack groups (:func:`odds.combat.model.groups._groups`), none in the kernel."""

NOBLE_ESCORT = RuleSpec(
    key="noble_escort", mdnr=("Escolta",), book="Elfos Silvanos",
    reads=("S_BODYGUARD",), filled_by="odds.combat.model.side",
    acts=("break test",), hooks=("psychology.break_test",),
)
"""Elfos Silvanos (Guardia eterna) "Escolta": "Mientras la unidad contenga algún Biennacido o
algún Noble es Tozuda. Ten en cuenta que es simplemente conteniendo esas miniaturas, así que
aunque un Noble rechace un desafío y pase a última fila, la unidad seguirá siendo Tozuda
mientras el Noble esté en ella".

The unit is stubborn while a living character with ``wood_elf_noble`` stands in it, whether
he refused a challenge or not (``S_BODYGUARD`` 1, as Altos Elfos "Guardaespaldas":
:func:`odds.combat.model.bodies.guarded`).  The name "Escolta" is read by its text: Mercenarios
"Escolta" is ``paymaster_guard``."""

WOOD_ELF_NOBLE = RuleSpec(
    key="wood_elf_noble", mdnr=("Biennacido", "Noble silvano"), book="Elfos Silvanos",
    reads=("S_GUARDED",), filled_by="odds.combat.model.build",
)
"""The character is an Elfos Silvanos "Biennacido" or "Noble silvano" (the entries the
Guardia eterna's "Escolta" names; the import gives it to them by their entry's name)."""

def wild_hunt(unit: Any) -> bool:
    """Whether ``unit`` causes fear when it charges: "La cacería salvaje" and its musician."""
    return bool(unit.has("wild_hunt") and unit.command.musician)


WILD_HUNT = RuleSpec(
    key="wild_hunt", mdnr=("La cacería salvaje",), book="Elfos Silvanos",
    battlescribe=("La cacería salvaje",), columns=("S_HUNT",),
    filled_by="odds.combat.model.build", plain=False, rare="RARE_TURN",
    acts=("charge", "start of turn"),
    hooks=("model.charge.charge_flags", "model.charge.pair_flags", "psychology.causes_fear",
           "psychology.own_turn_start"),
    column_docs={
        "S_HUNT": "1: charged with its musician, it causes fear (S_FEAR 3) until its next own "
                  "turn",
    },
)
"""Elfos Silvanos (Jinetes de Kurnous) "La cacería salvaje": "Si la unidad de Kurnous declara
una carga y tiene músico, la unidad Causa Miedo a todos los efectos hasta el inicio de su
próximo turno".

A unit with it and its musician (:func:`wild_hunt`) that charged in its own turn causes fear
from the charge (its target tests fear at the charge: :func:`odds.combat.model.charge._scared`)
through the enemy's turn that follows: the first two rounds of the combat (``S_FEAR`` 3 while
``B_HUNT``, the own turns still to start, is above 0; the start of its next turn, the third
round, ends it: :func:`odds.combat.psychology.own_turn_start`).  The musician is the one it
has at the charge.  Charged, or without a musician, it causes no fear by this rule.  The
exact first round counts its fear; the plain-pair kernel, which has no start-of-turn code,
refuses it."""

KURNOUS_WRATH = RuleSpec(
    key="kurnous_wrath", mdnr=("La ira de Kurnous",), book="Elfos Silvanos",
    battlescribe=("La ira de Kurnous",), filled_by="odds.combat.model.groups",
)
"""Elfos Silvanos (Jinetes de Kurnous) "La ira de Kurnous": "Los jinetes tienen A+1 en las rondas
de combate que no hayan cargado".

+1 A for the riders (the rank and file and the champion, not their steeds) in every round but
the first round of a combat they charged: their attack rows
(:func:`odds.combat.model.groups._groups`), so the exact first round counts it too."""

BLESSING_WARD = 6
"""The Blessing of the Lady's ward save against blows of Strength below 5."""

BLESSING_WARD_STRONG = 5
"""The Blessing of the Lady's ward save against blows of Strength 5 or more."""


def lady_ward(unit: Any, ward: int, strength: int) -> int:
    """The ward save ``unit`` takes against a blow of ``strength`` (``ward``: its other one).

    With ``grail_vow`` (the Blessing of the Lady), the better of ``ward`` and the Blessing's:
    5+ against Strength 5 or more, else 6+.
    """
    if not unit.has("grail_vow"):
        return ward
    return min(ward, BLESSING_WARD_STRONG if strength >= 5 else BLESSING_WARD)


GRAIL_VOW = RuleSpec(
    key="grail_vow", mdnr=("Voto del grial", "Bendición de la Dama"), book="Bretonia",
    filled_by="odds.combat.model.groups", acts=("each strike",),
)
"""Bretonia (Caballeros del grial) "Voto del grial": "Inmunes a psicología. A las unidades con
Voto del Grial no se les pueden unir personajes con el Voto de Caballero o el Voto de la
Búsqueda. Las miniaturas con Voto del Grial empiezan la partida siempre con la Bendición de la
Dama, independientemente de si rezan o no. Todos sus ataques son mágicos (del Caballero con el
Voto, no de su montura)".

The flag is the Blessing of the Lady, which the vow always has: a ward save of 6+, 5+ against
blows of Strength 5 or more (the Bretonian book's Blessing, as MDNR Bretonia "Morgiana" reads
it: "la tirada de salvación especial obtenida por la Bendición de la Dama será de 5+ contra
cualquier ataque (tenga este la Fuerza que tenga)" where the enchantress joins), the better of
it and any other ward the unit has, per blow (:func:`lady_ward`, where the enemy's attack
groups are built: :mod:`odds.combat.model.groups`; no kernel code of its own).  The cold
wound of a "Arma de frío" hit takes the ward of the blow that made it.  The engine never takes
the Blessing away: fleeing leaves the combat, and a character refusing a challenge beside the
knights is not followed.  The vow's other clauses are other flags the import gives with it:
``immune_to_psychology``, and ``magic_attacks`` for the knights but not their steeds
(``mundane_attacks``); who may join them is army composition."""


def saints_champion(unit: Any) -> Any:
    """``unit`` as it challenges: with "Santos en vida" and no champion, one knight is one.

    The champion has the rank-and-file profile, weapon and rules (one of the knights), so the
    unit's blows and models are those it has.
    """
    if unit.has("living_saints") and not unit.command.champion and unit.models >= 2:
        return unit.replace(command=unit.command.replace(champion=True),
                            champion_profile=unit.profile)
    return unit


LIVING_SAINTS = RuleSpec(
    key="living_saints", mdnr=("Santos en vida",), book="Bretonia",
    battlescribe=("Santos en vida",), filled_by="odds.combat.model.build",
    acts=("start of turn",),
)
"""Bretonia (Caballeros del grial) "Santos en vida": "Todas las miniaturas de la unidad se
consideran Campeón a efectos de lanzar y aceptar desafíos (pero recuerda que, estando en
formación de lanza, sólo los Caballeros en contacto con miniaturas enemigas pueden lanzar y
aceptar desafíos)".

A unit with it and no champion of its own challenges as one with a champion: one of its
knights, with the rank-and-file profile, issues and accepts challenges under the unit's
challenge policy (:func:`saints_champion`, applied as the combat is built:
:func:`odds.combat.model.build_units`; :attr:`odds.scenario.ScenarioUnit.has_challenger`).
The engine's champion stands in the front rank, in contact with the enemy, as the text asks
of a lance.  A unit with a champion challenges with him, as without the rule."""

MOUNTED_HAND_WEAPONS = RuleSpec(
    key="mounted_hand_weapons",
    mdnr=("Dos armas de mano (reciben el bonus pese a ser caballería)",), book="Elfos Oscuros",
    filled_by="odds.combat.model.groups",
)
"""Elfos Oscuros (Brujos fuegoletal) "Dos armas de mano (reciben el bonus pese a ser
caballería)": the riders fight with a hand weapon and one more attack each (the rank and file
and the champion, not their steeds: their attack rows, :func:`odds.combat.model.groups._groups`),
where the general rules give a second hand weapon to troops on foot only."""

SLAANESH = RuleSpec(key="slaanesh", mdnr=("Slaanesh",), book="gst")
"""The model is of type Slaanesh (its printed ``Tipo`` names it, or its mark's text says "Gana
el tipo de unidad Slaanesh"): a label the Elfos Oscuros "Presa de Slaanesh" reads."""

PREY_WARD = 4
"""Elfos Oscuros "Presa de Slaanesh": the ward save against blows of models not of Slaanesh."""


def prey_ward(unit: Any, by: Any, ward: int) -> int:
    """The ward save ``unit`` takes against the blows of ``by`` (``ward``: its other one).

    With ``prey_of_slaanesh``, the better of ``ward`` and 4+, unless ``by`` is of type
    Slaanesh (``slaanesh``).
    """
    if unit.has("prey_of_slaanesh") and not by.has("slaanesh"):
        return min(ward, PREY_WARD)
    return ward


PREY_OF_SLAANESH = RuleSpec(
    key="prey_of_slaanesh", mdnr=("Presa de Slaanesh",), book="Elfos Oscuros",
    battlescribe=("Presa de Slaanesh",), filled_by="odds.combat.model.groups",
    acts=("each strike",),
)
"""Elfos Oscuros (Brujos fuegoletal) "Presa de Slaanesh": "Los Brujos Fuegoletal disponen de una
tirada de salvación especial de 4+, pero no podrán utilizarla contra ataques (hechizos,
disparos, combate cuerpo a cuerpo) de miniaturas de tipo Slaanesh".

A 4+ ward save against every blow of an enemy without ``slaanesh`` (its riders', steeds',
impact hits alike), the better of it and any other ward (:func:`prey_ward`, where the enemy's
attack groups are built; no kernel code of its own)."""

BEAST_LORD = RuleSpec(
    key="beast_lord", mdnr=("Despliegue", "Muerte del señor"), book="Elfos Silvanos",
    columns=("S_BEAST_LORD",), fill=lambda unit: {"S_BEAST_LORD": int(unit.has("beast_lord"))},
    plain=False, exact_refuses=lambda m, c: bool(m.sides[:, c.S_BEAST_LORD].any()),
    acts=("each strike", "end of phase"),
    hooks=("fighters.issue_challenges", "fighters.lords_fall"),
    column_docs={
        "S_BEAST_LORD": '1: a Beastmaster among his beasts: he cannot refuse a challenge, and '
                        'they die with him (Elfos Silvanos "Despliegue", "Muerte del señor")',
    },
)
"""Elfos Silvanos (Señor de las bestias) "Despliegue": "Las Bestias despliegan al lado del Señor
e, inicialmente, forman una única unidad conjunta. Mientras vayan con él, el Señor no puede
rehuir un desafío. Ten en cuenta que si el Señor lleva Bestias, son unidad a todos los efectos;
si no los lleva es miniatura individual. Cuando forman unidad no son hostigadores"; "Muerte del
señor": "Si el Señor muere, las Bestias que estuvieran con él también lo hacen".

The beasts are the unit's models and the lord a character in it for good (a named member,
:class:`odds.units.Member`, with the flag himself): a unit he stands in, challenged, accepts
with its best character even under the ``never`` policy
(:func:`odds.combat.fighters.issue_challenges`); once he has died, after the strike step he
fell in (the blows of that step are simultaneous) or at the end of the phase, his unit's
beasts are removed (:func:`odds.combat.fighters.lords_fall`): they strike no later blow and
their removal is no wound scored in the combat result.  The beasts alone fight on as a unit
while he lives."""

DANCES: tuple[str, ...] = ("whirl", "storm", "shadows", "mist")
"""Elfos Silvanos "Danzas de Loec", in the book's order: Torbellino de Muerte, Tormenta de
Espadas, Sombras Inalcanzables, Niebla Sinuosa."""

DEFAULT_DANCES: tuple[str, str, str] = ("storm", "shadows", "storm")
"""The dances of the first round, the even rounds and the odd rounds after the first.

Tormenta de Espadas (A+1, the most blows against any enemy) in the first round and every
odd round, Sombras Inalcanzables (a 4+ ward, against any enemy) in the even rounds:
"Torbellino de Muerte" slays only man-sized enemies not immune to killing blows, and
"Niebla Sinuosa" costs an attack."""

SHADOWS_WARD = 4
"""Sombras Inalcanzables: "su TSE pasa a ser de TSE 4+"."""


def check_dances(dances: Any) -> tuple[str, str, str]:
    """``dances`` (three names of :data:`DANCES`) as a tuple; no dance twice in a row.

    Raises :class:`odds.validation.OddsInputError` otherwise.
    """
    from odds.validation import OddsInputError

    seq = tuple(dances) if isinstance(dances, (list, tuple)) else ()
    if len(seq) != 3 or any(d not in DANCES for d in seq):
        raise OddsInputError(f"loec_dances: three of {', '.join(DANCES)}, for the first, even "
                             f"and odd rounds (got {dances!r})")
    if seq[0] == seq[1] or seq[1] == seq[2]:
        raise OddsInputError(f"loec_dances: a dance cannot follow itself (got {dances!r})")
    return seq  # type: ignore[return-value]


def danced(unit: Any, dance: str) -> Any:
    """``unit`` as it fights a round of ``dance``: itself without ``loec_dances``.

    Torbellino de Muerte: killing blow; Sombras Inalcanzables: its ward save 4+ (a better one
    kept); Niebla Sinuosa: always strikes first.  The dances' attacks are
    :func:`dance_attacks`'.
    """
    if not unit.has("loec_dances"):
        return unit
    if dance == "whirl":
        return unit.replace(special=(*unit.special, "killing_blow"))
    if dance == "shadows":
        ward = unit.ward_save
        return unit.replace(ward_save=SHADOWS_WARD if not ward or ward > SHADOWS_WARD else ward)
    if dance == "mist":
        return unit.replace(special=(*unit.special, "always_strikes_first"))
    return unit


def dance_attacks(unit: Any, dance: str) -> int:
    """Attacks ``dance`` adds to each of ``unit``'s models.

    Tormenta de Espadas +1, Niebla Sinuosa -1 (after its weapon's: "habitualmente harán
    únicamente un ataque, pero por ejemplo el Señor de Bailarines hará 2"), else 0 (and 0
    without ``loec_dances``).
    """
    if not unit.has("loec_dances"):
        return 0
    return {"storm": 1, "mist": -1}.get(dance, 0)


LOEC_DANCES = RuleSpec(
    key="loec_dances", mdnr=("Danzas de Loec",), book="Elfos Silvanos",
    battlescribe=("Danzas de Loec",), filled_by="odds.combat.model.groups",
    acts=("before blows", "each strike"),
)
"""Elfos Silvanos (Bailarines guerreros) "Danzas de Loec": "Al inicio de cada ronda de combate
cuerpo a cuerpo (antes incluso de los impactos por carga), cada unidad de Bailarines Guerreros
debe elegir una danza, alternandolas obligatoriamente ... Es acumulable a los efectos de las
Armas de Bailarín ... Hay 4 danzas: - Torbellino de Muerte: tienen Golpe letal. - Tormenta de
Espadas: ganan A+1. - Sombras Inalcanzables: su TSE pasa a ser de TSE 4+. - Niebla Sinuosa:
Siempre atacan primero pero pierden A-1 por miniatura (habitualmente harán únicamente un
ataque, pero por ejemplo el Señor de Bailarines hará 2)".

"Alternandolas obligatoriamente" is read as: a unit never dances the same dance in two
consecutive rounds (it may dance one again after another).  The dances are a policy of
three (``CombatOptions.loec_dances``; Default :data:`DEFAULT_DANCES`): the first round's,
the even rounds', and the odd later rounds' (round kinds 0, 1, 2 of
:data:`odds.combat.model.layout.N_KINDS`), so every choice of the first three rounds is
open, and later rounds alternate the last two.  Each round's attack rows are those of the
unit as it dances (:func:`danced`, and :func:`dance_attacks` on the attacks of its rank and
file and champion rows, weapon included; where the attack groups are built:
:func:`odds.combat.model.groups._groups`; the enemy's rows against it take its ward), so
the exact first round counts the first dance.  A character with the rule (Caidath "Danzas
de Loec": "debe usar sus mismas Danzas de Loec") dances the same sequence; so would dancers
on both sides of one combat."""

SPECS = (LANCE_FORMATION, DUTY_TO_PURSUE, DEFENSIVE_STAKES, NO_BSB_REROLL, WILDWOOD_WARDENS,
         IMPETUOUS, ETERNAL_GUARD_STYLE, NOBLE_ESCORT, WOOD_ELF_NOBLE, WILD_HUNT, KURNOUS_WRATH,
         GRAIL_VOW, LIVING_SAINTS, MOUNTED_HAND_WEAPONS, SLAANESH, PREY_OF_SLAANESH, BEAST_LORD,
         LOEC_DANCES)
