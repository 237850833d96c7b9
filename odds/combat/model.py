"""Translate two units and the combat options into the kernel's integer arrays.

This is the only place where rules meet units: every threshold the kernel
compares a die with is worked out here, once, from :mod:`odds.rules`.

Layout
------
``sides[s, S_*]``
    Per-side constants (``s = 0`` attacker, ``1`` defender).
``groups[s, g, k, G_*]``
    Attack groups ``g`` (:data:`RANK_AND_FILE`, :data:`CHAMPION`,
    :data:`MOUNT`, :data:`IMPACT`) of side ``s`` in round kind ``k``
    (``0`` = the first round, ``1`` = later rounds; the charge only ever
    happens in the first round).
``order[k, i]``, ``keys[k, i]``
    Active groups (``s * N_GROUPS + g``) sorted by strike-order key
    (``RULES.md`` §1.2): category * 16 + (10 - I).  Equal keys on both sides
    are resolved in the kernel (the previous round's winner first, else a
    roll-off).

Modelling conventions (documented choices where the rules leave one)
--------------------------------------------------------------------
* Models in base contact (§1.1): each unit's front is ``min(models, files)``
  models of its base width (:data:`BASE_WIDTH_MM`); the overlap of the two
  fronts is in contact, plus one model at each corner of the wider unit when
  corner contact counts (the Default; Option: edge contact only).
* Casualties come off the rear (§1.8); command models are removed last:
  the musician while more than champion + standard remain, the standard
  while more than the champion remains, the champion with the last model.
* Cavalry and chariots: the rider/crew profile fights with its weapon, the
  steeds with their own WS, S, I and A at their own Initiative; hatred,
  poison, killing blow and frenzy belong to the rider/crew.
* Killing blow works against infantry and cavalry (man-sized, §1.6).
* Strike order (§1.2): always-strikes-first beats everything; the
  always-strikes-last *rule* holds even on the charge, while a strikes-last
  *weapon* (great weapon) strikes with the chargers on the turn it charges.
* Fear auto-break (§3.2 step 3) compares the loser's unit strength with the
  whole enemy unit's (in a two-unit combat the enemy unit is the one in base
  contact).
* Regeneration is rolled at the end of the phase for every wound suffered,
  even by a unit wiped out during the phase ("removed models come back",
  §1.6); the combat result is worked out afterwards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odds import rules
from odds import validation as v
from odds.units import Unit

# --------------------------------------------------------------------------- side constants
(
    S_HP,  # starting wounds (models * W)
    S_W,
    S_FILES,
    S_BASE,
    S_US,  # unit strength per model
    S_LD,
    S_STUBBORN,
    S_UNBREAKABLE,
    S_ITP,  # immune to psychology (not counting frenzy)
    S_FEAR,
    S_UNSTABLE,
    S_FLEE_DICE,
    S_STANDARD,
    S_MUSICIAN,
    S_CHAMPION,
    S_FRENZY,
    S_HATRED,
    S_REGEN,  # needed roll, 7 = none
    S_MAN_SIZED,
    S_BSB,
    S_GENERAL_LD,  # 0 = none
    S_STATIC,
    S_HIGH_GROUND,
    S_RANKS_OK,
    S_CAN_PURSUE,
    S_CHAMPION_LD,
    N_SIDE,
) = range(27)

# --------------------------------------------------------------------------- group constants
(
    G_ACTIVE,
    G_ATTACKS,  # attacks per fighting model (impact: fixed part of the dice)
    G_KEY,
    G_HIT,  # needed roll, 0 = automatic, 7 = impossible
    G_REROLL,  # re-roll missed hits
    G_POISON,  # natural to-hit roll that wounds automatically, 7 = none
    G_WOUND,  # needed roll, 7 = impossible
    G_KB,
    G_SAVE,  # needed roll after modifiers, 7 = none
    G_WARD,  # 7 = none
    G_MW,  # multiple wounds: 0 none, 1 x2, 2 D3, 3 D6
    G_FRENZY_A,  # extra attacks while frenzied
    G_RANKS,  # ranks fighting to the front (2 for infantry spears not charging)
    G_PER_MODEL,  # fighters per model (crew, steeds)
    G_IMPACT_DICE,  # impact: number of D6 (or D3 if G_IMPACT_SIDES == 3)
    G_IMPACT_SIDES,
    N_GROUP,
) = range(17)

RANK_AND_FILE, CHAMPION, MOUNT, IMPACT = range(4)
N_GROUPS = 4
GROUP_NAMES = ("rank_and_file", "champion", "mount", "impact")

CAT_IMPACT, CAT_ASF, CAT_CHARGER, CAT_INITIATIVE, CAT_ASL, CAT_MINDLESS = range(6)

BASE_WIDTH_MM = {
    "infantry": 20,
    "cavalry": 25,
    "monstrous_infantry": 40,
    "monster": 50,
    "chariot": 50,
    "swarm": 40,
    "war_machine": 50,
}
"""Base widths (mm) used for the frontage in contact (6th-edition standard bases)."""

_MW_CODE = {"": 0, "2": 1, "d3": 2, "d6": 3}
_MAN_SIZED = ("infantry", "cavalry")
_NO_PURSUIT = ("war_machine",)

CHARGERS = ("attacker", "defender", "none")


@dataclass(frozen=True)
class SideOptions:
    """Per-side circumstances not carried by the unit.

    Parameters
    ----------
    static_bonus : int
        Combat-result bonus added every round (magic items, flank/rear until
        multi-unit combats are modelled), -10..10.
    high_ground : bool
        +1 combat result (§2.2).
    bsb : bool
        A battle standard bearer within 30 cm: re-roll a failed break test (§3.1).
    general_ld : int
        The General's Ld if he is within 30 cm (0 = none; 2..10), §3.1.
    """

    static_bonus: int = 0
    high_ground: bool = False
    bsb: bool = False
    general_ld: int = 0

    def __post_init__(self) -> None:
        v.integer("static_bonus", self.static_bonus, low=-10, high=10)
        v.flag("high_ground", self.high_ground)
        v.flag("bsb", self.bsb)
        if self.general_ld != 0:
            v.leadership(self.general_ld, "general_ld")


@dataclass(frozen=True)
class CombatOptions:
    """Rule options of a combat (Defaults follow ``RULES.md``).

    Parameters
    ----------
    charger : {"attacker", "defender", "none"}
        Who charged this turn.
    max_rounds : int
        Rounds to fight before calling the combat unresolved, 1..50.
    corner_contact : bool
        Models touching only at a corner fight (§1.1 Default: yes).
    musician_tiebreak : bool
        A musician wins a drawn combat by 1 if the enemy has none (§2.4 Default).
    insane_courage : bool
        A double 1 always passes a break test (§3.2 Option; off by default).
    restrain_pursuit : bool
        The winner tests Ld to hold back instead of always pursuing (§4.3);
        frenzied and hating units must pursue.
    """

    charger: str = "attacker"
    max_rounds: int = 10
    corner_contact: bool = True
    musician_tiebreak: bool = True
    insane_courage: bool = False
    restrain_pursuit: bool = False

    def __post_init__(self) -> None:
        v.choice("charger", self.charger, CHARGERS)
        v.integer("max_rounds", self.max_rounds, low=1, high=50)
        for name in ("corner_contact", "musician_tiebreak", "insane_courage", "restrain_pursuit"):
            v.flag(name, getattr(self, name))


@dataclass(frozen=True)
class CombatModel:
    """The kernel's view of a combat (see the module docstring)."""

    sides: np.ndarray
    groups: np.ndarray
    order: np.ndarray
    keys: np.ndarray
    n_order: np.ndarray
    flags: np.ndarray  # [corner_contact, musician_tiebreak, insane_courage, restrain_pursuit]
    charger: int  # 0 attacker, 1 defender, -1 none
    max_rounds: int
    contact: np.ndarray  # contact[s, front_s, front_enemy]: models of s in base contact
    ranks: np.ndarray  # ranks[s, models]: rank bonus of side s with that many models


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
    s = np.zeros(N_SIDE, np.int64)
    p = unit.profile
    s[S_HP] = unit.models * p.W
    s[S_W] = p.W
    s[S_FILES] = unit.files
    s[S_BASE] = BASE_WIDTH_MM[unit.troop_type]
    s[S_US] = unit.unit_strength_per_model
    s[S_LD] = p.Ld
    s[S_STUBBORN] = unit.has("stubborn")
    s[S_UNBREAKABLE] = unit.has("unbreakable")
    s[S_ITP] = unit.has("immune_to_psychology") or unit.has("unbreakable")
    s[S_FEAR] = unit.causes_fear
    s[S_UNSTABLE] = unit.has("unstable")
    s[S_FLEE_DICE] = 8 if (p.M > 15 or unit.has("flying")) else 5
    s[S_STANDARD] = unit.command.standard
    s[S_MUSICIAN] = unit.command.musician
    s[S_CHAMPION] = unit.command.champion
    s[S_FRENZY] = unit.has("frenzy")
    s[S_HATRED] = unit.has("hatred")
    s[S_REGEN] = unit.regeneration or rules.IMPOSSIBLE
    s[S_MAN_SIZED] = unit.troop_type in _MAN_SIZED
    s[S_BSB] = opts.bsb
    s[S_GENERAL_LD] = opts.general_ld
    s[S_STATIC] = opts.static_bonus
    s[S_HIGH_GROUND] = opts.high_ground
    s[S_RANKS_OK] = (unit.troop_type not in ("monster", "chariot", "war_machine")
                     and not unit.has("skirmishers") and not unit.has("fast_cavalry"))
    s[S_CAN_PURSUE] = unit.troop_type not in _NO_PURSUIT
    champ = unit.champion_profile or p
    s[S_CHAMPION_LD] = champ.Ld
    return s


def _category(unit: Unit, charging: bool, weapon_last: bool) -> int:
    if unit.has("always_strikes_first"):
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


def _groups(unit: Unit, enemy: Unit, charged: bool) -> np.ndarray:
    """Attack groups of ``unit`` against ``enemy`` for both round kinds."""
    out = np.zeros((N_GROUPS, 2, N_GROUP), np.int64)
    w = unit.weapon
    e_save = enemy.armour_save
    ap = unit.has("armour_piercing")
    kb = unit.has("killing_blow") and enemy.troop_type in _MAN_SIZED
    poison = unit.poisoned or rules.IMPOSSIBLE
    ward = enemy.ward_save or rules.IMPOSSIBLE
    mw = _MW_CODE[unit.multiple_wounds]
    for kind in (0, 1):
        first = kind == 0
        charging = charged and first
        cat = _category(unit, charging, w.strikes_last)
        for g, prof in ((RANK_AND_FILE, unit.profile), (CHAMPION, unit.champion_profile)):
            if g == CHAMPION and not unit.command.champion:
                continue
            if prof.A == 0 or prof.WS == 0:
                continue
            s_eff = rules.weapon_strength(prof.S, unit.equipment.weapon, charging=charging,
                                          first_round=first)
            row = out[g, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = prof.A + w.extra_attacks
            row[G_KEY] = _key(cat, prof.I)
            row[G_HIT] = _clamp_hit(rules.to_hit(prof.WS, enemy.profile.WS))
            row[G_REROLL] = unit.has("hatred") and first
            row[G_POISON] = poison
            row[G_WOUND] = max(2, rules.to_wound(s_eff, enemy.profile.T))
            row[G_KB] = kb
            row[G_SAVE] = _save_needed(e_save, s_eff, ap)
            row[G_WARD] = ward
            row[G_MW] = mw
            row[G_FRENZY_A] = 1
            row[G_RANKS] = (rules.fighting_ranks(unit.equipment.weapon, charged=charging)
                            if g == RANK_AND_FILE else 1)
            row[G_PER_MODEL] = unit.crew if g == RANK_AND_FILE else 1
        m = unit.mount
        if m is not None and m.A > 0 and m.WS > 0:
            row = out[MOUNT, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = m.A
            row[G_KEY] = _key(CAT_ASF if unit.has("always_strikes_first")
                              else CAT_CHARGER if charging else CAT_INITIATIVE, m.I)
            row[G_HIT] = _clamp_hit(rules.to_hit(m.WS, enemy.profile.WS))
            row[G_POISON] = rules.IMPOSSIBLE
            row[G_WOUND] = max(2, rules.to_wound(m.S, enemy.profile.T))
            row[G_SAVE] = _save_needed(e_save, m.S, False)
            row[G_WARD] = ward
            row[G_RANKS] = 1
            row[G_PER_MODEL] = m.count
        if unit.impact_hits and charging:
            n, sides, plus = _dice_code(unit.impact_hits)
            s_imp = unit.impact_strength if unit.impact_strength is not None else unit.profile.S
            row = out[IMPACT, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = plus
            row[G_IMPACT_DICE] = n
            row[G_IMPACT_SIDES] = sides
            row[G_KEY] = _key(CAT_IMPACT, 10)
            row[G_HIT] = 0
            row[G_POISON] = rules.IMPOSSIBLE
            row[G_WOUND] = max(2, rules.to_wound(s_imp, enemy.profile.T))
            row[G_SAVE] = _save_needed(e_save, s_imp, False)
            row[G_WARD] = ward
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
    return out


def build(attacker: Unit, defender: Unit, a_opts: SideOptions | None = None,
          d_opts: SideOptions | None = None, options: CombatOptions | None = None) -> CombatModel:
    """Validate the inputs and build the :class:`CombatModel`.

    Parameters
    ----------
    attacker, defender : Unit
        The two units.
    a_opts, d_opts : SideOptions, optional
        Per-side circumstances.
    options : CombatOptions, optional
        Rule options.

    Returns
    -------
    CombatModel
    """
    for name, u in (("attacker", attacker), ("defender", defender)):
        if not isinstance(u, Unit):
            raise v.OddsInputError(f"{name}: must be an odds.units.Unit (got {type(u).__name__})")
    a_opts = a_opts or SideOptions()
    d_opts = d_opts or SideOptions()
    options = options or CombatOptions()
    for name, o in (("attacker_options", a_opts), ("defender_options", d_opts)):
        if not isinstance(o, SideOptions):
            raise v.OddsInputError(f"{name}: must be a SideOptions (got {type(o).__name__})")
    charger = {"attacker": 0, "defender": 1, "none": -1}[options.charger]
    sides = np.stack([_side(attacker, a_opts), _side(defender, d_opts)])
    groups = np.stack([_groups(attacker, defender, charger == 0),
                       _groups(defender, attacker, charger == 1)])
    n_slots = 2 * N_GROUPS
    order = np.full((2, n_slots), -1, np.int64)
    keys = np.zeros((2, n_slots), np.int64)
    n_order = np.zeros(2, np.int64)
    for kind in (0, 1):
        active = [(int(groups[s, g, kind, G_KEY]), s * N_GROUPS + g)
                  for s in (0, 1) for g in range(N_GROUPS) if groups[s, g, kind, G_ACTIVE]]
        active.sort()
        n_order[kind] = len(active)
        for i, (key, slot) in enumerate(active):
            order[kind, i] = slot
            keys[kind, i] = key
    flags = np.array([options.corner_contact, options.musician_tiebreak,
                      options.insane_courage, options.restrain_pursuit], np.int64)
    f = int(sides[:, S_FILES].max())
    contact = np.zeros((2, f + 1, f + 1), np.int64)
    for s in (0, 1):
        e = 1 - s
        for fs in range(int(sides[s, S_FILES]) + 1):
            for fe in range(int(sides[e, S_FILES]) + 1):
                contact[s, fs, fe] = in_contact(fs, int(sides[s, S_BASE]), fe,
                                                int(sides[e, S_BASE]), options.corner_contact)
    models = [attacker.models, defender.models]
    ranks = np.zeros((2, max(models) + 1), np.int64)
    for s in (0, 1):
        if sides[s, S_RANKS_OK]:
            for m in range(models[s] + 1):
                ranks[s, m] = rules.rank_bonus(m, int(sides[s, S_FILES]))
    return CombatModel(sides, groups, order, keys, n_order, flags, charger, options.max_rounds,
                       contact, ranks)


def dice_budget(model: CombatModel) -> int:
    """An upper bound of the dice one combat round can use (both sides).

    Each attack uses at most 12 faces (hit, re-roll, wound, armour, ward,
    multiple wounds, and up to 6 regeneration rolls for the wounds it makes);
    impact hits add their own dice; roll-offs, break tests, a restrain test,
    flee and pursuit add at most 2 * 8 + 4 + 2 + 16.
    """
    total = 2 * 8 + 4 + 2 + 16
    for s in (0, 1):
        sd = model.sides[s]
        files = int(sd[S_FILES])
        for g in range(N_GROUPS):
            for kind in (0, 1):
                row = model.groups[s, g, kind]
                if not row[G_ACTIVE]:
                    continue
                fighters = {RANK_AND_FILE: files * 2 + 2, CHAMPION: 1, MOUNT: files + 2,
                            IMPACT: files + 2}[g] * int(row[G_PER_MODEL])
                per = int(row[G_ATTACKS]) + int(row[G_FRENZY_A])
                if g == IMPACT:
                    per = int(row[G_ATTACKS]) + int(row[G_IMPACT_DICE]) * int(row[G_IMPACT_SIDES])
                    total += fighters * int(row[G_IMPACT_DICE])
                total += 12 * fighters * per
    return total


def in_contact(front: int, base: int, enemy_front: int, enemy_base: int, corner: bool) -> int:
    """Models of a front of ``front`` models in base contact with the enemy front (§1.1)."""
    if front <= 0 or enemy_front <= 0:
        return 0
    overlap = min(front * base, enemy_front * enemy_base)
    n = math.ceil(overlap / base)
    if corner and n < front:
        n = min(front, n + 2)
    return min(front, n)
