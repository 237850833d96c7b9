"""The giants in the kernel: their attack table, their falls and their death.

Helpers of :func:`odds.combat.kernel.fight_once` and :mod:`odds.combat.strike_steps` for the
units with ``S_GIANT`` or ``S_GIANT_FALLS`` (the rules and their readings:
:mod:`odds.special_rules.giants`); the general kernel only (their rules are among those the
core and plain kernels leave out, :mod:`odds.combat.variants`), and only when the combat's
rare bit ``RARE_GIANT`` is set.  Dice come from ``buf``
at ``p``; every helper returns the new position.
"""

from __future__ import annotations

import numpy as np

from odds._jit import inline, linked
from odds.combat.blows import apply_wounds, count_ge, models_left, roll_wounds, strike
from odds.combat.fighters import end_of, lose_fighters
from odds.combat.model.layout import (
    B_CHAMP_CONTACT,
    B_DOWN,
    B_HUSHED,
    B_JUMPING,
    B_REGEN_WOUNDS,
    B_SHOUT,
    B_STATUS,
    B_STUCK,
    B_WOUNDS,
    CT_A,
    CT_B,
    F_GIANT_HITS,
    F_UNITS,
    FIGHTING,
    FLEEING,
    G_ACTIVE,
    G_HIT,
    G_WARD,
    G_WOUND,
    P_FRONT_A,
    P_FRONT_LOST_A,
    P_FRONT_LOST_B,
    RANK_AND_FILE,
    S_ARMOUR,
    S_GIANT,
    S_GIANT_FALLS,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_INIT,
    S_LARGE,
    S_MAN_SIZED,
    S_NOT_FOOT,
    S_SIDE,
    S_TOUGH,
    S_W,
    T_TOUCH_A,
    T_TOUCH_B,
    WIPED,
)
from odds.combat.variants import GENERAL

GRAB_REPEATS = 8
"""Most sub-table rolls of one "Agarrar y..." (a 6 rolls again for a second model)."""
TEMPLATE_CAP = 20
"""Most models one fallen giant's template hits (the enemy models in base contact)."""

SHOUT, CLUB, HEADBUTT, JUMP, GRAB, SWEEP = range(6)
"""The giant's table results."""


@inline
def wound_need(s, t):
    """The to-wound roll of Strength ``s`` against Toughness ``t`` (RULES.md §1.4), 7 never."""
    d = t - s
    if d <= -2:
        return 2
    if d == -1:
        return 3
    if d == 0:
        return 4
    if d == 1:
        return 5
    if d <= 3:
        return 6
    return 7


@inline
def ward_of(groups, u, t, kind):
    """Body ``t``'s ward save against giant ``u``'s blows (its row's ``G_WARD``), 7 none."""
    ward = groups[u, t, RANK_AND_FILE, kind, G_WARD]
    if not groups[u, t, RANK_AND_FILE, kind, G_ACTIVE] or ward < 2:
        return 7
    return ward


@inline
def hits_on(buf, p, n, s, kb, pierce, ward, t, sides):
    """``n`` hits of Strength ``s`` on body ``t``: ``(unsaved wounds, killing blows, p)``.

    To wound against its T, its armour save less the Strength's modifier (S4 -1, S5 -2...)
    and ``pierce`` more (1 for armour piercing, "Poder de penetración"), its ``ward`` (7
    none); ``kb``: natural 6s to wound slay outright (no armour save).
    """
    w, k6, p = roll_wounds(buf, p, n, wound_need(s, sides[t, S_TOUGH]), kb)
    uns = w - k6
    save = min(7, sides[t, S_ARMOUR] + max(0, s - 3) + pierce)
    if save <= 6:
        saved, p = count_ge(buf, p, uns, save)
        uns -= saved
    if ward <= 6:
        saved, p = count_ge(buf, p, uns, ward)
        uns -= saved
        saved, p = count_ge(buf, p, k6, ward)
        k6 -= saved
    return uns, k6, p


@inline
def wound_body(buf, p, t, c, uns, kbw, mw, counts, side, model, scratch):
    """Body ``t`` takes ``uns`` wounds (each ``mw``: 0 one, 2 D3) and ``kbw`` killing blows.

    Scored for ``side`` when ``counts``; a unit's slain models take its fighters through
    contact ``c``.  Returns ``p``.
    """
    sides = model.sides
    state = scratch.state
    if state[t, B_WOUNDS] <= 0:
        return p
    before = models_left(state[t, B_WOUNDS], sides[t, S_W])
    hp, sc, rg, p = apply_wounds(buf, p, state[t, B_WOUNDS], sides[t, S_W], uns, kbw, mw)
    state[t, B_WOUNDS] = hp
    state[t, B_REGEN_WOUNDS] += rg
    if counts:
        scratch.scored[side] += sc
    if t < model.flags[F_UNITS]:
        lose_fighters(t, c, before - models_left(hp, sides[t, S_W]), model.contacts,
                      scratch.pool)
    return p


@inline
def slay_one(t, c, side, model, scratch):
    """One model of body ``t`` removed as a casualty: its wounds left score for ``side``."""
    state = scratch.state
    hp = state[t, B_WOUNDS]
    if hp <= 0:
        return
    rem = (hp - 1) % model.sides[t, S_W] + 1
    state[t, B_WOUNDS] = hp - rem
    scratch.scored[side] += rem
    if t < model.flags[F_UNITS]:
        lose_fighters(t, c, 1, model.contacts, scratch.pool)


@inline
def foe_of(u, contacts):
    """The first contact of giant ``u`` and the enemy unit at its other end, or ``(-1, -1)``."""
    for c in range(contacts.shape[0]):
        d = end_of(u, c, contacts)
        if d >= 0:
            return c, contacts[c, CT_B - d]
    return -1, -1


@linked  # called: rare
def fall_hits(buf, p, u, counts, model, scratch):
    """Where giant ``u``'s fallen template lands (``giant_falls``); returns ``p``.

    Default (``F_GIANT_HITS``): one time in four (two D6 both 3 or less) on the enemy unit
    in contact, one S6 hit of D3 wounds on each of its models in base contact with the giant
    (at most :data:`TEMPLATE_CAP`), scored for the giant's side when ``counts``.
    """
    if not model.flags[F_GIANT_HITS]:
        return p
    c, v = foe_of(u, model.contacts)
    if c < 0 or scratch.state[v, B_STATUS] != FIGHTING or scratch.state[v, B_WOUNDS] <= 0:
        return p
    lands = buf[p] <= 3 and buf[p + 1] <= 3
    p += 2
    if not lands:
        return p
    dv = end_of(v, c, model.contacts)
    n = scratch.touch[c, T_TOUCH_A + dv] - scratch.pool[c, P_FRONT_LOST_A + dv]
    n = max(0, min(n, TEMPLATE_CAP,
                   models_left(scratch.state[v, B_WOUNDS], model.sides[v, S_W])))
    uns, kbw, p = hits_on(buf, p, n, 6, False, 0, ward_of(model.groups, u, v, 1), v, model.sides)
    return wound_body(buf, p, v, c, uns, kbw, 2, counts, model.sides[u, S_SIDE], model,
                      scratch)


@linked  # called: rare
def fall(buf, p, u, counts, model, scratch):
    """Giant ``u`` falls: one wound on itself, on the ground, its template; returns ``p``."""
    state = scratch.state
    state[u, B_DOWN] = 1
    state[u, B_JUMPING] = 0
    state[u, B_WOUNDS] = max(0, state[u, B_WOUNDS] - 1)
    return fall_hits(buf, p, u, counts, model, scratch)


@inline
def hush(v, c, model, scratch):
    """Unit ``v``'s models in contact through ``c`` strike no more blows this round.

    Its front fighters (its supporting ranks still fight), its champion there, its
    characters (who stand in its front rank).
    """
    state = scratch.state
    d = end_of(v, c, model.contacts)
    scratch.pool[c, P_FRONT_LOST_A + d] = scratch.pool[c, P_FRONT_A + d]
    if state[v, B_CHAMP_CONTACT] == c:
        state[v, B_CHAMP_CONTACT] = -1
    for b in range(model.sides[v, S_HOSTED_LO], model.sides[v, S_HOSTED_HI]):
        state[b, B_HUSHED] = 1


@inline
def frees_itself(buf, p, t, u, kind, groups):
    """The victim ``t``'s one attack on giant ``u``: ``(hit and wounded, p)``."""
    if not groups[t, u, RANK_AND_FILE, kind, G_ACTIVE]:
        return False, p
    hit = groups[t, u, RANK_AND_FILE, kind, G_HIT]
    wound = groups[t, u, RANK_AND_FILE, kind, G_WOUND]
    ok = hit < 7 and (hit == 0 or buf[p] >= hit) and wound < 7 and buf[p + 1] >= wound
    return ok, p + 2


@linked  # called: rare
def grab(buf, p, kind, side, u, t, v, c, model, scratch):
    """"Agarrar y...": victim ``t`` (of unit ``v``, contact ``c``); returns ``p``."""
    sides = model.sides
    state = scratch.state
    freed, p = frees_itself(buf, p, t, u, kind, model.groups)
    if freed:
        return p
    for _ in range(GRAB_REPEATS):
        r = buf[p]
        p += 1
        if r == 2 or r == 3:  # "¡Toma!", "¡Pa'llá que va!": a wound, no save; 1D6 S3 hits
            p = wound_body(buf, p, t, c, 1, 0, 0, True, side, model, scratch)
            n = np.int64(buf[p])
            p += 1
            if state[v, B_WOUNDS] > 0:
                uns, kbw, p = hits_on(buf, p, n, 3, False, 0, ward_of(model.groups, u, v, kind), v,
                                      sides)
                p = wound_body(buf, p, v, c, uns, kbw, 0, True, side, model, scratch)
            return p
        slay_one(t, c, side, model, scratch)  # "Pa' la saca", "¡Choof!", "¡Ñam!"
        if r != 6:
            return p
        # "Pa' la saca y...": a second model of the unit attacks once, else is grabbed
        if state[v, B_WOUNDS] <= 0:
            return p
        t = v
        freed, p = frees_itself(buf, p, t, u, kind, model.groups)
        if freed:
            return p
    return p


@inline
def lose_wounds(t, c, n, side, model, scratch):
    """One model of body ``t`` loses ``n`` wounds, no more than it has left (scored)."""
    state = scratch.state
    hp = state[t, B_WOUNDS]
    if hp <= 0 or n <= 0:
        return
    rem = (hp - 1) % model.sides[t, S_W] + 1
    dmg = min(n, rem)
    state[t, B_WOUNDS] = hp - dmg
    state[t, B_REGEN_WOUNDS] += dmg
    scratch.scored[side] += dmg
    if dmg == rem and t < model.flags[F_UNITS]:
        lose_fighters(t, c, 1, model.contacts, scratch.pool)


@linked  # called: rare
def titan_blow(buf, p, kind, side, u, c, t, model, scratch):
    """The Titán de Khemri ``u`` rolls on its table against body ``t`` through contact ``c``.

    Returns ``p``.  The results: :data:`odds.special_rules.giants.TITAN_ATTACKS`.
    """
    sides = model.sides
    state = scratch.state
    groups = model.groups
    ward = ward_of(groups, u, t, kind)
    r = np.int64(buf[p]) + sides[t, S_NOT_FOOT]
    p += 1
    if r == 1:  # "Escarabajos comecarne": 3D6 S2 hits, armour piercing
        n = np.int64(buf[p]) + np.int64(buf[p + 1]) + np.int64(buf[p + 2])
        p += 3
        uns, _, p = hits_on(buf, p, n, 2, False, 1, ward, t, sides)
        p = wound_body(buf, p, t, c, uns, 0, 0, True, side, model, scratch)
    elif r <= 3:  # "Hambre insaciable": 2D6+1 of its own blows
        n = np.int64(buf[p]) + np.int64(buf[p + 1]) + 1
        p += 2
        if groups[u, t, RANK_AND_FILE, kind, G_ACTIVE]:
            before = models_left(state[t, B_WOUNDS], sides[t, S_W])
            sc, _, _, p = strike(buf, p, n, groups, u, t, RANK_AND_FILE, kind, state, sides,
                                 False, 0, False, GENERAL, scratch.scored)
            scratch.scored[side] += sc
            if t < model.flags[F_UNITS]:
                lose_fighters(t, c, before - models_left(state[t, B_WOUNDS], sides[t, S_W]),
                              model.contacts, scratch.pool)
    elif r == 4:  # "Cuchillas cortantes": an I test for each model in contact
        d = end_of(u, c, model.contacts)
        n = 1
        if t < model.flags[F_UNITS]:
            n = max(0, scratch.touch[c, T_TOUCH_B - d] - scratch.pool[c, P_FRONT_LOST_B - d])
        failed = 0
        for i in range(p, p + n):
            failed += buf[i] > sides[t, S_INIT]
        p += n
        if ward <= 6:
            saved, p = count_ge(buf, p, failed, ward)
            failed -= saved
        p = wound_body(buf, p, t, c, failed, 0, 0, True, side, model, scratch)
    elif r == 5:  # "Mandíbulas devoradoras": 1D6 S6 hits
        n = np.int64(buf[p])
        p += 1
        uns, kbw, p = hits_on(buf, p, n, 6, False, 0, ward, t, sides)
        p = wound_body(buf, p, t, c, uns, kbw, 0, True, side, model, scratch)
    elif r == 6:  # "Aliento de la noche": no attack, a win by 2
        state[u, B_SHOUT] = 1
    else:  # "Hambre devoraalmas": one S10 hit of 1D6 wounds on one model
        uns, _, p = hits_on(buf, p, 1, 10, False, 0, ward, t, sides)
        if uns > 0:
            n = np.int64(buf[p])
            p += 1
            lose_wounds(t, c, n, side, model, scratch)
    return p


@linked  # called: rare
def giant_blow(buf, p, kind, side, u, c, t, model, scratch):
    """Giant ``u`` rolls on its table against body ``t`` through contact ``c``; returns ``p``.

    ``t``: the enemy unit at the other end of ``c``, or a character of it when its rank and
    file are gone.  The results: :mod:`odds.special_rules.giants`.
    """
    sides = model.sides
    state = scratch.state
    groups = model.groups
    v = model.contacts[c, CT_B] if model.contacts[c, CT_A] == u else model.contacts[c, CT_A]
    table = sides[u, S_GIANT]
    if table == 4:  # the Titán de Khemri's "Ataques especiales"
        return titan_blow(buf, p, kind, side, u, c, t, model, scratch)
    if state[u, B_JUMPING]:
        what = JUMP
    else:
        r = buf[p]
        p += 1
        if sides[t, S_LARGE]:
            what = SHOUT if r == 1 else CLUB if r <= 4 else HEADBUTT
        else:
            what = SHOUT if r == 1 else JUMP if r == 2 else GRAB if r == 3 else SWEEP
    ward = ward_of(groups, u, t, kind)
    if what == SHOUT:  # "Gritar y vocear"
        state[u, B_SHOUT] = 1
        hush(v, c, model, scratch)
    elif what == CLUB:  # "Garrotazo", "Empalar", "Estrangular con las cadenas"
        test = sides[t, S_TOUGH] if table == 2 else sides[t, S_INIT]
        failed = buf[p] > test
        p += 1
        if failed:
            d1 = np.int64(buf[p])
            d2 = np.int64(buf[p + 1])
            p += 2
            n = d1 + d2
            if ward <= 6:
                saved, p = count_ge(buf, p, n, ward)
                n -= saved
            hp = state[t, B_WOUNDS]
            if hp > 0 and n > 0:
                rem = (hp - 1) % sides[t, S_W] + 1
                dmg = min(n, rem)
                state[t, B_WOUNDS] = hp - dmg
                state[t, B_REGEN_WOUNDS] += dmg
                scratch.scored[side] += dmg
                if dmg == rem and t < model.flags[F_UNITS]:
                    lose_fighters(t, c, 1, model.contacts, scratch.pool)
            if d1 == d2 and table != 2:  # the weapon stuck: no attack next round
                state[u, B_STUCK] = 2
    elif what == HEADBUTT:  # "Kabezazo": a wound, no armour save; the survivor is stunned
        saved = ward <= 6 and buf[p] >= ward
        p += 1 if ward <= 6 else 0
        if not saved and state[t, B_WOUNDS] > 0:
            state[t, B_WOUNDS] -= 1
            state[t, B_REGEN_WOUNDS] += 1
            scratch.scored[side] += 1
            if t < model.flags[F_UNITS]:
                lose_fighters(t, c, 1, model.contacts, scratch.pool)  # slain or stunned
            else:
                state[t, B_HUSHED] = 1
    elif what == JUMP:  # "Saltar arriba y abajo": a fall test, else 2D6 S6 hits
        if buf[p] == 1:
            p += 1
            p = fall(buf, p, u, True, model, scratch)
        else:
            p += 1
            state[u, B_JUMPING] = 1
            n = np.int64(buf[p]) + np.int64(buf[p + 1])
            p += 2
            uns, kbw, p = hits_on(buf, p, n, 6, False, 0, ward, t, sides)
            p = wound_body(buf, p, t, c, uns, kbw, 0, True, side, model, scratch)
    elif what == GRAB:  # "Agarrar y..."
        p = grab(buf, p, kind, side, u, t, v, c, model, scratch)
    else:  # "Barrido": 1D6 hits at S6, the hooks' at S7 with killing blow
        n = np.int64(buf[p])
        p += 1
        hooks = table == 3
        uns, kbw, p = hits_on(buf, p, n, 7 if hooks else 6, hooks and sides[t, S_MAN_SIZED] != 0,
                              0, ward, t, sides)
        p = wound_body(buf, p, t, c, uns, kbw, 0, True, side, model, scratch)
    return p


@inline
def can_strike(u, state):
    """Whether giant ``u`` rolls on its table this round (not on the ground, weapon free)."""
    return state[u, B_DOWN] == 0 and state[u, B_STUCK] != 1 and state[u, B_WOUNDS] > 0


@linked  # called: once a round in a combat with a giant
def giants_round_start(active, nb, sides, state):
    """Each round: the giants' stuck weapons and falls move on, shouts and stuns end.

    A giant on the ground stands up at the start of a round of its side's turn (its "fase
    propia de Resto de movimientos" comes before that turn's combat).
    """
    for b in range(nb):
        state[b, B_HUSHED] = 0
        state[b, B_SHOUT] = 0
        if state[b, B_STUCK] > 0:
            state[b, B_STUCK] -= 1
        if state[b, B_DOWN] and sides[b, S_SIDE] == active:
            state[b, B_DOWN] = 0


@linked  # called: once a round in a combat with a giant
def shout_margin(margin, nr, sides, state):
    """The round's margin once a giant shouted ("Gritar y vocear"): its side wins by 2."""
    for u in range(nr):
        if sides[u, S_GIANT] and state[u, B_SHOUT] and state[u, B_STATUS] == FIGHTING:
            margin = 2 if sides[u, S_SIDE] == 0 else -2
    return margin


@linked  # called: a decisive round of a combat with a giant
def fall_on_losing(buf, p, w, model, scratch):
    """Each giant of the losing side (not ``w``) still standing tests for a fall (1 on a D6).

    Its template's wounds come after the round's result and count for none.  Returns ``p``.
    """
    sides = model.sides
    state = scratch.state
    for u in range(model.flags[F_UNITS]):
        if (sides[u, S_GIANT_FALLS] & 1 and sides[u, S_SIDE] != w
                and state[u, B_STATUS] == FIGHTING and state[u, B_WOUNDS] > 0
                and not state[u, B_DOWN]):
            falls = buf[p] == 1
            p += 1
            if falls:
                p = fall(buf, p, u, False, model, scratch)
                if state[u, B_WOUNDS] <= 0:
                    state[u, B_STATUS] = WIPED
    return p


@linked  # called: the end of each combat phase with a giant
def death_fall(buf, p, model, scratch):
    """A giant slain this phase and not on the ground falls ("Muerte del gigante").

    Its template's wounds count for its side this round.  Returns ``p``.
    """
    sides = model.sides
    state = scratch.state
    for u in range(model.flags[F_UNITS]):
        if (sides[u, S_GIANT_FALLS] & 2 and state[u, B_STATUS] == FIGHTING
                and state[u, B_WOUNDS] <= 0 and not state[u, B_DOWN]):
            state[u, B_DOWN] = 1
            p = fall_hits(buf, p, u, True, model, scratch)
    return p


@linked  # called: a decisive round of a combat with a giant
def down_flee(nr, sides, state):
    """A giant on the ground that must flee is destroyed instead."""
    for u in range(nr):
        if sides[u, S_GIANT_FALLS] & 1 and state[u, B_DOWN] and state[u, B_STATUS] == FLEEING:
            state[u, B_STATUS] = WIPED
            state[u, B_WOUNDS] = 0
