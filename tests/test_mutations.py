"""Reinos del Caos Mortales (Malditos) "Mutaciones": one of six mutations rolled before the
battle, kept for the whole battle (``mutations``, :mod:`odds.special_rules.chaos`): the combat is
the mixture, 1/6 each, of the six mutated builds (``CombatModel.mixture``).

MDNR ``MDNR_Reinos_del_Caos_Mortales_v5.cat`` (and the other three Mortales books), "Malditos",
rule "Mutaciones": "Cuando vayas a desplegar la unidad de Malditos, lanza 1D6 justo antes para
saber qué mutación tendrá la unidad de Malditos hasta el final de la batalla: 1. Siempre ataca
último. 2. Poder de penetración. 3. HA+1. 4. F+1. 5. Ataques envenenados. 6. Golpe Letal."
RULES.md §1.5 (armour piercing "a further −1"), the special-rules table (killing blow: a
natural 6 to wound, no armour save; poisoned: a natural 6 to hit wounds automatically, saves
allowed).
"""

from __future__ import annotations

import math

from conftest import (
    binomial,
    cat,
    check_first_round,
    check_kernel_first_round,
    clean,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.exact import first_round_exact_multi
from odds.combat.model import FRONT, CombatOptions, build, build_units
from odds.special_rules.chaos import mutation_variants

BOOKS = ("MDNR_Reinos_del_Caos_Mortales_v5.cat",
         "MDNR_Reinos_del_Caos_Mortales_con_Personajes_Especiales_v1.cat",
         "MDNR_Reinos_del_Caos_(Marca_de_Malal)_Mortales_con_Personajes_Especiales_v1.cat",
         "MDNR_Reinos_del_Caos_Mortales_Horda_de_Archaon_v1.cat")


def _mutants(special=("mutations",)):
    """Five WS4 S4 Malditos with one attack each (the printed 1D3 left out), five wide."""
    return infantry("Malditos", 5, 5, WS=4, S=4, T=4, A=1, Ld=8,
                    special=["unbreakable", *special])


def _target():
    """Ten WS4 T4 models with a 5+ save and no attacks, that never break."""
    return infantry("Objetivo", 10, 5, WS=4, T=4, A=0, save=5, special=["unbreakable"])


def test_six_builds_one_mutation_each():
    """The D6's six builds: strikes last, armour piercing, WS+1, S+1, poison, killing blow."""
    parts = mutation_variants(_mutants())
    assert [w for w, _ in parts] == [1 / 6] * 6
    units = [u for _, u in parts]
    assert not any(u.has("mutations") for u in units)
    assert units[0].has("always_strikes_last") and units[1].has("armour_piercing")
    assert (units[2].profile.WS, units[2].profile.S) == (5, 4)
    assert (units[3].profile.WS, units[3].profile.S) == (4, 5)
    assert units[4].poisoned == 6 and units[5].has("killing_blow")
    model = build(_mutants(), _target(), options=CombatOptions(max_rounds=1))
    assert len(model.mixture) == 6 and math.isclose(sum(w for w, _ in model.mixture), 1.0)


def test_charging_malditos_first_round_is_the_mixture():
    """Five attacks charging: 4+ to hit, 4+ to wound, the 5+ save at -1 (6+) fails 5/6, so
    each attack wounds with 5/24 (strikes last: the target has no attacks, the same); armour
    piercing, no save: 1/4; WS+1, 3+ to hit: 5/18; S+1, 3+ to wound and no save: 1/3;
    poison, a 6 wounds then the 6+ save: 1/6 x 5/6 + 1/3 x 1/2 x 5/6 = 5/18; killing blow,
    a 6 to wound with no save: 1/2 x (1/6 + 1/3 x 5/6) = 2/9.  The wounds are the mixture
    of the six Binomial(5, p), 1/6 each: the exact engine and the kernel (z = 5)."""
    ps = (5 / 24, 1 / 4, 5 / 18, 1 / 3, 5 / 18, 2 / 9)
    pmf = [sum(binomial(5, p)[k] for p in ps) / 6 for k in range(6)]
    model = build(_mutants(), _target(), options=CombatOptions(max_rounds=1))
    check_first_round(model, pmf, 4411, "mutations")


def test_without_the_rule_one_combat():
    """A unit without the flag builds one combat, no mixture: Binomial(5, 5/24)."""
    model = build(_mutants(special=()), _target(), options=CombatOptions(max_rounds=1))
    assert model.mixture == ()
    check_first_round(model, binomial(5, 5 / 24), 4412, "no mutation", trials=50_000)


@needs_data
def test_malditos_import_with_their_mutation():
    """Every Mortales book's "Malditos": "Mutaciones" is the ``mutations`` flag, nothing of
    the entry is left ignored or approximated."""
    for book in BOOKS:
        c = cat(book)
        assert kinds(c, "Malditos").get("Mutaciones") not in ("ignored", "approximated")
        assert clean(c, "Malditos"), book
        unit = next(e for e in c.entries if e.name == "Malditos").default_unit
        assert unit.has("mutations"), book


def test_several_units_mix_too():
    """Two Malditos units (side 0) on one target (side 1), through ``build_units``: 36
    parts (1/36 each), and the target's wounds are the sum of two independent draws of the
    mixture above: the several-unit exact engine and the kernel (z = 5)."""
    ps = (5 / 24, 1 / 4, 5 / 18, 1 / 3, 5 / 18, 2 / 9)
    one = [sum(binomial(5, p)[k] for p in ps) / 6 for k in range(6)]
    pmf = [sum(one[i] * one[k - i] for i in range(6) if 0 <= k - i < 6) for k in range(11)]
    target = infantry("Objetivo", 20, 10, WS=4, T=4, A=0, save=5, special=["unbreakable"])
    model = build_units([_mutants(), _mutants(), target], [0, 0, 1],
                        [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)], [True, True, False],
                        [None, None, None], CombatOptions(max_rounds=1))
    assert len(model.mixture) == 36
    exact = first_round_exact_multi(model)["wounds"][0]
    assert max(abs(a - b) for a, b in zip(exact, pmf, strict=False)) < 1e-12
    check_kernel_first_round(model, pmf, 4413, "two mutated units")


def test_fight_with_a_fear_test_at_the_charge():
    """Through ``fight``: ten fear-causing Malditos (1D3 attacks, heavy armour) charge twenty
    black orcs, which hit them only on 6s when they fail their fear test (RULES.md §3.3):
    the first round's events and wounds of the kernel against the exact mixture (every part
    of the mixture with its hits on 6s), z = 5."""
    from conftest import assert_distribution, assert_mc

    from odds.combat.api import fight
    from odds.units import library_unit, unit_from_dict

    malditos = unit_from_dict({
        "name": "Malditos", "troop_type": "infantry", "models": 10, "files": 5,
        "profile": {"M": 15, "WS": 4, "BS": 0, "S": 4, "T": 4, "W": 1, "I": 4, "A": 1,
                    "Ld": 8},
        "equipment": {"weapon": "hand_weapon", "armour": "heavy"},
        "rules": {"special": ["fear", "mutations"], "random_attacks": "d3"},
    })
    n = 100_000
    r = fight(malditos, library_unit("black_orcs"), max_rounds=1, trials=n, seed=4414)
    ex = r.extra["exact_first_round"]
    assert ex is not None and len(r.extra["model"].mixture) == 6
    for row in r.first_round.itertuples():
        assert_mc(row.probability, row.exact, n, what=f"mutations: {row.outcome}")
    for i, side in enumerate(("attacker", "defender")):
        t = r.wounds_r1[r.wounds_r1.side == side]
        assert_distribution(dict(zip(t.wounds, t.probability, strict=True)), ex["wounds"][i],
                            n, what=f"mutations: {side} wounds")


def test_at_most_three_mutated_units():
    """Four units with "Mutaciones" in one combat would be 6 ** 4 builds: a one-line error
    naming the field and the limit."""
    import pytest

    from odds.validation import OddsInputError

    target = infantry("Objetivo", 40, 20, T=4, A=0, special=["unbreakable"])
    with pytest.raises(OddsInputError, match=r"^units: at most 3 units .* \(got 4\)$"):
        build_units([_mutants()] * 4 + [target], [0, 0, 0, 0, 1],
                    [(k, 4, FRONT, FRONT) for k in range(4)], [True] * 4 + [False],
                    [None] * 5, CombatOptions(max_rounds=1))
