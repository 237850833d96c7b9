"""Strike order (RULES.md §1.2): strike categories and keys, and pikes receiving a charge.

A group's key is ``category * 16 + (10 - I)``: impact hits, always strikes first, chargers,
Initiative, always strikes last, mindless (:data:`~odds.combat.model.layout.CAT_IMPACT` ..
:data:`~odds.combat.model.layout.CAT_MINDLESS`); braced pikes (MDNR "Pica") and "Juego
sucio" have keys of their own.
"""

from __future__ import annotations

import numpy as np

from odds.combat.model.layout import (
    CAT_ASF,
    CAT_ASL,
    CAT_CHARGER,
    CAT_INITIATIVE,
    CAT_MINDLESS,
    FRONT,
    G_ACTIVE,
    G_KEY,
    N_GROUPS,
    N_KINDS,
)
from odds.units import Unit


def _key(category: int, initiative: int) -> int:
    return category * 16 + (10 - initiative)


def _category(unit: Unit, charging: bool, weapon_last: bool) -> int:
    # Condes Vampiro "Vampiresas" (crew_strikes_first): the crew's rows only, not the steeds'
    if unit.has("always_strikes_first") or unit.has("crew_strikes_first"):
        return CAT_ASF  # ASF beats strikes-last (§1.2)
    if unit.has("always_strikes_last"):
        return CAT_ASL  # the rule, unlike a strikes-last weapon, holds on the charge too
    if charging:
        return CAT_CHARGER
    if weapon_last and not unit.has("ignores_strikes_last"):
        return CAT_ASL
    if unit.has("mindless"):
        return CAT_MINDLESS
    return CAT_INITIATIVE


BRACED_KEY = CAT_CHARGER * 16 - 1
"""Strike-order key of pikes receiving a charge in their front (after every always-strikes-
first blow, before every charger; MDNR Mercenarios "Pica")."""
DIRTY_TRICK_KEY = (CAT_MINDLESS + 1) * 16
"""Strike-order key of "Juego sucio"'s attack (Espadas de Manann: "Antes de calcular la
resolución de combate ... puede hacer un ataque adicional"): after every other step."""
BRACED_AGAINST = ("cavalry", "chariot", "monster")
"""Chargers against which braced pikes strike at S+1 (MDNR "Pica": "Caballería, Carros o
Monstruos, además del Tanque a Vapor imperial" -- a monster or chariot in the engine)."""


def braced(units: list[Unit], charged: list[bool],
           contacts: list[tuple[int, int, int, int]]) -> list[bool]:
    """Which units receive a charge with pikes (MDNR Mercenarios / Regimientos de Renombre "Pica").

    "Recepción de carga. Cuando una unidad armada con picas recibe una carga por parte de una
    unidad enemiga en su frontal (no en su flanco ni retaguardia)...  Si la carga es por
    flanco o retaguardia no se aplica ninguna de estas reglas": a unit with pikes that did
    not charge, charged by at least one enemy and only through its front.
    """
    out = []
    for i, u in enumerate(units):
        faces = [fa if a == i else fb for a, b, fa, fb in contacts
                 if i in (a, b) and charged[b if a == i else a]]
        # Regimientos de Renombre "Formación mixta" (pikes_behind): no pikes in the front rank
        out.append(u.equipment.weapon == "pike" and not u.has("pikes_behind")
                   and not charged[i] and bool(faces) and all(f == FRONT for f in faces))
    return out


def _strike_order(groups: np.ndarray,
                  sides: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(order, keys, n_order)`` of :class:`~odds.combat.model.options.CombatModel` (§1.2).

    The active groups of every body, by strike-order key; ``groups[i, j, g, kind]`` of body
    ``i`` against each enemy body ``j`` (a group's key does not depend on its target).
    """
    n = groups.shape[0]
    n_slots = n * N_GROUPS
    order = np.full((N_KINDS, n_slots), -1, np.int64)
    keys = np.zeros((N_KINDS, n_slots), np.int64)
    n_order = np.zeros(N_KINDS, np.int64)
    for kind in range(N_KINDS):
        active = []
        for i in range(n):
            enemies = [j for j in range(n) if sides[j] != sides[i]]
            for g in range(N_GROUPS):
                rows = [groups[i, j, g, kind] for j in enemies if groups[i, j, g, kind, G_ACTIVE]]
                if rows:
                    active.append((int(rows[0][G_KEY]), i * N_GROUPS + g))
        active.sort()
        n_order[kind] = len(active)
        for k, (key, slot) in enumerate(active):
            order[kind, k] = slot
            keys[kind, k] = key
    return order, keys, n_order
