"""Points efficiency: what each unit of a matchup matrix achieves per 100 points.

For a unit of list A, averaged over its rows of the matrix (every opponent
and every charger, equally weighted): P(wins), the mean first-round combat
result (its own minus the enemy's), and the casualties it inflicts (models
and points); then each divided by the unit's points and multiplied by 100.
Units of list B are read from the same rows the other way round.
"""

from __future__ import annotations

import pandas as pd

from odds import validation as v
from odds.listbuilding.labels import canonical, check_lang, translate

__all__ = ["EFFICIENCY_COLUMNS", "RANK_BY", "efficiency"]

EFFICIENCY_COLUMNS = (
    "rank", "list", "unit", "points", "p_win", "mean_margin", "casualties",
    "casualties_points", "p_win_per_100", "margin_per_100", "casualties_per_100",
    "casualties_points_per_100",
)
"""Columns of :func:`efficiency`'s table."""

RANK_BY = ("p_win", "mean_margin", "casualties", "casualties_points", "p_win_per_100",
           "margin_per_100", "casualties_per_100", "casualties_points_per_100")
"""Columns :func:`efficiency` can rank by (highest first)."""

_SIDES = {
    # list: (own unit, own points, P(own win), margin sign, enemy casualties (models, points))
    "a": ("unit_a", "points_a", "p_a_wins", 1.0, "casualties_b", "casualties_points_b"),
    "b": ("unit_b", "points_b", "p_b_wins", -1.0, "casualties_a", "casualties_points_a"),
}


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
        sorted by ``rank``.  Per-100 columns are NaN for a unit of 0 points.
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
    parts = []
    for side in lists:
        unit, pts, win, sign, cas, cas_pts = _SIDES[side]
        g = m.assign(_margin=sign * m["margin"]).groupby([unit, pts], sort=False)
        t = pd.DataFrame({
            "p_win": g[win].mean(), "mean_margin": g["_margin"].mean(),
            "casualties": g[cas].mean(), "casualties_points": g[cas_pts].mean(),
        }).reset_index().rename(columns={unit: "unit", pts: "points"})
        t.insert(0, "list", side)
        parts.append(t)
    t = pd.concat(parts, ignore_index=True)
    per100 = 100.0 / t["points"].where(t["points"] > 0)
    for col, src in (("p_win_per_100", "p_win"), ("margin_per_100", "mean_margin"),
                     ("casualties_per_100", "casualties"),
                     ("casualties_points_per_100", "casualties_points")):
        t[col] = t[src] * per100
    t = t.sort_values(by, ascending=False, kind="stable", na_position="last")
    t.insert(0, "rank", range(1, len(t) + 1))
    return translate(t[list(EFFICIENCY_COLUMNS)].reset_index(drop=True), lang)
