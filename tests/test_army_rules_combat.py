"""Army-book rules on the blows a unit receives and on the combat result (issue 11).

Engine checks compare the exact first round and the kernel with a law worked out by hand
(z = 5, fixed seeds; ``RULES.md`` sections cited per test); catalogue checks read
../shared/battlescribe/ and are skipped when it is absent.
"""

from __future__ import annotations

import pytest
from conftest import (
    SHARED,
    assert_distribution,
    binomial,
    cat,
    check_first_round,
    check_first_round_break,
    first_round_shares,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    G_HIT,
    G_SAVE,
    G_WOUND,
    IMPACT,
    MOUNT,
    RANK_AND_FILE,
    CombatOptions,
    build,
)
from odds.units import MountProfile, Profile, unit_from_dict

N = 200_000


def fighter(name, models=10, *, WS=3, S=3, T=3, W=1, save=7, special=(), **extra):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": models,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": W, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": save},
        "rules": {"special": list(special)},
        **extra,
    })



def test_hard_to_hit_costs_every_attacker_one_to_hit():
    """MDNR Reinos del Caos "Trolls biliosos": "Las miniaturas enemigas tienen un -1 a
    impactarles en combate cuerpo a cuerpo" (RULES.md §1.3, a 6 always hits).

    10 WS3 S3 attacks against WS3 T3, no save: 4+ to hit and 4+ to wound, p = 1/4; against
    the hard-to-hit unit 5+ to hit, p = 1/6.  WS3 against WS7 (5+) becomes 6+, not 7+;
    impact hits stay automatic."""
    plain = fighter("F", S=1)
    trolls = fighter("Trolls biliosos", S=1, special=["hard_to_hit"])
    for enemy, p, seed in ((plain, 1 / 4, 61), (trolls, 1 / 6, 62)):
        model = build(fighter("A", T=10), enemy, options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == (5 if enemy is trolls else 4)
        check_first_round(model, binomial(10, p), seed, f"wounds on {enemy.name}")
    # the trolls' own blows are not penalised
    model = build(trolls, plain, options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 4
    # 5+ becomes 6+ (a 6 still hits); impact hits are not rolled
    high = fighter("H", WS=7, special=["hard_to_hit"])
    chariot = fighter("C").replace(impact_hits="d6")
    model = build(chariot, high, options=CombatOptions(max_rounds=1, charger="attacker"))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 6
    assert model.groups[0, 1, IMPACT, 0, G_HIT] == 0
    with_flies = fighter("T", special=["hard_to_hit", "cloud_of_flies"])
    model = build(fighter("A"), with_flies, options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 6  # both penalties: 4+ -> 6+


def test_stone_monstrosity_caps_strength_at_seven():
    """MDNR Reyes Funerarios "Monstruosidad de piedra": "Cualquier impacto de F8 o superior
    que reciba una miniatura con Monstruosidad de Piedra, se considera que tiene F7"
    (RULES.md §1.4 to wound, §1.5 armour modifiers).

    S9 against T6 with a 3+ save: normally 2+ to wound and no save (-6); against the stone
    monstrosity S7: 3+ to wound and the save at -4 (none either: 3+ - 4 = 7+).  With a 1+
    save, S9 leaves no save but S7 leaves 5+.  S7 and less is unchanged; a steed's blows too."""
    giant = fighter("G", S=9)
    for special, wound, save in (((), 2, 7), (("stone_monstrosity",), 3, 7)):
        target = fighter("E", T=6, save=3, special=special)
        model = build(giant, target, options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == wound
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == save
    for special, save in (((), 7), (("stone_monstrosity",), 5)):
        model = build(giant, fighter("E", T=6, save=1, special=special),
                      options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == save
    seven = fighter("S7", S=7)
    for special in ((), ("stone_monstrosity",)):
        model = build(seven, fighter("E", T=6, save=3, special=special),
                      options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 3
    knight = fighter("K", S=1).replace(
        troop_type="cavalry", profile=Profile(M=18, WS=3, BS=3, S=1, T=3, W=1, I=3, A=0, Ld=7),
        mount=MountProfile(WS=3, S=9, I=3, A=1))
    model = build(knight, fighter("E", T=6, special=["stone_monstrosity"]),
                  options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, MOUNT, 0, G_WOUND] == 3
    # 10 S9 WS3 attacks on WS3 T6 W1 (no save): 4+ to hit, 3+ (not 2+) to wound: p = 1/3
    model = build(fighter("A", S=9, T=10), fighter("E", T=6, special=["stone_monstrosity"]),
                  options=CombatOptions(max_rounds=1))
    check_first_round(model, binomial(10, 1 / 3), 63, "S9 wounds on a stone monstrosity")


@pytest.mark.parametrize("special, p_break, seed", [
    ((), 30 / 36, 64), (("cancels_ranks",), 0.0, 65)])
def test_skirmishers_on_a_flank_cancel_no_ranks(special, p_break, seed):
    """6th Appendix Seven, skirmishers 7: they "do not negate an enemy unit's rank bonuses if
    they charge them in the flank or rear" (RULES.md §2.2 cancels ranks for a US >= 5 unit
    on a flank or rear: skirmishers are the exception, as the MDNR herd text also says);
    Elfos Oscuros "Danza de la muerte": the Hermanas de la matanza "pueden anular el
    bonificador ... por filas de los enemigos pese a ser Hostigadores".

    Five skirmishers (US 5) charge the flank of twenty in fives; nobody can wound.  They
    get +1 flank against +3 ranks and +1 outnumbering, lose by 3 and break on 2D6 > 4 (Ld 7:
    30/36); dancers cancel the ranks: +1 against +1, a draw, nobody breaks."""
    skirm = fighter("Hostigadores", 5, S=1, T=10, special=["skirmishers", *special])
    model = build(skirm, unit_from_dict({**fighter("E", 20, S=1, T=10).to_dict(), "files": 5}),
                  options=CombatOptions(max_rounds=1, attacker_face="flank",
                                        charge_tests=False))
    check_first_round_break(model, 0, p_break, seed, f"the flanking skirmishers break ({special})")


@pytest.mark.parametrize("special, p_break, seed", [
    ((), 21 / 36, 66), (("no_flank_bonus_against",), 0.0, 67)])
def test_no_flank_bonus_against_a_monstrous_varghulf(special, p_break, seed):
    """MDNR Condes Vampiro "Monstruoso" (Varghulf): "El oponente no puede aplicar el
    bonificador a resolución del combate por combatir contra el flanco o retaguardia del
    Varghulf" (RULES.md §2.2: +1 flank, +2 rear).

    Five S1 infantry (US 5, one rank) charge the flank of a T10 W5 monster (US 5) that
    cannot hurt them either: +1 flank against nothing, the monster loses by 1 and breaks on
    2D6 > 6 (Ld 7: 21/36); Monstruoso: no bonus, a draw, nobody breaks."""
    varghulf = unit_from_dict({
        "name": "Varghulf", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 20, "WS": 3, "BS": 0, "S": 1, "T": 10, "W": 5, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7}, "rules": {"special": list(special)}})
    model = build(fighter("E", 5, S=1, T=10), varghulf,
                  options=CombatOptions(max_rounds=1, attacker_face="flank",
                                        charge_tests=False))
    check_first_round_break(model, 1, p_break, seed, f"the flanked monster breaks ({special})")


@pytest.mark.parametrize("special, p_break, seed", [
    ((), 10 / 36, 68), (("independent",), 30 / 36, 69)])
def test_harpies_never_use_the_generals_leadership(special, p_break, seed):
    """MDNR Elfos Oscuros "Bestias": "las Arpías nunca pueden usar el Liderazgo del General"
    (the ``independent`` rule of Regimientos de Renombre "Independientes")
    (RULES.md §3.2: the break test on the General's Ld when he is near).

    Five Ld 5 models that nobody can wound lose by the enemy's static +1; the General (Ld 9)
    is near.  They break on 2D6 > 9 - 1 (10/36), harpies on their own 2D6 > 5 - 1 (30/36)."""

    from odds.combat.model import SideOptions

    harpies = fighter("Arpías", 5, S=1, T=10, special=["skirmishers", *special])
    harpies = harpies.replace(profile=harpies.profile.replace(Ld=5))
    model = build(harpies, fighter("E", 5, S=1, T=10, special=["skirmishers"]),
                  SideOptions(general_ld=9), SideOptions(static_bonus=1),
                  CombatOptions(max_rounds=1, charge_tests=False))
    check_first_round_break(model, 0, p_break, seed, f"the harpies break ({special})")


@pytest.mark.parametrize("special, issued", [((), 0), (("martial_honour",), 1)])
def test_martial_honour_champion_always_challenges(special, issued):
    """MDNR Condes Vampiro "Honor marcial": "El Campeón siempre debe lanzar y aceptar
    desafíos" (RULES.md §1.9), whatever the challenge policy asked for ("never" here):
    the knights' champion challenges in the first round of every combat."""
    from odds.combat.model import build_units

    knights = fighter("Caballeros sangrientos", 5, special=special).replace(
        command=fighter("K").command.replace(champion=True))
    enemy = fighter("E", 5).replace(command=fighter("E").command.replace(champion=True))
    model = build_units([knights, enemy], [0, 1], [(0, 1, 0, 0)], [True, False], [None, None],
                        challenge=["never", "never"], options=CombatOptions(max_rounds=1))
    out = simulate(model, 2_000, 70)
    assert out["chal"][0] == issued * 2_000  # CHALLENGE_STATS[0]: issued


@pytest.mark.parametrize("special, p_flee, seed", [
    ((), 15 / 36 + 21 / 36 * 15 / 36, 71), (("causes_no_panic",), 15 / 36, 72)])
def test_gnoblars_cause_no_panic(special, p_flee, seed):
    """MDNR Mercenarios "Altamente insignificantes": "Las unidades de gnoblars huyendo,
    desmoralizadas o destruidas no causan pánico" (RULES.md §3.4 panic when a friend in the
    combat breaks).

    X (Ld 2) and Y (stubborn, Ld 7) face Z, which wins the one round by its +5; nobody can
    wound.  X always breaks; Y breaks on 2D6 > 7 (15/36), else tests panic on 2D6 <= 7
    unless X is a gnoblar unit."""
    from conftest import assert_mc

    from odds.combat.model import CAUGHT, ESCAPED, FRONT, SideOptions, build_units

    x = fighter("Gnoblars", 5, S=1, T=10, special=["skirmishers", *special])
    x = x.replace(profile=x.profile.replace(Ld=2))
    y = fighter("Y", 5, S=1, T=10, special=["skirmishers", "stubborn"])
    z = fighter("Z", 5, S=1, T=10, special=["skirmishers"])
    model = build_units([x, y, z], [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)],
                        [False, False, True], [None, None, SideOptions(static_bonus=5)],
                        CombatOptions(max_rounds=1))
    out = simulate(model, N, seed)
    assert out["status"][0, CAUGHT] + out["status"][0, ESCAPED] == N
    fled = (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N
    assert_mc(fled, p_flee, N, what=f"Y flees ({special})")


def test_fire_resistance_lowers_flaming_hits():
    """MDNR Orcos y Goblins "Resistencia al fuego": "Cualquier impacto con la regla Ataques
    flamígeros que impacte en un Kobold de Fuego reduce en 1 su Fuerza" (RULES.md §1.4).

    10 flaming WS3 S4 attacks on WS3 T3 (no save): 4+ to hit, 3+ to wound, p = 1/3; on the
    kobolds S3: 4+ to wound, p = 1/4.  Blows that are not flaming keep S4."""
    kobolds = fighter("Kobolds de fuego", S=1, special=["fire_resistance"])
    fire = fighter("A", S=4, T=10, special=["flaming_attacks"])
    for attacker, p, seed in ((fire, 1 / 4, 73), (fighter("B", S=4, T=10), 1 / 3, 74)):
        model = build(attacker, kobolds, options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == (4 if p < 1 / 3 else 3)
        check_first_round(model, binomial(10, p), seed, f"wounds on kobolds ({attacker.name})")


@needs_data
def test_struck_rules_from_the_catalogues():
    """The catalogue names map to the engine's rules (read in the .cat files by hand)."""
    from odds.battlescribe import load_catalogue

    for name, unit, rule, flag in (
            ("MDNR_Reinos_del_Caos_Demonios_v5.cat", "Trolls biliosos", "Trolls biliosos",
             "hard_to_hit"),
            ("MDNR_Reyes_Funerarios v5.cat", "Necroesfinge (ocupa hueco de singular y de héroe)",
             "Monstruosidad de piedra", "stone_monstrosity"),
            ("MDNR_Elfos_Oscuros_v7.cat", "Hermanas de la matanza", "Danza de la muerte",
             "cancels_ranks"),
            ("MDNR_Condes_Vampiro_v5.cat", "Varghulf", "Monstruoso", "no_flank_bonus_against"),
            ("MDNR_Elfos_Oscuros_v7.cat", "Arpías", "Bestias", "independent"),
            ("MDNR_Condes_Vampiro_v5.cat", "Caballeros sangrientos", "Honor marcial",
             "martial_honour"),
            ("MDNR_Mercenarios v5.cat", "Gnoblars muerdehombres", "Altamente insignificantes",
             "causes_no_panic"),
            ("MDNR_Orcos_y_Goblins v4_5.cat", "Kobolds de fuego", "Resistencia al fuego",
             "fire_resistance")):
        cat = load_catalogue(SHARED / name)
        assert cat.unit(unit).has(flag), (unit, flag)
        assert rule not in {i.item for i in cat.report.for_unit(unit)
                            if i.kind in ("ignored", "approximated")}


@needs_data
@pytest.mark.parametrize("book, unit, rule", [
    # game system "Arma de aliento": "Se trata de un ataque de disparo"
    ("MDNR_Elfos_Oscuros_v7.cat", "Hidra de guerra", "Aliento de fuego"),
    # Imperio "Gran cañón": "Puede disparar a cualquier unidad entre 30cm y 120cm"
    ("MDNR_Imperio v4_5.cat", "Gran cañón", "Gran cañón"),
    # Reinos del Caos Mortales "Mutador": a spell "una vez por fase de magia"
    ("MDNR_Reinos_del_Caos_Mortales_v5.cat", "Mutalith", "Mutador"),
    # Mercenarios "Heridas y bajas": wounds go to the unit, an ogre removed per 3 wounds
    ("MDNR_Mercenarios v5.cat", "Comehombres", "Heridas y bajas"),
    # Monstruos Arcanos "Escupir llamas": "Se trata de un Ataque de Aliento"
    ("MDNR_Monstruos_Arcanos_v5.cat",
     "Dragón de magma (monstruo arcano, ocupa hueco de singular y héroe)", "Escupir llamas"),
])

def test_rules_read_as_no_combat_effect(book, unit, rule):
    from odds.battlescribe import load_catalogue

    cat = load_catalogue(SHARED / book)
    kinds = {i.item: i.kind for i in cat.report.for_unit(unit)}
    assert kinds.get(rule) == "no_combat_effect", (unit, kinds)



def test_wrath_flails():
    """MDNR Reinos del Caos Mortales "Mayales de la ira": "cuentan como dos armas de mano,
    proporcionan F+1 en primer turno de combate, e Impactos por carga(1) (los impactos por
    carga son de su F4 natural)" (RULES.md §1.6 impact hits, §1.7 weapons).

    A charging S4 A3 model: 4 attacks at S5 in the first round, at S4 later; one impact hit
    at S4 on the charge.  Its first round against WS4 T4 with no save: the impact hit
    wounds on 4+ (1/2); each attack hits on 4+ and wounds on 3+ (1/3)."""
    from odds.combat.model import G_ACTIVE, G_ATTACKS

    bearers = unit_from_dict({
        "name": "Portadores", "troop_type": "monstrous_infantry", "models": 1, "files": 1,
        "profile": {"M": 12, "WS": 4, "BS": 2, "S": 4, "T": 10, "W": 3, "I": 5, "A": 3,
                    "Ld": 8},
        "equipment": {"weapon": "wrath_flails", "armour_save_override": 7},
        "rules": {"special": [], "impact_hits": "1"}})
    target = fighter("E", 1, WS=4, S=1, T=4)
    model = build(bearers, target, options=CombatOptions(max_rounds=1, charge_tests=False))
    g = model.groups[0, 1]
    assert g[RANK_AND_FILE, 0, G_ATTACKS] == 4 and g[RANK_AND_FILE, 1, G_ATTACKS] == 4
    assert g[RANK_AND_FILE, 0, G_WOUND] == 3 and g[RANK_AND_FILE, 1, G_WOUND] == 4
    assert g[IMPACT, 0, G_ACTIVE] == 1 and g[IMPACT, 0, G_WOUND] == 4
    # the target has one wound: it survives the impact hit (1/2) and all four attacks
    # (each wounds with 1/2 * 2/3 = 1/3): P(no wound) = 1/2 * (2/3) ** 4
    p0 = 0.5 * (2 / 3) ** 4
    exact = first_round_exact(model)["wounds"][0]
    assert abs(exact[0] - p0) < 1e-12
    out = simulate(model, N, 75)
    assert_distribution(first_round_shares(out, 0, N), [p0, 1 - p0], N,
                        what="wrath flails' first round")


@needs_data
def test_wrath_flails_from_the_catalogue():
    """Reinos del Caos Mortales "Portadores de la ira de Khorne" take "Mayales de la ira"."""
    from odds.battlescribe import load_catalogue

    cat = load_catalogue(SHARED / "MDNR_Reinos_del_Caos_Mortales_v5.cat")
    unit = cat.unit("Portadores de la ira de Khorne")
    assert unit.equipment.weapon == "wrath_flails"
    assert (unit.impact_hits, unit.impact_strength) == ("1", 4)
    assert not [i for i in cat.report.for_unit(unit.name)
                if i.kind in ("ignored", "approximated")]


def test_no_character_may_join():
    """MDNR Condes Vampiro "Carroñeros" ("ningún personaje puede unirse a ellos"), Elfos
    Oscuros "Bestias" and "Solitaria", Mercenarios "Altamente insignificantes", Regimientos
    de Renombre "Independientes": joining a character to such a unit is a clear error
    naming the unit, not a combat fought as if it could (RULES.md §1.1 characters in units)."""
    from odds.characters import Character
    from odds.combat.model import FRONT, build_units
    from odds.units import Profile
    from odds.validation import OddsInputError

    hero = Character(name="Héroe", profile=Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3,
                                                   Ld=8))
    for special, joins in (((), True), (("no_characters",), False)):
        ghouls = fighter("Necrófagos", 10, special=["skirmishers", *special])
        args = ([ghouls, fighter("E", 10)], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                [None, None], CombatOptions(max_rounds=1))
        if joins:
            assert build_units(*args, characters=[(0, hero)]).sides.shape[0] == 3
        else:
            with pytest.raises(OddsInputError, match="'Héroe' cannot join 'Necrófagos'"):
                build_units(*args, characters=[(0, hero)])


@needs_data
@pytest.mark.parametrize("book, unit", [
    ("MDNR_Condes_Vampiro_v5.cat", "Necrófagos"),
    ("MDNR_Elfos_Oscuros_v7.cat", "Arpías"),
    ("MDNR_Mercenarios v5.cat", "Gnoblars muerdehombres"),
])
def test_no_character_units_from_the_catalogues(book, unit):
    from odds.battlescribe import load_catalogue

    assert load_catalogue(SHARED / book).unit(unit).has("no_characters")


@needs_data
def test_banshee_wail_at_an_engaged_enemy_is_modelled():
    """Condes Vampiro "Lamento de la doncella": a special attack of the shooting phase, but "si
    la Doncella está trabada en combate con una o más unidades deberá elegir como objetivo una
    unidad con la que esté trabada": wounds on the enemy she fights, between two rounds.  It
    was filed as a shooting weapon, then reported ``ignored``; now modelled as
    ``maiden_lament`` (its numbers: test_army_rules_lament), never ``no_combat_effect``."""
    c = cat("MDNR_Condes_Vampiro_v5.cat")
    items = [i for i in c.report if i.item == "Lamento de la doncella"]
    assert not [i for i in items if i.kind in ("ignored", "approximated", "no_combat_effect")]
    assert c.unit("Doncella espectral").has("maiden_lament")
