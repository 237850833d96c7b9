"""The command group: command models, and the champion's (leader's) own gear, items and rules.

MDNR Regimientos de Renombre list what their leader carries under his entry: his own
weapon, armour and shield, items that change his profile
(:data:`~odds.battlescribe.champion_names.CHAMPION_ITEMS`), rules of his alone (a ward, a
hatred, a rule under his entry only or that the unit's rule gives him).  The engine's
champion fights as a body of his own with them (:attr:`odds.units.Unit.champion_special`,
``champion_weapon``, ``champion_ward``...).
"""

from __future__ import annotations

import re

from odds import rules
from odds.battlescribe.champion_names import (
    CHAMPION_ITEMS,
    CHAMPION_RULES,
    LEADER_RULE_FLAGS,
    LEADER_RULE_WARDS,
)
from odds.battlescribe.equipment import _Equipment
from odds.battlescribe.equipment_names import ARMOUR_NAMES, WEAPON_NAMES, WEAPON_RULES
from odds.battlescribe.rule_names import NAMED_HATRED, RULE_FLAGS
from odds.battlescribe.spelling import normalize, plain_text
from odds.units import Command, Equipment, Profile
from odds.validation import OddsInputError

# a leader's own item that is a plain ward save, all its text (no "contra ...")
_LEADER_WARD = re.compile(r"(?:talisman\.? )?(?:[a-z ]+ )?(?:tiene|proporciona) una tirada de"
                          r" salvacion especial de ([2-6])\+\.?")


class _CommandGroup(_Equipment):
    """The unit's command models and its champion's (leader's) own gear, items and rules."""

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

    def champions_weapon(self, tt: str, equipment: Equipment) -> str:
        """The champion's (leader's) own weapon when its entry lists one unlike the unit's.

        MDNR Regimientos de Renombre list the leader's gear under its entry (Compañía
        Alcatani: the pikemen's "Pica", Alcatani's "Dos armas de mano"); ``""`` when it
        lists none, or the unit's among its weapons (RULES.md §1.7: the whole unit makes
        the same choice).  The engine gives weapon rules
        (:data:`~odds.battlescribe.equipment_names.WEAPON_RULES`) to the whole unit, so a
        champion's weapon that has one is reported, and so is one that changes the
        champion's own save (a shield it cannot use with it).
        """
        node = self.sel.command.get("champion")
        if node is None:
            return ""
        taken = {id(n) for n in self.sel.taken}
        weapons = []
        for n in node.walk()[1:]:
            key = self.equipment_key(n) if id(n) in taken else None
            if key in WEAPON_NAMES and key not in CHAMPION_ITEMS:
                weapons.append((n.name, key, self.weapon(key, tt)))
        special = [x for x in weapons if x[2] != "hand_weapon"]
        pistols = [n for n in node.walk()[1:] if id(n) in taken and normalize(n.name) == "pistola"]
        if pistols and not special and rules.WEAPONS["hand_weapon_and_pistol"].usable_by(tt):
            return self.champions_pistol(pistols[0].name, equipment)
        if pistols:
            beside = special[0][2] if special else f"a {tt} mount"
            self.note(pistols[0].name, "ignored", f"a pistol beside {beside}: the engine"
                      " models one close-combat weapon for the champion")
        if not weapons or any(w == equipment.weapon for _, _, w in weapons):
            # RULES.md §1.7: "the whole unit uses the same choice" (Chronus's "Arma de mano",
            # "Lanza" and "Arma a dos manos": the knights' spear)
            return ""
        name, key, weapon = special[0] if special else weapons[0]
        for n, _, w in special[1:]:
            if w != weapon:
                self.note(n, "ignored", f"the engine models one weapon for the champion;"
                          f" {weapon} used")
        if not rules.WEAPONS[weapon].usable_by(tt):
            self.note(name, "ignored", f"{weapon} cannot be used by {tt}; the champion's hand"
                      " weapon used")
            weapon = "hand_weapon"
        if weapon == equipment.weapon:
            return ""
        if key in WEAPON_RULES:
            self.note(name, "ignored", "the rules of the champion's own weapon are not"
                      " modelled (the engine gives weapon rules to the whole unit)")
        saves = {rules.armour_save(tt, equipment.armour, equipment.shield, equipment.barding,
                                   x, in_close_combat=True) for x in (weapon, equipment.weapon)}
        del saves  # a save of its own: Unit.champion_save, noted in build()
        self.note(name, "note", f"the champion fights with its own weapon: {weapon}")
        return weapon

    def champions_pistol(self, name: str, equipment: Equipment) -> str:
        """The weapon of a champion (leader) whose entry takes a "Pistola" beside a hand weapon.

        6th edition, "Pistol (hand-to-hand)" (6th.whfb.app/weapons/pistol-hand-to-hand):
        "a pistol can be used in one hand whilst the other hand holds either a hand weapon
        or another pistol ... conferring +1 additional Attack"; in the first round that one
        attack is the pistol's shot (S4, armour piercing), after it a hand weapon
        (RULES.md §1.7; gst "Pistola (cuerpo a cuerpo)").  MDNR reads it so too ("Pistola
        de Lucca": "Lucca lleva también pistola, así que cuenta como dos armas de mano"):
        :data:`odds.rules.WEAPONS` ``"hand_weapon_and_pistol"``.  Beside a weapon of two
        hands, or on a mount, the pistol is reported (:meth:`champions_weapon`).
        """
        weapon = "hand_weapon_and_pistol"
        if weapon == equipment.weapon:
            return ""
        self.note(name, "note", "the champion fights with a hand weapon and a pistol: one"
                  " more attack, S4 and armour piercing in the first round (6th 'Pistol"
                  " (hand-to-hand)'; RULES.md §1.7)")
        return weapon

    def champions_armour(self, equipment: Equipment) -> tuple[str, bool | None]:
        """The champion's (leader's) own armour and shield when its entry lists its kit.

        MDNR Regimientos de Renombre list the leader's armour under its entry (Josef
        Bugman: "Armadura de Gromril" and "Escudo", the rangers "Armadura pesada"): an entry
        listing armour or a shield lists all it wears.  ``("", None)``: the unit's.
        """
        node = self.sel.command.get("champion")
        if node is None:
            return "", None
        taken = {id(n) for n in self.sel.taken}
        own: dict[str, object] = {}
        for n in node.walk()[1:]:
            key = self.equipment_key(n) if id(n) in taken else None
            if key is None:
                continue
            for one in self.combined_keys(n, key):
                attr, value = ARMOUR_NAMES.get(one, ("", None))
                if attr in ("armour", "shield"):
                    own[attr] = value
        if not own:
            return "", None
        armour = str(own.get("armour", "none"))
        shield = bool(own.get("shield", False))
        return ("" if armour == equipment.armour else armour,
                None if shield == equipment.shield else shield)

    def champion_carries(self, rule: str) -> bool:
        """Whether ``rule`` comes with an entry under the champion's (leader's) entry."""
        node = self.sel.command.get("champion")
        return node is not None and any(rule in n.rules for n in node.walk())

    def apply_champion_items(self, champion: Profile | None, special: list[str]
                             ) -> Profile | None:
        """The champion's profile and weapon with its items.

        Its :data:`~odds.battlescribe.champion_names.CHAMPION_ITEMS`; an item the engine
        cannot apply (no champion, no rule it needs, a weapon the champion's troop type
        cannot carry) is reported.
        """
        for name in self.champion_items:
            deltas, needs, approximation, weapon, flags = CHAMPION_ITEMS[normalize(name)]
            w = rules.WEAPONS.get(weapon)
            unusable = w is not None and not w.usable_by(self.troop_type)
            if champion is None or (needs and needs not in special) or unusable:
                why = ("no champion profile" if champion is None else
                       f"{weapon} for {self.troop_type}" if unusable else "no " + needs)
                self.note(name, "ignored", f"an item of the champion the engine cannot apply"
                          f" ({why})")
                continue
            champion = champion.replace(**{c: min(10, getattr(champion, c) + d)
                                           for c, d in deltas})
            self.champion_special += flags
            done = ", ".join([*(f"the champion's {c}{d:+d}" for c, d in deltas),
                              *([f"the champion's weapon {weapon}"] if weapon else []),
                              *(f"the champion's {f}" for f in flags)])
            if weapon:
                self.champion_weapon = "" if weapon == self.weapon_key else weapon
            if approximation:
                self.note(name, "approximated", f"{done}; {approximation}")
            else:
                self.note(name, "note", done)
        return champion

    def leader_only(self) -> set[str]:
        """Keys of the rules carried only under the champion's (leader's) taken entry."""
        node = self.sel.command.get("champion")
        if node is None:
            return set()
        under = {id(x) for x in node.walk()}
        taken = [n for n in self.sel.taken if id(n) in under]
        elsewhere = {normalize(r) for r in self.sel.unit.rules}
        elsewhere |= {normalize(r) for n in self.sel.taken if id(n) not in under
                      for r in n.rules}
        return {normalize(r) for n in taken for r in n.rules} - elsewhere

    def leader_rule(self, name: str, key: str, text: str | None, leader_only: set[str]) -> bool:
        """Give the leader a rule of his alone; whether rule ``name`` was one (reported).

        A rule of the unit that names its leader
        (:data:`~odds.battlescribe.champion_names.LEADER_RULE_FLAGS`), or one under the
        leader's entry only (``leader_only``, :meth:`leader_only`) that its ``text`` does not
        give to "su unidad": his hatred, ward save,
        :data:`~odds.battlescribe.champion_names.CHAMPION_RULES` or
        :data:`~odds.battlescribe.rule_names.RULE_FLAGS`.
        """
        if key in LEADER_RULE_FLAGS:
            # Espadas de Manann "Juego sucio": the unit's rule, Edvard's blows and ward
            if self.sel.command.get("champion") is None:
                self.note(name, "ignored", "the leader's rule, and the unit has no leader")
            else:
                self.champion_special += LEADER_RULE_FLAGS[key]
                if key in LEADER_RULE_WARDS:
                    self.champion_ward = min(LEADER_RULE_WARDS[key], self.champion_ward or 7)
                self.note(name, "note", "the leader's rule: it fights as a body of its own"
                          " with it (Unit.champion_special)")
            return True
        if key in leader_only and "su unidad" not in plain_text(text or ""):
            # a rule under the leader's entry only (Mordini: Ennio's "Golpe letal" and
            # "Ataques mágicos"; Kreugar: "Richter Kreugar (no el resto de la compañía)
            # odia al resto de No Muertos"), unless its text gives it to "su unidad"
            # (Oglah Khan's "Pellejo de Wulfag": "Oglah y su unidad")
            if key in NAMED_HATRED and self.sel.command.get("champion") is not None:
                # Kreugar's "Odio a los No Muertos": his blows re-roll their misses in
                # the first round against those enemies (gst "Odio"), "pese a ser Inmune a
                # psicología" (immunity to psychology never cancels hatred in the engine)
                self.champion_hatred += NAMED_HATRED[key]
                self.note(name, "note", f"the leader's own hatred of"
                          f" {', '.join(NAMED_HATRED[key])}: he fights as a body of his"
                          f" own (Unit.champion_hatred)")
                return True
            if key in NAMED_HATRED or key.startswith("odio "):
                self.note(name, "ignored", "hatred of the leader alone: not modelled")
                return True
            ward = _LEADER_WARD.fullmatch(re.sub(r"\s+", " ", plain_text(
                text or "")).strip())
            if ward:
                # "Talismán Colmillo de Oso": "Talismán. Beorg tiene una Tirada de
                # salvación especial de 4+"; "Gema del Desierto": "Talismán que le
                # proporciona una tirada de salvación especial de 6+"
                self.champion_ward = min(int(ward.group(1)), self.champion_ward or 7)
                self.note(name, "note", f"the leader's own ward save {ward.group(1)}+:"
                          " it fights as a body of its own")
                return True
            if key in CHAMPION_RULES:
                ward, flags = CHAMPION_RULES[key]
                self.champion_ward = min(ward or 7, self.champion_ward or 7) % 7
                self.champion_special += flags
                self.note(name, "note", f"the leader's own rule: "
                          f"{f'ward {ward}+ and ' if ward else ''}"
                          f"{', '.join(flags) or 'nothing else'} in close combat (he"
                          f" fights as a body of his own)")
                return True
            if key in RULE_FLAGS:
                self.champion_special += RULE_FLAGS[key]
                self.note(name, "note", "the leader's own rule: it fights as a body of its"
                          " own with it (Unit.champion_special)")
                return True
        return False
