"""Condes Vampiro "Explosión de gases": a slain Cadáver Hinchado's template on the enemy.

The rule's text, Default and limits: :data:`odds.special_rules.empire.GAS_EXPLOSION`.
"""

from __future__ import annotations

from odds._jit import linked
from odds.combat.blows import count_ge, models_left
from odds.combat.fighters import end_of
from odds.combat.giants import TEMPLATE_CAP, ward_of, wound_body
from odds.combat.model.layout import (
    B_STATUS,
    B_WOUNDS,
    CT_B,
    F_UNITS,
    FIGHTING,
    P_FRONT_LOST_B,
    S_GAS,
    S_SIDE,
    S_TOUGH,
    S_W,
    T_TOUCH_B,
)


@linked  # called: the end of each combat phase with a unit that explodes
def gas_explosions(buf, p, model, scratch):
    """Each unit with ``S_GAS`` slain this phase (still ``FIGHTING``, no wound left) explodes.

    Through its first contact with an enemy unit still fighting: the enemy models touching
    it (at the start of the round, less the front casualties since; at most
    :data:`~odds.combat.giants.TEMPLATE_CAP`) are under the template, the first wholly, the
    others on a 4+; each tests T (a D6 above it or a 6 fails), then its ward save; the
    unsaved wounds go to its rank and file, scored for the exploding unit's side.  Returns
    ``p``.
    """
    sides = model.sides
    contacts = model.contacts
    state = scratch.state
    for u in range(model.flags[F_UNITS]):
        if not sides[u, S_GAS] or state[u, B_STATUS] != FIGHTING or state[u, B_WOUNDS] > 0:
            continue
        for c in range(contacts.shape[0]):
            d = end_of(u, c, contacts)
            if d < 0:
                continue
            v = contacts[c, CT_B - d]
            if state[v, B_STATUS] != FIGHTING or state[v, B_WOUNDS] <= 0:
                continue
            n = scratch.touch[c, T_TOUCH_B - d] - scratch.pool[c, P_FRONT_LOST_B - d]
            n = min(n, TEMPLATE_CAP, models_left(state[v, B_WOUNDS], sides[v, S_W]))
            if n <= 0:
                continue
            partial, p = count_ge(buf, p, n - 1, 4)
            failed, p = count_ge(buf, p, 1 + partial, min(sides[v, S_TOUGH] + 1, 6))
            ward = ward_of(model.groups, u, v, 1)
            if failed > 0 and ward <= 6:
                saved, p = count_ge(buf, p, failed, ward)
                failed -= saved
            p = wound_body(buf, p, v, c, failed, 0, 0, True, sides[u, S_SIDE], model, scratch)
            break
    return p
