"""MDNR special-rule names → the engine's special rules (:data:`odds.units.SPECIAL_RULES`).

Rules read by their name: :data:`RULE_FLAGS`, hatred of named enemies
(:data:`NAMED_HATRED`), rules with a value (:func:`parametric_rule`) and rules of the
steeds or the riders only (:func:`steed_rule`, :func:`rider_rule`).  Rules recognised by
their text are in :mod:`odds.battlescribe.rule_texts`, panic in
:mod:`odds.battlescribe.panic`, a champion's in :mod:`odds.battlescribe.champion_names`.

Decisions
---------
* Hatred of named enemies (``Agravio ancestral``, ``Odio a enanos``...) is
  the unit's ``hatred`` list of army or race tags (:data:`NAMED_HATRED`).
* ``No muertos`` gives the three flags the built-in undead carry: immune to
  psychology, fear and unstable.
* ``Regeneración`` without a roll is 4+; ``Ataques envenenados`` without a
  roll is 6+.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from odds.battlescribe.spelling import name_table, normalize, plain_text
from odds.special_rules import battlescribe_flags

__all__ = [
    "NAMED_HATRED",
    "RULE_FLAGS",
    "parametric_rule",
    "rider_rule",
    "steed_rule",
]


RULE_FLAGS: MappingProxyType = name_table({
    # the rules with a spec: their BattleScribe names (odds.special_rules)
    **battlescribe_flags(),
    # names that give several rules at once
    "No muertos": ("immune_to_psychology", "fear", "unstable"),
    # Demonios "Demonio": Inestabilidad demoníaca, Aura demoníaca, Miedo, Inmune a
    # psicología, Ataques mágicos
    "Demonio": (
        "fear", "immune_to_psychology", "daemonic_aura", "magic_attacks", "daemonic_instability"),
    "Demonio (Demonios)": (
        "fear", "immune_to_psychology", "daemonic_aura", "magic_attacks", "daemonic_instability"),
    # Elfos Silvanos "Espíritu del bosque": "tirada de salvación especial de 5+ contra ataques
    # no mágicos ... Sus ataques se consideran mágicos ... Son inmunes a la psicología" (who
    # may join whom: army composition)
    "Espíritu del bosque": ("forest_spirit", "magic_attacks", "immune_to_psychology"),
    # Regimientos de Renombre, Oglah Khan's item "Pellejo de Wulfag": "Oglah y su unidad
    # siempre deben perseguir, si pueden hacerlo. Cada vez que Oglah y su unidad persigan a
    # una unidad desmoralizada en combate, pueden perseguir +3D6cm adicionales" (his unit's
    # rule: Oglah leaves it only dead, and the engine's champion dies with its last model)
    "Pellejo de Wulfag": ("must_pursue", "pursuit_3d6_more"),
    # Regimientos de Renombre "Independientes": "nunca utilizan el Liderazgo del General"
    # (and no character may join them: army building)
    "Independientes": ("independent", "no_characters"),
    # Condes Vampiro "Carroñeros": "Los Necrófagos son Hostigadores y ningún personaje puede
    # unirse a ellos" (the rest: joining characters, and that they are not undead)
    "Carroñeros": ("skirmishers", "no_characters"),
    # Imperio "¡Enajenados mentales!": "Inmunes a desmoralización. Siempre superan cualquier
    # tirada de Liderazgo. Debe perseguir siempre. Sólo pueden Mantener la posición como
    # reacción a una carga" (the engine's Ld tests of an unbreakable unit: none; it holds)
    "¡Enajenados mentales!": ("unbreakable", "must_pursue"),
    # Elfos Oscuros "Bestias" (Arpías): "Ningún personaje puede unirse a una unidad de
    # Arpías. Además, las Arpías nunca pueden usar el Liderazgo del General"
    "Bestias": ("independent", "no_characters"),
    # Estalia "Orgullo Estaliano": "Todos los personajes y campeones pueden repetir las
    # tiradas falladas para impactar en desafíos. Además, todos los personajes y campeones
    # deben lanzar y aceptar desafíos"
    "Orgullo Estaliano": ("estalian_pride", "martial_honour"),
    "Altamente insignificantes": ("causes_no_panic", "no_characters"),
    # Orcos y Goblins (Goblins de polvo) "No moríoz": "aunque sean Inmunes a psicología, sean
    # Inestables y Causen miedo, no están sujetos al resto de reglas habituales de no
    # muertos: pueden reaccionar a la carga, pueden marchar..."; "Hazen pezte": "Ningún
    # personaje puede unirse a una unidad de Goblins de Polvo"
    "No moríoz": ("immune_to_psychology", "unstable", "fear"),
    # empire3 family: "Cazadores de vampiros": "son inmunes a psicología, salvo que odian a
    # todas las miniaturas de tipo No Muerto, Caos o Skaven" (the hatred: NAMED_HATRED)
    "Cazadores de vampiros": ("immune_to_psychology",),
    # Bretonia and the elves --
    # Elfos Silvanos (Señor de las bestias, osos salvajes) "Si gana un combate, la unidad debe
    # perseguir" (its whole text)
    "Si gana un combate, la unidad debe perseguir": ("must_pursue",),
    # Bretonia (Guerra de Noveles) "Obligación de Perseguir": "Todas las unidades deben
    # Perseguir. Cuando persiguen, lanza 2D6 adicionales ... y quédate los 8 dados más altos"
    "Obligación de Perseguir": ("must_pursue", "duty_to_pursue"),
    # Bretonia (Brigands) "Escoria": "NUNCA causan pánico en unidades amigas ..., no pueden
    # usar el Liderazgo del General (ni de ningún personaje Caballero) ni repetir
    # desmoralización a causa del Estandarte de Batalla"
    "Escoria": ("causes_no_panic", "independent", "no_bsb_reroll"),
    # Altos Elfos (Patrulla Marina, Guardia del Barco) "Lanzas": "Si la Guardia del Barco
    # combate con lanzas, combaten en tres filas" (the book's "Fila adicional")
    "Lanzas": ("extra_rank",),
    # skavenogres family: Skaven, Reinos Ogros, Enanos, Orcos y Goblins, allied contingents
    # Contingente Aliado: Amazonas "Hostigadoras": "Las Amazonas ... son Hostigadoras" (the
    # command group in the front rank when engaged: as the engine places it)
    "Hostigadoras": ("skirmishers",),
    # Reinos Ogros (Gargantúa) "Hambriento": "Tras un combate, siempre deben perseguir, pero
    # no pueden arrasar ... Siempre que pueda efectuar una carga, deberá cargar" (charging is
    # the movement phase's; the engine has no overrun)
    "Hambriento": ("must_pursue",),
    # Orcos y Goblins (Escolta de Grimgor) "Odio (A todo el mundo)": "A todo el mundo."
    "Odio (A todo el mundo)": ("hatred",),
    # mercenaries family: Mercenarios, Regimientos de Renombre, Orcos y Goblins, Skaven, Enanos
    # Skaven (Garrapulta de plaga) "Furia asesina (adaptada)": "La dotación tiene Furia
    # Asesina (así que son inmunes a psicología y tienen un ataque adicional mientras no
    # pierdan el combate); sin embargo ... no se ven sujetos a las cargas obligatorias de la
    # Furia Asesina" (the charges: the movement phase; a war machine's crew never pursues)
    "Furia asesina (adaptada)": ("frenzy",),
    # giants family: the big monsters' tables
    # Reyes Funerarios (Titán de Khemri) "Ataca en último lugar": an infoLink to the gst rule
    # "Siempre ataca último": "La unidad ataca en último lugar, independientemente de la
    # iniciativa y armas empuñadas y de quien haya cargado"
    "Ataca en último lugar": ("always_strikes_last",),
    # empire2 family: Imperio, Marienburgo, Estalia, Condes Vampiro, Reyes Funerarios
    # Condes Vampiro (Clan Strigoi: Guardia del Osario) "Carroñeros (Hostigadores)": "Los
    # Necrófagos son Hostigadores y ningún personaje puede unirse a ellos" (as "Carroñeros";
    # the rest: that they are alive, not undead)
    "Carroñeros (Hostigadores)": ("skirmishers", "no_characters"),
    # chaos family: Reinos del Caos, Enanos del Caos, Reinos Ogros, Norsca
    # Reinos Ogros (Yehtis) "Armas de hielo": "Arma de mano ... Son Arma mágica" (melted by a
    # flaming hit: odds.special_rules.chaos_monsters.ICE_WEAPONS)
    "Armas de hielo": ("ice_weapons", "magic_attacks"),
})
"""Rule names → :data:`odds.units.SPECIAL_RULES` flags."""

NAMED_HATRED: MappingProxyType = name_table({
    # MDNR Enanos "Agravio ancestral": "Los Enanos tienen Odio a todas las miniaturas de
    # tipo Pielverde" (also in Imperio, Mercenarios, Regimientos de Renombre)
    "Agravio ancestral": ("greenskin",),
    "Inmune a desmoralización (aunque sigue teniendo Odio a pielesverdes)": ("greenskin",),
    # MDNR Orcos y Goblins "Odio a enanos": "Odio hacia todas las miniaturas de tipo Enano
    # (ya sean Enanos o Enanos del Caos)"
    "Odio a enanos": ("dwarf",),
    # MDNR Elfos Oscuros "Odio a los altos elfos": "Odio hacia todas las miniaturas de tipo
    # Alto Elfo"
    "Odio a los altos elfos": ("high_elves",),
    "Odio a altos elfos": ("high_elves",),
    "Odio a elfos oscuros": ("dark_elves",),
    # Regimientos de Renombre "Odio (Elfos)": "contra miniaturas de tipo Elfo"
    "Odio a elfos": ("elf",),
    "Odio (Elfos)": ("elf",),
    "Odio a Bretonia": ("bretonnia",),
    "Odio a los No Muertos": ("undead",),
    # Regimientos de Renombre (Caballeros de la Llama Purificadora) "Odio a Reyes Funerarios"
    # (a rule without text: the army of MDNR Reyes Funerarios)
    "Odio a Reyes Funerarios": ("tomb_kings",),
    # Regimientos de Renombre "Odio a Arabia": "También odian a Regimientos de Renombre de
    # Arabia, como los Perros del Desierto de Al Muktar y al Comando Mortal de Mullah
    # Aklan'd" (their entries carry the army tag "arabia": races.ENTRY_ARMIES)
    "Odio a Arabia": ("arabia",),
    # mercenaries family: Orcos y Goblins (Acechantez de Snagla Grobspit) "Odio a humanos": "A
    # miniaturas de tipo Humano."
    "Odio a humanos": ("human",),
    # empire3 family: Imperio (Ejército Sigmarita), Mercenarios, Regimientos de Renombre
    # (Cazadores de brujas), Estalia (Sumos Inquisidores) "Cazadores de vampiros": "Johan y
    # Wilhelm son inmunes a psicología, salvo que odian a todas las miniaturas de tipo No
    # Muerto, Caos o Skaven" (Estalia: "Juan y Tomás"); its immunity is in RULE_FLAGS
    "Cazadores de vampiros": ("chaos", "skaven", "undead"),
    # empire3 family: Mercenarios, Marienburgo (Hermanas de Sigmar) "Martillos de Sigmar":
    # "Las Hermanas de Sigmar tienen Odio a miniaturas de tipo Caos y Odio a miniaturas de tipo
    # No Muerto"; Estalia (Hermanas de Myrmidia) "Lanzas de Myrmidia": the same words
    "Martillos de Sigmar": ("chaos", "undead"),
    "Lanzas de Myrmidia": ("chaos", "undead"),
})
"""Hatred of named enemies → the army or race tags hated (:data:`odds.armies.TAGS`)."""


_PARAMETRIC: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"^regeneracion(?: \((\d)\+\))?$"), "regeneration", "4"),
    (re.compile(r"^ataques envenenados(?: \((\d)\+\))?$"), "poisoned", "6"),
    # Elfos Oscuros con Personajes Especiales (Altar drenasangre): "Tirada de salvación
    # especial (5+)", the value in parentheses
    (re.compile(r"^tirada de salvacion especial(?: de)? (?:(\d)\+|\((\d)\+\))$"), "ward_save", ""),
    (re.compile(r"^impactos por carga \((\d*d\d(?:\+\d)?|\d)\)$"), "impact_hits", ""),
    (re.compile(r"^heridas multiples \((\d*d\d|\d)\)$"), "multiple_wounds", ""),
    # gst "Ataques aleatorios (X)": one roll per unit at the start of each combat round
    (re.compile(r"^ataques aleatorios \((\d*d\d(?:\+\d)?)\)$"), "random_attacks", ""),
    # skavenogres family: Contingente Aliado: Amazonas (Guerreras tótem) "Ataques envenenados
    # (sólo en cuerpo a cuerpo)" (no text: gst "Ataques envenenados", 6+; shooting is not
    # the engine's)
    (re.compile(r"^ataques envenenados \(solo en cuerpo a cuerpo\)()$"), "poisoned", "6"),
)


def parametric_rule(name: str) -> tuple[str, str] | None:
    """A rule with a value: ``"Regeneración (5+)"`` → ``("regeneration", "5")``.

    Returns
    -------
    tuple of str or None
        The :class:`odds.units.Unit` field and its value as text (dice
        expressions lower case without a leading ``1``: ``"d6+1"``), or None
        when ``name`` is not such a rule.
    """
    key = normalize(name)
    for pattern, field, default in _PARAMETRIC:
        m = pattern.match(key)
        if m:
            value = next((g for g in m.groups() if g), default)
            if value.startswith("1d"):
                value = value[1:]
            return field, value
    return None


# Orcos y Goblins "Ataques envenenados (solo la araña)" (Jinetez de araña), Reyes Funerarios
# "Ataques envenenados (solo Necrosierpe)" (Caballeros de la Necrópolis): the steed's
_STEED_ONLY = re.compile(r"^(.*) \((?:solo|solo el|solo la) (?:corcel|juggernaut|montura|arana"
                         r"|necrosierpe)\)$")
_STEED_POISON = re.compile(r"^ataques? envenenados?(?: \(?(\d)\+\)?)?$")


def steed_rule(name: str, text: str = "") -> tuple[tuple[str, ...], int] | None:
    """A rule of the steeds only: ``(their special rules, their poisoned roll)``, or None.

    MDNR Reinos del Caos prints the rules of a steed that its rider lacks as a rule
    named for the steed: "Siempre ataca primero (sólo Corcel)", "Ataques envenenados 6+
    (sólo Córcel)" (Diablillas montadas), "Ataques mágicos (sólo Juggernaut)"
    (Revientacráneos); Demonios "Corceles de Slaanesh": "Los Corceles de Slaanesh tienen
    las reglas Ataque envenenado y Siempre ataca primero" (poisoned without a roll is
    6+, gst "Ataques envenenados").  The flags are :data:`odds.units.MOUNT_RULES`;
    the roll 0 when the steeds are not poisoned.
    """
    key, plain = normalize(name), plain_text(text)
    if key == "corceles de slaanesh" and "tienen las reglas ataque envenenado y siempre" \
            " ataca primero" in plain:
        return ("always_strikes_first",), 6
    m = _STEED_ONLY.match(key)
    if m is None:
        return None
    inner = m.group(1).strip()
    poison = _STEED_POISON.match(inner)
    if poison:
        return (), int(poison.group(1) or 6)
    flags = RULE_FLAGS.get(inner)
    if flags in (("always_strikes_first",), ("magic_attacks",)):
        return flags, 0
    return None


_RIDER_ONLY = re.compile(r"^(.*) \((?:solo|solo el) (?:jinete|caballero y capitan)\)$")


def rider_rule(name: str) -> tuple[str, ...] | None:
    """A rule of the riders only (not their steeds): its special-rule flags, or None.

    MDNR Reyes Funerarios "Caballeros de la Necrópolis" prints "Golpe letal (solo jinete)"
    and "Ataques mágicos (sólo Caballero y Capitán)" (the rider and the champion, not the
    Necrosierpe).  The engine's killing blow is the rider's and crew's alone (the steeds'
    blows never carry it), so the first is the unit's ``killing_blow``; the unit's magic
    attacks reach its steeds unless they have ``mundane_attacks``
    (:data:`odds.units.MOUNT_RULES`), which the builder gives them for the second.
    """
    m = _RIDER_ONLY.match(normalize(name))
    if m is None:
        return None
    flags = RULE_FLAGS.get(m.group(1).strip())
    return flags if flags in (("killing_blow",), ("magic_attacks",)) else None
