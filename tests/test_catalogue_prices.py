"""Unit prices from MDNR catalogues against the same entries priced by hand.

A unit's price is its entry's cost, plus per model its model entry and everything taken
under it (weapons, armour, mount, a compulsory choice), plus once each upgrade bought
for the whole unit, plus its command group.  Every expected value below is read off the
catalogue's ``<cost>`` elements (book, entry and options named in each test).
"""

from __future__ import annotations

import pytest

from odds.listbuilding import buy
from tests.conftest import SHARED, needs_data
from tests.conftest import cat as catalogue

pytestmark = needs_data

OG = "MDNR_Orcos_y_Goblins v4_5.cat"
BRETONIA = "MDNR_Bretonia_v5.cat"
CHAOS = "MDNR_Reinos_del_Caos_Mortales_v5.cat"
EMPIRE = "MDNR_Imperio v4_5.cat"
DWARFS = "MDNR_Enanos v4_5.cat"


def test_goblins_pay_for_their_compulsory_choice():
    # O&G "Goblins": model entry "Goblins" 1 pt (min 20); "Es obligatorio elegir algún
    # arma, arma de proyectiles, armadura o escudo extra" (min 1): the cheapest option of
    # those groups, "Armadura ligera" 1 pt (first among the 1-pt options), is taken.
    e = catalogue(OG).entry("Goblins")
    u = e.default_unit
    assert (u.models, u.points) == (20, 40.0)
    assert u.equipment.armour == "light"
    shield = e.unit(models=20, upgrades=["Escudo"])  # the player's own choice meets it
    assert shield.points == 40.0 and shield.equipment.shield and shield.equipment.armour == "none"
    both = e.unit(models=20, upgrades=["Escudo", "Arco corto"])  # 1 + 1 + 2 a model
    assert both.points == 80.0
    full = e.unit(models=25, command="full")  # + Músico 4, Portaestandarte 8, Jefe goblin 8
    assert full.points == 25 * 2 + 4 + 8 + 8


def test_issue_example_goblins_at_250_points():
    # 250 points buy 125 goblins at 2 points, not 230 at 1 (the issue's example).
    u = buy(catalogue(OG).entry("Goblins").default_unit, 250)
    assert u.models == 125 and u.points == 250.0


def test_per_unit_upgrade_braseros():
    # Bretonia "Arqueros campesinos": model 6 pts (min 10); "Braseros" 5 pts, a child of
    # the unit entry, bought once for the unit.
    e = catalogue(BRETONIA).entry("Arqueros campesinos")
    assert e.unit(models=10).points == 60.0
    u = e.unit(models=10, upgrades=["Braseros"])
    assert (u.points, u.points_per_model, u.points_per_unit) == (65.0, 6.0, 5.0)
    assert e.unit(models=16, upgrades=["Braseros"]).points == 16 * 6 + 5
    sized = buy(u, 100)  # 15 x 6 + 5 = 95; a 16th archer would make 101
    assert (sized.models, sized.points) == (15, 95.0)


def test_mark_of_chaos_is_per_unit_and_weapon_per_model():
    # Reinos del Caos Mortales "Guerreros del Caos": 14 pts a model (min 10), "Arma a dos
    # manos" +2 a model (under the model entry), "Marca de Khorne" 45 for the unit (group
    # "Marca del Caos" on the unit entry; default "Marca del Caos absoluto" 0).
    e = catalogue(CHAOS).entry("Guerreros del Caos")
    assert e.default_unit.points == 140.0
    assert e.unit(models=10, upgrades=["Arma a dos manos"]).points == 160.0
    u = e.unit(models=12, upgrades=["Marca de Khorne", "Arma a dos manos"])
    assert u.points == 12 * 16 + 45


def test_mounted_unit_and_order_upgrade():
    # Imperio "Caballería imperial": model entry "Caballeros" 23 pts (min 5) with its
    # "Caballo de guerra con barda" (0 pts, min 1); "Caballeros de la Reiksguard" +5 a
    # model; command Músico 8, Portaestandarte 16, Primer caballero 16.
    e = catalogue(EMPIRE).entry("Caballería imperial")
    u = e.unit(models=6, upgrades=["Caballeros de la Reiksguard"], command="full")
    assert u.mount is not None
    assert u.points == 6 * 28 + 8 + 16 + 16


def test_dwarf_warriors_options():
    # Enanos "Guerreros enanos": 8 pts a model (min 10), "Escudo" +1, "Arma a dos manos" +2.
    e = catalogue(DWARFS).entry("Guerreros enanos")
    assert e.unit(models=10).points == 80.0
    assert e.unit(models=15, upgrades=["Escudo", "Arma a dos manos"]).points == 15 * 11


@pytest.mark.parametrize("spec, points", [
    (f"{SHARED / OG}:Goblins?models=30", 60.0),
    (f"{SHARED / BRETONIA}:Arqueros campesinos?models=12&upgrades=Braseros", 77.0),
])
def test_catalogue_specs_carry_the_same_prices(spec, points):
    from odds.unit_reference import load_unit

    assert load_unit(spec).points == points
