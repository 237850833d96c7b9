"""Army-book rules of issue 11 (army19): a monster's handlers (Elfos Oscuros "Hidra de guerra"
and "Kharibdyss": "Controlada"/"Controlado", "Aprendiz"); a model that is no chariot (Condes
Vampiro "Carro de cadáveres").

Catalogue checks are written by hand from the rule descriptions and profiles in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the
exact first round and the kernel with probabilities worked out by hand, at z = 5 with a
fixed seed (``RULES.md`` sections cited per test).
"""

from __future__ import annotations

from math import comb

import pytest
from conftest import binomial, cat, check_first_round, convolve, kinds, needs_data

from odds.combat.model import (
    CREW,
    G_ATTACKS,
    G_HIT,
    G_KEY,
    G_PER_MODEL,
    G_REROLL,
    G_WOUND,
    RANK_AND_FILE,
    CombatOptions,
    build,
)
from odds.units import CrewProfile, Profile, unit_from_dict

DARK_ELVES = "MDNR_Elfos_Oscuros_v7.cat"
HYDRA = "Hidra de guerra"
VAMPIRES = "MDNR_Condes_Vampiro_v5.cat"
CORPSE_CART = "Carro de cadáveres"
KHARIBDYSS = "Kharibdyss"


def target(*, army: str = ""):
    """Ten WS3 T4 models with no save, immune to psychology (no terror test), striking
    nothing; of army ``army`` (a tag hatred may name)."""
    data = {
        "name": "Blanco", "troop_type": "infantry", "models": 10, "files": 10,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 4, "W": 1, "I": 3, "A": 0,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology"]},
    }
    if army:
        data["army"] = army
    return unit_from_dict(data)


@needs_data
def test_hydra_handlers_from_the_catalogue():
    """Spot check against the XML: Elfos Oscuros "Hidra de guerra" M15 HA4 F5 R5 H6 I2 A5 L6
    TSA 4+ (Monstruo, Potencia "6 + 1 por cada aprendiz vivo"); two "Aprendiz" (min 2, max 2)
    HA4 F3 R3 H1 I5 A1 L8 (Infantería) with "Dos armas de mano" (the only weapon, min 1) and
    "Odio a los altos elfos".  "Controlada": "En combate cuerpo a cuerpo actúan como una
    unidad de Hostigadores, colocando los Aprendices al lado de la Hidra. Sin embargo, los
    Aprendices son expertos en utilizar a la Hidra para su propia protección, con lo que el
    enemigo atacará a la Hidra si le es posible en vez de a los Aprendices".

    Before, the handlers were dropped (``Aprendiz`` and ``Controlada`` ignored), their
    hatred was the Hydra's and their two hand weapons reported as unusable by a monster.
    Now they are the unit's extra crew (2, with two hand weapons, hating High Elves alone);
    never attacked while the Hydra lives, they count in its unit strength in every combat
    (6 + 2) and the unit tests on the higher Ld of its models (RULES.md §3: "A unit uses the
    highest Ld among its models"): the handlers' 8."""
    c = cat(DARK_ELVES)
    u = c.unit(HYDRA)
    assert u.troop_type == "monster" and u.models == 1 and u.crew == 1
    assert u.profile == Profile(M=15, WS=4, BS=0, S=5, T=5, W=6, I=2, A=5, Ld=8)
    assert u.armour_save == 4
    assert u.extra_crew == CrewProfile(WS=4, S=3, I=5, A=1, count=2,
                                       weapon="additional_hand_weapon", hatred=("high_elves",),
                                       handlers=True)
    assert u.hatred == ()  # the Hydra itself hates no one
    assert u.unit_strength == 8
    k = kinds(c, HYDRA)
    assert (k["Aprendiz"], k["Controlada"], k["Odio a los altos elfos"]) == ("note",) * 3
    assert "additional_hand_weapon" not in k
    assert not [i for i in c.report.for_unit(HYDRA) if i.kind in ("ignored", "approximated")]


@needs_data
def test_kharibdyss_handlers_from_the_catalogue():
    """Spot check against the XML: "Kharibdyss" HA4 F6 R5 H5 I4 A5 L6 (Potencia "5 + 1 por
    cada aprendiz vivo"), the same two "Aprendiz" and "Controlado" ("el enemigo atacará al
    Kharibdyss si le es posible en vez de a los Aprendices"): the handlers are its extra crew
    and the unit strength is 7; "Aullido abisal" and "Asalto imparable" are modelled since
    army23 (tests/test_army_rules_monster_state.py)."""
    c = cat(DARK_ELVES)
    u = c.unit(KHARIBDYSS)
    assert (u.profile.S, u.profile.W, u.profile.I, u.profile.Ld) == (6, 5, 4, 8)
    assert u.extra_crew == CrewProfile(WS=4, S=3, I=5, A=1, count=2,
                                       weapon="additional_hand_weapon", hatred=("high_elves",),
                                       handlers=True)
    assert u.unit_strength == 7 and u.hatred == ()
    k = kinds(c, KHARIBDYSS)
    assert (k["Aprendiz"], k["Controlado"]) == ("note", "note")
    assert "Aullido abisal" not in k and "Asalto imparable" not in k
    assert u.has("abyssal_howl") and u.has("unstoppable_assault")


@needs_data
def test_hydra_handlers_fight_beside_it():
    """The Hydra charging ten WS3 T4 models with no save: its five attacks hit on 3+ (WS4 vs
    WS3) and wound on 3+ (S5 vs T4): 4/9 each; each handler strikes twice (two hand weapons,
    RULES.md §1.7) at I5, hits on 3+ and wounds on 5+ (S3 vs T4): 2/9.  First round's wounds:
    Binomial(5, 4/9) * Binomial(4, 2/9) (RULES.md §1.3, §1.4); before, Binomial(5, 4/9)."""
    u = cat(DARK_ELVES).unit(HYDRA)
    model = build(u, target(), options=CombatOptions(max_rounds=1))
    g = model.groups[0, 1]
    assert (g[CREW, 0, G_ATTACKS], g[CREW, 0, G_PER_MODEL], g[CREW, 0, G_HIT],
            g[CREW, 0, G_WOUND], g[CREW, 0, G_REROLL]) == (2, 2, 3, 5, 0)
    assert g[CREW, 0, G_KEY] < g[RANK_AND_FILE, 0, G_KEY]  # I5 before the Hydra's I2
    check_first_round(model, convolve(binomial(5, 4 / 9), binomial(4, 2 / 9)), 1901,
                      "hydra and handlers")
    alone = build(u.replace(extra_crew=None), target(), options=CombatOptions(max_rounds=1))
    check_first_round(alone, binomial(5, 4 / 9), 1902, "hydra alone")


@needs_data
def test_handlers_hate_high_elves_alone():
    """"Aprendiz": "Odio a los altos elfos" (gst "Odio": re-roll missed hits in the first
    round): against a High Elf unit the handlers hit with 2/3 + 1/3 * 2/3 = 8/9, so wound
    with 8/27, the Hydra's own blows do not re-roll (4/9); from the second round neither
    re-rolls.  First round: Binomial(5, 4/9) * Binomial(4, 8/27)."""
    u = cat(DARK_ELVES).unit(HYDRA)
    model = build(u, target(army="high_elves"), options=CombatOptions(max_rounds=1))
    g = model.groups[0, 1]
    assert g[CREW, 0, G_REROLL] == 1 and g[RANK_AND_FILE, 0, G_REROLL] == 0
    assert g[CREW, 1, G_REROLL] == 0
    check_first_round(model, convolve(binomial(5, 4 / 9), binomial(4, 8 / 27)), 1903,
                      "handlers' hatred")
    other = build(u, target(army="empire"), options=CombatOptions(max_rounds=1))
    assert other.groups[0, 1, CREW, 0, G_REROLL] == 0


def test_monster_handlers_from_a_dict():
    """A monster may have handlers (``extra_crew``) with their own hatred, which a unit's
    dict keeps; a crew with two hand weapons fights on foot beside it; other troop types
    without a crew still refuse one."""
    data = {
        "name": "Hidra", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 4, "BS": 0, "S": 5, "T": 5, "W": 6, "I": 2, "A": 5,
                    "Ld": 8},
        "extra_crew": {"WS": 4, "S": 3, "I": 5, "A": 1, "count": 2,
                       "weapon": "additional_hand_weapon", "hatred": ["high_elves"]},
    }
    u = unit_from_dict(data)
    assert u.extra_crew.hatred == ("high_elves",)
    assert unit_from_dict(u.to_dict()) == u
    plain = u.replace(extra_crew=CrewProfile(WS=4, S=3, I=5, A=1))
    assert "hatred" not in plain.to_dict()["extra_crew"]
    with pytest.raises(Exception, match="high_elf"):
        CrewProfile(WS=4, S=3, I=5, A=1, hatred=("high_elf",))
    with pytest.raises(Exception, match="extra_crew"):
        unit_from_dict({**data, "troop_type": "infantry"})


@needs_data
def test_corpse_cart_is_a_monster_with_random_attacks():
    """Spot check against the XML: Condes Vampiro "Carro de cadáveres" HA2 F3 R4 H3 I1 A "1D6"
    L7 TSA 5+, Tipo "Altar, Zombi, No Muerto", Potencia 3, "Regeneración", "No muertos";
    "Carro de Cadaveres (No se considera un carro)": "Pese a su nombre y su estructura, esta
    miniatura NO es un Carro a ningún efecto. No causa impactos por carga, no resulta
    eliminado por heridas de F7 ... Se considera una especie de monstruo / altar"; "Ataques
    aleatorios": "Al inicio de cada fase de combate determina aleatoriamente el número de
    ataques que tendrá ese turno: 1D6".

    Before, it came in as a chariot with an assumed crew of two (HA2 A3 each) and these two
    rules ignored.  Now: one monster of W3 (unit strength 3, as printed), no impact hits, D6
    random attacks (one roll a round, RULES.md §1.6).  Charging ten WS3 T4 models with no
    save: each attack hits on 4+ (WS2 vs WS3) and wounds on 5+ (S3 vs T4): 1/6; the first
    round's wounds are the mixture (1/6) sum over n = 1..6 of Binomial(n, 1/6)."""
    c = cat(VAMPIRES)
    u = c.unit(CORPSE_CART)
    assert u.troop_type == "monster" and u.models == 1 and u.crew == 1 and u.mount is None
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.Ld) \
        == (2, 3, 4, 3, 1, 7)
    assert (u.random_attacks, u.impact_hits, u.regeneration, u.armour_save) == ("d6", "", 4, 5)
    assert u.unit_strength == 3
    assert {"fear", "unstable"} <= set(u.special)
    k = kinds(c, CORPSE_CART)
    assert k["Carro de Cadaveres (No se considera un carro)"] == "note"
    assert k["Ataques aleatorios"] == "note"
    assert not [i for i in c.report.for_unit(CORPSE_CART)
                if i.kind in ("ignored", "approximated")]
    model = build(u, target(), options=CombatOptions(max_rounds=1))
    pmf = [sum(comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k) for n in range(max(k, 1), 7)) / 6
           for k in range(7)]
    check_first_round(model, pmf, 1904, "corpse cart")


# ----------------------------------------------------------------- left reported


@needs_data
@pytest.mark.parametrize("book, unit, rule, phrase", [
    ("MDNR_Enanos v4_5.cat", "Barcatronante", "Runas protectoras", "5+ ward"),
    ("MDNR_Enanos v4_5.cat", "Barcatronante", "Muerte de los artilleros", "crew casualties"),
    ("MDNR_Imperio v4_5.cat", "Carro de guerra imperial", "Plataforma de ingenieros",
     "six engineers"),
])
def test_rules_left_reported_say_why(book, unit, rule, phrase):
    """Rules read from their texts (quoted in unmodelled.UNMODELLED_REASONS) and left ``ignored``:
    each needs a per-trial state, a roll, a tag or model bodies the engine has no column for
    (no kernel code this round); each keeps its unit out of the fully modelled count and says
    why instead of "rule not modelled by the engine"."""
    items = {i.item: i for i in cat(book).report.for_unit(unit) if i.item == rule}
    assert items[rule].kind == "ignored"
    assert phrase in items[rule].reason


@needs_data
def test_barcatronante_guns_are_shooting():
    """Enanos "Armas del barcatronante": "Un Lanzaagravios a proa ... Un Cañón Órgano a
    estribor ... Pueden dispararse los tres cada turno ... Puede mover y disparar" (a misfire's
    1D3 wounds in the shooting phase): no close-combat effect."""
    assert kinds(cat("MDNR_Enanos v4_5.cat"), "Barcatronante")["Armas del barcatronante"] == \
        "no_combat_effect"
