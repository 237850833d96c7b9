"""Compile or load every kernel the page calls, before the server says it is ready."""

from __future__ import annotations


def warm_kernels() -> None:
    """Run each answer once on a few trials: numba compiles (or loads) its kernels.

    The combat engine has three kernels (a plain pair of units, a combat without the
    rules a plain pair leaves out, and the general one for everything else); all are run.
    """
    from odds.charge import charge_vs_flee
    from odds.combat import fight
    from odds.combat.api import simulate
    from odds.combat.model import build
    from odds.combat.multiple import scenario_model
    from odds.emergence import example_path
    from odds.flight import flee
    from odds.pursuit import pursue
    from odds.scenario import load_scenario
    from odds.unit_reference import load_unit

    charge_vs_flee(18, 10, 20, edge_distance=40, trials=1000, seed=1)
    pursue(20, 10, edge_distance=40, trials=1000, seed=1)
    flee(10, 40, 7, turns=2, trials=1000, seed=1)
    fight("empire_swordsmen", "orc_boyz", trials=1000, seed=1)
    model = build(load_unit("empire_swordsmen"), load_unit("orc_boyz"))
    simulate(model, 1000, 1, kernel="general")
    heroes = scenario_model(load_scenario(str(example_path("combat_heroes"))))
    simulate(heroes, 1000, 1, kernel="core")
