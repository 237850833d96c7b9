"""The items and rules of a unit's champion (leader), by name.

MDNR Regimientos de Renombre list their leader's own items and rules under its entry (or
name the leader in a rule of the unit): the builder gives them to the champion alone
(:mod:`odds.battlescribe.command_group`).
"""

from __future__ import annotations

from types import MappingProxyType

from odds.battlescribe.spelling import name_table

__all__ = [
    "CHAMPION_ITEMS",
    "CHAMPION_RULES",
    "LEADER_RULE_FLAGS",
    "LEADER_RULE_WARDS",
]


CHAMPION_ITEMS: MappingProxyType = name_table({
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
    # dragons: profiles.is_dragon)
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

LEADER_RULE_FLAGS: MappingProxyType = name_table({
    # Regimientos de Renombre (Espadas de Manann, a rule of the unit naming its leader
    # Edvard Van der Kraal) "Juego sucio": "Antes de calcular la resolución de combate, si
    # Edvard está vivo, puede hacer un ataque adicional; este ataque final se resuelve con
    # Golpe Letal. Además, en desafíos, Edvard tiene una tirada de salvación especial de 6+"
    "Juego sucio": ("dirty_trick",),
    # empire3 family: Mercenarios, Marienburgo (Hermanas de Sigmar), Estalia (Hermanas de
    # Myrmidia) "Premonición": "La Augur puede repetir todas las tiradas fallidas para impactar
    # y para herir, y dispone de una tirada de salvación especial de 5+" (the Augur is the
    # unit's champion, the first of its command group; her ward: LEADER_RULE_WARDS)
    "Premonición": ("premonition",),
})
"""A unit's rule whose text gives it to its leader alone: name → the leader's special rules
(:attr:`odds.units.Unit.champion_special`); reported where the unit has no leader."""

LEADER_RULE_WARDS: MappingProxyType = name_table({
    "Premonición": 5,  # "dispone de una tirada de salvación especial de 5+"
})
"""The ward save a rule of :data:`LEADER_RULE_FLAGS` gives the leader alone (its text)."""

CHAMPION_RULES: MappingProxyType = name_table({
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
