"""``odds combat`` and ``odds units`` from the command line (issue 3 §5).

Two subprocesses check what only a real process shows (one JSON object on
stdout, exit status 2 and no traceback on bad input); everything else runs
in-process through ``odds.cli.main`` to keep the file fast.  Simulated
first-round values are checked against ``first_round_exact`` at z = 5.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from conftest import assert_mc

from odds.cli import main
from odds.combat import CombatOptions, fight
from odds.combat.exact import first_round_exact
from odds.combat.model import G_RANKS, RANK_AND_FILE, build
from odds.units import library_unit

CONSOLE_SCRIPT = Path(sys.executable).with_name("odds")
OUTCOME_KEYS = {"attacker_wiped", "attacker_caught", "attacker_escaped", "defender_wiped",
                "defender_caught", "defender_escaped", "unresolved", "no_combat"}
FIRST_ROUND_KEYS = {"attacker_wins", "draw", "defender_wins", "attacker_breaks",
                    "defender_breaks"}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
N = 50_000

BOYZ_TOML = """
name = "Chicos del archivo"
troop_type = "infantry"
models = 25
files = 5
[profile]
M = 10
WS = 3
BS = 3
S = 3
T = 4
W = 1
I = 2
A = 1
Ld = 7
[equipment]
weapon = "hand_weapon"
shield = true
armour = "light"
[command]
champion = true
standard = true
musician = true
[rules]
special = ["choppa"]
"""


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    """Run ``odds ARGS`` in-process; argparse errors (SystemExit) count as exit codes."""
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args: object) -> dict:
    code, out, err = run_cli(capsys, *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def exact(attacker: str, defender: str, charger: str = "attacker") -> dict[str, float] | None:
    ex = first_round_exact(build(library_unit(attacker), library_unit(defender),
                                 options=CombatOptions(charger=charger)))
    return None if ex is None else ex["first_round"]


def check_payload(data: dict, trials: int) -> None:
    """The JSON contract of issue 3 §5 and the first round against the exact values."""
    assert data["trials"] == trials
    assert isinstance(data["seed"], int)
    assert set(data["outcomes"]) == OUTCOME_KEYS
    assert sum(data["outcomes"].values()) == pytest.approx(1.0, abs=1e-9)
    assert all(0.0 <= p <= 1.0 for p in data["outcomes"].values())
    fr = data["first_round"]
    assert set(fr) == FIRST_ROUND_KEYS
    assert fr["attacker_wins"] + fr["draw"] + fr["defender_wins"] == pytest.approx(1, abs=1e-9)
    for key, p_exact in data["first_round_exact"].items():
        if p_exact is not None:
            assert_mc(fr[key], p_exact, trials, what=f"first_round.{key}")


# --------------------------------------------------------------------------- subprocesses


def test_json_from_the_console_script():
    """The command of the issue, as a user types it: one JSON object, clean stderr."""
    p = subprocess.run([str(CONSOLE_SCRIPT), "combat", "empire_swordsmen", "orc_boyz",
                        "--format", "json", "--trials", str(N), "--seed", "3"],
                       capture_output=True, text=True, timeout=900)
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    data = json.loads(p.stdout)  # the whole of stdout is one object
    assert isinstance(data, dict)
    assert data["seed"] == 3
    check_payload(data, N)
    # the exact first round applies to these units (20 and 25 deep) and is the package's
    ex = exact("empire_swordsmen", "orc_boyz")
    assert ex is not None
    assert data["first_round_exact"] == pytest.approx(ex, abs=1e-12)
    # the CLI reports what the API computes with the same seed
    r = fight("empire_swordsmen", "orc_boyz", trials=N, seed=3)
    assert data["outcomes"] == pytest.approx(
        r.outcomes.set_index("outcome")["probability"].to_dict(), abs=1e-15)
    assert data["p_attacker_wins"] == pytest.approx(r.p_win("attacker"))


def test_bad_unit_in_a_subprocess_exits_2_without_traceback():
    p = subprocess.run([sys.executable, "-m", "odds", "combat", "empire_swordsmen", "orc_boys",
                        "--trials", "100"], capture_output=True, text=True, timeout=900)
    assert p.returncode == 2
    assert p.stdout == ""
    assert "Traceback" not in p.stderr
    last = p.stderr.strip().splitlines()[-1]
    assert last.startswith("odds combat: error: unit:"), last
    assert "'orc_boys'" in last


# --------------------------------------------------------------------------- in-process


@pytest.mark.parametrize("charger", ["defender", "none"])
def test_charger_option(capsys, charger):
    """Spearmen fight in two ranks unless they charge (§1.1): the exact first round moves."""
    data = run_json(capsys, "combat", "empire_spearmen", "orc_boyz", "--charger", charger,
                    "--trials", N, "--seed", 4)
    assert data["charger"] == charger
    check_payload(data, N)
    ex = exact("empire_spearmen", "orc_boyz", charger)
    assert ex is not None
    assert data["first_round_exact"] == pytest.approx(ex, abs=1e-12)
    # the same combat with the spearmen's second rank taken away: the exact first round moves
    model = build(library_unit("empire_spearmen"), library_unit("orc_boyz"),
                  options=CombatOptions(charger=charger))
    model.groups[0, :, RANK_AND_FILE, :, G_RANKS] = 1
    one_rank = first_round_exact(model)["first_round"]
    assert ex["attacker_wins"] > one_rank["attacker_wins"] + 0.01


def test_max_rounds_one(capsys):
    data = run_json(capsys, "combat", "empire_swordsmen", "orc_boyz", "--max-rounds", 1,
                    "--trials", N, "--seed", 5)
    check_payload(data, N)
    assert [r["rounds"] for r in data["rounds"]] == [1]
    fr = data["first_round"]
    # nobody is wiped in one round here, so what did not break is unresolved
    assert data["outcomes"]["unresolved"] == pytest.approx(
        1 - fr["attacker_breaks"] - fr["defender_breaks"], abs=1e-12)
    assert data["outcomes"]["unresolved"] > 0.2


def test_toml_path_as_a_unit(capsys, tmp_path):
    path = tmp_path / "boyz.toml"
    path.write_text(BOYZ_TOML, encoding="utf-8")
    data = run_json(capsys, "combat", "empire_swordsmen", path, "--trials", N, "--seed", 6)
    assert data["defender"] == "Chicos del archivo"
    check_payload(data, N)
    # the file holds the library's orc boyz: same numbers as by name
    by_name = run_json(capsys, "combat", "empire_swordsmen", "orc_boyz", "--trials", N,
                       "--seed", 6)
    assert data["outcomes"] == by_name["outcomes"]
    assert data["first_round"] == by_name["first_round"]


def test_plot_writes_a_png(capsys, tmp_path):
    out = tmp_path / "combat.png"
    code, stdout, err = run_cli(capsys, "combat", "empire_swordsmen", "orc_boyz",
                                "--trials", 5000, "--seed", 7, "--plot", out)
    assert code == 0, err
    assert out.read_bytes()[:8] == PNG_SIGNATURE
    assert out.stat().st_size > 10_000
    assert "Espadachines caught" in stdout  # the table is still printed


def test_csv_parses(capsys):
    code, out, err = run_cli(capsys, "combat", "empire_swordsmen", "orc_boyz", "--format",
                             "csv", "--trials", N, "--seed", 8)
    assert code == 0, err
    df = pd.read_csv(io.StringIO(out))
    assert {"outcome", "probability", "stderr", "ci_low", "ci_high"} <= set(df.columns)
    assert set(df["outcome"]) == OUTCOME_KEYS
    assert df["probability"].sum() == pytest.approx(1.0, abs=1e-9)
    assert (df["ci_low"] <= df["probability"]).all()
    assert (df["probability"] <= df["ci_high"]).all()


def test_table_format(capsys):
    code, out, err = run_cli(capsys, "combat", "empire_swordsmen", "orc_boyz", "--trials",
                             5000, "--seed", 9)
    assert code == 0, err
    assert "5,000 trials, seed 9" in out
    assert "First round" in out
    # rows name the units (issue 12 §2), one row per outcome and first-round event;
    # no_combat is shown only where a test at the charge can stop the charge (§3.3)
    for name in ("Espadachines", "Guerreros orcos"):
        for word in ("destroyed", "caught", "fled", "win the round", "break"):
            assert f"{name} {word}" in out, (name, word)
    assert "unresolved" in out and "draw" in out and "no combat" not in out
    assert len((OUTCOME_KEYS - {"no_combat"}) | FIRST_ROUND_KEYS) == 12


def test_units_lists_the_library(capsys):
    code, out, err = run_cli(capsys, "units")
    assert code == 0, err
    assert "empire_swordsmen" in out and "orc_boyz" in out
    data = run_json(capsys, "units")
    names = [u["unit"] for u in data["units"]]
    assert len(names) >= 12
    assert len(set(names)) == len(names)
    types = {u["troop_type"] for u in data["units"]}
    assert {"infantry", "cavalry", "monstrous_infantry", "monster", "chariot"} <= types
    # every listed name is usable in a combat
    code, out, err = run_cli(capsys, "combat", names[0], names[-1], "--trials", 1000,
                             "--seed", 1, "--format", "json")
    assert code == 0, err


def write_bad_toml(tmp_path: Path) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(BOYZ_TOML.replace("[command]", "[command]\nbanner_of_doom = true"),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("args", "field"), [
    (["no_such_unit", "orc_boyz"], "unit"),
    (["empire_swordsmen", "BAD_TOML"], "banner_of_doom"),
    (["empire_swordsmen", "orc_boyz", "--max-rounds", "0"], "--max-rounds"),
    (["empire_swordsmen", "orc_boyz", "--charger", "both"], "--charger"),
    (["empire_swordsmen", "orc_boyz", "--trials", "0"], "--trials"),
], ids=["unknown-unit", "toml-unknown-key", "max-rounds-0", "charger-both", "trials-0"])
def test_bad_input_exits_2_naming_the_field(capsys, tmp_path, args, field):
    args = [str(write_bad_toml(tmp_path)) if a == "BAD_TOML" else a for a in args]
    if "--trials" not in args:
        args += ["--trials", "100"]  # if the error were missed, the run stays short
    code, out, err = run_cli(capsys, "combat", *args)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("odds combat: error:"), last
    assert field in last, last


def test_scenario_first_round_rows_read_as_english_sentences(capsys):
    # a scenario's first-round rows name the side ("the attacker wins the round"), in
    # English as in Spanish ("el atacante gana el turno")
    example = Path(__file__).resolve().parents[1] / "odds" / "examples" / "combat_flank_charge.toml"
    for lang, good in (("en", "the attacker wins the round"), ("es", "el atacante gana el turno")):
        code, out, err = run_cli(capsys, "combat", "--scenario", str(example), "--trials", 2000,
                                 "--seed", 1, "--lang", lang)
        assert code == 0, err
        assert good in out, out
        assert "attacker win the round" not in out
