"""The rules' own kernel columns: owners, indices, and the generated module that holds them.

The ``sides`` (``S_*``) and ``groups`` (``G_*``) columns of a combat model are of two kinds.
The core columns (a unit's profile, formation, command, geometry, ...) are written by hand
in :mod:`odds.combat.model.layout`, numbered ``0 .. N_CORE_SIDE - 1`` and ``0 ..
N_CORE_GROUP - 1``.  A rule's own columns are named by its spec
(:attr:`~odds.special_rules.spec.RuleSpec.columns`) and numbered after the core ones, in
registry order, into the generated module :mod:`odds.combat.model.rule_columns`, which the
layout re-exports: the kernels import every column as a plain module-level integer.

``python -m odds.special_rules`` writes that module (and ``docs/rules.md``);
``tests/test_rule_columns.py`` fails when it is stale, when a spec reads a column no one
defines, or when a column is owned twice.  The core columns are read from the layout's
source, not imported: the layout imports the generated module, which may be stale or
half-merged when it is regenerated.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterable
from pathlib import Path

from odds.special_rules.spec import RuleSpec

LAYOUT = Path(__file__).resolve().parents[1] / "combat" / "model" / "layout.py"
"""The source of the core columns."""
GENERATED = LAYOUT.with_name("rule_columns.py")
"""The generated module of the rules' columns."""
TABLES: dict[str, tuple[str, str, str]] = {
    "S_": ("N_CORE_SIDE", "N_SIDE", "sides"),
    "G_": ("N_CORE_GROUP", "N_GROUP", "groups"),
}
"""Column prefix -> (count of core columns, count of all columns, the array)."""


def core_columns(source: str | None = None) -> dict[str, tuple[str, ...]]:
    """The core columns of each table, in index order, read from the layout's source.

    Each table's core columns are the names of one tuple assignment ``(S_HP, ...,
    N_CORE_SIDE) = range(k)`` of :data:`LAYOUT`, its last name the count.

    Parameters
    ----------
    source : str, optional
        The text of a layout module (default: :data:`LAYOUT`'s).

    Returns
    -------
    dict
        Prefix (``"S_"``, ``"G_"``) -> the core column names.
    """
    try:
        tree = ast.parse(LAYOUT.read_text(encoding="utf-8") if source is None else source)
    except SyntaxError as exc:
        raise ValueError(f"layout.py does not parse (line {exc.lineno}: a merge conflict?); "
                         "resolve it first") from None
    counts = {count: prefix for prefix, (count, _, _) in TABLES.items()}
    found: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple)):
            continue
        names = [e.id for e in node.targets[0].elts if isinstance(e, ast.Name)]
        if names and names[-1] in counts:
            expected = f"range({len(names)})"
            if ast.unparse(node.value) != expected:
                raise ValueError(f"layout.py: the {names[-1]} tuple must be = {expected}")
            found[counts[names[-1]]] = tuple(names[:-1])
    missing = [count for count, prefix in counts.items() if prefix not in found]
    if missing:
        raise ValueError(f"layout.py: no core column tuple ending in {', '.join(missing)}")
    return found


def _registry(registry: Iterable[RuleSpec] | None) -> tuple[RuleSpec, ...]:
    if registry is None:
        from odds.special_rules import REGISTRY
        return REGISTRY
    return tuple(registry)


def column_problems(registry: Iterable[RuleSpec] | None = None,
                    core: dict[str, tuple[str, ...]] | None = None) -> list[str]:
    """What keeps the specs' columns from one owner each; empty when they are sound.

    A column name must start with a table's prefix; a rule's own column must be owned by
    one spec only and not be a core column; a column a spec reads must be a core column
    or some spec's own.
    """
    specs = _registry(registry)
    core = core_columns() if core is None else core
    core_names = {name for names in core.values() for name in names}
    owners: dict[str, list[str]] = {}
    for spec in specs:
        for col in spec.columns:
            owners.setdefault(col, []).append(spec.key)
    problems = []
    for spec in specs:
        for col in spec.named_columns:
            if not col.startswith(tuple(TABLES)):
                problems.append(f"{spec.key}: column {col} starts with none of {list(TABLES)}")
    for col, keys in owners.items():
        if len(keys) > 1:
            problems.append(f"{col} is owned by {', '.join(keys)}: one owns it, the others "
                            "list it in reads")
        if col in core_names:
            problems.append(f"{col} is owned by {keys[0]} and is a core column of layout.py: "
                            "keep one (a core column goes in the spec's reads)")
    for spec in specs:
        for col in spec.reads:
            if col not in core_names and col not in owners:
                problems.append(f"{spec.key} reads {col}, which no spec owns and layout.py "
                                "does not define")
    return problems


def rule_columns(registry: Iterable[RuleSpec] | None = None,
                 core: dict[str, tuple[str, ...]] | None = None,
                 ) -> dict[str, dict[str, tuple[int, str]]]:
    """The rules' own columns of each table: name -> (index, owning spec's key).

    Numbered after the table's core columns, in registry order (a spec's columns in the
    order it lists them).
    """
    specs = _registry(registry)
    core = core_columns() if core is None else core
    out: dict[str, dict[str, tuple[int, str]]] = {prefix: {} for prefix in TABLES}
    for spec in specs:
        for col in spec.columns:
            prefix = col[:2]
            table = out.get(prefix)
            if table is not None and col not in table and col not in core[prefix]:
                table[col] = (len(core[prefix]) + len(table), spec.key)
    return out


def columns_module(registry: Iterable[RuleSpec] | None = None,
                   core: dict[str, tuple[str, ...]] | None = None) -> str:
    """The text of :data:`GENERATED`: one ``NAME = index`` line per rule column, the counts."""
    specs = _registry(registry)
    core = core_columns() if core is None else core
    columns = rule_columns(specs, core)
    notes = {col: text for spec in specs for col, text in spec.column_docs.items()}
    names = sorted([*(n for table in columns.values() for n in table),
                    *(total for _, total, _ in TABLES.values())])
    lines = ['"""The special rules\' own columns of the kernel\'s arrays.  Generated: do not edit.',
             "",
             "Written by ``python -m odds.special_rules`` from the specs' ``columns``",
             "(:mod:`odds.special_rules.columns`); :mod:`odds.combat.model.layout` re-exports",
             "every name.  Each column is numbered after the core columns of the layout, in",
             "registry order; the comment names the spec that owns it.",
             '"""',
             "",
             "__all__ = ["]
    row = "   "
    for name in names:
        item = f' "{name}",'
        if len(row) + len(item) > 99:
            lines.append(row)
            row = "   "
        row += item
    lines += [row, "]", ""]
    for prefix, (count, total, array) in TABLES.items():
        lines.append(f"# {array}: the core columns are 0 .. {len(core[prefix]) - 1} "
                     f"(layout.{count} = {len(core[prefix])})")
        for col, (index, key) in columns[prefix].items():
            note = f"{col} = {index}  # {key}" + (f": {notes[col]}" if col in notes else "")
            lines += textwrap.wrap(note, 99, subsequent_indent="#   ", break_long_words=False)
        lines.append(f"{total} = {len(core[prefix]) + len(columns[prefix])}")
        lines.append(f'"""Columns of ``{array}``."""')
        lines.append("")
    return "\n".join(lines[:-1]) + "\n"


def write_columns_module() -> Path:
    """Write :data:`GENERATED`; ``ValueError`` listing the problems when the specs have any."""
    core_columns()  # layout.py parses, and counts its core columns
    problems = column_problems()
    if problems:
        raise ValueError("the specs' columns need fixing first:\n  " + "\n  ".join(problems))
    GENERATED.write_text(columns_module(), encoding="utf-8")
    return GENERATED
