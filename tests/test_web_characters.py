"""The web page's characters, round-1 working, roster books and Dask matrix jobs.

Characters joining a unit (RULES.md §1.9) are fought as ``odds combat --scenario`` fights
them; the working of round 1 (RULES.md §1.2-§1.8) is the engine's; rosters in a ``--data``
folder are books; with a Dask client, matrix jobs run on the cluster (as ``odds matrix
--scheduler``).
"""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
from test_web_api import cli_json, post, without_page
from test_web_server import request, running_server

from odds.emergence import example_path
from odds.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[1] / "odds" / "examples"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "battlescribe"
EMPIRE = SHARED / "MDNR_Imperio v4_5.cat"
GST = SHARED / "Warhammer_Fantasy_-_6ª_Edición_con_MDNR_-_v1.0.gst"


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("data")
    for name in ("my_list.ros", "their_list.ros"):
        shutil.copy(EXAMPLES / name, d / name)
    if EMPIRE.is_file():
        shutil.copy(EMPIRE, d / EMPIRE.name)
        shutil.copy(GST, d / GST.name)
    return d


@pytest.fixture(scope="module")
def base(data_dir):
    with running_server([data_dir]) as url:
        yield url


def heroes() -> tuple[dict, dict]:
    """The Captain and the Orc Big Boss of ``odds/examples/combat_heroes.toml``, by value."""
    sc = load_scenario(example_path("combat_heroes"))
    return (sc.unit("knights").characters[0].to_dict(), sc.unit("boyz").characters[0].to_dict())


def toml(value: dict, prefix: str = "") -> str:
    """A small TOML writer for a scenario: scalars, lists of scalars, tables, arrays of tables."""
    def scalar(x):
        return json.dumps(x) if not isinstance(x, bool) else str(x).lower()

    lines, tables = [], []
    for k, v in value.items():
        if isinstance(v, dict):
            tables.append(f"\n[{prefix}{k}]\n" + toml(v, f"{prefix}{k}."))
        elif isinstance(v, list) and v and isinstance(v[0], dict):
            tables += [f"\n[[{prefix}{k}]]\n" + toml(item, f"{prefix}{k}.") for item in v]
        elif isinstance(v, list):
            lines.append(f"{k} = [{', '.join(scalar(x) for x in v)}]")
        else:
            lines.append(f"{k} = {scalar(v)}")
    return "\n".join(lines) + "".join(tables) + "\n"


def test_characters_join_as_in_a_scenario_file(base, capsys, tmp_path):
    """RULES.md §1.9: a character joining each unit; the answer is ``odds combat --scenario``'s."""
    cap, boss = heroes()
    body = {"attacker": {"unit": "empire_knights", "characters": [cap]},
            "defender": {"unit": "orc_boyz", "characters": [boss]},
            "defender_side": {"allocation": "split"}, "trials": 20000, "seed": 5}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    scenario = {
        "name": "Caballería imperial vs Guerreros orcos", "active_side": "attacker",
        "max_rounds": 10,
        "attacker": [{"id": "attacker", "unit": "empire_knights", "engaged_with": "defender",
                      "charged": True, "characters": [cap]}],
        "defender": [{"id": "defender", "unit": "orc_boyz", "engaged_with": "attacker",
                      "allocation": "split", "characters": [boss]}],
    }
    path = tmp_path / "heroes.toml"
    path.write_text(toml(scenario), encoding="utf-8")
    cli = cli_json(capsys, ["combat", "--scenario", str(path), "--trials", "20000", "--seed",
                            "5", "--format", "json"])
    assert without_page(web) == cli
    page = web["page"]
    assert page["kind"] == "scenario" and page["characters"] == {
        "attacker": ["Capitán"], "defender": ["Gran jefe orco"]}
    assert web["challenge"]["p_issued_r1"] == 1.0  # both sides challenge by default


@pytest.mark.parametrize(("body", "message"), [
    ({"attacker": {"unit": "orc_boyz", "characters": [{"name": "X", "profile": {"WS": 99}}]},
      "defender": {"unit": "orc_boyz"}}, "attacker.characters[0]."),
    ({"attacker": {"unit": "orc_boyz", "characters": [heroes()[1]] * 5},
      "defender": {"unit": "orc_boyz"}}, "attacker.characters: "),
    ({"attacker": {"unit": "orc_boyz", "characters": [heroes()[1]]},
      "defender": {"unit": "orc_boyz"}, "distance": 5}, "distance: must be 10.0 with characters"),
])
def test_bad_characters_are_a_422_naming_the_field(base, body, message):
    status, out = post(base, "/api/combat", {**body, "trials": 100, "seed": 1})
    assert status == 422 and out["error"].startswith(message), out


def test_hold_or_flee_refuses_characters(base):
    body = {"attacker": {"unit": "empire_knights", "characters": [heroes()[0]]},
            "defender": {"unit": "orc_boyz"}, "trials": 100, "seed": 1}
    status, out = post(base, "/api/hold", body)
    assert status == 422 and out["error"].startswith("attacker.characters: "), out


def test_the_working_of_round_one_is_the_engines(base):
    """RULES.md §1.2-§1.8: swordsmen charging orc boyz, every step checkable by hand."""
    body = {"attacker": {"unit": "empire_swordsmen"}, "defender": {"unit": "orc_boyz"},
            "trials": 100_000, "seed": 11}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    wk = web["page"]["working"]
    rf = next(g for g in wk["groups"] if g["side"] == "attacker" and g["group"] == "rank_and_file")
    # WS 4 against WS 3 hits on 3+, S 3 against T 4 wounds on 5+, the boyz save on 5+
    assert (rf["to_hit"], rf["to_wound"], rf["armour_save"]) == (3, 5, 5)
    assert rf["unsaved"] == pytest.approx(rf["attacks"] * (4 / 6) * (2 / 6) * (4 / 6))
    assert rf["hits"] == pytest.approx(rf["attacks"] * rf["p_hit"])
    assert rf["wounds"] == pytest.approx(rf["hits"] * rf["p_wound"])
    assert rf["armour_saves"] == pytest.approx(rf["wounds"] * rf["p_armour_save"])
    assert rf["wounds"] - rf["armour_saves"] - rf["ward_saves"] == pytest.approx(rf["unsaved"])
    # the swordsmen (I 4) strike before the boyz (I 2): nobody of theirs falls first, so the
    # sum of their groups' unsaved wounds is the exact mean the boyz lose
    mine = sum(g["unsaved"] for g in wk["groups"] if g["side"] == "attacker")
    lost = wk["lost_exact"]
    assert mine == pytest.approx(lost["defender"]["wounds"], rel=1e-9)
    # the boyz strike back with fewer models: below their full-strength sum
    theirs = sum(g["unsaved"] for g in wk["groups"] if g["side"] == "defender")
    assert lost["attacker"]["wounds"] < theirs
    # the Monte Carlo wounds term against the exact mean, z = 5
    n = web["trials"]
    for side, other in (("attacker", "defender"), ("defender", "attacker")):
        rows = [r for r in web["page"]["wounds_r1"] if r["side"] == side]
        mean = sum(r["wounds"] * r["probability"] for r in rows)
        sd = math.sqrt(sum(r["wounds"] ** 2 * r["probability"] for r in rows) - mean ** 2)
        got = wk["terms"][side]["wounds"]
        assert abs(got - lost[other]["wounds"]) <= 5 * sd / math.sqrt(n) + 1e-12


def test_rosters_in_the_data_folder_are_books_with_characters(base):
    """Rosters (issue 11 §2; RULES.md §1.9): listed, their units and characters by value."""
    status, info, _ = request(base, "/api/info")
    rosters = {b["file"]: b for b in info["books"] if b["kind"] == "roster"}
    assert set(rosters) == {"my_list.ros", "their_list.ros"}
    book = rosters["my_list.ros"]["id"]
    status, units, _ = request(base, f"/api/books/{book}/units")
    assert status == 200 and [u["name"] for u in units] == ["Lanceros", "Espadachines",
                                                            "Alabarderos"]
    status, chars, _ = request(base, f"/api/books/{book}/characters")
    assert [(c["name"], c["joins"]) for c in chars] == [("Capitán imperial", "Lanceros")]
    body = {"attacker": {"book": book, "unit": "Lanceros", "data": units[0]["data"],
                         "characters": [chars[0]["data"]]},
            "defender": {"unit": "orc_boyz"}, "trials": 2000, "seed": 1}
    status, web = post(base, "/api/combat", body)
    assert status == 200 and web["page"]["characters"]["attacker"] == ["Capitán imperial"]


def scenario_json(capsys, tmp_path, name: str, attacker: dict, defender: dict,
                  args: list[str]) -> dict:
    """``odds combat --scenario FILE --format json`` for two units with their characters."""
    scenario = {"name": name, "active_side": "attacker", "max_rounds": 10,
                "attacker": [{"id": "attacker", "engaged_with": "defender", "charged": True,
                              **attacker}],
                "defender": [{"id": "defender", "engaged_with": "attacker", **defender}]}
    path = tmp_path / "scenario.toml"
    path.write_text(toml(scenario), encoding="utf-8")
    return cli_json(capsys, ["combat", "--scenario", str(path), *args, "--format", "json"])


def test_built_in_characters_join_as_in_a_scenario_file(base, capsys, tmp_path):
    """RULES.md §1.9: the built-in library's characters (odds/library/characters) join a unit;
    the answer is ``odds combat --scenario``'s for the same character by value and seed."""
    status, chars, _ = request(base, "/api/books/builtin/characters")
    assert status == 200
    by_key = {c["key"]: c for c in chars}
    assert {"empire_captain", "orc_big_boss", "dwarf_thane"} <= set(by_key)
    cap = by_key["empire_captain"]
    assert (cap["name"], cap["points"], cap["joins"]) == ("Capitán imperial", 50, "")
    body = {"attacker": {"unit": "empire_swordsmen", "characters": [cap["data"]]},
            "defender": {"unit": "orc_boyz", "characters": [by_key["orc_big_boss"]["data"]]},
            "trials": 5000, "seed": 9}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    cli = scenario_json(capsys, tmp_path, "Espadachines vs Guerreros orcos",
                        {"unit": "empire_swordsmen", "characters": [cap["data"]]},
                        {"unit": "orc_boyz", "characters": [by_key["orc_big_boss"]["data"]]},
                        ["--trials", "5000", "--seed", "9"])
    assert without_page(web) == cli
    assert web["page"]["characters"] == {"attacker": ["Capitán imperial"],
                                         "defender": ["Gran jefe orco"]}


@pytest.mark.skipif(not EMPIRE.is_file(), reason="the shared MDNR catalogues are not here")
def test_a_catalogues_characters_join_as_in_a_scenario_file(base, capsys, tmp_path):
    """MDNR Imperio v4_5.cat, entry "Capitán imperial" (M10 HA5 HP5 F4 R4 H2 I5 A3 L8): a
    catalogue's characters are offered with their default options and fight as the CLI's."""
    status, info, _ = request(base, "/api/info")
    book = next(b["id"] for b in info["books"] if b["file"] == EMPIRE.name)
    status, chars, _ = request(base, f"/api/books/{book}/characters")
    assert status == 200
    by_name = {c["name"]: c for c in chars}
    assert {"Capitán imperial", "Conde elector", "Sacerdote guerrero"} <= set(by_name)
    cap = by_name["Capitán imperial"]
    assert cap["data"]["profile"] == {"M": 10, "WS": 5, "BS": 5, "S": 4, "T": 4, "W": 2,
                                      "I": 5, "A": 3, "Ld": 8}
    assert cap["points"] == 50
    status, units, _ = request(base, f"/api/books/{book}/units")
    unit = next(u["key"] for u in units if u["name"].startswith("Espadachines"))
    body = {"attacker": {"book": book, "unit": unit, "characters": [cap["data"]]},
            "defender": {"unit": "orc_boyz"}, "trials": 5000, "seed": 4}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    cli = scenario_json(capsys, tmp_path, web["scenario"],
                        {"unit": web["page"]["references"]["attacker"],
                         "characters": [cap["data"]]},
                        {"unit": "orc_boyz"}, ["--trials", "5000", "--seed", "4"])
    assert without_page(web) == cli


def test_an_uploaded_catalogue_lists_its_characters(base):
    """MDNR Imperio v4_5.cat uploaded: its character entries come back by value."""
    if not EMPIRE.is_file():
        pytest.skip("the shared MDNR catalogues are not here")
    status, out, _ = request(base, f"/api/upload?name={EMPIRE.name.replace(' ', '%20')}",
                             raw=EMPIRE.read_bytes())
    assert status == 200
    names = [c["name"] for c in out["characters"]]
    assert "Capitán imperial" in names and "Gran maestre templario" in names


def test_an_uploaded_roster_lists_its_characters(base):
    status, out, _ = request(base, "/api/upload?name=my_list.ros",
                             raw=(EXAMPLES / "my_list.ros").read_bytes())
    assert status == 200 and out["characters"][0]["joins"] == "Lanceros"
    assert out["characters"][0]["data"]["profile"]["WS"] == 5


def test_matrix_jobs_run_on_a_dask_cluster(capsys):
    """``--scheduler``: the matrix on a (thread) LocalCluster equals ``odds matrix``."""
    distributed = pytest.importorskip("distributed", reason="distributed is not installed")
    with distributed.LocalCluster(n_workers=1, processes=False, threads_per_worker=2,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client, running_server(dask_client=client) as url:
        body = {"list_a": [{"unit": "empire_swordsmen"}, {"unit": "orc_boyz"}],
                "list_b": [{"unit": "dwarf_warriors"}], "trials": 1000, "seed": 3}
        before = cluster.scheduler.transition_counter
        status, web = post(url, "/api/matrix", body)
        assert status == 200, web
        assert cluster.scheduler.transition_counter > before  # the cells ran on the cluster
    cli = cli_json(capsys, ["matrix", "empire_swordsmen,orc_boyz", "dwarf_warriors",
                            "--trials", "1000", "--seed", "3", "--format", "json"])
    assert without_page(web) == cli


def test_the_working_of_round_one_with_characters(base):
    """RULES.md §1.2-§1.9: with characters each body's attacks and rolls, checkable by hand.

    The Captain (WS 5, S 4, lance: S 6 on the charge, §1.5) against the orc boyz (WS 3, T 4,
    light armour and shield): 3 attacks hit on 3+, wound on 2+, and S 6 leaves no armour save.
    """
    cap, boss = heroes()
    body = {"attacker": {"unit": "empire_knights", "characters": [cap]},
            "defender": {"unit": "orc_boyz", "characters": [boss]},
            "trials": 2000, "seed": 5}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    groups = web["page"]["working"]["groups"]
    row = next(g for g in groups if g["body"] == "Capitán" and g["target"] == "Guerreros orcos"
               and g["group"] == "rank_and_file")
    assert (row["attacks"], row["to_hit"], row["to_wound"], row["armour_save"]) == (3, 3, 2, 7)
    assert row["unsaved"] == pytest.approx(3 * (4 / 6) * (5 / 6))
    # in a challenge the Captain's blows at the Big Boss (WS 5: 4+ to hit; T 5: S 6 wounds on 3+)
    duel = next(g for g in groups if g["body"] == "Capitán" and g["target"] == "Gran jefe orco"
                and g["group"] == "rank_and_file")
    assert (duel["to_hit"], duel["to_wound"]) == (4, 3)
    for g in groups:
        assert g["hits"] == pytest.approx(g["attacks"] * g["p_hit"])
        assert g["wounds"] - g["armour_saves"] - g["ward_saves"] == pytest.approx(g["unsaved"])
    assert {g["side"] for g in groups} == {"attacker", "defender"}


CAPTAIN_UPGRADES = ["Armadura pesada", "Escudo", "Caballo de guerra con barda",
                    "Lanza de caballería", "Talismán de protección"]


@pytest.mark.skipif(not EMPIRE.is_file(), reason="the shared MDNR catalogues are not here")
def test_a_catalogue_character_takes_his_options_as_the_python_api_builds_him(
        base, capsys, tmp_path):
    """MDNR Imperio v4_5.cat, entry "Capitán imperial": 50 pts; heavy armour 4, shield 2,
    barded warhorse 14, cavalry lance 4; magic items up to 50 pts (Talismán de protección 15,
    a 6+ ward save).  The page's character is the Python API's
    (:meth:`CharacterEntry.build`), and the combat equals ``odds combat --scenario``."""
    from odds.battlescribe.catalogue_characters import catalogue_characters

    status, info, _ = request(base, "/api/info")
    book = next(b["id"] for b in info["books"] if b["file"] == EMPIRE.name)
    status, chars, _ = request(base, f"/api/books/{book}/characters")
    cap = next(c for c in chars if c["key"] == "Capitán imperial")
    assert cap["source"] == {"kind": "catalogue", "book": book, "name": "MDNR Imperio",
                             "file": EMPIRE.name}
    offered = {o["name"]: o for o in cap["options"]}
    assert offered["Lanza de caballería"]["points"] == 4 and not offered["Escudo"]["magic"]
    assert offered["Talismán de protección"] == {"name": "Talismán de protección",
                                                 "group": "Talismanes", "points": 15.0,
                                                 "magic": True}
    assert cap["magic_limit"] == 50
    status, built = post(base, "/api/character", {"book": book, "key": "Capitán imperial",
                                                  "upgrades": CAPTAIN_UPGRADES})
    assert status == 200, built
    entry = next(e for e in catalogue_characters(EMPIRE) if e.name == "Capitán imperial")
    character, _ = entry.build(CAPTAIN_UPGRADES)
    assert built["data"] == character.to_dict() and built["points"] == 50 + 4 + 2 + 14 + 4 + 15
    assert (character.mount_type, character.equipment.weapon, character.equipment.armour,
            character.equipment.barding, character.ward_save) == ("horse", "lance", "heavy",
                                                                  True, 6)
    assert built["upgrades"] == CAPTAIN_UPGRADES and built["source"]["kind"] == "catalogue"
    status, units, _ = request(base, f"/api/books/{book}/units")
    unit = next(u["key"] for u in units if u["name"].startswith("Espadachines"))
    body = {"attacker": {"book": book, "unit": unit, "characters": [built["data"]]},
            "defender": {"unit": "orc_boyz"}, "trials": 5000, "seed": 8}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    cli = scenario_json(capsys, tmp_path, web["scenario"],
                        {"unit": web["page"]["references"]["attacker"],
                         "characters": [character.to_dict()]},
                        {"unit": "orc_boyz"}, ["--trials", "5000", "--seed", "8"])
    assert without_page(web) == cli
    # the same inputs named as a scenario file names them: the army book, the entry, its options
    spec = f"{EMPIRE}:Capitán imperial?upgrades={','.join(CAPTAIN_UPGRADES)}"
    named = scenario_json(capsys, tmp_path, web["scenario"],
                          {"unit": web["page"]["references"]["attacker"], "characters": [spec]},
                          {"unit": "orc_boyz"}, ["--trials", "5000", "--seed", "8"])
    assert without_page(web) == named


@pytest.mark.skipif(not EMPIRE.is_file(), reason="the shared MDNR catalogues are not here")
@pytest.mark.parametrize(("body", "lang", "message"), [
    ({"upgrades": ["Sudario de Magnus", "Amuleto de jade"]}, "en",
     "upgrades: the magic items cost 110 points; 'Capitán imperial' may take at most 50"),
    ({"upgrades": ["Sudario de Magnus", "Amuleto de jade"]}, "es",
     "upgrades: los objetos mágicos cuestan 110 puntos; 'Capitán imperial' puede llevar"),
    ({"upgrades": ["Zapato"]}, "es", "upgrades: 'Zapato' no es una opción de 'Capitán imperial'"),
    ({"key": "Nadie"}, "en", "key: 'MDNR Imperio' lists no character 'Nadie'"),
    ({"upgrades": ["x"] * 21}, "en", "upgrades: "),
])
def test_bad_character_options_are_a_422_naming_the_field(base, body, lang, message):
    """MDNR Imperio: a hero's magic items cost 50 points at most (the catalogue's limit)."""
    status, info, _ = request(base, "/api/info")
    book = next(b["id"] for b in info["books"] if b["file"] == EMPIRE.name)
    status, out = post(base, "/api/character", {"book": book, "key": "Capitán imperial",
                                                "lang": lang, **body})
    assert status == 422 and out["error"].startswith(message), out


def test_same_name_characters_say_where_they_come_from(base):
    """The roster's "Capitán imperial" (my_list.ros) and the built-in one
    (odds/library/characters/empire_captain.toml) share a name: each listing names its source,
    and /api/character gives back the one of that source."""
    status, info, _ = request(base, "/api/info")
    roster = next(b["id"] for b in info["books"] if b["file"] == "my_list.ros")
    status, mine, _ = request(base, f"/api/books/{roster}/characters")
    status, builtin, _ = request(base, "/api/books/builtin/characters")
    a = next(c for c in mine if c["name"] == "Capitán imperial")
    b = next(c for c in builtin if c["name"] == "Capitán imperial")
    assert a["source"] == {"kind": "roster", "book": roster, "name": a["source"]["name"],
                           "file": "my_list.ros"}
    assert b["source"] == {"kind": "builtin", "book": "builtin", "name": "Built-in library",
                           "file": ""}
    assert a["data"] != b["data"] and (a["points"], b["points"]) == (56, 50)
    for book, item in ((roster, a), ("builtin", b)):
        status, out = post(base, "/api/character", {"book": book, "key": item["key"]})
        assert status == 200 and out["data"] == item["data"], out
    status, out = post(base, "/api/character", {"book": "builtin", "key": b["key"],
                                                "upgrades": ["Escudo"]})
    assert status == 422 and out["error"].startswith("upgrades: only an army book's"), out


def upload_character(base: str, name: str, data: bytes, key: str, upgrades: list[str],
                     lang: str = "en") -> tuple[int, dict]:
    from urllib.parse import urlencode

    query = urlencode([("name", name), ("key", key), ("lang", lang),
                       *(("upgrade", u) for u in upgrades)])
    status, out, _ = request(base, f"/api/upload/character?{query}", raw=data,
                             headers={"Content-Type": "application/octet-stream"})
    return status, out


@pytest.mark.skipif(not EMPIRE.is_file(), reason="the shared MDNR catalogues are not here")
def test_an_uploaded_catalogues_character_takes_options_as_the_data_folders_does(base):
    """MDNR Imperio v4_5.cat, entry "Capitán imperial" (options and magic items as above):
    uploaded (read in memory, never stored) he is built as the same file in the data folder
    builds him.  The 50-point magic-item limit is a cost of the game system (the .gst beside
    the catalogue in a data folder), which an uploaded file comes without: none is known."""
    status, info, _ = request(base, "/api/info")
    book = next(b["id"] for b in info["books"] if b["file"] == EMPIRE.name)
    status, folder = post(base, "/api/character", {"book": book, "key": "Capitán imperial",
                                                   "upgrades": CAPTAIN_UPGRADES})
    assert status == 200, folder
    data = EMPIRE.read_bytes()
    status, up = upload_character(base, EMPIRE.name, data, "Capitán imperial", CAPTAIN_UPGRADES)
    assert status == 200, up
    assert (up["data"], up["points"], up["upgrades"]) == (folder["data"], folder["points"],
                                                          CAPTAIN_UPGRADES)
    assert up["options"] == folder["options"]
    assert (folder["magic_limit"], up["magic_limit"]) == (50, None)
    status, out = upload_character(base, EMPIRE.name, data, "Capitán imperial", ["Zapato"], "es")
    assert status == 422 and out["error"].startswith(
        "upgrades: 'Zapato' no es una opción de 'Capitán imperial'"), out
    status, out = upload_character(base, "my_list.ros", b"<roster/>", "0", [])
    assert status == 422 and out["error"].startswith("upload: 'my_list.ros' must be an army"), out


@pytest.mark.skipif(not EMPIRE.is_file(), reason="the shared MDNR catalogues are not here")
def test_a_characters_import_notes_name_what_is_left_out_or_approximated(base):
    """MDNR Imperio v4_5.cat, "Capitán imperial": the Orbe de la tormenta (a magic item the
    engine does not model) is left out, the Pegaso (a ridden monster) approximated; the
    listing of "Sacerdote guerrero" names his Plegarias, which the engine does not model."""
    status, info, _ = request(base, "/api/info")
    book = next(b["id"] for b in info["books"] if b["file"] == EMPIRE.name)
    status, out = post(base, "/api/character", {"book": book, "key": "Capitán imperial",
                                                "upgrades": ["Orbe de la tormenta", "Pegaso"]})
    assert status == 200, out
    assert out["import_notes"] == [{"kind": "ignored", "item": "Orbe de la tormenta"},
                                   {"kind": "approximated", "item": "Pegaso"}]
    assert len(out["warnings"]) == 2  # the reasons in words, not the army-composition notes
    status, chars, _ = request(base, f"/api/books/{book}/characters")
    priest = next(c for c in chars if c["key"] == "Sacerdote guerrero")
    assert {"kind": "ignored", "item": "Plegarias"} in priest["import_notes"]
    status, built = post(base, "/api/character", {"book": book, "key": "Capitán imperial"})
    assert built["import_notes"] == []


def test_the_units_say_whether_characters_may_join(base):
    """Characters join ranked units only, not monsters, chariots or war machines
    (RULES.md §1.9; odds.scenario.unit.NO_CHARACTERS)."""
    status, units, _ = request(base, "/api/books/builtin/units")
    assert status == 200
    by_type = {u["troop_type"]: u["takes_characters"] for u in units}
    assert by_type["infantry"] and by_type["cavalry"]
    assert (by_type["chariot"], by_type["monster"]) == (False, False)


@pytest.mark.parametrize(("attacker", "message"), [
    ({"unit": "orc_boar_chariot"},
     "characters: los personajes se unen a unidades en filas, no a un carro"),
    ({"unit": "empire_halberdiers", "files": 3, "command": "full"},
     "characters: una unidad de 3 de frente (files) con 3 miniaturas de mando admite de 0 a 0 "
     "personajes (hay 1): el grupo de mando va primero en la primera fila"),
])
def test_a_character_who_cannot_join_is_refused_in_the_pages_language(base, attacker, message):
    """Characters join ranked units only, and stand in the front rank with the command
    (RULES.md §1.9, odds.scenario.unit): refused with the reason, in Spanish on a Spanish page."""
    captain, _ = heroes()
    body = {"attacker": {**attacker, "characters": [captain]}, "defender": {"unit": "orc_boyz"},
            "trials": 1000, "seed": 1, "lang": "es"}
    status, out = post(base, "/api/combat", body)
    assert status == 422 and out["error"].startswith(message), out


def test_a_unit_narrower_than_its_command_group_fights_beside_characters(base):
    """A unit 2 wide with champion, standard and musician takes no character, but is not
    refused for its command group alone (placed in the front rank "whenever possible", 6th
    edition "Banners, Musicians & Champions"): it fights an enemy a character joined; and a
    character joining it is refused with the range it takes, in English on an English page."""
    captain, boss = heroes()
    narrow = {"unit": "empire_halberdiers", "files": 2, "command": "full"}
    body = {"attacker": narrow, "defender": {"unit": "orc_boyz", "characters": [boss]},
            "trials": 1000, "seed": 1}
    status, out = post(base, "/api/combat", body)
    assert status == 200, out
    assert out["page"]["kind"] == "scenario" and out["page"]["characters"]["attacker"] == []
    status, out = post(base, "/api/combat", {**body, "attacker": {**narrow,
                                                                  "characters": [captain]}})
    assert status == 422, out
    assert out["error"].startswith("characters: a unit 2 wide (files) with 3 command models "
                                   "takes 0 to 0 characters (got 1)"), out
