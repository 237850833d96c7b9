"""Names reported as ``no_combat_effect``: each with its one-line reason, in one place.

:data:`odds.battlescribe.no_effect_names.NO_COMBAT_EFFECT` (and its prefixes) is the list a
reviewer reads: every name the import reports as ``no_combat_effect`` over the 89 MDNR
catalogues has its reason there, or in the few readers that recognise a rule by its text
(:mod:`odds.battlescribe.rule_texts`), and every name of the list occurs in the data.
Names whose texts change a close combat in some book are read by their texts: "Carro",
"Marca del Caos absoluto", "Magia de Tzeentch", "Relicario", "Chillido mortal", "Flotar",
"Solitarios".
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from conftest import SHARED, cat, kinds

from odds.battlescribe.equipment import MISSILE_ONLY
from odds.battlescribe.no_effect_names import (
    NO_COMBAT_EFFECT,
    NO_COMBAT_EFFECT_PREFIXES,
    no_combat_reason,
    plain_name,
)
from odds.battlescribe.rule_texts import _NO_EFFECT_TEXTS

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")

CATEGORIES = ("shooting", "war machine", "magic phase", "movement", "deployment",
              "out of combat", "army composition", "who may join")
"""The categories a reason of the name table starts with."""

OTHER_READERS = {
    # special_rules._shooting_only: "Petrificar" whose text makes it a shooting attack
    "a shooting attack: not while engaged in close combat",
    # extra_crew: the second crew's armour on a chariot with a printed save
    "the second crew's armour (the chariot's printed save is used)",
    MISSILE_ONLY,
}
"""Reasons given by readers other than the name and text tables."""


@pytest.fixture(scope="module")
def reported():
    """``{item: {reason, ...}}`` of every ``no_combat_effect`` item of the 89 catalogues."""
    out: dict[str, set[str]] = defaultdict(set)
    for path in sorted(SHARED.glob("*.cat")):
        for item in cat(path.name).report.of_kind("no_combat_effect"):
            out[item.item].add(item.reason)
    return out


def _data_names() -> set[str]:
    """Every selection, rule and profile name of the data set, as :func:`plain_name` keys."""
    names: set[str] = set()
    for path in [*SHARED.glob("*.cat"), *SHARED.glob("*.gst")]:
        text = path.read_text(encoding="utf-8")
        names.update(plain_name(n) for n in re.findall(r'\bname="([^"]*)"', text))
    return names


def test_every_reason_is_one_line_with_its_category():
    for table in (NO_COMBAT_EFFECT, NO_COMBAT_EFFECT_PREFIXES):
        for name, reason in table.items():
            assert reason.startswith(CATEGORIES), (name, reason)
            assert "\n" not in reason and len(reason) < 200, name


def test_every_no_combat_effect_name_has_its_reason(reported):
    """Each item's reason is its name's in the table, or a text reader's."""
    text_reasons = {(plain_name(name), reason) for name, _, kind, reason in _NO_EFFECT_TEXTS
                    if kind == "no_combat_effect"}
    assert len(reported) > 200
    for item, reasons in reported.items():
        for reason in reasons:
            assert (reason == no_combat_reason(item) or (plain_name(item), reason) in text_reasons
                    or reason in OTHER_READERS), (item, reason)


def test_every_name_of_the_table_occurs_in_the_data(reported):
    names = _data_names()
    for name in NO_COMBAT_EFFECT:
        assert name in names, name
    for prefix in NO_COMBAT_EFFECT_PREFIXES:
        assert any(n.startswith(prefix) for n in names), prefix
    # and nearly all are reported by the default builds (the rest are options not taken)
    seen = {plain_name(n) for n in reported}
    assert len([n for n in NO_COMBAT_EFFECT if n not in seen]) <= 5


def test_names_are_read_without_case_accents_or_articles():
    assert plain_name("Marca del Caos Absoluto") == plain_name("marca de caos absoluto")
    assert no_combat_reason("Cruzar los Bosques") == no_combat_reason("Cruzar bosques")
    assert no_combat_reason("Unidad Mágica") == no_combat_reason("unidad magica") is not None
    assert no_combat_reason("Inclusión de la Guardia de Grimgor") is not None
    assert no_combat_reason("Carro") is None and no_combat_reason("Flotar") is None


def test_names_whose_texts_change_a_combat_are_read_by_their_texts(reported):
    """None of these is ``no_combat_effect`` unless its text says so."""
    for name in ("Carro", "Magia de Tzeentch", "Flotar"):
        assert name not in reported, name
    assert reported["Marca del Caos absoluto"] == {"a label: its text is 'Sin efecto"
                                                   " adicional'",
                                                   "a label: its text is 'No tiene ningún"
                                                   " efecto'"}
    assert reported["Relicario"] == {"magic phase: a bound spell that hits enemy units 'no"
                                     " trabada'"}
    # Reinos del Caos: Demonios "Horrores de Tzeentch" "Magia de Tzeentch": "Mutación
    # incontrolable. Sólo en combate cuerpo a cuerpo ..." (modelled: tzeentch_mutation)
    demonios = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    assert "Magia de Tzeentch" not in kinds(demonios, "Horrores de Tzeentch")
    assert demonios.unit("Horrores de Tzeentch").has("tzeentch_mutation")
    # Bretonia "Relicario y peregrinos de batalla" "Relicario": a relic of Potencia 6, a
    # member of the unit (tests/test_reliquary_pilgrims.py)
    assert kinds(cat("MDNR_Bretonia_v5.cat"),
                 "Relicario y peregrinos de batalla")["Relicario"] == "note"
    # Mercenarios "Fimir" "Solitarios": "la unidad no puede usar nunca el Liderazgo del
    # General" (Independientes); Condes Vampiro "Hueste espectral": who may join only
    fimir = cat("MDNR_Mercenarios v5.cat").unit("Fimir")
    assert fimir.has("independent") and "Solitarios" not in kinds(
        cat("MDNR_Mercenarios v5.cat"), "Fimir")
    assert kinds(cat("MDNR_Condes_Vampiro_v5.cat"), "Hueste espectral")["Solitarios"] \
        == "no_combat_effect"


def test_chariots_note_the_strength_7_rule():
    """Game system "Carro": "Resulta destruido por cualquier herida de Fuerza 7 o más":
    modelled with the troop type (RULES.md §1.12, tests/test_chariot_wrecked.py), a note."""
    c = cat("MDNR_Condes_Vampiro_v5.cat")
    for unit in ("Carruaje negro", "Sagrario mortis", "Trono del aquelarre"):
        item = next(i for i in c.report.for_unit(unit) if i.item == "Carro")
        assert item.kind == "note"
        assert "Strength 7 or more destroys the chariot" in item.reason
        assert c.unit(unit).troop_type == "chariot"


def test_flotar_and_chillido_mortal_by_their_texts():
    """Condes Vampiro "Flotar": "Se considera que pueden Volar"; "Chillido mortal" (v5): the
    Doncella's lament text, 2D6+2; Clan Strigoi's "con un +2 a la tirada" is death_shriek."""
    c = cat("MDNR_Condes_Vampiro_v5.cat")
    assert c.unit("Bandadas de murciélagos").has("flying")
    spawn = next(e.name for e in c.entries if e.name.startswith("Engendro del terror"))
    assert c.unit(spawn).has("maiden_lament")
    strigoi = cat("MDNR_Condes_Vampiro_Clan_Strigoi_v2.cat")
    name = next(e.name for e in strigoi.entries if e.name.startswith("Engendro del terror"))
    assert strigoi.unit(name).has("death_shriek")


@pytest.mark.parametrize("book", ["MDNR_Skaven v4_5.cat",
                                  "MDNR_Skaven_con_Personajes_Especiales_v1.cat"])
def test_discipulos_is_deployment(book):
    """Skaven "Portadores del incensario (requieren monjes de plaga)" "Discípulos": "La unidad
    debe desplegarse a menos de 8 cm de una unidad de Monjes de Plaga ... hasta que declare su
    primera carga": deployment and movement only (its "Incensario de plaga" is a weapon of the
    engine, tests/test_plague_censer.py, and no report item)."""
    unit = "Portadores del incensario (requieren monjes de plaga)"
    found = kinds(cat(book), unit)
    assert found["Discípulos"] == "no_combat_effect"
    assert "Incensario de plaga" not in found
