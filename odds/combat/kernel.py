"""The close-combat kernel: units fight round after round (``RULES.md`` §8A).

Pure numba: integer arrays from :mod:`odds.combat.model` in, per-chunk counts out, bundled
in three named tuples (:class:`~odds.combat.model.layout.ModelArrays`,
:class:`~odds.combat.model.layout.Scratch`, :class:`~odds.combat.model.layout.Tallies`).
One trial is one whole combat (:func:`fight_once`), each step below a function of its own
(the strike steps in :mod:`odds.combat.strike_steps`):

0. (two-unit combats) psychology at the charge: the charger's fear/terror
   test of its target, then the charged unit's (§3.3);
1. start of the round: stupidity tests on the owner's turn (§1.10), the
   fighters of each unit through each contact (§1.2); strike steps in order
   (impact hits, always-strikes-first, chargers, Initiative, strikes-last,
   mindless; equal keys on both sides: last round's winner first, else a
   roll-off); a step's casualties are removed before the next step and take
   away the struck unit's fighters that have not struck yet;
2. regeneration at the end of the phase;
3. combat result per side: wounds + ranks of the deepest unit not cancelled
   (measured at the start of the round) + outnumber + one standard + flank /
   rear + high ground + static bonuses, musician tie-break;
4. every unit of the losing side: frenzy lost, then unbreakable / unstable /
   fear auto-break / 2D6 break test (stubborn, General, battle standard
   re-roll, optional insane courage);
5. panic tests of the side's other units when a unit broke or was destroyed
   (§3.4); broken units flee; a winning unit whose enemies in contact have
   all gone pursues the biggest fleeing one (caught if pursuit >= flee) and
   leaves the combat; winners expand their frontage or lap round (§1.11).
   The combat ends when one side has no unit left fighting.

Unit statuses at the end: see :data:`STATUSES`; two-unit outcomes:
:data:`OUTCOMES`.

Three kernels run this code, each with its compile-time constant ``variant``
(:mod:`odds.combat.variants`): :func:`fight_chunk` any combat; :func:`fight_chunk_core`
a combat of any shape whose units carry none of the rules a plain pair leaves out
(:func:`odds.combat.model.core_rules`), their code compiled out; and
:func:`fight_chunk_plain` the plain pairs of :func:`odds.combat.model.plain_pair` (two
units, one contact, no characters, none of those rules), where the counts fold into
constants too (and the break test is inlined: :data:`_break_test`; the panic tests of
step 5 are left out: each side of a plain pair is one unit, so no friend is there to
test, and the general kernel rolls no die for them either).
:func:`odds.combat.api.simulate` chooses.
"""

from __future__ import annotations

from odds import special_rules
from odds._faces import faces_in
from odds._jit import inline, inlined, lean
from odds._shapes import fixed_shape
from odds.combat.blows import count_ge, models_left, roll_random_attacks, sum_faces
from odds.combat.explosions import gas_explosions
from odds.combat.fighters import (
    chars_alive,
    end_of,
    expand,
    front_occupants,
    issue_challenges,
    lords_fall,
    round_kind,
    round_start,
    slippery_redress,
    start_fighters,
)
from odds.combat.giants import (
    death_fall,
    down_flee,
    fall_on_losing,
    giants_round_start,
    shout_margin,
)
from odds.combat.model import PLAIN_ABSENT, layout
from odds.combat.model.layout import (
    B_CHAMP_CONTACT,
    B_DOWN,
    B_DRUNK_ROLL,
    B_FLEE,
    B_FRENZIED,
    B_FRONT_CHARS,
    B_FRONTAGE,
    B_HEAD,
    B_HUNT,
    B_HUSHED,
    B_JUMPING,
    B_LAPPING,
    B_LEADER_FELL,
    B_MELTED,
    B_NO_REGEN,
    B_PANIC,
    B_REFUSED,
    B_REGEN_WOUNDS,
    B_SHOUT,
    B_SIXES,
    B_SONG,
    B_STATUS,
    B_STD_LOST,
    B_STUCK,
    B_WOUNDS,
    CH_CHALLENGED_SLAIN_R1,
    CH_CHALLENGED_WON,
    CH_CHALLENGER_SLAIN_R1,
    CH_CHALLENGER_WON,
    CH_END_ROUND,
    CH_OVERKILL_DECIDED,
    CT_FACE_A,
    F_ACTIVE,
    F_CHARGE_TESTS,
    F_CHARGER,
    F_CORNER,
    F_EXPAND,
    F_FLANK_BOTH,
    F_INSANE,
    F_MUSICIAN,
    F_PAIRS,
    F_RESTRAIN,
    F_UNITS,
    FIGHTING,
    FLEEING,
    FRONT,
    N_ALLOC,
    N_BODY,
    N_CHAL,
    N_CONTACT,
    N_FLAGS,
    N_GROUP,
    N_GROUPS,
    N_KINDS,
    N_POOL,
    N_SIDE,
    N_TOUCH,
    P_FRONT_A,
    P_MOUNTS_A,
    P_SUPPORT_A,
    PANICKED,
    RES_DRAW,
    RES_WON0,
    RES_WON1,
    S_CHAMPION,
    S_CHARGED,
    S_DRUNK,
    S_FEAR,
    S_FILES,
    S_FLEE_BY_CHOICE,
    S_FLEE_DICE,
    S_FLEE_MINUS,
    S_FLEE_PLUS,
    S_FRENZY,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_HP,
    S_INDEPENDENT,
    S_REGEN,
    S_SIDE,
    S_SLIPPERY,
    S_STUPID,
    S_UNBREAKABLE,
    S_W,
    SIDE_DESTROYED,
    SIDE_LOST,
    SIDE_WON,
    ST_CHARGE_REFUSED,
    ST_DESTROYED,
    ST_FIXED,
    ST_LOST,
    ST_MARGIN_R1,
    ST_PER_BODY,
    ST_PER_UNIT_CHARGE,
    ST_ROUNDS,
    ST_SPARE,
    ST_STATUS,
    ST_SURVIVORS,
    ST_WOUNDS0_R1,
    ST_WOUNDS1_R1,
    T_TOUCH_A,
    TM_BONUS,
    TM_FLANK,
    TM_OUTNUMBER,
    TM_OVERKILL,
    TM_RANKS,
    TM_REAR,
    TM_STANDARD,
    TM_WOUNDS,
    WIPED,
    WON,
    ModelArrays,
    Scratch,
)
from odds.combat.model.layout import CHALLENGE_STATS as CHALLENGE_STATS
from odds.combat.model.layout import TERMS as TERMS
from odds.combat.psychology import (
    break_test,
    captains_fall,
    charge_pair_tests,
    charge_tests,
    mutations,
    own_turn_start,
    panic_from,
    petrify,
    song_ends,
    spit_filth,
    stupidity,
    swap_heads,
)
from odds.combat.resolution import end_stats, horn_round, leave_and_pursue, settle, side_totals
from odds.combat.strike_steps import strike_steps
from odds.combat.variants import CORE, GENERAL, PLAIN, all_rules, pair
from odds.rng import fill_d6

OUTCOMES = (
    "attacker_wiped",
    "attacker_caught",
    "attacker_escaped",
    "defender_wiped",
    "defender_caught",
    "defender_escaped",
    "unresolved",
    "no_combat",
)


RARE_CAPTAINS, RARE_TURN, RARE_HORNS, RARE_RANDOM, RARE_REGEN = 1, 2, 4, 8, 16
RARE_CROWDED = 32  # RARE_CROWDED << s: side s has two units or more
RARE_GIANT = 128  # a giant's table or falls (odds.combat.giants)
RARE_GAS = 256  # a unit that explodes when slain (odds.combat.explosions)
"""Bits of :func:`rare_rules`."""

RARE_UNIT_COLUMNS = special_rules.rare_columns(layout, {
    "RARE_CAPTAINS": RARE_CAPTAINS, "RARE_TURN": RARE_TURN, "RARE_HORNS": RARE_HORNS,
    "RARE_RANDOM": RARE_RANDOM, "RARE_GIANT": RARE_GIANT, "RARE_GAS": RARE_GAS})
"""``(sides column, bits)``: a unit with the column above 0 sets the bits (the specs' ``rare``,
:func:`odds.special_rules.rare_columns`)."""


def _core_rare() -> int:
    """:data:`CORE_RARE`: every bit but those only columns of :data:`PLAIN_ABSENT` set."""
    absent = kept = 0
    for column, bits in RARE_UNIT_COLUMNS:
        if column in PLAIN_ABSENT:
            absent |= bits
        else:
            kept |= bits
    return ~(absent & ~kept)


CORE_RARE = _core_rare()
"""The bits :func:`rare_rules` may set in :func:`fight_chunk_core`: all but those only the
rules a plain pair leaves out set."""

_break_test = inlined(break_test)
"""The break test, inlined into the plain-pair kernel; the core and general kernels call it.

Inlined there because it runs on nearly every plain trial; inlining more of what a plain
trial calls, or the break test in the general kernel too, measured slower
(``benchmarks/placement.py``, see benchmarks/README.md and its history).
"""


@inline
def rare_rules(nr, sides):
    """Which rare rules a unit of the combat has, as bits, worked out once per chunk.

    The bits of the rules whose spec names them (:data:`RARE_UNIT_COLUMNS`):
    ``RARE_CAPTAINS``: "No Muertos", "Capitán" (``S_CAPTAIN``); ``RARE_TURN``: a
    rule at the start of its owner's turn ("Cuerpo ardiente", "Lamento de la
    doncella", or a captain's test; :func:`odds.combat.psychology.own_turn_start`);
    ``RARE_HORNS``: "Cuerno del Dragón" (:func:`odds.combat.resolution.horn_round`);
    ``RARE_GAS``: "Explosión de gases" (:func:`odds.combat.explosions.gas_explosions`).
    A plain pair has none of them (:data:`odds.combat.model.PLAIN_ABSENT` lists their
    columns with the others :func:`fight_chunk_plain` leaves out): it passes 0.

    And what a trial of the general kernel can skip when no body needs it:
    ``RARE_RANDOM``, a unit with random attacks (``S_RA_DICE``); ``RARE_REGEN``, a body
    that regenerates (``S_REGEN``); ``RARE_CROWDED << s``, side ``s`` has two units or
    more, so a unit of it that breaks or dies has friends to panic (§3.4).
    """
    rare = 0
    units0 = 0
    units1 = 0
    for b in range(sides.shape[0]):
        if sides[b, S_REGEN] <= 6:
            rare |= RARE_REGEN
    for u in range(nr):
        if sides[u, S_SIDE] == 0:
            units0 += 1
        else:
            units1 += 1
        for column, bits in RARE_UNIT_COLUMNS:
            if sides[u, column] > 0:
                rare |= bits
    if units0 >= 2:
        rare |= RARE_CROWDED
    if units1 >= 2:
        rare |= RARE_CROWDED << 1
    return rare




@inline
def n_units(model, variant):
    """The combat's units (bodies after them are characters): 2 in a plain pair."""
    return 2 if pair(variant) else model.flags[F_UNITS]


@inline
def n_bodies(model, variant):
    """The combat's bodies, units then characters: 2 in a plain pair."""
    return 2 if pair(variant) else model.sides.shape[0]


@inline  # into fight_chunk, by LLVM: no call per trial
def fight_once(buf, st, p, budget, max_rounds, model, scratch, res, brk, terms, rare, variant):
    """One whole combat, round after round as ``RULES.md`` §8 A; returns the dice position ``p``.

    Bodies ``0 .. nr - 1`` are units, the rest characters standing in the front rank of
    unit ``sides[b, S_HOST]``.  Before each round the buffer is topped up to ``budget``
    faces, an upper bound of what one round can use (:func:`odds.combat.model.dice_budget`).
    ``model`` and ``scratch``: :class:`~odds.combat.model.layout.ModelArrays` and
    :class:`~odds.combat.model.layout.Scratch`, their columns named in
    :mod:`odds.combat.model.layout`.  Fills ``stats`` (``ST_*``) and ``chal`` (``CH_*``),
    adds the trial's round results to ``res[round, RES_*]``, its breaks to ``brk[round,
    unit]`` and its first-round combat-result terms to ``terms[side, TM_*]``.  ``rare``:
    the rare rules some unit of the combat has (:func:`rare_rules`); ``variant``, the
    calling kernel's constant (:mod:`odds.combat.variants`): the code of what its models
    never have is left out (:func:`fight_chunk_core`, :func:`fight_chunk_plain`).
    """
    nr = n_units(model, variant)
    state = scratch.state
    p, max_r, chg = charge(buf, st, p, max_rounds, model, scratch, variant)
    duel_a = -1
    duel_b = -1
    prev_winner = -1
    rounds = 0
    for rnd in range(max_r):
        if p + budget > buf.size:  # top up (rng.ensure, written out: no call per round)
            fill_d6(buf, st)
            p = 0
        rounds = rnd + 1
        p, over, duel_a, duel_b = start_of_round(buf, p, rnd, prev_winner, duel_a, duel_b,
                                                 model, scratch, rare, variant)
        if over:
            rounds = rnd
            break
        p, ranks0, ranks1 = who_fights(buf, p, rnd, model, scratch, rare, variant)
        p, ok0, ok1 = strike_steps(buf, p, rnd, prev_winner, chg, duel_a, duel_b, model,
                                   scratch, variant)
        p = end_of_phase(buf, p, model, scratch, rare, variant)
        if duel_a >= 0:
            duel_a, duel_b = challenge_ends(rnd, duel_a, duel_b, state, scratch.chal)
        p, margin, us0, us1, mus0, mus1, gen0, gen1, bsb0, bsb1 = combat_result(
            buf, p, rnd, ranks0, ranks1, ok0, ok1, model, scratch, terms, rare, variant)
        if us0 <= 0 or us1 <= 0:  # a side has no unit left fighting
            combat_over(rnd, us0 > 0, us1 > 0, nr, state, res)
            break
        w, diff = decide(rnd, margin, mus0, mus1, model.flags, res)
        prev_winner = w
        if w < 0 and model.flags[F_EXPAND]:
            slippery_redress(nr, model.sides, state, model.contacts)  # "Escurridizos"
        if w < 0 and not rare & RARE_CAPTAINS:
            continue
        if w >= 0:  # a decisive round
            if rare & RARE_GIANT:  # "Caídas": the losing giants' fall tests
                p = fall_on_losing(buf, p, w, model, scratch)
            p = break_tests(buf, p, rnd, w, diff, gen0, gen1, bsb0, bsb1, model, scratch, brk,
                            variant)
            p = panic_tests(buf, p, gen0, gen1, model, scratch, rare, variant)
            if rare & RARE_GIANT:  # "Caídas": a giant on the ground that must flee is destroyed
                down_flee(nr, model.sides, state)
            p = flee_pursue_redress(buf, p, w, model, scratch, variant)
        if rare & RARE_CAPTAINS:  # "No Muertos", "Capitán": the end of the phase it fell in
            p = captains_fall(buf, p, nr, model.sides, state)
        if settle(nr, model.sides, state):
            break
        if duel_a >= 0 and (state[model.sides[duel_a, S_HOST], B_STATUS] != FIGHTING
                            or state[model.sides[duel_b, S_HOST], B_STATUS] != FIGHTING):
            duel_a = -1
            duel_b = -1
    scratch.stats[ST_ROUNDS] = rounds
    end_stats(nr, model.sides, state, scratch.stats)
    return p


@inline
def charge(buf, st, p, max_rounds, model, scratch, variant):
    """Each body's state at the charge, then psychology at the charge (§3.3).

    The charger tests fear/terror of its target first (failed: no combat); then the
    charged unit tests fear/terror of the charger: terror failed, or fear failed with a
    lower unit strength, it flees (caught if the charge reaches it); fear failed
    otherwise, it holds and hits only on 6s in the first round.  In a multi-unit combat
    the same per charge pair (:func:`~odds.combat.psychology.charge_pair_tests`; not in a
    plain pair).  Returns ``(p, rounds at most, the two-unit charger or -2)``.
    """
    sides = model.sides
    state = scratch.state
    nr = n_units(model, variant)
    nb = n_bodies(model, variant)
    has_chars = False if pair(variant) else nb > nr
    for u in range(nb):
        state[u, B_WOUNDS] = sides[u, S_HP]
        state[u, B_FRENZIED] = sides[u, S_FRENZY]
        state[u, B_STATUS] = FIGHTING
        state[u, B_REFUSED] = 0
        state[u, B_NO_REGEN] = 0
        state[u, B_SIXES] = 0
        state[u, B_FRONTAGE] = sides[u, S_FILES]
        state[u, B_LAPPING] = 0
        state[u, B_DRUNK_ROLL] = 0
        state[u, B_STD_LOST] = 0
        state[u, B_LEADER_FELL] = 0
        state[u, B_JUMPING] = 0  # giants family: the giants' state (odds.combat.giants)
        state[u, B_STUCK] = 0
        state[u, B_DOWN] = 0
        state[u, B_SHOUT] = 0
        state[u, B_HUSHED] = 0
        state[u, B_MELTED] = 0  # "Armas de hielo": not melted yet
        state[u, B_HEAD] = 0  # "Dos cabezas": the starting head dominant
        state[u, B_SONG] = 0
        state[u, B_HUNT] = 2 if sides[u, S_FEAR] == 3 else 0  # "La cacería salvaje"
    chg = -2
    max_r = max_rounds
    if model.flags[F_CHARGE_TESTS]:
        chg = model.flags[F_CHARGER]
        fought, p = charge_tests(buf, st, p, model.flags, sides, state, scratch.stats,
                                 max_rounds)
        if not fought:
            max_r = 0
    elif not pair(variant) and model.flags[F_PAIRS] > 0:
        fought, p = charge_pair_tests(buf, st, p, model.flags, sides, state, scratch.stats,
                                      max_rounds, model.contacts)
        if not fought:
            max_r = 0
    if has_chars:
        for k in range(scratch.chal.size):
            scratch.chal[k] = 0
    return p, max_r, chg


@inline
def start_of_round(buf, p, rnd, prev_winner, duel_a, duel_b, model, scratch, rare, variant):
    """What happens before the blows; returns ``(p, over, duel_a, duel_b)``.

    Random attacks (gst "Ataques aleatorios", §1.6), the rules of the start of the owner's
    turn ("Cuerpo ardiente", "Lamento de la doncella", "No Muertos" "Capitán", the Cañón
    infernal's "Escupir inmundicia": the combat ends if a side has no unit left), the
    "Cuerno del Dragón" (``over``: the combat ends before this round), then challenges
    (§1.9): one at a time, the active player first, then the other.
    """
    sides = model.sides
    state = scratch.state
    nr = n_units(model, variant)
    nb = n_bodies(model, variant)
    has_chars = False if pair(variant) else nb > nr
    if all_rules(variant) and rare & RARE_RANDOM:
        p = roll_random_attacks(buf, p, nr, sides, state)
    active0 = model.flags[F_ACTIVE]
    active = active0 if rnd % 2 == 0 else 1 - active0
    if rare & RARE_TURN:
        if rnd > 0:
            # Reinos del Caos "Dos cabezas": the wounded Ettins' tests at the turn's end
            p = swap_heads(buf, p, nr, sides, state)
            # empire family: "Canto de la Sirena" ends with the turn before
            p = song_ends(buf, p, nr, sides, state)
        p = own_turn_start(buf, p, nr, active, sides, state, model.contacts)
        if all_rules(variant):  # "Escupir inmundicia": the Cañón infernal's shooting phase
            p, fled = spit_filth(buf, p, rnd, active, model, scratch)
            if fled:
                if prev_winner == active:  # who flees is pursued as from a panic
                    p = leave_and_pursue(buf, p, nr, sides, state, model.contacts,
                                         model.flags[F_RESTRAIN])
                if settle(nr, sides, state):
                    return p, True, duel_a, duel_b
    if rare & RARE_GIANT:  # the giants' weapons stuck, falls, shouts (odds.combat.giants)
        giants_round_start(active, nb, sides, state)
    if has_chars:
        for b in range(nr, nb):  # only characters refuse (fighters.issue_challenges)
            state[b, B_REFUSED] = 0
    if rare & RARE_HORNS:  # Regimientos de Renombre "Cuerno del Dragón"
        p, over = horn_round(buf, p, rnd, nr, sides, state, model.contacts, prev_winner,
                             model.flags[F_RESTRAIN])
        if over:
            return p, True, duel_a, duel_b
    if duel_a < 0 and has_chars:
        duel_a, duel_b = issue_challenges(rnd, active, nr, sides, state, model.contacts,
                                          scratch.chal)
    return p, False, duel_a, duel_b


@inline
def who_fights(buf, p, rnd, model, scratch, rare, variant):
    """Who can fight this round, through each contact (§1.2); returns ``(p, ranks0, ranks1)``.

    The models in contact and the ranks of each side (:func:`round_start`), counted again
    after a "Mutación incontrolable" of the side whose turn it is slew models
    (:func:`~odds.combat.psychology.mutations`, its magic phase) or its "Petrificar" wounded
    some (:func:`~odds.combat.psychology.petrify`, its shooting phase); each unit's
    fighters of the start of the round (:func:`start_fighters`), its champion through the
    unit's first front contact with models touching.  Stupidity (§1.10), tested at the
    start of each of its own turns: failed, only half its models fight this turn.
    """
    sides = model.sides
    contacts = model.contacts
    state = scratch.state
    nr = n_units(model, variant)
    nb = n_bodies(model, variant)
    nc = 1 if pair(variant) else model.contacts.shape[0]
    has_chars = False if pair(variant) else nb > nr
    kind = round_kind(rnd)
    ranks0, ranks1 = round_start(nr, nb, has_chars, model.flags[F_CORNER], sides, state,
                                 contacts, model.ranks, scratch.touch)
    active0 = model.flags[F_ACTIVE]
    active = active0 if rnd % 2 == 0 else 1 - active0
    if all_rules(variant) and rare & RARE_TURN:  # Reinos del Caos "Magia de Tzeentch"
        slain, p = mutations(buf, p, nr, active, sides, state, contacts, scratch.touch)
        lost, p = petrify(buf, p, nr, active, sides, state, contacts)  # gst "Petrificar"
        if slain > 0 or lost > 0:
            ranks0, ranks1 = round_start(nr, nb, has_chars, model.flags[F_CORNER], sides,
                                         state, contacts, model.ranks, scratch.touch)
    for u in range(nr):
        state[u, B_CHAMP_CONTACT] = -1
        chars = front_occupants(u, sides, state) if has_chars else 0
        state[u, B_FRONT_CHARS] = chars
        champ = 1 if (sides[u, S_CHAMPION] != 0 and state[u, B_WOUNDS] > 0) else 0
        mu = models_left(state[u, B_WOUNDS], sides[u, S_W])
        stupid = False
        if all_rules(variant) and (sides[u, S_STUPID] or sides[u, S_DRUNK]):
            stupid, p = stupidity(buf, p, u, active, sides, state)
        for c in range(nc):
            d = end_of(u, c, contacts)
            if d < 0:
                continue
            on = state[u, B_STATUS] == FIGHTING and state[u, B_WOUNDS] > 0
            n = scratch.touch[c, T_TOUCH_A + d] if on else 0
            here = 0
            if champ and n > 0 and contacts[c, CT_FACE_A + d] == FRONT:
                here = 1
                champ = 0
                state[u, B_CHAMP_CONTACT] = c
            start_fighters(u, c, d, kind, n, chars, here, mu, state[u, B_FRONTAGE],
                           model.groups, contacts, scratch.pool)
            if stupid:
                p = halve_fighters(buf, p, c, d, scratch.pool)
    return p, ranks0, ranks1


@inline
def halve_fighters(buf, p, c, d, pool):
    """Half a stupid unit's fighters through end ``d`` of contact ``c``; returns ``p``.

    An odd one fights on 4+ (§1.10); front fighters are kept first.
    """
    f = pool[c, P_FRONT_A + d] + pool[c, P_SUPPORT_A + d]
    keep = f // 2
    if f % 2:
        keep += 1 if buf[p] >= 4 else 0
        p += 1
    front = min(pool[c, P_FRONT_A + d], keep)
    pool[c, P_MOUNTS_A + d] -= pool[c, P_FRONT_A + d] - front
    pool[c, P_FRONT_A + d] = front
    pool[c, P_SUPPORT_A + d] = keep - front
    return p


@inline
def end_of_phase(buf, p, model, scratch, rare, variant):
    """Explosions, regeneration (§1.6), then the bodies and units with no wound left are wiped.

    A unit is wiped only once its characters are dead too.  Returns ``p``.
    """
    sides = model.sides
    state = scratch.state
    nr = n_units(model, variant)
    nb = n_bodies(model, variant)
    if rare & RARE_GAS:  # Condes Vampiro "Explosión de gases": a corpse slain this phase
        p = gas_explosions(buf, p, model, scratch)
    for u in range(nb if pair(variant) or rare & RARE_REGEN else 0):
        if (sides[u, S_REGEN] <= 6 and state[u, B_REGEN_WOUNDS] > 0
                and not state[u, B_NO_REGEN]):
            back, p = count_ge(buf, p, state[u, B_REGEN_WOUNDS], sides[u, S_REGEN])
            back = min(back, sides[u, S_HP] - state[u, B_WOUNDS])
            state[u, B_WOUNDS] += back
            scratch.scored[1 - sides[u, S_SIDE]] -= back
    if rare & RARE_GIANT:  # "Muerte del gigante": a giant slain this phase falls
        p = death_fall(buf, p, model, scratch)
    if all_rules(variant):  # Elfos Silvanos "Muerte del señor": a lord slain this phase
        lords_fall(nr, sides, state)
    for b in range(nr, nb):
        # a select, not a branch
        state[b, B_STATUS] = WIPED if state[b, B_WOUNDS] <= 0 else state[b, B_STATUS]
    for u in range(nr):
        if (state[u, B_STATUS] == FIGHTING and state[u, B_WOUNDS] <= 0
                and chars_alive(u, sides, state) == 0):
            state[u, B_STATUS] = WIPED
    return p


@inline
def challenge_ends(rnd, duel_a, duel_b, state, chal):
    """The challenge ends when a duellist dies: returns the duellists ``(-1, -1)`` then.

    Who won and when is recorded for the combat's first challenge to end (``CH_*``).
    """
    if state[duel_a, B_WOUNDS] > 0 and state[duel_b, B_WOUNDS] > 0:
        return duel_a, duel_b
    if chal[CH_END_ROUND] == 0:
        if state[duel_b, B_WOUNDS] <= 0 and state[duel_a, B_WOUNDS] > 0:
            chal[CH_CHALLENGER_WON] = 1
        elif state[duel_a, B_WOUNDS] <= 0 and state[duel_b, B_WOUNDS] > 0:
            chal[CH_CHALLENGED_WON] = 1
        chal[CH_END_ROUND] = rnd + 1
    if rnd == 0:
        chal[CH_CHALLENGED_SLAIN_R1] = state[duel_b, B_WOUNDS] <= 0
        chal[CH_CHALLENGER_SLAIN_R1] = state[duel_a, B_WOUNDS] <= 0
    return -1, -1


@inline
def combat_result(buf, p, rnd, ranks0, ranks1, overkill0, overkill1, model, scratch, terms,
                  rare, variant):
    """The combat result per side (§2.2): wounds, ranks, outnumber, standard, flank, rear...

    Returns ``(p, margin, us0, us1, mus0, mus1, gen0, gen1, bsb0, bsb1)``: side 0's
    result less side 1's, and per side the unit strength left, a musician, the General's
    Ld and a battle standard (:func:`odds.combat.resolution.side_totals`).  A giant's
    shout makes it a win by 2 for its side (``rare``: :func:`odds.combat.giants.shout_margin`).
    """
    scored = scratch.scored
    bonus = model.side_bonus
    nr = n_units(model, variant)
    nb = n_bodies(model, variant)
    (us0, us1, std0, std1, mus0, mus1, gen0, gen1, bsb0, bsb1, fb0, fb1, rb0,
     rb1) = side_totals(nr, nb, model.sides, scratch.state, model.contacts,
                        model.flags[F_FLANK_BOTH])
    if std0 > 1:  # "Estandarte Negro de los Muktarin": +1D3 instead of +1
        std0, p = (buf[p] + 1) // 2, p + 1
    if std1 > 1:
        std1, p = (buf[p] + 1) // 2, p + 1
    out0 = 1 if us0 > us1 else 0
    out1 = 1 if us1 > us0 else 0
    margin = (scored[0] + ranks0 + out0 + std0 + fb0 + rb0 + bonus[0]
              - (scored[1] + ranks1 + out1 + std1 + fb1 + rb1 + bonus[1]))
    if rare & RARE_GIANT:  # "Gritar y vocear": the shouting giant's side wins by 2
        margin = shout_margin(margin, nr, model.sides, scratch.state)
    if overkill0 != overkill1:  # would the round have gone otherwise without overkill?
        bare = margin - overkill0 + overkill1
        if (bare > 0) != (margin > 0) or (bare < 0) != (margin < 0):
            scratch.chal[CH_OVERKILL_DECIDED] = 1
    if rnd == 0:
        scratch.stats[ST_WOUNDS0_R1] = scored[0]
        scratch.stats[ST_WOUNDS1_R1] = scored[1]
        scratch.stats[ST_MARGIN_R1] = margin
        tally_terms(terms, 0, scored[0], ranks0, out0, std0, fb0, rb0, bonus[0], overkill0)
        tally_terms(terms, 1, scored[1], ranks1, out1, std1, fb1, rb1, bonus[1], overkill1)
    return p, margin, us0, us1, mus0, mus1, gen0, gen1, bsb0, bsb1


@inline
def tally_terms(terms, side, scored, ranks, out, std, flank, rear, bonus, overkill):
    """Adds ``side``'s first-round combat-result terms to ``terms[side, TM_*]``."""
    terms[side, TM_WOUNDS] += scored - overkill
    terms[side, TM_RANKS] += ranks
    terms[side, TM_OUTNUMBER] += out
    terms[side, TM_STANDARD] += std
    terms[side, TM_FLANK] += flank
    terms[side, TM_REAR] += rear
    terms[side, TM_BONUS] += bonus
    terms[side, TM_OVERKILL] += overkill


@inline
def combat_over(rnd, alive0, alive1, nr, state, res):
    """A side has no unit left fighting: the other wins round ``rnd``, both gone a draw.

    The units still fighting have won.
    """
    if alive0:
        res[rnd, RES_WON0] += 1
    elif alive1:
        res[rnd, RES_WON1] += 1
    else:
        res[rnd, RES_DRAW] += 1
    for u in range(nr):
        if state[u, B_STATUS] == FIGHTING:
            state[u, B_STATUS] = WON


@inline
def decide(rnd, margin, mus0, mus1, flags, res):
    """Who won round ``rnd`` and by how much: ``(side, margin)``, ``(-1, 0)`` a draw.

    With the musician tie-break (Option), a side with a musician wins a tie against one
    without by 1.  Adds the result to ``res[rnd, RES_*]``.
    """
    if margin == 0 and flags[F_MUSICIAN]:
        if mus0 and not mus1:
            margin = 1
        elif mus1 and not mus0:
            margin = -1
    if margin == 0:
        res[rnd, RES_DRAW] += 1
        return -1, 0
    res[rnd, RES_WON0 if margin > 0 else RES_WON1] += 1
    return 0 if margin > 0 else 1, abs(margin)


@inline
def break_tests(buf, p, rnd, w, diff, gen0, gen1, bsb0, bsb1, model, scratch, brk, variant):
    """Every unit of the losing side tests separately (§3.2); returns ``p``.

    Frenzy is lost on losing a round, before the break test, by its characters too
    (§1.6).  A unit that breaks flees: its flee roll in ``B_FLEE``, its break in
    ``brk[rnd, unit]``.
    """
    sides = model.sides
    state = scratch.state
    nr = n_units(model, variant)
    for lo in range(nr):
        if sides[lo, S_SIDE] == w or state[lo, B_STATUS] != FIGHTING:
            continue
        state[lo, B_FRENZIED] = 0
        for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
            state[b, B_FRENZIED] = 0
        if sides[lo, S_FLEE_BY_CHOICE] and rnd == 0 and sides[lo, S_CHARGED]:
            # Elfos Silvanos "Ataque relámpago": having charged, it flees by choice instead of
            # testing; no flee roll (B_FLEE -1: never pursued), no panic, no break counted
            state[lo, B_STATUS] = FLEEING
            state[lo, B_FLEE] = -1
            state[lo, B_PANIC] = 0
            continue
        if sides[lo, S_UNBREAKABLE]:
            continue
        gen = gen0 if sides[lo, S_SIDE] == 0 else gen1
        bsb = bsb0 if sides[lo, S_SIDE] == 0 else bsb1
        if sides[lo, S_INDEPENDENT] == 2:  # Bretonia "Escoria": no battle standard's re-roll
            bsb = 0
        if pair(variant):
            broken, p = _break_test(buf, p, lo, diff, sides, state, model.contacts, gen, bsb,
                                    model.flags[F_INSANE], rnd == 0)
        else:
            broken, p = break_test(buf, p, lo, diff, sides, state, model.contacts, gen, bsb,
                                   model.flags[F_INSANE], rnd == 0)
        if broken:
            brk[rnd, lo] += 1
            state[lo, B_STATUS] = FLEEING
            state[lo, B_FLEE], p = sum_faces(buf, p, sides[lo, S_FLEE_DICE])
            state[lo, B_FLEE] += sides[lo, S_FLEE_PLUS] - sides[lo, S_FLEE_MINUS]
    return p


@inline
def panic_tests(buf, p, gen0, gen1, model, scratch, rare, variant):
    """Panic (§3.4); returns ``p``.

    A unit that broke or was destroyed this round makes the other units of its side in the
    combat that did not break test (2D6 <= Ld; immune to psychology and unbreakable units
    excepted; a single model of fewer than 5 wounds destroyed causes none); failed, they
    flee too.  Panic does not cascade: a panicked unit causes none.  A plain pair has no
    friend to panic, and the general kernel rolls no die for a side of one unit either.
    """
    sides = model.sides
    state = scratch.state
    nr = n_units(model, variant)
    for x in range(0 if pair(variant) else nr):
        if not rare & (RARE_CROWDED << sides[x, S_SIDE]):
            continue
        gone = state[x, B_STATUS]
        if not state[x, B_PANIC] or not (gone == FLEEING or gone == WIPED):
            continue
        if gone == WIPED and sides[x, S_HP] == sides[x, S_W] and sides[x, S_W] < 5:
            continue
        p = panic_from(buf, p, x, nr, sides, state, gen0 if sides[x, S_SIDE] == 0 else gen1)
    for f in range(0 if pair(variant) else nr):  # none panicked in a plain pair
        if state[f, B_STATUS] == PANICKED:
            state[f, B_STATUS] = FLEEING
    return p


@inline
def flee_pursue_redress(buf, p, w, model, scratch, variant):
    """Broken units flee, winners pursue, then redress (§1.11); returns ``p``.

    Pursuit: :func:`odds.combat.resolution.leave_and_pursue`.  Redress: the losers'
    lapping models return, winners expand their frontage or lap round.
    """
    sides = model.sides
    state = scratch.state
    nr = n_units(model, variant)
    p = leave_and_pursue(buf, p, nr, sides, state, model.contacts, model.flags[F_RESTRAIN])
    for u in range(nr):
        lost = sides[u, S_SIDE] != w
        if model.flags[F_EXPAND] and state[u, B_STATUS] == FIGHTING and (
                not lost or sides[u, S_SLIPPERY]):
            expand(u, sides, state, model.contacts, not lost)  # "Escurridizos": lost too
        elif lost:
            state[u, B_LAPPING] = 0
    return p


@inline
def run_chunk(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies, variant):
    """Trials ``lo .. hi - 1`` of chunk ``c``, fought one after another and tallied.

    The body of :func:`fight_chunk`, :func:`fight_chunk_core` and
    :func:`fight_chunk_plain`; ``variant`` (:mod:`odds.combat.variants`) is passed to
    :func:`fight_once`.

    Serial and allocation-free: the driver (:func:`odds.combat.api.simulate`)
    passes the chunk's dice buffer ``buf`` (:func:`odds._faces.dice_buffer`: its faces, then
    :data:`odds._faces.SLACK` bytes) and stream ``st`` (:func:`odds.rng.stream_state`), the
    model's arrays ``model`` (:class:`~odds.combat.model.layout.ModelArrays`), the scratch
    arrays ``scratch`` of :func:`fight_once` (:class:`~odds.combat.model.layout.Scratch`)
    and the outputs ``tallies`` (:class:`~odds.combat.model.layout.Tallies`); chunks run
    on Python threads (``nogil``).  Outputs, row ``c`` of each:

    ``status[c, b, k]``: body ``b`` ended with status ``k`` (:data:`STATUSES`).
    ``round_res[c, k, RES_*]``: round ``k`` fought and won by side 0, drawn or won by side
    1.  ``breaks[c, k, u]``: unit ``u`` broke in round ``k``.  ``terms[c, s, TM_*]``: sum
    over trials of side ``s``'s first-round combat-result terms (:data:`TERMS`).
    ``side[c, s, SIDE_*]``: side ``s`` won (the enemy lost and it did not), lost (no unit
    left fighting or victorious), was destroyed (every unit wiped or caught).
    ``chal[c, CH_*]``: sums of :data:`CHALLENGE_STATS`; ``chal_end[c, r]``: trials whose
    challenge ended (a duellist died) in round ``r`` (``r = 0``: none ended).  ``rows``
    (shape ``(trials, 8 + 2 units)`` or ``(0, ...)``) receives per-trial ``stats``.
    ``charge[c, k]``: trials where the charger refused (failed its test, ``k = 0``), the
    charged unit fled at the charge (1), or held after a failed fear test and hit only on
    6s in the first round (2).
    """
    # the dice: a buffer with odds._faces.SLACK bytes past its faces (rolls count sixteen
    # faces at a time and may read that far past the last one)
    buf = buf[:faces_in(buf)]
    model, scratch, nb = fixed_shapes(model, scratch, variant)
    stats = scratch.stats
    chal = scratch.chal
    tail = ST_PER_BODY * nb  # stats' per-body entries
    res = tallies.round_res[c]
    brk = tallies.breaks[c]
    terms = tallies.terms[c]
    p = buf.size
    rare = 0 if pair(variant) else rare_rules(model.flags[F_UNITS], model.sides) & (
        -1 if all_rules(variant) else CORE_RARE)
    # psychology at the charge is all that writes stats past ST_SPARE: without it they stay 0
    charges = model.flags[F_CHARGE_TESTS] != 0 or (not pair(variant) and model.flags[F_PAIRS] > 0)
    for k in range(ST_SPARE + tail, stats.size):
        stats[k] = 0
    for t in range(lo, hi):
        for k in range(ST_WOUNDS0_R1, ST_STATUS):  # loops, not slices: no view per trial
            stats[k] = 0
        if charges:
            for k in range(ST_SPARE + tail, stats.size):
                stats[k] = 0
        p = fight_once(buf, st, p, budget, max_rounds, model, scratch, res, brk, terms, rare,
                       variant)
        tally(c, t, nb, model.flags[F_UNITS], stats, chal, tallies, charges, variant)
    return


@inline
def fixed_shapes(model, scratch, variant):
    """``model`` and ``scratch`` with shapes the compiler knows; also returns the bodies.

    See :mod:`odds._shapes`: column counts always, and the plain pair's 2 bodies and 1
    contact.
    """
    nb = 2 if pair(variant) else model.sides.shape[0]
    nc = 1 if pair(variant) else model.contacts.shape[0]
    nk = 1 if pair(variant) else scratch.touch.shape[0]  # contacts, at least 1 (per-contact rows)
    model = ModelArrays(
        fixed_shape(model.sides, (nb, N_SIDE)),
        fixed_shape(model.groups, (nb, nb, N_GROUPS, N_KINDS, N_GROUP)),
        fixed_shape(model.strikers, (N_KINDS, nb * N_GROUPS, 2)),
        fixed_shape(model.steps, (N_KINDS, nb * N_GROUPS, 3)),
        fixed_shape(model.n_steps, (N_KINDS,)),
        fixed_shape(model.flags, (N_FLAGS,)),
        fixed_shape(model.contacts, (nc, N_CONTACT)),
        fixed_shape(model.ranks, (nb, model.ranks.shape[1])),
        fixed_shape(model.side_bonus, (2,)))
    scratch = Scratch(
        fixed_shape(scratch.state, (nb, N_BODY)),
        fixed_shape(scratch.alloc, (N_ALLOC, nb * N_GROUPS, nk)),
        fixed_shape(scratch.touch, (nk, N_TOUCH)),
        fixed_shape(scratch.pool, (nk, N_POOL)),
        fixed_shape(scratch.scored, (2,)),
        fixed_shape(scratch.stats, (ST_FIXED + (ST_PER_BODY + ST_PER_UNIT_CHARGE) * nb,)),
        fixed_shape(scratch.chal, (N_CHAL,)))
    return model, scratch, nb


@inline
def tally(c, t, nb, nr, stats, chal, tallies, charges, variant):
    """Adds trial ``t``'s ``stats`` and ``chal`` to row ``c`` of ``tallies``.

    ``charges``: psychology at the charge is tested (else its counts are 0 and are not
    added); ``variant``: the kernel's constant (a plain pair has no scenario charge pairs, so no
    per-unit counts).
    """
    tail = ST_PER_BODY * nb
    tallies.rounds[c, stats[ST_ROUNDS]] += 1
    w1 = tallies.w1
    if stats[ST_ROUNDS] > 0:  # a first round was fought
        w1[c, 0, min(max(stats[ST_WOUNDS0_R1], 0), w1.shape[2] - 1)] += 1
        w1[c, 1, min(max(stats[ST_WOUNDS1_R1], 0), w1.shape[2] - 1)] += 1
        m = stats[ST_MARGIN_R1] + (tallies.margin.shape[1] - 1) // 2
        tallies.margin[c, min(max(m, 0), tallies.margin.shape[1] - 1)] += 1
    if charges:
        for k in range(3):
            tallies.charge[c, k] += stats[ST_CHARGE_REFUSED + tail + k]
        for k in range(0 if pair(variant) else ST_PER_UNIT_CHARGE * nb):
            tallies.charge[c, 3 + k] += stats[ST_FIXED + tail + k]
    for u in range(nb):
        tallies.status[c, u, stats[ST_STATUS + u]] += 1
        tallies.surv[c, u, stats[ST_SURVIVORS + nb + u]] += 1
    for side in range(2):
        other = 1 - side
        lost = stats[ST_LOST + tail + side]
        tallies.side[c, side, SIDE_WON] += stats[ST_LOST + tail + other] and not lost
        tallies.side[c, side, SIDE_LOST] += lost
        tallies.side[c, side, SIDE_DESTROYED] += stats[ST_DESTROYED + tail + side]
    if nb > nr:
        for k in range(chal.size):
            tallies.chal[c, k] += chal[k]
        tallies.chal_end[c, chal[CH_END_ROUND]] += 1
    rows = tallies.rows
    if t < rows.shape[0]:
        for k in range(rows.shape[1]):
            rows[t, k] = stats[k]


@lean
def fight_chunk(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies):
    """The combat engine's kernel: :func:`run_chunk` for any model (see there)."""
    run_chunk(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies, GENERAL)


@lean
def fight_chunk_core(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies):
    """:func:`fight_chunk` compiled without the rules a plain pair leaves out.

    For a model of any shape whose units carry none of them
    (:func:`odds.combat.model.core_rules`): the same source with ``variant`` the constant
    :data:`~odds.combat.variants.CORE`, so LLVM drops their code and their rare bits.
    Same dice, same order, same results as :func:`fight_chunk` on such a model.
    """
    run_chunk(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies, CORE)


@lean
def fight_chunk_plain(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies):
    """:func:`fight_chunk` compiled for a plain pair (:func:`odds.combat.model.plain_pair`).

    The same source with ``variant`` the constant :data:`~odds.combat.variants.PLAIN`: LLVM
    folds the unit, body and
    contact counts (2, 2, 1) into every loop and drops the branches of characters,
    challenges and the excluded rules.  Same dice, same order, same results as
    :func:`fight_chunk` on such a model, with fewer instructions per trial.  Any other
    model gives wrong results here: :func:`odds.combat.api.simulate` chooses.
    """
    run_chunk(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies, PLAIN)
