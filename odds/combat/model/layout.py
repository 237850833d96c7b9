"""The kernel's array layouts: the columns and sizes of a ``CombatModel``'s arrays.

``S_*`` columns of ``sides`` (per-unit constants), ``G_*`` columns of ``groups`` (attack
groups: to hit, to wound, saves, RULES.md §1.2-§1.7): the core columns are written here, a
special rule's own columns in its spec (:attr:`odds.special_rules.spec.RuleSpec.columns`),
numbered after them into the generated :mod:`odds.combat.model.rule_columns` and re-exported
here (``python -m odds.special_rules`` writes it; ``docs/adding-a-rule.md``).  ``F_*``
entries of ``flags`` (rule options, psychology at the charge, §3.3), the attack-group kinds,
strike categories (§1.2), faces (§1.1), statuses and caps.  The numba kernels import these
as plain module-level integers (through :mod:`odds.combat.model`) and freeze them into their
machine code (:func:`odds._jit.package_stamp`).  The arrays themselves are described in
:mod:`odds.combat.model`.
"""

from __future__ import annotations

from collections import namedtuple

from odds.vocabulary import ALLOCATIONS as ALLOCATIONS  # re-exported: the kernel's order
from odds.vocabulary import CHALLENGE_POLICIES as CHALLENGE_POLICIES
from odds.vocabulary import FACES as FACES
from odds.vocabulary import STATUSES as STATUSES

# --------------------------------------------------------------------------- side constants
# The core columns only: a special rule's own columns go in its spec's ``columns``, then
# ``python -m odds.special_rules`` (docs/adding-a-rule.md).  range(k) counts the names.
(
    S_HP,  # starting wounds (models * W)
    S_W,
    S_FILES,
    S_BASE,
    S_US,  # unit strength per model
    S_LD,
    S_FLEE_DICE,
    S_STANDARD,
    S_MUSICIAN,
    S_CHAMPION,
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
    S_IS_CHAMPION,  # a unit's champion promoted to a body of its own, or a relic member
    # (attacked only once no rank and file is left)
    S_CHAMP_BODY,  # for a unit: its promoted champion's body, -1 = none
    S_HOSTED_LO,  # for a unit: its characters (then its champion) are bodies LO .. HI - 1
    S_HOSTED_HI,
    S_PANIC_IGNORE,  # bit x set: unit x of the same side breaking causes this one no panic
    S_ELF,  # the unit's models are elves (race tag "elf")
    S_RANK_MAX,  # the highest rank bonus the unit may claim: 3, a herd 2
    S_PURSUE_DICE,  # D6 rolled to pursue: the flee dice, 8 with "Ansia de sangre"
    S_FLIGHT_IGNORE,  # bit x set: unit x of the same side fleeing causes this one no panic
    S_MAY_FEAR,  # some enemy body could ever cause this unit fear (S_FEAR, or S_ELF to one
    #   with S_FEARS_ELVES): 0 spares its break tests the fear count (§3.2 step 3)
    N_CORE_SIDE,
) = range(39)

# --------------------------------------------------------------------------- group constants
# The core columns only, as for the side constants.
(
    G_ACTIVE,
    G_ATTACKS,  # attacks per fighting model (impact: fixed part of the dice)
    G_KEY,
    G_HIT,  # needed roll, 0 = automatic, 7 = impossible
    G_REROLL,  # re-roll missed hits
    G_POISON,  # natural to-hit roll that wounds automatically, 7 = none
    G_WOUND,  # needed roll, 7 = impossible
    G_SAVE,  # needed roll after modifiers, 7 = none
    G_WARD,  # 7 = none
    G_MW,  # multiple wounds: 0 none, 1 x2, 2 D3, 3 D6; flaming on flammable 4 2D3, 5 2D6, 6 x4
    G_RANKS,  # ranks fighting to the front (2 for infantry spears not charging)
    G_PER_MODEL,  # fighters per model (crew, steeds)
    G_IMPACT_DICE,  # impact: number of D6 (or D3 if G_IMPACT_SIDES == 3)
    G_IMPACT_SIDES,
    N_CORE_GROUP,
) = range(15)

# ------------------------------------------------- the special rules' own columns (generated)
# S_* and G_* columns numbered N_CORE_SIDE, N_CORE_GROUP, ... in registry order, and the
# totals N_SIDE, N_GROUP: written by ``python -m odds.special_rules`` from the specs' columns
# (odds.special_rules.columns); a rule's column is declared in its spec, not here
from odds.combat.model.rule_columns import *  # noqa: E402, F403

RANK_AND_FILE, CHAMPION, MOUNT, IMPACT, CREW = range(5)

N_KINDS = 3
"""Round kinds of the attack groups and strike steps: 0 the first round of a combat, 1 its
even rounds (the second, fourth...), 2 its odd rounds after the first (the third, fifth...).
Kinds 1 and 2 differ only for a rule that alternates round by round (Elfos Silvanos "Danzas
de Loec"); the kernel takes round ``rnd`` (0-based) as kind
:func:`odds.combat.fighters.round_kind`."""

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
F_GIANT_HITS = F_PAIR + N_PAIR * MAX_PAIRS
"""``flags[F_GIANT_HITS]``: 1 when a fallen giant's template hits the enemy in contact
(``CombatOptions.giant_fall_hits`` "default"), 0 never ("never")."""
N_FLAGS = F_GIANT_HITS + 1
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
    # giants family (S_GIANT, S_GIANT_FALLS)
    B_JUMPING,  # a giant jumping up and down: it jumps again next round
    B_STUCK,  # a giant's club stuck: 2 set this round, 1 no attack this round, 0 free
    B_DOWN,  # a giant on the ground: no attacks; destroyed if it must flee
    B_SHOUT,  # a giant shouted this round: its side wins the round by 2
    B_HUSHED,  # a character that strikes no blow this round (shouted at, headbutted)
    B_TONGUED,  # 1 + the body whose tongue hit it this round: -1 to hit that body (S_TONGUE)
    B_MELTED,  # its ice weapons were hit by a flaming attack: normal weapons now (S_ICE)
    B_SONG,  # "Canto de la Sirena" on it: 2 sung this turn, 1 kept this turn (a failed test),
    #   0 none (empire family)
    B_HUNT,  # own turns still to start before its fear of S_FEAR 3 ends ("La cacería salvaje")
    B_GEM,  # its "Gema de Lustria" re-roll made this round (S_GEM)
    B_HEAD,  # "Dos cabezas": 1 while the Ettin's other head is dominant, 0 its starting one
    B_FUMES,  # its unsaved wounds of the censers' T tests this round (S_CENSER)
    N_BODY,
) = range(33)
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
