"""Every picture the CLI draws, in both languages, reads at a glance.

Each plot is drawn as ``odds ... --plot`` draws it; then every visible text
(titles, labels, tick labels, legends, small print) must lie inside the
figure, and no legend may cover an axis label.  Matplotlib's tight bounding
boxes, in display pixels, make both checkable.
"""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from odds.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "odds" / "examples"

PLOTS = {
    "charge": ["charge", "--charger-move", "18", "--target-move", "10", "--distance", "20",
               "--edge-distance", "30"],
    "pursue": ["pursue", "--pursuer-move", "20", "--fleer-move", "10"],
    "flee": ["flee", "--move", "10", "--edge-distance", "40", "--ld", "7", "--turns", "3"],
    "combat": ["combat", "empire_knights", "chaos_warriors"],
    "scenario": ["combat", "--scenario", str(EXAMPLES / "combat_heroes.toml")],
    "emerge": ["emerge", "--scenario", str(EXAMPLES / "emergence_ambush.toml")],
    "matrix": ["matrix", "orc_boyz,trolls", "empire_swordsmen"],
    "sweep": ["sweep", "orc_boyz", "trolls", "--vary", "models=10,20,30"],
    "reaction": ["combat", "empire_swordsmen", "orc_boyz", "--reaction", "both"],
}

NO_DECIMALS = {"emerge"}
"""Plots whose numbers are all whole (cm on the axes, powers of ten on the colour bar)."""


def drawn_numbers(fig) -> list[str]:
    """Every tick label in view (colour bars included) and every text drawn in an Axes."""
    fig.canvas.draw()
    out = []
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            lo, hi = sorted(axis.get_view_interval())
            for ticks in (axis.get_major_ticks(), axis.get_minor_ticks()):
                out += [t.label1.get_text() for t in ticks
                        if t.label1.get_visible() and lo - 1e-9 <= t.get_loc() <= hi + 1e-9]
        out += [t.get_text() for t in ax.texts]
    return [t for t in out if t]


def decimal_marks(fig, lang: str) -> list[str]:
    """The numbers of ``fig`` written with the other language's decimal mark."""
    wrong = r"\d\.\d" if lang == "es" else r"\d,\d"
    return [t for t in drawn_numbers(fig) if re.search(wrong, t)]


def overflowing(fig) -> list[str]:
    """The drawn texts of ``fig`` that reach outside it (1 px of slack).

    Only what is drawn counts: the tight bounding box of each Axes (its tick
    labels in view, axis labels, title, legend) and the figure's own texts.
    """
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    out = []
    parts = [(f"axes {i}", ax.get_tightbbox(renderer)) for i, ax in enumerate(fig.axes)]
    parts += [(t.get_text(), t.get_window_extent(renderer)) for t in fig.texts
              if t.get_visible() and t.get_text().strip()]
    if fig._suptitle is not None:
        parts.append((fig._suptitle.get_text(), fig._suptitle.get_window_extent(renderer)))
    for what, box in parts:
        if box is None:
            continue
        if box.x0 < -1 or box.y0 < -1 or box.x1 > width + 1 or box.y1 > height + 1:
            out.append(f"{what}: {box.bounds} outside {width:.0f}x{height:.0f}")
    return out


def covered_labels(fig) -> list[str]:
    """Axis labels of ``fig`` that a legend overlaps."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legends = [leg for ax in fig.axes if (leg := ax.get_legend()) is not None]
    legends += list(fig.legends)
    out = []
    for ax in fig.axes:
        for label in (ax.xaxis.label, ax.yaxis.label):
            if not label.get_text():
                continue
            box = label.get_window_extent(renderer)
            if any(leg.get_window_extent(renderer).overlaps(box) for leg in legends):
                out.append(label.get_text())
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", list(PLOTS))
def test_plot_text_stays_inside_and_legends_clear_labels(name, lang, tmp_path, monkeypatch,
                                                       capsys):
    from odds.commands import _files

    kept = []
    monkeypatch.setattr(_files, "write_figure", lambda fig, path, dpi=120: kept.append(fig))
    monkeypatch.setattr(plt, "close", lambda *a, **k: None)
    monkeypatch.setenv("ODDS_TRIALS", "500")
    code = main([*PLOTS[name], "--seed", "1", "--lang", lang, "--plot",
                 str(tmp_path / "p.png")])
    err = capsys.readouterr().err
    monkeypatch.undo()
    assert code == 0 and len(kept) == 1
    assert ("escrito " if lang == "es" else "wrote ") in err  # the line naming the file
    fig = kept[0]
    try:
        assert overflowing(fig) == [], f"{name} ({lang}): text outside the figure"
        assert covered_labels(fig) == [], f"{name} ({lang}): a legend covers an axis label"
        # numbers in the language's decimal mark: 0,5 in Spanish, 0.5 in English
        assert decimal_marks(fig, lang) == [], f"{name} ({lang}): decimal mark"
        if name not in NO_DECIMALS:
            mark = r"\d,\d" if lang == "es" else r"\d\.\d"
            assert any(re.search(mark, t) for t in drawn_numbers(fig)), drawn_numbers(fig)
    finally:
        plt.close(fig)


def test_the_checks_find_an_overflow_and_a_covered_label():
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.set_xlabel("a label far too long to fit in a figure three inches wide, surely")
    ax.plot([0, 1], [0, 1], label="a legend")
    ax.legend(loc="lower center", bbox_to_anchor=(0.5, -0.35))
    try:
        assert overflowing(fig)
        assert covered_labels(fig)
    finally:
        plt.close(fig)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("value", ["p_target", "p_lose"])
def test_placement_map_reads_at_a_glance(value, lang):
    """The notebooks' placement map: inside the figure, words (not column names) on it."""
    from odds.emergence import example_path, load_scenario, placement_map, plot_placement

    scenario = load_scenario(example_path("emergence_ambush"))
    ax = plot_placement(placement_map(scenario, method="exact"), scenario, value, lang=lang)
    fig = ax.figure
    fig.tight_layout()
    try:
        assert overflowing(fig) == []
        assert covered_labels(fig) == []
        texts = [ax.get_title(), *(a.get_ylabel() for a in fig.axes)]
        assert not any(value in t for t in texts), texts
        assert decimal_marks(fig, lang) == []  # the colour bar's 0,05 in Spanish
    finally:
        plt.close(fig)


def test_the_decimal_check_finds_a_point_in_spanish():
    """A Spanish figure drawn without the formatter is caught; with it, it passes."""
    from odds.plot import decimal_mark

    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 0.5])
    ax.text(0.2, 0.2, "0.25")
    try:
        assert decimal_marks(fig, "es")
        decimal_mark(fig, "es")
        assert decimal_marks(fig, "es") == []
        assert "0,25" in drawn_numbers(fig) and "0,5" in drawn_numbers(fig)
    finally:
        plt.close(fig)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_notebook_one_pictures_read_in_the_language(lang):
    """Notebook 01's catch curve and gap bars (RULES.md §4.1 flee 5D6/8D6): words in ``lang``,
    its decimal mark, inside the figure, one legend entry per target."""
    import numpy as np

    from odds.charge import charge_sweep, charge_vs_flee
    from odds.plot import WORDS, catch_curve, distribution

    sweep = charge_sweep(np.arange(0, 37, 6), charger_move=18, target_moves=(10, 20),
                         trials=2000, seed=1)
    gap = charge_vs_flee(18, 10, 20, trials=2000, seed=1).extra["gap"]
    curve, bars = catch_curve(sweep, lang=lang), distribution(gap, "gap", lang=lang)
    w = WORDS[lang]
    try:
        for ax in (curve, bars):
            assert overflowing(ax.figure) == [] and covered_labels(ax.figure) == []
            assert decimal_marks(ax.figure, lang) == []
        assert curve.get_ylabel() == f"P({w['caught']})" and curve.get_xlabel() == w["gap"]
        assert [t.get_text() for t in curve.get_legend().get_texts()] == [
            w["target_flees"].format(m="10", n=5), w["target_flees"].format(m="20", n=8)]
        assert curve.get_legend().get_title().get_text() == w["line_dots"]
        assert bars.get_ylabel() == w["probability"]
        assert {t.get_text() for t in bars.get_legend().get_texts()} == {w["simulated"],
                                                                         w["exact"]}
    finally:
        plt.close(curve.figure)
        plt.close(bars.figure)
