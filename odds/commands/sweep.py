"""``odds sweep``: one matchup's odds as parameters change."""

from __future__ import annotations

import argparse
from typing import Any

from odds.commands import _headline as hl
from odds.commands._cluster import add_list_building_options, dask_client
from odds.commands._output import (
    add_run_options,
    display_table,
    emit,
    nonneg_float,
    print_warnings,
    save_plot,
)


def _value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip()


def parse_vary(text: str) -> tuple[str, list[Any]]:
    """Argparse type: ``NAME=V1,V2,...`` (numbers and true/false converted)."""
    name, sep, values = text.partition("=")
    items = values.split(",")
    if not sep or not name.strip() or not all(v.strip() for v in items):
        raise argparse.ArgumentTypeError(f"must be NAME=V1,V2,... with no empty value "
                                         f"(got {text!r})")
    return name.strip(), [_value(v) for v in items]


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``sweep`` subcommand."""
    p = sub.add_parser(
        "sweep", help="odds of one matchup over a grid of parameters",
        description="Unit A fights unit B (full combats) at every point of a grid: "
        "--vary models=10,20,30 --vary charger=a,b sweeps the product. Parameters: models, "
        "files, points, opponent_points, charger (a, b, none), command, weapon, shield, "
        "armour, barding, a characteristic (M WS BS S T W I A Ld), opponent (unit specs) or "
        "another unit field (see odds.listbuilding.sweep).")
    p.add_argument("unit", metavar="UNIT", help="unit A: built-in name, TOML or catalogue spec")
    p.add_argument("opponent", metavar="OPPONENT", help="unit B, as UNIT")
    p.add_argument("--vary", type=parse_vary, action="append", required=True,
                   metavar="NAME=V1,V2", help="a parameter and its values (repeatable)")
    p.add_argument("--points", type=nonneg_float, default=None,
                   help="buy both units to these points before the grid is applied")
    p.add_argument("--charger", choices=("a", "b", "none"), default="a",
                   help="who charges where charger is not varied (default a)")
    p.add_argument("--strict", action="store_true",
                   help="refuse a unit whose rules the engine ignores or approximates")
    add_list_building_options(p)
    add_run_options(p, default_trials=20_000)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.i18n import term
    from odds.listbuilding import sweep, sweep_plot
    from odds.listbuilding.labels import canonical, label
    from odds.validation import OddsInputError

    grid: dict[str, list[Any]] = {}
    for name, values in args.vary:
        if name in grid:
            raise OddsInputError(f"vary: {name} given twice")
        grid[name] = values
    from odds.listbuilding.lists import resolve_list
    from odds.listbuilding.matrix import field_list

    for spec, what in ((args.unit, "base"), (args.opponent, "opponent")):  # before connecting
        if len(resolve_list(spec, what)) != 1:
            raise OddsInputError(f"{what}: must be one unit")
        field_list(spec, what, strict=args.strict)
    with dask_client(args.scheduler, args.scheduler_timeout) as client:
        table = sweep(args.unit, grid, opponent=args.opponent, charger=args.charger,
                      points=args.points, trials=args.trials, seed=args.seed,
                      max_rounds=args.max_rounds, client=client, progress=args.progress,
                      lang=args.lang)
    seed = table.attrs["seed"]
    if args.format == "json":
        emit("json", {"headline": hl.sweep(canonical(table), list(grid), args.lang),
                      "trials": args.trials, "seed": seed, "grid": grid, "lang": args.lang,
                      "rows": table.to_dict(orient="records"),
                      "warnings": table.attrs["warnings"]}, table)
    elif args.format == "csv":
        emit("csv", {}, table)
    else:
        names = list(grid)
        shown = [*names, "unit_a", "unit_b", "models_a", "points_a", "p_a_wins", "p_b_wins",
                 "p_no_combat", "margin", "casualties_a", "casualties_b"]
        cols = [label(c, args.lang) if args.lang != "en" else c for c in shown]
        cols = list(dict.fromkeys(c for c in cols if c in table.columns))
        small = hl.small_print(args.trials, seed, args.lang, per="point")
        shown_table = table[cols].copy()
        for n in names:  # a weapon or armour as a player reads it, not its code
            col = label(n, args.lang) if args.lang != "en" else n
            if n in ("weapon", "armour") and col in shown_table:
                shown_table[col] = [term(n, x, args.lang) if isinstance(x, str) else x
                                    for x in shown_table[col]]
        shown_table = shown_table.rename(columns={n: term("parameter", n, args.lang)
                                                  for n in names if args.lang == "es"})
        emit("table", {}, table[cols],
             header=f"{hl.sweep(canonical(table), names, args.lang)}\n{small}",
             display=display_table(shown_table, args.lang))
    print_warnings(table.attrs["warnings"], args.format, args.lang)
    if args.plot:
        names = [n for n in grid if n != "charger"] or list(grid)
        from odds.plot import small_print

        ax = sweep_plot(table, names[0], lang=args.lang)
        small_print(ax.figure, hl.small_print(args.trials, seed, args.lang, per="point"))
        save_plot(ax, args.plot, args.lang)
    return 0
