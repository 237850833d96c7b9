"""Reinos Ogros "Armas de hielo": the Yehtis' magic hand weapons, which never hit a model immune
to cold and melt into mundane ones at the first flaming hit (``ice_weapons``,
:mod:`odds.special_rules.chaos_monsters`, :func:`odds.combat.blows.strike`).

MDNR ``MDNR_Reinos_Ogros_v5.cat``, "Yehtis", rule "Armas de hielo": "Arma de mano (aunque la
miniatura tenga dos armas de mano se considera una única arma de mano). Son Arma mágica. Si el
portador (los Yethis) sufren un impacto de un ataque flamígero, las Armas de hielo pasan a ser
armas normales. Las miniaturas Inmunes a frío son inmunes a los ataques hechos con Arma de
hielo (se considera como si los yethis fallasen todas las tiradas para impactar contra
miniaturas Inmunes a frío), aunque si pasan a ser armas normales les afectarán igual".
"""

from __future__ import annotations

from conftest import (
    assert_distribution,
    binomial,
    cat,
    check_first_round,
    clean,
    first_round_shares,
    infantry,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.combat.model.layout import G_HIT, G_ICE_HIT, G_ICE_WARD, G_WARD, S_ICE

N = 200_000
OGRES = ("MDNR_Reinos_Ogros_v5.cat", "MDNR_Reinos_Ogros_con_Personajes_Especiales_v1.cat",
         "MDNR_Reinos_Ogros_Ejercito_de_Ghark_v1.cat", "MDNR_Reinos_Ogros_Horda_Gnoblar_v1.cat")


def _yehtis(**kw):
    """Ten WS3 S5 Yehtis five wide with their ice weapons (the name's two flags), T10."""
    return infantry("Yehtis", 10, 5, S=5, T=10, special=["ice_weapons", "magic_attacks",
                                                           "unbreakable"], **kw)


def _daemons(**kw):
    """Ten T3 daemons five wide with a daemonic aura (5+ against non-magical attacks)."""
    return infantry("Diablillas", 10, 5, special=["daemonic_aura", "unbreakable",
                                                  *kw.pop("more", ())], **kw)


def test_magic_blows_go_through_a_daemonic_aura():
    """Five blows, 4+ to hit WS3, 2+ to wound T3 (S5), no ward: the aura's 5+ is not against
    magic attacks.  Binomial(5, 5/12), the exact engine and the kernel."""
    model = build(_yehtis(), _daemons(), options=CombatOptions(max_rounds=1))
    assert model.sides[0, S_ICE] == 1
    row = model.groups[0, 1, 0, 0]
    assert row[G_WARD] == 7 and row[G_ICE_WARD] == 5 and row[G_ICE_HIT] == row[G_HIT] == 4
    check_first_round(model, binomial(5, 5 / 12), 941, "magic")


def test_they_never_hit_a_model_immune_to_cold():
    """"se considera como si los yethis fallasen todas las tiradas para impactar contra
    miniaturas Inmunes a frío": no wound, in the exact engine and the kernel."""
    enemy = infantry("Lobos de hielo", 10, 5, special=["immune_to_cold", "unbreakable"])
    model = build(_yehtis(), enemy, options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, 0, 0, G_HIT] == 7 and model.groups[0, 1, 0, 0, G_ICE_HIT] == 4
    check_first_round(model, [1.0], 942, "immune to cold")


def test_a_flaming_hit_melts_them():
    """Five WS1 flaming daemons charge them and strike first, hitting WS3 on 5+ (wounding
    nothing: T10).  Any hit melts the ice weapons: the Yehtis' five blows (3+ to hit WS1, 2+
    to wound) then face the 5+ aura.  Their wounds are q Binomial(5, 10/27) + (1 - q)
    Binomial(5, 5/9), q = 1 - (2/3)^5; the exact engine refuses the combat."""
    model = build(_daemons(WS=1, more=["flaming_attacks"]), _yehtis(),
                  options=CombatOptions(max_rounds=1))
    assert first_round_exact(model) is None
    q = 1 - (2 / 3) ** 5
    pmf = [q * a + (1 - q) * b for a, b in zip(binomial(5, 10 / 27), binomial(5, 5 / 9),
                                               strict=True)]
    out = simulate(model, N, 943)
    assert_distribution(first_round_shares(out, 1, N), pmf, N, what="melted")
    cold = build(_daemons(WS=1), _yehtis(), options=CombatOptions(max_rounds=1))
    out = simulate(cold, N, 944)  # the same daemons without flaming attacks: never melted
    assert_distribution(first_round_shares(out, 1, N), binomial(5, 5 / 9), N, what="frozen")


@needs_data
def test_yehtis_from_the_catalogues():
    """Spot check against the XML: "Yehtis" M18 HA3 F5 R4 H3 I4 A3 L7, a hand weapon, magic
    ice weapons, immune to cold, "Aura de escarcha"; the unit clean in the four books."""
    for book in OGRES:
        c = cat(book)
        u = c.unit("Yehtis")
        p = u.profile
        assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (18, 3, 5, 4, 3, 4, 3, 7), book
        assert u.equipment.weapon == "hand_weapon", book
        assert {"ice_weapons", "magic_attacks", "immune_to_cold"} <= set(u.special), book
        assert clean(c, "Yehtis"), book
