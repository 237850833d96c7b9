"""The words a player reads, one table per language (``en``, ``es``).

English keeps the engine's own names (they are what JSON and CSV carry);
Spanish uses the terms of the *Manuscritos de Nuth* (profile letters
``M HA HP F R H I A L``, *Infantería*, *Arma a dos manos*, *Tozudez*...).
Commands and plots look words up here (:func:`word`, :func:`term`,
:func:`number_text`) instead of branching on the language themselves.

The language defaults to ``en``; the environment variable ``ODDS_LANG``
(``en`` or ``es``) changes the default of every command's ``--lang``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGS: tuple[str, ...] = ("en", "es")

LANG_ENV = "ODDS_LANG"
"""Environment variable giving the default ``--lang``."""


def default_lang() -> str:
    """The default language: ``ODDS_LANG`` when it is ``en`` or ``es``, else ``en``."""
    value = os.environ.get(LANG_ENV, "").strip().lower()
    return value if value in LANGS else "en"


PROFILE_LETTERS: dict[str, dict[str, str]] = {
    "en": {c: c for c in ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")},
    "es": {"M": "M", "WS": "HA", "BS": "HP", "S": "F", "T": "R", "W": "H", "I": "I", "A": "A",
           "Ld": "L"},
}
"""Profile letters: English ``M WS BS S T W I A Ld``, MDNR ``M HA HP F R H I A L``."""

TERMS_ES: dict[str, dict[str, str]] = {
    "troop_type": {
        "infantry": "Infantería", "monstrous_infantry": "Infantería monstruosa",
        "cavalry": "Caballería", "monster": "Monstruo", "chariot": "Carro",
        "swarm": "Enjambre", "war_machine": "Máquina de guerra",
    },
    "weapon": {
        "hand_weapon": "Arma de mano", "additional_hand_weapon": "Arma de mano adicional",
        "great_weapon": "Arma a dos manos", "halberd": "Alabarda", "spear": "Lanza",
        "lance": "Lanza de caballería", "cavalry_spear": "Lanza (caballería)",
        "flail": "Mayal", "morning_star": "Mangual", "pike": "Pica",
        "brace_of_pistols": "Par de pistolas", "heaps_of_pistols": "¡Montones de pistolas!",
        "dakistir_scimitar": "Cimitarra de Dakistir", "daemon_weapon": "Arma demoníaca",
        "ancestral_claws": "Garras de los Ancestrales", "wrath_flails": "Mayales de la Ira",
    },
    "armour": {"light": "armadura ligera", "heavy": "armadura pesada",
               "plate": "armadura de placas", "none": "sin armadura"},
    "equipment": {"shield": "escudo", "barding": "barda"},
    "command": {"champion": "campeón", "standard": "portaestandarte", "musician": "músico"},
    "rule": {
        "stubborn": "Tozudez", "unbreakable": "Inmune a desmoralización",
        "immune_to_psychology": "Inmune a psicología", "fear": "Miedo", "terror": "Terror",
        "hatred": "Odio", "frenzy": "Furia asesina", "killing_blow": "Golpe letal",
        "armour_piercing": "Poder de penetración",
        "always_strikes_first": "Siempre ataca primero",
        "always_strikes_last": "Siempre ataca en último lugar", "flying": "Volar",
        "skirmishers": "Hostigadores", "fast_cavalry": "Caballería rápida",
        "unstable": "Inestables", "mindless": "Descerebrados", "stupidity": "Estupidez",
        "eternal_hatred": "Odio eterno", "choppa": "¡Rebanadoras!",
        "magic_attacks": "Ataques mágicos", "daemonic_aura": "Aura demoníaca",
        "ethereal": "Etéreos", "flaming_attacks": "Ataques flamígeros", "resolute": "Firmeza",
        "immune_to_panic": "Inmune a pánico", "extra_rank": "Fila adicional",
        "daemonic_instability": "Inestabilidad demoníaca", "cold_blooded": "Sangre fría",
        "regeneration": "Regeneración", "poisoned_attacks": "Ataques envenenados",
        "ignores_strikes_last": "Maestro de la espada", "wizard": "Hechicero",
        "dragon": "Dragón", "independent": "Independiente", "bodyguard": "Guardaespaldas",
        "thunderous_charge": "Carga atronadora", "strength_on_charge": "Fuerza en la carga",
        "causes_no_panic": "No causa pánico", "artefact_creature": "Criatura artefacto",
        "troll_vomit": "Vómito de troll", "flammable": "Inflamable",
        "immune_to_flaming": "Inmune a ataques flamígeros", "slayer": "Matador",
        "hard_to_hit": "Difícil de alcanzar", "unpursued": "No se le persigue",
        "first_round_stubborn": "Resolutos", "must_pursue": "Hambrientos",
        "no_pursuit": "Despellejar", "devourer": "Devorador",
        "immune_to_killing_blow": "Inmune a golpe letal", "flame_ward": "Protección ígnea",
    },
    "outcome": {
        "caught": "atrapada", "escaped": "escapa", "off_table": "fuera de la mesa",
        "rallied": "se reagrupa", "still_fleeing": "sigue huyendo",
        "destroyed": "destruida por un fallo", "absent_misfire": "ausente por un fallo",
        "enemy_placed": "la coloca el enemigo", "displaced": "desplazada",
        "clear": "terreno despejado", "front": "frente", "flank": "flanco",
        "rear": "retaguardia", "total": "total",
    },
    "parameter": {
        "models": "miniaturas", "files": "columnas", "points": "puntos",
        "opponent_points": "puntos del rival", "charger": "carga",
        "command": "grupo de mando", "weapon": "arma", "shield": "escudo",
        "armour": "armadura", "barding": "barda", "opponent": "rival",
        "M": "M", "WS": "HA", "BS": "HP", "S": "F", "T": "R", "W": "H", "I": "I", "A": "A",
        "Ld": "L",
    },
    "combat_term": {
        "bonus": "bonificación", "flank": "flanco", "outnumber": "superioridad numérica",
        "overkill": "exceso de heridas", "ranks": "filas", "rear": "retaguardia",
        "standard": "estandarte", "wounds": "heridas", "charge": "carga",
        "high_ground": "posición elevada", "bsb": "portaestandarte de batalla",
    },
}
"""Spanish (MDNR) words of the engine's names, by kind."""


def term(kind: str, name: str, lang: str) -> str:
    """The word for the engine's ``name`` of a ``kind`` (``troop_type``, ``rule``...).

    English returns the name with ``_`` as spaces; Spanish looks it up in
    :data:`TERMS_ES`, then among the MDNR names the importer reads (special
    rules), and falls back to the English words.
    """
    if lang != "es":
        return name.replace("_", " ")
    table = TERMS_ES.get(kind, {})
    if name in table:
        return table[name]
    if kind == "rule":
        found = _imported_rule_names().get(name)
        if found:
            return found[:1].upper() + found[1:]
    return name.replace("_", " ")


def _imported_rule_names() -> Mapping[str, str]:
    """Special rule → the first MDNR name the BattleScribe importer reads for it alone."""
    from odds.battlescribe.rule_names import RULE_FLAGS

    out: dict[str, str] = {}
    for text, flags in RULE_FLAGS.items():
        if isinstance(flags, tuple) and len(flags) == 1:
            out.setdefault(flags[0], str(text))
    return out


def pct(p: float, lang: str = "en") -> str:
    """A probability as a player reads it: ``37 %``, ``0.4 %``, ``< 0.1 %``, ``99.6 %``.

    Spanish writes the decimal comma (``0,4 %``).
    """
    x = 100.0 * float(p)
    if x == 0.0 or x == 100.0:
        text = f"{x:.0f} %"
    elif x < 0.1:
        text = "< 0.1 %"
    elif x > 99.9:
        text = "> 99.9 %"
    elif x < 1.0 or x > 99.0:
        text = f"{x:.1f} %"
    else:
        text = f"{x:.0f} %"
    return text.replace(".", ",") if lang == "es" else text


def number_text(x: float, digits: int, lang: str) -> str:
    """``x`` with ``digits`` decimals: ``0.4155``, or ``0,4155`` in Spanish."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "es" else text


MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "first_round": "First round:",
        "units": "Units:",
        "terms": "Mean first-round combat result, by term:",
        "challenge": ("Challenge: issued {issued}, refused {refused}, challenger wins the duel "
                      "{wins}, mean overkill {overkill}, overkill decided a round {decided}"),
        "challenge_round": "Round in which the challenge ended (0 = none ended):",
        "side_wins": "{side} win the round",
        "unit_breaks": "{unit} break",
        "draw": "draw",
        "arrival": "Arrival (owner's turn): {turns} (exact)",
        "misfire": "Misfire 5-6: the enemy places the marker at ({x:g}, {y:g}) -> {where}",
        "target": "Target {name}: under it {under}, clear and within {reach:g} cm {near}",
        "under_enemy": "under {name}, {face}",
        "by_unit": "By enemy unit:",
        "wrote": "wrote {path}",
        "warning": "warning: {line} (the odds are approximate)",
        "report": "import report for {path}: {counts}",
    },
    "es": {
        "first_round": "Primer turno:",
        "units": "Unidades:",
        "terms": "Resultado del combate medio en el primer turno, por concepto:",
        "challenge": ("Desafío: lanzado {issued}, rechazado {refused}, el retador gana el duelo "
                      "{wins}, exceso de heridas medio {overkill}, el exceso de heridas decide "
                      "un turno {decided}"),
        "challenge_round": "Turno en que acaba el desafío (0 = no acaba):",
        "side_wins": "el {side} gana el turno",
        "unit_breaks": "{unit} se desmoralizan",
        "draw": "empate",
        "arrival": "Llegada (turno del jugador): {turns} (exacta)",
        "misfire": ("Fallo 5-6: el enemigo coloca el marcador en ({x:g}, {y:g}) -> {where}"),
        "target": ("Objetivo {name}: bajo él {under}, en terreno despejado a {reach:g} cm "
                   "o menos {near}"),
        "under_enemy": "bajo {name}, {face}",
        "by_unit": "Por unidad enemiga:",
        "wrote": "escrito {path}",
        "warning": "aviso: {line} (las probabilidades son aproximadas)",
        "report": "informe de importación de {path}: {counts}",
    },
}
"""Sentences of the CLI's text output, by language; ``{}`` fields filled by :func:`word`."""


def word(key: str, lang: str, **fields: object) -> str:
    """The message ``key`` of :data:`MESSAGES` in ``lang`` (English if missing), filled in."""
    table = MESSAGES.get(lang, MESSAGES["en"])
    return table.get(key, MESSAGES["en"][key]).format(**fields)


AGREEING_ES: dict[str, tuple[str, str, str, str]] = {
    # masculine singular, feminine singular, masculine plural, feminine plural
    "caught": ("atrapado", "atrapada", "atrapados", "atrapadas"),
    "wiped": ("aniquilado", "aniquilada", "aniquilados", "aniquiladas"),
    "destroyed": ("aniquilado", "aniquilada", "aniquilados", "aniquiladas"),
    "broken": ("desmoralizado", "desmoralizada", "desmoralizados", "desmoralizadas"),
    "fled": ("huye", "huye", "huyen", "huyen"),
    "breaks": ("se desmoraliza", "se desmoraliza", "se desmoralizan", "se desmoralizan"),
    "wins": ("gana", "gana", "ganan", "ganan"),
    "lose": ("pierde", "pierde", "pierden", "pierden"),
    "charge": ("carga contra", "carga contra", "cargan contra", "cargan contra"),
    "fight": ("lucha contra", "lucha contra", "luchan contra", "luchan contra"),
}
"""Spanish words that agree with the unit they describe, by gender and number."""


def agree(name: str, key: str) -> str:
    """The word ``key`` of :data:`AGREEING_ES` agreeing with a Spanish unit ``name``.

    Number and gender are read from the name's first word, as MDNR names
    are written: ``Espadachines`` and ``Caballeros del Caos`` are plural,
    ``Caballería imperial`` and ``Dríada`` feminine singular, ``Capitán``
    masculine singular (``...as`` feminine plural).  A count in front (``20 Alabarderos``)
    is skipped.
    """
    first = next((w for w in name.split() if not w.isdigit()), "").lower()
    plural = first.endswith("s") and len(first) > 3 and not first.endswith(("ís", "ús"))
    feminine = first.endswith(("a", "as", "ía", "ías")) or first.endswith("ión")
    return AGREEING_ES[key][2 * plural + feminine]


HELP_ES: dict[str, tuple[str, str]] = {
    "odds": ("", "Probabilidades para Warhammer Fantasy Battles 6.ª edición (Manuscritos de "
             "Nuth, distancias en cm). Cada orden responde a una pregunta; añade --help tras "
             "ella para ver sus opciones."),
    "demo": ("un recorrido corto por lo que odds responde",
             "Responde a unas preguntas de ejemplo, una tras otra."),
    "charge": ("probabilidad de que una carga atrape a una unidad que huye",
               "Carga contra una unidad que reacciona huyendo: atrapada, escapa o huye fuera "
               "de la mesa."),
    "pursue": ("probabilidad de que el perseguidor atrape a una unidad desmoralizada",
               "Persecución: atrapada si la tirada de persecución iguala o supera la de huida."),
    "flee": ("turno a turno, si una unidad en huida se reagrupa o sale de la mesa",
             "Una unidad en huida intenta reagruparse (2D6 <= L, con el 25 % de sus "
             "miniaturas o más) cada turno; si no, huye 5D6/8D6 cm hacia su borde."),
    "units": ("las unidades incluidas",
              "Lista las unidades incluidas (perfil, TSA, potencia de unidad), o describe una."),
    "combat": ("probabilidades de un combate cuerpo a cuerpo hasta su resultado",
               "Dos unidades luchan turno tras turno hasta que una se desmoraliza o es "
               "aniquilada (capítulo de combate cuerpo a cuerpo del MDNR); con --scenario, "
               "varias unidades por bando, cargas por el flanco y la retaguardia y personajes."),
    "emerge": ("dónde sale una unidad que excava, y sobre qué",
               "Salir desde abajo (MDNR): llega en el turno 2 a 5 (4+, 3+, 2+, automático); el "
               "dado de artillería y el de dispersión mueven el marcador; en un problema, D6: "
               "1-2 destruida, 3-4 ausente, 5-6 la coloca el enemigo. Coordenadas en cm desde "
               "la esquina inferior izquierda de la mesa."),
    "matrix": ("matriz de enfrentamientos de dos listas (combates completos, mismos puntos)",
               "Cada unidad de LIST_A lucha contra cada unidad de LIST_B hasta un resultado, "
               "cargando y siendo cargada."),
    "sweep": ("probabilidades de un enfrentamiento sobre una rejilla de parámetros",
              "La unidad A lucha contra la B en cada punto de la rejilla: --vary "
              "models=10,20,30 --vary charger=a,b recorre todas las combinaciones."),
    "catalogue": ("las unidades de un catálogo de BattleScribe",
                  "Lista las entradas de unidad de un catálogo de BattleScribe (.cat, .catz) "
                  "con sus puntos, perfil y equipo por defecto, y resume el informe de "
                  "importación."),
    "roster": ("las unidades de una lista de BattleScribe",
               "Lista las unidades de una lista de BattleScribe (.ros, .rosz) tal como el "
               "motor las importa."),
}
"""Spanish help of each command: (one-line summary, description)."""

OPTION_HELP_ES: dict[str, str] = {
    "help": "muestra esta ayuda y termina",
    "trials": "número de simulaciones de Monte Carlo",
    "seed": "semilla aleatoria (por defecto, una nueva, que se muestra con el resultado)",
    "format": "formato de salida: table (tabla), json o csv",
    "plot": "escribe también una figura (.png, .pdf o .svg; se comprueba antes de simular)",
    "lang": "idioma de titulares, tablas y figuras: en, o es (términos del MDNR); por "
            "defecto en, o la variable de entorno ODDS_LANG",
}
"""Spanish help of the options every command shares, by destination."""


def help_lang(argv: list[str]) -> str:
    """The language of ``--help``: ``--lang es`` (or ``=es``) in ``argv``, else the default."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1] if argv[i + 1] in LANGS else "en"
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
            return value if value in LANGS else "en"
    return default_lang()
