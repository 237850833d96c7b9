"""Every picture the CLI draws, in both languages, reads at a glance.

Each plot is drawn as ``odds ... --plot`` draws it; then every visible text
(titles, labels, tick labels, legends, small print) must lie inside the
figure, and no legend may cover an axis label.  Matplotlib's tight bounding
boxes, in display pixels, make both checkable.
"""

from __future__ import annotations

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
}


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
    capsys.readouterr()
    monkeypatch.undo()
    assert code == 0 and len(kept) == 1
    fig = kept[0]
    try:
        assert overflowing(fig) == [], f"{name} ({lang}): text outside the figure"
        assert covered_labels(fig) == [], f"{name} ({lang}): a legend covers an axis label"
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
    finally:
        plt.close(fig)
