"""Reinos Ogros, Horda Gnoblar: "Afortunados" (the Zuertudoz Azkerozoz's re-rolls and wards).

``MDNR_Reinos_Ogros_Horda_Gnoblar_v1.cat``, entry "Zuertudoz Azkerozoz", rule "Afortunados":
"Los Zuertudoz pueden repetir cualquier tirada. Ten en cuenta que pueden ser tiradas fallidas
o exitosas, y cualquier número de ellas (aunque, como es habitual, las tiradas repetidas no se
pueden repetir). En caso de tiradas múltiples (como un chequeo de Liderazgo) se repite toda la
tirada, no sólo un dado. Además, los Zuertudoz tienen una Tirada de salvación especial de 6+;
el Zuperzuertudo la tiene de 5+" (``lucky``: ``odds/special_rules/skaven_ogres.py``).  Each
re-roll is checked against its hand-worked law at z = 5 (the exact first round refuses the
rule).
"""

from __future__ import annotations

from conftest import (
    assert_mc,
    binomial,
    cat,
    check_kernel_first_round,
    clean,
    infantry,
    needs_data,
)

from odds import special_rules
from odds.combat import SideOptions
from odds.combat.api import simulate
from odds.combat.model import CAUGHT, ESCAPED, FRONT, CombatOptions, build, build_units, layout
from odds.units import Profile

BOOK = "MDNR_Reinos_Ogros_Horda_Gnoblar_v1.cat"
ENTRY = "Zuertudoz Azkerozoz"


@needs_data
def test_the_zuertudoz_from_the_catalogue():
    """The entry's profiles "Zuertudo Azkerozo" (M10 HA2 HP3 F2 R3 H1 I3 A1 L5, TSA 6+) and
    "Zuperzuertudo" (A2); 20 models at least, 5 points each; "Grupo de mando": Zuperzuertudo
    8, Músico 4, Portaestandarte 8.  "Afortunados" gives the unit its re-rolls
    (``lucky``), its psychology tests' and its flee and pursuit rolls', a 6+ ward and the
    Zuperzuertudo a 5+ one; nothing of the entry is ignored or approximated."""
    book = cat(BOOK)
    unit = book.unit(ENTRY, command="full")
    assert unit.profile == Profile(M=10, WS=2, BS=3, S=2, T=3, W=1, I=3, A=1, Ld=5)
    assert unit.champion_profile == Profile(M=10, WS=2, BS=3, S=2, T=3, W=1, I=3, A=2, Ld=5)
    assert unit.models == 20 and unit.armour_save == 6
    assert {"lucky", "psychology_reroll", "reroll_flee_pursue"} <= set(unit.special)
    assert unit.ward_save == 6 and unit.champion_ward_save == 5
    assert (unit.command.champion_points, unit.command.musician_points,
            unit.command.standard_points) == (8, 4, 8)
    assert clean(book, ENTRY)


def _lucky(models: int = 5, **kw):
    """Five WS3 S3 T3 gnoblars (A1, no save unless ``save``) with ``lucky``."""
    return infantry("Zuertudoz", models, 5, special=("lucky",), **kw)


def test_lucky_rerolls_its_failed_hits_and_wounds():
    """Five WS3 S3 attacks on WS3 T3 without a save hit on 4+ and wound on 4+ (RULES.md
    §1.3, §1.4); each failed roll re-rolled once succeeds with 1/2 + 1/2 * 1/2 = 3/4, so a
    wound per attack is 9/16: Binomial(5, 9/16) (the kernel at z = 5); without the rule
    Binomial(5, 1/4).  The enemy (A0) strikes nothing."""
    enemy = infantry("Objetivo", 10, 5, A=0)
    opts = CombatOptions(charger="attacker", max_rounds=1)
    lucky = build(_lucky(), enemy, options=opts)
    assert special_rules.exact_refuses(lucky, layout)
    check_kernel_first_round(lucky, binomial(5, 9 / 16), 7101, "lucky hits and wounds")
    plain = build(infantry("Gnoblars", 5, 5), enemy, options=opts)
    check_kernel_first_round(plain, binomial(5, 1 / 4), 7102, "without the rule")


def test_lucky_rerolls_its_failed_armour_and_ward_saves():
    """Six WS3 S3 attacks on the lucky unit (WS3 T3, a 5+ armour save, a 6+ ward) hit and
    wound with 1/2 x 1/2; the armour save fails twice with (2/3)^2, the ward twice with
    (5/6)^2: an unsaved wound per attack 1/4 x 4/9 x 25/36 = 25/324, Binomial(6, 25/324);
    without the rule 1/4 x 2/3 x 5/6 = 5/36.  The lucky unit (A0) strikes nothing."""
    enemy = infantry("Atacantes", 6, 6)
    opts = CombatOptions(charger="attacker", max_rounds=1)
    target = _lucky(10, A=0, save=5).replace(ward_save=6)
    lucky = build(enemy, target, options=opts)
    assert lucky.sides[1, layout.S_LUCKY] == 1
    check_kernel_first_round(lucky, binomial(6, 25 / 324), 7103, "lucky saves")
    plain = build(enemy, infantry("Gnoblars", 10, 5, A=0, save=5).replace(ward_save=6),
                  options=opts)
    check_kernel_first_round(plain, binomial(6, 5 / 36), 7104, "saves without the rule")


def _break_rate(special: tuple[str, ...], seed: int) -> float:
    """How often a Ld7 unit with ``special`` breaks, losing the one round by 3.

    Nobody can wound (S1 against T10): the enemy wins by its static +3 (RULES.md §3.2).
    """
    unit = infantry("Zuertudoz", 10, 5, S=1, T=10, Ld=7, special=special)
    enemy = infantry("Ogros", 10, 5, S=1, T=10)
    model = build_units([unit, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                        [None, SideOptions(static_bonus=3)], CombatOptions(max_rounds=1))
    assert model.sides[0, layout.S_BSB] == ("lucky" in special)
    out = simulate(model, 200_000, seed)
    return (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / 200_000


def test_lucky_rerolls_a_failed_break_test():
    """Losing by 3 at Ld 7 the unit needs 4 or less on 2D6 (1/6): it breaks with 5/6,
    and re-rolling the whole failed test once ("se repite toda la tirada") with
    (5/6)^2 = 25/36 (RULES.md §3.2; the kernel at z = 5)."""
    assert_mc(_break_rate(("lucky",), 7105), 25 / 36, 200_000, what="lucky break test")
    assert_mc(_break_rate((), 7106), 5 / 6, 200_000, what="break test without the rule")


@needs_data
def test_the_imported_unit_in_a_combat():
    """The Zuertudoz with their command group against a plain enemy: the Zuperzuertudo
    fights as a body of his own with his 5+ ward, the rank and file with their 6+ (the
    enemy's rows on each), both re-roll their saves (``S_LUCKY``) and their own hits and
    wounds (``G_REROLL``, ``G_REROLL_WOUND``); the unit re-rolls a failed break test
    (``S_BSB``), its psychology tests (``S_GRUMBLERS`` 3, own tests only) and its flee and
    pursuit rolls (``S_REROLL_FLIGHT``)."""
    unit = cat(BOOK).unit(ENTRY, command="full")
    model = build(unit, infantry("Enemigo", 10, 5), options=CombatOptions(charger="attacker"))
    champ = int(model.sides[0, layout.S_CHAMP_BODY])
    assert champ >= 2
    enemy = 1
    rf, kind = layout.RANK_AND_FILE, 0
    assert model.groups[enemy, 0, rf, kind, layout.G_WARD] == 6
    assert model.groups[enemy, champ, rf, kind, layout.G_WARD] == 5
    for body in (0, champ):
        assert model.sides[body, layout.S_LUCKY] == 1
    for body in (0, champ):  # a champion's body strikes with its rank-and-file row
        row = model.groups[body, enemy, rf, kind]
        assert row[layout.G_REROLL] == 1 and row[layout.G_REROLL_WOUND] == 1
    assert model.sides[0, layout.S_BSB] == 1 and model.sides[0, layout.S_GRUMBLERS] == 3
    assert model.sides[0, layout.S_REROLL_FLIGHT] == 1
