"""The ``odds`` command line: parse, call, print.  No game logic here."""

from __future__ import annotations

import argparse
import importlib
import sys

from odds.commands import COMMAND_MODULES
from odds.validation import OddsInputError


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="odds",
        description="Odds for Warhammer Fantasy Battles 6th edition (MDNR, distances in cm).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except OddsInputError as exc:
        print(f"odds {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
