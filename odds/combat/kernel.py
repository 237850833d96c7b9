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
TERMS = ("wounds", "ranks", "outnumber", "standard", "flank", "rear", "bonus", "overkill")
CHALLENGE_STATS = ("issued", "refused", "challenger_won", "challenged_won", "overkill",
                   "issued_r1", "challenged_slain_r1", "challenger_slain_r1", "end_round",
                   "overkill_decided")
STATE_ROWS, ALLOC_ROWS, TOUCH_COLS, POOL_COLS, STATS_FIXED = 19, 3, 8, 10, 12
"""Sizes of the kernel's scratch arrays (:func:`fight_once`): ``state[bodies, STATE_ROWS]``,
``alloc[ALLOC_ROWS, bodies * N_GROUPS, contacts]``, ``touch[contacts, TOUCH_COLS]``,
``pool[contacts, POOL_COLS]``, ``stats[STATS_FIXED + 2 * bodies]``."""


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
    (see :func:`odds.combat.model.dice_budget`).  Fills ``stats`` (rounds,
    first-round wounds by side 0 and 1, first-round margin, each body's
    status, each body's models left, then per side: lost, destroyed), adds
    this trial's round results to ``res[round, 0 side 0 won | 1 draw | 2 side
    1 won]``, its breaks to ``brk[round, unit]``, its first-round combat-result
    terms to ``terms[side, term]`` and its challenge record to ``chal``
    (:data:`CHALLENGE_STATS`).  ``state[b]`` is body ``b``'s scratch row (one row
    per body, so that a body's values sit together; issue 13), its columns
    (wounds left, frenzied, status, regenerable wounds, ranks cancelled, flee
    roll, refused a challenge, the contact its champion fights through, its
    characters in the front rank at the start of the round, no regeneration
    any more after a flaming wound, hits only on 6s after a failed fear test, panic
    tested this phase, frontage now, models lapping round, the unit's random-attacks
    roll this round, the drunk roll made at the charge, its "Garras mecánicas" test taken
    this round, standard and musician gone for good once its rank and file had all fallen
    and it gained models again, ``S_RECRUIT``); ``alloc`` rows
    are per (step group, contact) scratch arrays (attacks, attacks on a character, that character);
    ``touch[c]`` caches, per contact, the models in contact each way, the
    two facing lines' lengths and the two units' model counts and frontages
    they came from;
    ``pool[c]`` holds each way the fighters of the start of the round and the
    casualties taken from them since (see :func:`start_fighters`): a model
    slain before its step, and the rear-ranker who steps into its place, do
    not strike (§1.2).
    ``flags[5]`` is the number of units (bodies after them are characters)
    and ``flags[6]`` the side whose turn the first round is; ``rare``, the
    rare rules some unit of the combat has (:func:`rare_rules`).  ``plain``,
    a constant of the calling kernel: true only for a model that
    :func:`odds.combat.model.plain_pair` accepts, so two units, one contact,
    no characters, and the branches of the rules it excludes are never taken
    (see :func:`fight_chunk_plain`).
    """
    nr = 2 if plain else flags[5]
    active0 = flags[6]
    nb = 2 if plain else sides.shape[0]
    has_chars = False if plain else nb > nr
    nc = 1 if plain else contacts.shape[0]
    corner = flags[0]
    reach = 3 if corner else 1  # enemy models that can touch one character (1 + corners)
    for u in range(nb):
        state[u, 0] = sides[u, S_HP]
        state[u, 1] = sides[u, S_FRENZY]
        state[u, 2] = FIGHTING
        state[u, 6] = 0
        state[u, 9] = 0
        state[u, 10] = 0
        state[u, 12] = sides[u, S_FILES]  # frontage now (§1.11)
        state[u, 13] = 0  # models lapping round the enemy's flanks
        state[u, 15] = 0  # a drunk roll made at the charge, for the first round
        state[u, 17] = 0  # standard and musician lost for good (blows.strike)
        state[u, 18] = 0  # its leader fell in an earlier phase ("No Muertos", "Capitán")
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
                state[b, 6] = 0
        if horns:  # Regimientos de Renombre "Cuerno del Dragón" (resolution.horn_round)
            p, over = horn_round(buf, p, rnd, nr, sides, state, contacts, prev_winner, flags[3])
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
            state[u, 7] = -1
            chars = front_occupants(u, sides, state) if has_chars else 0
            state[u, 8] = chars
            champ = 1 if (sides[u, S_CHAMPION] != 0 and state[u, 0] > 0) else 0
            mu = models_left(state[u, 0], sides[u, S_W])
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
                n = touch[c, d] if state[u, 2] == FIGHTING and state[u, 0] > 0 else 0
                here = 0
                if champ and n > 0 and contacts[c, 2 + d] == FRONT:
                    here = 1
                    champ = 0
                    state[u, 7] = c
                start_fighters(u, c, d, kind, n, chars, here, mu, state[u, 12], groups, contacts,
                               pool)
                if stupid:
                    f = pool[c, d] + pool[c, 2 + d]
                    keep = f // 2
                    if f % 2:
                        keep += 1 if buf[p] >= 4 else 0
                        p += 1
                    front = min(pool[c, d], keep)
                    pool[c, 8 + d] -= pool[c, d] - front
                    pool[c, d] = front
                    pool[c, 2 + d] = keep - front
        scored[0] = 0
        scored[1] = 0
        for u in range(nb):
            state[u, 3] = 0
            state[u, 11] = 1 if state[u, 2] == FIGHTING else 0
            state[u, 16] = 0  # "Garras mecánicas": no I test taken yet this round
        # strike steps (§1.2), worked out once per model (CombatModel.strike_steps): a step's
        # side-0 groups are strikers lo .. mid - 1, its side-1 groups mid .. hi - 1
        for k in range(n_steps[kind]):
            lo = steps[kind, k, 0]
            mid = steps[kind, k, 1]
            hi = steps[kind, k, 2]
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
                    u = strikers[kind, q, 0]
                    gi = strikers[kind, q, 1]
                    # a character: its duel, else the enemy at its unit's front (its attacks
                    # and target in alloc[0] and alloc[2] of contact 0, the only ones read)
                    if not plain and u >= nr:
                        tgt = character_target(u, sides, state, contacts, duel_a, duel_b)
                        alloc[0, q - i, 0] = 0
                        alloc[2, q - i, 0] = tgt
                        if tgt >= 0:
                            bonus = groups[u, tgt, gi, kind, G_FRENZY_A] * state[u, 1]
                            alloc[0, q - i, 0] = groups[u, tgt, gi, kind, G_PER_MODEL] * (
                                groups[u, tgt, gi, kind, G_ATTACKS] + bonus)
                        continue
                    chars = state[u, 8]
                    # a unit: its attacks through each contact (alloc[1] and alloc[2], the
                    # blows on a character and who, are read only where alloc[0] > 0)
                    for c in range(nc):
                        alloc[0, q - i, c] = 0
                        d = end_of(u, c, contacts)
                        if d < 0:
                            continue
                        touching = touch[c, d]
                        if touching == 0 or state[u, 0] <= 0:
                            continue
                        v = contacts[c, 1 - d]
                        face_u = contacts[c, 2 + d]
                        face_v = contacts[c, 3 - d]
                        # the start's fighters less the casualties since (§1.2)
                        taken = pool[c, 4 + d]
                        if not plain and groups[u, v, gi, kind, G_BURNING]:
                            # "Cuerpo ardiente": a hit on each enemy model in contact (those
                            # of the start of the round less the front casualties since)
                            na = max(0, touch[c, 1 - d] - pool[c, 5 - d])
                        else:
                            na, p = attacks_of(buf, p, gi, u, v, kind, pool[c, d] - taken,
                                               pool[c, 2 + d] - pool[c, 6 + d],
                                               max(0, pool[c, 8 + d] - taken),
                                               state[u, 7] == c and state[u, 0] > 0, groups,
                                               state[u, 1], state[u, 14])
                        alloc[0, q - i, c] = na
                        alloc[1, q - i, c] = 0
                        alloc[2, q - i, c] = -1
                        if na == 0 or not has_chars:
                            continue
                        # attacks on enemy characters in contact (allocation policy, §1.1):
                        # all of them when no rank and file is left, else as the policy says;
                        # no character looked up when none can be attacked
                        if state[v, 0] <= 0:
                            vc = hosted_char(v, sides, state, duel_a, duel_b, False, 2)
                            if vc >= 0:
                                alloc[1, q - i, c] = na
                                alloc[2, q - i, c] = vc
                        elif (sides[u, S_ALLOC] != 0 and gi == RANK_AND_FILE and face_u == FRONT
                              and face_v == FRONT):
                            vc = hosted_char(v, sides, state, duel_a, duel_b, False, 0)
                            if vc < 0:
                                continue
                            per = groups[u, vc, gi, kind, G_PER_MODEL] * (
                                groups[u, vc, gi, kind, G_ATTACKS]
                                + groups[u, vc, gi, kind, G_FRENZY_A] * state[u, 1])
                            k = min(reach, max(0, touching - chars))
                            if sides[u, S_ALLOC] == 2:
                                k = (k + 1) // 2
                            alloc[1, q - i, c] = min(na, k * per)
                            alloc[2, q - i, c] = vc
                for q in range(i, j):
                    u = strikers[kind, q, 0]
                    gi = strikers[kind, q, 1]
                    if not plain and u >= nr:
                        na = alloc[0, q - i, 0]
                        tgt = alloc[2, q - i, 0]
                        if na == 0 or tgt < 0:
                            continue
                        duel = (u == duel_a and tgt == duel_b) or (u == duel_b and tgt == duel_a)
                        ok_now = overkill0 if s == 0 else overkill1
                        before = models_left(state[tgt, 0], sides[tgt, S_W])
                        six = kind == 0 and state[u, 10] != 0 and (
                            tgt == chg or sides[tgt, S_HOST] == chg)
                        sc, extra, p = strike(buf, p, na, groups, u, tgt, gi, kind, state, sides,
                                              duel, ok_now, six)
                        if tgt < nr:  # a unit: through its contact with the character's unit
                            lost = before - models_left(state[tgt, 0], sides[tgt, S_W])
                            ct = contact_of(sides[u, S_HOST], tgt, contacts)
                            if ct >= 0:  # lost 0 takes nothing: no branch on the dice
                                lose_fighters(tgt, ct, lost, contacts, pool)
                        scored[s] += sc + extra
                        if s == 0:
                            overkill0 += extra
                        else:
                            overkill1 += extra
                        chal[4] += extra
                        continue
                    for c in range(nc):
                        na = alloc[0, q - i, c]
                        if na == 0:
                            continue
                        v = contacts[c, 1] if contacts[c, 0] == u else contacts[c, 0]
                        nch = alloc[1, q - i, c]
                        if na > nch and state[v, 0] > 0:
                            before = models_left(state[v, 0], sides[v, S_W])
                            sc, extra, p = strike(buf, p, na - nch, groups, u, v, gi, kind, state,
                                                  sides, False, 0,
                                                  kind == 0 and state[u, 10] != 0 and v == chg)
                            scored[s] += sc
                            # (lost 0 takes nothing: no branch on how the dice fell)
                            lose_fighters(v, c, before - models_left(state[v, 0], sides[v, S_W]),
                                          contacts, pool)
                        tc = alloc[2, q - i, c]
                        if nch > 0 and tc >= 0 and state[tc, 0] > 0:
                            sc, extra, p = strike(buf, p, nch, groups, u, tc, gi, kind, state,
                                                  sides, False, 0,
                                                  kind == 0 and state[u, 10] != 0
                                                  and sides[tc, S_HOST] == chg)
                            scored[s] += sc
        # end of the phase: regeneration (§1.6); combat result counts what is left
        for u in range(nb if plain or rare & RARE_REGEN else 0):
            if sides[u, S_REGEN] <= 6 and state[u, 3] > 0 and not state[u, 9]:
                back, p = count_ge(buf, p, state[u, 3], sides[u, S_REGEN])
                back = min(back, sides[u, S_HP] - state[u, 0])
                state[u, 0] += back
                scored[1 - sides[u, S_SIDE]] -= back
        # the challenge ends when a duellist dies
        # (who won and when is recorded for the combat's first challenge to end)
        if duel_a >= 0 and (state[duel_a, 0] <= 0 or state[duel_b, 0] <= 0):
            if chal[8] == 0:
                if state[duel_b, 0] <= 0 and state[duel_a, 0] > 0:
                    chal[2] = 1
                elif state[duel_a, 0] <= 0 and state[duel_b, 0] > 0:
                    chal[3] = 1
                chal[8] = rnd + 1
            if rnd == 0:
                chal[6] = state[duel_b, 0] <= 0
                chal[7] = state[duel_a, 0] <= 0
            duel_a = -1
            duel_b = -1
        for b in range(nr, nb):
            state[b, 2] = WIPED if state[b, 0] <= 0 else state[b, 2]  # a select, not a branch
        for u in range(nr):
            if (state[u, 2] == FIGHTING and state[u, 0] <= 0
                    and chars_alive(u, sides, state) == 0):
                state[u, 2] = WIPED
        # combat result per side (§2.2)
        (us0, us1, std0, std1, mus0, mus1, gen0, gen1, bsb0, bsb1, fb0, fb1, rb0,
         rb1) = side_totals(nr, nb, sides, state, contacts, flags[4])
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
                chal[9] = 1
        if rnd == 0:
            stats[1] = scored[0]
            stats[2] = scored[1]
            stats[3] = margin
            terms[0, 0] += scored[0] - overkill0
            terms[1, 0] += scored[1] - overkill1
            terms[0, 1] += ranks_side0
            terms[1, 1] += ranks_side1
            terms[0, 2] += out0
            terms[1, 2] += out1
            terms[0, 3] += std0
            terms[1, 3] += std1
            terms[0, 4] += fb0
            terms[1, 4] += fb1
            terms[0, 5] += rb0
            terms[1, 5] += rb1
            terms[0, 6] += side_bonus[0]
            terms[1, 6] += side_bonus[1]
            terms[0, 7] += overkill0
            terms[1, 7] += overkill1
        alive0 = us0 > 0
        alive1 = us1 > 0
        if not alive0 or not alive1:
            if alive0:
                res[rnd, 0] += 1
            elif alive1:
                res[rnd, 2] += 1
            else:
                res[rnd, 1] += 1
            for u in range(nr):
                if state[u, 2] == FIGHTING:
                    state[u, 2] = WON
            break
        if margin == 0 and flags[1]:
            if mus0 and not mus1:
                margin = 1
            elif mus1 and not mus0:
                margin = -1
        w = -1
        diff = 0
        if margin == 0:
            res[rnd, 1] += 1
            prev_winner = -1
            if not captains:
                continue
        else:
            res[rnd, 0 if margin > 0 else 2] += 1
            w = 0 if margin > 0 else 1
            diff = abs(margin)
            prev_winner = w
        if w >= 0:  # a decisive round
            # every unit of the losing side tests separately (§3.2)
            for lo in range(nr):
                if sides[lo, S_SIDE] == w or state[lo, 2] != FIGHTING:
                    continue
                state[lo, 1] = 0  # frenzy is lost on losing a round, before the break test
                for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
                    state[b, 1] = 0  # by its characters too (§1.6)
                if sides[lo, S_UNBREAKABLE]:
                    continue
                gen = gen0 if sides[lo, S_SIDE] == 0 else gen1
                bsb = bsb0 if sides[lo, S_SIDE] == 0 else bsb1
                if plain:
                    broken, p = _break_test(buf, p, lo, diff, sides, state, contacts, gen, bsb,
                                            flags[2], rnd == 0)
                else:
                    broken, p = break_test(buf, p, lo, diff, sides, state, contacts, gen, bsb,
                                           flags[2], rnd == 0)
                if broken:
                    brk[rnd, lo] += 1
                    state[lo, 2] = FLEEING
                    state[lo, 5], p = sum_faces(buf, p, sides[lo, S_FLEE_DICE])
                    state[lo, 5] -= sides[lo, S_FLEE_MINUS]
            # panic (§3.4): a unit that broke or was destroyed this round makes the other units of
            # its side in the combat that did not break test (2D6 <= Ld; immune to psychology and
            # unbreakable units excepted; a single model of fewer than 5 wounds destroyed causes
            # none); failed, they flee too.  Panic does not cascade: a panicked unit causes none.
            for x in range(0 if plain else nr):  # a plain pair has no friend to panic
                if not rare & (RARE_CROWDED << sides[x, S_SIDE]):
                    continue  # no friend to panic either
                if not state[x, 11] or not (state[x, 2] == FLEEING or state[x, 2] == WIPED):
                    continue
                if state[x, 2] == WIPED and sides[x, S_HP] == sides[x, S_W] and sides[x, S_W] < 5:
                    continue
                p = panic_from(buf, p, x, nr, sides, state, gen0 if sides[x, S_SIDE] == 0 else gen1)
            for f in range(nr):
                if state[f, 2] == PANICKED:
                    state[f, 2] = FLEEING
            p = leave_and_pursue(buf, p, nr, sides, state, contacts, flags[3])
            # redress (§1.11): losers' lapping models return; winners expand or lap round
            for u in range(nr):
                if sides[u, S_SIDE] != w:
                    state[u, 13] = 0
                elif flags[F_EXPAND] and state[u, 2] == FIGHTING:
                    expand(u, sides, state, contacts)
        if captains:  # "No Muertos", "Capitán": the end of the phase the leader fell in
            p = captains_fall(buf, p, nr, sides, state)
        if settle(nr, sides, state):
            break
        if duel_a >= 0 and (state[sides[duel_a, S_HOST], 2] != FIGHTING
                            or state[sides[duel_b, S_HOST], 2] != FIGHTING):
            duel_a = -1
            duel_b = -1
    stats[0] = rounds
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
    stats = fixed_shape(stats, (STATS_FIXED + 2 * nb,))
    chal = fixed_shape(chal, (len(CHALLENGE_STATS),))
    margin_off = (out_margin.shape[1] - 1) // 2
    res = out_round_res[c]
    brk = out_breaks[c]
    terms = out_terms[c]
    p = buf.size
    rare = 0 if plain else rare_rules(flags[5], sides)
    for t in range(lo, hi):
        for k in range(1, 4):  # loops, not slices: no array view made per trial
            stats[k] = 0
        for k in range(8 + 2 * nb, stats.size):
            stats[k] = 0
        p = fight_once(buf, st, p, budget, sides, groups, strikers, steps, n_steps, flags,
                       max_rounds, contacts, ranks_tab, side_bonus, state, alloc, touch, pool,
                       scored, terms, stats, chal, res, brk, rare, plain)
        out_rounds[c, stats[0]] += 1
        if stats[0] > 0:  # a first round was fought
            out_w1[c, 0, min(max(stats[1], 0), out_w1.shape[2] - 1)] += 1
            out_w1[c, 1, min(max(stats[2], 0), out_w1.shape[2] - 1)] += 1
            out_margin[c, min(max(stats[3] + margin_off, 0), out_margin.shape[1] - 1)] += 1
        for k in range(3):
            out_charge[c, k] += stats[9 + 2 * nb + k]
        for u in range(nb):
            out_status[c, u, stats[4 + u]] += 1
            out_surv[c, u, stats[4 + nb + u]] += 1
        for side in range(2):
            lost = stats[4 + 2 * nb + side]
            out_side[c, side, 0] += stats[4 + 2 * nb + 1 - side] and not lost
            out_side[c, side, 1] += lost
            out_side[c, side, 2] += stats[6 + 2 * nb + side]
        if nb > flags[5]:
            for k in range(chal.size):
                out_chal[c, k] += chal[k]
            out_chal_end[c, chal[8]] += 1
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
