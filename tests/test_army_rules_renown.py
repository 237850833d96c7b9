"""MDNR Regimientos de Renombre: the regiments' fixed items and named members (issue 11).

The catalogue's rule texts (in Spanish) are the spec; each test quotes the phrase it
checks and works the expected numbers by hand (binomials, sums of dice) or with the exact
engine, Monte Carlo at z = 5 with fixed seeds.
"""

from __future__ import annotations

from conftest import assert_mc, cat, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    S_FLEE_DICE,
    S_HATRED,
    S_PURSUE_DICE,
    CombatOptions,
    SideOptions,
    build,
    dice_budget,
)
from odds.dice import p_ge, sum_pmf
from odds.units import unit_from_dict

RR = "MDNR_Regimientos_de_Renombre v5.cat"
N = 200_000


def fighter(name, models=10, files=10, *, WS=3, S=3, T=3, Ld=7, M=10, troop_type="infantry",
            special=(), **extra):
    return unit_from_dict({
        "name": name, "troop_type": troop_type, "models": models, "files": files,
        "profile": {"M": M, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": 3, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)},
        **extra,
    })


def p_at_least(chase: int, flee: int) -> float:
    """P(chase D6 >= flee D6), the two rolls independent (:func:`odds.dice.p_ge`)."""
    return p_ge(sum_pmf(chase), sum_pmf(flee))


# --------------------------------------------------------------------------- fixed items


@needs_data
def test_fixed_magic_items_are_read_not_dropped():
    """A regiment's leader or standard bearer comes with fixed magic items (a mandatory
    "Objetos mágicos" group, min 1), once dropped unread with the magic-item allowance: Hombres
    Oso de Urslo's "Estandarte del Oso" ("Toda la unidad ... reciben un +1 a sus tiradas para
    impactar en la primera ronda de cada combate"; modelled, bear_standard:
    test_army_rules_bear_claws), Marco Colombo's "Gema de Lustria" and "Calabaza de vino de
    Lustria" change a close combat and are read (modelled, lustria_gem and wine_gourd:
    test_army_rules_marco); Asesinos de
    Véspero's "La Máscara de la Muerte" ("Véspero causa Miedo") is Véspero's own fear (a
    note); "Talismán Colmillo de Oso" ("Beorg tiene una Tirada de salvación especial de 4+")
    is Beorg's own ward (a note); "Jarra de cerveza de Bugman" ("si la unidad no está
    trabada") and "Pergamino de Arabia" ("contra cualquier herida provocada por un Hechizo")
    cannot change one, and are filed so."""
    c = cat(RR)
    oso = next(e.name for e in c.entries if e.name.startswith("Hombres Oso de Urslo"))
    k = kinds(c, oso)
    assert "Estandarte del Oso" not in k and "bear_standard" in c.unit(oso).special
    assert k["Talismán Colmillo de Oso"] == "note"  # Beorg's own ward (champion_ward)
    for e in c.entries:
        k = kinds(c, e.name)
        if e.name.startswith("Asesinos de Véspero"):
            # Véspero's own fear (his body; test_army_rules_renown3)
            assert k["La Máscara de la Muerte"] == "note"
        if e.name.startswith("Marco Colombo"):
            assert "Gema de Lustria" not in k and "Calabaza de vino de Lustria" not in k
            assert {"lustria_gem", "wine_gourd"} <= set(c.unit(e.name).special)
            assert k["Pergamino de Arabia"] == "no_combat_effect"
        if e.name.startswith("Montaraces de Bugman"):
            assert k["Jarra de cerveza de Bugman"] == "no_combat_effect"


# --------------------------------------------------------------------------- Pellejo de Wulfag


def test_wulfag_pelt_pursues_three_dice_more():
    """Regimientos de Renombre, Oglah Khan's "Pellejo de Wulfag": "Oglah y su unidad siempre
    deben perseguir, si pueden hacerlo. Cada vez que Oglah y su unidad persigan a una unidad
    desmoralizada en combate, pueden perseguir +3D6cm adicionales. Esta distancia se añade
    únicamente a la persecución".

    Nobody can wound; the wolf riders (M22: 8D6) win by +5 static against cavalry of Ld 2
    (M20: 8D6), who always break: caught with P(11D6 >= 8D6) = 0.92993..., or P(8D6 >= 8D6)
    = (1 + P(8D6 = 8D6)) / 2 = 0.52890... without the pelt (then Ld 7 riders may hold back:
    P(2D6 <= 7) = 21/36); the riders still flee 8D6, and with the pelt never test."""
    assert round(p_at_least(11, 8), 5) == 0.92993
    assert abs(p_at_least(8, 8) - (1 + float((sum_pmf(8) ** 2).sum())) / 2) < 1e-12
    for pelt, seed in ((True, 311), (False, 312)):
        riders = fighter("Jinetez", 5, 5, S=1, T=10, M=22, troop_type="cavalry",
                         special=["must_pursue", "pursuit_3d6_more"] if pelt else [])
        prey = fighter("Presa", 5, 5, S=1, T=10, M=20, troop_type="cavalry", Ld=2)
        model = build(riders, prey, SideOptions(static_bonus=5),
                      options=CombatOptions(max_rounds=1, charger="none",
                                            restrain_pursuit=True))
        assert model.sides[0, S_FLEE_DICE] == 8 and model.sides[1, S_FLEE_DICE] == 8
        assert model.sides[0, S_PURSUE_DICE] == (11 if pelt else 8)
        assert model.sides[0, S_HATRED] == pelt  # must pursue: no test to hold back
        out = simulate(model, N, seed)
        assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N  # always breaks
        # without the pelt, the riders (Ld 7) may hold back: P(pass) = 21/36
        hold = 0.0 if pelt else 21 / 36
        assert_mc(out["status"][1, CAUGHT] / N,
                  (1 - hold) * p_at_least(11 if pelt else 8, 8), N,
                  what=f"fleers caught (pelt {pelt})")
    # the dice budget covers the 3 extra pursuit dice
    assert dice_budget(model) >= 8


@needs_data
def test_oglah_khan_carries_the_pelt():
    """Spot check against the XML: "Oglah Khan (líder)" M- HA5 HP4 F4 R4 H2 I3 A3 L7 on a
    "Lobo gigante" M22, his fixed item "Pellejo de Wulfag" read as must_pursue and
    pursuit_3d6_more; nothing of the unit is left reported."""
    c = cat(RR)
    for e in c.entries:
        if not e.name.startswith("Jinetez de lobo de Oglah Khan"):
            continue
        u = c.unit(e.name)
        ch = u.champion_profile
        assert (ch.M, ch.WS, ch.S, ch.T, ch.W, ch.I, ch.A, ch.Ld) == (22, 5, 4, 4, 2, 3, 3, 7)
        assert u.has("must_pursue") and u.has("pursuit_3d6_more")
        assert not [i for i in c.report.for_unit(e.name)
                    if i.kind in ("ignored", "approximated")]
        model = build(u, fighter("Blanco"))
        assert model.sides[0, S_PURSUE_DICE] == 11


# --------------------------------------------------------------------------- Bugman


def _rangers(name, models, special, *, WS=3, init=1, champion_T=10):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": 5,
        "profile": {"M": 8, "WS": WS, "BS": 3, "S": 1, "T": 10, "W": 1, "I": init, "A": 1,
                    "Ld": 7},
        "command": {"champion": True}, "champion_profile": {"T": champion_T},
        "rules": {"special": list(special)},
    })


def test_bugman_keeps_fear_away_while_he_lives():
    """Regimientos de Renombre "Montaraces de Bugman": "Mientras Bugman siga vivo, Bugman y la
    unidad son Inmunes a miedo e Inmunes a terror" (RULES.md §3.2 step 3, §3.3).

    Ten rangers (US 10) face twenty fear-causing models (US 21 with their champion); nobody
    can wound but the champions, who duel: the enemy's (WS10 S1, two attacks, striking
    first) kills the rangers' T1 champion with P = 1 - (2/3)^2 = 5/9 (3+ to hit, 4+ to
    wound, no save).  The rangers lose by 3 (ranks +3, outnumber +1 against ranks +1) or
    more: Bugman alive, they test Ld 7 - 3 (break 30/36); Bugman dead, fear breaks them.
    P(break) = 5/9 + 4/9 x 30/36 = 300/324; without the rule 1."""
    from odds.combat.model import FRONT, S_FEARLESS, build_units

    for special, p_break, seed in ((["leader_fearless"], 300 / 324, 313), ([], 1.0, 314)):
        rangers = _rangers("R", 10, special, champion_T=1)
        enemy = _rangers("E", 20, ["fear"], WS=10, init=3)
        model = build_units([rangers, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                            [None, None], CombatOptions(max_rounds=1, charger="none"),
                            challenge=["champion", "champion"])
        assert model.sides[0, S_FEARLESS] == bool(special)
        out = simulate(model, N, seed)
        assert_mc(out["breaks"][0, 0] / N, p_break, N, what=f"rangers break ({special})")
    # without Bugman (no champion) the rule does nothing
    bare = _rangers("R", 10, ["leader_fearless"]).replace(
        command=_rangers("R", 10, []).command.replace(champion=False))
    assert build(bare, _rangers("E", 20, ["fear"])).sides[0, S_FEARLESS] == 0


def test_bugman_takes_no_fear_or_terror_test_at_the_charge():
    """Charged by a terror-causing unit, the rangers take no test while Bugman leads them
    (``charge_exact``: a plain charge with certainty); without him they test terror on Ld 7
    and flee with P = 1 - 21/36."""
    from odds.combat.api import charge_exact
    from odds.combat.model import F_TARGET_LD

    monster = _rangers("Terror", 5, ["terror"])
    for champion, p_fled in ((True, 0.0), (False, 15 / 36)):
        rangers = _rangers("R", 10, ["leader_fearless"])
        rangers = rangers.replace(command=rangers.command.replace(champion=champion))
        model = build(monster, rangers, options=CombatOptions(max_rounds=1))
        assert bool(model.flags[F_TARGET_LD]) == (not champion)
        assert abs(charge_exact(model)["p_fled"] - p_fled) < 1e-12


@needs_data
def test_bugman_from_the_catalogue():
    """Spot check against the XML: "Josef Bugman (líder)" M8 HA6 HP5 F4 R5 H2 I4 A3 L10 with
    "Hacha de Bugman" ("Arma de mano. Lleva una Runa de la Fuerza (F+1) y una Runa de la
    Furia (A+1)"): F5 A4 with a hand weapon; "Montaraz" M8 HA5 HP3 F4 R4 H1 I2 A1 L9; the
    unit immune to panic and to fear while Bugman lives; nothing left reported."""
    c = cat(RR)
    for name in (e.name for e in c.entries if e.name.startswith("Montaraces de Bugman")):
        u = c.unit(name)
        p, ch = u.profile, u.champion_profile
        assert (p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (8, 5, 3, 4, 4, 1, 2, 1, 9)
        assert (ch.M, ch.WS, ch.BS, ch.S, ch.T, ch.W, ch.I, ch.A, ch.Ld) == (
            8, 6, 5, 5, 5, 2, 4, 4, 10)
        assert u.champion_weapon == "hand_weapon" and u.equipment.weapon == "great_weapon"
        assert u.has("leader_fearless") and u.has("immune_to_panic")
        assert kinds(c, name)["Hacha de Bugman"] == "note"
        assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")]


# --------------------------------------------------------------------------- leaders' own rules


@needs_data
def test_a_leader_s_own_rules_are_not_his_unit_s():
    """Rules under a leader's entry are the leader's (a Leader "a efectos generales ... es un
    personaje"): Ennio Mordini's "Golpe letal" and "Ataques mágicos" are not his skeletons'
    (champion_special, he fights as a body of his own); "Richter Kreugar (no el resto de la
    compañía) odia al resto de No Muertos" is not the company's hatred (his own); Oglah
    Khan's "Pellejo de Wulfag" ("Oglah y su unidad") stays the unit's."""
    from odds.combat.model import G_KB, G_WOUND, RANK_AND_FILE

    c = cat(RR)
    name = next(e.name for e in c.entries if e.name.startswith("Legión de Pesadilla"))
    u = c.unit(name)
    assert u.champion_special == ("killing_blow", "magic_attacks")
    assert not u.has("killing_blow") and not u.has("magic_attacks")
    assert kinds(c, name)["Golpe letal"] == kinds(c, name)["Ataques mágicos"] == "note"
    # against ethereal men: only Ennio's magic blows wound (gst "Etéreos"), he alone slays
    ghosts = fighter("Espectros", special=["ethereal"])
    model = build(u, ghosts, options=CombatOptions(max_rounds=1))
    ennio = model.names.index(f"{u.name} champion")
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 7  # impossible
    assert model.groups[ennio, 1, RANK_AND_FILE, 0, G_WOUND] == 3  # S4 against T3
    assert model.groups[ennio, 1, RANK_AND_FILE, 0, G_KB] == 1
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_KB] == 0
    for e in c.entries:
        if e.name.startswith("Compañía maldita de Kreugar"):
            assert c.unit(e.name).hatred == ()
            # his own (Unit.champion_hatred, test_army_rules_kreugar), not the company's
            assert c.unit(e.name).champion_hatred == ("undead",)
            assert kinds(c, e.name)["Odio a los No Muertos"] == "note"
        if e.name.startswith("Jinetez de lobo de Oglah Khan"):
            assert c.unit(e.name).has("pursuit_3d6_more")


@needs_data
def test_a_leader_s_talisman_is_his_own_ward():
    """"Talismán Colmillo de Oso": "Talismán. Beorg tiene una Tirada de salvación especial de
    4+"; "Gema del Desierto": "Talismán que le proporciona una tirada de salvación especial de
    6+"; "Gema oscura de los condenados": "Richter tiene una Tirada de salvación especial de
    4+": each leader's own ward (his body's G_WARD), his unit none (7)."""
    from odds.combat.model import G_WARD, RANK_AND_FILE

    c = cat(RR)
    for start, ward in (("Hombres Oso de Urslo", 4), ("Comando Mortal", 6),
                        ("Compañía maldita de Kreugar", 4)):
        for name in (e.name for e in c.entries if e.name.startswith(start)):
            u = c.unit(name)
            assert (u.champion_ward, u.ward_save) == (ward, 0)
            assert unit_from_dict(u.to_dict()) == u
            model = build(fighter("E"), u, options=CombatOptions(max_rounds=1))
            leader = model.names.index(f"{u.name} champion")
            assert model.groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 7
            assert model.groups[0, leader, RANK_AND_FILE, 0, G_WARD] == ward


# --------------------------------------------------------------------------- ¿Y si es él?


@needs_data
def test_the_death_commando_never_strikes_a_vampire():
    """Comando Mortal de Mullah Aklan'd "¿Y si es él?": "En combate cuerpo a cuerpo, nunca
    atacarán a miniaturas de tipo Vampiro ... se considera que fallan todos sus ataques
    contra miniaturas de tipo Vampiro".  Condes Vampiro "Caballeros sangrientos" (Tipo
    "Caballería, No Muerto, Vampiro, Dragón Sangriento") are vampires (and undead: hated
    where the undead are); "Zombis" are not.  Charging the knights the commandos cause no
    wound in any first round (exact engine and kernel); charging zombies they do."""
    from odds.combat.exact import first_round_exact

    c = cat(RR)
    vc = cat("MDNR_Condes_Vampiro_v5.cat")
    knights = vc.unit("Caballeros sangrientos")
    assert knights.race == "vampire" and {"vampire", "undead"} <= knights.tags
    assert fighter("Cazadores").replace(hatred=("undead",)).hates(knights)
    zombies = vc.unit(next(e.name for e in vc.entries if e.name.startswith("Zombis")))
    assert "vampire" not in zombies.tags
    for name in (e.name for e in c.entries if e.name.startswith("Comando Mortal")):
        commando = c.unit(name)
        assert commando.has("spares_vampires")
        plain = commando.replace(members=(), champion_ward=0)  # no bodies: the exact engine
        model = build(plain, knights, options=CombatOptions(max_rounds=1, charge_tests=False))
        assert abs(first_round_exact(model)["wounds"][0][0] - 1.0) < 1e-12
        out = simulate(build(commando, knights, options=CombatOptions(
            max_rounds=1, charge_tests=False)), 20_000, 315)
        assert out["w1"][0, 0] == out["rounds"][1:].sum() == 20_000
        model = build(plain, zombies, options=CombatOptions(max_rounds=1, charge_tests=False))
        assert first_round_exact(model)["wounds"][0][0] < 0.01
        assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")]
