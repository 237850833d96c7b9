"""``--lang es`` everywhere: every command's table output in MDNR Spanish.

Each command runs with ``--lang es``; its table output (and the JSON
``headline``) must hold none of the engine's English terms and no raw ids.
Names that come from the user's own files (an English unit name in a
scenario file) are not checked: they are removed before the search.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from odds.cli import main
from odds.i18n import agree, default_lang, term
from odds.units import library_names

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "odds" / "examples"
DATA = Path(__file__).parent / "data" / "battlescribe"

ENGLISH_TERMS = [
    # outcome names and table words
    "caught", "escaped", "fled", "rallied", "fleeing", "destroyed", "wins", "win", "lose",
    "broken", "breaks", "draw", "unresolved", "probability", "stderr", "exact", "outcome",
    "round", "rounds", "turn", "trials", "seed", "attacker", "defender", "charger", "charge",
    "units", "unit", "side", "mean", "term", "Challenge", "overkill", "Arrival", "Misfire",
    "Target", "under", "clear", "displaced", "table", "marker", "points", "models", "files",
    "ranks", "profile", "weapon", "save", "special", "rules", "equipment", "command",
    # profile letters, troop types, weapons, armour, command, rules
    "WS", "BS", "Ld", "infantry", "cavalry", "monster", "chariot", "hand weapon",
    "great weapon", "halberd", "spear", "light armour", "heavy armour", "shield", "champion",
    "standard", "musician", "stubborn", "hatred", "fear", "frenzy", "choppa",
    "rank", "flank", "rear", "front", "bonus", "wounds", "outnumber", "varying", "against",
]
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\b\w+:\w+:\w+\b|side[01]")

USER_NAMES = ["Great Cannon", "Mortar", "Halberdiers", "Knights hit the flank", "Knights",
              "Handgunners", "Captain vs Big Boss", "Lista de prueba", "Bestia de prueba",
              "Lanceros de prueba", *library_names()]
"""Names written in the files the commands read, and the built-in names a player types
(``orc_boyz``): not the program's words."""

COMMANDS = {
    "charge": ["charge", "--charger-move", "18", "--target-move", "10", "--distance", "20",
               "--edge-distance", "30"],
    "pursue": ["pursue", "--pursuer-move", "20", "--fleer-move", "10", "--edge-distance", "20"],
    "flee": ["flee", "--move", "10", "--edge-distance", "15", "--ld", "7", "--turns", "2"],
    "combat": ["combat", "empire_swordsmen", "orc_boyz"],
    "combat_fear": ["combat", "chaos_ettin", "empire_spearmen"],
    "scenario": ["combat", "--scenario", str(EXAMPLES / "combat_heroes.toml")],
    "flank": ["combat", "--scenario", str(EXAMPLES / "combat_flank_charge.toml")],
    "units": ["units"],
    "unit": ["units", "orc_boyz"],
    "catalogue": ["catalogue", str(DATA / "tiny.cat")],
    "roster": ["roster", str(DATA / "tiny.ros")],
    "emerge": ["emerge", "--scenario", str(EXAMPLES / "emergence_ambush.toml")],
    "matrix": ["matrix", "orc_boyz,trolls", "empire_swordsmen", "--efficiency"],
    "sweep": ["sweep", "orc_boyz", "trolls", "--vary", "models=10,20", "--vary", "charger=a,b"],
    "demo": ["demo", "--trials", "300"],
}
SIMULATING = {"charge", "pursue", "flee", "combat", "combat_fear", "scenario", "flank", "emerge",
              "matrix", "sweep"}


def english_words(text: str) -> list[str]:
    """The English engine terms and raw ids found in ``text`` (user names removed)."""
    for name in USER_NAMES:
        text = text.replace(name, " ")
    text = re.sub(r"odds: (compiling|another process)[^\n]*\n?", "", text)
    found = [w for w in ENGLISH_TERMS if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    return found + RAW_ID.findall(text)


def run(capsys, args: list[str]) -> str:
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 0, err
    return out + err


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_speaks_spanish(name, capsys, monkeypatch):
    monkeypatch.setenv("ODDS_TRIALS", "300")
    args = [*COMMANDS[name], "--lang", "es"]
    if name in SIMULATING:
        args += ["--seed", "1"]
    text = run(capsys, args)
    assert english_words(text) == [], text
    if name in SIMULATING:
        headline = json.loads(run(capsys, [*args, "--format", "json"]).split("\nodds:")[0])
        assert english_words(headline["headline"]) == [], headline["headline"]


def test_the_check_finds_english(capsys, monkeypatch):
    """The same output in English is full of the words the Spanish one must not hold."""
    monkeypatch.setenv("ODDS_TRIALS", "300")
    text = run(capsys, [*COMMANDS["scenario"], "--seed", "1"])
    assert {"wins", "attacker", "probability", "stderr"} <= set(english_words(text))
    assert english_words("side0_wins under_enemy:Great Cannon:rear absent_misfire")


def test_spanish_tables_use_decimal_commas(capsys, monkeypatch):
    monkeypatch.setenv("ODDS_TRIALS", "300")
    text = run(capsys, [*COMMANDS["charge"], "--lang", "es", "--seed", "1"])
    assert re.search(r"\b0,\d{4}\b", text) and not re.search(r"\b0\.\d{4}\b", text)


@pytest.mark.parametrize("name, key, word", [
    ("Caballeros del Caos", "wiped", "aniquilados"), ("Caballería imperial", "wiped",
                                                      "aniquilada"),
    ("Capitán", "caught", "atrapado"), ("Espadachines", "fled", "huyen"),
    ("Dríadas", "caught", "atrapadas"), ("Trolls", "breaks", "se desmoralizan"),
    ("20 Alabarderos", "caught", "atrapados"), ("25 Guerreros orcos", "fled", "huyen"),
    ("5 Caballería imperial", "wiped", "aniquilada"),
])
def test_words_agree_with_the_unit(name, key, word):
    assert agree(name, key) == word


def test_mdnr_terms():
    assert term("troop_type", "monstrous_infantry", "es") == "Infantería monstruosa"
    assert term("weapon", "great_weapon", "es") == "Arma a dos manos"
    assert term("rule", "stubborn", "es") == "Tozudez"
    assert term("rule", "stubborn", "en") == "stubborn"


def test_odds_lang_sets_the_default(capsys, monkeypatch):
    monkeypatch.setenv("ODDS_LANG", "es")
    assert default_lang() == "es"
    text = run(capsys, ["units", "orc_boyz"])
    assert "Guerreros orcos" in text and "miniaturas" in text and "HA3" in text
    monkeypatch.setenv("ODDS_LANG", "xx")
    assert default_lang() == "en"


def test_help_in_spanish(capsys, monkeypatch):
    with pytest.raises(SystemExit):
        main(["charge", "--lang", "es", "--help"])
    out = capsys.readouterr().out
    assert "Carga contra una unidad" in out and "muestra esta ayuda" in out
    monkeypatch.setenv("ODDS_LANG", "es")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "Probabilidades para Warhammer" in out and "dónde sale una unidad" in out


def test_help_never_cites_files_a_player_lacks(capsys):
    from odds.cli import build_parser

    for lang in ("en", "es"):
        parser = build_parser(lang)
        sub = next(a for a in parser._actions if a.dest == "command")
        texts = [parser.format_help(), *(p.format_help() for p in sub.choices.values())]
        for text in texts:
            assert "RULES.md" not in text and "shared/" not in text, text[:200]
