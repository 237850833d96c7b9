"""Elfos Oscuros: "Altar de la medusa" (the Medusa riding the Altar drenasangre).

``MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat``, entry "Altar drenasangre", rule
"Altar de la medusa" (under its "Altar drenasangre" option): "Trata a todos los efectos una
Medusa montada en Altar Drenasangre como tratarías un personaje montado en carro (pueden ser
atacados de forma separada, dan puntos de victoria de forma individual, etc). La Medusa no
puede abandonar el Altar de forma voluntaria ... Si el Altar es destruido y la Medusa
sobrevive ... se tratará a la Medusa como un Monstruo individual".  The Medusa is a member
of the unit with the role of a character (``odds/battlescribe/extra_crew.py``): a body of
her own beside the chariot (``odds/combat/model/bodies.py``).
"""

from __future__ import annotations

from conftest import binomial, cat, check_kernel_first_round, clean, infantry, needs_data

from odds.combat.model import CombatOptions, build, layout
from odds.units import Profile

BOOK = "MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat"
ENTRY = "Altar drenasangre"


@needs_data
def test_the_medusa_is_a_member_riding_the_altar():
    """The entry's profiles: "Altar drenasangre" (M20 F5 R6 H5, TSA 4+, Carro, its 5+
    ward), "Guardiana del altar" (HA5 HP4 F3 I6 A1 L8, "Lanza (caballería)") and "Medusa
    drenasangre" (M15 HA4 HP4 F4 R4 H3 I5 A3 L8, TSA 5+, Monstruo, Potencia 3, "Lanza
    (caballería)").  The chariot keeps its crew and impact hits; the Medusa is a member
    (a character) with her printed profile, spear and save; nothing of the entry is
    ignored or approximated."""
    book = cat(BOOK)
    unit = book.unit(ENTRY)
    assert unit.troop_type == "chariot" and unit.models == 1 and unit.crew == 2
    assert unit.profile == Profile(M=20, WS=5, BS=4, S=3, T=6, W=5, I=6, A=1, Ld=8)
    assert unit.armour_save == 4 and unit.ward_save == 5 and unit.impact_hits == "d6"
    assert unit.extra_crew is None
    (medusa,) = unit.members
    assert (medusa.name, medusa.role, medusa.troop_type) == (
        "Medusa drenasangre", "character", "monster")
    assert medusa.profile == Profile(M=15, WS=4, BS=4, S=4, T=4, W=3, I=5, A=3, Ld=8)
    assert medusa.equipment.weapon == "cavalry_spear" and medusa.armour_save_override == 5
    assert clean(book, ENTRY)


@needs_data
def test_the_medusa_is_attacked_apart():
    """In a combat the Medusa is a body of her own hosted by the altar: her 3 wounds, unit
    strength 3 (a monster's, "5 más la medusa"), the enemy's blows on her at her T4 (S3:
    5+ to wound) and 5+ save with no ward (the 5+ ward is the altar's rule); the altar's
    own 5 wounds, 4+ save, 5+ ward, crew and impact hits stay its own."""
    unit = cat(BOOK).unit(ENTRY)
    model = build(unit, infantry("Enemigo", 20, 5), options=CombatOptions(charger="attacker"))
    assert model.sides.shape[0] == 3
    altar, enemy, medusa = 0, 1, 2
    s = model.sides
    assert (s[medusa, layout.S_HOST], s[medusa, layout.S_HP], s[medusa, layout.S_US]) == (
        altar, 3, 3)
    assert (s[altar, layout.S_HP], s[altar, layout.S_US]) == (5, 5)
    rf, kind = layout.RANK_AND_FILE, 0
    on_medusa = model.groups[enemy, medusa, rf, kind]
    assert (on_medusa[layout.G_WOUND], on_medusa[layout.G_SAVE], on_medusa[layout.G_WARD]) == (
        5, 5, 7)
    on_altar = model.groups[enemy, altar, rf, kind]
    assert (on_altar[layout.G_SAVE], on_altar[layout.G_WARD]) == (4, 5)
    assert model.groups[altar, enemy, layout.IMPACT, kind, layout.G_IMPACT_DICE] == 1
    assert not model.groups[medusa, enemy, layout.IMPACT, kind, layout.G_ACTIVE]


@needs_data
def test_the_medusa_strikes_with_her_own_profile():
    """With the altar's impact hits and its crew's attacks left out (A0), the first round's
    wounds are the Medusa's: WS4 against WS3 hits on 3+, S4 +1 with her spear on the
    charge against T3 wounds on 2+ (RULES.md §1.3, §1.4), no save; frenzied ("Furia
    asesina", the unit's) she has 3 + 1 attacks: Binomial(4, 2/3 x 5/6) (the kernel at
    z = 5; a member's body is not worked out by the exact engine).  The enemy (A0) is
    immune to psychology: the altar's terror makes it take no test at the charge."""
    unit = cat(BOOK).unit(ENTRY)
    unit = unit.replace(impact_hits="", impact_strength=None, profile=unit.profile.replace(A=0))
    enemy = infantry("Enemigo", 20, 5, A=0, special=("immune_to_psychology",))
    model = build(unit, enemy, options=CombatOptions(charger="attacker", max_rounds=1))
    check_kernel_first_round(model, binomial(4, 5 / 9), 7201, "the Medusa's blows")
