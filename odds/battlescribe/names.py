"""MDNR (Spanish) names → the engine's names: troop types, equipment, special rules.

Names are compared after :func:`normalize` (case- and accent-insensitive,
spaces collapsed, trailing punctuation dropped), so ``"Inmune a la
Psicología."`` and ``"inmune a la psicologia"`` are the same name.

This module gathers the name tables and the readers of rule texts, each defined in the
module of its concept (with the decisions it takes):

* :mod:`odds.battlescribe.spelling`: :func:`normalize`, the tables' keys;
* :mod:`odds.battlescribe.troop_type_names`: ``Tipo`` words → troop types;
* :mod:`odds.battlescribe.equipment_names`: weapons and armour, and the rules, wards and
  impact hits they carry;
* :mod:`odds.battlescribe.rule_names`: special rules by name, hatred of named enemies,
  rules with a value, rules of the steeds or the riders only;
* :mod:`odds.battlescribe.champion_names`: a champion's (leader's) own items and rules;
* :mod:`odds.battlescribe.races`: race tags from ``Tipo`` or the name, entries of another
  army;
* :mod:`odds.battlescribe.panic`: partial immunities to panic, whom a flight panics;
* :mod:`odds.battlescribe.rule_texts`: rules recognised by their text, marks of Chaos;
* :mod:`odds.battlescribe.no_effect_names`: structural names and names with no effect on
  a close combat;
* :mod:`odds.battlescribe.unmodelled`: why some rules and profiles stay ``ignored``.
"""

from __future__ import annotations

from odds.battlescribe.champion_names import CHAMPION_ITEMS, CHAMPION_RULES, LEADER_RULE_FLAGS
from odds.battlescribe.equipment_names import (
    APPROXIMATE_WEAPONS,
    ARMOUR_NAMES,
    ARMOUR_RULES,
    ARMOUR_WARDS,
    WEAPON_IMPACTS,
    WEAPON_NAMES,
    WEAPON_RULES,
    WEAPON_WARDS,
)
from odds.battlescribe.no_effect_names import (
    NO_COMBAT_EFFECT,
    NO_COMBAT_EFFECT_PREFIXES,
    STRUCTURAL_NAMES,
    is_no_combat_effect,
)
from odds.battlescribe.panic import (
    PANIC_PREFIXES,
    PANIC_RULES,
    flight_panic,
    is_panic_rule,
    panic_immunity,
)
from odds.battlescribe.races import ENTRY_ARMIES, entry_army, race_from_name, race_from_tipo
from odds.battlescribe.rule_names import (
    NAMED_HATRED,
    RULE_FLAGS,
    parametric_rule,
    rider_rule,
    steed_rule,
)
from odds.battlescribe.rule_texts import mark_effects, no_effect_text, text_rule, text_ward
from odds.battlescribe.spelling import normalize
from odds.battlescribe.troop_type_names import (
    APPROXIMATE_TROOP_TYPES,
    TROOP_TYPE_NAMES,
    UNPRINTED_TROOP_TYPES,
)
from odds.battlescribe.unmodelled import SECOND_PROFILE_REASONS, UNMODELLED_REASONS

__all__ = [
    "APPROXIMATE_TROOP_TYPES",
    "APPROXIMATE_WEAPONS",
    "ARMOUR_NAMES",
    "ARMOUR_RULES",
    "ARMOUR_WARDS",
    "CHAMPION_ITEMS",
    "CHAMPION_RULES",
    "ENTRY_ARMIES",
    "LEADER_RULE_FLAGS",
    "NAMED_HATRED",
    "NO_COMBAT_EFFECT",
    "NO_COMBAT_EFFECT_PREFIXES",
    "PANIC_PREFIXES",
    "PANIC_RULES",
    "RULE_FLAGS",
    "SECOND_PROFILE_REASONS",
    "STRUCTURAL_NAMES",
    "TROOP_TYPE_NAMES",
    "UNMODELLED_REASONS",
    "UNPRINTED_TROOP_TYPES",
    "WEAPON_IMPACTS",
    "WEAPON_NAMES",
    "WEAPON_RULES",
    "WEAPON_WARDS",
    "entry_army",
    "flight_panic",
    "is_no_combat_effect",
    "is_panic_rule",
    "mark_effects",
    "no_effect_text",
    "normalize",
    "panic_immunity",
    "parametric_rule",
    "race_from_name",
    "race_from_tipo",
    "rider_rule",
    "steed_rule",
    "text_rule",
    "text_ward",
]
