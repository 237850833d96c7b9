"""The kernel's view of a combat, :class:`CombatModel`, and the options it is built from.

:class:`SideOptions` and :class:`CombatOptions` are defined with the scenario data
(:mod:`odds.scenario.options`) and imported here; :class:`CombatModel` holds the integer
arrays the kernel runs (:mod:`odds.combat.model`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from odds.combat.model.layout import N_GROUPS, N_KINDS, S_SIDE
from odds.scenario.options import CombatOptions, SideOptions
from odds.vocabulary import CHARGERS

__all__ = ["CHARGERS", "CombatModel", "CombatOptions", "SideOptions"]


@dataclass(frozen=True)
class CombatModel:
    """The kernel's view of a combat (its arrays are described in :mod:`odds.combat.model`)."""

    sides: np.ndarray
    groups: np.ndarray
    order: np.ndarray
    keys: np.ndarray
    n_order: np.ndarray
    flags: np.ndarray  # corner, musician, insane courage, restrain, flank/rear both, units, active
    charger: int  # two-unit form: 0 attacker, 1 defender, -1 none; several units: -1
    max_rounds: int
    contacts: np.ndarray  # contacts[c] = (u, v, face of u, face of v): N_CONTACT columns
    ranks: np.ndarray  # ranks[u, models]: rank bonus of unit u with that many models
    side_bonus: np.ndarray  # [side]: static bonuses + high ground
    names: tuple[str, ...] = ()
    n_regiments: int = -1  # bodies 0 .. n_regiments - 1 are units, the rest characters
    active_side: int = 0
    # (weight, CombatModel) parts whose mixture this combat is (a roll made before it,
    # Reinos del Caos "Mutaciones"); empty: one combat.  The arrays above are the first part's.
    mixture: tuple[tuple[float, CombatModel], ...] = ()

    @property
    def n_units(self) -> int:
        """Number of units in the combat."""
        return int(self.sides.shape[0])

    @functools.cached_property
    def strike_steps(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each round kind's strike steps as the kernel walks them: ``(strikers, steps, n_steps)``.

        ``order`` regrouped once, so that the kernel need not scan keys and sides each
        round: ``strikers[k, q] = (body, group)`` of the active groups, by key, then
        side 0 before side 1, each side's groups in ``order``'s order; ``steps[k, i] = (lo,
        mid, hi)``: step ``i`` of kind ``k`` (one key) is strikers ``lo .. mid - 1`` of side
        0 and ``mid .. hi - 1`` of side 1; ``n_steps[k]`` steps.  Worked out on first use and
        kept: a model's arrays are not changed after it is built (a changed model is a
        ``dataclasses.replace`` copy, which works them out afresh).
        """
        n_slots = self.order.shape[1]
        strikers = np.zeros((N_KINDS, max(1, n_slots), 2), np.int64)
        steps = np.zeros((N_KINDS, max(1, n_slots), 3), np.int64)
        n_steps = np.zeros(N_KINDS, np.int64)
        for kind in range(N_KINDS):
            slots = [int(x) for x in self.order[kind, : int(self.n_order[kind])]]
            keys = [int(x) for x in self.keys[kind, : int(self.n_order[kind])]]
            side = [int(self.sides[x // N_GROUPS, S_SIDE]) for x in slots]
            ranked = sorted(range(len(slots)), key=lambda q: (keys[q], side[q], q))
            for q, r in enumerate(ranked):
                strikers[kind, q] = divmod(slots[r], N_GROUPS)
            q = 0
            while q < len(ranked):
                hi = q
                while hi < len(ranked) and keys[ranked[hi]] == keys[ranked[q]]:
                    hi += 1
                mid = q + sum(1 for r in ranked[q:hi] if side[r] == 0)
                steps[kind, n_steps[kind]] = (q, mid, hi)
                n_steps[kind] += 1
                q = hi
        return strikers, steps, n_steps
