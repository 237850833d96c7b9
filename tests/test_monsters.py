"""Monsters, war machines and units of several profiles (issue 11), from the catalogues' text.

Catalogue checks are written by hand from the profiles and rule descriptions in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare
the kernel with a probability worked out by hand at z = 5 with a fixed seed.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest
from conftest import assert_mc

from odds import dice
from odds.combat import CombatOptions, fight
from odds.combat.model import S_FLEE_DICE, S_PURSUE_DICE, _side, random_move_tail
from odds.combat.model import SideOptions as _SideOptions
from odds.unit_reference import load_unit
from odds.units import unit_from_dict
from odds.validation import OddsInputError

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "battlescribe"
needs_data = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")
N = 100_000
_CACHE: dict[str, object] = {}


def cat(name: str):
    from odds.battlescribe import load_catalogue

    if name not in _CACHE:
        _CACHE[name] = load_catalogue(SHARED / name)
    return _CACHE[name]


def kinds(catalogue, unit: str) -> dict[str, str]:
    return {i.item: i.kind for i in catalogue.report.for_unit(unit)}


def p_pass(ld: int) -> float:
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


# ------------------------------------------------------------------ random movement


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Reinos_del_Caos_Mortales_v5.cat",
                                  "MDNR_Reinos_del_Caos_Bestias_v5.cat",
                                  "MDNR_Reinos_del_Caos_Demonios_v5.cat"])
@pytest.mark.parametrize("name", ["Engendro del Caos", "Engendro gigantesco"])
def test_chaos_spawn_moves_randomly(book, name):
    """Reinos del Caos "Engendro del Caos" / "Engendro gigantesco": M printed "5D6", gst
    "Movimiento aleatorio (5D6)" ("haz la tirada cada vez que quieras mover"): random_move
    5d6, so it flees and pursues 5D6 (its mean M 17 would give 8D6, RULES.md §4.1); nothing
    of the unit is approximated any more (also A "1D6+1": random attacks; "Inmune a
    desmoralización": unbreakable)."""
    c = cat(book)
    u = c.entry(name).unit()
    assert u.random_move == "5d6"
    assert u.profile.M == 17  # the mean roll, shown only
    assert u.random_attacks == "d6+1" and u.has("unbreakable")
    k = kinds(c, name)
    assert not [i for i, kind in k.items() if kind in ("ignored", "approximated")], k
    side = _side(u, _SideOptions())
    assert side[S_FLEE_DICE] == 5 and side[S_PURSUE_DICE] == 5


@needs_data
def test_squig_hoppers_move_8d6():
    """Orcos y Goblins "Jinetez de garrapato": M "8D6": random_move 8d6 (flee/pursue 8D6)."""
    c = cat("MDNR_Orcos_y_Goblins v4_5.cat")
    u = c.entry("Jinetez de garrapato").unit()
    assert u.random_move == "8d6"
    assert _side(u, _SideOptions())[S_FLEE_DICE] == 8
    assert "Jinete de garrapato M" not in kinds(c, "Jinetez de garrapato")


def test_random_move_field_validated_and_round_trips():
    base = {"name": "x", "troop_type": "monster", "models": 1, "files": 1,
            "profile": {"M": 17, "WS": 3, "BS": 0, "S": 4, "T": 5, "W": 3, "I": 2, "A": 2,
                        "Ld": 10}}
    u = unit_from_dict({**base, "rules": {"random_move": "5d6"}})
    assert u.random_move == "5d6"
    assert unit_from_dict(u.to_dict()) == u
    with pytest.raises(OddsInputError, match="random_move"):
        unit_from_dict({**base, "rules": {"random_move": "2d6"}})


def test_random_move_tail_counts():
    """The tail table: outcomes of n D6 summing to at least k (worked out by hand for 1-2 D6)."""
    assert list(random_move_tail(1)[:8]) == [6, 6, 5, 4, 3, 2, 1, 0]
    t = random_move_tail(2)
    assert t[0] == 36 and t[12] == 1 and t[11] == 3 and t[7] == 21 and t[13] == 0
    t5 = random_move_tail(5)
    pmf = dice.sum_pmf(5)
    assert t5[12] / 6 ** 5 == pytest.approx(float(pmf[12:].sum()))


def test_random_mover_charge_catches_with_its_roll():
    """gst "Movimiento aleatorio (5D6)": contact is a charge; a unit fleeing from it is
    caught when the roll that brought it in (at least the 12 cm gap) also covers the flee
    roll: P(R >= 12 + F | R >= 12), R and F 5D6 (RULES.md §3.3, §4.1).  The ettin (terror)
    moving 5D6 charges swordsmen (Ld 7) from 12 cm."""
    ettin = dataclasses.replace(load_unit("chaos_ettin"), random_move="5d6")
    r = fight(ettin, "empire_swordsmen", trials=N, seed=31, options=CombatOptions(distance=12),
              keep_rows=True)
    p_fled = 1 - p_pass(7)
    assert_mc(r.extra["charge"]["p_fled"], p_fled, N, what="fled")
    pmf = np.asarray(dice.sum_pmf(5), float)
    tail = np.concatenate([pmf[::-1].cumsum()[::-1], np.zeros(60)])  # P(R >= k)
    caught = sum(pmf[f] * tail[12 + f] for f in range(pmf.size)) / tail[12]
    rows = r.rows[r.rows["rounds"] == 0]
    assert_mc(float((rows["outcome"] == "defender_caught").sum()) / N, p_fled * caught, N,
              what="caught at the charge")
    # the fixed-M ettin (M 15: reach 30 - 12 = 18) is caught less often: the rule matters
    fixed = float(dice.p_at_most(dice.sum_pmf(5), 18))
    assert abs(caught - fixed) > 0.1


def test_random_mover_charge_gap_within_its_roll():
    ettin = dataclasses.replace(load_unit("chaos_ettin"), random_move="5d6")
    with pytest.raises(OddsInputError, match=r"0\.\.30 cm \(its random move 5D6\)"):
        fight(ettin, "empire_swordsmen", trials=10, options=CombatOptions(distance=31))
