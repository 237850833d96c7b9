"""Figures: the table with its units, the landing heatmap, the placement map.

matplotlib is imported inside each function; every function takes ``ax=None``
and returns the Axes it drew on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from odds.emergence.model import Scenario
from odds.i18n import number_text
from odds.plot import decimal_mark, with_decimal_mark

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from odds.emergence.api import EmergenceResult

_COLOURS = {"enemy": "tab:red", "friend": "tab:blue", "terrain": "dimgray"}

WORDS: dict[str, dict[str, str]] = {
    "en": {"marker": "marker (where you aim)", "enemy_marker": "the enemy places it "
           "(misfire 5-6)", "cell": "P(landing in a {h} cm square)",
           "title": "Where does the tunnelling unit come up? Marker at ({x}, {y}) cm, "
           "artillery die x{scale} cm", "best": "best spot for the marker ({value})",
           "p_target": "P(coming up on the target)", "p_lose": "P(losing the unit)",
           "highest": "highest", "lowest": "lowest",
           "by_position": "{value},\nby marker position (target: {target})"},
    "es": {"marker": "marcador (donde apuntas)", "enemy_marker": "lo coloca el enemigo "
           "(fallo 5-6)", "cell": "P(caer en un cuadrado de {h} cm)",
           "title": "¿Dónde sale la unidad que excava? Marcador en ({x}; {y}) cm, "
           "dado de artillería x{scale} cm", "best": "mejor sitio para el marcador "
           "({value})", "p_target": "P(salir sobre el objetivo)",
           "p_lose": "P(perder la unidad)", "highest": "mayor", "lowest": "menor",
           "by_position": "{value},\nsegún dónde se ponga el marcador (objetivo: {target})"},
}
"""Words of the emergence figures, by language."""


def _axes(ax: Any) -> Axes:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(9, 6.5))
    return ax


_BOX = {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85}


def _label(ax: Axes, items: list, avoid: tuple[float, float, float, float] | None,
           width: float, depth: float, spot: tuple[float, float]) -> None:
    """Name every outline, just above it, never over the heatmap or the marker.

    An outline whose label spot is inside ``avoid`` (the heatmap's box) gets a small
    number on its corner farthest from ``spot`` (the marker), and its name beside the box.
    """
    inside = []
    for name, kind, f in items:
        c = f.corners()
        top = float(np.max(c[:, 1]))
        if avoid is not None and avoid[0] <= f.x <= avoid[1] and avoid[2] <= top <= avoid[3]:
            inside.append((f.x, top, name, kind, c))
            continue
        ax.annotate(name, (f.x, top), xytext=(0, 3), textcoords="offset points", ha="center",
                    va="bottom", fontsize=7, color=_COLOURS[kind], zorder=5, bbox=_BOX)
    if not inside:
        return
    x0, x1, _, y1 = avoid  # type: ignore[misc]
    right = width - x1 >= x0  # the side of the box with more table beside it
    tx = x1 + 4 if right else x0 - 4
    inside.sort(key=lambda item: -item[1])
    base = max(y1, depth) - 7 * (len(inside) - 1)  # off the table's units, beside the box
    base = max(base, depth + 4)
    # a small number on each outline, its name beside the box: no line crosses the heatmap;
    # the number sits on the outline's corner farthest from the marker (the brightest cell)
    for i, (_, _, name, kind, corners) in enumerate(inside):
        far = corners[int(np.argmax(np.hypot(*(corners - np.asarray(spot)).T)))]
        ax.annotate(str(i + 1), (far[0], far[1]), ha="center", va="center", fontsize=6,
                    fontweight="bold", color=_COLOURS[kind], zorder=5, bbox=_BOX)
        ax.annotate(f"{i + 1} {name}", (tx, base + 7 * (len(inside) - 1 - i)),
                    ha="left" if right else "right", va="center", fontsize=7,
                    color=_COLOURS[kind], zorder=5, bbox=_BOX, annotation_clip=False)
    ax.set_ylim(top=max(ax.get_ylim()[1], base + 7 * len(inside)))


def _legend_below(ax: Axes, ncols: int = 1) -> None:
    """The legend under the axes, below the ``x (cm)`` label whatever the figure's size."""
    from matplotlib.transforms import ScaledTranslation

    below = ax.transAxes + ScaledTranslation(0, -0.45, ax.figure.dpi_scale_trans)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0.0), bbox_transform=below,
              ncols=ncols, fontsize=7)


def plot_scenario(scenario: Scenario, ax: Axes | None = None, *, marker: bool = True,
                  labels: bool = True, lang: str = "en",
                  avoid: tuple[float, float, float, float] | None = None) -> Axes:
    """Outline the table, units (front edge drawn thick) and terrain; mark the marker.

    Parameters
    ----------
    scenario : Scenario
        What to draw.
    ax : matplotlib Axes, optional
        Where to draw (a new figure if None).
    marker : bool
        Draw the owner's marker (a black cross) and the enemy's misfire point.
    labels : bool
        Write every unit's and terrain's name, above its outline.
    lang : {"en", "es"}
        Language of the legend.
    avoid : (x0, x1, y0, y1), optional
        A box (the heatmap) that names must not cover: names of outlines
        inside it go outside it, with a line to their outline.

    Returns
    -------
    matplotlib.axes.Axes
    """
    from matplotlib.patches import Polygon, Rectangle

    ax = _axes(ax)
    W, D = scenario.table.width, scenario.table.depth
    ax.add_patch(Rectangle((0, 0), W, D, fill=False, lw=1.5, ec="black"))
    items = [(u.name, u.side, u.footprint) for u in scenario.units]
    items += [(t.name, "terrain", t.footprint) for t in scenario.terrain]
    for name, kind, f in items:
        col = _COLOURS[kind]
        c = f.corners()
        lw = 2.5 if name == scenario.target else 1.2
        ax.add_patch(Polygon(c, closed=True, fill=kind == "terrain", alpha=0.9, ec=col,
                             fc=col if kind == "terrain" else "none", lw=lw,
                             hatch="//" if kind == "terrain" else None))
        if kind != "terrain":
            ax.plot(c[:2, 0], c[:2, 1], color=col, lw=lw + 2.0)  # front edge
    if labels:
        _label(ax, items, avoid, W, D, scenario.marker_point())
    w = WORDS[lang]
    if marker:
        mx, my = scenario.marker_point()
        ax.plot([mx], [my], marker="o", ms=19, mew=1.6, mfc="none", color="black",
                label=w["marker"],
                zorder=6)
        ex, ey = scenario.enemy_marker_point()
        ax.plot([ex], [ey], marker="s", ms=7, mfc="none", color="black",
                label=w["enemy_marker"], zorder=6)
    ax.set_aspect("equal")
    ax.set_xlabel("x (cm)")
    ax.set_ylabel("y (cm)")
    decimal_mark(ax.figure, lang)
    return ax


def plot_landing(result: EmergenceResult, ax: Axes | None = None, *, log: bool = True,
                 lang: str = "en") -> Axes:
    """Landing heatmap of the marker drawn over the table.

    Parameters
    ----------
    result : EmergenceResult
        From :func:`odds.emergence.emerge` with a landing histogram.
    ax : matplotlib Axes, optional
        Where to draw.
    log : bool
        Logarithmic colour scale (the HIT bin holds 5/18 and would otherwise
        swamp the rings).
    lang : {"en", "es"}
        Language of the title, colour bar and legend.

    Returns
    -------
    matplotlib.axes.Axes
    """
    from matplotlib.colors import LogNorm

    land = result.landing
    if land is None:
        raise ValueError("result has no landing histogram (run emerge with landing_bin)")
    ax = _axes(ax)
    xs = np.unique(land["x_low"])
    ys = np.unique(land["y_low"])
    h = float(land.attrs["bin"])
    z = land["probability"].to_numpy().reshape(xs.size, ys.size).T
    z = np.ma.masked_equal(z, 0.0)
    xe = np.append(xs, xs[-1] + h)
    ye = np.append(ys, ys[-1] + h)
    norm = LogNorm(vmin=max(z.min(), 1e-7), vmax=z.max()) if log and z.count() else None
    mesh = ax.pcolormesh(xe, ye, z, cmap="viridis", norm=norm, shading="flat")
    w = WORDS[lang]
    size = number_text(h, 1, lang).removesuffix("0").rstrip(".,")  # 2.5, 2,5 or 5
    bar = ax.figure.colorbar(mesh, ax=ax, label=w["cell"].format(h=size), shrink=0.8)
    if norm is not None:  # 0.1 %, 1 %, 10 %: a player's numbers, not powers of ten
        from matplotlib.ticker import FuncFormatter

        bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{100 * v:g} %"))
    hot = land[land["probability"] > 0]
    box = (float(hot["x_low"].min()), float(hot["x_low"].max() + h),
           float(hot["y_low"].min()), float(hot["y_low"].max() + h)) if len(hot) else None
    plot_scenario(result.scenario, ax, lang=lang, avoid=box)
    s = result.scenario
    mx, my = s.marker_point()
    x, y, scale = (with_decimal_mark(f"{v:g}", lang) for v in (mx, my, s.scale))
    ax.set_title(w["title"].format(x=x, y=y, scale=scale), fontsize="medium")
    # legend outside the table, below it: never over the heatmap
    _legend_below(ax, ncols=2)
    decimal_mark(ax.figure, lang)
    return ax


def plot_placement(placement: pd.DataFrame, scenario: Scenario, value: str = "p_target",
                   ax: Axes | None = None, lang: str = "en") -> Axes:
    """Heatmap of a placement-map column over the table (from :func:`placement_map`).

    Parameters
    ----------
    placement : pandas.DataFrame
        Output of :func:`odds.emergence.placement_map`.
    scenario : Scenario
        The scenario it was computed for (outlines).
    value : str
        Column to show, e.g. ``"p_target"`` or ``"p_lose"``.
    ax : matplotlib Axes, optional
        Where to draw.
    lang : {"en", "es"}
        Language of the legend (the star marks the best spot).

    Returns
    -------
    matplotlib.axes.Axes
    """
    ax = _axes(ax)
    xs = np.unique(placement["x"])
    ys = np.unique(placement["y"])
    z = placement[value].to_numpy().reshape(xs.size, ys.size).T
    from matplotlib.colors import PowerNorm

    w = WORDS[lang]
    words = w.get(value, value)
    cmap = "magma_r" if value == "p_lose" else "viridis"
    # a square-root scale: small odds over most of the table stay visible, not all dark
    norm = PowerNorm(gamma=0.5, vmin=0.0, vmax=max(float(np.nanmax(z)), 1e-12))
    mesh = ax.pcolormesh(xs, ys, z, cmap=cmap, shading="nearest", norm=norm)
    ax.figure.colorbar(mesh, ax=ax, label=words, shrink=0.8)
    plot_scenario(scenario, ax, marker=False, lang=lang)
    best = placement.loc[placement[value].idxmax() if value != "p_lose"
                         else placement[value].idxmin()]
    which = w["lowest"] if value == "p_lose" else w["highest"]
    ax.plot([best["x"]], [best["y"]], marker="*", ms=14, color="white", mec="black",
            ls="none", label=w["best"].format(value=f"{which} {words}"))
    _legend_below(ax)
    tgt = placement.attrs.get("target", "")
    ax.set_title(w["by_position"].format(value=words, target=tgt), fontsize="medium")
    decimal_mark(ax.figure, lang)
    return ax
