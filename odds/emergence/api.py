"""Public entry points: exact arrival odds, the emergence simulation, the placement map."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from odds import validation as v
from odds._jit import chunked, compiled_once
from odds.emergence import kernel as K
from odds.emergence.model import FACES, Scenario, Table, make_scenario
from odds.results import Result, proportion_table
from odds.rng import CHUNK_TRIALS, SeedLike, n_chunks, resolve_seed

BASE_OUTCOMES: tuple[str, ...] = (
    "destroyed", "absent_misfire", "enemy_placed", "off_table", "displaced", "clear",
)
"""Outcome names of codes 0..5; the enemy faces follow as ``under_enemy:<unit>:<face>``."""

ARRIVAL_TURNS: tuple[int, ...] = (2, 3, 4, 5)
BATCH_CHUNKS = 64
"""Chunks per kernel call (bounds the memory of the per-chunk rows)."""


def _once(kernel: Any) -> Any:
    """An emergence kernel, compiled once per machine with a notice (:mod:`odds._jit`)."""
    return compiled_once(kernel, "emergence")


# --------------------------------------------------------------------------
# exact dice
# --------------------------------------------------------------------------


def arrival_fractions() -> dict[int, Fraction]:
    """Exact arrival-turn distribution: T2 1/2, T3 1/3, T4 5/36, T5 1/36 (RULES.md §6.3)."""
    p2 = Fraction(1, 2)
    p3 = (1 - p2) * Fraction(4, 6)
    p4 = (1 - p2) * Fraction(2, 6) * Fraction(5, 6)
    return {2: p2, 3: p3, 4: p4, 5: 1 - p2 - p3 - p4}


def arrival_table(turn_counts: np.ndarray | None = None, trials: int | None = None
                  ) -> pd.DataFrame:
    """Arrival-turn table: ``turn, probability, cumulative, exact, stderr``.

    Without counts, ``probability`` is the exact value (``stderr`` 0).
    """
    ex = np.array([float(f) for f in arrival_fractions().values()])
    if turn_counts is None or not trials:
        p, se = ex.copy(), np.zeros(4)
    else:
        p = np.asarray(turn_counts, dtype=np.float64) / trials
        se = np.sqrt(p * (1 - p) / trials)
    return pd.DataFrame({"turn": list(ARRIVAL_TURNS), "probability": p,
                         "cumulative": np.cumsum(p), "exact": ex, "stderr": se})


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def outcome_names(scenario: Scenario) -> list[str]:
    """Names of the outcome codes of ``scenario`` (a partition of all emergences)."""
    names = list(BASE_OUTCOMES)
    for u in scenario.enemies:
        names += [f"under_enemy:{u.name}:{f}" for f in FACES]
    return names


def _distances(scale: float) -> np.ndarray:
    return np.array([2.0, 4.0, 6.0, 8.0, 10.0]) * scale


def _geometry(s: Scenario) -> tuple[np.ndarray, int, np.ndarray]:
    rects, _, n_enemy = s.arrays()
    return rects, n_enemy, _once(K.prepare)(rects)


def _resolve(scenario: Scenario | None, **kw: Any) -> Scenario:
    if scenario is None:
        return make_scenario(**{k: val for k, val in kw.items() if val is not None})
    if not isinstance(scenario, Scenario):
        raise v.OddsInputError(f"scenario: must be a Scenario (got {type(scenario).__name__})")
    return scenario


def classify_point(scenario: Scenario, x: float, y: float) -> str:
    """Outcome name of a marker ending at ``(x, y)`` (no scatter)."""
    _, n_enemy, g = _geometry(scenario)
    code, _ = _once(K.classify)(float(x), float(y), scenario.table.width,
                                scenario.table.depth, g, n_enemy)
    return outcome_names(scenario)[code]


def exact_outcomes(scenario: Scenario, marker: tuple[float, float] | None = None
                   ) -> dict[str, float]:
    """Exact probability of every outcome for the scenario's marker (or ``marker``).

    Dice parts are exact fractions; geometric parts are exact arc fractions
    (:func:`odds.emergence.kernel.circle_fractions`), accurate to rounding.
    """
    mx, my = marker if marker is not None else scenario.marker_point()
    _, n_enemy, g = _geometry(scenario)
    names = outcome_names(scenario)
    out = np.zeros(len(names))
    _once(K.exact_codes)(float(mx), float(my), scenario.table.width, scenario.table.depth, g,
                         n_enemy, _distances(scenario.scale), out)
    return dict(zip(names, out.tolist(), strict=True))


# --------------------------------------------------------------------------
# simulation
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class EmergenceResult(Result):
    """A :class:`~odds.results.Result` with the emergence's extra tables.

    ``table`` is the outcome partition (rows sum to 1); ``extra`` holds
    ``arrival`` (turn table), ``by_unit`` (under each enemy unit, all faces),
    ``landing`` (2-D histogram or ``None``), ``enemy_placed_at`` (point and what
    it lands on), ``hit`` (the HIT share, exact 5/18) and ``target`` (charge
    summary, or ``None``).
    """

    @property
    def arrival(self) -> pd.DataFrame:
        """Arrival-turn table (``turn, probability, cumulative, exact, stderr``)."""
        return self.extra["arrival"]

    @property
    def landing(self) -> pd.DataFrame | None:
        """Landing histogram (see :func:`emerge`)."""
        return self.extra["landing"]

    @property
    def scenario(self) -> Scenario:
        """The scenario simulated."""
        return self.inputs["scenario"]


def emerge(
    scenario: Scenario | None = None,
    *,
    table: Table | tuple[float, float] | None = None,
    marker: tuple[float, float] | None = None,
    scale: float | None = None,
    trials: int = 1_000_000,
    seed: SeedLike = None,
    landing_bin: float | None = 2.5,
    exact: bool = True,
) -> EmergenceResult:
    """Simulate one "Salir desde abajo" emergence (RULES.md §6, source 003).

    Parameters
    ----------
    scenario : Scenario, optional
        Table, marker, units and terrain; without one, an empty table is built
        from ``table``, ``marker`` and ``scale``.
    table, marker, scale
        Used only when ``scenario`` is None (see :func:`make_scenario`).
    trials : int
        Emergences simulated.
    seed : int, SeedSequence, Generator or None
        Random seed (see :func:`odds.rng.resolve_seed`); the result reports the
        entropy that repeats the run.
    landing_bin : float or None
        Bin size (cm) of the landing histogram; ``None`` skips it.  The grid
        covers the table plus the longest scatter all round and counts the marker's
        landing point (before any displacement) for emergences that are not
        misfires, so its probabilities sum to 5/6.
    exact : bool
        Also compute the exact probabilities (``exact`` column).

    Returns
    -------
    EmergenceResult
        ``table`` columns ``outcome, probability, stderr, ci_low, ci_high, exact``.
    """
    s = _resolve(scenario, table=table, marker=marker, scale=scale)
    n = v.trials(trials)
    sd = resolve_seed(seed)
    _, n_enemy, g = _geometry(s)
    names = outcome_names(s)
    W, D = s.table.width, s.table.depth
    mx, my = s.marker_point()
    dist = _distances(s.scale)
    target = -1
    reach = 0.0
    if s.target is not None:
        target = [u.name for u in s.enemies].index(s.target)
        reach = 2.0 * s.move if s.move is not None else -1.0
    if landing_bin is not None:
        hbin = v.number("landing_bin", landing_bin, low=0.1, high=60.0)
        margin = math.ceil(dist[-1] / hbin) * hbin
        nx = math.ceil((W + 2 * margin) / hbin - 1e-9)
        ny = math.ceil((D + 2 * margin) / hbin - 1e-9)
        hx0 = hy0 = -margin
    else:
        hbin, nx, ny, hx0, hy0 = 1.0, 0, 0, 0.0, 0.0
    counts = np.zeros(len(names), np.int64)
    turns = np.zeros(4, np.int64)
    diag = np.zeros(K.N_DIAG, np.int64)
    hist = np.zeros((nx, ny), np.int64)
    total_chunks = n_chunks(n)
    for c0 in range(0, total_chunks, BATCH_CHUNKS):
        nc = min(BATCH_CHUNKS, total_chunks - c0)
        cr = np.zeros((nc, len(names)), np.int64)
        tr = np.zeros((nc, 4), np.int64)
        dr = np.zeros((nc, K.N_DIAG), np.int64)
        hr = np.zeros((nc, nx, ny), np.int64)
        chunked(K.batch_chunk, "emergence")(nc, np.uint64(sd.key), c0, n, mx, my, W, D, g,
                                            n_enemy, dist, target, reach, cr, tr, dr, hr, hx0,
                                            hy0, hbin)
        counts += cr.sum(axis=0)
        turns += tr.sum(axis=0)
        diag += dr.sum(axis=0)
        hist += hr.sum(axis=0)
    ex = exact_outcomes(s) if exact else {}
    tab = proportion_table(dict(zip(names, counts.tolist(), strict=True)), n, ex)

    by_unit_counts, by_unit_exact = {}, {}
    for i, u in enumerate(s.enemies):
        rows = slice(K.FIRST_ENEMY + 3 * i, K.FIRST_ENEMY + 3 * i + 3)
        by_unit_counts[u.name] = int(counts[rows].sum())
        if exact:
            by_unit_exact[u.name] = sum(ex[nm] for nm in names[rows])
    by_unit = proportion_table(by_unit_counts, n, by_unit_exact) if s.enemies else None

    landing = None
    if nx > 0:
        xs = hx0 + hbin * np.arange(nx)
        ys = hy0 + hbin * np.arange(ny)
        X, Y = np.meshgrid(xs, ys, indexing="ij")
        landing = pd.DataFrame({"x_low": X.ravel(), "x_high": X.ravel() + hbin,
                                "y_low": Y.ravel(), "y_high": Y.ravel() + hbin,
                                "probability": hist.ravel() / n})
        landing.attrs.update(bin=hbin, trials=n)

    ex_pt = s.enemy_marker_point()
    target_info = None
    if target >= 0:
        under = int(counts[K.FIRST_ENEMY + 3 * target: K.FIRST_ENEMY + 3 * target + 3].sum())
        engage = under + (int(diag[2]) if s.move is not None else 0)
        p_by3 = float(arrival_fractions()[2] + arrival_fractions()[3])
        target_info = {
            "name": s.target, "under": under / n,
            "clear_in_reach": int(diag[2]) / n if s.move is not None else None,
            "reach": reach if s.move is not None else None,
            "engage": engage / n, "engage_by_turn3": p_by3 * engage / n,
        }
    extra = {
        "arrival": arrival_table(turns, n),
        "by_unit": by_unit,
        "landing": landing,
        "hit": int(diag[0]) / n,
        "displaced_off_table": int(diag[1]) / n,
        "enemy_placed_at": {"x": ex_pt[0], "y": ex_pt[1],
                            "lands": classify_point(s, *ex_pt)},
        "target": target_info,
    }
    inputs = {"scenario": s, "marker": (mx, my), "scale": s.scale, "trials": n}
    return EmergenceResult(table=tab, trials=n, seed=sd.entropy, inputs=inputs, extra=extra)


# --------------------------------------------------------------------------
# placement map
# --------------------------------------------------------------------------


def placement_grid(table: Table, step: float = 5.0) -> np.ndarray:
    """Candidate marker positions every ``step`` cm, edges included (m, 2)."""
    step = v.number("step", step, low=0.5)
    xs = np.arange(0.0, table.width + 1e-9, step)
    ys = np.arange(0.0, table.depth + 1e-9, step)
    X, Y = np.meshgrid(xs, ys, indexing="ij")
    return np.column_stack([X.ravel(), Y.ravel()])


def placement_map(
    scenario: Scenario,
    *,
    target: str | None = None,
    step: float = 5.0,
    trials: int = 100_000,
    seed: SeedLike = None,
    method: str = "mc",
) -> pd.DataFrame:
    """Where to put the marker: outcome odds for a grid of candidate positions.

    Parameters
    ----------
    scenario : Scenario
        Table, units, terrain and scale (its marker is ignored).
    target : str, optional
        Enemy unit to land under; default the scenario's target, else the first enemy.
    step : float
        Grid step in cm (5 cm gives 37 x 25 cells on a 180 x 120 table).
    trials : int
        Emergences per cell (``method="mc"``).  All cells share the same random
        streams (common random numbers).
    seed : int, SeedSequence, Generator or None
        Random seed (``method="mc"``).
    method : {"mc", "exact"}
        Monte Carlo, or the exact arc computation (no noise, much faster).

    Returns
    -------
    pandas.DataFrame
        One row per cell: ``x, y, p_target, p_target_front, p_target_flank,
        p_target_rear, p_lose, p_under_enemy, p_displaced, p_clear`` (+
        ``stderr_target, stderr_lose`` for Monte Carlo).  ``p_lose`` =
        destroyed + absent_misfire + off_table (the unit never fights; a misfire
        5-6 is not a loss).  ``attrs`` hold ``target``, ``trials`` and ``seed``.
    """
    s = _resolve(scenario)
    method = v.choice("method", method, ("mc", "exact"))
    enemies = [u.name for u in s.enemies]
    if not enemies:
        raise v.OddsInputError("target: the scenario has no enemy unit")
    tname = target or s.target or enemies[0]
    if tname not in enemies:
        raise v.OddsInputError(f"target: must name an enemy unit ({', '.join(enemies)}) "
                               f"(got {tname!r})")
    ti = enemies.index(tname)
    cells = placement_grid(s.table, step)
    _, n_enemy, g = _geometry(s)
    ncode = len(outcome_names(s))
    dist = _distances(s.scale)
    W, D = s.table.width, s.table.depth
    attrs: dict[str, Any] = {"target": tname, "step": step}
    if method == "exact":
        p = np.zeros((cells.shape[0], ncode))
        chunked(K.exact_cell, "emergence")(cells.shape[0], cells, W, D, g, n_enemy, dist, p)
        n = None
    else:
        n = v.trials(trials)
        sd = resolve_seed(seed)
        nck = -(-n // CHUNK_TRIALS)
        counts = np.zeros((cells.shape[0] * nck, ncode), np.int64)
        rows = cells.shape[0] * nck
        chunked(K.cell_chunk, "emergence")(
            rows, np.uint64(sd.key), cells, nck, n, W, D, g, n_enemy, dist, counts,
            np.zeros((rows, 4), np.int64), np.zeros((rows, K.N_DIAG), np.int64),
            np.zeros((0, 0), np.int64))
        p = counts.reshape(cells.shape[0], nck, ncode).sum(axis=1) / n
        attrs.update(trials=n, seed=sd.entropy)
    t0 = K.FIRST_ENEMY + 3 * ti
    df = pd.DataFrame({
        "x": cells[:, 0], "y": cells[:, 1],
        "p_target": p[:, t0:t0 + 3].sum(axis=1),
        "p_target_front": p[:, t0], "p_target_flank": p[:, t0 + 1], "p_target_rear": p[:, t0 + 2],
        "p_lose": p[:, K.DESTROYED] + p[:, K.ABSENT] + p[:, K.OFF_TABLE],
        "p_under_enemy": p[:, K.FIRST_ENEMY:].sum(axis=1),
        "p_displaced": p[:, K.DISPLACED], "p_clear": p[:, K.CLEAR],
    })
    if n is not None:
        for col, name in (("p_target", "stderr_target"), ("p_lose", "stderr_lose")):
            q = df[col].to_numpy()
            df[name] = np.sqrt(q * (1 - q) / n)
    df.attrs.update(attrs)
    return df


__all__ = [
    "ARRIVAL_TURNS", "BASE_OUTCOMES", "EmergenceResult", "arrival_fractions", "arrival_table",
    "classify_point", "emerge", "exact_outcomes", "outcome_names", "placement_grid",
    "placement_map",
]
