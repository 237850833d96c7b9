"""``python -m odds.special_rules``: write ``docs/rules.md`` (the table of the rules' specs)."""

from pathlib import Path

from odds.special_rules import docs_page

if __name__ == "__main__":
    target = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
    target.parent.mkdir(exist_ok=True)
    target.write_text(docs_page(), encoding="utf-8")
    print(f"wrote {target}")
