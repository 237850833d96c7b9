"""Units the way players name them (issue 12 §3; issue 11 §3): odds.unit_reference."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from conftest import SHARED

from odds.unit_reference import find_library_name, load_unit
from odds.units import library_unit
from odds.validation import OddsInputError

EXAMPLES = Path(__file__).resolve().parents[1] / "odds" / "examples"


@pytest.mark.parametrize(("name", "key"), [
    ("empire_halberdiers", "empire_halberdiers"),
    ("Alabarderos", "empire_halberdiers"),  # Spanish display name
    ("alabarderos", "empire_halberdiers"),  # case
    ("ESPADACHÍNES", "empire_swordsmen"),  # accents and case ignored
    ("Orc_Boyz", "orc_boyz"),
    ("guerreros orcos", "orc_boyz"),
    ("Barbaslargas", "dwarf_longbeards"),
    ("Maestros de la espada", "high_elf_swordmasters"),  # unique prefix of a display name
])
def test_built_in_names(name, key):
    assert find_library_name(name) == key
    assert load_unit(name) == library_unit(key)


def test_unknown_names_suggest_close_matches():
    with pytest.raises(OddsInputError, match=r"^unit: unknown built-in unit 'orc_boys'; did you"
                       r" mean orc_boyz \(Guerreros orcos\)"):
        load_unit("orc_boys")
    with pytest.raises(OddsInputError, match=r"did you mean .*dwarf_warriors \(Guerreros enanos\)"):
        load_unit("Guerreros")  # ambiguous prefix: all candidates listed


def test_options_on_built_in_names():
    u = load_unit("Alabarderos?models=25&files=6&command=champion,musician")
    assert (u.models, u.files) == (25, 6)
    assert (u.command.champion, u.command.standard, u.command.musician) == (True, False, True)
    assert load_unit("orc_boyz?models=4").files == 4  # files follow a smaller size
    assert load_unit("orc_boyz?command=none").command.champion is False
    full = load_unit("trolls?command=full")
    assert full.command.standard and full.command.musician


def test_options_on_toml_files(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(resources.files("odds").joinpath("library", "empire_swordsmen.toml")
                    .read_text("utf-8"), encoding="utf-8")
    u = load_unit(f"{path}?models=30&files=6&command=none")
    assert (u.name, u.models, u.files, u.command.champion) == ("Espadachines", 30, 6, False)


@pytest.mark.parametrize(("ref", "message"), [
    ("orc_boyz?models=0", r"models: must be"),
    ("orc_boyz?models=x", r"models must be an integer"),
    ("orc_boyz?colour=red", r"option 'colour=red' must be KEY=VALUE with KEY one of"),
    ("orc_boyz?upgrades=Escudo", r"upgrades= needs a catalogue entry"),
    ("orc_boyz?command=general", r"command must be 'full', 'none' or some of"),
    ("?models=3", r"no unit before '\?'"),
    ("orc_boyz?files=0", r"files: must be"),
])
def test_bad_options_are_clear_errors(ref, message):
    with pytest.raises(OddsInputError, match=message):
        load_unit(ref)


def test_sample_unit_file_ships():
    """The README's sample unit file (issue 12 §3) loads and takes options."""
    u = load_unit(EXAMPLES / "my_unit.toml")
    assert u.army == "empire" and u.models == 20
    assert load_unit(f"{EXAMPLES / 'my_unit.toml'}?models=25").models == 25


@pytest.mark.skipif(not (SHARED / "MDNR_Enanos v4_5.cat").is_file(),
                    reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_catalogue_prefix_names_an_entry():
    """A unique prefix of a long entry name (issue 12 §3: "Barbaslargas")."""
    u = load_unit(f"{SHARED / 'MDNR_Enanos v4_5.cat'}:Barbaslargas?models=15")
    assert u.name.startswith("Barbaslargas (solo si") and u.models == 15
    with pytest.raises(OddsInputError, match="starts several unit entries"):
        load_unit(f"{SHARED / 'MDNR_Enanos v4_5.cat'}:Ca")  # Cañón enano, Cañón lanzallamas...


def test_imports_run_one_way():
    """odds.units does not import the BattleScribe package (issue 11 §3)."""
    code = ("import sys, odds.units, odds.characters; "
            "print(any(m.startswith('odds.battlescribe') or m == 'odds.unit_reference' "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == "False"
