"""Army-book rules modelled for issue 11 ("Army books as printed"), from the catalogues' text.

Catalogue checks are written by hand from the rule descriptions in
../shared/battlescribe/ (skipped when the folder is absent); engine checks
compare the kernel with a probability worked out by hand at z = 5 with a
fixed seed (``RULES.md`` sections cited per test).
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_mc,
    cat,
    check_first_round_break,
    first_round_shares,
    kinds,
    needs_data,
    panic_flee_rate,
)

from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    S_NO_PANIC,
    S_PANIC_IGNORE,
    CombatOptions,
    SideOptions,
    build_units,
)
from odds.dice import p_ge, sum_pmf
from odds.units import unit_from_dict
from odds.validation import OddsInputError

N = 200_000


def unit(name, *, Ld=7, special=(), army="", race="", **rules):
    data = {
        "name": name, "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["skirmishers", *special], **rules},
    }
    if army:
        data["army"] = army
    if race:
        data["race"] = race
    return unit_from_dict(data)


# ----------------------------------------------------------------- panic immunities (§3.4)


def _flee_rate(x, y, z, seed):
    """X and Y (side 0) both face Z (side 1), which wins the one round by its +5 bonus.

    Nobody can wound (S1 against T10).  X (Ld 2) always breaks; Y (stubborn, Ld 7)
    passes its break test with 21/36 and then tests panic (2D6 <= 7) unless immune.
    """
    return panic_flee_rate(x, y, z, seed, N)


PANICS = 15 / 36 + 21 / 36 * 15 / 36  # breaks, or holds and fails its panic test
NO_PANIC = 15 / 36  # its own break test only


def test_friends_that_cause_no_panic():
    """RULES.md §3.4 (friends breaking in the combat); MDNR Orcos y Goblins "Inmune al pánico
    de Snotlings y Goblins amigos": "inmunes al pánico provocado por unidades amigas de tipo
    Goblin o Snotling" -- an orc unit does not test when goblins break, it does when orcs do.
    """
    y = unit("Y", special=["stubborn"], army="orcs_and_goblins", race="orc",
             no_panic_from=["goblin", "snotling"])
    z = unit("Z", Ld=10)
    for race, expected, seed in (("goblin", NO_PANIC, 31), ("orc", PANICS, 32)):
        x = unit("X", Ld=2, army="orcs_and_goblins", race=race)
        fled, model = _flee_rate(x, y, z, seed)
        assert model.sides[1, S_PANIC_IGNORE] == (race == "goblin")  # bit 0: unit X
        assert_mc(fled, expected, N, what=f"Y flees ({race}s broke beside it)")


def test_knights_vow_ignores_peasants_panic():
    """MDNR Bretonia "Voto del caballero": "La unidad es inmune al pánico provocado por
    unidades de tipo Campesino (cuando huyen, etc.)" (RULES.md §3.4): knights beside peasants
    (race ``peasant``, Bretonia ``Tipo`` "Infantería, Humano, Campesino") that break do not
    test, beside other knights they do.  The vow as ``MDNR_Bretonia_v5.cat``'s "Caballeros del
    reino" carry it, the peasants as its "Hombres de armas"."""
    from conftest import SHARED, cat, kinds

    y = unit("Y", special=["stubborn"], army="bretonnia", no_panic_from=["peasant"])
    z = unit("Z", Ld=10)
    for race, expected, seed in (("peasant", NO_PANIC, 36), ("", PANICS, 37)):
        x = unit("X", Ld=2, army="bretonnia", race=race)
        fled, model = _flee_rate(x, y, z, seed)
        assert model.sides[1, S_PANIC_IGNORE] == (race == "peasant")
        assert_mc(fled, expected, N, what=f"Y flees ({race or 'knights'} broke beside it)")
    if SHARED.is_dir():
        b = cat("MDNR_Bretonia_v5.cat")
        knights, peasants = b.unit("Caballeros del reino"), b.unit("Hombres de armas")
        assert knights.no_panic_from == ("peasant",)
        assert "Voto del caballero" not in kinds(b, "Caballeros del reino")
        assert {"peasant", "human"} <= peasants.tags and "peasant" not in knights.tags
        assert knights.ignores_panic_from(peasants) and not peasants.ignores_panic_from(knights)


def test_grail_quest_vow_ignores_every_friends_panic():
    """MDNR Bretonia "Voto de la búsqueda" (``MDNR_Bretonia_v5.cat`` "Caballeros andantes"):
    "Inmunes al pánico provocado por unidades amigas ... Pueden repetir chequeos de psicología
    fallados (no incluye chequeos de Desmoralización)": friends of every troop type breaking
    beside them cause no test (RULES.md §3.4); the re-roll is psychology_reroll."""
    from conftest import SHARED, cat, kinds

    from odds import rules

    y = unit("Y", special=["stubborn"], army="bretonnia", no_panic_from=rules.TROOP_TYPES)
    fled, model = _flee_rate(unit("X", Ld=2, army="bretonnia", race="peasant"), y,
                             unit("Z", Ld=10), 38)
    assert model.sides[1, S_PANIC_IGNORE] == 1
    assert_mc(fled, NO_PANIC, N, what="Y flees (a friend broke beside it)")
    if SHARED.is_dir():
        b = cat("MDNR_Bretonia_v5.cat")
        questing = b.unit("Caballeros andantes")
        assert set(questing.no_panic_from) == set(rules.TROOP_TYPES)
        assert questing.has("psychology_reroll")
        assert "Voto de la búsqueda" not in kinds(b, "Caballeros andantes")


def test_panic_immunity_by_troop_type():
    """Mercenarios/Reinos del Caos "Inmune a pánico de pequeñajos": "Los gigantes son inmunes
    al pánico provocado por unidades de infantería, bestias de guerra o caballería"."""
    y = unit("Y", special=["stubborn"], no_panic_from=["cavalry", "infantry"])
    fled, _ = _flee_rate(unit("X", Ld=2), y, unit("Z", Ld=10), 33)
    assert_mc(fled, NO_PANIC, N, what="Y flees (infantry broke beside it)")


def test_no_panic_against_an_army():
    """MDNR Altos Elfos "Estoicos": "cuando luchan contra un ejército de MDNR: Elfos Oscuros
    ... nunca deberán hacer chequeos de Pánico de ninguna clase" (RULES.md §3.4)."""
    y = unit("Y", special=["stubborn"], army="high_elves", no_panic_against=["dark_elves"])
    x = unit("X", Ld=2, army="high_elves")
    for army, expected, seed in (("dark_elves", NO_PANIC, 34), ("empire", PANICS, 35)):
        fled, model = _flee_rate(x, y, unit("Z", Ld=10, army=army), seed)
        assert model.sides[1, S_NO_PANIC] == (army == "dark_elves")
        assert_mc(fled, expected, N, what=f"Y flees (fighting {army})")


def test_no_panic_against_needs_every_enemy():
    """"Estoicos": against a mixed force only the Dark Elves' panic is ignored, and panic in
    a combat comes from friends: one enemy unit of another army voids the immunity."""
    y = unit("Y", army="high_elves", no_panic_against=["dark_elves"])
    x = unit("X", army="high_elves")
    de, merc = unit("D", army="dark_elves"), unit("M", army="dogs_of_war")
    model = build_units([x, y, de, merc], [0, 0, 1, 1],
                        [(0, 2, FRONT, FRONT), (1, 3, FRONT, FRONT)], [False, False, True, True],
                        [None] * 4)
    assert model.sides[1, S_NO_PANIC] == 0


def test_panic_fields_are_validated_and_round_trip():
    y = unit("Y", no_panic_from=["snotling", "goblin"], no_panic_against=["dark_elves"])
    assert y.no_panic_from == ("goblin", "snotling")
    assert unit_from_dict(y.to_dict()) == y
    with pytest.raises(OddsInputError, match=r"rules\.no_panic_from: unknown"):
        unit("Y", no_panic_from=["goblins"])
    with pytest.raises(OddsInputError, match=r"rules\.no_panic_against: unknown"):
        unit("Y", no_panic_against=["infantry"])  # troop types only name friends


def test_kinds_of_greenskin_are_greenskins():
    """A goblin is a greenskin: MDNR Enanos "Agravio ancestral" ("Odio a todas las miniaturas
    de tipo Pielverde") still applies."""
    g = unit("G", army="orcs_and_goblins", race="goblin")
    assert g.tags == {"orcs_and_goblins", "goblin", "greenskin"}
    dwarfs = unit("D", army="dwarfs", hatred=["greenskin"])
    assert dwarfs.hates(g) and not dwarfs.hates(unit("T", army="orcs_and_goblins",
                                                     race="troll"))


@needs_data
def test_orcs_and_goblins_panic_rules_from_the_catalogue():
    """MDNR Orcos y Goblins: orcs "Inmune al pánico de Snotlings y Goblins amigos"; black orcs
    "Inmune al pánico de Snotlings, Goblins y Orcos amigos" ("(exceptuando Orcos Negros)");
    goblins are the units "de tipo Goblin" that carry "Miedo a los orejotaz"."""
    c = cat("MDNR_Orcos_y_Goblins v4_5.cat")
    orcs = c.unit("Guerreros orcos")
    assert orcs.race == "orc" and orcs.no_panic_from == ("goblin", "snotling")
    assert "Inmune al pánico de Snotlings y Goblins amigos" not in kinds(c, orcs.name)
    assert kinds(c, orcs.name)["Animosidad"] == "no_combat_effect"  # engaged: no test
    black = c.unit("Orcos negros")
    assert black.race == "black_orc" and black.no_panic_from == ("goblin", "orc", "snotling")
    assert c.unit("Jinetez de jabalí").race == "orc"
    for name in ("Goblins", "Jinetez de lobo", "Jinetez de araña"):
        assert c.unit(name).race == "goblin", name
        assert orcs.ignores_panic_from(c.unit(name)), name
    assert not orcs.ignores_panic_from(black) and not black.ignores_panic_from(black)


@needs_data
def test_chaos_dwarf_desprecio_by_race():
    """MDNR Enanos del Caos "Desprecio": "Los Hobgoblin son inmunes al pánico causado por
    Goblins. Los Orcos son inmunes al pánico causado por Goblins y Hobgoblins. Los Orcos
    Negros y las unidades que no sean de tipo Pielverde (como los Enanos) son inmunes al
    pánico causado por unidades de tipo Pielverde." """
    c = cat("MDNR_Enanos_del_Caos v4_5.cat")
    expected = {
        "Guerreros enanos del Caos": ("", ("greenskin",)),
        "Guerreros hobgoblin (requieren Guerreros enanos del Caos)": ("hobgoblin", ("goblin",)),
        "Esclavos orcos": ("orc", ("goblin", "hobgoblin")),
        "Orcos negros": ("black_orc", ("greenskin",)),
        "Esclavos goblin": ("goblin", ()),  # goblins get nothing from it
    }
    for name, (race, immune) in expected.items():
        u = c.unit(name)
        assert (u.race, u.no_panic_from) == (race, immune), name
        assert "Desprecio" not in kinds(c, name), name
    warriors = c.unit("Guerreros enanos del Caos")
    assert warriors.ignores_panic_from(c.unit("Esclavos orcos"))
    assert not c.unit("Esclavos orcos").ignores_panic_from(c.unit("Orcos negros"))


@needs_data
def test_regiments_of_renown_panic_rules():
    """MDNR Regimientos de Renombre: Krujemadrez "Desprecio": "Las unidades de tipo Pielverde
    que no sean Orcos Negros no causan pánico a los Krujemadrez" (Tipo "Orco negro"); Throg's
    "Desprecio" ("Los Hobgoblins que huyen sólo causan pánico en unidades de Hobgoblin y
    Goblin") is a rule of the panic's source (``flight_panics_only``); Asarnil's "Estoico"
    ("inmune a pánico provocado por miniaturas de tipo Elfo Oscuro. Si el chequeo de pánico
    debiera hacerse por varias fuentes y alguna de ellas no es de tipo Elfo Oscuro, la unidad
    no es Inmune a pánico") is Elwing's immunity while every enemy is a Dark Elf (his friends
    are never Dark Elves: the panic's cause is the enemy; test_army_rules_sight.py)."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    k = c.unit("Krujemadrez de Eeza Ugezod (Orcos y Goblins, Caos, Skaven, Reinos Ogros,"
               " Enanos del Caos, Condes Vampiro, Reyes Funerarios, Mercenarios)")
    assert k.race == "black_orc"
    assert k.no_panic_from == ("goblin", "hobgoblin", "orc", "snotling")
    throg = next(e.name for e in c.entries if e.name.startswith("Despojadores hobgoblin"))
    assert c.unit(throg).race == "hobgoblin" and "Desprecio" not in kinds(c, throg)
    assert c.unit(throg).flight_panics_only == ("goblin", "hobgoblin")
    asarnil = next(e.name for e in c.entries if e.name.startswith("Asarnil"))
    assert "Estoico" not in kinds(c, asarnil)
    assert c.unit(asarnil).no_panic_against == ("dark_elves",)
    elwing = next(e.name for e in c.entries if e.name.startswith("Guardia a caballo de Elwing"))
    assert c.unit(elwing).no_panic_against == ("dark_elves",)  # "luchan contra Elfos Oscuros"


@needs_data
def test_high_elves_estoicos():
    c = cat("MDNR_Altos_Elfos v4_5.cat")
    for name in ("Lanceros", "Espadachines", "Yelmos plateados"):
        u = c.unit(name)
        assert u.no_panic_against == ("dark_elves",) and "Estoicos" not in kinds(c, name)


# ----------------------------------------------------------------- names classified from the text


@needs_data
def test_dwarf_war_machine_crews_are_stubborn():
    """MDNR Enanos "Orgullo artillero": "Mientras la máquina de guerra no haya sido destruida,
    la dotación es Tozuda ... y nunca perseguirán" (war machines never pursue, RULES.md
    §4.3; the engine's war machine is destroyed with its last wound)."""
    c = cat("MDNR_Enanos v4_5.cat")
    for name in ("Cañón enano", "Lanzavirotes enano", "Cañón lanzallamas"):
        u = c.unit(name)
        assert u.troop_type == "war_machine" and u.has("stubborn"), name
        assert "Orgullo artillero" not in kinds(c, name)
    # the bolt thrower's shooting (6th rulebook p.124) has no effect in a close combat
    assert kinds(c, "Lanzavirotes enano").get("Lanzavirotes", "no_combat_effect") \
        == "no_combat_effect"


@needs_data
def test_shooting_of_war_machines_and_screamers_is_no_combat_effect():
    """Altos Elfos "Andanada": "6 disparos ... a 120cm"; Reinos del Caos "Ataque rasante":
    "Estos ataques se consideran como ataques de proyectiles a todos los efectos, pero
    realizados en la fase de movimiento"."""
    c = cat("MDNR_Altos_Elfos v4_5.cat")
    k = kinds(c, "Lanzavirotes garra de águila")
    assert k["Andanada"] == k["Lanzavirotes"] == "no_combat_effect"
    c = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    assert kinds(c, "Aulladores de Tzeentch")["Ataque rasante"] == "no_combat_effect"


# ----------------------------------------------------------------- effects on enemies in contact


def fighter(name, models=10, files=10, *, WS=3, S=3, T=3, Ld=7, special=(), **extra):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": 3, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)},
        **extra,
    })


def test_cloud_of_flies_costs_the_enemy_one_to_hit():
    """MDNR Reinos del Caos "Nube de moscas": "Toda unidad o miniatura enemiga, mientras esté
    en contacto peana con peana con una o más miniaturas con Nube de Moscas, tiene un
    penalizador de -1 a todas sus tiradas para impactar en combate cuerpo a cuerpo ... Las
    miniaturas con Nube de moscas son inmunes a las Nubes de moscas enemigas" (RULES.md §1.3).

    10 WS3 S3 models against WS3 T3: 4+ to hit (1/2), 4+ to wound; with the flies 5+ (1/3),
    so the first round's wounds are Binomial(10, 1/6) instead of Binomial(10, 1/4)."""
    from math import comb

    from conftest import assert_distribution

    from odds.combat.exact import first_round_exact
    from odds.combat.model import G_HIT, RANK_AND_FILE, build

    flies = fighter("Portadores de plaga", S=1, T=3, special=["cloud_of_flies"])
    for enemy, p, seed in ((fighter("F", S=1), 1 / 4, 41), (flies, 1 / 6, 42)):
        model = build(fighter("A", T=10), enemy, options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == (5 if p < 1 / 4 else 4)
        pmf = [comb(10, k) * p**k * (1 - p) ** (10 - k) for k in range(11)]
        exact = first_round_exact(model)["wounds"][0]
        assert max(abs(a - b) for a, b in zip(exact, pmf, strict=False)) < 1e-12
        out = simulate(model, N, seed)
        sim = first_round_shares(out, 0, N)
        assert_distribution(sim, pmf, N, what=f"wounds caused at p = {p:.3f}")
    # the flies are immune to enemy flies; their own to-hit stays 4+
    model = build(flies, flies.replace(name="B"), options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 4


def test_aura_of_slaanesh_lowers_the_leadership_in_contact():
    """MDNR Reinos del Caos "Aura de Slaanesh": "Todas las unidades y personajes enemigos en
    contacto peana con peana con uno o más Demonios con Aura de Slaanesh tienen un -1 a su
    Liderazgo, hasta un mínimo de 2" (RULES.md §3.2: the break test uses it).

    Neither side can wound (S1 against T10); the daemons win by their +3 bonus and the enemy
    (Ld 8) breaks when 2D6 > Ld - 3: 30/36 with the aura (Ld 7), 26/36 without."""
    from odds.combat.model import S_CHAMPION_LD, S_LD, build

    for aura, p_break, seed in ((True, 30 / 36, 43), (False, 26 / 36, 44)):
        daemons = fighter("D", S=1, T=10, special=["aura_of_slaanesh"] if aura else [])
        enemy = fighter("E", S=1, T=10, Ld=8, command={"champion": True})
        model = build(daemons, enemy, SideOptions(static_bonus=3),
                      options=CombatOptions(max_rounds=1, musician_tiebreak=False))
        assert (model.sides[1, S_LD], model.sides[1, S_CHAMPION_LD]) == (
            (7, 7) if aura else (8, 8))
        assert model.sides[0, S_LD] == 7  # the aura's carriers are not touched
        check_first_round_break(model, 1, p_break, seed, f"enemy breaks (aura {aura})")
    low = fighter("L", S=1, T=10, Ld=2)
    model = build(fighter("D", special=["aura_of_slaanesh"]), low)
    assert model.sides[1, S_LD] == 2  # "hasta un mínimo de 2"


@needs_data
def test_daemonettes_and_nurglings_from_the_catalogue():
    """Spot checks, MDNR Reinos del Caos: Demonios.  "Diablilla": M12 HA4 HP0 F4 R3 H1 I5 A2
    L8, "Infantería, Demonio, Caos, Slaanesh", with "Aura de Slaanesh"; "Enjambre de
    nurgletes": M10 HA3 HP0 F3 R3 H4 I2 A4 L8, "Enjambre, Demonio, Caos, Nurgle", with
    "Nube de moscas" (both also "Demonio": fear, immune to psychology, daemonic aura,
    magic attacks, daemonic instability)."""
    from odds.units import Profile

    c = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    d = c.unit("Diablillas de Slaanesh")
    assert d.profile == Profile(M=12, WS=4, BS=0, S=4, T=3, W=1, I=5, A=2, Ld=8)
    assert d.has("aura_of_slaanesh") and d.has("daemonic_instability")
    assert not [i for i in c.report.for_unit(d.name) if i.kind in ("ignored", "approximated")]
    n = c.unit("Nurgletes")
    assert n.profile == Profile(M=10, WS=3, BS=0, S=3, T=3, W=4, I=2, A=4, Ld=8)
    assert n.troop_type == "swarm" and n.has("cloud_of_flies") and n.has("fear")
    assert "Nube de moscas" not in kinds(c, n.name)


# ----------------------------------------------------------------- pikes


def pikemen(models=4, files=1, **kw):
    return fighter("Piqueros", models, files, equipment={"weapon": "pike",
                                                         "armour_save_override": 7}, **kw)


def test_pikes_fight_in_four_ranks_three_on_the_charge():
    """MDNR Mercenarios "Pica": "Lucha en cuatro filas. Es decir, luchan con 3 filas si
    cargan, y luchan con 4 filas en su frontal cuando no cargan" (RULES.md §1.1 ranks)."""
    from odds import rules

    assert rules.fighting_ranks("pike", charged=False) == 4
    assert rules.fighting_ranks("pike", charged=True) == 3
    with pytest.raises(OddsInputError, match="for models on foot"):
        unit_from_dict({**pikemen().to_dict(), "troop_type": "cavalry"})


@pytest.mark.parametrize("charger_type, face, braced, p_wound", [
    # braced: 4 pikes strike first at 1/4 each (4+ to hit, 4+ to wound), the lone charger
    # strikes back only if it lives: (3/4)^4 * 1/4 = 81/1024
    ("infantry", "front", True, 81 / 1024),
    # against cavalry S+1: 4+ to hit, 3+ to wound = 1/3 each: (2/3)^4 * 1/4 = 4/81
    ("cavalry", "front", True, 4 / 81),
    # charged in the flank: "Si la carga es por flanco o retaguardia no se aplica ninguna de
    # estas reglas" -- the charger strikes first (RULES.md §1.2) and wounds with 1/4
    ("cavalry", "flank", False, 1 / 4),
])
def test_pikes_receiving_a_charge(charger_type, face, braced, p_wound):
    """MDNR Mercenarios "Pica", "Recepción de carga": charged in their front, pikes "Siempre
    atacan primero en el primer turno de combate cuerpo a cuerpo, antes de las miniaturas
    que cargan" and "suman un +1 a la Fuerza ... en el turno en que reciban una carga por
    parte de unidades de tipo Caballería, Carros o Monstruos".

    One WS3 S3 T3 W1 charger against four pikemen in one file (four ranks fight to the
    front): the wounds the charger causes in the first round, exact and simulated."""
    from conftest import assert_distribution

    from odds.combat.exact import first_round_exact
    from odds.combat.model import BRACED_KEY, G_KEY, G_RANKS, G_WOUND, RANK_AND_FILE, build

    charger = fighter("C", 1, 1).replace(troop_type=charger_type)
    model = build(charger, pikemen(), options=CombatOptions(max_rounds=1, attacker_face=face))
    row = model.groups[1, 0, RANK_AND_FILE, 0]
    assert row[G_RANKS] == 4 and (row[G_KEY] == BRACED_KEY) == braced
    assert row[G_WOUND] == (3 if charger_type == "cavalry" and braced else 4)
    assert model.groups[1, 0, RANK_AND_FILE, 1, G_KEY] != BRACED_KEY  # first round only
    exact = first_round_exact(model)["wounds"][0]
    assert abs(exact[1] - p_wound) < 1e-12
    out = simulate(model, N, 45)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, [1 - p_wound, p_wound], N, what="wounds caused by the charger")


def test_pikes_that_charge_are_not_braced():
    from odds.combat.model import BRACED_KEY, G_KEY, G_RANKS, RANK_AND_FILE, build

    model = build(pikemen(), fighter("D", 1, 1), options=CombatOptions(max_rounds=1))
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert row[G_RANKS] == 3 and row[G_KEY] != BRACED_KEY


@needs_data
def test_pikemen_from_the_catalogues():
    """Spot checks: MDNR Mercenarios "Piquero": M10 HA3 HP3 F3 R3 H1 I3 A1 L7, TSA 6+ (light
    armour), "Pica"; Regimientos de Renombre "Piquero Alcatani": HA2 HP2."""
    from odds.units import Profile

    c = cat("MDNR_Mercenarios v5.cat")
    p = c.unit("Piqueros")
    assert p.profile == Profile(M=10, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)
    assert p.equipment.weapon == "pike" and p.equipment.armour == "light"
    assert "Pica" not in kinds(c, p.name)
    r = cat("MDNR_Regimientos_de_Renombre v5.cat")
    a = next(e.name for e in r.entries if e.name.startswith("Compañía Alcatani"))
    assert r.unit(a).equipment.weapon == "pike" and r.unit(a).profile.WS == 2
    assert not [i for i in r.report.for_unit(a) if i.kind in ("ignored", "approximated")]


# ----------------------------------------------------------------- goblins' fear of elves


def _goblin(models, **kw):
    return fighter("Goblins", models, models, S=1, T=10, army="orcs_and_goblins",
                   race="goblin", special=["fears_elves"], **kw)


def test_goblins_fear_elves_they_do_not_outnumber():
    """MDNR Orcos y Goblins "Miedo a los orejotaz": "las unidades de tipo Goblin tienen Miedo
    de las unidades de tipo Elfo, a no ser que su potencia de unidad sea del doble o más" --
    broken by the elves' greater unit strength (RULES.md §3.2 step 3, fear auto-break).

    Nobody can wound; the elves (10, US 10) win by +1 static and +1 outnumbering, so five
    goblins (Ld 7) break on 2D6 > 5 (26/36), or always when they fear the elves."""
    from odds.combat.model import S_ELF, S_FEARS_ELVES, build

    for army, p_break, seed in (("high_elves", 1.0, 46), ("empire", 26 / 36, 47)):
        enemy = fighter("E", 10, 10, S=1, T=10, army=army)
        model = build(_goblin(5), enemy, d_opts=SideOptions(static_bonus=1),
                      options=CombatOptions(max_rounds=1, charger="none"))
        assert model.sides[0, S_FEARS_ELVES] == 1
        assert model.sides[1, S_ELF] == (army == "high_elves")
        check_first_round_break(model, 0, p_break, seed, f"goblins break (against {army})")


def test_goblins_count_their_friends_in_the_combat():
    """"Miedo a los orejotaz": "una unidad de 20 Goblins sufrirá miedo de una unidad de 10
    Elfos ... Si fueran 21 Goblins ya superarían el doble"; "Para calcular la potencia de
    unidad de los Goblins no tengas en mente sólo los Goblins sino todas las miniaturas amigas
    (... otras unidades trabadas en el mismo combate)".

    Five goblins and an unbreakable friend of 15 (20 in all, side 0) against 10 elves: the
    goblins fear them and, with less unit strength than the elves, break outright; with a
    friend of 16 (21) they do not fear and break on 2D6 > 5 (elves +3 static, goblins' side
    +1 outnumbering)."""
    for friend, p_break, seed in ((15, 1.0, 48), (16, 26 / 36, 49)):
        orcs = fighter("Orcos", friend, friend, S=1, T=10, special=["unbreakable"],
                       army="orcs_and_goblins", race="orc")
        elves = fighter("E", 10, 10, S=1, T=10, army="high_elves")
        model = build_units([_goblin(5), orcs, elves], [0, 0, 1],
                            [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)], [False, False, False],
                            [None, None, SideOptions(static_bonus=3)],
                            CombatOptions(max_rounds=1))
        out = simulate(model, N, seed)
        broke = (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / N
        assert_mc(broke, p_break, N, what=f"goblins break (friend of {friend})")


def test_goblins_test_fear_of_elves_at_the_charge():
    """"Miedo a los orejotaz" at the charge (RULES.md §3.3): "una unidad de 20 Goblins sufrirá
    miedo de una unidad de 10 Elfos (y, por ejemplo, si quiere cargar tendrá que chequear
    Miedo)"; 21 do not test; nor do goblins against men."""
    from odds.combat.model import F_CHARGER_LD, F_TARGET_LD, build

    elves = fighter("E", 10, 10, army="dark_elves")
    for models, enemy, tests in ((20, elves, True), (21, elves, False),
                                 (20, fighter("H", 10, 10, army="empire"), False)):
        charging = build(_goblin(models, Ld=6), enemy, options=CombatOptions(distance=5))
        charged = build(enemy, _goblin(models, Ld=6), options=CombatOptions(distance=5))
        assert charging.flags[F_CHARGER_LD] == (6 if tests else 0), models
        assert charged.flags[F_TARGET_LD] == (6 if tests else 0), models
        assert charging.flags[F_TARGET_LD] == charged.flags[F_CHARGER_LD] == 0


@needs_data
def test_goblins_fear_elves_from_the_catalogues():
    """Orcos y Goblins "Goblins", "Jinetez de lobo"; Enanos del Caos "Esclavos goblin";
    Regimientos de Renombre "Guardia goblin de Grom" ("Las miniaturas de tipo Elfo causan
    Miedo a los Goblin a no ser que los dupliquen en número"): goblins with the rule."""
    from odds.units import Profile

    c = cat("MDNR_Orcos_y_Goblins v4_5.cat")
    g = c.unit("Goblins")
    assert g.profile == Profile(M=10, WS=2, BS=3, S=3, T=3, W=1, I=2, A=1, Ld=6)
    assert g.race == "goblin" and g.has("fears_elves")
    assert not [i for i in c.report.for_unit(g.name) if i.kind in ("ignored", "approximated")]
    assert c.unit("Jinetez de lobo").has("fears_elves")
    assert not c.unit("Guerreros orcos").has("fears_elves")
    assert cat("MDNR_Enanos_del_Caos v4_5.cat").unit("Esclavos goblin").has("fears_elves")
    r = cat("MDNR_Regimientos_de_Renombre v5.cat")
    grom = next(e.name for e in r.entries if e.name.startswith("Guardia goblin de Grom"))
    assert r.unit(grom).has("fears_elves") and r.unit(grom).race == "goblin"


# ----------------------------------------------------------------- steeds' charge bonus


@pytest.mark.parametrize("charger, p_wound", [
    # charging: one boar attack, 4+ to hit (WS3 v WS3), S3+2 = 5 against T3 wounds on 2+
    ("attacker", 1 / 2 * 5 / 6),
    # charged: S3 against T3, 4+
    ("defender", 1 / 2 * 1 / 2),
])
def test_empalar_steeds_strike_harder_on_the_charge(charger, p_wound):
    """MDNR Orcos y Goblins "Empalar" (on the boar, "Jabalí"): "F+2 en carga" (RULES.md §1.4
    to wound).  A rider with no attacks of its own on one boar against a WS3 T3 model with no
    save: the boar's wounds in the first round, exact and simulated; the bonus is gone in the
    second round."""
    from conftest import assert_distribution

    from odds.combat.exact import first_round_exact
    from odds.combat.model import G_WOUND, MOUNT, build
    from odds.units import MountProfile, Profile

    rider = fighter("Jinete", 1, 1).replace(
        troop_type="cavalry", profile=Profile(M=18, WS=3, BS=3, S=3, T=10, W=1, I=2, A=0, Ld=7),
        mount=MountProfile(WS=3, S=3, I=3, A=1, charge_bonus=2))
    model = build(rider, fighter("D", 1, 1, T=3), options=CombatOptions(max_rounds=1,
                                                                        charger=charger))
    assert model.groups[0, 1, MOUNT, 0, G_WOUND] == (2 if charger == "attacker" else 4)
    assert model.groups[0, 1, MOUNT, 1, G_WOUND] == 4  # later rounds
    exact = first_round_exact(model)["wounds"][0]
    assert abs(exact[1] - p_wound) < 1e-12
    out = simulate(model, N, 50 if charger == "attacker" else 51)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, [1 - p_wound, p_wound], N, what=f"boar wounds ({charger} charges)")
    assert unit_from_dict(rider.to_dict()) == rider
    assert "charge_bonus" not in fighter("X").replace(
        troop_type="cavalry", mount=MountProfile(WS=3, S=3, I=3, A=1)).to_dict()["mount"]


@needs_data
def test_boar_riders_from_the_catalogue():
    """Spot check, MDNR Orcos y Goblins "Jinetez de jabalí": orc M10 HA3 HP3 F3 R4 H1 I2 A1 L7
    on a "Jabalí" HA3 F3 I3 A1 with "Empalar" ("F+2 en carga"); "En el ejército debe haber
    igual o más jinetes de jabalí no grandotes" is army composition.  The Reinos del Caos
    tuskgor chariot's "Empalar" ("Los Tuskgors tienen colmillos con la regla Empalar (F+2 en
    carga)") goes to its two steeds, "Tuskgor" M18 HA3 F3 I2 A1 (read as the chariot's steeds
    since the chariot import takes the profile with a move and no T/W as the steed)."""
    from odds.units import MountProfile

    c = cat("MDNR_Orcos_y_Goblins v4_5.cat")
    for name in ("Jinetez de jabalí", "Jinetez de jabalí grandotez"):
        u = c.unit(name)
        assert u.mount == MountProfile(WS=3, S=3, I=3, A=1, count=1, charge_bonus=2), name
        assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")]
    b = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    assert b.unit("Carro de tuskgors").mount == MountProfile(WS=3, S=3, I=2, A=1, count=2,
                                                             charge_bonus=2)
    assert "Empalar" not in kinds(b, "Carro de tuskgors")


# ----------------------------------------------------------------- random attacks (§1.6)


def _binom(n, p, k):
    from math import comb

    return comb(n, k) * p**k * (1 - p) ** (n - k) if 0 <= k <= n else 0.0


def _random_attackers(models, expr):
    return fighter("R", models, models, T=10).replace(random_attacks=expr)


@pytest.mark.parametrize("models, expr, rolls", [
    # one model, D6 attacks: 1..6 each 1/6
    (1, "d6", {r: 1 / 6 for r in range(1, 7)}),
    # two models, D3+1 each, one roll for the unit: 2, 3 or 4 attacks each, 1/3 each
    (2, "d3+1", {2: 1 / 3, 3: 1 / 3, 4: 1 / 3}),
])
def test_random_attacks_one_roll_per_unit(models, expr, rolls):
    """MDNR gst "Ataques aleatorios (X)": "Lanza un dado (1D3, 1D6, según X) al inicio de cada
    fase de combate para determinar el atributo de Ataques ... En caso de unidades con
    Ataques aleatorios, todos tendrán el mismo número de ataques" (RULES.md §1.6).

    WS3 S3 against WS3 T3 with no save: each attack wounds with 1/4, so the first round's
    wounds are the mixture over the roll r of Binomial(models * r, 1/4); exact first round
    and kernel against it."""
    from conftest import assert_distribution

    from odds.combat.exact import first_round_exact
    from odds.combat.model import S_RA_DICE, S_RA_SIDES, build

    model = build(_random_attackers(models, expr), fighter("D", 20, 20),
                  options=CombatOptions(max_rounds=1))
    assert (model.sides[0, S_RA_DICE], model.sides[0, S_RA_SIDES]) == (1, int(expr[1]))
    pmf = [sum(w * _binom(models * r, 1 / 4, k) for r, w in rolls.items())
           for k in range(models * max(rolls) + 1)]
    exact = first_round_exact(model)["wounds"][0]
    assert max(abs(a - b) for a, b in zip(exact, pmf, strict=False)) < 1e-12
    assert abs(sum(exact[len(pmf):])) < 1e-12
    out = simulate(model, N, 52 + models)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what=f"wounds of {models} model(s) with {expr} attacks")


def test_random_attacks_are_rolled_again_each_round():
    """"al inicio de cada fase de combate": a new roll each round.  One D6-attack model for
    two rounds against 20 WS3 T3 models, both unbreakable: the wounds are the sum of two
    independent D6 mixtures (the same roll twice would give Binomial(2r, 1/4))."""
    import numpy as np

    one = np.array([sum(_binom(r, 1 / 4, k) for r in range(1, 7)) / 6 for k in range(7)])
    two = np.convolve(one, one)
    d = fighter("D", 20, 20, special=["unbreakable"])
    r = _random_attackers(1, "d6").replace(special=("unbreakable",))  # both hold
    model = build_units([r, d],
                        [0, 1], [(0, 1, FRONT, FRONT)], [True, False], [None, None],
                        CombatOptions(max_rounds=2))
    out = simulate(model, N, 55)
    from conftest import assert_distribution

    sim = {20 - k: c / N for k, c in enumerate(out["surv"][1]) if c}
    assert_distribution(sim, list(two), N, what="wounds in two rounds")


def test_random_attacks_validated_and_round_trip():
    u = _random_attackers(3, "2d6")
    assert unit_from_dict(u.to_dict()) == u and u.to_dict()["rules"]["random_attacks"] == "2d6"
    with pytest.raises(OddsInputError, match=r"random_attacks: must be"):
        _random_attackers(1, "d4")


@needs_data
def test_random_attacks_from_the_catalogues():
    """Spot checks, MDNR Reinos del Caos: "Engendro del Caos" M 5D6 HA3 HP0 F4 R5 H3 I2 A "1D6+1"
    L10 with "Ataques aleatorios (1D6+1)"; "Malditos" A "1D3" with "Ataques aleatorios (1D3)".
    Condes Vampiro "Trono del aquelarre": the rule belongs to the "Horda de espíritus" (A
    "1D6") pulling it: the steeds' random attacks (MountProfile.random_attacks), not the
    crew's."""
    b = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    spawn = b.unit("Engendro del Caos")
    assert spawn.random_attacks == "d6+1" and spawn.profile.A == 4
    assert (spawn.profile.WS, spawn.profile.S, spawn.profile.T, spawn.profile.W) == (3, 4, 5, 3)
    assert "Ataques aleatorios (1D6+1)" not in kinds(b, spawn.name)
    assert "Engendro del Caos A" not in kinds(b, spawn.name)
    m = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    assert m.unit("Malditos").random_attacks == "d3"
    v = cat("MDNR_Condes_Vampiro_v5.cat")
    throne = v.unit("Trono del aquelarre")
    assert not throne.random_attacks and throne.mount.random_attacks == "d6"
    assert kinds(v, "Trono del aquelarre")["Ataques aleatorios (1D6)"] == "note"


# ----------------------------------------------------------------- the ogres' charge


def _ogres(models, files, S=4):
    from odds.units import Profile

    return fighter("Ogros", models, files).replace(
        troop_type="monstrous_infantry", army="dogs_of_war", race="ogre",
        profile=Profile(M=15, WS=3, BS=2, S=S, T=10, W=3, I=2, A=0, Ld=7),
        special=("ogre_charge",))


def test_arremetida_strength_and_conditions():
    """MDNR Mercenarios "Arremetida": "Toda unidad formada por 3 o más miniaturas de tipo Ogro
    (incluyendo personajes) que declare carga, si todas las miniaturas mueven al menos 15cm,
    causan un impacto por carga por cada miniatura que se trabe ... La fuerza del impacto
    será igual al atributo de Fuerza básico del ogro, +1 por cada miniatura tipo Ogro
    directamente tras él"."""
    from odds.combat.model import ogre_charge_strength

    assert ogre_charge_strength(_ogres(3, 3), [], 15) == 4
    assert ogre_charge_strength(_ogres(3, 3), [], 14.9) == 0  # "al menos 15cm"
    assert ogre_charge_strength(_ogres(2, 2), [], 20) == 0  # "3 o más"
    ogre_hero = _ogres(1, 1).replace(special=())
    assert ogre_charge_strength(_ogres(2, 2), [ogre_hero], 20) == 4  # "incluyendo personajes"
    assert ogre_charge_strength(_ogres(2, 2), [fighter("Humano", 1, 1)], 20) == 0
    assert ogre_charge_strength(_ogres(6, 3), [], 15) == 5  # one ogre behind each
    assert ogre_charge_strength(_ogres(9, 3), [], 15) == 6
    assert ogre_charge_strength(_ogres(7, 3), [], 15) == 5  # an incomplete rank: not counted
    assert ogre_charge_strength(_ogres(3, 3).replace(special=()), [], 20) == 0


@pytest.mark.parametrize("models, distance, p_wound", [
    (3, 15, 2 / 3),  # S4 against T3: 3+
    (6, 15, 5 / 6),  # S4 +1 (one ogre behind each): 2+
    (3, 10, 0.0),  # a 10 cm charge: no impact hits
])
def test_arremetida_impact_hits(models, distance, p_wound):
    """"Arremetida" (RULES.md §1.6 impact hits): three ogres in front (40 mm bases against
    20 mm: all three in contact) charge ten T3 models with no save; the ogres have no
    attacks of their own, so the first round's wounds are Binomial(3, p), exact and
    simulated."""
    from conftest import assert_distribution

    from odds.combat.exact import first_round_exact
    from odds.combat.model import G_ACTIVE, G_WOUND, IMPACT, build

    model = build(_ogres(models, 3), fighter("D", 10, 10),
                  options=CombatOptions(max_rounds=1, distance=distance))
    row = model.groups[0, 1, IMPACT, 0]
    assert row[G_ACTIVE] == (p_wound > 0) and model.groups[0, 1, IMPACT, 1, G_ACTIVE] == 0
    pmf = [_binom(3, p_wound, k) for k in range(4)]
    if p_wound:
        assert row[G_WOUND] == (3 if p_wound < 0.8 else 2)
    exact = first_round_exact(model)["wounds"][0]
    assert max(abs(a - b) for a, b in zip(exact, pmf, strict=False)) < 1e-12
    out = simulate(model, N, 56 + models + distance)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what=f"impact wounds of {models} ogres")


@needs_data
def test_ogres_from_the_catalogues():
    """Spot checks: Mercenarios "Ogros toro" M15 HA3 HP2 F4 R4 H3 I2 A3 L7, Imperio "Ogros
    imperiales", both with "Arremetida"."""
    from odds.units import Profile

    c = cat("MDNR_Mercenarios v5.cat")
    o = c.unit("Ogros toro")
    assert o.profile == Profile(M=15, WS=3, BS=2, S=4, T=4, W=3, I=2, A=3, Ld=7)
    assert o.has("ogre_charge") and "Arremetida" not in kinds(c, o.name)
    assert not [i for i in c.report.for_unit(o.name) if i.kind in ("ignored", "approximated")]
    assert cat("MDNR_Imperio v4_5.cat").unit("Ogros imperiales").has("ogre_charge")


# ----------------------------------------------------------------- beastmen herds


def test_herd_rank_bonus_is_at_most_two():
    """MDNR Reinos del Caos: Bestias "La manada en combate": "pueden aplicar bonificador por
    filas de hasta +2. Es decir, una unidad formada por una primera fila de cinco Gors delante
    y quince Ungor detrás, tendría un +2" (RULES.md §2.2 gives twenty in fives +3).

    Nobody can wound; the twenty (+2 ranks, or +3 without the rule, +1 outnumbering) beat
    five of Ld 7, who break on 2D6 > 4 (30/36), or > 3 (33/36) against ranked troops."""
    from odds.combat.model import S_RANK_MAX, build

    for herd, p_break, seed in ((True, 30 / 36, 60), (False, 33 / 36, 61)):
        h = fighter("Manada", 20, 5, S=1, T=10, special=["herd"] if herd else [])
        assert h.rank_bonus == (2 if herd else 3)
        model = build(h, fighter("E", 5, 5, S=1, T=10),
                      options=CombatOptions(max_rounds=1, charger="none"))
        assert model.ranks[0, 20] == (2 if herd else 3)
        assert model.sides[0, S_RANK_MAX] == (2 if herd else 3)
        check_first_round_break(model, 1, p_break, seed, f"enemy breaks (herd {herd})")


def test_herd_on_a_flank_cancels_no_ranks():
    """"La manada cargando": "la Manada es Hostigadora (aunque tenga filas), por lo que no anula
    filas a unidades enemigas cargadas por el flanco o la retaguardia" (RULES.md §2.2: a US >= 5
    unit in the flank cancels them otherwise).

    Five (US 5) charge the flank of twenty in fives; nobody can wound.  The herd: +1 flank
    against +3 ranks and +1 outnumbering, it loses by 3 and breaks on 2D6 > 4 (Ld 7; 30/36).
    Ranked troops in its place cancel the ranks: +1 against +1, a draw, nobody breaks."""
    from odds.combat.model import build

    for herd, p_break, seed in ((True, 30 / 36, 62), (False, 0.0, 63)):
        h = fighter("Manada", 5, 5, S=1, T=10, special=["herd"] if herd else [])
        model = build(h, fighter("E", 20, 5, S=1, T=10),
                      options=CombatOptions(max_rounds=1, attacker_face="flank",
                                            charge_tests=False))
        check_first_round_break(model, 0, p_break, seed, f"the flanker breaks (herd {herd})")


@needs_data
def test_herds_from_the_catalogues():
    """Spot checks, MDNR Reinos del Caos: Bestias "Manada de bestias (gor)": "Gor" M12 HA4 HP3
    F3 R4 H1 I3 A1 L6 with two hand weapons; "(ungor)": "Ungor" HA3 R3; both with the three
    herd rules (and "Creación de la manada", army composition)."""
    from odds.units import Profile

    c = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    g = c.unit("Manada de bestias (gor)")
    assert g.profile == Profile(M=12, WS=4, BS=3, S=3, T=4, W=1, I=3, A=1, Ld=6)
    assert g.has("herd") and g.equipment.weapon == "additional_hand_weapon"
    u = c.unit("Manada de bestias (ungor)")
    assert u.has("herd") and (u.profile.WS, u.profile.T) == (3, 3)
    for name in (g.name, u.name):
        assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")]
    mixed = kinds(c, "Manada de bestias (mixta)")
    assert "La manada en combate" not in mixed and mixed["Ungor"] == "ignored"  # two profiles


# ----------------------------------------------------------------- pursuit


def test_bloodgreed_pursues_eight_dice():
    """MDNR Reinos del Caos "Ansia de sangre": "persigue 8D6cm en vez de 5D6cm" (RULES.md §4.3:
    the fleer is caught when the pursuit roll reaches its flight roll).

    Nobody can wound; M10 infantry win by +5 static against Ld 2, who always break and flee
    5D6: caught with P(8D6 >= 5D6), or P(5D6 >= 5D6) without the rule."""

    from odds.combat.model import S_FLEE_DICE, S_PURSUE_DICE, build

    def p_catch(k):
        return p_ge(sum_pmf(k), sum_pmf(5))

    for greed, seed in ((True, 64), (False, 65)):
        m = fighter("Minotauros", 3, 3, S=1, T=10, special=["bloodgreed"] if greed else [])
        model = build(m, fighter("E", 5, 5, S=1, T=10, Ld=2), SideOptions(static_bonus=5),
                      options=CombatOptions(max_rounds=1, charger="none"))
        assert model.sides[0, S_FLEE_DICE] == 5  # it still flees 5D6
        assert model.sides[0, S_PURSUE_DICE] == (8 if greed else 5)
        out = simulate(model, N, seed)
        assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N  # always breaks
        assert_mc(out["status"][1, CAUGHT] / N, p_catch(8 if greed else 5), N,
                  what=f"fleers caught (bloodgreed {greed})")


@needs_data
def test_minotaurs_from_the_catalogue():
    """Spot check, MDNR Reinos del Caos: Bestias "Minotauro": M15 HA4 F4 R4 H3 I4 A3 L8 with
    "Ansia de sangre"."""
    c = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    name = next(e.name for e in c.entries if e.name.startswith("Minotauros"))
    u = c.unit(name)
    assert u.has("bloodgreed") and "Ansia de sangre" not in kinds(c, name)
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 4, 4, 4, 3, 4, 3, 8)


@needs_data
def test_capa_is_a_close_combat_armour():
    """MDNR Regimientos de Renombre, Asesinos de Véspero "Capa": "Proporciona una Tirada de
    salvación por armadura de 6+ en combate cuerpo a cuerpo (no tiene ningún efecto contra
    disparos o hechizos)" (RULES.md §1.5: light armour's 6+); "Duelista de Véspero": M10 HA4
    HP3 F3 R3 H1 I4 A1 L7, skirmishers with two hand weapons."""
    from odds.units import Profile

    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    for name in (e.name for e in c.entries if e.name.startswith("Asesinos de Véspero")):
        u = c.unit(name)
        assert u.profile == Profile(M=10, WS=4, BS=3, S=3, T=3, W=1, I=4, A=1, Ld=7)
        assert u.equipment.armour == "light" and u.armour_save == 6 and u.has("skirmishers")
        # the capes are modelled; Véspero's fixed magic item "La Máscara de la Muerte"
        # ("Véspero causa Miedo": the leader alone causes fear) is his own rule
        assert [i.item for i in c.report.for_unit(name)
                if i.kind in ("ignored", "approximated")] == []
        assert u.champion_special == ("fear",) and not u.causes_fear
