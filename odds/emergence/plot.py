"""Figures: the table with its units, the landing heatmap, the placement map.

matplotlib is imported inside each function; every function takes ``ax=None``
and returns the Axes it drew on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from odds.emergence.model import Scenario

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from odds.emergence.api import EmergenceResult

_COLOURS = {"enemy": "tab:red", "friend": "tab:blue", "terrain": "dimgray"}


def _axes(ax: Any) -> Axes:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(9, 6.5))
    return ax


def plot_scenario(scenario: Scenario, ax: Axes | None = None, *, marker: bool = True,
                  labels: bool = True) -> Axes:
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
        Write the units' names.

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
            ax.annotate(name, (f.x, f.y), ha="center", va="center", fontsize=7, color=col)
    if marker:
        mx, my = scenario.marker_point()
        ax.plot([mx], [my], marker="x", ms=10, mew=2.5, color="black", label="marker")
        ex, ey = scenario.enemy_marker_point()
        ax.plot([ex], [ey], marker="s", ms=7, mfc="none", color="black",
                label="enemy places (misfire 5-6)")
    ax.set_aspect("equal")
    ax.set_xlabel("x (cm)")
    ax.set_ylabel("y (cm)")
    return ax


def plot_landing(result: EmergenceResult, ax: Axes | None = None, *, log: bool = True) -> Axes:
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
    ax.figure.colorbar(mesh, ax=ax, label=f"P(landing in a {h:g} cm cell)", shrink=0.8)
    plot_scenario(result.scenario, ax)
    s = result.scenario
    ax.set_title(f"Emergence landing, marker at {s.marker_point()}, scale x{s.scale:g}")
    ax.legend(loc="upper right", fontsize=7)
    return ax


def plot_placement(placement: pd.DataFrame, scenario: Scenario, value: str = "p_target",
                   ax: Axes | None = None) -> Axes:
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

    Returns
    -------
    matplotlib.axes.Axes
    """
    ax = _axes(ax)
    xs = np.unique(placement["x"])
    ys = np.unique(placement["y"])
    z = placement[value].to_numpy().reshape(xs.size, ys.size).T
    cmap = "magma_r" if value == "p_lose" else "viridis"
    mesh = ax.pcolormesh(xs, ys, z, cmap=cmap, shading="nearest")
    ax.figure.colorbar(mesh, ax=ax, label=value, shrink=0.8)
    plot_scenario(scenario, ax, marker=False)
    best = placement.loc[placement[value].idxmax() if value != "p_lose"
                         else placement[value].idxmin()]
    ax.plot([best["x"]], [best["y"]], marker="*", ms=14, color="white", mec="black")
    tgt = placement.attrs.get("target", "")
    ax.set_title(f"{value} by marker position (target: {tgt})")
    return ax
