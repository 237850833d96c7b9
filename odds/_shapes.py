"""Arrays whose shape the compiler knows: :func:`fixed_shape` (issue 13).

numba indexes a C-contiguous array through the shape stored in the array's
structure: ``a[i, j]`` reads ``a.shape[1]`` at run time.  A kernel that takes
thirty arrays holds a few dozen such shapes live through its loops, on top of
its own values, and spills them to the stack.  Most of them are known when the
kernel is written (a model's column counts) or when it is specialised (the
plain-pair kernel's two units and one contact): :func:`fixed_shape` returns a
view of an array with the shape given as compile-time constants, so LLVM folds
them into the address arithmetic and keeps nothing live for them.
"""

from __future__ import annotations

import numba
import numpy as np
from numba.core import cgutils, types
from numba.core.errors import TypingError
from numba.core.imputils import impl_ret_borrowed
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

MISMATCH = "fixed_shape: the array's shape is not the one given"


def fixed_shape_py(ary: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """:func:`fixed_shape` in Python (``NUMBA_DISABLE_JIT``): ``ary`` itself, its shape checked."""
    if ary.shape != tuple(shape):
        raise ValueError(MISMATCH)
    return ary


@intrinsic
def _fixed_shape(typingctx, ary, shape):
    """``ary`` viewed with shape ``shape`` (a tuple of integers, constants where known).

    ``ary`` must be C-contiguous and already of that shape: a mismatch raises
    ``ValueError`` (checked once, where the view is made), so a wrong constant
    cannot read out of bounds.  Dimensions not known when compiling are passed
    as ``ary.shape[k]``.
    """
    if not isinstance(ary, types.Array) or ary.layout != "C":
        raise TypingError("fixed_shape: a C-contiguous array is required")
    if not isinstance(shape, types.BaseTuple) or len(shape) != ary.ndim:
        raise TypingError("fixed_shape: the shape needs one integer per dimension")
    if not all(isinstance(t, types.Integer) for t in shape):
        raise TypingError("fixed_shape: the shape needs integers")

    def codegen(context, builder, sig, args):
        aryty = sig.args[0]
        src = make_array(aryty)(context, builder, args[0])
        dims = [context.cast(builder, v, t, types.intp)
                for v, t in zip(cgutils.unpack_tuple(builder, args[1]), sig.args[1], strict=True)]
        actual = cgutils.unpack_tuple(builder, src.shape, aryty.ndim)
        bad = cgutils.false_bit
        for d, a in zip(dims, actual, strict=True):
            bad = builder.or_(bad, builder.icmp_signed("!=", d, a))
        with cgutils.if_unlikely(builder, bad):
            context.call_conv.return_user_exc(builder, ValueError, (MISMATCH,))
        itemsize = context.get_constant(types.intp, context.get_abi_sizeof(
            context.get_data_type(aryty.dtype)))
        strides = []
        step = itemsize
        for d in reversed(dims):
            strides.append(step)
            step = builder.mul(step, d)
        strides.reverse()
        out = make_array(aryty)(context, builder)
        populate_array(out, data=src.data, shape=dims, strides=strides, itemsize=itemsize,
                       meminfo=src.meminfo, parent=src.parent)
        # a view: one more reference to the array's memory where numba counts them
        return impl_ret_borrowed(context, builder, aryty, out._getvalue())

    return ary(ary, shape), codegen


fixed_shape = fixed_shape_py if numba.config.DISABLE_JIT else _fixed_shape
"""``fixed_shape(ary, shape)``: :func:`_fixed_shape` in jitted code, else :func:`fixed_shape_py`."""
