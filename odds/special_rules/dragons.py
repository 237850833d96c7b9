"""Rules of the MDNR Enanos "Dragón de esquirlas": its rage and its spiky scales."""

from __future__ import annotations

from odds.special_rules.spec import RuleSpec


def _enrage_dice(model, layout) -> int:
    """Twelve faces for each attack its lost wounds can add in a round (all but one)."""
    sides = model.sides
    return 12 * int(((sides[:, layout.S_HP] - 1) * (sides[:, layout.S_ENRAGE] > 0)).sum())


ENRAGE = RuleSpec(
    key="enrage", mdnr=("Enfurecer",), book="Enanos", battlescribe=("Enfurecer",),
    columns=("S_ENRAGE",), reads=("S_HP",), switches=("S_ENRAGE",),
    fill=lambda unit: {"S_ENRAGE": int(unit.has("enrage"))},
    dice=_enrage_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_ENRAGE].any()),
    acts=("each strike",), hooks=("strike_steps.count_attacks", "strike_steps.at_characters"),
    column_docs={
        "S_ENRAGE": '1: +1 attack per wound lost ("Enfurecer", one model)',
    },
)
"""MDNR Enanos (Dragón de esquirlas) "Enfurecer": "El dragón de esquirlas gana un ataque
adicional por cada herida que se encuentre por debajo de sus heridas iniciales".

A one-model unit with it strikes, each time it strikes, one more attack for each wound it has
lost by then (its starting wounds less those left: the wounds of the enemy blows struck
before its own in the same round count; those regenerated at the end of a phase no longer
do).  The extra attacks are its own (its profile's WS and S) and may be directed at a
character like the others.  A character or champion body with it is refused (an input
error): the extra attacks are counted for a unit's model only.  The exact first round refuses
a combat with it."""


def _spiky_dice(model, layout) -> int:
    """Four faces (wound, armour, ward, regeneration) per blow struck at a body with it.

    Bounded by every body's models times the most attacks one of its models has in a round
    (frenzy, random attacks at their highest roll), over all its attack groups.
    """
    sides = model.sides
    if not sides[:, layout.S_SPIKY].any():
        return 0
    total = 0
    for u in range(sides.shape[0]):
        rows = model.groups[u]
        per = ((rows[..., layout.G_ATTACKS] + rows[..., layout.G_FRENZY_A]
                + sides[u, layout.S_RA_DICE] * sides[u, layout.S_RA_SIDES])
               * rows[..., layout.G_PER_MODEL] * (rows[..., layout.G_REBOUND_S] > 0))
        models = -(-int(sides[u, layout.S_HP]) // max(1, int(sides[u, layout.S_W])))
        # the first round's, and the more of an even and an odd later round's (kinds 1, 2)
        per = per[..., 0] + per[..., 1:].max(axis=-1)
        total += models * int(per.sum(axis=-1).max(initial=0))
    return 4 * total


SPIKY_SCALES = RuleSpec(
    key="spiky_scales", mdnr=("Escamas puntiagudas",), book="Enanos",
    battlescribe=("Escamas puntiagudas",), columns=("S_SPIKY", "G_REBOUND_S"),
    reads=("S_HP", "S_W", "S_RA_DICE", "S_RA_SIDES"), switches=("S_SPIKY", "G_REBOUND_S"),
    fill=lambda unit: {"S_SPIKY": int(unit.has("spiky_scales"))},
    dice=_spiky_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_SPIKY].any()),
    acts=("each strike",),
    hooks=("blows.unsaved_wounds", "blows.strike", "strike_steps.rebound",
           "model.groups._groups"),
    column_docs={
        "S_SPIKY": '1: each armour save it passes in close combat hits the attacker back'
                   ' ("Escamas puntiagudas")',
        "G_REBOUND_S": "S of the row's blows rolled to hit against an enemy with S_SPIKY"
                       " (the hit back), 0 = none",
    },
)
"""MDNR Enanos (Dragón de esquirlas) "Escamas puntiagudas": "Cada tirada de salvación por
armadura superada contra un ataque cuerpo a cuerpo provocará un impacto de rebote al atacante
de igual fuerza que dicho ataque".

Each armour save the body with it passes against blows rolled to hit (the attack groups'
blows; impact hits, "hits" without an attack, are not rebounded) sends one hit of that blow's
Strength back at the body that struck it, right after the blows: to wound against the
attacker's T, its armour save less the Strength's modifier, its ward save as against the
dragon's own blows (the blows of a unit's steeds or crew hit back at the unit's body, whose T
and save the engine gives its models: its steeds have no wounds of their own).  Default: those
wounds count for the dragon's side in the combat result
like any wound it causes, and models they slay strike no more blows this round.  The exact
first round refuses a combat with it."""

SPECS = (ENRAGE, SPIKY_SCALES)
