"""Equipment sweeps pay for the upgrade; sweep plots name their lines and units.

Prices: Reinos del Caos Mortales "Guerreros del Caos" 14 pts a model, "Arma a dos manos"
and "Alabarda" +2 a model (catalogue ``<cost>`` elements).
"""

from __future__ import annotations

import matplotlib
import pytest

from odds.listbuilding import sweep, sweep_plot
from odds.validation import OddsInputError
from tests.conftest import SHARED, needs_data

matplotlib.use("Agg")

WARRIORS = f"{SHARED / 'MDNR_Reinos_del_Caos_Mortales_v5.cat'}:Guerreros del Caos"
HALBERDIERS = f"{SHARED / 'MDNR_Imperio v4_5.cat'}:Alabarderos"


@needs_data
def test_weapon_sweep_at_equal_points_fields_fewer_upgraded_models():
    # The sweep: 150 points field 10 warriors with hand weapons (140) but 9 with
    # great weapons or halberds (9 x 16 = 144; 10 would cost 160).
    t = sweep(WARRIORS, {"points": [150, 250],
                         "weapon": ["hand_weapon", "great_weapon", "halberd"]},
              opponent=HALBERDIERS, trials=200, seed=1)
    got = {(r.points, r.weapon): (r.models_a, r.points_a) for r in t.itertuples()}
    assert got[(150, "hand_weapon")] == (10, 140.0)
    assert got[(150, "great_weapon")] == (9, 144.0)
    assert got[(150, "halberd")] == (9, 144.0)
    assert got[(250, "hand_weapon")] == (17, 238.0)
    assert got[(250, "great_weapon")] == (15, 240.0)


@needs_data
def test_weapon_sweep_with_the_sweeps_own_points_rebuys_the_unit():
    t = sweep(WARRIORS, {"weapon": ["hand_weapon", "great_weapon"]}, opponent=HALBERDIERS,
              points=150, trials=200, seed=1)
    assert t["models_a"].tolist() == [10, 9]


@needs_data
def test_weapon_no_option_gives_is_refused():
    with pytest.raises(OddsInputError, match=r"grid\.weapon: no option of 'Guerreros del Caos'"):
        sweep(WARRIORS, {"weapon": ["pike"]}, opponent=HALBERDIERS, trials=100, seed=1)


def test_builtin_equipment_at_equal_points_is_refused():
    with pytest.raises(OddsInputError, match=r"grid\.weapon: .Espadachines. is not a catalogue"):
        sweep("empire_swordsmen", {"weapon": ["hand_weapon", "great_weapon"]},
              opponent="orc_boyz", points=250, trials=100, seed=1)
    # at a fixed size the weapon alone changes (no price is claimed for it)
    t = sweep("empire_swordsmen", {"weapon": ["hand_weapon", "great_weapon"]},
              opponent="orc_boyz", trials=100, seed=1)
    assert t["models_a"].nunique() == 1


def test_sweep_plot_one_named_line_per_setting_and_a_title():
    t = sweep("empire_swordsmen", {"models": [10, 20], "files": [4, 5], "charger": ["a", "b"]},
              opponent="orc_boyz", trials=100, seed=1)
    ax = sweep_plot(t, "models")
    lines = ax.get_lines()
    assert len(lines) == 4  # files x charger, each across models
    assert all(len(line.get_xdata()) == 2 for line in lines)
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert "Files = 4, Charge = A" in labels
    assert ax.get_title() == "Espadachines against Guerreros orcos"
    matplotlib.pyplot.close(ax.figure)
