"""Armour saves: body armour, equipment and the Strength of the hit (RULES.md §1.5)."""

from __future__ import annotations

from types import MappingProxyType

from odds.rules.rolls import IMPOSSIBLE
from odds.rules.troops import SHIELD_PARRY_TROOP_TYPES, TROOP_TYPES
from odds.rules.weapons import WEAPONS
from odds.validation import OddsInputError, choice, flag, integer

ARMOURS: tuple[str, ...] = ("none", "light", "heavy", "plate")
"""Body armour kinds (§1.5)."""

ARMOUR_BASE_SAVE: MappingProxyType[str, int] = MappingProxyType(
    {"none": 7, "light": 6, "heavy": 5, "plate": 4}
)
"""Armour save of the body armour alone on foot (§1.5; plate 4+ is MDNR)."""


def strength_save_modifier(strength: int) -> int:
    """Armour-save modifier for the Strength of a hit (RULES.md §1.5 table).

    Parameters
    ----------
    strength : int
        Strength of the hit, 0..10.

    Returns
    -------
    int
        0 for S <= 3, then -1 for S4 down to -7 for S10 (a negative number:
        add it to the save *quality*, i.e. subtract it from the roll needed).

    """
    s = integer("strength", strength, low=0, high=10)
    return -max(0, s - 3)


def modified_save(base_save: int, strength: int, armour_piercing: bool = False) -> int:
    """Armour-save roll needed after the Strength modifier (RULES.md §1.5).

    Parameters
    ----------
    base_save : int
        Unmodified save as a roll needed, -5..7 (values below 1 are "better
        than 1+" magic saves that only help against modifiers; 7 = none).
    strength : int
        Strength of the hit, 0..10.
    armour_piercing : bool, optional
        Armour piercing / "poder de penetración": a further -1.

    Returns
    -------
    int
        Roll needed, 1..7 (``7`` = no save possible).  A natural 1 always
        fails, so a result of 1 behaves like 2+: the kernel clamps the needed
        roll at 2.

    """
    b = integer("base_save", base_save, low=-5, high=7)
    mod = strength_save_modifier(strength)
    ap = flag("armour_piercing", armour_piercing)
    if b >= IMPOSSIBLE:
        return IMPOSSIBLE
    needed = b - mod + (1 if ap else 0)
    return max(1, min(IMPOSSIBLE, needed))


def armour_save(
    troop_type: str,
    armour: str = "none",
    shield: bool = False,
    barding: bool = False,
    weapon: str = "hand_weapon",
    in_close_combat: bool = True,
) -> int:
    """Armour save derived from equipment (RULES.md §1.5 table and notes).

    Body armour: none 7 (no save), light 6+, heavy 5+, plate 4+ [MDNR].  Then
    +1 each for: a shield; being cavalry (not monsters, not chariots);
    barding (cavalry and chariots only); and, in close combat only, fighting
    with a hand weapon **and** shield on foot (infantry and monstrous infantry).

    A two-handed weapon (great weapon, halberd, flail, additional hand weapon)
    leaves no hand for the shield in close combat, so the shield then gives
    nothing at all; against shooting (``in_close_combat=False``) it still
    counts.  The parry bonus needs the *hand weapon*: spears, morning stars
    and lances do not get it.

    Parameters
    ----------
    troop_type : str
        One of :data:`~odds.rules.troops.TROOP_TYPES`.
    armour : str
        One of :data:`ARMOURS`.
    shield, barding : bool
        Equipment flags.  Barding on a troop type other than cavalry or
        chariot is an error.
    weapon : str
        The close-combat weapon in use, a key of :data:`~odds.rules.weapons.WEAPONS`.
    in_close_combat : bool
        False for saves against shooting.

    Returns
    -------
    int
        Roll needed, 1..7 (7 = no save).  Chariots and monsters usually have a
        fixed save from their army-book profile instead (see
        ``Unit.armour_save_override``).

    """
    tt = choice("troop_type", troop_type, TROOP_TYPES)
    arm = choice("armour", armour, ARMOURS)
    sh = flag("shield", shield)
    bard = flag("barding", barding)
    wpn = choice("weapon", weapon, tuple(WEAPONS))
    cc = flag("in_close_combat", in_close_combat)
    if bard and tt not in ("cavalry", "chariot"):
        raise OddsInputError(
            f"barding: only cavalry or chariot can have barding (got troop_type {tt!r})"
        )
    save = ARMOUR_BASE_SAVE[arm]
    shield_used = sh and not (cc and WEAPONS[wpn].two_handed)
    if shield_used:
        save -= 1
    if tt == "cavalry":
        save -= 1
    if bard:
        save -= 1
    if cc and shield_used and wpn == "hand_weapon" and tt in SHIELD_PARRY_TROOP_TYPES:
        save -= 1
    return max(1, min(IMPOSSIBLE, save))
