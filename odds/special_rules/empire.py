"""Rules of the Empire family of army books.

Imperio, Mercenarios, Estalia, Marienburgo, Regimientos de Renombre, Condes Vampiro, Reyes
Funerarios, Monstruos Arcanos.
"""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec

CARNOPHAGE = RuleSpec(
    key="carnophage", mdnr=("Carnófago",), book="Condes Vampiro",
    battlescribe=("Carnófago",), columns=("S_LIFE_DRAIN",), filled_by="odds.combat.model.side",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_LIFE_DRAIN].any()),
    acts=("each strike",), hooks=("blows.strike",),
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

SPECS = (CARNOPHAGE, COLD_ATTACKS)
