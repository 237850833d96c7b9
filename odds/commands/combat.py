"""``odds combat``: two units fight to a result."""

from __future__ import annotations

import argparse

from odds.commands._output import add_run_options, emit, int_in, save_plot


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``combat`` subcommand."""
    p = sub.add_parser("combat", help="odds of a close combat fought to a result",
                       description="Two units fight round after round until one breaks or is "
                       "destroyed (RULES.md §1-§4). Units are built-in names (see `odds units`) "
                       "or TOML files.")
    p.add_argument("attacker", help="attacking unit: library name or TOML path")
    p.add_argument("defender", help="defending unit: library name or TOML path")
    p.add_argument("--charger", choices=("attacker", "defender", "none"), default="attacker",
                   help="who charged this turn (default attacker)")
    p.add_argument("--max-rounds", type=int_in(1, 50), default=10,
                   help="rounds before the combat counts as unresolved (default 10)")
    p.add_argument("--attacker-bonus", type=int_in(-10, 10), default=0,
                   help="static combat-result bonus for the attacker (flank +1, rear +2, items)")
    p.add_argument("--defender-bonus", type=int_in(-10, 10), default=0,
                   help="static combat-result bonus for the defender")
    add_run_options(p, default_trials=200_000)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.combat import SideOptions, fight

    r = fight(args.attacker, args.defender, charger=args.charger, max_rounds=args.max_rounds,
              trials=args.trials, seed=args.seed,
              attacker_options=SideOptions(static_bonus=args.attacker_bonus),
              defender_options=SideOptions(static_bonus=args.defender_bonus))
    o = r.outcomes.set_index("outcome")
    f = r.first_round.set_index("outcome")
    payload = {
        "trials": r.trials,
        "seed": r.seed,
        "attacker": r.inputs["attacker"],
        "defender": r.inputs["defender"],
        "charger": r.inputs["charger"],
        "outcomes": o["probability"].to_dict(),
        "outcomes_stderr": o["stderr"].to_dict(),
        "first_round": f["probability"].to_dict(),
        "first_round_exact": f["exact"].to_dict(),
        "p_attacker_wins": r.p_win("attacker"),
        "p_defender_wins": r.p_win("defender"),
        "rounds": r.n_rounds[["rounds", "probability"]].to_dict(orient="records"),
    }
    header = (f"{r.inputs['attacker']} vs {r.inputs['defender']} (charger: "
              f"{r.inputs['charger']}); trials={r.trials:,} seed={r.seed}")
    if args.format == "table":
        from odds.results import format_table

        print(header)
        print(format_table(r.outcomes.drop(columns="exact")))
        print("\nFirst round:")
        print(format_table(r.first_round))
    else:
        emit(args.format, payload, r.outcomes)
    if args.plot:
        from odds.combat.plot import summary

        save_plot(summary(r), args.plot)
    return 0
