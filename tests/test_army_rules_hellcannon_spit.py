"""Enanos del Caos, Reinos del Caos Mortales "Cañón infernal" "Escupir inmundicia": the
cannon's flame-template shot at the unit it fights, in its own turns while engaged
(``spit_filth``, :data:`odds.special_rules.chaos_monsters.SPIT_FILTH`,
:func:`odds.combat.psychology.spit_filth`).

``MDNR_Enanos_del_Caos v4_5.cat``, "Cañón infernal (dos huecos de singular)", rule "Escupir
inmundicia": "Sitúa la plantilla de llamas tocando con el extremo pequeño en la boca del cañón
y el extremo ancho dirigido contra el blanco. Las miniaturas bajo la plantilla (parciales a 4+)
sufren impactos de F6. Toda unidad bajo la plantilla (aunque sea parcial) debe hacer chequeo de
Terror"; its rule "Arrasar": "Si el cañón arrasa o está trabado, sólo puede escupir inmundicia
(no puede disparar de la forma habitual)"; ``MDNR_Reinos_del_Caos_Mortales_v5.cat`` adds "El
cañón puede Escupir inmundicia aunque esté trabado en combate cuerpo a cuerpo".
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import SHARED, assert_distribution, binomial, cat, clean, infantry, kinds

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.combat.model.frontage import under_flame
from odds.combat.model.layout import S_SPIT

N = 200_000
HELLCANNON = "Cañón infernal (dos huecos de singular)"
BOOKS = ("MDNR_Enanos_del_Caos v4_5.cat",
         "MDNR_Enanos_del_Caos_con_Personajes_Especiales_v1.cat",
         "MDNR_Reinos_del_Caos_Mortales_v5.cat",
         "MDNR_Reinos_del_Caos_Mortales_con_Personajes_Especiales_v1.cat",
         "MDNR_Reinos_del_Caos_(Marca_de_Malal)_Mortales_con_Personajes_Especiales_v1.cat",
         "MDNR_Reinos_del_Caos_Mortales_Horda_de_Archaon_v1.cat")


def _cannon(*extra: str):
    """A spitting war machine that cannot wound T5 in close combat (S1) nor be wounded
    (T10), unbreakable: only its spit takes the enemy's models."""
    return infantry("Cañón", 1, 1, S=1, T=10, W=4,
                    special=["spit_filth", "unbreakable", *extra]).replace(
        troop_type="war_machine")


def _enemy(*special: str, save: int = 7):
    """Twenty-five T5 infantry five wide on 20 mm bases (RULES.md §1.1)."""
    return infantry("Guerreros", 25, 5, S=1, T=5, save=save, special=list(special))


def _spits(p_full: float, p_part: float) -> list[float]:
    """Casualties of one spit at the enemy's 25 models: 2 fully under the template, each
    slain with ``p_full``; 9 partially, each with ``p_part`` (the 4+ included)."""
    return list(np.convolve(binomial(2, p_full), binomial(9, p_part)))


def _casualties(model, seed: int, pmf: list[float], what: str) -> dict:
    """The enemy's models lost follow ``pmf`` (z = 5); no wound counts for the result."""
    out = simulate(model, N, seed)
    lost = {25 - k: c / N for k, c in enumerate(out["surv"][1]) if c}
    assert_distribution(lost, pmf, N, what=what)
    assert out["w1"][0][0] == N, what  # shooting-phase wounds: no combat result (§2.1)
    return out


def test_models_under_the_template_worked_by_hand():
    """The flame template (8" = 400 half-mm long, its wide end 3" = 150 half-mm across) with
    its point at the middle of a front five wide on 20 mm bases: its half-width grows by
    75/325 of the depth to 7.5 cm from the front, so 4.6 mm at 2 cm, 9.2 at 4, 13.8 at 6, 18.5
    at 8 and 23.1 mm at 10 cm.  Ranks 1 and 2: only the middle model (its base across the
    axis) is touched; rank 3: the middle one (10 mm out, beyond 9.2 at the rank's front) and
    its two neighbours (10 mm from the axis, within 13.8) partially; ranks 4 and 5: the middle
    one fully (10 mm out, within 13.8 and 18.5) and its neighbours partially (30 mm out at
    their far edge).  Fully 2, partially 1 + 1 + 3 + 2 + 2 = 9.  Two ranks of five: the middle
    model of each, partially.  Cavalry three wide on 25 x 50 mm bases, two ranks: the
    middle model of the first rank partially (11.5 mm at 5 cm, less than the 12.5 mm to
    its neighbours), then the whole second rank partially."""
    assert under_flame(25, 5, 20, 20) == (2, 9)
    assert under_flame(10, 5, 20, 20) == (0, 2)
    assert under_flame(6, 3, 25, 50) == (0, 4)
    assert under_flame(0, 5, 20, 20) == (0, 0)


def test_s6_hits_on_the_models_under_it_before_its_first_round():
    """Its own turn first (no charger: side 0's turn): before the blows, 2 S6 hits and 9 more
    on 4+; S6 against T5 wounds on 3+ (RULES.md §1.4); the enemy's 3+ armour saves on 6+
    (S6: -3, §1.5); the enemy is immune to psychology (no Terror test).  The exact first
    round refuses the model (a spit before the first blows)."""
    model = build(_cannon(), _enemy("immune_to_psychology", save=3),
                  options=CombatOptions(max_rounds=1, charger="none"))
    assert model.sides[0, S_SPIT] == 1 and model.sides[1, S_SPIT] == 0
    wound = 2 / 3 * 5 / 6
    _casualties(model, 4101, _spits(wound, wound / 2), "first round, 3+ armour")
    assert first_round_exact(model) is None


def test_in_its_own_turns_only_and_the_exact_first_round():
    """The enemy charged: round 1 is its turn, no spit before it (the exact first round takes
    the model, and its first round has no casualty); round 2 is the cannon's turn: one spit
    after two rounds; round 3 is the enemy's turn again: still one after three (RULES.md §0:
    the turns alternate; no save: each wound 2/3)."""
    one = build(_enemy("immune_to_psychology"), _cannon(),
                options=CombatOptions(max_rounds=1, charger="attacker"))
    exact = first_round_exact(one)
    assert exact is not None
    out = simulate(one, 20_000, 4102)
    assert out["surv"][0][25] == 20_000  # the enemy (side 0) lost no model
    for rounds, seed in ((2, 4103), (3, 4104)):
        model = build(_enemy("immune_to_psychology"), _cannon(),
                      options=CombatOptions(max_rounds=rounds, charger="attacker",
                                            expand_frontage=False))
        out = simulate(model, N, seed)
        lost = {25 - k: c / N for k, c in enumerate(out["surv"][0]) if c}
        assert_distribution(lost, _spits(2 / 3, 1 / 3), N, what=f"{rounds} rounds")


def test_the_terror_test_and_who_is_spared():
    """"Toda unidad bajo la plantilla ... debe hacer chequeo de Terror": Ld 7 fails on 2D6
    above 7 (15/36, RULES.md §3.1); failed, the unit flees before the round (RULES.md §3.3)
    and the combat ends.  A unit that causes fear is immune to terror (§3.3): it never
    flees."""
    model = build(_cannon(), _enemy(), options=CombatOptions(max_rounds=1, charger="none"))
    out = simulate(model, N, 4105)
    fled = out["outcome"][5] / N  # defender_escaped
    se = (15 / 36 * 21 / 36 / N) ** 0.5
    assert abs(fled - 15 / 36) < 5 * se
    assert out["rounds"][0] == out["outcome"][5]  # fled before any blow
    fearsome = build(_cannon(), _enemy("fear"), options=CombatOptions(max_rounds=1,
                                                                     charger="none"))
    assert simulate(fearsome, 20_000, 4106)["outcome"][5] == 0


def test_held_is_the_same_as_no_rule():
    """Option ``spit_filth_held``: the cannon never spits; the runs are those of a cannon
    without the rule, trial for trial (same seed)."""
    held = build(_cannon("spit_filth_held"), _enemy(),
                 options=CombatOptions(max_rounds=3, charger="none"))
    plain = _cannon().replace(special=tuple(s for s in _cannon().special
                                            if s != "spit_filth"))
    without = build(plain, _enemy(), options=CombatOptions(max_rounds=3, charger="none"))
    assert held.sides[0, S_SPIT] == 0
    a, b = simulate(held, 20_000, 4107), simulate(without, 20_000, 4107)
    for key in ("outcome", "surv", "rounds", "w1"):
        assert np.array_equal(a[key], b[key]), key


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_hellcannon_from_the_catalogues():
    """The six books' "Cañón infernal (dos huecos de singular)": "Escupir inmundicia" read as
    ``spit_filth``, the entry clean; the cannon causes terror ("Terror"), so ``S_SPIT`` 2 (a
    terror test at the charge spares the spit's)."""
    for book in BOOKS:
        c = cat(book)
        u = c.unit(HELLCANNON)
        assert "spit_filth" in u.special and u.causes_terror, book
        assert "Escupir inmundicia" not in kinds(c, HELLCANNON), book
        assert clean(c, HELLCANNON), book
        model = build(u, _enemy(), options=CombatOptions(max_rounds=1))
        assert model.sides[0, S_SPIT] == 2, book
