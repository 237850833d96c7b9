"""Which BattleScribe game system a roster or catalogue is for: odds reads MDNR only.

A roster names its game system (``gameSystemId``, ``gameSystemName``); a
catalogue names its id, and the game system file next to it gives the name
(without that file nothing tells, and the catalogue is read).
odds reads the Spanish fan rulebook's data, *Warhammer Fantasy - 6ª Edición
con MDNR* (game system id :data:`MDNR_ID`, or any name holding ``MDNR``);
data of another system (the English "6th definitive edition" files, say) has
other entries, costs and rules, and is refused by name rather than read as
an empty or wrong list.
"""

from __future__ import annotations

from pathlib import Path

from odds.validation import OddsInputError

__all__ = ["MDNR_ID", "MDNR_NAME", "check_game_system"]

MDNR_ID = "fd97-5cfe-d46c-03c6"
"""The id of the MDNR game system (``Warhammer_Fantasy_-_6ª_Edición_con_MDNR_-_v1.0.gst``)."""

MDNR_NAME = "Warhammer Fantasy - 6ª Edición con MDNR"
"""The MDNR game system's name."""


def is_mdnr(system_id: str | None, name: str | None) -> bool:
    """Whether a game system is MDNR's: its id, else a name holding ``MDNR``.

    Without a name (a catalogue without its game system file beside it) nothing tells,
    and the data is read.
    """
    if system_id == MDNR_ID or not name:
        return True
    return "mdnr" in name.lower()


def check_game_system(path: str | Path, kind: str, system_id: str | None,
                      name: str | None) -> None:
    """Refuse a roster or catalogue of another game system, naming it.

    Parameters
    ----------
    path : str or Path
        The file, for the message.
    kind : {"roster", "catalogue"}
    system_id, name : str or None
        The game system's id and name as the file (or its game system file) gives them.

    Raises
    ------
    OddsInputError
        The game system is not MDNR's.
    """
    if is_mdnr(system_id, name):
        return
    shown = repr(name) if name else f"id {system_id!r}"
    raise OddsInputError(
        f"{path}: this {kind} is for the game system {shown}; odds reads MDNR data "
        f"({MDNR_NAME!r}, the catalogues of the Manuscritos de Nuth): export the list "
        "with the MDNR game system")
