"""Rules of the blows: a burning body, mechanical claws, random attacks."""

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

SPECS = (BURNING_BODY, MECHANICAL_CLAWS, RANDOM_ATTACKS)
