"""Army-book rules of issue 11: steeds' own rules, strength on the charge, pursuit rules.

Catalogue checks are written by hand from the rule descriptions in
../shared/battlescribe/ (skipped when the folder is absent); engine checks
compare the kernel with a probability worked out by hand at z = 5 with a
fixed seed (``RULES.md`` sections cited per test).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import (
    assert_distribution,
    assert_mc,
    cat,
    clean,
    first_round_shares,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    CAT_ASF,
    CAUGHT,
    ESCAPED,
    G_KEY,
    G_POISON,
    G_WARD,
    G_WOUND,
    MOUNT,
    RANK_AND_FILE,
    S_CAN_PURSUE,
    S_HATRED,
    CombatOptions,
    SideOptions,
    build,
)
from odds.dice import p_ge, sum_pmf
from odds.units import MountProfile, Profile, unit_from_dict
from odds.validation import OddsInputError

N = 200_000


fighter = infantry  # conftest: plain infantry of one-wound models


def rider(mount: MountProfile, **rules):
    """One cavalry model whose rider cannot hurt anyone (A0): only its steed fights."""
    return fighter("Jinete", 1, 1, T=10, **rules).replace(
        troop_type="cavalry", profile=Profile(M=18, WS=3, BS=3, S=3, T=10, W=1, I=1, A=0, Ld=7),
        mount=mount)


# ----------------------------------------------------------------- steeds' own rules


def test_steed_poison_and_strike_first_are_the_steeds_only():
    """MDNR Reinos del Caos (Diablillas montadas) "Siempre ataca primero (sólo Corcel)" and
    "Ataques envenenados 6+ (sólo Córcel)": "Un resultado de 6 en la tirada para impactar
    implica superar directamente la tirada para herir" (RULES.md §1.6, §1.2).

    The rider has the steed's I1 and attacks of its own; one steed WS3 S3 against one WS3 T3
    enemy model that charges it with I10: hits on 4+, a natural 6 wounds (1/6), a 4 or 5
    wounds on 4+ (1/6): p = 1/3 (1/4 without poison).  Striking first, the steed kills the
    charger before it strikes, so the rider (T3 here) is wounded with (1 - 1/3) * 1/4; a
    steed without the rule strikes after the charger: 1/4.  Exact first round and kernel."""
    steed = MountProfile(WS=3, S=3, I=1, A=1, poisoned=6, special=("always_strikes_first",))
    for own_rules, p_kill, p_hurt, seed in ((True, 1 / 3, (1 - 1 / 3) / 4, 70),
                                            (False, 1 / 4, 1 / 4, 71)):
        m = steed if own_rules else MountProfile(WS=3, S=3, I=1, A=1)
        r = rider(m).replace(profile=Profile(M=18, WS=3, BS=3, S=3, T=3, W=1, I=1, A=1, Ld=7))
        enemy = fighter("E", 1, 1, I=10)
        model = build(r, enemy, options=CombatOptions(max_rounds=1, charger="defender"))
        steed_key = model.groups[0, 1, MOUNT, 0, G_KEY]
        assert bool(steed_key // 16 == CAT_ASF) == own_rules
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_KEY] // 16 != CAT_ASF  # not the rider
        assert model.groups[0, 1, MOUNT, 0, G_POISON] == (6 if own_rules else 7)
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_POISON] == 7
        exact = first_round_exact(model)["wounds"]
        # wounds on the enemy: the steed's (the rider strikes last, at I1, if both live)
        assert abs(exact[1][1] - p_hurt) < 1e-12
        out = simulate(model, N, seed)
        sim = first_round_shares(out, 1, N)
        assert_distribution(sim, [1 - p_hurt, p_hurt], N, what=f"rider hurt ({own_rules})")
        # the steed alone (rider A0): its kill probability
        model = build(rider(m), enemy, options=CombatOptions(max_rounds=1, charger="defender"))
        assert abs(first_round_exact(model)["wounds"][0][1] - p_kill) < 1e-12
        out = simulate(model, N, seed + 10)
        assert_mc(out["w1"][0][1] / N, p_kill, N, what=f"steed kills ({own_rules})")


def test_steed_magic_attacks_against_daemons_and_ethereals():
    """MDNR Reinos del Caos (Revientacráneos de Khorne) "Ataques mágicos (sólo Juggernaut)":
    the juggernaut's blows ignore the daemonic aura (Demonios "Aura demoníaca": "5+, pero no
    puede efectuarse contra ataques mágicos") and wound ethereal enemies (gst "Etéreos");
    the rider's do not."""
    jug = MountProfile(WS=5, S=5, I=2, A=2, special=("magic_attacks",))
    r = rider(jug).replace(profile=Profile(M=18, WS=5, BS=3, S=4, T=4, W=3, I=5, A=1, Ld=8))
    daemons = fighter("D", 5, 5, special=["daemonic_aura"])
    model = build(r, daemons)
    assert model.groups[0, 1, MOUNT, 0, G_WARD] == 7
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 5
    ghosts = fighter("G", 5, 5, special=["ethereal"])
    model = build(r, ghosts)
    assert model.groups[0, 1, MOUNT, 1, G_WOUND] == 2  # S5 against T3
    assert model.groups[0, 1, RANK_AND_FILE, 1, G_WOUND] == 7
    # the whole unit's magic attacks reach its steeds as before
    plain = rider(MountProfile(WS=5, S=5, I=2, A=2), special=["magic_attacks"])
    assert build(plain, daemons).groups[0, 1, MOUNT, 0, G_WARD] == 7
    assert build(rider(MountProfile(WS=5, S=5, I=2, A=2)), daemons).groups[
        0, 1, MOUNT, 0, G_WARD] == 5
    # simulated against the aura: 2 attacks, 3+ to hit (WS5 v WS3), 2+ to wound, no save
    p = 2 / 3 * 5 / 6
    model = build(rider(jug), daemons, options=CombatOptions(max_rounds=1))
    pmf = [(1 - p) ** 2, 2 * p * (1 - p), p * p]
    assert np.allclose(first_round_exact(model)["wounds"][0][:3], pmf)
    out = simulate(model, N, 72)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, pmf, N, what="juggernaut wounds on daemons")


def test_steed_rules_validated_and_round_trip():
    """The steed's own rules are checked (poison 5+ or 6+, rules of MOUNT_RULES) and written
    back to TOML (left out when empty)."""
    m = MountProfile(WS=3, S=3, I=5, A=1, poisoned=6, special=("always_strikes_first",))
    u = rider(m)
    assert unit_from_dict(u.to_dict()) == u
    assert u.to_dict()["mount"]["special"] == ["always_strikes_first"]
    plain = u.to_dict()
    plain["mount"] = {"WS": 3, "S": 3, "I": 5, "A": 1}
    assert set(unit_from_dict(plain).to_dict()["mount"]) == {"WS", "S", "I", "A", "count"}
    with pytest.raises(OddsInputError, match="poisoned"):
        MountProfile(WS=3, S=3, I=5, A=1, poisoned=4)
    with pytest.raises(OddsInputError, match="steed rule"):
        MountProfile(WS=3, S=3, I=5, A=1, special=("hatred",))
    from odds.characters import Character, character_from_dict

    c = Character(name="Heraldo", profile=Profile(M=10, WS=6, BS=5, S=4, T=4, W=2, I=7, A=3,
                                                  Ld=8), mount=m)
    assert character_from_dict(c.to_dict()).mount == m


@needs_data
def test_steed_rules_from_the_catalogues():
    """Spot checks against the XML: "Diablillas montadas" (Reinos del Caos, three books):
    "Diablilla" HA4 F4 R3 H1 I5 A2 L8 on a "Corcel de Slaanesh" HA3 F3 I5 A1 with
    "Siempre ataca primero (sólo Corcel)" and "Ataques envenenados 6+ (sólo Córcel)";
    "Revientacráneos de Khorne": the "Juggernaut de Khorne" HA5 F5 I2 A2 with "Ataques mágicos
    (sólo Juggernaut)"; Demonios "Carro de la demencia de Slaanesh": "Los Corceles de Slaanesh
    tienen las reglas Ataque envenenado y Siempre ataca primero" (its two steeds)."""
    steed = MountProfile(WS=3, S=3, I=5, A=1, poisoned=6, special=("always_strikes_first",))
    for book in ("Bestias", "Demonios", "Mortales"):
        c = cat(f"MDNR_Reinos_del_Caos_{book}_v5.cat")
        d = c.unit("Diablillas montadas")
        assert d.mount == steed, book
        assert d.profile == Profile(M=25, WS=4, BS=0, S=4, T=3, W=1, I=5, A=2, Ld=8)
        assert not d.has("always_strikes_first") and d.poisoned == 0
        assert clean(c, "Diablillas montadas"), book
        r = c.unit("Revientacráneos de Khorne")
        assert r.mount == MountProfile(WS=5, S=5, I=2, A=2, special=("magic_attacks",)), book
        assert not r.has("magic_attacks") and clean(c, "Revientacráneos de Khorne")
    d = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    chariot = d.unit("Carro de la demencia de Slaanesh")
    assert chariot.mount == steed.replace(count=2)
    assert clean(d, "Carro de la demencia de Slaanesh")


# ----------------------------------------------------------------- strength on the charge


@pytest.mark.parametrize("charger, p_wound", [
    # charging: WS3 v WS3 4+ to hit, S3+1 = 4 against T3 wounds on 3+
    ("attacker", 1 / 2 * 2 / 3),
    # charged: S3 against T3, 4+
    ("defender", 1 / 2 * 1 / 2),
])
def test_strength_on_the_charge(charger, p_wound):
    """MDNR Condes Vampiro "Carga arrolladora": "F+1 en carga" (Lobos espectrales); Reinos del
    Caos: Bestias "Carga atronadora": "F+1 en el turno en que carga" (RULES.md §1.4).  One
    model with the rule against a WS3 T3 model with no save: exact and simulated first round;
    gone in the second round."""
    wolf = fighter("Lobo", 1, 1, T=10, special=["strength_on_charge"])
    model = build(wolf, fighter("D", 1, 1, S=1), options=CombatOptions(max_rounds=1,
                                                                        charger=charger))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == (3 if charger == "attacker" else 4)
    assert model.groups[0, 1, RANK_AND_FILE, 1, G_WOUND] == 4
    assert abs(first_round_exact(model)["wounds"][0][1] - p_wound) < 1e-12
    out = simulate(model, N, 73 if charger == "attacker" else 74)
    assert_mc(out["w1"][0][1] / N, p_wound, N, what=f"wolf wounds ({charger} charges)")


@needs_data
def test_charge_strength_from_the_catalogues():
    """Spot checks: Condes Vampiro "Lobos espectrales" (HA3 F3 R3 I3 A1 L6, "Carga
    arrolladora"), Bestias "Garragors" (M18 HA3 F5 R5 H3 I2 A3, "Carga atronadora") on the
    model; the "Carro de garragor" pulled by a garragor gives its steed the bonus (as
    "Empalar").  Mercenarios "Carga atronadora" (rhinox riders: "cada miniatura causa 1D3
    impactos por carga" after an 18 cm move) is another rule: impact hits, not a charge
    bonus (thunderous_charge, tests/test_army_rules_guards.py)."""
    v = cat("MDNR_Condes_Vampiro_v5.cat")
    w = v.unit("Lobos espectrales")
    assert w.has("strength_on_charge") and clean(v, "Lobos espectrales")
    assert (w.profile.WS, w.profile.S, w.profile.T, w.profile.I, w.profile.A) == (3, 3, 3, 3, 1)
    b = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    g = b.unit("Garragors")
    assert g.has("strength_on_charge") and clean(b, "Garragors")
    assert (g.profile.M, g.profile.S, g.profile.T, g.profile.W, g.profile.A) == (18, 5, 5, 3, 3)
    chariot = b.unit("Carro de garragor")
    assert chariot.mount.charge_bonus == 1 and not chariot.has("strength_on_charge")
    assert "Carga atronadora" not in kinds(b, "Carro de garragor")
    m = cat("MDNR_Mercenarios v5.cat")
    rhinox = next(e.name for e in m.entries if e.name.startswith("Jinetes de rinobuey"))
    assert kinds(m, rhinox)["Carga atronadora"] == "note"  # the hits need 18 cm: a note
    assert not m.unit(rhinox).has("strength_on_charge") and m.unit(rhinox).impact_hits == "d3"


# ----------------------------------------------------------------- pursuit (§4.3)


P_CATCH = p_ge(sum_pmf(5), sum_pmf(5))
"""P(5D6 >= 5D6): a pursuer of M10 catches infantry fleeing 5D6."""


@pytest.mark.parametrize("rule, p_caught, seed", [
    # Ld 7 restrain test passed with 21/36: pursues otherwise
    ("", (1 - 21 / 36) * P_CATCH, 80),
    ("must_pursue", P_CATCH, 81),
    ("no_pursuit", 0.0, 82),
])
def test_must_pursue_and_no_pursuit(rule, p_caught, seed):
    """RULES.md §4.3: "Not pursuing needs a passed Ld test (restrain)" (the option
    ``restrain_pursuit``).  MDNR Condes Vampiro "Hambrientos": "tras el combate, siempre deben
    perseguir"; Imperio "¡Enajenados mentales!": "Debe perseguir siempre"; Regimientos de
    Renombre "Despellejar": "El regimiento nunca puede perseguir a los enemigos que haya
    hecho huir".  Nobody can wound; the winner's +5 static bonus breaks the Ld 2 enemy every
    time; it flees 5D6, the winner (Ld 7) pursues 5D6."""
    w = fighter("W", 5, 5, S=1, T=10, special=[rule] if rule else [])
    model = build(w, fighter("E", 5, 5, S=1, T=10, Ld=2), SideOptions(static_bonus=5),
                  options=CombatOptions(max_rounds=1, charger="none", restrain_pursuit=True))
    assert model.sides[0, S_HATRED] == (rule == "must_pursue")
    assert model.sides[0, S_CAN_PURSUE] == (rule != "no_pursuit")
    out = simulate(model, N, seed)
    assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N
    assert_mc(out["status"][1, CAUGHT] / N, p_caught, N, what=f"caught ({rule or 'plain'})")


@needs_data
def test_pursuit_and_skirmish_rules_from_the_catalogues():
    """Spot checks: Condes Vampiro "Vargheists" (M15 HA4 F5 R4 H3, "Hambrientos": must pursue),
    "Necrófagos" ("Carroñeros": "Los Necrófagos son Hostigadores"); Imperio "Flagelantes"
    ("¡Enajenados mentales!": "Inmunes a desmoralización ... Debe perseguir siempre"); the
    Desolladores de Mengil ("Despellejar": never pursue)."""
    v = cat("MDNR_Condes_Vampiro_v5.cat")
    varg = next(e.name for e in v.entries if e.name.startswith("Vargheists"))
    u = v.unit(varg)
    assert u.has("must_pursue") and clean(v, varg)
    assert (u.profile.M, u.profile.WS, u.profile.S, u.profile.T, u.profile.W) == (15, 4, 5, 4, 3)
    assert v.unit("Necrófagos").has("skirmishers") and clean(v, "Necrófagos")
    e = cat("MDNR_Imperio v4_5.cat")
    f = e.unit("Flagelantes")
    assert f.has("unbreakable") and f.has("must_pursue") and clean(e, "Flagelantes")
    r = cat("MDNR_Regimientos_de_Renombre v5.cat")
    for name in (x.name for x in r.entries if x.name.startswith("Desolladores de Mengil")):
        assert r.unit(name).has("no_pursuit") and "Despellejar" not in kinds(r, name)


# ----------------------------------------------------------------- saves and marks


@needs_data
def test_morghast_ebony_armour_and_a_mark_without_text():
    """Condes Vampiro "Morghast" (monster, TSA 4+): its "Armadura de Ébano" ("la miniatura
    tiene una Tirada de salvación por armadura de 4+") is the printed save used.  Mortales
    "Siegacráneos de Khorne": "Marca de Khorne" has no text; "Marcas del Caos": "Los efectos
    de otorgar una marca ya están incluidos en las tropas" (the unit has "Furia asesina")."""
    v = cat("MDNR_Condes_Vampiro_v5.cat")
    assert v.unit("Morghast").armour_save == 4
    assert kinds(v, "Morghast")["Armadura de Ébano"] == "note" and clean(v, "Morghast")
    m = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    s = m.unit("Siegacráneos de Khorne")
    assert s.has("frenzy") and kinds(m, "Siegacráneos de Khorne")["Marca de Khorne"] == "note"
    assert clean(m, "Siegacráneos de Khorne")


# ----------------------------------------------------------------- panic at the charge (§3.4)


def _lancers(models=5, special=("glorious_charge",)):
    return fighter("Lanceros", models, models, T=10, special=list(special)).replace(
        troop_type="cavalry", profile=Profile(M=20, WS=4, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=8),
        mount=MountProfile(WS=3, S=3, I=3, A=1))


def test_glorious_charge_panics_the_charged_unit():
    """MDNR Imperio "Carga gloriosa": "Cualquier unidad que reciba una carga de una unidad de
    Lanceros Alados de potencia de unidad 5+ deben efectuar un chequeo de pánico" (RULES.md
    §3.4: failed, it flees; §5.3: caught iff 2 M - gap >= its 5D6 flee roll).  Five lancers
    (US 10, M20) charge Ld 7 infantry from 12 cm: panic failed with 15/36, caught with
    P(5D6 <= 28)."""
    from odds import dice
    from odds.combat import fight

    p_pass = float(dice.p_at_most(dice.sum_pmf(2), 7))
    r = fight(_lancers(), fighter("E", 10, 5), trials=N, seed=90, keep_rows=True,
              options=CombatOptions(distance=12.0))
    ch = r.extra["charge"]
    assert ch["p_fled_exact"] == pytest.approx(1 - p_pass)
    assert_mc(ch["p_fled"], 1 - p_pass, N, what="fled")
    rows = r.rows[r.rows["rounds"] == 0]
    caught = float(dice.p_at_most(dice.sum_pmf(5), 28))
    assert_mc(float((rows["outcome"] == "defender_caught").sum()) / N, (1 - p_pass) * caught,
              N, what="caught at the charge")
    # no test: lancers of US 4, a target immune to psychology, or immune to panic
    for ch_unit, target in ((_lancers(2), fighter("E", 10, 5)),
                            (_lancers(), fighter("E", 10, 5, special=["immune_to_psychology"])),
                            (_lancers(), fighter("E", 10, 5, special=["immune_to_panic"])),
                            (_lancers(special=()), fighter("E", 10, 5))):
        r = fight(ch_unit, target, trials=1000, seed=91)
        assert r.extra["charge"]["p_fled_exact"] == 0 and r.extra["charge"]["p_fled"] == 0


def test_glorious_charge_panic_comes_before_fear():
    """RULES.md §3.3 "panic, fear, terror": a fear-causing glorious charger against Ld 7
    infantry of higher unit strength: panic failed → flees (15/36); passed, fear failed →
    holds and hits on 6s ((21/36) (15/36))."""
    from odds import dice
    from odds.combat import fight

    p_pass = float(dice.p_at_most(dice.sum_pmf(2), 7))
    scary = _lancers(special=("glorious_charge", "fear"))
    r = fight(scary, fighter("E", 20, 5), trials=N, seed=92)
    ch = r.extra["charge"]
    assert ch["p_fled_exact"] == pytest.approx(1 - p_pass)
    assert ch["p_hits_on_6_exact"] == pytest.approx(p_pass * (1 - p_pass))
    assert_mc(ch["p_fled"], 1 - p_pass, N, what="fled")
    assert_mc(ch["p_hits_on_6"], p_pass * (1 - p_pass), N, what="hits on 6s")


@needs_data
def test_glorious_charge_from_the_catalogue():
    """Spot check, MDNR Imperio "Lanceros alados de Kislev" (HA4 F3 R3 I3 A1 L8, lance,
    shield, heavy armour) and "Legión del grifo" (F4 I4): "Carga gloriosa"."""
    e = cat("MDNR_Imperio v4_5.cat")
    for name, s in (("Lanceros alados de Kislev", 3), ("Legión del grifo", 4)):
        u = e.unit(name)
        assert u.has("glorious_charge") and clean(e, name)
        assert (u.profile.WS, u.profile.S, u.equipment.weapon) == (4, s, "lance")


# ----------------------------------------------------------------- bodyguard (§3.2)


@pytest.mark.parametrize("bodyguard, general, p_break, seed", [
    # stubborn: Ld 7 unmodified, 2D6 <= 7 passes with 21/36
    (True, True, 1 - 21 / 36, 93),
    # not stubborn: Ld 7 - 5 = 2, passes with 1/36
    (False, True, 1 - 1 / 36, 94),
    (True, False, 1 - 1 / 36, 95),  # a character who is not the General: no bodyguard
])
def test_bodyguard_is_stubborn_with_the_general(bodyguard, general, p_break, seed):
    """MDNR Altos Elfos "Guardaespaldas": "Los Leones Blancos son Tozudos mientras el General
    esté incluido en la unidad" (RULES.md §3.2: a stubborn unit tests on its own Ld
    unmodified).  Nobody can wound (S1 against T10); both sides have a rank bonus of +1, the
    unit (US 10 and its character) outnumbers the enemy (+1), and the enemy's +6 static bonus
    wins the round by 5; the unit and the character in it have Ld 7."""
    from odds.characters import Character
    from odds.combat.model import FRONT, build_units

    lions = fighter("Leones", 10, 5, S=1, T=10, special=["bodyguard"] if bodyguard else [])
    lord = Character(name="Príncipe", profile=Profile(M=12, WS=3, BS=3, S=1, T=10, W=2, I=3,
                                                      A=1, Ld=7), general=general)
    enemy = fighter("E", 10, 5, S=1, T=10)
    model = build_units([lions, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, SideOptions(static_bonus=6)], CombatOptions(max_rounds=1),
                        characters=[(0, lord)])
    out = simulate(model, N, seed)
    broke = (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / N
    assert_mc(broke, p_break, N, what=f"lions break (bodyguard {bodyguard}, general {general})")


@needs_data
def test_white_lions_from_the_catalogue():
    """Spot check, MDNR Altos Elfos "Leones blancos de Cracia": M12 HA5 HP4 F4 R3 H1 I5 A1 L8,
    "Guardaespaldas"; "Capa de león blanco" ("5+ solo a distancia": "a los ataques a
    distancia (proyectiles o magia)") has no effect in close combat."""
    h = cat("MDNR_Altos_Elfos v4_5.cat")
    for name in (e.name for e in h.entries if e.name.startswith("Leones blancos de Cracia")):
        u = h.unit(name)
        assert u.has("bodyguard") and not u.has("stubborn") and clean(h, name)
        assert u.profile == Profile(M=12, WS=5, BS=4, S=4, T=3, W=1, I=5, A=1, Ld=8)
        assert kinds(h, name)["Capa de león blanco"] == "no_combat_effect"
