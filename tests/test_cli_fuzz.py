"""Issue 12 §5: a fuzz-style corpus of bad and odd inputs, run through the CLI.

Every case must end in exit 0 with a correct answer (simulated values within
z = 5 of the exact ones where the command reports them, probabilities in
[0, 1]) or in exit 2 with one line on stderr naming what is wrong; never a
traceback or an internal error, nothing on stdout and no file left on disk
before an error, and no case may take long.  The corpus is deterministic
(fixed seeds), so its counts are stable: run with ``-s`` to see them.

Families:

* **values**: every option of every simulating command given odd text
  (empty, signs, ``nan``, ``inf``, ``1e309``, full-width digits, control
  characters, lists, units);
* **units**: odd unit and list names (paths to directories, devices, NUL
  bytes, catalogue specs of missing files);
* **files**: unit, combat-scenario and emergence files, and BattleScribe
  catalogues and rosters, each mutated many ways (truncated, bytes flipped,
  lines dropped or doubled, numbers replaced by odd ones, re-encoded, nested).

Five families must end in exit 2, never in an answer:

* **empty**: every option of every command (read from the parser, so a new
  option is covered at once) given an empty value;
* **long names**: names longer than the file system allows wherever a file
  is named (units, lists, scenarios, catalogues, rosters, plots);
* **specs**: unit references with malformed options (a key given twice, an
  empty value, a command part twice, joined by ``+``, a trailing separator);
* **vary**: ``odds sweep --vary`` grids that cannot be fought as asked (a value
  given twice, equipment the unit cannot carry, an unknown parameter, a value out
  of range);
* **semantics**: well-formed files whose values contradict each other (more
  files than models, a full command group in a unit of 1-2 models, an
  emergence unit off the table, a description that is not text, an empty
  emergence file, a roster selection of ``number="0"`` or ``"-5"``).
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import assert_mc

from odds.cli import main

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "battlescribe"
EXAMPLES = ROOT / "odds" / "examples"
TRIALS = 300
MAX_SECONDS = 60.0
"""Longest a case may take (wall time; 300 trials take well under a second alone)."""
MAX_COMPILE_SECONDS = 900.0
"""Longest a case that compiled an engine first may take (minutes on a loaded machine)."""
COMPILE_NOTICES = ("odds: compiling the ", "odds: another process is compiling the ")

ODD_VALUES = ["", " ", "-1", "0", "-0", "0.5", "1e309", "inf", "-inf", "nan", "1_000", "１０",
              "٣", "0x10", "1e-320", "9" * 30, "10cm", "\x1b[2J", "abc", "5,5", "180x120",
              "-1000,5", "2", "10", "100", "1000000"]

COMMANDS: dict[str, tuple[list[str], dict[str, str]]] = {
    # command line, and each option with a valid value
    "charge": (["charge"], {"--charger-move": "18", "--target-move": "10", "--distance": "20",
                            "--difficult": "0", "--wheel": "0", "--edge-distance": "40"}),
    "pursue": (["pursue"], {"--pursuer-move": "20", "--fleer-move": "10",
                            "--edge-distance": "30"}),
    "flee": (["flee"], {"--move": "10", "--edge-distance": "40", "--ld": "7", "--turns": "3",
                        "--models": "5", "--starting-models": "10"}),
    "emerge": (["emerge"], {"--table": "180x120", "--marker": "90,60", "--scale": "2.5",
                            "--enemy-marker": "10,10"}),
    "combat": (["combat", "empire_swordsmen", "orc_boyz"],
               {"--max-rounds": "3", "--attacker-bonus": "1", "--defender-general-ld": "8"}),
    "matrix": (["matrix", "empire_swordsmen", "orc_boyz"],
               {"--points": "250", "--max-rounds": "3", "--command": "keep"}),
    "sweep": (["sweep", "empire_swordsmen", "orc_boyz"],
              {"--vary": "models=10,20", "--max-rounds": "3"}),
}
RUN_OPTIONS = {"--seed": "1", "--format": "json", "--lang": "en"}


def run_case(capsys, tmp_path: Path, args: list[str]) -> tuple[int, str, str]:
    """Run one case and check the all-or-nothing contract; return (code, out, err)."""
    before = set(tmp_path.iterdir())
    start = time.perf_counter()
    try:
        code = main(args)
    except SystemExit as exc:  # argparse
        code = exc.code
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    where = f"odds {' '.join(map(repr, args))}"
    notices = [line for line in err.splitlines(True) if line.startswith(COMPILE_NOTICES)]
    err = "".join(line for line in err.splitlines(True) if line not in notices)
    limit = MAX_COMPILE_SECONDS if notices else MAX_SECONDS
    assert elapsed < limit, f"{where}: {elapsed:.1f} s"
    assert "Traceback" not in err and "internal error" not in err, f"{where}\n{err}"
    assert code in (0, 2), f"{where}: exit {code}\n{err}"
    if code == 2:
        assert out == "", f"{where}: output before the error:\n{out}"
        assert err.count("\n") == 1 and err.startswith("odds"), f"{where}: {err!r}"
        assert set(tmp_path.iterdir()) == before, f"{where}: a file was left behind"
    else:
        check_answer(where, args, out)
    return code, out, err


def check_answer(where: str, args: list[str], out: str) -> None:
    """An exit-0 answer is right: JSON parses, probabilities in [0, 1], z = 5 against exact."""
    if "--format" not in args or args[args.index("--format") + 1] != "json":
        assert out.strip(), f"{where}: no output"
        return
    data = json.loads(out)
    if isinstance(data, list):  # catalogue: a list of unit objects
        assert all(isinstance(u, dict) and u.get("name") for u in data), where
        return
    assert isinstance(data.get("headline", ""), str)
    probs = {k: v for k, v in data.items() if k.startswith("p_") and isinstance(v, float)}
    for key, p in probs.items():
        assert 0.0 <= p <= 1.0, f"{where}: {key} = {p}"
    exact = data.get("exact")
    if isinstance(exact, dict) and args[0] in ("charge", "pursue"):
        assert math.isclose(sum(probs.values()), 1.0, abs_tol=1e-9), where
        for key, e in exact.items():
            if e is not None and key in probs:
                assert_mc(probs[key], e, data["trials"], what=f"{where} {key}")
    for row in data.get("by_turn", []):
        for key in ("p_rallied", "p_off_table"):
            assert_mc(row[key], row["exact"][key], data["trials"], what=f"{where} {key}")


def report(name: str, codes: list[int]) -> None:
    print(f"\nfuzz {name}: {len(codes)} cases, exit 0: {codes.count(0)}, "
          f"exit 2: {codes.count(2)}, other: {len(codes) - codes.count(0) - codes.count(2)}")


@pytest.fixture
def fuzz_env(monkeypatch, tmp_path):
    monkeypatch.setenv("ODDS_TRIALS", str(TRIALS))
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --------------------------------------------------------------------------- values


def value_cases() -> list[list[str]]:
    cases = []
    for base, options in COMMANDS.values():
        for option in [*options, *RUN_OPTIONS, "--plot", "--trials"]:
            for value in ODD_VALUES:
                args = [*base]
                for key, val in {**options, **RUN_OPTIONS}.items():
                    args += [key, value if key == option else val]
                if option in ("--plot", "--trials"):
                    args += [option, value]
                cases.append(args)
    return cases


def test_fuzz_cli_values(capsys, fuzz_env):
    codes = [run_case(capsys, fuzz_env, args)[0] for args in value_cases()]
    report("values", codes)
    assert codes.count(0) > 50 and codes.count(2) > 300


# --------------------------------------------------------------------------- unit names


def unit_cases(tmp_path: Path) -> list[list[str]]:
    (tmp_path / "empty.toml").write_text("", encoding="utf-8")
    odd = ["", "nope", "ORC_BOYZ", "/dev/zero", "/dev/null", "/", ".", str(tmp_path),
           "odds/library", "../x.toml", "empty.toml", "x.cat:Lanceros", "x.cat:",
           str(DATA / "tiny.cat") + ":No such unit", str(DATA / "tiny.cat") + ":Lanceros de "
           "prueba?models=-3", str(DATA / "tiny.cat") + ":Lanceros de prueba?models=１０",
           str(DATA / "tiny.cat") + ":Lanceros de prueba?models=20&files=40",
           str(DATA / "tiny.ros"), "a\x00b", "\x1b[2J", "orc_boyz,", ",", "orc_boyz,,trolls",
           "x" * 5000]
    cases = []
    for name in odd:
        cases += [["units", name], ["combat", name, "orc_boyz", "--trials", "1"],
                  ["matrix", name, "orc_boyz", "--trials", "1"],
                  ["sweep", "orc_boyz", name, "--vary", "models=10"]]
    for name in odd[:12]:
        cases += [["catalogue", name], ["roster", name], ["combat", "--scenario", name],
                  ["emerge", "--scenario", name]]
    return cases


def test_fuzz_unit_names(capsys, fuzz_env):
    codes = [run_case(capsys, fuzz_env, args)[0] for args in unit_cases(fuzz_env)]
    report("unit names", codes)
    assert codes.count(2) > 100


# --------------------------------------------------------------------------- files


NUMBER_SWAPS = [b"-1", b"0", b"1e999", b"nan", b"inf", b"99999999999", b"-1000", b'"x"',
                b"1.5", b"true", b"[]", b"{}"]


def mutations(data: bytes, rng: np.random.Generator, n: int) -> list[bytes]:
    """``n`` mutants of ``data``: truncations, flips, line edits, odd numbers, re-encodings."""
    lines = data.split(b"\n")
    out = [data[: len(data) // 2], data[:-1], b"", b"\xef\xbb\xbf" + data,
           data.decode("utf-8").encode("utf-16"), data.replace(b"e", b"\xe9"),
           b"[" * 200 + data, data * 3]
    while len(out) < n:
        kind = rng.integers(6)
        if kind == 0:  # flip a byte
            b = bytearray(data)
            b[rng.integers(len(b))] = int(rng.integers(256))
            out.append(bytes(b))
        elif kind == 1:  # drop a line
            i = rng.integers(len(lines))
            out.append(b"\n".join(lines[:i] + lines[i + 1:]))
        elif kind == 2:  # double a line
            i = rng.integers(len(lines))
            out.append(b"\n".join(lines[: i + 1] + lines[i:]))
        elif kind == 3:  # replace a number
            digits = [i for i, c in enumerate(data) if 48 <= c <= 57]
            i = digits[rng.integers(len(digits))]
            j = i
            while j < len(data) and (48 <= data[j] <= 57 or data[j] == 46):
                j += 1
            out.append(data[:i] + NUMBER_SWAPS[rng.integers(len(NUMBER_SWAPS))] + data[j:])
        elif kind == 4:  # a control character or a stray quote
            i = rng.integers(len(data))
            out.append(data[:i] + [b"\x1b", b"\x00", b'"', b"\\", b"'"][rng.integers(5)]
                       + data[i:])
        else:  # truncate anywhere
            out.append(data[: rng.integers(len(data))])
    return out


FILES = {
    # name: (source, suffix, command line with {} for the path)
    "unit": (ROOT / "odds" / "library" / "empire_swordsmen.toml", ".toml",
             ["combat", "{}", "orc_boyz", "--format", "json"]),
    "unit_listed": (ROOT / "odds" / "library" / "orc_boyz.toml", ".toml", ["units", "{}"]),
    "scenario": (EXAMPLES / "combat_heroes.toml", ".toml",
                 ["combat", "--scenario", "{}", "--format", "json"]),
    "emergence": (EXAMPLES / "emergence_ambush.toml", ".toml",
                  ["emerge", "--scenario", "{}", "--format", "json"]),
    "catalogue": (DATA / "tiny.cat", ".cat", ["catalogue", "{}", "--format", "json"]),
    "roster": (DATA / "tiny.ros", ".ros", ["roster", "{}", "--format", "json"]),
}


@pytest.mark.parametrize("family", list(FILES))
def test_fuzz_files(family, capsys, fuzz_env):
    source, suffix, command = FILES[family]
    rng = np.random.default_rng(12)
    n = 40 if family in ("unit", "scenario") else 70
    codes = []
    for i, data in enumerate(mutations(source.read_bytes(), rng, n)):
        path = fuzz_env / "inputs" / f"case{i}{suffix}"
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
        args = [a.replace("{}", str(path)) for a in command]
        if args[0] in ("combat", "emerge"):
            args += ["--seed", "1"]
        codes.append(run_case(capsys, fuzz_env, args)[0])
    report(f"files {family}", codes)
    assert codes.count(2) >= 5


# --------------------------------------------------------------------------- must refuse


def refused(capsys, tmp_path: Path, cases: list[list[str]], name: str) -> list[int]:
    """Run ``cases``, each of which must be refused (exit 2, one line, nothing written)."""
    codes = []
    for args in cases:
        code, _, err = run_case(capsys, tmp_path, args)
        assert code == 2, f"odds {' '.join(map(repr, args))}: accepted, exit {code}\n{err}"
        codes.append(code)
    report(name, codes)
    return codes


VALID_ARGS = {"charge": ["--charger-move", "18", "--target-move", "10", "--distance", "20"],
              "pursue": ["--pursuer-move", "20", "--fleer-move", "10"], "flee": ["--move", "10"],
              "combat": ["empire_swordsmen", "orc_boyz"],
              "matrix": ["empire_swordsmen", "orc_boyz"],
              "sweep": ["empire_swordsmen", "orc_boyz", "--vary", "models=10"],
              "catalogue": [str(DATA / "tiny.cat")], "roster": [str(DATA / "tiny.ros")]}


def empty_value_cases(commands: tuple[str, ...] | None = None) -> list[list[str]]:
    """Every option that takes a value, of every command (or of ``commands``), given ``''``.

    ``serve`` is left out unless named: a value it wrongly accepted would start a server
    that never returns, so its cases run in a process with a time limit
    (:func:`test_fuzz_empty_values_of_serve`).
    """
    import argparse

    from odds.cli import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    cases = []
    for name, parser in sub.choices.items():
        if (commands is None and name == "serve") or (commands and name not in commands):
            continue
        for action in parser._actions:
            if action.option_strings and action.nargs != 0:
                cases.append([name, *VALID_ARGS.get(name, []), action.option_strings[-1], ""])
    return cases


def test_fuzz_empty_values(capsys, fuzz_env):
    cases = empty_value_cases()
    assert len(cases) > 60
    refused(capsys, fuzz_env, cases, "empty values")


def test_fuzz_empty_values_of_serve():
    """``odds serve`` refuses every empty value before it starts (an empty ``--host`` would
    listen on every address, an empty ``--data`` read the current folder)."""
    import subprocess
    import sys

    cases = empty_value_cases(("serve",))
    assert {c[-2] for c in cases} >= {"--host", "--port", "--data", "--workers"}
    for case in cases:
        done = subprocess.run([sys.executable, "-m", "odds", *case], capture_output=True,
                              text=True, timeout=120, check=False)
        assert done.returncode == 2, (case, done.stderr)
        assert done.stdout == "" and case[-2].lstrip("-") in done.stderr, (case, done.stderr)


def long_name_cases() -> list[list[str]]:
    """Names of 300 and 5 000 characters wherever the CLI reads or writes a file."""
    cases = []
    for stem in ("x" * 300, "\u00f1" * 200, "x" * 5000, "x" * 300 + "/a"):
        for name in (stem, f"{stem}.toml", f"{stem}.ros", f"{stem}.cat:Lanceros",
                     f"{stem}?models=10"):
            cases += [["units", name], ["combat", name, "orc_boyz"],
                      ["matrix", name, "orc_boyz"], ["matrix", f"orc_boyz,{name}", "trolls"],
                      ["sweep", "orc_boyz", name, "--vary", "models=10"]]
        for ext in (".toml", ".ros", ".cat", ".png"):
            cases += [["combat", "--scenario", stem + ext], ["emerge", "--scenario", stem + ext],
                      ["catalogue", stem + ext], ["roster", stem + ext],
                      ["charge", *VALID_ARGS["charge"], "--plot", stem + ext],
                      ["matrix", "orc_boyz", "trolls", "--plot", stem + ext]]
    return [[*c, "--trials", "1"] if c[0] in ("combat", "matrix", "sweep", "charge") else c
            for c in cases]


def test_fuzz_long_names(capsys, fuzz_env):
    refused(capsys, fuzz_env, long_name_cases(), "long names")


SPEC_OPTIONS = ["models=10&models=20", "command=full&command=none", "models=", "files=",
                "command=", "command=,", "command=champion,", "command=champion,champion",
                "command=standard+standard", "command=champion+", "models=10,10",
                "models=1e18", "models=0", "files=0", "models=10&files=20", "models=2&files=1"
                "&command=full", "models=1&command=champion,standard", "=10", "models",
                "size=10", "command=general"]


def spec_cases() -> list[list[str]]:
    """Built-in and catalogue unit references with malformed options; matrix --command."""
    cases = []
    for unit in ("empire_swordsmen", str(DATA / "tiny.cat") + ":Lanceros de prueba"):
        for opts in SPEC_OPTIONS + ["upgrades="] * unit.endswith("prueba"):
            spec = f"{unit}?{opts}"
            cases += [["combat", spec, "orc_boyz", "--trials", "1"], ["units", spec],
                      ["matrix", spec, "orc_boyz", "--trials", "1"]]
    for command in ("", "standard+standard", "champion+", "+", "full+none", "keep+champion",
                    "champion,standard", "general"):
        cases.append(["matrix", "orc_boyz", "trolls", "--command", command, "--trials", "1"])
        cases.append(["matrix", "orc_boyz", "trolls", "--points", "200", "--command", command,
                      "--trials", "1"])
        if "," not in command:  # a comma separates sweep values: champion,standard is two
            cases.append(["sweep", "orc_boyz", "trolls", "--vary", f"command=full,{command}",
                          "--trials", "1"])
    for table in ("1e18x1e18", "0x0", "180x", "x120", "180x120x60", "-180x120", "180 x 120x"):
        cases.append(["emerge", "--table", table, "--trials", "1"])
    return cases


def test_fuzz_unit_specs(capsys, fuzz_env):
    refused(capsys, fuzz_env, spec_cases(), "specs")


def _edited(source: Path, old: str, new: str, count: int = 1) -> str:
    text = source.read_text(encoding="utf-8")
    assert old in text, f"{source.name}: {old!r} not found"
    return text.replace(old, new, count)


def semantic_cases(tmp_path: Path) -> list[list[str]]:
    """Well-formed files whose values contradict each other or the game's limits."""
    unit = ROOT / "odds" / "library" / "empire_swordsmen.toml"
    ambush = EXAMPLES / "emergence_ambush.toml"
    roster = DATA / "tiny.ros"
    files = {
        "wide.toml": _edited(unit, "files = 5", "files = 40"),
        "two.toml": _edited(unit, "models = 20\nfiles = 5", "models = 2\nfiles = 2"),
        "one.toml": _edited(unit, "models = 20\nfiles = 5", "models = 1\nfiles = 1"),
        "nomodels.toml": _edited(unit, "models = 20", "models = 0"),
        "off.toml": _edited(ambush, "x = 95", "x = 900"),
        "below.toml": _edited(ambush, "y = 25", "y = -40"),
        "marker_off.toml": _edited(ambush, "marker = [95, 110]", "marker = [500, 110]"),
        "desc.toml": _edited(ambush, 'description = "Ten units: enemy gun line and blocks, '
                             'own blocks, impassable rocks"', "description = 5"),
        "desc_table.toml": _edited(ambush, 'description = "Ten units: enemy gun line and '
                                   'blocks, own blocks, impassable rocks"',
                                   "description = [1, 2]"),
        "empty.toml": "",
        "comment.toml": "# nothing but a comment\n",
    }
    for number in ("0", "-5", "", "2.5", "1e3", "\u0661"):
        files[f"n{number or 'empty'}.ros"] = _edited(
            roster, 'entryId="u-lanc" number="1"', f'entryId="u-lanc" number="{number}"')
        files[f"m{number or 'empty'}.ros"] = _edited(
            roster, 'number="20" type="upgrade">', f'number="{number}" type="upgrade">')
    for name, text in files.items():
        (tmp_path / "inputs").mkdir(exist_ok=True)
        (tmp_path / "inputs" / name).write_text(text, encoding="utf-8")
    cases = []
    for name in files:
        path = str(tmp_path / "inputs" / name)
        if name.endswith(".ros"):
            cases += [["roster", path], ["matrix", path, "orc_boyz", "--trials", "1"]]
        elif name in ("wide.toml", "two.toml", "one.toml", "nomodels.toml"):
            cases += [["units", path], ["combat", path, "orc_boyz", "--trials", "1"]]
        else:
            cases.append(["emerge", "--scenario", path, "--trials", "1"])
    return cases


def test_fuzz_semantics(capsys, fuzz_env):
    refused(capsys, fuzz_env, semantic_cases(fuzz_env), "semantics")


VARY = ["models=10,10", "charger=a,a", "charger=a,b,a", "weapon=hand_weapon,hand_weapon",
        "weapon=lance", "barding=true", "weapon=nonsense", "armour=mithril", "shield=maybe",
        "WS=0,11", "files=0", "points=-5", "size=10", "apply=1", "models=5&files=9",
        "command=general", "opponent=nope"]


def vary_cases() -> list[list[str]]:
    """``odds sweep`` grids that cannot be fought as asked: a sweep fights each grid point
    once, with equipment the unit may carry (RULES.md §1.5 saves, §1.7 weapons)."""
    return [["sweep", "empire_swordsmen", "orc_boyz", "--vary", vary, "--trials", "1"]
            for vary in VARY]


def test_fuzz_vary(capsys, fuzz_env):
    refused(capsys, fuzz_env, vary_cases(), "vary")
