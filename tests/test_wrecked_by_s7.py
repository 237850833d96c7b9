"""Skaven "Impactos de F7" (Cañón de disformidad): a wound of S7 or more destroys it.

MDNR_Skaven v4_5.cat, entry "Cañón de disformidad", rule "Impactos de F7": "No es un carro a
ningún efecto. Sin embargo, si el Cañón recibe una herida de F7 o más, resulta destruido
automáticamente"; rule "Combate": "El Cañón de Disformidad no puede cargar. No puede combatir
bajo ninguna circunstancia. Siempre debe declarar que huye ante una carga exitosa del enemigo";
profile "Cañón (y dotación)": M12, HA/HP/F/A blank, R6 H3 I1 L5, "Máquina de guerra",
Potencia 3.
"""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, clean, infantry, kinds, needs_data

from odds.combat.model import G_HIT, RANK_AND_FILE, CombatOptions, build
from odds.units import Profile

BOOKS = ("MDNR_Skaven v4_5.cat", "MDNR_Skaven_con_Personajes_Especiales_v1.cat")
CANNON = "Cañón de disformidad"


@needs_data
def test_warp_cannon_from_the_catalogue():
    """Both Skaven books: the printed profile (its blank WS, S and A are 0: "No puede combatir
    bajo ninguna circunstancia"), three crew as its Potencia 3 counts, ``wrecked_by_s7`` from
    the text of "Impactos de F7"; nothing ignored or approximated."""
    for book in BOOKS:
        c = cat(book)
        unit = c.unit(CANNON)
        assert unit.troop_type == "war_machine" and unit.crew == 3 and unit.unit_strength == 3
        assert unit.profile == Profile(M=12, WS=0, BS=0, S=0, T=6, W=3, I=1, A=0, Ld=5)
        assert unit.has("wrecked_by_s7")
        k = kinds(c, CANNON)
        assert k["Combate"] == "note" and "Impactos de F7" not in k  # modelled: no item
        assert k["Máquina de guerra (adaptada)"] == "no_combat_effect"
        assert clean(c, CANNON), book


@needs_data
def test_a_wound_of_s7_destroys_the_cannon():
    """Two WS3 S7 models (A1) charge the cannon (T6 W3, no armour save, "Tirada de salvación
    especial 4+"; WS0: "is hit automatically", RULES.md §1.3): each blow wounds T6 on 3+
    (§1.4) and the ward (still taken, as a chariot's: RULES.md §1.12) fails on 1-3: 2/3 * 1/2
    = 1/3; one unsaved wound destroys it, all three wounds counting: P(0) = (2/3)^2 and
    P(3) = 1 - (2/3)^2.  The cannon strikes nothing back."""
    cannon = cat(BOOKS[0]).unit(CANNON)
    ogres = infantry("Golpeadores", 2, 2, S=7)
    model = build(ogres, cannon, options=CombatOptions(charger="attacker", max_rounds=1))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_HIT] == 0  # automatic
    q = (2 / 3) ** 2
    check_first_round(model, [q, 0.0, 0.0, 1 - q], 3631, "S7 wound wrecks the cannon")


@needs_data
def test_below_s7_the_cannon_loses_wounds_one_by_one():
    """The same two models at S6 wound T6 on 4+ (RULES.md §1.4), the 4+ ward failing half the
    time: 1/4 a blow, one wound each: Binomial(2, 1/4); and at S7 without the rule (a plain
    war machine of the same profile), 1/3 a blow: Binomial(2, 1/3)."""
    cannon = cat(BOOKS[0]).unit(CANNON)
    opts = CombatOptions(charger="attacker", max_rounds=1)
    check_first_round(build(infantry("Golpeadores", 2, 2, S=6), cannon, options=opts),
                      binomial(2, 1 / 4), 3632, "S6 wounds one by one")
    plain = cannon.replace(special=())
    check_first_round(build(infantry("Golpeadores", 2, 2, S=7), plain, options=opts),
                      binomial(2, 1 / 3), 3633, "S7 without the rule")
