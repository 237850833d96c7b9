"""The exact challenge oracle (issue 4 §2, §5; RULES.md §1.2-§1.9, §2.2; sources 000, 004).

* The worked examples of the MDNR chapters, as exact tests of
  :func:`overkill_score` and :func:`killing_blow_score` (each docstring quotes
  the sentence tested and its source file).
* :func:`duel_round_exact` against hand-computed cases (known thresholds,
  one or two attacks) and against a brute-force vectorised Monte Carlo
  written here from the rules (numpy Generator, 200 000 duels, z = 5 per
  outcome).
* :func:`duel_to_the_death_exact` against closed forms and the same
  simulator run round after round.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import numpy as np
import pytest
from conftest import assert_distribution, assert_mc

from odds import rules
from odds.combat.challenge import (
    OVERKILL_CAP,
    ChallengeScore,
    Duellist,
    duel_round_exact,
    duel_to_the_death_exact,
    killing_blow_score,
    overkill_score,
)
from odds.units import MountProfile, Profile
from odds.validation import OddsInputError

N = 200_000
SRC000 = "000_3e04c720ac9de02d.txt"
SRC004 = "004_f3d78ddcef64c5b2.txt"


def prof(**changes: int) -> Profile:
    base = dict(M=10, WS=4, BS=3, S=4, T=4, W=1, I=4, A=1, Ld=8)
    base.update(changes)
    return Profile(**base)


def man(name: str = "x", **kw) -> Duellist:
    profile = kw.pop("profile", prof())
    return Duellist(name, profile, **kw)


# =========================================================================== worked examples


def test_source_004_five_wounds_on_two_left():
    """Source 004 ("¡Acobardamiento!"): "si un Personaje desafía a otro (a quien le queden 2
    heridas) y causa 5 heridas, realmente le habrá causado 2 heridas, pero las 3 restantes
    cuentan como un +3 a la resolución de combate por Acobardamiento."  (The issue attributes
    this example to source 000 too; it is in 004 - 000 states the rule without the numbers.)
    """
    assert SRC004.startswith("004")
    score = overkill_score(5, 2)
    assert score == ChallengeScore(wounds=2, overkill=3)
    assert score.total == 5
    assert overkill_score([1, 1, 1, 1, 1], 2) == score


def test_source_000_overkill_capped_at_five():
    """Source 000 ("+1 por Acobardamiento"): "cada herida adicional permite aplicar un
    modificador de +1 por Acobardamiento al resultado del combate, hasta un máximo de +5."
    """
    assert SRC000.startswith("000")
    assert overkill_score(7, 2) == (2, 5)
    assert overkill_score(6, 2) == (2, 4)
    assert overkill_score(12, 2) == (2, OVERKILL_CAP)
    assert overkill_score(2, 2) == (2, 0)
    assert overkill_score(1, 2) == (1, 0)  # not slain: no overkill
    assert overkill_score(0, 2) == (0, 0)
    assert overkill_score(9, 2, cap=10) == (2, 7)


def test_source_004_multiple_wounds_count_for_overkill():
    """Source 004: "Esto también ocurre con ataques que causan Heridas Múltiples, que debes
    calcular para averiguar cuántos puntos se obtienen por Acobardamiento."  Two unsaved
    wounds rolling 3 and 2 (D3 multiple wounds) on a character with 2 left: 2 + 3.
    """
    assert overkill_score([3, 2], 2) == (2, 3)
    assert overkill_score([6, 6], 1) == (1, 5)  # uncapped roll, capped bonus


def test_source_004_killing_blow_six_and_three_fives():
    """Source 004 ("Acobardamiento y Golpe Letal"): "sacar para herir (con Golpe Letal) un seis
    y tres cincos (todo hiere) a una miniatura que le queden 3 heridas…", resolved by the
    recommendation "consideres el primer Golpe Letal no salvado como 'elimina todas las
    Heridas restantes del objetivo', y el resto de heridas no salvadas como heridas en
    exceso": all unsaved, 3 wounds + 3 overkill (the fives do not use up the 3 wounds first).
    """
    assert killing_blow_score(1, 3, 3) == ChallengeScore(wounds=3, overkill=3)
    # the "ordinary wounds first" reading would give 3 wounds and 0 overkill; not MDNR
    assert killing_blow_score(1, 3, 3).total == 6


def test_source_004_chaos_lord_against_dwarf_lord():
    """Source 004: "Si falla alguna de ellas, uno de los Golpes Letales causa al Señor de los
    Enanos todas sus heridas restantes (si, por ejemplo, le quedaban 3 heridas, pues son 3
    heridas a efectos de resultado de combate) y el resto de los no salvados son una herida en
    exceso cada uno. Después, el resto de heridas no salvadas por el Señor de los Enanos son
    heridas adicionales que también cuentan para el bono por Acobardamiento."
    """
    assert killing_blow_score(3, 0, 3) == (3, 2)  # three killing blows fail their ward
    assert killing_blow_score(2, 2, 3) == (3, 3)  # two killing blows, two other wounds
    assert killing_blow_score(1, 0, 3) == (3, 0)
    assert killing_blow_score(5, 5, 3) == (3, OVERKILL_CAP)
    assert killing_blow_score(1, [2, 3], 1) == (1, 5)  # other wounds count their size


def test_source_004_all_killing_blows_saved():
    """Source 004: "Ten en cuenta que, si todos los Golpes Letales son salvados, sencillamente el
    resto de heridas siguen el procedimiento habitual."
    """
    assert killing_blow_score(0, 2, 3) == overkill_score(2, 3) == (2, 0)
    assert killing_blow_score(0, 5, 3) == overkill_score(5, 3) == (3, 2)


def test_victim_already_slain_this_round():
    """Source 004: a part of a model "puede atacar ... incluso aunque haya sido retirado como baja
    a causa de los ataques de otra parte en la misma Fase de Combate (situación donde las
    heridas adicionales son importantes)": on a slain victim every unsaved wound is overkill.
    """
    assert overkill_score(2, 0) == (0, 2)
    assert killing_blow_score(1, 0, 0) == (0, 1)
    assert killing_blow_score(2, [3], 0) == (0, 5)


@pytest.mark.parametrize("call, field", [
    (lambda: overkill_score(-1, 2), "wounds_rolled"),
    (lambda: overkill_score(True, 2), "wounds_rolled"),
    (lambda: overkill_score("3", 2), "wounds_rolled"),
    (lambda: overkill_score([1, 0], 2), "wounds_rolled[1]"),
    (lambda: overkill_score(3, -1), "remaining"),
    (lambda: overkill_score(3, 1, cap=-1), "cap"),
    (lambda: killing_blow_score(-1, 0, 3), "killing_blows"),
    (lambda: killing_blow_score(1, [1.5], 3), "other_wounds[0]"),
    (lambda: killing_blow_score(1, 0, 2.5), "remaining"),
])
def test_scoring_inputs(call, field):
    with pytest.raises(OddsInputError, match=rf"^{re.escape(field)}:"):
        call()


# =========================================================================== hand-computed rounds


def test_one_attack_each_charger_first():
    """WS4 v WS4 hits on 4+, S4 v T4 wounds on 4+, no saves: 1/4 per attack.  The charger
    strikes first (§1.2); a slain defender does not strike back: 3/4 * 1/4 = 3/16."""
    r = duel_round_exact(man("a"), man("b"), a_charged=True)
    assert r.p_b_slain == Fraction(1, 4)
    assert r.p_a_slain == Fraction(3, 16)
    assert r.p_both_survive == Fraction(9, 16)
    assert r.points == {(0, 0): Fraction(9, 16), (0, 1): Fraction(3, 16), (1, 0): Fraction(1, 4)}
    assert r.mean_overkill == 0


def test_equal_initiative_roll_off():
    """Same step, no previous winner: a fair roll-off (§1.2): 1/2 (1/4) + 1/2 (3/4)(1/4)."""
    r = duel_round_exact(man("a"), man("b"))
    assert r.p_a_slain == r.p_b_slain == Fraction(7, 32)
    r2 = duel_round_exact(man("a"), man("b"), first_round=False, previous_winner="b")
    assert (r2.p_a_slain, r2.p_b_slain) == (Fraction(1, 4), Fraction(3, 16))


def test_initiative_and_always_strikes_first():
    r = duel_round_exact(man("a", profile=prof(I=5)), man("b"))
    assert (r.p_b_slain, r.p_a_slain) == (Fraction(1, 4), Fraction(3, 16))
    # ASF beats the charger (§1.2)
    r = duel_round_exact(man("a"), man("b", always_strikes_first=True), a_charged=True)
    assert (r.p_a_slain, r.p_b_slain) == (Fraction(1, 4), Fraction(3, 16))
    # ASF + ASL on the same model: ASF wins
    r = duel_round_exact(man("a", always_strikes_first=True, always_strikes_last=True),
                         man("b", profile=prof(I=9)))
    assert r.p_b_slain == Fraction(1, 4)


def test_great_weapon_strikes_last_except_on_the_charge():
    """Great weapon: S4+2 v T4 wounds on 2+: 1/2 * 5/6 = 5/12; strikes last unless charging
    (§1.7); the always-strikes-last *rule* holds on the charge (§1.2, odds.combat.model)."""
    gw = man("a", weapon="great_weapon")
    r = duel_round_exact(gw, man("b"))
    assert (r.p_a_slain, r.p_b_slain) == (Fraction(1, 4), Fraction(3, 4) * Fraction(5, 12))
    r = duel_round_exact(gw, man("b"), a_charged=True)
    assert (r.p_b_slain, r.p_a_slain) == (Fraction(5, 12), Fraction(7, 12) * Fraction(1, 4))
    r = duel_round_exact(man("a", always_strikes_last=True), man("b"), a_charged=True)
    assert (r.p_a_slain, r.p_b_slain) == (Fraction(1, 4), Fraction(3, 16))


def _one_way(attacker: Duellist, **kw) -> dict[int, Fraction]:
    """Points of ``attacker`` against a WS0 target that cannot strike back (hit automatically)."""
    target = kw.pop("target", man("t", profile=prof(WS=0)))
    r = duel_round_exact(attacker, target, **kw)
    assert r.p_a_slain == 0
    return r.points_a


def test_thresholds_saves_ward_ap():
    """S4 v save 4+: 5+ (§1.5); armour piercing: 6+; ward 5+ after it.  WS4 v WS4, 4+ to wound."""
    t = man("t", armour_save=4)
    r = duel_round_exact(man("a"), t, a_charged=True)
    assert r.p_b_slain == Fraction(1, 4) * Fraction(4, 6)
    r = duel_round_exact(man("a", armour_piercing=True), t, a_charged=True)
    assert r.p_b_slain == Fraction(1, 4) * Fraction(5, 6)
    r = duel_round_exact(man("a", armour_piercing=True), man("t", armour_save=4, ward=5),
                         a_charged=True)
    assert r.p_b_slain == Fraction(1, 4) * Fraction(5, 6) * Fraction(4, 6)
    # a 1+ save still fails on a natural 1
    r = duel_round_exact(man("a", profile=prof(S=3)), man("t", armour_save=0), a_charged=True)
    assert r.p_b_slain == Fraction(1, 2) * Fraction(2, 6) * Fraction(1, 6)


def test_hatred_poison_first_round_weapons():
    # hatred: re-roll misses in the first round only: 1/2 + 1/4 = 3/4 to hit
    h = man("a", hatred=True)
    assert duel_round_exact(h, man("b"), a_charged=True).p_b_slain \
        == Fraction(3, 4) * Fraction(1, 2)
    assert duel_round_exact(h, man("b"), first_round=False, previous_winner="a").p_b_slain \
        == Fraction(1, 4)
    # poisoned 6+: S1 v T4 wounds on 6+: 2/6 * 1/6 + 1/6 (the 6 to hit wounds automatically)
    p = man("a", profile=prof(S=1), poisoned=6)
    assert duel_round_exact(p, man("b"), a_charged=True).p_b_slain == Fraction(2, 9)
    p5 = man("a", profile=prof(S=1), poisoned=5)
    assert duel_round_exact(p5, man("b"), a_charged=True).p_b_slain \
        == Fraction(1, 6) * Fraction(1, 6) + Fraction(2, 6)
    # poison wounds still allow the (S-modified) save: S1 v 4+
    assert duel_round_exact(p, man("b", armour_save=4), a_charged=True).p_b_slain \
        == Fraction(2, 9) * Fraction(1, 2)
    # hatred re-rolls poisoned hits too: 2/6 (1 + 1/2) * 1/6 + 1/6 (1 + 1/2) = 1/3
    hp = man("a", profile=prof(S=1), poisoned=6, hatred=True)
    assert duel_round_exact(hp, man("b"), a_charged=True).p_b_slain == Fraction(1, 3)
    # flail +2 S in the first round only: S6 v T4 2+
    f = man("a", weapon="flail")
    assert duel_round_exact(f, man("b"), a_charged=True).p_b_slain == Fraction(5, 12)
    assert duel_round_exact(f, man("b"), first_round=False, previous_winner="a").p_b_slain \
        == Fraction(1, 4)
    # lance +2 S on the charge only
    lance = man("a", weapon="lance", mount=MountProfile(WS=0, S=3, I=3, A=0))
    assert duel_round_exact(lance, man("b"), a_charged=True).p_b_slain == Fraction(5, 12)
    assert duel_round_exact(lance, man("b"), b_charged=True).p_b_slain \
        == Fraction(3, 4) * Fraction(1, 4)


def test_multiple_wounds_overkill_cap_binds():
    """Two automatic hits wounding on 4+, D6 multiple wounds each, on a 1-wound target:
    points = 1 + min(5, total - 1) whenever at least one wound goes through."""
    a = man("a", profile=prof(A=2), multiple_wounds="d6")
    got = _one_way(a, a_charged=True)
    want: dict[int, Fraction] = {}
    for w1, w2 in itertools.product([0, 1, 2, 3, 4, 5, 6], repeat=2):
        p = Fraction(1, 2) if w1 == 0 else Fraction(1, 12)
        q = Fraction(1, 2) if w2 == 0 else Fraction(1, 12)
        total = w1 + w2
        pts = 0 if total == 0 else 1 + min(5, total - 1)
        want[pts] = want.get(pts, Fraction(0)) + p * q
    assert got == dict(sorted(want.items()))
    assert max(got) == 6 and got[6] > Fraction(1, 12)  # the cap binds (totals 7..12 -> 6)


def test_killing_blow_in_a_duel():
    """KB ignores armour (§1.6): auto-hit, S3 v T3 4+ to wound, target W3 save 2+.
    6 to wound: 3 points (all remaining wounds); 4-5: a wound if the 2+ save fails."""
    a = man("a", profile=prof(S=3), killing_blow=True)
    target = man("t", profile=prof(WS=0, T=3, W=3), armour_save=2)
    got = _one_way(a, a_charged=True, target=target)
    assert got == {0: 1 - Fraction(1, 6) - Fraction(2, 36), 1: Fraction(2, 36), 3: Fraction(1, 6)}
    # not against a monster (man_sized False): the 6 is an ordinary wound
    big = man("t", profile=prof(WS=0, T=3, W=3), armour_save=2, man_sized=False)
    assert _one_way(a, a_charged=True, target=big) == {0: 1 - Fraction(3, 36), 1: Fraction(3, 36)}
    # ward against killing blow; wounds left < W
    warded = man("t", profile=prof(WS=0, T=3, W=3), armour_save=2, ward=4)
    r = duel_round_exact(a, warded, b_wounds_left=2)
    assert r.points_a == {0: 1 - Fraction(1, 12) - Fraction(1, 36), 1: Fraction(1, 36),
                          2: Fraction(1, 12)}


def test_mount_fights_only_opponent_and_late_overkill():
    """Rider (I5) and steed (I3) each wound a 1-wound, WS0 target on 4+.  The steed still
    strikes after its rider slew the target: its wound is overkill (source 004, "incluso
    aunque haya sido retirado como baja ... situación donde las heridas adicionales son
    importantes"); with late_overkill=False it does not count."""
    a = man("a", profile=prof(I=5), mount=MountProfile(WS=3, S=4, I=3, A=1))
    assert _one_way(a) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert _one_way(a, late_overkill=False) == {0: Fraction(1, 4), 1: Fraction(3, 4)}
    # two steeds (a chariot-like count): 2 steed attacks
    a2 = man("a", profile=prof(A=0), mount=MountProfile(WS=3, S=4, I=3, A=1, count=2))
    assert _one_way(a2) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}


def test_no_killing_blow_where_wounding_is_impossible():
    """§1.4: T >= S+4 cannot be wounded "not even on a 6", so no killing blow either."""
    a = man("a", profile=prof(S=1), killing_blow=True)
    assert _one_way(a, target=man("t", profile=prof(WS=0, T=5))) == {0: Fraction(1)}
    assert _one_way(a, target=man("t", profile=prof(WS=0, T=4))) == {0: Fraction(5, 6),
                                                                     1: Fraction(1, 6)}


def test_steed_shares_always_strikes_first():
    """As in odds.combat.model, the steed strikes in its rider's always-strikes-first step."""
    a = man("a", profile=prof(A=0), always_strikes_first=True,
            mount=MountProfile(WS=4, S=4, I=1, A=1))
    r = duel_round_exact(a, man("b"))
    assert (r.p_b_slain, r.p_a_slain) == (Fraction(1, 4), Fraction(3, 16))


def test_killing_blow_on_a_victim_already_slain():
    """The steed (I5) strikes before its killing-blow rider (I2): when the steed has slain the
    1-wound target, any unsaved wound of the rider, killing blow included, is +1 overkill
    (source 004: "el resto de heridas no salvadas como heridas en exceso")."""
    a = man("a", profile=prof(I=2), killing_blow=True, mount=MountProfile(WS=3, S=4, I=5, A=1))
    assert _one_way(a) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}


def test_slain_rider_mount_does_not_strike():
    """b (ASF, 1 attack, 1/4) strikes before a's rider and steed; a slain a does nothing."""
    a = man("a", mount=MountProfile(WS=4, S=4, I=3, A=2))
    b = man("b", always_strikes_first=True)
    r = duel_round_exact(a, b)
    survive = Fraction(3, 4)
    # a alive: rider then (I3) steed, 3 attacks of 1/4 in all
    assert r.p_b_slain == survive * (1 - Fraction(3, 4) ** 3)
    assert r.p_a_slain == Fraction(1, 4)


def test_round_is_a_distribution_and_mirrors():
    a = Duellist("a", prof(WS=6, S=5, T=4, W=3, I=6, A=3), armour_save=4, ward=6,
                 killing_blow=True, mount=MountProfile(WS=3, S=3, I=4, A=1))
    b = Duellist("b", prof(WS=5, S=4, T=5, W=2, I=4, A=3), weapon="great_weapon",
                 armour_save=5, multiple_wounds="d3", hatred=True)
    r = duel_round_exact(a, b, a_charged=True, b_wounds_left=2)
    assert sum(r.outcomes.values()) == 1
    assert r.p_a_slain + r.p_b_slain + r.p_both_survive == 1
    assert sum(r.points.values()) == 1 and sum(r.points_a.values()) == 1
    assert all(0 <= k[2] <= OVERKILL_CAP and 0 <= k[3] <= OVERKILL_CAP for k in r.outcomes)
    assert all(not (k[2] and k[3]) for k in r.outcomes)  # only one side can score overkill
    m = duel_round_exact(b, a, b_charged=True, a_wounds_left=2)
    assert m.p_a_slain == r.p_b_slain and m.p_b_slain == r.p_a_slain
    assert m.points == {(y, x): p for (x, y), p in r.points.items()}
    assert m.mean_overkill_b == r.mean_overkill_a > 0


@pytest.mark.parametrize("kwargs, field", [
    (dict(a_charged=True, b_charged=True), "b_charged"),
    (dict(a_charged=True, first_round=False), "a_charged"),
    (dict(a_charged=1), "a_charged"),
    (dict(previous_winner="a"), "previous_winner"),
    (dict(first_round=False, previous_winner="c"), "previous_winner"),
    (dict(a_wounds_left=0), "a_wounds_left"),
    (dict(b_wounds_left=2), "b_wounds_left"),
    (dict(late_overkill=None), "late_overkill"),
])
def test_round_inputs(kwargs, field):
    with pytest.raises(OddsInputError, match=rf"^{field}:"):
        duel_round_exact(man("a"), man("b"), **kwargs)


def test_round_needs_duellists():
    with pytest.raises(OddsInputError, match=r"^b:"):
        duel_round_exact(man("a"), prof())


@pytest.mark.parametrize("kwargs, field", [
    (dict(name=""), "name"),
    (dict(profile=(4, 4)), "profile"),
    (dict(weapon="sword"), "weapon"),
    (dict(weapon="lance"), "weapon"),
    (dict(weapon="spear", mount=MountProfile(WS=3, S=3, I=3, A=1)), "weapon"),
    (dict(armour_save=8), "armour_save"),
    (dict(ward=1), "ward"),
    (dict(ward=7), "ward"),
    (dict(poisoned=4), "poisoned"),
    (dict(poisoned=True), "poisoned"),
    (dict(multiple_wounds="d4"), "multiple_wounds"),
    (dict(hatred=1), "hatred"),
    (dict(man_sized="yes"), "man_sized"),
    (dict(mount={"WS": 3}), "mount"),
])
def test_duellist_inputs(kwargs, field):
    base = dict(name="x", profile=prof())
    base.update(kwargs)
    with pytest.raises(OddsInputError, match=rf"^{field}:"):
        Duellist(**base)


# ========================================================================== brute-force Monte Carlo

_ASF, _CHARGER, _INIT, _ASL = 1, 2, 3, 4


def _sim_parts(d: Duellist, e: Duellist, charging: bool, first: bool) -> list[dict]:
    """The attacking parts of ``d``, from the rules (§1.2-§1.7), for the simulator."""
    out = []
    w = rules.WEAPONS[d.weapon]
    p = d.profile
    if p.A and p.WS:
        if d.always_strikes_first:
            cat = _ASF
        elif d.always_strikes_last or (w.strikes_last and not charging):
            cat = _ASL
        else:
            cat = _CHARGER if charging else _INIT
        s = rules.weapon_strength(p.S, d.weapon, charging=charging, first_round=first)
        out.append(dict(order=(cat, -p.I), n=p.A + w.extra_attacks, ws=p.WS, s=s,
                        ap=d.armour_piercing, reroll=d.hatred and first, poison=d.poisoned,
                        kb=d.killing_blow and e.man_sized, mw=d.multiple_wounds))
    m = d.mount
    if m is not None and m.A and m.WS:
        cat = _ASF if d.always_strikes_first else _CHARGER if charging else _INIT
        out.append(dict(order=(cat, -m.I), n=m.A * m.count, ws=m.WS, s=m.S, ap=False,
                        reroll=False, poison=0, kb=False, mw=""))
    return out


def _part_wounds(rng: np.random.Generator, part: dict, e: Duellist, n: int):
    """Roll ``n`` duels' worth of one part's attacks: (unsaved KB count, ordinary wound total)."""
    k = part["n"]
    shape = (n, k)
    need_hit = rules.to_hit(part["ws"], e.profile.WS)
    roll = rng.integers(1, 7, shape)
    if need_hit == rules.AUTOMATIC:
        hit = np.ones(shape, bool)
        poisoned = np.zeros(shape, bool)
    else:
        need_hit = min(max(need_hit, 2), 6)
        if part["reroll"]:
            roll = np.where(roll < need_hit, rng.integers(1, 7, shape), roll)
        hit = roll >= need_hit
        poisoned = hit & (roll >= part["poison"]) if part["poison"] else np.zeros(shape, bool)
    need_w = rules.to_wound(part["s"], e.profile.T)
    wroll = rng.integers(1, 7, shape)
    wounded = hit & ~poisoned & (wroll >= max(2, need_w)) & (need_w <= 6)
    kb = wounded & (wroll == 6) if part["kb"] else np.zeros(shape, bool)
    ordinary = (wounded & ~kb) | poisoned
    need_sv = rules.modified_save(e.armour_save, part["s"], part["ap"])
    if need_sv <= 6:
        ordinary &= rng.integers(1, 7, shape) < max(2, need_sv)
    if e.ward:
        ward_roll = rng.integers(1, 7, shape)
        ordinary &= ward_roll < e.ward
        kb &= ward_roll < e.ward
    size = {"": np.ones(shape, np.int64), "2": np.full(shape, 2, np.int64)}.get(part["mw"])
    if size is None:
        size = rng.integers(1, 4 if part["mw"] == "d3" else 7, shape)
    return kb.sum(axis=1), (ordinary * size).sum(axis=1)


def simulate_round(rng, a, b, w, o, *, a_charged=False, b_charged=False, first=True,
                   previous_winner=None, late=True):
    """One duel round for every column of ``w`` (wounds left, shape (2, n)) in place.

    ``o`` (shape (2, n)) receives each side's overkill this round (reset here).
    """
    n = w.shape[1]
    o[:] = 0
    duel = (a, b)
    parts = {0: _sim_parts(a, b, a_charged, first), 1: _sim_parts(b, a, b_charged, first)}
    steps = sorted({p["order"] for s in (0, 1) for p in parts[s]})

    def strike(s: int, order, mask) -> None:
        e = 1 - s
        kb = np.zeros(n, np.int64)
        tot = np.zeros(n, np.int64)
        for part in parts[s]:
            if part["order"] == order:
                k, t = _part_wounds(rng, part, duel[e], n)
                kb += k
                tot += t
        act = mask & (w[s] > 0)
        r = w[e].copy()
        dead = act & (r == 0)
        if late:
            o[s] = np.where(dead, np.minimum(5, o[s] + kb + tot), o[s])
        by_kb = act & (r > 0) & (kb > 0)
        plain = act & (r > 0) & (kb == 0)
        o[s] = np.where(by_kb, np.minimum(5, o[s] + kb - 1 + tot), o[s])
        o[s] = np.where(plain, np.minimum(5, o[s] + np.maximum(0, tot - r)), o[s])
        w[e] = np.where(by_kb, 0, np.where(plain, r - np.minimum(tot, r), w[e]))

    everyone = np.ones(n, bool)
    for order in steps:
        here = [s for s in (0, 1) if any(p["order"] == order for p in parts[s])]
        if len(here) == 1:
            strike(here[0], order, everyone)
            continue
        if previous_winner is None:
            a_first = rng.integers(1, 7, n) <= 3  # roll-off, re-rolled until a winner
        else:
            a_first = np.full(n, previous_winner == "a")
        strike(0, order, a_first)
        strike(1, order, everyone)
        strike(0, order, ~a_first)


LORD = Duellist("chaos lord", prof(WS=8, S=5, T=5, W=3, I=8, A=5), armour_save=2, ward=5,
                killing_blow=True, mount=MountProfile(WS=3, S=4, I=3, A=1))
THANE = Duellist("dwarf lord", prof(WS=7, S=4, T=5, W=3, I=4, A=4), weapon="great_weapon",
                 armour_save=3, ward=4, multiple_wounds="d3", hatred=True)
ASSASSIN = Duellist("assassin", prof(WS=4, S=4, T=3, W=2, I=10, A=3), poisoned=5, hatred=True,
                    armour_piercing=True, always_strikes_first=True)
OGRE = Duellist("ogre", prof(WS=4, S=5, T=4, W=3, I=3, A=3), multiple_wounds="2",
                always_strikes_last=True, armour_save=5, man_sized=False)
KNIGHT = Duellist("champion", prof(WS=5, S=4, T=4, W=2, I=4, A=2), weapon="lance",
                  armour_save=1, killing_blow=True, multiple_wounds="d6",
                  mount=MountProfile(WS=3, S=3, I=4, A=1, count=2))
EXECUTIONER = Duellist("executioner", prof(WS=5, S=4, T=4, W=2, I=5, A=2), weapon="great_weapon",
                       killing_blow=True, armour_save=4, mount=MountProfile(WS=3, S=4, I=4, A=2))
WIGHT = Duellist("wight", prof(WS=4, S=4, T=4, W=2, I=4, A=2), ward=6, killing_blow=True,
                 mount=MountProfile(WS=4, S=4, I=4, A=1))

SCENARIOS = {
    # charge, KB + mount late overkill v hatred, great weapon, D3 multiple wounds
    "lord_charges_thane": (LORD, THANE, dict(a_charged=True)),
    # ASF + hatred + poison 5+ + AP v always-strikes-last, multiple wounds x2, wounds left < W
    "assassin_v_ogre": (ASSASSIN, OGRE, dict(b_wounds_left=2)),
    # equal Initiative roll-off, rider and steed in one step, KB + D6 multiple wounds, ward 6
    "champion_v_wight_rolloff": (KNIGHT, WIGHT, dict()),
    # great weapon + KB rider strikes after its own steed: killing blows on a slain victim
    "executioner_v_wight": (EXECUTIONER, WIGHT, dict(first_round=False, previous_winner="a")),
    # later round: no lance, the previous winner strikes first on the tied step
    "champion_v_wight_later": (KNIGHT, WIGHT, dict(first_round=False, previous_winner="b",
                                                   a_wounds_left=1)),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_round_against_monte_carlo(name):
    a, b, kw = SCENARIOS[name]
    r = duel_round_exact(a, b, **kw)
    rng = np.random.default_rng(sum(map(ord, name)))
    w = np.empty((2, N), np.int64)
    w[0] = kw.get("a_wounds_left", a.profile.W)
    w[1] = kw.get("b_wounds_left", b.profile.W)
    start = w.copy()
    o = np.zeros((2, N), np.int64)
    simulate_round(rng, a, b, w, o, a_charged=kw.get("a_charged", False),
                   b_charged=kw.get("b_charged", False), first=kw.get("first_round", True),
                   previous_winner=kw.get("previous_winner"))
    assert_mc(float(np.mean(w[0] == 0)), float(r.p_a_slain), N, what=f"{name} a slain")
    assert_mc(float(np.mean(w[1] == 0)), float(r.p_b_slain), N, what=f"{name} b slain")
    assert_mc(float(np.mean((w[0] > 0) & (w[1] > 0))), float(r.p_both_survive), N,
              what=f"{name} both survive")
    pts_a = start[1] - w[1] + o[0]
    pts_b = start[0] - w[0] + o[1]
    for label, sim, exact in (("a", pts_a, r.points_a), ("b", pts_b, r.points_b)):
        counts = np.bincount(sim) / N
        pmf = [exact.get(k, Fraction(0)) for k in range(max(exact) + 1)]
        assert_distribution(dict(enumerate(counts)), pmf, N, what=f"{name} points {label}")
    joint_sim = np.bincount(pts_a * 20 + pts_b) / N
    joint = [r.points.get(divmod(k, 20), Fraction(0)) for k in range(20 * 20)]
    assert_distribution(dict(enumerate(joint_sim)), joint, N, what=f"{name} joint points")
    for label, sim, pmf in (("a", o[0], r.overkill_a), ("b", o[1], r.overkill_b)):
        mean = sum(k * p for k, p in pmf.items())
        var = sum(k * k * p for k, p in pmf.items()) - mean**2
        se = math.sqrt(float(var) / N)
        if se == 0:
            assert sim.mean() == mean
        else:
            assert abs(sim.mean() - float(mean)) <= 5 * se, f"{name} mean overkill {label}"
    # a scenario that cannot show a difference would make this test vacuous
    assert 0 < r.p_both_survive < 1 and r.p_a_slain + r.p_b_slain > 0


def test_scenarios_exercise_overkill():
    """The Monte Carlo scenarios include overkill on both sides (otherwise the check is weak)."""
    means = [duel_round_exact(a, b, **kw) for a, b, kw in SCENARIOS.values()]
    assert any(m.mean_overkill_a > 0 for m in means)
    assert any(m.mean_overkill_b > 0 for m in means)
    assert any(max(m.overkill_a) == OVERKILL_CAP for m in means)


# =========================================================================== to the death


def test_to_the_death_closed_form():
    """1 attack each at 1/4, 1 wound: round 1 a charges (1/4, then 3/16); later rounds
    roll off (7/32 each), so P(a wins) = 1/4 + 9/16 * 1/2 = 17/32."""
    d = duel_to_the_death_exact(man("a"), man("b"), a_charged=True, max_rounds=6)
    assert d.a_wins_by_round[0] == Fraction(1, 4) and d.b_wins_by_round[0] == Fraction(3, 16)
    for k in range(1, 6):
        assert d.a_wins_by_round[k] == Fraction(9, 16) ** k * Fraction(7, 32)
        assert d.end_round[k + 1] == Fraction(9, 16) ** k * Fraction(7, 16)
    assert d.p_unfinished == Fraction(9, 16) ** 6
    assert d.p_a_wins + d.p_b_wins + d.p_unfinished == 1
    assert d.p_a_wins_eventually == Fraction(17, 32)
    assert d.p_b_wins_eventually == Fraction(15, 32) and d.p_never_ends == 0
    assert d.p_a_wins < d.p_a_wins_eventually < d.p_a_wins + d.p_unfinished


def test_to_the_death_stalemate_and_later_winner():
    weak = man("a", profile=prof(S=1, T=10))
    d = duel_to_the_death_exact(weak, man("b", profile=prof(S=1, T=10)), max_rounds=3)
    assert d.p_never_ends == 1 and d.p_unfinished == 1 and d.p_a_wins == 0
    # the side that keeps winning the combat strikes first on ties in later rounds
    d = duel_to_the_death_exact(man("a"), man("b"), a_charged=True, later_previous_winner="a")
    assert d.p_a_wins_eventually == Fraction(1, 4) + Fraction(9, 16) * Fraction(4, 7)


def test_to_the_death_inputs():
    with pytest.raises(OddsInputError, match=r"^max_rounds:"):
        duel_to_the_death_exact(man("a"), man("b"), max_rounds=0)
    with pytest.raises(OddsInputError, match=r"^later_previous_winner:"):
        duel_to_the_death_exact(man("a"), man("b"), later_previous_winner="x")
    with pytest.raises(OddsInputError, match=r"^a:"):
        duel_to_the_death_exact(None, man("b"))


def test_to_the_death_against_monte_carlo():
    rounds = 6
    d = duel_to_the_death_exact(LORD, THANE, a_charged=True, max_rounds=rounds)
    rng = np.random.default_rng(4)
    w = np.empty((2, N), np.int64)
    w[0], w[1] = LORD.profile.W, THANE.profile.W
    o = np.zeros((2, N), np.int64)
    ended = np.zeros(N, np.int64)  # round in which it ended (0 = not yet)
    total_o = np.zeros((2, N), np.int64)
    for k in range(1, rounds + 1):
        live = ended == 0
        simulate_round(rng, LORD, THANE, w, o, a_charged=k == 1, first=k == 1)
        total_o += np.where(live, o, 0)
        ended[live & ((w[0] == 0) | (w[1] == 0))] = k
    a_won = w[1] == 0
    for k in range(1, rounds + 1):
        assert_mc(float(np.mean(a_won & (ended == k))), float(d.a_wins_by_round[k - 1]), N,
                  what=f"a wins in round {k}")
        assert_mc(float(np.mean(~a_won & (ended == k))), float(d.b_wins_by_round[k - 1]), N,
                  what=f"b wins in round {k}")
    assert_mc(float(np.mean(ended == 0)), float(d.p_unfinished), N, what="unfinished")
    assert d.p_unfinished > 0
    for s, exact in ((0, d.mean_overkill_a), (1, d.mean_overkill_b)):
        sd = float(np.std(total_o[s]))
        assert abs(total_o[s].mean() - float(exact)) <= 5 * sd / math.sqrt(N) + 1e-12
