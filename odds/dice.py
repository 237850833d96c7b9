"""Exact dice distributions: the oracles the Monte Carlo is tested against.

A distribution is a probability mass function stored as a float64 array
``pmf`` indexed by the value (``pmf[k] = P(X = k)``), computed from exact
integer counts.  :func:`as_series` turns one into a labelled pandas Series.

Rules: ``RULES.md`` §0 (dice conventions), §3.1 (2D6 leadership tests),
§4.1/§4.6 (5D6 / 8D6 flee and pursuit rolls), §6.2 (artillery and scatter dice).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pandas as pd

from odds import validation as v

ARTILLERY_FACES: tuple[int | None, ...] = (2, 4, 6, 8, 10, None)
"""Artillery die faces (inches in the English game); ``None`` is the misfire."""

SCATTER_HIT_FACES = 2
"""Faces of the scatter die showing HIT (the other 4 show an arrow)."""


def d6_at_least(need: int) -> Fraction:
    """Exact P(D6 >= ``need``) for a needed roll: 1 or less is certain, 7 or more never."""
    if need <= 1:
        return Fraction(1)
    if need >= 7:
        return Fraction(0)
    return Fraction(7 - need, 6)


@lru_cache(maxsize=64)
def _counts(n: int) -> tuple[int, ...]:
    c = [1]
    for _ in range(n):
        nxt = [0] * (len(c) + 6)
        for k, x in enumerate(c):
            for f in range(1, 7):
                nxt[k + f] += x
        c = nxt
    return tuple(c)


def sum_counts(n: int) -> list[int]:
    """Exact integer counts of the sum of ``n`` D6 (index = sum; total ``6**n``).

    Use these (Python integers) where a probability must be exact to the last
    bit, e.g. outcomes that are certain.
    """
    n = v.integer("n", n, low=0, high=60)
    return list(_counts(n))


def sum_pmf(n: int) -> np.ndarray:
    """PMF of the sum of ``n`` D6.

    Parameters
    ----------
    n : int
        Number of dice, 0 to 60.

    Returns
    -------
    numpy.ndarray
        ``pmf[k] = P(sum = k)`` for ``k = 0 .. 6 n``.
    """
    n = v.integer("n", n, low=0, high=60)
    total = 6**n
    return np.array([x / total for x in _counts(n)], dtype=np.float64)


def flee_dice(move: float, flies: bool = False) -> int:
    """Number of D6 rolled (in cm) to flee or pursue (``RULES.md`` §4.1).

    5D6 cm for M <= 15 cm; 8D6 cm for M > 15 cm or a unit that flies.
    """
    move = v.number("move", move, low=0.0)
    return 8 if (move > 15.0 or v.flag("flies", flies)) else 5


def flee_pmf(move: float, flies: bool = False) -> np.ndarray:
    """PMF of a flee (or pursuit) roll in cm for a unit of movement ``move``."""
    return sum_pmf(flee_dice(move, flies))


def min_roll_reaching(distance: float) -> int:
    """Smallest integer roll (cm) that covers ``distance`` cm (>= 0).

    A roll that only touches counts (``roll >= distance``); a tolerance of
    1e-9 cm guards centimetre sums against float round-off.
    """
    return max(0, math.ceil(distance - 1e-9))


def p_at_least(pmf: np.ndarray, x: float) -> float:
    """``P(X >= x)`` for a PMF indexed by value."""
    k = max(0, int(np.ceil(x)))
    return float(pmf[k:].sum()) if k < pmf.size else 0.0


def p_at_most(pmf: np.ndarray, x: float) -> float:
    """``P(X <= x)`` for a PMF indexed by value."""
    k = int(np.floor(x))
    if k < 0:
        return 0.0
    return float(pmf[: k + 1].sum())


def p_ge(pmf_x: np.ndarray, pmf_y: np.ndarray) -> float:
    """``P(X >= Y)`` for independent ``X`` and ``Y`` given by their PMFs."""
    cdf_x_ge = np.cumsum(pmf_x[::-1])[::-1]  # cdf_x_ge[k] = P(X >= k)
    k = np.arange(pmf_y.size)
    inside = k < pmf_x.size
    return float((pmf_y[inside] * cdf_x_ge[k[inside]]).sum())


@lru_cache(maxsize=2)
def _ld_counts(cold: bool) -> tuple[int, ...]:
    """Outcomes (of 216) of a leadership roll at each total 0..18 (cold: 3D6 less the highest)."""
    counts = [0] * 19
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                counts[a + b + c - max(a, b, c) if cold else a + b] += 1
    return tuple(counts)


def leadership_pmf(cold_blooded: bool = False) -> np.ndarray:
    """PMF of a leadership roll: 2D6, or 3D6 discarding the highest die (cold-blooded).

    MDNR Mercenarios "Sangre fría": "Para todos los chequeos de Liderazgo (incluyendo
    Chequeos de Psicología y Chequeos de Desmoralización), lanza 3 dados y descartan el dado
    mayor" (RULES.md §3.1 for the 2D6 test).
    """
    return np.array(_ld_counts(bool(cold_blooded))[:13], dtype=np.float64) / 216.0


def leadership_pass(
    ld: int,
    modifier: int = 0,
    *,
    reroll: bool = False,
    insane_courage: bool = False,
    cold_blooded: bool = False,
) -> float:
    """Probability of passing a 2D6 leadership test (``RULES.md`` §3.1, §3.2).

    Pass if ``2D6 <= ld - modifier``.

    Parameters
    ----------
    ld : int
        Leadership, 2 to 10.
    modifier : int
        Amount subtracted from ``ld`` (the combat-result difference in a
        break test), >= 0.
    reroll : bool
        Re-roll a failed test once (battle standard, break tests only).
    insane_courage : bool
        Option (off by default, §3.2): a natural double 1 always passes (cold-blooded: the
        two dice kept are 1s).
    cold_blooded : bool
        Roll 3D6 and discard the highest (:func:`leadership_pmf`).

    Returns
    -------
    float
    """
    ld = v.leadership(ld)
    modifier = v.integer("modifier", modifier, low=0)
    target = ld - modifier
    pmf = leadership_pmf(cold_blooded)
    p = p_at_most(pmf, target)
    if insane_courage and target < 2:
        p = float(pmf[2])
    if reroll:
        p = 1.0 - (1.0 - p) ** 2
    return p


def artillery_pmf() -> pd.Series:
    """The artillery die: faces 2, 4, 6, 8, 10 and misfire, 1/6 each (§6.2)."""
    labels = [str(f) if f is not None else "misfire" for f in ARTILLERY_FACES]
    return pd.Series(np.full(6, 1 / 6), index=pd.Index(labels, name="face"), name="probability")


def scatter_pmf() -> pd.Series:
    """The scatter die: HIT on 2 faces, an arrow on 4 (§6.2)."""
    return pd.Series(
        [SCATTER_HIT_FACES / 6, (6 - SCATTER_HIT_FACES) / 6],
        index=pd.Index(["hit", "arrow"], name="face"),
        name="probability",
    )


def as_series(pmf: np.ndarray, name: str = "probability") -> pd.Series:
    """A PMF as a Series indexed by value, dropping impossible values."""
    s = pd.Series(pmf, index=pd.RangeIndex(pmf.size, name="value"), name=name)
    return s[s > 0]
