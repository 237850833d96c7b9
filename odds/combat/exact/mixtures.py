"""Mixtures over random attacks and drunk rolls; the several-unit entry point."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from typing import Any

import numpy as np

from odds import special_rules
from odds.combat.model import (
    CHAMPION,
    F_CHARGE_TESTS,
    F_CHARGER,
    F_CHARGER_LD,
    G_ACTIVE,
    G_ATTACKS,
    G_RANDOM,
    MOUNT,
    RANK_AND_FILE,
    S_DRUNK,
    S_FRENZY,
    S_RA_DICE,
    S_RA_SIDES,
    S_SIDE,
    S_STUPID,
    CombatModel,
    layout,
)


def roll_pmf(n: int, sides: int) -> dict[int, Fraction]:
    """Distribution of the sum of ``n`` D6 (``sides`` 6) or D3 (a D6 halved, rounded up)."""
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        t = sum((f + 1) // 2 if sides == 3 else f for f in faces)
        out[t] = out.get(t, Fraction(0)) + Fraction(1, 6**n)
    return out


def random_attack_models(model: CombatModel) -> list[tuple[float, CombatModel]]:
    """One model per outcome of the units' random-attacks rolls, with its probability.

    Random attacks (``S_RA_DICE``, gst "Ataques aleatorios") are one roll per
    unit for the round: the first round is the mixture, over the rolls, of
    the combat with each roll added to the unit's rank-and-file and champion
    attacks (or its steeds', ``G_RANDOM``).  Empty when no unit has random attacks.
    """
    sd = model.sides
    units = [u for u in range(model.n_units) if sd[u, S_RA_DICE] > 0]
    if not units:
        return []
    pmfs = [roll_pmf(int(sd[u, S_RA_DICE]), int(sd[u, S_RA_SIDES])) for u in units]
    out = []
    for combo in itertools.product(*(sorted(pmf.items()) for pmf in pmfs)):
        groups, sides = model.groups.copy(), model.sides.copy()
        weight = Fraction(1)
        for u, (roll, w) in zip(units, combo, strict=True):
            weight *= w
            for g in (RANK_AND_FILE, CHAMPION, MOUNT):  # the rows with G_RANDOM
                active = (groups[u, :, g, :, G_ACTIVE] != 0) & (groups[u, :, g, :, G_RANDOM] != 0)
                groups[u, :, g, :, G_ATTACKS] += roll * active
            sides[u, S_RA_DICE] = 0
        out.append((float(weight), dataclasses.replace(model, groups=groups, sides=sides)))
    return out


def drunk_models(model: CombatModel) -> list[tuple[float, CombatModel]] | None:
    """One model per outcome of the first round's drunk rolls, with its probability.

    MDNR Bestias "Borrachos" (``S_DRUNK``): a unit of the side whose turn the first round
    is rolls a D6: 1 (1/6) it takes the stupidity test, 6 (1/6) it is frenzied, else
    (4/6) nothing.  Empty when no such unit; None when a drunk charger tests fear or terror
    at the charge (the roll then also decides that test: the exact first round refuses).
    """
    sd = model.sides
    f = model.flags
    if f[F_CHARGE_TESTS] and sd[int(f[F_CHARGER]), S_DRUNK] and f[F_CHARGER_LD] > 0:
        return None
    units = [u for u in range(model.n_units)
             if sd[u, S_DRUNK] and int(sd[u, S_SIDE]) == model.active_side]
    if not units:
        return []
    out = []
    for combo in itertools.product((1, 0, 6), repeat=len(units)):
        sides = model.sides.copy()
        weight = Fraction(1)
        for u, roll in zip(units, combo, strict=True):
            weight *= Fraction(4 if roll == 0 else 1, 6)
            sides[u, S_DRUNK] = 0
            if roll == 1:
                sides[u, S_STUPID] = 1
            elif roll == 6:
                sides[u, S_FRENZY] = 1
        out.append((float(weight), dataclasses.replace(model, sides=sides)))
    return out


def first_round_parts(model: CombatModel) -> list[tuple[float, CombatModel]] | None:
    """The models whose mixture is the first round, for both exact engines.

    The parts of a model mixing several combats (``model.mixture``) first.
    None where the exact first round does not apply (the rules whose spec refuses it,
    :func:`odds.special_rules.exact_refuses`; a drunk charger's charge test); the outcomes of the
    first round's drunk rolls (:func:`drunk_models`), else of its random-attacks rolls
    (:func:`random_attack_models`: a drunk part is split again when solved); empty when
    the model is one combat.
    """
    if model.mixture:  # a roll before the combat (chaos family: "Mutaciones")
        return list(model.mixture)
    # the rules whose spec refuses the model (odds.special_rules, docs/rules.md)
    if special_rules.exact_refuses(model, layout):
        return None
    drunk = drunk_models(model)
    if drunk is None or drunk:
        return drunk
    return random_attack_models(model)


def mix_results(parts: list[tuple[float, Any]]) -> Any:
    """Weighted sum of results of one shape (dicts, lists, arrays, numbers); None if any is."""
    if any(r is None for _, r in parts):
        return None
    first = parts[0][1]
    if isinstance(first, dict):
        return {k: mix_results([(w, r[k]) for w, r in parts]) for k in first}
    if isinstance(first, list):
        return [mix_results([(w, r[i]) for w, r in parts]) for i in range(len(first))]
    if isinstance(first, np.ndarray):
        return sum(w * np.asarray(r, float) for w, r in parts)
    return float(sum(w * r for w, r in parts))
