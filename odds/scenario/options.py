"""A combat's options: a side's circumstances and the rule options.

:class:`SideOptions` (a side's circumstances: static bonus, high ground, battle standard,
General) and :class:`CombatOptions` (the rule options, Defaults following ``RULES.md``),
as ``odds.combat.fight`` and the combat model take them.  Scenario data: they need
nothing from the combat engine (:mod:`odds.layers`).
"""

from __future__ import annotations

from dataclasses import dataclass

from odds import validation as v
from odds.special_rules.bretonnia import DEFAULT_DANCES, check_dances
from odds.vocabulary import CHARGERS, FACES, FLANK_REAR_RULES

GIANT_FALL_HITS: tuple[str, ...] = ("default", "never")
"""Choices of :attr:`CombatOptions.giant_fall_hits`."""


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
    flank_rear_rule : {"mdnr", "both"}
        Flank/rear bonuses when both sides have units on enemy flanks (rears):
        only the side with more such units (MDNR, Default) or both (Option).
    charge_tests : bool
        Psychology at the charge in a two-unit combat (§3.3, on by default):
        a charger whose target causes fear or terror tests first (failed: no
        combat); a charged unit tests fear or terror of the charger (terror
        failed, or fear failed with a lower unit strength: it flees and is
        caught if the charge reaches it; fear failed otherwise: it hits only
        on 6s in the first round); charged by a unit with ``glorious_charge``
        (MDNR "Carga gloriosa"), it tests panic first (failed: it flees).
    distance : float
        The gap (cm) between the charger and its target before the charge,
        0 .. twice the charger's M: decides whether a unit fleeing at the
        charge is caught (``2 M >= distance + flee roll``, §5.3), and
        whether rules that need a long charge strike: MDNR "Arremetida"
        (:func:`~odds.combat.model.charge.ogre_charge_strength`), "Carga atronadora"
        (18 cm or more, :func:`~odds.combat.model.charge.thunderous_charge`).  Default
        10 cm.
    expand_frontage : bool
        A unit that won a round widens its front by up to two models at each
        end, or laps round the enemy's flanks once its front reaches past them
        (§1.11, on by default); see the notes of :mod:`odds.combat.model`.
    attacker_face : {"front", "flank", "rear"}
        The defender's face the attacker fights in a two-unit combat (a
        flank or rear charge of US >= 5 cancels the defender's ranks and
        scores +1 / +2, §2.2).
    giant_fall_hits : {"default", "never"}
        Where a falling giant's template lands (:mod:`odds.special_rules.giants`).
    loec_dances : tuple of three str
        Elfos Silvanos "Danzas de Loec": the dances of every unit (and character) with the
        rule in the first round, the even rounds and the odd rounds after the first, from
        ``"whirl"`` (Torbellino de Muerte), ``"storm"`` (Tormenta de Espadas), ``"shadows"``
        (Sombras Inalcanzables) and ``"mist"`` (Niebla Sinuosa); no dance twice in a row
        (:data:`odds.special_rules.bretonnia.DEFAULT_DANCES` by default).
    """

    charger: str = "attacker"
    max_rounds: int = 10
    corner_contact: bool = True
    musician_tiebreak: bool = True
    insane_courage: bool = False
    restrain_pursuit: bool = False
    flank_rear_rule: str = "mdnr"
    charge_tests: bool = True
    distance: float = 10.0
    attacker_face: str = "front"
    expand_frontage: bool = True
    giant_fall_hits: str = "default"
    loec_dances: tuple[str, ...] = DEFAULT_DANCES

    def __post_init__(self) -> None:
        v.choice("charger", self.charger, CHARGERS)
        v.choice("flank_rear_rule", self.flank_rear_rule, FLANK_REAR_RULES)
        v.choice("attacker_face", self.attacker_face, FACES)
        v.choice("giant_fall_hits", self.giant_fall_hits, GIANT_FALL_HITS)
        object.__setattr__(self, "loec_dances", check_dances(self.loec_dances))
        v.integer("max_rounds", self.max_rounds, low=1, high=50)
        for name in ("corner_contact", "musician_tiebreak", "insane_courage", "restrain_pursuit",
                     "charge_tests", "expand_frontage"):
            v.flag(name, getattr(self, name))
        v.number("distance", self.distance, low=0.0, high=100.0)
