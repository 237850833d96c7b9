"""Regimientos de Renombre, round 3 (issue 11): standards, named members and end-of-round blows.

Engine checks compare the kernel (and the exact first round where it applies) with laws
worked out by hand (z = 5, fixed seeds; ``RULES.md`` §1.3 to hit, §3.2 break tests);
catalogue checks read ../shared/battlescribe/ and are skipped when it is absent.
"""

from __future__ import annotations

import math

from conftest import assert_mc, cat, first_round_shares, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import FLANK, FRONT, S_FEAR, CombatOptions, build_units
from odds.units import Profile, unit_from_dict

RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
N = 40_000


def fighter(name, models=10, files=None, *, WS=3, S=3, T=3, A=1, Ld=7, special=(), **extra):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models,
        "files": files or models,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": 3, "A": A,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)},
        **extra,
    })


def _entries(c, prefix):
    return [e.name for e in c.entries if e.name.startswith(prefix)]


# ----------------------------------------------------------------- La Máscara de la Muerte


@needs_data
def test_vespero_alone_causes_fear():
    """Regimientos de Renombre, Asesinos de Véspero "La Máscara de la Muerte" (under the
    leader's entry): "Véspero causa Miedo".  Véspero alone: 6th edition
    (6th.whfb.app/characters/independent-characters-and-unit-psychology, "While a character
    is with a unit of troops he is considered to be part of that unit in all respects";
    6th.whfb.app/psychology/fear, a unit tests "If Charged by a Fear-causing Enemy") leaves
    the unit's own psychology alone: it does not cause fear (nobody it charges tests, it is
    not immune to fear), and Véspero's unit strength counts as fear-causing in the fear
    auto-break of an enemy in contact with him.

    Two regiments (Mercenarios entry: 5 duellists led by Véspero, M10 HA6 HP5 F4 R4 H2 I6
    A3 L8 as printed) front and flank on one enemy model (T10 A0: nobody wounds): it loses
    by 2 (outnumber, flank).  With the mask it faces fear-causing US 2 (two Vésperos)
    against its 1: broken with no roll; without it, it tests Ld 7 - 2 and breaks with
    P(2D6 > 5) = 26/36.
    """
    c = cat(RENOWN)
    for name in _entries(c, "Asesinos de Véspero"):
        u = c.unit(name)
        assert kinds(c, name)["La Máscara de la Muerte"] == "note"
        assert u.champion_special == ("fear",) and not u.causes_fear
        assert u.champion_profile == Profile(M=10, WS=6, BS=5, S=4, T=4, W=2, I=6, A=3, Ld=8)
    u = c.unit(_entries(c, "Asesinos de Véspero (Mercenarios)")[0])
    lone = fighter("E", 1, T=10, A=0)
    contacts = [(0, 2, FRONT, FRONT), (1, 2, FRONT, FLANK)]
    for unit, p, seed in ((u, 1.0, 2101), (u.replace(champion_special=()), 26 / 36, 2102)):
        model = build_units([unit, unit, lone], [0, 0, 1], contacts, [False] * 3, [None] * 3,
                            CombatOptions(max_rounds=1))
        bodies = [k for k, n in enumerate(model.names) if n.endswith("champion")]
        assert [model.sides[k, S_FEAR] for k in range(len(model.names))] == [
            0, 0, 0, *([1] * len(bodies))]
        out = simulate(model, N, seed)
        assert_mc(out["breaks"][0, 2] / N, p, N, what=f"the lone model breaks ({p:.3f})")
    # the unit does not cause fear: an enemy it charges takes no fear test
    from odds.combat.model import F_TARGET_LD, build

    model = build(u, fighter("E"), options=CombatOptions(max_rounds=1, charger="attacker"))
    assert model.flags[F_TARGET_LD] == 0


# --------------------------------------------------------------------------- Espadas de Manann


def _edvard(models=10, special=(), champion_special=("dirty_trick",), T=3, W=2,
            standard=True):
    """Swordsmen led by an Edvard (HA6 F4 R4 H2 I5 A3 as printed), hand weapons, no save."""
    u = fighter("Espadas", models, 5, WS=4, T=T, special=special,
                command={"champion": True, "standard": standard})
    return u.replace(champion_profile=Profile(M=10, WS=6, BS=5, S=4, T=max(4, T), W=W, I=5,
                                              A=3, Ld=8),
                     champion_special=champion_special)


def test_dirty_trick_is_one_more_killing_blow_after_every_other_blow():
    """Espadas de Manann "Juego sucio": "Antes de calcular la resolución de combate, si Edvard
    está vivo, puede hacer un ataque adicional; este ataque final se resuelve con Golpe
    Letal".

    Against ten T7 W2 models (A0, no save) only Edvard's S4 wounds (on 6s; his men's S3
    cannot): his three attacks first (charging), X ~ Binomial(3, 2/3 * 1/6) wounds; then his
    trick, struck after everything (key above every other step), hits and wounds with 1/9,
    always on a 6: a killing blow taking the whole current model, 2 wounds if X is even, the
    last 1 if odd.  Without the rule: Binomial(3, 1/9).
    """
    from conftest import assert_distribution

    from odds.combat.model import CREW, DIRTY_TRICK_KEY, G_ACTIVE, G_KB, G_KEY, build

    enemy = fighter("E", 10, 5, T=7, A=0).replace(
        profile=Profile(M=10, WS=3, BS=3, S=3, T=7, W=2, I=3, A=0, Ld=7))
    q = 1 / 9
    x = [0.0] * 6
    for k, pk in enumerate([(1 - q) ** 3, 3 * q * (1 - q) ** 2, 3 * q * q * (1 - q), q ** 3]):
        x[k] += pk * (1 - q)
        x[k + (2 if k % 2 == 0 else 1)] += pk * q
    for unit, pmf, seed in ((_edvard(), x, 2111), (_edvard(champion_special=()).replace(
            champion_special=("killing_blow",)), None, 0)):
        model = build(unit, enemy, options=CombatOptions(max_rounds=1, charger="attacker"))
        e = model.names.index("Espadas champion")
        if pmf is None:
            # the leader's own killing blow is no trick: no extra attack
            assert not model.groups[e, 1, CREW, 0, G_ACTIVE]
            continue
        assert model.groups[e, 1, CREW, 0, G_KEY] == DIRTY_TRICK_KEY > max(
            model.groups[b, w, g, k, G_KEY] for b in range(3) for w in range(3)
            for g in range(4) for k in (0, 1))
        assert model.groups[e, 1, CREW, 0, G_KB] == 1
        out = simulate(model, N * 5, seed)
        sim = first_round_shares(out, 0, N * 5)
        assert_distribution(sim, pmf, N * 5, what="Edvard's wounds with his dirty trick")
    # without it, his three attacks alone
    from conftest import binomial

    model = build(_edvard(champion_special=()), enemy,
                  options=CombatOptions(max_rounds=1, charger="attacker"))
    out = simulate(model, N * 5, 2112)
    sim = first_round_shares(out, 0, N * 5)
    assert_distribution(sim, binomial(3, q), N * 5, what="Edvard without the trick")


def test_dirty_trick_ward_in_challenges_only():
    """Espadas de Manann "Juego sucio": "Además, en desafíos, Edvard tiene una tirada de
    salvación especial de 6+".

    Nobody but the enemy champion can wound (everyone T10 but Edvard, T10 W10 here so he
    lives): in a challenge (both units' champions) the champion's three WS10 S10 attacks
    hit Edvard (WS6) on 3+ and wound on 4+ (T10), and he saves one in six: Binomial(3,
    2/3 * 1/2 * 5/6); without the rule, Binomial(3, 1/3).
    """
    from conftest import assert_distribution, binomial

    from odds.combat.model import S_DUEL_WARD

    enemy = fighter("E", 10, 5, T=10, A=1, command={"champion": True}).replace(
        champion_profile=Profile(M=10, WS=10, BS=3, S=10, T=10, W=3, I=3, A=3, Ld=7))
    for trick, p, seed in ((("dirty_trick",), 5 / 18, 2121), ((), 1 / 3, 2122)):
        edvard = _edvard(T=10, W=10, champion_special=trick)
        model = build_units([edvard, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                            [None, None], CombatOptions(max_rounds=1),
                            challenge=["champion", "champion"])
        e = model.names.index("Espadas champion")
        assert model.sides[e, S_DUEL_WARD] == (6 if trick else 7)
        out = simulate(model, N * 5, seed)
        assert out["chal"][0] == N * 5  # the challenge is fought every time
        sim = first_round_shares(out, 1, N * 5)
        assert_distribution(sim, binomial(3, p), N * 5, what=f"wounds on Edvard ({p:.3f})")


def test_sea_wife_standard_fear_while_it_is_carried():
    """Espadas de Manann "Estandarte de la Esposa del Mar": "La unidad causa Miedo. Ten en
    cuenta que es una regla del estandarte, así que dejarán de causar Miedo si lo pierden".
    The engine's standard stays with the unit while it has a model besides its champion
    (RULES.md §2.2: the standard bearer is the last to fall before the champion): with it the
    unit causes fear (a test for what it charges) and is immune to fear; without it, it is
    not.

    Against ten fear-causing T10 A0 models (two ranks, +1; outnumber +1) nobody wounds.
    Edvard and one man (the standard, +1): lost by 1, immune to fear, they test Ld 8 - 1 and
    break with P(2D6 > 7) = 15/36.  Edvard alone (no standard left): lost by 2, US 1 < 10
    fear-causing: broken with no roll (the fear with a fixed standard would have been a test
    on Ld 6, P = 21/36).
    """
    from odds.combat.model import F_TARGET_LD, build

    terror = fighter("Esqueletos", 10, 5, T=10, A=0, special=["fear"])
    for models, p, seed in ((2, 15 / 36, 2131), (1, 1.0, 2132)):
        unit = _edvard(models, special=["fear_with_standard"], T=10, champion_special=())
        assert unit.causes_fear
        model = build(unit, terror, options=CombatOptions(max_rounds=1, charger="none"))
        assert model.sides[0, S_FEAR] == 2
        out = simulate(model, N, seed)
        assert_mc(out["breaks"][0, 0] / N, p, N, what=f"{models} swordsmen break")
    # it causes fear while it has its standard: what it charges tests fear
    plain = fighter("E")
    for standard, ld in ((True, 7), (False, 0)):
        unit = _edvard(special=["fear_with_standard"], standard=standard)
        assert unit.causes_fear == standard
        model = build(unit, plain, options=CombatOptions(max_rounds=1, charger="attacker"))
        assert model.flags[F_TARGET_LD] == ld


@needs_data
def test_swords_of_manann_from_the_catalogue():
    """The three Espadas de Manann entries: ten swordsmen (M10 HA4 HP3 F3 R3 H1 I4 A1 L7 as
    printed) with standard and musician, led by Edvard Van der Kraal (M10 HA6 HP5 F4 R4 H2
    I5 A3 L8); "Estandarte de la Esposa del Mar" (the unit's rule flag) and "Juego sucio"
    (Edvard's, a note) modelled: nothing ignored or approximated."""
    from odds.combat.model import CREW, G_ATTACKS, G_KB, MOUNT, build

    c = cat(RENOWN)
    names = _entries(c, "Espadas de Manann")
    assert len(names) == 3
    for name in names:
        u = c.unit(name)
        k = kinds(c, name)
        assert k["Juego sucio"] == "note" and "Estandarte de la Esposa del Mar" not in k
        assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored",
                                                                     "approximated")]
        assert u.profile == Profile(M=10, WS=4, BS=3, S=3, T=3, W=1, I=4, A=1, Ld=7)
        assert u.champion_profile == Profile(M=10, WS=6, BS=5, S=4, T=4, W=2, I=5, A=3, Ld=8)
        assert (u.models, u.command.champion, u.command.standard) == (10, True, True)
        assert u.has("fear_with_standard") and u.causes_fear
        assert u.champion_special == ("dirty_trick",)
        # Edvard's "Armas": "Arma de mano" and "Pistola", both taken (min 2, max 2): a hand
        # weapon and a pistol (6th "Pistol (hand-to-hand)"), reported as a note
        assert u.champion_weapon == "hand_weapon_and_pistol"
        assert k["Pistola"] == "note"
        model = build(u, fighter("E"), options=CombatOptions(max_rounds=1))
        e = model.names.index(f"{name} champion")
        # the pistol's attack is the crew group, the trick the (unused) steeds' group
        assert model.groups[e, 1, CREW, 0, G_ATTACKS] == 1
        assert model.groups[e, 1, CREW, 1, G_KB] == 0
        assert model.groups[e, 1, MOUNT, 0, G_ATTACKS] == 1
        assert model.groups[e, 1, MOUNT, 1, G_KB] == 1
        assert model.sides[0, S_FEAR] == 2


def test_dirty_trick_beside_a_pistol():
    """Edvard's "Arma de mano" and "Pistola" (6th "Pistol (hand-to-hand)": "a warrior with a
    sword in one hand and a pistol in the other strikes one Attack with the pistol (Strength
    4/Armour piercing) and remaining Attacks with the hand weapon in the first turn") and his
    "Juego sucio" together: the pistol takes the crew group, the trick the steeds' group (he
    is on foot), and both strike.

    As in the test above (ten T7 W2 models, A0, no save; only Edvard's S4 wounds, on 6s):
    his four attacks (three and the pistol's, S4) first, X ~ Binomial(4, 1/9) wounds, then
    the trick's killing blow with 1/9: the whole current model, 2 wounds if X is even, 1 if
    odd.
    """
    from conftest import assert_distribution

    from odds.combat.model import CREW, DIRTY_TRICK_KEY, G_KEY, MOUNT, build

    enemy = fighter("E", 10, 5, T=7, A=0).replace(
        profile=Profile(M=10, WS=3, BS=3, S=3, T=7, W=2, I=3, A=0, Ld=7))
    d = _edvard().to_dict()
    d["equipment"]["champion_weapon"] = "hand_weapon_and_pistol"
    unit = unit_from_dict(d)
    model = build(unit, enemy, options=CombatOptions(max_rounds=1, charger="attacker"))
    e = model.names.index("Espadas champion")
    assert model.groups[e, 1, MOUNT, 0, G_KEY] == DIRTY_TRICK_KEY
    assert model.groups[e, 1, CREW, 0, G_KEY] < DIRTY_TRICK_KEY
    q = 1 / 9
    pmf = [0.0] * 7
    for k in range(5):
        pk = math.comb(4, k) * q ** k * (1 - q) ** (4 - k)
        pmf[k] += pk * (1 - q)
        pmf[k + (2 if k % 2 == 0 else 1)] += pk * q
    out = simulate(model, N * 5, 2113)
    sim = first_round_shares(out, 0, N * 5)
    assert_distribution(sim, pmf, N * 5, what="Edvard's pistol, blows and dirty trick")


@needs_data
def test_leaders_pistol_is_not_dropped():
    """A leader whose entry takes "Arma de mano" and "Pistola" (Leopoldo di Lucci of the
    Compañía del Leopardo, the pikemen's leader; Edvard) fights with both (6th "Pistol
    (hand-to-hand)": "+1 additional Attack", the pistol's S4 and armour piercing in the
    first round); before, the "Pistola" was dropped with no report line.  Printed: Leopoldo
    M10 HA5 HP5 F4 R4 H2 I5 A3 L8 (four attacks with the pistol's)."""
    from odds.combat.model import CREW, G_ATTACKS, G_SAVE, RANK_AND_FILE, build

    c = cat(RENOWN)
    names = _entries(c, "Compañía del Leopardo")
    assert len(names) == 2
    for name in names:
        u = c.unit(name)
        assert kinds(c, name)["Pistola"] == "note"
        assert u.equipment.weapon == "pike" and u.champion_weapon == "hand_weapon_and_pistol"
        assert (u.champion_profile.WS, u.champion_profile.S, u.champion_profile.A) == (5, 4, 3)
        # a 4+ save enemy: the pistol's first-round blow at S4 armour piercing saves on 6,
        # the hand weapon's S4 on 5
        enemy = fighter("E", equipment={"armour_save_override": 4})
        model = build(u, enemy, options=CombatOptions(max_rounds=1))
        e = model.names.index(f"{name} champion")
        assert model.groups[e, 1, RANK_AND_FILE, 0, G_ATTACKS] == 3
        assert model.groups[e, 1, CREW, 0, G_ATTACKS] == 1
        assert model.groups[e, 1, RANK_AND_FILE, 0, G_SAVE] == 5
        assert model.groups[e, 1, CREW, 0, G_SAVE] == 6
        assert model.groups[e, 1, CREW, 1, G_SAVE] == 5
