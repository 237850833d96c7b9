"""Pictures of a combat result (matplotlib imported lazily; ``ax=None`` -> new figure)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from odds.combat.api import CombatResult


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(6.4, 4.0))[1]


def outcomes(result: CombatResult, ax: Axes | None = None) -> Axes:
    """Bar chart of the final outcomes with 95 % intervals."""
    ax = _axes(ax)
    t = result.outcomes
    x = np.arange(len(t))
    err = np.vstack([t["probability"] - t["ci_low"], t["ci_high"] - t["probability"]])
    colours = ["tab:blue"] * 3 + ["tab:red"] * 3 + ["tab:gray"]  # whose ending: attacker blue
    ax.bar(x, t["probability"], yerr=err, capsize=3, color=colours)
    ax.set_xticks(x, [o.replace("_", "\n") for o in t["outcome"]], fontsize="small")
    ax.set_ylabel("probability")
    ax.set_title(f"{result.inputs['attacker']} vs {result.inputs['defender']}")
    return ax


def margin(result: CombatResult, ax: Axes | None = None) -> Axes:
    """Histogram of the first-round combat-result margin (attacker - defender)."""
    ax = _axes(ax)
    t = result.margin_r1
    colours = np.where(t["margin"] > 0, "tab:blue", np.where(t["margin"] < 0, "tab:red",
                                                             "tab:gray"))
    ax.bar(t["margin"], t["probability"], color=colours)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("first-round combat result (attacker - defender)")
    ax.set_ylabel("probability")
    return ax


def survivors(result: CombatResult, ax: Axes | None = None) -> Axes:
    """Distribution of models left at the end, per side."""
    ax = _axes(ax)
    for side, colour, shift in (("attacker", "tab:blue", -0.2), ("defender", "tab:red", 0.2)):
        t = result.survivors[result.survivors["side"] == side]
        ax.bar(t["models"] + shift, t["probability"], width=0.4, color=colour, label=side)
    ax.set_xlabel("models left at the end")
    ax.set_ylabel("probability")
    ax.legend()
    return ax


def win_by_round(result: CombatResult, ax: Axes | None = None) -> Axes:
    """P(each side wins round k) and P(round k is fought), by round."""
    ax = _axes(ax)
    t = result.rounds
    for event, style in (("fought", "k--"), ("attacker_wins", "o-"), ("defender_wins", "s-"),
                         ("draw", "^:")):
        g = t[t["event"] == event]
        ax.plot(g["round"], g["probability"], style, label=event.replace("_", " "))
    ax.set_xlabel("round")
    ax.set_ylabel("probability")
    ax.legend(fontsize="small")
    return ax


def summary(result: CombatResult) -> Axes:
    """Four panels (outcomes, margin, survivors, rounds); returns the first Axes."""
    import matplotlib.pyplot as plt

    fig, axs = plt.subplots(2, 2, figsize=(11, 7.5))
    outcomes(result, axs[0, 0])
    margin(result, axs[0, 1])
    survivors(result, axs[1, 0])
    win_by_round(result, axs[1, 1])
    fig.suptitle(f"{result.trials:,} trials, seed {result.seed}")
    return axs[0, 0]
