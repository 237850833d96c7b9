"""Rules of the Empire family of army books.

Imperio, Mercenarios, Estalia, Marienburgo, Regimientos de Renombre, Condes Vampiro, Reyes
Funerarios, Monstruos Arcanos.
"""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

CARNOPHAGE = RuleSpec(
    key="carnophage", mdnr=("Carnófago",), book="Condes Vampiro",
    battlescribe=("Carnófago",), reads=("S_LIFE_DRAIN",), filled_by="odds.combat.model.side",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_LIFE_DRAIN].any()),
    plain=False, acts=("each strike",), hooks=("blows.strike",),
)
"""Condes Vampiro (Demonio de los lamentos) "Carnófago": "Por cada herida causada en combate
cuerpo a cuerpo (después de Tiradas de Salvación, etc; son heridas, no por persecución, por
ejemplo) el Demonio de los Lamentos recupera una Herida que hubiera sufrido antes (no puede
tener más Heridas de las que tenía en su atributo de Heridas inicial)": one model that, while
alive, regains a wound per wound its blows score, up to its printed W (the kernel code of
``life_drain``, whose cap is the printed W here)."""

COLD_ATTACKS = RuleSpec(
    key="cold_attacks", mdnr=("Garras (arma de mano)",), book="Condes Vampiro",
    battlescribe=("Garras (arma de mano)",), acts=("each strike",),
)
"""Condes Vampiro (Demonio de los lamentos) "Garras (arma de mano)": "Sus ataques se consideran
Ataque de frío, por lo que las miniaturas Inmunes a frío nunca recibirán heridas de un
Demonio de los Lamentos (todas las tiradas para herir fallan automáticamente)": against a
unit with ``immune_to_cold`` its blows never wound (:mod:`odds.combat.model.groups` sets
their wound roll impossible; no kernel code of its own)."""

DEATH_SHRIEK = RuleSpec(
    key="death_shriek", mdnr=("Chillido mortal",), book="Condes Vampiro (Clan Strigoi)",
    reads=("S_LAMENT",), switches=(),
    fill=lambda unit: {"S_LAMENT": 4} if unit.has("death_shriek") else {},
    plain=False, acts=("start of turn",), hooks=("psychology.lament", "psychology.own_turn_start"),
)
"""Condes Vampiro (Clan Strigoi: Engendro del terror) "Chillido mortal": "Sigue las mismas
reglas que el Lamento de la Doncella, pero con un +2 a la tirada (así pues, hace tantas
heridas como 2D6+4 menos el Liderazgo de la unidad objetivo ...)": ``maiden_lament``'s
kernel code rolling 2D6+4 (``S_LAMENT`` 4; the lament's spec switches it, sets its
rare-rule bit, counts its dice and keeps the exact first round from it).  Read by its text
(:mod:`odds.battlescribe.rule_texts`): the v5 book's "Chillido mortal" is the plain lament.
Clan Strigoi's "sólo puede efectuar el Chillido a unidades que estén en su línea de visión":
the units it fights, as the lament's target must be while it is engaged."""

SPECS = (CARNOPHAGE, COLD_ATTACKS, DEATH_SHRIEK)
