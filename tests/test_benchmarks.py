"""The benchmark scripts still run and still print what ``benchmarks/README.md`` quotes.

Performance is measured in ``benchmarks/``, not asserted here: these smoke runs
check only that each script runs to the end at its smallest size and prints
the lines its README section names (a rate, a ratio, a goal's verdict), so a
benchmark cannot rot unnoticed between the sessions that quote it.  Each runs
in a fresh process, as a reader would run it; the numbers are not checked.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"

RUNS = {
    "bench_core": (["--quick"], ["ns per D6: project"]),
    "bench_counts": ([], ["loop ns", "vector ns"]),
    "bench_combat": (["--quick"], ["x numpy (c)", "(b) 20 v 20 full combat, 1 thread",
                                   "check (a)"]),
    "bench_scenario": (["--quick"], ["ratio (b)/(a), (a) on its plain-pair kernel",
                                     "ratio (b)/(a), both on the core kernel",
                                     "the goal of 0.5"]),
    "bench_emergence": (["--trials", "200000", "--map-trials", "2000",
                         "--baseline-trials", "200000"], ["emergences/s, 1 thread",
                                                     "NumPy baseline, 1 thread",
                                                     "exact placement map"]),
    "bench_compile": (["--only", "charge", "--no-demo"], ["charge", "goal <= 1 GB"]),
}


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(RUNS))
def test_benchmark_runs(script, tmp_path):
    """``benchmarks/<script>.py`` exits 0 and prints its README's lines."""
    args, expected = RUNS[script]
    env = dict(os.environ, PYTHONPATH=str(BENCH.parent))
    done = subprocess.run([sys.executable, str(BENCH / f"{script}.py"), *args],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    for line in expected:
        assert line in done.stdout, f"{script}: {line!r} not in its output:\n{done.stdout}"
