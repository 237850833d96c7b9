"""A unit already fleeing: does it rally, or run off the table? (``RULES.md`` §4.2, §4.5).

Each of the owner's turns, in order:

1. Rally attempt: 2D6 <= Ld (+1 with a musician, at most 10), only while the
   unit keeps at least 25 % of its starting models (no battle-standard
   re-roll for rallying).
2. If it did not rally, it flees 5D6 cm (8D6 cm for M > 15 cm or flyers)
   towards its table edge; a roll that reaches the edge (cumulative distance
   >= ``edge_distance``) removes it.

Reported per turn ``k``: P(rallied by turn k) and P(off the table by turn k),
both cumulative, with exact values from a Markov chain over the distance run.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from odds import dice
from odds import validation as v
from odds._jit import chunked, kernel
from odds.charge import MAX_DISTANCE, MAX_MOVE
from odds.results import Result, wilson
from odds.rng import (
    BUFFER_DICE,
    CHUNK_TRIALS,
    SeedLike,
    ensure,
    n_chunks,
    resolve_seed,
    stream_state,
)

MAX_TURNS = 20


def exact(n_dice: int, off_min: int, rally_max: int, turns: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact P(rally in turn k) and P(leave the table in turn k), k = 1..turns.

    ``rally_max`` is the largest 2D6 total that rallies (-1: cannot rally).
    """
    p_rally = dice.p_at_most(dice.sum_pmf(2), rally_max) if rally_max >= 2 else 0.0
    step = dice.sum_pmf(n_dice)
    run = np.zeros(off_min, dtype=np.float64)  # mass still fleeing, by distance run so far
    run[0] = 1.0
    rallied = np.zeros(turns)
    off = np.zeros(turns)
    for k in range(turns):
        alive = run.sum()
        rallied[k] = alive * p_rally
        moved = np.convolve(run * (1.0 - p_rally), step)
        off[k] = moved[off_min:].sum()
        run = moved[:off_min]
    return rallied, off


@kernel
def _flight_chunk(c, key, trials, n_dice, off_min, rally_max, turns, out):
    """First events of chunk ``c``: ``out[c, turn, 0]`` rallied, ``[..., 1]`` off table."""
    st = stream_state(key, c)
    buf = np.empty(BUFFER_DICE, np.uint8)
    lo = c * CHUNK_TRIALS
    hi = min(trials, lo + CHUNK_TRIALS)
    p = BUFFER_DICE
    for _ in range(lo, hi):
        p = ensure(buf, st, p, turns * (2 + n_dice))
        run = 0
        for k in range(turns):
            if rally_max >= 2:
                rally = np.int64(buf[p]) + np.int64(buf[p + 1])
                p += 2
                if rally <= rally_max:
                    out[c, k, 0] += 1
                    break
            for i in range(p, p + n_dice):
                run += buf[i]
            p += n_dice
            if run >= off_min:
                out[c, k, 1] += 1
                break


def flee(
    move: float,
    edge_distance: float,
    ld: int,
    *,
    turns: int = 3,
    flies: bool = False,
    models: int | None = None,
    starting_models: int | None = None,
    musician: bool = False,
    trials: int = 1_000_000,
    seed: SeedLike = None,
) -> Result:
    """Turn-by-turn odds for a fleeing unit to rally or leave the table.

    Parameters
    ----------
    move : float
        The unit's M in cm (0 to 60).
    edge_distance : float
        cm from the unit to the table edge it flees towards (0 to 500).
    ld : int
        Leadership used to rally (2 to 10; the General's, if in range).
    turns : int
        Number of the owner's turns to follow (1 to 20).
    flies : bool
        Flyers flee 8D6 cm.
    models, starting_models : int, optional
        Current and starting models; below 25 % it cannot rally.
    musician : bool
        The unit has a musician: +1 Ld to rally, at most 10 (§4.5).
    trials : int
        Monte Carlo trials.
    seed : int, SeedSequence, Generator or None
        Random seed.

    Returns
    -------
    Result
        ``table`` in long form: ``turn, outcome (rallied | off_table),
        probability, stderr, ci_low, ci_high, exact``, cumulative by turn.
    """
    m = v.number("move", move, low=0.0, high=MAX_MOVE)
    edge = v.number("edge_distance", edge_distance, low=0.0, high=MAX_DISTANCE)
    ld = v.leadership(ld)
    turns = v.integer("turns", turns, low=1, high=MAX_TURNS)
    n_dice = dice.flee_dice(m, v.flag("flies", flies))
    can_rally = True
    if (models is None) != (starting_models is None):
        raise v.OddsInputError("models: give both models and starting_models, or neither")
    if models is not None:
        starting_models = v.integer("starting_models", starting_models, low=1)
        models = v.integer("models", models, low=1, high=starting_models)
        can_rally = 4 * models >= starting_models
    trials = v.trials(trials)
    # at the edge already (0 cm), any flee roll (>= n_dice >= 1) leaves the table
    off_min = max(1, dice.min_roll_reaching(edge))
    rally_ld = min(10, ld + 1) if v.flag("musician", musician) else ld
    rally_max = rally_ld if can_rally else -1
    s = resolve_seed(seed)
    out = np.zeros((n_chunks(trials), turns, 2), np.int64)
    chunked(_flight_chunk, "flight")(out.shape[0], np.uint64(s.key), trials, n_dice, off_min,
                                     rally_max, turns, out)
    counts = np.cumsum(out.sum(axis=0), axis=0)
    ex_r, ex_o = exact(n_dice, off_min, rally_max, turns)
    ex = np.stack([np.cumsum(ex_r), np.cumsum(ex_o)], axis=1)
    rows = []
    for k in range(turns):
        for j, name in enumerate(("rallied", "off_table")):
            p = counts[k, j] / trials
            lo, hi = wilson(counts[k, j], trials)
            rows.append({"turn": k + 1, "outcome": name, "probability": p,
                         "stderr": math.sqrt(p * (1 - p) / trials), "ci_low": float(lo),
                         "ci_high": float(hi), "exact": float(ex[k, j])})
    table = pd.DataFrame(rows)
    table.attrs["trials"] = trials
    inputs = {"move": m, "edge_distance": edge, "ld": ld, "turns": turns, "flies": flies,
              "models": models, "starting_models": starting_models, "musician": musician}
    return Result(table=table, trials=trials, seed=s.entropy, inputs=inputs,
                  extra={"flee_dice": n_dice, "can_rally": can_rally})
