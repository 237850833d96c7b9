"""Plain ``numba.njit`` instead of numba's internals: the same answers, only slower.

``ODDS_PLAIN_NUMBA=1`` (or a numba release that moved an internal ``odds._numba_fast``
builds on) compiles every kernel with plain ``numba.njit(cache=True, nogil=True)``.
Each run is a fresh ``odds`` process; the plain ones get an empty ``NUMBA_CACHE_DIR``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EX = REPO / "odds" / "examples"

QUESTIONS = [
    ["charge", "--charger-move", "18", "--target-move", "10", "--distance", "20",
     "--edge-distance", "40", "--trials", "20000"],
    ["flee", "--move", "10", "--edge-distance", "40", "--ld", "7", "--turns", "3",
     "--trials", "20000"],
    ["combat", "empire_swordsmen", "orc_boyz", "--trials", "4000"],
    ["combat", "empire_ogres", "high_elf_swordmasters", "--defender-bsb", "--trials", "4000"],
    ["combat", "--scenario", str(EX / "combat_heroes.toml"), "--trials", "4000"],
]


def _env(plain: bool, cache: Path | None = None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("ODDS_PLAIN_NUMBA", None)
    if plain:
        env["ODDS_PLAIN_NUMBA"] = "1"
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    return env


def _python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-W", "error", "-c", code], env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout.strip()


def test_the_switch_keeps_numba_internals_out():
    code = ("import sys, odds._jit as j, odds.combat.kernel, odds._faces, odds._shapes; "
            "print(j.FAST, 'odds._numba_fast' in sys.modules)")
    assert _python(code, _env(plain=True)) == "False False"
    assert _python(code, _env(plain=False)) == "True True"


def test_a_missing_internal_falls_back_with_a_warning():
    code = ("import sys, warnings; sys.modules['odds._numba_fast'] = None; "
            "warnings.simplefilter('always'); "
            "import odds._jit as j; print(j.FAST)")
    done = subprocess.run([sys.executable, "-c", code], env=_env(plain=False),
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "False"
    assert "compiling with plain numba.njit" in done.stderr


@pytest.mark.slow
def test_plain_numba_gives_the_same_answers(tmp_path):
    for args in QUESTIONS:
        cmd = [sys.executable, "-m", "odds", *args, "--seed", "1", "--format", "json"]
        fast = subprocess.run(cmd, env=_env(plain=False), capture_output=True, timeout=600,
                              check=True).stdout
        plain = subprocess.run(cmd, env=_env(plain=True, cache=tmp_path), capture_output=True,
                               timeout=600, check=True).stdout
        assert plain == fast, args
    assert list(tmp_path.glob("odds-plain-*"))  # plain mode caches in a folder of its own
