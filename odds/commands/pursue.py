"""``odds pursue``: flee versus pursuit after a lost combat."""

from __future__ import annotations

import argparse

from odds.commands import _headline as hl
from odds.commands._output import (
    add_run_options,
    display_table,
    emit,
    nonneg_float,
    outcome_payload,
    save_outcome_plot,
)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``pursue`` subcommand."""
    p = sub.add_parser("pursue", help="odds that a pursuer catches a broken unit",
                       description="Flee versus pursuit (MDNR: pursuit after a broken "
                       "combat): caught if the "
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
    headline = hl.pursue(r, args.lang)
    words = hl.OUTCOME_WORDS[args.lang]
    emit(args.format, {"headline": headline, **payload}, r.table,
         f"{headline}\n{hl.small_print(r.trials, r.seed, args.lang)}",
         display=display_table(r.table, args.lang, words))
    if args.plot:
        i = r.inputs
        title = (f"Persecución: M {i['pursuer_move']:g} cm tras una unidad en huida "
                 f"(M {i['fleer_move']:g} cm)" if args.lang == "es" else
                 f"Pursuit: M {i['pursuer_move']:g} cm after a broken unit "
                 f"(M {i['fleer_move']:g} cm)")
        save_outcome_plot(r, title, words, args.lang, args.plot)
    return 0
