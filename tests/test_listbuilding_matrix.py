"""Matchup matrices and sweeps against the combat engine, locally, on Dask and via the CLI."""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest

from odds.cli import main
from odds.combat import fight
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.listbuilding import (
    buy,
    cell_seed,
    efficiency,
    efficiency_scatter,
    heatmap,
    matchup_matrix,
    sweep,
    sweep_plot,
)
from odds.listbuilding.cells import ENGINE_CHARGER, RESULT_COLUMNS, Cell
from odds.listbuilding.runner import batches
from odds.units import library_unit, unit_from_dict
from odds.validation import OddsInputError
from tests.conftest import assert_mc

TRIALS = 3000
LIST_A = "empire_swordsmen,empire_knights"
LIST_B = "orc_boyz,dwarf_warriors"


@pytest.fixture(scope="module")
def matrix():
    return matchup_matrix(LIST_A, LIST_B, points=200, trials=TRIALS, seed=11, charger="both")


def test_matrix_shape_and_chargers(matrix):
    assert list(matrix.columns) == list(RESULT_COLUMNS)
    assert len(matrix) == 2 * 2 * 2
    for _, g in matrix.groupby(["unit_a", "unit_b"]):
        assert g["charger"].tolist() == ["a", "b"]
    total = matrix[["p_a_wins", "p_b_wins", "p_unresolved", "p_no_combat"]].sum(axis=1)
    np.testing.assert_allclose(total, 1.0, rtol=0, atol=1e-12)
    assert (matrix["points_a"] <= 200).all() and (matrix["points_b"] <= 200).all()
    assert matrix.attrs["seed"] == 11


def test_matrix_cells_equal_direct_fight(matrix):
    units = {u.name: buy(u, 200) for u in map(library_unit, LIST_A.split(",") + LIST_B.split(","))}
    for _, row in matrix.iterrows():
        a, b = units[row["unit_a"]], units[row["unit_b"]]
        assert (row["models_a"], row["points_a"]) == (a.models, a.points)
        seed = cell_seed(11, Cell(a, b, row["charger"], TRIALS).key)
        r = fight(a, b, charger=ENGINE_CHARGER[row["charger"]], trials=TRIALS, seed=seed)
        o = r.outcomes.set_index("outcome")["probability"]
        counts = (o * TRIALS).round().astype(int)  # fight's outcome counts, exactly
        assert row["p_a_wins"] == counts[["defender_wiped", "defender_caught",
                                          "defender_escaped"]].sum() / TRIALS
        assert row["p_b_wins"] == counts[["attacker_wiped", "attacker_caught",
                                          "attacker_escaped"]].sum() / TRIALS
        assert row["p_a_wins"] == pytest.approx(r.p_win("attacker"), abs=1e-15)
        assert row["p_unresolved"] == o["unresolved"]
        for side, unit in (("a", "attacker"), ("b", "defender")):
            assert row[f"p_{side}_destroyed"] == o[f"{unit}_wiped"]
            assert row[f"p_{side}_caught"] == o[f"{unit}_caught"]
            assert row[f"p_{side}_flees"] == o[f"{unit}_escaped"]
        margin = float((r.margin_r1["margin"] * r.margin_r1["probability"]).sum())
        assert row["margin"] == pytest.approx(margin, rel=1e-12, abs=1e-12)
        s = r.survivors
        for side, unit, u in (("a", "attacker", a), ("b", "defender", b)):
            left = float((s.loc[s["side"] == unit, "models"]
                          * s.loc[s["side"] == unit, "probability"]).sum())
            assert row[f"casualties_{side}"] == pytest.approx(u.models - left, rel=1e-12)
            assert row[f"casualties_points_{side}"] == pytest.approx(
                (u.models - left) * u.points_per_model, rel=1e-12)


def test_matrix_probability_against_exact_first_round():
    # Two 40-model blocks (bench_combat's reference units) fight one round: A wins the
    # cell exactly when B breaks (B cannot be wiped out in one round), which
    # first_round_exact gives exactly.
    def unit(name, files, ws, save):
        return unit_from_dict({
            "name": name, "troop_type": "infantry", "models": 40, "files": files,
            "profile": {"M": 10, "WS": ws, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                        "Ld": 7},
            "equipment": {"armour_save_override": save},
        })
    a, b = unit("A", 10, 4, 6), unit("B", 8, 3, 5)
    n = 20_000
    m = matchup_matrix([a], [b], trials=n, seed=3, charger="a", max_rounds=1)
    ex = first_round_exact(build(a, b, None, None, CombatOptions(charger="attacker",
                                                                  max_rounds=1)))
    assert ex, "the units are deep enough for the exact first round"
    assert_mc(m["p_a_wins"].iloc[0], ex["first_round"]["defender_breaks"], n, what="A wins")
    assert_mc(m["p_b_wins"].iloc[0], ex["first_round"]["attacker_breaks"], n, what="B wins")


def test_matrix_same_seed_same_table_any_order(matrix):
    again = matchup_matrix(LIST_A.split(",")[::-1], LIST_B.split(",")[::-1], points=200,
                           trials=TRIALS, seed=11, charger="both")
    keys = ["unit_a", "unit_b", "charger"]
    pd.testing.assert_frame_equal(again.sort_values(keys).reset_index(drop=True),
                                  matrix.sort_values(keys).reset_index(drop=True))
    assert again["unit_a"].iloc[0] != matrix["unit_a"].iloc[0]  # the order did change
    # cells are keyed by unit names and charger: the same combat in other lists is the same
    other = matchup_matrix(["empire_knights"], ["dwarf_warriors"], points=200, trials=TRIALS,
                           seed=11, charger="a")
    mine = matrix[(matrix["unit_a"] == other["unit_a"][0])
                  & (matrix["unit_b"] == other["unit_b"][0]) & (matrix["charger"] == "a")]
    pd.testing.assert_frame_equal(mine.reset_index(drop=True), other)
    different = matchup_matrix(["empire_knights"], ["dwarf_warriors"], points=200,
                               trials=TRIALS, seed=12, charger="a")
    assert not different.equals(other)


def test_matrix_spanish_labels():
    es = matchup_matrix("empire_swordsmen", "orc_boyz", points=150, trials=1000, seed=1,
                        charger="none", lang="es")
    assert {"Unidad A", "P(gana A)", "P(gana B)", "Carga", "Puntos A", "Bajas A (miniaturas)",
            "P(B huye)", "P(B destruida)"} <= set(es.columns)
    assert es["Carga"].tolist() == ["ninguna"]
    assert any(c.startswith("Resultado del combate") for c in es.columns)
    ax = heatmap(es)
    assert ax.get_title().startswith("P(gana A)")
    assert ax.get_xlabel() == "Unidad B"


@pytest.mark.parametrize("kwargs, match", [
    ({"charger": "first"}, "charger"),
    ({"lang": "de"}, "lang"),
    ({"trials": 0}, "trials"),
    ({"points": 10}, "points: 10 do not buy"),
    ({"max_rounds": 0}, "max_rounds"),
    ({"progress": "yes"}, "progress"),
])
def test_matrix_bad_inputs(kwargs, match):
    args = {"trials": 100, "seed": 1, **kwargs}
    with pytest.raises(OddsInputError, match=match):
        matchup_matrix("empire_swordsmen", "trolls", **args)


def test_matrix_plots(matrix):
    import matplotlib.pyplot as plt

    ax = heatmap(matrix, charger="b")
    assert ax.get_title() == "P(A wins) (charge: B)"
    assert [t.get_text() for t in ax.get_yticklabels()] == list(dict.fromkeys(matrix["unit_a"]))
    eff = efficiency(matrix)
    ax2 = efficiency_scatter(eff)
    assert ax2.get_xlabel() == "P(wins) per 100 points"
    plt.close("all")


def test_progress_bar_only_when_asked(capsys):
    matchup_matrix("empire_swordsmen", "orc_boyz", trials=500, seed=1, charger="a")
    assert capsys.readouterr().err == ""
    matchup_matrix("empire_swordsmen", "orc_boyz", trials=500, seed=1, charger="a",
                   progress=True)
    assert "matchups" in capsys.readouterr().err


# --------------------------------------------------------------------------- sweeps


def test_sweep_columns_and_values():
    t = sweep("empire_swordsmen", {"models": [10, 20], "charger": ["a", "b"]},
              opponent="orc_boyz", trials=1000, seed=2)
    assert list(t.columns) == ["models", *RESULT_COLUMNS]
    assert t[["models", "charger"]].values.tolist() == [[10, "a"], [10, "b"], [20, "a"],
                                                       [20, "b"]]
    assert t["models_a"].tolist() == [10, 10, 20, 20]
    # a sweep cell is the same combat as a direct fight with the cell's derived seed
    a = library_unit("empire_swordsmen").replace(models=20)
    b = library_unit("orc_boyz")
    seed = cell_seed(2, Cell(a, b, "b", 1000, params=(("models", 20), ("charger", "b"))).key)
    r = fight(a, b, charger="defender", trials=1000, seed=seed)
    assert t["p_a_wins"].iloc[3] == pytest.approx(r.p_win("attacker"), abs=1e-15)
    assert t["p_b_flees"].iloc[3] == r.probability("defender_escaped")


def test_sweep_profile_points_and_apply():
    # (built-in units have no upgrade prices: equipment at equal points is refused, see
    # test_listbuilding_sweep_prices.py)
    t = sweep("empire_swordsmen", {"WS": [3, 4], "points": [100, 150]},
              opponent="orc_boyz", trials=500, seed=4, charger="b")
    assert list(t.columns[:2]) == ["WS", "points"]
    assert t["models_a"].tolist() == [14, 21, 14, 21]  # 100 // 7, 150 // 7
    assert (t["charger"] == "b").all()

    def bigger_enemy(a, b, params):
        return a, b.replace(models=params["enemy_size"])

    t2 = sweep("empire_swordsmen", [{"enemy_size": 10}, {"enemy_size": 30}],
               opponent="orc_boyz", apply=bigger_enemy, trials=500, seed=4)
    assert t2["enemy_size"].tolist() == [10, 30] and t2["models_b"].tolist() == [10, 30]
    ax = sweep_plot(t, "points", hue="WS")
    assert ax.get_xlabel() == "Points" and len(ax.get_lines()) == 2


@pytest.mark.parametrize("grid, match", [
    ({"colour": ["red"]}, "grid.colour: unknown parameter"),
    ({"models": []}, "grid.models: must be a non-empty list"),
    ({"models": [10], "points": [100]}, "grid.points: cannot sweep both"),
    ({"WS": [11]}, "WS"),
    ("models", "grid: must be"),
])
def test_sweep_bad_grid(grid, match):
    with pytest.raises(OddsInputError, match=match):
        sweep("empire_swordsmen", grid, opponent="orc_boyz", trials=100, seed=1)


def test_sweep_opponent_must_be_one_unit():
    with pytest.raises(OddsInputError, match="opponent: must be one unit"):
        sweep("empire_swordsmen", {"models": [10]}, opponent="orc_boyz,trolls", trials=100)


def test_batches_cover_cells_in_order():
    a = library_unit("orc_boyz")
    cells = [Cell(a, a, "a", 10, params=(("i", i),)) for i in range(23)]
    parts = batches(cells, n_threads=1)  # 8 tasks per thread: 23 cells in 8 batches of 3
    assert len(parts) == 8
    flat = [c for _, part in parts for c in part]
    assert flat == cells
    assert [start for start, _ in parts] == [0, 3, 6, 9, 12, 15, 18, 21]


# --------------------------------------------------------------------------- CLI


def _run(argv, capsys):
    assert main(argv) == 0
    return capsys.readouterr()


def test_cli_json(capsys):
    out = _run(["matrix", LIST_A, "orc_boyz", "--points", "200", "--trials", "1000",
                "--seed", "5", "--format", "json", "--efficiency"], capsys).out
    data = json.loads(out)
    assert data["seed"] == 5 and data["trials"] == 1000 and data["charger"] == "both"
    assert len(data["cells"]) == 2 * 1 * 2
    assert set(data["cells"][0]) == set(RESULT_COLUMNS)
    assert len(data["efficiency"]) == 3
    direct = matchup_matrix(LIST_A, "orc_boyz", points=200, trials=1000, seed=5)
    assert [c["p_a_wins"] for c in data["cells"]] == direct["p_a_wins"].tolist()


def test_cli_csv_spanish(capsys):
    out = _run(["matrix", "empire_swordsmen", "orc_boyz,trolls", "--points", "250",
                "--trials", "500", "--seed", "5", "--format", "csv", "--lang", "es",
                "--charger", "a"], capsys).out
    t = pd.read_csv(io.StringIO(out))
    assert t.shape == (2, len(RESULT_COLUMNS))
    assert "P(gana A)" in t.columns and set(t["Carga"]) == {"A"}


def test_cli_table_and_plot(capsys, tmp_path):
    png = tmp_path / "m.png"
    res = _run(["matrix", "empire_swordsmen", "orc_boyz", "--trials", "500", "--seed", "5",
                "--plot", str(png)], capsys)
    assert "P(A wins)" in res.out and "500 trials per cell, seed 5" in res.out
    assert png.stat().st_size > 0


def test_cli_bad_points(capsys):
    assert main(["matrix", "empire_swordsmen", "trolls", "--points", "30",
                 "--trials", "100"]) == 2
    err = capsys.readouterr().err
    assert "odds matrix: error: points: 30 do not buy" in err


def test_cli_sweep_json_and_csv(capsys):
    argv = ["sweep", "empire_swordsmen", "orc_boyz", "--vary", "models=10,20",
            "--vary", "charger=a,b", "--trials", "500", "--seed", "8"]
    data = json.loads(_run([*argv, "--format", "json"], capsys).out)
    assert data["grid"] == {"models": [10, 20], "charger": ["a", "b"]}
    assert [(r["models"], r["charger"]) for r in data["rows"]] == [
        (10, "a"), (10, "b"), (20, "a"), (20, "b")]
    direct = sweep("empire_swordsmen", {"models": [10, 20], "charger": ["a", "b"]},
                   opponent="orc_boyz", trials=500, seed=8)
    assert [r["p_a_wins"] for r in data["rows"]] == direct["p_a_wins"].tolist()
    t = pd.read_csv(io.StringIO(_run([*argv, "--format", "csv"], capsys).out))
    assert t.shape == (4, 1 + len(RESULT_COLUMNS))


def test_cli_sweep_bad_vary(capsys):
    assert main(["sweep", "empire_swordsmen", "orc_boyz", "--vary", "colour=red",
                 "--trials", "100"]) == 2
    assert "grid.colour: unknown parameter" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["sweep", "empire_swordsmen", "orc_boyz", "--vary", "models"])
    assert "must be NAME=V1,V2" in capsys.readouterr().err


def test_sweep_files_and_opponent():
    t = sweep("empire_swordsmen", {"files": [4, 8], "opponent": ["orc_boyz", "trolls"]},
              opponent="orc_boyz", trials=300, seed=1)
    assert list(t.columns[:2]) == ["files", "opponent"]
    assert t["opponent"].tolist() == ["orc_boyz", "trolls"] * 2  # as given
    assert t["unit_b"].tolist() == [library_unit("orc_boyz").name,
                                    library_unit("trolls").name] * 2
    assert t["files"].tolist() == [4, 4, 8, 8]
    t2 = sweep("empire_swordsmen", {"opponent": [library_unit("trolls")]},
               opponent="orc_boyz", trials=300, seed=1)
    assert t2["opponent"].tolist() == [library_unit("trolls").name]  # a Unit by its name
