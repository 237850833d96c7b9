"""Rules of the mercenaries family read onto existing engine features (issue 36).

Skaven, Orcos y Goblins, Mercenarios and Regimientos de Renombre entries whose rules map onto
flags, hatred lists or counts the engine already has; each test cites its catalogue entry.
"""

from __future__ import annotations

import pytest
from conftest import binomial, cat, check_first_round, clean, infantry, kinds, needs_data

from odds.combat.model import CombatOptions, build
from odds.units import Profile

SKAVEN = "MDNR_Skaven v4_5.cat"
CATAPULT = "Garrapulta de plaga"


@needs_data
def test_plague_catapult_from_the_catalogue():
    """MDNR_Skaven v4_5.cat "Garrapulta de plaga": profiles "Monje de plaga" (M12 HA3 HP3 F3
    R4 H1 I3 A1 L5) and "Garrapulta de plaga" (R7 H3, "Máquina de guerra"), both on the entry;
    "Monjes de plaga" min 3 max 3 counts the crew of the one machine (75 points); "Furia
    asesina (adaptada)": "La dotación tiene Furia Asesina (así que son inmunes a psicología y
    tienen un ataque adicional mientras no pierdan el combate); sin embargo ... no se ven
    sujetos a las cargas obligatorias" (frenzy: the charges are the movement phase's); the
    rule "Garrapulta de plaga" is the catapult's shot.  Nothing ignored or approximated."""
    book = cat(SKAVEN)
    unit = book.unit(CATAPULT)
    assert unit.troop_type == "war_machine" and unit.models == 1 and unit.crew == 3
    assert unit.profile == Profile(M=12, WS=3, BS=3, S=3, T=7, W=3, I=3, A=1, Ld=5)
    assert unit.points_per_model == 75 and unit.unit_strength == 3
    assert unit.has("frenzy") and unit.has("magic_attacks")
    assert kinds(book, CATAPULT)["Garrapulta de plaga"] == "no_combat_effect"
    assert clean(book, CATAPULT)


@needs_data
def test_plague_catapult_crew_fights_frenzied():
    """The catapult's three frenzied crew (A1 + 1, RULES.md §1.6 frenzy) strike 6 attacks at
    WS3 S3 against WS3 T3 infantry without a save: hits on 4+ and wounds on 4+ (§1.3, §1.4),
    so the first round's wounds are Binomial(6, 1/4) (the exact engine and the kernel); the
    enemy (S1) cannot wound the machine's T7."""
    unit = cat(SKAVEN).unit(CATAPULT)
    enemy = infantry("Objetivo", 10, 5, S=1, T=3)
    model = build(unit, enemy, options=CombatOptions(charger="defender", max_rounds=1))
    check_first_round(model, binomial(6, 1 / 4), 3611, "frenzied plague catapult crew")


def test_devastating_charge_is_the_riders_attack_on_the_charge():
    """MDNR_Orcos_y_Goblins_Horda_Zalvaje_v1.cat "Acechantez de Snagla Grobspit" "Carga
    devastadora": "Los Goblins (no las arañas) ganan A+1 cuando cargan".  Five riders (WS3 S3
    A1) on steeds (WS3 S3 A1) charge twenty WS3 T3 infantry without a save (A0): the riders
    strike 2 attacks each and the steeds 1, 15 blows hitting on 4+ and wounding on 4+ (RULES.md
    §1.3, §1.4): Binomial(15, 1/4); not charging (the enemy charged them), 10 blows:
    Binomial(10, 1/4)."""
    from odds.units import MountProfile

    riders = infantry("Acechantez", 5, 5, special=["charge_attack"]).replace(
        troop_type="cavalry", mount=MountProfile(WS=3, S=3, I=3, A=1))
    enemy = infantry("Objetivo", 20, 10, A=0)
    charge = build(riders, enemy, options=CombatOptions(charger="attacker", max_rounds=1))
    check_first_round(charge, binomial(15, 1 / 4), 3612, "riders charging")
    held = build(riders, enemy, options=CombatOptions(charger="defender", max_rounds=1))
    check_first_round(held, binomial(10, 1 / 4), 3613, "riders charged")


@needs_data
def test_snaglas_riders_from_the_catalogue():
    """MDNR_Orcos_y_Goblins_Horda_Zalvaje_v1.cat "Acechantez de Snagla Grobspit": "Acechante"
    HA2 F3 R3 H1 I2 A1 on a "Araña gigante" (HA3 F3 I3 A1); "Carga devastadora" is
    ``charge_attack``, "Odio a humanos" ("A miniaturas de tipo Humano") hatred of ``human``.
    Snagla himself and his "Kuchilla" are a named member with his magic weapon, reported as
    notes (tests/test_greens3_family.py)."""
    book = cat("MDNR_Orcos_y_Goblins_Horda_Zalvaje_v1.cat")
    name = "Acechantez de Snagla Grobspit"
    unit = book.unit(name)
    assert unit.has("charge_attack") and unit.hatred == ("human",)
    assert (unit.profile.WS, unit.profile.S, unit.profile.A) == (2, 3, 1)
    assert unit.mount is not None and (unit.mount.WS, unit.mount.S, unit.mount.A) == (3, 3, 1)
    k = kinds(book, name)
    assert "Carga devastadora" not in k or k["Carga devastadora"] not in ("ignored",)
    assert k["Snagla Grobspit"] == "note" and k["Kuchilla de Snagla"] == "note"


@needs_data
def test_fimir_meargh_is_magic_and_the_other_champion_option():
    """MDNR_Mercenarios v5.cat "Fimir": the rule "Meargh" ("La Meargh es hechicera de nivel 2
    que siempre usa el Saber de las Sombras (y gana el tipo de miniatura Hechicera)") acts in
    the magic phase; her profile "Meargh" (HA4 F4 R5 H3 I2 A2 L7, TSA 6+) belongs to the
    command group's option "Meargh (cuenta como campeón y ocupa hueco de héroe)", the
    alternative to "Dirach (cuenta como campeón)" (HA4 F4 R5 H3 I2 A4 L7): the import's
    champion is the Dirach, and the Meargh's profile is a note saying the option is not
    offered.  With "Ataque de cola" modelled (tests/test_tail_attack.py), nothing of the
    entry is ignored or approximated."""
    book = cat("MDNR_Mercenarios v5.cat")
    items = [i for i in book.report.for_unit("Fimir") if i.item == "Meargh"]
    assert sorted(i.kind for i in items) == ["no_combat_effect", "note"]
    assert any("not offered" in i.reason for i in items)
    unit = book.unit("Fimir", command="full")
    assert unit.command.champion and unit.champion_profile.A == 4  # the Dirach
    assert unit.profile == Profile(M=12, WS=4, BS=2, S=4, T=5, W=3, I=2, A=3, Ld=7)
    assert clean(book, "Fimir")


GOBLIN_HEWER = ("MDNR_Regimientos_de_Renombre v5.cat", "Cercenagoblins de Malakai (ocupa singular"
                " y héroe)(Enanos, Imperio y Mercenarios)")


@needs_data
def test_goblin_hewer_from_the_catalogue():
    """MDNR_Regimientos_de_Renombre v5.cat "Cercenagoblins de Malakai": the machine
    "Cercenagoblins" (R7 H3, "Máquina de guerra"), its crew "Matadores" min 2 max 2
    ("Matador" HA4 HP3 F3 R4 H1 I2 A1 L10) and "Malakai Malaksson (líder)" (HA5 HP5 F4 R5 H2
    I3 A3 L10); each "Armas" group takes both "Arma a dos manos" and "Dos armas de mano" (min
    2, max 2): the weapon is chosen for each combat (RULES.md §1.7; ``slayer_axes``, as Enanos
    "Hachas de matador"); "Ingeniero" ("los disparos del Cercenagoblins pueden hacerse usando
    su HP. Se considera miembro de la dotación a todos los efectos") makes Malakai the crew's
    leader with his own profile.  Nothing ignored or approximated, in the three books that
    print the entry."""
    book, name = GOBLIN_HEWER
    unit = cat(book).unit(name)
    assert unit.troop_type == "war_machine" and unit.crew == 2 and unit.command.champion
    assert unit.profile == Profile(M=8, WS=4, BS=3, S=3, T=7, W=3, I=2, A=1, Ld=10)
    assert unit.champion_profile == Profile(M=8, WS=5, BS=5, S=4, T=5, W=2, I=3, A=3, Ld=10)
    assert unit.equipment.weapon == "additional_hand_weapon" and unit.has("slayer_axes")
    assert unit.has("slayer") and unit.has("unbreakable")
    for other, entry in ((book, name),
                         ("MDNR_Mercenarios_con_Regimientos_de_Renombre_v1.cat",
                          "Cercenagoblins de Malakai (Regimiento de Renombre, ocupa singular y"
                          " héroe)"),
                         ("MDNR_Enanos_Karak-Kadrin_v1.cat", "Cercenagoblins de Malakai (0-1)")):
        k = kinds(cat(other), entry)
        assert k["Dos armas de mano"] == "note" and k["Ingeniero"] == "note"
        assert clean(cat(other), entry), other


@needs_data
def test_goblin_hewer_crew_and_malakai_fight():
    """Against twenty WS3 T3 models without a save (A0), the crew take two hand weapons
    (expected wounds: 2 attacks at 1/3 beat 1 at S5, 5/9; RULES.md §1.7): the two slayers
    strike 2 attacks each, hitting WS3 on 3+ and wounding T3 on 4+ (RULES.md §1.3, §1.4):
    Binomial(4, 1/3); Malakai, a body beside the machine, strikes A3 + 1 at S4, hitting on
    3+ and wounding on 3+: Binomial(4, 4/9).  The kernel (the exact first round takes no
    champion body nor "Matador") against their convolution; with no leader (command
    "none"), Binomial(4, 1/3)."""
    import numpy as np
    from conftest import check_kernel_first_round

    book, name = GOBLIN_HEWER
    enemy = infantry("Objetivo", 20, 10, A=0)
    opts = CombatOptions(charger="defender", max_rounds=1)
    model = build(cat(book).unit(name), enemy, options=opts)
    law = list(np.convolve(binomial(4, 1 / 3), binomial(4, 4 / 9)))
    check_kernel_first_round(model, law, 3641, "Malakai beside his slayers")
    unit = cat(book).unit(name)
    crew = build(unit.replace(command=unit.command.replace(champion=False)), enemy,
                 options=opts)
    check_kernel_first_round(crew, binomial(4, 1 / 3), 3642, "the slayers alone")


@needs_data
@pytest.mark.parametrize("face", ["front", "flank", "rear"])
def test_doomwheel_heap_and_pilot_fight_on_every_face(face):
    """MDNR_Skaven v4_5.cat "Rueda de la muerte": "Tamaño de la unidad": "Consta de una Rueda
    de la Muerte conducida por un Piloto Skryre y con un montón de Ratas Gigantes. Todas las
    miniaturas (ratas y piloto) atacan en combate cuerpo a cuerpo, independientemente de si
    están trabadas por el frente, flanco o retaguardia": the heap "Ratas gigantes" (HA3 F3 I4
    A5) is one crew, the "Piloto Skryre" (HA3 F3 I4 A1) a second; "Rayos de disformidad" are
    shots of its shooting phase.  Twenty WS3 T3 models without a save (A0) charge it on
    ``face``: its 5 + 1 attacks hit on 4+ and wound on 4+ (RULES.md §1.3, §1.4):
    Binomial(6, 1/4); nothing of the entry is ignored or approximated."""
    from odds.combat.model import FLANK, FRONT, REAR, build_units

    book = cat(SKAVEN)
    wheel = book.unit("Rueda de la muerte")
    assert wheel.crew == 1 and wheel.profile.A == 5 and wheel.unit_strength == 4
    assert wheel.extra_crew is not None and (wheel.extra_crew.A, wheel.extra_crew.count) == (1, 1)
    assert kinds(book, "Rueda de la muerte")["Rayos de disformidad"] == "no_combat_effect"
    assert clean(book, "Rueda de la muerte")
    side = {"front": FRONT, "flank": FLANK, "rear": REAR}[face]
    enemy = infantry("Objetivo", 20, 10, A=0, special=["immune_to_psychology"])
    model = build_units([wheel, enemy], [0, 1], [(0, 1, side, FRONT)], [False, True],
                        [None, None], CombatOptions(max_rounds=1))
    check_first_round(model, binomial(6, 1 / 4), 3651 + side, f"doomwheel, {face}")
