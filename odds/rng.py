"""Randomness: seeding, per-chunk streams and the kernels' D6 generator.

Conventions
-----------
* Every public stochastic function takes one ``seed`` keyword, normalised here
  once by :func:`resolve_seed`: an ``int``, a :class:`numpy.random.SeedSequence`,
  a :class:`numpy.random.Generator` or ``None`` (fresh OS entropy, reported
  back so the run can be repeated).
* Trials are cut into fixed chunks of :data:`CHUNK_TRIALS`.  Chunk ``c`` owns
  the counter range ``[c * 2**40, (c + 1) * 2**40)`` of one splitmix64
  stream, so chunks never overlap and a chunk's dice depend only on
  ``(seed, c)``: results are bit-identical whatever the thread count.
* The generator is counter-based splitmix64 (Steele, Lea & Flood 2014).
  Each 64-bit word gives four 16-bit lanes; a lane ``x`` becomes the face
  ``(6 x) >> 16`` unless ``(6 x) & 0xFFFF < 2**16 mod 6`` (Lemire's
  multiply-shift with rejection, 4 lanes in 65 536), in which case the face is
  replaced by one drawn from the following counter values.  Every face is
  therefore exactly uniform on 1..6, independently of its position.

Kernels keep their dice in a small buffer (:data:`BUFFER_DICE` faces, refilled
by a vectorised loop) and a state array ``st = [key, counter, position]``;
the helpers below draw from it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeAlias

import numpy as np

from odds._jit import inline, kernel

SeedLike: TypeAlias = "int | np.random.SeedSequence | np.random.Generator | None"

CHUNK_TRIALS: int = 1 << 16
"""Trials per chunk; the unit of parallel work and of reproducibility."""

BUFFER_DICE: int = 8192
"""Faces produced per refill of a kernel's dice buffer (multiple of 8)."""

_CHUNK_SHIFT = np.uint64(40)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S16 = np.uint32(16)
_LOW16 = np.uint32(0xFFFF)
_SIX = np.uint32(6)
_REJECT_BELOW = np.uint32((1 << 16) % 6)  # = 4
_S16_64 = np.uint64(16)
_SIX64 = np.uint64(6)
_PAIR = np.uint64(0x0000FFFF0000FFFF)
_ACCEPT_ADD = np.uint64(0x0000FFFC0000FFFC)  # (r + 0xFFFC) >> 16 == (r >= 4)
_ONE2 = np.uint64(0x0000000100000001)
_SEVEN2 = np.uint64(0x0000000700000007)
_BYTE = np.uint64(0xFF)
_LOW_BYTES = np.uint64(0x0101010101010101)
_HIGH_BITS = np.uint64(0x8080808080808080)


FRESH_SEED_BITS: int = 32
"""Bits of a seed drawn when the caller gives none: short enough to read and
type back (at most 10 digits), and still 4.3e9 different runs."""


def fresh_seed() -> int:
    """A new seed from the OS's entropy, ``0 <= seed < 2**FRESH_SEED_BITS``."""
    import secrets

    return secrets.randbits(FRESH_SEED_BITS)


@dataclass(frozen=True)
class Seed:
    """A normalised seed.

    Attributes
    ----------
    key : int
        The 64-bit key of the splitmix64 stream.
    entropy : int or None
        What to pass as ``seed`` to repeat the run (``None`` when the seed
        came from a caller's ``Generator``, whose state we do not own).
    """

    key: int
    entropy: int | None


def resolve_seed(seed: SeedLike = None) -> Seed:
    """Normalise a ``seed`` argument (numpy's ``default_rng`` conventions).

    Parameters
    ----------
    seed : int, SeedSequence, Generator or None
        ``None`` draws a fresh 32-bit seed from the OS (:func:`fresh_seed`)
        and reports it.

    Returns
    -------
    Seed
    """
    if isinstance(seed, Seed):
        return seed
    if isinstance(seed, np.random.Generator):
        key = int(seed.integers(0, 2**64, dtype=np.uint64))
        return Seed(key=key, entropy=None)
    if isinstance(seed, np.random.SeedSequence):
        ss = seed
    elif seed is None:
        ss = np.random.SeedSequence(fresh_seed())
    elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        if seed < 0:
            from odds.validation import OddsInputError

            raise OddsInputError(f"seed: must be an integer >= 0 (got {seed})")
        ss = np.random.SeedSequence(int(seed))
    else:
        from odds.validation import OddsInputError

        raise OddsInputError(
            f"seed: must be an integer >= 0, a numpy SeedSequence or Generator, "
            f"or None (got {type(seed).__name__})"
        )
    key = int(ss.generate_state(1, dtype=np.uint64)[0])
    entropy = ss.entropy if isinstance(ss.entropy, int) else None
    return Seed(key=key, entropy=entropy)


def n_chunks(trials: int, chunk: int = CHUNK_TRIALS) -> int:
    """Number of chunks needed for ``trials`` trials."""
    return max(1, math.ceil(trials / chunk))


# --------------------------------------------------------------------------
# kernels
# --------------------------------------------------------------------------


@inline
def mix64(z):
    """splitmix64 output function of a 64-bit state ``z``."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@kernel
def stream_state(key, chunk):
    """State array ``[key, counter, position]`` of chunk ``chunk``'s stream.

    The position starts past the end of the buffer so the first draw refills.
    """
    st = np.empty(3, np.uint64)
    st[0] = np.uint64(key)
    st[1] = np.uint64(chunk) << _CHUNK_SHIFT
    st[2] = np.uint64(BUFFER_DICE)
    return st


@kernel
def lane_face(x):
    """Face 1..6 of a 16-bit lane ``x``, or 0 if the lane is rejected.

    Lemire's multiply-shift: ``6 x = 65536 q + r``; the face is ``q + 1``
    unless ``r < 65536 mod 6``.  Exactly 10 922 of the 65 536 lanes give each
    face, so accepted faces are uniform.
    """
    m = np.uint32(x) * _SIX
    if (m & _LOW16) < _REJECT_BELOW:
        return np.uint8(0)
    return np.uint8((m >> _S16) + np.uint32(1))


@kernel
def _scalar_face(st):
    """One exact face from the stream's counter (slow path for rejected lanes)."""
    while True:
        w = mix64(st[0] + st[1] * _GAMMA)
        st[1] += np.uint64(1)
        for j in range(4):
            f = lane_face((w >> np.uint64(16 * j)) & np.uint64(0xFFFF))
            if f:
                return f


@inline
def _pack_word(w):
    """The four lane faces of word ``w`` packed in 32 bits (lane ``j`` in byte ``j``).

    The same arithmetic as :func:`lane_face`, done on two lanes at a time in
    64-bit registers so the fill loop vectorises.  Returns ``(packed, ok)``
    where the two 32-bit halves of ``ok`` count the accepted lanes.
    """
    a = (w & _PAIR) * _SIX64  # lanes 0 and 2, one per 32-bit half
    b = ((w >> _S16_64) & _PAIR) * _SIX64  # lanes 1 and 3
    ok_a = (((a & _PAIR) + _ACCEPT_ADD) >> _S16_64) & _ONE2
    ok_b = (((b & _PAIR) + _ACCEPT_ADD) >> _S16_64) & _ONE2
    fa = (((a >> _S16_64) & _SEVEN2) + _ONE2) & (ok_a * _BYTE)
    fb = (((b >> _S16_64) & _SEVEN2) + _ONE2) & (ok_b * _BYTE)
    packed = (
        (fa & _BYTE)
        | ((fb & _BYTE) << np.uint64(8))
        | ((fa >> np.uint64(32)) << np.uint64(16))
        | ((fb >> np.uint64(32)) << np.uint64(24))
    )
    return packed, ok_a + ok_b


@kernel
def _redraw_rejected(out, st):
    """Replace the zero (rejected) faces of ``out``, in order, from the stream.

    Blocks of 64 words are first checked with a vectorised zero-byte test, so
    only a block that holds a rejected lane is scanned face by face.
    """
    o = out.view(np.uint64)
    for b0 in range(0, o.size, 64):
        b1 = min(b0 + 64, o.size)
        zero = np.uint64(0)
        for i in range(b0, b1):
            v = o[i]
            zero |= (v - _LOW_BYTES) & ~v & _HIGH_BITS
        if zero:
            for j in range(8 * b0, 8 * b1):
                if out[j] == 0:
                    out[j] = _scalar_face(st)


@kernel
def fill_d6(out, st):
    """Fill ``out`` (uint8, size a multiple of 8) with exact D6 faces.

    Two counter values make eight faces and the loop vectorises.  Rejected
    lanes (about one in 16 384) are then redrawn, in order, from the counter
    values that follow.  Advances the counter in ``st``.
    """
    o = out.view(np.uint64)
    s0 = st[0] + st[1] * _GAMMA
    accepted = np.uint64(0)
    for i in range(o.size):
        lo, ok_lo = _pack_word(mix64(s0 + np.uint64(2 * i) * _GAMMA))
        hi, ok_hi = _pack_word(mix64(s0 + np.uint64(2 * i + 1) * _GAMMA))
        o[i] = lo | (hi << np.uint64(32))
        accepted += ok_lo + ok_hi
    st[1] += np.uint64(2 * o.size)
    accepted = (accepted & np.uint64(0xFFFFFFFF)) + (accepted >> np.uint64(32))
    if accepted != np.uint64(out.size):
        _redraw_rejected(out, st)


@kernel
def take(buf, st, k):
    """Index ``p`` such that ``buf[p:p + k]`` holds ``k`` fresh faces.

    Refills the buffer when fewer than ``k`` faces are left (the unused
    remainder is discarded, which keeps every face uniform and independent).
    ``k`` must not exceed the buffer size.
    """
    p = np.int64(st[2])
    if p + k > buf.size:
        fill_d6(buf, st)
        p = 0
    st[2] = np.uint64(p + k)
    return p


@kernel
def ensure(buf, st, p, k):
    """Position from which ``k`` fresh faces are available, refilling if needed.

    Kernels that draw many dice call this once per stage with an upper bound
    ``k`` of what the stage can use, then read ``buf[p], buf[p + 1], ...``
    with a plain local position (no per-die bookkeeping).  ``k`` must not
    exceed the buffer size.
    """
    if p + k > buf.size:
        fill_d6(buf, st)
        return 0
    return p


@kernel
def next_word(st):
    """One raw 64-bit word from the stream's counter (for continuous draws)."""
    w = mix64(st[0] + st[1] * _GAMMA)
    st[1] += np.uint64(1)
    return w


@kernel
def uniform(st):
    """A float uniform on [0, 1) with 53 random bits."""
    return np.float64(next_word(st) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


def faces(n: int, seed: SeedLike = None, chunk: int = 0) -> np.ndarray:
    """``n`` D6 faces (uint8) from chunk ``chunk`` of the project stream.

    Parameters
    ----------
    n : int
        Number of faces.
    seed : int, SeedSequence, Generator or None
        See :func:`resolve_seed`.
    chunk : int
        Which chunk's stream to read.

    Returns
    -------
    numpy.ndarray
        uint8 array of faces 1..6.
    """
    s = resolve_seed(seed)
    padded = -(-n // 8) * 8
    out = np.empty(padded, np.uint8)
    fill_d6(out, stream_state(np.uint64(s.key), chunk))
    return out[:n]
