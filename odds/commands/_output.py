"""Shared CLI helpers: argument types, common options and output."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

import pandas as pd

from odds.results import format_table
from odds.units import CHARACTERISTICS

FORMATS = ("table", "json", "csv")


def nonneg_float(text: str) -> float:
    """Argparse type: a finite number >= 0."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number >= 0 (got {text!r})") from None
    if not math.isfinite(x) or x < 0:
        raise argparse.ArgumentTypeError(f"must be a number >= 0 (got {text!r})")
    return x


def int_in(low: int, high: int | None = None):
    """Argparse type factory: an integer in ``[low, high]``."""
    rng = f"in [{low}, {high}]" if high is not None else f">= {low}"

    def parse(text: str) -> int:
        try:
            x = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be an integer {rng} (got {text!r})") from None
        if x < low or (high is not None and x > high):
            raise argparse.ArgumentTypeError(f"must be an integer {rng} (got {text!r})")
        return x

    return parse


def add_run_options(p: argparse.ArgumentParser, default_trials: int = 1_000_000) -> None:
    """``--trials``, ``--seed``, ``--format`` and ``--plot``."""
    p.add_argument("--trials", type=int_in(1, 10**10), default=default_trials,
                   help=f"Monte Carlo trials (default {default_trials:_})")
    p.add_argument("--seed", type=int_in(0), default=None,
                   help="random seed (default: fresh entropy, printed with the result)")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    p.add_argument("--plot", metavar="FILE.png", default=None, help="also write a PNG figure")


def jsonable(obj: Any) -> Any:
    """Convert numpy/pandas scalars and NaN to plain JSON values."""
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(v) for v in obj]
    if hasattr(obj, "item") and not isinstance(obj, (str, bytes)):
        obj = obj.item()
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    return obj


def outcome_payload(result: Any) -> dict[str, Any]:
    """JSON keys shared by outcome results.

    ``trials``, ``seed``, ``inputs``, one ``p_<outcome>`` per row, and
    ``stderr`` / ``exact`` objects with the same ``p_*`` keys.
    """
    t = result.table.set_index("outcome")
    return {
        "trials": result.trials,
        "seed": result.seed,
        "inputs": result.inputs,
        **{f"p_{k}": t.loc[k, "probability"] for k in t.index},
        "stderr": {f"p_{k}": t.loc[k, "stderr"] for k in t.index},
        "exact": {f"p_{k}": t.loc[k, "exact"] for k in t.index},
    }


def points_text(value: float) -> float | int:
    """Points for a table: ``12`` rather than ``12.0``."""
    return int(value) if float(value).is_integer() else value


def save_text(roll: int) -> str:
    """A save for a table: ``4+``, or ``-`` for none (7)."""
    return "-" if roll >= 7 else f"{roll}+"


def profile_text(profile: Any) -> str:
    """A profile on one line: ``M10 WS3 BS3 S3 T3 W1 I3 A1 Ld7``."""
    return " ".join(f"{c}{getattr(profile, c)}" for c in CHARACTERISTICS)


def emit(fmt: str, payload: dict[str, Any], table: pd.DataFrame, header: str = "") -> None:
    """Print a result as a table, JSON (``payload``) or CSV (``table``)."""
    if fmt == "json":
        json.dump(jsonable(payload), sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif fmt == "csv":
        table.to_csv(sys.stdout, index=False)
    else:
        if header:
            print(header)
        print(format_table(table))


def print_warnings(warnings: list[str], fmt: str) -> None:
    """One line per unit whose import ignored or approximated something (issue 11 §2).

    Printed after a table on stdout; with JSON (which carries them as
    ``warnings``) or CSV, on stderr so the output stays parseable.
    """
    out = sys.stdout if fmt == "table" else sys.stderr
    for line in warnings:
        print(f"warning: {line} (the odds are approximate)", file=out)


def save_plot(ax: Any, path: str | None) -> None:
    """Write the figure holding ``ax`` to ``path`` (PNG) if a path was given."""
    if path is None:
        return
    fig = ax.figure
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    import matplotlib.pyplot as plt

    plt.close(fig)
    print(f"wrote {path}", file=sys.stderr)
