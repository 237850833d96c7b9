"""A second kind of crew (:attr:`odds.units.Unit.extra_crew`): beside the crew, or handlers.

Bestias "Carro de tuskgors" ("Ungor" and "Bestigor"), Elfos Oscuros "Caldero de sangre"
and a war machine's second crew fight beside the first with their own profile and the
weapon taken under their own entry; a monster's handlers (Elfos Oscuros "Hidra de
guerra": "Aprendices") fight beside it and are never attacked while it lives; a war
machine that fights itself ("¡Está vivo!") is one more fighter beside its crew.
"""

from __future__ import annotations

from odds.battlescribe.equipment import _Equipment
from odds.battlescribe.equipment_names import WEAPON_NAMES
from odds.battlescribe.profiles import _Profiles
from odds.battlescribe.rule_names import NAMED_HATRED
from odds.battlescribe.spelling import normalize
from odds.battlescribe.tree import Node, RawProfile
from odds.units import CrewProfile


class _ExtraCrew(_Profiles, _Equipment):
    """The unit's second kind of crew, a monster's handlers, a war machine fighting itself."""

    def crew_weapon(self, carrier: Node, tt: str) -> str:
        """The close-combat weapon taken under a second kind of crew's entry ``carrier``."""
        taken = {id(n) for n in self.sel.taken}
        weapons = [(n.name, self.weapon(key, tt)) for n in carrier.walk()[1:]
                   if id(n) in taken and (key := self.equipment_key(n)) in WEAPON_NAMES]
        weapon = self.one_weapon(weapons, " per crew")
        weapon = self.usable_weapon(weapon, weapons, tt)
        for n, key in ((x.name, self.equipment_key(x)) for x in carrier.walk()[1:]
                       if id(x) in taken):
            if key is not None and key not in WEAPON_NAMES:
                self.note(n, "no_combat_effect", "the second crew's armour (the chariot's"
                          " printed save is used)")
        return weapon

    def handlers_hatred(self, carrier: Node) -> tuple[str, ...]:
        """The hatred of a monster's handlers, from the rules under their entry ``carrier``.

        Elfos Oscuros "Aprendiz": "Odio a los altos elfos"
        (:data:`~odds.battlescribe.rule_names.NAMED_HATRED`): their own blows re-roll missed
        hits in the first round against High Elves; the monster's do not.  Any other rule of
        theirs is reported.
        """
        taken = {id(n) for n in self.sel.taken}
        hated: list[str] = []
        for node in carrier.walk():
            if id(node) not in taken:
                continue
            for name in node.rules:
                key = normalize(name)
                if key in NAMED_HATRED:
                    hated += NAMED_HATRED[key]
                    self.note(name, "note", "the handlers' own hatred: their blows only")
                else:
                    self.note(name, "ignored", "a rule of the handlers alone: not modelled")
        return tuple(sorted(set(hated)))

    def handlers_profile(self, main: RawProfile, raw: RawProfile, crew: CrewProfile) -> None:
        """Report a monster's handlers (:attr:`handlers`) as the engine fights them."""
        self.note(raw.name, "note", f"the monster's {crew.count} handlers: they fight beside"
                  f" it with their own profile and weapon ({crew.weapon}) and are never"
                  f" attacked while it lives; the unit tests on the higher Ld of"
                  f" {main.name} and its handlers (RULES.md: a unit uses the highest Ld among"
                  f" its models)")
