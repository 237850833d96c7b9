"""Reinos del Caos (Norsca) "Lobos de Hielo" and Reinos Ogros "Yehtis" "Aura de escarcha"
(``frost_aura``): -1 to hit for the models in contact that are not immune to cold."""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, clean, kinds, needs_data

from odds.combat.model import CombatOptions, build
from odds.units import unit_from_dict

NORSCA = "MDNR_Reinos_del_Caos_Mortales_-_Norsca_Caotica_v1.cat"


def attacker(*special: str):
    """Five WS3 S3 A1 models abreast with no save, immune to psychology."""
    return unit_from_dict({
        "name": "Atacantes", "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", *special]},
    })


@needs_data
def test_frost_aura_costs_one_to_hit():
    """Spot check against the XML: MDNR_Reinos_del_Caos_Mortales_-_Norsca_Caotica_v1.cat
    "Lobos de Hielo" M18 HA4 F3 R3 H1 I3 A1 L5, no save, "Inmune a frío" ("Los Lobes de
    Hielo son inmunes al frío"), "Aura de escarcha": "Todas las miniaturas (amigas o
    enemigas), que no sean Inmunes a frío, y estén en contacto peana con peana con uno o más
    Lobos de Hielo, sufren un -1 a sus tiradas para impactar en combate cuerpo a cuerpo".
    Five WS3 S3 models charging five wolves: 5 attacks hitting on 4+ (WS3 vs WS4, RULES.md
    §1.3) at -1, so 5+, and wounding on 4+ (S3 vs T3, §1.4), no save: Binomial(5, 1/6); the
    same models immune to cold hit on 4+: Binomial(5, 1/4) (the exact first round and the
    kernel)."""
    c = cat(NORSCA)
    wolves = c.unit("Lobos de Hielo", models=5, files=5)
    p = wolves.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (18, 4, 3, 3, 1, 3, 1, 5)
    assert wolves.has("frost_aura") and wolves.has("immune_to_cold")
    assert "Aura de escarcha" not in kinds(c, "Lobos de Hielo")
    assert clean(c, "Lobos de Hielo")
    opts = CombatOptions(max_rounds=1)
    check_first_round(build(attacker(), wolves, options=opts), binomial(5, 1 / 6), 5121,
                      "not immune to cold")
    check_first_round(build(attacker("immune_to_cold"), wolves, options=opts),
                      binomial(5, 1 / 4), 5122, "immune to cold")
