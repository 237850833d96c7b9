"""``odds.vocabulary``: one list of words, in the kernel's order, used everywhere."""

from __future__ import annotations

from odds import vocabulary as v
from odds.combat.model import layout
from odds.emergence.model import FACES as EMERGENCE_FACES
from odds.scenario import CombatOptions


def test_the_kernel_numbers_the_words_in_their_order():
    assert layout.FACES == v.FACES
    assert (layout.FRONT, layout.FLANK, layout.REAR) == tuple(map(v.FACES.index, v.FACES))
    assert layout.ALLOCATIONS == v.ALLOCATIONS
    assert layout.CHALLENGE_POLICIES == v.CHALLENGE_POLICIES
    assert layout.STATUSES == v.STATUSES
    assert [layout.FIGHTING, layout.WIPED, layout.CAUGHT, layout.ESCAPED, layout.WON,
            layout.NO_COMBAT] == list(range(len(v.STATUSES)))


def test_enums_compare_equal_to_their_words():
    assert v.Face.FLANK == "flank" and v.FACES[1] == v.Face.FLANK
    assert CombatOptions(attacker_face=v.Face.REAR).attacker_face == "rear"
    assert EMERGENCE_FACES == v.FACES
    assert all(type(word) is str for word in v.FACES + v.STATUSES + v.SIDE_NAMES)
