"""``odds._shapes.fixed_shape``: an array view whose shape the compiler knows (issue 13)."""

import sys

import numba
import numpy as np
import pytest
from numba.core.errors import TypingError

from odds._shapes import MISMATCH, fixed_shape, fixed_shape_py


@numba.njit
def _read_all(a, n):
    """Every element of ``a`` (n x 3 x 2) through a view with the last two sizes constant."""
    v = fixed_shape(a, (n, 3, 2))
    out = np.empty(v.size, a.dtype)
    k = 0
    for i in range(v.shape[0]):
        for j in range(3):
            for m in range(2):
                out[k] = v[i, j, m]
                k += 1
    return out, v.shape, v.strides, v.size


@numba.njit
def _write(a):
    """Writes through the view: the view shares the array's memory."""
    v = fixed_shape(a, (a.shape[0], 4))
    v[1, 2] = 99.5
    v[-1, -1] = -1.0  # negative indices still wrap round


def test_view_reads_every_element_in_order():
    a = np.arange(5 * 3 * 2, dtype=np.int64).reshape(5, 3, 2) * 7
    out, shape, strides, size = _read_all(a, 5)
    np.testing.assert_array_equal(out, a.ravel())
    assert shape == a.shape
    assert strides == a.strides
    assert size == a.size


def test_view_writes_to_the_array():
    a = np.zeros((3, 4))
    _write(a)
    assert a[1, 2] == 99.5
    assert a[2, 3] == -1.0
    assert np.count_nonzero(a) == 2


@pytest.mark.parametrize("n", [4, 6, 0])
def test_wrong_shape_raises_instead_of_reading_out_of_bounds(n):
    a = np.zeros((5, 3, 2), np.int64)
    with pytest.raises(ValueError, match="fixed_shape"):
        _read_all(a, n)


def test_wrong_constant_dimension_raises():
    a = np.zeros((5, 3, 3), np.int64)  # the view claims 2 in the last dimension
    with pytest.raises(ValueError, match=MISMATCH):
        _read_all(a, 5)


def test_non_contiguous_array_is_a_typing_error():
    a = np.zeros((4, 6))[:, ::2]  # layout 'A'
    with pytest.raises(TypingError, match="C-contiguous"):
        _write(a)


def test_shape_of_the_wrong_length_is_a_typing_error():
    @numba.njit
    def f(a):
        return fixed_shape(a, (a.shape[0],))[0, 0]

    with pytest.raises(TypingError, match="one integer per dimension"):
        f(np.zeros((2, 2)))


def test_python_fallback_checks_the_same_way():
    a = np.zeros((5, 3, 2))
    assert fixed_shape_py(a, (5, 3, 2)) is a
    with pytest.raises(ValueError, match=MISMATCH):
        fixed_shape_py(a, (5, 3, 3))


def test_view_keeps_reference_counts_under_nrt():
    """A view holds one reference more while it lives (numba's reference counting), none after."""
    a = np.zeros((5, 3, 2), np.int64)
    b = np.zeros((3, 4))
    before = sys.getrefcount(a), sys.getrefcount(b)
    for _ in range(2000):
        _read_all(a, 5)
        _write(b)
    assert (sys.getrefcount(a), sys.getrefcount(b)) == before
