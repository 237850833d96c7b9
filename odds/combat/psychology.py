"""Psychology in close combat: charge reactions, break tests, panic (``RULES.md`` §3).

Numba helpers of the combat kernel (:mod:`odds.combat.kernel`), called rather
than inlined: each runs at most a few times per round, so a call costs
nothing measurable, while inlining them made the kernel's cold compile
longer.  Dice come from the kernel's buffer ``buf`` at position
``p``; every helper returns the new position.  ``state`` and ``sides`` are
the kernel's arrays (see :func:`odds.combat.kernel.fight_once`).
"""

from __future__ import annotations

from odds._jit import inline, linked
from odds.combat.blows import (
    apply_wounds,
    better_test,
    count_ge,
    leadership_test,
    models_left,
    sum_faces,
)
from odds.combat.fighters import across, chars_alive, command_carried, unit_strength
from odds.combat.giants import hits_on, ward_of
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    F_ACTIVE,
    F_CHARGER,
    F_CHARGER_COLD,
    F_CHARGER_LD,
    F_CHARGER_REROLL,
    F_REACH,
    F_REACH_DICE,
    F_REACH_TAIL,
    F_TARGET,
    F_TARGET_COLD,
    F_TARGET_LD,
    F_TARGET_PANIC_COLD,
    F_TARGET_PANIC_LD,
    F_TARGET_REROLL,
    F_TARGET_SMALLER,
    F_TARGET_TERROR,
    F_UNITS,
    FIGHTING,
    FLEEING,
    NO_COMBAT,
    PANICKED,
    S_BODYGUARD,
    S_BSB,
    S_BURN_SAVE,
    S_BURNING,
    S_CAMEL_SHY,
    S_CAMELS,
    S_CAPTAIN,
    S_CHAMP_BODY,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_COLD,
    S_DRUNK,
    S_ELF,
    S_FEAR,
    S_FEARLESS,
    S_FEARS_ELVES,
    S_FLEE_DICE,
    S_FLEE_MINUS,
    S_FLEE_PLUS,
    S_FLIGHT_IGNORE,
    S_FRENZY,
    S_GENERAL_LD,
    S_GRUMBLERS,
    S_GUARDED,
    S_HATRED,
    S_HEADS,
    S_HEADS_LD,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_HOWLED,
    S_HP,
    S_INDEPENDENT,
    S_INSTABILITY,
    S_IS_GENERAL,
    S_ITP,
    S_LAMENT,
    S_LAMENT_WARD,
    S_LD,
    S_MAY_FEAR,
    S_NO_PANIC,
    S_NUMBERS,
    S_PANIC_IGNORE,
    S_REGEN,
    S_SIDE,
    S_STD_STUBBORN,
    S_STUBBORN,
    S_STUBBORN_FIRST,
    S_STUPID,
    S_UNBREAKABLE,
    S_UNSTABLE,
    S_US,
    S_W,
    WIPED,
    WON,
    frontage,
)
from odds.combat.model.layout import (
    B_DRUNK_ROLL,
    B_FLEE,
    B_FRENZIED,
    B_FRONTAGE,
    B_HEAD,
    B_HUNT,
    B_LEADER_FELL,
    B_NO_REGEN,
    B_PANIC,
    B_RANKS_NOW,
    B_REFUSED,
    B_SIXES,
    B_SONG,
    B_STATUS,
    B_WOUNDS,
    CT_A,
    CT_B,
    CU_FLED,
    CU_REFUSED,
    CU_SIXES,
    F_CHARGE_TESTS,
    F_PAIR,
    F_PAIRS,
    N_PAIR,
    PR_CHARGER,
    PR_CHARGER_COLD,
    PR_CHARGER_LD,
    PR_CHARGER_REROLL,
    PR_PANIC_COLD,
    PR_PANIC_LD,
    PR_REACH,
    PR_REACH_DICE,
    PR_SMALLER,
    PR_TARGET,
    PR_TARGET_COLD,
    PR_TARGET_LD,
    PR_TARGET_REROLL,
    PR_TERROR,
    S_BASE,
    S_CHARGED,
    S_DEPTH,
    S_HUNT,
    S_IMPETUOUS,
    S_MUTATION,
    S_MUTATION_WARD,
    S_PETRIFY,
    S_PETRIFY_WARD,
    S_PETRIFY_WOUND,
    S_SIREN,
    S_SIRENABLE,
    S_SPIT,
    ST_CHARGE_FLED,
    ST_CHARGE_REFUSED,
    ST_CHARGE_SIXES,
    ST_FIXED,
    ST_PER_BODY,
    ST_PER_UNIT_CHARGE,
    T_TOUCH_A,
)
from odds.rng import fill_d6, uniform


@linked
def charge_tests(buf, st, p, flags, sides, state, stats, max_rounds):
    """Fear and terror at the charge (§3.3); returns ``(fought, p)``.

    The charger tests first: failed, no combat (every body ``NO_COMBAT``).
    Then the charged unit: panic (MDNR "Carga gloriosa") failed, terror failed, or fear
    failed with a lower unit
    strength, it flees (caught if the charge reaches it) and there is no
    combat; fear failed otherwise, it holds and hits only on 6s in the first
    round (``state[:, B_SIXES]`` of it and its characters).
    ``stats[ST_CHARGE_REFUSED + ST_PER_BODY nb + k]`` records which (refused, fled, held on 6s).
    """
    nb = sides.shape[0]
    if p + 28 > buf.size:  # drunk roll, panic, fear/terror tests (re-rolled, cold), 8 flee dice
        fill_d6(buf, st)
        p = 0
    chg = flags[F_CHARGER]
    tgt = flags[F_TARGET]
    if sides[chg, S_DRUNK] and sides[chg, S_SIDE] == flags[F_ACTIVE]:
        # MDNR Bestias "Borrachos": the roll at the start of the charging turn, kept for the
        # first round (B_DRUNK_ROLL); a 6 makes the charger frenzied, immune to fear and terror
        state[chg, B_DRUNK_ROLL] = buf[p]
        p += 1
        if state[chg, B_DRUNK_ROLL] == 6:
            state[chg, B_FRENZIED] = 1
    if flags[F_CHARGER_LD] > 0 and state[chg, B_DRUNK_ROLL] != 6:
        passed, p = leadership_test(buf, p, flags[F_CHARGER_LD], False,
                                    flags[F_CHARGER_REROLL], flags[F_CHARGER_COLD])
        if not passed:
            for u in range(nb):
                state[u, B_STATUS] = NO_COMBAT
            stats[ST_CHARGE_REFUSED + ST_PER_BODY * nb] = 1
            return False, p
    # panic before fear and terror (RULES.md §3.3: "panic, fear, terror"); failed, it flees
    # as from terror (MDNR Imperio "Carga gloriosa", F_TARGET_PANIC_LD)
    panicked = False
    if max_rounds > 0 and flags[F_TARGET_PANIC_LD] > 0:
        passed, p = leadership_test(buf, p, flags[F_TARGET_PANIC_LD], False,
                                    flags[F_TARGET_REROLL], flags[F_TARGET_PANIC_COLD])
        panicked = not passed
    if max_rounds > 0 and (panicked or flags[F_TARGET_LD] > 0):
        passed = False
        if not panicked:
            passed, p = leadership_test(buf, p, flags[F_TARGET_LD], False,
                                        flags[F_TARGET_REROLL], flags[F_TARGET_COLD])
        if not passed:
            if panicked or flags[F_TARGET_TERROR] or flags[F_TARGET_SMALLER]:
                flee, p = sum_faces(buf, p, sides[tgt, S_FLEE_DICE])
                flee += sides[tgt, S_FLEE_PLUS] - sides[tgt, S_FLEE_MINUS]
                if flags[F_REACH_DICE] > 0:
                    # a random mover's roll, at least the gap it crossed (F_REACH): it
                    # reaches the fleeing unit with P(roll >= gap + flee | roll >= gap)
                    k = flags[F_REACH] + max(0, flee)
                    hit = flags[F_REACH_TAIL + k] if k <= 48 else 0
                    caught = uniform(st) * flags[F_REACH_TAIL + flags[F_REACH]] < hit
                else:
                    caught = flags[F_REACH] >= flee
                state[tgt, B_STATUS] = CAUGHT if caught else ESCAPED
                state[chg, B_STATUS] = WON
                stats[ST_CHARGE_FLED + ST_PER_BODY * nb] = 1
                return False, p
            stats[ST_CHARGE_SIXES + ST_PER_BODY * nb] = 1
            state[tgt, B_SIXES] = 1 << chg
            for b in range(sides[tgt, S_HOSTED_LO], sides[tgt, S_HOSTED_HI]):
                state[b, B_SIXES] = 1 << chg
    return True, p


@inline
def set_unit_status(u, status, sides, state):
    """Unit ``u`` and the bodies it hosts take ``status``."""
    state[u, B_STATUS] = status
    for b in range(sides[u, S_HOSTED_LO], sides[u, S_HOSTED_HI]):
        state[b, B_STATUS] = status


# complexity above 20 (C901): a compiled kernel, left as it is until a refactor can be
# measured for speed on an unloaded machine
@linked
def charge_pair_tests(buf, st, p, flags, sides, state, stats, max_rounds, contacts):  # noqa: C901
    """Fear and terror at the charge in a multi-unit combat (§3.3); returns ``(fought, p)``.

    One test per charge pair (``flags[F_PAIR + N_PAIR k + PR_*]``, ``k < flags[F_PAIRS]``):
    first every charger of a fear- or terror-causing target (failed: it does not charge, it and
    its characters ``NO_COMBAT``; a drunk charger rolls its "Borrachos" die first, as in
    :func:`charge_tests`: a 6, frenzied, it takes no test), then every charged unit, per charger
    that still charges it: panic (MDNR "Carga gloriosa") failed, terror failed, or fear failed
    with a lower unit strength than that charger's, it flees (caught if any charger still
    charging it reaches it, as in :func:`charge_tests`); fear failed otherwise, it holds and
    hits that charger only on 6s in the first round (bit ``charger`` of ``state[:, B_SIXES]``).
    A unit left with no enemy fighting in contact leaves the combat: it won if an enemy of it
    fled, else it never fought (``NO_COMBAT``).  ``fought``: both sides still have a unit
    fighting.  ``stats[ST_CHARGE_* + ST_PER_BODY nb]`` records whether any unit refused, fled,
    held on 6s, and ``stats[ST_FIXED + ST_PER_BODY nb + ST_PER_UNIT_CHARGE u + k]`` the same per
    unit.
    """
    nb = sides.shape[0]
    nr = flags[F_UNITS]
    npairs = flags[F_PAIRS]
    tail = ST_PER_BODY * nb
    per = ST_FIXED + tail
    for k in range(npairs):
        row = F_PAIR + N_PAIR * k
        chg = flags[row + PR_CHARGER]
        if flags[row + PR_CHARGER_LD] > 0 and state[chg, B_STATUS] == FIGHTING:
            if p + 28 > buf.size:
                fill_d6(buf, st)
                p = 0
            if sides[chg, S_DRUNK] and sides[chg, S_SIDE] == flags[F_ACTIVE] \
                    and state[chg, B_DRUNK_ROLL] == 0:
                # MDNR Bestias "Borrachos", as in charge_tests: a 6, frenzied, no test
                state[chg, B_DRUNK_ROLL] = buf[p]
                p += 1
                if state[chg, B_DRUNK_ROLL] == 6:
                    state[chg, B_FRENZIED] = 1
                    continue
            passed, p = leadership_test(buf, p, flags[row + PR_CHARGER_LD], False,
                                        flags[row + PR_CHARGER_REROLL],
                                        flags[row + PR_CHARGER_COLD])
            if not passed:
                set_unit_status(chg, NO_COMBAT, sides, state)
                stats[ST_CHARGE_REFUSED + tail] = 1
                stats[per + ST_PER_UNIT_CHARGE * chg + CU_REFUSED] = 1
    for k in range(npairs):
        row = F_PAIR + N_PAIR * k
        chg = flags[row + PR_CHARGER]
        tgt = flags[row + PR_TARGET]
        if max_rounds <= 0 or state[chg, B_STATUS] != FIGHTING \
                or state[tgt, B_STATUS] != FIGHTING:
            continue
        if p + 28 > buf.size:
            fill_d6(buf, st)
            p = 0
        panicked = False
        if flags[row + PR_PANIC_LD] > 0:
            passed, p = leadership_test(buf, p, flags[row + PR_PANIC_LD], False,
                                        flags[row + PR_TARGET_REROLL],
                                        flags[row + PR_PANIC_COLD])
            panicked = not passed
        if not (panicked or flags[row + PR_TARGET_LD] > 0):
            continue
        passed = False
        if not panicked:
            passed, p = leadership_test(buf, p, flags[row + PR_TARGET_LD], False,
                                        flags[row + PR_TARGET_REROLL],
                                        flags[row + PR_TARGET_COLD])
        if passed:
            continue
        if panicked or flags[row + PR_TERROR] or flags[row + PR_SMALLER]:
            flee, p = sum_faces(buf, p, sides[tgt, S_FLEE_DICE])
            flee -= sides[tgt, S_FLEE_MINUS]
            caught = False
            for j in range(npairs):  # any charger still charging it
                rj = F_PAIR + N_PAIR * j
                if flags[rj + PR_TARGET] != tgt \
                        or state[flags[rj + PR_CHARGER], B_STATUS] != FIGHTING:
                    continue
                if flags[rj + PR_REACH_DICE] > 0:
                    kk = flags[rj + PR_REACH] + max(0, flee)
                    hit = flags[F_REACH_TAIL + kk] if kk <= 48 else 0
                    if uniform(st) * flags[F_REACH_TAIL + flags[rj + PR_REACH]] < hit:
                        caught = True
                elif flags[rj + PR_REACH] >= flee:
                    caught = True
            set_unit_status(tgt, CAUGHT if caught else ESCAPED, sides, state)
            stats[ST_CHARGE_FLED + tail] = 1
            stats[per + ST_PER_UNIT_CHARGE * tgt + CU_FLED] = 1
        else:
            stats[ST_CHARGE_SIXES + tail] = 1
            stats[per + ST_PER_UNIT_CHARGE * tgt + CU_SIXES] = 1
            state[tgt, B_SIXES] |= 1 << chg
            for b in range(sides[tgt, S_HOSTED_LO], sides[tgt, S_HOSTED_HI]):
                state[b, B_SIXES] |= 1 << chg
    # units left with no enemy fighting in contact leave the combat
    changed = True
    while changed:
        changed = False
        for u in range(nr):
            if state[u, B_STATUS] != FIGHTING:
                continue
            engaged = False
            fled = False
            for c in range(contacts.shape[0]):
                e = across(u, c, contacts)
                if e < 0:
                    continue
                if state[e, B_STATUS] == FIGHTING:
                    engaged = True
                elif state[e, B_STATUS] == CAUGHT or state[e, B_STATUS] == ESCAPED \
                        or state[e, B_STATUS] == WON:
                    fled = fled or state[e, B_STATUS] != WON
            if not engaged:
                set_unit_status(u, WON if fled else NO_COMBAT, sides, state)
                changed = True
    left0 = False
    left1 = False
    for u in range(nr):
        if state[u, B_STATUS] == FIGHTING:
            if sides[u, S_SIDE] == 0:
                left0 = True
            else:
                left1 = True
    return left0 and left1, p


@inline
def causes_fear(u, sides, state):
    """Whether unit ``u`` causes fear now (``S_FEAR`` 1; 2: while it carries its standard).

    3: until its next own turn starts (Elfos Silvanos "La cacería salvaje": ``B_HUNT``, the
    own turns still to start, 2 at its charge, counted down by :func:`own_turn_start`).

    Espadas de Manann "Estandarte de la Esposa del Mar" ("dejarán de causar Miedo si lo
    pierden"): the standard goes as the engine's ordinary one does, with the last rank-and-file
    model besides the champion (the condition of :func:`odds.combat.resolution.side_totals`).
    """
    f = sides[u, S_FEAR]
    return f == 1 or (f == 2 and models_left(state[u, B_WOUNDS], sides[u, S_W])
                      > (1 if sides[u, S_CHAMPION] else 0)) or (f == 3 and state[u, B_HUNT] > 0)


@linked
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
        e = across(lo, c, contacts)
        if e < 0:
            continue
        if state[e, B_STATUS] != FIGHTING:
            continue
        us_e = unit_strength(e, sides, state)
        if causes_fear(e, sides, state) or (sides[e, S_CAMELS] and sides[lo, S_CAMEL_SHY]):
            fear_us += us_e  # Mercenarios: Arabia "Camellos": feared by cavalry and chariots
        else:
            chars = 0
            for b in range(sides[e, S_HOSTED_LO], sides[e, S_HOSTED_HI]):
                if state[b, B_WOUNDS] > 0 and sides[b, S_FEAR]:
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
                    and state[f, B_STATUS] == FIGHTING):
                friends += unit_strength(f, sides, state)
        if friends <= 2 * elf_us:
            fear_us += elf_extra
    return fear_us


# complexity above 20 (C901): a compiled kernel, left as it is until a refactor can be
# measured for speed on an unloaded machine
@linked
def break_test(buf, p, lo, diff, sides, state, contacts, gen, bsb, insane, first):  # noqa: C901
    """Does losing unit ``lo`` break, having lost by ``diff``? Returns ``(broken, p)`` (§3.2).

    Daemonic instability and unstable units lose wounds instead of testing
    (they never break; wiped out, their status becomes ``WIPED``).  Otherwise
    fear auto-break against more fear-causing unit strength in contact, or a
    2D6 test on the best Ld of the unit, its champion and its characters
    (a character who refused a challenge lends none), or ``gen`` (the
    General's, 0 if none) with the modifier; stubborn units test on their own
    Ld unmodified (``S_STUBBORN_FIRST``: in the ``first`` round only); ``bsb``: one
    re-roll (``S_BSB`` 2, a daemonic battle standard: the instability roll too, when a fresh
    roll is expected to cost fewer wounds); ``insane``: double 1 passes; an
    ``S_INDEPENDENT`` unit ignores ``gen``.
    """
    m_lo = models_left(state[lo, B_WOUNDS], sides[lo, S_W])
    if sides[lo, S_INSTABILITY]:
        # Demonios "Inestabilidad Demoníaca": 2D6 instead of the break test; above the
        # unit's Ld (unmodified) the whole unit goes, above Ld - diff one wound per
        # point over it (no save of any kind), else nothing
        if state[lo, B_WOUNDS] > 0:
            roll, p = sum_faces(buf, p, 2)
            base = sides[lo, S_LD]
            if sides[lo, S_BSB] == 2:
                # a daemonic battle standard ("Bendición de Nurgle": "permite repetir ... la
                # inestabilidad demoníaca"): re-rolled when a fresh roll costs fewer wounds
                # on average (36 x the mean against 36 x this roll's loss)
                left = state[lo, B_WOUNDS]
                mean = 0
                for r in range(2, 13):
                    mean += (6 - abs(r - 7)) * (left if r > base
                                                else min(left, max(0, r - base + diff)))
                now = left if roll > base else min(left, max(0, roll - base + diff))
                if mean < 36 * now:
                    roll, p = sum_faces(buf, p, 2)
            if roll > base:
                state[lo, B_WOUNDS] = 0
            elif roll > base - diff:
                state[lo, B_WOUNDS] = max(0, state[lo, B_WOUNDS] - (roll - (base - diff)))
            if state[lo, B_WOUNDS] == 0 and chars_alive(lo, sides, state) == 0:
                state[lo, B_STATUS] = WIPED
        return False, p
    if sides[lo, S_UNSTABLE]:
        if state[lo, B_WOUNDS] > 0:
            # "Criatura artefacto" (S_UNSTABLE 2): one wound fewer; "Estandarte de los
            # Malditos" (3): while the standard is carried (fighters.command_carried)
            fewer = 1 if sides[lo, S_UNSTABLE] == 2 or (
                sides[lo, S_UNSTABLE] == 3 and command_carried(lo, m_lo, sides, state)[0]) else 0
            state[lo, B_WOUNDS] = max(0, state[lo, B_WOUNDS] - max(0, diff - fewer))
            if state[lo, B_WOUNDS] == 0 and chars_alive(lo, sides, state) == 0:
                state[lo, B_STATUS] = WIPED
        return False, p
    us_lo = m_lo * sides[lo, S_US]
    # Ld values by kind: ld/lead (2D6) and ld_c/lead_c (cold-blooded, MDNR "Sangre fría":
    # the unit's own and its cold-blooded characters'); ld is used unmodified when stubborn
    ld = 0
    ld_c = 0
    if m_lo > 0:
        own = sides[lo, S_LD] + head_ld(lo, sides, state)  # "Dos cabezas"
        if sides[lo, S_CHAMPION]:
            own = max(own, sides[lo, S_CHAMPION_LD])
        if sides[lo, S_COLD]:
            ld_c = own
        else:
            ld = own
    lead = 0  # a non-stubborn character's Ld, used with the modifier (stubborn units)
    lead_c = 0
    stub = sides[lo, S_STUBBORN] or (sides[lo, S_STUBBORN_FIRST] and first)
    # Orcos y Goblins "Estandarte de la Desolación": "La Guardia Personal (y Grimgor) son
    # Tozudos mientras porten el estandarte" (its characters too)
    std_stub = sides[lo, S_STD_STUBBORN] and command_carried(lo, m_lo, sides, state)[0]
    if std_stub:
        stub = 1
    guard = 0  # MDNR "Guardaespaldas", "Escolta" (stubborn), "Guardia personal" (no fear)
    if sides[lo, S_BODYGUARD] == 3:  # "Escolta de Mydas": stubborn while Mydas lives
        guard = 1
        for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
            if state[b, B_WOUNDS] <= 0 and sides[b, S_GUARDED]:
                guard = 0
    elif sides[lo, S_BODYGUARD]:
        for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
            if state[b, B_WOUNDS] > 0 and sides[b, S_GUARDED]:
                guard = sides[lo, S_BODYGUARD]
    if guard == 1:
        stub = 1
    for b in range(sides[lo, S_HOSTED_LO], sides[lo, S_HOSTED_HI]):
        if state[b, B_WOUNDS] > 0:
            us_lo += sides[b, S_US]
            if not state[b, B_REFUSED]:  # a character who refused lends no Ld (§1.9)
                if stub and not (sides[b, S_STUBBORN] or std_stub):
                    if sides[b, S_COLD]:
                        lead_c = max(lead_c, sides[b, S_LD])
                    else:
                        lead = max(lead, sides[b, S_LD])
                elif sides[b, S_COLD]:
                    ld_c = max(ld_c, sides[b, S_LD])
                else:
                    ld = max(ld, sides[b, S_LD])
    # "Montaraces de Bugman": immune to fear while the champion lives (its body if promoted;
    # else it dies with the unit's last model)
    champ = sides[lo, S_CHAMP_BODY]
    fearless = sides[lo, S_FEARLESS] and (champ < 0 or state[champ, B_WOUNDS] > 0)
    # Bretonia "Impetuosos": immune to psychology through the turn it charges (the first round)
    itp = sides[lo, S_ITP] or (sides[lo, S_IMPETUOUS] and sides[lo, S_CHARGED] and first)
    if (not causes_fear(lo, sides, state) and not itp and guard != 2
            and not fearless and sides[lo, S_MAY_FEAR]
            and us_lo < fear_in_contact(lo, sides, state, contacts)):
        return True, p  # fear auto-break (§3.2 step 3)
    gen = 0 if sides[lo, S_INDEPENDENT] else max(sides[lo, S_GENERAL_LD], gen)
    if sides[lo, S_NUMBERS]:  # Skaven "La fuerza radica en el número": Ld + its rank bonus
        add = state[lo, B_RANKS_NOW]
        ld, ld_c = numbers_ld(ld, add), numbers_ld(ld_c, add)
        lead, lead_c, gen = numbers_ld(lead, add), numbers_ld(lead_c, add), numbers_ld(gen, add)
    bsb = sides[lo, S_BSB] or bsb
    if stub:  # own Ld unmodified, or a leader's with the modifier (§3.2)
        target = max(ld, max(lead, gen) - diff)
        target_c = max(ld_c, lead_c - diff)
    else:
        target = max(ld, lead, gen) - diff
        target_c = max(ld_c, lead_c) - diff
    # empire family: Condes Vampiro "Canto de la Sirena", -3 to its Ld tests (stubborn too:
    # not the combat result's difference)
    target -= sung(lo, state)
    target_c -= sung(lo, state)
    target, cold = better_test(target_c, target, ld_c + lead_c > 0, ld + lead + gen > 0)
    passed, p = howled_test(buf, p, target, insane, bsb, cold,
                            howled(lo, sides, state) and not itp)
    return not passed, p


@inline
def sung(u, state):
    """The Ld penalty of unit ``u`` under a "Canto de la Sirena": 3 while sung, else 0.

    Condes Vampiro (Costa del Vampiro: Doncella de los Mares) "Canto de la Sirena": "La
    unidad tendrá un penalizador de -3 a todos los chequeos de Liderazgo (incluidos los de
    Desmoralización) que deba hacer" (:func:`siren_song`, :func:`song_ends`).
    """
    return 3 if state[u, B_SONG] > 0 else 0


@inline
def head_ld(u, sides, state):
    """The Ld step of unit ``u``'s dominant head from its starting one ("Dos cabezas").

    Reinos del Caos "Ettin maldito": the Salvaje head has "L-1"; ``S_HEADS_LD`` (-1 or +1)
    while the other head is dominant (``state[u, B_HEAD]``), else 0.
    """
    return sides[u, S_HEADS_LD] * state[u, B_HEAD]


@inline
def hates_now(u, sides, state):
    """Whether unit ``u`` has hatred now: its ``S_HATRED``, or its Traidor head dominant.

    Reinos del Caos "Dos cabezas": "Traidor. El Ettin gana Odio" (``S_HEADS`` 1, Traidor at
    the start, with its starting head; 2, Salvaje at the start, with its other head).
    """
    if sides[u, S_HEADS] == 0:
        return sides[u, S_HATRED] > 0
    return (sides[u, S_HEADS] == 1) == (state[u, B_HEAD] == 0)


@linked  # called: units with "Dos cabezas" only
def swap_heads(buf, p, nr, sides, state):
    """Reinos del Caos "Dos cabezas": each wounded Ettin's Ld test at the end of a turn.

    "Cuando el Ettin haya sufrido alguna herida ... al final de cada turno deberá hacer un
    chequeo de Liderazgo (puede usar Liderazgo del General), si lo supera, conserva la
    personalidad actual, en caso contrario toma la otra personalidad": an Ettin still
    fighting with fewer wounds than it began with tests on its dominant head's Ld
    (:func:`head_ld`) or the General's, re-rolled under "Aullido abisal"; failed, the other
    head takes over (``state[u, B_HEAD]``): frenzied taking the Salvaje head ("gana Furia
    Asesina"), not frenzied taking the Traidor head.  Returns ``p``.
    """
    for u in range(nr):
        if (sides[u, S_HEADS] and state[u, B_STATUS] == FIGHTING
                and 0 < state[u, B_WOUNDS] < sides[u, S_HP]):
            gen = 0 if sides[u, S_INDEPENDENT] else sides[u, S_GENERAL_LD]
            ld = max(sides[u, S_LD] + head_ld(u, sides, state), gen) - sung(u, state)
            passed, p = howled_test(buf, p, ld, False, False, sides[u, S_COLD] > 0,
                                    howled(u, sides, state))
            if not passed:
                state[u, B_HEAD] = 1 - state[u, B_HEAD]
                state[u, B_FRENZIED] = 0 if hates_now(u, sides, state) else 1
    return p


@inline
def numbers_ld(ld, ranks):
    """Skaven "La fuerza radica en el número": Ld ``ld`` plus the rank bonus ``ranks``.

    "se considera que el Liderazgo de la unidad es igual a su Liderazgo incrementado por su
    bonificador por filas ... hasta un máximo de 10" (the unit's own Ld, or a character's or
    the General's it uses: "se sumará el bonificador por filas a ese Liderazgo"); 0 (no Ld
    to test on) stays 0, and an Ld of 10 or more is kept.
    """
    if ld <= 0 or ld >= 10:
        return ld
    return min(10, ld + ranks)


@inline
def howled_test(buf, p, target, insane, reroll, cold, howl):
    """:func:`odds.combat.blows.leadership_test`, with a pass re-rolled when ``howl``.

    Elfos Oscuros "Aullido abisal": the Dark Elf player re-rolls the Ld tests of an enemy in
    contact (:func:`howled`), so a pass is rolled again; a fail is rolled again only with
    the unit's own re-roll (``reroll``: a battle standard, Viejos cascarrabias).  Either way
    a test is re-rolled once (RULES.md §3.1: any die only once).  Returns ``(passed, p)``.
    """
    if not howl:
        return leadership_test(buf, p, target, insane, reroll, cold)
    passed, p = leadership_test(buf, p, target, insane, False, cold)
    if passed or reroll:
        passed, p = leadership_test(buf, p, target, insane, False, cold)
    return passed, p


@linked
def howled(u, sides, state):
    """Whether unit ``u`` touches a living, fighting enemy with "Aullido abisal" (``S_HOWLED``).

    Its Ld tests are then re-rolled as the Dark Elf player wants
    (:func:`odds.combat.model.contact_effects`).
    """
    h = sides[u, S_HOWLED] - 1
    return h >= 0 and state[h, B_WOUNDS] > 0 and state[h, B_STATUS] == FIGHTING


@linked
def _panic_ld(f, sides, state, gen):
    """Best 2D6 Ld for unit ``f``'s panic test (0 = none).

    Its own, champion's, characters' and the General's, leaving out what is cold-blooded.
    """
    ld = 0
    if not sides[f, S_COLD]:
        ld = sides[f, S_LD]
        if sides[f, S_CHAMPION] and state[f, B_WOUNDS] > 0:
            ld = max(ld, sides[f, S_CHAMPION_LD])
    for b in range(sides[f, S_HOSTED_LO], sides[f, S_HOSTED_HI]):
        if state[b, B_WOUNDS] > 0 and not state[b, B_REFUSED] and not sides[b, S_COLD]:
            ld = max(ld, sides[b, S_LD])
    if sides[f, S_INDEPENDENT]:
        return ld  # "Independientes": never the General's Ld
    return max(ld, sides[f, S_GENERAL_LD], gen)


@inline
def psychology_ld(f, sides, state, gen):
    """The Ld of unit ``f``'s panic or terror test, and whether it is cold-blooded.

    Returns ``(ld, cold)``: :func:`_panic_ld`, or the best cold-blooded Ld (MDNR "Sangre
    fría") where it is better, less a "Canto de la Sirena" on it.
    """
    ld = _panic_ld(f, sides, state, gen)
    ld_c = 0
    if sides[f, S_COLD]:  # cold-blooded on its own Ld (MDNR "Sangre fría")
        ld_c = sides[f, S_LD]
        if sides[f, S_CHAMPION] and state[f, B_WOUNDS] > 0:
            ld_c = max(ld_c, sides[f, S_CHAMPION_LD])
    for b in range(sides[f, S_HOSTED_LO], sides[f, S_HOSTED_HI]):
        if state[b, B_WOUNDS] > 0 and not state[b, B_REFUSED] and sides[b, S_COLD]:
            ld_c = max(ld_c, sides[b, S_LD])
    if sides[f, S_NUMBERS]:  # Skaven "La fuerza radica en el número"
        ld = numbers_ld(ld, state[f, B_RANKS_NOW])
        ld_c = numbers_ld(ld_c, state[f, B_RANKS_NOW])
    ld, cold = better_test(ld_c, ld, ld_c > 0, ld > 0)
    ld -= sung(f, state)  # empire family: "Canto de la Sirena"
    return ld, cold


@linked
def panic_from(buf, p, x, nr, sides, state, gen, by_friend=True):
    """Panic tests caused by unit ``x`` breaking or being destroyed (§3.4); returns ``p``.

    ``by_friend`` False: the tests of ``x``'s side caused by an enemy (MDNR "Devorador":
    :func:`odds.combat.resolution.leave_and_pursue`), which no immunity to ``x`` spares.

    The other units of its side still fighting test (2D6 <= the best Ld of the
    unit, its champion, its characters who did not refuse, ``gen`` the
    General's); immune to psychology, frenzied (RULES.md §1.6), unbreakable and
    panic-immune units excepted, and those that ignore panic from ``x`` (bit ``x`` of
    ``S_PANIC_IGNORE``: MDNR partial immunities; of ``S_FLIGHT_IGNORE`` when ``x``
    fled), and one test per unit per
    phase (``state[:, B_PANIC] == 2`` once tested); a failed test is re-rolled while a friendly unit
    with ``S_GRUMBLERS`` 1 or 2 is still fighting, or when the unit's own is 3.  Failed, the
    unit is ``PANICKED`` and rolls its flight.
    """
    for f in range(nr):
        if (sides[f, S_SIDE] != sides[x, S_SIDE] or state[f, B_STATUS] != FIGHTING
                or state[f, B_PANIC] == 2 or sides[f, S_ITP] or sides[f, S_UNBREAKABLE]
                or state[f, B_FRENZIED] or sides[f, S_NO_PANIC]
                or (by_friend and (sides[f, S_PANIC_IGNORE] >> x) & 1)
                or (by_friend and state[x, B_STATUS] == FLEEING
                    and (sides[f, S_FLIGHT_IGNORE] >> x) & 1)):
            continue
        state[f, B_PANIC] = 2  # one panic test per unit per phase
        ld, cold = psychology_ld(f, sides, state, gen)
        # MDNR Enanos "Viejos cascarrabias": "Cualquier miniatura o unidad a 15cm o menos de
        # una o más unidades de Barbaslargas (que no estén huyendo) puede repetir los
        # chequeos de pánico fallados" (every unit of a combat is within 15 cm)
        # Imperio "Ejemplo de Sigmar" (S_GRUMBLERS 2): "Toda unidad amiga a 15cm o menos de
        # la Reiksguard a pie (incluyendo la propia ...) puede repetir cualquier chequeo de
        # pánico ... fallado" (while it is still on the table: fighting or fleeing)
        # Reinos del Caos "Marca del Caos absoluto" (S_GRUMBLERS 3): "puede repetir los
        # chequeos de psicología fallados" (its own)
        grumble = sides[f, S_GRUMBLERS] == 3
        for g in range(nr):
            if 0 < sides[g, S_GRUMBLERS] < 3 and sides[g, S_SIDE] == sides[f, S_SIDE] and (
                    state[g, B_STATUS] == FIGHTING
                    or (sides[g, S_GRUMBLERS] == 2
                        and (state[g, B_STATUS] == FLEEING or state[g, B_STATUS] == PANICKED))):
                grumble = True
        passed, p = howled_test(buf, p, ld, False, grumble, cold, howled(f, sides, state))
        if not passed:
            state[f, B_STATUS] = PANICKED
            state[f, B_FLEE], p = sum_faces(buf, p, sides[f, S_FLEE_DICE])
            state[f, B_FLEE] += sides[f, S_FLEE_PLUS] - sides[f, S_FLEE_MINUS]
    return p


@linked
def lament(buf, p, u, nr, sides, state, contacts):
    """Condes Vampiro "Lamento de la doncella" of unit ``u`` (``S_LAMENT``); returns ``p``.

    ``S_LAMENT`` is what the 2D6 roll adds: 2 for the lament, 4 for Clan Strigoi's
    "Chillido mortal" ("con un +2 a la tirada").

    Made in its side's turn before the round's blows (its shooting phase), at the enemy unit
    in contact, fighting, not frenzied and a possible target (``S_LAMENT_WARD`` > 0) where
    the expected unsaved wounds are highest (ties: the first unit): "Lanza 2D6+2 y compáralo
    con el atributo de Liderazgo de la unidad (o el Liderazgo del General si está a 30cm o
    menos; o el Liderazgo de cualquier personaje dentro de dicha unidad)": the highest of the
    unit's, its champion's, its living characters' and members', the General's
    (``S_GENERAL_LD``, or a living General fighting in the combat; none for an
    ``S_INDEPENDENT`` unit); "por cada punto en que se supere
    ... una herida que Anula armaduras": a ward save, then regeneration (until a flaming
    wound), then the wounds on the unit's models.  No Ld test (no cold blood, no re-roll)
    and no combat result (not a close-combat wound).
    """
    best = -1
    best_e = 0
    best_ld = 0
    for c in range(contacts.shape[0]):
        v = contacts[c, CT_B] if contacts[c, CT_A] == u else contacts[c, CT_A]
        if ((contacts[c, CT_A] != u and contacts[c, CT_B] != u) or v >= nr
                or state[v, B_STATUS] != FIGHTING or state[v, B_WOUNDS] <= 0 or state[v, B_FRENZIED]
                or sides[v, S_LAMENT_WARD] == 0):
            continue
        ld = max(sides[v, S_LD], sides[v, S_GENERAL_LD])
        if sides[v, S_CHAMPION]:
            ld = max(ld, sides[v, S_CHAMPION_LD])
        for b in range(sides[v, S_HOSTED_LO], sides[v, S_HOSTED_HI]):
            if state[b, B_WOUNDS] > 0:
                ld = max(ld, sides[b, S_LD])
        for b in range(nr, sides.shape[0]):
            if (sides[b, S_IS_GENERAL] and sides[b, S_SIDE] == sides[v, S_SIDE]
                    and state[b, B_WOUNDS] > 0 and state[b, B_STATUS] == FIGHTING
                    and not sides[v, S_INDEPENDENT]):
                ld = max(ld, sides[b, S_LD])
        e = 0  # 36 x 36 x the expected unsaved wounds
        for s in range(2, 13):
            e += (6 - abs(s - 7)) * max(0, s + sides[u, S_LAMENT] - ld)
        regen = sides[v, S_REGEN] if not state[v, B_NO_REGEN] else 7
        e *= (sides[v, S_LAMENT_WARD] - 1) * (regen - 1)
        if e > best_e:
            best, best_e, best_ld = v, e, ld
    if best < 0:
        return p
    roll, p = sum_faces(buf, p, 2)
    n = roll + sides[u, S_LAMENT] - best_ld  # 2D6+2 (Condes Vampiro Strigoi: 2D6+4)
    if n <= 0:
        return p
    kept, p = count_ge(buf, p, n, sides[best, S_LAMENT_WARD])
    n -= kept
    if sides[best, S_REGEN] < 7 and not state[best, B_NO_REGEN]:
        kept, p = count_ge(buf, p, n, sides[best, S_REGEN])
        n -= kept
    state[best, B_WOUNDS], _s, _r, p = apply_wounds(buf, p, state[best, B_WOUNDS],
                                                    sides[best, S_W], n, 0, 0)
    return p


@linked
def siren_song(u, nr, sides, state, contacts):
    """Condes Vampiro "Canto de la Sirena" of unit ``u`` (``S_SIREN``) at an enemy in contact.

    Costa del Vampiro (Doncella de los Mares): "Es un Ataque especial que se realiza en la
    fase de Disparo ... si la Doncella está trabada en combate con una o más unidades deberá
    elegir como objetivo una unidad con la que esté trabada. La unidad tendrá un
    penalizador de -3 a todos los chequeos de Liderazgo (incluidos los de Desmoralización)
    ... No afecta a unidades inmunes a psicología o desmoralización ni a miniaturas de tipo
    No Muerto o Demonio": the first enemy unit in contact, fighting, that it can affect
    (``S_SIRENABLE``, and not frenzied: frenzy makes it immune to psychology) is sung
    (``B_SONG`` 2) until the end of this turn (:func:`song_ends`).
    """
    for c in range(contacts.shape[0]):
        if contacts[c, CT_A] != u and contacts[c, CT_B] != u:
            continue
        v = contacts[c, CT_B] if contacts[c, CT_A] == u else contacts[c, CT_A]
        if (v < nr and sides[v, S_SIRENABLE] and state[v, B_STATUS] == FIGHTING
                and state[v, B_WOUNDS] > 0 and not state[v, B_FRENZIED]):
            state[v, B_SONG] = 2
            return


@linked
def song_ends(buf, p, nr, sides, state):
    """The end of a turn for the units under a "Canto de la Sirena"; returns ``p``.

    "Al final del turno actual, la unidad enemiga deberá hacer un chequeo de Liderazgo (con
    el -3); si lo supera, ya no se verá sujeta al hechizo; si lo falla, seguirá bajo los
    efectos hasta el final de su próximo turno": a unit sung this turn (``B_SONG`` 2) tests
    on the Ld of its panic test (its own, its champion's, its characters', the General's;
    cold-blooded on its own) less 3: passed, the song ends; failed, it lasts the next turn
    (``B_SONG`` 1), whose end ends it.  Run at the start of each round after the first.
    """
    for v in range(nr):
        if state[v, B_SONG] == 2 and state[v, B_STATUS] == FIGHTING:
            ld = _panic_ld(v, sides, state, 0)
            ld_c = sides[v, S_LD] if sides[v, S_COLD] else 0
            ld, cold = better_test(ld_c, ld, ld_c > 0, ld > 0)
            passed, p = leadership_test(buf, p, ld - 3, False, False, cold)
            state[v, B_SONG] = 0 if passed else 1
        else:
            state[v, B_SONG] = 0
    return p


@linked  # called: units with "Magia de Tzeentch" only
def mutations(buf, p, nr, active, sides, state, contacts, touch):
    """Reinos del Caos "Magia de Tzeentch" "Mutación incontrolable" of side ``active``'s units.

    Cast at the start of the owner's magic phase, so in its turn before the blows, by each
    fighting unit with ``S_MUTATION``: "Lanza 1D6 por cada Horror en contacto peana con peana
    con el enemigo" (its models touching an enemy unit, ``touch``), "con un 6 hace una baja en
    una unidad enemiga con la que esté en contacto. Anula armaduras. Las bajas sólo pueden
    hacerse a miniaturas de infantería o caballería": each 6 slays a whole model (a wounded
    one first) of the first enemy unit in contact that may be its target
    (``S_MUTATION_WARD`` > 0), unless that unit's ward save (``S_MUTATION_WARD``, 7 none)
    is made; "Por cada enemigo aniquilado con este hechizo, añade un Horror a la unidad".
    Casualties of the magic phase: no combat result.  Returns ``(slain, p)``, the models
    slain by all of them.
    """
    total = 0
    for u in range(nr):
        if (not sides[u, S_MUTATION] or sides[u, S_SIDE] != active
                or state[u, B_STATUS] != FIGHTING or state[u, B_WOUNDS] <= 0):
            continue
        n = 0
        best = -1
        for c in range(contacts.shape[0]):
            if contacts[c, CT_A] == u:
                d = 0
                v = contacts[c, CT_B]
            elif contacts[c, CT_B] == u:
                d = 1
                v = contacts[c, CT_A]
            else:
                continue
            if v >= nr or state[v, B_STATUS] != FIGHTING or state[v, B_WOUNDS] <= 0:
                continue
            n += touch[c, T_TOUCH_A + d]
            if best < 0 and sides[v, S_MUTATION_WARD] > 0:
                best = v
        if best < 0 or n <= 0:
            continue
        sixes, p = count_ge(buf, p, n, 6)
        if sixes > 0 and sides[best, S_MUTATION_WARD] < 7:
            saved, p = count_ge(buf, p, sixes, sides[best, S_MUTATION_WARD])
            sixes -= saved
        left = models_left(state[best, B_WOUNDS], sides[best, S_W])
        slain = min(sixes, left)
        if slain > 0:
            state[best, B_WOUNDS] = (left - slain) * sides[best, S_W]
            state[u, B_WOUNDS] += slain * sides[u, S_W]
            total += slain
    return total, p


@linked  # called: units with "Petrificar" only
def petrify(buf, p, nr, active, sides, state, contacts):
    """The gst "Petrificar" of side ``active``'s units (shooting phase); returns ``(lost, p)``.

    Before the blows of its own turn, every model of each fighting unit with ``S_PETRIFY``
    gazes at the first enemy unit in contact it can wound (``S_PETRIFY_WOUND`` > 0):
    "Lanza 1D6 para saber cuántos impactos automáticos hace. Los impactos son de F4 ... y
    anulan salvación por armadura. En lugar de comparar con la Resistencia de la miniatura,
    compárala con su Iniciativa": each hit wounds on ``S_PETRIFY_WOUND``, then the target's
    ward (``S_PETRIFY_WARD``, 7 none) and regeneration are rolled, and the wounds fall on its
    rank and file.  Casualties of the shooting phase: no combat result.  ``lost`` counts
    the wounds dealt.
    """
    total = 0
    for u in range(nr):
        if (not sides[u, S_PETRIFY] or sides[u, S_SIDE] != active
                or state[u, B_STATUS] != FIGHTING or state[u, B_WOUNDS] <= 0):
            continue
        best = -1
        for c in range(contacts.shape[0]):
            if contacts[c, CT_A] == u:
                v = contacts[c, CT_B]
            elif contacts[c, CT_B] == u:
                v = contacts[c, CT_A]
            else:
                continue
            if (v < nr and state[v, B_STATUS] == FIGHTING and state[v, B_WOUNDS] > 0
                    and sides[v, S_PETRIFY_WOUND] > 0):
                best = v
                break
        if best < 0:
            continue
        hits, p = sum_faces(buf, p, models_left(state[u, B_WOUNDS], sides[u, S_W]))
        n, p = count_ge(buf, p, hits, sides[best, S_PETRIFY_WOUND])
        if n > 0 and sides[best, S_PETRIFY_WARD] < 7:
            saved, p = count_ge(buf, p, n, sides[best, S_PETRIFY_WARD])
            n -= saved
        if n > 0 and sides[best, S_REGEN] < 7 and not state[best, B_NO_REGEN]:
            kept, p = count_ge(buf, p, n, sides[best, S_REGEN])
            n -= kept
        if n > 0:
            before = state[best, B_WOUNDS]
            state[best, B_WOUNDS], _s, _r, p = apply_wounds(buf, p, before, sides[best, S_W],
                                                            n, 0, 0)
            total += before - state[best, B_WOUNDS]
    return total, p


SPIT_STRENGTH = 6
"""The Strength of "Escupir inmundicia"'s hits ("sufren impactos de F6")."""

under_flame = linked(frontage.under_flame)  # called: rare
"""Models under a flame template laid into a unit's front
(:func:`odds.combat.model.frontage.under_flame`, compiled)."""


@linked  # called: rare
def spit_filth(buf, p, rnd, active, model, scratch):
    """Enanos del Caos, Reinos del Caos Mortales "Escupir inmundicia" of side ``active``.

    Returns ``(p, fled)``: ``fled``, a unit fled from its Terror test.  In its own turn's
    shooting phase, before the round's blows, each fighting unit with ``S_SPIT`` (the
    Cañón infernal) spits at the first enemy unit in contact still fighting: its models
    under the flame template (:func:`under_flame`, from the models it has left) take S6
    hits, fully under it each, partially under it on 4+; each wounds against its T
    (``S_TOUGH``), its armour save less 3 (``S_ARMOUR``), its ward save against the
    cannon's blows and its regeneration are rolled, and the wounds fall on its rank and
    file.  Shooting-phase casualties: no combat result.  Then, in the cannon's first own
    turn of the combat only (a Terror test is made once per battle), the unit tests Terror
    unless it is immune to psychology, unbreakable, causes fear or terror itself
    (``S_FEAR``), or already tested Terror of the cannon at the charge (``S_SPIT`` 2: the
    cannon causes terror); failed, it flees (``FLEEING``, its flight rolled).
    """
    sides = model.sides
    state = scratch.state
    flags = model.flags
    contacts = model.contacts
    nr = flags[F_UNITS]
    fled = False
    first = rnd == (0 if flags[F_ACTIVE] == active else 1)
    for u in range(nr):
        if (not sides[u, S_SPIT] or sides[u, S_SIDE] != active
                or state[u, B_STATUS] != FIGHTING or state[u, B_WOUNDS] <= 0):
            continue
        v = -1
        for c in range(contacts.shape[0]):
            w = across(u, c, contacts)
            if w >= 0 and w < nr and state[w, B_STATUS] == FIGHTING and state[w, B_WOUNDS] > 0:
                v = w
                break
        if v < 0:
            continue
        full, part = under_flame(models_left(state[v, B_WOUNDS], sides[v, S_W]),
                                 state[v, B_FRONTAGE], sides[v, S_BASE], sides[v, S_DEPTH])
        more, p = count_ge(buf, p, part, 4)
        uns, _k, p = hits_on(buf, p, full + more, SPIT_STRENGTH, False, 0,
                             ward_of(model.groups, u, v, 1), v, sides)
        if uns > 0 and sides[v, S_REGEN] < 7 and not state[v, B_NO_REGEN]:
            kept, p = count_ge(buf, p, uns, sides[v, S_REGEN])
            uns -= kept
        if uns > 0:
            state[v, B_WOUNDS], _s, _r, p = apply_wounds(buf, p, state[v, B_WOUNDS],
                                                         sides[v, S_W], uns, 0, 0)
        if state[v, B_WOUNDS] <= 0 or not first or not spit_terror_due(u, v, sides, flags):
            continue
        ld, cold = psychology_ld(v, sides, state, 0)
        passed, p = howled_test(buf, p, ld, False, sides[v, S_GRUMBLERS] >= 2, cold,
                                howled(v, sides, state))
        if not passed:
            state[v, B_STATUS] = FLEEING
            state[v, B_FLEE], p = sum_faces(buf, p, sides[v, S_FLEE_DICE])
            state[v, B_FLEE] += sides[v, S_FLEE_PLUS] - sides[v, S_FLEE_MINUS]
            fled = True
    return p, fled


@inline
def spit_terror_due(u, v, sides, flags):
    """Whether unit ``v``, spat at by unit ``u``, tests Terror (:func:`spit_filth`)."""
    if sides[v, S_ITP] or sides[v, S_UNBREAKABLE] or sides[v, S_FEAR]:
        return False
    # a terror test of the cannon at the charge (charged by it, or charging it)
    return not (flags[F_CHARGE_TESTS] and sides[u, S_SPIT] == 2
                and ((flags[F_TARGET] == sides[v, S_SIDE] and flags[F_TARGET_LD] > 0)
                     or (flags[F_CHARGER] == sides[v, S_SIDE] and flags[F_CHARGER_LD] > 0)))


@linked
def horn_panic(buf, p, u, nr, sides, state):
    """Regimientos de Renombre "Cuerno del Dragón" blown by unit ``u`` (``S_HORN``); returns ``p``.

    "Todas las unidades enemigas a 30cm o menos del músico deben hacer un chequeo de Pánico",
    at the start of the unit's own movement phase, while it has its musician
    (:func:`odds.combat.fighters.command_carried`): every enemy unit still fighting tests
    (:func:`panic_from` of an enemy, by no friend; a new phase, so one that tested in the
    last close-combat phase tests again; the General's Ld of a General of theirs still
    fighting); failed, it is ``FLEEING`` with its flight rolled.
    """
    if not command_carried(u, models_left(state[u, B_WOUNDS], sides[u, S_W]), sides, state)[1]:
        return p  # the musician has fallen
    e = -1
    gen = 0
    for b in range(sides.shape[0]):
        if sides[b, S_SIDE] == sides[u, S_SIDE]:
            continue
        if b < nr:
            if state[b, B_STATUS] == FIGHTING:
                e = b
                state[b, B_PANIC] = 0
        elif (sides[b, S_IS_GENERAL] and state[b, B_WOUNDS] > 0 and not state[b, B_REFUSED]
              and state[sides[b, S_HOST], B_STATUS] == FIGHTING):
            gen = sides[b, S_LD]
    if e >= 0:
        p = panic_from(buf, p, e, nr, sides, state, gen, False)
    for f in range(nr):
        if state[f, B_STATUS] == PANICKED:
            state[f, B_STATUS] = FLEEING
    return p


@linked  # called: one kind of unit only
def crumble(buf, p, u, sides, state):
    """Regimientos de Renombre "No Muertos", "Capitán" (``S_CAPTAIN``): one test of unit ``u``.

    "Si Richter muere, la Compañía comenzará a desintegrarse ... deberá efectuar un chequeo de
    liderazgo. Si no lo supera, sufrirá un número de heridas igual a la diferencia entre el
    resultado obtenido en esta tirada y el valor de su atributo de Liderazgo, heridas que no
    podrán evitarse mediante ninguna tirada de salvación (ni siquiera especiales)": 2D6
    against the unit's own Ld (its leader is dead; the units with the rule take no
    characters and never use the General's Ld, ``independent``); each point above it is a
    wound with no save of any kind.  Returns ``p``.
    """
    roll, p = sum_faces(buf, p, 2)
    n = roll - sides[u, S_LD]
    if n > 0:
        state[u, B_WOUNDS], _s, _r, p = apply_wounds(buf, p, state[u, B_WOUNDS], sides[u, S_W],
                                                     n, 0, 0)
    return p


@linked  # called: one kind of unit only
def captains_fall(buf, p, nr, sides, state):
    """The end of a close-combat phase for units with ``S_CAPTAIN``; returns ``p``.

    "Al término de la fase en que el Capitán haya sido eliminado y al comienzo de cada turno
    posterior": a unit still fighting (or that has just won, its enemies gone) whose leader
    (its promoted champion's body) fell this phase takes its first :func:`crumble` test now
    and is marked (``state[:, B_LEADER_FELL]``) for one at the start of each of its later turns (the
    kernel's round start); wiped by it, it is ``WIPED``.
    """
    for u in range(nr):
        c = sides[u, S_CHAMP_BODY]
        if (sides[u, S_CAPTAIN] and not state[u, B_LEADER_FELL] and c >= 0
                and state[c, B_WOUNDS] <= 0 and state[u, B_WOUNDS] > 0
                and (state[u, B_STATUS] == FIGHTING or state[u, B_STATUS] == WON)):
            state[u, B_LEADER_FELL] = 1
            p = crumble(buf, p, u, sides, state)
            if state[u, B_WOUNDS] <= 0 and chars_alive(u, sides, state) == 0:
                state[u, B_STATUS] = WIPED
    return p


@linked  # called once a round, and only when a unit of the combat has one of these rules
def own_turn_start(buf, p, nr, active, sides, state, contacts):
    """The rules of a round's start that act in side ``active``'s turn, before the blows.

    In this order: Enanos del Caos "Cuerpo ardiente" (a T test, failed: D3 wounds), Condes
    Vampiro "Lamento de la doncella" (:func:`lament`), Regimientos de Renombre "No Muertos",
    "Capitán" (:func:`crumble`, after the phase its leader fell in); Elfos Silvanos "La cacería
    salvaje" counts down the own turns of its fear (``B_HUNT``).  Returns ``p``.
    """
    # Elfos Silvanos "La cacería salvaje": "Causa Miedo ... hasta el inicio de su próximo
    # turno": the charge's turn starts (2 -> 1), then its next one (1 -> 0: no fear)
    for u in range(nr):
        if sides[u, S_HUNT] and sides[u, S_SIDE] == active and state[u, B_HUNT] > 0:
            state[u, B_HUNT] -= 1
    # Enanos del Caos "Cuerpo ardiente": at the start of each own turn a T test (a 6
    # always fails); failed, D3 wounds with armour saves but no ward
    for u in range(nr):
        if (sides[u, S_BURNING] and sides[u, S_SIDE] == active and state[u, B_STATUS] == FIGHTING
                and state[u, B_WOUNDS] > 0):
            roll, p = sum_faces(buf, p, 1)
            if roll == 6 or roll > sides[u, S_BURNING]:
                n_w, p = sum_faces(buf, p, 1)
                n_w = (n_w + 1) // 2
                uns = n_w
                if sides[u, S_BURN_SAVE] < 7:
                    kept, p = count_ge(buf, p, n_w, sides[u, S_BURN_SAVE])
                    uns = n_w - kept
                if uns > 0:
                    state[u, B_WOUNDS], _sc, _rg, p = apply_wounds(buf, p, state[u, B_WOUNDS],
                                                            sides[u, S_W], uns, 0, 0)
    # Condes Vampiro "Lamento de la doncella": in the owner's shooting phase, before blows
    for u in range(nr):
        if (sides[u, S_LAMENT] and sides[u, S_SIDE] == active and state[u, B_STATUS] == FIGHTING
                and state[u, B_WOUNDS] > 0):
            p = lament(buf, p, u, nr, sides, state, contacts)
    # empire family: Condes Vampiro "Canto de la Sirena", in the owner's shooting phase
    for u in range(nr):
        if (sides[u, S_SIREN] and sides[u, S_SIDE] == active and state[u, B_STATUS] == FIGHTING
                and state[u, B_WOUNDS] > 0):
            siren_song(u, nr, sides, state, contacts)
    # Regimientos de Renombre "No Muertos", "Capitán": a Ld test at the start of each own
    # turn after the phase its leader fell in (psychology.captains_fall)
    for u in range(nr):
        if (state[u, B_LEADER_FELL] and sides[u, S_SIDE] == active
                and state[u, B_STATUS] == FIGHTING and state[u, B_WOUNDS] > 0):
            p = crumble(buf, p, u, sides, state)
    return p


@linked  # called: units with stupidity or "Borrachos" only
def stupidity(buf, p, u, active, sides, state):
    """Unit ``u``'s stupidity test at the start of a round of side ``active``'s turn (§1.10).

    MDNR Bestias "Borrachos" first: 1D6 at the start of each own turn (rolled at the charge
    for a drunk charger), 1 a stupidity test, 6 frenzied until the end of the own turn.  The
    test on the best Ld of the unit and its characters in the front rank (cold-blooded on its
    own, MDNR "Sangre fría"; re-rolled under "Aullido abisal"; a failed test re-rolled with
    ``S_GRUMBLERS`` 3, MDNR "Marca del Caos absoluto").  Returns ``(stupid, p)``:
    failed, only half its models fight this turn (the kernel's round start).
    """
    stupid = False
    drunk = 0
    if sides[u, S_DRUNK] and state[u, B_STATUS] == FIGHTING:
        # MDNR Bestias "Borrachos": 1D6 at the start of each own turn; 1 stupid (test),
        # 6 frenzied "hasta el final del turno propio"
        if not sides[u, S_FRENZY]:
            state[u, B_FRENZIED] = 0
        if sides[u, S_SIDE] == active:
            if state[u, B_DRUNK_ROLL] == 0:  # else rolled at the charge
                state[u, B_DRUNK_ROLL] = buf[p]
                p += 1
            drunk = state[u, B_DRUNK_ROLL]
            state[u, B_DRUNK_ROLL] = 0
            if drunk == 6:
                state[u, B_FRENZIED] = 1
    if ((sides[u, S_STUPID] or drunk == 1) and sides[u, S_SIDE] == active
            and state[u, B_STATUS] == FIGHTING):
        ld = 0 if sides[u, S_COLD] else sides[u, S_LD]
        ld_c = sides[u, S_LD] if sides[u, S_COLD] else 0  # MDNR "Sangre fría"
        for b in range(sides[u, S_HOSTED_LO], sides[u, S_HOSTED_HI]):
            if state[b, B_WOUNDS] > 0 and not state[b, B_REFUSED]:
                if sides[b, S_COLD]:
                    ld_c = max(ld_c, sides[b, S_LD])
                else:
                    ld = max(ld, sides[b, S_LD])
        ld, cold = better_test(ld_c, ld, ld_c > 0, ld > 0)
        ld -= sung(u, state)  # empire family: "Canto de la Sirena"
        # Reinos del Caos "Marca del Caos absoluto" (S_GRUMBLERS 3): a failed test re-rolled
        passed, p = howled_test(buf, p, ld, False, sides[u, S_GRUMBLERS] == 3, cold,
                                howled(u, sides, state))
        stupid = not passed
    return stupid, p
