"""MDNR weapon and armour names → the engine's equipment, and what else they carry.

Weapons map to :data:`odds.rules.WEAPONS` keys, armour to an
:class:`odds.units.Equipment` field; some also carry a special rule, a ward save or
impact hits (the builder's :mod:`odds.battlescribe.equipment` applies them).

Decisions
---------
* ``Lanza`` is the infantry spear for troops on foot and the cavalry spear
  (+1 S on the charge) for cavalry, chariot crews and monster riders
  (:data:`odds.rules.WEAPONS` has both); ``Lanza de caballería`` is the lance.
* ``Rebanadora`` (the orc choppa) is a hand weapon with the ``choppa`` rule
  (MDNR profile "Rebanadora": infantry with a single choppa strike at S+1 on
  the charge, and choppa and shield give no parry bonus).
"""

from __future__ import annotations

from types import MappingProxyType

from odds.battlescribe.spelling import name_table

__all__ = [
    "APPROXIMATE_WEAPONS",
    "ARMOUR_NAMES",
    "ARMOUR_RULES",
    "ARMOUR_WARDS",
    "WEAPON_IMPACTS",
    "WEAPON_NAMES",
    "WEAPON_RULES",
    "WEAPON_WARDS",
]


WEAPON_NAMES: MappingProxyType = name_table({
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
    # Bretonia and the elves: Elfos Silvanos (Guardia eterna) "Conjunto de armas de mano y
    # lanzas": "A efectos de juego, pese al equipo que lleven las miniaturas, se considera que
    # las miniaturas están armadas con Lanza"
    "Conjunto de armas de mano y lanzas": "spear",
    # skavenogres family: Contingente Aliado: Nippon "Katana": "Se considera un arma de mano
    # común (no mágica) a todos los efectos, incluyendo el bonificador por combatir con arma
    # de mano y escudo; además, los ataques realizados con katana tienen Poder de
    # penetración" (WEAPON_RULES)
    "Katana": "hand_weapon",
    # chaosbeasts family: Reinos del Caos Horda de Archaón (Despellejadores) "Garras de
    # escalada": "Cuerpo a cuerpo | La del usuario | Dos armas de mano, es decir, tienen un
    # ataque adicional"
    "Garras de escalada": "additional_hand_weapon",
    # Estalia (Sumos Inquisidores, Juan Díaz) "Estaca de Myrmidia", its weapon profile: "Arma
    # a dos manos (F+2, Ataca en último lugar). Sus impactos se resuelven con F8 contra
    # miniaturas de tipo No Muerto o Demonio ..." (WEAPON_RULES: sigmar_stake)
    "Estaca de Myrmidia": "great_weapon",
    # Regimientos de Renombre (Cazadores de brujas, Johann Van Hal) "Estaca de Sigmar", an
    # option with a rule of the same name: the same weapon (its rule: sigmar_stake)
    "Estaca de Sigmar": "great_weapon",
    # Elfos Silvanos "Armas de bailarín": "las miniaturas con esta regla se considera que
    # tienen dos armas de mano (por lo que tienen A+1) y, además, F+1 en el turno en que
    # cargan" (WEAPON_RULES: strength_on_charge)
    "Armas de bailarín": "additional_hand_weapon",
    # Skaven (Portadores del incensario, Sacerdote de plaga) "Incensario de plaga": "Se
    # considera un Mayal. Ataques mágicos" and the censer's fumes (WEAPON_RULES)
    "Incensario de plaga": "flail",
})
"""Close-combat weapon names → :data:`odds.rules.WEAPONS` keys."""

APPROXIMATE_WEAPONS: frozenset[str] = frozenset()
"""Weapons imported as a simpler engine weapon (reported as approximated)."""

WEAPON_RULES: MappingProxyType = name_table({
    "Rebanadora": ("choppa",),
    # Mercenarios "Maza ogra": "Arma de mano. Poder de penetración."
    "Maza ogra": ("armour_piercing",),
    "Hachas de matador": ("slayer_axes",),
    "Guja ardiente": ("flaming_attacks",),
    "Arma demoníaca": ("magic_attacks",),
    "Katana": ("armour_piercing",),  # skavenogres family
    "Estaca de Myrmidia": ("sigmar_stake",),  # odds.special_rules.witch_hunters
    "Estaca de Sigmar": ("sigmar_stake",),
    "Armas de bailarín": ("strength_on_charge",),
    "Incensario de plaga": ("magic_attacks", "plague_censer"),  # odds.special_rules.skaven_ogres
})
"""Weapons that also carry a special rule of the engine (while the unit fights with them)."""

WEAPON_WARDS: MappingProxyType = name_table({
    "Garras de los ancestrales (cuerpo a cuerpo)": 6,
})
"""Weapons that also give a ward save (the roll needed), while the unit fights with them."""

WEAPON_IMPACTS: MappingProxyType = name_table({
    # Reinos del Caos Mortales "Mayales de la ira": "Impactos por carga(1) (los impactos por
    # carga son de su F4 natural)"
    "Mayales de la ira": "1",
})
"""Weapons that also give impact hits (``odds.rules.IMPACT_HITS``, at the model's own S)."""

ARMOUR_NAMES: MappingProxyType = name_table({
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

ARMOUR_RULES: MappingProxyType = name_table({
    # "Además, su portador tiene una tirada de salvación especial de 5+ contra ataques
    # flamígeros"
    "Armadura negra": ("flame_ward",),
})
"""Armour that also carries a special rule of the engine."""

ARMOUR_WARDS: MappingProxyType = name_table({
    "Armadura de fragua de Gromril": 6,
})
"""Armour that also gives a ward save (the roll needed)."""
