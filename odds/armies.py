"""Army books and races: the tags that hatred of a named enemy refers to.

A unit carries the tag of its army book (``army``, e.g. ``"dwarfs"``) and of
its race (``race``, e.g. ``"dwarf"``; empty = the army's usual race, see
:data:`ARMY_RACE`).  Hatred of a named enemy (``hatred = ["greenskin"]``)
lists army or race tags: a unit hates an enemy unit whose army or race is in
the list.  Army books hate by race as often as by book (MDNR *Agravio
ancestral*: "Los Enanos tienen Odio a todas las miniaturas de tipo
Pielverde", orcs and goblins, the gnoblars of the ogre kingdoms and the
hobgoblins of the chaos dwarfs alike), hence the two kinds of tag.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["ARMIES", "ARMY_RACE", "KINDS", "KIND_ARMIES", "RACES", "RACE_PARENT", "TAGS",
           "army_from_catalogue", "race_of", "race_tags"]

ARMIES: Mapping[str, str] = MappingProxyType({
    # no MDNR book in the data: the Regimientos de Renombre "de Arabia" (Perros del Desierto
    # de Al Muktar, Comando Mortal de Mullah Aklan'd) and the enemy of "Odio a Arabia"
    "arabia": "Arabia",
    "beasts_of_chaos": "Reinos del Caos: Bestias",
    "bretonnia": "Bretonia",
    "chaos_dwarfs": "Enanos del Caos",
    "daemons_of_chaos": "Reinos del Caos: Demonios",
    "dark_elves": "Elfos Oscuros",
    "dogs_of_war": "Mercenarios",
    "dwarfs": "Enanos",
    "empire": "Imperio",
    "high_elves": "Altos Elfos",
    "lizardmen": "Hombres Lagarto",
    "monsters": "Monstruos Arcanos",
    "ogre_kingdoms": "Reinos Ogros",
    "orcs_and_goblins": "Orcos y Goblins",
    "regiments_of_renown": "Regimientos de Renombre",
    "skaven": "Skaven",
    "tomb_kings": "Reyes Funerarios",
    "vampire_counts": "Condes Vampiro",
    "warriors_of_chaos": "Reinos del Caos: Mortales",
    "wood_elves": "Elfos Silvanos",
})
"""Army tag → the MDNR army book (catalogue) name."""

RACES: tuple[str, ...] = (
    "beast", "daemon", "dwarf", "elf", "greenskin", "human", "lizardman", "ogre", "skaven",
    "troll", "undead", "black_orc", "goblin", "hobgoblin", "orc", "snotling", "vampire",
    "forest_spirit", "peasant",
    "samurai",  # skavenogres family
    "slave",  # mercenaries family
    "hound",
)
"""Race tags (the MDNR catalogues' *miniaturas de tipo ...*).

``forest_spirit``: *Espíritu del Bosque* (MDNR Regimientos de Renombre "Resistencia elevada a
lo sobrenatural" names them beside daemons and undead).  ``peasant``: Bretonia's *Campesino*
(``Tipo`` "Infantería, Humano, Campesino"), a kind of ``human`` (:data:`RACE_PARENT`) whose
panic the knights' "Voto del caballero" ignores.  ``samurai``: Contingente Aliado: Nippon's
Samurai (by their name), a kind of ``human`` whose panic the Ashigaru's "Campesinos" never
cause ("No provocan pánico en unidades de tipo Samurai").  ``slave``: Skaven's "Esclavos
skaven" (by their name), a kind of ``skaven`` whose panic other skaven units ignore, but not
other slaves (Skaven "Prescindibles": "excepto otros esclavos").  ``hound``: Bretonia Partida de
Caza's "Perros de Caza" (by their name; ``Tipo`` "Caballería, Animal", no human), the only
units whose panic the hounds' own breaking causes (Bretonia "Perros de caza")."""

RACE_PARENT: Mapping[str, str] = MappingProxyType({
    "black_orc": "greenskin", "goblin": "greenskin", "hobgoblin": "greenskin",
    "orc": "greenskin", "snotling": "greenskin", "vampire": "undead", "peasant": "human",
    "samurai": "human",
    "slave": "skaven",  # mercenaries family
})
"""Kinds of greenskin the panic rules tell apart → the race they belong to.

MDNR Orcos y Goblins "Inmune al pánico de Snotlings y Goblins amigos" and Enanos
del Caos "Desprecio" ("Los Hobgoblin son inmunes al pánico causado por Goblins")
name them; a unit of one of them is also ``greenskin`` (hated by *Agravio
ancestral*).  Black orcs are not ``orc``: wherever MDNR speaks of orcs it says
"exceptuando Orcos Negros" or names them apart.  A ``vampire`` (Condes Vampiro ``Tipo``
"..., No Muerto, Vampiro") is also ``undead``: MDNR Regimientos de Renombre "¿Y si es él?"
names "miniaturas de tipo Vampiro" apart from the other undead.  A ``peasant`` (Bretonia
``Tipo`` "..., Humano, Campesino") is also ``human``: Bretonia "Voto del caballero" names
"unidades de tipo Campesino" apart from the knights."""

ARMY_RACE: Mapping[str, str] = MappingProxyType({
    "arabia": "human",
    "beasts_of_chaos": "beast",
    "bretonnia": "human",
    "chaos_dwarfs": "dwarf",
    "daemons_of_chaos": "daemon",
    "dark_elves": "elf",
    "dogs_of_war": "human",
    "dwarfs": "dwarf",
    "empire": "human",
    "high_elves": "elf",
    "lizardmen": "lizardman",
    "ogre_kingdoms": "ogre",
    "orcs_and_goblins": "greenskin",
    "skaven": "skaven",
    "tomb_kings": "undead",
    "vampire_counts": "undead",
    "warriors_of_chaos": "human",
    "wood_elves": "elf",
})
"""The usual race of an army's models (armies of mixed races have none)."""

KINDS: tuple[str, ...] = ("chaos",)
"""Kind tags a model carries beside its race: ``chaos``, a model *de tipo Caos* (its ``Tipo``
names "Caos" whatever its race and army book: the ``chaos`` special rule; every model of a
Reinos del Caos army, :data:`KIND_ARMIES`; :attr:`odds.units.Unit.damage_tags`)."""

KIND_ARMIES: Mapping[str, frozenset[str]] = MappingProxyType({
    "chaos": frozenset({"beasts_of_chaos", "daemons_of_chaos", "warriors_of_chaos"}),
})
"""Kind tag → the armies all of whose models carry it: the Reinos del Caos books print "Caos"
in the ``Tipo`` of their models (a unit given by hand, without a ``Tipo``, is of its army's
kind)."""

TAGS: tuple[str, ...] = (*sorted(ARMIES), *RACES, *KINDS)
"""Every tag a hatred list may name."""


def race_of(army: str, race: str = "") -> str:
    """A unit's race: its own ``race`` if given, else its army's usual one (``""`` if none)."""
    return race or ARMY_RACE.get(army, "")


def race_tags(army: str, race: str = "") -> frozenset[str]:
    """A unit's race tags: its race (:func:`race_of`) and the race that contains it."""
    r = race_of(army, race)
    return frozenset(t for t in (r, RACE_PARENT.get(r, "")) if t)


def army_from_catalogue(name: str) -> str:
    """The army tag of a catalogue named ``name`` (``"MDNR Enanos"`` → ``"dwarfs"``), or ``""``.

    The longest army-book name contained in the catalogue name wins
    (``"Enanos del Caos"`` before ``"Enanos"``); comparison ignores case,
    accents and punctuation.
    """
    def key(text: str) -> str:
        plain = unicodedata.normalize("NFKD", text)
        plain = "".join(c for c in plain if not unicodedata.combining(c)).lower()
        return " ".join(plain.replace(":", " ").split())

    target = key(name)
    best = ""
    for tag, book in ARMIES.items():
        k = key(book)
        if k in target and len(k) > len(key(ARMIES.get(best, ""))):
            best = tag
    return best
