"""Flee versus pursuit after a lost combat (``RULES.md`` §4.1, §4.3; source 002).

The broken unit rolls its flee distance and the winner its pursuit distance
at the same time (5D6 cm, or 8D6 cm for M > 15 cm or flyers).  Outcomes:

``off_table``
    the flee roll reaches the table edge (roll >= ``edge_distance``): the unit
    leaves the table before the pursuers arrive (the same precedence as in
    the charge kernel, :mod:`odds.charge`);
``caught``
    otherwise, pursuit roll >= flee roll: destroyed;
``escaped``
    otherwise.
"""

from __future__ import annotations

import numpy as np

from odds import dice
from odds import validation as v
from odds._jit import chunked, kernel
from odds.charge import MAX_DISTANCE, MAX_MOVE
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


def exact(pursuer_dice: int, fleer_dice: int, off_min: int) -> dict[str, float]:
    """Exact outcome probabilities for the given dice and edge threshold."""
    cf = dice.sum_counts(fleer_dice)
    cp = dice.sum_counts(pursuer_dice)
    tf, tp = 6**fleer_dice, 6**pursuer_dice

    def pursuit_at_least(k: int) -> int:
        return sum(cp[k:])

    off = sum(cf[off_min:]) * tp
    caught = sum(c * pursuit_at_least(k) for k, c in enumerate(cf) if k < off_min)
    total = tf * tp
    return {"caught": caught / total, "off_table": off / total,
            "escaped": (total - caught - off) / total}


@kernel
def _pursuit_chunk(c, key, trials, pursuer_dice, fleer_dice, off_min, out):
    """Outcome counts of chunk ``c``: ``out[c, k]``, 0 caught, 1 off_table, 2 escaped."""
    st = stream_state(key, c)
    buf = np.empty(BUFFER_DICE, np.uint8)
    lo = c * CHUNK_TRIALS
    hi = min(trials, lo + CHUNK_TRIALS)
    per = pursuer_dice + fleer_dice
    block = BUFFER_DICE // per
    p = BUFFER_DICE
    for b0 in range(lo, hi, block):
        p = ensure(buf, st, p, block * per)
        for _ in range(b0, min(hi, b0 + block)):
            flee = 0
            for i in range(p, p + fleer_dice):
                flee += buf[i]
            chase = 0
            for i in range(p + fleer_dice, p + per):
                chase += buf[i]
            p += per
            if flee >= off_min:
                out[c, 1] += 1
            elif chase >= flee:
                out[c, 0] += 1
            else:
                out[c, 2] += 1


def pursue(
    pursuer_move: float,
    fleer_move: float,
    *,
    pursuer_flies: bool = False,
    fleer_flies: bool = False,
    edge_distance: float | None = None,
    trials: int = 1_000_000,
    seed: SeedLike = None,
) -> Result:
    """Odds that a pursuer catches a unit broken in combat.

    Parameters
    ----------
    pursuer_move, fleer_move : float
        M of the pursuing and of the fleeing unit, in cm (0 to 60).
    pursuer_flies, fleer_flies : bool
        Flyers roll 8D6 cm whatever their M.
    edge_distance : float, optional
        cm from the fleeing unit to the table edge it flees towards.
    trials : int
        Monte Carlo trials.
    seed : int, SeedSequence, Generator or None
        Random seed.

    Returns
    -------
    Result
        Outcomes ``caught``, ``off_table``, ``escaped`` with exact values.
    """
    pm = v.number("pursuer_move", pursuer_move, low=0.0, high=MAX_MOVE)
    fm = v.number("fleer_move", fleer_move, low=0.0, high=MAX_MOVE)
    pd_ = dice.flee_dice(pm, v.flag("pursuer_flies", pursuer_flies))
    fd = dice.flee_dice(fm, v.flag("fleer_flies", fleer_flies))
    if edge_distance is None:
        off_min = 6 * fd + 1
    else:
        edge = v.number("edge_distance", edge_distance, low=0.0, high=MAX_DISTANCE)
        off_min = dice.min_roll_reaching(edge)
    trials = v.trials(trials)
    s = resolve_seed(seed)
    out = np.zeros((n_chunks(trials), 3), np.int64)
    chunked(_pursuit_chunk, "pursuit")(out.shape[0], np.uint64(s.key), trials, pd_, fd, off_min,
                                       out)
    counts = out.sum(axis=0)
    table = proportion_table(dict(zip(OUTCOMES, counts.tolist(), strict=True)), trials,
                             exact(pd_, fd, off_min))
    inputs = {"pursuer_move": pm, "fleer_move": fm, "pursuer_flies": pursuer_flies,
              "fleer_flies": fleer_flies, "edge_distance": edge_distance}
    return Result(table=table, trials=trials, seed=s.entropy, inputs=inputs,
                  extra={"pursuer_dice": pd_, "fleer_dice": fd})
