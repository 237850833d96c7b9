"""Vomit special attacks: one attack per model instead of all its attacks (:data:`VOMITS`).

MDNR "Vómito de troll", "Vómito putrefacto", "Vómito pestilente de troll": a unit vomits
when that is expected to cause more unsaved wounds
(:func:`~odds.combat.model.thresholds.expected_unsaved`).
"""

from __future__ import annotations

import numpy as np

from odds import rules
from odds.combat.model.layout import (
    CHAMPION,
    G_ACTIVE,
    G_ATTACKS,
    G_CHAIN,
    G_COLD,
    G_FLAMING,
    G_FRENZY_A,
    G_HIT,
    G_KB,
    G_KEY,
    G_MW,
    G_PER_MODEL,
    G_POISON,
    G_RANDOM,
    G_RANKS,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    MOUNT,
    RANK_AND_FILE,
)
from odds.combat.model.thresholds import (
    _MW_CODE,
    expected_unsaved,
    save_needed,
    wreck_chariot,
)
from odds.special_rules.bretonnia import lady_ward
from odds.units import Unit

VOMITS: dict[str, tuple[int, bool, bool, str]] = {
    # Orcos y Goblins, Mercenarios, Reinos del Caos "Vómito de troll": "un único ataque de
    # F5, que impacta automáticamente y Anula armaduras"
    "troll_vomit": (5, True, True, ""),
    # Reinos del Caos "Vómito putrefacto": "un ataque que impacta automáticamente y causa
    # impactos de F3" (armour saves as usual)
    "putrid_vomit": (3, True, False, ""),
    # Reinos del Caos "Vómito pestilente de troll": "un único ataque de F5 que anula
    # armaduras y con Heridas múltiples (1D3)" (rolled to hit: the text does not say it hits
    # automatically)
    "pestilent_vomit": (5, False, True, "d3"),
}
"""Vomit special attacks (``Unit`` rule → (S, automatic hit, no armour save, multiple
wounds)): one attack per fighting model instead of all its attacks, at its Initiative, with
no re-roll, poison, killing blow or flaming property (those are the models' weapons').  The
unit vomits in a round kind against an enemy when one vomit attack is expected to cause more
unsaved wounds than a model's normal attacks
(:func:`~odds.combat.model.thresholds.expected_unsaved`); ties attack normally.  The whole
unit attacks the same way ("Toda la unidad debe realizar o bien sus ataques normales o bien
sus ataques de vómito"): rank and file and champion alike, judged on the rank and file; in
a combat of several units the choice is made against each enemy (a unit fighting two enemy
units at once might vomit at one only: a documented simplification).
"""


def _vomit(out: np.ndarray, unit: Unit, enemy: Unit, kind: int, e_save: int, ward: int,
           unwoundable: bool) -> None:
    """Replace the unit's attacks in round kind ``kind`` by its vomit if better (:data:`VOMITS`).

    With ``vomit_by_mount`` the steeds' group (the riders, in the data) vomits instead.
    """
    rule = next((r for r in VOMITS if unit.has(r)), None)
    by_mount = unit.has("vomit_by_mount")
    normal = out[MOUNT if by_mount else RANK_AND_FILE, kind]
    if rule is None or not normal[G_ACTIVE] or (unit.random_attacks and not by_mount):
        return
    strength, automatic, no_armour, mw = VOMITS[rule]
    vomit = normal.copy()
    vomit[G_ATTACKS] = 1
    vomit[G_FRENZY_A] = 0
    vomit[G_RANDOM] = 0
    vomit[G_HIT] = 0 if automatic else normal[G_HIT]
    vomit[G_REROLL] = 0
    vomit[G_POISON] = rules.IMPOSSIBLE
    vomit[G_KB] = 0
    vomit[G_FLAMING] = 0
    vomit[G_COLD] = 0  # the vomit is no blow of its cold weapons ("Arma de frío")
    vomit[G_CHAIN] = 0
    vomit[G_WOUND] = (rules.IMPOSSIBLE if unwoundable
                      else max(2, rules.to_wound(strength, enemy.profile.T)))
    vomit[G_SAVE] = rules.IMPOSSIBLE if no_armour else save_needed(e_save, strength, False)
    vomit[G_WARD] = lady_ward(enemy, ward, strength)  # Bretonia: the Blessing of the Lady
    vomit[G_MW] = _MW_CODE[mw]
    wreck_chariot(vomit, enemy.troop_type == "chariot" and not enemy.has("unwreckable"),
                  strength)
    vomit[G_RANKS] = 1
    if expected_unsaved(vomit) <= expected_unsaved(normal, unit.has("frenzy") and not by_mount):
        return
    for g in (MOUNT,) if by_mount else (RANK_AND_FILE, CHAMPION):
        if out[g, kind, G_ACTIVE]:
            key, per_model = out[g, kind, G_KEY], out[g, kind, G_PER_MODEL]
            out[g, kind] = vomit
            out[g, kind, G_KEY], out[g, kind, G_PER_MODEL] = key, per_model
