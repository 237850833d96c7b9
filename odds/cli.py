"""The ``odds`` command line: parse, call, print.  No game logic here."""

from __future__ import annotations

import argparse
import importlib
import sys

from odds.commands import COMMAND_MODULES
from odds.commands._run import OneLineParser, run_command

SERVER_MODULES: tuple[str, ...] = ("odds.commands.serve",)
"""Commands that start a server rather than answer once (``odds serve``)."""


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered; its help in ``lang``."""
    parser = OneLineParser(
        prog="odds",
        description="Odds for Warhammer Fantasy Battles 6th edition (MDNR, distances in cm).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in (*COMMAND_MODULES, *SERVER_MODULES):
        importlib.import_module(name).register(sub)
    for each in (parser, *sub.choices.values()):
        each.lang = lang
    if lang == "es":
        _spanish_help(parser, sub)
    return parser


def _spanish_help(parser: argparse.ArgumentParser, sub: argparse._SubParsersAction) -> None:
    """Put the Spanish help texts of :mod:`odds.i18n` on ``parser`` and its commands."""
    from odds.i18n import HELP_ES

    parser.description = HELP_ES["odds"][1]
    summaries = {a.dest: a for a in sub._choices_actions}
    _spanish_options(parser, "")
    for name, command in sub.choices.items():
        summary, description = HELP_ES.get(name, ("", ""))
        if summary and name in summaries:
            summaries[name].help = summary
        if description:
            command.description = description
        _spanish_options(command, name)


def _spanish_options(parser: argparse.ArgumentParser, command: str) -> None:
    """Spanish help and section titles on ``parser``: the shared options, then ``command``'s."""
    from odds.help_es import COMMAND_OPTION_HELP_ES, SECTION_TITLES_ES
    from odds.i18n import OPTION_HELP_ES

    own = COMMAND_OPTION_HELP_ES.get(command, {})
    for action in parser._actions:
        text = own.get(action.dest, OPTION_HELP_ES.get(action.dest))
        if text is not None and action.help is not argparse.SUPPRESS:
            action.help = text
    for group in parser._action_groups:
        group.title = SECTION_TITLES_ES.get(group.title or "", group.title)


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (2 for bad input, nothing printed on stdout then)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:  # a terminal that cannot show a name gets \\u escapes
            reconfigure(errors="backslashreplace")
    from odds.i18n import help_lang

    args = build_parser(help_lang(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    return run_command(args, args.func)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
