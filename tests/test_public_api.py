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


def test_the_readme_table_points_at_the_public_names():
    # README "What it answers": each Python entry point is importable from ``odds`` itself
    import importlib
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    table = readme.split("## What it answers", 1)[1].split("\n\n", 2)[1]
    cells = [row.split("|")[2] for row in table.splitlines()[2:]]
    assert len(cells) >= 10
    for cell in cells:
        dotted = re.findall(r"`(odds(?:\.\w+)+)`", cell)
        assert dotted, cell
        module = dotted[0].rsplit(".", 1)[0]
        for name in re.findall(r"`([\w.]+)`", cell):
            full = name if name.startswith("odds.") else f"{module}.{name}"
            short = full.rsplit(".", 1)[1]
            assert short in odds.__all__, full
            parent, _, attr = full.rpartition(".")
            try:
                obj = importlib.import_module(full)
            except ModuleNotFoundError:
                obj = getattr(importlib.import_module(parent), attr)
            assert getattr(odds, short) is obj, full
