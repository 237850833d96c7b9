"""Exact duels: one round (:func:`duel_round_exact`) and to the death."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from odds.combat.challenge._common import (
    _HALF,
    OVERKILL_CAP,
)
from odds.combat.challenge.duellist import Batch, Duellist, _combine, _part_batch, _parts
from odds.validation import OddsInputError, choice, flag, integer

# --------------------------------------------------------------------------- one round

State = tuple[int, int, int, int]
"""(wounds left on a, wounds left on b, overkill scored by a, overkill scored by b)."""


def _strike(states: Mapping[State, Fraction], s: int, batch: Batch,
            late_overkill: bool) -> dict[State, Fraction]:
    """Side ``s`` strikes with one batch; a slain side does not strike (§1.2)."""
    out: dict[State, Fraction] = defaultdict(Fraction)
    e = 1 - s
    for state, p in states.items():
        w = [state[0], state[1]]
        o = [state[2], state[3]]
        r = w[e]
        if w[s] == 0 or (r == 0 and (not late_overkill or o[s] >= OVERKILL_CAP)):
            out[state] += p
            continue
        for (kb, total), q in batch.items():
            nw, no = list(w), list(o)
            if r == 0:  # already slain this round: everything is overkill (source 004)
                no[s] = min(OVERKILL_CAP, o[s] + kb + total)
            elif kb:  # first killing blow takes all remaining wounds (source 004)
                nw[e] = 0
                no[s] = min(OVERKILL_CAP, o[s] + kb - 1 + total)
            else:
                nw[e] = r - min(total, r)
                no[s] = min(OVERKILL_CAP, o[s] + max(0, total - r))
            out[(nw[0], nw[1], no[0], no[1])] += p * q
    return dict(out)


def _mix(x: Mapping[State, Fraction], y: Mapping[State, Fraction]) -> dict[State, Fraction]:
    out: dict[State, Fraction] = defaultdict(Fraction)
    for k, p in x.items():
        out[k] += p * _HALF
    for k, p in y.items():
        out[k] += p * _HALF
    return dict(out)


@dataclass(frozen=True)
class DuelRound:
    """Exact joint outcome of one round of a duel.

    Attributes
    ----------
    a_name, b_name : str
        The duellists.
    a_wounds_start, b_wounds_start : int
        Wounds each had left at the start of the round.
    outcomes : Mapping[tuple[int, int, int, int], Fraction]
        ``(a wounds left, b wounds left, overkill scored by a, overkill
        scored by b)`` -> probability; sums to exactly 1.
    """

    a_name: str
    b_name: str
    a_wounds_start: int
    b_wounds_start: int
    outcomes: Mapping[State, Fraction]

    @property
    def p_a_slain(self) -> Fraction:
        """P(a is slain this round)."""
        return sum((p for (wa, _, _, _), p in self.outcomes.items() if wa == 0), Fraction(0))

    @property
    def p_b_slain(self) -> Fraction:
        """P(b is slain this round)."""
        return sum((p for (_, wb, _, _), p in self.outcomes.items() if wb == 0), Fraction(0))

    @property
    def p_both_survive(self) -> Fraction:
        """P(neither is slain); at most one can die in a round (the slain do not strike)."""
        return sum((p for (wa, wb, _, _), p in self.outcomes.items() if wa and wb), Fraction(0))

    def _points(self, state: State) -> tuple[int, int]:
        wa, wb, oa, ob = state
        return self.b_wounds_start - wb + oa, self.a_wounds_start - wa + ob

    @property
    def points(self) -> dict[tuple[int, int], Fraction]:
        """Joint PMF of the combat-result points (wounds + overkill) scored by a and by b."""
        return _pmf_of(self.outcomes, self._points)

    @property
    def points_a(self) -> dict[int, Fraction]:
        """PMF of the points a scores from the duel."""
        return _pmf_of(self.outcomes, lambda st: self._points(st)[0])

    @property
    def points_b(self) -> dict[int, Fraction]:
        """PMF of the points b scores from the duel."""
        return _pmf_of(self.outcomes, lambda st: self._points(st)[1])

    @property
    def mean_points_a(self) -> Fraction:
        """Expected points a scores (wounds on b + overkill)."""
        return _mean(self.points_a)

    @property
    def mean_points_b(self) -> Fraction:
        """Expected points b scores (wounds on a + overkill)."""
        return _mean(self.points_b)

    @property
    def overkill_a(self) -> dict[int, Fraction]:
        """PMF of the overkill bonus a scores (0..5)."""
        return _pmf_of(self.outcomes, lambda st: st[2])

    @property
    def overkill_b(self) -> dict[int, Fraction]:
        """PMF of the overkill bonus b scores (0..5)."""
        return _pmf_of(self.outcomes, lambda st: st[3])

    @property
    def mean_overkill_a(self) -> Fraction:
        """Expected overkill bonus scored by a."""
        return _mean(self.overkill_a)

    @property
    def mean_overkill_b(self) -> Fraction:
        """Expected overkill bonus scored by b."""
        return _mean(self.overkill_b)

    @property
    def mean_overkill(self) -> Fraction:
        """Expected overkill of the round, both sides together (only one side can score it)."""
        return self.mean_overkill_a + self.mean_overkill_b

    @property
    def wounds_left(self) -> dict[tuple[int, int], Fraction]:
        """PMF of (a wounds left, b wounds left) at the end of the round."""
        return _pmf_of(self.outcomes, lambda st: st[:2])


def _pmf_of(outcomes: Mapping[State, Fraction], key: Callable[[State], Any]) -> dict[Any, Fraction]:
    """The PMF of ``key(state)`` over a round's outcomes, sorted by value."""
    out: dict[Any, Fraction] = defaultdict(Fraction)
    for state, p in outcomes.items():
        out[key(state)] += p
    return dict(sorted(out.items()))


def _mean(pmf: Mapping[int, Fraction]) -> Fraction:
    """The exact mean of a PMF."""
    return sum((k * p for k, p in pmf.items()), Fraction(0))

def _check_duellists(a: object, b: object) -> None:
    for name, d in (("a", a), ("b", b)):
        if not isinstance(d, Duellist):
            raise OddsInputError(f"{name}: must be a Duellist (got {type(d).__name__})")


def _wounds_start(name: str, d: Duellist, value: object) -> int:
    if value is None:
        return d.profile.W
    return integer(name, value, low=1, high=d.profile.W)


def _winner_index(name: str, value: object) -> int | None:
    if value is None:
        return None
    return ("a", "b").index(choice(name, value, ("a", "b")))


def _round_states(a: Duellist, b: Duellist, wa: int, wb: int, a_charged: bool, b_charged: bool,
                  first_round: bool, previous_winner: int | None,
                  late_overkill: bool) -> dict[State, Fraction]:
    parts = (_parts(a, b, 0, a_charged, first_round) + _parts(b, a, 1, b_charged, first_round))
    batches: dict[tuple[int, int], Batch] = {}
    for part in parts:
        batch = _part_batch(part)
        where = (part.key, part.side)
        batches[where] = _combine(batches[where], batch) if where in batches else batch
    states: dict[State, Fraction] = {(wa, wb, 0, 0): Fraction(1)}
    for key in sorted({k for k, _ in batches}):
        present = [s for s in (0, 1) if (key, s) in batches]
        if len(present) == 1:
            s = present[0]
            states = _strike(states, s, batches[(key, s)], late_overkill)
            continue
        orders = [(previous_winner, 1 - previous_winner)] if previous_winner is not None \
            else [(0, 1), (1, 0)]  # roll-off re-rolled until a winner: a fair coin (§1.2)
        results = []
        for first, second in orders:
            x = _strike(states, first, batches[(key, first)], late_overkill)
            results.append(_strike(x, second, batches[(key, second)], late_overkill))
        states = results[0] if len(results) == 1 else _mix(*results)
    return states


def duel_round_exact(
    a: Duellist,
    b: Duellist,
    *,
    a_charged: bool = False,
    b_charged: bool = False,
    first_round: bool = True,
    a_wounds_left: int | None = None,
    b_wounds_left: int | None = None,
    previous_winner: str | None = None,
    late_overkill: bool = True,
) -> DuelRound:
    """Exact joint distribution of one round of a duel between ``a`` and ``b``.

    Rules: RULES.md §1.2 (strike order; the slain do not strike), §1.3-§1.7
    (to hit, to wound, saves, special attacks, weapons), §1.9 and sources
    000/004 (challenges, overkill, killing blow in a challenge).  See the
    module docstring for the conventions and what is exact.

    Parameters
    ----------
    a, b : Duellist
        The two duellists.
    a_charged, b_charged : bool
        Which one charged this turn (at most one; first round only): it
        strikes in the chargers' step and gets lance / cavalry-spear bonuses.
    first_round : bool
        First round of the combat: hatred, flail and morning star apply.
    a_wounds_left, b_wounds_left : int, optional
        Wounds left at the start of the round, 1..W (default: W).
    previous_winner : {"a", "b"}, optional
        The side that won the previous combat round strikes first on an
        equal strike step (§1.2); only after the first round.  None: roll-off.
    late_overkill : bool, optional
        The killer's later strike steps still score overkill after the
        victim is slain (source 004, see module docstring).  Default True.

    Returns
    -------
    DuelRound
        ``p_a_slain``, ``p_b_slain``, ``p_both_survive``, ``points`` (joint
        PMF of the combat-result points of each side), ``points_a``,
        ``points_b``, ``mean_overkill`` ... all exact Fractions.

    Raises
    ------
    OddsInputError
        Naming the offending argument.
    """
    _check_duellists(a, b)
    ac = flag("a_charged", a_charged)
    bc = flag("b_charged", b_charged)
    fr = flag("first_round", first_round)
    late = flag("late_overkill", late_overkill)
    if ac and bc:
        raise OddsInputError("b_charged: at most one duellist charged (a_charged is also true)")
    if (ac or bc) and not fr:
        name = "a_charged" if ac else "b_charged"
        raise OddsInputError(f"{name}: a charge happens only in the first round"
                             f" (first_round is false)")
    pw = _winner_index("previous_winner", previous_winner)
    if pw is not None and fr:
        raise OddsInputError(f"previous_winner: nobody won a previous round in the first round"
                             f" (got {previous_winner!r})")
    wa = _wounds_start("a_wounds_left", a, a_wounds_left)
    wb = _wounds_start("b_wounds_left", b, b_wounds_left)
    states = _round_states(a, b, wa, wb, ac, bc, fr, pw, late)
    return DuelRound(a.name, b.name, wa, wb, dict(sorted(states.items())))


# --------------------------------------------------------------------------- to the death


@dataclass(frozen=True)
class DuelToTheDeath:
    """Exact outcome of a challenge fought round after round until one duellist dies.

    Attributes
    ----------
    max_rounds : int
        Horizon of the round-by-round figures.
    a_wins_by_round, b_wins_by_round : tuple of Fraction
        ``[r - 1]``: P(the duel ends in round ``r`` with b slain / a slain).
    p_unfinished : Fraction
        P(both still alive after ``max_rounds`` rounds): the truncation residual.
    p_a_wins_eventually, p_b_wins_eventually : Fraction
        Exact infinite-horizon probabilities (absorbing Markov chain: wounds
        never come back, so each state's self-loop is summed as a geometric
        series).
    p_never_ends : Fraction
        P(reaching a state where neither can wound the other).
    mean_overkill_a, mean_overkill_b : Fraction
        Expected overkill bonus each scores within the horizon.
    """

    max_rounds: int
    a_wins_by_round: tuple[Fraction, ...]
    b_wins_by_round: tuple[Fraction, ...]
    p_unfinished: Fraction
    p_a_wins_eventually: Fraction
    p_b_wins_eventually: Fraction
    p_never_ends: Fraction
    mean_overkill_a: Fraction
    mean_overkill_b: Fraction

    @property
    def p_a_wins(self) -> Fraction:
        """P(a slays b within ``max_rounds``)."""
        return sum(self.a_wins_by_round, Fraction(0))

    @property
    def p_b_wins(self) -> Fraction:
        """P(b slays a within ``max_rounds``)."""
        return sum(self.b_wins_by_round, Fraction(0))

    @property
    def end_round(self) -> dict[int, Fraction]:
        """PMF of the round in which the duel ends (rounds 1..max_rounds; rest is residual)."""
        return {r + 1: pa + pb for r, (pa, pb)
                in enumerate(zip(self.a_wins_by_round, self.b_wins_by_round, strict=True))}


def duel_to_the_death_exact(
    a: Duellist,
    b: Duellist,
    *,
    a_charged: bool = False,
    b_charged: bool = False,
    first_round: bool = True,
    a_wounds_left: int | None = None,
    b_wounds_left: int | None = None,
    max_rounds: int = 10,
    later_previous_winner: str | None = None,
    late_overkill: bool = True,
) -> DuelToTheDeath:
    """Exact odds of a challenge that lasts until one participant dies (§1.9, source 004).

    Round 1 is :func:`duel_round_exact` with the given charge and
    ``first_round``; every later round has no charge and no first-round
    rules (hatred, flail, morning star, lance off), with the wounds left
    carried over.  Neither duellist regains wounds.

    Parameters
    ----------
    a, b, a_charged, b_charged, first_round, a_wounds_left, b_wounds_left, late_overkill
        As in :func:`duel_round_exact` (for round 1).
    max_rounds : int
        Rounds reported one by one, 1..50; the remainder is ``p_unfinished``.
    later_previous_winner : {"a", "b"}, optional
        Who strikes first on equal steps in later rounds (the winner of the
        previous *combat* round, which depends on the whole combat, not only
        on the duel).  None (default): a fair roll-off every round.

    Returns
    -------
    DuelToTheDeath
    """
    _check_duellists(a, b)
    n = integer("max_rounds", max_rounds, low=1, high=50)
    pw = _winner_index("later_previous_winner", later_previous_winner)
    late = flag("late_overkill", late_overkill)
    first = duel_round_exact(a, b, a_charged=a_charged, b_charged=b_charged,
                             first_round=first_round, a_wounds_left=a_wounds_left,
                             b_wounds_left=b_wounds_left, late_overkill=late)
    cache: dict[tuple[int, int], DuelRound] = {}

    def later(wa: int, wb: int) -> DuelRound:
        if (wa, wb) not in cache:
            cache[(wa, wb)] = DuelRound(
                a.name, b.name, wa, wb,
                _round_states(a, b, wa, wb, False, False, False, pw, late))
        return cache[(wa, wb)]

    a_wins, b_wins, residual, ok_a, ok_b = _round_by_round(first, later, n)
    ev_a, ev_never = _eventually(first.wounds_left, later)
    return DuelToTheDeath(
        max_rounds=n,
        a_wins_by_round=tuple(a_wins),
        b_wins_by_round=tuple(b_wins),
        p_unfinished=residual,
        p_a_wins_eventually=ev_a,
        p_b_wins_eventually=1 - ev_a - ev_never,
        p_never_ends=ev_never,
        mean_overkill_a=ok_a,
        mean_overkill_b=ok_b,
    )


def _split(states: dict[tuple[int, int], Fraction]) -> tuple[Fraction, Fraction,
                                                           dict[tuple[int, int], Fraction]]:
    """P(a won), P(b won) and the states where both still stand, of a wound-state law."""
    pa = pb = Fraction(0)
    alive: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for (wa, wb), p in states.items():
        if wa == 0:
            pb += p
        elif wb == 0:
            pa += p
        else:
            alive[(wa, wb)] += p
    return pa, pb, dict(alive)


def _round_by_round(first: DuelRound, later: Callable[[int, int], DuelRound], n: int
                    ) -> tuple[list[Fraction], list[Fraction], Fraction, Fraction, Fraction]:
    """Who wins in each of rounds 1..n, P(still fighting after n) and the mean overkills."""
    ok_a, ok_b = first.mean_overkill_a, first.mean_overkill_b
    pa, pb, alive = _split(first.wounds_left)
    a_wins, b_wins = [pa], [pb]
    for _ in range(1, n):
        law: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (wa, wb), p in alive.items():
            rnd = later(wa, wb)
            ok_a += p * rnd.mean_overkill_a
            ok_b += p * rnd.mean_overkill_b
            for t, q in rnd.wounds_left.items():
                law[t] += p * q
        pa, pb, alive = _split(law)
        a_wins.append(pa)
        b_wins.append(pb)
    return a_wins, b_wins, sum(alive.values(), Fraction(0)), ok_a, ok_b


def _eventually(start: dict[tuple[int, int], Fraction],
                later: Callable[[int, int], DuelRound]) -> tuple[Fraction, Fraction]:
    """P(a wins eventually) and P(the duel never ends), over an infinite horizon.

    The wound states never go up, so each state's value follows from those with fewer
    wounds: a state that may repeat itself is solved as a geometric series.
    """
    reach = {s for s in start if s[0] and s[1]}
    frontier = list(reach)
    while frontier:  # every state reachable in later rounds
        s = frontier.pop()
        for t in later(*s).wounds_left:
            if t[0] and t[1] and t not in reach:
                reach.add(t)
                frontier.append(t)
    value: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}  # (P(a wins), P(never))
    for s in sorted(reach, key=sum):
        trans = later(*s).wounds_left
        stay = trans.get(s, Fraction(0))
        if stay == 1:
            value[s] = (Fraction(0), Fraction(1))
            continue
        win = never = Fraction(0)
        for t, q in trans.items():
            if t == s:
                continue
            if t[1] == 0:
                win += q
            elif t[0] and t[1]:
                win += q * value[t][0]
                never += q * value[t][1]
        value[s] = (win / (1 - stay), never / (1 - stay))
    ev_a = ev_never = Fraction(0)
    for s, p in start.items():
        if s[1] == 0:
            ev_a += p
        elif s[0]:
            ev_a += p * value[s][0]
            ev_never += p * value[s][1]
    return ev_a, ev_never

