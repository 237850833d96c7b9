"""Exact first-round odds for units deep enough that casualties change nothing.

When neither unit can lose enough models in the first round to thin its
fighting ranks (casualties come off the rear, §1.8), every attack is an
independent trial and the first round is a finite convolution
(issue 3, "Correctness"): wounds each way, combat result, break tests.

Applies when each target has 1 wound per model, or has more but the attacks
on it carry neither killing blow nor multiple wounds (whose effect depends
on the wounds already on the current model).  :func:`first_round_exact`
returns ``None`` otherwise.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from odds import dice
from odds.combat.model import (
    FLANK,
    FRONT,
    G_ACTIVE,
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
    S_BASE,
    S_BSB,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_FEAR,
    S_FILES,
    S_FRENZY,
    S_GENERAL_LD,
    S_HP,
    S_ITP,
    S_LD,
    S_MUSICIAN,
    S_REGEN,
    S_SIDE,
    S_STANDARD,
    S_STUBBORN,
    S_UNBREAKABLE,
    S_UNSTABLE,
    S_US,
    S_W,
    CombatModel,
    in_contact,
    touching,
)


def attack_success(g: np.ndarray, regen: int) -> Fraction:
    """P(one attack of group row ``g`` scores a wound that stays after regeneration)."""
    hit, poison = int(g[G_HIT]), int(g[G_POISON])
    if hit == 0:
        p_norm, p_pois = Fraction(1), Fraction(0)
    elif hit >= 7:
        return Fraction(0)
    else:
        p_pois = dice.d6_at_least(max(hit, poison)) if poison < 7 else Fraction(0)
        p_norm = dice.d6_at_least(hit) - p_pois
        if g[G_REROLL]:
            miss = 1 - p_norm - p_pois
            p_norm, p_pois = p_norm * (1 + miss), p_pois * (1 + miss)
    wound = int(g[G_WOUND])
    p_wound = dice.d6_at_least(wound)
    p_kb = Fraction(1, 6) if (g[G_KB] and wound <= 6) else Fraction(0)
    fail_save = 1 - dice.d6_at_least(int(g[G_SAVE]))
    fail_ward = 1 - dice.d6_at_least(int(g[G_WARD]))
    stays = 1 - dice.d6_at_least(regen)
    ordinary = (p_norm * (p_wound - p_kb) + p_pois) * fail_save * fail_ward * stays
    return ordinary + p_norm * p_kb * fail_ward


def _binomial(n: int, p: Fraction) -> np.ndarray:
    out = np.zeros(n + 1)
    pf = float(p)
    for k in range(n + 1):
        out[k] = float(Fraction(_comb(n, k)) * p**k * (1 - p) ** (n - k)) if 0 < pf < 1 else 0.0
    if pf == 0.0:
        out[0] = 1.0
    elif pf == 1.0:
        out[n] = 1.0
    return out


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def _impact_hits_pmf(n_models: int, g: np.ndarray) -> np.ndarray:
    """PMF of the number of impact hits from ``n_models`` models."""
    n, sides, plus = int(g[G_IMPACT_DICE]), int(g[G_IMPACT_SIDES]), int(g[G_ATTACKS])
    one = dice.sum_pmf(n) if sides == 6 else _d3_sum(n)
    one = np.concatenate([np.zeros(plus), one])
    total = np.array([1.0])
    for _ in range(n_models):
        total = np.convolve(total, one)
    return total


def _d3_sum(n: int) -> np.ndarray:
    d3 = np.array([0.0, 1 / 3, 1 / 3, 1 / 3])
    out = np.array([1.0])
    for _ in range(n):
        out = np.convolve(out, d3)
    return out


def _fixed_attacks(model: CombatModel, s: int, g: int) -> int:
    sd, row = model.sides, model.groups[s, 1 - s, g, 0]
    e = 1 - s
    ms = int(sd[s, S_HP] // sd[s, S_W])
    me = int(sd[e, S_HP] // sd[e, S_W])
    files = int(sd[s, S_FILES])
    n = in_contact(min(ms, files), int(sd[s, S_BASE]), min(me, int(sd[e, S_FILES])),
                   int(sd[e, S_BASE]), bool(model.flags[0]))
    champ = int(sd[s, S_CHAMPION] != 0)
    bonus = int(row[G_FRENZY_A]) * int(sd[s, S_FRENZY])
    if g == RANK_AND_FILE:
        fighters = max(0, n - champ)
        if row[G_RANKS] >= 2:
            fighters += min(n, max(0, min(ms - files, files)))
        return fighters * int(row[G_PER_MODEL]) * (int(row[G_ATTACKS]) + bonus)
    if g == MOUNT:
        return n * int(row[G_PER_MODEL]) * int(row[G_ATTACKS])
    if g == IMPACT:
        return n  # models making impact hits
    return champ * (int(row[G_ATTACKS]) + bonus)


def _wounds_caused(model: CombatModel, s: int) -> np.ndarray | None:
    """PMF of wounds side ``s`` causes in the first round, or None if not a convolution."""
    e = 1 - s
    regen = int(model.sides[e, S_REGEN])
    w_e = int(model.sides[e, S_W])
    pmf = np.array([1.0])
    for g in range(N_GROUPS):
        row = model.groups[s, e, g, 0]
        if not row[G_ACTIVE]:
            continue
        if w_e > 1 and (row[G_KB] or row[G_MW]):
            return None
        pmf = np.convolve(pmf, _group_wounds_pmf(row, g, _fixed_attacks(model, s, g), regen))
    return pmf


def _group_wounds_pmf(row: np.ndarray, g: int, n: int, regen: int) -> np.ndarray:
    """PMF of wounds from ``n`` independent attacks of a group (impact: ``n`` models' hits)."""
    q = attack_success(row, regen)
    if g != IMPACT:
        return _binomial(n, q)
    hits = _impact_hits_pmf(n, row)
    part = np.zeros(hits.size)
    for k, ph in enumerate(hits):
        if ph:
            part[: k + 1] += ph * _binomial(k, q)
    return part


def _max_attacks(model: CombatModel, s: int) -> int:
    total = 0
    for g in range(N_GROUPS):
        row = model.groups[s, 1 - s, g, 0]
        if not row[G_ACTIVE]:
            continue
        n = _fixed_attacks(model, s, g)
        if g == IMPACT:
            n *= int(row[G_ATTACKS]) + int(row[G_IMPACT_DICE]) * int(row[G_IMPACT_SIDES])
        total += n
    return total


def _deep_enough(model: CombatModel) -> bool:
    for s in (0, 1):
        sd = model.sides[s]
        models = int(sd[S_HP] // sd[S_W])
        ranks = 2 if model.groups[s, 1 - s, RANK_AND_FILE, 0, G_RANKS] >= 2 else 1
        # every enemy attack removes at most one model (§1.8 caps wounds per model)
        if models - _max_attacks(model, 1 - s) < int(sd[S_FILES]) * ranks + 1:
            return False
    return True


def _break_probability(model: CombatModel, lo: int, diff: int, us_lo: int, us_w: int) -> float:
    """P(unit ``lo`` breaks, losing by ``diff``); fear is checked only in two-unit combats."""
    sd = model.sides
    if sd[lo, S_UNBREAKABLE] or sd[lo, S_UNSTABLE]:
        return 0.0
    if (model.n_units == 2 and sd[1 - lo, S_FEAR] and not sd[lo, S_FEAR] and not sd[lo, S_ITP]
            and us_lo < us_w):
        return 1.0
    ld = int(sd[lo, S_LD])
    if sd[lo, S_CHAMPION]:
        ld = max(ld, int(sd[lo, S_CHAMPION_LD]))
    gen = int(sd[lo, S_GENERAL_LD])
    if sd[lo, S_STUBBORN]:
        target = max(ld, gen - diff) if gen > 0 else ld
    else:
        target = max(ld, gen) - diff
    p = dice.p_at_most(dice.sum_pmf(2), target)
    if model.flags[2] and target < 2:
        p = 1 / 36
    if sd[lo, S_BSB]:
        p = 1 - (1 - p) ** 2
    return 1.0 - p


def first_round_exact(model: CombatModel) -> dict[str, Any] | None:
    """Exact first-round events and wound distributions, or None where it does not apply.

    Returns
    -------
    dict or None
        ``{"first_round": {attacker_wins, draw, defender_wins, attacker_breaks,
        defender_breaks}, "wounds": [pmf of wounds caused by the attacker,
        by the defender]}``.
    """
    if model.n_units != 2 or 0 <= model.n_regiments < 2 or not _deep_enough(model):
        return None
    pmfs = [_wounds_caused(model, 0), _wounds_caused(model, 1)]
    if pmfs[0] is None or pmfs[1] is None:
        return None
    sd = model.sides
    base = []
    for s in (0, 1):
        models = int(sd[s, S_HP] // sd[s, S_W])
        base.append(int(model.side_bonus[s] + sd[s, S_STANDARD] + model.ranks[s, models]))
    ev = dict.fromkeys(("attacker_wins", "draw", "defender_wins", "attacker_breaks",
                        "defender_breaks"), 0.0)
    for w0, p0 in enumerate(pmfs[0]):
        if p0 == 0:
            continue
        for w1, p1 in enumerate(pmfs[1]):
            if p1 == 0:
                continue
            p = p0 * p1
            # casualties: wounds caused by side 0 land on side 1 and vice versa
            m0 = -(-(int(sd[0, S_HP]) - w1) // int(sd[0, S_W]))
            m1 = -(-(int(sd[1, S_HP]) - w0) // int(sd[1, S_W]))
            us0, us1 = m0 * int(sd[0, S_US]), m1 * int(sd[1, S_US])
            margin = (w0 + base[0] + (us0 > us1)) - (w1 + base[1] + (us1 > us0))
            if margin == 0 and model.flags[1]:
                if sd[0, S_MUSICIAN] and not sd[1, S_MUSICIAN]:
                    margin = 1
                elif sd[1, S_MUSICIAN] and not sd[0, S_MUSICIAN]:
                    margin = -1
            if margin == 0:
                ev["draw"] += p
                continue
            lo = 1 if margin > 0 else 0
            ev["attacker_wins" if margin > 0 else "defender_wins"] += p
            us_lo, us_w = (us1, us0) if lo == 1 else (us0, us1)
            pb = _break_probability(model, lo, abs(margin), us_lo, us_w)
            ev["defender_breaks" if lo == 1 else "attacker_breaks"] += p * pb
    return {"first_round": ev, "wounds": pmfs}


def _directed(model: CombatModel) -> list[tuple[int, int, int, int]]:
    """Every contact both ways: ``(u, v, face of u, face of v)``."""
    out = []
    for a, b, fa, fb in model.contacts.tolist():
        out += [(a, b, fa, fb), (b, a, fb, fa)]
    return out


def _attack_counts(model: CombatModel, models: list[int]) -> dict[tuple[int, int, int], int]:
    """Attacks (impact: models making impact hits) per (u, v, group), first round."""
    sd = model.sides
    counts: dict[tuple[int, int, int], int] = {}
    champ_used = [False] * model.n_units
    for u, v, fu, fv in _directed(model):
        n = touching(model, u, fu, models[u], v, fv, models[v])
        front = fu == FRONT
        champ = bool(sd[u, S_CHAMPION]) and front and not champ_used[u] and n > 0
        if front and n > 0:
            champ_used[u] = True
        for g in range(N_GROUPS):
            row = model.groups[u, v, g, 0]
            if not row[G_ACTIVE]:
                continue
            bonus = int(row[G_FRENZY_A]) * int(sd[u, S_FRENZY])
            if g == RANK_AND_FILE:
                k = max(0, n - champ)
                if front and row[G_RANKS] >= 2:
                    files = int(sd[u, S_FILES])
                    k += min(n, max(0, min(models[u] - files, files)))
                k *= int(row[G_PER_MODEL]) * (int(row[G_ATTACKS]) + bonus)
            elif g == MOUNT:
                k = n * int(row[G_PER_MODEL]) * int(row[G_ATTACKS])
            elif g == IMPACT:
                k = n if front else 0
            else:
                k = (int(row[G_ATTACKS]) + bonus) if champ else 0
            counts[(u, v, g)] = k
    return counts


def first_round_exact_multi(model: CombatModel) -> dict[str, Any] | None:
    """Exact first round of a combat with several units per side, where it applies.

    Applies when every unit has 1 wound per model, no unit causes fear or is
    unstable, and no unit can lose enough models in the first round to change
    any attack count, face contact, or whether a flanker keeps US >= 5.

    Returns
    -------
    dict or None
        ``{"side": {"side0_wins", "draw", "side1_wins"}, "breaks": [P(unit u
        breaks in round 1)], "wounds": [pmf of wounds caused by side 0, by
        side 1]}``.
    """
    sd = model.sides
    n = model.n_units
    if 0 <= model.n_regiments < n:  # characters: not a plain convolution of unit attacks
        return None
    if any(sd[u, S_W] != 1 or sd[u, S_FEAR] or sd[u, S_UNSTABLE] for u in range(n)):
        return None
    models = [int(sd[u, S_HP]) for u in range(n)]
    counts = _attack_counts(model, models)
    worst_taken = [0] * n
    for (u, v, g), k in counts.items():
        row = model.groups[u, v, g, 0]
        if g == IMPACT:
            k *= int(row[G_ATTACKS]) + int(row[G_IMPACT_DICE]) * int(row[G_IMPACT_SIDES])
        worst_taken[v] += k
    fewest = [max(0, models[u] - worst_taken[u]) for u in range(n)]
    if _attack_counts(model, fewest) != counts:
        return None
    for u in range(n):
        if (models[u] * sd[u, S_US] >= 5) != (fewest[u] * sd[u, S_US] >= 5) or fewest[u] == 0:
            return None
    # wounds taken by each unit: independent attacks
    taken = []
    for v in range(n):
        pmf = np.array([1.0])
        regen = int(sd[v, S_REGEN])
        for (u, t, g), k in counts.items():
            if t != v or k == 0:
                continue
            pmf = np.convolve(pmf, _group_wounds_pmf(model.groups[u, v, g, 0], g, k, regen))
        taken.append(pmf)
    # per side: joint of (wounds the enemy scores on it, unit strength it loses)
    joint = []
    for s in (0, 1):
        acc = {(0, 0): 1.0}
        for v in range(n):
            if sd[v, S_SIDE] != s:
                continue
            nxt: dict[tuple[int, int], float] = {}
            for (w, us), p in acc.items():
                for k, pk in enumerate(taken[v]):
                    if pk:
                        key = (w + k, us + k * int(sd[v, S_US]))
                        nxt[key] = nxt.get(key, 0.0) + p * pk
            acc = nxt
        joint.append(acc)
    # deterministic terms: deepest uncancelled ranks, standard, flank/rear, static
    cancelled = [False] * n
    flank, rear = [0, 0], [0, 0]
    for u, v, _fu, fv in _directed(model):
        if fv != FRONT and models[u] * sd[u, S_US] >= 5:
            cancelled[v] = True
            (flank if fv == FLANK else rear)[int(sd[u, S_SIDE])] += 1
    base = []
    for s in (0, 1):
        members = [u for u in range(n) if sd[u, S_SIDE] == s]
        b = int(model.side_bonus[s])
        b += max([int(model.ranks[u, models[u]]) for u in members if not cancelled[u]] or [0])
        b += int(any(sd[u, S_STANDARD] for u in members))
        if model.flags[4]:
            b += (flank[s] > 0) + 2 * (rear[s] > 0)
        else:
            b += (flank[s] > flank[1 - s]) + 2 * (rear[s] > rear[1 - s])
        base.append(b)
    us_start = [sum(models[u] * int(sd[u, S_US]) for u in range(n) if sd[u, S_SIDE] == s)
                for s in (0, 1)]
    mus = [any(sd[u, S_MUSICIAN] for u in range(n) if sd[u, S_SIDE] == s) for s in (0, 1)]
    side_ev = {"side0_wins": 0.0, "draw": 0.0, "side1_wins": 0.0}
    breaks = [0.0] * n
    scored = [np.zeros(1), np.zeros(1)]
    for (w_on0, us_lost0), p0 in joint[0].items():
        for (w_on1, us_lost1), p1 in joint[1].items():
            p = p0 * p1
            for s, w in ((0, w_on1), (1, w_on0)):
                if scored[s].size <= w:
                    scored[s] = np.concatenate([scored[s], np.zeros(w + 1 - scored[s].size)])
                scored[s][w] += p
            us0, us1 = us_start[0] - us_lost0, us_start[1] - us_lost1
            margin = (w_on1 + base[0] + (us0 > us1)) - (w_on0 + base[1] + (us1 > us0))
            if margin == 0 and model.flags[1] and mus[0] != mus[1]:
                margin = 1 if mus[0] else -1
            if margin == 0:
                side_ev["draw"] += p
                continue
            side_ev["side0_wins" if margin > 0 else "side1_wins"] += p
            loser = 1 if margin > 0 else 0
            for u in range(n):
                if sd[u, S_SIDE] == loser:
                    breaks[u] += p * _break_probability(model, u, abs(margin), 1, 0)
    return {"side": side_ev, "breaks": breaks, "wounds": scored}
