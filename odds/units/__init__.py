"""Immutable unit descriptions, validation and loaders (TOML files, built-in library).

Conventions, stated once
------------------------
Every class in this package is a frozen dataclass: build a changed copy with
``replace`` (which re-validates).  Distances are in cm (MDNR metric).  Every bad
input raises :class:`odds.validation.OddsInputError` with a one-line message naming
the key (``profile.WS``, ``rules.ward_save``...), the allowed range and the
value received; messages from the loaders start with the file (or ``<dict>``).

Troop-type conventions
----------------------
* ``profile`` is the rank-and-file model.  For cavalry it is the **rider**
  (``profile.M`` is the unit's move, i.e. the steed's); the steed's WS/S/I/A
  go in ``mount``.  For chariots ``profile`` holds the **crew member's**
  WS/BS/S/I/A/Ld with the **chariot's** T and W, ``crew`` is the number of
  crew per chariot, ``mount`` the steeds, ``impact_strength`` the chariot's S
  for impact hits and ``armour_save_override`` its army-book save.
* ``crew`` counts the fighters using ``profile`` per unit model: 1 except for
  chariots (crew) and war machines (crew, which is also their unit strength).

Modules
-------
* :mod:`~odds.units.special_rules`: the special-rule names a unit or its steeds may
  carry (:data:`SPECIAL_RULES`, :data:`MOUNT_RULES`), each with its source.
* :mod:`~odds.units.profiles`: :class:`Profile`, :class:`MountProfile`,
  :class:`CrewProfile` and the characteristics' letters.
* :mod:`~odds.units.equipment`: :class:`Equipment`.
* :mod:`~odds.units.command`: :class:`Command` and named members (:class:`Member`).
* :mod:`~odds.units.rule_fields`: the checks of the rule fields a unit and a
  character share.
* :mod:`~odds.units.unit`: :class:`Unit`, checked by :mod:`~odds.units.unit_checks`
  and written out by :mod:`~odds.units.serialise`.
* :mod:`~odds.units.loaders`: :func:`unit_from_dict`, :func:`load_unit_file`.
* :mod:`~odds.units.library`: the built-in units (``odds/library/*.toml``).

Besides the names in ``__all__``, the helpers :mod:`odds.characters` and
:mod:`odds.unit_reference` share are importable from here: ``check_formation``,
``check_rule_fields``, ``hatred_from``, ``special_rules_from``, ``letters_from``
and ``profile_from``.
"""

from odds.units.command import MEMBER_ROLES, Command, Member
from odds.units.equipment import Equipment
from odds.units.library import library_names, library_unit
from odds.units.loaders import check_formation as check_formation
from odds.units.loaders import letters_from as letters_from
from odds.units.loaders import load_unit_file, unit_from_dict
from odds.units.loaders import profile_from as profile_from
from odds.units.profiles import CHARACTERISTICS, SPANISH_LETTERS, CrewProfile, MountProfile, Profile
from odds.units.rule_fields import check_rule_fields as check_rule_fields
from odds.units.rule_fields import hatred_from as hatred_from
from odds.units.rule_fields import special_rules_from as special_rules_from
from odds.units.special_rules import MOUNT_RULES, SPECIAL_RULES
from odds.units.unit import Unit, unit_warnings

__all__ = [
    "CHARACTERISTICS",
    "MEMBER_ROLES",
    "MOUNT_RULES",
    "SPANISH_LETTERS",
    "SPECIAL_RULES",
    "Command",
    "CrewProfile",
    "Equipment",
    "Member",
    "MountProfile",
    "Profile",
    "Unit",
    "library_names",
    "library_unit",
    "load_unit_file",
    "unit_from_dict",
    "unit_warnings",
]
