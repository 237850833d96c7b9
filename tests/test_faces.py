"""``odds._faces.count_at_least``: a roll's successes counted sixteen dice at a time (issue 13).

It replaces the combat engine's loops over dice (RULES.md §1.3 to hit, §1.4 to wound, §1.5
armour, §1.7 ward saves): it must give the loop's count from the same faces, for every
position in the buffer (near its end a block reads into the buffer's slack, which must
never be counted), every count of dice and every target.  The engine's results are
compared die for die elsewhere (the golden JSON of ``benchmarks/README.md``;
``tests/test_combat_plain.py``).
"""

import numba
import numpy as np
import pytest
from numba.core.errors import TypingError

from odds._faces import (
    BLOCK,
    SHORT,
    SLACK,
    _at_least16,
    _at_least16_py,
    count_at_least,
    dice_buffer,
    faces_in,
)


@numba.njit(_nrt=False)
def _count(padded, p, n, target):
    """Count in the faces of ``padded`` (a buffer with its slack), as the kernel does."""
    return count_at_least(padded[:faces_in(padded)], p, n, target)


@numba.njit(_nrt=False)
def _view_size(padded):
    return padded[:faces_in(padded)].size


@numba.njit
def _block(buf, q, n, target):
    return _at_least16(buf, q, n, target)


def _buffer(size: int, seed: int) -> np.ndarray:
    """``size`` random faces, then the slack filled with 6s: counted, they would show."""
    padded = dice_buffer(size)
    padded[:size] = np.random.default_rng(seed).integers(1, 7, size)
    padded[size:] = 6
    return padded


@pytest.mark.parametrize("size", [16, 37, 8192])
def test_equals_the_loop_everywhere_near_both_ends(size):
    padded = _buffer(size, size)
    buf = padded[:size]
    starts = sorted(set(range(min(size, 40))) | set(range(max(0, size - 40), size + 1)))
    checked = 0
    for p in starts:
        for n in range(0, min(3 * BLOCK + 3, size - p) + 1):
            for target in range(0, 8):
                expected = int(np.count_nonzero(buf[p:p + n] >= target))
                assert _count(padded, p, n, target) == expected, (p, n, target)
                checked += 1
    assert checked > 1000


def test_counts_a_buffer_shorter_than_a_block():
    padded = dice_buffer(5)
    padded[:5] = [1, 6, 3, 6, 5]
    padded[5:] = 6
    assert [_count(padded, 0, 5, t) for t in range(8)] == [5, 5, 4, 4, 3, 3, 2, 0]
    assert _count(padded, 1, 3, 6) == 2


def test_no_dice_count_nothing():
    padded = _buffer(64, 4)
    assert _count(padded, 10, 0, 1) == 0
    assert _count(padded, 10, -3, 1) == 0


def test_the_view_leaves_out_the_slack_and_a_buffer_without_one_is_an_error():
    # a block read from just past the last face (a count of 0 dice there reads one block,
    # masked to nothing) stays inside the allocation
    assert dice_buffer(100).size == 100 + SLACK == 100 + BLOCK
    assert _view_size(dice_buffer(100)) == 100
    with pytest.raises(ValueError, match="faces_in"):
        _view_size(np.zeros(SLACK, np.uint8))
    assert "SLACK" in SHORT


def test_a_block_counts_only_its_first_n_faces():
    buf = np.full(32, 6, np.uint8)
    assert [_block(buf, 0, n, 4) for n in range(BLOCK + 1)] == list(range(BLOCK + 1))
    assert _at_least16_py(buf, 0, 5, 4) == 5


def test_target_is_compared_as_an_unsigned_byte_like_the_loop():
    padded = _buffer(64, 1)
    # np.uint8(-1) == 255 and np.uint8(256) == 0 in the loop the count replaces
    assert _count(padded, 0, 40, -1) == 0
    assert _count(padded, 0, 40, 256) == 40


def test_random_positions_and_lengths_agree_with_numpy():
    rng = np.random.default_rng(2026)
    padded = _buffer(8192, 3)
    buf = padded[:8192]
    for _ in range(5000):
        p = int(rng.integers(0, 8192))
        n = int(rng.integers(0, min(80, 8192 - p) + 1))
        target = int(rng.integers(0, 8))
        assert _count(padded, p, n, target) == int(np.count_nonzero(buf[p:p + n] >= target))


@pytest.mark.parametrize("bad", [np.zeros(32, np.int64), np.zeros((4, 8), np.uint8)])
def test_anything_but_a_flat_byte_buffer_is_a_typing_error(bad):
    with pytest.raises(TypingError, match="_at_least16"):
        _block(bad, 0, 4, 3)
