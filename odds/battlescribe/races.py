"""Race and army tags of a unit entry (:data:`odds.armies.TAGS`), from its ``Tipo`` or name.

``""`` is the army's usual race; a black orc, goblin, troll... of another army's book is
its own race (:func:`race_from_tipo`, :func:`race_from_name`), and a few entries are of
another army than their catalogue's (:func:`entry_army`).
"""

from __future__ import annotations

import re

from odds.armies import ARMY_RACE as _ARMY_RACE
from odds.battlescribe.spelling import normalize

__all__ = [
    "ENTRY_ARMIES",
    "entry_army",
    "race_from_name",
    "race_from_tipo",
]


ENTRY_ARMIES: tuple[tuple[str, str], ...] = (
    # Regimientos de Renombre "Odio a Arabia": "Regimientos de Renombre de Arabia, como los
    # Perros del Desierto de Al Muktar y al Comando Mortal de Mullah Aklan'd"
    (normalize("Perros del Desierto de Al Muktar"), "arabia"),
    (normalize("Comando Mortal de Mullah Aklan'd"), "arabia"),
)
"""Unit entries (normalized name prefixes) whose army is not their catalogue's, as the data
says: the army tag their enemies' hatred refers to (:func:`entry_army`)."""


def entry_army(entry: str, army: str) -> str:
    """The army tag of a unit entry named ``entry`` in a catalogue of army ``army``."""
    key = normalize(entry).replace("’", "'")
    return next((tag for prefix, tag in ENTRY_ARMIES if key.startswith(prefix)), army)


_RACE_WORDS: tuple[tuple[str, str], ...] = (
    ("troll", "troll"), ("orco", "orc"), ("goblin", "goblin"),
    ("hobgoblin", "hobgoblin"), ("snotling", "snotling"), ("gnoblar", "greenskin"),
    ("pielverde", "greenskin"), ("pielesverdes", "greenskin"), ("ogro", "ogre"),
)
# names whose greenskins are not named by a race word: Orcos y Goblins' boar riders are
# orcs ("Jinetez de jabalí"), black orcs are not orcs for the panic rules (RACE_PARENT)
_RACE_PHRASES: tuple[tuple[str, str], ...] = (
    ("orcos negros", "black_orc"), ("orco negro", "black_orc"), ("jabali", "orc"),
    # skavenogres family: the hobgoblin wolf riders of Contingente Aliado: Hobgoblins and
    # Enanos del Caos ("Jinete de las estepas", Tipo "Caballería"); Contingente Aliado:
    # Nippon's Samurai (Nippon "Campesinos": "unidades de tipo Samurai")
    ("jinetes de las estepas", "hobgoblin"), ("samurai", "samurai"),
    # mercenaries family: Skaven "Esclavos skaven" (Skaven "Prescindibles": "inmunes a pánico
    # causadas por esclavos, excepto otros esclavos"), a kind of skaven (armies.RACE_PARENT)
    ("esclavos skaven", "slave"),
    # Bretonia Partida de Caza "Perros de Caza" (Tipo "Caballería, Animal": no human), whose
    # rule "Perros de caza" names "unidades de perros de caza"
    ("perros de caza", "hound"),
)
_RACE_RULES: tuple[tuple[str, str], ...] = (
    # Orcos y Goblins "Miedo a los orejotaz": "las unidades de tipo Goblin tienen Miedo de
    # las unidades de tipo Elfo" (wolf and spider riders, Troglagobs carry it)
    ("miedo a los orejotaz", "goblin"),
)


_TIPO_RACES: tuple[tuple[str, str], ...] = (
    # a vampire is undead too (armies.RACE_PARENT), named first
    ("demonio", "daemon"), ("vampiro", "vampire"), ("no muerto", "undead"),
    ("espiritu del bosque", "forest_spirit"),
    # kinds of greenskin before "Pielverde" (Regimientos de Renombre "Krujemadrez":
    # "Infantería, Orco negro, Pielverde.")
    ("orco negro", "black_orc"), ("orco", "orc"), ("goblin", "goblin"),
    ("hobgoblin", "hobgoblin"), ("snotling", "snotling"), ("pielverde", "greenskin"),
    ("enano", "dwarf"), ("elfo", "elf"), ("alto elfo", "elf"), ("ogro", "ogre"),
    # Bretonia "Humano, Campesino": a kind of human (armies.RACE_PARENT), named first
    ("troll", "troll"), ("campesino", "peasant"), ("humano", "human"), ("skaven", "skaven"),
    ("lagarto", "lizardman"), ("bestia", "beast"),
)


def race_from_tipo(army: str, tipo: str) -> str:
    """The race named among a profile's ``Tipo`` words (``"Infantería, Demonio, Caos"``).

    ``""`` when none is named or it is the army's usual race.  The first
    match in :data:`_TIPO_RACES` order wins (a daemon beast is a daemon).
    """
    words = {w.strip(" .") for w in normalize(tipo).split(",")[1:]}
    for word, race in _TIPO_RACES:
        if word in words:
            return "" if race == _ARMY_RACE.get(army) else race
    return ""


def race_from_name(army: str, name: str, rules: tuple[str, ...] = ()) -> str:
    """The race of a unit entry named ``name`` in the catalogue of ``army`` (``""`` = the army's).

    A black orc or boar-rider phrase in the name wins (:data:`_RACE_PHRASES`),
    then a word of the name starting with a race word (``"Trolls"`` in Orcos y
    Goblins are trolls, not greenskins; ``"Hobgoblins"`` in Enanos del Caos
    are hobgoblins, greenskins as MDNR *Agravio ancestral* says); ``"Matatrolls"``
    are dwarfs.  Then a rule only one race carries (``rules``, the unit's rule
    names: "Miedo a los orejotaz" is the goblins').  Otherwise the army's usual
    race applies.
    """
    plain = re.sub(r"\([^)]*\)", " ", normalize(name))  # not "(... Orcos y Goblins ...)"
    for phrase, race in _RACE_PHRASES:
        if phrase in plain:
            return race
    for word in plain.split():
        for start, race in _RACE_WORDS:
            if word.startswith(start):
                return "" if race == _ARMY_RACE.get(army) else race
    keys = {normalize(r) for r in rules}
    for rule, race in _RACE_RULES:
        if rule in keys:
            return race
    return ""
