"""Elfos Oscuros Culto de Slaanesh "Iniciados de Slaanesh" "Almizcle soporífero"
(``soporific_musk``): the enemies in contact fight with half their WS and I."""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, clean, needs_data

from odds.combat.model import CombatOptions, build
from odds.units import unit_from_dict

CULTO = "MDNR_Elfos_Oscuros_Culto_de_Slaanesh_v2.cat"
INITIATES = "Iniciados de Slaanesh (1+)"


def foes():
    """Five WS6 S3 T3 I7 A1 models abreast with no save, immune to psychology."""
    return unit_from_dict({
        "name": "Enemigos", "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 6, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 7, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology"]},
    })


@needs_data
def test_soporific_musk_halves_ws_both_ways():
    """Spot check against the XML: MDNR_Elfos_Oscuros_Culto_de_Slaanesh_v2.cat "Iniciados de
    Slaanesh (1+)" M12 HA5 F3 R3 H1 I6 A2 L8, no save, with "Almizcle soporífero": "Todas las
    unidades y personajes enemigos en contacto peana con peana con una o más miniaturas con
    Almizcle Soporífero ven su HA y su Iniciativa reducidas a la mitad (redondeando hacia
    arriba)".  Five WS6 S3 models charging five initiates strike with WS3 against WS5: 4+
    (RULES.md §1.3; 3+ unhalved), wounding T3 on 4+ (§1.4): Binomial(5, 1/4).  Five initiates
    charging them hit WS3 on 3+ (4+ against WS6): 10 attacks, Binomial(10, 1/3) wounds, at
    most the five models' five wounds (the exact first round and the kernel)."""
    c = cat(CULTO)
    initiates = c.unit(INITIATES, models=5, files=5)
    p = initiates.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (12, 5, 3, 3, 1, 6, 2, 8)
    assert initiates.has("soporific_musk") and initiates.armour_save >= 7
    assert clean(c, INITIATES)
    opts = CombatOptions(max_rounds=1)
    check_first_round(build(foes(), initiates, options=opts), binomial(5, 1 / 4), 6131,
                      "foes charging")
    pmf = binomial(10, 1 / 3)
    check_first_round(build(initiates, foes(), options=opts), [*pmf[:5], sum(pmf[5:])], 6132,
                      "initiates charging")
