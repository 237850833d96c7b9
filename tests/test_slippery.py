"""Enanos del Caos (Hobgoblin escurridizos) "Escurridizos" (``slippery``): the Hobgoblins lap
round win or lose, with any number of models, and are never lapped round."""

from __future__ import annotations

from conftest import assert_distribution, binomial, cat, clean, needs_data

from odds.combat.api import simulate
from odds.combat.model import CombatOptions, SideOptions, build
from odds.units import unit_from_dict

CHAOS_DWARFS = "MDNR_Enanos_del_Caos v4_5.cat"
SNEAKY = "Hobgoblin escurridizos"


def wall():
    """A hundred WS3 T3 models, five wide, no save and no attacks, immune to psychology."""
    return unit_from_dict({
        "name": "Muro", "troop_type": "infantry", "models": 100, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 0,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", "unbreakable"]},
    })


def wall_survivors(hobgoblins, seed: int, trials: int = 200_000) -> dict[int, float]:
    """The wall's models left after two rounds against ``hobgoblins`` charging it."""
    model = build(hobgoblins, wall(), d_opts=SideOptions(static_bonus=10),
                  options=CombatOptions(max_rounds=2))
    out = simulate(model, trials, seed)
    counts = out["surv"][1]
    return {100 - k: c / trials for k, c in enumerate(counts) if c}


@needs_data
def test_slippery_hobgoblins_lap_round_though_they_lose():
    """Spot check against the XML: MDNR_Enanos_del_Caos v4_5.cat "Hobgoblin escurridizos" M10
    HA3 F3 R3 H1 I2 A1 L6, two hand weapons (A2), no save, "Ataques envenenados";
    "Escurridizos": "El enemigo nunca puede envolver el flanco de los Hobgoblins Escurridizos,
    mientras que éstos pueden envolver al enemigo siempre, con cualquier número de miniaturas
    (incluso aunque no hayan ganado el combate)".

    Thirty of them five wide (made unbreakable) charge a hundred WS3 T3 models five wide with no
    attacks and a static +10, so the Hobgoblins lose both rounds.  Round 1: the five in front
    strike 10 blows, hitting on 4+ (WS3 vs WS3, RULES.md §1.3), a 6 wounding at once (poison,
    §1.6), the others wounding on 4+ (S3 vs T3, §1.4): 1/6 + 2/6 x 1/2 = 1/3 a blow.
    Redress (§1.11): the Hobgoblins widen to 7 (one past each end of the enemy front;
    their rank bonus stays 3) and lap round with all 23 models left behind them ("cualquier
    número": not four a round; the wall's 18 ranks or more allow 36), the wall, never
    lapping round them, widens to 9; round 2: the 7 in front and the 23 lapping, 60 blows.
    The wall's wounds are Binomial(70, 1/3).  Without the rule the losers keep 5 wide and the
    wall laps 2 round them, bringing 2 more Hobgoblins in: 10 + 14 blows, Binomial(24, 1/3)
    (the kernel, z = 5)."""
    c = cat(CHAOS_DWARFS)
    u = c.unit(SNEAKY, models=30, files=5)
    p = u.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (10, 3, 3, 3, 1, 2, 1, 6)
    assert u.equipment.weapon == "additional_hand_weapon" and u.has("slippery")
    assert clean(c, SNEAKY)
    u = u.replace(special=(*u.special, "unbreakable"))
    assert_distribution(wall_survivors(u, 7201), binomial(70, 1 / 3), 200_000,
                        what="slippery")
    plain = u.replace(special=tuple(r for r in u.special if r != "slippery"))
    assert_distribution(wall_survivors(plain, 7202), binomial(24, 1 / 3), 200_000,
                        what="not slippery")
