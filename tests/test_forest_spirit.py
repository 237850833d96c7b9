"""Elfos Silvanos "Espíritu del bosque": a 5+ ward against mundane attacks, magic attacks,
immune to psychology (``forest_spirit``, :mod:`odds.special_rules.wards`).

MDNR Elfos Silvanos (``MDNR_Elfos_Silvanos v5.cat``, e.g. "Dríades"): "Disponen de una tirada
de salvación especial de 5+ contra ataques no mágicos (nunca contra hechizos, armas mágicas,
etc.). - Sus ataques se consideran mágicos ... - Son inmunes a la psicología".
"""

from __future__ import annotations

import pytest
from conftest import SHARED, binomial, cat, check_first_round, clean, infantry, kinds

from odds.combat.model import G_WARD, RANK_AND_FILE, CombatOptions, build

FIRST = CombatOptions(max_rounds=1, charger="none")


def test_forest_spirits_ward_mundane_blows_only():
    """Five WS3 S3 models strike five WS3 T3 spirits (no armour): 1/2 to hit, 1/2 to wound,
    the 5+ ward fails 2/3 of the time: Binomial(5, 1/6) wounds; with magic attacks the ward
    is not taken: Binomial(5, 1/4) (the exact engine and the kernel at z = 5)."""
    spirits = infantry("Dríades", 5, 5, S=1, T=3, special=["forest_spirit"])
    mundane = build(infantry("A", 5, 5, T=10), spirits, options=FIRST)
    assert mundane.groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 5
    check_first_round(mundane, binomial(5, 1 / 6), 371, "mundane blows on forest spirits")
    magic = build(infantry("A", 5, 5, T=10, special=["magic_attacks"]), spirits, options=FIRST)
    check_first_round(magic, binomial(5, 1 / 4), 372, "magic blows on forest spirits")


def test_forest_spirits_own_ward_replaces_it():
    """A ward save of the unit's own (4+ here) is rolled instead: Binomial(5, 1/8)."""
    spirits = infantry("Dríades", 5, 5, S=1, T=3, special=["forest_spirit"]).replace(
        ward_save=4)
    model = build(infantry("A", 5, 5, T=10), spirits, options=FIRST)
    check_first_round(model, binomial(5, 1 / 8), 373, "own ward")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_forest_spirits_from_the_catalogue():
    """MDNR Elfos Silvanos "Dríades", "Arbóreos", "Zoat": the rule gives its three flags, and
    the units import with nothing ignored or approximated."""
    c = cat("MDNR_Elfos_Silvanos v5.cat")
    for name in ("Dríades", "Arbóreos", "Zoat"):
        u = c.unit(name)
        assert {"forest_spirit", "magic_attacks", "immune_to_psychology"} <= set(u.special)
        assert "Espíritu del bosque" not in kinds(c, name), name
        assert clean(c, name), name
