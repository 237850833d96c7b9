"""Reinos del Caos "Dos cabezas": the Ettin maldito's two heads as the combat model holds them.

The combat is built with the head dominant at the start; the other head's needs go in the
rule's own group columns (:data:`odds.special_rules.chaos_monsters.TWO_HEADS`), which the
kernel takes while that head is dominant (``state[:, B_HEAD]``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from odds.combat.model.layout import (
    G_HEAD_HIT,
    G_HEAD_SAVE,
    G_HEAD_WOUND,
    G_HEADS_HIT,
    G_HIT,
    G_HIT_HEAD,
    G_SAVE,
    G_WOUND,
)
from odds.units import Unit

SAVAGE_WS = 2
"""The Salvaje head's WS ("HA2")."""


def savage(unit: Unit) -> Unit:
    """``unit`` (printed) with the Salvaje head dominant: frenzy, S+1, WS 2, Ld-1."""
    p = unit.profile
    special = tuple(r for r in unit.special if r != "hatred")
    if "frenzy" not in special:
        special += ("frenzy",)
    return unit.replace(profile=p.replace(WS=SAVAGE_WS, S=p.S + 1, Ld=max(2, p.Ld - 1)),
                        special=special)


def traitor(unit: Unit) -> Unit:
    """``unit`` (printed) with the Traidor head dominant: hatred (the rest acts elsewhere)."""
    return unit if unit.has("hatred") else unit.replace(special=(*unit.special, "hatred"))


def heads(unit: Unit) -> tuple[Unit, Unit | None]:
    """``unit`` (printed) as it starts the combat, and with its other head (None: no rule).

    The starting head: Traidor, or Salvaje with ``two_heads_savage``.
    """
    if not unit.has("two_heads"):
        return unit, None
    if unit.has("two_heads_savage"):
        return savage(unit), traitor(unit)
    return traitor(unit), savage(unit)


def head_rows(groups: np.ndarray, alt: list[Unit | None],
              rows: Callable[[Unit, int, Unit, int], np.ndarray]) -> None:
    """Fill the "Dos cabezas" columns of ``groups[i, j]`` for every pair of enemy bodies.

    ``alt[b]``: body ``b`` with its other head dominant (None: no rule);
    ``rows(striker, i, target, j)``: the rows of ``striker`` as body ``i`` against ``target``
    as body ``j`` (both kinds).  ``G_HEAD_*``: the striker's other head; ``G_HIT_HEAD``: the
    target's; ``G_HEADS_HIT``: both.  A body without the rule keeps its own needs there.
    """
    groups[..., G_HEAD_HIT] = groups[..., G_HIT]
    groups[..., G_HEAD_WOUND] = groups[..., G_WOUND]
    groups[..., G_HEAD_SAVE] = groups[..., G_SAVE]
    groups[..., G_HIT_HEAD] = groups[..., G_HIT]
    groups[..., G_HEADS_HIT] = groups[..., G_HIT]
    n = groups.shape[0]
    for i in range(n):
        for j in range(n):
            if i == j or not groups[i, j].any() or (alt[i] is None and alt[j] is None):
                continue
            if alt[i] is not None:
                r = rows(alt[i], i, None, j)
                groups[i, j, ..., G_HEAD_HIT] = r[..., G_HIT]
                groups[i, j, ..., G_HEAD_WOUND] = r[..., G_WOUND]
                groups[i, j, ..., G_HEAD_SAVE] = r[..., G_SAVE]
                groups[i, j, ..., G_HEADS_HIT] = r[..., G_HIT]
            if alt[j] is not None:
                groups[i, j, ..., G_HIT_HEAD] = rows(None, i, alt[j], j)[..., G_HIT]
                if alt[i] is not None:
                    groups[i, j, ..., G_HEADS_HIT] = rows(alt[i], i, alt[j], j)[..., G_HIT]
