"""Imperio "Resistente" and "Carro (Regla especial del Altar)" (``unwreckable``): a chariot
that wounds of Strength 7 or more do not destroy outright."""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, infantry, kinds, needs_data

from odds.combat.model import CombatOptions, build

IMPERIO = "MDNR_Imperio v4_5.cat"
SHIP = "Barco terrestre de clase 'Marienburgo'"
SIGMARITA = "MDNR_Imperio_Ejercito_Sigmarita_v1.cat"
ALTAR = "Altar de Guerra del Gran Teogonista"


def _s7_charge(ship):
    """Five WS3 S7 I1 models charging ``ship`` (so striking first), one round."""
    return build(infantry("Martillos", 5, 5, S=7, I=1, special=["immune_to_psychology"]), ship,
                 options=CombatOptions(max_rounds=1))


@needs_data
def test_the_ship_reads_its_rules_by_their_texts():
    """Spot check against the XML: MDNR_Imperio v4_5.cat "Barco terrestre de clase
    'Marienburgo'" F6 R6 H7 TSA 3+, 260 points, crew HA3 F4 I3 A 1D6 L7, "Tirada de salvación
    especial 6+", "Impactos por carga (1D6)" at its F6; "Resistente" ("No se ve destruido por
    impactos de F7 o más": ``unwreckable``), "Persecución" ("el Barco NO puede perseguir":
    ``no_pursuit``), "Tiroteo" (1D6 shots in the shooting phase) and "Moviendo el barco" (its
    move in the compulsory moves) with no close-combat effect."""
    c = cat(IMPERIO)
    u = c.unit(SHIP)
    p = u.profile
    assert (p.WS, p.S, p.T, p.W, p.I, p.Ld) == (3, 4, 6, 7, 3, 7)
    assert (u.armour_save, u.ward_save, u.random_attacks, u.impact_hits, u.impact_strength) == \
        (3, 6, "d6", "d6", 6)
    assert u.points_per_model == 260
    assert {"unwreckable", "no_pursuit", "unbreakable"} <= set(u.special)
    k = kinds(c, SHIP)
    assert k["Tiroteo"] == k["Moviendo el barco"] == "no_combat_effect"
    assert "Resistente" not in k and "Persecución" not in k


@needs_data
def test_the_altar_is_unwreckable():
    """MDNR_Imperio_Ejercito_Sigmarita_v1.cat "Altar de Guerra del Gran Teogonista" "Carro (Regla
    especial del Altar)": "El Altar de Guerra es un Carro a todos los efectos, pero gracias a la
    protección de Sigmar no resulta destruido automáticamente si sufre un impacto de F7 o
    superior"; R6 H5 TSA 4+."""
    u = cat(SIGMARITA).unit(ALTAR)
    assert u.troop_type == "chariot" and u.has("unwreckable")
    assert (u.profile.T, u.profile.W, u.armour_save) == (6, 5, 4)
    assert "Carro (Regla especial del Altar)" not in kinds(cat(SIGMARITA), ALTAR)


@needs_data
def test_s7_wounds_take_one_wound_each_from_the_ship():
    """"Resistente": five S7 attacks on the ship hit its crew's WS3 on 4+ (RULES.md §1.3), wound
    T6 on 3+ (§1.4), its 3+ armour save at -4 for S7 fails (§1.5), its 6+ ward saves a sixth
    (§1.6): Binomial(5, 1/2 * 2/3 * 5/6) wounds, one each, instead of the whole chariot's
    seven at the first one (the game system's "Carro", §1.12) (the exact first round and the
    kernel)."""
    ship = cat(IMPERIO).unit(SHIP)
    check_first_round(_s7_charge(ship), binomial(5, 5 / 18), 3621, "unwreckable")


@needs_data
def test_without_the_rule_the_first_s7_wound_wrecks_it():
    """The same ship without ``unwreckable`` (game system "Carro": "Resulta destruido por
    cualquier herida de Fuerza 7 o más"): any unsaved wound takes its seven wounds, so 0
    wounds with (1 - 5/18)^5 and 7 otherwise (the exact first round and the kernel)."""
    ship = cat(IMPERIO).unit(SHIP)
    ship = ship.replace(special=tuple(s for s in ship.special if s != "unwreckable"))
    none = (13 / 18) ** 5
    check_first_round(_s7_charge(ship), [none, 0, 0, 0, 0, 0, 0, 1 - none], 3622, "wrecked")
