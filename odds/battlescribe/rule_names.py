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

from odds.battlescribe.spelling import name_table, normalize
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
    # Regimientos de Renombre (Espadas de Manann) "Estandarte de la Esposa del Mar": "La
    # unidad causa Miedo. Ten en cuenta que es una regla del estandarte, así que dejarán de
    # causar Miedo si lo pierden" (the unit's standard, lost with its last rank and file)
    "Estandarte de la Esposa del Mar": ("fear_with_standard",),
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
    # none, model._groups), the cannon's own attacks as the chariot's one beast (mounts:
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
    # Elfos Silvanos "Espíritu del bosque": "tirada de salvación especial de 5+ contra ataques
    # no mágicos ... Sus ataques se consideran mágicos ... Son inmunes a la psicología" (who
    # may join whom: army composition)
    "Espíritu del bosque": ("forest_spirit", "magic_attacks", "immune_to_psychology"),
    "Aura demoníaca (Demonios)": ("daemonic_aura",),
    "Ataques mágicos": ("magic_attacks",),
    # Reinos del Caos, Condes Vampiro "Nube de moscas": enemies in base contact -1 to hit;
    # Reinos del Caos "Aura de Slaanesh": enemies in base contact -1 Ld (minimum 2)
    "Nube de moscas": ("cloud_of_flies",),
    "Aura de Slaanesh": ("aura_of_slaanesh",),
    # Orcos y Goblins, Enanos del Caos, Regimientos de Renombre "Miedo a los orejotaz": "las
    # unidades de tipo Goblin tienen Miedo de las unidades de tipo Elfo, a no ser que su
    # potencia de unidad sea del doble o más" (also the goblins' race, races._RACE_RULES)
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
    # Enanos, Regimientos de Renombre "Matador": a hit on a tougher enemy at S = its T (max 6)
    "Matador": ("slayer",),
    # gst "Ataques flamígeros": "anula Regeneración, las miniaturas Inflamables reciben el
    # doble de heridas"; "Inflamable": "Sufre el doble de heridas cuando el ataque que las
    # causa es flamígero"; "Inmune a ataques flamígeros" (no text: none of those effects)
    "Ataques flamígeros": ("flaming_attacks",),
    "Inflamable": ("flammable",),
    "Inmune a ataques flamígeros": ("immune_to_flaming",),
    "Inmunes a ataques flamígeros": ("immune_to_flaming",),
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
    # Regimientos de Renombre (Compañía maldita de Kreugar) "Estandarte de los Malditos": "La
    # compañía Maldita sufre una herida menos de la que sufriría normalmente al ser derrotada
    # en combate por Inestabilidad. Es un Estandarte mágico a todos los efectos, así que si el
    # Portaestandarte muere, se pierde el efecto"
    "Estandarte de los Malditos": ("cursed_standard",),
    # Bretonia and the elves --
    # Elfos Silvanos (Señor de las bestias, osos salvajes) "Si gana un combate, la unidad debe
    # perseguir" (its whole text)
    "Si gana un combate, la unidad debe perseguir": ("must_pursue",),
    # Bretonia (Guerra de Noveles) "Obligación de Perseguir": "Todas las unidades deben
    # Perseguir. Cuando persiguen, lanza 2D6 adicionales ... y quédate los 8 dados más altos"
    "Obligación de Perseguir": ("must_pursue", "duty_to_pursue"),
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
