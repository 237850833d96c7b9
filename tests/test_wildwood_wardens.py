"""Elfos Silvanos "Guardianes de bosquesalvaje": A+1 against fear, terror and monsters.

MDNR Elfos Silvanos (``MDNR_Elfos_Silvanos v5.cat``,
``MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat``, "Montaraces de bosquesalvaje")
"Guardianes de bosquesalvaje": "Las miniaturas de la unidad ganan un ataque adicional (A+1)
mientras estén en contacto peana con peana con una o más miniaturas enemigas que causen Miedo o
Terror o sean de tipo Monstruo" (``wildwood_wardens``, :mod:`odds.special_rules.bretonnia`).
"""

from __future__ import annotations

import pytest
from conftest import SHARED, binomial, cat, check_first_round, clean, infantry

from odds.combat.model import G_ATTACKS, RANK_AND_FILE, CombatOptions, SideOptions, build


@pytest.mark.parametrize("special", [["fear"], ["terror"], []])
def test_one_more_attack_against_fear_and_terror(special):
    """Five WS5 S3 wardens (A1, hand weapons, one rank) against ten WS3 T3 models without a
    save that cannot wound them (S1 against T10), no charge: each attack hits on 3+ and
    wounds on 4+ (RULES.md §1.2-§1.4), 1/3 a wound.  Against a fear- or terror-causing enemy
    the five strike twice each, Binomial(10, 1/3); against a plain one once, Binomial(5, 1/3)
    (exact engine to 1e-12, kernel at z = 5)."""
    wardens = infantry("Montaraces", 5, 5, WS=5, S=3, T=10, special=["wildwood_wardens"])
    enemy = infantry("E", 10, 5, WS=3, S=1, T=3, special=special)
    model = build(wardens, enemy, SideOptions(), SideOptions(),
                  options=CombatOptions(max_rounds=1, charger="none"))
    n = 10 if special else 5
    check_first_round(model, binomial(n, 1 / 3), 3900 + len(special) + 3 * ("terror" in special),
                      f"wounds against {special or 'a plain enemy'}")


def test_one_more_attack_against_a_monster():
    """Against a monster (troop type ``monster``, no fear of its own) each warden's row
    strikes A1 + 1 = 2 in both round kinds against it (``groups[unit, enemy]``); without the
    rule, 1."""
    monster = infantry("Monstruo", 1, 1, T=6, W=6, troop_type="monster")
    for rule, a in ((True, 2), (False, 1)):
        wardens = infantry("Montaraces", 5, 5, WS=5, special=["wildwood_wardens"] if rule
                           else [])
        model = build(wardens, monster, SideOptions(), SideOptions(),
                      options=CombatOptions(max_rounds=1, charger="none"))
        assert (model.groups[0, 1, RANK_AND_FILE, :, G_ATTACKS] == a).all(), rule


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_wardens_from_the_catalogues():
    """Spot check against the XML: "Montaraz de bosquesalvaje" M12 HA5 HP4 F3 R3 H1 I5 A1 L8,
    great weapon and light armour, 11 points a model, immune to psychology; the rule read by
    its name and the unit fully modelled in both books."""
    for book in ("MDNR_Elfos_Silvanos v5.cat",
                 "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat"):
        c = cat(book)
        u = c.unit("Montaraces de bosquesalvaje")
        assert u.has("wildwood_wardens") and u.has("immune_to_psychology"), book
        p = u.profile
        assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (12, 5, 3, 3, 1, 5, 1, 8), book
        assert u.equipment.weapon == "great_weapon" and u.equipment.armour == "light", book
        assert u.points_per_model == 11.0, book
        assert clean(c, "Montaraces de bosquesalvaje"), book
