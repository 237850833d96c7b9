"""A standard or musician counts in the front rank only (RULES.md §2.2, §2.4).

§2.2 Standard: "+1 ... a unit standard or BSB in a **front rank**"; §2.4 Musician: "only a
musician in a front rank counts".  Command models take the front-rank places first, the
champion first (source 004: he stays in the centre of the front rank), then the standard,
then the musician; those beyond the front rank stand in the second rank.
"""

from __future__ import annotations

import pytest
from conftest import assert_mc
from test_combat_exact import cmd, exact, foot

from odds.combat import CombatOptions, fight
from odds.combat.model import build
from odds.combat.model.layout import S_MUSICIAN, S_STANDARD

N = 40_000


@pytest.mark.parametrize(("width", "kept"), [
    (0, (False, False, False)), (1, (True, False, False)), (2, (True, True, False)),
    (3, (True, True, True)), (9, (True, True, True))])
def test_command_models_fill_the_front_rank_in_order(width, kept):
    """Champion, standard, musician take the front-rank places in that order."""
    front = cmd(True, True, True).in_front(width)
    assert (front.champion, front.standard, front.musician) == kept


def test_missing_models_leave_room_for_the_next():
    """Without a champion the standard and musician take the first two places."""
    front = cmd(False, True, True).in_front(2)
    assert (front.champion, front.standard, front.musician) == (False, True, True)
    assert cmd(False, True, True).in_front(1).musician is False


def _flags(unit):
    m = build(unit, foot(5, 5), options=CombatOptions())
    return int(m.sides[0, S_STANDARD]), int(m.sides[0, S_MUSICIAN])


def test_a_single_file_carries_only_its_first_command_model():
    """A column one model wide: the standard fights in front, the musician stands behind it
    and breaks no draw; two files wide, both count."""
    both = cmd(standard=True, musician=True)
    assert _flags(foot(4, 1, command=both)) == (1, 0)
    assert _flags(foot(4, 2, command=both)) == (1, 1)
    # one model given both carries both (a relic member's body, MDNR Bretonia "Relicario":
    # "tiene los mismos efectos que un Portaestandarte y un Músico")
    assert _flags(foot(1, 3, command=both)) == (1, 1)


def test_the_musician_behind_breaks_no_draw():
    """Exact first round (§2.4, Default musician tie-break): two models against two, the
    attacker with a champion and a musician.  One file wide, the musician stands behind the
    champion and the unit fights as if it had none; two files wide, he turns draws into wins.
    The kernel agrees with the exact one-file round at z = 5."""
    enemy = foot(2, 2)
    both, champ = cmd(champion=True, musician=True), cmd(champion=True)
    narrow = exact(foot(2, 1, command=both), enemy)["first_round"]
    assert narrow == exact(foot(2, 1, command=champ), enemy)["first_round"]
    wide = exact(foot(2, 2, command=both), enemy)["first_round"]
    wide_champ = exact(foot(2, 2, command=champ), enemy)["first_round"]
    assert wide["draw"] < wide_champ["draw"]
    assert narrow["draw"] > 0.3 > wide["draw"]
    r = fight(foot(2, 1, command=both), enemy, max_rounds=1, trials=N, seed=20261129)
    for row in r.first_round.itertuples():
        assert_mc(row.probability, narrow[row.outcome], N, what=row.outcome)
