"""Flee versus pursuit (RULES.md §4.1, §4.3, §4.6)."""

from __future__ import annotations

import pytest
from conftest import assert_mc

from odds import dice
from odds.pursuit import exact, pursue
from odds.validation import OddsInputError

N = 400_000


@pytest.mark.parametrize(("pm", "fm", "kw", "p_table"), [
    (10, 10, {}, 0.536),
    (10, 20, {}, 0.052),
    (20, 10, {}, 0.963),
    (20, 20, {}, 0.529),
    (10, 10, {"pursuer_flies": True}, 0.963),
    (10, 10, {"fleer_flies": True}, 0.052),
])
def test_catch_odds_rule_4_6(pm, fm, kw, p_table):
    r = pursue(pm, fm, **kw, trials=N, seed=7)
    assert r.exact("caught") == pytest.approx(p_table, abs=5e-4)
    for row in r.table.itertuples():
        assert_mc(row.probability, row.exact, N, what=row.outcome)


def test_edge_distance():
    r = pursue(10, 10, edge_distance=18, trials=N, seed=8)
    pf = dice.sum_pmf(5)
    assert r.exact("off_table") == pytest.approx(dice.p_at_least(pf, 18))
    for row in r.table.itertuples():
        assert_mc(row.probability, row.exact, N, what=row.outcome)
    assert exact(5, 5, 0) == {"caught": 0.0, "off_table": 1.0, "escaped": 0.0}


def test_bad_input():
    with pytest.raises(OddsInputError, match="fleer_move"):
        pursue(10, -5)
    with pytest.raises(OddsInputError, match="edge_distance"):
        pursue(10, 5, edge_distance=-1)
