"""The close-combat kernel: two units fight round after round (``RULES.md`` §8A).

Pure numba: integer arrays from :mod:`odds.combat.model` in, per-chunk
counts out.  One trial is one whole combat:

1. strike steps in order (impact hits, always-strikes-first, chargers,
   Initiative, strikes-last, mindless; equal keys: last round's winner
   first, else a roll-off), each step's casualties removed before the next;
2. regeneration at the end of the phase;
3. combat result: wounds + ranks (start of round) + outnumber + standard +
   high ground + static bonus, musician tie-break;
4. the loser: frenzy lost, then unbreakable / unstable / fear auto-break /
   2D6 break test (stubborn, General, battle standard re-roll, optional
   insane courage);
5. a broken unit flees and is pursued (caught if pursuit >= flee).

Outcome codes: see :data:`OUTCOMES`.
"""

from __future__ import annotations

import numpy as np

from odds._jit import inline, parallel_kernel, prange
from odds.combat.model import (
    G_ATTACKS,
    G_FRENZY_A,
    G_HIT,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_KB,
    G_MW,
    G_PER_MODEL,
    G_POISON,
    G_RANKS,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    IMPACT,
    MOUNT,
    N_GROUPS,
    RANK_AND_FILE,
    S_BSB,
    S_CAN_PURSUE,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_FEAR,
    S_FILES,
    S_FLEE_DICE,
    S_FRENZY,
    S_GENERAL_LD,
    S_HATRED,
    S_HIGH_GROUND,
    S_HP,
    S_ITP,
    S_LD,
    S_MUSICIAN,
    S_REGEN,
    S_STANDARD,
    S_STATIC,
    S_STUBBORN,
    S_UNBREAKABLE,
    S_UNSTABLE,
    S_US,
    S_W,
)
from odds.rng import BUFFER_DICE, CHUNK_TRIALS, fill_d6, stream_state

OUTCOMES = (
    "attacker_wiped",
    "attacker_caught",
    "attacker_escaped",
    "defender_wiped",
    "defender_caught",
    "defender_escaped",
    "unresolved",
)
UNRESOLVED = 6
ROW_COLUMNS = ("outcome", "rounds", "attacker_wounds_r1", "defender_wounds_r1", "margin_r1",
               "attacker_survivors", "defender_survivors")


@inline
def models_left(hp, w):
    """Models left from remaining wounds (one partially wounded model carries the rest)."""
    if w == 1:
        return hp
    return (hp + w - 1) // w


@inline
def count_ge(buf, p, n, target):
    """How many of the next ``n`` faces show ``target`` or more; returns ``(count, p)``."""
    t = np.uint8(target)
    c = 0
    for i in range(p, p + n):
        c += buf[i] >= t
    return c, p + n


@inline
def roll_hits(buf, p, n, hit, poison):
    """Hits and poisoned hits of ``n`` attacks needing ``hit`` (0 automatic, 7 never)."""
    if n <= 0 or hit >= 7:
        return 0, 0, p
    if hit == 0:
        return n, 0, p
    th = np.uint8(hit)
    pth = np.uint8(max(hit, poison)) if poison < 7 else np.uint8(7)
    h = 0
    ph = 0
    for i in range(p, p + n):
        h += buf[i] >= th
        ph += buf[i] >= pth
    return h, ph, p + n


@inline
def roll_wounds(buf, p, n, wound, kb):
    """Wounds and killing blows (natural 6s if ``kb``) of ``n`` hits needing ``wound``."""
    if n <= 0 or wound >= 7:
        return 0, 0, p
    th = np.uint8(wound)
    six = np.uint8(6) if kb else np.uint8(7)
    w = 0
    k6 = 0
    for i in range(p, p + n):
        w += buf[i] >= th
        k6 += buf[i] >= six
    return w, k6, p + n


@inline
def unsaved_wounds(buf, p, n_att, groups, s, gi, kind):
    """Unsaved ordinary wounds and killing blows of ``n_att`` attacks of one group.

    Returns ``(wounds, killing_blows, p)``.
    """
    hit = groups[s, gi, kind, G_HIT]
    poison = groups[s, gi, kind, G_POISON]
    hits, ph, p = roll_hits(buf, p, n_att, hit, poison)
    if groups[s, gi, kind, G_REROLL] and 2 <= hit <= 6 and hits < n_att:
        h2, ph2, p = roll_hits(buf, p, n_att - hits, hit, poison)
        hits += h2
        ph += ph2
    w, kbw, p = roll_wounds(buf, p, hits - ph, groups[s, gi, kind, G_WOUND],
                            groups[s, gi, kind, G_KB])
    armour = w - kbw + ph
    save = groups[s, gi, kind, G_SAVE]
    if save <= 6 and armour > 0:
        saved, p = count_ge(buf, p, armour, save)
        armour -= saved
    ward = groups[s, gi, kind, G_WARD]
    if ward <= 6:
        saved, p = count_ge(buf, p, armour, ward)
        armour -= saved
        saved, p = count_ge(buf, p, kbw, ward)
        kbw -= saved
    return armour, kbw, p


@inline
def apply_wounds(buf, p, hp, w, unsaved, kbw, mw):
    """Remove wounds from a unit; returns ``(hp, scored, regenerable, p)``.

    Killing blows slay the current model outright and score its remaining
    wounds; each ordinary wound becomes 1, 2, D3 or D6 wounds (``mw``),
    capped at the current model's remaining wounds (§1.6, §1.8).
    """
    scored = 0
    for _ in range(kbw):
        if hp <= 0:
            break
        rem = (hp - 1) % w + 1
        hp -= rem
        scored += rem
    if w == 1:
        d = min(unsaved, hp)
        return hp - d, scored + d, d, p
    regen = 0
    for _ in range(unsaved):
        if hp <= 0:
            break
        if mw == 0:
            dmg = 1
        elif mw == 1:
            dmg = 2
        elif mw == 2:
            dmg = (np.int64(buf[p]) + 1) // 2
            p += 1
        else:
            dmg = np.int64(buf[p])
            p += 1
        d = min(dmg, (hp - 1) % w + 1)
        hp -= d
        scored += d
        regen += d
    return hp, scored, regen, p


@inline
def attacks_of(buf, p, gi, s, kind, sides, groups, contact_tab, m0, m1, frenzied):
    """Attacks (or impact hits) group ``gi`` of side ``s`` makes now; returns ``(n, p)``.

    ``m0``, ``m1``: models left on each side.
    """
    ms = m0 if s == 0 else m1
    me = m1 if s == 0 else m0
    e = 1 - s
    if ms <= 0 or me <= 0:
        return 0, p
    files = sides[s, S_FILES]
    n = contact_tab[s, min(ms, files), min(me, sides[e, S_FILES])]
    champ = 1 if sides[s, S_CHAMPION] else 0
    attacks = groups[s, gi, kind, G_ATTACKS]
    bonus = groups[s, gi, kind, G_FRENZY_A] * frenzied
    if gi == RANK_AND_FILE:
        fighters = max(0, n - champ)
        if groups[s, gi, kind, G_RANKS] >= 2:
            fighters += min(n, max(0, min(ms - files, files)))
        return fighters * groups[s, gi, kind, G_PER_MODEL] * (attacks + bonus), p
    if gi == MOUNT:
        return n * groups[s, gi, kind, G_PER_MODEL] * attacks, p
    if gi == IMPACT:
        total = n * attacks
        k = n * groups[s, gi, kind, G_IMPACT_DICE]
        if groups[s, gi, kind, G_IMPACT_SIDES] == 3:
            for i in range(p, p + k):
                total += (np.int64(buf[i]) + 1) // 2
        else:
            for i in range(p, p + k):
                total += buf[i]
        return total, p + k
    return champ * (attacks + bonus), p  # CHAMPION


@inline
def leadership_test(buf, p, target, insane, reroll):
    """Pass a 2D6 test against ``target`` (double 1 passes if ``insane``; one re-roll).

    Returns ``(passed, p)``.
    """
    for _ in range(2 if reroll else 1):
        total = np.int64(buf[p]) + np.int64(buf[p + 1])
        p += 2
        if total <= target or (insane and total == 2):
            return True, p
    return False, p


@inline
def sum_faces(buf, p, n):
    """Sum of the next ``n`` faces; returns ``(sum, p)``."""
    t = 0
    for i in range(p, p + n):
        t += buf[i]
    return t, p + n


@inline
def fight_once(buf, st, p, budget, sides, groups, order, keys, n_order, flags, max_rounds,
               contact_tab, ranks_tab, hp, frenzied, n_att, scored, regen, stats, res, brk):
    """One whole combat; returns the dice position ``p``.

    Before each round the buffer is topped up to ``budget`` faces, an upper
    bound of what one round can use (see :func:`odds.combat.model.dice_budget`).
    Fills ``stats`` with the :data:`ROW_COLUMNS` values and adds this trial's
    round results to ``res[round, 0 attacker won | 1 draw | 2 defender won]``
    and its breaks to ``brk[round, side]``.
    """
    hp[0] = sides[0, S_HP]
    hp[1] = sides[1, S_HP]
    frenzied[0] = sides[0, S_FRENZY]
    frenzied[1] = sides[1, S_FRENZY]
    w0 = sides[0, S_W]
    w1 = sides[1, S_W]
    prev_winner = -1
    outcome = UNRESOLVED
    rounds = 0
    for rnd in range(max_rounds):
        if p + budget > buf.size:
            fill_d6(buf, st)
            p = 0
        rounds = rnd + 1
        kind = 0 if rnd == 0 else 1
        ranks0 = ranks_tab[0, models_left(hp[0], w0)]
        ranks1 = ranks_tab[1, models_left(hp[1], w1)]
        scored[0] = 0
        scored[1] = 0
        regen[0] = 0
        regen[1] = 0
        i = 0
        n = n_order[kind]
        while i < n:
            j = i
            present0 = False
            present1 = False
            while j < n and keys[kind, j] == keys[kind, i]:
                if order[kind, j] // N_GROUPS == 0:
                    present0 = True
                else:
                    present1 = True
                j += 1
            first = 0 if present0 else 1
            if present0 and present1:
                if prev_winner >= 0:
                    first = prev_winner
                else:
                    first = 0 if buf[p] <= 3 else 1  # roll-off, re-rolled ties = a fair coin
                    p += 1
            for t in range(2):
                s = first if t == 0 else 1 - first
                if (s == 0 and not present0) or (s == 1 and not present1):
                    continue
                e = 1 - s
                m0 = models_left(hp[0], w0)
                m1 = models_left(hp[1], w1)
                # every group of this side at this step strikes simultaneously
                for q in range(i, j):
                    slot = order[kind, q]
                    n_att[q - i] = 0
                    if slot // N_GROUPS == s:
                        n_att[q - i], p = attacks_of(buf, p, slot % N_GROUPS, s, kind, sides,
                                                     groups, contact_tab, m0, m1, frenzied[s])
                for q in range(i, j):
                    slot = order[kind, q]
                    if slot // N_GROUPS != s or n_att[q - i] == 0 or hp[e] <= 0:
                        continue
                    gi = slot % N_GROUPS
                    uns, kbw, p = unsaved_wounds(buf, p, n_att[q - i], groups, s, gi, kind)
                    if uns + kbw == 0:
                        continue
                    hp_e, sc, rg, p = apply_wounds(buf, p, hp[e], sides[e, S_W], uns, kbw,
                                                   groups[s, gi, kind, G_MW])
                    hp[e] = hp_e
                    scored[s] += sc
                    regen[e] += rg
            i = j
        # end of the phase: regeneration (§1.6); combat result counts what is left
        for s in range(2):
            if sides[s, S_REGEN] <= 6 and regen[s] > 0:
                back, p = count_ge(buf, p, regen[s], sides[s, S_REGEN])
                back = min(back, sides[s, S_HP] - hp[s])
                hp[s] += back
                scored[1 - s] -= back
        m0 = models_left(hp[0], w0)
        m1 = models_left(hp[1], w1)
        us0 = m0 * sides[0, S_US]
        us1 = m1 * sides[1, S_US]
        score0 = scored[0] + sides[0, S_STATIC] + sides[0, S_HIGH_GROUND] + ranks0
        score1 = scored[1] + sides[1, S_STATIC] + sides[1, S_HIGH_GROUND] + ranks1
        score0 += us0 > us1
        score1 += us1 > us0
        c0 = 1 if sides[0, S_CHAMPION] else 0
        c1 = 1 if sides[1, S_CHAMPION] else 0
        std0 = sides[0, S_STANDARD] and m0 >= 1 + c0
        std1 = sides[1, S_STANDARD] and m1 >= 1 + c1
        score0 += std0
        score1 += std1
        margin = score0 - score1
        if rnd == 0:
            stats[2] = scored[0]
            stats[3] = scored[1]
            stats[4] = margin
        if m1 == 0 and m0 > 0:
            res[rnd, 0] += 1
            outcome = 3
            break
        if m0 == 0:
            res[rnd, 2] += 1
            outcome = 0
            break
        if margin == 0 and flags[1]:
            mus0 = sides[0, S_MUSICIAN] and m0 >= 1 + c0 + (1 if sides[0, S_STANDARD] else 0)
            mus1 = sides[1, S_MUSICIAN] and m1 >= 1 + c1 + (1 if sides[1, S_STANDARD] else 0)
            if mus0 and not mus1:
                margin = 1
            elif mus1 and not mus0:
                margin = -1
        if margin == 0:
            res[rnd, 1] += 1
            prev_winner = -1
            continue
        res[rnd, 0 if margin > 0 else 2] += 1
        w = 0 if margin > 0 else 1
        lo = 1 - w
        diff = abs(margin)
        prev_winner = w
        frenzied[lo] = 0  # frenzy is lost on losing a round, before the break test
        m_lo = m1 if lo == 1 else m0
        if sides[lo, S_UNBREAKABLE]:
            continue
        if sides[lo, S_UNSTABLE]:
            hp[lo] = max(0, hp[lo] - diff)
            if hp[lo] == 0:
                outcome = 3 if lo == 1 else 0
                break
            continue
        us_lo = us1 if lo == 1 else us0
        us_w = us0 if lo == 1 else us1
        broken = False
        if (sides[w, S_FEAR] and not sides[lo, S_FEAR] and not sides[lo, S_ITP]
                and us_lo < us_w):
            broken = True  # fear auto-break (§3.2 step 3)
        else:
            ld = sides[lo, S_LD]
            if sides[lo, S_CHAMPION] and m_lo >= 1:
                ld = max(ld, sides[lo, S_CHAMPION_LD])
            gen = sides[lo, S_GENERAL_LD]
            if sides[lo, S_STUBBORN]:
                target = max(ld, gen - diff) if gen > 0 else ld
            else:
                target = max(ld, gen) - diff
            passed, p = leadership_test(buf, p, target, flags[2], sides[lo, S_BSB])
            broken = not passed
        if not broken:
            continue
        brk[rnd, lo] += 1
        flee, p = sum_faces(buf, p, sides[lo, S_FLEE_DICE])
        pursues = sides[w, S_CAN_PURSUE] != 0
        if pursues and flags[3] and not (frenzied[w] or sides[w, S_HATRED]):
            held, p = leadership_test(buf, p, sides[w, S_LD], False, False)
            pursues = not held
        caught = False
        if pursues:
            chase, p = sum_faces(buf, p, sides[w, S_FLEE_DICE])
            caught = chase >= flee
        if lo == 0:
            outcome = 1 if caught else 2
        else:
            outcome = 4 if caught else 5
        break
    stats[0] = outcome
    stats[1] = rounds
    stats[5] = models_left(hp[0], w0) if outcome not in (0, 1) else 0
    stats[6] = models_left(hp[1], w1) if outcome not in (3, 4) else 0
    return p


@parallel_kernel
def combat_kernel(key, trials, budget, sides, groups, order, keys, n_order, flags, max_rounds,
                  contact_tab, ranks_tab, out_outcome, out_rounds, out_round_res, out_breaks,
                  out_w1, out_margin, out_surv, rows):
    """Run ``trials`` combats in chunks; aggregate counts per chunk.

    ``out_round_res[c, k, r]``: round ``k`` fought and won by the attacker
    (``r = 0``), drawn (1) or won by the defender (2).  ``out_breaks[c, k, s]``:
    side ``s`` broke in round ``k``.  ``rows`` (shape ``(trials, 7)`` or
    ``(0, 7)``) receives per-trial rows when it has room.
    """
    margin_off = (out_margin.shape[1] - 1) // 2
    for c in prange(out_outcome.shape[0]):
        st = stream_state(key, c)
        buf = np.empty(max(BUFFER_DICE, 2 * budget), np.uint8)
        p = buf.size
        hp = np.zeros(2, np.int64)
        frenzied = np.zeros(2, np.int64)
        n_att = np.zeros(2 * N_GROUPS, np.int64)
        scored = np.zeros(2, np.int64)
        regen = np.zeros(2, np.int64)
        stats = np.zeros(7, np.int64)
        res = out_round_res[c]
        brk = out_breaks[c]
        lo = c * CHUNK_TRIALS
        hi = min(trials, lo + CHUNK_TRIALS)
        for t in range(lo, hi):
            stats[2:5] = 0
            p = fight_once(buf, st, p, budget, sides, groups, order, keys, n_order, flags,
                           max_rounds, contact_tab, ranks_tab, hp, frenzied, n_att, scored,
                           regen, stats, res, brk)
            outcome = stats[0]
            rounds = stats[1]
            out_outcome[c, outcome] += 1
            out_rounds[c, rounds] += 1
            out_w1[c, 0, min(stats[2], out_w1.shape[2] - 1)] += 1
            out_w1[c, 1, min(stats[3], out_w1.shape[2] - 1)] += 1
            out_margin[c, min(max(stats[4] + margin_off, 0), out_margin.shape[1] - 1)] += 1
            out_surv[c, 0, stats[5]] += 1
            out_surv[c, 1, stats[6]] += 1
            if t < rows.shape[0]:
                rows[t, :] = stats
