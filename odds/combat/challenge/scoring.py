"""Challenge scoring: overkill and the MDNR killing-blow procedure (§1.9, source 004)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from odds.combat.challenge._common import (
    OVERKILL_CAP,
)
from odds.validation import OddsInputError, integer

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


