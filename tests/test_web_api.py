"""The web API: every view's answer equals the CLI's, and every bad input is a 422 message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import SHARED, needs_data
from test_web_server import request, running_server

from odds.cli import main
from odds.web.schemas import MAX_JOBS_PER_CLIENT, MAX_MODELS, MAX_TRIALS

IMPERIO = SHARED / "MDNR_Imperio v4_5.cat"


@pytest.fixture(scope="module")
def base():
    with running_server([SHARED] if SHARED.is_dir() else []) as url:
        yield url


def cli_json(capsys, argv: list[str]) -> dict:
    capsys.readouterr()
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def without_page(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k != "page"}


def post(base, path, body):
    status, out, _ = request(base, path, body)
    return status, out


def test_healthz_and_info(base):
    status, body, _ = request(base, "/healthz")
    assert (status, body["status"]) == (200, "ready")
    status, info, _ = request(base, "/api/info")
    assert status == 200 and info["version"] and info["books"][0]["id"] == "builtin"
    assert info["caps"]["trials"] == MAX_TRIALS


def test_builtin_units_are_listed_with_search_keys(base):
    status, units, _ = request(base, "/api/books/builtin/units")
    assert status == 200
    halberds = next(u for u in units if u["key"] == "empire_halberdiers")
    assert "alabarderos" in halberds["search"] and "empire halberdiers" in halberds["search"]


COMBAT = {"attacker": {"unit": "empire_swordsmen", "models": 20, "command": "full"},
          "defender": {"unit": "orc_boyz"}, "trials": 30000, "seed": 7, "charger": "attacker"}


def test_combat_equals_the_cli(base, capsys):
    status, web = post(base, "/api/combat", COMBAT)
    assert status == 200
    cli = cli_json(capsys, ["combat", "empire_swordsmen?models=20&command=full", "orc_boyz",
                            "--trials", "30000", "--seed", "7", "--format", "json"])
    assert without_page(web) == cli
    assert web["page"]["references"]["attacker"] == "empire_swordsmen?models=20&command=full"


def test_combat_with_options_and_rules_equals_the_cli(base, capsys):
    body = {**COMBAT, "lang": "es", "charger": "defender", "attacker_face": "flank",
            "distance": 12.5, "max_rounds": 6, "insane_courage": True,
            "musician_tiebreak": False, "expand_frontage": False,
            "attacker_side": {"bonus": 1, "bsb": True}, "defender_side": {"high_ground": True,
                                                                         "general_ld": 9}}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    cli = cli_json(capsys, [
        "combat", "empire_swordsmen?models=20&command=full", "orc_boyz", "--trials", "30000",
        "--seed", "7", "--format", "json", "--lang", "es", "--charger", "defender",
        "--attacker-face", "flank", "--distance", "12.5", "--max-rounds", "6",
        "--insane-courage", "--no-musician-tiebreak", "--no-expand-frontage",
        "--attacker-bonus", "1", "--attacker-bsb", "--defender-high-ground",
        "--defender-general-ld", "9"])
    assert without_page(web) == cli


@needs_data
def test_catalogue_units_equal_the_cli(base, capsys):
    status, info, _ = request(base, "/api/info")
    book = next(b for b in info["books"] if b["file"] == IMPERIO.name)
    status, units, _ = request(base, f"/api/books/{book['id']}/units")
    entry = next(u for u in units if u["name"] == "Alabarderos")
    assert "Escudo" in entry["options"]
    body = {"attacker": {"book": book["id"], "unit": "Alabarderos", "models": 20,
                         "command": "full", "upgrades": ["Escudo"]},
            "defender": {"unit": "orc_boyz"}, "trials": 20000, "seed": 11}
    status, web = post(base, "/api/combat", body)
    assert status == 200, web
    cli = cli_json(capsys, ["combat", f"{IMPERIO}:Alabarderos?models=20&command=full"
                            "&upgrades=Escudo", "orc_boyz", "--trials", "20000", "--seed", "11",
                            "--format", "json"])
    assert without_page(web) == cli
    assert book["sha256"].startswith(book["id"])


@pytest.mark.parametrize(("path", "body", "argv"), [
    ("/api/charge", {"charger_move": 18, "target_move": 10, "distance": 20,
                     "edge_distance": 40, "trials": 50000, "seed": 1},
     ["charge", "--charger-move", "18", "--target-move", "10", "--distance", "20",
      "--edge-distance", "40"]),
    ("/api/pursue", {"pursuer_move": 20, "fleer_move": 10, "fleer_flies": True,
                     "trials": 50000, "seed": 1},
     ["pursue", "--pursuer-move", "20", "--fleer-move", "10", "--fleer-flies"]),
    ("/api/flee", {"move": 10, "edge_distance": 40, "ld": 7, "turns": 3, "musician": True,
                   "trials": 50000, "seed": 1},
     ["flee", "--move", "10", "--edge-distance", "40", "--ld", "7", "--turns", "3",
      "--musician"]),
])
def test_charge_pursue_flee_equal_the_cli(base, capsys, path, body, argv):
    status, web = post(base, path, body)
    assert status == 200, web
    cli = cli_json(capsys, [*argv, "--trials", "50000", "--seed", "1", "--format", "json"])
    assert without_page(web) == cli


def test_hold_or_flee_sets_the_cli_answers_side_by_side(base, capsys):
    body = {"attacker": {"unit": "empire_knights"}, "defender": {"unit": "orc_boyz"},
            "distance": 15, "edge_distance": 30, "trials": 20000, "seed": 4}
    status, web = post(base, "/api/hold", body)
    assert status == 200, web
    hold = cli_json(capsys, ["combat", "empire_knights", "orc_boyz", "--distance", "15",
                             "--trials", "20000", "--seed", "4", "--format", "json"])
    flee = cli_json(capsys, ["charge", "--charger-move", "18", "--target-move", "10",
                             "--distance", "15", "--edge-distance", "30", "--trials", "20000",
                             "--seed", "4", "--format", "json"])
    rally = cli_json(capsys, ["flee", "--move", "10", "--edge-distance", "30", "--ld", "7",
                              "--turns", "1", "--musician", "--trials", "20000", "--seed", "4",
                              "--format", "json"])
    assert without_page(web["hold"]) == hold
    assert without_page(web["flee"]) == flee
    assert without_page(web["rally"]) == rally
    rows = {r["outcome"]: r for r in web["table"]}
    assert rows["wins"]["hold"] == hold["p_defender_wins"]
    assert rows["caught"]["flee"] == flee["p_caught"]
    assert rows["rallies_next_turn"]["flee"] == rally["by_turn"][0]["p_rallied"]


def test_compare_answers_each_variant_as_a_combat(base):
    wide = {**COMBAT, "attacker": {**COMBAT["attacker"], "files": 4}}
    charged = {**COMBAT, "charger": "defender"}
    status, out = post(base, "/api/compare", {"variants": [COMBAT, wide, charged]})
    assert status == 200, out
    for variant, answer in zip([COMBAT, wide, charged], out["variants"], strict=True):
        status, one = post(base, "/api/combat", variant)
        assert answer == one
    assert out["variants"][0]["p_attacker_wins"] != out["variants"][2]["p_attacker_wins"]


@pytest.mark.parametrize(("body", "message"), [
    ({"variants": [COMBAT] * 5}, "variants: "),
    ({"variants": []}, "variants: "),
    ({"variants": [COMBAT, {**COMBAT, "trials": MAX_TRIALS + 1}]},
     f"variants.1.trials: must be in [1, {MAX_TRIALS}]"),
])
def test_compare_caps_the_variants(base, body, message):
    status, out = post(base, "/api/compare", body)
    assert status == 422 and out["error"].startswith(message), out


@pytest.mark.parametrize(("lang", "target"), [("en", "Great Cannon"), ("es", "Gran cañón")])
def test_emergence_equals_the_cli(base, capsys, lang, target):
    """The example file's names in the request's language (odds.i18n.DATA_NAMES_ES)."""
    scenario = EXAMPLES / "emergence_ambush.toml"
    body = {"scenario": scenario.read_text(), "marker_x": 90, "marker_y": 100,
            "trials": 20000, "seed": 3, "lang": lang}
    status, web = post(base, "/api/emerge", body)
    assert status == 200, web
    cli = cli_json(capsys, ["emerge", "--scenario", str(scenario), "--marker", "90,100",
                            "--trials", "20000", "--seed", "3", "--format", "json",
                            "--lang", lang])
    assert without_page(web) == cli
    assert target in web["headline"] and target in web["outcomes"]["under_enemy"]
    import base64

    assert base64.b64decode(web["page"]["picture_png"]).startswith(b"\x89PNG")


@pytest.mark.parametrize(("body", "message"), [
    ({"scenario": "units = ["}, "scenario: invalid TOML"),
    ({"scenario": "colour = 1"}, "scenario.colour: unknown key"),
    ({"scenario": "x" * 61_000}, "scenario: "),
    ({"table_width": 5, "table_depth": 120}, "table_width: must be in [10, 500"),
    ({"scale": "3"}, "scale: "),
])
def test_bad_emergence_input_is_a_422(base, body, message):
    status, out = post(base, "/api/emerge", {**body, "trials": 1000})
    assert status == 422 and out["error"].startswith(message), out
    assert "/proc/" not in out["error"]


def test_the_matrix_equals_the_cli(base, capsys):
    body = {"list_a": [{"unit": "empire_swordsmen"}, {"unit": "orc_boyz"}],
            "list_b": [{"unit": "dwarf_warriors"}, {"unit": "vc_skeletons"}],
            "trials": 2000, "seed": 1}
    status, web = post(base, "/api/matrix", body)
    assert status == 200, web
    cli = cli_json(capsys, ["matrix", "empire_swordsmen,orc_boyz", "dwarf_warriors,vc_skeletons",
                            "--trials", "2000", "--seed", "1", "--format", "json"])
    assert without_page(web) == cli


@pytest.mark.parametrize(("body", "message"), [
    ({"list_a": [{"unit": "orc_boyz"}] * 11, "list_b": [{"unit": "orc_boyz"}]}, "list_a: "),
    ({"list_a": [{"unit": "orc_boyz"}], "list_b": []}, "list_b: "),
    ({"list_a": [{"unit": "orc_boyz"}], "list_b": [{"unit": "orc_boyz"}], "trials": 100_001},
     "trials: must be in [1, 100000]"),
])
def test_the_matrix_caps(base, body, message):
    status, out = post(base, "/api/matrix", body)
    assert status == 422 and out["error"].startswith(message), out


def test_a_job_refines_to_the_numbers_of_one_run(base):
    import time

    body = {**COMBAT, "trials": 300_000}
    status, job, _ = request(base, "/api/jobs/combat", body)
    assert status == 200 and job["state"] == "running"
    for _ in range(600):
        status, job, _ = request(base, f"/api/jobs/{job['id']}")
        if job["state"] != "running":
            break
        time.sleep(0.1)
    assert job["state"] == "done" and job["done_trials"] == 300_000
    status, once = post(base, "/api/combat", body)
    assert job["answer"] == once


def test_a_job_without_seed_gets_one_and_can_be_cancelled(base):
    body = {**COMBAT, "trials": MAX_TRIALS}
    body.pop("seed")
    status, job, _ = request(base, "/api/jobs/combat", body)
    assert status == 200
    status, stopped, _ = request(base, f"/api/jobs/{job['id']}", method="DELETE")
    assert status == 200
    import time

    for _ in range(600):
        status, stopped, _ = request(base, f"/api/jobs/{job['id']}")
        if stopped["state"] != "running":
            break
        time.sleep(0.1)
    assert stopped["state"] == "cancelled" and stopped["done_trials"] < MAX_TRIALS


def test_jobs_per_client_are_capped(base):
    body = {**COMBAT, "trials": MAX_TRIALS}
    ids, refused = [], None
    for _ in range(MAX_JOBS_PER_CLIENT + 1):
        status, job, _ = request(base, "/api/jobs/combat", body)
        if status == 200:
            ids.append(job["id"])
        else:
            refused = (status, job)
    for i in ids:
        request(base, f"/api/jobs/{i}", method="DELETE")
    assert len(ids) == MAX_JOBS_PER_CLIENT
    assert refused[0] == 422 and refused[1]["error"].startswith(
        f"jobs: at most {MAX_JOBS_PER_CLIENT} running jobs per client")


def test_direct_answers_count_against_the_cap_too(base):
    import threading

    body = {**COMBAT, "trials": MAX_TRIALS}
    ids = []
    for _ in range(MAX_JOBS_PER_CLIENT - 1):
        status, job, _ = request(base, "/api/jobs/combat", body)
        assert status == 200
        ids.append(job["id"])
    results = []
    threads = [threading.Thread(target=lambda: results.append(post(base, "/api/combat", body)))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i in ids:
        request(base, f"/api/jobs/{i}", method="DELETE")
    assert sorted(s for s, _ in results) == [200, 422]
    refused = next(out for s, out in results if s == 422)
    assert refused["error"].startswith("jobs: at most")


BAD = [
    ({**COMBAT, "trials": MAX_TRIALS + 1}, f"trials: must be in [1, {MAX_TRIALS}]"),
    ({**COMBAT, "trials": 0}, f"trials: must be in [1, {MAX_TRIALS}]"),
    ({**COMBAT, "seed": -1}, "seed: must be in [0, "),
    ({**COMBAT, "attacker": {"unit": "orc_boyz", "models": MAX_MODELS + 1}},
     f"attacker.models: must be in [1, {MAX_MODELS}]"),
    ({**COMBAT, "defender": {"unit": "orc_boyz", "files": 0}}, "defender.files: must be in [1, "),
    ({**COMBAT, "distance": 1e9}, "distance: must be in [0, 500"),
    ({**COMBAT, "max_rounds": 51}, "max_rounds: must be in [1, 50]"),
    ({**COMBAT, "attacker_side": {"bonus": 11}}, "attacker_side.bonus: must be in [-10, 10]"),
    ({**COMBAT, "charger": "both"}, "charger: "),
    ({**COMBAT, "giant_fall_hits": "sometimes"}, "giant_fall_hits: "),  # giants family
    ({**COMBAT, "trials": "many"}, "trials: "),
    ({**COMBAT, "attacker": {"unit": "x" * 500}}, "attacker.unit: "),
    ({**COMBAT, "attacker": {"unit": "orc_boyz", "upgrades": ["a"] * 21}}, "attacker.upgrades: "),
    ({"defender": {"unit": "orc_boyz"}}, "attacker: "),
    ({**COMBAT, "attacker": {"unit": "no such unit"}}, "unit: unknown built-in unit"),
    ({**COMBAT, "attacker": {"unit": "orc_boyz", "book": "ffffffffffff"}},
     "book: unknown army book"),
    ({**COMBAT, "attacker": {"unit": "orc_boyz", "upgrades": ["Escudo"]}}, "upgrades: "),
    ({**COMBAT, "attacker": {"unit": "orc_boyz", "files": 30, "models": 10}}, ""),
]


@pytest.mark.parametrize(("body", "message"), BAD)
def test_bad_combat_input_is_a_422_naming_the_field(base, body, message):
    status, out = post(base, "/api/combat", body)
    assert status == 422, out
    assert set(out) == {"error"} and out["error"].startswith(message), out["error"]
    assert "Traceback" not in out["error"]


@pytest.mark.parametrize(("path", "body", "message"), [
    ("/api/charge", {"charger_move": -1, "target_move": 10, "distance": 5},
     "charger_move: must be in [0, 100"),
    ("/api/flee", {"move": 10, "edge_distance": 40, "ld": 11}, "ld: must be in [2, 10]"),
    ("/api/flee", {"move": 10, "edge_distance": 40, "ld": 7, "turns": 21},
     "turns: must be in [1, 20]"),
    ("/api/pursue", {"pursuer_move": 20}, "fleer_move: "),
])
def test_bad_input_of_every_view_is_a_422(base, path, body, message):
    status, out = post(base, path, body)
    assert status == 422 and out["error"].startswith(message), out


@pytest.mark.parametrize("raw", [b"{", b"[]", b"null", b"\xff\xfe", b'{"attacker": 1}', b""])
def test_malformed_bodies_are_422(base, raw):
    status, out, _ = request(base, "/api/combat", raw=raw)
    assert status == 422 and isinstance(out.get("error"), str), out


def test_a_huge_body_is_refused_before_it_is_read(base):
    import http.client
    from urllib.parse import urlsplit

    url = urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    try:  # the headers announce 100 MB; the answer comes without any of it being sent
        conn.putrequest("POST", "/api/combat")
        conn.putheader("Content-Type", "application/json")
        conn.putheader("Content-Length", str(100 << 20))
        conn.endheaders()
        res = conn.getresponse()
        status, out = res.status, json.loads(res.read())
    finally:
        conn.close()
    assert status == 422 and out["error"].startswith("request: body larger than")


def test_unknown_parameters_are_ignored(base):
    status, a = post(base, "/api/combat", {**COMBAT, "colour": "red",
                                           "attacker": {**COMBAT["attacker"], "x": 1}})
    status2, b = post(base, "/api/combat", COMBAT)
    assert status == status2 == 200 and a == b


def test_unknown_paths_and_jobs_are_json_errors(base):
    status, out, _ = request(base, "/nowhere")
    assert status == 404 and out == {"error": "Not Found"}
    status, out, _ = request(base, "/api/jobs/nope")
    assert status == 422 and out["error"].startswith("job: no job 'nope'")


def test_every_response_carries_the_security_headers(base):
    for path in ("/", "/static/app.js", "/api/info", "/nowhere"):
        _, _, headers = request(base, path)
        h = {k.lower(): v for k, v in headers.items()}
        assert "script-src 'self'" in h["content-security-policy"], path
        assert "default-src 'none'" in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff"


def test_the_api_is_described(base):
    status, spec, _ = request(base, "/openapi.json")
    assert status == 200
    for path in ("/api/combat", "/api/compare", "/api/hold", "/api/upload", "/api/emerge",
                 "/api/charge", "/api/pursue", "/api/flee", "/api/jobs/combat",
                 "/api/jobs/{job_id}", "/healthz"):
        assert path in spec["paths"], path


def test_the_static_files_are_package_data():
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    assert '"web/static/*"' in text


DATA = Path(__file__).parent / "data" / "battlescribe"
EXAMPLES = Path(__file__).resolve().parents[1] / "odds" / "examples"


def upload(base, name: str, data: bytes, lang: str | None = None):
    from urllib.parse import urlencode

    query = urlencode({"name": name, **({"lang": lang} if lang else {})})
    status, out, _ = request(base, f"/api/upload?{query}", raw=data,
                             headers={"Content-Type": "application/octet-stream"})
    return status, out


def test_an_uploaded_roster_lists_its_units_by_value(base):
    status, out = upload(base, "my_list.ros", (EXAMPLES / "my_list.ros").read_bytes())
    assert status == 200, out
    assert out["kind"] == "roster"
    assert [(u["name"], u["models"]) for u in out["units"]] == [
        ("Lanceros", 20), ("Espadachines", 15), ("Alabarderos", 20)]
    assert all(isinstance(u["data"], dict) for u in out["units"])


def test_a_zipped_roster_and_a_catalogue_upload(base):
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("list.ros", (EXAMPLES / "my_list.ros").read_bytes())
    status, out = upload(base, "list.rosz", buf.getvalue())
    assert status == 200 and len(out["units"]) == 3
    status, out = upload(base, "tiny.cat", (DATA / "tiny.cat").read_bytes())
    assert status == 200 and out["kind"] == "catalogue" and out["units"]


def test_an_uploads_warnings_in_the_pages_language(base):
    """An upload's import warnings (its ``ignored`` and ``approximated`` items) come in the
    request's ``lang``: tests/data/battlescribe/tiny.cat's "Grito extraño" is a rule the
    engine does not model."""
    data = (DATA / "tiny.cat").read_bytes()
    status, en = upload(base, "tiny.cat", data)
    assert status == 200
    assert en["warnings"] == [
        "Bestia de prueba: 'Grito extraño' ignored (rule not modelled by the engine)"]
    status, es = upload(base, "tiny.cat", data, "es")
    assert status == 200
    assert es["warnings"] == [
        "Bestia de prueba: 'Grito extraño' ignorado (regla que el motor no modela)"]


def test_a_unit_by_value_fights_as_the_same_unit_by_name(base):
    from odds.units import library_unit
    from odds.units.serialise import unit_to_dict

    by_value = {**COMBAT, "defender": {"unit": "Guerreros orcos",
                                       "data": unit_to_dict(library_unit("orc_boyz"))}}
    status, a = post(base, "/api/combat", by_value)
    status2, b = post(base, "/api/combat", COMBAT)
    assert status == status2 == 200, a
    assert without_page(a) == without_page(b)


@pytest.mark.parametrize(("name", "data", "message", "spanish"), [
    ("list.txt", b"<roster/>", "upload: 'list.txt' must end in one of",
     "upload: 'list.txt' debe acabar en uno de"),
    ("bomb.cat", (DATA / "billion_laughs.cat").read_bytes(), "bomb.cat: refused unsafe XML",
     "bomb.cat: XML inseguro rechazado"),
    ("ext.cat", (DATA / "external_entity.cat").read_bytes(), "ext.cat: refused unsafe XML",
     "ext.cat: XML inseguro rechazado"),
    ("half.ros", (EXAMPLES / "my_list.ros").read_bytes()[:500], "half.ros: malformed",
     "half.ros: XML mal formado o truncado"),
    ("fake.rosz", b"PK\x03\x04 not a zip", "fake.rosz: not a valid zip archive",
     "fake.rosz: no es un archivo zip válido"),
    ("../../etc/passwd.ros", b"<x/>", "passwd.ros: ", "passwd.ros: "),
    ("empty.ros", b"<roster/>", "empty.ros: no unit the engine can field",
     "empty.ros: ninguna unidad que el motor pueda sacar a combatir"),
])
def test_hostile_uploads_are_422_naming_the_file(base, name, data, message, spanish):
    """A bad upload is refused naming the file, in English by default and with
    ``?lang=en``, in Spanish with ``?lang=es`` (the page sends its language)."""
    for lang, expected in ((None, message), ("en", message), ("es", spanish)):
        status, out = upload(base, name, data, lang)
        assert status == 422 and out["error"].startswith(expected), (lang, out)
        assert "/proc/" not in out["error"]


def test_an_upload_over_the_readers_limit_is_refused(base):
    import http.client
    from urllib.parse import urlsplit

    from odds.battlescribe.xmlsafe import MAX_XML_BYTES

    url = urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    try:
        conn.putrequest("POST", "/api/upload?name=big.ros")
        conn.putheader("Content-Length", str(MAX_XML_BYTES + 1))
        conn.endheaders()
        res = conn.getresponse()
        status, out = res.status, json.loads(res.read())
    finally:
        conn.close()
    assert status == 422 and "body larger than" in out["error"]


@pytest.mark.parametrize("family", ["catalogue", "roster"])
def test_the_fuzz_corpus_uploads_answer_200_or_422(base, family):
    import numpy as np
    from test_cli_fuzz import FILES, mutations

    source, suffix, _ = FILES[family]
    codes = []
    for data in mutations(source.read_bytes(), np.random.default_rng(12), 70):
        status, out = upload(base, f"case{suffix}", data)
        assert status in (200, 422), (status, out)
        assert isinstance(out.get("error", ""), str) and "Traceback" not in str(out)
        codes.append(status)
    assert codes.count(422) >= 5


@pytest.mark.parametrize(("path", "body", "message"), [
    ("/api/emerge", {"scenario": "units = [", "trials": 1000}, "scenario: TOML no válido"),
    ("/api/emerge", {"table_width": 5, "table_depth": 120, "trials": 1000},
     "table_width: debe estar en [10, 500"),
    ("/api/matrix", {"list_a": [{"unit": "orc_boyz"}], "list_b": [{"unit": "orc_boyz"}],
                     "trials": 100_001}, "trials: debe estar en [1, 100000]"),
])
def test_a_422_speaks_the_language_of_the_request(base, path, body, message):
    """A request with ``lang = "es"`` gets its 422 message in Spanish (the same message in
    English without it)."""
    status, out = post(base, path, {**body, "lang": "es"})
    assert status == 422 and out["error"].startswith(message), out
    status, out = post(base, path, body)
    assert status == 422 and not out["error"].startswith(message), out
