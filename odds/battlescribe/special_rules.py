"""The unit's special rules: each rule name taken → the engine's flags and fields, or a report.

Rules are read by name (:mod:`odds.battlescribe.rule_names`), by their text
(:mod:`odds.battlescribe.rule_texts`, :mod:`odds.battlescribe.panic`), or kept for
another part of the build: the steeds', the champion's
(:mod:`odds.battlescribe.command_group`), the save's, the troop type's.  Any other name
is reported, with its reason where one is known (:mod:`odds.battlescribe.unmodelled`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from odds import rules
from odds.battlescribe.champion_names import CHAMPION_ITEMS
from odds.battlescribe.command_group import _CommandGroup
from odds.battlescribe.equipment_names import ARMOUR_NAMES, WEAPON_NAMES
from odds.battlescribe.members import _JOINED, relic_text
from odds.battlescribe.no_effect_names import no_combat_reason
from odds.battlescribe.panic import flight_panic, is_panic_rule, panic_immunity, panic_source
from odds.battlescribe.rule_names import (
    NAMED_HATRED,
    RULE_FLAGS,
    parametric_rule,
    rider_rule,
    steed_rule,
)
from odds.battlescribe.rule_texts import (
    lone_models,
    mark_effects,
    no_effect_text,
    text_rule,
    text_ward,
)
from odds.battlescribe.saves import _cc_save
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.unmodelled import UNMODELLED_REASONS

_SHOOTING_RULES = ("petrificar",)


def _shooting_only(key: str, text: str | None) -> bool:
    """A special attack its catalogue makes a shooting attack, not usable in close combat.

    Elfos Oscuros, Mercenarios, Reinos del Caos "Petrificar (1D6)": "Se considera a todos
    los efectos un ataque de disparo" / "Es un ataque de disparo a todos los efectos"; Reyes
    Funerarios "Petrificar (1D3)": "Se considera un ataque de disparo a todos los efectos".
    The versions that say they can be used while engaged (gst "Petrificar": "pueden
    Petrificar incluso estando trabadas en combate cuerpo a cuerpo, en su fase de disparo")
    are not.  "Escupir inmundicia" (Cañón infernal) is not one either: both books' "Arrasar"
    say "Si el cañón arrasa o está trabado, sólo puede escupir inmundicia" (the ``spit_filth``
    rule, :data:`odds.special_rules.chaos_monsters.SPIT_FILTH`).
    """
    if not key.startswith(_SHOOTING_RULES) or not text:
        return False
    plain = plain_text(text)
    return (("ataque de disparo" in plain or "en vez de disparar" in plain)
            and "trabad" not in plain)

# empire2 family: Imperio (Tren de Artillería de Nuln), Marienburgo (Jubal Falk's "Pistola")
_MEMBER_PISTOL_RULE = "cuenta como arma de mano adicional"


@dataclasses.dataclass(frozen=True)
class _Rule:
    """One of the unit's rules as the readers of :meth:`_SpecialRules.rules` see it.

    Attributes
    ----------
    name : str
        Its name as in the file.
    key : str
        Its name normalized (:func:`~odds.battlescribe.spelling.normalize`).
    text : str
        Its description (``""``: none).
    plain : str
        Its description as the importer reads it
        (:func:`~odds.battlescribe.spelling.plain_text`).
    """

    name: str
    key: str
    text: str
    plain: str


@dataclasses.dataclass
class _Found:
    """What the reading of a unit's rules has found, and what they are read against.

    Attributes
    ----------
    texts : dict of str to str
        The descriptions of the unit's rules by name (:meth:`rule_texts`).
    leader_only : set of str
        Keys of the rules under the leader's entry only (:meth:`leader_only`).
    modelled : set of str
        A centaur's rules, read with its troop type, steed and save.
    special : list of str
        The special-rule flags found so far, in order.
    extra : dict
        The other :class:`~odds.units.Unit` fields found so far.
    """

    texts: dict[str, str]
    leader_only: set[str]
    modelled: set[str]
    special: list[str] = dataclasses.field(default_factory=list)
    extra: dict[str, object] = dataclasses.field(default_factory=dict)


class _SpecialRules(_CommandGroup):
    """The unit's special rules, read by name or text, and its random attacks."""

    def rules_of_options(self, roles: set[str]) -> dict[str, str | None]:
        """Rules of the unit entry that describe a model option of the unit.

        Reinos del Caos "Mastines del Caos": the rule "Cuidador gor" ("Puedes añadir un
        único Cuidador Gor en cada unidad de Mastines ...") beside the option "Cuidador
        gor" that carries the handler's profile; Mortales "Cuidadores bárbaros" beside
        "Cuidadores bárbaros (máximo uno por cada dos mastines, ...)".  Maps the rule's
        key to the option's name when the option is not taken (the rule then describes
        nothing in this unit), to None when it is (the rule is the unit's).
        """
        out: dict[str, str | None] = {}
        taken = {id(n) for n in self.sel.taken}
        taken |= {id(n) for r, n in self.sel.command.items() if r in roles}
        for name in self.sel.unit.rules:
            key = normalize(name)
            for node in self.sel.unit.walk()[1:]:
                if node.profiles and node.kind != "group" and (
                        node.key == key or node.key.startswith(key + " (")):
                    out[key] = None if id(node) in taken else node.name
                    break
        return out

    def rules(self) -> tuple[list[str], dict[str, object]]:
        """The unit's special-rule flags and :class:`~odds.units.Unit` fields from its rules.

        Each rule name once, in order, offered to the readers of :meth:`rule_readers` in
        their order until one takes it; what another part of the build applies is kept on
        the builder, and every name no reader takes is reported (:meth:`report_unmodelled`).
        """
        texts = self.rule_texts()
        found = _Found(texts=texts, leader_only=self.leader_only(),
                       modelled=set() if self.centaur is None else set(self.centaur.rules))
        readers = self.rule_readers()
        seen: set[str] = set()
        for name in self.rule_names():
            key = normalize(name)
            if key in seen:
                continue
            seen.add(key)
            text = texts.get(name) or ""
            rule = _Rule(name=name, key=key, text=text, plain=plain_text(text))
            if not any(read(rule, found) for read in readers):
                self.report_unmodelled(rule)
        return found.special, found.extra

    def rule_readers(self) -> tuple[Callable[[_Rule, _Found], bool], ...]:
        """The readers of a rule, in the order they are offered it: the first that takes it wins.

        Each takes a :class:`_Rule` and what has been found so far (:class:`_Found`) and
        says whether it took the rule.  The order matters where two readers could take the
        same rule: rules kept for another part of the build (the steeds', the equipment's,
        the troop type's, the champion's, the save's) are mostly offered before the army
        books' rules read by their text, the tables of :mod:`odds.battlescribe.rule_texts`
        and :mod:`odds.battlescribe.rule_names`, and panic last.
        """
        return (self.read_charge_strength, self.read_taken_gear, self.read_troop_type,
                self.read_unit_parts, self.read_volley, self.read_champion_item,
                self.read_worn_armour, self.read_said_elsewhere, self.read_leader_rule,
                self.read_second_champion, self.read_taken_weapon, self.read_build_parts,
                self.read_race_and_impact_hits, self.read_hunters_leadership,
                self.read_skins, self.read_undead_captain, self.read_beast_lord,
                self.read_rule_tables,
                self.read_lent_leadership, self.read_shooting_only, self.read_thick_skin,
                self.read_steed_rule, self.read_rule_flags, self.read_parametric,
                self.read_mark_in_troops, self.read_gnoblar_riders, self.read_marks,
                self.read_vows, self.hounds, self.read_lone_models, self.read_panic)

    def read_charge_strength(self, rule: _Rule, found: _Found) -> bool:
        """Keep a rule of S+N on the charge, applied to the steeds (:meth:`steeds_own_rules`).

        "Empalar": Orcos y Goblins "F+2 en carga", on the boar's entry; Elfos Oscuros "Los
        impactos del Pegaso Negro se resuelven con F+1 cuando carga" (without steeds it
        stays ignored).  Condes Vampiro "Carga arrolladora": "F+1 en carga" (wolves);
        Bestias "Carga atronadora": "El Garragor ... F+1 en el turno en que carga" (the
        model, or the steeds pulling a chariot).
        """
        if rule.key == "empalar" and (bonus := re.search(r"f\+(\d)", rule.plain)):
            self.impale = (rule.name, int(bonus.group(1)))
            return True
        if rule.key in ("carga arrolladora", "carga atronadora") and re.search(
                r"\bf\+1 en (?:el turno en que )?carga", rule.plain):
            self.charge_strength = rule.name
            return True
        return False

    def read_taken_gear(self, rule: _Rule, found: _Found) -> bool:
        """Take the rule of an item taken, which the equipment reads.

        A named member's pistol beside his hand weapon (:meth:`members`: "Cuenta como arma
        de mano adicional"); the rule of a taken armour option ("Capa": :meth:`equipment`).
        """
        key = rule.key
        if key == _MEMBER_PISTOL_RULE and any(
                id(n) in self.member_ids and normalize(n.name) == "pistola"
                and key in map(normalize, n.rules) for n in self.sel.taken):
            return True
        return key in ARMOUR_NAMES and any(normalize(n.name) == key for n in self.sel.taken)

    def read_troop_type(self, rule: _Rule, found: _Found) -> bool:
        """Note a rule that the troop type or frontage already is.

        Monstruos Arcanos "Tunelador": "Como la regla especial 'volar' pero usando el
        movimiento de la criatura (5D6cm) ... Ten en cuenta que huye y persigue 5D6":
        movement, and the flee and pursuit dice of its random move.  A monster, not a
        chariot (:meth:`cast`): "no causa impactos por carga" (it has none), "no resulta
        eliminado por heridas de F7" (a monster's wounds), "los zombis pueden atacar a los
        flancos y retaguardia" (friends').  A front rank with its own weapon
        (:meth:`mixed_front_rank`): the rest of the text, "puede Aguantar y disparar"
        (shooting), the unit's size and frontage (the user's models and files).
        """
        name = rule.name
        if rule.key == "tunelador" and self.random_move and "huye y persigue" in rule.plain:
            self.note(name, "note", f"moves like a flyer; flees and pursues"
                      f" {self.random_move.upper()} (its random move)")
            return True
        if self.not_chariot and name == self.not_chariot:
            self.note(name, "note", "a monster, not a chariot: its troop type")
            return True
        if self.mixed_front and name == self.mixed_front:
            self.note(name, "note", "the front rank fights with its own weapon"
                      f" ({self.front_weapon or self.weapon_key}) and saves with it against"
                      f" enemies at the front; the ranks behind with {self.weapon_key},"
                      " their save against enemies on a flank or the rear; casualties"
                      " come off the ranks behind (Unit.front_weapon)")
            return True
        return False

    def read_unit_parts(self, rule: _Rule, found: _Found) -> bool:
        """Note the rule of a part of the unit: its handlers, a flying monster, an option.

        Handlers: "En combate cuerpo a cuerpo actúan como una unidad de Hostigadores,
        colocando los Aprendices al lado de la Hidra ... el enemigo atacará a la Hidra si
        le es posible en vez de a los Aprendices": they fight beside it (the unit's
        extra_crew) and take no blows while it lives; the rest (deployment, shooting, the
        monster reaction once they are slain, who declares charges) is outside a close
        combat in which they cannot die.  A flying monster flies (``flying``).  The rule of
        a model the unit may take ("Cuidador gor", :meth:`rules_of_options`), not taken:
        nothing of it is in this unit.
        """
        name = rule.name
        if self.handlers and name == self.handlers:
            self.note(name, "note", "the handlers fight beside the monster and are never"
                      " attacked while it lives (its extra crew)")
            return True
        if name == self.flying_monster:
            found.special.append("flying")
            self.note(name, "note", "a flying monster in close combat (troop type"
                      " monster, its own profile)")
            return True
        if self.option_rules.get(rule.key) is not None:
            self.note(name, "note", f"the rule of the option {self.option_rules[rule.key]!r},"
                      " not taken")
            return True
        return False

    def read_volley(self, rule: _Rule, found: _Found) -> bool:
        """Take "Descarga cerrada" as the unit's weapon (:meth:`equipment`) when it is."""
        return rule.key == "descarga cerrada" and self.weapon_key == "volley_of_pistols"

    def read_champion_item(self, rule: _Rule, found: _Found) -> bool:
        """Keep a champion's item he carries, applied to his profile (:meth:`build`)."""
        if rule.key in CHAMPION_ITEMS and self.champion_carries(rule.name):
            self.champion_items.append(rule.name)
            return True
        return False

    def read_worn_armour(self, rule: _Rule, found: _Found) -> bool:
        """Keep a fixed armour save "Armadura N+": the leader's own, else the unit's.

        Regimientos de Renombre (Karnac) "Armadura 5+" / "Armadura 3+": "Los Incursores
        llevan Armadura ligera y tienen una salvación por piel escamosa de 6+, quedando una
        salvación por armadura definitiva de 5+. Karnac tiene una piel escamosa de 4+ ... le
        queda una tirada de salvación de 3+": the leader's own under his entry alone, else
        the unit's (checked in :meth:`armour_notes`).
        """
        worn = re.fullmatch(r"armadura ([2-6])\+", rule.key)
        if not worn:
            return False
        if rule.key in found.leader_only:
            self.champion_save_override = int(worn.group(1))
            self.note(rule.name, "note", f"the leader's own armour save {worn.group(1)}+:"
                      " he fights as a body of his own")
        else:
            self.worn.append((rule.name, int(worn.group(1))))
        return True

    def read_said_elsewhere(self, rule: _Rule, found: _Found) -> bool:
        """Note a rule that a named member or the unit's own profiles already are.

        "Scarloc": the model it names is a member with the role character (:meth:`members`;
        elsewhere, Reinos del Caos "Cuidador gor", the hounds' champion, it stays
        reported).  Regimientos de Renombre (Karnac) "Desoves": "El efecto de ambos desoves
        ya está reflejado en sus reglas y perfil".
        """
        name = rule.name
        if relic_text(rule.text or "") and any(role == "relic" and normalize(raw.name) == rule.key
                                               for raw, role, _ in self.member_raws):
            self.note(name, "note", "the relic member's rule (Unit.members, role 'relic'); the"
                      " Blessing of the Lady comes to the unit as to the knights, from the"
                      " army's prayer before the battle, which no entry's import gives")
            return True
        if _JOINED in rule.plain and any(role == "character" and name in node.rules
                                         for _, role, node in self.member_raws):
            self.note(name, "note", "a named model fighting as a character joined to the"
                      " unit for good (Unit.members, role 'character')")
            return True
        if "ya esta reflejado en sus reglas y perfil" in rule.plain:
            self.note(name, "note", "its effects are the unit's own rules and profiles"
                      " (its text says so)")
            return True
        return False

    def read_leader_rule(self, rule: _Rule, found: _Found) -> bool:
        """Give the leader a rule of his alone (:meth:`leader_rule`)."""
        return self.leader_rule(rule.name, rule.key, rule.text, found.leader_only)

    def read_second_champion(self, rule: _Rule, found: _Found) -> bool:
        """Note Hermanas de Sigmar "Campeonas": the second champion is a named member."""
        if rule.key == "campeonas" and any(role == "champion" for _, role, _ in self.member_raws):
            self.note(rule.name, "note", "both count as champions: the leader is the unit's"
                      " champion, the other a named member with the role champion"
                      " (Unit.members)")
            return True
        return False

    def read_taken_weapon(self, rule: _Rule, found: _Found) -> bool:
        """Take the rule of a taken weapon option, its text the weapon's (:meth:`equipment`).

        "¡Montones de pistolas!"; not a hand weapon's, nor one of the command models'.
        """
        return (WEAPON_NAMES.get(rule.key, "hand_weapon") != "hand_weapon"
                and any(normalize(n.name) == rule.key and rule.name in n.rules
                        for n in self.sel.taken if id(n) not in self.command_ids()))

    def read_build_parts(self, rule: _Rule, found: _Found) -> bool:
        """Keep a rule that another part of the build applies.

        "Ataques aleatorios": its dice are the printed A (:meth:`random_attacks`; Condes
        Vampiro "Carro de cadáveres" A "1D6", "Al inicio de cada fase de combate determina
        aleatoriamente el número de ataques que tendrá ese turno: 1D6"); a centaur's rules
        (troop type, steed and save); "Caballería monstruosa": Demonios (Zánganos de plaga)
        "Son caballería voladora" (``flying``), elsewhere no text: the troop type, read
        from Tipo; a save in close combat only (:func:`~odds.battlescribe.saves._cc_save`).
        """
        name = rule.name
        if rule.key == "ataques aleatorios":
            self.random_rule = name
        elif name in found.modelled:
            pass
        elif rule.key == "caballeria monstruosa":
            if "caballeria voladora" in rule.plain:
                found.special.append("flying")
            else:
                self.note(name, "note", "the troop type of Tipo (no text of its own)")
        elif _cc_save(rule.text):
            self.cc_save.append(name)
        else:
            return False
        return True

    def read_race_and_impact_hits(self, rule: _Rule, found: _Found) -> bool:
        """Read a race, or impact hits D3, from an army book's text.

        Regimientos de Renombre "Medioorcos": "son de tipo Orco y Humano, pero no Pielverde
        ... (los Enanos no les odian, no tienen Animosidad, etc)": human, the one race tag
        that no greenskin rule reaches (none names orcs alone).  Reinos del Caos "Carro
        ligero": "se trata como un carro a todos los efectos, salvo que causa 1D3 impactos
        por carga en vez de los habituales 1D6".  Mercenarios "Jinetes de rinobuey" "Carga
        atronadora": "Si todas las miniaturas ... cargan, persiguen o arrasan 18cm o más,
        cada miniatura causa 1D3 impactos por carga" (the distance:
        model.thunderous_charge; the S: the steed's, in :meth:`build`); Reinos Ogros: "...
        cargan o arrasan 18cm o más ..." (the engine has no overrun: the same rule in its
        combats).
        """
        key, plain = rule.key, rule.plain
        if key == "medioorcos" and "pero no pielverde" in plain:
            self.race = "human"
            self.note(rule.name, "note", "race 'human': of type Orco and Humano, not a"
                      " greenskin")
            return True
        if key == "carro ligero" and "causa 1d3 impactos por carga" in plain:
            found.extra["impact_hits"] = "d3"
            return True
        if key == "carga atronadora" and re.search(
                r"cargan,? (?:persiguen )?o arrasan 18 ?cm o mas, cada miniatura causa 1d3"
                r" impactos por carga", plain):
            found.extra["impact_hits"] = "d3"
            found.special.append("thunderous_charge")
            self.note(rule.name, "note", "1D3 impact hits per model only after a charge of"
                      " 18 cm or more: give the gap before the charge (CombatOptions.distance,"
                      " odds combat --distance; default 10 cm)")
            return True
        return False

    def read_hunters_leadership(self, rule: _Rule, found: _Found) -> bool:
        """Note Reinos Ogros (Tramperos gnoblars) "Séquito": a Hunter's Ld, as a General's.

        "Puede utilizar el Liderazgo de cualquier Cazador amigo a menos de 30 cm" (as a
        General's within 30 cm; the rest is stand and shoot).
        """
        if rule.key == "sequito" and "puede utilizar el liderazgo de cualquier cazador amigo" \
                " a menos de 30 cm" in rule.plain:
            self.note(rule.name, "note", "a friendly Hunter's Ld within 30 cm is used as a"
                      " General's: give it as the General's Ld (SideOptions.general_ld,"
                      " odds combat --attacker-general-ld/--defender-general-ld)")
            return True
        return False

    def read_skins(self, rule: _Rule, found: _Found) -> bool:
        """Keep a scaly skin, checked against the save used (:meth:`armour_notes`).

        "Piel escamosa"; Reyes Funerarios, Condes Vampiro "Criatura artefacto": "Sufren una
        herida menos por los chequeos de Inestabilidad" (``artefact_creature``), Reyes
        Funerarios also "Tirada de salvación por armadura 5+": in the printed TSA.
        """
        if rule.key == "piel escamosa":
            self.scaly_skin = rule.name
            return True
        if rule.key == "criatura artefacto" and "una herida menos por los chequeos de" \
                " inestabilidad" in rule.plain:
            found.special.append("artefact_creature")
            if "salvacion por armadura 5+" in rule.plain:
                self.scaly_skin = self.scaly_skin or rule.name
            return True
        return False

    def read_undead_captain(self, rule: _Rule, found: _Found) -> bool:
        """Read Regimientos de Renombre "No Muertos" of a company bound to its captain.

        Compañía maldita de Kreugar, Legión de Pesadilla: immune to psychology, unstable,
        fear as the gst rule, and "Capitán. Si Richter muere ... Al término de la fase en
        que el Capitán haya sido eliminado y al comienzo de cada turno posterior ... deberá
        efectuar un chequeo de liderazgo. Si no lo supera, sufrirá un número de heridas
        igual a la diferencia": ``captain_bound`` (psychology.captains_fall).
        """
        if rule.key == "no muertos" and "capitan. si" in rule.plain:
            found.special += RULE_FLAGS[rule.key]
            found.special.append("captain_bound")
            return True
        return False

    def read_beast_lord(self, rule: _Rule, found: _Found) -> bool:
        """Read Elfos Silvanos (Señor de las bestias) "Despliegue" and "Muerte del señor".

        Built as the beasts' unit with the lord in it (:mod:`odds.battlescribe.beast_lord`):
        both rules are ``beast_lord``'s.
        """
        if not (self.beast_unit and rule.key in ("despliegue", "muerte del senor")):
            return False
        found.special.append("beast_lord")
        self.note(rule.name, "note", "the beasts' unit with the lord standing in it as a"
                  " character: he cannot refuse a challenge, and the beasts die with him"
                  " (beast_lord)")
        return True

    def read_rule_tables(self, rule: _Rule, found: _Found) -> bool:
        """Read a rule the tables know by name and text.

        Its flags (:func:`~odds.battlescribe.rule_texts.text_rule`), a known reason it has
        no effect (:func:`~odds.battlescribe.rule_texts.no_effect_text`), a ward save (the
        best ward wins in :meth:`build`), or a rider's rule ("Golpe letal (solo jinete)",
        "Ataques mágicos (sólo Caballero y Capitán)": the rider's and champion's; magic
        attacks kept off the steeds in :meth:`steeds_own_rules`).
        """
        name, text = rule.name, rule.text
        flags = text_rule(name, text)
        if flags is not None:
            found.special += flags
            self.text_wards(name, text)  # "Afortunados": its re-rolls and its wards
            return True
        known = no_effect_text(name, text)
        if known is not None:
            self.note(name, *known)
            return True
        ward = text_ward(name, text)
        if ward is not None:
            self.wards.append(ward)
            return True
        rider = rider_rule(name)
        if rider is None:
            return False
        found.special += rider
        if "magic_attacks" in rider:
            self.rider_magic = True
        return True

    def text_wards(self, name: str, text: str) -> None:
        """Keep the ward saves a rule read for its flags also gives the unit and its leader.

        Reinos Ogros "Afortunados": "los Zuertudoz tienen una Tirada de salvación especial
        de 6+; el Zuperzuertudo la tiene de 5+" (the leader's: his ``champion_ward``).
        """
        ward = text_ward(name, text)
        if ward is not None:
            self.wards.append(ward)
        leader = text_ward(name, text, leader=True)
        if leader is not None:
            self.champion_ward = min(leader, self.champion_ward or 7)

    def read_lent_leadership(self, rule: _Rule, found: _Found) -> bool:
        """Note a leader whose Ld the unit uses as a General's (the side's general_ld).

        Elfos Oscuros "Bestias de Karond-Kar": "La Manada de Gélidos puede usar el
        Liderazgo de cualquier Señor de las Bestias a 30cm o menos" (as a General's,
        RULES.md §3.1, within 30 cm; 2D6, not cold-blooded).  Bretonia "Deber del
        campesino": "Las miniaturas de tipo Campesino pueden usar el Liderazgo de cualquier
        miniatura de tipo Caballero a 15 cm, siempre que no esté huyendo. Ten en cuenta que
        se usa el Liderazgo propio del Caballero" (the banners' victory points: out of
        combat).
        """
        key, plain = rule.key, rule.plain
        if key == "bestias de karond-kar" and "liderazgo de cualquier senor de las" \
                " bestias a 30cm" in plain:
            self.note(rule.name, "note", "a Beastmaster within 30 cm lends his Ld as a"
                      " General does: give it as the side's general_ld")
            return True
        if key == "deber del campesino" and "pueden usar el liderazgo de cualquier" \
                " miniatura de tipo caballero a 15 cm" in plain:
            self.note(rule.name, "note", "a Knight within 15 cm lends his own Ld as a"
                      " General does: give it as the side's general_ld")
            return True
        return False

    def read_shooting_only(self, rule: _Rule, found: _Found) -> bool:
        """Report a special attack its text makes a shooting attack (:func:`_shooting_only`)."""
        if _shooting_only(rule.key, rule.text):
            self.note(rule.name, "no_combat_effect", "a shooting attack: not while engaged"
                      " in close combat")
            return True
        return False

    def read_thick_skin(self, rule: _Rule, found: _Found) -> bool:
        """Keep "Pellejo duro", applied to the save (:meth:`build`); cavalry's only."""
        if rule.key != "pellejo duro":
            return False
        self.thick_skin = True
        if self.thick_skin_unusable():
            self.note(rule.name, "ignored", "only for cavalry without a fixed save")
        return True

    def read_steed_rule(self, rule: _Rule, found: _Found) -> bool:
        """Keep a rule of the steeds (:func:`steed_rule`), applied in :meth:`steeds_own_rules`."""
        steed = steed_rule(rule.name, rule.text)
        if steed is None:
            return False
        self.steed_rules.append((rule.name, *steed))
        return True

    def read_rule_flags(self, rule: _Rule, found: _Found) -> bool:
        """Read a rule of :data:`RULE_FLAGS` or :data:`NAMED_HATRED`: its flags and hatred."""
        key = rule.key
        if key not in RULE_FLAGS and key not in NAMED_HATRED:
            return False
        extra = found.extra
        found.special += RULE_FLAGS.get(key, ())
        hated = NAMED_HATRED.get(key, ())
        extra["hatred"] = sorted({*extra.get("hatred", ()), *hated})  # type: ignore
        if not extra["hatred"]:
            del extra["hatred"]
        return True

    def read_parametric(self, rule: _Rule, found: _Found) -> bool:
        """Read a rule with a value in its name ("Regeneración (5+)"), or report the value.

        :func:`~odds.battlescribe.rule_names.parametric_rule`; a value the engine does not
        support (:meth:`parametric`) is reported.
        """
        param = parametric_rule(rule.name)
        if param is None:
            return False
        field, value = param
        if self.parametric(field, value):
            numeric = value.isascii() and value.isdigit()
            found.extra[field] = int(value) if numeric and field not in (
                "impact_hits", "multiple_wounds", "random_attacks") else value
        else:
            self.note(rule.name, "ignored", f"{field} {value!r} not supported by the engine")
        return True

    def read_mark_in_troops(self, rule: _Rule, found: _Found) -> bool:
        """Note a mark with no text on a unit whose book puts the marks in its troops.

        Mortales "Siegacráneos de Khorne"; "Marcas del Caos": "Los efectos de otorgar una
        marca ya están incluidos en las tropas y personajes (cuando llevan esa marca ...)":
        its effects are the unit's own rules (Furia asesina...).
        """
        if rule.key.startswith("marca de ") and not rule.text.strip() and any(
                "los efectos de otorgar una marca ya estan incluidos en las tropas"
                in plain_text(t or "") for t in found.texts.values()):
            self.note(rule.name, "note", "a mark without text: its effects are in the"
                      " unit's own rules ('Marcas del Caos')")
            return True
        return False

    def read_gnoblar_riders(self, rule: _Rule, found: _Found) -> bool:
        """Read Reinos Ogros Horda Gnoblar (Jinetez de Gnoblar) "A cuestas" and "Montadas".

        "A cuestas": "Es Infantería a todos los efectos, excepto que la lanza proporciona
        F+1 en carga (además de permitir atacar con fila adicional de forma habitual)": the
        infantry spear and ``strength_on_charge``; with the hand weapon, nothing.
        "Montadas": "Se consideran miniaturas montadas, por lo que disponen de una TSA 6+.
        (Aunque siguen siendo miniaturas de infantería)": the printed TSA 6+
        (:meth:`armour_notes`).
        """
        if rule.key == "a cuestas" and "la lanza proporciona f+1 en carga" in rule.plain:
            if self.weapon_key == "spear":
                found.special.append("strength_on_charge")
            else:
                self.note(rule.name, "note", "S+1 on the charge with the spear only; this"
                          f" unit fights with {self.weapon_key}")
            return True
        if rule.key == "montadas" and "disponen de una tsa 6+" in rule.plain:
            self.note(rule.name, "note", "its 6+ save is the printed TSA (infantry still)")
            return True
        return False

    def read_marks(self, rule: _Rule, found: _Found) -> bool:
        """Read a mark of Chaos: by its text's effects, or its god named in the Tipo.

        A god's mark with no text on a unit whose printed Tipo already names that god
        (Horda de Archaón "Siegacráneos de Khorne": "Infantería monstruosa, Humano, Caos,
        Khorne", its "Furia asesina" a rule of its own; the book's "Marcas del Caos de la
        Horda de Archaón" only says which marks an army may hold): every mark's effect is
        per entry ("Gana el tipo de unidad Khorne"...), printed in the unit's own profile
        and rules.  A mark with text: its effects
        (:func:`~odds.battlescribe.rule_texts.mark_effects`), one not modelled reported;
        "Gana el tipo de unidad Slaanesh" read by Elfos Oscuros "Presa de Slaanesh".
        """
        if not rule.key.startswith("marca de "):
            return False
        god = rule.key.removeprefix("marca de ")
        if not rule.text.strip() and god in {"khorne", "nurgle", "slaanesh", "tzeentch"} \
                and god in re.findall(r"\w+", getattr(self, "tipo", "")):
            self.note(rule.name, "note", "a mark without text on a unit whose Tipo names its"
                      " god: its effects are in the unit's own profile and rules")
            return True
        if not rule.text:
            return False
        flags, unknown = mark_effects(rule.text)
        if "gana el tipo de unidad slaanesh" in rule.plain:
            found.special.append("slaanesh")
        if unknown:
            self.note(rule.name, "ignored", f"mark effect not modelled: {unknown[0]!r}")
        else:
            found.special += [f for f in flags if f != "poisoned"]
            if "poisoned" in flags:
                found.extra["poisoned"] = min(int(found.extra.get("poisoned") or 6), 6)
        return True

    def read_vows(self, rule: _Rule, found: _Found) -> bool:
        """Read Bretonia's vows: "Voto del grial", "Voto de la búsqueda".

        "Voto del grial": "Inmunes a psicología ... empiezan la partida siempre con la
        Bendición de la Dama ... Todos sus ataques son mágicos (del Caballero con el Voto,
        no de su montura)": ``grail_vow`` (the Blessing), immune to psychology, the riders'
        magic attacks (kept off the steeds in :meth:`steeds_own_rules`).  "Voto de la
        búsqueda": "Inmunes al pánico provocado por unidades amigas (pero no al pánico
        provocado por enemigo ...). Pueden repetir chequeos de psicología fallados (no
        incluye chequeos de Desmoralización)": every friend, whatever its troop type,
        causes it no panic (RULES.md §3.4), and ``psychology_reroll``.  Who may join them
        and the lances: army composition.
        """
        if rule.key == "voto del grial" and "todos sus ataques son magicos (del caballero" \
                " con el voto, no de su montura)" in rule.plain:
            found.special += ["grail_vow", "immune_to_psychology", "magic_attacks"]
            self.rider_magic = True
            return True
        if rule.key == "voto de la busqueda" and "inmunes al panico provocado por unidades" \
                " amigas" in rule.plain:
            found.extra["no_panic_from"] = sorted({*found.extra.get("no_panic_from", ()),  # type: ignore
                                                   *rules.TROOP_TYPES})
            found.special.append("psychology_reroll")
            return True
        return False

    def read_lone_models(self, rule: _Rule, found: _Found) -> bool:
        """Read Reinos del Caos (Incineradores) "Individuales" on an entry of one model.

        The entry is imported as one model (:func:`~odds.battlescribe.rule_texts.lone_models`);
        no character joins it (``no_characters``).
        """
        if rule.key == "individuales" and lone_models(self.sel.unit):
            found.special.append("no_characters")
            self.note(rule.name, "note", "each model fights alone after deployment: the entry"
                      " is one model, several are several units of the combat")
            return True
        return False

    def read_panic(self, rule: _Rule, found: _Found) -> bool:
        """Read a rule of panic (:mod:`odds.battlescribe.panic`), or report one not read.

        Immunities to panic from or against some tags (:func:`panic_immunity`); friends it
        panics or does not (:func:`panic_source`; the skavenogres family, and the
        mercenaries family's Skaven slaves, "excepto otros esclavos"); friends its flight
        panics (:func:`flight_panic`); any other panic rule is ignored (RULES.md §3.4 reads
        no immunities or re-rolls).
        """
        name, text, extra = rule.name, rule.text, found.extra
        panic = panic_immunity(name, text, self.race)
        if panic is not None:
            for field, tags in zip(("no_panic_from", "no_panic_against"), panic, strict=True):
                extra[field] = sorted({*extra.get(field, ()), *tags})  # type: ignore
            return True
        source = panic_source(name, text, getattr(self, "name", ""))
        if source is not None:
            extra[source[0]] = sorted({*extra.get(source[0], ()), *source[1]})  # type: ignore
            if source[2]:
                self.note(name, "approximated", source[2])
            if source[3]:
                extra["panics_still"] = sorted({*extra.get("panics_still", ()),  # type: ignore
                                                *source[3]})
            return True
        flight = flight_panic(name, text)
        if flight is not None:
            extra[flight[0]] = list(flight[1])
            return True
        if is_panic_rule(name):
            self.note(name, "ignored", "panic in a combat (RULES.md §3.4) does not read"
                      " immunities or re-rolls; matters only with friends in the combat")
            return True
        return False

    def report_unmodelled(self, rule: _Rule) -> None:
        """Report a rule no reader took: why, where known (:mod:`odds.battlescribe.unmodelled`).

        Hatred of some enemies only is ignored; a rule of no combat effect
        (:func:`~odds.battlescribe.no_effect_names.no_combat_reason`) is said so; any other
        is ignored.
        """
        reason = no_combat_reason(rule.name)
        if rule.key.startswith("odio "):
            self.note(rule.name, "ignored", "hatred of some enemies only: not modelled")
        elif reason is not None:
            self.note(rule.name, "no_combat_effect", reason)
        else:
            self.note(rule.name, "ignored",
                      UNMODELLED_REASONS.get(rule.key, "rule not modelled by the engine"))

    def hounds(self, rule: _Rule, found: _Found) -> bool:
        """Read a rule of Bretonia Partida de Caza's "Perros de Caza"; whether it was one.

        "Perros de caza": "Ningún personaje puede unirse a una unidad de perros de caza
        [``no_characters``]. Las unidades de una partida de caza son inmunes al pánico causado
        por unidades de perros de caza, sólo otras unidades de perros de caza se verán
        afectadas [a Bretonnian friend panics at their breaking or destruction only if it is
        hounds too: ``panics_not`` bretonnia, ``panics_still`` hound]. Aún así, los perros de
        caza se benefician del liderazgo del general ... y del estandarte de batalla" (as any
        unit).  "Perrero": "Se considera el campeón de la unidad. Reduce su movimiento a 18
        cm ..." (the command group's champion, his move).  "Armadura del Perrero": "El Perrero
        dispone de una salvación por armadura de 6+ por ir montado": the champion's own save;
        the warhorse he rides ("Montura": "Caballo de guerra") and his "Lanza" are not fought.
        """
        name, key, plain, extra = rule.name, rule.key, rule.plain, found.extra
        if key == "perros de caza" and "son inmunes al panico causado por unidades de perros" \
                " de caza, solo otras unidades de perros de caza se veran afectadas" in plain:
            found.special.append("no_characters")
            for field, tag in (("panics_not", "bretonnia"), ("panics_still", "hound")):
                extra[field] = sorted({*extra.get(field, ()), tag})  # type: ignore
            return True
        if not ((key == "perrero" and "se considera el campeon de la unidad" in plain) or (
                key == "armadura del perrero"
                and "el perrero dispone de una salvacion por armadura de 6+" in plain)):
            return False
        if "champion" not in self.roles:
            self.note(name, "note", "the rule of the champion 'Perrero', not taken")
        elif key == "perrero":
            self.note(name, "no_combat_effect", "the unit's champion (its command group's"
                      " 'Perrero'); his move of 18 cm: movement")
        else:
            self.champion_save_override = 6
            self.note(name, "approximated", "the Perrero's own 6+ save 'por ir montado'; his"
                      " warhorse's attack and his lance are not fought (the engine's champion"
                      " rides no steed of his own)")
        return True

    def random_attacks(self, extra: dict[str, object]) -> None:
        """Random attacks from the rule "Ataques aleatorios (X)" or a printed A such as "1D6+1".

        MDNR gst "Ataques aleatorios (X)": "En vez de tener un atributo fijo de Ataques,
        las miniaturas con Ataques aleatorios (X) tienen una cantidad de ataques
        aleatoria cada turno": a dice value printed as A is that rule.  The rule's
        dice win; a printed A with other dice (a champion's "1D6+2" beside "1D6+1" is
        the same dice with one more attack) is approximated by its average.
        """
        rolled = str(extra.get("random_attacks") or "")
        if rolled and not self.dice_attacks:
            # the rule on a profile the engine does not fight with (Condes Vampiro "Trono
            # del aquelarre": the "Horda de espíritus" beside the chariot)
            del extra["random_attacks"]
            for name in self.rule_names():
                if (parametric_rule(name) or ("",))[0] == "random_attacks":
                    self.note(name, "ignored", "random attacks of a model profile the engine"
                              " does not fight with (no dice printed as its A)")
                    break
            return
        if not rolled and self.dice_attacks:
            expr = self.dice_attacks[0][1]
            if expr in rules.RANDOM_ATTACKS:
                extra["random_attacks"] = rolled = expr
        dice_of = rolled.split("+")[0]
        for item, expr, note in self.dice_attacks:
            if not rolled or expr.split("+")[0] != dice_of:
                self.note(item, "approximated", note)
        if self.random_rule and not rolled:
            self.note(self.random_rule, "ignored", "random attacks without their dice")
        elif self.random_rule:
            self.note(self.random_rule, "note", f"random attacks: {rolled.upper()}, the dice"
                      f" printed as the model's A, rolled once each combat round")

    def thick_skin_unusable(self) -> bool:
        return bool(self.troop_type) and self.troop_type != "cavalry"

    @staticmethod
    def parametric(field: str, value: str) -> bool:
        if field in ("regeneration", "ward_save"):
            return value.isascii() and value.isdigit() and 2 <= int(value) <= 6
        if field == "poisoned":
            return value in ("5", "6")
        if field == "impact_hits":
            return value in rules.IMPACT_HITS
        if field == "random_attacks":
            return value in rules.RANDOM_ATTACKS
        return value in rules.MULTIPLE_WOUNDS
