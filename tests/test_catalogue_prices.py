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
BEASTS = "MDNR_Reinos_del_Caos_Bestias_v5.cat"


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


@pytest.mark.parametrize("book", [BEASTS, CHAOS, "MDNR_Reinos_del_Caos_Demonios_v5.cat"])
def test_mixed_herd_pays_for_both_kinds_of_model(book):
    # Reinos del Caos (Bestias, Mortales, Demonios) "Manada de bestias (mixta)": entry 0
    # pts; "Gor" 7 pts (min 5), the model entry, its "Armadura ligera" +1 a Gor; "Ungor"
    # 3 pts (min 5), its "Lanza (infantería)" +1 an Ungor; "Grupo de mando (solo gor)":
    # Músico 5, Portaestandarte 10, Desgarrador 20.  The Ungors are bought five times
    # (their minimum) whatever the Gors' count: 5 x 3 = 15 a unit.
    e = catalogue(book).entry("Manada de bestias (mixta)")
    u = e.default_unit
    assert (u.models, u.points_per_model, u.points_per_unit, u.points) == (5, 7.0, 15.0, 50.0)
    assert e.points_per_model == 10.0  # 50 over the 5 Gors
    assert e.unit(models=8).points == 8 * 7 + 5 * 3
    assert e.unit(models=5, upgrades=["Lanza (infantería)"]).points == 5 * 7 + 5 * (3 + 1)
    assert e.unit(models=5, upgrades=["Armadura ligera"]).points == 5 * (7 + 1) + 5 * 3
    assert e.unit(models=6, command="full").points == 6 * 7 + 5 * 3 + 5 + 10 + 20


def test_selections_count_minimums_down_the_tree():
    # BattleScribe's "min selections per parent": a default entry is taken its minimum
    # times, what lies under it once per selection of it; the model entry (sized by the
    # caller), a group and an entry of no minimum count once.
    from odds.battlescribe.catalogue import selections
    from odds.battlescribe.selection import select
    from odds.battlescribe.tree import Node

    spear = Node("Lanza", "upgrade", cost=1.0, low=1)
    second = Node("Segundos", "upgrade", cost=3.0, low=4,
                  children=[Node("Armas", "group", low=1, high=1, children=[spear])])
    axe = Node("Hacha", "upgrade", cost=2.0, low=1)
    first = Node("Primeros", "upgrade", cost=7.0, low=5, children=[axe])
    banner = Node("Braseros", "upgrade", cost=5.0)
    unit = Node("Unidad", "unit", children=[first, second, banner])
    sel = select(unit, ["Braseros"])
    assert sel.model is first
    count = selections(sel)
    assert [count[id(n)] for n in (first, axe, second, spear, banner)] == [1, 1, 4, 4, 1]


@pytest.mark.parametrize("spec, points", [
    (f"{SHARED / OG}:Goblins?models=30", 60.0),
    (f"{SHARED / BRETONIA}:Arqueros campesinos?models=12&upgrades=Braseros", 77.0),
])
def test_catalogue_specs_carry_the_same_prices(spec, points):
    from odds.unit_reference import load_unit

    assert load_unit(spec).points == points
