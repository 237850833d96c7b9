"""Figures of list-building tables: heatmap, efficiency scatter, sweep curves.

matplotlib is imported lazily; every function takes ``ax=None`` (a new
figure) and returns the Axes.  Labels follow ``lang`` (:mod:`.labels`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from odds import validation as v
from odds.i18n import term
from odds.listbuilding.labels import COLUMNS, VALUES, canonical, check_lang, label
from odds.plot import decimal_mark

__all__ = ["efficiency_scatter", "heatmap", "sweep_plot"]

_PROBABILITIES = ("p_a_wins", "p_b_wins", "p_unresolved", "p_no_combat", "p_a_destroyed",
                  "p_a_caught", "p_a_flees", "p_b_destroyed", "p_b_caught", "p_b_flees",
                  "p_fled_at_charge")
_HEAT_VALUES = (*_PROBABILITIES, "margin", "casualties_a", "casualties_b",
                "casualties_points_a", "casualties_points_b")

_TITLES = {
    "en": {"mean": "mean of both charges", "charger": "charge: {}"},
    "es": {"mean": "media de ambas cargas", "charger": "carga: {}"},
}


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=size)
    return ax


def heatmap(matrix: pd.DataFrame, value: str = "p_a_wins", *, charger: str | None = None,
            ax: Any = None, lang: str | None = None, annotate: bool = True) -> Any:
    """Heatmap of a matchup matrix: list A's units down, list B's across.

    Parameters
    ----------
    matrix : pandas.DataFrame
        A :func:`~odds.listbuilding.matrix.matchup_matrix` table.
    value : str
        Column shown (a probability, ``margin`` or a casualties column).
    charger : {"a", "b", "none"} or None
        Rows with this charger; None: the only one present, else the mean
        over all chargers.
    ax : matplotlib Axes, optional
    lang : {"en", "es"}, optional
        Labels; default the table's own (``attrs["lang"]``) or English.
    annotate : bool
        Write each cell's value in it.

    Returns
    -------
    matplotlib.axes.Axes
    """
    lang = check_lang(lang or matrix.attrs.get("lang", "en"))
    v.choice("value", value, _HEAT_VALUES)
    m = canonical(matrix)
    present = list(dict.fromkeys(m["charger"]))
    if charger is not None:
        v.choice("charger", charger, tuple(present))
        m = m[m["charger"] == charger]
        title = _TITLES[lang]["charger"].format(VALUES["charger"][lang][charger])
    elif len(present) == 1:
        title = _TITLES[lang]["charger"].format(VALUES["charger"][lang][present[0]])
    else:
        title = _TITLES[lang]["mean"]
    rows = list(dict.fromkeys(m["unit_a"]))
    cols = list(dict.fromkeys(m["unit_b"]))
    grid = m.pivot_table(index="unit_a", columns="unit_b", values=value, aggfunc="mean",
                         sort=False).reindex(index=rows, columns=cols)
    z = grid.to_numpy(dtype=float)
    longest = max(len(str(r)) for r in rows)
    ax = _axes(ax, (max(6.0, 2.5 + 0.08 * longest + 0.8 * len(cols)),
                    max(4.0, 2.2 + 0.45 * len(rows))))
    if value in _PROBABILITIES:
        kw: dict[str, Any] = {"cmap": "RdBu", "vmin": 0.0, "vmax": 1.0}
    else:
        top = float(np.nanmax(np.abs(z))) or 1.0
        kw = {"cmap": "RdBu", "vmin": -top, "vmax": top} if value == "margin" else \
            {"cmap": "Reds", "vmin": 0.0, "vmax": top}
    im = ax.imshow(z, aspect="auto", **kw)
    ax.figure.colorbar(im, ax=ax, label=label(value, lang))
    ax.set_xticks(range(len(cols)), cols, rotation=40, ha="right")
    ax.set_yticks(range(len(rows)), rows)
    ax.set_xlabel(label("unit_b", lang))
    ax.set_ylabel(label("unit_a", lang))
    ax.set_title(f"{label(value, lang)} ({title})")
    if annotate:
        fmt = "{:.2f}" if value in _PROBABILITIES else "{:.1f}"
        lo, hi = kw["vmin"], kw["vmax"]
        for i in range(z.shape[0]):
            for j in range(z.shape[1]):
                if np.isfinite(z[i, j]):
                    t = (z[i, j] - lo) / (hi - lo) if hi > lo else 0.5
                    ax.text(j, i, fmt.format(z[i, j]), ha="center", va="center", fontsize=8,
                            color="white" if abs(t - 0.5) > 0.35 else "black")
    decimal_mark(ax.figure, lang)
    return ax


def efficiency_scatter(table: pd.DataFrame, x: str = "p_win_per_100",
                       y: str = "casualties_points_per_100", *, ax: Any = None,
                       lang: str | None = None) -> Any:
    """Scatter of an efficiency table (:func:`~odds.listbuilding.efficiency.efficiency`).

    One labelled dot per unit, circles for list A and squares for list B.

    Returns
    -------
    matplotlib.axes.Axes
    """
    t = canonical(table)
    lang = check_lang(lang or _lang_of(table))
    for name, col in (("x", x), ("y", y)):
        if col not in t.columns:
            raise v.OddsInputError(f"{name}: no column {col!r} in the efficiency table")
    ax = _axes(ax, (7.0, 5.0))
    for side, marker in (("a", "o"), ("b", "s")):
        part = t[t["list"] == side]
        if part.empty:
            continue
        name = f"{label('list', lang)} {VALUES['list'][lang][side]}"
        ax.scatter(part[x], part[y], marker=marker, label=name)
        for _, r in part.iterrows():
            ax.annotate(str(r["unit"]), (r[x], r[y]), textcoords="offset points",
                        xytext=(4, 3), fontsize=8)
    ax.set_xlabel(label(x, lang))
    ax.set_ylabel(label(y, lang))
    ax.grid(alpha=0.3)
    ax.legend()
    decimal_mark(ax.figure, lang)
    return ax


def sweep_plot(table: pd.DataFrame, x: str, y: str = "p_a_wins", *,
               hue: str | Sequence[str] | None = None, ax: Any = None,
               lang: str | None = None, title: str | None = None) -> Any:
    """Line plot of a :func:`~odds.listbuilding.sweep.sweep` table: ``y`` against ``x``.

    Parameters
    ----------
    table : pandas.DataFrame
    x, y : str
        Columns on the axes.
    hue : str, sequence of str or None
        Columns whose value combinations get one line each, named in the
        legend; None: every other swept parameter that takes more than one
        value (``table.attrs["params"]``), so no line joins points of
        different settings.
    ax : matplotlib Axes, optional
    lang : {"en", "es"}, optional
    title : str, optional
        Default: the two units' names (``"Unit A against Unit B"``).

    Returns
    -------
    matplotlib.axes.Axes
    """
    t = canonical(table)
    lang = check_lang(lang or table.attrs.get("lang", "en"))
    if hue is None:
        params = [canonical_name(p) for p in table.attrs.get("params", ())]
        hues = [p for p in params if p != x and p in t.columns and t[p].nunique() > 1]
    else:
        hues = [hue] if isinstance(hue, str) else list(hue)
    for name, col in (("x", x), ("y", y), *(("hue", h) for h in hues)):
        if col not in t.columns:
            raise v.OddsInputError(f"{name}: no column {col!r} in the sweep table")
    ax = _axes(ax, (7.0, 4.5))
    groups = [((), t)] if not hues else list(t.groupby(hues, sort=False))
    words = not pd.api.types.is_numeric_dtype(t[x])  # a weapon: in order, named as read
    ticks = list(dict.fromkeys(t[x])) if words else []
    for key, part in groups:
        values = key if isinstance(key, tuple) else (key,)
        name = ", ".join(f"{label(h, lang)} = {_shown(h, k, lang)}"
                         for h, k in zip(hues, values, strict=True)) or None
        where = [ticks.index(k) for k in part[x]] if words else part[x]
        ax.plot(where, part[y], marker="o", label=name)
    if words:
        ax.set_xticks(range(len(ticks)), [str(_shown(x, k, lang)) for k in ticks])
    elif pd.api.types.is_integer_dtype(t[x]):  # models, files: whole numbers only
        ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel(label(x, lang))
    ax.set_ylabel(label(y, lang))
    if y in _PROBABILITIES:
        ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    if hues:
        ax.legend()
    ax.set_title(title if title is not None else _pair_title(t, lang))
    decimal_mark(ax.figure, lang)
    return ax


_AGAINST = {"en": "{a} against {b}", "es": "{a} contra {b}"}
"""Default title of a sweep plot, by language."""


def _shown(column: str, value: Any, lang: str) -> Any:
    """A coded value as displayed (``charger`` ``a`` → ``A``).

    Weapons, armour and troop types are named as a player reads them: ``great_weapon`` →
    ``great weapon`` (``Arma a dos manos`` in Spanish).
    """
    if column in ("weapon", "armour", "troop_type") and isinstance(value, str):
        return term(column, value, lang)
    return VALUES.get(column, {}).get(lang, {}).get(value, value)


def _pair_title(t: pd.DataFrame, lang: str) -> str:
    """``"Unit A against Unit B"`` from the table's unit names (joined when several)."""
    a = " / ".join(dict.fromkeys(map(str, t["unit_a"]))) if "unit_a" in t.columns else "A"
    b = " / ".join(dict.fromkeys(map(str, t["unit_b"]))) if "unit_b" in t.columns else "B"
    return _AGAINST[lang].format(a=a, b=b)


def canonical_name(name: str) -> str:
    """The English name of a column label (its Spanish label or itself)."""
    for key, labels in COLUMNS.items():
        if name in labels.values():
            return key
    return name


def _lang_of(table: pd.DataFrame) -> str:
    if "lang" in table.attrs:
        return str(table.attrs["lang"])
    return "es" if "Unidad" in table.columns else "en"
