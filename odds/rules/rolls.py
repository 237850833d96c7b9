"""Rolls needed to hit (RULES.md §1.3) and to wound (§1.4); impossible and automatic rolls."""

from __future__ import annotations

from odds.validation import integer

IMPOSSIBLE = 7
"""Needed roll meaning "cannot succeed"."""

AUTOMATIC = 0
"""Needed roll meaning "succeeds without a roll" (to hit a WS 0 model)."""


def to_hit(ws_attacker: int, ws_defender: int) -> int:
    """Roll needed to hit in close combat, weapon skill against weapon skill.

    RULES.md §1.3: 3+ if WS_att > WS_def; 4+ if WS_att <= WS_def <= 2·WS_att;
    5+ if WS_def > 2·WS_att.

    Parameters
    ----------
    ws_attacker, ws_defender : int
        Weapon skills, 0..10.

    Returns
    -------
    int
        The natural D6 needed (3, 4 or 5); ``0`` if the defender has WS 0 (hit
        automatically, §1.3 special cases); ``7`` if the attacker has WS 0 (it
        cannot attack).  An attacker with WS 0 never hits, even a WS 0 target.
        Natural 1 always misses and natural 6 always hits (caller's concern;
        irrelevant for the 3..5 values returned here).

    """
    wa = integer("ws_attacker", ws_attacker, low=0, high=10)
    wd = integer("ws_defender", ws_defender, low=0, high=10)
    if wa == 0:
        return IMPOSSIBLE
    if wd == 0:
        return AUTOMATIC
    if wa > wd:
        return 3
    if wd <= 2 * wa:
        return 4
    return 5


def to_wound(strength: int, toughness: int) -> int:
    """Roll needed to wound, Strength against Toughness.

    RULES.md §1.4: T <= S-2 → 2+; T = S-1 → 3+; T = S → 4+; T = S+1 → 5+;
    T = S+2 or S+3 → 6+; T >= S+4 → impossible ("N").  Strength 0 never wounds.

    Parameters
    ----------
    strength : int
        Attacking Strength after modifiers, 0..10.
    toughness : int
        Defender's Toughness, 1..10.

    Returns
    -------
    int
        2..6, or ``7`` when wounding is impossible.  A natural 1 always fails
        (caller's concern; never relevant since the minimum is 2).

    """
    s = integer("strength", strength, low=0, high=10)
    t = integer("toughness", toughness, low=1, high=10)
    if s == 0:
        return IMPOSSIBLE
    diff = t - s
    if diff <= -2:
        return 2
    if diff >= 4:
        return IMPOSSIBLE
    return {-1: 3, 0: 4, 1: 5, 2: 6, 3: 6}[diff]
