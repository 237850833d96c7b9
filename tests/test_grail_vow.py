"""Bretonia "Caballeros del grial": "Voto del grial" (``grail_vow``: the Blessing of the Lady,
with immunity to psychology and the knights' magic attacks) and "Santos en vida"
(``living_saints``).

MDNR Bretonia (``MDNR_Bretonia_v5.cat``, ``..._Sexta_Pura_(Compendium_TS).cat``,
``..._con_Personajes_Especiales_v1.cat``, "Caballeros del grial"): "Las miniaturas con Voto del
Grial empiezan la partida siempre con la Bendición de la Dama ... Todos sus ataques son mágicos
(del Caballero con el Voto, no de su montura)"; "Todas las miniaturas de la unidad se consideran
Campeón a efectos de lanzar y aceptar desafíos".  The Blessing: a 6+ ward save, 5+ against
Strength 5 or more (MDNR Bretonia "Morgiana": with her "será de 5+ contra cualquier ataque
(tenga este la Fuerza que tenga)").
"""

from __future__ import annotations

import pytest
from conftest import (
    SHARED,
    assert_distribution,
    binomial,
    cat,
    check_first_round,
    clean,
    first_round_shares,
    infantry,
)

from odds.combat.api import simulate
from odds.combat.model import FRONT, CombatOptions, build, build_units
from odds.units import Profile

BOOKS = ("MDNR_Bretonia_v5.cat", "MDNR_Bretonia_Sexta_Pura_(Compendium_TS).cat",
         "MDNR_Bretonia_con_Personajes_Especiales_v1.cat")
N = 200_000


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize("book", BOOKS)
def test_grail_knights_from_the_catalogues(book):
    """Spot check against the XML: "Caballero del grial" HA5 HP3 F4 R3 H1 I5 A2 L8, 38 points,
    lance, heavy armour and shield on a barded warhorse; the vow gives the Blessing, immunity
    to psychology and magic attacks kept off the steeds; nothing ignored."""
    c = cat(book)
    u = c.unit("Caballeros del grial")
    p = u.profile
    assert (p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (5, 4, 3, 1, 5, 2, 8)
    assert u.points_per_model == 38 and u.equipment.weapon == "lance"
    assert {"grail_vow", "living_saints", "immune_to_psychology", "magic_attacks",
            "lance_formation"} <= set(u.special)
    assert "mundane_attacks" in u.mount.special
    assert clean(c, "Caballeros del grial")


def _blessed(ward: int = 0, special=("grail_vow", "immune_to_psychology")):
    """Ten WS3 T4 models, no armour, no blows (the Blessing's bearers when ``special`` has it)."""
    return infantry("Caballeros", 10, 10, T=4, A=0, special=special).replace(ward_save=ward)


@pytest.mark.parametrize(("strength", "special", "p", "seed"), [
    # S4 against T4: hit 4+ (1/2), wound 4+ (1/2), the Blessing 6+ (5/6 fail)
    (4, ("grail_vow",), 1 / 2 * 1 / 2 * 5 / 6, 4401),
    # S5: wound 3+ (2/3), the Blessing 5+ (2/3 fail)
    (5, ("grail_vow",), 1 / 2 * 2 / 3 * 2 / 3, 4402),
    # without the vow: no ward
    (4, (), 1 / 2 * 1 / 2, 4403),
    (5, (), 1 / 2 * 2 / 3, 4404),
])
def test_blessing_by_the_strength_of_the_blow(strength, special, p, seed):
    """Ten WS3 attacks of Strength 4 or 5 on the knights: Binomial(10, p) wounds, the exact
    engine and the kernel."""
    attacker = infantry("Atacantes", 10, 10, S=strength)
    model = build(attacker, _blessed(special=(*special, "immune_to_psychology")),
                  options=CombatOptions(charger="defender", charge_tests=False, max_rounds=1))
    check_first_round(model, binomial(10, p), seed, f"S{strength} {special}")


def test_blessing_or_a_better_ward():
    """A 4+ ward of the knights' own beats the Blessing: S4 hits then fail it on 1/2."""
    model = build(infantry("Atacantes", 10, 10, S=4), _blessed(ward=4),
                  options=CombatOptions(charger="defender", charge_tests=False, max_rounds=1))
    check_first_round(model, binomial(10, 1 / 2 * 1 / 2 * 1 / 2), 4405, "own 4+ ward")


def _saints(*special):
    """Ten WS5 S4 A2 knights on foot, T10 (nothing wounds them), no champion."""
    return infantry("Grial", 10, 5, WS=5, S=4, T=10, A=2, special=special)


def _challengers():
    """Ten T10 models (S4 cannot wound them) led by a WS3 T3 W10 champion of A0."""
    u = infantry("Rivales", 10, 5, T=10, A=0, special=["immune_to_psychology"],
                 command={"champion": True})
    return u.replace(champion_profile=Profile(M=10, WS=3, BS=3, S=3, T=3, W=10, I=3, A=0,
                                              Ld=7))


@pytest.mark.parametrize(("special", "duel"), [(("living_saints",), True), ((), False)])
def test_living_saints_accept_a_challenge(special, duel):
    """The rivals' champion challenges.  With the rule a knight (WS5 S4 A2) accepts: the champion
    takes Binomial(2, 2/3 x 2/3) wounds, the only wounds of the round (S4 cannot wound T10);
    without it there is no champion to accept, no duel and no wound."""
    model = build_units([_saints(*special), _challengers()], [0, 1], [(0, 1, FRONT, FRONT)],
                        [False, True], [None, None], CombatOptions(max_rounds=1),
                        challenge=["always", "always"])
    out = simulate(model, N, 4406 + duel)
    assert out["chal"][0] == (N if duel else 0)
    pmf = binomial(2, 4 / 9) if duel else [1.0]
    assert_distribution(first_round_shares(out, 0, N), pmf, N, what=f"duel {duel}")
