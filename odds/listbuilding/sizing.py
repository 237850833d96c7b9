"""Equal-points sizing: as many models as the points buy.

A unit of ``n`` models with command group ``c`` costs
``n * points_per_model + points_per_unit + c.points`` (the command models
are upgraded rank-and-file models, so they count among the ``n``; the
per-unit part is what the unit's upgrades cost once for the whole unit; see
:attr:`odds.units.Unit.points`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from odds.units import Command, Unit
from odds.validation import OddsInputError, integer, number

__all__ = ["COMMAND_CHOICES", "buy", "command_group"]

COMMAND_CHOICES = ("keep", "full", "none")
"""Named command groups for :func:`buy`: the unit's own, all three, none."""

_PARTS = ("champion", "standard", "musician")
_EPS = 1e-9


def command_group(unit: Unit, command: Command | str | Iterable[str] = "keep") -> Command:
    """The command group a sized unit gets, with the unit's upgrade costs.

    Parameters
    ----------
    unit : Unit
        The unit (its ``command`` gives the upgrade costs).
    command : Command, {"keep", "full", "none"} or iterable of str
        A :class:`~odds.units.Command`, a named choice, or the parts wanted
        among ``champion``, ``standard``, ``musician`` (e.g.
        ``("standard", "musician")``).

    Returns
    -------
    Command
    """
    if isinstance(command, Command):
        return command
    if isinstance(command, str):
        if command == "keep":
            return unit.command
        if command in ("full", "none"):
            wanted = set(_PARTS) if command == "full" else set()
        else:
            parts = [p.strip() for p in command.split("+")]
            if not all(parts) or len(set(parts)) != len(parts):
                raise OddsInputError(
                    f"command: must be {', '.join(COMMAND_CHOICES)} or some of "
                    f"{', '.join(_PARTS)}, each once, joined by '+' (got {command!r})")
            wanted = set(parts)
    else:
        try:
            wanted = set(command)
        except TypeError:
            raise OddsInputError(f"command: must be a Command, one of {', '.join(COMMAND_CHOICES)}"
                                 f" or a list of {', '.join(_PARTS)} (got {command!r})") from None
    unknown = sorted(str(w) for w in wanted - set(_PARTS))
    if unknown:
        raise OddsInputError(f"command: unknown part(s) {', '.join(unknown)}; allowed: "
                             f"{', '.join(COMMAND_CHOICES)} or any of {', '.join(_PARTS)} "
                             f"joined by '+' (got {command!r})")
    return unit.command.replace(**{p: p in wanted for p in _PARTS})


def buy(unit: Unit, points: float, *, command: Command | str | Iterable[str] = "keep",
        files: int | None = None, min_models: int = 1, max_models: int | None = None) -> Unit:
    """The unit with as many models as ``points`` buys.

    Parameters
    ----------
    unit : Unit
        The unit to size; its ``points_per_model`` and command upgrade costs
        are used.
    points : float
        Points available, > 0.
    command : Command, {"keep", "full", "none"} or iterable of str
        Command group of the sized unit (see :func:`command_group`).
    files : int, optional
        Frontage (models per rank); default the unit's own.
    min_models : int
        Smallest size allowed (an army book's minimum unit size); the
        command models need at least one model each anyway.
    max_models : int, optional
        Largest size allowed (a catalogue entry's maximum: a monster or war
        machine is one model whatever the points).

    Returns
    -------
    Unit
        ``models`` is the largest ``n`` (at most ``max_models``) with
        ``n * points_per_model + points_per_unit + command points <= points``.

    Raises
    ------
    OddsInputError
        The unit's ``points_per_model`` is 0 (unknown), or not even the
        minimum size fits in ``points``.
    """
    if not isinstance(unit, Unit):
        raise OddsInputError(f"unit: must be a Unit (got {type(unit).__name__})")
    points = number("points", points, low=0.0, high=1_000_000.0)
    min_models = integer("min_models", min_models, low=1, high=1000)
    cmd = command_group(unit, command)
    files = unit.files if files is None else integer("files", files, low=1, high=100)
    ppm = unit.points_per_model
    if ppm <= 0:
        raise OddsInputError(f"points_per_model: {unit.name!r} has no points per model (0 = "
                             "unknown), so it cannot be sized to points")
    least = max(min_models, cmd.champion + cmd.standard + cmd.musician)
    once = unit.points_per_unit + cmd.points
    n = math.floor((points - once) / ppm + _EPS)
    if n < least:
        need = least * ppm + once
        raise OddsInputError(f"points: {points:g} do not buy {unit.name!r}: {least} model(s) at "
                             f"{ppm:g} points plus {once:g} for the command group and the "
                             f"unit's upgrades cost {need:g}")
    if max_models is not None:
        n = min(n, integer("max_models", max_models, low=1, high=1000))
    if n > 1000:
        raise OddsInputError(f"points: {points:g} buy {n} models of {unit.name!r}; at most 1000")
    return unit.replace(models=n, files=min(files, n), command=cmd)
