"""Exact first round of a two-unit combat: a dynamic programme over the strike steps.

``RULES.md`` revision 2 (§1.2, §1.8, §8 A.4): casualties a unit suffers
before it strikes take its attackers away.  At the start of the round each
unit's fighters are fixed from the geometry (models in base contact across
the two fronts, the champion holding a front place of its own, supporting
ranks for fight-in-ranks weapons, steeds with their riders); at every
strike step a unit's rank-and-file attackers are those minus the casualties
it has suffered so far this round (front-contact fighters first, then
supporting ones), never below 0, its steeds (and impact-hitting models)
lose the front-contact ones, and its champion attacks while the unit has a
model left.  So the attacks of a step depend only on the wounds left on the
striking unit, and the first round is a Markov chain over the state
``(wounds left on unit 0, wounds left on unit 1)``:

* each strike step moves the distribution by a damage matrix on the struck
  unit's wounds, one matrix per attack count (a binomial shift for 1-wound
  targets; for multi-wound targets hit by killing blows or multiple wounds
  a small chain over the wounds left, killing blows first, each ordinary
  wound capped at the current model's wounds, as :mod:`odds.combat.blows`);
* equal strike keys on both sides are a fair roll-off in the first round:
  the two orders are mixed half and half;
* a stupid unit whose turn it is (§1.10) fights with all its fighters if it
  passes its Ld test, else with half of them (an odd one on 4+): a mixture;
* regeneration at the end of the phase restores each ordinary wound
  suffered with its probability (the regenerated models did not fight), not
  after a flaming wound;
* combat result, musician tie-break and break tests on the final state.

These are the conventions of the numba kernel (:mod:`odds.combat.kernel`,
:func:`odds.combat.fighters.start_fighters`).  :func:`first_round_exact`
returns ``None`` only where the state above is not enough: characters or
promoted champions (bodies of their own), killing blows on a regenerating
unit (its regenerable wounds are not a function of its wounds left), and
flaming blows mixed with other blows on a regenerating unit.  The
several-unit version is :mod:`odds.combat.exact_multi`.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from fractions import Fraction
from typing import Any

import numpy as np

from odds import dice
from odds.combat.model import (
    CHAMPION,
    CREW,
    F_CHARGE_TESTS,
    F_CHARGER,
    F_CHARGER_LD,
    FLANK,
    FRONT,
    G_ACTIVE,
    G_ATTACKS,
    G_CHAIN,
    G_COLD,
    G_FLAMING,
    G_FRENZY_A,
    G_GRAB,
    G_HIT,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_KB,
    G_MW,
    G_PER_MODEL,
    G_POISON,
    G_RANDOM,
    G_RANKS,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    IMPACT,
    MOUNT,
    N_GROUPS,
    RANK_AND_FILE,
    S_BEAR_STD,
    S_BSB,
    S_BURNING,
    S_CAPTAIN,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_COLD,
    S_DRUNK,
    S_ELF,
    S_FEAR,
    S_FEARLESS,
    S_FEARS_ELVES,
    S_FILES,
    S_FRENZY,
    S_GENERAL_LD,
    S_HORN,
    S_HOWLED,
    S_HP,
    S_INSTABILITY,
    S_ITP,
    S_LAMENT,
    S_LD,
    S_LIFE_DRAIN,
    S_MUSICIAN,
    S_NO_FLANK_BONUS,
    S_NO_RANK_CANCEL,
    S_RA_DICE,
    S_RA_SIDES,
    S_RECRUIT,
    S_REGEN,
    S_SIDE,
    S_STANDARD,
    S_STUBBORN,
    S_STUBBORN_FIRST,
    S_STUPID,
    S_UNBREAKABLE,
    S_UNSTABLE,
    S_US,
    S_W,
    CombatModel,
    touching,
)

TINY = 1e-280
"""Probabilities below this are dropped from the state distribution (they would be subnormal)."""

EVENTS = ("attacker_wins", "draw", "defender_wins", "attacker_breaks", "defender_breaks")
"""First-round events of a two-unit combat, as in :func:`odds.combat.fight`."""


# --------------------------------------------------------------------------- one attack


def attack_outcomes(g: np.ndarray) -> tuple[Fraction, Fraction]:
    """P(one attack of group row ``g`` is an unsaved ordinary wound), P(unsaved killing blow).

    Hit (poison: the natural roll wounds automatically; hatred re-rolls
    misses), wound (a natural 6 is a killing blow where it applies), armour
    (not against killing blows), ward (§1.3-§1.6).  Regeneration is not
    included: it comes at the end of the phase.
    """
    hit, poison = int(g[G_HIT]), int(g[G_POISON])
    if hit >= 7:
        return Fraction(0), Fraction(0)
    if hit == 0:
        p_norm, p_pois = Fraction(1), Fraction(0)
    else:
        p_pois = dice.d6_at_least(max(hit, poison)) if poison < 7 else Fraction(0)
        p_norm = dice.d6_at_least(hit) - p_pois
        if g[G_REROLL]:
            miss = 1 - p_norm - p_pois
            p_norm, p_pois = p_norm * (1 + miss), p_pois * (1 + miss)
    wound = int(g[G_WOUND])
    p_wound = dice.d6_at_least(wound)
    p_kb = Fraction(1, 6) if (g[G_KB] and wound <= 6) else Fraction(0)
    fail_save = 1 - dice.d6_at_least(int(g[G_SAVE]))
    fail_ward = 1 - dice.d6_at_least(int(g[G_WARD]))
    ordinary = (p_norm * (p_wound - p_kb) + p_pois) * fail_save * fail_ward
    return ordinary, p_norm * p_kb * fail_ward


def attack_success(g: np.ndarray, regen: int) -> Fraction:
    """P(one attack of group row ``g`` scores a wound that stays after regeneration ``regen``+)."""
    ordinary, kb = attack_outcomes(g)
    return ordinary * (1 - dice.d6_at_least(regen)) + kb


def binomial(n: int, p: float) -> np.ndarray:
    """PMF of Binomial(``n``, ``p``) as floats (index = successes)."""
    out = np.zeros(n + 1)
    if p <= 0.0:
        out[0] = 1.0
        return out
    if p >= 1.0:
        out[n] = 1.0
        return out
    lp, lq = math.log(p), math.log1p(-p)
    lg = math.lgamma(n + 1)
    for k in range(n + 1):
        out[k] = math.exp(lg - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp
                          + (n - k) * lq)
    return out


def impact_hits_pmf(n_models: int, g: np.ndarray) -> np.ndarray:
    """PMF of the impact hits of ``n_models`` models (each ``nD6 + plus`` or ``nD3 + plus``)."""
    n, sides, plus = int(g[G_IMPACT_DICE]), int(g[G_IMPACT_SIDES]), int(g[G_ATTACKS])
    if sides == 6:
        one = dice.sum_pmf(n)
    else:
        one = np.array([1.0])
        for _ in range(n):
            one = np.convolve(one, np.array([0.0, 1 / 3, 1 / 3, 1 / 3]))
    one = np.concatenate([np.zeros(plus), one])
    total = np.array([1.0])
    for _ in range(n_models):
        total = np.convolve(total, one)
    return total


def dice_hits(row: np.ndarray, g: int) -> bool:
    """Whether group ``g``'s row makes rolled hits per model instead of attacks.

    Impact hits, or a crew row with impact dice (Demonios "Desollador"'s end-of-round 1D6
    hits).
    """
    return g == IMPACT or (g == CREW and int(row[G_IMPACT_DICE]) > 0)


def successes_pmf(row: np.ndarray, g: int, n: int) -> np.ndarray:
    """PMF of the unsaved wounds (ordinary + killing blows) of ``n`` attacks (impact: models)."""
    ordinary, kb = attack_outcomes(row)
    q = float(ordinary + kb)
    if not dice_hits(row, g):
        return binomial(n, q)
    hits = impact_hits_pmf(n, row)
    out = np.zeros(hits.size)
    for k, ph in enumerate(hits):
        if ph:
            out[: k + 1] += ph * binomial(k, q)
    return out


# --------------------------------------------------------------------------- wounds on a unit


def shift_matrix(pmf: np.ndarray, size: int) -> np.ndarray:
    """``M[h, h']``: ``d ~ pmf`` wounds, one each, off ``h`` wounds left (never below 0)."""
    m = np.zeros((size, size))
    h = np.arange(size)
    for d, pd in enumerate(pmf):
        if pd:
            m[h, np.maximum(h - d, 0)] += pd
    return m


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` without BLAS threads.

    The matrices here are small (up to a few hundred rows); a threaded BLAS
    on a busy machine made one 121 x 121 product 170 times slower than a
    single-threaded one (measured: 31 ms against 0.18 ms), ``einsum``'s own
    loop takes 0.9 ms whatever the load.
    """
    return np.einsum("ij,jk->ik", a, b)


def _flush(a: np.ndarray) -> np.ndarray:
    """Zero the probabilities below 1e-280 (subnormal floats make matrix products crawl)."""
    a[a < TINY] = 0.0
    return a


def _wound_amounts(mw: int) -> dict[int, float]:
    """Wounds one unsaved ordinary wound becomes (by ``G_MW`` code).

    1, 2, D3 or D6 (codes 0..3), or doubled against a flammable target: 2 x D3, 2 x D6, 4
    (codes 4..6).
    """
    if mw == 0:
        return {1: 1.0}
    if mw == 1:
        return {2: 1.0}
    if mw == 2:
        return {a: 1 / 3 for a in (1, 2, 3)}
    if mw == 3:
        return {a: 1 / 6 for a in range(1, 7)}
    if mw == 4:
        return {2 * a: 1 / 3 for a in (1, 2, 3)}
    if mw == 5:
        return {2 * a: 1 / 6 for a in range(1, 7)}
    return {4: 1.0}


class WoundChain:
    """Wounds left on a unit of ``w``-wound models under ordinary wounds and killing blows.

    ``ordinary[h, h']``: one ordinary wound (``mw``: 1, 2, D3, D6) capped at
    the current model's remaining wounds; ``kill_to[h]``: one killing blow
    slays the current model (§1.6, §1.8, :func:`odds.combat.blows.apply_wounds`).
    """

    def __init__(self, w: int, mw: int, size: int) -> None:
        self.size = size
        h = np.arange(size)
        rem = np.where(h > 0, (h - 1) % w + 1, 0)
        self.kill_to = h - rem
        self.ordinary = np.zeros((size, size))
        for a, pa in _wound_amounts(mw).items():
            self.ordinary[h, h - np.minimum(a, rem)] += pa
        self._powers: dict[float, list[np.ndarray]] = {}
        self._matrices: dict[tuple[int, float, float], np.ndarray] = {}

    def attempts(self, r: float, m: int) -> np.ndarray:
        """Wounds left after ``m`` attempts each an ordinary wound with probability ``r``.

        ``sum_o Binomial(m, r)(o) ordinary ** o = (r ordinary + (1 - r) I) ** m``.
        """
        if r not in self._powers:
            self._powers[r] = [np.eye(self.size)]
        powers = self._powers[r]
        if len(powers) <= m:
            step = r * self.ordinary + (1.0 - r) * np.eye(self.size)
            while len(powers) <= m:
                powers.append(_flush(matmul(powers[-1], step)))
        return powers[m]

    def matrix(self, n: int, p_ordinary: float, p_kill: float) -> np.ndarray:
        """Wounds left after ``n`` attacks: killing blows first, then ordinary wounds.

        ``sum_k Binomial(n, p_kill)(k) kill ** k attempts(n - k)``, the
        attacks that are not killing blows being ordinary wounds with
        probability ``p_ordinary / (1 - p_kill)``.
        """
        key = (n, p_ordinary, p_kill)
        if key in self._matrices:
            return self._matrices[key]
        r = p_ordinary / (1.0 - p_kill) if p_kill < 1.0 else 0.0
        out = np.zeros((self.size, self.size))
        rows = np.arange(self.size)
        for k, pk in enumerate(binomial(n, p_kill)):
            if pk > 0.0:
                out += pk * self.attempts(r, n - k)[rows]  # kill ** k: a map of the rows
            rows = self.kill_to[rows]
        self._matrices[key] = out
        return out


def damage_matrix(row: np.ndarray, g: int, n: int, w: int, size: int,
                  chains: dict[int, WoundChain]) -> np.ndarray:
    """``M[h, h']`` of ``n`` attacks (impact: ``n`` models) of group row ``row`` on a unit.

    ``w``: the target's wounds per model; ``size``: its starting wounds + 1.
    """
    mw = int(row[G_MW])
    ordinary, kb = (float(x) for x in attack_outcomes(row))
    if w == 1 or (kb == 0.0 and mw == 0) or dice_hits(row, g):
        return shift_matrix(successes_pmf(row, g, n), size)
    if mw not in chains:
        chains[mw] = WoundChain(w, mw, size)
    return chains[mw].matrix(n, ordinary, kb)


def regeneration_matrix(start: int, need: int) -> np.ndarray:
    """``R[h, h']``: each of the ``start - h`` wounds suffered comes back on ``need``+ (§1.6)."""
    p = float(dice.d6_at_least(need))
    r = np.zeros((start + 1, start + 1))
    for h in range(start + 1):
        r[h, h:] = binomial(start - h, p)
    return r


def models_left(hp: np.ndarray | int, w: int) -> np.ndarray | int:
    """Models left from wounds left (a model falls with its last wound, §1.8)."""
    return (hp + w - 1) // w


# --------------------------------------------------------------------------- fighters


def group_attacks(row: np.ndarray, g: int, fighters: tuple[int, int, int, int],
                  taken: int, alive: bool, frenzy: int) -> int:
    """Attacks (impact: models making impact hits) of a group once ``taken`` fighters are gone.

    ``fighters = (front, supporting, steeds, champion)`` at the start of the
    round (see :func:`start_fighters`); ``taken``: the casualties taken from
    them since, front-contact fighters first, then supporting ones (§1.2).
    Steeds (and impact-hitting models) go with their front fighters; the
    champion's with the champion, who fights while its unit has a model
    left.  A unit with no model left makes no attacks.
    """
    if not alive:
        return 0
    front, supp, steeds, champ = fighters
    t_front = min(taken, front)
    t_supp = min(taken - t_front, supp)
    bonus = int(row[G_FRENZY_A]) * frenzy
    if g == RANK_AND_FILE:
        left = front - t_front + supp - t_supp
        return left * int(row[G_PER_MODEL]) * (int(row[G_ATTACKS]) + bonus)
    if g == MOUNT:
        return max(0, steeds - t_front) * int(row[G_PER_MODEL]) * int(row[G_ATTACKS])
    if dice_hits(row, g):
        return max(0, steeds - t_front)
    if g == CREW:
        return max(0, steeds - t_front) * int(row[G_PER_MODEL]) * (int(row[G_ATTACKS]) + bonus)
    if g == IMPACT:
        return max(0, steeds - t_front)
    return int(row[G_ATTACKS]) + bonus if champ else 0


def start_fighters(model: CombatModel, u: int, v: int, models: list[int], face_u: int,
                   face_v: int, champ: bool) -> tuple[int, int, int, int]:
    """``(front, supporting, steeds, champion)`` of unit ``u`` facing ``v`` at the round's start.

    Models in base contact across the two faces (§1.1, :func:`touching`); on
    the front the champion (if it fights through this contact, ``champ``)
    holds a place of its own; supporting ranks fight through the front only.
    """
    sd = model.sides
    t = touching(model, u, face_u, models[u], v, face_v, models[v]) if models[u] > 0 else 0
    if face_u != FRONT:
        return t, 0, t, 0
    here = int(champ and t > 0)
    supp = 0
    row = model.groups[u, v, RANK_AND_FILE, 0]
    files = int(sd[u, S_FILES])
    for r in range(1, int(row[G_RANKS])):  # every supporting rank (spears 1, High Elf 2)
        supp += min(t, max(0, min(models[u] - r * files, files)))
    return max(0, t - here), supp, t, here


def stupid_fighters(fighters: tuple[int, int, int, int]) -> list[tuple[float, tuple]]:
    """A failed stupidity test (§1.10): half the fighters fight, an odd one on 4+.

    Returns the fighters of each case with its probability.
    """
    front, supp, steeds, champ = fighters
    f = front + supp
    out = []
    for keep, pk in ((f // 2, 0.5), (f // 2 + 1, 0.5)) if f % 2 else ((f // 2, 1.0),):
        kept = min(front, keep)
        out.append((pk, (kept, keep - kept, steeds - (front - kept), champ)))
    return out


def stupidity_cases(model: CombatModel, fighters: list[list[tuple[int, int, int, int]]]
                    ) -> list[tuple[float, list[list[tuple[int, int, int, int]]]]]:
    """Fighters of every unit per contact, mixed over the first round's stupidity tests.

    Stupid units of the side whose turn it is test Ld (2D6 <= Ld) at the
    start of the round; failed, each contact keeps half its fighters (§1.10).
    """
    cases = [(1.0, [list(f) for f in fighters])]
    sd = model.sides
    for u in range(len(fighters)):
        if not sd[u, S_STUPID] or int(sd[u, S_SIDE]) != model.active_side:
            continue
        p_pass = dice.p_at_most(dice.leadership_pmf(bool(sd[u, S_COLD])), int(sd[u, S_LD]))
        nxt = []
        for p, fs in cases:
            nxt.append((p * p_pass, fs))
            per_contact = [stupid_fighters(f) for f in fs[u]]
            for combo in itertools.product(*per_contact):
                q = p * (1 - p_pass)
                new = []
                for pk, f in combo:
                    q *= pk
                    new.append(f)
                nxt.append((q, [*fs[:u], new, *fs[u + 1:]]))
        cases = nxt
    return cases


def strike_steps(model: CombatModel) -> list[tuple[list[int], list[int]]]:
    """First-round strike steps: per equal key, the groups of side 0 and of side 1 (§1.2).

    The kernel's steps (:attr:`~odds.combat.model.CombatModel.strike_steps`) as slots
    ``u * N_GROUPS + g``.
    """
    strikers, steps, n_steps = model.strike_steps
    slots = [int(b) * N_GROUPS + int(g) for b, g in strikers[0]]
    return [(slots[lo:mid], slots[mid:hi]) for lo, mid, hi in steps[0, : int(n_steps[0])].tolist()]


# --------------------------------------------------------------------------- break tests


def break_probability(model: CombatModel, lo: int, diff: int, us_lo: int, us_w: int) -> float:
    """P(unit ``lo`` breaks, losing by ``diff``); fear is checked only in two-unit combats."""
    sd = model.sides
    if sd[lo, S_UNBREAKABLE] or sd[lo, S_UNSTABLE] or sd[lo, S_INSTABILITY]:
        return 0.0  # no break test: wounds instead (unstable, daemonic instability)
    # MDNR "Miedo a los orejotaz": elves are feared unless outnumbered more than 2:1
    feared = sd[1 - lo, S_FEAR] or (sd[lo, S_FEARS_ELVES] and sd[1 - lo, S_ELF]
                                    and us_lo <= 2 * us_w)
    if (model.n_units == 2 and feared and not sd[lo, S_FEAR] and not sd[lo, S_ITP]
            and not sd[lo, S_FEARLESS] and us_lo < us_w):
        return 1.0
    ld = int(sd[lo, S_LD])
    if sd[lo, S_CHAMPION]:
        ld = max(ld, int(sd[lo, S_CHAMPION_LD]))
    gen = int(sd[lo, S_GENERAL_LD])
    # stubborn, or stubborn in the first round only (Imperio "Resolutos")
    stubborn = bool(sd[lo, S_STUBBORN] or sd[lo, S_STUBBORN_FIRST])
    options = []  # (target, cold-blooded) the unit may test on (MDNR "Sangre fría")
    if sd[lo, S_COLD]:
        options.append((ld, True) if stubborn else (ld - diff, True))
        if gen > 0:
            options.append((gen - diff, False))
    elif stubborn:
        options.append((max(ld, gen - diff) if gen > 0 else ld, False))
    else:
        options.append((max(ld, gen) - diff, False))

    def p_pass(target: int, cold: bool) -> float:
        pmf = dice.leadership_pmf(cold)
        p = dice.p_at_most(pmf, target)
        if model.flags[2] and target < 2:
            p = float(pmf[2])
        return p

    # the kernel's choice (blows.better_test): 3D6 less the highest if more likely to pass
    target, cold = options[0]
    if len(options) == 2 and dice.p_at_most(dice.leadership_pmf(False), options[1][0]) >= \
            dice.p_at_most(dice.leadership_pmf(True), target):
        target, cold = options[1]
    p = p_pass(target, cold)
    if sd[lo, S_BSB]:
        p = 1 - (1 - p) ** 2
    return 1.0 - p


# --------------------------------------------------------------------------- two units


def _strike(p: np.ndarray, model: CombatModel, s: int, slots: list[int],
            fighters: list[tuple[int, int, int, int]], chains: list[dict[int, WoundChain]]
            ) -> np.ndarray:
    """Side ``s``'s groups ``slots`` strike together; ``p[h0, h1]`` is the state distribution."""
    sd = model.sides
    e = 1 - s
    hp_s, w_s = int(sd[s, S_HP]), int(sd[s, S_W])
    size_e, w_e = int(sd[e, S_HP]) + 1, int(sd[e, S_W])
    start = models_left(hp_s, w_s)
    p = p.copy()
    for slot in slots:
        g = slot % N_GROUPS
        row = model.groups[s, e, g, 0]
        counts = np.array([group_attacks(row, g, fighters[s], start - models_left(h, w_s),
                                         h > 0, int(sd[s, S_FRENZY])) for h in range(hp_s + 1)])
        for n in np.unique(counts):
            if n == 0:
                continue
            idx = np.nonzero(counts == n)[0]
            m = damage_matrix(row, g, int(n), w_e, size_e, chains[e])
            if s == 0:
                p[idx, :] = matmul(p[idx, :], m)
            else:
                p[:, idx] = matmul(m.T, p[:, idx])
    return _flush(p)


def regenerates(model: CombatModel, u: int, attackers: list[int]) -> bool | None:
    """Whether unit ``u`` regenerates at the end of the first round (§1.6).

    None where it depends on more than its wounds left: killing blows (not
    regenerable) on it, or flaming blows mixed with other blows (one
    flaming wound ends regeneration).
    """
    if model.sides[u, S_REGEN] > 6:
        return False
    rows = [model.groups[a, u, g, 0] for a in attackers for g in range(N_GROUPS)
            if model.groups[a, u, g, 0, G_ACTIVE]]
    if any(attack_outcomes(r)[1] for r in rows):
        return None
    flaming = [bool(r[G_FLAMING]) for r in rows]
    if any(flaming):
        return None if not all(flaming) else False  # every wound on it is a flaming one
    return True


def _dp(model: CombatModel, steps: list[tuple[list[int], list[int]]],
        fighters: list[tuple[int, int, int, int]]) -> np.ndarray:
    """The strike steps of the first round from full wounds, for given fighters."""
    sd = model.sides
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    chains: list[dict[int, WoundChain]] = [{}, {}]
    p = np.zeros((hp[0] + 1, hp[1] + 1))
    p[hp[0], hp[1]] = 1.0
    for side0, side1 in steps:
        if side0 and side1:  # equal keys: a roll-off in the first round (§1.2)
            a = _strike(_strike(p, model, 0, side0, fighters, chains), model, 1, side1, fighters,
                        chains)
            b = _strike(_strike(p, model, 1, side1, fighters, chains), model, 0, side0, fighters,
                        chains)
            p = 0.5 * (a + b)
        elif side0:
            p = _strike(p, model, 0, side0, fighters, chains)
        else:
            p = _strike(p, model, 1, side1, fighters, chains)
    return p


def contact_faces(model: CombatModel) -> tuple[int, int]:
    """The faces of unit 0 and unit 1 in contact (a flank or rear attack, §2.2)."""
    a, _b, fa, fb = (int(x) for x in model.contacts[0])
    return (fa, fb) if a == 0 else (fb, fa)


def first_round_dp(model: CombatModel) -> np.ndarray | None:
    """``P[h0, h1]``: wounds left on each unit after the first round's regeneration.

    None where the state is not enough (see the module notes).
    """
    if model.n_units != 2 or 0 <= model.n_regiments < 2:
        return None
    sd = model.sides
    if (sd[:, S_FEAR] == 2).any() or (sd[:, S_STANDARD] == 2).any():
        # fear while the standard is carried ("fear_with_standard"), a standard worth 1D3
        # ("Estandarte Negro de los Muktarin"): kernel only
        return None
    regen = [regenerates(model, 0, [1]), regenerates(model, 1, [0])]
    if regen[0] is None or regen[1] is None:
        return None
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    models = [models_left(hp[0], int(sd[0, S_W])), models_left(hp[1], int(sd[1, S_W]))]
    faces = contact_faces(model)
    fighters = [[start_fighters(model, s, 1 - s, models, faces[s], faces[1 - s],
                                bool(sd[s, S_CHAMPION]))] for s in (0, 1)]
    steps = strike_steps(model)
    p = np.zeros((hp[0] + 1, hp[1] + 1))
    for weight, fs in stupidity_cases(model, fighters):
        if weight > 0.0:
            p += weight * _dp(model, steps, [fs[0][0], fs[1][0]])
    if regen[0]:
        p = matmul(regeneration_matrix(hp[0], int(sd[0, S_REGEN])).T, p)
    if regen[1]:
        p = matmul(p, regeneration_matrix(hp[1], int(sd[1, S_REGEN])))
    return p


def first_round_exact(model: CombatModel) -> dict[str, Any] | None:
    """Exact first-round events and wound distributions of a two-unit combat.

    Parameters
    ----------
    model : CombatModel
        Two units, no characters (:func:`odds.combat.model.build`).

    Returns
    -------
    dict or None
        ``{"first_round": {attacker_wins, draw, defender_wins,
        attacker_breaks, defender_breaks}, "wounds": [pmf of wounds caused
        by the attacker, by the defender]}``; None where it does not apply
        (characters, killing blows on a regenerating unit, "Cuerpo ardiente", a drunk
        charger's charge test).
    """
    parts = first_round_parts(model)
    if parts is None:
        return None
    if parts:
        return mix_results([(w, first_round_exact(m)) for w, m in parts])
    p = first_round_dp(model)
    if p is None:
        return None
    sd = model.sides
    hp = [int(sd[0, S_HP]), int(sd[1, S_HP])]
    h = [np.arange(hp[0] + 1)[:, None], np.arange(hp[1] + 1)[None, :]]
    faces = contact_faces(model)
    start_us = [models_left(hp[s], int(sd[s, S_W])) * int(sd[s, S_US]) for s in (0, 1)]
    m, us, score, mus = [], [], [], []
    for s in (0, 1):
        w = int(sd[s, S_W])
        m_s = models_left(h[s], w)
        champ, std = int(sd[s, S_CHAMPION] != 0), int(sd[s, S_STANDARD] != 0)
        # ranks at the start of the round, cancelled by an enemy of US >= 5 on a flank or rear
        cancelled = (faces[s] != FRONT and start_us[1 - s] >= 5
                     and not sd[1 - s, S_NO_RANK_CANCEL])  # herds and skirmishers cancel none
        ranks = 0 if cancelled else int(model.ranks[s, models_left(hp[s], w)])
        m.append(m_s)
        us.append(m_s * int(sd[s, S_US]))
        score.append((hp[1 - s] - h[1 - s]) + ranks + std * (m_s >= 1 + champ)
                     + int(model.side_bonus[s]))
        mus.append(bool(sd[s, S_MUSICIAN]) & (m_s >= 1 + champ + std))
    for s in (0, 1):  # +1 flank / +2 rear while of US >= 5 at the end of the round (§2.2)
        if faces[1 - s] != FRONT and not sd[1 - s, S_NO_FLANK_BONUS]:
            score[s] = score[s] + (1 if faces[1 - s] == FLANK else 2) * (us[s] >= 5)
    margin = score[0] + (us[0] > us[1]) - score[1] - (us[1] > us[0])
    if model.flags[1]:
        margin = margin + ((margin == 0) & mus[0] & ~mus[1]) - ((margin == 0) & mus[1] & ~mus[0])
    dead0, dead1 = us[0] == 0, us[1] == 0
    ev = dict.fromkeys(EVENTS, 0.0)
    ev["attacker_wins"] = float(p[(dead1 & ~dead0) | (~dead0 & ~dead1 & (margin > 0))].sum())
    ev["defender_wins"] = float(p[(dead0 & ~dead1) | (~dead0 & ~dead1 & (margin < 0))].sum())
    ev["draw"] = float(p[(dead0 & dead1) | (~dead0 & ~dead1 & (margin == 0))].sum())
    cache: dict[tuple[int, int, bool], float] = {}
    fighting = ~dead0 & ~dead1 & (margin != 0) & (p > 0)
    us0 = np.broadcast_to(us[0], p.shape)
    us1 = np.broadcast_to(us[1], p.shape)
    for i, j in zip(*np.nonzero(fighting), strict=True):
        lo = 1 if margin[i, j] > 0 else 0
        us_lo, us_w = (us1[i, j], us0[i, j]) if lo == 1 else (us0[i, j], us1[i, j])
        key = (lo, abs(int(margin[i, j])), bool(us_lo < us_w))
        if key not in cache:
            cache[key] = break_probability(model, lo, key[1], int(us_lo), int(us_w))
        ev["defender_breaks" if lo == 1 else "attacker_breaks"] += p[i, j] * cache[key]
    wounds = [p.sum(axis=0)[::-1].copy(), p.sum(axis=1)[::-1].copy()]
    return {"first_round": ev, "wounds": wounds}


def roll_pmf(n: int, sides: int) -> dict[int, Fraction]:
    """Distribution of the sum of ``n`` D6 (``sides`` 6) or D3 (a D6 halved, rounded up)."""
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        t = sum((f + 1) // 2 if sides == 3 else f for f in faces)
        out[t] = out.get(t, Fraction(0)) + Fraction(1, 6**n)
    return out


def random_attack_models(model: CombatModel) -> list[tuple[float, CombatModel]]:
    """One model per outcome of the units' random-attacks rolls, with its probability.

    Random attacks (``S_RA_DICE``, gst "Ataques aleatorios") are one roll per
    unit for the round: the first round is the mixture, over the rolls, of
    the combat with each roll added to the unit's rank-and-file and champion
    attacks (or its steeds', ``G_RANDOM``).  Empty when no unit has random attacks.
    """
    sd = model.sides
    units = [u for u in range(model.n_units) if sd[u, S_RA_DICE] > 0]
    if not units:
        return []
    pmfs = [roll_pmf(int(sd[u, S_RA_DICE]), int(sd[u, S_RA_SIDES])) for u in units]
    out = []
    for combo in itertools.product(*(sorted(pmf.items()) for pmf in pmfs)):
        groups, sides = model.groups.copy(), model.sides.copy()
        weight = Fraction(1)
        for u, (roll, w) in zip(units, combo, strict=True):
            weight *= w
            for g in (RANK_AND_FILE, CHAMPION, MOUNT):  # the rows with G_RANDOM
                active = (groups[u, :, g, :, G_ACTIVE] != 0) & (groups[u, :, g, :, G_RANDOM] != 0)
                groups[u, :, g, :, G_ATTACKS] += roll * active
            sides[u, S_RA_DICE] = 0
        out.append((float(weight), dataclasses.replace(model, groups=groups, sides=sides)))
    return out


def drunk_models(model: CombatModel) -> list[tuple[float, CombatModel]] | None:
    """One model per outcome of the first round's drunk rolls, with its probability.

    MDNR Bestias "Borrachos" (``S_DRUNK``): a unit of the side whose turn the first round
    is rolls a D6: 1 (1/6) it takes the stupidity test, 6 (1/6) it is frenzied, else
    (4/6) nothing.  Empty when no such unit; None when a drunk charger tests fear or terror
    at the charge (the roll then also decides that test: the exact first round refuses).
    """
    sd = model.sides
    f = model.flags
    if f[F_CHARGE_TESTS] and sd[int(f[F_CHARGER]), S_DRUNK] and f[F_CHARGER_LD] > 0:
        return None
    units = [u for u in range(model.n_units)
             if sd[u, S_DRUNK] and int(sd[u, S_SIDE]) == model.active_side]
    if not units:
        return []
    out = []
    for combo in itertools.product((1, 0, 6), repeat=len(units)):
        sides = model.sides.copy()
        weight = Fraction(1)
        for u, roll in zip(units, combo, strict=True):
            weight *= Fraction(4 if roll == 0 else 1, 6)
            sides[u, S_DRUNK] = 0
            if roll == 1:
                sides[u, S_STUPID] = 1
            elif roll == 6:
                sides[u, S_FRENZY] = 1
        out.append((float(weight), dataclasses.replace(model, sides=sides)))
    return out


def first_round_parts(model: CombatModel) -> list[tuple[float, CombatModel]] | None:
    """The models whose mixture is the first round, for both exact engines.

    None where the exact first round does not apply ("Cuerpo ardiente": hits by the enemy
    models in contact and T tests; a "Lamento de la doncella" before the first blows; a
    drunk charger's charge test; "Poder de la muerte", "Aullido abisal", "Asalto imparable",
    "Arma de frío", "Estandarte del Oso", "Garras mecánicas"); the outcomes of the
    first round's drunk rolls (:func:`drunk_models`), else of its random-attacks rolls
    (:func:`random_attack_models`: a drunk part is split again when solved); empty when
    the model is one combat.
    """
    if model.sides[:, S_BURNING].any():
        return None
    # "Lamento de la doncella" made before the first round's blows (its side's turn): the kernel's
    if (model.sides[:model.n_units, S_LAMENT] * (model.sides[:model.n_units, S_SIDE]
                                                   == model.active_side)).any():
        return None
    # "Poder de la muerte" (wounds gained as it strikes), "Aullido abisal" (tests re-rolled
    # while the howler lives), "Asalto imparable" (attacks won by wounds), "Arma de frío"
    # (wounds from the 6s to hit): the kernel's
    # "Estandarte del Oso" (a bonus lost with its bearer), "Garras mecánicas" (an I test of
    # the first model struck), "Bienvenido a la Maldición" (models gained as it strikes: unit
    # strength, outnumber), "No Muertos" "Capitán" (a Ld test when the leader falls): the
    # kernel's
    if (model.sides[:, S_LIFE_DRAIN].any() or model.sides[:, S_HOWLED].any()
            or model.sides[:, S_RECRUIT].any() or model.sides[:, S_CAPTAIN].any()
            or model.groups[..., G_CHAIN].any() or model.groups[..., G_COLD].any()
            or model.sides[:, S_BEAR_STD].any() or model.groups[..., G_GRAB].any()):
        return None
    # "Cuerno del Dragón" blown before the first round (its side's turn, no charge): the kernel's
    if (model.sides[:, S_HORN] == 1).any():
        return None
    drunk = drunk_models(model)
    if drunk is None or drunk:
        return drunk
    return random_attack_models(model)


def mix_results(parts: list[tuple[float, Any]]) -> Any:
    """Weighted sum of results of one shape (dicts, lists, arrays, numbers); None if any is."""
    if any(r is None for _, r in parts):
        return None
    first = parts[0][1]
    if isinstance(first, dict):
        return {k: mix_results([(w, r[k]) for w, r in parts]) for k in first}
    if isinstance(first, list):
        return [mix_results([(w, r[i]) for w, r in parts]) for i in range(len(first))]
    if isinstance(first, np.ndarray):
        return sum(w * np.asarray(r, float) for w, r in parts)
    return float(sum(w * r for w, r in parts))


def first_round_exact_multi(model: CombatModel) -> dict[str, Any] | None:
    """Exact first round of a combat of several units (see :mod:`odds.combat.exact_multi`)."""
    from odds.combat.exact_multi import first_round_exact_multi as multi

    return multi(model)
