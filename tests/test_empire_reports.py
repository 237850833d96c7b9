"""The empire family's rules left out of the engine say why, and those acting outside close
combat are reported so (read by their catalogue texts, odds.battlescribe.rule_texts)."""

from __future__ import annotations

import pytest
from conftest import cat, kinds, needs_data

IMPERIO = "MDNR_Imperio v4_5.cat"
SIGMARITA = "MDNR_Imperio_Ejercito_Sigmarita_v1.cat"


@needs_data
@pytest.mark.parametrize("book, unit, rule", [
    # Tanque de vapor: charges, movement, shooting at it, magic, its charge reaction
    (IMPERIO, "Tanque de vapor", "Declaración de cargas"),
    (IMPERIO, "Tanque de vapor", "Movimiento a través de hostigadores"),
    (IMPERIO, "Tanque de vapor", "Tanque y terreno"),
    (IMPERIO, "Tanque de vapor", "Disparos contra un tanque de vapor"),
    (IMPERIO, "Tanque de vapor", "El tanque y la magia"),
    (IMPERIO, "Tanque de vapor", "Cargas enemigas"),
    (SIGMARITA, "Altar de Guerra del Gran Teogonista",
     "Equipo Mágico del Altar de Guerra del Gran Teogonista"),
])
def test_rules_outside_close_combat(book, unit, rule):
    """MDNR_Imperio v4_5.cat "Tanque de vapor": "El Tanque tiene 360º de visión ... puede
    declarar una carga", "no pueden recibir una carga del Tanque ... se apartarán", "puede
    mover sólo por Terreno abierto", "Al disparar contra un Tanque a vapor", "es inmune a todos
    los hechizos", "sólo puede reaccionar a las Cargas enemigas con Aguantar y disparar";
    MDNR_Imperio_Ejercito_Sigmarita_v1.cat "Equipo Mágico del Altar ...": "este equipo mágico
    es del Altar de Guerra, no de Volkmar" (ownership of the items)."""
    assert kinds(cat(book), unit)[rule] == "no_combat_effect"


@needs_data
@pytest.mark.parametrize("book, unit, rule, phrase", [
    (IMPERIO, "Tanque de vapor", "Inicio de turno", "structure points"),
    (IMPERIO, "Tanque de vapor", "Impactos por carga", "8 cm"),
    (IMPERIO, "Tanque de vapor", "Disparo", "engaged"),
    (IMPERIO, "Tanque de vapor", "Destrabarse", "leave a combat"),
    (IMPERIO, "Tanque de vapor", "Chequeos de atributos", "Initiative test"),
    (IMPERIO, "Barco terrestre de clase 'Marienburgo'", "Choque", "crew's Initiative"),
    (IMPERIO, "Barco terrestre de clase 'Marienburgo'", "El barco en combate", "front"),
    (IMPERIO, "Barco terrestre de clase 'Marienburgo'", "Perdiendo la última herida", "3D6 cm"),
    (SIGMARITA, "Altar de Guerra del Gran Teogonista", "Imbuir furia", "Furia justiciera"),
])
def test_rules_left_out_say_why(book, unit, rule, phrase):
    """Texts quoted in odds.battlescribe.rule_texts: e.g. "Choque": "Este ataque se realiza con
    la iniciativa de la tripulación"; "El barco en combate": "cada unidad situada en el
    frontal del Barco recibe 1D6 impactos de F6" ("Dos por uno", the cavalry bases of the same
    book, is modelled: tests/test_cavalry_base.py; "Explosión de gases" too:
    tests/test_gas_explosion.py)."""
    items = {i.item: i for i in cat(book).report.for_unit(unit)}
    assert items[rule].kind == "ignored"
    assert phrase in items[rule].reason
