"""Units the way a list builder has them: roster units, whole catalogues, small units.

Data: ``tests/data/battlescribe/tiny.*`` (a catalogue of three entries: "Lanceros de
prueba" 5 pts, 10-40 models; "Caballeros de prueba" 20 pts, min 5; "Bestia de prueba"
150 pts, one model, its rule "Grito extraño" not modelled), the shipped rosters, and
the MDNR catalogues in ``SHARED``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from odds.battlescribe import load_catalogue, load_roster
from odds.cli import main
from odds.listbuilding import matchup_matrix
from odds.listbuilding.matrix import field_list
from odds.unit_reference import load_unit
from odds.validation import OddsInputError
from tests.conftest import SHARED, needs_data

DATA = Path(__file__).parent / "data" / "battlescribe"
TINY = DATA / "tiny.cat"
MY_LIST = Path(__file__).resolve().parents[1] / "odds" / "examples" / "my_list.ros"


def test_roster_unit_spec_is_the_rosters_unit():
    u = load_unit(f"{MY_LIST}:Lanceros")
    assert u == load_roster(MY_LIST).unit("Lanceros")
    assert load_unit(f"{MY_LIST}:lanceros?models=12").models == 12


@pytest.mark.parametrize("spec, match", [
    (str(MY_LIST), r"is a whole roster, not one unit; name one of its units as .*:Lanceros"),
    (str(TINY), r"is a whole catalogue, not one unit; name one of its entries"),
])
def test_whole_file_where_a_unit_is_wanted_says_what_to_write(spec, match):
    with pytest.raises(OddsInputError, match=match):
        load_unit(spec)


def test_cli_combat_takes_a_roster_unit_and_explains_a_whole_roster(capsys):
    assert main(["combat", f"{MY_LIST}:Lanceros", "trolls", "--trials", "200", "--seed", "1",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["attacker"] == "Lanceros"
    assert main(["combat", str(MY_LIST), "trolls"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "is a whole roster" in err and len(err.strip().splitlines()) == 1


def _other_system(tmp_path: Path) -> Path:
    text = MY_LIST.read_text(encoding="utf-8").replace(
        'gameSystemId="sys-mdnr" gameSystemName="Warhammer Fantasy 6ª Edición con MDNR"',
        'gameSystemId="0e3b-6th" gameSystemName="Warhammer Fantasy 6th Edition"')
    assert "6th Edition" in text
    path = tmp_path / "english.ros"
    path.write_text(text, encoding="utf-8")
    return path


def test_roster_of_another_game_system_is_refused(tmp_path, capsys):
    path = _other_system(tmp_path)
    with pytest.raises(OddsInputError, match=r"game system 'Warhammer Fantasy 6th Edition'; "
                                             r"odds reads MDNR data"):
        load_roster(path)
    assert main(["roster", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "6th Edition" in err


def test_catalogue_of_another_game_system_is_refused(tmp_path):
    shutil.copy(TINY, tmp_path / "tiny.cat")
    (tmp_path / "system.gst").write_text(
        (DATA / "tiny_system.gst").read_text(encoding="utf-8").replace(
            'name="Sistema de prueba (MDNR)"', 'name="Warhammer Fantasy 6th Edition"'),
        encoding="utf-8")
    with pytest.raises(OddsInputError, match="is for the game system 'Warhammer Fantasy 6th"):
        load_catalogue(tmp_path / "tiny.cat")


def test_whole_catalogue_is_a_list():
    units, notes = field_list(str(TINY), "list_a")
    assert [u.name for u in units] == ["Lanceros de prueba", "Caballeros de prueba",
                                       "Bestia de prueba"]
    assert [u.models for u in units] == [10, 5, 1] and notes == []
    sized, _ = field_list(str(TINY), "list_a", points=200)
    # 40 spearmen at 5 (their maximum), 10 knights at 20, the beast stays one model
    assert [u.models for u in sized] == [40, 10, 1]
    strict, notes = field_list(str(TINY), "list_a", strict=True)
    assert [u.name for u in strict] == ["Lanceros de prueba", "Caballeros de prueba"]
    assert notes == ["list_a: left out Bestia de prueba: 'Bestia de prueba' has rules the "
                     "engine ignores or approximates (not modelled: Grito extraño); --strict "
                     "refuses it"]


def test_strict_refuses_a_named_approximated_unit_by_name():
    with pytest.raises(OddsInputError, match=r"list_b: 'Bestia de prueba' has rules .*"
                                             r"--strict refuses it"):
        field_list(f"{TINY}:Bestia de prueba", "list_b", strict=True)


def test_approximated_cells_are_marked():
    m = matchup_matrix(f"{TINY}:Lanceros de prueba", f"{TINY}:Bestia de prueba,orc_boyz",
                       trials=200, seed=1, charger="a")
    assert m.set_index("unit_b")["approximated"].to_dict() == {"Bestia de prueba": True,
                                                               "Guerreros orcos": False}
    assert m.attrs["approximated_units"] == ["Bestia de prueba"]


def test_cli_matrix_marks_approximated_units(capsys):
    assert main(["matrix", f"{TINY}:Lanceros de prueba", f"{TINY}:Bestia de prueba",
                 "--trials", "200", "--seed", "1", "--charger", "a"]) == 0
    out = capsys.readouterr().out
    assert "Bestia de prueba *" in out and "* rules ignored or approximated" in out
    assert main(["matrix", f"{TINY}:Lanceros de prueba", f"{TINY}:Bestia de prueba",
                 "--strict"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "'Bestia de prueba' has rules" in err


def test_below_minimum_is_allowed_with_a_warning(capsys):
    u = load_unit(f"{TINY}:Lanceros de prueba?models=6")
    assert u.models == 6
    assert "6 models, below the catalogue's minimum of 10" in u.warning
    assert main(["combat", f"{TINY}:Lanceros de prueba?models=6", "orc_boyz", "--trials",
                 "200", "--seed", "1"]) == 0
    assert "warning: Lanceros de prueba: 6 models, below the catalogue's minimum of 10" in \
        capsys.readouterr().out


@needs_data
def test_unusable_profile_is_refused_not_simulated(capsys):
    # MDNR Imperio "Tanque de vapor": M, R (T), H (W) and I printed '*' or missing: its
    # 25 "Puntos de estructura" replace wounds (rule "Puntos de estructura"), so the import
    # has no Toughness or Wounds to fight with.
    spec = f"{SHARED / 'MDNR_Imperio v4_5.cat'}:Tanque de vapor"
    with pytest.raises(OddsInputError, match=r"'Tanque de vapor' has no usable T or W"):
        load_unit(spec)
    assert main(["combat", spec, "orc_boyz"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot be simulated" in err


@needs_data
def test_goblins_below_minimum_from_the_issue():
    u = load_unit(f"{SHARED / 'MDNR_Orcos_y_Goblins v4_5.cat'}:Goblins?models=10")
    assert u.models == 10 and "below the catalogue's minimum of 20" in u.warning


@pytest.mark.parametrize("cmd", [
    ["combat", f"{TINY}:Bestia de prueba", "orc_boyz", "--strict"],
    ["sweep", f"{TINY}:Bestia de prueba", "orc_boyz", "--vary", "models=1", "--strict"],
])
def test_cli_strict_refuses_by_name(cmd, capsys):
    assert main(cmd) == 2
    out, err = capsys.readouterr()
    assert out == "" and "'Bestia de prueba' has rules the engine ignores" in err
    assert len(err.strip().splitlines()) == 1


def test_cli_matrix_table_shows_each_cells_models(capsys):
    # the text table lists the models each cell fielded (the JSON has models_a/models_b)
    assert main(["matrix", "empire_swordsmen", "orc_boyz,trolls", "--points", "200",
                 "--trials", "200", "--seed", "1", "--charger", "a"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "unit_a" in line and "unit_b" in line)
    assert "models_a" in header and "models_b" in header and "p_no_combat" in header
    row = next(line for line in out.splitlines() if "Trolls" in line and "Espadachines" in line
               and " a " in line)
    assert " 28 " in row and " 4 " in row  # 200 points: 28 swordsmen at 7, 4 trolls at 50
