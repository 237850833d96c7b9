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


@needs_data
def test_options_and_magic_items_within_the_books_limit():
    """MDNR Imperio v4_5.cat, "Capitán imperial": heavy armour 4, shield 2, barded warhorse 14,
    cavalry lance 4; "Objetos mágicos" up to 50 points (Talismán de protección 15: a 6+ ward
    save; Sudario de Magnus 60 and Amuleto de jade 50 together are over it); "Heraldo imperial
    (portaestandarte de batalla)" 25 makes him the battle standard bearer.  "Conde elector":
    up to 100 points of magic items."""
    from odds.validation import OddsInputError

    entries = {e.name: e for e in catalogue_characters(SHARED / "MDNR_Imperio v4_5.cat")}
    cap = entries["Capitán imperial"]
    assert (cap.magic_limit, entries["Conde elector"].magic_limit) == (50, 100)
    c, _ = cap.build(["Armadura pesada", "Escudo", "Caballo de guerra con barda",
                      "Lanza de caballería", "Talismán de protección"])
    assert (c.points, c.mount_type, c.equipment.weapon, c.equipment.armour, c.equipment.shield,
            c.equipment.barding, c.ward_save, c.battle_standard) == (
        89, "horse", "lance", "heavy", True, True, 6, False)
    assert cap.build(["Armadura pesada"])[0].battle_standard is False  # not via the BSB branch
    bsb = cap.build(["Sí", "Armadura pesada"])[0]
    assert (bsb.battle_standard, bsb.points, bsb.equipment.armour) == (True, 79, "heavy")
    with pytest.raises(OddsInputError, match=r"^upgrades: the magic items cost 110 points; "
                                             r"'Capitán imperial' may take at most 50$"):
        cap.build(["Sudario de Magnus", "Amuleto de jade"])
    with pytest.raises(OddsInputError, match=r"^upgrades: 'Zapato' is not an option"):
        cap.build(["Zapato"])


@needs_data
def test_a_scenario_names_an_army_books_character_by_spec(tmp_path):
    """A scenario file's character as ``PATH.cat:NAME?upgrades=...`` (PATH relative to the
    file) is the character the army book's entry builds with those options."""
    import shutil

    from odds.battlescribe.catalogue_characters import catalogue_character
    from odds.scenario import load_scenario
    from odds.validation import OddsInputError

    for f in (SHARED / "MDNR_Imperio v4_5.cat", *SHARED.glob("*.gst")):
        shutil.copy(f, tmp_path / f.name)
    spec = "MDNR_Imperio v4_5.cat:capitan IMPERIAL?upgrades=Armadura pesada,Escudo"
    text = f"""name = "x"
[[attacker]]
id = "a"
unit = "empire_swordsmen"
engaged_with = "d"
charged = true
characters = ["{spec}"]
[[defender]]
id = "d"
unit = "orc_boyz"
engaged_with = "a"
"""
    (tmp_path / "s.toml").write_text(text, encoding="utf-8")
    got = load_scenario(tmp_path / "s.toml").unit("a").characters[0]
    want = catalogue_character(tmp_path / "MDNR_Imperio v4_5.cat", "Capitán imperial",
                               ["Armadura pesada", "Escudo"])
    assert got.to_dict() == want.to_dict() and got.points == 56
    for bad, message in ((spec.replace("capitan IMPERIAL", "Nadie"),
                          r"name: 'MDNR_Imperio v4_5\.cat' has no character 'Nadie'"),
                         (spec + "&models=3", "models: .* a character takes upgrades= only")):
        (tmp_path / "s.toml").write_text(text.replace(spec, bad), encoding="utf-8")
        with pytest.raises(OddsInputError, match=r"attacker\[0\]\.characters\[0\]\." + message):
            load_scenario(tmp_path / "s.toml")
