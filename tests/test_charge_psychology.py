"""Psychology at the charge in a two-unit combat (RULES.md §3.3, §5.3; issue 10 §3).

Exact counterparts: a Ld test is P(2D6 <= Ld); a unit fleeing at the charge is caught when
the charger's reach beyond its starting place (2 M - gap) is at least its flee roll (5D6 cm
for M <= 15, §4.1).
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from conftest import assert_mc

from odds import dice
from odds.combat import CombatOptions, fight
from odds.validation import OddsInputError

N = 100_000


def p_pass(ld: int) -> float:
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


def test_charging_a_fear_causer_tests_first():
    """§3.3: a unit charging a fear-causer tests first; failed (Ld 7: 15/36), no charge."""
    r = fight("empire_swordsmen", "vc_skeletons", trials=N, seed=11)
    ch = r.extra["charge"]
    assert ch["p_refused_exact"] == pytest.approx(1 - p_pass(7))
    assert_mc(ch["p_refused"], 1 - p_pass(7), N, what="refused")
    assert_mc(r.probability("no_combat"), 1 - p_pass(7), N, what="no_combat outcome")
    assert ch["p_fled"] == 0 and ch["p_hits_on_6"] == 0  # skeletons are immune to psychology


def test_terror_failed_flees_and_is_caught_if_the_charge_reaches():
    """§3.3 terror failed → flee; §5.3 caught iff 2M - gap >= 5D6.  The ettin (M15, terror)
    charges swordsmen (Ld 7) from 12 cm: reach 30 - 12 = 18 cm."""
    opts = CombatOptions(distance=12.0)
    r = fight("chaos_ettin", "empire_swordsmen", trials=N, seed=12, options=opts,
              keep_rows=True)
    ch = r.extra["charge"]
    p_fled = 1 - p_pass(7)
    assert ch["p_fled_exact"] == pytest.approx(p_fled)
    assert_mc(ch["p_fled"], p_fled, N, what="fled")
    rows = r.rows[r.rows["rounds"] == 0]
    caught = float(dice.p_at_most(dice.sum_pmf(5), 18))
    assert_mc(float((rows["outcome"] == "defender_caught").sum()) / N, p_fled * caught, N,
              what="caught at the charge")
    assert_mc(float((rows["outcome"] == "defender_escaped").sum()) / N, p_fled * (1 - caught),
              N, what="escaped at the charge")


def test_fear_failed_with_equal_or_higher_unit_strength_holds_on_sixes():
    """§3.3: ogres (US 12, fear) charge 20 swordsmen (US 20): failed fear → hold, 6s to hit."""
    r = fight("empire_ogres", "empire_swordsmen", trials=N, seed=13)
    ch = r.extra["charge"]
    assert ch["p_fled_exact"] == 0
    assert_mc(ch["p_hits_on_6"], 1 - p_pass(7), N, what="hits on 6s")


def test_first_round_keys_count_only_fought_trials():
    """Issue 10 §3: attacker_wins + draw + defender_wins = 1 - p_refused - p_fled."""
    r = fight("chaos_ettin", "empire_swordsmen", trials=20_000, seed=14)
    f = r.first_round.set_index("outcome")["probability"]
    ch = r.extra["charge"]
    total = f["attacker_wins"] + f["draw"] + f["defender_wins"]
    assert total == pytest.approx(1 - ch["p_refused"] - ch["p_fled"], abs=1e-12)
    assert r.outcomes["probability"].sum() == pytest.approx(1.0)


def test_no_charge_tests_option_and_defender_charging():
    """The switch turns §3.3 off; the charged unit is whoever did not charge."""
    r = fight("empire_swordsmen", "vc_skeletons", trials=2_000, seed=15,
              options=CombatOptions(charge_tests=False))
    assert r.extra["charge"]["p_refused"] == 0
    # the skeletons charge the swordsmen: the swordsmen (US 20 = 20) fail fear and hold
    r = fight("empire_swordsmen", "vc_skeletons", trials=N, seed=16,
              options=CombatOptions(charger="defender"))
    assert_mc(r.extra["charge"]["p_hits_on_6"], 1 - p_pass(7), N, what="hold on 6s")


def test_charge_gap_beyond_reach_is_an_error():
    with pytest.raises(OddsInputError, match=r"distance: .*0\.\.20 cm"):
        fight("empire_swordsmen", "orc_boyz", trials=10, options=CombatOptions(distance=25.0))
    with pytest.raises(OddsInputError, match="distance"):
        CombatOptions(distance=-1.0)


def test_cli_json_charge_object():
    out = subprocess.run([sys.executable, "-m", "odds", "combat", "empire_swordsmen",
                          "vc_skeletons", "--trials", "5000", "--seed", "3", "--format", "json",
                          "--distance", "15"], capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert set(data["charge"]) == {"p_refused", "p_fled", "p_hits_on_6"}
    assert data["outcomes"]["no_combat"] == pytest.approx(data["charge"]["p_refused"])
    fr = data["first_round"]
    assert np.isclose(fr["attacker_wins"] + fr["draw"] + fr["defender_wins"],
                      1 - data["charge"]["p_refused"] - data["charge"]["p_fled"])


def test_flank_face_cancels_ranks_and_scores():
    """§2.2 through --attacker-face: 8 knights (US 16) on the boyz' flank: their ranks are
    cancelled and the knights' side scores +1 flank in every first round."""
    r = fight("empire_knights", "orc_boyz", trials=2_000, seed=17,
              options=CombatOptions(attacker_face="flank"))
    terms = r.extra["model"]
    assert terms.contacts.tolist() == [[0, 1, 0, 1]]
    from odds.combat.api import simulate

    sim = simulate(terms, 2_000, 5)
    assert sim["terms"][1, 1] == 0  # ranks cancelled
    assert sim["terms"][0, 4] == 2_000  # flank +1
