"""Reinos del Caos "Magia de Tzeentch": the Horrors' "Mutación incontrolable" slays models in
base contact each own turn and adds Horrors (``tzeentch_mutation``,
:mod:`odds.special_rules.chaos`, :func:`odds.combat.psychology.mutations`).

MDNR ``MDNR_Reinos_del_Caos_Demonios_v5.cat``, "Horrores de Tzeentch", rule "Magia de
Tzeentch": "Una vez por turno, al inicio de la fase de magia (propia), pueden lanzar un
hechizo ... Mutación incontrolable. Sólo en combate cuerpo a cuerpo. Lanza 1D6 por cada Horror
en contacto peana con peana con el enemigo, con un 6 hace una baja en una unidad enemiga con
la que esté en contacto. Anula armaduras. Las bajas sólo pueden hacerse a miniaturas de
infantería o caballería (pueden ser personajes). Por cada enemigo aniquilado con este
hechizo, añade un Horror a la unidad".
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_distribution, binomial, cat, clean, infantry, kinds

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.combat.model.layout import S_MUTATION, S_MUTATION_WARD
from odds.special_rules.chaos import mutation_ward

N = 200_000
DEMONIOS = "MDNR_Reinos_del_Caos_Demonios_v5.cat"


def _horrors():
    """Ten Horrors five wide that cannot wound (S1) nor be wounded (T10)."""
    return infantry("Horrores", 10, 5, S=1, T=10, special=["tzeentch_mutation"],
                    army="daemons_of_chaos")


def _enemy(**kw):
    """Ten models five wide, unbreakable: the Horrors' growing unit strength outnumbers them
    (§2.2), and a break would end the combat before the casualties are counted."""
    return infantry("Lanceros", 10, 5, S=1, T=10, army="empire", special=["unbreakable"], **kw)


def _casualties(model, seed: int, pmf: list[float], what: str) -> None:
    """The enemy's casualties follow ``pmf`` and the Horrors gain as many models (z = 5); no
    wound counts for the combat result (magic-phase casualties)."""
    out = simulate(model, N, seed)
    enemy = {10 - k: c / N for k, c in enumerate(out["surv"][1]) if c}
    assert_distribution(enemy, pmf, N, what=what)
    assert (out["surv"][0][:10] == 0).all(), what  # the Horrors never lose a model
    for k in range(len(pmf)):  # each slain enemy adds one Horror
        assert out["surv"][0][10 + k] == out["surv"][1][10 - k], (what, k)
    assert out["w1"][0][0] == N and out["w1"][1][0] == N, what


def test_a_d6_per_horror_in_contact_each_six_slays_one():
    """Five Horrors in contact in their own first turn: Binomial(5, 1/6) enemies slain, no
    armour save ("Anula armaduras": the enemy's 4+ armour is not rolled)."""
    model = build(_horrors(), _enemy(save=4), options=CombatOptions(max_rounds=1,
                                                                     charger="none"))
    assert model.sides[0, S_MUTATION] == 1 and model.sides[1, S_MUTATION_WARD] == 7
    _casualties(model, 901, binomial(5, 1 / 6), "one cast")


def test_the_enemy_ward_save_is_rolled():
    """A 5+ ward of the enemy's own: each 6 slays on a failed ward, Binomial(5, 1/9)."""
    model = build(_horrors(), _enemy().replace(ward_save=5),
                  options=CombatOptions(max_rounds=1, charger="none"))
    _casualties(model, 902, binomial(5, 1 / 9), "ward 5+")


def test_cast_in_its_own_turns_only():
    """Round 2 is the enemy's turn: still Binomial(5, 1/6) after two rounds; round 3 is the
    Horrors' again, five in contact again: Binomial(10, 1/6) after three (the winners'
    frontage kept, §1.11 off: lapping round would bring more Horrors into contact)."""
    two = build(_horrors(), _enemy(), options=CombatOptions(max_rounds=2, charger="none"))
    _casualties(two, 903, binomial(5, 1 / 6), "two rounds")
    three = build(_horrors(), _enemy(), options=CombatOptions(max_rounds=3, charger="none",
                                                              expand_frontage=False))
    _casualties(three, 904, binomial(10, 1 / 6), "three rounds")


def test_not_in_the_enemy_turn_and_not_on_monsters():
    """The defender's turn first (the enemy charged): no cast in round 1; the exact engine
    refuses a model whose first round has a cast, accepts one whose first round has none.
    Only infantry and cavalry can be its casualties."""
    model = build(_enemy(), _horrors(), options=CombatOptions(max_rounds=1, charger="attacker"))
    out = simulate(model, 20_000, 905)
    assert out["surv"][0][10] == 20_000  # the enemy (side 0) lost no model
    assert first_round_exact(model) is not None
    assert first_round_exact(build(_horrors(), _enemy(),
                                   options=CombatOptions(max_rounds=1, charger="none"))) is None
    assert mutation_ward(_enemy()) == 7
    assert mutation_ward(_enemy().replace(troop_type="monstrous_infantry")) == 0


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_horrors_from_the_catalogue():
    """Demonios, Bestias "Horrores de Tzeentch": the rule read from its text, the unit clean."""
    for book in (DEMONIOS, "MDNR_Reinos_del_Caos_Bestias_v5.cat"):
        c = cat(book)
        assert "tzeentch_mutation" in c.unit("Horrores de Tzeentch").special, book
        assert "Magia de Tzeentch" not in kinds(c, "Horrores de Tzeentch"), book
        assert clean(c, "Horrores de Tzeentch"), book
