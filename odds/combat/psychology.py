"""Psychology in close combat: charge reactions, break tests, panic (``RULES.md`` §3).

Numba helpers of the combat kernel (:mod:`odds.combat.kernel`), called rather
than inlined: each runs at most a few times per round, so a call costs
nothing measurable, while inlining them made the kernel's cold compile
longer (issue 13).  Dice come from the kernel's buffer ``buf`` at position
``p``; every helper returns the new position.  ``state`` and ``sides`` are
the kernel's arrays (see :func:`odds.combat.kernel.fight_once`).
"""

from __future__ import annotations

from odds._jit import lean
from odds.combat.blows import leadership_test, models_left, sum_faces
from odds.combat.fighters import chars_alive, unit_strength
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    F_CHARGER,
    F_CHARGER_LD,
    F_REACH,
    F_TARGET,
    F_TARGET_LD,
    F_TARGET_PANIC_LD,
    F_TARGET_SMALLER,
    F_TARGET_TERROR,
    FIGHTING,
    NO_COMBAT,
    PANICKED,
    S_BODYGUARD,
    S_BSB,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_ELF,
    S_FEAR,
    S_FEARS_ELVES,
    S_FLEE_DICE,
    S_FLEE_MINUS,
    S_GENERAL_LD,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_INSTABILITY,
    S_IS_GENERAL,
    S_ITP,
    S_LD,
    S_NO_PANIC,
    S_PANIC_IGNORE,
    S_SIDE,
    S_STUBBORN,
    S_UNBREAKABLE,
    S_UNSTABLE,
    S_US,
    S_W,
    WIPED,
    WON,
)
from odds.rng import fill_d6


@lean
def charge_tests(buf, st, p, flags, sides, state, stats, max_rounds):
    """Fear and terror at the charge (§3.3); returns ``(fought, p)``.

    The charger tests first: failed, no combat (every body ``NO_COMBAT``).
    Then the charged unit: panic (MDNR "Carga gloriosa") failed, terror failed, or fear
    failed with a lower unit
    strength, it flees (caught if the charge reaches it) and there is no
    combat; fear failed otherwise, it holds and hits only on 6s in the first
    round (``state[10]`` of it and its characters).  ``stats[9 + 2 nb + k]``
    records which (refused, fled, held on 6s).
    """
    nb = sides.shape[0]
    if p + 16 > buf.size:  # at most three Ld tests and 8 flee dice
        fill_d6(buf, st)
        p = 0
    chg = flags[F_CHARGER]
    tgt = flags[F_TARGET]
    if flags[F_CHARGER_LD] > 0:
        passed, p = leadership_test(buf, p, flags[F_CHARGER_LD], False, False)
        if not passed:
            for u in range(nb):
                state[2, u] = NO_COMBAT
            stats[9 + 2 * nb] = 1
            return False, p
    # panic before fear and terror (RULES.md §3.3: "panic, fear, terror"); failed, it flees
    # as from terror (MDNR Imperio "Carga gloriosa", F_TARGET_PANIC_LD)
    panicked = False
    if max_rounds > 0 and flags[F_TARGET_PANIC_LD] > 0:
        passed, p = leadership_test(buf, p, flags[F_TARGET_PANIC_LD], False, False)
        panicked = not passed
    if max_rounds > 0 and (panicked or flags[F_TARGET_LD] > 0):
        passed = False
        if not panicked:
            passed, p = leadership_test(buf, p, flags[F_TARGET_LD], False, False)
        if not passed:
            if panicked or flags[F_TARGET_TERROR] or flags[F_TARGET_SMALLER]:
                flee, p = sum_faces(buf, p, sides[tgt, S_FLEE_DICE])
                flee -= sides[tgt, S_FLEE_MINUS]
                state[2, tgt] = CAUGHT if flags[F_REACH] >= flee else ESCAPED
                state[2, chg] = WON
                stats[10 + 2 * nb] = 1
                return False, p
            stats[11 + 2 * nb] = 1
            state[10, tgt] = 1
            for b in range(sides[tgt, S_HOSTED_LO], sides[tgt, S_HOSTED_HI]):
                state[10, b] = 1
    return True, p


@lean
def fear_in_contact(lo, sides, state, contacts):
    """Unit strength of the enemies in base contact with unit ``lo`` that it fears (§3.2).

    A fear-causing enemy unit counts whole, characters included; in a unit that
    does not cause fear, only its fear-causing characters count.  A unit with
    MDNR "Miedo a los orejotaz" (``S_FEARS_ELVES``) also fears the elf units in
    contact with it while its side's unit strength in the combat (every friend
    still fighting, "todas las miniaturas amigas ... otras unidades trabadas en
    el mismo combate") is at most twice theirs.
    """
    fear_us = 0
    elf_us = 0  # elf units in contact, whole
    elf_extra = 0  # what they add to fear_us when feared (not counted already)
    for c in range(contacts.shape[0]):
        if contacts[c, 0] == lo:
            e = contacts[c, 1]
        elif contacts[c, 1] == lo:
            e = contacts[c, 0]
        else:
            continue
        if state[2, e] != FIGHTING:
            continue
        us_e = unit_strength(e, sides, state)
        if sides[e, S_FEAR]:
            fear_us += us_e
        else:
            chars = 0
            for b in range(sides[e, S_HOSTED_LO], sides[e, S_HOSTED_HI]):
                if state[0, b] > 0 and sides[b, S_FEAR]:
                    chars += sides[b, S_US]
            fear_us += chars
            if sides[e, S_ELF]:
                elf_extra += us_e - chars
        if sides[e, S_ELF]:
            elf_us += us_e
    if sides[lo, S_FEARS_ELVES] and elf_us > 0:
        friends = 0
        for f in range(sides.shape[0]):
            if (sides[f, S_HOST] < 0 and sides[f, S_SIDE] == sides[lo, S_SIDE]
                    and state[2, f] == FIGHTING):
                friends += unit_strength(f, sides, state)
        if friends <= 2 * elf_us:
            fear_us += elf_extra
    return fear_us


@lean
def break_test(buf, p, lo, diff, sides, state, contacts, gen, bsb, insane):
    """Does losing unit ``lo`` break, having lost by ``diff``? Returns ``(broken, p)`` (§3.2).

    Daemonic instability and unstable units lose wounds instead of testing
    (they never break; wiped out, their status becomes ``WIPED``).  Otherwise
    fear auto-break against more fear-causing unit strength in contact, or a
    2D6 test on the best Ld of the unit, its champion and its characters
    (a character who refused a challenge lends none), or ``gen`` (the
    General's, 0 if none) with the modifier; stubborn units test on their own
    Ld unmodified; ``bsb``: one re-roll; ``insane``: double 1 passes.
    """
    m_lo = models_left(state[0, lo], sides[lo, S_W])
    if sides[lo, S_INSTABILITY]:
        # Demonios "Inestabilidad Demoníaca": 2D6 instead of the break test; above the
        # unit's Ld (unmodified) the whole unit goes, above Ld - diff one wound per
        # point over it (no save of any kind), else nothing
        if state[0, lo] > 0:
            roll, p = sum_faces(buf, p, 2)
            base = sides[lo, S_LD]
            if roll > base:
                state[0, lo] = 0
            elif roll > base - diff:
                state[0, lo] = max(0, state[0, lo] - (roll - (base - diff)))
            if state[0, lo] == 0 and chars_alive(lo, sides, state) == 0:
                state[2, lo] = WIPED
        return False, p
    if sides[lo, S_UNSTABLE]:
        if state[0, lo] > 0:
            # "Criatura artefacto" (S_UNSTABLE 2): one wound fewer
            state[0, lo] = max(0, state[0, lo] - max(0, diff - (sides[lo, S_UNSTABLE] - 1)))
            if state[0, lo] == 0 and chars_alive(lo, sides, state) == 0:
                state[2, lo] = WIPED
        return False, p
    us_lo = m_lo * sides[lo, S_US]
    ld = sides[lo, S_LD] if m_lo > 0 else 0
    if sides[lo, S_CHAMPION] and m_lo >= 1:
        ld = max(ld, sides[lo, S_CHAMPION_LD])
    lead = 0  # a non-stubborn character's Ld, used with the modifier (stubborn units)
    stub = sides[lo, S_STUBBORN]
    if sides[lo, S_BODYGUARD]:  # MDNR Altos Elfos "Guardaespaldas": stubborn with the General
        for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
            if state[0, b] > 0 and sides[b, S_IS_GENERAL]:
                stub = 1
    for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
        if state[0, b] > 0:
            us_lo += sides[b, S_US]
            if not state[6, b]:  # a character who refused lends no Ld (§1.9)
                if stub and not sides[b, S_STUBBORN]:
                    lead = max(lead, sides[b, S_LD])
                else:
                    ld = max(ld, sides[b, S_LD])
    if (not sides[lo, S_FEAR] and not sides[lo, S_ITP]
            and us_lo < fear_in_contact(lo, sides, state, contacts)):
        return True, p  # fear auto-break (§3.2 step 3)
    gen = max(sides[lo, S_GENERAL_LD], gen)
    bsb = sides[lo, S_BSB] or bsb
    if stub:  # own Ld unmodified, or a leader's with the modifier (§3.2)
        target = max(ld, max(lead, gen) - diff)
    else:
        target = max(ld, lead, gen) - diff
    passed, p = leadership_test(buf, p, target, insane, bsb)
    return not passed, p


@lean
def panic_from(buf, p, x, nr, sides, state, gen):
    """Panic tests caused by unit ``x`` breaking or being destroyed (§3.4); returns ``p``.

    The other units of its side still fighting test (2D6 <= the best Ld of the
    unit, its champion, its characters who did not refuse, ``gen`` the
    General's); immune to psychology, unbreakable and panic-immune units
    excepted, and those that ignore panic from ``x`` (bit ``x`` of
    ``S_PANIC_IGNORE``: MDNR partial immunities), and one test per unit per
    phase (``state[11] == 2`` once tested).  Failed, the unit is ``PANICKED`` and rolls its flight.
    """
    for f in range(nr):
        if (sides[f, S_SIDE] != sides[x, S_SIDE] or state[2, f] != FIGHTING
                or state[11, f] == 2 or sides[f, S_ITP] or sides[f, S_UNBREAKABLE]
                or sides[f, S_NO_PANIC] or (sides[f, S_PANIC_IGNORE] >> x) & 1):
            continue
        state[11, f] = 2  # one panic test per unit per phase
        ld = sides[f, S_LD]
        if sides[f, S_CHAMPION] and state[0, f] > 0:
            ld = max(ld, sides[f, S_CHAMPION_LD])
        for b in range(sides[f, S_HOSTED_LO], sides[f, S_HOSTED_HI]):
            if state[0, b] > 0 and not state[6, b]:
                ld = max(ld, sides[b, S_LD])
        ld = max(ld, sides[f, S_GENERAL_LD], gen)
        passed, p = leadership_test(buf, p, ld, False, False)
        if not passed:
            state[2, f] = PANICKED
            state[5, f], p = sum_faces(buf, p, sides[f, S_FLEE_DICE])
            state[5, f] -= sides[f, S_FLEE_MINUS]
    return p
