"""Rule fields: the checks of the special rules, saves and hatred a unit and a character share.

Lists of names are validated against their catalogue and stored sorted and unique
(:func:`special_rules_from`, :func:`hatred_from`); :func:`check_rule_fields` checks
and normalises the rule fields of a frozen :class:`odds.units.Unit` or
:class:`odds.characters.Character` in place.
"""

from __future__ import annotations

from typing import Any

from odds import rules
from odds.armies import TAGS
from odds.units.special_rules import SPECIAL_RULES
from odds.validation import OddsInputError, integer


def check_rule_fields(obj: Any) -> None:
    """Validate and normalise, in place, the rule fields a unit and a character share.

    ``special``, ``ward_save``, ``regeneration``, ``poisoned``,
    ``multiple_wounds`` and ``armour_save_override`` of a frozen
    :class:`odds.units.Unit` or :class:`odds.characters.Character` (from its
    ``__post_init__``).
    """
    set_ = object.__setattr__
    set_(obj, "special", special_rules_from(obj.special))
    for attr, allowed in (
        ("ward_save", (0, 2, 3, 4, 5, 6)),
        ("regeneration", (0, 2, 3, 4, 5, 6)),
        ("poisoned", (0, 5, 6)),
    ):
        value = integer(attr, getattr(obj, attr), low=0, high=6)
        if value not in allowed:
            raise OddsInputError(
                f"{attr}: must be 0 (none) or one of {', '.join(map(str, allowed[1:]))}"
                f" (got {value})"
            )
        set_(obj, attr, value)
    if obj.multiple_wounds not in rules.MULTIPLE_WOUNDS:
        raise OddsInputError(
            f"multiple_wounds: must be \"\" (none) or one of"
            f" {', '.join(rules.MULTIPLE_WOUNDS[1:])} (got {obj.multiple_wounds!r})"
        )
    if obj.armour_save_override is not None:
        set_(obj, "armour_save_override",
             integer("armour_save_override", obj.armour_save_override, low=1, high=7))


def _names_from(field: str, value: object, allowed: tuple[str, ...], items: str,
                item: str) -> tuple[str, ...]:
    """Validate a list of names from ``allowed``; sorted, unique."""
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise OddsInputError(f"{field}: must be a list of {items} (got {value!r})")
    for name in value:
        if name not in allowed:
            raise OddsInputError(
                f"{field}: unknown {item} {name!r}; allowed: {', '.join(allowed)}"
            )
    return tuple(sorted(set(value)))


def hatred_from(value: object) -> tuple[str, ...]:
    """Validate a list of hated army or race tags; sorted, unique."""
    return _names_from("hatred", value, TAGS, "army or race tags", "army or race")


def special_rules_from(value: object) -> tuple[str, ...]:
    """Validate a list of special-rule names (:data:`SPECIAL_RULES`); sorted, unique."""
    return _names_from("special", value, SPECIAL_RULES, "rule names", "rule")
