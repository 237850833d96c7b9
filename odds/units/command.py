"""Command: a unit's champion, standard and musician (:class:`Command`) and named members.

A :class:`Member` is a named model with a profile of its own standing in for a
command model or a character (MDNR Regimientos de Renombre).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from odds import rules
from odds.units.equipment import Equipment
from odds.units.profiles import Profile
from odds.units.rule_fields import special_rules_from
from odds.validation import OddsInputError, choice, flag, integer, number, replace_fields


@dataclass(frozen=True, slots=True)
class Command:
    """Command group (RULES.md §2.2 standard, §2.4 musician).

    Attributes
    ----------
    champion, standard, musician : bool
        Which command models the unit has; they stand in the front rank while there is
        room (:meth:`in_front`).
    champion_points, standard_points, musician_points : float
        What each command model costs on top of its model's points (army
        book upgrade costs; >= 0, 0 = free or unknown).  Used by
        :attr:`Unit.points` and equal-points sizing, never by the combat.
    """

    champion: bool = False
    standard: bool = False
    musician: bool = False
    champion_points: float = 0.0
    standard_points: float = 0.0
    musician_points: float = 0.0

    def __post_init__(self) -> None:
        for name in ("champion", "standard", "musician"):
            flag(name, getattr(self, name))
        for name in ("champion_points", "standard_points", "musician_points"):
            object.__setattr__(self, name, number(name, getattr(self, name), low=0.0,
                                                  high=10_000.0))

    @property
    def points(self) -> float:
        """Points of the command models present (upgrade costs only)."""
        return (self.champion * self.champion_points + self.standard * self.standard_points
                + self.musician * self.musician_points)

    def in_front(self, width: int) -> Command:
        """The command models that stand in a front rank ``width`` models wide.

        Command models stand in the front rank whenever possible; those that do not fit
        stand in the second rank, where a standard gives no combat-result bonus (§2.2: "a
        unit standard or BSB in a front rank") and a musician breaks no draw (§2.4: "only
        a musician in a front rank counts").  The champion takes the first place (he stays
        in the centre of the front rank, source 004), then the standard, then the
        musician.

        Parameters
        ----------
        width : int
            Models in the unit's front rank (``min(files, models)``).

        Returns
        -------
        Command
            This command group with the models beyond the front rank removed.
        """
        room = max(0, width)
        kept = {}
        for name in ("champion", "standard", "musician"):
            kept[name] = getattr(self, name) and room > 0
            room -= int(kept[name])
        return self if all(kept[k] == getattr(self, k) for k in kept) else self.replace(**kept)

    def replace(self, **changes: Any) -> Command:
        """Return a validated copy with some fields changed."""
        return replace_fields(self, changes)


MEMBER_ROLES: tuple[str, ...] = ("champion", "standard", "musician", "character", "relic",
                                 "operator")
"""What a named member of a unit stands in for (:class:`Member`): it is in the unit when
the unit has that command model (``Unit.command``); a ``character`` always is, and lends
the unit its Ld as a joined character does (Regimientos de Renombre "Scarloc": "se
considera a todos los efectos como si fuera un personaje que se ha unido a la unidad ...
salvo que no puede abandonar la unidad").  A ``relic`` always is too, and stands in the
front rank as a command model that carries the effects of both a standard and a musician,
lends no Ld, never duels, and takes no blow while any rank and file is left (Bretonia
"Relicario": "se sitúa en el centro de la unidad como si fuera un grupo de mando ... tiene
los mismos efectos que un Portaestandarte y un Músico ... mientras haya peregrinos en la
unidad, cada herida causada al relicario ... supondrá que se ha de retirar un peregrino de
la unidad ... El Relicario empieza a sufrir heridas únicamente cuando no queden más
peregrinos en la unidad").  An ``operator`` always is too: the crewman who works a machine
that is part of its crew, standing in the front rank with the machine's unit strength added
to his own, no command model, never duelling, and taking no blow while any other crewman is
left (Enanos "Máquina pequeña": "La máquina no tiene perfil separado, se considera parte de
los enanos ... Un único enano puede operar la Máquina pequeña": the last dwarf standing
works it)."""


@dataclass(frozen=True, slots=True)
class Member:
    """A named model of a unit with a profile of its own, fighting as a character in it.

    MDNR Regimientos de Renombre, "Otros miembros con nombre": "Algunos Regimientos de
    Renombre tienen otras miniaturas 'con nombre' (Colibrí, Larva, Ned Puñojamón,
    Skaff...). Esas miniaturas con nombre ... se tratan también como Líderes: forman parte
    de la unidad ... se rigen por ¡Cuidado, Señor!, es necesario designar ataques
    explícitamente, pueden lanzar y aceptar desafíos, etc. La excepción es que la unidad NO
    puede usar el Liderazgo de esos 'miembros con nombre'"; a Leader is "a efectos
    generales ... un personaje".  In a combat the member stands in the unit's front rank
    as a body of its own (its profile, equipment, wounds and save; the unit's special
    rules), like a character that cannot leave, and lends the unit no Ld.  A standard
    bearer or musician carries the unit's standard or instrument: the unit has it while
    the member lives (RULES.md §2.2, §2.4).

    Attributes
    ----------
    name : str
        The member's name (``"Skaff (portaestandarte)"``).
    role : str
        One of :data:`MEMBER_ROLES`: the command model it is (a ``champion`` beside the
        unit's leader: Comando Mortal's "Hasim el Eunuco (campeón)").  The member is in
        the unit when ``Unit.command`` has that role; a ``character`` always is and lends
        its Ld.
    profile : Profile
        Its characteristics.
    equipment : Equipment
        Its close-combat weapon and armour.
    special : tuple of str or None
        Its special rules (:data:`SPECIAL_RULES`); None (default): the unit's.  A member
        without the unit's weapon lacks that weapon's rules (Ruglud's "Larva" with a hand
        weapon among orcs with choppas).
    multiple_wounds : str or None
        Its blows' multiple wounds (one of :data:`odds.rules.MULTIPLE_WOUNDS`); None
        (default): the unit's.  A weapon of its own may carry them (Orcos y Goblins
        "Kuchilla de Snagla": "Arma de mano con la regla Heridas múltiples (1D3)").
    armour_save_override : int or None
        Its fixed armour save (1..7, 7 = none) replacing the one its equipment gives; None
        (default): the unit's (Orcos y Goblins "Pellejo durízimo": "proporciona una tirada de
        salvación por armadura de 4+ a Gitilla (que unido al hecho de ir montado le deja una
        tirada de salvación por armadura de 3+)").
    troop_type : str or None
        Its own troop type (:data:`odds.rules.TROOP_TYPES`), for its armour save and unit
        strength, and the weapons it may use; None (default): the unit's.  Elfos Silvanos
        (Señor de las bestias): the lord on foot ("Infantería") among his beasts
        ("Caballería", the bears "Monstruo").
    unit_strength : int or None
        Its own unit strength; None (default): its troop type's (Bretonia "Relicario": "El
        Relicario tiene potencia de unidad 6").
    """

    name: str
    role: str
    profile: Profile
    equipment: Equipment = field(default_factory=Equipment)
    special: tuple[str, ...] | None = None
    multiple_wounds: str | None = None
    armour_save_override: int | None = None
    troop_type: str | None = None
    unit_strength: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise OddsInputError(f"name: must be a non-empty string (got {self.name!r})")
        choice("role", self.role, MEMBER_ROLES)
        if not isinstance(self.profile, Profile):
            raise OddsInputError(f"profile: must be a Profile (got"
                                 f" {type(self.profile).__name__})")
        if not isinstance(self.equipment, Equipment):
            raise OddsInputError(f"equipment: must be an Equipment (got"
                                 f" {type(self.equipment).__name__})")
        if self.special is not None:
            object.__setattr__(self, "special", special_rules_from(self.special))
        if self.multiple_wounds is not None:
            choice("multiple_wounds", self.multiple_wounds, rules.MULTIPLE_WOUNDS)
        if self.armour_save_override is not None:
            object.__setattr__(self, "armour_save_override", integer(
                "armour_save_override", self.armour_save_override, low=1, high=7))
        if self.troop_type is not None:
            choice("troop_type", self.troop_type, rules.TROOP_TYPES)
        if self.unit_strength is not None:
            object.__setattr__(self, "unit_strength", integer(
                "unit_strength", self.unit_strength, low=1, high=99))

    def replace(self, **changes: Any) -> Member:
        """Return a validated copy with some fields changed."""
        return replace_fields(self, changes)
