"""Special rules as specs: one :class:`~odds.special_rules.spec.RuleSpec` per rule.

Each family module (:mod:`~odds.special_rules.psychology`, :mod:`~odds.special_rules.blows`,
:mod:`~odds.special_rules.resolution`, :mod:`~odds.special_rules.flight`,
:mod:`~odds.special_rules.wards`, :mod:`~odds.special_rules.weapons`,
:mod:`~odds.special_rules.charge`, :mod:`~odds.special_rules.kinds`) declares its rules'
specs; :data:`REGISTRY` holds them all, and the tables other layers used to write by hand
are derived from it:

- :func:`plain_absent`: the ``sides`` and ``groups`` columns the plain kernel needs at 0
  (:data:`odds.combat.model.engine.PLAIN_ABSENT`, :func:`~odds.combat.model.engine.plain_pair`);
- :func:`fill_columns`: a unit's values of those columns the specs fill
  (:func:`odds.combat.model.side._side`);
- :func:`rule_dice`: the rules' share of a round's dice budget
  (:func:`odds.combat.model.engine.dice_budget`);
- :func:`exact_refuses`: whether the exact first round refuses a model
  (:func:`odds.combat.exact.mixtures.first_round_parts`);
- :func:`flag_keys` and :func:`battlescribe_flags`: the unit flags
  (:data:`odds.units.SPECIAL_RULES`) and BattleScribe names
  (:data:`odds.battlescribe.rule_names.RULE_FLAGS`) of the specs;
- :func:`rare_columns`: the ``sides`` columns that turn the kernel's rare-rule bits on
  (:func:`odds.combat.kernel.rare_rules`);
- :func:`absent_columns`: each column's value when its rule is absent
  (``benchmarks/rules_overhead.py``);
- :func:`docs_page`: ``docs/rules.md``, written by ``python -m odds.special_rules``.

Every special-rule flag of a unit has a spec.  Adding a rule: its spec in the family module
(or a new module listed in :data:`REGISTRY`), its kernel code at the points it names, a test
file, and ``python -m odds.special_rules``, which numbers the rules' own columns into
:mod:`odds.combat.model.rule_columns` (:mod:`odds.special_rules.columns`) and writes
``docs/rules.md`` (``docs/adding-a-rule.md``).  BattleScribe names that give several flags
at once (``"No muertos"``, ``"Demonio"``) stay in :data:`odds.battlescribe.rule_names.RULE_FLAGS`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from odds.special_rules import (
    blows,
    bretonnia,  # Bretonia and the elves
    chaos,  # Reinos del Caos, Enanos del Caos
    chaos_monsters,  # chaos family: the Reinos del Caos monsters
    chaosbeasts,  # chaosbeasts family: rules acting on the models in contact
    charge,
    dragons,  # Enanos: the Dragón de esquirlas
    empire,  # Empire, mercenaries, undead
    flight,
    giants,  # giants family: the giants' table, falls and death
    kinds,
    mercs,  # mercenaries family: Mercenarios, Renombre, O&G, Skaven, Enanos
    psychology,
    resolution,
    skaven_ogres,  # Skaven, ogres, dwarfs, orcs and goblins, allied contingents
    wards,
    weapons,
    witch_hunters,  # Cazadores de brujas, Sumos Inquisidores
)
from odds.special_rules.spec import POINTS, RuleSpec

REGISTRY: tuple[RuleSpec, ...] = (*psychology.SPECS, *blows.SPECS, *resolution.SPECS,
                                  *flight.SPECS, *wards.SPECS, *weapons.SPECS, *charge.SPECS,
                                  *kinds.SPECS,
                                  *bretonnia.SPECS,  # Bretonia and the elves
                                  *empire.SPECS,  # Empire, mercenaries, undead
                                  *skaven_ogres.SPECS,  # Skaven, ogres, dwarfs, orcs, contingents
                                  *mercs.SPECS,  # mercenaries family
                                  *chaos.SPECS,  # Reinos del Caos, Enanos del Caos
                                  *chaosbeasts.SPECS,  # chaosbeasts family
                                  *giants.SPECS,  # giants family
                                  *chaos_monsters.SPECS,  # chaos family: Chaos monsters
                                  *dragons.SPECS,  # Enanos: the Dragón de esquirlas
                                  *witch_hunters.SPECS)  # the witch hunters' pair
"""Every rule with a spec, family by family."""

BY_KEY: dict[str, RuleSpec] = {spec.key: spec for spec in REGISTRY}
"""The specs by their English key."""

__all__ = [
    "BY_KEY", "POINTS", "REGISTRY", "RuleSpec", "absent_columns", "battlescribe_flags",
    "docs_page", "exact_refuses", "fill_columns", "flag_keys", "plain_absent", "rare_columns",
    "rule_dice",
    "rules_table",
]


def flag_keys() -> tuple[str, ...]:
    """The specs' keys that are unit flags, in registry order."""
    return tuple(spec.key for spec in REGISTRY if spec.flag)


def battlescribe_flags() -> dict[str, tuple[str, ...]]:
    """BattleScribe rule name -> ``(key,)``, for every name a spec declares."""
    return {name: (spec.key,) for spec in REGISTRY for name in spec.battlescribe}


def plain_absent(layout: Any, table: str = "S_") -> tuple[int, ...]:
    """Indices of the switch columns of the rules the plain kernel leaves out.

    ``table`` is ``"S_"`` for ``sides``, ``"G_"`` for ``groups``.
    """
    return tuple(getattr(layout, col) for spec in REGISTRY if not spec.plain
                 for col in spec.switch_columns if col.startswith(table))


def fill_columns(side_row: Any, unit: Any, layout: Any) -> None:
    """Write ``unit``'s values of the columns the specs fill into its ``sides`` row."""
    for spec in REGISTRY:
        if spec.fill is not None:
            for col, value in spec.fill(unit).items():
                side_row[getattr(layout, col)] = value


def rule_dice(model: Any, layout: Any) -> int:
    """The most dice the specs' rules add to one round of ``model``."""
    return sum(spec.dice(model, layout) for spec in REGISTRY if spec.dice is not None)


def exact_refuses(model: Any, layout: Any) -> bool:
    """Whether some spec's rule keeps the exact first round from ``model``."""
    return any(spec.exact_refuses(model, layout) for spec in REGISTRY
               if spec.exact_refuses is not None)


def rare_columns(layout: Any, bits: dict[str, int]) -> tuple[tuple[int, int], ...]:
    """``(sides column, bits)`` for each spec with rare-rule bits, in registry order.

    A unit whose column is above 0 sets the bits (``bits`` maps the ``RARE_*`` names of
    :attr:`RuleSpec.rare` to their values); the column is the spec's first ``sides`` switch.
    """
    out = []
    for spec in REGISTRY:
        if spec.rare:
            col = next(c for c in spec.switch_columns if c.startswith("S_"))
            value = 0
            for name in spec.rare.split("|"):
                value |= bits[name.strip()]
            out.append((getattr(layout, col), value))
    return tuple(out)


def absent_columns(table: str = "S_") -> dict[str, int]:
    """Switch column name -> its value when the rule is absent (0).

    Of ``sides`` (``table="S_"``) or of ``groups`` (``"G_"``).
    """
    return {col: 0 for spec in REGISTRY for col in spec.switch_columns if col.startswith(table)}


def _citing_tests(key: str, tests: Path) -> list[str]:
    pattern = re.compile(rf"\b{re.escape(key)}\b")
    return sorted(p.name for p in tests.glob("test_*.py")
                  if pattern.search(p.read_text(encoding="utf-8")))


def rules_table(tests: Path | None = None) -> str:
    """The Markdown table of every rule with a spec: names, where it acts, tests citing it."""
    tests = tests or Path(__file__).resolve().parents[2] / "tests"
    lines = ["| Rule | MDNR name | Army book | Acts at | Plain kernel | Exact first round "
             "| Kernel code | Tests citing it |", "|---|---|---|---|---|---|---|---|"]
    for spec in REGISTRY:
        lines.append("| " + " | ".join([
            f"`{spec.key}`", ", ".join(spec.mdnr), spec.book, ", ".join(spec.acts) or "-",
            "yes" if spec.plain else "no",
            "refused where it applies" if spec.exact_refuses is not None else "yes",
            ", ".join(f"`{h}`" for h in spec.hooks) or "-",
            ", ".join(_citing_tests(spec.key, tests)) or "-"]) + " |")
    return "\n".join(lines) + "\n"


def docs_page(tests: Path | None = None) -> str:
    """The text of ``docs/rules.md``: a short preface and :func:`rules_table`."""
    return ("# Special rules with a spec\n\n"
            "Generated from `odds/special_rules/` by `python -m odds.special_rules`; "
            "`tests/test_special_rules.py` fails when this page is not current. "
            "\"Acts at\" names the points of a combat round where the rule's kernel code runs; "
            "\"Plain kernel\": whether the plain-pair and core kernels accept a unit with it "
            "(\"no\": a combat with it runs on the general kernel, `odds/combat/variants.py`); "
            "\"Exact first round\": whether the exact engine works it out. "
            "Every special-rule flag of a unit is listed.\n\n"
            + rules_table(tests))
