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
* Psychology at the charge (§3.3, on by default): see :class:`CombatOptions`
  ``charge_tests``.  A unit with the frenzy rule is immune to fear and
  terror.  In scenarios (several units, :func:`~odds.combat.model.charge.pair_flags`)
  each charged unit tests once per fear- or terror-causing unit that charged
  it and each charger once against a fear- or terror-causing target, with
  the two-unit consequences: a charger that fails does not charge (it and its
  characters take no part); a charged unit that flees is caught if any of
  its chargers still charging reaches it; one that holds after a failed fear
  test hits only on 6s, in the first round, the fear-causer it failed
  against.  A unit left with no enemy in contact leaves the combat (won if an
  enemy of it fled, else it never fought).  The characters in a unit lend
  it their Ld and unit strength; fear caused by a character alone does not
  make his unit's charge cause fear.
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

Modules
-------
One module per concept; each imports what it needs from the others, never from this
package's ``__init__``, which re-exports their public names (and ``_side``, ``_groups``):

:mod:`~odds.combat.model.layout`
    The arrays' columns and sizes (``S_*``, ``G_*``, ``F_*``, ``N_*``), strike categories,
    faces, statuses and caps.
:mod:`~odds.combat.model.options`
    :class:`SideOptions`, :class:`CombatOptions`, :class:`CombatModel`.
:mod:`~odds.combat.model.side`
    One unit's row of ``sides``; the lament ward; panic immunities (§3.4).
:mod:`~odds.combat.model.strike_order`
    Strike categories and keys (§1.2); pikes receiving a charge.
:mod:`~odds.combat.model.thresholds`
    One blow's to-hit, save and multiple-wound codes; expected unsaved wounds.
:mod:`~odds.combat.model.vomit`
    Vomit special attacks.
:mod:`~odds.combat.model.groups`
    A unit's attack groups against an enemy unit; slayer weapons.
:mod:`~odds.combat.model.charge`
    Psychology at the charge (§3.3), the charge's reach, "Arremetida", "Carga atronadora".
:mod:`~odds.combat.model.contact`
    Rules acting on the enemies in base contact (auras, "Aullido abisal").
:mod:`~odds.combat.model.bodies`
    Characters, promoted champions and named members as bodies of their own.
:mod:`~odds.combat.model.frontage`
    Base sizes; the models of two faces in base contact (§1.1).
:mod:`~odds.combat.model.build`
    :func:`build` (two units) and :func:`build_units` (several).
:mod:`~odds.combat.model.engine`
    The plain kernel's pairs (:func:`plain_pair`), the core kernel's models
    (:func:`core_rules`) and the dice budget (:func:`dice_budget`).
"""

from __future__ import annotations

from odds.combat.model import rule_columns
from odds.combat.model.bodies import (
    bear_standard_bearers,
    character_body,
    fought_through,
    guarded,
    recruits_at_most,
)
from odds.combat.model.build import build, build_units
from odds.combat.model.charge import (
    OGRE_CHARGE_MOVE,
    THUNDEROUS_CHARGE_MOVE,
    charge_flags,
    glorious_panic,
    ogre_charge_strength,
    random_move_tail,
    thunderous_charge,
)
from odds.combat.model.contact import contact_effects
from odds.combat.model.engine import PLAIN_ABSENT, core_rules, dice_budget, plain_pair
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
from odds.combat.model.groups import _groups as _groups
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
    G_HIT,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_KEY,
    G_MW,
    G_PER_MODEL,
    G_POISON,
    G_RANKS,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    GROUP_NAMES,
    IMPACT,
    LIFE_DRAIN_CAP,
    MOUNT,
    N_CONTACT,
    N_FLAGS,
    N_GROUPS,
    NO_COMBAT,
    PANICKED,
    RANK_AND_FILE,
    REACH_TAIL_SIZE,
    REAR,
    S_ALLOC,
    S_BASE,
    S_BSB,
    S_CAN_PURSUE,
    S_CHALLENGE,
    S_CHAMP_BODY,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_CHARGED,
    S_DEPTH,
    S_ELF,
    S_FILES,
    S_FLEE_DICE,
    S_FLIGHT_IGNORE,
    S_GENERAL_LD,
    S_HIGH_GROUND,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_HP,
    S_IS_BSB,
    S_IS_CHAMPION,
    S_IS_GENERAL,
    S_LD,
    S_MAN_SIZED,
    S_MAY_FEAR,
    S_MUSICIAN,
    S_PANIC_IGNORE,
    S_PURSUE_DICE,
    S_RANK_MAX,
    S_RANKS_OK,
    S_RATING,
    S_REGEN,
    S_SIDE,
    S_STANDARD,
    S_STATIC,
    S_US,
    S_W,
    STATUSES,
    WIPED,
    WON,
)
from odds.combat.model.options import CHARGERS, CombatModel, CombatOptions, SideOptions
from odds.combat.model.rule_columns import *  # noqa: F403  (the rules' own columns, generated)
from odds.combat.model.side import MAX_PANIC_SOURCES, lament_ward, panic_immunities
from odds.combat.model.side import _side as _side
from odds.combat.model.strike_order import BRACED_AGAINST, BRACED_KEY, DIRTY_TRICK_KEY, braced
from odds.combat.model.thresholds import expected_unsaved
from odds.combat.model.vomit import VOMITS

__all__ = [
    "ALLOCATIONS", "BASE_DEPTH_MM", "BASE_WIDTH_MM", "BRACED_AGAINST", "BRACED_KEY",
    "BURNING_STRENGTH", "CAT_ASF", "CAT_ASL", "CAT_CHARGER", "CAT_IMPACT", "CAT_INITIATIVE",
    "CAT_MINDLESS", "CAUGHT", "CHAIN_CAP", "CHALLENGE_POLICIES", "CHAMPION", "CHARGERS",
    "COLD_STRENGTH", "CREW", "DIRTY_TRICK_KEY", "ESCAPED", "FACES", "FIGHTING", "FLANK", "FLEEING",
    "FRONT", "F_ACTIVE", "F_CHARGER", "F_CHARGER_COLD", "F_CHARGER_LD", "F_CHARGER_REROLL",
    "F_CHARGE_TESTS", "F_CORNER", "F_EXPAND", "F_FLANK_BOTH", "F_INSANE", "F_MUSICIAN", "F_REACH",
    "F_REACH_DICE", "F_REACH_TAIL", "F_RESTRAIN", "F_TARGET", "F_TARGET_COLD", "F_TARGET_LD",
    "F_TARGET_PANIC_COLD", "F_TARGET_PANIC_LD", "F_TARGET_REROLL", "F_TARGET_SMALLER",
    "F_TARGET_TERROR", "F_UNITS", "GROUP_NAMES", "G_ACTIVE", "G_ATTACKS", "G_HIT", "G_IMPACT_DICE",
    "G_IMPACT_SIDES", "G_KEY", "G_MW", "G_PER_MODEL", "G_POISON", "G_RANKS", "G_REROLL", "G_SAVE",
    "G_WARD", "G_WOUND", "IMPACT", "LIFE_DRAIN_CAP", "MAX_PANIC_SOURCES", "MOUNT", "NO_COMBAT",
    "N_CONTACT", "N_FLAGS", "N_GROUPS", "OGRE_CHARGE_MOVE", "PANICKED", "PLAIN_ABSENT",
    "RANK_AND_FILE", "REACH_TAIL_SIZE", "REAR", "SKULL_CRUSHER_ATTACKS", "SKULL_CRUSHER_STRENGTH",
    "SLAYER_WEAPONS", "STATUSES", "SUPERNATURAL", "S_ALLOC", "S_BASE", "S_BSB", "S_CAN_PURSUE",
    "S_CHALLENGE", "S_CHAMPION", "S_CHAMPION_LD", "S_CHAMP_BODY", "S_CHARGED", "S_DEPTH", "S_ELF",
    "S_FILES", "S_FLEE_DICE", "S_FLIGHT_IGNORE", "S_GENERAL_LD", "S_HIGH_GROUND", "S_HOST",
    "S_HOSTED_HI", "S_HOSTED_LO", "S_HP", "S_IS_BSB", "S_IS_CHAMPION", "S_IS_GENERAL", "S_LD",
    "S_MAN_SIZED", "S_MAY_FEAR", "S_MUSICIAN", "S_PANIC_IGNORE", "S_PURSUE_DICE", "S_RANKS_OK",
    "S_RANK_MAX", "S_RATING", "S_REGEN", "S_SIDE", "S_STANDARD", "S_STATIC", "S_US", "S_W",
    "THUNDEROUS_CHARGE_MOVE", "VOMITS", "WIPED", "WON", "CombatModel", "CombatOptions",
    "SideOptions", "bear_standard_bearers", "braced", "build", "build_units", "character_body",
    "charge_flags", "contact_effects", "core_rules", "dice_budget", "expected_unsaved", "face_line",
    "fought_through", "glorious_panic", "guarded", "in_contact", "lament_ward",
    "ogre_charge_strength", "panic_immunities", "plain_pair", "random_move_tail",
    "recruits_at_most", "slayer_weapon", "thunderous_charge", "touching",
    *rule_columns.__all__,
]
