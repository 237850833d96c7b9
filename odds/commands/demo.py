"""``odds demo``: a short tour on built-in example situations."""

from __future__ import annotations

import argparse

from odds.commands._output import int_in
from odds.results import format_table


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``demo`` subcommand."""
    p = sub.add_parser("demo", help="run a short tour of what odds answers")
    p.add_argument("--trials", type=int_in(1, 10**9), default=1_000_000,
                   help="trials per question (default 1_000_000)")
    p.add_argument("--seed", type=int_in(0), default=2026, help="random seed (default 2026)")
    p.set_defaults(func=run)


def _section(title: str, body: str) -> None:
    print(f"\n== {title}\n{body}")


def run(args: argparse.Namespace) -> int:
    """Run the tour."""
    from odds.charge import charge_vs_flee
    from odds.flight import flee
    from odds.pursuit import pursue

    n, seed = args.trials, args.seed
    print(f"odds demo: {n:,} trials per question, seed {seed}. "
          "'exact' is the exact probability; the rest is Monte Carlo.")
    r = charge_vs_flee(18, 10, 20, edge_distance=40, trials=n, seed=seed)
    _section("Boar boyz (M18) charge spearmen (M10) 20 cm away; the spearmen flee "
             "(table edge 40 cm behind them)", format_table(r.table))
    r = charge_vs_flee(10, 20, 8, trials=n, seed=seed)
    _section("Swordsmen (M10) charge fast cavalry (M20, flees 8D6) 8 cm away",
             format_table(r.table))
    r = pursue(10, 10, trials=n, seed=seed)
    _section("Infantry pursues broken infantry (5D6 vs 5D6)", format_table(r.table))
    r = pursue(20, 10, trials=n, seed=seed)
    _section("Cavalry pursues broken infantry (8D6 vs 5D6)", format_table(r.table))
    r = flee(10, 40, 7, turns=3, trials=n, seed=seed)
    _section("A fleeing Ld7 unit 40 cm from its edge: rallied / gone, cumulative by turn",
             format_table(r.table))

    from odds.combat import fight
    from odds.emergence import example_path

    c = fight("empire_swordsmen", "orc_boyz", trials=n, seed=seed)
    _section("20 Empire swordsmen charge 25 orc boyz (built-in units): how the combat ends",
             format_table(c.outcomes.drop(columns="exact")))
    _section("... and its first round, exact beside simulated", format_table(c.first_round))

    from odds.combat.multiple import fight_scenario
    from odds.listbuilding import matchup_matrix

    h = fight_scenario(str(example_path("combat_heroes")), trials=n, seed=seed)
    ch = h.challenge
    _section("Empire knights and their Captain charge orc boyz and their Big Boss "
             "(example scenario): the sides, and the challenge",
             format_table(h.sides.drop(columns="exact"))
             + f"\nchallenge issued {ch['p_issued']:.3f}; the Captain wins the duel "
             f"{ch['p_challenger_wins']:.3f}; mean overkill {ch['mean_overkill']:.3f}")
    m = matchup_matrix("empire_swordsmen,empire_knights,dwarf_hammerers",
                       "orc_boyz,black_orcs,trolls", points=250, trials=max(2000, n // 10),
                       seed=seed, charger="a")
    grid = m.pivot(index="unit_a", columns="unit_b", values="p_a_wins")
    _section("List building: P(my unit wins) at 250 points each, my unit charging",
             grid.to_string(float_format=lambda x: f"{x:.3f}"))

    from odds.emergence import emerge, load_scenario

    e = emerge(load_scenario(example_path("emergence_ambush")), trials=n, seed=seed)
    _section("A tunnelling unit emerges near the enemy's war machines "
             "(example scenario): where it ends up", format_table(e.table))
    return 0
