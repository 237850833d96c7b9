"""The rules' own kernel columns: one owner each, numbered into a generated module.

One home per rule: a special rule's ``sides``/``groups`` columns are declared by its spec
(``odds/special_rules/``, RuleSpec ``columns``) and numbered by ``python -m odds.special_rules``
into ``odds/combat/model/rule_columns.py``; ``odds/combat/model/layout.py`` keeps the core
columns.  The rules named here only as examples: gst "Tozudez" (``stubborn``), MDNR Enanos del
Caos "Escurridizos" (``slippery``).
"""

from __future__ import annotations

import pytest

from odds.combat.model import layout, rule_columns
from odds.special_rules import BY_KEY, REGISTRY, RuleSpec
from odds.special_rules.columns import (
    GENERATED,
    LAYOUT,
    column_problems,
    columns_module,
    core_columns,
)

CORE = core_columns()


def test_the_generated_module_is_current():
    assert GENERATED.read_text(encoding="utf-8") == columns_module(), (
        "run: python -m odds.special_rules")


def test_the_specs_columns_have_one_owner_each():
    assert column_problems() == []


def test_every_column_of_the_layout_is_core_or_generated_and_numbered_once():
    for prefix, total in (("S_", layout.N_SIDE), ("G_", layout.N_GROUP)):
        names = [n for n in dir(layout) if n.startswith(prefix)]
        generated = {n for n in rule_columns.__all__ if n.startswith(prefix)}
        assert set(names) == set(CORE[prefix]) | generated
        assert not set(CORE[prefix]) & generated
        assert sorted(getattr(layout, n) for n in names) == list(range(total))
        for k, name in enumerate(CORE[prefix]):
            assert getattr(layout, name) == k, name
    assert layout.N_CORE_SIDE == len(CORE["S_"]) and layout.N_CORE_GROUP == len(CORE["G_"])


def test_the_kernels_see_plain_integers():
    # frozen into machine code as module-level constants (odds._jit.package_stamp)
    import odds.combat.model as model

    for name in rule_columns.__all__:
        assert type(getattr(layout, name)) is int, name
        assert name in model.__all__ and getattr(model, name) == getattr(layout, name), name


def test_a_rule_column_belongs_to_its_spec():
    assert "S_STUBBORN" in BY_KEY["stubborn"].columns
    assert "S_SLIPPERY" in BY_KEY["slippery"].columns
    assert layout.S_STUBBORN >= layout.N_CORE_SIDE
    assert "S_STANDARD" in CORE["S_"]  # read by "black_standard", owned by the layout


def _spec(key: str, **kw) -> RuleSpec:
    return RuleSpec(key=key, mdnr=(), book="", filled_by="here", **kw)


def test_a_column_read_but_defined_nowhere_is_a_problem():
    specs = (*REGISTRY, _spec("x", reads=("S_NOWHERE",)))
    assert column_problems(specs) == [
        "x reads S_NOWHERE, which no spec owns and layout.py does not define"]


def test_a_column_owned_twice_is_a_problem():
    twice = column_problems((*REGISTRY, _spec("x", columns=("S_SLIPPERY",))))
    assert twice == ["S_SLIPPERY is owned by slippery, x: one owns it, the others list it "
                     "in reads"]
    core = column_problems((*REGISTRY, _spec("x", columns=("S_STANDARD",))))
    assert core == ["S_STANDARD is owned by x and is a core column of layout.py: keep one "
                    "(a core column goes in the spec's reads)"]
    assert column_problems((_spec("x", columns=("X_BAD",)),)) == [
        "x: column X_BAD starts with none of ['S_', 'G_']"]


def test_a_new_rule_column_is_numbered_after_the_others():
    text = columns_module((*REGISTRY, _spec("x", columns=("S_NEW", "G_NEW"))))
    assert f"S_NEW = {layout.N_SIDE}  # x\n" in text
    assert f"N_SIDE = {layout.N_SIDE + 1}\n" in text
    assert f"G_NEW = {layout.N_GROUP}  # x\n" in text


def test_the_core_tuple_must_count_itself():
    source = LAYOUT.read_text(encoding="utf-8").replace(
        f") = range({len(CORE['G_']) + 1})", f") = range({len(CORE['G_']) + 2})")
    with pytest.raises(ValueError, match="N_CORE_GROUP tuple must be"):
        core_columns(source)


def test_a_spec_cannot_own_and_read_one_column():
    with pytest.raises(ValueError, match="both owned and read"):
        _spec("x", columns=("S_X",), reads=("S_X",))


def test_a_layout_that_does_not_parse_is_named():
    with pytest.raises(ValueError, match=r"layout\.py does not parse \(line 2"):
        core_columns("x = 1\n<<<<<<< HEAD\n")
