"""The plain combat kernel gives the general kernel's results, die for die (issue 13).

:func:`odds.combat.kernel.fight_chunk_plain` is the general kernel's source
compiled with ``plain`` a constant (two units, one contact, no characters,
none of the rules :func:`odds.combat.model.plain_pair` excludes).  It must roll
the same dice in the same order: every output of :func:`odds.combat.api.simulate`
is compared exactly, not statistically.  The rules themselves are checked
against exact answers elsewhere (RULES.md §1-§4 in ``test_combat_*``); here only
the identity of the two kernels.  ``pytest --check-plain`` runs the whole suite
with every plain-pair chunk on both kernels (``tests/conftest.py``).
"""

from __future__ import annotations

import itertools

import pytest
from conftest import assert_same_as_general, infantry, plain_units
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from odds.combat.api import simulate
from odds.combat.kernel import fight_chunk_plain
from odds.combat.model import (
    FRONT,
    CombatOptions,
    SideOptions,
    build,
    build_units,
    plain_pair,
)
from odds.combat.multiple import scenario_model
from odds.emergence import example_path
from odds.scenario import load_scenario
from odds.units import library_names, library_unit, unit_from_dict
from odds.validation import OddsInputError

TRIALS = 1_500  # a 20 v 20 combat rolls ~200 dice a round: many buffer refills per chunk


def assert_same(model, trials: int = TRIALS, key: int = 7, keep_rows: int = 0) -> None:
    """Both kernels give identical arrays for ``model`` (a plain pair)."""
    assert plain_pair(model)
    assert_same_as_general(model, "plain", trials, key, keep_rows)


def test_library_pairs_give_identical_results():
    """Every pair of built-in units that is a plain pair, both ways round."""
    names = library_names()
    checked = 0
    for a, b in itertools.product(names, names):
        model = build(library_unit(a), library_unit(b))
        if plain_pair(model):
            assert_same(model, trials=600, key=checked)
            checked += 1
    # 324 of the 400: the Ettin's pairs run on the general kernel ("Dos cabezas")
    assert checked >= 320, checked


OPTIONS = [
    ({}, {}, {"charger": "defender"}),
    ({}, {}, {"charger": "none", "max_rounds": 50}),
    ({}, {}, {"attacker_face": "flank"}),
    ({}, {}, {"attacker_face": "rear", "flank_rear_rule": "both"}),
    ({"high_ground": True, "static_bonus": 2}, {"bsb": True, "general_ld": 9}, {}),
    ({"static_bonus": -3}, {}, {"insane_courage": True, "restrain_pursuit": True}),
    ({}, {}, {"musician_tiebreak": False, "corner_contact": False,
              "expand_frontage": False}),
    ({}, {}, {"max_rounds": 1, "charge_tests": False, "distance": 0.0}),
]


@pytest.mark.parametrize("a_opts, d_opts, options", OPTIONS)
@pytest.mark.parametrize("pair", [("empire_swordsmen", "orc_boyz"),
                                  ("empire_knights", "empire_halberdiers"),
                                  ("vc_zombies", "dwarf_warriors")])
def test_options_give_identical_results(pair, a_opts, d_opts, options):
    """RULES.md §1.11 (frontage), §2.2 (flank, rear, high ground), §2.4 (musician),
    §3.1-§3.3 (battle standard, General, insane courage, fear at the charge), §4.3."""
    model = build(library_unit(pair[0]), library_unit(pair[1]), SideOptions(**a_opts),
                  SideOptions(**d_opts), CombatOptions(**options))
    assert_same(model, keep_rows=200)


def test_auto_runs_the_plain_kernel_on_a_plain_pair():
    model = build(library_unit("empire_swordsmen"), library_unit("orc_boyz"))
    assert plain_pair(model)
    simulate(model, 100, 1)
    assert fight_chunk_plain.signatures  # compiled or loaded by the call above


COMMAND = {"champion": True, "standard": True, "musician": True}


def test_plain_infantry_is_plain_and_stupid_trolls_are_not():
    plain = infantry("R", 10, 5, command=COMMAND)
    assert plain_pair(build(plain, plain))
    assert not plain_pair(build(library_unit("trolls"), plain)), "stupidity (RULES.md §1.10)"


@pytest.mark.parametrize("unit_rules, why", [
    ({"special": ["stupidity"]}, "stupidity (RULES.md §1.10)"),
    ({"special": ["drunk"]}, "Bestias 'Borrachos'"),
    ({"special": ["burning_body"]}, "'Cuerpo ardiente'"),
    ({"special": ["maiden_lament"]}, "'Lamento de la doncella'"),
    ({"special": ["captain_bound"]}, "'Capitan'"),
    ({"special": ["dragon_horn"]}, "'Cuerno del Dragon' (it did not charge: blown in its turn)"),
    ({"random_attacks": "d6"}, "random attacks (RULES.md §1.6)"),
])
def test_rules_left_out_of_the_plain_kernel_are_not_plain(unit_rules, why):
    unit = infantry("R", 10, 5, command=COMMAND, rules=unit_rules)
    assert not plain_pair(build(library_unit("orc_boyz"), unit)), why


def test_characters_and_three_units_are_not_plain():
    sword, orcs = library_unit("empire_swordsmen"), library_unit("orc_boyz")
    halberds = library_unit("empire_halberdiers")
    three = build_units([sword, orcs, halberds], [0, 1, 1],
                        [(0, 1, FRONT, FRONT), (0, 2, FRONT, FRONT)], [True, False, False],
                        [None] * 3)
    assert not plain_pair(three)
    two = build_units([sword, orcs], [0, 1], [(0, 1, FRONT, FRONT)], [True, False], [None] * 2)
    assert plain_pair(two)  # the same builder, two units: plain


def test_a_combat_with_characters_is_not_plain():
    sc = load_scenario(example_path("combat_heroes"))  # two units, a character in each
    assert not plain_pair(scenario_model(sc))


def test_forcing_the_plain_kernel_on_another_model_is_an_error():
    model = build(library_unit("trolls"), library_unit("empire_swordsmen"))
    with pytest.raises(OddsInputError, match="kernel: 'plain' needs two units"):
        simulate(model, 10, 1, kernel="plain")
    with pytest.raises(OddsInputError, match="kernel: one of 'auto', 'general', 'core', "
                                             "'plain'"):
        simulate(model, 10, 1, kernel="fast")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=plain_units("A"), d=plain_units("D"),
       charger=st.sampled_from(["attacker", "defender", "none"]),
       face=st.sampled_from(["front", "flank", "rear"]), key=st.integers(0, 2**32 - 1))
def test_random_units_give_identical_results(a, d, charger, face, key):
    """Any units the plain kernel accepts: the same results as the general kernel."""
    try:
        model = build(unit_from_dict(a), unit_from_dict(d), None, None,
                      CombatOptions(charger=charger, attacker_face=face))
    except OddsInputError:
        assume(False)  # a combination the unit schema or build refuses
    assume(plain_pair(model))
    assert_same(model, trials=400, key=key)
