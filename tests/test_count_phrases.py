"""Count phrases agree with their number in both languages ("tras 1 turno", "after 2 turns").

The headlines of RULES.md §4 (fleeing and rallying) and §3 (combat resolution rounds).
"""

from __future__ import annotations

import json

import pytest

from odds.cli import main
from odds.commands._headline import counted, small_print


@pytest.mark.parametrize(("turns", "es", "en"), [(1, "tras 1 turno,", "after 1 turn,"),
                                                  (2, "tras 2 turnos,", "after 2 turns,")])
def test_flee_headline_counts_turns(capsys, turns, es, en):
    """RULES.md §4: a fleeing unit followed for ``turns`` turns, in Spanish and English."""
    for lang, phrase in (("es", es), ("en", en)):
        code = main(["flee", "--move", "10", "--edge-distance", "60", "--ld", "7", "--turns",
                     str(turns), "--trials", "2000", "--seed", "1", "--format", "json",
                     "--lang", lang])
        assert code in (0, None)
        assert phrase in json.loads(capsys.readouterr().out)["headline"]


def test_counted_and_small_print_agree():
    assert counted(1, "turno", "turnos") == "1 turno"
    assert counted(3, "turno", "turnos") == "3 turnos"
    assert small_print(1, 5, "es") == "1 simulación, semilla 5"
    assert small_print(1, 5, "en") == "1 trial, seed 5"
    assert small_print(2000, 5, "es") == "2.000 simulaciones, semilla 5"


def test_a_champion_row_starts_with_a_capital():
    """RULES.md §1.9 (champions fight as bodies of a scenario): the table row of a champion."""
    from odds.commands.combat import body_name

    assert body_name("Lanceros champion", "es") == "Campeón de Lanceros"
    assert body_name("Lanceros champion", "en") == "Lanceros champion"
    assert body_name("Lanceros", "es") == "Lanceros"
