"""Army-book rules of issue 11 (army15): rhinox charges, bodyguards of a character.

Catalogue checks are written by hand from the rule descriptions and profiles in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the
exact first round and the kernel with probabilities worked out by hand, at z = 5 with a
fixed seed (``RULES.md`` sections cited per test).
"""

from __future__ import annotations

from fractions import Fraction

from conftest import binomial, cat, check_first_round, kinds, needs_data

from odds.combat.model import G_ACTIVE, G_WOUND, IMPACT, CombatOptions, build
from odds.units import MountProfile, Profile, unit_from_dict

MERCS = "MDNR_Mercenarios v5.cat"
RHINOX = "Jinetes de rinobuey (dos huecos de singular)"


def clean(catalogue, unit: str) -> bool:
    return not [i for i in catalogue.report.for_unit(unit)
                if i.kind in ("ignored", "approximated")]


def fighter(name, models=10, files=10, *, WS=3, S=3, T=3, I=3, A=1, Ld=7, special=(),  # noqa: E741
            save=7, **extra):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": I, "A": A,
                    "Ld": Ld},
        "equipment": {"armour_save_override": save},
        "rules": {"special": list(special)},
        **extra,
    })


# ----------------------------------------------------------------- Carga atronadora


def d3_hits_wounding(p: float) -> list[float]:
    """Wounds of 1D3 automatic hits, each wounding with ``p``: the mixture of Binomial(h, p)."""
    out = [0.0] * 4
    for h in (1, 2, 3):
        for k, q in enumerate(binomial(h, p)):
            out[k] += q / 3
    return out


@needs_data
def test_rhinox_riders_from_the_catalogue():
    """Spot check against the XML (Mercenarios "Jinetes de rinobuey"): "Jinete de rinobuey"
    HA3 HP2 F4 R5 H5 I2 A3 L7 TSA 4+, "Rhinox" M18 HA3 F5 I2 A3; "Carga atronadora": "Si
    todas las miniaturas de una unidad de Jinetes de Rinobuey cargan, persiguen o arrasan
    18cm o más, cada miniatura causa 1D3 impactos por carga" -- 1D3 impact hits per model,
    at the rhinox's S5 (6th "Impact Hits": a chariot strikes "with its own Strength", the
    body that charges, not its crew)."""
    c = cat(MERCS)
    u = c.unit(RHINOX)
    assert u.profile == Profile(M=18, WS=3, BS=2, S=4, T=5, W=5, I=2, A=3, Ld=7)
    assert u.mount == MountProfile(WS=3, S=5, I=2, A=3)
    assert u.impact_hits == "d3" and u.impact_strength == 5
    assert u.has("thunderous_charge") and u.has("immune_to_killing_blow")
    assert "Carga atronadora" not in kinds(c, RHINOX)
    assert clean(c, RHINOX)


def test_thunderous_charge_needs_18_cm():
    """"Carga atronadora": two rhinox riders (riders and rhinoxes at A0, so only the impact
    hits wound) charge ten T3 infantry without a save across a gap of 20 cm: each rider in
    contact strikes 1D3 hits at S5, wounding on 2+ (RULES.md §1.4), so the wounds are the
    sum of two independent mixtures (1/3) sum_h Binomial(h, 5/6); across 10 cm (the default
    gap) no impact hits at all (the group is inactive, wounds certainly 0)."""
    rider = fighter("Jinete", 2, 2, S=4, T=5, A=0).replace(
        troop_type="cavalry", mount=MountProfile(WS=3, S=5, I=2, A=0),
        impact_hits="d3", impact_strength=5, special=("thunderous_charge",),
        profile=Profile(M=18, WS=3, BS=2, S=4, T=5, W=5, I=2, A=0, Ld=7))
    target = fighter("Objetivo", 10, 5, T=3, A=0)
    one = d3_hits_wounding(5 / 6)
    two = [sum(one[i] * one[k - i] for i in range(k + 1) if i < 4 and k - i < 4)
           for k in range(7)]
    assert abs(sum(two) - 1) < 1e-12
    far = build(rider, target, options=CombatOptions(max_rounds=1, distance=20))
    assert far.groups[0, 1, IMPACT, 0, G_ACTIVE] == 1
    assert far.groups[0, 1, IMPACT, 0, G_WOUND] == 2
    check_first_round(far, two, 1501, "rhinox charge across 20 cm")
    near = build(rider, target, options=CombatOptions(max_rounds=1, distance=10))
    assert near.groups[0, 1, IMPACT, 0, G_ACTIVE] == 0
    check_first_round(near, [1.0], 1502, "rhinox charge across 10 cm")
    exactly = build(rider, target, options=CombatOptions(max_rounds=1, distance=18))
    assert exactly.groups[0, 1, IMPACT, 0, G_ACTIVE] == 1  # "18cm o más"
    # a hand check of the mixture's mean: 2 models * 2 hits * 5/6
    assert abs(sum(k * q for k, q in enumerate(two)) - float(Fraction(10, 3))) < 1e-12
