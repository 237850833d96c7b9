"""Condes Vampiro (Demonio de los lamentos) "Carnófago": a wound regained per wound caused, up
to the printed W (``carnophage``).

The exact first round refuses a unit whose wounds change during the round, so the kernel is
checked at z = 5 with fixed seeds against a probability worked out by hand.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_mc, binomial, cat, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import S_LIFE_DRAIN, S_W, WIPED, CombatOptions, build
from odds.units import unit_from_dict
from odds.validation import OddsInputError

VAMPIRES = "MDNR_Condes_Vampiro_v5.cat"
DEMON = "Demonio de los lamentos"


def demon(*special: str):
    """A Demonio de los lamentos' profile (WS5 S5 T5 W5 I3 A5, no save), unbreakable and
    immune to psychology (not unstable: only its wounds can end it)."""
    return unit_from_dict({
        "name": "Demonio", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 5, "BS": 0, "S": 5, "T": 5, "W": 5, "I": 3, "A": 5,
                    "Ld": 8},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", "unbreakable", *special]},
    })


def beast():
    """A WS5 S5 T3 W10 I5 A6 monster with no save, unbreakable, immune to psychology."""
    return unit_from_dict({
        "name": "Bestia", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 5, "BS": 0, "S": 5, "T": 3, "W": 10, "I": 5, "A": 6,
                    "Ld": 10},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", "unbreakable"]},
    })


@needs_data
def test_carnophage_from_the_catalogue():
    """Spot check against the XML: Condes Vampiro "Demonio de los lamentos" M15 HA5 F5 R5 H5
    I3 A5 L8, a monster; "Carnófago" ("Por cada herida causada en combate cuerpo a cuerpo
    (después de Tiradas de Salvación, etc ...) el Demonio de los Lamentos recupera una Herida
    que hubiera sufrido antes (no puede tener más Heridas de las que tenía en su atributo de
    Heridas inicial") is carnophage: the kernel's wound gain capped at W 5."""
    c = cat(VAMPIRES)
    u = c.unit(DEMON)
    assert u.troop_type == "monster" and u.models == 1
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A) \
        == (5, 5, 5, 5, 3, 5)
    assert u.has("carnophage")
    assert "Carnófago" not in kinds(c, DEMON)
    m = build(beast(), u, options=CombatOptions(charge_tests=False))
    assert m.sides[1, S_LIFE_DRAIN] == 1 and m.sides[1, S_W] == 5


def test_carnophage_heals_between_the_blows():
    """The beast charges (so strikes first in round 1; I5 before I3 in round 2): t1, t2 ~
    Binomial(6, 1/4) wounds on the demon (hit 4+, wound 4+ at S5 vs T5, no save); the demon,
    alive (t1 < 5), scores s1 ~ Binomial(5, 5/12) wounds (hit 4+, wound 2+ at S5 vs T3) and
    regains min(s1, t1) (never above its printed 5).  It is slain by the end of round 2 iff
    t2 >= 5 - t1 + min(s1, t1) (without the rule: iff t1 + t2 >= 5)."""
    t = np.array(binomial(6, 1 / 4))
    s = np.array(binomial(5, 5 / 12))
    dies = t[5:].sum()
    dies_plain = 0.0
    for t1 in range(5):
        dies_plain += t[t1] * t[5 - t1:].sum()
        for s1 in range(6):
            hp = 5 - t1 + min(s1, t1)
            dies += t[t1] * s[s1] * t[hp:].sum()
    dies_plain += t[5:].sum()
    opts = CombatOptions(charge_tests=False, max_rounds=2)
    trials = 200_000
    out = simulate(build(beast(), demon("carnophage"), options=opts), trials, 3701)
    assert_mc(out["status"][1, WIPED] / trials, dies, trials, what="with Carnófago")
    out = simulate(build(beast(), demon(), options=opts), trials, 3702)
    assert_mc(out["status"][1, WIPED] / trials, dies_plain, trials, what="without")
    assert dies < 0.8 * dies_plain


def test_carnophage_needs_one_model():
    """The wound pool is one model's: a regiment with the rule is a clear error."""
    unit = demon("carnophage").replace(models=5, files=5)
    with pytest.raises(OddsInputError, match="carnophage"):
        build(unit, beast())
