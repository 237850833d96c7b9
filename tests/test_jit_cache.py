"""The first compile on a machine: a notice only when the cache is cold, and a lock.

Issue 12 §4 (one stderr line before a kernel compiles for the first time,
nothing once the cache is warm) and issue 13 (processes started together
compile once: the others wait on a file lock, then load the cache).  A tiny
kernel in a module of its own stands in for the engines; each run is a fresh
process with its own ``NUMBA_CACHE_DIR``, as on a fresh machine.
"""

from __future__ import annotations

import fcntl
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import fresh_process_env

import odds._jit as jit
from odds.charge import charge_vs_flee
from odds.flight import flee
from odds.pursuit import pursue

REPO = Path(__file__).resolve().parents[1]

TOY = '''
from odds._jit import kernel

@kernel
def add_one(x):
    return x + 1
'''

CALL = ("import toy; from odds._jit import compiled_once; "
        "print(compiled_once(toy.add_one, 'charge')(41))")
LOCK = "import toy; from odds._jit import _lock_path; print(_lock_path(toy.add_one._cache))"


@pytest.fixture
def toy_env(tmp_path: Path) -> dict[str, str]:
    return fresh_process_env(tmp_path, "toy", TOY)


def run(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=600, check=True)


def test_notice_only_when_the_cache_is_cold(toy_env):
    cold = run(CALL, toy_env)
    assert cold.stdout.strip() == "42"
    assert cold.stderr.count("\n") == 1
    assert cold.stderr.startswith("odds: compiling the charge engine for this machine, once")
    warm = run(CALL, toy_env)
    assert warm.stdout.strip() == "42"
    assert warm.stderr == ""


def test_waits_for_another_process_holding_the_lock(toy_env):
    path = run(LOCK, toy_env).stdout.strip()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        proc = subprocess.Popen([sys.executable, "-c", CALL], env=toy_env, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            ready, _, _ = select.select([proc.stderr], [], [], 300)
            assert ready, "no notice within 300 s"
            first = proc.stderr.readline()
            assert first.startswith("odds: another process is compiling the charge engine")
            time.sleep(0.5)
            assert proc.poll() is None, "compiled while another process held the lock"
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
        out, rest = proc.communicate(timeout=600)
    assert proc.returncode == 0
    assert out.strip() == "42"
    assert rest == ""  # one notice per engine and process
    assert run(CALL, toy_env).stderr == ""  # it compiled once the lock came free: now warm


@pytest.mark.parametrize("engine, call", [
    ("charge", lambda: charge_vs_flee(18, 10, 20, trials=100, seed=1)),
    ("pursuit", lambda: pursue(10, 10, trials=100, seed=1)),
    ("flight", lambda: flee(10, 40, 7, trials=100, seed=1)),
])
def test_engines_go_through_the_first_compile_guard(monkeypatch, engine, call):
    seen = []
    real = jit.ensure_compiled

    def spy(dispatcher, args, name):
        seen.append(name)
        return real(dispatcher, args, name)

    monkeypatch.setattr(jit, "ensure_compiled", spy)
    call()
    assert seen == [engine]


def test_no_guard_without_a_cache():
    plain = jit.numba.njit(lambda x: x + 1)
    assert jit.ensure_compiled(plain, (np.int64(1),), "charge") is False


def stamped_call(stamp: str) -> str:
    """CALL in a process whose package stamp is ``stamp`` (as if the sources had changed)."""
    return f"import odds._jit as j; j._SOURCE_STAMP = (({stamp!r}, 0, 0),); " + CALL


def test_a_change_anywhere_in_the_package_recompiles(toy_env):
    # numba alone keys a kernel's cache by its own file: helpers linked in from
    # other modules, and combat/model/layout.py's column indices frozen into the
    # machine code, would go stale.  The package stamp is part of every index's key.
    assert run(stamped_call("a"), toy_env).stderr.startswith("odds: compiling")
    assert run(stamped_call("a"), toy_env).stderr == ""
    changed = run(stamped_call("b"), toy_env)
    assert changed.stdout.strip() == "42"
    assert changed.stderr.startswith("odds: compiling")


def test_package_stamp_lists_every_source_file():
    stamp = {row[0]: row[1:] for row in jit.package_stamp()}
    layout = REPO / "odds" / "combat" / "model" / "layout.py"  # in a subpackage
    assert stamp[os.path.join("combat", "model", "layout.py")] == (layout.stat().st_mtime_ns,
                                                                   layout.stat().st_size)
    assert len(stamp) == len(list((REPO / "odds").rglob("*.py")))


TOY_INLINE = '''
from odds._jit import inline, kernel

@inline
def helper(x):
    return 2 * x

@kernel
def first(x):
    return helper(x) + 1

@kernel
def second(x):
    return helper(x) + 2
'''


def test_inlined_helper_loaded_from_the_cache_links_into_a_new_kernel(toy_env, tmp_path):
    # process 1 compiles `helper` (and caches it) for `first`; process 2 compiles
    # `second`, which links the cached `helper` (its saved LLVM bitcode) in
    (tmp_path / "toyinl.py").write_text(TOY_INLINE)
    assert run("import toyinl; print(toyinl.first(20))", toy_env).stdout.strip() == "41"
    later = run("import toyinl; print(toyinl.second(20), toyinl.first(20))", toy_env)
    assert later.stdout.split() == ["42", "41"]
