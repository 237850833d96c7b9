"""One attack of a group row: its unsaved wounds and killing blows (§1.3-§1.6)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from odds import dice
from odds.combat.model import (
    CREW,
    G_ATTACKS,
    G_HIT,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_KB,
    G_POISON,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    IMPACT,
)


def attack_outcomes(g: np.ndarray) -> tuple[Fraction, Fraction]:
    """P(one attack of group row ``g`` is an unsaved ordinary wound), P(unsaved killing blow).

    Hit (poison: the natural roll wounds automatically; hatred re-rolls
    misses), wound (a natural 6 is a killing blow where it applies), armour
    (not against killing blows), ward (§1.3-§1.6).  Regeneration is not
    included: it comes at the end of the phase.
    """
    hit, poison = int(g[G_HIT]), int(g[G_POISON])
    if hit >= 7:
        return Fraction(0), Fraction(0)
    if hit == 0:
        p_norm, p_pois = Fraction(1), Fraction(0)
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
    ordinary = (p_norm * (p_wound - p_kb) + p_pois) * fail_save * fail_ward
    return ordinary, p_norm * p_kb * fail_ward


def attack_success(g: np.ndarray, regen: int) -> Fraction:
    """P(one attack of group row ``g`` scores a wound that stays after regeneration ``regen``+)."""
    ordinary, kb = attack_outcomes(g)
    return ordinary * (1 - dice.d6_at_least(regen)) + kb


def binomial(n: int, p: float) -> np.ndarray:
    """PMF of Binomial(``n``, ``p``) as floats (index = successes)."""
    out = np.zeros(n + 1)
    if p <= 0.0:
        out[0] = 1.0
        return out
    if p >= 1.0:
        out[n] = 1.0
        return out
    lp, lq = math.log(p), math.log1p(-p)
    lg = math.lgamma(n + 1)
    for k in range(n + 1):
        out[k] = math.exp(lg - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp
                          + (n - k) * lq)
    return out


def impact_hits_pmf(n_models: int, g: np.ndarray) -> np.ndarray:
    """PMF of the impact hits of ``n_models`` models (each ``nD6 + plus`` or ``nD3 + plus``)."""
    n, sides, plus = int(g[G_IMPACT_DICE]), int(g[G_IMPACT_SIDES]), int(g[G_ATTACKS])
    if sides == 6:
        one = dice.sum_pmf(n)
    else:
        one = np.array([1.0])
        for _ in range(n):
            one = np.convolve(one, np.array([0.0, 1 / 3, 1 / 3, 1 / 3]))
    one = np.concatenate([np.zeros(plus), one])
    total = np.array([1.0])
    for _ in range(n_models):
        total = np.convolve(total, one)
    return total


def dice_hits(row: np.ndarray, g: int) -> bool:
    """Whether group ``g``'s row makes rolled hits per model instead of attacks.

    Impact hits, or a crew row with impact dice (Demonios "Desollador"'s end-of-round 1D6
    hits).
    """
    return g == IMPACT or (g == CREW and int(row[G_IMPACT_DICE]) > 0)


def successes_pmf(row: np.ndarray, g: int, n: int) -> np.ndarray:
    """PMF of the unsaved wounds (ordinary + killing blows) of ``n`` attacks (impact: models)."""
    ordinary, kb = attack_outcomes(row)
    q = float(ordinary + kb)
    if not dice_hits(row, g):
        return binomial(n, q)
    hits = impact_hits_pmf(n, row)
    out = np.zeros(hits.size)
    for k, ph in enumerate(hits):
        if ph:
            out[: k + 1] += ph * binomial(k, q)
    return out
