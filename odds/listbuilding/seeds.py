"""Per-cell seeds: one run seed and a cell's key give the cell's random stream.

A matrix or sweep is a set of *cells* (one combat each).  Every cell gets its
own :class:`numpy.random.SeedSequence`, derived from the run's entropy and a
SHA-256 digest of the cell's key::

    SeedSequence(run_entropy, spawn_key=tuple(uint32 words of sha256(key)))

so a cell's dice depend only on ``(run seed, cell key)``: not on the order
the cells run in, on the process that runs them (a local loop or a Dask
worker) or on Python's salted ``hash()``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import numpy as np

from odds.rng import SeedLike, fresh_seed
from odds.validation import OddsInputError

__all__ = ["cell_key", "cell_seed", "run_entropy"]


def run_entropy(seed: SeedLike = None) -> int:
    """The run's entropy: an integer that repeats the whole run.

    Parameters
    ----------
    seed : int, SeedSequence, Generator or None
        ``None`` draws a fresh 32-bit seed (:func:`odds.rng.fresh_seed`); a ``Generator`` gives one
        128-bit draw; a ``SeedSequence`` gives its entropy (it must have one
        integer entropy and no spawn key).

    Returns
    -------
    int
    """
    if seed is None:
        return fresh_seed()
    if isinstance(seed, np.random.Generator):
        hi, lo = (int(x) for x in seed.integers(0, 2**64, size=2, dtype=np.uint64))
        return (hi << 64) | lo
    if isinstance(seed, np.random.SeedSequence):
        if not isinstance(seed.entropy, int) or seed.spawn_key:
            raise OddsInputError("seed: a SeedSequence needs an integer entropy and no spawn "
                                 f"key here (got entropy={seed.entropy!r}, "
                                 f"spawn_key={seed.spawn_key!r})")
        return seed.entropy
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        if seed < 0:
            raise OddsInputError(f"seed: must be an integer >= 0 (got {seed})")
        return int(seed)
    raise OddsInputError("seed: must be an integer >= 0, a numpy SeedSequence or Generator, "
                         f"or None (got {type(seed).__name__})")


def cell_key(fields: Mapping[str, Any]) -> str:
    """A cell's key: canonical JSON of its defining fields (sorted keys).

    Values that are not JSON types are written with ``str``.
    """
    return json.dumps(dict(fields), sort_keys=True, separators=(",", ":"), default=str,
                      ensure_ascii=False)


def cell_seed(entropy: int, key: str) -> np.random.SeedSequence:
    """The seed of one cell: the run's entropy, spawned by the SHA-256 of ``key``.

    Parameters
    ----------
    entropy : int
        The run's entropy (:func:`run_entropy`).
    key : str
        The cell's key (:func:`cell_key`).

    Returns
    -------
    numpy.random.SeedSequence
        Pass it as ``seed`` to :func:`odds.combat.fight` to repeat the cell.
    """
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    words = tuple(int.from_bytes(digest[i:i + 4], "little") for i in range(0, 32, 4))
    return np.random.SeedSequence(entropy, spawn_key=words)
