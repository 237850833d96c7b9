"""The strike steps of one round (``RULES.md`` §1.2): who strikes first, attacks, blows.

Helpers of :func:`odds.combat.kernel.fight_once`, each typed and lowered once and inlined
by LLVM (:data:`odds._jit.inline`).  A step's side-0 groups strike together, then its
side-1 groups (or the other way round: :func:`strike_steps`); each side's groups first
count their attacks through every contact (:func:`count_attacks`), then strike
(:func:`deliver`), so that blows struck at one step take away only the fighters of later
steps.  ``model`` and ``scratch`` are :class:`odds.combat.model.layout.ModelArrays` and
:class:`~odds.combat.model.layout.Scratch`; ``variant`` is the calling kernel's constant
(:mod:`odds.combat.variants`).
"""

from __future__ import annotations

from odds._jit import inline, linked
from odds.combat.blows import count_ge, models_left, strike, whirl_hits
from odds.combat.censers import censer_fumes
from odds.combat.fighters import (
    attacks_of,
    character_target,
    contact_of,
    end_of,
    hosted_char,
    lords_fall,
    lose_fighters,
    round_kind,
)
from odds.combat.giants import can_strike, giant_blow, hits_on, ward_of, wound_body
from odds.combat.model.layout import (
    A_ATTACKS,
    A_CHAR,
    A_ON_CHAR,
    B_CHAMP_CONTACT,
    B_FRENZIED,
    B_FRONT_CHARS,
    B_GEM,
    B_GRAB_TESTED,
    B_HUSHED,
    B_PANIC,
    B_RANDOM_A,
    B_REGEN_WOUNDS,
    B_SIXES,
    B_STATUS,
    B_TONGUED,
    B_WOUNDS,
    CH_OVERKILL,
    CT_A,
    CT_B,
    CT_FACE_A,
    CT_FACE_B,
    F_CORNER,
    F_UNITS,
    FIGHTING,
    FRONT,
    G_ATTACKS,
    G_BURNING,
    G_FRENZY_A,
    G_LANCE,
    G_PER_MODEL,
    G_REBOUND_S,
    G_WHIRL,
    P_FRONT_A,
    P_FRONT_LOST_A,
    P_FRONT_LOST_B,
    P_MOUNTS_A,
    P_SUPPORT_A,
    P_SUPPORT_LOST_A,
    RANK_AND_FILE,
    S_ALLOC,
    S_CENSER,
    S_CHARGED,
    S_ENRAGE,
    S_GIANT,
    S_HOST,
    S_HP,
    S_HUNTER_WARD,
    S_IMPETUOUS,
    S_SIDE,
    S_W,
    STEP_HI,
    STEP_LO,
    STEP_MID,
    STRIKER_BODY,
    STRIKER_GROUP,
    T_TOUCH_A,
    T_TOUCH_B,
)
from odds.combat.variants import GENERAL, all_rules, pair


@inline
def strike_steps(buf, p, rnd, prev_winner, chg, duel_a, duel_b, model, scratch, variant):
    """Every strike step of round ``rnd``; returns ``(p, overkill0, overkill1)``.

    Clears the round's tallies first (``scored``, each body's regenerable wounds, its
    panic mark, its "Garras mecánicas" test and the "Ataque de lengua" that hit it), then
    the fumes of any Skaven "Incensario de plaga" (:func:`odds.combat.censers.censer_fumes`).
    Where both sides have groups at a step, last round's winner ``prev_winner`` strikes
    first, else a roll-off.  ``chg``: the
    charger (unused: a unit hits only on 6s the units whose bits its ``B_SIXES`` sets).
    """
    state = scratch.state
    scored = scratch.scored
    steps = model.steps
    scored[0] = 0
    scored[1] = 0
    for u in range(2 if pair(variant) else model.sides.shape[0]):
        state[u, B_REGEN_WOUNDS] = 0
        if not pair(variant):  # neither panic (no friend) nor "Garras mecánicas" in a plain pair
            state[u, B_PANIC] = 1 if state[u, B_STATUS] == FIGHTING else 0
            if rnd == 0 and model.sides[u, S_IMPETUOUS] and model.sides[u, S_CHARGED]:
                state[u, B_PANIC] = 2  # Bretonia "Impetuosos": no panic test the turn it charged
            state[u, B_GRAB_TESTED] = 0  # "Garras mecánicas": no I test taken yet
            state[u, B_TONGUED] = 0  # "Ataque de lengua": its penalty lasts the phase
            state[u, B_GEM] = 0  # "Gema de Lustria": one re-roll a turn
    kind = round_kind(rnd)
    if all_rules(variant):
        for b in range(model.sides.shape[0]):
            if model.sides[b, S_CENSER]:  # Skaven "Incensario de plaga": before every step
                p = censer_fumes(buf, p, kind, model, scratch)
                break
    overkill0 = 0
    overkill1 = 0
    for k in range(model.n_steps[kind]):
        lo = steps[kind, k, STEP_LO]
        mid = steps[kind, k, STEP_MID]
        hi = steps[kind, k, STEP_HI]
        first = 0 if mid > lo else 1
        if mid > lo and hi > mid:
            if prev_winner >= 0:
                first = prev_winner
            else:
                first = 0 if buf[p] <= 3 else 1  # roll-off, re-rolled ties = a fair coin
                p += 1
        for t in range(2):
            side = first if t == 0 else 1 - first
            i = lo if side == 0 else mid
            j = mid if side == 0 else hi
            if i == j:  # no group of this side at this step: nothing counted or struck
                continue
            # every group of this side at this step strikes simultaneously
            p = count_attacks(buf, p, kind, i, j, duel_a, duel_b, model, scratch, variant)
            ok = overkill0 if side == 0 else overkill1
            p, ok = deliver(buf, p, kind, side, i, j, ok, chg, duel_a, duel_b, model, scratch,
                            variant)
            if side == 0:
                overkill0 = ok
            else:
                overkill1 = ok
        if all_rules(variant):  # Elfos Silvanos "Muerte del señor", after the step's blows
            lords_fall(model.flags[F_UNITS], model.sides, state)
    return p, overkill0, overkill1


@inline
def enraged(u, sides, state):
    """Attacks one-model body ``u`` gains from Enanos "Enfurecer": its wounds lost by now."""
    return max(0, sides[u, S_HP] - state[u, B_WOUNDS])


@linked  # called: one rare rule of deliver() below
def rebound(buf, p, n, u, t, c, gi, kind, model, scratch):
    """``n`` hits back at body ``u`` from body ``t``'s passed armour saves; returns ``p``.

    Enanos "Escamas puntiagudas": "Cada tirada de salvación por armadura superada contra un
    ataque cuerpo a cuerpo provocará un impacto de rebote al atacante de igual fuerza que
    dicho ataque": at the Strength of the blows of ``u``'s group ``gi`` (``G_REBOUND_S``), on
    ``u``'s T and armour, its ward as against ``t``'s own blows; the wounds count for ``t``'s
    side, and a unit's slain models leave its fighters through contact ``c`` (-1: none, a
    character's blows).
    """
    s = model.groups[u, t, gi, kind, G_REBOUND_S]
    uns, kbw, p = hits_on(buf, p, n, s, False, 0, ward_of(model.groups, t, u, kind), u,
                          model.sides)
    return wound_body(buf, p, u, max(c, 0), uns, kbw, 0, True, model.sides[t, S_SIDE],
                      model, scratch)


@inline
def count_attacks(buf, p, kind, i, j, duel_a, duel_b, model, scratch, variant):
    """The attacks of strikers ``i .. j - 1`` into ``alloc`` (``A_*``); returns ``p``.

    A character: its duel, else the enemy at its unit's front (its attacks and target in
    ``A_ATTACKS`` and ``A_CHAR`` of contact 0, the only ones read).  A unit: its attacks
    through each contact (``A_ON_CHAR`` and ``A_CHAR``, the blows on a character and who,
    are read only where ``A_ATTACKS`` > 0, and neither is written or read in a plain pair).
    """
    sides = model.sides
    groups = model.groups
    contacts = model.contacts
    state = scratch.state
    alloc = scratch.alloc
    touch = scratch.touch
    pool = scratch.pool
    nr = 2 if pair(variant) else model.flags[F_UNITS]
    nc = 1 if pair(variant) else contacts.shape[0]
    for q in range(i, j):
        u = model.strikers[kind, q, STRIKER_BODY]
        gi = model.strikers[kind, q, STRIKER_GROUP]
        if not pair(variant) and u >= nr:
            tgt = character_target(u, sides, state, contacts, duel_a, duel_b)
            alloc[A_ATTACKS, q - i, 0] = 0
            alloc[A_CHAR, q - i, 0] = tgt
            if tgt >= 0 and not state[u, B_HUSHED]:  # hushed: a giant's shout, headbutt
                bonus = groups[u, tgt, gi, kind, G_FRENZY_A] * state[u, B_FRENZIED]
                alloc[A_ATTACKS, q - i, 0] = groups[u, tgt, gi, kind, G_PER_MODEL] * (
                    groups[u, tgt, gi, kind, G_ATTACKS] + bonus)
            continue
        rolled = False  # a giant rolls on its table once, through its first contact
        for c in range(nc):
            alloc[A_ATTACKS, q - i, c] = 0
            d = end_of(u, c, contacts)
            if d < 0:
                continue
            if touch[c, T_TOUCH_A + d] == 0 or state[u, B_WOUNDS] <= 0:
                continue
            v = contacts[c, CT_B - d]
            # the start's fighters less the casualties since (§1.2)
            taken = pool[c, P_FRONT_LOST_A + d]
            if all_rules(variant) and (groups[u, v, gi, kind, G_BURNING]
                              or groups[u, v, gi, kind, G_WHIRL]):
                # "Cuerpo ardiente", "Torbellino de muerte": a hit on each enemy model in
                # contact (those of the start of the round less the front casualties since)
                na = max(0, touch[c, T_TOUCH_B - d] - pool[c, P_FRONT_LOST_B - d])
                if groups[u, v, gi, kind, G_WHIRL] and na > 0:
                    na, p = whirl_hits(buf, p, v, na, sides, state)
            else:
                na, p = attacks_of(buf, p, gi, u, v, kind, pool[c, P_FRONT_A + d] - taken,
                                   pool[c, P_SUPPORT_A + d] - pool[c, P_SUPPORT_LOST_A + d],
                                   max(0, pool[c, P_MOUNTS_A + d] - taken
                                       # a lance's flank riders slain take their steeds
                                       - (groups[u, v, RANK_AND_FILE, kind, G_LANCE]
                                          * pool[c, P_SUPPORT_LOST_A + d]
                                          if all_rules(variant) else 0)),
                                   state[u, B_CHAMP_CONTACT] == c and state[u, B_WOUNDS] > 0,
                                   groups, state[u, B_FRENZIED], state[u, B_RANDOM_A])
                if all_rules(variant) and sides[v, S_HUNTER_WARD] > 0 and gi == RANK_AND_FILE:
                    # empire family: Condes Vampiro "Cazador en la oscuridad": its ward
                    # against the attacks of models not in contact only, the supporting
                    # ranks' (rolled before the hit; a warded attack is dropped)
                    ns = na - attacks_of(buf, p, gi, u, v, kind, pool[c, P_FRONT_A + d] - taken,
                                         0, 0, False, groups, state[u, B_FRENZIED],
                                         state[u, B_RANDOM_A])[0]
                    saved, p = count_ge(buf, p, ns, sides[v, S_HUNTER_WARD])
                    na -= saved
            if all_rules(variant) and sides[u, S_ENRAGE] and gi == RANK_AND_FILE and na > 0:
                na += enraged(u, sides, state)  # Enanos "Enfurecer": one model's lost wounds
            if all_rules(variant) and sides[u, S_GIANT]:  # "Ataques del gigante": one table roll
                na = 0 if rolled or not can_strike(u, state) else 1
                rolled = True
            alloc[A_ATTACKS, q - i, c] = na
            if pair(variant):  # no character: deliver reads neither A_ON_CHAR nor A_CHAR
                continue
            alloc[A_ON_CHAR, q - i, c] = 0
            alloc[A_CHAR, q - i, c] = -1
            if na > 0 and sides.shape[0] > nr:
                at_characters(q - i, c, d, u, v, gi, kind, na, duel_a, duel_b, model, scratch)
    return p


@inline
def at_characters(g, c, d, u, v, gi, kind, na, duel_a, duel_b, model, scratch):
    """Which enemy character, if any, some of unit ``u``'s ``na`` attacks go at (§1.1).

    Step group ``g`` through contact ``c`` (``u`` at its end ``d``, ``v`` at the other):
    all of them when no rank and file of ``v`` is left, else as the allocation policy
    ``S_ALLOC`` says; no character is looked up when none can be attacked.
    """
    sides = model.sides
    groups = model.groups
    state = scratch.state
    alloc = scratch.alloc
    if state[v, B_WOUNDS] <= 0:
        vc = hosted_char(v, sides, state, duel_a, duel_b, False, 2)
        if vc >= 0:
            alloc[A_ON_CHAR, g, c] = na
            alloc[A_CHAR, g, c] = vc
    elif (sides[u, S_ALLOC] != 0 and gi == RANK_AND_FILE
          and model.contacts[c, CT_FACE_A + d] == FRONT
          and model.contacts[c, CT_FACE_B - d] == FRONT):
        vc = hosted_char(v, sides, state, duel_a, duel_b, False, 0)
        if vc < 0:
            return
        per = groups[u, vc, gi, kind, G_PER_MODEL] * (
            groups[u, vc, gi, kind, G_ATTACKS]
            + groups[u, vc, gi, kind, G_FRENZY_A] * state[u, B_FRENZIED])
        if sides[u, S_ENRAGE]:
            per += enraged(u, sides, state)  # "Enfurecer": its extra attacks too
        reach = 3 if model.flags[F_CORNER] else 1  # enemy models that can touch one character
        k = min(reach, max(0, scratch.touch[c, T_TOUCH_A + d] - state[u, B_FRONT_CHARS]))
        if sides[u, S_ALLOC] == 2:
            k = (k + 1) // 2
        alloc[A_ON_CHAR, g, c] = min(na, k * per)
        alloc[A_CHAR, g, c] = vc


@inline
def deliver(buf, p, kind, side, i, j, overkill, chg, duel_a, duel_b, model, scratch, variant):
    """Strikers ``i .. j - 1`` of ``side`` strike the attacks :func:`count_attacks` counted.

    Returns ``(p, overkill)``: ``overkill``, the side's overkill wounds in challenges this
    round, grown by its duellists' blows.  A unit's casualties take away the fighters of
    its later steps (:func:`odds.combat.fighters.lose_fighters`; a count of 0 takes
    nothing, so no branch on how the dice fell).
    """
    sides = model.sides
    contacts = model.contacts
    state = scratch.state
    alloc = scratch.alloc
    nr = 2 if pair(variant) else model.flags[F_UNITS]
    nc = 1 if pair(variant) else contacts.shape[0]
    for q in range(i, j):
        u = model.strikers[kind, q, STRIKER_BODY]
        gi = model.strikers[kind, q, STRIKER_GROUP]
        if not pair(variant) and u >= nr:
            p, overkill = character_blows(buf, p, kind, side, q - i, u, gi, overkill, chg,
                                          duel_a, duel_b, model, scratch)
            continue
        six = kind == 0 and state[u, B_SIXES] != 0
        for c in range(nc):
            na = alloc[A_ATTACKS, q - i, c]
            if na == 0:
                continue
            v = contacts[c, CT_B] if contacts[c, CT_A] == u else contacts[c, CT_A]
            nch = 0 if pair(variant) else alloc[A_ON_CHAR, q - i, c]
            if all_rules(variant) and sides[u, S_GIANT] and gi == RANK_AND_FILE:
                # "Ataques del gigante": its table against the unit, or its character
                t = v if (na > nch and state[v, B_WOUNDS] > 0) else alloc[A_CHAR, q - i, c]
                if t >= 0 and state[t, B_WOUNDS] > 0:
                    p = giant_blow(buf, p, kind, side, u, c, t, model, scratch)
                continue
            if na > nch and state[v, B_WOUNDS] > 0:
                before = models_left(state[v, B_WOUNDS], sides[v, S_W])
                sc, _, back, p = strike(buf, p, na - nch, model.groups, u, v, gi, kind, state,
                                        sides, False, 0, six and (state[u, B_SIXES] >> v) & 1,
                                        variant, scratch.scored)
                scratch.scored[side] += sc
                lost = before - models_left(state[v, B_WOUNDS], sides[v, S_W])
                lose_fighters(v, c, lost, contacts, scratch.pool)
                if all_rules(variant) and back > 0:  # "Escamas puntiagudas"
                    p = rebound(buf, p, back, u, v, c, gi, kind, model, scratch)
            if pair(variant):
                continue
            tc = alloc[A_CHAR, q - i, c]
            if nch > 0 and tc >= 0 and state[tc, B_WOUNDS] > 0:
                sc, _, back, p = strike(buf, p, nch, model.groups, u, tc, gi, kind, state,
                                        sides, False, 0,
                                        six and (state[u, B_SIXES] >> sides[tc, S_HOST]) & 1,
                                        variant, scratch.scored)
                scratch.scored[side] += sc
                if back > 0:  # "Escamas puntiagudas" (a character with them)
                    p = rebound(buf, p, back, u, tc, c, gi, kind, model, scratch)
    return p, overkill


@inline
def character_blows(buf, p, kind, side, g, u, gi, overkill, chg, duel_a, duel_b, model,
                    scratch):
    """Character ``u`` (step group ``g``) strikes its target; returns ``(p, overkill)``.

    In its duel the overkill counts (§1.9; ``chal[CH_OVERKILL]``); a unit struck loses
    fighters through its contact with the character's unit.
    """
    sides = model.sides
    state = scratch.state
    na = scratch.alloc[A_ATTACKS, g, 0]
    tgt = scratch.alloc[A_CHAR, g, 0]
    if na == 0 or tgt < 0:
        return p, overkill
    duel = (u == duel_a and tgt == duel_b) or (u == duel_b and tgt == duel_a)
    before = models_left(state[tgt, B_WOUNDS], sides[tgt, S_W])
    host = tgt if sides[tgt, S_HOST] < 0 else sides[tgt, S_HOST]
    six = kind == 0 and (state[u, B_SIXES] >> host) & 1 != 0
    sc, extra, back, p = strike(buf, p, na, model.groups, u, tgt, gi, kind, state, sides,
                                duel, overkill, six, GENERAL, scratch.scored)
    if tgt < model.flags[F_UNITS]:  # a unit: through its contact with the character's unit
        lost = before - models_left(state[tgt, B_WOUNDS], sides[tgt, S_W])
        ct = contact_of(sides[u, S_HOST], tgt, model.contacts)
        if ct >= 0:  # lost 0 takes nothing: no branch on the dice
            lose_fighters(tgt, ct, lost, model.contacts, scratch.pool)
    scratch.scored[side] += sc + extra
    scratch.chal[CH_OVERKILL] += extra
    if back > 0:  # "Escamas puntiagudas": the character struck back
        p = rebound(buf, p, back, u, tgt, -1, gi, kind, model, scratch)
    return p, overkill + extra
