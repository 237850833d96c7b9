"""Shared CLI helpers: argument types, common options and output."""

from __future__ import annotations

import argparse
import json
import math
import numbers
import re
import sys
from typing import Any

import pandas as pd

from odds.i18n import PROFILE_LETTERS, default_lang, number_text, term, word
from odds.results import POINTS_COLUMNS, format_points, format_table
from odds.units import CHARACTERISTICS

FORMATS = ("table", "json", "csv")


_ASCII_NUMBER = re.compile(
    r"[+-]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?|\.[0-9][0-9_]*)(?:[eE][+-]?[0-9]+)?")


def nonneg_float(text: str) -> float:
    """Argparse type: a finite number >= 0 (ASCII digits only: ``１０`` is refused)."""
    try:
        if not _ASCII_NUMBER.fullmatch(text.strip()) or len(text) > 50:
            raise ValueError(text)
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
            if not re.fullmatch(r"[+-]?[0-9][0-9_]{0,30}", text.strip()):
                raise ValueError(text)
            x = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be an integer {rng} (got {text!r})") from None
        if x < low or (high is not None and x > high):
            raise argparse.ArgumentTypeError(f"must be an integer {rng} (got {text!r})")
        return x

    return parse


def command_choice(text: str) -> str:
    """Argparse type: ``keep``, ``full``, ``none`` or distinct command parts joined by ``+``."""
    parts = [p.strip() for p in text.split("+")]
    if text in ("keep", "full", "none") or (
            all(p in ("champion", "standard", "musician") for p in parts)
            and len(set(parts)) == len(parts)):
        return text
    raise argparse.ArgumentTypeError(
        "must be keep, full, none or some of champion, standard, musician, each once, "
        f"joined by '+' (got {text!r})")


def add_run_options(p: argparse.ArgumentParser, default_trials: int = 1_000_000) -> None:
    """``--trials``, ``--seed``, ``--format`` and ``--plot``."""
    p.add_argument("--trials", type=int_in(1, 10**10), default=default_trials,
                   help=f"Monte Carlo trials (default {default_trials:_})")
    p.add_argument("--seed", type=int_in(0), default=None,
                   help="random seed (default: fresh entropy, printed with the result)")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    p.add_argument("--plot", metavar="FILE.png", default=None,
                   help="also write a figure (.png, .pdf or .svg; checked before the run)")
    add_lang_option(p)


def add_lang_option(p: argparse.ArgumentParser) -> None:
    """``--lang en|es``: the language of headlines, tables and plots."""
    if "--lang" in p._option_string_actions:
        return
    p.add_argument("--lang", choices=("en", "es"), default=default_lang(),
                   help="language of the headline, tables and plots: en, or es (MDNR terms); "
                   "default en, or the environment variable ODDS_LANG")


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


COLUMN_WORDS_ES: dict[str, str] = {
    "outcome": "resultado", "probability": "probabilidad", "stderr": "error típico",
    "ci_low": "IC 95 % bajo", "ci_high": "IC 95 % alto", "exact": "exacta", "turn": "turno",
    "unit": "unidad", "side": "bando", "name": "nombre", "troop_type": "tipo de tropa",
    "models": "miniaturas", "files": "columnas", "profile": "perfil", "weapon": "arma",
    "save": "TSA", "points": "puntos", "special": "reglas especiales", "rules": "reglas",
    "equipment": "equipo", "command": "grupo de mando", "ranks": "filas", "US": "potencia",
    "min": "mín. miniaturas", "term": "término", "mean": "media", "rounds": "turnos",
    "round": "turno",
}
"""Spanish (MDNR) headers of the tables printed with ``--lang es``."""


SIDES_ES = {"attacker": "atacante", "defender": "defensor"}


def display_table(table: pd.DataFrame, lang: str = "en",
                  outcomes: dict[str, str] | None = None) -> pd.DataFrame:
    """A result table as printed: outcome codes in words, headers in ``lang``.

    In Spanish, the engine's names in the cells (troop types, weapons,
    equipment, command, special rules, profile letters, sides) become MDNR
    words and numbers take the decimal comma.  JSON and CSV keep the codes and
    English column names (they are read by programs).
    """
    out = table.copy()
    if outcomes and "outcome" in out:
        out["outcome"] = [outcomes.get(str(o), str(o)) for o in out["outcome"]]
    for column in POINTS_COLUMNS:  # whole points, or one decimal, in either language
        if column in out:
            out[column] = [format_points(x, lang) if isinstance(x, numbers.Real)
                           and not isinstance(x, bool) else x for x in out[column]]
    if lang != "es":
        return out
    for column, convert in _CELLS_ES.items():
        if column in out:
            out[column] = [convert(x) if isinstance(x, str) else x for x in out[column]]
    for column in out.columns:
        if pd.api.types.is_bool_dtype(out[column]):  # Empate: sí / no, never True / False
            out[column] = ["sí" if x else "no" for x in out[column]]
        elif pd.api.types.is_float_dtype(out[column]):
            out[column] = [("-" if not math.isfinite(x) else number_text(x, 4, "es"))
                           for x in out[column]]
    return out.rename(columns=COLUMN_WORDS_ES)


def _words_es(kind: str) -> Any:
    """A converter of space-separated engine names of ``kind`` into MDNR words."""
    def convert(text: str) -> str:
        return ", ".join(term(kind, x, "es") for x in text.split())
    return convert


def _equipment_es(text: str) -> str:
    """``halberd, light armour, shield`` in MDNR words."""
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        if part.endswith(" armour"):
            out.append(term("armour", part.removesuffix(" armour"), "es"))
        elif part in ("shield", "barding"):
            out.append(term("equipment", part, "es"))
        else:
            out.append(term("weapon", part, "es").lower())
    return ", ".join(out)


def _command_es(text: str) -> str:
    """``champion musician`` (or a character's ``general battle standard``) in MDNR words."""
    text = text.replace("battle standard", "battle_standard")
    extra = {"general": "general", "battle_standard": "portaestandarte de batalla"}
    return ", ".join(extra.get(x) or term("command", x, "es") for x in text.split())


def _troop_type_es(text: str) -> str:
    """``infantry``, or a character's ``character (cavalry)``, in MDNR words."""
    if text.startswith("character (") and text.endswith(")"):
        return f"personaje ({term('troop_type', text[11:-1], 'es').lower()})"
    return term("troop_type", text, "es")


def _rules_es(text: str) -> str:
    """Special rules (and a character's ``joins UNIT``) in MDNR words."""
    rules, _, joins = text.partition(" joins ")
    words = _words_es("rule")(rules)
    return f"{words}; se une a {joins}" if joins else words


def _profile_es(text: str) -> str:
    """``M10 WS3 BS3 S3 T3 W1 I3 A1 Ld7`` with the MDNR letters ``M HA HP F R H I A L``."""
    letters = PROFILE_LETTERS["es"]
    return " ".join(re.sub(r"^([A-Za-z]+)", lambda m: letters.get(m.group(1), m.group(1)), x)
                    for x in text.split())


_CELLS_ES: dict[str, Any] = {
    "troop_type": _troop_type_es, "weapon": lambda x: term("weapon", x, "es"),
    "armour": lambda x: term("armour", x, "es"), "equipment": _equipment_es,
    "command": _command_es, "special": _words_es("rule"), "rules": _rules_es,
    "profile": _profile_es, "side": lambda x: SIDES_ES.get(x, x),
}
"""Columns whose cells hold engine names, and their Spanish converter."""


def emit(fmt: str, payload: dict[str, Any], table: pd.DataFrame, header: str = "",
         display: pd.DataFrame | None = None) -> None:
    """Print a result as a table (``display``, else ``table``), JSON (``payload``) or CSV.

    A ``header`` (the headline) precedes the table; JSON carries it as ``"headline"``
    when the payload is a dict.
    """
    if fmt == "json":
        if header and isinstance(payload, dict) and "headline" not in payload:
            payload = {"headline": header, **payload}
        json.dump(jsonable(payload), sys.stdout, indent=2)
        sys.stdout.write("\n")
    elif fmt == "csv":
        table.to_csv(sys.stdout, index=False)
    else:
        if header:
            print(header)
        print(format_table(table if display is None else display))


def print_warnings(warnings: list[str], fmt: str, lang: str = "en") -> None:
    """One line per unit whose import ignored or approximated something.

    Printed after a table on stdout; with JSON (which carries them as
    ``warnings``) or CSV, on stderr so the output stays parseable.  The frame
    of the line and its labels are in ``lang``; the names it lists are the catalogue's.
    """
    from odds.i18n import warning_line, word

    out = sys.stdout if fmt == "table" else sys.stderr
    for line in warnings:
        print(word("warning", lang, line=warning_line(line, lang)), file=out)


def save_outcome_plot(r: Any, title: str, words: dict[str, str], lang: str, path: str) -> None:
    """Write the bars of a caught / escaped / off-table result (charge, pursuit) to ``path``.

    The run's trials and seed go in small print.
    """
    from odds.commands import _headline as hl
    from odds.plot import outcome_bars, small_print

    ax = outcome_bars(r, title=title, labels=words, lang=lang,
                      colours={"caught": "tab:blue", "escaped": "tab:red",
                               "off_table": "tab:gray"})
    small_print(ax.figure, hl.small_print(r.trials, r.seed, lang))
    save_plot(ax, path, lang)


def save_plot(ax: Any, path: str | None, lang: str = "en") -> None:
    """Write the figure holding ``ax`` to exactly ``path`` if a path was given.

    The line saying so (on stderr) is in ``lang``.

    The path was checked before the run (:func:`odds.commands._files.check_plot_path`);
    it is checked again here, and the file appears only once complete.
    """
    if path is None:
        return
    from odds.commands._files import write_figure

    fig = ax.figure
    import matplotlib.pyplot as plt

    if fig.get_layout_engine() is None:
        fig.tight_layout()
    try:
        write_figure(fig, path)
    finally:
        plt.close(fig)
    print(word("wrote", lang, path=path), file=sys.stderr)


def report_text(report: Any, lang: str = "en", every: bool = False) -> str:
    """An import report in ``lang``, one line per item (:func:`odds.i18n.report_line`).

    The counts by kind, then the ignored and approximated items (``every``: all items).
    """
    from collections import Counter

    from odds.battlescribe.report import KINDS, STRICT_KINDS
    from odds.i18n import REPORT_KINDS, report_line

    if lang != "es" and not every:
        return report.summary()
    kinds = REPORT_KINDS.get(lang, REPORT_KINDS["en"])
    counts = Counter(i.kind for i in report)
    head = ", ".join(f"{counts[k]} {kinds[k][counts[k] != 1]}" for k in KINDS if counts[k])
    lines = [word("report", lang, path=report.source,
                  counts=head or word("report_empty", lang))]
    items = report.items if every else report.of_kind(*STRICT_KINDS)
    lines += [f"  {report_line(i.unit, i.item, i.kind, i.reason, lang)}" for i in items]
    return "\n".join(lines)
