"""Taken catalogue entries (or roster selections) → an :class:`odds.units.Unit`.

:func:`build_unit` reads a selection with a builder made of the parts of a unit entry,
each in the module of its concept:

* :mod:`odds.battlescribe.troop_type`: the troop type and the part each printed profile
  plays (model, champion, steed, crew, handlers); unit strength;
* :mod:`odds.battlescribe.profiles`: printed profiles and their characteristics;
* :mod:`odds.battlescribe.members`: named members, and the other second profiles;
* :mod:`odds.battlescribe.fight_together`: two named heroes fighting as one unit ("Luchan
  juntos");
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
from odds.battlescribe.fight_together import fight_together
from odds.battlescribe.mounts import _Mounts
from odds.battlescribe.profiles import _potencia, is_dragon, is_wizard
from odds.battlescribe.races import race_from_name, race_from_tipo
from odds.battlescribe.report import Collector
from odds.battlescribe.saves import _Saves
from odds.battlescribe.selection import Selection, apart, included_roles
from odds.battlescribe.small_machine import small_machine
from odds.battlescribe.special_rules import _SpecialRules
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import RawProfile
from odds.battlescribe.troop_type import _Cast, _TroopType
from odds.battlescribe.values import parse_save
from odds.units import Command, CrewProfile, Equipment, MountProfile, Profile, Unit
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

        The order is the import report's: each part reports as it reads.  The model's
        profiles and the part each plays; what the model is (troop type, Tipo, race); its
        gear; its command roles and a second crew; its special rules and what the parts
        add to them; its impact hits' Strength, armour save and unit strength; its command
        group and named members; the unit, and the notes on it.
        """
        self.note_apart_characters()
        cast = self.cast()
        tt = cast.troop_type
        profile, champion, mount, crew = self.fighters(cast)
        carrier = self.second_crew_entry(cast.extra)
        self.read_what_it_is(cast)
        equipment = self.gear(cast)
        self.roles = roles | included_roles(self.sel)
        self.option_rules = self.rules_of_options(self.roles)
        beasts = cast.mount or self.foot_beasts
        self.beast_unit = self.beast_lord_unit(beasts)
        extra_crew, profile = self.second_crew(cast, carrier, profile)
        special, extra, extra_crew = self.special_rules(cast, mount, extra_crew)
        champion = self.apply_champion_items(champion, special)
        mount = self.parts_extras(extra, special, mount, cast.mount)
        impact_strength = self.impact_strength(cast, extra, special, profile, mount)
        printed_save, _ = parse_save(cast.main.values.get("TSA"))
        override = self.armour_save_override(tt, equipment, printed_save,
                                              compare_save and not self.beast_unit, special)
        printed_us = self.unit_strength(cast, profile, crew, extra_crew, special, extra)
        if self.beast_unit and self.foot_beasts is not None:  # the bears' "Potencia"
            printed_us = _potencia(self.foot_beasts)
        counted_us = self.extra_crew_strength(cast, crew, extra_crew)
        if counted_us is not None:  # Bretonia "Capataz": one more crewman
            extra["unit_strength_override"] = counted_us
        self.type_tags(cast, special, champion)
        command = self.command_group(roles)
        if self.front_weapon:
            extra["front_weapon"] = self.front_weapon
        members = self.members(tt, equipment, cast.mount, cast.main, tuple(special))
        if tt == "chariot" and extra_crew is not None and cast.extra is not None \
                and self.rider_character():  # Elfos Oscuros "Altar de la medusa"
            members = (*members, self.rider_member(cast.extra, extra_crew))
            extra_crew = None
        try:
            unit = Unit(
                name=self.name, troop_type=tt, models=models, files=files, profile=profile,
                equipment=equipment, command=command, mount=mount, crew=crew,
                extra_crew=extra_crew,
                special=tuple(special), armour_save_override=override,
                points_per_model=points_per_model,
                **self.champion_fields(champion, equipment, special),
                impact_strength=impact_strength, **extra, members=members,
                army=self.army, race=self.race,
                notes="imported from BattleScribe",
            )
            if self.beast_unit and beasts is not None:
                unit = self.beast_lord(unit, cast.main, beasts)
            if self.small_crew is not None:
                unit = self.small_machine(unit, cast.main, self.small_crew[1])
                printed_us = None  # the operator's, noted with him
        except OddsInputError as exc:
            raise OddsInputError(f"unit {self.name!r}: {exc}") from None
        if "fight_together" in unit.special:
            unit = self.pair(unit, cast.champion, points_per_model)
        self.built_notes(unit, cast.champion, printed_save, printed_us)
        return Built(unit, printed_save, printed_us)

    def small_machine(self, unit: Unit, main: RawProfile, crew: int) -> Unit:
        """``unit`` as a small machine's dwarfs, ``crew`` of them and the operator.

        The operator is the dwarf printed as ``main``, of its "Potencia"
        (:func:`odds.battlescribe.small_machine.small_machine`).
        """
        us = _potencia(main) or 1
        self.note(main.name, "note", f"the dwarf printed with the machine, a member"
                  f" (Unit.members, role 'operator') of unit strength {us} (himself and the"
                  " machine): struck only once no other dwarf is left ('Un único enano puede"
                  " operar la Máquina pequeña')")
        return small_machine(unit, main.name, us, crew)

    def pair(self, unit: Unit, second: RawProfile | None, price: float) -> Unit:
        """``unit`` as its two heroes fighting together ("Luchan juntos"), else reported.

        :func:`odds.battlescribe.fight_together.fight_together`: the second hero is the
        leader read as the unit's champion; without him the rule is reported.
        """
        if second is None or not unit.command.champion or unit.champion_profile is None:
            self.note("Luchan juntos", "ignored", "the two heroes fight as one unit: the"
                      " second hero is not in this build")
            return unit
        return fight_together(unit, second.name, price)

    def note_apart_characters(self) -> None:
        """Note the unit entry's characters who can never be in the unit.

        Regimientos de Renombre "Personaje" (Barda): "no tiene que ir unido a la unidad (¡de
        hecho no puede!)": neither its champion nor one of its models.
        """
        for node in self.sel.unit.children:
            if apart(node):
                self.note(node.name, "note", "a character of his own who can never be in this"
                          " unit (his rule 'Personaje'): not imported with it, his points"
                          " stay in the regiment's price")

    def read_what_it_is(self, cast: _Cast) -> None:
        """Keep the troop type, the printed ``Tipo`` (read by :meth:`rules`) and the race.

        The race from the ``Tipo``, else from the unit's name and rules
        (:mod:`odds.battlescribe.races`).
        """
        tipo = cast.main.values.get("Tipo") or ""
        self.troop_type = cast.troop_type
        self.tipo = plain_text(tipo)
        self.race = (race_from_tipo(self.army, tipo)
                     or race_from_name(self.army, self.name, tuple(self.rule_names())))

    def gear(self, cast: _Cast) -> Equipment:
        """The unit's equipment, its front rank's and its champion's weapon.

        A front rank with a weapon of its own (:meth:`mixed_front_rank`), the equipment
        taken (:meth:`equipment`), the champion's weapon (kept on the builder), and the
        armour a folded knight's printed save implies when no armour is taken.
        """
        tt = cast.troop_type
        self.mixed_front_rank(tt)
        equipment = self.equipment(tt, cast.mount)
        self.champion_weapon = self.champions_weapon(tt, equipment)
        if self.folded_knight and equipment.armour == "none":
            equipment = self.folded_armour(cast.main, equipment)
        return equipment

    def special_rules(self, cast: _Cast, mount: MountProfile | None,
                      extra_crew: CrewProfile | None
                      ) -> tuple[list[str], dict[str, object], CrewProfile | None]:
        """The unit's special-rule flags, its other :class:`Unit` fields, and its extra crew.

        Its rules (:meth:`rules`) and its weapons' (``weapon_rules``); a living machine's
        crew (:meth:`living_machine`); a daemonic battle standard kept for units of type
        Nurgle only (:meth:`nurgle_only`); a rider's vomit in place of his attacks
        (:meth:`vomit_by_mount`).
        """
        special, extra = self.rules()
        special += self.weapon_rules
        special, extra_crew = self.living_machine(cast.troop_type, cast.main, special,
                                                  extra_crew)
        special = self.nurgle_only(cast.main, special)
        self.vomit_by_mount(special, mount, cast.mount)
        return special, extra, extra_crew

    def nurgle_only(self, main: RawProfile, special: list[str]) -> list[str]:
        """``special`` without a daemonic battle standard on a unit not of type Nurgle.

        "Bendición de Nurgle": "sólo a unidades de tipo Nurgle" (reported when dropped).
        """
        if "daemonic_bsb" in special and not re.search(
                r"\bnurgle\b", plain_text(main.values.get("Tipo") or "")):
            special = [f for f in special if f != "daemonic_bsb"]
            self.note("Bendición de Nurgle", "ignored", "a daemonic battle standard for"
                      " units of type Nurgle only; this one is not")
        return special

    def vomit_by_mount(self, special: list[str], mount: MountProfile | None,
                       mount_raw: RawProfile | None) -> None:
        """Add ``vomit_by_mount`` to ``special`` when the rider's attacks are the vomit.

        Demonios "Sapos de plaga con jinetes de plaga": the toad's profile carries the
        model's T and W (the unit's), the rider's ("Jinete portador de plaga") is the extra
        attacks (the steed's group); "solo los del Jinete, los Sapos atacarán de la forma
        habitual": the vomit replaces those.
        """
        vomit = next((t for n, t in self.rule_texts().items()
                      if normalize(n) == "vomito putrefacto"), "")
        if ("putrid_vomit" in special and mount is not None and mount_raw is not None
                and normalize(mount_raw.name).startswith("jinete")
                and "solo los del jinete" in plain_text(vomit)):
            special.append("vomit_by_mount")

    def parts_extras(self, extra: dict[str, object], special: list[str],
                     mount: MountProfile | None, mount_raw: RawProfile | None
                     ) -> MountProfile | None:
        """Add to ``extra`` and ``special`` what the unit's parts read; return the mount.

        In this order: the steeds' random attacks, the unit's random attacks and random
        move, the steeds' own rules, a centaur's rules, the best ward save, and a weapon's
        impact hits ("Mayales de la ira") when the rules give none.
        """
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
            extra["impact_hits"] = self.weapon_impacts
        return mount

    def impact_strength(self, cast: _Cast, extra: dict[str, object], special: list[str],
                        profile: Profile, mount: MountProfile | None) -> int | None:
        """The Strength of the unit's impact hits (None without them): the model's by default.

        A chariot's are at the chariot's S, not its crew's; "Carga atronadora": the rhinox's
        charge, at its own S (6th "Impact Hits": "D6 hits with its own Strength").
        """
        if not extra.get("impact_hits"):
            return None
        if cast.troop_type == "chariot":
            return self.characteristic("S", [cast.main], "the chariot")
        if "thunderous_charge" in special and mount is not None:
            return mount.S
        return profile.S

    def armour_save_override(self, tt: str, equipment: Equipment, printed_save: int | None,
                             compare_save: bool, special: list[str]) -> int | None:
        """The unit's fixed armour save, None for its equipment's (:meth:`save`).

        Elfos Silvanos "Estilo de combate de la guardia eterna": "Sin importar el equipo
        ... Todos tienen una tirada de salvación por armadura de 5+"
        (:data:`ETERNAL_GUARD_SAVE`).
        """
        override = self.save(tt, equipment, printed_save, compare_save)
        if "eternal_guard_style" in special:
            override = ETERNAL_GUARD_SAVE
        return override

    def type_tags(self, cast: _Cast, special: list[str], champion: Profile | None) -> None:
        """Add the rules that name what the model is, read by other units' rules.

        Of type Slaanesh (Elfos Oscuros "Presa de Slaanesh") or Caos ("Martillos de
        Sigmar": "Odio a ... Caos"); a dragon ("Hacha de Ulther", ``dragon_bane``); a
        wizard (Cigor's "Visión ultraterrena"), else a wizard leader (Mullah Aklan'd,
        Hengus: ``champion_special``).
        """
        if re.search(r"\bslaanesh\b", self.tipo) and "slaanesh" not in special:
            special.append("slaanesh")
        if re.search(r"\bcaos\b", self.tipo):
            special.append("chaos")
        if is_dragon(cast.main):
            special.append("dragon")
        if is_wizard(cast.main):
            special.append("wizard")
        elif champion is not None and cast.champion is not None and is_wizard(cast.champion):
            self.champion_special += ("wizard",)

    def command_group(self, roles: set[str]) -> Command:
        """The command group of ``roles`` and those the selection includes, with its points.

        Hermanas de Sigmar "Campeonas": the second champion comes with the champion (a
        named member with the role champion), her option's points with it.
        """
        command = self.command(roles | included_roles(self.sel))
        if self.second_champion_cost:
            command = command.replace(
                champion_points=command.champion_points + self.second_champion_cost)
        return command

    def champion_fields(self, champion: Profile | None, equipment: Equipment,
                        special: list[str]) -> dict[str, object]:
        """The champion's :class:`Unit` fields: his profile, gear, rules, ward and hatred.

        Without a champion profile, the fields' defaults (and no own gear).
        """
        if champion is None:
            return {"champion_profile": None, "champion_weapon": "", "champion_armour": "",
                    "champion_shield": None, "champion_special": (), "champion_ward": 0,
                    "champion_hatred": (), "champion_save_override": None,
                    "champion_troop_type": ""}
        armour, shield = self.champions_armour(equipment)
        return {"champion_profile": champion, "champion_weapon": self.champion_weapon,
                "champion_armour": armour, "champion_shield": shield,
                "champion_special": tuple(f for f in self.champion_special
                                          if f not in special),
                "champion_ward": self.champion_ward, "champion_hatred": self.champion_hatred,
                "champion_save_override": self.champion_save_override,
                "champion_troop_type": self.champion_troop_type}

    def built_notes(self, unit: Unit, champion_raw: RawProfile | None,
                    printed_save: int | None, printed_us: int | None) -> None:
        """Note how the built unit differs from what is printed, or fights apart.

        A champion whose own gear saves differently fights as a body of his own; the
        armour notes (:meth:`armour_notes`); a printed unit strength other than the
        engine's (the engine's wins).
        """
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
