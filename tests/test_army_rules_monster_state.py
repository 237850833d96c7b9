"""Army-book rules of issue 11 (army23): monsters whose blows or whose enemies' tests change
during the combat -- Reyes Funerarios / Elfos Oscuros "Asalto imparable" (attacks won by
wounds, chained), Condes Vampiro "Poder de la muerte" (wounds gained by wounds caused),
Elfos Oscuros "Aullido abisal" (the enemy in contact re-rolls its Ld tests).

Catalogue checks are written by hand from the rule descriptions and profiles in
../shared/battlescribe/ (skipped when the folder is absent).  The exact first round refuses
these rules (its state has no chained attacks, growing wounds or re-rolled passes), so the
kernel is checked at z = 5 with fixed seeds against distributions worked out by hand.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from conftest import (
    assert_distribution,
    assert_mc,
    binomial,
    cat,
    check_first_round,
    check_first_round_break,
    clean,
    first_round_shares,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import (
    CHAIN_CAP,
    CREW,
    G_CHAIN,
    G_POISON,
    RANK_AND_FILE,
    S_HOWLED,
    S_LIFE_DRAIN,
    S_W,
    WIPED,
    CombatOptions,
    SideOptions,
    build,
)
from odds.units import MountProfile, Profile, unit_from_dict

TOMB_KINGS = "MDNR_Reyes_Funerarios v5.cat"
DARK_ELVES = "MDNR_Elfos_Oscuros_v7.cat"
VAMPIRES = "MDNR_Condes_Vampiro_v5.cat"
NO_TESTS = CombatOptions(charge_tests=False)


def target(models: int = 40, *, save: int = 7, a: int = 0, special: tuple = ()):
    """``models`` WS3 T4 models of one wound, ten a rank, armour save ``save`` (7 none),
    ``a`` attacks each, Ld 7."""
    return unit_from_dict({
        "name": "Blanco", "troop_type": "infantry", "models": models, "files": 10,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 4, "W": 1, "I": 3, "A": a,
                    "Ld": 7},
        "equipment": {"armour_save_override": save},
        "rules": {"special": list(special)},
    })


def negative_binomial(r: int, p: float, top: int) -> list[float]:
    """Successes before the ``r``-th failure of trials succeeding with ``p``, 0..top."""
    return [comb(k + r - 1, r - 1) * p**k * (1 - p) ** r for k in range(top + 1)]


def capped(pmf, cap: int) -> list[float]:
    """``pmf`` of min(X, cap): the wounds a unit of ``cap`` wounds can lose."""
    return [*pmf[:cap], 1.0 - sum(pmf[:cap])]


def first_round_wounds(model, seed: int, trials: int = 200_000) -> dict[int, float]:
    out = simulate(model, trials, seed)
    return first_round_shares(out, 0, trials)


# ----------------------------------------------------------------- Asalto imparable


@needs_data
def test_bone_giant_from_the_catalogue():
    """Spot check against the XML: Reyes Funerarios "Gigante de hueso" M15 HA3 HP2 F6 R5 H6 I1
    A4 L8, TSA 3+ (its "Criatura artefacto" natural armour), a monster; "Asalto imparable"
    ("En carga, por cada tirada para herir exitosa que haga la miniatura con Asalto
    Imparable, puede hacer un ataque adicional (que a su vez, en caso de herir,
    desencadenará nuevos ataques). Nótese que es la tirada para herir, antes de
    salvaciones") is now unstoppable_assault, and the unit imports with nothing ignored."""
    c = cat(TOMB_KINGS)
    u = c.unit("Gigante de hueso")
    assert u.troop_type == "monster" and u.models == 1
    assert u.profile == Profile(M=15, WS=3, BS=2, S=6, T=5, W=6, I=1, A=4, Ld=8)
    assert u.armour_save == 3
    assert u.has("unstoppable_assault")
    assert clean(c, "Gigante de hueso")


@needs_data
def test_unstoppable_assault_chains_on_the_charge():
    """The giant charging 40 WS3 T4 models with no save: 4+ to hit, 2+ to wound (S6), so each
    attack wounds with p = 1/2 x 5/6 = 5/12 and each wound is one more attack: the attacks
    go on until four have failed, and the wounds are NegativeBinomial(4 failures, 5/12)
    (capped at the 40 models).  Charged, it attacks four times: Binomial(4, 5/12), and the
    exact engine agrees; charging, the exact engine refuses and the kernel matches the
    negative binomial (z = 5)."""
    giant = cat(TOMB_KINGS).unit("Gigante de hueso")
    m = build(giant, target(), options=NO_TESTS)
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_CHAIN] == 1
    assert m.groups[0, 1, RANK_AND_FILE, 1, G_CHAIN] == 0  # "En carga": the first round only
    assert first_round_exact(m) is None
    pmf = capped(negative_binomial(4, 5 / 12, 40), 40)
    assert_distribution(first_round_wounds(m, 2301), pmf, 200_000, what="chained attacks")
    held = build(target(), giant, options=CombatOptions(charge_tests=False, charger="defender"))
    assert held.groups[1, 0, RANK_AND_FILE, 0, G_CHAIN] == 1
    charged = build(giant, target(), options=CombatOptions(charge_tests=False,
                                                           charger="defender"))
    assert not charged.groups[0, 1, :, :, G_CHAIN].any()
    check_first_round(charged, binomial(4, 5 / 12), 2302, "charged: no chain")


@needs_data
def test_unstoppable_assault_counts_wounds_before_saves():
    """"es la tirada para herir, antes de salvaciones": against a 2+ armour save (5+ against
    S6) the chain runs on the rolled wounds, NegativeBinomial(4, 5/12), and only then does
    each wound go through its 5+ save: unsaved ~ sum_s NB(s) Binomial(s, 2/3)."""
    giant = cat(TOMB_KINGS).unit("Gigante de hueso")
    m = build(giant, target(save=2), options=NO_TESTS)
    nb = negative_binomial(4, 5 / 12, 160)
    pmf = np.zeros(161)
    for s, ps in enumerate(nb):
        pmf[: s + 1] += ps * np.array(binomial(s, 2 / 3))
    assert_distribution(first_round_wounds(m, 2303), capped(list(pmf), 40), 200_000,
                        what="chain before saves")


def test_chain_cap_is_out_of_reach():
    """CHAIN_CAP further attacks need that many wounds before the model's attacks (five at
    most in the books: the Kharibdyss) have failed: P(NB(5, 0.85) >= CHAIN_CAP) < 1e-6, 0.85
    being more than any roll of the engine gives (2+ to hit re-rolled, poisoned, 2+ to
    wound: 1/6 + 4/6 x 5/6 + 1/6 x (1/6 + 4/6 x 5/6) = 0.843)."""
    best = 1 / 6 + 4 / 6 * 5 / 6 + 1 / 6 * (1 / 6 + 4 / 6 * 5 / 6)
    assert best < 0.85
    tail = 1.0 - sum(negative_binomial(5, 0.85, CHAIN_CAP - 1))
    assert tail < 1e-6


@needs_data
def test_kharibdyss_chain_with_poison_and_its_handlers():
    """Elfos Oscuros "Asalto imparable" counts "cada herida que cause ... (antes de efectuar
    tiradas de salvación)": the Kharibdyss (HA4 F6, A5, "Ataques envenenados") charging WS3 T4
    models wounds with p = 3/6 x 5/6 + 1/6 (a natural 6 poisons) = 21/36, chained:
    NB(5, 21/36); its two handlers (HA4 F3, two hand weapons: four attacks, 3+ and 5+) do not
    chain, and are not poisoned ("Ataques envenenados (6+)" is a rule of the Kharibdyss's
    entry, not of its "Aprendiz"; they were before army23): Binomial(4, 2/9), summed."""
    k = cat(DARK_ELVES).unit("Kharibdyss")
    assert k.profile.A == 5 and k.poisoned == 6 and k.has("unstoppable_assault")
    assert k.extra_crew.handlers
    m = build(k, target(), options=NO_TESTS)
    assert m.groups[0, 1, CREW, 0, G_POISON] == 7 and m.groups[0, 1, CREW, 0, G_CHAIN] == 0
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_POISON] == 6
    nb = negative_binomial(5, 21 / 36, 60)
    pmf = np.convolve(nb, binomial(4, 2 / 9))
    assert_distribution(first_round_wounds(m, 2304), capped(list(pmf), 40), 200_000,
                        what="Kharibdyss")


# ----------------------------------------------------------------- Poder de la muerte


@needs_data
def test_black_coach_from_the_catalogue():
    """Spot check against the XML: Condes Vampiro "Carruaje negro": a chariot of M20, T6 H5,
    TSA 4+, ward 5+, Potencia 5, impact hits 1D6 at F5; its "Conductor espectral" HA3 F3 I2 A2
    with a great weapon, two "Pesadilla" HA2 F3 I2 A1; "Poder de la muerte" ("Por cada herida
    que cause el Carruaje negro o alguna de sus partes (Conductor, Pesadilla), el Carruaje
    gana una herida. Esto puede aumentar sus Heridas por encima de su valor inicial de 5") is
    life_drain: one model whose wound pool may grow to LIFE_DRAIN_CAP."""
    c = cat(VAMPIRES)
    u = c.unit("Carruaje negro")
    assert u.troop_type == "chariot" and u.models == 1
    assert (u.profile.T, u.profile.W, u.profile.WS, u.profile.S, u.profile.A) == (6, 5, 3, 3, 2)
    assert u.equipment.weapon == "great_weapon"
    assert u.mount == MountProfile(WS=2, S=3, I=2, A=1, count=2)
    assert (u.armour_save, u.ward_save, u.impact_hits, u.impact_strength) == (4, 5, "d6", 5)
    assert u.has("life_drain")
    assert clean(c, "Carruaje negro")
    m = build(u, target(), options=NO_TESTS)
    assert m.sides[0, S_LIFE_DRAIN] == 1 and m.sides[0, S_W] == 60


@needs_data
def test_life_drain_keeps_the_coach_alive():
    """The coach (here without "unstable" and immune to psychology: only its wounds can end
    it) charges one T3 monster of 10 wounds (as many as it can take), no save, A10 WS3 S6
    I1, that strikes after it.
    The coach scores s wounds: impact 1D6 hits at F5 (2+), the driver's two attacks with a
    great weapon (4+, F5 2+: 5/12 each), the steeds' two (4+, F3 4+: 1/4 each); the monster
    then hits the coach (T6 W5, 4+ armour, 5+ ward) with 10 attacks at 4+, 4+ to wound, no
    armour at S6, the 5+ ward: t ~ Binomial(10, 1/6).  With the rule the coach dies iff
    t >= 5 + s; without it, iff t >= 5 (one round fought).

    At S10 the monster's blows would wreck the coach, a chariot (RULES.md §1.12; gst "Carro":
    "Resulta destruido por cualquier herida de Fuerza 7 o más"): one unsaved wound ends it,
    life drain or not, unless the coach slew the monster first (s = 10)."""
    coach = cat(VAMPIRES).unit("Carruaje negro")
    coach = coach.replace(special=tuple(r for r in coach.special if r != "unstable"))

    def beast(strength: int):
        return unit_from_dict({
            "name": "Bestia", "troop_type": "monster", "models": 1, "files": 1,
            "profile": {"M": 10, "WS": 3, "BS": 0, "S": strength, "T": 3, "W": 10, "I": 1,
                        "A": 10, "Ld": 10},
            "equipment": {"armour_save_override": 7},
            "rules": {"special": ["immune_to_psychology", "unbreakable"]},
        })

    impact = np.zeros(7)
    for n in range(1, 7):
        impact[: n + 1] += np.array(binomial(n, 5 / 6)) / 6
    s_pmf = np.convolve(np.convolve(impact, binomial(2, 5 / 12)), binomial(2, 1 / 4))
    t_pmf = np.array(binomial(10, 1 / 6))
    dies = sum(ps * t_pmf[5 + s:].sum() for s, ps in enumerate(s_pmf))
    dies_plain = t_pmf[5:].sum()
    opts = CombatOptions(charge_tests=False, max_rounds=1)
    trials = 200_000
    out = simulate(build(coach, beast(6), options=opts), trials, 2305)
    assert_mc(out["status"][0, WIPED] / trials, dies, trials, what="with Poder de la muerte")
    plain = coach.replace(special=tuple(r for r in coach.special if r != "life_drain"))
    out = simulate(build(plain, beast(6), options=opts), trials, 2306)
    assert_mc(out["status"][0, WIPED] / trials, dies_plain, trials, what="without")
    assert dies < 0.5 * dies_plain
    wrecked = (1 - s_pmf[10:].sum()) * (1 - (1 - 5 / 18) ** 10)  # hit 4+, wound 2+, ward 5+
    out = simulate(build(coach, beast(10), options=opts), trials, 2307)
    assert_mc(out["status"][0, WIPED] / trials, wrecked, trials, what="wrecked at S10")


def test_life_drain_needs_one_model():
    """The wound pool is one model's: a regiment with the rule is a clear error."""
    from odds.validation import OddsInputError

    with pytest.raises(OddsInputError, match="life_drain"):
        build(target(special=("life_drain",)), target())


# ----------------------------------------------------------------- Aullido abisal


def howler(**rules):
    """A WS4 T5 W3 monster of A0 (unit strength 3) with "Aullido abisal"."""
    return unit_from_dict({
        "name": "Aullador", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 4, "BS": 0, "S": 6, "T": 5, "W": 3, "I": 4, "A": 0,
                    "Ld": 8},
        "rules": {"special": ["abyssal_howl", *rules.get("special", ())]},
    })


@pytest.mark.parametrize("special, bsb, howled", [
    ((), False, True),
    ((), True, True),
    (("immune_to_psychology",), False, False),
    (("fear",), False, False),
    ((), False, None),
])
def test_abyssal_howl_rerolls_passed_break_tests(special, bsb, howled):
    """Elfos Oscuros "Aullido abisal": "El jugador Elfo Oscuro puede obligar a repetir
    cualquier tirada basada en Liderazgo de cualquier unidad en contacto peana con peana con
    el Kharibdyss (incluyendo Chequeos de Desmoralización) ... NO afecta a miniaturas
    Inmunes a psicología, o que causen Miedo o Terror".

    No blows are struck; the howler's side has +2 static, the ten models outnumber its US 3
    (+1): the target loses by 1 and tests Ld 7 - 1, passing with q = 15/36.  Howled, a pass
    is re-rolled: it holds with q^2; with a battle standard a failed test is re-rolled
    instead and no die twice (RULES.md §3.1: "Re-rolls: any die only once"): q^2 + (1 - q) q
    = q.  Immune to psychology (it still tests break) or causing fear: q.  Without the
    rule (``howled`` None): q."""
    q = 15 / 36
    unit = howler() if howled is not None else howler().replace(special=())
    m = build(unit, target(10, special=special), SideOptions(static_bonus=2),
              SideOptions(bsb=bsb), options=CombatOptions(charge_tests=False, max_rounds=1))
    assert (m.sides[1, S_HOWLED] == 1) == bool(howled)
    seed = 2310 + len(special) + 2 * bsb + 4 * (howled is None)
    if not howled:  # the exact engine, then the kernel
        check_first_round_break(m, 1, 1 - q, seed, f"{special} not howled")
        return
    assert first_round_exact(m) is None
    hold = q * q if not bsb else q
    trials = 200_000
    out = simulate(m, trials, seed)
    assert_mc(out["breaks"][0, 1] / trials, 1 - hold, trials, what=f"{special} {bsb}")


def test_abyssal_howl_rerolls_passed_stupidity_tests():
    """"cualquier tirada basada en Liderazgo": a stupid target (Ld 7: passes with q = 21/36)
    charging the howler tests on its own turn, the first round, and re-rolls a pass.
    Failed, half of its five models in contact fight (2, a third on 4+, RULES.md §1.10).
    A1 each, WS3 against WS4 (4+), S3 against T5 (6+): p = 1/12 an attack; its first-round
    wounds are those of 5 attacks with probability q^2 (q without the rule), else of 2 or 3
    (one half each)."""
    q = 21 / 36
    t = target(10, a=1, special=("stupidity",))
    m = build(t, howler(), options=CombatOptions(charge_tests=False, max_rounds=1))
    assert m.sides[0, S_HOWLED] == 2  # 1 + the howler, unit 1
    p = 1 / 12
    five, two, three = (np.array(binomial(n, p)) for n in (5, 2, 3))
    fail = np.zeros(6)
    fail[:3] += 0.5 * two
    fail[:4] += 0.5 * three
    pmf = q * q * five + (1 - q * q) * fail
    assert_distribution(first_round_wounds(m, 2320), list(pmf), 200_000, what="stupid, howled")
    plain = build(t, howler().replace(special=()),
                  options=CombatOptions(charge_tests=False, max_rounds=1))
    pmf = q * five + (1 - q) * fail
    assert_distribution(first_round_wounds(plain, 2321), list(pmf), 200_000, what="stupid")


def test_abyssal_howl_rerolls_passed_panic_tests():
    """"cualquier tirada basada en Liderazgo": the howler (side +10 static, no blows) touches
    two enemy units; the first (Ld 2, losing by 9) always breaks, so the second, stubborn (its
    Ld 7 unmodified: passes with q = 21/36), must pass its break test and then a panic test
    (Ld 7, q) to stay (RULES.md §3.2, §3.4).  Howled, each pass is re-rolled: it flees with
    1 - q^4; without the rule, 1 - q^2 (one round fought)."""
    from odds.combat.model import CAUGHT, ESCAPED, FLANK, FRONT, build_units

    q = 21 / 36
    weak = target(10).replace(profile=target().profile.replace(Ld=2))
    stubborn = target(10, special=("stubborn",))
    opts = CombatOptions(charge_tests=False, max_rounds=1)
    trials = 200_000
    for unit, flees, seed in ((howler(), 1 - q**4, 2330),
                              (howler().replace(special=()), 1 - q**2, 2331)):
        m = build_units([unit, weak, stubborn], [0, 1, 1],
                        [(0, 1, FRONT, FRONT), (0, 2, FLANK, FRONT)], [True, False, False],
                        [SideOptions(static_bonus=10), None, None], opts)
        assert m.sides[2, S_HOWLED] == (1 if unit.has("abyssal_howl") else 0)
        out = simulate(m, trials, seed)
        assert out["breaks"][0, 1] == trials  # the weak unit always breaks
        fled = (out["status"][2, ESCAPED] + out["status"][2, CAUGHT]) / trials
        assert_mc(fled, flees, trials, what=f"panic {unit.special}")


def test_abyssal_howl_rerolls_a_failed_test_to_hold_back():
    """"pero sí chequeos por otros efectos (como el chequeo para evitar perseguir)": the
    howler (Ld 2) loses by 10 and flees 5D6; its enemy, allowed to hold back
    (``restrain_pursuit``), tests Ld 7 (holds with q = 21/36); the Dark Elf player has a
    failed test re-rolled: it pursues with (1 - q)^2 (1 - q without the rule) and catches
    the howler when its 5D6 is at least the flight's (p_ge of two 5D6, odds.dice)."""
    from odds.combat.model import CAUGHT
    from odds.dice import p_ge, sum_pmf

    q = 21 / 36
    catch = p_ge(sum_pmf(5), sum_pmf(5))
    opts = CombatOptions(charge_tests=False, max_rounds=1, restrain_pursuit=True)
    trials = 200_000
    for unit, pursues, seed in ((howler(), (1 - q) ** 2, 2332),
                                (howler().replace(special=()), 1 - q, 2333)):
        unit = unit.replace(profile=unit.profile.replace(Ld=2))
        m = build(unit, target(10), None, SideOptions(static_bonus=10), opts)
        out = simulate(m, trials, seed)
        assert out["breaks"][0, 0] == trials
        assert_mc(out["status"][0, CAUGHT] / trials, pursues * catch, trials,
                  what=f"restrain {unit.special}")


# ----------------------------------------------------------------- Arma de frío


@needs_data
def test_ice_trolls_from_the_catalogue():
    """Spot check against the XML: Mercenarios "Trolls de hielo" ("Troll de hielo" M15 HA3 HP1
    F5 R4 H3 I1 A3 L4, Infantería Monstruosa, Potencia 3; "Vómito de troll", "Miedo",
    "Regeneración", "Estupidez", "Inflamable"), weapon "Arma de frío" ("Arma de mano. En el
    turno en que cargan, si sale algún 6 en la tirada para impactar causa una herida
    adicional de F3") now cold_weapon on a hand weapon: nothing ignored."""
    c = cat("MDNR_Mercenarios v5.cat")
    u = c.unit("Trolls de hielo")
    assert u.troop_type == "monstrous_infantry" and u.models == 3
    assert u.profile == Profile(M=15, WS=3, BS=1, S=5, T=4, W=3, I=1, A=3, Ld=4)
    assert u.equipment.weapon == "hand_weapon" and u.regeneration == 4
    assert {"cold_weapon", "troll_vomit", "stupidity", "flammable", "fear"} <= set(u.special)
    assert clean(c, "Trolls de hielo")


def ice_trolls(**rules):
    """Three trolls (HA3 F5, A3), immune to psychology (no stupidity), no vomit."""
    return unit_from_dict({
        "name": "Trolls", "troop_type": "monstrous_infantry", "models": 3, "files": 3,
        "profile": {"M": 15, "WS": 3, "BS": 1, "S": 5, "T": 4, "W": 3, "I": 1, "A": 3,
                    "Ld": 4},
        "rules": {"special": ["cold_weapon", "immune_to_psychology", *rules.get("special", ())]},
    })


def cold_pmf(save_main: float, save_cold: float) -> np.ndarray:
    """Wounds of one troll attack charging WS3 T4 models: a 4+ hit; a 6 (1/6) wounds on 3+
    (F5) unless saved (``save_main``) and adds a wound of F3 unless saved (``save_cold``);
    a 4 or 5 (1/3) only wounds on 3+."""
    w = 2 / 3 * (1 - save_main)
    c = 1 - save_cold
    one = np.zeros(3)
    one[0] += 1 / 2 + 1 / 3 * (1 - w) + 1 / 6 * (1 - w) * (1 - c)
    one[1] += 1 / 3 * w + 1 / 6 * (w * (1 - c) + (1 - w) * c)
    one[2] += 1 / 6 * w * c
    return one


def test_cold_weapon_adds_a_wound_for_each_six_on_the_charge():
    """Three trolls, nine attacks, charge WS3 T4 models with a 4+ armour save (6+ against F5,
    4+ against the cold wound's F3): each attack scores 0, 1 or 2 wounds (cold_pmf), the
    nine independent; charged, or from the second round, Binomial(9, 1/2 x 2/3 x 5/6) (the
    exact engine agrees)."""
    one = cold_pmf(1 / 6, 1 / 2)
    pmf = np.array([1.0])
    for _ in range(9):
        pmf = np.convolve(pmf, one)
    m = build(ice_trolls(), target(save=4), options=NO_TESTS)
    assert first_round_exact(m) is None
    assert_distribution(first_round_wounds(m, 2340), list(pmf), 200_000, what="cold weapon")
    charged = build(ice_trolls(), target(save=4),
                    options=CombatOptions(charge_tests=False, charger="defender"))
    check_first_round(charged, binomial(9, 1 / 2 * 2 / 3 * 5 / 6), 2341, "charged: no cold")


def test_cold_weapon_spares_the_immune_to_cold():
    """"Las Armas de frío son (obviamente) un Ataque de frío, así que no afectará a las
    miniaturas Inmune a frío" (Mercenarios "Arma de frío"; ``immune_to_cold``: Condes Vampiro
    "Inmune a frío", the Demonio de los lamentos of ``MDNR_Condes_Vampiro_v5.cat``): charging
    immune WS3 T4 models with a 4+ save, the trolls score Binomial(9, 1/2 x 2/3 x 5/6), no
    extra wound on a 6 (the exact engine agrees)."""
    from odds.combat.model import G_COLD

    m = build(ice_trolls(), target(save=4, special=("immune_to_cold",)), options=NO_TESTS)
    assert not m.groups[..., G_COLD].any()
    check_first_round(m, binomial(9, 1 / 2 * 2 / 3 * 5 / 6), 2342, "immune to cold")


@needs_data
def test_immune_to_cold_from_the_catalogues():
    """Condes Vampiro "Demonio de los lamentos", Reinos Ogros "Yehtis": "Inmune a frío" is
    the immune_to_cold flag, not reported as ignored."""
    for book, name in (("MDNR_Condes_Vampiro_v5.cat", "Demonio de los lamentos"),
                       ("MDNR_Reinos_Ogros_v5.cat", "Yehtis")):
        c = cat(book)
        assert c.unit(name).has("immune_to_cold"), name
        assert "Inmune a frío" not in kinds(c, name), name


def test_cold_weapon_is_lost_to_a_flaming_wound():
    """"si la unidad de Trolls de hielo reciben alguna herida de Ataque flamígero durante la
    partida, el Arma de frío se destruye": the charged model (one, HA3 R4 H10, no save)
    always strikes first with two flaming attacks at F10 (4+, 2+ against the trolls' R4:
    5/12 each), too few to slay a troll of W10 here; with no flaming wound ((7/12)^2) the
    trolls' nine attacks score as cold_pmf with no saves, else Binomial(9, 1/3); capped at
    its 10 wounds."""
    beast = unit_from_dict({
        "name": "Salamandra", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 10, "WS": 3, "BS": 0, "S": 10, "T": 4, "W": 10, "I": 3, "A": 2,
                    "Ld": 10},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["always_strikes_first", "flaming_attacks", "unbreakable"]},
    })
    trolls = ice_trolls().replace(profile=ice_trolls().profile.replace(W=10))
    one = cold_pmf(0.0, 0.0)
    cold = np.array([1.0])
    for _ in range(9):
        cold = np.convolve(cold, one)
    keep = (7 / 12) ** 2
    plain = np.zeros(cold.size)
    plain[:10] = binomial(9, 1 / 3)
    pmf = keep * cold + (1 - keep) * plain
    m = build(trolls, beast, options=NO_TESTS)
    assert_distribution(first_round_wounds(m, 2342), capped(list(pmf), 10), 200_000,
                        what="cold weapon after flames")
