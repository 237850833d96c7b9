"""Golden tests for the rule tables in odds.rules (RULES.md §1.3-1.7, §2.2, §2.3)."""

from __future__ import annotations

import pytest

from odds import rules
from odds.validation import OddsInputError

# RULES.md §1.3, transcribed cell by cell: row = attacker WS 1..10, column = defender WS 1..10.
TO_HIT_TABLE = """
1  | 4 4 5 5 5 5 5 5 5 5
2  | 3 4 4 4 5 5 5 5 5 5
3  | 3 3 4 4 4 4 5 5 5 5
4  | 3 3 3 4 4 4 4 4 5 5
5  | 3 3 3 3 4 4 4 4 4 4
6  | 3 3 3 3 3 4 4 4 4 4
7  | 3 3 3 3 3 3 4 4 4 4
8  | 3 3 3 3 3 3 3 4 4 4
9  | 3 3 3 3 3 3 3 3 4 4
10 | 3 3 3 3 3 3 3 3 3 4
"""

# RULES.md §1.4, transcribed cell by cell: row = S 1..10, column = T 1..10; N = impossible.
TO_WOUND_TABLE = """
1  | 4 5 6 6 N N N N N N
2  | 3 4 5 6 6 N N N N N
3  | 2 3 4 5 6 6 N N N N
4  | 2 2 3 4 5 6 6 N N N
5  | 2 2 2 3 4 5 6 6 N N
6  | 2 2 2 2 3 4 5 6 6 N
7  | 2 2 2 2 2 3 4 5 6 6
8  | 2 2 2 2 2 2 3 4 5 6
9  | 2 2 2 2 2 2 2 3 4 5
10 | 2 2 2 2 2 2 2 2 3 4
"""


def _cells(table: str) -> list[tuple[int, int, int]]:
    out = []
    for line in table.strip().splitlines():
        row, values = line.split("|")
        for col, value in enumerate(values.split(), start=1):
            out.append((int(row), col, 7 if value == "N" else int(value)))
    return out


TO_HIT_CELLS = _cells(TO_HIT_TABLE)
TO_WOUND_CELLS = _cells(TO_WOUND_TABLE)


def test_tables_transcribed_completely():
    assert len(TO_HIT_CELLS) == 100
    assert len(TO_WOUND_CELLS) == 100


@pytest.mark.parametrize(("ws_att", "ws_def", "needed"), TO_HIT_CELLS)
def test_to_hit_table_s1_3(ws_att, ws_def, needed):
    """RULES.md §1.3: every cell of the to-hit table."""
    assert rules.to_hit(ws_att, ws_def) == needed


@pytest.mark.parametrize(("s", "t", "needed"), TO_WOUND_CELLS)
def test_to_wound_table_s1_4(s, t, needed):
    """RULES.md §1.4: every cell of the to-wound table (N = 7)."""
    assert rules.to_wound(s, t) == needed


def test_to_hit_ws0_s1_3():
    """RULES.md §1.3 special cases: WS 0 defender hit automatically, WS 0 attacker cannot."""
    assert rules.to_hit(4, 0) == rules.AUTOMATIC == 0
    assert rules.to_hit(0, 4) == rules.IMPOSSIBLE == 7
    assert rules.to_hit(0, 0) == 7


def test_to_wound_s0_never_wounds_s1_4():
    """RULES.md §1.4: S0 never wounds."""
    assert all(rules.to_wound(0, t) == 7 for t in range(1, 11))


@pytest.mark.parametrize(
    ("func", "args", "key"),
    [
        (rules.to_hit, (11, 3), "ws_attacker"),
        (rules.to_hit, (3, -1), "ws_defender"),
        (rules.to_hit, (3.5, 3), "ws_attacker"),
        (rules.to_wound, (3, 0), "toughness"),
        (rules.to_wound, (11, 3), "strength"),
        (rules.to_wound, ("3", 3), "strength"),
        (rules.strength_save_modifier, (-1,), "strength"),
        (rules.modified_save, (8, 3), "base_save"),
        (rules.modified_save, (4, 3, 1), "armour_piercing"),
    ],
)
def test_bad_arguments_name_the_field(func, args, key):
    with pytest.raises(OddsInputError, match=rf"^{key}: "):
        func(*args)


# RULES.md §1.5 strength modifier table.
STRENGTH_MODIFIERS = {0: 0, 1: 0, 2: 0, 3: 0, 4: -1, 5: -2, 6: -3, 7: -4, 8: -5, 9: -6, 10: -7}


@pytest.mark.parametrize(("s", "mod"), sorted(STRENGTH_MODIFIERS.items()))
def test_strength_save_modifier_s1_5(s, mod):
    """RULES.md §1.5: S<=3 0, S4 -1 ... S10 -7."""
    assert rules.strength_save_modifier(s) == mod


@pytest.mark.parametrize(
    ("base", "s", "ap", "needed"),
    [
        (4, 3, False, 4),
        (4, 4, False, 5),
        (4, 5, False, 6),
        (4, 6, False, 7),  # 4+ vs S6: no save
        (4, 3, True, 5),  # armour piercing: a further -1
        (1, 4, False, 2),
        (1, 3, False, 1),  # 1+ stays 1; the kernel clamps at 2 (natural 1 fails)
        (0, 4, False, 1),  # better than 1+ only helps against modifiers
        (-1, 5, False, 1),
        (7, 1, False, 7),  # no save stays no save
        (6, 10, True, 7),
        (2, 8, False, 7),
        (2, 7, False, 6),
    ],
)
def test_modified_save_s1_5(base, s, ap, needed):
    """RULES.md §1.5: save after the Strength modifier and armour piercing."""
    assert rules.modified_save(base, s, armour_piercing=ap) == needed


# RULES.md §1.5 save table, one row per line: (troop type, armour, shield, barding, expected).
SAVE_TABLE = [
    # on foot (hand weapon, shooting so no parry bonus)
    ("infantry", "none", False, False, 7),
    ("infantry", "light", False, False, 6),
    ("infantry", "none", True, False, 6),
    ("infantry", "light", True, False, 5),
    ("infantry", "heavy", False, False, 5),
    ("infantry", "heavy", True, False, 4),
    ("infantry", "plate", False, False, 4),
    # cavalry (rider + steed)
    ("cavalry", "none", False, False, 6),
    ("cavalry", "light", False, False, 5),
    ("cavalry", "none", True, False, 5),
    ("cavalry", "light", True, False, 4),
    ("cavalry", "heavy", False, False, 4),
    ("cavalry", "heavy", True, False, 3),
    ("cavalry", "plate", False, False, 3),
    ("cavalry", "heavy", True, True, 2),
    ("cavalry", "plate", True, True, 1),
]


@pytest.mark.parametrize(("tt", "armour", "shield", "barding", "save"), SAVE_TABLE)
def test_armour_save_table_s1_5(tt, armour, shield, barding, save):
    """RULES.md §1.5 save table (against shooting: no hand-weapon-and-shield bonus)."""
    got = rules.armour_save(tt, armour, shield, barding, "hand_weapon", in_close_combat=False)
    assert got == save


@pytest.mark.parametrize(
    ("tt", "armour", "shield", "weapon", "save"),
    [
        ("infantry", "light", True, "hand_weapon", 4),  # +1 parry in close combat
        ("infantry", "none", True, "hand_weapon", 5),
        ("infantry", "heavy", True, "hand_weapon", 3),
        ("infantry", "plate", True, "hand_weapon", 2),
        ("monstrous_infantry", "light", True, "hand_weapon", 4),
        ("cavalry", "light", True, "hand_weapon", 4),  # no parry bonus for cavalry
        ("chariot", "light", True, "hand_weapon", 5),  # nor chariot crews (no cavalry +1)
        ("monster", "none", True, "hand_weapon", 6),  # monsters: no cavalry +1, no parry
        ("infantry", "light", True, "spear", 5),  # parry needs the hand weapon
        ("infantry", "light", True, "morning_star", 5),
        ("infantry", "light", True, "great_weapon", 6),  # two hands: no shield at all in CC
        ("infantry", "light", True, "halberd", 6),
        ("infantry", "light", True, "flail", 6),
        ("infantry", "light", True, "additional_hand_weapon", 6),
        ("cavalry", "plate", True, "lance", 2),
    ],
)
def test_armour_save_in_close_combat_s1_5(tt, armour, shield, weapon, save):
    """RULES.md §1.5: hand weapon + shield on foot in close combat; two-handed weapons."""
    assert rules.armour_save(tt, armour, shield, False, weapon) == save


def test_two_handed_weapon_keeps_shield_against_shooting_s1_5():
    """RULES.md §1.5/§1.7: the shield still counts outside close combat."""
    assert rules.armour_save("infantry", "light", True, False, "great_weapon", False) == 5


def test_barding_only_for_cavalry_and_chariots_s1_5():
    """RULES.md §1.5: barding is a steed's armour."""
    assert rules.armour_save("chariot", "none", False, True) == 6
    with pytest.raises(OddsInputError, match=r"^barding: .*infantry"):
        rules.armour_save("infantry", "light", False, True)


@pytest.mark.parametrize(
    ("kwargs", "key"),
    [
        ({"troop_type": "elephant"}, "troop_type"),
        ({"troop_type": "infantry", "armour": "mithril"}, "armour"),
        ({"troop_type": "infantry", "weapon": "trident"}, "weapon"),
        ({"troop_type": "infantry", "shield": 1}, "shield"),
    ],
)
def test_armour_save_bad_input(kwargs, key):
    with pytest.raises(OddsInputError, match=rf"^{key}: "):
        rules.armour_save(**kwargs)


@pytest.mark.parametrize(
    ("tt", "wounds", "riders", "crew", "us"),
    [
        ("infantry", 1, 0, 0, 1),
        ("infantry", 3, 0, 0, 1),  # characters on foot: 1 whatever their wounds
        ("cavalry", 1, 0, 0, 2),
        ("monstrous_infantry", 3, 0, 0, 3),
        ("monster", 6, 0, 0, 6),
        ("monster", 6, 1, 0, 7),  # dragon + rider: "Potencia 7 (6+1 del jinete)"
        ("chariot", 4, 0, 0, 4),
        ("chariot", 4, 1, 0, 5),
        ("war_machine", 3, 0, 3, 3),  # MDNR Default: crew count
        ("war_machine", 3, 0, 2, 2),
        ("swarm", 5, 0, 0, 3),  # MDNR data: spider swarm W5 "Potencia 3"
    ],
)
def test_unit_strength_per_model_s2_3(tt, wounds, riders, crew, us):
    """RULES.md §2.3 unit strength table."""
    assert rules.unit_strength_per_model(tt, wounds, riders=riders, crew=crew) == us


@pytest.mark.parametrize(
    ("models", "files", "bonus"),
    [
        (30, 3, 0),  # 3 wide never counts
        (12, 4, 2),
        (20, 5, 3),
        (40, 5, 3),  # max +3
        (9, 5, 1),  # incomplete last rank of 4 counts
        (8, 5, 0),  # incomplete last rank of 3 does not
        (5, 5, 0),  # one rank
        (3, 10, 0),  # narrower than the frontage: one rank
        (14, 5, 2),
        (13, 5, 1),
        (16, 4, 3),
        (0, 5, 0),
    ],
)
def test_rank_bonus_s2_2(models, files, bonus):
    """RULES.md §2.2: +1 per rank behind the first >= 4 wide (last rank if >= 4), max 3."""
    assert rules.rank_bonus(models, files) == bonus


# RULES.md §1.7 weapons table: (key, S bonus, when, extra A, strikes last, ranks, 2 hands).
WEAPON_TABLE = [
    ("hand_weapon", 0, "always", 0, False, False, False),
    ("additional_hand_weapon", 0, "always", 1, False, False, True),
    ("great_weapon", 2, "always", 0, True, False, True),
    ("halberd", 1, "always", 0, False, False, True),
    ("spear", 0, "always", 0, False, True, False),
    ("cavalry_spear", 1, "charge", 0, False, False, False),
    ("lance", 2, "charge", 0, False, False, False),
    ("flail", 2, "first_round", 0, False, False, True),
    ("morning_star", 1, "first_round", 0, False, False, False),
    # not in §1.7: MDNR Mercenarios "Pica" ("Lucha en cuatro filas ... Requiere ambas manos")
    ("pike", 0, "always", 0, False, True, True),
    # §1.7 "Pistol in CC ... brace = two hand weapons (+1 A)": the shot's S4 and armour
    # piercing are shot_strength (first round; every round for "¡Montones de pistolas!")
    ("brace_of_pistols", 0, "always", 1, False, False, True),
    ("heaps_of_pistols", 0, "always", 1, False, False, True),
    # Regimientos de Renombre "Pistola de Lucca": "cuenta como dos armas de mano"; one of the
    # attacks is the pistol's (its shot: S4, armour piercing in the first round)
    ("hand_weapon_and_pistol", 0, "always", 1, False, False, True),
    # Regimientos de Renombre "Cimitarra de Dakistir": "F+2 en el turno en que carga; F+1 en
    # los demás" (a hand weapon)
    ("dakistir_scimitar", 1, "always", 0, False, False, False),
    # MDNR Imperio "Descarga cerrada": a brace on horseback, +1 A in the first round only
    ("volley_of_pistols", 0, "always", 0, False, False, True),
    # MDNR Imperio "Martillo del lobo blanco" mounted: F+1, F+2 on the charge (charge_extra)
    ("white_wolf_hammer", 1, "always", 0, False, False, True),
    # Regimientos de Renombre "Garras de los ancestrales (cuerpo a cuerpo)": "F+1"
    ("ancestral_claws", 1, "always", 0, False, False, False),
    # Enanos del Caos "Arma demoníaca": "La del portador + 1" (one hand, no parry)
    ("daemon_weapon", 1, "always", 0, False, False, False),
    # Reinos del Caos Mortales "Mayales de la ira": "cuentan como dos armas de mano,
    # proporcionan F+1 en primer turno de combate"
    ("wrath_flails", 1, "first_round", 1, False, False, True),
]


def test_weapon_table_complete_s1_7():
    assert sorted(rules.WEAPONS) == sorted(row[0] for row in WEAPON_TABLE)


@pytest.mark.parametrize("row", WEAPON_TABLE, ids=[r[0] for r in WEAPON_TABLE])
def test_weapon_table_s1_7(row):
    """RULES.md §1.7 weapons table."""
    key, bonus, when, attacks, last, in_ranks, two_hands = row
    w = rules.WEAPONS[key]
    assert w.name == key
    assert (w.strength_bonus, w.bonus_when, w.extra_attacks) == (bonus, when, attacks)
    assert (w.strikes_last, w.fights_in_ranks, w.two_handed) == (last, in_ranks, two_hands)


def test_weapon_carriers_s1_7():
    """RULES.md §1.7: lances mounted only; additional hand weapon foot only."""
    mounted = {k for k, w in rules.WEAPONS.items() if w.mounted_only}
    foot = {k for k, w in rules.WEAPONS.items() if w.foot_only}
    assert mounted == {"lance", "cavalry_spear", "volley_of_pistols", "white_wolf_hammer"}
    # "Pica": "Sólo Infantería"; gst "Par de pistolas": "Sólo infantería"
    # "Mayales de la ira": "cuentan como dos armas de mano" (as the additional hand weapon)
    assert foot == {"additional_hand_weapon", "spear", "pike", "brace_of_pistols",
                    "heaps_of_pistols", "wrath_flails", "hand_weapon_and_pistol"}
    # of Lucca's two weapons only the pistol's blow takes the shot
    assert rules.WEAPONS["hand_weapon_and_pistol"].pistol_attacks == 1
    assert rules.weapon_shoots("hand_weapon_and_pistol", first_round=True)
    assert not rules.weapon_shoots("hand_weapon_and_pistol", first_round=False)


@pytest.mark.parametrize(
    ("s", "weapon", "charging", "first_round", "expected"),
    [
        (3, "hand_weapon", True, True, 3),
        (3, "great_weapon", False, False, 5),
        (3, "halberd", False, True, 4),
        (3, "lance", True, True, 5),
        (3, "lance", False, True, 3),  # only on the turn it charges
        (3, "cavalry_spear", True, True, 4),
        (3, "cavalry_spear", False, False, 3),
        (4, "flail", False, True, 6),
        (4, "flail", True, False, 4),  # first round only
        (4, "morning_star", False, True, 5),
        (4, "morning_star", False, False, 4),
        (4, "dakistir_scimitar", True, True, 6),  # F+2 on the turn it charges
        (4, "dakistir_scimitar", False, True, 5),  # F+1 otherwise
        (9, "great_weapon", False, False, 10),  # characteristics never exceed 10
    ],
)
def test_weapon_strength_s1_7(s, weapon, charging, first_round, expected):
    """RULES.md §1.7: Strength bonuses and when they apply."""
    assert rules.weapon_strength(s, weapon, charging=charging, first_round=first_round) == expected


def test_fighting_ranks_s1_1():
    """RULES.md §1.1: infantry spears fight in 2 ranks, but not on the turn they charge."""
    assert rules.fighting_ranks("spear", charged=False) == 2
    assert rules.fighting_ranks("spear", charged=True) == 1
    assert rules.fighting_ranks("hand_weapon", charged=False) == 1


@pytest.mark.parametrize(
    ("expr", "spec", "mean"),
    [
        ("", (0, 0, 0), 0.0),
        ("1", (0, 0, 1), 1.0),
        ("2", (0, 0, 2), 2.0),
        ("d3", (1, 3, 0), 2.0),
        ("d6", (1, 6, 0), 3.5),
        ("d6+1", (1, 6, 1), 4.5),
        ("2d6", (2, 6, 0), 7.0),
        ("2d6+1", (2, 6, 1), 8.0),
    ],
)
def test_parse_dice_s1_6(expr, spec, mean):
    """RULES.md §1.6: impact hits and multiple wounds expressions."""
    d = rules.parse_dice(expr)
    assert (d.n, d.sides, d.plus) == spec
    assert d.mean == mean
    assert d.minimum <= d.mean <= d.maximum


def test_every_accepted_expression_parses():
    for expr in (*rules.IMPACT_HITS, *rules.MULTIPLE_WOUNDS):
        rules.parse_dice(expr)


@pytest.mark.parametrize("expr", ["x", "d", "d6+", "6+1", "D6", 3])
def test_parse_dice_rejects(expr):
    with pytest.raises(OddsInputError, match=r"^impact_hits: "):
        rules.parse_dice(expr, "impact_hits")
