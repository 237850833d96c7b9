"""Pictures of a combat result (matplotlib imported lazily; ``ax=None`` -> new figure).

Every panel gives each side one colour (:data:`odds.plot.SIDE_COLOURS`: the
attacker blue, the defender red, neither grey) and names the units where the
result knows them.  ``lang="es"`` writes the words in Spanish (MDNR terms).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from odds.i18n import agree, agree_all
from odds.plot import SIDE_COLOURS, decimal_mark, interval_errors, small_print

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from odds.combat.api import CombatResult

WORDS: dict[str, dict[str, str]] = {
    "en": {"probability": "probability", "margin": "first-round combat result\n({a} - {d})",
           "left": "models left at the end", "round": "round", "fought": "round fought",
           "wins": "round won by {x}", "draw": "draw", "destroyed": "destroyed",
           "caught": "caught", "fled": "fled", "unresolved": "unresolved",
           "no_combat": "no combat",
           "how": "How the combat ends", "vs": "{a} vs {d}", "charges": "{a} charge {d}",
           "sides": "Each side's odds", "wins_side": "wins", "broken": "broken",
           "side_gone": "wiped out (caught or destroyed)"},
    "es": {"probability": "probabilidad", "margin": "resultado del combate, 1.er turno\n"
           "({a} - {d})", "left": "miniaturas al final", "round": "turno",
           "fought": "turno luchado", "wins": "{x} gana el turno", "draw": "empate",
           "destroyed": "aniquilada", "caught": "atrapada", "fled": "huye",
           "unresolved": "sin resolver", "no_combat": "sin combate",
           "how": "Cómo acaba el combate",
           "vs": "{a} contra {d}", "charges": "{a} cargan contra {d}",
           "sides": "Probabilidades de cada bando", "wins_side": "gana",
           "broken": "desmoralizado", "side_gone": "eliminado (atrapado o aniquilado)"},
}
"""Words of the combat figures, by language."""


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(6.4, 4.0))[1]


def side_names(result: Any) -> dict[str, str]:
    """The units' names by side (``attacker``/``defender`` where none is known)."""
    return {s: str(result.inputs.get(s) or s) for s in ("attacker", "defender")}


def outcomes(result: CombatResult, ax: Axes | None = None, lang: str = "en") -> Axes:
    """Bar chart of the final outcomes with 95 % intervals, named after the units."""
    ax = _axes(ax)
    w, names = WORDS[lang], side_names(result)
    t = result.outcomes
    x = np.arange(len(t))
    colours, labels = [], []
    for o in t["outcome"].astype(str):
        side, _, how = o.partition("_")
        if o in ("unresolved", "no_combat"):
            colours.append(SIDE_COLOURS["neither"])
            labels.append(w[o])
            continue
        # whose ending it is: the loser's colour, so each side's bars share one colour
        colours.append(SIDE_COLOURS[side])
        key = {"escaped": "fled", "wiped": "destroyed"}.get(how, how)
        labels.append(f"{names[side]}\n{agree(names[side], key) if lang == 'es' else w[key]}")
    ax.bar(x, t["probability"], yerr=interval_errors(t), capsize=3, color=colours)
    ax.set_xticks(x, [lab.replace("\n", " ") for lab in labels], fontsize="x-small",
                  rotation=30, ha="right", rotation_mode="anchor")
    ax.set_ylabel(w["probability"])
    ax.set_title(w["how"], fontsize="medium")
    decimal_mark(ax.figure, lang)
    return ax


def margin(result: CombatResult, ax: Axes | None = None, lang: str = "en") -> Axes:
    """Histogram of the first-round combat-result margin (attacker - defender)."""
    ax = _axes(ax)
    w, names = WORDS[lang], side_names(result)
    t = result.margin_r1
    colours = np.where(t["margin"] > 0, SIDE_COLOURS["attacker"],
                       np.where(t["margin"] < 0, SIDE_COLOURS["defender"],
                                SIDE_COLOURS["neither"]))
    ax.bar(t["margin"], t["probability"], color=colours)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel(w["margin"].format(a=names["attacker"], d=names["defender"]))
    ax.set_ylabel(w["probability"])
    decimal_mark(ax.figure, lang)
    return ax


def survivors(result: CombatResult, ax: Axes | None = None, lang: str = "en") -> Axes:
    """Distribution of models left at the end, per side."""
    ax = _axes(ax)
    w, names = WORDS[lang], side_names(result)
    for side, shift in (("attacker", -0.2), ("defender", 0.2)):
        t = result.survivors[result.survivors["side"] == side]
        ax.bar(t["models"] + shift, t["probability"], width=0.4, color=SIDE_COLOURS[side],
               label=names[side])
    ax.set_xlabel(w["left"])
    ax.xaxis.get_major_locator().set_params(integer=True)  # whole models, not 2.5
    ax.set_ylabel(w["probability"])
    ax.legend(fontsize="small")
    decimal_mark(ax.figure, lang)
    return ax


def win_by_round(result: CombatResult, ax: Axes | None = None, lang: str = "en") -> Axes:
    """P(each side wins round k) and P(round k is fought), by round."""
    ax = _axes(ax)
    w, names = WORDS[lang], side_names(result)
    t = result.rounds
    def wins(side: str) -> str:
        if lang == "es":
            return f"{names[side]} {agree(names[side], 'wins')} el turno"
        return w["wins"].format(x=names[side])

    styles = {"fought": ("--", "black", w["fought"]),
              "attacker_wins": ("o-", SIDE_COLOURS["attacker"], wins("attacker")),
              "defender_wins": ("s-", SIDE_COLOURS["defender"], wins("defender")),
              "draw": ("^:", SIDE_COLOURS["neither"], w["draw"])}
    for event, (style, colour, label) in styles.items():
        g = t[t["event"] == event]
        on_top = {"zorder": 4, "lw": 2.0} if event == "fought" else {}  # never hidden
        ax.plot(g["round"], g["probability"], style, color=colour, label=label, **on_top)
    ax.set_xlabel(w["round"])
    ax.set_ylabel(w["probability"])
    ax.legend(fontsize="small")
    decimal_mark(ax.figure, lang)
    return ax


def summary(result: CombatResult, lang: str = "en", title: str | None = None,
            note: str | None = None) -> Axes:
    """Four panels (outcomes, margin, survivors, rounds); returns the first Axes.

    ``title`` states the question (default: who charges whom); ``note`` goes in
    small print (trials and seed).
    """
    import matplotlib.pyplot as plt

    fig, axs = plt.subplots(2, 2, figsize=(11, 7.5))
    outcomes(result, axs[0, 0], lang)
    margin(result, axs[0, 1], lang)
    survivors(result, axs[1, 0], lang)
    win_by_round(result, axs[1, 1], lang)
    names = side_names(result)
    fig.suptitle(title or WORDS[lang]["charges"].format(a=names["attacker"],
                                                         d=names["defender"]))
    small_print(fig, note or f"{result.trials:,} trials, seed {result.seed}")
    return axs[0, 0]


UNIT_COLOURS: dict[str, str] = {"won": "#2ca02c", "escaped": "#ff7f0e", "caught": "#9467bd",
                                "wiped": "#3b3b3b", "unresolved": "white"}
"""How a unit ends, in colours told apart at a glance (and in grey print: dark to light
is destroyed, won, caught, fled, unresolved)."""


def scenario_summary(result: Any, lang: str = "en", title: str | None = None,
                     note: str | None = None, names: dict[str, str] | None = None) -> Axes:
    """Two panels of a several-unit combat: each side's odds, and each unit's ending.

    ``names`` gives each body's name for its scenario id (default: the ids); the
    default title is who fights whom, by those names.
    """
    import matplotlib.pyplot as plt

    w = WORDS[lang]
    names = names or {}
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    t = result.sides
    words = {"wins": w["wins_side"], "broken": w["broken"],
             "destroyed": w["side_gone"]}
    x = np.arange(len(t))
    left.bar(x, t["probability"], yerr=interval_errors(t), capsize=3,
             color=[SIDE_COLOURS[str(s)] for s in t["side"]])
    side_word = {"attacker": "atacante" if lang == "es" else "attacker",
                 "defender": "defensor" if lang == "es" else "defender"}
    left.set_xticks(x, [f"{side_word[str(s)]} {words.get(str(o), str(o))}"
                        for s, o in zip(t["side"], t["outcome"], strict=True)],
                    fontsize="x-small", rotation=30, ha="right", rotation_mode="anchor")
    left.set_ylabel(w["probability"])
    left.set_title(w["sides"], fontsize="medium")
    u = result.units
    order = list(dict.fromkeys(u["unit"]))
    unit_words = {"won": w["wins_side"], "wiped": w["destroyed"], "caught": w["caught"],
                  "escaped": w["fled"], "unresolved": w["unresolved"]}
    if lang == "es":  # the legend agrees with the units it describes (Capitán atrapado)
        shown = [_body_name(b, names, lang) for b in order]
        unit_words.update({"won": agree_all(shown, "won"),
                           "wiped": agree_all(shown, "destroyed"),
                           "caught": agree_all(shown, "caught"),
                           "escaped": agree_all(shown, "escaped")})
    shades = UNIT_COLOURS
    sides = dict(zip(u["unit"], u["side"], strict=False))
    y = np.arange(len(order))[::-1]
    left_edge = np.zeros(len(order))
    for outcome, shade in shades.items():
        g = u[u["outcome"] == outcome].set_index("unit").reindex(order)["probability"]
        values = g.fillna(0.0).to_numpy()
        right.barh(y, values, left=left_edge, color=shade, ec="black", lw=0.5,
                   label=unit_words[outcome])
        left_edge += values
    right.set_yticks(y, [_body_name(b, names, lang) for b in order], fontsize="small")
    for tick, name in zip(right.get_yticklabels(), order, strict=True):
        tick.set_color(SIDE_COLOURS[str(sides[name])])
    right.set_xlim(0, 1)
    right.set_xlabel(w["probability"])
    right.set_title(w["how"], fontsize="medium")
    right.legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.suptitle(title or _who_fights(order, sides, names, lang))
    small_print(fig, note or f"{result.trials:,} trials, seed {result.seed}")
    decimal_mark(fig, lang)
    return left


def _body_name(body: str, names: dict[str, str], lang: str) -> str:
    """A scenario body by name: a unit, a character, or a unit's champion."""
    stem = body.removesuffix(" champion")
    if stem == body:
        return names.get(body, body)
    unit = names.get(stem, stem)
    return f"campeón de {unit}" if lang == "es" else f"{unit} champion"


def _who_fights(order: list[str], sides: dict[str, Any], names: dict[str, str],
                lang: str) -> str:
    """``Knights, Captain vs Boyz, Big Boss`` (champions left out), in ``lang``."""
    def side(which: str) -> str:
        return ", ".join(names.get(b, b) for b in order
                         if str(sides[b]) == which and not b.endswith(" champion"))
    return WORDS[lang]["vs"].format(a=side("attacker"), d=side("defender"))
