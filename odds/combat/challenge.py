"""Exact oracle for challenges: one round of a duel, and a duel to the death.

A challenge (``RULES.md`` §1.9; MDNR chapter "Personajes y combate", source
``004_f3d78ddcef64c5b2.txt``) is a duel between two characters (or
champions) fought inside a combat: nobody else may attack them, their mounts
fight only the opponent, and the wounds they score count for combat result
with *overkill* ("Acobardamiento"): wounds beyond those needed to slay the
opponent still count, +1 each, up to +5 (source ``000_3e04c720ac9de02d.txt``
"+1 por Acobardamiento"; source 004 "¡Acobardamiento!").

This module is pure Python (no numba) and exact: every probability is a
:class:`fractions.Fraction`, obtained by enumerating the distribution of the
per-attack outcomes.  It is meant as the oracle the close-combat engine is
tested against (issue 4 §5) and as a quick exact answer for a duel.

What is exact and how
---------------------
* One attack has three outcomes: nothing, an unsaved *ordinary* wound, an
  unsaved *killing-blow* wound (§1.5 pipeline hit → wound → armour → ward;
  §1.6 poison, killing blow, hatred).  Their probabilities are exact
  fractions of 6**k.
* The attacks of one side at one strike step (rider and mount at the same
  Initiative strike together) are independent trials: the numbers of
  ordinary and killing-blow wounds are multinomial, and the ordinary wounds'
  multiple-wound rolls (``"2"``, D3, D6) are summed exactly.  Only the
  totals matter to the rules, so the enumeration is over (killing blows,
  sum of ordinary wounds), both capped where larger values cannot change the
  outcome any more (remaining wounds + overkill cap).
* The round is a sequence of strike steps (§1.2); the joint state
  (wounds left on a, on b, overkill scored by a, by b) is carried exactly
  through the steps; a tie between the two sides at one step is a fair
  roll-off (both orders, probability 1/2 each) unless a previous-round
  winner is given.  Nothing is sampled and nothing is rounded.

Modelling conventions (documented choices)
------------------------------------------
* Strike order (§1.2) as in :mod:`odds.combat.model`: always-strikes-first,
  then the charger, then Initiative, then strikes-last (the
  always-strikes-last *rule* holds even on the charge; a strikes-last
  *weapon* strikes with the chargers on the turn it charges); higher
  Initiative first inside a step; ties across the sides by roll-off (first
  round: nobody won a previous round).  Impact hits are not part of a duel
  (source 004: a chariot's impact hits go against the unit).
* The mount (cavalry steed) strikes at its own Initiative, uses the
  rider's always-strikes-first and charge but none of the rider's special
  attacks (hatred, poison, killing blow, armour piercing, multiple wounds);
  it is not a separate target: the duellist is one model with the rider's
  Toughness, Wounds and save (a ridden monster with its own Wounds is out
  of scope).  A slain rider's mount does not strike.
* Late overkill: source 004 lets a part of a model that is still alive
  attack the opponent "incluso aunque haya sido retirado como baja a causa
  de los ataques de otra parte en la misma Fase de Combate (situación donde
  las heridas adicionales son importantes)".  So the killer's later steps
  (e.g. its mount at a lower Initiative) still roll, and every unsaved wound
  they score is overkill (``late_overkill=True``, the default).
* Killing blow in a challenge: the MDNR recommendation (source 004,
  "Acobardamiento y Golpe Letal"): the first unsaved killing-blow wound of
  a batch scores all the victim's remaining wounds; every other unsaved
  killing-blow wound is +1 overkill; the batch's unsaved ordinary wounds
  are all excess wounds, each counting its multiple-wound value ("Esto
  también ocurre con ataques que causan Heridas Múltiples"), see
  :func:`killing_blow_score`.  Killing blow needs a man-sized victim
  (:attr:`Duellist.man_sized`, §1.6).
* Overkill cap: +5 per victim per round, whatever the number of steps.
* Regeneration, frenzy, fear and magic items are not modelled.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import factorial
from typing import NamedTuple

from odds import rules
from odds.units import MountProfile, Profile
from odds.validation import OddsInputError, choice, flag, integer

__all__ = [
    "OVERKILL_CAP",
    "ChallengeScore",
    "DuelRound",
    "DuelToTheDeath",
    "Duellist",
    "duel_round_exact",
    "duel_to_the_death_exact",
    "killing_blow_score",
    "overkill_score",
]

OVERKILL_CAP = 5
"""Maximum overkill bonus per challenge round (§1.9, §2.2; sources 000, 004)."""

_IMPOSSIBLE = rules.IMPOSSIBLE
_CAT_ASF, _CAT_CHARGER, _CAT_INITIATIVE, _CAT_ASL = 1, 2, 3, 4  # §1.2 steps (impact = 0)
_MAX_WOUNDS = 10
_CEIL = _MAX_WOUNDS + OVERKILL_CAP + 1
"""Counts of wounds above this cannot change a round's outcome; they are capped here."""

_HALF = Fraction(1, 2)


# --------------------------------------------------------------------------- scoring


class ChallengeScore(NamedTuple):
    """Combat-result points scored on a challenge opponent.

    Attributes
    ----------
    wounds : int
        Wounds actually inflicted (never more than the victim had left).
    overkill : int
        Overkill bonus ("Acobardamiento"), 0..cap.
    """

    wounds: int
    overkill: int

    @property
    def total(self) -> int:
        """Points added to the combat result: ``wounds + overkill``."""
        return self.wounds + self.overkill


def _wound_values(name: str, value: object) -> list[int]:
    """Unsaved wounds as a list of sizes: an int ``n`` means ``n`` single wounds."""
    if isinstance(value, bool):
        raise OddsInputError(f"{name}: must be a count or a list of wound sizes (got {value!r})")
    if isinstance(value, int):
        return [1] * integer(name, value, low=0)
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise OddsInputError(f"{name}: must be a count or a list of wound sizes (got {value!r})")
    out = []
    for i, w in enumerate(value):
        out.append(integer(f"{name}[{i}]", w, low=1))
    return out


def overkill_score(
    wounds_rolled: int | Iterable[int], remaining: int, *, cap: int = OVERKILL_CAP
) -> ChallengeScore:
    """Combat-result points of unsaved wounds on a challenge opponent (no killing blow).

    RULES.md §1.9 and §2.2; source 000 ("+1 por Acobardamiento ... hasta un
    máximo de +5") and source 004 ("¡Acobardamiento!"): the wounds up to the
    victim's remaining wounds are inflicted; every wound beyond is +1
    overkill, at most ``cap``.  Multiple wounds are rolled uncapped for
    overkill (source 004: "Esto también ocurre con ataques que causan
    Heridas Múltiples"), so pass each unsaved wound's rolled size.

    Parameters
    ----------
    wounds_rolled : int or iterable of int
        The unsaved wounds: a count of single wounds, or one size (>= 1)
        per unsaved wound after its multiple-wound roll.
    remaining : int
        Wounds the victim has left, >= 0 (0: already slain this round by
        another part of the same model; everything is overkill).
    cap : int, optional
        Overkill cap, >= 0 (default :data:`OVERKILL_CAP`).

    Returns
    -------
    ChallengeScore

    Examples
    --------
    Source 004: "si un Personaje desafía a otro (a quien le queden 2 heridas)
    y causa 5 heridas, realmente le habrá causado 2 heridas, pero las 3
    restantes cuentan como un +3":

    >>> overkill_score(5, 2)
    ChallengeScore(wounds=2, overkill=3)
    """
    sizes = _wound_values("wounds_rolled", wounds_rolled)
    r = integer("remaining", remaining, low=0)
    c = integer("cap", cap, low=0)
    total = sum(sizes)
    return ChallengeScore(min(total, r), min(c, max(0, total - r)))


def killing_blow_score(
    killing_blows: int,
    other_wounds: int | Iterable[int],
    remaining: int,
    *,
    cap: int = OVERKILL_CAP,
) -> ChallengeScore:
    """Combat-result points of a batch of unsaved wounds including killing blows.

    The MDNR recommendation (source 004, "Acobardamiento y Golpe Letal";
    RULES.md §1.9): "consideres el primer Golpe Letal no salvado como
    'elimina todas las Heridas restantes del objetivo', y el resto de
    heridas no salvadas como heridas en exceso, independientemente de si
    también eran resultados de 6 natural al herir".  So, when at least one
    killing blow is unsaved, the victim takes all its remaining wounds and
    the other unsaved killing blows are +1 overkill each; the unsaved
    ordinary wounds are all excess, each counting its (multiple-wound) size.
    "Si todos los Golpes Letales son salvados, sencillamente el resto de
    heridas siguen el procedimiento habitual": with no unsaved killing blow
    this is :func:`overkill_score`.

    Parameters
    ----------
    killing_blows : int
        Unsaved killing-blow wounds (natural 6 to wound, ward failed), >= 0.
    other_wounds : int or iterable of int
        The unsaved ordinary wounds, as in :func:`overkill_score`.
    remaining : int
        Wounds the victim has left, >= 0.  At 0 (already slain this round)
        there is nothing left to remove and every unsaved wound, killing
        blows included, is +1 overkill (ordinary ones their size).
    cap : int, optional
        Overkill cap, >= 0.

    Returns
    -------
    ChallengeScore

    Examples
    --------
    Source 004: a six and three fives to wound (all unsaved) on a model with
    3 wounds left: 3 wounds + 3 overkill.

    >>> killing_blow_score(1, 3, 3)
    ChallengeScore(wounds=3, overkill=3)
    """
    kb = integer("killing_blows", killing_blows, low=0)
    sizes = _wound_values("other_wounds", other_wounds)
    r = integer("remaining", remaining, low=0)
    c = integer("cap", cap, low=0)
    if kb == 0:
        return overkill_score(sizes, r, cap=c)
    if r == 0:
        return ChallengeScore(0, min(c, kb + sum(sizes)))
    return ChallengeScore(r, min(c, kb - 1 + sum(sizes)))


# --------------------------------------------------------------------------- duellists


@dataclass(frozen=True)
class Duellist:
    """One participant of a challenge: a character or champion, maybe mounted.

    Parameters
    ----------
    name : str
        Label used in reports.
    profile : odds.units.Profile
        WS S T W I A are used (M BS Ld are not).
    weapon : str
        A key of :data:`odds.rules.WEAPONS` (§1.7).  Mounted-only weapons
        (lances) need a ``mount``; foot-only weapons forbid one.
    armour_save : int
        Final armour save as a roll needed, -5..7 (7 = none), with every
        equipment and mount bonus already applied (§1.5).  The attacker's
        Strength and armour piercing modify it.
    ward : int
        Ward save: 0 = none, else the roll needed 2..6 (§1.5).
    always_strikes_first, always_strikes_last : bool
        §1.2 (ASF wins if both).
    hatred : bool
        Re-roll missed to-hit rolls in the first round (§1.6).
    killing_blow : bool
        Natural 6 to wound slays a man-sized opponent (§1.6, §1.9).
    poisoned : int
        0 = no, else 5 or 6: that natural to-hit roll wounds automatically.
    multiple_wounds : str
        ``""``, ``"2"``, ``"d3"`` or ``"d6"`` (§1.6), rolled uncapped for
        overkill.
    armour_piercing : bool
        A further -1 to the opponent's armour save (§1.5).
    mount : odds.units.MountProfile, optional
        The steed (WS S I A, ``count`` steeds): it attacks only the opponent.
    man_sized : bool
        The model is man-sized (infantry, cavalry rider): killing blow works
        on it (§1.6).  False for monsters and the like.
    """

    name: str
    profile: Profile
    weapon: str = "hand_weapon"
    armour_save: int = 7
    ward: int = 0
    always_strikes_first: bool = False
    always_strikes_last: bool = False
    hatred: bool = False
    killing_blow: bool = False
    poisoned: int = 0
    multiple_wounds: str = ""
    armour_piercing: bool = False
    mount: MountProfile | None = None
    man_sized: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise OddsInputError(f"name: must be a non-empty string (got {self.name!r})")
        if not isinstance(self.profile, Profile):
            raise OddsInputError(
                f"profile: must be an odds.units.Profile (got {type(self.profile).__name__})")
        choice("weapon", self.weapon, tuple(rules.WEAPONS))
        integer("armour_save", self.armour_save, low=-5, high=7)
        ward = integer("ward", self.ward, low=0, high=6)
        if ward == 1:
            raise OddsInputError("ward: must be 0 (none) or a roll needed 2..6 (got 1)")
        for key in ("always_strikes_first", "always_strikes_last", "hatred", "killing_blow",
                    "armour_piercing", "man_sized"):
            flag(key, getattr(self, key))
        if self.poisoned not in (0, 5, 6) or isinstance(self.poisoned, bool):
            raise OddsInputError(f"poisoned: must be 0, 5 or 6 (got {self.poisoned!r})")
        choice("multiple_wounds", self.multiple_wounds, rules.MULTIPLE_WOUNDS)
        if self.mount is not None and not isinstance(self.mount, MountProfile):
            raise OddsInputError(
                f"mount: must be None or an odds.units.MountProfile "
                f"(got {type(self.mount).__name__})")
        w = rules.WEAPONS[self.weapon]
        if w.mounted_only and self.mount is None:
            raise OddsInputError(f"weapon: {self.weapon!r} is for mounted models only"
                                 f" (mount is None)")
        if w.foot_only and self.mount is not None:
            raise OddsInputError(f"weapon: {self.weapon!r} is for models on foot only"
                                 f" (a mount is given)")


# --------------------------------------------------------------------------- one attack


def _p_at_least(need: int) -> Fraction:
    """P(D6 >= need); 1 or less is certain, 7 or more impossible."""
    if need <= 1:
        return Fraction(1)
    if need >= 7:
        return Fraction(0)
    return Fraction(7 - need, 6)


def _clamp_hit(needed: int) -> int:
    if needed == rules.AUTOMATIC:
        return 0
    return min(6, max(2, needed)) if needed < _IMPOSSIBLE else _IMPOSSIBLE


def _save_needed(base: int, strength: int, armour_piercing: bool) -> int:
    need = rules.modified_save(base, strength, armour_piercing)
    return _IMPOSSIBLE if need >= _IMPOSSIBLE else max(2, need)  # natural 1 fails


def _attack_outcome(hit: int, reroll: bool, poison: int, wound: int, kb: bool, save: int,
                    ward: int) -> tuple[Fraction, Fraction]:
    """(P(unsaved ordinary wound), P(unsaved killing-blow wound)) of one attack.

    ``hit``: 0 automatic, 2..6, 7 impossible; ``poison``: natural to-hit roll
    that wounds automatically (7 none); ``wound``: 2..6 or 7; ``save``,
    ``ward``: rolls needed (7 none).
    """
    if hit >= _IMPOSSIBLE:
        return Fraction(0), Fraction(0)
    if hit == 0:  # automatic hit: no roll, so no poison and nothing to re-roll
        p_norm, p_pois = Fraction(1), Fraction(0)
    else:
        p_hit = _p_at_least(hit)
        p_pois = _p_at_least(max(hit, poison)) if poison < _IMPOSSIBLE else Fraction(0)
        p_norm = p_hit - p_pois
        if reroll:  # re-roll the misses once: each outcome gains miss * itself
            miss = 1 - p_hit
            p_norm, p_pois = p_norm * (1 + miss), p_pois * (1 + miss)
    p_wound = _p_at_least(wound)
    p_six = Fraction(1, 6) if (kb and wound < _IMPOSSIBLE) else Fraction(0)
    fail_save = 1 - _p_at_least(save)
    fail_ward = 1 - _p_at_least(ward)
    ordinary = (p_norm * (p_wound - p_six) + p_pois) * fail_save * fail_ward
    killing = p_norm * p_six * fail_ward  # no armour save against killing blow
    return ordinary, killing


@dataclass(frozen=True)
class _Part:
    """Rider or mount of side ``side``: its attacks against the opponent."""

    side: int
    key: int
    attacks: int
    p_ord: Fraction
    p_kb: Fraction
    mw: str


def _key(category: int, initiative: int) -> int:
    return category * 16 + (10 - initiative)


def _parts(d: Duellist, e: Duellist, side: int, charging: bool, first_round: bool) -> list[_Part]:
    """The attacking parts of ``d`` against ``e`` in this round (§1.2-§1.7)."""
    out = []
    p, w = d.profile, rules.WEAPONS[d.weapon]
    ward = e.ward or _IMPOSSIBLE
    if p.A > 0 and p.WS > 0:
        if d.always_strikes_first:
            cat = _CAT_ASF
        elif d.always_strikes_last:
            cat = _CAT_ASL
        elif charging:
            cat = _CAT_CHARGER
        elif w.strikes_last:
            cat = _CAT_ASL
        else:
            cat = _CAT_INITIATIVE
        s_eff = rules.weapon_strength(p.S, d.weapon, charging=charging, first_round=first_round)
        p_ord, p_kb = _attack_outcome(
            hit=_clamp_hit(rules.to_hit(p.WS, e.profile.WS)),
            reroll=d.hatred and first_round,
            poison=d.poisoned or _IMPOSSIBLE,
            wound=max(2, rules.to_wound(s_eff, e.profile.T)),
            kb=d.killing_blow and e.man_sized,
            save=_save_needed(e.armour_save, s_eff, d.armour_piercing),
            ward=ward,
        )
        out.append(_Part(side, _key(cat, p.I), p.A + w.extra_attacks, p_ord, p_kb,
                         d.multiple_wounds))
    m = d.mount
    if m is not None and m.A > 0 and m.WS > 0:
        cat = (_CAT_ASF if d.always_strikes_first
               else _CAT_CHARGER if charging else _CAT_INITIATIVE)
        p_ord, p_kb = _attack_outcome(
            hit=_clamp_hit(rules.to_hit(m.WS, e.profile.WS)),
            reroll=False,
            poison=_IMPOSSIBLE,
            wound=max(2, rules.to_wound(m.S, e.profile.T)),
            kb=False,
            save=_save_needed(e.armour_save, m.S, False),
            ward=ward,
        )
        out.append(_Part(side, _key(cat, m.I), m.A * m.count, p_ord, p_kb, ""))
    return out


# --------------------------------------------------------------------------- batches

Batch = dict[tuple[int, int], Fraction]
"""Distribution of (unsaved killing blows, sum of unsaved ordinary wound sizes), capped."""

_MW_PMF: dict[str, dict[int, Fraction]] = {
    "": {1: Fraction(1)},
    "2": {2: Fraction(1)},
    "d3": {k: Fraction(1, 3) for k in range(1, 4)},
    "d6": {k: Fraction(1, 6) for k in range(1, 7)},
}


def _convolve(x: Mapping[int, Fraction], y: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for i, p in x.items():
        for j, q in y.items():
            out[min(_CEIL, i + j)] += p * q
    return dict(out)


def _part_batch(part: _Part) -> Batch:
    """Exact distribution of one part's unsaved wounds over its ``attacks`` attacks."""
    n = part.attacks
    p0 = 1 - part.p_ord - part.p_kb
    sums = [{0: Fraction(1)}]  # sums[k]: the sum of k multiple-wound values
    for _ in range(n):
        sums.append(_convolve(sums[-1], _MW_PMF[part.mw]))
    out: Batch = defaultdict(Fraction)
    kb_range = range(n + 1) if part.p_kb else range(1)
    for k_kb in kb_range:
        for k_ord in range(n - k_kb + 1) if part.p_ord else range(1):
            k0 = n - k_kb - k_ord
            coef = Fraction(factorial(n), factorial(k0) * factorial(k_ord) * factorial(k_kb))
            pr = coef * part.p_kb ** k_kb * part.p_ord ** k_ord * p0 ** k0
            if not pr:
                continue
            for s, ps in sums[k_ord].items():
                out[(min(_CEIL, k_kb), s)] += pr * ps
    return dict(out)


def _combine(x: Batch, y: Batch) -> Batch:
    out: Batch = defaultdict(Fraction)
    for (k1, s1), p in x.items():
        for (k2, s2), q in y.items():
            out[(min(_CEIL, k1 + k2), min(_CEIL, s1 + s2))] += p * q
    return dict(out)


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
        out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for state, p in self.outcomes.items():
            out[self._points(state)] += p
        return dict(sorted(out.items()))

    def _marginal(self, index: int) -> dict[int, Fraction]:
        out: dict[int, Fraction] = defaultdict(Fraction)
        for pts, p in self.points.items():
            out[pts[index]] += p
        return dict(sorted(out.items()))

    @property
    def points_a(self) -> dict[int, Fraction]:
        """PMF of the points a scores from the duel."""
        return self._marginal(0)

    @property
    def points_b(self) -> dict[int, Fraction]:
        """PMF of the points b scores from the duel."""
        return self._marginal(1)

    @property
    def mean_points_a(self) -> Fraction:
        """Expected points a scores (wounds on b + overkill)."""
        return sum((k * p for k, p in self.points_a.items()), Fraction(0))

    @property
    def mean_points_b(self) -> Fraction:
        """Expected points b scores (wounds on a + overkill)."""
        return sum((k * p for k, p in self.points_b.items()), Fraction(0))

    @property
    def overkill_a(self) -> dict[int, Fraction]:
        """PMF of the overkill bonus a scores (0..5)."""
        out: dict[int, Fraction] = defaultdict(Fraction)
        for (_, _, oa, _), p in self.outcomes.items():
            out[oa] += p
        return dict(sorted(out.items()))

    @property
    def overkill_b(self) -> dict[int, Fraction]:
        """PMF of the overkill bonus b scores (0..5)."""
        out: dict[int, Fraction] = defaultdict(Fraction)
        for (_, _, _, ob), p in self.outcomes.items():
            out[ob] += p
        return dict(sorted(out.items()))

    @property
    def mean_overkill_a(self) -> Fraction:
        """Expected overkill bonus scored by a."""
        return sum((k * p for k, p in self.overkill_a.items()), Fraction(0))

    @property
    def mean_overkill_b(self) -> Fraction:
        """Expected overkill bonus scored by b."""
        return sum((k * p for k, p in self.overkill_b.items()), Fraction(0))

    @property
    def mean_overkill(self) -> Fraction:
        """Expected overkill of the round, both sides together (only one side can score it)."""
        return self.mean_overkill_a + self.mean_overkill_b

    @property
    def wounds_left(self) -> dict[tuple[int, int], Fraction]:
        """PMF of (a wounds left, b wounds left) at the end of the round."""
        out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (wa, wb, _, _), p in self.outcomes.items():
            out[(wa, wb)] += p
        return dict(sorted(out.items()))


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

    a_wins, b_wins = [], []
    ok_a, ok_b = first.mean_overkill_a, first.mean_overkill_b
    alive: dict[tuple[int, int], Fraction] = {}
    pa = pb = Fraction(0)
    for (wa, wb), p in first.wounds_left.items():
        if wa == 0:
            pb += p
        elif wb == 0:
            pa += p
        else:
            alive[(wa, wb)] = p
    a_wins.append(pa)
    b_wins.append(pb)
    for _ in range(1, n):
        nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        pa = pb = Fraction(0)
        for (wa, wb), p in alive.items():
            rnd = later(wa, wb)
            ok_a += p * rnd.mean_overkill_a
            ok_b += p * rnd.mean_overkill_b
            for (xa, xb), q in rnd.wounds_left.items():
                if xa == 0:
                    pb += p * q
                elif xb == 0:
                    pa += p * q
                else:
                    nxt[(xa, xb)] += p * q
        a_wins.append(pa)
        b_wins.append(pb)
        alive = dict(nxt)
    residual = sum(alive.values(), Fraction(0))

    # infinite horizon: states ordered by total wounds (they never increase)
    value: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}  # (P(a wins), P(never))
    start = first.wounds_left
    todo = sorted({s for s in start if s[0] and s[1]}, key=sum)
    reach = set(todo)
    frontier = list(todo)
    while frontier:  # every state reachable in later rounds
        s = frontier.pop()
        for t in later(*s).wounds_left:
            if t[0] and t[1] and t not in reach:
                reach.add(t)
                frontier.append(t)
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
