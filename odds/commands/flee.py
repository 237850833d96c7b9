"""``odds flee``: a fleeing unit, turn by turn: rally or leave the table."""

from __future__ import annotations

import argparse

from odds.commands import _headline as hl
from odds.commands._output import (
    add_run_options,
    display_table,
    emit,
    int_in,
    nonneg_float,
    save_plot,
)
from odds.flight import MAX_TURNS, flee


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``flee`` subcommand."""
    p = sub.add_parser("flee", help="turn-by-turn odds that a fleeing unit rallies or runs off",
                       description="A fleeing unit tries to rally (2D6 <= Ld, >= 25% models) "
                       "each turn, else flees 5D6/8D6 cm towards its edge (MDNR: fleeing "
                       "and rallying).")
    p.add_argument("--move", type=nonneg_float, required=True, help="the unit's M (cm)")
    p.add_argument("--edge-distance", type=nonneg_float, required=True,
                   help="cm to the table edge it flees towards")
    p.add_argument("--ld", type=int_in(2, 10), required=True, help="leadership to rally (2-10)")
    p.add_argument("--turns", type=int_in(1, MAX_TURNS), default=3, help="turns to follow")
    p.add_argument("--flies", action="store_true", help="the unit flies (8D6)")
    p.add_argument("--musician", action="store_true",
                   help="the unit has a musician: +1 Ld to rally, max 10 (MDNR: rallying)")
    p.add_argument("--models", type=int_in(1), default=None, help="models left")
    p.add_argument("--starting-models", type=int_in(1), default=None, help="models at the start")
    add_run_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    r = flee(args.move, args.edge_distance, args.ld, turns=args.turns, flies=args.flies,
             models=args.models, starting_models=args.starting_models,
             musician=args.musician, trials=args.trials, seed=args.seed)
    t = r.table
    by_turn = []
    for turn, g in t.groupby("turn"):
        g = g.set_index("outcome")
        by_turn.append({
            "turn": int(turn),
            "p_rallied": g.loc["rallied", "probability"],
            "p_off_table": g.loc["off_table", "probability"],
            "exact": {"p_rallied": g.loc["rallied", "exact"],
                      "p_off_table": g.loc["off_table", "exact"]},
        })
    payload = {"trials": r.trials, "seed": r.seed, "inputs": r.inputs,
               "flee_dice": r.extra["flee_dice"], "can_rally": r.extra["can_rally"],
               "by_turn": by_turn}
    headline = hl.flee(r, args.lang)
    words = hl.OUTCOME_WORDS[args.lang]
    payload = {"headline": headline, **payload}
    emit(args.format, payload, t, f"{headline}\n{hl.small_print(r.trials, r.seed, args.lang)}",
         display=display_table(t, args.lang, words))
    if args.plot:
        from odds.plot import flight_curve, small_print

        i = r.inputs
        title = (f"Unidad en huida, L {i['ld']}, a {i['edge_distance']:g} cm de su borde "
                 f"(M {i['move']:g} cm)" if args.lang == "es" else
                 f"Fleeing unit, Ld {i['ld']}, {i['edge_distance']:g} cm from its edge "
                 f"(M {i['move']:g} cm)")
        ax = flight_curve(r, labels=words, title=title, lang=args.lang)
        small_print(ax.figure, hl.small_print(r.trials, r.seed, args.lang))
        save_plot(ax, args.plot, args.lang)
    return 0
