"""Army-book rules of issue 11 (army13): rules of one part of a model, auras, rules read.

Catalogue checks are written by hand from the rule descriptions and profiles in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the
exact first round and the kernel with probabilities worked out by hand, at z = 5 with a
fixed seed (``RULES.md`` sections cited per test).
"""

from __future__ import annotations

import pytest
from conftest import (
    binomial,
    cat,
    check_first_round,
    check_first_round_break,
    clean,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.model import (
    CHAMPION,
    CREW,
    FRONT,
    G_ATTACKS,
    G_HIT,
    G_MW,
    G_WARD,
    G_WOUND,
    MOUNT,
    RANK_AND_FILE,
    CombatOptions,
    SideOptions,
    build,
    build_units,
)
from odds.units import MountProfile, Profile

N = 200_000
ORCS = "MDNR_Orcos_y_Goblins v4_5.cat"
TOMB = "MDNR_Reyes_Funerarios v5.cat"
EMPIRE = "MDNR_Imperio v4_5.cat"


fighter = infantry  # conftest: plain infantry of one-wound models


# ----------------------------------------------------------------- riders' own rules


def test_riders_magic_attacks_stay_off_their_steeds():
    """MDNR Reyes Funerarios (Caballeros de la Necrópolis) "Ataques mágicos (sólo Caballero y
    Capitán)": the riders' blows are magical (Demonios "Aura demoníaca": "5+, pero no puede
    efectuarse contra ataques mágicos"; gst "Etéreos": only magic attacks wound them), the
    Necrosierpe's (``mundane_attacks``) are not.

    One knight whose rider cannot attack (A0) on a steed WS3 S5 A2 against a WS3 T3 daemon:
    hits on 4+, wounds on 2+, no armour, the aura's 5+ ward: p = 1/2 * 5/6 * 2/3 = 5/18 per
    attack, Binomial(2, 5/18); a steed sharing the riders' magic: 1/2 * 5/6 = 5/12."""
    steed = MountProfile(WS=3, S=5, I=3, A=2, special=("mundane_attacks",))
    knight = fighter("Caballero", 1, 1, T=10, special=["magic_attacks"]).replace(
        troop_type="cavalry", mount=steed,
        profile=Profile(M=18, WS=4, BS=3, S=4, T=10, W=3, I=1, A=0, Ld=8))
    daemon = fighter("Demonio", 5, 5, T=3, special=["daemonic_aura"])
    ghost = fighter("Espectro", 1, 1, T=3, special=["ethereal"])
    opts = CombatOptions(max_rounds=1, charger="defender")
    model = build(knight, daemon, options=opts)
    armed = knight.replace(profile=knight.profile.replace(A=2))
    groups = build(armed, daemon, options=opts).groups
    assert groups[0, 1, MOUNT, 0, G_WARD] == 5
    assert groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 7
    ghosts = build(armed, ghost, options=opts).groups
    assert ghosts[0, 1, MOUNT, 0, G_WOUND] == 7  # the steed cannot wound the ethereal
    assert ghosts[0, 1, RANK_AND_FILE, 0, G_WOUND] == 3  # S4 against T3
    check_first_round(model, binomial(2, 5 / 18), 1301, "necrosierpe on a daemon")
    shared = knight.replace(mount=steed.replace(special=()))
    check_first_round(build(shared, daemon, options=opts), binomial(2, 5 / 12), 1302,
                      "a steed sharing its rider's magic attacks")


@needs_data
def test_necropolis_knights_from_the_catalogue():
    """Spot check against the XML (Reyes Funerarios "Caballeros de la Necrópolis"):
    "Caballero de la Necrópolis" HA4 HP3 F4 R4 H3 I3 A2 L8 TSA 3+, "Capitán de la
    Necrópolis" A3, "Necrosierpe" M18 HA3 F5 I3 A2 (Tipo "Caballería monstruosa, Constructo,
    No Muerto."); "Ataques envenenados (solo Necrosierpe)" (the serpent's, 6+), "Golpe letal
    (solo jinete)" (the engine's killing blow is the rider's alone) and "Ataques mágicos
    (sólo Caballero y Capitán)"."""
    c = cat(TOMB)
    name = "Caballeros de la Necrópolis"
    u = c.unit(name, command="full")
    assert u.profile == Profile(M=18, WS=4, BS=3, S=4, T=4, W=3, I=3, A=2, Ld=8)
    assert u.champion_profile.A == 3
    assert u.mount == MountProfile(WS=3, S=5, I=3, A=2, poisoned=6,
                                   special=("mundane_attacks",))
    assert u.has("killing_blow") and u.has("magic_attacks") and u.poisoned == 0
    assert u.has("immune_to_killing_blow")  # monstrous cavalry: not man-sized
    assert clean(c, name)
    daemon = fighter("Demonio", 5, 5, special=["daemonic_aura"])
    groups = build(u, daemon).groups
    assert groups[0, 1, RANK_AND_FILE, 0, G_WARD] == groups[0, 1, CHAMPION, 0, G_WARD] == 7
    assert groups[0, 1, MOUNT, 0, G_WARD] == 5


@needs_data
def test_spider_riders_poison_is_the_spiders():
    """Orcos y Goblins "Jinetez de araña": "Ataques envenenados (solo la araña)" on the
    "Araña gigante" M18 HA3 F3 I3 A1 (the rider "Jinete de araña" HA2 F3 R3 I2 A1 L6 is not
    poisoned); "Cruzar todo salvo impasables y acuáticos" is movement."""
    c = cat(ORCS)
    u = c.unit("Jinetez de araña")
    assert u.mount == MountProfile(WS=3, S=3, I=3, A=1, poisoned=6)
    assert u.profile == Profile(M=18, WS=2, BS=3, S=3, T=3, W=1, I=2, A=1, Ld=6)
    assert u.poisoned == 0
    assert kinds(c, "Jinetez de araña")["Cruzar todo salvo impasables y acuáticos"] \
        == "no_combat_effect"
    assert clean(c, "Jinetez de araña")


# ----------------------------------------------------------------- auras


def test_battle_omens_hit_at_plus_one():
    """MDNR Imperio (Huracanum celestial) "Portentos de batalla": friends within 15 cm
    "(incluidos los Acólitos y las monturas) tienen un +1 a todas sus tiradas para impactar"
    (RULES.md §1.3: WS3 against WS3 hits on 4+, 3+ with the omens; a 1 always misses).

    Five WS3 S3 attackers (one rank, charging) against T3 with no save: 3+ to hit, 4+ to
    wound: p = 2/3 * 1/2 = 1/3, Binomial(5, 1/3); a friend of the Huracanum in the combat
    hits likewise.  With an enemy at -1 to hit ("Trolls biliosos") the two cancel."""
    omen = fighter("Acólitos", 5, 5, special=["battle_omens"])
    target = fighter("Objetivo", 10, 5, I=1, T=3)
    opts = CombatOptions(max_rounds=1)
    model = build(omen, target, options=opts)
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 3
    check_first_round(model, binomial(5, 1 / 3), 1303, "battle omens")
    plain = build(omen.replace(special=()), target, options=opts)
    assert plain.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 4
    trolls = target.replace(special=("hard_to_hit",))
    assert build(omen, trolls, options=opts).groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 4
    # WS3 against WS10: 5+, 4+ with the omens; against WS0 automatic hits stay automatic
    masters = target.replace(profile=target.profile.replace(WS=10))
    assert build(omen, masters, options=opts).groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 4
    # a friend in the combat (two units against one): it hits at +1 too; the enemy not
    friend = fighter("Amigos", 5, 5)
    multi = build_units([omen, friend, target], [0, 0, 1],
                        [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)], [True, True, False],
                        [None] * 3, options=opts)
    assert multi.groups[1, 2, RANK_AND_FILE, 0, G_HIT] == 3
    assert multi.groups[2, 1, RANK_AND_FILE, 0, G_HIT] == 4


@needs_data
def test_huracanum_and_luminarca_from_the_catalogue():
    """Spot checks against the XML (Imperio): "Huracanum celestial" F5 R4 H4 TSA 5+ ("Carro",
    Potencia 4) with two "Acólito" HA3 F3 I3 A1 L7 and two "Caballo de guerra" HA3 F3 I3 A1:
    "Portentos de batalla" is ``battle_omens``, "Foco de Azyr" (+1 power die) no combat
    effect; "Luminarca de Hysh": "Aura de protección" ("(incluido el mismo Luminarca) tienen
    una tirada de salvación especial de 6+") a 6+ ward, "Foco de Hysh" (+1 dispel die) no
    combat effect.

    One WS3 S3 model charging the Luminarca (WS3, T4, 5+): 4+ to hit, 5+ to wound, the save
    fails on 1-4, the ward on 1-5: p = 1/2 * 1/3 * 2/3 * 5/6 = 5/54."""
    c = cat(EMPIRE)
    h = c.unit("Huracanum celestial")
    assert h.troop_type == "chariot" and h.has("battle_omens")
    assert (h.profile.WS, h.profile.S, h.profile.T, h.profile.W, h.profile.A) == (3, 3, 4, 4, 1)
    assert h.mount == MountProfile(WS=3, S=3, I=3, A=1, count=2)
    assert kinds(c, "Huracanum celestial")["Foco de Azyr"] == "no_combat_effect"
    assert clean(c, "Huracanum celestial")
    lum = c.unit("Luminarca de Hysh")
    assert lum.ward_save == 6 and lum.armour_save == 5 and lum.profile.T == 4
    assert kinds(c, "Luminarca de Hysh")["Foco de Hysh"] == "no_combat_effect"
    assert clean(c, "Luminarca de Hysh")
    one = fighter("Uno", 1, 1, I=1)
    model = build(one, lum, options=CombatOptions(max_rounds=1, charger="attacker"))
    check_first_round(model, [1 - 5 / 54, 5 / 54], 1304, "a blow on the Luminarca")


# ----------------------------------------------------------------- rules read


@needs_data
def test_rules_read_as_movement_shooting_magic_or_composition():
    """Rules whose catalogue text is movement, shooting, magic or army composition only
    (each quoted in no_effect_names.NO_COMBAT_EFFECT): those units import with nothing ignored."""
    expected = {
        (ORCS, "Troglagobs"): ("Anfibio", "Disparos envenenados"),
        (ORCS, "Katapulta lanzagoblinz"): ("Lanzagoblins", "Problemas"),
        (TOMB, "Lanzacráneos"): ("Cráneos aullantes",
                                 "El lanzacráneos y el cántico del embate de Horekhah",
                                 "El lanzacráneos y el cántico de invocación de Djedra"),
        (TOMB, "Hierotitán"): ("Icono de Ptra", "Conducto espiritual"),
        (TOMB, "Enjambre funerario"): ("Objetivo pequeño",),
    }
    for (book, unit), names in expected.items():
        c = cat(book)
        k = kinds(c, unit)
        for name in names:
            assert k[name] == "no_combat_effect", (unit, name)
        assert clean(c, unit), unit


@needs_data
def test_dust_goblins_swarms_trolls_and_rhinox_rules():
    """Orcos y Goblins "Goblins de polvo" (HA1 F3 R3 I1 L2): "No moríoz" ("aunque sean
    Inmunes a psicología, sean Inestables y Causen miedo") and "Hazen pezte" ("Ningún
    personaje puede unirse"); Reyes Funerarios "Enjambre funerario" (HA3 F2 R2 H5 A5, Tipo
    "Enjambre, No Muerto"): "Enjambre" ("sigue sujeto a la Inestabilidad de los No
    Muertos"); Orcos y Goblins "Troll" (M15 HA3 F5 R4 H3 I1 A3 L4, no Tipo, Potencia 3):
    monstrous infantry like every other MDNR troll; Mercenarios "Inmune a golpe letal"."""
    c = cat(ORCS)
    g = c.unit("Goblins de polvo")
    assert g.profile == Profile(M=10, WS=1, BS=3, S=3, T=3, W=1, I=1, A=1, Ld=2)
    assert {"immune_to_psychology", "unstable", "fear", "no_characters"} <= set(g.special)
    assert clean(c, "Goblins de polvo")
    t = c.unit("Trolls")
    assert t.troop_type == "monstrous_infantry"
    assert t.profile == Profile(M=15, WS=3, BS=1, S=5, T=4, W=3, I=1, A=3, Ld=4)
    assert kinds(c, "Trolls")["Troll Tipo"] == "note" and clean(c, "Trolls")
    s = cat(TOMB).unit("Enjambre funerario")
    assert s.troop_type == "swarm" and s.has("unstable") and s.poisoned == 6
    assert (s.profile.WS, s.profile.S, s.profile.T, s.profile.W, s.profile.A) == (3, 2, 2, 5, 5)
    assert clean(cat(TOMB), "Enjambre funerario")
    m = cat("MDNR_Mercenarios v5.cat")
    rhinox = "Jinetes de rinobuey (dos huecos de singular)"
    assert m.unit(rhinox).has("immune_to_killing_blow")
    k = kinds(m, rhinox)
    for name in ("Mal genio", "De mente simple", "Ocupan un hueco adicional de singular"):
        assert k[name] == "no_combat_effect", name


@pytest.mark.parametrize("immune", [False, True])
def test_immune_to_killing_blow_rhinox(immune):
    """Mercenarios "Inmune a golpe letal": "el jinete no es de tamaño humano así que no se
    ven afectados por el Golpe Letal" (gst "Golpe letal": a 6 to wound slays a man-sized
    model, RULES.md §1.6).  A WS10 S3 killing-blow attacker (3+ to hit) against a T6 W5
    cavalry model (6+ to wound): a 6 slays it (five wounds) unless it is immune, then the 6
    is one wound: 2/3 * 1/6 = 1/9 either way."""
    killer = fighter("Verdugo", 1, 1, WS=10, S=3, A=1, special=["killing_blow"])
    target = fighter("Jinete", 1, 1, T=6, special=["immune_to_killing_blow"] if immune
                     else []).replace(troop_type="cavalry", profile=Profile(
                         M=18, WS=3, BS=3, S=3, T=6, W=5, I=1, A=0, Ld=7))
    model = build(killer, target, options=CombatOptions(max_rounds=1))
    pmf = [8 / 9, 1 / 9] if immune else [8 / 9, 0, 0, 0, 0, 1 / 9]
    check_first_round(model, pmf, 1305 + immune, f"killing blow (immune {immune})")


@pytest.mark.parametrize("who, loser, ld, seed", [
    ("human", 1, 6, 1311),  # an enemy in contact that is not a Dark Elf: Ld 7 - 1
    ("dark elf", 1, 8, 1312),  # a Dark Elf enemy in contact: Ld 7 + 1
    ("altar", 0, 8, 1313),  # the altar's own side (its crew are Dark Elves): Ld 7 + 1
    ("none", 1, 7, 1314),  # no aura
])
def test_aura_of_agony(who, loser, ld, seed):
    """MDNR Elfos Oscuros (Altar drenasangre) "Aura de agonía": "Las unidades enemigas que no
    sean de tipo Elfo Oscuro y que estén en contacto peana con peana con uno o más Altares
    Drenasangre tienen L-1 a todos los efectos (hasta un mínimo de 2). Las unidades de tipo
    Elfo Oscuro (amigas o enemigas) a 15cm o menos del Altar tienen L+1".

    Nobody can wound (S1 against T10); the loser loses by its enemy's +2 static bonus and
    breaks unless 2D6 <= Ld - 2 (RULES.md §3.2): P(break) = 1 - P(2D6 <= ld - 2)."""
    altar = fighter("Altar", 1, 1, S=1, T=10, special=[] if who == "none" else
                    ["aura_of_agony"], army="dark_elves")
    enemy = fighter("Enemigo", 1, 1, S=1, T=10, army="dark_elves" if who == "dark elf"
                    else "empire")
    bonus = (SideOptions(static_bonus=2), None) if loser == 1 else (None,
                                                                   SideOptions(static_bonus=2))
    model = build(altar, enemy, *bonus, options=CombatOptions(max_rounds=1))
    passes = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= ld - 2) / 36
    check_first_round_break(model, loser, 1 - passes, seed, f"agony ({who})")


@needs_data
def test_altar_and_daemon_weapons_from_the_catalogues():
    """Spot checks against the XML: Elfos Oscuros "Altar drenasangre" ("Altar drenasangre"
    M12 F5 R5 H5 TSA 4+, "Guardiana del altar" HA5 F3 I6 A1 L8, "Medusa drenasangre" HA5 F4
    I5 A4 with "Alabarda") carries "Aura de agonía"; Enanos del Caos "Guardia infernal
    (Juramentados)" (HA5 F4 R4 I2 A1 L9) with "Arma demoníaca" ("La del portador + 1",
    "Ataques mágicos", "pierden el bono por parada por arma de mano y escudo"), "Armadura
    negra" (4+) and "Escudo": S5 magic blows, 3+ in close combat (no parry)."""
    de = cat("MDNR_Elfos_Oscuros_v7.cat")
    a = de.unit("Altar drenasangre")
    assert a.has("aura_of_agony") and a.army == "dark_elves" and "dark_elves" in a.tags
    assert (a.profile.WS, a.profile.T, a.profile.W, a.profile.I, a.profile.Ld) == (5, 5, 5, 6, 8)
    assert clean(de, "Altar drenasangre")
    cd = cat("MDNR_Enanos_del_Caos v4_5.cat")
    name = "Guardia infernal (Juramentados)"
    g = cd.unit(name)
    assert g.profile == Profile(M=8, WS=5, BS=3, S=4, T=4, W=1, I=2, A=1, Ld=9)
    assert g.equipment.weapon == "daemon_weapon" and g.equipment.shield
    assert g.has("magic_attacks") and g.armour_save == 3
    assert clean(cd, name)
    # S5 against T4 wounds on 3+; the magic blows ignore a daemonic aura
    daemon = fighter("Demonio", 5, 5, T=4, special=["daemonic_aura"])
    groups = build(g, daemon).groups
    assert groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 3
    assert groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 7


def test_decapitating_strike():
    """MDNR Reyes Funerarios (Necroesfinge) "Golpe decapitador": "Uno de sus ataques debes
    realizarlo con un dado de otro color. Ese ataque tiene la regla Heridas múltiples 1D6"
    (gst "Heridas múltiples": each unsaved wound becomes 1D6 wounds; RULES.md §1.6).

    One WS4 S5 A2 model charging a WS4 T6 W10 model with no save: each attack hits on 4+ and
    wounds on 5+, p = 1/6.  The plain attack makes 0 or 1 wound, the decapitating one 0 or
    1..6 with 1/36 each: the sum's pmf is their convolution."""
    sphinx = fighter("Esfinge", 1, 1, WS=4, S=5, A=2, special=["decapitating_strike"])
    target = fighter("Monstruo", 1, 1, WS=4, T=6, A=0, I=1).replace(
        troop_type="monster", profile=Profile(M=15, WS=4, BS=0, S=5, T=6, W=10, I=1, A=0,
                                              Ld=8))
    model = build(sphinx, target, options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, CREW, 0, G_ATTACKS] == 1 and model.groups[0, 1, CREW, 0, G_MW] == 3
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_ATTACKS] == 1
    plain = [5 / 6, 1 / 6]
    decap = [5 / 6] + [1 / 36] * 6
    pmf = [sum(plain[a] * decap[k - a] for a in range(2) if 0 <= k - a < 7) for k in range(8)]
    check_first_round(model, pmf, 1321, "decapitating strike")
    with pytest.raises(Exception, match="decapitating_strike"):
        build(sphinx.replace(random_attacks="d6"), target)


@needs_data
def test_necrosphinx_from_the_catalogue():
    """Spot check against the XML: Reyes Funerarios "Necroesfinge" HA4 F5 R6 H5 I1 A5 L8
    (Monstruo) with "Golpe decapitador", "Golpe letal", "Volar"; four plain attacks and the
    decapitating one (multiple wounds 1D6)."""
    c = cat(TOMB)
    name = "Necroesfinge (ocupa hueco de singular y de héroe)"
    u = c.unit(name)
    assert u.profile == Profile(M=15, WS=4, BS=0, S=5, T=6, W=5, I=1, A=5, Ld=8)
    assert u.has("decapitating_strike") and u.has("killing_blow") and u.multiple_wounds == ""
    assert clean(c, name)
    groups = build(u, fighter("E", 10, 5)).groups
    assert groups[0, 1, RANK_AND_FILE, 0, G_ATTACKS] == 4
    assert (groups[0, 1, CREW, 0, G_ATTACKS], groups[0, 1, CREW, 0, G_MW]) == (1, 3)
