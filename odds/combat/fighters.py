"""Who fights whom: models in base contact across faces, and characters (§1.1, §1.9).

Inlined numba helpers of the combat kernel (see :mod:`odds.combat.model` for
the conventions they implement).
"""

from __future__ import annotations

import numpy as np

from odds._jit import inline, linked
from odds.combat.blows import models_left
from odds.combat.model import (
    CREW,
    FIGHTING,
    FRONT,
    G_ATTACKS,
    G_FRENZY_A,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_LANCE,
    G_PER_MODEL,
    G_RANDOM,
    G_RANKS,
    IMPACT,
    MOUNT,
    RANK_AND_FILE,
    S_ALLOC,
    S_BASE,
    S_CHALLENGE,
    S_CHAMPION,
    S_DEPTH,
    S_FILES,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_IS_CHAMPION,
    S_LANCE,
    S_MUSICIAN,
    S_NO_DUEL,
    S_NO_RANK_CANCEL,
    S_RANK_MAX,
    S_RANKS_OK,
    S_RATING,
    S_SIDE,
    S_STANDARD,
    S_US,
    S_W,
    frontage,
)
from odds.combat.model.layout import (
    B_FRONTAGE,
    B_LAPPING,
    B_RANKS_CANCELLED,
    B_RANKS_NOW,
    B_REFUSED,
    B_STATUS,
    B_STD_LOST,
    B_WOUNDS,
    CH_ISSUED,
    CH_ISSUED_R1,
    CH_REFUSED,
    CT_A,
    CT_B,
    CT_FACE_A,
    CT_FACE_B,
    P_FRONT_A,
    P_FRONT_LOST_A,
    P_MOUNTS_A,
    P_SUPPORT_A,
    P_SUPPORT_LOST_A,
    S_BEAST_LORD,
    S_SLIPPERY,
    S_WALL,
    T_FILES_A,
    T_FILES_B,
    T_LINE_A,
    T_LINE_B,
    T_MODELS_A,
    T_MODELS_B,
    T_TOUCH_A,
    T_TOUCH_B,
)
from odds.rules import troops

face_line = linked(frontage.face_line)  # called: small enough that a call costs nothing
"""Models along a face of a unit and the length (mm) each takes: ``(count, size)``
(:func:`odds.combat.model.frontage.face_line`, compiled)."""


@linked  # called: rare, or small enough that a call costs nothing measurable
def line_touch(nu, size_u, nv, size_v, corner):
    """Models of a line of ``nu`` (``size_u`` mm each) touching a line of ``nv`` (``size_v``).

    The lines are two facing unit faces (see :func:`face_line`).
    """
    if nu <= 0 or nv <= 0:
        return 0
    overlap = min(nu * size_u, nv * size_v)
    n = (overlap + size_u - 1) // size_u
    if corner and n < nu:
        n = n + 2
    return min(nu, n)


@inline
def attacks_of(buf, p, gi, u, v, kind, front, supporting, mounts, champ_here, groups,
               frenzied, rolled):
    """Attacks (or impact hits) of group ``gi`` of unit ``u`` on ``v``; returns ``(n, p)``.

    ``front`` rank-and-file models in base contact and ``supporting`` ones
    behind them (fight-in-ranks weapons) can still fight this step: the
    fighters of the start of the round less the casualties suffered since
    (§1.2); ``mounts``: steeds (or impact-hitting models, or a second kind of crew) likewise;
    ``champ_here``: the champion fights through this contact; ``rolled``: the
    unit's random-attacks roll this round (0 without), added to each fighter's attacks in
    the rows with ``G_RANDOM`` (rank and file and champion, or steeds).  A crew row with
    impact dice ("Desollador"'s end-of-round hits) rolls them as impact hits do.
    """
    attacks = groups[u, v, gi, kind, G_ATTACKS]
    rolled *= groups[u, v, gi, kind, G_RANDOM]
    bonus = groups[u, v, gi, kind, G_FRENZY_A] * frenzied + rolled
    if gi == RANK_AND_FILE:
        return (front + supporting) * groups[u, v, gi, kind, G_PER_MODEL] * (attacks + bonus), p
    if gi == MOUNT:
        return mounts * groups[u, v, gi, kind, G_PER_MODEL] * (attacks + rolled), p
    if gi == CREW and not groups[u, v, gi, kind, G_IMPACT_DICE]:  # a second kind of crew
        return mounts * groups[u, v, gi, kind, G_PER_MODEL] * (
            attacks + groups[u, v, gi, kind, G_FRENZY_A] * frenzied), p
    if gi == IMPACT or gi == CREW:
        total = mounts * attacks
        k = mounts * groups[u, v, gi, kind, G_IMPACT_DICE]
        if groups[u, v, gi, kind, G_IMPACT_SIDES] == 3:
            for i in range(p, p + k):
                total += (np.int64(buf[i]) + 1) // 2
        else:
            for i in range(p, p + k):
                total += buf[i]
        return total, p + k
    if champ_here:  # CHAMPION
        return attacks + bonus, p
    return 0, p


@inline
def start_fighters(u, c, d, kind, touching, chars, champ, mu, files, groups, contacts, pool):
    """Fighters of unit ``u`` (end ``d`` of contact ``c``) at the start of a round (§1.2).

    Writes ``pool[c, P_FRONT_A + d]`` (rank-and-file models in base contact),
    ``pool[c, P_SUPPORT_A + d]`` (supporting ranks, fight-in-ranks weapons through the
    front), ``pool[c, P_MOUNTS_A + d]`` (steeds or impact-hitting models: the rank and
    file plus the champion) and clears the casualties taken from them
    (``pool[c, P_FRONT_LOST_A + d]``, ``pool[c, P_SUPPORT_LOST_A + d]``).  ``chars`` characters and
    the champion (``champ``) hold front places of their own; ``files``: the
    unit's frontage now (§1.11).
    """
    v = contacts[c, CT_B - d]
    front = contacts[c, CT_FACE_A + d] == FRONT
    pool[c, P_FRONT_LOST_A + d] = 0
    pool[c, P_SUPPORT_LOST_A + d] = 0
    pool[c, P_SUPPORT_A + d] = 0
    if not front:
        pool[c, P_FRONT_A + d] = touching
        pool[c, P_MOUNTS_A + d] = touching
        return
    pool[c, P_FRONT_A + d] = max(0, touching - champ - chars)
    pool[c, P_MOUNTS_A + d] = max(0, touching - chars)
    # each rank behind the front (up to G_RANKS - 1 of them) supports with the models
    # directly behind those in contact (spears one rank, High Elf spears two, §1.1)
    support = 0
    for r in range(1, groups[u, v, RANK_AND_FILE, kind, G_RANKS]):
        support += min(touching, max(0, min(mu - r * files, files)))
    if groups[u, v, RANK_AND_FILE, kind, G_LANCE] and files == 3:
        # Bretonia "Formación en lanza" on the charge: the riders and steeds of the flank
        # files behind a fighting front model (those in contact centred: both flank files
        # behind three, one behind two); a last rank of one or two stands on the flanks
        cols = min(2, max(0, touching - 1))
        behind = max(0, mu - max(0, files - chars - champ))
        flank = cols * (behind // 3) + min(behind % 3, cols)
        support += flank
        pool[c, P_MOUNTS_A + d] += flank
    pool[c, P_SUPPORT_A + d] = support


@inline
def take_fighters(pool, c, d, k):
    """Casualties ``k`` take fighters at end ``d`` of contact ``c``; returns those left over.

    Front-contact fighters go first, then supporting ones (§1.2).
    """
    t = min(k, pool[c, P_FRONT_A + d] - pool[c, P_FRONT_LOST_A + d])
    pool[c, P_FRONT_LOST_A + d] += t
    k -= t
    t = min(k, pool[c, P_SUPPORT_A + d] - pool[c, P_SUPPORT_LOST_A + d])
    pool[c, P_SUPPORT_LOST_A + d] += t
    return k - t


@inline
def lose_fighters(u, c, k, contacts, pool):
    """Unit ``u`` lost ``k >= 0`` models to blows through contact ``c`` (§1.2); 0 takes none.

    They take ``u``'s fighters facing that enemy first, then (in contact
    order) those facing its other enemies.
    """
    k = take_fighters(pool, c, end_of(u, c, contacts), k)
    for c2 in range(contacts.shape[0]):
        if k <= 0:
            return
        d = end_of(u, c2, contacts)
        if c2 != c and d >= 0:
            k = take_fighters(pool, c2, d, k)


rank_bonus = inline(troops.rank_bonus_unchecked)
"""Extra-ranks bonus of ``models`` in ranks ``files`` wide (§2.2;
:func:`odds.rules.troops.rank_bonus_unchecked`, compiled)."""


@linked  # called: rare, or small enough that a call costs nothing measurable
def expand(u, sides, state, contacts, won):
    """Redress after a round unit ``u``'s side won: expand its frontage or lap round (§1.11).

    Only a unit whose one contact is front to front, with models behind its
    front rank: it widens by up to four models while that brings more into
    contact (one past each end of the enemy front), never so far that its
    rank bonus drops; then up to four more a round lap round the enemy's
    flanks (two per enemy rank each side at most).  ``state[:, B_FRONTAGE]`` holds each
    unit's frontage, ``state[:, B_LAPPING]`` its lapping models.

    ``won``: whether its side won the round.  A unit that did not win returns its lapping
    models, unless it has ``S_SLIPPERY`` (Enanos del Caos "Escurridizos": "pueden envolver al
    enemigo siempre, con cualquier número de miniaturas (incluso aunque no hayan ganado el
    combate)"): it then redresses as a winner, lapping round with as many models as it has
    room for (no four-a-round limit); a unit facing one with ``S_SLIPPERY`` never laps round
    it ("El enemigo nunca puede envolver el flanco de los Hobgoblins Escurridizos"); two
    slippery units facing each other follow the plain rule ("la regla se anula").  A unit with
    ``S_WALL`` holds its shield wall (Norsca, Norses "Muro de escudos": "hasta que muevan de
    alguna forma (incluyendo ... envolver filas, cambiar formación"): it never redresses.
    """
    if sides[u, S_WALL]:
        return  # Norsca, Norses "Muro de escudos": it holds its wall, never widens nor laps
    c = -1
    for k in range(contacts.shape[0]):
        if end_of(u, k, contacts) >= 0:
            if c >= 0:
                return
            c = k
    if c < 0 or contacts[c, CT_FACE_A] != FRONT or contacts[c, CT_FACE_B] != FRONT:
        return
    e = contacts[c, CT_B] if contacts[c, CT_A] == u else contacts[c, CT_A]
    if state[e, B_STATUS] != FIGHTING or state[e, B_WOUNDS] <= 0 or state[u, B_WOUNDS] <= 0:
        return
    # Enanos del Caos "Escurridizos" (odds.special_rules.chaosbeasts.SLIPPERY): never lapped
    # round; laps round with any number of models, won or not; both slippery: the rule lapses
    slip_u = sides[u, S_SLIPPERY] != 0 and sides[e, S_SLIPPERY] == 0
    slip_e = sides[e, S_SLIPPERY] != 0 and sides[u, S_SLIPPERY] == 0
    if not won and not slip_u:
        state[u, B_LAPPING] = 0
        return
    m = models_left(state[u, B_WOUNDS], sides[u, S_W])
    files = state[u, B_FRONTAGE]
    room = m - files - state[u, B_LAPPING]
    if room <= 0:
        return
    me = models_left(state[e, B_WOUNDS], sides[e, S_W])
    le = min(me, state[e, B_FRONTAGE])
    cover = (le * sides[e, S_BASE] + sides[u, S_BASE] - 1) // sides[u, S_BASE] + 2
    add = min(4, room, max(0, cover - files))
    if sides[u, S_LANCE] and files == 3:
        return  # Bretonia "Formación en lanza": its ranks of 3 count only in the lance
    if sides[u, S_RANKS_OK]:
        total = m + chars_alive(u, sides, state)
        keep = min(rank_bonus(total, files), sides[u, S_RANK_MAX])
        while add > 0 and min(rank_bonus(total, files + add), sides[u, S_RANK_MAX]) < keep:
            add -= 1
    state[u, B_FRONTAGE] = files + add
    room -= add
    if files + add >= cover and (add < 4 or slip_u) and not slip_e:
        ranks_e = (me + state[e, B_FRONTAGE] - 1) // state[e, B_FRONTAGE]
        more = min(room if slip_u else 4 - add, room, 2 * ranks_e - state[u, B_LAPPING])
        if more > 0:
            state[u, B_LAPPING] += more


@linked  # called: rare (a drawn round)
def slippery_redress(nr, sides, state, contacts):
    """After a drawn round the slippery units lap round (Enanos del Caos "Escurridizos").

    "pueden envolver al enemigo siempre ... (incluso aunque no hayan ganado el combate)": a
    fighting unit with ``S_SLIPPERY`` redresses as :func:`expand` does for a unit that did not
    win; the other units keep their frontage and lapping models (no redress on a draw).
    """
    for u in range(nr):
        if sides[u, S_SLIPPERY] and state[u, B_STATUS] == FIGHTING:
            expand(u, sides, state, contacts, False)


@inline
def end_of(u, c, contacts):
    """Which end of contact ``c`` unit ``u`` is: 0, 1, or -1 (not in it)."""
    if contacts[c, CT_A] == u:
        return 0
    if contacts[c, CT_B] == u:
        return 1
    return -1


@inline
def round_kind(rnd):
    """The kind of round ``rnd`` (0-based) whose attack rows it fights (``N_KINDS``).

    0 the first round, then 1 and 2 for the even and odd rounds after it (Elfos Silvanos
    "Danzas de Loec"; the same rows for every other unit).
    """
    return 0 if rnd == 0 else 2 - rnd % 2


@inline
def across(u, c, contacts):
    """The unit facing unit ``u`` across contact ``c``, or -1 when ``u`` is at neither end."""
    if contacts[c, CT_A] == u:
        return contacts[c, CT_B]
    if contacts[c, CT_B] == u:
        return contacts[c, CT_A]
    return -1


@inline
def contact_of(a, b, contacts):
    """The contact joining units ``a`` and ``b``, or -1."""
    for c in range(contacts.shape[0]):
        if (contacts[c, CT_A] == a and contacts[c, CT_B] == b) or (contacts[c, CT_A] == b
                                                            and contacts[c, CT_B] == a):
            return c
    return -1


@inline
def command_carried(u, m, sides, state):
    """Whether unit ``u``'s rank and file, ``m`` models left, still carry its standard and musician.

    The champion, then the standard bearer, then the musician are the last of its models
    to fall; once its rank and file had all fallen and it gained models again
    ("Bienvenido a la Maldición", ``state[:, B_STD_LOST]``), neither is carried any more.  Returns
    ``(standard, musician)``.
    """
    if state[u, B_STD_LOST]:
        return False, False
    champ = 1 if sides[u, S_CHAMPION] else 0
    std = 1 if sides[u, S_STANDARD] else 0
    return std == 1 and m >= 1 + champ, sides[u, S_MUSICIAN] > 0 and m >= 1 + champ + std


@inline  # LLVM inlines it (compiled once)
def unit_strength(u, sides, state):
    """Unit strength of unit ``u`` now: its models and the characters in it (§2.3)."""
    total = models_left(max(0, state[u, B_WOUNDS]), sides[u, S_W]) * sides[u, S_US]
    for b in range(sides[u, S_HOSTED_LO], sides[u, S_HOSTED_HI]):
        if state[b, B_WOUNDS] > 0:
            total += sides[b, S_US]
    return total


@inline  # inlined: on the path of every combat with characters (bench_scenario)
def front_enemy(u, contacts, state, front_front):
    """First fighting enemy unit touching unit ``u``'s front (only front to front if asked)."""
    for c in range(contacts.shape[0]):
        if contacts[c, CT_A] == u:
            v = contacts[c, CT_B]
            fu = contacts[c, CT_FACE_A]
            fv = contacts[c, CT_FACE_B]
        elif contacts[c, CT_B] == u:
            v = contacts[c, CT_A]
            fu = contacts[c, CT_FACE_B]
            fv = contacts[c, CT_FACE_A]
        else:
            continue
        if fu == FRONT and state[v, B_STATUS] == FIGHTING and (fv == FRONT or not front_front):
            return v
    return -1


@inline  # LLVM inlines it (compiled once)
def hosted_char(v, sides, state, duel_a, duel_b, best, which):
    """An alive character standing in unit ``v`` (not refused, not duelling), or -1.

    ``best``: a challenge's pick, the one with the highest rating, never a body that
    never duels (``S_NO_DUEL``: a war machine's crewman of his own profile); else the
    first, to be attacked.  ``which``: 0 characters only, 1 the promoted champion only,
    2 either.
    """
    pick = -1
    for b in range(sides[v, S_HOSTED_LO], sides[v, S_HOSTED_HI]):
        if state[b, B_WOUNDS] <= 0 or state[b, B_REFUSED] or b == duel_a or b == duel_b:
            continue
        if best and sides[b, S_NO_DUEL]:
            continue
        if (which == 0 and sides[b, S_IS_CHAMPION]) or (which == 1
                                                        and not sides[b, S_IS_CHAMPION]):
            continue
        if pick < 0:
            pick = b
            if not best:
                return b
        elif sides[b, S_RATING] > sides[pick, S_RATING]:
            pick = b
    return pick


@inline
def front_occupants(u, sides, state):
    """Characters in unit ``u``'s front rank (alive and not refused)."""
    k = 0
    for b in range(sides[u, S_HOSTED_LO], sides[u, S_HOSTED_HI]):
        if state[b, B_WOUNDS] > 0 and not state[b, B_REFUSED]:
            k += 1
    return k


@inline
def chars_alive(u, sides, state):
    """Characters still alive in unit ``u`` (refused or not)."""
    k = 0
    for b in range(sides[u, S_HOSTED_LO], sides[u, S_HOSTED_HI]):
        if state[b, B_WOUNDS] > 0:
            k += 1
    return k


@inline
def lord_of(v, sides, state):
    """The living Beastmaster standing among unit ``v``'s beasts (``S_BEAST_LORD``), or -1."""
    for b in range(sides[v, S_HOSTED_LO], sides[v, S_HOSTED_HI]):
        if sides[b, S_BEAST_LORD] and state[b, B_WOUNDS] > 0:
            return b
    return -1


@inline
def lords_fall(nr, sides, state):
    """Elfos Silvanos "Muerte del señor": the beasts of a Beastmaster who has died are removed.

    "Si el Señor muere, las Bestias que estuvieran con él también lo hacen": a body with
    ``S_BEAST_LORD`` (the lord, standing in his beasts' unit ``S_HOST``) with no wound left
    takes his unit's models with him (its wounds to 0, no wound scored); called after each
    strike step and at the end of the phase.
    """
    for b in range(nr, sides.shape[0]):
        if sides[b, S_BEAST_LORD] and state[b, B_WOUNDS] <= 0:
            state[sides[b, S_HOST], B_WOUNDS] = 0


@inline  # inlined: on the path of every combat with characters (bench_scenario)
def issue_challenges(rnd, active, nr, sides, state, contacts, chal):
    """Challenges at the start of round ``rnd`` (§1.9); returns the duellists ``(a, b)``.

    One at a time, the active player's units first: a unit whose policy
    (``S_CHALLENGE``) allows it and that has a character (or champion) and an
    enemy unit in front-to-front contact with one issues; the enemy's
    champion steps forward (policy 2), or the challenge is accepted (policy
    1, no unit models left, nobody to hide, or a Beastmaster among his beasts, who cannot
    refuse: :func:`lord_of`), or the best character refuses
    (``state[:, B_REFUSED]``: lends no Ld, does not fight this round).  ``(-1, -1)``:
    no duel.  Records issued (``chal[CH_ISSUED]``, ``chal[CH_ISSUED_R1]`` in round 0) and
    refused (``chal[CH_REFUSED]``).
    """
    for t in range(2):
        s = active if t == 0 else 1 - active
        for u in range(nr):
            pol = sides[u, S_CHALLENGE]
            if sides[u, S_SIDE] != s or state[u, B_STATUS] != FIGHTING or pol == 0:
                continue
            ch = hosted_char(u, sides, state, -1, -1, True, 2 if pol == 1 else 1)
            v = front_enemy(u, contacts, state, True)
            if ch < 0 or v < 0:
                continue
            acc = hosted_char(v, sides, state, -1, -1, True, 2)
            if acc < 0:
                continue
            chal[CH_ISSUED] = 1
            if rnd == 0:
                chal[CH_ISSUED_R1] = 1
            # who may refuse: the enemy's best character, picked by the challenger;
            # a champion cannot hide (it stays in the command group, source 004)
            pv = sides[v, S_CHALLENGE]
            hider = hosted_char(v, sides, state, -1, -1, True, 0)
            duel_b = -1
            if pv == 2:  # the champion steps forward to protect the characters
                duel_b = hosted_char(v, sides, state, -1, -1, True, 1)
            if duel_b < 0 and (pv == 1 or state[v, B_WOUNDS] <= 0 or hider < 0
                               or lord_of(v, sides, state) >= 0):
                duel_b = acc  # accepted, no room to hide, or a Beastmaster cannot refuse
            if duel_b >= 0:
                return ch, duel_b
            state[hider, B_REFUSED] = 1
            chal[CH_REFUSED] = 1
            return -1, -1
    return -1, -1


@inline  # inlined: on the path of every combat with characters (bench_scenario)
def character_target(u, sides, state, contacts, duel_a, duel_b):
    """Whom character ``u`` attacks this step (§1.1, §1.9), or -1.

    Its duel opponent; else, through its unit's front, an enemy character
    (when its unit's allocation policy says so, or no enemy rank and file
    is left) facing it, else the enemy unit itself.
    """
    host = sides[u, S_HOST]
    if state[u, B_WOUNDS] <= 0 or state[u, B_REFUSED] or state[host, B_STATUS] != FIGHTING:
        return -1
    if u == duel_a or u == duel_b:
        return duel_b if u == duel_a else duel_a
    v = front_enemy(host, contacts, state, False)
    if v < 0:
        return -1
    tgt = -1
    if sides[host, S_ALLOC] != 0 or state[v, B_WOUNDS] <= 0:
        tgt = hosted_char(v, sides, state, duel_a, duel_b, False,
                          2 if state[v, B_WOUNDS] <= 0 else 0)
        if tgt >= 0 and front_enemy(v, contacts, state, True) != host and state[v, B_WOUNDS] > 0:
            tgt = -1  # its characters face another way
    if tgt < 0 and state[v, B_WOUNDS] > 0:
        tgt = v
    return tgt


@inline
def round_start(nr, nb, has_chars, corner, sides, state, contacts, ranks_tab, touch):
    """Start of a round: ranks cancelled, each side's rank bonus, models in contact (§1.2, §2.2).

    ``state[u, B_RANKS_CANCELLED]`` is set when a unit of strength >= 5 fights ``u`` through
    its flank or rear (ranks cancelled), ``state[u, B_RANKS_NOW]`` to the unit's own rank
    bonus (0 when cancelled or not fighting); returns the rank bonus of each side
    (its deepest unit not cancelled, characters and a promoted champion
    filling rank spaces).  ``touch[c]`` is recomputed for the contacts whose
    models or facing lines changed, or that had lapping models when last counted: models in
    contact each way, lapping models included (§1.11).  Called once per round.
    """
    nc = contacts.shape[0]
    # start of the round: ranks, cancelled by a US >= 5 enemy on a flank or rear (§2.2)
    for u in range(nb):
        state[u, B_RANKS_CANCELLED] = 0
    for c in range(nc):
        if contacts[c, CT_FACE_A] == FRONT and contacts[c, CT_FACE_B] == FRONT:
            continue  # front to front: no ranks cancelled (a constant of the model)
        a = contacts[c, CT_A]
        b = contacts[c, CT_B]
        if state[a, B_STATUS] != FIGHTING or state[b, B_STATUS] != FIGHTING:
            continue
        # a flanker's unit strength counts the characters in it
        # (not a herd: MDNR Bestias "La manada cargando", "no anula filas")
        if (contacts[c, CT_FACE_B] != FRONT and not sides[a, S_NO_RANK_CANCEL]
                and unit_strength(a, sides, state) >= 5):
            state[b, B_RANKS_CANCELLED] = 1
        if (contacts[c, CT_FACE_A] != FRONT and not sides[b, S_NO_RANK_CANCEL]
                and unit_strength(b, sides, state) >= 5):
            state[a, B_RANKS_CANCELLED] = 1
    ranks_side0 = 0
    ranks_side1 = 0
    for u in range(nr):
        state[u, B_RANKS_NOW] = 0
        if state[u, B_STATUS] == FIGHTING and not state[u, B_RANKS_CANCELLED]:
            # characters and a promoted champion fill rank spaces (§2.2)
            mr = models_left(state[u, B_WOUNDS], sides[u, S_W]) + chars_alive(u, sides, state)
            r = ranks_tab[u, mr]
            if state[u, B_FRONTAGE] != sides[u, S_FILES] and sides[u, S_RANKS_OK]:
                r = min(rank_bonus(mr, state[u, B_FRONTAGE]), sides[u, S_RANK_MAX])
            state[u, B_RANKS_NOW] = r  # the unit's own, for "La fuerza radica en el número"
            if sides[u, S_SIDE] == 0:
                ranks_side0 = max(ranks_side0, r)
            else:
                ranks_side1 = max(ranks_side1, r)
    # models in contact each way across each contact at the start of the round (front
    # ranks include characters; recomputed only when a count and a facing line changed)
    for c in range(nc):
        a = contacts[c, CT_A]
        b = contacts[c, CT_B]
        ma = 0
        mb = 0
        if state[a, B_STATUS] == FIGHTING:
            ma = models_left(state[a, B_WOUNDS], sides[a, S_W])
            if has_chars:
                ma += front_occupants(a, sides, state)
        if state[b, B_STATUS] == FIGHTING:
            mb = models_left(state[b, B_WOUNDS], sides[b, S_W])
            if has_chars:
                mb += front_occupants(b, sides, state)
        lap = state[a, B_LAPPING] or state[b, B_LAPPING]
        if (ma == touch[c, T_MODELS_A] and mb == touch[c, T_MODELS_B]
                and state[a, B_FRONTAGE] == touch[c, T_FILES_A]
                and state[b, B_FRONTAGE] == touch[c, T_FILES_B] and not lap):
            continue
        touch[c, T_MODELS_A] = ma
        touch[c, T_MODELS_B] = mb
        touch[c, T_FILES_A] = state[a, B_FRONTAGE]
        touch[c, T_FILES_B] = state[b, B_FRONTAGE]
        la, sa = face_line(ma, state[a, B_FRONTAGE], sides[a, S_BASE], sides[a, S_DEPTH],
                           contacts[c, CT_FACE_A])
        lb, sb = face_line(mb, state[b, B_FRONTAGE], sides[b, S_BASE], sides[b, S_DEPTH],
                           contacts[c, CT_FACE_B])
        if la == touch[c, T_LINE_A] and lb == touch[c, T_LINE_B] and not lap:
            continue
        touch[c, T_LINE_A] = la
        touch[c, T_LINE_B] = lb
        # lapping models fight, and as many enemy models beyond its front rank fight them
        touch[c, T_TOUCH_A] = min(ma, line_touch(la, sa, lb, sb, corner) + state[a, B_LAPPING]
                          + min(state[b, B_LAPPING], max(0, ma - la)))
        touch[c, T_TOUCH_B] = min(mb, line_touch(lb, sb, la, sa, corner) + state[b, B_LAPPING]
                          + min(state[a, B_LAPPING], max(0, mb - lb)))
        if lap:  # counted with lapping models: not a count to reuse once they have gone
            touch[c, T_MODELS_A] = -1
            touch[c, T_LINE_A] = -1
    return ranks_side0, ranks_side1
