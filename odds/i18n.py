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
import re
from collections.abc import Callable, Mapping

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
        # rules whose first MDNR name (odds.special_rules) names another thing or two rules
        "captain_bound": "Ligados al capitán", "giant_chains": "Ataques del gigante (cadenas)",
        "giant_hooks": "Ataques del gigante (garfios)", "paymaster_guard": "Escolta del pagador",
        "noble_escort": "Escolta del noble", "wrecked_by_s7": "Destruido por impactos de F7",
        "mounted_hand_weapons": "Dos armas de mano a caballo",
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
        "dragon": "Dragón", "chaos": "Caos", "independent": "Independiente",
        "bodyguard": "Guardaespaldas",
        "thunderous_charge": "Carga atronadora", "strength_on_charge": "Fuerza en la carga",
        "loec_dances": "Danzas de Loec",
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
        "Ld": "L", "troop_type": "tipo de tropa",
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
    """Special rule → its MDNR name, spelled as the book spells it.

    The first name of its spec (:mod:`odds.special_rules`), else the first name the
    BattleScribe importer reads for it alone.
    """
    from odds.battlescribe.rule_names import RULE_FLAGS
    from odds.special_rules import REGISTRY

    out: dict[str, str] = {spec.key: spec.mdnr[0] for spec in REGISTRY if spec.mdnr}
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
        "side_wins": "the {side} wins the round",
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
        "report_empty": "nothing to report",
        "cannot_import": "cannot import: {error}",
        "selection": "selection ",
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
        "misfire": ("Fallo 5-6: el enemigo coloca el marcador en ({x:g}; {y:g}) -> {where}"),
        "target": ("Objetivo {name}: bajo {it} {under}, en terreno despejado a {reach:g} cm "
                   "o menos {near}"),
        "under_enemy": "bajo {name}, {face}",
        "by_unit": "Por unidad enemiga:",
        "wrote": "escrito {path}",
        "warning": "aviso: {line} (las probabilidades son aproximadas)",
        "report": "informe de importación de {path}: {counts}",
        "report_empty": "nada que señalar",
        "cannot_import": "no se puede importar: {error}",
        "selection": "selección ",
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
    # spanish
    "escaped": ("escapa", "escapa", "escapan", "escapan"),
    "won": ("gana", "gana", "ganan", "ganan"),
    "displaced": ("desplazado", "desplazada", "desplazados", "desplazadas"),
    "lost": ("perdido", "perdida", "perdidos", "perdidas"),
    "it": ("él", "ella", "ellos", "ellas"),
    "holds": ("aguanta", "aguanta", "aguantan", "aguantan"),
    "rallies": ("se reagrupa", "se reagrupa", "se reagrupan", "se reagrupan"),
    "placed": ("lo coloca el enemigo", "la coloca el enemigo", "los coloca el enemigo",
               "las coloca el enemigo"),
}
"""Spanish words that agree with the unit they describe, by gender and number."""


def agree(name: str, key: str) -> str:
    """The word ``key`` of :data:`AGREEING_ES` agreeing with a Spanish unit ``name``.

    Number and gender come from :func:`gender_number` (the name's head noun):
    ``Espadachines`` and ``Caballeros del Caos`` are plural, ``Caballería
    imperial`` and ``Dríada`` feminine singular, ``Capitán`` and ``Profeta del
    apocalipsis`` masculine singular.
    """
    plural, feminine = gender_number(name)
    return AGREEING_ES[key][2 * plural + feminine]


def agree_all(names: list[str], key: str) -> str:
    """The word ``key`` agreeing with every one of ``names`` (a legend shared by units).

    Feminine only if every name is, plural only if every name is: Spanish
    takes the masculine singular for a mixed group of bodies.
    """
    forms = [gender_number(n) for n in names] or [(False, False)]
    plural = all(p for p, _ in forms)
    feminine = all(f for _, f in forms)
    return AGREEING_ES[key][2 * plural + feminine]


# spanish
NOUN_GENDER_ES: dict[str, tuple[bool, bool]] = {
    # (plural, feminine) of head nouns the endings misread
    "patriarca": (False, False), "profeta": (False, False), "jerarca": (False, False),
    "monarca": (False, False), "heresiarca": (False, False), "druida": (False, False),
    "guía": (False, False), "vidente": (False, False), "lanzavirotes": (False, False),
    "lanzapiedras": (False, False), "lanzallamas": (False, False),
    "lanzafuegos": (False, False), "atrapahombres": (False, False),
    "matadragones": (False, False), "mantícora": (False, True), "hidra": (False, True),
    "esfinge": (False, True), "serpiente": (False, True), "reina": (False, True),
    "condesa": (False, True), "princesa": (False, True), "hechicera": (False, True),
    "sacerdotisa": (False, True), "matriarca": (False, True), "bruja": (False, True),
    "morathi": (False, True), "alarielle": (False, True), "neferata": (False, True),
    "khalida": (False, True), "hellebron": (False, True), "isabella": (False, True),
    "ariel": (False, True), "unidad": (False, True), "guardia": (False, True),
    "carro": (False, False), "cañón": (False, False), "campeón": (False, False),
}
"""Grammatical (plural, feminine) of MDNR head nouns whose ending misleads, lower case."""

_NOT_HEAD = {"gran", "grandes", "alto", "alta", "altos", "altas", "viejo", "vieja", "el",
             "la", "los", "las", "un", "una", "joven", "noble"}
"""Words before a head noun (adjectives, articles) that do not give it its gender."""

_ARTICLES = {"el": (False, False), "la": (False, True), "los": (True, False),
             "las": (True, True)}


def gender_number(name: str) -> tuple[bool, bool]:
    """``(plural, feminine)`` of a Spanish unit or character ``name``, from its head noun.

    A named character written ``Name, title`` takes the title's gender
    (``Morathi, la Reina Bruja``: an article decides; else the title's first
    noun); a count in front (``20 Alabarderos``) and leading adjectives
    (``Gran jefe orco``) are skipped.  :data:`NOUN_GENDER_ES` first, then the
    endings: ``-s`` plural (not ``-ís``, ``-ús``), ``-a``/``-as``/``-ión``/``-dad``
    feminine.
    """
    words = [w.strip(".,;:()'\"").lower() for w in name.split(",", 1)[-1].split()]
    if "," in name:
        head = next((w for w in words if w), "")
        if head in _ARTICLES:
            return _ARTICLES[head]
        words_all = words + [w.strip(".,;:()'\"").lower() for w in name.split()]
        words = words_all
    words = [w for w in words if w and not w.isdigit()]
    first = next((w for w in words if w not in _NOT_HEAD), words[0] if words else "")
    if first in NOUN_GENDER_ES:
        return NOUN_GENDER_ES[first]
    plural = first.endswith("s") and len(first) > 3 and not first.endswith(("ís", "ús"))
    feminine = first.endswith(("a", "as", "ía", "ías", "dad", "dades")) or \
        first.endswith(("ión", "iones"))
    return plural, feminine


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


ERRORS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (),
    "es": (
        (r"^: (\w+) must be an integer", r": \1= debe ser un entero"),
        (r"^: (\w+) must be ", r": \1= debe ser "),
        (r"^ must be KEY=VALUE with KEY one of ", " debe ser CLAVE=VALOR con CLAVE una de "),
        (r"^: number must be ", ": number= debe ser "),
        # argparse
        (r"\bargument (--[\w-]+): expected one argument", r"opción \1: falta su valor"),
        (r"\bargument (--[\w-]+):", r"opción \1:"),
        (r"\bthe following arguments are required:", "faltan las opciones:"),
        (r"\binvalid choice:", "valor no válido:"),
        (r"\(choose from ", "(elige entre "),
        (r"\(see $", "(véase "),
        (r"\bunrecognized arguments:", "opciones desconocidas:"),
        (r"\bignored explicit argument", "valor no admitido"),
        (r"\bexpected one argument", "falta su valor"),
        # files
        (r"\bcannot read file\b", "no se puede leer el archivo"),
        (r"\bcannot read catalogue\b", "no se puede leer el catálogo"),
        (r"\bcannot use $", "no se puede usar "),
        (r"^ as a file name\b", " como nombre de archivo"),
        (r"\bcannot write in directory\b", "no se puede escribir en la carpeta"),
        (r"\bcannot write\b", "no se puede escribir"),
        (r"\bdirectory $", "la carpeta "),
        (r"^ does not exist", " no existe"),
        (r"^ exists and is not a regular file", " existe y no es un archivo normal"),
        (r"^ exists and is not writable", " existe y no se puede escribir"),
        (r"\bis a directory, not a file", "es una carpeta, no un archivo"),
        (r"^ is a directory; give a file name such as ",
         " es una carpeta; da un nombre de archivo como "),
        (r"\bgive a file name ending in one of\b", "da un nombre de archivo acabado en uno de"),
        (r"\bmust end in one of\b", "debe acabar en uno de"),
        (r"\ba file name cannot hold a NUL byte",
         "un nombre de archivo no puede tener un byte NUL"),
        (r"\bgive a \.toml file name", "da un nombre de archivo .toml"),
        (r"\bfile $", "el archivo "),
        (r"^ is larger than ([\d,]+) bytes", r" ocupa más de \1 bytes"),
        (r"\blarger than ([\d,]+) bytes; refused", r"ocupa más de \1 bytes; rechazado"),
        (r"^ is not UTF-8 text \(byte (\d+): b$", r" no es texto UTF-8 (byte \1: b"),
        (r"\); save it as UTF-8", "); guárdalo como UTF-8"),
        (r"\bNo such file or directory", "no existe el archivo o la carpeta"),
        (r"\bFile name too long", "nombre de archivo demasiado largo"),
        (r"\bPermission denied", "permiso denegado"),
        (r"\bNot a directory", "no es una carpeta"),
        (r"\bIs a directory", "es una carpeta"),
        (r"\bRead-only file system", "sistema de archivos de solo lectura"),
        (r"\bNo space left on device", "no queda espacio en el disco"),
        # TOML and XML
        (r"\binvalid TOML: arrays or tables nested more than (\d+) deep",
         r"TOML no válido: listas o tablas anidadas más de \1 niveles"),
        (r"\binvalid TOML:", "TOML no válido:"),
        (r"\bnested too deeply", "anidado a demasiada profundidad"),
        (r"\(at line (\d+), column (\d+)\)", r"(línea \1, columna \2)"),
        (r"\(at end of document\)", "(al final del documento)"),
        (r"\bCannot overwrite a value", "no se puede sobrescribir un valor"),
        (r"\bCannot declare \($", "no se puede declarar ("),
        (r"^,\) twice", ",) dos veces"),
        (r"\bExpected $", "se esperaba "),
        (r"^ after a key in a key/value pair", " tras una clave"),
        (r"^ at the end of a table declaration", " al final de la cabecera de una tabla"),
        (r"^ at the end of an array declaration", " al final de la cabecera de una tabla"),
        (r"\bExpected newline or end of document after a statement",
         "se esperaba un salto de línea o el final del documento tras una línea"),
        (r"\bFound invalid character $", "carácter no válido "),
        (r"\bIllegal character $", "carácter no válido "),
        (r"\bInvalid value\b", "valor no válido"),
        (r"\bInvalid statement\b", "línea no válida"),
        (r"\bInvalid initial character for a key part",
         "carácter inicial no válido en una clave"),
        (r"\bUnescaped $", "carácter sin escapar "),
        (r"^ in a string", " en un texto"),
        (r"\bUnterminated string\b", "texto sin cerrar"),
        (r"\bUnclosed array\b", "lista sin cerrar"),
        (r"\bUnclosed inline table\b", "tabla sin cerrar"),
        (r"\bmalformed or truncated XML\b", "XML mal formado o truncado"),
        (r"\bno unit the engine can field\b", "ninguna unidad que el motor pueda sacar a combatir"),
        (r"^upload: this server cannot read files in memory \(no memfd\)",
         "upload: este servidor no puede leer archivos en memoria (no hay memfd)"),
        (r"\bunreadable XML\b", "XML ilegible"),
        (r"\bno element found\b", "ningún elemento"),
        (r"\bmismatched tag\b", "etiqueta que no casa"),
        (r"\bnot well-formed \(invalid token\)", "mal formado (símbolo no válido)"),
        (r"\bunclosed token\b", "símbolo sin cerrar"),
        (r"\bsyntax error\b", "error de sintaxis"),
        (r"\bjunk after document element\b", "texto tras el elemento raíz"),
        (r"\bencoding specified in XML declaration is incorrect",
         "la codificación declarada en el XML es incorrecta"),
        (r"\bundefined entity\b", "entidad no definida"),
        (r"\bline (\d+), column (\d+)", r"línea \1, columna \2"),
        (r"\bnot a valid zip archive\b", "no es un archivo zip válido"),
        (r"\bzip archive holds no (\S+) member", r"el zip no contiene ningún \1"),
        (r"\belements nested more than (\d+) deep; refused",
         r"elementos anidados más de \1 niveles; rechazado"),
        (r"\bentries nested more than (\d+) deep", r"entradas anidadas más de \1 niveles"),
        (r"\brefused unsafe XML\b", "XML inseguro rechazado"),
        (r"\broot element is ", "el elemento raíz es "),
        (r", expected one of ", ", se esperaba uno de "),
        (r"\(members: ", "(miembros: "),
        # values
        (r"\bmust be a finite number\b", "debe ser un número finito"),
        (r"\bmust be in \[", "debe estar en ["),
        (r"\bmust be an integer\b", "debe ser un entero"),
        (r"\bmust be a number\b", "debe ser un número"),
        (r"\bmust be true or false\b", "debe ser true o false"),
        (r"\bmust be one of\b", "debe ser uno de"),
        (r"\bmust be a table\b", "debe ser una tabla"),
        (r"\bmust be a text in quotes\b", "debe ser un texto entre comillas"),
        (r"\bmust be a non-empty string\b", "debe ser un texto no vacío"),
        (r"\bmust be a string\b", "debe ser un texto"),
        (r"\bmust be an array of tables\b", "debe ser una lista de tablas"),
        (r"\bmust be a list of tables\b", "debe ser una lista de tablas"),
        (r"\bmust be a list of\b", "debe ser una lista de"),
        (r"\bmust be <= models \((\d+)\)", r"debe ser <= el número de miniaturas (\1)"),
        (r"\bmust be X,Y in cm, e\.g\.", "debe ser X,Y en cm, por ejemplo"),
        (r"\bmust be WIDTHxDEPTH in cm, e\.g\.", "debe ser ANCHOxFONDO en cm, por ejemplo"),
        (r"\bmust be NAME=V1,V2,\.\.\. with no empty value",
         "debe ser NOMBRE=V1,V2,... sin valores vacíos"),
        (r"\bmust be a scheduler address such as\b",
         "debe ser la dirección de un planificador como"),
        (r"\bmust be a dice expression like\b", "debe ser una tirada como"),
        (r"\bmust be one unit\b", "debe ser una sola unidad"),
        (r"\bmust name an enemy unit\b", "debe nombrar una unidad enemiga"),
        (r"\bmust lie in\b", "debe estar en"),
        (r"(\s|^)in \[", r"\1en ["),
        (r"\band <=", "y <="),
        (r"\(got $", "(recibido "),
        (r"\(got\b", "(recibido"),
        (r"\beach value once; (\S+) is given twice", r"cada valor una sola vez; \1 está dos veces"),
        (r"\beach value once; $", "cada valor una sola vez; "),
        (r"^ is given twice", " está dos veces"),
        (r"\b(\w+) is for mounted models\b", r"\1 es para miniaturas montadas"),
        (r"\b(\w+) is for models on foot\b", r"\1 es para miniaturas a pie"),
        (r"\bonly cavalry or chariot can have barding",
         "solo la caballería o un carro pueden llevar barda"),
        (r"\bonly cavalry can have barding", "solo la caballería puede llevar barda"),
        (r"\bonly a character on a horse can have barding",
         "solo un personaje a caballo puede llevar barda"),
        (r"\b(\w+) cannot be used by (the crew of a )?(\w+)", r"\3 no puede usar \1"),
        (r"\bunknown parameter; give apply= for it, or use one of",
         "parámetro desconocido; da apply= para él, o usa uno de"),
        (r"\bunknown key; allowed:", "clave desconocida; permitidas:"),
        (r"\bunknown key \(allowed:", "clave desconocida (permitidas:"),
        (r"\bunknown field of (\w+); allowed:", r"campo desconocido de \1; permitidos:"),
        (r"\bmissing \(required keys:", "falta (claves obligatorias:"),
        (r"\bmissing; a profile needs all of M WS BS S T W I A Ld",
         "falta; un perfil necesita todas: M HA HP F R H I A L (o M WS BS S T W I A Ld)"),
        (r"\bmissing; a mount needs WS S I A( \(count optional\))?",
         "falta; una montura necesita HA F I A"),
        (r"\bmissing; a crew needs WS S I A \(count and weapon optional\)",
         "falta; una dotación necesita HA F I A"),
        (r"\bmissing \(a member needs name, role and profile\)",
         "falta (un miembro necesita name, role y profile)"),
        (r"\((or) (\w+)\):", r"(o \2):"),
        (r"\bmissing\b", "falta"),
        (r"\bgiven twice, as (\w+) and as (\w+); use one letter set",
         r"dada dos veces, como \1 y como \2; usa un solo juego de letras"),
        (r"\bholds no settings; give at least table, marker and \[\[units\]\] "
         r"\(see odds/examples/emergence_\*\.toml\)",
         "no tiene ningún dato; da al menos table, marker y [[units]] (véase "
         "odds/examples/emergence_*.toml)"),
        (r"^ is off the table: its centre ", " está fuera de la mesa: su centro "),
        # unit references
        (r"\bunknown built-in unit $", "unidad incluida desconocida "),
        (r"; built-in: ", "; incluidas: "),
        (r"; did you mean ", "; ¿quizá "),
        (r"\? \(or give a \.toml file or a catalogue entry FILE\.cat:NAME\)",
         "? (o da un archivo .toml o una entrada de catálogo ARCHIVO.cat:NOMBRE)"),
        (r"\s\(or give a \.toml file or a catalogue entry FILE\.cat:NAME\)",
         " (o da un archivo .toml o una entrada de catálogo ARCHIVO.cat:NOMBRE)"),
        (r"^: (\w+) given twice; give it once", r": \1= dada dos veces; dala una sola vez"),
        (r"^: (\w+)= needs a value", r": \1= necesita un valor"),
        (r"^: (\w+)= needs a catalogue entry \(FILE\.cat:NAME\?",
         r": \1= necesita una entrada de catálogo (ARCHIVO.cat:NOMBRE?"),
        (r"^\); a built-in or TOML unit takes models, files and command",
         "); una unidad incluida o TOML admite models, files y command"),
        (r"^ or some of (.*?), each once, joined by commas",
         r" o algunos de \1, cada uno una vez, separados por comas"),
        (r" or some of (.*?), each once, joined by ", r" o algunos de \1, cada uno una vez, "
         r"unidos por "),
        (r"\bunknown part\(s\) (.*?); allowed: (.*?) or any of (.*?) joined by ",
         r"parte(s) desconocida(s) \1; permitidas: \2 o cualquiera de \3 unidas por "),
        (r"^: option $", ": la opción "),
        (r"^: no unit before $", ": ninguna unidad antes de "),
        (r"^: no unit name after the colon", ": ningún nombre de unidad tras los dos puntos"),
        (r"\bnot a catalogue spec PATH\.cat:NAME",
         "no es una entrada de catálogo ARCHIVO.cat:NOMBRE"),
        (r"^ is a whole roster, not one unit; name one of its units as ",
         " es una lista entera, no una unidad; nombra una de sus unidades como "),
        (r"^ is a whole catalogue, not one unit; name one of its entries as ",
         " es un catálogo entero, no una unidad; nombra una de sus entradas como "),
        (r"^ \(units: ", " (unidades: "),
        (r"; `odds matrix` takes whole rosters", "; `odds matrix` admite listas enteras"),
        (r"^ lists them\); `odds matrix` takes a whole catalogue",
         " las lista); `odds matrix` admite un catálogo entero"),
        (r"\bmust be a built-in name, a \.toml path or a catalogue entry FILE\.cat:NAME",
         "debe ser una unidad incluida, un archivo .toml o una entrada de catálogo "
         "ARCHIVO.cat:NOMBRE"),
        (r"\bempty unit spec\b", "unidad vacía"),
        (r"\bno unit entry named $", "ninguna entrada de unidad llamada "),
        (r"\bno unit named $", "ninguna unidad llamada "),
        (r"^ in the roster \(units: ", " en la lista (unidades: "),
        (r"^ starts several unit entries: ", " empieza varias entradas de unidad: "),
        (r"; give more of the name", "; da más del nombre"),
        (r"\bselection $", "selección "),
        (r"\b(\d+) command models need at least (\d+) models in the unit",
         r"\1 miniaturas de grupo de mando necesitan al menos \2 miniaturas en la unidad"),
        (r"\bno (.*?) in its command group \(available: ",
         r"no hay \1 en su grupo de mando (disponibles: "),
        (r"\bgive two units \(library names or TOML paths\) or --scenario FILE\.toml",
         "da dos unidades (incluidas o archivos TOML) o --scenario ARCHIVO.toml"),
        (r"\bgive either ATTACKER DEFENDER or --scenario, not both",
         "da ATACANTE DEFENSOR o --scenario, no ambos"),
        (r"\bflee and both need a charger \(--charger attacker or defender\)",
         "flee y both necesitan un bando que cargue (--charger attacker o defender)"),
        (r"^: (.*?) points do not buy ", r": \1 puntos no compran "),
        (r"\bdo not buy $", "no compran "),
        (r"^: (\S+) model\(s\) at (\S+) points plus (\S+) for the command group and the "
         r"unit's upgrades cost (\S+)",
         r": \1 miniatura(s) a \2 puntos más \3 del grupo de mando y las mejoras de la "
         r"unidad cuestan \4"),
        (r"^ buy $", " compran "),
        (r"\bbuy (\d+) models of $", r"compran \1 miniaturas de "),
        (r"^; at most (\d+)", r"; como mucho \1"),
        (r"\bno unit of the list can be fielded at (\S+) points",
         r"ninguna unidad de la lista se puede desplegar con \1 puntos"),
        (r"\bno unit of the list can be fielded", "ninguna unidad de la lista se puede desplegar"),
        (r"^ ignored \(rule not modelled by the engine\)",
         " ignorado (regla que el motor no modela)"),
        (r"^ ignored \(option not modelled by the engine\)",
         " ignorado (opción que el motor no modela)"),
        (r"^ ignored \(", " ignorado ("),
        (r"^ approximated \(", " aproximado ("),
        (r"^ has no points per model \(0 = unknown\), so it cannot be sized to points",
         " no tiene puntos por miniatura (0 = desconocidos), así que no se puede ajustar a "
         "puntos"),
        (r"^ has rules the engine ignores or approximates \(",
         " tiene reglas que el motor ignora o aproxima ("),
        (r"\); --strict refuses it", "); --strict la rechaza"),
        (r"\bhas no units\b", "no tiene unidades"),
        (r"\bno units\b", "ninguna unidad"),
        (r"^ has no unit that can fight", " no tiene ninguna unidad que pueda luchar"),
        (r"\bstrict import refuses it", "la importación estricta lo rechaza"),
        (r"\bout of memory \(try fewer --trials or smaller units\)",
         "memoria agotada (prueba con menos --trials o unidades más pequeñas)"),
        (r"\binput nested too deeply", "entrada anidada a demasiada profundidad"),
        (r"\binterrupted\b", "interrumpido"),
        (r"\binternal error:", "error interno:"),
        (r"\(please report it; ODDS_TRACEBACK=1 shows the traceback\)",
         "(por favor, avísanos; ODDS_TRACEBACK=1 muestra la traza)"),
        (r"\bthis (\w+) is for the game system ", r"este \1 es del sistema de juego "),
        (r"; odds reads MDNR data \(", "; odds lee datos del MDNR ("),
        (r"^, the catalogues of the Manuscritos de Nuth\): export the list with the MDNR "
         r"game system", ", los catálogos de los Manuscritos de Nuth): exporta la lista con el "
         "sistema de juego del MDNR"),
        (r"\bno model profile \(typeName $", "ningún perfil de miniatura (typeName "),
        (r"^\) found", ")"),
        (r"\bunit $", "unidad "),
        (r"\bcharacter $", "personaje "),
        (r"\bno character named $", "ningún personaje llamado "),
        (r"^ in the roster \(characters: ", " en la lista (personajes: "),
        (r"\bnone\)", "ninguno)"),
        (r"\bmust be\b", "debe ser"),
    ),
}
"""Error sentences, by language: ``(pattern, replacement)`` applied in order.

The engine raises :class:`~odds.validation.OddsInputError` in English (the
language of its API); :func:`error_text` rewrites the message for a player.
Field names, option names and the values the player gave (in quotes) are
kept as written: they are what the player types.  A pattern starting with
``^`` matches right after a quoted value, one ending with ``$`` right before
one (the message is translated piece by piece between quoted values).
"""

_QUOTED = re.compile(r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")""")


def error_text(message: str, lang: str) -> str:
    """An engine error ``message`` in ``lang``, through :data:`ERRORS`.

    Quoted values (the player's own names and inputs) are left as they are;
    each piece between them is rewritten by the table's patterns in order.
    """
    table = ERRORS.get(lang, ())
    if not table:
        return message
    pieces = _QUOTED.split(str(message))
    for i in range(0, len(pieces), 2):
        piece = pieces[i]
        for pattern, replacement in table:
            piece = re.sub(pattern, replacement, piece)
        pieces[i] = piece
    return "".join(pieces)


COMPILE_NOTICE: dict[str, dict[str, object]] = {
    "en": {},
    "es": {
        "compiling": "compilando {what} para esta máquina, una sola vez: unos {seconds} s…",
        "waiting": "otro proceso está compilando {what} para esta máquina; se espera a que "
                   "acabe (unos {seconds} s como mucho)…",
        "engines": {"charge": "el motor de cargas", "pursuit": "el motor de persecuciones",
                    "flight": "el motor de huidas", "combat": "el motor de combate",
                    "emergence": "el motor de salir desde abajo"},
    },
}
"""Words of the first-compile notice, by language (English: the engine's own)."""


def compile_notice_words(lang: str) -> dict[str, object] | None:
    """The first-compile notice's words in ``lang`` (``None``: the engine's English)."""
    return COMPILE_NOTICE.get(lang) or None


REPORT_KINDS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {"ignored": ("ignored", "ignored"), "approximated": ("approximated", "approximated"),
           "no_combat_effect": ("no combat effect", "no combat effect"),
           "note": ("note", "note")},
    "es": {"ignored": ("ignorado", "ignorados"), "approximated": ("aproximado", "aproximados"),
           "no_combat_effect": ("sin efecto en combate", "sin efecto en combate"),
           "note": ("nota", "notas")},
}
"""Words of an import report's kinds (singular, plural), by language."""

REASONS: dict[str, tuple[tuple[str, str | Callable[[re.Match[str]], str]], ...]] = {
    "en": (),
    "es": (
        (r"^rule not modelled by the engine$", "regla que el motor no modela"),
        (r"^option not modelled by the engine$", "opción que el motor no modela"),
        (r"^mark effect not modelled: ", "efecto de marca que el motor no modela: "),
        (r"^cannot import: ", "no se puede importar: "),
        (r"^the catalogue prices this entry at 0 points; its matchups per point are not "
         r"meaningful$", "el catálogo da 0 puntos a esta entrada; sus enfrentamientos por punto"
         " no tienen sentido"),
        (r"^models counted by several entries \((.*)\): imported as one model; give its size "
         r"with models=$", r"miniaturas contadas por varias entradas (\1): se importa como una"
         " miniatura; indica su tamaño con models="),
        (r"^second model profile in the unit: only the first rank-and-file profile is "
         r"modelled$", "segundo perfil de miniatura en la unidad: solo se modela el primer "
         "perfil de tropa"),
        (r"^the engine models one close-combat weapon; (\w+) used$",
         r"el motor modela un arma de combate cuerpo a cuerpo; se usa \1"),
        (r"^(\w+) cannot be used by (\w+); hand weapon used$",
         r"\2 no puede usar \1; se usa arma de mano"),
        (r"^hatred of some enemies only: not modelled$",
         "odio solo contra algunos enemigos: no se modela"),
        (r"^one failed armour save re-rolled each turn: not modelled$",
         "repetir una tirada de salvación fallida por turno: no se modela"),
        (r"^the (model|chariot|war_machine|monster|crew) has no (\w+); (\d+) used$",
         r"sin \2 en el perfil; se usa \3"),
        (r"^printed (.+?) \(set by the unit's own rules or table, not a number\); (\d+) used$",
         r"impreso \1 (lo fijan las reglas o la tabla de la unidad, no es un número); se usa "
         r"\2"),
        (r"^printed (.+?), kept (\d+) \(BS: not used in close combat\)$",
         r"impreso \1, se toma \2 (HP: no se usa en combate cuerpo a cuerpo)"),
        (r"^dice value (.+?) taken as its average rounded down \(BS: not used in close"
         r" combat\)$", r"tirada \1 tomada como su media redondeada hacia abajo (HP:"
         r" no se usa en combate cuerpo a cuerpo)"),
        (r"^printed (.+?), kept (\d+)$", r"impreso \1, se toma \2"),
        (r"^printed (.+?): (\d+) attacks and the tongue's \('Ataque de lengua'\)$",
         r"impreso \1: \2 ataques y el de la lengua ('Ataque de lengua')"),
        (r"^(\d+) is outside the engine's range (\d+)\.\.(\d+); (\d+) used$",
         r"\1 está fuera del rango del motor \2..\3; se usa \4"),
        (r"^dice value (.+?) taken as its average rounded down$",
         r"tirada \1 tomada como su media redondeada hacia abajo"),
        (r"^(chariot|war_machine) without a crew profile$", r"\1 sin perfil de dotación"),
        (r"^how many crew or steeds per (\w+) is not in the data; (\d+) crew assumed$",
         r"los datos no dicen cuántos tripulantes o bestias lleva cada \1; se suponen \2"),
        (r"^troop type (.+?) imported as (\w+)$", r"tipo de tropa \1 importado como \2"),
        (r"^troop type (.+?) not known; (\w+) inferred from Potencia (\d+)$",
         r"tipo de tropa \1 desconocido; \2 deducido de Potencia \3"),
        (r"^no model taken by default; the profiles of option (.+?) used$",
         r"ninguna miniatura por defecto; se usan los perfiles de la opción \1"),
        (r"^printed save (\S+) used \((\w+): not from equipment\)$",
         r"se usa la TSA impresa \1 (\2: no sale del equipo)"),
        (r"^printed save (\S+) used \(no armour: natural armour\)$",
         r"se usa la TSA impresa \1 (sin armadura: armadura natural)"),
        (r"^printed save (\S+), engine (\S+) from the equipment out of close combat "
         r"\(engine wins; RULES\.md §[\d.]+\)$",
         r"TSA impresa \1, el motor da \2 por el equipo fuera del combate cuerpo a cuerpo "
         r"(manda el motor)"),
        (r"^printed save none used \(cavalry without a steed profile: no cavalry \+1\)$",
         "sin TSA impresa (caballería sin perfil de montura: sin +1 de caballería)"),
        (r"^printed unit strength (\d+) per model used \(the troop type gives (\d+): MDNR unit "
         r"strength by troop type\)$", r"se usa la potencia de unidad impresa, \1 por "
         r"miniatura (el tipo de tropa da \2)"),
        (r"^printed unit strength (\d+) per model, engine (\d+) \(the troop type's unit "
         r"strength per model, MDNR; engine wins\)$",
         r"potencia de unidad impresa \1 por miniatura, el motor \2 (la del tipo de tropa; "
         r"manda el motor)"),
        (r"^natural armour: in the printed save (\S+) used$",
         r"armadura natural: se usa la TSA impresa \1"),
        (r"^armour of its own: in the printed save (\S+) used$",
         r"armadura propia: se usa la TSA impresa \1"),
        (r"^no unit: a placeholder whose model profile prints no characteristic \(the units it"
         r" stands for are other books' entries\)$",
         "no es una unidad: un comodín cuyo perfil no imprime ningún atributo (las unidades"
         " que representa son entradas de otros libros)"),
        (r"^a second unit entry with this name; the first is kept$",
         "otra entrada de unidad con este nombre; se conserva la primera"),
        (r"^no cost on the entry; (\S+) points from the option that links it$",
         r"la entrada no tiene coste; \1 puntos de la opción que la enlaza"),
        (r"^the entry obliges the unit to buy one of its options; the cheapest, (.+) \((\S+) "
         r"points a model\), is taken \(name another with upgrades=\)$",
         r"la unidad debe comprar una de sus opciones; se toma la más barata, \1 (\2 puntos "
         r"por miniatura) (elige otra con upgrades=)"),
        (r"^the champion fights with its own weapon: (\w+)$",
         r"el campeón lucha con su propia arma: \1"),
        (r"^the profile of the champion (.+?) \(named otherwise in the data\)$",
         r"el perfil del campeón \1 (con otro nombre en los datos)"),
        (r"^the rule of the option (.+?), not taken$", r"la regla de la opción \1, no tomada"),
        (r"^the rule of the champion (.+?), not taken$", r"la regla del campeón \1, no tomado"),
        (r"^each model fights alone after deployment: the entry is one model, several are"
         r" several units of the combat$",
         "cada miniatura lucha sola tras el despliegue: la entrada es una miniatura; varias"
         " son varias unidades del combate"),
        (r"^the unit's champion \(its command group's 'Perrero'\); his move of 18 cm: movement$",
         "el campeón de la unidad (el 'Perrero' de su grupo de mando); su movimiento de 18 cm:"
         " movimiento"),
        (r"^the Perrero's own 6\+ save 'por ir montado'; his warhorse's attack and his lance are"
         r" not fought \(the engine's champion rides no steed of his own\)$",
         "la salvación propia de 6+ del Perrero 'por ir montado'; el ataque de su caballo de"
         " guerra y su lanza no se combaten (el campeón del motor no monta corcel propio)"),
        (r"^the troop type of Tipo \(no text of its own\)$",
         "el tipo de tropa de Tipo (sin texto propio)"),
        (r"^a magic level: the character is a wizard .*$",
         "un nivel de magia: el personaje es hechicero; sus hechizos se lanzan en la fase de "
         "magia"),
        (r"^magic level 0: no wizard$", "nivel de magia 0: no es hechicero"),
        (r"^modelled with the troop type: impact hits, .*$",
         "modelado con el tipo de tropa: impactos por carga, y una herida de F7 o más destruye "
         "el carro"),
        (r"^a Knight within (\d+) cm lends his own Ld as a General does: give it as the side's "
         r"general_ld$", r"un Caballero a \1 cm o menos presta su L como un General: dalo como "
         r"general_ld del bando"),
        (r"^the steeds' random attacks \((\w+)\): rolled each round, not their average$",
         r"los ataques aleatorios de las bestias (\1): se tiran cada turno, no su media"),
        (r"^the leader's own ward save (\S+): it fights as a body of its own$",
         r"la salvación especial propia del líder, \1: lucha como un cuerpo propio"),
        (r"^the champion's own gear \((.+?)\) saves (\S+) in close combat, the unit (\S+): it "
         r"fights as a body of its own$", r"el equipo propio del campeón (\1) salva a \2 en "
         r"combate cuerpo a cuerpo, la unidad a \3: lucha como un cuerpo propio"),
        # no combat effect: the phase of the game it belongs to, then what it is
        (r"^army composition$", "composición del ejército"),
        (r"^army composition: which marks a model may carry .*$",
         "composición del ejército: qué marcas puede llevar una miniatura"),
        (r"^army composition: which marks the General allows$",
         "composición del ejército: qué marcas permite el General"),
        (r"^army composition: which armies may field them(, who may join .*)?$",
         "composición del ejército: qué ejércitos pueden incluirlos"),
        (r"^army composition: which characters may join which units$",
         "composición del ejército: qué personajes pueden unirse a qué unidades"),
        (r"^army composition: which unit may carry a magic standard$",
         "composición del ejército: qué unidad puede llevar un estandarte mágico"),
        (r"^army composition: ('[^']*')$", r"composición del ejército: \1"),
        (r"^shooting: a missile weapon.*$", "disparo: un arma de proyectiles"),
        (r"^shooting: line of sight and \+1 to hit it with missiles$",
         "disparo: línea de visión y +1 para impactarle con proyectiles"),
        (r"^shooting: a cannon's shot$", "disparo: el tiro de un cañón"),
        (r"^shooting: how hits on the machine are shared between it, its Goblins and the"
         r" Ezpabilagoblins \(his printed profile is an Orc's\)$",
         "disparo: cómo se reparten los impactos entre la máquina, sus Goblins y el"
         " Ezpabilagoblins (su perfil impreso es el de un Orco)"),
        (r"^war machine: the war machine's shot$", "máquina de guerra: su disparo"),
        (r"^movement: marching with enemies near$",
         "movimiento: marchar con enemigos cerca"),
        (r"^out of combat: tested only by units (.+)$",
         r"fuera del combate: solo lo chequean unidades \1"),
        (r"^who may join: no character may join \(or only some may\).*$",
         "quién puede unirse: ningún personaje puede unirse (o solo algunos)"),
        (r"^magic phase: dispel dice against spells$",
         "fase de magia: dados de dispersión contra hechizos"),
        (r"^deployment$", "despliegue"),
        (r"^movement$", "movimiento"),
        (r"^a missile weapon.*$", "un arma de proyectiles"),
        (r"^a shooting attack.*$", "un ataque de disparo"),
        (r"^a label: its text is (.+)$", r"una etiqueta: su texto es \1"),
        (r"^army composition: .*$", "composición del ejército"),
        (r"^shooting: .*$", "disparo"),
        (r"^movement: .*$", "movimiento"),
        (r"^deployment: .*$", "despliegue"),
        (r"^magic phase: .*$", "fase de magia"),
        (r"^out of combat: .*$", "fuera del combate"),
        (r"^war machine: .*$", "máquina de guerra fuera del combate"),
        (r"^who may join: .*$", "quién puede unirse"),
        # spanish: the reasons of the army rules, one pattern each
        (r"^rides the chariot as a character: a body of its own in the front rank with its "
         r"profile, weapon \((\w+)\) and save, attacked apart; it fights on alone once the "
         r"chariot is destroyed$",
         r"va en el carro como un personaje: un cuerpo propio en la primera fila con su perfil,"
         r" su arma (\1) y su salvación, atacado por separado; sigue luchando solo si el carro"
         r" es destruido"),
        (r"^the Medusa rides the altar as a character rides a chariot .*$",
         "la Medusa va en el Altar como un personaje montado en carro: un cuerpo propio, "
         "atacado por separado; no puede abandonarlo y sigue luchando sola si el Altar es "
         "destruido"),
        (r"^a second kind of crew: fights beside (.+?) with its own profile and weapon; its own "
         r"T and W are not in the war machine's wounds$",
         r"un segundo tipo de dotación: lucha junto a \1 con su propio perfil y arma; su R y sus "
         r"H no cuentan en las heridas de la máquina de guerra"),
        (r"^a second kind of crew: fights beside (.+?) with its own profile and weapon "
         r"\((\w+)\)$", r"un segundo tipo de dotación: lucha junto a \1 con su propio perfil y "
         r"arma (\2)"),
        # Bretonia and the elves
        (r"^a second kind of crew: fights beside (.+?) with its own profile and weapon "
         r"\((\w+)\); T and W as .+?'s, so the machine's wounds stand; the unit tests on the "
         r"higher Ld and counts him in its unit strength$",
         r"un segundo tipo de dotación: lucha junto a \1 con su propio perfil y arma (\2); su R"
         r" y sus H son las de la dotación, así que las heridas de la máquina no cambian; la "
         r"unidad chequea con el L más alto y lo cuenta en su potencia de unidad"),
        (r"^a champion's profile no option of the entry selects: its champion is '(.+?)', with "
         r"its own profile$", r"un perfil de campeón que ninguna opción de la entrada elige: su "
         r"campeón es '\1', con su propio perfil"),
        (r"^with shields, the mixed unit saves as the text recommends: .*$",
         "con escudos, la unidad mixta salva como recomienda el texto: arma de mano y escudo"
         " contra enemigos por su frente, lanza y escudo por un flanco o la retaguardia"
         " (Unit.front_weapon)"),
        (r"^other slave units are skaven too: their panic from this one \((.+?)\) is left out$",
         r"las demás unidades de esclavos también son skaven: no se cuenta el pánico que esta "
         r"les causa (\1)"),
        (r"^the lord and his beasts fight as one model, the beasts as his steed: .*$",
         "el señor y sus bestias luchan como una sola miniatura, las bestias como su montura: "
         "golpes propios, sin heridas propias (no puede rechazar un desafío: no tiene entre "
         "quién esconderse)"),
        (r"^the steeds of a war machine \(horse artillery\) give its move only; .*$",
         "las monturas de una máquina de guerra (artillería a caballo) solo le dan su "
         "movimiento; no luchan en el motor"),
        (r"^his choice of weapon against the ('[^']+') \('puede elegir si lucha con la (.+?) o "
         r"con el par de pistolas'\): he fights with the stake, the pistols shoot$",
         r"su elección de arma frente a \1 ('puede elegir si lucha con la \2 o con el par de "
         r"pistolas'): lucha con la estaca, las pistolas disparan"),
        (r"^the two heroes fight as one unit: the second hero is not in this build$",
         "los dos héroes luchan como una sola unidad: el segundo héroe no está en esta "
         "configuración"),
        (r"^1D3 hits a turn for a steam point while engaged: not modelled by the engine$",
         "1D3 impactos por turno a cambio de un punto de vapor mientras está trabado: el motor "
         "no lo modela"),
        (r"^(\d+) structure points lost by 1D6 \+ S - 8 \(soft\) or - 10 \(hard\) per hit .*$",
         r"\1 puntos de estructura, que se pierden por 1D6 + F - 8 (blando) o - 10 (duro) por "
         r"impacto en vez de heridas: el motor no lo modela"),
        (r"^Félix's \+2 attacks, and re-rolls to hit and to wound against Dragon-type models: .*$",
         "los +2 ataques de Félix y sus repeticiones para impactar y para herir contra "
         "miniaturas de tipo Dragón: el motor no distingue dragones ni repite tiradas para "
         "herir, no se modela"),
        (r"^Gilead and Fithvael are two characters, each free to join a unit or fight alone: .*$",
         "Gilead y Fithvael son dos personajes, cada uno libre de unirse a una unidad o luchar "
         "solo: una entrada de dos personajes, no una unidad; no se modela"),
        (r"^Gilead re-rolls to hit and to wound against one enemy character nominated .*$",
         "Gilead repite las tiradas para impactar y para herir contra un personaje enemigo "
         "elegido al comienzo de la batalla: el motor no repite tiradas para herir ni elige "
         "enemigos, no se modela"),
        (r"^Gilead's magic hand weapon with armour piercing: .*$",
         "el arma de mano mágica de Gilead con poder de penetración: Gilead y Fithvael son dos "
         "personajes independientes ('Personajes independientes') que la importación toma "
         "como una sola miniatura, no se modela"),
        (r"^Gotrek \(W3 T5\) and Félix \(W2 T4\) are one unit of two models .*$",
         "Gotrek (H3 R5) y Félix (H2 R4) son una unidad de dos miniaturas con armas propias: "
         "la importación toma la entrada como una sola miniatura (Félix, su campeón), no se "
         "modela"),
        (r"^Kylists \(HA4 F4, halberd\) among the Cabrones \(HA3 F3, great weapon\): .*$",
         "Kylists (HA4 F4, alabarda) entre los Cabrones (HA3 F3, arma a dos manos): los datos "
         "no dicen dónde forman en la unidad ni de quiénes se retiran las bajas, y el motor "
         "lleva un solo perfil de tropa por unidad: no se modela (los Kylists luchan como "
         "Cabrones)"),
        (r"^WS and Ld of the bound character while he lives .*$",
         "HA y L del personaje vinculado mientras vive (los impresos solo tras su muerte): el "
         "personaje no está en la entrada"),
        (r"^a 4\+ ward save and Immune to break for both while Gotrek lives: .*$",
         "salvación especial de 4+ e Inmune a desmoralización para ambos mientras Gotrek vive: "
         "la salvación y el chequeo de desmoralización de Félix cambiarían al caer Gotrek, y "
         "los dos no se importan como una unidad de dos ('Formación'), no se modela"),
        (r"^a 5\+ ward save for the Barcatronante alone, not for the crew aboard it: .*$",
         "salvación especial de 5+ solo para el Barcatronante, no para la dotación a bordo: la "
         "máquina de guerra del motor tiene un solo total de heridas, no se modela"),
        (r"^a (\S+) ward save, but not against attacks of models in base contact .*$",
         r"salvación especial de \1, pero no contra ataques de miniaturas en contacto peana con "
         r"peana (los ataques de las filas de apoyo no son de contacto): no se modela"),
        (r"^a Herald's mount printed as a unit entry .*$",
         "la montura de un Heraldo impresa como entrada de unidad (sin R, H ni L propios, +2 a "
         "la TSA del Heraldo, 4 ataques propios, infantería de Potencia 4 +1): no hay jinete "
         "en la entrada con el que luchar, y los personajes del motor solo montan corceles de "
         "caballería o monstruos"),
        (r"^a charge bonus of steeds the engine does not model \(no steed profile\)$",
         "una bonificación de carga de las monturas que el motor no modela (sin perfil de "
         "montura)"),
        (r"^a daemonic mount is subject to instability once its rider is dead: .*$",
         "una montura demoníaca sufre inestabilidad cuando muere su jinete: no hay jinete en la "
         "entrada, no se modela"),
        (r"^at the start of the third turn a D6 \(the opponent's\) may make them frenzied .*$",
         "al comienzo del tercer turno, un D6 (del rival) puede darles Furia asesina o F+1 H+1 "
         "el resto de la batalla: no se modela"),
        (r"^attacks on the tank roll to hit only to split soft and hard hits .*$",
         "los ataques contra el tanque tiran para impactar solo para separar impactos blandos y "
         "duros contra los Puntos de estructura: un modelo de daños propio, el motor no lo "
         "modela"),
        (r"^besides the catapult's shooting, .*$",
         "además del disparo de la catapulta, el tripulante Ogro lucha (su R y sus H no cuentan "
         "en las heridas de la máquina) y, si el mortero es destruido, la dotación superviviente "
         "sigue luchando como unidad: no se modela"),
        (r"^both count as champions: the leader is the unit's champion, the other a named "
         r"member with the role champion \(Unit.members\)$",
         "ambas cuentan como campeonas: la líder es la campeona de la unidad, la otra un "
         "miembro con nombre con el papel de campeón (Unit.members)"),
        (r"^bound to a Human character of the army .*$",
         "vinculado a un personaje Humano del ejército (un monstruo que pierde a su jinete "
         "cuando este muere): el personaje no está en la entrada, no se modela"),
        (r"^enemy models in base contact count as Initiative 1 .*$",
         "las miniaturas enemigas en contacto peana con peana cuentan como Iniciativa 1 (no las "
         "inmunes al frío): el orden de ataque enemigo lo fija esta miniatura, no se modela"),
        (r"^horse artillery: each light cannon .*$",
         "artillería a caballo: cada cañón ligero con su dotación es una unidad propia, el "
         "artillero a caballo lucha desde su caballo ('y el caballo también lucha') y Bronzino "
         "se une a un cañón como personaje: no se modela"),
        (r"^impact hits split into soft and hard hits, 1D6 S6 back .*$",
         "impactos por carga divididos en blandos y duros, 1D6 impactos de F6 de vuelta a las "
         "miniaturas que los causan: no se modela"),
        (r"^natural armour not in the save used$", "la armadura natural no está en la TSA usada"),
        (r"^once a game, for two turns, Gilead fights with the ('[^']+') profile .*$",
         r"una vez por partida, durante dos turnos, Gilead lucha con el perfil \1 (HA10 I10 "
         r"A8), siempre ataca primero y tiene una salvación especial de 4+; la importación toma "
         r"ese perfil para toda la batalla: no se modela"),
        (r"^one S5 hit on every enemy model in contact and 4\+ on those next to them, .*$",
         "un impacto de F5 a cada miniatura enemiga en contacto y a 4+ a las de al lado, luego "
         "-1 para impactar: necesita las miniaturas alrededor de cada matador, el motor no lo "
         "modela"),
        (r"^one more S4 attack per Fimir .*$",
         "un ataque más de F4 por Fimir (sea cual sea su arma) solo contra miniaturas en la "
         "retaguardia de la unidad: no se modela"),
        (r"^one more attack for each of Gotrek's first attacks that hits .*$",
         "un ataque más por cada uno de los primeros ataques de Gotrek que impacta (los "
         "adicionales no dan más), heridas múltiples (2) contra R5 o más: ataques añadidos por "
         "impactos, para los que el motor no tiene columna ('Asalto imparable' los añade por "
         "heridas, y encadena), no se modela"),
        (r"^one special attack chosen by its player each combat .*$",
         "un ataque especial que elige su jugador en cada combate (1D6+1 impactos de F10, un "
         "agarre con una tabla D6 propia, o un bramido que gana el combate por 1 y detiene los "
         "ataques enemigos): no se modela"),
        (r"^one use, \+1D6 S for a turn of the player's choice: not modelled$",
         "un solo uso, +1D6 a la F durante un turno que elige el jugador: no se modela"),
        (r"^six engineers ride the chariot as characters, .*$",
         "seis ingenieros van en el carro como personajes, cada uno con un arma distinta "
         "(alabarda con gancho F+1 o F+2 contra caballería, atrapahombres con golpe letal, bola "
         "y cadena F+3 en el primer turno, tres armas de mano) y pueden ser atacados en vez del "
         "carro: seis cuerpos de dotación, no se modela"),
        # giants family: the giants' table (odds.special_rules.giants) and the Giants of Albion
        (r"^printed '\*': the giant's attacks are its table .*$",
         "'*' impreso: los ataques del gigante son su tabla ('Ataques del gigante'), una tirada "
         "por turno"),
        (r"^printed '\*': the Titán's attacks are its table .*$",
         "'*' impreso: los ataques del Titán son su tabla ('Ataques especiales'), una tirada "
         "por turno"),
        (r"^printed '\*': no blows of their own, their 'Torbellino de muerte' .*$",
         "'*' impreso: no atacan normalmente, en su lugar impacta su 'Torbellino de muerte'"),
        (r"^the hooks' S\+1 and killing blow: the giant's sweep .*$",
         "la F+1 y el Golpe letal de los garfios: el barrido del gigante a F7 con Golpe letal "
         "('Ataques del gigante')"),
        (r"^the Giants of Albion's own table, rolled before every other blow .*$",
         "la tabla propia de los Gigantes de Albión, tirada antes de cualquier otro golpe (un "
         "grito con 1-3 o 1-2 que obliga al enemigo a chequear con -2, 1D6 impactos de F6, "
         "saltos, un barrido): no es la tabla de gigante del motor, no se modela"),
        (r"^the Giants of Albion's falls \(an S5 template, .*$",
         "las caídas de los Gigantes de Albión (una plantilla de F5, sin chequeo de caída al "
         "perder un combate): no se modelan"),
        (r"^a Giant of Albion slain falls with its own S5 template .*$",
         "un Gigante de Albión que muere cae con su propia plantilla de F5 ('Caídas'): no se "
         "modela"),
        (r"^the Ungors \(HA3 R3, hand weapon or spear\) stand behind the Gors .*$",
         "los Ungors (HA3 R3, arma de mano o lanza) forman detrás de los Gors (HA4 R4): el "
         "enemigo golpea a los Gors en contacto (su R y su TSA) hasta que caen, luego a los "
         "Ungors (R3), y los Ungors con lanza golpean desde la segunda fila con su HA mientras "
         "los Gors aguantan el frente: la R, la TSA y los combatientes de la unidad cambian al "
         "morir los Gors, y el motor lleva un solo perfil de tropa por unidad: no se modela"),
        (r"^the champion option ('[^']+'), the Dirach's alternative in the command group: .*$",
         r"la opción de campeón \1, alternativa al Dirach en el grupo de mando: una hechicera de "
         r"nivel 2 (A2, TSA 6+, sin armadura pesada) cuyo perfil la importación no toma como "
         r"el del campeón (segundo perfil de miniatura), no se modela"),
        (r"^the enemy never laps round the Hobgoblins, .*$",
         "el enemigo nunca envuelve a los Hobgoblins, que envuelven con cualquier número de "
         "miniaturas aunque no ganen: el envolvimiento lo decide el motor, que no tiene regla "
         "para ello: no se modela"),
        (r"^the howdah's unit and character fight from the mammoth .*$",
         "la unidad y el personaje del castillo luchan desde el mamut mientras los enemigos "
         "solo golpean al mamut (salvo los voladores): una unidad montada en un monstruo, no se "
         "modela"),
        (r"^the howdah's unit dismounts engaged when the mammoth dies, .*$",
         "la unidad del castillo desmonta trabada cuando muere el mamut, sin bonificación por "
         "filas ese turno: no se modela"),
        (r"^the result of a model the engine does not fight .*$",
         "el resultado de una miniatura que el motor no hace luchar (la unidad del castillo del "
         "mamut: hostigadores con estandarte y L propio; el tanque de vapor: puntos de "
         "estructura perdidos contados como heridas, inmune a desmoralización, sin "
         "persecución): no se modela"),
        (r"^the steam points spent each turn \(Embestida, shooting\) are a player's choice: .*$",
         "los puntos de vapor gastados cada turno (Embestida, disparo) los elige el jugador: el "
         "motor no lo modela"),
        (r"^two crew per gun and a pilot; the Barcatronante is removed .*$",
         "dos tripulantes por cañón y un piloto; el Barcatronante se retira cuando muere toda "
         "la dotación: bajas propias de la dotación, no se modela"),
        (r"^two personalities .*$",
         "dos personalidades (odio y doble bonificación por flanco o retaguardia, o furia "
         "asesina, F+1, HA2, L-1) que se alternan con un chequeo de L al final de cada turno "
         "una vez herido: no se modela"),
        (r"^when Barda dies -- .*$",
         "cuando muere Barda (un personaje propio, nunca en la unidad de gárgolas "
         "('Personaje'), que lucha en otro sitio o a su lado en un combate múltiple), las "
         "gárgolas chequean como un monstruo que ha perdido a su jinete (reacción de monstruo "
         "de 6.ª): el motor no sigue miniaturas fuera de la unidad ni tiene reacción de "
         "monstruo, no se modela"),
        (r"^-1 to hit Asarnil and his dragon with missiles .*$",
         "-1 para impactar a Asarnil y su dragón con proyectiles (sin efecto en combate cuerpo "
         "a cuerpo), y +1 a la tirada de reacción de monstruo del dragón cuando muere Asarnil, "
         "un chequeo que la 6.ª hace después de resolver el combate"),
        (r"^a Ld test at the start of his turns only when he is not engaged: movement$",
         "un chequeo de L al comienzo de sus turnos solo cuando no está trabado: movimiento"),
        (r"^a bound spell: the magic phase$", "un objeto portahechizos: la fase de magia"),
        (r"^a crew the entry must choose: the cheapest, Goblins led by an Ezpabilagoblins, is"
         r" taken \(name 'Orcos' with upgrades= for the other\)$",
         "una dotación que la entrada obliga a escoger: se toma la más barata, Goblins al mando"
         " de un Ezpabilagoblins (nombra 'Orcos' en upgrades= para la otra)"),
        (r"^a label: the unit's type, which the (.+?)'s own rule names$",
         r"una etiqueta: el tipo de la unidad, que nombra la regla propia de \1"),
        (r"^an extra dispel die for the army: the magic phase$",
         "un dado de dispersión más para el ejército: la fase de magia"),
        (r"^bound spells \(('[^']+')\) cast in the magic phase: .*$",
         r"hechizos vinculados (\1) lanzados en la fase de magia: un combate del motor empieza "
         r"sin ningún hechizo en juego"),
        (r"^the machine's shot: the shooting phase$",
         "el disparo de la máquina: la fase de disparo"),
        (r"^the magic phase$", "la fase de magia"),
        (r"^the magic phase \(enemy wizards' miscasts\)$",
         "la fase de magia (disfunciones de los hechiceros enemigos)"),
        (r"^the misfire of the cannon's shot, which it cannot fire while engaged "
         r"\(('[^']+')\)$", r"el problema del disparo del cañón, que no puede disparar trabado "
         r"(\1)"),
        (r"^the second crew's armour \(the chariot's printed save is used\)$",
         "la armadura de la segunda dotación (se usa la TSA impresa del carro)"),
        (r"^('[^']+') is cavalry with its printed Potencia, not man-sized .*$",
         r"\1 es caballería con su Potencia impresa, no de tamaño humano (golpe letal)"),
        (r"^(\w+) impact hits per model only after a charge of (\d+) cm or more: give the gap "
         r"before the charge .*default (\d+) cm\)$",
         r"\1 impactos por carga por miniatura solo tras una carga de \2 cm o más: da la "
         r"distancia antes de la carga (odds combat --distance; por defecto \3 cm)"),
        (r"^(.+?): 6\+ or \+1 to the armour save in close combat; (\S+) used there "
         r"\(printed (\S+)\)$", r"\1: 6+ o +1 a la TSA en combate cuerpo a cuerpo; se usa "
         r"\2 (impresa \3)"),
        (r"^a Beastmaster within (\d+) cm lends his Ld as a General does: give it as the "
         r"side's general_ld$", r"un Amo de las bestias a \1 cm o menos presta su L como un "
         r"General: dalo como general_ld del bando"),
        (r"^a character of his own who can never be in this unit \(his rule ('[^']+')\): .*$",
         r"un personaje propio que nunca puede estar en esta unidad (su regla \1): no se "
         r"importa con ella, sus puntos siguen en el precio del regimiento"),
        (r"^a flying monster in close combat \(troop type monster, its own profile\)$",
         "un monstruo volador en combate cuerpo a cuerpo (tipo de tropa monstruo, su propio "
         "perfil)"),
        (r"^a friendly Hunter's Ld within (\d+) cm is used as a General's: .*$",
         r"el L de un Cazador amigo a \1 cm o menos se usa como el de un General: dalo como L "
         r"del General (odds combat --attacker-general-ld/--defender-general-ld)"),
        (r"^a mark without text: its effects are in the unit's own rules \(('[^']+')\)$",
         r"una marca sin texto: sus efectos están en las reglas propias de la unidad (\1)"),
        (r"^a monster, not a chariot: its troop type$", "un monstruo, no un carro: su tipo de "
         "tropa"),
        (r"^a named member \((\w+)\): fights in the front rank as a character with its own "
         r"profile and (\w+), lends the unit no Ld \((.+)\)$",
         r"un miembro con nombre (\1): lucha en primera fila como un personaje con su propio "
         r"perfil y \2, no presta su L a la unidad (\3)"),
        (r"^a named member \((\w+)\): fights in the front rank as a character with its own "
         r"profile and (\w+), lends the unit its Ld as a joined character$",
         r"un miembro con nombre (\1): lucha en primera fila como un personaje con su propio "
         r"perfil y \2, presta su L a la unidad como un personaje unido a ella"),
        (r"^('.+')'s magic weapon, which he must use \(RULES\.md §1\.7\): (\w+), multiple"
         r" wounds (\w+), (.+)$",
         r"el arma mágica de \1, que debe usar (RULES.md §1.7): \2, heridas múltiples \3,"
         r" \4"),
        (r"^('.+')'s own armour: armour save (\d)\+ with his steed$",
         r"la armadura propia de \1: tirada de salvación por armadura de \2+ con su montura"),
        (r"^('.+') has it as the unit's models do$",
         r"\1 la lleva como las miniaturas de la unidad"),
        (r"^an option of ('.+') not modelled by the engine$",
         r"una opción de \1 que el motor no modela"),
        (r"^the machine's crew: (\d+) dwarfs of unit strength 1 beside '([^']+)', the dwarf"
         r" printed with the machine .*$",
         r"la dotación de la máquina: \1 enanos de potencia de unidad 1 junto a '\2', el enano"
         r" impreso con la máquina ('La máquina no tiene perfil separado, se considera parte de"
         r" los enanos')"),
        (r"^the dwarf printed with the machine, a member \(Unit\.members, role 'operator'\) of"
         r" unit strength (\d+) \(himself and the machine\): struck only once .*$",
         r"el enano impreso con la máquina, un miembro (Unit.members, papel 'operator') de"
         r" potencia de unidad \1 (él y la máquina): solo se le ataca cuando no queda otro"
         r" enano ('Un único enano puede operar la Máquina pequeña')"),
        (r"^a relic member: fights in the front rank as one model of unit strength (\d+), with"
         r" the unit's standard and musician, never duels, is attacked only once no rank and"
         r" file is left, immune to killing blow, every wound on it a single wound .*$",
         r"un miembro reliquia: lucha en primera fila como una miniatura de potencia de unidad"
         r" \1, con el estandarte y el músico de la unidad, nunca combate en desafíos, solo se"
         r" le ataca cuando no queda tropa, es inmune a golpe letal y cada herida que sufre es"
         r" una única herida (Unit.members, papel 'relic')"),
        (r"^the relic member's rule \(Unit\.members, role 'relic'\); the Blessing of the Lady"
         r" .*$",
         "la regla del miembro reliquia (Unit.members, papel 'relic'); la Bendición de la Dama "
         "le llega a la unidad como a los caballeros, por la oración del ejército antes de la "
         "batalla, que la importación de ninguna entrada da"),
        (r"^a named model fighting as a character joined to the unit for good .*$",
         "una miniatura con nombre que lucha como un personaje unido a la unidad para siempre"),
        (r"^a one-model unit from a type='model' entry(.*)$",
         r"una unidad de una miniatura de una entrada de tipo 'model'\1"),
        (r"^heals, after its charge's impact hits, wounds lost earlier in the battle: .*$",
         "recupera, tras los impactos por carga, heridas perdidas antes en la batalla: aquí el "
         "combate empieza con el trono sin heridas y sus impactos por carga son los primeros "
         "golpes, así que no hay nada que curar"),
        (r"^its effects are the unit's own rules and profiles \(its text says so\)$",
         "sus efectos son las reglas y perfiles propios de la unidad (lo dice su texto)"),
        (r"^modelled with frenzy: the extra attack is the crew's only .*$",
         "modelado con furia asesina: el ataque adicional es solo de la dotación (los ataques "
         "del Juggernaut no cambian), y todo el carro tiene furia asesina al mover y perseguir"),
        (r"^moves like a flyer; flees and pursues (\w+) \(its random move\)$",
         r"mueve como un volador; huye y persigue \1 (su movimiento aleatorio)"),
        (r"^no Tipo printed; (\w+): every other MDNR troll is printed ('[^']+') "
         r"\(Potencia (\d+) agrees\)$", r"sin Tipo impreso; \1: todos los demás trolls del "
         r"MDNR llevan impreso \2 (la Potencia \3 concuerda)"),
        (r"^no armour in the data: heavy armour read from the printed ('.+') \(cavalry \+1, the "
         r"steed folded in\)$", r"sin armadura en los datos: armadura pesada leída de la TSA "
         r"impresa \1 (+1 de caballería, la montura incluida)"),
        (r"^no armour in the data: light armour read from the printed ('.+') \(cavalry \+1, the "
         r"steed folded in\)$", r"sin armadura en los datos: armadura ligera leída de la TSA "
         r"impresa \1 (+1 de caballería, la montura incluida)"),
        (r"^printed ('[^']+'): unit strength (\d+) with its (\d+) handlers, who are never "
         r"attacked while it lives$", r"impreso \1: potencia de unidad \2 con sus \3 "
         r"cuidadores, a los que nunca se ataca mientras vive"),
        (r"^printed save (\S+) used \(cavalry without a steed profile: no cavalry \+1\)$",
         r"se usa la TSA impresa \1 (caballería sin perfil de montura: sin +1 de caballería)"),
        (r"^race '(\w+)': of type (\w+) and (\w+), not a greenskin$",
         r"raza '\1': de tipo \2 y \3, no es un piel verde"),
        (r"^random attacks: (\S+), the dice printed as the model's A, rolled once each combat "
         r"round$", r"ataques aleatorios: \1, la tirada impresa como A de la miniatura, se tira "
         r"una vez en cada turno de combate"),
        (r"^the beasts' unit with the lord standing in it as a character: he cannot refuse a "
         r"challenge, and the beasts die with him \(beast_lord\)$",
         "la unidad de bestias con el señor en ella como personaje: no puede rehuir un "
         "desafío, y las bestias mueren con él (beast_lord)"),
        (r"^the beasts fight as the lord's steed and fall with him$",
         "las bestias luchan como la montura del señor y caen con él"),
        (r"^the champion fights with a hand weapon and a pistol: .*$",
         "el campeón lucha con arma de mano y pistola: un ataque más, de F4 y con poder de "
         "penetración, en el primer turno"),
        (r"^the champion has no (\w+); (\d+) used$", r"el campeón no tiene \1; se usa \2"),
        (r"^the champion's (.+)$", lambda m: _champion_gear(m.group(1))),
        (r"^the crew has no L; the other crew's \((.+?)\) is the unit's$",
         r"la dotación no tiene L; el de la otra dotación (\1) es el de la unidad"),
        (r"^the front rank fights with its own weapon \((\w+)\) and saves with it against "
         r"enemies at the front; the ranks behind with (\w+), .*$",
         r"la primera fila lucha con su propia arma (\1) y salva con ella contra enemigos de "
         r"frente; las filas de detrás, con \2, y su TSA contra enemigos por el flanco o la "
         r"retaguardia; las bajas salen de las filas de detrás"),
        (r"^the handlers fight beside the monster and are never attacked while it lives .*$",
         "los cuidadores luchan junto al monstruo y nunca se les ataca mientras vive (su "
         "dotación adicional)"),
        (r"^the handlers' own hatred: their blows only$",
         "el odio propio de los cuidadores: solo en sus golpes"),
        (r"^the leader's own armour save (\S+): he fights as a body of his own$",
         r"la TSA propia del líder, \1: lucha como un cuerpo propio"),
        (r"^the leader's own hatred of undead: he fights as a body of his own.*$",
         "el odio propio del líder a los No Muertos: lucha como un cuerpo propio"),
        (r"^the leader's own rule: (\w+) in close combat \(he fights as a body of his own\)$",
         r"la regla propia del líder: \1 en combate cuerpo a cuerpo (lucha como un cuerpo "
         r"propio)"),
        (r"^the leader's own rule: ward (\S+) and (\w+) in close combat \(he fights as a body "
         r"of his own\)$", r"la regla propia del líder: salvación especial \1 y \2 en combate "
         r"cuerpo a cuerpo (lucha como un cuerpo propio)"),
        (r"^the leader's (own )?rule: it fights as a body of its own with it .*$",
         "la regla propia del líder: lucha con ella como un cuerpo propio"),
        (r"^the machine fights beside its crew \(('[^']+')\): WS(\d+) S(\d+) I(\d+) A(\d+), a "
         r"hand weapon$", r"la máquina lucha junto a su dotación (\1): HA\2 F\3 I\4 A\5, arma "
         r"de mano"),
        (r"^the monster's (\d+) handlers: they fight beside it with their own profile and "
         r"weapon \((\w+)\) and are never attacked while it lives; the unit tests on the higher "
         r"Ld of (.+?) and its handlers .*$",
         r"los \1 cuidadores del monstruo: luchan a su lado con su propio perfil y arma (\2) y "
         r"nunca se les ataca mientras vive; la unidad chequea con el L más alto entre \3 y sus "
         r"cuidadores (una unidad usa el L más alto de sus miniaturas)"),
        (r"^the rider and his Disc of Tzeentch fight with the one joint profile printed$",
         "el jinete y su Disco de Tzeentch luchan con el único perfil conjunto impreso"),
        (r"^the steeds' random attacks \((\S+)\): rolled each round, not their average$",
         r"los ataques aleatorios de las bestias (\1): se tiran cada turno, no su media"),
        (r"^the steeds' random attacks: (\S+), rolled once each combat round$",
         r"los ataques aleatorios de las bestias: \1, se tiran una vez en cada turno de "
         r"combate"),
        (r"^troop type ('[^']+'): a monster, as its rule ('[^']+') says$",
         r"tipo de tropa \1: un monstruo, como dice su regla \2"),
        (r"^troop type ('[^']+'): infantry, as its rule says \('se considera Infantería a"
         r" todos los efectos'\)$",
         r"tipo de tropa \1: infantería, como dice su regla ('se considera Infantería a todos"
         r" los efectos')"),
        (r"^troop type (.+?) imported as (\w+) \(Potencia (\d+) agrees\)$",
         r"tipo de tropa \1 importado como \2 (la Potencia \3 concuerda)"),
        (r"^troop type (.+?) with M(\d+): (\w+), the steed folded into the profile$",
         r"tipo de tropa \1 con M\2: \3, con la montura incluida en el perfil"),
        # army rules of the big monsters, the Empire and the mercenaries
        (r"^in its shooting phase an engaged enemy unit takes -3 to every Ld test, break "
         r"tests included, until it passes a Ld test at the end of a turn: not modelled$",
         "en su fase de disparo, una unidad enemiga trabada sufre -3 a todo chequeo de L, "
         "los de desmoralización incluidos, hasta que supere un chequeo de L al final de un "
         "turno: no se modela"),
        (r"^light armour, and a crossbow \(a hand weapon in close combat\) or a shield with "
         r"the spear or halberd$", "armadura ligera, y una ballesta (arma de mano en combate "
         "cuerpo a cuerpo) o un escudo con la lanza o la alabarda"),
        (r"^its player's choice each round: the Gorgona fights with its attacks; give it "
         r"'swallow_whole' for one that swallows every round .*$",
         "una elección de su jugador en cada turno: la Gorgona lucha con sus ataques; con "
         "'swallow_whole' engulle en cada turno (un único ataque con I1, Golpe Letal con 4+ y "
         "1D3 heridas recuperadas)"),
        (r"^the White Wolf hammer replaces the cavalry lance and the shield$",
         "el martillo del Lobo Blanco sustituye a la lanza de caballería y al escudo"),
        (r"^'([^']+)' fights with a hand weapon and a pistol \('Cuenta como arma de mano "
         r"adicional'\): one more attack, S4 and armour piercing in the first round "
         r"\(RULES\.md §1\.7\)$", r"'\1' lucha con arma de mano y pistola ('Cuenta como arma "
         r"de mano adicional'): un ataque más, F4 y perforante en el primer turno"),
        (r"^Hengus, Cachtorr and Pelotos are three models moving and fighting each on its "
         r"own: .*$", "Hengus, Cachtorr y Pelotos son tres miniaturas que mueven y luchan "
         "cada una por su cuenta: una entrada de tres unidades, importada como una unidad "
         "del primer perfil, no se modela"),
        (r"^the giants within 15 cm of Hengus use his Ld, and he has a 4\+ ward: .*$",
         "los gigantes a 15 cm o menos de Hengus usan su L, y él tiene salvación especial "
         "de 4+: Hengus es una miniatura propia que la importación no despliega, no se "
         "modela"),
        (r"^squigs in front and goblin herders behind, the casualties from the models "
         r"struck .*$", "garrapatos delante y pastores goblins detrás, las bajas de las "
         "miniaturas golpeadas (los garrapatos primero), M10 y L6 mientras queden goblins: "
         "dos perfiles de tropa en una unidad, no se modela"),
        (r"^the mammoth's random 5D6 move once wounded \(movement\), or the squig herd "
         r"losing its goblins .*$", "el movimiento aleatorio de 5D6 del mamut herido "
         "(movimiento), o el rebaño de garrapatos que pierde a sus goblins y cuyos "
         "garrapatos se sueltan al huir: una unidad mixta de garrapatos y goblins, no se "
         "modela"),
        (r"^squigs left without herders bounce in a random direction as bouncing squigs: "
         r".*$", "los garrapatos sin pastores rebotan en una dirección aleatoria como "
         "garrapatos saltarines: una unidad de garrapatos que el motor no despliega, no se "
         "modela"),
        (r"^a unit of 10-20 Chaos Barbarians and a character fighting from the mammoth's "
         r"back: .*$", "una unidad de 10-20 bárbaros del Caos y un personaje que luchan a "
         "lomos del mamut: una unidad que monta un monstruo, no se modela"),
        (r"^1D3 shots of 2-10 S with D6 multiple wounds in its shooting phase, even while "
         r"engaged .*$", "1D3 disparos de F 2-10 con heridas múltiples D6 en su fase de "
         "disparo, incluso trabada (a la unidad más cercana, amiga o enemiga), o tres "
         "disparos de F10 y la Rueda explota: el motor no tiene fase de disparo, no se "
         "modela"),
        (r"^its 6\+ save is the printed TSA \(infantry still\)$",
         "su salvación de 6+ es la TSA impresa (sigue siendo infantería)"),
        (r"^a mark without text on a unit whose Tipo names its god: its effects are in the "
         r"unit's own profile and rules$", "una marca sin texto en una unidad cuyo Tipo "
         "nombra a su dios: sus efectos están en el perfil y las reglas de la propia unidad"),
        (r"^after deployment each Incinerador beside the Horrores is a model of its own .*$",
         "tras el despliegue cada Incinerador que acompaña a los Horrores es una miniatura "
         "individual (mueve, da puntos de victoria y combate por su cuenta), no una de la "
         "unidad de Horrores: no se modela"),
        # mercenaries family
        (r"^the war machine's leader, one more crewman: a body of its own beside the machine,"
         r" with his own profile, wounds and save \(odds\.combat\.model\.bodies\)$",
         "el líder de la máquina de guerra, un tripulante más: un cuerpo propio junto a la"
         " máquina, con su propio perfil, heridas y salvación"),
        (r"^one more crewman of his own profile: a body of its own beside the machine, with his"
         r" own profile, wounds and save; no champion, he never issues nor accepts a challenge$",
         "un tripulante más con su propio perfil: un cuerpo propio junto a la máquina, con su"
         " propio perfil, heridas y salvación; no es campeón: nunca lanza ni acepta desafíos"),
        (r"^carried with a great weapon: the weapon fought with is chosen for each combat"
         r" \(RULES\.md §1\.7\), as Enanos 'Hachas de matador'$",
         "junto a un arma a dos manos: el arma con la que lucha se elige en cada combate,"
         " como las 'Hachas de matador' de los Enanos"),
        (r"^the machine shoots with Malakai's BS \(shooting\); one of its crew for good, he"
         r" is the crew's champion with his own profile$",
         "la máquina dispara con la HP de Malakai (disparo); miembro de la dotación para"
         " siempre, es el campeón de la dotación con su propio perfil"),
        (r"^the profile of (.+?), the command group's other champion option: the import's"
         r" champion is (.+?) \(command=full\), and this option is not offered$",
         r"el perfil de \1, la otra opción de campeón del grupo de mando: el campeón de la"
         r" importación es \2 (command=full), y esta opción no se ofrece"),
        (r"^one heap \('un montón de Ratas Gigantes'\): one crew of the printed profile$",
         "un montón ('un montón de Ratas Gigantes'): un tripulante del perfil impreso"),
        (r"^one heap of giant rats \(its profile's A5, one crew\) and the pilot \(a second"
         r" crew\), fighting through whichever face is engaged, as a chariot's crew does$",
         "un montón de ratas gigantes (A5 de su perfil, un tripulante) y el piloto (una"
         " segunda dotación), que luchan por cualquier lado trabado, como la dotación de un"
         " carro"),
        (r"^war_machine without a crew profile: its crew never fights \('No puede combatir"
         r" bajo ninguna circunstancia'\)$",
         "máquina de guerra sin perfil de dotación: su dotación nunca combate ('No puede"
         " combatir bajo ninguna circunstancia')"),
        (r"^the war_machine has no (\w+); (\d+) used \(it never fights\)$",
         r"sin \1 en el perfil; se usa \2 (nunca combate)"),
        (r"^(\d+) crew, as its printed Potencia (\d+) counts \(a war machine's unit strength"
         r" is its crew\)$",
         r"\1 tripulantes, como cuenta su Potencia impresa \2 (la potencia de unidad de una"
         r" máquina de guerra es su dotación)"),
        (r"^it strikes no blow \(its profile's blank WS, S and A: 0\); that it cannot charge"
         r" and must flee from a charge is movement and the charge reaction, before any"
         r" combat$",
         "no da ningún golpe (HA, F y A en blanco en su perfil: 0); que no pueda cargar y"
         " deba huir ante una carga es movimiento y reacción a la carga, antes de todo"
         " combate"),
        # empire family: the land ship's, the steam tank's and Costa del Vampiro's rules
        ('^movement:\\ the\\ ship\\ moves\\ 3D6\\ cm\\ or\\ 5D6\\ cm\\ in\\ the\\ compulsory\\ moves\\ \\(a\\ triple:\\ the\\ mishap\\ table\\ instead\\ of\\ moving\\)$',  # noqa: E501
         'movimiento: el barco mueve 3D6 cm o 5D6 cm en los movimientos obligatorios (un triple: la tabla de problemas en vez de mover)'),  # noqa: E501
        ('^each\\ own\\ turn\\ the\\ steam\\ points\\ rolled\\ may\\ cost\\ 1D6\\ to\\ 4D6\\ structure\\ points\\ \\(the\\ structure\\-point\\ model\\):\\ not\\ modelled$',  # noqa: E501
         'cada turno propio los puntos de vapor tirados pueden costar de 1D6 a 4D6 puntos de estructura (el modelo de puntos de estructura): no se modela'),  # noqa: E501
        ("^shooting:\\ 1D6\\ shots\\ of\\ the\\ crew's\\ arquebuses\\ in\\ the\\ shooting\\ phase$",
         'disparo: 1D6 disparos de los arcabuces de la tripulación en la fase de disparo'),
        ("^movement:\\ the\\ land\\ ship's\\ mishap\\ table\\ after\\ a\\ triple\\ on\\ its\\ high\\-pressure\\ move\\ \\(on\\ losing\\ its\\ last\\ wound:\\ 'Perdiendo\\ la\\ última\\ herida'\\)$",  # noqa: E501
         "movimiento: la tabla de problemas del barco terrestre tras un triple a alta presión (al perder su última herida: 'Perdiendo la última herida')"),  # noqa: E501
        ("^its\\ 1D6\\ impact\\ hits\\ strike\\ at\\ the\\ crew's\\ Initiative\\ \\('Este\\ ataque\\ se\\ realiza\\ con\\ la\\ iniciativa\\ de\\ la\\ tripulación'\\),\\ not\\ before\\ the\\ blows:\\ not\\ modelled$",  # noqa: E501
         'sus 1D6 impactos por carga golpean con la Iniciativa de la tripulación, no antes de los golpes: no se modela'),  # noqa: E501
        ("^besides\\ the\\ crew's\\ random\\ attacks,\\ 1D6\\ S6\\ hits\\ each\\ round\\ on\\ every\\ unit\\ at\\ its\\ front\\ only\\ \\('atropellar'\\):\\ not\\ modelled$",  # noqa: E501
         "además de los ataques aleatorios de la tripulación, 1D6 impactos de F6 cada ronda a cada unidad en su frontal ('atropellar'): no se modela"),  # noqa: E501
        ('^on\\ losing\\ its\\ last\\ wound\\ a\\ D6\\ on\\ its\\ mishap\\ table:\\ 1,\\ 1D6\\ S8\\ hits\\ on\\ every\\ unit\\ in\\ contact;\\ 6,\\ a\\ S6\\ hit\\ on\\ every\\ model\\ within\\ 3D6\\ cm\\ \\(positions\\ the\\ engine\\ does\\ not\\ have\\):\\ not\\ modelled$',  # noqa: E501
         'al perder su última herida, 1D6 en su tabla de problemas: 1, 1D6 impactos de F8 a cada unidad en contacto; 6, un impacto de F6 a cada miniatura a 3D6 cm o menos (posiciones que el motor no tiene): no se modela'),  # noqa: E501
        ('^charges:\\ whom\\ the\\ tank\\ may\\ charge\\ and\\ how\\ it\\ turns\\ and\\ moves\\ to\\ reach\\ them$',  # noqa: E501
         'cargas: a quién puede cargar el tanque y cómo gira y mueve para alcanzarlo'),
        ("^movement:\\ skirmishers\\ and\\ lone\\ characters\\ step\\ aside\\ from\\ the\\ tank's\\ charge\\ and\\ path$",  # noqa: E501
         'movimiento: los hostigadores y personajes solos se apartan de la carga y el camino del tanque'),  # noqa: E501
        ('^movement:\\ open\\ ground\\ and\\ linear\\ obstacles\\ only$',
         'movimiento: solo terreno abierto y obstáculos lineales'),
        ('^shooting:\\ hard\\ and\\ soft\\ hits\\ of\\ missiles\\ against\\ its\\ structure\\ points$',  # noqa: E501
         'disparo: impactos duros y blandos de proyectiles contra sus puntos de estructura'),
        ('^magic\\ phase:\\ immune\\ to\\ spells\\ but\\ those\\ with\\ a\\ Strength$',
         'fase de magia: inmune a los hechizos salvo los que tienen Fuerza'),
        ("^charge\\ reaction:\\ stand\\ and\\ shoot\\ only,\\ with\\ the\\ engineer's\\ pistol$",
         'reacción a la carga: solo aguantar y disparar, con la pistola del ingeniero'),
        ('^1D3\\ impact\\ hits\\ plus\\ 1D3\\ per\\ 8\\ cm\\ moved\\ straight\\ \\(a\\ distance\\ the\\ player\\ chooses\\ with\\ steam\\ points\\):\\ not\\ modelled$',  # noqa: E501
         '1D3 impactos por carga más 1D3 por cada 8 cm en línea recta (una distancia que elige el jugador con puntos de vapor): no se modela'),  # noqa: E501
        ('^its\\ two\\ cannons\\ may\\ shoot\\ in\\ its\\ shooting\\ phase\\ at\\ the\\ enemy\\ it\\ is\\ engaged\\ with\\ \\(the\\ engine\\ has\\ no\\ shooting\\ phase\\):\\ not\\ modelled$',  # noqa: E501
         'sus dos cañones pueden disparar en su fase de disparo a la unidad con la que está trabado (el motor no tiene fase de disparo): no se modela'),  # noqa: E501
        ('^it\\ may\\ leave\\ a\\ combat\\ in\\ its\\ movement\\ phase\\ and\\ charge\\ again:\\ not\\ modelled$',  # noqa: E501
         'puede dejar un combate en su fase de movimiento y volver a cargar: no se modela'),
        ("^it\\ fails\\ every\\ Initiative\\ test\\ an\\ enemy's\\ rule\\ makes\\ it\\ take\\ in\\ close\\ combat\\ and\\ passes\\ every\\ other\\ test:\\ not\\ modelled$",  # noqa: E501
         'falla todo chequeo de Iniciativa que una regla enemiga le haga hacer en combate cuerpo a cuerpo y supera los demás: no se modela'),  # noqa: E501
        ("^the\\ structure\\-point\\ model's\\ odd\\ cases\\ \\(giants,\\ fanatics,\\ spells\\):\\ not\\ modelled$",  # noqa: E501
         'los casos raros del modelo de puntos de estructura (gigantes, fanáticos, hechizos): no se modela'),  # noqa: E501
        ('^destroyed,\\ it\\ explodes\\ under\\ the\\ small\\ template:\\ each\\ model\\ under\\ it\\ \\(partly:\\ 4\\+\\)\\ takes\\ a\\ T\\ test\\ or\\ a\\ wound\\ with\\ no\\ armour\\ save\\ \\(the\\ models\\ under\\ a\\ template:\\ positions\\ the\\ engine\\ does\\ not\\ have\\):\\ not\\ modelled$',  # noqa: E501
         'destruido, explota bajo la plantilla pequeña: cada miniatura bajo ella (parcialmente: 4+) hace un chequeo de R o sufre una herida sin tirada de salvación por armadura (las miniaturas bajo una plantilla: posiciones que el motor no tiene): no se modela'),  # noqa: E501
        ("^the\\ altar,\\ Volkmar\\ and\\ every\\ friend\\ within\\ 30\\ cm\\ are\\ immune\\ to\\ psychology\\ with\\ 'Furia\\ justiciera'\\ \\(hatred\\ of\\ Chaos,\\ Skaven\\ and\\ Undead:\\ 'Caos'\\ is\\ a\\ Tipo\\ word\\ of\\ several\\ books\\)\\ while\\ the\\ altar\\ does\\ not\\ flee:\\ not\\ modelled$",  # noqa: E501
         "el altar, Volkmar y toda unidad amiga a 30 cm o menos son inmunes a psicología con 'Furia justiciera' (odio al Caos, Skaven y No Muertos: 'Caos' es una palabra de Tipo de varios libros) mientras el altar no huya: no se modela"),  # noqa: E501
        ("^army\\ composition:\\ the\\ altar's\\ magic\\ items\\ stay\\ with\\ it,\\ not\\ with\\ Volkmar$",  # noqa: E501
         'composición del ejército: los objetos mágicos del altar se quedan con él, no con Volkmar'),  # noqa: E501
    ),
}
"""Import report reasons, by language: ``(pattern, replacement)``, the first match wins.

Every reason the importer gives over the 89 MDNR catalogues has its own
pattern (``tests/test_spanish.py`` names any that has none).  A reason no
pattern matches is given in Spanish by its kind alone
(:data:`REASON_FALLBACK`); its full English text stays in the JSON output.
A replacement is a template (``\\1``) or a function of the match.
"""

REASON_FALLBACK: dict[str, dict[str, str]] = {
    "es": {"ignored": "el motor no lo modela (el detalle, con --lang en)",
           "approximated": "el motor lo aproxima (el detalle, con --lang en)",
           "no_combat_effect": "no influye en un combate cuerpo a cuerpo (el detalle, con "
                               "--lang en)",
           "note": "nota del importador (el detalle, con --lang en)"},
}
"""What a reason without a translation says, by language and kind."""


def report_reason(reason: str, kind: str, lang: str) -> str:
    """An import report item's ``reason`` in ``lang`` (:data:`REASONS`)."""
    table = REASONS.get(lang, ())
    if not table:
        return reason
    if reason.startswith("cannot import: "):  # the import's own error, in ``lang``
        return word("cannot_import", lang, error=error_text(reason[15:], lang))
    for pattern, replacement in table:
        text, n = re.subn(pattern, replacement, reason)
        if n:
            return _NAMES.sub(lambda m: _engine_word(m.group(), lang), text)
    return REASON_FALLBACK[lang].get(kind, reason)


_NAMES = re.compile(r"\b[a-z]+(?:_[a-z]+)*\b")


def _engine_word(name: str, lang: str) -> str:
    """``name`` in ``lang`` if it is an engine name (troop type, weapon, rule, command)."""
    for kind in ("troop_type", "weapon", "rule", "command"):
        if name in TERMS_ES[kind]:
            return term(kind, name, lang).lower()
    if "_" in name and name in _imported_rule_names():  # a rule the importer reads
        return term("rule", name, lang).lower()
    return name


# spanish
def _champion_gear(items: str) -> str:
    """``S+1, the champion's weapon hand_weapon, the champion's killing_blow`` in Spanish."""
    out = []
    for item in items.split(", the champion's "):
        m = re.fullmatch(r"(WS|BS|S|T|W|I|A|Ld)([+-]\d+)", item)
        if m:
            out.append(PROFILE_LETTERS["es"][m.group(1)] + m.group(2))
        elif item.startswith("weapon "):
            out.append("arma: " + _engine_word(item.removeprefix("weapon "), "es"))
        else:
            out.append(_engine_word(item, "es"))
    return "el campeón: " + ", ".join(out)


TERMS_ES["weapon"]["hand_weapon_and_pistol"] = "Arma de mano y pistola"
TERMS_ES["command"]["character"] = "personaje"


WARNING_LABELS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": ((r": not modelled: ", ": no modelado: "), (r"; not modelled: ", "; no modelado: "),
           (r": approximated: ", ": aproximado: "), (r"; approximated: ", "; aproximado: "),
           (r"(\d+) models, below the catalogue's minimum of (\d+)",
            r"\1 miniaturas, por debajo del mínimo del catálogo (\2)")),
}
"""The frame words of a unit's warning line (:attr:`odds.units.Unit.warning`) per language;
the names it lists are the catalogue's own."""


def warning_line(line: str, lang: str) -> str:
    """A unit's warning line (``"Ratas ogro: not modelled: Proporción"``) in ``lang``."""
    for pattern, repl in WARNING_LABELS.get(lang, ()):
        line = re.sub(pattern, repl, line)
    return line


def report_line(unit: str, item: str, kind: str, reason: str, lang: str) -> str:
    """One import report item as a line: ``unit: 'item' kind (reason)`` in ``lang``."""
    what = REPORT_KINDS.get(lang, REPORT_KINDS["en"])[kind][0]
    if item.startswith("selection "):  # the importer's name for a roster selection
        item = word("selection", lang) + item[len("selection "):]
    return f"{unit}: {item!r} {what} ({report_reason(reason, kind, lang)})"


# polish
DATA_NAMES_ES: dict[str, str] = {
    # odds/examples/emergence_ambush.toml: an Empire gun line, Skaven blocks, terrain
    "Great Cannon": "Gran cañón",
    "Mortar": "Mortero",
    "Halberdiers": "Alabarderos",
    "Knights": "Caballeros",
    "Handgunners": "Arcabuceros",
    "Clanrats": "Guerreros del clan",
    "Stormvermin": "Alimañas",
    "Warpfire Team": "Lanzallamas de disformidad",
    "Rocks": "Rocas",
    "Cliff": "Acantilado",
    # odds/examples/combat_*.toml: the scenarios' and characters' names
    "Captain vs Big Boss": "Capitán contra Gran jefe orco",
    "Knights hit the flank": "Los caballeros cargan por el flanco",
    "Benchmark: heroes and a flank charge": "Prueba: personajes y una carga por el flanco",
    "Captain": "Capitán",
    "Big Boss": "Gran jefe orco",
}
"""The names written in English in the package's example files, in MDNR Spanish (the army
books' own names: *Gran cañón*, *Arcabuceros*, *Guerreros del clan*, *Alimañas*)."""


def data_name(name: str, lang: str) -> str:
    """A name of the built-in data in ``lang`` (``Great Cannon`` -> ``Gran cañón``).

    Other names (a player's own) come back as written.
    """
    return DATA_NAMES_ES.get(name, name) if lang == "es" else name


# polish
ERRORS["es"] = (
    # Elfos Silvanos "Danzas de Loec" (odds.special_rules.bretonnia.check_dances)
    (r"\bloec_dances: three of whirl, storm, shadows, mist, for the first, even and odd rounds",
     "loec_dances: tres de whirl, storm, shadows, mist, para la primera ronda, las pares y las "
     "impares"),
    (r"\bloec_dances: a dance cannot follow itself",
     "loec_dances: una danza no puede repetirse en dos rondas seguidas"),
    # a character's options on the page (odds.web.books.Library.character)
    (r"\bthe magic items cost (\S+) points; $", r"los objetos mágicos cuestan \1 puntos; "),
    (r"^ may take at most (\S+)$", r" puede llevar como mucho \1"),
    (r"^ is not an option of $", " no es una opción de "),
    (r"^; options: ", "; opciones: "),
    (r"^ lists no character $", " no tiene ningún personaje "),
    (r"\bonly an army book's characters take options \($",
     "solo los personajes de un libro de ejército tienen opciones ("),
    (r"^ is a roster\)", " es una lista)"),
    (r"^ is a builtin\)", " es la biblioteca incluida)"),
    # a scenario file's army-book character (odds.battlescribe.catalogue_characters)
    (r"^ has no character $", " no tiene el personaje "),
    (r"^; characters: ", "; personajes: "),
    (r"^: a character takes upgrades= only", ": un personaje solo admite upgrades="),
    # characters joining a unit (odds.scenario.unit.ScenarioUnit)
    (r"\bcharacters join ranked units, not a chariot\b",
     "los personajes se unen a unidades en filas, no a un carro"),
    (r"\bcharacters join ranked units, not a monster\b",
     "los personajes se unen a unidades en filas, no a un monstruo"),
    (r"\bcharacters join ranked units, not a war_machine\b",
     "los personajes se unen a unidades en filas, no a una máquina de guerra"),
    (r" with troop_type $", " con troop_type "),
    (r"\ba unit (\d+) wide \(files\) with (\d+) command models takes 0 to (\d+) characters "
     r"\(got (\d+)\): the command group stands in the front rank first, and a character who "
     r"does not fit there would stand in the second rank, which the engine does not fight",
     r"una unidad de \1 de frente (files) con \2 miniaturas de mando admite de 0 a \3 "
     r"personajes (hay \4): el grupo de mando va primero en la primera fila, y un personaje "
     r"que no quepa en ella iría en la segunda fila, que el motor no hace combatir"),
    *ERRORS["es"],
)
