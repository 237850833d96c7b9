"""``odds pursue``: flee versus pursuit after a lost combat."""

from __future__ import annotations

import argparse

from odds.commands._output import (
    add_run_options,
    emit,
    nonneg_float,
    outcome_payload,
    save_plot,
)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``pursue`` subcommand."""
    p = sub.add_parser("pursue", help="odds that a pursuer catches a broken unit",
                       description="Flee versus pursuit (RULES.md §4.1, §4.3): caught if the "
                       "pursuit roll >= the flee roll.")
    p.add_argument("--pursuer-move", type=nonneg_float, required=True, help="pursuer's M (cm)")
    p.add_argument("--fleer-move", type=nonneg_float, required=True, help="fleeing unit's M (cm)")
    p.add_argument("--pursuer-flies", action="store_true", help="the pursuer flies (8D6)")
    p.add_argument("--fleer-flies", action="store_true", help="the fleeing unit flies (8D6)")
    p.add_argument("--edge-distance", type=nonneg_float, default=None,
                   help="cm from the fleeing unit to the table edge")
    add_run_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.pursuit import pursue

    r = pursue(args.pursuer_move, args.fleer_move, pursuer_flies=args.pursuer_flies,
               fleer_flies=args.fleer_flies, edge_distance=args.edge_distance,
               trials=args.trials, seed=args.seed)
    payload = {
        **outcome_payload(r),
        "pursuer_dice": r.extra["pursuer_dice"],
        "fleer_dice": r.extra["fleer_dice"],
    }
    header = (f"Pursuit {r.extra['pursuer_dice']}D6 vs flee {r.extra['fleer_dice']}D6; "
              f"trials={r.trials:,} seed={r.seed}")
    emit(args.format, payload, r.table, header)
    if args.plot:
        from odds.plot import outcome_bars

        save_plot(outcome_bars(r, title="Flee versus pursuit"), args.plot)
    return 0
