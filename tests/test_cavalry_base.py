"""Infantry on cavalry bases: ``MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat``, entry
"Artilleros de Cubierta", rule "Dos por uno": "Los Artilleros de Cubierta se montan en una peana
de caballería y tienen Potencia de unidad 2 (aunque son Infantería). La peana tiene una tirada
de salvación por armadura de 6+".

Each model of the entry is one base (one "Zombis" selection, with its one "Falconete"), its
profile printing the base's Potencia 2 and TSA 6+; the base's frontage and depth are the
cavalry's (RULES.md §1.1, base contact).
"""

from __future__ import annotations

import pytest
from conftest import SHARED, binomial, cat, check_first_round, clean

from odds.combat.model import CombatOptions, build
from odds.combat.model.layout import S_BASE, S_DEPTH
from odds.units import unit_from_dict

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")

BOOK = "MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat"
GUNNERS = "Artilleros de Cubierta"


def _enemy():
    """Ten WS3 S3 infantry models in one rank of ten (a 200 mm front), A1, no save, immune to
    psychology (the zombies' fear takes no test at the charge)."""
    return unit_from_dict({
        "name": "E", "troop_type": "infantry", "models": 10, "files": 10,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "rules": {"special": ["immune_to_psychology"]},
    })


def test_deck_gunners_import_with_nothing_left_out():
    """The entry is imported whole: infantry on cavalry bases, Potencia 2 and a 6+ save per
    model (its printed profile), the rule read as the ``cavalry_base`` flag."""
    c = cat(BOOK)
    u = c.unit(GUNNERS)
    assert u.troop_type == "infantry"
    assert u.has("cavalry_base")
    assert u.unit_strength_per_model == 2
    assert u.armour_save_override == 6
    assert clean(c, GUNNERS)


def test_cavalry_bases_widen_the_front_the_enemy_touches():
    """Ten gunners in five files: five 25 mm cavalry bases make a 125 mm front, which an enemy
    line of 20 mm bases touches with ceil(125 / 20) = 7 models plus one at each corner, 9 in
    all (on infantry bases, 100 mm: 5 + 2 = 7).  Each enemy attack wounds with WS3 against
    WS3 (4+), S3 against T3 (4+) and the base's 6+ save failed: p = 1/2 x 1/2 x 5/6 = 5/24,
    so the wounds are Binomial(9, 5/24) (Binomial(7, 5/24) without the rule), checked on the
    exact engine and on the kernel at z = 5."""
    gunners = cat(BOOK).unit(GUNNERS, models=10, files=5)
    plain = gunners.replace(special=tuple(s for s in gunners.special if s != "cavalry_base"))
    for unit, n, seed in ((gunners, 9, 3601), (plain, 7, 3602)):
        model = build(_enemy(), unit, options=CombatOptions(max_rounds=1))
        assert (model.sides[1, S_BASE], model.sides[1, S_DEPTH]) == (
            (25, 50) if unit is gunners else (20, 20))
        check_first_round(model, binomial(n, 5 / 24), seed, f"wounds on {n} bases' front")
