"""The witch hunters sold as one entry: Johann and Wilhelm, Juan and Tomás.

MDNR Regimientos de Renombre (and the Mercenarios books with Regimientos de Renombre, Imperio
Ejército Sigmarita) "Cazadores de brujas", and MdM Estalia (El Templo de Myrmidia) "Sumos
Inquisidores": two named heroes fighting as one skirmishing unit, each with a great weapon of
his own whose blows depend on the enemy's kind.
"""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

# Regimientos de Renombre (Cazadores de brujas) "Luchan juntos": "Johan y Wilhelm siempre
# luchan juntos, como si fuesen una unidad de hostigadores, y no pueden unirse a otra unidad.
# Se consideran personajes individuales a efectos de disparos con proyectiles. Ambos son los
# Líderes de la unidad."; Estalia (Sumos Inquisidores): the same text of "Juan y Tomás"
FIGHT_TOGETHER = RuleSpec(
    key="fight_together", mdnr=("Luchan juntos",), book="Regimientos de Renombre",
)
"""The entry is one skirmishing unit of its two named heroes, each with his own profile and
weapon (MDNR Regimientos de Renombre, Cazadores de brujas "Luchan juntos": "Johan y Wilhelm
siempre luchan juntos, como si fuesen una unidad de hostigadores, y no pueden unirse a otra
unidad. Se consideran personajes individuales a efectos de disparos con proyectiles. Ambos son
los Líderes de la unidad"): no kernel code of its own; the import builds the unit
(:mod:`odds.battlescribe.fight_together`): two models with ``skirmishers``, the first hero its
model, the second a named member (:class:`odds.units.Member`) fighting as a character in it."""

# Regimientos de Renombre (Cazadores de brujas, Johann Van Hal) "Estaca de Sigmar": "Arma a
# dos manos (F+2, Ataca en último lugar). Sus impactos se resuelven con F8 contra miniaturas
# de tipo No Muerto o Demonio. Además, tiene Golpe Letal contra miniaturas de tipo Vampiro
# (si hiere con un 6 a un Vampiro, muere automáticamente); los Vampiros no pueden usar
# Regeneración contra los impactos de la Estaca de Sigmar. Johann puede elegir si lucha con
# la Estaca de Sigmar o con el par de pistolas."; Estalia (Sumos Inquisidores, Juan Díaz)
# "Estaca de Myrmidia": the same text
SIGMAR_STAKE = RuleSpec(
    key="sigmar_stake", mdnr=("Estaca de Sigmar", "Estaca de Myrmidia"),
    book="Regimientos de Renombre", columns=("G_NO_REGEN",),
    filled_by="odds.combat.model.groups", acts=("each strike",),
    column_docs={"G_NO_REGEN": "1: the blows' wounds cannot be regenerated"},
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_NO_REGEN].any()),
)
"""The unit's great weapon strikes at S8 against an undead or daemon enemy (its tags,
:attr:`odds.units.Unit.damage_tags`), with killing blow against a ``vampire`` one whatever its
troop type, whose regeneration does not save the wounds it causes (``G_NO_REGEN``) (MDNR
Regimientos de Renombre, Cazadores de brujas "Estaca de Sigmar": "Arma a dos manos (F+2, Ataca
en último lugar). Sus impactos se resuelven con F8 contra miniaturas de tipo No Muerto o
Demonio. Además, tiene Golpe Letal contra miniaturas de tipo Vampiro (si hiere con un 6 a un
Vampiro, muere automáticamente); los Vampiros no pueden usar Regeneración contra los impactos
de la Estaca de Sigmar"; Estalia "Estaca de Myrmidia", the same).  "Johann puede elegir si
lucha con la Estaca de Sigmar o con el par de pistolas": the import fights with the stake.
The exact first round refuses the wounds no regeneration saves."""

# Regimientos de Renombre (Cazadores de brujas, Wilhelm Hasburg), Estalia (Sumos
# Inquisidores, Tomás de Torrechamuscada) "Báculo sagrado": "Arma a dos manos (F+2, Ataca en
# último lugar). Hiere automáticamente a las miniaturas de tipo No Muerto, Demonio o Skaven."
SACRED_STAFF = RuleSpec(
    key="sacred_staff", mdnr=("Báculo sagrado",), book="Regimientos de Renombre",
)
"""The unit's great weapon wounds an undead, daemon or skaven enemy automatically (its tags,
:attr:`odds.units.Unit.damage_tags`): every hit wounds, armour saved at the blow's Strength as
usual (MDNR Regimientos de Renombre, Cazadores de brujas "Báculo sagrado": "Arma a dos manos
(F+2, Ataca en último lugar). Hiere automáticamente a las miniaturas de tipo No Muerto, Demonio
o Skaven"); an enemy nothing but magic attacks wound (ethereal) stays unwounded."""

SPECS = (FIGHT_TOGETHER, SIGMAR_STAKE, SACRED_STAFF)
