"""Fidelity of the BattleScribe import: unit entries fully modelled, per MDNR catalogue.

Run from the repository root::

    .venv/bin/python benchmarks/fidelity.py [FOLDER_OR_FILES...]

(default: ../shared/battlescribe).  Prints a Markdown table (the README's
"Fidelity" table) and the most frequent ignored and approximated names.
"""

from __future__ import annotations

import sys
from pathlib import Path

from odds.battlescribe.fidelity import fidelity_table, most_frequent


def main(argv: list[str]) -> int:
    paths = argv or [str(Path(__file__).resolve().parents[1].parent / "shared" / "battlescribe")]
    table = fidelity_table(paths)
    total = table.iloc[-1]
    print("| catalogue | units | fully modelled | with ignored | with approximated |")
    print("|---|---:|---:|---:|---:|")
    for row in table.itertuples():
        print(f"| {row.catalogue} | {row.units} | {row.fully_modelled} | {row.ignored} |"
              f" {row.approximated} |")
    share = 100 * total.fully_modelled / max(1, total.units)
    print(f"\nfully modelled: {total.fully_modelled} of {total.units} unit entries ({share:.1f} %)")
    for kind in ("ignored", "approximated"):
        top = ", ".join(f"{name} ({n})" for name, n in most_frequent(paths, kind, 15))
        print(f"most frequent {kind}: {top}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
