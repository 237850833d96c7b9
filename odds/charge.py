"""Charge versus flee: will the charger catch a unit that flees from it.

The 1-D model of ``RULES.md`` §5.3 (sources 001, 002):

1. The target flees 5D6 cm, or 8D6 cm if its M > 15 cm or it flies (§4.1).
2. If that roll reaches the table edge behind it (roll >= ``edge_distance``),
   the unit is removed before the charger arrives: ``off_table``.
3. Otherwise the charger catches it if its reach covers the new gap:
   ``2 M - wheel - difficult >= distance + roll``: ``caught`` (destroyed).
   Difficult terrain on the charger's path costs double (fleeing units ignore
   terrain), and a wheel is paid from the charge move (§5.1).
4. Otherwise the charge fails, ``escaped``: the charger moves only its M
   towards the target (§5.3 step 3).  The final gap is reported too.

Assumption for the failed-charge move: the difficult terrain lies at the
start of the charger's path (it stands in or just behind it), so its normal
move ``M - wheel`` covers half its length in terrain before moving freely.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd

from odds import dice
from odds import validation as v
from odds._jit import chunked, kernel
from odds.results import Result, proportion_table
from odds.rng import (
    BUFFER_DICE,
    CHUNK_TRIALS,
    SeedLike,
    ensure,
    n_chunks,
    resolve_seed,
    stream_state,
)

OUTCOMES = ("caught", "off_table", "escaped")
_EPS = 1e-9  # guards floor/ceil of centimetre sums against float round-off
MAX_MOVE = 60.0
MAX_DISTANCE = 500.0


@dataclass(frozen=True)
class Charge:
    """A validated charge-versus-flee situation (all distances in cm).

    Parameters
    ----------
    charger_move : float
        The charger's M, in (0, 60].
    target_move : float
        The target's M, in [0, 60].
    distance : float
        Gap between the units before the target flees, in [0, 500].
    target_flies : bool
        The target flies (flees 8D6 whatever its M).
    difficult : float
        Difficult terrain on the charger's path, in [0, distance]; counts double.
    wheel : float
        Distance lost to the charger's wheel, in [0, 2 M].
    edge_distance : float or None
        Distance from the target to the table edge behind it (``None``: far away).
    """

    charger_move: float
    target_move: float
    distance: float
    target_flies: bool = False
    difficult: float = 0.0
    wheel: float = 0.0
    edge_distance: float | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "charger_move",
             v.number("charger_move", self.charger_move, low=0.0, high=MAX_MOVE))
        if self.charger_move == 0:
            raise v.OddsInputError("charger_move: must be > 0 and <= 60 cm (got 0)")
        set_(self, "target_move", v.number("target_move", self.target_move, low=0.0, high=MAX_MOVE))
        set_(self, "distance", v.number("distance", self.distance, low=0.0, high=MAX_DISTANCE))
        set_(self, "target_flies", v.flag("target_flies", self.target_flies))
        set_(self, "difficult", v.number("difficult", self.difficult, low=0.0, high=self.distance))
        set_(self, "wheel", v.number("wheel", self.wheel, low=0.0, high=2 * self.charger_move))
        if self.edge_distance is not None:
            set_(self, "edge_distance",
                 v.number("edge_distance", self.edge_distance, low=0.0, high=MAX_DISTANCE))

    @property
    def reach(self) -> float:
        """Distance the charge can cover along its path: ``2 M - wheel - difficult``."""
        return 2 * self.charger_move - self.wheel - self.difficult

    @property
    def flee_dice(self) -> int:
        """D6 the target rolls to flee (5 or 8)."""
        return dice.flee_dice(self.target_move, self.target_flies)

    @property
    def hold_reaches(self) -> bool:
        """Whether the charge arrives if the target holds instead."""
        return self.reach + _EPS >= self.distance

    def caught_max(self) -> int:
        """Largest flee roll that is still caught (may be negative: never)."""
        return math.floor(self.reach - self.distance + _EPS)

    def off_min(self) -> int:
        """Smallest flee roll that leaves the table (beyond the maximum: never)."""
        if self.edge_distance is None:
            return 6 * self.flee_dice + 1
        return dice.min_roll_reaching(self.edge_distance)

    def failed_move(self) -> float:
        """Distance a failed charger covers with its normal move (see module notes)."""
        allowance = max(0.0, self.charger_move - self.wheel)
        if allowance <= 2 * self.difficult:
            return allowance / 2
        return allowance - self.difficult


def exact(charge: Charge) -> dict[str, float]:
    """Exact outcome probabilities of a :class:`Charge`."""
    counts = dice.sum_counts(charge.flee_dice)
    total = 6**charge.flee_dice
    off_min, caught_max = charge.off_min(), charge.caught_max()
    off = sum(c for r, c in enumerate(counts) if r >= off_min)
    caught = sum(c for r, c in enumerate(counts) if r < off_min and r <= caught_max)
    return {
        "caught": caught / total,
        "off_table": off / total,
        "escaped": (total - off - caught) / total,
    }


@kernel
def _charge_chunk(c, key, trials, n_dice, caught_max, off_min, out):
    """Histogram of chunk ``c``'s flee rolls by outcome: ``out[c, outcome, roll] += 1``.

    Outcome codes: 0 caught, 1 off_table, 2 escaped.
    """
    st = stream_state(key, c)
    buf = np.empty(BUFFER_DICE, np.uint8)
    lo = c * CHUNK_TRIALS
    hi = min(trials, lo + CHUNK_TRIALS)
    block = BUFFER_DICE // n_dice
    p = BUFFER_DICE
    for b0 in range(lo, hi, block):
        p = ensure(buf, st, p, block * n_dice)
        for _ in range(b0, min(hi, b0 + block)):
            roll = 0
            for i in range(p, p + n_dice):
                roll += buf[i]
            p += n_dice
            _tally(out, c, roll, off_min, caught_max)


@kernel
def _tally(out, c, roll, off_min, caught_max):
    """Count one flee roll under its outcome (0 caught, 1 off_table, 2 escaped)."""
    if roll >= off_min:
        out[c, 1, roll] += 1
    elif roll <= caught_max:
        out[c, 0, roll] += 1
    else:
        out[c, 2, roll] += 1


def simulate_rolls(charge: Charge, trials: int, key: int) -> np.ndarray:
    """Monte Carlo counts ``[outcome, roll]`` summed over chunks (kernel wrapper)."""
    n = charge.flee_dice
    out = np.zeros((n_chunks(trials), 3, 6 * n + 1), np.int64)
    chunked(_charge_chunk, "charge")(out.shape[0], np.uint64(key), trials, n,
                                     charge.caught_max(), charge.off_min(), out)
    return out.sum(axis=0)


def charge_vs_flee(
    charger_move: float,
    target_move: float,
    distance: float,
    *,
    target_flies: bool = False,
    difficult: float = 0.0,
    wheel: float = 0.0,
    edge_distance: float | None = None,
    trials: int = 1_000_000,
    seed: SeedLike = None,
) -> Result:
    """Odds that a charge catches a unit fleeing from it (``RULES.md`` §5.3, §4.1).

    Parameters
    ----------
    charger_move, target_move : float
        M of the charger and of the target, in cm.
    distance : float
        Gap in cm before the target flees.
    target_flies : bool
        The target flies (flees 8D6 cm).
    difficult : float
        cm of difficult terrain on the charger's path (counts double).
    wheel : float
        cm lost to the charger's wheel.
    edge_distance : float, optional
        cm from the target to the table edge behind it.
    trials : int
        Monte Carlo trials.
    seed : int, SeedSequence, Generator or None
        Random seed.

    Returns
    -------
    Result
        ``table`` has one row per outcome (caught, off_table, escaped) with the
        exact probability alongside; ``extra["gap"]`` is the distribution of
        the final gap after a failed charge (joint with ``escaped``);
        ``extra["hold_reaches"]`` says whether the charge arrives if the
        target holds instead.
    """
    charge = Charge(charger_move, target_move, distance, target_flies, difficult, wheel,
                    edge_distance)
    trials = v.trials(trials)
    s = resolve_seed(seed)
    counts = simulate_rolls(charge, trials, s.key)
    ex = exact(charge)
    table = proportion_table(dict(zip(OUTCOMES, counts.sum(axis=1).tolist(), strict=True)),
                             trials, ex)
    return Result(
        table=table,
        trials=trials,
        seed=s.entropy,
        inputs=asdict(charge),
        extra={
            "gap": _gap_table(charge, counts[2], trials),
            "hold_reaches": charge.hold_reaches,
            "flee_dice": charge.flee_dice,
            "reach": charge.reach,
        },
    )


def _gap_table(charge: Charge, escaped_rolls: np.ndarray, trials: int) -> pd.DataFrame:
    """Final gap after a failed charge: simulated and exact joint probabilities."""
    pmf = dice.sum_pmf(charge.flee_dice)
    rolls = np.arange(pmf.size)
    escaped = (rolls < charge.off_min()) & (rolls > charge.caught_max())
    gap = charge.distance + rolls - charge.failed_move()
    p = escaped_rolls / trials
    df = pd.DataFrame({
        "flee_roll": rolls,
        "gap": gap,
        "probability": p,
        "stderr": np.sqrt(p * (1 - p) / trials),
        "exact": np.where(escaped, pmf, 0.0),
    })
    return df[escaped].reset_index(drop=True)


def charge_sweep(
    distances: np.ndarray | list[float],
    charger_move: float,
    target_moves: tuple[float, ...] = (10.0, 20.0),
    *,
    trials: int = 200_000,
    seed: SeedLike = None,
    **kwargs: object,
) -> pd.DataFrame:
    """P(outcome) over a range of gaps, for one or more target M values.

    Every setting uses the same seed (common random numbers), so the
    simulated curve is as smooth as the exact one.

    Returns
    -------
    pandas.DataFrame
        Long format: ``distance, target_move, flee_dice, outcome, probability,
        stderr, ci_low, ci_high, exact``.
    """
    s = resolve_seed(seed)
    frames = []
    for tm in target_moves:
        for d in distances:
            r = charge_vs_flee(charger_move, tm, float(d), trials=trials, seed=s, **kwargs)
            df = r.table
            df.insert(0, "flee_dice", r.extra["flee_dice"])
            df.insert(0, "target_move", float(tm))
            df.insert(0, "distance", float(d))
            frames.append(df)
    out = pd.concat(frames, ignore_index=True)
    out.attrs["trials"] = trials
    out.attrs["seed"] = s.entropy
    return out
