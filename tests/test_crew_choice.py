"""A crew the entry must choose: O&G (Machotez de Grimgor) "Elección de dotación".

Checks written by hand from ../shared/battlescribe/MDNR_Orcos_y_Goblins_Machotez_de_Grimgor_v1.cat,
entries "Lanzapiedroz" and "Lanzapinchoz": rule "Elección de dotación" ("Debes escoger si la
dotación ... está formada por Orcos (con su coste habitual en puntos) o bien, que esté
operada por un Ezpabilagoblins al mando de unos operarios Goblins") over the group
"Dotación de Orcos" ("Sí": "Dotación de orcos" +10, 3 "Orco"; "No": 3 "Goblin" and an
"Ezpabilagoblinz" +5), a group of no minimum (skipped when the folder is absent).
"""

from __future__ import annotations

from conftest import cat, kinds, needs_data

from odds.units import Profile

GRIMGOR = "MDNR_Orcos_y_Goblins_Machotez_de_Grimgor_v1.cat"

pytestmark = needs_data

# "Goblin" M10 HA2 HP3 F3 R3 H1 I2 A1 L6 with the machine's R7 H3 ("Lanzapiedroz" profile)
GOBLIN_CREW = Profile(M=10, WS=2, BS=3, S=3, T=7, W=3, I=2, A=1, Ld=6)
# "Ezpabilagoblins" M10 HA3 HP3 F3 R4 H1 I2 A1 L7, "Rebanadora" (a hand weapon), "Armadura
# ligera": the machine's crewman of his own profile (tests/test_never_duels.py)
FOREMAN = Profile(M=10, WS=3, BS=3, S=3, T=4, W=1, I=2, A=1, Ld=7)


def test_stone_thrower_takes_the_cheapest_crew():
    # "No" (0) with "Goblins" (min 3) and "Ezpabilagoblinz" (min 1, 5 points) beats "Sí" (25)
    # with "Dotación de orcos" (10): 70 + 5 = 75 points (the foreman's 5 as his command
    # model's); before, no crew and a blank profile
    u = cat(GRIMGOR).entry("Lanzapiedroz").default_unit
    assert u.profile == GOBLIN_CREW and u.crew == 3
    assert u.extra_crew is None and u.command.champion and u.champion_profile == FOREMAN
    assert u.points_per_model == 70 and u.points == 75


def test_bolt_thrower_takes_the_foreman_its_rule_names():
    # "Lanzapinchoz" 35 points; its "Ezpabilagoblinz" has no minimum in the data, but the
    # rule's text says the Goblins are led by one: 35 + 5 = 40
    u = cat(GRIMGOR).entry("Lanzapinchoz").default_unit
    assert u.profile == GOBLIN_CREW and u.crew == 3
    assert u.extra_crew is None and u.command.champion and u.champion_profile == FOREMAN
    assert u.points_per_model == 35 and u.points == 40


def test_orc_crew_when_named():
    # "Orco" HA3 L7; "Sí" 25 + "Dotación de orcos" 10: 105 points, no second crew
    u = cat(GRIMGOR).entry("Lanzapiedroz").unit(upgrades=["Orcos"])
    assert u.profile == GOBLIN_CREW.replace(WS=3, Ld=7)
    assert u.extra_crew is None and not u.command.champion and u.points == 105


def test_report():
    items = {(i.item, i.kind) for i in cat(GRIMGOR).report.for_unit("Lanzapiedroz")}
    assert ("Elección de dotación", "note") in items
    # his own T4, W1 and save as a body of his own beside the machine
    assert ("Ezpabilagoblins", "note") in items
    assert not {k for _, k in items} & {"approximated", "ignored"}
    # the rule "Ezpabilagoblins" (shots shared among machine, Goblins and him) is shooting
    assert ("Ezpabilagoblins", "no_combat_effect") in items
    assert not {n for n, _ in items} & {"Lanzapiedroz HA", "Lanzapiedroz A", "Lanzapiedroz"}
    assert "Elección de dotación" in kinds(cat(GRIMGOR), "Lanzapinchoz")
