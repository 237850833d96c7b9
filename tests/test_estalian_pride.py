"""Estalia "Orgullo Estaliano": champions re-roll missed hits in challenges, and always
issue and accept them (``estalian_pride`` with ``martial_honour``).

MDNR Mercenarios: Estalia (``MDNR_Mercenarios_Estalia_(Cargad)_v3.cat``, e.g. "Tercios"):
"Todos los personajes y campeones pueden repetir las tiradas falladas para impactar en
desafíos. Además, todos los personajes y campeones deben lanzar y aceptar desafíos".
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_distribution, binomial, cat, clean, first_round_shares, infantry

from odds.combat.api import simulate
from odds.combat.model import FRONT, S_DUEL_REROLL, CombatOptions, build_units
from odds.units import Profile

N = 200_000


def _side(name, special=(), *, WS=3, T=3, W=10):
    """Ten T10 models (A0: only the champion strikes) led by a champion of WS ``WS`` S10 A3,
    T ``T`` W ``W`` (he lives through the round)."""
    u = infantry(name, 10, 5, T=10, A=0, special=special, command={"champion": True})
    return u.replace(champion_profile=Profile(M=10, WS=WS, BS=3, S=10, T=T, W=W, I=3, A=3,
                                              Ld=7))


def test_estalian_champion_re_rolls_misses_in_a_challenge():
    """Both champions duel (the Estalian's martial_honour issues it; the other's policy
    accepts).  The Estalian champion's three WS3 S10 attacks hit WS3 on 4+, re-rolled: 3/4,
    wound T3 on 2+: the enemy champion takes Binomial(3, 3/4 x 5/6); without the rule,
    Binomial(3, 1/2 x 5/6)."""
    enemy = _side("E", WS=3, T=3, W=10)
    for rule, p, seed in ((True, 3 / 4 * 5 / 6, 3801), (False, 1 / 2 * 5 / 6, 3802)):
        special = ("estalian_pride", "martial_honour") if rule else ("martial_honour",)
        tercios = _side("Tercios", special, T=10)
        model = build_units([tercios, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                            [None, None], CombatOptions(max_rounds=1),
                            challenge=["never", "champion"])
        c = model.names.index("Tercios champion")
        assert model.sides[c, S_DUEL_REROLL] == rule
        out = simulate(model, N, seed)
        assert out["chal"][0] == N  # the challenge is fought every time
        assert_distribution(first_round_shares(out, 0, N), binomial(3, p), N,
                            what=f"wounds on the enemy champion (rule {rule})")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_estalian_units_from_the_catalogue():
    """"Tercios", "Duelistas", "Caballeros Estalianos": both flags, nothing left ignored."""
    c = cat("MDNR_Mercenarios_Estalia_(Cargad)_v3.cat")
    for name in ("Tercios", "Duelistas", "Caballeros Estalianos"):
        u = c.unit(name)
        assert {"estalian_pride", "martial_honour"} <= set(u.special), name
        assert clean(c, name), name
