"""Close-combat rule tables as small pure functions (RULES.md §1.3–1.7, §2.2–2.3).

Conventions
-----------
* A *roll needed* is the minimum natural D6 face that succeeds: ``2`` means
  "2+".  ``7`` means impossible (not even a 6).  ``0`` (to hit only) means
  automatic, no roll.
* The "natural 1 always fails, natural 6 always succeeds" clauses are the
  caller's concern: a kernel that rolls against these numbers clamps the
  needed roll to ``[2, 6]`` for to-hit rolls and to ``>= 2`` for wound rolls
  and saves (``7`` stays impossible for to-wound and saves).
* Characteristics are 0..10; a modified Strength never exceeds 10
  (:func:`weapon_strength` caps it).
* Every bad argument raises :class:`odds.validation.OddsInputError`.

Modules
-------
One module per concept; each imports what it needs from the others, never from this
package's ``__init__``, which re-exports their public names:

:mod:`~odds.rules.rolls`
    To hit (§1.3), to wound (§1.4); :data:`IMPOSSIBLE` and :data:`AUTOMATIC`.
:mod:`~odds.rules.saves`
    Armour saves (§1.5): :data:`ARMOURS`, :func:`armour_save`, :func:`modified_save`.
:mod:`~odds.rules.troops`
    Troop types, unit strength (§2.3) and the rank bonus (§2.2).
:mod:`~odds.rules.weapons`
    :class:`Weapon`, the weapon table :data:`WEAPONS` (§1.7), a weapon's Strength, shot and
    fighting ranks (§1.1).
:mod:`~odds.rules.dice_expressions`
    :class:`DiceSpec`, :func:`parse_dice` and the expressions a unit accepts (impact hits,
    random attacks, multiple wounds: §1.6; random moves: §4.1).

Besides the names in ``__all__``, ``IMPOSSIBLE``, ``AUTOMATIC``, ``RANDOM_ATTACKS`` and
``RANDOM_MOVES`` are importable from here.
"""

from odds.rules.dice_expressions import (
    IMPACT_HITS,
    MULTIPLE_WOUNDS,
    DiceSpec,
    parse_dice,
)
from odds.rules.dice_expressions import RANDOM_ATTACKS as RANDOM_ATTACKS
from odds.rules.dice_expressions import RANDOM_MOVES as RANDOM_MOVES
from odds.rules.rolls import AUTOMATIC as AUTOMATIC
from odds.rules.rolls import IMPOSSIBLE as IMPOSSIBLE
from odds.rules.rolls import to_hit, to_wound
from odds.rules.saves import (
    ARMOUR_BASE_SAVE,
    ARMOURS,
    armour_save,
    modified_save,
    strength_save_modifier,
)
from odds.rules.troops import (
    FOOT_TROOP_TYPES,
    MOUNTED_TROOP_TYPES,
    SHIELD_PARRY_TROOP_TYPES,
    TROOP_TYPES,
    rank_bonus,
    unit_strength_per_model,
)
from odds.rules.weapons import (
    WEAPONS,
    Weapon,
    fighting_ranks,
    weapon_shoots,
    weapon_strength,
)

__all__ = [
    "ARMOURS",
    "ARMOUR_BASE_SAVE",
    "FOOT_TROOP_TYPES",
    "IMPACT_HITS",
    "MOUNTED_TROOP_TYPES",
    "MULTIPLE_WOUNDS",
    "SHIELD_PARRY_TROOP_TYPES",
    "TROOP_TYPES",
    "WEAPONS",
    "DiceSpec",
    "Weapon",
    "armour_save",
    "fighting_ranks",
    "modified_save",
    "parse_dice",
    "rank_bonus",
    "strength_save_modifier",
    "to_hit",
    "to_wound",
    "unit_strength_per_model",
    "weapon_shoots",
    "weapon_strength",
]
