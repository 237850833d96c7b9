"""A ward save printed with its value in parentheses, as the gst's other rules with values.

Elfos Oscuros con Personajes Especiales (../shared/battlescribe/
MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat), entry "Altar drenasangre": its
"Altar drenasangre" model carries the rule "Tirada de salvación especial (5+)" (no text).
"""

from __future__ import annotations

import pytest
from conftest import cat, needs_data

from odds.battlescribe.rule_names import parametric_rule

DARK_ELF_SPECIALS = "MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat"


@pytest.mark.parametrize("name, value", [
    ("Tirada de salvación especial (5+)", "5"),
    ("Tirada de salvación especial de 4+", "4"),
    ("Tirada de salvación especial 6+", "6"),
])
def test_ward_names(name, value):
    assert parametric_rule(name) == ("ward_save", value)


def test_other_values_unchanged():
    assert parametric_rule("Regeneración") == ("regeneration", "4")
    assert parametric_rule("Regeneración (5+)") == ("regeneration", "5")
    assert parametric_rule("Impactos por carga (1D6)") == ("impact_hits", "d6")
    assert parametric_rule("Tirada de salvación especial (5+") is None


@needs_data
def test_blood_altar_ward():
    c = cat(DARK_ELF_SPECIALS)
    assert c.entry("Altar drenasangre").default_unit.ward_save == 5
    items = {(i.item, i.kind) for i in c.report.for_unit("Altar drenasangre")}
    assert ("Tirada de salvación especial (5+)", "ignored") not in items
    # the Medusa rides the chariot as a character, attacked apart (tests/test_medusa_altar.py)
    assert ("Altar de la medusa", "note") in items
