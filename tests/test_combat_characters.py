"""Characters in units and challenges inside the engine (issue 4 §1-§2; RULES.md §1.9)."""

from __future__ import annotations

import pytest
from conftest import assert_mc

from odds.characters import Character
from odds.combat.api import simulate
from odds.combat.challenge import Duellist, duel_round_exact
from odds.combat.multiple import fight_scenario, scenario_model
from odds.dice import d6_at_least
from odds.emergence import example_path
from odds.rules import to_hit, to_wound
from odds.scenario import load_scenario, two_unit_scenario
from odds.units import Command, Profile
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
    assert r.challenge["p_refused"] == 1.0  # every trial (a flag: refused at least once)
    assert r.challenge["p_challenger_wins"] == 0.0  # nobody ever fights the duel


def test_never_means_no_challenge():
    sc = load_scenario(example_path("combat_heroes"))
    sides = tuple(tuple(u.replace(challenge="never") for u in side) for side in sc.sides)
    r = fight_scenario(sc.replace(sides=sides), trials=10_000, seed=3)
    assert r.challenge["p_issued"] == 0.0
    assert r.challenge["mean_overkill"] == 0.0


def champion_duellist(unit) -> Duellist:
    """A unit's champion as a duellist: its own profile, the unit's kit and rules."""
    return Duellist(name=f"{unit.name} champion", profile=unit.champion_profile,
                    weapon=unit.equipment.weapon,
                    armour_save=unit.armour_save_against(in_close_combat=True),
                    ward=unit.ward_save, hatred=unit.has("hatred"),
                    killing_blow=unit.has("killing_blow"), poisoned=unit.poisoned,
                    multiple_wounds=unit.multiple_wounds,
                    armour_piercing=unit.has("armour_piercing"), mount=unit.mount)


def test_champions_duel_each_other_round_one_matches_the_exact_oracle():
    """§1.9 (src 004): champions may issue and accept; round 1 of the duel vs the exact duel."""
    sc = two_unit_scenario("empire_swordsmen", "orc_boyz", challenge="always")
    model = scenario_model(sc)
    assert model.names[2:] == ("attacker champion", "defender champion")
    r = fight_scenario(sc, trials=N, seed=31)
    ch = r.challenge
    assert ch["p_issued_r1"] == 1.0 and ch["p_refused"] == 0.0
    swords, boyz = (su.unit for su in sc.units)
    ex = duel_round_exact(champion_duellist(swords), champion_duellist(boyz), a_charged=True)
    assert_mc(ch["p_challenged_slain_r1"], float(ex.p_b_slain), N, what="orc champion slain")
    assert_mc(ch["p_challenger_slain_r1"], float(ex.p_a_slain), N, what="swords champion slain")
    # the round in which the challenge ends: round 1 exactly when a duellist died in it
    rounds = r.challenge_rounds.set_index("round")["probability"]
    assert_mc(rounds[1], float(1 - ex.p_both_survive), N, what="challenge ends in round 1")
    assert rounds.sum() == pytest.approx(1.0)
    assert r.challenge_rounds["round"].max() <= sc.max_rounds


def test_champion_policy_sends_the_champion_to_protect_the_character():
    """Issue 4 §2 ``champion`` policy: the Big Boss's unit answers with its champion."""
    sc = load_scenario(example_path("combat_heroes"))
    (captain,) = sc.unit("knights").characters
    boyz = sc.unit("boyz").replace(challenge="champion")
    sc = sc.replace(sides=(sc.sides[0], (boyz,)))
    r = fight_scenario(sc, trials=N, seed=32)
    ex = duel_round_exact(duellist(captain), champion_duellist(boyz.unit), a_charged=True)
    assert_mc(r.challenge["p_challenged_slain_r1"], float(ex.p_b_slain), N,
              what="orc champion slain by the captain in round 1")
    assert_mc(r.challenge["p_challenger_slain_r1"], float(ex.p_a_slain), N,
              what="captain slain by the orc champion")
    # later rounds: the champion is dead, the boss refuses (the policy never sends him)
    assert r.challenge["p_refused"] > 0.5


def test_a_champion_cannot_hide_so_never_still_accepts_without_characters():
    """§1.9: refusal needs a character who can hide; a champion stays in the command group."""
    sc = two_unit_scenario("empire_swordsmen", "orc_boyz", challenge="always")
    boyz = sc.units[1].replace(challenge="never")
    sc = sc.replace(sides=(sc.sides[0], (boyz,)))
    r = fight_scenario(sc, trials=20_000, seed=33)
    assert r.challenge["p_issued_r1"] == 1.0
    assert r.challenge["p_refused"] == 0.0
    assert r.challenge["p_challenged_slain_r1"] > 0.0


def test_a_promoted_champion_still_fills_its_rank():
    """§2.2: a 20-model unit 5 wide has +3 ranks whether or not its champion may duel."""
    plain = two_unit_scenario("empire_swordsmen", "orc_boyz", challenge="never")
    duel = two_unit_scenario("empire_swordsmen", "orc_boyz", challenge="always")
    n = 20_000
    terms = {}
    for key, sc in (("plain", plain), ("duel", duel)):
        t = fight_scenario(sc, trials=n, seed=34).terms.set_index(["side", "term"])["mean"]
        terms[key] = t
    for side in ("attacker", "defender"):
        assert terms["plain"][(side, "ranks")] == terms["duel"][(side, "ranks")] == 3.0


def test_champion_policy_needs_a_champion():
    sc = load_scenario(example_path("combat_heroes"))
    unit = sc.unit("boyz").unit
    boyz = sc.unit("boyz").replace(unit=unit.replace(command=unit.command.replace(
        champion=False)))
    with pytest.raises(OddsInputError, match="champion"):
        boyz.replace(challenge="champion")


def test_blows_fall_on_the_characters_once_the_rank_and_file_have_fallen():
    """§1.1: with no rank and file left, a unit's blows go to the characters standing in it.

    One swordsman and a Captain (I5) against one savage orc and a Big Boss (W1, I1), two
    wide, no armour or ward on the defenders, no charge, no challenge.  The Captain's three
    blows go at the orc (troops policy); if it falls, the swordsman's blow at its own step
    (I4) goes to the Big Boss.  The attackers score 2 wounds in round 1 exactly when both
    happen.  (The kernel looks the character up only then: issue 13, session 19.)
    """
    sc = two_unit_scenario("empire_swordsmen", "savage_orcs", charger="none")
    none = Command(champion=False, standard=False, musician=False)
    swords, orcs = sc.units
    captain = Character(name="Captain",
                        profile=Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3, Ld=8))
    boss = Character(name="Big Boss",
                     profile=Profile(M=10, WS=5, BS=3, S=4, T=4, W=1, I=1, A=3, Ld=8))
    swords = swords.replace(unit=swords.unit.replace(models=1, files=2, command=none),
                            characters=(captain,))
    orcs = orcs.replace(unit=orcs.unit.replace(models=1, files=2, command=none, ward_save=0),
                        characters=(boss,))
    sc = sc.replace(sides=((swords,), (orcs,)))
    assert orcs.unit.profile.WS == 3 and orcs.unit.profile.T == 4
    assert swords.unit.profile.WS == 4 and swords.unit.profile.S == 3
    blow = d6_at_least(to_hit(5, 3)) * d6_at_least(to_wound(4, 4))  # the Captain's, on the orc
    orc_falls = 1 - (1 - blow) ** 3
    boss_falls = d6_at_least(to_hit(4, 5)) * d6_at_least(to_wound(3, 4))
    w1 = simulate(scenario_model(sc), N, 41)["w1"]  # [side, wounds scored in round 1]
    assert_mc(w1[0, 2] / N, float(orc_falls * boss_falls), N,
              what="the orc, then the Big Boss, slain by the attackers in round 1")
