"""Sweeps: the combat odds of one matchup as parameters change.

A sweep varies parameters of unit A (the ``base``), of its opponent (unit B)
or of the fight, over a grid, and simulates one cell per grid point.
Built-in parameters (:data:`PARAMETERS`):

``models``, ``files``
    Unit A's size and frontage.
``points``
    Unit A bought to these points (:func:`~odds.listbuilding.sizing.buy`,
    with ``files`` and ``command`` if also swept); not with ``models``.
``opponent_points``
    Unit B bought to these points.
``charger``
    Who charges: ``"a"``, ``"b"`` or ``"none"``.
``command``
    Unit A's command group (``"full"``, ``"none"``, ``"standard+musician"``...).
``weapon``, ``shield``, ``armour``, ``barding``
    Unit A's equipment.
``M WS BS S T W I A Ld``
    Unit A's profile.
``opponent``
    Unit B itself (a unit spec, shown as given, or a Unit, shown by its name).
any other :class:`~odds.units.Unit` field
    (``ward_save``, ``regeneration``, ``special``...) set with ``replace``.

For anything else give ``apply(unit_a, unit_b, params) -> (unit_a, unit_b)``:
it receives every parameter except ``charger`` and builds the two units.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd

from odds import validation as v
from odds.listbuilding.cells import RESULT_COLUMNS, Cell, as_params
from odds.listbuilding.labels import check_lang, translate
from odds.listbuilding.lists import resolve_list
from odds.listbuilding.runner import run_cells
from odds.listbuilding.seeds import run_entropy
from odds.listbuilding.sizing import buy, command_group
from odds.rng import SeedLike
from odds.units import CHARACTERISTICS, Unit, unit_warnings

__all__ = ["PARAMETERS", "grid_points", "sweep", "sweep_units"]

_EQUIPMENT = ("weapon", "shield", "armour", "barding")
_UNIT_FIELDS = tuple(f.name for f in dataclasses.fields(Unit))
PARAMETERS = ("models", "files", "points", "opponent_points", "charger", "command", *_EQUIPMENT,
              *CHARACTERISTICS, "opponent",
              *(f for f in _UNIT_FIELDS if f not in ("models", "files", "profile", "equipment",
                                                      "command")))
"""Parameter names :func:`sweep` understands without an ``apply`` function."""

Apply = Callable[[Unit, Unit, dict[str, Any]], tuple[Unit, Unit]]


def grid_points(grid: Mapping[str, Sequence[Any]] | Sequence[Mapping[str, Any]],
                ) -> list[dict[str, Any]]:
    """The points of a grid: the product of a mapping of value lists, or explicit points."""
    if isinstance(grid, Mapping):
        if not grid:
            raise v.OddsInputError("grid: no parameters")
        names = list(grid)
        values = []
        for name in names:
            vals = grid[name]
            if isinstance(vals, (str, bytes)) or not isinstance(vals, Sequence) or not vals:
                raise v.OddsInputError(f"grid.{name}: must be a non-empty list of values "
                                       f"(got {vals!r})")
            values.append(list(vals))
        return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*values)]
    if isinstance(grid, Sequence) and not isinstance(grid, (str, bytes)) and grid:
        points = [dict(p) for p in grid if isinstance(p, Mapping)]
        if len(points) != len(grid):
            raise v.OddsInputError("grid: a list of points must hold mappings of parameter "
                                   "to value")
        return points
    raise v.OddsInputError(f"grid: must be a mapping of parameter to values or a list of "
                           f"points (got {grid!r})")


def _set(unit: Unit, opponent: Unit, params: dict[str, Any]) -> tuple[Unit, Unit]:
    """Apply the built-in parameters (everything but ``charger``)."""
    unknown = [k for k in params if k not in PARAMETERS]
    if unknown:
        raise v.OddsInputError(f"grid.{unknown[0]}: unknown parameter; give apply= for it, or "
                               f"use one of {', '.join(PARAMETERS)}")
    if "points" in params and "models" in params:
        raise v.OddsInputError("grid.points: cannot sweep both points and models")
    if "opponent" in params:
        (opponent,) = resolve_list([params["opponent"]], "grid.opponent")
    if "opponent_points" in params:
        opponent = buy(opponent, params["opponent_points"])
    cmd = command_group(unit, params.get("command", "keep"))
    if "points" in params:
        unit = buy(unit, params["points"], command=cmd, files=params.get("files"))
    else:
        changes: dict[str, Any] = {k: params[k] for k in ("models", "files") if k in params}
        unit = unit.replace(command=cmd, **changes)
    equipment = {k: params[k] for k in _EQUIPMENT if k in params}
    if equipment:
        unit = unit.replace(equipment=unit.equipment.replace(**equipment))
    profile = {k: params[k] for k in CHARACTERISTICS if k in params}
    if profile:
        unit = unit.replace(profile=unit.profile.replace(**profile))
    rest = {k: val for k, val in params.items() if k in _UNIT_FIELDS
            and k not in ("models", "files", "command")}
    if rest:
        unit = unit.replace(**rest)
    return unit, opponent


def sweep_units(base: Unit, opponent: Unit, params: dict[str, Any],
                apply: Apply | None = None) -> tuple[Unit, Unit, str | None]:
    """Units A and B and the charger (None: not swept) at one grid point."""
    rest = {k: val for k, val in params.items() if k != "charger"}
    if apply is not None:
        out = apply(base, opponent, dict(rest))
        if (not isinstance(out, tuple) or len(out) != 2
                or not all(isinstance(u, Unit) for u in out)):
            raise v.OddsInputError("apply: must return (unit_a, unit_b), two Units")
        a, b = out
    else:
        a, b = _set(base, opponent, rest)
    return a, b, params.get("charger")


def sweep(
    base: Any,
    grid: Mapping[str, Sequence[Any]] | Sequence[Mapping[str, Any]],
    *,
    opponent: Any,
    apply: Apply | None = None,
    charger: str = "a",
    points: float | None = None,
    trials: int = 20_000,
    seed: SeedLike = None,
    max_rounds: int = 10,
    client: Any = None,
    progress: bool | None = None,
    lang: str = "en",
) -> pd.DataFrame:
    """Combat odds of unit A against unit B over a grid of parameters.

    Parameters
    ----------
    base, opponent : Unit or unit spec
        Units A and B (one unit each).
    grid : mapping of str to list, or list of mappings
        ``{"models": [10, 15, 20], "charger": ["a", "b"]}`` sweeps the
        product; a list of ``{parameter: value}`` sweeps those points only.
        Parameters: see the module notes.
    apply : callable, optional
        ``apply(unit_a, unit_b, params) -> (unit_a, unit_b)`` for parameters
        that are not built in (receives all but ``charger``).
    charger : {"a", "b", "none"}
        Who charges where ``charger`` is not swept.
    points : float, optional
        Buy both units to these points before the grid is applied.
    trials, seed, max_rounds, client, progress, lang
        As for :func:`~odds.listbuilding.matrix.matchup_matrix`.

    Returns
    -------
    pandas.DataFrame
        One row per grid point: one column per parameter, then
        :data:`odds.listbuilding.cells.RESULT_COLUMNS`.
    """
    check_lang(lang)
    trials = v.trials(trials)
    max_rounds = v.integer("max_rounds", max_rounds, low=1, high=50)
    v.choice("charger", charger, ("a", "b", "none"))
    (a0,) = _single(base, "base")
    (b0,) = _single(opponent, "opponent")
    if points is not None:
        a0, b0 = buy(a0, points), buy(b0, points)
    if apply is not None and not callable(apply):
        raise v.OddsInputError(f"apply: must be callable (got {type(apply).__name__})")
    grid_list = grid_points(grid)
    cells = []
    for params in grid_list:
        a, b, who = sweep_units(a0, b0, params, apply)
        cells.append(Cell(a, b, charger if who is None else who, trials, max_rounds,
                          as_params(params)))
    entropy = run_entropy(seed)
    rows = run_cells(cells, entropy, client=client, progress=progress, desc="sweep")
    names = [k for k in dict.fromkeys(k for p in grid_list for k in p) if k not in RESULT_COLUMNS]
    table = pd.DataFrame(rows, columns=[*names, *RESULT_COLUMNS])
    table = translate(table, lang)
    table.attrs.update({"seed": entropy, "trials": trials, "lang": lang,
                        "warnings": unit_warnings([u for c in cells
                                                   for u in (c.unit_a, c.unit_b)])})
    return table


def _single(spec: Any, what: str) -> tuple[Unit]:
    units = resolve_list(spec, what)
    if len(units) != 1:
        raise v.OddsInputError(f"{what}: must be one unit (got {len(units)})")
    return (units[0],)
