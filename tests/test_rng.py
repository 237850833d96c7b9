"""The project's D6 stream: exactness, independence, reproducibility (brief §3)."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from odds import rng
from odds.charge import charge_vs_flee
from odds.validation import OddsInputError

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def ref_mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def ref_lane(x: int) -> int:
    q, r = divmod(6 * x, 1 << 16)
    return 0 if r < (1 << 16) % 6 else q + 1


def ref_fill(n: int, key: int, chunk: int) -> list[int]:
    """Pure-Python reference of rng.fill_d6 on a fresh chunk stream."""
    ctr = chunk << 40
    words = [ref_mix64((key + (ctr + i) * GAMMA) & MASK64) for i in range(n // 4)]
    ctr += n // 4
    out = [ref_lane((w >> (16 * j)) & 0xFFFF) for w in words for j in range(4)]
    for i, f in enumerate(out):
        while f == 0:  # redraw rejected lanes from the following counter values
            w = ref_mix64((key + ctr * GAMMA) & MASK64)
            ctr += 1
            for j in range(4):
                f = ref_lane((w >> (16 * j)) & 0xFFFF)
                if f:
                    break
        out[i] = f
    return out


def test_every_lane_maps_to_a_face_equally_often():
    faces = np.array([rng.lane_face(np.uint64(x)) for x in range(1 << 16)])
    counts = np.bincount(faces, minlength=7)
    assert counts[0] == (1 << 16) % 6  # the 4 rejected lanes
    assert (counts[1:] == (1 << 16) // 6).all()


@pytest.mark.parametrize(("key", "chunk"), [(12345, 0), (2**63 + 7, 3), (1, 2**20)])
def test_kernel_matches_pure_python_reference(key, chunk):
    n = 1 << 15  # large enough to hit rejected lanes (about 2 expected)
    st = rng.stream_state(np.uint64(key), chunk)
    out = np.empty(n, np.uint8)
    rng.fill_d6(out, st)
    assert out.tolist() == ref_fill(n, key, chunk)
    assert int(st[1]) >= (chunk << 40) + n // 4


def test_faces_uniform_and_independent_of_position():
    """Chi-square of faces by position within a 64-bit word (8 positions x 6 faces)."""
    f = rng.faces(8 * 600_000, seed=11).reshape(-1, 8).astype(np.int64)
    table = np.stack([np.bincount(f[:, j], minlength=7)[1:] for j in range(8)])
    expected = f.shape[0] / 6
    chi2 = ((table - expected) ** 2 / expected).sum()
    # 40 degrees of freedom: mean 40, sd ~9; 100 is beyond the 1e-6 tail
    assert chi2 < 100, chi2
    # serial pairs: consecutive faces are independent (35 dof)
    flat = f.ravel()
    pairs = np.bincount((flat[:-1] - 1) * 6 + (flat[1:] - 1), minlength=36)
    e = (flat.size - 1) / 36
    assert ((pairs - e) ** 2 / e).sum() < 95


def test_chunks_and_seeds_give_different_streams():
    a = rng.faces(4096, seed=1, chunk=0)
    b = rng.faces(4096, seed=1, chunk=1)
    c = rng.faces(4096, seed=2, chunk=0)
    assert (a != b).mean() > 0.7 and (a != c).mean() > 0.7
    assert (rng.faces(4096, seed=1, chunk=0) == a).all()


def test_seed_forms():
    assert rng.resolve_seed(5).key == rng.resolve_seed(np.random.SeedSequence(5)).key
    fresh = rng.resolve_seed(None)
    assert fresh.entropy is not None
    assert rng.resolve_seed(fresh.entropy).key == fresh.key  # the reported seed repeats the run
    g1 = rng.resolve_seed(np.random.default_rng(3))
    g2 = rng.resolve_seed(np.random.default_rng(3))
    assert g1.key == g2.key and g1.entropy is None


@pytest.mark.parametrize("bad", [-1, 1.5, "7", True])
def test_bad_seed_is_a_clear_error(bad):
    with pytest.raises(OddsInputError, match="seed"):
        rng.resolve_seed(bad)


def test_same_seed_same_result_whatever_the_thread_count():
    """Chunks own their streams, so 1 and 2 threads give bit-identical counts."""
    trials = 5 * rng.CHUNK_TRIALS + 123
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = charge_vs_flee(12, 10, 12, trials=trials, seed=99)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = charge_vs_flee(12, 10, 12, trials=trials, seed=99)
    finally:
        numba.set_num_threads(before)
    assert one.table.equals(two.table)
    assert one.extra["gap"].equals(two.extra["gap"])
