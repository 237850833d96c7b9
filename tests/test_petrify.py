"""gst "Petrificar": the Cocatriz's gaze at the unit in base contact, each own turn while
engaged (``petrify``, :mod:`odds.special_rules.chaos_monsters`,
:func:`odds.combat.psychology.petrify`).

MDNR ``Warhammer_Fantasy_-_6ª_Edición_con_MDNR_-_v1.0.gst`` rule "Petrificar" (linked from
``MDNR_Reinos_del_Caos_Mortales_v5.cat``, "Cocatriz"): "Lanza 1D6 para saber cuántos impactos
automáticos hace. Los impactos son de F4, se consideran Ataques Mágicos y anulan salvación por
armadura. En lugar de comparar con la Resistencia de la miniatura, compárala con su
Iniciativa al hacer las tiradas para herir, contando que un resultado de 6 natural siempre se
considera un éxito ... Las miniaturas con Petrificar pueden Petrificar incluso estando
trabadas en combate cuerpo a cuerpo, en su fase de disparo ... pero en ese caso siempre deben
hacer el ataque a unidades que estén en contacto peana con peana".
"""

from __future__ import annotations

import math

import pytest
from conftest import SHARED, assert_distribution, cat, clean, infantry, kinds

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.combat.model.layout import S_PETRIFY, S_PETRIFY_WARD, S_PETRIFY_WOUND
from odds.special_rules.chaos_monsters import petrify_wound
from odds.units import MountProfile

N = 200_000
MORTALES = ("MDNR_Reinos_del_Caos_Mortales_v5.cat",
            "MDNR_Reinos_del_Caos_Mortales_con_Personajes_Especiales_v1.cat",
            "MDNR_Reinos_del_Caos_(Marca_de_Malal)_Mortales_con_Personajes_Especiales_v1.cat",
            "MDNR_Reinos_del_Caos_Mortales_-_Norsca_Caotica_v1.cat")


def _cockatrice():
    """One gazing monster that cannot wound in close combat (S1) nor be wounded (T10),
    unbreakable: the enemy's ranks win it every round."""
    return infantry("Cocatriz", 1, 1, S=1, T=10, W=4, special=["petrify", "unbreakable"],
                    army="warriors_of_chaos").replace(troop_type="monster")


def _enemy(models: int = 20, **kw):
    """Unbreakable S1 T10 infantry five wide: only the gaze takes its models."""
    return infantry("Lanceros", models, 5, S=1, T=10, army="empire", special=["unbreakable"],
                    **kw)


def _gaze(p: float, gazes: int = 1) -> list[float]:
    """Wounds of ``gazes`` gazes: each 1D6 hits, each hit wounding (after ward and
    regeneration) with probability ``p``; the law worked out by hand."""
    one = [0.0] * 7
    for hits in range(1, 7):
        for k in range(hits + 1):
            one[k] += math.comb(hits, k) * p**k * (1 - p) ** (hits - k) / 6
    out = [1.0]
    for _ in range(gazes):
        out = [sum(out[i] * one[k - i] for i in range(len(out)) if 0 <= k - i < 7)
               for k in range(len(out) + 6)]
    return out


def _casualties(model, seed: int, pmf: list[float], models: int, what: str) -> None:
    """The enemy's models lost follow ``pmf`` (z = 5); no wound counts for the result."""
    out = simulate(model, N, seed)
    lost = {models - k: c / N for k, c in enumerate(out["surv"][1]) if c}
    assert_distribution(lost, pmf, N, what=what)
    assert out["w1"][0][0] == N and out["w1"][1][0] == N, what  # shooting: no result
    assert out["surv"][0][1] == N, what  # the Cocatriz is never wounded


def test_d6_hits_wounding_against_initiative_no_armour():
    """Its own first turn: 1D6 hits, S4 against the enemy's I3 wound on 3+ (RULES.md §1.4),
    the enemy's 4+ armour not rolled ("anulan salvación por armadura")."""
    model = build(_cockatrice(), _enemy(save=4), options=CombatOptions(max_rounds=1,
                                                                       charger="none"))
    assert model.sides[0, S_PETRIFY] == 1 and model.sides[1, S_PETRIFY_WOUND] == 3
    _casualties(model, 911, _gaze(2 / 3), 20, "I3")


def test_a_natural_six_always_wounds_and_the_ward_and_regeneration_are_rolled():
    """I8 cannot be wounded by S4 on the table, but "un resultado de 6 natural siempre se
    considera un éxito": 6+; then a 5+ ward and a 4+ regeneration: each hit 1/6 * 2/3 * 1/2."""
    enemy = _enemy(I=8).replace(ward_save=5, regeneration=4)
    model = build(_cockatrice(), enemy, options=CombatOptions(max_rounds=1, charger="none"))
    assert model.sides[1, S_PETRIFY_WOUND] == 6 and model.sides[1, S_PETRIFY_WARD] == 5
    _casualties(model, 912, _gaze(1 / 18), 20, "I8, ward 5+, regeneration 4+")


def test_in_its_own_turns_only():
    """Round 2 is the enemy's turn: one gaze after two rounds; round 3 is its own again: two
    gazes after three (I1: wounds on 2+)."""
    two = build(_cockatrice(), _enemy(I=1), options=CombatOptions(max_rounds=2,
                                                                  charger="none"))
    _casualties(two, 913, _gaze(5 / 6), 20, "two rounds")
    three = build(_cockatrice(), _enemy(I=1), options=CombatOptions(
        max_rounds=3, charger="none", expand_frontage=False))
    _casualties(three, 914, _gaze(5 / 6, 2), 20, "three rounds")


def test_not_before_the_enemy_first_blows_and_the_exact_engine():
    """The enemy charged: its turn first, no gaze in round 1 (the exact first round accepts
    the model); a gaze before the first blows makes the exact engine refuse it."""
    model = build(_enemy(), _cockatrice(), options=CombatOptions(max_rounds=1,
                                                                 charger="attacker"))
    out = simulate(model, 20_000, 915)
    assert out["surv"][0][20] == 20_000  # the enemy (side 0) lost no model
    assert first_round_exact(model) is not None
    assert first_round_exact(build(_cockatrice(), _enemy(),
                                   options=CombatOptions(max_rounds=1, charger="none"))) is None


def test_who_can_be_wounded():
    """"Las miniaturas ... sin valor de Iniciativa serán inmunes a este ataque, incluyendo la
    mayoría de máquinas de guerra"; a chariot's hits use the higher I of crew and beasts."""
    assert petrify_wound(_enemy(I=4)) == 4
    assert petrify_wound(_enemy(I=6)) == 6  # S4 against 6: 6+
    assert petrify_wound(_enemy().replace(troop_type="war_machine")) == 0
    chariot = _enemy(I=2).replace(troop_type="chariot", mount=MountProfile(WS=3, S=4, I=5, A=1))
    assert petrify_wound(chariot) == 5


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_cockatrice_from_the_catalogues():
    """Mortales (with their special characters, Malal's, Norsca's) "Cocatriz": the gst rule
    read from its text, the unit clean."""
    for book in MORTALES:
        c = cat(book)
        assert "petrify" in c.unit("Cocatriz").special, book
        assert "Petrificar" not in kinds(c, "Cocatriz"), book
        assert clean(c, "Cocatriz"), book
