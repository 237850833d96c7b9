"""The combat kernel's compiled variants: what each leaves out, as a compile-time constant.

One source, :func:`odds.combat.kernel.run_chunk`, is compiled three times, each with its
own constant ``variant`` (LLVM folds the tests below and drops the code they guard):

- :data:`GENERAL` (:func:`~odds.combat.kernel.fight_chunk`): any combat;
- :data:`CORE` (:func:`~odds.combat.kernel.fight_chunk_core`): any shape of combat
  (several units, characters, contacts) whose units carry none of the rules the specs
  leave out of the plain kernel (:func:`odds.combat.model.core_rules`): their code is
  compiled out;
- :data:`PLAIN` (:func:`~odds.combat.kernel.fight_chunk_plain`): a plain pair too
  (:func:`odds.combat.model.plain_pair`): two units in one contact, no characters, no
  charge pairs, so the unit, body and contact counts fold into constants.

On a model a variant accepts, it rolls the same dice in the same order as :data:`GENERAL`
and gives identical results (``tests/test_combat_plain.py``, ``tests/test_combat_core.py``).
"""

from __future__ import annotations

from odds._jit import inline

GENERAL = 0
CORE = 1
"""Bit: the rules the plain kernel leaves out (:data:`odds.combat.model.PLAIN_ABSENT`) are
absent."""
PAIR = 2
"""Bit: two units in one contact, no characters and no charge pairs."""
PLAIN = CORE | PAIR


@inline
def all_rules(variant):
    """Whether the kernel ``variant`` runs the rules a plain pair leaves out."""
    return (variant & CORE) == 0


@inline
def pair(variant):
    """Whether the kernel ``variant`` runs only plain pairs (2 units, 1 contact)."""
    return (variant & PAIR) != 0
