"""``odds roster``: the units of a BattleScribe roster, ready to fight."""

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
from odds.units import Unit
from odds.validation import OddsInputError

if TYPE_CHECKING:
    from odds.characters import Character


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``roster`` subcommand."""
    p = sub.add_parser(
        "roster", help="list the units of a BattleScribe roster",
        description="List the units of a BattleScribe roster (.ros, .rosz) as the engine "
        "imports them: size, frontage, points, profile, equipment, command and special rules; "
        "then summarise the import report.")
    p.add_argument("file", help="roster file")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    add_lang_option(p)
    p.add_argument("--strict", action="store_true",
                   help="fail on the first rule, item or value the engine does not model")
    p.add_argument("--join", action="append", default=[], metavar="CHARACTER=UNIT",
                   help="a character of the roster joins a unit (repeatable; the roster's own "
                   "notes 'join: UNIT' are read too)")
    p.set_defaults(func=run)



def _command(u: Unit) -> str:
    c = u.command
    return " ".join(r for r in ("champion", "standard", "musician") if getattr(c, r))


def _equipment(u: Unit) -> str:
    e = u.equipment
    parts = [e.weapon, e.armour + " armour" if e.armour != "none" else ""]
    parts += ["shield" if e.shield else "", "barding" if e.barding else ""]
    return ", ".join(p for p in parts if p)


def _row(u: Unit) -> dict[str, Any]:
    return {
        "name": u.name,
        "troop_type": u.troop_type,
        "models": u.models,
        "files": u.files,
        "points": points_text(u.points),
        "profile": profile_text(u.profile),
        "equipment": _equipment(u),
        "save": save_text(u.armour_save),
        "command": _command(u),
        "rules": " ".join(u.special),
    }


def _character_row(c: Character, joins: str) -> dict[str, Any]:
    e = c.equipment
    return {
        "name": c.name, "troop_type": f"character ({c.mount_type})", "models": 1, "files": "",
        "points": points_text(c.points), "profile": profile_text(c.profile),
        "equipment": ", ".join(x for x in (e.weapon, e.armour + " armour" if e.armour != "none"
                                             else "", "shield" if e.shield else "") if x),
        "save": save_text(c.armour_save),
        "command": " ".join(x for x in ("general" if c.general else "",
                                         "battle standard" if c.battle_standard else "") if x),
        "rules": " ".join(c.special) + (f" joins {joins}" if joins else ""),
    }


def _joins(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        char, sep, unit = item.partition("=")
        if not sep or not char.strip() or not unit.strip():
            raise OddsInputError(f"--join: must be CHARACTER=UNIT (got {item!r})")
        out[char.strip()] = unit.strip()
    return out


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.battlescribe import load_roster

    roster = load_roster(args.file, strict=args.strict, join=_joins(args.join))
    rows = [_row(u) for u in roster.units]
    rows += [_character_row(c, roster.joined.get(c.name, "")) for c in roster.characters]
    table = pd.DataFrame(rows)
    payload = {
        "name": roster.name,
        "points": roster.points,
        "units": [{**u.to_dict(), "points": u.points, "armour_save": u.armour_save}
                  for u in roster.units],
        "characters": [{"name": c.name, "points": c.points, "joins": roster.joined.get(c.name),
                        "general": c.general, "battle_standard": c.battle_standard,
                        "mount_type": c.mount_type, "profile": c.profile.as_dict(),
                        "armour_save": c.armour_save, "special": list(c.special)}
                       for c in roster.characters],
        "report": roster.report.as_records(),
    }
    header = (f"{roster.name}: {len(roster.units)} unidades, {len(roster.characters)}"
              f" personajes, {points_text(roster.points)} puntos" if args.lang == "es" else
              f"{roster.name}: {len(roster.units)} units, {len(roster.characters)} characters,"
              f" {points_text(roster.points)} points")
    emit(args.format, payload, table, header, display=display_table(table, args.lang))
    print(report_text(roster.report, args.lang),
          file=sys.stdout if args.format == "table" else sys.stderr)
    return 0
