"""Enanos "Torbellino de muerte" (Buscamuertes): S5 hits on the enemy in contact, and beside it.

The rule's text is the catalogue's (../shared/battlescribe/MDNR_Enanos v4_5.cat, entry
"Buscamuertes (solo si hay matatrolls)", rule "Torbellino de muerte"); the kernel is checked
against laws worked out by hand at z = 5 with a fixed seed.
"""

from __future__ import annotations

from conftest import (
    assert_distribution,
    binomial,
    cat,
    convolve,
    first_round_shares,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    G_ACTIVE,
    G_HIT,
    G_WHIRL,
    IMPACT,
    RANK_AND_FILE,
    CombatOptions,
    build,
)
from odds.units import unit_from_dict

N = 200_000
ENANOS = "MDNR_Enanos v4_5.cat"
ENTRY = "Buscamuertes (solo si hay matatrolls)"


def _slayer(special=("death_whirl",)):
    """One Buscamuerte as the catalogue prints it: M8 HA5 F5 R4 H2 I2 A* L10."""
    return infantry("Buscamuerte", 1, 1, WS=5, S=5, T=4, W=2, I=2, A=0, Ld=10,
                    special=list(special))


def test_whirl_hits_the_models_in_contact_and_those_beside_them():
    """Enanos "Torbellino de muerte": "cada miniatura enemiga en contacto peana con peana con
    uno o más Buscamuerte reciben un impacto de F5; además, todas las miniaturas enemigas que
    estén en contacto peana con peana con esas miniaturas enemigas (y que no sean las que han
    recibido ya impactos) reciben impacto también de F5 si obtienen 4+ en 1D6" (RULES.md §1.1
    models in contact, §1.4 to wound).

    One Buscamuerte (20 mm) facing ten goblins (20 mm, five wide): three goblins touch it (one
    face to face, two at its corners); beside them two more of the front rank and the three
    behind them, each hit on 4+; S5 on T3 wounds on 2+, no save.  The first-round wounds
    are Binomial(3, 5/6) + Binomial(5, 1/2 x 5/6); the Buscamuerte has no other blow, the
    goblins none.  The exact first round refuses the rule."""
    goblins = infantry("Goblins", 10, 5, S=1, T=3, A=0)
    model = build(_slayer(), goblins, options=CombatOptions(max_rounds=1, charger="none"))
    assert model.groups[0, 1, IMPACT, 0, G_WHIRL] == 1
    assert model.groups[0, 1, IMPACT, 1, G_WHIRL] == 1  # every round
    assert not model.groups[0, 1, RANK_AND_FILE, 0, G_ACTIVE]  # no blows of its own
    law = convolve(binomial(3, 5 / 6), binomial(5, 5 / 12))
    sim = first_round_shares(simulate(model, N, 361), 0, N)
    assert_distribution(sim, law, N, what="whirl wounds on goblins")
    assert first_round_exact(model) is None


def test_a_lone_model_takes_d3_hits():
    """Enanos "Torbellino de muerte": "Las miniaturas individuales (como monstruos o carros)
    reciben 1D3 impactos en vez de 1 por el Buscamuerte" (RULES.md §1.4).

    A lone T5 monster with no save: 1D3 S5 hits, each wounding on 4+: the first-round wounds
    are (Binomial(1, 1/2) + Binomial(2, 1/2) + Binomial(3, 1/2)) / 3."""
    monster = unit_from_dict({
        "name": "Monstruo", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 3, "BS": 0, "S": 1, "T": 5, "W": 6, "I": 1, "A": 0,
                    "Ld": 5},
        "equipment": {"armour_save_override": 7}, "rules": {"special": []}})
    model = build(_slayer(), monster, options=CombatOptions(max_rounds=1, charger="none"))
    law = [0.0] * 4
    for k in (1, 2, 3):
        for w, p in enumerate(binomial(k, 1 / 2)):
            law[w] += p / 3
    sim = first_round_shares(simulate(model, N, 362), 0, N)
    assert_distribution(sim, law, N, what="whirl wounds on a monster")


def test_whirl_strikes_before_impact_hits():
    """Enanos "Torbellino de muerte": "al inicio de la fase de combate cuerpo a cuerpo (antes,
    incluso, que los Impactos por carga de un carro)" (RULES.md §1.2 strike order).

    A lone T3 W1 model with one S10 impact hit charges a Buscamuerte: the whirl's 1D3 S5 hits
    (2+ each) slay it first unless every one fails, (1/3)(1/6 + 1/36 + 1/216) = 43/648; only
    then does its impact hit wound the Buscamuerte (2+, no save): one wound with
    43/648 x 5/6.  The other way round it would be 5/6."""
    charger = unit_from_dict({
        "name": "Carga", "troop_type": "monstrous_infantry", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 3, "BS": 0, "S": 10, "T": 3, "W": 1, "I": 3, "A": 0,
                    "Ld": 10},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": [], "impact_hits": "1"}})
    model = build(charger, _slayer(), options=CombatOptions(max_rounds=1, charge_tests=False))
    p = 43 / 648 * 5 / 6
    sim = first_round_shares(simulate(model, N, 363), 0, N)
    assert_distribution(sim, [1 - p, p], N, what="impact wounds after the whirl")


def test_enemy_blows_at_the_whirl_are_at_minus_one():
    """Enanos "Torbellino de muerte": "Los supervivientes pueden luchar de forma habitual,
    pero con un -1 a la tirada para impactar" (RULES.md §1.3): WS3 at WS5 hits on 4+, at a
    Buscamuerte on 5+; without the rule on 4+."""
    goblins = infantry("Goblins", 10, 5)
    model = build(_slayer(), goblins, options=CombatOptions(max_rounds=1, charger="none"))
    plain = build(_slayer(special=()), goblins,
                  options=CombatOptions(max_rounds=1, charger="none"))
    assert model.groups[1, 0, RANK_AND_FILE, 0, G_HIT] == 5
    assert plain.groups[1, 0, RANK_AND_FILE, 0, G_HIT] == 4


@needs_data
def test_buscamuertes_from_the_catalogue():
    """Spot check by hand, MDNR_Enanos v4_5.cat "Buscamuertes (solo si hay matatrolls)":
    upgrade "Buscamuertes" (1-3, 65 points each), M8 HA5 HP3 F5 R4 H2 I2 A* L10, no armour;
    "Torbellino de muerte", "Inmune a desmoralización", "Firmeza"; imports fully modelled,
    A "*" read as no blows of its own."""
    c = cat(ENANOS)
    u = c.unit(ENTRY)
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (8, 5, 5, 4, 2, 2, 0, 10)
    assert u.has("death_whirl") and u.has("unbreakable") and u.armour_save == 7
    assert u.points_per_model == 65
    k = kinds(c, ENTRY)
    assert k["Buscamuerte A"] == "note"
    assert not [n for n, v in k.items() if v in ("ignored", "approximated")]
