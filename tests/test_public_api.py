"""``odds`` re-exports its public entry points, imported on first use."""

from __future__ import annotations

import subprocess
import sys

import odds


def test_import_odds_is_cheap():
    code = "import sys, odds; print(sorted(m for m in ('numba', 'pandas') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_every_public_name_resolves():
    for name in odds.__all__:
        assert getattr(odds, name) is not None
    assert set(odds.__all__) <= set(dir(odds))


def test_the_entry_points_are_the_modules_own():
    from odds.charge import charge_vs_flee
    from odds.combat import SideOptions, fight
    from odds.combat.multiple import fight_scenario

    assert odds.fight is fight and odds.SideOptions is SideOptions
    assert odds.charge_vs_flee is charge_vs_flee and odds.fight_scenario is fight_scenario
