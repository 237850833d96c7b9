"""A duellist, the exact outcome of one of its attacks, and a strike step's batch of wounds."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import factorial

from odds import rules
from odds.combat.challenge._common import (
    _CAT_ASF,
    _CAT_ASL,
    _CAT_CHARGER,
    _CAT_INITIATIVE,
    _CEIL,
    _IMPOSSIBLE,
)
from odds.combat.model.thresholds import clamp_hit, save_needed
from odds.dice import d6_at_least
from odds.units import MountProfile, Profile
from odds.validation import OddsInputError, choice, flag, integer

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
        p_hit = d6_at_least(hit)
        p_pois = d6_at_least(max(hit, poison)) if poison < _IMPOSSIBLE else Fraction(0)
        p_norm = p_hit - p_pois
        if reroll:  # re-roll the misses once: each outcome gains miss * itself
            miss = 1 - p_hit
            p_norm, p_pois = p_norm * (1 + miss), p_pois * (1 + miss)
    p_wound = d6_at_least(wound)
    p_six = Fraction(1, 6) if (kb and wound < _IMPOSSIBLE) else Fraction(0)
    fail_save = 1 - d6_at_least(save)
    fail_ward = 1 - d6_at_least(ward)
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
            hit=clamp_hit(rules.to_hit(p.WS, e.profile.WS)),
            reroll=d.hatred and first_round,
            poison=d.poisoned or _IMPOSSIBLE,
            wound=max(2, rules.to_wound(s_eff, e.profile.T)),
            kb=d.killing_blow and e.man_sized,
            save=save_needed(e.armour_save, s_eff, d.armour_piercing or rules.weapon_shoots(
                d.weapon, first_round=first_round)),  # a pistol's shot (RULES.md §1.7)
            ward=ward,
        )
        shot = rules.weapon_shoots(d.weapon, first_round=first_round)
        out.append(_Part(side, _key(cat, p.I),
                         p.A + w.extra_attacks + (w.shot_attacks if shot else 0), p_ord, p_kb,
                         d.multiple_wounds))
    m = d.mount
    if m is not None and m.A > 0 and m.WS > 0:
        cat = (_CAT_ASF if d.always_strikes_first
               else _CAT_CHARGER if charging else _CAT_INITIATIVE)
        p_ord, p_kb = _attack_outcome(
            hit=clamp_hit(rules.to_hit(m.WS, e.profile.WS)),
            reroll=False,
            poison=_IMPOSSIBLE,
            wound=max(2, rules.to_wound(m.S, e.profile.T)),
            kb=False,
            save=save_needed(e.armour_save, m.S, False),
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


