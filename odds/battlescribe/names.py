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
    "CHAMPION_ITEMS",
    "CHAMPION_RULES",
    "LEADER_RULE_FLAGS",
    "NAMED_HATRED",
    "NO_COMBAT_EFFECT",
    "NO_COMBAT_EFFECT_PREFIXES",
    "RULE_FLAGS",
    "SECOND_PROFILE_REASONS",
    "STRUCTURAL_NAMES",
    "TROOP_TYPE_NAMES",
    "UNMODELLED_REASONS",
    "UNPRINTED_TROOP_TYPES",
    "WEAPON_IMPACTS",
    "WEAPON_NAMES",
    "WEAPON_RULES",
    "WEAPON_WARDS",
    "entry_army",
    "flight_panic",
    "is_no_combat_effect",
    "is_panic_rule",
    "mark_effects",
    "no_effect_text",
    "normalize",
    "panic_immunity",
    "parametric_rule",
    "race_from_name",
    "race_from_tipo",
    "rider_rule",
    "steed_rule",
    "text_rule",
    "text_ward",
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

UNPRINTED_TROOP_TYPES: MappingProxyType = _table({
    # Orcos y Goblins "Troll" (Trolls; no Tipo, Potencia 3): every other troll of the MDNR
    # books is printed monstrous infantry (Mercenarios "Troll de hielo": "Infantería
    # Monstruosa, Troll."; Reinos del Caos "Troll del Caos": "Infantería monstruosa, Troll,
    # Caos"), as its Potencia 3 says
    "Troll": ("monstrous_infantry", "every other MDNR troll is printed 'Infantería"
              " monstruosa, Troll'"),
})
"""Model profiles printed without ``Tipo`` whose troop type the other books print: name →
(troop type, why)."""

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
    # Regimientos de Renombre (Jeque Ahmed Shufti) "Cimitarra de Dakistir": "Arma de mano.
    # F+2 en el turno en que carga; F+1 en los demás"
    "Cimitarra de Dakistir": "dakistir_scimitar",
    "Dos rebanadoras": "additional_hand_weapon",
    "Maza ogra": "hand_weapon",  # with armour piercing (WEAPON_RULES)
    "Rebanadora": "hand_weapon",  # with the choppa rule (see the module notes)
    "Garras (arma de mano)": "hand_weapon",
    "Pica": "pike",  # Mercenarios, Regimientos de Renombre (odds.rules.WEAPONS["pike"])
    # Enanos "Hachas de matador": "dos armas de mano y un arma a dos manos ... puede elegir
    # si lucha con dos armas de mano o con arma a dos manos" (the slayer_axes rule chooses)
    "Hachas de matador": "additional_hand_weapon",
    # gst, Imperio, Mercenarios, Enanos, Regimientos de Renombre "Par de pistolas": "cuentan
    # como dos armas de mano y, además, el primer turno de combate cuerpo a cuerpo todos los
    # ataques del personaje son de F4 y con Poder de Penetración" (RULES.md §1.7)
    "Par de pistolas": "brace_of_pistols",
    # Regimientos de Renombre (Drong) "¡Montones de pistolas!": the brace's shot in every round
    "¡Montones de pistolas!": "heaps_of_pistols",
    # Enanos del Caos "Guja ardiente (combate)": "En combate se trata como una Alabarda
    # (requiere ambas manos, F+1) ... En ambos casos tiene Ataques flamígeros"
    "Guja ardiente": "halberd",  # with flaming attacks (WEAPON_RULES)
    # Imperio "Martillo del lobo blanco": "Requiere ambas manos. F+1. Si la miniatura va
    # montada, tiene F+2 en el turno en que carga": a halberd on foot, mounted
    # odds.rules.WEAPONS["white_wolf_hammer"]
    "Martillo del lobo blanco": "halberd",
    # Regimientos de Renombre "Garras de los ancestrales (cuerpo a cuerpo)": "F+1 ... una
    # tirada de salvación especial de 6+" (WEAPON_WARDS)
    "Garras de los ancestrales (cuerpo a cuerpo)": "ancestral_claws",
    # Reinos del Caos Mortales "Mayales de la ira" (Portadores de la ira de Khorne): two hand
    # weapons, F+1 in the first round, an impact hit at the model's own S (WEAPON_IMPACTS)
    "Mayales de la ira": "wrath_flails",
    # Enanos del Caos (Guardia infernal de juramentados) "Arma demoníaca": "La del portador +
    # 1", "Ataques mágicos" (WEAPON_RULES), "pierden el bono por parada por arma de mano y
    # escudo"
    "Arma demoníaca": "daemon_weapon",
})
"""Close-combat weapon names → :data:`odds.rules.WEAPONS` keys."""

APPROXIMATE_WEAPONS: frozenset[str] = frozenset()
"""Weapons imported as a simpler engine weapon (reported as approximated)."""

WEAPON_RULES: MappingProxyType = _table({
    "Rebanadora": ("choppa",),
    # Mercenarios "Maza ogra": "Arma de mano. Poder de penetración."
    "Maza ogra": ("armour_piercing",),
    "Hachas de matador": ("slayer_axes",),
    "Guja ardiente": ("flaming_attacks",),
    "Arma demoníaca": ("magic_attacks",),
})
"""Weapons that also carry a special rule of the engine (while the unit fights with them)."""

WEAPON_WARDS: MappingProxyType = _table({
    "Garras de los ancestrales (cuerpo a cuerpo)": 6,
})
"""Weapons that also give a ward save (the roll needed), while the unit fights with them."""

WEAPON_IMPACTS: MappingProxyType = _table({
    # Reinos del Caos Mortales "Mayales de la ira": "Impactos por carga(1) (los impactos por
    # carga son de su F4 natural)"
    "Mayales de la ira": "1",
})
"""Weapons that also give impact hits (``odds.rules.IMPACT_HITS``, at the model's own S)."""

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
    # Regimientos de Renombre (Espadas de Manann) "Estandarte de la Esposa del Mar": "La
    # unidad causa Miedo. Ten en cuenta que es una regla del estandarte, así que dejarán de
    # causar Miedo si lo pierden" (the unit's standard, lost with its last rank and file)
    "Estandarte de la Esposa del Mar": ("fear_with_standard",),
    # Regimientos de Renombre (Perros del Desierto de Al Muktar) "Estandarte Negro de los
    # Muktarin": "Este estandarte suma +1D3 al resultado de combate de los Perros del
    # Desierto en vez del habitual +1" (Ibn's magic standard: the unit's while he lives)
    "Estandarte Negro de los Muktarin": ("black_standard",),
    # Condes Vampiro "Trono del aquelarre" "Vampiresas": "Las vampiresas Siempre Atacan
    # Primero" (the crew, not the Horda de espíritus pulling the throne)
    "Vampiresas": ("crew_strikes_first",),
    # Demonios "Desollador infernal de Slaanesh" "Desollador": "el Desollador hace 1D6
    # impactos de su Fuerza (F5)" after both sides' attacks, before the combat result
    "Desollador": ("flayer",),
    # Reinos del Caos Bestias (Cigor) "Visión ultraterrena": "Repite las tiradas para impactar
    # a todas las miniaturas de tipo Hechicero, No Muerto, Demonio, Vegetal, o Espíritu"
    # (wizards: Tipo "Hechicero" or a magic level; plants and spirits: forest spirits, and
    # the spirits of the data are all "No Muerto" too)
    "Visión ultraterrena": ("otherworldly_sight",),
    # Regimientos de Renombre (Hombres Oso de Urslo) "Estandarte del Oso": "Toda la unidad
    # (incluyendo a Beorg y Oerl) reciben un +1 a sus tiradas para impactar en la primera ronda
    # de cada combate, carguen o sean cargados" (Oerl's standard: while he lives)
    "Estandarte del Oso": ("bear_standard",),
    # Demonios (Aplastador de almas) "Garras mecánicas": "Arma de mano ... La miniatura
    # objetivo debe hacer un chequeo de Iniciativa para evitar ser agarrada. Si falla el
    # chequeo, los ataques que el Aplastador asigne a esa miniatura ... impactarán
    # automáticamente" (the claws are its hand weapon: all its attacks)
    "Garras mecánicas": ("mechanical_claws",),
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
    # Demonios "Cañón de cráneos" "Carro, furia asesina y frontal": "Sólo los Desangradores
    # ganan el ataque extra (no el Cañón), pero toda la miniatura se ve sujeta a las reglas de
    # movimiento de la Furia Asesina. Ten en cuenta que el Cañón sólo ataca por su frontal,
    # como si fuera una bestia de tiro": frenzy (its extra attack is the crew's: steeds get
    # none, model._groups), the cannon's own attacks as the chariot's one beast (build:
    # _BODY_AS_BEAST); "Trono sangriento de Khorne" "Furia asesina (ataques solo
    # desangradores)": "afecta a toda la miniatura, aunque el ataque extra es sólo a los dos
    # Desangradores" (the throne itself has no attacks)
    "Carro, furia asesina y frontal": ("frenzy",),
    "Furia asesina (ataques solo desangradores)": ("frenzy",),
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
    # Regimientos de Renombre, Oglah Khan's item "Pellejo de Wulfag": "Oglah y su unidad
    # siempre deben perseguir, si pueden hacerlo. Cada vez que Oglah y su unidad persigan a
    # una unidad desmoralizada en combate, pueden perseguir +3D6cm adicionales" (his unit's
    # rule: Oglah leaves it only dead, and the engine's champion dies with its last model)
    "Pellejo de Wulfag": ("must_pursue", "pursuit_3d6_more"),
    # Regimientos de Renombre "Montaraces de Bugman (Mercenarios)" (the rule of both Bugman
    # entries): "Mientras Bugman siga vivo, Bugman y la unidad son Inmunes a miedo e Inmunes a
    # terror"
    "Montaraces de Bugman (Mercenarios)": ("leader_fearless",),
    # Regimientos de Renombre (Comando Mortal de Mullah Aklan'd) "¿Y si es él?": "En combate
    # cuerpo a cuerpo, nunca atacarán a miniaturas de tipo Vampiro. Si se vieran obligados a
    # atacar por cualquier motivo ... se considera que fallan todos sus ataques contra
    # miniaturas de tipo Vampiro"
    "¿Y si es él?": ("spares_vampires",),
    # special attacks replacing a model's attacks (odds.combat.model.VOMITS): Orcos y Goblins,
    # Mercenarios, Reinos del Caos "Vómito de troll" ("un único ataque de F5, que impacta
    # automáticamente y Anula armaduras"), Reinos del Caos "Vómito putrefacto" ("un ataque
    # que impacta automáticamente y causa impactos de F3"), "Vómito pestilente de troll" ("un
    # único ataque de F5 que anula armaduras y con Heridas múltiples (1D3)")
    "Vómito de troll": ("troll_vomit",),
    "Vómito putrefacto": ("putrid_vomit",),
    "Vómito pestilente de troll": ("pestilent_vomit",),
    # Mercenarios "Sangre fría": "Para todos los chequeos de Liderazgo ... lanza 3 dados y
    # descartan el dado mayor"; Elfos Oscuros: only on their own Ld (odds.units)
    "Sangre fría": ("cold_blooded",),
    # Enanos "Viejos cascarrabias": friends within 15 cm "puede[n] repetir los chequeos de
    # pánico fallados"
    "Viejos cascarrabias": ("old_grumblers",),
    # Reinos del Caos: Bestias "Borrachos": each own turn 1D6, 1 stupid, 6 frenzied (odds.units)
    "Borrachos": ("drunk",),
    # Enanos, Regimientos de Renombre "Matador": a hit on a tougher enemy at S = its T (max 6)
    "Matador": ("slayer",),
    # gst "Ataques flamígeros": "anula Regeneración, las miniaturas Inflamables reciben el
    # doble de heridas"; "Inflamable": "Sufre el doble de heridas cuando el ataque que las
    # causa es flamígero"; "Inmune a ataques flamígeros" (no text: none of those effects)
    "Ataques flamígeros": ("flaming_attacks",),
    "Inflamable": ("flammable",),
    "Inmune a ataques flamígeros": ("immune_to_flaming",),
    "Inmunes a ataques flamígeros": ("immune_to_flaming",),
    # Enanos del Caos "Cuerpo ardiente": S4 flaming hits on the models in contact, and a T
    # test each own turn (odds.units)
    "Cuerpo ardiente": ("burning_body",),
    # Regimientos de Renombre "Independientes": "nunca utilizan el Liderazgo del General"
    # (and no character may join them: army building)
    "Independientes": ("independent", "no_characters"),
    # Imperio "Resolutos": "Tozuda en la primera ronda de cada combate"; "Ejemplo de
    # Sigmar": friends within 15 cm, itself included, re-roll failed panic, fear and terror
    "Resolutos": ("first_round_stubborn",),
    "Ejemplo de Sigmar": ("sigmar_example",),
    # Regimientos de Renombre (Pirazzo) "Formación mixta": "La primera fila ... siempre será
    # de ballesteros, mientras que el resto ... de piqueros ... la primera fila no tiene picas
    # (por lo que no atacarían primero si reciben una carga, ni tendrían bonificación contra
    # caballería)" (casualties from the rear ranks: the engine's front stays full)
    "Formación mixta": ("pikes_behind",),
    # Condes Vampiro "Carroñeros": "Los Necrófagos son Hostigadores y ningún personaje puede
    # unirse a ellos" (the rest: joining characters, and that they are not undead)
    "Carroñeros": ("skirmishers", "no_characters"),
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
    # Bestias (Preyton) "Devorador": "si el Preyton quiere perseguir o arrasar deberá hacer un
    # chequeo de Liderazgo (en vez de un chequeo para no perseguir como es habitual) ... Si
    # falla ese chequeo, o si decide no perseguir o arrasar ... todas las unidades enemigas a
    # 25cm o menos del Preyton deberán hacer un chequeo de Pánico" (the engine has no overrun)
    "Devorador": ("devourer",),
    # Imperio (Lanceros alados, Legión del grifo) "Carga gloriosa": "Cualquier unidad que
    # reciba una carga de una unidad de Lanceros Alados de potencia de unidad 5+ deben
    # efectuar un chequeo de pánico igual que si hubiera sido cargada por el flanco"
    "Carga gloriosa": ("glorious_charge",),
    # Regimientos de Renombre (Compañía dragón de Ulther) "Cuerno del Dragón": "El músico de
    # la unidad tiene este cuerno ... Un solo uso. Debes declarar el uso de este objeto al
    # inicio de tu fase de movimiento, antes de declarar cargas. Todas las unidades enemigas a
    # 30cm o menos del músico deben hacer un chequeo de Pánico" (its musician's: odds.units,
    # dragon_horn)
    "Cuerno del Dragón": ("dragon_horn",),
    # Altos Elfos (Leones blancos) "Guardaespaldas": "Los Leones Blancos son Tozudos mientras
    # el General esté incluido en la unidad"
    "Guardaespaldas": ("bodyguard",),
    "Etéreos": ("ethereal",),
    "Etéreo": ("ethereal",),
    "Odio eterno": ("eternal_hatred",),
    "Odio a todas las miniaturas": ("hatred",),
    "Inmune a desmoralización (aunque sigue teniendo Odio a pielesverdes)": ("unbreakable",),
    # Reyes Funerarios "Monstruosidad de piedra": "Cualquier impacto de F8 o superior ... se
    # considera que tiene F7"
    "Monstruosidad de piedra": ("stone_monstrosity",),
    # Orcos y Goblins "Resistencia al fuego": flaming hits on the Kobolds de fuego at S-1
    "Resistencia al fuego": ("fire_resistance",),
    # Elfos Oscuros "Danza de la muerte": "pueden anular el bonificador ... por filas de los
    # enemigos pese a ser Hostigadores"
    "Danza de la muerte": ("cancels_ranks",),
    # Condes Vampiro "Monstruoso" (Varghulf): "El oponente no puede aplicar el bonificador a
    # resolución del combate por combatir contra el flanco o retaguardia del Varghulf"
    "Monstruoso": ("no_flank_bonus_against",),
    # Elfos Oscuros "Bestias" (Arpías): "Ningún personaje puede unirse a una unidad de
    # Arpías. Además, las Arpías nunca pueden usar el Liderazgo del General"
    "Bestias": ("independent", "no_characters"),
    # Elfos Oscuros "Solitaria" (Medusas drenasangre): "ni los personajes pueden unirse a
    # Medusas Drenasangre para formar unidades"
    "Solitaria": ("no_characters",),
    # Condes Vampiro "Honor marcial": "El Campeón siempre debe lanzar y aceptar desafíos";
    # Mercenarios "Altamente insignificantes": "Las unidades de gnoblars huyendo,
    # desmoralizadas o destruidas no causan pánico. Ni siquiera a otros gnoblars"
    "Honor marcial": ("martial_honour",),
    "Altamente insignificantes": ("causes_no_panic", "no_characters"),
    # Orcos y Goblins (Goblins de polvo) "No moríoz": "aunque sean Inmunes a psicología, sean
    # Inestables y Causen miedo, no están sujetos al resto de reglas habituales de no
    # muertos: pueden reaccionar a la carga, pueden marchar..."; "Hazen pezte": "Ningún
    # personaje puede unirse a una unidad de Goblins de Polvo"
    "No moríoz": ("immune_to_psychology", "unstable", "fear"),
    "Hazen pezte": ("no_characters",),
    # Mercenarios (Jinetes de rinobuey) "Inmune a golpe letal": "el jinete no es de tamaño
    # humano así que no se ven afectados por el Golpe Letal"
    "Inmune a golpe letal": ("immune_to_killing_blow",),
    # Imperio (Huracanum celestial) "Portentos de batalla": "Todas las unidades (y
    # miniaturas individuales) amigas a 15cm o menos del Huracanum (incluidos los Acólitos y
    # las monturas) tienen un +1 a todas sus tiradas para impactar, ya sea por disparos o en
    # combate cuerpo a cuerpo"
    "Portentos de batalla": ("battle_omens",),
    # Elfos Oscuros (Altar drenasangre) "Aura de agonía": enemies in contact not of type
    # Elfo Oscuro L-1 (minimum 2), Dark Elves within 15 cm L+1 (maximum 10)
    "Aura de agonía": ("aura_of_agony",),
    # Reyes Funerarios (Necroesfinge) "Golpe decapitador": "Uno de sus ataques debes
    # realizarlo con un dado de otro color. Ese ataque tiene la regla Heridas múltiples 1D6"
    "Golpe decapitador": ("decapitating_strike",),
    # Enanos del Caos (Demonio de hierro) "Rompecráneos": "realiza 3 ataques en cada fase de
    # combate cuerpo a cuerpo contra miniaturas o unidades situadas en su frontal; estos
    # ataques impactan automáticamente y se resuelven con F6"
    "Rompecráneos": ("skull_crushers",),
    # Reyes Funerarios (Gigante de hueso), Elfos Oscuros (Kharibdyss) "Asalto imparable": "En
    # carga, por cada tirada para herir exitosa ... puede hacer un ataque adicional (que a su
    # vez, en caso de herir, desencadenará nuevos ataques)"
    "Asalto imparable": ("unstoppable_assault",),
    # Condes Vampiro (Carruaje negro) "Poder de la muerte": "Por cada herida que cause el
    # Carruaje negro o alguna de sus partes (Conductor, Pesadilla), el Carruaje gana una
    # herida" (its blades at 10 wounds or more: odds.units, life_drain)
    "Poder de la muerte": ("life_drain",),
    # Elfos Oscuros (Kharibdyss) "Aullido abisal": "El jugador Elfo Oscuro puede obligar a
    # repetir cualquier tirada basada en Liderazgo de cualquier unidad en contacto peana con
    # peana con el Kharibdyss (incluyendo Chequeos de Desmoralización)"
    "Aullido abisal": ("abyssal_howl",),
    # Mercenarios (Trolls de hielo) "Arma de frío": "Arma de mano. En el turno en que cargan,
    # si sale algún 6 en la tirada para impactar causa una herida adicional de F3"
    "Arma de frío": ("cold_weapon",),
    # Condes Vampiro (Doncella espectral) "Lamento de la doncella": "Lanza 2D6+2 y compáralo
    # con el atributo de Liderazgo de la unidad ... por cada punto en que se supere dicho
    # atributo, la unidad objetivo sufrirá una herida que Anula armaduras"; (Sagrario mortis)
    # "Coro de doncellas": "Cada turno, el Sagrario puede efectuar un Lamento de la Doncella"
    "Lamento de la doncella": ("maiden_lament",),
    "Coro de doncellas": ("maiden_lament",),
    # Regimientos de Renombre (Compañía maldita de Kreugar) "Estandarte de los Malditos": "La
    # compañía Maldita sufre una herida menos de la que sufriría normalmente al ser derrotada
    # en combate por Inestabilidad. Es un Estandarte mágico a todos los efectos, así que si el
    # Portaestandarte muere, se pierde el efecto"
    "Estandarte de los Malditos": ("cursed_standard",),
    # Regimientos de Renombre (Compañía maldita de Kreugar) "Bienvenido a la Maldición": "Si
    # cualquier guerrero de la Compañía Maldita (incluido Kreugar) abate a una miniatura con 1
    # herida en su perfil inicial, se crea en su lugar un Esqueleto que se añade a la Compañía
    # Maldita y va equipado igual que el resto de la Compañía ... sólo se aplica a las
    # miniaturas muertas en combate cuerpo a cuerpo"
    "Bienvenido a la Maldición": ("cursed_recruits",),
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
    # Regimientos de Renombre (Caballeros de la Llama Purificadora) "Odio a Reyes Funerarios"
    # (a rule without text: the army of MDNR Reyes Funerarios)
    "Odio a Reyes Funerarios": ("tomb_kings",),
    # Regimientos de Renombre "Odio a Arabia": "También odian a Regimientos de Renombre de
    # Arabia, como los Perros del Desierto de Al Muktar y al Comando Mortal de Mullah
    # Aklan'd" (their entries carry the army tag "arabia": ENTRY_ARMIES)
    "Odio a Arabia": ("arabia",),
})
"""Hatred of named enemies → the army or race tags hated (:data:`odds.armies.TAGS`)."""

CHAMPION_ITEMS: MappingProxyType = _table({
    # Regimientos de Renombre (Harboth, the regiment's leader) "Dos rebanadoras": "cuenta como
    # si tuviera dos armas de mano (realiza, pues, 4 ataques) y todos ellos con F+1 en el
    # turno en que carga": one more attack on the leader's profile; the F+1 on the charge is
    # the unit's choppa rule (its shield gives no parry with a choppa either)
    # (the choppa's F+1 holds for both choppas: a profile change, not two hand weapons)
    "Dos rebanadoras": ((("A", 1),), "choppa", "", "", ()),
    # Regimientos de Renombre (Lucca Braganza, the leader, with "Arma de mano" and "Pistola")
    # "Pistola de Lucca": "Lucca lleva también pistola, así que cuenta como dos armas de
    # mano"; the pistol's own attack is S4 armour piercing in the first round (RULES.md
    # §1.7): rules.WEAPONS["hand_weapon_and_pistol"]
    "Pistola de Lucca": ((), "", "", "hand_weapon_and_pistol", ()),
    # Regimientos de Renombre (Josef Bugman, the leader) "Hacha de Bugman": "Arma de mano.
    # Lleva una Runa de la Fuerza (F+1) y una Runa de la Furia (A+1)": S+1 and A+1 on his
    # profile, fighting with a hand weapon (his shield's parry with it)
    "Hacha de Bugman": ((("S", 1), ("A", 1)), "", "", "hand_weapon", ()),
    # Regimientos de Renombre (Príncipe Ulther, the leader, with "Hacha de Ulther" and "Par de
    # pistolas") "Hacha de Ulther": "Arma de mano que proporciona F+1 y, contra miniaturas de
    # tipo Dragón, tiene además la regla Heridas múltiples (1D6)": S+1 on his profile, fighting
    # with it as a hand weapon (his shield's parry with it; the gst "Par de pistolas"
    # "Requiere ambas manos", so not beside the axe: the axe is the "Armas" group's default
    # selection); the multiple wounds: the champion's dragon_bane (odds.units; the
    # dragons: build.is_dragon)
    "Hacha de Ulther": ((("S", 1),), "", "", "hand_weapon", ("dragon_bane",)),
    # Regimientos de Renombre (Richter Kreugar, the leader of the Compañía maldita)
    # "Aflicción": "Arma de mano. Todos los impactos de Aflicción se resuelven con F+1 y Golpe
    # letal": S+1 on his profile (every blow he strikes is with it) and killing blow, his alone
    "Aflicción": ((("S", 1),), "", "", "hand_weapon", ("killing_blow",)),
})
"""Items of a unit's champion (leader): name → (((letter, added), ...) on its profile, the
special rule the unit must have for the rest of the item's text (``""``: none), what stays
approximated (``""``: nothing), the champion's weapon (``""``: its own as read), special
rules the item gives the champion alone (:attr:`odds.units.Unit.champion_special`))."""

LEADER_RULE_FLAGS: MappingProxyType = _table({
    # Regimientos de Renombre (Espadas de Manann, a rule of the unit naming its leader
    # Edvard Van der Kraal) "Juego sucio": "Antes de calcular la resolución de combate, si
    # Edvard está vivo, puede hacer un ataque adicional; este ataque final se resuelve con
    # Golpe Letal. Además, en desafíos, Edvard tiene una tirada de salvación especial de 6+"
    "Juego sucio": ("dirty_trick",),
})
"""A unit's rule whose text gives it to its leader alone: name → the leader's special rules
(:attr:`odds.units.Unit.champion_special`); reported where the unit has no leader."""

CHAMPION_RULES: MappingProxyType = _table({
    # Regimientos de Renombre (Arqueros de Scarloc) "Glam el que ríe": "Glam es un bailarín
    # guerrero, así que es Inmune a psicología pero se verá sujeto a los movimientos y
    # chequeos de la unidad" (the unit's tests are the unit's: nothing in close combat)
    # "... Glam posee Tatuajes talismánicos (Tirada de salvación especial de 6+)" (his ward)
    # "; además, mientras Glam siga con vida, toda la unidad tiene Resistencia a la Magia
    # (1)" (spells only) ". Glam tiene F+1 en carga" (strength_on_charge, his blows) ". A
    # diferencia de los demás Bailarines, Glam lleva también arco largo (y no puede hacer
    # danzas ...)" (shooting; no dances) ". Glam es el campeón de la unidad."
    "Glam el que ríe": (6, ("strength_on_charge",)),
    # Regimientos de Renombre (Asesinos de Véspero, under the leader's entry) "La Máscara de
    # la Muerte": "Véspero causa Miedo": Véspero alone, not his unit.  6th edition
    # (6th.whfb.app/characters/independent-characters-and-unit-psychology: "While a character
    # is with a unit of troops he is considered to be part of that unit in all respects";
    # 6th.whfb.app/psychology/fear: a unit tests "If Charged by a Fear-causing Enemy"): the
    # unit does not cause fear, so nobody it charges tests fear and it is not immune to fear
    # itself; his unit strength counts as fear-causing in the fear auto-break of the enemies
    # in contact (the engine's fear-causing character in a unit that does not cause fear,
    # odds.combat.psychology.fear_in_contact)
    "La Máscara de la Muerte": (0, ("fear",)),
})
"""A champion's (leader's) own rule read whole from its text: name → (its ward save, 0 =
none; special rules of its own, :attr:`odds.units.Unit.champion_special`)."""

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
    "Chillido mortal", "Unidad mágica", "Cólera de la tormenta",
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
    # Enanos "Bombardeo" (Girobombardero): a template placed in the shooting phase, "a todos
    # los efectos un ataque de proyectiles efectuado por una máquina de guerra"
    "Bombardeo",
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
    # Orcos y Goblins "Peligrosos" (squig hoppers): "Los personajes no pueden unirse a la
    # unidad ... a menos que vayan montados en un Garrapato Cavernícola" (who may join)
    "Peligrosos",
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
    # Regimientos de Renombre fixed items read in the catalogue: "Jarra de cerveza de Bugman"
    # ("En cada fase de movimiento, si la unidad no está trabada, todo personaje de la unidad
    # ... recuperan una herida": never while engaged), Marco Colombo's "Pergamino de Arabia"
    # ("una Tirada de salvación especial de 2+ contra cualquier herida provocada por un
    # Hechizo": spells only)
    "Jarra de cerveza de Bugman", "Pergamino de Arabia",
    # read in the catalogues: game system "Salir desde abajo" (deployment and arrival; the
    # emergence itself is `odds emerge`, a unit that comes up under an enemy charges it) and
    # Reyes Funerarios "Salir desde abajo (Aclaración)" (markers); Imperio "Gran cañón" ("Puede
    # disparar a cualquier unidad entre 30cm y 120cm"); Enanos del Caos "Armas experimentales"
    # ("se disparan como la catapulta"); Monstruos Arcanos "Chorro de chispas" (a breath "se
    # resuelve como el impacto de una bala de cañón"); Orcos y Goblins "Grandotez" (the
    # animosity test); Reinos del Caos Mortales "Mutador" (a spell "una vez por fase de magia");
    # Mercenarios "Heridas y bajas" (Comehombres: wounds go to the unit and an ogre is removed
    # per 3 wounds, "todos con la misma Resistencia y armadura": how the engine already
    # fights a unit)
    "Salir desde abajo", "Salir desde abajo (Aclaración)", "Gran cañón",
    "Armas experimentales", "Chorro de chispas", "Grandotez", "Mutador", "Heridas y bajas",
    # breath weapons: game system "Arma de aliento": "Se trata de un ataque de disparo que
    # emplea la plantilla con forma de lágrima" (Regimientos de Renombre "Aliento", Elfos
    # Oscuros and Enanos del Caos "Aliento de fuego": "En la fase de disparo ...", "Se trata de
    # un Ataque de Aliento que usa la plantilla de lágrima")
    "Arma de aliento", "Aliento", "Aliento de fuego",
    # every catalogue's "Escupir llamas": "Se trata de un Ataque de Aliento que usa la
    # plantilla de lágrima" (Altos Elfos, Imperio, Mercenarios, Monstruos Arcanos) or "Arma
    # de proyectiles ... dos Ataques de Aliento por turno" (Reinos del Caos)
    "Escupir llamas",
    # read in the catalogues (movement, deployment, shooting, magic or army composition only):
    # Elfos Oscuros "Tamaño mínimo", "Carro (Marchar)", "Personajes"
    # (who may join the Caldero de sangre); Enanos "Terreno" (Barcatronante's movement),
    # "Bombardeo" ("En la fase de disparo ..."), "Máquina de guerra" (Yunque: "despliega junto
    # al resto de máquinas de guerra"; Enanos del Caos: "puede pivotar gratis ... no puede
    # mover y disparar"); Enanos del Caos "Tren de artillería" (towing), "Pérdida de la
    # dotación" (a crewless cannon's movement); Imperio "Culebrina" (the land ship's cannon),
    # "Rayo lumínico de Solheim" and "Tormenta de Shemtek" ("en cada fase de magia");
    # Reyes Funerarios "Pesado" (under a spell, "no puede usar su movimiento volador")
    "Tamaño mínimo", "Carro (Marchar)", "Personajes", "Terreno", "Bombardeo",
    "Máquina de guerra", "Tren de artillería", "Pérdida de la dotación", "Culebrina",
    "Rayo lumínico de Solheim", "Tormenta de Shemtek", "Pesado",
    # Mercenarios "Riñas": "Si al inicio de un turno propio la unidad no se encuentra trabada
    # en combate ... lanza 1D6" (only out of combat)
    "Riñas",
    # who may join the unit (army building): Enanos "Locos" ("Ningún personaje puede unirse
    # a unidades de tipo Matador, salvo personajes de tipo Matador"), Orcos y Goblins
    # "Peligrosos" ("Los personajes no pueden unirse a Rebaños de Garrapatos" / "a la unidad
    # de Jinetez de Garrapatos a menos que vayan montados en un Garrapato Cavernícola")
    "Locos", "Peligrosos",
    # Regimientos de Renombre: "Cazador ballestero" (Marco "puede Mover y disparar con su
    # Ballesta"); "Pistola ballesta" ("Alcance 20cm. Fuerza 3. Disparos múltiples x3"; Elfos
    # Oscuros: "Pese al nombre, no usa las reglas de Pistola (ni ... cuenta como arma
    # adicional al combate)"); Drong's "Pistola (solo una por fase de disparo)" (the profile
    # "Pistola (disparo)"; their close-combat pistols are "¡Montones de pistolas!");
    # "Aprendiz de Mullah" ("Hechicero de nivel 1"); Ruglud's
    # "Animosidad especial" (rolled "excepto si están huyendo o trabados en combate": no
    # voluntary move or shot, as "Animosidad");
    # Enanos del Caos "Trabuco" ("un arma de proyectiles ... con un área de efecto"), Imperio
    # "Trabuco" ("Mover o disparar; plantilla de llamas"); Altos Elfos "Capa de león blanco"
    # ("5+ a los ataques a distancia (proyectiles o magia)")
    "Cazador ballestero", "Pistola ballesta", "Pistola (solo una por fase de disparo)",
    "Aprendiz de Mullah", "Animosidad especial", "Trabuco",
    # Altos Elfos "Capa de león blanco": "una tirada de salvación por armadura de 5+ a los
    # ataques a distancia (proyectiles o magia)" (its profile: "5+ solo a distancia")
    "Capa de león blanco",
    # read in the catalogues (issue 11, army13): movement, shooting, magic or army
    # composition only.  Orcos y Goblins and Elfos Oscuros "Anfibio" (no text; the 6th rule
    # and Regimientos de Renombre "Anfibios": crossing water, cover in it), Orcos y Goblins
    # "Disparos envenenados" ("Los ataques a distancia de los Troglagobs (jabalina o arco)
    # son Ataques envenenados"), "Cruzar todo salvo impasables y acuáticos" (movement),
    # "Lanzagoblins" ("se dispara como una Catapulta") and its "Problemas" (the misfire
    # table of that shot); Reyes Funerarios "Objetivo pequeño" ("No bloquean línea de
    # visión"), "Cráneos aullantes" (the catapult's hits: magical, flaming, a panic test
    # "ya sea en fase de disparo o de magia"), "El lanzacráneos y el cántico del embate de
    # Horekhah" (an extra shooting phase), "El lanzacráneos y el cántico de invocación de
    # Djedra" (victory points; the chant's healing is cast in the magic phase), "Icono de
    # Ptra" (a bound spell, "objeto portahechizos"), "Conducto espiritual" (+1 to the
    # priests' chants); Imperio "Foco de Azyr" (+1 power die), "Foco de Hysh" (+1 dispel
    # die), "Aura divina" ("Resistencia a la Magia (1)"), "Altar" ("Las Plegarias lanzadas
    # desde un altar ganan un +1 a su nivel de energía"); Mercenarios "Mal genio" (a Ld
    # test in the charge declaration subphase that may force a charge), "De mente simple"
    # (no reforming while moving, one pivot), "Ocupan un hueco adicional de singular" and
    # "En caso de incluir Meargh, ocupa hueco de héroe" (army composition); Condes Vampiro
    # "Miasma del vigor nigromántico" ("puede desatar su poder en la fase de magia ...
    # objeto portahechizos")
    "Anfibio", "Disparos envenenados", "Cruzar todo salvo impasables y acuáticos",
    "Lanzagoblins", "Problemas", "Objetivo pequeño", "Cráneos aullantes",
    "El lanzacráneos y el cántico del embate de Horekhah",
    "El lanzacráneos y el cántico de invocación de Djedra", "Icono de Ptra",
    "Conducto espiritual", "Foco de Azyr", "Foco de Hysh", "Aura divina", "Altar",
    "Mal genio", "De mente simple", "Ocupan un hueco adicional de singular",
    "En caso de incluir Meargh, ocupa hueco de héroe", "Miasma del vigor nigromántico",
    # Enanos "Armas del barcatronante": its three guns' shooting ("Pueden dispararse los tres
    # cada turno ... Puede mover y disparar"), a misfire's wounds in the shooting phase
    "Armas del barcatronante",
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
    # a vampire is undead too (armies.RACE_PARENT), named first
    ("demonio", "daemon"), ("vampiro", "vampire"), ("no muerto", "undead"),
    ("espiritu del bosque", "forest_spirit"),
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
    if key == "estoico" and "asarnil es inmune a panico provocado por miniaturas de tipo" \
            " elfo oscuro" in plain and "alguna de ellas no es de tipo elfo oscuro" in plain:
        # Regimientos de Renombre (Asarnil) "Estoico": "Asarnil es inmune a pánico provocado
        # por miniaturas de tipo Elfo Oscuro. Si el chequeo de pánico debiera hacerse por
        # varias fuentes y alguna de ellas no es de tipo Elfo Oscuro, la unidad no es Inmune
        # a pánico": a panic test of a combat (a friend broken or destroyed, RULES.md §3.4)
        # is caused by the enemies that beat it; immune only while every enemy is a Dark Elf
        return (), ("dark_elves",)
    return None


_TEXT_RULES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
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
    # Reinos del Caos "Trolls biliosos": "Las miniaturas enemigas tienen un -1 a impactarles
    # en combate cuerpo a cuerpo"
    ("trolls biliosos", "las miniaturas enemigas tienen un -1 a impactarles en combate cuerpo"
     " a cuerpo", ("hard_to_hit",)),
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
    # cannon's own WS, S, I and A fight as one more crew beside the dwarfs (build); "En caso de
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
    # Enanos "Guardia personal" (Martilladores): "Si hay algún personaje con la regla Sangre
    # Real en la unidad, ésta es Inmune a miedo e Inmune a Terror"; Enanos "Sangre real" (the
    # characters who have it; its own text is army composition)
    ("guardia personal", "si hay algun personaje con la regla sangre real en la unidad, esta"
     " es inmune a miedo e inmune a terror", ("royal_guard",)),
    ("sangre real", "un ejercito que incluya uno o mas personajes con sangre real",
     ("royal_blood",)),
)


def text_rule(name: str, text: str) -> tuple[str, ...] | None:
    """Special-rule flags of a rule named after its unit, recognised by its catalogue text.

    Returns None when the name and text are not one of :data:`_TEXT_RULES`.
    """
    key, plain = normalize(name), re.sub(r"\s+", " ", normalize(text))
    plain = re.sub("[\"'\u201c\u201d\u2018\u2019]", "", plain)  # quotes left out
    for rule, phrase, flags in _TEXT_RULES:
        if key == rule and phrase in plain:
            return flags
    return None


_NO_EFFECT_TEXTS: tuple[tuple[str, str, str, str], ...] = (
    # (name, phrase of its text, kind, reason)
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
    ("plegarias a sigmar", "se tratan como objetos portahechizos de nivel de energia 3",
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
)


def no_effect_text(name: str, text: str) -> tuple[str, str] | None:
    """How a rule named after its unit is reported, recognised by its catalogue text.

    Returns
    -------
    (kind, reason) or None
        ``"no_combat_effect"`` (or ``"note"``, a condition the combat assumes) and why;
        None when the name and text are not one of :data:`_NO_EFFECT_TEXTS`.
    """
    key, plain = normalize(name), re.sub(r"\s+", " ", normalize(text))
    for rule, phrase, kind, reason in _NO_EFFECT_TEXTS:
        if key == rule and phrase in plain:
            return kind, reason
    return None


_TEXT_WARDS: tuple[tuple[str, str, int], ...] = (
    # Imperio (Luminarca de Hysh) "Aura de protección": "Todas las unidades ... amigas a
    # 15cm o menos de uno o más Luminarcas (incluido el mismo Luminarca) tienen una tirada de
    # salvación especial de 6+. No tiene ningún efecto sobre las miniaturas amigas que ya
    # tenían tirada de salvación especial" (the Luminarca's own ward: a better one wins)
    ("aura de proteccion", "(incluido el mismo luminarca) tienen una tirada de salvacion"
     " especial de 6+", 6),
)


def text_ward(name: str, text: str) -> int | None:
    """The ward save (roll needed) a rule gives its own unit, recognised by its text, or None."""
    key, plain = normalize(name), re.sub(r"\s+", " ", normalize(text))
    for rule, phrase, ward in _TEXT_WARDS:
        if key == rule and phrase in plain:
            return ward
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
    plain = normalize(text)
    for phrase, field, tags in _FLIGHT_PANIC:
        if phrase in plain:
            return field, tags
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
            if "salvacion" in sentence:
                # Reinos del Caos Heraldo "Marca de Khorne": "... está sujeto a Furia Asesina
                # ... y gana una tirada de salvación por armadura de 6+": the save in the
                # same sentence is not modelled, so the mark is not (never half-applied)
                unknown.append(sentence)
        elif not any(key in sentence for key in _MARK_NO_EFFECT):
            unknown.append(sentence)
    return tuple(dict.fromkeys(flags)), unknown


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
re-roll of *Viejos cascarrabias* is the ``old_grumblers`` rule (:data:`RULE_FLAGS`)."""


def is_panic_rule(name: str) -> bool:
    """Whether a rule is an immunity to panic or a panic re-roll (:data:`PANIC_RULES`)."""
    key = normalize(name)
    return key in PANIC_RULES or key.startswith(PANIC_PREFIXES)


def is_no_combat_effect(name: str) -> bool:
    """Whether a rule or option name is known to have no effect on a close combat."""
    key = normalize(name)
    return key in NO_COMBAT_EFFECT or key.startswith(NO_COMBAT_EFFECT_PREFIXES)


_TABLE_ATTACKS = ("a table of special attacks rolled each round (shouting that wins the combat"
                  " by 2, Initiative tests against 2D6 wounds, 2D6 or D6 S6 hits, grabbing one"
                  " model...): not modelled by the engine")
_GIANT_FALL = ("the fallen giant's template hits the models under it in a random direction"
               " (S6, D3 wounds, partial hits on 4+): the engine has no positions to place it")
_PALANQUIN = ("a Herald's mount printed as a unit entry (no T, W or L of its own: 'trata la"
             " miniatura igual que si fuera una montura de caballería', a +2 save for the"
             " Herald, 4 attacks of its own, infantry of Potencia 4 +1): no rider in the entry"
             " to fight it with, and the engine's characters ride cavalry steeds or monsters"
             " only")
SECOND_PROFILE_REASONS: MappingProxyType = _table({
    # Reinos del Caos (Bestias, Demonios, Mortales) "Manada de bestias (mixta)": "Cada
    # manada mixta debe ser de al menos 5 Gor y al menos 5 Ungor"; "La manada cargando":
    # "coloca el grupo de mando y personajes delante, luego los gors, y luego los ungors",
    # "los ungors se esconden tras sus hermanos mayores y hostigan al enemigo con sus lanzas";
    # "La manada en combate": "el enemigo puede elegir ... a cuál de las miniaturas en
    # contacto peana con peana quiere atacar, sean personajes, Gors o Ungors"
    "Ungor": "the Ungors (HA3 R3, hand weapon or spear) stand behind the Gors (HA4 R4): the"
             " enemy strikes the Gors in contact (their T and save) until they are gone, then"
             " Ungors (T3), and Ungors with spears strike from the second rank with their own"
             " WS while Gors hold the front: the unit's T, save and fighters change as the Gors"
             " die, and the kernel keeps one rank-and-file profile per unit (it would need a"
             " state of its own): not modelled",
    # Regimientos de Renombre "Monturas Infernales de Toxote": "Kylist base" and "Kylist
    # extra" (HA4 F4 L7, "Alabarda" or "Arma de mano") among the "Cabrones" (HA3 F3, "Arma a
    # dos manos" or "Arma de mano"); no rule of the regiment says where the Kylists stand or
    # from whom casualties are taken
    "Kylist": "Kylists (HA4 F4, halberd) among the Cabrones (HA3 F3, great weapon): the data"
              " do not say where they stand in the unit nor from whom casualties are taken,"
              " and the kernel keeps one rank-and-file profile per unit: not modelled (the"
              " Kylists fight as Cabrones)",
})
"""Why a unit's second rank-and-file profile is left ignored, read from its unit's texts."""
UNMODELLED_REASONS: MappingProxyType = _table({
    "Ataques del gigante": f"the giant's attacks: {_TABLE_ATTACKS}",
    "Ataques especiales": f"the Titán's attacks: {_TABLE_ATTACKS}",
    "Caídas": f"a fall test on losing a combat (on the ground: no attacks, destroyed if it"
              f" must flee) and {_GIANT_FALL}",
    "Muerte del gigante": f"on its death {_GIANT_FALL}",
    "El tanque en combate": "attacks on the tank roll to hit only to split soft and hard hits"
                            " against Puntos de estructura: a damage model of its own, not"
                            " modelled by the engine",
    "Puntos de estructura": "25 structure points lost by 1D6 + S - 8 (soft) or - 10 (hard) per"
                            " hit instead of wounds: not modelled by the engine",
    "Puntos de vapor": "the steam points spent each turn (Embestida, shooting) are a player's"
                       " choice: not modelled by the engine",
    "Embestida": "1D3 hits a turn for a steam point while engaged: not modelled by the engine",
    "Impactos por carga enemiga al tanque": "impact hits split into soft and hard hits, 1D6 S6"
                                            " back on the models causing them: not modelled",
    "Torbellino de muerte": "one S5 hit on every enemy model in contact and 4+ on those next to"
                            " them, then -1 to hit: needs the models around each slayer, not"
                            " modelled by the engine",
    "Ataque de lengua": "one attack always strikes first, poisoned, S4, and if it hits the unit"
                        " hit has -1 to hit the Sapodragón this phase: not modelled",
    # Reinos del Caos and Monstruos Arcanos rules the engine cannot express yet (issue 11)
    "Enormes garfios": "the hooks' S+1 and killing blow serve the giant's swipe ('Barrido con"
                       " los garfios') of its attack table: not modelled",
    "Grandote": "immune to panic caused by friends that are not large targets: the engine"
                " does not tell large targets apart",
    "Engullir entero": "all attacks given up for one at I1 killing on 4+ that heals 1D3 wounds:"
                       " not modelled",
    "Dos cabezas": "two personalities (hatred and double flank/rear bonus, or frenzy, S+1, WS2,"
                   " Ld-1) swapped by a Ld test at the end of each turn once wounded: not"
                   " modelled",
    "Mutaciones": "one of six mutations rolled at deployment (strikes last, armour piercing,"
                  " WS+1, S+1, poison, killing blow): not modelled",
    # Regimientos de Renombre: what keeps a regiment reported, read in its text
    "Vino del Odio": "at the start of the third turn a D6 (the opponent's) may make them"
                     " frenzied or S+1 W+1 for the rest of the battle: not modelled",
    "Gema de Lustria": "one failed armour save re-rolled each turn: not modelled",
    "Calabaza de vino de Lustria": "one use, +1D6 S for a turn of the player's choice: not"
                                   " modelled",
    "Unidad controlada": "when Barda dies -- a character of his own, never in the gargoyles'"
                         " unit ('Personaje'), fighting elsewhere or beside them in a multiple"
                         " combat -- the gargoyles test as a monster that lost its rider (6th"
                         " monster reaction): the engine tracks no model outside the unit and"
                         " has no monster reaction, not modelled",
    # army17: rules of Condes Vampiro, Elfos Oscuros, Enanos, Enanos del Caos, Mercenarios and
    # Reyes Funerarios that need per-trial state or rolls the kernel has no column for
    "Escurridizos": "the enemy never laps round the Hobgoblins, who lap round with any number"
                    " of models even without winning: lapping round (§1.11) is decided in the"
                    " kernel, which has no rule for it: not modelled",
    "Enfurecer": "+1 attack per wound the dragon has lost: attacks that change with the"
                 " wounds taken during the combat, not modelled",
    "Escamas puntiagudas": "each armour save passed against a close-combat attack returns a hit"
                           " of that attack's S to the attacker: not modelled",
    # Enanos del Caos, Reinos del Caos Mortales (Cañón infernal): "Arrasar": "Si el cañón
    # arrasa o está trabado, sólo puede escupir inmundicia"; Mortales "Escupir inmundicia":
    # "El cañón puede Escupir inmundicia aunque esté trabado en combate cuerpo a cuerpo"
    "Escupir inmundicia": "a flame-template shot (S6 on the models under it, partial 4+, and a"
                          " Terror test for every unit under it) it may fire while engaged, in"
                          " its shooting phase between two rounds: the engine has no shooting"
                          " phase in a combat nor positions for a template",
    # Reinos del Caos "Palanquín de Nurgle" (a mount linked from the Heralds' "Montura"
    # options, typed "unit" in the data); Mortales "Monturas de Tipo Demonio" (its rider's
    # death frees it to instability)
    "Palanquín de nurgletes": _PALANQUIN,
    "Palanquín de Nurgle": _PALANQUIN,
    "Monturas de Tipo Demonio": "a daemonic mount is subject to instability once its rider is"
                                " dead: no rider in the entry, not modelled",
    # Mortales "Bruto despedazador": "Enlazado" to a Human character of the army, "Runas de
    # vinculación": "tendrá HA y Ld iguales que los del personaje a los que se encuentre
    # Enlazado mientras éste siga con vida"
    "Enlazado": "bound to a Human character of the army (a monster that lost its rider once"
                " he dies): the character is not in the entry, not modelled",
    "Runas de vinculación": "WS and Ld of the bound character while he lives (the printed ones"
                            " only after his death): the character is not in the entry",
    # army19: rules of Condes Vampiro, Elfos Oscuros, Enanos, Enanos del Caos and Mercenarios
    # read from their texts and left ignored (no kernel code this round)
    "Máquina pequeña": "the Lanzafuegos is three dwarfs of unit strength 2 + 1 + 1 ('La"
                       " máquina no tiene perfil separado, se considera parte de los enanos'),"
                       " a war machine 'a todos los efectos': one unit of models with"
                       " different unit strengths and no machine wound pool, not modelled",
    "Plataforma de ingenieros": "six engineers ride the chariot as characters, each with a"
                                " different weapon (hooked halberd S+1 or S+2 against cavalry,"
                                " man-catcher killing blow, ball and chain S+3 in the first"
                                " turn, three hand weapons) and may be attacked instead of the"
                                " chariot: six crew bodies, not modelled",
    "Mortero terremuerte": "besides the catapult's shooting, the Ogro crewman fights (its own T"
                           " and W not in the machine's wounds) and if the mortar is destroyed"
                           " the surviving crew fight on as a unit: not modelled",
    "Runas protectoras": "a 5+ ward save for the Barcatronante alone, not for the crew aboard"
                         " it: the engine's war machine takes one pool of wounds, not modelled",
    "Muerte de los artilleros": "two crew per gun and a pilot; the Barcatronante is removed"
                                " when all the crew die: crew casualties of their own, not"
                                " modelled",
    "Martillos de Sigmar": "hatred of models of type Chaos ('Caos' in Tipo, whatever their army"
                           " book: the Fimir, Chaos renown regiments) and of Undead: the engine"
                           " has no Chaos tag, not modelled",
    "Premonición": "the Augur re-rolls all failed rolls to hit and to wound and has a 5+ ward:"
                   " a second champion with a re-roll to wound the engine has no column for,"
                   " not modelled",
    "Campeonas": "both the Matriarca and the Augur count as champions: two champions in one"
                 " unit, not modelled",
    "Ataque de cola": "one more S4 attack per Fimir (whatever its weapon) against models at the"
                      " unit's rear only: not modelled",
    "Unidad mágica (Invocar niebla)": "the spell, if cast, gives -1 to hit the Fimir in close"
                                      " combat until the next own magic phase: a spell's"
                                      " success, not modelled",
    "Meargh": "the champion option 'Meargh (cuenta como campeón y ocupa hueco de héroe)', the"
              " Dirach's alternative in the command group: a level-2 wizard (A2, TSA 6+, no"
              " heavy armour) whose own profile the import does not take as the champion's"
              " (second model profile), not modelled",
    "Carnófago": "the Demonio de los lamentos regains a wound per unsaved wound it causes in"
                 " close combat: wounds that change during the combat, not modelled",
    "Frío asesino": "enemy models in base contact count as Initiative 1 (not those immune to"
                    " cold): the enemy's strike order set by this model, not modelled",
    "Cazador en la oscuridad": "a 5+ ward save, but not against attacks of models in base"
                               " contact (supporting ranks' attacks are not from contact):"
                               " not modelled",
    "Garras (arma de mano)": "its attacks are cold attacks: models immune to cold are never"
                             " wounded by it; the engine has no immunity to cold, not modelled",
    "Inmune a frío": "immune to cold attacks (Arma de frío, Garras): the engine has no cold"
                     " attacks, not modelled",
    # army26: Regimientos de Renombre's named heroes sold as one entry (Gotrek y Félix, Gilead y
    # Fithvael, Cazadores de brujas), read in the catalogue
    "Hacha Rúnica de Gotrek": "one more attack for each of Gotrek's first attacks that hits"
                              " (the extra ones give none), multiple wounds (2) against T5 or"
                              " more: attacks added by hits, which the kernel has no column for"
                              " ('Asalto imparable' adds them for wounds, and chains), not"
                              " modelled",
    "Espada de Bronce Fulgurante": "Félix's +2 attacks, and re-rolls to hit and to wound"
                                   " against Dragon-type models: the engine has no Dragon tag"
                                   " nor a re-roll to wound, not modelled",
    "Maldición de Gotrek": "a 4+ ward save and Immune to break for both while Gotrek lives:"
                           " Félix's ward and break test would change when Gotrek falls, and"
                           " the two are not imported as one unit of two ('Formación'), not"
                           " modelled",
    "Formación": "Gotrek (W3 T5) and Félix (W2 T4) are one unit of two models with weapons of"
                 " their own: the import takes the entry as a single model (Félix its"
                 " champion), not modelled",
    "Luchan juntos": "Johann and Wilhelm fight as one unit of two skirmishers, both its"
                     " leaders, each with his own weapon: the import takes the entry as a"
                     " single model (Wilhelm its champion), not modelled",
    "Cazadores de vampiros": "immune to psychology, with hatred of Undead, Chaos and Skaven"
                             " models: 'Caos' is a Tipo word of models of several books (the"
                             " Fimir, Chaos renown regiments) and the engine has no Chaos tag"
                             " (as 'Martillos de Sigmar'), not modelled",
    "Báculo sagrado": "Wilhelm's great weapon wounds Undead, Daemon and Skaven models"
                      " automatically: an enemy-dependent wound roll for one of two heroes the"
                      " import does not keep apart ('Luchan juntos'), not modelled",
    "Estaca de Sigmar": "Johann's great weapon: S8 against Undead and Daemons, killing blow"
                        " against Vampires whatever their size, no regeneration for Vampires"
                        " against its hits (and his choice of it or the brace of pistols): not"
                        " modelled",
    "Balas de plata": "'Los disparos de Johann son Ataques mágicos': with his brace of pistols"
                      " the first round's close-combat blows are the pistols' shots (6th"
                      " 'Pistol (hand-to-hand)': 'This represents the pistol's shot'), magic"
                      " against ethereal and daemonic-aura enemies: not modelled",
    "Espada de Galeth": "Gilead's magic hand weapon with armour piercing: Gilead and Fithvael"
                        " are two independent characters ('Personajes independientes') the"
                        " import takes as one model, not modelled",
    "Personajes independientes": "Gilead and Fithvael are two characters, each free to join"
                                 " a unit or fight alone: one entry of two characters, not a"
                                 " unit; not modelled",
    "Saga del Destino": "Gilead re-rolls to hit and to wound against one enemy character"
                        " nominated at the start of the battle: the engine has no re-roll to"
                        " wound nor a nominated enemy, not modelled",
    "Sombra rápida": "once a game, for two turns, Gilead fights with the 'Gilead Sombra Rápida'"
                     " profile (WS10 I10 A8), always strikes first and has a 4+ ward; the"
                     " import takes that profile for the whole battle: not modelled",
    "Artillería a caballo": "horse artillery: each light cannon with its crew is a unit of its"
                            " own, the mounted crewman fights from his horse ('y el caballo"
                            " también lucha'), Bronzino joins one gun as a character: not"
                            " modelled",
})
"""Why some rules stay ``ignored`` (the report's reason instead of "rule not modelled by the
engine"): the giants' and the Titán de Khemri's attack tables, the steam tank's damage model,
the slayers' whirlwind, the Sapodragón's tongue, rules that need a state or a roll the kernel
has no column for (issue 11)."""
