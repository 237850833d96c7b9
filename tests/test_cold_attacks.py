"""Condes Vampiro (Demonio de los lamentos) "Garras (arma de mano)": cold attacks that never
wound a model immune to cold (``cold_attacks``)."""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, kinds, needs_data, still_targets

from odds.combat.model import CombatOptions, build

VAMPIRES = "MDNR_Condes_Vampiro_v5.cat"
DEMON = "Demonio de los lamentos"




@needs_data
def test_cold_attacks_spare_the_immune_to_cold():
    """Spot check against the XML: "Demonio de los lamentos" HA5 F5 A5 with "Garras (arma de
    mano)": "Sus ataques se consideran Ataque de frío, por lo que las miniaturas Inmunes a
    frío nunca recibirán heridas de un Demonio de los Lamentos (todas las tiradas para herir
    fallan automáticamente)" is cold_attacks.  Charging ten WS3 T4 models with no save, its
    five attacks hit on 3+ (WS5 vs WS3) and wound on 3+ (S5 vs T4): Binomial(5, 4/9) wounds;
    against the same models with "Inmune a frío", none (the exact first round and the kernel,
    RULES.md §1.3-§1.4)."""
    c = cat(VAMPIRES)
    u = c.unit(DEMON)
    assert u.has("cold_attacks")
    assert "Garras (arma de mano)" not in kinds(c, DEMON)
    # its "Carnófago" (carnophage) heals it after its blows and its "Cazador en la oscuridad"
    # (dark_hunter) wards it against supporting ranks: the exact first round refuses both,
    # and neither can change the wounds it scores in one round against targets with no attacks
    u = u.replace(special=tuple(r for r in u.special if r not in ("carnophage", "dark_hunter")))
    opts = CombatOptions(max_rounds=1)
    check_first_round(build(u, still_targets(), options=opts), binomial(5, 4 / 9), 3711,
                      "not immune")
    check_first_round(build(u, still_targets("immune_to_cold"), options=opts), [1.0], 3712,
                      "immune to cold")
