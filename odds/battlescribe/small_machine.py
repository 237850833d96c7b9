"""A small war machine that is part of its crew: Enanos "Máquina pequeña" (Lanzafuegos).

MDNR Enanos "Lanzafuegos" prints two profiles: "Lanzafuegos" (M8 HA4 HP3 F3 R4 H1 I2 A1 L9,
TSA 6+, Tipo "Infantería, Máquina de guerra", Potencia 2) and, under "Dotación" (min 2, max 2,
with hand weapon and light armour), "Dotación" (the same characteristics, Tipo "Infantería",
Potencia 1).  Its rule "Máquina pequeña": "El Lanzafuegos se considera una Máquina de guerra a
todos los efectos, con las siguientes excepciones ... La máquina no tiene perfil separado, se
considera parte de los enanos. Los disparos hacia el Lanzafuegos no se reparten entre máquina y
dotación sino que van todos a la dotación. Un único enano puede operar la Máquina pequeña."

The unit is three dwarfs: the two of the crew are the rank and file (unit strength 1 each),
the dwarf printed with the machine a member of role ``operator`` (:class:`odds.units.Member`)
of the printed "Potencia" 2 (himself and the machine).  Any dwarf works the machine, so it
counts while one lives: the operator is struck only once no other dwarf is left
(:mod:`odds.combat.model.bodies`), and the unit's strength is its living dwarfs plus one.
"""

from __future__ import annotations

from odds.battlescribe.spelling import plain_text
from odds.units import Member, Unit

SMALL_MACHINE_TEXTS = ("la maquina no tiene perfil separado, se considera parte de los enanos",
                       "un unico enano puede operar la maquina pequena")
"""The words of "Máquina pequeña" (plain text) that make the machine part of its crew."""

SAME_FIGHTER = ("HA", "F", "R", "H", "I", "A", "L")
"""The characteristics the operator and his crew must share: they fight as one kind of model."""


def small_machine_text(text: str) -> bool:
    """Whether rule text ``text`` makes a machine part of its crew (:data:`SMALL_MACHINE_TEXTS`)."""
    plain = plain_text(text)
    return all(t in plain for t in SMALL_MACHINE_TEXTS)


def small_machine(unit: Unit, operator: str, operator_us: int, crew: int) -> Unit:
    """``unit`` (built as the one model printed with the machine) as the machine's dwarfs.

    ``operator``: the name of the profile printed with the machine; ``operator_us``: its
    printed "Potencia" (the dwarf and the machine); ``crew``: the other dwarfs ("Dotación").
    The unit's ``crew + 1`` models stand in one rank (a war machine has no ranks), the
    operator a member with the unit's profile and gear; its points, whatever count of models
    it was built with (one from a catalogue entry, the crew's from a roster), are the
    machine's, once (``points_per_unit``).  A war machine "a todos los efectos": no
    character joins it (``no_characters``) and it never pursues (``no_pursuit``, RULES.md
    §4.3: war-machine crews never pursue).
    """
    member = Member(name=operator, role="operator", profile=unit.profile,
                    equipment=unit.equipment, unit_strength=operator_us)
    special = (*unit.special,
               *(f for f in ("no_characters", "no_pursuit") if f not in unit.special))
    models = crew + 1
    return unit.replace(models=models, files=models, unit_strength_override=None,
                        members=(member,), special=special, points_per_model=0.0,
                        points_per_unit=unit.points)
