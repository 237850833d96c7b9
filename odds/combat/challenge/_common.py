"""Shared constants of the challenge oracle (see :mod:`odds.combat.challenge`)."""

from __future__ import annotations

from fractions import Fraction

from odds import rules

OVERKILL_CAP = 5
"""Maximum overkill bonus per challenge round (§1.9, §2.2; sources 000, 004)."""

_IMPOSSIBLE = rules.IMPOSSIBLE
_CAT_ASF, _CAT_CHARGER, _CAT_INITIATIVE, _CAT_ASL = 1, 2, 3, 4  # §1.2 steps (impact = 0)
_MAX_WOUNDS = 10
_CEIL = _MAX_WOUNDS + OVERKILL_CAP + 1
"""Counts of wounds above this cannot change a round's outcome; they are capped here."""

_HALF = Fraction(1, 2)

