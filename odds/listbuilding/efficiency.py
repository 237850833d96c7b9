"""Points efficiency: what each unit of a matchup matrix achieves per 100 points.

For a unit of list A, averaged over its rows of the matrix (every opponent
and every charger, equally weighted): P(wins), P(loses), P(no combat: a
charge refused at the fear or terror test), the mean first-round combat
result (its own minus the enemy's), and the casualties it inflicts (models
and points); then each divided by the unit's own points (the ``points``
column: what the unit as fielded in the matrix cost) and multiplied by 100.
Units of list B are read from the same rows the other way round.

Every value has its Monte Carlo standard error (``*_stderr``): the cells are
independent, so the error of a mean over ``k`` cells is the root of the sum
of the cells' squared errors over ``k``.  The ``rank`` counts the units
whose value is higher by more than :data:`TIE_Z` combined standard errors:
units closer than that share a rank (``tied`` is True), since another seed
could swap them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from odds import validation as v
from odds.listbuilding.labels import canonical, check_lang, translate

__all__ = ["EFFICIENCY_COLUMNS", "RANK_BY", "TIE_Z", "efficiency"]

_VALUES = ("p_win", "mean_margin", "casualties", "casualties_points", "p_win_per_100",
           "margin_per_100", "casualties_per_100", "casualties_points_per_100")

EFFICIENCY_COLUMNS = (
    "rank", "tied", "list", "unit", "points", "p_win", "p_loss", "p_no_combat", "mean_margin",
    "casualties", "casualties_points", "p_win_per_100", "margin_per_100", "casualties_per_100",
    "casualties_points_per_100", *(f"{c}_stderr" for c in _VALUES),
)
"""Columns of :func:`efficiency`'s table."""

TIE_Z = 2.0
"""Two units whose values differ by less than this many combined standard errors share a
rank."""

RANK_BY = ("p_win", "mean_margin", "casualties", "casualties_points", "p_win_per_100",
           "margin_per_100", "casualties_per_100", "casualties_points_per_100")
"""Columns :func:`efficiency` can rank by (highest first)."""

_SIDES = {
    # list: (own unit, own points, P(own win), margin sign, enemy casualties (models, points),
    #        P(own loss), s.d. of the enemy's casualties)
    "a": ("unit_a", "points_a", "p_a_wins", 1.0, "casualties_b", "casualties_points_b",
          "p_b_wins", "casualties_b_sd"),
    "b": ("unit_b", "points_b", "p_b_wins", -1.0, "casualties_a", "casualties_points_a",
          "p_a_wins", "casualties_a_sd"),
}


def _column(m: pd.DataFrame, name: str) -> pd.Series:
    """A column of the matrix, NaN where the matrix has none (a hand-made table)."""
    return m[name] if name in m.columns else pd.Series(np.nan, index=m.index)


def _cell_errors(m: pd.DataFrame, side: str) -> pd.DataFrame:
    """Each cell's standard errors of P(win), margin and casualties (models, points)."""
    _, _, win, _, cas, cas_pts, _, cas_sd = _SIDES[side]
    n = _column(m, "trials")
    p = m[win]
    fought = n * (1.0 - _column(m, "p_no_combat").fillna(0.0)
                  - _column(m, "p_fled_at_charge").fillna(0.0))
    ppm = (m[cas_pts] / m[cas].where(m[cas] > 0)).fillna(0.0)
    se_cas = _column(m, cas_sd) / np.sqrt(n)
    return pd.DataFrame({
        "p_win": np.sqrt(p * (1.0 - p) / n),
        "mean_margin": _column(m, "margin_sd") / np.sqrt(fought.where(fought > 0)),
        "casualties": se_cas, "casualties_points": se_cas * ppm,
    }, index=m.index)


def _shared_ranks(values: pd.Series, errors: pd.Series) -> list[int]:
    """1 + the number of values higher by more than :data:`TIE_Z` combined errors."""
    x, e = values.to_numpy(float), errors.fillna(0.0).to_numpy(float)
    gap = x[None, :] - x[:, None]
    z = TIE_Z * np.sqrt(e[None, :] ** 2 + e[:, None] ** 2)
    return [1 + int(np.sum((gap[i] > z[i]) & np.isfinite(gap[i]))) for i in range(x.size)]


def efficiency(matrix: pd.DataFrame, *, by: str = "p_win_per_100", lang: str = "en",
               lists: str = "ab") -> pd.DataFrame:
    """Rank the units of a matchup matrix by what they achieve per 100 points.

    Parameters
    ----------
    matrix : pandas.DataFrame
        A :func:`~odds.listbuilding.matrix.matchup_matrix` table (English or
        Spanish labels).
    by : str
        Column to rank by, highest first (:data:`RANK_BY`).
    lang : {"en", "es"}
        Labels of the returned table.
    lists : {"ab", "a", "b"}
        Which lists' units to rank.

    Returns
    -------
    pandas.DataFrame
        :data:`EFFICIENCY_COLUMNS`, one row per unit (and points value),
        sorted by ``by``; ``rank`` is shared by units within :data:`TIE_Z`
        standard errors of each other (``tied``).  Per-100 columns are NaN
        for a unit of 0 points; standard errors are NaN for a matrix without
        ``trials`` and standard-deviation columns.  ``attrs["per"]`` says
        what the per-100 columns divide by.
    """
    check_lang(lang)
    v.choice("by", by, RANK_BY)
    v.choice("lists", lists, ("ab", "a", "b"))
    m = canonical(matrix)
    missing = {c for s in _SIDES.values() for c in (s[0], s[1], s[2], s[4], s[5])} | {"margin"}
    missing -= set(m.columns)
    if missing:
        raise v.OddsInputError(f"matrix: not a matchup matrix, missing columns "
                               f"{', '.join(sorted(missing))}")
    if m.empty:
        raise v.OddsInputError("matrix: no rows")
    t = pd.concat([_per_unit(m, side) for side in lists], ignore_index=True)
    per100 = 100.0 / t["points"].where(t["points"] > 0)
    for col, src in (("p_win_per_100", "p_win"), ("margin_per_100", "mean_margin"),
                     ("casualties_per_100", "casualties"),
                     ("casualties_points_per_100", "casualties_points")):
        t[col] = t[src] * per100
        t[f"{col}_stderr"] = t[f"{src}_stderr"] * per100
    t = t.sort_values(by, ascending=False, kind="stable", na_position="last")
    ranks = _shared_ranks(t[by], t[f"{by}_stderr"])
    t.insert(0, "rank", ranks)
    t.insert(1, "tied", pd.Series(ranks).duplicated(keep=False).to_numpy())
    out = translate(t[list(EFFICIENCY_COLUMNS)].reset_index(drop=True), lang)
    out.attrs["per"] = PER_NOTE[lang]
    return out


PER_NOTE = {
    "en": "per 100 points of the unit's own cost as fielded (the points column), averaged "
          "over every opponent and charge; units sharing a rank are within 2 standard errors",
    "es": "por cada 100 puntos del coste de la propia unidad tal como se despliega (columna "
          "de puntos), media de todos los rivales y cargas; las unidades con el mismo puesto "
          "están a menos de 2 errores estándar",
}
"""What the per-100 columns of :func:`efficiency` divide by, by language."""


def _per_unit(m: pd.DataFrame, side: str) -> pd.DataFrame:
    """One list's units: means over their cells and the standard errors of the means."""
    unit, pts, win, sign, cas, cas_pts, loss, _ = _SIDES[side]
    err = _cell_errors(m, side)
    frame = m.assign(_margin=sign * m["margin"], _no_combat=_column(m, "p_no_combat"),
                     **{f"_se_{k}": err[k] ** 2 for k in err.columns})
    g = frame.groupby([unit, pts], sort=False)
    k = g[win].count()
    t = pd.DataFrame({
        "p_win": g[win].mean(), "p_loss": g[loss].mean(), "p_no_combat": g["_no_combat"].mean(),
        "mean_margin": g["_margin"].mean(),
        "casualties": g[cas].mean(), "casualties_points": g[cas_pts].mean(),
        **{f"{c}_stderr": np.sqrt(g[f"_se_{c}"].sum(min_count=1)) / k for c in err.columns},
    }).reset_index().rename(columns={unit: "unit", pts: "points"})
    t.insert(0, "list", side)
    return t
