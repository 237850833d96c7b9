"""Psychology rules: stupidity, drunkenness, cold blood, a lament, a captain, a howl."""

from __future__ import annotations

from typing import Any

from odds import rules
from odds.special_rules.spec import RuleSpec
from odds.special_rules.wards import mundane_ward

STUPIDITY = RuleSpec(
    key="stupidity", mdnr=("Estupidez",), book="gst", battlescribe=("Estupidez",),
    columns=("S_STUPID",), fill=lambda unit: {"S_STUPID": unit.has("stupidity")},
    plain=False, acts=("start of turn",), hooks=("psychology.stupidity",),
)
"""Each own turn a Ld test; failed while engaged, only half its models fight (§1.10)."""

DRUNK = RuleSpec(
    key="drunk", mdnr=("Borrachos",), book="Reinos del Caos: Bestias",
    battlescribe=("Borrachos",),
    columns=("S_DRUNK",), fill=lambda unit: {"S_DRUNK": unit.has("drunk")},
    dice=lambda m, c: int(m.sides[:, c.S_DRUNK].sum()),  # one D6 a unit a round
    plain=False, acts=("charge", "start of turn"),
    hooks=("psychology.charge_tests", "psychology.stupidity"),
)
"""Each own turn 1D6: 1 stupid, 6 frenzied (MDNR Reinos del Caos: Bestias "Borrachos")."""

COLD_BLOODED = RuleSpec(
    key="cold_blooded", mdnr=("Sangre fría",), book="Mercenarios",
    columns=("S_COLD",), fill=lambda unit: {"S_COLD": unit.has("cold_blooded")},
    # a third die for each Ld test: at most 8 tests a round
    dice=lambda m, c: 8 * int(m.sides[:, c.S_COLD].any()) * m.sides.shape[0],
    acts=("charge", "break test"), hooks=("blows.leadership_test",),
)
"""Ld tests on 3D6 without the highest die (MDNR Mercenarios "Sangre fría")."""


def lament_ward(unit: Any) -> int:
    """The ward save of ``unit`` against a "Lamento de la doncella"; 0 = it cannot be its target.

    Condes Vampiro "Lamento de la doncella": "no puede hacerse contra unidades inmunes a
    psicología" (also the unbreakable, ``S_ITP``; a frenzied unit is immune while it is
    frenzied, in the kernel), "no afecta a miniaturas Etéreas"; "NO se considera ... Ataque
    mágico": a daemonic aura's 5+ ward applies as against any mundane attack.  "Anula
    armaduras" takes the armour save only: a ward save of the unit's own is rolled (6th
    edition: a ward save may be taken against any wound unless a rule says otherwise).

    Parameters
    ----------
    unit : Unit
        The unit a lament may target.

    Returns
    -------
    int
        0 when no lament may target it, else the ward save needed (7 = none).
    """
    if (unit.has("immune_to_psychology") or unit.has("unbreakable")
            or unit.has("ethereal")):
        return 0
    return unit.ward_save or (5 if mundane_ward(unit) else rules.IMPOSSIBLE)


def _lament_before_first_blows(m: Any, c: Any) -> bool:
    """A lament made before the first round's blows (its side's turn): the kernel's."""
    n = m.n_units
    return bool((m.sides[:n, c.S_LAMENT] * (m.sides[:n, c.S_SIDE] == m.active_side)).any())


MAIDEN_LAMENT = RuleSpec(
    key="maiden_lament", mdnr=("Lamento de la doncella", "Coro de doncellas"),
    book="Condes Vampiro", battlescribe=("Lamento de la doncella", "Coro de doncellas"),
    columns=("S_LAMENT", "S_LAMENT_WARD"), switches=("S_LAMENT",),
    fill=lambda unit: {"S_LAMENT": 2 * unit.has("maiden_lament"),
                       "S_LAMENT_WARD": lament_ward(unit)},
    # 2D6, then a ward and a regeneration roll for each of at most 2D6 + S_LAMENT wounds
    dice=lambda m, c: int(sum(2 + 2 * (12 + x) for x in m.sides[:m.n_units, c.S_LAMENT]
                              if x > 0)),
    plain=False, exact_refuses=_lament_before_first_blows,
    acts=("start of turn",), hooks=("psychology.lament", "psychology.own_turn_start"),
    rare="RARE_TURN",
)
"""Each own turn, before the blows, wounds on an enemy unit in contact, armour ignored.

Condes Vampiro (Doncella espectral) "Lamento de la doncella": "Lanza 2D6+2 y compáralo con el
atributo de Liderazgo de la unidad ... por cada punto en que se supere dicho atributo, la
unidad objetivo sufrirá una herida que Anula armaduras"; (Sagrario mortis) "Coro de
doncellas": "Cada turno, el Sagrario puede efectuar un Lamento de la Doncella".
"""

CAPTAIN_BOUND = RuleSpec(
    key="captain_bound", mdnr=("No Muertos", "Capitán"), book="Regimientos de Renombre",
    columns=("S_CAPTAIN",), fill=lambda unit: {"S_CAPTAIN": unit.has("captain_bound")},
    # two tests a round (the end of the phase the leader fell in, the start of the next own
    # turn), 2D6 each
    dice=lambda m, c: 4 * int(m.sides[:m.n_units, c.S_CAPTAIN].sum()),
    plain=False, exact_refuses=lambda m, c: bool(m.sides[:, c.S_CAPTAIN].any()),
    acts=("end of phase", "start of turn"),
    hooks=("psychology.captains_fall", "psychology.crumble"),
    rare="RARE_CAPTAINS",
)
"""The unit crumbles once its leader falls, unless it passes a Ld test."""

ABYSSAL_HOWL = RuleSpec(
    key="abyssal_howl", mdnr=("Aullido abisal",), book="Elfos Oscuros",
    battlescribe=("Aullido abisal",), columns=("S_HOWLED",), filled_by="odds.combat.model.contact",
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_HOWLED].any()),
    acts=("break test",), hooks=("psychology.howled", "psychology.howled_test"),
)
"""Elfos Oscuros (Kharibdyss) "Aullido abisal": "El jugador Elfo Oscuro puede obligar a repetir
cualquier tirada basada en Liderazgo de cualquier unidad en contacto peana con peana con el
Kharibdyss (incluyendo Chequeos de Desmoralización)"."""

SPECS = (STUPIDITY, DRUNK, COLD_BLOODED, MAIDEN_LAMENT, CAPTAIN_BOUND, ABYSSAL_HOWL)
