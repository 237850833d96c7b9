"""Units to kernel arrays: strike order, contact, ranks (RULES.md §1.1, §1.2, §2.2)."""

from __future__ import annotations

import pytest

from odds.combat.model import (
    CAT_ASF,
    CAT_ASL,
    CAT_CHARGER,
    CAT_INITIATIVE,
    CHAMPION,
    G_ACTIVE,
    G_KEY,
    G_RANKS,
    IMPACT,
    RANK_AND_FILE,
    CombatOptions,
    build,
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
    first = m.order[0, 0] // 4
    assert first == 0


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
