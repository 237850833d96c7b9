"""Rules of the charge: the ogres' impact hits, a glorious charge, strength on the charge."""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

# Mercenarios, Imperio, Regimientos de Renombre "Arremetida": ogres charging 15 cm or
# more cause an impact hit per model in contact, S +1 per ogre behind it
OGRE_CHARGE = RuleSpec(
    key="ogre_charge", mdnr=("Arremetida",), book="Mercenarios", battlescribe=("Arremetida",),
)
"""MDNR "Arremetida" (ogres): charging at least 15 cm, a unit of three or more ogres causes one
impact hit per model in contact at its basic S, +1 per ogre behind it
(:func:`odds.combat.model.ogre_charge_strength`)."""

STRENGTH_ON_CHARGE = RuleSpec(
    key="strength_on_charge", mdnr=("Carga arrolladora", "Carga atronadora"),
    book="Condes Vampiro",
)
"""+1 S for the rank and file and the champion in the first round of a combat they charged (Condes
Vampiro "Carga arrolladora": "F+1 en carga"; Reinos del Caos: Bestias "Carga atronadora": "F+1
en el turno en que carga")."""

# Imperio (Lanceros alados, Legión del grifo) "Carga gloriosa": "Cualquier unidad que
# reciba una carga de una unidad de Lanceros Alados de potencia de unidad 5+ deben
# efectuar un chequeo de pánico igual que si hubiera sido cargada por el flanco"
GLORIOUS_CHARGE = RuleSpec(
    key="glorious_charge", mdnr=("Carga gloriosa",), book="Imperio",
    battlescribe=("Carga gloriosa",),
)
"""A unit it charges, when its unit strength is 5 or more, tests panic at the charge before any
fear or terror test and flees if it fails (MDNR Imperio "Carga gloriosa": "deben efectuar un
chequeo de pánico igual que si hubiera sido cargada por el flanco mientras estuviera trabada";
RULES.md §3.4), unless it takes no panic tests (:func:`odds.combat.model.glorious_panic`;
two-unit combats, as every test at the charge)."""

THUNDEROUS_CHARGE = RuleSpec(
    key="thunderous_charge", mdnr=("Carga atronadora",), book="Mercenarios",
)
"""The unit's impact hits (:attr:`Unit.impact_hits`) are struck only when its charge covered at
least :data:`odds.combat.model.THUNDEROUS_CHARGE_MOVE` cm (the gap
:attr:`odds.combat.model.CombatOptions.distance`) (MDNR Mercenarios "Jinetes de rinobuey" "Carga
atronadora": "Si todas las miniaturas ... cargan, persiguen o arrasan 18cm o más, cada miniatura
causa 1D3 impactos por carga"; a pursuit into a fresh enemy is not part of a combat of the
engine)."""

SPECS = (OGRE_CHARGE, STRENGTH_ON_CHARGE, GLORIOUS_CHARGE, THUNDEROUS_CHARGE)
