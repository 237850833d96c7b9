"""Hermanas de Sigmar: "Premonición" (the Augur's re-rolls and ward) and "Campeonas".

MDNR Mercenarios, Marienburgo (Hermanas de Sigmar) and Estalia (Hermanas de Myrmidia de la
Órden de la Visión Verdadera): "Premonición": "La Augur puede repetir todas las tiradas
fallidas para impactar y para herir, y dispone de una tirada de salvación especial de 5+";
"Campeonas": "Tanto la Matriarca como la Augur se consideran Campeón a todos los efectos".
The Augur is the unit's champion (the first option of its command group), fighting as a body
of her own with the rule (``premonition``: ``odds/special_rules/empire.py``); the Matriarca is
a named member with the role champion.
"""

from __future__ import annotations

from conftest import binomial, cat, check_kernel_first_round, clean, infantry, needs_data

from odds import special_rules
from odds.combat.model import CombatOptions, build, layout
from odds.units import Command, Profile

SISTERS = (("MDNR_Mercenarios v5.cat", "Hermanas de Sigmar"),
           ("MdM_Marienburgo_(El_Templo_de_Myrmidia).cat", "Hermanas de Sigmar"),
           ("MdM_Estalia_con_Personajes_Especiales_(El_Templo_de_Myrmidia).cat",
            "Hermanas de Myrmidia de la Órden de la Visión Verdadera"))


@needs_data
def test_the_augur_and_the_matriarch_from_the_catalogues():
    """The three entries: profiles "Hermana de Sigmar" (M10 HA4 HP3 F4 R3 H1 I3 A1 L8),
    "Matriarca" (A2) and "Augur" (HA2 HP2 F3 R3 H1 I3 A1 L8); "Grupo de mando": "Augur" 15
    points, "Matriarca" 10.  With the command group the Augur is the champion with
    ``premonition`` and a 5+ ward, the Matriarca a member with the role champion (the
    champion's price 15 + 10); nothing of the entries is ignored or approximated."""
    for book_name, name in SISTERS:
        book = cat(book_name)
        unit = book.unit(name, command="full")
        assert unit.profile == Profile(M=10, WS=4, BS=3, S=4, T=3, W=1, I=3, A=1, Ld=8)
        assert unit.champion_profile == Profile(M=10, WS=2, BS=2, S=3, T=3, W=1, I=3, A=1,
                                                Ld=8)
        assert unit.champion_special == ("premonition",) and unit.champion_ward == 5
        assert [(m.name, m.role, m.profile.A, m.profile.WS) for m in unit.members] == [
            ("Matriarca", "champion", 2, 4)]
        assert unit.command.champion_points == 25
        assert unit.hatred == ("chaos", "undead")
        assert clean(book, name), name


def _augur(special: tuple[str, ...]):
    """Five sisters whose rank and file do not attack (A0), led by a WS2 S3 A4 champion."""
    unit = infantry("Hermanas", 5, 5, A=0)
    return unit.replace(command=Command(champion=True),
                        champion_profile=Profile(M=10, WS=2, BS=2, S=3, T=3, W=1, I=3, A=4,
                                                 Ld=8),
                        champion_special=special, champion_ward=5 if special else 0)


def test_the_augur_rerolls_failed_hits_and_wounds():
    """The Augur's four WS2 S3 attacks at WS2 T3 without a save hit on 4+ and wound on 4+
    (RULES.md §1.3, §1.4); re-rolling the misses and the failed wounds each succeeds with
    1/2 + 1/2 * 1/2 = 3/4, so a wound per attack is 9/16: Binomial(4, 9/16) (the kernel at
    z = 5; the champion fights as a body of her own, which the exact engine does not work
    out); without the rule Binomial(4, 1/4).  The enemy (A0) strikes nothing."""
    enemy = infantry("Objetivo", 10, 5, WS=2, A=0)
    opts = CombatOptions(charger="attacker", max_rounds=1)
    seer = build(_augur(("premonition",)), enemy, options=opts)
    assert special_rules.exact_refuses(seer, layout)
    check_kernel_first_round(seer, binomial(4, 9 / 16), 4201, "the Augur's re-rolls")
    plain = build(_augur(()), enemy, options=opts)
    check_kernel_first_round(plain, binomial(4, 1 / 4), 4202, "a champion without them")


def test_no_reroll_of_a_wound_that_cannot_succeed():
    """Against T10 an S3 blow cannot wound (RULES.md §1.4): re-rolled or not, no wound."""
    enemy = infantry("Muro", 10, 5, WS=2, T=10, A=0)
    seer = build(_augur(("premonition",)), enemy,
                 options=CombatOptions(charger="attacker", max_rounds=1))
    check_kernel_first_round(seer, [1.0], 4203, "nothing to re-roll")
