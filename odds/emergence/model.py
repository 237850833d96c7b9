"""The emergence scenario: table, marker, units and terrain (immutable inputs).

Geometry conventions (used everywhere in :mod:`odds.emergence`)
---------------------------------------------------------------
* Distances in cm.  The origin is the table's lower-left corner: ``x`` runs
  along the width (``0..width``), ``y`` along the depth (``0..depth``).
* A footprint is a rectangle given by its centre ``(x, y)``, its ``width``
  (the frontage) and ``depth``, and its facing ``angle`` in degrees,
  counter-clockwise, with ``0`` = facing ``+y`` (towards the far table edge),
  ``90`` = facing ``-x``, ``180`` = facing ``-y`` (towards the near edge).
* The table and every footprint are **closed** sets: a point exactly on a
  table edge is on the table, a point exactly on a unit's edge is under it.
* Sides of a unit: ``front`` is the side it faces, ``rear`` the opposite one,
  ``flank`` either of the other two.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from odds import validation as v
from odds import vocabulary

SIDES: tuple[str, ...] = ("enemy", "friend")
"""Allegiance of a unit, seen from the player whose unit emerges."""

FACES: tuple[str, ...] = vocabulary.FACES
"""The sides of an enemy unit the emerging unit can land against."""

SCALES: dict[float, str] = {2.5: "5..25 cm", 2.0: "4..20 cm", 1.0: "2..10 cm"}
"""Artillery-die scales (cm per inch of the face) and what they give (RULES.md §6.2)."""

KIND_ENEMY, KIND_FRIEND, KIND_IMPASSABLE = 0, 1, 2


MAX_TABLE = 2000.0
"""Largest table side accepted, in cm (20 m; a club table is 180 x 120)."""


@dataclass(frozen=True)
class Table:
    """The playing surface, ``width`` x ``depth`` cm (default 180 x 120)."""

    width: float = 180.0
    depth: float = 120.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "width", v.number("table.width", self.width, low=1.0,
                                                   high=MAX_TABLE))
        object.__setattr__(self, "depth", v.number("table.depth", self.depth, low=1.0,
                                                   high=MAX_TABLE))

    def contains(self, x: float, y: float) -> bool:
        """Whether ``(x, y)`` is on the table (edges included)."""
        return 0.0 <= x <= self.width and 0.0 <= y <= self.depth


@dataclass(frozen=True)
class Rect:
    """A rotated rectangle: centre, width (frontage), depth and facing angle (degrees)."""

    x: float
    y: float
    width: float
    depth: float
    angle: float = 0.0

    def corners(self) -> np.ndarray:
        """The four corners (front-left, front-right, rear-right, rear-left), shape (4, 2)."""
        th = math.radians(self.angle)
        eu = np.array([math.cos(th), math.sin(th)])  # towards the unit's right flank
        ev = np.array([-math.sin(th), math.cos(th)])  # towards its front
        a, b = self.width / 2, self.depth / 2
        c = np.array([self.x, self.y])
        return np.array([c - a * eu + b * ev, c + a * eu + b * ev, c + a * eu - b * ev,
                         c - a * eu - b * ev])


@dataclass(frozen=True)
class Unit:
    """A unit on the table: a name, a side (``enemy`` or ``friend``) and its footprint."""

    name: str
    side: str
    footprint: Rect


@dataclass(frozen=True)
class Terrain:
    """Impassable terrain: a name and a rectangular footprint."""

    name: str
    footprint: Rect


@dataclass(frozen=True)
class Scenario:
    """Everything fixed about one emergence.

    Attributes
    ----------
    table : Table
        The table.
    marker : tuple of float
        Where the owner places the marker (must be on the table).
    units : tuple of Unit
        Units on the table, enemy and friendly.
    terrain : tuple of Terrain
        Impassable terrain pieces.
    scale : float
        Artillery-die scale: 2.5 (5..25 cm, default), 2 (4..20 cm) or 1 (2..10 cm).
    enemy_marker : tuple of float or None
        Where the enemy puts the marker on a misfire 5-6; ``None`` = the default
        policy (:meth:`enemy_marker_point`).
    target : str or None
        Name of the enemy unit the player wants to hit (placement map, charge check).
    move : float or None
        The emerging unit's Movement in cm; enables the charge-reach check
        (a clear landing within ``2 * move`` of the target).
    """

    table: Table = field(default_factory=Table)
    marker: tuple[float, float] | None = None
    units: tuple[Unit, ...] = ()
    terrain: tuple[Terrain, ...] = ()
    scale: float = 2.5
    enemy_marker: tuple[float, float] | None = None
    target: str | None = None
    move: float | None = None

    @property
    def enemies(self) -> tuple[Unit, ...]:
        """The enemy units, in scenario order (their index in the kernels)."""
        return tuple(u for u in self.units if u.side == "enemy")

    def marker_point(self) -> tuple[float, float]:
        """The marker, defaulting to the centre of the table."""
        if self.marker is None:
            return (self.table.width / 2, self.table.depth / 2)
        return self.marker

    def enemy_marker_point(self) -> tuple[float, float]:
        """Where the enemy places the marker on a misfire 5-6.

        The user-given ``enemy_marker`` if any; otherwise the default policy: the
        table corner farthest from the enemy's own units (the one maximising the
        smallest distance to an enemy unit's centre), or, with no enemy units, the
        corner farthest from the owner's marker.  Ties go to the first corner in
        the order (0, 0), (W, 0), (0, D), (W, D).
        """
        if self.enemy_marker is not None:
            return self.enemy_marker
        w, d = self.table.width, self.table.depth
        corners = [(0.0, 0.0), (w, 0.0), (0.0, d), (w, d)]
        refs = [(u.footprint.x, u.footprint.y) for u in self.enemies] or [self.marker_point()]
        score = [min(math.hypot(cx - rx, cy - ry) for rx, ry in refs) for cx, cy in corners]
        return corners[int(np.argmax(score))]

    def arrays(self) -> tuple[np.ndarray, np.ndarray, int]:
        """Kernel geometry: ``(rects, kinds, n_enemy)``.

        ``rects`` is float64 ``(n, 5)``: centre x, centre y, width, depth, angle
        (degrees); ``kinds`` int64 (0 enemy, 1 friend, 2 impassable).  Enemy units
        come first, in scenario order, so rectangle ``i < n_enemy`` is enemy ``i``;
        a point under several footprints takes the first one.
        """
        rows, kinds = [], []
        for kind, items in ((KIND_ENEMY, self.enemies),
                            (KIND_FRIEND, [u for u in self.units if u.side == "friend"]),
                            (KIND_IMPASSABLE, self.terrain)):
            for item in items:
                f = item.footprint
                rows.append((f.x, f.y, f.width, f.depth, f.angle))
                kinds.append(kind)
        rects = np.array(rows, dtype=np.float64).reshape(-1, 5)
        return rects, np.array(kinds, dtype=np.int64), len(self.enemies)


# --------------------------------------------------------------------------
# validation and loading
# --------------------------------------------------------------------------


def _point(name: str, value: Any, table: Table) -> tuple[float, float]:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise v.OddsInputError(f"{name}: must be a pair x, y in cm (got {value!r})")
    x = v.number(f"{name}.x", value[0], low=0.0, high=table.width)
    y = v.number(f"{name}.y", value[1], low=0.0, high=table.depth)
    return (x, y)


def _rect(name: str, d: dict[str, Any]) -> Rect:
    return Rect(
        x=v.number(f"{name}.x", d.get("x"), low=None),
        y=v.number(f"{name}.y", d.get("y"), low=None),
        width=_positive(f"{name}.width", d.get("width")),
        depth=_positive(f"{name}.depth", d.get("depth")),
        angle=v.number(f"{name}.angle", d.get("angle", 0.0), low=-360.0, high=360.0),
    )


def _positive(name: str, value: Any) -> float:
    x = v.number(name, value, low=0.0, high=MAX_TABLE)
    if x <= 0.0:
        raise v.OddsInputError(f"{name}: must be a number > 0 (got {value!r})")
    return x


def _check_keys(name: str, d: Any, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(d, dict):
        raise v.OddsInputError(f"{name}: must be a table of keys (got {type(d).__name__})")
    extra = sorted(set(d) - allowed)
    if extra:
        raise v.OddsInputError(
            f"{name}.{extra[0]}: unknown key (allowed: {', '.join(sorted(allowed))})")
    return d


_RECT_KEYS = {"name", "x", "y", "width", "depth", "angle"}


def make_scenario(
    *,
    table: Table | tuple[float, float] = (180.0, 120.0),
    marker: tuple[float, float] | None = None,
    units: list[Unit] | tuple[Unit, ...] | list[dict[str, Any]] = (),
    terrain: list[Terrain] | tuple[Terrain, ...] | list[dict[str, Any]] = (),
    scale: float = 2.5,
    enemy_marker: tuple[float, float] | None = None,
    target: str | None = None,
    move: float | None = None,
) -> Scenario:
    """Build and validate a :class:`Scenario` (units/terrain as objects or dicts).

    Raises
    ------
    odds.validation.OddsInputError
        With a one-line message naming the offending field.
    """
    if not isinstance(table, Table):
        if not isinstance(table, (tuple, list)) or len(table) != 2:
            raise v.OddsInputError(f"table: must be width x depth in cm (got {table!r})")
        table = Table(*table)
    mk = None if marker is None else _point("marker", marker, table)
    em = None if enemy_marker is None else _point("enemy_marker", enemy_marker, table)
    sc = v.number("scale", scale, low=None)
    if sc not in SCALES:
        raise v.OddsInputError(f"scale: must be one of 2.5, 2, 1 (got {scale!r})")
    us: list[Unit] = []
    for i, u in enumerate(units):
        if isinstance(u, dict):
            nm = f"units[{i}]"
            _check_keys(nm, u, _RECT_KEYS | {"side"})
            side = v.choice(f"{nm}.side", u.get("side", "enemy"), SIDES)
            u = Unit(str(u.get("name", f"unit{i + 1}")), side, _rect(nm, u))
        us.append(u)
    ts: list[Terrain] = []
    for i, t in enumerate(terrain):
        if isinstance(t, dict):
            nm = f"terrain[{i}]"
            _check_keys(nm, t, _RECT_KEYS)
            t = Terrain(str(t.get("name", f"terrain{i + 1}")), _rect(nm, t))
        ts.append(t)
    for kind, items in (("units", us), ("terrain", ts)):
        for i, item in enumerate(items):
            f = item.footprint
            if not table.contains(f.x, f.y):
                raise v.OddsInputError(
                    f"{kind}[{i}]: {item.name!r} is off the table: its centre ({f.x:g}, {f.y:g})"
                    f" must lie in [0, {table.width:g}] x [0, {table.depth:g}] cm")
    names = [u.name for u in us]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise v.OddsInputError(f"units.name: names must be unique ({dup[0]!r} repeats)")
    if target is not None:
        enemy_names = [u.name for u in us if u.side == "enemy"]
        if target not in enemy_names:
            raise v.OddsInputError(
                f"target: must name an enemy unit ({', '.join(enemy_names) or 'none'}) "
                f"(got {target!r})")
    mv = None if move is None else _positive("move", move)
    return Scenario(table=table, marker=mk, units=tuple(us), terrain=tuple(ts), scale=sc,
                    enemy_marker=em, target=target, move=mv)


_DECIMAL = re.compile(r"\s*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*")


def _decimal(text: str) -> float:
    """A plain decimal number in ASCII digits (no ``inf``, ``1e999``, ``１２０``)."""
    if len(text) > 30 or not _DECIMAL.fullmatch(text):
        raise ValueError(text)
    return float(text)


def parse_table(text: str) -> tuple[float, float]:
    """Parse ``"180x120"`` into ``(180.0, 120.0)``."""
    parts = text.lower().replace("×", "x").split("x")
    try:
        w, d = (_decimal(p) for p in parts)
    except ValueError:
        raise v.OddsInputError(f"table: must be WIDTHxDEPTH in cm, e.g. 180x120 (got {text!r})"
                               ) from None
    return w, d


def localised(s: Scenario, lang: str) -> Scenario:
    """``s`` with the built-in data's names in ``lang`` (:func:`odds.i18n.data_name`).

    The example files are written in English; with ``lang="es"`` their units,
    terrain and target read in MDNR Spanish everywhere the
    answer shows them (tables, headline, JSON, pictures).  A player's own
    names are kept.
    """
    from dataclasses import replace

    from odds.i18n import data_name

    return replace(
        s, units=tuple(replace(u, name=data_name(u.name, lang)) for u in s.units),
        terrain=tuple(replace(t, name=data_name(t.name, lang)) for t in s.terrain),
        target=None if s.target is None else data_name(s.target, lang))


def parse_point(name: str, text: str) -> tuple[float, float]:
    """Parse ``"120,90"`` into ``(120.0, 90.0)``."""
    try:
        x, y = (_decimal(p) for p in text.split(","))
    except ValueError:
        raise v.OddsInputError(f"{name}: must be X,Y in cm, e.g. 90,60 (got {text!r})") from None
    return x, y


_TOP_KEYS = {"table", "marker", "units", "terrain", "scale", "enemy_marker", "target", "move",
             "description"}


def load_scenario(path: str | Path, **overrides: Any) -> Scenario:
    """Read a scenario TOML file (see ``odds/examples/emergence_*.toml``).

    Top-level keys: ``description``, ``table = [w, d]`` (or ``{width, depth}``),
    ``marker = [x, y]``, ``scale``, ``enemy_marker = [x, y]``, ``target``, ``move``,
    and arrays of tables ``[[units]]`` (``name, side, x, y, width, depth, angle``)
    and ``[[terrain]]`` (``name, x, y, width, depth, angle``).  Keyword
    ``overrides`` that are not ``None`` replace the file's values.

    Raises
    ------
    odds.validation.OddsInputError
        Unreadable, empty or malformed file, unknown keys, a description that
        is not a string, or bad values.
    """
    data = v.read_toml(path, "scenario")
    if not data:
        raise v.OddsInputError(f"scenario: {str(path)!r} holds no settings; give at least "
                               "table, marker and [[units]] (see odds/examples/emergence_*.toml)")
    _check_keys("scenario", data, _TOP_KEYS)
    if not isinstance(data.get("description", ""), str):
        raise v.OddsInputError(f"description: must be a text in quotes "
                               f"(got {data['description']!r})")
    kw: dict[str, Any] = {k: data[k] for k in _TOP_KEYS - {"description"} if k in data}
    if isinstance(kw.get("table"), dict):
        t = _check_keys("table", kw["table"], {"width", "depth"})
        kw["table"] = (t.get("width", 180.0), t.get("depth", 120.0))
    for key in ("units", "terrain"):
        if key in kw and not isinstance(kw[key], list):
            raise v.OddsInputError(f"{key}: must be an array of tables [[{key}]]")
    kw.update({k: val for k, val in overrides.items() if val is not None})
    return make_scenario(**kw)


def example_path(name: str = "emergence_ambush") -> Path:
    """Path of an example scenario shipped in ``odds/examples``."""
    return Path(str(resources.files("odds") / "examples" / f"{name}.toml"))
