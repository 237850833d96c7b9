"""Army-book rules of issue 11 for the Reinos del Caos books, Monstruos Arcanos and the giants.

Catalogue checks are written by hand from the rule descriptions in ../shared/battlescribe/
(skipped when the folder is absent); engine checks compare the exact first round and the
kernel (z = 5, fixed seeds) with probabilities worked out by hand (``RULES.md`` sections
cited per test).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import (
    assert_mc,
    binomial,
    cat,
    check_first_round,
    clean,
    infantry,
    kinds,
    needs_data,
)

from odds import rules
from odds.combat import SideOptions
from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    G_FRENZY_A,
    G_KEY,
    G_POISON,
    G_REROLL,
    G_WOUND,
    IMPACT,
    MOUNT,
    RANK_AND_FILE,
    S_CAN_PURSUE,
    CombatOptions,
    build,
    build_units,
)
from odds.dice import p_ge, sum_pmf
from odds.units import unit_from_dict

MA = "MDNR_Monstruos_Arcanos_v5.cat"
BESTIAS = "MDNR_Reinos_del_Caos_Bestias_v5.cat"
DEMONIOS = "MDNR_Reinos_del_Caos_Demonios_v5.cat"
MORTALES = "MDNR_Reinos_del_Caos_Mortales_v5.cat"
EDC = "MDNR_Enanos_del_Caos v4_5.cat"

ONE_ROUND = CombatOptions(max_rounds=1, charger="none")


def strict_items(catalogue, unit: str) -> list[str]:
    """Items ignored or approximated."""
    return [i.item for i in catalogue.report.for_unit(unit)
            if i.kind in ("ignored", "approximated")]


def fighter(name, models=5, files=5, *, WS=3, S=3, T=3, A=1, init=3, Ld=7, save=7, special=(),
            army="", **more_rules):
    """conftest.infantry with five models in one rank by default, ``init`` for I, an army
    tag and further keys of its ``rules`` table (``hatred``...)."""
    return infantry(name, models, files, WS=WS, S=S, T=T, A=A, I=init, Ld=Ld, save=save,
                    army=army, rules={"special": list(special), **more_rules})


# ----------------------------------------------------------------- Monstruos Arcanos


def test_embodied_elemental_is_hated_as_undead_and_daemon():
    """MDNR Monstruos Arcanos "Elemental encarnado": "Los Elementales Encarnados cuentan como
    tipo "Demonio" y "No Muerto" en lo que respecta a efectos que les puedan causar daño
    adicional": hatred of undead (Regimientos de Renombre "Odio a los No Muertos") or of
    daemons reaches them (gst "Odio": re-roll missed hits in the first round, RULES.md §1.3).

    Five WS3 S3 A1 haters against WS3 T3 models: hits 1/2 + 1/2 x 1/2 = 3/4 with the re-roll,
    wounds 1/2: Binomial(5, 3/8); against the same models without the rule Binomial(5, 1/4).
    The elemental's own race tags are unchanged (panic and fear rules read them)."""
    for hated, seed in (("undead", 301), ("daemon", 302)):
        haters = fighter("Cazadores", T=10, hatred=[hated])
        elemental = fighter("Elemental", S=1, init=1, special=["counts_as_daemon_undead"],
                            army="monsters")
        assert elemental.tags == frozenset({"monsters"})
        model = build(haters, elemental, options=ONE_ROUND)
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 1
        check_first_round(model, binomial(5, 3 / 8), seed, f"hatred of {hated}")
    plain = build(fighter("Cazadores", T=10, hatred=["undead"]),
                  fighter("Monstruo", S=1, init=1, army="monsters"), options=ONE_ROUND)
    assert plain.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 0
    check_first_round(plain, binomial(5, 1 / 4), 303, "no hatred of an ordinary monster")


def test_warp_immune_against_skaven_magic_attacks():
    """MDNR Monstruos Arcanos "Inmune a disformidad": "ninguna arma mágica ni ataque mágico
    Skaven puede herir al Dragón de Disformidad (se considera que todas las tiradas para herir
    fallan automáticamente, incluso aquellas que pudieran herir automáticamente)".

    Five Skaven WS3 S3 A1 with magic and poisoned attacks wound it never; without magic
    attacks (or not Skaven) they wound as usual: hits 1/2, wounds 1/2 (poison: a 6 to hit
    wounds, 1/6 + 2/6 x 1/2 = 1/3 with it)."""
    dragon = fighter("Dragón", S=1, init=1, special=["warp_immune"])
    magic_rats = fighter("Alimañas", T=10, special=["magic_attacks"], army="skaven",
                         poisoned=6)
    model = build(magic_rats, dragon, options=ONE_ROUND)
    row = model.groups[0, 1, RANK_AND_FILE, 0]
    assert row[G_WOUND] == rules.IMPOSSIBLE and row[G_POISON] == rules.IMPOSSIBLE
    check_first_round(model, [1.0], 311, "Skaven magic attacks on the warp dragon")
    rats = fighter("Guerreros", T=10, army="skaven", poisoned=6)
    check_first_round(build(rats, dragon, options=ONE_ROUND), binomial(5, 1 / 3), 312,
                      "Skaven mundane attacks")
    wizards = fighter("Hechiceros", T=10, special=["magic_attacks"], army="empire")
    check_first_round(build(wizards, dragon, options=ONE_ROUND), binomial(5, 1 / 4), 313,
                      "other magic attacks")
    ogre = unit_from_dict({
        "name": "Jinete", "troop_type": "cavalry", "models": 1, "files": 1,
        "profile": {"M": 20, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7},
        "mount": {"WS": 3, "S": 3, "I": 3, "A": 1, "special": ["magic_attacks"]},
        "army": "skaven"})
    steed = build(ogre, dragon, options=ONE_ROUND).groups[0, 1, MOUNT, 0]
    assert steed[G_WOUND] == rules.IMPOSSIBLE


@needs_data
def test_monstruos_arcanos_from_the_catalogue():
    """Spot checks, Monstruos Arcanos: "Elemental de tierra" M15 HA5 F5 R6 H5 I4 A5 L7 and the
    five other elementals ("Elemental encarnado (Saber)": counts as daemon and undead; its
    spells' immunity is the magic phase; "Vinculado (X)": "Para poder incluir este monstruo, tu
    ejército debe contar con un hechicero con el saber X", a note); "Dragón de disformidad"
    M15 HA6 F6 R6 H6 I3 A5 L8 3+ ("Inmune a disformidad")."""
    c = cat(MA)
    lores = {"agua": "Vida", "aire": "Cielos", "bestias": "Bestias", "fuego": "Fuego",
             "muerte": "Muerte", "tierra": "Metal"}
    for kind, lore in lores.items():
        name = f"Elemental de {kind} (monstruo arcano)"
        u = c.unit(name)
        assert u.has("counts_as_daemon_undead") and u.has("unstable")
        assert kinds(c, name)["Vinculado (X)"] == "note"
        assert f"Elemental encarnado ({lore})" not in kinds(c, name)
        assert not strict_items(c, name), name
    p = c.unit("Elemental de tierra (monstruo arcano)").profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 5, 5, 6, 5, 4, 5, 7)
    name = "Dragón de disformidad (monstruo arcano, ocupa hueco de singular y héroe)"
    d = c.unit(name)
    assert d.has("warp_immune") and d.armour_save == 3
    p = d.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 6, 6, 6, 6, 3, 5, 8)
    assert not strict_items(c, name)


# ----------------------------------------------------------------- Bestias: Devorador


P_CATCH = p_ge(sum_pmf(5), sum_pmf(5))
"""P(5D6 >= 5D6): an M10 pursuer catches infantry fleeing 5D6."""
N_PURSUIT = 200_000


@pytest.mark.parametrize("special, restrain, p_caught, seed", [
    # "Devorador": pursues only on a passed Ld 6 test (15/36), whatever the restrain option
    # says of other units; holding back (restrain) it needs no test and never pursues
    (("devourer",), False, 15 / 36 * P_CATCH, 321),
    (("devourer", "eternal_hatred"), False, 15 / 36 * P_CATCH, 322),
    (("devourer",), True, 0.0, 323),
    # without it: always pursues, or tests Ld 6 to hold (restrain) and pursues on a failure
    ((), False, P_CATCH, 324),
    ((), True, 21 / 36 * P_CATCH, 325),
])
def test_devourer_pursues_after_a_passed_leadership_test(special, restrain, p_caught, seed):
    """MDNR Bestias "Preyton" "Devorador": "Al ganar un combate, si el Preyton quiere perseguir
    o arrasar deberá hacer un chequeo de Liderazgo (en vez de un chequeo para no perseguir
    como es habitual). Si supera ese chequeo podrá perseguir o arrasar de la forma habitual"
    (RULES.md §4.3: pursuit 5D6 against the flight's 5D6).  Nobody can wound; the winner's +5
    static bonus breaks the Ld 2 enemy every time.  The test replaces the hatred's pursuit
    (the Preyton's "Odio eterno")."""
    w = fighter("Preyton", S=1, T=10, Ld=6, special=special)
    model = build(w, fighter("E", S=1, T=10, Ld=2), SideOptions(static_bonus=5),
                  options=CombatOptions(max_rounds=1, charger="none",
                                        restrain_pursuit=restrain))
    assert model.sides[0, S_CAN_PURSUE] == (2 if special else 1)
    out = simulate(model, N_PURSUIT, seed)
    assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N_PURSUIT
    assert_mc(out["status"][1, CAUGHT] / N_PURSUIT, p_caught, N_PURSUIT,
              what=f"caught ({special}, restrain={restrain})")


@pytest.mark.parametrize("devourer, restrain, seed", [
    (True, True, 331), (True, False, 332), (False, True, 333)])
def test_devourer_feast_makes_the_beaten_side_test_panic(devourer, restrain, seed):
    """MDNR Bestias "Devorador": "Si falla ese chequeo, o si decide no perseguir o arrasar, el
    Preyton tendrá un festín de cadáveres ...; todas las unidades enemigas a 25cm o menos del
    Preyton deberán hacer un chequeo de Pánico" (RULES.md §3.4: one panic test per unit per
    phase).

    The Preyton (Ld 6) beats E1 (Ld 2, broken every time by the side's +5); E2 (stubborn Ld 7)
    fights a friend of the Preyton, passes its break test with 21/36, and E1's flight causes
    it no panic (E1 panics only goblins, ``flight_panics_only``): only the feast makes it test
    panic (Ld 7 failed 15/36).  E2 flees with 15/36 + 21/36 x q x 15/36, q the chance the
    Preyton feasts: 1 when holding back, 21/36 (its failed Ld 6 test) when it would pursue, 0
    without the rule."""
    preyton = fighter("Preyton", S=1, T=10, Ld=6, special=["devourer"] if devourer else [])
    friend = fighter("Amigo", S=1, T=10, Ld=10, special=["no_pursuit"])
    e1 = fighter("E1", S=1, T=10, Ld=2, flight_panics_only=["goblin"])
    e2 = fighter("E2", S=1, T=10, Ld=7, special=["stubborn"])
    model = build_units([preyton, friend, e1, e2], [0, 0, 1, 1],
                        [(0, 2, FRONT, FRONT), (1, 3, FRONT, FRONT)], [False] * 4,
                        [SideOptions(static_bonus=5), None, None, None],
                        CombatOptions(max_rounds=1, restrain_pursuit=restrain))
    q = (1.0 if restrain else 21 / 36) if devourer else 0.0
    p_fled = 15 / 36 + 21 / 36 * q * 15 / 36
    out = simulate(model, N_PURSUIT, seed)
    fled = (out["status"][3, CAUGHT] + out["status"][3, ESCAPED]) / N_PURSUIT
    assert_mc(fled, p_fled, N_PURSUIT, what=f"E2 fled (devourer={devourer}, {restrain=})")


@needs_data
def test_preyton_from_the_catalogue():
    """Spot check, Bestias "Preyton": M15 HA5 F5 R5 H4 I5 A4 L6, "Monstruo", "Odio eterno"
    ("repite siempre las tiradas para impactar"), "Miedo", "Volar" and "Devorador" (modelled:
    ``devourer``); nothing left ignored or approximated."""
    b = cat(BESTIAS)
    u = b.unit("Preyton")
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 5, 5, 5, 4, 5, 4, 6)
    assert u.troop_type == "monster"
    assert u.has("devourer") and u.has("eternal_hatred") and u.has("flying")
    assert "Devorador" not in kinds(b, "Preyton")
    assert not strict_items(b, "Preyton")


# ----------------------------------------------------------------- Demonios: Khorne chariots


@needs_data
def test_skull_cannon_bloodletters_frenzied_and_the_cannon_as_its_beast():
    """MDNR Demonios "Cañón de cráneos" "Carro, furia asesina y frontal": "Sólo los
    Desangradores ganan el ataque extra (no el Cañón) ... el Cañón sólo ataca por su frontal,
    como si fuera una bestia de tiro".  Spot check of the XML: "Cañón de cráneos" M18 HA5 F5
    R5 H5 I2 A2 3+, two "Desangrador" HA5 F5 I4 A1 L8.

    Against ten WS3 T3 models with no save, not charging (no impact hits): the two
    Bloodletters strike 1 + 1 (frenzy) each and the cannon 2 (no frenzy attack), every one
    hitting on 3+ and wounding on 2+: Binomial(6, 2/3 x 5/6)."""
    d = cat(DEMONIOS)
    name = "Cañón de cráneos"
    u = d.unit(name)
    p = u.profile
    assert (u.troop_type, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == ("chariot", 5, 5, 5, 5, 4, 1, 8)
    assert u.crew == 2 and u.armour_save == 3 and u.has("frenzy")
    m = u.mount
    assert (m.WS, m.S, m.I, m.A, m.count) == (5, 5, 2, 2, 1)
    assert "Carro, furia asesina y frontal" not in kinds(d, name)
    assert not strict_items(d, name)
    model = build(u, fighter("Objetivo", 10, 5, S=1), options=ONE_ROUND)
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_FRENZY_A] == 1
    assert model.groups[0, 1, MOUNT, 0, G_FRENZY_A] == 0
    check_first_round(model, binomial(6, 2 / 3 * 5 / 6), 341, "skull cannon")


@needs_data
def test_khorne_throne_frenzy_reaches_the_bloodletters():
    """MDNR Demonios "Trono sangriento de Khorne" "Furia asesina (ataques solo desangradores)":
    "afecta a toda la miniatura, aunque el ataque extra es sólo a los dos Desangradores" (the
    throne's own profile has no attacks): frenzy, the crew's extra attack.  Against ten WS3 T3
    models: Binomial(4, 2/3 x 5/6).  "Festín de sangre" ("Cuando carga, tras resolver los
    impactos por carga ... recupera una Herida perdida anteriormente en la batalla") is a note:
    the throne starts a combat unwounded and its impact hits are the first blows (RULES.md
    §1.2), so nothing can be healed; the throne is now fully modelled."""
    d = cat(DEMONIOS)
    name = "Trono sangriento de Khorne"
    u = d.unit(name)
    assert u.has("frenzy") and u.crew == 2 and u.mount is None
    k = kinds(d, name)
    assert "Furia asesina (ataques solo desangradores)" not in k
    assert k["Festín de sangre"] == "note"
    assert clean(d, name)
    # its impact hits come first: a strike step before every blow the enemy could land
    model = build(u, fighter("Objetivo", 10, 5, S=1), options=ONE_ROUND)
    assert model.groups[0, 1, IMPACT, 0, G_KEY] < model.groups[1, 0, RANK_AND_FILE, 0, G_KEY]
    check_first_round(build(u, fighter("Objetivo", 10, 5, S=1), options=ONE_ROUND),
                      binomial(4, 2 / 3 * 5 / 6), 342, "Khorne throne")


# ----------------------------------------------------------------- rules of other phases


@needs_data
def test_chaos_rules_of_other_phases_from_the_catalogues():
    """Read in the catalogues as having no close-combat effect: Demonios "Carro flamígero de
    Tzeentch" "Llamaradas de Tzeentch" ("Se trata de un Ataque de disparo") and "Fuego Rojo de
    la Alteración" ("Objeto portahechizos de nivel 3"); Bestias "Escuerzo alado" "Lengua
    prensil" ("se trata como un arma de proyectiles a todos los efectos") and "Aura de locura"
    ("Al inicio de la fase de magia"); Cigor "Lanzar pedruscos" ("como si fuera una Catapulta")
    and "Devorador de almas" ("Al inicio de cada fase de magia enemiga"); Cañón infernal
    "Impredecible" (the misfire of a shot it cannot fire while engaged) and "Arrasar" ("El
    cañón no puede perseguir": no_pursuit); Mortales "Malditos" "Enajenados" ("Ningún
    personaje puede unirse a una unidad de Malditos")."""
    d = cat(DEMONIOS)
    k = kinds(d, "Carro flamígero de Tzeentch")
    assert k["Llamaradas de Tzeentch"] == "no_combat_effect"
    assert k["Fuego Rojo de la Alteración (Objeto portahechizos)"] == "no_combat_effect"
    assert not strict_items(d, "Carro flamígero de Tzeentch")
    b = cat(BESTIAS)
    name = "Escuerzo alado (ocupa opción extra de héroe)"
    assert kinds(b, name)["Lengua prensil"] == "no_combat_effect"
    assert kinds(b, name)["Aura de locura"] == "no_combat_effect"
    assert not strict_items(b, name)
    p = b.unit(name).profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (20, 4, 5, 5, 5, 3, 5, 9)
    k = kinds(b, "Cigor")
    assert k["Lanzar pedruscos"] == k["Devorador de almas"] == "no_combat_effect"
    for book in (EDC, MORTALES):
        c = cat(book)
        name = "Cañón infernal (dos huecos de singular)"
        assert kinds(c, name)["Impredecible"] == "no_combat_effect"
        assert "Arrasar" not in kinds(c, name) and c.unit(name).has("no_pursuit")
    m = cat(MORTALES)
    assert m.unit("Malditos").has("no_characters")
    assert "Enajenados" not in kinds(m, "Malditos")


# ----------------------------------------------------------------- Bendición de Nurgle


def _daemons(models, *special, ld=8):
    return unit_from_dict({
        "name": "Carromato", "troop_type": "infantry", "models": models, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                    "Ld": ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["skirmishers", "daemonic_instability", "immune_to_psychology",
                              *special]}})


def _instability_left(left: int, ld: int, diff: int, reroll: bool = True) -> list[float]:
    """Models (W1) left after a daemonic instability roll re-rolled when a fresh roll is
    expected to cost fewer wounds (Demonios "Inestabilidad Demoníaca": above Ld all, above
    Ld - diff one per point over it)."""
    ways = {r: 6 - abs(r - 7) for r in range(2, 13)}

    def loss(r):
        return left if r > ld else min(left, max(0, r - ld + diff))

    mean = sum(w * loss(r) for r, w in ways.items()) / 36
    pmf = [0.0] * (left + 1)
    for r, w in ways.items():
        if reroll and loss(r) > mean:
            for r2, w2 in ways.items():
                pmf[left - loss(r2)] += w / 36 * w2 / 36
        else:
            pmf[left - loss(r)] += w / 36
    return pmf


def test_daemonic_battle_standard_re_rolls_instability():
    """MDNR Reinos del Caos "Bendición de Nurgle": "El Carromato de Plaga actúa como un
    Portaestandarte de Batalla Demoníaco a todos los efectos, pero sólo a unidades de tipo
    Nurgle (permite repetir tirada de desmoralización, la inestabilidad demoníaca, da +1 a la
    Resolución de Combate, etc)" (RULES.md §2.2 standard, §3.2 break test).

    Nobody wounds, the enemy is as big (no outnumbering) and has +4, the blessed unit +1 as a
    standard: it loses by 3.  Ten
    daemons of Ld 8 lose 0 on 2..5, 1-3 on 6..8, all on 9+ (a mean of 132/36 = 3.67): only
    the 9+ is re-rolled, so 10 left with 10/36 + (10/36)^2, none with (10/36)^2.  Three
    daemons lose 0, 1, 2, 3, 3 (a mean of 62/36): 7+ is re-rolled.  Without the rule the
    enemy's +4 is a loss by 4 and nothing is re-rolled."""
    from conftest import assert_distribution

    from odds.combat import SideOptions
    from odds.combat.api import fight

    for models, seed in ((10, 321), (3, 322)):
        r = fight(_daemons(models, ld=10).replace(name="Otros", special=("skirmishers",)),
                  _daemons(models, "daemonic_bsb"), charger="none", max_rounds=1,
                  trials=200_000, seed=seed, attacker_options=SideOptions(static_bonus=4))
        surv = r.survivors[r.survivors.side == "defender"]
        sim = dict(zip(surv.models, surv.probability, strict=True))
        exact = _instability_left(models, 8, 3)
        if models == 10:
            assert abs(exact[10] - (10 / 36 + (10 / 36) ** 2)) < 1e-12
            assert abs(exact[0] - (10 / 36) ** 2) < 1e-12
        assert_distribution(sim, exact, 200_000, what=f"{models} blessed daemons left")
    plain = fight(_daemons(10, ld=10).replace(name="Otros", special=("skirmishers",)),
                  _daemons(10), charger="none", max_rounds=1, trials=200_000, seed=323,
                  attacker_options=SideOptions(static_bonus=4))
    surv = plain.survivors[plain.survivors.side == "defender"]
    sim = dict(zip(surv.models, surv.probability, strict=True))
    exact = [10 / 36] + [0.0] * 5 + [5 / 36, 6 / 36, 5 / 36, 4 / 36, 6 / 36]
    assert max(map(abs, np.subtract(_instability_left(10, 8, 4, reroll=False), exact))) < 1e-12
    assert_distribution(sim, exact, 200_000, what="daemons left without the blessing")


@needs_data
def test_plague_cart_from_the_catalogues():
    """Spot check, Reinos del Caos (Bestias, Demonios, Mortales) "Carromato de Plaga": the
    cart "Carromato de plaga" F4 R4 H3 TSA 5+, Tipo "Carro, No Muerto, Caos, Nurgle" (of type
    Nurgle: its "Bendición de Nurgle" blesses itself): daemonic_bsb, a standard and S_BSB 2
    in the combat model."""
    from odds.combat.model import S_BSB, S_STANDARD

    for book in (BESTIAS, DEMONIOS, MORTALES):
        c = cat(book)
        u = c.unit("Carromato de Plaga")
        assert u.has("daemonic_bsb") and u.has("daemonic_instability")
        assert (u.troop_type, u.profile.T, u.profile.W, u.armour_save) == ("chariot", 4, 3, 5)
        assert not u.command.standard
        assert not strict_items(c, "Carromato de Plaga"), book
        model = build(u, fighter("Otros"), options=ONE_ROUND)
        assert (model.sides[0, S_STANDARD], model.sides[0, S_BSB]) == (1, 2)


@needs_data
def test_rules_left_reported_say_why():
    """Bestias "Gorgona" "Engullir entero" ("puede renunciar a todos sus ataques") is the
    player's choice each round: a ``note`` naming the ``swallow_whole`` policy that models it
    (tests/test_swallow_whole.py).  (The giants' table and falls are modelled:
    tests/test_giant.py; the "Ettin maldito" "Dos cabezas": tests/test_two_heads.py.)"""
    b = cat(BESTIAS)
    items = {i.item: i for i in b.report.for_unit("Gorgona")}
    assert items["Engullir entero"].kind == "note"
    assert "swallow_whole" in items["Engullir entero"].reason


# ----------------------------------------------------------------- Cañón infernal


@needs_data
@pytest.mark.parametrize("book", [EDC, MORTALES])
def test_hellcannon_fights_beside_its_crew(book):
    """MDNR Enanos del Caos and Reinos del Caos Mortales "Cañón infernal" "¡Está vivo!": "En
    combate, el propio Cañón combate (así que los Enanos se sitúan a su lado en vez de
    delante)": the cannon's own profile is one more fighter beside the crew.  Spot check of
    the XML: "Cañón infernal" HA4 F6 R7 H6 I1 A4 L9 3+, its crew "Enano del Caos" HA4 F3 I2 A1
    (3 crew, the engine's default).

    Against ten WS3 T3 models with no save that cannot wound T7 (S1), nobody charging: the
    three dwarfs hit on 3+ and wound on 4+ (1/3 each), the cannon's four blows hit on 3+ and
    wound on 2+ (5/9 each): Binomial(3, 1/3) * Binomial(4, 5/9)."""
    c = cat(book)
    name = "Cañón infernal (dos huecos de singular)"
    u = c.unit(name)
    p = u.profile
    assert (u.troop_type, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == ("war_machine", 4, 3, 7, 6,
                                                                   2, 1, 9)
    assert u.crew == 3 and u.armour_save == 3 and u.has("living_machine")
    x = u.extra_crew
    assert (x.WS, x.S, x.I, x.A, x.count, x.weapon) == (4, 6, 1, 4, 1, "hand_weapon")
    assert "¡Está vivo!" not in kinds(c, name)
    crew, cannon = binomial(3, 1 / 3), binomial(4, 5 / 9)
    pmf = [sum(crew[i] * cannon[k - i] for i in range(len(crew)) if 0 <= k - i < len(cannon))
           for k in range(len(crew) + len(cannon) - 1)]
    u = u.replace(special=(*u.special, "spit_filth_held"))  # its blows alone: no spit
    check_first_round(build(u, fighter("Objetivo", 10, 5, S=1), options=ONE_ROUND), pmf,
                      343 if book == EDC else 344, "hellcannon")
    # without the rule the crew alone fight: the test can fail
    plain = u.replace(extra_crew=None)
    from odds.combat.exact import first_round_exact
    alone = first_round_exact(build(plain, fighter("Objetivo", 10, 5, S=1),
                                    options=ONE_ROUND))["wounds"][0]
    assert max(abs(a - b) for a, b in zip(alone, crew, strict=False)) < 1e-12


@needs_data
def test_hellcannon_spits_filth_while_engaged():
    """Both books' "Arrasar": "Si el cañón arrasa o está trabado, sólo puede escupir
    inmundicia"; Mortales "Escupir inmundicia": "El cañón puede Escupir inmundicia aunque esté
    trabado en combate cuerpo a cuerpo": the ``spit_filth`` rule in both books (its law:
    tests/test_army_rules_hellcannon_spit.py), the entry clean (not a shooting attack out of
    the combat)."""
    for book in (EDC, MORTALES):
        c = cat(book)
        name = "Cañón infernal (dos huecos de singular)"
        assert "spit_filth" in c.unit(name).special, book
        assert "Escupir inmundicia" not in kinds(c, name), book
        assert strict_items(c, name) == [], book


@needs_data
def test_mounts_and_bound_monsters_left_reported_say_why():
    """Left ``ignored`` with their reasons (unmodelled.UNMODELLED_REASONS), no classification
    changed: the Reinos del Caos "Palanquín de Nurgle" (a Herald's mount typed "unit" in the
    data: "trata la miniatura igual que si fuera una montura de caballería", R, H and L blank)
    and its daemonic-mount rule; Mortales "Bruto despedazador" "Enlazado" and "Runas de
    vinculación" ("tendrá HA y Ld iguales que los del personaje a los que se encuentre
    Enlazado mientras éste siga con vida")."""
    cases = ((BESTIAS, "Palanquín de Nurgle", "Palanquín de nurgletes", "Herald's mount"),
             (DEMONIOS, "Palanquín de Nurgle", "Palanquín de Nurgle", "Herald's mount"),
             (MORTALES, "Palanquín de Nurgle", "Palanquín de Nurgle", "Herald's mount"),
             (MORTALES, "Palanquín de Nurgle", "Monturas de Tipo Demonio", "rider"),
             (MORTALES, "Bruto despedazador (0-1 por cada personaje Humano)", "Enlazado",
              "Human character"),
             (MORTALES, "Bruto despedazador (0-1 por cada personaje Humano)",
              "Runas de vinculación", "bound character"))
    for book, unit, rule, phrase in cases:
        items = {i.item: i for i in cat(book).report.for_unit(unit)}
        assert items[rule].kind == "ignored" and phrase in items[rule].reason, (book, rule)


LEGION = "MDNR_Reinos_del_Caos_Demonios_Legion_Demoniaca_v1.cat"


@needs_data
def test_legion_composition_names_have_no_combat_effect():
    """Demonios Legión Demoníaca "Unidades Básicas Adicionales" ("No puedes incluir más
    unidades básicas adicionales de una marca que unidades básicas auténticas"), "Unidades
    básicas auténticas" ("Cuentan como unidades básicas") and "Furias (0-1 por cada personaje
    con Marca del Caos Absoluto)" are army composition: the units import clean."""
    c = cat(LEGION)
    for unit, rule in (("Mastines de Khorne (Unidades Básicas Adicionales)",
                        "Unidades Básicas Adicionales"),
                       ("Desangradores de Khorne (Unidad Básica Auténtica)",
                        "Unidades básicas auténticas"),
                       ("Furias (0-1 por cada personaje con Marca del Caos Absoluto)",
                        "Furias (0-1 por cada personaje con Marca del Caos Absoluto)")):
        assert kinds(c, unit)[rule] == "no_combat_effect", unit
        assert clean(c, unit), unit


@needs_data
def test_templete_ward_and_mammoth_reasons():
    """Mortales "Templete del Caos" "Protección del Caos": "El Templete tiene una Tirada de
    salvación especial de 5+" (a 5+ ward); the "Mamut" rules of shooting and siege have no
    combat effect, its attack table, howdah fight, death and "Resolución del combate" (also
    the Imperio steam tank's name) stay ``ignored`` with their reasons."""
    c = cat(MORTALES)
    assert c.unit("Templete del Caos").ward_save == 5
    assert "Protección del Caos" not in kinds(c, "Templete del Caos")
    mammoth = {i.item: i for i in c.report.for_unit("Mamut (ocupa dos huecos de singular)")}
    for rule in ("Disparos de plantilla al mamut",
                 "Hechizos y disparos de armas de proyectiles al mamut", "Asedio"):
        assert mammoth[rule].kind == "no_combat_effect", rule
    for rule, phrase in (("Ataques del mamut", "1D6+1 S10"), ("Combate cuerpo a cuerpo",
                                                               "enemies strike only the mammoth"),
                         ("Muerte del mamut", "dismounts"),
                         ("Resolución del combate", "howdah unit")):
        assert mammoth[rule].kind == "ignored" and phrase in mammoth[rule].reason, rule
    tank = {i.item: i for i in cat("MDNR_Imperio v4_5.cat").report.for_unit("Tanque de vapor")}
    assert "steam tank" in tank["Resolución del combate"].reason


@needs_data
def test_khorne_chariot_frenzy_is_the_crews():
    """Legión Demoníaca "Carro de Khorne", "Sobre Furia Asesina del Carro de Khorne": "El
    Juggernaut no gana el ataque extra, sólo los Desangradores": the crew's row carries
    frenzy's extra attack, the Juggernaut's (MOUNT) does not; the entry imports clean."""
    c = cat(LEGION)
    assert kinds(c, "Carro de Khorne")["Sobre Furia Asesina del Carro de Khorne"] == "note"
    assert clean(c, "Carro de Khorne")
    chariot = c.unit("Carro de Khorne")
    assert chariot.has("frenzy")
    model = build(chariot, infantry("E", 10, 5), options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_FRENZY_A] == 1
    assert model.groups[0, 1, MOUNT, 0, G_FRENZY_A] == 0


@needs_data
def test_changebringers_fly_as_skirmishing_cavalry():
    """Legión Demoníaca "Portadores del Cambio": "Caballería voladora" ("Se consideran
    Caballería a todos los efectos ... con la excepción de que son Unidad Voladora
    (hostigadores, volar, los personajes no pueden unirse)"), "Levitar" ("Unidad Voladora,
    pero vuela 38 cm"), "Montura de los Portadores del Cambio" (one joint profile): flying
    skirmishing cavalry nobody joins, the printed profile fought; the entry imports clean and
    fights."""
    c = cat(LEGION)
    unit = c.unit("Portadores del Cambio")
    assert unit.troop_type == "cavalry"
    assert {"flying", "skirmishers", "no_characters"} <= set(unit.special)
    assert kinds(c, "Portadores del Cambio")["Montura de los Portadores del Cambio"] == "note"
    assert clean(c, "Portadores del Cambio")
    out = simulate(build(unit, infantry("E", 10, 5),
                         options=CombatOptions(max_rounds=1, charger="none")), 2_000, 31)
    assert out["status"].sum() == 2 * 2_000
