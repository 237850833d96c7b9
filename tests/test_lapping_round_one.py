"""Round one of a trial does not depend on the trials before it (RULES.md §1.2, §1.11).

§1.11: the winner of a round widens its frontage and laps round; the models in contact are
counted again at the start of every round.  A trial starts from the charge, so its first
round must follow the exact first round whatever ``max_rounds`` is, even after trials in
which a unit lapped round.  A one-model monster against forty swordsmen ten wide: the
swordsmen win most rounds and lap round, so later trials would strike round one with the
lapping models of an earlier trial if the counts of models in contact were kept from it.
"""

from __future__ import annotations

import pytest
from conftest import assert_distribution

from odds.combat import fight
from odds.units import library_unit

N = 20_000


@pytest.mark.parametrize("rounds", [1, 3])
def test_first_round_follows_the_exact_one_whatever_the_rounds(rounds):
    """Both sides' first-round wounds against the exact first round, z = 5."""
    ettin = library_unit("chaos_ettin")
    ettin = ettin.replace(special=tuple(s for s in ettin.special if s != "two_heads"))
    swords = library_unit("empire_swordsmen").replace(models=40)
    r = fight(ettin, swords, max_rounds=rounds, trials=N, seed=1129)
    ex = r.extra["exact_first_round"]["wounds"]
    for i, side in enumerate(("attacker", "defender")):
        t = r.wounds_r1[r.wounds_r1.side == side]
        assert_distribution(dict(zip(t.wounds, t.probability, strict=True)), ex[i], N,
                            what=f"{rounds} rounds, {side}")
