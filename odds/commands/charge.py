"""``odds charge``: charge versus flee."""

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
    """Add the ``charge`` subcommand."""
    p = sub.add_parser("charge", help="odds that a charge catches a fleeing unit",
                       description="Charge versus flee (the 'flee' charge reaction, MDNR "
                       "chapter on movement): the target flees "
                       "5D6 cm (8D6 if M > 15 cm or flying); caught if 2M reaches it.")
    p.add_argument("--charger-move", type=nonneg_float, required=True, help="charger's M (cm)")
    p.add_argument("--target-move", type=nonneg_float, required=True, help="target's M (cm)")
    p.add_argument("--distance", type=nonneg_float, required=True, help="gap before the flee (cm)")
    p.add_argument("--target-flies", action="store_true", help="the target flies (8D6)")
    p.add_argument("--difficult", type=nonneg_float, default=0.0,
                   help="cm of difficult terrain on the charger's path (counts double)")
    p.add_argument("--wheel", type=nonneg_float, default=0.0, help="cm lost to a wheel")
    p.add_argument("--edge-distance", type=nonneg_float, default=None,
                   help="cm from the target to the table edge behind it")
    add_run_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.charge import charge_vs_flee

    r = charge_vs_flee(args.charger_move, args.target_move, args.distance,
                       target_flies=args.target_flies, difficult=args.difficult,
                       wheel=args.wheel, edge_distance=args.edge_distance,
                       trials=args.trials, seed=args.seed)
    payload = {
        **outcome_payload(r),
        "flee_dice": r.extra["flee_dice"],
        "reach": r.extra["reach"],
        "hold_reaches": r.extra["hold_reaches"],
        "gap_after_failed_charge": r.extra["gap"][["gap", "probability", "exact"]]
        .to_dict(orient="records"),
    }
    headline = hl.charge(r, args.lang)
    words = hl.OUTCOME_WORDS[args.lang]
    emit(args.format, {"headline": headline, **payload}, r.table,
         f"{headline}\n{hl.small_print(r.trials, r.seed, args.lang)}",
         display=display_table(r.table, args.lang, words))
    if args.plot:
        i = r.inputs
        title = (f"Carga M {i['charger_move']:g} cm contra una unidad a {i['distance']:g} cm "
                 f"que huye (M {i['target_move']:g} cm)" if args.lang == "es" else
                 f"Charge (M {i['charger_move']:g} cm) on a unit {i['distance']:g} cm away "
                 f"that flees (M {i['target_move']:g} cm)")
        save_outcome_plot(r, title, words, args.lang, args.plot)
    return 0
