"""Wounds on a unit: damage matrices over its wounds left (§1.6, §1.8), regeneration."""

from __future__ import annotations

import numpy as np

from odds import dice
from odds.combat.exact.attack import attack_outcomes, binomial, dice_hits, successes_pmf
from odds.combat.model import G_MW
from odds.combat.model.thresholds import ALL_WOUNDS

TINY = 1e-280
"""Probabilities below this are dropped from the state distribution (they would be subnormal)."""


def shift_matrix(pmf: np.ndarray, size: int) -> np.ndarray:
    """``M[h, h']``: ``d ~ pmf`` wounds, one each, off ``h`` wounds left (never below 0)."""
    m = np.zeros((size, size))
    h = np.arange(size)
    for d, pd in enumerate(pmf):
        if pd:
            m[h, np.maximum(h - d, 0)] += pd
    return m


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` without BLAS threads.

    The matrices here are small (up to a few hundred rows); a threaded BLAS
    on a busy machine made one 121 x 121 product 170 times slower than a
    single-threaded one (measured: 31 ms against 0.18 ms), ``einsum``'s own
    loop takes 0.9 ms whatever the load.
    """
    return np.einsum("ij,jk->ik", a, b)


def _flush(a: np.ndarray) -> np.ndarray:
    """Zero the probabilities below 1e-280 (subnormal floats make matrix products crawl)."""
    a[a < TINY] = 0.0
    return a


def _wound_amounts(mw: int) -> dict[int, float]:
    """Wounds one unsaved ordinary wound becomes (by ``G_MW`` code).

    1, 2, D3 or D6 (codes 0..3), or doubled against a flammable target: 2 x D3, 2 x D6, 4
    (codes 4..6); code 7 (a chariot wrecked, RULES.md §1.12) more than any model has, which
    :class:`WoundChain` caps at the current model's remaining wounds.
    """
    if mw == 0:
        return {1: 1.0}
    if mw == 1:
        return {2: 1.0}
    if mw == 2:
        return {a: 1 / 3 for a in (1, 2, 3)}
    if mw == 3:
        return {a: 1 / 6 for a in range(1, 7)}
    if mw == 4:
        return {2 * a: 1 / 3 for a in (1, 2, 3)}
    if mw == 5:
        return {2 * a: 1 / 6 for a in range(1, 7)}
    if mw == 6:
        return {4: 1.0}
    return {ALL_WOUNDS: 1.0}


class WoundChain:
    """Wounds left on a unit of ``w``-wound models under ordinary wounds and killing blows.

    ``ordinary[h, h']``: one ordinary wound (``mw``: 1, 2, D3, D6) capped at
    the current model's remaining wounds; ``kill_to[h]``: one killing blow
    slays the current model (§1.6, §1.8, :func:`odds.combat.blows.apply_wounds`).
    """

    def __init__(self, w: int, mw: int, size: int) -> None:
        self.size = size
        h = np.arange(size)
        rem = np.where(h > 0, (h - 1) % w + 1, 0)
        self.kill_to = h - rem
        self.ordinary = np.zeros((size, size))
        for a, pa in _wound_amounts(mw).items():
            self.ordinary[h, h - np.minimum(a, rem)] += pa
        self._powers: dict[float, list[np.ndarray]] = {}
        self._matrices: dict[tuple[int, float, float], np.ndarray] = {}

    def attempts(self, r: float, m: int) -> np.ndarray:
        """Wounds left after ``m`` attempts each an ordinary wound with probability ``r``.

        ``sum_o Binomial(m, r)(o) ordinary ** o = (r ordinary + (1 - r) I) ** m``.
        """
        if r not in self._powers:
            self._powers[r] = [np.eye(self.size)]
        powers = self._powers[r]
        if len(powers) <= m:
            step = r * self.ordinary + (1.0 - r) * np.eye(self.size)
            while len(powers) <= m:
                powers.append(_flush(matmul(powers[-1], step)))
        return powers[m]

    def matrix(self, n: int, p_ordinary: float, p_kill: float) -> np.ndarray:
        """Wounds left after ``n`` attacks: killing blows first, then ordinary wounds.

        ``sum_k Binomial(n, p_kill)(k) kill ** k attempts(n - k)``, the
        attacks that are not killing blows being ordinary wounds with
        probability ``p_ordinary / (1 - p_kill)``.
        """
        key = (n, p_ordinary, p_kill)
        if key in self._matrices:
            return self._matrices[key]
        r = p_ordinary / (1.0 - p_kill) if p_kill < 1.0 else 0.0
        out = np.zeros((self.size, self.size))
        rows = np.arange(self.size)
        for k, pk in enumerate(binomial(n, p_kill)):
            if pk > 0.0:
                out += pk * self.attempts(r, n - k)[rows]  # kill ** k: a map of the rows
            rows = self.kill_to[rows]
        self._matrices[key] = out
        return out


def damage_matrix(row: np.ndarray, g: int, n: int, w: int, size: int,
                  chains: dict[int, WoundChain]) -> np.ndarray:
    """``M[h, h']`` of ``n`` attacks (impact: ``n`` models) of group row ``row`` on a unit.

    ``w``: the target's wounds per model; ``size``: its starting wounds + 1.
    """
    mw = int(row[G_MW])
    ordinary, kb = (float(x) for x in attack_outcomes(row))
    if w == 1 or (kb == 0.0 and mw == 0) or dice_hits(row, g):
        return shift_matrix(successes_pmf(row, g, n), size)
    if mw not in chains:
        chains[mw] = WoundChain(w, mw, size)
    return chains[mw].matrix(n, ordinary, kb)


def regeneration_matrix(start: int, need: int) -> np.ndarray:
    """``R[h, h']``: each of the ``start - h`` wounds suffered comes back on ``need``+ (§1.6)."""
    p = float(dice.d6_at_least(need))
    r = np.zeros((start + 1, start + 1))
    for h in range(start + 1):
        r[h, h:] = binomial(start - h, p)
    return r


def models_left(hp: np.ndarray | int, w: int) -> np.ndarray | int:
    """Models left from wounds left (a model falls with its last wound, §1.8)."""
    return (hp + w - 1) // w
