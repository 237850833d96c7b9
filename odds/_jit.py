"""JIT options, set in one place.

Every kernel in the package is compiled through :func:`kernel` (serial) or
:func:`parallel_kernel` (``prange`` over chunks).  ``cache=True`` writes the
machine code next to the sources, so a second process (a second CLI call)
loads it instead of recompiling.
"""

from __future__ import annotations

import numba

kernel = numba.njit(cache=True, nogil=True, error_model="numpy")
"""Decorator for serial kernels and inlined helpers."""

parallel_kernel = numba.njit(cache=True, nogil=True, parallel=True, error_model="numpy")
"""Decorator for the chunk-level drivers (``numba.prange`` over chunks)."""

inline = numba.njit(cache=True, nogil=True, inline="always", error_model="numpy")
"""Decorator for tiny helpers that must be inlined into their callers."""

prange = numba.prange
