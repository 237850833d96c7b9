"""Special-rule names: the catalogue a unit (:data:`SPECIAL_RULES`) may carry.

The names are the keys of the rule specs (:mod:`odds.special_rules`), each documented
there with its source and what the engine does with it; :data:`MOUNT_RULES` are the rules
a steed can have of its own.
"""

from odds.special_rules import flag_keys

MOUNT_RULES: tuple[str, ...] = ("always_strikes_first", "magic_attacks", "mundane_attacks")
"""Rules a steed can have of its own (:attr:`MountProfile.special`): its blows strike first
(§1.2) or are magical (daemonic aura, ethereal enemies), whatever its rider's; or are not
magical though its rider's are (``mundane_attacks``: MDNR Reyes Funerarios "Ataques mágicos
(sólo Caballero y Capitán)", the Necrosierpe's blows are not)."""

SPECIAL_RULES: tuple[str, ...] = flag_keys()
"""Known special-rule flags: the keys of the specs (:data:`odds.special_rules.REGISTRY`).

Each rule's source (MDNR army books, RULES.md) and what the engine does with it is its
spec's docstring, listed in ``docs/rules.md``."""
