"""Numba kernels: landing classification, the emergence Monte Carlo, exact arcs.

Everything here takes plain numbers and arrays.  Geometry is a float array
``rects`` of shape ``(n, 5)`` (centre x, centre y, width, depth, angle in
degrees) turned once per call by :func:`prepare` into ``g`` of shape ``(n, 7)``
(centre x, centre y, cos, sin, half width, half depth, squared bounding radius);
rectangles ``i < n_enemy`` are the enemy units.

Outcome codes (one per trial, a partition)::

    0 destroyed   1 absent_misfire   2 enemy_placed
    3 off_table   4 displaced        5 clear
    6 + 3 i + f   under enemy i, face f (0 front, 1 flank, 2 rear)

One emergence uses five faces of one fresh block of the dice buffer: three for
the arrival turn (2: 4+, 3: 3+, 4: 2+, else turn 5), one artillery die (6 is
the misfire, 1..5 the faces 2..10) and one last die that is the misfire D6 or
the scatter die (1-2 HIT, 3-6 an arrow); an arrow adds one uniform direction
(:func:`direction`).
"""

from __future__ import annotations

import math

import numpy as np

from odds._jit import kernel
from odds.rng import BUFFER_DICE, CHUNK_TRIALS, next_word, stream_state, take

DESTROYED, ABSENT, ENEMY_PLACED, OFF_TABLE, DISPLACED, CLEAR = 0, 1, 2, 3, 4, 5
FIRST_ENEMY = 6
N_DIAG = 3  # hit, displaced point off the table, clear and within charge reach
TWO_PI = 2.0 * math.pi


@kernel
def prepare(rects):
    """Precomputed geometry ``g`` (n, 7) from ``rects`` (n, 5).

    Angles that are multiples of 90 degrees get exact cosines and sines, so
    edge points of axis-aligned footprints classify exactly.
    """
    n = rects.shape[0]
    g = np.empty((n, 7))
    for i in range(n):
        ang = rects[i, 4] % 360.0
        if ang == 0.0:
            c, s = 1.0, 0.0
        elif ang == 90.0:
            c, s = 0.0, 1.0
        elif ang == 180.0:
            c, s = -1.0, 0.0
        elif ang == 270.0:
            c, s = 0.0, -1.0
        else:
            th = ang * (math.pi / 180.0)
            c, s = math.cos(th), math.sin(th)
        a = 0.5 * rects[i, 2]
        b = 0.5 * rects[i, 3]
        g[i, 0] = rects[i, 0]
        g[i, 1] = rects[i, 1]
        g[i, 2] = c
        g[i, 3] = s
        g[i, 4] = a
        g[i, 5] = b
        g[i, 6] = (a * a + b * b) * (1.0 + 1e-9) + 1e-9
    return g


@kernel
def face_of(u, v, a, b):
    """Side nearest a point ``(u, v)`` in a unit's own frame (0 front, 1 flank, 2 rear).

    ``v`` points to the unit's front.  Ties go to front, then flank, then rear.
    """
    front = b - v
    rear = b + v
    flank = a - abs(u)
    if front <= flank and front <= rear:
        return 0
    if flank <= rear:
        return 1
    return 2


@kernel
def classify(x, y, width, depth, g, n_enemy):
    """``(code, index)`` of a landing point: off table, under rectangle ``index``, or clear.

    Closed sets: table edges are on the table, footprint edges are under it.
    The first footprint (enemies first) containing the point wins.
    """
    if x < 0.0 or x > width or y < 0.0 or y > depth:
        return OFF_TABLE, -1
    for i in range(g.shape[0]):
        dx = x - g[i, 0]
        dy = y - g[i, 1]
        if dx * dx + dy * dy > g[i, 6]:
            continue
        u = dx * g[i, 2] + dy * g[i, 3]
        v = dy * g[i, 2] - dx * g[i, 3]
        if abs(u) <= g[i, 4] and abs(v) <= g[i, 5]:
            if i < n_enemy:
                return FIRST_ENEMY + 3 * i + face_of(u, v, g[i, 4], g[i, 5]), i
            return DISPLACED, i
    return CLEAR, -1


@kernel
def nearest_edge_point(x, y, g, i):
    """The point of rectangle ``i``'s boundary nearest ``(x, y)`` (a point inside it)."""
    dx = x - g[i, 0]
    dy = y - g[i, 1]
    c, s, a, b = g[i, 2], g[i, 3], g[i, 4], g[i, 5]
    u = dx * c + dy * s
    v = dy * c - dx * s
    if a - abs(u) <= b - abs(v):
        u = a if u >= 0.0 else -a
    else:
        v = b if v >= 0.0 else -b
    return g[i, 0] + u * c - v * s, g[i, 1] + u * s + v * c


@kernel
def distance_to_rect(x, y, g, i):
    """Euclidean distance from ``(x, y)`` to rectangle ``i`` (0 inside)."""
    dx = x - g[i, 0]
    dy = y - g[i, 1]
    du = max(abs(dx * g[i, 2] + dy * g[i, 3]) - g[i, 4], 0.0)
    dv = max(abs(dy * g[i, 2] - dx * g[i, 3]) - g[i, 5], 0.0)
    return math.sqrt(du * du + dv * dv)


@kernel
def direction(st):
    """``(cos, sin)`` of a uniformly random angle, without trigonometry.

    One 64-bit word gives a point ``(p, q)`` uniform on the square
    ``[-1, 1)^2`` (32 bits each); points outside the unit disc (or at its
    centre) are rejected (21 %).  The angle of ``(p, q)`` is then uniform and
    so is its double, whose cosine and sine are ``(p^2 - q^2) / r^2`` and
    ``2 p q / r^2``.  The only bias is the 2**-32 lattice of the square.
    """
    while True:
        w = next_word(st)
        p = (np.float64(w >> np.uint64(32)) + 0.5) * (2.0 / 4294967296.0) - 1.0
        q = (np.float64(w & np.uint64(0xFFFFFFFF)) + 0.5) * (2.0 / 4294967296.0) - 1.0
        r2 = p * p + q * q
        if r2 <= 1.0:
            return (p * p - q * q) / r2, 2.0 * p * q / r2


@kernel
def run_chunk(key, chunk, ntr, mx, my, width, depth, g, n_enemy, dist, target,
              reach, counts, turns, diag, hist, hx0, hy0, hbin):
    """Simulate ``ntr`` emergences on chunk ``chunk``'s stream, adding to the output rows.

    ``dist`` holds the five scatter distances (cm) of artillery faces 2..10.
    A misfire 5-6 is only counted (``enemy_placed``); where the enemy puts
    the marker is a fixed point, classified once in Python.  ``target`` is an
    enemy index (or -1) and ``reach`` the charge reach for ``diag[2]``.
    ``hist`` (nx, ny) counts the landing points of non-misfire emergences in
    bins of ``hbin`` cm from ``(hx0, hy0)``; pass a zero-size array to skip it.
    """
    st = stream_state(key, chunk)
    buf = np.empty(BUFFER_DICE, np.uint8)
    hit_code, hit_i = classify(mx, my, width, depth, g, n_enemy)
    nx = hist.shape[0]
    ny = hist.shape[1]
    for _ in range(ntr):
        p = take(buf, st, 5)
        if buf[p] >= 4:
            turns[0] += 1
        elif buf[p + 1] >= 3:
            turns[1] += 1
        elif buf[p + 2] >= 2:
            turns[2] += 1
        else:
            turns[3] += 1
        art = buf[p + 3]
        last = buf[p + 4]
        if art == 6:
            counts[(last - 1) // 2] += 1  # 1-2 destroyed, 3-4 absent, 5-6 enemy places
            continue
        if last <= 2:
            x, y = mx, my
            code, idx = hit_code, hit_i
            diag[0] += 1
        else:
            c, s = direction(st)
            r = dist[art - 1]
            x = mx + r * c
            y = my + r * s
            code, idx = classify(x, y, width, depth, g, n_enemy)
        counts[code] += 1
        if code == DISPLACED:
            px, py = nearest_edge_point(x, y, g, idx)
            if px < 0.0 or px > width or py < 0.0 or py > depth:
                diag[1] += 1
        elif code == CLEAR and target >= 0:
            if distance_to_rect(x, y, g, target) <= reach:
                diag[2] += 1
        if nx > 0:
            bx = math.floor((x - hx0) / hbin)
            by = math.floor((y - hy0) / hbin)
            if 0 <= bx < nx and 0 <= by < ny:
                hist[bx, by] += 1


@kernel
def batch_chunk(j, key, c0, trials, mx, my, width, depth, g, n_enemy, dist, target, reach,
                counts, turns, diag, hist, hx0, hy0, hbin):
    """Chunk ``c0 + j`` of a ``trials``-trial run into output row ``j`` (``g``: :func:`prepare`)."""
    c = c0 + j
    ntr = min(CHUNK_TRIALS, trials - c * CHUNK_TRIALS)
    run_chunk(key, c, ntr, mx, my, width, depth, g, n_enemy, dist, target, reach,
              counts[j], turns[j], diag[j], hist[j], hx0, hy0, hbin)


@kernel
def cell_chunk(j, key, cells, nck, trials, width, depth, g, n_enemy, dist, counts, turns, diag,
               hist):
    """Placement map, row ``j``: chunk ``j % nck`` of the marker ``cells[j // nck]``.

    Every cell uses the same chunk streams (common random numbers), so
    differences between cells are not blurred by independent noise.
    ``counts``, ``turns`` and ``diag`` have ``len(cells) * nck`` rows.
    """
    cell = j // nck
    c = j % nck
    ntr = min(CHUNK_TRIALS, trials - c * CHUNK_TRIALS)
    run_chunk(key, c, ntr, cells[cell, 0], cells[cell, 1], width, depth, g,
              n_enemy, dist, -1, 0.0, counts[j], turns[j], diag[j], hist, 0.0, 0.0, 1.0)


# --------------------------------------------------------------------------
# exact: the fraction of a circle in each outcome region
# --------------------------------------------------------------------------


@kernel
def _add_crossings(angles, k, mx, my, r, nx, ny, c):
    """Append the angles where the circle meets the line ``nx x + ny y = c``."""
    rhs = (c - nx * mx - ny * my) / r
    if -1.0 <= rhs <= 1.0:
        phi = math.atan2(ny, nx)
        d = math.acos(rhs)
        angles[k] = (phi + d) % TWO_PI
        angles[k + 1] = (phi - d) % TWO_PI
        return k + 2
    return k


@kernel
def _sort_inplace(a):
    """``a`` sorted ascending, in place (insertion sort) and returned.

    The few dozen crossing angles of a circle: numba's ``np.sort`` compiles a
    quicksort for about a second of the emergence engine's cold start.
    """
    for i in range(1, a.size):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    return a


@kernel
def circle_fractions(mx, my, r, width, depth, g, n_enemy, out):
    """Add to ``out[code]`` the fraction of the circle (centre, radius ``r``) in each outcome.

    Exact up to rounding: the circle is cut at every angle where it crosses a
    line on which the outcome can change (table edges; each footprint's four
    edge lines; the lines ``u = 0``, ``v = 0`` and the four bisectors
    ``v +- u = +-(b - a)`` that separate front, flank and rear).  Between two
    consecutive cuts the outcome is constant, so classifying each arc's midpoint
    with :func:`classify` and summing arc lengths gives the exact fractions.
    """
    n = g.shape[0]
    angles = np.empty(8 + 20 * n + 2)
    k = 0
    k = _add_crossings(angles, k, mx, my, r, 1.0, 0.0, 0.0)
    k = _add_crossings(angles, k, mx, my, r, 1.0, 0.0, width)
    k = _add_crossings(angles, k, mx, my, r, 0.0, 1.0, 0.0)
    k = _add_crossings(angles, k, mx, my, r, 0.0, 1.0, depth)
    h = 1.0 / math.sqrt(2.0)
    for i in range(n):
        cx, cy, c, s, a, b = g[i, 0], g[i, 1], g[i, 2], g[i, 3], g[i, 4], g[i, 5]
        # unit normals e_u = (c, s), e_v = (-s, c); a line {e . (p - C) = t}
        eu_c = c * cx + s * cy
        ev_c = -s * cx + c * cy
        for t in (-a, 0.0, a):
            k = _add_crossings(angles, k, mx, my, r, c, s, eu_c + t)
        for t in (-b, 0.0, b):
            k = _add_crossings(angles, k, mx, my, r, -s, c, ev_c + t)
        for sg in (-1.0, 1.0):
            # (e_v + sg e_u) . (p - C) = +-(b - a), normalised by sqrt(2)
            nx = (-s + sg * c) * h
            ny = (c + sg * s) * h
            base = (ev_c + sg * eu_c) * h
            for t in (-(b - a), b - a):
                k = _add_crossings(angles, k, mx, my, r, nx, ny, base + t * h)
    angles[k] = 0.0
    angles[k + 1] = TWO_PI
    k += 2
    a_sorted = _sort_inplace(angles[:k])
    for j in range(k - 1):
        t0 = a_sorted[j]
        t1 = a_sorted[j + 1]
        if t1 > t0:
            tm = 0.5 * (t0 + t1)
            code, _ = classify(mx + r * math.cos(tm), my + r * math.sin(tm), width, depth, g,
                               n_enemy)
            out[code] += (t1 - t0) / TWO_PI


@kernel
def exact_codes(mx, my, width, depth, g, n_enemy, dist, out):
    """Exact probability of every outcome code for a marker at ``(mx, my)`` into ``out``.

    Misfire 1/6 (1/18 per sub-result); HIT ``5/18`` (lands on the marker);
    each of the five arrow distances ``1/9`` with a uniform direction.
    """
    out[:] = 0.0
    out[DESTROYED] = 1.0 / 18.0
    out[ABSENT] = 1.0 / 18.0
    out[ENEMY_PLACED] = 1.0 / 18.0
    code, _ = classify(mx, my, width, depth, g, n_enemy)
    out[code] += 5.0 / 18.0
    frac = np.zeros(out.size)
    for q in range(dist.size):
        frac[:] = 0.0
        circle_fractions(mx, my, dist[q], width, depth, g, n_enemy, frac)
        for j in range(out.size):
            out[j] += frac[j] / 9.0


@kernel
def exact_cell(j, cells, width, depth, g, n_enemy, dist, out):
    """:func:`exact_codes` for the marker ``cells[j]`` into ``out[j]``."""
    exact_codes(cells[j, 0], cells[j, 1], width, depth, g, n_enemy, dist, out[j])
