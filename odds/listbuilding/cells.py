"""One cell of a matrix or sweep: a two-unit combat and its summary row.

A cell is unit A against unit B with a given charger, fought to a result
(:func:`odds.combat.fight`'s engine, through :func:`odds.combat.api.simulate`
to skip the per-call tables a matrix does not need).  Unit A is always the
engine's ``attacker`` side and unit B its ``defender``; ``charger`` says who
charged: ``"a"``, ``"b"`` or ``"none"``.

Summary columns (:data:`RESULT_COLUMNS`)
----------------------------------------
``p_a_wins`` / ``p_b_wins``
    P(the other unit is destroyed, caught or flees the combat broken).
``p_unresolved``
    P(still fighting after ``max_rounds``).
``p_no_combat``
    P(the charge never struck home: the charger failed its fear or terror
    test, RULES.md §3.3).  With the three above it sums to 1.
``p_fled_at_charge``
    P(the charged unit fled at the charge instead of holding, RULES.md
    §3.3); counted in the charger's wins (caught or escaped).
``p_a_destroyed``, ``p_a_caught``, ``p_a_flees`` (and ``p_b_*``)
    How a unit's combat ended when it lost.
``margin``
    Mean first-round combat result, A's score minus B's (before the
    musician tie-break), over the trials that fought a round.
``casualties_a`` / ``casualties_b``
    Mean models the unit lost by the end (a caught or destroyed unit loses
    all; a unit that fled keeps its survivors).
``margin_sd``, ``casualties_a_sd``, ``casualties_b_sd``
    Standard deviations of the same over the trials (the standard error
    of a mean is the deviation over the square root of ``trials``).
``approximated``
    Whether either unit's import ignored or approximated any of its rules
    (its warning says which): the cell's odds are then approximate.
``casualties_points_a`` / ``casualties_points_b``
    The same in points (models lost × points per model; command upgrades
    not counted).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from odds import validation as v
from odds.combat.api import simulate
from odds.combat.model import CombatOptions, build
from odds.listbuilding.lists import approximated
from odds.listbuilding.seeds import cell_key, cell_seed
from odds.rng import resolve_seed
from odds.units import Unit
from odds.validation import OddsInputError

__all__ = ["CHARGERS", "ENGINE_CHARGER", "RESULT_COLUMNS", "Cell", "evaluate"]

CHARGERS = ("a", "b", "none")
"""Who charged in a cell."""

ENGINE_CHARGER = {"a": "attacker", "b": "defender", "none": "none"}
"""A cell's charger as the combat engine's ``charger`` (A is the attacker side)."""

RESULT_COLUMNS = (
    "unit_a", "unit_b", "charger", "points_a", "points_b", "models_a", "models_b",
    "p_a_wins", "p_b_wins", "p_unresolved", "p_no_combat",
    "p_a_destroyed", "p_a_caught", "p_a_flees", "p_b_destroyed", "p_b_caught", "p_b_flees",
    "p_fled_at_charge",
    "margin", "casualties_a", "casualties_b", "casualties_points_a", "casualties_points_b",
    "margin_sd", "casualties_a_sd", "casualties_b_sd",
    "approximated", "trials",
)
"""Columns of a cell's summary row, in order (parameter columns of a sweep go first)."""


@dataclass(frozen=True)
class Cell:
    """One combat to simulate.

    Attributes
    ----------
    unit_a, unit_b : Unit
        The two units (A is the engine's attacker side).
    charger : {"a", "b", "none"}
        Who charged.
    trials, max_rounds : int
        Combats to simulate; rounds before a combat counts as unresolved.
    params : tuple of (str, object)
        Extra columns and key fields (a sweep's parameter values).
    """

    unit_a: Unit
    unit_b: Unit
    charger: str
    trials: int
    max_rounds: int = 10
    params: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "trials", v.trials(self.trials))
        object.__setattr__(self, "max_rounds",
                           v.integer("max_rounds", self.max_rounds, low=1, high=50))
        if self.charger not in CHARGERS:
            raise OddsInputError(f"charger: must be one of {', '.join(CHARGERS)} "
                                 f"(got {self.charger!r})")

    @property
    def key(self) -> str:
        """The cell's seed key: unit names, charger and the parameter values."""
        fields: dict[str, Any] = {"unit_a": self.unit_a.name, "unit_b": self.unit_b.name,
                                  "charger": self.charger}
        fields.update({f"param:{k}": v for k, v in self.params})
        return cell_key(fields)

    def options(self) -> CombatOptions:
        """The engine's combat options for this cell."""
        return CombatOptions(charger=ENGINE_CHARGER[self.charger], max_rounds=self.max_rounds)


def _mean(hist: np.ndarray, trials: int, offset: int = 0) -> float:
    values = np.arange(hist.size, dtype=np.float64) - offset
    return float(values @ hist) / trials


def _sd(hist: np.ndarray) -> float:
    """Standard deviation of a histogram's values (0 for fewer than two counts)."""
    total = float(hist.sum())
    if total < 2:
        return 0.0
    values = np.arange(hist.size, dtype=np.float64)
    mean = float(values @ hist) / total
    return float(np.sqrt(max(0.0, float((values - mean) ** 2 @ hist) / total)))


def evaluate(cell: Cell, entropy: int) -> dict[str, Any]:
    """Simulate one cell with its derived seed; its summary row.

    Parameters
    ----------
    cell : Cell
    entropy : int
        The run's entropy (:func:`odds.listbuilding.seeds.run_entropy`).

    Returns
    -------
    dict
        The cell's parameters, then :data:`RESULT_COLUMNS`.
    """
    a, b, n = cell.unit_a, cell.unit_b, v.trials(cell.trials)
    model = build(a, b, None, None, cell.options())
    key = resolve_seed(cell_seed(entropy, cell.key)).key
    sim = simulate(model, n, key)
    o = sim["outcome"]  # a wiped, caught, escaped; b wiped, caught, escaped; unresolved
    lost_a = a.models - _mean(sim["surv"][0], n)
    lost_b = b.models - _mean(sim["surv"][1], n)
    row: dict[str, Any] = dict(cell.params)
    row.update({
        "unit_a": a.name, "unit_b": b.name, "charger": cell.charger,
        "points_a": a.points, "points_b": b.points, "models_a": a.models, "models_b": b.models,
        "p_a_wins": int(o[3:6].sum()) / n, "p_b_wins": int(o[0:3].sum()) / n,
        "p_unresolved": int(o[6]) / n, "p_no_combat": int(o[7]) / n,
        "p_a_destroyed": int(o[0]) / n, "p_a_caught": int(o[1]) / n, "p_a_flees": int(o[2]) / n,
        "p_b_destroyed": int(o[3]) / n, "p_b_caught": int(o[4]) / n, "p_b_flees": int(o[5]) / n,
        "p_fled_at_charge": int(sim["charge"][1]) / n,
        "margin": _mean(sim["margin"], max(1, n - int(sim["rounds"][0])), sim["margin_offset"]),
        "casualties_a": lost_a, "casualties_b": lost_b,
        "casualties_points_a": lost_a * a.points_per_model,
        "casualties_points_b": lost_b * b.points_per_model,
        "margin_sd": _sd(sim["margin"]),
        "casualties_a_sd": _sd(sim["surv"][0]), "casualties_b_sd": _sd(sim["surv"][1]),
        "approximated": approximated(a) or approximated(b),
        "trials": n,
    })
    return row


def as_params(params: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Parameter values as a cell's ``params`` (Units by name)."""
    return tuple((k, v.name if isinstance(v, Unit) else v) for k, v in params.items())
