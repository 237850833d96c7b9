"""One blow's thresholds (RULES.md §1.5, §1.6) and the expected unsaved wounds of an attack.

The to-hit roll bounded, the armour save after Strength, the multiple-wound codes, and the
expected unsaved wounds of one model of an attack group, used to choose between attacks
(vomit, slayer weapons).
"""

from __future__ import annotations

import numpy as np

from odds import rules
from odds.combat.model.layout import (
    G_ATTACKS,
    G_COLD,
    G_FRENZY_A,
    G_HIT,
    G_KB,
    G_MW,
    G_POISON,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
)

_MW_CODE = {"": 0, "2": 1, "d3": 2, "d6": 3}
_MW_DOUBLED = {0: 1, 1: 6, 2: 4, 3: 5, 7: 7}  # gst "Inflamable": wounds from flaming attacks x2

MW_ALL = 7
"""``G_MW`` code of a wound that takes all the current model's remaining wounds."""

ALL_WOUNDS = 1 << 20
"""The wounds an ``MW_ALL`` wound makes before the cap at the current model's remaining
wounds: more than any model has."""

WRECKING_STRENGTH = 7
"""The Strength from which a wound destroys a chariot (RULES.md §1.12)."""


def wreck_chariot(row: np.ndarray, enemy_is_chariot: bool, strength: int) -> None:
    """Make the blows of ``row`` (Strength ``strength``) wreck a chariot (RULES.md §1.12).

    Game system "Carro": "Resulta destruido por cualquier herida de Fuerza 7 o más": an
    unsaved wound of Strength 7 or more allows no armour save and takes every wound the
    chariot has left (``MW_ALL``; all of them count towards the combat result, the digest's
    default); a ward save is still taken.
    """
    if enemy_is_chariot and strength >= WRECKING_STRENGTH:
        row[G_SAVE] = rules.IMPOSSIBLE
        row[G_MW] = MW_ALL


def clamp_hit(needed: int) -> int:
    """The to-hit roll needed, as the kernel reads it: 0 automatic, 2..6, 7 impossible."""
    if needed == rules.AUTOMATIC:
        return 0
    return min(6, max(2, needed)) if needed < rules.IMPOSSIBLE else rules.IMPOSSIBLE


def save_needed(base: int, strength: int, armour_piercing: bool) -> int:
    """The armour save needed after the Strength modifier: 2..6, 7 none (a natural 1 fails)."""
    if base >= rules.IMPOSSIBLE:
        return rules.IMPOSSIBLE
    need = base - rules.strength_save_modifier(strength) + (1 if armour_piercing else 0)
    return rules.IMPOSSIBLE if need >= rules.IMPOSSIBLE else max(2, need)


_MW_MEAN = {0: 1.0, 1: 2.0, 2: 2.0, 3: 3.5, 4: 4.0, 5: 7.0, 6: 4.0,
            MW_ALL: 10.0}  # MW_ALL: a whole chariot, more than any other code (a choice only)


def expected_unsaved(row: np.ndarray, frenzied: bool = False) -> float:
    """Expected unsaved wounds of one fighting model of an attack-group row (``G_*``).

    Hits (automatic, rolled, re-rolled), poison (a natural to-hit roll at or above
    ``G_POISON`` wounds automatically), wounds, killing blow (a 6 to wound slays, no armour
    save), armour and ward saves and the mean of multiple wounds, and the extra wound of each
    6 to hit with ``G_COLD`` ("Arma de frío"); random attacks are not counted.  Used to
    choose an attack, not as a probability of the combat.
    """
    attacks = int(row[G_ATTACKS]) + (int(row[G_FRENZY_A]) if frenzied else 0)
    hit = int(row[G_HIT])

    def p_at_least(need: int) -> float:
        return 0.0 if need >= rules.IMPOSSIBLE else (7 - max(1, need)) / 6

    poison = p_at_least(int(row[G_POISON])) if hit > 0 else 0.0
    p_hit = 1.0 if hit == 0 else p_at_least(hit)
    p_plain = max(0.0, p_hit - poison)  # hits that roll to wound
    if hit > 0 and row[G_REROLL]:
        p_plain, poison = p_plain * (2 - p_hit), poison * (2 - p_hit)
    fail = (1.0 - p_at_least(int(row[G_SAVE]))) * (1.0 - p_at_least(int(row[G_WARD])))
    p_wound = p_at_least(int(row[G_WOUND]))
    kb = 1 / 6 if row[G_KB] and p_wound > 0 else 0.0
    per_hit = (p_wound - kb) * fail * _MW_MEAN[int(row[G_MW])] + kb * (
        1.0 - p_at_least(int(row[G_WARD])))
    per_poison = fail * _MW_MEAN[int(row[G_MW])]
    cold = 0.0
    if row[G_COLD] and 0 < hit < rules.IMPOSSIBLE:  # "Arma de frío": a wound per 6 to hit
        six = (1 / 6) * (1 + (1 - p_hit) if row[G_REROLL] else 1)
        cold = six * (1.0 - p_at_least(int(row[G_COLD]))) * (1.0 - p_at_least(int(row[G_WARD])))
    return attacks * (p_plain * per_hit + poison * per_poison + cold)
