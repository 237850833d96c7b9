"""Rules of the Empire family of army books.

Imperio, Mercenarios, Estalia, Marienburgo, Regimientos de Renombre, Condes Vampiro, Reyes
Funerarios, Monstruos Arcanos.
"""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

CARNOPHAGE = RuleSpec(
    key="carnophage", mdnr=("Carnófago",), book="Condes Vampiro",
    battlescribe=("Carnófago",), reads=("S_LIFE_DRAIN",), filled_by="odds.combat.model.side",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_LIFE_DRAIN].any()),
    plain=False, acts=("each strike",), hooks=("blows.strike",),
)
"""Condes Vampiro (Demonio de los lamentos) "Carnófago": "Por cada herida causada en combate
cuerpo a cuerpo (después de Tiradas de Salvación, etc; son heridas, no por persecución, por
ejemplo) el Demonio de los Lamentos recupera una Herida que hubiera sufrido antes (no puede
tener más Heridas de las que tenía en su atributo de Heridas inicial)": one model that, while
alive, regains a wound per wound its blows score, up to its printed W (the kernel code of
``life_drain``, whose cap is the printed W here)."""

COLD_ATTACKS = RuleSpec(
    key="cold_attacks", mdnr=("Garras (arma de mano)",), book="Condes Vampiro",
    battlescribe=("Garras (arma de mano)",), acts=("each strike",),
)
"""Condes Vampiro (Demonio de los lamentos) "Garras (arma de mano)": "Sus ataques se consideran
Ataque de frío, por lo que las miniaturas Inmunes a frío nunca recibirán heridas de un
Demonio de los Lamentos (todas las tiradas para herir fallan automáticamente)": against a
unit with ``immune_to_cold`` its blows never wound (:mod:`odds.combat.model.groups` sets
their wound roll impossible; no kernel code of its own)."""

DEATH_SHRIEK = RuleSpec(
    key="death_shriek", mdnr=("Chillido mortal",), book="Condes Vampiro (Clan Strigoi)",
    reads=("S_LAMENT",), switches=(),
    fill=lambda unit: {"S_LAMENT": 4} if unit.has("death_shriek") else {},
    plain=False, acts=("start of turn",), hooks=("psychology.lament", "psychology.own_turn_start"),
)
"""Condes Vampiro (Clan Strigoi: Engendro del terror) "Chillido mortal": "Sigue las mismas
reglas que el Lamento de la Doncella, pero con un +2 a la tirada (así pues, hace tantas
heridas como 2D6+4 menos el Liderazgo de la unidad objetivo ...)": ``maiden_lament``'s
kernel code rolling 2D6+4 (``S_LAMENT`` 4; the lament's spec switches it, sets its
rare-rule bit, counts its dice and keeps the exact first round from it).  Read by its text
(:mod:`odds.battlescribe.rule_texts`): the v5 book's "Chillido mortal" is the plain lament.
Clan Strigoi's "sólo puede efectuar el Chillido a unidades que estén en su línea de visión":
the units it fights, as the lament's target must be while it is engaged."""

KILLING_COLD = RuleSpec(
    key="killing_cold", mdnr=("Frío asesino",), book="Condes Vampiro",
    battlescribe=("Frío asesino",), acts=("before blows",),
)
"""Condes Vampiro (Demonio de los lamentos) "Frío asesino": "Todas las miniaturas enemigas en
contacto peana con peana con el Demonio de los Lamentos se considera que tienen Iniciativa 1
(salvo las miniaturas con la regla Inmune a frío)".

Every enemy unit in contact with a unit carrying it (or with a character carrying it), and
the characters standing in that enemy unit, fight the combat at Initiative 1 in every profile
(riders, champions, steeds and crews alike) unless they are ``immune_to_cold``, which sets
their place in the strike order; the whole enemy unit in contact, as for the other rules of
the models in base contact (so its supporting ranks too).  Contacts are fixed for the combat,
so it lasts as long as the combat (:func:`odds.combat.model.contact.killing_cold`, before the
attack groups are built); no kernel code of its own."""


def _dark_hunter_dice(model, layout) -> int:
    """The most supporting attacks of one round that may roll its ward: one die each.

    Bounded by every unit's models times the most attacks a rank-and-file model of it
    has (its random attacks at their highest roll, frenzy included).
    """
    if not model.sides[:, layout.S_HUNTER_WARD].any():
        return 0
    total = 0
    for u in range(model.n_units):
        rows = model.groups[u, :, layout.RANK_AND_FILE]
        per = int(((rows[..., layout.G_ATTACKS] + rows[..., layout.G_FRENZY_A]
                    + model.sides[u, layout.S_RA_DICE] * model.sides[u, layout.S_RA_SIDES])
                   * rows[..., layout.G_PER_MODEL]).max())
        total += (-(-int(model.sides[u, layout.S_HP]) // int(model.sides[u, layout.S_W]))) * per
    return total


DARK_HUNTER = RuleSpec(
    key="dark_hunter", mdnr=("Cazador en la oscuridad",), book="Condes Vampiro",
    battlescribe=("Cazador en la oscuridad",), columns=("S_HUNTER_WARD",),
    fill=lambda unit: {"S_HUNTER_WARD": 5} if unit.has("dark_hunter") and not unit.ward_save
    else {},
    dice=_dark_hunter_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_HUNTER_WARD].any()),
    acts=("each strike",), hooks=("strike_steps.count_attacks",),
    column_docs={
        "S_HUNTER_WARD": "its ward save against supporting ranks' attacks only; 0 = none",
    },
)
"""Condes Vampiro (Demonio de los lamentos) "Cazador en la oscuridad": "Tiene una tirada de
salvación especial de 5+, pero no puede efectuarla contra ataques de miniaturas en contacto
peana con peana".

In close combat the models not in base contact that attack are the supporting ranks (spears,
High Elf spears' third rank, a lance's flank riders): a unit with it takes a 5+ ward save
against those attacks only (``S_HUNTER_WARD`` 5), none against the blows of the models
touching it (impact hits, steeds and the front rank included).  Each supporting attack on it
rolls its ward before its hit (:func:`odds.combat.strike_steps.count_attacks`): an attack
warded is dropped, which gives its unsaved wounds the law of a ward rolled after the armour
save, one save per attack (the 6th-edition ward against an attack of multiple wounds).  A
ward save of the unit's own replaces it.  The rest (a ward against shooting and magic) acts
outside close combat.  The exact first round refuses it."""

UNWRECKABLE = RuleSpec(
    key="unwreckable", mdnr=("Resistente", "Carro (Regla especial del Altar)"), book="Imperio",
    acts=("each strike",),
)
"""Imperio, Marienburgo (Barco terrestre de clase 'Marienburgo') "Resistente": "No se ve
destruido por impactos de F7 o más"; Imperio (Altar de Guerra del Gran Teogonista) "Carro
(Regla especial del Altar)": "El Altar de Guerra es un Carro a todos los efectos, pero gracias
a la protección de Sigmar no resulta destruido automáticamente si sufre un impacto de F7 o
superior".

A chariot with it takes wounds of Strength 7 or more as any other wounds (its armour save
after the Strength modifier, one wound each, multiple wounds as the attack has them), not as
the game system's "Carro" ("Resulta destruido por cualquier herida de Fuerza 7 o más":
:func:`odds.combat.model.thresholds.wreck_chariot`, which :mod:`odds.combat.model.groups`
skips for it); no kernel code of its own.  Read by its text
(:mod:`odds.battlescribe.rule_texts`): the other books' "Resistente" is a chariot's armour
bonus for its rider."""

def _sirenable(unit) -> int:
    """1 when a "Canto de la Sirena" may affect ``unit``.

    "No afecta a unidades inmunes a psicología o desmoralización ni a miniaturas de tipo No
    Muerto o Demonio".
    """
    return int(not (unit.has("immune_to_psychology") or unit.has("unbreakable")
                    or not unit.damage_tags.isdisjoint({"undead", "daemon"})))


def _song_before_first_blows(m, c) -> bool:
    """A song made before the first round's blows: the kernel's.

    Its side's turn comes first and an enemy unit can be sung.
    """
    sd = m.sides[:m.n_units]
    singing = sd[:, c.S_SIREN] * (sd[:, c.S_SIDE] == m.active_side)
    return bool(singing.any() and (sd[:, c.S_SIRENABLE] * (sd[:, c.S_SIDE] != m.active_side)).any())


SIREN_SONG = RuleSpec(
    key="siren_song", mdnr=("Canto de la Sirena", "Lamento de los mares"),
    book="Condes Vampiro (Costa del Vampiro)",
    battlescribe=("Canto de la Sirena", "Lamento de los mares"),
    columns=("S_SIREN", "S_SIRENABLE"), switches=("S_SIREN",),
    fill=lambda unit: {"S_SIREN": int(unit.has("siren_song")), "S_SIRENABLE": _sirenable(unit)},
    dice=lambda m, c: 3 * m.n_units * int(m.sides[:m.n_units, c.S_SIREN].any()),
    plain=False, exact_refuses=_song_before_first_blows,
    acts=("start of turn", "break test"),
    hooks=("psychology.siren_song", "psychology.song_ends", "psychology.own_turn_start",
           "psychology.sung"),
    rare="RARE_TURN",
    column_docs={
        "S_SIREN": "sings \"Canto de la Sirena\" each own turn at an enemy in contact",
        "S_SIRENABLE": "1: a song may target the unit (not immune to psychology or to break, not "
                       "Undead or Daemon)",
    },
)
"""Condes Vampiro (Costa del Vampiro: Doncella de los Mares) "Canto de la Sirena", (Coloso
Necrofex) "Lamento de los mares": "Es un Ataque especial que se realiza en la fase de Disparo
... si la Doncella está trabada en combate con una o más unidades deberá elegir como objetivo
una unidad con la que esté trabada. La unidad tendrá un penalizador de -3 a todos los
chequeos de Liderazgo (incluidos los de Desmoralización) que deba hacer. No afecta a unidades
inmunes a psicología o desmoralización ni a miniaturas de tipo No Muerto o Demonio. Al final
del turno actual, la unidad enemiga deberá hacer un chequeo de Liderazgo (con el -3); si lo
supera, ya no se verá sujeta al hechizo; si lo falla, seguirá bajo los efectos hasta el final
de su próximo turno".

Each own turn, before the blows (its shooting phase), a living, fighting unit with it sings
at the first enemy unit in contact it can affect (``S_SIRENABLE``: not immune to psychology,
not unbreakable, not Undead or Daemon; not frenzied in the kernel, frenzy making it immune to
psychology): that unit takes -3 to its break, panic and stupidity tests and its tests to hold
back from a pursuit this turn (a stubborn unit too: the song is no combat-result
difference); at the start of the next round (the turn's end) it tests its panic test's Ld
-3: failed, the -3 lasts that turn too (:func:`odds.combat.psychology.siren_song`,
:func:`~odds.combat.psychology.song_ends`, :func:`~odds.combat.psychology.sung`).  The
song is sung every own turn (the player's choice taken: it only helps).  The exact first
round refuses a song made before its blows."""

def _premonition_dice(model, layout) -> int:
    """One die for each attack of a group that re-rolls its failed wounds, at most.

    Bounded by every such unit's models times the most attacks a model of the group has.
    """
    if not model.groups[..., layout.G_REROLL_WOUND].any():
        return 0
    total = 0
    for u in range(model.n_units):
        if not model.groups[u, ..., layout.G_REROLL_WOUND].any():
            continue
        models = -(-int(model.sides[u, layout.S_HP]) // int(model.sides[u, layout.S_W]))
        rows = model.groups[u]
        per = int(((rows[..., layout.G_ATTACKS] + rows[..., layout.G_FRENZY_A])
                   * rows[..., layout.G_PER_MODEL]).max())
        total += models * per
    return total


PREMONITION = RuleSpec(
    key="premonition", mdnr=("Premonición",), book="Mercenarios",
    columns=("G_REROLL_WOUND",), reads=("G_REROLL",), switches=("G_REROLL_WOUND",),
    filled_by="odds.combat.model.groups", dice=_premonition_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_REROLL_WOUND].any()),
    acts=("each strike",), hooks=("blows.unsaved_wounds",),
    column_docs={"G_REROLL_WOUND": "1: its failed rolls to wound are re-rolled"},
)
"""Mercenarios, Marienburgo (Hermanas de Sigmar), Estalia (Hermanas de Myrmidia)
"Premonición": "La Augur puede repetir todas las tiradas fallidas para impactar y para herir, y
dispone de una tirada de salvación especial de 5+".

The Augur is the unit's champion (the first of its command group; "Campeonas": "Tanto la
Matriarca como la Augur se consideran Campeón a todos los efectos"), so the rule is hers alone
(:data:`odds.battlescribe.champion_names.LEADER_RULE_FLAGS`): she fights as a body of her own
with her 5+ ward, and her blows re-roll their missed hits (``G_REROLL``, every round) and
their failed rolls to wound (``G_REROLL_WOUND``: :func:`odds.combat.blows.unsaved_wounds`
rolls the failures once more; a killing blow rolled on the re-roll counts).  A roll that
cannot succeed (a need of 7) is not re-rolled.  The exact first round refuses it."""

GAS_EXPLOSION = RuleSpec(
    key="gas_explosion", mdnr=("Explosión de gases",), book="Condes Vampiro",
    columns=("S_GAS",), reads=("S_TOUGH",),
    switches=("S_GAS",),
    fill=lambda unit: {"S_GAS": int(unit.has("gas_explosion"))},
    # the partial models' 4+, a T test and a ward save for each model under the template
    dice=lambda m, c: 3 * 20 * int((m.sides[:, c.S_GAS] > 0).sum()),
    plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_GAS].any()),
    acts=("end of phase",), hooks=("kernel.end_of_phase", "explosions.gas_explosions"),
    rare="RARE_GAS",
    column_docs={
        "S_GAS": 'it explodes when destroyed (Condes Vampiro "Explosión de gases"; 1, 0 none)',
    },
)
"""Condes Vampiro Costa del Vampiro (Cadáver Hinchado) "Explosión de gases": "Cuando se
destruye de alguna forma un Cadáver Hinchado debe colocarse la plantilla pequeña de área de
efecto centrada sobre ella. Todas las miniaturas bajo la plantilla (parciales a 4+) deberán
superar un chequeo de Resistencia (un 6 es siempre un fallo); si lo fallan, sufren una herida
que Anula armadura".

In the engine, a unit with the rule (the Cadáver Hinchado is one model on a 20 mm base)
slain in a close-combat phase explodes at the end of that phase, before regeneration (the
wounds it deals may be regenerated).  **Default** (RULES.md has no positions within a unit, nor
templates in close combat): the template (7.5 cm across, centred on the 20 mm base) covers
the enemy models in base contact with it (those of the start of the round less the front
casualties since, through its first contact with an enemy unit still fighting, at most
:data:`odds.combat.giants.TEMPLATE_CAP`): the one face to face wholly, the others (those
touching at its corners) partly, each of those under it on a 4+; models further off (the
second rank, about 3 cm away, is partly under the template too) are left out.  Each model
under it fails on a D6 above its T or a 6 and takes one wound with no armour save (its ward
save against the corpse's blows still stands), on the rank and file.  Wounds from a special
rule during the round count for the combat result (RULES.md §2.1): the corpse's side scores
them.  Friendly models under the template are not known to the engine.  The exact first round
refuses it."""

SPECS = (CARNOPHAGE, COLD_ATTACKS, DEATH_SHRIEK, KILLING_COLD, DARK_HUNTER, UNWRECKABLE,
         SIREN_SONG, PREMONITION, GAS_EXPLOSION)
