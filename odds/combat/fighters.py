"""Who fights whom: models in base contact across faces, and characters (§1.1, §1.9).

Inlined numba helpers of the combat kernel (see :mod:`odds.combat.model` for
the conventions they implement).
"""

from __future__ import annotations

import numpy as np

from odds._jit import inline, kernel
from odds.combat.model import (
    FIGHTING,
    FRONT,
    G_ATTACKS,
    G_FRENZY_A,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_PER_MODEL,
    G_RANKS,
    IMPACT,
    MOUNT,
    RANK_AND_FILE,
    REAR,
    S_FILES,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_IS_CHAMPION,
    S_RATING,
)


@inline
def face_line(models, files, base, depth, face):
    """Models along a face of a unit and the length (mm) each takes: ``(count, size)``."""
    if models <= 0:
        return 0, 1
    if face == FRONT:
        return min(models, files), base
    ranks = (models + files - 1) // files
    if face == REAR:
        return models - (ranks - 1) * files, base
    return ranks, depth


@inline
def line_touch(nu, size_u, nv, size_v, corner):
    """Models of a line of ``nu`` (``size_u`` mm each) touching a line of ``nv`` (``size_v``).

    The lines are two facing unit faces (see :func:`face_line`).
    """
    if nu <= 0 or nv <= 0:
        return 0
    overlap = min(nu * size_u, nv * size_v)
    n = (overlap + size_u - 1) // size_u
    if corner and n < nu:
        n = n + 2
    return min(nu, n)


@inline
def attacks_of(buf, p, gi, u, v, kind, face_u, n, mu, sides, groups, frenzied, champ_free,
               chars):
    """Attacks (or impact hits) of group ``gi`` of unit ``u`` on ``v``; returns ``(n, p)``.

    ``n`` models of ``u`` touch ``v`` through ``face_u``, ``chars`` of its
    front-rank places held by characters (who fight as bodies of their own);
    ``champ_free``: the champion is alive and not yet fighting another
    contact this step.
    """
    if n <= 0:
        return 0, p
    attacks = groups[u, v, gi, kind, G_ATTACKS]
    bonus = groups[u, v, gi, kind, G_FRENZY_A] * frenzied
    front = face_u == FRONT
    if gi == RANK_AND_FILE:
        fighters = max(0, n - (1 if (front and champ_free) else 0) - (chars if front else 0))
        if front and groups[u, v, gi, kind, G_RANKS] >= 2:
            files = sides[u, S_FILES]
            fighters += min(n, max(0, min(mu - files, files)))
        return fighters * groups[u, v, gi, kind, G_PER_MODEL] * (attacks + bonus), p
    if gi == MOUNT:
        fighters = max(0, n - (chars if front else 0))
        return fighters * groups[u, v, gi, kind, G_PER_MODEL] * attacks, p
    if gi == IMPACT:
        if not front:
            return 0, p
        total = n * attacks
        k = n * groups[u, v, gi, kind, G_IMPACT_DICE]
        if groups[u, v, gi, kind, G_IMPACT_SIDES] == 3:
            for i in range(p, p + k):
                total += (np.int64(buf[i]) + 1) // 2
        else:
            for i in range(p, p + k):
                total += buf[i]
        return total, p + k
    if front and champ_free:  # CHAMPION
        return attacks + bonus, p
    return 0, p


@inline
def front_enemy(u, contacts, state, front_front):
    """First fighting enemy unit touching unit ``u``'s front (only front to front if asked)."""
    for c in range(contacts.shape[0]):
        if contacts[c, 0] == u:
            v = contacts[c, 1]
            fu = contacts[c, 2]
            fv = contacts[c, 3]
        elif contacts[c, 1] == u:
            v = contacts[c, 0]
            fu = contacts[c, 3]
            fv = contacts[c, 2]
        else:
            continue
        if fu == FRONT and state[2, v] == FIGHTING and (fv == FRONT or not front_front):
            return v
    return -1


@kernel  # called, not inlined: characters only (issue 13)
def hosted_char(v, sides, state, duel_a, duel_b, best, which):
    """An alive character standing in unit ``v`` (not refused, not duelling), or -1.

    ``best``: the one with the highest rating; else the first.  ``which``:
    0 characters only, 1 the promoted champion only, 2 either.
    """
    pick = -1
    for b in range(sides[v, S_HOSTED_LO], sides[v, S_HOSTED_HI]):
        if state[0, b] <= 0 or state[6, b] or b == duel_a or b == duel_b:
            continue
        if (which == 0 and sides[b, S_IS_CHAMPION]) or (which == 1
                                                        and not sides[b, S_IS_CHAMPION]):
            continue
        if pick < 0:
            pick = b
            if not best:
                return b
        elif sides[b, S_RATING] > sides[pick, S_RATING]:
            pick = b
    return pick


@inline
def front_occupants(u, sides, state):
    """Characters in unit ``u``'s front rank (alive and not refused)."""
    k = 0
    for b in range(sides[u, S_HOSTED_LO], sides[u, S_HOSTED_HI]):
        if state[0, b] > 0 and not state[6, b]:
            k += 1
    return k


@inline
def chars_alive(u, sides, state):
    """Characters still alive in unit ``u`` (refused or not)."""
    k = 0
    for b in range(sides[u, S_HOSTED_LO], sides[u, S_HOSTED_HI]):
        if state[0, b] > 0:
            k += 1
    return k
