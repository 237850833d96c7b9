"""Frontage: base sizes and the models of two faces in base contact (RULES.md §1.1).

A face of a unit is a line of models (see the notes of :mod:`odds.combat.model`): where two
faces touch, the overlap of the two lines is in contact, plus a model at each end with corner
contact.
"""

from __future__ import annotations

import math

from odds.combat.model.layout import F_CORNER, FRONT, REAR, S_BASE, S_DEPTH, S_FILES
from odds.combat.model.options import CombatModel
from odds.units import Unit

BASE_WIDTH_MM = {
    "infantry": 20,
    "cavalry": 25,
    "monstrous_infantry": 40,
    "monster": 50,
    "chariot": 50,
    "swarm": 40,
    "war_machine": 50,
}
"""Base widths (mm) used for the frontage in contact (6th-edition standard bases)."""

BASE_DEPTH_MM = {
    "infantry": 20,
    "cavalry": 50,
    "monstrous_infantry": 40,
    "monster": 50,
    "chariot": 100,
    "swarm": 40,
    "war_machine": 50,
}
"""Base depths (mm): the length one rank adds to a flank."""


def base_type(unit: Unit) -> str:
    """The troop type whose bases (:data:`BASE_WIDTH_MM`, :data:`BASE_DEPTH_MM`) a unit stands on.

    Its own, but cavalry for a unit with ``cavalry_base`` (MDNR Condes Vampiro, Costa del
    Vampiro "Dos por uno": "Los Artilleros de Cubierta se montan en una peana de caballería
    ... (aunque son Infantería)").
    """
    return "cavalry" if unit.has("cavalry_base") else unit.troop_type


def in_contact(front: int, base: int, enemy_front: int, enemy_base: int, corner: bool) -> int:
    """Models of a front of ``front`` models in base contact with the enemy front (§1.1)."""
    if front <= 0 or enemy_front <= 0:
        return 0
    overlap = min(front * base, enemy_front * enemy_base)
    n = math.ceil(overlap / base)
    if corner and n < front:
        n = min(front, n + 2)
    return min(front, n)


def face_line(models: int, files: int, base: int, depth: int, face: int) -> tuple[int, int]:
    """Models along a face of a unit and the length (mm) each takes: ``(count, size)``.

    Integer arithmetic only: the combat kernel compiles this same function
    (:data:`odds.combat.fighters.face_line`).
    """
    if models <= 0:
        return 0, 1
    if face == FRONT:
        return min(models, files), base
    ranks = (models + files - 1) // files
    if face == REAR:
        return models - (ranks - 1) * files, base
    return ranks, depth


def touching(model: CombatModel, u: int, face_u: int, mu: int, v: int, face_v: int,
             mv: int) -> int:
    """Models of unit ``u`` (``mu`` left) in contact with unit ``v`` across the given faces."""
    sd = model.sides
    nu, size_u = face_line(mu, int(sd[u, S_FILES]), int(sd[u, S_BASE]), int(sd[u, S_DEPTH]),
                           face_u)
    nv, size_v = face_line(mv, int(sd[v, S_FILES]), int(sd[v, S_BASE]), int(sd[v, S_DEPTH]),
                           face_v)
    if nu <= 0 or nv <= 0:
        return 0
    n = math.ceil(min(nu * size_u, nv * size_v) / size_u)
    if model.flags[F_CORNER] and n < nu:
        n += 2
    return min(nu, n)


FLAME_LENGTH = 400
"""The flame template's length in half-millimetres: 8" (20 cm at MDNR's 2.5 cm an inch)."""

FLAME_RADIUS = 75
"""The radius of the flame template's wide end in half-millimetres: 3" across (7.5 cm)."""



def under_flame(models: int, files: int, base: int, depth: int) -> tuple[int, int]:
    """Models of a unit under a flame template laid into its front: ``(full, partial)``.

    The template's point at the middle of the unit's front, its axis straight back through
    the unit (a war machine in base contact with the front, its muzzle against it): a cone
    from its point to the full width :data:`FLAME_RADIUS` at ``FLAME_LENGTH - FLAME_RADIUS``
    along the axis, then the half circle of its wide end.  The unit ``files`` wide on
    ``base`` by ``depth`` mm bases, its ranks full but the last, each rank centred on the
    axis.  A model is under it fully when its whole base is within the template (the
    template's width is least at one end of the rank), partially when the template crosses
    its base.  Integer arithmetic in half-millimetres only: the combat kernel compiles this
    same function.
    """
    full = 0
    part = 0
    if models <= 0 or files <= 0:
        return 0, 0
    neck = FLAME_LENGTH - FLAME_RADIUS
    r2 = FLAME_RADIUS * FLAME_RADIUS
    ranks = (models + files - 1) // files
    for r in range(ranks):
        y0 = 2 * r * depth
        if y0 >= FLAME_LENGTH:
            break
        y1 = y0 + 2 * depth
        k = files if r < ranks - 1 else models - (ranks - 1) * files
        for i in range(k):
            x0 = -k * base + 2 * i * base
            x1 = x0 + 2 * base
            near = 0 if x0 < 0 < x1 else min(abs(x0), abs(x1))
            far = max(abs(x0), abs(x1))
            covered = y1 <= FLAME_LENGTH
            touched = y0 <= neck <= y1 and near < FLAME_RADIUS
            for y in (y0, min(y1, FLAME_LENGTH)):
                if y <= neck:
                    covered = covered and far * neck <= FLAME_RADIUS * y
                    touched = touched or near * neck < FLAME_RADIUS * y
                else:
                    covered = covered and far * far <= r2 - (y - neck) * (y - neck)
                    touched = touched or near * near < r2 - (y - neck) * (y - neck)
            if covered:
                full += 1
            elif touched:
                part += 1
    return full, part
