"""Condes Vampiro "Demonio de los lamentos" "Cazador en la oscuridad" (``dark_hunter``): a 5+
ward save against the attacks of models not in base contact only (supporting ranks)."""

from __future__ import annotations

from conftest import binomial, check_kernel_first_round, infantry

from odds.combat.exact import first_round_exact
from odds.combat.model import FRONT, CombatOptions, build_units


def _spears_against(hunter_special, spears_charged: bool):
    """Ten spearmen, five wide, two ranks (side 0; WS3 S3 I3 A1) against ten I1 models five wide
    with ``hunter_special`` (side 1; WS3 T3 A1 S1, no save), not charging: one round."""
    import dataclasses

    spears = infantry("Lanceros", 10, 5, special=["immune_to_psychology"])
    spears = spears.replace(equipment=dataclasses.replace(spears.equipment, weapon="spear"))
    hunters = infantry("Cazador", 10, 5, S=1, I=1,
                       special=["immune_to_psychology", *hunter_special])
    return build_units([spears, hunters], [0, 1], [(0, 1, FRONT, FRONT)],
                       [spears_charged, False], [None, None],
                       CombatOptions(max_rounds=1))


def _sum(a: list[float], b: list[float]) -> list[float]:
    """The pmf of the sum of two independent counts."""
    return [sum(a[i] * b[n - i] for i in range(len(a)) if 0 <= n - i < len(b))
            for n in range(len(a) + len(b) - 1)]


def test_dark_hunter_wards_the_supporting_rank_only():
    """MDNR_Condes_Vampiro_v5.cat "Demonio de los lamentos" "Cazador en la oscuridad": "Tiene una
    tirada de salvación especial de 5+, pero no puede efectuarla contra ataques de miniaturas
    en contacto peana con peana".  Spearmen not charging fight in two ranks (RULES.md §1.1):
    five attacks from the front rank in contact, 4+ to hit and 4+ to wound (§1.3, §1.4), no
    save: Binomial(5, 1/4); five from the supporting rank, which the 5+ ward saves a third of
    (§1.6): Binomial(5, 1/4 * 2/3).  The sum, in the kernel (the exact first round refuses
    the rule)."""
    pmf = _sum(binomial(5, 1 / 4), binomial(5, 1 / 6))
    check_kernel_first_round(_spears_against(["dark_hunter"], False), pmf, 3611, "spears")


def test_dark_hunter_takes_no_ward_in_base_contact():
    """The spearmen charging fight in one rank, all of them in base contact: no ward,
    Binomial(5, 1/4) wounds in the kernel; without the rule both ranks wound unwarded,
    Binomial(10, 1/4) (the exact first round and the kernel agree there)."""
    check_kernel_first_round(_spears_against(["dark_hunter"], True), binomial(5, 1 / 4), 3612,
                             "spears charging")
    check_kernel_first_round(_spears_against([], False), binomial(10, 1 / 4), 3613, "no rule")
    assert max(abs(a - b) for a, b in zip(
        first_round_exact(_spears_against([], False))["wounds"][0], binomial(10, 1 / 4),
        strict=False)) < 1e-12


def test_dark_hunter_refuses_the_exact_round():
    """The exact first round has no law of the ward on part of the attacks: it refuses (None),
    and the plain-pair kernel leaves the rule's column out."""
    from odds.combat.model import plain_pair

    model = _spears_against(["dark_hunter"], False)
    assert first_round_exact(model) is None
    assert not plain_pair(model)
