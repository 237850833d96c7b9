"""The kernel's arrays are indexed by name: no raw numeric column in ``odds/combat``.

Every layout -- body state, alloc, touch, pool, contacts, strike steps, the challenge
record, combat-result terms, round results, trial stats, flags, ``sides`` and ``groups`` --
is named in :mod:`odds.combat.model.layout`.  This scans the engine's source and fails on
an integer literal in the named axis of a subscript of one of those arrays (``state[u, 0]``,
``pool[c, 4 + d]``, ``stats[9 + 2 * nb]``); the side axes (``terms[0, ...]``) and loop
variables (``chal[k]``) are not layout and pass.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import odds.combat.model.layout as layout

COMBAT = Path(__file__).resolve().parents[1] / "odds" / "combat"

AXIS = {  # array name: the axis its layout names
    "state": 1, "alloc": 0, "touch": 1, "pool": 1, "contacts": 1, "steps": 2, "strikers": 2,
    "chal": 0, "terms": 1, "res": 1, "out_side": 2, "stats": 0, "flags": 0, "sides": 1,
    "groups": 4,
}


def _sources() -> list[Path]:
    return sorted(COMBAT.rglob("*.py"))  # the exact engines too: they read the model's arrays


def _array(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):  # model.flags, model.sides
        return node.attr
    return None


def raw_indices(source: str) -> list[tuple[int, str]]:
    """``(line, text)`` of each subscript with an integer literal in a layout axis."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Subscript):
            continue
        name = _array(node.value)
        if name not in AXIS:
            continue
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(parts) <= AXIS[name]:
            continue  # a row or a slice of rows, no column named
        index = parts[AXIS[name]]
        if isinstance(index, ast.Slice):
            continue
        if _literals(index):
            found.append((node.lineno, ast.unparse(node)))
    return found


def _literals(node: ast.AST) -> bool:
    """An integer literal in ``node`` outside a comparison (``X if m > 0 else Y`` passes)."""
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    if isinstance(node, ast.Compare):
        return False
    return any(_literals(n) for n in ast.iter_child_nodes(node))


def test_scanner_catches_raw_indices() -> None:
    bad = ("state[u, 0] = 1\nx = pool[c, 4 + d]\ny = stats[9 + 2 * nb]\nflags[5]\n"
           "model.flags[0]\nalloc[1, q, c] = 0\n")
    assert [line for line, _ in raw_indices(bad)] == [1, 2, 3, 4, 5, 6]
    good = ("state[u, B_WOUNDS] = 1\nx = pool[c, P_FRONT_LOST_A + d]\nterms[0, TM_RANKS]\n"
            "chal[k]\nstate[u]\nstats[ST_LOST + ST_PER_BODY * nb + side]\n"
            "res[r, RES_WON0 if m > 0 else RES_WON1]\n")
    assert raw_indices(good) == []


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(COMBAT)))
def test_no_raw_layout_index(path: Path) -> None:
    found = raw_indices(path.read_text())
    assert not found, f"{path.name}: index by the names of odds.combat.model.layout: {found}"


def test_no_raw_layout_index_in_tests_or_benchmarks() -> None:
    # the columns are renumbered when a rule's columns come or go (odds.combat.model.rule_columns)
    root = COMBAT.parents[1]
    found = {p.name: raw_indices(p.read_text(encoding="utf-8"))
             for folder in ("tests", "benchmarks") for p in sorted((root / folder).glob("*.py"))}
    assert not {name: hits for name, hits in found.items() if hits}


def test_layout_names_are_distinct_runs() -> None:
    """Each layout's names count 0, 1, 2, ... up to its size, with no gap or repeat."""
    for prefix, size in (("B_", layout.N_BODY), ("A_", layout.N_ALLOC), ("T_", layout.N_TOUCH),
                         ("P_", layout.N_POOL), ("CH_", layout.N_CHAL)):
        values = sorted(v for k, v in vars(layout).items()
                        if k.startswith(prefix) and isinstance(v, int))
        assert values == list(range(size)), prefix
    assert len(layout.CHALLENGE_STATS) == layout.N_CHAL
    assert len(layout.TERMS) == layout.TM_OVERKILL + 1
