"""The armour save: the engine's from the equipment, or the printed one (the TSA decision).

The engine derives the armour save from the mapped equipment (RULES.md
§1.5: armour, shield, cavalry, barding, and the +1 for hand weapon and shield
in close combat, which the printed ``TSA`` never includes).  The printed
``TSA`` is only compared with the engine's save *out of* close combat and a
difference is reported as a ``note``; the engine's value wins.  Exceptions,
where the save does not come from equipment: chariots, monsters and war
machines, and units with no armour or shield whose printed save is better
than the engine's (natural armour, e.g. scaly skin), get the printed value
as ``armour_save_override``; so do cavalry beasts without a steed profile when
the printed save is their equipment's without the cavalry +1, centaurs (no
cavalry +1, the parry of infantry) and models with a cloak or hide giving "6+ en
cuerpo a cuerpo" (+1 in close combat).
"""

from __future__ import annotations

import re

from odds import rules
from odds.battlescribe.reading import _Reading
from odds.battlescribe.spelling import plain_text
from odds.units import Equipment, Unit

_CC_SAVE = re.compile(r"salvacion por armadura de 6\+ en (?:combate )?cuerpo a cuerpo")


def _cc_save(text: str | None) -> bool:
    """Whether a rule or armour text gives a 6+ armour save in close combat only.

    Elfos Oscuros "Capa de dragón marino": "6+ en combate cuerpo a cuerpo y de 5+ contra
    ataques a distancia ... Puede combinarse con demás tipos de armadura"; Altos Elfos
    "Piel de león": "6+ en cuerpo a cuerpo y de 4+ contra ataques de proyectiles";
    Regimientos de Renombre "Capa": "6+ en combate cuerpo a cuerpo".
    """
    return bool(_CC_SAVE.search(plain_text(text or "")))


class _Saves(_Reading):
    """The unit's armour save, and the notes on the printed armour it did or did not use."""

    def save(self, tt: str, equipment: Equipment, printed: int | None, compare: bool
             ) -> int | None:
        engine = rules.armour_save(tt, equipment.armour, equipment.shield, equipment.barding,
                                   equipment.weapon, in_close_combat=False)
        # "Pellejo duro": the steed gives its rider +2 instead of the usual cavalry +1
        thick = self.thick_skin and tt == "cavalry"
        if thick:
            engine = max(1, engine - 1)
        shown = "none" if printed is None else f"{printed}+"
        if self.cc_save and not thick and tt not in ("chariot", "monster", "war_machine"):
            # +1 in close combat on the equipment's save (a beast without a steed profile:
            # without the cavalry +1, RULES.md §1.5), as the cloak or hide's text says
            kind = "infantry" if self.riderless else tt
            base = rules.armour_save(kind, equipment.armour, equipment.shield,
                                     equipment.barding if kind == tt else False,
                                     equipment.weapon, in_close_combat=True)
            value = max(1, base - 1)
            self.note("TSA", "note", f"{', '.join(self.cc_save)}: 6+ or +1 to the armour save in"
                      f" close combat; {value}+ used there (printed {shown})")
            return value
        if self.centaur is not None and tt == "cavalry":
            # "no tienen TSA+1 por caballería, y usan las reglas de ... arma de mano y escudo
            # como si fueran infantería" (RULES.md §1.5: the parry applies to centaurs)
            foot = rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                     equipment.weapon, in_close_combat=False)
            if compare and (printed or 7) != foot:
                self.note("TSA", "note", f"printed save {shown}, engine"
                          f" {'none' if foot >= 7 else f'{foot}+'} from the equipment out of"
                          " close combat (a centaur: no cavalry +1; engine wins)")
            return rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                     equipment.weapon, in_close_combat=True)
        if tt in ("chariot", "monster", "war_machine") and printed is not None:
            self.note("TSA", "note", f"printed save {shown} used ({tt}: not from equipment)")
            return printed
        foot = rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                 equipment.weapon, in_close_combat=False)
        if self.riderless and not thick and (printed or 7) == foot != engine:
            # RULES.md §1.5: the cavalry +1 is the rider's on a steed; the printed save of a
            # cavalry beast without a steed profile is its equipment's alone (MDNR Elfos
            # Oscuros "Manada de gélidos" 6+ with "Piel escamosa" = light armour; hounds none)
            self.note("TSA", "note", f"printed save {shown} used (cavalry without a steed"
                      " profile: no cavalry +1)")
            return rules.armour_save("infantry", equipment.armour, equipment.shield, False,
                                     equipment.weapon, in_close_combat=True)
        if (printed is not None and printed < engine and equipment.armour == "none"
                and not equipment.shield):
            self.note("TSA", "note", f"printed save {shown} used (no armour: natural armour)")
            return printed
        if compare and (printed or 7) != engine:
            self.note("TSA", "note",
                      f"printed save {shown}, engine {'none' if engine >= 7 else f'{engine}+'}"
                      " from the equipment out of close combat (engine wins; RULES.md §1.5)")
        if thick:  # the engine's own rule for the save does not know the thick skin
            return max(1, rules.armour_save(tt, equipment.armour, equipment.shield,
                                            equipment.barding, equipment.weapon,
                                            in_close_combat=True) - 1)
        return None

    def armour_notes(self, unit: Unit, printed_save: int | None) -> None:
        """Report natural armour and armour of its own against the save the unit got."""
        if self.scaly_skin:
            # gst "Piel escamosa": "una tirada de salvación por armadura innata": MDNR prints
            # it in the model's TSA (Cocatriz 4+ with no armour)
            if printed_save is not None and unit.armour_save_against(
                    in_close_combat=False) == printed_save:
                self.note(self.scaly_skin, "note", f"natural armour: in the printed save"
                          f" {printed_save}+ used")
            else:
                self.note(self.scaly_skin, "ignored", "natural armour not in the save used")
        for name, worn in self.worn:
            if unit.armour_save_against(in_close_combat=False) == worn:
                self.note(name, "note", f"armour of its own: in the printed save {worn}+ used")
            else:
                self.note(name, "ignored", f"armour save {worn}+ not the save used")
