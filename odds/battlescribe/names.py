"""MDNR (Spanish) names → the engine's names: troop types, equipment, special rules.

Names are compared after :func:`normalize` (case- and accent-insensitive,
spaces collapsed, trailing punctuation dropped), so ``"Inmune a la
Psicología."`` and ``"inmune a la psicologia"`` are the same name.

Decisions
---------
* ``Lanza`` is the infantry spear for troops on foot and the cavalry spear
  (+1 S on the charge) for cavalry, chariot crews and monster riders
  (:data:`odds.rules.WEAPONS` has both); ``Lanza de caballería`` is the lance.
* ``Rebanadora`` (the orc choppa) is a hand weapon with the ``choppa`` rule
  (MDNR profile "Rebanadora": infantry with a single choppa strike at S+1 on
  the charge, and choppa and shield give no parry bonus).
* Hatred of named enemies (``Agravio ancestral``, ``Odio a enanos``...) is
  the unit's ``hatred`` list of army or race tags (:data:`NAMED_HATRED`).
* Partial immunities to panic (``Inmune al pánico de Snotlings y Goblins
  amigos``, ``Desprecio``, ``Estoicos``...) are the unit's ``no_panic_from``
  (friends' tags or troop types) and ``no_panic_against`` (enemy tags), read
  from each catalogue's own text (:func:`panic_immunity`); the kinds of
  greenskin they name (goblin, orc, black orc...) are race tags from ``Tipo``
  or the name (:func:`race_from_tipo`, :func:`race_from_name`).
* ``No muertos`` gives the three flags the built-in undead carry: immune to
  psychology, fear and unstable.
* ``Regeneración`` without a roll is 4+; ``Ataques envenenados`` without a
  roll is 6+.
* Names in :data:`NO_COMBAT_EFFECT` (or starting with one of
  :data:`NO_COMBAT_EFFECT_PREFIXES`) are known and have no effect on a close
  combat as the engine models it (movement, shooting, magic, army
  composition, panic from friends); they are still reported, as
  ``no_combat_effect``.  Any other unknown name is reported as ``ignored``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType

from odds.armies import ARMY_RACE as _ARMY_RACE

__all__ = [
    "ARMOUR_NAMES",
    "ARMOUR_RULES",
    "ARMOUR_WARDS",
    "NAMED_HATRED",
    "NO_COMBAT_EFFECT",
    "NO_COMBAT_EFFECT_PREFIXES",
    "RULE_FLAGS",
    "STRUCTURAL_NAMES",
    "TROOP_TYPE_NAMES",
    "WEAPON_NAMES",
    "WEAPON_RULES",
    "is_no_combat_effect",
    "is_panic_rule",
    "mark_effects",
    "normalize",
    "panic_immunity",
    "parametric_rule",
    "race_from_name",
    "race_from_tipo",
    "steed_rule",
]


def normalize(name: str) -> str:
    """Lower case, no accents, single spaces, no trailing ``.``/``:``/``*``."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"\s+", " ", text).strip()
    return text.rstrip(" .:;*").strip()


def _table(mapping: Mapping[str, object]) -> MappingProxyType:
    return MappingProxyType({normalize(k): v for k, v in mapping.items()})


TROOP_TYPE_NAMES: MappingProxyType = _table({
    "Infantería": "infantry",
    "Infantería monstruosa": "monstrous_infantry",
    "Caballería": "cavalry",
    "Monstruo": "monster",
    "Carro": "chariot",
    "Enjambre": "swarm",
    "Máquina de guerra": "war_machine",
})
"""First word(s) of ``Tipo`` → :data:`odds.rules.TROOP_TYPES` (exact)."""

APPROXIMATE_TROOP_TYPES: MappingProxyType = _table({
    "Caballería monstruosa": "cavalry",
    "Bestia monstruosa": "monstrous_infantry",
    "Bestia": "infantry",
    "Altar": "chariot",
    "Personaje": "infantry",
})
"""``Tipo`` values the engine has no type for → the closest one (reported)."""

WEAPON_NAMES: MappingProxyType = _table({
    "Arma de mano": "hand_weapon",
    "Arma de mano adicional": "additional_hand_weapon",
    "Dos armas de mano": "additional_hand_weapon",
    "Arma a dos manos": "great_weapon",
    "Alabarda": "halberd",
    "Lanza": "spear",  # or cavalry_spear when mounted (see the module notes)
    "Lanza (infantería)": "spear",
    "Lanza de caballería": "lance",
    "Lanza (caballería)": "cavalry_spear",
    "Mayal": "flail",
    "Mangual": "morning_star",
    "Dos rebanadoras": "additional_hand_weapon",
    "Maza ogra": "hand_weapon",  # with armour piercing (WEAPON_RULES)
    "Rebanadora": "hand_weapon",  # with the choppa rule (see the module notes)
    "Garras (arma de mano)": "hand_weapon",
    "Pica": "pike",  # Mercenarios, Regimientos de Renombre (odds.rules.WEAPONS["pike"])
})
"""Close-combat weapon names → :data:`odds.rules.WEAPONS` keys."""

APPROXIMATE_WEAPONS: frozenset[str] = frozenset()
"""Weapons imported as a simpler engine weapon (reported as approximated)."""

WEAPON_RULES: MappingProxyType = _table({
    "Rebanadora": ("choppa",),
    # Mercenarios "Maza ogra": "Arma de mano. Poder de penetración."
    "Maza ogra": ("armour_piercing",),
})
"""Weapons that also carry a special rule of the engine."""

ARMOUR_NAMES: MappingProxyType = _table({
    "Armadura ligera": ("armour", "light"),
    "Armadura pesada": ("armour", "heavy"),
    "Armadura de placas": ("armour", "plate"),
    # 4+ armours that combine with shields and mounts as plate does (MDNR: plate is 4+):
    # Reinos del Caos "Armadura del Caos": "una tirada de salvación por armadura de 4+, que
    # puede combinarse con monturas y escudo"; Enanos "Armadura de Gromril": "4+"
    "Armadura del Caos": ("armour", "plate"),
    "Armadura de Gromril": ("armour", "plate"),
    # Regimientos de Renombre (Asesinos de Véspero) "Capa": "Proporciona una Tirada de
    # salvación por armadura de 6+ en combate cuerpo a cuerpo (no tiene ningún efecto contra
    # disparos o hechizos)": in close combat, what light armour gives
    "Capa": ("armour", "light"),
    # Enanos del Caos "Armadura negra": "una tirada de salvación por armadura de 4+, que
    # puede combinarse con monturas y escudo" (and a ward against flaming attacks:
    # ARMOUR_RULES)
    "Armadura negra": ("armour", "plate"),
    # Altos Elfos "Armadura de dragón": "Actúa como una Armadura pesada ... además, el
    # portador es Inmune a Ataques flamígeros"; Enanos "Armadura de fragua de Gromril": "4+,
    # una tirada de salvación especial de 6+ (ARMOUR_WARDS), y la regla Inmune a ataques
    # flamígeros" (flaming attacks only end regeneration in the engine: §1.6; these units
    # have none, so the immunity changes nothing here)
    "Armadura de dragón": ("armour", "heavy"),
    "Armadura de fragua de Gromril": ("armour", "plate"),
    "Escudo": ("shield", True),
    "Barda": ("barding", True),
})
"""Armour names → (Equipment field, value)."""

ARMOUR_RULES: MappingProxyType = _table({
    # "Además, su portador tiene una tirada de salvación especial de 5+ contra ataques
    # flamígeros"
    "Armadura negra": ("flame_ward",),
})
"""Armour that also carries a special rule of the engine."""

ARMOUR_WARDS: MappingProxyType = _table({
    "Armadura de fragua de Gromril": 6,
})
"""Armour that also gives a ward save (the roll needed)."""

RULE_FLAGS: MappingProxyType = _table({
    "Miedo": ("fear",),
    "Causa miedo": ("fear",),
    "Terror": ("terror",),
    "Causa terror": ("terror",),
    "Odio": ("hatred",),
    "Tozudez": ("stubborn",),
    "Tozudos": ("stubborn",),
    "Inmune a psicología": ("immune_to_psychology",),
    "Inmune a la psicología": ("immune_to_psychology",),
    "Inmunes a psicología": ("immune_to_psychology",),
    "Inmune a desmoralización": ("unbreakable",),
    "Indesmoralizable": ("unbreakable",),
    "Indesmoralizables": ("unbreakable",),
    "Furia asesina": ("frenzy",),
    "Golpe letal": ("killing_blow",),
    # gst "Golpe letal (6+)": the text of "Golpe letal" ("Cuando obtiene un 6 en la tirada
    # para herir, retira la miniatura enemiga si es de tamaño similar a humano ...")
    "Golpe letal (6+)": ("killing_blow",),
    "Poder de penetración": ("armour_piercing",),
    "Hostigadores": ("skirmishers",),
    "Caballería rápida": ("fast_cavalry",),
    "Volar": ("flying",),
    "Unidad voladora": ("flying",),
    "Inestables": ("unstable",),
    "Inestabilidad": ("unstable",),
    "Descerebrados": ("mindless",),
    "Siempre ataca primero": ("always_strikes_first",),
    "Atacan siempre primero": ("always_strikes_first",),
    "Siempre ataca en último lugar": ("always_strikes_last",),
    "Maestro de la espada": ("ignores_strikes_last",),
    "No muertos": ("immune_to_psychology", "fear", "unstable"),
    "Estupidez": ("stupidity",),
    "Inestable": ("unstable",),
    "Firmeza": ("resolute",),
    "Fila adicional": ("extra_rank",),
    "Inmune a pánico": ("immune_to_panic",),
    # Enanos "Orgullo artillero": "Mientras la máquina de guerra no haya sido destruida, la
    # dotación es Tozuda, no puede declarar Huir como reacción a una carga ... y nunca
    # perseguirán" (the engine's war machine is its crew on the machine's T and W: destroyed,
    # the unit is gone; war machines never pursue and hold at the charge)
    "Orgullo artillero": ("stubborn",),
    "Inmune al pánico": ("immune_to_panic",),
    # Demonios "Demonio": Inestabilidad demoníaca, Aura demoníaca, Miedo, Inmune a
    # psicología, Ataques mágicos
    "Demonio": ("fear", "immune_to_psychology", "daemonic_aura", "magic_attacks",
                "daemonic_instability"),
    "Demonio (Demonios)": ("fear", "immune_to_psychology", "daemonic_aura", "magic_attacks",
                           "daemonic_instability"),
    "Inestabilidad demoníaca": ("daemonic_instability",),
    "Inestabilidad demoníaca (Demonios)": ("daemonic_instability",),
    "Aura demoníaca": ("daemonic_aura",),
    "Aura demoníaca (Demonios)": ("daemonic_aura",),
    "Ataques mágicos": ("magic_attacks",),
    # Reinos del Caos, Condes Vampiro "Nube de moscas": enemies in base contact -1 to hit;
    # Reinos del Caos "Aura de Slaanesh": enemies in base contact -1 Ld (minimum 2)
    "Nube de moscas": ("cloud_of_flies",),
    "Aura de Slaanesh": ("aura_of_slaanesh",),
    # Orcos y Goblins, Enanos del Caos, Regimientos de Renombre "Miedo a los orejotaz": "las
    # unidades de tipo Goblin tienen Miedo de las unidades de tipo Elfo, a no ser que su
    # potencia de unidad sea del doble o más" (also the goblins' race, _RACE_RULES)
    "Miedo a los orejotaz": ("fears_elves",),
    # Mercenarios, Imperio, Regimientos de Renombre "Arremetida": ogres charging 15 cm or
    # more cause an impact hit per model in contact, S +1 per ogre behind it
    "Arremetida": ("ogre_charge",),
    # Reinos del Caos "La manada en combate": rank bonus "de hasta +2"; "La manada cargando":
    # "no anula filas a unidades enemigas cargadas por el flanco o la retaguardia"; their
    # formation in combat (a front of four or five, command and characters in front, Gors
    # before Ungors, impact hits on the models in contact first) is the engine's own
    "La manada en combate": ("herd",),
    "La manada cargando": ("herd",),
    "La manada recibiendo una carga": ("herd",),
    # Reinos del Caos "Ansia de sangre": "nunca pueden arrasar (...) pero persigue 8D6cm en
    # vez de 5D6cm" (the engine's combat ends with the pursuit: no overrun to forbid)
    "Ansia de sangre": ("bloodgreed",),
    # Condes Vampiro "Carroñeros": "Los Necrófagos son Hostigadores y ningún personaje puede
    # unirse a ellos" (the rest: joining characters, and that they are not undead)
    "Carroñeros": ("skirmishers",),
    # Condes Vampiro "Hambrientos": "Siempre que puedan efectuar una carga, deberán cargar
    # ... tras el combate, siempre deben perseguir, pero no pueden arrasar" (charging is the
    # movement phase's; the engine has no overrun)
    "Hambrientos": ("must_pursue",),
    # Imperio "¡Enajenados mentales!": "Inmunes a desmoralización. Siempre superan cualquier
    # tirada de Liderazgo. Debe perseguir siempre. Sólo pueden Mantener la posición como
    # reacción a una carga" (the engine's Ld tests of an unbreakable unit: none; it holds)
    "¡Enajenados mentales!": ("unbreakable", "must_pursue"),
    # Regimientos de Renombre (Mengil) "Despellejar": "El regimiento nunca puede perseguir a
    # los enemigos que haya hecho huir en combate cuerpo a cuerpo" (+100 victory points)
    "Despellejar": ("no_pursuit",),
    # Imperio (Lanceros alados, Legión del grifo) "Carga gloriosa": "Cualquier unidad que
    # reciba una carga de una unidad de Lanceros Alados de potencia de unidad 5+ deben
    # efectuar un chequeo de pánico igual que si hubiera sido cargada por el flanco"
    "Carga gloriosa": ("glorious_charge",),
    # Altos Elfos (Leones blancos) "Guardaespaldas": "Los Leones Blancos son Tozudos mientras
    # el General esté incluido en la unidad"
    "Guardaespaldas": ("bodyguard",),
    "Etéreos": ("ethereal",),
    "Etéreo": ("ethereal",),
    "Odio eterno": ("eternal_hatred",),
    "Odio a todas las miniaturas": ("hatred",),
    "Inmune a desmoralización (aunque sigue teniendo Odio a pielesverdes)": ("unbreakable",),
})
"""Rule names → :data:`odds.units.SPECIAL_RULES` flags."""

NAMED_HATRED: MappingProxyType = _table({
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
})
"""Hatred of named enemies → the army or race tags hated (:data:`odds.armies.TAGS`)."""

_PARAMETRIC: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"^regeneracion(?: \((\d)\+\))?$"), "regeneration", "4"),
    (re.compile(r"^ataques envenenados(?: \((\d)\+\))?$"), "poisoned", "6"),
    (re.compile(r"^tirada de salvacion especial(?: de)? (\d)\+$"), "ward_save", ""),
    (re.compile(r"^impactos por carga \((\d*d\d(?:\+\d)?|\d)\)$"), "impact_hits", ""),
    (re.compile(r"^heridas multiples \((\d*d\d|\d)\)$"), "multiple_wounds", ""),
    # gst "Ataques aleatorios (X)": one roll per unit at the start of each combat round
    (re.compile(r"^ataques aleatorios \((\d*d\d(?:\+\d)?)\)$"), "random_attacks", ""),
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
            value = m.group(1) or default
            if value.startswith("1d"):
                value = value[1:]
            return field, value
    return None


_STEED_ONLY = re.compile(r"^(.*) \((?:solo|solo el|solo la) (?:corcel|juggernaut|montura)\)$")
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
    key, plain = normalize(name), normalize(text)
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


STRUCTURAL_NAMES: frozenset[str] = frozenset(map(normalize, [
    "No", "Grupo de mando", "Tripulantes", "Tripulación", "Armas", "Armadura", "Mejoras",
    "Opciones",
]))
"""Selection names that only structure a catalogue (nothing to model or report)."""

NO_COMBAT_EFFECT: frozenset[str] = frozenset(map(normalize, [
    # shooting and missile weapons
    "Arco", "Arco largo", "Arco corto", "Ballesta", "Arcabuz", "Arcabuz imperial",
    "Jabalinas", "Escupir fuego", "Ballesta de repetición", "Arco de Avelorn",
    "Cuchillos arrojadizos", "Arquería de los Asrai", "Saetas del áspid", "Disparar en vuelo",
    "Lamento de la doncella", "Chillido mortal", "Unidad mágica", "Cólera de la tormenta",
    "Cruzar (bosques)", "Devotas de Khaine", "Unidad fantasmal", "Ogros dragón y shaggoth",
    "Semigrifos",
    "Hachas arrojadizas", "Armas de proyectiles",
    # war machines' shooting (6th rulebook bolt thrower; Enanos del Caos "Lanzacohetes": "sigue
    # todas las reglas de la Catapulta"; Altos Elfos "Andanada": "6 disparos ... a 120cm")
    "Lanzavirotes", "Lanzacohetes", "Andanada",
    # Reinos del Caos "Ataque rasante": hits on a unit flown over, "ataques de proyectiles a
    # todos los efectos, pero realizados en la fase de movimiento"
    "Ataque rasante",
    # Imperio "Disparando el cañón de salvas" ("Designa un objetivo válido de disparo ...") and
    # "Disparando el lanzacohetes" ("Designa un punto en línea de visión ..."), Enanos
    # "Fiabilidad enana" (re-roll "la tirada para determinar el número de impactos" of the
    # organ gun): shooting procedures
    "Disparando el cañón de salvas", "Disparando el lanzacohetes", "Fiabilidad enana",
    "Arco de Ellyrion", "Arco de guerra", "Catapulta", "Disparos (y hechizos) a la manada",
    # movement, deployment, army composition
    "Objetivo grande", "Exploradores", "Emboscada", "Avance subterráneo", "Cruzar bosques",
    "Cruzar (Obstáculos)", "Movimiento", "Movimientos rápidos", "Solitario", "Solitarios",
    "Miniatura individual", "Montura", "Montura de personaje", "Estandarte mágico", "Carro",
    "Flotar", "Leñadores", "Avance imparable",
    "Movimiento aleatorio (5D6)", "Movimiento aleatorio (8D6)", "Movimiento aleatorio (3D6)",
    "Regimientos de Renombre", "Unidades de mercenarios en otros ejércitos",
    # Elfos Oscuros (Carro de gélidos): "Si un personaje monta el carro, sustituye un
    # tripulante y sigue contando como unidad especial" (army composition)
    "Unidad especial y personaje",
    "Creación de la manada", "Piernas largas", "Patas largas",
    # psychology out of combat, leadership of others (panic: PANIC_RULES)
    "Animosidad", "Evita animosidad", "Indisciplinado",
    "Primeros entre iguales", "¡Problemas!",
    # magic, Chaos allegiance labels (a mark's effects are separate rules)
    "Resistencia a la magia 1", "Resistencia a la magia 2", "Marcas del Caos", "Dios del Caos",
    "Marca", "Marca del Caos absoluto", "Objetos mágicos", "Aprendiz de nigromante",
    # Mercenarios "Monstruo arcano": "puede incluir Monstruos Arcanos, como una opción de
    # unidad Singular. Sólo puedes incluir una miniatura ... por cada 2000 puntos"
    "Monstruo arcano",
    # Monstruos Arcanos "Hechizos vinculados": "puede lanzar UNO de estos hechizos en cada
    # fase de magia"; "Bolas de fuego de disformidad": "se realiza en la fase de Disparo"
    "Hechizos vinculados", "Bolas de fuego de disformidad",
    # read in the catalogues (each text is movement, deployment, shooting, magic or army
    # composition only): Condes Vampiro "Carro espectral" ("ignora terreno a efectos de
    # movimiento"), "Ágil" ("A efectos de marcha"), "Relicario" ("Cada unidad enemiga no
    # trabada ..."); Regimientos de Renombre "Estandarte de Kalad" (scouts; -1 to hit "a
    # cualquier unidad que dispare"), "Pavés" ("contra proyectiles ... En combate cuerpo a
    # cuerpo tienen simplemente armadura pesada"), "Telescopio del Navegante", "Anfibios"
    # ("Cruzar (Elementos acuáticos) ... cobertura ligera"), "Puntos" (victory points);
    # Enanos del Caos/Mercenarios "Gigante de asedio" (against buildings and walls);
    # Demonios "Magia de Tzeentch" ("al inicio de la fase de magia"), "En compañía de
    # horrores"; Enanos del Caos "Disparando el cañón" ("Se dispara como una catapulta")
    "Carro espectral", "Ágil", "Relicario", "Estandarte de Kalad", "Pavés",
    "Telescopio del Navegante", "Anfibios", "Puntos", "Gigante de asedio", "Magia de Tzeentch",
    "En compañía de horrores", "Disparando el cañón",
    # Altos Elfos "Capa de león blanco": "una tirada de salvación por armadura de 5+ a los
    # ataques a distancia (proyectiles o magia)" (its profile: "5+ solo a distancia")
    "Capa de león blanco",
]))
"""Known names with no effect on a close combat as the engine models it."""

NO_COMBAT_EFFECT_PREFIXES: tuple[str, ...] = tuple(map(normalize, [
    "Inclusión", "Destacamento", "Pueden tener", "Puede tener",
    "Personajes y unidades", "Personajes en manadas", "Cañón", "Estandartes mágicos",
    # Orcos y Goblins, an option of the big 'uns: "En el ejército debe haber igual o más
    # guerreros orcos no grandotes" (army composition)
    "En el ejército debe haber",
    "Portaestandarte mágico", "Cuenta para el mínimo", "No cuentan para el mínimo",
    "No cuenta para el mínimo", "Es obligatorio elegir",
    # Orcos y Goblins "En el ejército debe haber igual o más jinetes de jabalí no grandotes"
    "En el ejército debe haber",
]))
"""Name prefixes with no effect on a close combat (army-building notes, shooting)."""


_RACE_WORDS: tuple[tuple[str, str], ...] = (
    ("troll", "troll"), ("orco", "orc"), ("goblin", "goblin"),
    ("hobgoblin", "hobgoblin"), ("snotling", "snotling"), ("gnoblar", "greenskin"),
    ("pielverde", "greenskin"), ("pielesverdes", "greenskin"), ("ogro", "ogre"),
)
# names whose greenskins are not named by a race word: Orcos y Goblins' boar riders are
# orcs ("Jinetez de jabalí"), black orcs are not orcs for the panic rules (RACE_PARENT)
_RACE_PHRASES: tuple[tuple[str, str], ...] = (
    ("orcos negros", "black_orc"), ("orco negro", "black_orc"), ("jabali", "orc"),
)
_RACE_RULES: tuple[tuple[str, str], ...] = (
    # Orcos y Goblins "Miedo a los orejotaz": "las unidades de tipo Goblin tienen Miedo de
    # las unidades de tipo Elfo" (wolf and spider riders, Troglagobs carry it)
    ("miedo a los orejotaz", "goblin"),
)


_TIPO_RACES: tuple[tuple[str, str], ...] = (
    ("demonio", "daemon"), ("no muerto", "undead"),
    # kinds of greenskin before "Pielverde" (Regimientos de Renombre "Krujemadrez":
    # "Infantería, Orco negro, Pielverde.")
    ("orco negro", "black_orc"), ("orco", "orc"), ("goblin", "goblin"),
    ("hobgoblin", "hobgoblin"), ("snotling", "snotling"), ("pielverde", "greenskin"),
    ("enano", "dwarf"), ("elfo", "elf"), ("alto elfo", "elf"), ("ogro", "ogre"),
    ("troll", "troll"), ("humano", "human"), ("skaven", "skaven"), ("lagarto", "lizardman"),
    ("bestia", "beast"),
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


_PANIC_FROM: MappingProxyType = _table({
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
    key, plain = normalize(name), normalize(text)
    if key in _PANIC_FROM:
        return _PANIC_FROM[key], ()
    if key == "desprecio":
        found = _desprecio(plain, race)
        return None if found is None else (found, ())
    if key in ("estoicos", "estoico") and "luchan contra elfos oscuros" in plain:
        # Altos Elfos "Estoicos": "cuando luchan contra un ejército de MDNR: Elfos Oscuros
        # ... nunca deberán hacer chequeos de Pánico de ninguna clase"; Regimientos de
        # Renombre (Elwing) "Estoico": "Son inmunes al pánico cuando luchan contra Elfos
        # Oscuros"
        return (), ("dark_elves",)
    return None


_MARK_EFFECTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("furia asesina", ("frenzy",)),
    ("inmune a psicologia", ("immune_to_psychology",)),
    ("siempre ataca primero", ("always_strikes_first",)),
    ("causa miedo", ("fear",)),
    ("ataques envenenados", ("poisoned",)),
)
_MARK_NO_EFFECT: tuple[str, ...] = (
    "dado de dispersion", "dado de magia", "dados de energia", "gana el tipo", "hechicero",
    "saber de", "puede ir montado", "sin efecto adicional", "lanzar hechizos", "debe usar",
    "no ocupa opcion",
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
    plain = re.sub(r"\([^)]*\)", " ", normalize(text))
    flags: list[str] = []
    unknown: list[str] = []
    for sentence in filter(None, (x.strip(" ,") for x in re.split(r"[.;]\s*", plain))):
        hits = [f for key, fs in _MARK_EFFECTS if key in sentence for f in fs]
        if hits:
            flags += hits
        elif not any(key in sentence for key in _MARK_NO_EFFECT):
            unknown.append(sentence)
    return tuple(dict.fromkeys(flags)), unknown


PANIC_RULES: frozenset[str] = frozenset(map(normalize, [
    "Inmune a pánico de pequeñajos", "Viejos cascarrabias",
    "Estoicos", "Estoico", "Desprecio",
]))
PANIC_PREFIXES: tuple[str, ...] = tuple(map(normalize, ["Inmune al pánico de",
                                                        "Inmune a pánico de"]))
"""Partial immunities to panic and panic re-rolls (full immunity is the ``immune_to_panic``
rule).  Panic tests in a combat (RULES.md §3.4, when a friend in the combat breaks or is
destroyed) can make a unit flee.  Those :func:`panic_immunity` understands become the unit's
``no_panic_from``/``no_panic_against``; the others (re-rolls such as *Viejos cascarrabias*,
rules of the panic's source such as Throg's *Desprecio*) are reported as ``ignored`` (they
matter only with friends in the combat)."""


def is_panic_rule(name: str) -> bool:
    """Whether a rule is an immunity to panic or a panic re-roll (:data:`PANIC_RULES`)."""
    key = normalize(name)
    return key in PANIC_RULES or key.startswith(PANIC_PREFIXES)


def is_no_combat_effect(name: str) -> bool:
    """Whether a rule or option name is known to have no effect on a close combat."""
    key = normalize(name)
    return key in NO_COMBAT_EFFECT or key.startswith(NO_COMBAT_EFFECT_PREFIXES)
