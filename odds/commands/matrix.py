"""``odds matrix``: every unit of one list against every unit of another."""

from __future__ import annotations

import argparse
import sys

from odds.commands import _headline as hl
from odds.commands._cluster import add_list_building_options, dask_client
from odds.commands._output import (
    add_run_options,
    command_choice,
    display_table,
    emit,
    nonneg_float,
    print_warnings,
    save_plot,
)


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``matrix`` subcommand."""
    p = sub.add_parser(
        "matrix", help="matchup matrix of two army lists (full combats, equal points)",
        description="Every unit of LIST_A fights every unit of LIST_B to a result, each as the "
        "charger and as the charged (MDNR close combat chapter). A list is a BattleScribe roster "
        "(.ros/.rosz), a whole catalogue (.cat: every unit entry, at its minimum size or at "
        "--points) or comma-separated units: built-in names (see `odds units`), TOML files, "
        "catalogue units (FILE.cat:Unit name?models=20&files=5&command=full) or roster units "
        "(FILE.ros:Unit name).")
    p.add_argument("list_a", metavar="LIST_A", help="my list: roster file or comma-separated units")
    p.add_argument("list_b", metavar="LIST_B", help="their list, as LIST_A")
    p.add_argument("--points", type=nonneg_float, default=None,
                   help="buy every unit to these points (as many models as fit, keeping its "
                   "frontage); default: the units as given")
    p.add_argument("--command", dest="command_group", default="keep", type=command_choice,
                   help="command group of units bought to --points: keep, full, none or parts "
                   "joined by + (e.g. standard+musician); default keep")
    p.add_argument("--charger", choices=("both", "a", "b", "none"), default="both",
                   help="who charges: both (a row each way, default), a, b or none")
    p.add_argument("--strict", action="store_true",
                   help="refuse units whose rules the engine ignores or approximates (units "
                   "of a whole catalogue are left out instead); default: they fight, marked *")
    p.add_argument("--efficiency", action="store_true",
                   help="also rank the units by what they achieve per 100 points (with "
                   "--format csv: print the ranking instead of the matrix)")
    add_list_building_options(p)
    add_run_options(p, default_trials=20_000)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.listbuilding import efficiency, heatmap, matchup_matrix
    from odds.listbuilding.labels import canonical
    from odds.listbuilding.matrix import field_list

    for spec, what in ((args.list_a, "list_a"), (args.list_b, "list_b")):  # before connecting
        field_list(spec, what, args.points, args.command_group, args.strict)
    with dask_client(args.scheduler, args.scheduler_timeout) as client:
        table = matchup_matrix(args.list_a, args.list_b, points=args.points, trials=args.trials,
                               seed=args.seed, charger=args.charger, max_rounds=args.max_rounds,
                               command=args.command_group, client=client, progress=args.progress,
                               lang=args.lang, strict=args.strict)
    seed = table.attrs["seed"]
    ranking = efficiency(table, lang=args.lang) if args.efficiency else None
    warnings = [*table.attrs["left_out"], *table.attrs["warnings"]]
    if args.format == "json":
        payload = {"headline": _headline(canonical(table), args.points, args.lang),
                   "trials": args.trials, "seed": seed, "points": args.points,
                   "charger": args.charger, "max_rounds": args.max_rounds, "lang": args.lang,
                   "cells": table.to_dict(orient="records"),
                   "warnings": warnings}
        if ranking is not None:
            payload["efficiency"] = ranking.to_dict(orient="records")
        emit("json", payload, table)
    elif args.format == "csv":
        emit("csv", {}, ranking if ranking is not None else table)
    else:
        args.approximated_units = table.attrs["approximated_units"]
        _print_tables(canonical(table), ranking, args, seed)
    print_warnings(warnings, args.format, args.lang)
    if args.plot:
        from odds.plot import small_print

        ax = heatmap(table, lang=args.lang)
        small_print(ax.figure, hl.small_print(args.trials, seed, args.lang, per="cell"))
        save_plot(ax, args.plot, args.lang)
    return 0


APPROXIMATED_NOTE = {
    "en": "* rules ignored or approximated (see the warnings): the odds of its cells are "
          "approximate",
    "es": "* reglas ignoradas o aproximadas (ver los avisos): sus probabilidades son "
          "aproximadas",
}
"""The mark of a unit whose import ignored or approximated rules, by language."""


def _headline(table, points, lang: str) -> str:
    """The matrix headline, with the approximation mark when any cell carries it."""
    text = hl.matrix(table, points, lang)
    if "approximated" in table.columns and table["approximated"].any():
        text += f"\n{APPROXIMATED_NOTE[lang]}"
    return text


def _starred(table, marked):
    """The table with ``" *"`` after the name of every unit in ``marked``."""
    if not marked:
        return table
    out = table.copy()
    for col in ("unit_a", "unit_b"):
        out[col] = [f"{u} *" if u in marked else u for u in out[col]]
    return out


_RANKING_SHOWN = ("rank", "tied", "list", "unit", "points", "p_win", "p_loss", "p_no_combat",
                  "p_win_per_100", "p_win_per_100_stderr", "casualties_points_per_100")
"""Columns of the efficiency ranking in the text output (JSON and CSV have them all)."""


def _print_tables(table, ranking, args: argparse.Namespace, seed: int) -> None:
    from odds.i18n import number_text
    from odds.listbuilding.labels import VALUES, label, translate
    from odds.results import format_table

    lang = args.lang
    print(_headline(table, args.points, lang))
    print(hl.small_print(args.trials, seed, lang, per="cell"))
    table = _starred(table, set(args.approximated_units))
    for who, part in table.groupby("charger", sort=False):
        grid = part.pivot(index="unit_a", columns="unit_b", values="p_a_wins")
        grid = grid.reindex(index=list(dict.fromkeys(part["unit_a"])),
                            columns=list(dict.fromkeys(part["unit_b"])))
        grid.index.name = label("unit_a", lang)
        grid.columns.name = label("unit_b", lang)
        print(f"\n{label('p_a_wins', lang)}, {label('charger', lang)}: "
              f"{VALUES['charger'][lang][who]}")
        print(grid.to_string(float_format=lambda x: number_text(x, 3, lang)))
    cols = ["unit_a", "unit_b", "charger", "models_a", "models_b", "points_a", "points_b",
            "p_a_wins", "p_b_wins", "p_unresolved", "p_no_combat", "margin", "casualties_a",
            "casualties_b"]
    print()
    print(format_table(display_table(translate(table[cols], lang), lang)))
    if ranking is not None:
        print()
        print(f"{label('rank', lang)}: {ranking.attrs['per']}")
        shown = [label(c, lang) if lang != "en" else c for c in _RANKING_SHOWN]
        print(format_table(display_table(ranking[[c for c in shown if c in ranking.columns]],
                                         lang)))
    sys.stdout.flush()
