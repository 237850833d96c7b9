"""Counting a roll's successes sixteen dice at a time: :func:`count_at_least` (issue 13).

Every roll of the combat engine -- to hit, to wound, armour and ward saves,
regeneration -- asks one question of the next ``n`` faces of the dice buffer: how
many show ``target`` or more?  A loop over the faces answers it one die at a
time and leaves the loop after a number of dice the branch predictor cannot
guess.  :func:`count_at_least` reads sixteen faces at once instead (one vector
compare, a mask of the first ``n`` lanes, a population count): the same count,
from the same faces, so every result is unchanged.  Measured on the development
machine (a jitted loop of two million counts, one thread): 1.3 ns per count of
5-12 dice against 5.5-9.0 ns for the loop (``benchmarks/bench_counts.py``).

The intrinsic :func:`_at_least16` emits plain LLVM vector IR (a ``<16 x i8>``
load and compare, ``llvm.ctpop``), which LLVM lowers on any target it supports.

A block read near the end of the buffer reaches up to :data:`SLACK` bytes past it.
Rather than test for that on every roll (a test that cost the scenario benchmark
about a tenth of its speed, ``benchmarks/README.md`` session 18), a kernel's dice
buffer is allocated :data:`SLACK` bytes longer than the faces it holds
(:func:`dice_buffer`) and the kernel works on its first :func:`faces_in` bytes, so the
bytes past that view's end always belong to the allocation.  They are never counted:
the lanes past ``n`` are masked off.  A count of up to sixteen dice is one block read
whatever ``n`` is, 0 included (no lanes: a count of 0): no branch on how many dice a roll
has, which depends on the rolls before it and which the branch predictor cannot guess
(issue 13, session 20).
"""

from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir
from numba.core import types
from numba.core.errors import TypingError
from numba.extending import intrinsic
from numba.np.arrayobj import make_array

from odds._jit import inline

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


@intrinsic
def _at_least16_jit(typingctx, buf, q, n, target):
    """How many of the faces ``buf[q:q + n]`` are ``target`` or more, for ``0 <= n <= 16``.

    Reads ``buf[q:q + 16]`` whatever ``n`` is, unchecked: the caller makes sure those
    sixteen faces are inside the buffer (:func:`count_at_least`).  ``target`` is
    compared as an unsigned byte, as ``buf[i] >= np.uint8(target)`` does.
    """
    if not (isinstance(buf, types.Array) and buf.ndim == 1 and buf.layout == "C"
            and buf.dtype == types.uint8):
        raise TypingError("_at_least16: a C-contiguous one-dimensional uint8 array is required")
    if not all(isinstance(t, types.Integer) for t in (q, n, target)):
        raise TypingError("_at_least16: q, n and target must be integers")

    def codegen(context, builder, sig, args):
        data = make_array(sig.args[0])(context, builder, args[0]).data
        start = context.cast(builder, args[1], sig.args[1], types.intp)
        lanes = context.cast(builder, args[2], sig.args[2], types.uint32)
        face = context.cast(builder, args[3], sig.args[3], types.uint8)
        i8, i32 = ir.IntType(8), ir.IntType(32)
        vec = ir.VectorType(i8, BLOCK)
        block = builder.load(builder.bitcast(builder.gep(data, [start]), vec.as_pointer()),
                             align=1)
        splat = builder.insert_element(ir.Constant(vec, ir.Undefined), face, ir.Constant(i32, 0))
        splat = builder.shuffle_vector(splat, ir.Constant(vec, ir.Undefined),
                                       ir.Constant(ir.VectorType(i32, BLOCK), [0] * BLOCK))
        bits = builder.zext(builder.bitcast(builder.icmp_unsigned(">=", block, splat),
                                            ir.IntType(BLOCK)), i32)
        one = ir.Constant(i32, 1)
        lanes = builder.select(builder.icmp_unsigned(">", lanes, ir.Constant(i32, BLOCK)),
                               ir.Constant(i32, BLOCK), lanes)  # n > 16: the 16 read
        bits = builder.and_(bits, builder.sub(builder.shl(one, lanes), one))
        ctpop = builder.module.declare_intrinsic("llvm.ctpop", [i32])
        return builder.zext(builder.call(ctpop, [bits]), ir.IntType(64))

    return types.int64(buf, q, n, target), codegen


_at_least16 = _at_least16_py if numba.config.DISABLE_JIT else _at_least16_jit


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
