"""The working of a two-unit first round, step by step: attacks, hits, wounds, saves (§1.2-§1.8).

:func:`first_round_working` lists, per side and per group of attackers
(rank and file, champion, steeds, impact hits, crew), the attacks made at the
start of the round when nobody has fallen yet, the rolls needed and their
chances, and the expected hits, wounds, saves and unsaved wounds of those
attacks.  Each chance is the one :func:`~odds.combat.exact.attack.attack_outcomes`
uses (poison, re-rolled misses, killing blows), so a player can check each
step by hand.  Casualties taken before a unit strikes remove attackers
(§1.2), so the expected unsaved wounds here are an upper bound of those the
exact programme gives; :func:`first_round_casualties_exact` gives the exact
mean wounds and models lost with the strike order, stupidity and
regeneration (the programme of :func:`~odds.combat.exact.two_units.first_round_dp`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from odds import dice
from odds.combat.exact.attack import dice_hits, impact_hits_pmf
from odds.combat.exact.fighters import group_attacks, start_fighters
from odds.combat.exact.mixtures import first_round_parts, mix_results
from odds.combat.exact.two_units import contact_faces, first_round_dp
from odds.combat.exact.wounds import models_left
from odds.combat.model import (
    G_HIT,
    G_KB,
    G_POISON,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    N_GROUPS,
    S_CHAMPION,
    S_FRENZY,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_HP,
    S_SIDE,
    S_W,
    CombatModel,
)
from odds.combat.model.layout import GROUP_NAMES

SIDES = ("attacker", "defender")


def _group_row(model: CombatModel, s: int, g: int, attacks: int) -> dict[str, Any]:
    """One group's working: its attacks and the chances of each roll."""
    return _group_row_at(model, s, 1 - s, g, attacks)


def _group_row_at(model: CombatModel, s: int, v: int, g: int, attacks: int) -> dict[str, Any]:
    """Group ``g`` of body ``s`` against body ``v``: its attacks and the chances of each roll."""
    row = model.groups[s, v, g, 0]
    hit, poison, wound = int(row[G_HIT]), int(row[G_POISON]), int(row[G_WOUND])
    save, ward = int(row[G_SAVE]), int(row[G_WARD])
    made = float(attacks)
    if dice_hits(row, g):  # impact hits: rolled per model, then they hit
        pmf = impact_hits_pmf(attacks, row)
        made = float((np.arange(pmf.size) * pmf).sum())
    if hit >= 7:
        p_norm = p_pois = 0.0
    elif hit == 0:
        p_norm, p_pois = 1.0, 0.0
    else:
        p_pois = float(dice.d6_at_least(max(hit, poison))) if poison < 7 else 0.0
        p_norm = float(dice.d6_at_least(hit)) - p_pois
        if row[G_REROLL]:
            miss = 1.0 - p_norm - p_pois
            p_norm, p_pois = p_norm * (1 + miss), p_pois * (1 + miss)
    p_wound = float(dice.d6_at_least(wound))
    p_kb = 1 / 6 if (row[G_KB] and wound <= 6) else 0.0
    p_armour = float(dice.d6_at_least(save))
    p_ward = float(dice.d6_at_least(ward))
    hits = made * (p_norm + p_pois)
    ordinary = made * (p_norm * (p_wound - p_kb) + p_pois)  # poisoned hits wound automatically
    killing = made * p_norm * p_kb
    past_armour = ordinary * (1 - p_armour) + killing  # killing blows allow no armour save
    unsaved = past_armour * (1 - p_ward)
    return {"side": SIDES[int(model.sides[s, S_SIDE])], "group": GROUP_NAMES[g], "attacks": made,
            "to_hit": hit, "p_hit": p_norm + p_pois, "hits": hits,
            "to_wound": wound, "p_wound": (ordinary + killing) / hits if hits else 0.0,
            "wounds": ordinary + killing, "killing_blows": killing,
            "armour_save": save, "p_armour_save": p_armour,
            "armour_saves": ordinary * p_armour,
            "ward_save": ward, "p_ward_save": p_ward, "ward_saves": past_armour * p_ward,
            "unsaved": unsaved}


def first_round_working(model: CombatModel) -> list[dict[str, Any]] | None:
    """Per side and group, the first round's attacks at full strength and their rolls.

    Parameters
    ----------
    model : CombatModel
        Two units, no characters (:func:`odds.combat.model.build`).

    Returns
    -------
    list of dict or None
        One row per group that attacks: ``side``, ``group``
        (:data:`~odds.combat.model.layout.GROUP_NAMES`), ``attacks`` (impact
        hits: their mean number), ``to_hit`` (the roll needed: 0 automatic, 7
        impossible), ``p_hit``, ``hits``, ``to_wound``, ``p_wound`` (given a
        hit, poison and killing blows included), ``wounds``,
        ``killing_blows``, ``armour_save`` and ``ward_save`` (the roll
        needed, 7 none), ``p_armour_save``, ``armour_saves``, ``p_ward_save``,
        ``ward_saves``, ``unsaved``: expected numbers if every attack at the
        start of the round is made.  None for a model of more than two units,
        with characters, or mixing several combats (``model.mixture``: the rolls
        differ from part to part).
    """
    if model.n_units != 2 or 0 <= model.n_regiments < 2 or model.mixture:
        return None
    sd = model.sides
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    models = [models_left(hp[0], int(sd[0, S_W])), models_left(hp[1], int(sd[1, S_W]))]
    faces = contact_faces(model)
    out = []
    for s in (0, 1):
        fighters = start_fighters(model, s, 1 - s, models, faces[s], faces[1 - s],
                                  bool(sd[s, S_CHAMPION]))
        for g in range(N_GROUPS):
            row = model.groups[s, 1 - s, g, 0]
            n = group_attacks(row, g, fighters, 0, models[s] > 0, int(sd[s, S_FRENZY]))
            if n > 0:
                r = _group_row(model, s, g, n)
                if r["attacks"] > 0:
                    out.append(r)
    return out


def _casualties(model: CombatModel) -> dict[str, list[float]] | None:
    p = first_round_dp(model)
    if p is None:
        return None
    sd = model.sides
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    out: dict[str, list[float]] = {"wounds": [0.0, 0.0], "models": [0.0, 0.0]}
    for s in (0, 1):
        w = int(sd[s, S_W])
        left = np.arange(hp[s] + 1)
        pm = p.sum(axis=1 - s)  # distribution of the wounds left on unit s
        out["wounds"][s] = float(((hp[s] - left) * pm).sum())
        out["models"][s] = float(((models_left(hp[s], w) - models_left(left, w)) * pm).sum())
    return out


def first_round_casualties_exact(model: CombatModel) -> dict[str, list[float]] | None:
    """Exact mean wounds and models each unit loses in the first round (§1.2-§1.8).

    Returns
    -------
    dict or None
        ``{"wounds": [unit 0, unit 1], "models": [unit 0, unit 1]}``: the mean
        wounds suffered after regeneration, and the mean models removed; None
        where :func:`~odds.combat.exact.two_units.first_round_exact` does not
        apply.
    """
    parts = first_round_parts(model)
    if parts is None:
        return None
    if parts:
        return mix_results([(w, first_round_casualties_exact(m)) for w, m in parts])
    return _casualties(model)


def bodies_first_round_working(model: CombatModel) -> list[dict[str, Any]]:
    """Per body and group, the first round's attacks at full strength and their rolls.

    For a combat with characters (:func:`odds.combat.model.build_units`): each body
    (a unit, a character or a promoted champion, in the model's order) against each
    enemy unit it touches, and each character or champion against each enemy
    character or champion (the blows of a challenge, §1.9).  The chances of each
    roll are exact; the expected numbers assume every attack at the start of the
    round is made against that target (who strikes at whom, and who falls first,
    are the Monte Carlo's).

    Returns
    -------
    list of dict
        The rows of :func:`first_round_working` with ``body`` and ``target``
        (body indices) added; ``side`` is the body's side.  Empty for a model mixing
        several combats (``model.mixture``: the rolls differ from part to part).
    """
    if model.mixture:
        return []
    sd = model.sides
    n = model.n_units
    units = model.n_regiments if model.n_regiments >= 0 else n
    models = [models_left(int(sd[u, S_HP]), int(sd[u, S_W])) for u in range(n)]
    faces = {(int(c[0]), int(c[1])): (int(c[2]), int(c[3])) for c in model.contacts}
    faces.update({(v, u): (fv, fu) for (u, v), (fu, fv) in list(faces.items())})
    out = []
    for u in range(n):
        for v in range(n):
            if sd[u, S_SIDE] == sd[v, S_SIDE] or u < units <= v:  # units strike units
                continue
            if u < units:
                if (u, v) not in faces:
                    continue
                fu, fv = faces[(u, v)]
                # its characters and promoted champion stand in its front rank (§1.9)
                chars = int(sd[u, S_HOSTED_HI] - sd[u, S_HOSTED_LO])
                fighters = start_fighters(model, u, v, models, fu, fv, bool(sd[u, S_CHAMPION]),
                                          chars)
            else:
                fighters = (1, 0, 1, 0)  # one model, its steed with it
            for g in range(N_GROUPS):
                row = model.groups[u, v, g, 0]
                k = group_attacks(row, g, fighters, 0, models[u] > 0, int(sd[u, S_FRENZY]))
                if k > 0:
                    r = _group_row_at(model, u, v, g, k)
                    if r["attacks"] > 0:
                        out.append({**r, "side": SIDES[int(sd[u, S_SIDE])], "body": u,
                                    "target": v})
    return out
