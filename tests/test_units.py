"""Tests for odds.units: dataclasses, validation, loaders and the built-in library."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest

from odds import rules
from odds.unit_reference import load_unit
from odds.units import (
    SPECIAL_RULES,
    Command,
    Equipment,
    MountProfile,
    Profile,
    Unit,
    check_formation,
    library_names,
    library_unit,
    unit_from_dict,
)
from odds.validation import OddsInputError

HUMAN = Profile(M=10, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)

SWORDSMEN = {
    "name": "Espadachines",
    "troop_type": "infantry",
    "models": 30,
    "files": 10,
    "profile": {"M": 10, "WS": 4, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 7},
    "equipment": {"weapon": "hand_weapon", "shield": True, "armour": "light", "barding": False},
    "command": {"champion": False, "standard": True, "musician": False},
    "rules": {"special": ["stubborn"], "ward_save": 0},
}

BRIEF_TOML = """\
name = "Espadachines"
troop_type = "infantry"   # infantry | cavalry | monstrous_infantry | monster | chariot
models = 30
files = 10                # models per rank (frontage)
[profile]                 # English or MDNR Spanish letters
M = 10
WS = 4
BS = 3
S = 3
T = 3
W = 1
I = 4
A = 1
Ld = 7
[equipment]
weapon = "hand_weapon"
shield = true
armour = "light"          # none | light | heavy | plate
barding = false
[command]
champion = false
standard = true
musician = false
[rules]
special = ["stubborn"]
ward_save = 0             # 0 = none, else the roll needed (e.g. 5 for 5+)
"""


def infantry(**changes) -> Unit:
    base = {"name": "Test", "troop_type": "infantry", "models": 20, "files": 5, "profile": HUMAN}
    base.update(changes)
    return Unit(**base)


# --------------------------------------------------------------------------- library


def test_library_has_at_least_14_units():
    assert len(library_names()) >= 14
    assert library_names() == sorted(library_names())


@pytest.mark.parametrize("name", library_names())
def test_every_library_unit_loads(name):
    unit = library_unit(name)
    assert isinstance(unit, Unit)
    assert load_unit(name) == unit
    assert unit.points_per_model > 0
    # round trip through the TOML schema
    assert unit_from_dict(unit.to_dict()) == unit


def test_library_covers_the_troop_types():
    types = {library_unit(n).troop_type for n in library_names()}
    assert {"infantry", "cavalry", "monstrous_infantry", "monster", "chariot"} <= types


def test_library_file_from_path_equals_library_unit():
    import odds

    path = Path(odds.__file__).parent / "library" / "empire_swordsmen.toml"
    assert load_unit(path) == load_unit(str(path)) == library_unit("empire_swordsmen")


@pytest.mark.parametrize(
    ("name", "save"),
    [
        # light 6+, shield +1, hand weapon + shield on foot in close combat +1 (§1.5)
        ("empire_swordsmen", 4),
        # light armour, halberd, no shield
        ("empire_halberdiers", 6),
        # light + shield; spear gets no parry bonus
        ("empire_spearmen", 5),
        # plate 4+, shield, cavalry, barding -> 1+ (MDNR catalogue "TSA 1+")
        ("empire_knights", 1),
        # heavy 5+, shield, hand weapon parry -> 3+
        ("dwarf_warriors", 3),
        # heavy armour, great weapon
        ("dwarf_hammerers", 5),
        # no armour, two hand weapons
        ("savage_orcs", 7),
        # army-book chariot saves
        ("orc_boar_chariot", 4),
        ("chaos_chariot", 3),
        ("trolls", 7),
    ],
)
def test_derived_armour_save_by_hand_s1_5(name, save):
    """RULES.md §1.5, worked out by hand for library units."""
    assert library_unit(name).armour_save == save


def test_save_against_shooting_s1_5():
    """RULES.md §1.5: no parry bonus outside close combat."""
    assert library_unit("empire_swordsmen").armour_save_against(in_close_combat=False) == 5
    assert library_unit("dwarf_hammerers").armour_save_against(in_close_combat=False) == 5


@pytest.mark.parametrize(
    ("name", "per_model", "total"),
    [
        ("empire_swordsmen", 1, 20),
        ("empire_knights", 2, 16),
        ("trolls", 3, 9),
        ("chaos_ettin", 6, 6),
        ("orc_boar_chariot", 4, 4),
    ],
)
def test_unit_strength_s2_3(name, per_model, total):
    """RULES.md §2.3 for library units."""
    unit = library_unit(name)
    assert unit.unit_strength_per_model == per_model
    assert unit.unit_strength == total


def test_library_special_rules():
    """RULES.md §1.2, §3.2, §3.3 flags on library units."""
    assert library_unit("vc_zombies").has("mindless")
    assert library_unit("vc_skeletons").has("unstable")
    assert library_unit("vc_skeletons").causes_fear
    assert library_unit("chaos_ettin").causes_terror
    assert library_unit("chaos_ettin").causes_fear  # terror implies fear
    assert not library_unit("empire_swordsmen").causes_fear
    assert library_unit("savage_orcs").has("frenzy")
    assert library_unit("savage_orcs").ward_save == 6
    assert library_unit("trolls").regeneration == 4
    assert library_unit("orc_boar_chariot").impact_hits == "d6+1"
    assert library_unit("orc_boar_chariot").impact_strength == 5


def test_library_zombies_use_spanish_letters():
    zombies = library_unit("vc_zombies")
    assert (zombies.profile.WS, zombies.profile.BS, zombies.profile.Ld) == (2, 0, 2)


def test_unknown_library_unit():
    with pytest.raises(OddsInputError,
                       match=r"^unit: unknown built-in unit 'goblins'; built-in: black_orcs, "):
        load_unit("goblins")


def test_library_unit_rejects_non_strings():
    with pytest.raises(OddsInputError, match=r"^unit: unknown built-in unit \['trolls'\]"):
        library_unit(["trolls"])
    with pytest.raises(OddsInputError,
                       match=r"^unit: must be a built-in name, a \.toml path or a catalogue"):
        load_unit(3)


def test_missing_file(tmp_path):
    with pytest.raises(OddsInputError, match=r"^unit: cannot read file"):
        load_unit(tmp_path / "nope.toml")


# --------------------------------------------------------------------------- TOML format


def test_brief_toml_format(tmp_path):
    path = tmp_path / "espadachines.toml"
    path.write_text(BRIEF_TOML, encoding="utf-8")
    unit = load_unit(path)
    assert unit == unit_from_dict(SWORDSMEN)
    assert unit.profile == Profile(M=10, WS=4, BS=3, S=3, T=3, W=1, I=4, A=1, Ld=7)
    assert unit.equipment == Equipment("hand_weapon", True, "light", False)
    assert unit.command == Command(champion=False, standard=True, musician=False)
    assert unit.special == ("stubborn",)
    assert unit.ranks == 3
    assert unit.rank_bonus == 2
    assert unit.armour_save == 4


def test_spanish_letters():
    data = copy.deepcopy(SWORDSMEN)
    data["profile"] = {"M": 10, "HA": 4, "HP": 3, "F": 3, "R": 3, "H": 1, "I": 4, "A": 1, "L": 7}
    assert unit_from_dict(data) == unit_from_dict(SWORDSMEN)


def test_letter_sets_may_differ_between_characteristics():
    data = copy.deepcopy(SWORDSMEN)
    data["profile"] = {"M": 10, "HA": 4, "BS": 3, "F": 3, "T": 3, "H": 1, "I": 4, "A": 1, "Ld": 7}
    assert unit_from_dict(data) == unit_from_dict(SWORDSMEN)


def test_same_characteristic_twice_is_an_error():
    data = copy.deepcopy(SWORDSMEN)
    data["profile"]["HA"] = 4
    with pytest.raises(OddsInputError, match=r"^<dict>: profile\.WS: given twice, as WS and as HA"):
        unit_from_dict(data)


def test_defaults_for_omitted_tables():
    data = {k: SWORDSMEN[k] for k in ("name", "troop_type", "models", "files", "profile")}
    unit = unit_from_dict(data)
    assert unit.equipment == Equipment(weapon="hand_weapon", shield=False, armour="none")
    assert unit.command == Command(False, False, False)
    assert unit.special == ()
    assert (unit.ward_save, unit.regeneration, unit.poisoned) == (0, 0, 0)
    assert (unit.multiple_wounds, unit.impact_hits) == ("", "")
    assert unit.armour_save_override is None
    assert unit.points_per_model == 0
    assert unit.champion_profile == dataclasses.replace(unit.profile, A=2)


def test_champion_profile_override():
    data = copy.deepcopy(SWORDSMEN)
    data["champion_profile"] = {"HA": 5}
    unit = unit_from_dict(data)
    assert unit.champion_profile.WS == 5
    assert unit.champion_profile.A == 2  # the rest is the default champion (A+1)


def test_optional_keys():
    data = copy.deepcopy(SWORDSMEN)
    data["rules"].update(
        regeneration=5, poisoned=6, multiple_wounds="d3", impact_hits="1", impact_strength=4
    )
    data["equipment"]["armour_save_override"] = 2
    data["points_per_model"] = 7.5
    data["notes"] = "test"
    unit = unit_from_dict(data)
    assert (unit.regeneration, unit.poisoned, unit.multiple_wounds) == (5, 6, "d3")
    assert (unit.impact_hits, unit.impact_strength) == ("1", 4)
    assert unit.armour_save == 2
    assert unit.points_per_model == 7.5
    assert unit_from_dict(unit.to_dict()) == unit


def _with(path: str, value):
    data = copy.deepcopy(SWORDSMEN)
    *tables, key = path.split(".")
    target = data
    for t in tables:
        target = target.setdefault(t, {})
    if value is _DELETE:
        del target[key]
    else:
        target[key] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "pattern"),
    [
        # unknown keys anywhere
        ("colour", "red", r"colour: unknown key; allowed: name, "),
        ("profile.Wounds", 1, r"profile\.Wounds: unknown key; allowed: M, WS, "),
        ("equipment.sword", True, r"equipment\.sword: unknown key"),
        ("command.drummer", True, r"command\.drummer: unknown key"),
        ("rules.fear", True, r"rules\.fear: unknown key"),
        ("mount.Ld", 5, r"mount\.Ld: unknown key"),
        # unknown special rule, weapon, armour, troop type
        ("rules.special", ["brave"], r"rules\.special: unknown rule 'brave'; allowed: stubborn, "),
        ("rules.special", "stubborn", r"rules\.special: must be a list"),
        ("equipment.weapon", "trident", r"equipment\.weapon: must be one of hand_weapon, "),
        ("equipment.armour", "mithril", r"equipment\.armour: must be one of none, light, "),
        ("troop_type", "elephant", r"troop_type: must be one of infantry, "),
        # out-of-range characteristics
        ("profile.WS", 11, r"profile\.WS: must be an integer in \[0, 10\] \(got 11\)"),
        ("profile.M", 51, r"profile\.M: must be an integer in \[0, 50\] \(got 51\)"),
        ("profile.W", 0, r"profile\.W: must be an integer in \[1, 10\] \(got 0\)"),
        ("profile.Ld", 1, r"profile\.Ld: must be an integer in \[2, 10\] \(got 1\)"),
        ("profile.A", -1, r"profile\.A: must be an integer in \[0, 10\]"),
        ("profile.WS", _DELETE, r"profile\.WS \(or HA\): missing"),
        ("models", 0, r"models: must be an integer in \[1, 1000\] \(got 0\)"),
        ("files", 0, r"files: must be an integer in \[1, 100\] \(got 0\)"),
        ("name", _DELETE, r"name: missing"),
        ("name", "", r"name: must be a non-empty string"),
        # wrong types
        ("profile.S", "3", r"profile\.S: must be an integer"),
        ("profile.S", 3.5, r"profile\.S: must be an integer"),
        ("profile.S", True, r"profile\.S: must be an integer"),
        ("equipment.shield", "yes", r"equipment\.shield: must be true or false \(got 'yes'\)"),
        ("command.standard", 1, r"command\.standard: must be true or false"),
        ("models", "30", r"models: must be an integer"),
        ("profile", [1, 2], r"profile: must be a table"),
        # parameterised rules
        ("rules.ward_save", 1, r"rules\.ward_save: must be 0 \(none\) or one of 2, 3, 4, 5, 6"),
        ("rules.ward_save", 7, r"rules\.ward_save: must be an integer in \[0, 6\] \(got 7\)"),
        ("rules.regeneration", 1, r"rules\.regeneration: must be 0 \(none\) or one of"),
        ("rules.poisoned", 4, r"rules\.poisoned: must be 0 \(none\) or one of 5, 6 \(got 4\)"),
        ("rules.multiple_wounds", "3",
         r"rules\.multiple_wounds: must be \"\" \(none\) or one of 2, d3, d6 \(got '3'\)"),
        ("rules.impact_hits", "d4", r"rules\.impact_hits: must be \"\" \(none\) or one of 1, d3, "),
        ("rules.impact_strength", 5, r"rules\.impact_strength: only meaningful with impact_hits"),
        ("equipment.armour_save_override", 0, r"equipment\.armour_save_override: must be an"
                                               r" integer in \[1, 7\] \(got 0\)"),
        ("points_per_model", -1, r"points_per_model: must be"),
        # troop-type checks
        ("equipment.weapon", "lance", r"equipment\.weapon: lance is for mounted models"),
        ("equipment.weapon", "cavalry_spear", r"equipment\.weapon: cavalry_spear is for mounted"),
        ("equipment.barding", True, r"equipment\.barding: only cavalry or chariot"),
        ("crew", 2, r"crew: must be an integer in \[1, 1\] \(got 2\)"),
        ("mount", {"WS": 3, "S": 3, "I": 3, "A": 1},
         r"mount: only cavalry, chariot or a single ridden monster"),
    ],
)
def test_validation_errors_name_the_key(path, value, pattern):
    with pytest.raises(OddsInputError, match=r"^src\.toml: " + pattern) as info:
        unit_from_dict(_with(path, value), source="src.toml")
    assert "\n" not in str(info.value)


def test_cavalry_checks():
    knights = library_unit("empire_knights").to_dict()
    knights["equipment"]["weapon"] = "additional_hand_weapon"
    with pytest.raises(OddsInputError, match=r"equipment\.weapon: additional_hand_weapon is for"
                                             r" models on foot"):
        unit_from_dict(knights)
    knights = library_unit("empire_knights").to_dict()
    del knights["mount"]["WS"]
    with pytest.raises(OddsInputError, match=r"mount\.WS: missing"):
        unit_from_dict(knights)
    knights["mount"]["HA"] = 11
    with pytest.raises(OddsInputError, match=r"mount\.WS: must be an integer in \[0, 10\]"):
        unit_from_dict(knights)


def test_invalid_toml(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("name = \n", encoding="utf-8")
    with pytest.raises(OddsInputError, match=r"bad\.toml: invalid TOML: "):
        load_unit(path)


def test_error_names_the_file(tmp_path):
    path = tmp_path / "u.toml"
    path.write_text(BRIEF_TOML.replace("WS = 4", "WS = 12"), encoding="utf-8")
    with pytest.raises(OddsInputError, match=r"u\.toml: profile\.WS: .*\(got 12\)"):
        load_unit(path)


def test_direct_construction_validates():
    with pytest.raises(OddsInputError, match=r"^WS: "):
        Profile(M=10, WS=11, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)
    with pytest.raises(OddsInputError, match=r"^count: "):
        MountProfile(WS=3, S=3, I=3, A=1, count=0)
    with pytest.raises(OddsInputError, match=r"^weapon: "):
        Equipment(weapon="sword")
    with pytest.raises(OddsInputError, match=r"^special: unknown rule 'Stubborn'"):
        infantry(special=("Stubborn",))
    with pytest.raises(OddsInputError, match=r"^profile: must be a Profile"):
        infantry(profile={"M": 10})


def test_additional_hand_weapon_and_shield_allowed_without_parry_s1_5():
    """RULES.md §1.5/§1.7: may carry both but not use the shield in close combat."""
    unit = infantry(equipment=Equipment("additional_hand_weapon", shield=True, armour="light"))
    assert unit.armour_save == 6
    assert unit.armour_save_against(in_close_combat=False) == 5


def test_special_is_sorted_and_unique():
    unit = infantry(special=["hatred", "fear", "hatred"])
    assert unit.special == ("fear", "hatred")
    assert all(rule in SPECIAL_RULES for rule in unit.special)


def test_has_rejects_unknown_rule():
    with pytest.raises(OddsInputError, match=r"^rule: "):
        infantry().has("brave")


# --------------------------------------------------------------------------- derived values


@pytest.mark.parametrize(
    ("models", "files", "ranks", "bonus"),
    [
        (30, 3, 10, 0),  # 3 wide gives nothing
        (20, 5, 4, 3),
        (9, 5, 2, 1),  # incomplete last rank of 4 counts
        (8, 5, 2, 0),  # ... of 3 does not
        (50, 5, 10, 3),  # max 3
        (3, 5, 1, 0),  # narrower than its frontage (after casualties): one rank
        (12, 4, 3, 2),
    ],
)
def test_ranks_and_rank_bonus_s2_2(models, files, ranks, bonus):
    """RULES.md §2.2: rank bonus edge cases."""
    unit = infantry(models=models, files=files)
    assert unit.ranks == ranks
    assert unit.rank_bonus == bonus


def test_a_frontage_wider_than_the_unit_or_command_without_models_is_refused(tmp_path):
    """Issue 12 §1: a unit file with more files than models, or a full command group on 1-2
    models, was simulated as given; loading one is an error naming the field."""
    text = (Path(__file__).parents[1] / "odds" / "library" / "orc_boyz.toml").read_text("utf-8")
    assert "models = 25" in text and "files = 5" in text
    wide = tmp_path / "wide.toml"
    wide.write_text(text.replace("models = 25", "models = 3"), encoding="utf-8")
    with pytest.raises(OddsInputError, match=r"^files: must be <= models \(3\) \(got 5\)"):
        load_unit(wide)
    full = Command(champion=True, standard=True, musician=True)
    with pytest.raises(OddsInputError, match=r"^command: 3 command models need at least 3"):
        check_formation(infantry(models=2, files=2, command=full))
    assert check_formation(infantry(models=3, files=3, command=full)).models == 3
    assert infantry(models=3, files=5).ranks == 1  # casualties: a Unit may be narrower


def test_no_rank_bonus_for_skirmishers_fast_cavalry_and_single_models_s2_2():
    """RULES.md §2.2: skirmishers and fast cavalry never get ranks."""
    assert infantry(special=["skirmishers"]).rank_bonus == 0
    knights = library_unit("empire_knights").replace(models=20, files=5)
    assert knights.rank_bonus == 3
    assert knights.replace(special=("fast_cavalry",)).rank_bonus == 0
    trolls = library_unit("chaos_ettin").replace(models=12, files=4)
    assert trolls.rank_bonus == 0


def test_replace_revalidates_and_rederives_champion():
    unit = infantry()
    assert unit.champion_profile.A == 2
    stronger = unit.replace(profile=HUMAN.replace(A=2))
    assert stronger.champion_profile.A == 3
    custom = unit.replace(champion_profile=HUMAN.replace(WS=5))
    assert custom.replace(models=10).champion_profile.WS == 5
    with pytest.raises(OddsInputError, match=r"^models: "):
        unit.replace(models=0)
    with pytest.raises(OddsInputError, match=r"^colour: unknown field of Unit"):
        unit.replace(colour="red")
    with pytest.raises(OddsInputError, match=r"^WS: "):
        HUMAN.replace(WS=-1)


def test_units_are_immutable_and_hashable():
    unit = library_unit("empire_swordsmen")
    with pytest.raises(dataclasses.FrozenInstanceError):
        unit.models = 3  # type: ignore[misc]
    assert hash(unit) == hash(library_unit("empire_swordsmen").replace())
    assert not hasattr(unit, "__dict__")  # slots


def test_weapon_property():
    assert library_unit("dwarf_hammerers").weapon is rules.WEAPONS["great_weapon"]


# --------------------------------------------------------------------------- CLI


def _run_cli(argv, capsys):
    import argparse

    from odds.commands import units as units_command

    parser = argparse.ArgumentParser(prog="odds")
    units_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    assert args.func(args) == 0
    return capsys.readouterr().out


def test_cli_lists_every_built_in_unit(capsys):
    out = _run_cli(["units"], capsys)
    for name in library_names():
        assert name in out
    assert "M10 WS4 BS3 S3 T3 W1 I4 A1 Ld7" in out


def test_cli_json_and_csv(capsys):
    import json

    data = json.loads(_run_cli(["units", "--format", "json"], capsys))
    by_key = {u["unit"]: u for u in data["units"]}
    assert set(by_key) == set(library_names())
    assert by_key["empire_knights"]["derived"]["armour_save"] == 1
    assert by_key["trolls"]["derived"]["unit_strength"] == 9
    csv = _run_cli(["units", "--format", "csv"], capsys).splitlines()
    assert csv[0].split(",")[:5] == ["unit", "name", "troop_type", "models", "files"]
    assert len(csv) == len(library_names()) + 1


def test_cli_one_unit_file(tmp_path, capsys):
    path = tmp_path / "espadachines.toml"
    path.write_text(BRIEF_TOML, encoding="utf-8")
    out = _run_cli(["units", str(path), "--format", "csv"], capsys)
    assert "Espadachines,infantry,30,10" in out
    assert ",4+," in out


def test_points_include_command_upgrades_and_round_trip():
    # Issue 6 (equal-points sizing): a unit's points are models x points per model plus the
    # upgrade cost of each command model it has; the costs survive to_dict/unit_from_dict.
    u = library_unit("black_orcs")
    assert u.points == 20 * 12
    cmd = u.command.replace(champion_points=10, standard_points=10, musician_points=5)
    u2 = u.replace(command=cmd)
    assert u2.points == 20 * 12 + 25
    assert u2.replace(command=cmd.replace(musician=False)).points == 20 * 12 + 20
    assert unit_from_dict(u2.to_dict()) == u2


def test_negative_command_cost_is_an_error():
    with pytest.raises(OddsInputError, match=r"command\.standard_points: must be in \[0, 10000\]"):
        d = library_unit("black_orcs").to_dict()
        d["command"]["standard_points"] = -3
        unit_from_dict(d)
