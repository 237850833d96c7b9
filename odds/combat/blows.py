"""Blows: rolling to hit, to wound, saves and wounds removed (``RULES.md`` §1.3-§1.8).

Inlined numba helpers of the combat kernel.  Dice come from the kernel's
buffer ``buf`` at position ``p``; every helper returns the new position.
Rolls count their successes sixteen dice at a time (:func:`odds._faces.count_at_least`);
loops over dice index the buffer with unsigned integers, for which numba adds no
negative-index wraparound, so they compile to plain vector loads.
"""

from __future__ import annotations

import numpy as np

from odds._faces import count_at_least
from odds._jit import inline, linked
from odds.combat.model import (
    CHAIN_CAP,
    CREW,
    G_CHAIN,
    G_COLD,
    G_FLAMING,
    G_GRAB,
    G_HIT,
    G_KB,
    G_MW,
    G_NO_REGEN,
    G_POISON,
    G_REROLL,
    G_SAVE,
    G_STD_HIT,
    G_WARD,
    G_WOUND,
    S_BEAR_STD,
    S_DUEL_REROLL,
    S_DUEL_WARD,
    S_FILES,
    S_GEM,
    S_HP,
    S_LIFE_DRAIN,
    S_RA_DICE,
    S_RA_SIDES,
    S_RECRUIT,
    S_SIDE,
    S_W,
)
from odds.combat.model.layout import (
    B_GEM,
    B_GRAB_TESTED,
    B_HEAD,
    B_MELTED,
    B_NO_REGEN,
    B_RANDOM_A,
    B_REGEN_WOUNDS,
    B_STD_LOST,
    B_TONGUED,
    B_WOUNDS,
    G_FEAST,
    G_HEAD_HIT,
    G_HEAD_SAVE,
    G_HEAD_WOUND,
    G_HEADS_HIT,
    G_HIT_HEAD,
    G_ICE_HIT,
    G_ICE_WARD,
    G_REBOUND_S,
    G_REROLL_WOUND,
    G_SWALLOW,
    S_HEADS,
    S_ICE,
    S_LUCKY,
    S_TONGUE,
)
from odds.combat.model.thresholds import ALL_WOUNDS
from odds.combat.variants import GENERAL, all_rules


@inline
def models_left(hp, w):
    """Models left from remaining wounds (one partially wounded model carries the rest)."""
    if w == 1:
        return hp
    return (hp + w - 1) // w


@inline
def count_ge(buf, p, n, target):
    """How many of the next ``n`` faces show ``target`` or more; returns ``(count, p)``."""
    return count_at_least(buf, p, n, target), p + n


@inline
def whirl_hits(buf, p, v, touched, sides, state):
    """Hits of "Torbellino de muerte" on unit ``v``, ``touched`` of whose models are in contact.

    Returns ``(hits, p)``.  Enanos "Torbellino de muerte": a unit that started as one model
    takes 1D3 hits (a D6 halved, rounded up); otherwise one hit on each model in contact
    and one on each model beside them that rolls 4+ (the Default of
    :data:`odds.special_rules.blows.DEATH_WHIRL`: up to two more of the front rank and
    those of the second rank behind the models hit).
    """
    w = sides[v, S_W]
    if sides[v, S_HP] <= w:
        return (np.int64(buf[p]) + 1) // 2, p + 1
    models = models_left(state[v, B_WOUNDS], w)
    front = min(sides[v, S_FILES], models)
    near = min(2, max(0, front - touched)) + min(touched, max(0, models - front))
    extra, p = count_ge(buf, p, near, 4)
    return touched + extra, p


@inline
def roll_hits(buf, p, n, hit, poison):
    """Hits and poisoned hits of ``n`` attacks needing ``hit`` (0 automatic, 7 never)."""
    n = max(n, 0)  # no branch on n: a count of 0 faces is 0 (count_at_least)
    if hit >= 7:
        return 0, 0, p
    if hit == 0:
        return n, 0, p
    h = count_at_least(buf, p, n, hit)
    ph = count_at_least(buf, p, n, max(hit, poison)) if poison < 7 else 0
    return h, ph, p + n


@inline
def roll_wounds(buf, p, n, wound, kb):
    """Wounds and killing blows (natural 6s if ``kb``) of ``n`` hits needing ``wound``."""
    n = max(n, 0)
    if wound >= 7:
        return 0, 0, p
    w = count_at_least(buf, p, n, wound)
    k6 = count_at_least(buf, p, n, 6) if kb else 0
    return w, k6, p + n


@linked  # called: one kind of monster only
def chain_attacks(buf, p, n, hit, poison, row):
    """The attacks ``n`` wounds give and those they give in turn ("Asalto imparable").

    MDNR Reyes Funerarios / Elfos Oscuros "Asalto imparable": "En carga, por cada tirada
    para herir exitosa ... puede hacer un ataque adicional (que a su vez, en caso de herir,
    desencadenará nuevos ataques)"; the Elfos Oscuros text counts "cada herida que cause ...
    (antes de efectuar tiradas de salvación)", so a poisoned hit's wound gives one too.  At
    most :data:`~odds.combat.model.CHAIN_CAP` attacks in all.  Returns ``(wounds rolled,
    their natural 6s, poisoned wounds, p)`` of the further attacks; ``row``: the group's
    ``G_*`` row (re-roll, to wound, killing blow), ``hit`` and ``poison`` as struck.
    """
    reroll = row[G_REROLL]
    wound = row[G_WOUND]
    kb = row[G_KB]
    w_all = 0
    k_all = 0
    ph_all = 0
    left = CHAIN_CAP
    while n > 0 and left > 0:
        n = min(n, left)
        left -= n
        hits, ph, p = roll_hits(buf, p, n, hit, poison)
        if reroll and 2 <= hit <= 6 and hits < n:
            h2, ph2, p = roll_hits(buf, p, n - hits, hit, poison)
            hits += h2
            ph += ph2
        w, k6, p = roll_wounds(buf, p, hits - ph, wound, kb)
        w_all += w
        k_all += k6
        ph_all += ph
        n = w + ph
    return w_all, k_all, ph_all, p


@inline
def roll_wounds_at(buf, p, n, wound, face):
    """Wounds and killing blows (rolls of ``face`` or more) of ``n`` hits needing ``wound``."""
    n = max(n, 0)
    if wound >= 7:
        return 0, 0, p
    return count_at_least(buf, p, n, wound), count_at_least(buf, p, n, face), p + n


@linked  # called: one rare rule of strike() below
def swallowed(buf, p, u, state, sides, scored):
    """Body ``u`` swallowed a model: 1D3 wounds back (Bestias "Engullir entero"); returns ``p``.

    Up to its starting wounds; those it gets back of the wounds it suffered in this phase
    leave the enemy's combat result, as regenerated ones do (``kernel.end_of_phase``).
    """
    back = min((np.int64(buf[p]) + 1) // 2, sides[u, S_HP] - state[u, B_WOUNDS])
    state[u, B_WOUNDS] += back
    now = min(back, state[u, B_REGEN_WOUNDS])
    state[u, B_REGEN_WOUNDS] -= now
    scored[1 - sides[u, S_SIDE]] -= now
    return p + 1


@inline  # the hot path: LLVM inlines it (compiled once)
def unsaved_wounds(buf, p, n_att, groups, u, v, gi, kind, only_sixes, need, reroll=False,
                   variant=GENERAL, ward_need=-1, gem=0, body=None, wound_need=-1, save_need=-1,
                   lucky=0):
    """Unsaved ordinary wounds and killing blows of ``n_att`` attacks of one group.

    ``only_sixes``: the attackers failed a fear test and held, so they hit
    only on natural 6s (§3.3); ``need``: the to-hit need instead of the group's ``G_HIT``
    (-1: the group's); ``reroll``: the misses are re-rolled even when the group's
    ``G_REROLL`` is 0 (a duellist with ``S_DUEL_REROLL``); ``variant``: the calling
    kernel's constant (:mod:`odds.combat.variants`: the code of the rules its models never
    have, such as ``G_COLD`` and ``G_CHAIN``, left out);
    ``ward_need``: the ward save instead of the group's ``G_WARD`` (-1: the group's);
    ``gem``: 1 when the target has "Gema de Lustria" (``S_GEM``), ``body`` its ``state`` row:
    while its ``B_GEM`` is 0, one failed armour save is rolled again and ``B_GEM`` set;
    ``wound_need``, ``save_need``: the to-wound roll and armour save instead of the group's
    ``G_WOUND`` and ``G_SAVE`` (-1: the group's; "Dos cabezas"); ``lucky``: 1 when the
    target re-rolls its failed armour saves, then its failed ward saves, once each
    (``S_LUCKY``, Reinos Ogros "Afortunados").
    Returns ``(wounds, killing_blows, sixes, saved, p)``: ``sixes``, the natural 6s to hit
    of a group with ``G_COLD`` (0 otherwise); ``saved``, the armour saves passed.
    """
    hit = groups[u, v, gi, kind, G_HIT] if need < 0 else need
    if only_sixes and hit < 7:
        hit = 6
    poison = groups[u, v, gi, kind, G_POISON]
    p0 = p
    hits, ph, p = roll_hits(buf, p, n_att, hit, poison)
    if (groups[u, v, gi, kind, G_REROLL] or reroll) and 2 <= hit <= 6 and hits < n_att:
        h2, ph2, p = roll_hits(buf, p, n_att - hits, hit, poison)
        hits += h2
        ph += ph2
    sixes = 0
    # "Arma de frío": the natural 6s rolled to hit
    if all_rules(variant) and groups[u, v, gi, kind, G_COLD]:
        sixes, _ = count_ge(buf, p0, p - p0, 6)
    face = groups[u, v, gi, kind, G_SWALLOW] if all_rules(variant) else 0
    wound = groups[u, v, gi, kind, G_WOUND] if wound_need < 0 else wound_need
    if face > 0:  # "Engullir entero": a killing blow on a to-wound roll of 4+ that wounds
        w, kbw, p = roll_wounds_at(buf, p, hits - ph, wound, max(face, wound))
    else:
        w, kbw, p = roll_wounds(buf, p, hits - ph, wound, groups[u, v, gi, kind, G_KB])
    if all_rules(variant) and groups[u, v, gi, kind, G_REROLL_WOUND] and w < hits - ph:
        # "Premonición": the failed rolls to wound are rolled once more
        w2, k2, p = roll_wounds(buf, p, hits - ph - w, wound, groups[u, v, gi, kind, G_KB])
        w, kbw = w + w2, kbw + k2
    if all_rules(variant) and groups[u, v, gi, kind, G_CHAIN] and w + ph > 0:  # "Asalto imparable"
        w2, k2, ph2, p = chain_attacks(buf, p, w + ph, hit, poison, groups[u, v, gi, kind])
        w, kbw, ph = w + w2, kbw + k2, ph + ph2
    armour = w - kbw + ph
    save = groups[u, v, gi, kind, G_SAVE] if save_need < 0 else save_need
    passed = 0
    if save <= 6:
        passed, p = count_ge(buf, p, armour, save)
        armour -= passed
        if lucky and armour > 0:  # "Afortunados": the failed saves again
            again, p = count_ge(buf, p, armour, save)
            armour -= again
            passed += again
        if gem and armour > 0 and body[B_GEM] == 0:  # "Gema de Lustria"
            again, p = count_ge(buf, p, 1, save)
            armour -= again
            passed += again
            body[B_GEM] = 1
    ward = groups[u, v, gi, kind, G_WARD] if ward_need < 0 else ward_need
    if ward <= 6:
        saved, p = count_ge(buf, p, armour, ward)
        armour -= saved
        saved, p = count_ge(buf, p, kbw, ward)
        kbw -= saved
        if lucky:  # "Afortunados": the failed ward saves again
            saved, p = count_ge(buf, p, armour, ward)
            armour -= saved
            saved, p = count_ge(buf, p, kbw, ward)
            kbw -= saved
    return armour, kbw, sixes, passed, p


@inline
def wounds_per_hit(buf, p, mw):
    """Wounds one unsaved wound becomes; returns ``(n, p)``.

    ``mw`` 0..3: 1, 2, D3 or D6; doubled (gst "Inflamable" against flaming attacks) 4..6:
    2 x D3, 2 x D6, 4; 7 (``MW_ALL``, a chariot wrecked, RULES.md §1.12): more than any
    model has, so the caller's cap leaves the current model's remaining wounds.
    """
    if mw == 0:
        return 1, p
    if mw == 1:
        return 2, p
    if mw == 2:
        return (np.int64(buf[p]) + 1) // 2, p + 1
    if mw == 3:
        return np.int64(buf[p]), p + 1
    if mw == 4:
        return 2 * ((np.int64(buf[p]) + 1) // 2), p + 1
    if mw == 5:
        return 2 * np.int64(buf[p]), p + 1
    if mw == 6:
        return 4, p
    return ALL_WOUNDS, p


@inline
def apply_wounds(buf, p, hp, w, unsaved, kbw, mw):
    """Remove wounds from a unit; returns ``(hp, scored, regenerable, p)``.

    Killing blows slay the current model outright and score its remaining
    wounds; each ordinary wound becomes 1, 2, D3 or D6 wounds (``mw``),
    capped at the current model's remaining wounds (§1.6, §1.8).
    """
    scored = 0
    for _ in range(kbw):
        if hp <= 0:
            break
        rem = (hp - 1) % w + 1
        hp -= rem
        scored += rem
    if w == 1:
        d = min(unsaved, hp)
        return hp - d, scored + d, d, p
    regen = 0
    for _ in range(unsaved):
        if hp <= 0:
            break
        dmg, p = wounds_per_hit(buf, p, mw)
        d = min(dmg, (hp - 1) % w + 1)
        hp -= d
        scored += d
        regen += d
    return hp, scored, regen, p


@inline  # inlined: on the path of every combat with characters (bench_scenario)
def apply_duel_wounds(buf, p, hp, w, unsaved, kbw, mw, overkill):
    """Wounds on a duellist (§1.9): ``(hp, wounds scored, overkill added, p)``.

    Wounds beyond the victim's remaining ones score +1 each (multiple wounds
    rolled uncapped), at most +5 a round in all (``overkill`` so far); the
    first unsaved killing blow scores all remaining wounds and any other
    unsaved wound is +1 overkill (MDNR recommendation, source 004).
    """
    scored = 0
    extra = 0
    for k in range(kbw):
        if k == 0 and hp > 0:
            scored += hp
            hp = 0
        else:
            extra += 1
    if mw == 0:  # a wound each: the loop below in closed form (hp >= 0), no branch on how many
        d = min(unsaved, hp)
        hp -= d
        scored += d
        extra += unsaved - d
    else:
        for _ in range(unsaved):
            dmg, p = wounds_per_hit(buf, p, mw)
            d = min(dmg, hp)
            hp -= d
            scored += d
            extra += dmg - d
    extra = max(0, min(extra, 5 - overkill))
    return hp, scored, extra, p


@linked  # called, not inlined: the rare case of strike() below
def recruit(h, n, state):
    """Unit ``h`` gains ``n`` rank-and-file models (its 1-W victims rise in it).

    Regimientos de Renombre "Bienvenido a la Maldición" (``S_RECRUIT``): "se crea en su lugar
    un Esqueleto que se añade a la Compañía Maldita".  Gaining models when none of its rank
    and file is left, it has lost its standard and musician for good (``state[:, B_STD_LOST]``: the
    recruits carry neither).
    """
    if state[h, B_WOUNDS] <= 0:
        state[h, B_STD_LOST] = 1
    state[h, B_WOUNDS] += n


@linked  # called, not inlined: three rare rules of strike() below
def hit_need(buf, p, groups, u, t, gi, kind, state, sides, need):
    """The to-hit need of body ``u``'s group ``gi`` on ``t`` when a rule changes it this blow.

    Regimientos de Renombre "Estandarte del Oso" (``S_BEAR_STD``): once the bearer has
    fallen, the need without the standard's +1 (``G_STD_HIT``); Reinos del Caos "Garras
    mecánicas" (``G_GRAB``): the first model struck this round tests I
    (``state[:, B_GRAB_TESTED]``), failed, the blows hit automatically (need 0); Reinos del
    Caos "Ataque de lengua" (``state[u, B_TONGUED]``): ``u`` was hit by ``t``'s tongue this
    round, its rolled hits on ``t`` are at -1 (a 6 still hits).  ``need``: the need so far
    (-1: the row's own).  Returns ``(need, p)``, -1: the row's own.
    """
    b = sides[u, S_BEAR_STD]
    if b > 0 and state[b - 1, B_WOUNDS] <= 0:  # "Estandarte del Oso": its bearer has fallen
        need = groups[u, t, gi, kind, G_STD_HIT]
    if groups[u, t, gi, kind, G_GRAB] and not state[u, B_GRAB_TESTED]:
        # "Garras mecánicas": the first model struck this round tests I; failed, auto hits
        state[u, B_GRAB_TESTED] = 1
        if buf[p] >= groups[u, t, gi, kind, G_GRAB]:
            need = 0
        p += 1
    if state[u, B_TONGUED] == t + 1:  # "Ataque de lengua": -1 to hit the Sapodragón
        base = groups[u, t, gi, kind, G_HIT] if need < 0 else need
        if 2 <= base <= 5:
            need = base + 1
    return need, p


@linked  # called: "Dos cabezas" in strike() below
def head_needs(groups, u, t, gi, kind, state, sides, need):
    """The needs of body ``u``'s group ``gi`` on ``t`` while an Ettin's other head is dominant.

    Reinos del Caos "Dos cabezas" (``S_HEADS``, ``state[:, B_HEAD]``): the striker's other
    head hits, wounds and pierces armour with its own WS and S (``G_HEAD_HIT``,
    ``G_HEAD_WOUND``, ``G_HEAD_SAVE``); a struck Ettin's other head is hit at its WS
    (``G_HIT_HEAD``; ``G_HEADS_HIT`` both).  A need another rule set this blow (``need``
    not -1) is kept.  Returns ``(need, wound, save)``, -1: the row's own.
    """
    mine = sides[u, S_HEADS] > 0 and state[u, B_HEAD] > 0
    theirs = sides[t, S_HEADS] > 0 and state[t, B_HEAD] > 0
    wound = groups[u, t, gi, kind, G_HEAD_WOUND] if mine else -1
    save = groups[u, t, gi, kind, G_HEAD_SAVE] if mine else -1
    if need < 0 and (mine or theirs):
        col = G_HEADS_HIT if mine and theirs else (G_HEAD_HIT if mine else G_HIT_HEAD)
        need = groups[u, t, gi, kind, col]
    return need, wound, save


@linked  # called: two rare rules of strike() below
def hits_rolled(buf, p0, na, groups, u, t, gi, kind, only_sixes, need, reroll):
    """How many of the ``na`` attacks of body ``u``'s group ``gi`` just struck on ``t`` hit.

    They were rolled to hit from ``buf[p0]`` on (:func:`unsaved_wounds`, the re-rolls of the
    misses after them); counted again here for the rules that follow a hit, not a wound:
    Reinos del Caos "Ataque de lengua" ("si el ataque de lengua impacta (no hace falta que
    hiera)") and Reinos Ogros "Armas de hielo" ("sufren un impacto de un ataque flamígero").
    """
    hit = groups[u, t, gi, kind, G_HIT] if need < 0 else need
    if only_sixes and hit < 7:
        hit = 6
    if hit >= 7 or na <= 0:
        return 0
    hits = na if hit == 0 else count_at_least(buf, p0, na, hit)
    if (groups[u, t, gi, kind, G_REROLL] or reroll) and 2 <= hit <= 6 and hits < na:
        hits += count_at_least(buf, p0 + na, na - hits, hit)
    return hits


@linked  # called: one monster's rule only
def feast(buf, p, p0, na, groups, u, t, gi, kind, only_sixes, need, reroll, ward, gem, body,
          wound, save, lucky):
    """Elfos Oscuros "Festín de huesos": when all ``na`` attacks just struck hit, +1D6 more.

    The ``na`` attacks were rolled to hit from ``buf[p0]`` on (:func:`hits_rolled`); when all
    hit, a D6 more attacks of the same row are rolled against the same body
    (:func:`unsaved_wounds`, ``need``, ``reroll``, ``ward``, ``gem``, ``body``, ``wound``,
    ``save`` and ``lucky`` as struck).  Returns ``(wounds, killing_blows, sixes, saved, p)`` of the
    further attacks, all 0 when some attack missed.
    """
    if na <= 0 or hits_rolled(buf, p0, na, groups, u, t, gi, kind, only_sixes, need,
                              reroll) < na:
        return 0, 0, 0, 0, p
    more = np.int64(buf[p])
    return unsaved_wounds(buf, p + 1, more, groups, u, t, gi, kind, only_sixes, need, reroll,
                          GENERAL, ward, gem, body, wound, save, lucky)


@inline
def strike(buf, p, na, groups, u, t, gi, kind, state, sides, duel, overkill, only_sixes,
           variant, scored):
    """Resolve ``na`` attacks of group ``gi`` of body ``u`` on body ``t``.

    Returns ``(wounds scored, overkill added, rebound, p)``: ``rebound``, the armour saves
    ``t`` passed against blows with ``G_REBOUND_S`` (Enanos "Escamas puntiagudas": hits back
    at ``u``, :func:`odds.combat.strike_steps.rebound`), else 0; ``duel``: ``t`` is ``u``'s
    challenge opponent (overkill counts, §1.9); ``only_sixes``: hits on
    natural 6s only (failed fear, §3.3); ``variant``: the calling kernel's constant (the
    rules of a strike its models never have, :mod:`odds.combat.variants`, have no code
    there); ``scored``: the wounds each side scored this round (a swallow's wounds back
    leave the enemy's, :func:`swallowed`).
    """
    need = -1
    ward = -1
    if all_rules(variant) and sides[u, S_ICE] and state[u, B_MELTED]:
        # Reinos Ogros "Armas de hielo": melted by a flaming hit, normal weapons now
        need = groups[u, t, gi, kind, G_ICE_HIT]
        ward = groups[u, t, gi, kind, G_ICE_WARD]
    if all_rules(variant) and (sides[u, S_BEAR_STD] or groups[u, t, gi, kind, G_GRAB]
                      or state[u, B_TONGUED] == t + 1):
        need, p = hit_need(buf, p, groups, u, t, gi, kind, state, sides, need)
    wound = -1
    save = -1
    if all_rules(variant) and (sides[u, S_HEADS] or sides[t, S_HEADS]):
        need, wound, save = head_needs(groups, u, t, gi, kind, state, sides, need)
    # Estalia "Orgullo Estaliano": "pueden repetir las tiradas falladas para impactar en
    # desafíos" (S_DUEL_REROLL)
    p0 = p
    gem = sides[t, S_GEM] if all_rules(variant) else 0  # "Gema de Lustria"
    lucky = sides[t, S_LUCKY] if all_rules(variant) else 0  # "Afortunados"
    uns, kbw, six, passed, p = unsaved_wounds(buf, p, na, groups, u, t, gi, kind, only_sixes,
                                              need, duel and sides[u, S_DUEL_REROLL] > 0,
                                              variant, ward, gem, state[t], wound, save, lucky)
    if (all_rules(variant) and groups[u, t, gi, kind, G_FEAST]
            and state[t, B_WOUNDS] <= sides[t, S_W]):
        # "Festín de huesos": declared on a body of one model (its Default), +1D6 attacks
        u2, k2, s2, pa2, p = feast(buf, p, p0, na, groups, u, t, gi, kind, only_sixes, need,
                                   duel and sides[u, S_DUEL_REROLL] > 0, ward, gem, state[t],
                                   wound, save, lucky)
        uns, kbw, six, passed = uns + u2, kbw + k2, six + s2, passed + pa2
    rebound = 0 if not all_rules(variant) or groups[u, t, gi, kind, G_REBOUND_S] == 0 else passed
    if all_rules(variant) and ((gi == CREW and sides[u, S_TONGUE]) or (
            sides[t, S_ICE] and groups[u, t, gi, kind, G_FLAMING] and not state[t, B_MELTED])):
        if hits_rolled(buf, p0, na, groups, u, t, gi, kind, only_sixes, need,
                       duel and sides[u, S_DUEL_REROLL] > 0) > 0:
            if sides[t, S_ICE] and groups[u, t, gi, kind, G_FLAMING]:
                state[t, B_MELTED] = 1  # "Armas de hielo": a flaming hit melts them
            if gi == CREW and sides[u, S_TONGUE]:
                state[t, B_TONGUED] = u + 1  # "Ataque de lengua": -1 to hit u this round
    if six > 0 and not state[u, B_NO_REGEN]:  # "Arma de frío", not after a flaming wound on u
        kept, p = count_ge(buf, p, six, groups[u, t, gi, kind, G_COLD])
        six -= kept
        if groups[u, t, gi, kind, G_WARD] <= 6:
            kept, p = count_ge(buf, p, six, groups[u, t, gi, kind, G_WARD])
            six -= kept
        uns += six
    if duel and sides[t, S_DUEL_WARD] <= 6 and groups[u, t, gi, kind, G_WARD] > 6:
        # a ward in challenges only (Espadas de Manann "Juego sucio": Edvard's 6+)
        saved, p = count_ge(buf, p, uns, sides[t, S_DUEL_WARD])
        uns -= saved
        saved, p = count_ge(buf, p, kbw, sides[t, S_DUEL_WARD])
        kbw -= saved
    # no return here when no wound is left: the wounds below then remove and score nothing,
    # and a branch on how the dice fell is one the predictor cannot guess
    mw = groups[u, t, gi, kind, G_MW]
    if duel:
        hp_t, sc, extra, p = apply_duel_wounds(buf, p, state[t, B_WOUNDS], sides[t, S_W], uns,
                                               kbw, mw, overkill)
        state[t, B_WOUNDS] = hp_t
        if groups[u, t, gi, kind, G_FLAMING] and sc > 0:
            state[t, B_NO_REGEN] = 1
        if all_rules(variant) and sides[u, S_RECRUIT] and sides[t, S_W] == 1 and sc > 0:
            recruit(sides[u, S_RECRUIT] - 1, sc, state)  # the duellist slain (sc 1 at W 1)
        return sc, extra, rebound, p
    if state[t, B_WOUNDS] <= 0:
        return 0, 0, rebound, p
    hp_t, sc, rg, p = apply_wounds(buf, p, state[t, B_WOUNDS], sides[t, S_W], uns, kbw, mw)
    state[t, B_WOUNDS] = hp_t
    # "Estaca de Sigmar": "los Vampiros no pueden usar Regeneración contra los impactos"
    state[t, B_REGEN_WOUNDS] += rg * (1 - groups[u, t, gi, kind, G_NO_REGEN])
    if (all_rules(variant) and groups[u, t, gi, kind, G_SWALLOW] and kbw > 0
            and state[u, B_WOUNDS] > 0):
        p = swallowed(buf, p, u, state, sides, scored)  # "Engullir entero": a model swallowed
    if all_rules(variant) and sides[u, S_LIFE_DRAIN] and state[u, B_WOUNDS] > 0:
        # "Poder de la muerte": a wound back per wound
        state[u, B_WOUNDS] = min(state[u, B_WOUNDS] + sc, sides[u, S_W])
    if all_rules(variant) and sides[u, S_RECRUIT] and sides[t, S_W] == 1 and sc > 0:
        recruit(sides[u, S_RECRUIT] - 1, sc, state)  # one model slain per wound at W 1
    if groups[u, t, gi, kind, G_FLAMING] and sc > 0:
        state[t, B_NO_REGEN] = 1  # no more regeneration this combat (§1.6)
    return sc, 0, rebound, p


@inline  # LLVM inlines it (compiled once)
def leadership_test(buf, p, target, insane, reroll, cold):
    """Pass a 2D6 test against ``target`` (double 1 passes if ``insane``; one re-roll).

    ``cold``: 3D6 discarding the highest die (MDNR "Sangre fría"), 3 faces a roll.
    Returns ``(passed, p)``.
    """
    for _ in range(2 if reroll else 1):
        total = np.int64(buf[p]) + np.int64(buf[p + 1])
        if cold:
            third = np.int64(buf[p + 2])
            total += third - max(third, np.int64(buf[p]), np.int64(buf[p + 1]))
            p += 1
        p += 2
        if total <= target or (insane and total == 2):
            return True, p
    return False, p


# outcomes of 216 at or below each total 0..12: 2D6 (each of 36 counted 6 times) and 3D6
# without the highest die (odds.dice.leadership_pmf)
_PASS_2D6 = np.array([0, 0, 6, 18, 36, 60, 90, 126, 156, 180, 198, 210, 216], np.int64)
_PASS_COLD = np.array([0, 0, 16, 43, 77, 113, 147, 174, 193, 205, 212, 215, 216], np.int64)


@inline
def better_test(cold_target, warm_target, has_cold, has_warm):
    """The test a unit takes when some of its Ld values are cold-blooded: ``(target, cold)``.

    MDNR Elfos Oscuros "Sangre fría": "sólo usarán Sangre Fría si utilizan su propio
    Liderazgo" (not a General's or a character's without the rule): the unit takes 3D6
    without the highest die on its best cold-blooded Ld (``cold_target``, after modifiers)
    or 2D6 on its best other one (``warm_target``), whichever is more likely to pass (2D6
    on a tie).  ``has_cold``/``has_warm``: whether there is such an Ld at all.
    """
    if not has_cold:
        return warm_target, False
    if not has_warm:
        return cold_target, True
    c = _PASS_COLD[min(12, max(0, cold_target))]
    w = _PASS_2D6[min(12, max(0, warm_target))]
    if c > w:
        return cold_target, True
    return warm_target, False


@inline  # LLVM inlines it (compiled once)
def sum_faces(buf, p, n):
    """Sum of the next ``n`` faces; returns ``(sum, p)``."""
    t = 0
    for i in range(np.uint64(p), np.uint64(p + n)):  # unsigned: no wraparound
        t += buf[i]
    return t, p + n


@inline  # once per round; LLVM inlines it
def roll_random_attacks(buf, p, nb, sides, state):
    """Each body's random-attacks roll for this round into ``state[:, B_RANDOM_A]``; returns ``p``.

    MDNR gst "Ataques aleatorios (X)": "Lanza un dado (1D3, 1D6, según X) al inicio
    de cada fase de combate ... todos tendrán el mismo número de ataques" (one roll
    per unit; RULES.md §1.6).  A D3 is a D6 halved, rounded up.  Bodies without
    random attacks use no dice.
    """
    for u in range(nb):
        n = sides[u, S_RA_DICE]
        if n == 0:
            continue
        t = 0
        for i in range(p, p + n):
            f = np.int64(buf[i])
            t += (f + 1) // 2 if sides[u, S_RA_SIDES] == 3 else f
        state[u, B_RANDOM_A] = t
        p += n
    return p
