"""The special rules' own columns of the kernel's arrays.  Generated: do not edit.

Written by ``python -m odds.special_rules`` from the specs' ``columns``
(:mod:`odds.special_rules.columns`); :mod:`odds.combat.model.layout` re-exports
every name.  Each column is numbered after the core columns of the layout, in
registry order; the comment names the spec that owns it.
"""

__all__ = [
    "G_BURNING", "G_CHAIN", "G_COLD", "G_FEAST", "G_FLAMING", "G_FRENZY_A", "G_GRAB",
    "G_HEADS_HIT", "G_HEAD_HIT", "G_HEAD_SAVE", "G_HEAD_WOUND", "G_HIT_HEAD", "G_ICE_HIT",
    "G_ICE_WARD", "G_KB", "G_LANCE", "G_NO_REGEN", "G_RANDOM", "G_REBOUND_S", "G_REROLL_WOUND",
    "G_STD_HIT", "G_SWALLOW", "G_WHIRL", "N_GROUP", "N_SIDE", "S_ARMOUR", "S_BEAR_STD",
    "S_BEAST_LORD", "S_BODYGUARD", "S_BURNING", "S_BURN_SAVE", "S_CAMELS", "S_CAMEL_SHY",
    "S_CAPTAIN", "S_CENSER", "S_COLD", "S_DRUNK", "S_DUEL_REROLL", "S_DUEL_WARD", "S_ENRAGE",
    "S_FEAR", "S_FEARLESS", "S_FEARS_ELVES", "S_FLEE_BY_CHOICE", "S_FLEE_MINUS", "S_FLEE_PLUS",
    "S_FRENZY", "S_GAS", "S_GEM", "S_GIANT", "S_GIANT_FALLS", "S_GRUMBLERS", "S_GUARDED",
    "S_HATRED", "S_HEADS", "S_HEADS_LD", "S_HORN", "S_HOWLED", "S_HUNT", "S_HUNTER_WARD", "S_ICE",
    "S_IMPETUOUS", "S_INDEPENDENT", "S_INIT", "S_INSTABILITY", "S_ITP", "S_LAMENT",
    "S_LAMENT_WARD", "S_LANCE", "S_LARGE", "S_LIFE_DRAIN", "S_LUCKY", "S_MUTATION",
    "S_MUTATION_WARD", "S_NOT_FOOT", "S_NO_DUEL", "S_NO_FLANK_BONUS", "S_NO_PANIC",
    "S_NO_RANK_CANCEL", "S_NUMBERS", "S_PETRIFY", "S_PETRIFY_WARD", "S_PETRIFY_WOUND",
    "S_PURSUE_EXTRA", "S_RA_DICE", "S_RA_SIDES", "S_RECRUIT", "S_REROLL_FLIGHT", "S_SIREN",
    "S_SIRENABLE", "S_SLIPPERY", "S_SPIKY", "S_SPIT", "S_STD_STUBBORN", "S_STUBBORN",
    "S_STUBBORN_FIRST", "S_STUPID", "S_SWALLOW", "S_TONGUE", "S_TOUGH", "S_UNBREAKABLE",
    "S_UNPURSUED", "S_UNSTABLE", "S_WALL",
]

# sides: the core columns are 0 .. 37 (layout.N_CORE_SIDE = 38)
S_STUBBORN = 38  # stubborn
S_UNBREAKABLE = 39  # unbreakable
S_ITP = 40  # immune_to_psychology: immune to psychology (not counting frenzy)
S_FEAR = 41  # fear
S_HATRED = 42  # hatred
S_FRENZY = 43  # frenzy
S_STUPID = 44  # stupidity: stupidity (§1.10)
S_NO_PANIC = 45  # immune_to_panic: immune to panic (gst "Inmune a pánico"; §3.4)
S_FEARS_ELVES = 46  # fears_elves: MDNR "Miedo a los orejotaz": fears elf units it does not
#   outnumber 2:1
S_GRUMBLERS = 47  # old_grumblers: friends re-roll failed panic tests (1: "Viejos cascarrabias"; 3:
#   itself)
S_INDEPENDENT = 48  # independent: never uses the General's Ld ("Independientes"); 2: nor re-rolls
#   a break test for a battle standard (Bretonia "Escoria")
S_STUBBORN_FIRST = 49  # first_round_stubborn: stubborn in the first round only (Imperio
#   "Resolutos")
S_BODYGUARD = 50  # bodyguard: while a guarded character lives in the unit: 1 stubborn, 2 immune to
#   fear; 3 stubborn unless a guarded character in it has fallen (Escolta de Mydas)
S_GUARDED = 51  # paymaster: a character its unit's S_BODYGUARD rule names (General, Pagador,
#   Sangre Real)
S_FEARLESS = 52  # leader_fearless: immune to fear while its champion lives (Bugman's rangers:
#   leader_fearless)
S_DRUNK = 53  # drunk: MDNR Bestias "Borrachos": each own turn 1D6: 1 stupidity test, 6 frenzied
S_COLD = 54  # cold_blooded: cold-blooded (MDNR "Sangre fría"): Ld tests on its own Ld roll 3D6,
#   drop highest
S_LAMENT = 55  # maiden_lament: a "Lamento de la doncella" each own turn (Condes Vampiro): 2D6 +
#   this (2, or 4)
S_LAMENT_WARD = 56  # maiden_lament: the ward save against a lament on this unit (7 = none); 0 =
#   not a target
S_CAPTAIN = 57  # captain_bound: crumbles once its promoted champion falls ("No Muertos",
#   "Capitán")
S_HOWLED = 58  # abyssal_howl: 1 + the enemy with "Aullido abisal" in contact re-rolling its Ld
#   tests, 0 none
S_CAMELS = 59  # camels: 1: causes fear in war beasts, cavalry and chariots (Mercenarios: Arabia
#   "Camellos")
S_CAMEL_SHY = 60  # camels: 1: the unit is of a troop type that fears camels (cavalry, chariot)
S_BURNING = 61  # burning_body: "Cuerpo ardiente": T test each own turn (the T; 0 = no rule)
S_BURN_SAVE = 62  # burning_body: its armour save against the test's wounds (7 = none)
S_RA_DICE = 63  # random_attacks: random attacks (gst "Ataques aleatorios"): dice rolled each
#   round, 0 = none
S_RA_SIDES = 64  # random_attacks: their sides (3 or 6); the fixed part is in the groups' G_ATTACKS
S_DUEL_REROLL = 65  # estalian_pride: re-rolls its missed hits in challenges (Estalia "Orgullo
#   Estaliano")
S_LIFE_DRAIN = 66  # life_drain: gains a wound per wound it causes (Condes Vampiro "Poder de la
#   muerte")
S_RECRUIT = 67  # cursed_recruits: 1 + the unit its 1-W victims join ("Bienvenido a la Maldición"),
#   0 none
S_BEAR_STD = 68  # bear_standard: 1 + the body carrying "Estandarte del Oso" (first-round to-hit
#   bonus), 0 none
S_DUEL_WARD = 69  # dirty_trick: a ward save in challenges only, when it has none else (7 = none)
S_HORN = 70  # dragon_horn: "Cuerno del Dragón": 1 + the round at whose start it is blown, 0 none
S_UNSTABLE = 71  # unstable: 0 no; 1 unstable; 2 one wound fewer (artefact); 3 that while the
#   standard lives
S_INSTABILITY = 72  # daemonic_instability: daemonic instability instead of the break test
#   (Demonios)
S_NO_RANK_CANCEL = 73  # herd: cancels no enemy ranks from a flank or rear: a Bestias herd,
#   skirmishers
S_NO_FLANK_BONUS = 74  # no_flank_bonus_against: enemies on its flank or rear claim no bonus
#   (Condes Vampiro "Monstruoso")
S_FLEE_PLUS = 75  # flees_3cm_more: cm added to the unit's flee rolls, not its pursuit (Skaven "¡El
#   que corre hoy, vive para luchar mañana!")
S_FLEE_MINUS = 76  # resolute: cm taken off the unit's flee and pursuit rolls (MDNR Enanos
#   "Firmeza")
S_UNPURSUED = 77  # unpursued: fleeing from a combat, its enemies never pursue it (Tichi Huichi)
S_REROLL_FLIGHT = 78  # reroll_flee_pursue: 1: re-rolls a flee roll that is caught, a pursuit roll
#   that falls short (Orcos y Goblins "Aulladorez")
S_FLEE_BY_CHOICE = 79  # lightning_strike: 1: having charged, it flees by choice from a first round
#   lost instead of testing (Elfos Silvanos "Ataque relámpago")
S_NO_DUEL = 80  # never_duels: a body that never issues nor accepts a challenge (a war machine's
#   crewman of his own profile)
S_LANCE = 81  # lance_formation: 1: fights in lance formation, 3 wide, its ranks of 3 counting
#   (Bretonia "Formación en lanza")
S_PURSUE_EXTRA = 82  # duty_to_pursue: D6 rolled beyond its pursuit dice, the lowest dropped
#   (Bretonia "Obligación de Perseguir")
S_IMPETUOUS = 83  # impetuous: 1: immune to psychology through the turn it charges
S_HUNT = 84  # wild_hunt: 1: charged with its musician, it causes fear (S_FEAR 3) until its next
#   own turn
S_BEAST_LORD = 85  # beast_lord: 1: a Beastmaster among his beasts: he cannot refuse a challenge,
#   and they die with him (Elfos Silvanos "Despliegue", "Muerte del señor")
S_HUNTER_WARD = 86  # dark_hunter: its ward save against supporting ranks' attacks only; 0 = none
S_SIREN = 87  # siren_song: sings "Canto de la Sirena" each own turn at an enemy in contact
S_SIRENABLE = 88  # siren_song: 1: a song may target the unit (not immune to psychology or to
#   break, not Undead or Daemon)
S_GAS = 89  # gas_explosion: it explodes when destroyed (Condes Vampiro "Explosión de gases"; 1, 0
#   none)
S_NUMBERS = 90  # strength_in_numbers: Ld tests on Ld + its rank bonus, at most 10 (Skaven "La
#   fuerza radica en el número")
S_STD_STUBBORN = 91  # desolation_standard: it and its characters stubborn while it carries its
#   standard (Orcos y Goblins "Estandarte de la Desolación")
S_CENSER = 92  # plague_censer: its models carry a Skaven "Incensario de plaga" (1: every bearer
#   tests; 2: those of its front rank only; 0 = none)
S_LUCKY = 93  # lucky: 1: re-rolls its failed armour and ward saves (Reinos Ogros "Afortunados")
S_GEM = 94  # lustria_gem: 1: the body re-rolls one failed armour save a round ("Gema de Lustria")
S_MUTATION = 95  # tzeentch_mutation: casts "Mutación incontrolable" each own turn (Reinos del Caos
#   "Magia de Tzeentch")
S_MUTATION_WARD = 96  # tzeentch_mutation: the ward save against it on this unit (7 = none); 0 =
#   not a target
S_WALL = 97  # shield_wall: 1: holds its shield wall, never widens nor laps round ("Muro de
#   escudos")
S_SLIPPERY = 98  # slippery: 1: never lapped round, laps round win or lose (Enanos del Caos
#   "Escurridizos")
S_GIANT = 99  # giant_attacks: the giant's attack table: 0 none; 1 club (I test, stuck on doubles);
#   2 chains (T test, never stuck: Reinos Ogros); 3 hooks (the sweep at S7 with killing blow); 4
#   the Titán de Khemri's 'Ataques especiales'
S_LARGE = 100  # giant_attacks: 1: a monster, chariot or monstrous infantry (the giant's table
#   against them)
S_NOT_FOOT = 101  # giant_attacks: 1: not infantry, cavalry or swarm (+1 on the Titán de Khemri's
#   table)
S_INIT = 102  # giant_attacks: the body's I (the giant's club: an I test)
S_TOUGH = 103  # giant_attacks: the body's T (wounds of the giant's hits; its chains: a T test)
S_ARMOUR = 104  # giant_attacks: the body's close-combat armour save before any Strength modifier
#   (7 = none)
S_GIANT_FALLS = 105  # giant_falls: bit 1: fall tests ("Caídas"); bit 2: falls when slain ("Muerte
#   del gigante")
S_PETRIFY = 106  # petrify: 1: its models "Petrificar" each own turn while engaged (gst, Cocatriz)
S_PETRIFY_WOUND = 107  # petrify: roll to wound this unit with a petrifying hit (S4 against I); 0
#   immune
S_PETRIFY_WARD = 108  # petrify: the ward save against a petrifying hit on this unit (7 = none)
S_TONGUE = 109  # tongue_attack: 1: its crew group is one tongue attack per model ("Ataque de
#   lengua")
S_ICE = 110  # ice_weapons: 1: its blows are ice weapons until a flaming hit melts them
S_SWALLOW = 111  # swallow_whole: 1: swallows each round ("Engullir entero", the Gorgona)
S_HEADS = 112  # two_heads: the Ettin's head dominant at the start ("Dos cabezas"): 0 no rule; 1
#   Traidor; 2 Salvaje
S_HEADS_LD = 113  # two_heads: the other head's Ld less the starting head's (-1 or +1)
S_SPIT = 114  # spit_filth: 1: it spits filth each own turn while engaged (Cañón infernal); 2 the
#   same, and it causes terror
S_ENRAGE = 115  # enrage: 1: +1 attack per wound lost ("Enfurecer", one model)
S_SPIKY = 116  # spiky_scales: 1: each armour save it passes in close combat hits the attacker back
#   ("Escamas puntiagudas")
N_SIDE = 117
"""Columns of ``sides``."""

# groups: the core columns are 0 .. 13 (layout.N_CORE_GROUP = 14)
G_FRENZY_A = 14  # frenzy: extra attacks while frenzied
G_BURNING = 15  # burning_body: impact slot: one hit per enemy model in contact ("Cuerpo ardiente")
G_WHIRL = 16  # death_whirl: impact slot: "Torbellino de muerte", an S5 hit on each enemy model in
#   contact, on 4+ on each beside them, 1D3 on a lone model (1; 0 = none)
G_GRAB = 17  # mechanical_claws: "Garras mecánicas": a D6 at or above it fails the target's I test;
#   0 = none
G_RANDOM = 18  # random_attacks: 1: each fighter adds the unit's random-attacks roll (S_RA_DICE)
#   this round
G_CHAIN = 19  # unstoppable_assault: each wound before saves gives one more attack ("Asalto
#   imparable")
G_COLD = 20  # cold_weapon: each natural 6 to hit adds a wound; its armour save needed (2..7), 0 =
#   none
G_STD_HIT = 21  # bear_standard: G_HIT once the bearer of S_BEAR_STD has fallen ("Estandarte del
#   Oso")
G_KB = 22  # killing_blow
G_FLAMING = 23  # flaming_attacks: one wound ends the target's regeneration (§1.6)
G_FEAST = 24  # feast_of_bones: 1: its blows on a body of one model gain +1D6 attacks when all hit
G_LANCE = 25  # lance_formation: 1: riders (and steeds) of the lance's flank files behind its
#   fighting front rank fight too (Bretonia "Formación en lanza", on the charge)
G_REROLL_WOUND = 26  # premonition: 1: its failed rolls to wound are re-rolled
G_ICE_HIT = 27  # ice_weapons: G_HIT once the unit's ice weapons melted (S_ICE, "Armas de hielo")
G_ICE_WARD = 28  # ice_weapons: G_WARD once they melted (no more magic attacks)
G_SWALLOW = 29  # swallow_whole: to-wound roll at or above which the row's blow slays outright
#   ("Engullir entero"), 0 = none
G_HEAD_HIT = 30  # two_heads: G_HIT while the striking Ettin has its other head dominant
G_HEAD_WOUND = 31  # two_heads: G_WOUND likewise (the Salvaje's S+1)
G_HEAD_SAVE = 32  # two_heads: G_SAVE likewise
G_HIT_HEAD = 33  # two_heads: G_HIT while the Ettin struck has its other head dominant (its WS)
G_HEADS_HIT = 34  # two_heads: G_HIT while both the Ettin striking and the Ettin struck have their
#   other heads dominant
G_REBOUND_S = 35  # spiky_scales: S of the row's blows rolled to hit against an enemy with S_SPIKY
#   (the hit back), 0 = none
G_NO_REGEN = 36  # sigmar_stake: 1: the blows' wounds cannot be regenerated
N_GROUP = 37
"""Columns of ``groups``."""
