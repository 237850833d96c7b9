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
  a second kind of crew (Bestias "Carro de tuskgors": "Ungor" and "Bestigor";
  Elfos Oscuros "Caldero de sangre": "Gran elfa bruja") is the unit's
  ``extra_crew`` with the weapon taken under its own entry (on a war machine
  its own T and W are not in the machine's wounds: reported);
* a printed move roll (``M`` "5D6", gst "Movimiento aleatorio") is the unit's
  ``random_move`` (its ``M`` the mean roll);
* a missing ``Tipo`` is inferred from ``Potencia`` (1 infantry, 2 cavalry,
  3 monstrous infantry, more: monster), reported;
* a steed printed ``Caballería`` like its rider (no T/W, ``TSA`` "+1") is the
  mount, not the model; a chariot's steeds are the profiles that move (M) with no
  T/W of their own, whatever their ``Tipo``, its crew the ones without M;
* centaurs (*Centauro*, *Centauro menor*) are cavalry whose hooves (*Arrollar*:
  the attack in parentheses) fight as a steed of the model's own WS, S and I;
  ``Caballería monstruosa`` is cavalry of its printed ``Potencia``, not man-sized.

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
as ``armour_save_override``; so do cavalry beasts without a steed profile when
the printed save is their equipment's without the cavalry +1, centaurs (no
cavalry +1, the parry of infantry) and models with a cloak or hide giving "6+ en
cuerpo a cuerpo" (+1 in close combat).

Unit strength
-------------
The troop type's (RULES.md §2.3), unless the printed ``Potencia`` is higher or
the unit flies (flyers are 1): then ``unit_strength_override`` (war machines
keep their crew count).

Points
------
Costs of the unit entry and of every taken entry outside the command group
add up to ``points_per_model`` (upgrades of the model entry are per model;
MDNR catalogues price regiment options per model).  Command models' costs go
to ``Command.champion_points``/``standard_points``/``musician_points``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from odds import rules
from odds.battlescribe.names import (
    APPROXIMATE_TROOP_TYPES,
    APPROXIMATE_WEAPONS,
    ARMOUR_NAMES,
    ARMOUR_RULES,
    ARMOUR_WARDS,
    CHAMPION_ITEMS,
    CHAMPION_RULES,
    LEADER_RULE_FLAGS,
    NAMED_HATRED,
    RULE_FLAGS,
    SECOND_PROFILE_REASONS,
    STRUCTURAL_NAMES,
    TROOP_TYPE_NAMES,
    UNMODELLED_REASONS,
    UNPRINTED_TROOP_TYPES,
    WEAPON_IMPACTS,
    WEAPON_NAMES,
    WEAPON_RULES,
    WEAPON_WARDS,
    entry_army,
    flight_panic,
    is_no_combat_effect,
    is_panic_rule,
    mark_effects,
    no_effect_text,
    normalize,
    panic_immunity,
    parametric_rule,
    race_from_name,
    race_from_tipo,
    rider_rule,
    steed_rule,
    text_rule,
    text_ward,
)
from odds.battlescribe.report import Collector
from odds.battlescribe.selection import Selection, apart, included_roles, take
from odds.battlescribe.tree import Node, RawProfile
from odds.battlescribe.values import MISSING_DEFAULTS, parse_characteristic, parse_save
from odds.units import (
    SPANISH_LETTERS,
    Command,
    CrewProfile,
    Equipment,
    Member,
    MountProfile,
    Profile,
    Unit,
)
from odds.validation import OddsInputError

_DICE_VALUE = re.compile(r"^(\d?d[36](?:\+\d)?)$")  # a printed A such as "1D6+1"
_FLYING_MONSTER = "se considera como un monstruo volador a todos los demas efectos"
# Demonios "Cañón de cráneos" ("Carro, furia asesina y frontal"): "Ten en cuenta que el Cañón
# sólo ataca por su frontal, como si fuera una bestia de tiro": the chariot's own body fights
_BODY_AS_BEAST = "como si fuera una bestia de tiro"
_MOVE_DICE = re.compile(r"^[358]d6$")  # a printed M such as "5D6" (rules.RANDOM_MOVES)
_MEMBER_TYPES = ("infantry", "cavalry", "monstrous_infantry")  # troop types with members
_JOINED = "como si fuera un personaje que se ha unido a la unidad"  # a member character
# a monster's handlers (Elfos Oscuros "Controlada", "Controlado"): "los Aprendices son expertos
# en utilizar a la Hidra para su propia protección, con lo que el enemigo atacará a la Hidra
# si le es posible en vez de a los Aprendices"
_HANDLERS = re.compile(r"el enemigo atacara (?:a la|al) [a-z]+ si le es posible en vez de a"
                       r" los ([a-z]+)")
# Condes Vampiro "Carro de Cadaveres (No se considera un carro)": "Pese a su nombre y su
# estructura, esta miniatura NO es un Carro a ningún efecto. No causa impactos por carga, no
# resulta eliminado por heridas de F7 ... Se considera una especie de monstruo / altar"
_NOT_A_CHARIOT = re.compile(r"\bno es un carro a ningun efecto\b.*\bse considera una especie"
                            r" de monstruo\b")
# Elfos Oscuros "Guardia de la ciudad", "Unidad mixta": "Se trata de Lanceros, salvo la primera
# fila, que está formada por Ballesteros ... retira las bajas de las filas posteriores ... Sólo
# cuando hayan caído todos los lanceros se podrá empezar a retirar ballesteros"
_MIXED_FRONT = re.compile(r"\bse trata de [a-z]+, salvo la primera fila, que esta formada por"
                          r" [a-z]+\b.*\bretira las bajas de las filas posteriores\b")
_FRONT_ENTRY = "(primera fila)"
# a monster's printed Potencia counting its handlers: "6 + 1 por cada aprendiz vivo"
_HANDLERS_US = re.compile(r"^(\d+) \+ 1 por cada ([a-z]+) vivo$")
# a leader's own item that is a plain ward save, all its text (no "contra ...")
_LEADER_WARD = re.compile(r"(?:talisman\.? )?(?:[a-z ]+ )?(?:tiene|proporciona) una tirada de"
                          r" salvacion especial de ([2-6])\+\.?")

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


def is_wizard(p: RawProfile) -> bool:
    """Whether a profile's ``Tipo`` names it a wizard ("..., Hechicero": *de tipo Hechicero*).

    MDNR prints the type of its wizards in some books ("Infantería, Humano, Caos, Hechicero";
    Mercenarios "Meargh": "gana el tipo de miniatura Hechicera"); a character of a book that
    does not is a wizard by its magic level (:mod:`odds.battlescribe.character`).
    """
    words = {w.strip(" .") for w in normalize(p.values.get("Tipo") or "").split(",")}
    return not words.isdisjoint({"hechicero", "hechicera"})


def is_dragon(p: RawProfile) -> bool:
    """Whether a model profile is a dragon (*de tipo Dragón*).

    Its ``Tipo`` names the word "Dragón" by itself (Mercenarios "Dragón" and Regimientos de
    Renombre "Colmillo de Muerte", "Monstruo, Dragón"; Condes Vampiro "Engendro del terror",
    "Monstruo, Dragón, Vampiro, No Muerto"; the MDNR Reinos del Caos dragon ogres and
    shaggoths, "Infantería monstruosa, Ogro, Dragón, Caos": the data gives them the type), or
    the books that print a dragon's ``Tipo`` as "Monstruo" alone name it "Dragón ..." (Monstruos
    Arcanos "Dragón carmesí", "Dragón de disformidad", "Dragón de magma"; Altos Elfos
    "Dragón", Elfos Oscuros "Dragón negro", Enanos "Dragón de esquirlas").  Not the vampires'
    "Dragón Sangriento" (another type word) nor a model or unit named after dragons ("Príncipe
    dragón", "Compañía dragón", "Ogro dragón": only its ``Tipo`` says it).
    """
    words = {w.strip(" .") for w in normalize(p.values.get("Tipo") or "").split(",")}
    return "dragon" in words or normalize(p.name).split()[:1] == ["dragon"]


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


def _steed_like(p: RawProfile) -> bool:
    """Whether a profile is a steed's (MDNR "Caballo de guerra").

    No T and no W of its own, and a save bonus (``TSA`` "+1") or a unit strength
    counting the rider ("2 (1+1 del jinete)").
    """
    no_body = all(parse_characteristic(p.values.get(c)).value is None for c in ("R", "H"))
    bonus = (p.values.get("TSA") or "").strip().startswith("+")
    return no_body and (bonus or "jinete" in normalize(p.values.get("Potencia") or ""))


def _pulls(p: RawProfile) -> bool:
    """Whether a chariot's profile is a steed's: it moves (M) but has no T and W of its own."""
    no_body = all(parse_characteristic(p.values.get(c)).value is None for c in ("R", "H"))
    return no_body and parse_characteristic(p.values.get("M")).value is not None


def _champion_like(p: RawProfile, base: RawProfile) -> bool:
    """Whether ``p`` is ``base`` with one more attack, and perhaps better HA, HP and L."""
    def value(q: RawProfile, c: str) -> int | None:
        return parse_characteristic(q.values.get(c)).value

    if any(p.values.get(c) != base.values.get(c) for c in ("M", "F", "R", "H", "I", "Tipo")):
        return False
    a, b = value(p, "A"), value(base, "A")
    return a is not None and b is not None and a == b + 1 and all(
        (value(p, c) or 0) >= (value(base, c) or 0) for c in ("HA", "HP", "L"))


_CC_SAVE = re.compile(r"salvacion por armadura de 6\+ en (?:combate )?cuerpo a cuerpo")


def _cc_save(text: str | None) -> bool:
    """Whether a rule or armour text gives a 6+ armour save in close combat only.

    Elfos Oscuros "Capa de dragón marino": "6+ en combate cuerpo a cuerpo y de 5+ contra
    ataques a distancia ... Puede combinarse con demás tipos de armadura"; Altos Elfos
    "Piel de león": "6+ en cuerpo a cuerpo y de 4+ contra ataques de proyectiles";
    Regimientos de Renombre "Capa": "6+ en combate cuerpo a cuerpo".
    """
    return bool(_CC_SAVE.search(normalize(text or "")))


def _potencia(p: RawProfile | None) -> int | None:
    return None if p is None else parse_characteristic(p.values.get("Potencia")).value


_TSE = re.compile(r"\bTSE\s*(\d)\s*\+")
_PAREN_ATTACKS = re.compile(r"^\s*(\d+)\s*\(\s*\+\s*(\d+)\s*\)\s*$")


@dataclass(frozen=True, slots=True)
class _Centaur:
    """What a centaur rule of the unit says (see :func:`_centaur_of`)."""

    rules: tuple[str, ...]  # the rule names it accounts for
    hooves: str  # "paren": the A in parentheses; "one": one of the A; "": none
    special: tuple[str, ...] = ()  # further flags ("inmunes a Golpe Letal")


def _centaur_of(texts: dict[str, str]) -> _Centaur | None:
    """The centaur rules among a unit's rules (name → description), or None.

    MDNR Reinos del Caos "Centauro": "Los Centauros son Caballería a todos los
    efectos ... salvo que no tienen perfil de montura, no tienen TSA+1 por
    caballería, y usan las reglas de armas a dos manos, dos armas de mano o arma de
    mano y escudo como si fueran infantería"; "Arrollar": "un ataque adicional
    (mostrado entre paréntesis en el perfil) que no se ve afectado por los
    bonificadores o las penalizaciones de las armas".  Enanos del Caos "Centauro
    menor": the same, and "Uno de los ataques del Centauro menor lo hace con sus
    patas ... usando su atributo de Fuerza sin tener en cuenta armas o equipo".
    Regimientos de Renombre (Toxote) "Centauro": "no tienen el ataque de pezuñas".
    """
    found: list[str] = []
    hooves = ""
    special: tuple[str, ...] = ()
    for name, text in texts.items():
        key, plain = normalize(name), normalize(text or "")
        if key in ("centauro", "centauro menor") and (
                "no tienen perfil de montura" in plain
                or "no tienen el +1 a la armadura por ir montados" in plain):
            found.append(name)
            if "lo hace con sus patas" in plain:
                hooves = "one"
            if "no tienen el ataque de pezunas" in plain:
                hooves = "none"
            if "inmunes a golpe letal" in plain:
                special = ("immune_to_killing_blow",)
        elif key == "arrollar" and "ataque adicional (mostrado entre parentesis" in plain:
            found.append(name)
            hooves = hooves or "paren"
    if not any(normalize(n) != "arrollar" for n in found):
        return None
    return _Centaur(tuple(found), "" if hooves == "none" else hooves, special)


def _ward_of(node: Node) -> int:
    """A ward save an option gives through a profile (``Protección: TSE 6+``), else 0."""
    for p in node.info_profiles:
        for text in p.values.values():
            m = _TSE.search(text or "")
            if m and 2 <= int(m.group(1)) <= 6:
                return int(m.group(1))
    return 0


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
    reason, :data:`odds.battlescribe.names.UNMODELLED_REASONS`).
    """
    if not key.startswith(_SHOOTING_RULES) or not text:
        return False
    plain = normalize(text)
    return (("ataque de disparo" in plain or "en vez de disparar" in plain)
            and "trabad" not in plain)
_ARMOUR_SAVE = re.compile(r"^\s*([2-6])\+\s*$")


def _armour_save_of(node: Node) -> int:
    """The save of an option's armour profile (``Salvación por armadura: 4+``), else 0."""
    for p in node.info_profiles:
        m = _ARMOUR_SAVE.match(p.values.get("Salvación por armadura") or "")
        if m:
            return int(m.group(1))
    return 0


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
        text = normalize(" ".join(v or "" for v in p.values.values()))
        if not re.match(r"^\d+\s*(cm)?$", normalize(p.values.get("Alcance") or "")) or \
                "cuerpo a cuerpo" in text or "combate" in text:
            return False
    return True


class _Builder:
    def __init__(self, sel: Selection, name: str, sink: Collector, army: str = "") -> None:
        # an entry of another army than its catalogue's (names.ENTRY_ARMIES: the regiments
        # of renown of Arabia)
        self.sel, self.name, self.sink = sel, name, sink
        self.army = entry_army(sel.unit.name, army) if army else army
        self.weapon_rules: tuple[str, ...] = ()
        self.wards: list[int] = []
        self.thick_skin = False
        self.impale: tuple[str, int] | None = None  # "Empalar": (name, steeds' S bonus)
        self.dice_attacks: list[tuple[str, str, str]] = []  # (item, "d6+1", note) printed A
        self.random_rule = ""  # "Ataques aleatorios" without its dice in the name
        self.steed_dice: tuple[str, str, str] | None = None  # the steeds' printed dice A
        self.random_move = ""  # a printed M roll ("5d6")
        self.extra_nodes: set[int] = set()  # the option tree of a second kind of crew
        self.handlers = ""  # the rule making the second crew a monster's handlers
        self.mixed_front = ""  # the rule giving the front rank its own weapon (mixed_front())
        self.front_ids: set[int] = set()  # the option tree of that front rank's models
        self.front_weapon = ""  # its weapon (Unit.front_weapon)
        self.not_chariot = ""  # the rule making a model of Tipo "Altar" a monster
        self.option_rules: dict[str, str | None] = {}  # see rules_of_options
        self.flying_monster = ""  # a war machine's rule making it a flying monster
        self.folded_knight = False  # knights printed as one "Infantería" profile with M20
        self.troop_type = ""
        self.race = ""
        self.centaur: _Centaur | None = None
        self.riderless = False
        self.scaly_skin = ""
        self.cc_save: list[str] = []  # +1 to the armour save in close combat (_cc_save)
        self.champion_items: list[str] = []  # CHAMPION_ITEMS carried by the champion
        self.champion_weapon = ""  # the champion's own weapon (champions_weapon())
        self.weapon_key = "hand_weapon"  # the unit's weapon (equipment())
        self.weapon_impacts = ""  # impact hits its weapon gives (WEAPON_IMPACTS)
        self.steed_rules: list[tuple[str, tuple[str, ...], int]] = []  # (name, flags, poison)
        self.rider_magic = False  # magic attacks of the riders only (names.rider_rule)
        self.charge_strength = ""  # a rule giving "F+1 en carga" to the beast that has it
        self.worn: list[tuple[str, int]] = []  # armour options of a printed save: (name, save)
        # named members (odds.units.Member): (profile, role, entry), and their entries' ids
        self.member_raws: list[tuple[RawProfile, str, Node]] = []
        self.member_ids: set[int] = set()
        self.weapon_only_rules: tuple[str, ...] = ()  # the unit's weapon's WEAPON_RULES
        self.champion_special: tuple[str, ...] = ()  # the leader's own rules (leader_only)
        self.champion_hatred: tuple[str, ...] = ()  # the leader's own hatred (leader_only)
        self.champion_ward = 0  # the leader's own ward save (_LEADER_WARD)
        self.champion_save_override: int | None = None  # the leader's "Armadura 3+"

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
            keys = (champ_node.key, champ_node.key.removesuffix(" (lider)"))
            champion = next((p for p in pool if normalize(p.name) in keys), None)
            if champion is None and champ_node.profiles:
                champion = champ_node.profiles[0]
            if champion is None:  # "Campeón" entry, "Campeón elegido" profile
                champion = next((p for p in sources[1:]
                                 if normalize(p.name).startswith(keys[1] + " ")), None)
            if champion is None and sources:
                # the unit entry prints its champion under another name (Enanos
                # "Dracohierros": the champion option "Padre de la forja", the profile
                # "Guardián de hierro"): the one profile of the entry that is the rank and
                # file's with a better A (WS, BS, Ld) and nothing else changed
                better = [p for p in self.sel.unit.profiles[1:] if _champion_like(p, sources[0])]
                if len(better) == 1:
                    champion = better[0]
                    self.note(champion.name, "note", f"the profile of the champion"
                              f" {champ_node.name!r} (named otherwise in the data)")
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

    def count_of(self, profile: RawProfile | None) -> int:
        """How many of a model the unit entry takes (0 if nothing says).

        The ``number`` (rosters) or the minimum (catalogues) of the entry
        carrying ``profile``.
        """
        if profile is None:
            return 0
        for node in self.sel.unit.walk()[1:]:
            if any(p is profile for p in node.profiles):
                return node.number if node.number > 1 else (node.low or 0)
        return 0

    def characteristic(self, letter: str, chain: list[RawProfile], what: str) -> int:
        spanish = _ENGLISH_TO_SPANISH[letter]
        for p in chain:
            parsed = parse_characteristic(p.values.get(spanish))
            if parsed.value is not None:
                if (letter == "A" and self.centaur is not None and self.centaur.hooves == "paren"
                        and _PAREN_ATTACKS.match(p.values.get(spanish) or "")):
                    value = parsed.value  # the hooves' attack in parentheses: the mount's A
                    break
                dice = _DICE_VALUE.match(normalize(p.values.get(spanish) or ""))
                if letter == "A" and parsed.note and dice and what != "the steed":
                    # a printed dice value is random attacks (gst "Ataques aleatorios"):
                    # settled in build() against the unit's rule
                    expr = dice.group(1).removeprefix("1")
                    self.dice_attacks.append((f"{p.name} {spanish}", expr, parsed.note))
                elif letter == "A" and parsed.note and dice:
                    # the steeds' printed dice (Condes Vampiro "Horda de espíritus" A "1D6"):
                    # settled in build() against the unit's rule (steed_random_attacks())
                    self.steed_dice = (f"{p.name} {spanish}",
                                       dice.group(1).removeprefix("1"), parsed.note)
                elif letter == "M" and parsed.note and _MOVE_DICE.match(
                        normalize(p.values.get(spanish) or "")):
                    # a printed move roll (Reinos del Caos "Engendro del Caos" M "5D6", gst
                    # "Movimiento aleatorio (5D6)"): the unit's random_move; M keeps the mean
                    self.random_move = normalize(p.values.get(spanish) or "").removeprefix("1")
                elif parsed.note:
                    self.note(f"{p.name} {spanish}", "approximated", parsed.note)
                value = parsed.value
                break
        else:
            value = MISSING_DEFAULTS[letter]
            # BS is never used in close combat: a missing one changes nothing there
            star = (chain[0].values.get(spanish) or "").strip() == "*"
            self.note(f"{chain[0].name} {spanish}", "note" if letter == "BS" else "approximated",
                      f"printed '*' (set by the unit's own rules or table, not a number);"
                      f" {value} used" if star else f"{what} has no {spanish}; {value} used")
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
        for node in self.sel.unit.children:
            if apart(node):
                # Regimientos de Renombre "Personaje" (Barda): "no tiene que ir unido a la
                # unidad (¡de hecho no puede!)": neither its champion nor one of its models
                self.note(node.name, "note", "a character of his own who can never be in this"
                          " unit (his rule 'Personaje'): not imported with it, his points"
                          " stay in the regiment's price")
        self.centaur = _centaur_of(self.rule_texts())
        others, champion_raw = self.profiles()
        # the model's own profile first: a chariot or war machine before its crew, a rider
        # before its steed (MDNR prints "Corcel de Slaanesh" before "Diablilla")
        # (a steed printed "Caballería" like its rider, Regimientos de Renombre "Caballo de
        # guerra" beside "Perro del Desierto", goes after the rider)
        rank = {"chariot": 0, "war_machine": 0, "cavalry": 2}
        others = sorted(others, key=lambda p: 3 if _steed_like(p) and _tipo(p)[0] == "cavalry"
                        else rank.get(_tipo(p)[0] or "", 1))
        main = others[0]
        tt, exact, printed_type = _tipo(main)
        self.not_chariot = next((n for n, t in self.rule_texts().items()
                                 if _NOT_A_CHARIOT.search(normalize(t or ""))), "")
        if self.not_chariot and tt == "chariot" and not exact and len(others) == 1:
            # one model printed "Altar" that its own rule says is no chariot but "una especie
            # de monstruo": a monster, fighting with its own profile (no crew, no steeds, no
            # impact hits)
            tt, exact = "monster", True
            self.note(f"{main.name} Tipo", "note", f"troop type {printed_type!r}: a monster,"
                      f" as its rule {self.not_chariot!r} says")
        else:
            self.not_chariot = ""
        if tt == "war_machine":
            # Enanos "Máquina experimental" (Girocóptero): "Se considera Máquina de guerra a
            # efectos de Hechizos y Objetos mágicos. Se considera como un Monstruo volador a
            # todos los demás efectos": one model fighting with its own profile
            self.flying_monster = next((n for n, t in self.rule_texts().items()
                                        if _FLYING_MONSTER in normalize(t or "")), "")
            if self.flying_monster:
                tt, exact = "monster", True
        cavalry_like = sorted((p for p in others[1:] if _tipo(p)[0] == "cavalry"),
                              key=lambda p: not _steed_like(p))
        used = [main]
        mount_raw = crew_raw = extra_raw = None
        command_ids = {id(q) for n in self.sel.command.values() for q in n.profiles}
        if tt in _CREWED:
            # the steeds: "Caballería" profiles, or any that moves (M) with no T and W of its
            # own (Bestias "Tuskgor", Tipo "Monstruo, Animal"; Imperio "Caballo de guerra",
            # no Tipo); the crew ride (no M: "Ungor", "Acólito")
            steeds = cavalry_like + [p for p in others[1:] if p not in cavalry_like
                                     and _pulls(p)]
            crew_raw = next((p for p in others[1:] if p not in steeds), None)
            mount_raw = steeds[0] if steeds else None
            # a second kind of crew beside the first (Bestias "Carro de tuskgors": "Ungor"
            # and "Bestigor"): kept as the unit's extra_crew
            second = [p for p in others[1:] if p not in steeds and p is not crew_raw
                      and _tipo(p)[0] not in ("cavalry", *_CREWED)
                      and id(p) not in command_ids]
            if crew_raw is not None and len(second) == 1:
                extra_raw = second[0]
        elif self.centaur is not None and tt in (None, "infantry", "cavalry"):
            # "se consideran caballería a todos los efectos" (Tipo "Infantería/Caballería");
            # "no tienen perfil de montura": another cavalry profile is another model
            tt, exact = "cavalry", True
        elif cavalry_like and tt in (None, "infantry", "cavalry"):
            tt, exact, mount_raw = "cavalry", True, cavalry_like[0]
        elif (tt == "infantry" and normalize(self.name).startswith("caballer")
              and (parse_characteristic(main.values.get("M")).value or 0) >= 18):
            # knights printed as one "Infantería" profile with their steed's move (MDNR
            # Imperio "Caballeros de semigrifo": M20): mounted, the steed folded in
            tt, exact = "cavalry", True
            self.folded_knight = True
            self.note(f"{main.name} Tipo", "note", f"troop type {printed_type!r} with"
                      f" M{main.values.get('M')}: cavalry, the steed folded into the profile")
        if tt == "monster":
            # a monster's handlers (Elfos Oscuros "Hidra de guerra", "Kharibdyss"): one profile
            # on foot beside it that a rule of the unit names as those the enemy may not
            # attack while the monster lives; kept as the unit's extra_crew
            rule = next(((n, m.group(1)) for n, t in self.rule_texts().items()
                         if (m := _HANDLERS.search(normalize(t or "")))), None)
            feet = [p for p in others[1:] if _tipo(p)[0] == "infantry"
                    and id(p) not in command_ids]
            if rule is not None and len(feet) == 1 and normalize(feet[0].name)[:6] == rule[1][:6]:
                self.handlers, extra_raw = rule[0], feet[0]
        monstrous = any(normalize(_tipo(p)[2]) == "caballeria monstruosa"
                        for p in (main, mount_raw) if p is not None) and tt == "cavalry"
        if monstrous and not exact:
            exact = True
            self.note(f"{main.name} Tipo", "note", "'Caballería monstruosa' is cavalry with its"
                      " printed Potencia, not man-sized (killing blow: RULES.md §1.6)")
        unprinted = UNPRINTED_TROOP_TYPES.get(normalize(main.name))
        if tt is None and not printed_type and unprinted is not None and (
                rules.unit_strength_per_model(unprinted[0]) == _potencia(main)):
            tt, exact = unprinted[0], True
            self.note(f"{main.name} Tipo", "note", f"no Tipo printed; {tt}: {unprinted[1]}"
                      f" (Potencia {_potencia(main)} agrees)")
        if tt is None:
            us = _potencia(main)
            tt = {1: "infantry", 2: "cavalry", 3: "monstrous_infantry", None: "infantry"}.get(
                us, "monster")
            self.note(f"{main.name} Tipo", "approximated",
                      f"troop type {printed_type or 'missing'!r} not known; {tt} inferred from"
                      f" Potencia {us}")
        elif (not exact and normalize(printed_type) in ("bestia", "bestia monstruosa")
              and _potencia(main) == rules.unit_strength_per_model(tt)):
            # a war beast on foot is infantry or monstrous infantry in all but its name
            # (Reinos del Caos "Sapo de plaga": "Bestia monstruosa", Potencia 3)
            self.note(f"{main.name} Tipo", "note", f"troop type {printed_type!r} imported as"
                      f" {tt} (Potencia {_potencia(main)} agrees)")
        elif not exact:
            self.note(f"{main.name} Tipo", "approximated",
                      f"troop type {printed_type!r} imported as {tt}")
        # one "Caballería" profile and no steed: a beast (war hounds, wolves, a cold one herd)
        self.riderless = (tt == "cavalry" and exact and mount_raw is None
                          and self.centaur is None and _tipo(main)[0] == "cavalry")
        used += [p for p in (mount_raw, crew_raw, extra_raw) if p is not None]
        command_profiles = {id(q): (r, n) for r, n in self.sel.command.items()
                            if r != "champion" for q in n.profiles}
        leader = self.sel.command.get("champion")
        for p in others:
            if p in used:
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
                           and any(_JOINED in normalize(t or "") for t in n.rule_texts.values())),
                          None)
            if joined is not None and tt in _MEMBER_TYPES:
                # "Scarloc se considera a todos los efectos como si fuera un personaje que se
                # ha unido a la unidad ... salvo que no puede abandonar la unidad": a member
                # that lends its Ld as a joined character does
                self.member_raws.append((p, "character", joined))
                continue
            self.note(p.name, "ignored", SECOND_PROFILE_REASONS.get(
                normalize(p.name), "second model profile in the unit: only the first"
                " rank-and-file profile is modelled"))
        self.member_ids = {id(x) for _, _, n in self.member_raws for x in n.walk()}

        if tt in _CREWED:
            body = crew_raw or main
            per_letter = {c: [body, main] for c in ("WS", "BS", "S", "I", "A", "Ld")}
            per_letter.update({"T": [main], "W": [main]})
            per_letter["M"] = [main] + ([mount_raw] if mount_raw else []) + [body]
            crews = [p for p in others[1:] if p is not crew_raw and p is not mount_raw
                     and not _pulls(p) and _tipo(p)[0] != "cavalry"]
            if crew_raw is not None and crews and parse_characteristic(
                    crew_raw.values.get("L")).value is None:
                # a crew printed without L beside another that has one (Bestias "Carro de
                # tuskgors": "Ungor" L blank, "Bestigor" L7): the other's
                per_letter["Ld"] = [body, *crews, main]
                if extra_raw is not None and crews == [extra_raw]:
                    # both crews kept: the chariot tests on the best Ld among its models
                    self.note(f"{crew_raw.name} L", "note", f"the crew has no L; the other"
                              f" crew's ({extra_raw.name}) is the unit's")
                else:
                    self.note(f"{crew_raw.name} L", "approximated", "the crew has no L; the"
                              " other crew's used")
            if crew_raw is None:
                self.note(main.name, "approximated", f"{tt} without a crew profile")
            profile = self.profile([main], f"the {tt}", per_letter)
        else:
            # a mounted model moves at its steed's M (RULES.md §4.1 flee dice follow it)
            per_letter = {"M": ([mount_raw] if mount_raw else []) + [main]}
            profile = self.profile([main], "the model", per_letter)
        champion = None
        if champion_raw is not None and tt not in _CREWED:
            per_letter = {"M": ([mount_raw] if mount_raw else []) + [champion_raw, main]}
            champion = self.profile([champion_raw, main], "the champion", per_letter)

        mount = None
        if self.centaur is not None and self.centaur.hooves and tt == "cavalry":
            profile, champion, mount = self.hooves(main, champion_raw, profile, champion)
        elif mount_raw is not None and tt == "war_machine":
            self.note(mount_raw.name, "approximated", "the steeds of a war machine (horse"
                      " artillery) give its move only; they do not fight in the engine")
        elif (mount_raw is None and tt == "chariot" and crew_raw is not None
              and any(_BODY_AS_BEAST in normalize(t or "") for t in self.rule_texts().values())):
            # its body's own attacks (WS, S, I, A of the chariot's profile) as its one beast
            mount = MountProfile(**{c: self.characteristic(c, [main], "the chariot")
                                    for c in ("WS", "S", "I", "A")}, count=1)
        elif mount_raw is not None:
            mount = MountProfile(
                **{c: self.characteristic(c, [mount_raw], "the steed")
                   for c in ("WS", "S", "I", "A")},
                count=min(8, self.count_of(mount_raw) or _CHARIOT_STEEDS) if tt == "chariot"
                else 1,
            )
        crew = 1
        if tt in _CREWED:
            # the entries carrying the crew's and the steeds' profiles say how many
            # ("Tripulantes" min 2, "Corcel del Caos con barda" min 2, "Dotación" min 3)
            counted = self.count_of(crew_raw) if crew_raw is not None else 0
            low, high = (1, 6) if tt == "chariot" else (1, 10)
            default = _CHARIOT_CREW if tt == "chariot" else _WAR_MACHINE_CREW
            crew = min(high, max(low, counted or default))
            missing = [] if counted else [f"{default} crew"]
            if (tt == "chariot" and mount is not None and mount_raw is not None
                    and not self.count_of(mount_raw)):
                missing.append(f"{_CHARIOT_STEEDS} steeds")
            if missing:
                self.note(main.name, "approximated",
                          f"how many crew or steeds per {tt} is not in the data;"
                          f" {' and '.join(missing)} assumed")

        carrier = None
        if extra_raw is not None:
            carrier = next(n for n in self.sel.unit.walk()
                           if any(q is extra_raw for q in n.profiles))
            self.extra_nodes = {id(n) for n in carrier.walk()}

        self.troop_type = tt
        self.race = (race_from_tipo(self.army, main.values.get("Tipo") or "")
                     or race_from_name(self.army, self.name, tuple(self.rule_names())))
        self.mixed_front_rank(tt)
        equipment = self.equipment(tt, mount_raw)
        if self.folded_knight and equipment.armour == "none":
            equipment = self.folded_armour(main, equipment)
        self.option_rules = self.rules_of_options(roles | included_roles(self.sel))
        extra_crew = None
        if extra_raw is not None and carrier is not None:
            extra_crew = CrewProfile(
                **{c: self.characteristic(c, [extra_raw], "the crew")
                   for c in ("WS", "S", "I", "A")},
                count=min(6, max(1, self.count_of(extra_raw) or 1)),
                weapon=self.crew_weapon(carrier, "infantry" if self.handlers else tt),
                hatred=self.handlers_hatred(carrier) if self.handlers else (),
                handlers=bool(self.handlers),
            )
            beside = crew_raw.name if crew_raw else "the crew"
            if self.handlers:
                self.handlers_profile(main, extra_raw, extra_crew)
                profile = profile.replace(Ld=max(profile.Ld, self.characteristic(
                    "Ld", [extra_raw], "the handlers")))
            elif tt == "chariot":  # a chariot's crew have no wounds of their own: the chariot's
                self.note(extra_raw.name, "note", f"a second kind of crew: fights beside"
                          f" {beside} with its own profile and weapon ({extra_crew.weapon})")
            else:
                self.note(extra_raw.name, "approximated", f"a second kind of crew: fights"
                          f" beside {beside} with its own profile and weapon; its own T and W"
                          f" are not in the war machine's wounds")
        special, extra = self.rules()
        special += self.weapon_rules
        if "living_machine" in special:
            # "¡Está vivo!" (Cañón infernal): "En combate, el propio Cañón combate (así que los
            # Enanos se sitúan a su lado en vez de delante)": the machine's printed WS, S, I
            # and A as one more fighter beside the crew, with a hand weapon (it has no other)
            if tt != "war_machine" or extra_crew is not None:
                special = [f for f in special if f != "living_machine"]
                self.note("¡Está vivo!", "ignored", "a war machine fighting beside its crew;"
                          f" this unit is a {tt}" + (" with a second crew" if extra_crew
                                                    else ""))
            else:
                extra_crew = CrewProfile(
                    **{c: self.characteristic(c, [main], "the war machine")
                       for c in ("WS", "S", "I", "A")}, count=1)
                self.note(main.name, "note", f"the machine fights beside its crew ('¡Está"
                          f" vivo!'): WS{extra_crew.WS} S{extra_crew.S} I{extra_crew.I}"
                          f" A{extra_crew.A}, a hand weapon")
        if "daemonic_bsb" in special and not re.search(
                r"\bnurgle\b", normalize(main.values.get("Tipo") or "")):
            # "Bendición de Nurgle": "sólo a unidades de tipo Nurgle"
            special = [f for f in special if f != "daemonic_bsb"]
            self.note("Bendición de Nurgle", "ignored", "a daemonic battle standard for"
                      " units of type Nurgle only; this one is not")
        vomit = next((t for n, t in self.rule_texts().items()
                      if normalize(n) == "vomito putrefacto"), "")
        if ("putrid_vomit" in special and mount is not None and mount_raw is not None
                and normalize(mount_raw.name).startswith("jinete")
                and "solo los del jinete" in normalize(vomit)):
            # Demonios "Sapos de plaga con jinetes de plaga": the toad's profile carries the
            # model's T and W (the unit's), the rider's ("Jinete portador de plaga") is the
            # extra attacks (the steed's group); "solo los del Jinete, los Sapos atacarán de
            # la forma habitual": the vomit replaces those
            special.append("vomit_by_mount")
        champion = self.apply_champion_items(champion, special)
        if self.steed_dice is not None:
            mount = self.steed_random_attacks(extra, mount)
        self.random_attacks(extra)
        if self.random_move:
            extra["random_move"] = self.random_move
        if self.impale is not None:
            if mount is not None:
                mount = mount.replace(charge_bonus=self.impale[1])
            else:
                self.note(self.impale[0], "ignored", "a charge bonus of steeds the engine"
                          " does not model (no steed profile)")
        if self.charge_strength:
            # the beast with the rule: the model itself, or the steeds when it has some (the
            # garragors pulling a "Carro de garragor")
            if mount is not None:
                mount = mount.replace(charge_bonus=min(3, mount.charge_bonus + 1))
            else:
                special.append("strength_on_charge")
        for name, flags, poison in self.steed_rules:
            # the steeds' own rules (names.steed_rule): their blows only
            if mount is not None and mount_raw is not None:
                mount = mount.replace(special=(*mount.special, *flags),
                                      poisoned=poison or mount.poisoned)
            else:
                self.note(name, "ignored", "a rule of the steeds only, and no steed profile")
        if self.rider_magic and mount is not None and "magic_attacks" not in mount.special:
            mount = mount.replace(special=(*mount.special, "mundane_attacks"))
        if self.centaur is not None:
            special += self.centaur.special
        if self.wards:
            best = min([*self.wards, extra.get("ward_save") or 7])  # type: ignore[operator]
            extra["ward_save"] = best
        if self.weapon_impacts and not extra.get("impact_hits"):
            extra["impact_hits"] = self.weapon_impacts  # "Mayales de la ira"
        impact_strength = None
        if extra.get("impact_hits"):
            impact_strength = profile.S
            if tt == "chariot":
                impact_strength = self.characteristic("S", [main], "the chariot")
            elif "thunderous_charge" in special and mount is not None:
                # "Carga atronadora": the rhinox's charge, at its own S, as a chariot's impact
                # hits are at the chariot's S, not its crew's (6th "Impact Hits": "D6 hits
                # with its own Strength")
                impact_strength = mount.S
        printed_save, _ = parse_save(main.values.get("TSA"))
        override = self.save(tt, equipment, printed_save, compare_save)
        printed_us = _potencia(mount_raw) if tt == "cavalry" and mount_raw else _potencia(main)
        counted_us = _HANDLERS_US.match(normalize(main.values.get("Potencia") or ""))
        if monstrous:
            # RULES.md §2.3 has no row for it: the data's Potencia (Estrujasangre 3, the
            # Revientacráneos rider 3 with the Juggernaut's blank) is the unit strength
            printed_us = printed_us or _potencia(main)
            if printed_us is not None and printed_us != 2:
                extra["unit_strength_override"] = printed_us
            special.append("immune_to_killing_blow")
        elif counted_us is not None and extra_crew is not None and self.handlers:
            # "Potencia 6 + 1 por cada aprendiz vivo": the handlers are never attacked
            # while the monster lives ("Controlada"), so all of them live in every combat
            printed_us = int(counted_us.group(1)) + extra_crew.count
            extra["unit_strength_override"] = printed_us
            self.note("Potencia", "note", f"printed {main.values.get('Potencia')!r}: unit"
                      f" strength {printed_us} with its {extra_crew.count} handlers, who are"
                      f" never attacked while it lives")
        elif printed_us is not None and tt != "war_machine":
            # RULES.md §2.3 (MDNR and its BattleScribe data): a printed Potencia above the
            # troop type's counts what the type leaves out (a chariot's rider, a monster's
            # wounds beyond 10, a howdah); flyers are 1 ("Unit of flyers: 1"); a war machine
            # keeps the crew count (§2.3 Default)
            derived = rules.unit_strength_per_model(tt, profile.W, crew=crew)
            if printed_us > derived or (printed_us < derived and "flying" in special):
                extra["unit_strength_override"] = printed_us
                self.note("Potencia", "note", f"printed unit strength {printed_us} per model"
                          f" used (the troop type gives {derived}; RULES.md §2.3)")
        if is_dragon(main):
            special.append("dragon")  # names the model for "Hacha de Ulther" (dragon_bane)
        if is_wizard(main):
            special.append("wizard")  # names the model for Cigor's "Visión ultraterrena"
        elif champion is not None and champion_raw is not None and is_wizard(champion_raw):
            self.champion_special += ("wizard",)  # a wizard leader (Mullah Aklan'd, Hengus)
        command = self.command(roles | included_roles(self.sel))
        if self.front_weapon:
            extra["front_weapon"] = self.front_weapon
        members = self.members(tt, equipment, mount_raw, main, tuple(special))
        champion_armour, champion_shield = (self.champions_armour(equipment)
                                            if champion is not None else ("", None))
        try:
            unit = Unit(
                name=self.name, troop_type=tt, models=models, files=files, profile=profile,
                equipment=equipment, command=command, mount=mount, crew=crew,
                extra_crew=extra_crew,
                special=tuple(special), armour_save_override=override,
                points_per_model=points_per_model, champion_profile=champion,
                champion_weapon=self.champion_weapon if champion is not None else "",
                champion_armour=champion_armour, champion_shield=champion_shield,
                champion_special=tuple(f for f in self.champion_special if f not in special)
                if champion is not None else (),
                champion_ward=self.champion_ward if champion is not None else 0,
                champion_hatred=self.champion_hatred if champion is not None else (),
                champion_save_override=(self.champion_save_override if champion is not None
                                        else None),
                impact_strength=impact_strength, **extra, members=members,
                army=self.army, race=self.race,
                notes="imported from BattleScribe",
            )
        except OddsInputError as exc:
            raise OddsInputError(f"unit {self.name!r}: {exc}") from None
        if (unit.command.champion and unit.champion_save != unit.armour_save
                and unit.champion_save_override is None):
            ce = unit.champion_equipment
            self.note(champion_raw.name if champion_raw is not None else "champion", "note",
                      f"the champion's own gear ({ce.weapon}, {ce.armour} armour"
                      f"{', shield' if ce.shield else ''}) saves {unit.champion_save}+ in close"
                      f" combat, the unit {unit.armour_save}+: it fights as a body of its own")
        if self.scaly_skin:
            # gst "Piel escamosa": "una tirada de salvación por armadura innata": MDNR prints
            # it in the model's TSA (Cocatriz 4+ with no armour)
            if printed_save is not None and unit.armour_save_against(
                    in_close_combat=False) == printed_save:
                self.note(self.scaly_skin, "note", f"natural armour: in the printed save"
                          f" {printed_save}+ used")
            else:
                self.note(self.scaly_skin, "ignored", "natural armour not in the save used")
        for name, worn in self.worn:
            if unit.armour_save_against(in_close_combat=False) == worn:
                self.note(name, "note", f"armour of its own: in the printed save {worn}+ used")
            else:
                self.note(name, "ignored", f"armour save {worn}+ not the save used")
        if printed_us is not None and printed_us != unit.unit_strength_per_model:
            self.note("Potencia", "note",
                      f"printed unit strength {printed_us} per model, engine"
                      f" {unit.unit_strength_per_model} (RULES.md §2.3; engine wins)")
        return Built(unit, printed_save, printed_us)

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
        out = []
        taken = {id(n) for n in self.sel.taken}
        for raw, role, node in self.member_raws:
            per_letter = {"M": ([mount_raw] if mount_raw else []) + [raw, main]}
            profile = self.profile([raw, main], "the member", per_letter)
            weapons: list[tuple[str, str]] = []
            fields: dict[str, object] = {}
            for n in node.walk()[1:]:
                if id(n) not in taken or n.kind == "group":
                    continue
                key = self.equipment_key(n)
                if key is None:
                    if not n.rules and not n.children and not (
                            is_no_combat_effect(n.name) or _missile_only(n)):
                        self.note(n.name, "ignored", f"an option of {raw.name!r} not modelled"
                                  " by the engine")
                    continue
                for one in self.combined_keys(n, key):
                    if one in WEAPON_NAMES:
                        weapons.append((n.name, self.weapon(one, tt)))
                    elif ARMOUR_NAMES[one][0] in ("armour", "shield"):
                        fields[ARMOUR_NAMES[one][0]] = ARMOUR_NAMES[one][1]
            if not weapons and not fields:
                own = equipment
            else:
                weapon = self.one_weapon(weapons, f" for {raw.name!r}")
                if not rules.WEAPONS[weapon].usable_by(tt):
                    self.note(raw.name, "ignored", f"{weapon} cannot be used by {tt}; hand"
                              " weapon used")
                    weapon = "hand_weapon"
                own = Equipment(weapon=weapon, shield=bool(fields.get("shield", False)),
                                armour=str(fields.get("armour", "none")),
                                barding=equipment.barding)
            names = {normalize(n) for n, w in weapons if w == own.weapon}
            rules_of_own = {r for n in names for r in WEAPON_RULES.get(n, ())}
            member_special = None
            if set(self.weapon_only_rules) != rules_of_own:
                member_special = tuple(sorted(
                    {r for r in special if r not in self.weapon_only_rules} | rules_of_own))
            if ("wizard" in special) != is_wizard(raw):
                # a wizard member of a unit that is none (Mercenarios "Meargh", type
                # "Hechicera"), or the other way round
                member_special = tuple(sorted(
                    {r for r in (special if member_special is None else member_special)
                     if r != "wizard"} | ({"wizard"} if is_wizard(raw) else set())))
            lends = ("lends the unit its Ld as a joined character" if role == "character"
                     else "lends the unit no Ld (Regimientos de Renombre, 'Otros miembros con"
                     " nombre')")
            self.note(raw.name, "note", f"a named member ({role}): fights in the front rank as"
                      f" a character with its own profile and {own.weapon}, {lends}")
            out.append(Member(name=raw.name, role=role, profile=profile, equipment=own,
                              special=member_special))
        return tuple(out)

    def hooves(self, main: RawProfile, champion_raw: RawProfile | None, profile: Profile,
               champion: Profile | None) -> tuple[Profile, Profile | None, MountProfile]:
        """A centaur's hooves as a steed with the model's WS, S and I (see :func:`_centaur_of`).

        ``paren``: the steed has the attacks in parentheses (``"1(+1)"``); ``one``:
        one of the model's attacks (rank and file and champion) is the steed's.
        """
        assert self.centaur is not None
        if self.centaur.hooves == "paren":
            m = _PAREN_ATTACKS.match(main.values.get("A") or "")
            extra = int(m.group(2)) if m else 0
            if not m:
                self.note(f"{main.name} A", "approximated", "no attack in parentheses for the"
                          " hooves (Arrollar); 1 used")
                extra = 1
            if champion_raw is not None:
                c = _PAREN_ATTACKS.match(champion_raw.values.get("A") or "")
                if c and int(c.group(2)) != extra:
                    self.note(f"{champion_raw.name} A", "approximated", "the champion's hooves"
                              " differ from the rank and file's; theirs used")
        else:
            extra = 1
            profile = profile.replace(A=max(0, profile.A - 1))
            if champion is not None:
                champion = champion.replace(A=max(0, champion.A - 1))
        mount = MountProfile(WS=profile.WS, S=profile.S, I=profile.I, A=extra)
        return profile, champion, mount

    # ------------------------------------------------------------ equipment

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
                     if _MIXED_FRONT.search(normalize(t or ""))), "")
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
        fields: dict[str, object] = {}
        weapons: list[tuple[str, str]] = []
        front: list[tuple[str, str]] = []  # the front rank's weapons (mixed_front_rank())
        if mount_raw is not None and "barda" in normalize(mount_raw.name):
            fields["barding"] = True
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
            if key is None and any(_cc_save(t) for q in node.info_profiles
                                   for t in q.values.values()):
                self.cc_save.append(node.name)
                continue
            if key is None:
                ward = _ward_of(node)
                if ward:
                    self.wards.append(ward)
                    continue
                worn = _armour_save_of(node)
                if worn and tt in ("chariot", "monster", "war_machine"):
                    # armour of its own on a model whose save is the printed one (Condes
                    # Vampiro Morghast "Armadura de Ébano": "la miniatura tiene una Tirada de
                    # salvación por armadura de 4+"): checked against the save used in build()
                    self.worn.append((node.name, worn))
                    continue
                if node.rules:
                    continue
                if is_no_combat_effect(node.name) or _missile_only(node):
                    self.note(node.name, "no_combat_effect", "known; no effect in close combat")
                elif node.children and all(c.kind == "group" or c.children
                                           for c in node.children):
                    continue  # a container of other options
                else:
                    self.note(node.name, "ignored", "option not modelled by the engine")
                continue
            for one in self.combined_keys(node, key):
                if one in WEAPON_NAMES:
                    (front if id(node) in self.front_ids else weapons).append(
                        (node.name, self.weapon(one, tt)))
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
        weapon = self.one_weapon(weapons)
        if (weapon == "brace_of_pistols" and tt in rules.MOUNTED_TROOP_TYPES
                and "descarga cerrada" in map(normalize, self.rule_names())):
            # Imperio "Descarga cerrada" (Herreruelos): a brace on horseback
            # (odds.rules.WEAPONS["volley_of_pistols"])
            weapon = "volley_of_pistols"
        weapon = self.usable_weapon(weapon, weapons, tt)
        for n, w in weapons:  # the rules of the weapons the unit fights with (choppa...)
            if w == weapon:
                self.weapon_rules += WEAPON_RULES.get(normalize(n), ())
                self.weapon_only_rules += WEAPON_RULES.get(normalize(n), ())
                if normalize(n) in WEAPON_WARDS:
                    self.wards.append(WEAPON_WARDS[normalize(n)])
                self.weapon_impacts = WEAPON_IMPACTS.get(normalize(n), self.weapon_impacts)
        equipment = Equipment(weapon=weapon, **fields)  # type: ignore[arg-type]
        self.weapon_key = weapon
        if self.mixed_front:
            own = self.usable_weapon(self.one_weapon(front, " per rank"), front, tt)
            self.front_weapon = "" if own == weapon else own
        self.champion_weapon = self.champions_weapon(tt, equipment)
        return equipment

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

    def champions_weapon(self, tt: str, equipment: Equipment) -> str:
        """The champion's (leader's) own weapon when its entry lists one unlike the unit's.

        MDNR Regimientos de Renombre list the leader's gear under its entry (Compañía
        Alcatani: the pikemen's "Pica", Alcatani's "Dos armas de mano"); ``""`` when it
        lists none, or the unit's among its weapons (RULES.md §1.7: the whole unit makes
        the same choice).  The engine gives weapon rules (:data:`WEAPON_RULES`) to the
        whole unit, so a champion's weapon that has one is reported, and so is one that
        changes the champion's own save (a shield it cannot use with it).
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
        with_shield = re.search(r"escudo que seria (\d)\+", normalize(text))
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

    # ------------------------------------------------------------ rules

    def champion_carries(self, rule: str) -> bool:
        """Whether ``rule`` comes with an entry under the champion's (leader's) entry."""
        node = self.sel.command.get("champion")
        return node is not None and any(rule in n.rules for n in node.walk())

    def apply_champion_items(self, champion: Profile | None, special: list[str]
                             ) -> Profile | None:
        """The champion's profile and weapon with its :data:`CHAMPION_ITEMS`.

        An item the engine cannot apply (no champion, no rule it needs, a weapon the
        champion's troop type cannot carry) is reported.
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

    def command_ids(self) -> set[int]:
        """Ids of the command models' entries and everything under them."""
        return {id(x) for n in self.sel.command.values() for x in n.walk()}

    def rule_names(self) -> list[str]:
        """The rules of the unit entry and of everything taken, in order (repeats kept).

        A monster's handlers' own rules are theirs (:meth:`handlers_hatred`), not the unit's.
        """
        names: list[str] = list(self.sel.unit.rules)
        for node in self.sel.taken:
            if not (self.handlers and id(node) in self.extra_nodes):
                names += node.rules
        return names

    def handlers_hatred(self, carrier: Node) -> tuple[str, ...]:
        """The hatred of a monster's handlers, from the rules under their entry ``carrier``.

        Elfos Oscuros "Aprendiz": "Odio a los altos elfos" (:data:`NAMED_HATRED`): their own
        blows re-roll missed hits in the first round against High Elves; the monster's do
        not.  Any other rule of theirs is reported.
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

    def rule_texts(self) -> dict[str, str]:
        """Descriptions of the rules of :meth:`rule_names` (the unit entry's first)."""
        texts: dict[str, str] = dict(self.sel.unit.rule_texts)
        for node in self.sel.taken:
            for k, v in node.rule_texts.items():
                texts.setdefault(k, v)
        return texts

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

    def rules(self) -> tuple[list[str], dict[str, object]]:
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
            if key == "empalar" and re.search(r"f\+\d", normalize(texts.get(name, ""))):
                # "Empalar": Orcos y Goblins "F+2 en carga", on the boar's entry; Elfos
                # Oscuros "Los impactos del Pegaso Negro se resuelven con F+1 cuando carga"
                # (applied to the steeds in build(); without steeds it stays ignored)
                self.impale = (name, int(re.search(r"f\+(\d)",
                                                   normalize(texts[name])).group(1)))
                continue
            if key in ("carga arrolladora", "carga atronadora") and re.search(
                    r"\bf\+1 en (?:el turno en que )?carga", normalize(texts.get(name, ""))):
                # Condes Vampiro "Carga arrolladora": "F+1 en carga" (wolves); Bestias "Carga
                # atronadora": "El Garragor ... F+1 en el turno en que carga" (the model, or
                # the steeds pulling a chariot: applied in build())
                self.charge_strength = name
                continue
            if key in ARMOUR_NAMES and any(normalize(n.name) == key for n in self.sel.taken):
                continue  # the rule of a taken armour option ("Capa"): equipment() has it
            if key == "tunelador" and self.random_move and "huye y persigue" in normalize(
                    texts.get(name) or ""):
                # Monstruos Arcanos "Tunelador": "Como la regla especial 'volar' pero usando
                # el movimiento de la criatura (5D6cm) ... Ten en cuenta que huye y persigue
                # 5D6": movement, and the flee and pursuit dice of its random_move
                self.note(name, "note", f"moves like a flyer; flees and pursues"
                          f" {self.random_move.upper()} (its random move)")
                continue
            if self.not_chariot and name == self.not_chariot:
                # the troop type (build()); "no causa impactos por carga" (it has none), "no
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
                    self.worn.append((name, int(worn.group(1))))  # checked in build()
                continue
            if _JOINED in normalize(texts.get(name) or "") and any(
                    role == "character" and name in node.rules
                    for _, role, node in self.member_raws):
                # "Scarloc": the model it names is a member with the role character (members());
                # elsewhere (Reinos del Caos "Cuidador gor", the hounds' champion) it stays
                # reported
                self.note(name, "note", "a named model fighting as a character joined to the"
                          " unit for good (Unit.members, role 'character')")
                continue
            if "ya esta reflejado en sus reglas y perfil" in normalize(texts.get(name) or ""):
                # Regimientos de Renombre (Karnac) "Desoves": "El efecto de ambos desoves ya
                # está reflejado en sus reglas y perfil"
                self.note(name, "note", "its effects are the unit's own rules and profiles"
                          " (its text says so)")
                continue
            if key in LEADER_RULE_FLAGS:
                # Espadas de Manann "Juego sucio": the unit's rule, Edvard's blows and ward
                if self.sel.command.get("champion") is None:
                    self.note(name, "ignored", "the leader's rule, and the unit has no leader")
                else:
                    self.champion_special += LEADER_RULE_FLAGS[key]
                    self.note(name, "note", "the leader's rule: it fights as a body of its own"
                              " with it (Unit.champion_special)")
                continue
            if key in leader_only and "su unidad" not in normalize(texts.get(name) or ""):
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
                    continue
                if key in NAMED_HATRED or key.startswith("odio "):
                    self.note(name, "ignored", "hatred of the leader alone: not modelled")
                    continue
                ward = _LEADER_WARD.fullmatch(re.sub(r"\s+", " ", normalize(
                    texts.get(name) or "")).strip())
                if ward:
                    # "Talismán Colmillo de Oso": "Talismán. Beorg tiene una Tirada de
                    # salvación especial de 4+"; "Gema del Desierto": "Talismán que le
                    # proporciona una tirada de salvación especial de 6+"
                    self.champion_ward = min(int(ward.group(1)), self.champion_ward or 7)
                    self.note(name, "note", f"the leader's own ward save {ward.group(1)}+:"
                              " it fights as a body of its own")
                    continue
                if key in CHAMPION_RULES:
                    ward, flags = CHAMPION_RULES[key]
                    self.champion_ward = min(ward or 7, self.champion_ward or 7) % 7
                    self.champion_special += flags
                    self.note(name, "note", f"the leader's own rule: "
                              f"{f'ward {ward}+ and ' if ward else ''}"
                              f"{', '.join(flags) or 'nothing else'} in close combat (he"
                              f" fights as a body of his own)")
                    continue
                if key in RULE_FLAGS:
                    self.champion_special += RULE_FLAGS[key]
                    self.note(name, "note", "the leader's own rule: it fights as a body of its"
                              " own with it (Unit.champion_special)")
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
                if "caballeria voladora" in normalize(texts.get(name) or ""):
                    special.append("flying")
                else:
                    self.note(name, "note", "the troop type of Tipo (no text of its own)")
                continue
            if _cc_save(texts.get(name)):
                self.cc_save.append(name)  # applied to the save in build()
                continue
            if key == "medioorcos" and "pero no pielverde" in normalize(texts.get(name) or ""):
                # Regimientos de Renombre "Medioorcos": "son de tipo Orco y Humano, pero no
                # Pielverde ... (los Enanos no les odian, no tienen Animosidad, etc)": human,
                # the one race tag that no greenskin rule reaches (none names orcs alone)
                self.race = "human"
                self.note(name, "note", "race 'human': of type Orco and Humano, not a"
                          " greenskin")
                continue
            if key == "carro ligero" and "causa 1d3 impactos por carga" in normalize(
                    texts.get(name) or ""):
                # Reinos del Caos "Carro ligero": "se trata como un carro a todos los efectos,
                # salvo que causa 1D3 impactos por carga en vez de los habituales 1D6"
                extra["impact_hits"] = "d3"
                continue
            if key == "carga atronadora" and re.search(
                    r"cargan, persiguen o arrasan 18 ?cm o mas, cada miniatura causa 1d3"
                    r" impactos por carga", normalize(texts.get(name) or "")):
                # Mercenarios "Jinetes de rinobuey": "Si todas las miniaturas ... cargan,
                # persiguen o arrasan 18cm o más, cada miniatura causa 1D3 impactos por
                # carga" (the distance: model.thunderous_charge; the S: the steed's, in build())
                extra["impact_hits"] = "d3"
                special.append("thunderous_charge")
                self.note(name, "note", "1D3 impact hits per model only after a charge of 18 cm"
                          " or more: give the gap before the charge (CombatOptions.distance,"
                          " odds combat --distance; default 10 cm)")
                continue
            if key == "piel escamosa":
                self.scaly_skin = name  # checked against the save used in build()
                continue
            if key == "criatura artefacto" and "una herida menos por los chequeos de" \
                    " inestabilidad" in normalize(texts.get(name) or ""):
                # Reyes Funerarios, Condes Vampiro: "Sufren una herida menos por los chequeos
                # de Inestabilidad"; Reyes Funerarios also "Tirada de salvación por armadura
                # 5+": in the printed TSA (checked against the save used, as Piel escamosa)
                special.append("artefact_creature")
                if "salvacion por armadura 5+" in normalize(texts.get(name) or ""):
                    self.scaly_skin = self.scaly_skin or name
                continue
            if key == "no muertos" and "capitan. si" in normalize(texts.get(name) or ""):
                # Regimientos de Renombre (Compañía maldita de Kreugar, Legión de Pesadilla)
                # "No Muertos": immune to psychology, unstable, fear as the gst rule, and
                # "Capitán. Si Richter muere ... Al término de la fase en que el Capitán haya
                # sido eliminado y al comienzo de cada turno posterior ... deberá efectuar un
                # chequeo de liderazgo. Si no lo supera, sufrirá un número de heridas igual a la
                # diferencia": captain_bound (psychology.captains_fall)
                special += RULE_FLAGS[key]
                special.append("captain_bound")
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
                # the rider's and champion's; magic attacks kept off the steeds in build()
                special += rider
                if "magic_attacks" in rider:
                    self.rider_magic = True
                continue
            if key == "bestias de karond-kar" and "liderazgo de cualquier senor de las" \
                    " bestias a 30cm" in normalize(texts.get(name) or ""):
                # Elfos Oscuros: "La Manada de Gélidos puede usar el Liderazgo de cualquier
                # Señor de las Bestias a 30cm o menos": lent as a General's is (RULES.md §3.1,
                # within 30 cm), the side's general_ld; 2D6, not cold-blooded ("Sangre fría")
                self.note(name, "note", "a Beastmaster within 30 cm lends his Ld as a"
                          " General does: give it as the side's general_ld")
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
                self.steed_rules.append((name, *steed))  # applied to the mount in build()
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
                    in normalize(t or "") for t in texts.values()):
                # a mark with no text of its own on a unit that carries it (Mortales
                # "Siegacráneos de Khorne"); "Marcas del Caos": "Los efectos de otorgar una
                # marca ya están incluidos en las tropas y personajes (cuando llevan esa
                # marca ...)": its effects are the unit's own rules (Furia asesina...)
                self.note(name, "note", "a mark without text: its effects are in the unit's"
                          " own rules ('Marcas del Caos')")
                continue
            if key.startswith("marca de ") and texts.get(name):
                flags, unknown = mark_effects(texts[name])
                if unknown:
                    self.note(name, "ignored", f"mark effect not modelled: {unknown[0]!r}")
                else:
                    special += [f for f in flags if f != "poisoned"]
                    if "poisoned" in flags:
                        extra["poisoned"] = min(int(extra.get("poisoned") or 6), 6)
                continue
            panic = panic_immunity(name, texts.get(name, ""), self.race)
            if panic is not None:
                for field, tags in zip(("no_panic_from", "no_panic_against"), panic,
                                       strict=True):
                    extra[field] = sorted({*extra.get(field, ()), *tags})  # type: ignore
                continue
            flight = flight_panic(name, texts.get(name, ""))
            if flight is not None:
                extra[flight[0]] = list(flight[1])
                continue
            if is_panic_rule(name):
                self.note(name, "ignored", "panic in a combat (RULES.md §3.4) does not read"
                          " immunities or re-rolls; matters only with friends in the combat")
                continue
            if key.startswith("odio "):
                self.note(name, "ignored", "hatred of some enemies only: not modelled")
            elif is_no_combat_effect(name):
                self.note(name, "no_combat_effect", "known; no effect in close combat")
            else:
                self.note(name, "ignored",
                          UNMODELLED_REASONS.get(key, "rule not modelled by the engine"))
        return special, extra

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

    def steed_random_attacks(self, extra: dict[str, object],
                             mount: MountProfile | None) -> MountProfile | None:
        """The steeds' random attacks from the dice printed as their A (:attr:`steed_dice`).

        MDNR gst "Ataques aleatorios (X)" on the steeds' entry (Condes Vampiro "Horda de
        espíritus" A "1D6", with the rule "Ataques aleatorios (1D6)", pulling the "Trono del
        aquelarre" and the "Sagrario mortis"): the steeds' attacks are that roll, one roll per
        unit each round (:attr:`odds.units.MountProfile.random_attacks`).  Other dice than
        the rule's, dice printed for the unit's own models too, or no steeds fighting: the
        average, approximated, as before.
        """
        assert self.steed_dice is not None
        item, expr, note = self.steed_dice
        rolled = str(extra.get("random_attacks") or "")
        if (mount is None or self.dice_attacks or rolled not in ("", expr)
                or expr not in rules.RANDOM_ATTACKS):
            self.note(item, "approximated", note)
            return mount
        extra.pop("random_attacks", None)
        for name in self.rule_names():
            if (parametric_rule(name) or ("",))[0] == "random_attacks":
                self.note(name, "note", f"the steeds' random attacks: {expr.upper()}, rolled"
                          " once each combat round")
                break
        self.note(item, "note", f"the steeds' random attacks ({expr.upper()}): rolled each"
                  " round, not their average")
        return mount.replace(random_attacks=expr)

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

    # ------------------------------------------------------------ save, command

    def save(self, tt: str, equipment: Equipment, printed: int | None, compare: bool
             ) -> int | None:
        engine = rules.armour_save(tt, equipment.armour, equipment.shield, equipment.barding,
                                   equipment.weapon, in_close_combat=False)
        # "Pellejo duro": the steed gives its rider +2 instead of the usual cavalry +1
        thick = self.thick_skin and tt == "cavalry"
        if thick:
            engine = max(1, engine - 1)
        shown = "none" if printed is None else f"{printed}+"
        if self.cc_save and not thick and tt not in ("chariot", "monster", "war_machine"):
            # +1 in close combat on the equipment's save (a beast without a steed profile:
            # without the cavalry +1, RULES.md §1.5), as the cloak or hide's text says
            kind = "infantry" if self.riderless else tt
            base = rules.armour_save(kind, equipment.armour, equipment.shield,
                                     equipment.barding if kind == tt else False,
                                     equipment.weapon, in_close_combat=True)
            value = max(1, base - 1)
            self.note("TSA", "note", f"{', '.join(self.cc_save)}: 6+ or +1 to the armour save in"
                      f" close combat; {value}+ used there (printed {shown})")
            return value
        if self.centaur is not None and tt == "cavalry":
            # "no tienen TSA+1 por caballería, y usan las reglas de ... arma de mano y escudo
            # como si fueran infantería" (RULES.md §1.5: the parry applies to centaurs)
            foot = rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                     equipment.weapon, in_close_combat=False)
            if compare and (printed or 7) != foot:
                self.note("TSA", "note", f"printed save {shown}, engine"
                          f" {'none' if foot >= 7 else f'{foot}+'} from the equipment out of"
                          " close combat (a centaur: no cavalry +1; engine wins)")
            return rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                     equipment.weapon, in_close_combat=True)
        if tt in ("chariot", "monster", "war_machine") and printed is not None:
            self.note("TSA", "note", f"printed save {shown} used ({tt}: not from equipment)")
            return printed
        foot = rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                 equipment.weapon, in_close_combat=False)
        if self.riderless and not thick and (printed or 7) == foot != engine:
            # RULES.md §1.5: the cavalry +1 is the rider's on a steed; the printed save of a
            # cavalry beast without a steed profile is its equipment's alone (MDNR Elfos
            # Oscuros "Manada de gélidos" 6+ with "Piel escamosa" = light armour; hounds none)
            self.note("TSA", "note", f"printed save {shown} used (cavalry without a steed"
                      " profile: no cavalry +1)")
            return rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                     equipment.weapon, in_close_combat=True)
        if (printed is not None and printed < engine and equipment.armour == "none"
                and not equipment.shield):
            self.note("TSA", "note", f"printed save {shown} used (no armour: natural armour)")
            return printed
        if compare and (printed or 7) != engine:
            self.note("TSA", "note",
                      f"printed save {shown}, engine {'none' if engine >= 7 else f'{engine}+'}"
                      " from the equipment out of close combat (engine wins; RULES.md §1.5)")
        if thick:  # the engine's own rule for the save does not know the thick skin
            return max(1, rules.armour_save(tt, equipment.armour, equipment.shield,
                                            equipment.barding, equipment.weapon,
                                            in_close_combat=True) - 1)
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
               points_per_model: float, sink: Collector, compare_save: bool = True,
               army: str = "") -> Built:
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
    army : str
        The army tag of the catalogue (:func:`odds.armies.army_from_catalogue`).

    Returns
    -------
    Built
    """
    start = len(sink.items)
    built = _Builder(sel, name, sink, army).build(models=models, files=files, roles=roles,
                                                  points_per_model=points_per_model,
                                                  compare_save=compare_save)
    notes = tuple(dict.fromkeys(f"{i.kind}: {i.item}" for i in sink.items[start:]
                                if i.kind in ("ignored", "approximated")))
    if not notes:
        return built
    unit = dataclasses.replace(built.unit, import_notes=notes)
    return Built(unit, built.printed_save, built.printed_unit_strength)
