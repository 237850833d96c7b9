"""``python -m odds.special_rules``: write ``docs/rules.md`` and the rules' kernel columns.

The columns go to :mod:`odds.combat.model.rule_columns` (:func:`odds.special_rules.columns.
write_columns_module`); run it after adding, renaming or removing a spec's ``columns``.
"""

import sys
from pathlib import Path

from odds.special_rules.columns import write_columns_module

if __name__ == "__main__":
    try:
        print(f"wrote {write_columns_module()}")
    except ValueError as exc:
        sys.exit(f"python -m odds.special_rules: {exc}")
    from odds.special_rules import docs_page
    target = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    target.parent.mkdir(exist_ok=True)
    target.write_text(docs_page(), encoding="utf-8")
    print(f"wrote {target}")
