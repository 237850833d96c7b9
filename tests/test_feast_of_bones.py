"""Elfos Oscuros "Festín de huesos": ``MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat``,
entry "Kharibdyss": "Si el Kharibdyss declara que todos sus ataques van dirigidos contra una
única miniatura y todos ellos impactan, el Kharibdyss gana +1D6 ataques adicionales contra esa
misma miniatura".

Default: declared on an enemy body of one model only (:data:`odds.special_rules.blows.
FEAST_OF_BONES`).  The exact first round refuses the rule, so the kernel is checked against
hand-worked distributions at z = 5.
"""

from __future__ import annotations

from math import comb

import pytest
from conftest import SHARED, binomial, cat, check_kernel_first_round, clean

from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.units import unit_from_dict

BOOK = "MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat"


def _unit(name, models, *, W=1, A=1, special=()):
    """Infantry in one rank: WS3 S3 T3 I3 (I5 with the feast, striking first), no save."""
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": models,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": W,
                    "I": 5 if special else 3, "A": A, "Ld": 7},
        "rules": {"special": ["immune_to_psychology", *special]},
    })


def _feast_pmf() -> list[float]:
    """Wounds of two attacks with the feast on one T3 model of 10 W (at most 8 wounds), no
    save: each attack hits on 4+ and wounds on 4+ (1/2 each); both hit (1/4), a D6 more
    attacks are rolled.
    Hits H: 0 (1/4), 1 (1/2), else 2 + Binomial(D6, 1/2); wounds Binomial(H, 1/2)."""
    hits = [0.0] * 9
    hits[0], hits[1] = 1 / 4, 1 / 2
    for d in range(1, 7):
        for k in range(d + 1):
            hits[2 + k] += 1 / 4 / 6 * comb(d, k) / 2**d
    pmf = [0.0] * 9
    for h, ph in enumerate(hits):
        for w in range(h + 1):
            pmf[w] += ph * comb(h, w) / 2**h
    return pmf


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_the_kharibdyss_imports_its_feast():
    """The entry's rule is read as ``feast_of_bones``; nothing of it is left out."""
    c = cat(BOOK)
    assert c.unit("Kharibdyss").has("feast_of_bones")
    assert clean(c, "Kharibdyss")


def test_all_hits_on_a_lone_model_give_a_d6_more_attacks():
    """Two WS3 S3 attacks with the feast on one WS3 T3 model of 10 wounds (its one attack
    cannot matter: it strikes after): the hand-worked mixture of :func:`_feast_pmf`."""
    monster = _unit("K", 1, W=5, A=2, special=("feast_of_bones",))
    lone = _unit("L", 1, W=10)
    model = build(monster, lone, options=CombatOptions(max_rounds=1))
    pmf = _feast_pmf()
    assert abs(sum(pmf) - 1) < 1e-12
    check_kernel_first_round(model, pmf, 3701, "the feast on a lone model")
    assert first_round_exact(model) is None  # the exact engine refuses the rule


def test_no_feast_on_a_unit_of_several_models():
    """Default: against five models the feast is not declared: Binomial(2, 1/4)."""
    monster = _unit("K", 1, W=5, A=2, special=("feast_of_bones",))
    model = build(monster, _unit("U", 5, W=4), options=CombatOptions(max_rounds=1))
    check_kernel_first_round(model, binomial(2, 1 / 4), 3702, "no feast on five models")
