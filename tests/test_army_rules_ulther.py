"""Compañía dragón de Ulther: "Hacha de Ulther" and "Cuerno del Dragón" (issue 11).

Catalogue checks are written by hand from ../shared/battlescribe/ (skipped when it is absent);
engine checks compare the exact first round and the kernel with laws worked out by hand
(z = 5, fixed seeds; RULES.md §1.6 multiple wounds, §3.4 panic, §4 flight and pursuit).
"""

from __future__ import annotations

import pytest
from conftest import (
    BOOKS,
    SHARED,
    assert_mc,
    binomial,
    cat,
    check_kernel_first_round,
    clean,
    infantry,
    kinds,
    needs_data,
)

from odds import dice
from odds.combat import SideOptions
from odds.combat.api import simulate
from odds.combat.exact import first_round_parts
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    S_HORN,
    WON,
    CombatOptions,
    build,
    build_units,
)
from odds.units import unit_from_dict

RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
ENTRIES = ("Compañía dragón de Ulther (Enanos y Mercenarios)",
           "Compañía dragón de Ulther (Imperio y Reinos Ogros)")
N = 200_000


def company(entry: str = ENTRIES[0], **changes):
    """The catalogue's company (10 models: Ulther, standard, musician and seven warriors)."""
    return cat(RENOWN).unit(entry).replace(**changes)


def dragon(special=("dragon",), Ld=7):
    """One monster of T6 W10, WS6, no save, that cannot hurt the company (S1, I1)."""
    return unit_from_dict({
        "name": "Dragón", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 6, "BS": 0, "S": 1, "T": 6, "W": 10, "I": 1, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)},
    })


# ----------------------------------------------------------------- the catalogue


@needs_data
@pytest.mark.parametrize("entry", ENTRIES)
def test_ulther_company_from_the_catalogue(entry):
    """Spot check against the XML, by hand: "Guerrero de la Compañía" M8 HA4 HP3 F3 R4 H1 I2
    A1 L9 TSA 4+ (heavy armour, shield, "Arma de mano" and "Par de pistolas": the brace, gst
    "cuentan como dos armas de mano"), 9 base warriors "incluidos portaestandarte y músico"
    (both min 1) and up to 10 more; "Príncipe Ulther (líder)" M8 HA6 HP4 F4 R5 H2 I3 A3 L9 TSA
    3+, "Armas" (min 2) "Hacha de Ulther" (the default selection) and "Par de pistolas",
    "Armadura de Gromril" (4+), "Escudo".  "Hacha de Ulther": "Arma de mano que proporciona
    F+1 y, contra miniaturas de tipo Dragón, tiene además la regla Heridas múltiples (1D6)":
    Ulther fights with it as a hand weapon at F5 (the brace "Requiere ambas manos"), his
    shield's parry with it: plate 4+, shield and parry 2+; his own rule dragon_bane.  "Cuerno
    del Dragón": "El músico de la unidad tiene este cuerno": dragon_horn, with the musician.
    Nothing is left ignored or approximated."""
    c = cat(RENOWN)
    u = c.unit(entry)
    p, q = u.profile, u.champion_profile
    assert (p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (8, 4, 3, 3, 4, 1, 2, 1, 9)
    assert (u.equipment.weapon, u.equipment.armour, u.equipment.shield) == (
        "brace_of_pistols", "heavy", True)
    e = c.entry(entry)
    assert (e.min_models, e.max_models, u.models, u.files) == (10, 20, 10, 5)
    assert (q.M, q.WS, q.BS, q.S, q.T, q.W, q.I, q.A, q.Ld) == (8, 6, 4, 4 + 1, 5, 2, 3, 3, 9)
    assert u.champion_weapon_key == "hand_weapon"
    assert u.champion_special == ("dragon_bane",)
    assert (u.champion_save, u.armour_save) == (2, 5)
    assert u.has("dragon_horn") and u.command.musician and u.command.standard
    assert not u.has("dragon")  # "Compañía dragón": dwarfs, "Infantería, Enano"
    k = kinds(c, entry)
    assert k["Hacha de Ulther"] == "note" and "Cuerno del Dragón" not in k
    assert clean(c, entry)


@needs_data
def test_dragons_of_the_catalogues():
    """``dragon`` (*de tipo Dragón*) from the data: a ``Tipo`` with the word "Dragón" by
    itself ("Monstruo, Dragón"; the dragon ogres' "Infantería monstruosa, Ogro, Dragón, Caos";
    not the vampires' "Dragón Sangriento"), or a model named "Dragón ..." where the book prints
    "Monstruo" alone (Monstruos Arcanos, Enanos).  Every unit entry of the fourteen books that
    gets it, listed by hand; "Príncipes dragón" (elves, "Infantería") and the company do not."""
    found = set()
    for name in BOOKS:
        path = SHARED / name
        c = cat(path.name)
        for name in c.names:
            if c.unit(name).has("dragon"):
                found.add((path.name.split("_")[1], name.split("(")[0].strip()))
    assert found == {
        ("Condes", "Engendro del terror"),
        ("Enanos v4", "Dragón de esquirlas"),
        ("Monstruos", "Dragón carmesí"),
        ("Monstruos", "Dragón de disformidad"),
        ("Monstruos", "Dragón de magma"),
        ("Regimientos", "Asarnil, señor de los dragones"),
        ("Reinos", "Ogros dragón"),
        ("Reinos", "Escuerzo alado"),
        ("Reinos", "Sapodragón"),
    }
    h = cat("MDNR_Altos_Elfos v4_5.cat")
    assert not h.unit(next(n for n in h.names if n.startswith("Príncipes dragón"))).has("dragon")


# ----------------------------------------------------------------- "Hacha de Ulther"


def _d6_sum_pmf(n: int) -> list[float]:
    """The pmf of the sum of ``n`` D6 (index = total)."""
    return [float(x) for x in dice.sum_pmf(n)] if n else [1.0]


@needs_data
@pytest.mark.parametrize("is_dragon, seed", [(True, 3101), (False, 3102)])
def test_ulther_s_axe_against_a_dragon(is_dragon, seed):
    """"Hacha de Ulther" (F+1; "contra miniaturas de tipo Dragón ... Heridas múltiples
    (1D6)").  Ulther alone strikes (the warriors' A set to 0, the horn left out): his 3
    attacks at WS6 against WS6 hit on 4+, at S5 against T6 wound on 5+, no save: each is an
    unsaved wound with 1/2 * 1/3 = 1/6.  Against a dragon each makes 1D6 wounds, counted up
    to the model's 10 (6th: a wound's excess is lost); against any other model one
    (Binomial(3, 1/6))."""
    u = company()
    u = u.replace(profile=u.profile.replace(A=0),
                  special=tuple(s for s in u.special if s != "dragon_horn"))
    target = dragon(("dragon",) if is_dragon else ())
    model = build(u, target, options=CombatOptions(max_rounds=1))
    hit = binomial(3, 1 / 6)
    # Ulther is a body of his own (his own save and rule), which neither exact engine takes:
    # the hand-computed law is the reference
    if not is_dragon:
        check_kernel_first_round(model, hit, seed, "Ulther against a non-dragon", N)
        return
    pmf = [0.0] * 11
    for n, pn in enumerate(hit):
        for total, pt in enumerate(_d6_sum_pmf(n)):
            pmf[min(total, 10)] += pn * pt
    check_kernel_first_round(model, pmf, seed, "Ulther's D6 wounds against a dragon", N)


# ----------------------------------------------------------------- "Cuerno del Dragón"


@needs_data
def test_horn_at_the_charge():
    """"Cuerno del Dragón" ("al inicio de tu fase de movimiento, antes de declarar cargas.
    Todas las unidades enemigas a 30cm o menos del músico deben hacer un chequeo de Pánico"):
    the company charging a Ld 7 unit from 10 cm (inside 30 cm of the musician): the unit tests
    panic at the charge and flees with P(2D6 > 7) = 15/36, caught iff the company's 2 M - gap
    = 6 cm reach covers its 5D6 flight (never: 5D6 >= 5).  No musician, no horn; an enemy
    immune to panic does not test."""
    from odds.combat import fight

    fail = 15 / 36
    r = fight(company(), infantry("E", 10, 5, T=10, A=0), trials=N, seed=3103,
              options=CombatOptions(distance=10.0))
    ch = r.extra["charge"]
    assert ch["p_fled_exact"] == pytest.approx(fail)
    assert_mc(ch["p_fled"], fail, N, what="fled from the horn at the charge")
    mute = company()
    mute = mute.replace(command=mute.command.replace(musician=False))
    for ch_unit, target in ((mute, infantry("E", 10, 5, T=10, A=0)),
                            (company(), infantry("E", 10, 5, T=10, A=0,
                                                 special=["immune_to_panic"]))):
        r = fight(ch_unit, target, trials=1000, seed=3104, options=CombatOptions(distance=10.0))
        assert r.extra["charge"]["p_fled_exact"] == 0 and r.extra["charge"]["p_fled"] == 0


def _charged_company(bonus_company: int, bonus_enemy: int, trials: int, seed: int,
                     special=()):
    """An enemy (side 0, Ld 7, T10, no attacks, standard and musician, 10 models in 5 files)
    charges the company (side 1); nobody can wound (S5 at most against T10), so each round's
    result is the static terms alone.  Two rounds."""
    enemy = infantry("E", 10, 5, T=10, A=0, command={"standard": True, "musician": True},
                     special=special)
    model = build_units([enemy, company()], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                        [SideOptions(static_bonus=bonus_enemy),
                         SideOptions(static_bonus=bonus_company)],
                        CombatOptions(max_rounds=2))
    return model, simulate(model, trials, seed)


@needs_data
def test_horn_in_the_second_round_after_a_draw():
    """Charged, the company blows the horn at the start of its own first turn: the round after
    the charge.  The first round is a draw (both sides: ranks, standard, musician, the same
    unit strength), so no one breaks; the enemy then tests panic on Ld 7 and flees with
    15/36, not pursued ("If the enemy did not win the previous combat ... the enemy cannot
    pursue", 6th.whfb.app/psychology/panicking-in-close-combat): it escapes, the company wins
    and the combat ends after one round fought.  The exact first round is the usual one (the
    horn is later)."""
    model, out = _charged_company(0, 0, N, 3105)
    assert model.sides[1, S_HORN] == 2 and model.sides[0, S_HORN] == 0
    assert first_round_parts(model) is not None
    off = out["margin_offset"]
    assert out["margin"][off] == N  # every first round a draw
    assert out["breaks"].sum() == 0
    fail = 15 / 36
    assert out["status"][0, CAUGHT] == 0
    assert_mc(out["status"][0, ESCAPED] / N, fail, N, what="fled from the horn, unpursued")
    assert out["status"][1, WON] == out["status"][0, ESCAPED]
    assert out["rounds"][1] == out["status"][0, ESCAPED]  # one round fought


@needs_data
def test_horn_spares_a_frenzied_enemy():
    """RULES.md §1.6 Frenzy: "immune to psychology" while frenzied, and immune to psychology
    ignores panic (§3.3): an enemy that charged frenzied and won the first round (a static
    +1; frenzy is lost only by losing a round) hears the horn in the second round and takes
    no panic test.  The enemy's flights are then its failed break tests alone: flights less
    breaks is exactly 0 (without the exemption it would be about 15/36 of the second rounds).
    """
    model, out = _charged_company(0, 1, 50_000, 3108, special=["frenzy"])
    assert model.sides[1, S_HORN] == 2
    fled = out["status"][0, CAUGHT] + out["status"][0, ESCAPED]
    assert out["rounds"][2] > 10_000  # many second rounds, with the horn
    assert fled == out["breaks"][:, 0].sum()


@needs_data
def test_horn_in_the_second_round_after_a_win_is_pursued():
    """The company wins the first round by 3 (a static +3): the enemy's break test on Ld 7 - 3
    holds with P(2D6 <= 4) = 6/36; holding, it tests the horn's panic on Ld 7 and flees with
    15/36, pursued this time (its enemy won the round before): caught iff the company's
    pursuit 5D6 - 2 ("Firmeza") reaches its 5D6 flight, as a unit broken in the round."""
    _, out = _charged_company(3, 0, N, 3106)
    off = out["margin_offset"]
    assert out["margin"][off - 3] == N  # side 0 (the enemy) always loses by 3
    hold = 6 / 36
    fled = (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / N
    broke = out["breaks"][0, 0] / N
    assert_mc(broke, 1 - hold, N, what="broken in the first round")
    horn = fled - broke - out["breaks"][1, 0] / N
    assert_mc(horn, hold * 15 / 36, N, what="fled from the horn")
    five = dice.sum_pmf(5)
    caught = sum(float(five[a]) * float(five[b]) for a in range(len(five))
                 for b in range(len(five)) if a - 2 >= b)
    assert_mc(out["status"][0, CAUGHT] / N, fled * caught, N, what="caught")


@needs_data
def test_horn_timing_and_the_mute_company():
    """S_HORN is 1 + the round at whose start the horn is blown: 0 when the company charged
    (blown before its charge, at the charge) or has no musician; 2 when charged (its turn
    after the charge); with no charge, its first own turn: 1 on the first round's side (then
    the exact first round leaves it to the kernel), 2 on the other."""
    e = infantry("E", 10, 5, T=10, A=0)
    u = company()
    mute = u.replace(command=u.command.replace(musician=False))
    none = CombatOptions(charger="none", max_rounds=2)
    assert build(u, e).sides[0, S_HORN] == 0
    assert build(e, u).sides[1, S_HORN] == 2
    assert build(e, mute).sides[1, S_HORN] == 0
    assert build(e, u, options=none).sides[1, S_HORN] == 2
    first = build(u, e, options=none)
    assert first.sides[0, S_HORN] == 1 and first_round_parts(first) is None
    # blown before the first round: the enemy (with the company's command, so the rounds are
    # draws) flees with 15/36 before a blow is struck, unpursued (nobody has won a round)
    e2 = infantry("E", 10, 5, T=10, A=0, command={"standard": True, "musician": True})
    out = simulate(build(u, e2, options=CombatOptions(charger="none", max_rounds=1)), N, 3107)
    assert_mc(out["rounds"][0] / N, 15 / 36, N, what="fled before the first round")
    assert out["status"][1, ESCAPED] == out["rounds"][0] and out["status"][1, CAUGHT] == 0
