"""A second kind of crew (:attr:`odds.units.Unit.extra_crew`): beside the crew, or handlers.

Bestias "Carro de tuskgors" ("Ungor" and "Bestigor"), Elfos Oscuros "Caldero de sangre"
and a war machine's second crew fight beside the first with their own profile and the
weapon taken under their own entry; a monster's handlers (Elfos Oscuros "Hidra de
guerra": "Aprendices") fight beside it and are never attacked while it lives; a war
machine that fights itself ("¡Está vivo!") is one more fighter beside its crew.  A chariot's
second crew that rides it as a character rides a chariot (Elfos Oscuros "Altar de la
medusa") is a member of its own instead (:meth:`_ExtraCrew.rider_member`).
"""

from __future__ import annotations

from odds.battlescribe.equipment import _Equipment
from odds.battlescribe.equipment_names import WEAPON_NAMES
from odds.battlescribe.profiles import _Profiles
from odds.battlescribe.rule_names import NAMED_HATRED
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import Node, RawProfile
from odds.battlescribe.troop_type import _Cast
from odds.battlescribe.values import parse_save
from odds.units import CrewProfile, Equipment, Member, Profile

_RIDER_RULE = "altar de la medusa"
_RIDER_TEXT = ("trata a todos los efectos una medusa montada en altar drenasangre como"
               " tratarias un personaje montado en carro")
"""Elfos Oscuros (Altar drenasangre) "Altar de la medusa": its name and the phrase of its
text that makes the chariot's second crew a character riding it."""


class _ExtraCrew(_Profiles, _Equipment):
    """The unit's second kind of crew, a monster's handlers, a war machine fighting itself."""

    def second_crew_entry(self, extra_raw: RawProfile | None) -> Node | None:
        """The entry carrying a second crew's profile; its option tree is :attr:`extra_nodes`."""
        carrier = None
        if extra_raw is not None:
            carrier = next(n for n in self.sel.unit.walk()
                           if any(q is extra_raw for q in n.profiles))
            self.extra_nodes = {id(n) for n in carrier.walk()}
        return carrier

    def second_crew(self, cast: _Cast, carrier: Node | None, profile: Profile
                    ) -> tuple[CrewProfile | None, Profile]:
        """The unit's extra crew from its entry ``carrier``, and the model's ``profile``.

        A monster tests on the higher Ld of it and its handlers: the profile's Ld.
        """
        tt, main, crew_raw, extra_raw = cast.troop_type, cast.main, cast.crew, cast.extra
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
            elif tt == "chariot" and self.rider_character():
                self.note(extra_raw.name, "note", "rides the chariot as a character: a body of"
                          " its own in the front rank with its profile, weapon"
                          f" ({extra_crew.weapon}) and save, attacked apart; it fights on"
                          " alone once the chariot is destroyed")
            elif tt == "chariot":  # a chariot's crew have no wounds of their own: the chariot's
                self.note(extra_raw.name, "note", f"a second kind of crew: fights beside"
                          f" {beside} with its own profile and weapon ({extra_crew.weapon})")
            elif self.crew_alike(crew_raw, extra_raw, main):
                # Bretonia "Capataz" (Pot-de-Feu, Balista de asedio, Cañón bretoniano), T3 H1
                # as the "Campesino" beside him: one more crewman with his own WS, S, I, A
                # and Ld; the machine's wounds are its own whoever crews it, so nothing of
                # his is left out (the unit's Ld is its best model's, its unit strength its
                # crew count, RULES.md §2.3: extra_crew_strength())
                profile = profile.replace(Ld=max(profile.Ld, self.characteristic(
                    "Ld", [extra_raw], "the crew")))
                self.note(extra_raw.name, "note", f"a second kind of crew: fights beside"
                          f" {beside} with its own profile and weapon ({extra_crew.weapon});"
                          f" T and W as {beside}'s, so the machine's wounds stand; the unit"
                          f" tests on the higher Ld and counts him in its unit strength")
            else:
                self.note(extra_raw.name, "approximated", f"a second kind of crew: fights"
                          f" beside {beside} with its own profile and weapon; its own T and W"
                          f" are not in the war machine's wounds")
        return extra_crew, profile

    def rider_character(self) -> bool:
        """Whether the chariot's second crew rides it as a character ("Altar de la medusa").

        Elfos Oscuros (Altar drenasangre) "Altar de la medusa": "Trata a todos los efectos una
        Medusa montada en Altar Drenasangre como tratarías un personaje montado en carro
        (pueden ser atacados de forma separada, dan puntos de victoria de forma individual,
        etc)".
        """
        return any(normalize(n) == _RIDER_RULE and _RIDER_TEXT in plain_text(t or "")
                   for n, t in self.rule_texts().items())

    def rider_member(self, raw: RawProfile, crew: CrewProfile) -> Member:
        """The chariot's rider (:meth:`rider_character`) as a member of the unit.

        A character riding a chariot is a body of its own (its printed profile, the weapon
        taken under its entry, its printed save, a monster's unit strength: its wounds),
        attacked apart from the chariot and lending the unit its Ld; "Si el Altar es
        destruido y la Medusa sobrevive ... se tratará a la Medusa como un Monstruo
        individual": it fights on alone.
        """
        printed, _ = parse_save(raw.values.get("TSA"))
        return Member(name=raw.name, role="character",
                      profile=self.profile([raw], "the rider", {}),
                      equipment=Equipment(weapon=crew.weapon), troop_type="monster",
                      armour_save_override=printed or 7)

    @staticmethod
    def crew_alike(crew_raw: RawProfile | None, extra_raw: RawProfile,
                   main: RawProfile) -> bool:
        """Whether a war machine's second crew has the printed T and W of its first.

        Only on a machine printing T and W of its own (``main``): Elfos Oscuros "Caldero de
        sangre" prints none (its crew's wounds are its own: reported elsewhere).
        """
        return crew_raw is not None and all(
            (main.values.get(c) or "").strip() != "" for c in ("R", "H")) and all(
            (crew_raw.values.get(c) or "").strip() == (extra_raw.values.get(c) or "").strip()
            for c in ("R", "H"))

    def extra_crew_strength(self, cast: _Cast, crew: int,
                            extra_crew: CrewProfile | None) -> int | None:
        """A war machine's unit strength counting a second crew alike its first, or None.

        RULES.md §2.3 (Default): a war machine's unit strength is its crew count; a second
        crew of the first's T and W (Bretonia "Capataz") is one more crewman.
        """
        if (cast.troop_type == "war_machine" and cast.extra is not None
                and extra_crew is not None and not self.handlers
                and self.crew_alike(cast.crew, cast.extra, cast.main)):
            return crew + extra_crew.count
        return None

    def living_machine(self, tt: str, main: RawProfile, special: list[str],
                       extra_crew: CrewProfile | None
                       ) -> tuple[list[str], CrewProfile | None]:
        """A war machine that fights beside its crew (``living_machine``): its extra crew."""
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
        return special, extra_crew

    def crew_weapon(self, carrier: Node, tt: str) -> str:
        """The close-combat weapon taken under a second kind of crew's entry ``carrier``."""
        taken = {id(n) for n in self.sel.taken}
        weapons = [(n.name, self.weapon(key, tt)) for n in carrier.walk()[1:]
                   if id(n) in taken and (key := self.equipment_key(n)) in WEAPON_NAMES]
        weapon = self.one_weapon(weapons, " per crew")
        weapon = self.usable_weapon(weapon, weapons, tt)
        for n, key in ((x.name, self.equipment_key(x)) for x in carrier.walk()[1:]
                       if id(x) in taken):
            if key is not None and key not in WEAPON_NAMES:
                self.note(n, "no_combat_effect", "the second crew's armour (the chariot's"
                          " printed save is used)")
        return weapon

    def handlers_hatred(self, carrier: Node) -> tuple[str, ...]:
        """The hatred of a monster's handlers, from the rules under their entry ``carrier``.

        Elfos Oscuros "Aprendiz": "Odio a los altos elfos"
        (:data:`~odds.battlescribe.rule_names.NAMED_HATRED`): their own blows re-roll missed
        hits in the first round against High Elves; the monster's do not.  Any other rule of
        theirs is reported.
        """
        taken = {id(n) for n in self.sel.taken}
        hated: list[str] = []
        for node in carrier.walk():
            if id(node) not in taken:
                continue
            for name in node.rules:
                key = normalize(name)
                if key in NAMED_HATRED:
                    hated += NAMED_HATRED[key]
                    self.note(name, "note", "the handlers' own hatred: their blows only")
                else:
                    self.note(name, "ignored", "a rule of the handlers alone: not modelled")
        return tuple(sorted(set(hated)))

    def handlers_profile(self, main: RawProfile, raw: RawProfile, crew: CrewProfile) -> None:
        """Report a monster's handlers (:attr:`handlers`) as the engine fights them."""
        self.note(raw.name, "note", f"the monster's {crew.count} handlers: they fight beside"
                  f" it with their own profile and weapon ({crew.weapon}) and are never"
                  f" attacked while it lives; the unit tests on the higher Ld of"
                  f" {main.name} and its handlers (a unit uses the highest Ld among"
                  f" its models)")
