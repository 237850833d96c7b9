"""Close-combat rule tables (see :mod:`odds.rules.weapons`).

Besides the names in ``__all__``, ``IMPOSSIBLE``, ``AUTOMATIC``, ``RANDOM_ATTACKS`` and
``RANDOM_MOVES`` are importable from here.
"""

from odds.rules.weapons import (
    ARMOUR_BASE_SAVE,
    ARMOURS,
    FOOT_TROOP_TYPES,
    IMPACT_HITS,
    MOUNTED_TROOP_TYPES,
    MULTIPLE_WOUNDS,
    SHIELD_PARRY_TROOP_TYPES,
    TROOP_TYPES,
    WEAPONS,
    DiceSpec,
    Weapon,
    armour_save,
    fighting_ranks,
    modified_save,
    parse_dice,
    rank_bonus,
    strength_save_modifier,
    to_hit,
    to_wound,
    unit_strength_per_model,
    weapon_shoots,
    weapon_strength,
)
from odds.rules.weapons import AUTOMATIC as AUTOMATIC
from odds.rules.weapons import IMPOSSIBLE as IMPOSSIBLE
from odds.rules.weapons import RANDOM_ATTACKS as RANDOM_ATTACKS
from odds.rules.weapons import RANDOM_MOVES as RANDOM_MOVES

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
