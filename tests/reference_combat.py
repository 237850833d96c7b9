"""A slow, pure-Python reference simulator of close combat (tests only).

Issue 3 §6: "a slow pure-Python reference simulator of the same rules, used
only by tests, checked against the kernel".  This module is written from
``RULES.md`` §1 (close combat), §2 (combat resolution), §3.2 (break tests),
§4.1/§4.3 (flee and pursuit) and the step order of §8A, plus the modelling
conventions documented in the module docstrings of
:mod:`odds.combat.model` and :mod:`odds.combat.kernel`.  It does **not**
use the engine's arrays or functions: only the rule tables of
:mod:`odds.rules` (which have their own golden tests) and the
:class:`odds.units.Unit` description.

One combat at a time, one die at a time, readable over fast.  Dice come
from a :class:`numpy.random.Generator` (drawn in blocks for speed; every
face is used once, so faces stay independent and uniform).

Conventions taken from the engine's documentation (where RULES.md leaves
a choice):

* contact (§1.1): each unit's front is ``min(models, files)`` models of
  its base width; the overlap of the two fronts is in contact, plus one
  model at each end of the wider front when corner contact counts;
* command models are removed last (musician, then standard, then the
  champion with the last model); the champion stands in the front rank
  and fights with its own profile;
* cavalry/chariots: the rider/crew profile fights with the weapon, the
  steeds with their own WS/S/I/A; hatred, poison, killing blow, multiple
  wounds and frenzy belong to the rider/crew (and champion);
* killing blow works only against infantry and cavalry (man-sized, §1.6);
* regeneration at the end of the phase, before the combat result;
* the musician breaks a tie (§2.4 Default);
* a unit that loses a round loses frenzy before its break test (§1.6);
* the winner always pursues a broken enemy (restrain tests off), caught if
  pursuit roll >= flee roll (§4.3).

Not modelled here (the comparisons switch them off in the engine): the
expanding frontage and lapping round after a won round (§1.11, from the
second round on), stupidity (§1.10), flaming attacks (§1.6) and attacks
into a flank or rear in a two-unit combat; the effects on enemies in contact
added for issue 11 (``cloud_of_flies``, ``aura_of_slaanesh``) and pikes receiving
a charge (their ranks come from :func:`odds.rules.fighting_ranks`; checked against
the exact first round and hand-worked numbers in tests/test_army_rules.py).

Choices made here where neither source is explicit (each is a place where
the engine might differ; the comparison tests tell):

* groups of the *same* side with the same strike key (e.g. a rider and its
  steed at the same Initiative) strike together: one step, casualties
  removed after the step (§1.2 "remove casualties after each step");
* who fights is fixed at the start of the round (RULES.md revision 2,
  §1.2/§1.8/§8 A.4): the models in base contact across the two fronts and,
  for fight-in-ranks weapons, the supporting models behind them.  At each
  step a unit's rank-and-file attackers are those minus the casualties it
  has suffered so far this round (front attackers first, then supporting
  ones; a multi-wound model counts once its last wound is gone), never
  below 0; its steeds and impact hits lose those of the slain front
  fighters (the champion's steed fights on with the champion); its
  champion fights while the unit has a model left.  The fronts are not measured again during the
  round (a shrinking enemy does not take attackers away);
* killing blows are applied before ordinary wounds inside one step;
* a unit whose every model fell during the phase still regenerates at the
  end of the phase (§1.6: "removed models come back");
* the fear auto-break compares the loser's unit strength with the whole
  fear-causing enemy unit's unit strength (one unit per side here).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from odds import rules
from odds.units import Unit

OUTCOMES = ("attacker_wiped", "attacker_caught", "attacker_escaped",
            "defender_wiped", "defender_caught", "defender_escaped", "unresolved", "no_combat")
"""Final outcomes, in the engine's order."""

BASE_WIDTH_MM = {"infantry": 20, "cavalry": 25, "monstrous_infantry": 40, "monster": 50,
                 "chariot": 50, "swarm": 40, "war_machine": 50}
"""Standard 6th-edition base widths (mm)."""

MAN_SIZED = ("infantry", "cavalry")

# Strike categories, §1.2 (lower strikes earlier).
IMPACT, ASF, CHARGER, INITIATIVE, STRIKES_LAST, MINDLESS = range(6)


class Dice:
    """D6 faces from a numpy Generator, drawn in blocks and used one by one."""

    def __init__(self, rng: np.random.Generator, block: int = 8192) -> None:
        self.rng = rng
        self.block = block
        self.faces: list[int] = []

    def d6(self) -> int:
        if not self.faces:
            self.faces = self.rng.integers(1, 7, size=self.block).tolist()
        return self.faces.pop()

    def d3(self) -> int:
        return (self.d6() + 1) // 2

    def sum_d6(self, n: int) -> int:
        return sum(self.d6() for _ in range(n))

    def roll_off(self) -> int:
        """0 or 1: a D6 roll-off re-rolled until there is a winner (§1.2)."""
        while True:
            a, b = self.d6(), self.d6()
            if a != b:
                return 0 if a > b else 1


# --------------------------------------------------------------------------- one side


@dataclass
class Side:
    """A unit in the fight: the fixed description plus what changes."""

    unit: Unit
    static_bonus: int = 0
    high_ground: bool = False
    bsb: bool = False
    general_ld: int = 0
    # state
    wounds: int = 0          # wounds left on the whole unit (§1.8: one model carries the damage)
    frenzied: bool = False

    def __post_init__(self) -> None:
        self.wounds = self.unit.models * self.unit.profile.W
        self.frenzied = self.unit.has("frenzy")

    # -- models and command (§1.8, command models removed last)
    @property
    def w(self) -> int:
        return self.unit.profile.W

    @property
    def models(self) -> int:
        return math.ceil(self.wounds / self.w) if self.wounds > 0 else 0

    @property
    def champion_alive(self) -> bool:
        return self.unit.command.champion and self.models >= 1

    @property
    def standard_alive(self) -> bool:
        # the standard goes while more than the champion remains
        return self.unit.command.standard and self.models > int(self.unit.command.champion)

    @property
    def musician_alive(self) -> bool:
        c = self.unit.command
        return c.musician and self.models > int(c.champion) + int(c.standard)

    @property
    def unit_strength(self) -> int:  # §2.3, after casualties
        return self.models * self.unit.unit_strength_per_model

    @property
    def front(self) -> int:
        return min(self.models, self.unit.files)

    @property
    def base(self) -> int:
        return BASE_WIDTH_MM[self.unit.troop_type]

    @property
    def leadership(self) -> int:  # §3.1: the highest Ld in the unit
        ld = self.unit.profile.Ld
        if self.champion_alive:
            ld = max(ld, self.unit.champion_profile.Ld)
        return ld

    @property
    def rank_bonus(self) -> int:  # §2.2
        u = self.unit
        if (u.troop_type in ("monster", "chariot", "war_machine") or u.has("skirmishers")
                or u.has("fast_cavalry")):
            return 0
        return rules.rank_bonus(self.models, u.files)

    @property
    def immune_to_psychology(self) -> bool:
        u = self.unit
        return u.has("immune_to_psychology") or u.has("unbreakable") or self.frenzied

    def current_model_wounds(self) -> int:
        """Wounds left on the model now taking wounds (the partially wounded one)."""
        return (self.wounds - 1) % self.w + 1


def in_contact(front: int, base: int, enemy_front: int, enemy_base: int, corner: bool) -> int:
    """Models of ``front`` touching the enemy front (§1.1; overlap plus a corner model each end)."""
    if front == 0 or enemy_front == 0:
        return 0
    overlap_mm = min(front * base, enemy_front * enemy_base)
    n = -(-overlap_mm // base)
    if corner and n < front:
        n += 2
    return min(front, n)


# --------------------------------------------------------------------------- attack groups


@dataclass(frozen=True)
class Fighters:
    """A unit's fighters at the start of a round (§1.2): they only lose attackers after."""

    models: int    # models at the start of the round
    contact: int   # models in base contact (champion included)
    front: int     # rank and file in base contact
    support: int   # fight-in-ranks models behind them


@dataclass(frozen=True)
class Group:
    """Who strikes together: rank and file, champion, steeds or impact hits of one side."""

    kind: str       # "rank_and_file" | "champion" | "mount" | "impact"
    side: int
    category: int
    initiative: int

    @property
    def key(self) -> tuple[int, int]:
        return (self.category, -self.initiative)


def _category(unit: Unit, charging: bool, *, steeds: bool = False) -> int:
    """§1.2 step of a unit's blows this round."""
    if unit.has("always_strikes_first"):
        return ASF  # ASF beats strikes last (§1.2)
    if charging:
        return CHARGER  # great weapons too, on the charge (§1.2, §1.7)
    if steeds:
        return INITIATIVE  # the steeds do not carry the rider's weapon
    strikes_last = unit.has("always_strikes_last") or (
        unit.weapon.strikes_last and not unit.has("ignores_strikes_last"))
    if strikes_last:
        return STRIKES_LAST
    if unit.has("mindless"):
        return MINDLESS
    return INITIATIVE


def groups_of(s: int, unit: Unit, charging: bool) -> list[Group]:
    out = []
    if unit.profile.A > 0 and unit.profile.WS > 0:
        out.append(Group("rank_and_file", s, _category(unit, charging), unit.profile.I))
    cp = unit.champion_profile
    if unit.command.champion and cp.A > 0 and cp.WS > 0:
        out.append(Group("champion", s, _category(unit, charging), cp.I))
    m = unit.mount
    if m is not None and m.A > 0 and m.WS > 0:
        out.append(Group("mount", s, _category(unit, charging, steeds=True), m.I))
    if unit.impact_hits and charging:
        out.append(Group("impact", s, IMPACT, 10))
    return out


# --------------------------------------------------------------------------- the combat


@dataclass
class Trial:
    """What one combat produced (the engine's per-trial row, plus round results)."""

    outcome: str
    rounds: int
    wounds_r1: tuple[int, int]
    margin_r1: int
    survivors: tuple[int, int]
    round_results: list[int]      # per round: 0 attacker won, 1 draw, 2 defender won
    breaks: list[tuple[bool, bool]]


class ReferenceCombat:
    """Fight two units round after round (RULES.md §8A), one combat per :meth:`run`."""

    def __init__(self, attacker: Unit, defender: Unit, *, charger: str = "attacker",
                 max_rounds: int = 10, attacker_options=None, defender_options=None,
                 corner_contact: bool = True, musician_tiebreak: bool = True,
                 insane_courage: bool = False, charge_tests: bool = True,
                 distance: float = 10.0, step_up: bool = False) -> None:
        self.units = (attacker, defender)
        self.charge_tests = charge_tests  # §3.3 fear and terror at the charge
        self.distance = distance  # the gap before the charge (cm), for a fleeing target
        self._only_sixes = -1  # the side hitting only on natural 6s in the first round
        # step_up: RULES.md revision 1's (8th-edition) reading, casualties never take attackers
        # away; only for showing that the comparisons can tell the two readings apart
        self.step_up = step_up
        self.charger = {"attacker": 0, "defender": 1, "none": -1}[charger]
        self.max_rounds = max_rounds
        self.options = (attacker_options, defender_options)
        self.corner = corner_contact
        self.musician_tiebreak = musician_tiebreak
        self.insane_courage = insane_courage

    # ------------------------------------------------------------------ set-up
    def _new_sides(self) -> tuple[Side, Side]:
        sides = []
        for unit, opts in zip(self.units, self.options, strict=True):
            kw = {}
            if opts is not None:
                kw = dict(static_bonus=opts.static_bonus, high_ground=opts.high_ground,
                          bsb=opts.bsb, general_ld=opts.general_ld)
            sides.append(Side(unit, **kw))
        return sides[0], sides[1]

    # ------------------------------------------------------------------ attacks (§1.1)
    def _contact(self, me: Side, enemy: Side) -> int:
        return in_contact(me.front, me.base, enemy.front, enemy.base, self.corner)

    def _fighters(self, i: int, sides: tuple[Side, Side], first_round: bool) -> Fighters:
        """Who of side ``i`` can fight this round, fixed at its start (§1.1, §1.2)."""
        me, enemy = sides[i], sides[1 - i]
        u = me.unit
        contact = self._contact(me, enemy)
        champ = 1 if (me.champion_alive and contact > 0) else 0
        charging = first_round and self.charger == i
        support = 0
        ranks = rules.fighting_ranks(u.equipment.weapon, charged=charging)
        ranks += u.has("extra_rank") and u.equipment.weapon == "spear"  # "Fila adicional"
        for r in range(1, ranks):
            # spears: each supporting rank behind the models in contact (§1.1)
            support += min(contact, min(u.files, max(0, me.models - r * u.files)))
        return Fighters(models=me.models, contact=contact, front=max(0, contact - champ),
                        support=support)

    def _n_attacks(self, g: Group, me: Side, fighters: Fighters, dice: Dice) -> int:
        """Attacks (or impact hits) the group makes now.

        §1.2 (revision 2): every casualty suffered so far this round takes
        away a front attacker, then a supporting one; slain models and the
        rear-rankers stepping into their places do not strike.
        """
        u = me.unit
        if me.models == 0:
            return 0
        lost = 0 if self.step_up else fighters.models - me.models
        lost_front = min(lost, fighters.front)  # front fighters first, then supporting ones
        frenzy = 1 if me.frenzied else 0  # §1.6 frenzy: +1 A
        if g.kind == "rank_and_file":
            front = fighters.front - lost_front
            support = max(0, fighters.support - (lost - lost_front))
            return (front + support) * u.crew * (u.profile.A + u.weapon.extra_attacks + frenzy)
        if g.kind == "champion":  # killed only with the last model (§1.8)
            alive = fighters.contact > 0 and me.champion_alive
            return (u.champion_profile.A + u.weapon.extra_attacks + frenzy) if alive else 0
        # a slain cavalry model's steed does not attack; the champion's fights while it lives
        steeds = fighters.contact - lost_front
        if g.kind == "mount":
            return steeds * u.mount.count * u.mount.A
        # impact hits (§1.6): rolled per chariot still able to fight
        spec = rules.parse_dice(u.impact_hits, "impact_hits")
        total = 0
        for _ in range(steeds):
            total += spec.plus
            for _ in range(spec.n):
                total += dice.d6() if spec.sides == 6 else dice.d3()
        return total

    def _strike(self, g: Group, me: Side, enemy: Side, n: int, first_round: bool,
                dice: Dice) -> tuple[int, int]:
        """Roll ``n`` attacks of group ``g``: (unsaved ordinary wounds, unsaved killing blows)."""
        u, e = me.unit, enemy.unit
        charging = first_round and self.charger == g.side
        if g.kind == "mount":
            ws, strength = u.mount.WS, u.mount.S
            hatred = poison = kb = False
        elif g.kind == "impact":
            ws = None
            strength = u.impact_strength if u.impact_strength is not None else u.profile.S
            hatred = poison = kb = False
        else:
            prof = u.profile if g.kind == "rank_and_file" else u.champion_profile
            ws = prof.WS
            # §1.7: weapon strength (great weapon, halberd, lance/cavalry spear on the
            # charge, flail/morning star in the first round)
            strength = rules.weapon_strength(prof.S, u.equipment.weapon, charging=charging,
                                             first_round=first_round)
            if charging and u.choppa and u.troop_type in rules.FOOT_TROOP_TYPES:
                strength += 1  # MDNR "Rebanadora": F+1 on the charge, on foot
            # hatred of every enemy or of this one (army/race tags); eternal: every round
            hatred = u.hates(e) and (first_round or u.has("eternal_hatred"))
            poison = u.poisoned
            kb = u.has("killing_blow") and e.troop_type in MAN_SIZED
        # §1.3 to hit (natural 1 misses, natural 6 hits); WS 0 target: hit automatically
        need_hit = 0 if ws is None else rules.to_hit(ws, e.profile.WS)
        if need_hit not in (0, rules.IMPOSSIBLE):
            need_hit = min(6, max(2, need_hit))
        if first_round and g.side == self._only_sixes and need_hit != rules.IMPOSSIBLE:
            need_hit = 6  # §3.3: failed fear of the charger, held: natural 6s only
        # §1.4 to wound (natural 1 fails)
        need_wound = rules.to_wound(strength, e.profile.T)
        # §1.5 armour save modified by S and armour piercing (natural 1 fails)
        ap = u.has("armour_piercing") and g.kind not in ("mount", "impact")
        need_save = rules.modified_save(e.armour_save, strength, ap)
        need_save = max(2, need_save)
        magic = u.has("magic_attacks")
        # Demonios "Aura Demoníaca": 5+ unless the attacks are magical; a gained ward replaces it
        need_ward = e.ward_save or (5 if e.has("daemonic_aura") and not magic
                                    else rules.IMPOSSIBLE)
        if e.has("ethereal") and not magic and not u.has("ethereal"):
            need_wound, poison, kb = rules.IMPOSSIBLE, 0, False  # gst "Etéreos"

        wounds = kills = 0
        for _ in range(n):
            # to hit, with hatred re-rolling a miss in the first round (§1.6)
            poisoned = False
            if need_hit == 0:
                hit = True
            elif need_hit == rules.IMPOSSIBLE:
                hit = False
            else:
                roll = dice.d6()
                if roll < need_hit and hatred:
                    roll = dice.d6()
                hit = roll >= need_hit
                poisoned = bool(poison) and roll >= poison  # §1.6 poison: auto-wound
            if not hit:
                continue
            killing = False
            if not poisoned:
                if need_wound >= rules.IMPOSSIBLE:
                    continue
                roll = dice.d6()
                if roll < need_wound:
                    continue
                killing = kb and roll == 6  # §1.6 killing blow: natural 6 to wound
            # armour (not against killing blow), then ward (§1.5, §1.6)
            if not killing and need_save < rules.IMPOSSIBLE and dice.d6() >= need_save:
                continue
            if need_ward < rules.IMPOSSIBLE and dice.d6() >= need_ward:
                continue
            if killing:
                kills += 1
            else:
                wounds += 1
        return wounds, kills

    def _apply(self, me: Side, target: Side, wounds: int, kills: int, dice: Dice,
               with_mw: bool) -> tuple[int, int]:
        """Take unsaved wounds off ``target``: (wounds scored, of which regenerable).

        §1.6/§1.8: a killing blow slays the current model and scores its
        remaining wounds; an ordinary wound becomes 1, 2, D3 or D6 wounds
        capped at the current model's remaining wounds; nothing scores once
        the unit is gone.
        """
        scored = regenerable = 0
        for _ in range(kills):
            if target.wounds == 0:
                break
            lost = target.current_model_wounds()
            target.wounds -= lost
            scored += lost
        mw = me.unit.multiple_wounds if with_mw else ""
        for _ in range(wounds):
            if target.wounds == 0:
                break
            if mw == "d3":
                amount = dice.d3()
            elif mw == "d6":
                amount = dice.d6()
            else:
                amount = 2 if mw == "2" else 1
            lost = min(amount, target.current_model_wounds())
            target.wounds -= lost
            scored += lost
            regenerable += lost
        return scored, regenerable

    # ------------------------------------------------------------------ one round (§8A)
    def _round(self, sides: tuple[Side, Side], first_round: bool, last_winner: int,
               dice: Dice) -> tuple[list[int], list[int]]:
        """Fight one round: (wounds scored by each side after regeneration, ranks at start)."""
        # 8A.1 start-of-round state: ranks (§2.2 measured at the start), who can fight (§1.2)
        ranks = [s.rank_bonus for s in sides]
        fighters = [self._fighters(i, sides, first_round) for i in (0, 1)]
        charging = [first_round and self.charger == i for i in (0, 1)]
        groups = groups_of(0, sides[0].unit, charging[0]) + groups_of(1, sides[1].unit,
                                                                      charging[1])
        # 8A.4 strike steps: by category, then Initiative (§1.2)
        keys = sorted({g.key for g in groups})
        scored = [0, 0]
        regen_pool = [0, 0]  # wounds each side suffered that may regenerate
        for key in keys:
            in_step = [g for g in groups if g.key == key]
            step_sides = sorted({g.side for g in in_step})
            if len(step_sides) == 2:
                # tie inside a step: previous round's winner first, else a roll-off (§1.2)
                first = last_winner if last_winner in (0, 1) else dice.roll_off()
                step_sides = [first, 1 - first]
            for s in step_sides:
                me, enemy = sides[s], sides[1 - s]
                # every group of this side in this step strikes from the same state
                rolled = []
                for g in in_step:
                    if g.side != s:
                        continue
                    n = self._n_attacks(g, me, fighters[s], dice)
                    w, k = self._strike(g, me, enemy, n, first_round, dice)
                    rolled.append((w, k, g.kind in ("rank_and_file", "champion")))
                # casualties removed from the rear after the step (§1.8)
                for w, k, with_mw in rolled:
                    sc, rg = self._apply(me, enemy, w, k, dice, with_mw)
                    scored[s] += sc
                    regen_pool[1 - s] += rg
        # 8A.5 end of phase: regeneration restores wounds (and models) (§1.6)
        for i, s in enumerate(sides):
            if s.unit.regeneration and regen_pool[i]:
                healed = sum(dice.d6() >= s.unit.regeneration for _ in range(regen_pool[i]))
                s.wounds += healed
                scored[1 - i] -= healed  # the combat result is worked out after regeneration
        return scored, ranks

    def _score(self, i: int, sides: tuple[Side, Side], scored: list[int],
               ranks: list[int]) -> int:
        """§2.1/§2.2 combat result of side ``i``."""
        me, enemy = sides[i], sides[1 - i]
        total = scored[i] + ranks[i]
        total += 1 if me.unit_strength > enemy.unit_strength else 0  # outnumber, after casualties
        total += 1 if me.standard_alive else 0
        total += 1 if me.high_ground else 0
        total += me.static_bonus
        return total

    def _break_test(self, loser: Side, winner: Side, diff: int, dice: Dice) -> bool:
        """§3.2 steps 2–4 for a unit that is not unstable or unbreakable; True = broken."""
        u = loser.unit
        # step 3: fear auto-break
        if (winner.unit.causes_fear and not u.causes_fear and not loser.immune_to_psychology
                and loser.unit_strength < winner.unit_strength):
            return True
        # step 4: 2D6 against Ld - diff; stubborn ignores diff; General's Ld (§3.1)
        own = loser.leadership
        if u.has("stubborn"):
            target = own
            if loser.general_ld:
                target = max(target, loser.general_ld - diff)
        else:
            target = max(own, loser.general_ld) - diff
        tries = 2 if loser.bsb else 1  # BSB: re-roll a failed break test once
        for _ in range(tries):
            a, b = dice.d6(), dice.d6()
            if a + b <= target or (self.insane_courage and a == 1 and b == 1):
                return False
        return True

    # ------------------------------------------------------------------ the whole combat
    # ------------------------------------------------------------------ at the charge (§3.3)
    @staticmethod
    def _scared(unit: Unit, by: Unit) -> bool:
        """Must ``unit`` test fear or terror of ``by``?  Not if it causes either itself, or is
        immune to psychology (frenzied and unbreakable units are)."""
        if not (by.causes_fear or by.causes_terror):
            return False
        return not (unit.causes_fear or unit.causes_terror or unit.has("immune_to_psychology")
                    or unit.has("unbreakable") or unit.has("frenzy"))

    def _passes(self, side: Side, dice: Dice) -> bool:
        """2D6 <= the unit's best Ld (champion) or its General's (§3.1)."""
        ld = max(side.leadership, side.general_ld)
        return dice.d6() + dice.d6() <= ld

    def _at_the_charge(self, sides: tuple[Side, Side], dice: Dice) -> str | None:
        """Fear and terror at the charge: the outcome if no combat is fought, else None.

        The charger tests fear/terror of its target first: failed, it does not charge.
        Then the target tests fear/terror of the charger: failed with terror, or with fear
        and a lower unit strength, it flees (caught if twice the charger's M reaches past
        the gap plus its flee roll, §5.3); failed fear otherwise, it holds and hits only on
        natural 6s in the first round.
        """
        self._only_sixes = -1
        if not self.charge_tests or self.charger < 0:
            return None
        ch, tg = sides[self.charger], sides[1 - self.charger]
        if self._scared(ch.unit, tg.unit) and not self._passes(ch, dice):
            return "no_combat"
        if self._scared(tg.unit, ch.unit) and not self._passes(tg, dice):
            if ch.unit.causes_terror or tg.unit.unit_strength < ch.unit.unit_strength:
                flee = dice.sum_d6(_flee_dice(tg.unit)) - _flee_minus(tg.unit)
                name = "attacker" if self.charger == 1 else "defender"
                if math.floor(2 * ch.unit.profile.M - self.distance) >= flee:
                    tg.wounds = 0
                    return f"{name}_caught"
                return f"{name}_escaped"
            self._only_sixes = 1 - self.charger
        return None

    def run(self, dice: Dice) -> Trial:
        sides = self._new_sides()
        last_winner = -1
        round_results: list[int] = []
        breaks: list[tuple[bool, bool]] = []
        wounds_r1 = (0, 0)
        margin_r1 = 0
        outcome = self._at_the_charge(sides, dice) or "unresolved"
        for rnd in range(1, (self.max_rounds if outcome == "unresolved" else 0) + 1):
            first_round = rnd == 1
            scored, ranks = self._round(sides, first_round, last_winner, dice)
            score = [self._score(i, sides, scored, ranks) for i in (0, 1)]
            if first_round:
                wounds_r1 = (scored[0], scored[1])
                margin_r1 = score[0] - score[1]
            broken = [False, False]
            # §2.1: a side wholly destroyed loses, no break test
            dead = [s.wounds == 0 for s in sides]
            if dead[0] or dead[1]:
                round_results.append(2 if dead[0] else 0)
                breaks.append((False, False))
                outcome = "attacker_wiped" if dead[0] else "defender_wiped"
                break
            diff = score[0] - score[1]
            # §2.4 musician breaks a tie
            if diff == 0 and self.musician_tiebreak:
                mus = [s.musician_alive for s in sides]
                if mus[0] != mus[1]:
                    diff = 1 if mus[0] else -1
            if diff == 0:
                round_results.append(1)
                breaks.append((False, False))
                last_winner = -1
                continue
            w = 0 if diff > 0 else 1
            lo = 1 - w
            diff = abs(diff)
            round_results.append(0 if w == 0 else 2)
            last_winner = w
            winner, loser = sides[w], sides[lo]
            loser.frenzied = False  # §1.6: frenzy lost on losing a round
            # §3.2 step 2
            if loser.unit.has("unbreakable"):
                pass
            elif loser.unit.has("unstable"):
                loser.wounds = max(0, loser.wounds - diff)  # no saves of any kind
                if loser.wounds == 0:
                    breaks.append((False, False))
                    outcome = ("attacker" if lo == 0 else "defender") + "_wiped"
                    break
            else:
                broken[lo] = self._break_test(loser, winner, diff, dice)
            breaks.append((broken[0], broken[1]))
            if broken[lo]:
                # §4.1 flee 5D6/8D6 cm, §4.3 the winner pursues: caught if pursuit >= flee
                flee = dice.sum_d6(_flee_dice(loser.unit)) - _flee_minus(loser.unit)
                caught = False
                if winner.unit.troop_type != "war_machine":
                    chase = dice.sum_d6(_flee_dice(winner.unit)) - _flee_minus(winner.unit)
                    caught = chase >= flee
                name = "attacker" if lo == 0 else "defender"
                outcome = f"{name}_caught" if caught else f"{name}_escaped"
                if caught:
                    loser.wounds = 0
                break
        survivors = tuple(s.models for s in sides)
        return Trial(outcome, len(round_results), wounds_r1, margin_r1, survivors,
                     round_results, breaks)


def _flee_dice(unit: Unit) -> int:
    return 8 if (unit.profile.M > 15 or unit.has("flying")) else 5


def _flee_minus(unit: Unit) -> int:
    """MDNR Enanos "Firmeza": infantry (and war machine crews) flee and pursue 2 cm less."""
    return 2 * (unit.has("resolute") and not unit.has("flying")
                and unit.troop_type in ("infantry", "war_machine"))


@dataclass
class Summary:
    """Counts over many reference combats."""

    trials: int
    outcomes: dict[str, int]
    first_round: dict[str, int]
    n_rounds: dict[int, int]
    wounds_r1: tuple[dict[int, int], dict[int, int]]  # wounds caused in round 1, per side
    margin_r1: dict[int, int]
    survivors: tuple[dict[int, int], dict[int, int]]  # models left at the end, per side
    fought: int = 0  # trials with a first round (wounds_r1 and margin_r1 count only those)

    def p(self, outcome: str) -> float:
        if outcome in self.outcomes:
            return self.outcomes[outcome] / self.trials
        return self.first_round[outcome] / self.trials


def simulate(attacker: Unit, defender: Unit, trials: int, seed: int, **kw) -> Summary:
    """Run ``trials`` reference combats and count what the engine reports."""
    combat = ReferenceCombat(attacker, defender, **kw)
    dice = Dice(np.random.default_rng(seed))
    outcomes = dict.fromkeys(OUTCOMES, 0)
    first = dict.fromkeys(("attacker_wins", "draw", "defender_wins", "attacker_breaks",
                           "defender_breaks"), 0)
    n_rounds: dict[int, int] = {}
    margin: dict[int, int] = {}
    w1: tuple[dict[int, int], dict[int, int]] = ({}, {})
    surv: tuple[dict[int, int], dict[int, int]] = ({}, {})

    def add(counter: dict[int, int], key: int) -> None:
        counter[key] = counter.get(key, 0) + 1

    fought = 0
    for _ in range(trials):
        t = combat.run(dice)
        outcomes[t.outcome] += 1
        add(n_rounds, t.rounds)
        for i in (0, 1):
            add(surv[i], t.survivors[i])
        if not t.rounds:  # no round is fought after a refused charge or a fled target (§3.3)
            continue
        fought += 1
        add(margin, t.margin_r1)
        first[("attacker_wins", "draw", "defender_wins")[t.round_results[0]]] += 1
        first["attacker_breaks"] += t.breaks[0][0]
        first["defender_breaks"] += t.breaks[0][1]
        for i in (0, 1):
            add(w1[i], t.wounds_r1[i])
    return Summary(trials, outcomes, first, n_rounds, w1, margin, surv, fought)
