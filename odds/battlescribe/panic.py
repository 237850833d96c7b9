"""Panic: partial immunities to panic, and whom a unit's flight panics (RULES.md §3.4).

Partial immunities to panic (``Inmune al pánico de Snotlings y Goblins
amigos``, ``Desprecio``, ``Estoicos``...) are the unit's ``no_panic_from``
(friends' tags or troop types) and ``no_panic_against`` (enemy tags), read
from each catalogue's own text (:func:`panic_immunity`); the kinds of
greenskin they name (goblin, orc, black orc...) are race tags from ``Tipo``
or the name (:func:`~odds.battlescribe.races.race_from_tipo`,
:func:`~odds.battlescribe.races.race_from_name`).
"""

from __future__ import annotations

from types import MappingProxyType

from odds.battlescribe.spelling import name_table, normalize, plain_text

__all__ = [
    "PANIC_PREFIXES",
    "PANIC_RULES",
    "flight_panic",
    "is_panic_rule",
    "panic_immunity",
    "panic_source",
]


_GREENSKIN_KINDS = ("goblin", "hobgoblin", "orc", "snotling")


def _desprecio(text: str, race: str) -> tuple[str, ...] | None:
    """Friends whose panic a unit with *Desprecio* ignores, by the text of its catalogue."""
    if "los hobgoblin son inmunes al panico causado por goblins" in text:
        # Enanos del Caos: "Los Hobgoblin son inmunes al pánico causado por Goblins. Los
        # Orcos ... por Goblins y Hobgoblins. Los Orcos Negros y las unidades que no sean de
        # tipo Pielverde (como los Enanos) son inmunes al pánico causado por unidades de tipo
        # Pielverde." (goblins and snotlings: nothing)
        if race == "hobgoblin":
            return ("goblin",)
        if race == "orc":
            return ("goblin", "hobgoblin")
        if race in ("goblin", "snotling", "greenskin"):
            return ()
        return ("greenskin",)
    if "ignoran el panico provocado por goblins" in text:
        return ("goblin",)  # Regimientos de Renombre (Harboth)
    if "que no sean orcos negros no causan panico a los krujemadrez" in text:
        # Regimientos de Renombre: "Las unidades de tipo Pielverde que no sean Orcos Negros
        # no causan pánico a los Krujemadrez" (a greenskin friend of no known kind still
        # causes it: "greenskin" would take in the black orcs)
        return _GREENSKIN_KINDS
    return None  # who the unit's flight panics (a rule of the source): not modelled


_PANIC_FROM: MappingProxyType = name_table({
    # Orcos y Goblins: "inmunes al pánico provocado por unidades amigas de tipo Goblin o
    # Snotling"
    "Inmune al pánico de Snotlings y Goblins amigos": ("goblin", "snotling"),
    # Orcos y Goblins: "inmunes al pánico provocado por unidades amigas de tipo Snotling,
    # Goblin u Orco (exceptuando Orcos Negros)"
    "Inmune al pánico de Snotlings, Goblins y Orcos amigos": ("goblin", "orc", "snotling"),
    # Regimientos de Renombre (Ruglud): "Las unidades amigas de tipo Pielverde no causan
    # pánico en los Orcos Akorazados de Ruglud"
    "Ignoran pánico de pielesverdes": ("greenskin",),
    # Mercenarios, Reinos del Caos: "Los gigantes son inmunes al pánico provocado por
    # unidades de infantería, bestias de guerra o caballería" (war beasts are imported as
    # infantry or cavalry)
    "Inmune a pánico de pequeñajos": ("cavalry", "infantry"),
    # giants family: Reinos Ogros (Gigante sometido) "Ignora el pánico de los pequeñajos": "Es
    # inmune al pánico provocado por unidades de tipo Infantería, Caballería o Enjambre. (Los
    # carros, monstruos e infantería monstruosa le siguen causando pánico)"
    "Ignora el pánico de los pequeñajos": ("cavalry", "infantry", "swarm"),
    # giants family: Enanos del Caos (Gigante de asedio) "Grandote": "Es Inmune a pánico
    # causado por cualquier miniatura amiga que no sea Objetivo Grande" (large targets taken
    # to be the monsters; chariots, war machines and monstrous infantry are not)
    "Grandote": ("cavalry", "chariot", "infantry", "monstrous_infantry", "swarm",
                 "war_machine"),
})


def panic_immunity(name: str, text: str, race: str
                   ) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """A partial immunity to panic as the unit's catalogue words it (RULES.md §3.4).

    Parameters
    ----------
    name, text : str
        The rule's name and its description in the catalogue.
    race : str
        The unit's race tag (``""``: its army's), for rules that depend on it.

    Returns
    -------
    (no_panic_from, no_panic_against) or None
        Tags for :attr:`odds.units.Unit.no_panic_from` (friends, or their troop
        types, whose breaking causes the unit no panic) and
        :attr:`~odds.units.Unit.no_panic_against` (no panic test while every
        enemy carries one); None when the rule is not one of these (or a
        version of it that is not understood).
    """
    key, plain = normalize(name), plain_text(text)
    if key in _PANIC_FROM:
        return _PANIC_FROM[key], ()
    if key == "desprecio":
        found = _desprecio(plain, race)
        return None if found is None else (found, ())
    if key == normalize("El tamaño zi importa") \
            and "los goblins son inmunes al panico causado por snotlings" in plain:
        # skavenogres family: Orcos y Goblins "El tamaño zi importa": "Los Goblins son inmunes
        # al pánico causado por Snotlings. Los Orcos ... por Goblins y Snotlings. Los Orcos
        # Negros y las unidades que no sean de tipo Pielverde (como el Gigante o los Trolls)
        # son inmunes al pánico causado por unidades de tipo Pielverde" (a greenskin of no
        # known kind: not understood)
        kinds = {"goblin": ("snotling",), "orc": ("goblin", "snotling"), "snotling": (),
                 "hobgoblin": (), "greenskin": None, "": None}
        found = kinds.get(race, ("greenskin",))
        return None if found is None else (found, ())
    if key in ("estoicos", "estoico") and "luchan contra elfos oscuros" in plain:
        # Altos Elfos "Estoicos": "cuando luchan contra un ejército de MDNR: Elfos Oscuros
        # ... nunca deberán hacer chequeos de Pánico de ninguna clase"; Regimientos de
        # Renombre (Elwing) "Estoico": "Son inmunes al pánico cuando luchan contra Elfos
        # Oscuros"
        return (), ("dark_elves",)
    if key == "voto del caballero" and "inmune al panico provocado por unidades de tipo" \
            " campesino" in plain:
        # Bretonia "Voto del caballero": "La unidad es inmune al pánico provocado por
        # unidades de tipo Campesino (cuando huyen, etc.)": a peasant friend breaking, fleeing
        # or destroyed causes it no panic (RULES.md §3.4)
        return ("peasant",), ()
    if key == "estoico" and "asarnil es inmune a panico provocado por miniaturas de tipo" \
            " elfo oscuro" in plain and "alguna de ellas no es de tipo elfo oscuro" in plain:
        # Regimientos de Renombre (Asarnil) "Estoico": "Asarnil es inmune a pánico provocado
        # por miniaturas de tipo Elfo Oscuro. Si el chequeo de pánico debiera hacerse por
        # varias fuentes y alguna de ellas no es de tipo Elfo Oscuro, la unidad no es Inmune
        # a pánico": a panic test of a combat (a friend broken or destroyed, RULES.md §3.4)
        # is caused by the enemies that beat it; immune only while every enemy is a Dark Elf
        return (), ("dark_elves",)
    return None


_FLIGHT_PANIC: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # Regimientos de Renombre (Throg): "Los Hobgoblins que huyen sólo causan pánico en
    # unidades de Hobgoblin y Goblin"
    ("los hobgoblins que huyen solo causan panico en unidades de hobgoblin y goblin",
     "flight_panics_only", ("goblin", "hobgoblin")),
    # Regimientos de Renombre (Oglah Khan): "Los Hobgoblins que huyen no causan pánico en
    # Orcos ni Orcos Negros" (black orcs are not orcs for the panic rules: both named)
    ("los hobgoblins que huyen no causan panico en orcos ni orcos negros",
     "flight_panics_not", ("black_orc", "orc")),
)


def flight_panic(name: str, text: str) -> tuple[str, tuple[str, ...]] | None:
    """Who a unit's flight panics, as its catalogue's *Desprecio* words it (RULES.md §3.4).

    Returns
    -------
    (field, tags) or None
        :attr:`odds.units.Unit.flight_panics_only` or
        :attr:`~odds.units.Unit.flight_panics_not` and its tags; None when the rule is
        not one of these.
    """
    if normalize(name) != "desprecio":
        return None
    plain = plain_text(text)
    for phrase, field, tags in _FLIGHT_PANIC:
        if phrase in plain:
            return field, tags
    return None


def panic_source(name: str, text: str, entry: str
                 ) -> tuple[str, tuple[str, ...], str, tuple[str, ...]] | None:
    """Whom a unit breaking, fleeing or destroyed panics, as its own rule words it (RULES.md §3.4).

    The rules of the skavenogres family.  Contingente Aliado: Hobgoblins "Desprecio": "Las
    unidades de tipo Hobgoblin sólo causan pánico a otras unidades de tipo Hogboblin o de
    tipo Goblin"; Skaven "Prescindibles": "Todas las unidades skaven son inmunes a pánico
    causadas por Hordas de Ratas. Todas las unidades skaven son inmunes a pánico causadas
    por esclavos, excepto otros esclavos" (of the unit ``entry`` carrying it: a "Horda de
    ratas" or the "Esclavos skaven"); Contingente Aliado: Nippon "Campesinos": "No provocan
    pánico en unidades de tipo Samurai".

    Returns
    -------
    (field, tags, approximation, still) or None
        :attr:`odds.units.Unit.panics_only` or :attr:`~odds.units.Unit.panics_not`, its
        tags, what is left out (``""``: nothing) and the tags of
        :attr:`~odds.units.Unit.panics_still` (the slaves' other slave units); None when the
        rule is not one of these.
    """
    key, plain, unit = normalize(name), plain_text(text), normalize(entry)
    if key == "desprecio" and "las unidades de tipo hobgoblin solo causan panico a otras" \
            " unidades de tipo" in plain:
        return "panics_only", ("goblin", "hobgoblin"), "", ()
    if key == "prescindibles" and "inmunes a panico causadas por hordas de ratas" in plain:
        if unit.startswith("horda de ratas"):
            return "panics_not", ("skaven",), "", ()
        if unit.startswith("esclavos") and "excepto otros esclavos" in plain:
            # mercenaries family: the other slave units ("slave", races) still panic
            return "panics_not", ("skaven",), "", ("slave",)
    if key == "campesinos" and "no provocan panico en unidades de tipo samurai" in plain:
        return "panics_not", ("samurai",), "", ()
    return None


PANIC_RULES: frozenset[str] = frozenset(map(normalize, [
    "Inmune a pánico de pequeñajos",
    "Estoicos", "Estoico", "Desprecio",
]))
PANIC_PREFIXES: tuple[str, ...] = tuple(map(normalize, ["Inmune al pánico de",
                                                        "Inmune a pánico de"]))
"""Partial immunities to panic and panic re-rolls (full immunity is the ``immune_to_panic``
rule).  Panic tests in a combat (RULES.md §3.4, when a friend in the combat breaks or is
destroyed) can make a unit flee.  Those :func:`panic_immunity` understands become the unit's
``no_panic_from``/``no_panic_against``; the others (rules of the panic's source such as Throg's
*Desprecio*) are reported as ``ignored`` (they matter only with friends in the combat); the
re-roll of *Viejos cascarrabias* is the ``old_grumblers`` rule
(:data:`~odds.battlescribe.rule_names.RULE_FLAGS`)."""


def is_panic_rule(name: str) -> bool:
    """Whether a rule is an immunity to panic or a panic re-roll (:data:`PANIC_RULES`)."""
    key = normalize(name)
    return key in PANIC_RULES or key.startswith(PANIC_PREFIXES)
