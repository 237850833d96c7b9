"""Condes Vampiro "Demonio de los lamentos" "Frío asesino" (``killing_cold``): the enemies in
contact fight at Initiative 1, unless immune to cold."""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, clean, infantry, needs_data

from odds.combat.model import FRONT, CombatOptions, build_units

VAMPIRES = "MDNR_Condes_Vampiro_v5.cat"
WRAITH = "Demonio de los lamentos"


def _round(*special: str):
    """Five I3 models with ``killing_cold`` (side 0) and five I5 ones (side 1), neither
    charging, face to face for one round: WS3 S3 T3 A1, no saves, immune to psychology."""
    chiller = infantry("Frío", 5, 5, special=["killing_cold", "immune_to_psychology"])
    foes = infantry("Enemigos", 5, 5, I=5, special=["immune_to_psychology", *special])
    return build_units([chiller, foes], [0, 1], [(0, 1, FRONT, FRONT)], [False, False],
                       [None, None], CombatOptions(max_rounds=1))


@needs_data
def test_wraith_imports_with_killing_cold():
    """Spot check against the XML: MDNR_Condes_Vampiro_v5.cat "Demonio de los lamentos" M15 HA5
    F5 R5 H5 I3 A5 L8, 220 points, with "Frío asesino" and "Cazador en la oscuridad": both
    modelled, the entry fully modelled."""
    c = cat(VAMPIRES)
    u = c.unit(WRAITH)
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 5, 5, 5, 5, 3, 5, 8)
    assert u.points_per_model == 220
    assert u.has("killing_cold") and u.has("dark_hunter")
    assert clean(c, WRAITH)


def test_killing_cold_strikes_the_foes_at_initiative_one():
    """MDNR_Condes_Vampiro_v5.cat "Demonio de los lamentos" "Frío asesino": "Todas las
    miniaturas enemigas en contacto peana con peana con el Demonio de los Lamentos se considera
    que tienen Iniciativa 1".  Neither unit charging, the strike order goes by Initiative
    (RULES.md §1.2): the I5 foes now strike at I1, after the I3 carriers, whose five attacks all
    land first: 4+ to hit (WS3 against WS3, §1.3), 4+ to wound (S3 against T3, §1.4), no save,
    Binomial(5, 1/4) wounds (the exact first round and the kernel)."""
    check_first_round(_round(), binomial(5, 1 / 4), 3601, "killing cold")


def test_killing_cold_spares_the_immune_to_cold():
    """"(salvo las miniaturas con la regla Inmune a frío)": immune foes keep their I5 and strike
    first, killing Binomial(5, 1/4) of the carriers; the k carriers left alive strike back with
    Binomial(k, 1/4) wounds (the exact first round and the kernel)."""
    first = binomial(5, 1 / 4)
    pmf = [sum(first[k] * binomial(5 - k, 1 / 4)[n] for k in range(6) if n <= 5 - k)
           for n in range(6)]
    check_first_round(_round("immune_to_cold"), pmf, 3602, "immune to cold")
