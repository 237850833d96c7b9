"""Bretonia "Estacas defensivas": a charge to the staked unit's front loses its bonuses.

MDNR Bretonia (``MDNR_Bretonia_v5.cat``, "Arqueros campesinos", "Arcblastiers"): "Mientras la
unidad tenga estacas, cualquier unidad enemiga que cargue por el frontal a la unidad perderá
cualquier tipo de bonificación o regla especial que se produzca durante cargas. Por ejemplo:
los Carros no causan impactos por carga, las miniaturas con Lanza de caballería no ganarían
F+2 ... no ataca primera por haber cargado" (``defensive_stakes``,
:mod:`odds.special_rules.bretonnia`).
"""

from __future__ import annotations

import pytest
from conftest import SHARED, binomial, cat, cavalry, check_first_round, infantry, kinds

from odds.combat.model import FLANK, FRONT, CombatOptions, SideOptions, build_units


def _knights():
    """Five knights with cavalry lances (S3, +2 on the charge), steeds without attacks."""
    return cavalry("Caballeros", 5, 5, mount_A=0, weapon="lance")


def _archers(stakes: bool, files: int = 10):
    """Peasant archers (WS3 T3, no save, no attacks), with or without their stakes."""
    return infantry("Arqueros campesinos", 20, files, A=0,
                    special=["defensive_stakes"] if stakes else [])


def _charge(stakes: bool, face: int = FRONT):
    """The knights charge the archers' ``face`` (a flank ten models deep: all five touch)."""
    archers = _archers(stakes, 10 if face == FRONT else 2)
    return build_units([_knights(), archers], [0, 1], [(0, 1, FRONT, face)], [True, False],
                       [SideOptions(), SideOptions()],
                       options=CombatOptions(max_rounds=1, charger="attacker"))


def test_no_lance_strength_against_the_stakes():
    """The five knights hit on 4+; with their lances' charge S5 they wound T3 on 2+,
    Binomial(5, 5/12) wounds; charging the stakes at S3, on 4+: Binomial(5, 1/4) (exact
    engine and kernel, RULES.md §1.1, §1.5)."""
    check_first_round(_charge(False), binomial(5, 0.5 * 5 / 6), 3801, "no stakes")
    check_first_round(_charge(True), binomial(5, 0.25), 3802, "stakes")


def test_a_flank_charge_keeps_its_bonus():
    """The stakes stand before the front only: charging the flank, the lances keep S5."""
    check_first_round(_charge(True, FLANK), binomial(5, 0.5 * 5 / 6), 3803, "flank")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize(("book", "unit"), [
    ("MDNR_Bretonia_v5.cat", "Arqueros campesinos"),
    ("MDNR_Bretonia_v5.cat", "Arcblastiers"),
    ("MDNR_Bretonia_Guerra_de_Noveles_v1.cat", "Arqueros campesinos"),
])
def test_catalogue_archers_have_their_stakes(book, unit):
    c = cat(book)
    assert c.unit(unit).has("defensive_stakes"), unit
    assert "Estacas defensivas" not in kinds(c, unit), unit
