"""What a model is: flyers, skirmishers, fast cavalry, wizards, dragons, units none may join."""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

FLYING = RuleSpec(
    key="flying", mdnr=("Volar",), book="gst", battlescribe=("Volar", "Unidad voladora"),
)
"""gst "Volar": a flyer flees and pursues with 8D6 (RULES.md §4)."""

SKIRMISHERS = RuleSpec(
    key="skirmishers", mdnr=("Hostigadores",), book="gst", battlescribe=("Hostigadores",),
    reads=("S_NO_RANK_CANCEL",), switches=(), filled_by="odds.combat.model.side",
)
"""gst "Hostigadores": no rank bonus, and no enemy ranks cancelled from a flank or the rear (6th
Appendix Seven; RULES.md §2.2)."""

FAST_CAVALRY = RuleSpec(
    key="fast_cavalry", mdnr=("Caballería rápida",), book="gst",
    battlescribe=("Caballería rápida",),
)
"""gst "Caballería rápida": the troop kind of the unit (its movement: no close-combat effect of its
own in the engine)."""

# Elfos Oscuros "Solitaria" (Medusas drenasangre): "ni los personajes pueden unirse a
# Medusas Drenasangre para formar unidades"
NO_CHARACTERS = RuleSpec(
    key="no_characters", mdnr=("Carroñeros", "Solitaria", "Hazen pezte"), book="Condes Vampiro",
    battlescribe=("Solitaria", "Hazen pezte"),
)
"""No character may join the unit; joining one is an error (MDNR Condes Vampiro "Carroñeros":
"ningún personaje puede unirse a ellos"; Elfos Oscuros "Bestias": "Ningún personaje puede unirse
a una unidad de Arpías", "Solitaria"; Mercenarios "Altamente insignificantes"; Regimientos de
Renombre "Independientes")."""

WIZARD = RuleSpec(
    key="wizard", mdnr=("Hechicero",), book="gst",
)
"""The model is a wizard, *de tipo Hechicero* (a ``Tipo`` naming "Hechicero", or a character with a
magic level of 1 or more); it changes nothing by itself in a close combat (spells are cast in
the magic phase) but names the model for ``otherworldly_sight``."""

DRAGON = RuleSpec(
    key="dragon", mdnr=("Dragón",), book="gst",
)
"""The model is *de tipo Dragón*: its ``Tipo`` names the word "Dragón" by itself (the monsters
"Monstruo, Dragón", and the MDNR dragon ogres and shaggoths, "Infantería monstruosa, Ogro,
Dragón, Caos"; not the vampires' "Dragón Sangriento"); it changes nothing by itself but names
the model for ``dragon_bane``. A character riding a dragon is hit as its rider (the engine's
ridden monster), so it is not one."""

CHAOS = RuleSpec(
    key="chaos", mdnr=("Caos",), book="gst",
)
"""The model is *de tipo Caos*: its printed ``Tipo`` names the word "Caos" (the Reinos del Caos
models, "Infantería, Humano, Caos."; the Fimir, "Infantería monstruosa, Fimir, Caos."; the
Chaos renown regiments and the Culto de Slaanesh's, whatever their army book); it changes
nothing by itself, but its unit carries the tag ``chaos`` (:attr:`odds.units.Unit.damage_tags`)
that a hatred of "miniaturas de tipo Caos" names (Mercenarios "Martillos de Sigmar", Estalia
"Lanzas de Myrmidia", "Cazadores de vampiros":
:data:`odds.battlescribe.rule_names.NAMED_HATRED`)."""

NEVER_DUELS = RuleSpec(
    key="never_duels", mdnr=("Ezpabilagoblins",), book="Orcos y Goblins",
    columns=("S_NO_DUEL",), fill=lambda unit: {"S_NO_DUEL": unit.has("never_duels")},
    acts=("start of turn",), hooks=("fighters.hosted_char",),
    column_docs={"S_NO_DUEL": "a body that never issues nor accepts a challenge (a war"
                              " machine's crewman of his own profile)"},
)
"""A body standing in its unit's front rank that is no character and no champion: it never
issues nor accepts a challenge (RULES.md §1.9: only characters and champions duel).  Orcos y
Goblins (Machotez de Grimgor) "Ezpabilagoblins": "Algunas máquinas de guerra pueden tener un
Ezpabilagoblins como miembro de la dotación. Se trata de un Orco a todos los efectos": one more
crewman (Lanzapiedroz, Lanzapinchoz) with his own T, W and save, a body of its own beside the
machine like a war machine's leader (:attr:`odds.units.Unit.champion_special`), but no
champion (:func:`odds.combat.fighters.hosted_char` never picks him for a challenge).  Enanos
del Caos "Mortero terremuerte": "el Mortero cuenta con un Artillero Ogro. Este Artillero luchará
en combate cuerpo a cuerpo", its "Ogro" such a crewman (of unit strength 3,
:attr:`odds.units.Unit.champion_troop_type`)."""

CAVALRY_BASE = RuleSpec(
    key="cavalry_base", mdnr=("Dos por uno",), book="Condes Vampiro",
    reads=("S_BASE", "S_DEPTH"), switches=(), filled_by="odds.combat.model.side",
)
"""The unit's models stand on cavalry bases, whatever their troop type (MDNR Condes Vampiro,
Costa del Vampiro, "Artilleros de Cubierta" "Dos por uno": "Los Artilleros de Cubierta se montan
en una peana de caballería y tienen Potencia de unidad 2 (aunque son Infantería). La peana tiene
una tirada de salvación por armadura de 6+"): a model's frontage and rank depth are the
cavalry's (:data:`odds.combat.model.frontage.BASE_WIDTH_MM`, ``BASE_DEPTH_MM``); it stays
infantry for every other rule. Each model is one base: the entry's profile prints the base's
unit strength 2 and 6+ save, and each model carries one swivel gun ("Falconete", one per
model)."""

# Enanos (Lanzafuegos) "Máquina pequeña": "El Lanzafuegos se considera una Máquina de guerra
# a todos los efectos, con las siguientes excepciones. El Lanzafuegos puede Aguantar y
# Disparar como reacción a la carga como si fuera arma de proyectiles. La presencia de un
# Maestro Ingeniero no tiene efecto alguno. La máquina no tiene perfil separado, se considera
# parte de los enanos. Los disparos hacia el Lanzafuegos no se reparten entre máquina y
# dotación sino que van todos a la dotación. Un único enano puede operar la Máquina pequeña."
SMALL_MACHINE = RuleSpec(
    key="small_machine", mdnr=("Máquina pequeña",), book="Enanos",
    battlescribe=("Máquina pequeña",), switches=(),
)
"""The unit is a machine with no profile of its own worked by its crew (MDNR Enanos, Lanzafuegos
"Máquina pequeña": "La máquina no tiene perfil separado, se considera parte de los enanos ... Un
único enano puede operar la Máquina pequeña"): no kernel code of its own; the import builds the
unit (:mod:`odds.battlescribe.small_machine`): the dwarfs of the crew ("Dotación", unit strength
1 each) are the rank and file, and the dwarf printed as the machine ("Lanzafuegos", "Potencia"
2: himself and the machine) a member of role ``operator`` (:data:`odds.units.MEMBER_ROLES`),
struck only once no other dwarf is left, since the last dwarf works the machine: the unit's
strength is its living dwarfs plus one while any lives.  A war machine "a todos los efectos": it
never pursues (``no_pursuit``, RULES.md §4.3: war-machine crews never pursue) and no character
joins it (``no_characters``).  Its stand and shoot is a shooting reaction, outside the close
combat the engine fights."""

SPECS = (FLYING, SKIRMISHERS, FAST_CAVALRY, NO_CHARACTERS, WIZARD, DRAGON, CHAOS, NEVER_DUELS,
         CAVALRY_BASE, SMALL_MACHINE)
