"""odds: exact and Monte Carlo odds for Warhammer Fantasy Battles 6th edition (MDNR, cm).

Conventions, stated once
------------------------
* Distances are in centimetres; flee and pursuit rolls are 5D6 or 8D6 cm
  (``RULES.md`` §4.1), never inches scaled.
* Units, options and scenarios are immutable dataclasses, validated when
  built; bad input raises :class:`OddsInputError` naming the field and range.
* Every stochastic function takes ``trials`` and ``seed`` (int, SeedSequence,
  Generator or None); the same seed and trial count give identical results
  whatever the thread count.  Results report the seed that repeats them.
* Results are tidy pandas tables with ``probability``, ``stderr``,
  ``ci_low``, ``ci_high`` (95 % Wilson) and, where one exists, ``exact``.
* Plot functions take ``ax=None`` and return the Axes; matplotlib is imported
  only when a plot is drawn.

Public entry points
-------------------
Every name in ``__all__`` is importable from :mod:`odds` (``from odds import fight``); each
is imported on first use from the module named below, so ``import odds`` stays cheap (no
numba, no pandas) until a question is asked.  The package's layers, and which module may
import which, are in :mod:`odds.layers`.

==========================================  ==============================================
Question                                    Entry point
==========================================  ==============================================
Charge vs flee; over a range of gaps        :func:`charge_vs_flee`, :func:`charge_sweep`
                                            (:mod:`odds.charge`)
Pursuit of a broken unit                    :func:`pursue` (:mod:`odds.pursuit`)
A fleeing unit, turn by turn                :func:`flee` (:mod:`odds.flight`)
Two units fight to a result                 :func:`fight`, :class:`SideOptions`,
                                            :class:`CombatOptions`, :class:`CombatResult`
                                            (:mod:`odds.combat`)
Several units per side, characters          :func:`fight_scenario` (:mod:`odds.combat.multiple`),
                                            :func:`load_scenario` (:mod:`odds.scenario`)
Accept a challenge? (exact duel)            :func:`duel_to_the_death_exact`
                                            (:mod:`odds.combat.challenge`)
Units: built-in, TOML, Spanish names        :func:`load_unit` (:mod:`odds.unit_reference`),
                                            :func:`library_names`, :class:`Unit`
                                            (:mod:`odds.units`), :class:`Character`
BattleScribe army books and rosters         :func:`load_catalogue`, :func:`load_roster`
                                            (:mod:`odds.battlescribe`)
Tunnelling units coming up                  :func:`emerge`, :func:`placement_map`
                                            (:mod:`odds.emergence`)
Plots                                       :func:`catch_curve` (:mod:`odds.plot`)
Exact dice                                  :mod:`odds.dice`
==========================================  ==============================================
"""

from __future__ import annotations

import importlib
from typing import Any

from odds._version import __version__
from odds.validation import OddsInputError

_HOMES: dict[str, str] = {
    "charge_vs_flee": "odds.charge",
    "charge_sweep": "odds.charge",
    "pursue": "odds.pursuit",
    "flee": "odds.flight",
    "fight": "odds.combat.api",
    "CombatResult": "odds.combat.api",
    "CombatOptions": "odds.scenario.options",
    "SideOptions": "odds.scenario.options",
    "fight_scenario": "odds.combat.multiple",
    "load_scenario": "odds.scenario",
    "duel_to_the_death_exact": "odds.combat.challenge",
    "load_unit": "odds.unit_reference",
    "library_names": "odds.units",
    "Unit": "odds.units",
    "Character": "odds.characters",
    "load_catalogue": "odds.battlescribe",
    "load_roster": "odds.battlescribe",
    "emerge": "odds.emergence",
    "placement_map": "odds.emergence",
    "catch_curve": "odds.plot",
    "dice": "odds.dice",
}
"""Public name -> the module it is imported from on first use."""

__all__ = ["OddsInputError", "__version__", *_HOMES]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'odds' has no attribute {name!r}")
    module = importlib.import_module(_HOMES[name])
    value = module if module.__name__ == f"odds.{name}" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
