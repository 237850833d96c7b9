"""Bretonia "Relicario y peregrinos de batalla": the pilgrims are the unit, in every book.

MDNR_Bretonia_v5.cat prints the "Relicario" profile (HA2 F3 R3 H6 I3 A4 L8, Potencia 6) with
Tipo "Altar", a chariot's word, while its rule "Relicario" reads "El Relicario es una miniatura
única ... se considera Infantería a todos los efectos": the unit is the "Peregrino" (M10 HA2
HP2 F3 R3 H1 I3 A1 L8, "Infantería, Humano, Campesino."), six of them ("Peregrinos" min 6)
with hand weapon, light armour and shield, as MDNR_Bretonia_con_Personajes_Especiales_v1.cat,
MDNR_Bretonia_Guerra_de_Noveles_v1.cat and MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat import
it.  The relic itself (its unit strength 6, four attacks, wounds taken only once no pilgrim is
left, standard and musician) stays reported ``ignored``.
"""

from __future__ import annotations

import pytest
from conftest import cat, kinds, needs_data

from odds.units import Equipment, Profile

ENTRY = "Relicario y peregrinos de batalla"
PILGRIM = Profile(M=10, WS=2, BS=2, S=3, T=3, W=1, I=3, A=1, Ld=8)


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Bretonia_v5.cat",
                                  "MDNR_Bretonia_con_Personajes_Especiales_v1.cat",
                                  "MDNR_Bretonia_Guerra_de_Noveles_v1.cat",
                                  "MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat"])
def test_the_pilgrims_are_the_unit(book):
    """Six infantry pilgrims (no chariot, no crew), the relic reported, never approximated."""
    unit = cat(book).unit(ENTRY)
    assert unit.troop_type == "infantry" and unit.crew == 1 and unit.models == 6
    assert unit.profile == PILGRIM and unit.unit_strength == 6
    assert unit.equipment == Equipment(weapon="hand_weapon", shield=True, armour="light")
    assert unit.points == 118.0
    k = kinds(cat(book), ENTRY)
    assert k["Relicario"] == "ignored"
    assert "approximated" not in k.values()


@needs_data
def test_the_altar_type_is_read_as_infantry():
    """MDNR_Bretonia_v5.cat: "Relicario Tipo" is a note (the rule's words), no longer the
    approximation "troop type 'Altar' imported as chariot"."""
    k = kinds(cat("MDNR_Bretonia_v5.cat"), ENTRY)
    assert k["Relicario Tipo"] == "note"


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Bretonia_v5.cat",
                                  "MDNR_Bretonia_con_Personajes_Especiales_v1.cat",
                                  "MDNR_Bretonia_Guerra_de_Noveles_v1.cat",
                                  "MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat"])
@pytest.mark.parametrize(("models", "points"), [(6, 118.0), (10, 154.0), (30, 334.0)])
def test_additional_pilgrims_size_the_unit(book, models, points):
    """The entry costs 118 points with its six "Peregrinos" (min 6 max 6, 0 points);
    "Peregrinos adicionales" (9 points each, max 24) add models: 6 to 30 pilgrims, and
    ten cost 118 + 4 x 9 = 154 points."""
    entry = cat(book).entry(ENTRY)
    assert (entry.min_models, entry.max_models) == (6, 30)
    unit = cat(book).unit(ENTRY, models=models)
    assert unit.models == models and unit.points == points


@needs_data
def test_no_more_than_thirty_pilgrims():
    """Six "Peregrinos" and at most 24 "Peregrinos adicionales" (MDNR_Bretonia_v5.cat)."""
    from odds.validation import OddsInputError

    with pytest.raises(OddsInputError):
        cat("MDNR_Bretonia_v5.cat").unit(ENTRY, models=31)
