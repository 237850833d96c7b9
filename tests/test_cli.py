"""The ``odds`` command line, run as a user runs it: in a subprocess.

Both entry points are exercised: ``python -m odds`` and the ``odds`` console
script installed next to the interpreter.  The JSON contracts of issue 2 §6
are checked key by key, the simulated values against exact ones at z = 5, and
the exact ones against small independent computations written here from
RULES.md §4.1, §4.5, §4.6 and §5.3 (not from the package).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from functools import reduce
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import assert_mc

from odds.cli import main

N = 200_000
SEED = 20240
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TABLE_COLUMNS = ["outcome", "probability", "stderr", "ci_low", "ci_high", "exact"]

CONSOLE_SCRIPT = Path(sys.executable).with_name("odds")
LAUNCHERS = {
    "module": [sys.executable, "-m", "odds"],
    "script": [str(CONSOLE_SCRIPT)],
}


def run(*args: object, launcher: str = "module", env: dict[str, str] | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the CLI with ``args``; never raises on a non-zero exit."""
    return subprocess.run([*LAUNCHERS[launcher], *map(str, args)], capture_output=True,
                          text=True, timeout=900, env=env, cwd=cwd)


def run_ok(*args: object, **kw: object) -> str:
    """Run the CLI, assert success and a clean stderr; return stdout."""
    p = run(*args, **kw)
    assert p.returncode == 0, f"exit {p.returncode}\nstdout:\n{p.stdout}\nstderr:\n{p.stderr}"
    assert "Traceback" not in p.stderr
    return p.stdout


def run_json(*args: object, **kw: object) -> dict:
    return json.loads(run_ok(*args, "--format", "json", **kw))


# --------------------------------------------------------------------------
# independent exact references (RULES.md), deliberately naive
# --------------------------------------------------------------------------


def sum_pmf(n: int) -> np.ndarray:
    """PMF of the sum of n D6, index = total."""
    die = np.array([0.0] + [1 / 6] * 6)
    return reduce(np.convolve, [die] * n, np.array([1.0]))


def flee_dice(move: float, flies: bool = False) -> int:
    """§4.1: 5D6 cm, or 8D6 cm if M > 15 cm or flying."""
    return 8 if flies or move > 15 else 5


def ref_charge(charger_move, target_move, distance, target_flies=False, difficult=0.0,
               wheel=0.0, edge_distance=None) -> dict[str, float]:
    """§5.3: off table if the roll reaches the edge; else caught if 2M - wheel - 2x terrain
    (the charger crosses ``difficult`` cm at half speed) covers distance + roll."""
    pmf = sum_pmf(flee_dice(target_move, target_flies))
    reach = 2 * charger_move - wheel - difficult
    p = {"caught": 0.0, "off_table": 0.0, "escaped": 0.0}
    for roll, q in enumerate(pmf):
        if edge_distance is not None and roll >= edge_distance:
            p["off_table"] += q
        elif reach >= distance + roll:
            p["caught"] += q
        else:
            p["escaped"] += q
    return p


def ref_flight(move: float, edge: float, ld: int, turns: int) -> list[tuple[float, float]]:
    """§4.5 + §4.2: each turn rally on 2D6 <= Ld, else flee; cumulative (rallied, off)."""
    p_rally = sum_pmf(2)[: ld + 1].sum()
    step = sum_pmf(flee_dice(move))
    alive = {0: 1.0}  # distance run so far -> probability still fleeing
    rallied = off = 0.0
    out = []
    for _ in range(turns):
        nxt: dict[int, float] = {}
        for run_, q in alive.items():
            rallied += q * p_rally
            for roll, r in enumerate(step):
                if r == 0:
                    continue
                if run_ + roll >= edge:
                    off += q * (1 - p_rally) * r
                else:
                    nxt[run_ + roll] = nxt.get(run_ + roll, 0.0) + q * (1 - p_rally) * r
        alive = nxt
        out.append((rallied, off))
    return out


# --------------------------------------------------------------------------
# entry points and help
# --------------------------------------------------------------------------


def test_console_script_is_installed_next_to_the_interpreter():
    assert CONSOLE_SCRIPT.is_file(), f"no console script at {CONSOLE_SCRIPT}"
    assert os.access(CONSOLE_SCRIPT, os.X_OK)


@pytest.mark.parametrize("launcher", LAUNCHERS)
def test_help_lists_the_commands(launcher):
    out = run_ok("--help", launcher=launcher)
    for command in ("charge", "pursue", "flee", "demo"):
        assert command in out.split("positional arguments:")[1], command


@pytest.mark.parametrize("command", ["charge", "pursue", "flee", "demo"])
def test_each_command_has_help(command, capsys):
    """In-process (``odds.cli.main``) to keep the suite quick; the parser is the same."""
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert f"usage: odds {command}" in out
    for option in ("--trials", "--seed"):
        assert option in out
    if command != "demo":
        assert "--format" in out and "--plot" in out


def test_no_command_is_an_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main([])
    assert exc.value.code == 2
    assert "COMMAND" in capsys.readouterr().err.strip().splitlines()[-1]


# --------------------------------------------------------------------------
# charge: the JSON contract
# --------------------------------------------------------------------------

CHARGE_CASES = {
    "plain": dict(charger_move=18, target_move=10, distance=20),
    "flies": dict(charger_move=18, target_move=10, distance=20, target_flies=True),
    "difficult": dict(charger_move=18, target_move=10, distance=20, difficult=5),
    "wheel": dict(charger_move=18, target_move=10, distance=20, wheel=3),
    "edge": dict(charger_move=18, target_move=10, distance=10, edge_distance=20),
    "everything": dict(charger_move=18, target_move=10, distance=12, target_flies=True,
                       difficult=5, wheel=3, edge_distance=30),
}


def charge_args(case: dict) -> list[object]:
    args: list[object] = ["charge"]
    for key, value in case.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        else:
            args += [flag, value]
    return args


@pytest.mark.parametrize("name", CHARGE_CASES)
def test_charge_json_contract_and_z5(name):
    case = CHARGE_CASES[name]
    launcher = "script" if name in ("plain", "everything") else "module"
    d = run_json(*charge_args(case), "--trials", N, "--seed", SEED, launcher=launcher)
    for key in ("trials", "seed", "p_caught", "p_escaped", "p_off_table", "exact"):
        assert key in d, key
    assert d["trials"] == N and d["seed"] == SEED
    ref = ref_charge(**case)
    keys = [f"p_{k}" for k in ref]
    assert set(d["exact"]) >= set(keys)
    assert sum(d[k] for k in keys) == pytest.approx(1.0, abs=1e-12)
    for outcome, p in ref.items():
        key = f"p_{outcome}"
        assert d["exact"][key] == pytest.approx(p, abs=1e-12), key
        assert_mc(d[key], d["exact"][key], N, what=f"{name} {key}")


def test_charge_json_cases_are_not_degenerate():
    """The cases above between them exercise every outcome at a non-trivial probability."""
    refs = [ref_charge(**c) for c in CHARGE_CASES.values()]
    for outcome in ("caught", "off_table", "escaped"):
        assert any(0.01 < r[outcome] < 0.99 for r in refs), outcome


def test_charge_reference_source_001_numbers():
    """Boar boyz M18 vs spearmen 20 cm away: caught iff 5D6 <= 16, 3108 of 7776 throws.

    Pins the reference used above (the "plain" case) to the hand count.
    """
    assert ref_charge(18, 10, 20)["caught"] == pytest.approx(3108 / 7776, abs=1e-12)


# --------------------------------------------------------------------------
# pursue and flee: the JSON contracts
# --------------------------------------------------------------------------

RULES_4_6 = [(10, 10, 0.536), (10, 20, 0.052), (20, 10, 0.963), (20, 20, 0.529)]


@pytest.mark.parametrize(("pursuer", "fleer", "p_table"), RULES_4_6)
def test_pursue_json_contract_and_rules_4_6(pursuer, fleer, p_table):
    d = run_json("pursue", "--pursuer-move", pursuer, "--fleer-move", fleer,
                 "--trials", N, "--seed", SEED)
    for key in ("trials", "seed", "p_caught", "exact"):
        assert key in d, key
    assert d["trials"] == N and d["seed"] == SEED
    ex = d["exact"]["p_caught"]
    assert round(ex, 3) == p_table
    pp, pf = sum_pmf(flee_dice(pursuer)), sum_pmf(flee_dice(fleer))
    ref = sum(pf[k] * pp[k:].sum() for k in range(pf.size))
    assert ex == pytest.approx(ref, abs=1e-12)
    assert_mc(d["p_caught"], ex, N, what=f"pursue {pursuer} vs {fleer}")


def test_flee_json_contract_cumulative_and_z5():
    d = run_json("flee", "--move", 10, "--edge-distance", 40, "--ld", 7, "--turns", 3,
                 "--trials", N, "--seed", SEED)
    for key in ("trials", "seed", "by_turn"):
        assert key in d, key
    assert d["trials"] == N and d["seed"] == SEED
    rows = d["by_turn"]
    assert [r["turn"] for r in rows] == [1, 2, 3]
    for key in ("p_rallied", "p_off_table"):
        values = [r[key] for r in rows]
        assert values == sorted(values), f"{key} is cumulative, so non-decreasing: {values}"
    ref = ref_flight(10, 40, 7, 3)
    # turn 1: 21/36 rally; nobody reaches 40 cm with 5D6; turn 2 needs 10D6 >= 40
    assert ref[0] == pytest.approx((21 / 36, 0.0))
    assert ref[1][1] == pytest.approx((15 / 36) ** 2 * sum_pmf(10)[40:].sum())
    assert rows[0]["p_off_table"] == 0.0
    for r, (rallied, off) in zip(rows, ref, strict=True):
        assert r["p_rallied"] + r["p_off_table"] <= 1.0
        assert_mc(r["p_rallied"], rallied, N, what=f"turn {r['turn']} rallied")
        assert_mc(r["p_off_table"], off, N, what=f"turn {r['turn']} off table")
    assert rows[-1]["p_off_table"] > 0.05  # the off-table check above is not vacuous


# --------------------------------------------------------------------------
# csv, table and plots
# --------------------------------------------------------------------------

COMMANDS = {
    "charge": ["charge", "--charger-move", 18, "--target-move", 10, "--distance", 20,
               "--edge-distance", 30],
    "pursue": ["pursue", "--pursuer-move", 10, "--fleer-move", 10],
    "flee": ["flee", "--move", 10, "--edge-distance", 40, "--ld", 7, "--turns", 3],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_csv_is_a_tidy_table(command):
    out = run_ok(*COMMANDS[command], "--trials", 20_000, "--seed", 3, "--format", "csv")
    df = pd.read_csv(io.StringIO(out))
    assert set(TABLE_COLUMNS) <= set(df.columns), list(df.columns)
    assert len(df) >= 2
    assert df["probability"].between(0, 1).all()
    assert (df["ci_low"] <= df["probability"]).all() and (df["probability"] <= df["ci_high"]).all()
    assert df["exact"].notna().all()
    if command == "flee":
        assert set(df["outcome"]) == {"rallied", "off_table"}
        assert sorted(df["turn"].unique()) == [1, 2, 3]
    else:
        assert set(df["outcome"]) == {"caught", "off_table", "escaped"}
        assert df["probability"].sum() == pytest.approx(1.0)
        assert df["exact"].sum() == pytest.approx(1.0)


@pytest.mark.parametrize("command", COMMANDS)
def test_table_is_the_default_format_and_plot_writes_a_png(command, tmp_path):
    png = tmp_path / f"{command}.png"
    out = run_ok(*COMMANDS[command], "--trials", 20_000, "--seed", 3, "--plot", png.name,
                 cwd=tmp_path)
    for word in ("outcome", "probability", "exact", "20,000", "seed 3"):
        assert word in out, word
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)
    data = png.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    assert len(data) > 5_000  # a drawn figure, not an empty canvas


# --------------------------------------------------------------------------
# seeds
# --------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["pursue", "flee"])
def test_same_seed_same_json(command):
    args = [*COMMANDS[command], "--trials", 50_000, "--format", "json", "--seed", 7]
    assert run_ok(*args, launcher="script") == run_ok(*args)


def test_charge_fresh_seed_is_reported_and_repeats_the_run():
    args = [*COMMANDS["charge"], "--trials", 50_000, "--format", "json"]
    first = run_ok(*args)
    seed = json.loads(first)["seed"]
    assert isinstance(seed, int)
    assert run_ok(*args, "--seed", seed, launcher="script") == first
    other = json.loads(run_ok(*args, "--seed", seed + 1))
    # another seed, other dice: the whole gap distribution differs (one probability alone
    # repeats by chance about once in 400 runs at 50 000 trials)
    gaps = [g["probability"] for g in json.loads(first)["gap_after_failed_charge"]]
    assert [g["probability"] for g in other["gap_after_failed_charge"]] != gaps


# --------------------------------------------------------------------------
# bad input: exit 2, one error line naming the field, no traceback
# --------------------------------------------------------------------------

CHARGE = ["charge", "--charger-move", 18, "--target-move", 10, "--distance", 20]
FLEE = ["flee", "--move", 10, "--edge-distance", 40]
BAD = {
    "negative distance": (["charge", "--charger-move", 18, "--target-move", 10,
                           "--distance", -5], ["--distance", ">= 0"]),
    "non-numeric M": (["charge", "--charger-move", "abc", "--target-move", 10,
                       "--distance", 20], ["--charger-move", "abc"]),
    "ld 11": ([*FLEE, "--ld", 11], ["--ld", "[2, 10]"]),
    "ld 1": ([*FLEE, "--ld", 1], ["--ld", "[2, 10]"]),
    "trials 0": ([*CHARGE, "--trials", 0], ["--trials"]),
    "wheel over 2M": ([*CHARGE, "--wheel", 40], ["wheel", "[0, 36]"]),
    "unknown option": ([*CHARGE, "--bogus"], ["--bogus"]),
    "unknown format": ([*CHARGE, "--format", "xml"], ["--format", "xml"]),
}
"""Run in subprocesses: argparse errors and domain errors (wheel) take different paths."""

MORE_BAD = {
    "nan distance": (["charge", "--charger-move", 18, "--target-move", 10,
                      "--distance", "nan"], ["--distance"]),
    "inf M": (["charge", "--charger-move", "inf", "--target-move", 10,
               "--distance", 20], ["--charger-move"]),
    "zero charger M": (["charge", "--charger-move", 0, "--target-move", 10,
                        "--distance", 20], ["charger_move", "60"]),
    "charger M over 60": (["charge", "--charger-move", 61, "--target-move", 10,
                           "--distance", 20], ["charger_move", "60"]),
    "terrain over distance": ([*CHARGE, "--difficult", 25], ["difficult", "[0, 20]"]),
    "turns 0": ([*FLEE, "--ld", 7, "--turns", 0], ["--turns"]),
    "ld not an integer": ([*FLEE, "--ld", 7.5], ["--ld"]),
    "trials negative": ([*CHARGE, "--trials", -10], ["--trials"]),
    "seed negative": ([*CHARGE, "--seed", -1], ["--seed"]),
    "negative pursuer M": (["pursue", "--pursuer-move", -1, "--fleer-move", 10],
                           ["--pursuer-move"]),
    "pursuer M over 60": (["pursue", "--pursuer-move", 100, "--fleer-move", 10],
                          ["pursuer_move"]),
    "models over starting": ([*FLEE, "--ld", 7, "--models", 9, "--starting-models", 5],
                             ["models"]),
    "unknown command": (["retreat"], ["retreat"]),
}
"""Checked in-process through ``odds.cli.main`` (same parser, no interpreter start-up)."""


def check_error(code: int, stdout: str, stderr: str, words: list[str]) -> None:
    assert code == 2, f"exit {code}\n{stderr}"
    assert "Traceback" not in stderr
    assert stdout == ""
    lines = stderr.strip().splitlines()
    last = lines[-1]
    assert "error" in last
    for word in words:
        assert word in last, f"{word!r} not in {last!r}"
    # argparse prints usage lines before its error; anything else must be that one line
    assert all(line.startswith(("usage:", " ")) for line in lines[:-1]), stderr


@pytest.mark.parametrize("name", BAD)
def test_bad_input_is_one_line_naming_the_field(name):
    args, words = BAD[name]
    p = run(*args)
    check_error(p.returncode, p.stdout, p.stderr, words)


@pytest.mark.parametrize("name", MORE_BAD)
def test_more_bad_input_in_process(name, capsys):
    args, words = MORE_BAD[name]
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    check_error(code, out, err, words)


# --------------------------------------------------------------------------
# compiled kernels are cached: a second call does not recompile
# --------------------------------------------------------------------------


def test_second_call_loads_the_cache():
    """``demo`` runs all three kernels; once warm, a second process only loads them."""
    args = ["demo", "--trials", 1000]
    run_ok(*args)  # warm: compiles and saves if the cache is stale
    p = run(*args, env={**os.environ, "NUMBA_DEBUG_CACHE": "1"})
    assert p.returncode == 0, p.stderr
    log = [line for line in (p.stdout + p.stderr).splitlines() if line.startswith("[cache]")]
    loaded = "\n".join(line for line in log if "data loaded from" in line)
    for kernel in ("charge._charge_chunk", "pursuit._pursuit_chunk", "flight._flight_chunk",
                   "kernel.fight_chunk"):
        assert kernel in loaded, "\n".join(log) or "no [cache] lines at all"
    recompiled = [line for line in log if "saved to" in line]
    assert not recompiled, "recompiled on the second call:\n" + "\n".join(recompiled)


# --------------------------------------------------------------------------
# demo
# --------------------------------------------------------------------------


def test_demo_runs_and_prints_its_sections():
    out = run_ok("demo", "--trials", 20_000)
    sections = [line for line in out.splitlines() if line.startswith("== ")]
    assert len(sections) >= 5, out
    text = out.lower()
    for word in ("charge", "pursue", "flee", "caught", "rallied", "exact", "20,000"):
        assert word in text, word
