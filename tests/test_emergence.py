"""Underground emergence: conventions, exact arcs, Monte Carlo at z = 5, CLI, notebook."""

from __future__ import annotations

import json
import math
import os
import re
from fractions import Fraction
from pathlib import Path

import numba
import numpy as np
import pytest
from conftest import assert_mc

import odds.cli
from odds.emergence import (
    Rect,
    Terrain,
    Unit,
    arrival_fractions,
    classify_point,
    emerge,
    exact_outcomes,
    example_path,
    load_scenario,
    make_scenario,
    placement_map,
)
from odds.emergence import kernel as K
from odds.validation import OddsInputError

ROOT = Path(__file__).resolve().parents[1]


def enemy(name, x, y, w, d, angle=0.0):
    return Unit(name, "enemy", Rect(x, y, w, d, angle))


def friend(name, x, y, w, d, angle=0.0):
    return Unit(name, "friend", Rect(x, y, w, d, angle))


@pytest.fixture(scope="module")
def ambush():
    return load_scenario(example_path())


@pytest.fixture(scope="module")
def tricky():
    """Rotated enemies, overlapping footprints, terrain at the edge, scale 2."""
    return make_scenario(
        marker=(30.0, 15.0), scale=2.0,
        units=[enemy("A", 38.0, 24.0, 12.0, 6.0, 30.0), enemy("B", 22.0, 14.0, 8.0, 8.0, 135.0),
               friend("F", 30.0, 34.0, 14.0, 8.0, 0.0), enemy("C", 44.0, 20.0, 5.0, 5.0, 0.0)],
        terrain=[Terrain("T", Rect(20.0, 2.0, 10.0, 10.0, 10.0))],
    )


# --------------------------------------------------------------------------
# exact dice
# --------------------------------------------------------------------------


def test_arrival_fractions_exact():
    f = arrival_fractions()
    assert f == {2: Fraction(1, 2), 3: Fraction(1, 3), 4: Fraction(5, 36), 5: Fraction(1, 36)}
    assert sum(f.values()) == 1


def test_dice_only_exact_values():
    s = make_scenario(marker=(90.0, 60.0))  # empty table, far from every edge
    ex = exact_outcomes(s)
    for k in ("destroyed", "absent_misfire", "enemy_placed"):
        assert ex[k] == pytest.approx(1 / 18, abs=1e-15)
    assert ex["clear"] == pytest.approx(5 / 6, abs=1e-12)
    assert ex["off_table"] == pytest.approx(0.0, abs=1e-12)


# --------------------------------------------------------------------------
# conventions
# --------------------------------------------------------------------------


def test_table_edges_are_on_the_table():
    s = make_scenario(marker=(0.0, 0.0))
    for x, y in [(0.0, 0.0), (180.0, 120.0), (0.0, 60.0), (90.0, 120.0)]:
        assert classify_point(s, x, y) == "clear"
    for x, y in [(-1e-9, 60.0), (180.0 + 1e-9, 60.0), (90.0, -1e-9), (90.0, 120.0 + 1e-9)]:
        assert classify_point(s, x, y) == "off_table"


@pytest.mark.parametrize("angle", [0.0, 90.0, 180.0, 270.0, -90.0])
def test_unit_edges_are_under_and_faces(angle):
    s = make_scenario(units=[enemy("E", 90.0, 60.0, 20.0, 10.0, angle)])
    th = math.radians(angle)
    front = np.array([-math.sin(th), math.cos(th)])  # angle 0 faces +y, counter-clockwise
    right = np.array([math.cos(th), math.sin(th)])
    c = np.array([90.0, 60.0])

    def at(u, v):
        p = c + u * right + v * front
        return classify_point(s, *p)

    assert at(0.0, 4.0) == "under_enemy:E:front"
    assert at(0.0, 5.0) == "under_enemy:E:front"  # on the front edge: under
    assert at(0.0, -4.5) == "under_enemy:E:rear"
    assert at(9.0, 0.0) == "under_enemy:E:flank"
    assert at(-10.0, 0.0) == "under_enemy:E:flank"
    assert at(-10.0, -5.0) == "under_enemy:E:rear" or angle % 90 == 0  # corner, tie below
    assert at(0.0, 5.5) == "clear"
    assert at(10.5, 0.0) == "clear"


def test_face_ties_go_front_then_flank():
    assert K.face_of(5.0, 0.0, 5.0, 5.0) == 1  # on the flank edge, v = 0
    assert K.face_of(5.0, 5.0, 5.0, 5.0) == 0  # front-right corner: front wins
    assert K.face_of(5.0, -5.0, 5.0, 5.0) == 1  # rear-right corner: flank wins
    assert K.face_of(0.0, 0.0, 5.0, 5.0) == 0  # centre of a square


def test_enemy_beats_friend_when_overlapping():
    s = make_scenario(units=[friend("F", 90.0, 60.0, 20.0, 20.0), enemy("E", 95.0, 60.0, 10, 10)])
    assert classify_point(s, 95.0, 60.0).startswith("under_enemy:E")
    assert classify_point(s, 82.0, 60.0) == "displaced"


def test_nearest_edge_point():
    rects = np.array([[50.0, 50.0, 20.0, 10.0, 0.0], [50.0, 50.0, 20.0, 10.0, 90.0]])
    g = K.prepare(rects)
    assert K.nearest_edge_point(58.0, 51.0, g, 0) == pytest.approx((60.0, 51.0))
    assert K.nearest_edge_point(50.0, 53.0, g, 0) == pytest.approx((50.0, 55.0))
    # rotated 90: width along y, depth along x
    assert K.nearest_edge_point(51.0, 58.0, g, 1) == pytest.approx((51.0, 60.0))


def test_enemy_marker_policy():
    s = make_scenario(units=[enemy("E", 20.0, 110.0, 10.0, 10.0)], marker=(90.0, 60.0))
    assert s.enemy_marker_point() == (180.0, 0.0)
    s2 = make_scenario(marker=(10.0, 10.0))
    assert s2.enemy_marker_point() == (180.0, 120.0)
    s3 = make_scenario(marker=(10.0, 10.0), enemy_marker=(5.0, 6.0))
    assert s3.enemy_marker_point() == (5.0, 6.0)


# --------------------------------------------------------------------------
# exact arc fractions against independent formulas
# --------------------------------------------------------------------------


def frac(s, marker, r):
    rects, _, n_enemy = s.arrays()
    g = K.prepare(rects)
    names = ["destroyed", "absent_misfire", "enemy_placed", "off_table", "displaced", "clear"]
    names += [f"{u.name}:{f}" for u in s.enemies for f in ("front", "flank", "rear")]
    out = np.zeros(len(names))
    K.circle_fractions(marker[0], marker[1], r, s.table.width, s.table.depth, g, n_enemy, out)
    return dict(zip(names, out, strict=True))


@pytest.mark.parametrize("d,r", [(3.0, 5.0), (0.0, 10.0), (7.5, 25.0), (9.9, 10.0), (12.0, 10.0)])
def test_circle_cut_by_one_edge(d, r):
    s = make_scenario()
    f = frac(s, (d, 60.0), r)
    want = math.acos(min(d / r, 1.0)) / math.pi
    assert f["off_table"] == pytest.approx(want, abs=1e-12)
    assert f["clear"] == pytest.approx(1 - want, abs=1e-12)


def test_circle_at_a_corner():
    f = frac(make_scenario(), (0.0, 0.0), 20.0)
    assert f["off_table"] == pytest.approx(0.75, abs=1e-12)


def test_circle_inside_a_square_unit_faces():
    s = make_scenario(units=[enemy("E", 90.0, 60.0, 20.0, 20.0, 37.0)])
    f = frac(s, (90.0, 60.0), 5.0)
    assert f["E:front"] == pytest.approx(0.25, abs=1e-12)
    assert f["E:flank"] == pytest.approx(0.5, abs=1e-12)
    assert f["E:rear"] == pytest.approx(0.25, abs=1e-12)


def test_circle_fraction_matches_brute_force_quadrature(tricky):
    """Arc cuts vs classifying 200 000 equally spaced angles (error <~ 1e-4)."""
    rects, _, n_enemy = tricky.arrays()
    g = K.prepare(rects)
    m = 200_000
    th = (np.arange(m) + 0.5) * (2 * math.pi / m)
    for r in (4.0, 8.0, 12.0, 16.0, 20.0):
        exact = np.zeros(6 + 3 * n_enemy)
        K.circle_fractions(30.0, 15.0, r, 180.0, 120.0, g, n_enemy, exact)
        brute = np.zeros_like(exact)
        xs = 30.0 + r * np.cos(th)
        ys = 15.0 + r * np.sin(th)
        for x, y in zip(xs, ys, strict=True):
            brute[K.classify(x, y, 180.0, 120.0, g, n_enemy)[0]] += 1.0 / m
        assert exact.sum() == pytest.approx(1.0, abs=1e-12)
        np.testing.assert_allclose(exact, brute, atol=2e-4)


# --------------------------------------------------------------------------
# Monte Carlo against exact, z = 5
# --------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["ambush", "tricky"])
def test_monte_carlo_matches_exact(which, request):
    s = request.getfixturevalue(which)
    n = 2_000_000
    r = emerge(s, trials=n, seed=20240501)
    assert r.table["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    assert r.table["exact"].sum() == pytest.approx(1.0, abs=1e-9)
    for row in r.table.itertuples():
        assert_mc(row.probability, row.exact, n, what=row.outcome)
    for row in r.extra["by_unit"].itertuples():
        assert_mc(row.probability, row.exact, n, what=row.outcome)
    for row in r.arrival.itertuples():
        assert_mc(row.probability, row.exact, n, what=f"turn {row.turn}")
    assert_mc(r.extra["hit"], 5 / 18, n, what="hit")


@pytest.mark.parametrize("scale,off", [(1.0, 0.0), (2.0, None), (2.5, None)])
def test_scales(scale, off):
    # marker 3 cm from the left edge: arrows of length r go off with prob acos(3/r)/pi
    s = make_scenario(marker=(3.0, 60.0), scale=scale)
    dists = [2 * scale * k for k in range(1, 6)]
    want = sum(math.acos(min(3.0 / r, 1.0)) / math.pi for r in dists) / 9
    assert exact_outcomes(s)["off_table"] == pytest.approx(want, abs=1e-12)
    r = emerge(s, trials=300_000, seed=5, landing_bin=None)
    assert_mc(r.probability("off_table"), want, r.trials, what=f"scale {scale}")


def test_landing_histogram(ambush):
    r = emerge(ambush, trials=300_000, seed=11, landing_bin=5.0)
    land = r.landing
    assert set(land.columns) == {"x_low", "x_high", "y_low", "y_high", "probability"}
    n = r.trials
    total = land["probability"].sum()
    assert_mc(total, 5 / 6, n, what="landing mass")
    mx, my = ambush.marker_point()
    cell = land[(land.x_low <= mx) & (mx < land.x_high) & (land.y_low <= my) & (my < land.y_high)]
    assert float(cell["probability"].iloc[0]) >= 5 / 18 - 5 * math.sqrt(5 / 18 / n)


def test_charge_reach(ambush):
    far = make_scenario(marker=ambush.marker, units=list(ambush.units), target="Great Cannon",
                        move=500.0)
    r = emerge(far, trials=100_000, seed=2, landing_bin=None)
    tg = r.extra["target"]
    assert tg["clear_in_reach"] == pytest.approx(r.probability("clear"))
    assert tg["engage"] == pytest.approx(tg["under"] + tg["clear_in_reach"])
    assert tg["engage_by_turn3"] == pytest.approx(tg["engage"] * 5 / 6)


# --------------------------------------------------------------------------
# reproducibility
# --------------------------------------------------------------------------


def test_bit_identical_across_thread_counts(ambush):
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        a = emerge(ambush, trials=300_000, seed=99)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        b = emerge(ambush, trials=300_000, seed=99)
        pa = placement_map(ambush, step=45.0, trials=70_000, seed=3)
        numba.set_num_threads(1)
        pb = placement_map(ambush, step=45.0, trials=70_000, seed=3)
    finally:
        numba.set_num_threads(before)
    assert a.table.equals(b.table)
    assert a.arrival.equals(b.arrival)
    assert a.landing.equals(b.landing)
    assert pa.equals(pb)
    c = emerge(ambush, trials=300_000, seed=100)
    assert not a.table["probability"].equals(c.table["probability"])


def test_seed_reported(ambush):
    r = emerge(ambush, trials=1000, seed=None, landing_bin=None)
    assert isinstance(r.seed, int)
    again = emerge(ambush, trials=1000, seed=r.seed, landing_bin=None)
    assert r.table.equals(again.table)


# --------------------------------------------------------------------------
# placement map
# --------------------------------------------------------------------------


def test_placement_map_grid_and_exact(ambush):
    ex = placement_map(ambush, method="exact")
    assert len(ex) == 37 * 25
    assert ex.attrs["target"] == "Great Cannon"
    assert ex["p_lose"].min() == pytest.approx(1 / 9, abs=1e-12)  # misfire 1-4 only
    corner = ex[(ex.x == 0) & (ex.y == 0)]
    assert float(corner["p_lose"].iloc[0]) > 0.4
    best = ex.loc[ex["p_target"].idxmax()]
    assert ambush.units[0].footprint.y - 5 <= best["y"] <= ambush.units[0].footprint.y + 5


def test_placement_map_mc_matches_exact(ambush):
    n = 20_000
    mc = placement_map(ambush, step=30.0, trials=n, seed=8)
    ex = placement_map(ambush, step=30.0, method="exact")
    for col in ("p_target", "p_lose", "p_displaced", "p_clear"):
        for est, want in zip(mc[col], ex[col], strict=True):
            assert_mc(est, want, n, what=col)


# --------------------------------------------------------------------------
# validation and CLI
# --------------------------------------------------------------------------


@pytest.mark.parametrize("kw,field", [
    ({"marker": (181.0, 10.0)}, "marker.x"),
    ({"marker": (10.0, -1.0)}, "marker.y"),
    ({"table": (-180.0, 120.0)}, "table.width"),
    ({"scale": 3.0}, "scale"),
    ({"units": [{"name": "X", "x": 1, "y": 1, "width": -5, "depth": 5}]}, "units[0].width"),
    ({"units": [{"name": "X", "x": 1, "y": 1, "width": 5, "depth": 5, "colour": 1}]},
     "units[0].colour"),
    ({"units": [{"name": "X", "side": "neutral", "x": 1, "y": 1, "width": 5, "depth": 5}]},
     "units[0].side"),
    ({"target": "Nobody"}, "target"),
])
def test_bad_inputs(kw, field):
    with pytest.raises(OddsInputError, match="^" + re.escape(field) + ":"):
        make_scenario(**kw)


def test_bad_toml(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text('marker = [10, 10]\nwind = 3\n')
    with pytest.raises(OddsInputError, match=r"^scenario\.wind: unknown key"):
        load_scenario(p)
    p.write_text('[[units]]\nname = "A"\nx = 1\ny = 2\nwidth = 3\ndepth = 4\nfacing = 3\n')
    with pytest.raises(OddsInputError, match=r"^units\[0\]\.facing: unknown key"):
        load_scenario(p)
    with pytest.raises(OddsInputError, match=r"^scenario: cannot read"):
        load_scenario(tmp_path / "missing.toml")


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.setattr(odds.cli, "COMMAND_MODULES", ("odds.commands.emerge",))
    return odds.cli.main


def test_cli_json(cli, capsys):
    rc = cli(["emerge", "--scenario", str(example_path()), "--trials", "20000", "--seed", "4",
              "--format", "json", "--scale", "2"])
    assert rc == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["trials"] == 20000 and doc["seed"] == 4 and doc["scale"] == 2.0
    assert [a["turn"] for a in doc["arrival"]] == [2, 3, 4, 5]
    out = doc["outcomes"]
    assert set(out) == {"destroyed", "absent_misfire", "enemy_placed", "off_table", "under_enemy",
                        "displaced", "clear"}
    assert set(out["under_enemy"]["Great Cannon"]) == {"front", "flank", "rear", "total"}
    total = sum(v for k, v in out.items() if k != "under_enemy")
    total += sum(u["total"] for u in out["under_enemy"].values())
    assert total == pytest.approx(1.0)


def test_cli_table_csv_plot(cli, capsys, tmp_path):
    png = tmp_path / "e.png"
    assert cli(["emerge", "--table", "120x90", "--marker", "10,80", "--trials", "5000",
                "--seed", "1", "--plot", str(png)]) == 0
    assert png.stat().st_size > 10_000
    assert "off table" in capsys.readouterr().out  # outcome codes in words in the table
    assert cli(["emerge", "--trials", "5000", "--seed", "1", "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("outcome,probability")


@pytest.mark.parametrize("argv,field", [
    (["--marker", "200,10"], "marker.x"),
    (["--marker", "10"], "marker"),
    (["--table", "180by120"], "table"),
    (["--table", "0x120"], "table.width"),
])
def test_cli_bad_input_exit_2(cli, capsys, argv, field):
    assert cli(["emerge", "--trials", "100", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and f"error: {field}" in err


def test_cli_bad_scenario_exit_2(cli, capsys, tmp_path):
    p = tmp_path / "s.toml"
    p.write_text('[[units]]\nname = "A"\nx = 1\ny = 2\nwidth = -3\ndepth = 4\n')
    assert cli(["emerge", "--scenario", str(p), "--trials", "100"]) == 2
    assert "units[0].width" in capsys.readouterr().err


# --------------------------------------------------------------------------
# plots and notebook
# --------------------------------------------------------------------------


def test_plots_return_axes(ambush):
    import matplotlib.pyplot as plt

    from odds.emergence import plot_landing, plot_placement, plot_scenario

    r = emerge(ambush, trials=20_000, seed=1)
    pm = placement_map(ambush, step=20.0, method="exact")
    fig, axes = plt.subplots(1, 3)
    assert plot_landing(r, ax=axes[0]) is axes[0]
    assert plot_placement(pm, ambush, "p_lose", ax=axes[1]) is axes[1]
    assert plot_scenario(ambush, ax=axes[2]) is axes[2]
    plt.close(fig)


def test_notebook_runs():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = ROOT / "notebooks" / "04_emergence.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert all(c.get("outputs", []) == [] for c in nb.cells if c.cell_type == "code")
    old = {k: os.environ.get(k) for k in ("ODDS_NOTEBOOK_TRIALS", "MPLBACKEND")}
    os.environ.update(ODDS_NOTEBOOK_TRIALS="20000", MPLBACKEND="Agg")
    try:
        nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        for k, val in old.items():
            if val is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = val


def test_direction_is_uniform():
    from odds.rng import stream_state

    st = stream_state(np.uint64(12345), 0)
    n = 400_000
    ang = np.empty(n)
    for i in range(n):
        c, s = K.direction(st)
        assert abs(c * c + s * s - 1.0) < 1e-12
        ang[i] = math.atan2(s, c)
    counts, _ = np.histogram(ang, bins=24, range=(-math.pi, math.pi))
    for k in counts:
        assert_mc(k / n, 1 / 24, n, what="angle bin")


@pytest.mark.slow
def test_monte_carlo_matches_exact_large(tricky):
    n = 50_000_000
    r = emerge(tricky, trials=n, seed=777, landing_bin=None)
    for row in r.table.itertuples():
        assert_mc(row.probability, row.exact, n, what=row.outcome)
