"""A Beastmaster and his beasts: one unit of beasts with the lord standing in it.

MDNR Elfos Silvanos (and "con Personajes Especiales"), "Señor de las bestias (grandes
felinos)", "(jabalíes)", "(mastines de caza)", "(osos salvajes)": the entry prints the lord's
profile ("Infantería") and, in a compulsory option of one or two, his beasts' ("Caballería,
Animal"; the bears "Oso salvaje", "Monstruo, Animal", read by :func:`beasts_on_foot` since
they are no steed).
Its rule "Despliegue": "Las Bestias despliegan al lado del Señor e, inicialmente, forman una
única unidad conjunta. Mientras vayan con él, el Señor no puede rehuir un desafío. Ten en
cuenta que si el Señor lleva Bestias, son unidad a todos los efectos; si no los lleva es
miniatura individual. Cuando forman unidad no son hostigadores"; "Muerte del señor": "Si el
Señor muere, las Bestias que estuvieran con él también lo hacen".

The unit is built as the beasts (cavalry without a steed profile: their printed save, no
cavalry +1, as :mod:`odds.battlescribe.saves` reads such beasts; the bears a unit of
monsters, their printed save and unit strength 3 each) with the lord as a named
member counting as a character joined to it for good (:class:`odds.units.Member`, role
``character``): on foot (infantry: his own armour save and unit strength 1), with his own
weapons and armour, lending the beasts his Ld, with the rule ``beast_lord``
(:data:`odds.special_rules.bretonnia.BEAST_LORD`: he cannot refuse a challenge, and the beasts
die with him).  The unit's size counts the lord and his beasts: one to two beasts, as the
entry that counts them allows (:func:`beast_entry`), each at the beasts' price
(:func:`with_beasts`).
"""

from __future__ import annotations

from odds import rules
from odds.battlescribe.profiles import _Profiles
from odds.battlescribe.spelling import normalize, plain_text
from odds.battlescribe.tree import Node, RawProfile
from odds.battlescribe.values import parse_save
from odds.units import Equipment, Member, Unit

DEPLOYMENT = "las bestias despliegan al lado del senor"
"""Words of "Despliegue" that make the entry a Beastmaster and his beasts."""

BEAST_TROOPS = ("cavalry", "monster")
"""The beasts' troop types the unit is built for: cavalry (as the lord's steeds) and the bears
("Monstruo", beside him: :func:`beasts_on_foot`)."""


def beasts_on_foot(others: list[RawProfile], texts: dict[str, str]) -> RawProfile | None:
    """The bears beside a Beastmaster on foot, or None.

    ``others``: the entry's profiles after the lord's; ``texts``: its rules' texts by name.
    The one "Monstruo" profile of an entry whose "Despliegue" has :data:`DEPLOYMENT`
    (Elfos Silvanos "Oso salvaje": "Monstruo, Animal"); the cast reads no steed in it.
    """
    beasts = [p for p in others if _troop_type(p) == "monster"]
    if len(beasts) != 1 or not any(normalize(n) == "despliegue"
                                   and DEPLOYMENT in plain_text(t or "")
                                   for n, t in texts.items()):
        return None
    return beasts[0]


def beast_entry(unit: Node) -> Node | None:
    """The entry that counts a Beastmaster's beasts, or None.

    For an entry whose "Despliegue" has :data:`DEPLOYMENT`: its one child with a profile of
    its own and a minimum (Elfos Silvanos "Señor de las bestias (osos salvajes)": "Osos
    salvajes", 45 points, min 1, max 2).
    """
    if not any(normalize(n) == "despliegue" and DEPLOYMENT in plain_text(t or "")
               for n, t in unit.rule_texts.items()):
        return None
    counted = [c for c in unit.children
               if c.kind != "group" and c.profiles and (c.low or 0) >= 1]
    return counted[0] if len(counted) == 1 else None


def with_beasts(unit: Unit, beasts: int, price: float, each: float) -> Unit:
    """A Beastmaster's unit (:meth:`_BeastLord.beast_lord`) with ``beasts`` beasts.

    ``price``: the lord's and the beasts' points; ``each``: one beast's.  The unit's models
    are the beasts and the lord; its points are ``each`` a model and the rest once, the
    lord's price less one beast's (``models * each + points_per_unit == price``), so a
    unit sized to points adds beasts at their price.
    """
    models = beasts + 1
    return unit.replace(models=models, files=models, points_per_model=each,
                        points_per_unit=price - models * each)


class _BeastLord(_Profiles):
    """The Beastmaster's unit: the beasts, with the lord as a member (module notes)."""

    def beast_lord_unit(self, beast_raw: RawProfile | None) -> bool:
        """Whether the entry is a Beastmaster whose beasts are of :data:`BEAST_TROOPS`.

        His rule "Despliegue" has :data:`DEPLOYMENT`; ``beast_raw`` is the profile read as
        his steeds.
        """
        return (beast_raw is not None and _troop_type(beast_raw) in BEAST_TROOPS
                and any(normalize(n) == "despliegue" and DEPLOYMENT in plain_text(t or "")
                        for n, t in self.rule_texts().items()))

    def beast_lord(self, unit: Unit, lord_raw: RawProfile, beast_raw: RawProfile) -> Unit:
        """``unit`` (the lord, his beasts as his steed) rebuilt as the beasts and their lord.

        Only for an entry :meth:`beast_lord_unit` accepts.
        """
        beast_tt = _troop_type(beast_raw)
        beasts = max(1, self.count_of(beast_raw))
        profile = self.profile([beast_raw], "the beasts", {})
        printed, _ = parse_save(beast_raw.values.get("TSA"))
        eq = unit.equipment
        lord = Member(name=lord_raw.name, role="character",
                      profile=unit.profile.replace(M=profile.M), equipment=eq,
                      special=("beast_lord",), troop_type="infantry",
                      armour_save_override=rules.armour_save(
                          "infantry", eq.armour, eq.shield, False, eq.weapon, True))
        models = beasts + 1
        return unit.replace(
            troop_type=beast_tt, models=models, files=models, profile=profile,
            equipment=Equipment(), mount=None, crew=1,
            special=tuple(dict.fromkeys((*unit.special, "beast_lord"))),
            armour_save_override=printed or 7,
            points_per_model=unit.points_per_model * unit.models / models,
            champion_profile=None, members=(lord,))


def _troop_type(raw: RawProfile) -> str:
    """The troop type printed first in a profile's "Tipo" ("Caballería, Animal" → cavalry)."""
    first = normalize((raw.values.get("Tipo") or "").split(",")[0].strip(" ."))
    return {"caballeria": "cavalry", "infanteria": "infantry",
            "monstruo": "monster"}.get(first, "")
