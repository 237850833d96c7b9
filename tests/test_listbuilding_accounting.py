"""Every trial of a matrix or sweep cell is accounted for, the refused charges included.

RULES.md §3.3 (psychology at the charge): a unit charging a fear-causer it does not
outnumber tests its Leadership and, failed, does not charge (no combat); a charged unit
that fails a terror test flees.  A cell's ``p_a_wins + p_b_wins + p_unresolved +
p_no_combat`` is 1.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from odds.combat.api import charge_exact
from odds.combat.model import CombatOptions, build
from odds.listbuilding import matchup_matrix, sweep
from odds.listbuilding.lists import resolve_list
from odds.units import unit_from_dict
from tests.conftest import assert_mc

ROSTERS = "odds/examples/my_list.ros", "odds/examples/their_list.ros"
OUTCOME_SUM = ("p_a_wins", "p_b_wins", "p_unresolved", "p_no_combat")


def _unit(name: str, models: int, ws: int, s: int, t: int, ld: int, special: list[str]):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": min(5, models),
        "profile": {"M": 10, "WS": ws, "BS": 3, "S": s, "T": t, "W": 1, "I": 3, "A": 1,
                    "Ld": ld},
        "rules": {"special": special}, "points_per_model": 5,
    })


def test_lanceros_charging_trolls_counts_the_refused_charges():
    # The cell: 20 Lanceros (Ld 7) charging 3 Trolls (fear, RULES.md §3.3) fail
    # their fear test about 42 % of the time; those trials were missing from the cell.
    (lanceros,) = [u for u in resolve_list(ROSTERS[0]) if u.name == "Lanceros"]
    (trolls,) = [u for u in resolve_list(ROSTERS[1]) if u.name == "Trolls"]
    n = 20_000
    m = matchup_matrix([lanceros], [trolls], trials=n, seed=1, charger="both")
    total = m[list(OUTCOME_SUM)].sum(axis=1)
    np.testing.assert_allclose(total, 1.0, rtol=0, atol=1e-12)
    a_charges = m[m["charger"] == "a"].iloc[0]
    exact = charge_exact(build(lanceros, trolls, None, None, CombatOptions(charger="attacker")))
    assert exact["p_refused"] > 0.3  # the fear test does bite
    assert_mc(a_charges["p_no_combat"], exact["p_refused"], n, what="no combat")
    assert m[m["charger"] == "b"].iloc[0]["p_no_combat"] == 0.0  # Trolls do not test


def test_fled_at_the_charge_is_reported_and_counted_as_the_chargers_win():
    # A terror-causer charging 5 Ld 5 models: the charged unit tests terror and flees when
    # it fails (RULES.md §3.3); those trials are the charger's wins (caught or escaped).
    a = _unit("Horror", 5, 4, 4, 4, 9, ["terror"])
    b = _unit("Rabble", 5, 2, 3, 3, 5, [])
    n = 20_000
    m = matchup_matrix([a], [b], trials=n, seed=2, charger="a")
    row = m.iloc[0]
    exact = charge_exact(build(a, b, None, None, CombatOptions(charger="attacker")))
    assert exact["p_fled"] > 0.5
    assert_mc(row["p_fled_at_charge"], exact["p_fled"], n, what="fled at the charge")
    assert row["p_a_wins"] >= row["p_fled_at_charge"]
    assert sum(row[c] for c in OUTCOME_SUM) == pytest.approx(1.0, abs=1e-12)


def test_sweep_rows_account_for_every_trial():
    a = _unit("Spears", 20, 3, 3, 3, 6, [])
    b = _unit("Ghosts", 5, 3, 3, 4, 8, ["fear"])
    t = sweep(a, {"models": [5, 20], "charger": ["a", "b"]}, opponent=b, trials=2000, seed=4)
    np.testing.assert_allclose(t[list(OUTCOME_SUM)].sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert (t.loc[t["charger"] == "a", "p_no_combat"] > 0).all()


_SPECIAL = st.sampled_from([[], ["fear"], ["terror"], ["hatred"], ["frenzy"], ["stubborn"]])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(1, 25), st.integers(1, 6), st.integers(2, 5),
                          st.integers(2, 5), st.integers(4, 10), _SPECIAL),
                min_size=2, max_size=4),
       st.sampled_from(["both", "a", "b", "none"]), st.integers(0, 2**31))
def test_every_cell_sums_to_one(specs, charger, seed):
    units = [_unit(f"U{i}", *spec) for i, spec in enumerate(specs)]
    half = len(units) // 2
    m = matchup_matrix(units[:half], units[half:], trials=300, seed=seed, charger=charger,
                       max_rounds=3)
    np.testing.assert_allclose(m[list(OUTCOME_SUM)].sum(axis=1), 1.0, rtol=0, atol=1e-12)
    parts = ["p_a_destroyed", "p_a_caught", "p_a_flees"]
    np.testing.assert_allclose(m[parts].sum(axis=1), m["p_b_wins"], rtol=0, atol=1e-12)
    assert ((m["p_fled_at_charge"] >= 0) & (m["p_fled_at_charge"] <= 1)).all()


def test_efficiency_ranks_are_shared_within_two_standard_errors():
    import pandas as pd

    from odds.listbuilding.efficiency import _shared_ranks

    values = pd.Series([0.50, 0.49, 0.40, 0.39])
    errors = pd.Series([0.004, 0.004, 0.001, 0.001])
    # 0.50 - 0.49 = 0.01 < 2 * sqrt(2) * 0.004 = 0.0113: tied; 0.40 - 0.39 = 0.01 >
    # 2 * sqrt(2) * 0.001 = 0.0028: not tied
    assert _shared_ranks(values, errors) == [1, 1, 3, 4]
    assert _shared_ranks(values, pd.Series([float("nan")] * 4)) == [1, 2, 3, 4]


def test_efficiency_standard_errors():
    strong = _unit("Strong", 20, 4, 4, 4, 8, [])
    weak = _unit("Weak", 20, 2, 3, 3, 5, [])
    n = 4000
    m = matchup_matrix([strong, weak], [_unit("Foe", 20, 3, 3, 3, 7, [])], trials=n,
                       seed=5, charger="both")
    from odds.listbuilding import efficiency

    e = efficiency(m, lists="a").set_index("unit")
    assert e.loc["Strong", "rank"] == 1 and e.loc["Weak", "rank"] == 2
    # s.e. of the mean of two cells: sqrt(p1 (1 - p1) / n + p2 (1 - p2) / n) / 2
    rows = m[m["unit_a"] == "Weak"]["p_a_wins"].to_numpy()
    se = np.sqrt((rows * (1 - rows)).sum() / n) / 2
    assert e.loc["Weak", "p_win_stderr"] == pytest.approx(se, rel=1e-12)
    assert e.loc["Weak", "p_win_per_100_stderr"] == pytest.approx(
        se * 100 / e.loc["Weak", "points"], rel=1e-12)
    assert "per 100 points of the unit's own cost" in efficiency(m).attrs["per"]
