"""What the package knows of one special rule: :class:`RuleSpec`, and the points of a round.

A spec names the rule (its English key, its MDNR names, the BattleScribe names that give it),
the kernel columns it reads, how they are filled from a unit, its share of a round's dice
budget, whether the plain kernel and the exact first round accept it, and where in the
round it acts.  Specs are data: a spec module imports nothing of the package above
:mod:`odds.rules`, so units, army books, the combat model, the exact engine and the
benchmarks can all read them (:mod:`odds.layers`).  A callable of a spec receives what it
reads: a unit, or a combat model and the module of column indices
(:mod:`odds.combat.model.layout`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

POINTS: tuple[str, ...] = (
    "charge", "start of turn", "before blows", "each strike", "end of phase",
    "combat result", "break test", "pursuit",
)
"""The named points of a combat round where a rule's kernel code acts, in round order."""


@dataclass(frozen=True, kw_only=True)
class RuleSpec:
    """One special rule (or one rule of a family), as the package uses it.

    Attributes
    ----------
    key : str
        The engine's English name (a unit's ``special`` entry when ``flag`` is true).
    mdnr : tuple of str
        Its names in the MDNR army books (Spanish, as printed).
    book : str
        The army book (or ``gst``, the general rules) the MDNR names come from.
    battlescribe : tuple of str
        BattleScribe rule names that give this rule alone (folded into
        :data:`odds.battlescribe.rule_names.RULE_FLAGS`).
    flag : bool
        Whether ``key`` is a special-rule flag of a unit (:data:`odds.units.SPECIAL_RULES`);
        False for a rule read from elsewhere (a profile's random attacks).
    columns : tuple of str
        Names of the ``sides`` (``S_*``) and ``groups`` (``G_*``) columns the rule owns: no
        other spec and not the core layout of :mod:`odds.combat.model.layout` defines them.
        Their indices are generated, in registry order after the core columns, into
        :mod:`odds.combat.model.rule_columns`: after adding or renaming a rule's columns,
        run ``python -m odds.special_rules`` (``docs/adding-a-rule.md``).
    column_docs : dict of str to str
        What the values of its own columns mean, column by column (written beside each
        column in the generated module).
    reads : tuple of str
        Columns it reads that the core layout or another rule's spec owns.
    switches : tuple of str or None
        Those of ``columns`` and ``reads`` that are 0 exactly when no body has the rule
        (None: all of them); the plain kernel needs them at 0 when ``plain`` is false.
    fill : callable or None
        ``fill(unit) -> {column name: value}``: its ``sides`` columns for a unit; None where
        the combat model fills them (``filled_by`` says where).
    filled_by : str
        Where the model fills its columns when ``fill`` is None.
    dice : callable or None
        ``dice(model, layout) -> int``: the most dice it adds to one round of ``model``.
    plain : bool
        Whether the plain-pair and core kernels accept a unit with it (False: its ``sides``
        columns join :data:`odds.combat.model.engine.PLAIN_ABSENT`, and a combat with it runs
        on the general kernel, :mod:`odds.combat.variants`).
    exact_refuses : callable or None
        ``exact_refuses(model, layout) -> bool``: True where the exact first round cannot
        be worked out with it (:func:`odds.combat.exact.mixtures.first_round_parts`).
    acts : tuple of str
        Points of the round (:data:`POINTS`) where its kernel code acts.
    hooks : tuple of str
        Its kernel functions, dotted from ``odds.combat``.
    rare : str
        The kernel's rare-rule bits that turn its code on (``RARE_*`` of
        :mod:`odds.combat.kernel`, joined by ``|``), if any: set for a combat where some
        unit has its first ``sides`` switch column above 0
        (:func:`odds.special_rules.rare_columns`).
    """

    key: str
    mdnr: tuple[str, ...]
    book: str
    battlescribe: tuple[str, ...] = ()
    flag: bool = True
    columns: tuple[str, ...] = ()
    column_docs: dict[str, str] = field(default_factory=dict, compare=False)
    reads: tuple[str, ...] = ()
    switches: tuple[str, ...] | None = None
    fill: Callable[[Any], dict[str, int]] | None = None
    filled_by: str = ""
    dice: Callable[[Any, Any], int] | None = None
    plain: bool = True
    exact_refuses: Callable[[Any, Any], bool] | None = None
    acts: tuple[str, ...] = ()
    hooks: tuple[str, ...] = ()
    rare: str = ""

    def __post_init__(self) -> None:
        unknown = [p for p in self.acts if p not in POINTS]
        if unknown:
            raise ValueError(f"{self.key}: unknown points of the round {unknown}")
        if self.switches is not None and not set(self.switches) <= set(self.named_columns):
            raise ValueError(f"{self.key}: switches must be among its columns and reads")
        if not set(self.column_docs) <= set(self.columns):
            raise ValueError(f"{self.key}: column_docs must be about its own columns")
        if set(self.columns) & set(self.reads):
            raise ValueError(f"{self.key}: a column both owned and read")
        if self.fill is None and self.named_columns and not self.filled_by:
            raise ValueError(f"{self.key}: columns without fill or filled_by")
        if self.rare and not any(c.startswith("S_") for c in self.switch_columns):
            raise ValueError(f"{self.key}: a rare bit needs a sides switch column")

    @property
    def named_columns(self) -> tuple[str, ...]:
        """Every column it names: :attr:`columns`, then :attr:`reads`."""
        return self.columns + self.reads

    @property
    def switch_columns(self) -> tuple[str, ...]:
        """:attr:`switches`, or every column it names when it is None."""
        return self.named_columns if self.switches is None else self.switches
