"""Names with nothing to model: structural names, and names with no effect on a close combat.

:data:`NO_COMBAT_EFFECT` maps each name known to have no effect on a close combat as the
engine models it to the one-line reason why (its category first: shooting, war machine,
movement, deployment, magic phase, army composition, who may join, out of combat, a label
with no rule of its own); :data:`NO_COMBAT_EFFECT_PREFIXES` does the same for name
prefixes.  Each reason was written reading the name's texts in every MDNR catalogue; a name
whose texts differ from book to book, one of them changing a close combat, is read by its
text instead (:mod:`odds.battlescribe.rule_texts`: "Carro", "Marca del Caos absoluto",
"Relicario", "Chillido mortal"...).  Such names are still reported, as ``no_combat_effect``
with their reason.  Any other unknown name is reported as ``ignored``.

Names are looked up case-, accent- and article-insensitively (:func:`plain_name`), so
another data set spelling "Inmune a la psicología" as "Inmune a psicologia" reads the same.
"""

from __future__ import annotations

import re
from types import MappingProxyType

from odds.battlescribe.spelling import normalize

__all__ = [
    "NO_COMBAT_EFFECT",
    "NO_COMBAT_EFFECT_PREFIXES",
    "STRUCTURAL_NAMES",
    "is_no_combat_effect",
    "no_combat_reason",
    "plain_name",
]


STRUCTURAL_NAMES: frozenset[str] = frozenset(map(normalize, [
    "No", "Grupo de mando", "Tripulantes", "Tripulación", "Armas", "Armadura", "Mejoras",
    "Opciones",
]))
"""Selection names that only structure a catalogue (nothing to model or report)."""

_ARTICLES = re.compile(r"\b(?:el|la|los|las|lo|un|una|unos|unas)\b ?")


def plain_name(name: str) -> str:
    """:func:`normalize` d ``name`` without Spanish articles ("del" read as "de", "al" as "a")."""
    key = re.sub(r"\bdel\b", "de", re.sub(r"\bal\b", "a", normalize(name)))
    return re.sub(r"\s+", " ", _ARTICLES.sub("", key)).strip()


def _table(groups: dict[str, dict[str, str]]) -> MappingProxyType:
    """``{category: {name: detail}}`` as ``{plain name: "category: detail"}`` (no repeats)."""
    out: dict[str, str] = {}
    for category, names in groups.items():
        for name, detail in names.items():
            key = plain_name(name)
            assert key not in out, name
            out[key] = f"{category}: {detail}" if detail else category
    return MappingProxyType(out)


_MISSILE = "a missile weapon"
_WAR_MACHINE = "the war machine's shot"
_JOIN = "no character may join (or only some may)"

NO_COMBAT_EFFECT: MappingProxyType = _table({
    "shooting": {
        # missile weapons, as options or rules ("Arco", "Ballesta": no text, their profiles
        # have a range)
        "Arco": _MISSILE, "Arco largo": _MISSILE, "Arco corto": _MISSILE,
        "Ballesta": _MISSILE, "Arcabuz": _MISSILE, "Arcabuz imperial": _MISSILE,
        "Jabalinas": _MISSILE, "Arco de Avelorn": _MISSILE, "Arco de Ellyrion": _MISSILE,
        "Cuchillos arrojadizos": _MISSILE, "Hachas arrojadizas": _MISSILE,
        "Escupir fuego": "a breath weapon ('un arma de aliento de F3')",
        "Ballesta de repetición": "a missile weapon ('Alcance 60cm ... Disparos múltiples x2')",
        "Armas de proyectiles": "the Juggernaut's arquebus and light steam cannon",
        "Trabuco": "a missile weapon with an area of effect ('Mover o disparar')",
        # Regimientos de Renombre: Drong's "Pistola (solo una por fase de disparo)" (the
        # profile "Pistola (disparo)"; their close-combat pistols are "¡Montones de
        # pistolas!"); Mengil's "Pistola ballesta" ("Alcance 20cm. Fuerza 3. Disparos
        # múltiples x3"; Elfos Oscuros: "no ... cuenta como arma adicional al combate")
        "Pistola (solo una por fase de disparo)": "the pistol's shot ('Pistola (disparo)')",
        "Pistola ballesta": "'Alcance 20cm. Fuerza 3. Disparos múltiples x3'",
        "Cazador ballestero": "Marco 'puede Mover y disparar con su Ballesta'",
        "Arquería de los Asrai": "no -1 to hit for moving and shooting",
        "Disparar en vuelo": "no -1 to hit for moving and shooting",
        "Saetas del áspid": "the bows' to-hit rolls ignore modifiers",
        "Disparos envenenados": "the Troglagobs' javelins and bows are poisoned",
        "Ataque rasante": "hits on a unit flown over, 'ataques de proyectiles a todos los"
                          " efectos, pero realizados en la fase de movimiento'",
        "Estandarte de Kalad": "scouts, and -1 to hit for 'cualquier unidad que dispare' at"
                               " them",
        "Pavés": "a 5+ save 'contra proyectiles'; 'En combate cuerpo a cuerpo tienen"
                 " simplemente armadura pesada'",
        "Capa de león blanco": "a 5+ armour save 'a los ataques a distancia (proyectiles o"
                               " magia)'",
        "Disparos (y hechizos) a la manada": "how missile hits are split among a herd's models",
        "Objetivo grande": "line of sight and +1 to hit it with missiles",
        "Objetivo pequeño": "'No bloquean línea de visión'",
        "Arma de aliento": "gst: 'un ataque de disparo que emplea la plantilla con forma de"
                           " lágrima'",
        "Aliento": "a breath weapon ('Arma de aliento de F4')",
        "Aliento de fuego": "'En la fase de disparo la Hidra puede escupir fuego'",
        "Escupir llamas": "'un Ataque de Aliento que usa la plantilla de lágrima' (Reinos del"
                          " Caos: 'dos Ataques de Aliento por turno')",
        "Chorro de chispas": "a breath 'se resuelve como el impacto de una bala de cañón'",
        "Bolas de fuego de disformidad": "a template 'se realiza en la fase de Disparo'",
        # Empire family: Condes Vampiro (Costa del Vampiro) "Pólvora (Zombis que
        # disparan)", Mercenarios: Estalia "Sol Llameante", Imperio (Tren de Artillería de
        # Nuln) "Cazadores de monstruos"
        "Pólvora (Zombis que disparan)": "the Arcabuceros Zombi hit on a 6 to hit with their"
                                         " arquebuses, and a 1 hits their own unit",
        "Sol Llameante": "-1 to hit the knights with missiles for a stand and shoot reaction",
        "Cazadores de monstruos": "'Pueden repetir las tiradas para impactar a distancia a"
                                  " miniaturas de tipo Monstruo'",
        # Reinos del Caos Mortales "Mamut" (chaos family): which of the mammoth and its
        # howdah a template, a missile or a spell hits
        "Disparos de plantilla al mamut": "template shots hit the mammoth or its howdah at"
                                          " random",
        "Hechizos y disparos de armas de proyectiles al mamut": "spells and missiles aimed at"
                                                                " the mammoth or at its"
                                                                " howdah",
    },
    "war machine": {
        "Lanzavirotes": _WAR_MACHINE, "Lanzacohetes": "'sigue todas las reglas de la Catapulta'",
        "Andanada": "the bolt thrower's volley, '6 disparos ... a 120cm'",
        "Catapulta": _WAR_MACHINE, "Gran cañón": "'Puede disparar a cualquier unidad entre"
                                                " 30cm y 120cm'",
        "Disparando el cañón de salvas": "'Designa un objetivo válido de disparo ...'",
        "Disparando el lanzacohetes": "'Designa un punto en línea de visión ...'",
        "Disparando el cañón": "'Se dispara como una catapulta con alcance 150cm'",
        "Fiabilidad enana": "re-roll 'la tirada para determinar el número de impactos' of the"
                            " organ gun",
        "Bombardeo": "a template placed 'En la fase de disparo', a war machine's missile"
                     " attack",
        "Armas experimentales": "'se disparan como la catapulta'",
        # Enanos del Caos: its "Ogro" fights as the machine's crewman body
        # (selection.crewman_node); a war machine "cannot be attacked in close combat while it
        # still has crew" (6th.whfb.app war-machines/attacking-a-machine), so the machine is
        # destroyed, and its crew left to fight on as a unit, only outside a close combat
        "Mortero terremuerte": "'dispara como una catapulta': misfires, units hit kept from"
                               " moving, reloading; its crew fight on once it is destroyed,"
                               " never in a combat (not attacked while crewed)",
        "Armas del barcatronante": "its three guns' shots ('Pueden dispararse los tres cada"
                                   " turno')",
        "Culebrina": "the land ship's cannon ('como un cañón')",
        "Lanzagoblins": "'se dispara como una Catapulta'",
        # "Problemas" (the Lanzagoblins) and "¡Problemas!" (the volley gun, the rocket
        # battery): one name once "¡" and "!" are dropped
        "¡Problemas!": "the misfire tables of the Lanzagoblins', volley gun's and rocket"
                       " battery's shots",
        "Cráneos aullantes": "the catapult's hits and a panic test 'ya sea en fase de disparo"
                             " o de magia'",
        "El lanzacráneos y el cántico del embate de Horekhah": "an extra shooting phase",
        "Máquina de guerra": "'puede pivotar gratis ... no puede mover y disparar' (Yunque:"
                             " deployed with the war machines)",
        "Tren de artillería": "towing a war machine in the movement phase",
        "Pérdida de la dotación": "a crewless cannon's move in the compulsory moves subphase",
        "Puntos": "victory points of the cannon and its crew",
        # Empire family: Condes Vampiro (Costa del Vampiro)
        "Carronada": "'La Carronada es un Cañón ... puede Moverse y disparar, tiene un alcance"
                     " de 90cm'",
        "Reina Bess": "'una máquina de guerra parecida a un cañón gigantesco': its shot",
    },
    "magic phase": {
        # Skaven: "pueden tomar como objetivo de sus disparos y hechizos cualquier unidad
        # enemiga trabada en combate cuerpo a cuerpo" (the shooting phase too)
        "La vida no tiene ningún valor": "shooting and casting into a combat ('objetivo"
                                         " de sus disparos y hechizos')",
        "Resistencia a la magia 1": "dispel dice against spells",
        "Resistencia a la magia 2": "dispel dice against spells",
        "Aura divina": "'Resistencia a la Magia (1)' for friends within 15 cm",
        "Aprendiz de nigromante": "'no es Nigromante a ningún efecto'",
        "Aprendiz de Mullah": "'Hechicero de nivel 1', no power or dispel dice",
        "Unidad mágica": "a spell ('Negra Mano de la Muerte')",
        "Hechizos vinculados": "'puede lanzar UNO de estos hechizos en cada fase de magia'",
        "Mutador": "a spell cast 'una vez por fase de magia'",
        "Icono de Ptra": "'un objeto portahechizos, de nivel de energía 3'",
        "Conducto espiritual": "+1 to the priests' chants",
        "Foco de Azyr": "+1 power die", "Foco de Hysh": "+1 dispel die",
        "Altar": "'Las Plegarias lanzadas desde un altar ganan un +1 a su nivel de energía'",
        "Rayo lumínico de Solheim": "a bound spell 'en cada fase de magia'",
        "Tormenta de Shemtek": "a bound spell 'en cada fase de magia'",
        "Miasma del vigor nigromántico": "a bound spell 'en la fase de magia' (a combat of"
                                         " the engine starts with no spell in play)",
        "El lanzacráneos y el cántico de invocación de Djedra": "victory points; the chant's"
                                                                 " healing is cast in the"
                                                                 " magic phase",
        "Cólera de la tormenta": "lightning spells do not harm it (a spell makes it"
                                 " frenzied: none is in play in a combat of the engine)",
        "Pergamino de Arabia": "a 2+ ward 'contra cualquier herida provocada por un Hechizo'",
        "Pesado": "under a spell 'no puede usar su movimiento volador'",
        # Empire family: Mercenarios, Monstruos Arcanos (Fimir)
        "Unidad mágica (Invocar niebla)": "a spell ('Si se consigue lanzar con éxito ...'; its"
                                          " -1 to hit the Fimir lasts to the next own magic"
                                          " phase: a combat of the engine starts with no"
                                          " spell in play)",
    },
    "movement": {
        "Cruzar (bosques)": "", "Cruzar (obstáculos)": "", "Cruzar bosques": "",
        # game system "Cruzar": "Ignora los penalizadores al movimiento de un determinado
        # tipo de terreno"
        "Cruzar": "'Ignora los penalizadores al movimiento' of a kind of terrain",
        "Cruzar todo salvo impasables y acuáticos": "", "Leñadores": "'Cruzar(Bosques)'",
        "Piernas largas": "'Cruzar( obstáculos )' and a fall test per obstacle crossed",
        "Patas largas": "'Cruzar(Vallas, Setos, Muros)'",
        "Anfibio": "crossing water, light cover in it",
        "Anfibios": "'Cruzar (Elementos acuáticos) ... cobertura ligera'",
        "Carro espectral": "'ignora terreno a efectos de movimiento'",
        "Carro (Marchar)": "'puede marchar'", "Ágil": "'A efectos de marcha'",
        "Avance imparable": "marching with enemies near",
        "Movimiento": "how the unit moves (steam points, beasts, obstacles; 'Las cargas se"
                      " realizan como es normal')",
        "Movimientos rápidos": "a gyrocopter rallied after fleeing from a charge may face"
                               " any way",
        "Movimiento aleatorio (5D6)": "a compulsory move; its dice are the printed M"
                                      " (Unit.random_move: the charge's reach, flight and"
                                      " pursuit)",
        "Movimiento aleatorio (8D6)": "a compulsory move; its dice are the printed M"
                                      " (Unit.random_move), a rider lost on a 6",
        "Terreno": "the Barcatronante is removed if it ends its move in rough terrain",
        "De mente simple": "no reforming while moving, one pivot",
        "Gigante de asedio": "re-rolls to wound buildings and walls only",
        "Jarra de cerveza de Bugman": "'En cada fase de movimiento, si la unidad no está"
                                      " trabada': never while engaged",
        # Elfos Silvanos: "cuando usan su movimiento terrestre, tienen la regla especial
        # Cruzar (Bosques)"
        "Caminantes": "'Cruzar (Bosques)' when moving on foot",
        # Bretonia: "el Caballo de Guerra no recibe la penalización habitual de -2 al
        # Movimiento por llevar barda": the engine takes no M off for barding, and 20 cm or
        # 18 cm both flee and pursue with 8D6
        "Purasangre": "the barded warhorse keeps its M ('no recibe la penalización habitual"
                      " de -2 al Movimiento'), as the engine reads every barded mount",
        # Reinos del Caos Mortales "Mamut" (chaos family) "Asedio": "se puede usar como una
        # Torre de Asedio"
        "Asedio": "the mammoth used as a siege tower ('como una Torre de Asedio')",
    },
    "deployment": {
        "Exploradores": "", "Emboscada": "", "Avance subterráneo": "",
        "Salir desde abajo": "deployment and arrival (the emergence itself is `odds"
                             " emerge`: a unit that comes up under an enemy charges it)",
        "Salir desde abajo (Aclaración)": "the markers of units below ground",
        "Telescopio del Navegante": "enemy hidden models revealed 'Al inicio de la batalla'",
    },
    "out of combat": {
        "Animosidad": "tested only by units 'que no estén huyendo ni trabados en combate'",
        "Animosidad especial": "rolled 'excepto si están huyendo o trabados en combate'",
        "Evita animosidad": "re-rolls of the animosity test",
        "Grandotez": "the animosity test",
        "Indisciplinado": "a charge forced at the start of the movement phase",
        "Mal genio": "a charge forced in the charge declaration subphase",
        "Riñas": "'Si al inicio de un turno propio la unidad no se encuentra trabada en"
                 " combate'",
    },
    "army composition": {
        "Regimientos de Renombre": "which armies may field them, who may join (their"
                                   " leaders fight as the engine's champions and members)",
        # Mercenarios: "Puedes incluir Regimientos de Renombre en tu ejército mercenario
        # como si se tratasen de tropas mercenarias normales"
        "Regimiento de Renombre": "'Puedes incluir Regimientos de Renombre en tu ejército"
                                  " mercenario'",
        # MdM Marienburgo: "no puede tener más unidades ... de Mercenarios que de las otras
        # unidades de infantería"
        "Mercenarios en el ejército de Marienburgo": "no more mercenary units than"
                                                     " Marienburg infantry units",
        # Reinos del Caos (Marca de Malal) "Sometidos a Malal" (its text: "Sometidos a
        # Malal."), on the units of Khorne, Nurgle, Slaanesh and Tzeentch whose army rule
        # "Ejército de Malal" says "No puedes incluir en el ejército ninguna miniatura de tipo
        # Khorne, Tzeentch, Nurgle ni Slaanesh"
        "Sometidos a Malal": "units of the four gods, kept out of a Malal army ('Ejército de"
                             " Malal')",
        # Bretonia: "Si incluyes pólvora ... no puedes llevar miniaturas con el voto del
        # Grial"
        "Desdén por la pólvora": "no Grail vow in an army with gunpowder",
        "Unidades de mercenarios en otros ejércitos": "which armies may field them",
        "Monstruo arcano": "'una opción de unidad Singular ... por cada 2000 puntos'",
        "Unidad especial y personaje": "a character riding the chariot 'sigue contando como"
                                       " unidad especial'",
        "Creación de la manada": "a herd's Gors and Ungors (the mixed herd is reported with"
                                 " its Ungors)",
        "Primeros entre iguales": "one unit may carry a magic standard",
        "Estandarte mágico": "which unit may carry a magic standard",
        "Tamaño mínimo": "'Debe tener al menos 10 integrantes'",
        "Ocupan un hueco adicional de singular": "",
        "En caso de incluir Meargh, ocupa hueco de héroe": "",
        "En compañía de horrores": "Incineradores accompanying the Horrores",
        "Dios del Caos": "which marks the General allows",
        "Marcas del Caos": "which marks a model may carry ('Los efectos de otorgar una marca"
                           " ya están incluidos en las tropas')",
        "Marca": "which characters may ride the chariot",
        "Montura": "a Necromancer's mount (his save), or the Buscadoras' steed in their"
                   " profile",
        "Montura de personaje": "a character riding it replaces a crewman",
        "Objetos mágicos": "which magic items may be taken",
        "Heridas y bajas": "the Comehombres' (Ratas Ogro's) casualties, 'todos con la misma"
                           " Resistencia y armadura': how the engine already fights a unit",
        # Empire family: Imperio (Ejército Cruzado, Sigmarita, Guardia del
        # Emperador), Mercenarios and Marienburgo "Enemistad"
        "Orden de Caballería": "'Deben ser todos de la Orden elegida'",
        "0-1 unidades de Caballería Imperial pueden ser del Círculo Interior.": "",
        "Flagelantes (Menos que Compañias libres)": "'No puede haber más unidades de"
                                                    " Flagelantes que de Compañías libres'",
        "Órdenes de Caballería Famosas que no sean la Reiksguard": "'0-1 puede ser del"
                                                                    " Círculo Interior'",
        "Enemistad": "no Greenskin or Elf models in an army with dwarfs (or no Dwarf models"
                     " with an Elf captain)",
        # Reinos del Caos (chaos family): Demonios Legión Demoníaca "Unidades Básicas
        # Adicionales": "No puedes incluir más unidades básicas adicionales de una marca que
        # unidades básicas auténticas de la misma marca ... cuentan para el mínimo";
        # "Unidades básicas auténticas": "Puedes incluir cualquier número de unidades básicas
        # auténticas en tu ejército ... Cuentan como unidades básicas"; "Furias (0-1 por cada
        # personaje con Marca del Caos Absoluto)": "Puedes incluir 0-1 unidades de Furias del
        # Caos por cada personaje de Caos Absoluto"
        "Unidades Básicas Adicionales": "how many may be fielded ('No puedes incluir más"
                                        " unidades básicas adicionales de una marca que"
                                        " unidades básicas auténticas')",
        "Unidades básicas auténticas": "'Puedes incluir cualquier número de unidades básicas"
                                       " auténticas ... Cuentan como unidades básicas'",
        "Furias (0-1 por cada personaje con Marca del Caos Absoluto)": "'0-1 unidades de"
                                                                       " Furias del Caos por"
                                                                       " cada personaje de"
                                                                       " Caos Absoluto'",
    },
    "who may join": {
        "Solitario": _JOIN, "Solitarios": _JOIN, "Miniatura individual": _JOIN + " (a lone"
                                                                                " model's"
                                                                                " movement)",
        "Devotas de Khaine": _JOIN, "Unidad fantasmal": _JOIN, "Semigrifos": _JOIN,
        "Ogros dragón y shaggoth": _JOIN, "Peligrosos": _JOIN, "Locos": _JOIN,
        "Personajes": _JOIN,
    },
})
"""Known names with no effect on a close combat → the reason (category first)."""

# Bretonia and the elves (Elfos Silvanos, Elfos Oscuros, Altos Elfos): their names, read in
# every catalogue that prints them
_BRETONNIA_AND_ELVES: MappingProxyType = _table({
    "shooting": {
        # Bretonia: "Si llevan Ballesta, ten en cuenta que pese a ser caballería rápida no
        # podrán mover y disparar"
        "Caballería rápida y ballesta": "fast cavalry with crossbows may not move and shoot",
        # Elfos Silvanos (Señor de las bestias): "Los proyectiles contra la unidad se
        # distribuirán con 1D6 ... Las bajas de las Bestias no provocan pánico en el Señor"
        "Disparo a un señor de las bestias": "missile hits split 1D6 between the beasts and"
                                             " their lord, and the beasts' losses to them",
        # Elfos Silvanos (Forestales): "Las tiradas para impactar por disparo (con HP) a esta
        # unidad tienen un penalizador de -1 adicional"; "Golpe letal ... en los disparos a
        # corto alcance"; (Guardia del bosque) "Los disparos ... se resuelven con F4 a corto
        # alcance"
        "Acechantes forestales": "-1 to hit it 'por disparo (con HP)'",
        "Disparo letal": "killing blow 'en los disparos a corto alcance'",
        "Arcos largos de la guardia del bosque": "'Los disparos ... se resuelven con F4 a"
                                                 " corto alcance'",
        # Elfos Silvanos (Hombre árbol): "Es un ataque de disparo a todos los efectos ... no
        # puede hacerse contra unidades trabadas en cuerpo a cuerpo"
        "Estrangulamiento": "'un ataque de disparo ... no puede hacerse contra unidades"
                            " trabadas'",
    },
    "war machine": {
        # Bretonia: "Trátalo como una catapulta, con las siguientes excepciones: alcance
        # 30-150cm, tiene fuerza 5 (10 en el centro)"
        "Trebuchet": "'Trátalo como una catapulta' (30-150 cm, S5, 10 in the centre)",
        # Bretonia: "Los Pot-de-Feu son balistas que disparan con F7 ... si se obtiene un 1
        # en la tirada para impactar, el Pot-de-Feu explota"
        "Pot-de-feu": "a bolt thrower's shot at S7 that explodes on a 1 to hit",
    },
    "magic phase": {
        # Elfos Silvanos: "En cada fase de magia propia, el Hombre Árbol puede lanzar ... el
        # hechizo Cántico de los árboles como si fuera un objeto portahechizos"
        "Poder del bosque (magia)": "a bound spell cast 'En cada fase de magia propia'",
        # Elfos Oscuros (Brujos fuegoletal): a rule of no text naming the spell the unit
        # casts, "Explosión ardiente" of the "Saber del Fuego" (a magic missile)
        "Unidad mágica (Explosión ardiente, Saber del Fuego)": "the unit casts 'Explosión"
                                                               " ardiente' of the Saber del"
                                                               " Fuego in the magic phase",
        # Elfos Silvanos (Enjambres de duendes): "Proyectil mágico de alcance 45 cm. Si impacta
        # a una unidad enemiga, ésta tiene la regla especial Estupidez durante su próximo
        # turno"
        "Unidad mágica (El atolondramiento de los diablillos)": "a magic missile cast in the"
                                                                " magic phase (its stupidity"
                                                                " lasts the target's next"
                                                                " turn: a combat of the"
                                                                " engine starts with no spell"
                                                                " in play)",
        # Elfos Silvanos (Hermanas de la espina): a name without text, the unit's spell
        "Unidad mágica (Furia del bosque)": "the unit's spell ('Furia del bosque'), cast in the"
                                            " magic phase (no text of its own)",
    },
    "movement": {
        # Elfos Silvanos (Jinetes del bosque): "Si llevan Armadura ligera y Escudo, dejan de
        # ser Caballería Rápida" (the engine's fast cavalry is the troop kind of its movement)
        "Caballería rápida y armadura": "with light armour and shield the unit is no longer"
                                        " fast cavalry, whose rules are movement ones (no"
                                        " close-combat effect in the engine)",
        # Elfos Silvanos, Elfos Oscuros (Señor de las bestias): "puedes declarar carga con las
        # Bestias (el Señor no podrá declarar carga ...) ... en caso de perseguir, puedes
        # elegir que las Bestias persigan al enemigo derrotado en combate (8D6) y que el Señor
        # se mantenga": a choice to split the unit, which the engine fights whole
        "¡Cogedlos!": "the player may let the beasts charge or pursue (8D6) without their"
                      " lord; the engine fights and pursues with the unit whole",
        # Bretonia Partida de Caza (Perros de Caza) "Persecución imparable: ": "Los perros de
        # caza no sufren penalización al movimiento por mover a través de bosques"
        "Persecución imparable": "woods cost the hounds no move ('no sufren penalización al"
                                 " movimiento por mover a través de bosques')",
    },
    "deployment": {
        # Elfos Silvanos (Forestales): "Los Forestales pueden desplegar de tres formas";
        # "Personajes y exploradores": which characters may deploy scouting with them
        "Despliegue forestal": "'pueden desplegar de tres formas'",
        "Personajes y exploradores": "which characters may deploy scouting with the unit",
        # Elfos Silvanos: "Los Exploradores del Bosque son Guardianes del Bosque a todos los
        # efectos, salvo que ganan las reglas Hostigadores y Exploradores, pierden la regla
        # Arcos largos ... y su tamaño de unidad es 5-10" (its Hostigadores is a rule of the
        # entry, read as such)
        "Exploradores del bosque (sólo una por unidad de guardia del bosque)": "Scouts, 5-10"
            " models, one unit per Guardia del bosque, no long-bow rule (shooting); its"
            " 'Hostigadores' is the entry's own rule",
    },
    "army composition": {
        # Bretonia (Escuderos): "Los Escuderos son 0-1 por cada unidad de de Caballeros del
        # Reino de tu ejército"
        "Son 0-1 por cada unidad de de Caballeros del Reino de tu ejército": "",
    },
    "who may join": {
        # Elfos Silvanos, Elfos Oscuros: "A esta unidad de Bestias no se puede unir ningún
        # personaje, excepto el Señor que los tenía originalmente"
        "Bestias en solitario": "the beasts released by their lord form a unit only he may"
                                " join",
    },
})

assert not set(_BRETONNIA_AND_ELVES) & set(NO_COMBAT_EFFECT)
NO_COMBAT_EFFECT = MappingProxyType({**NO_COMBAT_EFFECT, **_BRETONNIA_AND_ELVES})

# skavenogres family: Skaven, Reinos Ogros, Enanos, Orcos y Goblins, allied contingents
_CLAN = "a Skaven clan's label, no text of its own (which characters and items go with it)"
_SKAVEN_OGRES: MappingProxyType = _table({
    "shooting": {
        # Skaven (Mosquetes jezzail) "Fiable": "Si el arma saca un 1 al impactar, además de
        # fallar el disparo hay que volver a tirar"; gst "Mover o disparar"
        "Fiable": "a misfire of the weapon's shot ('Si el arma saca un 1 al impactar')",
        "Mover o disparar": "'no podrá realizar ataques a distancia si mueve dicho turno'",
        # Kislev (Kossars) "Firmes en las filas": stand and shoot at a close charger
        "Firmes en las filas": "stand and shoot at any charger, without the -1 beyond half"
                               " its charge",
        "El disparo del cañón y la línea de visión": "the warp cannon's shot needs no line"
                                                      " of sight",
        "El disparo y la escenografía": "terrain does not stop the warp cannon's beam",
    },
    "magic phase": {
        # Orcos y Goblins "Trolls de piedra": "La unidad gana Resistencia a la magia (2)"
        "Trolls de piedra": "'Resistencia a la magia (2)'",
        # Enanos "Dispersión": "un dado más de dispersión en la fase de magia enemiga";
        # Karak-Kadrin: "un dado de dispersión adicional por cada 1000 puntos"
        "Dispersión": "extra dispel dice ('dados de dispersión')",
        # Enanos, Karak-Kadrin "Tatuajes de Grimnir": "Resistencia a la magia (1)"
        "Tatuajes de Grimnir": "'Resistencia a la magia (1)' (and a runic standard's"
                               " points: army composition)",
    },
    "movement": {
        # Reinos Ogros (Yehtis) "Escalar": "pueden Cruzar todo tipo de terreno, salvo
        # terreno acuático y terreno defendido"
        "Escalar": "'Cruzar' every terrain but water and defended terrain",
        # Reinos del Caos Mortales Horda de Archaón (Despellejadores) "Cadenas humanas": "pueden
        # escalar muros como si estuvieran equipados con garfios y cuerda ... Los
        # Despellejadores ignoran el modificador por atacar a través de un obstáculo
        # defendido": a siege's walls, and a to-hit penalty (RULES.md §1.3, "defended
        # obstacle") the engine never applies: it fights no combat across an obstacle, so the
        # Despellejadores strike as the rule says
        "Cadenas humanas": "walls climbed as with grappling hooks; the defended obstacle's"
                           " penalty it ignores is never applied (the engine fights no"
                           " combat across an obstacle)",
    },
    "deployment": {
        # Reinos Ogros (Gargantúa) "Olor a sangre": "no despliegan al inicio. A partir del
        # segundo turno pueden entrar por cualquier borde"
        "Olor a sangre": "the Gargantúas enter by a table edge from the second turn on",
        # Karak-Kadrin "¡Mira, Snorri, Trolls!": each unit "avanza 5D6 en línea recta" after
        # deployment; a Slayer unit it brings into an enemy charges it as any charge
        "¡Mira, Snorri, Trolls!": "a 5D6 move after deployment (one into an enemy is a"
                                  " charge as any other) and the roll for the first turn",
    },
    "out of combat": {
        # Karak-Kadrin "Una muerte gloriosa": "Cada Matador que resulte destruido por uno de
        # estos gloriosos enemigos sumará 10 puntos de victoria al bando del jugador Enano"
        "Una muerte gloriosa": "10 victory points per Slayer slain by an enemy of S or T 5+",
        # Enanos (Yunque), Orcos y Goblins (Aracnarok, Garrapatos) "Puntos de victoria"
        "Puntos de victoria": "who gives the unit's victory points",
        # Reinos Ogros (Gnoblars zangrientoz) "Trampas malignas": "toda miniatura que ... entre
        # en dicho elemento de terreno sufrirá un impacto automático de F3"
        "Trampas malignas": "hits on models entering the terrain the Gnoblars trapped",
    },
    "army composition": {
        "Eshin": _CLAN, "Skryre": _CLAN, "Pestilens": _CLAN,
        # Orcos y Goblins (Goblins nocturnos) "Fanáticos y Redes": "sólo si su tamaño de
        # unidad es de 20 miniaturas o más"
        "Fanáticos y Redes": "nets and fanatics only in units of 20 models or more",
        # Karak-Kadrin "Si Garagrim Puñohierro es el General del ejército": "cada uno de los
        # Matagigantes ... puede llevar una única arma rúnica con hasta 25 puntos en runas"
        "Si Garagrim Puñohierro es el General del ejército": "which runic weapons the"
                                                             " Giant Slayers may take",
        # Skaven (Ratas ogro mejoradas) "Armas de piedra bruja": "Cada Rata Ogro Mejorada
        # puede equiparse con una (y solo una) arma ... DEBE equiparse con una opción
        # diferente, y al menos una de ellas DEBE elegir una de entre las tres opciones de
        # cuerpo a cuerpo y una de ellas debe elegir una de las tres opciones a distancia":
        # which of the entry's weapon options each model takes; each option is its own
        # entry, with its own rule ("Guantelete de perdición": "Heridas múltiples (1D3)")
        "Armas de piedra bruja": "which weapon option each model takes, one each, all"
                                 " different (each option is reported with its own rule)",
    },
})
assert not set(_SKAVEN_OGRES) & set(NO_COMBAT_EFFECT), set(_SKAVEN_OGRES) & set(NO_COMBAT_EFFECT)
NO_COMBAT_EFFECT = MappingProxyType({**NO_COMBAT_EFFECT, **_SKAVEN_OGRES})

# mercenaries family: Mercenarios, Regimientos de Renombre, Orcos y Goblins, Skaven, Enanos
_MERCS: MappingProxyType = _table({
    "shooting": {
        # Skaven "Garrapulta de plaga" (the machine's rule): "Puede disparar a cualquier unidad
        # entre 30cm y 120cm. Usa la plantilla grande (12cm). Impactos de F2 que anulan
        # armaduras. La miniatura bajo el agujero central recibe un impacto de F5..."
        "Garrapulta de plaga": "the catapult's shot ('Puede disparar a cualquier unidad entre"
                               " 30cm y 120cm. Usa la plantilla grande')",
        # Skaven (Rueda de la muerte) "Rayos de disformidad": "Puedes elegir activar los
        # Rayos de Disformidad o no, cada turno, únicamente en tu fase de disparo (no puede
        # Aguantar y disparar), incluso aunque la Rueda esté trabada en combate cuerpo a
        # cuerpo. A todos los efectos es un ataque de disparo" (1D3 hits of 2-10 S, D6
        # multiple wounds, on the nearest unit; or three S10 shots and the Wheel explodes)
        "Rayos de disformidad": "shots in its own shooting phase only, even while engaged"
                                " ('A todos los efectos es un ataque de disparo'), never in"
                                " the close-combat phase",
    },
    "movement": {
        # Skaven (Cañón de disformidad) "Máquina de guerra (adaptada)": "Sigue la mayoría de
        # reglas de las máquinas de guerra (visión 360º, puede pivotar gratis, mover o
        # disparar), salvo que puede marchar (no marchar y disparar)"
        "Máquina de guerra (adaptada)": "a war machine's sight and pivot, and it may march"
                                        " (not march and shoot)",
    },
    "magic phase": {
        # Mercenarios (Fimir) "Meargh": "La Meargh es hechicera de nivel 2 que siempre usa el
        # Saber de las Sombras (y gana el tipo de miniatura Hechicera)" (the rule; her
        # profile, the champion option "Meargh (cuenta como campeón y ocupa hueco de
        # héroe)", is her Tipo "Hechicero")
        "Meargh": "a level-2 wizard of the Lore of Shadow (her profile and Tipo are the"
                  " champion option's)",
    },
    "out of combat": {
        # Regimientos de Renombre (Gárgolas volantes de Barda) "Unidad controlada": "si Barda
        # muere, las Gárgolas deberán hacer un chequeo como un monstruo que hubiera perdido a
        # su jinete": the gst's monster reaction (6th's chart), which 6th takes once the close
        # combat is over: "if the monster's rider is killed in close combat, you should
        # resolve the combat first (ie, fight the combat until one side is broken or
        # destroyed, resolve fleeing and rallying, etc.)" (6th.whfb.app/monsters/
        # slain-riders-and-monsters)
        "Unidad controlada": "the gargoyles' test when Barda dies is a monster's for its slain"
                             " rider, taken once the close combat is resolved (6th: 'resolve"
                             " the combat first')",
    },
})
assert not set(_MERCS) & set(NO_COMBAT_EFFECT), set(_MERCS) & set(NO_COMBAT_EFFECT)
NO_COMBAT_EFFECT = MappingProxyType({**NO_COMBAT_EFFECT, **_MERCS})
# giants family: the big monsters' entries (giants, mammoth, Titán de Khemri, Coloso Necrofex,
# Rueda de la muerte, Rebaño de garrapatos)
_GIANTS: MappingProxyType = _table({
    "movement": {
        # Mercenarios con Personajes Especiales, Monstruos Arcanos y Regimientos de Renombre
        # (Gigantes de Albión) "Saltar la valla": "A efectos de Movimiento, si un Gigante de
        # Albión quiere cruzar un obstáculo lineal ... deberá lanzar 1D6; si obtiene 2+ trata
        # el obstáculo como terreno abierto, pero si obtiene un 1 caerá al suelo"
        "Saltar la valla": "crossing a linear obstacle: open ground on 2+, a fall on a 1",
        # Skaven (Rueda de la muerte) "Movimiento aleatorio 8D6": "Además, la Rueda huye y
        # persigue 8D6cm (huye +3cm por la regla ¡El que corre hoy, vive para luchar
        # mañana!)"
        "Movimiento aleatorio 8D6": "a compulsory move; its dice are the printed M 8D6"
                                    " (Unit.random_move: it flees and pursues 8D6, and its"
                                    " '¡El que corre hoy...!' adds 3 cm to its flees)",
    },
    "magic phase": {
        # Condes Vampiro (Costa del Vampiro, Coloso Necrofex) "Disrupción de Poder": "+1 a
        # las tiradas para dispersar hechizos enemigos lanzados desde un punto ... a 60cm o
        # menos del Coloso"
        "Disrupción de Poder": "+1 to dispel enemy spells cast within 60 cm",
    },
    "army composition": {
        # Orcos y Goblins (Rebaño de garrapatos): the name is its whole text
        "Se puede escoger un garrapato saltarín por cada 3 garrapatos (redondeando hacia"
        " arriba)": "how many bouncing squigs the herd may take",
        # Mercenarios con Personajes Especiales, Monstruos Arcanos y Regimientos de Renombre
        # "Gigantes de Albión": "Pese a que tengan nombre, no se consideran Personajes.
        # Además, sus reglas (y ataques) son ligeramente distintas a los Gigantes normales"
        "Gigantes de Albión": "named models that are not characters; their rules are the"
                              " entry's other names",
    },
})
assert not set(_GIANTS) & set(NO_COMBAT_EFFECT), set(_GIANTS) & set(NO_COMBAT_EFFECT)
NO_COMBAT_EFFECT = MappingProxyType({**NO_COMBAT_EFFECT, **_GIANTS})
# empire2 family: Imperio, Marienburgo, Estalia, Condes Vampiro, Reyes Funerarios
_EMPIRE2: MappingProxyType = _table({
    "shooting": {
        # Marienburgo (Guardia Élfica (Maniquíes)) "Arquería de los Asur": "no sufren la
        # penalización de -1 en la tirada para impactar por mover y disparar"
        "Arquería de los Asur": "no -1 to hit for moving and shooting",
        # Imperio (Tren de Artillería de Nuln, con Personajes Especiales), Marienburgo (Jubal
        # Falk y los Acorazados de Nuln) "Disciplina con la pólvora": "pueden repetir los
        # resultados de 1 en las tiradas para impactar a distancia"; "Disparo de mercurio":
        # "Jubal puede colocar las balas de mercurio una vez por partida en su Rifle Largo"
        "Disciplina con la pólvora": "re-rolls of 1 to hit 'a distancia'",
        "Disparo de mercurio": "one shot of Jubal's long rifle at S6, armour piercing,"
                               " multiple wounds (2)",
    },
    "movement": {
        # Marienburgo (Guardia Élfica (Maniquíes)), game system: "Trata los elementos
        # acuáticos / todo tipo edificios como terreno abierto a efectos de movimiento"
        "Cruzar (edificios)": "'terreno abierto a efectos de movimiento'",
        "Cruzar (elementos acuáticos)": "'terreno abierto a efectos de movimiento'",
    },
    "who may join": {
        # Condes Vampiro (Clan Strigoi) "Personajes y Guardia del Osario": "Los personajes no
        # pueden unirse a la Guardia del Osario"
        "Personajes y Guardia del Osario": _JOIN,
    },
})
assert not set(_EMPIRE2) & set(NO_COMBAT_EFFECT), set(_EMPIRE2) & set(NO_COMBAT_EFFECT)
NO_COMBAT_EFFECT = MappingProxyType({**NO_COMBAT_EFFECT, **_EMPIRE2})
# chaosbeasts family: Reinos del Caos, Enanos del Caos, Reinos Ogros, the Chaos units of the
# Elfos Oscuros Culto de Slaanesh
_CHAOS_BEASTS: MappingProxyType = _table({
    "magic phase": {
        # Reinos del Caos Demonios Legión Demoníaca (Horrores de Tzeentch) "Reglas de El
        # Cambiador (Campeón de la unidad)": "cuesta +49 puntos en vez de +14; tiene el mismo
        # perfil que un Horror normal, pero es un hechicero de nivel 1 con el Saber de
        # Tzeentch. Si sufre una disfunción mágica ... los resultados de 3 deberán tratarse
        # como un 2"
        "Reglas de El Cambiador (Campeón de la unidad)": "the champion, of a Horror's"
                                                         " profile, is a level 1 wizard of"
                                                         " the Lore of Tzeentch (his spells,"
                                                         " miscasts and cost)",
    },
    "army composition": {
        # Elfos Oscuros Culto de Slaanesh (Caballeros del Caos): an option of the unit with no
        # text of its own, named for the two Rare choices it takes
        "Ocupa dos opciones de Unidad Singular": "the unit takes two Rare choices",
    },
})
assert not set(_CHAOS_BEASTS) & set(NO_COMBAT_EFFECT), set(_CHAOS_BEASTS) & set(NO_COMBAT_EFFECT)
NO_COMBAT_EFFECT = MappingProxyType({**NO_COMBAT_EFFECT, **_CHAOS_BEASTS})

NO_COMBAT_EFFECT_PREFIXES: MappingProxyType = _table({
    "army composition": {
        "Inclusión": "", "Destacamento": "", "Pueden tener": "",
        "Personajes y unidades": "which characters may join which units",
        "Personajes en manadas": "which characters may join a herd",
        "Estandartes mágicos": "", "Portaestandarte mágico": "",
        "En el ejército debe haber": "", "Cuenta para el mínimo": "",
        "No cuentan para el mínimo": "", "No cuenta para el mínimo": "",
        "Es obligatorio elegir": "",
    },
    "shooting": {"Cañón": "a cannon's shot"},
})
"""Name prefixes with no effect on a close combat → the reason (army-building notes, cannons)."""


def no_combat_reason(name: str) -> str | None:
    """Why a rule or option name has no effect on a close combat, or None if it is not known."""
    key = plain_name(name)
    if key in NO_COMBAT_EFFECT:
        return NO_COMBAT_EFFECT[key]
    for prefix, reason in NO_COMBAT_EFFECT_PREFIXES.items():
        if key.startswith(prefix):
            return reason
    return None


def is_no_combat_effect(name: str) -> bool:
    """Whether a rule or option name is known to have no effect on a close combat."""
    return no_combat_reason(name) is not None
