"""Names with nothing to model: structural names, and names with no effect on a close combat.

Names in :data:`NO_COMBAT_EFFECT` (or starting with one of
:data:`NO_COMBAT_EFFECT_PREFIXES`) are known and have no effect on a close
combat as the engine models it (movement, shooting, magic, army
composition, panic from friends); they are still reported, as
``no_combat_effect``.  Any other unknown name is reported as ``ignored``.
"""

from __future__ import annotations

from odds.battlescribe.spelling import normalize

__all__ = [
    "NO_COMBAT_EFFECT",
    "NO_COMBAT_EFFECT_PREFIXES",
    "STRUCTURAL_NAMES",
    "is_no_combat_effect",
]


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


def is_no_combat_effect(name: str) -> bool:
    """Whether a rule or option name is known to have no effect on a close combat."""
    key = normalize(name)
    return key in NO_COMBAT_EFFECT or key.startswith(NO_COMBAT_EFFECT_PREFIXES)
