"""Translate units, engagements and options into the kernel's integer arrays.

This is the only place where rules meet units: every threshold the kernel
compares a die with is worked out here, once, from :mod:`odds.rules`.

Layout
------
``sides[u, S_*]``
    Per-unit constants (units ``u = 0 .. n - 1``; ``S_SIDE`` says whose:
    0 attacker, 1 defender).  The historic name is kept: in a two-unit
    combat unit 0 is the attacker and unit 1 the defender.
``groups[u, v, g, k, G_*]``
    Attack groups ``g`` (:data:`RANK_AND_FILE`, :data:`CHAMPION`,
    :data:`MOUNT`, :data:`IMPACT`, :data:`CREW`: a chariot's or war machine's
    second kind of crew, counted like steeds) of unit ``u`` against enemy unit ``v``
    in round kind ``k`` (``0`` = the first round, ``1`` = later rounds; the
    charge only ever happens in the first round).
``contacts[c, :]``
    ``(u, v, face of u, face of v)``: unit ``u`` touches unit ``v``; faces
    are :data:`FRONT`, :data:`FLANK`, :data:`REAR`.
``order[k, i]``, ``keys[k, i]``
    Active groups (``u * N_GROUPS + g``) sorted by strike-order key
    (``RULES.md`` §1.2): category * 16 + (10 - I).  Equal keys on both sides
    are resolved in the kernel (the previous round's winner first, else a
    roll-off); a side's groups at one key strike simultaneously.  The kernel
    walks them as :attr:`CombatModel.strike_steps`: one step per key, each
    side's groups in a run of their own.

Modelling conventions (documented choices where the rules leave one)
--------------------------------------------------------------------
* Striking first removes attacks back (§1.2, RULES.md revision 2): each
  round, the fighters of each unit through each contact are fixed at the
  start of the round (rank-and-file models in base contact, supporting ranks
  of fight-in-ranks weapons through the front, steeds, impact-hitting
  models).  Every model the unit loses before one of its strike steps
  (a multi-wound model only when its last wound goes; impact-hit and excess
  casualties included) takes one of those fighters away: front-contact ones
  first, then supporting ones; a slain cavalry model's steed goes with it.
  With several enemies in contact, the casualties a unit suffers from one
  enemy unit take its fighters facing that enemy first, then those facing
  its other enemies in contact order (a character's blows count as coming
  through its own unit's contact).  The champion and characters lose their
  attacks only when slain; regenerated models never fought (regeneration is
  at the end of the phase).  The contact geometry is not re-measured
  within a round.
* Psychology at the charge (§3.3, two-unit combats, on by default): see
  :class:`CombatOptions` ``charge_tests``.  A unit with the frenzy rule is
  immune to fear and terror.  In scenarios (several units) no tests are
  taken at the charge.
* Stupidity (§1.10): a stupid unit tests Ld (its best, characters included)
  at the start of each round that is its side's turn (the first round is
  the active side's, then they alternate); failed, only half of its
  rank-and-file fighters (and supporting ones) fight that round, an odd one
  on a 4+, per contact; characters and the champion fight normally.
* Drunk units (MDNR Bestias "Borrachos", ``drunk``): at the start of each
  round of its side's turn the unit rolls a D6: 1, the stupidity test above;
  6, frenzied for that round.  A drunk charger on the side whose turn it is
  rolls before the charge tests (frenzied, it takes none).
* "Lamento de la doncella" (MDNR Condes Vampiro, ``maiden_lament``): at the
  start of each round of its side's turn (its shooting phase) the unit rolls
  2D6+2 against the best Ld of an enemy unit in contact; each point above is
  a wound without armour save on that unit, before the round's blows, not in
  the combat result (:func:`odds.combat.psychology.lament`).
* "No Muertos", "Capitán" (MDNR Regimientos de Renombre, ``captain_bound``):
  at the end of the phase its leader (promoted champion) fell in, and at the
  start of each later round of its side's turn, the unit rolls 2D6 against
  its own Ld; each point above is a wound with no save of any kind
  (:func:`odds.combat.psychology.captains_fall`).
* Panic (§3.4): when a unit breaks or is destroyed in a round, every other
  unit of its side in the combat that is still fighting (not immune to
  psychology, not unbreakable) tests once that phase on its best Ld (or the
  General's); failed, it flees and can be pursued.  All units of a combat
  are taken to be within 15 cm of each other (so a friendly unit with MDNR
  Enanos "Viejos cascarrabias" still fighting lets every unit of its side
  re-roll a failed panic test).
* Models in base contact (§1.1): a face of a unit is a line of models: the
  front rank (``min(models, files)`` models of its base width,
  :data:`BASE_WIDTH_MM`), the rear rank (the last, possibly incomplete,
  rank), or a flank (one model per rank, each its base depth,
  :data:`BASE_DEPTH_MM`).  Where two faces touch, the overlap of the two
  lines is in contact, plus one model at each end of the longer line when
  corner contact counts (the Default; Option: edge contact only).  Extra
  ranks (spears) fight only through the front; champions and impact hits
  only from the front.
* Several units per side (§2.2): the side's combat result counts the ranks
  of its deepest unit whose ranks are not cancelled (an enemy unit of
  US >= 5 touching its flank or rear at the start of the round), outnumber
  from the side's total US, one standard, flank +1 / rear +2 (MDNR: the side
  with more US >= 5 units on enemy flanks, resp. rears; Option: both claim),
  high ground, and the sum of the units' static bonuses.
* Every losing unit tests separately; broken units flee; a winning unit
  whose enemies in contact have all broken or died pursues the biggest of
  them (if any fled) and leaves the combat (§4.3).
* Characters (§1.1, §1.9, source 004) are bodies of their own standing in
  their unit's front rank (each takes a rank-and-file place there).  They
  attack the enemy at their unit's front: its troops, or (allocation
  ``character``/``split``, or when its troops are gone) one of its
  characters.  Up to 3 enemy models (1 with edge contact only) touch a
  character: with ``character`` all of them attack it, with ``split`` half
  (rounded up).  Excess wounds on a character are lost outside challenges.
  A unit's Ld is the best of its living models (a character who refused a
  challenge excepted); a living General lends his Ld and a living battle
  standard bearer gives +1 standard and break-test re-rolls to every unit
  of his side in the combat.  Characters share their unit's fate (flee,
  caught) and keep fighting if its troops are all dead.
* Challenges (§1.9): at the start of each round with no duel going on, the
  active side (the first round's, then alternating) issues one if a unit
  with the ``always`` policy has a character facing, front to front, an
  enemy unit with a character; its best fighter (highest WS+S+T+W+I+A)
  challenges the enemy's best.  ``always`` accepts; ``never`` refuses (the
  challenger picks the enemy's best character, who cannot fight that round
  and whose Ld the unit cannot use) unless the unit has no troops to hide
  behind.  If the active side does not challenge, the other side may.
  Duellists and their mounts fight only each other; overkill counts up to
  +5 a round (multiple wounds uncapped, the MDNR killing-blow procedure),
  and blows struck after the victim died still count as overkill (source
  004).  Where a challenge is possible (two units front to front, either
  with a policy other than ``never`` and a character or champion to send),
  each of the two units' champions becomes a body
  of its own (a character-like body right after its unit's characters): it stays in the
  centre of the front rank (it fills its rank for the rank bonus while
  alive, adds its US, takes a place in contact), it is the last model of the
  unit to fall, and enemy troops cannot pick it as a target (only
  characters can be singled out, source 004); it issues and accepts
  challenges under ``always`` (if it is the best fighter) and ``champion``
  (always it, to protect the characters).  A champion cannot hide (it must
  stay in the command group, source 004), so under ``never`` a unit whose
  only candidate is its champion accepts.
* Expanding the frontage and lapping round (§1.11, Default on): after a
  round its side won, a unit still fighting whose only contact is front to
  front, with models behind its front rank, widens its front by up to four
  models (two at each end) as long as that brings more of them into contact
  (until its front reaches one model past each of the enemy front's ends);
  beyond that, up to four more models a round lap round the enemy's flanks
  (at most two per enemy rank on each side).  A wider front never costs the
  unit its rank bonus: it expands only as far as the bonus stays.  Lapping
  models fight (and are fought by as many enemy models beyond the enemy's
  front rank) and still count for ranks; a unit on the losing side returns
  them at once.  The formation change is kept for the rest of the combat.
* Casualties come off the rear (§1.8); command models are removed last:
  the musician while more than champion + standard remain, the standard
  while more than the champion remains, the champion with the last model.
* Cavalry and chariots: the rider/crew profile fights with its weapon, the
  steeds with their own WS, S, I and A at their own Initiative; hatred,
  poison, killing blow and frenzy belong to the rider/crew.  A steed's own rules
  (:attr:`odds.units.MountProfile.poisoned` and ``special``: strikes first,
  magic attacks, or no magic attacks though the rider's are) act on its blows only.
* Killing blow works against infantry and cavalry (man-sized, §1.6).
* Strike order (§1.2): always-strikes-first beats everything; the
  always-strikes-last *rule* holds even on the charge, while a strikes-last
  *weapon* (great weapon) strikes with the chargers on the turn it charges.
* Fear auto-break (§3.2 step 3) compares the loser's unit strength
  (characters included) with the total unit strength of the fear-causing
  enemies in base contact with it: a fear-causing enemy unit counts whole,
  characters included; in a unit that does not cause fear, only its
  fear-causing characters count.
* A stubborn unit tests on its own (or a stubborn character's, or its
  champion's) Ld unmodified, or on a non-stubborn character's or the
  General's Ld with the modifier, whichever is better (§3.2).  A flanking
  unit's unit strength (cancelling ranks, flank and rear bonuses) counts its
  characters; characters and a promoted champion fill rank spaces (§2.2).
* Flaming attacks (§1.6): one wound from them and the target does not
  regenerate again in this combat (not even that phase's other wounds).
* Regeneration is rolled at the end of the phase for every wound suffered,
  even by a unit wiped out during the phase ("removed models come back",
  §1.6); the combat result is worked out afterwards.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, NamedTuple

import numpy as np

from odds import dice, rules
from odds import validation as v
from odds.combat.model.frontage import BASE_DEPTH_MM, BASE_WIDTH_MM, face_line, in_contact, touching
from odds.combat.model.groups import (
    BURNING_STRENGTH,
    COLD_STRENGTH,
    SKULL_CRUSHER_ATTACKS,
    SKULL_CRUSHER_STRENGTH,
    SLAYER_WEAPONS,
    SUPERNATURAL,
    slayer_weapon,
)
from odds.combat.model.groups import (
    _groups as _groups,
)
from odds.combat.model.layout import (
    ALLOCATIONS,
    CAT_ASF,
    CAT_ASL,
    CAT_CHARGER,
    CAT_IMPACT,
    CAT_INITIATIVE,
    CAT_MINDLESS,
    CAUGHT,
    CHAIN_CAP,
    CHALLENGE_POLICIES,
    CHAMPION,
    CREW,
    ESCAPED,
    F_ACTIVE,
    F_CHARGE_TESTS,
    F_CHARGER,
    F_CHARGER_COLD,
    F_CHARGER_LD,
    F_CHARGER_REROLL,
    F_CORNER,
    F_EXPAND,
    F_FLANK_BOTH,
    F_INSANE,
    F_MUSICIAN,
    F_REACH,
    F_REACH_DICE,
    F_REACH_TAIL,
    F_RESTRAIN,
    F_TARGET,
    F_TARGET_COLD,
    F_TARGET_LD,
    F_TARGET_PANIC_COLD,
    F_TARGET_PANIC_LD,
    F_TARGET_REROLL,
    F_TARGET_SMALLER,
    F_TARGET_TERROR,
    F_UNITS,
    FACES,
    FIGHTING,
    FLANK,
    FLEEING,
    FRONT,
    G_ACTIVE,
    G_ATTACKS,
    G_BURNING,
    G_CHAIN,
    G_COLD,
    G_FLAMING,
    G_FRENZY_A,
    G_GRAB,
    G_HIT,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_KB,
    G_KEY,
    G_MW,
    G_PER_MODEL,
    G_POISON,
    G_RANDOM,
    G_RANKS,
    G_REROLL,
    G_SAVE,
    G_STD_HIT,
    G_WARD,
    G_WOUND,
    GROUP_NAMES,
    IMPACT,
    LIFE_DRAIN_CAP,
    MOUNT,
    N_CONTACT,
    N_FLAGS,
    N_GROUP,
    N_GROUPS,
    N_SIDE,
    NO_COMBAT,
    PANICKED,
    RANK_AND_FILE,
    REACH_TAIL_SIZE,
    REAR,
    S_ALLOC,
    S_BASE,
    S_BEAR_STD,
    S_BODYGUARD,
    S_BSB,
    S_BURN_SAVE,
    S_BURNING,
    S_CAN_PURSUE,
    S_CAPTAIN,
    S_CHALLENGE,
    S_CHAMP_BODY,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_CHARGED,
    S_COLD,
    S_DEPTH,
    S_DRUNK,
    S_DUEL_WARD,
    S_ELF,
    S_FEAR,
    S_FEARLESS,
    S_FEARS_ELVES,
    S_FILES,
    S_FLEE_DICE,
    S_FLEE_MINUS,
    S_FLIGHT_IGNORE,
    S_FRENZY,
    S_GENERAL_LD,
    S_GRUMBLERS,
    S_GUARDED,
    S_HATRED,
    S_HIGH_GROUND,
    S_HORN,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_HOWLED,
    S_HP,
    S_INDEPENDENT,
    S_INSTABILITY,
    S_IS_BSB,
    S_IS_CHAMPION,
    S_IS_GENERAL,
    S_ITP,
    S_LAMENT,
    S_LAMENT_WARD,
    S_LD,
    S_LIFE_DRAIN,
    S_MAN_SIZED,
    S_MUSICIAN,
    S_NO_FLANK_BONUS,
    S_NO_PANIC,
    S_NO_RANK_CANCEL,
    S_PANIC_IGNORE,
    S_PURSUE_DICE,
    S_RA_DICE,
    S_RA_SIDES,
    S_RANK_MAX,
    S_RANKS_OK,
    S_RATING,
    S_RECRUIT,
    S_REGEN,
    S_SIDE,
    S_STANDARD,
    S_STATIC,
    S_STUBBORN,
    S_STUBBORN_FIRST,
    S_STUPID,
    S_UNBREAKABLE,
    S_UNPURSUED,
    S_UNSTABLE,
    S_US,
    S_W,
    STATUSES,
    WIPED,
    WON,
)
from odds.combat.model.options import CHARGERS, CombatModel, CombatOptions, SideOptions
from odds.combat.model.side import MAX_PANIC_SOURCES, lament_ward, panic_immunities
from odds.combat.model.side import _side as _side
from odds.combat.model.strike_order import BRACED_AGAINST, BRACED_KEY, DIRTY_TRICK_KEY, braced
from odds.combat.model.thresholds import expected_unsaved
from odds.combat.model.vomit import VOMITS
from odds.units import Command, Member, Unit

__all__ = [
    "ALLOCATIONS", "BASE_DEPTH_MM", "BASE_WIDTH_MM", "BRACED_AGAINST", "BRACED_KEY",
    "BURNING_STRENGTH", "CAT_ASF", "CAT_ASL", "CAT_CHARGER", "CAT_IMPACT", "CAT_INITIATIVE",
    "CAT_MINDLESS", "CAUGHT", "CHAIN_CAP", "CHALLENGE_POLICIES", "CHAMPION", "CHARGERS",
    "COLD_STRENGTH", "CREW", "DIRTY_TRICK_KEY", "ESCAPED", "FACES", "FIGHTING", "FLANK",
    "FLEEING", "FRONT", "F_ACTIVE", "F_CHARGER", "F_CHARGER_COLD", "F_CHARGER_LD",
    "F_CHARGER_REROLL", "F_CHARGE_TESTS", "F_CORNER", "F_EXPAND", "F_FLANK_BOTH", "F_INSANE",
    "F_MUSICIAN", "F_REACH", "F_REACH_DICE", "F_REACH_TAIL", "F_RESTRAIN", "F_TARGET",
    "F_TARGET_COLD", "F_TARGET_LD", "F_TARGET_PANIC_COLD", "F_TARGET_PANIC_LD",
    "F_TARGET_REROLL", "F_TARGET_SMALLER", "F_TARGET_TERROR", "F_UNITS", "GROUP_NAMES",
    "G_ACTIVE", "G_ATTACKS", "G_BURNING", "G_CHAIN", "G_COLD", "G_FLAMING", "G_FRENZY_A",
    "G_GRAB", "G_HIT", "G_IMPACT_DICE", "G_IMPACT_SIDES", "G_KB", "G_KEY", "G_MW",
    "G_PER_MODEL", "G_POISON", "G_RANDOM", "G_RANKS", "G_REROLL", "G_SAVE", "G_STD_HIT",
    "G_WARD", "G_WOUND", "IMPACT", "LIFE_DRAIN_CAP", "MAX_PANIC_SOURCES", "MOUNT", "NO_COMBAT",
    "N_CONTACT", "N_FLAGS", "N_GROUP", "N_GROUPS", "N_SIDE", "OGRE_CHARGE_MOVE", "PANICKED",
    "PLAIN_ABSENT", "RANK_AND_FILE", "REACH_TAIL_SIZE", "REAR", "SKULL_CRUSHER_ATTACKS",
    "SKULL_CRUSHER_STRENGTH", "SLAYER_WEAPONS", "STATUSES", "SUPERNATURAL", "S_ALLOC", "S_BASE",
    "S_BEAR_STD", "S_BODYGUARD", "S_BSB", "S_BURNING", "S_BURN_SAVE", "S_CAN_PURSUE",
    "S_CAPTAIN", "S_CHALLENGE", "S_CHAMPION", "S_CHAMPION_LD", "S_CHAMP_BODY", "S_CHARGED",
    "S_COLD", "S_DEPTH", "S_DRUNK", "S_DUEL_WARD", "S_ELF", "S_FEAR", "S_FEARLESS",
    "S_FEARS_ELVES", "S_FILES", "S_FLEE_DICE", "S_FLEE_MINUS", "S_FLIGHT_IGNORE", "S_FRENZY",
    "S_GENERAL_LD", "S_GRUMBLERS", "S_GUARDED", "S_HATRED", "S_HIGH_GROUND", "S_HORN", "S_HOST",
    "S_HOSTED_HI", "S_HOSTED_LO", "S_HOWLED", "S_HP", "S_INDEPENDENT", "S_INSTABILITY",
    "S_IS_BSB", "S_IS_CHAMPION", "S_IS_GENERAL", "S_ITP", "S_LAMENT", "S_LAMENT_WARD", "S_LD",
    "S_LIFE_DRAIN", "S_MAN_SIZED", "S_MUSICIAN", "S_NO_FLANK_BONUS", "S_NO_PANIC",
    "S_NO_RANK_CANCEL", "S_PANIC_IGNORE", "S_PURSUE_DICE", "S_RANKS_OK", "S_RANK_MAX",
    "S_RATING", "S_RA_DICE", "S_RA_SIDES", "S_RECRUIT", "S_REGEN", "S_SIDE", "S_STANDARD",
    "S_STATIC", "S_STUBBORN", "S_STUBBORN_FIRST", "S_STUPID", "S_UNBREAKABLE", "S_UNPURSUED",
    "S_UNSTABLE", "S_US", "S_W", "THUNDEROUS_CHARGE_MOVE", "VOMITS", "WIPED", "WON",
    "CombatModel", "CombatOptions", "SideOptions", "bear_standard_bearers", "braced", "build",
    "build_units", "character_body", "charge_flags", "contact_effects", "dice_budget",
    "expected_unsaved", "face_line", "fought_through", "glorious_panic", "guarded",
    "in_contact", "lament_ward", "ogre_charge_strength", "panic_immunities", "plain_pair",
    "random_move_tail", "recruits_at_most", "slayer_weapon", "thunderous_charge", "touching",
]


def build(attacker: Unit, defender: Unit, a_opts: SideOptions | None = None,
          d_opts: SideOptions | None = None, options: CombatOptions | None = None) -> CombatModel:
    """Validate two units and the options and build their :class:`CombatModel`.

    The two-unit combat is the special case of :func:`build_units` with the
    attacker (unit 0) and the defender (unit 1) engaged front to front.

    Parameters
    ----------
    attacker, defender : Unit
        The two units.
    a_opts, d_opts : SideOptions, optional
        Per-side circumstances.
    options : CombatOptions, optional
        Rule options (``charger`` says who charged).

    Returns
    -------
    CombatModel
    """
    for name, u in (("attacker", attacker), ("defender", defender)):
        if not isinstance(u, Unit):
            raise v.OddsInputError(f"{name}: must be an odds.units.Unit (got {type(u).__name__})")
    for name, o in (("attacker_options", a_opts), ("defender_options", d_opts)):
        if o is not None and not isinstance(o, SideOptions):
            raise v.OddsInputError(f"{name}: must be a SideOptions (got {type(o).__name__})")
    options = options or CombatOptions()
    charger = {"attacker": 0, "defender": 1, "none": -1}[options.charger]
    face = FACES.index(options.attacker_face)
    # the first round is the charger's turn (RULES.md §0: charges are declared by the
    # active player); with no charger, the attacker's
    model = build_units([attacker, defender], [0, 1], [(0, 1, FRONT, face)],
                        [charger == 0, charger == 1], [a_opts, d_opts], options,
                        active_side=1 if charger == 1 else 0)
    if charger >= 0 and options.charge_tests:
        units = (attacker, defender)
        opts = (a_opts or SideOptions(), d_opts or SideOptions())
        ch, tg = units[charger], units[1 - charger]
        if ch.random_move:
            reach = 6 * rules.parse_dice(ch.random_move, "random_move").n
            how = f"its random move {ch.random_move.upper()}"
        else:
            reach = 2 * ch.profile.M
            how = f"2 x M {ch.profile.M}"
        if options.distance > reach:
            raise v.OddsInputError(
                f"distance: the gap before the charge must be within the charger's reach, "
                f"0..{reach} cm ({how}); got {options.distance:g}")
        charge_flags(model.flags, charger, ch, tg, opts[charger], opts[1 - charger],
                     reach - options.distance, gap=options.distance)
    return dataclasses.replace(model, charger=charger)


def _scared(unit: Unit, by: Unit) -> bool:
    """Whether ``unit`` must test fear or terror of ``by`` (§3.3).

    A unit with ``fears_elves`` (MDNR "Miedo a los orejotaz") fears an elf unit
    unless its unit strength is more than twice the elves'.
    """
    orejotaz = (unit.has("fears_elves") and "elf" in by.tags
                and unit.unit_strength <= 2 * by.unit_strength)
    if not (by.causes_fear or by.causes_terror or orejotaz):
        return False
    # Regimientos de Renombre "Montaraces de Bugman": immune to fear and terror while Bugman
    # lives (at the charge he does)
    fearless = unit.has("leader_fearless") and unit.command.champion
    return not (unit.causes_fear or unit.causes_terror or unit.has("immune_to_psychology")
                or unit.has("unbreakable") or unit.has("frenzy") or fearless)


def _test_ld(unit: Unit, opts: SideOptions) -> tuple[int, bool]:
    """The Ld a unit tests at the charge and whether the roll is cold-blooded.

    Its own best Ld (champion's included) or its General's; a cold-blooded unit rolls 3D6
    without the highest die on its own Ld (MDNR Elfos Oscuros "Sangre fría": "sólo usarán
    Sangre Fría si utilizan su propio Liderazgo") and takes the General's 2D6 instead only
    when that is more likely to pass (:func:`odds.combat.blows.better_test`).
    """
    ld = unit.profile.Ld
    if unit.command.champion and unit.champion_profile is not None:
        ld = max(ld, unit.champion_profile.Ld)
    if unit.has("independent"):
        opts = dataclasses.replace(opts, general_ld=0)  # "Independientes"
    if not unit.has("cold_blooded"):
        return max(ld, opts.general_ld), False
    if opts.general_ld and (dice.leadership_pass(opts.general_ld)
                            >= dice.leadership_pass(ld, cold_blooded=True)):
        return opts.general_ld, False
    return ld, True


def charge_flags(flags: np.ndarray, charger: int, ch: Unit, tg: Unit, ch_opts: SideOptions,
                 tg_opts: SideOptions, reach: float, gap: float = 0.0) -> None:
    """Fill the psychology-at-the-charge entries of ``flags`` (§3.3, see :data:`F_CHARGE_TESTS`).

    Ld tests use the unit's best Ld (champion) or its General's.  A frenzied
    unit is immune to psychology (§1.6).  ``reach``: how far beyond the
    charged unit's starting place the charge reaches (cm, rounded down: the
    flee roll is whole cm).

    A charger with :attr:`~odds.units.Unit.random_move` reaches as far as its
    roll: MDNR gst "Movimiento aleatorio (5D6)": "Si choca contra algún enemigo
    se considera carga (... si decide huir, la miniatura o unidad con Movimiento
    aleatorio seguirá avanzando el movimiento que haya salido en los dados)".
    The roll is the one that brought it across the ``gap`` (cm), so it is at
    least ``ceil(gap)``; a unit fleeing ``f`` cm is caught when the roll is at
    least ``ceil(gap) + f``.  ``F_REACH`` then holds ``ceil(gap)``,
    ``F_REACH_DICE`` the number of dice and the ``F_REACH_TAIL`` entries the
    number of the ``6 ** n`` outcomes whose sum is at least ``k`` (``k`` =
    0..48): the kernel catches the fleeing unit with probability ``tail[ceil(gap)
    + f] / tail[ceil(gap)]`` (exact).
    """
    flags[F_CHARGER] = charger
    flags[F_TARGET] = 1 - charger
    if _scared(ch, tg):
        flags[F_CHARGER_LD], flags[F_CHARGER_COLD] = _test_ld(ch, ch_opts)
        flags[F_CHARGER_REROLL] = ch.has("sigmar_example")
    if _scared(tg, ch):
        flags[F_TARGET_LD], flags[F_TARGET_COLD] = _test_ld(tg, tg_opts)
    # Imperio "Ejemplo de Sigmar": failed panic, fear and terror tests re-rolled
    flags[F_TARGET_REROLL] = tg.has("sigmar_example")
    flags[F_TARGET_TERROR] = int(ch.causes_terror)
    flags[F_TARGET_SMALLER] = int(tg.unit_strength < ch.unit_strength)
    flags[F_REACH] = math.floor(reach)
    flags[F_REACH_DICE] = 0
    if ch.random_move:
        n = rules.parse_dice(ch.random_move, "random_move").n
        flags[F_REACH] = math.ceil(gap)
        flags[F_REACH_DICE] = n
        flags[F_REACH_TAIL:F_REACH_TAIL + REACH_TAIL_SIZE] = random_move_tail(n)
    if glorious_panic(tg, ch):
        flags[F_TARGET_PANIC_LD], flags[F_TARGET_PANIC_COLD] = _test_ld(tg, tg_opts)
    # nothing to roll at the charge: the kernel skips charge_tests (whose buffer top-up the
    # round's start then makes: a round's dice budget is more than its 28 faces), and
    # charge_exact gives a plain charge either way
    flags[F_CHARGE_TESTS] = int(bool(flags[F_CHARGER_LD] or flags[F_TARGET_LD]
                                     or flags[F_TARGET_PANIC_LD] or ch.has("drunk")))


def random_move_tail(n: int) -> np.ndarray:
    """How many of the ``6 ** n`` outcomes of ``n`` D6 sum to at least ``k``, ``k`` = 0..48."""
    ways = np.zeros(6 * n + 1, np.int64)
    ways[0] = 1
    for _ in range(n):
        nxt = np.zeros_like(ways)
        for face in range(1, 7):
            nxt[face:] += ways[:-face]
        ways = nxt
    tail = np.zeros(REACH_TAIL_SIZE, np.int64)
    total = np.cumsum(ways[::-1])[::-1]  # total[k] = outcomes with sum >= k
    tail[: total.size] = total[:REACH_TAIL_SIZE]
    return tail


def glorious_panic(unit: Unit, by: Unit) -> bool:
    """Whether ``unit``, charged by ``by``, tests panic at the charge ("Carga gloriosa").

    "Cualquier unidad que reciba una carga de una unidad de Lanceros Alados de potencia de
    unidad 5+ deben efectuar un chequeo de pánico igual que si hubiera sido cargada por el
    flanco mientras estuviera trabada" (RULES.md §3.4: charger US >= 5): unless ``unit``
    takes no panic tests (immune to panic or psychology, unbreakable, frenzied, or immune
    to panic against ``by``'s army or race).

    Regimientos de Renombre "Cuerno del Dragón" (``dragon_horn``, while ``by`` has its
    musician): "Debes declarar el uso de este objeto al inicio de tu fase de movimiento,
    antes de declarar cargas. Todas las unidades enemigas a 30cm o menos del músico deben
    hacer un chequeo de Pánico": the unit ``by`` charges (within its charge reach, so within
    30 cm) tests panic before the charge; failed, it flees and the charge may catch it, as
    the engine takes a failed panic test at the charge.
    """
    glorious = by.has("glorious_charge") and by.unit_strength >= 5
    if not (glorious or (by.has("dragon_horn") and by.command.musician)):
        return False
    if any(unit.has(r) for r in ("immune_to_panic", "immune_to_psychology", "unbreakable",
                                 "frenzy")):
        return False
    return by.tags.isdisjoint(unit.no_panic_against)


OGRE_CHARGE_MOVE = 15.0
"""cm a charge must cover for MDNR "Arremetida" ("si todas las miniaturas mueven al menos 15cm")."""


def ogre_charge_strength(unit: Unit, characters: list[Unit], distance: float) -> int:
    """Strength of the unit's "Arremetida" impact hits when it charges ``distance`` cm (0 = none).

    MDNR Mercenarios, Imperio, Regimientos de Renombre "Arremetida": "Toda unidad
    formada por 3 o más miniaturas de tipo Ogro (incluyendo personajes) que declare
    carga, si todas las miniaturas mueven al menos 15cm, causan un impacto por carga
    por cada miniatura que se trabe peana con peana con el enemigo. La fuerza del
    impacto será igual al atributo de Fuerza básico del ogro, +1 por cada miniatura
    tipo Ogro directamente tras él en la unidad."  The charge covers ``distance``
    (the gap before the charge, :attr:`CombatOptions.distance`); the unit's models
    and the ogre characters in it count towards the three; a model in contact has
    ``models // files - 1`` ogres behind it (whole ranks: the models of an
    incomplete last rank are not counted as directly behind anyone, a
    convention, since the engine does not place them).  The rank and file's basic
    S (and one hit per model in contact, the champion's included, at that S).
    """
    if not unit.has("ogre_charge") or distance < OGRE_CHARGE_MOVE:
        return 0
    ogres = unit.models + sum(1 for c in characters if "ogre" in c.tags)
    if ogres < 3:
        return 0
    return min(10, unit.profile.S + max(0, unit.models // unit.files - 1))


THUNDEROUS_CHARGE_MOVE = 18.0
"""cm a charge must cover for MDNR "Carga atronadora" ("cargan, persiguen o arrasan 18cm o más")."""


def thunderous_charge(unit: Unit, distance: float) -> Unit:
    """``unit`` as it strikes after a charge across ``distance`` cm (MDNR "Carga atronadora").

    Mercenarios "Jinetes de rinobuey": "Si todas las miniaturas de una unidad de Jinetes de
    Rinobuey cargan, persiguen o arrasan 18cm o más, cada miniatura causa 1D3 impactos por
    carga": a unit with ``thunderous_charge`` keeps its impact hits only when the gap before
    the charge (:attr:`CombatOptions.distance`) is at least
    :data:`THUNDEROUS_CHARGE_MOVE`; the engine's charges start at that gap, so all the
    unit's models cover it.  Other units are returned as they are.
    """
    if not unit.has("thunderous_charge") or distance >= THUNDEROUS_CHARGE_MOVE:
        return unit
    return unit.replace(impact_hits="", impact_strength=None)


def contact_effects(groups: np.ndarray, side_arr: np.ndarray, bodies: list[Unit],
                    hosts: list[int], contacts: list[tuple[int, int, int, int]]) -> None:
    """Rules acting on the enemies in base contact: to-hit and Ld penalties, in place.

    A unit is in contact with an enemy unit when a contact joins them; a
    character stands in its unit's front rank, in contact with what its unit
    touches.  Contacts are fixed for the combat, so a penalty lasts while the
    combat does (in a combat of several units, also after the unit causing it
    has gone).

    * Nube de moscas (``cloud_of_flies``, Reinos del Caos and Condes Vampiro):
      "Toda unidad o miniatura enemiga, mientras esté en contacto peana con
      peana con una o más miniaturas con Nube de Moscas, tiene un penalizador de
      -1 a todas sus tiradas para impactar en combate cuerpo a cuerpo"; the
      whole unit in contact is penalised (the text's "Toda unidad"), whatever
      it attacks; "Las miniaturas con Nube de moscas son inmunes".  Automatic
      hits (impact hits) are not rolled; a 6 still hits.
    * Aura de Slaanesh (``aura_of_slaanesh``, Reinos del Caos): "Todas las
      unidades y personajes enemigos en contacto peana con peana ... tienen un -1
      a su Liderazgo, hasta un mínimo de 2" (their own Ld: a General out of the
      combat lends his whole).
    * Aura de agonía (``aura_of_agony``, Elfos Oscuros "Altar drenasangre"): "Las unidades
      enemigas que no sean de tipo Elfo Oscuro y que estén en contacto peana con peana con
      uno o más Altares Drenasangre tienen L-1 a todos los efectos (hasta un mínimo de 2).
      Las unidades de tipo Elfo Oscuro (amigas o enemigas) a 15cm o menos del Altar tienen
      L+1 a todos los efectos (hasta un máximo de 10)": -1 for the enemies in contact that
      are not Dark Elves (army tag ``dark_elves``), +1 for the Dark Elves in contact and
      for those on the altar's side in the combat, the altar itself included (its crew are
      Dark Elves at 0 cm; the engine has no positions: friends in the combat are taken to
      be within 15 cm).  Not cumulative; summed with the Aura de Slaanesh before bounding.
    * Aullido abisal (``abyssal_howl``, Elfos Oscuros "Kharibdyss"): "El jugador Elfo Oscuro
      puede obligar a repetir cualquier tirada basada en Liderazgo de cualquier unidad en
      contacto peana con peana con el Kharibdyss (incluyendo Chequeos de Desmoralización)
      ... NO afecta a miniaturas Inmunes a psicología, o que causen Miedo o Terror": a unit
      touching it (not immune to psychology, unbreakable, causing fear or terror) gets
      ``S_HOWLED`` = 1 + the Kharibdyss's index (the first, if several): while that one
      lives and fights, the kernel re-rolls the unit's passed break, panic and stupidity
      tests and its failed tests to hold back from pursuing the fleeing Kharibdyss (the
      re-roll the Dark Elf player wants), once: a test its battle standard already
      re-rolled stands (RULES.md §3.1: "any die only once"); tests at the charge come
      before the contact ("el chequeo por Terror o para poder cargar ... no se ven
      afectados").
    """
    n_units = side_arr.shape[0] - len(hosts)
    host_of = list(range(n_units)) + list(hosts)
    touching: dict[int, set[int]] = {u: set() for u in range(n_units)}
    for a, b, _, _ in contacts:
        touching[a].add(b)
        touching[b].add(a)

    def carried(unit: int, rule: str) -> bool:
        return any(bodies[k].has(rule) for k in range(len(bodies)) if host_of[k] == unit)

    for i, body in enumerate(bodies):
        enemies = touching[host_of[i]]
        if not body.has("cloud_of_flies") and any(carried(e, "cloud_of_flies")
                                                  for e in enemies):
            for col in (G_HIT, G_STD_HIT):
                hit = groups[i, :, :, :, col]
                rolled = (hit > 0) & (hit < rules.IMPOSSIBLE)
                hit[rolled] = np.minimum(6, hit[rolled] + 1)
        # Ld modifiers summed, then bounded to 2..10 once
        ld = -int(any(carried(e, "aura_of_slaanesh") for e in enemies))
        agony_near = any(carried(e, "aura_of_agony") for e in enemies)
        agony_friend = any(bodies[k].has("aura_of_agony") for k in range(len(bodies))
                           if side_arr[k, S_SIDE] == side_arr[i, S_SIDE])
        if "dark_elves" in body.tags and (agony_near or agony_friend):
            ld += 1
        elif agony_near:
            ld -= 1
        if ld:
            for col in (S_LD, S_CHAMPION_LD):
                side_arr[i, col] = min(10, max(2, side_arr[i, col] + ld))
        howlers = sorted(e for e in enemies if bodies[e].has("abyssal_howl"))
        if i < n_units and howlers and not (
                body.has("immune_to_psychology") or body.has("unbreakable")
                or body.causes_fear or body.causes_terror):
            side_arr[i, S_HOWLED] = 1 + howlers[0]


def character_body(character: Any) -> Unit:
    """A character as a one-model unit, so the unit machinery works out its attacks.

    Its armour save is fixed to the character's own (worked out by
    :class:`odds.characters.Character` for its troop type and mount).
    """
    return Unit(name=character.name, troop_type=character.troop_type, models=1, files=1,
                profile=character.profile, equipment=character.equipment,
                mount=character.mount, special=character.special,
                ward_save=character.ward_save, regeneration=character.regeneration,
                poisoned=character.poisoned, multiple_wounds=character.multiple_wounds,
                armour_save_override=character.armour_save,
                army=getattr(character, "army", ""), race=getattr(character, "race", ""),
                hatred=getattr(character, "hatred", ()))


def guarded(unit: Unit, hosted: Any) -> bool:
    """Whether the character ``hosted`` (a :class:`_Hosted`) is one ``unit``'s guard rule names.

    * Altos Elfos "Guardaespaldas" (``bodyguard``): "Los Leones Blancos son Tozudos mientras el
      General esté incluido en la unidad": the General;
    * Mercenarios "Escolta" (``paymaster_guard``, Escolta del pagador): "Mientras el Pagador
      esté en la unidad, son Tozudos": a character with ``paymaster`` (gst-less Mercenarios
      rule "Pagador": "el Pagador es el Portaestandarte de Batalla mercenario");
    * Enanos "Guardia personal" (``royal_guard``, Martilladores): "Si hay algún personaje con
      la regla Sangre Real en la unidad, ésta es Inmune a miedo e Inmune a Terror": a
      character with ``royal_blood``.

    A promoted champion is never guarded.
    """
    if hosted.champion:
        return False
    return bool((unit.has("bodyguard") and hosted.general)
                or (unit.has("paymaster_guard") and hosted.body.has("paymaster"))
                or (unit.has("royal_guard") and hosted.body.has("royal_blood")))


class _Hosted(NamedTuple):
    """A body standing in a unit's front rank: a character or a promoted champion."""

    host: int
    body: Unit
    profile: Any
    unit_strength: int
    general: bool
    battle_standard: bool
    champion: bool
    label: str
    member: bool = False  # a named member of the unit (odds.units.Member)
    lends_ld: bool = True  # a member lends no Ld unless it counts as a character


def fought_through(unit: Unit, u: int, enemy: int,
                   contacts: list[tuple[int, int, int, int]]) -> Unit:
    """``unit`` (body ``u``) as the blows of enemy unit ``enemy`` find it.

    A unit whose front rank has its own weapon (:attr:`odds.units.Unit.front_weapon`)
    is fought with the front rank's save by an enemy touching its front, with the ranks'
    behind by one touching only its flank or rear (Elfos Oscuros "Guardia de la ciudad":
    "En caso de combate por el flanco o por la retaguardia, las salvaciones se realizarán
    con la armadura de los lanceros, nunca contra la de los ballesteros"): that unit
    without its front weapon.  Any other unit is returned as it is.
    """
    if not unit.front_weapon:
        return unit
    faces = [fa if a == u else fb for a, b, fa, fb in contacts if {a, b} == {u, enemy}]
    if faces and all(f != FRONT for f in faces):
        return unit.replace(front_weapon="")
    return unit


def bear_standard_bearers(full_units: list[Unit], extra: list[_Hosted],
                          n_units: int) -> list[int]:
    """Per unit, 1 + the body carrying its "Estandarte del Oso" (``S_BEAR_STD``), 0 none.

    MDNR Regimientos de Renombre, Hombres Oso de Urslo: "Toda la unidad (incluyendo a Beorg y
    Oerl) reciben un +1 a sus tiradas para impactar en la primera ronda de cada combate";
    the standard is the named standard bearer's (Oerl, :class:`odds.units.Member`), so the
    bonus holds while his body lives.  Every body of the unit has it: its rank and file, its
    champion, its members and the characters joined to it (6th: a character with a unit "is
    considered to be part of that unit in all respects").  A unit with the rule and a
    standard but no named standard bearer in the combat is an error.
    """
    out = [0] * n_units
    for i, u in enumerate(full_units):
        if not (u.has("bear_standard") and u.command.standard):
            continue
        body = next((n_units + k for k, e in enumerate(extra) if e.host == i and e.member
                     and e.body.command.standard), None)
        if body is None:
            raise v.OddsInputError(f"{u.name}: 'bear_standard' needs its named standard bearer"
                                   " (a Member of role 'standard') in the combat")
        out[i] = body + 1
    return out


def build_units(units: list[Unit], sides: list[int],
                contacts: list[tuple[int, int, int, int]], charged: list[bool],
                unit_options: list[SideOptions | None],
                options: CombatOptions | None = None,
                names: tuple[str, ...] | None = None,
                characters: list[tuple[int, Any]] | None = None,
                allocation: list[str] | None = None,
                challenge: list[str] | None = None,
                active_side: int = 0) -> CombatModel:
    """Build the :class:`CombatModel` of a combat between several units.

    Parameters
    ----------
    units : list of Unit
        Every unit in the combat.
    sides : list of int
        Each unit's side: 0 (attacker) or 1 (defender); both sides present.
    contacts : list of (int, int, int, int)
        Each contact once: ``(u, v, face of u, face of v)`` with faces
        :data:`FRONT`, :data:`FLANK`, :data:`REAR` (see
        :attr:`odds.scenario.CombatScenario.contacts`).  Every unit must be in
        at least one contact.
    charged : list of bool
        Which units charged this turn.
    unit_options : list of SideOptions or None
        Per-unit circumstances (static bonuses and high ground add up per
        side; battle standard and General apply to that unit's break tests).
    options : CombatOptions, optional
        Rule options (its ``charger`` is ignored: ``charged`` says who charged).
    names : tuple of str, optional
        Labels of the units (default: the units' names), then of the characters.
    characters : list of (int, Character), optional
        Characters and the unit each stands in (its front rank, §1.1).  They
        become extra bodies after the units (``S_HOST`` says whose).
    allocation : list of str, optional
        Per unit, how its models in contact with enemy characters attack:
        ``troops`` (Default), ``character`` or ``split`` (§1.1, source 004).
    challenge : list of str, optional
        Per unit: ``never``, ``always`` (issue and accept with its best
        fighter, character or champion) or ``champion`` (only its champion
        issues and accepts; §1.9).  The champion (of a unit of two or more
        models) of a unit front to front with an enemy unit, where either
        may challenge, becomes a body of its own after its unit's characters (see
        the module notes).
    active_side : int
        The side whose turn the first round is (challenges: active player first).

    Returns
    -------
    CombatModel
    """
    n_units = len(units)
    characters = list(characters or [])
    allocation = list(allocation or ["troops"] * n_units)
    challenge = list(challenge or ["never"] * n_units)
    for k, c in enumerate(challenge):
        v.choice(f"challenge[{k}]", c, CHALLENGE_POLICIES)
    # Condes Vampiro "Honor marcial": "El Campeón siempre debe lanzar y aceptar desafíos"
    # (whatever the policy asked for; without a champion nobody of the unit can duel)
    challenge = ["champion" if k < len(units) and units[k].has("martial_honour")
                 and units[k].command.champion and units[k].models >= 2 else c
                 for k, c in enumerate(challenge)]
    for k, a in enumerate(allocation):
        v.choice(f"allocation[{k}]", a, ALLOCATIONS)
    for k, (host, _) in enumerate(characters):
        if not 0 <= host < n_units:
            raise v.OddsInputError(f"characters[{k}]: no unit {host!r}")
    n = n_units
    if not (len(sides) == len(charged) == len(unit_options) == n) or n < 2:
        raise v.OddsInputError("units: give at least two units, with one side, "
                               "charged flag and options entry each")
    options = options or CombatOptions()
    for i, u in enumerate(units):
        if not isinstance(u, Unit):
            raise v.OddsInputError(f"units[{i}]: must be an odds.units.Unit "
                                   f"(got {type(u).__name__})")
        if sides[i] not in (0, 1):
            raise v.OddsInputError(f"sides[{i}]: must be 0 or 1 (got {sides[i]!r})")
    if set(sides) != {0, 1}:
        raise v.OddsInputError("sides: each side needs at least one unit")
    for k, (host, ch) in enumerate(characters):
        if units[host].has("no_characters"):
            raise v.OddsInputError(
                f"characters[{k}]: {getattr(ch, 'name', ch)!r} cannot join {units[host].name!r}:"
                f" no character may join that unit (its rule 'no_characters')")
    opts = []
    for i, o in enumerate(unit_options):
        o = o or SideOptions()
        if not isinstance(o, SideOptions):
            raise v.OddsInputError(f"unit_options[{i}]: must be a SideOptions "
                                   f"(got {type(o).__name__})")
        opts.append(o)
    seen: set[frozenset[int]] = set()
    for k, (a, b, fa, fb) in enumerate(contacts):
        if not (0 <= a < n and 0 <= b < n) or sides[a] == sides[b]:
            raise v.OddsInputError(f"contacts[{k}]: must join two enemy units (got {a!r}, {b!r})")
        if fa not in (FRONT, FLANK, REAR) or fb not in (FRONT, FLANK, REAR):
            raise v.OddsInputError(f"contacts[{k}]: faces must be 0 front, 1 flank or 2 rear")
        if frozenset((a, b)) in seen:
            raise v.OddsInputError(f"contacts[{k}]: units {a} and {b} are already in contact")
        seen.add(frozenset((a, b)))
    touched = {a for a, *_ in contacts} | {b for _, b, *_ in contacts}
    if touched != set(range(n)):
        missing = sorted(set(range(n)) - touched)
        raise v.OddsInputError(f"contacts: units {missing} are in no contact")
    # MDNR "Hachas de matador": the weapon chosen for this combat, against the first enemy
    # the unit touches
    units = [slayer_weapon(u, units[next(b if a == i else a for a, b, *_ in contacts
                                         if i in (a, b))], charged[i])
             for i, u in enumerate(units)]
    for k, c in enumerate(challenge):
        if c == "champion" and not (units[k].command.champion and units[k].models >= 2):
            raise v.OddsInputError(f"challenge[{k}]: 'champion' sends the unit's champion, but "
                                   f"{units[k].name!r} has none (or is a single model)")
    # a champion becomes a body of its own where it may duel: its unit is front to front
    # with an enemy unit and either of them may challenge with a character or champion
    hosts = {h for h, _ in characters}
    may_challenge = [c != "never" and (i in hosts or units[i].command.champion)
                     for i, c in enumerate(challenge)]
    dueller = set()
    for a, b, fa, fb in contacts:
        if fa == FRONT and fb == FRONT and (may_challenge[a] or may_challenge[b]):
            dueller |= {a, b}
    # ... and one whose own gear gives it another save than its unit's (Unit.champion_save)
    # or that has rules of its own (Unit.champion_special): the MDNR Regimientos de Renombre
    # leader is "a efectos generales ... un personaje".  A wizard leader's only own rule
    # ("wizard") matters only to an enemy with Cigor's "Visión ultraterrena"
    seers = {sides[i] for i, u in enumerate(units) if u.has("otherworldly_sight")}
    champions = [i for i, u in enumerate(units)
                 if u.command.champion and u.models >= 2
                 and (i in dueller or u.champion_save != u.armour_save
                      or set(u.champion_special) - {"wizard"} or u.champion_hatred
                      or ("wizard" in u.champion_special and bool(seers - {sides[i]}))
                      or u.champion_ward_save != u.ward_save
                      or rules.WEAPONS[u.champion_weapon_key].pistol_attacks)]
    full_units = list(units)
    units = [u.replace(models=u.models - 1, command=u.command.replace(champion=False))
             if i in champions else u for i, u in enumerate(units)]
    # named members (odds.units.Member) stand in the front rank as bodies of their own,
    # as many as leave the unit one model besides its champion; a standard bearer or
    # musician takes the unit's standard or instrument with it
    members: list[tuple[int, Member]] = []
    for i, u in enumerate(units):
        present = u.present_members[: max(0, u.models - u.command.champion - 1)]
        if not present:
            continue
        members += [(i, m) for m in present]
        roles = {m.role for m in present}
        units[i] = u.replace(models=u.models - len(present), members=(), command=u.command.replace(
            standard=u.command.standard and "standard" not in roles,
            musician=u.command.musician and "musician" not in roles))
    n_members = [sum(1 for h, _ in members if h == i) for i in range(n_units)]
    side_arr = np.stack([_side(u, o) for u, o in zip(units, opts, strict=True)])
    side_arr[:, S_SIDE] = sides
    side_arr[:, S_CHARGED] = charged
    # Regimientos de Renombre "Cuerno del Dragón" (its musician's; one use): a unit that
    # charged blew it before its charge (charge_flags, glorious_panic); otherwise at the start
    # of its first own turn: 1 + that round's index (charged, the turn after the charge)
    side_arr[:, S_HORN] = [
        0 if charged[i] or not (u.has("dragon_horn") and u.command.musician)
        else 2 if active_side != sides[i] or any(
            c and sides[j] != sides[i] for j, c in enumerate(charged)) else 1
        for i, u in enumerate(units)]
    side_arr[:, S_HOST] = -1
    side_arr[:, S_ALLOC] = [ALLOCATIONS.index(a) for a in allocation]
    side_arr[:, S_CHALLENGE] = [CHALLENGE_POLICIES.index(c) for c in challenge]
    side_arr[:, S_CHAMP_BODY] = -1
    # immune to fear while the champion lives (psychology.break_test: its body, if promoted)
    side_arr[:, S_FEARLESS] = [u.has("leader_fearless") and u.command.champion
                               for u in full_units]
    panic_immunities(side_arr, units, sides)
    side_arr[:, S_RECRUIT] = [i + 1 if u.has("cursed_recruits") else 0
                              for i, u in enumerate(units)]
    bodies = list(units)
    named = tuple(names or ())
    extra = [_Hosted(host, character_body(ch), ch.profile, ch.unit_strength, ch.general,
                     ch.battle_standard, False,
                     named[n_units + k] if n_units + k < len(named) else ch.name)
             for k, (host, ch) in enumerate(characters)]
    for i in champions:
        u = full_units[i]
        # the champion's own weapon and armour (Unit.champion_equipment) are the body's
        body = u.replace(name=f"{u.name} champion", models=1, files=1,
                         profile=u.champion_profile, command=Command(), champion_weapon="",
                         front_weapon="",
                         champion_armour="", champion_shield=None, members=(),
                         equipment=u.champion_equipment, champion_special=(),
                         special=(*u.special, *u.champion_special), champion_ward=0,
                         hatred=(*u.hatred, *u.champion_hatred), champion_hatred=(),
                         ward_save=u.champion_ward_save, champion_save_override=None,
                         armour_save_override=(u.champion_save_override
                                               if u.champion_save_override is not None
                                               else u.armour_save_override))
        extra.append(_Hosted(i, body, u.champion_profile, u.unit_strength_per_model, False,
                             False, True, f"{named[i] if i < len(named) else u.name} champion"))
    for i, m in members:
        u = full_units[i]
        body = u.replace(name=f"{u.name} {m.name}", models=1, files=1, profile=m.profile,
                         equipment=m.equipment, champion_profile=None, champion_weapon="",
                         front_weapon="",
                         members=(), command=Command(standard=m.role == "standard",
                                                     musician=m.role == "musician"),
                         special=u.special if m.special is None else m.special)
        extra.append(_Hosted(i, body, m.profile, u.unit_strength_per_model, False, False,
                             False, f"{named[i] if i < len(named) else u.name} {m.name}",
                             member=True, lends_ld=m.role == "character"))
    # each unit's characters, then its champion and members, are consecutive bodies (stable
    # sort by host)
    extra.sort(key=lambda e: e.host)
    side_arr[:, S_HOSTED_LO] = n_units
    side_arr[:, S_HOSTED_HI] = n_units
    for host in {e.host for e in extra}:
        index = [n_units + k for k, e in enumerate(extra) if e.host == host]
        side_arr[host, S_HOSTED_LO] = index[0]
        side_arr[host, S_HOSTED_HI] = index[-1] + 1
    for k, e in enumerate(extra):
        if e.champion:
            side_arr[e.host, S_CHAMP_BODY] = n_units + k
    if extra:
        rows = []
        for e in extra:
            row = _side(e.body, opts[e.host])
            row[S_SIDE] = sides[e.host]
            row[S_CHARGED] = charged[e.host]
            row[S_HOST] = e.host
            row[S_US] = e.unit_strength
            row[S_IS_GENERAL] = e.general
            row[S_IS_BSB] = e.battle_standard
            row[S_GUARDED] = guarded(units[e.host], e)
            row[S_IS_CHAMPION] = e.champion
            row[S_CHAMP_BODY] = -1
            # "Bienvenido a la Maldición": "cualquier guerrero de la Compañía Maldita (incluido
            # Kreugar)": its champion and named members, not a character who joined it
            row[S_RECRUIT] = (e.host + 1 if (e.champion or e.member)
                              and full_units[e.host].has("cursed_recruits") else 0)
            row[S_HOSTED_LO] = 0
            row[S_HOSTED_HI] = 0
            pr = e.profile
            row[S_RATING] = pr.WS + pr.S + pr.T + pr.W + pr.I + pr.A
            if not e.lends_ld:  # "la unidad NO puede usar el Liderazgo de esos miembros"
                row[S_LD] = min(row[S_LD], side_arr[e.host, S_LD])
            rows.append(row)
            bodies.append(e.body)
        side_arr = np.vstack([side_arr, np.stack(rows)])
        sides = [*sides, *(sides[e.host] for e in extra)]
        charged = [*charged, *(charged[e.host] for e in extra)]
    n = len(bodies)
    bracing = braced(units, list(charged[:n_units]), contacts)
    bracing += [bracing[e.host] for e in extra]  # a promoted champion has the unit's pike
    groups = np.zeros((n, n, N_GROUPS, 2, N_GROUP), np.int64)
    # "Arremetida": the unit as it was built (a promoted champion strikes its own hit)
    ogres = [ogre_charge_strength(full_units[i], [e.body for e in extra if e.host == i
                                                  and not e.champion and not e.member],
                                  options.distance) if charged[i] else 0
             for i in range(n_units)]
    ogres += [ogres[e.host] if e.champion or e.member else 0 for e in extra]
    # Imperio "Portentos de batalla": friends of a Huracanum in the combat, itself included
    omens = [any(bodies[k].has("battle_omens") for k in range(n) if sides[k] == sides[i])
             for i in range(n)]
    # Mercenarios "Carga atronadora": no impact hits after a charge shorter than 18 cm
    strikers = [thunderous_charge(b, options.distance) for b in bodies]
    host_of = list(range(n_units)) + [e.host for e in extra]
    bearer = bear_standard_bearers(full_units, extra, n_units)
    for i in range(n):
        side_arr[i, S_BEAR_STD] = bearer[host_of[i]]
        for j in range(n):
            if sides[i] != sides[j]:
                groups[i, j] = _groups(strikers[i], fought_through(bodies[j], j, host_of[i],
                                                                    contacts),
                                       bool(charged[i]), bracing[i], bool(charged[j]),
                                       ogres[i], omens[i], bearer[host_of[i]] > 0)
    # Enanos del Caos "Rompecráneos": "No afecta si no hay miniaturas en su frontal": its
    # attacks reach only the enemy units touching the model's front
    for i in range(n_units):
        if bodies[i].has("skull_crushers"):
            for j in range(n):
                if not any((a, b, fa) == (i, host_of[j], FRONT)
                           or (b, a, fb) == (i, host_of[j], FRONT)
                           for a, b, fa, fb in contacts):
                    groups[i, j, CREW] = 0
    contact_effects(groups, side_arr, bodies, [e.host for e in extra], contacts)
    # strike order over each unit's groups; a group's key does not depend on its target
    n_slots = n * N_GROUPS
    order = np.full((2, n_slots), -1, np.int64)
    keys = np.zeros((2, n_slots), np.int64)
    n_order = np.zeros(2, np.int64)
    for kind in (0, 1):
        active = []
        for i in range(n):
            enemies = [j for j in range(n) if sides[j] != sides[i]]
            for g in range(N_GROUPS):
                rows = [groups[i, j, g, kind] for j in enemies if groups[i, j, g, kind, G_ACTIVE]]
                if rows:
                    active.append((int(rows[0][G_KEY]), i * N_GROUPS + g))
        active.sort()
        n_order[kind] = len(active)
        for k, (key, slot) in enumerate(active):
            order[kind, k] = slot
            keys[kind, k] = key
    flags = np.zeros(N_FLAGS, np.int64)
    flags[:F_CHARGE_TESTS] = [options.corner_contact, options.musician_tiebreak,
                              options.insane_courage, options.restrain_pursuit,
                              options.flank_rear_rule == "both", n_units, active_side]
    flags[F_EXPAND] = options.expand_frontage
    # indexed by the unit's models left plus its living characters and promoted champion,
    # who fill rank spaces (§2.2)
    hosted = [sum(1 for e in extra if e.host == i) - (1 if i in champions else 0)
              - n_members[i] + recruits_at_most(side_arr, i) for i in range(n_units)]
    ranks = np.zeros((n, max(u.models + h for u, h in zip(full_units, hosted, strict=False)) + 1),
                     np.int64)
    for i, u in enumerate(full_units):
        if side_arr[i, S_RANKS_OK]:
            for m in range(u.models + hosted[i] + 1):
                ranks[i, m] = min(rules.rank_bonus(m, u.files), side_arr[i, S_RANK_MAX])
    side_bonus = np.zeros(2, np.int64)
    for s in (0, 1):
        members = [o for o, sd in zip(opts, sides[:n_units], strict=True) if sd == s]
        side_bonus[s] = sum(o.static_bonus for o in members) + any(o.high_ground for o in members)
    side_arr[:, S_STATIC] = 0
    side_arr[:, S_HIGH_GROUND] = 0
    labels = tuple(named[i] if i < len(named) else u.name for i, u in enumerate(units))
    labels = labels + tuple(e.label for e in extra)
    return CombatModel(side_arr, groups, order, keys, n_order, flags, -1, options.max_rounds,
                       np.array(contacts, np.int64).reshape(-1, N_CONTACT), ranks, side_bonus,
                       labels, n_units, active_side)


def recruits_at_most(sides: np.ndarray, u: int) -> int:
    """Models unit ``u`` can gain in a combat: the enemy's models of 1 wound, 0 without the rule.

    Regimientos de Renombre "Bienvenido a la Maldición" (``S_RECRUIT``): each enemy model
    "con 1 herida en su perfil inicial" its warriors slay joins it.
    """
    if not sides[u, S_RECRUIT]:
        return 0
    return int(sum(sides[v, S_HP] for v in range(sides.shape[0])
                   if sides[v, S_SIDE] != sides[u, S_SIDE] and sides[v, S_W] == 1))


PLAIN_ABSENT = (S_CAPTAIN, S_BURNING, S_LAMENT, S_HORN, S_STUPID, S_DRUNK, S_RA_DICE)
"""Columns of ``sides`` that must be 0 in both units of a plain pair (:func:`plain_pair`)."""


def plain_pair(model: CombatModel) -> bool:
    """Whether ``model`` runs on the combat engine's plain kernel (issue 13).

    :func:`odds.combat.kernel.fight_chunk_plain` is the same code as
    :func:`~odds.combat.kernel.fight_chunk` compiled with ``plain`` true: two
    units (no characters) in one contact, and none of the rules whose code it
    leaves out (:data:`PLAIN_ABSENT`: "No Muertos"/"Capitán", "Cuerpo ardiente",
    "Lamento de la doncella", "Cuerno del Dragón", stupidity, "Borrachos",
    random attacks).  LLVM then folds the
    unit, body and contact counts into constants and drops those branches.  For
    such a model both kernels roll the same dice in the same order and give
    identical results (``tests/test_combat_plain.py``).
    """
    sides = model.sides
    flags = model.flags
    if sides.shape[0] != 2 or flags[F_UNITS] != 2 or model.contacts.shape[0] != 1:
        return False
    return not (np.any(sides[:, list(PLAIN_ABSENT)] != 0)
                or np.any(model.groups[..., G_BURNING] != 0))


def dice_budget(model: CombatModel) -> int:
    """An upper bound of the dice one combat round can use (all units).

    Each attack uses at most 12 faces (hit, re-roll, wound, armour, ward,
    multiple wounds, and up to 6 regeneration rolls for the wounds it makes);
    a unit's models in contact, over all its faces, are at most
    ``(fighting ranks) * files + ranks + 4``; impact hits add their own dice; roll-offs,
    stupidity, break and panic tests, restrain tests, flee and pursuit rolls
    add at most ``2 * 8 + 37 * units + contacts``.
    """
    n = model.n_units
    total = 2 * 8 + 37 * n + model.contacts.shape[0]
    # cold-blooded tests roll a third die (MDNR "Sangre fría"): at most 8 tests a round
    total += 8 * int(model.sides[:, S_COLD].any()) * model.sides.shape[0]
    total += int(model.sides[:, S_DRUNK].sum())  # "Borrachos": one D6 a unit a round
    # "Garras mecánicas": one I test a claws body a round
    total += int((model.groups[..., G_GRAB] > 0).any(axis=(1, 2, 3)).sum())
    # "Estandarte Negro de los Muktarin": a D3 a side a round for the standard
    total += 2 * int((model.sides[:, S_STANDARD] == 2).any())
    # "Cuerno del Dragón": a panic test of every enemy unit (a re-roll, cold), its flight and
    # a pursuit
    total += 24 * n * int(model.sides[:, S_HORN].any())
    # pursuit rolls of more than 8 dice ("Pellejo de Wulfag": 3D6 more)
    total += int(np.maximum(model.sides[:, S_PURSUE_DICE] - 8, 0).sum())
    # "Cuerpo ardiente": a T test and D3 wounds with their saves; up to 12 faces for the hit
    # on each enemy model (every enemy model bounds those in contact)
    burning = [u for u in range(n) if model.sides[u, S_BURNING]]
    if burning:
        enemy_models = sum(int(-(-model.sides[v, S_HP] // model.sides[v, S_W]))
                           for v in range(n))
        total += len(burning) * (8 + 12 * enemy_models)
    # "Lamento de la doncella": 2D6, then a ward and a regeneration roll for each of at most
    # 2D6 + 2 wounds (psychology.lament)
    total += 30 * int(model.sides[:n, S_LAMENT].sum())
    # "No Muertos", "Capitán": two tests a round (the end of the phase the leader fell in, the
    # start of the next own turn), 2D6 each
    total += 4 * int(model.sides[:n, S_CAPTAIN].sum())
    for u in range(n):
        sd = model.sides[u]
        total += int(sd[S_RA_DICE])  # the random-attacks roll
        files = int(sd[S_FILES])
        models = int(-(-sd[S_HP] // sd[S_W]))  # one, for "Poder de la muerte"'s S_W
        models += recruits_at_most(model.sides, u)  # "Bienvenido a la Maldición"
        deep = max([2, *(int(model.groups[u, w, RANK_AND_FILE, k, G_RANKS])
                         for w in range(n) for k in (0, 1))])
        reach = min(models, deep * files + math.ceil(models / files) + 4)
        for g in range(N_GROUPS):
            for kind in (0, 1):
                rows = [model.groups[u, w, g, kind] for w in range(n)
                        if model.groups[u, w, g, kind, G_ACTIVE]]
                if not rows:
                    continue
                row = rows[0]
                fighters = (1 if g == CHAMPION else reach) * int(row[G_PER_MODEL])
                per = int(row[G_ATTACKS]) + int(row[G_FRENZY_A])
                if g in (RANK_AND_FILE, CHAMPION) or row[G_RANDOM]:
                    per += int(sd[S_RA_DICE] * sd[S_RA_SIDES])  # the highest roll
                if g == IMPACT or row[G_IMPACT_DICE]:  # impact hits, "Desollador"'s hits
                    per = int(row[G_ATTACKS]) + int(row[G_IMPACT_DICE]) * int(row[G_IMPACT_SIDES])
                    total += fighters * int(row[G_IMPACT_DICE])
                total += 12 * fighters * per
                if row[G_CHAIN]:  # "Asalto imparable": up to CHAIN_CAP more per strike
                    total += 12 * CHAIN_CAP * 2 * int(model.contacts.shape[0])
                if row[G_COLD]:  # "Arma de frío": a wound's armour and ward save, regeneration
                    total += 3 * fighters * per
    return -(-total // 8) * 8  # a whole number of 64-bit words (the buffer is filled by words)
