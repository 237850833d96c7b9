"""The ``odds`` command line: parse, call, print.  No game logic here."""

from __future__ import annotations

import argparse
import importlib
import sys

from odds.commands import COMMAND_MODULES
from odds.commands._run import OneLineParser, run_command

SERVER_MODULES: tuple[str, ...] = ("odds.commands.serve",)
"""Commands that start a server rather than answer once (``odds serve``)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = OneLineParser(
        prog="odds",
        description="Odds for Warhammer Fantasy Battles 6th edition (MDNR, distances in cm).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in (*COMMAND_MODULES, *SERVER_MODULES):
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (2 for bad input, nothing printed on stdout then)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:  # a terminal that cannot show a name gets \\u escapes
            reconfigure(errors="backslashreplace")
    args = build_parser().parse_args(argv)
    return run_command(args, args.func)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
