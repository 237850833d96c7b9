"""Counting a roll's successes sixteen dice at a time: :func:`count_at_least`.

Every roll of the combat engine -- to hit, to wound, armour and ward saves,
regeneration -- asks one question of the next ``n`` faces of the dice buffer: how
many show ``target`` or more?  A loop over the faces answers it one die at a
time and leaves the loop after a number of dice the branch predictor cannot
guess.  :func:`count_at_least` reads sixteen faces at once instead (one vector
compare, a mask of the first ``n`` lanes, a population count): the same count,
from the same faces, so every result is unchanged.  Measured on the development
machine (a jitted loop of two million counts, one thread): 1.3 ns per count of
5-12 dice against 5.5-9.0 ns for the loop (``benchmarks/bench_counts.py``).

In fast mode (:data:`odds._jit.FAST`) :func:`_at_least16` is the intrinsic
``odds._numba_fast.at_least16``, plain LLVM vector IR (a ``<16 x i8>`` load and compare,
``llvm.ctpop``); in plain mode it is a loop over the same faces (:func:`_at_least16_loop`),
the same count.

A block read near the end of the buffer reaches up to :data:`SLACK` bytes past it.
Rather than test for that on every roll (a test that cost the scenario benchmark
about a tenth of its speed, ``benchmarks/README.md`` session 18), a kernel's dice
buffer is allocated :data:`SLACK` bytes longer than the faces it holds
(:func:`dice_buffer`) and the kernel works on its first :func:`faces_in` bytes, so the
bytes past that view's end always belong to the allocation.  They are never counted:
the lanes past ``n`` are masked off.  A count of up to sixteen dice is one block read
whatever ``n`` is, 0 included (no lanes: a count of 0): no branch on how many dice a roll
has, which depends on the rolls before it and which the branch predictor cannot guess.
"""

from __future__ import annotations

import numba
import numpy as np

from odds._jit import _fast, inline

BLOCK = 16
"""Faces compared at once."""

SLACK = BLOCK
"""Bytes a dice buffer holds past its faces: what a block read from just past them reaches."""

SHORT = "faces_in: the dice buffer is not longer than its slack (odds._faces.SLACK)"


def dice_buffer(faces: int) -> np.ndarray:
    """A kernel's dice buffer of ``faces`` faces and :data:`SLACK` zero bytes after them."""
    return np.zeros(faces + SLACK, np.uint8)


@inline
def faces_in(buf):
    """The faces a :func:`dice_buffer` holds: its size less :data:`SLACK`.

    A kernel works on ``buf[:faces_in(buf)]`` (a view: a helper compiled without
    reference counting cannot return one).  ``ValueError`` if ``buf`` has no room for
    a face past its slack.
    """
    if buf.size <= SLACK:
        raise ValueError(SHORT)
    return buf.size - SLACK


def _at_least16_py(buf: np.ndarray, q: int, n: int, target: int) -> int:
    """:func:`_at_least16` in Python (``NUMBA_DISABLE_JIT``)."""
    return int(np.count_nonzero(buf[q:q + n] >= target))


def _at_least16_loop(buf, q, n, target):
    """:func:`_at_least16` as a loop (numba's plain mode): ``min(n, 16)`` faces from ``q``."""
    face = np.uint8(target & 255)
    c = 0
    for i in range(q, q + min(n, BLOCK)):
        c += buf[i] >= face
    return c


if numba.config.DISABLE_JIT:
    _at_least16 = _at_least16_py
elif _fast is None:
    _at_least16 = inline(_at_least16_loop)
else:
    _at_least16 = _fast.at_least16


@inline
def count_at_least(buf, p, n, target):
    """How many of the ``n`` faces from ``buf[p]`` show ``target`` or more (``n <= 0``: 0).

    Blocks of sixteen faces through :func:`_at_least16`.  ``target`` is compared as an
    unsigned byte (0 counts every face, 7 none).  The caller keeps ``p + n`` within
    ``buf``, as for a loop over ``buf[p:p + n]``, and ``buf`` is the view of a
    :func:`dice_buffer`'s faces (:func:`faces_in`): the last block may read up to
    :data:`SLACK` bytes past ``buf``'s end.
    """
    if n <= BLOCK:  # one block, whatever n is: no branch on a count of 0 (0 lanes count 0)
        return _at_least16(buf, p, max(n, 0), target)
    c = 0
    q = p
    end = p + n
    while q + BLOCK <= end:
        c += _at_least16(buf, q, BLOCK, target)
        q += BLOCK
    return c + _at_least16(buf, q, end - q, target)
