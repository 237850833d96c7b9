"""The charged unit's reaction, hold or flee (RULES.md §5.3 flee from a charge, §4.1 flee
distance 5D6 / 8D6, §4.2 rally on 2D6 <= Ld, §3.3 fear stops a charge)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from odds import dice
from odds.charge import charge_vs_flee
from odds.cli import main
from odds.combat import fight
from odds.listbuilding.reaction import SUMMED, reaction_table
from odds.unit_reference import load_unit
from tests.conftest import assert_mc


def test_flee_column_is_exact_and_matches_a_simulated_flight():
    a, d = load_unit("trolls"), load_unit("empire_swordsmen")
    r = fight(a, d, charger="attacker", trials=2000, seed=1)
    t = reaction_table(r, a, d, edge_distance=30)
    # Trolls M 15 against Espadachines M 10, 10 cm apart, the table edge 30 cm behind
    n = 200_000
    sim = charge_vs_flee(a.profile.M, d.profile.M, 10, edge_distance=30, trials=n, seed=7)
    assert_mc(sim.probability("caught"), t.loc["destroyed_or_caught", "flee"], n, what="caught")
    assert_mc(sim.probability("off_table"), t.loc["off_table", "flee"], n, what="off table")
    assert_mc(sim.probability("escaped"), t.loc["escaped", "flee"], n, what="escaped")
    rally = dice.p_at_most(dice.leadership_pmf(), d.profile.Ld + d.command.musician)
    assert t.loc["rallied_next_turn", "flee"] == pytest.approx(
        t.loc["escaped", "flee"] * rally, rel=1e-12)
    for col in ("hold", "flee"):
        assert t.loc[list(SUMMED), col].fillna(0).sum() == pytest.approx(1.0, abs=1e-12)


def test_hold_column_is_the_combat():
    a, d = load_unit("empire_swordsmen"), load_unit("orc_boyz")
    r = fight(a, d, charger="defender", trials=3000, seed=2)
    t = reaction_table(r, a, d)
    o = r.outcomes.set_index("outcome")["probability"]
    assert t.attrs["charged"] == a.name
    assert t.loc["wins", "hold"] == pytest.approx(r.p_win("attacker"), abs=1e-12)
    assert t.loc["escaped", "hold"] == o["attacker_escaped"]


def test_a_refused_charge_means_no_flight_either():
    # 20 Lanceros (Ld 7) charging 3 Trolls (fear) fail the test 58 % of the time
    # (RULES.md §3.3): the Trolls have nothing to flee from then.
    a = load_unit("odds/examples/my_list.ros:Lanceros")
    d = load_unit("trolls")
    r = fight(a, d, charger="attacker", trials=2000, seed=3)
    t = reaction_table(r, a, d)
    refused = r.extra["charge"]["p_refused_exact"]
    assert refused > 0.3
    assert t.loc["no_combat", "flee"] == refused
    assert np.isclose(t.loc[list(SUMMED), "flee"].fillna(0).sum(), 1.0)


def test_cli_reaction_both_one_table_and_json(capsys, tmp_path):
    args = ["combat", "empire_swordsmen", "trolls", "--charger", "defender", "--trials", "2000",
            "--seed", "1", "--reaction", "both"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "hold (simulated)" in out and "flee (exact)" in out and "rallied next turn" in out
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["charged"] == "Espadachines" and set(data) >= {"hold", "flee", "headline"}
    png = tmp_path / "r.png"
    assert main([*args, "--plot", str(png)]) == 0 and png.stat().st_size > 0
    capsys.readouterr()
    assert main(["combat", "empire_swordsmen", "trolls", "--charger", "none",
                 "--reaction", "flee"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "reaction: flee and both need a charger" in err
