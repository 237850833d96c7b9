"""Fear and terror at the charge in multi-unit scenarios (RULES.md §3.3, revision 3).

Each charged unit tests once against each fear- or terror-causing unit that charged it, each
charger once against a fear- or terror-causing target, as in the two-unit combat.  Exact
counterparts: a Ld test passes with P(2D6 <= Ld); a unit fleeing at the charge is caught
when a charger still charging it reaches at least its flee roll (2 M - gap >= 5D6, §5.3).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import assert_mc

from odds import dice
from odds.combat.api import charge_exact, simulate
from odds.combat.model import build
from odds.combat.model.layout import CAUGHT, ESCAPED, F_PAIRS, ST_ROUNDS, ST_STATUS
from odds.combat.multiple import fight_scenario, scenario_model
from odds.scenario import scenario_from_dict, two_unit_scenario
from odds.units import library_unit

N = 100_000
GAP = 10.0  # the scenarios' gap before the charge (CombatOptions.distance)


def p_pass(ld: int) -> float:
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


def caught(reach: float) -> float:
    """P(5D6 <= reach): a M <= 15 unit fleeing 5D6 cm is caught (§4.1, §5.3)."""
    return float(dice.p_at_most(dice.sum_pmf(5), int(reach)))


def scenario(attackers: list[dict], defenders: list[dict], **kw):
    for u in (*attackers, *defenders):
        u.setdefault("challenge", "never")
    return scenario_from_dict({"name": "charge", "attacker": attackers, "defender": defenders,
                               **kw})


def charger(uid: str, unit: str, target: str, face: str = "front") -> dict:
    return {"id": uid, "unit": unit, "engaged_with": target, "face": face, "charged": True}


def unit_p(r, uid: str, outcome: str) -> float:
    t = r.units
    return float(t[(t["unit"] == uid) & (t["outcome"] == outcome)]["probability"].iloc[0])


@pytest.mark.parametrize(("attacker", "defender", "event"), [
    ("empire_ogres", "empire_swordsmen", "p_hits_on_6"),  # fear, US 12 < 20: hold on 6s
    ("empire_swordsmen", "vc_skeletons", "p_refused"),  # charging a fear-causer
    ("chaos_ettin", "empire_swordsmen", "p_fled"),  # terror failed: flee
])
def test_one_charger_scenario_has_the_two_unit_law(attacker, defender, event):
    """§3.3: one fear/terror-causing charger (or target), one unit each: the two-unit odds."""
    exact = charge_exact(build(library_unit(attacker), library_unit(defender)))
    assert exact[event] == pytest.approx(1 - p_pass(7))
    r = fight_scenario(two_unit_scenario(attacker, defender), trials=N, seed=21)
    for name in ("p_refused", "p_fled", "p_hits_on_6"):
        assert_mc(r.charge[name], exact[name], N, what=name)
    if event == "p_refused":  # neither unit fights: both no_combat
        for uid in ("attacker", "defender"):
            assert_mc(unit_p(r, uid, "no_combat"), exact["p_refused"], N, what=uid)
    if event == "p_hits_on_6":  # nobody leaves: the exact first round mixes held and failed
        from odds.combat import fight

        two = fight(attacker, defender, trials=1_000, seed=21).first_round.set_index("outcome")
        ex = r.first_round.set_index("outcome")["exact"]
        assert ex["side0_wins"] == pytest.approx(two["exact"]["attacker_wins"], abs=1e-12)
        assert ex["side1_wins"] == pytest.approx(two["exact"]["defender_wins"], abs=1e-12)
        for k in ("side0_wins", "draw", "side1_wins"):
            assert_mc(float(r.first_round.set_index("outcome")["probability"][k]), ex[k], N,
                      what=k)
    else:  # a test may decide who fights: kernel only
        assert r.extra["exact_first_round"] is None


def test_one_terror_charger_scenario_catches_as_the_two_unit_combat():
    """§3.3, §5.3: the ettin (M 15) charges from 10 cm: caught iff 5D6 <= 20."""
    model = scenario_model(two_unit_scenario("chaos_ettin", "empire_swordsmen"))
    sim = simulate(model, N, 22, keep_rows=N)
    rows = sim["rows"]
    at_charge = rows[:, ST_ROUNDS] == 0
    fled = 1 - p_pass(7)
    assert_mc(float((at_charge & (rows[:, ST_STATUS + 1] == CAUGHT)).mean()),
              fled * caught(30 - GAP), N, what="caught at the charge")
    assert_mc(float((at_charge & (rows[:, ST_STATUS + 1] == ESCAPED)).mean()),
              fled * (1 - caught(30 - GAP)), N, what="escaped at the charge")


def test_two_fear_chargers_one_test_each():
    """§3.3 rev. 3: two fear-causing ogre units (US 12 each) charge 20 swordsmen (Ld 7):
    one test per charger; a failed one (1 - p²) and the swordsmen hold on 6s."""
    sc = scenario([charger("og", "empire_ogres", "sw"),
                   charger("og2", "empire_ogres", "sw", "flank")],
                  [{"id": "sw", "unit": "empire_swordsmen", "engaged_with": "og"}])
    r = fight_scenario(sc, trials=N, seed=23)
    exact = 1 - p_pass(7) ** 2
    assert_mc(r.charge["p_hits_on_6"], exact, N, what="held on 6s")
    assert_mc(r.charge["units"]["sw"]["p_hits_on_6"], exact, N, what="sw held on 6s")
    assert r.charge["p_fled"] == 0 and r.charge["p_refused"] == 0


def test_terror_charger_and_plain_charger():
    """§3.3: the ettin (terror) and knights (M 18) charge the swordsmen: one terror test;
    failed, they flee and are caught if either charger reaches: 5D6 <= max(20, 26)."""
    sc = scenario([charger("et", "chaos_ettin", "sw"),
                   charger("kn", "empire_knights", "sw", "flank")],
                  [{"id": "sw", "unit": "empire_swordsmen", "engaged_with": "et"}])
    r = fight_scenario(sc, trials=N, seed=24)
    fled = 1 - p_pass(7)
    assert_mc(r.charge["units"]["sw"]["p_fled"], fled, N, what="sw fled")
    assert r.charge["units"]["kn"]["p_refused"] == 0
    rounds = r.n_rounds.set_index("rounds")["probability"]
    assert_mc(float(rounds.get(0, 0.0)), fled, N, what="no round fought")
    sim = simulate(scenario_model(sc), N, 25, keep_rows=N)
    rows = sim["rows"]
    at_charge = rows[:, ST_ROUNDS] == 0
    reach = max(30, 36) - GAP
    assert_mc(float((at_charge & (rows[:, ST_STATUS + 2] == CAUGHT)).mean()),
              fled * caught(reach), N, what="caught by either charger")


def test_charger_of_a_fear_causer_refuses_and_the_rest_fight():
    """§3.3: swordsmen (Ld 7) and ogres (fear: immune) charge skeletons (fear): the
    swordsmen test and, failed (15/36), do not charge; the ogres fight on."""
    sc = scenario([charger("og", "empire_ogres", "sk"),
                   charger("sw", "empire_swordsmen", "sk", "flank")],
                  [{"id": "sk", "unit": "vc_skeletons", "engaged_with": "og"}])
    r = fight_scenario(sc, trials=N, seed=26)
    refused = 1 - p_pass(7)
    assert_mc(r.charge["units"]["sw"]["p_refused"], refused, N, what="sw refused")
    assert_mc(unit_p(r, "sw", "no_combat"), refused, N, what="sw no_combat")
    assert unit_p(r, "og", "no_combat") == 0 and unit_p(r, "sk", "no_combat") == 0
    assert r.charge["units"]["og"]["p_refused"] == 0


def test_charge_tests_switch():
    """The scenario option ``charge_tests = false`` turns §3.3 off (as --no-charge-tests)."""
    att = [charger("og", "empire_ogres", "sw")]
    dfn = [{"id": "sw", "unit": "empire_swordsmen", "engaged_with": "og"}]
    assert scenario_model(scenario(att, dfn)).flags[F_PAIRS] == 1
    off = scenario(att, dfn, options={"charge_tests": False})
    assert scenario_model(off).flags[F_PAIRS] == 0
    r = fight_scenario(off, trials=2_000, seed=27)
    assert r.charge["p_hits_on_6"] == 0 and r.charge["units"] == {}


def test_cli_json_keys(tmp_path):
    """``odds combat --scenario --format json``: the two-unit ``charge`` keys, per unit too."""
    toml = tmp_path / "s.toml"
    toml.write_text('name = "s"\n[[attacker]]\nid = "og"\nunit = "empire_ogres"\n'
                    'engaged_with = "sw"\ncharged = true\nchallenge = "never"\n'
                    '[[defender]]\nid = "sw"\nunit = "empire_swordsmen"\n'
                    'engaged_with = "og"\nchallenge = "never"\n')
    for extra, tested in (([], True), (["--no-charge-tests"], False)):
        out = subprocess.run([sys.executable, "-m", "odds", "combat", "--scenario", str(toml),
                              "--trials", "2000", "--seed", "1", "--format", "json", *extra],
                             capture_output=True, text=True, check=True).stdout
        d = json.loads(out)
        assert set(d["charge"]) == {"p_refused", "p_fled", "p_hits_on_6"}
        assert (d["charge"]["p_hits_on_6"] > 0) == tested
        assert (set(d["charge_units"]) == {"og", "sw"}) == tested


def test_a_character_lends_his_ld_to_the_test(tmp_path):
    """§3.3 with §3.1: knights (Ld 8) led by a Captain of Ld 9 charge skeletons (fear): they
    test on 9 (6/36 fail), and a refusal leaves every body, characters too, out of it."""
    from importlib import resources

    from odds.scenario import load_scenario

    text = (resources.files("odds") / "examples" / "combat_heroes.toml").read_text()
    text = text.replace('unit = "orc_boyz"', 'unit = "vc_skeletons"')
    text = text.replace("\nLd = 8", "\nLd = 9")  # the Captain's Ld
    path = tmp_path / "heroes.toml"
    path.write_text(text)
    r = fight_scenario(load_scenario(str(path)), trials=N, seed=28)
    refused = 1 - p_pass(9)
    assert_mc(r.charge["units"]["knights"]["p_refused"], refused, N, what="knights refused")
    for body in ("knights", "boyz", "Capitán", "Gran jefe orco"):
        assert_mc(unit_p(r, body, "no_combat"), refused, N, what=body)


def test_drunk_charger_of_a_fear_causer():
    """§3.3 with MDNR Bestias "Borrachos" (a 6 at the charge: frenzied, immune to fear): drunk
    centigors (Ld 7) and swordsmen (Ld 7) charge a fear-causing unit: the centigors refuse
    with 5/6 x 15/36, the swordsmen with 15/36, independently."""
    def foot(name, special=(), models=5):
        return {
            "name": name, "troop_type": "infantry", "models": models, "files": 5,
            "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 10, "W": 1, "I": 3, "A": 1,
                        "Ld": 7},
            "equipment": {"armour_save_override": 7},
            "rules": {"special": list(special)}}

    sc = scenario([{**charger("dr", "x", "zo"), "unit": foot("Centigors", ["drunk"])},
                   {**charger("sw", "x", "zo", "flank"), "unit": foot("Swords")}],
                  [{"id": "zo", "unit": foot("Zombis", ["fear"], 10), "engaged_with": "dr"}])
    r = fight_scenario(sc, trials=N, seed=29)
    fail = 1 - p_pass(7)
    assert_mc(r.charge["units"]["dr"]["p_refused"], 5 / 6 * fail, N, what="drunk refused")
    assert_mc(r.charge["units"]["sw"]["p_refused"], fail, N, what="swords refused")
    both = 5 / 6 * fail * fail  # nobody charges: no round
    rounds = r.n_rounds.set_index("rounds")["probability"]
    assert_mc(float(rounds.get(0, 0.0)), both, N, what="no round")


@pytest.mark.parametrize(("attacker", "defender"), [
    ("empire_ogres", "empire_swordsmen"), ("empire_swordsmen", "vc_skeletons"),
    ("chaos_ettin", "empire_swordsmen")])
def test_one_charger_scenario_rolls_the_two_unit_dice(attacker, defender):
    """§3.3: the two-unit combat as a scenario rolls the same tests in the same order: with
    the same seed, the same answers as ``fight``."""
    from odds.combat import fight

    r2 = fight(attacker, defender, trials=20_000, seed=30)
    rs = fight_scenario(two_unit_scenario(attacker, defender), trials=20_000, seed=30)
    for side in ("attacker", "defender"):
        assert rs.side(side, "wins") == pytest.approx(r2.p_win(side), abs=1e-12)
    for name in ("p_refused", "p_fled", "p_hits_on_6"):
        assert rs.charge[name] == r2.extra["charge"][name]


def test_glorious_chargers_one_panic_test():
    """§3.4 (one panic test per unit per phase) with MDNR "Carga gloriosa": two winged-lancer
    units (US >= 5) charge swordsmen (Ld 7): one panic test, failed 15/36, they flee."""
    lancers = {"name": "Lanceros alados", "troop_type": "infantry", "models": 10, "files": 5,
               "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                           "Ld": 7},
               "rules": {"special": ["glorious_charge"]}}
    sc = scenario([{**charger("l1", "x", "sw"), "unit": lancers},
                   {**charger("l2", "x", "sw", "flank"), "unit": lancers}],
                  [{"id": "sw", "unit": "empire_swordsmen", "engaged_with": "l1"}])
    r = fight_scenario(sc, trials=N, seed=31)
    assert_mc(r.charge["units"]["sw"]["p_fled"], 1 - p_pass(7), N, what="panicked once")


def test_held_on_sixes_against_the_fear_causer_only():
    """§3.3: ogres (fear, US 12) and ten plain men charge 20 swordsmen; a failed fear test
    (15/36) makes the swordsmen hit the ogres only on 6s in the first round, the men as
    usual.  Exact first round: the mixture of the exact programme without the tests and with
    the swordsmen's to-hit against the ogres set to 6 (not against both: that is rejected)."""
    import dataclasses

    import numpy as np

    from odds.combat.exact import first_round_exact_multi
    from odds.combat.model.layout import G_HIT, G_STD_HIT

    men = {"name": "Men", "troop_type": "infantry", "models": 10, "files": 5,
           "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                       "Ld": 7},
           "equipment": {"armour_save_override": 7}}
    sc = scenario([charger("og", "empire_ogres", "sw"),
                   {**charger("mn", "x", "sw", "flank"), "unit": men}],
                  [{"id": "sw", "unit": "empire_swordsmen", "engaged_with": "og"}])
    model = scenario_model(sc)
    flags = model.flags.copy()
    flags[F_PAIRS] = 0
    plain = dataclasses.replace(model, flags=flags)

    def sixes(against):
        groups = model.groups.copy()
        for v in against:
            rows = groups[2, v, :, 0]
            for col in (G_HIT, G_STD_HIT):
                rows[:, col] = np.where(rows[:, col] < 7, 6, rows[:, col])
        return first_round_exact_multi(dataclasses.replace(plain, groups=groups))

    hold = p_pass(7)
    base = first_round_exact_multi(plain)
    n = 200_000
    r = fight_scenario(sc, trials=n, seed=32)
    got = r.first_round.set_index("outcome")["probability"]
    shown = r.first_round.set_index("outcome")["exact"]  # charge_held_parts' mixture
    assert shown["sw_breaks"] == pytest.approx(
        hold * base["breaks"][2] + (1 - hold) * sixes([0])["breaks"][2], abs=1e-12)
    for against, agrees in (([0], True), ([0, 1], False)):
        held = sixes(against)
        ex = hold * base["breaks"][2] + (1 - hold) * held["breaks"][2]
        if agrees:
            assert_mc(float(got["sw_breaks"]), ex, n, what="swordsmen break")
            for k in ("side0_wins", "side1_wins"):
                ex_k = hold * base["side"][k] + (1 - hold) * held["side"][k]
                assert_mc(float(got[k]), ex_k, n, what=k)
        else:
            with pytest.raises(AssertionError):
                assert_mc(float(got["sw_breaks"]), ex, n, what="6s against both")
