"""Marco Colombo (Regimientos de Renombre): "Gema de Lustria" and "Calabaza de vino de Lustria".

Engine checks compare the kernel with laws worked out by hand (z = 5, fixed seeds; RULES.md
§1.3 to hit, §1.4 to wound, §1.5 saves); catalogue checks read ../shared/battlescribe/ and are
skipped when it is absent.
"""

from __future__ import annotations

from conftest import assert_distribution, cat, first_round_shares, infantry, needs_data

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import FLANK, FRONT, S_GEM, CombatOptions, build, build_units
from odds.units import Profile

RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
MERCS = ("MDNR_Mercenarios_con_Regimientos_de_Renombre_v1.cat",
         "MDNR_Mercenarios_con_Personajes_Especiales_y_Regimientos_de_Renombre_v1.cat",
         "MDNR_Mercenarios_con_Personajes_Especiales,_Monstruos_Arcanos_y_Regimientos_de_"
         "Renombre.cat")
N = 200_000


def _marco(**kw):
    """A stand-in for Marco: one model, W5 (he survives the round), no attacks, 4+ save."""
    return infantry("Marco", 1, 1, T=3, W=5, A=0, save=4, **kw)


def _binomial_thin(law: list[float], p: float) -> list[float]:
    """The law of Binomial(K, p) where K has the law ``law``."""
    from conftest import binomial

    out = [0.0] * len(law)
    for k, pk in enumerate(law):
        for j, q in enumerate(binomial(k, p)):
            out[j] += pk * q
    return out


def _one_reroll(law: list[float], saved: float) -> list[float]:
    """Failed saves with the first of them rolled again: K - Bernoulli(saved) when K >= 1."""
    out = [0.0] * len(law)
    out[0] = law[0]
    for k in range(1, len(law)):
        out[k] += law[k] * (1 - saved)
        out[k - 1] += law[k] * saved
    return out


# ------------------------------------------------------------------------ Gema de Lustria


def test_gem_rerolls_one_failed_armour_save_a_round():
    """Regimientos de Renombre, Marco Colombo, "Gema de Lustria": "Marco puede repetir una
    tirada de salvación por armadura fallada cada turno".

    Two enemy units (one model, A3, WS3 S3) in his front and flank: each attack wounds with
    1/2 x 1/2, fails his 4+ save with 1/2.  Without the gem the wounds on him are
    Binomial(6, 1/8).  With it one failed save of the round is rolled again (the first strike
    with a failure, not one per strike): F - Bernoulli(1/2) when F >= 1, F the failed saves
    of both units' blows."""
    from conftest import binomial

    wounds = binomial(6, 1 / 4)
    failed = _binomial_thin(wounds, 1 / 2)
    contacts = [(0, 1, FRONT, FRONT), (0, 2, FLANK, FRONT)]
    opts = CombatOptions(max_rounds=1)
    for gem, law, seed in ((True, _one_reroll(failed, 1 / 2), 3601), (False, failed, 3602)):
        marco = _marco(special=("lustria_gem",) if gem else ())
        enemy = [infantry(f"E{k}", 1, 1, A=3) for k in (1, 2)]
        model = build_units([marco, *enemy], [0, 1, 1], contacts, [False, True, True],
                            [None] * 3, opts)
        assert model.sides[0, S_GEM] == int(gem)
        out = simulate(model, N, seed)
        sim = first_round_shares(out, 1, N)
        assert_distribution(sim, law, N, what=f"wounds on Marco (gem {gem})")


def test_gem_again_each_round():
    """"cada turno": each round of close combat is a turn, so the re-roll comes back.  A body
    with the gem (ten models, W1, 4+ save, unbreakable) and one unbreakable enemy model (A3)
    fight two rounds: the models it loses are the sum of two rounds, each F - Bernoulli(1/2)
    when F >= 1 with F ~ Binomial(3, 1/8)."""
    from conftest import binomial

    one = _one_reroll(binomial(3, 1 / 8), 1 / 2)
    two = [sum(one[i] * one[k - i] for i in range(len(one)) if 0 <= k - i < len(one))
           for k in range(2 * len(one) - 1)]
    body = infantry("M", 10, 5, A=0, save=4, special=("lustria_gem", "unbreakable"))
    model = build(body, infantry("E", 1, 1, A=3, special=("unbreakable",)),
                  options=CombatOptions(max_rounds=2, charger="defender"))
    out = simulate(model, N, 3603)
    assert out["rounds"][2] == N  # both rounds fought every time
    sim = {10 - k: c / N for k, c in enumerate(out["surv"][0]) if c}
    assert_distribution(sim, two, N, what="models lost over two rounds")


def test_exact_first_round_refuses_the_gem():
    """The exact first round has no state for the re-roll made: it gives no answer (None),
    and does without the gem."""
    for gem in (True, False):
        model = build(_marco(special=("lustria_gem",) if gem else ()), infantry("E", 1, 1, A=3),
                      options=CombatOptions(max_rounds=1, charger="defender"))
        assert (first_round_exact(model) is None) == gem


@needs_data
def test_marco_entries_import_the_gem():
    """Every Marco Colombo entry (Regimientos de Renombre x2, the three Mercenarios books with
    Regimientos de Renombre) carries "Gema de Lustria" as ``lustria_gem``.  Spot check (the
    entries of Regimientos de Renombre): HA6 HP6 F4 R4 H3 I6 A4 L10, one model, light armour
    and shield, on the compulsory "Caballo de guerra con barda" (M18 HA3 F3 A1, TSA +2):
    cavalry, M18, save 3+ (RULES.md §1.5), 176 points."""
    c = cat(RENOWN)
    names = [n for n in c.names if n.startswith("Marco Colombo")]
    assert len(names) == 2
    for name in names:
        u = c.unit(name)
        assert u.has("lustria_gem") and u.models == 1
        assert u.profile == Profile(M=18, WS=6, BS=6, S=4, T=4, W=3, I=6, A=4, Ld=10)
        assert u.equipment.armour == "light" and u.equipment.shield and u.equipment.barding
        assert u.troop_type == "cavalry" and u.armour_save == 3
        assert (u.mount.WS, u.mount.S, u.mount.A) == (3, 3, 1)
        assert u.points_per_model == 176.0
    for book in MERCS:
        m = cat(book)
        (name,) = [n for n in m.names if n.startswith("Marco Colombo")]
        assert m.unit(name).has("lustria_gem")


# ------------------------------------------------------------ Calabaza de vino de Lustria


def _drinker(**kw):
    """Marco's fighting profile (HA6 F4 A4, hand weapon) in a one-model unit."""
    return infantry("Marco", 1, 1, WS=6, S=4, T=4, W=3, I=6, A=4, Ld=10, **kw)


def test_gourd_adds_a_d6_strength_the_turn_he_charges():
    """Regimientos de Renombre, Marco Colombo, "Calabaza de vino de Lustria": "Un solo uso.
    Declara su uso al inicio de cualquier turno propio. Marco suma +1D6 a su atributo de
    Fuerza hasta final de turno": drunk at the start of the turn he charges.

    His four attacks (HA6 against HA3: 3+, RULES.md §1.3) on T4 enemies without a save: at
    F4+1 they wound on 3+, at F4+2 or more on 2+ (§1.4), so his first-round wounds are
    1/6 Binomial(4, 4/9) + 5/6 Binomial(4, 5/9): the exact first round and the kernel."""
    from conftest import binomial, check_first_round

    pmf = [binomial(4, 4 / 9)[k] / 6 + 5 * binomial(4, 5 / 9)[k] / 6 for k in range(5)]
    enemy = infantry("E", 10, 5, T=4)
    model = build(_drinker(special=("wine_gourd",)), enemy,
                  options=CombatOptions(max_rounds=1, charger="attacker"))
    assert len(model.mixture) == 6
    check_first_round(model, pmf, 3611, "Marco's wounds with the gourd")


def test_gourd_kept_when_charged():
    """Charged, he keeps it (the engine drinks it the turn he charges): F4 on T4, 4+ to
    wound, Binomial(4, 1/3) in the first round, as without the gourd; one build (the
    enemy, A0 here, strikes first as the charger and cannot slay him first)."""
    from conftest import binomial, check_first_round

    enemy = infantry("E", 10, 5, T=4, A=0)
    model = build(_drinker(special=("wine_gourd",)), enemy,
                  options=CombatOptions(max_rounds=1, charger="defender"))
    assert not model.mixture
    check_first_round(model, binomial(4, 1 / 3), 3612, "Marco's wounds, charged")


@needs_data
def test_marco_fully_modelled():
    """Every Marco Colombo entry reads "Calabaza de vino de Lustria" as ``wine_gourd`` and
    "Gema de Lustria" as ``lustria_gem``, and imports with nothing ignored or approximated
    (his other rules: shooting, deployment, army composition, the magic phase)."""
    from conftest import clean

    for book in (RENOWN, *MERCS):
        c = cat(book)
        for name in (n for n in c.names if n.startswith("Marco Colombo")):
            u = c.unit(name)
            assert u.has("wine_gourd") and u.has("lustria_gem"), (book, name)
            assert clean(c, name), (book, name)
