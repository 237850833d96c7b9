"""Characters in units and challenges inside the engine (issue 4 §1-§2; RULES.md §1.9)."""

from __future__ import annotations

import pytest
from conftest import assert_mc

from odds.characters import Character
from odds.combat.challenge import Duellist, duel_round_exact
from odds.combat.multiple import fight_scenario, scenario_model
from odds.emergence import example_path
from odds.scenario import load_scenario
from odds.validation import OddsInputError

N = 200_000


def duellist(ch: Character) -> Duellist:
    return Duellist(name=ch.name, profile=ch.profile, weapon=ch.equipment.weapon,
                    armour_save=ch.armour_save, ward=ch.ward_save,
                    always_strikes_first=ch.has("always_strikes_first"),
                    always_strikes_last=ch.has("always_strikes_last"),
                    hatred=ch.has("hatred"), killing_blow=ch.has("killing_blow"),
                    poisoned=ch.poisoned, multiple_wounds=ch.multiple_wounds,
                    armour_piercing=ch.has("armour_piercing"), mount=ch.mount)


def test_first_round_of_the_duel_matches_the_exact_oracle():
    """§1.9: duellists fight only each other; round 1 of the engine's duel vs the exact duel."""
    sc = load_scenario(example_path("combat_heroes"))
    (captain,) = sc.unit("knights").characters
    (boss,) = sc.unit("boyz").characters
    r = fight_scenario(sc, trials=N, seed=21)
    ch = r.challenge
    assert ch["p_issued_r1"] == 1.0  # both sides always challenge; the active side first
    ex = duel_round_exact(duellist(captain), duellist(boss), a_charged=True)
    assert_mc(ch["p_challenged_slain_r1"], float(ex.p_b_slain), N, what="boss slain in round 1")
    assert_mc(ch["p_challenger_slain_r1"], float(ex.p_a_slain), N, what="captain slain")
    mean_ok = float(ex.mean_overkill)
    overkill_r1 = r.terms.set_index(["side", "term"])["mean"]
    got = overkill_r1[("attacker", "overkill")] + overkill_r1[("defender", "overkill")]
    # the mean of a bounded score (0..5): its standard error is at most 5 / 2 / sqrt(N)
    assert abs(got - mean_ok) <= 5 * 2.5 / N**0.5


def test_refusal_hides_the_character_and_costs_nothing_else_in_the_duel():
    sc = load_scenario(example_path("combat_heroes"))
    boyz = sc.unit("boyz").replace(challenge="never")
    sc = sc.replace(sides=(sc.sides[0], (boyz,)))
    r = fight_scenario(sc, trials=20_000, seed=2)
    assert r.challenge["p_issued_r1"] == 1.0
    assert r.challenge["p_refused"] >= 1.0  # at least once per trial
    assert r.challenge["p_challenger_wins"] == 0.0  # nobody ever fights the duel


def test_never_means_no_challenge():
    sc = load_scenario(example_path("combat_heroes"))
    sides = tuple(tuple(u.replace(challenge="never") for u in side) for side in sc.sides)
    r = fight_scenario(sc.replace(sides=sides), trials=10_000, seed=3)
    assert r.challenge["p_issued"] == 0.0
    assert r.challenge["mean_overkill"] == 0.0


def test_champion_challenges_are_refused_not_ignored():
    sc = load_scenario(example_path("combat_flank_charge"))
    swords = sc.unit("swords").replace(challenge="always")
    sc = sc.replace(sides=((swords, *sc.sides[0][1:]), sc.sides[1]))
    with pytest.raises(OddsInputError, match="champion"):
        scenario_model(sc)
