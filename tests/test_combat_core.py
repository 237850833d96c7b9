"""The core combat kernel gives the general kernel's results, die for die.

:func:`odds.combat.kernel.fight_chunk_core` is the general kernel's source compiled with
``variant`` the constant ``CORE`` (:mod:`odds.combat.variants`): any shape of combat (several
units, characters, champions, flank and rear contacts, charge pairs), without the code of the
rules a plain pair leaves out (:func:`odds.combat.model.core_rules`).  On a model it accepts
it must roll the same dice in the same order: every output of
:func:`odds.combat.api.simulate` is compared exactly, not statistically.  The rules are checked
against exact answers elsewhere; here only the identity of the kernels (as
``tests/test_combat_plain.py`` does for the plain-pair kernel; ``pytest --check-plain`` runs
the whole suite with every core chunk on the general kernel too).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from conftest import assert_same_as_general, infantry, plain_units
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from odds.combat.api import kernel_for, narrowed, simulate
from odds.combat.kernel import (
    CORE_RARE,
    RARE_UNIT_COLUMNS,
    fight_chunk,
    fight_chunk_core,
    fight_chunk_plain,
)
from odds.combat.model import (
    FLANK,
    FRONT,
    G_KEY,
    PLAIN_ABSENT,
    RANK_AND_FILE,
    REAR,
    CombatOptions,
    build,
    build_units,
    core_rules,
    plain_pair,
)
from odds.combat.multiple import scenario_model
from odds.emergence import example_path
from odds.scenario import load_scenario
from odds.units import library_unit, unit_from_dict
from odds.validation import OddsInputError

SCENARIOS = ("combat_benchmark", "combat_heroes", "combat_flank_charge")
"""The example scenarios: characters, champions in challenges, flank charges, three units."""


def assert_same(model, trials: int = 1_500, key: int = 7, keep_rows: int = 0) -> None:
    """The core and general kernels give identical arrays for ``model``."""
    assert core_rules(model)
    assert_same_as_general(model, "core", trials, key, keep_rows)


@pytest.mark.parametrize("name", SCENARIOS)
def test_example_scenarios_give_identical_results(name):
    """RULES.md §1.9 (characters, challenges), §2.2 (flank and rear), §3.4 (panic): the
    example scenarios, each with its per-trial rows."""
    model = scenario_model(load_scenario(str(example_path(name))))
    assert not plain_pair(model)
    assert_same(model, keep_rows=300, key=len(name))


SIDES = [
    ("empire_swordsmen", "orc_boyz", "empire_halberdiers"),
    ("empire_knights", "vc_zombies", "dwarf_warriors"),
    ("dwarf_warriors", "empire_halberdiers", "orc_boyz"),
]


@pytest.mark.parametrize("a, b, c", SIDES)
@pytest.mark.parametrize("face", [FRONT, FLANK, REAR])
def test_three_units_give_identical_results(a, b, c, face):
    """Two units against one (its flank or rear charged: RULES.md §2.2), and one against two
    (a unit that breaks makes its friend test panic: §3.4)."""
    units = [library_unit(n) for n in (a, b, c)]
    two_v_one = build_units(units, [0, 1, 0], [(0, 1, FRONT, FRONT), (2, 1, FRONT, face)],
                            [True, False, True], [None] * 3)
    assert_same(two_v_one, key=face + 1)
    one_v_two = build_units(units, [0, 1, 1], [(0, 1, FRONT, FRONT), (0, 2, face, FRONT)],
                            [False, True, True], [None] * 3)
    assert_same(one_v_two, key=face + 11)


SMALL = {"max_models": 30, "max_files": 8, "max_wounds": 3}
"""Three units a little smaller than a plain pair's: a three-unit combat rolls more dice."""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=plain_units("A", **SMALL), b=plain_units("B", **SMALL), c=plain_units("C", **SMALL),
       face=st.sampled_from([FRONT, FLANK, REAR]), friends=st.sampled_from([(0, 1, 0), (0, 1, 1)]),
       key=st.integers(0, 2**32 - 1))
def test_random_three_unit_combats_give_identical_results(a, b, c, face, friends, key):
    """Any three units with rules the core kernel accepts, in either grouping."""
    try:
        units = [unit_from_dict(x) for x in (a, b, c)]
        contacts = [(0, 1, FRONT, FRONT), (2, 1, FRONT, face) if friends[2] == 0
                    else (0, 2, face, FRONT)]
        model = build_units(units, list(friends), contacts, [True, False, friends[2] == 0],
                            [None] * 3)
    except OddsInputError:
        assume(False)  # a combination the unit schema or the builder refuses
    assume(core_rules(model))
    assert_same(model, trials=300, key=key)


def test_auto_chooses_the_kernel_by_shape_and_rules():
    """Plain pairs run plain; characters or a third unit run core; a rule a plain pair leaves
    out (stupidity, RULES.md §1.10) runs general, whatever the shape."""
    sword, orcs = library_unit("empire_swordsmen"), library_unit("orc_boyz")
    assert kernel_for(build(sword, orcs)) is fight_chunk_plain
    heroes = scenario_model(load_scenario(str(example_path("combat_heroes"))))
    assert kernel_for(heroes) is fight_chunk_core
    trolls = library_unit("trolls")
    assert kernel_for(build(trolls, sword)) is fight_chunk
    three = build_units([trolls, orcs, sword], [0, 1, 0],
                        [(0, 1, FRONT, FRONT), (2, 1, FRONT, FLANK)], [True, False, True],
                        [None] * 3)
    assert kernel_for(three) is fight_chunk
    assert kernel_for(heroes, "general") is fight_chunk
    assert kernel_for(build(sword, orcs), "core") is fight_chunk_core


def test_core_rules_excludes_each_rule_a_plain_pair_leaves_out():
    """Each flag the plain kernel refuses sends the combat to the general kernel."""
    command = {"champion": True, "standard": True, "musician": True}
    for rules in ({"special": ["stupidity"]}, {"special": ["maiden_lament"]},
                  {"special": ["burning_body"]}, {"random_attacks": "d6"}):
        unit = infantry("R", 10, 5, command=command, rules=rules)
        model = build(library_unit("orc_boyz"), unit, None, None, CombatOptions())
        assert not core_rules(model), rules
    plain = infantry("R", 10, 5, command=command)
    assert core_rules(build(library_unit("orc_boyz"), plain))


def test_forcing_the_core_kernel_on_another_model_is_an_error():
    model = build(library_unit("trolls"), library_unit("empire_swordsmen"))
    with pytest.raises(OddsInputError, match="kernel: 'core' needs a model without"):
        simulate(model, 10, 1, kernel="core")


def test_the_core_kernel_drops_only_rare_bits_its_models_never_set():
    """A rare bit :data:`CORE_RARE` clears is set only by columns of rules the core kernel
    never runs (:data:`PLAIN_ABSENT`); the bits of regeneration and of a side of two units
    stay."""
    for column, bits in RARE_UNIT_COLUMNS:
        if bits & ~CORE_RARE:
            assert column in PLAIN_ABSENT, (column, bits)
    from odds.combat.kernel import RARE_CROWDED, RARE_REGEN
    for kept in (RARE_REGEN, RARE_CROWDED, RARE_CROWDED << 1):
        assert kept & CORE_RARE == kept
    assert ~CORE_RARE & (1 << 16) - 1, "some bit is dropped"


def test_narrowed_groups_keep_every_value():
    """The core kernel's ``groups`` as int16 when every value fits, untouched otherwise."""
    model = scenario_model(load_scenario(str(example_path("combat_benchmark"))))
    small = narrowed(model.groups)
    assert small.dtype == np.int16 and np.array_equal(small, model.groups)
    wide = model.groups.copy()
    wide[0, 0, RANK_AND_FILE, 0, G_KEY] = 2**15  # a key beyond int16
    assert narrowed(wide) is wide


@pytest.mark.slow  # compiles the core kernel once more, for int64 groups
def test_groups_out_of_int16_range_run_on_the_core_kernel_as_int64():
    """A model with a ``groups`` value beyond int16 runs on the core kernel as it is (int64),
    with the general kernel's results."""
    model = scenario_model(load_scenario(str(example_path("combat_benchmark"))))
    groups = model.groups.copy()
    groups[0, 0, RANK_AND_FILE, 0, G_KEY] = 2**15  # body 0's row against itself
    wide = dataclasses.replace(model, groups=groups)
    assert narrowed(wide.groups) is wide.groups
    assert kernel_for(wide) is fight_chunk_core
    assert_same(wide, trials=500, key=3)
