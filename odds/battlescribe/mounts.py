"""Steeds and crews: the profiles the unit fights with, its steeds, and its crew per model.

A chariot's or war machine's profile takes its crew's characteristics with its own T
and W and its steeds' M; a rider moves at his steed's M.  The steeds fight as the unit's
:class:`~odds.units.MountProfile` (a chariot's count from the data, a centaur's hooves, a
chariot that fights with its own body as its one beast), with the steeds' own rules,
charge bonuses and random attacks.
"""

from __future__ import annotations

from odds import rules
from odds.battlescribe.centaurs import _PAREN_ATTACKS
from odds.battlescribe.profiles import _potencia, _Profiles, _pulls, _tipo
from odds.battlescribe.rule_names import parametric_rule
from odds.battlescribe.selection import crewman_node
from odds.battlescribe.spelling import plain_text
from odds.battlescribe.tree import RawProfile
from odds.battlescribe.troop_type import _CREWED, _Cast
from odds.battlescribe.values import parse_characteristic
from odds.units import MountProfile, Profile

# Demonios "Cañón de cráneos" ("Carro, furia asesina y frontal"): "Ten en cuenta que el Cañón
# sólo ataca por su frontal, como si fuera una bestia de tiro": the chariot's own body fights
_BODY_AS_BEAST = "como si fuera una bestia de tiro"
_CHARIOT_CREW = 2
_CHARIOT_STEEDS = 2
_WAR_MACHINE_CREW = 3


_HEAP = "con un monton de ratas gigantes"
"""Skaven "Rueda de la muerte" "Tamaño de la unidad": its rats are one heap, one crew."""


class _Mounts(_Profiles):
    """The unit's fighting profiles, steeds and crew count, and the steeds' own rules."""

    def crewman_type(self, crewman: RawProfile) -> None:
        """A war machine's crewman of his own profile: his printed troop type, if not infantry.

        Enanos del Caos "Mortero terremuerte": its "Ogro", "Infantería monstruosa" (Potencia
        3), fights beside the machine as a body of unit strength 3
        (:attr:`odds.units.Unit.champion_troop_type`).
        """
        tt, exact, _ = _tipo(crewman)
        if tt is not None and exact and tt != "infantry":
            self.champion_troop_type = tt

    def fighters(self, cast: _Cast
                 ) -> tuple[Profile, Profile | None, MountProfile | None, int]:
        """The model's, the champion's and the steeds' profiles, and the crew per model.

        The chariot's or war machine's profile from its crew, steeds and own T and W (a
        crew without Ld: the other crew's), a rider's M from his steed, the steeds (or a
        centaur's hooves, or a chariot's body) as the mount, and how many crew the data
        gives (else assumed, reported).
        """
        tt, main, champion_raw = cast.troop_type, cast.main, cast.champion
        mount_raw, crew_raw, extra_raw, others = cast.mount, cast.crew, cast.extra, cast.others
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
            if crew_raw is None and self.never_fights():
                # mercenaries family: Skaven "Cañón (y dotación)", the machine and its crew in
                # one profile, whose rule "Combate" says they never fight
                self.note(main.name, "note", f"{tt} without a crew profile: its crew never"
                          " fights ('No puede combatir bajo ninguna circunstancia')")
            elif crew_raw is None:
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
        elif champion_raw is not None and tt == "war_machine" and crew_raw is not None:
            # mercenaries family: a war machine's leader printed among its crew (Regimientos de
            # Renombre "Cercenagoblins de Malakai": "Malakai Malaksson (líder)" HA5 F4 I3 A3
            # beside the "Matador" crew; "Ingeniero": "Se considera miembro de la dotación a
            # todos los efectos"): the champion of its crew, with his own profile
            per_letter = {"M": [champion_raw, crew_raw, main]}
            champion = self.profile([champion_raw, crew_raw], "the champion", per_letter)
            if crewman_node(self.sel.unit) is self.sel.command.get("champion"):
                # Orcos y Goblins "Ezpabilagoblins": "Se trata de un Orco a todos los
                # efectos", a crewman and no champion: he never issues nor accepts a challenge
                self.champion_special += ("never_duels",)
                self.crewman_type(champion_raw)
                self.note(champion_raw.name, "note", "one more crewman of his own profile: a"
                          " body of its own beside the machine, with his own profile, wounds"
                          " and save; no champion, he never issues nor accepts a challenge")
            else:
                self.note(champion_raw.name, "note", "the war machine's leader, one more"
                          " crewman: a body of its own beside the machine, with his own"
                          " profile, wounds and save (odds.combat.model.bodies)")

        mount = None
        if self.centaur is not None and self.centaur.hooves and tt == "cavalry":
            profile, champion, mount = self.hooves(main, champion_raw, profile, champion)
        elif mount_raw is not None and tt == "war_machine":
            self.note(mount_raw.name, "approximated", "the steeds of a war machine (horse"
                      " artillery) give its move only; they do not fight in the engine")
        elif (mount_raw is None and tt == "chariot" and crew_raw is not None
              and any(_BODY_AS_BEAST in plain_text(t or "") for t in self.rule_texts().values())):
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
            if not counted and crew_raw is not None and tt == "chariot" and any(
                    _HEAP in plain_text(t or "") for t in self.rule_texts().values()):
                # mercenaries family: Skaven "Rueda de la muerte": "conducida por un Piloto
                # Skryre y con un montón de Ratas Gigantes" (the profile "Ratas gigantes", A5,
                # is the heap; the pilot its second crew)
                counted = 1
                self.note(crew_raw.name, "note", "one heap ('un montón de Ratas Gigantes'):"
                          " one crew of the printed profile")
            printed = _potencia(main) if crew_raw is None and self.never_fights() else None
            if not counted and printed is not None and tt == "war_machine":
                # a war machine's unit strength is its crew count (RULES.md §2.3 Default): a
                # machine and crew printed as one profile that never fights (Skaven "Cañón (y
                # dotación)", Potencia 3) has the crew its printed Potencia counts
                counted = printed
                self.note(main.name, "note", f"{printed} crew, as its printed Potencia"
                          f" {printed} counts (a war machine's unit strength is its crew)")
            crew = min(high, max(low, counted or default))
            missing = [] if counted else [f"{default} crew"]
            if (tt == "chariot" and mount is not None and mount_raw is not None
                    and not self.count_of(mount_raw)):
                missing.append(f"{_CHARIOT_STEEDS} steeds")
            if missing:
                self.note(main.name, "approximated",
                          f"how many crew or steeds per {tt} is not in the data;"
                          f" {' and '.join(missing)} assumed")
        return profile, champion, mount, crew

    def hooves(self, main: RawProfile, champion_raw: RawProfile | None, profile: Profile,
               champion: Profile | None) -> tuple[Profile, Profile | None, MountProfile]:
        """A centaur's hooves as a steed with the model's WS, S and I.

        ``paren``: the steed has the attacks in parentheses (``"1(+1)"``); ``one``:
        one of the model's attacks (rank and file and champion) is the steed's (see
        :func:`~odds.battlescribe.centaurs._centaur_of`).
        """
        assert self.centaur is not None
        if self.centaur.hooves == "paren":
            m = _PAREN_ATTACKS.match(main.values.get("A") or "")
            extra = int(m.group(2)) if m else 0
            if not m:
                self.note(f"{main.name} A", "approximated", "no attack in parentheses for the"
                          " hooves (Arrollar); 1 used")
                extra = 1
            if champion_raw is not None:
                c = _PAREN_ATTACKS.match(champion_raw.values.get("A") or "")
                if c and int(c.group(2)) != extra:
                    self.note(f"{champion_raw.name} A", "approximated", "the champion's hooves"
                              " differ from the rank and file's; theirs used")
        else:
            extra = 1
            profile = profile.replace(A=max(0, profile.A - 1))
            if champion is not None:
                champion = champion.replace(A=max(0, champion.A - 1))
        mount = MountProfile(WS=profile.WS, S=profile.S, I=profile.I, A=extra)
        return profile, champion, mount

    def steed_random_attacks(self, extra: dict[str, object],
                             mount: MountProfile | None) -> MountProfile | None:
        """The steeds' random attacks from the dice printed as their A (:attr:`steed_dice`).

        MDNR gst "Ataques aleatorios (X)" on the steeds' entry (Condes Vampiro "Horda de
        espíritus" A "1D6", with the rule "Ataques aleatorios (1D6)", pulling the "Trono del
        aquelarre" and the "Sagrario mortis"): the steeds' attacks are that roll, one roll per
        unit each round (:attr:`odds.units.MountProfile.random_attacks`).  Other dice than
        the rule's, dice printed for the unit's own models too, or no steeds fighting: the
        average, approximated, as before.
        """
        assert self.steed_dice is not None
        item, expr, note = self.steed_dice
        rolled = str(extra.get("random_attacks") or "")
        if (mount is None or self.dice_attacks or rolled not in ("", expr)
                or expr not in rules.RANDOM_ATTACKS):
            self.note(item, "approximated", note)
            return mount
        extra.pop("random_attacks", None)
        for name in self.rule_names():
            if (parametric_rule(name) or ("",))[0] == "random_attacks":
                self.note(name, "note", f"the steeds' random attacks: {expr.upper()}, rolled"
                          " once each combat round")
                break
        self.note(item, "note", f"the steeds' random attacks ({expr.upper()}): rolled each"
                  " round, not their average")
        return mount.replace(random_attacks=expr)

    def steeds_own_rules(self, mount: MountProfile | None, mount_raw: RawProfile | None,
                         special: list[str]) -> MountProfile | None:
        """The steeds with their charge bonuses and their own rules.

        "Empalar" and a beast's "F+1 en carga" (:attr:`impale`, :attr:`charge_strength`; the
        latter is the model's ``strength_on_charge`` in ``special`` when it has no steeds),
        the rules of the steeds only (:attr:`steed_rules`), and no magic attacks for them
        when only the riders have those (:attr:`rider_magic`).
        """
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
            # the steeds' own rules (rule_names.steed_rule): their blows only
            if mount is not None and mount_raw is not None:
                mount = mount.replace(special=(*mount.special, *flags),
                                      poisoned=poison or mount.poisoned)
            else:
                self.note(name, "ignored", "a rule of the steeds only, and no steed profile")
        if self.rider_magic and mount is not None and "magic_attacks" not in mount.special:
            mount = mount.replace(special=(*mount.special, "mundane_attacks"))
        return mount
