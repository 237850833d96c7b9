"""Condes Vampiro (Costa del Vampiro) "Canto de la Sirena" (``siren_song``): -3 to the Ld
tests of an enemy unit in contact, sung each own turn, kept a turn more on a failed test."""

from __future__ import annotations

from conftest import assert_mc, cat, clean, infantry, needs_data

from odds.combat import SideOptions
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import FRONT, CombatOptions, build_units

COSTA = "MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat"
MAIDEN = "Doncella de los Mares"
TRIALS = 200_000


def _p_2d6_above(n: int) -> float:
    """P(2D6 > n)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > n) / 36


def _combat(*special: str, rounds: int = 2):
    """Ten models with ``siren_song`` (side 0, charging: its turn first) against ten Ld 9 ones
    (side 1, ``special``), one rank each, no attacks on either side: side 0 wins each round by
    its static +1 alone."""
    singer = infantry("Sirena", 10, 10, A=0, special=["siren_song", "immune_to_psychology"])
    target = infantry("Blanco", 10, 10, A=0, Ld=9, special=list(special))
    return build_units([singer, target], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                       [SideOptions(static_bonus=1), None], CombatOptions(max_rounds=rounds))


@needs_data
def test_the_maiden_of_the_seas_imports_with_her_song():
    """Spot check against the XML: MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat "Doncella de
    los Mares" M15 HA3 F3 R3 H2 I4 A2 L8, 90 points, ethereal, with "Canto de la Sirena":
    modelled, the entry fully modelled."""
    c = cat(COSTA)
    u = c.unit(MAIDEN)
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 3, 3, 3, 2, 4, 2, 8)
    assert u.points_per_model == 90
    assert u.has("siren_song") and u.has("ethereal")
    assert clean(c, MAIDEN)
    assert cat(COSTA).unit("Coloso Necrofex").has("siren_song")  # "Lamento de los mares"


def test_the_song_lowers_the_first_break_test_by_three():
    """MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat "Doncella de los Mares" "Canto de la Sirena":
    "La unidad tendrá un penalizador de -3 a todos los chequeos de Liderazgo (incluidos los de
    Desmoralización)".  Sung in the singer's turn before the blows, the Ld 9 unit losing by 1
    breaks on 2D6 > 9 - 1 - 3 (RULES.md §3.2): P = 26/36, against 10/36 unsung; the exact
    first round refuses the song made before its blows."""
    model = _combat(rounds=1)
    assert first_round_exact(model) is None
    out = simulate(model, TRIALS, 3631)
    assert_mc(out["breaks"][0, 1] / TRIALS, _p_2d6_above(5), TRIALS, what="sung")


def test_the_song_spares_the_immune_to_psychology():
    """"no puede hacerse contra unidades inmunes a psicología": the same unit immune to
    psychology breaks on 2D6 > 8 (10/36) in the kernel, and the exact first round (no song
    made) agrees."""
    model = _combat("immune_to_psychology", rounds=1)
    assert abs(first_round_exact(model)["first_round"]["defender_breaks"]
               - _p_2d6_above(8)) < 1e-12
    out = simulate(model, TRIALS, 3632)
    assert_mc(out["breaks"][0, 1] / TRIALS, _p_2d6_above(8), TRIALS, what="immune")


def test_a_failed_test_keeps_the_song_for_the_next_turn():
    """"Al final del turno actual, la unidad enemiga deberá hacer un chequeo de Liderazgo (con
    el -3); si lo supera, ya no se verá sujeta al hechizo; si lo falla, seguirá bajo los
    efectos hasta el final de su próximo turno".  Not broken in round 1 (10/36), the unit tests
    2D6 <= 9 - 3 at the turn's end: failed (21/36), its round-2 break test (the enemy's turn:
    no new song) is again on 2D6 > 5, else on 2D6 > 8.  P(break in round 2) =
    10/36 * (21/36 * 26/36 + 15/36 * 10/36) in the kernel."""
    out = simulate(_combat(rounds=2), TRIALS, 3633)
    kept = _p_2d6_above(6)
    p2 = (1 - _p_2d6_above(5)) * (kept * _p_2d6_above(5) + (1 - kept) * _p_2d6_above(8))
    assert_mc(out["breaks"][1, 1] / TRIALS, p2, TRIALS, what="round 2")
