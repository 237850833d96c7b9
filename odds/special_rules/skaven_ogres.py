"""Rules of the Skaven, Ogre, Dwarf, Orc and Goblin books and the allied contingents."""

from __future__ import annotations

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

SPECS = (STRENGTH_IN_NUMBERS, DESOLATION_STANDARD)
