"""A catalogue's characters (RULES.md §1.9): its ``type="model"`` entries that join units.

Specs: the MDNR catalogues' printed profiles (``/work/shared/battlescribe``), entry by entry.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from odds.battlescribe.catalogue_characters import catalogue_characters
from odds.characters import library_character, library_character_names

SHARED = Path(__file__).resolve().parents[2] / "shared" / "battlescribe"

needs_data = pytest.mark.skipif(not SHARED.is_dir(), reason="the shared MDNR catalogues are "
                                "not here")


@needs_data
def test_empire_characters_have_their_printed_profiles():
    """MDNR Imperio v4_5.cat, "Capitán imperial": M10 HA5 HP5 F4 R4 H2 I5 A3 L8, 50 points,
    a hand weapon and no armour by default; "Conde elector": H3 A3 L9."""
    entries = {e.name: e for e in catalogue_characters(SHARED / "MDNR_Imperio v4_5.cat")}
    cap = entries["Capitán imperial"].default
    assert cap.profile.as_dict() == {"M": 10, "WS": 5, "BS": 5, "S": 4, "T": 4, "W": 2, "I": 5,
                                     "A": 3, "Ld": 8}
    assert (cap.points, cap.equipment.weapon, cap.equipment.armour, cap.equipment.shield,
            cap.mount_type) == (50, "hand_weapon", "none", False, "none")
    assert "Armadura pesada" in entries["Capitán imperial"].options
    count = entries["Conde elector"].default
    assert (count.profile.W, count.profile.A, count.profile.Ld) == (3, 3, 9)
    assert cap.army == "empire"


@needs_data
def test_monsters_chariots_and_machines_are_not_characters():
    """MDNR Orcos y Goblins v4_5.cat: "Gigante" (Tipo Monstruo), "Karro de jabalíes orco"
    (Carro) and "Zueltaplomo" (Máquina de guerra) join no unit; "Gran jefe orco" does."""
    names = {e.name.strip() for e in
             catalogue_characters(SHARED / "MDNR_Orcos_y_Goblins v4_5.cat")}
    assert "Gran jefe orco" in names and "Kaudillo orco" in names
    assert not names & {"Gigante", "Karro de jabalíes orco", "Zueltaplomo"}


@needs_data
def test_a_catalogue_of_monsters_offers_no_characters():
    """MDNR Monstruos Arcanos v5.cat: its monsters are fielded as units, not characters."""
    assert catalogue_characters(SHARED / "MDNR_Monstruos_Arcanos_v5.cat") == ()


def test_built_in_characters_load():
    """odds/library/characters: each file is a valid character (RULES.md §1.9 schema)."""
    names = library_character_names()
    assert {"empire_captain", "orc_big_boss", "dwarf_thane", "high_elf_noble",
            "chaos_exalted_champion"} <= set(names)
    boss = library_character("orc_big_boss")
    assert (boss.name, boss.profile.T, boss.profile.W) == ("Gran jefe orco", 5, 2)
    # Paladín del Caos: chaos armour (4+) and shield, hand weapon and shield on foot (§1.5)
    assert library_character("chaos_exalted_champion").armour_save_against(
        in_close_combat=True) == 2
    with pytest.raises(Exception, match="character: unknown built-in character 'nobody'"):
        library_character("nobody")
