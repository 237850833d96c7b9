"""BattleScribe import: MDNR catalogues and rosters → :class:`odds.units.Unit`.

Conventions
-----------
* Files are read with :mod:`defusedxml` (no entity expansion, no external
  entities); every problem is an :class:`~odds.validation.OddsInputError`
  naming the file and, where known, the element.
* Spanish characteristic names ``M HA HP F R H I A L`` become ``M WS BS S T W
  I A Ld`` (M in cm); how ``"-"``, dice and annotated values are read is in
  :mod:`odds.battlescribe.values`; troop types, mounts, chariots, saves and
  points in :mod:`odds.battlescribe.build` (and the modules of the unit's parts it
  names: troop type, mounts, equipment, saves...); name tables in
  :mod:`odds.battlescribe.names` (and the modules it gathers).
* Nothing is dropped silently: every name or value the engine does not model
  exactly is an item of an :class:`ImportReport`; ``strict=True`` makes the
  first ``ignored``/``approximated`` item an error.
* The engine's armour save (from the equipment, RULES.md §1.5) wins over the
  printed ``TSA``; a disagreement is reported.  Chariots, monsters, war
  machines and unarmoured units with a natural save keep the printed save.
* Unit specs ``"PATH.cat:Unit name?models=20&files=5&command=full&upgrades=Escudo"``
  work wherever :func:`odds.unit_reference.load_unit` is used (see :mod:`odds.battlescribe.spec`).
"""

from odds.battlescribe.catalogue import Catalogue, UnitEntry, load_catalogue
from odds.battlescribe.report import ImportReport, ReportItem
from odds.battlescribe.roster import Roster, load_roster
from odds.battlescribe.spec import is_catalogue_spec, parse_spec, unit_from_spec

__all__ = [
    "Catalogue",
    "ImportReport",
    "ReportItem",
    "Roster",
    "UnitEntry",
    "is_catalogue_spec",
    "load_catalogue",
    "load_roster",
    "parse_spec",
    "unit_from_spec",
]
