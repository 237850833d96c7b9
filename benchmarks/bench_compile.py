"""Time and memory to the first answer, cold and warm (issue 13).

Run ``python benchmarks/bench_compile.py`` from the repository root (about two
minutes on 2 cores; ``--only combat`` for one command).

Each command of the README's first section (charge, pursue, flee, combat,
scenario combat, emerge, plus matrix) runs as ``python -m odds ...`` in a
fresh process:

* **cold**: with ``NUMBA_CACHE_DIR`` pointing at a new, empty temporary
  folder, so every kernel the command needs is compiled from scratch;
* **warm**: the same command again with that folder now filled (what every
  later call on the machine sees).

``all kernels`` is ``odds demo`` (the README's first command, which calls
every kernel: charge, pursuit, flight, combat, scenario, matrix, emergence) in
one cold process: the total a player waits on a fresh machine, install aside.
The last row is the warm-CLI goal, ``odds combat empire_swordsmen orc_boyz
--trials 100000`` with the cache present.

``--concurrent COMMAND`` starts two cold processes of one command together on
one empty cache folder instead, to see whether both compile.

Wall time is measured around the child; peak RSS and CPU time come from
``os.wait4`` (that child's own rusage).  ``--source DIR`` points at another
checkout (e.g. ``git archive 58780dd | tar -x -C /tmp/before``) to measure a
"before": the child runs with ``PYTHONPATH=DIR`` and ``DIR`` as its working
folder.  Numbers depend on the load: the load average is printed at the
start and the end.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

TRIALS = "1000"
COMMANDS: dict[str, list[str]] = {
    "charge": ["charge", "--charger-move", "18", "--target-move", "10", "--distance", "20",
               "--edge-distance", "40"],
    "pursue": ["pursue", "--pursuer-move", "20", "--fleer-move", "10"],
    "flee": ["flee", "--move", "10", "--edge-distance", "40", "--ld", "7", "--turns", "3"],
    "combat": ["combat", "empire_swordsmen", "orc_boyz"],
    "scenario": ["combat", "--scenario", "odds/examples/combat_heroes.toml"],
    "emerge": ["emerge", "--scenario", "odds/examples/emergence_ambush.toml"],
    "matrix": ["matrix", "empire_swordsmen,dwarf_hammerers", "orc_boyz,trolls",
               "--points", "250"],
}
DEMO = ["demo"]
WARM_GOAL = ["combat", "empire_swordsmen", "orc_boyz", "--trials", "100000"]

GOAL_COLD_S = 30.0
GOAL_RSS_GB = 1.0
GOAL_WARM_S = 1.5


def start_odds(argv: list[str], source: Path, cache: Path, python: str) -> subprocess.Popen:
    """Start ``python -m odds argv`` with ``cache`` as numba's cache folder."""
    env = dict(os.environ, PYTHONPATH=str(source), NUMBA_CACHE_DIR=str(cache),
               MPLBACKEND="Agg")
    return subprocess.Popen([python, "-m", "odds", *argv], cwd=source, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_odds(proc: subprocess.Popen, t0: float) -> tuple[float, float, float, int]:
    """Wait for ``proc``; ``(wall s since t0, cpu s, peak RSS GB, exit code)``."""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        print(f"  ! {' '.join(proc.args)} exited {proc.returncode}:\n{err}", file=sys.stderr)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 2**20, proc.returncode


def run_odds(argv: list[str], source: Path, cache: Path,
             python: str) -> tuple[float, float, float, int]:
    """Run ``python -m odds argv`` once; ``(wall s, cpu s, peak RSS GB, exit code)``."""
    t0 = time.perf_counter()
    return wait_odds(start_odds(argv, source, cache, python), t0)


def concurrent(name: str, source: Path, python: str) -> None:
    """Two cold processes of one command started together on one empty cache folder."""
    argv = [*COMMANDS[name], "--trials", TRIALS]
    cache = Path(tempfile.mkdtemp(prefix=f"odds-bench-{name}-"))
    try:
        t0 = time.perf_counter()
        procs = [start_odds(argv, source, cache, python) for _ in range(2)]
        results = [wait_odds(p, t0) for p in procs]
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    for k, (wall, cpu, rss, _) in enumerate(results):
        print(f"concurrent cold {name} #{k + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU, "
              f"{rss:.2f} GB peak")


def row(name: str, cold: tuple, warm: tuple | None) -> str:
    """One table line: cold wall, CPU, RSS, then warm wall and RSS."""
    text = f"{name:<10} {cold[0]:8.1f} {cold[1]:8.1f} {cold[2]:8.2f}"
    if warm is not None:
        text += f" {warm[0]:8.2f} {warm[2]:8.2f}"
    return text


def main() -> None:
    """Run the commands cold then warm and print the table and the goals."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", type=Path, default=HERE.parent,
                    help="checkout to measure (default: this one)")
    ap.add_argument("--python", default=sys.executable, help="interpreter to run odds with")
    ap.add_argument("--only", nargs="*", choices=[*COMMANDS, "demo"],
                    help="measure only these rows (default: all, then demo)")
    ap.add_argument("--no-demo", action="store_true", help="skip the all-kernels demo row")
    ap.add_argument("--concurrent", choices=list(COMMANDS),
                    help="instead: start two cold processes of this command together, sharing "
                    "one empty cache folder, and report each one's time, CPU and memory")
    args = ap.parse_args()
    source = args.source.resolve()
    if args.concurrent:
        print(f"load average (1 min) at start: {os.getloadavg()[0]:.2f}")
        concurrent(args.concurrent, source, args.python)
        print(f"load average (1 min) at end: {os.getloadavg()[0]:.2f}")
        return
    names = args.only if args.only else [*COMMANDS, "demo"]
    if args.no_demo and "demo" in names:
        names.remove("demo")

    print(f"odds compile benchmark: source {source}")
    print(f"python {platform.python_version()} ({args.python}), {os.cpu_count()} CPUs, "
          f"load average (1 min) at start: {os.getloadavg()[0]:.2f}")
    print(f"each command with --trials {TRIALS} (demo: --trials 1000), stdout discarded\n")
    print(f"{'command':<10} {'cold s':>8} {'cold cpu':>8} {'cold GB':>8} {'warm s':>8} "
          f"{'warm GB':>8}")
    cold_rows: dict[str, tuple] = {}
    warm_cache: Path | None = None
    for name in names:
        argv = ([*DEMO, "--trials", TRIALS] if name == "demo"
                else [*COMMANDS[name], "--trials", TRIALS])
        cache = Path(tempfile.mkdtemp(prefix=f"odds-bench-{name}-"))
        try:
            cold = run_odds(argv, source, cache, args.python)
            warm = run_odds(argv, source, cache, args.python)
            cold_rows[name] = cold
            print(row(name, cold, warm), flush=True)
            if name in ("combat", "demo"):
                if warm_cache is not None:
                    shutil.rmtree(warm_cache, ignore_errors=True)
                warm_cache, cache = cache, None
        finally:
            if cache is not None:
                shutil.rmtree(cache, ignore_errors=True)

    print()
    if "demo" in cold_rows:
        wall, cpu, rss, _ = cold_rows["demo"]
        ok = wall <= GOAL_COLD_S and rss <= GOAL_RSS_GB
        print(f"all kernels cold (odds demo): {wall:.1f} s wall, {cpu:.1f} s CPU, "
              f"{rss:.2f} GB peak; goal <= {GOAL_COLD_S:g} s and <= {GOAL_RSS_GB:g} GB: "
              f"{'met' if ok else 'NOT met'}")
    peak = max((r[2] for r in cold_rows.values()), default=0.0)
    print(f"highest cold peak RSS of any command: {peak:.2f} GB "
          f"(goal <= {GOAL_RSS_GB:g} GB: {'met' if peak <= GOAL_RSS_GB else 'NOT met'})")
    if warm_cache is not None:
        try:
            goal = min(run_odds(WARM_GOAL, source, warm_cache, args.python)[0] for _ in range(3))
        finally:
            shutil.rmtree(warm_cache, ignore_errors=True)
        print(f"warm `odds {' '.join(WARM_GOAL)}`: {goal:.2f} s (best of 3; goal <= "
              f"{GOAL_WARM_S:g} s: {'met' if goal <= GOAL_WARM_S else 'NOT met'})")
    print(f"load average (1 min) at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
