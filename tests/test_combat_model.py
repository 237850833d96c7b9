"""Units to kernel arrays: strike order, contact, ranks (RULES.md §1.1, §1.2, §2.2)."""

from __future__ import annotations

import pytest

from odds.combat.model import (
    CAT_ASF,
    CAT_ASL,
    CAT_CHARGER,
    CAT_INITIATIVE,
    CHAMPION,
    F_UNITS,
    FRONT,
    G_ACTIVE,
    G_KEY,
    G_RANKS,
    IMPACT,
    N_GROUPS,
    RANK_AND_FILE,
    S_MAY_FEAR,
    S_SIDE,
    CombatOptions,
    build,
    build_units,
    in_contact,
)
from odds.units import library_unit


def category(model, side, group=RANK_AND_FILE, kind=0):
    return int(model.groups[side, 1 - side, group, kind, G_KEY]) // 16


def test_great_weapons_strike_last_except_on_the_charge_rule_1_2():
    m = build(library_unit("black_orcs"), library_unit("empire_swordsmen"))
    assert category(m, 0, kind=0) == CAT_CHARGER
    assert category(m, 0, kind=1) == CAT_ASL
    m = build(library_unit("empire_swordsmen"), library_unit("black_orcs"))
    assert category(m, 1, kind=0) == CAT_ASL


def test_always_strikes_last_rule_holds_on_the_charge_rule_1_2():
    slow = library_unit("empire_swordsmen").replace(special=("always_strikes_last",))
    m = build(slow, library_unit("orc_boyz"))
    assert category(m, 0, kind=0) == CAT_ASL


def test_always_strikes_first_beats_strikes_last_rule_1_2():
    both = library_unit("black_orcs").replace(special=("always_strikes_first",))
    m = build(library_unit("empire_swordsmen"), both)
    assert category(m, 1, kind=0) == CAT_ASF == category(m, 1, kind=1)


def test_swordmasters_ignore_the_great_weapon_penalty():
    m = build(library_unit("empire_swordsmen"), library_unit("high_elf_swordmasters"))
    assert category(m, 1, kind=1) == CAT_INITIATIVE


def test_initiative_orders_within_a_category_rule_1_2():
    m = build(library_unit("empire_swordsmen"), library_unit("orc_boyz"), options=CombatOptions(
        charger="none"))
    keys = m.keys[0, : m.n_order[0]]
    assert list(keys) == sorted(keys)
    # I4 swordsmen before I2 orcs
    first = m.order[0, 0] // N_GROUPS
    assert first == 0


def strike_step_models():
    """Models whose strike steps hold both sides at one key, characters and several units."""
    from odds.combat.multiple import scenario_model
    from odds.emergence import example_path
    from odds.scenario import load_scenario

    none = CombatOptions(charger="none")
    yield build(library_unit("empire_swordsmen"), library_unit("empire_swordsmen"), options=none)
    yield build(library_unit("empire_swordsmen"), library_unit("orc_boyz"), options=none)
    yield build(library_unit("empire_knights"), library_unit("empire_halberdiers"))
    for name in ("combat_benchmark", "combat_heroes"):
        yield scenario_model(load_scenario(str(example_path(name))))


@pytest.mark.parametrize("model", list(strike_step_models()))
def test_strike_steps_regroup_the_order_by_key_then_side_rule_1_2(model):
    """The kernel's steps (CombatModel.strike_steps): one key per step, side 0 then side 1.

    Every active group strikes in exactly one step, the steps follow the keys, a side's
    groups at a step keep ``order``'s order, and the equal keys of the two sides share a
    step (the roll-off or the last winner decides who goes first there, §1.2).
    """
    strikers, steps, n_steps = model.strike_steps
    for kind in (0, 1):
        n = int(model.n_order[kind])
        slots = [int(x) for x in model.order[kind, :n]]
        key_of = dict(zip(slots, (int(k) for k in model.keys[kind, :n]), strict=True))
        side_of = {x: int(model.sides[x // N_GROUPS, S_SIDE]) for x in slots}
        walked, step_keys = [], []
        for i in range(int(n_steps[kind])):
            lo, mid, hi = (int(x) for x in steps[kind, i])
            assert lo == len(walked) and lo <= mid <= hi and lo < hi
            here = [int(b) * N_GROUPS + int(g) for b, g in strikers[kind, lo:hi]]
            assert len({key_of[x] for x in here}) == 1
            assert [side_of[x] for x in here] == [0] * (mid - lo) + [1] * (hi - mid)
            for s in (0, 1):
                mine = [x for x in here if side_of[x] == s]
                assert mine == [x for x in slots if key_of[x] == key_of[here[0]]
                                and side_of[x] == s]
            walked += here
            step_keys.append(key_of[here[0]])
        assert sorted(walked) == sorted(slots) and len(walked) == n
        assert step_keys == sorted(set(step_keys))


def test_equal_initiative_shares_one_strike_step_rule_1_2():
    """Mirror swordsmen, no charge: one step, side 0's rank and file and champion first."""
    m = build(library_unit("empire_swordsmen"), library_unit("empire_swordsmen"),
              options=CombatOptions(charger="none"))
    strikers, steps, n_steps = m.strike_steps
    assert int(n_steps[0]) == 1
    assert [int(x) for x in steps[0, 0]] == [0, 2, 4]
    assert [tuple(int(x) for x in row) for row in strikers[0, :4]] == [
        (0, RANK_AND_FILE), (0, CHAMPION), (1, RANK_AND_FILE), (1, CHAMPION)]


def test_spears_fight_in_two_ranks_only_when_not_charging_rule_1_1():
    m = build(library_unit("empire_spearmen"), library_unit("orc_boyz"))
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_RANKS] == 1  # charging
    assert m.groups[0, 1, RANK_AND_FILE, 1, G_RANKS] == 2
    m = build(library_unit("orc_boyz"), library_unit("empire_spearmen"))
    assert m.groups[1, 0, RANK_AND_FILE, 0, G_RANKS] == 2


def test_impact_hits_only_when_charging():
    m = build(library_unit("orc_boar_chariot"), library_unit("empire_swordsmen"))
    assert m.groups[0, 1, IMPACT, 0, G_ACTIVE] and not m.groups[0, 1, IMPACT, 1, G_ACTIVE]
    m = build(library_unit("empire_swordsmen"), library_unit("orc_boar_chariot"))
    assert not m.groups[1, 0, IMPACT, 0, G_ACTIVE]


def test_champion_group_exists_only_with_a_champion():
    m = build(library_unit("empire_swordsmen"), library_unit("vc_zombies"))
    assert m.groups[0, 1, CHAMPION, 0, G_ACTIVE]
    assert not m.groups[1, 0, CHAMPION, 0, G_ACTIVE]


@pytest.mark.parametrize(("front", "base", "enemy", "ebase", "corner", "want"), [
    (5, 20, 5, 20, True, 5),  # equal fronts: all in contact
    (10, 20, 5, 20, True, 7),  # wider unit: overlap 5 + one model at each corner
    (10, 20, 5, 20, False, 5),  # edge contact only (Option)
    (5, 20, 10, 20, True, 5),  # the narrower unit: all of it
    (10, 20, 1, 50, True, 5),  # a 50 mm monster: 3 models against it + 2 corners
    (4, 25, 5, 20, True, 4),  # 4 knights (100 mm) against 5 infantry (100 mm)
    (0, 20, 5, 20, True, 0),
])
def test_models_in_contact_rule_1_1(front, base, enemy, ebase, corner, want):
    assert in_contact(front, base, enemy, ebase, corner) == want


def test_rank_table_rule_2_2():
    m = build(library_unit("empire_swordsmen"), library_unit("orc_boar_chariot"))
    # 5 wide: 5 -> 0, 9 -> 0 (incomplete rank of 4 counts: 9 = 5 + 4 -> +1), 20 -> +3
    assert m.ranks[0, 5] == 0 and m.ranks[0, 8] == 0 and m.ranks[0, 9] == 1
    assert m.ranks[0, 20] == 3 and m.ranks[0, 15] == 2
    assert (m.ranks[1] == 0).all()  # chariots never get a rank bonus


# --------------------------------------------------------------- who may be feared (§3.2)


def _may_fear(model):
    return [int(model.sides[u, S_MAY_FEAR]) for u in range(model.flags[F_UNITS])]


def test_no_fear_causer_in_the_combat_spares_both_units_the_fear_count_rule_3_2():
    """RULES.md §3.2 step 3 (fear auto-break) needs a feared enemy: none here."""
    assert _may_fear(build(library_unit("empire_swordsmen"), library_unit("orc_boyz"))) == [0, 0]


@pytest.mark.parametrize("causer", ["trolls", "vc_zombies", "chaos_ettin"])
def test_only_the_enemy_of_a_fear_causer_may_fear_rule_3_2(causer):
    m = build(library_unit(causer), library_unit("empire_swordsmen"))
    assert _may_fear(m) == [0, 1]
    m = build(library_unit("empire_swordsmen"), library_unit(causer))
    assert _may_fear(m) == [1, 0]


def test_goblins_may_fear_elves_but_not_men_rule_3_2():
    """MDNR Orcos y Goblins "Miedo a los orejotaz" (``fears_elves``): elves count as feared."""
    goblins = library_unit("orc_boyz").replace(special=("fears_elves",))
    assert _may_fear(build(goblins, library_unit("high_elf_spearmen"))) == [1, 0]
    assert _may_fear(build(goblins, library_unit("empire_swordsmen"))) == [0, 0]
    # elves alone fear nothing: the rule is the goblins'
    assert _may_fear(build(library_unit("orc_boyz"), library_unit("high_elf_spearmen"))) == [0, 0]


def test_a_fear_causing_character_makes_the_enemy_unit_fear_rule_3_2():
    """A character who causes fear counts in a unit that does not (RULES.md §3.2 step 3)."""
    from odds.characters import character_from_dict

    wight = character_from_dict({
        "name": "Wight", "rules": {"special": ["fear"]},
        "profile": {"M": 10, "WS": 4, "BS": 4, "S": 4, "T": 4, "W": 2, "I": 4, "A": 2, "Ld": 8},
    })
    units = [library_unit("orc_boyz"), library_unit("empire_swordsmen")]
    m = build_units(units, [0, 1], [(0, 1, FRONT, FRONT)], [True, False], [None, None],
                    characters=[(0, wight)])
    assert _may_fear(m) == [0, 1]
    m = build_units(units, [0, 1], [(0, 1, FRONT, FRONT)], [True, False], [None, None])
    assert _may_fear(m) == [0, 0]
