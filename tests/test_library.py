"""The built-in units against the MDNR catalogue entries they follow (issue 10 §4).

Each ``odds/library/*.toml`` opens with ``# Catalogue: FILE, entry "NAME"[,
upgrades "A", "B"]`` and a ``# Not modelled:`` line.  The test imports that
entry with those upgrades from ../shared/battlescribe/ and compares what the
combat uses: profile, equipment, save, special rules, hatred, army and race,
points per model.  Skipped when the shared data is absent.
"""

from __future__ import annotations

import re
from importlib import resources

import pytest
from conftest import SHARED

from odds.battlescribe import load_catalogue
from odds.units import library_names, library_unit

HEADER = re.compile(r'^# Catalogue: (?P<file>[^,]+\.cat), entry "(?P<entry>[^"]+)"'
                    r'(?:, upgrades (?P<upgrades>.+))?$')

MODEL_ENTRIES = {"orc_boar_chariot"}
"""Library units whose catalogue entry is a ``type="model"`` entry (a character's mount
option), not a unit entry: checked by hand (see the file's header)."""

NOT_COMPARED = {"chaos_chariot": {"BS"}}
"""Characteristics the import cannot give (the chariot profile has no HP; BS is not used
in close combat)."""

_CATALOGUES: dict[str, object] = {}


def header(name: str) -> tuple[dict[str, str], str]:
    text = resources.files("odds").joinpath("library", f"{name}.toml").read_text("utf-8")
    lines = text.splitlines()
    m = HEADER.match(lines[0])
    assert m, f"{name}.toml: first line must be '# Catalogue: FILE, entry \"NAME\"...'"
    comments = " ".join(line[2:] for line in lines if line.startswith("# "))
    not_modelled = re.search(r"Not modelled: (.+?)$", comments)
    assert not_modelled, f"{name}.toml: no 'Not modelled:' line"
    return m.groupdict(), not_modelled.group(1)


@pytest.mark.parametrize("name", library_names())
def test_every_library_file_cites_its_entry(name):
    fields, not_modelled = header(name)
    assert (fields["file"], fields["entry"]) and not_modelled


@pytest.mark.parametrize("name", sorted(set(library_names()) - MODEL_ENTRIES))
def test_library_unit_follows_its_catalogue_entry(name):
    fields, _ = header(name)
    path = SHARED / fields["file"]
    if not path.is_file():
        pytest.skip(f"MDNR BattleScribe data not found: {path}")
    if fields["file"] not in _CATALOGUES:
        _CATALOGUES[fields["file"]] = load_catalogue(path)
    cat = _CATALOGUES[fields["file"]]
    ups = re.findall(r'"([^"]+)"', fields["upgrades"] or "")
    lib = library_unit(name)
    got = cat.unit(fields["entry"], models=lib.models, files=lib.files, upgrades=ups)
    skip = NOT_COMPARED.get(name, set())
    lib_profile = {k: v for k, v in lib.profile.as_dict().items() if k not in skip}
    got_profile = {k: v for k, v in got.profile.as_dict().items() if k not in skip}
    assert lib_profile == got_profile
    assert (lib.troop_type, lib.equipment, lib.armour_save, lib.mount) == (
        got.troop_type, got.equipment, got.armour_save, got.mount)
    assert (lib.special, lib.hatred, lib.tags) == (got.special, got.hatred, got.tags)
    assert (lib.no_panic_from, lib.no_panic_against) == (got.no_panic_from, got.no_panic_against)
    assert (lib.ward_save, lib.regeneration, lib.poisoned, lib.impact_hits) == (
        got.ward_save, got.regeneration, got.poisoned, got.impact_hits)
    assert lib.points_per_model == got.points_per_model


def test_trolls_are_stupid_and_regenerate():
    """MDNR Orcos y Goblins "Trolls": Estupidez and Regeneración (issue 10 §4)."""
    t = library_unit("trolls")
    assert t.has("stupidity") and t.has("fear") and t.regeneration == 4


def test_dwarfs_hate_greenskins():
    """MDNR Enanos "Agravio ancestral" on every dwarf in the library."""
    for name in ("dwarf_warriors", "dwarf_longbeards", "dwarf_hammerers"):
        assert library_unit(name).hatred == ("greenskin",), name
