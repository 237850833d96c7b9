"""Weapons and Regimientos de Renombre rules modelled for issue 11, from the catalogues' text.

Engine checks compare the kernel and the exact first round with a probability worked out by
hand (z = 5, fixed seed); catalogue spot checks are written by hand from the rule
descriptions in ../shared/battlescribe/ (skipped when the folder is absent).
"""

from __future__ import annotations

from math import comb

import pytest
from conftest import assert_distribution, cat, first_round_shares, kinds, needs_data

from odds import rules
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    BRACED_KEY,
    CHAMPION,
    G_ATTACKS,
    G_KEY,
    G_RANKS,
    G_SAVE,
    G_WOUND,
    RANK_AND_FILE,
    CombatOptions,
    build,
)
from odds.units import Command, unit_from_dict
from odds.validation import OddsInputError

N = 200_000


def entry(catalogue, start: str) -> str:
    return next(e.name for e in catalogue.entries if e.name.startswith(start))


def fighter(name, models=10, files=10, *, S=3, T=3, save=7, weapon="hand_weapon",
            troop_type="infantry", special=()):
    return unit_from_dict({
        "name": name, "troop_type": troop_type, "models": models, "files": files,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": S, "T": T, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"weapon": weapon, "armour_save_override": save},
        "rules": {"special": list(special)},
    })


# ----------------------------------------------------------------- pistols (RULES.md §1.7)


def test_pistol_weapons_by_the_table():
    """RULES.md §1.7 "Pistol in CC | S4 + armour piercing, first round only | brace = two
    hand weapons (+1 A)"; MDNR gst "Par de pistolas": "Sólo infantería. Requiere ambas manos";
    Regimientos de Renombre "¡Montones de pistolas!": "todas las rondas de combate"."""
    brace, heaps = rules.WEAPONS["brace_of_pistols"], rules.WEAPONS["heaps_of_pistols"]
    assert brace.extra_attacks == heaps.extra_attacks == 1
    assert brace.two_handed and brace.foot_only and heaps.two_handed
    # the shot is S4 whatever the wielder's S, in the first round only for a brace
    for s in (2, 3, 5):
        assert rules.weapon_strength(s, "brace_of_pistols", charging=True, first_round=True) == 4
        assert rules.weapon_strength(s, "brace_of_pistols", charging=False,
                                     first_round=False) == s
        assert rules.weapon_strength(s, "heaps_of_pistols", charging=False,
                                     first_round=False) == 4
    assert rules.weapon_shoots("brace_of_pistols", first_round=True)
    assert not rules.weapon_shoots("brace_of_pistols", first_round=False)
    assert rules.weapon_shoots("heaps_of_pistols", first_round=False)
    assert not rules.weapon_shoots("hand_weapon", first_round=True)
    with pytest.raises(OddsInputError, match="for models on foot"):
        fighter("P", weapon="brace_of_pistols", troop_type="cavalry")


def test_white_wolf_hammer():
    """MDNR Imperio "Martillo del lobo blanco": "Requiere ambas manos. F+1. Si la miniatura
    va montada, tiene F+2 en el turno en que carga" (on foot the halberd of RULES.md §1.7)."""
    for charging, s in ((True, 5), (False, 4)):
        assert rules.weapon_strength(3, "white_wolf_hammer", charging=charging,
                                     first_round=True) == s
    assert rules.weapon_strength(3, "halberd", charging=True, first_round=True) == 4
    assert rules.WEAPONS["white_wolf_hammer"].two_handed


@pytest.mark.parametrize("weapon, p_first, wound_later, save_later", [
    # first round: 10 attacks (A1 + 1), hit 4+ (1/2), S4 v T4 wound 4+ (1/2), the 5+ save at
    # -1 for S4 and -1 armour piercing: none -- 1/4 per attack; later S3: wound 5+, save 5+
    ("brace_of_pistols", 1 / 4, 5, 5),
    # "¡Montones de pistolas!": the shot in every round
    ("heaps_of_pistols", 1 / 4, 4, 7),
    # a plain hand weapon: 5 attacks, wound 5+ (1/3), save 5+ (fails 2/3): 1/9 per attack
    ("hand_weapon", 1 / 9, 5, 5),
])
def test_pistols_in_close_combat(weapon, p_first, wound_later, save_later):
    """Five WS3 S3 models charge twenty WS3 T4 models with a 5+ save: the wounds caused in
    the first round are Binomial(attacks, p), exact and simulated (RULES.md §1.7, §1.2)."""
    a = fighter("Pistoleros", 5, 5, weapon=weapon)
    d = fighter("Blanco", 20, 10, T=4, save=5)
    model = build(a, d, options=CombatOptions(max_rounds=1))
    first, later = model.groups[0, 1, RANK_AND_FILE, 0], model.groups[0, 1, RANK_AND_FILE, 1]
    n = 10 if weapon != "hand_weapon" else 5
    assert first[G_ATTACKS] * 5 == n and later[G_ATTACKS] == first[G_ATTACKS]
    assert (later[G_WOUND], later[G_SAVE]) == (wound_later, save_later)
    pmf = [comb(n, k) * p_first ** k * (1 - p_first) ** (n - k) for k in range(n + 1)]
    exact = first_round_exact(model)["wounds"][0]
    assert exact[: n + 1] == pytest.approx(pmf, abs=1e-12)
    out = simulate(model, N, 1107)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what=f"{weapon}: wounds in the first round")


def test_a_volley_of_pistols_on_horseback():
    """MDNR Imperio "Descarga cerrada": "en la primera ronda de cada combate, cada Herreruelo
    puede realizar 2 ataques de F4 con Poder de penetración ... En las demás rondas puede
    efectuar un único ataque de F3 (más su caballo)".

    Five WS3 S3 A1 cavalry models (no steed profile) charge twenty WS3 T4 models with a
    5+ save: ten attacks at 1/2 * 1/2 (no save left) = 1/4 in the first round, exact and
    simulated; then five attacks at S3 (wound 5+, save 5+)."""
    a = fighter("Herreruelos", 5, 5, weapon="volley_of_pistols", troop_type="cavalry")
    d = fighter("Blanco", 20, 10, T=4, save=5)
    model = build(a, d, options=CombatOptions(max_rounds=1))
    first, later = model.groups[0, 1, RANK_AND_FILE, 0], model.groups[0, 1, RANK_AND_FILE, 1]
    assert (first[G_ATTACKS], first[G_WOUND], first[G_SAVE]) == (2, 4, 7)
    assert (later[G_ATTACKS], later[G_WOUND], later[G_SAVE]) == (1, 5, 5)
    pmf = [comb(10, k) * 0.25 ** k * 0.75 ** (10 - k) for k in range(11)]
    assert first_round_exact(model)["wounds"][0][:11] == pytest.approx(pmf, abs=1e-12)
    out = simulate(model, N, 1109)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what="wounds of a volley of pistols")
    with pytest.raises(OddsInputError, match="for mounted models"):
        fighter("P", weapon="volley_of_pistols")


@needs_data
def test_herreruelos_fire_a_volley():
    """MDNR Imperio, Herreruelos: "Par de pistolas" (gst: "Sólo infantería") and "Descarga
    cerrada" on "Herreruelo" HA3 F3 A1 with a "Caballo de guerra": the volley weapon."""
    c = cat("MDNR_Imperio v4_5.cat")
    u = c.unit("Herreruelos")
    assert u.troop_type == "cavalry" and u.equipment.weapon == "volley_of_pistols"
    assert (u.profile.WS, u.profile.S, u.profile.A) == (3, 3, 1)
    assert not [i for i in c.report.for_unit("Herreruelos")
                if i.kind in ("ignored", "approximated")]


# ----------------------------------------------------------------- Formación mixta (pikes)


def test_pikes_behind_a_front_rank_are_not_braced():
    """MDNR Regimientos de Renombre "Formación mixta" (Pirazzo): "la primera fila no tiene
    picas (por lo que no atacarían primero si reciben una carga, ni tendrían bonificación
    contra caballería)"; the pikes behind still fight in four ranks (three on the charge)."""
    charger = fighter("C", 1, 1, troop_type="cavalry")
    for special, braced in (((), True), (("pikes_behind",), False)):
        pikes = fighter("Piqueros", 4, 1, weapon="pike", special=special)
        row = build(charger, pikes, options=CombatOptions(max_rounds=1)).groups[
            1, 0, RANK_AND_FILE, 0]
        assert (row[G_KEY] == BRACED_KEY) == braced
        assert row[G_RANKS] == 4 and row[G_WOUND] == (3 if braced else 4)


# ----------------------------------------------------------------- the catalogues


@needs_data
def test_drong_s_pirates_fight_with_heaps_of_pistols():
    """Regimientos de Renombre, Matadores Pirata de Drong el Largo: "¡Montones de pistolas!"
    (every round S4 armour piercing, one more attack); "Pistola (solo una por fase de
    disparo)" is the profile "Pistola (disparo)" only; "Matador pirata" M8 HA4 F3 R4 A1."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    for name in (e.name for e in c.entries if e.name.startswith("Matadores Pirata de Drong")):
        u = c.unit(name)
        assert u.equipment.weapon == "heaps_of_pistols"
        assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.A) == (4, 3, 4, 1)
        k = kinds(c, name)
        assert "¡Montones de pistolas!" not in k
        assert k["Pistola (solo una por fase de disparo)"] == "no_combat_effect"
        assert not [i for i, v in k.items() if v in ("ignored", "approximated")]


@needs_data
def test_brace_of_pistols_from_the_catalogues():
    """Regimientos de Renombre, Compañía dragón de Ulther: "Guerrero de la Compañía" with
    "Arma de mano" and "Par de pistolas" (gst: "cuentan como dos armas de mano ... F4 y con
    Poder de Penetración"); the leader fights with his "Hacha de Ulther" (a hand weapon: the
    brace "Requiere ambas manos"; tests/test_army_rules_ulther.py)."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = entry(c, "Compañía dragón de Ulther")
    u = c.unit(name)
    assert u.equipment.weapon == "brace_of_pistols"
    assert u.champion_weapon_key == "hand_weapon"
    k = kinds(c, name)
    assert "Par de pistolas" not in k and k["Hacha de Ulther"] == "note"
    # "Cuerno del Dragón": "al inicio de tu fase de movimiento ... Todas las unidades enemigas
    # a 30cm o menos del músico deben hacer un chequeo de Pánico": engaged enemies panic too
    # (RULES.md §3.4 "Units that panic while engaged"): modelled (dragon_horn)
    assert "Cuerno del Dragón" not in k and u.has("dragon_horn")


@needs_data
def test_pirazzo_s_lost_legion():
    """Regimientos de Renombre, Legión Perdida de Pirazzo: pikemen behind a front rank of
    crossbowmen ("Formación mixta"), "Legionario Perdido" HA3 F3 R3, light armour."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = entry(c, "Legión Perdida de Pirazzo")
    u = c.unit(name)
    assert u.equipment.weapon == "pike" and u.has("pikes_behind")
    assert u.equipment.armour == "light" and (u.profile.WS, u.profile.S) == (3, 3)
    assert "Formación mixta" not in kinds(c, name)


@needs_data
def test_named_hatred_of_the_tomb_kings_and_arabia():
    """Regimientos de Renombre, Caballeros de la Llama Purificadora: "Odio a Reyes
    Funerarios" is hatred of the army of MDNR Reyes Funerarios; "Odio a Arabia": "También
    odian a Regimientos de Renombre de Arabia, como los Perros del Desierto de Al Muktar y
    al Comando Mortal de Mullah Aklan'd" -- those entries carry the army tag "arabia"."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = entry(c, "Caballeros de la Llama Purificadora")
    u = c.unit(name)
    assert u.hatred == ("arabia", "tomb_kings")
    tk = cat("MDNR_Reyes_Funerarios v5.cat")
    assert u.hates(tk.unit(tk.entries[0].name))
    assert not u.hates(cat("MDNR_Imperio v4_5.cat").unit("Lanceros"))
    for start in ("Perros del Desierto de Al Muktar", "Comando Mortal de Mullah"):
        for e in (e for e in c.entries if e.name.startswith(start)):
            arab = c.unit(e.name)
            assert arab.army == "arabia" and arab.tags == {"arabia", "human"}
            assert u.hates(arab)
    assert not u.hates(c.unit(entry(c, "Compañía Alcatani")))  # a regiment of renown
    k = kinds(c, name)
    assert "Odio a Reyes Funerarios" not in k and "Odio a Arabia" not in k


@needs_data
def test_shooting_only_rules_and_weapons():
    """Read in the catalogues, each only shoots or acts out of combat: Marco Colombo's
    "Cazador ballestero" ("puede Mover y disparar con su Ballesta"), Mengil's "Pistola
    ballesta" ("Alcance 20cm. Fuerza 3. Disparos múltiples x3"), Enanos del Caos "Trabuco"
    ("un arma de proyectiles ... con un área de efecto")."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    marco = entry(c, "Marco Colombo")
    assert kinds(c, marco)["Cazador ballestero"] == "no_combat_effect"
    mengil = entry(c, "Desolladores de Mengil")
    assert kinds(c, mengil)["Pistola ballesta"] == "no_combat_effect"
    ec = cat("MDNR_Enanos_del_Caos v4_5.cat")
    assert kinds(ec, "Trabuqueros")["Trabuco"] == "no_combat_effect"
    assert ec.unit("Trabuqueros").equipment.weapon == "hand_weapon"


@needs_data
def test_weapons_listed_as_rules_or_options():
    """Enanos del Caos "Guja ardiente (combate)": "En combate se trata como una Alabarda
    (requiere ambas manos, F+1) ... En ambos casos tiene Ataques flamígeros"; Imperio
    "Martillo del lobo blanco" on foot (Guardia teutógena): "Requiere ambas manos. F+1";
    Amazonas de Anakonda "Garras de los ancestrales (cuerpo a cuerpo)": "F+1. Además,
    proporciona a las Amazonas una tirada de salvación especial de 6+"."""
    ec = cat("MDNR_Enanos_del_Caos v4_5.cat")
    g = ec.unit("Gujas ardientes")
    assert g.equipment.weapon == "halberd" and g.has("flaming_attacks")
    assert "Guja ardiente" not in kinds(ec, "Gujas ardientes")
    r = cat("MDNR_Regimientos_de_Renombre v5.cat")
    amazons = entry(r, "Amazonas de Anakonda")
    a = r.unit(amazons)
    assert a.equipment.weapon == "ancestral_claws" and a.ward_save == 6
    assert "Garras de los ancestrales (cuerpo a cuerpo)" not in kinds(r, amazons)
    assert rules.weapon_strength(3, "ancestral_claws", charging=False, first_round=False) == 4
    im = cat("MDNR_Imperio v4_5.cat")
    assert im.unit("Guardia teutógena").equipment.weapon == "halberd"
    assert "Martillo del lobo blanco" not in kinds(im, "Guardia teutógena")
    # a rule named for a hand weapon is read like any rule: Condes Vampiro "Garras (arma de
    # mano)" also says "Sus ataques se consideran Ataque de frío ... las miniaturas Inmunes a
    # frío nunca recibirán heridas": the rule cold_attacks (tests/test_cold_attacks.py)
    vc = cat("MDNR_Condes_Vampiro_v5.cat")
    name = entry(vc, "Demonio de los lamentos")
    assert vc.unit(name).has("cold_attacks")
    assert "Garras (arma de mano)" not in kinds(vc, name)


# ----------------------------------------------------------------- the champion's own weapon


def test_the_champion_fights_with_its_own_weapon():
    """Unit.champion_weapon (MDNR Regimientos de Renombre leaders' gear): five WS3 S3 T3
    models with hand weapons charge twenty WS3 T3 models, no saves; their champion (A2)
    carries a great weapon (RULES.md §1.7: +2 S, strikes last except on the charge).

    The four rank and file wound with 1/2 * 1/2 = 1/4 each, the champion with S5 against
    T3 (2+) 1/2 * 5/6 = 5/12 each: first-round wounds are Bin(4, 1/4) + Bin(2, 5/12),
    exact and simulated.  In later rounds only the champion strikes last."""
    a = fighter("Regimiento", 5, 5).replace(champion_weapon="great_weapon",
                                            command=Command(champion=True))
    d = fighter("Blanco", 20, 10)
    model = build(a, d, options=CombatOptions(max_rounds=1))
    rf, ch = model.groups[0, 1, RANK_AND_FILE], model.groups[0, 1, CHAMPION]
    assert rf[0, G_WOUND] == 4 and ch[0, G_WOUND] == 2 and ch[0, G_ATTACKS] == 2
    assert ch[0, G_KEY] == rf[0, G_KEY]  # both charge
    assert ch[1, G_KEY] > rf[1, G_KEY]  # then the great weapon strikes last
    r = [comb(4, k) * 0.25 ** k * 0.75 ** (4 - k) for k in range(5)]
    c = [comb(2, k) * (5 / 12) ** k * (7 / 12) ** (2 - k) for k in range(3)]
    pmf = [sum(r[i] * c[k - i] for i in range(5) if 0 <= k - i <= 2) for k in range(7)]
    exact = first_round_exact(model)["wounds"][0]
    assert exact[:7] == pytest.approx(pmf, abs=1e-12)
    out = simulate(model, N, 1108)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what="wounds with the champion's great weapon")


def test_champion_weapon_is_validated_and_kept():
    """The champion's weapon is a weapon of RULES.md §1.7 its troop type can carry; it
    survives the TOML round trip (``equipment.champion_weapon``)."""
    u = fighter("R", 5, 5).replace(champion_weapon="additional_hand_weapon")
    assert u.champion_weapon_key == "additional_hand_weapon"
    assert unit_from_dict(u.to_dict()) == u
    assert fighter("R").champion_weapon_key == "hand_weapon"
    with pytest.raises(OddsInputError, match=r"equipment\.champion_weapon"):
        unit_from_dict({**u.to_dict(), "equipment": {"champion_weapon": "sword"}})
    with pytest.raises(OddsInputError, match="champion_weapon: lance is for mounted"):
        u.replace(champion_weapon="lance")


@needs_data
def test_regiment_leaders_fight_with_their_own_weapons():
    """Regimientos de Renombre: Compañía Alcatani's pikemen ("Pica") are led by Alcatani
    with "Dos armas de mano"; Leopold leads his pikemen with an "Arma de mano" and a "Pistola"
    (hand_weapon_and_pistol: test_army_rules_renown3, the pistol once dropped); Darkhoth
    (Discípulos de la Redención Roja) has "Dos armas de mano" beside the disciples'
    "Mangual" and "Escudo" -- his own save in close combat (light armour, the shield unused
    with two hand weapons: 6+, the disciples' 5+) makes him fight as a body of his own."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    alcatani = c.unit(entry(c, "Compañía Alcatani"))
    assert alcatani.equipment.weapon == "pike"
    assert alcatani.champion_weapon == "additional_hand_weapon"
    assert kinds(c, entry(c, "Compañía Alcatani"))["Dos armas de mano"] == "note"
    leopold = c.unit(entry(c, "Compañía del Leopardo"))
    assert (leopold.equipment.weapon, leopold.champion_weapon) == ("pike",
                                                                   "hand_weapon_and_pistol")
    name = entry(c, "Discípulos de la Redención Roja")
    u = c.unit(name)
    assert (u.equipment.weapon, u.champion_weapon) == ("morning_star", "additional_hand_weapon")
    assert ("Dos armas de mano", "note") in {(i.item, i.kind) for i in c.report.for_unit(name)}
    assert (u.armour_save, u.champion_save) == (5, 6)
    # Chronus carries "Arma de mano", "Lanza" and "Arma a dos manos": the knights' choice
    knights = c.unit(entry(c, "Caballeros de la Llama Purificadora"))
    assert knights.champion_weapon == ""


@needs_data
def test_harboth_s_two_choppas():
    """Regimientos de Renombre "Dos rebanadoras": Harboth "cuenta como si tuviera dos armas
    de mano (realiza, pues, 4 ataques) y todos ellos con F+1 en el turno en que carga":
    "Harboth (líder)" A3 becomes A4 with the unit's choppa ("Rebanadora")."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    for name in (e.name for e in c.entries if e.name.startswith("Harboth")):
        u = c.unit(name)
        assert u.champion_profile.A == 4 and u.profile.A == 1
        assert u.choppa and u.champion_weapon == ""
        assert kinds(c, name)["Dos rebanadoras"] == "note"
        model = build(u, fighter("Blanco", 20, 10), options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, CHAMPION, 0, G_ATTACKS] == 4


@needs_data
def test_lucca_s_pistol():
    """Regimientos de Renombre "Pistola de Lucca": "Lucca lleva también pistola, así que
    cuenta como dos armas de mano"; his "Pistola (cuerpo a cuerpo)": "Fuerza=4 el primer
    turno de combate", "Poder de penetración el primer turno de combate" (RULES.md §1.7).
    "Lucca Braganza (líder)" (A3 F4, printed) fights as a body with 3 hand-weapon blows and
    the pistol's one, armour piercing in the first round only.

    Against T7 (the crossbowmen's S3 cannot wound) with a 4+ save, Lucca (WS5: 3+ to hit,
    S4: 6+ to wound) charging: each hand-weapon blow is an unsaved wound with 2/3 x 1/6 x
    4/6 = 2/27 (5+ save), the pistol's with 2/3 x 1/6 x 5/6 = 5/54 (6+):
    Binomial(3, 2/27) convolved with Bernoulli(5/54)."""
    import numpy as np

    from odds.combat.model import CREW, G_SAVE

    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    for name in (e.name for e in c.entries if e.name.startswith("Ballesteros de Braganza")):
        u = c.unit(name)
        assert (u.champion_profile.A, u.champion_profile.S) == (3, 4)
        assert (u.equipment.weapon, u.champion_weapon) == ("hand_weapon",
                                                           "hand_weapon_and_pistol")
        assert kinds(c, name)["Pistola de Lucca"] == "note"
        target = fighter("Blanco", 20, 10, T=7, save=4)
        model = build(u, target, options=CombatOptions(max_rounds=2))
        lucca = model.names.index(f"{name} champion")
        rows = model.groups[lucca, 1]
        assert (rows[RANK_AND_FILE, 0, G_ATTACKS], rows[CREW, 0, G_ATTACKS]) == (3, 1)
        assert (rows[RANK_AND_FILE, 0, G_SAVE], rows[CREW, 0, G_SAVE]) == (5, 6)
        assert rows[CREW, 1, G_SAVE] == 5  # no shot after the first round
    pmf = np.convolve([comb(3, k) * (2 / 27) ** k * (25 / 27) ** (3 - k) for k in range(4)],
                      [49 / 54, 5 / 54])
    out = simulate(build(u, target, options=CombatOptions(max_rounds=1)), 200_000, 4242)
    sim = first_round_shares(out, 0, 200_000)
    assert_distribution(sim, list(pmf), 200_000, what="Lucca's first round")
