"""Army rules that roll dice the kernel did not roll before: a standard worth 1D3 in the
combat result (Regimientos de Renombre, Perros del Desierto de Al Muktar), steeds with random
attacks and a crew that always strikes first (Condes Vampiro "Trono del aquelarre"), and a
chariot's 1D6 hits after every other blow of each round (Demonios "Desollador infernal de
Slaanesh").

Catalogue checks are written by hand from the rule descriptions and profiles in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the exact
first round (where it takes the combat) and the kernel with probabilities worked out by hand,
at z = 5 with a fixed seed.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from conftest import (
    assert_distribution,
    binomial,
    cat,
    check_first_round,
    clean,
    convolve,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    CAT_ASF,
    CAT_INITIATIVE,
    CREW,
    DIRTY_TRICK_KEY,
    G_ACTIVE,
    G_ATTACKS,
    G_HIT,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_KEY,
    G_PER_MODEL,
    G_RANDOM,
    G_WOUND,
    MOUNT,
    RANK_AND_FILE,
    S_STANDARD,
    CombatOptions,
    build,
    dice_budget,
)
from odds.units import Member, MountProfile, Profile, unit_from_dict
from odds.validation import OddsInputError

RR = "MDNR_Regimientos_de_Renombre v5.cat"
VAMPIRES = "MDNR_Condes_Vampiro_v5.cat"
DAEMONS = "MDNR_Reinos_del_Caos_Demonios_v5.cat"
DOGS = "Perros del Desierto de Al Muktar"
THRONE = "Trono del aquelarre"
FLAYER = "Desollador infernal de Slaanesh"
N = 200_000


def target(models: int = 30, *, A: int = 0, WS: int = 3, T: int = 4, files: int = 10):
    """WS3 T4 models with no save, immune to psychology (no fear or terror test), striking
    nothing unless ``A``."""
    return unit_from_dict({
        "name": "Blanco", "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": 3, "T": T, "W": 1, "I": 3, "A": A,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", "unbreakable"]},
    })


def fast_foe():
    """One WS3 S3 T4 W10 I10 model with one attack and no save (it strikes before I5)."""
    return unit_from_dict({
        "name": "Rápido", "troop_type": "infantry", "models": 1, "files": 1,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 4, "W": 10, "I": 10, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", "unbreakable"]},
    })


def mixture(p: float, dice: int = 1, plus: int = 0) -> list[float]:
    """Wounds of ``nD6 + plus`` hits each wounding with probability ``p``: the mixture over
    the hits of Binomial(hits, p)."""
    hits = np.array([1.0])
    for _ in range(dice):
        hits = np.convolve(hits, [0.0] + [1 / 6] * 6)
    hits = np.concatenate([np.zeros(plus), hits])
    out = np.zeros(hits.size)
    for h, ph in enumerate(hits):
        if ph:
            out[: h + 1] += ph * np.array(binomial(h, p))
    return list(out)


def margins(out, trials: int = N) -> dict[int, float]:
    """Side 0's first-round margin, as a distribution."""
    m = np.asarray(out["margin"]).reshape(-1)
    return {k - int(out["margin_offset"]): c / trials for k, c in enumerate(m) if c}


# ----------------------------------------------------------------- Estandarte Negro


def _dogs(*, black: bool = True, member: bool = False, bsb: bool = False):
    """Five models in one rank striking nothing, with a standard (carried by a named member
    "Ibn" when ``member``): the combat result is the standard alone."""
    data = {
        "name": "Perros", "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 0,
                    "Ld": 7},
        "command": {"standard": True},
        "rules": {"special": ["immune_to_psychology", "unbreakable"]
                  + (["black_standard"] if black else [])},
    }
    u = unit_from_dict(data)
    if member:
        u = u.replace(members=(Member("Ibn", "standard", u.profile),))
    return u


def test_black_standard_adds_a_d3():
    """Regimientos de Renombre, Perros del Desierto de Al Muktar, "Estandarte Negro de los
    Muktarin": "Este estandarte suma +1D3 al resultado de combate de los Perros del Desierto
    en vez del habitual +1".  Five models striking nothing against five (no ranks, equal unit
    strength, no wounds): side 0's margin is the standard alone, 1, 2 or 3 with 1/3 each (a
    D3 rolled each round, RULES.md §2.2); an ordinary standard, always 1.  The roll is the
    kernel's own (S_STANDARD 2): the exact engine refuses the model."""
    for member, seed in ((False, 2701), (True, 2702)):
        model = build(_dogs(member=member), target(5, files=5),
                      options=CombatOptions(max_rounds=1, charger="none"))
        assert (model.sides[:, S_STANDARD] == 2).sum() == 1, "the unit's or Ibn's standard"
        assert first_round_exact(model) is None
        out = simulate(model, N, seed)
        assert_distribution(margins(out), [0.0, 1 / 3, 1 / 3, 1 / 3], N,
                            what=f"black standard (member {member})")
        assert dice_budget(model) >= dice_budget(build(
            _dogs(black=False, member=member), target(5, files=5),
            options=CombatOptions(max_rounds=1, charger="none")))
    plain = build(_dogs(black=False), target(5, files=5),
                  options=CombatOptions(max_rounds=1, charger="none"))
    assert margins(simulate(plain, 20_000, 2703), 20_000) == {1: 1.0}


def test_black_standard_beside_a_battle_standard_gives_the_larger():
    """Two standards of a side count once (RULES.md §2.2); with the black standard the side
    takes the larger, the D3 (never below the battle standard's +1): margin 1, 2, 3 with
    1/3 each.  Built from a unit whose named member is its battle standard bearer and another
    carrying the black standard is beyond the data: the unit branch is checked here with the
    kernel's max over the side's bodies (side_totals)."""
    model = build(_dogs(member=True), target(5, files=5),
                  options=CombatOptions(max_rounds=1, charger="none"))
    sides = model.sides.copy()
    sides[0, S_STANDARD] = 1  # the unit's own standard beside Ibn's black one
    out = simulate(dataclasses.replace(model, sides=sides), N, 2704)
    assert_distribution(margins(out), [0.0, 1 / 3, 1 / 3, 1 / 3], N, what="max of two")


@needs_data
def test_black_standard_from_the_catalogue():
    """Spot check against the XML: "Ibn el Ciego (portaestandarte)" HA3 HP3 F3 R3 H1 I3 A0 L7
    TSA 5+ (Caballería, Humano) with "Escudo", "Arma de mano" and the "Objetos mágicos" entry
    "Estandarte Negro de los Muktarin" (his default).  Both entries of the regiment carry it:
    the unit's rule ``black_standard``, Ibn's body the 1D3 standard (S_STANDARD 2), the unit's
    own body none (Ibn carries it: "while Ibn carries it" is while his body lives, as for any
    named standard bearer, odds.units.Member).  Nothing is left reported."""
    c = cat(RR)
    names = [n for n in c.names if n.startswith(DOGS)]
    assert len(names) == 2
    for name in names:
        u = c.unit(name)
        ibn = next(m for m in u.members if m.name.startswith("Ibn"))
        assert ibn.role == "standard" and ibn.profile == Profile(M=20, WS=3, BS=3, S=3, T=3,
                                                                 W=1, I=3, A=0, Ld=7)
        assert "black_standard" in u.special and u.command.standard
        assert clean(c, name)
        model = build(u, target(), options=CombatOptions(max_rounds=1))
        body = model.names.index(f"{name} {ibn.name}")
        assert model.sides[body, S_STANDARD] == 2 and model.sides[0, S_STANDARD] == 0


# ----------------------------------------------------------------- Trono del aquelarre


@needs_data
def test_throne_steeds_random_attacks_and_first_striking_crew():
    """Spot check against the XML: Condes Vampiro "Trono del aquelarre" F5 R5 H5 TSA 5+
    (Carro, Potencia 5), three "Vampiresa" (min 3, max 3) HA4 F4 I6 A2, one "Horda de
    espíritus" (min 1, max 1) M20 HA2 F3 I2 A "1D6" with "Ataques aleatorios (1D6)" ("Lanza
    un dado ... al inicio de cada fase de combate"); "Vampiresas": "Las vampiresas Siempre
    Atacan Primero".  Now: the steeds' attacks are a D6 rolled each round
    (MountProfile.random_attacks, one roll for the unit), the crew strikes first and the
    steeds at their Initiative 2; nothing left reported.

    Not charging (no impact hits), against WS3 T4 models with no save: each Vampiresa's
    attack hits on 3+ and wounds on 4+ (1/3; six attacks), each spirit's attack hits on 4+
    and wounds on 5+ (1/6; D6 attacks): Binomial(6, 1/3) * (1/6) sum over n = 1..6 of
    Binomial(n, 1/6).  The Sagrario mortis's steeds are the same (its "Coro de doncellas" is
    modelled since: ``maiden_lament``, test_army_rules_lament)."""
    c = cat(VAMPIRES)
    u = c.unit(THRONE)
    assert u.troop_type == "chariot" and u.crew == 3 and u.unit_strength == 5
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A) \
        == (4, 4, 5, 5, 6, 2)
    assert u.mount == MountProfile(WS=2, S=3, I=2, A=3, count=1, random_attacks="d6")
    assert "crew_strikes_first" in u.special and not u.random_attacks
    assert clean(c, THRONE)
    k = kinds(c, THRONE)
    assert (k["Ataques aleatorios (1D6)"], k["Horda de espíritus A"]) == ("note", "note")
    assert c.unit("Sagrario mortis").mount.random_attacks == "d6"
    assert clean(c, "Sagrario mortis")

    model = build(u, target(), options=CombatOptions(max_rounds=1, charger="none"))
    g = model.groups
    assert g[0, 1, MOUNT, 0, G_RANDOM] == 1 and g[0, 1, MOUNT, 0, G_ATTACKS] == 0
    assert g[0, 1, RANK_AND_FILE, 0, G_RANDOM] == 0
    assert g[0, 1, RANK_AND_FILE, 0, G_KEY] == CAT_ASF * 16 + (10 - 6)
    assert g[0, 1, MOUNT, 0, G_KEY] == CAT_INITIATIVE * 16 + (10 - 2)
    pmf = convolve(binomial(6, 1 / 3), mixture(1 / 6))
    check_first_round(model, pmf, 2711, "throne")


def test_steeds_random_attacks_need_their_roll_alone():
    """One random-attacks roll per unit (gst "Ataques aleatorios": "Lanza un dado ... todos
    tendrán el mismo número de ataques"): steeds' and the unit's own random attacks together
    are refused, and an unknown expression is an error."""
    data = {
        "name": "Carro", "troop_type": "chariot", "models": 1, "files": 1, "crew": 2,
        "profile": {"M": 20, "WS": 3, "BS": 0, "S": 4, "T": 4, "W": 4, "I": 3, "A": 1,
                    "Ld": 7},
        "mount": {"WS": 2, "S": 3, "I": 2, "A": 3, "random_attacks": "d6"},
    }
    u = unit_from_dict(data)
    assert unit_from_dict(u.to_dict()) == u and u.to_dict()["mount"]["random_attacks"] == "d6"
    with pytest.raises(OddsInputError, match="one random-attacks roll per unit"):
        unit_from_dict({**data, "rules": {"random_attacks": "d3"}})
    with pytest.raises(OddsInputError, match="random_attacks: must be"):
        unit_from_dict({**data, "mount": {**data["mount"], "random_attacks": "d4"}})


def test_crew_strikes_first_against_a_faster_enemy():
    """"Las vampiresas Siempre Atacan Primero": the crew's blows come before an I10 enemy's,
    the steeds' after.  A chariot of W1 T3 (crew 1, A1, WS4 S4; steeds WS2 S3 A1, I2) meets
    one WS3 T4 W10 I10 model with one attack that hits on 4+ (WS3 vs WS4) and wounds on 4+ (S3 vs
    T3): the chariot is slain before its steeds strike with probability 1/4.  The crew's
    wound (1/3) comes first and always lands; the steeds' (1/6: 4+ to hit, 5+ to wound)
    only if the chariot lives: P(one wound) = 1/3 * (1 - 1/6 * 3/4) + 2/3 * 1/6 * 3/4.
    Without the rule the enemy strikes first for both."""
    data = {
        "name": "Carro", "troop_type": "chariot", "models": 1, "files": 1, "crew": 1,
        "profile": {"M": 20, "WS": 4, "BS": 0, "S": 4, "T": 3, "W": 1, "I": 2, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "mount": {"WS": 2, "S": 3, "I": 2, "A": 1},
        "rules": {"special": ["immune_to_psychology", "crew_strikes_first"]},
    }
    foe = fast_foe()
    p1 = 1 / 3 * (1 - 1 / 6 * 3 / 4) + 2 / 3 * 1 / 6 * 3 / 4
    p2 = 1 / 3 * 1 / 6 * 3 / 4
    model = build(unit_from_dict(data), foe, options=CombatOptions(max_rounds=1,
                                                                   charger="none"))
    check_first_round(model, [1 - p1 - p2, p1, p2], 2712, "crew first")
    data["rules"]["special"] = ["immune_to_psychology"]
    model = build(unit_from_dict(data), foe, options=CombatOptions(max_rounds=1,
                                                                   charger="none"))
    q = 1 / 4  # slain first with 1/4; else both strike
    p1 = 3 / 4 * (1 / 3 * 5 / 6 + 2 / 3 * 1 / 6)
    p2 = 3 / 4 * 1 / 3 * 1 / 6
    check_first_round(model, [q + 3 / 4 * 2 / 3 * 5 / 6, p1, p2], 2713, "crew at I2")


# ----------------------------------------------------------------- Desollador


def _flayer(special=("flayer",), charger: str = "none"):
    data = {
        "name": "Desollador", "troop_type": "chariot", "models": 1, "files": 1, "crew": 1,
        "profile": {"M": 25, "WS": 4, "BS": 0, "S": 4, "T": 4, "W": 4, "I": 5, "A": 0,
                    "Ld": 8},
        "rules": {"special": ["immune_to_psychology", *special], "impact_hits": "d6+1",
                  "impact_strength": 5},
    }
    return build(unit_from_dict(data), target(), options=CombatOptions(max_rounds=1,
                                                                       charger=charger))


def test_flayer_hits_every_round_after_all_blows():
    """Demonios "Desollador": "después de realizar los ataques de ambos bandos ... pero antes
    de calcular el resultado del combate ... el Desollador hace 1D6 impactos de su Fuerza
    (F5). Estos impactos son adicionales a los impactos por carga".  A chariot striking
    nothing else, against T4 with no save: S5 wounds on 3+ (2/3).  Not charging: (1/6) sum
    over n = 1..6 of Binomial(n, 2/3); charging, its 1D6+1 impact hits too: 2D6+1 hits at
    2/3.  Without the rule: nothing, or the impact hits alone."""
    m = _flayer()
    row = m.groups[0, 1, CREW, 0]
    assert (row[G_ACTIVE], row[G_IMPACT_DICE], row[G_IMPACT_SIDES], row[G_KEY], row[G_HIT],
            row[G_WOUND], row[G_PER_MODEL]) == (1, 1, 6, DIRTY_TRICK_KEY, 0, 3, 1)
    assert (m.groups[0, 1, CREW, 1, G_KEY]) == DIRTY_TRICK_KEY  # every round
    check_first_round(m, mixture(2 / 3), 2721, "flayer")
    check_first_round(_flayer(charger="attacker"), mixture(2 / 3, dice=2, plus=1), 2722,
                      "flayer charging")
    check_first_round(_flayer(special=(), charger="attacker"), mixture(2 / 3, plus=1), 2723,
                      "impact hits alone")


def test_flayer_needs_impact_hits_and_the_crew_group():
    data = {
        "name": "Desollador", "troop_type": "chariot", "models": 1, "files": 1, "crew": 1,
        "profile": {"M": 25, "WS": 4, "BS": 0, "S": 4, "T": 4, "W": 4, "I": 5, "A": 1,
                    "Ld": 8},
        "rules": {"special": ["flayer"]},
    }
    with pytest.raises(OddsInputError, match="'flayer' needs impact hits"):
        build(unit_from_dict(data), target())


def test_flayer_strikes_only_while_the_chariot_lives():
    """"siempre que el Desollador no haya sido aniquilado": a W1 chariot (T3, no save) facing
    one W10 I10 enemy with one attack at 4+ to hit and 4+ to wound (S3 vs T3) is slain with
    probability 1/4 before the end of the round; then it makes no hits.  Wounds on the enemy
    (T4, S5 at 3+): 3/4 of the flayer mixture, 1/4 nothing."""
    data = {
        "name": "Desollador", "troop_type": "chariot", "models": 1, "files": 1, "crew": 1,
        "profile": {"M": 25, "WS": 4, "BS": 0, "S": 4, "T": 3, "W": 1, "I": 5, "A": 0,
                    "Ld": 8},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", "flayer"], "impact_hits": "d6+1",
                  "impact_strength": 5},
    }
    foe = fast_foe()
    model = build(unit_from_dict(data), foe, options=CombatOptions(max_rounds=1,
                                                                   charger="none"))
    pmf = [3 / 4 * x for x in mixture(2 / 3)]
    pmf[0] += 1 / 4
    check_first_round(model, pmf, 2724, "flayer slain first")


@needs_data
def test_flayer_from_the_catalogue():
    """Spot check against the XML: "Desollador infernal" F5 R4 H4 TSA 5+ (Carro, Demonio,
    Potencia 4) with "Impactos por carga (1D6+1)"; three "Diablilla" HA4 F4 I5 A2 and two
    "Corcel de Slaanesh" HA3 F3 I5 A1 ("Corceles de Slaanesh": "Ataque envenenado y Siempre
    ataca primero").  Nothing left reported.

    Charging thirty WS3 T4 models with no save: impact 1D6+1 S5 hits and the flayer's 1D6 S5
    hits wound on 3+ (2D6+1 hits at 2/3); each Diablilla attack hits on 3+ and wounds on 4+
    (1/3, six attacks); each steed's hits on 4+ and wounds on 5+, a 6 to hit wounding (poison
    6+): 1/6 + 2/6 * 1/3 = 5/18 (two attacks)."""
    c = cat(DAEMONS)
    u = c.unit(FLAYER)
    assert u.troop_type == "chariot" and u.crew == 3 and u.unit_strength == 4
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A) \
        == (4, 4, 4, 4, 5, 2)
    assert (u.impact_hits, u.impact_strength) == ("d6+1", 5)
    assert u.mount == MountProfile(WS=3, S=3, I=5, A=1, count=2, poisoned=6,
                                   special=("always_strikes_first",))
    assert "flayer" in u.special
    assert clean(c, FLAYER)
    model = build(u, target(), options=CombatOptions(max_rounds=1))
    pmf = convolve(mixture(2 / 3, dice=2, plus=1), binomial(6, 1 / 3), binomial(2, 5 / 18))
    check_first_round(model, pmf, 2725, "Desollador")
