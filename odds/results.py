"""Result tables: probabilities with standard errors and intervals.

Every Monte Carlo answer in the package is reported as a tidy
:class:`pandas.DataFrame` with (at least) the columns

``outcome``
    The event's name.
``probability``
    Its Monte Carlo estimate (successes / trials).
``stderr``
    The binomial standard error ``sqrt(p (1 - p) / n)``.
``ci_low``, ``ci_high``
    The 95 % Wilson score interval.
``exact``
    The exact probability where one exists, else NaN.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

Z95 = 1.959963984540054

COLUMNS = ["outcome", "probability", "stderr", "ci_low", "ci_high", "exact"]


def wilson(successes: np.ndarray | float, n: int, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a binomial proportion.

    Parameters
    ----------
    successes : array_like
        Success counts.
    n : int
        Trials.
    z : float
        Normal quantile (1.96 for 95 %).

    Returns
    -------
    (low, high) : tuple of numpy.ndarray
        Always ``low <= k / n <= high``: the rounding of ``centre - half``
        (4e-22 for ``k = 0``) never leaves the estimate outside its interval.
    """
    k = np.asarray(successes, dtype=np.float64)
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = np.clip(np.minimum(centre - half, p), 0.0, 1.0)
    high = np.clip(np.maximum(centre + half, p), 0.0, 1.0)
    return low, high


def proportion_table(
    counts: dict[str, int] | pd.Series,
    trials: int,
    exact: dict[str, float] | None = None,
    **extra: Any,
) -> pd.DataFrame:
    """A tidy table of event probabilities from success counts.

    Parameters
    ----------
    counts : mapping of outcome name to count
        Successes per outcome.
    trials : int
        Number of trials.
    exact : mapping, optional
        Exact probabilities by outcome name (missing ones become NaN).
    **extra
        Constant columns prepended to the table (e.g. ``scenario="..."``).

    Returns
    -------
    pandas.DataFrame
        Columns ``[*extra, outcome, probability, stderr, ci_low, ci_high, exact]``.
    """
    names = list(counts.keys())
    k = np.array([counts[n] for n in names], dtype=np.float64)
    p = k / trials
    lo, hi = wilson(k, trials)
    ex = exact or {}
    df = pd.DataFrame(
        {
            "outcome": names,
            "probability": p,
            "stderr": np.sqrt(p * (1 - p) / trials),
            "ci_low": lo,
            "ci_high": hi,
            "exact": [float(ex.get(n, np.nan)) for n in names],
        }
    )
    for i, (col, val) in enumerate(extra.items()):
        df.insert(i, col, val)
    df.attrs["trials"] = int(trials)
    return df


def z_scores(table: pd.DataFrame) -> pd.Series:
    """``(probability - exact) / se_exact`` per row, using the exact p's variance."""
    n = table.attrs.get("trials")
    if n is None:
        raise ValueError("table has no 'trials' attribute")
    pe = table["exact"].to_numpy()
    se = np.sqrt(pe * (1 - pe) / n)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = (table["probability"].to_numpy() - pe) / se
    z = np.where((se == 0) & (table["probability"].to_numpy() == pe), 0.0, z)
    return pd.Series(z, index=table.index, name="z")


@dataclass(frozen=True)
class Result:
    """A simulation result: its table, its inputs and how it was drawn.

    Attributes
    ----------
    table : pandas.DataFrame
        The tidy outcome table (see the module docstring).
    trials : int
        Number of trials.
    seed : int or None
        The seed that reproduces the run (``None`` if a caller's Generator was used).
    inputs : dict
        The validated inputs.
    extra : dict
        Further tables or values, by name (e.g. distributions).
    """

    table: pd.DataFrame
    trials: int
    seed: int | None
    inputs: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)

    def probability(self, outcome: str) -> float:
        """Monte Carlo probability of one outcome."""
        row = self.table.loc[self.table["outcome"] == outcome]
        if row.empty:
            raise KeyError(f"no outcome {outcome!r}; have {list(self.table['outcome'])}")
        return float(row["probability"].iloc[0])

    def exact(self, outcome: str) -> float:
        """Exact probability of one outcome (NaN where none exists)."""
        row = self.table.loc[self.table["outcome"] == outcome]
        if row.empty:
            raise KeyError(f"no outcome {outcome!r}; have {list(self.table['outcome'])}")
        return float(row["exact"].iloc[0])

    def to_frame(self) -> pd.DataFrame:
        """The outcome table (a copy)."""
        return self.table.copy()

    def _repr_html_(self) -> str:  # Jupyter
        return self.table._repr_html_()  # type: ignore[operator]

    def __str__(self) -> str:
        return format_table(self.table)


POINTS_COLUMNS = ("points", "points_a", "points_b", "points_per_model", "points_per_unit",
                  "Points", "Points A", "Points B", "Puntos", "Puntos A", "Puntos B")
"""Columns holding an army-list cost (by code, and by the list-building tables' labels in
either language): printed as :func:`format_points` prints them."""


def format_points(x: float, lang: str = "en") -> str:
    """A cost in points as a list prints it: ``150``, ``12.5`` (``12,5`` in Spanish).

    Points are whole numbers or have one decimal at most (half-point models); a
    missing value prints as ``-``.
    """
    if x is None or not np.isfinite(x):
        return "-"
    tenths = round(float(x) * 10)
    text = f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths / 10:.1f}"
    return text.replace(".", ",") if lang == "es" else text


def format_table(df: pd.DataFrame) -> str:
    """Human-readable text rendering of a result table.

    Probabilities and means take four decimals; the :data:`POINTS_COLUMNS` are
    printed by :func:`format_points`.
    """
    points = {c: format_points for c in df.columns
              if c in POINTS_COLUMNS and pd.api.types.is_numeric_dtype(df[c])}
    return df.to_string(index=False, float_format=lambda x: f"{x:.4f}", na_rep="-",
                        formatters=points or None)
