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


_MW_CODE = {"": 0, "2": 1, "d3": 2, "d6": 3}
_MW_DOUBLED = {0: 1, 1: 6, 2: 4, 3: 5}  # gst "Inflamable": wounds from flaming attacks x2
_MAN_SIZED = ("infantry", "cavalry")
_NO_PURSUIT = ("war_machine",)


def _key(category: int, initiative: int) -> int:
    return category * 16 + (10 - initiative)


def _clamp_hit(needed: int) -> int:
    if needed == rules.AUTOMATIC:
        return 0
    return min(6, max(2, needed)) if needed < rules.IMPOSSIBLE else rules.IMPOSSIBLE


def _save_needed(base: int, strength: int, armour_piercing: bool) -> int:
    if base >= rules.IMPOSSIBLE:
        return rules.IMPOSSIBLE
    need = base - rules.strength_save_modifier(strength) + (1 if armour_piercing else 0)
    return rules.IMPOSSIBLE if need >= rules.IMPOSSIBLE else max(2, need)


def _dice_code(expr: str) -> tuple[int, int, int]:
    """(number of dice, sides, plus) of an impact-hit expression."""
    spec = rules.parse_dice(expr or "0", "impact_hits")
    return spec.n, spec.sides, spec.plus


def _side(unit: Unit, opts: SideOptions) -> np.ndarray:
    """Per-unit constants (``S_*``) of ``unit``.

    ``S_HATRED`` ("must pursue", MDNR gst "Odio": "siempre persiguen al
    enemigo odiado") is set for hatred of every enemy and, kept simple, for
    hatred of named enemies too, whichever enemy broke: it only matters when
    pursuit may be restrained (``CombatOptions.restrain_pursuit``).
    """
    s = np.zeros(N_SIDE, np.int64)
    p = unit.profile
    s[S_HP] = unit.models * p.W
    s[S_W] = p.W
    s[S_FILES] = unit.files
    s[S_BASE] = BASE_WIDTH_MM[unit.troop_type]
    s[S_US] = unit.unit_strength_per_model
    s[S_LD] = p.Ld
    s[S_STUBBORN] = unit.has("stubborn")
    # while a living guarded character (S_GUARDED, guarded()) stands in the unit
    # (psychology.break_test): Altos Elfos "Guardaespaldas" and Mercenarios "Escolta" make it
    # stubborn (1), Enanos "Guardia personal" immune to fear (2)
    s[S_BODYGUARD] = (1 if unit.has("bodyguard") or unit.has("paymaster_guard")
                      else 2 if unit.has("royal_guard") else 0)
    s[S_UNBREAKABLE] = unit.has("unbreakable")
    s[S_ITP] = unit.has("immune_to_psychology") or unit.has("unbreakable")
    # 1 causes fear; 2 while it carries its standard (Espadas de Manann "Estandarte de la
    # Esposa del Mar": "dejarán de causar Miedo si lo pierden"; psychology.break_test)
    s[S_FEAR] = (2 if unit.causes_fear and not ("fear" in unit.special
                                                 or "terror" in unit.special)
                 else int(unit.causes_fear))
    # Espadas de Manann "Juego sucio": "en desafíos, Edvard tiene una tirada de salvación
    # especial de 6+" (wards do not add up: only without one of its own)
    s[S_DUEL_WARD] = 6 if unit.has("dirty_trick") and not unit.ward_save else rules.IMPOSSIBLE
    s[S_FEARS_ELVES] = unit.has("fears_elves")
    # the unit's random attacks, or its steeds' (Condes Vampiro "Horda de espíritus" A "1D6")
    rolled = unit.random_attacks or (unit.mount.random_attacks if unit.mount else "")
    if rolled:
        spec = rules.parse_dice(rolled, "random_attacks")
        s[S_RA_DICE], s[S_RA_SIDES] = spec.n, spec.sides
    s[S_ELF] = "elf" in unit.tags
    # 2: "Criatura artefacto", one wound fewer; 3: "Estandarte de los Malditos", one fewer
    # while the standard is carried (psychology.break_test)
    s[S_UNSTABLE] = unit.has("unstable") * (
        3 if unit.has("cursed_standard") and unit.command.standard
        else 1 + unit.has("artefact_creature"))
    s[S_FLEE_DICE] = 8 if (p.M > 15 or unit.has("flying")) else 5
    if unit.random_move:
        # gst "Movimiento aleatorio (5D6)": "haz la tirada cada vez que quieras mover": it
        # flees and pursues with its move dice, whatever its (mean) M says
        s[S_FLEE_DICE] = rules.parse_dice(unit.random_move, "random_move").n
    # MDNR Reinos del Caos "Ansia de sangre": "persigue 8D6cm en vez de 5D6cm"
    s[S_PURSUE_DICE] = 8 if unit.has("bloodgreed") else s[S_FLEE_DICE]
    # Regimientos de Renombre "Pellejo de Wulfag": "pueden perseguir +3D6cm adicionales"
    s[S_PURSUE_DICE] += 3 * unit.has("pursuit_3d6_more")
    # MDNR Enanos "Firmeza": "Todas las miniaturas de tipo Infantería de este libro huyen y
    # persiguen 2cm menos (es decir, 5D6-2 cm), incluyendo la dotación de máquinas de guerra
    # (pero no el Girocóptero)"
    s[S_FLEE_MINUS] = 2 * (unit.has("resolute") and not unit.has("flying")
                           and unit.troop_type in ("infantry", "war_machine"))
    s[S_NO_PANIC] = unit.has("immune_to_panic")  # gst "Inmune a pánico": no panic tests
    s[S_INSTABILITY] = unit.has("daemonic_instability")
    # Reinos del Caos "Bendición de Nurgle" (daemonic_bsb): a daemonic battle standard for
    # itself, "da +1 a la Resolución de Combate" as a standard and re-rolls (S_BSB 2: its
    # daemonic instability too, psychology.break_test)
    s[S_STANDARD] = unit.command.standard or unit.has("daemonic_bsb")
    if unit.command.standard and unit.has("black_standard"):
        # Perros del Desierto "Estandarte Negro de los Muktarin": "suma +1D3 al resultado de
        # combate ... en vez del habitual +1" (S_STANDARD 2: rolled in the kernel's result)
        s[S_STANDARD] = 2
    s[S_MUSICIAN] = unit.command.musician
    s[S_CHAMPION] = unit.command.champion
    s[S_FRENZY] = unit.has("frenzy")
    # must pursue (§4.3 restrain_pursuit): hatred of every enemy, or of a named one, whoever
    # the beaten enemy is (kept simple: _side does not know the enemy; documented choice)
    s[S_HATRED] = unit.has("hatred") or unit.has("eternal_hatred") or bool(unit.hatred)
    if unit.has("must_pursue"):  # "Hambrientos", "¡Enajenados mentales!": always pursue
        s[S_HATRED] = 1
    s[S_REGEN] = unit.regeneration or rules.IMPOSSIBLE
    s[S_MAN_SIZED] = unit.troop_type in _MAN_SIZED
    s[S_BSB] = 2 if unit.has("daemonic_bsb") else opts.bsb
    s[S_GENERAL_LD] = opts.general_ld
    s[S_STATIC] = opts.static_bonus
    s[S_HIGH_GROUND] = opts.high_ground
    s[S_RANKS_OK] = (unit.troop_type not in ("monster", "chariot", "war_machine")
                     and not unit.has("skirmishers") and not unit.has("fast_cavalry"))
    s[S_CAN_PURSUE] = unit.troop_type not in _NO_PURSUIT and not unit.has("no_pursuit")
    if s[S_CAN_PURSUE] and unit.has("devourer"):
        # MDNR Bestias "Devorador": "si el Preyton quiere perseguir o arrasar deberá hacer un
        # chequeo de Liderazgo (en vez de un chequeo para no perseguir como es habitual)";
        # held back, it feasts and enemies test panic (resolution.leave_and_pursue)
        s[S_CAN_PURSUE] = 2
    # MDNR Bestias "La manada en combate": "pueden aplicar bonificador por filas de hasta
    # +2"; "La manada cargando": "la Manada es Hostigadora (aunque tenga filas), por lo que
    # no anula filas a unidades enemigas cargadas por el flanco o la retaguardia"
    # 6th Appendix Seven, skirmishers 7: skirmishers "do not negate an enemy unit's rank
    # bonuses if they charge them in the flank or rear" (RULES.md §2.2 is silent; the MDNR
    # herd text above rests on it) -- unless Elfos Oscuros "Danza de la muerte": "pueden
    # anular el bonificador a la resolución de combate por filas de los enemigos pese a ser
    # Hostigadores" (``cancels_ranks``)
    s[S_NO_RANK_CANCEL] = unit.has("herd") or (unit.has("skirmishers")
                                               and not unit.has("cancels_ranks"))
    s[S_RANK_MAX] = 2 if unit.has("herd") else 3
    # Condes Vampiro "Monstruoso" (Varghulf): "El oponente no puede aplicar el bonificador a
    # resolución del combate por combatir contra el flanco o retaguardia del Varghulf"
    s[S_NO_FLANK_BONUS] = unit.has("no_flank_bonus_against")
    champ = unit.champion_profile or p
    s[S_CHAMPION_LD] = champ.Ld
    s[S_DEPTH] = BASE_DEPTH_MM[unit.troop_type]
    s[S_STUPID] = unit.has("stupidity")
    s[S_COLD] = unit.has("cold_blooded")
    # panic re-rolls for friends: 1 while the unit fights ("Viejos cascarrabias": "que no
    # estén huyendo"), 2 while it has not been destroyed ("Ejemplo de Sigmar")
    s[S_GRUMBLERS] = 1 if unit.has("old_grumblers") else 2 * unit.has("sigmar_example")
    s[S_DRUNK] = unit.has("drunk")
    s[S_UNPURSUED] = unit.has("unpursued")
    s[S_BURNING] = p.T if unit.has("burning_body") else 0
    s[S_BURN_SAVE] = unit.armour_save
    s[S_INDEPENDENT] = unit.has("independent")
    if unit.has("independent"):
        s[S_GENERAL_LD] = 0  # "nunca utilizan el Liderazgo del General" (also "Bestias")
    s[S_STUBBORN_FIRST] = unit.has("first_round_stubborn")
    if unit.has("life_drain"):
        # Condes Vampiro "Poder de la muerte": "Por cada herida que cause el Carruaje negro o
        # alguna de sus partes (Conductor, Pesadilla), el Carruaje gana una herida. Esto puede
        # aumentar sus Heridas por encima de su valor inicial": one model whose wounds may
        # grow up to LIFE_DRAIN_CAP (blows.strike), starting at its printed W
        if unit.models != 1 or unit.regeneration:
            raise v.OddsInputError(f"{unit.name}: 'life_drain' needs a single model without"
                                   " regeneration")
        s[S_LIFE_DRAIN] = 1
        s[S_W] = LIFE_DRAIN_CAP
    # Condes Vampiro "Lamento de la doncella" / "Coro de doncellas" (psychology.lament)
    s[S_LAMENT] = unit.has("maiden_lament")
    s[S_LAMENT_WARD] = lament_ward(unit)
    # Regimientos de Renombre "No Muertos", "Capitán" (psychology.captains_fall, crumble)
    s[S_CAPTAIN] = unit.has("captain_bound")
    return s


def lament_ward(unit: Unit) -> int:
    """The ward save of ``unit`` against a "Lamento de la doncella"; 0 = it cannot be its target.

    Condes Vampiro "Lamento de la doncella": "no puede hacerse contra unidades inmunes a
    psicología" (also the unbreakable, :data:`S_ITP`; a frenzied unit is immune while it is
    frenzied, in the kernel), "no afecta a miniaturas Etéreas"; "NO se considera ... Ataque
    mágico": a daemonic aura's 5+ ward applies as against any mundane attack.  "Anula
    armaduras" takes the armour save only: a ward save of the unit's own is rolled (6th
    edition: a ward save may be taken against any wound unless a rule says otherwise).

    Parameters
    ----------
    unit : Unit
        The unit a lament may target.

    Returns
    -------
    int
        0 when no lament may target it, else the ward save needed (7 = none).
    """
    if (unit.has("immune_to_psychology") or unit.has("unbreakable")
            or unit.has("ethereal")):
        return 0
    return unit.ward_save or (5 if unit.has("daemonic_aura") else rules.IMPOSSIBLE)


def _category(unit: Unit, charging: bool, weapon_last: bool) -> int:
    # Condes Vampiro "Vampiresas" (crew_strikes_first): the crew's rows only, not the steeds'
    if unit.has("always_strikes_first") or unit.has("crew_strikes_first"):
        return CAT_ASF  # ASF beats strikes-last (§1.2)
    if unit.has("always_strikes_last"):
        return CAT_ASL  # the rule, unlike a strikes-last weapon, holds on the charge too
    if charging:
        return CAT_CHARGER
    if weapon_last and not unit.has("ignores_strikes_last"):
        return CAT_ASL
    if unit.has("mindless"):
        return CAT_MINDLESS
    return CAT_INITIATIVE


BRACED_KEY = CAT_CHARGER * 16 - 1
"""Strike-order key of pikes receiving a charge in their front (after every always-strikes-
first blow, before every charger; MDNR Mercenarios "Pica")."""
DIRTY_TRICK_KEY = (CAT_MINDLESS + 1) * 16
"""Strike-order key of "Juego sucio"'s attack (Espadas de Manann: "Antes de calcular la
resolución de combate ... puede hacer un ataque adicional"): after every other step."""
BRACED_AGAINST = ("cavalry", "chariot", "monster")
"""Chargers against which braced pikes strike at S+1 (MDNR "Pica": "Caballería, Carros o
Monstruos, además del Tanque a Vapor imperial" -- a monster or chariot in the engine)."""


def braced(units: list[Unit], charged: list[bool],
           contacts: list[tuple[int, int, int, int]]) -> list[bool]:
    """Which units receive a charge with pikes (MDNR Mercenarios / Regimientos de Renombre "Pica").

    "Recepción de carga. Cuando una unidad armada con picas recibe una carga por parte de una
    unidad enemiga en su frontal (no en su flanco ni retaguardia)...  Si la carga es por
    flanco o retaguardia no se aplica ninguna de estas reglas": a unit with pikes that did
    not charge, charged by at least one enemy and only through its front.
    """
    out = []
    for i, u in enumerate(units):
        faces = [fa if a == i else fb for a, b, fa, fb in contacts
                 if i in (a, b) and charged[b if a == i else a]]
        # Regimientos de Renombre "Formación mixta" (pikes_behind): no pikes in the front rank
        out.append(u.equipment.weapon == "pike" and not u.has("pikes_behind")
                   and not charged[i] and bool(faces) and all(f == FRONT for f in faces))
    return out


VOMITS: dict[str, tuple[int, bool, bool, str]] = {
    # Orcos y Goblins, Mercenarios, Reinos del Caos "Vómito de troll": "un único ataque de
    # F5, que impacta automáticamente y Anula armaduras"
    "troll_vomit": (5, True, True, ""),
    # Reinos del Caos "Vómito putrefacto": "un ataque que impacta automáticamente y causa
    # impactos de F3" (armour saves as usual)
    "putrid_vomit": (3, True, False, ""),
    # Reinos del Caos "Vómito pestilente de troll": "un único ataque de F5 que anula
    # armaduras y con Heridas múltiples (1D3)" (rolled to hit: the text does not say it hits
    # automatically)
    "pestilent_vomit": (5, False, True, "d3"),
}
"""Vomit special attacks (``Unit`` rule → (S, automatic hit, no armour save, multiple
wounds)): one attack per fighting model instead of all its attacks, at its Initiative, with
no re-roll, poison, killing blow or flaming property (those are the models' weapons').  The
unit vomits in a round kind against an enemy when one vomit attack is expected to cause more
unsaved wounds than a model's normal attacks (:func:`expected_unsaved`); ties attack
normally.  The whole unit attacks the same way ("Toda la unidad debe realizar o bien sus
ataques normales o bien sus ataques de vómito"): rank and file and champion alike, judged on
the rank and file; in a combat of several units the choice is made against each enemy (a
unit fighting two enemy units at once might vomit at one only: a documented simplification).
"""

_MW_MEAN = {0: 1.0, 1: 2.0, 2: 2.0, 3: 3.5, 4: 4.0, 5: 7.0, 6: 4.0}


def expected_unsaved(row: np.ndarray, frenzied: bool = False) -> float:
    """Expected unsaved wounds of one fighting model of an attack-group row (``G_*``).

    Hits (automatic, rolled, re-rolled), poison (a natural to-hit roll at or above
    ``G_POISON`` wounds automatically), wounds, killing blow (a 6 to wound slays, no armour
    save), armour and ward saves and the mean of multiple wounds, and the extra wound of each
    6 to hit with ``G_COLD`` ("Arma de frío"); random attacks are not counted.  Used to
    choose an attack, not as a probability of the combat.
    """
    attacks = int(row[G_ATTACKS]) + (int(row[G_FRENZY_A]) if frenzied else 0)
    hit = int(row[G_HIT])

    def p_at_least(need: int) -> float:
        return 0.0 if need >= rules.IMPOSSIBLE else (7 - max(1, need)) / 6

    poison = p_at_least(int(row[G_POISON])) if hit > 0 else 0.0
    p_hit = 1.0 if hit == 0 else p_at_least(hit)
    p_plain = max(0.0, p_hit - poison)  # hits that roll to wound
    if hit > 0 and row[G_REROLL]:
        p_plain, poison = p_plain * (2 - p_hit), poison * (2 - p_hit)
    fail = (1.0 - p_at_least(int(row[G_SAVE]))) * (1.0 - p_at_least(int(row[G_WARD])))
    p_wound = p_at_least(int(row[G_WOUND]))
    kb = 1 / 6 if row[G_KB] and p_wound > 0 else 0.0
    per_hit = (p_wound - kb) * fail * _MW_MEAN[int(row[G_MW])] + kb * (
        1.0 - p_at_least(int(row[G_WARD])))
    per_poison = fail * _MW_MEAN[int(row[G_MW])]
    cold = 0.0
    if row[G_COLD] and 0 < hit < rules.IMPOSSIBLE:  # "Arma de frío": a wound per 6 to hit
        six = (1 / 6) * (1 + (1 - p_hit) if row[G_REROLL] else 1)
        cold = six * (1.0 - p_at_least(int(row[G_COLD]))) * (1.0 - p_at_least(int(row[G_WARD])))
    return attacks * (p_plain * per_hit + poison * per_poison + cold)


def _vomit(out: np.ndarray, unit: Unit, enemy: Unit, kind: int, e_save: int, ward: int,
           unwoundable: bool) -> None:
    """Replace the unit's attacks in round kind ``kind`` by its vomit if better (:data:`VOMITS`).

    With ``vomit_by_mount`` the steeds' group (the riders, in the data) vomits instead.
    """
    rule = next((r for r in VOMITS if unit.has(r)), None)
    by_mount = unit.has("vomit_by_mount")
    normal = out[MOUNT if by_mount else RANK_AND_FILE, kind]
    if rule is None or not normal[G_ACTIVE] or (unit.random_attacks and not by_mount):
        return
    strength, automatic, no_armour, mw = VOMITS[rule]
    vomit = normal.copy()
    vomit[G_ATTACKS] = 1
    vomit[G_FRENZY_A] = 0
    vomit[G_RANDOM] = 0
    vomit[G_HIT] = 0 if automatic else normal[G_HIT]
    vomit[G_REROLL] = 0
    vomit[G_POISON] = rules.IMPOSSIBLE
    vomit[G_KB] = 0
    vomit[G_FLAMING] = 0
    vomit[G_COLD] = 0  # the vomit is no blow of its cold weapons ("Arma de frío")
    vomit[G_CHAIN] = 0
    vomit[G_WOUND] = (rules.IMPOSSIBLE if unwoundable
                      else max(2, rules.to_wound(strength, enemy.profile.T)))
    vomit[G_SAVE] = rules.IMPOSSIBLE if no_armour else _save_needed(e_save, strength, False)
    vomit[G_WARD] = ward
    vomit[G_MW] = _MW_CODE[mw]
    vomit[G_RANKS] = 1
    if expected_unsaved(vomit) <= expected_unsaved(normal, unit.has("frenzy") and not by_mount):
        return
    for g in (MOUNT,) if by_mount else (RANK_AND_FILE, CHAMPION):
        if out[g, kind, G_ACTIVE]:
            key, per_model = out[g, kind, G_KEY], out[g, kind, G_PER_MODEL]
            out[g, kind] = vomit
            out[g, kind, G_KEY], out[g, kind, G_PER_MODEL] = key, per_model


COLD_STRENGTH = 3
"""S of the extra wound of Mercenarios "Arma de frío" ("una herida adicional de F3"): its
armour save modifier."""

BURNING_STRENGTH = 4
"""S of the hits of Enanos del Caos "Cuerpo ardiente" ("un impacto automático de F4")."""


def _groups(unit: Unit, enemy: Unit, charged: bool, braced: bool = False,
            enemy_charged: bool = False, ogre_charge: int = 0, omens: bool = False,
            bear: bool = False) -> np.ndarray:
    """Attack groups of ``unit`` against ``enemy`` for both round kinds.

    Thresholds that depend on who the enemy is are set here: hatred
    (``G_REROLL``) when ``unit`` hates ``enemy`` (:meth:`Unit.hates`: every
    enemy, or a named army or race such as the dwarfs' *Agravio ancestral*
    against greenskins); the orc choppa's +1 S on the charge (MDNR
    "Rebanadora", infantry with a single choppa); the enemy's ward save with
    its daemonic aura (5+ unless ``unit`` has magic attacks); nothing wounds an
    ethereal enemy but magic attacks or ethereal creatures, and no magic attack of a Skaven
    ``unit`` wounds a ``warp_immune`` enemy.  ``braced``: the unit
    receives a charge in its front with pikes (:func:`braced`): in the first round
    its pikes strike after always-strikes-first blows and before the chargers, at
    S+1 against a charging cavalry, chariot or monster ``enemy`` (MDNR "Pica":
    "Siempre atacan primero en el primer turno ... antes de las miniaturas que
    cargan"; "suman un +1 a la Fuerza ... en el turno en que reciban una carga por
    parte de unidades de tipo Caballería, Carros o Monstruos").  ``ogre_charge``: the
    strength of the unit's "Arremetida" impact hits when it charged (0 = none,
    :func:`ogre_charge_strength`; impact hits of its own take precedence).  An
    ``enemy`` with ``hard_to_hit`` is hit at -1 (Reinos del Caos "Trolls biliosos":
    "Las miniaturas enemigas tienen un -1 a impactarles en combate cuerpo a
    cuerpo"; automatic hits are not rolled, a 6 still hits), and one with
    ``hard_to_hit_supernatural`` at -1 by a daemon, undead or forest-spirit ``unit`` or
    magic blows (Regimientos de Renombre "Resistencia elevada a lo sobrenatural", per
    attack group: the steeds' own magic or mundane attacks count); hits on an ``enemy``
    with ``stone_monstrosity`` wound and pierce armour at S7 at most (Reyes Funerarios
    "Monstruosidad de piedra": "Cualquier impacto de F8 o superior ... se considera que
    tiene F7").  A ``unit`` with ``otherworldly_sight`` re-rolls missed hits in every round
    against an ``enemy`` with ``wizard`` or the undead, daemon or forest-spirit tag (Bestias,
    Cigor "Visión ultraterrena").  ``omens``: a friend of ``unit`` in the combat (itself
    included) has ``battle_omens``: its rolled hits are at +1 (Imperio "Portentos de
    batalla": "Todas las unidades ... amigas a 15cm o menos del Huracanum (incluidos los
    Acólitos y las monturas) tienen un +1 a todas sus tiradas para impactar"; a 1 still
    misses), summed with the enemy's -1 before the roll is bounded.  ``bear``: ``unit``
    stands in a unit whose standard bearer carries "Estandarte del Oso": +1 to hit in the
    first round, summed likewise (``G_STD_HIT``: the need without it, once he has fallen).
    A ``unit`` with ``mechanical_claws`` fills ``G_GRAB`` from ``enemy``'s Initiative
    ("Garras mecánicas": its blows hit automatically on a failed I test, blows.strike).
    """
    out = np.zeros((N_GROUPS, 2, N_GROUP), np.int64)
    e_save = enemy.armour_save
    ap = unit.has("armour_piercing")
    kb = (unit.has("killing_blow") and enemy.troop_type in _MAN_SIZED
          and not enemy.has("immune_to_killing_blow"))
    poison = unit.poisoned or rules.IMPOSSIBLE
    magic = unit.has("magic_attacks")
    # Demonios "Aura Demoníaca": ward 5+, not against magic attacks; a ward of its own replaces it
    ward = enemy.ward_save or (5 if enemy.has("daemonic_aura") and not magic
                               else rules.IMPOSSIBLE)
    if unit.has("flaming_attacks") and enemy.has("flame_ward"):
        ward = min(ward, 5)  # Enanos del Caos "Armadura negra": 5+ against flaming attacks
    # gst "Etéreos": wounded only by magic attacks or by other ethereal creatures
    unwoundable = enemy.has("ethereal") and not magic and not unit.has("ethereal")
    # Monstruos Arcanos "Inmune a disformidad": "ninguna arma mágica ni ataque mágico Skaven
    # puede herir al Dragón de Disformidad (... incluso aquellas que pudieran herir
    # automáticamente)"
    skaven = "skaven" in unit.tags and enemy.has("warp_immune")
    unwoundable = unwoundable or (skaven and magic)
    if unwoundable:
        poison, kb = rules.IMPOSSIBLE, False
    mw = _MW_CODE[unit.multiple_wounds]
    if unit.has("dragon_bane") and enemy.has("dragon"):
        # Regimientos de Renombre "Hacha de Ulther": "contra miniaturas de tipo Dragón, tiene
        # además la regla Heridas múltiples (1D6)"
        mw = max(mw, _MW_CODE["d6"])
    cap = 7 if enemy.has("stone_monstrosity") else 10  # the strength its hits count at most
    flaming = unit.has("flaming_attacks") and not enemy.has("immune_to_flaming")
    # Orcos y Goblins "Resistencia al fuego": "Cualquier impacto con la regla Ataques
    # flamígeros que impacte en un Kobold de Fuego reduce en 1 su Fuerza"
    fire = 1 if enemy.has("fire_resistance") else 0
    # Bestias (Cigor) "Visión ultraterrena": "Repite las tiradas para impactar a todas las
    # miniaturas de tipo Hechicero, No Muerto, Demonio, Vegetal, o Espíritu": every round
    sight = unit.has("otherworldly_sight") and (
        enemy.has("wizard") or not enemy.damage_tags.isdisjoint(SUPERNATURAL))

    def blows(row: np.ndarray, ws: int, s: int, pierce: bool, first: bool) -> None:
        """To hit, to wound, saves and the blow rules of a row of the unit's own blows."""
        s = min(s - fire * flaming, cap)
        row[G_HIT] = _clamp_hit(rules.to_hit(ws, enemy.profile.WS))
        # MDNR gst "Odio": re-roll missed hits in the first round against the hated
        # enemy (every enemy, or one whose army/race tag the unit hates); Elfos Oscuros
        # "Odio eterno": in every round
        row[G_REROLL] = (unit.hates(enemy) and (first or unit.has("eternal_hatred"))) or sight
        row[G_POISON] = poison
        row[G_WOUND] = (rules.IMPOSSIBLE if unwoundable
                        else max(2, rules.to_wound(s, enemy.profile.T)))
        row[G_KB] = kb
        row[G_SAVE] = _save_needed(e_save, s, pierce)
        row[G_WARD] = ward
        # gst "Ataques flamígeros": "anula Regeneración, las miniaturas Inflamables
        # reciben el doble de heridas" (not against "Inmune a ataques flamígeros")
        row[G_MW] = _MW_DOUBLED[mw] if flaming and enemy.has("flammable") else mw
        row[G_FRENZY_A] = 1
        row[G_FLAMING] = flaming

    def automatic_hits(row: np.ndarray, s: int) -> None:
        """A row of hits that need no roll to hit (impact hits, the Desollador's) at S ``s``."""
        row[G_HIT] = 0
        row[G_POISON] = rules.IMPOSSIBLE
        row[G_WOUND] = (rules.IMPOSSIBLE if unwoundable
                        else max(2, rules.to_wound(min(s, cap), enemy.profile.T)))
        row[G_SAVE] = _save_needed(e_save, min(s, cap), False)
        row[G_WARD] = ward
        row[G_RANKS] = 1
        row[G_PER_MODEL] = 1

    for kind in (0, 1):
        first = kind == 0
        charging = charged and first
        for g, prof in ((RANK_AND_FILE, unit.profile), (CHAMPION, unit.champion_profile)):
            if g == CHAMPION and not unit.command.champion:
                continue
            if (prof.A == 0 and not unit.random_attacks) or prof.WS == 0:
                continue
            # the champion fights with its own weapon when it has one (Unit.champion_weapon)
            wkey = unit.champion_weapon_key if g == CHAMPION else unit.equipment.weapon
            wg = rules.WEAPONS[wkey]
            cat = _category(unit, charging, wg.strikes_last)
            # "Pistola de Lucca" (pistol_attacks): the blows of this row are the hand
            # weapon's, the pistol's are the crew row below
            s_eff = rules.weapon_strength(prof.S, "hand_weapon" if wg.pistol_attacks else wkey,
                                          charging=charging, first_round=first)
            if (charging and "choppa" in unit.special and wkey == "hand_weapon"
                    and unit.troop_type in rules.FOOT_TROOP_TYPES):
                s_eff = min(10, s_eff + 1)  # MDNR "Rebanadora": F+1 on the charge, on foot
            if charging and unit.has("strength_on_charge"):
                s_eff = min(10, s_eff + 1)  # "Carga arrolladora", "Carga atronadora": F+1
            if unit.has("slayer") and enemy.profile.T > s_eff:
                s_eff = max(s_eff, min(6, enemy.profile.T))  # MDNR "Matador"
            bracing = braced and first and wkey == "pike"
            if bracing and enemy_charged and enemy.troop_type in BRACED_AGAINST:
                s_eff = min(10, s_eff + 1)  # MDNR "Pica": +1 S against mounted chargers
            # a pistol's shot is armour piercing (RULES.md §1.7); a volley adds attacks
            shot = rules.weapon_shoots(wkey, first_round=first)
            more = wg.extra_attacks + (wg.shot_attacks if shot else 0)
            pistol = (wg.pistol_attacks if g == RANK_AND_FILE and unit.extra_crew is None
                      else 0)
            if wg.pistol_attacks:
                # the pistol's own blows are the crew row below (a champion in its unit, not
                # a body, fights them all as these)
                shot = False
                more -= pistol
            row = out[g, kind]
            row[G_ACTIVE] = 1
            # random attacks: the roll (state row 14, each round) plus this fixed part
            row[G_ATTACKS] = (prof.A + more if not unit.random_attacks else
                              rules.parse_dice(unit.random_attacks).plus + prof.A
                              - unit.profile.A + more)
            row[G_RANDOM] = bool(unit.random_attacks)
            row[G_KEY] = min(_key(cat, prof.I), BRACED_KEY) if bracing else _key(cat, prof.I)
            blows(row, prof.WS, s_eff, ap or shot, first)
            row[G_RANKS] = (rules.fighting_ranks(wkey, charged=charging)
                            + (unit.has("extra_rank") and wkey == "spear")
                            if g == RANK_AND_FILE else 1)  # Altos Elfos "Fila adicional"
            row[G_PER_MODEL] = unit.crew if g == RANK_AND_FILE else 1
            # Reyes Funerarios / Elfos Oscuros "Asalto imparable": "En carga, por cada tirada
            # para herir exitosa ... puede hacer un ataque adicional" (the model's own attacks,
            # not its handlers'; blows.chain_attacks)
            row[G_CHAIN] = charging and unit.has("unstoppable_assault")
            if (charging and unit.has("cold_weapon") and wkey == "hand_weapon"
                    and not unwoundable):
                # Mercenarios "Arma de frío": "En el turno en que cargan, si sale algún 6 en
                # la tirada para impactar causa una herida adicional de F3" (blows.strike;
                # lost once a flaming attack has wounded the unit)
                row[G_COLD] = _save_needed(e_save, COLD_STRENGTH, False)
            if pistol:
                # the pistol's blows: one set per model in contact, its shot in the first
                # round (S4, armour piercing), the wielder's S after
                p_shot = rules.weapon_shoots(wkey, first_round=first)
                prow = out[CREW, kind]
                prow[G_ACTIVE] = 1
                prow[G_ATTACKS] = pistol
                prow[G_KEY] = row[G_KEY]
                blows(prow, prof.WS, rules.weapon_strength(
                    prof.S, wkey, charging=charging, first_round=first), ap or p_shot, first)
                prow[G_FRENZY_A] = 0  # frenzy's extra attack is the main row's
                prow[G_RANKS] = 1
                prow[G_PER_MODEL] = unit.crew
        xc = unit.extra_crew
        if xc is not None and xc.A > 0 and xc.WS > 0:
            # a second kind of crew (Bestias "Carro de tuskgors": the "Bestigor" with a great
            # weapon beside the "Ungor"): its own S, I and weapon, the unit's rules, one
            # fighter per model in contact like the steeds
            xw = rules.WEAPONS[xc.weapon]
            s_x = rules.weapon_strength(xc.S, xc.weapon, charging=charging, first_round=first)
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = xc.A + xw.extra_attacks
            row[G_KEY] = _key(_category(unit, charging, xw.strikes_last), xc.I)
            blows(row, xc.WS, s_x, ap, first)
            # the crew's own hatred of a named enemy (a monster's handlers: Elfos Oscuros
            # "Aprendiz", "Odio a los altos elfos"): its blows alone re-roll missed hits
            row[G_REROLL] = ((unit.hates(enemy) or xc.hates(enemy)) and (
                first or unit.has("eternal_hatred"))) or sight
            if xc.handlers:  # the monster's poisoned attacks are not its handlers'
                row[G_POISON] = rules.IMPOSSIBLE
            row[G_RANKS] = 1
            row[G_PER_MODEL] = xc.count
        rf = out[RANK_AND_FILE, kind]
        if unit.has("decapitating_strike") and (xc is not None or unit.random_attacks):
            raise v.OddsInputError(f"{unit.name}: 'decapitating_strike' with a second crew or"
                                   " random attacks is not supported (it uses the crew"
                                   " attack group)")
        if unit.has("decapitating_strike") and rf[G_ACTIVE] and rf[G_ATTACKS] > 0:
            # Reyes Funerarios "Golpe decapitador": "Uno de sus ataques debes realizarlo con
            # un dado de otro color. Ese ataque tiene la regla Heridas múltiples 1D6": one
            # attack of each fighting model, struck with the others, in a group of its own
            row = out[CREW, kind]
            row[:] = rf
            row[G_ATTACKS] = 1
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
            row[G_FRENZY_A] = 0  # a frenzied model's extra attack stays with the others
            row[G_MW] = _MW_DOUBLED[3] if flaming and enemy.has("flammable") else 3
            rf[G_ATTACKS] -= 1
            if out[CHAMPION, kind, G_ACTIVE]:
                out[CHAMPION, kind, G_ATTACKS] -= 1  # its decapitating blow: the group's
        if unit.has("skull_crushers"):
            if xc is not None or unit.has("decapitating_strike"):
                raise v.OddsInputError(f"{unit.name}: 'skull_crushers' with a second crew or"
                                       " 'decapitating_strike' is not supported (both use the"
                                       " crew attack group)")
            # Enanos del Caos "Rompecráneos": "realiza 3 ataques en cada fase de combate ...
            # estos ataques impactan automáticamente y se resuelven con F6": attacks, so at
            # the model's Initiative and strike category; its front only (build_units)
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = SKULL_CRUSHER_ATTACKS
            row[G_KEY] = _key(_category(unit, charging, False), unit.profile.I)
            blows(row, unit.profile.WS, SKULL_CRUSHER_STRENGTH, False, first)
            row[G_HIT] = rules.AUTOMATIC
            row[G_REROLL] = 0
            row[G_POISON] = rules.IMPOSSIBLE
            row[G_FRENZY_A] = 0
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
        if unit.has("dirty_trick"):
            # its attack's group: the crew's, or on foot the steeds' when a pistol has the
            # crew's (Edvard's "Arma de mano" and "Pistola"; a character-like body strikes
            # each group's attacks as they are, whatever the group)
            trick = CREW if not out[CREW, kind, G_ACTIVE] else MOUNT if unit.mount is None \
                else -1
            if (xc is not None or unit.has("decapitating_strike")
                    or unit.has("skull_crushers") or trick < 0):
                raise v.OddsInputError(f"{unit.name}: 'dirty_trick' with a second crew, a"
                                       " pistol on a mount, 'decapitating_strike' or"
                                       " 'skull_crushers' is not supported (they use the"
                                       " crew attack group)")
            if rf[G_ACTIVE]:
                # Espadas de Manann "Juego sucio": "Antes de calcular la resolución de
                # combate, si Edvard está vivo, puede hacer un ataque adicional; este ataque
                # final se resuelve con Golpe Letal": one attack of its blows, after all others
                row = out[trick, kind]
                row[:] = rf
                row[G_ATTACKS] = 1
                row[G_KEY] = DIRTY_TRICK_KEY
                row[G_FRENZY_A] = 0
                row[G_RANDOM] = 0
                row[G_RANKS] = 1
                row[G_PER_MODEL] = 1
                row[G_KB] = (enemy.troop_type in _MAN_SIZED and not unwoundable
                             and not enemy.has("immune_to_killing_blow"))
        m = unit.mount
        if m is not None and (m.A > 0 or m.random_attacks) and m.WS > 0:
            row = out[MOUNT, kind]
            row[G_ACTIVE] = 1
            # MDNR "Empalar" (Orcos y Goblins boars: "F+2 en carga"): the steeds' charge bonus
            s_m = min(10, m.S + m.charge_bonus) if charging else m.S
            # the steeds' own rules (MDNR Reinos del Caos "Siempre ataca primero (sólo
            # Corcel)", "Ataques envenenados 6+ (sólo Corcel)", "Ataques mágicos (sólo
            # Juggernaut)"): their blows only, on top of the unit's rules that reach them
            m_ward, m_unwoundable = ward, unwoundable
            if m.has("magic_attacks") and not magic:  # no daemonic aura, ethereal wounded
                m_ward = enemy.ward_save or rules.IMPOSSIBLE
                if unit.has("flaming_attacks") and enemy.has("flame_ward"):
                    m_ward = min(m_ward, 5)  # as the unit's ward above
                m_unwoundable = skaven  # a Skaven steed's magic attacks: "Inmune a disformidad"
            elif m.has("mundane_attacks") and magic:
                # the riders' magic attacks only (Reyes Funerarios "Ataques mágicos (sólo
                # Caballero y Capitán)"): the steeds' blows meet the aura and the ethereal
                m_ward = enemy.ward_save or (5 if enemy.has("daemonic_aura")
                                             else rules.IMPOSSIBLE)
                if unit.has("flaming_attacks") and enemy.has("flame_ward"):
                    m_ward = min(m_ward, 5)
                m_unwoundable = enemy.has("ethereal") and not unit.has("ethereal")
            # random attacks (MountProfile.random_attacks): the roll (state row 14, each
            # round, G_RANDOM) plus the dice's fixed part
            row[G_ATTACKS] = rules.parse_dice(m.random_attacks).plus if m.random_attacks else m.A
            row[G_RANDOM] = bool(m.random_attacks)
            row[G_KEY] = _key(CAT_ASF if unit.has("always_strikes_first")
                              or m.has("always_strikes_first")
                              else CAT_CHARGER if charging else CAT_INITIATIVE, m.I)
            row[G_HIT] = _clamp_hit(rules.to_hit(m.WS, enemy.profile.WS))
            row[G_POISON] = (m.poisoned or rules.IMPOSSIBLE) if not m_unwoundable \
                else rules.IMPOSSIBLE
            row[G_WOUND] = (rules.IMPOSSIBLE if m_unwoundable
                            else max(2, rules.to_wound(min(s_m, cap), enemy.profile.T)))
            row[G_SAVE] = _save_needed(e_save, min(s_m, cap), False)
            row[G_WARD] = m_ward
            row[G_RANKS] = 1
            row[G_PER_MODEL] = m.count
        _vomit(out, unit, enemy, kind, e_save, ward, unwoundable)
        if unit.has("burning_body") and not enemy.has("immune_to_flaming"):
            if unit.impact_hits or unit.has("ogre_charge"):
                raise v.OddsInputError(f"{unit.name}: 'burning_body' with impact hits is not"
                                       f" supported (both use the impact attack group)")
            # Enanos del Caos "Cuerpo ardiente": "Al inicio de la fase de combate cuerpo a
            # cuerpo (después de impactos por carga) toda miniatura ... en contacto ... recibe
            # un impacto automático de F4 con Ataques flamígeros"
            row = out[IMPACT, kind]
            row[G_ACTIVE] = 1
            row[G_BURNING] = 1
            row[G_ATTACKS] = 1
            row[G_KEY] = _key(CAT_IMPACT, 10) + 1  # right after impact hits
            row[G_HIT] = 0
            row[G_POISON] = rules.IMPOSSIBLE
            row[G_WOUND] = (rules.IMPOSSIBLE if unwoundable
                            else max(2, rules.to_wound(BURNING_STRENGTH - fire,
                                                       enemy.profile.T)))
            row[G_SAVE] = _save_needed(e_save, BURNING_STRENGTH - fire, False)
            row[G_WARD] = min(ward, 5) if enemy.has("flame_ward") else ward
            row[G_MW] = _MW_DOUBLED[0] if enemy.has("flammable") else 0
            row[G_FLAMING] = 1
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
        if (unit.impact_hits or ogre_charge) and charging:
            if unit.impact_hits:
                n, sides, plus = _dice_code(unit.impact_hits)
                s_imp = (unit.impact_strength if unit.impact_strength is not None
                         else unit.profile.S)
            else:  # "Arremetida": one hit per model in contact, at the strength worked out
                n, sides, plus, s_imp = 0, 6, 1, ogre_charge
            row = out[IMPACT, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = plus
            row[G_IMPACT_DICE] = n
            row[G_IMPACT_SIDES] = sides
            row[G_KEY] = _key(CAT_IMPACT, 10)
            automatic_hits(row, s_imp)
        if unit.has("flayer"):
            if (xc is not None or unit.has("decapitating_strike") or unit.has("skull_crushers")
                    or unit.has("dirty_trick") or out[CREW, kind, G_ACTIVE]
                    or not unit.impact_hits):
                raise v.OddsInputError(f"{unit.name}: 'flayer' needs impact hits and the crew"
                                       " attack group (not with a second crew, a pistol,"
                                       " 'decapitating_strike', 'skull_crushers' or"
                                       " 'dirty_trick')")
            # Demonios "Desollador": "después de realizar los ataques de ambos bandos ... pero
            # antes de calcular el resultado del combate, y siempre que el Desollador no haya
            # sido aniquilado ... el Desollador hace 1D6 impactos de su Fuerza (F5)": every
            # round, 1D6 automatic hits of each model in contact (its impact strength), after
            # every other step (fighters.attacks_of rolls the dice of a crew row that has them)
            s_fl = unit.impact_strength if unit.impact_strength is not None else unit.profile.S
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = 0
            row[G_IMPACT_DICE] = 1
            row[G_IMPACT_SIDES] = 6
            row[G_KEY] = DIRTY_TRICK_KEY
            automatic_hits(row, s_fl)
    modifier = np.full(N_GROUPS, int(enemy.has("hard_to_hit")) - int(omens), np.int64)
    if enemy.has("hard_to_hit_supernatural"):
        # Regimientos de Renombre "Resistencia elevada a lo sobrenatural": "cualquier
        # miniatura de tipo Demonio, No Muerto o Espíritu del Bosque, o que tenga Ataques
        # mágicos, tiene un -1 a impactar": the unit's race, or magic blows (the steeds'
        # own: their magic attacks, or the unit's unless theirs are mundane)
        kind_of = not unit.tags.isdisjoint(SUPERNATURAL)
        modifier[:] += kind_of or magic
        if unit.mount is not None:
            m = unit.mount
            modifier[MOUNT] += (kind_of or m.has("magic_attacks")
                                or (magic and not m.has("mundane_attacks"))) - (kind_of or magic)
    # Regimientos de Renombre "Estandarte del Oso": +1 to hit in the first round (kind 0),
    # summed with the others before bounding; G_STD_HIT keeps the need without it, which the
    # kernel takes once the standard bearer has fallen (blows.strike)
    bonus = np.array([int(bear), 0], np.int64)
    hit = out[:, :, G_HIT]
    rolled = (hit > 0) & (hit < rules.IMPOSSIBLE)
    out[:, :, G_STD_HIT] = np.where(rolled, np.clip(hit + modifier[:, None], 2, 6),
                                    hit) if modifier.any() else hit
    if modifier.any() or bear:
        hit[rolled] = np.clip(hit + modifier[:, None] - bonus[None, :], 2, 6)[rolled]
    if unit.has("mechanical_claws"):
        # Demonios "Garras mecánicas": the grabbed model's Initiative test (a D6 above its I
        # fails, a 6 always: "un 6 siempre es un fallo", the MDNR wording of the I test);
        # the highest I of a ridden model (its rider's or its steed's); the claws are the
        # model's hand weapon, so all its own blows (rank and file, champion)
        i_test = max(enemy.profile.I, enemy.mount.I if enemy.mount is not None else 0)
        for g in (RANK_AND_FILE, CHAMPION):
            out[g, :, G_GRAB] = np.where(out[g, :, G_ACTIVE] != 0, min(i_test, 5) + 1, 0)
    if unit.has("spares_vampires") and "vampire" in enemy.tags:
        # Regimientos de Renombre "¿Y si es él?": "se considera que fallan todos sus ataques
        # contra miniaturas de tipo Vampiro"
        out[:, :, G_HIT] = rules.IMPOSSIBLE
        out[:, :, G_STD_HIT] = rules.IMPOSSIBLE
        out[:, :, G_POISON] = rules.IMPOSSIBLE
        out[:, :, G_GRAB] = 0
    return out


SUPERNATURAL = frozenset({"daemon", "undead", "forest_spirit"})
"""Race tags MDNR Regimientos de Renombre "Resistencia elevada a lo sobrenatural" names
("miniatura de tipo Demonio, No Muerto o Espíritu del Bosque"; a vampire is undead)."""


SKULL_CRUSHER_ATTACKS = 3
SKULL_CRUSHER_STRENGTH = 6
"""MDNR Enanos del Caos "Rompecráneos": "3 ataques ... impactan automáticamente y se resuelven
con F6"."""


SLAYER_WEAPONS = ("additional_hand_weapon", "great_weapon")
"""MDNR Enanos "Hachas de matador": "dos armas de mano y un arma a dos manos"."""


def slayer_weapon(unit: Unit, enemy: Unit, charged: bool) -> Unit:
    """``unit`` with the weapon it fights this combat with (MDNR Enanos "Hachas de matador").

    "Al principio de cualquier combate puede elegir si lucha con dos armas de mano o con arma
    a dos manos (luchará con lo mismo durante todo el combate)": a unit with
    ``slayer_axes`` takes the one whose rank and file are expected to cause ``enemy`` more
    unsaved wounds over a first and a later round (:func:`expected_unsaved`; strike order
    is left out of the choice; two hand weapons on a tie).  Other units are returned as
    they are.
    """
    if not unit.has("slayer_axes"):
        return unit
    best, best_score = unit, -1.0
    for weapon in SLAYER_WEAPONS:
        armed = unit.replace(equipment=unit.equipment.replace(weapon=weapon))
        rows = _groups(armed, enemy, charged)[RANK_AND_FILE]
        score = sum(expected_unsaved(rows[k]) * int(rows[k, G_PER_MODEL])
                    for k in (0, 1) if rows[k, G_ACTIVE])
        if score > best_score:
            best, best_score = armed, score
    return best


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


MAX_PANIC_SOURCES = 62
"""Units (of a combat) whose breaking a unit's panic immunities can name (bits of an int64)."""


def panic_immunities(side_arr: np.ndarray, units: list[Unit], sides: list[int]) -> None:
    """Fill ``S_PANIC_IGNORE`` and the enemy-dependent ``S_NO_PANIC`` of the units (§3.4).

    A unit ignores the panic a friend ``x`` causes (breaking or destroyed) when
    :meth:`~odds.units.Unit.ignores_panic_from` says so: bit ``x`` of its
    ``S_PANIC_IGNORE``.  It takes no panic test at all (``S_NO_PANIC``) when
    every enemy unit of the combat carries a tag of its ``no_panic_against``; no unit
    tests for a friend with ``causes_no_panic``
    (MDNR Altos Elfos "Estoicos": "cuando luchan contra un ejército de MDNR:
    Elfos Oscuros ... nunca deberán hacer chequeos de Pánico de ninguna clase";
    an enemy of another army in the combat, e.g. a mercenary regiment, voids it).
    A friend ``x`` whose flight causes the unit no panic (:meth:`Unit.flight_panics`:
    MDNR Regimientos de Renombre hobgoblins' "Desprecio") sets bit ``x`` of its
    ``S_FLIGHT_IGNORE`` (destroyed, ``x`` still causes panic).
    """
    n = len(units)
    for f, unit in enumerate(units):
        enemies = [units[e] for e in range(n) if sides[e] != sides[f]]
        if unit.no_panic_against and all(
                not e.tags.isdisjoint(unit.no_panic_against) for e in enemies):
            side_arr[f, S_NO_PANIC] = 1
        flight = 0  # friends whose flight (not destruction) causes it no panic
        for x in range(min(n, MAX_PANIC_SOURCES)):
            if x != f and sides[x] == sides[f] and not units[x].flight_panics(unit):
                flight |= 1 << x
        side_arr[f, S_FLIGHT_IGNORE] = flight
        mask = 0
        for x in range(min(n, MAX_PANIC_SOURCES)):
            # Mercenarios "Altamente insignificantes": gnoblars cause no panic to anyone
            if x != f and sides[x] == sides[f] and (unit.ignores_panic_from(units[x])
                                                    or units[x].has("causes_no_panic")):
                mask |= 1 << x
        side_arr[f, S_PANIC_IGNORE] = mask


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
