"""JIT options, set in one place, and the first compile on a machine.

Every kernel in the package is compiled through :data:`kernel` or :data:`lean`
(no reference counting), and the combat engine's helpers through :data:`inline`
(LLVM inlines them into the kernel) or :data:`linked` (called); helpers are
compiled to LLVM IR only, since the kernel that links them in is what runs.
All serial: parallelism is one chunk of trials per Python thread
(:func:`run_chunks`, :func:`chunked`), not ``prange``.  ``cache=True`` writes the
machine code next to the sources (or under ``NUMBA_CACHE_DIR``), so a second
process (a second CLI call) loads it instead of recompiling; any change to the
package's sources invalidates every kernel's cache (:func:`package_stamp`).

Python code calls a top-level kernel through :func:`compiled_once`: when the
kernel is not in numba's cache yet, it prints one line on stderr saying so,
and compiles under a file lock beside the cache.  Without the lock, processes
started together on a fresh machine (notebooks, CLI calls, local Dask
workers) each compile the whole kernel, each with its peak memory; with it,
the first compiles and the others wait, then load its result from the cache.
A lock rather than an explicit warm-up command: it covers every way in (CLI,
Python, notebooks, Dask workers) with nothing for the player to remember, and
costs one index read when the cache is warm.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numba
from numba.core import funcdesc, types
from numba.core.caching import FunctionCache, IndexDataCacheFile
from numba.core.codegen import JITCodeLibrary
from numba.core.compiler import CompilerBase, DefaultPassBuilder, _LowerResult
from numba.core.compiler_machinery import register_pass
from numba.core.registry import CPUDispatcher
from numba.core.typed_passes import NativeLowering

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: compile without the lock
    fcntl = None

_SOURCE_STAMP: tuple | None = None


def package_stamp() -> tuple:
    """(relative path, mtime, size) of every ``.py`` file of the package, computed once.

    numba's cache keeps a kernel's machine code until the *kernel's own* source
    file changes.  A kernel also freezes what it calls from other modules
    (helpers, inlined or linked in) and the module-level integers it reads
    (the column indices of :mod:`odds.combat.model.layout`): edit one of those and
    numba would load stale machine code -- silently wrong numbers after a
    ``git pull`` that did not touch the kernel's file.  Every kernel's cache
    is keyed by this stamp too (:class:`_PackageCache`), so any change to the
    package's sources recompiles.
    """
    global _SOURCE_STAMP
    if _SOURCE_STAMP is None:
        root = os.path.dirname(os.path.abspath(__file__))
        rows = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    st = os.stat(os.path.join(folder, name))
                    rows.append((os.path.relpath(os.path.join(folder, name), root),
                                 st.st_mtime_ns, st.st_size))
        _SOURCE_STAMP = tuple(rows)
    return _SOURCE_STAMP


class _PackageCache(FunctionCache):
    """numba's per-function cache, also invalidated by any change to the package.

    The index file's source stamp is the kernel file's stamp and
    :func:`package_stamp`; numba discards an index whose stamp differs.
    """

    def __init__(self, py_func: Callable) -> None:
        super().__init__(py_func)
        stamp = (self._impl.locator.get_source_stamp(), package_stamp())
        self._cache_file = IndexDataCacheFile(cache_path=self._cache_path,
                                              filename_base=self._impl.filename_base,
                                              source_stamp=stamp)


def _with_package_cache(jit: Callable) -> Callable:
    """``jit`` (a configured ``numba.njit``) whose dispatchers use :class:`_PackageCache`."""
    def decorate(func: Callable) -> Any:
        disp = jit(func)
        if not numba.config.DISABLE_JIT:
            disp._cache = _PackageCache(func)
        return disp

    return decorate


kernel = _with_package_cache(numba.njit(cache=True, nogil=True, error_model="numpy"))
"""Decorator for serial kernels that allocate (their dice buffers, scratch arrays)."""


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


def _lean(func: Callable) -> Any:
    if numba.config.DISABLE_JIT:
        return func
    disp = _PerTypeDispatcher(py_func=func, locals={}, targetoptions={
        "nopython": True, "nogil": True, "error_model": "numpy", "_nrt": False})
    disp._cache = _PackageCache(func)
    return disp


lean = _lean
"""Decorator for kernels that allocate nothing (helpers: :data:`inline`, :data:`linked`).

Compiled without numba's reference counting (``_nrt=False``): a kernel called
with arrays otherwise increfs and decrefs every array argument on every call,
atomically; for the combat engine's trial function that was a third of its
time.  Such a kernel cannot create arrays (views and slices of its arguments
are fine).  One version per argument types (:class:`_PerTypeDispatcher`).
"""


class _LinkOnlyLibrary(JITCodeLibrary):
    """A helper's code library that is only ever linked into its callers.

    Finalising it links its own callees in, as for any library, but does not
    optimise the linked module, hand it to LLVM's JIT engine or emit machine
    code: every caller links the helper's module into its own and optimises
    the whole (each function was already optimised on its own when lowered),
    so that work was done again, or never used.  For the combat engine it
    was about 6 s of a 24 s cold compile (issue 13).
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

    def add_overload(self, cres: Any) -> None:
        # no _insert: numba's C-level dispatch would call the entry point as machine code
        self.overloads[tuple(cres.signature.args)] = cres

    def _compile_for_args(self, *args: Any, **kws: Any) -> Callable[..., Any]:
        # reached for every call from Python; returns what numba's C code then calls
        if self._python_version is None:
            self._python_version = kernel(self.py_func)
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


inline = _linked_helper(_InlinedDispatcher)
"""Decorator for helpers on the hot path: typed and lowered once each, inlined by LLVM.

numba's own ``inline="always"`` copies a helper's IR into every call site
before type inference, so numba's front end (type inference, SSA, lowering:
four fifths of the combat kernel's compile) worked on a kernel many times
the code written.  Here each helper is typed and lowered once, like a
:data:`linked` helper, and its LLVM function is marked ``alwaysinline``: when a
caller links it in, LLVM inlines it, so the machine code has no call (the
same speed as numba's inlining, measured on the combat benchmarks).  No
reference counting (``_nrt=False``): such a helper allocates nothing.
"""

linked = _linked_helper(_LinkedDispatcher)
"""Decorator for helpers called from kernels (rare rules, off the hot path), not inlined.

Like :data:`inline` (compiled to LLVM IR only, linked into every caller,
no reference counting, not cached on its own) but called: the caller's
machine code stays small where the rule is absent.
"""


def inlined(helper: Any) -> Any:
    """An :data:`inline` twin of the :data:`linked` helper ``helper``: the same source, inlined.

    For a kernel that calls the helper on nearly every trial (the plain-pair combat kernel,
    :data:`odds.combat.kernel._break_test`) while the others keep calling it.  The twin is
    typed and lowered on its own, so a kernel that has both in its code (behind a constant
    branch) keeps only the one its constant selects.
    """
    return inline(getattr(helper, "py_func", helper))


def run_chunks(work: Callable[[int], None], n_chunks: int) -> None:
    """Call ``work(c)`` for every chunk ``c``, on numba's thread count of Python threads.

    Instead of ``prange`` drivers: numba's parallel backend types, lowers and
    optimises a ``prange`` body (and every function it calls, linked in) once
    more, which for the combat engine cost a third of its cold compile and for
    the small engines about a second each.  ``work`` calls a ``nogil`` kernel
    that runs one whole chunk, so threads run in parallel; chunks are
    independent (each has its own dice stream and output rows), so the
    results do not depend on the thread count.  The thread count is :func:`numba.get_num_threads`
    (``numba.set_num_threads`` and ``NUMBA_NUM_THREADS`` apply).
    """
    threads = min(n_chunks, numba.get_num_threads())
    if threads <= 1:
        for c in range(n_chunks):
            work(c)
        return
    with ThreadPoolExecutor(max_workers=threads) as pool:
        for done in [pool.submit(work, c) for c in range(n_chunks)]:
            done.result()  # re-raises a chunk's exception here


def chunked(dispatcher: Any, engine: str) -> Callable[..., None]:
    """A chunk kernel ``dispatcher(c, *args)`` as ``run(n_chunks, *args)`` over all chunks.

    Compiled once (:func:`ensure_compiled`, before any thread starts), then
    called for ``c = 0 .. n_chunks - 1`` by :func:`run_chunks`.  The serial
    chunk kernels of the charge, pursuit, flight and emergence engines replace
    ``prange`` drivers: same chunks, same streams, same results, about a
    second less to compile each.
    """
    def run(n_chunks: int, *args: Any) -> None:
        ensure_compiled(dispatcher, (0, *args), engine)
        run_chunks(lambda c: dispatcher(c, *args), n_chunks)

    return run


ENGINES: dict[str, tuple[str, int]] = {
    "charge": ("the charge engine", 3),
    "pursuit": ("the pursuit engine", 3),
    "flight": ("the flight engine", 3),
    "combat": ("the combat engine", 15),
    "emergence": ("the emergence engine", 4),
}
"""Engine name -> (what the notice calls it, cold compile seconds measured on 2 cores).

From ``benchmarks/bench_compile.py`` on the 2-core machine (2026-11-24, session 15: the
combat engine is two kernels, general and plain pairs): cold commands took 2.0-2.1 s (charge,
pursue, flee), 13.6 s (combat, a plain pair), 14.8 s (scenario), 16.0 s (matrix: both
kernels) and 3.6 s (emerge) of wall time, about 0.5 s of which is the process start-up a
warm call also pays."""

_announced: set[str] = set()


def compiled_once(dispatcher: Any, engine: str) -> Callable[..., Any]:
    """``dispatcher`` as a callable that compiles once per machine, announced and locked.

    Parameters
    ----------
    dispatcher : numba dispatcher
        A kernel decorated with :data:`kernel` or :data:`lean`.
    engine : str
        A key of :data:`ENGINES`, named in the notice.

    Returns
    -------
    callable
        Calls ``dispatcher(*args)`` after :func:`ensure_compiled`.
    """
    def call(*args: Any) -> Any:
        ensure_compiled(dispatcher, args, engine)
        return dispatcher(*args)

    return call


def ensure_compiled(dispatcher: Any, args: tuple, engine: str) -> bool:
    """Compile ``dispatcher`` for ``args``' types unless this process or the cache has it.

    A cold compile holds an exclusive ``fcntl`` lock on a file beside the
    kernel's cache index (another process compiling the same kernel waits,
    then finds it cached) and is announced on stderr, once per engine and
    process.  Returns True when this call compiled.
    """
    cache = getattr(dispatcher, "_cache", None)
    if cache is None or not hasattr(cache, "_cache_file"):  # JIT disabled, or no cache
        return False
    sig = tuple(dispatcher.typeof_pyval(a) for a in args)
    if sig in dispatcher.overloads or _cached(dispatcher, sig):
        return False
    lock = _open_lock(cache)
    try:
        if lock is not None and not _try_lock(lock):
            _notice(engine, "another process is compiling {what} for this machine; "
                    "waiting for it (about {seconds} s at most)…")
            fcntl.flock(lock, fcntl.LOCK_EX)
        if _cached(dispatcher, sig):  # the other process finished it
            return False
        _notice(engine, "compiling {what} for this machine, once: about {seconds} s…")
        dispatcher.compile(sig)
        return True
    finally:
        if lock is not None:
            lock.close()  # releases the lock


def _cached(dispatcher: Any, sig: tuple) -> bool:
    """Whether numba's on-disk cache holds a fresh entry for ``sig``."""
    cache = dispatcher._cache
    try:
        key = cache._index_key(sig, dispatcher.targetctx.codegen())
        return key in cache._cache_file._load_index()
    except Exception:  # an unreadable index: numba recompiles, so say it is cold
        return False


def _lock_path(cache: Any) -> str:
    """The lock file of a kernel: its numba cache index's path + ``.lock``."""
    return cache._cache_file._index_path + ".lock"


def _open_lock(cache: Any):
    """The kernel's lock file, opened, or None if it cannot be (no fcntl, read-only)."""
    if fcntl is None:
        return None
    try:
        os.makedirs(cache.cache_path, exist_ok=True)
        return open(_lock_path(cache), "a")
    except OSError:
        return None


def _try_lock(lock) -> bool:
    """Take the lock without waiting; False if another process holds it."""
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _notice(engine: str, template: str) -> None:
    """Print the first-compile notice for ``engine`` on stderr (once per process)."""
    if engine in _announced:
        return
    _announced.add(engine)
    what, seconds = ENGINES.get(engine, (f"the {engine} engine", 30))
    print("odds: " + template.format(what=what, seconds=seconds), file=sys.stderr, flush=True)
