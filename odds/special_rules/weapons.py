"""Rules of a unit's weapons: choppas, slayer axes, ranks of spears and pikes."""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

CHOPPA = RuleSpec(
    key="choppa", mdnr=("Rebanadora",), book="Orcos y Goblins",
)
"""The unit's hand weapon is an orc choppa (MDNR profile "Rebanadora": "Si la miniatura es de tipo
Infantería (no va montada) y va armada con sólo una Rebanadora (o Rebanadora y escudo ...), sus
ataques en carga se resuelven con F+1" and choppa and shield give no parry bonus); it only acts
while the unit's weapon is ``hand_weapon``."""

EXTRA_RANK = RuleSpec(
    key="extra_rank", mdnr=("Fila adicional",), book="Altos Elfos",
    battlescribe=("Fila adicional",),
)
"""MDNR Altos Elfos "Fila adicional": with (infantry) spears the unit fights in one more rank,
through its front: two ranks when it charges, three otherwise."""

SLAYER_AXES = RuleSpec(
    key="slayer_axes", mdnr=("Hachas de matador",), book="Enanos",
)
"""MDNR Enanos "Hachas de matador": "va siempre con dos armas de mano y un arma a dos manos. Al
principio de cualquier combate puede elegir si lucha con dos armas de mano o con arma a dos
manos (luchará con lo mismo durante todo el combate)": the unit's weapon
(``additional_hand_weapon`` as imported) is chosen for each combat
(:func:`odds.combat.model.slayer_weapon`)."""

# Regimientos de Renombre (Pirazzo) "Formación mixta": "La primera fila ... siempre será
# de ballesteros, mientras que el resto ... de piqueros ... la primera fila no tiene picas
# (por lo que no atacarían primero si reciben una carga, ni tendrían bonificación contra
# caballería)" (casualties from the rear ranks: the engine's front stays full)
PIKES_BEHIND = RuleSpec(
    key="pikes_behind", mdnr=("Formación mixta",), book="Regimientos de Renombre",
    battlescribe=("Formación mixta",),
)
"""MDNR Regimientos de Renombre (Pirazzo) "Formación mixta": the first rank holds crossbowmen with
hand weapons and the ranks behind pikes, so the unit fights in ranks as with pikes (the front
rank strikes with the user's S, as pikes do) but never receives a charge as pikes do ("la
primera fila no tiene picas (por lo que no atacarían primero si reciben una carga, ni tendrían
bonificación contra caballería)")."""

SPECS = (CHOPPA, EXTRA_RANK, SLAYER_AXES, PIKES_BEHIND)
