"""Reinos del Caos "Ettin maldito" "Dos cabezas" (``two_heads``,
:data:`odds.special_rules.chaos_monsters.TWO_HEADS`).

``MDNR_Reinos_del_Caos_Mortales_v5.cat``, entry "Ettin maldito", rule "Dos cabezas" (the same
text in the Bestias, Marca de Malal and Norsca books): "Cuando se despliega al Ettin, el
jugador debe elegir qué personalidad (cuál de las dos cabezas) es la dominante. Cuando el
Ettin haya sufrido alguna herida (tras salvaciones, si las hubiera por algún hechizo o regla
especial), al final de cada turno deberá hacer un chequeo de Liderazgo (puede usar Liderazgo
del General), si lo supera, conserva la personalidad actual, en caso contrario toma la otra
personalidad. Las dos personalidades son: - Traidor. El Ettin gana Odio, Cruzar(Terreno
difícil), y dobla el bonificador a la resolución de combate si carga por el flanco o
retaguardia. - Salvaje. El Ettin gana Furia Asesina, y su perfil se ve modificado de la
siguiente forma: F+1, HA2, L-1."
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import (
    assert_distribution,
    cat,
    check_kernel_first_round,
    clean,
    infantry,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import FLANK, FRONT, CombatOptions, build_units
from odds.combat.model.layout import TM_FLANK
from odds.units import library_unit

CATALOGUES = (
    "MDNR_Reinos_del_Caos_Mortales_v5.cat",
    "MDNR_Reinos_del_Caos_Mortales_con_Personajes_Especiales_v1.cat",
    "MDNR_Reinos_del_Caos_(Marca_de_Malal)_Mortales_con_Personajes_Especiales_v1.cat",
    "MDNR_Reinos_del_Caos_Mortales_-_Norsca_Caotica_v1.cat",
    "MDNR_Reinos_del_Caos_Bestias_v5.cat",
    "MDNR_Reinos_del_Caos_Bestias_con_Personajes_Especiales_v1.cat",
)
TRIALS = 200_000
FAIL = 30 / 36
"""A 2D6 Ld test on Ld 4 failed: a roll of 5 or more."""


def _ettin(*special: str, profile: dict | None = None):
    """The library Ettin maldito (WS4 S6 T6 W6 I2 A6 Ld7) without its regeneration, stubborn and
    terror, unbreakable, with ``special`` (and ``profile`` changes)."""
    e = library_unit("chaos_ettin")
    return e.replace(regeneration=0, special=("unbreakable", *special),
                     profile=e.profile.replace(**(profile or {})))


def _warriors(I: int = 1, S: int = 3, files: int = 5):  # noqa: E741
    """Forty WS3 S``S`` T3 I``I`` unbreakable warriors, ``files`` wide, no save."""
    return infantry("Guerreros", 40, files, S=S, I=I, special=["unbreakable"])


def _fight(ettin, rounds: int = 1, face: int = FRONT, charged: bool = False, enemy=None):
    """``ettin`` (side 0) against the warriors' (or ``enemy``'s) ``face``; the winner of a
    round neither widens nor laps round (the models in contact stay those of the first
    round)."""
    return build_units([ettin, enemy or _warriors()], [0, 1], [(0, 1, FRONT, face)],
                       [charged, False], [None, None],
                       CombatOptions(max_rounds=rounds, expand_frontage=False))


def _weak():
    """Forty S1 I1 unbreakable warriors: they cannot wound T6 (RULES.md §1.4)."""
    return infantry("Guerreros", 40, 5, S=1, I=1, special=["unbreakable"])


@needs_data
@pytest.mark.parametrize("book", CATALOGUES)
def test_every_ettin_imports_with_the_rule(book):
    """Each book's "Ettin maldito" imports fully modelled, "Dos cabezas" as ``two_heads``."""
    c = cat(book)
    assert clean(c, "Ettin maldito")
    assert c.unit("Ettin maldito").has("two_heads")


def test_traitor_head_first_round_is_the_printed_ettin_with_hatred():
    """Default: the Traidor head is dominant at the start; "gana Odio" (gst "Odio": misses
    re-rolled in the first round).  The first round equals a plain Ettin with hatred, in the
    exact engine (1e-12) and in the kernel (z = 5)."""
    model = _fight(_ettin("two_heads"))
    pmf = first_round_exact(_fight(_ettin("hatred")))["wounds"][0]
    assert not np.allclose(pmf, first_round_exact(_fight(_ettin()))["wounds"][0])  # hatred
    assert np.allclose(first_round_exact(model)["wounds"][0], pmf, atol=1e-12, rtol=0)
    check_kernel_first_round(model, pmf, 3601, "traidor")


def test_savage_head_first_round_has_the_savage_profile():
    """Option ``two_heads_savage``: the Salvaje head at the start, "Furia Asesina ... F+1, HA2,
    L-1": a plain frenzied Ettin of WS2 S7 Ld6 (frenzy: one more attack), exact and kernel."""
    model = _fight(_ettin("two_heads", "two_heads_savage"))
    pmf = first_round_exact(_fight(_ettin("frenzy", profile={"WS": 2, "S": 7, "Ld": 6})))
    pmf = pmf["wounds"][0]
    assert np.allclose(first_round_exact(model)["wounds"][0], pmf, atol=1e-12, rtol=0)
    check_kernel_first_round(model, pmf, 3602, "salvaje")


def test_a_wounded_ettin_may_change_heads_after_the_first_turn():
    """Two rounds against a single file of S5 I3 warriors, who strike before the Ettin (I2,
    here Ld 4) each round and wound it at most twice a round, so it strikes both rounds
    alive; its blows do not depend on its wounds, nor theirs on its blows.  Its first
    round: the Traidor's wounds D1 (exact); the warriors wound it with probability q
    (exact: 1 - their chance of no wound; no regeneration).  At the end of the turn, wounded,
    it tests Ld 4: failed (30/36) the Salvaje head fights the second round (WS2 S7, frenzied:
    7 attacks), else the Traidor without hatred (not the first round).  The warriors'
    casualties over both rounds are D1 + D2, D2 the mixture of the two heads' rounds (exact
    one-round engines), checked against the kernel at z = 5; with no swap at all (D2 the
    Traidor's) the same trials are refused."""
    enemy = _warriors(I=3, S=5, files=1)
    first = first_round_exact(_fight(_ettin("two_heads", profile={"Ld": 4}), enemy=enemy))
    d1 = np.asarray(first["wounds"][0])
    q = 1 - first["wounds"][1][0]
    assert not np.asarray(first["wounds"][1])[3:].any()  # two wounds a round at most
    traitor = np.asarray(first_round_exact(_fight(_ettin(), enemy=enemy))["wounds"][0])
    savage = np.asarray(first_round_exact(_fight(
        _ettin("frenzy", profile={"WS": 2, "S": 7, "Ld": 3}), enemy=enemy))["wounds"][0])
    n = max(len(traitor), len(savage))
    d2 = (1 - q * FAIL) * np.pad(traitor, (0, n - len(traitor))) + q * FAIL * np.pad(
        savage, (0, n - len(savage)))
    casualties = np.convolve(d1, d2)
    out = simulate(_fight(_ettin("two_heads", profile={"Ld": 4}), rounds=2, enemy=enemy),
                   TRIALS, 3603)
    left = out["surv"][1]
    shares = {40 - m: c / TRIALS for m, c in enumerate(left) if c}
    assert_distribution(shares, casualties, TRIALS, what="two rounds")
    with pytest.raises(AssertionError):
        assert_distribution(shares, np.convolve(d1, traitor), TRIALS, what="no swap")


def test_an_unwounded_ettin_keeps_its_head():
    """No wound, no test: against warriors that cannot wound it (S1 against T6: no roll to
    wound, RULES.md §1.4) the Traidor fights the second round as the first without hatred."""
    model = _fight(_ettin("two_heads"), rounds=2, enemy=_weak())
    d1 = first_round_exact(model)["wounds"][0]
    one = _fight(_ettin(), enemy=_weak())
    casualties = np.convolve(d1, first_round_exact(one)["wounds"][0])
    out = simulate(model, TRIALS, 3604)
    left = out["surv"][1]
    assert_distribution({40 - m: c / TRIALS for m, c in enumerate(left) if c}, casualties,
                        TRIALS, what="unwounded")


def test_traitor_charging_a_flank_doubles_the_bonus():
    """"Traidor ... dobla el bonificador a la resolución de combate si carga por el flanco":
    the Ettin (US 6) charging the warriors' flank claims +2, not +1, in every trial; the exact
    engine, which has no doubling, refuses the model.  The Salvaje head claims +1.  The
    warriors cannot wound it, so it keeps the unit strength 5 a flank bonus needs (§2.2)."""
    model = _fight(_ettin("two_heads"), face=FLANK, charged=True, enemy=_weak())
    assert first_round_exact(model) is None
    out = simulate(model, 20_000, 3605)
    assert out["terms"][0, TM_FLANK] == 2 * 20_000
    savage = _fight(_ettin("two_heads", "two_heads_savage"), face=FLANK, charged=True,
                    enemy=_weak())
    assert first_round_exact(savage) is not None
    out = simulate(savage, 20_000, 3606)
    assert out["terms"][0, TM_FLANK] == 20_000
