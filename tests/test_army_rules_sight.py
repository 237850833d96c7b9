"""Asarnil's two rules (issue 11).

Catalogue checks are written by hand from ../shared/battlescribe/ (skipped when it is absent);
engine checks compare the exact first round and the kernel with laws worked out by hand
(z = 5, fixed seeds; RULES.md §1.3 re-rolls, §3.4 panic).
"""

from __future__ import annotations

from conftest import assert_mc, cat, clean, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    S_NO_PANIC,
    CombatOptions,
    SideOptions,
    build_units,
)
from odds.units import unit_from_dict

RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
N = 200_000


def target(name="T", *, army="", race="", special=(), models=10, WS=3):
    """Ten WS3 T3 models with no save that cannot wound a T5 monster (S1)."""
    data = {
        "name": name, "troop_type": "infantry", "models": models, "files": 5,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": 1, "T": 3, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)},
    }
    if army:
        data["army"] = army
    if race:
        data["race"] = race
    return unit_from_dict(data)


# ----------------------------------------------------------------- Asarnil


def _panic_unit(name, Ld, army, special=(), no_panic_against=()):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["skirmishers", *special],
                  "no_panic_against": list(no_panic_against)},
        "army": army,
    })


def _flee_rate(no_panic_against, enemy_army, seed):
    """X and Y (side 0, High Elves) both face Z (side 1), which wins by its +5 bonus.

    Nobody can wound (S1 against T10).  X (Ld 2) always breaks; Y (stubborn, Ld 7) passes
    its break test with 21/36 and then tests panic (2D6 <= 7) unless immune (RULES.md §3.4).
    """
    x = _panic_unit("X", 2, "high_elves")
    y = _panic_unit("Y", 7, "high_elves", ["stubborn"], no_panic_against)
    z = _panic_unit("Z", 10, enemy_army)
    model = build_units([x, y, z], [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)],
                        [False, False, True], [None, None, SideOptions(static_bonus=5)],
                        CombatOptions(max_rounds=1))
    out = simulate(model, N, seed)
    assert out["status"][0, CAUGHT] + out["status"][0, ESCAPED] == N  # X always breaks
    return (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N, model


@needs_data
def test_asarnil_from_the_catalogue():
    """MDNR Regimientos de Renombre, Asarnil (both entries): "Estoico": "Asarnil es inmune a
    pánico provocado por miniaturas de tipo Elfo Oscuro. Si el chequeo de pánico debiera
    hacerse por varias fuentes y alguna de ellas no es de tipo Elfo Oscuro, la unidad no es
    Inmune a pánico": no panic test while every enemy of the combat is a Dark Elf (his
    friends -- High Elves, Wood Elves, Empire, Lizardmen, Dogs of War -- are never Dark
    Elves: the cause of a panic test in a combat, a friend beaten, is the enemy).  "Amuleto
    Corazón de Dragón": -1 to hit him with missiles ("no tiene efecto en ataques cuerpo a
    cuerpo") and "si Asarnil muere, Colmillo de Muerte tiene un +1 a la tirada de reacción
    de monstruos", a test 6th takes once the close combat is resolved: no combat effect.
    The XML, by hand: Colmillo de Muerte M15 HA6 F6 R6 H6 I3 A5 L8 TSA 3+, "Terror",
    "Volar"; Asarnil (líder) M12 HA7 HP4 F4 R3 H2 I7 A4 L9 TSA 4+, heavy armour, shield."""
    r = cat(RENOWN)
    names = [e.name for e in r.entries if e.name.startswith("Asarnil")]
    assert len(names) == 2
    for name in names:
        u = r.unit(name)
        assert u.no_panic_against == ("dark_elves",)
        k = kinds(r, name)
        assert "Estoico" not in k
        assert k["Amuleto Corazón de Dragón"] == "no_combat_effect"
        assert clean(r, name)
        p, c = u.profile, u.champion_profile
        assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 6, 6, 6, 6, 3, 5, 8)
        assert (c.M, c.WS, c.BS, c.S, c.T, c.W, c.I, c.A, c.Ld) == (12, 7, 4, 4, 3, 2, 7, 4, 9)
        assert u.armour_save == 3 and {"terror", "flying"} <= set(u.special)
        assert (u.champion_armour, u.champion_shield) == ("heavy", True)


@needs_data
def test_asarnil_stoic_against_dark_elves_only():
    """Y (Asarnil's no_panic_against) beside X that breaks: against Dark Elves Y only takes
    its own break test (flees with 15/36), against the Empire it also tests panic (15/36 +
    21/36 x 15/36); a mixed enemy (a Dark Elf unit and a Dogs of War one) voids the
    immunity ("alguna de ellas no es de tipo Elfo Oscuro")."""
    r = cat(RENOWN)
    asarnil = r.unit(next(e.name for e in r.entries if e.name.startswith("Asarnil")))
    for army, expected, seed in (("dark_elves", 15 / 36, 2511),
                                 ("empire", 15 / 36 + 21 / 36 * 15 / 36, 2512)):
        fled, model = _flee_rate(asarnil.no_panic_against, army, seed)
        assert model.sides[1, S_NO_PANIC] == (army == "dark_elves")
        assert_mc(fled, expected, N, what=f"Asarnil's friend panics (fighting {army})")
    model = build_units([asarnil, target(army="dark_elves"), target(army="dogs_of_war")],
                        [0, 1, 1], [(0, 1, FRONT, FRONT), (0, 2, FRONT, FRONT)],
                        [False, True, True], [None] * 3)
    assert model.sides[0, S_NO_PANIC] == 0
    model = build_units([asarnil, target(army="dark_elves")], [0, 1], [(0, 1, FRONT, FRONT)],
                        [False, True], [None] * 2)
    assert model.sides[0, S_NO_PANIC] == 1
