"""``odds serve``: the web page for players, on this machine."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from odds.commands._cluster import scheduler_address
from odds.commands._output import int_in, nonneg_float
from odds.validation import OddsInputError

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")

_HOST = re.compile(r"[A-Za-z0-9.:\-\[\]]{1,253}")
"""What ``--host`` may hold: a host name, an IPv4 or an IPv6 address."""


def host_name(text: str) -> str:
    """``--host``: a host name or address (never empty: an empty host listens everywhere)."""
    if not _HOST.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"must be a host name or an IP address such as 127.0.0.1 (got {text!r})")
    return text.strip("[]")


def folder(text: str) -> str:
    """``--data``: a folder's path (never empty: an empty path would be the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must be a folder of BattleScribe catalogues (got '')")
    return text


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``serve`` subcommand."""
    p = sub.add_parser("serve", help="start the web page (pick two units, see who wins)",
                       description="Serve the web page and its JSON API (/openapi.json). The "
                       "built-in units are always there; --data adds BattleScribe catalogues "
                       "(default: BattleScribe's own data folder when it exists). Needs the "
                       "web extra: pip install -e '.[web]'.")
    p.add_argument("--host", type=host_name, default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int_in(0, 65535), default=8000, help="port (default 8000)")
    p.add_argument("--data", metavar="DIR", type=folder, action="append", default=None,
                   help="a folder of BattleScribe catalogues (.cat, .catz) and rosters (.ros, "
                   ".rosz); repeatable")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.add_argument("--workers", type=int_in(1, 64), default=None,
                   help="worker threads for the odds (default: one per core)")
    p.add_argument("--scheduler", metavar="ADDRESS", default=None, type=scheduler_address,
                   help="run matrix jobs on this Dask scheduler (e.g. tcp://10.0.0.5:8786), as "
                   "odds matrix --scheduler does; default: here")
    p.add_argument("--scheduler-timeout", type=nonneg_float, default=10.0, metavar="SECONDS",
                   help="give up connecting to the scheduler after this long (default 10 s)")
    p.set_defaults(func=run, stream_output=True)


def _data_dirs(given: list[str] | None) -> list[Path]:
    from odds.web.books import battlescribe_data_dir

    if given is None:
        found = battlescribe_data_dir()
        return [found] if found else []
    dirs = []
    for d in given:
        p = Path(d)
        if not p.is_dir():
            raise OddsInputError(f"data: {d!r} is not a folder")
        dirs.append(p)
    return dirs


def run(args: argparse.Namespace) -> int:
    """Run the command (until interrupted)."""
    try:
        import uvicorn

        from odds.web.app import create_app
    except ImportError as exc:
        raise OddsInputError(f"serve: the web extra is not installed ({exc.name}); run "
                             "pip install -e '.[web]'") from None
    dirs = _data_dirs(args.data)
    if args.host not in LOCAL_HOSTS:
        print(f"warning: listening on {args.host}: anyone who can reach it can use the page "
              "(it has no login)", file=sys.stderr)
    client = None
    if args.scheduler:
        from odds.commands._cluster import dask_client

        context = dask_client(args.scheduler, args.scheduler_timeout)
        client = context.__enter__()  # closed when the server stops
    try:
        return _serve(args, dirs, client, create_app, uvicorn)
    finally:
        if client is not None:
            context.__exit__(None, None, None)


def _serve(args: argparse.Namespace, dirs: list[Path], client, create_app, uvicorn) -> int:
    app = create_app(dirs, workers=args.workers, dask_client=client,
                     on_ready=lambda: print("odds: ready", file=sys.stderr, flush=True))
    kinds = [b.kind for b in app.state.library.books.values()]
    books, rosters = kinds.count("catalogue"), kinds.count("roster")
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}/"
    where = f"; matrix jobs on {args.scheduler}" if client is not None else ""
    print(f"odds: serving {url} (built-in units, {books} catalogue"
          f"{'' if books == 1 else 's'} and {rosters} roster{'' if rosters == 1 else 's'}"
          f"{where}); Ctrl+C stops", flush=True)
    if args.open:
        import webbrowser

        threading_open(webbrowser, url)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def threading_open(webbrowser, url: str) -> None:
    """Open ``url`` in a browser once the server had a moment to start."""
    import threading

    threading.Timer(1.0, webbrowser.open, args=(url,)).start()
