"""The kernel's array layouts: the columns and sizes of a ``CombatModel``'s arrays.

``S_*`` columns of ``sides`` (per-unit constants), ``G_*`` columns of ``groups`` (attack
groups: to hit, to wound, saves, RULES.md §1.2-§1.7), ``F_*`` entries of ``flags`` (rule
options, psychology at the charge, §3.3), the attack-group kinds, strike categories (§1.2),
faces (§1.1), statuses and caps.  The numba kernels import these as plain module-level
integers (through :mod:`odds.combat.model`) and freeze them into their machine code
(:func:`odds._jit.package_stamp`).  The arrays themselves are described in
:mod:`odds.combat.model`.
"""

from __future__ import annotations

from collections import namedtuple

from odds.vocabulary import ALLOCATIONS as ALLOCATIONS  # re-exported: the kernel's order
from odds.vocabulary import CHALLENGE_POLICIES as CHALLENGE_POLICIES
from odds.vocabulary import FACES as FACES
from odds.vocabulary import STATUSES as STATUSES

# --------------------------------------------------------------------------- side constants
(
    S_HP,  # starting wounds (models * W)
    S_W,
    S_FILES,
    S_BASE,
    S_US,  # unit strength per model
    S_LD,
    S_STUBBORN,
    S_UNBREAKABLE,
    S_ITP,  # immune to psychology (not counting frenzy)
    S_FEAR,
    S_UNSTABLE,  # 0 no; 1 unstable; 2 one wound fewer (artefact); 3 that while the standard lives
    S_FLEE_DICE,
    S_STANDARD,
    S_MUSICIAN,
    S_CHAMPION,
    S_FRENZY,
    S_HATRED,
    S_REGEN,  # needed roll, 7 = none
    S_MAN_SIZED,
    S_BSB,  # 1 a battle standard within 30 cm, 2 a daemonic one (also daemonic instability)
    S_GENERAL_LD,  # 0 = none
    S_STATIC,
    S_HIGH_GROUND,
    S_RANKS_OK,
    S_CAN_PURSUE,  # 1 yes; 2 only after a passed Ld test ("Devorador")
    S_CHAMPION_LD,
    S_SIDE,  # 0 attacker, 1 defender
    S_DEPTH,
    S_CHARGED,
    S_HOST,  # -1 for a unit; for a character, the unit it stands in
    S_ALLOC,  # how the unit's models in contact with enemy characters attack (ALLOCATIONS)
    S_CHALLENGE,  # CHALLENGE_POLICIES index: 0 never, 1 always (best fighter), 2 champion
    S_IS_GENERAL,
    S_IS_BSB,
    S_RATING,  # a character's fighting rating, to pick the best duellist
    S_IS_CHAMPION,  # a unit's champion promoted to a body of its own (it may duel)
    S_CHAMP_BODY,  # for a unit: its promoted champion's body, -1 = none
    S_HOSTED_LO,  # for a unit: its characters (then its champion) are bodies LO .. HI - 1
    S_HOSTED_HI,
    S_STUPID,  # stupidity (§1.10)
    S_FLEE_MINUS,  # cm taken off the unit's flee and pursuit rolls (MDNR Enanos "Firmeza")
    S_NO_PANIC,  # immune to panic (gst "Inmune a pánico"; §3.4)
    S_INSTABILITY,  # daemonic instability instead of the break test (Demonios)
    S_PANIC_IGNORE,  # bit x set: unit x of the same side breaking causes this one no panic
    S_FEARS_ELVES,  # MDNR "Miedo a los orejotaz": fears elf units it does not outnumber 2:1
    S_ELF,  # the unit's models are elves (race tag "elf")
    S_RA_DICE,  # random attacks (gst "Ataques aleatorios"): dice rolled each round, 0 = none
    S_RA_SIDES,  # their sides (3 or 6); the fixed part is in the groups' G_ATTACKS
    S_RANK_MAX,  # the highest rank bonus the unit may claim: 3, a herd 2
    S_NO_RANK_CANCEL,  # cancels no enemy ranks from a flank or rear: a Bestias herd, skirmishers
    S_PURSUE_DICE,  # D6 rolled to pursue: the flee dice, 8 with "Ansia de sangre"
    S_COLD,  # cold-blooded (MDNR "Sangre fría"): Ld tests on its own Ld roll 3D6, drop highest
    S_GRUMBLERS,  # friends re-roll failed panic tests (1: "Viejos cascarrabias"; 3: itself)
    S_FLIGHT_IGNORE,  # bit x set: unit x of the same side fleeing causes this one no panic
    S_DRUNK,  # MDNR Bestias "Borrachos": each own turn 1D6: 1 stupidity test, 6 frenzied
    S_UNPURSUED,  # fleeing from a combat, its enemies never pursue it (Tichi Huichi)
    S_BURNING,  # "Cuerpo ardiente": T test each own turn (the T; 0 = no rule)
    S_BURN_SAVE,  # its armour save against the test's wounds (7 = none)
    S_INDEPENDENT,  # never uses the General's Ld ("Independientes"); 2: nor re-rolls a break
    #   test for a battle standard (Bretonia "Escoria")
    S_STUBBORN_FIRST,  # stubborn in the first round only (Imperio "Resolutos")
    S_NO_FLANK_BONUS,  # enemies on its flank or rear claim no bonus (Condes Vampiro "Monstruoso")
    S_BODYGUARD,  # while a guarded character lives in the unit: 1 stubborn, 2 immune to fear;
    #   3 stubborn unless a guarded character in it has fallen (Escolta de Mydas)
    S_GUARDED,  # a character its unit's S_BODYGUARD rule names (General, Pagador, Sangre Real)
    S_FEARLESS,  # immune to fear while its champion lives (Bugman's rangers: leader_fearless)
    S_DUEL_WARD,  # a ward save in challenges only, when it has none else (7 = none)
    S_LIFE_DRAIN,  # gains a wound per wound it causes (Condes Vampiro "Poder de la muerte")
    S_HOWLED,  # 1 + the enemy with "Aullido abisal" in contact re-rolling its Ld tests, 0 none
    S_LAMENT,  # a "Lamento de la doncella" each own turn (Condes Vampiro): 2D6 + this (2, or 4)
    S_LAMENT_WARD,  # the ward save against a lament on this unit (7 = none); 0 = not a target
    S_HORN,  # "Cuerno del Dragón": 1 + the round at whose start it is blown, 0 none
    S_BEAR_STD,  # 1 + the body carrying "Estandarte del Oso" (first-round to-hit bonus), 0 none
    S_RECRUIT,  # 1 + the unit its 1-W victims join ("Bienvenido a la Maldición"), 0 none
    S_CAPTAIN,  # crumbles once its promoted champion falls ("No Muertos", "Capitán")
    S_MAY_FEAR,  # some enemy body could ever cause this unit fear (S_FEAR, or S_ELF to one
    #   with S_FEARS_ELVES): 0 spares its break tests the fear count (§3.2 step 3)
    S_FLEE_PLUS,  # cm added to the unit's flee rolls, not its pursuit (Skaven "¡El que corre
    #   hoy, vive para luchar mañana!")
    S_DUEL_REROLL,  # re-rolls its missed hits in challenges (Estalia "Orgullo Estaliano")
    S_PURSUE_EXTRA,  # D6 rolled beyond its pursuit dice, the lowest dropped (Bretonia
    #   "Obligación de Perseguir")
    S_LANCE,  # 1: fights in lance formation, 3 wide, its ranks of 3 counting (Bretonia
    #   "Formación en lanza")
    S_NUMBERS,  # Ld tests on Ld + its rank bonus, at most 10 (Skaven "La fuerza radica en el
    #   número")
    S_STD_STUBBORN,  # it and its characters stubborn while it carries its standard (Orcos y
    #   Goblins "Estandarte de la Desolación")
    S_MUTATION,  # casts "Mutación incontrolable" each own turn (Reinos del Caos "Magia de
    #   Tzeentch")
    S_MUTATION_WARD,  # the ward save against it on this unit (7 = none); 0 = not a target
    S_SLIPPERY,  # 1: never lapped round, laps round win or lose (Enanos del Caos
    #   "Escurridizos")
    S_IMPETUOUS,  # 1: immune to psychology through the turn it charges (Bretonia "Impetuosos")
    S_HUNT,  # 1: charged with its musician, it causes fear (S_FEAR 3) until its next own turn
    #   (Elfos Silvanos "La cacería salvaje")
    N_SIDE,
) = range(86)

# --------------------------------------------------------------------------- group constants
(
    G_ACTIVE,
    G_ATTACKS,  # attacks per fighting model (impact: fixed part of the dice)
    G_KEY,
    G_HIT,  # needed roll, 0 = automatic, 7 = impossible
    G_REROLL,  # re-roll missed hits
    G_POISON,  # natural to-hit roll that wounds automatically, 7 = none
    G_WOUND,  # needed roll, 7 = impossible
    G_KB,
    G_SAVE,  # needed roll after modifiers, 7 = none
    G_WARD,  # 7 = none
    G_MW,  # multiple wounds: 0 none, 1 x2, 2 D3, 3 D6; flaming on flammable 4 2D3, 5 2D6, 6 x4
    G_FRENZY_A,  # extra attacks while frenzied
    G_RANKS,  # ranks fighting to the front (2 for infantry spears not charging)
    G_PER_MODEL,  # fighters per model (crew, steeds)
    G_IMPACT_DICE,  # impact: number of D6 (or D3 if G_IMPACT_SIDES == 3)
    G_IMPACT_SIDES,
    G_FLAMING,  # one wound ends the target's regeneration (§1.6)
    G_BURNING,  # impact slot: one hit per enemy model in contact ("Cuerpo ardiente")
    G_CHAIN,  # each wound before saves gives one more attack ("Asalto imparable")
    G_COLD,  # each natural 6 to hit adds a wound; its armour save needed (2..7), 0 = none
    G_RANDOM,  # 1: each fighter adds the unit's random-attacks roll (S_RA_DICE) this round
    G_STD_HIT,  # G_HIT once the bearer of S_BEAR_STD has fallen ("Estandarte del Oso")
    G_GRAB,  # "Garras mecánicas": a D6 at or above it fails the target's I test; 0 = none
    G_LANCE,  # 1: riders (and steeds) of the lance's flank files behind its fighting front
    #   rank fight too (Bretonia "Formación en lanza", on the charge)
    N_GROUP,
) = range(25)

RANK_AND_FILE, CHAMPION, MOUNT, IMPACT, CREW = range(5)

CHAIN_CAP = 150
"""Further attacks one strike of "Asalto imparable" makes at most (``G_CHAIN``,
:func:`odds.combat.blows.chain_attacks`): they are a negative binomial count (the attacks go on
until as many have failed to wound as the model had attacks), so with up to five attacks
and at most 0.85 a wound per attack (a 2+ to hit re-rolled, poisoned, 2+ to wound) the cap is
reached with a probability below 1e-6."""

LIFE_DRAIN_CAP = 60
"""Wounds a model with Condes Vampiro "Poder de la muerte" (``S_LIFE_DRAIN``) can reach: the
text sets no ceiling ("puede aumentar sus Heridas por encima de su valor inicial"); the engine
keeps its wound pool in one model of this many wounds (``S_W``) and gains no more beyond."""
N_GROUPS = 5
N_CONTACT = 4
"""Columns of ``CombatModel.contacts``: the two units and the face of each."""
GROUP_NAMES = ("rank_and_file", "champion", "mount", "impact", "crew")

CAT_IMPACT, CAT_ASF, CAT_CHARGER, CAT_INITIATIVE, CAT_ASL, CAT_MINDLESS = range(6)
FRONT, FLANK, REAR = range(3)
# STATUSES (odds.vocabulary): a unit's (or character's) state during and at the end of a
# combat, numbered below in the same order
FIGHTING, WIPED, CAUGHT, ESCAPED, WON, NO_COMBAT, FLEEING, PANICKED = range(8)
# FLEEING: broke (or panicked) this round; PANICKED: failed a panic test this round (§3.4)

(
    F_CORNER,
    F_MUSICIAN,
    F_INSANE,
    F_RESTRAIN,
    F_FLANK_BOTH,
    F_UNITS,
    F_ACTIVE,
    F_CHARGE_TESTS,  # psychology at the charge (§3.3): 1 = a test or a drunk roll is due
    F_CHARGER_LD,  # the charger's test of fear/terror of its target: Ld, 0 = no test
    F_TARGET_LD,  # the charged unit's fear/terror test: Ld, 0 = no test
    F_TARGET_TERROR,  # 1: the charger causes terror (failed: flee), 0: fear
    F_TARGET_SMALLER,  # 1: the charged unit's US is lower than the charger's (failed fear: flee)
    F_REACH,  # the charger's reach beyond the charged unit's start (2 M - gap), cm
    F_CHARGER,
    F_TARGET,
    F_EXPAND,  # the winner expands its frontage / laps round (§1.11)
    F_CHARGER_COLD,  # the charger's test is cold-blooded (3D6 without the highest die)
    F_TARGET_COLD,  # the charged unit's test is cold-blooded
    F_CHARGER_REROLL,  # the charger re-rolls a failed test (Imperio "Ejemplo de Sigmar")
    F_TARGET_REROLL,  # the charged unit re-rolls a failed test
    F_TARGET_PANIC_LD,  # the charged unit's panic test at the charge: Ld, 0 = no test
    F_TARGET_PANIC_COLD,  # that test is cold-blooded
    F_REACH_DICE,  # a random-moving charger's move dice (0: F_REACH is its fixed reach)
    F_REACH_TAIL,  # first of REACH_TAIL_SIZE counts (see charge_flags)
) = range(24)
REACH_TAIL_SIZE = 49
"""Entries of the random-move tail table in ``CombatModel.flags`` (sums 0..48 of 8D6)."""
F_PAIRS = F_REACH_TAIL + REACH_TAIL_SIZE
"""``flags[F_PAIRS]``: charge pairs tested at the charge in a multi-unit combat (0: none, or the
two-unit tests of ``F_CHARGE_TESTS``); their rows follow from :data:`F_PAIR`."""
F_PAIR = F_PAIRS + 1
"""First entry of the charge pairs' rows: pair ``k``'s ``PR_*`` at ``F_PAIR + N_PAIR k + PR_*``."""
(
    PR_CHARGER,  # the charging unit
    PR_TARGET,  # the unit it charged
    PR_CHARGER_LD,  # the charger's fear/terror test of its target: Ld, 0 = no test
    PR_CHARGER_COLD,  # that test is cold-blooded
    PR_CHARGER_REROLL,  # the charger re-rolls a failed test
    PR_TARGET_LD,  # the charged unit's fear/terror test of the charger: Ld, 0 = no test
    PR_TARGET_COLD,  # that test is cold-blooded
    PR_TARGET_REROLL,  # the charged unit re-rolls a failed test
    PR_TERROR,  # 1: the charger causes terror (failed: flee), 0: fear
    PR_SMALLER,  # 1: the charged unit's US is lower than the charger's (failed fear: flee)
    PR_PANIC_LD,  # the charged unit's panic test at the charge ("Carga gloriosa"): Ld, 0 none
    PR_PANIC_COLD,  # that test is cold-blooded
    PR_REACH,  # the charger's reach beyond the charged unit's start, cm (F_REACH)
    PR_REACH_DICE,  # a random-moving charger's move dice (the tail at F_REACH_TAIL)
    N_PAIR,
) = range(15)
"""Columns of a charge pair's row in ``CombatModel.flags`` (see :data:`F_PAIR`)."""
MAX_PAIRS = 12
"""Most charge pairs a multi-unit combat's flags hold."""
N_FLAGS = F_PAIR + N_PAIR * MAX_PAIRS
"""Indices of ``CombatModel.flags``."""

# ------------------------------------------------------------------ the kernel's scratch arrays
# (odds.combat.kernel.fight_once: one trial's working state, refilled every trial)
(
    B_WOUNDS,  # wounds left (a unit's rank and file, pooled; a character's own)
    B_FRENZIED,  # frenzied now (lost on losing a round, §1.6)
    B_STATUS,  # FIGHTING, WIPED, ... (STATUSES, then FLEEING, PANICKED during a round)
    B_REGEN_WOUNDS,  # wounds taken this phase that regeneration may heal (§1.6)
    B_RANKS_CANCELLED,  # an enemy of unit strength >= 5 on its flank or rear (§2.2)
    B_FLEE,  # its flee roll, in cm, once it broke
    B_REFUSED,  # a character that refused a challenge this round (lends no Ld, does not fight)
    B_CHAMP_CONTACT,  # the contact its champion fights through this round, -1 none
    B_FRONT_CHARS,  # its characters in the front rank at the start of the round
    B_NO_REGEN,  # no regeneration any more: a flaming wound struck it
    B_SIXES,  # bit u set: hits unit u only on 6s in the first round (failed fear test, §3.3)
    B_PANIC,  # 1 fighting at the start of the round, 2 panic-tested this phase (§3.4)
    B_FRONTAGE,  # files now (§1.11)
    B_LAPPING,  # models lapping round the enemy's flanks (§1.11)
    B_RANDOM_A,  # its random-attacks roll this round (S_RA_DICE)
    B_DRUNK_ROLL,  # the drunk roll made at the charge, for the first round (S_DRUNK)
    B_GRAB_TESTED,  # its "Garras mecánicas" I test taken this round (G_GRAB)
    B_STD_LOST,  # standard and musician gone for good (its rank and file all fell, S_RECRUIT)
    B_LEADER_FELL,  # its leader fell in an earlier phase ("No Muertos", "Capitán")
    B_RANKS_NOW,  # its own rank bonus at the start of the round, 0 if cancelled (S_NUMBERS)
    B_HUNT,  # own turns still to start before its fear of S_FEAR 3 ends ("La cacería salvaje")
    N_BODY,
) = range(22)
"""Columns of ``state[body, B_*]``: one row per body, so that a body's values sit together."""

A_ATTACKS, A_ON_CHAR, A_CHAR, N_ALLOC = range(4)
"""Rows of ``alloc[A_*, group of the step, contact]``: a striking group's attacks through the
contact, how many of them go at an enemy character, and that character (-1 none)."""

(
    T_TOUCH_A,  # models of the contact's unit A touching the enemy (T_TOUCH_A + d: end d)
    T_TOUCH_B,
    T_LINE_A,  # the two facing lines' lengths, mm, they were measured from
    T_LINE_B,
    T_MODELS_A,  # the two units' model counts they were measured from
    T_MODELS_B,
    T_FILES_A,  # the two units' frontages they were measured from
    T_FILES_B,
    N_TOUCH,
) = range(9)
"""Columns of ``touch[contact, T_*]``: the models in contact each way, cached with what they
were measured from (:func:`odds.combat.fighters.round_start`)."""

(
    P_FRONT_A,  # rank-and-file fighters in base contact at the start of the round (+ d)
    P_FRONT_B,
    P_SUPPORT_A,  # supporting fighters (fight in ranks) at the start of the round
    P_SUPPORT_B,
    P_FRONT_LOST_A,  # casualties taken from the front fighters since
    P_FRONT_LOST_B,
    P_SUPPORT_LOST_A,  # casualties taken from the supporting fighters since
    P_SUPPORT_LOST_B,
    P_MOUNTS_A,  # steeds or impact-hitting models in contact
    P_MOUNTS_B,
    N_POOL,
) = range(11)
"""Columns of ``pool[contact, P_*]``, each way (``P_*_A + d``: the contact's end ``d``): the
fighters of the start of the round and the casualties taken from them since (§1.2)."""

CT_A, CT_B, CT_FACE_A, CT_FACE_B = range(N_CONTACT)
"""Columns of ``contacts[c, CT_*]``: unit A, unit B, the face of A, the face of B
(``CT_A + d``, ``CT_FACE_A + d``: the contact's end ``d``; ``CT_B - d``, ``CT_FACE_B - d``:
the other end)."""

STEP_LO, STEP_MID, STEP_HI = range(3)
"""Columns of ``steps[kind, step, STEP_*]`` (``CombatModel.strike_steps``): the step's side-0
groups are strikers ``lo .. mid - 1``, its side-1 groups ``mid .. hi - 1``."""
STRIKER_BODY, STRIKER_GROUP = range(2)
"""Columns of ``strikers[kind, q, STRIKER_*]``: the striking body and its attack group."""

(
    CH_ISSUED,
    CH_REFUSED,
    CH_CHALLENGER_WON,
    CH_CHALLENGED_WON,
    CH_OVERKILL,
    CH_ISSUED_R1,
    CH_CHALLENGED_SLAIN_R1,
    CH_CHALLENGER_SLAIN_R1,
    CH_END_ROUND,
    CH_OVERKILL_DECIDED,
    N_CHAL,
) = range(11)
CHALLENGE_STATS = ("issued", "refused", "challenger_won", "challenged_won", "overkill",
                   "issued_r1", "challenged_slain_r1", "challenger_slain_r1", "end_round",
                   "overkill_decided")
"""Entries of a trial's challenge record ``chal[CH_*]`` (summed per chunk)."""

TM_WOUNDS, TM_RANKS, TM_OUTNUMBER, TM_STANDARD, TM_FLANK, TM_REAR, TM_BONUS, TM_OVERKILL = range(8)
TERMS = ("wounds", "ranks", "outnumber", "standard", "flank", "rear", "bonus", "overkill")
"""Columns of ``terms[side, TM_*]``: the first round's combat-result terms (§2.2)."""

RES_WON0, RES_DRAW, RES_WON1 = range(3)
"""Columns of ``res[round, RES_*]``: the round won by side 0, drawn, won by side 1."""
SIDE_WON, SIDE_LOST, SIDE_DESTROYED = range(3)
"""Columns of ``out_side[chunk, side, SIDE_*]``."""

ST_ROUNDS, ST_WOUNDS0_R1, ST_WOUNDS1_R1, ST_MARGIN_R1, ST_STATUS = range(5)
ST_PER_BODY = 2
ST_SURVIVORS, ST_LOST, ST_DESTROYED, ST_SPARE = 4, 4, 6, 8
ST_CHARGE_REFUSED, ST_CHARGE_FLED, ST_CHARGE_SIXES, ST_FIXED = 9, 10, 11, 12
CU_REFUSED, CU_FLED, CU_SIXES, ST_PER_UNIT_CHARGE = range(4)
"""Entries of a trial's ``stats[ST_FIXED + ST_PER_BODY * bodies]``: rounds fought, the
first round's wounds by side 0 and 1 and its margin; then per body
``b`` its status (``ST_STATUS + b``) and models left (``ST_SURVIVORS + bodies + b``); then,
after the ``ST_PER_BODY * bodies`` per-body entries, per side whether it lost
(``ST_LOST + side``) and was destroyed (``ST_DESTROYED + side``), one unused entry
(``ST_SPARE``), and the three psychology-at-the-charge counts (§3.3; ``ST_CHARGE_REFUSED +
k``: any unit refused, fled, held on 6s); then ``ST_PER_UNIT_CHARGE`` entries per body ``b``
(``ST_FIXED + ST_PER_BODY * bodies + ST_PER_UNIT_CHARGE b + k``): the same three for that unit
(``CU_REFUSED``: a charger that refused; ``CU_FLED``, ``CU_SIXES``: a charged unit that fled,
or held hitting only on 6s)."""

# ------------------------------------------------------------------ the kernels' argument bundles
ModelArrays = namedtuple("ModelArrays", "sides groups strikers steps n_steps flags contacts ranks "
                                        "side_bonus")
"""A ``CombatModel``'s arrays as the kernel reads them (``steps`` and ``n_steps``: its
``strike_steps``, ``ranks``: its rank-bonus table)."""
Scratch = namedtuple("Scratch", "state alloc touch pool scored stats chal")
"""One chunk's scratch arrays: ``state[body, B_*]``, ``alloc[A_*, step group, contact]``,
``touch[contact, T_*]``, ``pool[contact, P_*]``, ``scored[side]`` (the round's wounds),
``stats[ST_*]`` and ``chal[CH_*]`` (the trial's record)."""
Tallies = namedtuple("Tallies", "status side rounds round_res breaks w1 margin surv terms chal "
                                "chal_end charge rows")
"""The kernels' outputs, one row per chunk (``rows``: one row per trial); see
:func:`odds.combat.kernel.run_chunk`."""
