"""The unit: :class:`Unit`, what it is, how it is equipped and which special rules it has.

Built from the records of :mod:`odds.units.profiles`, :mod:`odds.units.equipment` and
:mod:`odds.units.command`, checked when built (:mod:`odds.units.rule_fields`,
:mod:`odds.units.unit_checks`); :func:`unit_warnings` sums up what imports left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from odds import rules
from odds.armies import KIND_ARMIES, race_tags
from odds.units.command import Command, Member
from odds.units.equipment import Equipment
from odds.units.fighter import Fighter
from odds.units.profiles import CrewProfile, MountProfile, Profile, _default_champion
from odds.units.rule_fields import check_rule_fields
from odds.units.serialise import unit_to_dict
from odds.units.unit_checks import (
    _check_amounts,
    _check_champion_profile,
    _check_crew,
    _check_dice_rules,
    _check_equipment,
    _check_extra_crew,
    _check_identity,
    _check_members,
    _check_mount,
    _check_notes,
    _check_random_attacks,
    _check_tags,
)
from odds.validation import replace_fields

_NO_RANKS_TYPES = ("monster", "chariot", "war_machine")

@dataclass(frozen=True, slots=True, kw_only=True)
class Unit(Fighter):
    """A unit: what it is, how it is equipped and which special rules it has.

    Attributes
    ----------
    name : str
        Display name.
    troop_type : str
        One of :data:`odds.rules.TROOP_TYPES`.
    models : int
        Models in the unit, 1..1000.
    files : int
        Models per rank (frontage), 1..100; may exceed ``models`` (one rank).
    profile : Profile
        Rank-and-file profile (see the notes of :mod:`odds.units` for cavalry and chariots).
    equipment : Equipment
        Weapon and armour.
    command : Command
        Champion, standard, musician.
    mount : MountProfile or None
        Steeds (cavalry and chariots only; optional, e.g. hounds have none).
    crew : int
        Fighters using ``profile`` per model: 1, chariots 1..6, war machines 1..10.
    extra_crew : CrewProfile or None
        A second kind of crew (chariots and war machines), fighting beside
        ``crew`` with its own characteristics and weapon, or a monster's
        handlers (never attacked while the monster lives).
    special : tuple of str
        Special-rule flags from :data:`SPECIAL_RULES` (stored sorted, unique).
    ward_save : int
        0 = none, else the roll needed (2..6).
    regeneration : int
        0 = none, else the roll needed (2..6).
    poisoned : int
        0 = none, else the natural to-hit roll that wounds automatically (5 or 6).
    multiple_wounds : str
        One of :data:`odds.rules.MULTIPLE_WOUNDS` (``""`` = none).
    impact_hits : str
        One of :data:`odds.rules.IMPACT_HITS` (``""`` = none).
    impact_strength : int or None
        Strength of impact hits (e.g. a chariot's S); None = ``profile.S``.
    random_attacks : str
        One of :data:`odds.rules.RANDOM_ATTACKS` (``""`` = none): the rank and file's
        Attacks are this roll instead of ``profile.A``, one roll for the whole unit at
        the start of each round of combat (MDNR gst "Ataques aleatorios (X)": "Lanza un
        dado ... al inicio de cada fase de combate para determinar el atributo de
        Ataques ... todos tendrán el mismo número de ataques"; RULES.md §1.6); the
        champion rolls with them and keeps its extra attacks (``champion_profile.A -
        profile.A``).
    random_move : str
        One of :data:`odds.rules.RANDOM_MOVES` (``""`` = none): the unit moves a
        rolled distance (MDNR gst "Movimiento aleatorio (5D6)", the printed M
        "5D6"); it flees and pursues with these dice whatever ``profile.M`` says
        (RULES.md §4.1), and a charge of it reaches as far as the roll that
        brought it into contact.  ``profile.M`` then holds the mean roll (shown only).
    gourd_strength : int
        Strength (0-6) added to the models' characteristic in the first round of a combat
        the unit charges: the D6 of MDNR Regimientos de Renombre "Calabaza de vino de
        Lustria" (``wine_gourd``) in one of the six builds that
        :func:`odds.special_rules.mercs.gourd_variants` mixes; 0 = none.
    armour_save_override : int or None
        Fixed armour save (1..7, 7 = none) replacing the one derived from equipment.
    unit_strength_override : int or None
        Unit strength of one model (1..20) replacing the troop type's (RULES.md §2.3),
        e.g. MDNR "Caballería monstruosa" (Potencia 3) imported as cavalry; None = derived.
    points_per_model : float
        Points per model, >= 0 (0 = unknown).
    points_per_unit : float
        Points paid once for the whole unit whatever its size, >= 0 (a
        per-unit upgrade: Bretonia's "Braseros", a mark of Chaos bought for
        the unit).
    army : str
        Army tag (a key of :data:`odds.armies.ARMIES`, ``""`` = not given).
    race : str
        Race tag (:data:`odds.armies.RACES`; ``""`` = the army's usual race).
    hatred : tuple of str
        Hatred of named enemies only: army or race tags (:data:`odds.armies.TAGS`)
        of the enemy units this unit hates (stored sorted, unique).  Hatred of
        every enemy is the ``hatred`` special rule.
    champion_hatred : tuple of str
        Hatred of named enemies of the champion alone, on top of :attr:`hatred`
        (stored sorted, unique; the champion then fights as a body of its own).  MDNR
        Regimientos de Renombre "Odio a los No Muertos": "Richter Kreugar (no el resto de la
        compañía) odia al resto de No Muertos, pese a ser Inmune a psicología".
    no_panic_from : tuple of str
        Friends that cause this unit no panic (RULES.md §3.4, a friend breaking or
        destroyed in the combat): army or race tags (:data:`odds.armies.TAGS`) or
        troop types (:data:`odds.rules.TROOP_TYPES`) of the friend (stored sorted,
        unique).  E.g. MDNR Orcos y Goblins "Inmune al pánico de Snotlings y Goblins
        amigos" is ``("goblin", "snotling")``.
    no_panic_against : tuple of str
        Army or race tags: the unit takes no panic test while every enemy unit
        in the combat carries one of them (MDNR Altos Elfos "Estoicos": immune to
        panic "cuando luchan contra un ejército de MDNR: Elfos Oscuros").
    flight_panics_only : tuple of str
        Army or race tags: when this unit flees (breaks) it causes panic only in friends
        carrying one of them (RULES.md §3.4; MDNR Regimientos de Renombre, Throg's
        "Desprecio": "Los Hobgoblins que huyen sólo causan pánico en unidades de Hobgoblin
        y Goblin" is ``("goblin", "hobgoblin")``); empty = in every friend.  Destroyed,
        it causes panic as usual.
    flight_panics_not : tuple of str
        Army or race tags of friends its flight causes no panic in (Oglah Khan's
        "Desprecio": "Los Hobgoblins que huyen no causan pánico en Orcos ni Orcos Negros"
        is ``("black_orc", "orc")``).
    panics_only : tuple of str
        Army or race tags: when this unit breaks, flees or is destroyed it causes panic
        only in friends carrying one of them (RULES.md §3.4; MDNR Contingente Aliado:
        Hobgoblins "Desprecio": "Las unidades de tipo Hobgoblin sólo causan pánico a otras
        unidades de tipo Hogboblin o de tipo Goblin" is ``("goblin", "hobgoblin")``); empty =
        in every friend.
    panics_not : tuple of str
        Army or race tags of friends it causes no panic in, breaking, fleeing or destroyed
        (MDNR Skaven "Prescindibles" of the "Horda de ratas": "Todas las unidades skaven son
        inmunes a pánico causadas por Hordas de Ratas" is ``("skaven",)``).
    panics_still : tuple of str
        Army or race tags of friends it causes panic in although they carry a tag of
        :attr:`panics_not` (MDNR Skaven "Prescindibles" of the "Esclavos skaven": "Todas las
        unidades skaven son inmunes a pánico causadas por esclavos, excepto otros esclavos"
        is ``panics_not`` ``("skaven",)`` and ``panics_still`` ``("slave",)``).
    champion_profile : Profile or None
        The champion's profile; None (default) = rank-and-file with A+1.
        After construction it always holds a Profile.
    champion_weapon : str
        The champion's own close-combat weapon, a key of :data:`odds.rules.WEAPONS`
        (``""``, the default: the unit's ``equipment.weapon``).  MDNR Regimientos de
        Renombre print the leader's gear apart (Compañía Alcatani: pikemen led by
        Alcatani with "Dos armas de mano"); the champion fights with it (its Strength,
        extra attacks and strike order, RULES.md §1.7), the rank and file with theirs.
    front_weapon : str
        The front rank's own close-combat weapon when it is not the ranks' behind
        (``""``, the default: the unit's ``equipment.weapon`` everywhere).  MDNR Elfos
        Oscuros "Guardia de la ciudad", "Unidad mixta": "Se trata de Lanceros, salvo la
        primera fila, que está formada por Ballesteros ... retira las bajas de las filas
        posteriores ... Sólo cuando hayan caído todos los lanceros se podrá empezar a
        retirar ballesteros ... luchar con las dos filas (por las lanzas). Recuerda que la
        primera fila irá armada con arma de mano y escudo en cuerpo a cuerpo, y puede
        recibir el bono por parada a la armadura. En caso de combate por el flanco o por la
        retaguardia, las salvaciones se realizarán con la armadura de los lanceros".  The
        models are alike and casualties come off the ranks behind, so the front rank keeps
        this weapon: enemies fighting the unit's front roll :attr:`armour_save` (this
        weapon's, e.g. the hand weapon and shield's parry, RULES.md §1.5), those on its
        flank or rear :attr:`rear_armour_save` (the unit's weapon's); the champion fights
        with it unless it has its own (it stands in the front rank).  Its blows must be
        the unit weapon's (same Strength, attacks and strike order: the rank and file's
        blows are one group, the unit's weapon giving the ranks that fight), and it cannot
        fight in ranks itself; anything else is an error.
    champion_armour : str
        The champion's own armour (``none``, ``light``, ``heavy``, ``plate``; ``""``, the
        default: the unit's).  MDNR Regimientos de Renombre list a leader's armour under its
        entry (Josef Bugman's "Armadura de Gromril" among rangers in heavy armour).
    champion_shield : bool or None
        Whether the champion carries a shield (None, the default: as the unit).
    champion_save_override : int or None
        The champion's own fixed armour save (1..7; None, the default: from its equipment).
        MDNR Regimientos de Renombre "Armadura 3+" (Karnac): "Karnac tiene una piel escamosa
        de 4+ ... sumado a su armadura le queda una tirada de salvación de 3+".
    champion_ward : int
        The champion's own ward save (0, the default: the unit's; else 2..6).  MDNR
        Regimientos de Renombre leaders' talismans ("Talismán Colmillo de Oso": "Beorg tiene
        una Tirada de salvación especial de 4+"); wards do not add up: the better one counts.
    champion_special : tuple of str
        Special rules only the champion has, on top of the unit's (:data:`SPECIAL_RULES`;
        stored sorted, unique).  MDNR Regimientos de Renombre give a leader rules of its
        own under its entry (Ennio Mordini's "Golpe letal" and "Ataques mágicos", not his
        skeletons'); the champion then fights as a body of its own.
    champion_troop_type : str
        The troop type of a war machine's champion, the crewman who fights as a body of his
        own beside the machine (:data:`odds.rules.TROOP_TYPES`; "", the default: infantry):
        his armour and unit strength are his type's.  MDNR Enanos del Caos "Mortero
        terremuerte": its "Artillero Ogro", "Infantería monstruosa" of unit strength 3.
    members : tuple of Member
        Named models of the unit with profiles of their own (:class:`Member`), counted
        in ``models``; each is in the unit when ``command`` has its role
        (:attr:`present_members`).  A chariot's are characters riding it, besides its
        ``models`` (Elfos Oscuros "Altar de la medusa").
    notes : str
        Free text (sources, what is not modelled).
    import_notes : tuple of str
        What an import left out or approximated, one ``"ignored: NAME"`` or
        ``"approximated: NAME"`` per item (BattleScribe imports set it; not
        compared, not written to TOML); :attr:`warning` sums it up.
    """

    name: str
    troop_type: str
    models: int
    files: int
    profile: Profile
    equipment: Equipment = field(default_factory=Equipment)
    command: Command = field(default_factory=Command)
    mount: MountProfile | None = None
    crew: int = 1
    extra_crew: CrewProfile | None = None
    special: tuple[str, ...] = ()
    ward_save: int = 0
    regeneration: int = 0
    poisoned: int = 0
    multiple_wounds: str = ""
    impact_hits: str = ""
    impact_strength: int | None = None
    random_attacks: str = ""
    random_move: str = ""
    gourd_strength: int = 0
    armour_save_override: int | None = None
    unit_strength_override: int | None = None
    points_per_model: float = 0.0
    points_per_unit: float = 0.0
    army: str = ""
    race: str = ""
    hatred: tuple[str, ...] = ()
    champion_hatred: tuple[str, ...] = ()
    no_panic_from: tuple[str, ...] = ()
    no_panic_against: tuple[str, ...] = ()
    flight_panics_only: tuple[str, ...] = ()
    flight_panics_not: tuple[str, ...] = ()
    panics_only: tuple[str, ...] = ()
    panics_not: tuple[str, ...] = ()
    panics_still: tuple[str, ...] = ()
    champion_profile: Profile | None = None
    champion_weapon: str = ""
    front_weapon: str = ""
    champion_armour: str = ""
    champion_shield: bool | None = None
    champion_save_override: int | None = None
    champion_ward: int = 0
    champion_special: tuple[str, ...] = ()
    champion_troop_type: str = ""
    members: tuple[Member, ...] = ()
    notes: str = ""
    import_notes: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        """Check every field, normalising some in place (:mod:`odds.units.unit_checks`).

        The checks run in this order, and the first problem found raises
        :class:`odds.validation.OddsInputError` naming its field.
        """
        tt = _check_identity(self)
        _check_mount(self, tt)
        _check_extra_crew(self, tt)
        _check_crew(self, tt)
        _check_equipment(self, tt)
        check_rule_fields(self)
        _check_dice_rules(self)
        _check_amounts(self)
        _check_tags(self)
        _check_champion_profile(self)
        _check_notes(self)
        _check_random_attacks(self)
        _check_members(self, tt)

    @property
    def present_members(self) -> tuple[Member, ...]:
        """The :attr:`members` in the unit: those whose role its ``command`` has.

        A ``character``, ``relic`` or ``operator`` member always is.
        """
        return tuple(m for m in self.members
                     if m.role in ("character", "relic", "operator")
                     or getattr(self.command, m.role))

    # ------------------------------------------------------------------ convenience

    def replace(self, **changes: Any) -> Unit:
        """Return a validated copy with some fields changed.

        A champion profile that was the default (rank-and-file with A+1) is
        re-derived when ``profile`` changes.
        """
        if (
            "profile" in changes
            and "champion_profile" not in changes
            and self.champion_profile == _default_champion(self.profile)
        ):
            changes["champion_profile"] = None
        return replace_fields(self, changes)

    @property
    def warning(self) -> str:
        """One line saying what the unit's import ignored or approximated (``""`` if nothing).

        E.g. ``"Guerreros enanos: not modelled: Firmeza"``, so a player knows
        a number is approximate; a unit below its catalogue's minimum size says
        so too (``"Goblins: 10 models, below the catalogue's minimum of 20"``).
        """
        parts = []
        for kind, label in (("ignored", "not modelled"), ("approximated", "approximated")):
            names = [n.split(": ", 1)[1] for n in self.import_notes if n.startswith(kind + ":")]
            if names:
                parts.append(f"{label}: {', '.join(dict.fromkeys(names))}")
        parts += [n.split(": ", 1)[1] for n in self.import_notes
                  if n.startswith("below_minimum:")]
        return f"{self.name}: {'; '.join(parts)}" if parts else ""

    @property
    def tags(self) -> frozenset[str]:
        """The unit's army and race tags (what an enemy's hatred list is matched against).

        A kind of greenskin also carries ``greenskin`` (:data:`odds.armies.RACE_PARENT`).
        """
        return frozenset(t for t in (self.army, *race_tags(self.army, self.race)) if t)

    def hates(self, enemy: Any) -> bool:
        """Whether this unit hates ``enemy`` (a unit with ``tags``): every enemy or a named one.

        MDNR gst "Odio" applies to "el enemigo odiado": hatred of every enemy
        (the ``hatred`` or ``eternal_hatred`` rule) or of one whose army or
        race tag is in :attr:`hatred`.
        """
        if self.has("hatred") or self.has("eternal_hatred"):
            return True
        return bool(self.hatred) and not set(self.hatred).isdisjoint(
            getattr(enemy, "damage_tags", getattr(enemy, "tags", frozenset())))

    @property
    def damage_tags(self) -> frozenset[str]:
        """The tags an enemy's effects of extra damage (hatred) are matched against.

        :attr:`tags`, ``daemon`` and ``undead`` with ``counts_as_daemon_undead``
        (MDNR Monstruos Arcanos "Elemental encarnado"), and ``chaos`` for a model of type
        Caos (the ``chaos`` rule: its printed ``Tipo`` names "Caos"; or a unit of a Reinos
        del Caos army, :data:`odds.armies.KIND_ARMIES`).
        """
        chaos = "chaos" in self.special or self.army in KIND_ARMIES["chaos"]
        tags = self.tags | ({"chaos"} if chaos else set())
        if "counts_as_daemon_undead" in self.special:
            return tags | {"daemon", "undead"}
        return tags

    def flight_panics(self, friend: Any) -> bool:
        """Whether this unit fleeing causes ``friend`` (a unit with ``tags``) a panic test.

        RULES.md §3.4, limited by :attr:`flight_panics_only` and :attr:`flight_panics_not`.
        """
        seen = set(getattr(friend, "tags", ()))
        if self.flight_panics_only and seen.isdisjoint(self.flight_panics_only):
            return False
        return seen.isdisjoint(self.flight_panics_not)

    def panics(self, friend: Any) -> bool:
        """Whether this unit breaking, fleeing or destroyed causes ``friend`` a panic test.

        RULES.md §3.4, limited by :attr:`panics_only` and :attr:`panics_not` (unless it
        carries a tag of :attr:`panics_still`; ``friend``: a unit with ``tags``).
        """
        seen = set(getattr(friend, "tags", ()))
        if self.panics_only and seen.isdisjoint(self.panics_only):
            return False
        return seen.isdisjoint(self.panics_not) or not seen.isdisjoint(self.panics_still)

    def ignores_panic_from(self, friend: Any) -> bool:
        """Whether a ``friend`` breaking or destroyed causes this unit no panic (RULES.md §3.4).

        The friend's army or race tags or its troop type is in :attr:`no_panic_from`.
        """
        if not self.no_panic_from:
            return False
        seen = {*getattr(friend, "tags", ()), getattr(friend, "troop_type", "")}
        return not seen.isdisjoint(self.no_panic_from)

    # ------------------------------------------------------------------ derived values

    @property
    def champion_weapon_key(self) -> str:
        """The champion's weapon: :attr:`champion_weapon`, else the front rank's or the unit's.

        :attr:`front_weapon` when set (the champion stands in the front rank), else
        ``equipment.weapon``.
        """
        return self.champion_weapon or self.front_weapon or self.equipment.weapon

    @property
    def rear_armour_save(self) -> int:
        """Armour save in close combat of the ranks behind a :attr:`front_weapon`, 1..7.

        What enemies on the unit's flank or rear roll; without a front weapon it is
        :attr:`armour_save`.
        """
        if not self.front_weapon or self.armour_save_override is not None:
            return self.armour_save
        e = self.equipment
        return rules.armour_save(self.troop_type, e.armour, e.shield, e.barding, e.weapon,
                                 not self.choppa)

    def armour_save_against(self, *, in_close_combat: bool) -> int:
        """Armour save in close combat or against shooting (RULES.md §1.5).

        In close combat a :attr:`front_weapon` is the weapon of the models fought (the
        front rank's, see :attr:`rear_armour_save`).
        """
        if self.armour_save_override is not None:
            return self.armour_save_override
        e = self.equipment
        if self.choppa:
            in_close_combat = False  # "Rebanadora": no hand-weapon-and-shield bonus
        weapon = self.front_weapon if in_close_combat and self.front_weapon else e.weapon
        return rules.armour_save(
            self.troop_type, e.armour, e.shield, e.barding, weapon, in_close_combat
        )

    @property
    def champion_equipment(self) -> Equipment:
        """The champion's weapon and armour (the unit's where its own are not given).

        :attr:`champion_weapon_key`, :attr:`champion_armour`, :attr:`champion_shield`.
        """
        e = self.equipment
        return Equipment(
            weapon=self.champion_weapon_key,
            shield=e.shield if self.champion_shield is None else self.champion_shield,
            armour=self.champion_armour or e.armour, barding=e.barding)

    @property
    def champion_ward_save(self) -> int:
        """The champion's ward save, 0..6 (0 = none): its own or the unit's, the better."""
        wards = [w for w in (self.ward_save, self.champion_ward) if w]
        return min(wards) if wards else 0

    @property
    def champion_save(self) -> int:
        """The champion's armour save in close combat, 1..7 (its :attr:`champion_equipment`).

        It differs from :attr:`armour_save` when the champion's weapon changes what the
        shield gives in close combat (MDNR Regimientos de Renombre, Mordini: the skeletons'
        halberds, Ennio's "Arma de mano" and "Escudo") or its armour is its own (Bugman's
        "Armadura de Gromril"); the champion then fights as a body of its own in the front
        rank (:func:`odds.combat.model.build_units`).
        """
        if self.champion_save_override is not None:
            return self.champion_save_override
        if self.armour_save_override is not None:
            return self.armour_save
        e = self.champion_equipment
        if e == self.equipment:
            return self.armour_save
        choppa = "choppa" in self.special and e.weapon == "hand_weapon"
        return rules.armour_save(self.troop_type, e.armour, e.shield, e.barding, e.weapon,
                                 not choppa)

    @property
    def choppa(self) -> bool:
        """Fights with a single orc choppa (the ``choppa`` rule with a hand weapon)."""
        return "choppa" in self.special and self.equipment.weapon == "hand_weapon"

    @property
    def points(self) -> float:
        """Points: ``models * points_per_model + points_per_unit`` plus the command upgrades."""
        return self.models * self.points_per_model + self.points_per_unit + self.command.points

    @property
    def unit_strength_per_model(self) -> int:
        """Unit strength of one model (RULES.md §2.3; ``unit_strength_override`` if set)."""
        if self.unit_strength_override is not None:
            return self.unit_strength_override
        return rules.unit_strength_per_model(self.troop_type, self.profile.W, crew=self.crew)

    @property
    def unit_strength(self) -> int:
        """Total unit strength at full size (RULES.md §2.3).

        A named member of another troop type (:attr:`Member.troop_type`) counts its own
        type's unit strength, not the unit's; one with a unit strength of its own
        (:attr:`Member.unit_strength`) counts that.
        """
        per = self.unit_strength_per_model
        return self.models * per + sum(
            _member_strength(m, self.troop_type, per) - per
            for m in self.present_members[: max(0, self.models - self.command.champion - 1)])

    @property
    def front_command(self) -> Command:
        """The command models standing in the front rank (:meth:`Command.in_front`).

        A standard or musician counts in the front rank only (RULES.md §2.2, §2.4).  A
        one-model unit's command roles are all its one model's: a relic member's body carries
        both the standard's and the musician's effects (Bretonia "Relicario": "tiene los mismos
        efectos que un Portaestandarte y un Músico").
        """
        if self.models == 1:
            return self.command
        return self.command.in_front(min(self.files, self.models))

    @property
    def ranks(self) -> int:
        """Number of ranks; the last one may be incomplete."""
        return math.ceil(self.models / self.files)

    @property
    def rank_bonus(self) -> int:
        """Extra-ranks bonus at full size, 0..3 (RULES.md §2.2).

        Skirmishers and fast cavalry never get it; neither do monsters,
        chariots and war machines (single models that do not fight in ranks).
        """
        if not self.may_claim_ranks:
            return 0
        return min(rules.rank_bonus(self.models, self.files), self.rank_bonus_cap)

    @property
    def may_claim_ranks(self) -> bool:
        """Whether the unit may claim a rank bonus at all (RULES.md §2.2).

        Not skirmishers or fast cavalry, nor monsters, chariots and war machines.
        """
        return not (self.troop_type in _NO_RANKS_TYPES or self.has("skirmishers")
                    or self.has("fast_cavalry"))

    @property
    def rank_bonus_cap(self) -> int:
        """The highest rank bonus the unit may claim: 3; a herd ("Manada de bestias") 2."""
        return 2 if self.has("herd") else 3

    @property
    def fear_from_standard(self) -> bool:
        """Whether its standard makes it cause fear (``fear_with_standard`` with a standard)."""
        return "fear_with_standard" in self.special and self.command.standard

    # ------------------------------------------------------------------ serialisation

    def to_dict(self) -> dict[str, Any]:
        """The unit in the TOML schema (English letters); ``unit_from_dict`` inverts it."""
        return unit_to_dict(self)


def unit_warnings(units: Any) -> list[str]:
    """One line per unit whose import ignored or approximated something (:attr:`Unit.warning`).

    Units are taken once by name, in order; units with nothing to say are left out.
    """
    out: dict[str, str] = {}
    for u in units:
        if isinstance(u, Unit) and u.warning:
            out.setdefault(u.name, u.warning)
    return list(out.values())


def _member_strength(member: Member, troop_type: str, per: int) -> int:
    """Unit strength of ``member`` in a unit of ``troop_type`` whose models have ``per`` each."""
    if member.unit_strength is not None:
        return member.unit_strength
    if member.troop_type is not None and member.troop_type != troop_type:
        return rules.unit_strength_per_model(member.troop_type, member.profile.W)
    return per
