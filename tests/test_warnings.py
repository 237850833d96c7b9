"""Warnings where they are seen (issue 11 §2): a unit whose import ignored or approximated
something says so, one line per unit, in odds combat / matrix / sweep and the Python results."""

from __future__ import annotations

import json
from pathlib import Path

from odds.cli import main
from odds.combat import fight
from odds.listbuilding import matchup_matrix, sweep
from odds.unit_reference import load_unit
from odds.units import library_unit, unit_warnings

TINY = Path(__file__).parent / "data" / "battlescribe" / "tiny.cat"
BEAST = f"{TINY}:Bestia de prueba"  # its rule "Grito extraño" is not modelled (ignored);
# its A "1D6+1" is random attacks (gst "Ataques aleatorios"), modelled
WARNING = "Bestia de prueba: not modelled: Grito extraño"


def test_unit_warning_line():
    beast = load_unit(BEAST)
    assert beast.warning == WARNING
    assert beast.replace(models=1).warning == beast.warning  # kept through changes
    assert library_unit("orc_boyz").warning == ""
    assert unit_warnings([beast, library_unit("trolls"), beast]) == [beast.warning]
    # not part of a unit's identity: equal units with and without the note
    assert beast == beast.replace(import_notes=())
    approx = beast.replace(import_notes=(*beast.import_notes, "approximated: Bestia M"))
    assert approx.warning == WARNING + "; approximated: Bestia M"


def test_python_results_carry_warnings():
    r = fight("empire_swordsmen", BEAST, trials=500, seed=1)
    assert r.extra["warnings"] == [WARNING]
    assert fight("empire_swordsmen", "orc_boyz", trials=500, seed=1).extra["warnings"] == []
    t = matchup_matrix("empire_swordsmen", BEAST, trials=300, seed=1, charger="a")
    assert t.attrs["warnings"] == [WARNING]
    s = sweep("empire_swordsmen", {"models": [10, 20]}, opponent=BEAST, trials=300, seed=1)
    assert s.attrs["warnings"] == [WARNING]


def test_cli_prints_one_line_per_unit(capsys):
    assert main(["combat", "empire_swordsmen", BEAST, "--trials", "500", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("warning: ") == 1
    assert f"warning: {WARNING}" in out
    assert main(["combat", "empire_swordsmen", BEAST, "--trials", "500", "--seed", "1",
                 "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["warnings"] == [
        WARNING]
    assert "warning: Bestia de prueba" in captured.err  # JSON on stdout stays parseable
    assert main(["matrix", "empire_swordsmen", BEAST, "--trials", "300", "--seed", "1",
                 "--charger", "a", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == [
        WARNING]
    assert main(["sweep", "empire_swordsmen", BEAST, "--vary", "models=10,20", "--trials",
                 "300", "--seed", "1"]) == 0
    assert f"warning: {WARNING}" in capsys.readouterr().out
