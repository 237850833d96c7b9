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
from odds.i18n import DATA_NAMES_ES, agree, default_lang, term
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

USER_NAMES = ["Lista de prueba", "Bestia de prueba", "Lanceros de prueba", *library_names()]
"""Names written in the test's own files, and the built-in names a player types
(``orc_boyz``): not the program's words.  The names of the package's example files are
the program's: they must read in Spanish (:data:`odds.i18n.DATA_NAMES_ES`)."""

DATA_NAMES = sorted(DATA_NAMES_ES, key=len, reverse=True)
"""The English names of the built-in example data, searched for as the engine's terms are."""

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
    "sweep_weapon": ["sweep", "orc_boyz", "trolls", "--vary", "weapon=hand_weapon,great_weapon"],
    "demo": ["demo", "--trials", "300"],
    "reaction": ["combat", "empire_swordsmen", "orc_boyz", "--reaction", "both"],
}
SIMULATING = {"charge", "pursue", "flee", "combat", "combat_fear", "scenario", "flank", "emerge",
              "matrix", "sweep", "sweep_weapon", "reaction"}


def english_words(text: str) -> list[str]:
    """The English engine terms and raw ids found in ``text`` (user names removed)."""
    for name in USER_NAMES:
        text = text.replace(name, " ")
    text = re.sub(r"odds: (compiling|another process)[^\n]*\n?", "", text)
    found = [w for w in [*DATA_NAMES, *ENGLISH_TERMS]
             if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
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
    text = run(capsys, [*COMMANDS["emerge"], "--seed", "1"])
    assert {"Great Cannon", "Handgunners"} <= set(english_words(text))


def test_example_names_in_spanish_pictures(monkeypatch, tmp_path):
    """The emergence picture of the example file names its units in Spanish (Gran cañón)."""
    import matplotlib

    matplotlib.use("Agg")
    from odds.emergence import emerge, example_path, load_scenario, localised, plot_landing

    s = localised(load_scenario(example_path("emergence_ambush")), "es")
    assert s.target == "Gran cañón"
    r = emerge(s, trials=2000, seed=1, landing_bin=2.5)
    ax = plot_landing(r, lang="es")
    texts = " ".join(t.get_text() for t in ax.figure.findobj(matplotlib.text.Text))
    assert "Gran cañón" in texts and english_words(texts) == [], texts


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
            assert "§" not in text, text[:200]


def test_every_special_rule_named_in_spanish():
    """Every special-rule flag a unit can carry has a Spanish name, not its raw id, spelled
    with the book's accents: "¡El que corre hoy, vive para luchar mañana!" (MDNR Skaven),
    "La fuerza radica en el número" (MDNR Skaven), "Caídas" (the giants)."""
    from odds.special_rules import flag_keys

    for key in flag_keys():
        name = term("rule", key, "es")
        assert name != key.replace("_", " ") and "_" not in name, key
    assert term("rule", "flees_3cm_more", "es") == "¡El que corre hoy, vive para luchar mañana!"
    assert term("rule", "strength_in_numbers", "es") == "La fuerza radica en el número"
    assert term("rule", "giant_falls", "es") == "Caídas"


def test_every_option_helped_in_spanish():
    """``--lang es --help`` of every command: each option's help differs from the English one
    (:mod:`odds.help_es`), the section titles and usage prefix are Spanish, and no entry of the
    Spanish table names an option the command does not have."""
    from odds.cli import build_parser
    from odds.help_es import COMMAND_OPTION_HELP_ES

    def commands(lang):
        parser = build_parser(lang)
        sub = next(a for a in parser._actions if a.dest == "command")
        return {"": parser, **sub.choices}

    english, spanish = commands("en"), commands("es")
    for name, parser in spanish.items():
        helps = {a.dest: a.help for a in english[name]._actions}
        for action in parser._actions:
            if action.help is not None and action.dest != "command":
                assert action.help != helps[action.dest], (name, action.dest)
        text = parser.format_help()
        assert text.startswith("uso: ") and "opciones:" in text and "options:" not in text, name
        assert set(COMMAND_OPTION_HELP_ES.get(name, {})) <= set(helps), name


# --------------------------------------------------------------------------- errors and reports

ERROR_TERMS = [
    "must", "got", "missing", "unknown", "allowed", "cannot", "file", "directory", "invalid",
    "expected", "argument", "arguments", "choose", "larger", "refused", "give", "needs",
    "twice", "once", "the", "is", "be", "see", "with", "integer", "number", "table", "read",
    "name", "found", "required", "keys", "and", "or", "of", "not", "such", "too", "long",
    "malformed", "truncated", "element", "line", "column", "value", "empty", "whole",
    "roster", "catalogue", "entry", "models", "units", "unit", "off", "lie", "centre",
    "holds", "settings", "least", "points", "buy", "spec", "plus", "cost", "option", "text",
    "quotes", "finite", "save", "end", "document", "after",
    "before", "colon", "ending", "named", "mean", "did", "built-in", "command", "part",
    "parts", "joined", "each", "commas", "character", "characters", "profile", "needs",
    "error:", "internal", "report", "ignored", "approximated", "note", "rule", "modelled",
    "engine", "combat", "effect", "composition", "shooting", "movement", "deployment",
]
"""English words of the engine's error sentences and import reports."""

KEY_LISTS = re.compile(
    r"(permitid[oa]s:|uno de|una de|elige entre|incluidas:|claves obligatorias:|todas:|"
    r"disponibles:|unidades:|personajes:|da al menos|acabado en uno de|acabar en uno de|"
    r"se esperaba uno de)"
    r"[^;()]*")
"""The lists of keys and values a player must type as they are (``allowed: weapon, shield``)."""


def error_words(line: str) -> list[str]:
    """The English words of an error or report line once the player's own words are removed:
    quoted values, field paths before a colon, option names, ``key=`` and key lists."""
    text = re.sub(r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`""", " ", line)
    text = KEY_LISTS.sub(r"\1 ", text)
    text = re.sub(r"(?:^|\s)[^\s:]*[/.\[\]_][^\s:]*", " ", text)  # paths and key paths
    text = re.sub(r"--[\w-]+|\b\w+=|\b\w+ \(o \w+\):|\b[\w\[\].]+:(?!\S)", " ", text)
    text = re.sub(r"^odds \w+:", " ", text)
    for name in USER_NAMES:
        text = text.replace(name, " ")
    return [w for w in ERROR_TERMS if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


def spanish_errors(capsys, cases: list[list[str]]) -> dict[str, list[str]]:
    """Run each refused case with ``--lang es``; its error line -> the English words left."""
    found = {}
    for args in cases:
        args = [*args, "--lang", "es"]
        try:
            code = main(args)
        except SystemExit as exc:
            code = exc.code
        out, err = capsys.readouterr()
        lines = [x for x in err.splitlines() if not x.startswith(("odds: compil", "odds: otro"))]
        assert code == 2 and out == "" and len(lines) == 1, (args, code, err)
        found[lines[0]] = error_words(lines[0])
    return found


def test_errors_speak_spanish(capsys, monkeypatch, tmp_path):
    """Every refusal of the hostile-input corpus (empty option values, malformed unit specs,
    contradictory files, unreadable names), under ``--lang es``, holds none of the engine's
    English words: only the player's own names, keys and values stay as typed."""
    import test_cli_fuzz as fuzz

    monkeypatch.setenv("ODDS_TRIALS", "1")
    monkeypatch.chdir(tmp_path)
    cases = [c for c in fuzz.empty_value_cases() if c[-2] != "--lang"]
    cases += fuzz.spec_cases()[::3] + fuzz.semantic_cases(tmp_path) + fuzz.vary_cases()
    cases += [["units", "nope"], ["units", "orc_boyz,"], ["units", "/"],
              ["combat", "--scenario", "nope.toml"], ["units", "x" * 300],
              ["catalogue", "nope.cat"], ["roster", str(tmp_path)],
              ["charge", "--charger-move", "1000", "--target-move", "10", "--distance", "5"],
              ["flee", "--move", "10"], ["combat", "orc_boyz"],
              ["emerge", "--scenario", str(EXAMPLES / "emergence_ambush.toml"), "--marker", "x"]]
    found = spanish_errors(capsys, cases)
    leaks = {line: words for line, words in found.items() if words}
    assert not leaks, "\n".join(f"{words}: {line}" for line, words in leaks.items())


def test_the_error_check_finds_english(capsys, monkeypatch):
    """The same refusals in English are caught by the check."""
    monkeypatch.setenv("ODDS_TRIALS", "1")
    line = run_refused(capsys, ["units", "empire_swordsmen?models=10&models=20"])
    assert {"given", "twice"} & set(error_words(line + " given twice")) or error_words(line)
    assert error_words("odds units: error: unit: 'x': models given twice; give it once")
    assert error_words("odds units: error: models: must be an integer in [1, 1000] (got 0)")


def run_refused(capsys, args: list[str]) -> str:
    assert main(args) == 2
    return capsys.readouterr().err.strip()


def test_import_report_speaks_spanish(capsys):
    """``odds catalogue --report --lang es`` and ``odds roster --lang es``: kinds and reasons
    in Spanish (the item names are the catalogue's own MDNR words)."""
    for args in (["catalogue", str(DATA / "tiny.cat"), "--report"],
                 ["roster", str(DATA / "tiny.ros")]):
        text = run(capsys, [*args, "--lang", "es"])
        report = text[text.index("informe de importación"):].splitlines()
        assert len(report) > 1
        for line in report:
            assert error_words(line) == [], line
        english = run(capsys, args)
        assert any(error_words(x) for x in english[english.index("import report"):].splitlines())


def untranslated_reasons(items) -> list[str]:
    """The distinct reasons of ``(kind, reason)`` pairs that ``--lang es`` does not give in
    Spanish: the fallback phrase of their kind, the English text unchanged, or a Spanish text
    that still holds the engine's English words (each named with its kind)."""
    from odds.i18n import REASON_FALLBACK, report_reason

    out = []
    for kind, reason in dict.fromkeys(items):
        text = report_reason(reason, kind, "es")
        typed = re.sub(r"\bodds \w+", " ", text)  # a command the player types
        if text == REASON_FALLBACK["es"].get(kind) or text == reason or error_words(typed):
            out.append(f"{kind}: {reason}")
    return out


def test_mdnr_catalogue_reasons_in_spanish():
    """Every reason the imports of the 89 MDNR catalogues give (``odds catalogue --report``)
    has its own Spanish text in :data:`odds.i18n.REASONS`: never the fallback phrase of its
    kind, never English.  A new army rule's reason without a Spanish entry fails here, named."""
    from conftest import CATALOGUES, SHARED, cat

    if not SHARED.is_dir():
        pytest.skip("the MDNR catalogues are not on this machine")
    files = sorted(SHARED.glob("*.cat"))
    assert len(files) == CATALOGUES
    items = [(i.kind, i.reason) for f in files for i in cat(f.name).report]
    assert len(items) > 5000
    missing = untranslated_reasons(items)
    assert not missing, ("reasons without a Spanish entry in odds.i18n.REASONS:\n"
                         + "\n".join(missing))


def test_the_reason_check_names_an_untranslated_reason():
    """A reason no pattern knows (an army helper's new one) is found and named."""
    new = ("ignored", "a brand-new rule of some army: not modelled")
    assert untranslated_reasons([new, ("ignored", "rule not modelled by the engine")]) == [
        "ignored: a brand-new rule of some army: not modelled"]


@pytest.mark.parametrize("reason, spanish", [
    ("the champion's S+1, the champion's weapon hand_weapon, the champion's killing_blow",
     "el campeón: F+1, arma: arma de mano, golpe letal"),
    ("the leader's own rule: fear in close combat (he fights as a body of his own)",
     "la regla propia del líder: miedo en combate cuerpo a cuerpo (lucha como un cuerpo "
     "propio)"),
    ("troop type 'Infantería' with M20: cavalry, the steed folded into the profile",
     "tipo de tropa 'Infantería' con M20: caballería, con la montura incluida en el perfil"),
])
def test_reasons_carry_their_values_into_spanish(reason, spanish):
    """The values a reason names (profile changes, weapons, rules, troop types) in MDNR words."""
    from odds.i18n import report_reason

    assert report_reason(reason, "note", "es") == spanish


def test_compile_notice_in_spanish(capsys):
    """The first-compile notice in the language of ``--lang``."""
    from odds import _jit
    from odds.i18n import compile_notice_words

    _jit.notice_words(compile_notice_words("es"))
    try:
        _jit._announced.discard("charge")
        _jit._notice("charge", "compiling")
    finally:
        _jit.notice_words(None)
        _jit._announced.discard("charge")
    err = capsys.readouterr().err
    assert err.startswith("odds: compilando el motor de cargas") and not error_words(err)


# --------------------------------------------------------------------------- agreement


@pytest.mark.parametrize("name, plural, feminine", [
    ("Capitán", False, False), ("Gran jefe orco", False, False),
    ("Profeta del apocalipsis", False, False), ("Lanzavirotes destripador", False, False),
    ("Hidra de guerra", False, True), ("Morathi, la Reina Bruja", False, True),
    ("Luthor Huss, Profeta de Sigmar", False, False), ("Guerreros orcos", True, False),
    ("campeón de Caballería imperial", False, False), ("Arpías", True, True),
])
def test_gender_from_the_head_noun(name, plural, feminine):
    """MDNR names agree by their head noun: a table for the nouns whose ending misleads
    (*Profeta*, *Lanzavirotes*), a named character by the title after the comma."""
    from odds.i18n import gender_number

    assert gender_number(name) == (plural, feminine)


def test_a_shared_legend_agrees_with_all_its_units():
    """A legend for mixed units takes the masculine singular; for feminine units only, the
    feminine."""
    from odds.i18n import agree_all

    assert agree_all(["Capitán", "Caballería imperial"], "caught") == "atrapado"
    assert agree_all(["Caballería imperial", "Hidra de guerra"], "destroyed") == "aniquilada"
    assert agree_all(["Guerreros orcos", "Espadachines"], "escaped") == "escapan"


def test_scenario_rows_and_legend_agree_with_each_unit(capsys, monkeypatch, tmp_path):
    """``odds combat --scenario`` (source 004, several units and characters): each unit row's
    ending agrees with its unit (*Capitán aniquilado*, *Guerreros orcos atrapados*,
    *Caballería imperial aniquilada*), and the plot's legend with the units it shows."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from odds.commands import _files

    kept = []
    monkeypatch.setattr(_files, "write_figure", lambda fig, path, dpi=120: kept.append(fig))
    monkeypatch.setattr(plt, "close", lambda *a, **k: None)
    monkeypatch.setenv("ODDS_TRIALS", "300")
    text = run(capsys, [*COMMANDS["scenario"], "--lang", "es", "--seed", "1", "--plot",
                        str(tmp_path / "s.png")])
    monkeypatch.undo()
    rows = text[text.index("Unidades:"):text.index("Primer turno:")].splitlines()

    def ending(unit: str, word: str) -> bool:
        return any(re.match(rf"\s*{unit}\s+\S+\s+{word}\s", r) for r in rows)

    assert ending("Capitán", "aniquilado") and ending("Capitán", "atrapado")
    assert ending("Gran jefe orco", "aniquilado")
    assert ending("Guerreros orcos", "atrapados") and ending("Guerreros orcos", "escapan")
    assert ending("Caballería imperial", "aniquilada")
    assert ending("Campeón de Guerreros orcos", "atrapado")
    assert not ending("Capitán", "aniquilada") and not ending("Guerreros orcos", "atrapada")
    fig = kept[0]
    try:
        legend = [t.get_text() for ax in fig.axes if ax.get_legend()
                  for t in ax.get_legend().get_texts()]
        assert {"aniquilado", "atrapado", "escapa", "gana"} <= set(legend), legend
    finally:
        plt.close(fig)


def test_reaction_rows_agree_with_the_charged_unit(capsys, monkeypatch):
    """``odds combat --reaction both`` (charge reactions, source 001): the rows and columns
    agree with the charged unit (*Guerreros orcos*: plural) and numbers take the comma."""
    monkeypatch.setenv("ODDS_TRIALS", "300")
    text = run(capsys, [*COMMANDS["reaction"], "--lang", "es", "--seed", "1"])
    for words in ("ganan el combate", "aniquilados o atrapados", "huyen y escapan",
                  "aguantan (simulado)", "huyen (exacto)"):
        assert words in text, words
    assert re.search(r"\b0,\d{4}\b", text) and not re.search(r"\b0\.\d{4}\b", text)


@pytest.mark.parametrize(("x", "en", "es"), [(150.0, "150", "150"), (12.5, "12.5", "12,5"),
                                             (7, "7", "7"), (float("nan"), "-", "-")])
def test_points_are_whole_or_one_decimal(x, en, es):
    """Army-list costs (MDNR army books: whole points, half points for some models)."""
    from odds.results import format_points

    assert (format_points(x, "en"), format_points(x, "es")) == (en, es)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_points_columns_print_as_a_list_does(capsys, monkeypatch, lang):
    """``odds matrix --efficiency``: the points columns read ``150``, never ``150,0000``."""
    monkeypatch.setenv("ODDS_TRIALS", "300")
    text = run(capsys, [*COMMANDS["matrix"], "--lang", lang, "--seed", "1"])
    assert not re.search(r"\b1[45]0[.,]0+\b", text), text
    rows = [line.split() for line in text.splitlines() if "Trolls Espadachines" in line
            or re.search(r"\bTrolls +1", line)]
    assert len(rows) == 3 and all("150" in row for row in rows), rows


@pytest.mark.parametrize("line, spanish", [
    ("Ratas ogro: not modelled: Cerebro pequeño, Unidad mixta",
     "Ratas ogro: no modelado: Cerebro pequeño, Unidad mixta"),
    ("Lanceros: not modelled: Firmeza; approximated: Despliegue",
     "Lanceros: no modelado: Firmeza; aproximado: Despliegue"),
    ("Goblins: approximated: Tipo; 10 models, below the catalogue's minimum of 20",
     "Goblins: aproximado: Tipo; 10 miniaturas, por debajo del mínimo del catálogo (20)"),
])
def test_a_units_warning_line_in_spanish(line, spanish):
    """The frame of a unit's warning line (odds.units.Unit.warning) in MDNR words; the names it
    lists stay the catalogue's; English keeps the line as written."""
    from odds.i18n import warning_line

    assert warning_line(line, "es") == spanish
    assert warning_line(line, "en") == line


def test_the_cli_warns_in_spanish(capsys):
    """A catalogue unit with rules left out: its warning, in the table and in JSON, reads in
    Spanish with --lang es (MDNR_Skaven v4_5.cat, "Ratas ogro": "Cerebro pequeño" and more)."""
    from conftest import SHARED

    if not SHARED.is_dir():
        pytest.skip("the MDNR catalogues are not on this machine")
    unit = f"{SHARED / 'MDNR_Skaven v4_5.cat'}:Ratas ogro"
    args = ["combat", unit, "empire_swordsmen", "--trials", "2000", "--seed", "1", "--lang", "es"]
    text = run(capsys, args)
    line = next(x for x in text.splitlines() if x.startswith("aviso:"))
    assert "Ratas ogro: no modelado: Cerebro pequeño" in line and "not modelled" not in line
    warnings = json.loads(run(capsys, [*args, "--format", "json"]).split("\naviso")[0])["warnings"]
    assert warnings and all("no modelado" in w and "modelled" not in w for w in warnings)
