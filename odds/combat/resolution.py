"""Combat resolution, leaving the combat and the end of a trial (``RULES.md`` §2, §4.3).

Helpers of :func:`odds.combat.kernel.fight_once` that run once per round or
once per trial, each typed and lowered once: :data:`odds._jit.inline` (LLVM
inlines them into the kernel) or, for :func:`horn_round`, a rare rule,
:data:`odds._jit.linked` (called only when a unit has it, so the common
path's machine code stays small).
"""

from __future__ import annotations

from odds._jit import inline, linked
from odds.combat.blows import leadership_test, models_left, sum_faces
from odds.combat.fighters import across, command_carried, unit_strength
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FIGHTING,
    FLANK,
    FLEEING,
    FRONT,
    NO_COMBAT,
    PANICKED,
    S_CAN_PURSUE,
    S_CHARGED,
    S_COLD,
    S_FLEE_DICE,
    S_FLEE_MINUS,
    S_FLEE_PLUS,
    S_HEADS,
    S_HORN,
    S_HOST,
    S_HOWLED,
    S_HP,
    S_IS_BSB,
    S_IS_GENERAL,
    S_LD,
    S_MUSICIAN,
    S_NO_FLANK_BONUS,
    S_PURSUE_DICE,
    S_PURSUE_EXTRA,
    S_REROLL_FLIGHT,
    S_SIDE,
    S_STANDARD,
    S_UNPURSUED,
    S_US,
    S_W,
    WIPED,
    WON,
)
from odds.combat.model.layout import (
    B_FLEE,
    B_FRENZIED,
    B_REFUSED,
    B_STATUS,
    B_WOUNDS,
    CT_A,
    CT_B,
    CT_FACE_B,
    ST_DESTROYED,
    ST_LOST,
    ST_PER_BODY,
    ST_STATUS,
    ST_SURVIVORS,
)
from odds.combat.psychology import hates_now, head_ld, horn_panic, panic_from, sung


@inline
def side_totals(nr, nb, sides, state, contacts, both_claim):
    """Per side, what the combat result counts besides wounds and ranks (§2.2).

    Returns ``(us0, us1, std0, std1, mus0, mus1, gen0, gen1, bsb0, bsb1, fb0,
    fb1, rb0, rb1)``: unit strength left of the side's units still fighting
    (characters included), a standard (a unit's, a battle standard or one carried by a
    named member, :class:`odds.units.Member`; 2: one worth 1D3, rolled by the caller), a
    musician, the General's Ld (0 when
    he is not in the combat), a battle standard, the flank (+1) and rear (+2)
    bonuses.  Flank and rear count units of strength >= 5 on an enemy's flank
    or rear: MDNR, the side with more of them claims the bonus;
    ``both_claim`` (Option), both sides do; no bonus is claimed against a unit with
    ``S_NO_FLANK_BONUS``.
    """
    nc = contacts.shape[0]
    us0 = 0
    us1 = 0
    std0 = 0
    std1 = 0
    mus0 = 0
    mus1 = 0
    gen0 = 0
    gen1 = 0
    bsb0 = 0
    bsb1 = 0
    for u in range(nb):
        host = u if u < nr else sides[u, S_HOST]
        # a body counts while it is alive and its unit fights: a 0 or 1 multiplied in rather
        # than a branch on how the round went, which the predictor cannot guess
        on = (state[host, B_STATUS] == FIGHTING) & (state[u, B_WOUNDS] > 0)
        m = models_left(state[u, B_WOUNDS], sides[u, S_W]) * on
        gen = 0
        bsb = 0
        if u < nr:  # none left: m is 0, so neither standard nor musician is carried
            std_ok, mus_ok = command_carried(u, m, sides, state)
            has_std = sides[u, S_STANDARD] if std_ok else 0
            has_mus = 1 if mus_ok else 0
        else:
            # a battle standard, or a named member carrying the unit's standard or
            # instrument (odds.units.Member: S_STANDARD, S_MUSICIAN of its body)
            here = on & (state[u, B_REFUSED] == 0)  # not refused a challenge this round
            has_std = max(sides[u, S_IS_BSB], sides[u, S_STANDARD]) * here
            has_mus = sides[u, S_MUSICIAN] * here
            bsb = sides[u, S_IS_BSB] * here
            gen = sides[u, S_LD] * sides[u, S_IS_GENERAL] * here
        if sides[u, S_SIDE] == 0:
            us0 += m * sides[u, S_US]
            std0 = max(std0, has_std)
            mus0 = mus0 or has_mus
            gen0 = max(gen0, gen)
            bsb0 = bsb0 or bsb
        else:
            us1 += m * sides[u, S_US]
            std1 = max(std1, has_std)
            mus1 = mus1 or has_mus
            gen1 = max(gen1, gen)
            bsb1 = bsb1 or bsb
    flank0 = 0
    flank1 = 0
    rear0 = 0
    rear1 = 0
    double_f0 = False
    double_f1 = False
    double_r0 = False
    double_r1 = False
    for c in range(nc):
        for d in range(2):
            a = contacts[c, CT_A + d]
            b = contacts[c, CT_B - d]
            face_b = contacts[c, CT_FACE_B - d]
            # the contact's facing first: a constant of the model, so a front-to-front
            # contact reads no state
            if (face_b == FRONT or state[a, B_STATUS] != FIGHTING
                    or state[b, B_STATUS] != FIGHTING or sides[b, S_NO_FLANK_BONUS]):
                continue
            if unit_strength(a, sides, state) < 5:
                continue
            # "Dos cabezas": a Traidor Ettin that charged the flank or rear doubles the bonus
            twice = sides[a, S_HEADS] > 0 and sides[a, S_CHARGED] > 0 and hates_now(a, sides,
                                                                                    state)
            if sides[a, S_SIDE] == 0:
                if face_b == FLANK:
                    flank0 += 1
                    double_f0 = double_f0 or twice
                else:
                    rear0 += 1
                    double_r0 = double_r0 or twice
            elif face_b == FLANK:
                flank1 += 1
                double_f1 = double_f1 or twice
            else:
                rear1 += 1
                double_r1 = double_r1 or twice
    if both_claim:  # Option: both sides claim
        fb0 = 1 if flank0 > 0 else 0
        fb1 = 1 if flank1 > 0 else 0
        rb0 = 2 if rear0 > 0 else 0
        rb1 = 2 if rear1 > 0 else 0
    else:  # MDNR: the side with more units on enemy flanks (rears)
        fb0 = 1 if flank0 > flank1 else 0
        fb1 = 1 if flank1 > flank0 else 0
        rb0 = 2 if rear0 > rear1 else 0
        rb1 = 2 if rear1 > rear0 else 0
    fb0, rb0 = fb0 * (1 + double_f0), rb0 * (1 + double_r0)
    fb1, rb1 = fb1 * (1 + double_f1), rb1 * (1 + double_r1)
    return (us0, us1, std0, std1, mus0, mus1, gen0, gen1, bsb0, bsb1, fb0, fb1, rb0, rb1)


# complexity above 20 (C901): a compiled kernel, left as it is until a refactor can be
# measured for speed on an unloaded machine
@inline
def leave_and_pursue(buf, p, nr, sides, state, contacts, pursuit_test):  # noqa: C901
    """Winners whose enemies in contact have all gone leave the combat and pursue (§4.3).

    Each such unit is ``WON``; it pursues the biggest fleeing enemy it was in
    contact with, not one with ``S_UNPURSUED`` (caught if its pursuit roll, less
    ``S_FLEE_MINUS``, reaches the flee roll in ``state[:, B_FLEE]``) unless it cannot pursue
    or, with ``pursuit_test`` (Option), passes a Ld test to hold (frenzied and hating
    units always pursue).  ``S_CAN_PURSUE`` 2 (MDNR "Devorador"): it pursues only
    after a passed Ld test, and holds with ``pursuit_test``; holding, it feasts and
    the beaten side's units still fighting that have not tested panic this phase
    test it (:func:`panic_from` of an enemy: partial immunities to the fled friend
    do not spare them; the General's Ld of a General still fighting).
    Returns ``p``.
    """
    nc = contacts.shape[0]
    rerolled = 0  # bit e: unit e's flee roll was re-rolled ("Aulladorez")
    # winners whose enemies in contact have all gone leave; they pursue the biggest fleer
    for u in range(nr):
        if state[u, B_STATUS] != FIGHTING:
            continue
        engaged = False
        target = -1
        for c in range(nc):
            e = across(u, c, contacts)
            if e < 0:
                continue
            if state[e, B_STATUS] == FIGHTING:
                engaged = True
            elif state[e, B_STATUS] == FLEEING and not sides[e, S_UNPURSUED] and (
                    state[e, B_FLEE] >= 0) and (  # -1: fled by choice ("Ataque relámpago")
                    target < 0 or sides[e, S_HP] > sides[target, S_HP]):
                target = e
        if engaged:
            continue
        state[u, B_STATUS] = WON
        if target < 0 or not sides[u, S_CAN_PURSUE]:
            continue
        if sides[u, S_CAN_PURSUE] == 2:
            chase = not pursuit_test
            if chase:
                chase, p = leadership_test(buf, p, sides[u, S_LD] - sung(u, state), False,
                                           False, sides[u, S_COLD])
            if not chase:
                gen = 0
                for b in range(nr, sides.shape[0]):
                    if (sides[b, S_SIDE] == sides[target, S_SIDE] and sides[b, S_IS_GENERAL]
                            and state[b, B_WOUNDS] > 0 and not state[b, B_REFUSED]
                            and state[sides[b, S_HOST], B_STATUS] == FIGHTING):
                        gen = sides[b, S_LD]
                p = panic_from(buf, p, target, nr, sides, state, gen, False)
                for f in range(nr):
                    if state[f, B_STATUS] == PANICKED:
                        state[f, B_STATUS] = FLEEING
                continue
        elif pursuit_test and not (state[u, B_FRENZIED] or hates_now(u, sides, state)):
            ld = sides[u, S_LD] + head_ld(u, sides, state) - sung(u, state)  # "Dos cabezas"
            held, p = leadership_test(buf, p, ld, False, False, sides[u, S_COLD])
            if not held and sides[u, S_HOWLED] - 1 == target:
                # Elfos Oscuros "Aullido abisal" ("el chequeo para evitar perseguir"): the
                # fleeing Kharibdyss's player has a failed test re-rolled
                held, p = leadership_test(buf, p, ld, False, False, sides[u, S_COLD])
            if held:
                continue
        chase, p = pursuit_roll(buf, p, u, sides)
        caught = chase - sides[u, S_FLEE_MINUS] >= state[target, B_FLEE]
        if caught and sides[target, S_REROLL_FLIGHT] and not (rerolled >> target) & 1:
            # Orcos y Goblins "Aulladorez": a flee roll that is caught, re-rolled once
            rerolled |= 1 << target
            flee, p = sum_faces(buf, p, sides[target, S_FLEE_DICE])
            state[target, B_FLEE] = flee + sides[target, S_FLEE_PLUS] - sides[target,
                                                                               S_FLEE_MINUS]
            caught = chase - sides[u, S_FLEE_MINUS] >= state[target, B_FLEE]
        if not caught and sides[u, S_REROLL_FLIGHT]:
            # "Aulladorez": a pursuit roll that falls short, re-rolled
            chase, p = pursuit_roll(buf, p, u, sides)
            caught = chase - sides[u, S_FLEE_MINUS] >= state[target, B_FLEE]
        if caught:
            state[target, B_STATUS] = CAUGHT
    return p


@inline
def pursuit_roll(buf, p, u, sides):
    """Unit ``u``'s pursuit roll (its ``S_PURSUE_DICE``); returns ``(roll, p)``.

    Bretonia "Obligación de Perseguir" (``S_PURSUE_EXTRA``): more dice, the highest kept.
    """
    chase, p = sum_faces(buf, p, sides[u, S_PURSUE_DICE])
    if sides[u, S_PURSUE_EXTRA]:
        chase, p = drop_lowest(buf, p, chase, sides[u, S_PURSUE_EXTRA],
                               sides[u, S_PURSUE_DICE])
    return chase, p


@inline
def drop_lowest(buf, p, total, extra, n):
    """Roll ``extra`` more faces beside ``n`` already rolled; keep the ``n`` highest.

    ``total`` is the sum of the ``n`` faces before ``p``; the ``extra`` faces from ``p`` join
    them.  Returns ``(the sum of the n highest, p)``.
    """
    for i in range(p, p + extra):
        total += buf[i]
    drop = extra
    for face in range(1, 7):  # the lowest faces first
        if drop <= 0:
            break
        count = 0
        for i in range(p - n, p + extra):
            if buf[i] == face:
                count += 1
        t = min(count, drop)
        total -= t * face
        drop -= t
    return total, p + extra


@linked  # called once a round, only in combats with a horn (the kernel's ``horns``)
def horn_round(buf, p, rnd, nr, sides, state, contacts, prev_winner, pursuit):
    """Regimientos de Renombre "Cuerno del Dragón" at the start of round ``rnd``.

    Returns ``(p, over)``: ``over``, a side has no unit left fighting (the combat ended
    before this round's blows; :func:`settle`).
    """
    # blown at the start of round S_HORN - 1 (its first own turn); who flees is pursued only
    # if the horn's side won the round before (6th "Panicking in Close Combat"); no enemy
    # left, the combat is over
    horn = -1
    for u in range(nr):
        if sides[u, S_HORN] == rnd + 1 and state[u, B_STATUS] == FIGHTING:
            p = horn_panic(buf, p, u, nr, sides, state)
            horn = sides[u, S_SIDE]
    if horn >= 0:
        if prev_winner == horn:
            p = leave_and_pursue(buf, p, nr, sides, state, contacts, pursuit)
        return p, settle(nr, sides, state)
    return p, False


@inline
def settle(nr, sides, state):
    """Units that fled have left; if a side has no unit left fighting, the others have won.

    Returns True when the combat is over (end of a round, or a horn blown before it).
    """
    left0 = False
    left1 = False
    for u in range(nr):
        if state[u, B_STATUS] == FLEEING:
            state[u, B_STATUS] = ESCAPED
        if state[u, B_STATUS] == FIGHTING:
            if sides[u, S_SIDE] == 0:
                left0 = True
            else:
                left1 = True
    if left0 and left1:
        return False
    for u in range(nr):
        if state[u, B_STATUS] == FIGHTING:
            state[u, B_STATUS] = WON
    return True


@inline
def end_stats(nr, sides, state, stats):
    """End of a trial: characters take their unit's status; ``stats`` per side and body.

    ``stats[ST_LOST + ST_PER_BODY nb + side]``: the side lost (no unit left fighting, won or
    out of the combat); ``stats[ST_DESTROYED + ST_PER_BODY nb + side]``: destroyed (every unit
    wiped or caught); ``stats[ST_STATUS + b]`` and ``stats[ST_SURVIVORS + nb + b]``: each body's
    status and models left.
    """
    nb = sides.shape[0]
    for b in range(nr, nb):
        if state[b, B_STATUS] != WIPED:
            state[b, B_STATUS] = state[sides[b, S_HOST], B_STATUS]
    for side in range(2):  # side tallies: lost (no unit left), destroyed (all dead or caught)
        lost = True
        destroyed = True
        for u in range(nr):
            if sides[u, S_SIDE] != side:
                continue
            st = state[u, B_STATUS]
            if st == FIGHTING or st == WON or st == NO_COMBAT:
                lost = False
            if state[u, B_STATUS] != WIPED and state[u, B_STATUS] != CAUGHT:
                destroyed = False
        stats[ST_LOST + ST_PER_BODY * nb + side] = lost
        stats[ST_DESTROYED + ST_PER_BODY * nb + side] = destroyed
    for u in range(nb):
        st = state[u, B_STATUS]
        stats[ST_STATUS + u] = st
        left = models_left(state[u, B_WOUNDS], sides[u, S_W])
        stats[ST_SURVIVORS + nb + u] = left * ((st != WIPED) & (st != CAUGHT))
