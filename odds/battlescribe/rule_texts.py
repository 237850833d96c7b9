"""Rules recognised by their catalogue text, not their name alone.

A rule named after its unit ("Zombis", "Arrasar", "Escolta"...) means what its text says:
special-rule flags (:func:`text_rule`), a report with its reason (:func:`no_effect_text`),
a ward save (:func:`text_ward`), or the effects of a mark of Chaos as that entry prints
them (:func:`mark_effects`).
"""

from __future__ import annotations

import re
from typing import Any

from odds.battlescribe.no_effect_names import plain_name
from odds.battlescribe.spelling import normalize, plain_text

__all__ = [
    "lone_models",
    "mark_effects",
    "no_effect_text",
    "text_rule",
    "text_ward",
]


_TEXT_RULES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # Reinos Ogros, Horda Gnoblar (Zuertudoz Azkerozoz) "Afortunados": "Los Zuertudoz pueden
    # repetir cualquier tirada ... En caso de tiradas múltiples (como un chequeo de Liderazgo)
    # se repite toda la tirada": its own re-rolls (lucky), its psychology tests'
    # (psychology_reroll) and its flee and pursuit rolls' (reroll_flee_pursue); its wards:
    # _TEXT_WARDS, _TEXT_LEADER_WARDS; "Resistencia a la Magia": the magic phase
    ("afortunados", "los zuertudoz pueden repetir cualquier tirada",
     ("lucky", "psychology_reroll", "reroll_flee_pursue")),
    # Regimientos de Renombre (Gárgolas volantes de Barda) "Resistencia elevada a lo
    # sobrenatural": "Las Gárgolas tienen Resistencia a la Magia (1) [the magic phase].
    # Además, cualquier miniatura de tipo Demonio, No Muerto o Espíritu del Bosque, o que
    # tenga Ataques mágicos, tiene un -1 a impactar a las Gárgolas en combate cuerpo a cuerpo"
    ("resistencia elevada a lo sobrenatural", "cualquier miniatura de tipo demonio, no muerto"
     " o espiritu del bosque, o que tenga ataques magicos, tiene un -1 a impactar a las"
     " gargolas en combate cuerpo a cuerpo", ("hard_to_hit_supernatural",)),
    # Regimientos de Renombre (Piratas zombi) "Zombis": "No pueden marchar [movement].
    # Ningún personaje puede unirse a una unidad de Piratas Zombi, y la unidad no se beneficia
    # de la cercanía del Portaestandarte de Batalla [in the engine a battle standard within
    # 30 cm only re-rolls a break test, which the unstable pirates never take]. La unidad
    # puede usar el Liderazgo del General si está cerca [as any unit: general_ld]"
    ("zombis", "ningun personaje puede unirse a una unidad de piratas zombi", ("no_characters",)),
    # Regimientos de Renombre (Piratas zombi) "Hordas de Harkon": "Si se incluyen los Piratas
    # Zombi en un ejército de Condes Vampiro, la unidad se tratará como unidad de Zombis a
    # todos los efectos (incluyendo marcha cerca del General, reducción de heridas por
    # Inestable cerca del Portaestandarte de Batalla, se verán afectados por la muerte del
    # General). En un ejército de Condes Vampiro los personajes tampoco pueden unirse": no
    # character joins in any army; the rest are the Vampire Counts' army rules for their
    # zombies (the march, the battle standard's "Estandarte de batalla no muerto" and the
    # General's death: rules of those characters, which the engine applies to no unit, the
    # Condes Vampiro "Zombis" included), so the pirates fight as those zombies do
    ("hordas de harkon", "en un ejercito de condes vampiro los personajes tampoco pueden"
     " unirse", ("no_characters",)),
    # Condes Vampiro (Costa del Vampiro) "Dos por uno" (Artilleros de Cubierta): "Los
    # Artilleros de Cubierta se montan en una peana de caballería y tienen Potencia de unidad
    # 2 (aunque son Infantería). La peana tiene una tirada de salvación por armadura de 6+":
    # each model of the entry is one base (one "Zombis" selection, with its one Falconete),
    # its printed profile gives the base's Potencia 2 and TSA 6+; the base's size is the flag
    ("dos por uno", "los artilleros de cubierta se montan en una peana de caballeria",
     ("cavalry_base",)),
    # Reinos del Caos "Trolls biliosos": "Las miniaturas enemigas tienen un -1 a impactarles
    # en combate cuerpo a cuerpo"
    ("trolls biliosos", "las miniaturas enemigas tienen un -1 a impactarles en combate cuerpo"
     " a cuerpo", ("hard_to_hit",)),
    # empire family: Condes Vampiro (Costa del Vampiro) "Explosión de gases" (Cadáver
    # Hinchado): odds.special_rules.empire.GAS_EXPLOSION
    ("explosion de gases", "cuando se destruye de alguna forma un cadaver hinchado",
     ("gas_explosion",)),
    # Regimientos de Renombre (Tichi Huichi) "Bendecidos por los Ancestrales": "Si los
    # Incursores de Tichi Huichi huyen de un combate ... los enemigos siempre deben mantener
    # la posición (no pueden perseguir ...)"
    ("bendecidos por los ancestrales", "los enemigos siempre deben mantener la posicion (no"
     " pueden perseguir", ("unpursued",)),
    # Enanos del Caos, Reinos del Caos Mortales "Arrasar" (Cañón infernal): a compulsory
    # charge of 5D6 in the movement phase and "El cañón no puede perseguir"
    ("arrasar", "el canon no puede perseguir", ("no_pursuit",)),
    # Enanos del Caos, Reinos del Caos Mortales "¡Está vivo!" (Cañón infernal): "En combate,
    # el propio Cañón combate (así que los Enanos se sitúan a su lado en vez de delante)": the
    # cannon's own WS, S, I and A fight as one more crew beside the dwarfs (extra_crew); "En caso de
    # Arrasar toda la unidad se desplaza 5D6cm" is its movement
    ("¡esta vivo!", "en combate, el propio canon combate", ("living_machine",)),
    # Reinos del Caos "Bendición de Nurgle" (Carromato de Plaga): "actúa como un
    # Portaestandarte de Batalla Demoníaco a todos los efectos, pero sólo a unidades de tipo
    # Nurgle (permite repetir tirada de desmoralización, la inestabilidad demoníaca, da +1 a
    # la Resolución de Combate, etc)" (for itself only when it is of type Nurgle: build)
    ("bendicion de nurgle", "actua como un portaestandarte de batalla demoniaco a todos los"
     " efectos, pero solo a unidades de tipo nurgle", ("daemonic_bsb",)),
    # Reinos del Caos Mortales "Enajenados" (Malditos): "Ningún personaje puede unirse a una
    # unidad de Malditos"
    ("enajenados", "ningun personaje puede unirse a una unidad de malditos",
     ("no_characters",)),
    # Monstruos Arcanos "Inmune a disformidad" (Dragón de disformidad): "ninguna arma mágica
    # ni ataque mágico Skaven puede herir al Dragón de Disformidad (se considera que todas
    # las tiradas para herir fallan automáticamente, incluso aquellas que pudieran herir
    # automáticamente)"
    ("inmune a disformidad", "ninguna arma magica ni ataque magico skaven puede herir",
     ("warp_immune",)),
    # Monstruos Arcanos "Elemental encarnado (Saber)": "Inmune a todos los hechizos del Saber
    # de ... Los Elementales Encarnados cuentan como tipo "Demonio" y "No Muerto" en lo que
    # respecta a efectos que les puedan causar daño adicional" (the spells: magic phase)
    *((f"elemental encarnado ({lore})", "cuentan como tipo demonio y no muerto en lo que"
       " respecta a efectos que les puedan causar dano adicional",
       ("counts_as_daemon_undead",))
      for lore in ("vida", "cielos", "bestias", "fuego", "muerte", "metal")),
    # Reyes Funerarios (Enjambre funerario) "Enjambre": "Pese a ser Enjambre, es No Muerto,
    # con lo que sigue sujeto a la Inestabilidad de los No Muertos (así que si pierden un
    # combate, pueden perder heridas siguiendo la Inestabilidad pese a ser Inmunes a
    # desmoralización)": unstable (an unstable unit takes no break test in the engine)
    ("enjambre", "sigue sujeto a la inestabilidad de los no muertos", ("unstable",)),
    # Mercenarios "Escolta" (Escolta del pagador): "Mientras el Pagador esté en la unidad, son
    # Tozudos"; Mercenarios "Pagador" (the character): "el Pagador es el Portaestandarte de
    # Batalla mercenario" (the battle standard: odds.battlescribe.character)
    ("escolta", "mientras el pagador este en la unidad, son tozudos", ("paymaster_guard",)),
    ("pagador", "el pagador es el portaestandarte de batalla mercenario", ("paymaster",)),
    # Empire family: Mercenarios: Arabia "Guardia" (Guardianes): "Mientras el Jeque
    # (Pagador) esté en la unidad, son Tozudos" (the Jeque's "Pagador": paymaster); Estalia
    # "Escolta" (Guardaespaldas): "Mientras el General del Ejercito esté en la unidad, son
    # Tozudos"; Condes Vampiro (Costa del Vampiro) "Piel viscosa": "Toda miniatura que trate
    # de atacar al Leviatán Putrefacto en combate cuerpo a cuerpo sufre un penalizador de -1 a
    # la tirada para impactar"
    ("guardia", "mientras el jeque (pagador) este en la unidad, son tozudos",
     ("paymaster_guard",)),
    ("escolta", "mientras el general del ejercito este en la unidad, son tozudos",
     ("bodyguard",)),
    ("piel viscosa", "en combate cuerpo a cuerpo sufre un penalizador de -1 a la tirada para"
     " impactar", ("hard_to_hit",)),
    # Condes Vampiro (Clan Strigoi: Engendro del terror) "Chillido mortal": "Sigue las mismas
    # reglas que el Lamento de la Doncella, pero con un +2 a la tirada (así pues, hace tantas
    # heridas como 2D6+4 menos el Liderazgo ...)"
    ("chillido mortal", "sigue las mismas reglas que el lamento de la doncella, pero con un +2"
     " a la tirada", ("death_shriek",)),
    # Enanos "Guardia personal" (Martilladores): "Si hay algún personaje con la regla Sangre
    # Real en la unidad, ésta es Inmune a miedo e Inmune a Terror"; Enanos "Sangre real" (the
    # characters who have it; its own text is army composition)
    ("guardia personal", "si hay algun personaje con la regla sangre real en la unidad, esta"
     " es inmune a miedo e inmune a terror", ("royal_guard",)),
    ("sangre real", "un ejercito que incluya uno o mas personajes con sangre real",
     ("royal_blood",)),
    # Condes Vampiro (v5, con Personajes especiales: Engendro del terror) "Chillido mortal":
    # the text of the Doncella's "Lamento de la doncella" for the Engendro ("Es un Ataque
    # especial que se realiza en la fase de Disparo ... si el Engendro está trabado en
    # combate con una o más unidades deberá elegir como objetivo una unidad con la que esté
    # trabada. Lanza 2D6+2 ..."); the Strigoi and Dragón Sangriento books' "con un +2 a la
    # tirada" (2D6+4) is death_shriek (below)
    ("chillido mortal", "si el engendro esta trabado en combate con una o mas unidades debera"
     " elegir como objetivo una unidad con la que este trabada. lanza 2d6+2",
     ("maiden_lament",)),
    # Condes Vampiro, Enanos, Monstruos Arcanos, Demonios "Flotar": "Se considera que pueden
    # Volar, pero ... su distancia de vuelo es de 25cm" / "Como volar, pero solamente 25cm" /
    # "Se considera Volar a todos los efectos" / "pueden volar por ser Caballería voladora":
    # flying (its flight and pursuit dice), the distance flown being movement
    ("flotar", "volar", ("flying",)),
    # Mercenarios (Fimir) "Solitarios": "Los personajes no se pueden unir, y la unidad no puede
    # usar nunca el Liderazgo del General" (as "Independientes"); elsewhere "Solitarios" says
    # only who may join (no_effect_names.NO_COMBAT_EFFECT)
    ("solitarios", "la unidad no puede usar nunca el liderazgo del general",
     ("independent", "no_characters")),
    # Reinos del Caos "Marca del Caos absoluto" on a unit, a chariot or a character: "Lleva
    # la Marca del Caos Absoluto, por lo que puede repetir los chequeos de psicología
    # fallados" / "La unidad puede repetir cualquier chequeo de psicología fallado" / "Puede
    # repetir chequeos de psicología fallados" (as a label, "Sin efecto adicional", it is
    # _NO_EFFECT_TEXTS')
    ("marca del caos absoluto", "de psicologia fallado", ("psychology_reroll",)),
    # Bretonia and the elves: "Caballería voladora" as each book prints it.  Elfos Silvanos
    # (Jinetes de halcón): "Volar, hostigadores, pu2, +1 a la armadura" (the unit strength and
    # the save are the cavalry's already); Reinos del Caos Demonios: "Se consideran Caballería
    # a todos los efectos (PU2, TSA+1 ...) con la excepción de que son Unidad Voladora
    # (hostigadores, volar, los personajes no pueden unirse)"; Bretonia (Caballeros de
    # pegaso): "Recuerda que los personajes nunca pueden unirse a unidades voladoras"
    ("caballeria voladora", "volar, hostigadores, pu2", ("flying", "skirmishers")),
    ("caballeria voladora", "son unidad voladora (hostigadores, volar, los personajes no"
     " pueden unirse)", ("flying", "skirmishers", "no_characters")),
    ("caballeria voladora", "los personajes nunca pueden unirse a unidades voladoras",
     ("no_characters",)),
    # Bretonia "Formación en lanza": "Las unidades de Caballería con algún Voto pueden luchar
    # en una formación llamada Formación en Lanza" (the Guerra de Noveles' magic standard of
    # that name, "Todos los Caballeros Noveles de la unidad obtienen F+1 en el turno en que
    # cargan", is another text)
    ("formacion en lanza", "pueden luchar en una formacion llamada formacion en lanza",
     ("lance_formation",)),
    # empire2 family: Condes Vampiro (Clan Dragón Sangriento: Caballeros negros) "Formación
    # en Lanza": "Si quieren, pueden usar la Formación en Lanza (Consulta los Manuscritos de
    # Nuth: Bretonia)"
    ("formacion en lanza", "pueden usar la formacion en lanza (consulta los manuscritos de"
     " nuth: bretonia)", ("lance_formation",)),
    # skavenogres family: Orcos y Goblins "Trolls de río": "Ganan la regla Viscosos. Las
    # miniaturas que quieran impactar a los Trolls en combate cuerpo a cuerpo tienen un
    # penalizador de -1 a la tirada para impactar (no afecta a impactos automáticos ni a
    # miniaturas que impactan a un resultado fijo ...)" (the engine rolls no automatic hit and
    # has no fixed-result hitter)
    ("trolls de rio", "las miniaturas que quieran impactar a los trolls en combate cuerpo a"
     " cuerpo tienen un penalizador de -1", ("hard_to_hit",)),
    # Reinos del Caos: Demonios Legión Demoníaca (Portadores del Cambio) "Caballería
    # voladora": "Se consideran Caballería a todos los efectos (PU2, TSA+1 ...) con la
    # excepción de que son Unidad Voladora (hostigadores, volar, los personajes no pueden
    # unirse)" (Bretonia's and Elfos Silvanos' rules of the name say other things);
    # "Levitar": "Unidad Voladora, pero vuela 38 cm en lugar de los 50 cm habituales" (the
    # distance is movement)
    ("levitar", "unidad voladora, pero vuela 38 cm en lugar de los 50 cm habituales",
     ("flying",)),
    # Reinos del Caos (Horrores, Incineradores de Tzeentch) "Magia de Tzeentch": "Mutación
    # incontrolable. Sólo en combate cuerpo a cuerpo. Lanza 1D6 por cada Horror en contacto
    # peana con peana con el enemigo, con un 6 hace una baja"
    ("magia de tzeentch", "mutacion incontrolable. solo en combate cuerpo a cuerpo. lanza 1d6"
     " por cada horror en contacto peana con peana con el enemigo", ("tzeentch_mutation",)),
    # mercenaries family: Mercenarios (con Personajes Especiales) "Escolta de Mydas": "Toda la
    # unidad de escoltas es tozuda mientras Mydas siga vivo. Ningún personaje aparte de Mydas
    # puede añadirse a la unidad"; Mydas' own "Copete de Mydas": "Todos los ataques de las
    # armas de Mydas, Yadosh y los Escoltas de Mydas (pero no una escolta normal ...) se
    # consideran de tipo mágico" (the entry comes only with Mydas: "solo si incluyes a Mydas")
    ("escolta de mydas", "toda la unidad de escoltas es tozuda mientras mydas siga vivo",
     ("mydas_escort", "magic_attacks")),
    # giants family: Reinos Ogros (Gigante sometido) "Ataques del gigante": "2-4: Estrangular
    # con las cadenas ... una tirada de Resistencia (igual o menos que su Resistencia en
    # 1D6)", no weapon stuck on doubles (odds.special_rules.giants)
    ("ataques del gigante", "estrangular con las cadenas", ("giant_attacks", "giant_chains")),
    # Reinos del Caos Mortales, Enanos del Caos (Gigante de asedio) "Ataques del gigante":
    # "4-6: Barrido con los garfios ... la unidad recibe 1D6 impactos de F7 con Golpe letal"
    ("ataques del gigante", "1d6 impactos de f7 con golpe letal",
     ("giant_attacks", "giant_hooks")),
    # giants family: Reyes Funerarios (Titán de Khemri) "Ataques especiales": "Lanza 1D6 al
    # inicio cada fase de combate para saber qué ataque realiza el Titán ... 1 Escarabajos
    # comecarne ..." (odds.special_rules.giants, titan_attacks)
    ("ataques especiales", "escarabajos comecarne", ("titan_attacks",)),
    # chaos family: gst "Petrificar" (Reinos del Caos Mortales, Norsca: Cocatriz): "pueden
    # Petrificar incluso estando trabadas en combate cuerpo a cuerpo, en su fase de disparo"
    # (the books whose "Petrificar" is a shooting attack only: special_rules._shooting_only)
    ("petrificar", "pueden petrificar incluso estando trabadas en combate cuerpo a cuerpo",
     ("petrify",)),
    # mercenaries family: Skaven (Cañón de disformidad) "Impactos de F7": "No es un carro a
    # ningún efecto. Sin embargo, si el Cañón recibe una herida de F7 o más, resulta destruido
    # automáticamente"
    ("impactos de f7", "si el canon recibe una herida de f7 o mas, resulta destruido",
     ("wrecked_by_s7",)),
    # empire family: Imperio, Marienburgo (Barco terrestre de clase 'Marienburgo') "Resistente":
    # "No se ve destruido por impactos de F7 o más" (the other books' "Resistente" is a
    # chariot's armour bonus for its rider); Imperio (Altar de Guerra del Gran Teogonista)
    # "Carro (Regla especial del Altar)": "El Altar de Guerra es un Carro a todos los efectos,
    # pero ... no resulta destruido automáticamente si sufre un impacto de F7 o superior"
    ("resistente", "no se ve destruido por impactos de f7 o mas", ("unwreckable",)),
    ("carro (regla especial del altar)", "no resulta destruido automaticamente si sufre un"
     " impacto de f7 o superior", ("unwreckable",)),
    # empire family: Imperio, Marienburgo (Barco terrestre) "Persecución": "el Barco NO puede
    # perseguir. El Barco simplemente es inmune a desmoralización" (the latter its own
    # "Inmune a desmoralización")
    ("persecucion", "el barco no puede perseguir", ("no_pursuit",)),
    # Bretonia and the elves: Elfos Silvanos (Guardia eterna) "Escolta": "Mientras la unidad
    # contenga algún Biennacido o algún Noble es Tozuda" (the characters: wood_elf_noble)
    ("escolta", "mientras la unidad contenga algun biennacido o algun noble es tozuda",
     ("noble_escort",)),
    # Regimientos de Renombre (Cazadores de brujas), Estalia (Sumos Inquisidores) "Luchan
    # juntos": "Johan y Wilhelm siempre luchan juntos, como si fuesen una unidad de
    # hostigadores ... Ambos son los Líderes de la unidad" (the import builds the pair:
    # odds.battlescribe.fight_together)
    ("luchan juntos", "siempre luchan juntos, como si fuesen una unidad de hostigadores",
     ("fight_together",)),
    # the same entries, "Báculo sagrado" (Wilhelm's, Tomás's): "Arma a dos manos (F+2, Ataca
    # en último lugar). Hiere automáticamente a las miniaturas de tipo No Muerto, Demonio o
    # Skaven"; "Estaca de Sigmar" (Johann's): "Arma a dos manos (F+2, Ataca en último lugar).
    # Sus impactos se resuelven con F8 contra miniaturas de tipo No Muerto o Demonio ..."
    ("baculo sagrado", "hiere automaticamente a las miniaturas de tipo no muerto, demonio o"
     " skaven", ("sacred_staff",)),
    ("estaca de sigmar", "sus impactos se resuelven con f8 contra miniaturas de tipo no muerto"
     " o demonio", ("sigmar_stake",)),
)


def text_rule(name: str, text: str) -> tuple[str, ...] | None:
    """Special-rule flags of a rule named after its unit, recognised by its catalogue text.

    The name is compared without case, accents or articles (:func:`plain_name`).  Returns
    None when the name and text are not one of :data:`_TEXT_RULES`.
    """
    key, plain = plain_name(name), re.sub(r"\s+", " ", plain_text(text))
    plain = re.sub("[\"'\u201c\u201d\u2018\u2019]", "", plain)  # quotes left out
    for rule, phrase, flags in _TEXT_RULES:
        if key == plain_name(rule) and phrase in plain:
            return flags
    return None


_NO_EFFECT_TEXTS: tuple[tuple[str, str, str, str], ...] = (
    # (name, phrase of its text, kind, reason)
    # Elfos Oscuros (Altar drenasangre) "Altar de la medusa": "Trata a todos los efectos una
    # Medusa montada en Altar Drenasangre como tratarías un personaje montado en carro ...
    # La Medusa no puede abandonar el Altar de forma voluntaria ... Si el Altar es destruido
    # y la Medusa sobrevive ... se tratará a la Medusa como un Monstruo individual" (the
    # Medusa a member of the unit: odds.battlescribe.extra_crew)
    ("altar de la medusa", "trata a todos los efectos una medusa montada en altar drenasangre"
     " como tratarias un personaje montado en carro", "note",
     "the Medusa rides the altar as a character rides a chariot (a member of the unit): a"
     " body of its own, attacked apart; it cannot leave it and fights on alone once the"
     " altar is destroyed"),
    # mercenaries family: Skaven (Cañón de disformidad) "Combate": "El Cañón de Disformidad no
    # puede cargar. No puede combatir bajo ninguna circunstancia. Siempre debe declarar que
    # huye ante una carga exitosa del enemigo" (its profile prints no HA, F nor A:
    # odds.battlescribe.mounts reads the blanks as 0)
    # mercenaries family: Mercenarios, Regimientos de Renombre, Enanos (Karak-Kadrin)
    # "Cercenagoblins de Malakai" "Ingeniero": "Mientras Malakai siga con vida, los disparos
    # del Cercenagoblins pueden hacerse usando su HP. Se considera miembro de la dotación a
    # todos los efectos (no la puede abandonar)" (odds.battlescribe.mounts: the crew's
    # champion with his own profile)
    ("ingeniero", "mientras malakai siga con vida, los disparos del cercenagoblins pueden"
     " hacerse usando su hp. se considera miembro de la dotacion a todos los efectos", "note",
     "the machine shoots with Malakai's BS (shooting); one of its crew for good, he is the"
     " crew's champion with his own profile"),
    # mercenaries family: Skaven (Rueda de la muerte) "Tamaño de la unidad": "Consta de una
    # Rueda de la Muerte conducida por un Piloto Skryre y con un montón de Ratas Gigantes.
    # Todas las miniaturas (ratas y piloto) atacan en combate cuerpo a cuerpo,
    # independientemente de si están trabadas por el frente, flanco o retaguardia"
    # (odds.battlescribe.mounts: the heap is one crew, its printed A5)
    ("tamano de la unidad", "conducida por un piloto skryre y con un monton de ratas"
     " gigantes. todas las miniaturas (ratas y piloto) atacan", "note",
     "one heap of giant rats (its profile's A5, one crew) and the pilot (a second crew),"
     " fighting through whichever face is engaged, as a chariot's crew does"),
    # chaos family: Reinos del Caos Bestias (Gorgona) "Engullir entero": "La Gorgona puede
    # renunciar a todos sus ataques para hacer un único ataque con Iniciativa 1"
    # (odds.special_rules.chaos_monsters.SWALLOW_WHOLE, the flag of a Gorgona that swallows)
    ("engullir entero", "la gorgona puede renunciar a todos sus ataques para hacer un unico"
     " ataque con iniciativa 1", "note",
     "its player's choice each round: the Gorgona fights with its attacks; give it"
     " 'swallow_whole' for one that swallows every round (one attack at I1, killing blow on"
     " 4+, 1D3 wounds back)"),
    ("combate", "no puede combatir bajo ninguna circunstancia", "note",
     "it strikes no blow (its profile's blank WS, S and A: 0); that it cannot charge and must"
     " flee from a charge is movement and the charge reaction, before any combat"),
    # empire2 family: Imperio (Ejército Cruzado), Marienburgo "Caballeros del lobo blanco":
    # "Sustituye la Lanza de caballería y el Escudo por un Martillo del Lobo Blanco" (the
    # order's option: odds.battlescribe.equipment drops the lance and the shield)
    ("caballeros del lobo blanco", "sustituye la lanza de caballeria y el escudo por un"
     " martillo del lobo blanco", "note",
     "the White Wolf hammer replaces the cavalry lance and the shield"),
    # Condes Vampiro (Sylvania) "Armas de la Milicia sylvaniana": "Siempre van equipados con
    # amadura ligera. Pueden y deben, elegir entre llevar ballesta, o escudo y lanza, o escudo
    # y alabarda (si van con ballesta, se considera que combaten con arma de mano en cuerpo a
    # cuerpo)" (odds.battlescribe.equipment gives the shield with the spear or halberd; the
    # light armour and the weapons are the entry's options; a crossbow is a missile weapon)
    ("armas de la milicia sylvaniana", "elegir entre llevar ballesta, o escudo y lanza, o"
     " escudo y alabarda", "note",
     "light armour, and a crossbow (a hand weapon in close combat) or a shield with the spear"
     " or halberd"),
    # O&G (Machotez de Grimgor) "Elección de dotación" (Lanzapiedroz, Lanzapinchoz): "Debes
    # escoger si la dotación ... está formada por Orcos (con su coste habitual en puntos) o
    # bien, que esté operada por un Ezpabilagoblins al mando de unos operarios Goblins"
    # (odds.battlescribe.selection.crew_choice takes the cheapest crew)
    ("eleccion de dotacion", "debes escoger si la dotacion", "note",
     "a crew the entry must choose: the cheapest, Goblins led by an Ezpabilagoblins, is"
     " taken (name 'Orcos' with upgrades= for the other)"),
    # O&G "Ezpabilagoblins": "Se trata de un Orco a todos los efectos. Los disparos a una
    # máquina de guerra que contenga un Ezpabilagoblins se reparten entre dotación y máquina
    # de la forma habitual. Luego, los impactos a la dotación se reparten aleatoriamente
    # entre el Ezpabilagoblins y los Goblins ..." (his Orc's profile is printed; in close
    # combat he is the machine's second crew, reported by odds.battlescribe.extra_crew)
    ("ezpabilagoblins", "los disparos a una maquina de guerra que contenga un ezpabilagoblins"
     " se reparten", "no_combat_effect", "shooting: how hits on the machine are shared"
     " between it, its Goblins and the Ezpabilagoblins (his printed profile is an Orc's)"),
    # Reinos del Caos: Demonios "Fuego Rojo de la Alteración (Objeto portahechizos)": "El carro
    # contiene: Objeto portahechizos de nivel 3 y puede lanzar el Fuego rojo ..."
    ("fuego rojo de la alteracion (objeto portahechizos)", "objeto portahechizos de nivel 3",
     "no_combat_effect", "a bound spell: the magic phase"),
    # Reinos del Caos "Llamaradas de Tzeentch": "Se trata de un Ataque de disparo ... arma
    # arrojadiza" (a missile weapon, as every other: no stand and shoot in the engine)
    ("llamaradas de tzeentch", "se trata de un ataque de disparo", "no_combat_effect",
     "a shooting attack (a thrown weapon)"),
    # Bestias "Lengua prensil" (Escuerzo alado): "se trata como un arma de proyectiles a todos
    # los efectos"; "Lanzar pedruscos" (Cigor): "trata este ataque de disparo como si fuera una
    # Catapulta"
    ("lengua prensil", "se trata como un arma de proyectiles a todos los efectos",
     "no_combat_effect", "a missile weapon"),
    ("lanzar pedruscos", "trata este ataque de disparo como si fuera una catapulta",
     "no_combat_effect", "a shooting attack (a catapult)"),
    # Bestias "Aura de locura": "Al inicio de la fase de magia del jugador del Caos ...";
    # "Devorador de almas" (Cigor): "Al inicio de cada fase de magia enemiga, elige un
    # hechicero enemigo ..."
    ("aura de locura", "al inicio de la fase de magia del jugador del caos",
     "no_combat_effect", "the magic phase"),
    ("devorador de almas", "al inicio de cada fase de magia enemiga", "no_combat_effect",
     "the magic phase (enemy wizards' miscasts)"),
    # Enanos del Caos, Reinos del Caos Mortales "Impredecible" (Cañón infernal): "En caso de
    # obtener Problemas, lanza 1D6": the misfire of its shot, which "Arrasar" forbids while
    # engaged ("Si el cañón arrasa o está trabado, sólo puede escupir inmundicia (no puede
    # disparar de la forma habitual)"; spitting filth rolls no artillery dice)
    ("impredecible", "en caso de obtener problemas", "no_combat_effect",
     "the misfire of the cannon's shot, which it cannot fire while engaged ('Arrasar')"),
    # Mercenarios, Monstruos Arcanos "Vinculado (X)": "Para poder incluir este monstruo, tu
    # ejército debe contar con un hechicero con el saber X. A inicio de cualquier turno
    # propio, si en tu ejército no hay ningún hechicero con el saber X, el monstruo debe
    # efectuar una tirada en la Tabla de Reacción de Monstruos ..."
    ("vinculado (x)", "para poder incluir este monstruo, tu ejercito debe contar con un"
     " hechicero con el saber x", "note",
     "army composition: fielded with a wizard of the lore in the army, it fights as printed;"
     " once none is left (a wizard slain elsewhere) the Tabla de Reacción de Monstruos applies,"
     " not modelled"),
    # Regimientos de Renombre (Asarnil) "Amuleto Corazón de Dragón": "Todas las tiradas para
    # impactar a distancia (HP) de proyectiles dirigidos a Asarnil o su montura tienen un -1
    # ... (no tiene efecto en ataques cuerpo a cuerpo ...). Además, si Asarnil muere, Colmillo
    # de Muerte tiene un +1 a la tirada de reacción de monstruos": shooting, and the roll of
    # the gst's "tabla de reacción de monstruos (pag 105 del manual de 6ª)", which 6th takes
    # only once the close combat is over: "if the monster's rider is killed in close combat,
    # you should resolve the combat first (ie, fight the combat until one side is broken or
    # destroyed, resolve fleeing and rallying, etc.)" (6th.whfb.app/monsters/
    # slain-riders-and-monsters)
    ("amuleto corazon de dragon", "si asarnil muere, colmillo de muerte tiene un +1 a la"
     " tirada de reaccion de monstruos", "no_combat_effect",
     "-1 to hit Asarnil and his dragon with missiles (no effect in close combat), and +1 on"
     " the dragon's monster reaction roll when Asarnil dies, a test 6th takes after the close"
     " combat is resolved (6th.whfb.app/monsters/slain-riders-and-monsters)"),
    # Reinos del Caos: Demonios "Festín de sangre" (Trono sangriento de Khorne): "Cuando carga,
    # tras resolver los impactos por carga, lanza 1D6 por cada Herida no salvada ... Con cada
    # resultado de 4+, el Trono Sangriento ... recupera una Herida perdida anteriormente en la
    # batalla": in the engine the throne starts a combat unwounded and its impact hits are the
    # first blows of the first round (RULES.md §1.2), so there is no wound yet to recover
    ("festin de sangre", "recupera una herida perdida anteriormente en la batalla", "note",
     "heals, after its charge's impact hits, wounds lost earlier in the battle: a combat here"
     " starts the throne unwounded and its impact hits are the first blows struck, so there is"
     " nothing to heal"),
    # Regimientos de Renombre, read in the catalogue (army26): rules of the shooting, magic
    # and movement phases of named heroes sold as one entry.  Cazadores de brujas
    # "Bendición": "Mientras Wilhelm siga con vida, el ejército dispone de un dado extra de
    # dispersión"; "Plegarias a Sigmar": "Wilhelm puede lanzar una única Plegaria a Sigmar por
    # turno ... Se tratan como objetos portahechizos de nivel de energía 3" (bound spells of
    # the magic phase, as "Icono de Ptra" and "Miasma del vigor nigromántico" here: a combat of
    # the engine starts with no spell in play); Gilead y Fithvael "Maestro del Arco": "cada
    # turno puede disparar hasta tres veces"; "Melancolía": "A principio de cada uno de los
    # turnos del jugador que lo controla, y sólo si no está trabado en combate cuerpo a
    # cuerpo, Gilead debe hacer un chequeo de liderazgo" (never while engaged); Cercenagoblins
    # de Malakai "Arcabuz enano de repetición": "Arma de proyectiles. Alcance 60cm" (its stand
    # and shoot too: the engine has no shooting, as "Llamaradas de Tzeentch"); "Disparando el
    # Cercenagoblins": "Para disparar, el jugador ha de designar un objetivo" (the machine's
    # shot and its crew losses for shooting)
    ("bendicion", "el ejercito dispone de un dado extra de dispersion", "no_combat_effect",
     "an extra dispel die for the army: the magic phase"),
    # Cazadores de brujas (Johann), Sumos Inquisidores (Juan) "Balas de plata": "Los
    # disparos de Johann son Ataques mágicos": his shots; in close combat he fights with the
    # "Estaca de Sigmar" ("Johann puede elegir si lucha con la Estaca de Sigmar o con el par de
    # pistolas": the import's choice, odds.battlescribe.fight_together)
    ("balas de plata", "son ataques magicos", "no_combat_effect", "shooting: his pistols'"
     " shots are magic; in close combat he fights with his stake (his choice, the import's)"),
    ("plegarias a sigmar", "se tratan como objetos portahechizos de nivel de energia 3",
     "no_combat_effect", "bound spells ('objetos portahechizos') cast in the magic phase: a"
     " combat of the engine starts with no spell in play"),
    # empire3 family: Estalia (Sumos Inquisidores) "Plegarias a Myrmidia": "Tomás puede lanzar
    # una única Plegaria a Myrmidia por turno ... Se tratan como objetos portahechizos de nivel
    # de energía 3" (the same bound spells as Wilhelm's "Plegarias a Sigmar")
    ("plegarias a myrmidia", "se tratan como objetos portahechizos de nivel de energia 3",
     "no_combat_effect", "bound spells ('objetos portahechizos') cast in the magic phase: a"
     " combat of the engine starts with no spell in play"),
    ("maestro del arco", "cada turno puede disparar hasta tres veces", "no_combat_effect",
     "shooting: three shots a turn with his longbow or crossbow"),
    ("melancolia", "y solo si no esta trabado en combate cuerpo a cuerpo", "no_combat_effect",
     "a Ld test at the start of his turns only when he is not engaged: movement"),
    ("arcabuz enano de repeticion", "arma de proyectiles. alcance 60cm", "no_combat_effect",
     "a missile weapon (its stand and shoot too: the engine has no shooting)"),
    ("disparando el cercenagoblins", "para disparar, el jugador ha de designar un objetivo",
     "no_combat_effect", "the machine's shot: the shooting phase"),
    # Reinos del Caos: Demonios Legión Demoníaca (Carro de Khorne) "Sobre Furia Asesina del
    # Carro de Khorne": "El Juggernaut no gana el ataque extra, sólo los Desangradores, pero el
    # carro entero se ve sujeto a las reglas de movimiento": how the engine fights a frenzied
    # chariot (frenzy's extra attack on the crew's row only, odds.combat.model.groups; the
    # whole unit frenzied for pursuit)
    ("sobre furia asesina del carro de khorne", "el juggernaut no gana el ataque extra, solo"
     " los desangradores", "note",
     "modelled with frenzy: the extra attack is the crew's only (the Juggernaut's attacks"
     " unchanged), the whole chariot frenzied for its moves and pursuit"),
    # Reinos del Caos: Demonios Legión Demoníaca "Montura de los Portadores del Cambio": "Los
    # Portadores del Cambio montan en Disco de Tzeentch, aunque su perfil sea conjunto (no hay
    # perfil aparte del Disco de Tzeentch en esta unidad)"
    ("montura de los portadores del cambio", "aunque su perfil sea conjunto", "note",
     "the rider and his Disc of Tzeentch fight with the one joint profile printed"),
    # Reinos del Caos "Marca del Caos absoluto" where it is a label: "Sin efecto adicional"
    # (Demonios, Bestias, Elfos Oscuros Culto de Slaanesh), "No tiene ningún efecto"
    # (Mortales Horda de Archaon); its re-roll texts are _TEXT_RULES'
    ("marca del caos absoluto", "sin efecto adicional", "no_combat_effect",
     "a label: its text is 'Sin efecto adicional'"),
    ("marca del caos absoluto", "no tiene ningun efecto", "no_combat_effect",
     "a label: its text is 'No tiene ningún efecto'"),
    # game system "Carro" (RULES.md §1.12): "No puede marchar. Resulta destruido por cualquier
    # herida de Fuerza 7 o más ... Causa impactos por carga ... Las bestias de tiro solo
    # atacan por el frontal": the impact hits, the beasts' front and the destruction by a
    # wound of S7+ (odds.combat.model.thresholds.wreck_chariot) follow from the troop type
    # "chariot"
    ("carro", "resulta destruido por cualquier herida de fuerza 7 o mas", "note",
     "modelled with the troop type: impact hits, and a wound of Strength 7 or more"
     " destroys the chariot (no armour save; its wounds left count in the result)"),
    # Condes Vampiro (Sagrario mortis) "Relicario": "Trátalo como un objeto portahechizos ...
    # Cada unidad enemiga no trabada en ese radio sufre 1D6 impactos de F4" (Bretonia's
    # "Relicario" is another rule: unmodelled.UNMODELLED_REASONS)
    ("relicario", "cada unidad enemiga no trabada en ese radio", "no_combat_effect",
     "magic phase: a bound spell that hits enemy units 'no trabada'"),
    # Skaven "Moulder" (no text): the unit's type, named by a character's rule ("Maestro
    # Moulder": "Todas las unidades de tipo Moulder a 15cm o menos de uno o más Maestros del
    # Clan Moulder pueden repetir los chequeos fallados de psicología")
    ("moulder", "", "no_combat_effect",
     "a label: the unit's type, which the Maestro Moulder's own rule names"),
    # "Despliegue" where its text is deployment or who may join: Imperio "El Tanque a Vapor
    # despliega de forma independiente", Reyes Funerarios "El Arca se despliega con los
    # personajes" and "El Sacerdote se despliega a 5cm o menos del Arca", Enanos "El Señor de
    # las Runas debe desplegar en el Yunque y no se puede separar. Ningún otro personaje puede
    # unirse al Yunque Rúnico"; the beasts' text ("Mientras vayan con él, el Señor no puede
    # rehuir un desafío": a challenge) stays reported
    ("despliegue", "el tanque a vapor despliega de forma independiente", "no_combat_effect",
     "deployment: 'despliega de forma independiente'"),
    ("despliegue", "el arca se despliega con los personajes", "no_combat_effect",
     "deployment: the Ark beside its priest"),
    ("despliegue", "el sacerdote se despliega a 5cm o menos del arca", "no_combat_effect",
     "deployment: the priest beside the Ark"),
    ("despliegue", "ningun otro personaje puede unirse al yunque runico", "no_combat_effect",
     "who may join: the Runelord deploys on the Anvil, no other character joins it"),
    # Skaven (Portadores del incensario) "Discípulos": "La unidad debe desplegarse a menos de
    # 8 cm de una unidad de Monjes de Plaga. La unidad debe permanecer a esa distancia hasta
    # que declare su primera carga ... Por supuesto, los puntos de victoria son por separado"
    ("discipulos", "la unidad debe desplegarse a menos de 8 cm de una unidad de monjes de"
     " plaga", "no_combat_effect",
     "deployment: within 8 cm of a unit of Monjes de Plaga until its first charge"),
    # Elfos Silvanos, Elfos Oscuros (Señor de las bestias) "Despliegue": "Las Bestias
    # despliegan al lado del Señor e, inicialmente, forman una única unidad conjunta.
    # Mientras vayan con él, el Señor no puede rehuir un desafío"; "Muerte del señor": "Si el
    # Señor muere, las Bestias que estuvieran con él también lo hacen".  The Elfos Silvanos
    # entries are built as the beasts' unit with the lord in it (odds.battlescribe.beast_lord,
    # rule beast_lord); any other Beastmaster keeps the beasts as the lord's steed: they strike
    # their own blows and fall with him, but take no wound of their own, and the one model
    # has nobody to hide among
    ("despliegue", "las bestias despliegan al lado del senor", "approximated",
     "the lord and his beasts fight as one model, the beasts as his steed: their own blows,"
     " no wounds of their own (he cannot refuse a challenge: nobody to hide among)"),
    ("muerte del senor", "las bestias que estuvieran con el tambien lo hacen", "note",
     "the beasts fight as the lord's steed and fall with him"),
    # skavenogres family: Contingente Aliado: Nippon "Ashigaru con arcabuces" (a rule of the
    # entry of that name): "Sólo 0-1 unidades del Contingente"
    ("ashigaru con arcabuces", "solo 0-1 unidades del contingente", "no_combat_effect",
     "army composition: 'Sólo 0-1 unidades del Contingente'"),
    # Orcos y Goblins (Escolta de Grimgor) "Guardia Personal": "Ningún personaje aparte de
    # Grimgor puede unirse a la Guardia Personal de Grimgor ... no sustituyen la unidad 0-1
    # de Orcos Negros del ejército"
    ("guardia personal", "ningun personaje aparte de grimgor puede unirse", "no_combat_effect",
     "who may join: no character but Grimgor (and which units it replaces)"),
    # giants family: Regimientos de Renombre (Gigantes de Albión) "Ataques del gigante": their
    # own table, "La determinación del tipo de ataque se hace después de los impactos por
    # carga pero ANTES de cualquier otro combate ... Contra miniaturas con la regla Objetivo
    # grande ... 1-3 Gritar y vocear ... (el enemigo tiene que hacer tirada de
    # desmoralización con un -2) ... 4-6 Cabezazo. Hace 1D6 impactos de F6 ... 1-2 Gritar y
    # vocear ... 3-4 Saltar arriba y abajo ... 5-6 Barrido con el garrote"
    ("ataques del gigante", "la determinacion del tipo de ataque se hace despues de los"
     " impactos por carga", "ignored",
     "the Giants of Albion's own table, rolled before every other blow (a shout on 1-3 or"
     " 1-2 making the enemy test at -2, 1D6 S6 hits, jumps, a sweep): not the giants' table"
     " of the engine, not modelled"),
    # Regimientos de Renombre (Gigantes de Albión) "Caídas": "las miniaturas bajo ella
    # reciben un impacto de F5 con Heridas Múltiples 1D3" (no fall test on losing a combat)
    ("caidas", "reciben un impacto de f5 con heridas multiples 1d3", "ignored",
     "the Giants of Albion's falls (an S5 template, no fall test on losing a combat): not"
     " modelled"),
    # Regimientos de Renombre (Gigantes de Albión) "Muerte del Gigante": "Cuando un Gigante
    # muere (si no está en el suelo) se cae (ver Caídas)": their own S5 template
    ("muerte del gigante", "si no esta en el suelo) se cae (ver caidas)", "ignored",
     "a Giant of Albion slain falls with its own S5 template ('Caídas'): not modelled"),
    # empire family: Imperio, Marienburgo (Barco terrestre de clase 'Marienburgo') "Tiroteo":
    # "en la fase de disparo, además de la Culebrina, el Barco pueda hacer 1D6 disparos ...
    # alcance 45cm, F4"; "Moviendo el barco": "Puedes elegir dos formas de mover el vapor, en
    # la subfase de movimientos obligatorios" (3D6 or 5D6 cm; a mishap on a triple)
    ("tiroteo", "el barco pueda hacer 1d6 disparos", "no_combat_effect",
     "shooting: 1D6 shots of the crew's arquebuses in the shooting phase"),
    # empire family: the land ship's own "¡Problemas!": "Si obtienes Problemas con un Barco
    # Terrestre, lanza 1D6 ..." (its movement mishap; the table on losing its last wound is
    # "Perdiendo la última herida", reported with it)
    ("problemas", "si obtienes problemas con un barco terrestre", "no_combat_effect",
     "movement: the land ship's mishap table after a triple on its high-pressure move (on"
     " losing its last wound: 'Perdiendo la última herida')"),
    ("moviendo el barco", "puedes elegir dos formas de mover el vapor", "no_combat_effect",
     "movement: the ship moves 3D6 cm or 5D6 cm in the compulsory moves (a triple: the"
     " mishap table instead of moving)"),
    # empire family: the land ship's close-combat rules left out, each with its reason
    ("choque", "si el barco choca con alguna unidad", "ignored",
     "its 1D6 impact hits strike at the crew's Initiative ('Este ataque se realiza con la"
     " iniciativa de la tripulación'), not before the blows: not modelled"),
    ("el barco en combate", "cada unidad situada en el frontal del barco recibe 1d6 impactos",
     "ignored", "besides the crew's random attacks, 1D6 S6 hits each round on every unit at"
     " its front only ('atropellar'): not modelled"),
    ("perdiendo la ultima herida", "cuando el barco pierda su ultima herida", "ignored",
     "on losing its last wound a D6 on its mishap table: 1, 1D6 S8 hits on every unit in"
     " contact; 6, a S6 hit on every model within 3D6 cm (positions the engine does not"
     " have): not modelled"),
    # empire family: Imperio (Tanque de vapor): the parts of the tank's rules that act outside
    # close combat, and why the others are left out (its damage model is "Puntos de
    # estructura", reported with its reason)
    ("declaracion de cargas", "el tanque tiene 360", "no_combat_effect",
     "charges: whom the tank may charge and how it turns and moves to reach them"),
    ("movimiento a traves de hostigadores", "no pueden recibir una carga del tanque",
     "no_combat_effect", "movement: skirmishers and lone characters step aside from the"
     " tank's charge and path"),
    ("tanque y terreno", "el tanque puede mover solo por terreno abierto", "no_combat_effect",
     "movement: open ground and linear obstacles only"),
    ("disparos contra un tanque de vapor", "al disparar contra un tanque a vapor",
     "no_combat_effect", "shooting: hard and soft hits of missiles against its structure"
     " points"),
    ("el tanque y la magia", "el tanque es inmune a todos los hechizos", "no_combat_effect",
     "magic phase: immune to spells but those with a Strength"),
    ("cargas enemigas", "el tanque solo puede reaccionar a las cargas enemigas con aguantar y"
     " disparar", "no_combat_effect",
     "charge reaction: stand and shoot only, with the engineer's pistol"),
    ("inicio de turno", "al inicio de turno puedes elegir cuantos pv", "ignored",
     "each own turn the steam points rolled may cost 1D6 to 4D6 structure points (the"
     " structure-point model): not modelled"),
    ("impactos por carga", "si el tanque choca contra una unidad enemiga causa 1d3 impactos",
     "ignored", "1D3 impact hits plus 1D3 per 8 cm moved straight (a distance the player"
     " chooses with steam points): not modelled"),
    ("disparo", "el tanque a vapor tiene dos disparos", "ignored",
     "its two cannons may shoot in its shooting phase at the enemy it is engaged with (the"
     " engine has no shooting phase): not modelled"),
    ("destrabarse", "el tanque puede destrabarse del combate voluntariamente", "ignored",
     "it may leave a combat in its movement phase and charge again: not modelled"),
    ("chequeos de atributos", "el tanque falla automaticamente todos los chequeos de"
     " iniciativa", "ignored", "it fails every Initiative test an enemy's rule makes it take"
     " in close combat and passes every other test: not modelled"),
    ("situaciones extranas", "hay algunas situaciones extranas con el tanque a vapor",
     "ignored", "the structure-point model's odd cases (giants, fanatics, spells): not"
     " modelled"),
    # empire family: Imperio (Altar de Guerra del Gran Teogonista) "Imbuir furia": "toda unidad
    # amiga a 30cm o menos del Altar (incluido el Altar y el propio Volkmar) es Inmune a
    # psicología, aunque se verán sujetas también a Furia justiciera" (hatred of Chaos, Skaven
    # and Undead enemies)
    ("imbuir furia", "toda unidad amiga a 30cm o menos del altar", "ignored",
     "the altar, Volkmar and every friend within 30 cm are immune to psychology with"
     " 'Furia justiciera' (hatred of Chaos, Skaven and Undead: 'Caos' is a Tipo word of"
     " several books) while the altar does not flee: not modelled"),
    ("equipo magico del altar de guerra del gran teogonista", "este equipo magico es del altar"
     " de guerra, no de volkmar", "no_combat_effect",
     "army composition: the altar's magic items stay with it, not with Volkmar"),
    # Bretonia and the elves: Elfos Oscuros (Guarnición de la Ciudad, Guardia de la ciudad) "En
    # caso de equipar a la unidad con escudos": "la primera fila lucharía con arma de mano y
    # escudo y las demás con lanza y escudo ... Nuestra recomendación es que se aplique el
    # bonificador a armadura por arma de mano y escudo ... en los combates por el frontal de
    # la unidad, pero salvación de ligera y escudo contra los ataques por su flanco o
    # retaguardia": the engine's mixed unit ("Unidad mixta", Unit.front_weapon) saves with the
    # front rank's weapon against enemies at its front, with the ranks behind's elsewhere
    ("en caso de equipar a la unidad con escudos", "nuestra recomendacion es que se aplique el"
     " bonificador a armadura por arma de mano y escudo", "note",
     "with shields, the mixed unit saves as the text recommends: hand weapon and shield"
     " against enemies at its front, spear and shield on a flank or the rear"
     " (Unit.front_weapon)"),
)


def no_effect_text(name: str, text: str) -> tuple[str, str] | None:
    """How a rule named after its unit is reported, recognised by its catalogue text.

    The name is compared without case, accents or articles (:func:`plain_name`).

    Returns
    -------
    (kind, reason) or None
        ``"no_combat_effect"`` (or ``"note"``, a condition the combat assumes, or
        ``"approximated"``, a part of the rule the combat leaves out) and why; None when
        the name and text are not one of :data:`_NO_EFFECT_TEXTS`.
    """
    key, plain = plain_name(name), re.sub(r"\s+", " ", plain_text(text))
    for rule, phrase, kind, reason in _NO_EFFECT_TEXTS:
        if key == plain_name(rule) and phrase in plain:
            return kind, reason
    return None


_TEXT_WARDS: tuple[tuple[str, str, int], ...] = (
    # Imperio (Luminarca de Hysh) "Aura de protección": "Todas las unidades ... amigas a
    # 15cm o menos de uno o más Luminarcas (incluido el mismo Luminarca) tienen una tirada de
    # salvación especial de 6+. No tiene ningún efecto sobre las miniaturas amigas que ya
    # tenían tirada de salvación especial" (the Luminarca's own ward: a better one wins)
    ("aura de proteccion", "(incluido el mismo luminarca) tienen una tirada de salvacion"
     " especial de 6+", 6),
    # Reinos del Caos Mortales (Templete del Caos) "Protección del Caos": "El Templete tiene
    # una Tirada de salvación especial de 5+" (Altos Elfos' Alarielle has another rule of the
    # name)
    ("proteccion del caos", "el templete tiene una tirada de salvacion especial de 5+", 5),
    # Bretonia and the elves: Elfos Silvanos "Tatuajes talismánicos": "Las miniaturas con
    # Tatuajes talismánicos tienen una Tirada de salvación especial de 6+ y Resistencia a la
    # magia (1)" (the magic resistance: the magic phase; beside "Espíritu del bosque", the
    # better ward against each blow: odds.special_rules.wards.own_ward)
    ("tatuajes talismanicos", "tienen una tirada de salvacion especial de 6+ y resistencia a"
     " la magia (1)", 6),
    # Reinos Ogros, Horda Gnoblar (Zuertudoz Azkerozoz) "Afortunados": "los Zuertudoz tienen
    # una Tirada de salvación especial de 6+; el Zuperzuertudo la tiene de 5+" (his:
    # _TEXT_LEADER_WARDS)
    ("afortunados", "los zuertudoz tienen una tirada de salvacion especial de 6+", 6),
)

_TEXT_LEADER_WARDS: tuple[tuple[str, str, int], ...] = (
    # Reinos Ogros, Horda Gnoblar "Afortunados": "el Zuperzuertudo la tiene de 5+" (the unit's
    # champion)
    ("afortunados", "el zuperzuertudo la tiene de 5+", 5),
)


def text_ward(name: str, text: str, leader: bool = False) -> int | None:
    """The ward save (roll needed) a rule gives its own unit, recognised by its text, or None.

    ``leader``: the ward it gives the unit's leader (champion) instead, from
    :data:`_TEXT_LEADER_WARDS`.
    """
    key, plain = normalize(name), re.sub(r"\s+", " ", plain_text(text))
    for rule, phrase, ward in _TEXT_LEADER_WARDS if leader else _TEXT_WARDS:
        if key == rule and phrase in plain:
            return ward
    return None


_MARK_EFFECTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("furia asesina", ("frenzy",)),
    ("inmune a psicologia", ("immune_to_psychology",)),
    # chaosbeasts: Elfos Oscuros Culto de Slaanesh "Marca de Slaanesh" ("Inmunes a
    # Psicología", "Los Iniciados de Slaanesh son inmunes a psicología")
    ("inmunes a psicologia", ("immune_to_psychology",)),
    ("siempre ataca primero", ("always_strikes_first",)),
    ("causa miedo", ("fear",)),
    ("ataques envenenados", ("poisoned",)),
    # Reinos del Caos (Marca de Malal) "Marca de Malal": "puede repetir cualquier tirada para
    # impactar (en combate cuerpo a cuerpo o con proyectiles) contra miniaturas de tipo Caos,
    # Skaven o No Muerto" (the remark in parentheses left aside)
    ("puede repetir cualquier tirada para impactar contra miniaturas de tipo caos, skaven o no"
     " muerto", ("mark_of_malal",)),
)
_MARK_NO_EFFECT: tuple[str, ...] = (
    "dado de dispersion", "dado de magia", "dados de energia", "gana el tipo", "hechicero",
    "saber de", "puede ir montado", "sin efecto adicional", "lanzar hechizos", "debe usar",
    "no ocupa opcion",
    # chaosbeasts: Elfos Oscuros Culto de Slaanesh "Marca de Slaanesh": "Siguen teniendo Odio
    # a Altos Elfos y siguen sufriendo de Estupidez si la tenían" (the unit's own rules, kept
    # as they are), and the Engendro's "Mueve 8D6cm vez de 5D6" (its random move)
    "siguen teniendo", "mueve 8d6",
)


def mark_effects(text: str) -> tuple[tuple[str, ...], list[str]]:
    """What a mark of Chaos's rule text does, as MDNR prints it for that entry.

    MDNR defines each mark per entry (``Marca de Khorne``: "Furia Asesina. Mientras
    sigan vivos, el ejército tiene +1 dado de dispersión"; ``Marca de Nurgle``:
    "Causa Miedo..."; ``Marca de Slaanesh``: "Inmune a psicología"...).  Each
    sentence must be a known close-combat effect (frenzy, immune to psychology,
    always strikes first, causes fear, poisoned attacks) or a known non-combat one
    (dispersal and magic dice, unit types, wizard levels, mounts); a remark in
    parentheses is left aside.

    Returns
    -------
    (flags, unknown)
        Special-rule flags (``poisoned`` meaning poisoned attacks 6+) and the
        sentences not understood (then the mark is not modelled).
    """
    plain = re.sub(r"\s+", " ", re.sub(r"\([^)]*\)", " ", plain_text(text)))
    flags: list[str] = []
    unknown: list[str] = []
    for sentence in filter(None, (x.strip(" ,") for x in re.split(r"[.;]\s*", plain))):
        hits = [f for key, fs in _MARK_EFFECTS if key in sentence for f in fs]
        if hits:
            flags += hits
            if "salvacion" in sentence:
                # Reinos del Caos Heraldo "Marca de Khorne": "... está sujeto a Furia Asesina
                # ... y gana una tirada de salvación por armadura de 6+": the save in the
                # same sentence is not modelled, so the mark is not (never half-applied)
                unknown.append(sentence)
        elif not any(key in sentence for key in _MARK_NO_EFFECT):
            unknown.append(sentence)
    return tuple(dict.fromkeys(flags)), unknown


_LONE = "cada uno se considera una miniatur individual a todos los efectos"


def lone_models(node: Any) -> bool:
    """Whether a unit entry's models each fight alone once deployed (a unit of one model).

    ``node``: the entry's :class:`~odds.battlescribe.tree.Node`, its own rules only.  MDNR
    Reinos del Caos Demonios Legión Demoníaca "Incineradores (Unidad Básica Adicional)"
    "Individuales": "Después del despliegue, cada uno se considera una miniatur individual a
    todos los efectos (mueven individualmente, proporcionan puntos de victoria cada uno, no se
    les pueden unir personajes, etc.)": the entry's unit is one model, at most one (several
    are several units of a combat).
    """
    return any(normalize(name) == "individuales" and _LONE in plain_text(text)
               for name, text in node.rule_texts.items())
