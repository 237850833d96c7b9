"""Army-book special rules of issue 11, second batch: special attacks (vomit), cold blood,
panic re-rolls and sources, slayers, flaming attacks, drunken centigors.

Catalogue checks are written by hand from the rule descriptions in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the
kernel with a probability worked out by hand or by enumeration at z = 5 with a fixed seed
(``RULES.md`` sections cited per test).
"""

from __future__ import annotations

from math import comb
from pathlib import Path

import pytest
from conftest import assert_distribution, assert_mc

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    G_ATTACKS,
    G_HIT,
    G_MW,
    G_SAVE,
    G_WOUND,
    MOUNT,
    RANK_AND_FILE,
    CombatOptions,
    SideOptions,
    build,
)
from odds.units import unit_from_dict

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "battlescribe"
needs_data = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")
N = 200_000
_CACHE: dict[str, object] = {}


def cat(name: str):
    from odds.battlescribe import load_catalogue

    if name not in _CACHE:
        _CACHE[name] = load_catalogue(SHARED / name)
    return _CACHE[name]


def kinds(catalogue, unit: str) -> dict[str, str]:
    return {i.item: i.kind for i in catalogue.report.for_unit(unit)}


def strict_items(catalogue, unit: str) -> list[str]:
    return [i.item for i in catalogue.report.for_unit(unit)
            if i.kind in ("ignored", "approximated")]


def fighter(name, models=5, files=5, *, WS=3, S=3, T=3, A=1, I=3, Ld=7, save=7, special=(),
            **extra):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": I, "A": A,
                    "Ld": Ld},
        "equipment": {"armour_save_override": save},
        "rules": {"special": list(special)},
        **extra,
    })


def binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def check_first_round(model, pmf, seed, what):
    """The exact first round and the kernel both give unit 0's wounds as ``pmf``."""
    exact = first_round_exact(model)["wounds"][0]
    assert max(abs(a - b) for a, b in zip(exact, pmf, strict=False)) < 1e-12, what
    out = simulate(model, N, seed)
    sim = {k: c / N for k, c in enumerate(out["w1"][0]) if c}
    assert_distribution(sim, pmf, N, what=what)


# ----------------------------------------------------------------- vomit (special attacks)


def test_troll_vomit_when_it_wounds_more():
    """MDNR Orcos y Goblins / Mercenarios "Vómito de troll": "Pueden renunciar a sus tres
    ataques para hacer un único ataque de F5, que impacta automáticamente y Anula armaduras"
    (RULES.md §1.3-§1.5: hits, wounds, saves).

    Five WS3 S5 A3 trolls against WS3 T5 models with a 2+ save: three attacks make 3 x 1/2 x
    1/2 x 1/2 = 0.375 unsaved wounds each, one vomit 1 x 1/2 = 0.5: they vomit, and their
    first-round wounds are Binomial(5, 1/2).  Against T3 with no save the normal attacks
    (3 x 1/2 x 5/6 = 1.25) beat the vomit (5/6): three attacks each."""
    trolls = fighter("Trolls", S=5, T=10, A=3, special=["troll_vomit"])
    tough = fighter("Caballeros", S=1, T=5, save=2)
    model = build(trolls, tough, options=CombatOptions(max_rounds=1, charger="none"))
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_ATTACKS], row[G_HIT], row[G_WOUND], row[G_SAVE]) == (1, 0, 4, 7)
    check_first_round(model, binomial(5, 1 / 2), 71, "vomit wounds")
    soft = build(trolls, fighter("Lanceros", S=1, T=3),
                 options=CombatOptions(max_rounds=1, charger="none"))
    row = soft.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_ATTACKS], row[G_HIT], row[G_WOUND]) == (3, 4, 2)


def test_pestilent_vomit_rolls_to_hit_with_d3_wounds():
    """MDNR Reinos del Caos "Vómito pestilente de troll": "un único ataque de F5 que anula
    armaduras y con Heridas múltiples (1D3)": rolled to hit (the text does not make it
    automatic), no armour save, D3 wounds each (RULES.md §1.6 multiple wounds).  WS2 trolls
    hit WS5 models on 5+.  Against T5 with a 2+ save (4+ after S5) the four normal attacks
    make 4 x 1/3 x 1/2 x 1/2 = 1/3 unsaved wounds, the vomit 1/3 x 1/2 x 2 (the mean of D3)
    = 1/3: a tie, normal attacks.  With a 1+ save (3+ after S5) the normal attacks make 2/9:
    vomit.  W1 models lose one model per unsaved wound: Binomial(5, 1/6)."""
    trolls = fighter("Trolls biliosos", WS=2, S=5, T=10, A=4, special=["pestilent_vomit"])
    tie = build(trolls, fighter("E", WS=5, S=1, T=5, save=2),
                options=CombatOptions(max_rounds=1, charger="none"))
    assert tie.groups[0, 1, RANK_AND_FILE, 0, G_ATTACKS] == 4
    model = build(trolls, fighter("E", WS=5, S=1, T=5, save=1),
                  options=CombatOptions(max_rounds=1, charger="none"))
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_ATTACKS], row[G_HIT], row[G_WOUND], row[G_SAVE], row[G_MW]) == (
        1, 5, 4, 7, 2)
    check_first_round(model, binomial(5, 1 / 3 * 1 / 2), 72, "pestilent vomit wounds")


def test_putrid_vomit_replaces_the_riders_attacks_only():
    """MDNR Reinos del Caos: Demonios "Vómito putrefacto" (Jinetes de plaga): "substituye sus
    ataques cuerpo a cuerpo (solo los del Jinete, los Sapos atacarán de la forma habitual)
    por un ataque que impacta automáticamente y causa impactos de F3" (armour saves as
    usual).  Against WS9 T3 (riders WS3 hit on 5+): normal 2 x 1/3 x 2/3 = 0.44 against the
    vomit's 1 x 1/2 = 0.5: the riders vomit; the steeds keep their attack."""
    riders = unit_from_dict({
        "name": "Jinetes", "troop_type": "cavalry", "models": 3, "files": 3,
        "profile": {"M": 15, "WS": 3, "BS": 3, "S": 4, "T": 4, "W": 3, "I": 1, "A": 2,
                    "Ld": 8},
        "mount": {"WS": 4, "S": 4, "I": 3, "A": 1},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["putrid_vomit"]},
    })
    model = build(riders, fighter("E", WS=9, S=1, T=3),
                  options=CombatOptions(max_rounds=1, charger="none"))
    rider = model.groups[0, 1, RANK_AND_FILE, 0]
    steed = model.groups[0, 1, MOUNT, 0]
    assert (rider[G_ATTACKS], rider[G_HIT], rider[G_WOUND]) == (1, 0, 4)
    assert (steed[G_ATTACKS], steed[G_HIT], steed[G_WOUND]) == (1, 5, 3)


@needs_data
def test_vomiting_units_from_the_catalogues():
    """Spot checks: Reinos del Caos "Trolls del Caos" (M15 HA3 F5 R4 H3 I1 A4 L4, "Vómito de
    troll"), "Portadores de plaga" ("Vómito putrefacto"), "Trolls biliosos" ("Vómito
    pestilente de troll"), Orcos y Goblins "Trolls" ("Vómito de troll")."""
    for book, name, rule in (
            ("MDNR_Reinos_del_Caos_Mortales_v5.cat", "Trolls del Caos", "troll_vomit"),
            ("MDNR_Reinos_del_Caos_Bestias_v5.cat", "Portadores de plaga", "putrid_vomit"),
            ("MDNR_Reinos_del_Caos_Demonios_v5.cat", "Sapos de plaga con jinetes de plaga",
             "putrid_vomit"),
            ("MDNR_Reinos_del_Caos_Demonios_v5.cat", "Trolls biliosos", "pestilent_vomit"),
            ("MDNR_Orcos_y_Goblins v4_5.cat", "Trolls", "troll_vomit")):
        c = cat(book)
        u = c.unit(name)
        assert u.has(rule), (book, name)
        assert not any(k.startswith("Vómito") for k in kinds(c, name)), (book, name)
    c = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    p = c.unit("Trolls del Caos").profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 3, 5, 4, 3, 1, 4, 4)
    assert not strict_items(c, "Trolls del Caos")
