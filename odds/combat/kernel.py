"""The close-combat kernel: units fight round after round (``RULES.md`` §8A).

Pure numba: integer arrays from :mod:`odds.combat.model` in, per-chunk
counts out.  One trial is one whole combat:

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

Two kernels run this code: :func:`fight_chunk` any combat, and
:func:`fight_chunk_plain` the plain pairs of :func:`odds.combat.model.plain_pair`
(two units, one contact, no characters, none of a few rare rules), for which
``plain`` is a compile-time constant (and the break test is inlined: :data:`_break_test`;
the panic tests of step 5 are left out: each side of a plain pair is one unit, so no
friend is there to test, and the general kernel rolls no die for them either);
:func:`odds.combat.api.simulate` chooses.
"""

from __future__ import annotations

from odds._faces import faces_in
from odds._jit import inline, inlined, lean
from odds._shapes import fixed_shape
from odds.combat.blows import (
    count_ge,
    models_left,
    roll_random_attacks,
    strike,
    sum_faces,
)
from odds.combat.fighters import (
    attacks_of,
    character_target,
    chars_alive,
    contact_of,
    end_of,
    expand,
    front_occupants,
    hosted_char,
    issue_challenges,
    lose_fighters,
    round_start,
    start_fighters,
)
from odds.combat.model import (
    F_CHARGE_TESTS,
    F_CHARGER,
    F_EXPAND,
    FIGHTING,
    FLEEING,
    FRONT,
    G_ATTACKS,
    G_BURNING,
    G_FRENZY_A,
    G_PER_MODEL,
    N_CONTACT,
    N_FLAGS,
    N_GROUP,
    N_GROUPS,
    N_SIDE,
    PANICKED,
    RANK_AND_FILE,
    S_ALLOC,
    S_BURNING,
    S_CAPTAIN,
    S_CHAMPION,
    S_DRUNK,
    S_FILES,
    S_FLEE_DICE,
    S_FLEE_MINUS,
    S_FRENZY,
    S_HORN,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_HP,
    S_LAMENT,
    S_RA_DICE,
    S_REGEN,
    S_SIDE,
    S_STUPID,
    S_UNBREAKABLE,
    S_W,
    WIPED,
    WON,
)
from odds.combat.model.layout import (
    A_ATTACKS,
    A_CHAR,
    A_ON_CHAR,
    B_CHAMP_CONTACT,
    B_DRUNK_ROLL,
    B_FLEE,
    B_FRENZIED,
    B_FRONT_CHARS,
    B_FRONTAGE,
    B_GRAB_TESTED,
    B_LAPPING,
    B_LEADER_FELL,
    B_NO_REGEN,
    B_PANIC,
    B_RANDOM_A,
    B_REFUSED,
    B_REGEN_WOUNDS,
    B_SIXES,
    B_STATUS,
    B_STD_LOST,
    B_WOUNDS,
    CH_CHALLENGED_SLAIN_R1,
    CH_CHALLENGED_WON,
    CH_CHALLENGER_SLAIN_R1,
    CH_CHALLENGER_WON,
    CH_END_ROUND,
    CH_OVERKILL,
    CH_OVERKILL_DECIDED,
    CT_A,
    CT_B,
    CT_FACE_A,
    CT_FACE_B,
    F_ACTIVE,
    F_CORNER,
    F_FLANK_BOTH,
    F_INSANE,
    F_MUSICIAN,
    F_RESTRAIN,
    F_UNITS,
    N_ALLOC,
    N_BODY,
    N_POOL,
    N_TOUCH,
    P_FRONT_A,
    P_FRONT_LOST_A,
    P_FRONT_LOST_B,
    P_MOUNTS_A,
    P_SUPPORT_A,
    P_SUPPORT_LOST_A,
    RES_DRAW,
    RES_WON0,
    RES_WON1,
    SIDE_DESTROYED,
    SIDE_LOST,
    SIDE_WON,
    ST_CHARGE_REFUSED,
    ST_DESTROYED,
    ST_FIXED,
    ST_LOST,
    ST_MARGIN_R1,
    ST_PER_BODY,
    ST_ROUNDS,
    ST_SPARE,
    ST_STATUS,
    ST_SURVIVORS,
    ST_WOUNDS0_R1,
    ST_WOUNDS1_R1,
    STEP_HI,
    STEP_LO,
    STEP_MID,
    STRIKER_BODY,
    STRIKER_GROUP,
    T_TOUCH_A,
    T_TOUCH_B,
    TM_BONUS,
    TM_FLANK,
    TM_OUTNUMBER,
    TM_OVERKILL,
    TM_RANKS,
    TM_REAR,
    TM_STANDARD,
    TM_WOUNDS,
)
from odds.combat.model.layout import CHALLENGE_STATS as CHALLENGE_STATS
from odds.combat.model.layout import TERMS as TERMS
from odds.combat.psychology import (
    break_test,
    captains_fall,
    charge_tests,
    own_turn_start,
    panic_from,
    stupidity,
)
from odds.combat.resolution import end_stats, horn_round, leave_and_pursue, settle, side_totals
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
STATE_ROWS, ALLOC_ROWS, TOUCH_COLS, POOL_COLS = N_BODY, N_ALLOC, N_TOUCH, N_POOL
STATS_FIXED = ST_FIXED
"""Sizes of the kernel's scratch arrays (:func:`fight_once`): ``state[bodies, STATE_ROWS]``,
``alloc[ALLOC_ROWS, bodies * N_GROUPS, contacts]``, ``touch[contacts, TOUCH_COLS]``,
``pool[contacts, POOL_COLS]``, ``stats[STATS_FIXED + ST_PER_BODY * bodies]``; their columns
are named in :mod:`odds.combat.model.layout`."""


RARE_CAPTAINS, RARE_TURN, RARE_HORNS, RARE_RANDOM, RARE_REGEN = 1, 2, 4, 8, 16
RARE_CROWDED = 32  # RARE_CROWDED << s: side s has two units or more
"""Bits of :func:`rare_rules`."""

_break_test = inlined(break_test)
"""The break test, inlined into the plain-pair kernel; the general kernel calls it.

Measured with ``benchmarks/placement.py`` (median over 16 placements of the code, issue 13):
(a) +25 %, (b) +30 % in the plain-pair kernel.  Inlining more of what a plain trial calls
(the fear count inside it, the panic tests, the winners' expansion) measured slower each
time; the break test inlined in the general kernel too, slower in session 13 and no faster
in session 14 (benchmarks/README.md).
"""


@inline
def rare_rules(nr, sides):
    """Which rare rules a unit of the combat has, as bits, worked out once per chunk.

    ``RARE_CAPTAINS``: "No Muertos", "Capitán" (``S_CAPTAIN``); ``RARE_TURN``: a
    rule at the start of its owner's turn ("Cuerpo ardiente", "Lamento de la
    doncella", or a captain's test; :func:`odds.combat.psychology.own_turn_start`);
    ``RARE_HORNS``: "Cuerno del Dragón" (:func:`odds.combat.resolution.horn_round`).
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
        if sides[u, S_RA_DICE] > 0:
            rare |= RARE_RANDOM
        if sides[u, S_CAPTAIN] > 0:
            rare |= RARE_CAPTAINS | RARE_TURN
        if sides[u, S_BURNING] > 0 or sides[u, S_LAMENT] > 0:
            rare |= RARE_TURN
        if sides[u, S_HORN] > 0:
            rare |= RARE_HORNS
    if units0 >= 2:
        rare |= RARE_CROWDED
    if units1 >= 2:
        rare |= RARE_CROWDED << 1
    return rare


@inline  # into fight_chunk, by LLVM: no call per trial (issue 13)
def fight_once(buf, st, p, budget, sides, groups, strikers, steps, n_steps, flags, max_rounds,
               contacts, ranks_tab, side_bonus, state, alloc, touch, pool, scored, terms, stats,
               chal, res, brk, rare, plain):
    """One whole combat; returns the dice position ``p``.

    Bodies ``0 .. nr - 1`` are units, the rest characters standing in the
    front rank of unit ``sides[b, S_HOST]``.  Before each round the buffer
    is topped up to ``budget`` faces, an upper bound of what one round can use
    (see :func:`odds.combat.model.dice_budget`).  Fills ``stats`` (``ST_*``), adds this
    trial's round results to ``res[round, RES_*]``, its breaks to ``brk[round, unit]``, its
    first-round combat-result terms to ``terms[side, TM_*]`` and its challenge record to
    ``chal[CH_*]``.  The scratch arrays, named column by column in
    :mod:`odds.combat.model.layout`: ``state[body, B_*]``, one row per body; ``alloc[A_*,
    step group, contact]``, the step's attacks; ``touch[contact, T_*]``, the models in
    contact each way and what they were measured from; ``pool[contact, P_*]``, each way
    the fighters of the start of the round and the casualties taken from them since (see
    :func:`start_fighters`): a model slain before its step, and the rear-ranker who steps
    into its place, do not strike (§1.2).
    ``flags[F_UNITS]`` is the number of units (bodies after them are characters)
    and ``flags[F_ACTIVE]`` the side whose turn the first round is; ``rare``, the
    rare rules some unit of the combat has (:func:`rare_rules`).  ``plain``,
    a constant of the calling kernel: true only for a model that
    :func:`odds.combat.model.plain_pair` accepts, so two units, one contact,
    no characters, and the branches of the rules it excludes are never taken
    (see :func:`fight_chunk_plain`).
    """
    nr = 2 if plain else flags[F_UNITS]
    active0 = flags[F_ACTIVE]
    nb = 2 if plain else sides.shape[0]
    has_chars = False if plain else nb > nr
    nc = 1 if plain else contacts.shape[0]
    corner = flags[F_CORNER]
    reach = 3 if corner else 1  # enemy models that can touch one character (1 + corners)
    for u in range(nb):
        state[u, B_WOUNDS] = sides[u, S_HP]
        state[u, B_FRENZIED] = sides[u, S_FRENZY]
        state[u, B_STATUS] = FIGHTING
        state[u, B_REFUSED] = 0
        state[u, B_NO_REGEN] = 0
        state[u, B_SIXES] = 0
        state[u, B_FRONTAGE] = sides[u, S_FILES]  # frontage now (§1.11)
        state[u, B_LAPPING] = 0  # models lapping round the enemy's flanks
        state[u, B_DRUNK_ROLL] = 0  # a drunk roll made at the charge, for the first round
        state[u, B_STD_LOST] = 0  # standard and musician lost for good (blows.strike)
        state[u, B_LEADER_FELL] = 0  # its leader fell in an earlier phase ("No Muertos", "Capitán")
    captains = rare & RARE_CAPTAINS
    turn_rules = rare & RARE_TURN
    horns = rare & RARE_HORNS
    # psychology at the charge (§3.3): the charger tests fear/terror of its target first
    # (failed: no combat); then the charged unit tests fear/terror of the charger: terror
    # failed, or fear failed with a lower unit strength, it flees (caught if the charge
    # reaches it); fear failed otherwise, it holds and hits only on 6s in the first round
    chg = -2
    max_r = max_rounds
    if flags[F_CHARGE_TESTS]:
        chg = flags[F_CHARGER]
        fought, p = charge_tests(buf, st, p, flags, sides, state, stats, max_rounds)
        if not fought:
            max_r = 0
    if has_chars:
        for k in range(chal.size):
            chal[k] = 0
    duel_a = -1
    duel_b = -1
    prev_winner = -1
    rounds = 0
    for rnd in range(max_r):
        if p + budget > buf.size:  # top up (rng.ensure, written out: no call per round)
            fill_d6(buf, st)
            p = 0
        rounds = rnd + 1
        if not plain and rare & RARE_RANDOM:
            p = roll_random_attacks(buf, p, nr, sides, state)  # gst "Ataques aleatorios" (§1.6)
        kind = 0 if rnd == 0 else 1
        active = active0 if rnd % 2 == 0 else 1 - active0
        if turn_rules:  # "Cuerpo ardiente", "Lamento de la doncella", "No Muertos" "Capitán"
            p = own_turn_start(buf, p, nr, active, sides, state, contacts)
        if has_chars:
            for b in range(nr, nb):  # only characters refuse (fighters.issue_challenges)
                state[b, B_REFUSED] = 0
        if horns:  # Regimientos de Renombre "Cuerno del Dragón" (resolution.horn_round)
            p, over = horn_round(buf, p, rnd, nr, sides, state, contacts, prev_winner,
                                 flags[F_RESTRAIN])
            if over:
                rounds = rnd
                break
        # challenges (§1.9): one at a time, the active player first, then the other
        if duel_a < 0 and has_chars:
            duel_a, duel_b = issue_challenges(rnd, active, nr, sides, state, contacts, chal)
        overkill0 = 0
        overkill1 = 0
        ranks_side0, ranks_side1 = round_start(nr, nb, has_chars, corner, sides, state,
                                               contacts, ranks_tab, touch)
        # who can fight this round, through each contact (§1.2); the champion through the
        # unit's first front contact with models touching
        for u in range(nr):
            state[u, B_CHAMP_CONTACT] = -1
            chars = front_occupants(u, sides, state) if has_chars else 0
            state[u, B_FRONT_CHARS] = chars
            champ = 1 if (sides[u, S_CHAMPION] != 0 and state[u, B_WOUNDS] > 0) else 0
            mu = models_left(state[u, B_WOUNDS], sides[u, S_W])
            # stupidity (§1.10): tested at the start of each of its own turns; failed, only
            # half its models fight this turn (an odd one on 4+), per contact
            stupid = False
            # psychology.stupidity (§1.10)
            if not plain and (sides[u, S_STUPID] or sides[u, S_DRUNK]):
                stupid, p = stupidity(buf, p, u, active, sides, state)
            for c in range(nc):
                d = end_of(u, c, contacts)
                if d < 0:
                    continue
                on = state[u, B_STATUS] == FIGHTING and state[u, B_WOUNDS] > 0
                n = touch[c, T_TOUCH_A + d] if on else 0
                here = 0
                if champ and n > 0 and contacts[c, CT_FACE_A + d] == FRONT:
                    here = 1
                    champ = 0
                    state[u, B_CHAMP_CONTACT] = c
                start_fighters(u, c, d, kind, n, chars, here, mu, state[u, B_FRONTAGE], groups,
                               contacts, pool)
                if stupid:
                    f = pool[c, P_FRONT_A + d] + pool[c, P_SUPPORT_A + d]
                    keep = f // 2
                    if f % 2:
                        keep += 1 if buf[p] >= 4 else 0
                        p += 1
                    front = min(pool[c, P_FRONT_A + d], keep)
                    pool[c, P_MOUNTS_A + d] -= pool[c, P_FRONT_A + d] - front
                    pool[c, P_FRONT_A + d] = front
                    pool[c, P_SUPPORT_A + d] = keep - front
        scored[0] = 0
        scored[1] = 0
        for u in range(nb):
            state[u, B_REGEN_WOUNDS] = 0
            state[u, B_PANIC] = 1 if state[u, B_STATUS] == FIGHTING else 0
            state[u, B_GRAB_TESTED] = 0  # "Garras mecánicas": no I test taken yet this round
        # strike steps (§1.2), worked out once per model (CombatModel.strike_steps): a step's
        # side-0 groups are strikers lo .. mid - 1, its side-1 groups mid .. hi - 1
        for k in range(n_steps[kind]):
            lo = steps[kind, k, STEP_LO]
            mid = steps[kind, k, STEP_MID]
            hi = steps[kind, k, STEP_HI]
            first = 0 if mid > lo else 1
            if mid > lo and hi > mid:
                if prev_winner >= 0:
                    first = prev_winner
                else:
                    first = 0 if buf[p] <= 3 else 1  # roll-off, re-rolled ties = a fair coin
                    p += 1
            for t in range(2):
                s = first if t == 0 else 1 - first
                i = lo if s == 0 else mid
                j = mid if s == 0 else hi
                # every group of this side at this step strikes simultaneously
                for q in range(i, j):
                    u = strikers[kind, q, STRIKER_BODY]
                    gi = strikers[kind, q, STRIKER_GROUP]
                    # a character: its duel, else the enemy at its unit's front (its attacks
                    # and target in A_ATTACKS and A_CHAR of contact 0, the only ones read)
                    if not plain and u >= nr:
                        tgt = character_target(u, sides, state, contacts, duel_a, duel_b)
                        alloc[A_ATTACKS, q - i, 0] = 0
                        alloc[A_CHAR, q - i, 0] = tgt
                        if tgt >= 0:
                            bonus = groups[u, tgt, gi, kind, G_FRENZY_A] * state[u, B_FRENZIED]
                            alloc[A_ATTACKS, q - i, 0] = groups[u, tgt, gi, kind, G_PER_MODEL] * (
                                groups[u, tgt, gi, kind, G_ATTACKS] + bonus)
                        continue
                    chars = state[u, B_FRONT_CHARS]
                    # a unit: its attacks through each contact (A_ON_CHAR and A_CHAR, the
                    # blows on a character and who, are read only where alloc[A_ATTACKS] > 0)
                    for c in range(nc):
                        alloc[A_ATTACKS, q - i, c] = 0
                        d = end_of(u, c, contacts)
                        if d < 0:
                            continue
                        touching = touch[c, T_TOUCH_A + d]
                        if touching == 0 or state[u, B_WOUNDS] <= 0:
                            continue
                        v = contacts[c, CT_B - d]
                        face_u = contacts[c, CT_FACE_A + d]
                        face_v = contacts[c, CT_FACE_B - d]
                        # the start's fighters less the casualties since (§1.2)
                        taken = pool[c, P_FRONT_LOST_A + d]
                        if not plain and groups[u, v, gi, kind, G_BURNING]:
                            # "Cuerpo ardiente": a hit on each enemy model in contact (those
                            # of the start of the round less the front casualties since)
                            na = max(0, touch[c, T_TOUCH_B - d] - pool[c, P_FRONT_LOST_B - d])
                        else:
                            na, p = attacks_of(buf, p, gi, u, v, kind,
                                               pool[c, P_FRONT_A + d] - taken,
                                               pool[c, P_SUPPORT_A + d]
                                               - pool[c, P_SUPPORT_LOST_A + d],
                                               max(0, pool[c, P_MOUNTS_A + d] - taken),
                                               state[u, B_CHAMP_CONTACT] == c
                                               and state[u, B_WOUNDS] > 0, groups,
                                               state[u, B_FRENZIED], state[u, B_RANDOM_A])
                        alloc[A_ATTACKS, q - i, c] = na
                        alloc[A_ON_CHAR, q - i, c] = 0
                        alloc[A_CHAR, q - i, c] = -1
                        if na == 0 or not has_chars:
                            continue
                        # attacks on enemy characters in contact (allocation policy, §1.1):
                        # all of them when no rank and file is left, else as the policy says;
                        # no character looked up when none can be attacked
                        if state[v, B_WOUNDS] <= 0:
                            vc = hosted_char(v, sides, state, duel_a, duel_b, False, 2)
                            if vc >= 0:
                                alloc[A_ON_CHAR, q - i, c] = na
                                alloc[A_CHAR, q - i, c] = vc
                        elif (sides[u, S_ALLOC] != 0 and gi == RANK_AND_FILE and face_u == FRONT
                              and face_v == FRONT):
                            vc = hosted_char(v, sides, state, duel_a, duel_b, False, 0)
                            if vc < 0:
                                continue
                            per = groups[u, vc, gi, kind, G_PER_MODEL] * (
                                groups[u, vc, gi, kind, G_ATTACKS]
                                + groups[u, vc, gi, kind, G_FRENZY_A] * state[u, B_FRENZIED])
                            k = min(reach, max(0, touching - chars))
                            if sides[u, S_ALLOC] == 2:
                                k = (k + 1) // 2
                            alloc[A_ON_CHAR, q - i, c] = min(na, k * per)
                            alloc[A_CHAR, q - i, c] = vc
                for q in range(i, j):
                    u = strikers[kind, q, STRIKER_BODY]
                    gi = strikers[kind, q, STRIKER_GROUP]
                    if not plain and u >= nr:
                        na = alloc[A_ATTACKS, q - i, 0]
                        tgt = alloc[A_CHAR, q - i, 0]
                        if na == 0 or tgt < 0:
                            continue
                        duel = (u == duel_a and tgt == duel_b) or (u == duel_b and tgt == duel_a)
                        ok_now = overkill0 if s == 0 else overkill1
                        before = models_left(state[tgt, B_WOUNDS], sides[tgt, S_W])
                        six = kind == 0 and state[u, B_SIXES] != 0 and (
                            tgt == chg or sides[tgt, S_HOST] == chg)
                        sc, extra, p = strike(buf, p, na, groups, u, tgt, gi, kind, state, sides,
                                              duel, ok_now, six)
                        if tgt < nr:  # a unit: through its contact with the character's unit
                            lost = before - models_left(state[tgt, B_WOUNDS], sides[tgt, S_W])
                            ct = contact_of(sides[u, S_HOST], tgt, contacts)
                            if ct >= 0:  # lost 0 takes nothing: no branch on the dice
                                lose_fighters(tgt, ct, lost, contacts, pool)
                        scored[s] += sc + extra
                        if s == 0:
                            overkill0 += extra
                        else:
                            overkill1 += extra
                        chal[CH_OVERKILL] += extra
                        continue
                    for c in range(nc):
                        na = alloc[A_ATTACKS, q - i, c]
                        if na == 0:
                            continue
                        v = contacts[c, CT_B] if contacts[c, CT_A] == u else contacts[c, CT_A]
                        nch = alloc[A_ON_CHAR, q - i, c]
                        if na > nch and state[v, B_WOUNDS] > 0:
                            before = models_left(state[v, B_WOUNDS], sides[v, S_W])
                            sc, extra, p = strike(buf, p, na - nch, groups, u, v, gi, kind, state,
                                                  sides, False, 0,
                                                  kind == 0 and state[u, B_SIXES] != 0 and v == chg)
                            scored[s] += sc
                            # (lost 0 takes nothing: no branch on how the dice fell)
                            lost = before - models_left(state[v, B_WOUNDS], sides[v, S_W])
                            lose_fighters(v, c, lost, contacts, pool)
                        tc = alloc[A_CHAR, q - i, c]
                        if nch > 0 and tc >= 0 and state[tc, B_WOUNDS] > 0:
                            sc, extra, p = strike(buf, p, nch, groups, u, tc, gi, kind, state,
                                                  sides, False, 0,
                                                  kind == 0 and state[u, B_SIXES] != 0
                                                  and sides[tc, S_HOST] == chg)
                            scored[s] += sc
        # end of the phase: regeneration (§1.6); combat result counts what is left
        for u in range(nb if plain or rare & RARE_REGEN else 0):
            if sides[u, S_REGEN] <= 6 and state[u, B_REGEN_WOUNDS] > 0 and not state[u, B_NO_REGEN]:
                back, p = count_ge(buf, p, state[u, B_REGEN_WOUNDS], sides[u, S_REGEN])
                back = min(back, sides[u, S_HP] - state[u, B_WOUNDS])
                state[u, B_WOUNDS] += back
                scored[1 - sides[u, S_SIDE]] -= back
        # the challenge ends when a duellist dies
        # (who won and when is recorded for the combat's first challenge to end)
        if duel_a >= 0 and (state[duel_a, B_WOUNDS] <= 0 or state[duel_b, B_WOUNDS] <= 0):
            if chal[CH_END_ROUND] == 0:
                if state[duel_b, B_WOUNDS] <= 0 and state[duel_a, B_WOUNDS] > 0:
                    chal[CH_CHALLENGER_WON] = 1
                elif state[duel_a, B_WOUNDS] <= 0 and state[duel_b, B_WOUNDS] > 0:
                    chal[CH_CHALLENGED_WON] = 1
                chal[CH_END_ROUND] = rnd + 1
            if rnd == 0:
                chal[CH_CHALLENGED_SLAIN_R1] = state[duel_b, B_WOUNDS] <= 0
                chal[CH_CHALLENGER_SLAIN_R1] = state[duel_a, B_WOUNDS] <= 0
            duel_a = -1
            duel_b = -1
        for b in range(nr, nb):
            # a select, not a branch
            state[b, B_STATUS] = WIPED if state[b, B_WOUNDS] <= 0 else state[b, B_STATUS]
        for u in range(nr):
            if (state[u, B_STATUS] == FIGHTING and state[u, B_WOUNDS] <= 0
                    and chars_alive(u, sides, state) == 0):
                state[u, B_STATUS] = WIPED
        # combat result per side (§2.2)
        (us0, us1, std0, std1, mus0, mus1, gen0, gen1, bsb0, bsb1, fb0, fb1, rb0,
         rb1) = side_totals(nr, nb, sides, state, contacts, flags[F_FLANK_BOTH])
        if std0 > 1:  # "Estandarte Negro de los Muktarin": +1D3 instead of +1
            std0, p = (buf[p] + 1) // 2, p + 1
        if std1 > 1:
            std1, p = (buf[p] + 1) // 2, p + 1
        out0 = 1 if us0 > us1 else 0
        out1 = 1 if us1 > us0 else 0
        score0 = scored[0] + ranks_side0 + out0 + std0 + fb0 + rb0 + side_bonus[0]
        score1 = scored[1] + ranks_side1 + out1 + std1 + fb1 + rb1 + side_bonus[1]
        margin = score0 - score1
        if overkill0 != overkill1:  # would the round have gone otherwise without overkill?
            bare = margin - overkill0 + overkill1
            if (bare > 0) != (margin > 0) or (bare < 0) != (margin < 0):
                chal[CH_OVERKILL_DECIDED] = 1
        if rnd == 0:
            stats[ST_WOUNDS0_R1] = scored[0]
            stats[ST_WOUNDS1_R1] = scored[1]
            stats[ST_MARGIN_R1] = margin
            terms[0, TM_WOUNDS] += scored[0] - overkill0
            terms[1, TM_WOUNDS] += scored[1] - overkill1
            terms[0, TM_RANKS] += ranks_side0
            terms[1, TM_RANKS] += ranks_side1
            terms[0, TM_OUTNUMBER] += out0
            terms[1, TM_OUTNUMBER] += out1
            terms[0, TM_STANDARD] += std0
            terms[1, TM_STANDARD] += std1
            terms[0, TM_FLANK] += fb0
            terms[1, TM_FLANK] += fb1
            terms[0, TM_REAR] += rb0
            terms[1, TM_REAR] += rb1
            terms[0, TM_BONUS] += side_bonus[0]
            terms[1, TM_BONUS] += side_bonus[1]
            terms[0, TM_OVERKILL] += overkill0
            terms[1, TM_OVERKILL] += overkill1
        alive0 = us0 > 0
        alive1 = us1 > 0
        if not alive0 or not alive1:
            if alive0:
                res[rnd, RES_WON0] += 1
            elif alive1:
                res[rnd, RES_WON1] += 1
            else:
                res[rnd, RES_DRAW] += 1
            for u in range(nr):
                if state[u, B_STATUS] == FIGHTING:
                    state[u, B_STATUS] = WON
            break
        if margin == 0 and flags[F_MUSICIAN]:
            if mus0 and not mus1:
                margin = 1
            elif mus1 and not mus0:
                margin = -1
        w = -1
        diff = 0
        if margin == 0:
            res[rnd, RES_DRAW] += 1
            prev_winner = -1
            if not captains:
                continue
        else:
            res[rnd, RES_WON0 if margin > 0 else RES_WON1] += 1
            w = 0 if margin > 0 else 1
            diff = abs(margin)
            prev_winner = w
        if w >= 0:  # a decisive round
            # every unit of the losing side tests separately (§3.2)
            for lo in range(nr):
                if sides[lo, S_SIDE] == w or state[lo, B_STATUS] != FIGHTING:
                    continue
                state[lo, B_FRENZIED] = 0  # frenzy is lost on losing a round, before the break test
                for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
                    state[b, B_FRENZIED] = 0  # by its characters too (§1.6)
                if sides[lo, S_UNBREAKABLE]:
                    continue
                gen = gen0 if sides[lo, S_SIDE] == 0 else gen1
                bsb = bsb0 if sides[lo, S_SIDE] == 0 else bsb1
                if plain:
                    broken, p = _break_test(buf, p, lo, diff, sides, state, contacts, gen, bsb,
                                            flags[F_INSANE], rnd == 0)
                else:
                    broken, p = break_test(buf, p, lo, diff, sides, state, contacts, gen, bsb,
                                           flags[F_INSANE], rnd == 0)
                if broken:
                    brk[rnd, lo] += 1
                    state[lo, B_STATUS] = FLEEING
                    state[lo, B_FLEE], p = sum_faces(buf, p, sides[lo, S_FLEE_DICE])
                    state[lo, B_FLEE] -= sides[lo, S_FLEE_MINUS]
            # panic (§3.4): a unit that broke or was destroyed this round makes the other units of
            # its side in the combat that did not break test (2D6 <= Ld; immune to psychology and
            # unbreakable units excepted; a single model of fewer than 5 wounds destroyed causes
            # none); failed, they flee too.  Panic does not cascade: a panicked unit causes none.
            for x in range(0 if plain else nr):  # a plain pair has no friend to panic
                if not rare & (RARE_CROWDED << sides[x, S_SIDE]):
                    continue  # no friend to panic either
                gone = state[x, B_STATUS]
                if not state[x, B_PANIC] or not (gone == FLEEING or gone == WIPED):
                    continue
                if gone == WIPED and sides[x, S_HP] == sides[x, S_W] and sides[x, S_W] < 5:
                    continue
                p = panic_from(buf, p, x, nr, sides, state, gen0 if sides[x, S_SIDE] == 0 else gen1)
            for f in range(nr):
                if state[f, B_STATUS] == PANICKED:
                    state[f, B_STATUS] = FLEEING
            p = leave_and_pursue(buf, p, nr, sides, state, contacts, flags[F_RESTRAIN])
            # redress (§1.11): losers' lapping models return; winners expand or lap round
            for u in range(nr):
                if sides[u, S_SIDE] != w:
                    state[u, B_LAPPING] = 0
                elif flags[F_EXPAND] and state[u, B_STATUS] == FIGHTING:
                    expand(u, sides, state, contacts)
        if captains:  # "No Muertos", "Capitán": the end of the phase the leader fell in
            p = captains_fall(buf, p, nr, sides, state)
        if settle(nr, sides, state):
            break
        if duel_a >= 0 and (state[sides[duel_a, S_HOST], B_STATUS] != FIGHTING
                            or state[sides[duel_b, S_HOST], B_STATUS] != FIGHTING):
            duel_a = -1
            duel_b = -1
    stats[ST_ROUNDS] = rounds
    end_stats(nr, sides, state, stats)
    return p


@inline
def run_chunk(c, lo, hi, buf, st, budget, sides, groups, strikers, steps, n_steps, flags,
              max_rounds, contacts, ranks_tab, side_bonus, state, alloc, touch, pool, scored,
              stats, chal, out_status, out_side, out_rounds, out_round_res, out_breaks, out_w1,
              out_margin, out_surv, out_terms, out_chal, out_chal_end, out_charge, rows, plain):
    """Trials ``lo .. hi - 1`` of chunk ``c``, fought one after another and tallied.

    The body of :func:`fight_chunk` and :func:`fight_chunk_plain`; ``plain`` is
    passed to :func:`fight_once`.

    Serial and allocation-free: the driver (:func:`odds.combat.api.simulate`)
    passes the chunk's dice buffer ``buf`` (:func:`odds._faces.dice_buffer`: its faces, then
    :data:`odds._faces.SLACK` bytes) and stream ``st``
    (:func:`odds.rng.stream_state`) and the scratch arrays of
    :func:`fight_once`; chunks run on Python threads (``nogil``).  Outputs,
    row ``c`` of each:

    ``out_status[c, b, k]``: body ``b`` ended with status ``k``
    (:data:`STATUSES`).  ``out_round_res[c, k, r]``: round ``k`` fought and
    won by side 0 (``r = 0``), drawn (1) or won by side 1 (2).
    ``out_breaks[c, k, u]``: unit ``u`` broke in round ``k``.  ``out_terms[c,
    s, t]``: sum over trials of side ``s``'s first-round combat-result term
    ``t`` (:data:`TERMS`).  ``out_side[c, s, k]``: side ``s`` won (``k = 0``:
    the enemy lost and it did not), lost (1: no unit left fighting or
    victorious), was destroyed (2: every unit wiped or caught).
    ``out_chal[c, k]``: sums of :data:`CHALLENGE_STATS`; ``out_chal_end[c,
    r]``: trials whose challenge ended (a duellist died) in round ``r``
    (``r = 0``: none ended).  ``rows`` (shape ``(trials, 8 + 2 bodies)`` or
    ``(0, ...)``) receives per-trial ``stats``.  ``out_charge[c, k]``: trials
    where the charger refused (failed its test, ``k = 0``), the charged unit
    fled at the charge (1), or held after a failed fear test and hit only on
    6s in the first round (2).
    """
    # the dice: a buffer with odds._faces.SLACK bytes past its faces (rolls count sixteen
    # faces at a time and may read that far past the last one)
    buf = buf[:faces_in(buf)]
    # every scratch and model array with the shape the compiler can know (see odds._shapes):
    # column counts always, and the plain pair's 2 bodies and 1 contact
    nb = 2 if plain else sides.shape[0]
    nc = 1 if plain else contacts.shape[0]
    nk = 1 if plain else touch.shape[0]  # contacts, at least 1 (the per-contact scratch rows)
    sides = fixed_shape(sides, (nb, N_SIDE))
    groups = fixed_shape(groups, (nb, nb, N_GROUPS, 2, N_GROUP))
    strikers = fixed_shape(strikers, (2, nb * N_GROUPS, 2))
    steps = fixed_shape(steps, (2, nb * N_GROUPS, 3))
    contacts = fixed_shape(contacts, (nc, N_CONTACT))
    ranks_tab = fixed_shape(ranks_tab, (nb, ranks_tab.shape[1]))
    state = fixed_shape(state, (nb, STATE_ROWS))
    alloc = fixed_shape(alloc, (ALLOC_ROWS, nb * N_GROUPS, nk))
    touch = fixed_shape(touch, (nk, TOUCH_COLS))
    pool = fixed_shape(pool, (nk, POOL_COLS))
    flags = fixed_shape(flags, (N_FLAGS,))
    n_steps = fixed_shape(n_steps, (2,))
    side_bonus = fixed_shape(side_bonus, (2,))
    scored = fixed_shape(scored, (2,))
    tail = ST_PER_BODY * nb  # stats' per-body entries
    stats = fixed_shape(stats, (STATS_FIXED + tail,))
    chal = fixed_shape(chal, (len(CHALLENGE_STATS),))
    margin_off = (out_margin.shape[1] - 1) // 2
    res = out_round_res[c]
    brk = out_breaks[c]
    terms = out_terms[c]
    p = buf.size
    rare = 0 if plain else rare_rules(flags[F_UNITS], sides)
    for t in range(lo, hi):
        for k in range(ST_WOUNDS0_R1, ST_STATUS):  # loops, not slices: no view per trial
            stats[k] = 0
        for k in range(ST_SPARE + tail, stats.size):
            stats[k] = 0
        p = fight_once(buf, st, p, budget, sides, groups, strikers, steps, n_steps, flags,
                       max_rounds, contacts, ranks_tab, side_bonus, state, alloc, touch, pool,
                       scored, terms, stats, chal, res, brk, rare, plain)
        out_rounds[c, stats[ST_ROUNDS]] += 1
        if stats[ST_ROUNDS] > 0:  # a first round was fought
            out_w1[c, 0, min(max(stats[ST_WOUNDS0_R1], 0), out_w1.shape[2] - 1)] += 1
            out_w1[c, 1, min(max(stats[ST_WOUNDS1_R1], 0), out_w1.shape[2] - 1)] += 1
            m = stats[ST_MARGIN_R1] + margin_off
            out_margin[c, min(max(m, 0), out_margin.shape[1] - 1)] += 1
        for k in range(3):
            out_charge[c, k] += stats[ST_CHARGE_REFUSED + tail + k]
        for u in range(nb):
            out_status[c, u, stats[ST_STATUS + u]] += 1
            out_surv[c, u, stats[ST_SURVIVORS + nb + u]] += 1
        for side in range(2):
            other = 1 - side
            lost = stats[ST_LOST + tail + side]
            out_side[c, side, SIDE_WON] += stats[ST_LOST + tail + other] and not lost
            out_side[c, side, SIDE_LOST] += lost
            out_side[c, side, SIDE_DESTROYED] += stats[ST_DESTROYED + tail + side]
        if nb > flags[F_UNITS]:
            for k in range(chal.size):
                out_chal[c, k] += chal[k]
            out_chal_end[c, chal[CH_END_ROUND]] += 1
        if t < rows.shape[0]:
            for k in range(rows.shape[1]):
                rows[t, k] = stats[k]


@lean
def fight_chunk(c, lo, hi, buf, st, budget, sides, groups, strikers, steps, n_steps, flags,
                max_rounds, contacts, ranks_tab, side_bonus, state, alloc, touch, pool, scored,
                stats, chal, out_status, out_side, out_rounds, out_round_res, out_breaks, out_w1,
                out_margin, out_surv, out_terms, out_chal, out_chal_end, out_charge, rows):
    """The combat engine's kernel: :func:`run_chunk` for any model (see there)."""
    run_chunk(c, lo, hi, buf, st, budget, sides, groups, strikers, steps, n_steps, flags,
              max_rounds, contacts, ranks_tab, side_bonus, state, alloc, touch, pool, scored,
              stats, chal, out_status, out_side, out_rounds, out_round_res, out_breaks, out_w1,
              out_margin, out_surv, out_terms, out_chal, out_chal_end, out_charge, rows, False)


@lean
def fight_chunk_plain(c, lo, hi, buf, st, budget, sides, groups, strikers, steps, n_steps, flags,
                      max_rounds, contacts, ranks_tab, side_bonus, state, alloc, touch, pool,
                      scored, stats, chal, out_status, out_side, out_rounds, out_round_res,
                      out_breaks, out_w1, out_margin, out_surv, out_terms, out_chal,
                      out_chal_end, out_charge, rows):
    """:func:`fight_chunk` compiled for a plain pair (:func:`odds.combat.model.plain_pair`).

    The same source with ``plain`` a constant true: LLVM folds the unit, body and
    contact counts (2, 2, 1) into every loop and drops the branches of characters,
    challenges and the excluded rules.  Same dice, same order, same results as
    :func:`fight_chunk` on such a model; on the 20 v 20 benchmark combat about
    30 % fewer instructions per trial (issue 13).  Any other model gives wrong
    results here: :func:`odds.combat.api.simulate` chooses.
    """
    run_chunk(c, lo, hi, buf, st, budget, sides, groups, strikers, steps, n_steps, flags,
              max_rounds, contacts, ranks_tab, side_bonus, state, alloc, touch, pool, scored,
              stats, chal, out_status, out_side, out_rounds, out_round_res, out_breaks, out_w1,
              out_margin, out_surv, out_terms, out_chal, out_chal_end, out_charge, rows, True)
