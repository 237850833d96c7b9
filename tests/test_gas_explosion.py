"""Condes Vampiro "Explosión de gases": a slain Cadáver Hinchado's template on the enemy.

The rule's text is the catalogue's (../shared/battlescribe/MDNR_Condes_Vampiro_Costa_del_Vampiro
_v2.cat, entry "Cadáver Hinchado", rule "Explosión de gases"); the kernel is checked against a
law worked out by hand at z = 5 with a fixed seed (the exact first round refuses the rule).
"""

from __future__ import annotations

from conftest import (
    assert_distribution,
    binomial,
    cat,
    clean,
    convolve,
    first_round_shares,
    infantry,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.combat.model.layout import S_GAS

N = 200_000
BOOK = "MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat"
ENTRY = "Cadáver Hinchado"


@needs_data
def test_the_bloated_corpse_imports_its_explosion():
    """``MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat`` "Cadáver Hinchado": one model (M10 HA2
    F3 R4 H2 I0 A1 L2, 30 points) with "Explosión de gases", imported with nothing ignored or
    approximated."""
    c = cat(BOOK)
    corpse = c.unit(ENTRY)
    assert corpse.models == 1 and corpse.profile.T == 4 and corpse.profile.W == 2
    assert corpse.has("gas_explosion")
    assert clean(c, ENTRY)


def test_a_slain_corpse_tests_the_enemy_models_under_its_template():
    """"Explosión de gases": "Cuando se destruye de alguna forma un Cadáver Hinchado debe
    colocarse la plantilla pequeña de área de efecto centrada sobre ella. Todas las miniaturas
    bajo la plantilla (parciales a 4+) deberán superar un chequeo de Resistencia (un 6 es
    siempre un fallo); si lo fallan, sufren una herida que Anula armadura"; the wounds of a
    special rule during the round count for the combat result (RULES.md §2.1).

    A one-wound corpse (T4, no blow) faces ten T3 enemies five wide with a 3+ armour save
    (annulled); three of them touch it (one face to face, two at its corners, RULES.md §1.1
    Default), each with five WS10 S10 attacks: they hit on 3+ and wound on 2+, so the corpse
    survives only if all fifteen fail, q = (4/9)^15.  Slain, the one face to face is under the
    template and fails on 4+ (1/2); the two at the corners are partly under it (4+) and then
    fail on 4+ (1/4 each).  The corpse's side scores, in the first round, with 1 - q the law
    Binomial(1, 1/2) + Binomial(2, 1/4), else nothing."""
    corpse = infantry("Cadáver", 1, 1, T=4, A=0, special=["gas_explosion"])
    enemy = infantry("Enemigos", 10, 5, WS=10, S=10, T=3, A=5, save=3)
    model = build(corpse, enemy, options=CombatOptions(max_rounds=1, charger="none"))
    assert model.sides[0, S_GAS] == 1
    assert first_round_exact(model) is None
    q = (4 / 9) ** 15
    law = [(1 - q) * x for x in convolve(binomial(1, 1 / 2), binomial(2, 1 / 4))]
    law[0] += q
    out = simulate(model, N, 5171)
    assert_distribution(first_round_shares(out, 0, N), law, N, what="explosion wounds")
