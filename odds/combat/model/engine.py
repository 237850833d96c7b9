"""The combat engine's choice of kernel and its dice budget.

:func:`plain_pair` and :func:`core_rules` say whether a model runs on the plain kernel
(:func:`odds.combat.kernel.fight_chunk_plain`) or the core one
(:func:`~odds.combat.kernel.fight_chunk_core`); :func:`dice_budget` bounds the dice one
round can use.
"""

from __future__ import annotations

import math

import numpy as np

from odds import special_rules
from odds.combat.model import layout
from odds.combat.model.bodies import recruits_at_most
from odds.combat.model.layout import (
    CHAIN_CAP,
    CHAMPION,
    F_PAIRS,
    F_UNITS,
    G_ACTIVE,
    G_ATTACKS,
    G_CHAIN,
    G_COLD,
    G_FRENZY_A,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_PER_MODEL,
    G_RANDOM,
    G_RANKS,
    IMPACT,
    N_GROUPS,
    N_KINDS,
    RANK_AND_FILE,
    S_FILES,
    S_HP,
    S_PURSUE_DICE,
    S_RA_DICE,
    S_RA_SIDES,
    S_W,
)
from odds.combat.model.options import CombatModel

PLAIN_ABSENT = special_rules.plain_absent(layout)
"""Columns of ``sides`` that must be 0 in both units of a plain pair (:func:`plain_pair`): the
switches of the rules whose spec says the plain kernel leaves them out
(:func:`odds.special_rules.plain_absent`)."""

PLAIN_ABSENT_GROUPS = special_rules.plain_absent(layout, "G_")
"""Columns of ``groups`` that must be 0 in both units of a plain pair."""


def core_rules(model: CombatModel) -> bool:
    """Whether ``model`` runs on the kernel without the rules a plain pair leaves out.

    :func:`odds.combat.kernel.fight_chunk_core`: no unit or character of ``model`` carries
    a rule whose spec keeps it out of the plain kernel (:data:`PLAIN_ABSENT`,
    :data:`PLAIN_ABSENT_GROUPS`, ``docs/rules.md``); any number of units, characters and
    contacts.  On such a model it gives :func:`~odds.combat.kernel.fight_chunk`'s results,
    die for die (``tests/test_combat_core.py``).
    """
    return not (np.any(model.sides[:, list(PLAIN_ABSENT)] != 0)
                or np.any(model.groups[..., list(PLAIN_ABSENT_GROUPS)] != 0))


def plain_pair(model: CombatModel) -> bool:
    """Whether ``model`` runs on the combat engine's plain kernel.

    :func:`odds.combat.kernel.fight_chunk_plain` is the same code as
    :func:`~odds.combat.kernel.fight_chunk` compiled with ``plain`` true: two
    units (no characters) in one contact, no scenario charge pairs (``F_PAIRS``), and none
    of the rules whose code it
    leaves out (:func:`core_rules`).  LLVM then folds the
    unit, body and contact counts into constants and drops those branches.  For
    such a model both kernels roll the same dice in the same order and give
    identical results (``tests/test_combat_plain.py``).
    """
    sides = model.sides
    flags = model.flags
    if sides.shape[0] != 2 or flags[F_UNITS] != 2 or model.contacts.shape[0] != 1:
        return False
    if flags[F_PAIRS] > 0:  # a scenario's tests at the charge: the core or general kernel's
        return False
    return core_rules(model)


def dice_budget(model: CombatModel) -> int:
    """An upper bound of the dice one combat round can use (all units).

    Each attack uses at most 12 faces (hit, re-roll, wound, armour, ward,
    multiple wounds, and up to 6 regeneration rolls for the wounds it makes);
    a unit's models in contact, over all its faces, are at most
    ``(fighting ranks) * files + ranks + 4``; impact hits add their own dice; roll-offs,
    stupidity, break and panic tests, restrain tests, flee and pursuit rolls
    add at most ``2 * 8 + 37 * units + contacts``.
    """
    n = model.n_units
    total = 2 * 8 + 37 * n + model.contacts.shape[0]
    # the rules with a spec, each its own share (odds.special_rules)
    total += special_rules.rule_dice(model, layout)
    # pursuit rolls of more than 8 dice ("Pellejo de Wulfag": 3D6 more)
    total += int(np.maximum(model.sides[:, S_PURSUE_DICE] - 8, 0).sum())
    for u in range(n):
        sd = model.sides[u]
        files = int(sd[S_FILES])
        models = int(-(-sd[S_HP] // sd[S_W]))  # one, for "Poder de la muerte"'s S_W
        models += recruits_at_most(model.sides, u)  # "Bienvenido a la Maldición"
        deep = max([2, *(int(model.groups[u, w, RANK_AND_FILE, k, G_RANKS])
                         for w in range(n) for k in range(N_KINDS))])
        reach = min(models, deep * files + math.ceil(models / files) + 4)
        for g in range(N_GROUPS):
            # the first round's dice, and the more of an even and an odd later round's
            dice = [_group_dice(model, sd, u, g, kind, reach) for kind in range(N_KINDS)]
            total += dice[0] + max(dice[1:])
    return -(-total // 8) * 8  # a whole number of 64-bit words (the buffer is filled by words)


def _group_dice(model: CombatModel, sd: np.ndarray, u: int, g: int, kind: int,
                reach: int) -> int:
    """The most dice attack group ``g`` of unit ``u`` rolls in a round of kind ``kind``.

    ``sd``: the unit's ``sides`` row; ``reach``: its models in contact at most.
    """
    n = model.n_units
    rows = [model.groups[u, w, g, kind] for w in range(n) if model.groups[u, w, g, kind, G_ACTIVE]]
    if not rows:
        return 0
    row = rows[0]
    total = 0
    fighters = (1 if g == CHAMPION else reach) * int(row[G_PER_MODEL])
    per = int(row[G_ATTACKS]) + int(row[G_FRENZY_A])
    if g in (RANK_AND_FILE, CHAMPION) or row[G_RANDOM]:
        per += int(sd[S_RA_DICE] * sd[S_RA_SIDES])  # the highest roll
    if g == IMPACT or row[G_IMPACT_DICE]:  # impact hits, "Desollador"'s hits
        per = int(row[G_ATTACKS]) + int(row[G_IMPACT_DICE]) * int(row[G_IMPACT_SIDES])
        total += fighters * int(row[G_IMPACT_DICE])
    total += 12 * fighters * per
    if row[G_CHAIN]:  # "Asalto imparable": up to CHAIN_CAP more per strike
        total += 12 * CHAIN_CAP * 2 * int(model.contacts.shape[0])
    if row[G_COLD]:  # "Arma de frío": a wound's armour and ward save, regeneration
        total += 3 * fighters * per
    return total
