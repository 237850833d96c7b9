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
    Unit A's equipment.  When unit A is a catalogue spec
    (``FILE.cat:Name?...``), the unit is rebuilt with the catalogue's option
    that gives it (``weapon=great_weapon``: the entry's "Arma a dos manos"),
    so its points pay for the upgrade and, at equal points, fewer models are
    fielded.  Any other unit A has no upgrade prices: sweeping its
    equipment together with points is refused.
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
from dataclasses import dataclass
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

__all__ = ["PARAMETERS", "Priced", "grid_points", "priced", "sweep", "sweep_units"]

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
            seen = [x.name if isinstance(x, Unit) else repr(x) for x in vals]
            twice = next((x for i, x in enumerate(seen) if x in seen[:i]), None)
            if twice is not None:  # the same grid point fought twice, reported as two
                raise v.OddsInputError(f"grid.{name}: each value once; {twice} is given twice")
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


@dataclass(frozen=True)
class Priced:
    """Unit A's catalogue entry and spec options: equipment changes bought at their price.

    Attributes
    ----------
    entry : odds.battlescribe.catalogue.UnitEntry
    kwargs : dict
        The spec's ``UnitEntry.unit`` arguments (size, command, upgrades).
    """

    entry: Any
    kwargs: dict[str, Any]

    def option_for(self, base: Unit, name: str, value: Any) -> str | None:
        """The entry's option that gives ``name=value`` (None: the base unit has it)."""
        if getattr(base.equipment, name) == value:
            return None
        for option in self.entry.options:
            try:
                unit = self._build([option])
            except v.OddsInputError:
                continue
            if getattr(unit.equipment, name) == value:
                return option
        raise v.OddsInputError(f"grid.{name}: no option of {self.entry.name!r} gives "
                               f"{name}={value!r}; its options: {', '.join(self.entry.options)}")

    def equip(self, base: Unit, equipment: Mapping[str, Any]) -> Unit:
        """``base`` rebuilt from the entry with the options ``equipment`` asks for."""
        picked = [self.option_for(base, k, val) for k, val in equipment.items()]
        unit = self._build([o for o in picked if o is not None])
        return unit.replace(name=base.name, models=base.models, files=base.files,
                            command=base.command)

    def _build(self, options: Sequence[str]) -> Unit:
        ups = (*self.kwargs.get("upgrades", ()), *options)
        return self.entry.unit(**{**self.kwargs, "upgrades": ups})


def priced(spec: Any) -> Priced | None:
    """The :class:`Priced` of a catalogue spec string; None for anything else."""
    from odds.battlescribe.spec import entry_from_spec, is_catalogue_spec

    if not is_catalogue_spec(spec):
        return None
    entry, kwargs = entry_from_spec(spec)
    return Priced(entry, kwargs)


def _equip(unit: Unit, equipment: dict[str, Any], pricing: Priced | None,
           pays: bool) -> Unit:
    """Unit A with ``equipment``: rebuilt at its price, or refused when points matter."""
    if pricing is not None:
        return pricing.equip(unit, equipment)
    changed = [(k, val) for k, val in equipment.items() if getattr(unit.equipment, k) != val]
    if pays and changed:
        name, value = changed[0]
        raise v.OddsInputError(
            f"grid.{name}: {unit.name!r} is not a catalogue unit, so the cost of {name}="
            f"{value!r} is unknown and equal points would field as many models with it as "
            "without; give unit A as FILE.cat:Name to sweep equipment at equal points")
    return unit.replace(equipment=unit.equipment.replace(**equipment))


def _set(unit: Unit, opponent: Unit, params: dict[str, Any], pricing: Priced | None = None,
         points: float | None = None) -> tuple[Unit, Unit]:
    """Apply the built-in parameters (everything but ``charger``).

    ``pricing`` prices equipment changes; ``points`` is the sweep's own
    points, to which unit A is bought again after a priced equipment change.
    """
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
    equipment = {k: params[k] for k in _EQUIPMENT if k in params}
    if equipment:
        pays = "points" in params or (points is not None and "models" not in params)
        unit = _equip(unit, equipment, pricing, pays)
        if points is not None and "points" not in params and "models" not in params:
            params = {**params, "points": points}
    cmd = command_group(unit, params.get("command", "keep"))
    if "points" in params:
        unit = buy(unit, params["points"], command=cmd, files=params.get("files"))
    else:
        changes: dict[str, Any] = {k: params[k] for k in ("models", "files") if k in params}
        unit = unit.replace(command=cmd, **changes)
    profile = {k: params[k] for k in CHARACTERISTICS if k in params}
    if profile:
        unit = unit.replace(profile=unit.profile.replace(**profile))
    rest = {k: val for k, val in params.items() if k in _UNIT_FIELDS
            and k not in ("models", "files", "command")}
    if rest:
        unit = unit.replace(**rest)
    return unit, opponent


def sweep_units(base: Unit, opponent: Unit, params: dict[str, Any],
                apply: Apply | None = None, pricing: Priced | None = None,
                points: float | None = None) -> tuple[Unit, Unit, str | None]:
    """Units A and B and the charger (None: not swept) at one grid point.

    ``pricing`` and ``points``: see :func:`_set`.
    """
    rest = {k: val for k, val in params.items() if k != "charger"}
    if apply is not None:
        out = apply(base, opponent, dict(rest))
        if (not isinstance(out, tuple) or len(out) != 2
                or not all(isinstance(u, Unit) for u in out)):
            raise v.OddsInputError("apply: must return (unit_a, unit_b), two Units")
        a, b = out
    else:
        a, b = _set(base, opponent, rest, pricing, points)
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
    pricing = priced(base)
    cells = []
    for params in grid_list:
        a, b, who = sweep_units(a0, b0, params, apply, pricing, points)
        cells.append(Cell(a, b, charger if who is None else who, trials, max_rounds,
                          as_params(params)))
    entropy = run_entropy(seed)
    rows = run_cells(cells, entropy, client=client, progress=progress, desc="sweep")
    names = [k for k in dict.fromkeys(k for p in grid_list for k in p) if k not in RESULT_COLUMNS]
    table = pd.DataFrame(rows, columns=[*names, *RESULT_COLUMNS])
    table = translate(table, lang)
    table.attrs.update({"seed": entropy, "trials": trials, "lang": lang,
                        "params": list(dict.fromkeys(k for p in grid_list for k in p)),
                        "warnings": unit_warnings([u for c in cells
                                                   for u in (c.unit_a, c.unit_b)])})
    return table


def _single(spec: Any, what: str) -> tuple[Unit]:
    units = resolve_list(spec, what)
    if len(units) != 1:
        raise v.OddsInputError(f"{what}: must be one unit (got {len(units)})")
    return (units[0],)
