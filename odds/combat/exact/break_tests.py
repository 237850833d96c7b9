"""Break tests of a losing unit (§3.2)."""

from __future__ import annotations

from odds import dice
from odds.combat.model import (
    F_INSANE,
    S_BODYGUARD,
    S_BSB,
    S_CAMEL_SHY,
    S_CAMELS,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_CHARGED,
    S_COLD,
    S_ELF,
    S_FEAR,
    S_FEARLESS,
    S_FEARS_ELVES,
    S_GENERAL_LD,
    S_INSTABILITY,
    S_ITP,
    S_LD,
    S_NUMBERS,
    S_STUBBORN,
    S_STUBBORN_FIRST,
    S_UNBREAKABLE,
    S_UNSTABLE,
    CombatModel,
)
from odds.combat.model.layout import S_IMPETUOUS


def break_probability(model: CombatModel, lo: int, diff: int, us_lo: int, us_w: int,
                      ranks: int = 0) -> float:
    """P(unit ``lo`` breaks, losing by ``diff``); fear is checked only in two-unit combats.

    ``ranks``: the unit's own rank bonus at the start of the round, which Skaven "La fuerza
    radica en el número" (``S_NUMBERS``) adds to the Ld it tests on, at most 10.
    """
    sd = model.sides
    if sd[lo, S_UNBREAKABLE] or sd[lo, S_UNSTABLE] or sd[lo, S_INSTABILITY]:
        return 0.0  # no break test: wounds instead (unstable, daemonic instability)
    # MDNR "Miedo a los orejotaz": elves are feared unless outnumbered more than 2:1
    feared = sd[1 - lo, S_FEAR] or (sd[lo, S_FEARS_ELVES] and sd[1 - lo, S_ELF]
                                    and us_lo <= 2 * us_w)
    # Mercenarios: Arabia "Camellos": feared by cavalry and chariots
    feared = feared or (sd[1 - lo, S_CAMELS] and sd[lo, S_CAMEL_SHY])
    # Bretonia "Impetuosos": immune to psychology in the first round of its charge
    itp = sd[lo, S_ITP] or (sd[lo, S_IMPETUOUS] and sd[lo, S_CHARGED])
    if (model.n_units == 2 and feared and not sd[lo, S_FEAR] and not itp
            and not sd[lo, S_FEARLESS] and us_lo < us_w):
        return 1.0
    ld = int(sd[lo, S_LD])
    if sd[lo, S_CHAMPION]:
        ld = max(ld, int(sd[lo, S_CHAMPION_LD]))
    gen = int(sd[lo, S_GENERAL_LD])
    if sd[lo, S_NUMBERS]:
        ld, gen = (x if x <= 0 or x >= 10 else min(10, x + ranks) for x in (ld, gen))
    # stubborn, or stubborn in the first round only (Imperio "Resolutos"), or "Escolta de
    # Mydas" (3: stubborn while Mydas lives; the two-unit model holds no character)
    stubborn = bool(sd[lo, S_STUBBORN] or sd[lo, S_STUBBORN_FIRST] or sd[lo, S_BODYGUARD] == 3)
    options = []  # (target, cold-blooded) the unit may test on (MDNR "Sangre fría")
    if sd[lo, S_COLD]:
        options.append((ld, True) if stubborn else (ld - diff, True))
        if gen > 0:
            options.append((gen - diff, False))
    elif stubborn:
        options.append((max(ld, gen - diff) if gen > 0 else ld, False))
    else:
        options.append((max(ld, gen) - diff, False))

    def p_pass(target: int, cold: bool) -> float:
        pmf = dice.leadership_pmf(cold)
        p = dice.p_at_most(pmf, target)
        if model.flags[F_INSANE] and target < 2:
            p = float(pmf[2])
        return p

    # the kernel's choice (blows.better_test): 3D6 less the highest if more likely to pass
    target, cold = options[0]
    if len(options) == 2 and dice.p_at_most(dice.leadership_pmf(False), options[1][0]) >= \
            dice.p_at_most(dice.leadership_pmf(True), target):
        target, cold = options[1]
    p = p_pass(target, cold)
    if sd[lo, S_BSB]:
        p = 1 - (1 - p) ** 2
    return 1.0 - p
