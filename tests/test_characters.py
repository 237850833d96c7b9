"""Characters: construction, derived saves and unit strength, TOML loader and its errors."""

from __future__ import annotations

import copy
import re

import pytest

from odds.characters import MOUNT_TYPES, Character, character_from_dict, load_character
from odds.units import SPECIAL_RULES, Equipment, MountProfile, Profile
from odds.validation import OddsInputError

CAPTAIN = Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3, Ld=8)
HORSE = MountProfile(WS=3, S=3, I=3, A=1)


def hero(**kw) -> Character:
    kw.setdefault("name", "Captain")
    kw.setdefault("profile", CAPTAIN)
    return Character(**kw)


BASE = {
    "name": "Capitán",
    "profile": {"M": 10, "WS": 5, "BS": 5, "S": 4, "T": 4, "W": 2, "I": 5, "A": 3, "Ld": 8},
    "equipment": {"weapon": "lance", "shield": True, "armour": "heavy", "barding": True},
    "mount": {"WS": 3, "S": 3, "I": 3, "A": 1},
    "rules": {"special": ["hatred"], "ward_save": 5},
}


# --------------------------------------------------------------------------- construction


def test_defaults_on_foot():
    c = hero()
    assert c.mount is None and c.mount_type == "none" and c.troop_type == "infantry"
    assert c.special == () and c.ward_save == 0 and c.armour_save_override is None
    assert not c.general and not c.battle_standard and c.points == 0.0
    assert c.armour_save == 7 and c.unit_strength == 1
    assert c.weapon.name == "hand_weapon"


def test_mount_type_derived_from_mount():
    assert hero(mount=HORSE).mount_type == "horse"
    assert hero(mount=HORSE).troop_type == "cavalry"
    c = hero(mount=HORSE, mount_type="monster", mount_wounds=6)
    assert c.troop_type == "monster"
    assert MOUNT_TYPES == ("none", "horse", "monster")


def test_replace_revalidates_and_rederives_mount_type():
    c = hero()
    assert c.replace(mount=HORSE).mount_type == "horse"
    assert c.replace(mount=HORSE).replace(mount=None).mount_type == "none"
    monster = hero(mount=HORSE, mount_type="monster", mount_wounds=5)
    # an explicit mount type is kept when the mount changes
    assert monster.replace(mount=HORSE.replace(A=4)).mount_type == "monster"
    with pytest.raises(OddsInputError, match=r"^ward_save: "):
        c.replace(ward_save=1)
    with pytest.raises(OddsInputError, match=r"^colour: unknown field of Character"):
        c.replace(colour="red")


def test_special_sorted_unique_and_has():
    c = hero(special=["terror", "hatred", "hatred"])
    assert c.special == ("hatred", "terror")
    assert c.has("hatred") and not c.has("frenzy")
    assert c.causes_fear and c.causes_terror
    assert hero(special=("fear",)).causes_fear and not hero(special=("fear",)).causes_terror
    assert not hero().causes_fear
    with pytest.raises(OddsInputError, match=r"^rule: "):
        c.has("heroic")


def test_special_rule_names_are_those_of_units():
    c = hero(special=SPECIAL_RULES)
    assert set(c.special) == set(SPECIAL_RULES)


# --------------------------------------------------------------------------- RULES.md §1.5 saves


@pytest.mark.parametrize(
    ("kw", "save"),
    [
        # on foot: heavy 5+, shield +1, hand weapon and shield in close combat +1 -> 3+
        ({"equipment": Equipment(armour="heavy", shield=True)}, 3),
        # on foot with a great weapon the shield is not used at all -> heavy armour alone 5+
        ({"equipment": Equipment(armour="heavy", shield=True, weapon="great_weapon")}, 5),
        # light armour alone on foot: 6+
        ({"equipment": Equipment(armour="light")}, 6),
        # hero on a barded horse, heavy armour + shield: 5 -1 shield -1 cavalry -1 barding = 2+
        # (the RULES.md §1.5 table row "heavy + shield + barded mount: 2+")
        ({"equipment": Equipment(armour="heavy", shield=True, barding=True, weapon="lance"),
          "mount": HORSE}, 2),
        # the same without barding: 3+ (table: heavy + shield, cavalry)
        ({"equipment": Equipment(armour="heavy", shield=True), "mount": HORSE}, 3),
        # horse, no armour: 6+ (table: none, cavalry)
        ({"mount": HORSE}, 6),
        # plate on a barded horse: 4 -1 cavalry -1 barding = 2+
        ({"equipment": Equipment(armour="plate", barding=True), "mount": HORSE}, 2),
        # monster rider: no cavalry +1, no parry bonus: heavy + shield = 4+
        ({"equipment": Equipment(armour="heavy", shield=True), "mount": HORSE,
          "mount_type": "monster", "mount_wounds": 6}, 4),
        # magic armour: the override wins
        ({"equipment": Equipment(armour="light"), "armour_save_override": 2}, 2),
    ],
)
def test_armour_save_by_hand_s1_5(kw, save):
    assert hero(**kw).armour_save == save


def test_save_against_shooting_s1_5():
    c = hero(equipment=Equipment(armour="heavy", shield=True))
    assert c.armour_save_against(in_close_combat=False) == 4  # no parry bonus vs shooting
    gw = hero(equipment=Equipment(armour="heavy", shield=True, weapon="great_weapon"))
    assert gw.armour_save_against(in_close_combat=False) == 4  # the shield counts vs shooting


# --------------------------------------------------------------------------- RULES.md §2.3 US


@pytest.mark.parametrize(
    ("kw", "us"),
    [
        ({}, 1),  # infantry incl. characters on foot, any wounds
        ({"mount": HORSE}, 2),  # cavalry
        ({"mount": HORSE, "mount_type": "monster", "mount_wounds": 6}, 7),  # W6 monster + rider
        ({"mount": HORSE, "mount_type": "monster", "mount_wounds": 3}, 4),
    ],
)
def test_unit_strength_s2_3(kw, us):
    assert hero(**kw).unit_strength == us


# --------------------------------------------------------------------------- loader


def test_character_from_dict():
    c = character_from_dict(BASE)
    assert c.name == "Capitán" and c.profile == CAPTAIN
    assert c.mount == HORSE and c.mount_type == "horse"
    assert c.special == ("hatred",) and c.ward_save == 5
    assert c.armour_save == 2


def test_spanish_letters():
    data = copy.deepcopy(BASE)
    data["profile"] = {"M": 10, "HA": 5, "HP": 5, "F": 4, "R": 4, "H": 2, "I": 5, "A": 3, "L": 8}
    data["mount"] = {"HA": 3, "F": 3, "I": 3, "A": 1}
    c = character_from_dict(data)
    assert c.profile == CAPTAIN and c.mount == HORSE


def test_same_characteristic_twice_is_an_error():
    data = copy.deepcopy(BASE)
    data["profile"]["HA"] = 4
    with pytest.raises(OddsInputError, match=r"^<dict>: profile\.WS: given twice, as WS and as HA"):
        character_from_dict(data)


def test_to_dict_round_trip():
    for c in (
        character_from_dict(BASE),
        hero(),
        hero(mount=HORSE, mount_type="monster", mount_wounds=6, general=True, points=200,
             notes="on a griffon", armour_save_override=3, special=("terror",), poisoned=6,
             multiple_wounds="d3", regeneration=4),
    ):
        assert character_from_dict(c.to_dict()) == c


def test_optional_keys():
    data = copy.deepcopy(BASE)
    data.update(general=False, battle_standard=True, points=120, notes="BSB", mount_type="horse")
    data["equipment"]["armour_save_override"] = 1
    data["rules"].update(regeneration=0, poisoned=0, multiple_wounds="")
    c = character_from_dict(data)
    assert c.battle_standard and c.points == 120.0 and c.armour_save == 1


def _without(*path):
    def mutate(d):
        *head, last = path
        for k in head:
            d = d[k]
        del d[last]
    return mutate


def _set(value, *path):
    def mutate(d):
        *head, last = path
        for k in head:
            d = d.setdefault(k, {})
        d[last] = value
    return mutate


@pytest.mark.parametrize(
    ("mutate", "pattern"),
    [
        (_set(1, "colour"), r"colour: unknown key; allowed: name, general"),
        (_without("name"), r"name: missing"),
        (_without("profile"), r"profile: missing"),
        (_set("x", "name"), None),  # control: valid
        (_set("", "name"), r"name: must be a non-empty string"),
        (_set(11, "profile", "WS"), r"profile\.WS: must be an integer in \[0, 10\] \(got 11\)"),
        (_without("profile", "Ld"), r"profile\.Ld \(or L\): missing"),
        (_set(1, "profile", "X"), r"profile\.X: unknown key"),
        (_set("sword", "equipment", "weapon"), r"equipment\.weapon: must be one of"),
        (_set(1, "equipment", "helmet"), r"equipment\.helmet: unknown key"),
        (_set(0, "equipment", "armour_save_override"),
         r"equipment\.armour_save_override: must be an integer in \[1, 7\]"),
        (_set(["heroic"], "rules", "special"), r"special: unknown rule 'heroic'"),
        (_set(1, "rules", "ward_save"), r"rules\.ward_save: must be 0 \(none\) or one of"),
        (_set(4, "rules", "poisoned"), r"rules\.poisoned: must be 0 \(none\) or one of 5, 6"),
        (_set(7, "rules", "regeneration"), r"rules\.regeneration: must be an integer"),
        (_set("d4", "rules", "multiple_wounds"), r"rules\.multiple_wounds: must be"),
        (_set(1, "rules", "impact_hits"), r"rules\.impact_hits: unknown key"),
        (_set("dragon", "mount_type"), r"mount_type: must be one of none, horse, monster"),
        (_set("none", "mount_type"), r"mount_type: 'none' goes with no mount"),
        (_set(3, "mount_wounds"), r"mount_wounds: only for mount_type 'monster'"),
        (_set("monster", "mount_type"), r"mount_wounds: must be an integer in \[1, 10\]"),
        (_set(2, "mount", "count"), r"mount\.count: a character rides one"),
        (_without("mount", "A"), r"mount\.A: missing"),
        (_set(11, "mount", "S"), r"mount\.S: must be an integer in \[0, 10\]"),
        (_set(1, "mount", "W"), r"mount\.W: unknown key"),
        (_set(True, "general"), None),  # control: the General alone is fine
        (_set(-1, "points"), r"points: must be in \[0, 10000\]"),
        (_set("yes", "general"), r"general: must be true or false"),
        (_set(1, "notes"), r"notes: must be a string"),
        (_set(["a"], "profile"), r"profile: must be a table"),
    ],
)
def test_validation_errors_name_the_key(mutate, pattern):
    data = copy.deepcopy(BASE)
    mutate(data)
    if pattern is None:
        character_from_dict(data)
        return
    with pytest.raises(OddsInputError) as err:
        character_from_dict(data, "hero.toml")
    msg = str(err.value)
    assert msg.startswith("hero.toml: ")
    assert re.search(pattern, msg), msg


@pytest.mark.parametrize(
    ("kw", "pattern"),
    [
        ({"mount": None, "mount_type": "horse"}, r"^mount_type: 'none' goes with no mount"),
        ({"mount": None, "equipment": Equipment(barding=True)},
         r"^equipment\.barding: only a character on a horse"),
        ({"equipment": Equipment(barding=True), "mount_type": "monster", "mount_wounds": 4},
         r"^equipment\.barding: only a character on a horse"),
        ({"mount": None, "equipment": Equipment(weapon="lance")},
         r"^equipment\.weapon: lance is for mounted models"),
        ({"equipment": Equipment(weapon="spear")},
         r"^equipment\.weapon: spear is for models on foot"),
        ({"equipment": Equipment(weapon="additional_hand_weapon")},
         r"^equipment\.weapon: additional_hand_weapon is for models on foot"),
        ({"general": True, "battle_standard": True},
         r"^battle_standard: the battle standard bearer cannot also be the General"),
        ({"profile": "WS5"}, r"^profile: must be a Profile"),
        ({"equipment": None}, r"^equipment: must be a Equipment"),
        ({"mount": {"WS": 3}}, r"^mount: must be a MountProfile"),
        ({"special": "hatred"}, r"^special: must be a list"),
        ({"armour_save_override": 8}, r"^armour_save_override: must be an integer in \[1, 7\]"),
    ],
)
def test_direct_construction_validates(kw, pattern):
    kw.setdefault("mount", HORSE)
    with pytest.raises(OddsInputError, match=pattern):
        hero(**kw)


def test_lance_on_a_monster_is_allowed():
    c = hero(mount=HORSE, mount_type="monster", mount_wounds=5,
             equipment=Equipment(weapon="lance"))
    assert c.weapon.mounted_only


def test_load_character_file(tmp_path):
    path = tmp_path / "hero.toml"
    path.write_text(
        'name = "Gran jefe"\n'
        "[profile]\nM = 10\nHA = 5\nHP = 3\nF = 4\nR = 5\nH = 2\nI = 3\nA = 3\nL = 8\n"
        '[equipment]\narmour = "light"\nshield = true\n',
        encoding="utf-8",
    )
    c = load_character(path)
    assert c.profile.T == 5 and c.armour_save == 4  # light + shield + hand weapon on foot
    path.write_text('name = "x"\n[profile]\nWS = 12\n', encoding="utf-8")
    with pytest.raises(OddsInputError, match=rf"^{re.escape(str(path))}: profile\.M: missing"):
        load_character(path)
    path.write_text("name = \n", encoding="utf-8")
    with pytest.raises(OddsInputError, match=r"invalid TOML"):
        load_character(path)
    with pytest.raises(OddsInputError, match=r"^character: cannot read file"):
        load_character(tmp_path / "missing.toml")


def test_not_a_table():
    with pytest.raises(OddsInputError, match=r"^<dict>: character: must be a table"):
        character_from_dict([1, 2])  # type: ignore[arg-type]
