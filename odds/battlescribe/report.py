"""Import reports: what a BattleScribe import left out or approximated, unit by unit.

Nothing read from a catalogue or roster is dropped silently.  Each name the
engine does not model, each value it had to approximate and each disagreement
between the printed data and the engine's own rules becomes a
:class:`ReportItem`.  Kinds:

``ignored``
    A rule, weapon or option that may matter in close combat but that the
    engine does not model (e.g. ``Agravio ancestral``).
``approximated``
    Imported with a stated approximation (a dice characteristic taken as its
    average, the choppa as a hand weapon, an assumed chariot crew).
``no_combat_effect``
    A known name with no effect on a close combat (listed in
    :data:`odds.battlescribe.no_effect_names.NO_COMBAT_EFFECT`): large target, missile
    weapons, army-composition notes.
``note``
    Information: the printed save or unit strength differs from the engine's.

``strict`` imports turn the first ``ignored`` or ``approximated`` item into an
:class:`~odds.validation.OddsInputError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from odds.battlescribe.spelling import normalize
from odds.validation import OddsInputError

__all__ = ["KINDS", "STRICT_KINDS", "ImportReport", "ReportItem", "located"]

KINDS: tuple[str, ...] = ("ignored", "approximated", "no_combat_effect", "note")
"""Kinds of report items, from most to least serious."""

STRICT_KINDS: tuple[str, ...] = ("ignored", "approximated")
"""Kinds that ``strict=True`` turns into errors."""


@dataclass(frozen=True, slots=True)
class ReportItem:
    """One thing an import did not model exactly.

    Attributes
    ----------
    unit : str
        The unit entry (or roster unit) concerned.
    item : str
        The name as written in the file (rule, equipment, characteristic...).
    kind : str
        One of :data:`KINDS`.
    reason : str
        Why, in a few words.
    """

    unit: str
    item: str
    kind: str
    reason: str

    def __str__(self) -> str:
        return f"{self.unit}: {self.item!r} {self.kind.replace('_', ' ')} ({self.reason})"


class ImportReport:
    """An immutable, ordered collection of :class:`ReportItem` (duplicates removed).

    Two items are duplicates when they agree but for the spelling of the item's name
    (:func:`~odds.battlescribe.spelling.normalize`): the same rule linked twice and spelled
    two ways is reported once, as first spelled.

    Parameters
    ----------
    source : str
        The file the report is about.
    items : iterable of ReportItem
    """

    __slots__ = ("_items", "source")

    def __init__(self, source: str, items: Iterable[ReportItem] = ()) -> None:
        self.source = source
        first: dict[tuple[str, str, str, str], ReportItem] = {}
        for i in items:
            first.setdefault((i.unit, normalize(i.item), i.kind, i.reason), i)
        self._items = tuple(first.values())

    @property
    def items(self) -> tuple[ReportItem, ...]:
        """All items, in import order."""
        return self._items

    def __iter__(self) -> Iterator[ReportItem]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"ImportReport({self.source!r}, {len(self)} items)"

    def for_unit(self, unit: str) -> tuple[ReportItem, ...]:
        """Items about one unit."""
        return tuple(i for i in self._items if i.unit == unit)

    def of_kind(self, *kinds: str) -> tuple[ReportItem, ...]:
        """Items of the given kinds."""
        return tuple(i for i in self._items if i.kind in kinds)

    def summary(self) -> str:
        """One line per kind with counts, then the ignored and approximated items."""
        counts = Counter(i.kind for i in self._items)
        head = ", ".join(f"{counts[k]} {k.replace('_', ' ')}" for k in KINDS if counts[k])
        lines = [f"import report for {self.source}: {head or 'nothing to report'}"]
        lines += [f"  {i}" for i in self.of_kind(*STRICT_KINDS)]
        return "\n".join(lines)

    def as_records(self) -> list[dict[str, str]]:
        """Items as plain dicts (``unit``, ``item``, ``kind``, ``reason``), for JSON."""
        return [{"unit": i.unit, "item": i.item, "kind": i.kind, "reason": i.reason}
                for i in self._items]


class Collector:
    """Mutable sink used while importing; raises at once in strict mode."""

    __slots__ = ("items", "source", "strict")

    def __init__(self, source: str, *, strict: bool = False) -> None:
        self.source = source
        self.strict = strict
        self.items: list[ReportItem] = []

    def add(self, unit: str, item: str, kind: str, reason: str) -> None:
        """Record an item (``strict``: raise for :data:`STRICT_KINDS`)."""
        assert kind in KINDS, kind
        if self.strict and kind in STRICT_KINDS:
            raise OddsInputError(
                f"{self.source}: unit {unit!r}: {item!r} {kind.replace('_', ' ')} ({reason});"
                f" strict import refuses it"
            )
        self.items.append(ReportItem(unit, item, kind, reason))

    def report(self) -> ImportReport:
        """The items collected so far as an :class:`ImportReport`."""
        return ImportReport(self.source, self.items)


def located(exc: OddsInputError, source: str, element: str) -> OddsInputError:
    """``exc`` with its message prefixed by the file and the element, unless already there."""
    msg = str(exc)
    if element not in msg:
        msg = f"{element}: {msg}"
    if not msg.startswith(source):
        msg = f"{source}: {msg}"
    return OddsInputError(msg)
