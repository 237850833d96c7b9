"""Taken catalogue entries (or roster selections) → an :class:`odds.units.Unit`.

:func:`build_unit` reads a selection with a builder made of the parts of a unit entry,
each in the module of its concept:

* :mod:`odds.battlescribe.troop_type`: the troop type and the part each printed profile
  plays (model, champion, steed, crew, handlers); unit strength;
* :mod:`odds.battlescribe.profiles`: printed profiles and their characteristics;
* :mod:`odds.battlescribe.members`: named members, and the other second profiles;
* :mod:`odds.battlescribe.mounts`: the profiles the unit fights with, its steeds and crew
  count (centaurs' hooves: :mod:`odds.battlescribe.centaurs`);
* :mod:`odds.battlescribe.extra_crew`: a second kind of crew, a monster's handlers;
* :mod:`odds.battlescribe.equipment`: weapons and armour;
* :mod:`odds.battlescribe.command_group`: command models, the champion's (leader's) own
  gear, items and rules;
* :mod:`odds.battlescribe.special_rules`: the unit's special rules;
* :mod:`odds.battlescribe.saves`: the armour save (the TSA decision);
* :mod:`odds.battlescribe.beast_lord`: a Beastmaster rebuilt as his beasts' unit;
* :mod:`odds.battlescribe.reading`: what they share (the selection, the report, what has
  been read so far).

Points
------
Costs of the unit entry and of every taken entry outside the command group
add up to ``points_per_model`` (upgrades of the model entry are per model;
MDNR catalogues price regiment options per model).  Command models' costs go
to ``Command.champion_points``/``standard_points``/``musician_points``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from odds.battlescribe.beast_lord import _BeastLord

# re-exported: tests/test_army_profiles.py reads it here
from odds.battlescribe.equipment import _missile_only as _missile_only
from odds.battlescribe.extra_crew import _ExtraCrew
from odds.battlescribe.mounts import _Mounts
from odds.battlescribe.profiles import is_dragon, is_wizard
from odds.battlescribe.races import race_from_name, race_from_tipo
from odds.battlescribe.report import Collector
from odds.battlescribe.saves import _Saves
from odds.battlescribe.selection import Selection, apart, included_roles
from odds.battlescribe.special_rules import _SpecialRules
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.troop_type import _TroopType
from odds.battlescribe.values import parse_save
from odds.units import Unit
from odds.validation import OddsInputError

__all__ = ["Built", "build_unit"]


@dataclass(frozen=True, slots=True)
class Built:
    """A built unit with the printed values it was compared against."""

    unit: Unit
    printed_save: int | None
    printed_unit_strength: int | None


ETERNAL_GUARD_SAVE = 5
"""Elfos Silvanos "Estilo de combate de la guardia eterna": the armour save whatever the gear."""


class _Builder(_TroopType, _Mounts, _ExtraCrew, _SpecialRules, _Saves, _BeastLord):
    """The builder of one unit: its parts (see the module notes) and their order."""

    def build(self, *, models: int, files: int, roles: set[str], points_per_model: float,
              compare_save: bool) -> Built:
        """The unit (see :func:`build_unit`), its parts read in this order.

        The order is the import report's: each part reports as it reads.
        """
        for node in self.sel.unit.children:
            if apart(node):
                # Regimientos de Renombre "Personaje" (Barda): "no tiene que ir unido a la
                # unidad (¡de hecho no puede!)": neither its champion nor one of its models
                self.note(node.name, "note", "a character of his own who can never be in this"
                          " unit (his rule 'Personaje'): not imported with it, his points"
                          " stay in the regiment's price")
        cast = self.cast()
        tt, main, champion_raw = cast.troop_type, cast.main, cast.champion
        mount_raw, extra_raw = cast.mount, cast.extra
        profile, champion, mount, crew = self.fighters(cast)
        carrier = self.second_crew_entry(extra_raw)

        self.troop_type = tt
        self.tipo = plain_text(main.values.get("Tipo") or "")  # read by rules()
        self.race = (race_from_tipo(self.army, main.values.get("Tipo") or "")
                     or race_from_name(self.army, self.name, tuple(self.rule_names())))
        self.mixed_front_rank(tt)
        equipment = self.equipment(tt, mount_raw)
        self.champion_weapon = self.champions_weapon(tt, equipment)
        if self.folded_knight and equipment.armour == "none":
            equipment = self.folded_armour(main, equipment)
        self.roles = roles | included_roles(self.sel)
        self.option_rules = self.rules_of_options(self.roles)
        self.beast_unit = self.beast_lord_unit(mount_raw)
        extra_crew, profile = self.second_crew(cast, carrier, profile)
        special, extra = self.rules()
        special += self.weapon_rules
        special, extra_crew = self.living_machine(tt, main, special, extra_crew)
        if "daemonic_bsb" in special and not re.search(
                r"\bnurgle\b", plain_text(main.values.get("Tipo") or "")):
            # "Bendición de Nurgle": "sólo a unidades de tipo Nurgle"
            special = [f for f in special if f != "daemonic_bsb"]
            self.note("Bendición de Nurgle", "ignored", "a daemonic battle standard for"
                      " units of type Nurgle only; this one is not")
        vomit = next((t for n, t in self.rule_texts().items()
                      if normalize(n) == "vomito putrefacto"), "")
        if ("putrid_vomit" in special and mount is not None and mount_raw is not None
                and normalize(mount_raw.name).startswith("jinete")
                and "solo los del jinete" in plain_text(vomit)):
            # Demonios "Sapos de plaga con jinetes de plaga": the toad's profile carries the
            # model's T and W (the unit's), the rider's ("Jinete portador de plaga") is the
            # extra attacks (the steed's group); "solo los del Jinete, los Sapos atacarán de
            # la forma habitual": the vomit replaces those
            special.append("vomit_by_mount")
        champion = self.apply_champion_items(champion, special)
        if self.steed_dice is not None:
            mount = self.steed_random_attacks(extra, mount)
        self.random_attacks(extra)
        if self.random_move:
            extra["random_move"] = self.random_move
        mount = self.steeds_own_rules(mount, mount_raw, special)
        if self.centaur is not None:
            special += self.centaur.special
        if self.wards:
            best = min([*self.wards, extra.get("ward_save") or 7])  # type: ignore[operator]
            extra["ward_save"] = best
        if self.weapon_impacts and not extra.get("impact_hits"):
            extra["impact_hits"] = self.weapon_impacts  # "Mayales de la ira"
        impact_strength = None
        if extra.get("impact_hits"):
            impact_strength = profile.S
            if tt == "chariot":
                impact_strength = self.characteristic("S", [main], "the chariot")
            elif "thunderous_charge" in special and mount is not None:
                # "Carga atronadora": the rhinox's charge, at its own S, as a chariot's impact
                # hits are at the chariot's S, not its crew's (6th "Impact Hits": "D6 hits
                # with its own Strength")
                impact_strength = mount.S
        printed_save, _ = parse_save(main.values.get("TSA"))
        override = self.save(tt, equipment, printed_save, compare_save and not self.beast_unit)
        if "eternal_guard_style" in special:
            # Elfos Silvanos "Estilo de combate de la guardia eterna": "Sin importar el equipo
            # ... Todos tienen una tirada de salvación por armadura de 5+"
            override = ETERNAL_GUARD_SAVE
        printed_us = self.unit_strength(cast, profile, crew, extra_crew, special, extra)
        counted_us = self.extra_crew_strength(cast, crew, extra_crew)
        if counted_us is not None:  # Bretonia "Capataz": one more crewman
            extra["unit_strength_override"] = counted_us
        if re.search(r"\bslaanesh\b", self.tipo) and "slaanesh" not in special:
            special.append("slaanesh")  # of type Slaanesh (Elfos Oscuros "Presa de Slaanesh")
        if re.search(r"\bcaos\b", self.tipo):
            special.append("chaos")  # of type Caos ("Martillos de Sigmar": "Odio a ... Caos")
        if is_dragon(main):
            special.append("dragon")  # names the model for "Hacha de Ulther" (dragon_bane)
        if is_wizard(main):
            special.append("wizard")  # names the model for Cigor's "Visión ultraterrena"
        elif champion is not None and champion_raw is not None and is_wizard(champion_raw):
            self.champion_special += ("wizard",)  # a wizard leader (Mullah Aklan'd, Hengus)
        command = self.command(roles | included_roles(self.sel))
        if self.second_champion_cost:
            # Hermanas de Sigmar "Campeonas": the second champion comes with the champion
            # (a named member with the role champion), her option's points with it
            command = command.replace(
                champion_points=command.champion_points + self.second_champion_cost)
        if self.front_weapon:
            extra["front_weapon"] = self.front_weapon
        members = self.members(tt, equipment, mount_raw, main, tuple(special))
        champion_armour, champion_shield = (self.champions_armour(equipment)
                                            if champion is not None else ("", None))
        try:
            unit = Unit(
                name=self.name, troop_type=tt, models=models, files=files, profile=profile,
                equipment=equipment, command=command, mount=mount, crew=crew,
                extra_crew=extra_crew,
                special=tuple(special), armour_save_override=override,
                points_per_model=points_per_model, champion_profile=champion,
                champion_weapon=self.champion_weapon if champion is not None else "",
                champion_armour=champion_armour, champion_shield=champion_shield,
                champion_special=tuple(f for f in self.champion_special if f not in special)
                if champion is not None else (),
                champion_ward=self.champion_ward if champion is not None else 0,
                champion_hatred=self.champion_hatred if champion is not None else (),
                champion_save_override=(self.champion_save_override if champion is not None
                                        else None),
                impact_strength=impact_strength, **extra, members=members,
                army=self.army, race=self.race,
                notes="imported from BattleScribe",
            )
            if self.beast_unit and mount_raw is not None:
                unit = self.beast_lord(unit, main, mount_raw)
        except OddsInputError as exc:
            raise OddsInputError(f"unit {self.name!r}: {exc}") from None
        if (unit.command.champion and unit.champion_save != unit.armour_save
                and unit.champion_save_override is None):
            ce = unit.champion_equipment
            self.note(champion_raw.name if champion_raw is not None else "champion", "note",
                      f"the champion's own gear ({ce.weapon}, {ce.armour} armour"
                      f"{', shield' if ce.shield else ''}) saves {unit.champion_save}+ in close"
                      f" combat, the unit {unit.armour_save}+: it fights as a body of its own")
        self.armour_notes(unit, printed_save)
        if printed_us is not None and printed_us != unit.unit_strength_per_model:
            self.note("Potencia", "note",
                      f"printed unit strength {printed_us} per model, engine"
                      f" {unit.unit_strength_per_model} (the troop type's unit strength per "
                      f"model, MDNR; engine wins)")
        return Built(unit, printed_save, printed_us)


def build_unit(sel: Selection, *, name: str, models: int, files: int, roles: set[str],
               points_per_model: float, sink: Collector, compare_save: bool = True,
               army: str = "") -> Built:
    """Build the :class:`~odds.units.Unit` for a selection (see the module notes).

    Parameters
    ----------
    sel : Selection
        The unit entry and what is taken.
    name : str
        The unit's name (report items are filed under it).
    models, files : int
        Size and frontage.
    roles : set of str
        Command roles present (``champion``, ``standard``, ``musician``).
    points_per_model : float
        Points per model, computed by the caller.
    sink : Collector
        Where report items go (raises at once in strict mode).
    compare_save : bool
        Report a printed save that differs from the engine's.
    army : str
        The army tag of the catalogue (:func:`odds.armies.army_from_catalogue`).

    Returns
    -------
    Built
    """
    start = len(sink.items)
    built = _Builder(sel, name, sink, army).build(models=models, files=files, roles=roles,
                                                  points_per_model=points_per_model,
                                                  compare_save=compare_save)
    notes = tuple(dict.fromkeys(f"{i.kind}: {i.item}" for i in sink.items[start:]
                                if i.kind in ("ignored", "approximated")))
    if not notes:
        return built
    unit = dataclasses.replace(built.unit, import_notes=notes)
    return Built(unit, built.printed_save, built.printed_unit_strength)
