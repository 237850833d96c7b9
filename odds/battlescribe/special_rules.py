"""The unit's special rules: each rule name taken → the engine's flags and fields, or a report.

Rules are read by name (:mod:`odds.battlescribe.rule_names`), by their text
(:mod:`odds.battlescribe.rule_texts`, :mod:`odds.battlescribe.panic`), or kept for
another part of the build: the steeds', the champion's
(:mod:`odds.battlescribe.command_group`), the save's, the troop type's.  Any other name
is reported, with its reason where one is known (:mod:`odds.battlescribe.unmodelled`).
"""

from __future__ import annotations

import re

from odds import rules
from odds.battlescribe.champion_names import CHAMPION_ITEMS
from odds.battlescribe.command_group import _CommandGroup
from odds.battlescribe.equipment_names import ARMOUR_NAMES, WEAPON_NAMES
from odds.battlescribe.members import _JOINED
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
    say "Si el cañón arrasa o está trabado, sólo puede escupir inmundicia" (reported with its
    reason, :data:`odds.battlescribe.unmodelled.UNMODELLED_REASONS`).
    """
    if not key.startswith(_SHOOTING_RULES) or not text:
        return False
    plain = plain_text(text)
    return (("ataque de disparo" in plain or "en vez de disparar" in plain)
            and "trabad" not in plain)

# empire2 family: Imperio (Tren de Artillería de Nuln), Marienburgo (Jubal Falk's "Pistola")
_MEMBER_PISTOL_RULE = "cuenta como arma de mano adicional"


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

        Each rule name once, in order; what another part of the build applies is kept on
        the builder, and every name not modelled is reported.
        """
        names = self.rule_names()
        texts = self.rule_texts()
        leader_only = self.leader_only()
        modelled = set() if self.centaur is None else set(self.centaur.rules)
        special: list[str] = []
        extra: dict[str, object] = {}
        seen: set[str] = set()
        for name in names:
            key = normalize(name)
            if key in seen:
                continue
            seen.add(key)
            if key == "empalar" and re.search(r"f\+\d", plain_text(texts.get(name, ""))):
                # "Empalar": Orcos y Goblins "F+2 en carga", on the boar's entry; Elfos
                # Oscuros "Los impactos del Pegaso Negro se resuelven con F+1 cuando carga"
                # (applied to the steeds in steeds_own_rules(); without steeds it stays ignored)
                self.impale = (name, int(re.search(r"f\+(\d)",
                                                   plain_text(texts[name])).group(1)))
                continue
            if key in ("carga arrolladora", "carga atronadora") and re.search(
                    r"\bf\+1 en (?:el turno en que )?carga", plain_text(texts.get(name, ""))):
                # Condes Vampiro "Carga arrolladora": "F+1 en carga" (wolves); Bestias "Carga
                # atronadora": "El Garragor ... F+1 en el turno en que carga" (the model, or
                # the steeds pulling a chariot: applied in steeds_own_rules())
                self.charge_strength = name
                continue
            if key == _MEMBER_PISTOL_RULE and any(
                    id(n) in self.member_ids and normalize(n.name) == "pistola"
                    and key in map(normalize, n.rules) for n in self.sel.taken):
                continue  # a named member's pistol beside his hand weapon (members())
            if key in ARMOUR_NAMES and any(normalize(n.name) == key for n in self.sel.taken):
                continue  # the rule of a taken armour option ("Capa"): equipment() has it
            if key == "tunelador" and self.random_move and "huye y persigue" in plain_text(
                    texts.get(name) or ""):
                # Monstruos Arcanos "Tunelador": "Como la regla especial 'volar' pero usando
                # el movimiento de la criatura (5D6cm) ... Ten en cuenta que huye y persigue
                # 5D6": movement, and the flee and pursuit dice of its random_move
                self.note(name, "note", f"moves like a flyer; flees and pursues"
                          f" {self.random_move.upper()} (its random move)")
                continue
            if self.not_chariot and name == self.not_chariot:
                # the troop type (cast()); "no causa impactos por carga" (it has none), "no
                # resulta eliminado por heridas de F7" (a monster's wounds), "los zombis pueden
                # atacar a los flancos y retaguardia" (friends')
                self.note(name, "note", "a monster, not a chariot: its troop type")
                continue
            if self.mixed_front and name == self.mixed_front:
                # the rest of the text: "puede Aguantar y disparar" (shooting), the unit's
                # size and frontage (the user's models and files)
                self.note(name, "note", "the front rank fights with its own weapon"
                          f" ({self.front_weapon or self.weapon_key}) and saves with it against"
                          f" enemies at the front; the ranks behind with {self.weapon_key},"
                          " their save against enemies on a flank or the rear; casualties"
                          " come off the ranks behind (Unit.front_weapon)")
                continue
            if self.handlers and name == self.handlers:
                # "En combate cuerpo a cuerpo actúan como una unidad de Hostigadores, colocando
                # los Aprendices al lado de la Hidra ... el enemigo atacará a la Hidra si le es
                # posible en vez de a los Aprendices": the handlers fight beside it (the unit's
                # extra_crew) and take no blows while it lives; the rest (deployment, shooting,
                # the monster reaction once they are slain, who declares charges) is outside
                # a close combat in which they cannot die
                self.note(name, "note", "the handlers fight beside the monster and are never"
                          " attacked while it lives (its extra crew)")
                continue
            if name == self.flying_monster:
                special.append("flying")
                self.note(name, "note", "a flying monster in close combat (troop type"
                          " monster, its own profile)")
                continue
            if self.option_rules.get(key) is not None:
                # the rule of a model the unit may take ("Cuidador gor"), not taken: nothing
                # of it is in this unit
                self.note(name, "note", f"the rule of the option {self.option_rules[key]!r},"
                          " not taken")
                continue
            if key == "descarga cerrada" and self.weapon_key == "volley_of_pistols":
                continue  # the unit's weapon (equipment())
            if key in CHAMPION_ITEMS and self.champion_carries(name):
                self.champion_items.append(name)  # applied to its profile in build()
                continue
            worn = re.fullmatch(r"armadura ([2-6])\+", key)
            if worn:
                # Regimientos de Renombre (Karnac) "Armadura 5+" / "Armadura 3+": "Los
                # Incursores llevan Armadura ligera y tienen una salvación por piel escamosa
                # de 6+, quedando una salvación por armadura definitiva de 5+. Karnac tiene una
                # piel escamosa de 4+ ... le queda una tirada de salvación de 3+": a fixed save,
                # the leader's own under his entry alone
                if key in leader_only:
                    self.champion_save_override = int(worn.group(1))
                    self.note(name, "note", f"the leader's own armour save {worn.group(1)}+:"
                              " he fights as a body of his own")
                else:
                    self.worn.append((name, int(worn.group(1))))  # checked in armour_notes()
                continue
            if _JOINED in plain_text(texts.get(name) or "") and any(
                    role == "character" and name in node.rules
                    for _, role, node in self.member_raws):
                # "Scarloc": the model it names is a member with the role character (members());
                # elsewhere (Reinos del Caos "Cuidador gor", the hounds' champion) it stays
                # reported
                self.note(name, "note", "a named model fighting as a character joined to the"
                          " unit for good (Unit.members, role 'character')")
                continue
            if "ya esta reflejado en sus reglas y perfil" in plain_text(texts.get(name) or ""):
                # Regimientos de Renombre (Karnac) "Desoves": "El efecto de ambos desoves ya
                # está reflejado en sus reglas y perfil"
                self.note(name, "note", "its effects are the unit's own rules and profiles"
                          " (its text says so)")
                continue
            if self.leader_rule(name, key, texts.get(name), leader_only):
                continue
            if key == "campeonas" and any(role == "champion" for _, role, _ in self.member_raws):
                # Hermanas de Sigmar "Campeonas": the second champion is a named member
                self.note(name, "note", "both count as champions: the leader is the unit's"
                          " champion, the other a named member with the role champion"
                          " (Unit.members)")
                continue
            if (WEAPON_NAMES.get(key, "hand_weapon") != "hand_weapon"
                    and any(normalize(n.name) == key and name in n.rules
                            for n in self.sel.taken if id(n) not in self.command_ids())):
                # the rule of a taken weapon option, its text the weapon's ("¡Montones de
                # pistolas!"): equipment() has it
                continue
            if key == "ataques aleatorios":
                # its dice are the printed A (random_attacks()): Condes Vampiro "Carro de
                # cadáveres" A "1D6", "Al inicio de cada fase de combate determina
                # aleatoriamente el número de ataques que tendrá ese turno: 1D6"
                self.random_rule = name
                continue
            if name in modelled:
                continue  # the centaur's rules: troop type, steed and save in build()
            if key == "caballeria monstruosa":
                # Demonios (Zánganos de plaga): "Son caballería voladora"; elsewhere the rule
                # has no text: the troop type, read from Tipo
                if "caballeria voladora" in plain_text(texts.get(name) or ""):
                    special.append("flying")
                else:
                    self.note(name, "note", "the troop type of Tipo (no text of its own)")
                continue
            if _cc_save(texts.get(name)):
                self.cc_save.append(name)  # applied to the save in build()
                continue
            if key == "medioorcos" and "pero no pielverde" in plain_text(texts.get(name) or ""):
                # Regimientos de Renombre "Medioorcos": "son de tipo Orco y Humano, pero no
                # Pielverde ... (los Enanos no les odian, no tienen Animosidad, etc)": human,
                # the one race tag that no greenskin rule reaches (none names orcs alone)
                self.race = "human"
                self.note(name, "note", "race 'human': of type Orco and Humano, not a"
                          " greenskin")
                continue
            if key == "carro ligero" and "causa 1d3 impactos por carga" in plain_text(
                    texts.get(name) or ""):
                # Reinos del Caos "Carro ligero": "se trata como un carro a todos los efectos,
                # salvo que causa 1D3 impactos por carga en vez de los habituales 1D6"
                extra["impact_hits"] = "d3"
                continue
            if key == "carga atronadora" and re.search(
                    r"cargan,? (?:persiguen )?o arrasan 18 ?cm o mas, cada miniatura causa 1d3"
                    r" impactos por carga", plain_text(texts.get(name) or "")):
                # Mercenarios "Jinetes de rinobuey": "Si todas las miniaturas ... cargan,
                # persiguen o arrasan 18cm o más, cada miniatura causa 1D3 impactos por
                # carga" (the distance: model.thunderous_charge; the S: the steed's, in build());
                # Reinos Ogros: "... cargan o arrasan 18cm o más ..." (the engine has no
                # overrun: the same rule in its combats)
                extra["impact_hits"] = "d3"
                special.append("thunderous_charge")
                self.note(name, "note", "1D3 impact hits per model only after a charge of 18 cm"
                          " or more: give the gap before the charge (CombatOptions.distance,"
                          " odds combat --distance; default 10 cm)")
                continue
            if key == "sequito" and "puede utilizar el liderazgo de cualquier cazador amigo a" \
                    " menos de 30 cm" in plain_text(texts.get(name) or ""):
                # skavenogres family: Reinos Ogros (Tramperos gnoblars) "Séquito": "Puede
                # utilizar el Liderazgo de cualquier Cazador amigo a menos de 30 cm" (as a
                # General's within 30 cm; the rest is stand and shoot)
                self.note(name, "note", "a friendly Hunter's Ld within 30 cm is used as a"
                          " General's: give it as the General's Ld (SideOptions.general_ld,"
                          " odds combat --attacker-general-ld/--defender-general-ld)")
                continue
            if key == "piel escamosa":
                self.scaly_skin = name  # checked against the save used in armour_notes()
                continue
            if key == "criatura artefacto" and "una herida menos por los chequeos de" \
                    " inestabilidad" in plain_text(texts.get(name) or ""):
                # Reyes Funerarios, Condes Vampiro: "Sufren una herida menos por los chequeos
                # de Inestabilidad"; Reyes Funerarios also "Tirada de salvación por armadura
                # 5+": in the printed TSA (checked against the save used, as Piel escamosa)
                special.append("artefact_creature")
                if "salvacion por armadura 5+" in plain_text(texts.get(name) or ""):
                    self.scaly_skin = self.scaly_skin or name
                continue
            if key == "no muertos" and "capitan. si" in plain_text(texts.get(name) or ""):
                # Regimientos de Renombre (Compañía maldita de Kreugar, Legión de Pesadilla)
                # "No Muertos": immune to psychology, unstable, fear as the gst rule, and
                # "Capitán. Si Richter muere ... Al término de la fase en que el Capitán haya
                # sido eliminado y al comienzo de cada turno posterior ... deberá efectuar un
                # chequeo de liderazgo. Si no lo supera, sufrirá un número de heridas igual a la
                # diferencia": captain_bound (psychology.captains_fall)
                special += RULE_FLAGS[key]
                special.append("captain_bound")
                continue
            if self.beast_unit and key in ("despliegue", "muerte del senor"):
                # Elfos Silvanos (Señor de las bestias), built as the beasts' unit with the
                # lord in it (odds.battlescribe.beast_lord): both rules are beast_lord's
                special.append("beast_lord")
                self.note(name, "note", "the beasts' unit with the lord standing in it as a"
                          " character: he cannot refuse a challenge, and the beasts die with"
                          " him (beast_lord)")
                continue
            flags = text_rule(name, texts.get(name) or "")
            if flags is not None:
                special += flags
                continue
            known = no_effect_text(name, texts.get(name) or "")
            if known is not None:
                self.note(name, *known)
                continue
            ward = text_ward(name, texts.get(name) or "")
            if ward is not None:
                self.wards.append(ward)  # the best ward wins in build()
                continue
            rider = rider_rule(name)
            if rider is not None:
                # "Golpe letal (solo jinete)", "Ataques mágicos (sólo Caballero y Capitán)":
                # the rider's and champion's; magic attacks kept off the steeds in
                # steeds_own_rules()
                special += rider
                if "magic_attacks" in rider:
                    self.rider_magic = True
                continue
            if key == "bestias de karond-kar" and "liderazgo de cualquier senor de las" \
                    " bestias a 30cm" in plain_text(texts.get(name) or ""):
                # Elfos Oscuros: "La Manada de Gélidos puede usar el Liderazgo de cualquier
                # Señor de las Bestias a 30cm o menos": lent as a General's is (RULES.md §3.1,
                # within 30 cm), the side's general_ld; 2D6, not cold-blooded ("Sangre fría")
                self.note(name, "note", "a Beastmaster within 30 cm lends his Ld as a"
                          " General does: give it as the side's general_ld")
                continue
            if key == "deber del campesino" and "pueden usar el liderazgo de cualquier" \
                    " miniatura de tipo caballero a 15 cm" in plain_text(texts.get(name) or ""):
                # Bretonia: "Las miniaturas de tipo Campesino pueden usar el Liderazgo de
                # cualquier miniatura de tipo Caballero a 15 cm, siempre que no esté huyendo.
                # Ten en cuenta que se usa el Liderazgo propio del Caballero": lent as a
                # General's is, the side's general_ld (the banners' victory points: out of
                # combat)
                self.note(name, "note", "a Knight within 15 cm lends his own Ld as a General"
                          " does: give it as the side's general_ld")
                continue
            if _shooting_only(key, texts.get(name)):
                self.note(name, "no_combat_effect", "a shooting attack: not while engaged"
                          " in close combat")
                continue
            if key == "pellejo duro":
                self.thick_skin = True  # applied to the save in build()
                if self.thick_skin_unusable():
                    self.note(name, "ignored", "only for cavalry without a fixed save")
                continue
            steed = steed_rule(name, texts.get(name) or "")
            if steed is not None:
                self.steed_rules.append((name, *steed))  # applied in steeds_own_rules()
                continue
            if key in RULE_FLAGS or key in NAMED_HATRED:
                special += RULE_FLAGS.get(key, ())
                hated = NAMED_HATRED.get(key, ())
                extra["hatred"] = sorted({*extra.get("hatred", ()), *hated})  # type: ignore
                if not extra["hatred"]:
                    del extra["hatred"]
                continue
            param = parametric_rule(name)
            if param is not None:
                field, value = param
                if self.parametric(field, value):
                    numeric = value.isascii() and value.isdigit()
                    extra[field] = int(value) if numeric and field not in (
                        "impact_hits", "multiple_wounds", "random_attacks") else value
                else:
                    self.note(name, "ignored", f"{field} {value!r} not supported by the engine")
                continue
            if key.startswith("marca de ") and not (texts.get(name) or "").strip() and any(
                    "los efectos de otorgar una marca ya estan incluidos en las tropas"
                    in plain_text(t or "") for t in texts.values()):
                # a mark with no text of its own on a unit that carries it (Mortales
                # "Siegacráneos de Khorne"); "Marcas del Caos": "Los efectos de otorgar una
                # marca ya están incluidos en las tropas y personajes (cuando llevan esa
                # marca ...)": its effects are the unit's own rules (Furia asesina...)
                self.note(name, "note", "a mark without text: its effects are in the unit's"
                          " own rules ('Marcas del Caos')")
                continue
            if key == "a cuestas" and "la lanza proporciona f+1 en carga" in plain_text(
                    texts.get(name) or ""):
                # chaosbeasts: Reinos Ogros Horda Gnoblar (Jinetez de Gnoblar) "A cuestas":
                # "Es Infantería a todos los efectos, excepto que la lanza proporciona F+1 en
                # carga (además de permitir atacar con fila adicional de forma habitual)": the
                # infantry spear and strength_on_charge; with the hand weapon, nothing
                if self.weapon_key == "spear":
                    special.append("strength_on_charge")
                else:
                    self.note(name, "note", "S+1 on the charge with the spear only; this unit"
                              f" fights with {self.weapon_key}")
                continue
            if key == "montadas" and "disponen de una tsa 6+" in plain_text(
                    texts.get(name) or ""):
                # chaosbeasts: Reinos Ogros Horda Gnoblar (Jinetez de Gnoblar) "Montadas": "Se
                # consideran miniaturas montadas, por lo que disponen de una TSA 6+. (Aunque
                # siguen siendo miniaturas de infantería)": the printed TSA 6+ (armour_notes())
                self.note(name, "note", "its 6+ save is the printed TSA (infantry still)")
                continue
            if key.startswith("marca de ") and not (texts.get(name) or "").strip() and \
                    key.removeprefix("marca de ") in {"khorne", "nurgle", "slaanesh",
                                                      "tzeentch"} and \
                    key.removeprefix("marca de ") in re.findall(
                        r"\w+", getattr(self, "tipo", "")):
                # chaosbeasts: a god's mark with no text on a unit whose printed Tipo already
                # names that god (Horda de Archaón "Siegacráneos de Khorne": "Infantería
                # monstruosa, Humano, Caos, Khorne", its "Furia asesina" a rule of its own;
                # the book's "Marcas del Caos de la Horda de Archaón" only says which marks an
                # army may hold): every mark's effect is per entry ("Gana el tipo de unidad
                # Khorne"...), printed in the unit's own profile and rules
                self.note(name, "note", "a mark without text on a unit whose Tipo names its"
                          " god: its effects are in the unit's own profile and rules")
                continue
            if key.startswith("marca de ") and texts.get(name):
                flags, unknown = mark_effects(texts[name])
                if "gana el tipo de unidad slaanesh" in plain_text(texts[name]):
                    special.append("slaanesh")  # Elfos Oscuros "Presa de Slaanesh" reads it
                if unknown:
                    self.note(name, "ignored", f"mark effect not modelled: {unknown[0]!r}")
                else:
                    special += [f for f in flags if f != "poisoned"]
                    if "poisoned" in flags:
                        extra["poisoned"] = min(int(extra.get("poisoned") or 6), 6)
                continue
            if key == "voto del grial" and "todos sus ataques son magicos (del caballero con el" \
                    " voto, no de su montura)" in plain_text(texts.get(name) or ""):
                # Bretonia and the elves: Bretonia "Voto del grial": "Inmunes a psicología ...
                # empiezan la partida siempre con la Bendición de la Dama ... Todos sus ataques
                # son mágicos (del Caballero con el Voto, no de su montura)": grail_vow (the
                # Blessing), immune to psychology, the riders' magic attacks (kept off the
                # steeds in steeds_own_rules()); who may join them: army composition
                special += ["grail_vow", "immune_to_psychology", "magic_attacks"]
                self.rider_magic = True
                continue
            if key == "voto de la busqueda" and "inmunes al panico provocado por unidades" \
                    " amigas" in plain_text(texts.get(name) or ""):
                # Bretonia "Voto de la búsqueda": "Inmunes al pánico provocado por unidades
                # amigas (pero no al pánico provocado por enemigo ...). Pueden repetir chequeos
                # de psicología fallados (no incluye chequeos de Desmoralización)": every
                # friend, whatever its troop type, causes it no panic (RULES.md §3.4), and
                # psychology_reroll; who may join and the lances: army composition
                extra["no_panic_from"] = sorted({*extra.get("no_panic_from", ()),  # type: ignore
                                                 *rules.TROOP_TYPES})
                special.append("psychology_reroll")
                continue
            if self.hounds(name, key, plain_text(texts.get(name) or ""), special, extra):
                continue
            if key == "individuales" and lone_models(self.sel.unit):
                # Reinos del Caos (Incineradores) "Individuales": the entry is imported as
                # one model (odds.battlescribe.catalogue: lone_models); no character joins it
                special.append("no_characters")
                self.note(name, "note", "each model fights alone after deployment: the entry"
                          " is one model, several are several units of the combat")
                continue
            panic = panic_immunity(name, texts.get(name, ""), self.race)
            if panic is not None:
                for field, tags in zip(("no_panic_from", "no_panic_against"), panic,
                                       strict=True):
                    extra[field] = sorted({*extra.get(field, ()), *tags})  # type: ignore
                continue
            source = panic_source(name, texts.get(name, ""), getattr(self, "name", ""))
            if source is not None:  # skavenogres family
                extra[source[0]] = sorted({*extra.get(source[0], ()), *source[1]})  # type: ignore
                if source[2]:
                    self.note(name, "approximated", source[2])
                if source[3]:  # mercenaries family: Skaven slaves' "excepto otros esclavos"
                    extra["panics_still"] = sorted({*extra.get("panics_still", ()),  # type: ignore
                                                    *source[3]})
                continue
            flight = flight_panic(name, texts.get(name, ""))
            if flight is not None:
                extra[flight[0]] = list(flight[1])
                continue
            if is_panic_rule(name):
                self.note(name, "ignored", "panic in a combat (RULES.md §3.4) does not read"
                          " immunities or re-rolls; matters only with friends in the combat")
                continue
            reason = no_combat_reason(name)
            if key.startswith("odio "):
                self.note(name, "ignored", "hatred of some enemies only: not modelled")
            elif reason is not None:
                self.note(name, "no_combat_effect", reason)
            else:
                self.note(name, "ignored",
                          UNMODELLED_REASONS.get(key, "rule not modelled by the engine"))
        return special, extra

    def hounds(self, name: str, key: str, plain: str, special: list[str],
               extra: dict[str, object]) -> bool:
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
        if key == "perros de caza" and "son inmunes al panico causado por unidades de perros" \
                " de caza, solo otras unidades de perros de caza se veran afectadas" in plain:
            special.append("no_characters")
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
