"""Close combat: two units fight round after round to a result.

``fight(attacker, defender, ...)`` validates the units and options, builds
the kernel's integer arrays once (:mod:`odds.combat.model`), runs the numba
kernel (:mod:`odds.combat.kernel`) in reproducible chunks and returns a
:class:`CombatResult` of tidy tables; :mod:`odds.combat.exact` gives the
exact first round (a dynamic programme over the strike steps).
"""

from odds.combat.api import CombatResult, fight
from odds.combat.model import CombatOptions, SideOptions

__all__ = ["CombatOptions", "CombatResult", "SideOptions", "fight"]
