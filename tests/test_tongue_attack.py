"""Reinos del Caos "Ataque de lengua": the Sapodragón's tongue strikes first, poisoned, at S4,
and the body it hits strikes the Sapodragón at -1 that round (``tongue_attack``,
:mod:`odds.special_rules.chaos_monsters`, :func:`odds.combat.blows.tongue_mark`).

MDNR ``MDNR_Reinos_del_Caos_Mortales_v5.cat``, "Sapodragón" (A "4+1"), rule "Ataque de
lengua": "Uno de los Ataques del Sapodragón tiene la regla Siempre Ataca Primero y Ataque
Envenenado ... Dicho ataque se resuelve con Fuerza 4 en vez de su Fuerza 6. Sin embargo, si el
ataque de lengua impacta (no hace falta que hiera), todos los ataques que realice en esta fase
de combate cuerpo a cuerpo la unidad impactada al Sapodragón tendrán un penalizador de -1 a la
tirada para impactar".
"""

from __future__ import annotations

import math

import pytest
from conftest import (
    SHARED,
    assert_distribution,
    binomial,
    cat,
    check_kernel_first_round,
    clean,
    first_round_shares,
    infantry,
    kinds,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.combat.model.layout import CREW, G_ATTACKS, G_POISON, S_TONGUE

N = 200_000
MORTALES = ("MDNR_Reinos_del_Caos_Mortales_v5.cat",
            "MDNR_Reinos_del_Caos_Mortales_con_Personajes_Especiales_v1.cat",
            "MDNR_Reinos_del_Caos_(Marca_de_Malal)_Mortales_con_Personajes_Especiales_v1.cat",
            "MDNR_Reinos_del_Caos_Mortales_Horda_de_Archaon_v1.cat")


def _toad(A: int = 0, **kw):
    """A WS4 I3 monster with its tongue and ``A`` other attacks; T3 W10, no save."""
    return infantry("Sapodragón", 1, 1, WS=4, S=6, T=3, W=10, A=A, special=["tongue_attack",
                                                                         "unbreakable"],
                    army="warriors_of_chaos", **kw).replace(troop_type="monster")


def _foe(A: int = 0, W: int = 5, **kw):
    """One WS3 S3 T4 W5 model, no save, unbreakable: the tongue cannot slay it."""
    return infantry("Campeón", 1, 1, T=4, W=W, A=A, special=["unbreakable"], army="empire",
                    **kw)


def test_the_tongue_strikes_poisoned_at_s4():
    """One attack at WS4 against WS3 (3+), a natural 6 wounding by poison, 3-5 wounding S4
    against T4 on 4+: a wound with 1/6 + 1/2 * 1/2 = 5/12 (no other attack: A 0)."""
    model = build(_toad(), _foe(), options=CombatOptions(max_rounds=1, charger="none"))
    assert model.sides[0, S_TONGUE] == 1
    row = model.groups[0, 1, CREW, 0]
    assert row[G_ATTACKS] == 1 and row[G_POISON] == 6
    check_kernel_first_round(model, binomial(1, 5 / 12), 921, "tongue")


def _struck_at(q: float, n: int, p0: float, p1: float) -> list[float]:
    """Wounds of ``n`` attacks hitting with ``p1`` after a tongue hit (probability ``q``),
    with ``p0`` otherwise: the law worked out by hand."""
    return [q * a + (1 - q) * b for a, b in zip(binomial(n, p1), binomial(n, p0), strict=True)]


@pytest.mark.parametrize("charger", ["none", "defender"])  # the enemy charges: "defender"
def test_a_tongue_hit_makes_the_enemy_hit_at_minus_one(charger):
    """The enemy's four attacks (WS3 against WS4: 4+, S3 against T3: 4+) after the tongue
    (3+ to hit): 5+ to hit once it hit.  It strikes first even when the enemy charges
    ("Siempre Ataca Primero"), and the enemy's wounds are 2/3 Binomial(4, 1/6) + 1/3
    Binomial(4, 1/4)."""
    model = build(_toad(), _foe(A=4), options=CombatOptions(max_rounds=1, charger=charger))
    out = simulate(model, N, 922)
    assert_distribution(first_round_shares(out, 1, N), _struck_at(2 / 3, 4, 1 / 4, 1 / 6), N,
                        what=f"penalty, charger {charger}")


def test_the_other_attacks_are_not_poisoned_nor_slowed():
    """A WS10 enemy hits WS4 on 3+, 4+ after a tongue hit (the tongue at 5+ against WS10: 1/3);
    the toad's own four S6 attacks (5+ to hit, 2+ to wound T4) are not poisoned and strike
    beside the tongue (A "4+1"): the tongue wounds with 1/6 + 1/6 * 1/2."""
    model = build(_toad(A=4), _foe(A=4, WS=10, W=10), options=CombatOptions(max_rounds=1,
                                                                            charger="none"))
    assert model.groups[0, 1, 0, 0, G_POISON] == 7
    out = simulate(model, N, 923)
    foe = _struck_at(1 / 3, 4, 2 / 3 * 1 / 2, 1 / 2 * 1 / 2)
    assert_distribution(first_round_shares(out, 1, N), foe, N, what="WS10 enemy")
    t = 1 / 6 + 1 / 6 * 1 / 2
    other = binomial(4, 1 / 3 * 5 / 6)
    pmf = [(1 - t) * (other[k] if k <= 4 else 0) + t * (other[k - 1] if k >= 1 else 0)
           for k in range(6)]
    assert math.isclose(sum(pmf), 1.0)
    assert_distribution(first_round_shares(out, 0, N), pmf, N, what="toad's wounds")


def test_exact_engine_refuses_it():
    """The penalty follows the tongue's roll: the exact first round refuses the combat."""
    assert first_round_exact(build(_toad(), _foe(A=1),
                                   options=CombatOptions(max_rounds=1))) is None


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_sapodragon_from_the_catalogues():
    """Mortales (with their special characters, Malal's, Archaón's) "Sapodragón": A "4+1" is
    four attacks and the tongue's (a note), the rule mapped, the unit clean."""
    for book in MORTALES:
        c = cat(book)
        unit = c.unit("Sapodragón")
        assert "tongue_attack" in unit.special and unit.profile.A == 4, book
        found = kinds(c, "Sapodragón")
        assert "Ataque de lengua" not in found and found["Sapodragón A"] == "note", book
        assert clean(c, "Sapodragón"), book
