"""Elfos Silvanos "Guardia eterna": "Estilo de combate de la guardia eterna"
(``eternal_guard_style``), "Escolta" (``noble_escort``, with the ``wood_elf_noble`` characters)
and "Conjunto de armas de mano y lanzas" (a spear).

MDNR Elfos Silvanos (``MDNR_Elfos_Silvanos v5.cat``, ``..._con_Personajes_Especiales_v2.cat``,
"Guardia eterna (si tu general es un biennacido)" and "(... no es un biennacido)"):
"Estilo de combate": "Todos tienen una tirada de salvación por armadura de 5+. Llevan Lanza,
por lo que combaten en dos filas. Las miniaturas en contacto peana con peana con el enemigo
tienen A+1 en combate cuerpo a cuerpo"; "Escolta": "Mientras la unidad contenga algún
Biennacido o algún Noble es Tozuda".
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_mc, binomial, cat, check_first_round, clean, infantry

from odds.characters import Character
from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    CombatOptions,
    SideOptions,
    build,
    build_units,
)
from odds.units import Profile
from odds.validation import OddsInputError

BOOKS = ("MDNR_Elfos_Silvanos v5.cat", "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat")
ENTRIES = ("Guardia eterna (si tu general es un biennacido)",
           "Guardia eterna (si tu general no es un biennacido)")
N = 200_000


def guard(*, champion: bool = False, special=("eternal_guard_style",)):
    """Ten WS5 S3 Eternal Guard five wide with spears (a champion of A2 if asked)."""
    command = {"champion": True} if champion else {}
    u = infantry("Guardia", 10, 5, WS=5, I=5, Ld=9, special=special, command=command)
    u = u.replace(equipment=u.equipment.replace(weapon="spear"))
    if champion:
        u = u.replace(champion_profile=u.profile.replace(A=2))
    return u


def target():
    """Twenty WS3 T3 models with no save and no blows, immune to psychology."""
    return infantry("Blanco", 20, 5, A=0, special=["immune_to_psychology"])


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("entry", ENTRIES)
def test_eternal_guard_from_the_catalogues(book, entry):
    """Spot check against the XML: "Guardián eterno" M12 HA5 HP4 F3 R3 H1 I5 A1 L9, 12 points,
    "Conjunto de armas de mano y lanzas" (a spear), heavy armour; both rules, a 5+ save, and
    nothing ignored."""
    c = cat(book)
    u = c.unit(entry)
    assert u.profile == Profile(M=12, WS=5, BS=4, S=3, T=3, W=1, I=5, A=1, Ld=9)
    assert u.points_per_model == 12
    assert u.equipment.weapon == "spear" and u.armour_save == 5
    assert u.has("eternal_guard_style") and u.has("noble_escort") and not u.has("stubborn")
    assert clean(c, entry)


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_highborn_and_noble_carry_the_escorted_flag():
    """The characters "Biennacido" and "Noble silvano" of the book are ``wood_elf_noble`` (what
    "Escolta" looks for); a "Cantor de los árboles" is not."""
    from odds.battlescribe.catalogue_characters import catalogue_characters

    chars = {c.name: c.default for c in catalogue_characters(SHARED / BOOKS[0])}
    assert chars["Biennacido"].has("wood_elf_noble")
    assert chars["Noble silvano"].has("wood_elf_noble")
    assert not chars["Cantor de los árboles"].has("wood_elf_noble")


@pytest.mark.parametrize(("champion", "attacks", "seed"), [(False, 15, 4201), (True, 16, 4202)])
def test_front_rank_strikes_one_more(champion, attacks, seed):
    """Not charging, the guard fights in two ranks (spear): the front five strike A1 + 1, the
    second rank A1: 15 attacks (a champion of A2 + 1 in the front: 4 x 2 + 3 + 5 = 16), WS5
    against WS3 hitting on 3+, S3 against T3 wounding on 4+, no save: Binomial(n, 1/3) wounds,
    the exact engine and the kernel alike."""
    model = build(guard(champion=champion), target(),
                  options=CombatOptions(charger="defender", charge_tests=False, max_rounds=1))
    check_first_round(model, binomial(attacks, 1 / 3), seed, f"{attacks} attacks")


def test_without_the_style_the_plain_spear():
    """Without the rule, ten spearmen strike 10 attacks: Binomial(10, 1/3)."""
    model = build(guard(special=()), target(),
                  options=CombatOptions(charger="defender", charge_tests=False, max_rounds=1))
    check_first_round(model, binomial(10, 1 / 3), 4203, "plain spears")


def test_style_refuses_a_second_crew_group():
    """The extra attacks use the crew attack group: with random attacks it is a clear error."""
    with pytest.raises(OddsInputError, match="eternal_guard_style"):
        build(guard().replace(random_attacks="d3"), target())


def _stand(character, special, p_break, seed, what):
    """The guard and ``character`` (US 11: +1 rank, +1 outnumbering) lose the only round by 3
    (nobody wounds: S1 against T10; the enemy +1 rank and a +4 static bonus): a stubborn unit
    tests on Ld 9 unmodified (breaks 6/36), another on Ld 9 - 3 = 6 (breaks 21/36) (RULES.md
    §3.2)."""
    unit = infantry("Guardia", 10, 5, S=1, T=10, Ld=9, special=special)
    enemy = infantry("E", 10, 5, S=1, T=10)
    model = build_units([unit, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, SideOptions(static_bonus=4)], CombatOptions(max_rounds=1),
                        characters=[(0, character)])
    out = simulate(model, N, seed)
    broke = (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / N
    assert_mc(broke, p_break, N, what=what)


def test_escort_is_stubborn_with_a_highborn_or_noble():
    """"Escolta": with a ``wood_elf_noble`` character in it the unit is stubborn; with another
    character, or without the rule, it is not."""
    profile = Profile(M=12, WS=6, BS=6, S=1, T=10, W=2, I=7, A=3, Ld=9)
    noble = Character(name="Noble silvano", profile=profile, special=("wood_elf_noble",))
    singer = Character(name="Cantor", profile=profile)
    _stand(noble, ["noble_escort"], 6 / 36, 4204, "escort with a noble")
    _stand(singer, ["noble_escort"], 21 / 36, 4205, "escort with another character")
    _stand(noble, [], 21 / 36, 4206, "a unit without the rule")
