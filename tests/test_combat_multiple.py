"""Several units per side (issue 4 §3; RULES.md §2.2, §3.2, §4.3)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from conftest import assert_mc

from odds.cli import main
from odds.combat import SideOptions, fight
from odds.combat.model import CAUGHT, ESCAPED, FIGHTING, WIPED
from odds.combat.multiple import fight_scenario
from odds.emergence import example_path
from odds.scenario import load_scenario, scenario_from_dict, two_unit_scenario

N = 200_000


def unit(side, uid, name, target, face="front", charged=False, **extra):
    return {"id": uid, "unit": name, "engaged_with": target, "face": face, "charged": charged,
            "challenge": "never", **extra}


def scenario(attackers, defenders, **top):
    return scenario_from_dict({"name": "test", "attacker": attackers, "defender": defenders,
                               **top})


def test_two_unit_scenario_is_the_two_unit_fight():
    """The two-unit combat is the special case of the scenario engine: same seed, same counts."""
    opts = SideOptions(static_bonus=1)
    sc = two_unit_scenario("empire_swordsmen", "orc_boyz", charger="attacker",
                           attacker_options=opts)
    r = fight_scenario(sc, trials=50_000, seed=9)
    f = fight("empire_swordsmen", "orc_boyz", trials=50_000, seed=9, attacker_options=opts)
    got = r.units.set_index(["side", "outcome"])["probability"]
    out = f.outcomes.set_index("outcome")["probability"]
    for side in ("attacker", "defender"):
        for k in ("wiped", "caught", "escaped"):
            assert got[(side, k)] == out[f"{side}_{k}"]
    assert got[("attacker", "unresolved")] == out["unresolved"]


def deep_flank_charge(rule="mdnr"):
    return scenario(
        [unit(0, "swords", "empire_swordsmen", "boyz", charged=True, models=60),
         unit(0, "knights", "empire_knights", "boyz", face="flank", charged=True, models=40,
              files=5)],
        [unit(1, "boyz", "orc_boyz", "swords", models=100)],
        options={"flank_rear_rule": rule})


def test_flank_charge_first_round_matches_exact():
    """RULES.md §2.2: the flanker cancels the boyz' ranks and adds +1; exact at z = 5."""
    sc = deep_flank_charge()
    r = fight_scenario(sc, trials=N, seed=12)
    ex = r.extra["exact_first_round"]
    assert ex is not None
    for row in r.first_round.itertuples():
        assert_mc(row.probability, row.exact, N, what=row.outcome)
    terms = r.terms.set_index(["side", "term"])["mean"]
    assert terms[("attacker", "flank")] == 1.0
    assert terms[("defender", "ranks")] == 0.0  # cancelled by a US >= 5 unit on its flank
    assert terms[("attacker", "ranks")] == 3.0  # the deepest attacking unit counts


SHALLOW = {
    # RULES.md §1.2 rev. 2: casualties take attackers away, those facing the enemy who struck
    # first, then the unit's other contacts in contact order
    "example_flank_charge": lambda: load_scenario(example_path("combat_flank_charge")),
    "spears_front_and_flank": lambda: scenario(
        [unit(0, "swords", "empire_swordsmen", "spears", charged=True, models=10),
         unit(0, "knights", "empire_knights", "spears", face="flank", charged=True, models=5,
              files=5)],
        [unit(1, "spears", "empire_spearmen", "swords", models=15)]),
    # nobody charged: the elves (I5) on the swordsmen's flank strike before them (I4)
    "two_defenders_on_one_unit": lambda: scenario(
        [unit(0, "swords", "empire_swordsmen", "boyz", models=12, files=4)],
        [unit(1, "boyz", "orc_boyz", "swords", models=10),
         unit(1, "elves", "high_elf_spearmen", "swords", face="flank", models=8, files=4)]),
}


@pytest.mark.parametrize("name", sorted(SHALLOW))
def test_shallow_scenarios_first_round_matches_exact(name):
    """RULES.md §1.2, §8 A.4: the kernel's first round against the exact one, z = 5."""
    r = fight_scenario(SHALLOW[name](), trials=N, seed=sorted(SHALLOW).index(name) + 40)
    ex = r.extra["exact_first_round"]
    assert ex is not None
    assert r.first_round["exact"].notna().all()
    for row in r.first_round.itertuples():
        assert_mc(row.probability, row.exact, N, what=f"{name}: {row.outcome}")


def test_shallow_scenario_comparison_sees_the_attribution(monkeypatch):
    """The comparison has power (RULES.md §1.2): attributing casualties to the contacts in plain
    contact order, not to the contact of the enemy who inflicted them first, is caught."""
    from odds.combat.exact import multi as exact_multi

    r = fight_scenario(SHALLOW["spears_front_and_flank"](), trials=N, seed=41)
    sim = r.first_round.set_index("outcome")["probability"]

    def plain_order(self, v, k, lost, x):
        out = list(x)
        for j in range(len(x)):
            take = min(lost, self.cap[v][j] - out[j])
            out[j] += take
            lost -= take
        return tuple(out)

    monkeypatch.setattr(exact_multi._Setup, "allocate", plain_order)
    wrong = exact_multi.first_round_exact_multi(r.extra["model"])
    p = wrong["breaks"][2]  # the spearmen, fighting the swordsmen in front and knights in flank
    assert abs(sim["spears_breaks"] - p) / np.sqrt(p * (1 - p) / N) > 5


def test_flank_rear_rule_mdnr_against_both():
    """RULES.md §2.2 ⚠: MDNR gives +1 only to the side with more flankers; Option: both claim."""
    def mutual(rule):
        return scenario(
            [unit(0, "a", "empire_swordsmen", "d", charged=True, models=40),
             unit(0, "b", "empire_halberdiers", "d", face="flank", charged=True, models=40)],
            [unit(1, "d", "orc_boyz", "a", models=60),
             unit(1, "e", "black_orcs", "a", face="flank", models=40)],
            options={"flank_rear_rule": rule}, active_side="attacker")
    mdnr = fight_scenario(mutual("mdnr"), trials=2_000, seed=1).terms.set_index(
        ["side", "term"])["mean"]
    both = fight_scenario(mutual("both"), trials=2_000, seed=1).terms.set_index(
        ["side", "term"])["mean"]
    assert mdnr[("attacker", "flank")] == mdnr[("defender", "flank")] == 0.0
    assert both[("attacker", "flank")] == both[("defender", "flank")] == 1.0


def test_every_loser_tests_and_winners_pursue():
    sc = load_scenario(example_path("combat_flank_charge"))
    r = fight_scenario(sc, trials=20_000, seed=3)
    u = r.units.set_index(["unit", "outcome"])["probability"]
    for uid in ("swords", "knights", "boyz"):
        total = sum(u[(uid, k)] for k in ("unresolved", "wiped", "caught", "escaped", "won"))
        assert total == pytest.approx(1.0)
    assert r.side("attacker", "wins") + r.side("defender", "wins") <= 1.0
    assert r.side("defender", "destroyed") == pytest.approx(u[("boyz", "caught")]
                                                           + u[("boyz", "wiped")])
    assert {FIGHTING, WIPED, CAUGHT, ESCAPED} < set(range(5))


def test_cli_scenario_json(capsys):
    assert main(["combat", "--scenario", str(example_path("combat_flank_charge")),
                 "--trials", "20000", "--seed", "5", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["sides"]) == {"attacker", "defender"}
    for side in data["sides"].values():
        assert set(side) == {"p_wins", "p_broken", "p_destroyed"}
    assert data["challenge"]["p_issued"] == 0.0
    assert np.isclose(sum(data["units"]["boyz"].values()), 1.0)


def test_cli_needs_units_or_scenario(capsys):
    assert main(["combat", "empire_swordsmen"]) == 2
    assert "attacker, defender" in capsys.readouterr().err


def test_cli_scenario_json_reports_the_round_a_challenge_ends(capsys):
    # Issue 4 §2: "report P(challenger wins the duel), its round"; RULES.md §1.9
    assert main(["combat", "--scenario", str(example_path("combat_heroes")),
                 "--trials", "20000", "--seed", "6", "--format", "json"]) == 0
    ch = json.loads(capsys.readouterr().out)["challenge"]
    assert ch["p_issued"] == 1.0
    ends = {int(k): p for k, p in ch["end_round"].items()}
    assert sum(ends.values()) == pytest.approx(1.0)
    assert ends[1] == pytest.approx(ch["p_challenged_slain_r1"] + ch["p_challenger_slain_r1"])
    assert 0.0 <= ch["p_overkill_decided"] <= 1.0
