"""Rules of the mercenaries family on the rule registry.

Mercenarios, Regimientos de Renombre, Orcos y Goblins, Skaven, Enanos and the allied
contingents.
"""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec

# Mercenarios (con Personajes Especiales) "Escolta de Mydas": "Toda la unidad de escoltas es
# tozuda mientras Mydas siga vivo. Ningún personaje aparte de Mydas puede añadirse a la
# unidad"; Mydas el Mezquino carries "Pagador" (paymaster)
MYDAS_ESCORT = RuleSpec(
    key="mydas_escort", mdnr=("Escolta de Mydas",), book="Mercenarios",
    reads=("S_BODYGUARD",), filled_by="odds.combat.model.side",
    acts=("break test",), hooks=("psychology.break_test",),
)
"""The unit is stubborn while Mydas lives (MDNR Mercenarios "Escolta de Mydas": "Los escoltas
de Mydas ... son completamente leales a su patrón ... Toda la unidad de escoltas es tozuda
mientras Mydas siga vivo. Ningún personaje aparte de Mydas puede añadirse a la unidad").  Mydas
is the character with ``paymaster`` (his entry's "Pagador"); the only one who may join.  When
he stands in the unit the unit is stubborn until he falls (``S_BODYGUARD`` 3,
:func:`odds.combat.psychology.break_test`); when he is not in the combat, he is taken to be
alive elsewhere and the unit is stubborn throughout."""

# Orcos y Goblins (Horda Zalvaje, Lista de Goblins: Acechantez de Snagla Grobspit) "Carga
# devastadora": "Los Goblins (no las arañas) ganan A+1 cuando cargan."
CHARGE_ATTACK = RuleSpec(
    key="charge_attack", mdnr=("Carga devastadora",), book="Orcos y Goblins",
    battlescribe=("Carga devastadora",),
)
"""+1 A for the riders (the rank and file and the champion, not their steeds) in the first round
of a combat they charged (MDNR Orcos y Goblins "Carga devastadora": "Los Goblins (no las
arañas) ganan A+1 cuando cargan"): their first-round attack rows
(:func:`odds.combat.model.groups`), so the exact first round counts it too."""

# Mercenarios (Fimir) "Ataque de cola": "Adicionalmente a sus ataques, los Fimir tienen un
# ataque adicional (usa un dado de otro color) que realizan con la maza de su cola; este ataque
# se resuelve con F4 independientemente del equipo que lleven. Este ataque sólo puede
# realizarse contra miniaturas que estén en la retaguardia de los Fimir"
TAIL_ATTACK = RuleSpec(
    key="tail_attack", mdnr=("Ataque de cola",), book="Mercenarios",
    battlescribe=("Ataque de cola",),
)
"""Each model makes one more attack every round at S4 whatever its weapon, at its WS and
Initiative, on the enemies touching the unit's rear only (MDNR Mercenarios "Fimir" "Ataque de
cola": "un ataque adicional (usa un dado de otro color) que realizan con la maza de su cola;
este ataque se resuelve con F4 independientemente del equipo que lleven. Este ataque sólo puede
realizarse contra miniaturas que estén en la retaguardia de los Fimir").  The attack group of a
second crew (:func:`odds.combat.model.groups._groups`, so not with ``extra_crew``), one attack
per model fighting the enemy, kept for the enemies in contact with the unit's rear
(:func:`odds.combat.model.build._attack_groups`); no kernel code of its own."""

# Skaven (Cañón de disformidad) "Impactos de F7": "No es un carro a ningún efecto. Sin
# embargo, si el Cañón recibe una herida de F7 o más, resulta destruido automáticamente"
WRECKED_BY_S7 = RuleSpec(
    key="wrecked_by_s7", mdnr=("Impactos de F7",), book="Skaven",
)
"""A wound of Strength 7 or more destroys the model, as it does a chariot (MDNR Skaven "Cañón
de disformidad" "Impactos de F7": "No es un carro a ningún efecto. Sin embargo, si el Cañón
recibe una herida de F7 o más, resulta destruido automáticamente"): the enemy's blows of S7 or
more take every wound it has left, as game system "Carro" does
(:func:`odds.combat.model.thresholds.wreck_chariot`, read where
:mod:`odds.combat.model.groups` sets each attack group); no kernel code of its own.  Read from
its text (:mod:`odds.battlescribe.rule_texts`)."""

# Regimientos de Renombre (Marco Colombo) "Gema de Lustria": "Marco puede repetir una tirada
# de salvación por armadura fallada cada turno"
LUSTRIA_GEM = RuleSpec(
    key="lustria_gem", mdnr=("Gema de Lustria",), book="Regimientos de Renombre",
    battlescribe=("Gema de Lustria",), columns=("S_GEM",),
    fill=lambda unit: {"S_GEM": int(unit.has("lustria_gem"))},
    dice=lambda m, c: int((m.sides[:, c.S_GEM] > 0).sum()),  # one die a body a round
    plain=False, exact_refuses=lambda m, c: bool(m.sides[:, c.S_GEM].any()),
    acts=("each strike",), hooks=("blows.strike", "blows.unsaved_wounds"),
    column_docs={"S_GEM": '1: the body re-rolls one failed armour save a round ("Gema de'
                          ' Lustria")'},
)
"""One failed armour save of the body re-rolled each round (MDNR Regimientos de Renombre, Marco
Colombo, "Gema de Lustria": "Marco puede repetir una tirada de salvación por armadura fallada
cada turno"; each round of close combat is fought in one player's turn).  The first blows
that fail an armour save on it in a round (:func:`odds.combat.blows.unsaved_wounds`, called by
:func:`~odds.combat.blows.strike` with ``state[t, B_GEM]``) roll one of those saves again, at
once, before any ward save; ``B_GEM`` marks the re-roll made and is cleared at the start of
each round (:func:`odds.combat.strike_steps`).  Killing blows allow no armour save, so none
to re-roll.  The exact first round refuses it."""

# Regimientos de Renombre (Marco Colombo) "Calabaza de vino de Lustria": "Un solo uso. Declara
# su uso al inicio de cualquier turno propio. Marco suma +1D6 a su atributo de Fuerza hasta
# final de turno"
WINE_GOURD = RuleSpec(
    key="wine_gourd", mdnr=("Calabaza de vino de Lustria",), book="Regimientos de Renombre",
    battlescribe=("Calabaza de vino de Lustria",),
)
"""+1D6 S for the round of the turn the unit charges, once (MDNR Regimientos de Renombre, Marco
Colombo, "Calabaza de vino de Lustria": "Un solo uso. Declara su uso al inicio de cualquier
turno propio. Marco suma +1D6 a su atributo de Fuerza hasta final de turno").  The player
chooses the turn; the engine drinks it at the start of the turn the unit charges (the first
round is fought in that turn): one D6, rolled before any blow and independent of them, so
the combat is the mixture of six equally likely builds (:func:`gourd_variants`,
:func:`odds.combat.model.build`), each with ``gourd_strength`` d on its first-round rows
(:func:`odds.combat.model.groups._groups`: the characteristic, before its weapon's bonus,
at most 10); no kernel code of its own.  A unit that does not charge keeps it: its later
turns are rounds the engine's rows do not tell apart (round 2 from round 3 on).  Leave the
flag out of ``special`` for a player who keeps it."""

SPECS = (MYDAS_ESCORT, CHARGE_ATTACK, TAIL_ATTACK, WRECKED_BY_S7, LUSTRIA_GEM, WINE_GOURD)


def gourd_variants(unit: Any, charges: bool) -> list[tuple[float, Any]]:
    """The builds of a unit with "Calabaza de vino de Lustria" (:data:`WINE_GOURD`).

    Returns ``[(1/6, unit with gourd_strength d), ...]`` for d = 1 to 6 when it ``charges``,
    ``[(1.0, unit)]`` otherwise or without the flag; the builds lose the flag.
    """
    if not unit.has("wine_gourd"):
        return [(1.0, unit)]
    kept = unit.replace(special=tuple(r for r in unit.special if r != "wine_gourd"))
    if not charges:
        return [(1.0, kept)]
    return [(1 / 6, kept.replace(gourd_strength=d)) for d in range(1, 7)]
