"""Exact first round of a combat between several units (``RULES.md`` §1.2, §2.2, §3.2).

The same conventions as :mod:`odds.combat.exact` (and the kernel's,
:func:`odds.combat.fighters.lose_fighters`), with several contacts: each
unit's fighters are fixed per contact at the start of the round, and a
unit's casualties are attributed to its contacts: those inflicted by
attacks through contact ``c`` take first the fighters it has on ``c``,
then the excess those on its other contacts, in contact order (front
before supporting on each).  A contact takes at most its front +
supporting fighters; its steeds and impact-hitting models go with the
front ones.  The champion fights through the unit's first front contact
with models touching.  Impact hits are not limited to front contacts (the
kernel's reading: a chariot's own face in contact is its front).

The state is, per unit, the wounds left and the casualties attributed to
each of its contacts; the programme keeps a dictionary of reachable states
(stupidity tests mixed over, regeneration at the end).  Combat result as
the kernel: ranks at the start (cancelled by a US >= 5 enemy on a flank or
rear), outnumber, standards, musicians and flank/rear bonuses at the end,
fear auto-break against the fear-causing enemies in contact.
:func:`first_round_exact_multi` returns ``None`` with characters (or
promoted champions), killing or mixed flaming blows on a regenerating
unit, or more than :data:`MAX_STATES` reachable states.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import numpy as np

from odds import dice
from odds.combat.exact.attack import binomial
from odds.combat.exact.break_tests import break_probability
from odds.combat.exact.fighters import group_attacks, start_fighters, strike_steps, stupidity_cases
from odds.combat.exact.mixtures import first_round_parts, mix_results
from odds.combat.exact.two_units import regenerates
from odds.combat.exact.wounds import WoundChain, damage_matrix, models_left
from odds.combat.model import (
    F_FLANK_BOTH,
    F_MUSICIAN,
    FLANK,
    FRONT,
    G_ACTIVE,
    N_GROUPS,
    S_CHAMPION,
    S_ELF,
    S_FEAR,
    S_FEARLESS,
    S_FEARS_ELVES,
    S_FRENZY,
    S_HP,
    S_INSTABILITY,
    S_ITP,
    S_MUSICIAN,
    S_NO_FLANK_BONUS,
    S_NO_RANK_CANCEL,
    S_REGEN,
    S_SIDE,
    S_STANDARD,
    S_UNBREAKABLE,
    S_UNSTABLE,
    S_US,
    S_W,
    CombatModel,
)
from odds.combat.model.layout import (
    F_PAIR,
    F_PAIRS,
    G_HIT,
    G_STD_HIT,
    N_PAIR,
    PR_CHARGER,
    PR_CHARGER_LD,
    PR_PANIC_LD,
    PR_SMALLER,
    PR_TARGET,
    PR_TARGET_COLD,
    PR_TARGET_LD,
    PR_TARGET_REROLL,
    PR_TERROR,
    S_CHARGED,
    S_HOST,
    S_IMPETUOUS,
)

MAX_STATES = 200_000
"""Reachable states beyond which the exact first round gives up (returns None)."""

State = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]  # wounds left; casualties per contact


class _Setup:
    """Per-unit contacts and fighters at the start of the round."""

    def __init__(self, model: CombatModel) -> None:
        sd = model.sides
        n = model.n_units
        self.model = model
        self.hp = [int(sd[u, S_HP]) for u in range(n)]
        self.w = [int(sd[u, S_W]) for u in range(n)]
        self.models = [models_left(self.hp[u], self.w[u]) for u in range(n)]
        # each unit's contacts in contact order: (enemy, face of u, face of enemy)
        self.links: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for a, b, fa, fb in model.contacts.tolist():
            self.links[a].append((b, fa, fb))
            self.links[b].append((a, fb, fa))
        self.fighters: list[list[tuple[int, int, int, int]]] = []
        for u in range(n):
            champ = bool(sd[u, S_CHAMPION])  # through the first front contact with models touching
            per = []
            for v, fu, fv in self.links[u]:
                f = start_fighters(model, u, v, self.models, fu, fv, champ)
                champ = champ and not f[3]
                per.append(f)
            self.fighters.append(per)
        self.slot = {(u, v): k for u in range(n) for k, (v, _, _) in enumerate(self.links[u])}
        # a contact takes casualties up to its rank-and-file fighters, front then supporting
        self.cap = [[f[0] + f[1] for f in per] for per in self.fighters]

    def with_fighters(self, fighters: list[list[tuple[int, int, int, int]]]) -> _Setup:
        """A copy of the set-up with other fighters (a stupidity case)."""
        other = object.__new__(_Setup)
        other.__dict__.update(self.__dict__)
        other.fighters = fighters
        other.cap = [[f[0] + f[1] for f in per] for per in fighters]
        return other

    def allocate(self, v: int, k: int, lost: int, x: tuple[int, ...]) -> tuple[int, ...]:
        """Casualties ``lost`` of unit ``v`` through its contact ``k``: that one first (§1.2)."""
        out = list(x)
        for j in [k, *(j for j in range(len(x)) if j != k)]:
            take = min(lost, self.cap[v][j] - out[j])
            out[j] += take
            lost -= take
            if lost == 0:
                break
        return tuple(out)


def _strike(states: dict[State, float], st: _Setup, u: int, g: int,
            cache: dict[tuple[int, int, int, int], np.ndarray],
            chains: list[dict[int, WoundChain]]) -> dict[State, float]:
    """Group ``g`` of unit ``u`` strikes through each of its contacts, in contact order."""
    model = st.model
    sd = model.sides
    for k, (v, _fu, _fv) in enumerate(st.links[u]):
        row = model.groups[u, v, g, 0]
        if not row[G_ACTIVE]:
            continue
        kv = st.slot[(v, u)]
        out: dict[State, float] = {}
        for (hp, xs), p in states.items():
            n = group_attacks(row, g, st.fighters[u][k], xs[u][k], hp[u] > 0,
                              int(sd[u, S_FRENZY]))
            if n == 0 or hp[v] == 0:
                out[(hp, xs)] = out.get((hp, xs), 0.0) + p
                continue
            key = (v, g, n, u)
            if key not in cache:
                cache[key] = damage_matrix(row, g, n, st.w[v], st.hp[v] + 1, chains[v])
            dist = cache[key][hp[v]]
            m0 = models_left(hp[v], st.w[v])
            for h2 in np.nonzero(dist)[0].tolist():
                lost = m0 - models_left(h2, st.w[v])
                nhp = (*hp[:v], h2, *hp[v + 1:])
                nxs = (*xs[:v], st.allocate(v, kv, lost, xs[v]), *xs[v + 1:]) if lost else xs
                s2 = (nhp, nxs)
                out[s2] = out.get(s2, 0.0) + p * float(dist[h2])
        states = out
        if len(states) > MAX_STATES:
            raise OverflowError
    return states


def _side_strikes(states: dict[State, float], st: _Setup, slots: list[int], cache, chains
                  ) -> dict[State, float]:
    for slot in slots:
        states = _strike(states, st, slot // N_GROUPS, slot % N_GROUPS, cache, chains)
    return states


def _run(model: CombatModel, st: _Setup, steps: list[tuple[list[int], list[int]]], cache,
         chains) -> dict[tuple[int, ...], float]:
    """The strike steps of the first round from full wounds: wounds left on every unit."""
    n = model.n_units
    states: dict[State, float] = {
        (tuple(st.hp), tuple(tuple(0 for _ in st.links[u]) for u in range(n))): 1.0}
    for side0, side1 in steps:
        if side0 and side1:  # equal keys: a roll-off in the first round (§1.2)
            a = _side_strikes(_side_strikes(states, st, side0, cache, chains), st, side1,
                              cache, chains)
            b = _side_strikes(_side_strikes(states, st, side1, cache, chains), st, side0,
                              cache, chains)
            states = {s: 0.5 * (a.get(s, 0.0) + b.get(s, 0.0)) for s in a.keys() | b.keys()}
        else:
            states = _side_strikes(states, st, side0 or side1, cache, chains)
    final: dict[tuple[int, ...], float] = {}
    for (hp, _), p in states.items():
        final[hp] = final.get(hp, 0.0) + p
    return final


def _final_states(model: CombatModel, st: _Setup, regen: list[bool]
                  ) -> dict[tuple[int, ...], float] | None:
    """Wounds left on every unit after the first round (stupidity mixed, regeneration)."""
    sd = model.sides
    n = model.n_units
    steps = strike_steps(model)
    cache: dict[tuple[int, int, int, int], np.ndarray] = {}
    chains: list[dict[int, WoundChain]] = [{} for _ in range(n)]
    final: dict[tuple[int, ...], float] = {}
    try:
        for weight, fighters in stupidity_cases(model, st.fighters):
            if weight <= 0.0:
                continue
            for hp, p in _run(model, st.with_fighters(fighters), steps, cache, chains).items():
                final[hp] = final.get(hp, 0.0) + weight * p
    except OverflowError:
        return None
    for u in range(n):  # end of the phase: regeneration of every wound suffered (§1.6)
        if not regen[u]:
            continue
        q = float(dice.d6_at_least(int(sd[u, S_REGEN])))
        nxt: dict[tuple[int, ...], float] = {}
        for hp, p in final.items():
            back = binomial(st.hp[u] - hp[u], q)
            for j, pj in enumerate(back):
                key = (*hp[:u], hp[u] + j, *hp[u + 1:])
                nxt[key] = nxt.get(key, 0.0) + p * pj
        final = nxt
    return final


MAX_HELD_PAIRS = 4
"""Most charge pairs with a fear test :func:`charge_held_parts` mixes (2 ** n models)."""


def charge_held_parts(model: CombatModel) -> list[tuple[float, CombatModel]] | None:
    """The first round's models after the tests at the charge, when nobody can leave (§3.3).

    When no charger tests, no charged unit tests panic and no failed fear test makes a unit
    flee (fear, not terror, of a charger of no greater unit strength), every test at the
    charge ends with the charged unit fighting: passed, as usual; failed, hitting that
    charger only on 6s in the first round.  Returns every combination of passed and failed
    tests, weighted by its probability, as models without tests (``F_PAIRS`` 0) whose
    failed tests' to-hit rolls are 6; None when a test could remove a unit from the combat
    or more than :data:`MAX_HELD_PAIRS` tests are due.
    """
    f = model.flags
    tests = []
    for k in range(int(f[F_PAIRS])):
        row = f[F_PAIR + N_PAIR * k: F_PAIR + N_PAIR * (k + 1)]
        if row[PR_CHARGER_LD] or row[PR_PANIC_LD]:
            return None
        if row[PR_TARGET_LD]:
            if row[PR_TERROR] or row[PR_SMALLER]:
                return None
            hold = float(dice.p_at_most(dice.leadership_pmf(bool(row[PR_TARGET_COLD])),
                                        int(row[PR_TARGET_LD])))
            if row[PR_TARGET_REROLL]:
                hold = 1 - (1 - hold) ** 2
            tests.append((int(row[PR_TARGET]), int(row[PR_CHARGER]), hold))
    if len(tests) > MAX_HELD_PAIRS:
        return None
    flags = f.copy()
    flags[F_PAIRS] = 0
    host = model.sides[:, S_HOST]
    parts = []
    for failed in itertools.product((False, True), repeat=len(tests)):
        w = 1.0
        groups = model.groups.copy()
        for (tgt, chg, hold), fail in zip(tests, failed, strict=True):
            w *= (1 - hold) if fail else hold
            if not fail:
                continue
            for b in range(groups.shape[0]):  # the charged unit and its characters
                if b != tgt and host[b] != tgt:
                    continue
                for v in range(groups.shape[1]):  # against the charger and its characters
                    if v != chg and host[v] != chg:
                        continue
                    rows = groups[b, v, :, 0]  # round kind 0: the first round
                    for col in (G_HIT, G_STD_HIT):
                        rows[:, col] = np.where(rows[:, col] < 7, 6, rows[:, col])
        parts.append((w, dataclasses.replace(model, flags=flags, groups=groups)))
    return parts


def first_round_exact_multi(model: CombatModel) -> dict[str, Any] | None:
    """Exact first round of a combat with several units per side.

    Parameters
    ----------
    model : CombatModel
        From :func:`odds.combat.model.build_units` (no characters).

    Returns
    -------
    dict or None
        ``{"side": {"side0_wins", "draw", "side1_wins"}, "breaks": [P(unit u
        breaks in round 1)], "wounds": [pmf of wounds caused by side 0, by
        side 1]}``; None where it does not apply (see the module notes).
    """
    if model.mixture:  # a roll before the combat (chaos family: "Mutaciones")
        return mix_results([(w, first_round_exact_multi(m)) for w, m in model.mixture])
    if model.flags[F_PAIRS] > 0:
        held = charge_held_parts(model)
        if held is None:
            return None  # a test at the charge may decide who fights: kernel only
        return mix_results([(w, first_round_exact_multi(m)) for w, m in held])
    parts = first_round_parts(model)
    if parts is None:
        return None
    if parts:
        return mix_results([(w, first_round_exact_multi(m)) for w, m in parts])
    sd = model.sides
    n = model.n_units
    if (0 <= model.n_regiments < n or (sd[:, S_FEAR] == 2).any()
            or (sd[:, S_STANDARD] == 2).any()):
        return None  # (fear while the standard is carried, a 1D3 standard: kernel only)
    st = _Setup(model)
    regen = [regenerates(model, u, [v for v, _, _ in st.links[u]]) for u in range(n)]
    if any(r is None for r in regen):
        return None  # killing or flaming blows on a regenerating unit
    final = _final_states(model, st, [bool(r) for r in regen])
    if final is None:
        return None
    return _tally(model, st, final)


def _tally(model: CombatModel, st: _Setup, final: dict) -> dict[str, Any]:
    """The round's result, break chances and wound laws from its final wound states."""
    sd = model.sides
    n = model.n_units
    side = [int(sd[u, S_SIDE]) for u in range(n)]
    cancelled, ranks = _ranks(model, st, side)
    side_ev = {"side0_wins": 0.0, "draw": 0.0, "side1_wins": 0.0}
    breaks = [0.0] * n
    top = [sum(st.hp[u] for u in range(n) if side[u] == 1 - s) for s in (0, 1)]
    scored = [np.zeros(top[0] + 1), np.zeros(top[1] + 1)]
    for hp, p in final.items():
        m = [models_left(hp[u], st.w[u]) for u in range(n)]
        wounds = [sum(st.hp[u] - hp[u] for u in range(n) if side[u] == 1 - s) for s in (0, 1)]
        for s in (0, 1):
            scored[s][wounds[s]] += p
        us = [sum(m[u] * int(sd[u, S_US]) for u in range(n) if side[u] == s) for s in (0, 1)]
        if us[0] == 0 or us[1] == 0:
            side_ev["side0_wins" if us[1] == 0 < us[0] else
                    "side1_wins" if us[0] == 0 < us[1] else "draw"] += p
            continue
        margin = _margin(model, st, side, m, us, [wounds[s] + ranks[s] for s in (0, 1)])
        if margin == 0:
            side_ev["draw"] += p
            continue
        side_ev["side0_wins" if margin > 0 else "side1_wins"] += p
        loser = 1 if margin > 0 else 0
        for u in range(n):
            if side[u] == loser and m[u] > 0:
                breaks[u] += p * _break_chance(model, st, u, m, us[loser], cancelled[u],
                                               abs(margin))
    return {"side": side_ev, "breaks": breaks, "wounds": scored}


def _ranks(model: CombatModel, st: _Setup, side: list[int]) -> tuple[list[bool], list[int]]:
    """Whose ranks a US >= 5 enemy on its flank or rear cancels, and each side's rank bonus.

    Ranks count at the start of the round (RULES.md §2.2).
    """
    sd = model.sides
    n = model.n_units
    cancelled = [False] * n
    for u in range(n):
        for v, _fu, fv in st.links[u]:
            if fv != FRONT and st.models[u] * sd[u, S_US] >= 5 and not sd[u, S_NO_RANK_CANCEL]:
                cancelled[v] = True
    ranks = [max([int(model.ranks[u, st.models[u]]) for u in range(n)
                  if side[u] == s and not cancelled[u]] or [0]) for s in (0, 1)]
    return cancelled, ranks


def _margin(model: CombatModel, st: _Setup, side: list[int], m: list[int], us: list[int],
            scored: list[int]) -> int:
    """Side 0's combat-result margin over side 1 with ``m`` models left in each unit.

    ``scored`` holds each side's wounds caused plus its rank bonus; the standards, the
    flank and rear bonuses (read at the end of the round, as the kernel does), the
    outnumbering point and the musician's tie-break are added here.
    """
    sd = model.sides
    std, mus, flank, rear = [0, 0], [False, False], [0, 0], [0, 0]
    for u in range(model.n_units):
        if m[u] == 0:
            continue
        champ, has_std = int(sd[u, S_CHAMPION] != 0), int(sd[u, S_STANDARD] != 0)
        std[side[u]] |= has_std and m[u] >= 1 + champ
        mus[side[u]] |= bool(sd[u, S_MUSICIAN]) and m[u] >= 1 + champ + has_std
        if m[u] * sd[u, S_US] < 5:
            continue
        for v, _fu, fv in st.links[u]:
            if m[v] > 0 and fv != FRONT and not sd[v, S_NO_FLANK_BONUS]:
                (flank if fv == FLANK else rear)[side[u]] += 1
    bonus = []
    for s in (0, 1):
        if model.flags[F_FLANK_BOTH]:
            b = (flank[s] > 0) + 2 * (rear[s] > 0)
        else:
            b = (flank[s] > flank[1 - s]) + 2 * (rear[s] > rear[1 - s])
        bonus.append(scored[s] + std[s] + b + int(model.side_bonus[s]))
    margin = bonus[0] + (us[0] > us[1]) - bonus[1] - (us[1] > us[0])
    if margin == 0 and model.flags[F_MUSICIAN] and mus[0] != mus[1]:
        margin = 1 if mus[0] else -1
    return int(margin)


def _break_chance(model: CombatModel, st: _Setup, u: int, m: list[int], us_side: int,
                  cancelled: bool, margin: int) -> float:
    """The chance that unit ``u`` of the losing side breaks, lost by ``margin``.

    It breaks at once when outnumbered by fear-causing enemies in contact and not immune
    (RULES.md §3.2 step 3), else it takes its break test.
    """
    sd = model.sides
    fear_us = sum(m[v] * int(sd[v, S_US]) for v, _, _ in st.links[u] if sd[v, S_FEAR])
    elf_us = sum(m[v] * int(sd[v, S_US]) for v, _, _ in st.links[u] if sd[v, S_ELF])
    if sd[u, S_FEARS_ELVES] and 0 < elf_us and us_side <= 2 * elf_us:
        # MDNR "Miedo a los orejotaz": friends in the combat at most twice the elves
        fear_us += sum(m[v] * int(sd[v, S_US]) for v, _, _ in st.links[u]
                       if sd[v, S_ELF] and not sd[v, S_FEAR])
    us_u = m[u] * int(sd[u, S_US])
    if (not sd[u, S_UNBREAKABLE] and not sd[u, S_UNSTABLE] and not sd[u, S_FEAR]
            and not sd[u, S_INSTABILITY] and not sd[u, S_FEARLESS]
            and not sd[u, S_ITP] and us_u < fear_us
            and not (sd[u, S_IMPETUOUS] and sd[u, S_CHARGED])):  # "Impetuosos"
        return 1.0
    own = 0 if cancelled else int(model.ranks[u, st.models[u]])
    return float(break_probability(model, u, margin, 1, 0, own))
