"""Helpers compiled to LLVM IR only and linked into the kernels that call them (issue 13).

``odds._jit.inline`` and ``odds._jit.linked`` helpers are typed and lowered
once each; the kernel that calls them links their modules into its own and
is the only one compiled to machine code (and cached).  Called from Python,
a helper still works.  Each run is a fresh process with an empty
``NUMBA_CACHE_DIR``, as on a fresh machine.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import fresh_process_env

TOY = '''
from odds._jit import inline, lean, linked

@inline
def twice(x):
    return 2 * x

@linked
def count_big(a, t):
    n = 0
    for v in a:
        n += v >= t
    return n

@lean
def kernel(a, t):
    return twice(count_big(a, t)) + 1
'''

# which code libraries reach LLVM's JIT engine (the step that emits machine code)
PROBE = '''
import numpy as np
from numba.core.codegen import JITCodeLibrary
emitted = []
real = JITCodeLibrary._finalize_specific

def spy(self):
    emitted.append(self.name)
    return real(self)

JITCodeLibrary._finalize_specific = spy
import toylink
a = np.arange(10)
print(toylink.kernel(a, 4))
print(sorted(emitted))
print(len(toylink.twice.overloads), len(toylink.count_big.overloads))
print(toylink.twice(21), toylink.count_big(a, 7))
print(repr(toylink.kernel.inspect_llvm(toylink.kernel.signatures[0])))
for helper in (toylink.twice, toylink.count_big):  # the attributes callers link in
    print([sorted(a.decode() for a in cres.library._get_module_for_linking().get_function(
        cres.fndesc.mangled_name).attributes) for cres in helper.overloads.values()])
'''


@pytest.fixture
def toy(tmp_path: Path) -> dict[str, str]:
    return fresh_process_env(tmp_path, "toylink", TOY)


def probe(env: dict[str, str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, timeout=600, check=True)
    return done.stdout.splitlines()


def test_helpers_make_no_machine_code_of_their_own(toy):
    answer, emitted, compiled, from_python = probe(toy)[:4]
    assert answer == "13"  # 6 values >= 4, twice, plus one
    names = ast.literal_eval(emitted)
    assert "kernel" in names
    assert "twice" not in names and "count_big" not in names
    assert compiled == "1 1"  # each helper typed and lowered once, for the kernel
    assert from_python == "42 3"  # called from Python: an ordinary njit version


def test_inline_helper_has_no_call_left_in_the_kernel(toy):
    out = probe(toy)
    llvm = ast.literal_eval(out[4])
    calls = [line for line in llvm.splitlines() if " call " in line]
    assert not [line for line in calls if "twice" in line]
    # what makes the difference: the inline helper's function reaches its callers marked
    # alwaysinline, the linked one's is left to LLVM's own judgement (this small one LLVM
    # inlines anyway, so the kernel's code cannot tell them apart)
    (twice,), (count_big,) = ast.literal_eval(out[5]), ast.literal_eval(out[6])
    assert "alwaysinline" in twice
    assert "alwaysinline" not in count_big


def test_kernel_loaded_from_the_cache_needs_no_helper(toy):
    first = probe(toy)
    second = probe(toy)
    assert first[2] == "1 1"
    assert second[0] == first[0] == "13"
    assert second[2] == "0 0"  # the kernel was loaded: neither helper compiled again
