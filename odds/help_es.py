"""Spanish help of each command's own options, in MDNR terms (``odds COMMAND --lang es --help``).

The options every command shares are in :data:`odds.i18n.OPTION_HELP_ES`; the commands' one-line
summaries and descriptions in :data:`odds.i18n.HELP_ES`.
"""

from __future__ import annotations

_SCHEDULER = "ejecuta en este planificador de Dask (p. ej. tcp://10.0.0.5:8786); por defecto, aquí"
_SCHEDULER_TIMEOUT = ("deja de intentar conectar con el planificador tras este tiempo (por "
                      "defecto 10 s)")
_PROGRESS = "barra de progreso en stderr (por defecto, solo en cálculos largos)"
_MAX_ROUNDS = "turnos de combate antes de darlo por no resuelto (por defecto 10)"
_STRICT_UNIT = "rechaza una unidad con reglas que el motor ignora o aproxima"
_STRICT_FILE = "falla en la primera regla, objeto o valor que el motor no modela"

COMMAND_OPTION_HELP_ES: dict[str, dict[str, str]] = {
    "charge": {
        "charger_move": "M de la unidad que carga (cm)",
        "target_move": "M del objetivo (cm)",
        "distance": "distancia antes de huir (cm)",
        "target_flies": "el objetivo vuela (8D6)",
        "difficult": "cm de terreno difícil en el camino de la carga (cuentan doble)",
        "wheel": "cm perdidos en una rueda",
        "edge_distance": "cm del objetivo al borde de la mesa que tiene detrás",
    },
    "pursue": {
        "pursuer_move": "M del perseguidor (cm)",
        "fleer_move": "M de la unidad que huye (cm)",
        "pursuer_flies": "el perseguidor vuela (8D6)",
        "fleer_flies": "la unidad que huye vuela (8D6)",
        "edge_distance": "cm de la unidad que huye al borde de la mesa",
    },
    "flee": {
        "move": "M de la unidad (cm)",
        "edge_distance": "cm hasta el borde de la mesa hacia el que huye",
        "ld": "Liderazgo para reagruparse (2-10)",
        "turns": "turnos que seguir",
        "flies": "la unidad vuela (8D6)",
        "musician": "la unidad tiene músico: +1 L para reagruparse, máximo 10 (MDNR: "
                    "reagruparse)",
        "models": "miniaturas que quedan",
        "starting_models": "miniaturas al empezar",
    },
    "units": {
        "unit": "nombre de una unidad incluida o ruta a un archivo .toml de unidad (por "
                "defecto: todas)",
    },
    "combat": {
        "attacker": "unidad atacante: nombre de la biblioteca o ruta TOML",
        "defender": "unidad defensora: nombre de la biblioteca o ruta TOML",
        "scenario": "un combate de varias unidades por bando (véase "
                    "odds/examples/combat_*.toml); sustituye a attacker y defender",
        "charger": "quién cargó este turno: attacker (el atacante, por defecto), defender (el "
                   "defensor) o none (nadie)",
        "attacker_face": "el lado del defensor contra el que lucha el atacante: front (frente, "
                         "por defecto), flank (flanco) o rear (retaguardia); una carga por el "
                         "flanco o la retaguardia con potencia de unidad 5+ anula las filas "
                         "del defensor y suma +1 / +2 (MDNR: bonificadores por cargar)",
        "distance": "distancia entre las unidades antes de la carga, en cm (por defecto 10): "
                    "decide si se alcanza a una unidad que huye al ser cargada (chequeos de "
                    "miedo o terror al cargar) y si actúan las reglas que dependen de la "
                    "distancia de carga (Arremetida de los ogros, Carga atronadora de los "
                    "jinetes de rinobuey desde 18 cm); como mucho, el doble del M de quien "
                    "carga",
        "strict": _STRICT_UNIT,
        "reaction": "reacción a la carga de la unidad cargada: hold (mantener la posición y "
                    "luchar; por defecto), flee (huir: alcanzada, escapa, sale de la mesa, "
                    "se reagrupa el turno siguiente; exacto, a partir del M de ambas "
                    "unidades y de --distance) o both (las dos, lado a lado)",
        "edge_distance": "con --reaction flee/both: cm de la unidad cargada al borde de la "
                         "mesa que tiene detrás (por defecto, muy lejos)",
        "no_expand_frontage": "los vencedores no amplían su frente ni envuelven (ampliar el "
                              "frente está activado por defecto)",
        "giant_fall_hits": "dónde cae la plantilla de un gigante que se cae: default (por "
                           "defecto), sobre la unidad enemiga en contacto una vez de cada "
                           "cuatro, impactando a sus miniaturas que tocan al gigante; never "
                           "(nunca)",
        "loec_dances": 'Elfos Silvanos "Danzas de Loec": las danzas de la primera ronda, de '
                       "las rondas pares y de las impares tras la primera, de whirl "
                       "(Torbellino de Muerte), storm (Tormenta de Espadas), shadows (Sombras "
                       "Inalcanzables) y mist (Niebla Sinuosa), sin repetir una en rondas "
                       "seguidas (por defecto storm,shadows,storm)",
        "no_charge_tests": "sin chequeos de miedo ni terror al cargar (activados por defecto)",
        "max_rounds": _MAX_ROUNDS,
        "attacker_bonus": "bonificación fija a la resolución del combate del atacante (flanco "
                          "+1, retaguardia +2, objetos)",
        "attacker_high_ground": "el atacante lucha desde una posición elevada (+1)",
        "attacker_bsb": "portaestandarte de batalla a 30 cm o menos: el atacante repite los "
                        "chequeos de desmoralización fallados",
        "attacker_general_ld": "el L del General, a 30 cm o menos del atacante",
        "defender_bonus": "bonificación fija a la resolución del combate del defensor (flanco "
                          "+1, retaguardia +2, objetos)",
        "defender_high_ground": "el defensor lucha desde una posición elevada (+1)",
        "defender_bsb": "portaestandarte de batalla a 30 cm o menos: el defensor repite los "
                        "chequeos de desmoralización fallados",
        "defender_general_ld": "el L del General, a 30 cm o menos del defensor",
        "edge_contact_only": "las miniaturas que solo se tocan por una esquina no luchan (regla "
                             "opcional del MDNR)",
        "no_musician_tiebreak": "los músicos no deshacen los empates (regla opcional del MDNR)",
        "insane_courage": "un doble 1 siempre supera un chequeo de desmoralización (regla "
                          "opcional del MDNR)",
        "restrain_pursuit": "los vencedores chequean L para contenerse en vez de perseguir "
                            "siempre (MDNR: persecución)",
    },
    "emerge": {
        "table": "tamaño de la mesa en cm (por defecto 180x120, o el del escenario)",
        "marker": "posición del marcador en cm (por defecto, la del escenario, o el centro de "
                  "la mesa)",
        "scenario": "unidades y escenografía (véase odds/examples/emergence_*.toml)",
        "scale": "dado de artillería en cm: 2.5 -> 5..25 (por defecto), 2 -> 4..20, "
                 "1 -> 2..10",
        "enemy_marker": "dónde pone el enemigo el marcador con un problema de 5-6 (por "
                        "defecto, la esquina más lejana de sus unidades)",
    },
    "matrix": {
        "list_a": "mi lista: archivo de lista o unidades separadas por comas",
        "list_b": "su lista, como LIST_A",
        "points": "compra cada unidad hasta estos puntos (tantas miniaturas como quepan, "
                  "manteniendo su frente); por defecto, las unidades tal como vienen",
        "command_group": "grupo de mando de las unidades compradas con --points: keep "
                         "(mantener), full (completo), none (ninguno) o partes unidas por + "
                         "(p. ej. standard+musician); por defecto keep",
        "charger": "quién carga: both (una fila en cada sentido, por defecto), a, b o none "
                   "(nadie)",
        "strict": "rechaza las unidades con reglas que el motor ignora o aproxima (las de un "
                  "catálogo entero se dejan fuera); por defecto luchan, marcadas con *",
        "efficiency": "ordena además las unidades por lo que logran cada 100 puntos (con "
                      "--format csv: imprime la clasificación en vez de la matriz)",
        "max_rounds": _MAX_ROUNDS,
        "scheduler": _SCHEDULER,
        "scheduler_timeout": _SCHEDULER_TIMEOUT,
        "progress": _PROGRESS,
    },
    "sweep": {
        "unit": "unidad A: nombre incluido, TOML o especificación de catálogo",
        "opponent": "unidad B, como UNIT",
        "vary": "un parámetro y sus valores (se puede repetir)",
        "points": "compra ambas unidades hasta estos puntos antes de aplicar la rejilla",
        "charger": "quién carga donde no se varía charger (por defecto a)",
        "strict": _STRICT_UNIT,
        "max_rounds": _MAX_ROUNDS,
        "scheduler": _SCHEDULER,
        "scheduler_timeout": _SCHEDULER_TIMEOUT,
        "progress": _PROGRESS,
    },
    "catalogue": {
        "file": "archivo de catálogo",
        "strict": _STRICT_FILE,
        "report": "imprime cada elemento del informe, no solo el resumen",
    },
    "roster": {
        "file": "archivo de lista de ejército",
        "strict": _STRICT_FILE,
        "join": "un personaje de la lista se une a una unidad (se puede repetir; también se "
                "leen las notas 'join: UNIT' de la propia lista)",
    },
    "serve": {
        "host": "dirección en la que escuchar (por defecto 127.0.0.1: solo este equipo)",
        "port": "puerto (por defecto 8000)",
        "data": "una carpeta de catálogos (.cat, .catz) y listas (.ros, .rosz) de "
                "BattleScribe; se puede repetir",
        "open": "abre la página en un navegador",
        "workers": "hilos de trabajo para los cálculos (por defecto, uno por núcleo)",
        "scheduler": "ejecuta los trabajos de matriz en este planificador de Dask (p. ej. "
                     "tcp://10.0.0.5:8786), como odds matrix --scheduler; por defecto, aquí",
        "scheduler_timeout": _SCHEDULER_TIMEOUT,
    },
}
"""Spanish help of each command's own options: command name -> option destination -> text."""

SECTION_TITLES_ES: dict[str, str] = {
    "positional arguments": "argumentos",
    "options": "opciones",
    "usage: ": "uso: ",
}
"""Spanish titles of argparse's help sections and usage prefix."""
