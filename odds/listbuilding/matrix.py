"""Matchup matrix: every unit of list A against every unit of list B."""

from __future__ import annotations

from typing import Any

import pandas as pd

from odds import validation as v
from odds.listbuilding.cells import RESULT_COLUMNS, Cell
from odds.listbuilding.labels import check_lang, translate
from odds.listbuilding.lists import ArmyList, approximated, read_list
from odds.listbuilding.runner import run_cells
from odds.listbuilding.seeds import run_entropy
from odds.listbuilding.sizing import buy
from odds.rng import SeedLike
from odds.units import Unit, unit_warnings
from odds.validation import OddsInputError

__all__ = ["CHARGER_CHOICES", "chargers_of", "field_list", "matchup_cells", "matchup_matrix",
           "size_list"]

CHARGER_CHOICES = ("both", "a", "b", "none")
"""``charger`` of a matrix: ``both`` gives one row with A charging and one with B charging."""


def chargers_of(charger: str) -> tuple[str, ...]:
    """The cell chargers a matrix ``charger`` choice stands for."""
    v.choice("charger", charger, CHARGER_CHOICES)
    return ("a", "b") if charger == "both" else (charger,)


def size_list(units: tuple[Unit, ...], points: float | None, command: Any = "keep",
              ) -> tuple[Unit, ...]:
    """Each unit bought to ``points`` (:func:`~odds.listbuilding.sizing.buy`); None keeps them."""
    if points is None:
        return units
    return tuple(buy(u, points, command=command) for u in units)


def field_list(spec: Any, what: str, points: float | None = None, command: Any = "keep",
               strict: bool = False) -> tuple[tuple[Unit, ...], list[str]]:
    """The units of a list as they fight, and a note per unit left out.

    Parameters
    ----------
    spec : list spec
        See :mod:`odds.listbuilding.lists`.
    what : str
        The argument's name, for messages (``list_a``).
    points, command
        As for :func:`size_list`.
    strict : bool
        Refuse a unit whose import ignored or approximated rules
        (:func:`~odds.listbuilding.lists.approximated`), naming it.

    Returns
    -------
    (tuple of Unit, list of str)
        Units of a whole catalogue that cannot be bought to ``points`` or
        that ``strict`` refuses are left out (noted) instead of refused.
    """
    army: ArmyList = read_list(spec, what)
    notes = [f"{what}: left out {n}" for n in army.left_out]
    units = []
    for u in army.units:
        try:
            if strict and approximated(u):
                raise OddsInputError(
                    f"{what}: {u.name!r} has rules the engine ignores or approximates "
                    f"({u.warning.split(': ', 1)[-1]}); --strict refuses it")
            units.append(u if points is None else buy(u, points, command=command,
                                                      max_models=army.max_models.get(u.name)))
        except OddsInputError as exc:
            if u.name not in army.optional:
                raise
            notes.append(f"{what}: left out {u.name}: {str(exc).split(': ', 1)[-1]}")
    if not units:
        raise OddsInputError(f"{what}: no unit of the list can be fielded"
                             + (f" at {points:g} points" if points is not None else ""))
    return tuple(units), notes


def matchup_cells(units_a: tuple[Unit, ...], units_b: tuple[Unit, ...], chargers: tuple[str, ...],
                  trials: int, max_rounds: int) -> list[Cell]:
    """The cells of a matrix, row by row (unit A, then unit B, then charger)."""
    return [Cell(a, b, c, trials, max_rounds) for a in units_a for b in units_b for c in chargers]


def matchup_matrix(
    list_a: Any,
    list_b: Any,
    *,
    points: float | None = None,
    trials: int = 20_000,
    seed: SeedLike = None,
    charger: str = "both",
    max_rounds: int = 10,
    command: Any = "keep",
    client: Any = None,
    progress: bool | None = None,
    lang: str = "en",
    strict: bool = False,
) -> pd.DataFrame:
    """Full-combat odds of every unit of list A against every unit of list B.

    Parameters
    ----------
    list_a, list_b : list spec
        Roster path, unit specs (a sequence or a comma-separated string),
        Units (see :mod:`odds.listbuilding.lists`).
    points : float, optional
        Size every unit to these points (:func:`~odds.listbuilding.sizing.buy`,
        keeping its frontage); None fights the units as given.
    trials : int
        Combats per cell.
    seed : int, SeedSequence, Generator or None
        The run's seed; each cell's seed derives from it and the cell's key
        (:mod:`odds.listbuilding.seeds`), so the result is the same locally
        and on Dask.  ``None`` draws one (kept in ``table.attrs["seed"]``).
    charger : {"both", "a", "b", "none"}
        Who charges: ``both`` gives each pair twice, A charging and B charging.
    max_rounds : int
        Rounds before a combat counts as unresolved.
    command : Command, {"keep", "full", "none"} or parts
        Command group of units sized to ``points``.
    client : distributed.Client, optional
        Run the cells on this Dask cluster (one task per batch of cells).
    progress : bool or None
        Progress bar on stderr; None shows it only for long runs.
    lang : {"en", "es"}
        Column labels and values (``"es"``: MDNR Spanish terms).
    strict : bool
        Refuse units whose rules the engine ignores or approximates (see
        :func:`field_list`).

    Returns
    -------
    pandas.DataFrame
        One row per (unit A, unit B, charger), columns
        :data:`odds.listbuilding.cells.RESULT_COLUMNS` (see there); ``attrs``
        holds ``seed``, ``trials``, ``points``, ``charger``, ``lang``,
        ``warnings``, ``left_out`` (units of a whole catalogue left out) and
        ``approximated_units`` (names of the units whose import ignored or
        approximated rules).
    """
    check_lang(lang)
    trials = v.trials(trials)
    max_rounds = v.integer("max_rounds", max_rounds, low=1, high=50)
    chargers = chargers_of(charger)
    if points is not None:
        points = v.number("points", points, low=0.0, high=1_000_000.0)
    units_a, left_a = field_list(list_a, "list_a", points, command, strict)
    units_b, left_b = field_list(list_b, "list_b", points, command, strict)
    entropy = run_entropy(seed)
    cells = matchup_cells(units_a, units_b, chargers, trials, max_rounds)
    rows = run_cells(cells, entropy, client=client, progress=progress, desc="matchups")
    table = translate(pd.DataFrame(rows, columns=list(RESULT_COLUMNS)), lang)
    table.attrs.update({"seed": entropy, "trials": trials, "points": points,
                        "charger": charger, "lang": lang,
                        "warnings": unit_warnings([*units_a, *units_b]),
                        "left_out": [*left_a, *left_b],
                        "approximated_units": [u.name for u in (*units_a, *units_b)
                                               if approximated(u)]})
    return table

