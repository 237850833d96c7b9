"""List building without the combat kernel: sizing, seeds, labels, lists, efficiency.

Every expected number below is worked out by hand in the comments.
"""

from __future__ import annotations

import hashlib
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from odds.listbuilding import buy, cell_key, cell_seed, efficiency, resolve_list, run_entropy
from odds.listbuilding.cells import Cell
from odds.listbuilding.labels import canonical, label, translate
from odds.listbuilding.sizing import command_group
from odds.units import Command, library_unit
from odds.validation import OddsInputError

ROSTER = Path(__file__).parent / "data" / "battlescribe" / "tiny.ros"


@pytest.fixture
def swordsmen():
    # 7 points per model; champion 14, standard 10, musician 5 on top
    u = library_unit("empire_swordsmen")
    return u.replace(command=Command(champion=True, standard=True, musician=True,
                                     champion_points=14, standard_points=10,
                                     musician_points=5))


# --------------------------------------------------------------------------- sizing


def test_buy_full_command(swordsmen):
    # (250 - 29) / 7 = 31.57 -> 31 models: 217 + 29 = 246 points
    u = buy(swordsmen, 250, command="full")
    assert (u.models, u.points) == (31, 246.0)
    assert u.command.champion and u.command.standard and u.command.musician
    assert u.files == swordsmen.files


def test_buy_no_command_and_exact_fit(swordsmen):
    # 245 / 7 = 35 exactly: the last model fits (<=); 244 buys 34
    assert buy(swordsmen, 245, command="none").models == 35
    assert buy(swordsmen, 244, command="none").models == 34
    assert buy(swordsmen, 245, command="none").points == 245.0


def test_buy_parts_and_frontage(swordsmen):
    # standard + musician = 15: (250 - 15) / 7 = 33.57 -> 33 models, 231 + 15 = 246
    u = buy(swordsmen, 250, command=("standard", "musician"), files=6)
    assert (u.models, u.files, u.points) == (33, 6, 246.0)
    assert not u.command.champion
    assert command_group(swordsmen, "standard+musician") == u.command


def test_buy_keeps_command_by_default(swordsmen):
    u = buy(swordsmen, 100)  # full command kept: (100 - 29) / 7 = 10.14 -> 10
    assert u.models == 10 and u.command == swordsmen.command


def test_buy_too_few_points_names_unit_and_values():
    trolls = library_unit("trolls")  # 50 points each
    with pytest.raises(OddsInputError, match=r"points: 49 .*Trolls.*50"):
        buy(trolls, 49)
    assert buy(trolls, 149).models == 2


def test_buy_min_models(swordsmen):
    with pytest.raises(OddsInputError, match=r"points: 60 .*10 model"):
        buy(swordsmen, 60, command="none", min_models=10)  # 60 / 7 -> 8 < 10


def test_buy_unknown_points_per_model(swordsmen):
    with pytest.raises(OddsInputError,
                       match=rf"points_per_model: {re.escape(repr(swordsmen.name))} has no"):
        buy(swordsmen.replace(points_per_model=0), 250)


def test_buy_bad_command(swordsmen):
    with pytest.raises(OddsInputError, match="command: unknown part"):
        buy(swordsmen, 250, command="drummer")


# --------------------------------------------------------------------------- seeds


def test_cell_key_is_canonical_json():
    a, b = library_unit("empire_swordsmen"), library_unit("orc_boyz")
    key = Cell(a, b, "b", 1000).key
    assert key == '{"charger":"b","unit_a":"' + a.name + '","unit_b":"' + b.name + '"}'
    assert cell_key({"b": 1, "a": "x"}) == '{"a":"x","b":1}'


def test_cell_seed_derived_independently():
    key = '{"charger":"a","unit_a":"X","unit_b":"Y"}'
    words = struct.unpack("<8I", hashlib.sha256(key.encode()).digest())
    expected = np.random.SeedSequence(123, spawn_key=words).generate_state(4)
    got = cell_seed(123, key)
    assert got.entropy == 123 and got.spawn_key == words
    np.testing.assert_array_equal(got.generate_state(4), expected)
    other = cell_seed(123, key.replace("X", "Z")).generate_state(4)
    assert not np.array_equal(other, expected)


def test_cell_seed_stable_across_processes():
    key = "a fixed cell key"
    code = ("from odds.listbuilding.seeds import cell_seed;"
            f"print(list(cell_seed(7, {key!r}).generate_state(2)))")
    outs = set()
    for hashseed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        outs.add(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                capture_output=True, text=True).stdout)
    assert outs == {f"{list(cell_seed(7, key).generate_state(2))}\n"}


def test_run_entropy():
    assert run_entropy(5) == 5
    assert run_entropy(np.random.SeedSequence(9)) == 9
    assert run_entropy(np.random.default_rng(1)) == run_entropy(np.random.default_rng(1))
    assert isinstance(run_entropy(None), int)
    with pytest.raises(OddsInputError, match="seed"):
        run_entropy(-1)
    with pytest.raises(OddsInputError, match="seed"):
        run_entropy("1")


# --------------------------------------------------------------------------- lists


def test_resolve_list_forms():
    names = resolve_list("empire_swordsmen, orc_boyz")
    assert [u.name for u in names] == [library_unit("empire_swordsmen").name,
                                      library_unit("orc_boyz").name]
    twice = resolve_list(["orc_boyz", library_unit("orc_boyz")])
    base = library_unit("orc_boyz").name
    assert [u.name for u in twice] == [base, f"{base} (2)"]


def test_resolve_list_roster():
    units = resolve_list(str(ROSTER))
    assert len(units) >= 1 and all(u.points_per_model > 0 for u in units)


@pytest.mark.parametrize("spec, match", [
    ("", "list_a: empty unit spec"),
    ([], "list_a: no units"),
    (3, "list_a: must be"),
    ("no_such_unit", "unknown built-in unit"),
])
def test_resolve_list_bad(spec, match):
    with pytest.raises(OddsInputError, match=match):
        resolve_list(spec, "list_a")


# --------------------------------------------------------------------------- labels


def test_labels_spanish():
    assert label("p_a_wins", "es") == "P(gana A)"
    assert label("margin", "es").startswith("Resultado del combate")
    assert label("casualties_a", "es").startswith("Bajas")
    assert label("charger", "es") == "Carga"
    assert label("points_a", "es") == "Puntos A"
    assert label("p_b_flees", "es") == "P(B huye)"
    assert label("p_b_destroyed", "es") == "P(B destruida)"
    t = pd.DataFrame({"unit_a": ["x"], "charger": ["none"], "p_a_wins": [0.5]})
    es = translate(t, "es")
    assert list(es.columns) == ["Unidad A", "Carga", "P(gana A)"]
    assert es["Carga"].tolist() == ["ninguna"]
    pd.testing.assert_frame_equal(canonical(es), t)


def test_unknown_lang():
    with pytest.raises(OddsInputError, match="lang: must be one of en, es"):
        label("p_a_wins", "fr")


# --------------------------------------------------------------------------- efficiency


def _hand_matrix():
    # A1 (200 pts) and A2 (100 pts) against B1 (250 pts), each charging once
    return pd.DataFrame({
        "unit_a": ["A1", "A1", "A2", "A2"], "unit_b": ["B1"] * 4,
        "charger": ["a", "b", "a", "b"],
        "points_a": [200.0, 200.0, 100.0, 100.0], "points_b": [250.0] * 4,
        "p_a_wins": [0.8, 0.6, 0.3, 0.1], "p_b_wins": [0.1, 0.3, 0.6, 0.9],
        "margin": [2.0, 1.0, -1.0, -3.0],
        "casualties_a": [2.0, 4.0, 6.0, 8.0], "casualties_b": [10.0, 6.0, 1.0, 3.0],
        "casualties_points_a": [14.0, 28.0, 30.0, 40.0],
        "casualties_points_b": [60.0, 36.0, 6.0, 18.0],
    })


def test_efficiency_by_hand():
    e = efficiency(_hand_matrix()).set_index("unit")
    # A1: p_win (0.8 + 0.6) / 2 = 0.7; per 100 pts: 0.7 / 200 * 100 = 0.35
    #     margin 1.5 -> 0.75; casualties 8 -> 4; points 48 -> 24
    # A2: p_win 0.2 -> 0.2; margin -2 -> -2; casualties 2 -> 2; points 12 -> 12
    # B1: p_win (0.1+0.3+0.6+0.9)/4 = 0.475 -> 0.19; margin -(2+1-1-3)/4 = 0.25 -> 0.1
    #     casualties (2+4+6+8)/4 = 5 -> 2; points (14+28+30+40)/4 = 28 -> 11.2
    expect = {
        "A1": ("a", 200, 0.7, 1.5, 8.0, 48.0, 0.35, 0.75, 4.0, 24.0),
        "A2": ("a", 100, 0.2, -2.0, 2.0, 12.0, 0.2, -2.0, 2.0, 12.0),
        "B1": ("b", 250, 0.475, 0.25, 5.0, 28.0, 0.19, 0.1, 2.0, 11.2),
    }
    cols = ["list", "points", "p_win", "mean_margin", "casualties", "casualties_points",
            "p_win_per_100", "margin_per_100", "casualties_per_100",
            "casualties_points_per_100"]
    for unit, values in expect.items():
        assert e.loc[unit, "list"] == values[0]
        np.testing.assert_allclose(e.loc[unit, cols[1:]].astype(float), values[1:],
                                   rtol=1e-12, err_msg=unit)
    # ranked by P(win) per 100 points: A1 0.35, A2 0.2, B1 0.19
    assert e.sort_values("rank").index.tolist() == ["A1", "A2", "B1"]
    by_cas = efficiency(_hand_matrix(), by="casualties_points").sort_values("rank")
    assert by_cas["unit"].tolist() == ["A1", "B1", "A2"]  # 48, 28, 12


def test_efficiency_spanish_in_and_out():
    es = translate(_hand_matrix(), "es")
    e = efficiency(es, lang="es")
    assert "P(gana) por 100 puntos" in e.columns and "Puesto" in e.columns
    pd.testing.assert_frame_equal(canonical(e), efficiency(_hand_matrix()))


def test_efficiency_bad_inputs():
    with pytest.raises(OddsInputError, match="matrix: not a matchup matrix"):
        efficiency(pd.DataFrame({"x": [1]}))
    with pytest.raises(OddsInputError, match="by"):
        efficiency(_hand_matrix(), by="nonsense")


def test_split_specs_keeps_catalogue_options_together():
    from odds.listbuilding.lists import split_specs

    cat = str(ROSTER.with_name("tiny.cat"))
    spec = f"{cat}:Lanceros de prueba?command=champion,musician&files=4, orc_boyz,trolls"
    assert split_specs(spec) == [f"{cat}:Lanceros de prueba?command=champion,musician&files=4",
                                 "orc_boyz", "trolls"]
    units = resolve_list(spec)
    assert len(units) == 3
    cmd = units[0].command
    assert (cmd.champion, cmd.standard, cmd.musician, units[0].files) == (True, False, True, 4)
    assert split_specs("a.toml,b.toml") == ["a.toml", "b.toml"]
