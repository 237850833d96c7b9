"""Special-rule names: the catalogue a unit (:data:`SPECIAL_RULES`) may carry.

Each name is documented with its source (MDNR army books, RULES.md) and what the
engine does with it; :data:`MOUNT_RULES` are the rules a steed can have of its own.
"""

from odds.special_rules import flag_keys

MOUNT_RULES: tuple[str, ...] = ("always_strikes_first", "magic_attacks", "mundane_attacks")
"""Rules a steed can have of its own (:attr:`MountProfile.special`): its blows strike first
(§1.2) or are magical (daemonic aura, ethereal enemies), whatever its rider's; or are not
magical though its rider's are (``mundane_attacks``: MDNR Reyes Funerarios "Ataques mágicos
(sólo Caballero y Capitán)", the Necrosierpe's blows are not)."""

_WRITTEN: tuple[str, ...] = (
    "stubborn",
    "unbreakable",
    "immune_to_psychology",
    "fear",
    "terror",
    "hatred",
    "frenzy",
    "killing_blow",
    "immune_to_killing_blow",
    "flame_ward",
    "armour_piercing",
    "always_strikes_first",
    "always_strikes_last",
    "flying",
    "skirmishers",
    "fast_cavalry",
    "unstable",
    "artefact_creature",
    "mindless",
    "ignores_strikes_last",
    "stupidity",
    "eternal_hatred",
    "choppa",
    "magic_attacks",
    "daemonic_aura",
    "ethereal",
    "flaming_attacks",
    "resolute",
    "immune_to_panic",
    "extra_rank",
    "daemonic_instability",
    "cloud_of_flies",
    "aura_of_slaanesh",
    "fears_elves",
    "ogre_charge",
    "herd",
    "bloodgreed",
    "hard_to_hit",
    "stone_monstrosity",
    "cancels_ranks",
    "no_flank_bonus_against",
    "martial_honour",
    "causes_no_panic",
    "fire_resistance",
    "no_characters",
    "troll_vomit",
    "putrid_vomit",
    "pestilent_vomit",
    "cold_blooded",
    "old_grumblers",
    "drunk",
    "slayer",
    "slayer_axes",
    "immune_to_flaming",
    "flammable",
    "unpursued",
    "burning_body",
    "independent",
    "first_round_stubborn",
    "sigmar_example",
    "psychology_reroll",
    "vomit_by_mount",
    "pikes_behind",
    "must_pursue",
    "no_pursuit",
    "devourer",
    "strength_on_charge",
    "glorious_charge",
    "bodyguard",
    "counts_as_daemon_undead",
    "warp_immune",
    "daemonic_bsb",
    "battle_omens",
    "aura_of_agony",
    "decapitating_strike",
    "thunderous_charge",
    "skull_crushers",
    "paymaster_guard",
    "paymaster",
    "royal_guard",
    "royal_blood",
    "pursuit_3d6_more",
    "leader_fearless",
    "spares_vampires",
    "living_machine",
    "hard_to_hit_supernatural",
    "fear_with_standard",
    "dirty_trick",
    "unstoppable_assault",
    "life_drain",
    "abyssal_howl",
    "cold_weapon",
    "black_standard",
    "crew_strikes_first",
    "flayer",
    "wizard",
    "otherworldly_sight",
    "maiden_lament",
    "dragon",
    "dragon_bane",
    "dragon_horn",
    "bear_standard",
    "mechanical_claws",
    "cursed_standard",
    "cursed_recruits",
    "captain_bound",
)
SPECIAL_RULES: tuple[str, ...] = (*_WRITTEN, *(k for k in flag_keys() if k not in _WRITTEN))
"""Known special-rule flags (RULES.md §1.2, §1.6, §1.10, §3.2, §3.3).

``hatred`` is hatred of every enemy (MDNR gst "Odio": re-roll missed hits in
the first round of a combat, always pursue); hatred of named enemies only is
the :attr:`Unit.hatred` list.  ``eternal_hatred``: re-roll missed hits in
every round against every enemy (MDNR Elfos Oscuros "Odio eterno": "Siempre
pueden repetir las tiradas para impactar falladas (no sólo el primer turno y
no sólo contra Altos Elfos)").  ``stupidity``: MDNR gst "Estupidez";
each of its own turns the unit tests Ld; failed while engaged, only half its
models fight that turn (§1.10).  ``flaming_attacks``: one wound from its blows
ends the target's regeneration for the rest of the combat (§1.6).  ``choppa``: the
unit's hand weapon is an orc choppa (MDNR profile "Rebanadora": "Si la
miniatura es de tipo Infantería (no va montada) y va armada con sólo una
Rebanadora (o Rebanadora y escudo ...), sus ataques en carga se resuelven con
F+1" and choppa and shield give no parry bonus); it only acts while the
unit's weapon is ``hand_weapon``.

``magic_attacks`` (gst "Ataques mágicos"), ``daemonic_aura`` (Demonios "Aura
Demoníaca": "una tirada de salvación especial de 5+, pero no puede efectuarse
contra ataques mágicos"; a ward save of the model's own replaces it) and
``ethereal`` (gst "Etéreos": "No pueden ser heridas, salvo por Ataques
mágicos o de otras criaturas etéreas") are worked out per pair of units in
:mod:`odds.combat.model`.

``daemonic_instability``: MDNR Demonios "Inestabilidad Demoníaca": a unit that
loses a combat rolls 2D6 instead of its break test: above its Ld (unmodified)
the whole unit is removed, above its Ld less the margin it loses one wound per
point over that, with no save; otherwise nothing happens (it never flees).
``extra_rank``: MDNR Altos Elfos "Fila adicional": with (infantry) spears the
unit fights in one more rank, through its front: two ranks when it charges,
three otherwise.  ``immune_to_panic``: gst "Inmune a pánico": "Esta unidad no debe realizar
chequeos de pánico" (RULES.md §3.4).  ``resolute``: MDNR Enanos "Firmeza":
infantry (and war machine crews, not flyers) flee and pursue 2 cm less (5D6-2
cm).

``artefact_creature``: an unstable unit that loses a combat loses one wound fewer (MDNR Reyes
Funerarios, Condes Vampiro "Criatura artefacto": "Sufren una herida menos por los chequeos de
Inestabilidad"; RULES.md §3.2).

``flame_ward``: a ward save of 5+ against flaming attacks (MDNR Enanos del Caos "Armadura
negra": "su portador tiene una tirada de salvación especial de 5+ contra ataques flamígeros").

``stone_monstrosity``: hits of S8 or more count as S7 against the unit, to wound and for its
armour (MDNR Reyes Funerarios "Monstruosidad de piedra").

``cancels_ranks``: skirmishers that still cancel an enemy's rank bonus from its flank or
rear (MDNR Elfos Oscuros "Danza de la muerte"; other skirmishers do not, 6th Appendix Seven).

``no_flank_bonus_against``: enemies fighting the unit through its flank or rear claim no
flank or rear bonus (MDNR Condes Vampiro "Monstruoso", the Varghulf).

``martial_honour``: the unit's champion always issues and accepts challenges, whatever the
challenge policy (MDNR Condes Vampiro "Honor marcial": "El Campeón siempre debe lanzar y
aceptar desafíos").  ``causes_no_panic``: the unit fleeing, broken or destroyed causes no
panic tests (MDNR Mercenarios "Altamente insignificantes": "Las unidades de gnoblars
huyendo, desmoralizadas o destruidas no causan pánico").

``fire_resistance``: flaming hits on the unit are resolved at S-1 (MDNR Orcos y Goblins
"Resistencia al fuego": "Cualquier impacto con la regla Ataques flamígeros que impacte en un
Kobold de Fuego reduce en 1 su Fuerza").

``no_characters``: no character may join the unit; joining one is an error (MDNR Condes
Vampiro "Carroñeros": "ningún personaje puede unirse a ellos"; Elfos Oscuros "Bestias":
"Ningún personaje puede unirse a una unidad de Arpías", "Solitaria"; Mercenarios "Altamente
insignificantes"; Regimientos de Renombre "Independientes").

``counts_as_daemon_undead``: the unit counts as a daemon and as undead for the effects that
would cause it more damage (MDNR Monstruos Arcanos "Elemental encarnado": "cuentan como tipo
"Demonio" y "No Muerto" en lo que respecta a efectos que les puedan causar daño adicional"):
an enemy's hatred of daemons or undead reaches it (:meth:`Unit.hates`), its race is not
otherwise changed (panic rules, fear of elves...).  ``warp_immune``: nothing with magic attacks
of a Skaven unit (army or race tag ``skaven``) wounds the unit, not even an automatic wound
(Monstruos Arcanos "Inmune a disformidad": "ninguna arma mágica ni ataque mágico Skaven puede
herir al Dragón de Disformidad (se considera que todas las tiradas para herir fallan
automáticamente, incluso aquellas que pudieran herir automáticamente)").

``daemonic_bsb``: the unit acts as a daemonic battle standard bearer for itself (MDNR Reinos
del Caos "Bendición de Nurgle", the Carromato de Plaga, of type Nurgle: "actúa como un
Portaestandarte de Batalla Demoníaco a todos los efectos, pero sólo a unidades de tipo Nurgle
(permite repetir tirada de desmoralización, la inestabilidad demoníaca, da +1 a la Resolución
de Combate, etc)"): +1 combat result as a standard, a failed break test re-rolled, and a
daemonic instability roll re-rolled when a fresh roll is expected to cost fewer wounds
(:func:`odds.combat.psychology.break_test`).  Other Nurgle units beside it take the re-roll
as the side's ``bsb`` option.

``immune_to_killing_blow``: enemies' killing blow does not work against the unit (MDNR
Enanos del Caos "Centauro menor": "Los Centauros Menores son inmunes a Golpe Letal").

``cloud_of_flies`` (Reinos del Caos, Condes Vampiro "Nube de moscas": "Toda unidad o
miniatura enemiga, mientras esté en contacto peana con peana con una o más miniaturas con
Nube de Moscas, tiene un penalizador de -1 a todas sus tiradas para impactar en combate
cuerpo a cuerpo ... Las miniaturas con Nube de moscas son inmunes") and
``aura_of_slaanesh`` (Reinos del Caos "Aura de Slaanesh": "Todas las unidades y personajes
enemigos en contacto peana con peana ... tienen un -1 a su Liderazgo, hasta un mínimo de 2")
act on the enemy units in contact with the unit (or with a character carrying them), for
the whole combat (:func:`odds.combat.model.contact_effects`).

``fears_elves``: MDNR Orcos y Goblins "Miedo a los orejotaz": "las unidades de tipo Goblin
tienen Miedo de las unidades de tipo Elfo, a no ser que su potencia de unidad sea del doble o
más que la potencia de unidad de los Elfos ... una unidad de 20 Goblins sufrirá miedo de una
unidad de 10 Elfos ... Si fueran 21 Goblins ya superarían el doble" (the worked example
settles the tie: 20 against 10 fear); "Para calcular la potencia de unidad de los Goblins no
tengas en mente sólo los Goblins sino todas las miniaturas amigas (... otras unidades
trabadas en el mismo combate)".  The unit tests fear of an elf unit at the charge (§3.3) and
is broken by elves in contact with more unit strength than its own (§3.2) while its side's
unit strength in the combat is at most twice the elves' in contact with it
(:func:`odds.combat.psychology.fear_in_contact`).

``ogre_charge``: MDNR "Arremetida" (ogres): charging at least 15 cm, a unit of three or
more ogres causes one impact hit per model in contact at its basic S, +1 per ogre behind it
(:func:`odds.combat.model.ogre_charge_strength`).

``herd``: MDNR Reinos del Caos: Bestias "Manada de bestias" ("La manada en combate": "siguen
básicamente las reglas de combate para Hostigadores con una excepción: pueden aplicar
bonificador por filas de hasta +2"; "La manada cargando": "la Manada es Hostigadora (aunque
tenga filas), por lo que no anula filas a unidades enemigas cargadas por el flanco o la
retaguardia"): rank bonus at most +2, and no enemy ranks cancelled from a flank or the rear.
Formed up in combat (a front of four or five, command and characters in front: the user's
``files`` and the engine's placing).

``bloodgreed``: MDNR Reinos del Caos "Ansia de sangre": "nunca pueden arrasar ... pero
persigue 8D6cm en vez de 5D6cm" (the engine has no overrun; it flees as before).

``troll_vomit``, ``putrid_vomit``, ``pestilent_vomit``: a special attack that replaces the
close-combat attacks of the unit's models (rank and file and champion; steeds attack as
usual), all of them the same way, chosen anew each combat phase (MDNR Orcos y Goblins,
Mercenarios, Reinos del Caos "Vómito de troll": "Pueden renunciar a sus tres ataques para
hacer un único ataque de F5, que impacta automáticamente y Anula armaduras"; Reinos del
Caos "Vómito putrefacto": "Cada miniatura sustituye sus ataques por un ataque que impacta
automáticamente y causa impactos de F3", the Plague Toads' riders only; "Vómito pestilente
de troll": "un único ataque de F5 que anula armaduras y con Heridas múltiples (1D3)", rolled
to hit).  The engine chooses as a player maximising the expected unsaved wounds would
(:data:`odds.combat.model.VOMITS`).  ``vomit_by_mount``: the vomiting riders are the unit's
steed profile, the carrying beast its main one (Demonios "Sapos de plaga con jinetes de
plaga", "solo los del Jinete, los Sapos atacarán de la forma habitual"): the vomit replaces
the steeds' group's attacks instead.

``cold_blooded``: MDNR Mercenarios "Sangre fría": "Para todos los chequeos de Liderazgo
(incluyendo Chequeos de Psicología y Chequeos de Desmoralización), lanza 3 dados y descartan el
dado mayor"; Elfos Oscuros: "sólo usarán Sangre Fría si utilizan su propio Liderazgo" (a
General's or another character's Ld is tested on 2D6: the unit takes whichever test is more
likely to pass, :func:`odds.combat.blows.better_test`).

``old_grumblers``: MDNR Enanos "Viejos cascarrabias" (Barbaslargas): "Cualquier miniatura o
unidad a 15cm o menos de una o más unidades de Barbaslargas (que no estén huyendo) puede
repetir los chequeos de pánico fallados": while the unit fights, every unit of its side in the
combat (itself included) re-rolls a failed panic test (RULES.md §3.4).

``drunk``: MDNR Reinos del Caos: Bestias "Borrachos" (Centigors): "Al inicio de cada uno de
tus turnos lanza 1D6 por cada unidad; con un 1 son estúpidos (haz el chequeo inmediatamente),
con 2-5 actúan con normalidad, con 6 entran en Furia Asesina hasta el final del turno propio
(incluso aunque hayan perdido el combate anteriormente)": at the start of each round of its
side's turn the unit rolls: 1, it takes the stupidity test (§1.10); 6, it is frenzied for that
round (+1 attack, must pursue; lost on losing the round).  When it charges, the roll of the
charge turn comes first: frenzied, it takes no fear or terror test at the charge (§3.3).

``slayer``: MDNR Enanos, Regimientos de Renombre "Matador": "Cuando una miniatura con esta
regla impacte a un enemigo con un atributo de Resistencia superior a la Fuerza del ataque
(Fuerza modificada ...), puede resolver ese impacto como si tuviera una Fuerza (modificada)
igual a la Resistencia del enemigo impactado (hasta un máximo de 6)": the unit's own blows
(not its steeds') wound and modify saves at ``min(6, T)`` when the enemy's T is higher.
``slayer_axes``: MDNR Enanos "Hachas de matador": "va siempre con dos armas de mano y un arma
a dos manos. Al principio de cualquier combate puede elegir si lucha con dos armas de mano o
con arma a dos manos (luchará con lo mismo durante todo el combate)": the unit's weapon
(``additional_hand_weapon`` as imported) is chosen for each combat
(:func:`odds.combat.model.slayer_weapon`).

``flammable``: gst "Inflamable": "Sufre el doble de heridas cuando el ataque que las causa es
flamígero"; ``immune_to_flaming`` (gst "Inmune a ataques flamígeros"): flaming attacks have
none of their effects on it (gst "Ataques flamígeros": "anula Regeneración, las miniaturas
Inflamables reciben el doble de heridas").

``unpursued``: when the unit flees from a combat its enemies hold their ground (MDNR
Regimientos de Renombre, Tichi Huichi "Bendecidos por los Ancestrales": "Si los Incursores
... huyen de un combate (por ejemplo, a causa del miedo, o de un chequeo de desmoralización),
los enemigos siempre deben mantener la posición (no pueden perseguir, incluso aunque tengan una
regla que obligue a perseguir)"; RULES.md §4.3).

``hard_to_hit``: enemies are -1 to hit the unit in close combat (MDNR Reinos del Caos
"Trolls biliosos": "Las miniaturas enemigas tienen un -1 a impactarles en combate cuerpo a
cuerpo"); a 6 still hits, automatic hits are not rolled (RULES.md §1.3).

``burning_body``: MDNR Enanos del Caos "Cuerpo ardiente": "Al inicio de la fase de combate
cuerpo a cuerpo (después de impactos por carga) toda miniatura, amiga o enemiga en contacto
peana con peana con una o más miniaturas con la regla Cuerpo ardiente recibe un impacto
automático de F4 con Ataques flamígeros.  Además, al principio de cada turno propio (excepto el
primero), toda unidad con esta regla debe hacer un chequeo de Resistencia (uno por unidad ...);
si lo falla, la unidad sufre 1D3 heridas sin posibilidad de salvación especial": each round,
right after impact hits, one S4 flaming hit on each enemy model in contact with the unit (none
on one immune to flaming attacks; like impact hits they go to the troops); at the start of each
round of its side's turn the unit rolls a D6, failing on a 6 or above its T, and suffers D3
wounds (armour saves, no ward; not counted in the combat result).  A combat is taken never to
be in its side's first turn of the battle.

``independent``: the unit never uses its General's Ld (MDNR Regimientos de Renombre
"Independientes": "nunca utilizan el Liderazgo del General, aunque sea mejor que el suyo";
Elfos Oscuros "Bestias": "las Arpías nunca pueden usar el Liderazgo del General").
``first_round_stubborn``: stubborn in the first round of each combat only (MDNR Imperio
"Resolutos": "La unidad es Tozuda en la primera ronda de cada combate (sólo en la primera
ronda)").  ``sigmar_example``: MDNR Imperio "Ejemplo de Sigmar" (Reiksguard a pie): "Toda
unidad amiga a 15cm o menos de la Reiksguard a pie (incluyendo la propia Reiksguard a pie)
puede repetir cualquier chequeo de pánico, miedo o terror fallado": every unit of its side in
the combat re-rolls failed panic tests while the unit has not been destroyed, and the unit
re-rolls its own failed fear or terror test at the charge (RULES.md §3.3, §3.4).
``psychology_reroll``: the unit re-rolls its own failed psychology tests -- fear and terror at
the charge (charging or charged), panic (at the charge and from friends breaking or
destroyed) and stupidity -- never a break test (MDNR Reinos del Caos "Marca del Caos
absoluto": "Lleva la Marca del Caos Absoluto, por lo que puede repetir los chequeos de
psicología fallados"; where its text is "Sin efecto adicional" it is a label).

``pikes_behind``: MDNR Regimientos de Renombre (Pirazzo) "Formación mixta": the first rank
holds crossbowmen with hand weapons and the ranks behind pikes, so the unit fights in ranks
as with pikes (the front rank strikes with the user's S, as pikes do) but never receives a
charge as pikes do ("la primera fila no tiene picas (por lo que no atacarían primero si
reciben una carga, ni tendrían bonificación contra caballería)").

``ignores_strikes_last``: the unit ignores the strikes-last rule of its weapon
(MDNR Swordmasters of Hoeth: "Ignoran la regla de atacar en último lugar de su
arma a dos manos"); unlike ``always_strikes_first`` it strikes in normal order.

``must_pursue``: the unit always pursues a beaten enemy, never tests to hold back (§4.3; MDNR
Condes Vampiro "Hambrientos": "tras el combate, siempre deben perseguir, pero no pueden
arrasar"; Imperio "¡Enajenados mentales!": "Debe perseguir siempre").  ``no_pursuit``: the
unit never pursues (Regimientos de Renombre "Despellejar": "nunca puede perseguir a los
enemigos que haya hecho huir en combate cuerpo a cuerpo").  ``devourer``: the unit pursues
only after a passed Ld test, taken instead of the test to hold back; held back (it fails or
the player holds), it feasts and the beaten enemy's units still fighting test panic (MDNR
Bestias "Devorador": "si el Preyton quiere perseguir o arrasar deberá hacer un chequeo de
Liderazgo ... Si falla ese chequeo, o si decide no perseguir o arrasar ... todas las unidades
enemigas a 25cm o menos del Preyton deberán hacer un chequeo de Pánico").
``strength_on_charge``: +1 S for
the rank and file and the champion in the first round of a combat they charged (Condes
Vampiro "Carga arrolladora": "F+1 en carga"; Reinos del Caos: Bestias "Carga atronadora":
"F+1 en el turno en que carga").

``glorious_charge``: a unit it charges, when its unit strength is 5 or more, tests panic at
the charge before any fear or terror test and flees if it fails (MDNR Imperio "Carga
gloriosa": "deben efectuar un chequeo de pánico igual que si hubiera sido cargada por el
flanco mientras estuviera trabada"; RULES.md §3.4), unless it takes no panic tests
(:func:`odds.combat.model.glorious_panic`; two-unit combats, as every test at the charge).

``pursuit_3d6_more``: the unit pursues a unit broken in close combat with 3D6 more than
its pursuit dice (MDNR Regimientos de Renombre, Oglah Khan's "Pellejo de Wulfag": "Cada vez
que Oglah y su unidad persigan a una unidad desmoralizada en combate, pueden perseguir +3D6cm
adicionales.  Esta distancia se añade únicamente a la persecución"; it flees as before).

``leader_fearless``: while the unit's champion (its leader) lives, the unit is immune to fear
and terror: no fear or terror test at the charge, no fear auto-break (MDNR Regimientos de
Renombre "Montaraces de Bugman": "Mientras Bugman siga vivo, Bugman y la unidad son Inmunes a
miedo e Inmunes a terror"; RULES.md §3.2, §3.3).  Without its champion it has no effect.

``spares_vampires``: the unit's blows never hit an enemy of race ``vampire`` (MDNR
Regimientos de Renombre, Comando Mortal "¿Y si es él?": "En combate cuerpo a cuerpo, nunca
atacarán a miniaturas de tipo Vampiro. Si se vieran obligados a atacar ... se considera que
fallan todos sus ataques contra miniaturas de tipo Vampiro").

``bodyguard``: the unit is stubborn while a living General character stands in it (MDNR Altos
Elfos "Guardaespaldas": "Los Leones Blancos son Tozudos mientras el General esté incluido en la
unidad"; RULES.md §3.2).

``battle_omens``: the unit and its friends in the combat (characters included) hit at +1 in
close combat, a natural 1 still missing (MDNR Imperio "Portentos de batalla": "Todas las
unidades (y miniaturas individuales) amigas a 15cm o menos del Huracanum (incluidos los
Acólitos y las monturas) tienen un +1 a todas sus tiradas para impactar"; the engine has no
positions: friends in the same combat are taken to be within 15 cm).

``aura_of_agony``: enemies in base contact with the unit have Ld -1 (minimum 2) unless they
are Dark Elves, and Dark Elves in contact or on the unit's side in the combat (itself
included) Ld +1 (maximum 10) (MDNR Elfos Oscuros "Altar drenasangre" "Aura de agonía";
:func:`odds.combat.model.contact_effects`).

``decapitating_strike``: one attack of each fighting model is struck apart with multiple
wounds (1D6) (MDNR Reyes Funerarios "Golpe decapitador": "Uno de sus ataques debes
realizarlo con un dado de otro color. Ese ataque tiene la regla Heridas múltiples 1D6"; the
attack group of a second crew, so not with ``extra_crew`` or random attacks).

``paymaster_guard``: the unit is stubborn while a living character with ``paymaster`` stands
in it (MDNR Mercenarios "Escolta del pagador" "Escolta": "Mientras el Pagador esté en la
unidad, son Tozudos"); ``paymaster``: the character is the Mercenarios' Pagador (its battle
standard: "el Pagador es el Portaestandarte de Batalla mercenario").  ``royal_guard``: the unit
is immune to fear and terror while a living character with ``royal_blood`` stands in it (MDNR
Enanos "Martilladores" "Guardia personal": "Si hay algún personaje con la regla Sangre Real en
la unidad, ésta es Inmune a miedo e Inmune a Terror"; in a combat with characters the only
fear left is the auto-break of §3.2, :func:`odds.combat.model.guarded`); ``royal_blood``: the
character has Enanos "Sangre real".

``thunderous_charge``: the unit's impact hits (:attr:`Unit.impact_hits`) are struck only when
its charge covered at least :data:`odds.combat.model.THUNDEROUS_CHARGE_MOVE` cm (the gap
:attr:`odds.combat.model.CombatOptions.distance`) (MDNR Mercenarios "Jinetes de rinobuey"
"Carga atronadora": "Si todas las miniaturas ... cargan, persiguen o arrasan 18cm o más, cada
miniatura causa 1D3 impactos por carga"; a pursuit into a fresh enemy is not part of a combat
of the engine).

``skull_crushers``: each model makes three more attacks every round that hit automatically
at S6, struck at its Initiative, on the enemies touching its front only (MDNR Enanos del Caos
"Demonio de hierro" "Rompecráneos": "realiza 3 ataques en cada fase de combate cuerpo a cuerpo
contra miniaturas o unidades situadas en su frontal; estos ataques impactan automáticamente y
se resuelven con F6. No afecta si no hay miniaturas en su frontal"; the attack group of a
second crew, so not with ``extra_crew``).
``unstoppable_assault``: on the charge (the first round, when it charged) each wound the
model's own attacks roll -- before saves, a poisoned hit's automatic wound included -- gives
it one more attack against the same target, and so do those (MDNR Reyes Funerarios "Gigante
de hueso", Elfos Oscuros "Kharibdyss" "Asalto imparable": "En carga, por cada tirada para
herir exitosa que haga la miniatura con Asalto Imparable, puede hacer un ataque adicional
(que a su vez, en caso de herir, desencadenará nuevos ataques). Nótese que es la tirada para
herir, antes de salvaciones"; every enemy of the engine has a W attribute); at most
:data:`odds.combat.model.CHAIN_CAP` further attacks a strike.
``life_drain``: each wound the unit's blows score (the model, its crew and its steeds alike)
gives it back a wound, above its starting W too (MDNR Condes Vampiro "Carruaje negro" "Poder
de la muerte": "Por cada herida que cause el Carruaje negro o alguna de sus partes
(Conductor, Pesadilla), el Carruaje gana una herida. Esto puede aumentar sus Heridas por
encima de su valor inicial de 5. Sólo cuentan las heridas hechas en combate cuerpo a
cuerpo"), up to :data:`odds.combat.model.LIFE_DRAIN_CAP`; a single model without
regeneration.  Its blades ("Si el atributo de Heridas del Carruaje Negro es de 10 o más, el
Carro pasará a tener Cuchillas (+1 impactos por carga)") never strike here: a combat of the
engine starts with the charge, before any wound is gained.
``maiden_lament``: in each round of its side's turn, before the blows (its shooting phase),
the unit rolls 2D6+2 against the best Ld of one enemy unit it fights (the unit's, its
champion's, a character's or member's in it, the General's): each point above is one wound
with no armour save (a ward save, then regeneration, apply), on the unit's models as
missiles; not counted in the combat result, no panic test (MDNR Condes Vampiro "Doncella
espectral" "Lamento de la doncella": "Es un Ataque especial que se realiza en la fase de
Disparo, pero NO se considera Hechizo, Ataque mágico, Disparo ni Proyectiles a ningún
efecto ... si la Doncella está trabada en combate con una o más unidades deberá elegir como
objetivo una unidad con la que esté trabada. Lanza 2D6+2 y compáralo con el atributo de
Liderazgo ... por cada punto en que se supere dicho atributo, la unidad objetivo sufrirá una
herida que Anula armaduras"; "Sagrario mortis" "Coro de doncellas": "Cada turno, el Sagrario
puede efectuar un Lamento de la Doncella").  Units immune to psychology (unbreakable and,
while frenzied, frenzied ones too) and ethereal ones are never its target; cold blood and
automatic passes do not help ("esto NO es un chequeo de Liderazgo"); of several enemy units
in contact, the one with the highest expected unsaved wounds
(:func:`odds.combat.psychology.lament`, :func:`odds.combat.model.lament_ward`).
``abyssal_howl``: the enemy units in base contact (not immune to psychology, unbreakable or
causing fear or terror) re-roll their passed break, panic and stupidity tests, and a failed
test to hold back from pursuing it, while it lives and fights (MDNR Elfos Oscuros
"Kharibdyss" "Aullido abisal": "El jugador Elfo Oscuro puede obligar a repetir cualquier
tirada basada en Liderazgo de cualquier unidad en contacto peana con peana con el Kharibdyss
(incluyendo Chequeos de Desmoralización)"; :func:`odds.combat.model.contact_effects`).
``cold_weapon``: in the round it charged, each natural 6 its hand weapons roll to hit (a
hit, re-rolled or not) also causes one wound of S3 -- saved with the target's armour at S3
and its ward, then removed, regenerated or scored as any other wound -- until a flaming
attack has wounded the unit in the combat (MDNR Mercenarios "Trolls de hielo" "Arma de
frío": "Arma de mano. En el turno en que cargan, si sale algún 6 en la tirada para impactar
causa una herida adicional de F3. No obstante, si la unidad de Trolls de hielo reciben
alguna herida de Ataque flamígero durante la partida, el Arma de frío se destruye";
decided: "una herida adicional de F3" is a wound, not a hit to roll to wound, and F3 is the
save modifier).  Its "no afectará a las miniaturas Inmune a frío" concerns the Condes Vampiro
"Demonio de los lamentos", whose "Inmune a frío" is reported.
``living_machine``: the war machine itself fights beside its crew (MDNR Enanos del Caos,
Reinos del Caos Mortales "Cañón infernal" "¡Está vivo!": "En combate, el propio Cañón combate
(así que los Enanos se sitúan a su lado en vez de delante)"); the flag records the rule, its
blows are the unit's :attr:`Unit.extra_crew` (one, with the machine's printed WS, S, I and A,
:mod:`odds.battlescribe.extra_crew`).

``hard_to_hit_supernatural``: daemons, undead and forest spirits, and magic attacks, are -1 to
hit the unit in close combat (MDNR Regimientos de Renombre, Gárgolas volantes de Barda
"Resistencia elevada a lo sobrenatural": "cualquier miniatura de tipo Demonio, No Muerto o
Espíritu del Bosque, o que tenga Ataques mágicos, tiene un -1 a impactar a las Gárgolas en
combate cuerpo a cuerpo"): an attacker's blows are at -1 when its race tags (:attr:`Unit.tags`)
hold ``daemon``, ``undead`` or ``forest_spirit`` or its blows are magic (its steeds': their
own magic attacks, or the unit's unless they are ``mundane_attacks``); a 6 still hits,
automatic hits are not rolled, summed with ``hard_to_hit`` (RULES.md §1.3).

``fear_with_standard``: the unit causes fear while it carries its standard (MDNR Regimientos
de Renombre, Espadas de Manann "Estandarte de la Esposa del Mar": "La unidad causa Miedo. Ten
en cuenta que es una regla del estandarte, así que dejarán de causar Miedo si lo pierden"):
with a standard bearer in its ``command`` it causes fear (:attr:`Unit.causes_fear`: at the
charge, immune to fear) until its standard is gone the way the engine takes it (the last
rank-and-file model besides the champion, RULES.md §2.2): from then on it neither causes fear
nor is immune to it in the fear auto-break (:func:`odds.combat.psychology.break_test`).  A
named standard bearer (:class:`Member`) carrying it is not supported.

``dirty_trick``: each model makes one more attack with its own weapon after every other blow
of each round, before the combat result, resolved with killing blow, and has a 6+ ward in
challenges when it has no ward of its own (MDNR Regimientos de Renombre, Espadas de Manann
"Juego sucio": "Antes de calcular la resolución de combate, si Edvard está vivo, puede hacer
un ataque adicional; este ataque final se resuelve con Golpe Letal. Además, en desafíos,
Edvard tiene una tirada de salvación especial de 6+"; the leader's rule,
:attr:`Unit.champion_special`: the attack group of a second crew, so not with ``extra_crew``,
``decapitating_strike``, ``skull_crushers`` or a pistol).

``black_standard``: the unit's standard adds +1D3 to its side's combat result instead of +1
(MDNR Regimientos de Renombre, Perros del Desierto de Al Muktar "Estandarte Negro de los
Muktarin": "Este estandarte suma +1D3 al resultado de combate de los Perros del Desierto en
vez del habitual +1"), rolled each round the standard counts; carried by a named standard
bearer (:class:`Member`, "Ibn el Ciego (portaestandarte)") it counts while he lives.  Two
standards of a side (a battle standard beside it) give the larger of the two.

``crew_strikes_first``: a chariot's crew (its rank and file) always strike first, its steeds
do not (MDNR Condes Vampiro "Trono del aquelarre", "Vampiresas": "Las vampiresas Siempre Atacan
Primero"; the "Horda de espíritus" pulling it strikes at its own Initiative).

``flayer``: after every other blow of each round, before the combat result, each model of
the unit in contact makes 1D6 automatic hits at its impact strength (MDNR Reinos del Caos
Demonios "Desollador infernal de Slaanesh", "Desollador": "después de realizar los ataques de
ambos bandos ... pero antes de calcular el resultado del combate, y siempre que el Desollador
no haya sido aniquilado ... el Desollador hace 1D6 impactos de su Fuerza (F5). Estos impactos
son adicionales a los impactos por carga y cuentan para la Resolución de Combate"): a chariot
with impact hits; the hits use the crew attack group, so not with ``extra_crew``,
``decapitating_strike``, ``skull_crushers``, ``dirty_trick`` or a pistol.
``wizard``: the model is a wizard, *de tipo Hechicero* (a ``Tipo`` naming "Hechicero", or a
character with a magic level of 1 or more); it changes nothing by itself in a close combat
(spells are cast in the magic phase) but names the model for ``otherworldly_sight``.
``otherworldly_sight``: the unit re-rolls missed hits, in every round, against wizards,
undead, daemons, plants and spirits (MDNR Reinos del Caos Bestias, Cigor "Visión
ultraterrena": "Repite las tiradas para impactar a todas las miniaturas de tipo Hechicero, No
Muerto, Demonio, Vegetal, o Espíritu"): an enemy body with ``wizard`` or whose tags
(:attr:`Unit.damage_tags`) hold ``undead``, ``daemon`` or ``forest_spirit`` (the *Espíritus
del Bosque*, plants and spirits; the MDNR spirits of the data are all *No Muerto* too); a
wizard character or leader is a body of its own (RULES.md §1.3 re-rolls).
``dragon``: the model is *de tipo Dragón*: its ``Tipo`` names the word "Dragón" by itself
(the monsters "Monstruo, Dragón", and the MDNR dragon ogres and shaggoths, "Infantería
monstruosa, Ogro, Dragón, Caos"; not the vampires' "Dragón Sangriento"); it changes nothing
by itself but names the model for ``dragon_bane``.  A character riding a dragon is hit as its
rider (the engine's ridden monster), so it is not one.
``dragon_bane``: the unit's blows have multiple wounds (1D6) against ``dragon`` enemies
(MDNR Regimientos de Renombre "Hacha de Ulther": "Arma de mano que proporciona F+1 y, contra
miniaturas de tipo Dragón, tiene además la regla Heridas múltiples (1D6)": Ulther's own rule,
:attr:`Unit.champion_special`, his F+1 on his profile).
``dragon_horn``: MDNR Regimientos de Renombre "Cuerno del Dragón" ("El músico de la unidad
tiene este cuerno ... Un solo uso ... al inicio de tu fase de movimiento, antes de declarar
cargas. Todas las unidades enemigas a 30cm o menos del músico deben hacer un chequeo de
Pánico"), while the unit has its musician: charging, the unit it charges tests panic at the
charge as with ``glorious_charge`` (two-unit combats); charged (or in no charge), it is blown
at the start of the unit's first own turn of the combat and every enemy unit of the combat
still fighting tests panic; failed, it flees, pursued only if the horn's side won the round
before (6th.whfb.app/psychology/panicking-in-close-combat; RULES.md §3.4).  Leave the flag
out of ``special`` for a player who keeps the horn.

``bear_standard``: every model of the unit (its rank and file, champion, named members and
the characters joined to it) is +1 to hit in the first round of each combat while the
unit's named standard bearer lives (MDNR Regimientos de Renombre, Hombres Oso de Urslo
"Estandarte del Oso": "Toda la unidad (incluyendo a Beorg y Oerl) reciben un +1 a sus tiradas
para impactar en la primera ronda de cada combate, carguen o sean cargados"; Oerl carries it,
:class:`Member`): a blow struck after he has fallen, even in that round, has no bonus.  Summed
with the other to-hit modifiers before the need is bounded to 2..6 (a 1 still misses,
RULES.md §1.3); automatic hits stay automatic.  The unit needs a named standard bearer.

``mechanical_claws``: at the start of each round the model grabs the enemy model its blows
strike first that round: that model takes an Initiative test (a D6 above its I fails, a 6
always fails), and failed, the blows on it this round hit automatically (MDNR Reinos del Caos
Demonios, Aplastador de almas "Garras mecánicas": "elige una miniatura enemiga en contacto
... debe hacer un chequeo de Iniciativa para evitar ser agarrada. Si falla el chequeo, los
ataques que el Aplastador asigne a esa miniatura ... impactarán automáticamente").  Against a
unit's rank and file the blows are allocated to the unit, not to one of its models, so all of
them are the grabbed model's (one test on the unit's I, the highest of rider and steed);
against a character they are those allocated to him (his own I).

``cursed_standard``: an ``unstable`` unit that loses a combat loses one wound fewer while it
carries its standard (MDNR Regimientos de Renombre, Compañía maldita de Kreugar "Estandarte
de los Malditos": "sufre una herida menos de la que sufriría normalmente al ser derrotada en
combate por Inestabilidad. Es un Estandarte mágico a todos los efectos, así que si el
Portaestandarte muere, se pierde el efecto"): with a standard bearer in its ``command``,
until its standard goes the way the engine takes it (the last rank-and-file model besides the
champion, RULES.md §2.2), for good.
``cursed_recruits``: each enemy model with 1 wound on its profile that the unit's blows slay
in close combat -- its rank and file's, its champion's or its named members', in a challenge
too -- becomes at once one more rank-and-file model of the unit, with its profile and gear
(MDNR Regimientos de Renombre, Compañía maldita de Kreugar "Bienvenido a la Maldición": "Si
cualquier guerrero de la Compañía Maldita (incluido Kreugar) abate a una miniatura con 1
herida en su perfil inicial, se crea en su lugar un Esqueleto que se añade a la Compañía
Maldita y va equipado igual que el resto de la Compañía ... sólo se aplica a las miniaturas
muertas en combate cuerpo a cuerpo").  Decided: a recruit counts for the unit's strength
(outnumber, fear) and takes casualties and instability wounds from then on, adds to its rank
bonus from the next round (ranks are counted at the start of a round) and first fights in the
next round (each round's fighters are fixed at its start, RULES.md §1.2); it carries no
standard or instrument: once all of the unit's rank and file have fallen, its standard and
musician are gone for good (:func:`odds.combat.blows.strike`).

``captain_bound``: the unit crumbles once its leader (its champion, fighting as a body of its
own) has fallen (MDNR Regimientos de Renombre "No Muertos", "Capitán", of the Compañía
maldita de Kreugar and the Legión de Pesadilla: "Si Richter muere ... Al término de la fase
en que el Capitán haya sido eliminado y al comienzo de cada turno posterior de la Compañía
Maldita, esta deberá efectuar un chequeo de liderazgo. Si no lo supera, sufrirá un número de
heridas igual a la diferencia ... heridas que no podrán evitarse mediante ninguna tirada de
salvación (ni siquiera especiales)"): 2D6 against the unit's own Ld at the end of the
close-combat phase in which he fell and at the start of each later round of its side's turn;
each point above it is a wound with no save of any kind.  Not in the combat result.
"""
