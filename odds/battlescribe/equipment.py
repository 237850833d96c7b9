"""Weapons and armour: the options taken → the unit's :class:`~odds.units.Equipment`.

Each option is read by its name or the profiles it links
(:mod:`odds.battlescribe.equipment_names`): the close-combat weapon the unit fights with
(one; the others reported), armour, shield and barding, the rules and wards they carry,
options known to give nothing in close combat (missile weapons), a mixed unit's front
rank with its own weapon, and knights whose armour is read from their printed save.
"""

from __future__ import annotations

import dataclasses
import re

from odds import rules
from odds.battlescribe.equipment_names import (
    APPROXIMATE_WEAPONS,
    ARMOUR_NAMES,
    ARMOUR_RULES,
    ARMOUR_WARDS,
    WEAPON_IMPACTS,
    WEAPON_NAMES,
    WEAPON_RULES,
    WEAPON_WARDS,
)
from odds.battlescribe.no_effect_names import STRUCTURAL_NAMES, no_combat_reason
from odds.battlescribe.reading import _Reading
from odds.battlescribe.saves import _cc_save
from odds.battlescribe.selection import take
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import Node, RawProfile
from odds.battlescribe.values import parse_save
from odds.units import Equipment

# Elfos Oscuros "Guardia de la ciudad", "Unidad mixta": "Se trata de Lanceros, salvo la primera
# fila, que está formada por Ballesteros ... retira las bajas de las filas posteriores ... Sólo
# cuando hayan caído todos los lanceros se podrá empezar a retirar ballesteros"
_MIXED_FRONT = re.compile(r"\bse trata de [a-z]+, salvo la primera fila, que esta formada por"
                          r" [a-z]+\b.*\bretira las bajas de las filas posteriores\b")
_FRONT_ENTRY = "(primera fila)"
# Imperio, Marienburgo "Caballeros del lobo blanco" (the order's option)
# Condes Vampiro (Sylvania) "Armas de la Milicia sylvaniana"
_MILITIA_ARMS = "elegir entre llevar ballesta, o escudo y lanza, o escudo y alabarda"
_HAMMER_SWAP = "sustituye la lanza de caballeria y el escudo por un martillo del lobo blanco"
_TSE = re.compile(r"\bTSE\s*(\d)\s*\+")


def _ward_of(node: Node) -> int:
    """A ward save an option gives through a profile (``Protección: TSE 6+``), else 0."""
    for p in node.info_profiles:
        for text in p.values.values():
            m = _TSE.search(text or "")
            if m and 2 <= int(m.group(1)) <= 6:
                return int(m.group(1))
    return 0


_ARMOUR_SAVE = re.compile(r"^\s*([2-6])\+\s*$")


def _armour_save_of(node: Node) -> int:
    """The save of an option's armour profile (``Salvación por armadura: 4+``), else 0."""
    for p in node.info_profiles:
        m = _ARMOUR_SAVE.match(p.values.get("Salvación por armadura") or "")
        if m:
            return int(m.group(1))
    return 0


MISSILE_ONLY = "shooting: a missile weapon (every profile of the option has a range)"
"""The reason an option whose profiles are all missile weapons has no effect on a close combat."""


def _missile_only(node: Node) -> bool:
    """Whether an option's profiles are all missile weapons.

    Each has a range in cm and says nothing about close combat (``Ballesta de
    repetición``: "60 // 3 // Arma de proyectiles...").
    """
    weapons = [p for p in node.info_profiles if "Alcance" in p.values]
    if not weapons or len(weapons) != len(node.info_profiles):
        return False
    if any(normalize(n).startswith("pistola") for n in (node.name, *node.info)):
        return False  # a pistol also fights in close combat (RULES.md §1.7; gst "Pistola
        # (cuerpo a cuerpo)") even where the option links only "Pistola (disparo)"
    for p in weapons:
        text = plain_text(" ".join(v or "" for v in p.values.values()))
        if not re.match(r"^\d+\s*(cm)?$", plain_text(p.values.get("Alcance") or "")) or \
                "cuerpo a cuerpo" in text or "combate" in text:
            return False
    return True


_SLAYER_PAIR = ("additional_hand_weapon", "great_weapon")
"""Two hand weapons and a great weapon carried together: the one fought with is chosen for
each combat (RULES.md §1.7; :data:`odds.combat.model.SLAYER_WEAPONS`)."""


_MOUNTED_PAIR = "reciben el bonus pese a ser caballeria"
"""How an option of two hand weapons says riders take its extra attack (Brujos fuegoletal)."""

class _Equipment(_Reading):
    """The unit's weapon and armour from the options taken."""

    def mixed_front_rank(self, tt: str) -> None:
        """Take the two entries of a unit whose front rank is other models than its ranks.

        Elfos Oscuros "Guardia de la ciudad", "Unidad mixta" (:data:`_MIXED_FRONT`): "La
        primera fila de la unidad ... siempre será de Guerreros con Ballesta de repetición
        ... mientras que el resto de la unidad debe componerse enteramente de Guerreros con
        lanza": the entry named ``(primera fila)`` and the other entry of models are both
        in every unit (taken with their defaults, chosen or not); the front one's
        close-combat weapon becomes the unit's ``front_weapon`` (equipment()), the other's
        its weapon.  Both profiles are the unit's one printed profile ("Guardia").
        """
        rule = next((n for n, t in self.rule_texts().items()
                     if _MIXED_FRONT.search(plain_text(t or ""))), "")
        if not rule or tt not in rules.FOOT_TROOP_TYPES:
            return
        entries = [c for c in self.sel.unit.children if c.kind != "group" and not c.profiles
                   and c is not self.sel.model and not c.key.startswith("grupo de mando")
                   and any(self.equipment_key(n) in WEAPON_NAMES for n in c.walk()[1:])]
        front = [c for c in entries if _FRONT_ENTRY in c.key]
        if len(front) != 1 or len(entries) != 2:
            return  # the rule stays reported (rules())
        for c in entries:
            take(self.sel, c)
        self.mixed_front = rule
        self.front_ids = {id(n) for n in front[0].walk()}

    def equipment(self, tt: str, mount_raw: RawProfile | None) -> Equipment:
        """The unit's weapon and armour from the options taken, reporting what is left out.

        In this order: barding on a steed named for it; every option taken
        (:meth:`taken_gear`); weapons taken in pairs (:meth:`paired_weapons`); the one weapon
        fought with (:meth:`weapon_fought_with`) and its own rules
        (:meth:`fought_weapons_rules`); the front rank's weapon of a mixed unit
        (:meth:`mixed_front_rank`), when it differs.
        """
        fields: dict[str, object] = {}
        if mount_raw is not None and "barda" in normalize(mount_raw.name):
            fields["barding"] = True
        weapons, front = self.taken_gear(tt, fields)
        weapons = self.paired_weapons(weapons, fields)
        weapon = self.weapon_fought_with(weapons, tt, fields)
        self.fought_weapons_rules(weapon, weapons)
        equipment = Equipment(weapon=weapon, **fields)  # type: ignore[arg-type]
        self.weapon_key = weapon
        if self.mixed_front:
            own = self.usable_weapon(self.one_weapon(front, " per rank"), front, tt)
            self.front_weapon = "" if own == weapon else own
        return equipment

    def taken_gear(self, tt: str, fields: dict[str, object]
                   ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """Read every option taken but the model's, the command's, members' and crew's.

        Armour and barding go into ``fields`` (:meth:`gear_option`); an option named for
        no weapon or armour is read by :meth:`unkeyed_option`; an option with profiles of
        its own gives only barding.  Returns ``(weapons, front)``: ``(name, weapon key)``
        pairs of the unit's weapons and of its front rank's (:meth:`mixed_front_rank`).
        """
        weapons: list[tuple[str, str]] = []
        front: list[tuple[str, str]] = []
        command = self.command_ids()
        for node in self.sel.taken:
            if node is self.sel.model or node.key in STRUCTURAL_NAMES or id(node) in command:
                continue
            if id(node) in self.member_ids:
                continue  # a named member's own gear (members())
            if id(node) in self.extra_nodes:
                continue  # the second crew's own weapons (crew_weapon)
            if node.profiles:
                if "barda" in node.key and tt in ("cavalry", "chariot"):
                    fields["barding"] = True
                continue
            key = self.equipment_key(node)
            if key is None:
                self.unkeyed_option(node, tt)
            else:
                self.gear_option(node, key, tt, fields,
                                 front if id(node) in self.front_ids else weapons)
        return weapons, front

    def unkeyed_option(self, node: Node, tt: str) -> None:
        """An option named for no weapon or armour: a save, a ward, or reported.

        A close-combat save (``cc_save``), a ward save (``wards``), or the armour of a
        model whose save is the printed one (``worn``, checked in ``armour_notes()``);
        otherwise, unless it carries rules or other options, reported: no effect in
        close combat, the siege giant's hooks (a note), or not modelled.
        """
        if any(_cc_save(t) for q in node.info_profiles for t in q.values.values()):
            self.cc_save.append(node.name)
            return
        ward = _ward_of(node)
        if ward:
            self.wards.append(ward)
            return
        worn = _armour_save_of(node)
        if worn and tt in ("chariot", "monster", "war_machine"):
            # armour of its own on a model whose save is the printed one (Condes
            # Vampiro Morghast "Armadura de Ébano": "la miniatura tiene una Tirada de
            # salvación por armadura de 4+"): checked against the save used in
            # armour_notes()
            self.worn.append((node.name, worn))
            return
        if node.rules:
            return
        reason = no_combat_reason(node.name) or (MISSILE_ONLY if _missile_only(node)
                                                 else None)
        if reason is not None:
            self.note(node.name, "no_combat_effect", reason)
        elif node.children and all(c.kind == "group" or c.children for c in node.children):
            return  # a container of other options
        elif self.giant_hooks(node):
            self.note(node.name, "note", "the hooks' S+1 and killing blow: the"
                      " giant's sweep at S7 with killing blow ('Ataques del gigante')")
        else:
            self.note(node.name, "ignored", "option not modelled by the engine")

    def giant_hooks(self, node: Node) -> bool:
        """Whether ``node`` is the siege giant's "Enormes garfios", its table's sweep.

        Giants family: the hooks ("La del usuario + 1", "Golpe letal") are the table's
        "Barrido con los garfios ... 1D6 impactos de F7 con Golpe letal" ("Ataques del
        gigante"; odds.special_rules.giants, giant_hooks).
        """
        return normalize(node.name) == "enormes garfios" and any(
            normalize(n) == "ataques del gigante"
            and "1d6 impactos de f7 con golpe letal" in plain_text(t or "")
            for n, t in self.rule_texts().items())

    def gear_option(self, node: Node, key: str, tt: str, fields: dict[str, object],
                    weapons: list[tuple[str, str]]) -> None:
        """The weapons and armour option ``node`` gives (its ``key``, or several).

        Weapons join ``weapons``; armour, shield and barding go into ``fields`` (barding
        only on cavalry and chariots; of two armours the better is kept, reported), with
        the armour's rules and ward saves.
        """
        for one in self.combined_keys(node, key):
            if one in WEAPON_NAMES:
                weapons.append((node.name, self.weapon(one, tt)))
                continue
            attr, value = ARMOUR_NAMES[one]
            if attr == "barding" and tt not in ("cavalry", "chariot"):
                self.note(node.name, "ignored", f"barding on {tt}")
                continue
            if attr == "armour" and fields.get("armour") not in (None, value):
                best = max(value, fields["armour"], key=rules.ARMOURS.index)
                self.note(node.name, "ignored", f"a second armour; {best} kept")
                value = best
            fields[attr] = value
            self.weapon_rules += ARMOUR_RULES.get(one, ())
            if one in ARMOUR_WARDS:
                self.wards.append(ARMOUR_WARDS[one])

    def paired_weapons(self, weapons: list[tuple[str, str]], fields: dict[str, object]
                       ) -> list[tuple[str, str]]:
        """``weapons`` less those another taken weapon replaces or is chosen against.

        The White Wolf hammer replaces the lance and shield; the slayers' great weapon and
        two hand weapons are a choice made each combat (``slayer_axes``).
        """
        if any(_HAMMER_SWAP in plain_text(t or "") for t in self.rule_texts().values()) and any(
                w in ("halberd", "white_wolf_hammer") for _, w in weapons):
            # empire2 family: Imperio (Ejército Cruzado), Marienburgo "Caballeros del lobo
            # blanco": "Sustituye la Lanza de caballería y el Escudo por un Martillo del Lobo
            # Blanco" (the order's option, taken with the unit's lance and shield)
            weapons = [(n, w) for n, w in weapons if w != "lance"]
            fields["shield"] = False
        if sorted({w for _, w in weapons} - {"hand_weapon"}) == list(_SLAYER_PAIR):
            # mercenaries family: Mercenarios, Regimientos de Renombre, Enanos (Karak-Kadrin)
            # "Cercenagoblins de Malakai": the slayers' and Malakai's "Armas" take both "Arma
            # a dos manos" and "Dos armas de mano" (min 2, max 2); RULES.md §1.7 "Choose
            # weapons at the start of the first round of each combat; keep them for that
            # combat": as Enanos "Hachas de matador", the slayer_axes choice
            self.weapon_rules += ("slayer_axes",)
            name = next(n for n, w in weapons if w == "additional_hand_weapon")
            self.note(name, "note", "carried with a great weapon: the weapon fought with is"
                      " chosen for each combat (RULES.md §1.7), as Enanos 'Hachas de matador'")
            weapons = [(n, w) for n, w in weapons if w != "great_weapon"]
        stake = next((n for n, _ in weapons if "sigmar_stake" in WEAPON_RULES.get(
            normalize(n), ())), None)
        if stake is not None and any(w == "brace_of_pistols" for _, w in weapons):
            # Regimientos de Renombre (Cazadores de brujas) "Estaca de Sigmar": "Johann puede
            # elegir si lucha con la Estaca de Sigmar o con el par de pistolas" (his "Armas"
            # take both; Estalia's "Estaca de Myrmidia", Juan's, the same): he fights with
            # the stake, the pistols are his missile weapon
            name = next(n for n, w in weapons if w == "brace_of_pistols")
            self.note(name, "note", f"his choice of weapon against the {stake!r}"
                      f" ('puede elegir si lucha con la {stake} o con el par de pistolas'):"
                      " he fights with the stake, the pistols shoot")
            weapons = [(n, w) for n, w in weapons if w != "brace_of_pistols"]
        return weapons

    def weapon_fought_with(self, weapons: list[tuple[str, str]], tt: str,
                           fields: dict[str, object]) -> str:
        """The one weapon key the unit fights with (:meth:`one_weapon`, :meth:`usable_weapon`).

        Read as the army's rules say: the Sylvanian militia's spear or halberd comes with
        its shield, a brace of pistols on horseback is a volley, and riders' two hand
        weapons that keep the bonus are a hand weapon and ``mounted_hand_weapons``.
        """
        weapon = self.one_weapon(weapons)
        if weapon in ("spear", "halberd") and any(
                _MILITIA_ARMS in plain_text(t or "") for t in self.rule_texts().values()):
            # empire2 family: Condes Vampiro (Sylvania) "Armas de la Milicia sylvaniana":
            # "Pueden y deben, elegir entre llevar ballesta, o escudo y lanza, o escudo y
            # alabarda" (the data's shield is an option of its own)
            fields["shield"] = True
        if (weapon == "brace_of_pistols" and tt in rules.MOUNTED_TROOP_TYPES
                and "descarga cerrada" in map(normalize, self.rule_names())):
            # Imperio "Descarga cerrada" (Herreruelos): a brace on horseback
            # (odds.rules.WEAPONS["volley_of_pistols"])
            weapon = "volley_of_pistols"
        if (weapon == "additional_hand_weapon" and tt in rules.MOUNTED_TROOP_TYPES
                and any(_MOUNTED_PAIR in plain_text(n) for n, w in weapons if w == weapon)):
            # Bretonia and the elves: Elfos Oscuros (Brujos fuegoletal) "Dos armas de mano
            # (reciben el bonus pese a ser caballería)": a hand weapon and the extra attack
            # (odds.special_rules.bretonnia.MOUNTED_HAND_WEAPONS)
            weapon = "hand_weapon"
            self.weapon_rules += ("mounted_hand_weapons",)
        return self.usable_weapon(weapon, weapons, tt)

    def fought_weapons_rules(self, weapon: str, weapons: list[tuple[str, str]]) -> None:
        """The rules, ward saves and impact hits of the taken weapons fought with (choppa...)."""
        for n, w in weapons:
            if w == weapon:
                self.weapon_rules += WEAPON_RULES.get(normalize(n), ())
                self.weapon_only_rules += WEAPON_RULES.get(normalize(n), ())
                if normalize(n) in WEAPON_WARDS:
                    self.wards.append(WEAPON_WARDS[normalize(n)])
                self.weapon_impacts = WEAPON_IMPACTS.get(normalize(n), self.weapon_impacts)

    def one_weapon(self, weapons: list[tuple[str, str]], per: str = "") -> str:
        """The weapon fought with among the options taken, ``(name, weapon key)`` pairs.

        The first that is not a hand weapon; another one is reported as ignored (the
        engine models one close-combat weapon, ``per`` the crew when it says so).
        """
        special = [(n, w) for n, w in weapons if w != "hand_weapon"]
        weapon = special[0][1] if special else "hand_weapon"
        for n, w in special[1:]:
            if w != weapon:
                self.note(n, "ignored", f"the engine models one close-combat weapon{per};"
                          f" {weapon} used")
        return weapon

    def usable_weapon(self, weapon: str, weapons: list[tuple[str, str]], tt: str) -> str:
        """``weapon`` if ``tt`` models may fight with it, else a hand weapon (reported).

        Also notes the ``weapons`` taken that are imported as plain hand weapons.
        """
        if not rules.WEAPONS[weapon].usable_by(tt):
            self.note(weapon, "ignored", f"{weapon} cannot be used by {tt}; hand weapon used")
            weapon = "hand_weapon"
        for n, _ in weapons:
            if normalize(n) in APPROXIMATE_WEAPONS:
                self.note(n, "approximated", "imported as a plain hand weapon")
        return weapon

    def folded_armour(self, main: RawProfile, equipment: Equipment) -> Equipment:
        """The armour of knights printed as one profile, read from their printed save.

        Imperio "Caballeros de semigrifo" take no armour option; their ``TSA`` "4+
        (salvo que usen escudo que sería 3+)" is heavy armour with the cavalry +1
        (RULES.md §1.5), and the shield's 3+ agrees.  The armour whose cavalry save
        without a shield is the printed one (and with a shield the clause's, when
        printed) is taken; none fits: the equipment is left as it is.
        """
        text = main.values.get("TSA") or ""
        printed, _ = parse_save(text)
        with_shield = re.search(r"escudo que seria (\d)\+", plain_text(text))
        for armour in ("light", "heavy"):
            bare = rules.armour_save("cavalry", armour, False, equipment.barding,
                                     "hand_weapon", in_close_combat=False)
            shielded = rules.armour_save("cavalry", armour, True, equipment.barding,
                                         "hand_weapon", in_close_combat=False)
            if bare == printed and (with_shield is None
                                    or shielded == int(with_shield.group(1))):
                self.note("TSA", "note", f"no armour in the data: {armour} armour read from"
                          f" the printed {text.strip()!r} (cavalry +1, the steed folded in)")
                return dataclasses.replace(equipment, armour=armour)
        return equipment

    @staticmethod
    def combined_keys(node: Node, key: str) -> list[str]:
        """Every weapon and armour an option named for several gives (else ``[key]``).

        Imperio "Caballeros de semigrifo": the option "Lanza de caballería y escudo" links
        the profiles "Escudo" and "Lanza de caballería": both are taken.
        """
        if normalize(node.name) in WEAPON_NAMES or normalize(node.name) in ARMOUR_NAMES:
            return [key]
        keys = [normalize(n) for n in node.info]
        keys = [k for k in dict.fromkeys(keys) if k in WEAPON_NAMES or k in ARMOUR_NAMES]
        return keys or [key]

    def equipment_key(self, node: Node) -> str | None:
        for name in (node.name, *node.info):
            key = normalize(name)
            if key in WEAPON_NAMES or key in ARMOUR_NAMES:
                return key
        # an option named for what it is that links a game-system armour profile (Elfos
        # Oscuros "Piel escamosa" → the gst profile "Armadura ligera", 6+)
        for p in node.info_profiles:
            key = normalize(p.name)
            if key in ARMOUR_NAMES:
                return key
        return None

    @staticmethod
    def weapon(key: str, tt: str) -> str:
        weapon = WEAPON_NAMES[key]
        if weapon == "spear" and tt not in rules.FOOT_TROOP_TYPES:
            return "cavalry_spear"
        if key == "martillo del lobo blanco" and tt in rules.MOUNTED_TROOP_TYPES:
            return "white_wolf_hammer"  # "Si la miniatura va montada ... F+2 ... cuando carga"
        return weapon
