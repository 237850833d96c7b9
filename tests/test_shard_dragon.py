"""MDNR Enanos "Dragón de esquirlas": "Enfurecer" (``enrage``) and "Escamas puntiagudas"
(``spiky_scales``), :mod:`odds.special_rules.dragons`.

``MDNR_Enanos v4_5.cat``, entry "Dragón de esquirlas": "Enfurecer": "El dragón de esquirlas
gana un ataque adicional por cada herida que se encuentre por debajo de sus heridas
iniciales"; "Escamas puntiagudas": "Cada tirada de salvación por armadura superada contra un
ataque cuerpo a cuerpo provocará un impacto de rebote al atacante de igual fuerza que dicho
ataque".
"""

from __future__ import annotations

import pytest
from conftest import binomial, cat, check_kernel_first_round, clean, kinds, needs_data

from odds.combat.exact import first_round_exact
from odds.combat.model import FRONT, CombatOptions, build_units, plain_pair
from odds.units import unit_from_dict
from odds.validation import OddsInputError

DWARFS = ("MDNR_Enanos v4_5.cat", "MDNR_Enanos_Guardias_de_Undgrin-Ankor_v1.cat",
          "MDNR_Enanos_con_Personajes_Especiales_v1.cat")


def _monster(name: str, *, A: int, I: int, W: int = 10, save: int = 7,  # noqa: E741
             special=(), models: int = 1):
    """A WS3 S3 T3 monster of ``W`` wounds, immune to psychology, with ``special``."""
    return unit_from_dict({
        "name": name, "troop_type": "monster", "models": models, "files": 1,
        "profile": {"M": 15, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": W, "I": I, "A": A,
                    "Ld": 8},
        "equipment": {"armour_save_override": save},
        "rules": {"special": ["immune_to_psychology", "unbreakable", *special]},
    })


def _fight(side0, side1):
    """``side0`` against ``side1`` front to front, neither charging: one round."""
    return build_units([side0, side1], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                       [None, None], CombatOptions(max_rounds=1))


def _mixture(n: int, q: float, base: int, r: float) -> list[float]:
    """Wounds of ``base + L`` attacks wounding at ``r`` each, L ~ Binomial(n, q)."""
    out = [0.0] * (base + n + 1)
    for lost, pl in enumerate(binomial(n, q)):
        for k, pk in enumerate(binomial(base + lost, r)):
            out[k] += pl * pk
    return out


def test_enraged_dragon_strikes_an_attack_more_per_wound_lost():
    """A one-attack dragon (I1, W6) with "Enfurecer" after a three-attack I5 monster's blows
    (RULES.md §1.2 Initiative order): each of those wounds it at 4+ to hit (WS3 against WS3,
    §1.3) and 4+ to wound (S3 against T3, §1.4), no save, so the wounds it has lost when it
    strikes are L ~ Binomial(3, 1/4); it then strikes 1 + L attacks wounding at 1/4 each
    (the W10 enemy cannot run out of wounds).  Its first-round wounds in the kernel; without
    the rule, Binomial(1, 1/4)."""
    enemy = _monster("Bestia", A=3, I=5)
    dragon = _monster("Dragón", A=1, I=1, W=6, special=["enrage"])
    check_kernel_first_round(_fight(dragon, enemy), _mixture(3, 1 / 4, 1, 1 / 4), 4101,
                             "enraged")
    calm = _monster("Dragón", A=1, I=1, W=6)
    check_kernel_first_round(_fight(calm, enemy), binomial(1, 1 / 4), 4102, "calm")


def test_enrage_needs_one_model_and_refuses_the_exact_round():
    """The rule counts one model's wounds below its starting W: several models are refused
    (an input error); the exact first round and the plain-pair kernel leave it out."""
    model = _fight(_monster("Dragón", A=1, I=1, W=6, special=["enrage"]),
                   _monster("Bestia", A=3, I=5))
    assert first_round_exact(model) is None
    assert not plain_pair(model)
    with pytest.raises(OddsInputError, match="enrage"):
        _fight(_monster("Dragones", A=1, I=1, W=6, special=["enrage"], models=2),
               _monster("Bestia", A=3, I=5))


def test_enrage_is_refused_on_a_character():
    """A character body with "Enfurecer" is refused (an input error): the kernel counts the
    extra attacks of a unit's one model only."""
    from odds.characters import Character
    from odds.combat.multiple import scenario_model
    from odds.scenario import two_unit_scenario
    from odds.units import Profile

    sc = two_unit_scenario("empire_swordsmen", "savage_orcs", charger="none")
    swords, orcs = sc.units
    rager = Character(name="Rager", profile=Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3,
                                                     Ld=8), special=("enrage",))
    sc = sc.replace(sides=((swords.replace(characters=(rager,)),), (orcs,)))
    with pytest.raises(OddsInputError, match="enrage"):
        scenario_model(sc)


def test_spiky_scales_hit_the_attacker_back():
    """A dragon with "Escamas puntiagudas" and a 4+ save but no attacks (side 0) takes four
    blows of an S3 monster: 4+ to hit, 4+ to wound, and its 4+ armour save (S3: no modifier,
    RULES.md §1.5) passed sends a hit of S3 back, 4+ to wound the T3 attacker; with no save
    each blow becomes a wound of the dragon's side with probability 1/2^4: Binomial(4, 1/16).
    With the attacker's own 5+ save against it (S3: no modifier), Binomial(4, 1/16 * 2/3)."""
    dragon = _monster("Dragón", A=0, I=1, save=4, special=["spiky_scales"])
    check_kernel_first_round(_fight(dragon, _monster("Bestia", A=4, I=5)), binomial(4, 1 / 16),
                             4103, "no save")
    check_kernel_first_round(_fight(dragon, _monster("Bestia", A=4, I=5, save=5)),
                             binomial(4, 1 / 24), 4104, "5+ save")


def test_no_save_passed_no_hit_back():
    """Without the rule the same dragon's side scores nothing (no attacks of its own); with
    it but no armour save (none to pass) neither: both a point mass at 0."""
    enemy = _monster("Bestia", A=4, I=5)
    check_kernel_first_round(_fight(_monster("Dragón", A=0, I=1, save=4), enemy), [1.0], 4105,
                             "no rule")
    check_kernel_first_round(
        _fight(_monster("Dragón", A=0, I=1, special=["spiky_scales"]), enemy), [1.0], 4106,
        "no save")


def test_spiky_scales_refuse_the_exact_round():
    """The exact first round has no law of the hits back: it refuses the combat, and the
    plain-pair kernel leaves the rule out."""
    model = _fight(_monster("Dragón", A=0, I=1, save=4, special=["spiky_scales"]),
                   _monster("Bestia", A=4, I=5))
    assert first_round_exact(model) is None
    assert not plain_pair(model)


@needs_data
@pytest.mark.parametrize("book", DWARFS)
def test_the_shard_dragon_imports_both_rules(book):
    """Each dwarf book's "Dragón de esquirlas" imports "Enfurecer" and "Escamas puntiagudas" as
    rules of the engine (neither ignored), and the entry is fully modelled."""
    catalogue = cat(book)
    entry = next(e for e in catalogue.entries if e.name == "Dragón de esquirlas")
    unit = entry.default_unit
    assert {"enrage", "spiky_scales"} <= set(unit.special)
    assert unit.models == 1
    found = kinds(catalogue, "Dragón de esquirlas")
    assert "Enfurecer" not in found or found["Enfurecer"] not in ("ignored", "approximated")
    assert clean(catalogue, "Dragón de esquirlas")
