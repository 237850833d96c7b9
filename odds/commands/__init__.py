"""Command-line subcommands: one module per command, each with ``register``.

A module registers its subparser with ``register(subparsers)`` and sets
``func`` to a callable ``func(args) -> int`` (the exit code).
"""

COMMAND_MODULES: tuple[str, ...] = (
    "odds.commands.demo",
    "odds.commands.charge",
    "odds.commands.pursue",
    "odds.commands.flee",
    "odds.commands.units",
    "odds.commands.combat",
    "odds.commands.emerge",
    "odds.commands.matrix",
    "odds.commands.sweep",
    "odds.commands.catalogue",
    "odds.commands.roster",
)
