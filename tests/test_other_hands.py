"""The same armies written by other hands: other ids, file names and spellings import the same.

A data set of the MDNR armies written independently gives its files other names, every
element other ids, and spells the rule and characteristic names its own way ("Deber del
Campesino" for "El deber del campesino", "No Muerto" for "No muerto").  The importer reads
names, never the ids of the files (``odds.battlescribe.spelling.normalize``: case, accents,
leading articles, ``¡!¿?``, spaces), so a rewritten copy of a catalogue and its game system
imports the same units, profiles, points and fidelity as the original.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from odds.battlescribe.catalogue import load_catalogue
from odds.battlescribe.fidelity import fidelity_table
from odds.battlescribe.spelling import normalize

SHARED = Path(__file__).resolve().parents[2] / "shared" / "battlescribe"
GST = "Warhammer_Fantasy_-_6ª_Edición_con_MDNR_-_v1.0.gst"
pytestmark = pytest.mark.skipif(not (SHARED / GST).exists(), reason="no shared MDNR data")

_ARTICLE = re.compile(r"^(?:el|la|los|las|un|una) (?=\S)", re.IGNORECASE)


def _strip_accents(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize("NFC", "".join(c for c in text if not unicodedata.combining(c)))


def _respell(name: str, rng: random.Random, *, articles: bool = True) -> str:
    """``name`` as another hand might write it: case, accents, article, spaces, ``¡!``."""
    text = rng.choice([str.upper, str.lower, str.title, str.swapcase, str])(name)
    if rng.random() < 0.5:
        text = _strip_accents(text)
    if articles:
        if _ARTICLE.match(text):
            text = _ARTICLE.sub("", text, count=1)
        elif rng.random() < 0.5:
            text = rng.choice(["El ", "la ", "LOS ", "Las ", "un ", "Una "]) + text
        if rng.random() < 0.15:
            text = f"¡{text}!"
    if rng.random() < 0.5:
        text = text.replace(" ", "  ")
    return rng.choice(["", " ", "\t"]) + text + rng.choice(["", " ", "  "])


def rewrite(catalogues: list[Path], out: Path, seed: int = 7) -> list[Path]:
    """A rewritten copy of ``catalogues`` and the MDNR game system in the folder ``out``.

    Every id (of the game system and the catalogues) is replaced, consistently, by a fresh
    random one; the files get other names; rule, characteristic and profile type names are
    re-spelled (:func:`_respell`).  Returns the new catalogue paths, in order.
    """
    rng = random.Random(seed)
    files = [SHARED / GST, *catalogues]
    trees = [ET.parse(p) for p in files]
    ids = sorted({e.get("id") for t in trees for e in t.iter() if e.get("id")})
    fresh: dict[str, str] = {}
    for old in ids:
        while True:
            new = "-".join(f"{rng.getrandbits(16):04x}" for _ in range(4))
            if new not in fresh.values() and new not in ids:
                fresh[old] = new
                break
    for tree in trees:
        for e in tree.iter():
            for attr, value in e.attrib.items():
                if value in fresh:
                    e.set(attr, fresh[value])
            tag = e.tag.rsplit("}", 1)[-1]
            if tag in ("rule", "profileType") or (tag == "infoLink" and e.get("type") == "rule"):
                e.set("name", _respell(e.get("name", ""), rng))
            elif tag in ("characteristic", "characteristicType"):
                e.set("name", _respell(e.get("name", ""), rng, articles=False))
            if tag == "profile" and e.get("typeName"):
                e.set("typeName", _respell(e.get("typeName", ""), rng, articles=False))
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, tree in enumerate(trees):
        ET.register_namespace("", tree.getroot().tag[1:].split("}")[0])
        target = out / ("sistema otras manos.gst" if i == 0 else f"ejercito_{i:02d}.cat")
        tree.write(target, encoding="utf-8", xml_declaration=True)
        paths.append(target)
    return paths[1:]


def _import(path: Path) -> dict:
    """What the import of a catalogue gives, free of file names, ids and report wording."""
    cat = load_catalogue(path)
    entries = {e.name: (e.points_per_model, e.troop_type, e.unit_strength, e.profile,
                        e.min_models, e.max_models, tuple(map(normalize, e.options)),
                        e.default_unit.to_dict())
               for e in cat.entries}
    kinds = Counter((i.unit, i.kind) for i in cat.report)
    row = fidelity_table([path]).iloc[0].to_dict()
    row.pop("catalogue")
    return {"name": cat.name, "entries": entries, "kinds": kinds, "fidelity": row}


def _check_same(originals: list[Path], tmp_path: Path) -> list[tuple[str, dict, dict]]:
    copies = rewrite(originals, tmp_path / "otras manos")
    rows = []
    for original, copy in zip(originals, copies, strict=True):
        a, b = _import(original), _import(copy)
        assert b["name"] == a["name"]
        assert list(b["entries"]) == list(a["entries"]), original.name
        for name, got in b["entries"].items():
            assert got == a["entries"][name], f"{original.name}: {name}"
        assert b["kinds"] == a["kinds"], original.name
        assert b["fidelity"] == a["fidelity"], original.name
        rows.append((a["name"], a["fidelity"], b["fidelity"]))
    return rows


def test_two_catalogues_by_other_hands_import_the_same(tmp_path):
    # Condes Vampiro (undead: "No muertos", "Lamento de la doncella") and Imperio ("¡Enajenados
    # mentales!", "Ejemplo de Sigmar"): RULES.md §1.2, §3.2; MDNR_Condes_Vampiro, MDNR_Imperio
    originals = [SHARED / "MDNR_Condes_Vampiro_v5.cat",
                 SHARED / "MDNR_Imperio v4_5.cat"]
    rows = _check_same(originals, tmp_path)
    assert all(r[1]["units"] > 10 for r in rows)


@pytest.mark.slow
def test_every_catalogue_by_other_hands_imports_the_same(tmp_path):
    # every MDNR catalogue of shared/battlescribe, rewritten together with its game system
    originals = sorted(SHARED.glob("*.cat"))
    rows = _check_same(originals, tmp_path)
    assert len(rows) == len(originals)


def test_a_catalogue_whose_game_system_has_another_id_still_finds_it(tmp_path):
    # "one .gst with another id": the catalogue names an id no game system of the folder has;
    # the folder's single MDNR game system is used (its costs, its shared rules)
    original = SHARED / "MDNR_Enanos v4_5.cat"
    (copy,) = rewrite([original], tmp_path)
    text = copy.read_text(encoding="utf-8")
    copy.write_text(re.sub(r'gameSystemId="[^"]*"', 'gameSystemId="0000-1111-2222-3333"', text,
                           count=1), encoding="utf-8")
    assert _import(copy)["entries"] == _import(original)["entries"]


@pytest.mark.parametrize(("name", "key"), [
    ("El deber del campesino", "deber del campesino"),
    ("Deber del Campesino", "deber del campesino"),
    ("  DEBER   DEL   CAMPESINO ", "deber del campesino"),
    ("No Muerto", "no muerto"),
    ("No muerto", "no muerto"),
    ("Inmune a la Psicología.", "inmune a la psicologia"),
    ("INMUNE A LA PSICOLOGIA", "inmune a la psicologia"),
    ("¡Enajenados mentales!", "enajenados mentales"),
    ("Enajenados Mentales", "enajenados mentales"),
    ("¿Y si es él?", "y si es el"),
    ("Los Señores de la Guerra", "senores de la guerra"),
    ("Una vez por batalla", "vez por batalla"),
    ("un solo uso", "solo uso"),
    ("La manada en combate", "manada en combate"),
    ("Regeneración (5+)", "regeneracion (5+)"),
    ("Golpe letal (6+):", "golpe letal (6+)"),
    ("A", "a"),
    ("La", "la"),
    ("Elfos", "elfos"),
    ("Unidad voladora", "unidad voladora"),
    # Skaven "¡El que corre hoy, vive para luchar mañana!" with another article in front
    ("Las ¡El que corre hoy, vive para luchar mañana!", "que corre hoy, vive para luchar manana"),
    ("¡El que corre hoy, vive para luchar mañana!", "que corre hoy, vive para luchar manana"),
    # Imperio (Ejército Cruzado) "0-1 unidades de Caballería Imperial pueden ser del Círculo
    # Interior." in exclamation marks
    ("¡LOS  0-1  unidades de caballeria imperial pueden ser del circulo interior.!  ",
     "0-1 unidades de caballeria imperial pueden ser del circulo interior"),
])
def test_names_are_compared_without_case_accents_articles_or_punctuation(name, key):
    # the names of the MDNR catalogues as written by other hands (issue "every army": the
    # same rules read by their names, case-, accent- and article-insensitively)
    assert normalize(name) == key
