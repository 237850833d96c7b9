"""First-round odds against the exact convolution (issue 3 §6; RULES.md §1.3-§1.8, §2, §3.2).

Every unit here is deep enough that first-round casualties cannot thin its
fighting ranks, so each attack is an independent trial and the first round
(wounds each way, result, breaks) is exact.  Simulation vs exact at z = 5.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from conftest import assert_distribution, assert_mc

from odds.combat import CombatOptions, SideOptions, fight
from odds.combat.exact import attack_success, first_round_exact
from odds.combat.model import (
    G_HIT,
    G_KB,
    G_POISON,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    N_GROUP,
    build,
)
from odds.units import library_unit

N = 200_000


def deep(name: str, models: int = 60, **changes):
    return library_unit(name).replace(models=models, **changes)


def cmd(champion=False, standard=False, musician=False):
    from odds.units import Command

    return Command(champion=champion, standard=standard, musician=musician)


CATALOGUE = {
    # name: (attacker, defender, kwargs) -- what each case exercises
    "swordsmen_vs_boyz": (deep("empire_swordsmen"), deep("orc_boyz"), {}),  # §1.3-1.5, ranks
    "great_weapons_charge": (deep("black_orcs"), deep("empire_halberdiers"), {}),  # §1.7 GW +2 S
    "hammerers_stubborn": (deep("orc_boyz"), deep("dwarf_hammerers"), {}),  # §3.2 stubborn
    "spears_second_rank": (deep("orc_boyz"), deep("empire_spearmen"), {}),  # §1.1 spears
    "lance_and_mounts": (deep("empire_knights", 40), deep("orc_boyz"), {}),  # §1.7 lance, mounts
    "frenzy_extra_attack": (deep("savage_orcs"), deep("empire_swordsmen"), {}),  # §1.6 frenzy, ward
    "swordmasters": (deep("high_elf_swordmasters"), deep("chaos_warriors"), {}),  # ignores ASL
    "regeneration_trolls": (deep("empire_swordsmen"), deep("trolls", 40, files=5), {}),  # W3, regen
    "fear_unstable": (deep("vc_skeletons"), deep("empire_spearmen"), {}),  # fear, unstable
    "zombies_defending": (deep("empire_halberdiers"), deep("vc_zombies"), {}),
    "killing_blow_poison_hatred": (
        deep("empire_swordsmen", special=("hatred", "killing_blow"), poisoned=6),
        deep("orc_boyz"), {}),  # §1.6 KB, poison, hatred
    "ap_and_ward": (deep("chaos_warriors", special=("armour_piercing",)),
                    deep("dwarf_warriors", ward_save=5), {}),
    "general_and_bsb": (deep("orc_boyz"), deep("empire_spearmen"),
                        {"defender_options": SideOptions(bsb=True, general_ld=9),
                         "attacker_options": SideOptions(static_bonus=2, high_ground=True)}),
    "musician_tiebreak": (deep("empire_swordsmen", command=cmd(musician=True), files=4),
                          deep("empire_swordsmen", command=cmd(), files=4),
                          {"charger": "none"}),  # §2.4, no charger
    "insane_courage_option": (  # §3.2 Option: Ld 5 defender, big margins, double 1 passes
        deep("black_orcs"),
        deep("empire_swordsmen", profile=library_unit("empire_swordsmen").profile.replace(Ld=5)),
        {"options": CombatOptions(insane_courage=True)}),
}


def _case(name):
    return CATALOGUE[name]


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_first_round_matches_exact(name):
    a, d, kw = _case(name)
    r = fight(a, d, max_rounds=1, trials=N, seed=hash(name) % 2**32, **kw)
    ex = r.extra["exact_first_round"]
    assert ex is not None, "catalogue units must be deep enough for the exact first round"
    for row in r.first_round.itertuples():
        assert_mc(row.probability, row.exact, N, what=f"{name}: {row.outcome}")
    for i, side in enumerate(("attacker", "defender")):
        t = r.wounds_r1[r.wounds_r1.side == side]
        assert_distribution(dict(zip(t.wounds, t.probability, strict=True)), ex["wounds"][i], N,
                            what=f"{name}: {side} wounds")
    # every exact wound value with mass was reachable
    for i, side in enumerate(("attacker", "defender")):
        pmf = ex["wounds"][i]
        assert pmf.sum() == pytest.approx(1.0)
        seen = set(r.wounds_r1.loc[r.wounds_r1.side == side, "wounds"])
        assert {k for k in range(pmf.size) if pmf[k] > 1e-4} <= seen


def test_catalogue_exercises_the_rules():
    """The catalogue really contains the special cases it claims to test."""
    models = {n: build(*_case(n)[:2]) for n in CATALOGUE}
    g = models["killing_blow_poison_hatred"].groups[0, 1, 0, 0]
    assert g[G_REROLL] and g[G_POISON] == 6 and g[G_KB]
    assert models["ap_and_ward"].groups[0, 1, 0, 0, G_WARD] == 5  # the dwarfs' ward
    assert models["ap_and_ward"].groups[1, 0, 0, 0, G_WARD] == 7


def test_attack_success_by_hand():
    """10 attacks WS4 S3 vs WS3 T3 with a 5+ save: 2/3 * 1/2 * 2/3 = 2/9 per attack."""
    g = np.zeros(N_GROUP, np.int64)
    g[G_HIT], g[G_WOUND], g[G_SAVE], g[G_WARD], g[G_POISON] = 3, 4, 5, 7, 7
    assert attack_success(g, regen=7) == Fraction(2, 9)
    g[G_REROLL] = 1  # hatred: P(hit) = 2/3 + 1/3 * 2/3 = 8/9
    assert attack_success(g, regen=7) == Fraction(8, 9) * Fraction(1, 2) * Fraction(2, 3)
    g[G_REROLL] = 0
    g[G_WARD] = 4  # ward 4+ halves what gets through
    assert attack_success(g, regen=7) == Fraction(1, 9)
    assert attack_success(g, regen=4) == Fraction(1, 18)  # regeneration 4+ halves it again


def test_shallow_units_have_no_exact_first_round():
    a, d = library_unit("empire_swordsmen"), library_unit("trolls")
    assert first_round_exact(build(a, d)) is None
