"""Mercenarios "Escolta de Mydas": stubborn while Mydas lives (the ``mydas_escort`` rule).

MDNR_Mercenarios_con_Personajes_Especiales_v1.cat, entry "Escolta de Mydas (solo si incluyes a
Mydas el Mezquino en el ejército)", rule "Escolta de Mydas": "Toda la unidad de escoltas es
tozuda mientras Mydas siga vivo. Ningún personaje aparte de Mydas puede añadirse a la unidad";
Mydas' entry "Mydas el Mezquino, Pagador Tileano" carries "Pagador" ("el Pagador es el
Portaestandarte de Batalla mercenario") and "Copete de Mydas" ("Todos los ataques de las armas
de Mydas, Yadosh y los Escoltas de Mydas ... se consideran de tipo mágico").
"""

from __future__ import annotations

from conftest import assert_mc, cat, clean, infantry, needs_data

from odds.characters import Character
from odds.combat.api import simulate
from odds.combat.model import CAUGHT, ESCAPED, FRONT, CombatOptions, SideOptions, build_units
from odds.units import Profile

MYDAS_BOOK = "MDNR_Mercenarios_con_Personajes_Especiales_v1.cat"
ESCORT = "Escolta de Mydas (solo si incluyes a Mydas el Mezquino en el ejército)"
TRIALS = 200_000


def broke(escort, enemy, seed, mydas=None, allocation=None) -> float:
    """P(``escort`` breaks) in one round against ``enemy``, which has a +6 static bonus."""
    chars = [(0, mydas)] if mydas is not None else []
    model = build_units([escort, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, SideOptions(static_bonus=6)], CombatOptions(max_rounds=1),
                        characters=chars, allocation=allocation)
    out = simulate(model, TRIALS, seed)
    return float(out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / TRIALS


def mydas() -> Character:
    """Mydas as the paymaster (his "Pagador": the battle standard), T1 W1, unarmoured."""
    profile = Profile(M=10, WS=4, BS=4, S=1, T=1, W=1, I=4, A=2, Ld=8)
    return Character(name="Mydas el Mezquino", profile=profile, special=("paymaster",),
                     battle_standard=True)


def escort(rule: str = "mydas_escort"):
    """Ten escorts, five wide (US 10, +1 rank), Ld 8, that wound no one (S1 against T10)."""
    return infantry("Escolta de Mydas", 10, 5, S=1, T=10, Ld=8, special=[rule])


def test_stubborn_without_mydas_in_the_combat():
    """Mydas elsewhere is alive: the escort alone, losing by 6 (6 static + 1 rank against
    1 rank), tests on its own Ld 8 unmodified (RULES.md §3.2 stubborn): breaks with 10/36;
    the Pagador's escort ("Escolta": stubborn only with him in the unit) tests on 8 - 6 = 2
    and breaks with 35/36."""
    enemy = infantry("E", 10, 5, S=1, T=10)
    assert_mc(broke(escort(), enemy, 3601), 10 / 36, TRIALS, what="Mydas' escort alone")
    assert_mc(broke(escort("paymaster_guard"), enemy, 3602), 35 / 36, TRIALS,
              what="the Pagador's escort alone")


def test_stubborn_while_mydas_stands_in_it():
    """Mydas in the front rank, unhurt (the enemy attacks the rank and file, the Default
    allocation ``troops``, and its S1 wounds no escort's T10): the escort scores 1 rank +
    1 outnumbering (US 11 against 10) + 1 battle standard against 7, loses by 4, tests
    stubborn on Ld 8 (26/36) and re-rolls a failure with the battle standard: breaks with
    (10/36)^2."""
    enemy = infantry("E", 10, 5, S=1, T=10)
    assert_mc(broke(escort(), enemy, 3603, mydas()), (10 / 36) ** 2, TRIALS,
              what="Mydas' escort with Mydas")


def test_not_stubborn_once_mydas_falls():
    """The enemy (WS10 S5: 3+ to hit, 2+ to wound his T1, no wound on the escorts' T10)
    sends every attack of its models in contact with Mydas at him (allocation
    ``character``: three models of A10, 30 attacks): he dies with 1 - (4/9)^30.  Then the
    enemy scores 6 + 1 rank + 1 wound, the escort 1 rank (US 10 against 10, no standard):
    it loses by 7 and, no longer stubborn, tests on 8 - 7 = 1 and breaks (no insane
    courage, the Default); if he lives it breaks with (10/36)^2, as above."""
    enemy = infantry("E", 10, 5, WS=10, S=5, T=10, I=10, A=10)
    dead = 1 - (4 / 9) ** 30
    law = dead + (1 - dead) * (10 / 36) ** 2
    assert_mc(broke(escort(), enemy, 3604, mydas(), ["troops", "character"]), law, TRIALS,
              what="Mydas' escort once Mydas falls")


@needs_data
def test_the_escort_from_the_catalogue():
    """Spot check against the XML: "Escolta de Mydas" M10 HA4 HP3 F3 R3 H1 I3 A1 L8, with
    "Escolta de Mydas" (stubborn while Mydas lives) and magic attacks ("Copete de Mydas"),
    nothing ignored or approximated."""
    book = cat(MYDAS_BOOK)
    unit = book.unit(ESCORT)
    assert unit.profile == Profile(M=10, WS=4, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=8)
    assert unit.has("mydas_escort") and unit.has("magic_attacks")
    assert not unit.has("stubborn")
    assert clean(book, ESCORT)
