"""numba's internals, fenced: every use of ``numba.core``, ``numba.np`` and ``llvmlite`` here.

The package compiles its kernels with plain ``numba.njit`` options except for what this
module adds on numba's internals, each for speed (of a compile or of a run) only:

- :class:`_PackageCache`, numba's per-function cache keyed by the whole package's sources
  (:func:`odds._jit.package_stamp`), so an edit to a helper or a column index recompiles;
- :func:`lean_dispatcher`, a dispatcher without reference counting that compiles one version
  per argument types (:class:`_PerTypeDispatcher`);
- :func:`linked_helpers`, helpers lowered once to LLVM IR and linked into their callers
  (:class:`_LinkOnlyLowering`), inlined by LLVM or called;
- :func:`fixed_shape` and :func:`at_least16`, two intrinsics that emit LLVM IR by hand;
- :func:`cached` and :func:`lock_path`, reading numba's cache index for the first-compile lock.

These classes and functions move between numba's minor versions.  :mod:`odds._jit` imports
this module only when ``ODDS_PLAIN_NUMBA`` is unset or ``0``, and falls back to plain
``numba.njit(cache=True, nogil=True)`` (and plain-Python twins of the two intrinsics) when
the import fails: a numba release that moves them costs speed, not a broken install.
Nothing else in the package imports this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from llvmlite import ir
from numba.core import cgutils, funcdesc, types
from numba.core.caching import FunctionCache, IndexDataCacheFile
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler import CompilerBase, DefaultPassBuilder, _LowerResult
from numba.core.compiler_machinery import register_pass
from numba.core.errors import TypingError
from numba.core.imputils import impl_ret_borrowed
from numba.core.registry import CPUDispatcher
from numba.core.typed_passes import NativeLowering
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

BLOCK = 16
"""Faces :func:`at_least16` compares at once."""

SHAPE_MISMATCH = "fixed_shape: the array's shape is not the one given"

class _PackageCache(FunctionCache):
    """numba's per-function cache, also invalidated by any change to the package.

    The index file's source stamp is the kernel file's stamp and
    :func:`package_stamp`; numba discards an index whose stamp differs.
    """

    def __init__(self, py_func: Callable, package_stamp: Callable[[], tuple]) -> None:
        super().__init__(py_func)
        stamp = (self._impl.locator.get_source_stamp(), package_stamp())
        self._cache_file = IndexDataCacheFile(cache_path=self._cache_path,
                                              filename_base=self._impl.filename_base,
                                              source_stamp=stamp)


def package_cached(jit: Callable, package_stamp: Callable[[], tuple]) -> Callable:
    """``jit`` (a configured ``numba.njit``) whose dispatchers use :class:`_PackageCache`."""
    def decorate(func: Callable) -> Any:
        disp = jit(func)
        if not numba.config.DISABLE_JIT:
            disp._cache = _PackageCache(func, package_stamp)
        return disp

    return decorate


class _PerTypeDispatcher(CPUDispatcher):
    """A dispatcher that compiles one version per argument *types*, not per constant.

    Called from another kernel with a constant argument (``hosted_char(v, ...,
    True, 2)``), numba's own dispatcher compiles a version specialised to
    that constant's value; with several call sites that was up to five
    compiles of one helper.  This one widens literal types first.
    """

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(a) for k, a in kws.items()}
        return super().get_call_template(args, kws)


def lean_dispatcher(package_stamp: Callable[[], tuple]) -> Callable:
    """Decorator: a :class:`_PerTypeDispatcher` without reference counting, package-cached."""
    def decorate(func: Callable) -> Any:
        if numba.config.DISABLE_JIT:
            return func
        disp = _PerTypeDispatcher(py_func=func, locals={}, targetoptions={
            "nopython": True, "nogil": True, "error_model": "numpy", "_nrt": False})
        disp._cache = _PackageCache(func, package_stamp)
        return disp

    return decorate


class _LinkOnlyLibrary(JITCodeLibrary):
    """A helper's code library that is only ever linked into its callers.

    Finalising it links its own callees in, as for any library, but does not
    optimise the linked module, hand it to LLVM's JIT engine or emit machine
    code: every caller links the helper's module into its own and optimises
    the whole (each function was already optimised on its own when lowered),
    so that work was done again, or never used.  For the combat engine it
    was a large part of the cold compile.
    """

    def _optimize_final_module(self) -> None:
        pass  # the caller's module, with this one linked in, is optimised

    def _finalize_final_module(self) -> None:
        self._finalize_dynamic_globals()
        self._verify_declare_only_symbols()
        self._finalized = True


class _LinkOnlyEntry:
    """The key under which a link-only helper's version is registered for callers.

    Stands where numba keeps a compiled version's Python-callable entry point;
    never called (Python calls go through :meth:`_LinkedDispatcher._compile_for_args`).
    """

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<link-only version of {self.name}>"


@register_pass(mutates_CFG=True, analysis_only=False)
class _LinkOnlyLowering(NativeLowering):
    """numba's lowering pass (:class:`~numba.core.typed_passes.NativeLowering`), link-only.

    Lowers the function to LLVM IR as usual, without the CPython and C
    wrappers (the flags of :data:`inline` and :data:`linked` turn them off), in a
    :class:`_LinkOnlyLibrary`, and registers it for callers under a
    :class:`_LinkOnlyEntry` instead of a callable compiled to machine code.
    """

    _name = "odds_link_only_lowering"

    def run_pass(self, state: Any) -> bool:
        targetctx = state.targetctx
        if state.library is None:
            state.library = targetctx.codegen().create_library(state.func_id.func_qualname)
        library = state.library
        library.__class__ = _LinkOnlyLibrary
        library._reload_init.update(state.reload_init)
        fndesc = funcdesc.PythonFunctionDescriptor.from_specialized_function(
            state.func_ir, state.typemap, state.return_type, state.calltypes,
            mangler=targetctx.mangler, inline=state.flags.forceinline,
            noalias=state.flags.noalias, abi_tags=[state.flags.get_mangle_string()])
        with targetctx.push_code_library(library):
            lower = self.lowering_class(targetctx, library, fndesc, state.func_ir,
                                        metadata=state.metadata)
            lower.lower()
            env, call_helper = lower.env, lower.call_helper
            del lower
        entry = _LinkOnlyEntry(fndesc.qualname)
        targetctx.insert_user_function(entry, fndesc, [library])
        state.reload_init.extend(library._reload_init)
        state["cr"] = _LowerResult(fndesc, call_helper, cfunc=entry, env=env)
        state.metadata["llvm_pass_timings"] = library.recorded_timings
        return True


class _LinkOnlyCompiler(CompilerBase):
    """numba's nopython pipeline with :class:`_LinkOnlyLowering` for its lowering pass."""

    def define_pipelines(self) -> list:
        pm = DefaultPassBuilder.define_nopython_pipeline(self.state)
        pm.passes = [(_LinkOnlyLowering, "link-only lowering") if cls is NativeLowering
                     else (cls, text) for cls, text in pm.passes]
        pm.finalize()
        return [pm]


class _LinkedDispatcher(_PerTypeDispatcher):
    """A helper compiled on its own to LLVM IR only, and linked into its callers.

    numba links the module of every function a kernel calls into the
    kernel's own module (its functions ``linkonce_odr``), so a helper's own
    machine code, its CPython and C wrappers and its cache entry are never
    used by the engines; :class:`_LinkOnlyCompiler` makes none of them.  A
    call from Python (tests, exploring) runs a :data:`kernel` version of the
    same function instead (compiled on the first such call, and cached).
    """

    _python_version: Any = None
    python_kernel: Callable = staticmethod(numba.njit)
    """The decorator of the version Python calls run (set by :func:`linked_helpers`)."""

    def add_overload(self, cres: Any) -> None:
        # no _insert: numba's C-level dispatch would call the entry point as machine code
        self.overloads[tuple(cres.signature.args)] = cres

    def _compile_for_args(self, *args: Any, **kws: Any) -> Callable[..., Any]:
        # reached for every call from Python; returns what numba's C code then calls
        if self._python_version is None:
            self._python_version = type(self).python_kernel(self.py_func)
        return self._python_version


class _InlinedDispatcher(_LinkedDispatcher):
    """A :class:`_LinkedDispatcher` whose function LLVM inlines into every caller.

    The ``alwaysinline`` attribute, set on the module callers link in before
    any of them links it, makes LLVM's inliner take the helper whatever its
    size.
    """

    def add_overload(self, cres: Any) -> None:
        mod = cres.library._get_module_for_linking()
        mod.get_function(cres.fndesc.mangled_name).add_function_attribute("alwaysinline")
        super().add_overload(cres)


def _linked_helper(dispatcher: type) -> Callable[[Callable], Any]:
    def decorate(func: Callable) -> Any:
        if numba.config.DISABLE_JIT:
            return func
        # no cache of its own: the kernels that link it in are cached with it
        return dispatcher(py_func=func, locals={}, targetoptions={
            "nopython": True, "nogil": True, "error_model": "numpy", "_nrt": False,
            "no_cpython_wrapper": True, "no_cfunc_wrapper": True},
            pipeline_class=_LinkOnlyCompiler)

    return decorate


def linked_helpers(python_kernel: Callable) -> tuple[Callable, Callable]:
    """The decorators ``(inline, linked)`` of :mod:`odds._jit`.

    Called from Python, a helper runs a version compiled by ``python_kernel``.
    """
    _LinkedDispatcher.python_kernel = staticmethod(python_kernel)
    return _linked_helper(_InlinedDispatcher), _linked_helper(_LinkedDispatcher)


def cached(dispatcher: Any, sig: tuple) -> bool:
    """Whether numba's on-disk cache holds a fresh entry for ``sig``."""
    cache = dispatcher._cache
    try:
        key = cache._index_key(sig, dispatcher.targetctx.codegen())
        return key in cache._cache_file._load_index()
    except Exception:  # an unreadable index: numba recompiles, so say it is cold
        return False


def lock_path(cache: Any) -> str:
    """The lock file of a kernel: its numba cache index's path + ``.lock``."""
    return cache._cache_file._index_path + ".lock"


def has_cache_file(dispatcher: Any) -> bool:
    """Whether ``dispatcher`` caches to disk (False: JIT disabled, or ``cache=False``)."""
    cache = getattr(dispatcher, "_cache", None)
    return cache is not None and hasattr(cache, "_cache_file")


@intrinsic
def fixed_shape(typingctx, ary, shape):
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
            context.call_conv.return_user_exc(builder, ValueError, (SHAPE_MISMATCH,))
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


@intrinsic
def at_least16(typingctx, buf, q, n, target):
    """How many of the faces ``buf[q:q + n]`` are ``target`` or more, for ``0 <= n <= 16``.

    Reads ``buf[q:q + 16]`` whatever ``n`` is, unchecked: the caller makes sure those
    sixteen faces are inside the buffer (:func:`odds._faces.count_at_least`).  ``target`` is
    compared as an unsigned byte, as ``buf[i] >= np.uint8(target)`` does.  Plain LLVM vector
    IR (a ``<16 x i8>`` load and compare, ``llvm.ctpop``), which LLVM lowers on any target.
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
