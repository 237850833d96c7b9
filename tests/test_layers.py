"""The layers of ``odds.layers``: no module imports from a layer above its own.

Every import counts: at module level, inside functions (the lazy ones included), and, in a
package's ``__init__.py``, a string naming a module of the package (the lazy re-exports of
``odds`` and ``odds.combat``); only imports under ``if TYPE_CHECKING:`` are left out.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

from odds.layers import LAYERS, layer_of

PACKAGE = Path(__file__).resolve().parents[1] / "odds"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["odds", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                skipped.update(id(n) for n in ast.walk(child))
    return skipped


def _targets(module: str, path: Path, node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level:
            package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            target = ".".join(base + ([node.module] if node.module else []))
        else:
            target = node.module or ""
        return [f"{target}.{a.name}" if f"{target}.{a.name}" in MODULES else target
                for a in node.names]
    if (isinstance(node, ast.Constant) and path.name == "__init__.py"
            and node.value in MODULES and "." in node.value):
        return [node.value]
    return []


def _imports() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_nodes(tree)
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            for target in _targets(module, path, node):
                if target in MODULES and target != module:
                    edges[module].add(target)
    return edges


IMPORTS = _imports()


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


def test_no_module_imports_from_a_higher_layer():
    upward = sorted(f"{m} ({LAYERS[layer_of(m)][0]}) imports {t} ({LAYERS[layer_of(t)][0]})"
                    for m, targets in IMPORTS.items() for t in targets
                    if layer_of(t) > layer_of(m))
    assert upward == []


def test_no_import_cycles():
    state: dict[str, int] = {}
    cycles = []

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        for target in sorted(IMPORTS.get(module, ())):
            if state.get(target) == 1:
                cycles.append([*trail[trail.index(target):], target])
            elif target not in state:
                visit(target, [*trail, target])
        state[module] = 2

    for module in sorted(MODULES):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_an_upward_import_is_caught(tmp_path):
    tree = ast.parse("def f():\n    from odds.combat.api import fight\n")
    found = [t for node in ast.walk(tree) for t in _targets("odds.dice", PACKAGE / "dice.py",
                                                               node)]
    assert found == ["odds.combat.api"]
    assert layer_of("odds.combat.api") > layer_of("odds.dice")


@pytest.mark.parametrize("name", ["odds.combat.model.layout", "odds.scenario.options"])
def test_a_layer_is_named_by_its_longest_prefix(name):
    assert LAYERS[layer_of(name)][0] in {"combat model", "scenario data"}
