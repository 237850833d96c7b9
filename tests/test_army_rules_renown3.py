"""Regimientos de Renombre, round 3 (issue 11): standards, named members and end-of-round blows.

Engine checks compare the kernel (and the exact first round where it applies) with laws
worked out by hand (z = 5, fixed seeds; ``RULES.md`` §1.3 to hit, §3.2 break tests);
catalogue checks read ../shared/battlescribe/ and are skipped when it is absent.
"""

from __future__ import annotations

from conftest import assert_mc, cat, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import FLANK, FRONT, S_FEAR, CombatOptions, build_units
from odds.units import Profile, unit_from_dict

RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
N = 40_000


def fighter(name, models=10, files=None, *, WS=3, S=3, T=3, A=1, Ld=7, special=(), **extra):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models,
        "files": files or models,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": 3, "A": A,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)},
        **extra,
    })


def _entries(c, prefix):
    return [e.name for e in c.entries if e.name.startswith(prefix)]


# ----------------------------------------------------------------- La Máscara de la Muerte


@needs_data
def test_vespero_alone_causes_fear():
    """Regimientos de Renombre, Asesinos de Véspero "La Máscara de la Muerte" (under the
    leader's entry): "Véspero causa Miedo".  Véspero alone: 6th edition
    (6th.whfb.app/characters/independent-characters-and-unit-psychology, "While a character
    is with a unit of troops he is considered to be part of that unit in all respects";
    6th.whfb.app/psychology/fear, a unit tests "If Charged by a Fear-causing Enemy") leaves
    the unit's own psychology alone: it does not cause fear (nobody it charges tests, it is
    not immune to fear), and Véspero's unit strength counts as fear-causing in the fear
    auto-break of an enemy in contact with him.

    Two regiments (Mercenarios entry: 5 duellists led by Véspero, M10 HA6 HP5 F4 R4 H2 I6
    A3 L8 as printed) front and flank on one enemy model (T10 A0: nobody wounds): it loses
    by 2 (outnumber, flank).  With the mask it faces fear-causing US 2 (two Vésperos)
    against its 1: broken with no roll; without it, it tests Ld 7 - 2 and breaks with
    P(2D6 > 5) = 26/36.
    """
    c = cat(RENOWN)
    for name in _entries(c, "Asesinos de Véspero"):
        u = c.unit(name)
        assert kinds(c, name)["La Máscara de la Muerte"] == "note"
        assert u.champion_special == ("fear",) and not u.causes_fear
        assert u.champion_profile == Profile(M=10, WS=6, BS=5, S=4, T=4, W=2, I=6, A=3, Ld=8)
    u = c.unit(_entries(c, "Asesinos de Véspero (Mercenarios)")[0])
    lone = fighter("E", 1, T=10, A=0)
    contacts = [(0, 2, FRONT, FRONT), (1, 2, FRONT, FLANK)]
    for unit, p, seed in ((u, 1.0, 2101), (u.replace(champion_special=()), 26 / 36, 2102)):
        model = build_units([unit, unit, lone], [0, 0, 1], contacts, [False] * 3, [None] * 3,
                            CombatOptions(max_rounds=1))
        bodies = [k for k, n in enumerate(model.names) if n.endswith("champion")]
        assert [model.sides[k, S_FEAR] for k in range(len(model.names))] == [
            0, 0, 0, *([1] * len(bodies))]
        out = simulate(model, N, seed)
        assert_mc(out["breaks"][0, 2] / N, p, N, what=f"the lone model breaks ({p:.3f})")
    # the unit does not cause fear: an enemy it charges takes no fear test
    from odds.combat.model import F_TARGET_LD, build

    model = build(u, fighter("E"), options=CombatOptions(max_rounds=1, charger="attacker"))
    assert model.flags[F_TARGET_LD] == 0
