"""Exact dice distributions against icepool and the RULES.md tables."""

from __future__ import annotations

import icepool
import numpy as np
import pytest

from odds import dice
from odds.validation import OddsInputError


@pytest.mark.parametrize("n", [0, 1, 2, 5, 8, 12])
def test_sum_pmf_matches_icepool(n):
    pmf = dice.sum_pmf(n)
    die = n @ icepool.d6
    for k in range(pmf.size):
        assert pmf[k] == pytest.approx(float(die.probability(k)), abs=1e-15), k
    assert pmf.sum() == pytest.approx(1.0, abs=1e-14)


def test_flee_dice_rule_4_1():
    """RULES.md §4.1: 5D6 for M <= 15 cm, 8D6 for M > 15 cm or flyers."""
    assert dice.flee_dice(15) == 5
    assert dice.flee_dice(15.5) == 8
    assert dice.flee_dice(10, flies=True) == 8


def test_flee_moments_rule_4_6():
    """RULES.md §4.6: 5D6 mean 17.5 sd 3.82; 8D6 mean 28 sd 4.83."""
    for n, mean, sd in [(5, 17.5, 3.82), (8, 28.0, 4.83)]:
        pmf = dice.sum_pmf(n)
        k = np.arange(pmf.size)
        m = (k * pmf).sum()
        assert m == pytest.approx(mean)
        assert np.sqrt(((k - m) ** 2 * pmf).sum()) == pytest.approx(sd, abs=0.005)


@pytest.mark.parametrize(("pursuer", "fleer", "p"), [(5, 5, 0.536), (5, 8, 0.052),
                                                     (8, 5, 0.963), (8, 8, 0.529),
                                                     (2, 2, 0.556), (2, 3, 0.221),
                                                     (3, 2, 0.848), (3, 3, 0.546)])
def test_catch_table_rule_4_6(pursuer, fleer, p):
    """RULES.md §4.6: P(pursuit >= flee), metric and inch dice.

    The digest prints 0.222 for 2D6 vs 3D6; the exact value is 287/1296 =
    0.22145 (checked with icepool), so the table's last digit is a rounding slip.
    """
    assert dice.p_ge(dice.sum_pmf(pursuer), dice.sum_pmf(fleer)) == pytest.approx(p, abs=5e-4)


def test_p_ge_matches_icepool():
    got = dice.p_ge(dice.sum_pmf(5), dice.sum_pmf(8))
    want = float(((5 @ icepool.d6) >= (8 @ icepool.d6)).probability(True))
    assert got == pytest.approx(want, abs=1e-14)


# RULES.md §3.2: P(2D6 <= Ld - Diff), rows Ld 5..10, columns Diff 0..7
BREAK_TABLE = {
    5: [.278, .167, .083, .028, 0, 0, 0, 0],
    6: [.417, .278, .167, .083, .028, 0, 0, 0],
    7: [.583, .417, .278, .167, .083, .028, 0, 0],
    8: [.722, .583, .417, .278, .167, .083, .028, 0],
    9: [.833, .722, .583, .417, .278, .167, .083, .028],
    10: [.917, .833, .722, .583, .417, .278, .167, .083],
}


@pytest.mark.parametrize("ld", sorted(BREAK_TABLE))
def test_leadership_table_rule_3_2(ld):
    for diff, p in enumerate(BREAK_TABLE[ld]):
        assert dice.leadership_pass(ld, diff) == pytest.approx(p, abs=5e-4), (ld, diff)
        assert dice.leadership_pass(ld, diff, reroll=True) == pytest.approx(
            1 - (1 - dice.leadership_pass(ld, diff)) ** 2)


def test_insane_courage_option_rule_3_2():
    """Off by default; on: a double 1 passes even when Ld - Diff < 2."""
    assert dice.leadership_pass(5, 5) == 0.0
    assert dice.leadership_pass(5, 5, insane_courage=True) == pytest.approx(1 / 36)
    assert dice.leadership_pass(7, 0, insane_courage=True) == dice.leadership_pass(7, 0)


def test_special_dice_rule_6_2():
    art = dice.artillery_pmf()
    assert list(art.index) == ["2", "4", "6", "8", "10", "misfire"]
    assert art.sum() == pytest.approx(1.0)
    sc = dice.scatter_pmf()
    assert sc["hit"] == pytest.approx(1 / 3) and sc["arrow"] == pytest.approx(2 / 3)


@pytest.mark.parametrize(("call", "field"), [
    (lambda: dice.leadership_pass(11), "ld"),
    (lambda: dice.leadership_pass(1), "ld"),
    (lambda: dice.leadership_pass(7, -1), "modifier"),
    (lambda: dice.sum_pmf(-2), "n"),
    (lambda: dice.flee_dice(-1), "move"),
])
def test_bad_input(call, field):
    with pytest.raises(OddsInputError, match=field):
        call()


def test_d6_at_least_is_exact_and_clamped():
    # RULES.md §0: a needed roll of 1 or less always succeeds, 7 or more never
    from fractions import Fraction

    from odds.dice import d6_at_least

    assert [d6_at_least(k) for k in range(0, 9)] == [
        Fraction(1), Fraction(1), Fraction(5, 6), Fraction(4, 6), Fraction(3, 6),
        Fraction(2, 6), Fraction(1, 6), Fraction(0), Fraction(0)]
