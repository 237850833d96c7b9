"""Rules of the blows: who strikes first, to hit, to wound, special attacks, blows that grow."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec


def _burning_dice(m: Any, c: Any) -> int:
    """A T test and D3 wounds with their saves; up to 12 faces for the hit on each enemy model.

    Every enemy model bounds those in contact.
    """
    n = m.n_units
    burning = [u for u in range(n) if m.sides[u, c.S_BURNING]]
    if not burning:
        return 0
    enemy_models = sum(int(-(-m.sides[v, c.S_HP] // m.sides[v, c.S_W])) for v in range(n))
    return len(burning) * (8 + 12 * enemy_models)


BURNING_BODY = RuleSpec(
    key="burning_body", mdnr=("Cuerpo ardiente",), book="Enanos del Caos",
    battlescribe=("Cuerpo ardiente",), columns=("S_BURNING", "S_BURN_SAVE", "G_BURNING"),
    switches=("S_BURNING", "G_BURNING"),  # S_BURN_SAVE: the unit's armour save (side.py)
    fill=lambda unit: {"S_BURNING": unit.profile.T if unit.has("burning_body") else 0},
    dice=_burning_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_BURNING].any()),
    acts=("start of turn",), hooks=("psychology.own_turn_start",), rare="RARE_TURN",
    column_docs={
        "S_BURNING": '"Cuerpo ardiente": T test each own turn (the T; 0 = no rule)',
        "S_BURN_SAVE": "its armour save against the test's wounds (7 = none)",
        "G_BURNING": 'impact slot: one hit per enemy model in contact ("Cuerpo ardiente")',
    },
)
"""Enanos del Caos "Cuerpo ardiente": S4 flaming hits on the models in contact, and a T test
each own turn.

MDNR Enanos del Caos "Cuerpo ardiente": "Al inicio de la fase de combate cuerpo a cuerpo
(después de impactos por carga) toda miniatura, amiga o enemiga en contacto peana con peana con
una o más miniaturas con la regla Cuerpo ardiente recibe un impacto automático de F4 con Ataques
flamígeros. Además, al principio de cada turno propio (excepto el primero), toda unidad con esta
regla debe hacer un chequeo de Resistencia (uno por unidad ...); si lo falla, la unidad sufre
1D3 heridas sin posibilidad de salvación especial": each round, right after impact hits, one S4
flaming hit on each enemy model in contact with the unit (none on one immune to flaming attacks;
like impact hits they go to the troops); at the start of each round of its side's turn the unit
rolls a D6, failing on a 6 or above its T, and suffers D3 wounds (armour saves, no ward; not
counted in the combat result). A combat is taken never to be in its side's first turn of the
battle."""

def _whirl_dice(m: Any, c: Any) -> int:
    """A D3, or a 4+ for each model beside those in contact, and the hits' wounds and saves.

    Every enemy model bounds those hit.
    """
    n = m.n_units
    whirls = [u for u in range(n) if m.groups[u, :, :, :, c.G_WHIRL].any()]
    if not whirls:
        return 0
    enemy_models = sum(int(-(-m.sides[v, c.S_HP] // m.sides[v, c.S_W])) for v in range(n))
    return len(whirls) * (8 + 16 * enemy_models)


DEATH_WHIRL = RuleSpec(
    key="death_whirl", mdnr=("Torbellino de muerte",), book="Enanos",
    battlescribe=("Torbellino de muerte",), columns=("G_WHIRL",),
    filled_by="odds.combat.model.groups", dice=_whirl_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_WHIRL].any()),
    acts=("each strike",), hooks=("strike_steps.count_attacks", "blows.whirl_hits"),
    column_docs={
        "G_WHIRL": 'impact slot: "Torbellino de muerte", an S5 hit on each enemy model in'
                   " contact, on 4+ on each beside them, 1D3 on a lone model (1; 0 = none)",
    },
)
"""Enanos "Torbellino de muerte" (Buscamuertes): S5 hits on the enemy in contact before any
blow, and -1 to hit the Buscamuertes.

MDNR Enanos (Buscamuertes) "Torbellino de muerte": "Estas miniaturas no atacan normalmente
... En lugar de eso, al inicio de la fase de combate cuerpo a cuerpo (antes, incluso, que los
Impactos por carga de un carro) cada miniatura enemiga en contacto peana con peana con uno o
más Buscamuerte reciben un impacto de F5; además, todas las miniaturas enemigas que estén en
contacto peana con peana con esas miniaturas enemigas (y que no sean las que han recibido ya
impactos) reciben impacto también de F5 si obtienen 4+ en 1D6. Resuelve las tiradas para herir
de la forma habitual. Los supervivientes pueden luchar de forma habitual, pero con un -1 a la
tirada para impactar a causa del torbellino de ataques. Las miniaturas individuales (como
monstruos o carros) reciben 1D3 impactos en vez de 1 por el Buscamuerte (ten en cuenta que las
unidades de carros ... se trata como una unidad, no como un carro, así que cada carro se lleva
1 impacto, no 1D3). En caso de dos Buscamuerte enfrentándose entre sí, se resuelven todos los
impactos de ambos Buscamuerte a la vez."

In the engine, every round (both players' turns), before every other strike step, impact
hits included: the unit strikes no blow of its own (its printed A "*" is 0); each enemy
model in contact (those of the start of the round) takes one S5 hit, wounding on the
target's T and saved by its armour at -2 and its ward, as impact hits are (they go to the
rank and file, not to characters in the unit).  An enemy unit that started the combat as
one model (a monster, a chariot, a lone model) takes 1D3 hits instead.  The models beside
those hit, **Default** (RULES.md has no positions within a unit): those sharing a base edge
with them, as if the contact were on the enemy's front: up to two more of the front rank
(one on each side, as many as the rank holds) and those of the second rank right behind
the models hit (as many as the second rank holds), each hit on a 4+; corner-to-corner
neighbours are left out.  Every enemy blow at a unit with the rule is at -1 to hit (as
"Difícil de alcanzar").  The exact first round refuses it."""

MECHANICAL_CLAWS = RuleSpec(
    key="mechanical_claws", mdnr=("Garras mecánicas",), book="Demonios",
    battlescribe=("Garras mecánicas",), columns=("G_GRAB",), filled_by="odds.combat.model.groups",
    dice=lambda m, c: int((m.groups[..., c.G_GRAB] > 0).any(axis=(1, 2, 3)).sum()),
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_GRAB].any()),
    plain=False, acts=("each strike",), hooks=("blows.hit_need",),
    column_docs={
        "G_GRAB": '"Garras mecánicas": a D6 at or above it fails the target\'s I test; 0 = none',
    },
)
"""Demonios (Aplastador de almas) "Garras mecánicas": "Arma de mano ... La miniatura objetivo
debe hacer un chequeo de Iniciativa para evitar ser agarrada. Si falla el chequeo, los ataques
que el Aplastador asigne a esa miniatura ... impactarán automáticamente" (the claws are its
hand weapon: all its attacks).

At the start of each round the model grabs the enemy model its blows strike first that round:
that model takes an Initiative test (a D6 above its I fails, a 6 always fails), and failed, the
blows on it this round hit automatically (MDNR Reinos del Caos Demonios, Aplastador de almas
"Garras mecánicas": "elige una miniatura enemiga en contacto ... debe hacer un chequeo de
Iniciativa para evitar ser agarrada. Si falla el chequeo, los ataques que el Aplastador asigne a
esa miniatura ... impactarán automáticamente"). Against a unit's rank and file the blows are
allocated to the unit, not to one of its models, so all of them are the grabbed model's (one
test on the unit's I, the highest of rider and steed); against a character they are those
allocated to him (his own I)."""

RANDOM_ATTACKS = RuleSpec(
    key="random_attacks", mdnr=("Ataques aleatorios",), book="gst", flag=False,
    columns=("S_RA_DICE", "S_RA_SIDES", "G_RANDOM"), switches=("S_RA_DICE",),
    filled_by="odds.combat.model.side",
    dice=lambda m, c: int(m.sides[:m.n_units, c.S_RA_DICE].sum()),  # the roll itself
    plain=False, acts=("before blows",), hooks=("blows.roll_random_attacks",),
    rare="RARE_RANDOM",
    column_docs={
        "S_RA_DICE": 'random attacks (gst "Ataques aleatorios"): dice rolled each round, 0 = none',
        "S_RA_SIDES": "their sides (3 or 6); the fixed part is in the groups' G_ATTACKS",
        "G_RANDOM": "1: each fighter adds the unit's random-attacks roll (S_RA_DICE) this round",
    },
)
"""A profile's attacks rolled each round (``A`` of ``"D6"``, ``"2D6"``...)."""

UNSTOPPABLE_ASSAULT = RuleSpec(
    key="unstoppable_assault", mdnr=("Asalto imparable",),
    book="Reyes Funerarios, Elfos Oscuros", battlescribe=("Asalto imparable",),
    columns=("G_CHAIN",), filled_by="odds.combat.model.groups",
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_CHAIN].any()),
    plain=False, acts=("each strike",), hooks=("blows.unsaved_wounds", "blows.chain_attacks"),
    column_docs={
        "G_CHAIN": 'each wound before saves gives one more attack ("Asalto imparable")',
    },
)
"""Reyes Funerarios (Gigante de hueso), Elfos Oscuros (Kharibdyss) "Asalto imparable": "En
carga, por cada tirada para herir exitosa ... puede hacer un ataque adicional (que a su vez,
en caso de herir, desencadenará nuevos ataques)".  Its dice are counted with its attacks
(:func:`odds.combat.model.engine.dice_budget`).

On the charge (the first round, when it charged) each wound the model's own attacks roll --
before saves, a poisoned hit's automatic wound included -- gives it one more attack against the
same target, and so do those (MDNR Reyes Funerarios "Gigante de hueso", Elfos Oscuros
"Kharibdyss" "Asalto imparable": "En carga, por cada tirada para herir exitosa que haga la
miniatura con Asalto Imparable, puede hacer un ataque adicional (que a su vez, en caso de herir,
desencadenará nuevos ataques). Nótese que es la tirada para herir, antes de salvaciones"; every
enemy of the engine has a W attribute); at most :data:`odds.combat.model.CHAIN_CAP` further
attacks a strike."""

COLD_WEAPON = RuleSpec(
    key="cold_weapon", mdnr=("Arma de frío",), book="Mercenarios",
    battlescribe=("Arma de frío",), columns=("G_COLD",), filled_by="odds.combat.model.groups",
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_COLD].any()),
    plain=False, acts=("each strike",), hooks=("blows.unsaved_wounds",),
    column_docs={
        "G_COLD": 'each natural 6 to hit adds a wound; its armour save needed (2..7), 0 = none',
    },
)
"""Mercenarios (Trolls de hielo) "Arma de frío": "Arma de mano. En el turno en que cargan, si
sale algún 6 en la tirada para impactar causa una herida adicional de F3".  Its dice are
counted with its attacks (:func:`odds.combat.model.engine.dice_budget`).

In the round it charged, each natural 6 its hand weapons roll to hit (a hit, re-rolled or not)
also causes one wound of S3 -- saved with the target's armour at S3 and its ward, then removed,
regenerated or scored as any other wound -- until a flaming attack has wounded the unit in the
combat (MDNR Mercenarios "Trolls de hielo" "Arma de frío": "Arma de mano. En el turno en que
cargan, si sale algún 6 en la tirada para impactar causa una herida adicional de F3. No
obstante, si la unidad de Trolls de hielo reciben alguna herida de Ataque flamígero durante la
partida, el Arma de frío se destruye"; decided: "una herida adicional de F3" is a wound, not a
hit to roll to wound, and F3 is the save modifier). Its "no afectará a las miniaturas Inmune a
frío" concerns the Condes Vampiro "Demonio de los lamentos", whose "Inmune a frío" is reported."""

IMMUNE_TO_COLD = RuleSpec(
    key="immune_to_cold", mdnr=("Inmune a frío",), book="Condes Vampiro",
    battlescribe=("Inmune a frío",), acts=("each strike",),
)
"""Condes Vampiro, Reinos Ogros, Reinos del Caos (Norsca) "Inmune a frío" (no text of its own,
or "Los Lobes de Hielo son inmunes al frío"): the cold attacks that name it leave the unit
alone; of those the engine models Mercenarios (Trolls de hielo) "Arma de frío" ("un Ataque de
frío, así que no afectará a las miniaturas Inmune a frío"): no extra wound of F3 on a 6 to
hit (:mod:`odds.combat.model.groups` leaves ``G_COLD`` at 0; no kernel code of its own)."""

ESTALIAN_PRIDE = RuleSpec(
    key="estalian_pride", mdnr=("Orgullo Estaliano",), book="Mercenarios: Estalia",
    columns=("S_DUEL_REROLL",), fill=lambda unit: {"S_DUEL_REROLL": unit.has("estalian_pride")},
    # plain: a plain pair has two bodies, so no challenge (its column never acts there)
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_DUEL_REROLL].any()),
    acts=("each strike",), hooks=("blows.strike", "blows.unsaved_wounds"),
    column_docs={
        "S_DUEL_REROLL": 're-rolls its missed hits in challenges (Estalia "Orgullo Estaliano")',
    },
)
"""Estalia "Orgullo Estaliano": "Todos los personajes y campeones pueden repetir las tiradas
falladas para impactar en desafíos. Además, todos los personajes y campeones deben lanzar y
aceptar desafíos": a body with it re-rolls its missed hits while it fights its challenge
opponent (the unit's champion, or a character: only duellists strike in a challenge);
:data:`odds.battlescribe.rule_names.RULE_FLAGS` gives it with ``martial_honour`` (the
unit's champion always issues and accepts challenges).  A character's challenges follow the
side's challenge policy."""

LIFE_DRAIN = RuleSpec(
    key="life_drain", mdnr=("Poder de la muerte",), book="Condes Vampiro",
    battlescribe=("Poder de la muerte",), columns=("S_LIFE_DRAIN",),
    filled_by="odds.combat.model.side",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_LIFE_DRAIN].any()),
    plain=False, acts=("each strike",), hooks=("blows.strike",),
    column_docs={
        "S_LIFE_DRAIN": 'gains a wound per wound it causes (Condes Vampiro "Poder de la muerte")',
    },
)
"""Condes Vampiro (Carruaje negro) "Poder de la muerte": "Por cada herida que cause el Carruaje
negro o alguna de sus partes (Conductor, Pesadilla), el Carruaje gana una herida" (its blades
at 10 wounds or more).

Each wound the unit's blows score (the model, its crew and its steeds alike) gives it back a
wound, above its starting W too (MDNR Condes Vampiro "Carruaje negro" "Poder de la muerte": "Por
cada herida que cause el Carruaje negro o alguna de sus partes (Conductor, Pesadilla), el
Carruaje gana una herida. Esto puede aumentar sus Heridas por encima de su valor inicial de 5.
Sólo cuentan las heridas hechas en combate cuerpo a cuerpo"), up to
:data:`odds.combat.model.LIFE_DRAIN_CAP`; a single model without regeneration. Its blades ("Si
el atributo de Heridas del Carruaje Negro es de 10 o más, el Carro pasará a tener Cuchillas (+1
impactos por carga)") never strike here: a combat of the engine starts with the charge, before
any wound is gained."""

CURSED_RECRUITS = RuleSpec(
    key="cursed_recruits", mdnr=("Bienvenido a la Maldición",), book="Regimientos de Renombre",
    battlescribe=("Bienvenido a la Maldición",), columns=("S_RECRUIT",),
    filled_by="odds.combat.model.build",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_RECRUIT].any()),
    plain=False, acts=("each strike",), hooks=("blows.strike", "blows.recruit"),
    column_docs={
        "S_RECRUIT": '1 + the unit its 1-W victims join ("Bienvenido a la Maldición"), 0 none',
    },
)
"""Regimientos de Renombre (Compañía maldita de Kreugar) "Bienvenido a la Maldición": "Si
cualquier guerrero de la Compañía Maldita (incluido Kreugar) abate a una miniatura con 1 herida
en su perfil inicial, se crea en su lugar un Esqueleto que se añade a la Compañía Maldita y va
equipado igual que el resto de la Compañía ... sólo se aplica a las miniaturas muertas en
combate cuerpo a cuerpo".

Each enemy model with 1 wound on its profile that the unit's blows slay in close combat -- its
rank and file's, its champion's or its named members', in a challenge too -- becomes at once one
more rank-and-file model of the unit, with its profile and gear (MDNR Regimientos de Renombre,
Compañía maldita de Kreugar "Bienvenido a la Maldición": "Si cualquier guerrero de la Compañía
Maldita (incluido Kreugar) abate a una miniatura con 1 herida en su perfil inicial, se crea en
su lugar un Esqueleto que se añade a la Compañía Maldita y va equipado igual que el resto de la
Compañía ... sólo se aplica a las miniaturas muertas en combate cuerpo a cuerpo"). Decided: a
recruit counts for the unit's strength (outnumber, fear) and takes casualties and instability
wounds from then on, adds to its rank bonus from the next round (ranks are counted at the start
of a round) and first fights in the next round (each round's fighters are fixed at its start,
RULES.md §1.2); it carries no standard or instrument: once all of the unit's rank and file have
fallen, its standard and musician are gone for good (:func:`odds.combat.blows.strike`)."""

BEAR_STANDARD = RuleSpec(
    key="bear_standard", mdnr=("Estandarte del Oso",), book="Regimientos de Renombre",
    battlescribe=("Estandarte del Oso",), columns=("S_BEAR_STD", "G_STD_HIT"),
    switches=("S_BEAR_STD",), filled_by="odds.combat.model.build",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_BEAR_STD].any()),
    plain=False, acts=("each strike",), hooks=("blows.strike",),
    column_docs={
        "S_BEAR_STD": '1 + the body carrying "Estandarte del Oso" (first-round to-hit bonus), 0 '
                      'none',
        "G_STD_HIT": 'G_HIT once the bearer of S_BEAR_STD has fallen ("Estandarte del Oso")',
    },
)
"""Regimientos de Renombre (Hombres Oso de Urslo) "Estandarte del Oso": "Toda la unidad
(incluyendo a Beorg y Oerl) reciben un +1 a sus tiradas para impactar en la primera ronda de
cada combate, carguen o sean cargados" (Oerl's standard: while he lives).

Every model of the unit (its rank and file, champion, named members and the characters joined to
it) is +1 to hit in the first round of each combat while the unit's named standard bearer lives
(MDNR Regimientos de Renombre, Hombres Oso de Urslo "Estandarte del Oso": "Toda la unidad
(incluyendo a Beorg y Oerl) reciben un +1 a sus tiradas para impactar en la primera ronda de
cada combate, carguen o sean cargados"; Oerl carries it, :class:`Member`): a blow struck after
he has fallen, even in that round, has no bonus. Summed with the other to-hit modifiers before
the need is bounded to 2..6 (a 1 still misses, RULES.md §1.3); automatic hits stay automatic.
The unit needs a named standard bearer."""

# gst "Golpe letal (6+)": the text of "Golpe letal" ("Cuando obtiene un 6 en la tirada
# para herir, retira la miniatura enemiga si es de tamaño similar a humano ...")
KILLING_BLOW = RuleSpec(
    key="killing_blow", mdnr=("Golpe letal",), book="gst",
    battlescribe=("Golpe letal", "Golpe letal (6+)"), columns=("G_KB",), switches=(),
    filled_by="odds.combat.model.groups",
)
"""gst "Golpe letal": a 6 to wound slays a man-sized enemy model outright, no armour save (RULES.md
§1.6)."""

# Mercenarios (Jinetes de rinobuey) "Inmune a golpe letal": "el jinete no es de tamaño
# humano así que no se ven afectados por el Golpe Letal"
IMMUNE_TO_KILLING_BLOW = RuleSpec(
    key="immune_to_killing_blow", mdnr=("Inmune a golpe letal",), book="Enanos del Caos",
    battlescribe=("Inmune a golpe letal",),
)
"""Enemies' killing blow does not work against the unit (MDNR Enanos del Caos "Centauro menor":
"Los Centauros Menores son inmunes a Golpe Letal")."""

SINGLE_WOUNDS = RuleSpec(
    key="single_wounds", mdnr=("Relicario",), book="Bretonia",
    filled_by="odds.combat.model.groups",
)
"""Each wound the model takes is a single wound: no enemy blow has multiple wounds against it
(Bretonia "Relicario": "Si el Relicario recibe una herida con la regla Golpe Letal o la regla
Heridas Múltiples (como podría ser una bala de cañón), esa herida realizará una única herida
(no retirará inmediatamente el Relicario ni será necesario hacer la tirada de Heridas
Múltiples)"; the killing blow's part is ``immune_to_killing_blow``)."""

ARMOUR_PIERCING = RuleSpec(
    key="armour_piercing", mdnr=("Poder de penetración",), book="gst",
    battlescribe=("Poder de penetración",),
)
"""gst "Poder de penetración": the enemy's armour save is worsened by one more (RULES.md §1.5)."""

ALWAYS_STRIKES_FIRST = RuleSpec(
    key="always_strikes_first", mdnr=("Siempre ataca primero",), book="gst",
    battlescribe=("Siempre ataca primero", "Atacan siempre primero"),
)
"""gst "Siempre ataca primero": the unit strikes before its enemies whatever the Initiative
(RULES.md §1.2)."""

ALWAYS_STRIKES_LAST = RuleSpec(
    key="always_strikes_last", mdnr=("Siempre ataca en último lugar",), book="gst",
    battlescribe=("Siempre ataca en último lugar",),
)
"""gst "Siempre ataca en último lugar": the unit strikes after its enemies (RULES.md §1.2)."""

IGNORES_STRIKES_LAST = RuleSpec(
    key="ignores_strikes_last", mdnr=("Maestro de la espada",), book="Altos Elfos",
    battlescribe=("Maestro de la espada",),
)
"""The unit ignores the strikes-last rule of its weapon (MDNR Swordmasters of Hoeth: "Ignoran la
regla de atacar en último lugar de su arma a dos manos"); unlike ``always_strikes_first`` it
strikes in normal order."""

MAGIC_ATTACKS = RuleSpec(
    key="magic_attacks", mdnr=("Ataques mágicos",), book="gst", battlescribe=("Ataques mágicos",),
)
"""gst "Ataques mágicos": the unit's blows are magical (they wound ethereal enemies and ignore a
daemonic aura); worked out per pair of units in :mod:`odds.combat.model`."""

# gst "Ataques flamígeros": "anula Regeneración, las miniaturas Inflamables reciben el
# doble de heridas"; "Inflamable": "Sufre el doble de heridas cuando el ataque que las
# causa es flamígero"; "Inmune a ataques flamígeros" (no text: none of those effects)
FLAMING_ATTACKS = RuleSpec(
    key="flaming_attacks", mdnr=("Ataques flamígeros",), book="gst",
    battlescribe=("Ataques flamígeros",), columns=("G_FLAMING",),
    filled_by="odds.combat.model.groups",
    column_docs={
        "G_FLAMING": "one wound ends the target's regeneration (§1.6)",
    },
)
"""One wound from its blows ends the target's regeneration for the rest of the combat (§1.6)."""

# Reinos del Caos, Condes Vampiro "Nube de moscas": enemies in base contact -1 to hit;
# Reinos del Caos "Aura de Slaanesh": enemies in base contact -1 Ld (minimum 2)
CLOUD_OF_FLIES = RuleSpec(
    key="cloud_of_flies", mdnr=("Nube de moscas",), book="Reinos del Caos, Condes Vampiro",
    battlescribe=("Nube de moscas",),
)
"""Reinos del Caos, Condes Vampiro "Nube de moscas": "Toda unidad o miniatura enemiga, mientras
esté en contacto peana con peana con una o más miniaturas con Nube de Moscas, tiene un
penalizador de -1 a todas sus tiradas para impactar en combate cuerpo a cuerpo ... Las
miniaturas con Nube de moscas son inmunes": it acts on the enemy units in contact with the unit
(or with a character carrying it), for the whole combat
(:func:`odds.combat.model.contact_effects`)."""

HARD_TO_HIT = RuleSpec(
    key="hard_to_hit", mdnr=("Trolls biliosos",), book="Reinos del Caos",
)
"""Enemies are -1 to hit the unit in close combat (MDNR Reinos del Caos "Trolls biliosos": "Las
miniaturas enemigas tienen un -1 a impactarles en combate cuerpo a cuerpo"); a 6 still hits,
automatic hits are not rolled (RULES.md §1.3)."""

# Reyes Funerarios "Monstruosidad de piedra": "Cualquier impacto de F8 o superior ... se
# considera que tiene F7"
STONE_MONSTROSITY = RuleSpec(
    key="stone_monstrosity", mdnr=("Monstruosidad de piedra",), book="Reyes Funerarios",
    battlescribe=("Monstruosidad de piedra",),
)
"""Hits of S8 or more count as S7 against the unit, to wound and for its armour (MDNR Reyes
Funerarios "Monstruosidad de piedra")."""

# Orcos y Goblins "Resistencia al fuego": flaming hits on the Kobolds de fuego at S-1
FIRE_RESISTANCE = RuleSpec(
    key="fire_resistance", mdnr=("Resistencia al fuego",), book="Orcos y Goblins",
    battlescribe=("Resistencia al fuego",),
)
"""Flaming hits on the unit are resolved at S-1 (MDNR Orcos y Goblins "Resistencia al fuego":
"Cualquier impacto con la regla Ataques flamígeros que impacte en un Kobold de Fuego reduce en 1
su Fuerza")."""

# special attacks replacing a model's attacks (odds.combat.model.VOMITS): Orcos y Goblins,
# Mercenarios, Reinos del Caos "Vómito de troll" ("un único ataque de F5, que impacta
# automáticamente y Anula armaduras"), Reinos del Caos "Vómito putrefacto" ("un ataque
# que impacta automáticamente y causa impactos de F3"), "Vómito pestilente de troll" ("un
# único ataque de F5 que anula armaduras y con Heridas múltiples (1D3)")
TROLL_VOMIT = RuleSpec(
    key="troll_vomit", mdnr=("Vómito de troll",), book="Orcos y Goblins",
    battlescribe=("Vómito de troll",),
)
"""(with ``putrid_vomit`` and ``pestilent_vomit``) a special attack that replaces the close-combat
attacks of the unit's models (rank and file and champion; steeds attack as usual), all of them
the same way, chosen anew each combat phase (MDNR Orcos y Goblins, Mercenarios, Reinos del Caos
"Vómito de troll": "Pueden renunciar a sus tres ataques para hacer un único ataque de F5, que
impacta automáticamente y Anula armaduras"; Reinos del Caos "Vómito putrefacto": "Cada miniatura
sustituye sus ataques por un ataque que impacta automáticamente y causa impactos de F3", the
Plague Toads' riders only; "Vómito pestilente de troll": "un único ataque de F5 que anula
armaduras y con Heridas múltiples (1D3)", rolled to hit). The engine chooses as a player
maximising the expected unsaved wounds would (:data:`odds.combat.model.VOMITS`)."""

PUTRID_VOMIT = RuleSpec(
    key="putrid_vomit", mdnr=("Vómito putrefacto",), book="Reinos del Caos",
    battlescribe=("Vómito putrefacto",),
)
"""Reinos del Caos "Vómito putrefacto": the special attack of :data:`TROLL_VOMIT`'s docstring
("Cada miniatura sustituye sus ataques por un ataque que impacta automáticamente y causa
impactos de F3")."""

PESTILENT_VOMIT = RuleSpec(
    key="pestilent_vomit", mdnr=("Vómito pestilente de troll",), book="Reinos del Caos",
    battlescribe=("Vómito pestilente de troll",),
)
"""Reinos del Caos "Vómito pestilente de troll": the special attack of :data:`TROLL_VOMIT`'s
docstring ("un único ataque de F5 que anula armaduras y con Heridas múltiples (1D3)", rolled to
hit)."""

# Enanos, Regimientos de Renombre "Matador": a hit on a tougher enemy at S = its T (max 6)
SLAYER = RuleSpec(
    key="slayer", mdnr=("Matador",), book="Enanos", battlescribe=("Matador",),
)
"""MDNR Enanos, Regimientos de Renombre "Matador": "Cuando una miniatura con esta regla impacte a
un enemigo con un atributo de Resistencia superior a la Fuerza del ataque (Fuerza modificada
...), puede resolver ese impacto como si tuviera una Fuerza (modificada) igual a la Resistencia
del enemigo impactado (hasta un máximo de 6)": the unit's own blows (not its steeds') wound and
modify saves at ``min(6, T)`` when the enemy's T is higher."""

IMMUNE_TO_FLAMING = RuleSpec(
    key="immune_to_flaming", mdnr=("Inmune a ataques flamígeros",), book="gst",
    battlescribe=("Inmune a ataques flamígeros", "Inmunes a ataques flamígeros"),
)
"""gst "Inmune a ataques flamígeros": flaming attacks have none of their effects on it (gst
"Ataques flamígeros": "anula Regeneración, las miniaturas Inflamables reciben el doble de
heridas")."""

FLAMMABLE = RuleSpec(
    key="flammable", mdnr=("Inflamable",), book="gst", battlescribe=("Inflamable",),
)
"""gst "Inflamable": "Sufre el doble de heridas cuando el ataque que las causa es flamígero"."""

VOMIT_BY_MOUNT = RuleSpec(
    key="vomit_by_mount", mdnr=("Sapos de plaga con jinetes de plaga",), book="Demonios",
)
"""The vomiting riders are the unit's steed profile, the carrying beast its main one (Demonios
"Sapos de plaga con jinetes de plaga", "solo los del Jinete, los Sapos atacarán de la forma
habitual"): the vomit replaces the steeds' group's attacks instead."""

WARP_IMMUNE = RuleSpec(
    key="warp_immune", mdnr=("Inmune a disformidad",), book="Monstruos Arcanos",
)
"""Nothing with magic attacks of a Skaven unit (army or race tag ``skaven``) wounds the unit, not
even an automatic wound (Monstruos Arcanos "Inmune a disformidad": "ninguna arma mágica ni
ataque mágico Skaven puede herir al Dragón de Disformidad (se considera que todas las tiradas
para herir fallan automáticamente, incluso aquellas que pudieran herir automáticamente)")."""

# Imperio (Huracanum celestial) "Portentos de batalla": "Todas las unidades (y
# miniaturas individuales) amigas a 15cm o menos del Huracanum (incluidos los Acólitos y
# las monturas) tienen un +1 a todas sus tiradas para impactar, ya sea por disparos o en
# combate cuerpo a cuerpo"
BATTLE_OMENS = RuleSpec(
    key="battle_omens", mdnr=("Portentos de batalla",), book="Imperio",
    battlescribe=("Portentos de batalla",),
)
"""The unit and its friends in the combat (characters included) hit at +1 in close combat, a
natural 1 still missing (MDNR Imperio "Portentos de batalla": "Todas las unidades (y miniaturas
individuales) amigas a 15cm o menos del Huracanum (incluidos los Acólitos y las monturas) tienen
un +1 a todas sus tiradas para impactar"; the engine has no positions: friends in the same
combat are taken to be within 15 cm)."""

# Reyes Funerarios (Necroesfinge) "Golpe decapitador": "Uno de sus ataques debes
# realizarlo con un dado de otro color. Ese ataque tiene la regla Heridas múltiples 1D6"
DECAPITATING_STRIKE = RuleSpec(
    key="decapitating_strike", mdnr=("Golpe decapitador",), book="Reyes Funerarios",
    battlescribe=("Golpe decapitador",),
)
"""One attack of each fighting model is struck apart with multiple wounds (1D6) (MDNR Reyes
Funerarios "Golpe decapitador": "Uno de sus ataques debes realizarlo con un dado de otro color.
Ese ataque tiene la regla Heridas múltiples 1D6"; the attack group of a second crew, so not with
``extra_crew`` or random attacks)."""

# Enanos del Caos (Demonio de hierro) "Rompecráneos": "realiza 3 ataques en cada fase de
# combate cuerpo a cuerpo contra miniaturas o unidades situadas en su frontal; estos
# ataques impactan automáticamente y se resuelven con F6"
SKULL_CRUSHERS = RuleSpec(
    key="skull_crushers", mdnr=("Rompecráneos",), book="Enanos del Caos",
    battlescribe=("Rompecráneos",),
)
"""Each model makes three more attacks every round that hit automatically at S6, struck at its
Initiative, on the enemies touching its front only (MDNR Enanos del Caos "Demonio de hierro"
"Rompecráneos": "realiza 3 ataques en cada fase de combate cuerpo a cuerpo contra miniaturas o
unidades situadas en su frontal; estos ataques impactan automáticamente y se resuelven con F6.
No afecta si no hay miniaturas en su frontal"; the attack group of a second crew, so not with
``extra_crew``)."""

# Regimientos de Renombre (Comando Mortal de Mullah Aklan'd) "¿Y si es él?": "En combate
# cuerpo a cuerpo, nunca atacarán a miniaturas de tipo Vampiro. Si se vieran obligados a
# atacar por cualquier motivo ... se considera que fallan todos sus ataques contra
# miniaturas de tipo Vampiro"
SPARES_VAMPIRES = RuleSpec(
    key="spares_vampires", mdnr=("¿Y si es él?",), book="Regimientos de Renombre",
    battlescribe=("¿Y si es él?",),
)
"""The unit's blows never hit an enemy of race ``vampire`` (MDNR Regimientos de Renombre, Comando
Mortal "¿Y si es él?": "En combate cuerpo a cuerpo, nunca atacarán a miniaturas de tipo Vampiro.
Si se vieran obligados a atacar ... se considera que fallan todos sus ataques contra miniaturas
de tipo Vampiro")."""

LIVING_MACHINE = RuleSpec(
    key="living_machine", mdnr=("¡Está vivo!",), book="Enanos del Caos",
)
"""The war machine itself fights beside its crew (MDNR Enanos del Caos, Reinos del Caos Mortales
"Cañón infernal" "¡Está vivo!": "En combate, el propio Cañón combate (así que los Enanos se
sitúan a su lado en vez de delante)"); the flag records the rule, its blows are the unit's
:attr:`Unit.extra_crew` (one, with the machine's printed WS, S, I and A,
:mod:`odds.battlescribe.extra_crew`)."""

HARD_TO_HIT_SUPERNATURAL = RuleSpec(
    key="hard_to_hit_supernatural", mdnr=("Resistencia elevada a lo sobrenatural",),
    book="Regimientos de Renombre",
)
"""Daemons, undead and forest spirits, and magic attacks, are -1 to hit the unit in close combat
(MDNR Regimientos de Renombre, Gárgolas volantes de Barda "Resistencia elevada a lo
sobrenatural": "cualquier miniatura de tipo Demonio, No Muerto o Espíritu del Bosque, o que
tenga Ataques mágicos, tiene un -1 a impactar a las Gárgolas en combate cuerpo a cuerpo"): an
attacker's blows are at -1 when its race tags (:attr:`Unit.tags`) hold ``daemon``, ``undead`` or
``forest_spirit`` or its blows are magic (its steeds': their own magic attacks, or the unit's
unless they are ``mundane_attacks``); a 6 still hits, automatic hits are not rolled, summed with
``hard_to_hit`` (RULES.md §1.3)."""

DIRTY_TRICK = RuleSpec(
    key="dirty_trick", mdnr=("Juego sucio",), book="Regimientos de Renombre",
    columns=("S_DUEL_WARD",), switches=(), filled_by="odds.combat.model.side",
    column_docs={
        "S_DUEL_WARD": 'a ward save in challenges only, when it has none else (7 = none)',
    },
)
"""Each model makes one more attack with its own weapon after every other blow of each round,
before the combat result, resolved with killing blow, and has a 6+ ward in challenges when it
has no ward of its own (MDNR Regimientos de Renombre, Espadas de Manann "Juego sucio": "Antes de
calcular la resolución de combate, si Edvard está vivo, puede hacer un ataque adicional; este
ataque final se resuelve con Golpe Letal. Además, en desafíos, Edvard tiene una tirada de
salvación especial de 6+"; the leader's rule, :attr:`Unit.champion_special`: the attack group of
a second crew, so not with ``extra_crew``, ``decapitating_strike``, ``skull_crushers`` or a
pistol)."""

# Condes Vampiro "Trono del aquelarre" "Vampiresas": "Las vampiresas Siempre Atacan
# Primero" (the crew, not the Horda de espíritus pulling the throne)
CREW_STRIKES_FIRST = RuleSpec(
    key="crew_strikes_first", mdnr=("Vampiresas",), book="Condes Vampiro",
    battlescribe=("Vampiresas",),
)
"""A chariot's crew (its rank and file) always strike first, its steeds do not (MDNR Condes Vampiro
"Trono del aquelarre", "Vampiresas": "Las vampiresas Siempre Atacan Primero"; the "Horda de
espíritus" pulling it strikes at its own Initiative)."""

# Demonios "Desollador infernal de Slaanesh" "Desollador": "el Desollador hace 1D6
# impactos de su Fuerza (F5)" after both sides' attacks, before the combat result
FLAYER = RuleSpec(
    key="flayer", mdnr=("Desollador",), book="Demonios", battlescribe=("Desollador",),
)
"""After every other blow of each round, before the combat result, each model of the unit in
contact makes 1D6 automatic hits at its impact strength (MDNR Reinos del Caos Demonios
"Desollador infernal de Slaanesh", "Desollador": "después de realizar los ataques de ambos
bandos ... pero antes de calcular el resultado del combate, y siempre que el Desollador no haya
sido aniquilado ... el Desollador hace 1D6 impactos de su Fuerza (F5). Estos impactos son
adicionales a los impactos por carga y cuentan para la Resolución de Combate"): a chariot with
impact hits; the hits use the crew attack group, so not with ``extra_crew``,
``decapitating_strike``, ``skull_crushers``, ``dirty_trick`` or a pistol."""

# Reinos del Caos Bestias (Cigor) "Visión ultraterrena": "Repite las tiradas para impactar
# a todas las miniaturas de tipo Hechicero, No Muerto, Demonio, Vegetal, o Espíritu"
# (wizards: Tipo "Hechicero" or a magic level; plants and spirits: forest spirits, and
# the spirits of the data are all "No Muerto" too)
OTHERWORLDLY_SIGHT = RuleSpec(
    key="otherworldly_sight", mdnr=("Visión ultraterrena",), book="Reinos del Caos: Bestias",
    battlescribe=("Visión ultraterrena",),
)
"""The unit re-rolls missed hits, in every round, against wizards, undead, daemons, plants and
spirits (MDNR Reinos del Caos Bestias, Cigor "Visión ultraterrena": "Repite las tiradas para
impactar a todas las miniaturas de tipo Hechicero, No Muerto, Demonio, Vegetal, o Espíritu"): an
enemy body with ``wizard`` or whose tags (:attr:`Unit.damage_tags`) hold ``undead``, ``daemon``
or ``forest_spirit`` (the *Espíritus del Bosque*, plants and spirits; the MDNR spirits of the
data are all *No Muerto* too); a wizard character or leader is a body of its own (RULES.md §1.3
re-rolls)."""

DRAGON_BANE = RuleSpec(
    key="dragon_bane", mdnr=("Hacha de Ulther",), book="Regimientos de Renombre",
)
"""The unit's blows have multiple wounds (1D6) against ``dragon`` enemies (MDNR Regimientos de
Renombre "Hacha de Ulther": "Arma de mano que proporciona F+1 y, contra miniaturas de tipo
Dragón, tiene además la regla Heridas múltiples (1D6)": Ulther's own rule,
:attr:`Unit.champion_special`, his F+1 on his profile)."""

def _feast_dice(model, layout) -> int:
    """The most dice "Festín de huesos" adds to a round.

    One D6 and twelve faces for each of at most six more attacks, for each body with
    ``G_FEAST``, each enemy body it may strike and each of its two row kinds (a generous
    bound: it strikes one enemy body once a round).
    """
    n = model.n_units
    return sum(2 * n * (1 + 12 * 6) for u in range(n)
               if model.groups[u, ..., layout.G_FEAST].any())


FEAST_OF_BONES = RuleSpec(
    key="feast_of_bones", mdnr=("Festín de huesos",), book="Elfos Oscuros",
    battlescribe=("Festín de huesos",),
    columns=("G_FEAST",), reads=("G_REROLL",), switches=("G_FEAST",),
    filled_by="odds.combat.model.groups", dice=_feast_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_FEAST].any()),
    acts=("each strike",), hooks=("blows.strike", "blows.feast"),
    column_docs={"G_FEAST": "1: its blows on a body of one model gain +1D6 attacks when all"
                            " hit"},
)
"""MDNR Elfos Oscuros (Kharibdyss) "Festín de huesos": "Si el Kharibdyss declara que todos sus
ataques van dirigidos contra una única miniatura y todos ellos impactan, el Kharibdyss gana
+1D6 ataques adicionales contra esa misma miniatura".

Default (the declaration is the player's): the monster declares exactly when the enemy body it
strikes is one model (a lone monster or chariot, a character fighting as a body of its own, the
last model of a unit): its blows can wound no other model there, so the declaration only adds
attacks; against more models it does not (its wounds then go on to the next model, which a
declared single target forbids).  Its own blows only (``G_FEAST`` on the rank-and-file row),
not its handlers'.  When every attack of the strike hits (a missed hit re-rolled first, a
poisoned 6 a hit), a D6 more attacks are rolled as the first, to hit, to wound and saved
(:func:`odds.combat.blows.feast`); they give no further D6.  The exact first round refuses
it."""

SPECS = (BURNING_BODY, DEATH_WHIRL, MECHANICAL_CLAWS, RANDOM_ATTACKS, UNSTOPPABLE_ASSAULT,
         COLD_WEAPON, IMMUNE_TO_COLD, ESTALIAN_PRIDE, LIFE_DRAIN, CURSED_RECRUITS, BEAR_STANDARD,
         KILLING_BLOW, IMMUNE_TO_KILLING_BLOW, SINGLE_WOUNDS, ARMOUR_PIERCING, ALWAYS_STRIKES_FIRST,
         ALWAYS_STRIKES_LAST, IGNORES_STRIKES_LAST, MAGIC_ATTACKS, FLAMING_ATTACKS, CLOUD_OF_FLIES,
         HARD_TO_HIT, STONE_MONSTROSITY, FIRE_RESISTANCE, TROLL_VOMIT, PUTRID_VOMIT,
         PESTILENT_VOMIT, SLAYER, IMMUNE_TO_FLAMING, FLAMMABLE, VOMIT_BY_MOUNT, WARP_IMMUNE,
         BATTLE_OMENS, DECAPITATING_STRIKE, SKULL_CRUSHERS, SPARES_VAMPIRES, LIVING_MACHINE,
         HARD_TO_HIT_SUPERNATURAL, DIRTY_TRICK, CREW_STRIKES_FIRST, FLAYER, OTHERWORLDLY_SIGHT,
         DRAGON_BANE, FEAST_OF_BONES)
