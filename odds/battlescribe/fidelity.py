"""Fidelity of the BattleScribe import, per catalogue.

The unit entries imported with nothing ``ignored`` or ``approximated``.

A unit entry is **fully modelled** when the import of its default build
reports no ``ignored`` and no ``approximated`` item (``no_combat_effect`` and
``note`` items are fine: they cannot change a close combat).  Entries that
cannot be imported at all count as not fully modelled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pandas as pd

from odds.battlescribe.catalogue import load_catalogue

__all__ = ["COLUMNS", "fidelity_table", "most_frequent"]

COLUMNS: tuple[str, ...] = ("catalogue", "units", "fully_modelled", "ignored", "approximated")
"""Columns of :func:`fidelity_table`: ``ignored``/``approximated`` count the entries with at
least one item of that kind."""


def _files(paths: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.glob("*.cat")) + sorted(p.glob("*.catz")) if p.is_dir() else [p]
    return out


def fidelity_table(paths: Iterable[str | Path]) -> pd.DataFrame:
    """One row per catalogue (files, or folders of ``.cat``/``.catz``) and a ``total`` row.

    Returns
    -------
    pandas.DataFrame
        Columns :data:`COLUMNS`.
    """
    rows = []
    for path in _files(paths):
        cat = load_catalogue(path)
        names = [e.name for e in cat.entries]
        failed = {i.unit for i in cat.report if i.reason.startswith("cannot import")}
        kinds = {k: {i.unit for i in cat.report.of_kind(k)} for k in ("ignored", "approximated")}
        units = len(names) + len(failed - set(names))
        full = sum(1 for n in names if n not in kinds["ignored"] and n not in kinds["approximated"])
        rows.append({"catalogue": cat.name.strip(), "units": units, "fully_modelled": full,
                     "ignored": len(kinds["ignored"]), "approximated": len(kinds["approximated"])})
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    total = {"catalogue": "total", **{c: int(table[c].sum()) for c in COLUMNS[1:]}}
    return pd.concat([table, pd.DataFrame([total])], ignore_index=True)


def most_frequent(paths: Iterable[str | Path], kind: str = "ignored", n: int = 20
                  ) -> list[tuple[str, int]]:
    """The ``n`` item names of one report kind found in the most unit entries."""
    counts: Counter[str] = Counter()
    for path in _files(paths):
        cat = load_catalogue(path)
        counts.update(item for _, item in {(i.unit, i.item) for i in cat.report.of_kind(kind)})
    return counts.most_common(n)
