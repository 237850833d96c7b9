"""Rules of the Skaven, Ogre, Dwarf, Orc and Goblin books and the allied contingents."""

from __future__ import annotations

from typing import Any

from odds.special_rules.spec import RuleSpec

STRENGTH_IN_NUMBERS = RuleSpec(
    key="strength_in_numbers", mdnr=("La fuerza radica en el número",), book="Skaven",
    battlescribe=("La fuerza radica en el número",),
    columns=("S_NUMBERS",), fill=lambda unit: {"S_NUMBERS": int(unit.has("strength_in_numbers"))},
    acts=("charge", "break test"),
    hooks=("fighters.round_start", "psychology.break_test", "psychology.panic_from",
           "psychology.numbers_ld", "model.charge.charge_flags", "model.charge.pair_flags"),
    column_docs={
        "S_NUMBERS": 'Ld tests on Ld + its rank bonus, at most 10 (Skaven "La fuerza radica en el '
                     'número")',
    },
)
"""Skaven "La fuerza radica en el número": "Cuando cualquier unidad con esta regla deba hacer
un chequeo de Liderazgo (incluidos Chequeos de Desmoralización), se considera que el Liderazgo
de la unidad es igual a su Liderazgo incrementado por su bonificador por filas (el mismo usado
para calcular la resolución de combate), hasta un máximo de 10 ... Una unidad que use el
Liderazgo de un personaje o General, se sumará el bonificador por filas a ese Liderazgo ...
si es cargada por el flanco por una unidad con PU 5+ deja de tener bonificador por filas ...
en combate cuerpo a cuerpo cuentan las filas que había al inicio del combate ... Los
Hostigadores nunca tienen bonificador por filas".

The unit's own rank bonus (not its side's deepest unit's), measured where the engine measures
the combat result's (the start of the round, §2.2; ``B_RANKS_NOW``), is added to every Ld its
break tests and panic tests use (its own, its champion's, its characters', the General's;
stubborn or not, before the modifier), at most 10; at the charge, its fear, terror and panic
tests add the rank bonus of the whole unit unless the charge on its flank or rear cancels its
ranks.  A fleeing unit takes no test of the engine, and a unit that may claim no ranks
(skirmishers) adds nothing.  The engine's other Ld tests (stupidity, the panic of the "Cuerno
del Dragón", the "Lamento de la doncella") do not add it.  The exact first round adds the same bonus
(:func:`odds.combat.exact.break_tests.break_probability`)."""

DESOLATION_STANDARD = RuleSpec(
    key="desolation_standard", mdnr=("Estandarte de la Desolación",), book="Orcos y Goblins",
    battlescribe=("Estandarte de la Desolación",),
    columns=("S_STD_STUBBORN",),
    fill=lambda unit: {"S_STD_STUBBORN": int(unit.has("desolation_standard")
                                             and unit.command.standard)},
    # the exact first round's break test reads no characters nor a standard's stubbornness
    exact_refuses=lambda m, c: bool(((m.sides[:, c.S_STD_STUBBORN] == 1)
                                     & (m.sides[:, c.S_STUBBORN] == 0)).any()),
    acts=("break test",), hooks=("psychology.break_test",),
    column_docs={
        "S_STD_STUBBORN": 'it and its characters stubborn while it carries its standard (Orcos y '
                          'Goblins "Estandarte de la Desolación")',
    },
)
"""Orcos y Goblins (Machotez de Grimgor, Escolta de Grimgor) "Estandarte de la Desolación":
"La Guardia Personal (y Grimgor) son Tozudos mientras porten el estandarte": while the unit
carries its standard (lost with its last rank-and-file model but the champion, as the
engine's standard is: :func:`odds.combat.fighters.command_carried`), it is stubborn and so
are its characters, whose Ld then counts unmodified in its break test (RULES.md §3.2).  A
unit without a standard has nothing to carry."""

def _censer_dice(m: Any, c: Any) -> int:
    """A T test and a ward save for each model of the combat, for each body with a censer."""
    censers = int((m.sides[:, c.S_CENSER] > 0).sum())
    if not censers:
        return 0
    n = m.n_units
    models = sum(int(-(-m.sides[v, c.S_HP] // m.sides[v, c.S_W])) for v in range(n))
    return censers * 2 * models


PLAGUE_CENSER = RuleSpec(
    key="plague_censer", mdnr=("Incensario de plaga",), book="Skaven",
    columns=("S_CENSER",), reads=("S_TOUGH", "S_FILES"), switches=("S_CENSER",),
    fill=lambda unit: {"S_CENSER": unit.has("plague_censer") * (
        2 if unit.has("plague_censer_front") else 1)},
    dice=_censer_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:, c.S_CENSER].any()),
    acts=("each strike",), hooks=("strike_steps.strike_steps", "censers.censer_fumes"),
    column_docs={
        "S_CENSER": 'its models carry a Skaven "Incensario de plaga" (1: every bearer tests;'
                    ' 2: those of its front rank only; 0 = none)',
    },
)
"""Skaven (Portadores del incensario) "Incensario de plaga", the weapon's rule (its flail's
S+2 in the first round and its magic attacks are the weapon's, :mod:`odds.battlescribe`):
"cuando las miniaturas con Incensario de Plaga estén en contacto peana con peana con uno o más
enemigos, todas las miniaturas amigas y enemigas en contacto peana con peana con uno o más
Incensarios de Plaga al inicio de cada fase de combate cuerpo a cuerpo deberán realizar un
chequeo de Resistencia; aquellas miniaturas que lo fallen, sufrirán una herida que Anula
armaduras. Las miniaturas de tipo Pestilens o Nurgle solo fallan el chequeo con un resultado
de 6 ... Dichas heridas se resuelven antes de los impactos por carga pero después de los
asesinos y los desafíos. Las bajas provocadas por dichas heridas no podrán atacar en ese combate
y contarán para la resolución del combate; ... los Skaven propios que mueran por el Incensario
de Plaga son puntos de resolución de combate a favor del enemigo ... En el caso de una unidad
de cinco Portadores de Incensario trabada con cinco enemigos, los cinco enemigos harán chequeo
de Resistencia y los cinco Portadores a 6+."

In the engine, every round (both players' turns), once challenges are issued and before every
strike step (impact hits included), while a unit with the rule has models touching an enemy
unit: each enemy model touching it (those of the start of the round) rolls a D6 and fails on a
roll above its T or a 6; and, **Default** (the text's example), every model of the censer unit
tests too, failing only on a 6 (its bearers are Pestilens); **Option** (the
``plague_censer_front`` flag beside it, :data:`PLAGUE_CENSER_FRONT`), only the bearers of its
front rank do (those touching the enemy's models and each other). The tests of all the censers
of the combat are rolled together, before any wound. Each failure is one wound with no armour
save; a ward save against the censer's magic blows is still rolled (that of the enemy against
the censer's attack row, none if that row has no attack; the bearers' own, as against the
enemy's blows), regeneration as for a blow. The wounds go to the unit's rank and file (as
impact hits do) and slain models strike no blow that round. Every wound counts for the combat
result of the side that did not take it: the enemy's for the censer's side, the bearers' own
for the enemy's. A model in contact with censers through several contacts tests once for each
(the touching counts are added, at most the unit's models). A unit with the rule also fails
only on a 6 when another censer unit's fumes reach it; other Pestilens or Nurgle units (enemies
included) are not known to the engine and test on their T. A character with the censer
(Sacerdote de plaga) acts through its unit's first contact touching an enemy: the enemy models
that can touch one model test (3 with corner contacts, else 1), and **Default** five models of
its own unit (the text's "los cinco Monjes de Plaga en contacto con el Sacerdote"), failing
only on a 6. Friendly units beside the censer unit, and the characters of either unit, take no
test. The exact first round refuses it."""


def _lucky_dice(model: Any, layout: Any) -> int:
    """The most dice the re-rolled armour and ward saves of lucky units add to a round.

    Two dice (an armour and a ward save rolled again) for each blow an enemy of a lucky unit
    can strike in a round: its models times, for each of its attack groups, the most attacks
    a model of the group makes (its random attacks and impact dice at their highest, a
    "Festín de huesos"'s D6 more), and a chain of "Asalto imparable" at its cap.
    """
    n = model.n_units
    sides = model.sides[:n]
    lucky_sides = {int(s[layout.S_SIDE]) for s in sides if s[layout.S_LUCKY]}
    if not lucky_sides:
        return 0
    total = 0
    for u in range(n):
        if not ({0, 1} - {int(sides[u, layout.S_SIDE])}) & lucky_sides:
            continue
        models = -(-int(sides[u, layout.S_HP]) // int(sides[u, layout.S_W]))
        rows = model.groups[u]
        per = (rows[..., layout.G_ATTACKS] + rows[..., layout.G_FRENZY_A]
               + rows[..., layout.G_IMPACT_DICE] * rows[..., layout.G_IMPACT_SIDES]
               + 6 * rows[..., layout.G_FEAST]
               + int(sides[u, layout.S_RA_DICE] * sides[u, layout.S_RA_SIDES]))
        blows = int((per * rows[..., layout.G_PER_MODEL]).max(axis=(0, 2)).sum())
        chain = layout.CHAIN_CAP * int(rows[..., layout.G_CHAIN].any())
        total += 2 * (models * blows + chain * 2 * int(model.contacts.shape[0]))
    return total


# Reinos Ogros, Horda Gnoblar (Zuertudoz Azkerozoz) "Afortunados": "Los Zuertudoz pueden
# repetir cualquier tirada ... Además, los Zuertudoz tienen una Tirada de salvación especial
# de 6+; el Zuperzuertudo la tiene de 5+"
LUCKY = RuleSpec(
    key="lucky", mdnr=("Afortunados",), book="Reinos Ogros: Horda Gnoblar",
    columns=("S_LUCKY",), fill=lambda unit: {"S_LUCKY": int(unit.has("lucky"))},
    reads=("G_REROLL", "G_REROLL_WOUND", "S_BSB"), switches=("S_LUCKY",),
    dice=_lucky_dice, plain=False,
    exact_refuses=lambda m, c: bool(m.sides[:m.n_units, c.S_LUCKY].any()),
    acts=("each strike", "break test"),
    hooks=("blows.strike", "blows.unsaved_wounds", "psychology.break_test"),
    column_docs={
        "S_LUCKY": '1: re-rolls its failed armour and ward saves (Reinos Ogros "Afortunados")',
    },
)
"""Reinos Ogros, Horda Gnoblar (Zuertudoz Azkerozoz) "Afortunados": "Los Zuertudoz pueden
repetir cualquier tirada. Ten en cuenta que pueden ser tiradas fallidas o exitosas, y
cualquier número de ellas (aunque, como es habitual, las tiradas repetidas no se pueden
repetir). En caso de tiradas múltiples (como un chequeo de Liderazgo) se repite toda la
tirada, no sólo un dado. Además, los Zuertudoz tienen una Tirada de salvación especial de 6+;
el Zuperzuertudo la tiene de 5+. Además, tienen Resistencia a la Magia (2" (the catalogue's
text ends there; magic resistance acts in the magic phase).

The unit's own rolls of a close combat, each re-rolled once when it failed (Default: a roll
that succeeded is never worth re-rolling against the player's interest):

- its missed hits and failed rolls to wound (``G_REROLL``, ``G_REROLL_WOUND`` of its rows,
  :func:`odds.combat.model.groups`; a roll that cannot succeed is not re-rolled);
- its failed armour saves, then its failed ward saves (``S_LUCKY``,
  :func:`odds.combat.blows.unsaved_wounds`), against every blow rolled there (not the
  extra wound of "Arma de frío" nor a giant's attack table);
- a failed break test, the whole 2D6 again (``S_BSB`` at least 1, the battle standard's
  re-roll, which a re-rolled test does not repeat);
- failed fear, terror, panic and stupidity tests (``psychology_reroll``, given with it by
  :data:`odds.battlescribe.rule_texts._TEXT_RULES`);
- its flee and pursuit rolls (``reroll_flee_pursue``, given with it: a flee roll re-rolled
  once an enemy's pursuit catches it, a pursuit roll once it falls short of the fleeing
  enemy -- the roll re-rolled when it pays).

Its 6+ ward and the Zuperzuertudo's 5+ come with the rule
(:func:`odds.battlescribe.rule_texts.text_ward`, ``champion_ward``: the champion fights as
a body of his own with it).  The exact first round refuses it."""

PLAGUE_CENSER_FRONT = RuleSpec(
    key="plague_censer_front", mdnr=("Incensario de plaga",), book="Skaven",
)
"""Option of "Incensario de plaga" (:data:`PLAGUE_CENSER`): of the censer unit's own bearers,
only those of its front rank test (with ``plague_censer``; alone it does nothing)."""

SPECS = (STRENGTH_IN_NUMBERS, DESOLATION_STANDARD, PLAGUE_CENSER, PLAGUE_CENSER_FRONT, LUCKY)
