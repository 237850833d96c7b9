"""Arrays whose shape the compiler knows: :func:`fixed_shape`.

numba indexes a C-contiguous array through the shape stored in the array's
structure: ``a[i, j]`` reads ``a.shape[1]`` at run time.  A kernel that takes
thirty arrays holds a few dozen such shapes live through its loops, on top of
its own values, and spills them to the stack.  Most of them are known when the
kernel is written (a model's column counts) or when it is specialised (the
plain-pair kernel's two units and one contact): :func:`fixed_shape` returns a
view of an array with the shape given as compile-time constants, so LLVM folds
them into the address arithmetic and keeps nothing live for them.

In fast mode (:data:`odds._jit.FAST`) that view is the intrinsic
``odds._numba_fast.fixed_shape``; in plain mode, and under ``NUMBA_DISABLE_JIT``, it is
:func:`fixed_shape_py`, which checks the shape and returns the array itself.
"""

from __future__ import annotations

import numba
import numpy as np

from odds._jit import _fast, inline

MISMATCH = "fixed_shape: the array's shape is not the one given"


def fixed_shape_py(ary: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """``ary`` itself, its shape checked against ``shape`` (``ValueError`` if it differs)."""
    if ary.shape != tuple(shape):
        raise ValueError(MISMATCH)
    return ary


def _fixed_shape_plain(ary, shape):
    """:func:`fixed_shape_py` for numba's plain mode (``shape`` a tuple)."""
    if ary.shape != shape:
        raise ValueError(MISMATCH)
    return ary


if numba.config.DISABLE_JIT:
    fixed_shape = fixed_shape_py
elif _fast is None:
    fixed_shape = inline(_fixed_shape_plain)
else:
    fixed_shape = _fast.fixed_shape
"""``fixed_shape(ary, shape)``: a view of ``ary`` whose shape LLVM knows (fast mode), else
:func:`fixed_shape_py` (compiled in plain mode)."""
