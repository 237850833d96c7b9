"""``odds catalogue`` and ``odds roster`` on the hand-written fixtures (JSON shapes, errors)."""

from __future__ import annotations

import json
from pathlib import Path

from odds.cli import main

DATA = Path(__file__).parent / "data" / "battlescribe"
LETTERS = ["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"]


def test_catalogue_json(capsys):
    assert main(["catalogue", str(DATA / "tiny.cat"), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    units = json.loads(out)
    assert isinstance(units, list) and [u["name"] for u in units] == [
        "Lanceros de prueba", "Caballeros de prueba", "Bestia de prueba"]
    for u in units:
        assert {"name", "points_per_model", "troop_type", "unit_strength", "profile"} <= set(u)
        assert list(u["profile"]) == LETTERS
    lanc, cab, beast = units
    assert (lanc["points_per_model"], lanc["troop_type"], lanc["unit_strength"]) == (
        5, "infantry", 1)
    assert lanc["profile"] == {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3,
                               "A": 1, "Ld": 7}
    assert (cab["troop_type"], cab["unit_strength"], cab["profile"]["M"]) == ("cavalry", 2, 18)
    assert (beast["points_per_model"], beast["unit_strength"]) == (150, 4)
    # the import report summary goes to stderr, so stdout stays valid JSON
    assert "import report" in err and "Grito extraño" in err


def test_catalogue_table_and_strict(capsys):
    assert main(["catalogue", str(DATA / "tiny.cat")]) == 0
    out, _ = capsys.readouterr()
    assert "Lanceros de prueba" in out and "import report" in out
    assert main(["catalogue", str(DATA / "tiny.cat"), "--strict"]) == 2
    _, err = capsys.readouterr()
    assert "Bestia de prueba" in err and "strict" in err
    assert main(["catalogue", str(DATA / "billion_laughs.cat")]) == 2
    _, err = capsys.readouterr()
    assert "billion_laughs.cat: refused unsafe XML" in err


def test_roster_json_and_table(capsys):
    assert main(["roster", str(DATA / "tiny.ros"), "--format", "json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["points"] == 353
    assert [u["name"] for u in data["units"]] == ["Lanceros de prueba", "Bestia de prueba"]
    lanc = data["units"][0]
    assert (lanc["models"], lanc["files"], lanc["points"]) == (20, 5, 153)
    assert lanc["equipment"]["weapon"] == "halberd"
    assert lanc["rules"]["special"] == ["hatred", "stubborn"]
    assert any(r["unit"] == "Capitán" and r["kind"] == "ignored" for r in data["report"])
    assert "import report" in err
    assert main(["roster", str(DATA / "tiny.ros")]) == 0
    out, _ = capsys.readouterr()
    assert "Lista de prueba: 2 units, 0 characters, 353 points" in out


def test_catalogue_spec_in_units_command(capsys):
    spec = f"{DATA / 'tiny.cat'}:Lanceros de prueba?models=20&command=full"
    assert main(["units", spec, "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    (unit,) = json.loads(out)["units"]
    assert (unit["models"], unit["files"], unit["name"]) == (20, 5, "Lanceros de prueba")
