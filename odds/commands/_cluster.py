"""Options shared by the list-building commands (``matrix``, ``sweep``) and their Dask client."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from odds.commands._output import int_in


def add_list_building_options(p: argparse.ArgumentParser) -> None:
    """``--max-rounds``, ``--lang``, ``--scheduler`` and ``--progress``."""
    p.add_argument("--max-rounds", type=int_in(1, 50), default=10,
                   help="rounds before a combat counts as unresolved (default 10)")
    p.add_argument("--lang", choices=("en", "es"), default="en",
                   help="labels of tables and plots: en or es (MDNR terms)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="run on this Dask scheduler (e.g. tcp://10.0.0.5:8786); default: here")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: only for long runs)")


@contextmanager
def dask_client(address: str | None) -> Iterator[Any]:
    """A ``distributed.Client`` connected to ``address`` (closed afterwards), or None."""
    if not address:
        yield None
        return
    from distributed import Client

    client = Client(address)
    try:
        yield client
    finally:
        client.close()
