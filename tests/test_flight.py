"""A fleeing unit turn by turn: rally or leave the table (RULES.md §4.2, §4.5)."""

from __future__ import annotations

import pytest
from conftest import assert_mc

from odds import dice
from odds.flight import flee
from odds.validation import OddsInputError

N = 400_000


@pytest.mark.parametrize("kw", [
    dict(move=10, edge_distance=40, ld=7, turns=3),
    dict(move=20, edge_distance=60, ld=8, turns=4),
    dict(move=10, edge_distance=15, ld=5, turns=2, flies=True),
    dict(move=10, edge_distance=30, ld=9, turns=3, models=2, starting_models=10),
])
def test_simulation_matches_markov_chain_at_z5(kw):
    r = flee(**kw, trials=N, seed=4)
    for row in r.table.itertuples():
        assert_mc(row.probability, row.exact, N, what=f"turn {row.turn} {row.outcome}")


def test_hand_computed_turns():
    """Turn 1: rally 2D6 <= 7 (21/36); else 5D6 >= 40 is impossible, so nobody leaves."""
    t = flee(10, 40, 7, turns=2, trials=1000, seed=1).table.set_index(["turn", "outcome"])
    p = 21 / 36
    assert t.loc[(1, "rallied"), "exact"] == pytest.approx(p)
    assert t.loc[(1, "off_table"), "exact"] == 0.0
    # turn 2: still fleeing with prob (1-p); rally p; off needs two rolls summing >= 40
    p_off_2 = (1 - p) ** 2 * dice.p_at_least(dice.sum_pmf(10), 40)
    assert t.loc[(2, "rallied"), "exact"] == pytest.approx(p + (1 - p) * p)
    assert t.loc[(2, "off_table"), "exact"] == pytest.approx(p_off_2)


def test_below_quarter_strength_cannot_rally():
    """§4.5: only units with >= 25 % of their starting models may rally."""
    r = flee(10, 30, 10, turns=3, models=2, starting_models=10, trials=20_000, seed=2)
    assert r.extra["can_rally"] is False
    assert (r.table.loc[r.table.outcome == "rallied", "probability"] == 0).all()
    assert flee(10, 30, 10, models=3, starting_models=12, trials=10, seed=2).extra["can_rally"]


@pytest.mark.parametrize(("kw", "field"), [
    (dict(move=10, edge_distance=40, ld=1), "ld"),
    (dict(move=10, edge_distance=40, ld=7, turns=0), "turns"),
    (dict(move=10, edge_distance=40, ld=7, models=5), "models"),
    (dict(move=10, edge_distance=40, ld=7, models=11, starting_models=10), "models"),
    (dict(move=10, edge_distance=-3, ld=7), "edge_distance"),
])
def test_bad_input(kw, field):
    with pytest.raises(OddsInputError, match=field):
        flee(**kw, trials=100)


def test_musician_adds_one_to_rally_up_to_ten():
    """§4.5: a fleeing unit with a musician rallies on Ld + 1, at most 10."""
    with_m = flee(10, 60, 7, turns=3, musician=True, trials=200_000, seed=4)
    plain8 = flee(10, 60, 8, turns=3, trials=1000, seed=4)
    assert with_m.table["exact"].tolist() == plain8.table["exact"].tolist()
    for row in with_m.table.itertuples():
        assert_mc(row.probability, row.exact, 200_000, what=f"turn {row.turn} {row.outcome}")
    top = flee(10, 60, 10, turns=2, musician=True, trials=1000, seed=4)
    assert top.table["exact"].tolist() == flee(10, 60, 10, turns=2, trials=1000,
                                               seed=4).table["exact"].tolist()
