"""Rules of Bretonia: the knights' lance formation, the young knights' duty to pursue."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec

LANCE_TROOPS = ("cavalry",)
"""Troop types that fight in a lance ("Las unidades de Caballería con algún Voto")."""

LANCE_FILES = 3
"""The lance's frontage: "La Formación en Lanza tiene un frontal de 3 miniaturas"."""


def in_lance(unit: Any) -> bool:
    """Whether ``unit`` fights in lance formation: the rule, cavalry, 3 models wide."""
    return (unit.has("lance_formation") and unit.troop_type in LANCE_TROOPS
            and unit.files == LANCE_FILES)


def _lance_dice(model: Any, layout: Any) -> int:
    """Dice of the lance's flank riders and steeds on the charge (an upper bound).

    12 faces per attack of each of the unit's models, rider and steed.
    """
    total = 0
    for u in range(model.n_units):
        if model.groups[u, ..., layout.G_LANCE].any():
            models = int(-(-model.sides[u, layout.S_HP] // model.sides[u, layout.S_W]))
            per = int(model.groups[u, :, :, 0, layout.G_ATTACKS].max()
                      + model.groups[u, :, :, 0, layout.G_FRENZY_A].max())
            total += 12 * 2 * models * per
    return total


LANCE_FORMATION = RuleSpec(
    key="lance_formation", mdnr=("Formación en lanza",), book="Bretonia",
    columns=("S_LANCE", "G_LANCE"), switches=("S_LANCE", "G_LANCE"),
    fill=lambda unit: {"S_LANCE": int(in_lance(unit))},
    dice=_lance_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.groups[..., c.G_LANCE].any()),
    acts=("before blows", "combat result"),
    hooks=("fighters.start_fighters", "strike_steps.count_attacks",
           "fighters.expand"),
)
"""Bretonia "Formación en lanza": "Las unidades de Caballería con algún Voto pueden luchar en
una formación llamada Formación en Lanza ... La Formación en Lanza tiene un frontal de 3
miniaturas, y puede aplicar el bonificador por filas a la resolución de combate por cada
fila completa de 3 miniaturas (en vez de las habituales 4 miniaturas) ... Adicionalmente,
en el turno en que cargan, los jinetes (y sus monturas) en los flancos de la unidad pueden
atacar si se encuentran en una fila posterior tras una miniatura de la primera fila que esté
combatiendo ... Las bajas se retiran primero del centro de la última fila".

A cavalry unit with the rule fights in the lance when it is 3 models wide (``files=3``; the
formation is the player's choice, "Pueden cambiar de formación en lanza a otro tipo de
formación y viceversa"): each full rank of 3 behind the first counts for the rank bonus (at
most +3), and a lance keeps its frontage when it wins (no widening, no lapping round: its
ranks would count no more).  On
the charge (the first round, when it charged to the front) the riders and steeds of its two
flank files fight behind a fighting front model: with the front models in contact centred on
the enemy, both flank files fight behind three in contact, one behind two, none behind one;
the casualties leave the centre of the last rank first, so a last rank of one or two stands
on the flanks.  A flank rider slain before he strikes takes his steed's blows with him."""

PURSUIT_EXTRA_DICE = 2
"""D6 the young knights' pursuit rolls beyond its dice, the lowest dropped."""

DUTY_TO_PURSUE = RuleSpec(
    key="duty_to_pursue", mdnr=("Obligación de Perseguir",), book="Bretonia",
    columns=("S_PURSUE_EXTRA",),
    fill=lambda unit: {"S_PURSUE_EXTRA": PURSUIT_EXTRA_DICE * unit.has("duty_to_pursue")},
    dice=lambda m, c: int(m.sides[:m.n_units, c.S_PURSUE_EXTRA].sum()),
    acts=("pursuit",), hooks=("resolution.leave_and_pursue",),
)
"""Bretonia (Guerra de Noveles) "Obligación de Perseguir": "Todas las unidades deben
Perseguir. Cuando persiguen, lanza 2D6 adicionales en la tirada para perseguir y quédate los
8 dados más altos": the unit always pursues (``must_pursue``, given with it) and rolls 2D6
more than its pursuit dice, keeping as many of the highest as it pursues with (the 8 of a
mounted knight's 8D6; a unit on foot keeps the 5 of its 5D6, the text naming the knights'
eight)."""

SPECS = (LANCE_FORMATION, DUTY_TO_PURSUE)
