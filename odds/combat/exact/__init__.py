"""Exact first round of a two-unit combat: a dynamic programme over the strike steps.

``RULES.md`` revision 2 (§1.2, §1.8, §8 A.4): casualties a unit suffers
before it strikes take its attackers away.  At the start of the round each
unit's fighters are fixed from the geometry (models in base contact across
the two fronts, the champion holding a front place of its own, supporting
ranks for fight-in-ranks weapons, steeds with their riders); at every
strike step a unit's rank-and-file attackers are those minus the casualties
it has suffered so far this round (front-contact fighters first, then
supporting ones), never below 0, its steeds (and impact-hitting models)
lose the front-contact ones, and its champion attacks while the unit has a
model left.  So the attacks of a step depend only on the wounds left on the
striking unit, and the first round is a Markov chain over the state
``(wounds left on unit 0, wounds left on unit 1)``:

* each strike step moves the distribution by a damage matrix on the struck
  unit's wounds, one matrix per attack count (a binomial shift for 1-wound
  targets; for multi-wound targets hit by killing blows or multiple wounds
  a small chain over the wounds left, killing blows first, each ordinary
  wound capped at the current model's wounds, as :mod:`odds.combat.blows`);
* equal strike keys on both sides are a fair roll-off in the first round:
  the two orders are mixed half and half;
* a stupid unit whose turn it is (§1.10) fights with all its fighters if it
  passes its Ld test, else with half of them (an odd one on 4+): a mixture;
* regeneration at the end of the phase restores each ordinary wound
  suffered with its probability (the regenerated models did not fight), not
  after a flaming wound;
* combat result, musician tie-break and break tests on the final state.

These are the conventions of the numba kernel (:mod:`odds.combat.kernel`,
:func:`odds.combat.fighters.start_fighters`).  :func:`first_round_exact`
returns ``None`` only where the state above is not enough: characters or
promoted champions (bodies of their own), killing blows on a regenerating
unit (its regenerable wounds are not a function of its wounds left), and
flaming blows mixed with other blows on a regenerating unit.  The
several-unit version is :mod:`odds.combat.exact.multi`.

Modules
-------
One module per concept; each imports what it needs from the others, never from this
package's ``__init__``, which re-exports their public names:

:mod:`~odds.combat.exact.attack`
    One attack: unsaved ordinary wounds and killing blows (§1.3-§1.6), impact hits.
:mod:`~odds.combat.exact.wounds`
    Wounds on a unit: damage matrices (:class:`WoundChain` for multi-wound models),
    regeneration (§1.6), models left (§1.8).
:mod:`~odds.combat.exact.fighters`
    The fighters at the start of the round, the attacks they make once casualties are
    taken (§1.2), stupidity (§1.10), the strike steps.
:mod:`~odds.combat.exact.break_tests`
    A losing unit's break test (§3.2).
:mod:`~odds.combat.exact.two_units`
    The programme and :func:`first_round_exact`.
:mod:`~odds.combat.exact.mixtures`
    Mixtures over the first round's drunk and random-attacks rolls
    (:func:`first_round_parts`, :func:`mix_results`).
:mod:`~odds.combat.exact.multi`
    :func:`first_round_exact_multi`, the first round of a combat of several units.
"""

from odds.combat.exact.attack import (
    attack_outcomes,
    attack_success,
    binomial,
    dice_hits,
    impact_hits_pmf,
    successes_pmf,
)
from odds.combat.exact.break_tests import break_probability
from odds.combat.exact.fighters import (
    group_attacks,
    start_fighters,
    strike_steps,
    stupid_fighters,
    stupidity_cases,
)
from odds.combat.exact.mixtures import (
    drunk_models,
    first_round_parts,
    mix_results,
    random_attack_models,
    roll_pmf,
)
from odds.combat.exact.multi import first_round_exact_multi
from odds.combat.exact.two_units import (
    EVENTS,
    contact_faces,
    first_round_dp,
    first_round_exact,
    regenerates,
)
from odds.combat.exact.wounds import (
    TINY,
    WoundChain,
    damage_matrix,
    matmul,
    models_left,
    regeneration_matrix,
    shift_matrix,
)

__all__ = [
    "EVENTS", "TINY", "WoundChain", "attack_outcomes", "attack_success", "binomial",
    "break_probability", "contact_faces", "damage_matrix", "dice_hits", "drunk_models",
    "first_round_dp", "first_round_exact", "first_round_exact_multi", "first_round_parts",
    "group_attacks", "impact_hits_pmf", "matmul", "mix_results", "models_left",
    "random_attack_models", "regenerates", "regeneration_matrix", "roll_pmf", "shift_matrix",
    "start_fighters", "strike_steps", "stupid_fighters", "stupidity_cases", "successes_pmf",
]
