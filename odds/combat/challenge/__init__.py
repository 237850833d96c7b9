"""Exact oracle for challenges: one round of a duel, and a duel to the death.

A challenge (``RULES.md`` §1.9; MDNR chapter "Personajes y combate", source
``004_f3d78ddcef64c5b2.txt``) is a duel between two characters (or
champions) fought inside a combat: nobody else may attack them, their mounts
fight only the opponent, and the wounds they score count for combat result
with *overkill* ("Acobardamiento"): wounds beyond those needed to slay the
opponent still count, +1 each, up to +5 (source ``000_3e04c720ac9de02d.txt``
"+1 por Acobardamiento"; source 004 "¡Acobardamiento!").

This module is pure Python (no numba) and exact: every probability is a
:class:`fractions.Fraction`, obtained by enumerating the distribution of the
per-attack outcomes.  It is meant as the oracle the close-combat engine is
tested against and as a quick exact answer for a duel.

What is exact and how
---------------------
* One attack has three outcomes: nothing, an unsaved *ordinary* wound, an
  unsaved *killing-blow* wound (§1.5 pipeline hit → wound → armour → ward;
  §1.6 poison, killing blow, hatred).  Their probabilities are exact
  fractions of 6**k.
* The attacks of one side at one strike step (rider and mount at the same
  Initiative strike together) are independent trials: the numbers of
  ordinary and killing-blow wounds are multinomial, and the ordinary wounds'
  multiple-wound rolls (``"2"``, D3, D6) are summed exactly.  Only the
  totals matter to the rules, so the enumeration is over (killing blows,
  sum of ordinary wounds), both capped where larger values cannot change the
  outcome any more (remaining wounds + overkill cap).
* The round is a sequence of strike steps (§1.2); the joint state
  (wounds left on a, on b, overkill scored by a, by b) is carried exactly
  through the steps; a tie between the two sides at one step is a fair
  roll-off (both orders, probability 1/2 each) unless a previous-round
  winner is given.  Nothing is sampled and nothing is rounded.

Modelling conventions (documented choices)
------------------------------------------
* Strike order (§1.2) as in :mod:`odds.combat.model`: always-strikes-first,
  then the charger, then Initiative, then strikes-last (the
  always-strikes-last *rule* holds even on the charge; a strikes-last
  *weapon* strikes with the chargers on the turn it charges); higher
  Initiative first inside a step; ties across the sides by roll-off (first
  round: nobody won a previous round).  Impact hits are not part of a duel
  (source 004: a chariot's impact hits go against the unit).
* The mount (cavalry steed) strikes at its own Initiative, uses the
  rider's always-strikes-first and charge but none of the rider's special
  attacks (hatred, poison, killing blow, armour piercing, multiple wounds);
  it is not a separate target: the duellist is one model with the rider's
  Toughness, Wounds and save (a ridden monster with its own Wounds is out
  of scope).  A slain rider's mount does not strike.
* Late overkill: source 004 lets a part of a model that is still alive
  attack the opponent "incluso aunque haya sido retirado como baja a causa
  de los ataques de otra parte en la misma Fase de Combate (situación donde
  las heridas adicionales son importantes)".  So the killer's later steps
  (e.g. its mount at a lower Initiative) still roll, and every unsaved wound
  they score is overkill (``late_overkill=True``, the default).
* Killing blow in a challenge: the MDNR recommendation (source 004,
  "Acobardamiento y Golpe Letal"): the first unsaved killing-blow wound of
  a batch scores all the victim's remaining wounds; every other unsaved
  killing-blow wound is +1 overkill; the batch's unsaved ordinary wounds
  are all excess wounds, each counting its multiple-wound value ("Esto
  también ocurre con ataques que causan Heridas Múltiples"), see
  :func:`killing_blow_score`.  Killing blow needs a man-sized victim
  (:attr:`Duellist.man_sized`, §1.6).
* Overkill cap: +5 per victim per round, whatever the number of steps.
* Regeneration, frenzy, fear and magic items are not modelled.
"""

from __future__ import annotations

from odds.combat.challenge._common import OVERKILL_CAP
from odds.combat.challenge.duel import (
    DuelRound,
    DuelToTheDeath,
    duel_round_exact,
    duel_to_the_death_exact,
)
from odds.combat.challenge.duellist import Duellist
from odds.combat.challenge.scoring import ChallengeScore, killing_blow_score, overkill_score

__all__ = [
    "OVERKILL_CAP",
    "ChallengeScore",
    "DuelRound",
    "DuelToTheDeath",
    "Duellist",
    "duel_round_exact",
    "duel_to_the_death_exact",
    "killing_blow_score",
    "overkill_score",
]

