"""Skaven "Incensario de plaga": the censers' fumes at the start of each close-combat round.

The rule's text, Default and limits: :data:`odds.special_rules.skaven_ogres.PLAGUE_CENSER`.
"""

from __future__ import annotations

from odds._jit import inline, linked
from odds.combat.blows import count_ge, models_left
from odds.combat.fighters import end_of
from odds.combat.giants import ward_of, wound_body
from odds.combat.model.layout import (
    B_FUMES,
    B_REFUSED,
    B_STATUS,
    B_WOUNDS,
    CT_B,
    F_CORNER,
    F_UNITS,
    FIGHTING,
    S_CENSER,
    S_FILES,
    S_HOST,
    S_SIDE,
    S_TOUGH,
    S_W,
    T_TOUCH_A,
    T_TOUCH_B,
)

HOST_NEIGHBOURS = 5
"""Models of its own unit in contact with a character carrying a censer ("los cinco Monjes de
Plaga en contacto con el Sacerdote"): those beside and behind it in the front rank."""


@inline
def censer_unit(b, nr, sides, state):
    """The unit whose contacts censer body ``b`` acts through, or -1 (no censer acting)."""
    if not sides[b, S_CENSER] or state[b, B_WOUNDS] <= 0:
        return -1
    u = b if b < nr else sides[b, S_HOST]
    if state[u, B_STATUS] != FIGHTING or (b >= nr and state[b, B_REFUSED]):
        return -1
    return u


@inline
def fumes_on(x, kind, model, scratch):
    """The censers' tests unit ``x`` takes this round: ``(tests, only on a 6, ward save)``.

    Each censer body (a unit with ``S_CENSER``, or a character with it in a unit) acting
    through its unit's contacts where that unit touches an enemy: ``x`` at the enemy's end
    tests with its models touching the censers (a character's: 3 with corners, else 1,
    through its unit's first such contact), at the censer's own end with all its models (a
    censer unit; its front rank's with ``S_CENSER`` 2) or :data:`HOST_NEIGHBOURS` (a
    character's unit), and then fails only on a 6,
    as a censer unit always does.  ``ward``: ``x``'s ward save against the censer's blows
    (enemies) or the enemy's (its own), 7 none.
    """
    sides = model.sides
    contacts = model.contacts
    touch = scratch.touch
    state = scratch.state
    nr = model.flags[F_UNITS]
    tests = 0
    own = 0
    six = sides[x, S_CENSER] != 0
    ward = 7
    for b in range(sides.shape[0]):
        u = censer_unit(b, nr, sides, state)
        if u < 0:
            continue
        engaged = False
        for c in range(contacts.shape[0]):
            d = end_of(u, c, contacts)
            if d < 0 or touch[c, T_TOUCH_A + d] == 0 or (b >= nr and engaged):
                continue
            v = contacts[c, CT_B - d]
            if state[v, B_STATUS] != FIGHTING:
                continue
            if v == x:
                n = touch[c, T_TOUCH_B - d]
                tests += min(n, 3 if model.flags[F_CORNER] else 1) if b >= nr else n
                ward = ward_of(model.groups, b, x, kind)
            elif u == x and not engaged:
                ward = ward_of(model.groups, v, x, kind)
            engaged = True
        if engaged and u == x:
            mu = models_left(state[x, B_WOUNDS], sides[x, S_W])
            if b >= nr:
                mu = min(HOST_NEIGHBOURS, mu)
            elif sides[b, S_CENSER] == 2:  # Option: the front rank's bearers only
                mu = min(sides[b, S_FILES], mu)
            own = max(own, mu)
            six = True
    return tests + own, six, ward


@inline
def first_contact(x, model, scratch):
    """Unit ``x``'s first contact where it touches the enemy (its casualties' fighters)."""
    contacts = model.contacts
    for c in range(contacts.shape[0]):
        d = end_of(x, c, contacts)
        if d >= 0 and scratch.touch[c, T_TOUCH_A + d] > 0:
            return c
    return 0


@linked  # called: combats with a body carrying an "Incensario de plaga" only
def censer_fumes(buf, p, kind, model, scratch):
    """Every censer's T tests and their wounds, before the round's first strike step.

    Every unit's tests (:func:`fumes_on`) are rolled first, failing on a D6 above its T or a
    6 (only a 6 where :func:`fumes_on` says so), then their ward saves; only then do the
    unsaved wounds fall, on each unit's rank and file, scored for the other side, its slain
    models taking its fighters (``state[:, B_FUMES]`` holds them meanwhile).  ``kind``: the
    round's attack-row kind (the ward saves' rows).  Returns ``p``.
    """
    sides = model.sides
    state = scratch.state
    nr = model.flags[F_UNITS]
    for x in range(nr):
        state[x, B_FUMES] = 0
        if state[x, B_STATUS] != FIGHTING or state[x, B_WOUNDS] <= 0:
            continue
        n, six, ward = fumes_on(x, kind, model, scratch)
        n = min(n, models_left(state[x, B_WOUNDS], sides[x, S_W]))
        if n <= 0:
            continue
        failed, p = count_ge(buf, p, n, 6 if six else min(sides[x, S_TOUGH] + 1, 6))
        if failed > 0 and ward <= 6:
            saved, p = count_ge(buf, p, failed, ward)
            failed -= saved
        state[x, B_FUMES] = failed
    for x in range(nr):
        if state[x, B_FUMES] > 0:
            p = wound_body(buf, p, x, first_contact(x, model, scratch), state[x, B_FUMES], 0,
                           0, True, 1 - sides[x, S_SIDE], model, scratch)
    return p
