"""Two named heroes sold as one entry who fight as one unit ("Luchan juntos").

MDNR Regimientos de Renombre (Cazadores de brujas), MdM Estalia (Sumos Inquisidores)
"Luchan juntos": "Johan y Wilhelm siempre luchan juntos, como si fuesen una unidad de
hostigadores, y no pueden unirse a otra unidad. Se consideran personajes individuales a
efectos de disparos con proyectiles. Ambos son los Líderes de la unidad."  The entry prints
both heroes as its leaders ("Johann Van Hal (líder)", "Wilhelm Hasburg (líder)"), the first
profile read as the unit's model and the second as its champion.  The unit is built as two
models with ``skirmishers``: the first hero is its model, with his weapon and its rules; the
second a named member (:class:`odds.units.Member`, role ``character``: a Leader is "a
efectos generales ... un personaje") with his own profile, his "Báculo sagrado" ("Arma a dos
manos (F+2, Ataca en último lugar). Hiere automáticamente a las miniaturas de tipo No Muerto,
Demonio o Skaven") and the unit's other rules.  The entry's points (its cost and both
leaders' compulsory costs) are split between the two models.
"""

from __future__ import annotations

from odds.units import Command, Equipment, Member, Unit

__all__ = ["fight_together"]

_FIRST_ONLY = ("sigmar_stake",)
"""Rules of the first hero's weapon ("Estaca de Sigmar", "Estaca de Myrmidia")."""

_SECOND_ONLY = ("sacred_staff",)
"""Rules of the second hero's weapon ("Báculo sagrado")."""


def fight_together(unit: Unit, second: str, price: float) -> Unit:
    """``unit`` (one model and its champion, as read) as its two heroes fighting together.

    Parameters
    ----------
    unit : Unit
        The entry as read: the first hero's profile and weapon, the second's profile as its
        champion's, both heroes' weapon rules among its special rules.
    second : str
        The second hero's name (his profile's, "Wilhelm Hasburg (líder)").
    price : float
        The entry's points: its own cost and both heroes' compulsory costs.

    Returns
    -------
    Unit
        Two skirmishing models: the first hero, and the second as a named member with a great
        weapon ("Báculo sagrado": "Arma a dos manos"), each with his own weapon's rules,
        ``price`` in all.
    """
    special = (*(f for f in unit.special if f not in _SECOND_ONLY), "skirmishers")
    member = Member(
        name=second, role="character", profile=unit.champion_profile,
        equipment=Equipment(weapon="great_weapon"),
        special=(*(f for f in unit.special if f not in _FIRST_ONLY), "skirmishers"))
    return unit.replace(models=2, files=2, command=Command(), champion_profile=None,
                        special=special, members=(member,), points_per_model=price / 2)
