"""Condes Vampiro (Clan Strigoi, Clan Dragón Sangriento: Engendro del terror) "Chillido
mortal": the Doncella's lament rolled 2D6+4 (``death_shriek``).

"Sigue las mismas reglas que el Lamento de la Doncella, pero con un +2 a la tirada (así pues,
hace tantas heridas como 2D6+4 menos el Liderazgo de la unidad objetivo ...)": the wounds are
max(0, 2D6 + 4 - Ld), an exact law; the kernel's casualties are checked against it at z = 5
with a fixed seed.  Nobody else can wound in this combat (A0 on both sides), so the enemy's
models lost are the shriek's wounds (one-wound models, no ward, no regeneration).
"""

from __future__ import annotations

from conftest import assert_distribution, cat, clean, infantry, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import S_LAMENT, CombatOptions, build

N = 200_000
STRIGOI = "MDNR_Condes_Vampiro_Clan_Strigoi_v2.cat"
MODELS = 20


def shriek_pmf(ld: int, plus: int) -> list[float]:
    """The law of max(0, 2D6 + ``plus`` - ``ld``)."""
    out = [0.0] * 17
    for a in range(1, 7):
        for b in range(1, 7):
            out[max(0, a + b + plus - ld)] += 1 / 36
    return out


@needs_data
def test_strigoi_spawn_shrieks_with_plus_four():
    """Spot check against the XML: Clan Strigoi "Engendro del terror (ocupa hueco de singular)"
    carries "Chillido mortal" with the "+2 a la tirada" text: death_shriek, nothing ignored.
    It charges (its side's turn: it shrieks in its shooting phase before the first blows,
    RULES.md §8A) twenty Ld 7 models: P(no wound) = P(2D6 <= 3) = 3/36, against 10/36 for
    the Doncella's 2D6+2."""
    c = cat(STRIGOI)
    name = next(e.name for e in c.entries if e.name.startswith("Engendro del terror"))
    u = c.unit(name)
    assert u.has("death_shriek") and not u.has("maiden_lament")
    assert kinds(c, name).get("Chillido mortal") not in ("ignored", "approximated")
    assert clean(c, name)
    spawn = infantry("Engendro", 1, 1, A=0, special=["death_shriek", "unbreakable"])
    target = infantry("Objetivo", MODELS, 5, S=1, T=10, A=0, Ld=7)
    model = build(spawn, target, options=CombatOptions(max_rounds=1))
    assert model.sides[0, S_LAMENT] == 4
    assert first_round_exact(model) is None
    pmf = shriek_pmf(7, 4)
    assert abs(pmf[0] - 3 / 36) < 1e-15
    out = simulate(model, N, 3721)
    lost = {MODELS - m: k / N for m, k in enumerate(out["surv"][1]) if k}
    assert_distribution(lost, pmf, N, what="shriek on Ld 7")
