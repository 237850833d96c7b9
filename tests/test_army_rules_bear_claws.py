"""A first-round to-hit bonus that ends with its standard bearer, and claws that grab (issue 11).

MDNR Regimientos de Renombre, Hombres Oso de Urslo "Estandarte del Oso" (``bear_standard``)
and Reinos del Caos Demonios, Aplastador de almas "Garras mecánicas" (``mechanical_claws``).
Engine checks compare the kernel with laws worked out by hand (``RULES.md`` §1.3 to hit, §1.4
to wound; z = 5, fixed seeds); catalogue checks are written by hand from the XML in
../shared/battlescribe/ and skipped when it is absent.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import (
    assert_distribution,
    binomial,
    cat,
    clean,
    first_round_shares,
    infantry,
    needs_data,
)

from odds.characters import Character
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    CHAMPION,
    FRONT,
    G_ACTIVE,
    G_GRAB,
    G_HIT,
    G_STD_HIT,
    RANK_AND_FILE,
    S_BEAR_STD,
    S_SIDE,
    CombatOptions,
    build,
    build_units,
)
from odds.units import Member, MountProfile, Profile, unit_from_dict
from odds.validation import OddsInputError

RR = "MDNR_Regimientos_de_Renombre v5.cat"
DAEMONS = "MDNR_Reinos_del_Caos_Demonios_v5.cat"
URSLO = "Hombres Oso de Urslo"
GRINDER = "Aplastador de almas"
N = 200_000


def foe(models: int = 20, files: int = 5, *, WS: int = 4, T: int = 3, I: int = 3,  # noqa: E741
        A: int = 0, special: tuple[str, ...] = (), **extra):
    """Models of no save, immune to psychology and unbreakable (no test changes the round)."""
    return infantry("Blanco", models, files, WS=WS, T=T, I=I, A=A,
                    special=["immune_to_psychology", "unbreakable", *special], **extra)


def bears(*, rule: bool = True, models: int = 5):
    """``models`` WS4 S3 A1 in one rank of five with a standard carried by the named member
    "Oerl" (WS4 S3 A1), immune to psychology and unbreakable."""
    u = infantry("Osos", models, 5, WS=4, command={"standard": True},
                 special=["immune_to_psychology", "unbreakable"]
                 + (["bear_standard"] if rule else []))
    return u.replace(members=(Member("Oerl", "standard", u.profile),))


def wounds(out, side: int = 0, trials: int = N) -> dict[int, float]:
    return first_round_shares(out, side, trials)


# ----------------------------------------------------------------- Estandarte del Oso


@needs_data
def test_bear_standard_from_the_catalogue():
    """Spot check against the XML: "Oerl el Joven (portaestandarte)" HA4 HP3 F3 R3 H1 I4 A2
    L7 TSA 5+ with the fixed "Objetos mágicos" entry "Estandarte del Oso" ("Toda la unidad
    (incluyendo a Beorg y Oerl) reciben un +1 a sus tiradas para impactar en la primera ronda
    de cada combate, carguen o sean cargados"); the bearmen HA4 F3 R3 H1 I4 A1 L7 (8 models
    at least), "Beorg Bearstruck (líder)" HA5 F5 R5 H3 I3 A4 L8.  The unit's rule
    ``bear_standard``; every body of the unit (the bearmen, Beorg's and Oerl's) has Oerl's
    body as S_BEAR_STD, and against WS4 models hits on 3+ in the first round (4+ without:
    G_STD_HIT) and on 4+ later; Beorg (WS5: 3+) on 2+.  Nothing is left reported."""
    c = cat(RR)
    name = next(n for n in c.names if n.startswith(URSLO))
    u = c.unit(name)
    assert "bear_standard" in u.special and u.command.standard
    assert u.models == 8  # the entry's least
    assert u.profile == Profile(M=10, WS=4, BS=3, S=3, T=3, W=1, I=4, A=1, Ld=7)
    assert u.champion_profile == Profile(M=10, WS=5, BS=0, S=5, T=5, W=3, I=3, A=4, Ld=8)
    oerl = next(m for m in u.members if m.name.startswith("Oerl"))
    assert oerl.role == "standard"
    assert oerl.profile == Profile(M=10, WS=4, BS=3, S=3, T=3, W=1, I=4, A=2, Ld=7)
    assert clean(c, name)
    model = build(u, foe(WS=4), options=CombatOptions(max_rounds=1))
    body = model.names.index(f"{name} {oerl.name}")
    mine = [k for k in range(model.sides.shape[0]) if model.sides[k, S_SIDE] == 0]
    assert len(mine) == 3  # the unit, Beorg (his own ward) and Oerl
    enemy = next(k for k in range(model.sides.shape[0]) if k not in mine)
    for k in mine:
        assert model.sides[k, S_BEAR_STD] == body + 1
    for k in (0, body):
        row = model.groups[k, enemy, RANK_AND_FILE]
        assert (row[0, G_HIT], row[0, G_STD_HIT], row[1, G_HIT], row[1, G_STD_HIT]) == (
            3, 4, 4, 4)
    beorg = next(k for k in mine if k not in (0, body))
    assert model.groups[beorg, enemy, RANK_AND_FILE, 0, G_HIT] == 2
    assert model.groups[beorg, enemy, RANK_AND_FILE, 1, G_HIT] == 3


def test_bear_standard_bounds_and_other_modifiers():
    """+1 to hit summed with the other modifiers before the need is bounded (RULES.md §1.3:
    a 1 always misses, so 2+ at best): WS4 against WS1 hits on 3+, 2+ with the standard;
    against a "hard_to_hit" enemy (Reinos del Caos "Trolls biliosos": -1) the two cancel (4+,
    5+ once Oerl has fallen).  Without the rule nothing changes and S_BEAR_STD is 0."""
    for enemy, first, lost in ((foe(WS=1), 2, 3), (foe(WS=4, special=("hard_to_hit",)), 4, 5)):
        model = build(bears(), enemy, options=CombatOptions(max_rounds=1))
        e = 1  # the enemy unit (Oerl's body comes after the units)
        assert model.groups[0, e, RANK_AND_FILE, 0, G_HIT] == first
        assert model.groups[0, e, RANK_AND_FILE, 0, G_STD_HIT] == lost
        assert model.groups[0, e, RANK_AND_FILE, 1, G_HIT] == lost
        plain = build(bears(rule=False), enemy, options=CombatOptions(max_rounds=1))
        assert plain.groups[0, e, RANK_AND_FILE, 0, G_HIT] == lost
        assert not plain.sides[:, S_BEAR_STD].any()


def test_bear_standard_first_round_hits():
    """Four bearmen and Oerl in contact (one rank of five), WS4 S3 against WS4 T3 models
    of no save: each attack hits on 3+ with the standard (4+ without) and wounds on 4+, so
    the first round's wounds are Binomial(5, 1/3) with the rule and Binomial(5, 1/4)
    without; the second round (rounds of kind 1) has no bonus: over two rounds against
    T3 W1 models the wounds of round 2 come from Binomial(5, 1/4)."""
    for rule, p, seed in ((True, 1 / 3, 3201), (False, 1 / 4, 3202)):
        model = build(bears(rule=rule), foe(), options=CombatOptions(max_rounds=1))
        assert first_round_exact(model) is None  # Oerl is a body of his own: the kernel's
        out = simulate(model, N, seed)
        assert_distribution(wounds(out), binomial(5, p), N, what=f"bearmen (rule {rule})")


def test_bear_standard_lost_when_oerl_falls_first():
    """The standard is Oerl's ("Oerl el Joven (portaestandarte)"): the unit has it while he
    lives (odds.units.Member), so a blow struck after his death has no bonus, even in the
    first round.  Oerl is challenged by the enemy champion (WS10 S10 T10 A10, always strikes
    first): 10 attacks at 3+ to hit and 2+ to wound, none saved, so he survives them with
    q = (4/9)^10; his own blows cannot wound a T10 champion.  The four bearmen then strike
    the T3 ranks: Binomial(4, 1/4) after his death, Binomial(4, 1/3) if he lives, so the
    first round's wounds are (1 - q) Bin(4, 1/4) + q Bin(4, 1/3).  With a harmless champion
    (A0) Oerl always lives: Binomial(4, 1/3)."""
    champ = Profile(M=10, WS=10, BS=3, S=10, T=10, W=10, I=10, A=10, Ld=7)
    q = (4 / 9) ** 10
    killer = np.array(binomial(4, 1 / 4)) * (1 - q) + np.array(binomial(4, 1 / 3)) * q
    for a, pmf, seed in ((10, list(killer), 3203), (0, binomial(4, 1 / 3), 3204)):
        enemy = foe(special=("always_strikes_first",), command={"champion": True}).replace(
            champion_profile=champ.replace(A=a))
        model = build_units([bears(), enemy], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                            [None, None], CombatOptions(max_rounds=1),
                            challenge=["always", "champion"])
        oerl = model.names.index("Osos Oerl")
        assert model.sides[0, S_BEAR_STD] == oerl + 1
        out = simulate(model, N, seed)
        assert out["chal"][0] == N  # Oerl's challenge is fought every time
        assert_distribution(wounds(out), pmf, N, what=f"bearmen after Oerl (champion A{a})")


def test_bear_standard_reaches_a_joined_character():
    """"Toda la unidad": a character joined to the unit is part of it in all respects (6th,
    6th.whfb.app/characters/independent-characters-and-unit-psychology: "While a character
    is with a unit of troops he is considered to be part of that unit in all respects"), so
    his blows get the +1 too while Oerl lives: WS5 against WS4 hits on 3+, 2+ with it.  A
    unit with the rule and a standard but no named standard bearer is an error (the bonus
    must end with him), as is a member list without one."""
    hero = Character(name="Héroe", profile=Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3,
                                                   Ld=8))
    model = build_units([bears(), foe()], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                        [None, None], CombatOptions(max_rounds=1), characters=[(0, hero)])
    h = model.names.index("Héroe")
    oerl = model.names.index("Osos Oerl")
    assert model.sides[h, S_BEAR_STD] == oerl + 1
    assert model.groups[h, 1, RANK_AND_FILE, 0, G_HIT] == 2
    assert model.groups[h, 1, RANK_AND_FILE, 0, G_STD_HIT] == 3
    assert model.groups[h, 1, RANK_AND_FILE, 1, G_HIT] == 3
    with pytest.raises(OddsInputError, match="bear_standard"):
        build(bears().replace(members=()), foe())
    with pytest.raises(OddsInputError, match="bear_standard"):
        bears().replace(members=(Member("Oerl", "musician", bears().profile),))


# ----------------------------------------------------------------- Garras mecánicas


def grinder(**extra):
    """An Aplastador-like single model: WS3 S6 A4 with mechanical claws, unbreakable."""
    return unit_from_dict({
        "name": "Aplastador", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 18, "WS": 3, "BS": 3, "S": 6, "T": 6, "W": 6, "I": 3, "A": 4,
                    "Ld": 8},
        "rules": {"special": ["immune_to_psychology", "unbreakable", "mechanical_claws"]},
        **extra,
    })


@needs_data
def test_mechanical_claws_from_the_catalogue():
    """Spot check against the XML: "Aplastador de almas" M18 HA3 HP3 F6 R6 H6 I3 A4 L8 TSA
    4+ (Monstruo, Demonio, Caos; Potencia 6), "Garras mecánicas" ("Arma de mano. ... La
    miniatura objetivo debe hacer un chequeo de Iniciativa para evitar ser agarrada. Si
    falla el chequeo, los ataques que el Aplastador asigne a esa miniatura ... impactarán
    automáticamente"): its hand weapon, so all four attacks are the claws'.  The rule
    ``mechanical_claws``: against I3 models its blows carry G_GRAB 4 (a D6 of 4 or more
    fails the test), against I6 models 6 (only a 6: "un 6 siempre es un fallo", the MDNR
    wording of the I test).  Nothing is left reported."""
    c = cat(DAEMONS)
    u = c.unit(GRINDER)
    assert u.profile == Profile(M=18, WS=3, BS=3, S=6, T=6, W=6, I=3, A=4, Ld=8)
    assert u.troop_type == "monster" and u.unit_strength_per_model == 6
    assert u.armour_save == 4 and u.equipment.weapon == "hand_weapon"
    assert "mechanical_claws" in u.special
    assert clean(c, GRINDER)
    for i, grab in ((3, 4), (6, 6), (0, 1)):
        model = build(u, foe(I=i), options=CombatOptions(max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_GRAB] == grab
        assert model.groups[0, 1, RANK_AND_FILE, 1, G_GRAB] == grab


def test_mechanical_claws_grab_a_unit():
    """Against a unit's rank and file the blows go to the unit, not to one of its models
    (6th: casualties are taken from the unit), so all four attacks are the grabbed model's:
    one I test a round on the unit's I; failed, they hit automatically.  WS3 S6 against WS3
    T6 models of no save: 4+ to hit, 4+ to wound, so each attack wounds with 1/2 when the
    test fails and 1/4 otherwise.  I3 fails with 1/2, I6 only on a 6 (1/6), I0 always:
    first-round wounds P(fail) Bin(4, 1/2) + (1 - P(fail)) Bin(4, 1/4).  Without the rule,
    Bin(4, 1/4).  The exact first round leaves the claws to the kernel."""
    plain = unit_from_dict({**{"name": "Sin garras", "troop_type": "monster", "models": 1,
                               "files": 1},
                            "profile": {"M": 18, "WS": 3, "BS": 3, "S": 6, "T": 6, "W": 6,
                                        "I": 3, "A": 4, "Ld": 8},
                            "rules": {"special": ["immune_to_psychology", "unbreakable"]}})
    cases = ((grinder(), 3, 1 / 2, 3211), (grinder(), 6, 1 / 6, 3212),
             (grinder(), 0, 1.0, 3213), (plain, 3, 0.0, 3214))
    for unit, i, fail, seed in cases:
        model = build(unit, foe(WS=3, T=6, I=i), options=CombatOptions(max_rounds=1))
        if fail:
            assert first_round_exact(model) is None
        pmf = (np.array(binomial(4, 1 / 2)) * fail
               + np.array(binomial(4, 1 / 4)) * (1 - fail))
        out = simulate(model, N, seed)
        assert_distribution(wounds(out), list(pmf), N, what=f"claws on I{i} ({fail:.3f})")


def test_mechanical_claws_grab_a_character_and_a_rider():
    """Against a character its attacks are those allocated to him, and the test is on his
    own I: the Aplastador attacks the character (allocation "character"), an I1 hero (T6
    W10, no save) in a T10 unit it cannot wound: he fails with 5/6, so the wounds on him
    are 5/6 Bin(4, 1/2) + 1/6 Bin(4, 1/4).  A ridden model tests on the highest I of rider
    and steed (7th.whfb.app/characteristics/characteristic-tests, the rule 6th shares: "a
    characteristic test is always taken against the highest of the values"): I3 riders on
    I4 steeds give G_GRAB 5."""
    hero = Character(name="Héroe", profile=Profile(M=10, WS=3, BS=3, S=3, T=6, W=10, I=1,
                                                   A=0, Ld=8))
    model = build_units([grinder(), foe(WS=3, T=10)], [0, 1], [(0, 1, FRONT, FRONT)],
                        [True, False], [None, None], CombatOptions(max_rounds=1),
                        characters=[(1, hero)], allocation=["character", "troops"])
    h = model.names.index("Héroe")
    assert model.groups[0, h, RANK_AND_FILE, 0, G_GRAB] == 2
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_GRAB] == 4
    pmf = np.array(binomial(4, 1 / 2)) * 5 / 6 + np.array(binomial(4, 1 / 4)) / 6
    out = simulate(model, N, 3215)
    assert_distribution(wounds(out), list(pmf), N, what="claws on the I1 hero")
    riders = foe(WS=3).replace(troop_type="cavalry", mount=MountProfile(WS=3, S=3, I=4, A=1))
    model = build(grinder(), riders, options=CombatOptions(max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_GRAB] == 5
    assert not model.groups[0, 1, CHAMPION, 0, G_ACTIVE]
