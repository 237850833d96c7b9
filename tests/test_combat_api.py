"""The close-combat Python API: table consistency, reproducibility, inputs, properties, rules.

``odds.combat.fight`` as a user calls it (issue 3 §5, §6).  The tables of one
result must agree with each other and with the per-trial rows; the same seed
gives the same tables whatever the thread count; bad input is an
``OddsInputError`` naming the field.  Monotonicity properties are checked on
the deterministic exact first round (``first_round_exact``) of deep units, and
a few rules of ``RULES.md`` §3.2 are checked on simulated combats.
"""

from __future__ import annotations

import numba
import numpy as np
import pandas as pd
import pytest
from conftest import assert_mc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from odds.combat import CombatOptions, CombatResult, SideOptions, fight
from odds.combat.exact import first_round_exact
from odds.combat.kernel import OUTCOMES
from odds.combat.model import build
from odds.rng import CHUNK_TRIALS
from odds.units import library_unit
from odds.validation import OddsInputError

N = 30_000
SEED = 777
FIRST_ROUND = ("attacker_wins", "draw", "defender_wins", "attacker_breaks", "defender_breaks")
TABLES = ("outcomes", "first_round", "rounds", "wounds_r1", "margin_r1", "survivors", "n_rounds")


def deep(name: str, models: int = 60, **changes) -> object:
    """A library unit made deep enough that the first round is exact."""
    return library_unit(name).replace(models=models, **changes)


@pytest.fixture(scope="module")
def result() -> CombatResult:
    """A whole combat with per-trial rows: swordsmen charge orc boyz (library units)."""
    return fight("empire_swordsmen", "orc_boyz", trials=N, seed=SEED, keep_rows=True)


def prob(table: pd.DataFrame, key: str, col: str = "outcome") -> float:
    return float(table.loc[table[col] == key, "probability"].sum())


def event(r: CombatResult, rnd: int, name: str) -> float:
    t = r.rounds
    return float(t.loc[(t["round"] == rnd) & (t["event"] == name), "probability"].iloc[0])


# --------------------------------------------------------------------------- table consistency


def test_outcomes_are_the_seven_and_sum_to_one(result):
    assert list(result.outcomes["outcome"]) == list(OUTCOMES)
    assert result.outcomes["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    fr = result.first_round.set_index("outcome")["probability"]
    assert list(fr.index) == list(FIRST_ROUND)
    assert fr["attacker_wins"] + fr["draw"] + fr["defender_wins"] == pytest.approx(1, abs=1e-12)
    # a side breaks only in a round it lost
    assert fr["attacker_breaks"] <= fr["defender_wins"]
    assert fr["defender_breaks"] <= fr["attacker_wins"]
    # the matchup is not degenerate: every kind of ending happens
    assert fr.min() > 0.01
    assert result.p_win("attacker") + result.p_win("defender") + prob(
        result.outcomes, "unresolved") == pytest.approx(1, abs=1e-12)


def test_rounds_table_is_consistent(result):
    r = result
    mr = r.inputs["max_rounds"]
    assert sorted(r.rounds["round"].unique()) == list(range(1, mr + 1))
    assert event(r, 1, "fought") == 1.0
    ended = r.n_rounds.set_index("rounds")["probability"].reindex(range(1, mr + 1), fill_value=0)
    for k in range(1, mr + 1):
        fought = event(r, k, "fought")
        # each fought round has exactly one result
        total = sum(event(r, k, e) for e in ("attacker_wins", "draw", "defender_wins"))
        assert total == pytest.approx(fought, abs=1e-12), k
        for side, enemy in (("attacker", "defender"), ("defender", "attacker")):
            assert event(r, k, f"{side}_breaks") <= event(r, k, f"{enemy}_wins") + 1e-12
        if k < mr:
            assert event(r, k + 1, "fought") == pytest.approx(fought - ended[k], abs=1e-12), k
    # the combat goes on past round 1 often enough for the recursion to matter
    assert event(r, 2, "fought") > 0.2
    # round 1 of the long table is the first-round table
    fr = r.first_round.set_index("outcome")["probability"]
    for name in FIRST_ROUND:
        assert event(r, 1, name) == fr[name]
    # combats still going after the last round are the unresolved ones
    assert ended[mr] >= prob(r.outcomes, "unresolved")


def test_rows_agree_with_the_aggregates(result):
    rows = result.rows
    assert rows is not None and len(rows) == N
    freq = rows["outcome"].value_counts(normalize=True).reindex(OUTCOMES, fill_value=0.0)
    np.testing.assert_allclose(freq.to_numpy(), result.outcomes["probability"].to_numpy(),
                               rtol=0, atol=1e-12)
    hist = rows["rounds"].value_counts(normalize=True).sort_index()
    nr = result.n_rounds.set_index("rounds")["probability"]
    pd.testing.assert_series_equal(hist, nr, check_names=False, check_index_type=False,
                                   atol=1e-12)
    for side in ("attacker", "defender"):
        s = result.survivors[result.survivors["side"] == side].set_index("models")["probability"]
        h = rows[f"{side}_survivors"].value_counts(normalize=True).sort_index()
        pd.testing.assert_series_equal(h, s, check_names=False, check_index_type=False,
                                       atol=1e-12)
        w = result.wounds_r1[result.wounds_r1["side"] == side].set_index("wounds")["probability"]
        h = rows[f"{side}_wounds_r1"].value_counts(normalize=True).sort_index()
        pd.testing.assert_series_equal(h, w, check_names=False, check_index_type=False,
                                       atol=1e-12)
        # caught or wiped units have no survivors; escaped and winning ones do
        lost = rows["outcome"].isin([f"{side}_wiped", f"{side}_caught"])
        assert (rows.loc[lost, f"{side}_survivors"] == 0).all()
        assert (rows.loc[~lost, f"{side}_survivors"] > 0).all()
    m = result.margin_r1.set_index("margin")["probability"]
    h = rows["margin_r1"].value_counts(normalize=True).sort_index()
    pd.testing.assert_series_equal(h, m, check_names=False, check_index_type=False, atol=1e-12)
    # every combat lasts between 1 and max_rounds rounds
    assert (rows["rounds"] >= 1).all() and (rows["rounds"] <= result.inputs["max_rounds"]).all()


def test_p_at_least_against_the_tables(result):
    rows = result.rows
    for side in ("attacker", "defender"):
        for x in (0, 1, 3, 5):
            assert result.p_at_least(side=side, wounds=x) == pytest.approx(
                (rows[f"{side}_wounds_r1"] >= x).mean(), abs=1e-12)
        for x in (0, 1, 15, 20):
            assert result.p_at_least(side=side, survivors=x) == pytest.approx(
                (rows[f"{side}_survivors"] >= x).mean(), abs=1e-12)
    for x in (-5, -1, 0, 1, 3):
        assert result.p_at_least(margin=x) == pytest.approx((rows["margin_r1"] >= x).mean(),
                                                            abs=1e-12)
    assert result.p_at_least(side="attacker", wounds=0) == pytest.approx(1.0)
    with pytest.raises(OddsInputError, match="exactly one"):
        result.p_at_least(side="attacker", wounds=1, margin=1)
    with pytest.raises(OddsInputError, match="side"):
        result.p_at_least(side="both", wounds=1)


def test_margin_sign_is_the_first_round_result_without_musicians():
    """With no musicians, margin > 0 is an attacker win and margin = 0 a draw (§2.1, §2.4)."""
    a = library_unit("empire_swordsmen").replace(
        command=library_unit("empire_swordsmen").command.replace(musician=False))
    d = library_unit("orc_boyz").replace(
        command=library_unit("orc_boyz").command.replace(musician=False))
    r = fight(a, d, trials=N, seed=SEED)
    fr = r.first_round.set_index("outcome")["probability"]
    assert r.p_at_least(margin=1) == pytest.approx(fr["attacker_wins"], abs=1e-12)
    assert 1 - r.p_at_least(margin=0) == pytest.approx(fr["defender_wins"], abs=1e-12)


# --------------------------------------------------------------------------- reproducibility


def assert_same_tables(r1: CombatResult, r2: CombatResult) -> None:
    for name in TABLES:
        pd.testing.assert_frame_equal(getattr(r1, name), getattr(r2, name), obj=name)


def test_same_seed_same_tables():
    r1 = fight("empire_swordsmen", "orc_boyz", trials=N, seed=11)
    r2 = fight("empire_swordsmen", "orc_boyz", trials=N, seed=11)
    assert_same_tables(r1, r2)
    r3 = fight("empire_swordsmen", "orc_boyz", trials=N, seed=12)
    assert not r3.outcomes["probability"].equals(r1.outcomes["probability"])


def test_thread_count_does_not_change_the_result():
    trials = 2 * CHUNK_TRIALS + 1000  # three chunks, so two threads share the work
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        r1 = fight("empire_swordsmen", "orc_boyz", trials=trials, seed=5)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        r2 = fight("empire_swordsmen", "orc_boyz", trials=trials, seed=5)
    finally:
        numba.set_num_threads(before)
    assert_same_tables(r1, r2)


# --------------------------------------------------------------------------- inputs


def test_units_by_library_name_and_toml_path(tmp_path):
    path = tmp_path / "boyz.toml"
    path.write_text("""
name = "Chicos de prueba"
troop_type = "infantry"
models = 25
files = 5
[profile]
M = 10
HA = 3
HP = 3
F = 3
R = 4
H = 1
I = 2
A = 1
L = 7
[equipment]
weapon = "hand_weapon"
shield = true
armour = "light"
[command]
champion = true
standard = true
musician = true
""", encoding="utf-8")
    by_name = fight("empire_swordsmen", "orc_boyz", trials=N, seed=SEED)
    by_path = fight("empire_swordsmen", str(path), trials=N, seed=SEED)
    by_unit = fight(library_unit("empire_swordsmen"), library_unit("orc_boyz"), trials=N,
                    seed=SEED)
    assert by_path.inputs["defender"] == "Chicos de prueba"
    # the file describes the library's orc boyz, so every table is the same
    assert_same_tables(by_name, by_path)
    assert_same_tables(by_name, by_unit)


@pytest.mark.parametrize(("call", "field"), [
    (lambda: fight("empire_swordsmen", "orc_boys", trials=10), "unit"),
    (lambda: fight("no_such_unit", "orc_boyz", trials=10), "unit"),
    (lambda: fight("empire_swordsmen", "orc_boyz", charger="both", trials=10), "charger"),
    (lambda: fight("empire_swordsmen", "orc_boyz", max_rounds=0, trials=10), "max_rounds"),
    (lambda: fight("empire_swordsmen", "orc_boyz", max_rounds=51, trials=10), "max_rounds"),
    (lambda: fight("empire_swordsmen", "orc_boyz", trials=0), "trials"),
    (lambda: fight("empire_swordsmen", "orc_boyz", trials=2_000_001, keep_rows=True),
     "keep_rows"),
    (lambda: fight("empire_swordsmen", 3, trials=10), "defender"),
    (lambda: SideOptions(general_ld=11), "general_ld"),
    (lambda: SideOptions(general_ld=1), "general_ld"),
    (lambda: SideOptions(static_bonus=20), "static_bonus"),
    (lambda: SideOptions(bsb=1), "bsb"),
    (lambda: CombatOptions(charger="nobody"), "charger"),
    (lambda: fight("empire_swordsmen", "orc_boyz", trials=10,
                   attacker_options={"bsb": True}), "attacker_options"),
], ids=["unknown-defender", "unknown-attacker", "charger", "max_rounds-0", "max_rounds-51",
        "trials-0", "keep_rows-too-many", "defender-type", "general_ld-11", "general_ld-1",
        "static_bonus-20", "bsb-int", "options-charger", "options-type"])
def test_bad_input_names_the_field(call, field):
    with pytest.raises(OddsInputError) as info:
        call()
    msg = str(info.value)
    assert f"{field}:" in msg, msg
    assert "\n" not in msg


# --------------------------------------------------------------------------- properties (exact)

DEEP_UNITS = ("empire_swordsmen", "orc_boyz", "black_orcs", "chaos_warriors", "dwarf_warriors",
              "empire_halberdiers", "empire_spearmen", "high_elf_spearmen", "savage_orcs",
              "vc_skeletons", "empire_knights", "trolls")


def exact_first_round(a, d, charger: str, a_opts=None, d_opts=None) -> dict[str, float]:
    ex = first_round_exact(build(a, d, a_opts, d_opts, CombatOptions(charger=charger)))
    assert ex is not None, "units not deep enough for the exact first round"
    return ex["first_round"]


def improve(unit, how: str):
    p = unit.profile
    if how == "attacks":
        return unit.replace(profile=p.replace(A=p.A + 1))
    if how == "strength":
        return unit.replace(profile=p.replace(S=p.S + 1))
    # a better armour save: one point better than the derived one (7 = none)
    return unit.replace(armour_save_override=max(1, unit.armour_save - 1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mine=st.sampled_from(DEEP_UNITS), theirs=st.sampled_from(DEEP_UNITS),
       my_side=st.sampled_from(("attacker", "defender")),
       charger=st.sampled_from(("attacker", "defender", "none")),
       how=st.sampled_from(("attacks", "strength", "save")))
def test_better_profile_never_hurts_exact_first_round(mine, theirs, my_side, charger, how):
    """More attacks, higher S or a better save: P(win round 1) no lower, P(break) no higher."""
    me, enemy = deep(mine), deep(theirs)
    if how == "save" and me.armour_save <= 1:
        return
    better = improve(me, how)
    if my_side == "attacker":
        base = exact_first_round(me, enemy, charger)
        new = exact_first_round(better, enemy, charger)
    else:
        base = exact_first_round(enemy, me, charger)
        new = exact_first_round(enemy, better, charger)
    enemy_side = "defender" if my_side == "attacker" else "attacker"
    eps = 1e-12
    assert new[f"{my_side}_wins"] >= base[f"{my_side}_wins"] - eps
    assert new[f"{enemy_side}_wins"] <= base[f"{enemy_side}_wins"] + eps
    assert new[f"{my_side}_breaks"] <= base[f"{my_side}_breaks"] + eps
    assert new[f"{enemy_side}_breaks"] >= base[f"{enemy_side}_breaks"] - eps


@pytest.mark.parametrize("how", ["attacks", "strength", "save"])
def test_improvements_make_a_real_difference(how):
    """The property above is not vacuous: swordsmen vs boyz moves by more than 1 %."""
    me, enemy = deep("empire_swordsmen"), deep("orc_boyz")
    base = exact_first_round(me, enemy, "attacker")
    new = exact_first_round(improve(me, how), enemy, "attacker")
    assert new["attacker_wins"] > base["attacker_wins"] + 0.01
    assert new["attacker_breaks"] < base["attacker_breaks"] - 0.01


@settings(max_examples=20, deadline=None)
@given(bonus=st.integers(-3, 3), my_side=st.sampled_from(("attacker", "defender")))
def test_static_bonus_and_battle_standard_never_hurt(bonus, my_side):
    """+1 static bonus or a battle standard (§2.2, §3.1) never lowers exact P(win round 1)."""
    a, d = deep("empire_swordsmen"), deep("orc_boyz")
    key = "a_opts" if my_side == "attacker" else "d_opts"
    base = exact_first_round(a, d, "attacker", **{key: SideOptions(static_bonus=bonus)})
    plus = exact_first_round(a, d, "attacker", **{key: SideOptions(static_bonus=bonus + 1)})
    bsb = exact_first_round(a, d, "attacker", **{key: SideOptions(static_bonus=bonus, bsb=True)})
    assert plus[f"{my_side}_wins"] >= base[f"{my_side}_wins"] - 1e-12
    assert plus[f"{my_side}_breaks"] <= base[f"{my_side}_breaks"] + 1e-12
    assert bsb[f"{my_side}_wins"] == pytest.approx(base[f"{my_side}_wins"], abs=1e-12)
    assert bsb[f"{my_side}_breaks"] <= base[f"{my_side}_breaks"] + 1e-12


def test_more_attacks_common_random_numbers():
    """Simulated with one seed for both arms (common random numbers), A+1 still helps."""
    a = library_unit("empire_swordsmen")
    p = a.profile
    base = fight(a, "orc_boyz", trials=N, seed=SEED)
    more = fight(a.replace(profile=p.replace(A=p.A + 1)), "orc_boyz", trials=N, seed=SEED)
    assert more.p_win("attacker") > base.p_win("attacker")
    assert more.p_win("defender") < base.p_win("defender")


# --------------------------------------------------------------------------- rules (RULES.md)


def test_unbreakable_never_breaks_s3_2():
    """§3.2 step 2: an unbreakable unit never breaks, however badly it loses."""
    few = library_unit("empire_swordsmen").replace(models=10)
    r = fight("black_orcs", few.replace(special=("unbreakable",)), trials=N, seed=SEED)
    assert prob(r.first_round, "attacker_wins") > 0.9  # it loses, round after round
    assert prob(r.outcomes, "defender_caught") == 0.0
    assert prob(r.outcomes, "defender_escaped") == 0.0
    assert r.rounds.loc[r.rounds["event"] == "defender_breaks", "probability"].sum() == 0.0
    assert prob(r.outcomes, "defender_wiped") > 0.9  # it fights to the last model instead
    # the same swordsmen without the rule do break
    r0 = fight("black_orcs", few, trials=N, seed=SEED)
    assert prob(r0.first_round, "defender_breaks") > 0.5


def test_unstable_units_never_flee_s3_2():
    """§3.2 step 2: unstable units take Diff wounds instead of testing; they never flee."""
    # no fear test at the charge (§3.3): the black orcs always charge
    r = fight("black_orcs", "vc_skeletons", trials=N, seed=SEED, keep_rows=True,
              options=CombatOptions(charge_tests=False))
    assert prob(r.first_round, "attacker_wins") > 0.8  # the skeletons lose most rounds
    assert prob(r.outcomes, "defender_caught") == 0.0
    assert prob(r.outcomes, "defender_escaped") == 0.0
    assert r.rounds.loc[r.rounds["event"] == "defender_breaks", "probability"].sum() == 0.0
    assert prob(r.outcomes, "defender_wiped") > 0.8
    allowed = {"defender_wiped", "unresolved", "attacker_wiped", "attacker_caught",
               "attacker_escaped"}
    assert set(r.rows["outcome"].unique()) <= allowed
    # losing round 1 by d costs d more wounds, no saves: survivors of a 1-round combat show it
    one = fight("black_orcs", "vc_skeletons", trials=N, seed=SEED, keep_rows=True,
                options=CombatOptions(max_rounds=1, charge_tests=False))
    rows = one.rows
    lost = rows["margin_r1"] > 0
    assert lost.mean() > 0.8
    expected = np.maximum(0, 20 - rows["attacker_wounds_r1"] - rows["margin_r1"])
    assert (rows.loc[lost, "defender_survivors"] == expected[lost]).all()
    # control: the same skeletons without the rule test on Ld 3 and break
    stable = library_unit("vc_skeletons")
    stable = stable.replace(special=tuple(x for x in stable.special if x != "unstable"))
    r0 = fight("black_orcs", stable, trials=N, seed=SEED)
    assert prob(r0.first_round, "defender_breaks") > 0.5


@pytest.mark.parametrize("small_side", ["attacker", "defender"])
def test_fear_auto_break_s3_2_step_3(small_side):
    """§3.2 step 3: losing to a fear-causing enemy with more US breaks with no roll."""
    # 10 swordsmen (US 10) against 40 skeletons (fear, US >= 30 after any first round)
    small = library_unit("empire_swordsmen").replace(models=10)
    skeletons = library_unit("vc_skeletons").replace(models=40)
    fearless = skeletons.replace(special=tuple(s for s in skeletons.special if s != "fear"))
    assert skeletons.causes_fear and not fearless.causes_fear
    big_side = "defender" if small_side == "attacker" else "attacker"

    def first_round(enemy):
        pair = (small, enemy) if small_side == "attacker" else (enemy, small)
        r = fight(*pair, trials=N, seed=SEED)
        return r.first_round.set_index("outcome")["probability"]

    fr = first_round(skeletons)
    assert fr[f"{big_side}_wins"] > 0.3
    assert fr[f"{small_side}_breaks"] == fr[f"{big_side}_wins"]
    # control: the same skeletons without fear let the swordsmen test (and sometimes pass)
    fr0 = first_round(fearless)
    assert fr0[f"{small_side}_breaks"] < fr0[f"{big_side}_wins"] - 0.02


def test_fear_does_not_auto_break_a_bigger_unit_s3_2_step_3():
    """§3.2 step 3 needs the loser's US lower: 40 swordsmen vs 20 skeletons take the 2D6 test."""
    big = library_unit("empire_swordsmen").replace(models=40)
    r = fight("vc_skeletons", big, charger="attacker", trials=N, seed=SEED)
    fr = r.first_round.set_index("outcome")["probability"]
    assert fr["attacker_wins"] > 0.01
    assert fr["defender_breaks"] < fr["attacker_wins"]


def test_one_round_leaves_unresolved_what_did_not_end():
    """max_rounds=1: unresolved = P(nobody broke or died in round 1) (deep units: exact)."""
    a, d = deep("empire_swordsmen"), deep("orc_boyz")
    r = fight(a, d, max_rounds=1, trials=N, seed=SEED)
    fr = r.first_round.set_index("outcome")
    out = r.outcomes.set_index("outcome")["probability"]
    assert out["attacker_wiped"] == out["defender_wiped"] == 0.0  # 60 deep: nobody dies
    assert out["unresolved"] == pytest.approx(
        1 - fr.loc["attacker_breaks", "probability"] - fr.loc["defender_breaks", "probability"],
        abs=1e-12)
    exact = 1 - fr.loc["attacker_breaks", "exact"] - fr.loc["defender_breaks", "exact"]
    assert_mc(out["unresolved"], exact, N, what="unresolved after one round")
    assert set(r.n_rounds["rounds"]) == {1}
    assert list(r.rounds["round"].unique()) == [1]


def test_one_round_with_wipes_counts_them_as_ended():
    """Three swordsmen can be destroyed in round 1: that is not unresolved either."""
    few = library_unit("empire_swordsmen").replace(models=3)
    r = fight("black_orcs", few, max_rounds=1, trials=N, seed=SEED)
    out = r.outcomes.set_index("outcome")["probability"]
    fr = r.first_round.set_index("outcome")["probability"]
    assert out["defender_wiped"] > 0.2
    assert out["unresolved"] > 0.001
    assert out["unresolved"] == pytest.approx(
        1 - fr["attacker_breaks"] - fr["defender_breaks"] - out["attacker_wiped"]
        - out["defender_wiped"], abs=1e-12)
