"""Taken catalogue entries (or roster selections) → an :class:`odds.units.Unit`.

:func:`build_unit` reads a selection with a builder made of the parts of a unit entry,
each in the module of its concept:

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
* :mod:`odds.battlescribe.reading`: what they share (the selection, the report, what has
  been read so far).

Troop type, profile and mount
-----------------------------
The unit's first ``Modelo`` profile is the rank-and-file model (the
champion's profile, named like the command group's champion entry, is the
champion's).  Its ``Tipo`` gives the troop type (first word(s), see
:data:`~odds.battlescribe.troop_type_names.TROOP_TYPE_NAMES`), except that:

* a rider whose unit also has a steed profile (``Tipo`` ``Caballería``) is
  **cavalry**: the steed is the :class:`~odds.units.MountProfile` and gives
  the rider's M when the rider has none (MDNR prints knights as
  ``Infantería`` with the warhorse ``Caballería`` beside them);
* a ``Carro`` is a **chariot**: the engine's profile takes the crew's
  characteristics with the chariot's T and W and the steeds' M, the
  chariot's S is the impact-hit strength and its printed save is the
  ``armour_save_override``; crew and steed counts are not in the data (2 and
  2 are assumed, reported); war machines likewise take the crew's
  characteristics with the machine's T and W (crew 3 assumed, reported);
  a second kind of crew (Bestias "Carro de tuskgors": "Ungor" and "Bestigor";
  Elfos Oscuros "Caldero de sangre": "Gran elfa bruja") is the unit's
  ``extra_crew`` with the weapon taken under its own entry (on a war machine
  its own T and W are not in the machine's wounds: reported);
* a printed move roll (``M`` "5D6", gst "Movimiento aleatorio") is the unit's
  ``random_move`` (its ``M`` the mean roll);
* a missing ``Tipo`` is inferred from ``Potencia`` (1 infantry, 2 cavalry,
  3 monstrous infantry, more: monster), reported;
* a steed printed ``Caballería`` like its rider (no T/W, ``TSA`` "+1") is the
  mount, not the model; a chariot's steeds are the profiles that move (M) with no
  T/W of their own, whatever their ``Tipo``, its crew the ones without M;
* centaurs (*Centauro*, *Centauro menor*) are cavalry whose hooves (*Arrollar*:
  the attack in parentheses) fight as a steed of the model's own WS, S and I;
  ``Caballería monstruosa`` is cavalry of its printed ``Potencia``, not man-sized.


Unit strength
-------------
The troop type's (RULES.md §2.3), unless the printed ``Potencia`` is higher or
the unit flies (flyers are 1): then ``unit_strength_override`` (war machines
keep their crew count).

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

from odds import rules
from odds.battlescribe.centaurs import _centaur_of

# re-exported: tests/test_army_profiles.py reads it here
from odds.battlescribe.equipment import _missile_only as _missile_only
from odds.battlescribe.extra_crew import _ExtraCrew
from odds.battlescribe.members import _JOINED, _MEMBER_TYPES, _Members
from odds.battlescribe.mounts import _Mounts
from odds.battlescribe.profiles import _potencia, _pulls, _steed_like, _tipo, is_dragon, is_wizard
from odds.battlescribe.races import race_from_name, race_from_tipo
from odds.battlescribe.report import Collector
from odds.battlescribe.saves import _Saves
from odds.battlescribe.selection import Selection, apart, included_roles
from odds.battlescribe.special_rules import _SpecialRules
from odds.battlescribe.spelling import normalize
from odds.battlescribe.troop_type_names import UNPRINTED_TROOP_TYPES
from odds.battlescribe.unmodelled import SECOND_PROFILE_REASONS
from odds.battlescribe.values import parse_characteristic, parse_save
from odds.units import CrewProfile, MountProfile, Unit
from odds.validation import OddsInputError

_FLYING_MONSTER = "se considera como un monstruo volador a todos los demas efectos"
# Demonios "Cañón de cráneos" ("Carro, furia asesina y frontal"): "Ten en cuenta que el Cañón
# sólo ataca por su frontal, como si fuera una bestia de tiro": the chariot's own body fights
_BODY_AS_BEAST = "como si fuera una bestia de tiro"
# a monster's handlers (Elfos Oscuros "Controlada", "Controlado"): "los Aprendices son expertos
# en utilizar a la Hidra para su propia protección, con lo que el enemigo atacará a la Hidra
# si le es posible en vez de a los Aprendices"
_HANDLERS = re.compile(r"el enemigo atacara (?:a la|al) [a-z]+ si le es posible en vez de a"
                       r" los ([a-z]+)")
# Condes Vampiro "Carro de Cadaveres (No se considera un carro)": "Pese a su nombre y su
# estructura, esta miniatura NO es un Carro a ningún efecto. No causa impactos por carga, no
# resulta eliminado por heridas de F7 ... Se considera una especie de monstruo / altar"
_NOT_A_CHARIOT = re.compile(r"\bno es un carro a ningun efecto\b.*\bse considera una especie"
                            r" de monstruo\b")
# a monster's printed Potencia counting its handlers: "6 + 1 por cada aprendiz vivo"
_HANDLERS_US = re.compile(r"^(\d+) \+ 1 por cada ([a-z]+) vivo$")

__all__ = ["Built", "build_unit"]

_CHARIOT_CREW = 2
_CHARIOT_STEEDS = 2
_WAR_MACHINE_CREW = 3
_CREWED = ("chariot", "war_machine")


@dataclass(frozen=True, slots=True)
class Built:
    """A built unit with the printed values it was compared against."""

    unit: Unit
    printed_save: int | None
    printed_unit_strength: int | None


class _Builder(_Members, _Mounts, _ExtraCrew, _SpecialRules, _Saves):
    """The builder of one unit: its parts (see the module notes) and their order."""

    def build(self, *, models: int, files: int, roles: set[str], points_per_model: float,
              compare_save: bool) -> Built:
        for node in self.sel.unit.children:
            if apart(node):
                # Regimientos de Renombre "Personaje" (Barda): "no tiene que ir unido a la
                # unidad (¡de hecho no puede!)": neither its champion nor one of its models
                self.note(node.name, "note", "a character of his own who can never be in this"
                          " unit (his rule 'Personaje'): not imported with it, his points"
                          " stay in the regiment's price")
        self.centaur = _centaur_of(self.rule_texts())
        others, champion_raw = self.profiles()
        # the model's own profile first: a chariot or war machine before its crew, a rider
        # before its steed (MDNR prints "Corcel de Slaanesh" before "Diablilla")
        # (a steed printed "Caballería" like its rider, Regimientos de Renombre "Caballo de
        # guerra" beside "Perro del Desierto", goes after the rider)
        rank = {"chariot": 0, "war_machine": 0, "cavalry": 2}
        others = sorted(others, key=lambda p: 3 if _steed_like(p) and _tipo(p)[0] == "cavalry"
                        else rank.get(_tipo(p)[0] or "", 1))
        main = others[0]
        tt, exact, printed_type = _tipo(main)
        self.not_chariot = next((n for n, t in self.rule_texts().items()
                                 if _NOT_A_CHARIOT.search(normalize(t or ""))), "")
        if self.not_chariot and tt == "chariot" and not exact and len(others) == 1:
            # one model printed "Altar" that its own rule says is no chariot but "una especie
            # de monstruo": a monster, fighting with its own profile (no crew, no steeds, no
            # impact hits)
            tt, exact = "monster", True
            self.note(f"{main.name} Tipo", "note", f"troop type {printed_type!r}: a monster,"
                      f" as its rule {self.not_chariot!r} says")
        else:
            self.not_chariot = ""
        if tt == "war_machine":
            # Enanos "Máquina experimental" (Girocóptero): "Se considera Máquina de guerra a
            # efectos de Hechizos y Objetos mágicos. Se considera como un Monstruo volador a
            # todos los demás efectos": one model fighting with its own profile
            self.flying_monster = next((n for n, t in self.rule_texts().items()
                                        if _FLYING_MONSTER in normalize(t or "")), "")
            if self.flying_monster:
                tt, exact = "monster", True
        cavalry_like = sorted((p for p in others[1:] if _tipo(p)[0] == "cavalry"),
                              key=lambda p: not _steed_like(p))
        used = [main]
        mount_raw = crew_raw = extra_raw = None
        command_ids = {id(q) for n in self.sel.command.values() for q in n.profiles}
        if tt in _CREWED:
            # the steeds: "Caballería" profiles, or any that moves (M) with no T and W of its
            # own (Bestias "Tuskgor", Tipo "Monstruo, Animal"; Imperio "Caballo de guerra",
            # no Tipo); the crew ride (no M: "Ungor", "Acólito")
            steeds = cavalry_like + [p for p in others[1:] if p not in cavalry_like
                                     and _pulls(p)]
            crew_raw = next((p for p in others[1:] if p not in steeds), None)
            mount_raw = steeds[0] if steeds else None
            # a second kind of crew beside the first (Bestias "Carro de tuskgors": "Ungor"
            # and "Bestigor"): kept as the unit's extra_crew
            second = [p for p in others[1:] if p not in steeds and p is not crew_raw
                      and _tipo(p)[0] not in ("cavalry", *_CREWED)
                      and id(p) not in command_ids]
            if crew_raw is not None and len(second) == 1:
                extra_raw = second[0]
        elif self.centaur is not None and tt in (None, "infantry", "cavalry"):
            # "se consideran caballería a todos los efectos" (Tipo "Infantería/Caballería");
            # "no tienen perfil de montura": another cavalry profile is another model
            tt, exact = "cavalry", True
        elif cavalry_like and tt in (None, "infantry", "cavalry"):
            tt, exact, mount_raw = "cavalry", True, cavalry_like[0]
        elif (tt == "infantry" and normalize(self.name).startswith("caballer")
              and (parse_characteristic(main.values.get("M")).value or 0) >= 18):
            # knights printed as one "Infantería" profile with their steed's move (MDNR
            # Imperio "Caballeros de semigrifo": M20): mounted, the steed folded in
            tt, exact = "cavalry", True
            self.folded_knight = True
            self.note(f"{main.name} Tipo", "note", f"troop type {printed_type!r} with"
                      f" M{main.values.get('M')}: cavalry, the steed folded into the profile")
        if tt == "monster":
            # a monster's handlers (Elfos Oscuros "Hidra de guerra", "Kharibdyss"): one profile
            # on foot beside it that a rule of the unit names as those the enemy may not
            # attack while the monster lives; kept as the unit's extra_crew
            rule = next(((n, m.group(1)) for n, t in self.rule_texts().items()
                         if (m := _HANDLERS.search(normalize(t or "")))), None)
            feet = [p for p in others[1:] if _tipo(p)[0] == "infantry"
                    and id(p) not in command_ids]
            if rule is not None and len(feet) == 1 and normalize(feet[0].name)[:6] == rule[1][:6]:
                self.handlers, extra_raw = rule[0], feet[0]
        monstrous = any(normalize(_tipo(p)[2]) == "caballeria monstruosa"
                        for p in (main, mount_raw) if p is not None) and tt == "cavalry"
        if monstrous and not exact:
            exact = True
            self.note(f"{main.name} Tipo", "note", "'Caballería monstruosa' is cavalry with its"
                      " printed Potencia, not man-sized (killing blow: RULES.md §1.6)")
        unprinted = UNPRINTED_TROOP_TYPES.get(normalize(main.name))
        if tt is None and not printed_type and unprinted is not None and (
                rules.unit_strength_per_model(unprinted[0]) == _potencia(main)):
            tt, exact = unprinted[0], True
            self.note(f"{main.name} Tipo", "note", f"no Tipo printed; {tt}: {unprinted[1]}"
                      f" (Potencia {_potencia(main)} agrees)")
        if tt is None:
            us = _potencia(main)
            tt = {1: "infantry", 2: "cavalry", 3: "monstrous_infantry", None: "infantry"}.get(
                us, "monster")
            self.note(f"{main.name} Tipo", "approximated",
                      f"troop type {printed_type or 'missing'!r} not known; {tt} inferred from"
                      f" Potencia {us}")
        elif (not exact and normalize(printed_type) in ("bestia", "bestia monstruosa")
              and _potencia(main) == rules.unit_strength_per_model(tt)):
            # a war beast on foot is infantry or monstrous infantry in all but its name
            # (Reinos del Caos "Sapo de plaga": "Bestia monstruosa", Potencia 3)
            self.note(f"{main.name} Tipo", "note", f"troop type {printed_type!r} imported as"
                      f" {tt} (Potencia {_potencia(main)} agrees)")
        elif not exact:
            self.note(f"{main.name} Tipo", "approximated",
                      f"troop type {printed_type!r} imported as {tt}")
        # one "Caballería" profile and no steed: a beast (war hounds, wolves, a cold one herd)
        self.riderless = (tt == "cavalry" and exact and mount_raw is None
                          and self.centaur is None and _tipo(main)[0] == "cavalry")
        used += [p for p in (mount_raw, crew_raw, extra_raw) if p is not None]
        command_profiles = {id(q): (r, n) for r, n in self.sel.command.items()
                            if r != "champion" for q in n.profiles}
        leader = self.sel.command.get("champion")
        for p in others:
            if p in used:
                continue
            if id(p) in command_profiles:  # a named musician or standard bearer
                same = all(p.values.get(k) == main.values.get(k)
                           for k in ("HA", "F", "R", "H", "I", "A", "L"))
                if not same and tt in _MEMBER_TYPES:
                    self.member_raws.append((p, *command_profiles[id(p)]))
                elif not same:
                    self.note(p.name, "approximated", "a command model's own profile: it"
                              " fights as the rank and file")
                continue
            named = next((n for n in self.sel.unit.walk()[1:] if any(q is p for q in n.profiles)
                          and n.key.endswith("(campeon)") and n.kind != "group"
                          and (n.low or 0) >= 1 and n.high == 1), None)
            if (named is not None and leader is not None and named is not leader
                    and tt in _MEMBER_TYPES):
                # a champion beside the regiment's leader (Comando Mortal: "Mullah Aklan'd
                # (líder)" and "Hasim el Eunuco (campeón)"): a named member
                self.member_raws.append((p, "champion", named))
                continue
            joined = next((n for n in self.sel.unit.walk()[1:]
                           if any(q is p for q in n.profiles) and n.kind != "group"
                           and (n.low or 0) >= 1 and n.high == 1
                           and any(_JOINED in normalize(t or "") for t in n.rule_texts.values())),
                          None)
            if joined is not None and tt in _MEMBER_TYPES:
                # "Scarloc se considera a todos los efectos como si fuera un personaje que se
                # ha unido a la unidad ... salvo que no puede abandonar la unidad": a member
                # that lends its Ld as a joined character does
                self.member_raws.append((p, "character", joined))
                continue
            self.note(p.name, "ignored", SECOND_PROFILE_REASONS.get(
                normalize(p.name), "second model profile in the unit: only the first"
                " rank-and-file profile is modelled"))
        self.member_ids = {id(x) for _, _, n in self.member_raws for x in n.walk()}

        if tt in _CREWED:
            body = crew_raw or main
            per_letter = {c: [body, main] for c in ("WS", "BS", "S", "I", "A", "Ld")}
            per_letter.update({"T": [main], "W": [main]})
            per_letter["M"] = [main] + ([mount_raw] if mount_raw else []) + [body]
            crews = [p for p in others[1:] if p is not crew_raw and p is not mount_raw
                     and not _pulls(p) and _tipo(p)[0] != "cavalry"]
            if crew_raw is not None and crews and parse_characteristic(
                    crew_raw.values.get("L")).value is None:
                # a crew printed without L beside another that has one (Bestias "Carro de
                # tuskgors": "Ungor" L blank, "Bestigor" L7): the other's
                per_letter["Ld"] = [body, *crews, main]
                if extra_raw is not None and crews == [extra_raw]:
                    # both crews kept: the chariot tests on the best Ld among its models
                    self.note(f"{crew_raw.name} L", "note", f"the crew has no L; the other"
                              f" crew's ({extra_raw.name}) is the unit's")
                else:
                    self.note(f"{crew_raw.name} L", "approximated", "the crew has no L; the"
                              " other crew's used")
            if crew_raw is None:
                self.note(main.name, "approximated", f"{tt} without a crew profile")
            profile = self.profile([main], f"the {tt}", per_letter)
        else:
            # a mounted model moves at its steed's M (RULES.md §4.1 flee dice follow it)
            per_letter = {"M": ([mount_raw] if mount_raw else []) + [main]}
            profile = self.profile([main], "the model", per_letter)
        champion = None
        if champion_raw is not None and tt not in _CREWED:
            per_letter = {"M": ([mount_raw] if mount_raw else []) + [champion_raw, main]}
            champion = self.profile([champion_raw, main], "the champion", per_letter)

        mount = None
        if self.centaur is not None and self.centaur.hooves and tt == "cavalry":
            profile, champion, mount = self.hooves(main, champion_raw, profile, champion)
        elif mount_raw is not None and tt == "war_machine":
            self.note(mount_raw.name, "approximated", "the steeds of a war machine (horse"
                      " artillery) give its move only; they do not fight in the engine")
        elif (mount_raw is None and tt == "chariot" and crew_raw is not None
              and any(_BODY_AS_BEAST in normalize(t or "") for t in self.rule_texts().values())):
            # its body's own attacks (WS, S, I, A of the chariot's profile) as its one beast
            mount = MountProfile(**{c: self.characteristic(c, [main], "the chariot")
                                    for c in ("WS", "S", "I", "A")}, count=1)
        elif mount_raw is not None:
            mount = MountProfile(
                **{c: self.characteristic(c, [mount_raw], "the steed")
                   for c in ("WS", "S", "I", "A")},
                count=min(8, self.count_of(mount_raw) or _CHARIOT_STEEDS) if tt == "chariot"
                else 1,
            )
        crew = 1
        if tt in _CREWED:
            # the entries carrying the crew's and the steeds' profiles say how many
            # ("Tripulantes" min 2, "Corcel del Caos con barda" min 2, "Dotación" min 3)
            counted = self.count_of(crew_raw) if crew_raw is not None else 0
            low, high = (1, 6) if tt == "chariot" else (1, 10)
            default = _CHARIOT_CREW if tt == "chariot" else _WAR_MACHINE_CREW
            crew = min(high, max(low, counted or default))
            missing = [] if counted else [f"{default} crew"]
            if (tt == "chariot" and mount is not None and mount_raw is not None
                    and not self.count_of(mount_raw)):
                missing.append(f"{_CHARIOT_STEEDS} steeds")
            if missing:
                self.note(main.name, "approximated",
                          f"how many crew or steeds per {tt} is not in the data;"
                          f" {' and '.join(missing)} assumed")

        carrier = None
        if extra_raw is not None:
            carrier = next(n for n in self.sel.unit.walk()
                           if any(q is extra_raw for q in n.profiles))
            self.extra_nodes = {id(n) for n in carrier.walk()}

        self.troop_type = tt
        self.race = (race_from_tipo(self.army, main.values.get("Tipo") or "")
                     or race_from_name(self.army, self.name, tuple(self.rule_names())))
        self.mixed_front_rank(tt)
        equipment = self.equipment(tt, mount_raw)
        if self.folded_knight and equipment.armour == "none":
            equipment = self.folded_armour(main, equipment)
        self.option_rules = self.rules_of_options(roles | included_roles(self.sel))
        extra_crew = None
        if extra_raw is not None and carrier is not None:
            extra_crew = CrewProfile(
                **{c: self.characteristic(c, [extra_raw], "the crew")
                   for c in ("WS", "S", "I", "A")},
                count=min(6, max(1, self.count_of(extra_raw) or 1)),
                weapon=self.crew_weapon(carrier, "infantry" if self.handlers else tt),
                hatred=self.handlers_hatred(carrier) if self.handlers else (),
                handlers=bool(self.handlers),
            )
            beside = crew_raw.name if crew_raw else "the crew"
            if self.handlers:
                self.handlers_profile(main, extra_raw, extra_crew)
                profile = profile.replace(Ld=max(profile.Ld, self.characteristic(
                    "Ld", [extra_raw], "the handlers")))
            elif tt == "chariot":  # a chariot's crew have no wounds of their own: the chariot's
                self.note(extra_raw.name, "note", f"a second kind of crew: fights beside"
                          f" {beside} with its own profile and weapon ({extra_crew.weapon})")
            else:
                self.note(extra_raw.name, "approximated", f"a second kind of crew: fights"
                          f" beside {beside} with its own profile and weapon; its own T and W"
                          f" are not in the war machine's wounds")
        special, extra = self.rules()
        special += self.weapon_rules
        if "living_machine" in special:
            # "¡Está vivo!" (Cañón infernal): "En combate, el propio Cañón combate (así que los
            # Enanos se sitúan a su lado en vez de delante)": the machine's printed WS, S, I
            # and A as one more fighter beside the crew, with a hand weapon (it has no other)
            if tt != "war_machine" or extra_crew is not None:
                special = [f for f in special if f != "living_machine"]
                self.note("¡Está vivo!", "ignored", "a war machine fighting beside its crew;"
                          f" this unit is a {tt}" + (" with a second crew" if extra_crew
                                                    else ""))
            else:
                extra_crew = CrewProfile(
                    **{c: self.characteristic(c, [main], "the war machine")
                       for c in ("WS", "S", "I", "A")}, count=1)
                self.note(main.name, "note", f"the machine fights beside its crew ('¡Está"
                          f" vivo!'): WS{extra_crew.WS} S{extra_crew.S} I{extra_crew.I}"
                          f" A{extra_crew.A}, a hand weapon")
        if "daemonic_bsb" in special and not re.search(
                r"\bnurgle\b", normalize(main.values.get("Tipo") or "")):
            # "Bendición de Nurgle": "sólo a unidades de tipo Nurgle"
            special = [f for f in special if f != "daemonic_bsb"]
            self.note("Bendición de Nurgle", "ignored", "a daemonic battle standard for"
                      " units of type Nurgle only; this one is not")
        vomit = next((t for n, t in self.rule_texts().items()
                      if normalize(n) == "vomito putrefacto"), "")
        if ("putrid_vomit" in special and mount is not None and mount_raw is not None
                and normalize(mount_raw.name).startswith("jinete")
                and "solo los del jinete" in normalize(vomit)):
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
        if self.impale is not None:
            if mount is not None:
                mount = mount.replace(charge_bonus=self.impale[1])
            else:
                self.note(self.impale[0], "ignored", "a charge bonus of steeds the engine"
                          " does not model (no steed profile)")
        if self.charge_strength:
            # the beast with the rule: the model itself, or the steeds when it has some (the
            # garragors pulling a "Carro de garragor")
            if mount is not None:
                mount = mount.replace(charge_bonus=min(3, mount.charge_bonus + 1))
            else:
                special.append("strength_on_charge")
        for name, flags, poison in self.steed_rules:
            # the steeds' own rules (names.steed_rule): their blows only
            if mount is not None and mount_raw is not None:
                mount = mount.replace(special=(*mount.special, *flags),
                                      poisoned=poison or mount.poisoned)
            else:
                self.note(name, "ignored", "a rule of the steeds only, and no steed profile")
        if self.rider_magic and mount is not None and "magic_attacks" not in mount.special:
            mount = mount.replace(special=(*mount.special, "mundane_attacks"))
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
        override = self.save(tt, equipment, printed_save, compare_save)
        printed_us = _potencia(mount_raw) if tt == "cavalry" and mount_raw else _potencia(main)
        counted_us = _HANDLERS_US.match(normalize(main.values.get("Potencia") or ""))
        if monstrous:
            # RULES.md §2.3 has no row for it: the data's Potencia (Estrujasangre 3, the
            # Revientacráneos rider 3 with the Juggernaut's blank) is the unit strength
            printed_us = printed_us or _potencia(main)
            if printed_us is not None and printed_us != 2:
                extra["unit_strength_override"] = printed_us
            special.append("immune_to_killing_blow")
        elif counted_us is not None and extra_crew is not None and self.handlers:
            # "Potencia 6 + 1 por cada aprendiz vivo": the handlers are never attacked
            # while the monster lives ("Controlada"), so all of them live in every combat
            printed_us = int(counted_us.group(1)) + extra_crew.count
            extra["unit_strength_override"] = printed_us
            self.note("Potencia", "note", f"printed {main.values.get('Potencia')!r}: unit"
                      f" strength {printed_us} with its {extra_crew.count} handlers, who are"
                      f" never attacked while it lives")
        elif printed_us is not None and tt != "war_machine":
            # RULES.md §2.3 (MDNR and its BattleScribe data): a printed Potencia above the
            # troop type's counts what the type leaves out (a chariot's rider, a monster's
            # wounds beyond 10, a howdah); flyers are 1 ("Unit of flyers: 1"); a war machine
            # keeps the crew count (§2.3 Default)
            derived = rules.unit_strength_per_model(tt, profile.W, crew=crew)
            if printed_us > derived or (printed_us < derived and "flying" in special):
                extra["unit_strength_override"] = printed_us
                self.note("Potencia", "note", f"printed unit strength {printed_us} per model"
                          f" used (the troop type gives {derived}; RULES.md §2.3)")
        if is_dragon(main):
            special.append("dragon")  # names the model for "Hacha de Ulther" (dragon_bane)
        if is_wizard(main):
            special.append("wizard")  # names the model for Cigor's "Visión ultraterrena"
        elif champion is not None and champion_raw is not None and is_wizard(champion_raw):
            self.champion_special += ("wizard",)  # a wizard leader (Mullah Aklan'd, Hengus)
        command = self.command(roles | included_roles(self.sel))
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
        except OddsInputError as exc:
            raise OddsInputError(f"unit {self.name!r}: {exc}") from None
        if (unit.command.champion and unit.champion_save != unit.armour_save
                and unit.champion_save_override is None):
            ce = unit.champion_equipment
            self.note(champion_raw.name if champion_raw is not None else "champion", "note",
                      f"the champion's own gear ({ce.weapon}, {ce.armour} armour"
                      f"{', shield' if ce.shield else ''}) saves {unit.champion_save}+ in close"
                      f" combat, the unit {unit.armour_save}+: it fights as a body of its own")
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
        if printed_us is not None and printed_us != unit.unit_strength_per_model:
            self.note("Potencia", "note",
                      f"printed unit strength {printed_us} per model, engine"
                      f" {unit.unit_strength_per_model} (RULES.md §2.3; engine wins)")
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
