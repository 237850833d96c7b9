"""Options shared by the list-building commands (``matrix``, ``sweep``) and their Dask client."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from odds.commands._output import int_in, nonneg_float
from odds.validation import OddsInputError


def add_list_building_options(p: argparse.ArgumentParser) -> None:
    """``--max-rounds``, ``--lang``, ``--scheduler`` and ``--progress``."""
    p.add_argument("--max-rounds", type=int_in(1, 50), default=10,
                   help="rounds before a combat counts as unresolved (default 10)")
    p.add_argument("--lang", choices=("en", "es"), default="en",
                   help="labels of tables and plots: en or es (MDNR terms)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None, type=scheduler_address,
                   help="run on this Dask scheduler (e.g. tcp://10.0.0.5:8786); default: here")
    p.add_argument("--scheduler-timeout", type=nonneg_float, default=10.0, metavar="SECONDS",
                   help="give up connecting to the scheduler after this long (default 10 s)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: only for long runs)")


_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})")


def scheduler_address(text: str) -> str:
    """Argparse type: a Dask scheduler address ``[tcp://]HOST:PORT`` (port 1-65535)."""
    m = _ADDRESS.fullmatch(text.strip())
    if m is None or not 1 <= int(m.group(2)) <= 65535:
        raise argparse.ArgumentTypeError(
            f"must be a scheduler address such as tcp://10.0.0.5:8786 (got {text!r})")
    return text.strip()


@contextmanager
def dask_client(address: str | None, timeout: float = 10.0) -> Iterator[Any]:
    """A ``distributed.Client`` connected to ``address`` (closed afterwards), or None.

    Raises
    ------
    OddsInputError
        ``scheduler: ...`` when no scheduler answers within ``timeout`` seconds.
    """
    if not address:
        yield None
        return
    from distributed import Client

    try:
        client = Client(address, timeout=max(timeout, 0.5))
    except (OSError, TimeoutError, ValueError) as exc:
        raise OddsInputError(f"scheduler: cannot connect to {address} within {timeout:g} s "
                             f"({type(exc).__name__}); is the scheduler running?") from None
    try:
        yield client
    finally:
        client.close()
