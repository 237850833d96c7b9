"""matplotlib figures.

matplotlib is imported lazily; every function takes ``ax=None`` (a new
figure) and returns the Axes it drew on.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from odds.results import Result


SIDE_COLOURS: dict[str, str] = {"attacker": "tab:blue", "defender": "tab:red",
                                "neither": "tab:gray"}
"""One colour per side in every figure: the attacker (or my unit) blue, the defender red."""

WORDS: dict[str, dict[str, str]] = {
    "en": {"probability": "probability", "simulated": "simulated", "exact": "exact",
           "trials": "trials", "turn": "turn", "cumulative": "cumulative probability",
           "rallied": "rallied", "off_table": "fled off the table",
           "target_flees": "target M {m} cm, flees {n}D6", "gap": "gap before the flee (cm)",
           "caught": "caught", "escaped": "escaped",
           "line_dots": "line: exact; dots: simulated"},
    "es": {"probability": "probabilidad", "simulated": "simulado", "exact": "exacto",
           "trials": "simulaciones", "turn": "turno", "cumulative": "probabilidad acumulada",
           "rallied": "se reagrupa", "off_table": "huye fuera de la mesa",
           "target_flees": "objetivo M {m} cm, huye {n}D6",
           "gap": "distancia antes de huir (cm)", "caught": "atrapada", "escaped": "escapa",
           "line_dots": "línea: exacta; puntos: simulados"},
}
"""Axis and legend words of the figures, by language."""


DECIMAL_MARKS: dict[str, str] = {"en": ".", "es": ","}
"""The decimal mark of each language: ``0.5`` in English, ``0,5`` in Spanish."""

_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def with_decimal_mark(text: str, lang: str) -> str:
    """``text`` with every decimal point between two digits written in ``lang``'s mark."""
    mark = DECIMAL_MARKS.get(lang, ".")
    return text if mark == "." else _DECIMAL_POINT.sub(mark, text)


def _decimal_formatter(inner: Any, lang: str) -> Any:
    """A tick formatter writing ``inner``'s labels with ``lang``'s decimal mark."""
    from matplotlib.ticker import Formatter

    class DecimalMark(Formatter):
        """Delegates to the axis's own formatter, then swaps the decimal mark."""

        def __init__(self) -> None:
            self.inner, self.lang = inner, lang

        def __call__(self, x: float, pos: int | None = None) -> str:
            return with_decimal_mark(self.inner(x, pos), self.lang)

        def format_ticks(self, values: Any) -> list[str]:
            return [with_decimal_mark(t, self.lang) for t in self.inner.format_ticks(values)]

        def format_data(self, value: float) -> str:
            return with_decimal_mark(self.inner.format_data(value), self.lang)

        def format_data_short(self, value: float) -> str:
            return with_decimal_mark(self.inner.format_data_short(value), self.lang)

        def get_offset(self) -> str:
            return with_decimal_mark(self.inner.get_offset(), self.lang)

        def set_locs(self, locs: Any) -> None:
            self.inner.set_locs(locs)

        def set_axis(self, axis: Any) -> None:
            super().set_axis(axis)
            self.inner.set_axis(axis)

    return DecimalMark()


def decimal_mark(fig: Any, lang: str) -> None:
    """Write every number drawn in ``fig`` with ``lang``'s decimal mark.

    Every Axes of the figure (colour bars included) gets tick formatters that
    delegate to its own and swap the mark, and the texts drawn in the Axes
    (bar labels, cell values, annotations) are rewritten.  English keeps the
    point; calling it twice does nothing more.
    """
    if DECIMAL_MARKS.get(lang, ".") == ".":
        return
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for get, put in ((axis.get_major_formatter, axis.set_major_formatter),
                             (axis.get_minor_formatter, axis.set_minor_formatter)):
                inner = get()
                if getattr(inner, "lang", None) != lang:
                    put(_decimal_formatter(inner, lang))
        for text in ax.texts:
            text.set_text(with_decimal_mark(text.get_text(), lang))


def small_print(fig: Any, text: str) -> None:
    """Put ``text`` (trials, seed) in small grey print at the bottom right of ``fig``."""
    fig.text(0.995, 0.005, text, ha="right", va="bottom", fontsize=7, color="0.4")


def interval_errors(t: pd.DataFrame) -> np.ndarray:
    """Error-bar lengths ``[p - ci_low, ci_high - p]``, never negative (rounding at 0 and 1)."""
    return np.clip(np.vstack([t["probability"] - t["ci_low"],
                              t["ci_high"] - t["probability"]]), 0.0, None)


def _axes(ax: Axes | None, figsize: tuple[float, float] = (6.4, 4.0)) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=figsize)
    return ax


def outcome_bars(result: Result, ax: Axes | None = None, title: str | None = None, *,
                 labels: dict[str, str] | None = None, colours: dict[str, str] | None = None,
                 lang: str = "en") -> Axes:
    """Bar chart of outcome probabilities with 95 % intervals and exact markers.

    Parameters
    ----------
    result : Result
        Any result with an outcome table.
    ax : matplotlib Axes, optional
    title : str, optional
        The question the figure answers.
    labels : dict, optional
        Display words of the outcomes (default: the outcome codes).
    colours : dict, optional
        Bar colour per outcome (default blue).
    lang : {"en", "es"}
        Language of the axis and legend words.
    """
    ax = _axes(ax)
    w = WORDS[lang]
    t = result.table
    x = np.arange(len(t))
    names = [str(o) for o in t["outcome"]]
    colour = [(colours or {}).get(o, "tab:blue") for o in names]
    ax.bar(x, t["probability"], yerr=interval_errors(t), capsize=4, color=colour, alpha=0.8,
           label=f"{w['simulated']} (95 %)")
    if t["exact"].notna().any():
        ax.scatter(x, t["exact"], marker="_", s=600, color="black", zorder=3, label=w["exact"])
    ax.set_xticks(x, [(labels or {}).get(o, o) for o in names])
    ax.set_ylim(0, 1)
    ax.set_ylabel(w["probability"])
    if title:
        ax.set_title(title, fontsize="medium")
    ax.legend(loc="upper right")
    decimal_mark(ax.figure, lang)
    return ax


def catch_curve(sweep: pd.DataFrame, ax: Axes | None = None, outcome: str = "caught", *,
                lang: str = "en") -> Axes:
    """P(outcome) against the gap: exact curves and simulated points (±2 se).

    Parameters
    ----------
    sweep : pandas.DataFrame
        The output of :func:`odds.charge.charge_sweep`.
    ax : matplotlib Axes, optional
    outcome : str
        Which outcome to plot.
    lang : {"en", "es"}
        Language of the labels (and the decimal mark).
    """
    ax = _axes(ax)
    w = WORDS[lang]
    from matplotlib.legend_handler import HandlerTuple

    df = sweep[sweep["outcome"] == outcome]
    handles, labels = [], []
    for (tm, nd), g in df.groupby(["target_move", "flee_dice"], sort=True):
        line = ax.plot(g["distance"], g["exact"], lw=1.5)[0]
        dots = ax.errorbar(g["distance"], g["probability"], yerr=2 * g["stderr"], fmt="o",
                           ms=3, color=line.get_color())
        handles.append((line, dots))
        labels.append(w["target_flees"].format(m=f"{tm:g}", n=nd))
    ax.set_xlabel(w["gap"])
    ax.set_ylabel(f"P({w.get(outcome, outcome)})")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    # one entry per target (its line is exact, its dots simulated), so the legend stays small
    ax.legend(handles, labels, handler_map={tuple: HandlerTuple(ndivide=None)},
              fontsize="small", title=w["line_dots"],
              title_fontsize="small")
    decimal_mark(ax.figure, lang)
    return ax


def flight_curve(result: Result, ax: Axes | None = None, *,
                 labels: dict[str, str] | None = None, title: str | None = None,
                 lang: str = "en") -> Axes:
    """Cumulative P(rallied) and P(off the table) by turn for a fleeing unit."""
    ax = _axes(ax)
    w = WORDS[lang]
    t = result.table
    colours = {"rallied": "tab:green", "off_table": "tab:red"}
    for name, g in t.groupby("outcome", sort=False):
        word = (labels or {}).get(str(name)) or w.get(str(name), str(name))
        line = ax.plot(g["turn"], g["exact"], lw=1.5, color=colours.get(str(name)),
                       label=f"{word} ({w['exact']})")[0]
        ax.errorbar(g["turn"], g["probability"], yerr=2 * g["stderr"], fmt="o",
                    color=line.get_color(), label=f"{word} ({w['simulated']})")
    ax.set_xlabel(w["turn"])
    ax.set_ylabel(w["cumulative"])
    ax.set_ylim(-0.02, 1.02)
    ax.set_xticks(sorted(t["turn"].unique()))
    ax.grid(alpha=0.3)
    if title:
        ax.set_title(title, fontsize="medium")
    ax.legend(fontsize="small")
    decimal_mark(ax.figure, lang)
    return ax


def distribution(df: pd.DataFrame, x: str, ax: Axes | None = None, *, lang: str = "en",
                 **kw: Any) -> Axes:
    """Bars of a simulated distribution (``probability``) with exact markers if present.

    ``lang`` (``"en"``, ``"es"``) sets the legend, the y label and the decimal mark;
    other keywords go to :meth:`matplotlib.axes.Axes.bar`.
    """
    ax = _axes(ax)
    w = WORDS[lang]
    ax.bar(df[x], df["probability"], color="tab:blue", alpha=0.8, label=w["simulated"], **kw)
    if "exact" in df and df["exact"].notna().any():
        ax.scatter(df[x], df["exact"], marker="_", s=200, color="black", zorder=3,
                   label=w["exact"])
    ax.set_xlabel(x)
    ax.set_ylabel(w["probability"])
    ax.legend()
    decimal_mark(ax.figure, lang)
    return ax
