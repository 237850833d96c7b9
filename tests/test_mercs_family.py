"""Rules of the mercenaries family read onto existing engine features (issue 36).

Skaven, Orcos y Goblins, Mercenarios and Regimientos de Renombre entries whose rules map onto
flags, hatred lists or counts the engine already has; each test cites its catalogue entry.
"""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, clean, infantry, kinds, needs_data

from odds.combat.model import CombatOptions, build
from odds.units import Profile

SKAVEN = "MDNR_Skaven v4_5.cat"
CATAPULT = "Garrapulta de plaga"


@needs_data
def test_plague_catapult_from_the_catalogue():
    """MDNR_Skaven v4_5.cat "Garrapulta de plaga": profiles "Monje de plaga" (M12 HA3 HP3 F3
    R4 H1 I3 A1 L5) and "Garrapulta de plaga" (R7 H3, "Máquina de guerra"), both on the entry;
    "Monjes de plaga" min 3 max 3 counts the crew of the one machine (75 points); "Furia
    asesina (adaptada)": "La dotación tiene Furia Asesina (así que son inmunes a psicología y
    tienen un ataque adicional mientras no pierdan el combate); sin embargo ... no se ven
    sujetos a las cargas obligatorias" (frenzy: the charges are the movement phase's); the
    rule "Garrapulta de plaga" is the catapult's shot.  Nothing ignored or approximated."""
    book = cat(SKAVEN)
    unit = book.unit(CATAPULT)
    assert unit.troop_type == "war_machine" and unit.models == 1 and unit.crew == 3
    assert unit.profile == Profile(M=12, WS=3, BS=3, S=3, T=7, W=3, I=3, A=1, Ld=5)
    assert unit.points_per_model == 75 and unit.unit_strength == 3
    assert unit.has("frenzy") and unit.has("magic_attacks")
    assert kinds(book, CATAPULT)["Garrapulta de plaga"] == "no_combat_effect"
    assert clean(book, CATAPULT)


@needs_data
def test_plague_catapult_crew_fights_frenzied():
    """The catapult's three frenzied crew (A1 + 1, RULES.md §1.6 frenzy) strike 6 attacks at
    WS3 S3 against WS3 T3 infantry without a save: hits on 4+ and wounds on 4+ (§1.3, §1.4),
    so the first round's wounds are Binomial(6, 1/4) (the exact engine and the kernel); the
    enemy (S1) cannot wound the machine's T7."""
    unit = cat(SKAVEN).unit(CATAPULT)
    enemy = infantry("Objetivo", 10, 5, S=1, T=3)
    model = build(unit, enemy, options=CombatOptions(charger="defender", max_rounds=1))
    check_first_round(model, binomial(6, 1 / 4), 3611, "frenzied plague catapult crew")
