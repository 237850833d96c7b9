"""Characters: heroes, lords, generals and battle standard bearers (RULES.md §1.1, §1.9).

A :class:`Character` is a single model with its own profile, equipment,
mount, ward save and special rules.  In a combat scenario it joins a unit and
stands in the unit's front rank (:mod:`odds.scenario`).  Like every record in
the package it is a frozen dataclass validated when built; bad input raises
:class:`odds.validation.OddsInputError` naming the key.

Mounts (kept simple; RULES.md §1.5, §2.3)
-----------------------------------------
``mount_type`` says what the character rides:

* ``"none"``: on foot.  Fights and saves as infantry (hand weapon and shield
  give the extra +1 in close combat, §1.5); unit strength 1.
* ``"horse"`` (any cavalry steed: horse, boar, wolf...): the character counts
  as cavalry, +1 armour save (and +1 more for barding, §1.5); unit strength 2.
  ``mount`` holds the steed's WS, S, I, A (it fights as a separate attacker).
* ``"monster"``: no cavalry +1 save ("riders of monsters get no +1", §1.5)
  and no barding; unit strength = the monster's starting Wounds + 1 for the
  rider (§2.3), so ``mount_wounds`` (the monster's W) is required.  ``mount``
  holds the monster's WS, S, I, A.  Not modelled: the monster as a separate
  target (its own T, W and save; attacks on the model hit the rider), and
  fear or terror caused by the monster: put ``fear``/``terror`` in
  ``special``.

``mount_type`` may be left out: it is then ``"horse"`` when a ``mount`` is
given and ``"none"`` otherwise.

TOML schema (the same shape as a unit's; profile letters English or Spanish)
---------------------------------------------------------------------------
.. code-block:: toml

    name = "Capitán"              # required
    general = false               # the army General (Ld for units within 30 cm, §3.1)
    battle_standard = false       # the battle standard bearer (cannot also be the General)
    points = 87
    mount_type = "horse"          # none | horse | monster (default: horse if [mount])
    mount_wounds = 0              # monster mounts only: the monster's W
    army = "orcs_and_goblins"     # army and race tags (odds.armies), for hatred of a named
    race = ""                     # enemy: "" = the army's usual race
    notes = ""
    [profile]                     # M WS BS S T W I A Ld, or M HA HP F R H I A L
    M = 10
    WS = 5
    ...
    [equipment]                   # weapon shield armour barding armour_save_override
    weapon = "hand_weapon"
    shield = true
    armour = "heavy"
    barding = true
    [mount]                       # WS S I A (HA F I A); count must be 1; optional
                                  # poisoned (5/6) and special (MOUNT_RULES): the steed's own
    WS = 3
    S = 3
    I = 3
    A = 1
    [rules]                       # special ward_save regeneration poisoned multiple_wounds hatred
    special = ["hatred"]          # hatred of every enemy; hatred = ["dwarf"]: of named ones
    ward_save = 5
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from odds import rules
from odds.armies import ARMIES, RACES
from odds.units import (
    Equipment,
    MountProfile,
    Profile,
    check_rule_fields,
    hatred_from,
    letters_from,
    profile_from,
)
from odds.units.fighter import Fighter
from odds.validation import (
    OddsInputError,
    check_keys,
    choice,
    flag,
    integer,
    number,
    prefixed,
    read_toml,
    replace_fields,
    sourced,
    subtable,
)

__all__ = [
    "MOUNT_TYPES",
    "Character",
    "character_from_dict",
    "library_character",
    "library_character_names",
    "load_character",
]

MOUNT_TYPES: tuple[str, ...] = ("none", "horse", "monster")
"""What a character rides (see the module docstring)."""

_TROOP_TYPE = {"none": "infantry", "horse": "cavalry", "monster": "monster"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Character(Fighter):
    """A character model (RULES.md §1.9; source 004).

    Attributes
    ----------
    name : str
        Display name.
    profile : Profile
        The character's own profile (characters usually have W 2..4).
    equipment : Equipment
        Weapon and armour; ``barding`` only on a horse.
    mount : MountProfile or None
        The steed or monster (WS, S, I, A; ``count`` must be 1).
    mount_type : str
        One of :data:`MOUNT_TYPES`; None (default) = ``"horse"`` with a mount,
        ``"none"`` without.  After construction it always holds a string.
    mount_wounds : int
        The monster's starting Wounds (1..10) when ``mount_type`` is
        ``"monster"``; must be 0 otherwise.
    special : tuple of str
        Special-rule flags from :data:`odds.units.SPECIAL_RULES` (stored sorted, unique).
    ward_save, regeneration : int
        0 = none, else the roll needed (2..6).
    poisoned : int
        0 = none, else the natural to-hit roll that wounds automatically (5 or 6).
    multiple_wounds : str
        One of :data:`odds.rules.MULTIPLE_WOUNDS` (``""`` = none).
    armour_save_override : int or None
        Fixed armour save (1..7, 7 = none) replacing the derived one (magic armour).
    general : bool
        The army General (§3.1).
    battle_standard : bool
        The battle standard bearer (§2.2, §3.1); a BSB cannot also be the General.
    points : float
        Points cost, >= 0 (0 = unknown).
    notes : str
        Free text (sources, what is not modelled).
    army, race : str
        Army and race tags (:mod:`odds.armies`; ``""`` = not given / the army's).
    hatred : tuple of str
        Hatred of named enemies only: army or race tags (see :class:`odds.units.Unit`).
    """

    name: str
    profile: Profile
    equipment: Equipment = field(default_factory=Equipment)
    mount: MountProfile | None = None
    mount_type: str | None = None
    mount_wounds: int = 0
    special: tuple[str, ...] = ()
    ward_save: int = 0
    regeneration: int = 0
    poisoned: int = 0
    multiple_wounds: str = ""
    armour_save_override: int | None = None
    general: bool = False
    battle_standard: bool = False
    points: float = 0.0
    notes: str = ""
    army: str = ""
    race: str = ""
    hatred: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.name, str) or not self.name.strip():
            raise OddsInputError(f"name: must be a non-empty string (got {self.name!r})")
        for attr, cls in (("profile", Profile), ("equipment", Equipment)):
            if not isinstance(getattr(self, attr), cls):
                raise OddsInputError(
                    f"{attr}: must be a {cls.__name__} (got {type(getattr(self, attr)).__name__})"
                )
        if self.mount is not None:
            if not isinstance(self.mount, MountProfile):
                raise OddsInputError(
                    f"mount: must be a MountProfile or None (got {type(self.mount).__name__})"
                )
            if self.mount.count != 1:
                raise OddsInputError(
                    f"mount.count: a character rides one steed or monster (got {self.mount.count})"
                )
        if self.mount_type is None:
            set_(self, "mount_type", "none" if self.mount is None else "horse")
        mt = choice("mount_type", self.mount_type, MOUNT_TYPES)
        if (mt == "none") != (self.mount is None):
            raise OddsInputError(
                "mount_type: 'none' goes with no mount and 'horse'/'monster' need a mount"
                f" (got mount_type {mt!r} and {'no mount' if self.mount is None else 'a mount'})"
            )
        if mt == "monster":
            set_(self, "mount_wounds", integer("mount_wounds", self.mount_wounds, low=1, high=10))
        elif self.mount_wounds != 0:
            raise OddsInputError(
                f"mount_wounds: only for mount_type 'monster' (got {self.mount_wounds!r}"
                f" with mount_type {mt!r})"
            )
        self._check_equipment(mt)
        check_rule_fields(self)
        flag("general", self.general)
        flag("battle_standard", self.battle_standard)
        if self.general and self.battle_standard:
            raise OddsInputError(
                "battle_standard: the battle standard bearer cannot also be the General"
                " (got general = true and battle_standard = true)"
            )
        set_(self, "points", number("points", self.points, low=0.0, high=10_000.0))
        if self.army:
            choice("army", self.army, tuple(ARMIES))
        if self.race:
            choice("race", self.race, RACES)
        set_(self, "hatred", hatred_from(self.hatred))
        if not isinstance(self.notes, str):
            raise OddsInputError(f"notes: must be a string (got {self.notes!r})")

    def _check_equipment(self, mt: str) -> None:
        tt = _TROOP_TYPE[mt]
        weapon = rules.WEAPONS[self.equipment.weapon]
        if weapon.mounted_only and mt == "none":
            raise OddsInputError(
                f"equipment.weapon: {weapon.name} is for mounted models (got mount_type 'none')"
            )
        if weapon.foot_only and mt != "none":
            raise OddsInputError(
                f"equipment.weapon: {weapon.name} is for models on foot (got mount_type {mt!r})"
            )
        if self.equipment.barding and tt != "cavalry":
            raise OddsInputError(
                f"equipment.barding: only a character on a horse can have barding"
                f" (got mount_type {mt!r})"
            )

    # ------------------------------------------------------------------ convenience

    def replace(self, **changes: Any) -> Character:
        """Return a validated copy with some fields changed.

        A ``mount_type`` that has its derived value (``"none"`` without a
        mount, ``"horse"`` with one) is re-derived when ``mount`` changes.
        """
        derived = "none" if self.mount is None else "horse"
        if "mount" in changes and "mount_type" not in changes and self.mount_type == derived:
            changes["mount_type"] = None
        return replace_fields(self, changes)

    # ------------------------------------------------------------------ derived values

    @property
    def troop_type(self) -> str:
        """``"infantry"`` on foot, ``"cavalry"`` on a horse, ``"monster"`` on a monster."""
        assert self.mount_type is not None
        return _TROOP_TYPE[self.mount_type]

    def armour_save_against(self, *, in_close_combat: bool) -> int:
        """Armour save in close combat or against shooting (RULES.md §1.5).

        Derived with :func:`odds.rules.armour_save` for the character's own
        troop type (:attr:`troop_type`): the +1 for hand weapon and shield on
        foot, the cavalry +1 and barding on a horse, neither on a monster; a
        choppa (MDNR "Rebanadora") and shield give no hand-weapon-and-shield +1.
        """
        if self.armour_save_override is not None:
            return self.armour_save_override
        e = self.equipment
        if "choppa" in self.special and e.weapon == "hand_weapon":
            in_close_combat = False
        return rules.armour_save(
            self.troop_type, e.armour, e.shield, e.barding, e.weapon, in_close_combat
        )

    @property
    def unit_strength(self) -> int:
        """Unit strength (RULES.md §2.3): 1 on foot, 2 on a horse, monster W + 1."""
        return rules.unit_strength_per_model(
            self.troop_type, self.mount_wounds or 1, riders=1 if self.mount_type == "monster" else 0
        )

    # ------------------------------------------------------------------ serialisation

    def to_dict(self) -> dict[str, Any]:
        """The character in the TOML schema; :func:`character_from_dict` inverts it."""
        out: dict[str, Any] = {"name": self.name}
        for key in ("general", "battle_standard"):
            if getattr(self, key):
                out[key] = True
        if self.points:
            out["points"] = self.points
        if self.notes:
            out["notes"] = self.notes
        out["mount_type"] = self.mount_type
        if self.mount_wounds:
            out["mount_wounds"] = self.mount_wounds
        out["profile"] = self.profile.as_dict()
        equipment = dataclasses.asdict(self.equipment)
        if self.armour_save_override is not None:
            equipment["armour_save_override"] = self.armour_save_override
        out["equipment"] = equipment
        if self.mount is not None:
            out["mount"] = {k: getattr(self.mount, k) for k in ("WS", "S", "I", "A")}
            if self.mount.poisoned:
                out["mount"]["poisoned"] = self.mount.poisoned
            if self.mount.special:
                out["mount"]["special"] = list(self.mount.special)
        out["rules"] = {
            "special": list(self.special),
            **{k: getattr(self, k)
               for k in ("ward_save", "regeneration", "poisoned", "multiple_wounds")},
        }
        if self.hatred:
            out["rules"]["hatred"] = list(self.hatred)
        for key in ("army", "race"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


# --------------------------------------------------------------------------- loaders

_TOP_KEYS = (
    "name", "general", "battle_standard", "points", "notes", "mount_type", "mount_wounds",
    "army", "race", "profile", "equipment", "mount", "rules",
)
_EQUIPMENT_KEYS = ("weapon", "shield", "armour", "barding", "armour_save_override")
_RULES_KEYS = ("special", "ward_save", "regeneration", "poisoned", "multiple_wounds", "hatred")
_TOML_PATH = {
    **{key: f"rules.{key}" for key in _RULES_KEYS},
    "armour_save_override": "equipment.armour_save_override",
}


def character_from_dict(data: Mapping[str, Any], source: str = "<dict>") -> Character:
    """Build and validate a :class:`Character` from a mapping in the TOML schema.

    Parameters
    ----------
    data : mapping
        Keys ``name`` and table ``profile`` (required); ``general,
        battle_standard, points, notes, mount_type, mount_wounds`` and tables
        ``equipment``, ``mount``, ``rules`` (optional); see the module
        docstring.  Profiles accept English (M WS BS S T W I A Ld) or MDNR
        Spanish (M HA HP F R H I A L) letters.
    source : str
        Where the data came from (file name and key path), for error messages
        (``""``: no prefix, for a table inside another file).

    Returns
    -------
    Character

    Raises
    ------
    OddsInputError
        ``"<source>: <key path>: <problem> (got <value>)"``.
    """
    return sourced(source, lambda: _character_from_dict(data))


def _character_from_dict(data: Mapping[str, Any]) -> Character:
    if not isinstance(data, Mapping):
        raise OddsInputError(f"character: must be a table (got {type(data).__name__})")
    check_keys(data, _TOP_KEYS, "")
    for key in ("name", "profile"):
        if key not in data:
            raise OddsInputError(f"{key}: missing (required keys: name, profile)")
    profile = profile_from(subtable(data, "profile"), "profile")
    eq = subtable(data, "equipment")
    check_keys(eq, _EQUIPMENT_KEYS, "equipment")
    equipment = prefixed("equipment", lambda: Equipment(
        **{k: eq[k] for k in ("weapon", "shield", "armour", "barding") if k in eq}
    ))
    rl = subtable(data, "rules")
    check_keys(rl, _RULES_KEYS, "rules")
    mount = None
    if "mount" in data:
        values = letters_from(subtable(data, "mount"), "mount", ("WS", "S", "I", "A"),
                              ("count", "poisoned", "special"))
        for c in ("WS", "S", "I", "A"):
            if c not in values:
                raise OddsInputError(f"mount.{c}: missing; a mount needs WS S I A")
        mount = prefixed("mount", lambda: MountProfile(**values))
    kwargs: dict[str, Any] = {
        key: data[key]
        for key in ("name", "general", "battle_standard", "points", "notes", "mount_type",
                    "mount_wounds", "army", "race")
        if key in data
    }
    kwargs.update({key: rl[key] for key in _RULES_KEYS if key in rl})
    if "armour_save_override" in eq:
        kwargs["armour_save_override"] = eq["armour_save_override"]
    try:
        return Character(profile=profile, equipment=equipment, mount=mount, **kwargs)
    except OddsInputError as exc:
        msg = str(exc)
        key = msg.split(":", 1)[0]
        if key in _TOML_PATH:
            msg = _TOML_PATH[key] + msg[len(key):]
        raise OddsInputError(msg) from None


def load_character(path: str | Path) -> Character:
    """Load a character from a TOML file (schema in the module docstring).

    Parameters
    ----------
    path : str or Path
        The ``.toml`` file.

    Returns
    -------
    Character
    """
    p = Path(path)
    data = read_toml(p, "character")
    return character_from_dict(data, str(p))


def _library_dir() -> Any:
    from importlib import resources

    return resources.files("odds").joinpath("library", "characters")


def library_character_names() -> list[str]:
    """Names of the built-in characters (file stems of ``odds/library/characters/*.toml``)."""
    return sorted(p.name[: -len(".toml")] for p in _library_dir().iterdir()
                  if p.name.endswith(".toml"))


def library_character(name: str) -> Character:
    """A built-in character by name (see :func:`library_character_names`).

    Raises
    ------
    OddsInputError
        An unknown name (the built-in names are listed).
    """
    names = library_character_names()
    if name not in names:
        raise OddsInputError(f"character: unknown built-in character {name!r}; one of "
                             f"{', '.join(names)}")
    source = _library_dir().joinpath(f"{name}.toml")
    return character_from_dict(read_toml(source, "character"), f"library/characters/{name}.toml")
