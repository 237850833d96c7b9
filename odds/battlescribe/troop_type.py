"""The troop type, and the part each printed profile plays in the unit.

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
* a Beastmaster's bears (Elfos Silvanos "Oso salvaje", ``Monstruo``, beside the lord on
  foot) are no steed: :mod:`odds.battlescribe.beast_lord` builds the unit as the bears
  with the lord in it;
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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from odds import rules
from odds.battlescribe.beast_lord import beasts_on_foot
from odds.battlescribe.centaurs import _centaur_of
from odds.battlescribe.members import _Members
from odds.battlescribe.profiles import _potencia, _pulls, _steed_like, _tipo
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import RawProfile
from odds.battlescribe.troop_type_names import UNPRINTED_TROOP_TYPES
from odds.battlescribe.values import parse_characteristic
from odds.units import CrewProfile, Profile

_FLYING_MONSTER = "se considera como un monstruo volador a todos los demas efectos"
# a monster's handlers (Elfos Oscuros "Controlada", "Controlado"): "los Aprendices son expertos
# en utilizar a la Hidra para su propia protección, con lo que el enemigo atacará a la Hidra
# si le es posible en vez de a los Aprendices"
_HANDLERS = re.compile(r"el enemigo atacara (?:a la|al) [a-z]+ si le es posible en vez de a"
                       r" los ([a-z]+)")
# Condes Vampiro "Carro de Cadaveres (No se considera un carro)": "Pese a su nombre y su
# estructura, esta miniatura NO es un Carro a ningún efecto. No causa impactos por carga, no
# resulta eliminado por heridas de F7 ... Se considera una especie de monstruo / altar"; the
# clan books' "No se considera un carro" (Tipo "Carro"): "Pese a tener el tipo de unidad
# Carro, el Carro de Cadáveres no tiene las reglas de carro (no se destruye por una herida de
# F7 o más, tiene la capacidad de marchar si nada se lo impide, no causa impactos por carga...)"
_NOT_A_CHARIOT = re.compile(r"\bno es un carro a ningun efecto\b.*\bse considera una especie"
                            r" de monstruo\b|\bno tiene las reglas de carro\b")
# Bretonia "Relicario" (Relicario y peregrinos de batalla): "El Relicario es una miniatura
# única ... se considera Infantería a todos los efectos", its profile's Tipo "Altar"
_INFANTRY_AS_RULED = re.compile(r"\bel ([a-z]+) es una miniatura unica\b.*\bse considera"
                                r" infanteria a todos los efectos\b")
# a monster's printed Potencia counting its handlers: "6 + 1 por cada aprendiz vivo"
_HANDLERS_US = re.compile(r"^(\d+) \+ 1 por cada ([a-z]+) vivo$")

_CREWED = ("chariot", "war_machine")


def _printed_mount(p: RawProfile) -> bool:
    """Whether a profile is a steed printed with Tipo "Montura" and no T or W of its own.

    Reyes Funerarios (Ejército de Quatar, con Personajes Especiales) "Caballeros de la
    Necrópolis": "Necrosierpe", Tipo "Montura", beside the rider "Caballero de la
    Necrópolis" (Tipo "Caballería monstruosa", no M): the rider's steed, as the v5 book's
    "Necrosierpe" printed "Caballería monstruosa".
    """
    no_body = all(parse_characteristic(p.values.get(c)).value is None for c in ("R", "H"))
    return no_body and normalize(_tipo(p)[2]) == "montura"


def _unprinted_steed(p: RawProfile) -> bool:
    """Whether a profile is a steed's whose Tipo names no troop type.

    Bretonia and the elves: Elfos Silvanos "Caballería pesada silvana": "Corcel élfico con
    barda", Tipo "Animal, Elfo Silvano.", no T or W, TSA "+2", Potencia "2 (1+1 del jinete)",
    beside the rider "Caballero silvano" (Tipo "Caballería"): the rider's steed.
    """
    return _steed_like(p) and _tipo(p)[0] is None


@dataclass(frozen=True, slots=True)
class _Cast:
    """The troop type, and which printed profile is what (see :meth:`_TroopType.cast`)."""

    troop_type: str
    main: RawProfile  # the model's own profile (a chariot's, a war machine's, a rider's)
    champion: RawProfile | None
    mount: RawProfile | None  # the steeds'
    crew: RawProfile | None  # a chariot's or war machine's crew
    extra: RawProfile | None  # a second kind of crew, or a monster's handlers
    others: list[RawProfile]  # every model profile, the model's first
    monstrous: bool  # "Caballería monstruosa"


class _TroopType(_Members):
    """The unit's troop type and the part each profile plays; its unit strength."""

    def cast(self) -> _Cast:
        """The troop type, and the part each printed profile plays (see the module notes).

        Also sets what the type decides for the rest of the build (:attr:`centaur`,
        :attr:`not_chariot`, :attr:`flying_monster`, :attr:`folded_knight`,
        :attr:`handlers`, :attr:`riderless`), and files the other profiles
        (:meth:`second_profiles`).
        """
        self.centaur = _centaur_of(self.rule_texts())
        others, champion_raw = self.profiles()
        others = [self.infantry_as_ruled(p) for p in others]
        # the model's own profile first: a chariot or war machine before its crew, a rider
        # before its steed (MDNR prints "Corcel de Slaanesh" before "Diablilla")
        # (a steed printed "Caballería" like its rider, Regimientos de Renombre "Caballo de
        # guerra" beside "Perro del Desierto", goes after the rider)
        rank = {"chariot": 0, "war_machine": 0, "cavalry": 2}
        others = sorted(others, key=lambda p: 3 if (_steed_like(p) and _tipo(p)[0] == "cavalry")
                        or _printed_mount(p) or _unprinted_steed(p)
                        else rank.get(_tipo(p)[0] or "", 1))
        main = others[0]
        tt, exact, printed_type = _tipo(main)
        self.not_chariot = next((n for n, t in self.rule_texts().items()
                                 if _NOT_A_CHARIOT.search(plain_text(t or ""))), "")
        if self.not_chariot and tt == "chariot" and len(others) == 1:
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
                                        if _FLYING_MONSTER in plain_text(t or "")), "")
            if self.flying_monster:
                tt, exact = "monster", True
        cavalry_like = sorted((p for p in others[1:] if _tipo(p)[0] == "cavalry"
                               or _printed_mount(p) or _unprinted_steed(p)),
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
                         if (m := _HANDLERS.search(plain_text(t or "")))), None)
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
        if tt == "infantry" and mount_raw is None:
            # a Beastmaster on foot beside his bears (Elfos Silvanos "Oso salvaje"): the
            # unit is built as the bears with the lord in it (odds.battlescribe.beast_lord)
            self.foot_beasts = beasts_on_foot(others[1:], self.rule_texts())
        used += [p for p in (mount_raw, crew_raw, extra_raw, self.foot_beasts) if p is not None]
        self.second_profiles(others, used, main, tt)
        return _Cast(tt, main, champion_raw, mount_raw, crew_raw, extra_raw, others, monstrous)

    def infantry_as_ruled(self, raw: RawProfile) -> RawProfile:
        """``raw``, or a copy of it typed "Infantería" where a rule of the unit says it is.

        Bretonia (Relicario y peregrinos de batalla) "Relicario": "El Relicario es una
        miniatura única ... se considera Infantería a todos los efectos", its profile's Tipo
        "Altar" (a chariot's word): one more model on foot beside the pilgrims, not the
        unit's own profile.
        """
        tipo = raw.values.get("Tipo") or ""
        for text in self.rule_texts().values():
            m = _INFANTRY_AS_RULED.search(plain_text(text or ""))
            if m and m.group(1) == normalize(raw.name) and _tipo(raw)[0] != "infantry":
                self.note(f"{raw.name} Tipo", "note", f"troop type {tipo!r}: infantry, as its"
                          " rule says ('se considera Infantería a todos los efectos')")
                return RawProfile(raw.name, {**raw.values, "Tipo": "Infantería"})
        return raw

    def unit_strength(self, cast: _Cast, profile: Profile, crew: int,
                      extra_crew: CrewProfile | None, special: list[str],
                      extra: dict[str, object]) -> int | None:
        """The printed unit strength per model (``Potencia``), and the override it gives.

        Sets ``extra["unit_strength_override"]`` (and killing-blow immunity for monstrous
        cavalry) as the module notes say; returns the printed value, None if not printed.
        """
        tt, main, mount_raw, monstrous = cast.troop_type, cast.main, cast.mount, cast.monstrous
        printed_us = _potencia(mount_raw) if tt == "cavalry" and mount_raw else _potencia(main)
        counted_us = _HANDLERS_US.match(plain_text(main.values.get("Potencia") or ""))
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
        elif printed_us is not None and tt != "war_machine" and self.small_crew is None:
            # RULES.md §2.3 (MDNR and its BattleScribe data): a printed Potencia above the
            # troop type's counts what the type leaves out (a chariot's rider, a monster's
            # wounds beyond 10, a howdah); flyers are 1 ("Unit of flyers: 1"); a war machine
            # keeps the crew count (§2.3 Default); a small machine's printed Potencia is
            # its operator's (odds.battlescribe.small_machine)
            derived = rules.unit_strength_per_model(tt, profile.W, crew=crew)
            if printed_us > derived or (printed_us < derived and "flying" in special):
                extra["unit_strength_override"] = printed_us
                self.note("Potencia", "note", f"printed unit strength {printed_us} per model"
                          f" used (the troop type gives {derived}: MDNR unit strength by "
                          f"troop type)")
        return printed_us
