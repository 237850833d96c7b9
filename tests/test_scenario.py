"""Combat scenarios: examples, the two-unit form, geometry, policies and every validation path."""

from __future__ import annotations

import copy
import re
from importlib import resources
from pathlib import Path

import pytest

from odds.characters import Character
from odds.combat import CombatOptions, SideOptions
from odds.scenario import (
    CombatScenario,
    Contact,
    ScenarioOptions,
    ScenarioUnit,
    load_scenario,
    scenario_from_dict,
    two_unit_scenario,
)
from odds.units import Profile, library_unit
from odds.validation import OddsInputError

EXAMPLES = resources.files("odds").joinpath("examples")
HERO = {"name": "Captain",
        "profile": {"M": 10, "WS": 5, "BS": 5, "S": 4, "T": 4, "W": 2, "I": 5, "A": 3, "Ld": 8}}
BOSS = {"name": "Big Boss",
        "profile": {"M": 10, "WS": 5, "BS": 3, "S": 4, "T": 5, "W": 2, "I": 3, "A": 3, "Ld": 8}}


def base() -> dict:
    """Swordsmen (front) and knights (flank) against orc boyz; a hero per side."""
    return {
        "name": "test",
        "attacker": [
            {"id": "swords", "unit": "empire_swordsmen", "engaged_with": "boyz",
             "face": "front", "charged": True, "characters": [copy.deepcopy(HERO)]},
            {"id": "knights", "unit": "empire_knights", "engaged_with": "boyz",
             "face": "flank", "charged": True},
        ],
        "defender": [
            {"id": "boyz", "unit": "orc_boyz", "engaged_with": "swords", "face": "front",
             "characters": [copy.deepcopy(BOSS)]},
        ],
    }


# --------------------------------------------------------------------------- examples


def test_at_least_three_shipped_examples():
    names = sorted(p.name for p in EXAMPLES.iterdir() if p.name.startswith("combat_"))
    assert {"combat_flank_charge.toml", "combat_heroes.toml",
            "combat_benchmark.toml"} <= set(names)


def _example(name: str) -> CombatScenario:
    with resources.as_file(EXAMPLES.joinpath(f"combat_{name}.toml")) as path:
        return load_scenario(path)


def test_example_flank_charge():
    s = _example("flank_charge")
    assert s.name == "Knights hit the flank" and s.active_side == 0 and s.charger == "attacker"
    assert [u.id for u in s.sides[0]] == ["swords", "knights"]
    assert s.contacts == (Contact("swords", "boyz", "front", "front"),
                          Contact("knights", "boyz", "front", "flank"))
    assert s.options == ScenarioOptions()
    assert s.unit("knights").unit_strength == 16  # US >= 5: cancels ranks, +1 flank (§2.2)
    assert not any(u.characters for u in s.units)
    assert not s.is_two_unit


def test_example_heroes():
    s = _example("heroes")
    knights, boyz = s.sides[0][0], s.sides[1][0]
    (cap,), (boss,) = knights.characters, boyz.characters
    assert cap.mount_type == "horse" and cap.general and cap.armour_save == 2  # §1.5 table
    assert boss.profile == Profile(M=10, WS=5, BS=3, S=4, T=5, W=2, I=3, A=3, Ld=8)  # Spanish
    assert boss.armour_save == 4
    assert knights.unit_strength == 8 * 2 + 2  # §2.3: mounted character counts 2
    assert boyz.unit_strength == 25 + 1 and boyz.models == 26
    assert boyz.allocation == "split" and knights.challenge == "always"
    assert s.challenge_possible
    assert knights.side_options().general_ld == 8


def test_example_benchmark():
    s = _example("benchmark")
    assert [len(u.characters) for u in s.units] == [1, 0, 1]
    assert sum(len(u.characters) for u in s.sides[0]) == 1
    assert sum(len(u.characters) for u in s.sides[1]) == 1
    assert ("flank" in {c.face_b for c in s.contacts})
    assert s.unit("knights").general_within_30cm == 8
    assert s.options.flank_rear_rule == "mdnr"


# --------------------------------------------------------------------------- the two-unit form


def test_two_unit_round_trip():
    a, d = library_unit("empire_swordsmen"), library_unit("orc_boyz")
    ao = SideOptions(static_bonus=1, high_ground=True, bsb=True, general_ld=9)
    do = SideOptions(static_bonus=-1)
    opts = CombatOptions(charger="defender", max_rounds=7, corner_contact=False,
                         musician_tiebreak=False, insane_courage=True, restrain_pursuit=True)
    s = two_unit_scenario(a, d, attacker_options=ao, defender_options=do, options=opts)
    assert s.is_two_unit and s.active_side == 1 and s.charger == "defender"
    assert s.sides[1][0].charged and not s.sides[0][0].charged
    assert s.contacts == (Contact("attacker", "defender", "front", "front"),)
    back = s.as_two_unit()
    assert back.attacker == a and back.defender == d
    assert back.attacker_options == ao and back.defender_options == do
    assert back.options == opts


@pytest.mark.parametrize("charger", ["attacker", "defender", "none"])
def test_two_unit_defaults_and_names(charger):
    s = two_unit_scenario("empire_swordsmen", "orc_boyz", charger=charger, max_rounds=3)
    assert s.charger == charger and s.max_rounds == 3
    assert s.active_side == (1 if charger == "defender" else 0)
    assert s.name == "Espadachines vs Guerreros orcos"
    assert all(u.challenge == "never" for u in s.units)  # champions fight as in the old engine
    back = s.as_two_unit()
    assert back.options == CombatOptions(charger=charger, max_rounds=3)
    assert back.attacker_options == SideOptions() == back.defender_options


def test_two_unit_with_challenges_is_not_the_old_form():
    s = two_unit_scenario("empire_swordsmen", "orc_boyz", challenge="always")
    assert s.challenge_possible and not s.is_two_unit
    with pytest.raises(OddsInputError, match=r"not a two-unit combat: a challenge is possible"):
        s.as_two_unit()
    # no champions: nobody can challenge, so the old form again
    plain = library_unit("orc_boyz").replace(command=library_unit("orc_boyz").command.replace(
        champion=False))
    s = two_unit_scenario("empire_swordsmen", plain, challenge="always")
    assert s.is_two_unit


def test_two_unit_path_and_bad_inputs(tmp_path):
    with pytest.raises(OddsInputError, match=r"^attacker: must be a Unit"):
        two_unit_scenario(3, "orc_boyz")  # type: ignore[arg-type]
    with pytest.raises(OddsInputError, match=r"^options: must be a CombatOptions"):
        two_unit_scenario("orc_boyz", "orc_boyz", options={"charger": "none"})  # type: ignore
    with pytest.raises(OddsInputError, match=r"^defender_options: must be a SideOptions"):
        two_unit_scenario("orc_boyz", "orc_boyz", defender_options=1)  # type: ignore
    with pytest.raises(OddsInputError, match=r"^challenge: must be one of"):
        two_unit_scenario("orc_boyz", "orc_boyz", challenge="sometimes")


@pytest.mark.parametrize(
    ("mutate", "why"),
    [
        (lambda d: None, "more than one unit on a side"),
        (lambda d: d["attacker"].pop(), "a unit has characters"),
    ],
)
def test_not_two_unit_reasons(mutate, why):
    data = base()
    mutate(data)
    s = scenario_from_dict(data)
    assert not s.is_two_unit
    with pytest.raises(OddsInputError, match=re.escape(why)):
        s.as_two_unit()


def test_not_two_unit_flank():
    data = base()
    data["attacker"] = [data["attacker"][1]]
    data["attacker"][0]["challenge"] = "never"
    data["defender"][0].update(engaged_with="knights", challenge="never", characters=[])
    s = scenario_from_dict(data)
    assert s.contacts == (Contact("knights", "boyz", "front", "flank"),)
    with pytest.raises(OddsInputError, match="not engaged front to front"):
        s.as_two_unit()


# --------------------------------------------------------------------------- geometry and policies


def test_defaults():
    s = scenario_from_dict(base())
    assert s.active_side == 0 and s.max_rounds == 10 and s.notes == ""
    u = s.unit("boyz")
    assert (u.face, u.charged, u.allocation, u.challenge) == ("front", False, "troops", "always")
    assert (u.static_bonus, u.high_ground, u.general_within_30cm, u.bsb_within_30cm) == (
        0, False, 0, False)
    assert s.side_of("knights") == 0 and s.side_of("boyz") == 1
    assert [x.id for x in s.units] == ["swords", "knights", "boyz"]


def test_active_side_defaults_to_the_charging_side():
    data = base()
    for e in data["attacker"]:
        e["charged"] = False
    data["defender"][0]["charged"] = True
    data["defender"][0]["engaged_with"] = "knights"  # boyz charged into the knights' front
    data["attacker"][1]["face"] = "front"
    data["attacker"][0]["face"] = "flank"
    s = scenario_from_dict(data)
    assert s.active_side == 1 and s.charger == "defender"
    assert scenario_from_dict({**base(), "active_side": "attacker"}).active_side == 0


def test_mutual_engagement_faces():
    # boyz fight the knights back; the knights are on the boyz' flank and touch with their front
    data = base()
    data["defender"][0]["engaged_with"] = "knights"
    s = scenario_from_dict(data)
    assert set(s.contacts) == {Contact("swords", "boyz", "front", "front"),
                               Contact("knights", "boyz", "front", "flank")}


def test_two_flanks_allowed():
    data = base()
    data["attacker"].append({"id": "knights2", "unit": "empire_knights", "engaged_with": "boyz",
                             "face": "flank", "charged": True})
    s = scenario_from_dict(data)
    assert [c.face_b for c in s.contacts].count("flank") == 2


def test_rear_and_several_defenders():
    data = base()
    data["attacker"][1]["face"] = "rear"
    data["defender"].append({"id": "gobbos", "unit": "orc_boyz", "engaged_with": "swords",
                             "face": "flank"})
    s = scenario_from_dict(data)
    assert Contact("swords", "gobbos", "flank", "front") in s.contacts
    assert Contact("knights", "boyz", "front", "rear") in s.contacts


def test_characters_and_side_options():
    data = base()
    data["attacker"][0]["characters"][0]["general"] = True
    data["defender"][0]["characters"][0]["battle_standard"] = True
    data["attacker"][1]["general_within_30cm"] = 8
    data["attacker"][1]["bsb_within_30cm"] = True
    s = scenario_from_dict(data)
    swords, knights, boyz = s.units
    assert swords.general is not None and swords.general.name == "Captain"
    assert swords.battle_standard is None
    assert swords.side_options() == SideOptions(general_ld=8)
    assert knights.side_options() == SideOptions(general_ld=8, bsb=True)
    assert boyz.side_options() == SideOptions(bsb=True)
    assert boyz.battle_standard is not None and boyz.leadership == 8
    assert swords.models == 21 and swords.unit_strength == 21


def test_challenge_possible_policies():
    data = base()
    for e in [*data["attacker"], *data["defender"]]:
        e["challenge"] = "never"
    assert not scenario_from_dict(data).challenge_possible
    data["defender"][0]["challenge"] = "champion"  # boyz have a champion
    s = scenario_from_dict(data)
    assert s.challenge_possible and s.unit("boyz").has_challenger
    assert not s.unit("swords").has_challenger


def test_resize_and_inline_unit():
    data = base()
    data["attacker"][0].update(models=30, files=6)
    data["defender"][0]["unit"] = library_unit("orc_boyz").to_dict()
    s = scenario_from_dict(data)
    assert (s.unit("swords").unit.models, s.unit("swords").unit.files) == (30, 6)
    assert s.unit("boyz").unit == library_unit("orc_boyz")


def test_unit_path_relative_to_the_scenario(tmp_path):
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "boyz.toml").write_text(
        (Path(str(resources.files("odds").joinpath("library", "orc_boyz.toml"))))
        .read_text(encoding="utf-8"), encoding="utf-8")
    text = """
name = "relative"
[[attacker]]
id = "a"
unit = "empire_swordsmen"
engaged_with = "b"
[[defender]]
id = "b"
unit = "units/boyz.toml"
engaged_with = "a"
"""
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    s = load_scenario(path)
    assert s.unit("b").unit == library_unit("orc_boyz")
    assert s.active_side == 0 and s.charger == "none"


def test_replace_revalidates():
    s = scenario_from_dict(base())
    assert s.replace(max_rounds=3).max_rounds == 3
    with pytest.raises(OddsInputError, match=r"^max_rounds: "):
        s.replace(max_rounds=0)
    with pytest.raises(OddsInputError, match=r"^face: must be one of front, flank, rear"):
        s.unit("swords").replace(face="side")
    with pytest.raises(OddsInputError, match=r"^colour: unknown field of CombatScenario"):
        s.replace(colour=1)


def test_scenario_options():
    o = ScenarioOptions(flank_rear_rule="both", insane_courage=True)
    co = o.combat_options(charger="none", max_rounds=4)
    assert co.charger == "none" and co.max_rounds == 4 and co.insane_courage
    if hasattr(co, "flank_rear_rule"):
        assert co.flank_rear_rule == "both"
    with pytest.raises(OddsInputError, match=r"^flank_rear_rule: must be one of mdnr, both"):
        ScenarioOptions(flank_rear_rule="english")
    with pytest.raises(OddsInputError, match=r"^corner_contact: must be true or false"):
        ScenarioOptions(corner_contact=1)


# --------------------------------------------------------------------------- validation paths


def _del(side, i, key):
    def mutate(d):
        del d[side][i][key]
    return mutate


def _put(side, i, **kw):
    def mutate(d):
        d[side][i].update(kw)
    return mutate


def _top(**kw):
    def mutate(d):
        d.update(kw)
    return mutate


def _hero(side, i, j, **kw):
    def mutate(d):
        chars = d[side][i].setdefault("characters", [])
        while len(chars) <= j:
            chars.append(copy.deepcopy(HERO))
        chars[j].update(kw)
    return mutate


def _both(*ms):
    def mutate(d):
        for m in ms:
            m(d)
    return mutate


NO_CHAMPION = {**library_unit("orc_boyz").to_dict(),
               "command": {"champion": False, "standard": True, "musician": True}}

CASES = [
    # top level
    (_top(colour=1), r"colour: unknown key; allowed: name, notes"),
    (lambda d: d.pop("name"), r"name: missing"),
    (lambda d: d.pop("defender"), r"defender: missing"),
    (_top(name=""), r"name: must be a non-empty string"),
    (_top(notes=3), r"notes: must be a string"),
    (_top(max_rounds=0), r"max_rounds: must be an integer in \[1, 50\]"),
    (_top(active_side="both"), r"active_side: must be one of attacker, defender"),
    (_top(active_side="defender"), r"attacker\[0\]\.charged: only the active side \(defender\)"),
    (_top(options={"musician": True}), r"options\.musician: unknown key"),
    (_top(options={"flank_rear_rule": "english"}), r"options\.flank_rear_rule: must be one of"),
    (_top(options={"insane_courage": "no"}), r"options\.insane_courage: must be true or false"),
    (_top(options=[1]), r"options: must be a table"),
    (_top(attacker=[]), r"attacker: at least one unit per side \(got none\)"),
    (_top(attacker="swords"), r"attacker: must be an array of tables"),
    (_top(defender=[1]), r"defender\[0\]: must be a table"),
    # unit entries
    (_put("attacker", 1, colour=1), r"attacker\[1\]\.colour: unknown key"),
    (_del("defender", 0, "id"), r"defender\[0\]\.id: missing"),
    (_del("defender", 0, "unit"), r"defender\[0\]\.unit: missing"),
    (_del("attacker", 1, "engaged_with"), r"attacker\[1\]\.engaged_with: missing"),
    (_put("attacker", 1, id="a b"), r"attacker\[1\]\.id: must be a non-empty name"),
    (_put("defender", 0, id="knights"), r"defender\[0\]\.id: 'knights' is used twice"
                                        r" \(also attacker\[1\]\.id\)"),
    (_put("attacker", 1, unit="no_such_unit"), r"attacker\[1\]\.unit: unknown built-in unit"),
    (_put("attacker", 1, unit="units/none.toml"), r"attacker\[1\]\.unit: cannot read file"),
    (_put("attacker", 1, unit=42), r"attacker\[1\]\.unit: must be a library name"),
    (_put("attacker", 1, unit={"name": "x"}), r"attacker\[1\]\.unit\.troop_type: missing"),
    (_put("defender", 0, unit={**NO_CHAMPION, "profile": {**NO_CHAMPION["profile"], "WS": 11}}),
     r"defender\[0\]\.unit\.profile\.WS: must be an integer in \[0, 10\]"),
    (_put("attacker", 1, models=0), r"attacker\[1\]\.models: must be an integer in \[1, 1000\]"),
    (_put("attacker", 1, files=1.5), r"attacker\[1\]\.files: must be an integer"),
    (_put("attacker", 1, engaged_with="xyz"),
     r"attacker\[1\]\.engaged_with: no enemy unit 'xyz' \(have: boyz\)"),
    (_put("attacker", 1, engaged_with="swords"),
     r"attacker\[1\]\.engaged_with: no enemy unit 'swords' \(it is on the same side\)"),
    (_put("attacker", 1, engaged_with="knights"),
     r"attacker\[1\]\.engaged_with: a unit cannot engage itself"),
    (_put("attacker", 1, engaged_with=""), r"attacker\[1\]\.engaged_with: must be the id"),
    (_put("attacker", 1, face="side"), r"attacker\[1\]\.face: must be one of front, flank, rear"),
    (_put("attacker", 1, face="front"),
     r"attacker\[1\]\.face: at most one unit on the front of 'boyz' \(got 'swords', 'knights'\)"),
    (lambda d: d["attacker"].extend([
        {"id": f"k{i}", "unit": "empire_knights", "engaged_with": "boyz", "face": "flank"}
        for i in (2, 3)]),
     r"attacker\[3\]\.face: at most 2 units \(left and right\) on the flank of 'boyz'"),
    (lambda d: d["attacker"].extend([
        {"id": f"k{i}", "unit": "empire_knights", "engaged_with": "boyz", "face": "rear"}
        for i in (2, 3)]),
     r"attacker\[3\]\.face: at most one unit on the rear of 'boyz'"),
    (_put("defender", 0, face="flank", engaged_with="knights"),
     r"attacker\[1\]\.face: 'knights' and 'boyz' engage each other, so one of them touches"
     r" the other's front \(got flank and flank\)"),
    (_put("defender", 0, face="rear"),
     r"defender\[0\]\.face: 'swords' charged, so it touches 'boyz' with its front: 'boyz'"
     r" must give face = \"front\" \(got 'rear'\)"),
    (_put("defender", 0, charged=True),
     r"defender\[0\]\.charged: only the active side \(attacker\) charges this turn"),
    (_put("attacker", 1, charged="yes"), r"attacker\[1\]\.charged: must be true or false"),
    (_put("attacker", 1, allocation="hero"), r"attacker\[1\]\.allocation: must be one of troops"),
    (_put("attacker", 1, challenge="sometimes"),
     r"attacker\[1\]\.challenge: must be one of never, always, champion"),
    (_put("defender", 0, unit=NO_CHAMPION, challenge="champion"),
     r"defender\[0\]\.challenge: 'champion' sends the unit's champion, but the unit has none"),
    (_put("attacker", 1, static_bonus=11),
     r"attacker\[1\]\.static_bonus: must be an integer in \[-10, 10\]"),
    (_put("attacker", 1, high_ground=1), r"attacker\[1\]\.high_ground: must be true or false"),
    (_put("attacker", 1, general_within_30cm=11),
     r"attacker\[1\]\.general_within_30cm: must be an integer in \[2, 10\]"),
    (_put("attacker", 1, bsb_within_30cm="no"),
     r"attacker\[1\]\.bsb_within_30cm: must be true or false"),
    # separate combats
    (lambda d: (d["attacker"].append({"id": "far", "unit": "empire_knights",
                                      "engaged_with": "gobbos"}),
                d["defender"].append({"id": "gobbos", "unit": "orc_boyz",
                                      "engaged_with": "far"})),
     r"attacker\[2\]\.engaged_with: units 'far', 'gobbos' are a separate combat from 'swords'"),
    # characters
    (_put("attacker", 0, characters="Captain"),
     r"attacker\[0\]\.characters: must be an array of tables"),
    (_hero("attacker", 0, 0, colour=1), r"attacker\[0\]\.characters\[0\]\.colour: unknown key"),
    (_hero("attacker", 0, 1, profile={"WS": 5}),
     r"attacker\[0\]\.characters\[1\]\.profile\.M: missing"),
    (_hero("defender", 0, 0, rules={"ward_save": 1}),
     r"defender\[0\]\.characters\[0\]\.rules\.ward_save: must be 0"),
    (_hero("attacker", 0, 2), r"attacker\[0\]\.characters: a unit 5 wide \(files\) with 3"
                              r" command models takes 0 to 2 characters \(got 3\)"),
    (_hero("attacker", 1, 1), r"attacker\[1\]\.characters: a unit 4 wide \(files\) with 3"
                              r" command models takes 0 to 1 characters \(got 2\)"),
    (_put("attacker", 1, unit="chaos_ettin", characters=[copy.deepcopy(HERO)]),
     r"attacker\[1\]\.characters: characters join ranked units, not a monster"),
    (_both(_hero("attacker", 0, 0, general=True), _hero("attacker", 1, 0, general=True)),
     r"attacker\[1\]\.characters\[0\]\.general: a side has at most one General"
     r" \(also attacker\[0\]\.characters\[0\]\)"),
    (_both(_hero("attacker", 0, 0, general=True), _hero("attacker", 0, 1, general=True)),
     r"attacker\[0\]\.characters\[1\]\.general: a side has at most one General"),
    (_both(_hero("defender", 0, 0, battle_standard=True),
           _hero("defender", 0, 1, battle_standard=True)),
     r"defender\[0\]\.characters\[1\]\.battle_standard: a side has at most one battle standard"),
    (_both(_hero("attacker", 0, 0, battle_standard=True),
           _hero("attacker", 1, 0, battle_standard=True)),
     r"attacker\[1\]\.characters\[0\]\.battle_standard: a side has at most one battle standard"),
    (_hero("attacker", 0, 0, general=True, battle_standard=True),
     r"attacker\[0\]\.characters\[0\]\.battle_standard: the battle standard bearer cannot"),
    (_both(_hero("attacker", 0, 0, general=True), _put("attacker", 0, general_within_30cm=8)),
     r"attacker\[0\]\.general_within_30cm: the General \(Captain\) is in this unit"),
    (_both(_hero("attacker", 0, 0, battle_standard=True), _put("attacker", 0,
                                                               bsb_within_30cm=True)),
     r"attacker\[0\]\.bsb_within_30cm: the battle standard bearer \(Captain\) is in this unit"),
    (_both(_hero("attacker", 0, 0, general=True), _put("attacker", 1, general_within_30cm=9)),
     r"attacker\[1\]\.general_within_30cm: the side's General \(Captain\) has Ld 8 \(got 9\)"),
]


@pytest.mark.parametrize(("mutate", "pattern"), CASES, ids=[str(i) for i in range(len(CASES))])
def test_validation_errors_name_the_key(mutate, pattern):
    data = base()
    mutate(data)
    with pytest.raises(OddsInputError) as err:
        scenario_from_dict(data, "fight.toml")
    msg = str(err.value)
    assert msg.startswith("fight.toml: "), msg
    assert re.search(pattern, msg), msg


def _halberdiers(files: int, command: tuple[bool, bool, bool]):
    """Empire halberdiers ``files`` wide with (champion, standard, musician)."""
    u = library_unit("empire_halberdiers")
    champion, standard, musician = command
    return u.replace(files=files, command=u.command.replace(
        champion=champion, standard=standard, musician=musician))


FULL, CHAMPION, NO_COMMAND = (True, True, True), (True, False, False), (False, False, False)


@pytest.mark.parametrize(("files", "command", "joining", "room"), [
    (4, FULL, 1, 1), (4, FULL, 2, 1), (2, CHAMPION, 1, 1), (2, FULL, 1, 0),
    (3, NO_COMMAND, 3, 3), (3, NO_COMMAND, 4, 3), (5, FULL, 2, 2),
])
def test_characters_take_the_front_rank_places_the_command_group_leaves(files, command,
                                                                         joining, room):
    """The command group stands in the front rank, and characters beside it; only characters
    who do not fit alongside it go to the second rank (6th edition, "Standards, Musicians &
    Champions: Position within the unit"; RULES.md §1.1, champions in the centre of the front
    rank, source 004).  The engine fights every character in the front rank, so a unit takes
    ``files`` less its command models, and the refusal names the field and that range."""
    unit = _halberdiers(files, command)
    captains = [Character(name=f"Captain {i}", profile=Profile(**HERO["profile"]))
                for i in range(joining)]
    if joining <= room:
        su = ScenarioUnit(id="a", unit=unit, engaged_with="b", characters=captains)
        assert len(su.characters) == joining
        return
    with pytest.raises(OddsInputError, match=(
            rf"^characters: a unit {files} wide \(files\) with {sum(command)} command models"
            rf" takes 0 to {room} characters \(got {joining}\): the command group stands in"
            r" the front rank first")):
        ScenarioUnit(id="a", unit=unit, engaged_with="b", characters=captains)


def test_a_command_group_wider_than_the_unit_joins_a_scenario():
    """A unit 2 wide with champion, standard and musician and no character: the rules put the
    command group in the front rank "whenever possible" (6th edition, "Banners, Musicians &
    Champions"), so the third stands behind; nothing is refused, in the two-unit form (which
    builds its units before any character joins) or in a scenario file."""
    narrow = _halberdiers(2, FULL)
    sc = two_unit_scenario(narrow, "orc_boyz")
    assert sc.sides[0][0].unit.files == 2 and sc.sides[0][0].unit.command == narrow.command
    boss = Character(name="Boss", profile=Profile(**BOSS["profile"]))
    sc = sc.replace(sides=(sc.sides[0], (sc.sides[1][0].replace(characters=(boss,)),)))
    assert sc.sides[1][0].characters == (boss,)
    data = base()
    data["attacker"][0] = {**data["attacker"][0], "unit": narrow.to_dict(), "characters": []}
    s = scenario_from_dict(data)
    assert s.sides[0][0].unit.files == 2 and not s.sides[0][0].characters


def test_base_is_valid():
    s = scenario_from_dict(base())
    assert len(s.sides[0]) == 2 and len(s.sides[1]) == 1


def test_file_errors(tmp_path):
    with pytest.raises(OddsInputError, match=r"^scenario: cannot read file"):
        load_scenario(tmp_path / "missing.toml")
    path = tmp_path / "bad.toml"
    path.write_text("name = \n", encoding="utf-8")
    with pytest.raises(OddsInputError, match=r"invalid TOML"):
        load_scenario(path)
    path.write_text('name = "x"\n[[attacker]]\nid = "a"\nunit = "orc_boyz"\nengaged_with = "b"\n'
                    '[[defender]]\nid = "b"\nunit = "orc_boyz"\nengaged_with = "z"\n',
                    encoding="utf-8")
    with pytest.raises(OddsInputError,
                       match=rf"^{re.escape(str(path))}: defender\[0\]\.engaged_with: no enemy"):
        load_scenario(path)
    with pytest.raises(OddsInputError, match=r"^<dict>: scenario: must be a table"):
        scenario_from_dict([1])  # type: ignore[arg-type]


def test_single_table_sides_are_accepted():
    data = base()
    data["attacker"] = data["attacker"][0]
    data["defender"][0]["characters"] = data["defender"][0]["characters"][0]
    s = scenario_from_dict(data)
    assert len(s.sides[0]) == 1 and len(s.unit("boyz").characters) == 1


def test_direct_construction_validates():
    u = library_unit("orc_boyz")
    a = ScenarioUnit(id="a", unit=u, engaged_with="b")
    b = ScenarioUnit(id="b", unit=u, engaged_with="a", characters=[
        Character(name="Boss", profile=u.profile)])
    assert isinstance(b.characters, tuple)
    s = CombatScenario(name="x", sides=[[a], [b]], active_side="defender")
    assert s.sides == ((a,), (b,)) and s.active_side == 1
    with pytest.raises(OddsInputError, match=r"^sides: must be two sequences"):
        CombatScenario(name="x", sides=((a,),))
    with pytest.raises(OddsInputError, match=r"^defender: must be a sequence"):
        CombatScenario(name="x", sides=((a,), b))
    with pytest.raises(OddsInputError, match=r"^attacker\[0\]: must be a ScenarioUnit"):
        CombatScenario(name="x", sides=(("a",), (b,)))
    with pytest.raises(OddsInputError, match=r"^active_side: must be attacker or defender"):
        CombatScenario(name="x", sides=((a,), (b,)), active_side=2)
    with pytest.raises(OddsInputError, match=r"^active_side: must be attacker or defender"):
        CombatScenario(name="x", sides=((a,), (b,)), active_side=True)
    with pytest.raises(OddsInputError, match=r"^options: must be a ScenarioOptions"):
        CombatScenario(name="x", sides=((a,), (b,)), options={})
    with pytest.raises(OddsInputError, match=r"^unit: must be a Unit"):
        ScenarioUnit(id="a", unit="orc_boyz", engaged_with="b")
    with pytest.raises(OddsInputError, match=r"^characters\[0\]: must be a Character"):
        ScenarioUnit(id="a", unit=u, engaged_with="b", characters=("Boss",))
    with pytest.raises(OddsInputError, match=r"^characters: must be a tuple of Character"):
        ScenarioUnit(id="a", unit=u, engaged_with="b", characters="Boss")
    with pytest.raises(OddsInputError, match=r"^unit_id: no unit 'zz' \(have: a, b\)"):
        s.unit("zz")
    with pytest.raises(OddsInputError, match=r"^unit_id: no unit 'zz'"):
        s.side_of("zz")
