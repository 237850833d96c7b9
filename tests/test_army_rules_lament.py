"""Condes Vampiro "Lamento de la doncella" (Doncella espectral) and "Coro de doncellas"
(Sagrario mortis): wounds between the rounds of a combat (``maiden_lament``).

"Lanza 2D6+2 y compáralo con el atributo de Liderazgo de la unidad (o el Liderazgo del
General si está a 30cm o menos; o el Liderazgo de cualquier personaje dentro de dicha
unidad); por cada punto en que se supere dicho atributo, la unidad objetivo sufrirá una herida
que Anula armaduras": the wounds are max(0, 2D6 + 2 - Ld), an exact law (:func:`lament_pmf`);
the kernel's casualties are checked against it at z = 5 with fixed seeds.  Nobody else can
wound in these combats (S1 or S3 blows on T10), so the enemy's models left after the rounds
are its starting models less the lament's wounds (one-wound models).
"""

from __future__ import annotations

from conftest import assert_distribution, cat, clean, convolve, infantry, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    FLANK,
    FRONT,
    S_LAMENT,
    S_LAMENT_WARD,
    CombatOptions,
    SideOptions,
    build,
    build_units,
)
from odds.units import Profile

N = 200_000
VAMPIRES = "MDNR_Condes_Vampiro_v5.cat"
MODELS = 20


def lament_pmf(ld: int, fail: float = 1.0) -> list[float]:
    """The law of one lament's unsaved wounds: max(0, 2D6 + 2 - ``ld``), each wound then kept
    with probability ``fail`` (a ward or regeneration roll failed)."""
    from math import comb

    raw = [0.0] * 15
    for a in range(1, 7):
        for b in range(1, 7):
            raw[max(0, a + b + 2 - ld)] += 1 / 36
    out = [0.0] * 15
    for n, pn in enumerate(raw):
        for k in range(n + 1):
            out[k] += pn * comb(n, k) * fail**k * (1 - fail) ** (n - k)
    return out


def banshee(**extra):
    """A lone model with the lament and no blows (A0), unbreakable so that it stays."""
    return infantry("Doncella", 1, 1, A=0, special=["maiden_lament", "unbreakable"], **extra)


def target(Ld=7, special=(), **extra):
    """Twenty one-wound models that wound nobody (A0) and cannot be wounded by blows (T10)."""
    return infantry("Objetivo", MODELS, 5, S=1, T=10, A=0, Ld=Ld, special=special, **extra)


def lost(out, body: int) -> dict[int, float]:
    """The law of the models ``body`` lost (its survivors' counts)."""
    return {MODELS - m: c / N for m, c in enumerate(out["surv"][body]) if c}


def check(model, pmf, seed: int, what: str, body: int = 1) -> None:
    out = simulate(model, N, seed)
    assert_distribution(lost(out, body), pmf, N, what=what)


def test_lament_wounds_against_the_targets_ld():
    """RULES.md §8A: the Doncella charged (her side's turn, the first round), so she wails in
    her shooting phase before the first blows: the target's casualties after the round are
    max(0, 2D6 + 2 - Ld) (no armour save: "Anula armaduras"; the target's 4+ armour does not
    count).  Ld 7: P(0) = 10/36 (2D6 <= 5); Ld 9: P(0) = 21/36; the exact first round leaves
    the lament to the kernel."""
    assert abs(lament_pmf(7)[0] - 10 / 36) < 1e-15 and abs(lament_pmf(9)[0] - 21 / 36) < 1e-15
    for ld, seed in ((7, 3001), (9, 3002)):
        model = build(banshee(), target(Ld=ld, save=4), options=CombatOptions(max_rounds=1))
        assert model.sides[0, S_LAMENT] == 2 and model.sides[1, S_LAMENT_WARD] == 7
        assert first_round_exact(model) is None
        check(model, lament_pmf(ld), seed, f"lament on Ld {ld}")


def test_lament_uses_the_best_ld_a_character_or_the_general_gives():
    """"o el Liderazgo del General si está a 30cm o menos; o el Liderazgo de cualquier
    personaje dentro de dicha unidad": an Ld 5 unit with an Ld 9 character in it suffers
    max(0, 2D6 + 2 - 9); with a General of Ld 8 near, max(0, 2D6 + 2 - 8).  Cold blood does
    not help ("las miniaturas con Sangre Fría no podrán usar 3 dados"): an Ld 7 cold-blooded
    unit suffers the Ld 7 law."""
    from odds.characters import Character

    hero = Character(name="Capitán", profile=Profile(M=10, WS=4, BS=4, S=1, T=10, W=2, I=4,
                                                    A=0, Ld=9))
    model = build_units([banshee(), target(Ld=5)], [0, 1], [(0, 1, FRONT, FRONT)],
                        [True, False], [None, None], CombatOptions(max_rounds=1),
                        characters=[(1, hero)])
    check(model, lament_pmf(9), 3003, "lament on Ld 5 with an Ld 9 character")
    model = build(banshee(), target(Ld=5), d_opts=SideOptions(general_ld=8),
                  options=CombatOptions(max_rounds=1))
    check(model, lament_pmf(8), 3004, "lament on Ld 5 with the General's Ld 8")
    model = build(banshee(), target(Ld=7, special=["cold_blooded"]),
                  options=CombatOptions(max_rounds=1))
    check(model, lament_pmf(7), 3005, "lament on a cold-blooded Ld 7 unit")


def test_lament_spares_the_immune_to_psychology_and_the_ethereal():
    """"no puede hacerse contra unidades inmunes a psicología" (unbreakable units are immune
    to psychology, RULES.md §3.2; frenzied ones while frenzied, §1.10 Frenzy table), "no
    afecta a miniaturas Etéreas": none of them loses a model.  Units that pass Ld tests
    automatically are still affected ("no serán inmunes al Lamento"): stubborn Ld 7 units
    suffer the Ld 7 law."""
    for special in (["immune_to_psychology"], ["unbreakable"], ["ethereal"], ["frenzy"]):
        model = build(banshee(), target(special=special), options=CombatOptions(max_rounds=1))
        out = simulate(model, 20_000, 3006)
        assert out["surv"][1, MODELS] == 20_000, special
    model = build(banshee(), target(special=["stubborn"]), options=CombatOptions(max_rounds=1))
    check(model, lament_pmf(7), 3007, "lament on a stubborn unit")


def test_lament_ward_and_regeneration_apply():
    """"una herida que Anula armaduras" takes the armour save only: a 4+ ward save saves
    each wound with 1/2 (6th: a ward save is taken against any wound unless a rule says
    otherwise), and regeneration on 4+ then half of the rest (it is not flaming): each
    wound is kept with 1/4; a daemonic aura's 5+ ward applies ("NO se considera ... Ataque
    mágico"): kept with 2/3."""
    model = build(banshee(), target(rules={"special": [], "ward_save": 4, "regeneration": 4}),
                  options=CombatOptions(max_rounds=1))
    check(model, lament_pmf(7, 1 / 4), 3008, "lament against ward and regeneration")
    model = build(banshee(), target(special=["daemonic_aura"]),
                  options=CombatOptions(max_rounds=1))
    assert model.sides[1, S_LAMENT_WARD] == 5
    check(model, lament_pmf(7, 2 / 3), 3009, "lament against a daemonic aura")


def test_lament_each_own_turn_only():
    """"Es un Ataque especial que se realiza en la fase de Disparo": only in the rounds of
    the owner's side's turn (the first round is the attacker's turn, RULES.md §8A).  As the
    attacker over three rounds it wails in rounds 1 and 3: the casualties are the sum of two
    laments; as the defender over one round, nobody charging, it does not wail at all (and
    the exact first round applies then)."""
    model = build(banshee(), target(), options=CombatOptions(max_rounds=3))
    check(model, convolve(lament_pmf(7), lament_pmf(7)), 3010, "two laments in three rounds")
    model = build(target(), banshee(), options=CombatOptions(max_rounds=1, charger="none"))
    assert first_round_exact(model) is not None
    out = simulate(model, 20_000, 3011)
    assert out["surv"][0, MODELS] == 20_000


def test_lament_when_the_defender_charged():
    """RULES.md §0: charges are declared by the active player, so the first round is the
    charger's turn also when the charger is the defender (``charger="defender"``): the
    Doncella on the defending side that charged wails before the first blows (the Ld 7 law
    over one round), and, the attacker having charged instead, she does not."""
    model = build(target(), banshee(), options=CombatOptions(max_rounds=1, charger="defender"))
    assert model.active_side == 1
    check(model, lament_pmf(7), 3016, "lament of a charging defender", body=0)
    model = build(target(), banshee(), options=CombatOptions(max_rounds=1))
    assert model.active_side == 0
    out = simulate(model, 20_000, 3017)
    assert out["surv"][0, MODELS] == 20_000


def test_lament_picks_the_enemy_with_the_most_expected_wounds():
    """"si la Doncella está trabada en combate con una o más unidades deberá elegir como
    objetivo una unidad con la que esté trabada": of two enemy units in contact (Ld 9 in
    front, Ld 6 on her flank) the Ld 6 one, where the expected wounds are highest
    (psychology.lament), suffers max(0, 2D6 + 2 - 6) and the other nothing; when the Ld 6
    unit is immune to psychology the Ld 9 one is the target."""
    for immune, seed in ((False, 3012), (True, 3013)):
        low = target(Ld=6, special=["immune_to_psychology"] if immune else [])
        model = build_units([banshee(), target(Ld=9), low], [0, 1, 1],
                            [(0, 1, FRONT, FRONT), (0, 2, FLANK, FRONT)], [True, False, False],
                            [None] * 3, CombatOptions(max_rounds=1))
        out = simulate(model, N, seed)
        hit, spared = (1, 2) if immune else (2, 1)
        assert_distribution(lost(out, hit), lament_pmf(9 if immune else 6), N,
                            what=f"lament target (immune {immune})")
        assert out["surv"][spared, MODELS] == N


@needs_data
def test_doncella_and_sagrario_from_the_catalogue():
    """Spot checks against the XML, MDNR Condes Vampiro: "Doncella espectral" M15 HA3 HP0 F3
    R3 H2 I4 A2 L8, "Infantería, No Muerto, Espíritu", Potencia 1, "Etéreos", "Lamento de la
    doncella"; "Sagrario mortis" F5 R5 H5 TSA 5+, "Carro", Potencia 5, its "Aprendiz
    espectral" HA3 F3 I3 A1 L7, "Coro de doncellas" ("Cada turno, el Sagrario puede efectuar
    un Lamento de la Doncella").  Both now import fully modelled.  Charging twenty T10 A0
    Ld 7 models (their blows, S3 to S5, cannot wound T10, RULES.md §1.4), each wails once in
    the first round: the models lost are max(0, 2D6 + 2 - 7) (no fear or terror test at the
    charge here: a failed terror test would flee before any lament)."""
    c = cat(VAMPIRES)
    d = c.unit("Doncella espectral")
    assert d.profile == Profile(M=15, WS=3, BS=0, S=3, T=3, W=2, I=4, A=2, Ld=8)
    assert d.has("maiden_lament") and d.has("ethereal") and d.unit_strength_per_model == 1
    assert clean(c, "Doncella espectral")
    s = c.unit("Sagrario mortis")
    assert s.troop_type == "chariot" and s.unit_strength_per_model == 5
    p = s.profile
    assert (p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (3, 3, 5, 5, 3, 1, 7)
    assert s.armour_save == 5 and s.has("maiden_lament")
    assert kinds(c, "Sagrario mortis").get("Coro de doncellas") is None  # a flag, no report
    assert clean(c, "Sagrario mortis")
    for unit, seed in ((d, 3014), (s, 3015)):
        model = build(unit, target(), options=CombatOptions(max_rounds=1, charge_tests=False))
        check(model, lament_pmf(7), seed, f"{unit.name}'s lament")
