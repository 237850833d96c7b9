"""Charge versus flee (RULES.md §5.1, §5.3, §4.1; sources 001, 002)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_mc
from hypothesis import given, settings
from hypothesis import strategies as st

from odds import dice
from odds.charge import Charge, charge_sweep, charge_vs_flee, exact
from odds.validation import OddsInputError

N = 400_000

CASES = [
    dict(charger_move=18, target_move=10, distance=20, edge_distance=40),  # source 001 units
    dict(charger_move=10, target_move=10, distance=5),
    dict(charger_move=10, target_move=20, distance=2),  # 8D6 fleer (M > 15 cm)
    dict(charger_move=10, target_move=10, distance=2, target_flies=True),  # flyer: 8D6
    dict(charger_move=15, target_move=10, distance=8, difficult=4, wheel=3, edge_distance=22),
    dict(charger_move=12.5, target_move=12.5, distance=7.5, edge_distance=25.5),
]


@pytest.mark.parametrize("case", CASES)
def test_simulation_matches_exact_at_z5(case):
    """Every outcome and every failed-charge gap within 5 s.e. of exact (§5.3)."""
    r = charge_vs_flee(**case, trials=N, seed=2024)
    assert r.table["probability"].sum() == pytest.approx(1.0)
    for row in r.table.itertuples():
        assert_mc(row.probability, row.exact, N, what=row.outcome)
    for row in r.extra["gap"].itertuples():
        assert_mc(row.probability, row.exact, N, what=f"gap {row.gap}")


def test_hand_computed_source_001_example():
    """Source 001: boar boyz (M18, charge 36 cm) vs spearmen 20 cm away fleeing 5D6.

    Caught iff 36 >= 20 + roll, i.e. roll <= 16.  Brute force over all 7776
    throws gives 3108 of them, P = 0.39969.
    """
    ex = exact(Charge(18, 10, 20))
    counts = np.bincount(
        np.add.reduce(np.indices((6,) * 5).reshape(5, -1) + 1), minlength=31)
    assert ex["caught"] == pytest.approx(counts[:17].sum() / 6**5)
    assert counts[:17].sum() == 3108
    assert ex["off_table"] == 0.0


def test_terrain_counts_double_and_wheel_is_paid():
    """§5.1: difficult terrain halves movement crossed; the wheel comes off the charge move."""
    c = Charge(10, 10, 6, difficult=4, wheel=2)
    assert c.reach == 20 - 2 - 4
    assert c.caught_max() == 8  # 14 >= 6 + roll  <=>  roll <= 8
    # normal move M - wheel = 8 cm, 4 cm of terrain cost 8: covers exactly the terrain
    assert c.failed_move() == pytest.approx(4.0)
    assert Charge(10, 10, 6, difficult=1).failed_move() == pytest.approx(9.0)


def test_edge_takes_precedence_over_catching():
    """Issue 2 §4: a flee roll reaching the edge removes the unit before the charger arrives."""
    ex = exact(Charge(30, 10, 0, edge_distance=0))
    assert ex == {"caught": 0.0, "off_table": 1.0, "escaped": 0.0}
    ex = exact(Charge(30, 10, 0, edge_distance=20))  # reach 60 catches every roll < 20
    assert ex["escaped"] == 0.0
    assert ex["off_table"] == pytest.approx(dice.p_at_least(dice.sum_pmf(5), 20))


def test_hold_alternative():
    assert charge_vs_flee(10, 10, 20, trials=10, seed=1).extra["hold_reaches"] is True
    assert charge_vs_flee(10, 10, 20.5, trials=10, seed=1).extra["hold_reaches"] is False


def test_failed_charge_gap_is_roll_plus_gap_minus_move():
    r = charge_vs_flee(10, 10, 10, trials=50_000, seed=3)
    g = r.extra["gap"]
    assert (g["gap"] == 10 + g["flee_roll"] - 10).all()
    assert g["exact"].sum() == pytest.approx(r.exact("escaped"))


def test_sweep_is_tidy_and_monotone():
    df = charge_sweep(np.arange(0, 31, 5), 10, (10, 20), trials=20_000, seed=5)
    assert set(df.columns) >= {"distance", "target_move", "flee_dice", "outcome", "probability",
                               "stderr", "ci_low", "ci_high", "exact"}
    caught = df[df.outcome == "caught"]
    for _, g in caught.groupby("target_move"):
        assert np.all(np.diff(g["exact"].to_numpy()) <= 0)
        assert np.all(np.diff(g["probability"].to_numpy()) <= 0)  # common random numbers


@settings(max_examples=40, deadline=None)
@given(cm=st.floats(1, 30), tm=st.floats(0, 30), d=st.floats(0, 60),
       e=st.one_of(st.none(), st.floats(0, 80)))
def test_exact_probabilities_sum_to_one(cm, tm, d, e):
    ex = exact(Charge(cm, tm, d, edge_distance=e))
    assert sum(ex.values()) == pytest.approx(1.0)
    assert all(0.0 <= p <= 1.0 for p in ex.values())


@settings(max_examples=30, deadline=None)
@given(cm=st.floats(1, 30), d=st.floats(0, 60), extra=st.floats(0, 10))
def test_faster_chargers_never_catch_less(cm, d, extra):
    assert exact(Charge(cm + extra, 10, d))["caught"] >= exact(Charge(cm, 10, d))["caught"]


@pytest.mark.parametrize(("kwargs", "field"), [
    (dict(charger_move=-1, target_move=10, distance=5), "charger_move"),
    (dict(charger_move=0, target_move=10, distance=5), "charger_move"),
    (dict(charger_move=10, target_move="fast", distance=5), "target_move"),
    (dict(charger_move=10, target_move=10, distance=float("nan")), "distance"),
    (dict(charger_move=10, target_move=10, distance=5, difficult=6), "difficult"),
    (dict(charger_move=10, target_move=10, distance=5, wheel=21), "wheel"),
    (dict(charger_move=10, target_move=10, distance=5, edge_distance=-2), "edge_distance"),
    (dict(charger_move=10, target_move=10, distance=5, trials=0), "trials"),
    (dict(charger_move=10, target_move=10, distance=5, target_flies="yes"), "target_flies"),
])
def test_bad_input_names_the_field(kwargs, field):
    with pytest.raises(OddsInputError, match=field):
        charge_vs_flee(**kwargs)
