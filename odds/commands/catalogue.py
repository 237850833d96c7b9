"""``odds catalogue``: the unit entries of a BattleScribe catalogue, with points."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

import pandas as pd

from odds.commands._output import (
    FORMATS,
    add_lang_option,
    display_table,
    emit,
    points_text,
    profile_text,
    report_text,
    save_text,
)

if TYPE_CHECKING:
    from odds.battlescribe import ReportItem, UnitEntry


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``catalogue`` subcommand."""
    p = sub.add_parser(
        "catalogue", help="list the units of a BattleScribe catalogue",
        description="List the unit entries of a BattleScribe catalogue or game system (.cat, "
        ".catz, .gst, .gstz) with their points per model, troop type, unit strength, profile "
        "and default equipment, then summarise the import report (names the engine does not "
        "model).  Use an entry anywhere a unit is accepted as 'FILE.cat:Unit name'.")
    p.add_argument("file", help="catalogue file")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    add_lang_option(p)
    p.add_argument("--strict", action="store_true",
                   help="fail on the first rule, item or value the engine does not model")
    p.add_argument("--report", action="store_true",
                   help="print every report item, not just the summary")
    p.set_defaults(func=run)



def _record(e: UnitEntry, items: tuple[ReportItem, ...] = ()) -> dict[str, Any]:
    u = e.default_unit
    kinds = {k: list(dict.fromkeys(i.item for i in items if i.kind == k))
             for k in ("ignored", "approximated", "no_combat_effect")}
    return {
        "name": e.name,
        "points_per_model": points_text(e.points_per_model),
        "troop_type": e.troop_type,
        "unit_strength": e.unit_strength,
        "profile": e.profile.as_dict(),
        "min_models": e.min_models,
        "max_models": e.max_models,
        "weapon": u.equipment.weapon,
        "armour": u.equipment.armour,
        "shield": u.equipment.shield,
        "armour_save": u.armour_save,
        "special": list(u.special),
        "options": list(e.options),
        **kinds,
    }


def _row(e: UnitEntry) -> dict[str, Any]:
    u = e.default_unit
    return {
        "name": e.name,
        "points": points_text(e.points_per_model),
        "troop_type": e.troop_type,
        "US": e.unit_strength,
        "min": e.min_models or "",
        "profile": profile_text(e.profile),
        "weapon": u.equipment.weapon,
        "save": save_text(u.armour_save),
        "special": " ".join(u.special),
    }


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.battlescribe import load_catalogue

    cat = load_catalogue(args.file, strict=args.strict)
    table = pd.DataFrame([_row(e) for e in cat.entries])
    header = (f"{cat.name}: {len(cat.entries)} unidades (puntos por miniatura con el equipo por "
              "defecto; TSA en combate cuerpo a cuerpo)" if args.lang == "es" else
              f"{cat.name}: {len(cat.entries)} unit entries (points per model with the default"
              " equipment; save in close combat)")
    records: Any = [_record(e, cat.report.for_unit(e.name))  # JSON: a list of unit objects
                    for e in cat.entries]
    emit(args.format, records, table, header, display=display_table(table, args.lang))
    summary = report_text(cat.report, args.lang, every=args.report)
    print(summary, file=sys.stdout if args.format == "table" else sys.stderr)
    return 0
