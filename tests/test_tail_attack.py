"""Mercenarios "Ataque de cola" (the Fimir): one more S4 attack on the enemies at the rear.

MDNR_Mercenarios v5.cat, entry "Fimir", rule "Ataque de cola": "Adicionalmente a sus ataques,
los Fimir tienen un ataque adicional (usa un dado de otro color) que realizan con la maza de su
cola; este ataque se resuelve con F4 independientemente del equipo que lleven. Este ataque sólo
puede realizarse contra miniaturas que estén en la retaguardia de los Fimir".
"""

from __future__ import annotations

import pytest
from conftest import binomial, cat, check_first_round, convolve, kinds, needs_data

from odds.combat.model import (
    CREW,
    FLANK,
    FRONT,
    G_ACTIVE,
    G_ATTACKS,
    REAR,
    CombatOptions,
    build,
    build_units,
)
from odds.units import unit_from_dict

BOOK = "MDNR_Mercenarios v5.cat"


def fimir(weapon: str = "hand_weapon", models: int = 1):
    """Fimir as printed in the entry (HA4 F4 R5 H3 I2 A3 L7), ``models`` in one rank."""
    return unit_from_dict({
        "name": "Fimir", "troop_type": "monstrous_infantry", "models": models, "files": models,
        "profile": {"M": 12, "WS": 4, "BS": 2, "S": 4, "T": 5, "W": 3, "I": 2, "A": 3, "Ld": 7},
        "equipment": {"weapon": weapon},
        "rules": {"special": ["tail_attack"]},
    })


def target(models: int = 10, files: int = 10):
    """WS4 T4 infantry without a save, immune to psychology (no fear test), striking nothing."""
    return unit_from_dict({
        "name": "Blanco", "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": 4, "BS": 3, "S": 3, "T": 4, "W": 1, "I": 3, "A": 0, "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology"]},
    })


@needs_data
def test_fimir_entry_has_the_tail_attack():
    """The catalogue entry carries the rule as ``tail_attack``; no report item is left for it."""
    book = cat(BOOK)
    assert book.unit("Fimir").has("tail_attack")
    assert "Ataque de cola" not in kinds(book, "Fimir")


def test_tail_attack_at_the_rear_is_s4_whatever_the_weapon():
    """One Fimir with a great weapon (S+2: S6, RULES.md §1.7) fights an enemy touching its rear:
    its three attacks hit WS4 on 4+ (§1.3) and wound T4 on 2+ (§1.4): 1/2 * 5/6 = 5/12 each;
    the tail's attack is S4 "independientemente del equipo": hits on 4+ and wounds on 4+, 1/4.
    First round: Binomial(3, 5/12) * Binomial(1, 1/4)."""
    model = build_units([fimir("great_weapon"), target()], [0, 1], [(0, 1, REAR, FRONT)],
                        [False, True], [None, None], CombatOptions(max_rounds=1))
    g = model.groups[0, 1]
    assert g[CREW, 0, G_ACTIVE] and g[CREW, 0, G_ATTACKS] == 1
    assert g[CREW, 1, G_ATTACKS] == 1  # every round
    check_first_round(model, convolve(binomial(3, 5 / 12), binomial(1, 1 / 4)), 3621,
                      "tail attack at the rear")


def test_no_tail_attack_at_the_front_or_flank():
    """"Sólo ... contra miniaturas que estén en la retaguardia": an enemy at the Fimir's front
    (or flank) takes the three great-weapon attacks only: Binomial(3, 5/12)."""
    for face in (FRONT, FLANK):
        model = build_units([fimir("great_weapon"), target()], [0, 1], [(0, 1, face, FRONT)],
                            [False, True], [None, None], CombatOptions(max_rounds=1))
        assert not model.groups[0, 1, CREW, 0, G_ACTIVE]
    model = build(fimir("great_weapon"), target(),
                  options=CombatOptions(charger="defender", max_rounds=1))
    check_first_round(model, binomial(3, 5 / 12), 3622, "no tail attack at the front")


def test_tail_attack_each_model_at_the_rear():
    """Three Fimir in one rank, an enemy of twenty touching their rear: each of the three fights
    (RULES.md §1.2) with 3 hand-weapon attacks at S4 and its tail's at S4, all hitting on 4+
    and wounding on 4+: Binomial(12, 1/4); two enemies, one at the front and one at the rear:
    the tail's attacks go to the one at the rear only."""
    model = build_units([fimir(models=3), target(20)], [0, 1], [(0, 1, REAR, FRONT)],
                        [False, True], [None, None], CombatOptions(max_rounds=1))
    check_first_round(model, binomial(12, 1 / 4), 3623, "three Fimir, tails at the rear")
    two = build_units([fimir(models=3), target(), target()], [0, 1, 1],
                      [(0, 1, FRONT, FRONT), (0, 2, REAR, FRONT)], [False, True, True],
                      [None] * 3, CombatOptions(max_rounds=1))
    assert not two.groups[0, 1, CREW, 0, G_ACTIVE]
    assert two.groups[0, 2, CREW, 0, G_ATTACKS] == 1


def test_tail_attack_needs_the_crew_group():
    """The tail uses the attack group of a second crew: a unit with another rule using it
    (Reyes Funerarios "Golpe decapitador") is refused."""
    both = fimir().replace(special=("tail_attack", "decapitating_strike"))
    with pytest.raises(Exception, match="tail_attack"):
        build(both, target())
