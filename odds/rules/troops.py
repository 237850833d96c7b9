"""Troop types, the unit strength of a model (RULES.md §2.3) and the rank bonus (§2.2)."""

from __future__ import annotations

from odds.validation import choice, integer

TROOP_TYPES: tuple[str, ...] = (
    "infantry",
    "cavalry",
    "monstrous_infantry",
    "monster",
    "chariot",
    "swarm",
    "war_machine",
)
"""Troop types understood by the package (RULES.md §2.3)."""

FOOT_TROOP_TYPES: tuple[str, ...] = ("infantry", "monstrous_infantry", "swarm", "war_machine")
"""Troop types that fight on foot (may carry foot-only weapons)."""

MOUNTED_TROOP_TYPES: tuple[str, ...] = ("cavalry", "chariot", "monster")
"""Troop types whose riders/crew may carry mounted-only weapons (lances)."""

SHIELD_PARRY_TROOP_TYPES: tuple[str, ...] = ("infantry", "monstrous_infantry")
"""Troop types that get the extra +1 for hand weapon and shield in close combat (§1.5)."""


def unit_strength_per_model(
    troop_type: str, wounds: int = 1, riders: int = 0, crew: int = 0
) -> int:
    """Compute the unit strength of one model (RULES.md §2.3).

    infantry 1; cavalry 2; monstrous infantry 3; monster = starting Wounds
    + riders; chariot 4 + riders (characters riding it); war machine = crew
    (the MDNR Default); swarm 3.

    Swarm: MDNR's data gives US 3 per swarm base whatever its Wounds
    (snotlings W3, spider swarm W5, nurglings W4 — all "Potencia 3"), matching
    the 6th-edition chart entry for 40/50 mm bases on foot.

    Parameters
    ----------
    troop_type : str
        One of :data:`TROOP_TYPES`.
    wounds : int
        Starting Wounds of the model, 1..10 (used for monsters).
    riders : int
        Riders on a monster or characters riding a chariot, 0..4.
    crew : int
        War-machine crew, 0..10 (only used for war machines).

    Returns
    -------
    int
        Unit strength of one model.

    """
    tt = choice("troop_type", troop_type, TROOP_TYPES)
    w = integer("wounds", wounds, low=1, high=10)
    r = integer("riders", riders, low=0, high=4)
    c = integer("crew", crew, low=0, high=10)
    if tt == "infantry":
        return 1
    if tt == "cavalry":
        return 2
    if tt in ("monstrous_infantry", "swarm"):
        return 3
    if tt == "monster":
        return w + r
    if tt == "chariot":
        return 4 + r
    return c  # war_machine


def rank_bonus(models: int, files: int) -> int:
    """Extra-ranks combat-resolution bonus of a formation (RULES.md §2.2).

    +1 per rank behind the first that is at least 4 models wide, at most +3.
    An incomplete last rank counts if it has at least 4 models.

    Parameters
    ----------
    models : int
        Models in the unit, >= 0.
    files : int
        Models per rank (frontage), >= 1.

    Returns
    -------
    int
        0..3.  Troop-type and special-rule exceptions (skirmishers, fast
        cavalry, ...) are applied by ``Unit.rank_bonus``.

    """
    return rank_bonus_unchecked(integer("models", models, low=0), integer("files", files, low=1))


def rank_bonus_unchecked(models: int, files: int) -> int:
    """:func:`rank_bonus` without its checks, in integer arithmetic.

    The combat kernel compiles this same function (:data:`odds.combat.fighters.rank_bonus`).
    """
    if files < 4 or models <= 0:
        return 0
    counting = models // files + (1 if models % files >= 4 else 0)
    return min(3, max(0, counting - 1))
