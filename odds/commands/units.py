"""``odds units``: list the built-in units (or describe one unit file)."""

from __future__ import annotations

import argparse
from typing import Any

import pandas as pd

from odds.commands._output import (
    FORMATS,
    add_lang_option,
    display_table,
    emit,
    points_text,
    profile_text,
    save_text,
)
from odds.unit_reference import load_unit
from odds.units import Unit, library_names, library_unit


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``units`` subcommand."""
    p = sub.add_parser("units", help="list the built-in units",
                       description="List the built-in units (profile, save, unit strength; "
                       "MDNR close combat chapter), or describe one unit given by built-in "
                       "name or TOML file.")
    p.add_argument("unit", nargs="?", default=None,
                   help="a built-in unit name or a path to a unit .toml file (default: all)")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    add_lang_option(p)
    p.set_defaults(func=run)




def _row(key: str, unit: Unit) -> dict[str, Any]:
    return {
        "unit": key,
        "name": unit.name,
        "troop_type": unit.troop_type,
        "models": unit.models,
        "files": unit.files,
        "profile": profile_text(unit.profile),
        "weapon": unit.equipment.weapon,
        "save": save_text(unit.armour_save),
        "US": unit.unit_strength,
        "ranks": unit.rank_bonus,
        "points": points_text(unit.points_per_model),
        "special": " ".join(unit.special),
    }


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    if args.unit is None:
        pairs = [(name, library_unit(name)) for name in library_names()]
        header = (f"{len(pairs)} unidades incluidas (TSA en combate cuerpo a cuerpo; potencia y "
                  "filas con la unidad completa)" if args.lang == "es" else
                  f"{len(pairs)} built-in units (save in close combat; US and ranks at full "
                  "size)")
    else:
        pairs = [(args.unit, load_unit(args.unit))]
        u = pairs[0][1]
        header = (f"{u.models} {u.name}: {u.files} de frente, {u.ranks} filas, potencia "
                  f"{u.unit_strength}, TSA {save_text(u.armour_save)} en combate"
                  if args.lang == "es" else
                  f"{u.models} {u.name}: {u.files} wide, {u.ranks} ranks, unit strength "
                  f"{u.unit_strength}, save {save_text(u.armour_save)} in close combat")
    table = pd.DataFrame([_row(key, unit) for key, unit in pairs])
    payload = {
        "units": [
            {
                "unit": key,
                **unit.to_dict(),
                "derived": {
                    "armour_save": unit.armour_save,
                    "unit_strength": unit.unit_strength,
                    "unit_strength_per_model": unit.unit_strength_per_model,
                    "ranks": unit.ranks,
                    "rank_bonus": unit.rank_bonus,
                    "causes_fear": unit.causes_fear,
                },
            }
            for key, unit in pairs
        ]
    }
    emit(args.format, payload, table, header, display=display_table(table, args.lang))
    return 0
