"""A unit's size from the entry that prints its rank-and-file profile (``model_node``).

Some MDNR entries put the rank and file's profile on the entry that counts them (Reinos del
Caos ``MDNR_Reinos_del_Caos_Mortales_v5.cat`` "Manada de bestias (gor)": "Gor", min 10, 7
pts; Altos Elfos ``MDNR_Altos_Elfos v4_5.cat`` "Guardia de Doncellas": "Doncellas", min 10,
20 pts, and a compulsory "Músico (lleva Cuerno de Isha)"; Skaven ``MDNR_Skaven v4_5.cat``
"Ratas ogro mejoradas", min 2 max 6).  Those units were imported as one model; a chariot's
crew and steeds (fixed counts, "Tripulantes" 2) still do not size the unit.
"""

from __future__ import annotations

import pytest
from conftest import cat, needs_data


@needs_data
@pytest.mark.parametrize(("book", "unit", "models", "each"), [
    ("MDNR_Reinos_del_Caos_Mortales_v5.cat", "Manada de bestias (gor)", 10, 7.0),
    ("MDNR_Reinos_del_Caos_Bestias_v5.cat", "Manada de bestias (gor)", 10, 7.0),
    ("MDNR_Altos_Elfos v4_5.cat", "Guardia de Doncellas", 10, 20.0),
    ("MDNR_Skaven v4_5.cat", "Ratas ogro mejoradas", 2, 55.0),
])
def test_the_profiled_entry_sizes_the_unit(book, unit, models, each):
    entry = cat(book).entry(unit)
    assert entry.min_models == models
    u = entry.default_unit
    assert (u.models, u.points_per_model) == (models, each)
    assert entry.unit(models=models + 1).models == models + 1


@needs_data
def test_the_maiden_guard_comes_with_its_horn():
    """Its "Grupo de mando" makes the musician compulsory (min 1): 10 x 20 pts, the entry's
    own 300 pts and the musician's 35, as BattleScribe adds them."""
    u = cat("MDNR_Altos_Elfos v4_5.cat").entry("Guardia de Doncellas").default_unit
    assert u.command.musician and not u.command.standard
    assert u.points == 535.0


@needs_data
def test_a_chariots_crew_does_not_size_it():
    """"Carro del Caos": "Tripulantes" and "Corcel del Caos con barda" min 2 max 2 are the
    chariot's crew and steeds: one chariot."""
    u = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat").entry("Carro del Caos").default_unit
    assert u.models == 1


@needs_data
def test_a_regiment_with_additional_models_is_sized_by_its_troops():
    """Marienburgo ``MdM_Marienburgo_(El_Templo_de_Myrmidia).cat`` "Arkat Fooger y los
    Enanos Marienburgueses": 143 pts for "Enanos Marienburgueses (incluidos portaestandarte
    y músico)" (min 9 max 9) and "Arkat Fooger (líder)", plus "Enanos Marienburgueses
    adicionales" at a price each: ten models, not one of 143 points."""
    entry = cat("MdM_Marienburgo_(El_Templo_de_Myrmidia).cat").entry(
        "Arkat Fooger y los Enanos Marienburgueses")
    u = entry.default_unit
    assert entry.min_models == u.models == 10
    assert u.points == 143.0
    assert u.command.standard and u.command.musician


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Elfos_Oscuros_v6.cat", "MDNR_Elfos_Oscuros_v7.cat"])
def test_a_unit_counted_by_several_entries_is_noted(book):
    """Elfos Oscuros "Guardia de la ciudad": "Ballesteros elfos oscuros (primera fila)" and
    "Lanceros elfos oscuros" are each bought by the model and no entry sizes the unit; the
    import builds one model, so it says so.  Its rules are modelled (``Unidad mixta``,
    tests/test_army_rules_mixed.py), so it is a note, not an approximation."""
    c = cat(book)
    items = [i for i in c.report.of_kind("note") if i.unit == "Guardia de la ciudad"]
    assert any("Lanceros elfos oscuros" in i.reason and "one model" in i.reason
               for i in items)


@needs_data
def test_an_entry_priced_at_nothing_is_noted():
    """Imperio ``MDNR_Imperio_Ejercito_Sigmarita_v1.cat`` prices "Luminarca de Hysh" at 0.0
    (175 in ``MDNR_Imperio v4_5.cat``): the import keeps the catalogue's price and says so."""
    c = cat("MDNR_Imperio_Ejercito_Sigmarita_v1.cat")
    assert c.entry("Luminarca de Hysh").default_unit.points == 0
    assert any(i.unit == "Luminarca de Hysh" and "0 points" in i.reason
               for i in c.report.of_kind("note"))
    assert not any("0 points" in i.reason for i in cat("MDNR_Imperio v4_5.cat").report)
