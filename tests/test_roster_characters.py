"""Roster characters and joins (issue 11 §2 "Rosters"; RULES.md §1.1, §1.9).

The fixtures ``odds/examples/my_list.ros`` (MDNR Imperio) and
``their_list.ros`` (MDNR Orcos y Goblins) were written for odds from the
catalogues' profiles and costs (not exported by BattleScribe); the expected
values below were read by hand from ``MDNR_Imperio v4_5.cat`` ("Capitán
imperial": M10 HA5 HP5 F4 R4 H2 I5 A3 L8, 50 pts; Escudo 2, Armadura pesada 4)
and ``MDNR_Orcos_y_Goblins v4_5.cat`` ("Gran jefe orco ": M10 HA5 HP3 F4 R5
H2 I3 A3 L8, 65 pts; Armadura ligera 2, Escudo 2; "Rebanadora").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from odds.battlescribe import load_roster
from odds.cli import main
from odds.combat.multiple import fight_scenario
from odds.scenario import CombatScenario, ScenarioUnit
from odds.units import Profile
from odds.validation import OddsInputError

EXAMPLES = Path(__file__).resolve().parents[1] / "odds" / "examples"
MINE = EXAMPLES / "my_list.ros"
THEIRS = EXAMPLES / "their_list.ros"


def test_characters_come_in_with_the_units():
    r = load_roster(MINE)
    assert r.names == ("Lanceros", "Espadachines", "Alabarderos")
    (cap,) = r.characters
    assert cap.name == "Capitán imperial"
    assert cap.profile == Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3, Ld=8)
    assert (cap.equipment.weapon, cap.equipment.armour, cap.equipment.shield) == (
        "hand_weapon", "heavy", True)
    assert cap.armour_save == 3  # heavy 5+, shield, hand weapon and shield on foot (§1.5)
    assert cap.general and not cap.battle_standard and cap.mount_type == "none"
    assert cap.points == 56.0  # 50 + shield 2 + heavy armour 4
    assert r.points == 461.0 == sum(u.points for u in r.units) + cap.points
    # the roster's notes say "join: Lanceros"
    assert r.joined == {"Capitán imperial": "Lanceros"}
    unit, chars = r.regiment("lanceros")
    assert unit.name == "Lanceros" and chars == (cap,)
    assert r.regiment("Espadachines")[1] == ()
    assert not [i for i in r.report if i.kind in ("ignored", "approximated")]


def test_join_option_and_the_choppa_on_a_character():
    r = load_roster(THEIRS)
    (boss,) = r.characters
    assert r.joined == {}
    assert boss.profile == Profile(M=10, WS=5, BS=3, S=4, T=5, W=2, I=3, A=3, Ld=8)
    assert boss.has("choppa") and boss.armour_save == 5  # light + shield, no parry (Rebanadora)
    assert boss.points == 69.0
    r = load_roster(THEIRS, join={"gran jefe orco": "GUERREROS ORCOS"})
    assert r.joined == {"Gran jefe orco": "Guerreros orcos"}
    assert r.regiment("Guerreros orcos")[1] == (boss,)


@pytest.mark.parametrize(("join", "message"), [
    ({"Gran jefe": "Guerreros orcos"}, r"join: no character named 'Gran jefe' in the roster"
                                       r" \(characters: Gran jefe orco\)"),
    ({"Gran jefe orco": "Goblins"}, r"no unit named 'Goblins' in the roster"),
    ("Gran jefe orco", r"join: must be a mapping"),
])
def test_bad_joins_are_clear_errors(join, message):
    with pytest.raises(OddsInputError, match=message):
        load_roster(THEIRS, join=join)


def test_roster_with_characters_joined_is_fought():
    """A fixture roster with a character joined to a unit, imported and fought (issue 11 §4)."""
    mine = load_roster(MINE)
    theirs = load_roster(THEIRS, join={"Gran jefe orco": "Guerreros orcos"})
    lanceros, caps = mine.regiment("Lanceros")
    boyz, bosses = theirs.regiment("Guerreros orcos")
    scenario = CombatScenario(
        name="roster regiments",
        sides=((ScenarioUnit(id="lanceros", unit=lanceros, characters=caps,
                             engaged_with="boyz", charged=True),),
               (ScenarioUnit(id="boyz", unit=boyz, characters=bosses,
                             engaged_with="lanceros"),)),
    )
    r = fight_scenario(scenario, trials=2000, seed=11)
    p = r.sides.set_index(["side", "outcome"]).probability
    assert p["attacker", "wins"] + p["attacker", "broken"] == pytest.approx(1.0)
    assert p["attacker", "wins"] == pytest.approx(p["defender", "broken"])
    assert {"Capitán imperial", "Gran jefe orco"} <= set(r.units.unit)  # fought in their units


def test_odds_roster_lists_characters_and_joins(capsys):
    assert main(["roster", str(THEIRS), "--join", "Gran jefe orco=Guerreros orcos"]) == 0
    out = capsys.readouterr().out
    assert "3 units, 1 characters, 574 points" in out
    assert "joins Guerreros orcos" in out
    assert main(["roster", str(THEIRS), "--join", "nobody"]) == 2
    err = capsys.readouterr().err
    assert "--join: must be CHARACTER=UNIT (got 'nobody')" in err and "Traceback" not in err


def test_hatred_of_a_named_enemy_reaches_its_characters():
    """MDNR Enanos "Agravio ancestral": "Odio a todas las miniaturas de tipo Pielverde" -- the
    Big Boss in the orc unit is one (the character carries its army tag from the roster)."""
    from odds.combat.model import G_REROLL, RANK_AND_FILE
    from odds.combat.multiple import scenario_model
    from odds.units import library_unit

    theirs = load_roster(THEIRS, join={"Gran jefe orco": "Guerreros orcos"})
    boyz, bosses = theirs.regiment("Guerreros orcos")
    assert bosses[0].army == "orcs_and_goblins"
    scenario = CombatScenario(
        name="grudge",
        sides=((ScenarioUnit(id="dwarfs", unit=library_unit("dwarf_warriors"),
                             engaged_with="boyz", charged=True),),
               (ScenarioUnit(id="boyz", unit=boyz, characters=bosses,
                             engaged_with="dwarfs"),)),
    )
    m = scenario_model(scenario)
    boss = m.names.index("Gran jefe orco")
    assert m.groups[0, boss, RANK_AND_FILE, 0, G_REROLL] == 1
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 1
    assert m.groups[boss, 0, RANK_AND_FILE, 0, G_REROLL] == 0
