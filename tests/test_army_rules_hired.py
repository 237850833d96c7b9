"""Mercenaries hired by other books, and the hounds of Bretonia Partida de Caza.

Catalogue checks read ../shared/battlescribe/ and are skipped when it is absent.
"""

from __future__ import annotations

from conftest import SHARED, cat, needs_data

from odds.battlescribe.catalogue import _placeholder, load_catalogue
from odds.battlescribe.xmlsafe import read_xml

INCURSORES = "MDNR_Elfos_Oscuros_Incursores_de_Naggaroth_v1.cat"
PATRULLA = "MDNR_Elfos_Oscuros_Patrulla_de_Vigilancia_v1.cat"


# ------------------------------------------------------------------ the "Mercenarios" placeholder


@needs_data
def test_mercenarios_placeholder_is_no_unit():
    """MDNR Elfos Oscuros Incursores de Naggaroth, "Mercenarios" (a unit entry of 0 points
    whose "Modelo" profile prints no M, HA, F, R, H, I, A nor L, Tipo "Infantería,
    Mercenarios") and its rule "Mercenarios": "Como Unidad Singular sólo puedes incluir
    Mercenarios (y los Regimientos de Renombre que sean Singulares, claro)"; Patrulla de
    Vigilancia: "Puedes incluir Mercenarios ...".  It stands for units of another book: no
    unit entry, a note in the report; every other entry is still there."""
    for name, others in ((INCURSORES, 6), (PATRULLA, 8)):
        c = cat(name)
        assert "Mercenarios" not in c.names and len(c.names) == others
        items = [i for i in c.report if i.unit == "Mercenarios"]
        assert [(i.item, i.kind) for i in items] == [("Mercenarios", "note")]
        assert items[0].reason.startswith("no unit: a placeholder")


@needs_data
def test_only_blank_profiles_are_placeholders():
    """An entry with any printed characteristic is a unit: across the 89 catalogues the two
    "Mercenarios" entries are the only placeholders, and a loaded catalogue lists every
    other ``type="unit"`` entry."""
    found = []
    for f in sorted(SHARED.glob("*.cat")):
        root = read_xml(f, expected=("catalogue",))
        for section in root:
            if not section.tag.endswith("selectionEntries"):
                continue
            found += [(f.name, e.get("name")) for e in section
                      if e.get("type") == "unit" and _placeholder(e)]
    assert sorted(found) == [(INCURSORES, "Mercenarios"), (PATRULLA, "Mercenarios")]
    c = load_catalogue(SHARED / "MDNR_Mercenarios v5.cat")
    assert len(c.names) == 24
