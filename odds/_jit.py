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

Two modes, chosen once per process by the environment variable ``ODDS_PLAIN_NUMBA``:

- fast (unset or ``0``): the decorators of :mod:`odds._numba_fast`, which builds on numba's
  internals (a package-wide cache key, helpers linked in as LLVM IR, hand-written LLVM for
  two intrinsics);
- plain (``1``, or when :mod:`odds._numba_fast` cannot be imported because a numba release
  moved an internal): every decorator is plain ``numba.njit(cache=True, nogil=True,
  error_model="numpy")``, and the intrinsics have plain twins.  The same dice in the same
  order, so the same answers; slower to compile and to run.  The cache goes to a folder
  named after :func:`package_stamp` (:func:`_plain_cache_dir`), so an edit to any source
  file still recompiles, and the two modes never overwrite each other's cache.

:data:`FAST` says which mode this process runs.

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

import hashlib
import os
import sys
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numba

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: compile without the lock
    fcntl = None

_SOURCE_STAMP: tuple | None = None

PLAIN_SWITCH = "ODDS_PLAIN_NUMBA"
"""The environment variable that selects plain ``numba.njit`` (any value but ``""`` and ``"0"``)."""


def package_stamp() -> tuple:
    """(relative path, mtime, size) of every ``.py`` file of the package, computed once.

    numba's cache keeps a kernel's machine code until the *kernel's own* source
    file changes.  A kernel also freezes what it calls from other modules
    (helpers, inlined or linked in) and the module-level integers it reads
    (the column indices of :mod:`odds.combat.model.layout`): edit one of those and
    numba would load stale machine code -- silently wrong numbers after a
    ``git pull`` that did not touch the kernel's file.  Every kernel's cache
    is keyed by this stamp too (fast mode: ``odds._numba_fast._PackageCache``;
    plain mode: :func:`_plain_cache_dir`), so any change to the package's sources recompiles.
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


def _fast_module() -> Any:
    """:mod:`odds._numba_fast`, or None in plain mode (switched on, or its import failed)."""
    if os.environ.get(PLAIN_SWITCH, "") not in ("", "0"):
        return None
    try:
        from odds import _numba_fast
    except Exception as exc:  # a numba release moved an internal: run plain, slower
        warnings.warn(f"odds: numba {numba.__version__} lacks an internal odds builds on "
                      f"({exc!r}); compiling with plain numba.njit (slower, same answers)",
                      RuntimeWarning, stacklevel=2)
        return None
    return _numba_fast


_fast = _fast_module()

FAST: bool = _fast is not None
"""True when the kernels compile through :mod:`odds._numba_fast`, False in plain mode."""


def _plain_cache_dir() -> str:
    """Plain mode's cache folder: one per state of the package's sources.

    Under ``NUMBA_CACHE_DIR`` when it is set, else under the package's ``__pycache__``;
    named after a hash of :func:`package_stamp`.
    """
    digest = hashlib.sha1(repr(package_stamp()).encode()).hexdigest()[:16]
    base = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    return os.path.join(base, f"odds-plain-{digest}")


def _plain(func: Callable) -> Any:
    """``numba.njit(cache=True, nogil=True, error_model="numpy")(func)``, cached by package state.

    numba reads its cache folder when a dispatcher is made, so it is set around that only.
    """
    if numba.config.DISABLE_JIT:
        return func
    saved = numba.config.CACHE_DIR
    numba.config.CACHE_DIR = _plain_cache_dir()
    try:
        return numba.njit(cache=True, nogil=True, error_model="numpy")(func)
    finally:
        numba.config.CACHE_DIR = saved


kernel: Callable = (_plain if _fast is None else _fast.package_cached(
    numba.njit(cache=True, nogil=True, error_model="numpy"), package_stamp))
"""Decorator for serial kernels that allocate (their dice buffers, scratch arrays)."""

lean: Callable = _plain if _fast is None else _fast.lean_dispatcher(package_stamp)
"""Decorator for kernels that allocate nothing (helpers: :data:`inline`, :data:`linked`).

Fast mode: compiled without numba's reference counting (``_nrt=False``): a kernel called
with arrays otherwise increfs and decrefs every array argument on every call,
atomically; for the combat engine's trial function that was a third of its
time.  Such a kernel cannot create arrays (views and slices of its arguments
are fine).  One version per argument types.
"""

inline: Callable
linked: Callable
inline, linked = (_plain, _plain) if _fast is None else _fast.linked_helpers(kernel)

"""Decorators for helpers: ``inline`` on the hot path, ``linked`` for rare rules.

``inline`` (fast mode: typed and lowered once each, inlined by LLVM): numba's own
``inline="always"`` copies a helper's IR into every call site
before type inference, so numba's front end (type inference, SSA, lowering:
four fifths of the combat kernel's compile) worked on a kernel many times
the code written.  In fast mode each helper is typed and lowered once, like a
:data:`linked` helper, and its LLVM function is marked ``alwaysinline``: when a
caller links it in, LLVM inlines it, so the machine code has no call.  No
reference counting (``_nrt=False``): such a helper allocates nothing.

``linked``, for helpers called from kernels off the hot path, not inlined (fast mode: like
``inline`` (compiled to LLVM IR only, linked into every caller,
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

NOTICE_WORDS: dict[str, Any] = {
    "compiling": "compiling {what} for this machine, once: about {seconds} s…",
    "waiting": "another process is compiling {what} for this machine; waiting for it (about "
               "{seconds} s at most)…",
    "engines": {name: what for name, (what, _) in ENGINES.items()},
}
"""The notice's sentences and engine names, in English; :func:`notice_words` swaps them."""

_words: dict[str, Any] = NOTICE_WORDS


def notice_words(words: dict[str, Any] | None) -> None:
    """Print the first-compile notice with ``words`` (keys as :data:`NOTICE_WORDS`).

    ``None`` restores the English words.  The CLI passes the words of its ``--lang``.
    """
    global _words
    _words = NOTICE_WORDS if words is None else {**NOTICE_WORDS, **words}


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
    process.  Returns True when this call compiled.  In plain mode (:data:`FAST` False)
    nothing is done here: numba compiles on the first call, without notice or lock.
    """
    if _fast is None or not _fast.has_cache_file(dispatcher):  # plain, JIT disabled, no cache
        return False
    sig = tuple(dispatcher.typeof_pyval(a) for a in args)
    if sig in dispatcher.overloads or _fast.cached(dispatcher, sig):
        return False
    lock = _open_lock(dispatcher._cache)
    try:
        if lock is not None and not _try_lock(lock):
            _notice(engine, "waiting")
            fcntl.flock(lock, fcntl.LOCK_EX)
        if _fast.cached(dispatcher, sig):  # the other process finished it
            return False
        _notice(engine, "compiling")
        dispatcher.compile(sig)
        return True
    finally:
        if lock is not None:
            lock.close()  # releases the lock


def _lock_path(cache: Any) -> str:
    """The lock file of a kernel: its numba cache index's path + ``.lock`` (fast mode)."""
    return _fast.lock_path(cache)


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


def _notice(engine: str, key: str) -> None:
    """Print the first-compile notice ``key`` for ``engine`` on stderr (once per process)."""
    if engine in _announced:
        return
    _announced.add(engine)
    seconds = ENGINES.get(engine, ("", 30))[1]
    what = _words["engines"].get(engine, NOTICE_WORDS["engines"].get(engine, engine))
    template = _words[key]
    print("odds: " + template.format(what=what, seconds=seconds), file=sys.stderr, flush=True)
