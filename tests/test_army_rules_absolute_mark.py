"""Reinos del Caos "Marca del Caos absoluto": failed psychology tests re-rolled, read by text.

"Lleva la Marca del Caos Absoluto, por lo que puede repetir los chequeos de psicología
fallados" (``psychology_reroll``): fear and terror at the charge, panic and stupidity
re-rolled once failed (RULES.md §3.1: any die only once); "Sin efecto adicional" is a label.
Each law is exact, and the kernel is checked against it at z = 5 with a fixed seed.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_mc, binomial, cat, check_first_round, infantry, kinds, needs_data
from test_army_rules_specials import HOLDS, _flee_rate, _panic_unit

from odds import dice
from odds.combat import fight
from odds.combat.model import CombatOptions, build

N = 200_000

FAILS_LD7 = 1 - float(dice.p_at_most(dice.leadership_pmf(False), 7))
"""A Ld 7 test failed (2D6 of 8 or more): 15/36."""

BESTIAS = "MDNR_Reinos_del_Caos_Bestias_v5.cat"


def test_ld7_fails_with_15_in_36():
    assert FAILS_LD7 == pytest.approx(15 / 36, abs=1e-15)


@needs_data
def test_tuskgor_chariot_re_rolls_its_fear_test_to_charge():
    """Reinos del Caos: Bestias "Carro de tuskgors" (L7, "Marca del Caos absoluto": "Lleva la
    Marca del Caos Absoluto, por lo que puede repetir los chequeos de psicología fallados")
    charging fear-causing skeletons refuses with (15/36)^2 = 0.174, not 15/36 = 0.417."""
    c = cat(BESTIAS)
    chariot = c.unit("Carro de tuskgors")
    assert chariot.has("psychology_reroll") and chariot.profile.Ld == 7
    assert "Marca del Caos absoluto" not in kinds(c, "Carro de tuskgors")
    skeletons = infantry("Esqueletos", 10, 5, S=1, T=10, special=["fear"])
    ch = fight(chariot, skeletons, trials=N, seed=361).extra["charge"]
    assert ch["p_refused_exact"] == pytest.approx(FAILS_LD7 ** 2, abs=1e-12)
    assert_mc(ch["p_refused"], FAILS_LD7 ** 2, N, what="fear to charge re-rolled")
    plain = chariot.replace(special=tuple(r for r in chariot.special
                                          if r != "psychology_reroll"))
    ch = fight(plain, skeletons, trials=N, seed=362).extra["charge"]
    assert_mc(ch["p_refused"], FAILS_LD7, N, what="fear to charge, no mark")


def test_charged_unit_re_rolls_its_fear_test():
    """Charged by fear-causers of lower unit strength, a Ld 7 unit with the mark holds on 6s
    only with (15/36)^2."""
    marked = infantry("Marcados", 10, 5, S=1, T=10, special=["psychology_reroll"])
    ogres = infantry("Ogros", 3, 3, S=1, T=10, special=["fear"])
    ch = fight(ogres, marked, trials=N, seed=363).extra["charge"]
    assert ch["p_hits_on_6_exact"] == pytest.approx(FAILS_LD7 ** 2, abs=1e-12)
    assert_mc(ch["p_hits_on_6"], FAILS_LD7 ** 2, N, what="charged: fear re-rolled")


def test_own_panic_test_re_rolled_but_not_a_friends():
    """Y (stubborn Ld 7) holds its break test with 21/36, then tests panic when X flees: with
    the mark it flees with 15/36 + 21/36 (15/36)^2; the mark on X (fled) re-rolls nothing
    for Y (its own tests only)."""
    x = _panic_unit("X", 2)
    y = _panic_unit("Y", 7, special=["stubborn", "psychology_reroll"])
    assert_mc(_flee_rate(x, y, 364), 1 - HOLDS + HOLDS * FAILS_LD7 ** 2, N,
              what="own panic re-rolled")
    x = _panic_unit("X", 2, special=["psychology_reroll"])
    y = _panic_unit("Y", 7, special=["stubborn"])
    assert_mc(_flee_rate(x, y, 365), 1 - HOLDS + HOLDS * FAILS_LD7, N,
              what="a friend's mark lends no re-roll")


def test_stupidity_test_re_rolled():
    """A stupid Ld 7 unit with the mark is stupid in its turn with (15/36)^2: then two or three
    of its five fighters strike (even odds), each wounding T3 with 1/2 x 1/2."""

    def pmf(n):
        return np.array(binomial(n, 1 / 4) + [0.0] * (10 - n))

    q = FAILS_LD7 ** 2
    law = (1 - q) * pmf(5) + q * (pmf(2) + pmf(3)) / 2
    stupid = infantry("Trolls", 5, 5, I=3, T=10, special=["stupidity", "psychology_reroll"])
    model = build(stupid, infantry("E", 10, 10, S=1, T=3, I=1),
                  options=CombatOptions(max_rounds=1, charger="none"))
    check_first_round(model, list(law), 366, "stupidity re-rolled")


@needs_data
def test_the_mark_as_a_label_is_no_combat_effect():
    """Reinos del Caos: Demonios "Marca del Caos Absoluto": "Sin efecto adicional"."""
    d = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    labelled = [e.name for e in d.entries
                if kinds(d, e.name).get("Marca del Caos Absoluto") == "no_combat_effect"]
    assert labelled
    assert not any(d.unit(n).has("psychology_reroll") for n in labelled)
