"""Taken catalogue entries (or roster selections) → an :class:`odds.units.Unit`.

Troop type, profile and mount
-----------------------------
The unit's first ``Modelo`` profile is the rank-and-file model (the
champion's profile, named like the command group's champion entry, is the
champion's).  Its ``Tipo`` gives the troop type (first word(s), see
:data:`~odds.battlescribe.names.TROOP_TYPE_NAMES`), except that:

* a rider whose unit also has a steed profile (``Tipo`` ``Caballería``) is
  **cavalry**: the steed is the :class:`~odds.units.MountProfile` and gives
  the rider's M when the rider has none (MDNR prints knights as
  ``Infantería`` with the warhorse ``Caballería`` beside them);
* a ``Carro`` is a **chariot**: the engine's profile takes the crew's
  characteristics with the chariot's T and W and the steeds' M, the
  chariot's S is the impact-hit strength and its printed save is the
  ``armour_save_override``; crew and steed counts are not in the data (2 and
  2 are assumed, reported); war machines likewise take the crew's
  characteristics with the machine's T and W (crew 3 assumed, reported);
* a missing ``Tipo`` is inferred from ``Potencia`` (1 infantry, 2 cavalry,
  3 monstrous infantry, more: monster), reported.

Saves (the TSA decision)
------------------------
The engine derives the armour save from the mapped equipment (RULES.md
§1.5: armour, shield, cavalry, barding, and the +1 for hand weapon and shield
in close combat, which the printed ``TSA`` never includes).  The printed
``TSA`` is only compared with the engine's save *out of* close combat and a
difference is reported as a ``note``; the engine's value wins.  Exceptions,
where the save does not come from equipment: chariots, monsters and war
machines, and units with no armour or shield whose printed save is better
than the engine's (natural armour, e.g. scaly skin), get the printed value
as ``armour_save_override``.

Points
------
Costs of the unit entry and of every taken entry outside the command group
add up to ``points_per_model`` (upgrades of the model entry are per model;
MDNR catalogues price regiment options per model).  Command models' costs go
to ``Command.champion_points``/``standard_points``/``musician_points``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from odds import rules
from odds.battlescribe.names import (
    APPROXIMATE_TROOP_TYPES,
    APPROXIMATE_WEAPONS,
    ARMOUR_NAMES,
    RULE_FLAGS,
    STRUCTURAL_NAMES,
    TROOP_TYPE_NAMES,
    WEAPON_NAMES,
    is_no_combat_effect,
    normalize,
    parametric_rule,
)
from odds.battlescribe.report import Collector
from odds.battlescribe.selection import Selection
from odds.battlescribe.tree import Node, RawProfile
from odds.battlescribe.values import MISSING_DEFAULTS, parse_characteristic, parse_save
from odds.units import SPANISH_LETTERS, Command, Equipment, MountProfile, Profile, Unit
from odds.validation import OddsInputError

__all__ = ["Built", "build_unit"]

_ENGLISH_TO_SPANISH = {eng: esp for esp, eng in SPANISH_LETTERS.items()}
_RANGES = {"M": (0, 50), "T": (1, 10), "W": (1, 10), "Ld": (2, 10)}
_CHARIOT_CREW = 2
_CHARIOT_STEEDS = 2
_WAR_MACHINE_CREW = 3
_CREWED = ("chariot", "war_machine")


@dataclass(frozen=True, slots=True)
class Built:
    """A built unit with the printed values it was compared against."""

    unit: Unit
    printed_save: int | None
    printed_unit_strength: int | None


def _tipo(p: RawProfile) -> tuple[str | None, bool, str]:
    """(troop type or None, exact?, printed first word) of a profile's ``Tipo``."""
    text = (p.values.get("Tipo") or "").strip()
    first = re.split(r"[,.]", text)[0] if text else ""
    key = normalize(first)
    if key in TROOP_TYPE_NAMES:
        return TROOP_TYPE_NAMES[key], True, first
    if key in APPROXIMATE_TROOP_TYPES:
        return APPROXIMATE_TROOP_TYPES[key], False, first
    return None, False, first


def _potencia(p: RawProfile | None) -> int | None:
    return None if p is None else parse_characteristic(p.values.get("Potencia")).value


class _Builder:
    def __init__(self, sel: Selection, name: str, sink: Collector) -> None:
        self.sel, self.name, self.sink = sel, name, sink

    def note(self, item: str, kind: str, reason: str) -> None:
        self.sink.add(self.name, item, kind, reason)

    # ------------------------------------------------------------ profiles

    def profiles(self) -> tuple[list[RawProfile], RawProfile | None]:
        sources = list(self.sel.unit.profiles)
        for node in self.sel.taken:
            sources += node.profiles
        champ_node = self.sel.command.get("champion")
        champion = None
        if champ_node is not None:
            pool = sources + champ_node.profiles
            champion = next((p for p in pool if normalize(p.name) == champ_node.key), None)
            if champion is None and champ_node.profiles:
                champion = champ_node.profiles[0]
        seen: set[int] = set()
        others = []
        for p in sources:
            if p is not champion and id(p) not in seen:
                seen.add(id(p))
                others.append(p)
        if not others:
            carrier = next((n for n in self.sel.unit.walk()[1:] if n.profiles
                            and not n.key.startswith("grupo de mando")), None)
            if carrier is None:
                raise OddsInputError(f"{self.name}: no model profile (typeName 'Modelo') found")
            others = list(carrier.profiles)
            self.note(carrier.name, "approximated", "no model taken by default; the profiles of"
                      f" option {carrier.name!r} used")
        return others, champion

    def characteristic(self, letter: str, chain: list[RawProfile], what: str) -> int:
        spanish = _ENGLISH_TO_SPANISH[letter]
        for p in chain:
            parsed = parse_characteristic(p.values.get(spanish))
            if parsed.value is not None:
                if parsed.note:
                    self.note(f"{p.name} {spanish}", "approximated", parsed.note)
                value = parsed.value
                break
        else:
            value = MISSING_DEFAULTS[letter]
            self.note(f"{chain[0].name} {spanish}", "approximated",
                      f"{what} has no {spanish}; {value} used")
        low, high = _RANGES.get(letter, (0, 10))
        if not low <= value <= high:
            clamped = min(high, max(low, value))
            self.note(f"{chain[0].name} {spanish}", "approximated",
                      f"{value} is outside the engine's range {low}..{high}; {clamped} used")
            value = clamped
        return value

    def profile(self, chain: list[RawProfile], what: str, per_letter: dict[str, list[RawProfile]]
                ) -> Profile:
        values = {c: self.characteristic(c, per_letter.get(c, chain), what)
                  for c in ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")}
        return Profile(**values)

    # ------------------------------------------------------------ the unit

    def build(self, *, models: int, files: int, roles: set[str], points_per_model: float,
              compare_save: bool) -> Built:
        others, champion_raw = self.profiles()
        main = others[0]
        tt, exact, printed_type = _tipo(main)
        cavalry_like = [p for p in others[1:] if _tipo(p)[0] == "cavalry"]
        used = [main]
        mount_raw = crew_raw = None
        if tt in _CREWED:
            crew_raw = next((p for p in others[1:] if _tipo(p)[0] != "cavalry"), None)
            mount_raw = cavalry_like[0] if cavalry_like else None
        elif cavalry_like and tt in (None, "infantry", "cavalry"):
            tt, exact, mount_raw = "cavalry", True, cavalry_like[0]
        if tt is None:
            us = _potencia(main)
            tt = {1: "infantry", 2: "cavalry", 3: "monstrous_infantry", None: "infantry"}.get(
                us, "monster")
            self.note(f"{main.name} Tipo", "approximated",
                      f"troop type {printed_type or 'missing'!r} not known; {tt} inferred from"
                      f" Potencia {us}")
        elif not exact:
            self.note(f"{main.name} Tipo", "approximated",
                      f"troop type {printed_type!r} imported as {tt}")
        used += [p for p in (mount_raw, crew_raw) if p is not None]
        for p in others:
            if p not in used:
                self.note(p.name, "ignored", "second model profile in the unit: only the first"
                          " rank-and-file profile is modelled")

        if tt in _CREWED:
            body = crew_raw or main
            per_letter = {c: [body, main] for c in ("WS", "BS", "S", "I", "A", "Ld")}
            per_letter.update({"T": [main], "W": [main]})
            per_letter["M"] = [main] + ([mount_raw] if mount_raw else []) + [body]
            if crew_raw is None:
                self.note(main.name, "approximated", f"{tt} without a crew profile")
            profile = self.profile([main], f"the {tt}", per_letter)
        else:
            per_letter = {"M": [main] + ([mount_raw] if mount_raw else [])}
            profile = self.profile([main], "the model", per_letter)
        champion = None
        if champion_raw is not None and tt not in _CREWED:
            per_letter = {"M": [champion_raw, main] + ([mount_raw] if mount_raw else [])}
            champion = self.profile([champion_raw, main], "the champion", per_letter)

        mount = None
        if mount_raw is not None:
            mount = MountProfile(
                **{c: self.characteristic(c, [mount_raw], "the steed")
                   for c in ("WS", "S", "I", "A")},
                count=_CHARIOT_STEEDS if tt == "chariot" else 1,
            )
        crew = 1
        if tt == "chariot":
            crew = _CHARIOT_CREW
            self.note(main.name, "approximated",
                      f"crew and steeds per chariot are not in the data; {_CHARIOT_CREW} crew"
                      f" and {_CHARIOT_STEEDS if mount else 0} steeds assumed")
        elif tt == "war_machine":
            crew = _WAR_MACHINE_CREW
            self.note(main.name, "approximated",
                      f"crew per war machine is not in the data; {crew} assumed")

        equipment = self.equipment(tt, mount_raw)
        special, extra = self.rules()
        impact_strength = None
        if extra.get("impact_hits"):
            impact_strength = profile.S
            if tt == "chariot":
                impact_strength = self.characteristic("S", [main], "the chariot")
        printed_save, _ = parse_save(main.values.get("TSA"))
        override = self.save(tt, equipment, printed_save, compare_save)
        printed_us = _potencia(mount_raw) if tt == "cavalry" and mount_raw else _potencia(main)
        command = self.command(roles)
        try:
            unit = Unit(
                name=self.name, troop_type=tt, models=models, files=files, profile=profile,
                equipment=equipment, command=command, mount=mount, crew=crew,
                special=tuple(special), armour_save_override=override,
                points_per_model=points_per_model, champion_profile=champion,
                impact_strength=impact_strength, **extra,
                notes="imported from BattleScribe",
            )
        except OddsInputError as exc:
            raise OddsInputError(f"unit {self.name!r}: {exc}") from None
        if printed_us is not None and printed_us != unit.unit_strength_per_model:
            self.note("Potencia", "note",
                      f"printed unit strength {printed_us} per model, engine"
                      f" {unit.unit_strength_per_model} (RULES.md §2.3; engine wins)")
        return Built(unit, printed_save, printed_us)

    # ------------------------------------------------------------ equipment

    def equipment(self, tt: str, mount_raw: RawProfile | None) -> Equipment:
        fields: dict[str, object] = {}
        weapons: list[tuple[str, str]] = []
        if mount_raw is not None and "barda" in normalize(mount_raw.name):
            fields["barding"] = True
        for node in self.sel.taken:
            if node is self.sel.model or node.key in STRUCTURAL_NAMES:
                continue
            if node.profiles:
                if "barda" in node.key and tt in ("cavalry", "chariot"):
                    fields["barding"] = True
                continue
            key = self.equipment_key(node)
            if key is None:
                if node.rules:
                    continue
                if is_no_combat_effect(node.name):
                    self.note(node.name, "no_combat_effect", "known; no effect in close combat")
                elif node.children and all(c.kind == "group" or c.children
                                           for c in node.children):
                    continue  # a container of other options
                else:
                    self.note(node.name, "ignored", "option not modelled by the engine")
                continue
            if key in WEAPON_NAMES:
                weapons.append((node.name, self.weapon(key, tt)))
            else:
                attr, value = ARMOUR_NAMES[key]
                if attr == "barding" and tt not in ("cavalry", "chariot"):
                    self.note(node.name, "ignored", f"barding on {tt}")
                    continue
                if attr == "armour" and fields.get("armour") not in (None, value):
                    best = max(value, fields["armour"], key=rules.ARMOURS.index)
                    self.note(node.name, "ignored", f"a second armour; {best} kept")
                    value = best
                fields[attr] = value
        special = [(n, w) for n, w in weapons if w != "hand_weapon"]
        weapon = "hand_weapon"
        if special:
            weapon = special[0][1]
            for n, w in special[1:]:
                if w != weapon:
                    self.note(n, "ignored", f"the engine models one close-combat weapon; {weapon}"
                              " used")
        w = rules.WEAPONS[weapon]
        if (w.mounted_only and tt not in rules.MOUNTED_TROOP_TYPES) or (
                w.foot_only and tt not in rules.FOOT_TROOP_TYPES):
            self.note(weapon, "ignored", f"{weapon} cannot be used by {tt}; hand weapon used")
            weapon = "hand_weapon"
        for n, _ in weapons:
            if normalize(n) in APPROXIMATE_WEAPONS:
                self.note(n, "approximated", "imported as a plain hand weapon")
        return Equipment(weapon=weapon, **fields)  # type: ignore[arg-type]

    def equipment_key(self, node: Node) -> str | None:
        for name in (node.name, *node.info):
            key = normalize(name)
            if key in WEAPON_NAMES or key in ARMOUR_NAMES:
                return key
        return None

    @staticmethod
    def weapon(key: str, tt: str) -> str:
        weapon = WEAPON_NAMES[key]
        if weapon == "spear" and tt not in rules.FOOT_TROOP_TYPES:
            return "cavalry_spear"
        return weapon

    # ------------------------------------------------------------ rules

    def rules(self) -> tuple[list[str], dict[str, object]]:
        names: list[str] = list(self.sel.unit.rules)
        for node in self.sel.taken:
            names += node.rules
        special: list[str] = []
        extra: dict[str, object] = {}
        seen: set[str] = set()
        for name in names:
            key = normalize(name)
            if key in seen:
                continue
            seen.add(key)
            if key in RULE_FLAGS:
                special += RULE_FLAGS[key]
                continue
            param = parametric_rule(name)
            if param is not None:
                field, value = param
                if self.parametric(field, value):
                    numeric = value.isascii() and value.isdigit()
                    extra[field] = int(value) if numeric and field not in (
                        "impact_hits", "multiple_wounds") else value
                else:
                    self.note(name, "ignored", f"{field} {value!r} not supported by the engine")
                continue
            if key.startswith("odio "):
                self.note(name, "ignored", "hatred of some enemies only: not modelled")
            elif is_no_combat_effect(name):
                self.note(name, "no_combat_effect", "known; no effect in close combat")
            else:
                self.note(name, "ignored", "rule not modelled by the engine")
        return special, extra

    @staticmethod
    def parametric(field: str, value: str) -> bool:
        if field in ("regeneration", "ward_save"):
            return value.isascii() and value.isdigit() and 2 <= int(value) <= 6
        if field == "poisoned":
            return value in ("5", "6")
        if field == "impact_hits":
            return value in rules.IMPACT_HITS
        return value in rules.MULTIPLE_WOUNDS

    # ------------------------------------------------------------ save, command

    def save(self, tt: str, equipment: Equipment, printed: int | None, compare: bool
             ) -> int | None:
        engine = rules.armour_save(tt, equipment.armour, equipment.shield, equipment.barding,
                                   equipment.weapon, in_close_combat=False)
        shown = "none" if printed is None else f"{printed}+"
        if tt in ("chariot", "monster", "war_machine") and printed is not None:
            self.note("TSA", "note", f"printed save {shown} used ({tt}: not from equipment)")
            return printed
        if (printed is not None and printed < engine and equipment.armour == "none"
                and not equipment.shield):
            self.note("TSA", "note", f"printed save {shown} used (no armour: natural armour)")
            return printed
        if compare and (printed or 7) != engine:
            self.note("TSA", "note",
                      f"printed save {shown}, engine {'none' if engine >= 7 else f'{engine}+'}"
                      " from the equipment out of close combat (engine wins; RULES.md §1.5)")
        return None

    def command(self, roles: set[str]) -> Command:
        available = self.sel.command
        missing = sorted(r for r in roles if r not in available)
        if missing:
            raise OddsInputError(
                f"unit {self.name!r}: no {', '.join(missing)} in its command group"
                f" (available: {', '.join(sorted(available)) or 'none'})"
            )
        costs = {f"{r}_points": available[r].cost for r in available}
        return Command(**{r: r in roles for r in ("champion", "standard", "musician")}, **costs)


def build_unit(sel: Selection, *, name: str, models: int, files: int, roles: set[str],
               points_per_model: float, sink: Collector, compare_save: bool = True) -> Built:
    """Build the :class:`~odds.units.Unit` for a selection (see the module notes).

    Parameters
    ----------
    sel : Selection
        The unit entry and what is taken.
    name : str
        The unit's name (report items are filed under it).
    models, files : int
        Size and frontage.
    roles : set of str
        Command roles present (``champion``, ``standard``, ``musician``).
    points_per_model : float
        Points per model, computed by the caller.
    sink : Collector
        Where report items go (raises at once in strict mode).
    compare_save : bool
        Report a printed save that differs from the engine's.

    Returns
    -------
    Built
    """
    return _Builder(sel, name, sink).build(models=models, files=files, roles=roles,
                                           points_per_model=points_per_model,
                                           compare_save=compare_save)
