"""Printed profiles: what a ``Modelo`` profile is, and its characteristics read as numbers.

Predicates on a profile (its ``Tipo``, a steed's, a chariot's steeds', a champion's, a
wizard's, a dragon's) and the builder's reading of the unit's profiles: which one is
the rank and file and which the champion (:meth:`_Profiles.profiles`), and each
characteristic in the engine's range, its printed dice kept for the rules that roll them
(:meth:`_Profiles.characteristic`).
"""

from __future__ import annotations

import re

from odds.battlescribe.centaurs import _PAREN_ATTACKS
from odds.battlescribe.reading import _Reading
from odds.battlescribe.selection import plural_of
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import RawProfile
from odds.battlescribe.troop_type_names import APPROXIMATE_TROOP_TYPES, TROOP_TYPE_NAMES
from odds.battlescribe.values import MISSING_DEFAULTS, parse_characteristic
from odds.units import SPANISH_LETTERS, Profile
from odds.validation import OddsInputError

__all__ = ["is_dragon", "is_wizard"]

_DICE_VALUE = re.compile(r"^(\d?d[36](?:\+\d)?)$")  # a printed A such as "1D6+1"
_MOVE_DICE = re.compile(r"^[358]d6$")  # a printed M such as "5D6" (rules.RANDOM_MOVES)
_PLUS_ONE = re.compile(r"^\d\+1$")  # a printed A such as "4+1" (Sapodragón: with its tongue)

_ENGLISH_TO_SPANISH = {eng: esp for esp, eng in SPANISH_LETTERS.items()}
_RANGES = {"M": (0, 50), "T": (1, 10), "W": (1, 10), "Ld": (2, 10)}


def is_wizard(p: RawProfile) -> bool:
    """Whether a profile's ``Tipo`` names it a wizard ("..., Hechicero": *de tipo Hechicero*).

    MDNR prints the type of its wizards in some books ("Infantería, Humano, Caos, Hechicero";
    Mercenarios "Meargh": "gana el tipo de miniatura Hechicera"); a character of a book that
    does not is a wizard by its magic level (:mod:`odds.battlescribe.character`).
    """
    words = {w.strip(" .") for w in plain_text(p.values.get("Tipo") or "").split(",")}
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
    words = {w.strip(" .") for w in plain_text(p.values.get("Tipo") or "").split(",")}
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
    return no_body and (bonus or "jinete" in plain_text(p.values.get("Potencia") or ""))


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


def _potencia(p: RawProfile | None) -> int | None:
    return None if p is None else parse_characteristic(p.values.get("Potencia")).value


NEVER_FIGHTS = "no puede combatir bajo ninguna circunstancia"
"""A unit rule saying the model strikes no blow (mercenaries family: Skaven "Cañón de
disformidad" "Combate": "No puede combatir bajo ninguna circunstancia"): its blank WS, S and
A are exactly 0, and a war machine printed as one profile "(y dotación)" is its crew."""


class _Profiles(_Reading):
    """The unit's printed profiles: rank and file, champion, and their characteristics."""

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
        # mercenaries family: a profile printed on the unit entry itself, counted by an entry
        # without a profile named after it in the plural (Skaven "Garrapulta de plaga":
        # profile "Monje de plaga", entry "Monjes de plaga" min 3 max 3)
        if any(p is profile for p in self.sel.unit.profiles):
            for node in self.sel.unit.walk()[1:]:
                if not node.profiles and plural_of(node.name, profile.name):
                    return node.number if node.number > 1 else (node.low or 0)
        return 0

    def giant_table(self) -> bool:
        """Whether the unit fights with the giants' table the engine models.

        Its rule "Ataques del gigante" (:mod:`odds.special_rules.giants`), not the Giants of
        Albion's own (reported ignored by :func:`odds.battlescribe.rule_texts.no_effect_text`).
        """
        return any(normalize(n) == "ataques del gigante" and "la determinacion del tipo de"
                   " ataque se hace despues" not in plain_text(t or "")
                   for n, t in self.rule_texts().items())

    def titan_table(self) -> bool:
        """Whether the unit attacks by the Titán de Khemri's table ("Ataques especiales")."""
        return any(normalize(n) == "ataques especiales"
                   and "escarabajos comecarne" in plain_text(t or "")
                   for n, t in self.rule_texts().items())

    def never_fights(self) -> bool:
        """Whether a rule of the unit says it never fights (:data:`NEVER_FIGHTS`)."""
        return any(NEVER_FIGHTS in plain_text(t or "") for t in self.rule_texts().values())

    def characteristic(self, letter: str, chain: list[RawProfile], what: str) -> int:
        spanish = _ENGLISH_TO_SPANISH[letter]
        for p in chain:
            parsed = parse_characteristic(p.values.get(spanish))
            if parsed.value is not None:
                if (letter == "A" and self.centaur is not None and self.centaur.hooves == "paren"
                        and _PAREN_ATTACKS.match(p.values.get(spanish) or "")):
                    value = parsed.value  # the hooves' attack in parentheses: the mount's A
                    break
                dice = _DICE_VALUE.match(plain_text(p.values.get(spanish) or ""))
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
                        plain_text(p.values.get(spanish) or "")):
                    # a printed move roll (Reinos del Caos "Engendro del Caos" M "5D6", gst
                    # "Movimiento aleatorio (5D6)"): the unit's random_move; M keeps the mean
                    self.random_move = plain_text(p.values.get(spanish) or "").removeprefix("1")
                elif (letter == "A" and parsed.note and _PLUS_ONE.match(
                        plain_text(p.values.get(spanish) or ""))
                        and "ataque de lengua" in map(normalize, self.rule_names())):
                    # chaos family: Reinos del Caos (Sapodragón) A "4+1" and "Ataque de
                    # lengua": "Uno de los Ataques del Sapodragón tiene la regla Siempre Ataca
                    # Primero ... Fuerza 4": the '+1' is the tongue's attack (tongue_attack)
                    self.note(f"{p.name} {spanish}", "note",
                              f"printed {p.values.get(spanish)!r}: {parsed.value} attacks and"
                              " the tongue's ('Ataque de lengua')")
                elif parsed.note and letter == "BS":
                    # BS is never used in close combat (Condes Vampiro, Costa del Vampiro,
                    # "Artillero de Cubierta" HP "0*": the '*' is its shooting rule, "Pólvora")
                    self.note(f"{p.name} {spanish}", "note", f"{parsed.note} (BS: not used in"
                              " close combat)")
                elif parsed.note:
                    self.note(f"{p.name} {spanish}", "approximated", parsed.note)
                value = parsed.value
                break
        else:
            value = MISSING_DEFAULTS[letter]
            # BS is never used in close combat: a missing one changes nothing there; nor are
            # the blank WS, S and A of a model that never fights (never_fights())
            star = (chain[0].values.get(spanish) or "").strip() == "*"
            if star and letter == "A" and self.giant_table():
                # giants family: "Ataques del gigante": the table replaces its attacks
                self.note(f"{chain[0].name} {spanish}", "note", "printed '*': the giant's"
                          " attacks are its table ('Ataques del gigante'), one roll a round")
                return 1  # one strike step a round: odds.special_rules.giants
            if star and letter == "A" and self.titan_table():
                # giants family: Reyes Funerarios "Ataques especiales": the Titán's table
                self.note(f"{chain[0].name} {spanish}", "note", "printed '*': the Titán's"
                          " attacks are its table ('Ataques especiales'), one roll a round")
                return 1  # one strike step a round: odds.special_rules.giants
            if star and letter == "A" and "torbellino de muerte" in map(
                    normalize, self.rule_names()):
                # Enanos "Torbellino de muerte": "Estas miniaturas no atacan normalmente"
                self.note(f"{chain[0].name} {spanish}", "note", "printed '*': no blows of"
                          " their own, their 'Torbellino de muerte' hits instead")
                return 0
            exact = letter == "BS" or (letter in ("WS", "S", "A") and value == 0
                                       and self.never_fights())
            self.note(f"{chain[0].name} {spanish}", "note" if exact else "approximated",
                      f"printed '*' (set by the unit's own rules or table, not a number);"
                      f" {value} used" if star else f"{what} has no {spanish}; {value} used"
                      + (" (it never fights)" if exact and letter != "BS" else ""))
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
