"""Regimientos de Renombre, Compañía maldita de Kreugar (issue 11): Aflicción, Kreugar's own
hatred, Estandarte de los Malditos and Bienvenido a la Maldición.

Engine checks compare the exact first round (where it applies) and the kernel with laws
worked out by hand (z = 5, fixed seeds; ``RULES.md`` §1.3 to hit, §1.5 to wound, §1.6
killing blow, §2.2 combat result); catalogue checks read ../shared/battlescribe/ and are
skipped when it is absent.
"""

from __future__ import annotations

from conftest import (
    assert_distribution,
    binomial,
    cat,
    check_kernel_first_round,
    infantry,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    G_KB,
    G_REROLL,
    G_WOUND,
    RANK_AND_FILE,
    S_RECRUIT,
    S_UNSTABLE,
    CombatOptions,
    SideOptions,
    build,
)
from odds.units import Profile

RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
ENTRIES = ("Compañía maldita de Kreugar (Mercenarios)",
           "Compañía maldita de Kreugar (Todos menos Bretonia, Condes Vampiro, Mercenarios y"
           " Reyes Funerarios)")
N = 200_000


def fighter(name, models=10, files=None, **kw):
    """conftest.infantry in one rank unless ``files``."""
    return infantry(name, models, files or models, **kw)


def _company(**replace):
    """The first entry as imported, 10 models (Kreugar among them)."""
    unit = cat(RENOWN).unit(ENTRIES[0])
    return unit.replace(**replace) if replace else unit


@needs_data
def test_both_entries_import_as_printed():
    """Spot check against the XML (entries a0a7-1c43-874f-6029 and 99ca-2979-13cd-33e6):
    Esqueleto M10 HA2 HP2 F3 R3 H1 I2 A1 L3, TSA 5+ (light armour, shield: 4+ here with the
    shield in close combat); "Richter Kreuger (líder)" HA5 HP3 F4 R4 H2 I4 A3 L9 with
    "Aflicción" ("Todos los impactos de Aflicción se resuelven con F+1 y Golpe letal": F5 and
    killing blow), "Gema oscura de los condenados" ("Tirada de salvación especial de 4+") and
    "Odio a los No Muertos" ("Richter Kreugar (no el resto de la compañía) odia al resto de No
    Muertos"); the company's "Estandarte de los Malditos" and "Bienvenido a la Maldición"."""
    c = cat(RENOWN)
    for name in ENTRIES:
        # the four rules and "No Muertos" (its 'Capitán' clause too) modelled
        left = {i.item for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")}
        assert left == set(), (name, left)
        u = c.unit(name)
        assert u.profile == Profile(M=10, WS=2, BS=2, S=3, T=3, W=1, I=2, A=1, Ld=3)
        assert u.champion_profile == Profile(M=10, WS=5, BS=3, S=5, T=4, W=2, I=4, A=3, Ld=9)
        assert u.champion_special == ("killing_blow",)
        assert u.champion_hatred == ("undead",) and u.hatred == ()
        assert u.champion_ward == 4 and u.race == "undead"
        assert {"cursed_standard", "cursed_recruits", "unstable"} <= set(u.special)
        assert u.command.standard and u.command.champion


@needs_data
def test_affliction_is_s5_with_killing_blow_for_kreugar_alone():
    """"Aflicción": "Todos los impactos de Aflicción se resuelven con F+1 y Golpe letal".

    Against ten T8 W2 models (A0, no save, not undead) the skeletons' S3 cannot wound, nor
    could Kreugar's own S4; with Aflicción his S5 wounds on 6s, each a killing blow taking a
    whole W2 model: his 3 attacks hit on 3+ (WS5 against WS3), wounds = 2 x Binomial(3, 2/3 x
    1/6).  (Without "Bienvenido a la Maldición": the exact engine leaves gained models to the
    kernel; the victims have 2 wounds anyway.)"""
    unit = _company(special=tuple(s for s in _company().special if s != "cursed_recruits"))
    enemy = fighter("E", 10, 5, T=8, W=2, A=0)
    model = build(unit, enemy, options=CombatOptions(max_rounds=1, charger="attacker"))
    k = model.names.index(f"{unit.name} champion")
    row = model.groups[k, 1, RANK_AND_FILE, 0]
    assert row[G_KB] == 1 and row[G_WOUND] == 6
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_KB] == 0  # the skeletons' blows are not
    pmf = [0.0] * 7
    for n, q in enumerate(binomial(3, 2 / 3 / 6)):
        pmf[2 * n] = q
    # a promoted champion is a body of its own, which the exact first round leaves to the kernel
    check_kernel_first_round(model, pmf, 3301, "Kreugar's killing blows", N)
    # Kreugar's own S4 (no Aflicción) cannot wound T8: no wounds at all
    plain = unit.replace(champion_profile=unit.champion_profile.replace(S=4),
                         champion_special=())
    model = build(plain, enemy, options=CombatOptions(max_rounds=1, charger="attacker"))
    assert simulate(model, 2_000, 3302)["w1"][0, 0] == 2_000


@needs_data
def test_kreugar_alone_hates_the_other_undead():
    """"Odio a los No Muertos": "Richter Kreugar (no el resto de la compañía) odia al resto de
    No Muertos, pese a ser Inmune a psicología" (gst "Odio": re-roll missed hits in the first
    round).

    Against ten undead T8 W2 models (A0, no save) Kreugar's 3 attacks hit on 3+ re-rolled
    (8/9) and wound with killing blow on 6s: 2 x Binomial(3, 8/9 x 1/6); against the same
    models not undead, 2 x Binomial(3, 1/9) (test above).  The skeletons re-roll nothing;
    later rounds, nobody."""
    unit = _company(special=tuple(s for s in _company().special if s != "cursed_recruits"))
    for race, p, seed in (("undead", 8 / 9 / 6, 3311), ("", 2 / 3 / 6, 3312)):
        enemy = fighter("E", 10, 5, T=8, W=2, A=0, race=race)
        model = build(unit, enemy, options=CombatOptions(max_rounds=1, charger="attacker"))
        k = model.names.index(f"{unit.name} champion")
        assert model.groups[k, 1, RANK_AND_FILE, 0, G_REROLL] == (race == "undead")
        assert model.groups[k, 1, RANK_AND_FILE, 1, G_REROLL] == 0
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 0
        pmf = [0.0] * 7
        for n, q in enumerate(binomial(3, p)):
            pmf[2 * n] = q
        check_kernel_first_round(model, pmf, seed,
                                 f"Kreugar's wounds against {race or 'the living'}", N)


def test_cursed_standard_one_instability_wound_fewer_while_carried():
    """"Estandarte de los Malditos": "La compañía Maldita sufre una herida menos de la que
    sufriría normalmente al ser derrotada en combate por Inestabilidad ... si el
    Portaestandarte muere, se pierde el efecto".

    Nobody has attacks (A0): ten unstable models in one rank with a standard (+1) against
    ten with a static +4: lost by 3, the unit loses 3 wounds, 2 with the rule (7 or 8 models
    left, every trial).  The standard's presence is side_totals' condition (the engine's
    standard, RULES.md §2.2); without a standard bearer the rule does nothing."""
    enemy = fighter("E", 10, A=0)
    opts = [SideOptions(), SideOptions(static_bonus=4)]
    for special, left, seed in ((("unstable",), 7, 3321),
                                (("unstable", "cursed_standard"), 8, 3322)):
        unit = fighter("M", 10, A=0, special=special, command={"standard": True})
        model = build(unit, enemy, opts[0], opts[1], CombatOptions(max_rounds=1))
        assert model.sides[0, S_UNSTABLE] == (3 if "cursed_standard" in special else 1)
        out = simulate(model, 2_000, seed)
        assert out["surv"][0, left] == 2_000, (special, out["surv"][0])
    # a unit without a standard bearer has no effect
    unit = fighter("M", 10, A=0, special=("unstable", "cursed_standard"))
    model = build(unit, enemy, options=CombatOptions(max_rounds=1))
    assert model.sides[0, S_UNSTABLE] == 1


def test_welcome_to_the_curse_slain_one_wound_models_join():
    """"Bienvenido a la Maldición": "Si cualquier guerrero de la Compañía Maldita (incluido
    Kreugar) abate a una miniatura con 1 herida en su perfil inicial, se crea en su lugar un
    Esqueleto que se añade a la Compañía Maldita".

    Ten WS3 S3 models against ten unbreakable WS3 T3 W1 models with no attacks and no save:
    each attack kills with 1/4, so after one round the unit has 10 + Binomial(10, 1/4)
    models; against W2 models ("1 herida en su perfil inicial": not these) it gains none, nor
    without the rule; in a long combat against thirty it ends with all of them.
    The exact first round leaves such a unit to the kernel."""
    rule = ("cursed_recruits",)
    enemy = fighter("E", 10, A=0, special=("unbreakable",))
    unit = fighter("C", 10, special=rule)
    model = build(unit, enemy, options=CombatOptions(max_rounds=1))
    assert model.sides[0, S_RECRUIT] == 1 and model.sides[1, S_RECRUIT] == 0
    assert first_round_exact(model) is None
    out = simulate(model, N, 3331)
    sim = {k - 10: c / N for k, c in enumerate(out["surv"][0]) if c}
    assert_distribution(sim, binomial(10, 1 / 4), N, what="models gained in one round")
    for u, e in ((fighter("C", 10), enemy),
                 (unit, fighter("E", 10, W=2, A=0, special=("unbreakable",)))):
        out = simulate(build(u, e, options=CombatOptions(max_rounds=1)), 2_000, 3332)
        assert out["surv"][0, 10] == 2_000
    # a long combat: the unit never gains more than the enemy's models, which all die
    model = build(fighter("C", 10, special=(*rule, "unbreakable")),
                  fighter("E", 30, 10, A=0, special=("unbreakable",)),
                  options=CombatOptions(max_rounds=30))
    out = simulate(model, 2_000, 3333)
    assert out["surv"][0].sum() == 2_000
    assert out["surv"][0, 40] == 2_000  # every enemy slain, each one joined


@needs_data
def test_kreugar_slays_a_champion_in_a_challenge_and_he_joins():
    """"Bienvenido a la Maldición" "(incluido Kreugar)": in a challenge Kreugar (WS5 S5,
    killing blow) against the enemy's W1 champion (WS3 T3, no save, A0) kills him with each
    hit that wounds (3+, 2+): 1 - (1 - 2/3 x 5/6)^3; the company (its skeletons unable to wound T10
    men) then has one model more."""
    unit = _company()
    enemy = fighter("E", 10, 5, T=10, A=0, command={"champion": True}).replace(
        champion_profile=Profile(M=10, WS=3, BS=3, S=3, T=3, W=1, I=3, A=0, Ld=7))
    from odds.combat.model import FRONT, build_units

    model = build_units([unit, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                        [None, None], CombatOptions(max_rounds=1),
                        challenge=["champion", "champion"])
    assert model.sides[model.names.index(f"{unit.name} champion"), S_RECRUIT] == 1
    out = simulate(model, N, 3341)
    assert out["chal"][0] == N
    p = 1 - (1 - 5 / 9) ** 3
    sim = {k - 9: c / N for k, c in enumerate(out["surv"][0]) if c}
    assert_distribution(sim, [1 - p, p], N, what="the champion slain joins the company")


def _captain_law(mix: dict[int, float]) -> list[float]:
    """Models lost to "Capitán" tests on Ld 3 (each max(0, 2D6 - 3) one-wound models) when
    ``mix[n]`` is the probability that ``n`` tests were taken."""
    one = [0.0] * 10
    for a in range(1, 7):
        for b in range(1, 7):
            one[max(0, a + b - 3)] += 1 / 36
    out = [0.0] * 19
    for tests, weight in mix.items():
        law = [1.0]
        for _ in range(tests):
            nxt = [0.0] * (len(law) + 9)
            for i, x in enumerate(law):
                for j, y in enumerate(one):
                    nxt[i + j] += x * y
            law = nxt
        for k, x in enumerate(law):
            out[k] += weight * x
    return out


def test_captain_slain_the_company_crumbles():
    """"No Muertos", "Capitán": "Si Richter muere ... Al término de la fase en que el Capitán
    haya sido eliminado y al comienzo de cada turno posterior de la Compañía Maldita, esta
    deberá efectuar un chequeo de liderazgo. Si no lo supera, sufrirá un número de heridas
    igual a la diferencia ... heridas que no podrán evitarse mediante ninguna tirada de
    salvación (ni siquiera especiales)" (``captain_bound``).

    Twenty T10 Ld 3 unbreakable skeletons (A0, a 4+ ward that must not count against the
    crumbling) whose champion (T1 W1, the 4+ ward too) accepts the challenge of an enemy
    champion with 10 S4 attacks (3+ to hit, 2+ to wound, then the ward) in an unbreakable
    unit: he survives a round with s = (13/18)^10, and nobody else can wound anyone (S4
    against T10).
    He falls in round r with s^(r-1) (1 - s).  Charged (the enemy's turn first), the company
    tests at the end of the round he fell in and at the start of each later round of its turn
    (rounds 2, 4...); charging, in rounds 3, 5...  So, over three rounds charged: he fell in
    round 1, two tests (end of 1, start of 2); in round 2 or 3, one; charging: rounds 1 or 2,
    two (then the start of round 3); round 3, one.  Each test loses max(0, 2D6 - 3) models.
    With an enemy champion of A0 the captain lives and nothing is lost.  RULES.md §3.1: the
    test is 2D6 against the unit's Ld."""
    from odds.combat.model import FRONT, S_CAPTAIN, build_units

    def company():
        return fighter("C", 20, 5, T=10, A=0, command={"champion": True},
                       rules={"special": ["captain_bound", "unbreakable"],
                              "ward_save": 4}).replace(
            profile=Profile(M=10, WS=3, BS=3, S=3, T=10, W=1, I=3, A=0, Ld=3),
            champion_profile=Profile(M=10, WS=3, BS=3, S=3, T=1, W=1, I=3, A=0, Ld=3))

    def enemy(attacks):
        return fighter("E", 10, 5, A=0, command={"champion": True},
                       special=("unbreakable",)).replace(
            champion_profile=Profile(M=10, WS=10, BS=3, S=4, T=10, W=3, I=3, A=attacks,
                                     Ld=7))

    s = (13 / 18) ** 10
    r1, r2, r3, never = 1 - s, s * (1 - s), s * s * (1 - s), s ** 3
    cases = ((1, False, {1: r1, 0: 1 - r1}, 3351),
             (2, False, {2: r1, 1: r2, 0: s * s}, 3352),
             (3, False, {2: r1, 1: r2 + r3, 0: never}, 3353),
             (3, True, {2: r1 + r2, 1: r3, 0: never}, 3354))
    for rounds, company_charges, mix, seed in cases:
        units = [company(), enemy(10)] if company_charges else [enemy(10), company()]
        c = 0 if company_charges else 1
        model = build_units(units, [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                            [None, None], CombatOptions(max_rounds=rounds),
                            challenge=["champion", "champion"])
        assert model.sides[c, S_CAPTAIN] == 1 and first_round_exact(model) is None
        out = simulate(model, N, seed)
        assert out["chal"][0] == N  # the challenge is fought every time
        sim = {19 - m: k / N for m, k in enumerate(out["surv"][c]) if k}
        assert_distribution(sim, _captain_law(mix), N,
                            what=f"models crumbled in {rounds} rounds, charging"
                                 f" {company_charges}")
    model = build_units([enemy(0), company()], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                        [None, None], CombatOptions(max_rounds=3),
                        challenge=["champion", "champion"])
    out = simulate(model, 2_000, 3355)
    assert out["surv"][1, 19] == 2_000  # the captain lives: no test


@needs_data
def test_captain_clause_of_no_muertos_is_modelled():
    """"No Muertos" of the Compañía maldita and of Mordini's Legión de Pesadilla ("Capitán.
    Si Ennio muere, la Legión comenzará a desintegrarse"): immune to psychology, unstable,
    fear and ``captain_bound``, nothing reported; both Kreugar entries and the Legión are
    now fully modelled."""
    c = cat(RENOWN)
    legion = [n for n in c.names if n.startswith("Legión de Pesadilla")]
    assert len(legion) == 1
    for name in (*ENTRIES, *legion):
        left = {i.item for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")}
        assert left == set(), (name, left)
        assert {"immune_to_psychology", "unstable", "fear", "captain_bound"} <= set(
            c.unit(name).special)
