"""Fighters of a unit in the first round and the attacks they make (§1.1, §1.2, §1.10)."""

from __future__ import annotations

import itertools

import numpy as np

from odds import dice
from odds.combat.exact.attack import dice_hits
from odds.combat.model import (
    CREW,
    FRONT,
    G_ATTACKS,
    G_FRENZY_A,
    G_PER_MODEL,
    G_RANKS,
    IMPACT,
    MOUNT,
    N_GROUPS,
    RANK_AND_FILE,
    S_COLD,
    S_FILES,
    S_GRUMBLERS,
    S_LD,
    S_SIDE,
    S_STUPID,
    CombatModel,
    touching,
)


def group_attacks(row: np.ndarray, g: int, fighters: tuple[int, int, int, int],
                  taken: int, alive: bool, frenzy: int) -> int:
    """Attacks (impact: models making impact hits) of a group once ``taken`` fighters are gone.

    ``fighters = (front, supporting, steeds, champion)`` at the start of the
    round (see :func:`start_fighters`); ``taken``: the casualties taken from
    them since, front-contact fighters first, then supporting ones (§1.2).
    Steeds (and impact-hitting models) go with their front fighters; the
    champion's with the champion, who fights while its unit has a model
    left.  A unit with no model left makes no attacks.
    """
    if not alive:
        return 0
    front, supp, steeds, champ = fighters
    t_front = min(taken, front)
    t_supp = min(taken - t_front, supp)
    bonus = int(row[G_FRENZY_A]) * frenzy
    if g == RANK_AND_FILE:
        left = front - t_front + supp - t_supp
        return left * int(row[G_PER_MODEL]) * (int(row[G_ATTACKS]) + bonus)
    if g == MOUNT:
        return max(0, steeds - t_front) * int(row[G_PER_MODEL]) * int(row[G_ATTACKS])
    if dice_hits(row, g):
        return max(0, steeds - t_front)
    if g == CREW:
        return max(0, steeds - t_front) * int(row[G_PER_MODEL]) * (int(row[G_ATTACKS]) + bonus)
    if g == IMPACT:
        return max(0, steeds - t_front)
    return int(row[G_ATTACKS]) + bonus if champ else 0


def start_fighters(model: CombatModel, u: int, v: int, models: list[int], face_u: int,
                   face_v: int, champ: bool, chars: int = 0) -> tuple[int, int, int, int]:
    """``(front, supporting, steeds, champion)`` of unit ``u`` facing ``v`` at the round's start.

    Models in base contact across the two faces (§1.1, :func:`touching`); on
    the front the champion (if it fights through this contact, ``champ``)
    and the ``chars`` characters in the front rank hold places of their own
    (their steeds too); supporting ranks fight through the front only.
    """
    sd = model.sides
    t = touching(model, u, face_u, models[u], v, face_v, models[v]) if models[u] > 0 else 0
    if face_u != FRONT:
        return t, 0, t, 0
    here = int(champ and t > 0)
    supp = 0
    row = model.groups[u, v, RANK_AND_FILE, 0]
    files = int(sd[u, S_FILES])
    for r in range(1, int(row[G_RANKS])):  # every supporting rank (spears 1, High Elf 2)
        supp += min(t, max(0, min(models[u] - r * files, files)))
    return max(0, t - here - chars), supp, max(0, t - chars), here


def stupid_fighters(fighters: tuple[int, int, int, int]) -> list[tuple[float, tuple]]:
    """A failed stupidity test (§1.10): half the fighters fight, an odd one on 4+.

    Returns the fighters of each case with its probability.
    """
    front, supp, steeds, champ = fighters
    f = front + supp
    out = []
    for keep, pk in ((f // 2, 0.5), (f // 2 + 1, 0.5)) if f % 2 else ((f // 2, 1.0),):
        kept = min(front, keep)
        out.append((pk, (kept, keep - kept, steeds - (front - kept), champ)))
    return out


def stupidity_cases(model: CombatModel, fighters: list[list[tuple[int, int, int, int]]]
                    ) -> list[tuple[float, list[list[tuple[int, int, int, int]]]]]:
    """Fighters of every unit per contact, mixed over the first round's stupidity tests.

    Stupid units of the side whose turn it is test Ld (2D6 <= Ld) at the
    start of the round (a failed test re-rolled with ``S_GRUMBLERS`` 3); failed, each
    contact keeps half its fighters (§1.10).
    """
    cases = [(1.0, [list(f) for f in fighters])]
    sd = model.sides
    for u in range(len(fighters)):
        if not sd[u, S_STUPID] or int(sd[u, S_SIDE]) != model.active_side:
            continue
        p_pass = dice.p_at_most(dice.leadership_pmf(bool(sd[u, S_COLD])), int(sd[u, S_LD]))
        if sd[u, S_GRUMBLERS] == 3:  # "Marca del Caos absoluto": a failed test re-rolled
            p_pass = 1 - (1 - p_pass) ** 2
        nxt = []
        for p, fs in cases:
            nxt.append((p * p_pass, fs))
            per_contact = [stupid_fighters(f) for f in fs[u]]
            for combo in itertools.product(*per_contact):
                q = p * (1 - p_pass)
                new = []
                for pk, f in combo:
                    q *= pk
                    new.append(f)
                nxt.append((q, [*fs[:u], new, *fs[u + 1:]]))
        cases = nxt
    return cases


def strike_steps(model: CombatModel) -> list[tuple[list[int], list[int]]]:
    """First-round strike steps: per equal key, the groups of side 0 and of side 1 (§1.2).

    The kernel's steps (:attr:`~odds.combat.model.CombatModel.strike_steps`) as slots
    ``u * N_GROUPS + g``.
    """
    strikers, steps, n_steps = model.strike_steps
    slots = [int(b) * N_GROUPS + int(g) for b, g in strikers[0]]
    return [(slots[lo:mid], slots[mid:hi]) for lo, mid, hi in steps[0, : int(n_steps[0])].tolist()]
