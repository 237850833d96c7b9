"""Named members (:class:`odds.units.Member`) and the unit's other second profiles.

A profile that is not the model's, its steed's or its crew's is a named member (a
command model with a profile of its own, a champion beside the leader, a model that
counts as a character joined to the unit for good), else reported as a second model
profile the engine does not fight with.
"""

from __future__ import annotations

import dataclasses

from odds import rules
from odds.battlescribe.equipment import _Equipment, _missile_only
from odds.battlescribe.equipment_names import ARMOUR_NAMES, WEAPON_NAMES, WEAPON_RULES
from odds.battlescribe.no_effect_names import is_no_combat_effect
from odds.battlescribe.profiles import _champion_like, _Profiles, is_wizard
from odds.battlescribe.small_machine import SAME_FIGHTER, small_machine_text
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import Node, RawProfile
from odds.battlescribe.unmodelled import SECOND_PROFILE_REASONS
from odds.units import Equipment, Member

_MEMBER_TYPES = ("infantry", "cavalry", "monstrous_infantry")  # troop types with members
_JOINED = "como si fuera un personaje que se ha unido a la unidad"  # a member character
_TWO_CHAMPIONS = "se consideran campeon a todos los efectos"  # Hermanas de Sigmar "Campeonas"
# empire2 family: Imperio (Tren de Artillería de Nuln, con Personajes Especiales),
# Marienburgo: a named hero printed in his unit's entry, one and only one (min 1, max 1),
# with a hero's profile (H2, L8 beside the troops' H1, L7) and gear of his own: "Markus
# Wulfhart" (HA5 HP5 F4 R4 H2 I5 A3 L8 with four "Cazador"), "Jubal Falk" (HA3 HP4 F3 R3 H2 I4
# A2 L8 with the "Acorazado de Nuln"); no rule of the books makes him the unit's champion: a
# character joined to the unit for good
# greens3 family: Orcos y Goblins "Acechantez de Snagla Grobspit" ("Snagla Grobspit" HA4 F4 R4
# H2 A3 L7 among the "Acechante" HA2 F3 R3 H1 A1 L6, on the unit's spiders) and "Aulladorez de
# Gitilla el Kazador" ("Gitilla el Kazador" HA4 F4 R4 H2 A3 L7 among the "Aullador" L6, on the
# unit's wolves), one and only one, with gear of their own: the same
_NAMED_HEROES = frozenset({"markus wulfhart", "jubal falk", "snagla grobspit",
                           "gitilla el kazador"})
# A member's own magic weapon, printed under its entry: name → (the weapon it fights as, its
# multiple wounds, its special rules).  A model with a magic weapon must use it (RULES.md
# §1.7), so it replaces the member's other weapons.  Orcos y Goblins (Acechantez de Snagla
# Grobspit) "Kuchilla de Snagla": "Se trata de una Arma de mano con la regla Heridas múltiples
# (1D3). Además, una vez por partida, Snagla puede usar la Kuchilla como arma arrojadiza; en
# tal caso, pierde el arma mágica" (the throw is shooting; a magic weapon: magic attacks)
_MEMBER_WEAPONS = {"kuchilla de snagla": ("hand_weapon", "d3", ("magic_attacks",))}
# A member's own armour, printed under its entry: name → its armour save, mounted as its unit
# is.  Orcos y Goblins (Aulladorez de Gitilla el Kazador) "Pellejo durízimo": "Armadura ligera
# (Tirada de salvación por armadura de 6+). Sin embargo, proporciona una tirada de salvación
# por armadura de 4+ a Gitilla (que unido al hecho de ir montado le deja una tirada de
# salvación por armadura de 3+)" (Gitilla's printed TSA 3+; no shield)
_MEMBER_ARMOUR = {"pellejo durizimo": 3}
# Bretonia "Relicario" (Relicario y peregrinos de batalla), the rule named as the relic's
# profile: "El Relicario tiene potencia de unidad 6. El Relicario se sitúa en el centro de la
# unidad como si fuera un grupo de mando ... El Relicario lucha como si fuera una única
# miniatura, se considera Infantería a todos los efectos (por lo que, al llevar arma de mano
# + ligera + escudo ...). El Relicario es Inmune a golpe letal. El Relicario tiene los mismos
# efectos que un Portaestandarte y un Músico ... mientras haya peregrinos en la unidad, cada
# herida causada al relicario ... supondrá que se ha de retirar un peregrino de la unidad ...
# El Relicario empieza a sufrir heridas únicamente cuando no queden más peregrinos en la
# unidad. Si el Relicario recibe una herida con la regla Golpe Letal o la regla Heridas
# Múltiples ..., esa herida realizará una única herida": a member with the role relic
RELIC_TEXTS = ("tiene los mismos efectos que un portaestandarte y un musico",
               "empieza a sufrir heridas unicamente cuando no queden mas",
               "esa herida realizara una unica herida", "es inmune a golpe letal")
RELIC_RULES = ("immune_to_killing_blow", "single_wounds")
"""The rules of a relic member's body beside the unit's (its text's killing blow and multiple
wounds clauses)."""


def relic_text(text: str) -> bool:
    """Whether rule text ``text`` makes the model it names a relic member (Bretonia)."""
    plain = plain_text(text)
    return all(t in plain for t in RELIC_TEXTS)


class _Members(_Profiles, _Equipment):
    """The unit's named members, from the profiles beside the model's."""

    def second_profiles(self, others: list[RawProfile], used: list[RawProfile],
                        main: RawProfile, tt: str) -> None:
        """File every profile of ``others`` not ``used``: a named member, else reported.

        Named members go to :attr:`member_raws` (their entries' ids to :attr:`member_ids`),
        built by :meth:`members` once the unit's equipment is known.
        """
        command_profiles = {id(q): (r, n) for r, n in self.sel.command.items()
                            if r != "champion" for q in n.profiles}
        leader = self.sel.command.get("champion")
        for p in others:
            if p in used:
                continue
            if tt == "infantry" and self.small_machine_crew(p, main):
                continue
            if tt in _MEMBER_TYPES and self.relic_profile(p):
                self.member_raws.append((p, "relic", self.sel.unit))
                continue
            if id(p) in command_profiles:  # a named musician or standard bearer
                same = all(p.values.get(k) == main.values.get(k)
                           for k in ("HA", "F", "R", "H", "I", "A", "L"))
                if not same and tt in _MEMBER_TYPES:
                    self.member_raws.append((p, *command_profiles[id(p)]))
                elif not same:
                    self.note(p.name, "approximated", "a command model's own profile: it"
                              " fights as the rank and file")
                continue
            second = self.second_champion(p, leader)
            if second is not None and tt in _MEMBER_TYPES:
                # empire3 family: Mercenarios (Hermanas de Sigmar) "Campeonas": "Tanto la
                # Matriarca como la Augur se consideran Campeón a todos los efectos": the
                # command group's other champion, her profile on the unit's entry
                self.member_raws.append((p, "champion", second))
                self.second_champion_cost += second.cost
                continue
            named = next((n for n in self.sel.unit.walk()[1:] if any(q is p for q in n.profiles)
                          and n.key.endswith("(campeon)") and n.kind != "group"
                          and (n.low or 0) >= 1 and n.high == 1), None)
            if (named is not None and leader is not None and named is not leader
                    and tt in _MEMBER_TYPES):
                # a champion beside the regiment's leader (Comando Mortal: "Mullah Aklan'd
                # (líder)" and "Hasim el Eunuco (campeón)"): a named member
                self.member_raws.append((p, "champion", named))
                continue
            joined = next((n for n in self.sel.unit.walk()[1:]
                           if any(q is p for q in n.profiles) and n.kind != "group"
                           and (n.low or 0) >= 1 and n.high == 1
                           and any(_JOINED in plain_text(t or "") for t in n.rule_texts.values())),
                          None)
            if joined is None and normalize(p.name) in _NAMED_HEROES:
                joined = next((n for n in self.sel.unit.walk()[1:]
                               if any(q is p for q in n.profiles) and n.kind != "group"
                               and (n.low or 0) >= 1 and n.high == 1), None)
            if joined is not None and tt in _MEMBER_TYPES:
                # "Scarloc se considera a todos los efectos como si fuera un personaje que se
                # ha unido a la unidad ... salvo que no puede abandonar la unidad": a member
                # that lends its Ld as a joined character does
                self.member_raws.append((p, "character", joined))
                continue
            other = next((n for g in self.sel.unit.children
                          if g.key.startswith("grupo de mando") for n in g.children
                          if n is not leader and n.key.startswith(normalize(p.name) + " (")
                          and "campeon" in n.key), None)
            if other is not None and leader is not None:
                # mercenaries family: the command group's other champion option (Mercenarios
                # "Fimir": "Dirach (cuenta como campeón)" or "Meargh (cuenta como campeón y
                # ocupa hueco de héroe)", one champion): the import's champion is the first
                self.note(p.name, "note", f"the profile of {other.name!r}, the command group's"
                          f" other champion option: the import's champion is {leader.name!r}"
                          " (command=full), and this option is not offered")
                continue
            if (leader is not None and leader.profiles and p not in leader.profiles
                    and any(q is p for q in self.sel.unit.profiles) and _champion_like(p, main)):
                # Bretonia (Guerra de Noveles) "Caballeros noveles": "Paladín novel" (A2 beside
                # the "Caballero novel" A1) printed on the unit, while the command group's
                # champion is "Caballero del Grial" with a profile of its own: no option of
                # the entry selects it
                self.note(p.name, "note", f"a champion's profile no option of the entry"
                          f" selects: its champion is {leader.name!r}, with its own profile")
                continue
            self.note(p.name, "ignored", SECOND_PROFILE_REASONS.get(
                normalize(p.name), "second model profile in the unit: only the first"
                " rank-and-file profile is modelled"))
        self.member_ids = {id(x) for _, role, n in self.member_raws if role != "relic"
                           for x in n.walk()}

    def small_machine_crew(self, p: RawProfile, main: RawProfile) -> bool:
        """Whether ``p`` is the crew of a machine that is part of them; if so, record it.

        Enanos "Máquina pequeña" (:mod:`odds.battlescribe.small_machine`): a rule of the
        unit with :data:`~odds.battlescribe.small_machine.SMALL_MACHINE_TEXTS`, ``p`` printed
        with the characteristics of ``main`` (the dwarf printed with the machine) under an
        entry of a fixed minimum (a catalogue's) or taken some times (a roster's):
        :attr:`small_crew` is ``p``'s name and that count.
        """
        if self.small_crew is not None or not any(
                small_machine_text(t or "") for t in self.rule_texts().values()):
            return False
        if any(p.values.get(k) != main.values.get(k) for k in SAME_FIGHTER):
            return False
        node = next((n for n in self.sel.unit.walk()[1:] if n.kind != "group"
                     and any(q is p for q in n.profiles)), None)
        # a catalogue's fixed minimum, or how many a roster took
        count = None if node is None else node.low if node.low is not None else node.number
        if node is None or not count or node.high not in (None, count):
            return False
        self.small_crew = (p.name, count)
        self.note(p.name, "note", f"the machine's crew: {count} dwarfs of unit strength 1"
                  f" beside {main.name!r}, the dwarf printed with the machine ('La máquina no"
                  " tiene perfil separado, se considera parte de los enanos')")
        return True

    def relic_profile(self, p: RawProfile) -> bool:
        """Whether profile ``p`` is a relic the unit's rule named as it describes.

        Bretonia "Relicario" (:func:`relic_text`), the profile printed on the unit entry.
        """
        return any(q.name == p.name for q in self.sel.unit.profiles) and any(
            normalize(name) == normalize(p.name) and relic_text(text or "")
            for name, text in self.rule_texts().items())

    def second_champion(self, p: RawProfile, leader: Node | None) -> Node | None:
        """The command group's option for a second champion with profile ``p``, or None.

        A unit whose rule says two of its command models "se consideran Campeón a todos los
        efectos" (Hermanas de Sigmar "Campeonas") has, beside its leader, the option of its
        command group named as ``p``.
        """
        if leader is None or not any(_TWO_CHAMPIONS in plain_text(t or "")
                                     for t in self.rule_texts().values()):
            return None
        return next((n for g in self.sel.unit.children if g.key.startswith("grupo de mando")
                     for n in g.children if n is not leader
                     and normalize(n.name) == normalize(p.name)), None)

    def members(self, tt: str, equipment: Equipment, mount_raw: RawProfile | None,
                main: RawProfile, special: tuple[str, ...]) -> tuple[Member, ...]:
        """The unit's named members (:class:`odds.units.Member`) from their own entries.

        MDNR Regimientos de Renombre, "Otros miembros con nombre" (Colibrí, Larva, Skaff...):
        "se tratan también como Líderes" (a Leader is "a efectos generales ... un personaje")
        "... La excepción es que la unidad NO puede usar el Liderazgo de esos 'miembros con
        nombre'".  Each keeps its printed profile and the weapon and armour listed under its
        entry (the unit's when it lists none); the unit's weapon rules only with the unit's
        weapon.
        """
        taken = {id(n) for n in self.sel.taken}
        unit_options = {normalize(n.name) for n in self.sel.taken
                        if id(n) not in self.member_ids and n.kind != "group"}
        out = []
        for raw, role, node in self.member_raws:
            if role == "relic":
                out.append(self.relic(raw, main, equipment, special))
                continue
            per_letter = {"M": ([mount_raw] if mount_raw else []) + [raw, main]}
            profile = self.profile([raw, main], "the member", per_letter)
            kit = _Kit()
            for n in node.walk()[1:]:
                if id(n) in taken and n.kind != "group":
                    self.member_item(raw, n, kit, unit_options, tt)
            own = self.member_equipment(raw, kit, equipment, tt)
            lends = ("lends the unit its Ld as a joined character" if role == "character"
                     else "lends the unit no Ld (Regimientos de Renombre, 'Otros miembros con"
                     " nombre')")
            self.note(raw.name, "note", f"a named member ({role}): fights in the front rank as"
                      f" a character with its own profile and {own.weapon}, {lends}")
            out.append(Member(name=raw.name, role=role, profile=profile, equipment=own,
                              special=self.member_rules(raw, kit, own, special),
                              multiple_wounds=None if kit.magic is None else kit.magic[1],
                              armour_save_override=kit.save))
        return tuple(out)

    def relic(self, raw: RawProfile, main: RawProfile, equipment: Equipment,
              special: tuple[str, ...]) -> Member:
        """The relic member of profile ``raw`` (:data:`RELIC_TEXTS`).

        Its printed profile and "Potencia", the unit's equipment ("al llevar arma de mano +
        ligera + escudo") and rules plus :data:`RELIC_RULES`.
        """
        profile = self.profile([raw, main], "the relic", {"M": [raw, main]})
        us = int(raw.values.get("Potencia") or 1)
        self.note(raw.name, "note", f"a relic member: fights in the front rank as one model"
                  f" of unit strength {us}, with the unit's standard and musician, never"
                  " duels, is attacked only once no rank and file is left, immune to killing"
                  " blow, every wound on it a single wound (Unit.members, role 'relic')")
        return Member(name=raw.name, role="relic", profile=profile, equipment=equipment,
                      special=tuple(sorted({*special, *RELIC_RULES})), unit_strength=us)

    def member_item(self, raw: RawProfile, n: Node, kit: _Kit, unit_options: set[str],
                    tt: str) -> None:
        """Read one option ``n`` taken under member ``raw``'s entry into its ``kit``.

        In this order: a pistol beside his hand weapon, his own magic weapon
        (:data:`_MEMBER_WEAPONS`, the first one only), his own armour
        (:data:`_MEMBER_ARMOUR`), a weapon or armour of the catalogues
        (:meth:`equipment_key`), else an option that is no equipment
        (:meth:`member_option`).
        """
        key = normalize(n.name)
        if key == "pistola" and "cuenta como arma de mano adicional" in map(normalize, n.rules):
            # Imperio (Tren de Artillería de Nuln), Marienburgo: Jubal Falk's "Arma de mano"
            # and "Pistola" (his "Armas" take both), the pistol's rule "Cuenta como arma de
            # mano adicional"
            kit.pistol = n.name
        elif key in _MEMBER_WEAPONS:
            if kit.magic is None:
                kit.magic = magic = _MEMBER_WEAPONS[key]
                self.note(n.name, "note", f"{raw.name!r}'s magic weapon, which he must use"
                          f" (RULES.md §1.7): {magic[0]}, multiple wounds {magic[1]},"
                          f" {', '.join(magic[2])}")
        elif key in _MEMBER_ARMOUR:
            kit.save = _MEMBER_ARMOUR[key]
            self.note(n.name, "note", f"{raw.name!r}'s own armour: armour save {kit.save}+"
                      " with his steed")
        elif (item := self.equipment_key(n)) is None:
            self.member_option(raw, n, unit_options)
        else:
            for one in self.combined_keys(n, item):
                if one in WEAPON_NAMES:
                    kit.weapons.append((n.name, self.weapon(one, tt)))
                elif ARMOUR_NAMES[one][0] in ("armour", "shield"):
                    kit.fields[ARMOUR_NAMES[one][0]] = ARMOUR_NAMES[one][1]

    def member_option(self, raw: RawProfile, n: Node, unit_options: set[str]) -> None:
        """Report an option of member ``raw`` that is no weapon or armour, unless it is silent.

        Silent: one with rules or options of its own, of no combat effect, or a missile
        weapon only.  The unit's own option, taken by the member too (Acechantez "Pintura
        de guerra", the unit's ward save), is noted: the member's body keeps the unit's
        rules; any other is ignored.
        """
        if n.rules or n.children or is_no_combat_effect(n.name) or _missile_only(n):
            return
        if normalize(n.name) in unit_options:
            self.note(n.name, "note", f"{raw.name!r} has it as the unit's models do")
        else:
            self.note(n.name, "ignored", f"an option of {raw.name!r} not modelled by the"
                      " engine")

    def member_equipment(self, raw: RawProfile, kit: _Kit, equipment: Equipment,
                         tt: str) -> Equipment:
        """Member ``raw``'s equipment: his kit's, else the unit's (``equipment``).

        His weapon (:meth:`one_weapon`; a hand weapon when his troop type cannot use it,
        reported), armour and shield, the unit's barding; a pistol beside a hand weapon on
        foot (6th "Pistol (hand-to-hand)": one more attack, the pistol's shot S4 armour
        piercing in the first round, RULES.md §1.7); his magic weapon replaces the rest.
        """
        if not kit.weapons and not kit.fields:
            own = equipment
        else:
            weapon = self.one_weapon(kit.weapons, f" for {raw.name!r}")
            if not rules.WEAPONS[weapon].usable_by(tt):
                self.note(raw.name, "ignored", f"{weapon} cannot be used by {tt}; hand"
                          " weapon used")
                weapon = "hand_weapon"
            own = Equipment(weapon=weapon, shield=bool(kit.fields.get("shield", False)),
                            armour=str(kit.fields.get("armour", "none")),
                            barding=equipment.barding)
        if kit.pistol and own.weapon == "hand_weapon" and tt in rules.FOOT_TROOP_TYPES:
            own = dataclasses.replace(own, weapon="hand_weapon_and_pistol")
            self.note(kit.pistol, "note", f"{raw.name!r} fights with a hand weapon and a"
                      " pistol ('Cuenta como arma de mano adicional'): one more attack, S4"
                      " and armour piercing in the first round (RULES.md §1.7)")
        if kit.magic is not None:
            own = dataclasses.replace(own, weapon=kit.magic[0])
        return own

    def member_rules(self, raw: RawProfile, kit: _Kit, own: Equipment,
                     special: tuple[str, ...]) -> tuple[str, ...] | None:
        """Member ``raw``'s special rules, None when they are the unit's (``special``).

        The unit's rules less its weapon's (:attr:`weapon_only_rules`), plus those of the
        weapon he fights with (:data:`~odds.battlescribe.equipment_names.WEAPON_RULES`) and
        of his magic weapon, when these differ from the unit's weapon's; ``wizard`` as
        his own profile says (a wizard member of a unit that is none, Mercenarios "Meargh",
        type "Hechicera", or the other way round).
        """
        weapons = [] if kit.magic is not None else kit.weapons
        names = {normalize(n) for n, w in weapons if w == own.weapon}
        rules_of_own = {r for n in names for r in WEAPON_RULES.get(n, ())}
        if kit.magic is not None:
            rules_of_own |= set(kit.magic[2])
        member_special = None
        if set(self.weapon_only_rules) != rules_of_own:
            member_special = tuple(sorted(
                {r for r in special if r not in self.weapon_only_rules} | rules_of_own))
        if ("wizard" in special) != is_wizard(raw):
            member_special = tuple(sorted(
                {r for r in (special if member_special is None else member_special)
                 if r != "wizard"} | ({"wizard"} if is_wizard(raw) else set())))
        return member_special


@dataclasses.dataclass
class _Kit:
    """What a named member takes under his own entry (:meth:`_Members.member_item`).

    Attributes
    ----------
    weapons : list of (str, str)
        The options read as weapons: their names and weapon keys.
    fields : dict
        ``armour`` and ``shield`` as his armour options give them.
    pistol : str
        The name of a pistol he carries beside a hand weapon (``""``: none).
    magic : tuple or None
        His own magic weapon (:data:`_MEMBER_WEAPONS`): the weapon it fights as, its
        multiple wounds, its special rules.
    save : int or None
        His own armour's save (:data:`_MEMBER_ARMOUR`).
    """

    weapons: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    fields: dict[str, object] = dataclasses.field(default_factory=dict)
    pistol: str = ""
    magic: tuple[str, str, tuple[str, ...]] | None = None
    save: int | None = None
