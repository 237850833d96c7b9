"""Close combat: two units fight round after round to a result.

``fight(attacker, defender, ...)`` validates the units and options, builds
the kernel's integer arrays once (:mod:`odds.combat.model`), runs the numba
kernel (:mod:`odds.combat.kernel`) in reproducible chunks and returns a
:class:`CombatResult` of tidy tables; :mod:`odds.combat.exact` gives the
exact first round (a dynamic programme over the strike steps).

The names below are imported on first use, so that importing a submodule (the combat
model, which the kernels sit on) does not import the engine above it (:mod:`odds.layers`).
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "CombatResult": "odds.combat.api",
    "fight": "odds.combat.api",
    "CombatOptions": "odds.scenario.options",
    "SideOptions": "odds.scenario.options",
}

__all__ = ["CombatOptions", "CombatResult", "SideOptions", "fight"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(_HOMES[name]), name)
    raise AttributeError(f"module 'odds.combat' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
