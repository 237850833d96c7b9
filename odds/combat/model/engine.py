"""The combat engine's choice of kernel and its dice budget.

:func:`plain_pair` says whether a model runs on the plain kernel
(:func:`odds.combat.kernel.fight_chunk_plain`); :func:`dice_budget` bounds the dice one
round can use.
"""

from __future__ import annotations

import math

import numpy as np

from odds.combat.model.bodies import recruits_at_most
from odds.combat.model.layout import (
    CHAIN_CAP,
    CHAMPION,
    F_UNITS,
    G_ACTIVE,
    G_ATTACKS,
    G_BURNING,
    G_CHAIN,
    G_COLD,
    G_FRENZY_A,
    G_GRAB,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_PER_MODEL,
    G_RANDOM,
    G_RANKS,
    IMPACT,
    N_GROUPS,
    RANK_AND_FILE,
    S_BURNING,
    S_CAPTAIN,
    S_COLD,
    S_DRUNK,
    S_FILES,
    S_HORN,
    S_HP,
    S_LAMENT,
    S_PURSUE_DICE,
    S_RA_DICE,
    S_RA_SIDES,
    S_STANDARD,
    S_STUPID,
    S_W,
)
from odds.combat.model.options import CombatModel

PLAIN_ABSENT = (S_CAPTAIN, S_BURNING, S_LAMENT, S_HORN, S_STUPID, S_DRUNK, S_RA_DICE)
"""Columns of ``sides`` that must be 0 in both units of a plain pair (:func:`plain_pair`)."""


def plain_pair(model: CombatModel) -> bool:
    """Whether ``model`` runs on the combat engine's plain kernel (issue 13).

    :func:`odds.combat.kernel.fight_chunk_plain` is the same code as
    :func:`~odds.combat.kernel.fight_chunk` compiled with ``plain`` true: two
    units (no characters) in one contact, and none of the rules whose code it
    leaves out (:data:`PLAIN_ABSENT`: "No Muertos"/"Capitán", "Cuerpo ardiente",
    "Lamento de la doncella", "Cuerno del Dragón", stupidity, "Borrachos",
    random attacks).  LLVM then folds the
    unit, body and contact counts into constants and drops those branches.  For
    such a model both kernels roll the same dice in the same order and give
    identical results (``tests/test_combat_plain.py``).
    """
    sides = model.sides
    flags = model.flags
    if sides.shape[0] != 2 or flags[F_UNITS] != 2 or model.contacts.shape[0] != 1:
        return False
    return not (np.any(sides[:, list(PLAIN_ABSENT)] != 0)
                or np.any(model.groups[..., G_BURNING] != 0))


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
    # cold-blooded tests roll a third die (MDNR "Sangre fría"): at most 8 tests a round
    total += 8 * int(model.sides[:, S_COLD].any()) * model.sides.shape[0]
    total += int(model.sides[:, S_DRUNK].sum())  # "Borrachos": one D6 a unit a round
    # "Garras mecánicas": one I test a claws body a round
    total += int((model.groups[..., G_GRAB] > 0).any(axis=(1, 2, 3)).sum())
    # "Estandarte Negro de los Muktarin": a D3 a side a round for the standard
    total += 2 * int((model.sides[:, S_STANDARD] == 2).any())
    # "Cuerno del Dragón": a panic test of every enemy unit (a re-roll, cold), its flight and
    # a pursuit
    total += 24 * n * int(model.sides[:, S_HORN].any())
    # pursuit rolls of more than 8 dice ("Pellejo de Wulfag": 3D6 more)
    total += int(np.maximum(model.sides[:, S_PURSUE_DICE] - 8, 0).sum())
    # "Cuerpo ardiente": a T test and D3 wounds with their saves; up to 12 faces for the hit
    # on each enemy model (every enemy model bounds those in contact)
    burning = [u for u in range(n) if model.sides[u, S_BURNING]]
    if burning:
        enemy_models = sum(int(-(-model.sides[v, S_HP] // model.sides[v, S_W]))
                           for v in range(n))
        total += len(burning) * (8 + 12 * enemy_models)
    # "Lamento de la doncella": 2D6, then a ward and a regeneration roll for each of at most
    # 2D6 + 2 wounds (psychology.lament)
    total += 30 * int(model.sides[:n, S_LAMENT].sum())
    # "No Muertos", "Capitán": two tests a round (the end of the phase the leader fell in, the
    # start of the next own turn), 2D6 each
    total += 4 * int(model.sides[:n, S_CAPTAIN].sum())
    for u in range(n):
        sd = model.sides[u]
        total += int(sd[S_RA_DICE])  # the random-attacks roll
        files = int(sd[S_FILES])
        models = int(-(-sd[S_HP] // sd[S_W]))  # one, for "Poder de la muerte"'s S_W
        models += recruits_at_most(model.sides, u)  # "Bienvenido a la Maldición"
        deep = max([2, *(int(model.groups[u, w, RANK_AND_FILE, k, G_RANKS])
                         for w in range(n) for k in (0, 1))])
        reach = min(models, deep * files + math.ceil(models / files) + 4)
        for g in range(N_GROUPS):
            for kind in (0, 1):
                rows = [model.groups[u, w, g, kind] for w in range(n)
                        if model.groups[u, w, g, kind, G_ACTIVE]]
                if not rows:
                    continue
                row = rows[0]
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
    return -(-total // 8) * 8  # a whole number of 64-bit words (the buffer is filled by words)
