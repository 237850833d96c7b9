"""Rules of the blows: a burning body, claws, random attacks, and blows that grow as they land."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec


def _burning_dice(m: Any, c: Any) -> int:
    """A T test and D3 wounds with their saves; up to 12 faces for the hit on each enemy model.

    Every enemy model bounds those in contact.
    """
    n = m.n_units
    burning = [u for u in range(n) if m.sides[u, c.S_BURNING]]
    if not burning:
        return 0
    enemy_models = sum(int(-(-m.sides[v, c.S_HP] // m.sides[v, c.S_W])) for v in range(n))
    return len(burning) * (8 + 12 * enemy_models)


BURNING_BODY = RuleSpec(
    key="burning_body", mdnr=("Cuerpo ardiente",), book="Enanos del Caos",
    battlescribe=("Cuerpo ardiente",), columns=("S_BURNING", "G_BURNING"),
    fill=lambda unit: {"S_BURNING": unit.profile.T if unit.has("burning_body") else 0},
    dice=_burning_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_BURNING].any()),
    acts=("start of turn",), hooks=("psychology.own_turn_start",), rare="RARE_TURN",
)
"""Enanos del Caos "Cuerpo ardiente": S4 flaming hits on the models in contact, and a T test
each own turn."""

MECHANICAL_CLAWS = RuleSpec(
    key="mechanical_claws", mdnr=("Garras mecánicas",), book="Demonios",
    battlescribe=("Garras mecánicas",), columns=("G_GRAB",), filled_by="odds.combat.model.groups",
    dice=lambda m, c: int((m.groups[..., c.G_GRAB] > 0).any(axis=(1, 2, 3)).sum()),
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_GRAB].any()),
    acts=("each strike",), hooks=("blows.hit_need",),
)
"""Demonios (Aplastador de almas) "Garras mecánicas": "Arma de mano ... La miniatura objetivo
debe hacer un chequeo de Iniciativa para evitar ser agarrada. Si falla el chequeo, los ataques
que el Aplastador asigne a esa miniatura ... impactarán automáticamente" (the claws are its
hand weapon: all its attacks)."""

RANDOM_ATTACKS = RuleSpec(
    key="random_attacks", mdnr=("Ataques aleatorios",), book="gst", flag=False,
    columns=("S_RA_DICE", "S_RA_SIDES", "G_RANDOM"), switches=("S_RA_DICE",),
    filled_by="odds.combat.model.side",
    dice=lambda m, c: int(m.sides[:m.n_units, c.S_RA_DICE].sum()),  # the roll itself
    plain=False, acts=("before blows",), hooks=("blows.roll_random_attacks",),
    rare="RARE_RANDOM",
)
"""A profile's attacks rolled each round (``A`` of ``"D6"``, ``"2D6"``...)."""

UNSTOPPABLE_ASSAULT = RuleSpec(
    key="unstoppable_assault", mdnr=("Asalto imparable",),
    book="Reyes Funerarios, Elfos Oscuros", battlescribe=("Asalto imparable",),
    columns=("G_CHAIN",), filled_by="odds.combat.model.groups",
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_CHAIN].any()),
    acts=("each strike",), hooks=("blows.unsaved_wounds", "blows.chain_attacks"),
)
"""Reyes Funerarios (Gigante de hueso), Elfos Oscuros (Kharibdyss) "Asalto imparable": "En
carga, por cada tirada para herir exitosa ... puede hacer un ataque adicional (que a su vez,
en caso de herir, desencadenará nuevos ataques)".  Its dice are counted with its attacks
(:func:`odds.combat.model.engine.dice_budget`)."""

COLD_WEAPON = RuleSpec(
    key="cold_weapon", mdnr=("Arma de frío",), book="Mercenarios",
    battlescribe=("Arma de frío",), columns=("G_COLD",), filled_by="odds.combat.model.groups",
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_COLD].any()),
    acts=("each strike",), hooks=("blows.unsaved_wounds",),
)
"""Mercenarios (Trolls de hielo) "Arma de frío": "Arma de mano. En el turno en que cargan, si
sale algún 6 en la tirada para impactar causa una herida adicional de F3".  Its dice are
counted with its attacks (:func:`odds.combat.model.engine.dice_budget`)."""

IMMUNE_TO_COLD = RuleSpec(
    key="immune_to_cold", mdnr=("Inmune a frío",), book="Condes Vampiro",
    battlescribe=("Inmune a frío",), acts=("each strike",),
)
"""Condes Vampiro, Reinos Ogros, Reinos del Caos (Norsca) "Inmune a frío" (no text of its own,
or "Los Lobes de Hielo son inmunes al frío"): the cold attacks that name it leave the unit
alone; of those the engine models Mercenarios (Trolls de hielo) "Arma de frío" ("un Ataque de
frío, así que no afectará a las miniaturas Inmune a frío"): no extra wound of F3 on a 6 to
hit (:mod:`odds.combat.model.groups` leaves ``G_COLD`` at 0; no kernel code of its own)."""

ESTALIAN_PRIDE = RuleSpec(
    key="estalian_pride", mdnr=("Orgullo Estaliano",), book="Mercenarios: Estalia",
    columns=("S_DUEL_REROLL",), fill=lambda unit: {"S_DUEL_REROLL": unit.has("estalian_pride")},
    # plain: a plain pair has two bodies, so no challenge (its column never acts there)
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_DUEL_REROLL].any()),
    acts=("each strike",), hooks=("blows.strike", "blows.unsaved_wounds"),
)
"""Estalia "Orgullo Estaliano": "Todos los personajes y campeones pueden repetir las tiradas
falladas para impactar en desafíos. Además, todos los personajes y campeones deben lanzar y
aceptar desafíos": a body with it re-rolls its missed hits while it fights its challenge
opponent (the unit's champion, or a character: only duellists strike in a challenge);
:data:`odds.battlescribe.rule_names.RULE_FLAGS` gives it with ``martial_honour`` (the
unit's champion always issues and accepts challenges).  A character's challenges follow the
side's challenge policy."""

LIFE_DRAIN = RuleSpec(
    key="life_drain", mdnr=("Poder de la muerte",), book="Condes Vampiro",
    battlescribe=("Poder de la muerte",), columns=("S_LIFE_DRAIN",),
    filled_by="odds.combat.model.side",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_LIFE_DRAIN].any()),
    acts=("each strike",), hooks=("blows.strike",),
)
"""Condes Vampiro (Carruaje negro) "Poder de la muerte": "Por cada herida que cause el Carruaje
negro o alguna de sus partes (Conductor, Pesadilla), el Carruaje gana una herida" (its blades
at 10 wounds or more)."""

CURSED_RECRUITS = RuleSpec(
    key="cursed_recruits", mdnr=("Bienvenido a la Maldición",), book="Regimientos de Renombre",
    battlescribe=("Bienvenido a la Maldición",), columns=("S_RECRUIT",),
    filled_by="odds.combat.model.build",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_RECRUIT].any()),
    acts=("each strike",), hooks=("blows.strike", "blows.recruit"),
)
"""Regimientos de Renombre (Compañía maldita de Kreugar) "Bienvenido a la Maldición": "Si
cualquier guerrero de la Compañía Maldita (incluido Kreugar) abate a una miniatura con 1 herida
en su perfil inicial, se crea en su lugar un Esqueleto que se añade a la Compañía Maldita y va
equipado igual que el resto de la Compañía ... sólo se aplica a las miniaturas muertas en
combate cuerpo a cuerpo"."""

BEAR_STANDARD = RuleSpec(
    key="bear_standard", mdnr=("Estandarte del Oso",), book="Regimientos de Renombre",
    battlescribe=("Estandarte del Oso",), columns=("S_BEAR_STD", "G_STD_HIT"),
    switches=("S_BEAR_STD",), filled_by="odds.combat.model.build",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_BEAR_STD].any()),
    acts=("each strike",), hooks=("blows.strike",),
)
"""Regimientos de Renombre (Hombres Oso de Urslo) "Estandarte del Oso": "Toda la unidad
(incluyendo a Beorg y Oerl) reciben un +1 a sus tiradas para impactar en la primera ronda de
cada combate, carguen o sean cargados" (Oerl's standard: while he lives)."""

SPECS = (BURNING_BODY, MECHANICAL_CLAWS, RANDOM_ATTACKS, UNSTOPPABLE_ASSAULT, COLD_WEAPON,
         IMMUNE_TO_COLD, ESTALIAN_PRIDE, LIFE_DRAIN, CURSED_RECRUITS, BEAR_STANDARD)
