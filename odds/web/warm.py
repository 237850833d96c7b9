"""Compile or load every kernel the page calls, before the server says it is ready."""

from __future__ import annotations


def warm_kernels() -> None:
    """Run each answer once on a few trials: numba compiles (or loads) its kernels.

    The combat engine has two kernels (a plain pair of units, and the general
    one for everything else); both are run.
    """
    from odds.charge import charge_vs_flee
    from odds.combat import fight
    from odds.combat.api import simulate
    from odds.combat.model import build
    from odds.flight import flee
    from odds.pursuit import pursue
    from odds.unit_reference import load_unit

    charge_vs_flee(18, 10, 20, edge_distance=40, trials=1000, seed=1)
    pursue(20, 10, edge_distance=40, trials=1000, seed=1)
    flee(10, 40, 7, turns=2, trials=1000, seed=1)
    fight("empire_swordsmen", "orc_boyz", trials=1000, seed=1)
    model = build(load_unit("empire_swordsmen"), load_unit("orc_boyz"))
    simulate(model, 1000, 1, kernel="general")
