"""The two-unit programme: the first round's strike steps over the wounds left on each unit.

The state ``(wounds left on unit 0, wounds left on unit 1)``, the strike steps
(§1.2), regeneration at the end of the phase (§1.6), then combat result and
break tests (§2.2, §3.2) in :func:`first_round_exact`; the conventions are
:mod:`odds.combat.exact`'s.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from odds.combat.exact.attack import attack_outcomes
from odds.combat.exact.break_tests import break_probability
from odds.combat.exact.fighters import group_attacks, start_fighters, strike_steps, stupidity_cases
from odds.combat.exact.mixtures import first_round_parts, mix_results
from odds.combat.exact.wounds import (
    WoundChain,
    _flush,
    damage_matrix,
    matmul,
    models_left,
    regeneration_matrix,
)
from odds.combat.model import (
    F_MUSICIAN,
    FLANK,
    FRONT,
    G_ACTIVE,
    G_FLAMING,
    N_GROUPS,
    S_CHAMPION,
    S_FEAR,
    S_FRENZY,
    S_HP,
    S_MUSICIAN,
    S_NO_FLANK_BONUS,
    S_NO_RANK_CANCEL,
    S_REGEN,
    S_STANDARD,
    S_US,
    S_W,
    CombatModel,
)

EVENTS = ("attacker_wins", "draw", "defender_wins", "attacker_breaks", "defender_breaks")
"""First-round events of a two-unit combat, as in :func:`odds.combat.fight`."""


def _strike(p: np.ndarray, model: CombatModel, s: int, slots: list[int],
            fighters: list[tuple[int, int, int, int]], chains: list[dict[int, WoundChain]]
            ) -> np.ndarray:
    """Side ``s``'s groups ``slots`` strike together; ``p[h0, h1]`` is the state distribution."""
    sd = model.sides
    e = 1 - s
    hp_s, w_s = int(sd[s, S_HP]), int(sd[s, S_W])
    size_e, w_e = int(sd[e, S_HP]) + 1, int(sd[e, S_W])
    start = models_left(hp_s, w_s)
    p = p.copy()
    for slot in slots:
        g = slot % N_GROUPS
        row = model.groups[s, e, g, 0]
        counts = np.array([group_attacks(row, g, fighters[s], start - models_left(h, w_s),
                                         h > 0, int(sd[s, S_FRENZY])) for h in range(hp_s + 1)])
        for n in np.unique(counts):
            if n == 0:
                continue
            idx = np.nonzero(counts == n)[0]
            m = damage_matrix(row, g, int(n), w_e, size_e, chains[e])
            if s == 0:
                p[idx, :] = matmul(p[idx, :], m)
            else:
                p[:, idx] = matmul(m.T, p[:, idx])
    return _flush(p)


def regenerates(model: CombatModel, u: int, attackers: list[int]) -> bool | None:
    """Whether unit ``u`` regenerates at the end of the first round (§1.6).

    None where it depends on more than its wounds left: killing blows (not
    regenerable) on it, or flaming blows mixed with other blows (one
    flaming wound ends regeneration).
    """
    if model.sides[u, S_REGEN] > 6:
        return False
    rows = [model.groups[a, u, g, 0] for a in attackers for g in range(N_GROUPS)
            if model.groups[a, u, g, 0, G_ACTIVE]]
    if any(attack_outcomes(r)[1] for r in rows):
        return None
    flaming = [bool(r[G_FLAMING]) for r in rows]
    if any(flaming):
        return None if not all(flaming) else False  # every wound on it is a flaming one
    return True


def _dp(model: CombatModel, steps: list[tuple[list[int], list[int]]],
        fighters: list[tuple[int, int, int, int]]) -> np.ndarray:
    """The strike steps of the first round from full wounds, for given fighters."""
    sd = model.sides
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    chains: list[dict[int, WoundChain]] = [{}, {}]
    p = np.zeros((hp[0] + 1, hp[1] + 1))
    p[hp[0], hp[1]] = 1.0
    for side0, side1 in steps:
        if side0 and side1:  # equal keys: a roll-off in the first round (§1.2)
            a = _strike(_strike(p, model, 0, side0, fighters, chains), model, 1, side1, fighters,
                        chains)
            b = _strike(_strike(p, model, 1, side1, fighters, chains), model, 0, side0, fighters,
                        chains)
            p = 0.5 * (a + b)
        elif side0:
            p = _strike(p, model, 0, side0, fighters, chains)
        else:
            p = _strike(p, model, 1, side1, fighters, chains)
    return p


def contact_faces(model: CombatModel) -> tuple[int, int]:
    """The faces of unit 0 and unit 1 in contact (a flank or rear attack, §2.2)."""
    a, _b, fa, fb = (int(x) for x in model.contacts[0])
    return (fa, fb) if a == 0 else (fb, fa)


def first_round_dp(model: CombatModel) -> np.ndarray | None:
    """``P[h0, h1]``: wounds left on each unit after the first round's regeneration.

    None where the state is not enough (see the notes of :mod:`odds.combat.exact`).
    """
    if model.n_units != 2 or 0 <= model.n_regiments < 2:
        return None
    sd = model.sides
    if (sd[:, S_FEAR] == 2).any() or (sd[:, S_STANDARD] == 2).any():
        # fear while the standard is carried ("fear_with_standard"), a standard worth 1D3
        # ("Estandarte Negro de los Muktarin"): kernel only
        return None
    regen = [regenerates(model, 0, [1]), regenerates(model, 1, [0])]
    if regen[0] is None or regen[1] is None:
        return None
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    models = [models_left(hp[0], int(sd[0, S_W])), models_left(hp[1], int(sd[1, S_W]))]
    faces = contact_faces(model)
    fighters = [[start_fighters(model, s, 1 - s, models, faces[s], faces[1 - s],
                                bool(sd[s, S_CHAMPION]))] for s in (0, 1)]
    steps = strike_steps(model)
    p = np.zeros((hp[0] + 1, hp[1] + 1))
    for weight, fs in stupidity_cases(model, fighters):
        if weight > 0.0:
            p += weight * _dp(model, steps, [fs[0][0], fs[1][0]])
    if regen[0]:
        p = matmul(regeneration_matrix(hp[0], int(sd[0, S_REGEN])).T, p)
    if regen[1]:
        p = matmul(p, regeneration_matrix(hp[1], int(sd[1, S_REGEN])))
    return p


def first_round_exact(model: CombatModel) -> dict[str, Any] | None:
    """Exact first-round events and wound distributions of a two-unit combat.

    Parameters
    ----------
    model : CombatModel
        Two units, no characters (:func:`odds.combat.model.build`).

    Returns
    -------
    dict or None
        ``{"first_round": {attacker_wins, draw, defender_wins,
        attacker_breaks, defender_breaks}, "wounds": [pmf of wounds caused
        by the attacker, by the defender]}``; None where it does not apply
        (characters, killing blows on a regenerating unit, "Cuerpo ardiente", a drunk
        charger's charge test).
    """
    parts = first_round_parts(model)
    if parts is None:
        return None
    if parts:
        return mix_results([(w, first_round_exact(m)) for w, m in parts])
    p = first_round_dp(model)
    if p is None:
        return None
    sd = model.sides
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    h = [np.arange(hp[0] + 1)[:, None], np.arange(hp[1] + 1)[None, :]]
    faces = contact_faces(model)
    start_us = [models_left(hp[s], int(sd[s, S_W])) * int(sd[s, S_US]) for s in (0, 1)]
    m, us, score, mus, own_ranks = [], [], [], [], []
    for s in (0, 1):
        w = int(sd[s, S_W])
        m_s = models_left(h[s], w)
        champ, std = int(sd[s, S_CHAMPION] != 0), int(sd[s, S_STANDARD] != 0)
        # ranks at the start of the round, cancelled by an enemy of US >= 5 on a flank or rear
        cancelled = (faces[s] != FRONT and start_us[1 - s] >= 5
                     and not sd[1 - s, S_NO_RANK_CANCEL])  # herds and skirmishers cancel none
        ranks = 0 if cancelled else int(model.ranks[s, models_left(hp[s], w)])
        own_ranks.append(ranks)
        m.append(m_s)
        us.append(m_s * int(sd[s, S_US]))
        score.append((hp[1 - s] - h[1 - s]) + ranks + std * (m_s >= 1 + champ)
                     + int(model.side_bonus[s]))
        mus.append(bool(sd[s, S_MUSICIAN]) & (m_s >= 1 + champ + std))
    for s in (0, 1):  # +1 flank / +2 rear while of US >= 5 at the end of the round (§2.2)
        if faces[1 - s] != FRONT and not sd[1 - s, S_NO_FLANK_BONUS]:
            score[s] = score[s] + (1 if faces[1 - s] == FLANK else 2) * (us[s] >= 5)
    margin = score[0] + (us[0] > us[1]) - score[1] - (us[1] > us[0])
    if model.flags[F_MUSICIAN]:
        margin = margin + ((margin == 0) & mus[0] & ~mus[1]) - ((margin == 0) & mus[1] & ~mus[0])
    dead0, dead1 = us[0] == 0, us[1] == 0
    ev = dict.fromkeys(EVENTS, 0.0)
    ev["attacker_wins"] = float(p[(dead1 & ~dead0) | (~dead0 & ~dead1 & (margin > 0))].sum())
    ev["defender_wins"] = float(p[(dead0 & ~dead1) | (~dead0 & ~dead1 & (margin < 0))].sum())
    ev["draw"] = float(p[(dead0 & dead1) | (~dead0 & ~dead1 & (margin == 0))].sum())
    cache: dict[tuple[int, int, bool], float] = {}
    fighting = ~dead0 & ~dead1 & (margin != 0) & (p > 0)
    us0 = np.broadcast_to(us[0], p.shape)
    us1 = np.broadcast_to(us[1], p.shape)
    for i, j in zip(*np.nonzero(fighting), strict=True):
        lo = 1 if margin[i, j] > 0 else 0
        us_lo, us_w = (us1[i, j], us0[i, j]) if lo == 1 else (us0[i, j], us1[i, j])
        key = (lo, abs(int(margin[i, j])), bool(us_lo < us_w))
        if key not in cache:
            cache[key] = break_probability(model, lo, key[1], int(us_lo), int(us_w),
                                           own_ranks[lo])
        ev["defender_breaks" if lo == 1 else "attacker_breaks"] += p[i, j] * cache[key]
    wounds = [p.sum(axis=0)[::-1].copy(), p.sum(axis=1)[::-1].copy()]
    return {"first_round": ev, "wounds": wounds}
