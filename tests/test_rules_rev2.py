"""RULES.md revision 2 in the kernel: heroes in their units (§2.2, §3.2), stupidity (§1.10),
flaming attacks and regeneration (§1.6), striking first (§1.2).

Each test builds a combat whose first round has an exact answer worked out here by hand (or
with :mod:`odds.dice`), then checks the kernel against it at z = 5 with a fixed seed.  Units
that cannot wound each other (S1 against T10 is "N" in the to-wound table, §1.4) make the
combat result a fixed sum of bonuses, so a break test's odds are a plain 2D6 probability.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
from conftest import assert_distribution, assert_mc, first_round_shares

from odds import dice
from odds.characters import character_from_dict
from odds.combat.api import simulate
from odds.combat.model import FRONT, CombatOptions, SideOptions, build, build_units
from odds.units import unit_from_dict

N = 200_000


def unit(name, models, files, *, S=1, T=10, Ld=7, WS=3, A=1, init=3, special=(), W=1,
         troop_type="infantry", save=7, **extra):
    return unit_from_dict({
        "name": name, "troop_type": troop_type, "models": models, "files": files,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": W, "I": init, "A": A,
                    "Ld": Ld},
        "equipment": {"armour_save_override": save},
        "rules": {"special": list(special)},
        **extra,
    })


def hero(name, *, Ld=9, S=1, T=10, special=()):
    return character_from_dict({
        "name": name,
        "profile": {"M": 10, "WS": 4, "BS": 4, "S": S, "T": T, "W": 2, "I": 4, "A": 2, "Ld": Ld},
        "rules": {"special": list(special)},
    })


def one_round(units, characters=(), bonus=(0, 0), seed=1):
    model = build_units(list(units), [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                        [SideOptions(static_bonus=bonus[0]), SideOptions(static_bonus=bonus[1])],
                        CombatOptions(max_rounds=1), characters=list(characters))
    return simulate(model, N, seed)


def p_pass(target: int) -> float:
    return float(dice.p_at_most(dice.sum_pmf(2), target))


def test_a_hero_fills_a_rank_space():
    """§2.2: characters fill rank spaces: 11 models 4 wide plus a hero is +2, not +1."""
    a = unit("A", 11, 4, special=["skirmishers"])
    b = unit("B", 12, 4, special=["skirmishers"])
    out = one_round([unit("A", 11, 4), b], [(0, hero("H"))])
    # nobody can wound (S1 v T10): the ranks term is fixed for every trial
    assert out["terms"][0, 1] == 2 * N
    out = one_round([a, b], [(0, hero("H"))])
    assert out["terms"][0, 1] == 0  # skirmishers never count ranks


def test_stubborn_unit_uses_a_leaders_ld_with_the_modifier():
    """§3.2 step 4: a stubborn unit led by a non-stubborn character with a higher Ld uses that
    Ld with the modifier, or its own unmodified, whichever is better.

    Attacker: 10 models US 10 (+1 outnumber against 5 + a hero = 6) and a static +2: it wins
    by 3 every time (nobody can wound).  Defender Ld 6, stubborn; hero Ld 10: target
    max(6, 10 - 3) = 7, not the hero's 10 unmodified.
    """
    a = unit("A", 10, 10, special=["skirmishers"])
    d = unit("D", 5, 5, Ld=6, special=["skirmishers", "stubborn"])
    out = one_round([a, d], [(1, hero("H", Ld=10))], bonus=(2, 0))
    assert out["round_res"][0, 0] == N
    assert_mc(out["breaks"][0, 1] / N, 1 - p_pass(7), N, what="defender breaks")
    # own Ld better: a hero of Ld 8 gives max(6, 8 - 3) = 6
    out = one_round([a, d], [(1, hero("H", Ld=8))], bonus=(2, 0))
    assert_mc(out["breaks"][0, 1] / N, 1 - p_pass(6), N, what="defender breaks (own Ld)")
    # a stubborn hero tests unmodified on his own Ld: 9
    out = one_round([a, d], [(1, hero("H", Ld=9, special=["stubborn"]))], bonus=(2, 0))
    assert_mc(out["breaks"][0, 1] / N, 1 - p_pass(9), N, what="defender breaks (stubborn hero)")


def test_fear_auto_break_counts_the_enemys_characters():
    """§3.2 step 3: the loser's US against the total US of the fear-causing enemies in base
    contact, characters included: 5 fear-causers and a hero (US 6) against 5 + 0 (US 5)."""
    a = unit("A", 5, 5, special=["skirmishers", "fear"])
    d = unit("D", 5, 5, Ld=10, special=["skirmishers"])
    out = one_round([a, d], [(0, hero("H"))], bonus=(1, 0))
    assert out["round_res"][0, 0] == N  # +1 static, +1 outnumber (6 v 5)
    assert out["breaks"][0, 1] == N
    # without the hero: US 5 against 5 is not lower; Ld 10 - 1 (static only)
    out = one_round([a, d], bonus=(1, 0))
    assert_mc(out["breaks"][0, 1] / N, 1 - p_pass(9), N, what="no hero: a plain test")


def test_flanker_unit_strength_counts_its_characters():
    """§2.2: a flanking unit of 4 models and a hero (US 5) cancels the enemy's ranks and
    scores +1; without the hero (US 4) it does neither."""
    front = unit("F", 20, 5)
    target = unit("T", 20, 5)
    flank = unit("K", 4, 4)
    for chars, ranks, flank_bonus in (([(1, hero("H"))], 0, 1), ([], 3, 0)):
        model = build_units([front, target, flank], [0, 1, 0],
                            [(0, 1, FRONT, FRONT), (2, 1, FRONT, 1)], [True, False, True],
                            [None, None, None], CombatOptions(max_rounds=1),
                            characters=[(2, c) for _, c in chars])
        out = simulate(model, 1000, 3)
        assert out["terms"][1, 1] == ranks * 1000
        assert out["terms"][0, 4] == flank_bonus * 1000


def _binom(n, q):
    return [comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)]


def test_stupidity_halves_the_fighters_on_a_failed_test():
    """§1.10: at the start of its own turn a stupid unit tests Ld; failed while engaged, half
    its models fight (an odd one on 4+).  Three trolls (A3, S5) of Ld 4 hit skeleton-like
    WS2 T3 targets (3+ to hit, 2+ to wound, no save): q = 2/3 * 5/6 per attack."""
    trolls = unit("Trolls", 3, 3, S=5, T=4, WS=3, A=3, Ld=4, W=3,
                  troop_type="monstrous_infantry", special=["stupidity"])
    target = unit("Target", 30, 10, T=3, WS=2)
    q = Fraction(2, 3) * Fraction(5, 6)
    p_ok = Fraction(6, 36)
    attacks = {9: p_ok, 3: (1 - p_ok) / 2, 6: (1 - p_ok) / 2}
    pmf = np.zeros(10)
    for n, pn in attacks.items():
        pmf[: n + 1] += float(pn) * np.array([float(x) for x in _binom(n, q)])
    model = build(trolls, target, options=CombatOptions(max_rounds=1))  # trolls' turn
    out = simulate(model, N, 5)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what="wounds by stupid trolls")
    # in the enemy's turn (the defender's first round) the trolls do not test
    model = build(target, trolls, options=CombatOptions(max_rounds=1, charger="none"))
    out = simulate(model, N, 6)
    sim = first_round_shares(out, 1, N)
    full = [float(x) for x in _binom(9, q)]
    assert_distribution(sim, full, N, what="wounds by trolls in the enemy's turn")


def test_flaming_attacks_stop_regeneration():
    """§1.6: one wound from a flaming attack and the creature cannot regenerate: the wounds
    scored on regenerating T3 targets are those of a plain binomial (no 4+ regeneration)."""
    burners = unit("Burners", 10, 10, S=3, WS=3, special=["flaming_attacks"])
    regen = unit_from_dict({
        "name": "Regen", "troop_type": "infantry", "models": 30, "files": 10,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 3, "W": 1, "I": 1, "A": 1,
                    "Ld": 7},
        "rules": {"regeneration": 4},
    })
    q = Fraction(1, 2) * Fraction(1, 2)  # 4+ to hit (WS3 v WS3), 4+ to wound (S3 v T3)
    model = build(burners, regen, options=CombatOptions(max_rounds=1))
    out = simulate(model, N, 7)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, [float(x) for x in _binom(10, q)], N, what="flaming: no regen")
    plain = unit("Plain", 10, 10, S=3, WS=3)
    out = simulate(build(plain, regen, options=CombatOptions(max_rounds=1)), N, 8)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, [float(x) for x in _binom(10, q / 2)], N, what="regenerated")


def test_casualties_before_striking_remove_attacks_back():
    """§1.2 / §8 A.4, by hand: 5 attackers (1 rank, I5) kill with certainty-free odds; the
    defender's single rank of 5 (I1) strikes back with 5 - casualties attacks.

    Attacker WS10 v WS1 (3+), S10 v T1 (2+), no save: q_a = 2/3 * 5/6 = 5/9 per attack, 5
    attacks; the defender then has 5 - k fighters (k of its models slain), each attack WS1 v
    WS10 (5+), S1 v T10: nothing wounds, so look at the attacker's *wounds suffered* with a
    defender that can wound: S10 v T1 too.  Defender q_d = 1/3 * 5/6 = 5/18.
    """
    att = unit("Att", 5, 5, WS=10, S=10, T=1, init=5)
    dfd = unit("Def", 5, 5, WS=1, S=10, T=1, init=1)
    qa, qd = Fraction(5, 9), Fraction(5, 18)
    pmf = np.zeros(6)
    for k, pk in enumerate(_binom(5, qa)):
        for j, pj in enumerate(_binom(5 - k, qd)):
            pmf[j] += float(pk * pj)
    out = simulate(build(att, dfd, options=CombatOptions(max_rounds=1)), N, 9)
    sim = first_round_shares(out, 1, N)
    assert_distribution(sim, pmf, N, what="defender's wounds back")


def test_panic_when_a_friend_breaks_in_the_combat():
    """§3.4: a unit that breaks makes the other units of its side in the combat that did not
    break take a panic test (2D6 <= Ld); failed, they flee too.  Immune to psychology: none.

    Side 0: X (Ld 2, always breaks when it loses) and Y (stubborn, Ld 7: passes its break
    test with 21/36) both face Z; side 1 wins every round by +5 - 1 (nobody wounds, no
    ranks).  Y flees with 15/36 + 21/36 * 15/36, not 15/36.
    """
    from odds.combat.model import CAUGHT, ESCAPED

    x = unit("X", 5, 5, Ld=2, special=["skirmishers"])
    z = unit("Z", 5, 5, Ld=10, special=["skirmishers"])
    exact = {False: 15 / 36 + 21 / 36 * 15 / 36, True: 15 / 36}
    for itp, p_flee in exact.items():
        y = unit("Y", 5, 5, Ld=7, special=["skirmishers", "stubborn"]
                 + (["immune_to_psychology"] if itp else []))
        model = build_units([x, y, z], [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)],
                            [False, False, True], [None, None, SideOptions(static_bonus=5)],
                            CombatOptions(max_rounds=1))
        out = simulate(model, N, 21)
        assert out["status"][0, CAUGHT] + out["status"][0, ESCAPED] == N  # X always breaks
        fled = (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N
        assert_mc(fled, p_flee, N, what=f"Y flees (immune to psychology: {itp})")


def test_winner_expands_its_frontage_then_laps_round():
    """§1.11: after winning a round a unit widens by up to two models at each end while that
    brings more into contact, then laps round the enemy's flanks (up to four models a round).

    20 attackers 4 wide (q = 1/2 * 1/2 = 1/4 per attack, no save) against 30 defenders 3
    wide that cannot hurt them and never break.  Round 1: 4 in contact (3 overlap + 1
    corner).  The attackers win: 5 wide reaches one past each end of the enemy front (rank
    bonus still +3), then 3 more lap round.  Round 2: 5 + 3 = 8 fight.  Two rounds kill
    Binomial(12, 1/4) defenders; without the rule Binomial(8, 1/4).
    """
    a = unit("A", 20, 4, S=3, T=10, WS=3)
    d = unit("D", 30, 3, S=1, T=3, WS=3, special=["unbreakable"])
    q = Fraction(1, 4)
    for expand, n in ((True, 12), (False, 8)):
        model = build(a, d, SideOptions(static_bonus=10), None,
                      CombatOptions(max_rounds=2, expand_frontage=expand))
        out = simulate(model, N, 23)
        assert out["rounds"][2] == N
        sim = {30 - m: c / N for m, c in enumerate(out["surv"][1]) if c}
        assert_distribution(sim, [float(x) for x in _binom(n, q)], N,
                            what=f"defenders slain in two rounds (expand {expand})")
