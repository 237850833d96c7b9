"""Bretonia "Formación en lanza": ranks of 3 count, the flank files fight on the charge.

MDNR Bretonia (``MDNR_Bretonia_v5.cat``, "Caballeros del reino", rule "Formación en lanza"):
"La Formación en Lanza tiene un frontal de 3 miniaturas, y puede aplicar el bonificador por
filas a la resolución de combate por cada fila completa de 3 miniaturas (en vez de las
habituales 4 miniaturas) ... en el turno en que cargan, los jinetes (y sus monturas) en los
flancos de la unidad pueden atacar si se encuentran en una fila posterior tras una miniatura
de la primera fila que esté combatiendo ... Las bajas se retiran primero del centro de la
última fila" (``lance_formation``, :mod:`odds.special_rules.bretonnia`).
"""

from __future__ import annotations

import pytest
from conftest import (
    SHARED,
    binomial,
    cat,
    cavalry,
    check_first_round_break,
    check_kernel_first_round,
    convolve,
    infantry,
    kinds,
)

from odds.combat.exact import first_round_exact
from odds.combat.model import G_LANCE, RANK_AND_FILE, S_LANCE, CombatOptions, build
from odds.units import MountProfile


def _knights(models: int, files: int = 3, *, lance: bool = True, S: int = 3, **kw):
    """Knights on warhorses (WS3 S3 A1 riders and steeds), with or without the lance."""
    return cavalry("Caballeros del reino", models, files, S=S,
                   special=["lance_formation"] if lance else [], **kw)


@pytest.mark.parametrize(("models", "bonus"), [(3, 0), (5, 0), (6, 1), (8, 1), (9, 2),
                                               (12, 3), (15, 3)])
def test_ranks_of_three_count(models, bonus):
    """A lance 3 wide counts each full rank of 3 behind the first, at most +3 (RULES.md
    §2.2 with the lance's 3 for 4); 3 wide without the rule, none counts."""
    enemy = infantry("E", 10, 5)
    lance = build(_knights(models), enemy)
    plain = build(_knights(models, lance=False), enemy)
    assert lance.sides[0, S_LANCE] == 1
    assert lance.ranks[0, models] == bonus
    assert plain.ranks[0, models] == 0


def test_no_lance_unless_three_wide():
    """The lance is a formation: 5 wide, the knights count their ranks of 5 as any unit."""
    model = build(_knights(10, files=5), infantry("E", 10, 5))
    assert model.sides[0, S_LANCE] == 0
    assert model.ranks[0, 10] == 1


def test_lance_ranks_break_the_enemy():
    """Nobody can wound (S1 against T10); 9 knights in a lance (+2 ranks, +1 outnumbering: US
    18 against 10) against a Ld 5 unit whose single rank counts none: it loses by 3 and
    breaks unless 2D6 <= 2, P = 35/36, in the exact engine and the kernel (§2.2, §3.1);
    without the lance it loses by 1 only."""
    knights = _knights(9, S=1, T=10).replace(mount=MountProfile(WS=3, S=1, I=3, A=1))
    enemy = infantry("E", 10, 10, S=1, T=10, Ld=5)
    model = build(knights, enemy, options=CombatOptions(max_rounds=1, charger="none"))
    assert not model.groups[..., G_LANCE].any()  # nobody charged: the exact engine applies
    check_first_round_break(model, 1, 35 / 36, 3601, "lance ranks")
    plain = build(knights.replace(special=()), enemy,
                  options=CombatOptions(max_rounds=1, charger="none"))
    check_first_round_break(plain, 1, 30 / 36, 3602, "no lance")


@pytest.mark.parametrize(("models", "flank"), [(9, 4), (8, 4), (7, 3), (4, 1), (3, 0)])
def test_flank_files_fight_on_the_charge(models, flank):
    """Charging a wide unit, the lance's three front knights fight with ``flank`` more riders
    and their steeds: two flank files behind the front, the last rank's one or two on the
    flanks.  The enemy strikes no blow.  Riders and steeds hit on 4+ (WS3 against WS3) and
    wound on 4+ (S3 against T3), no save: the first round's wounds are the sum of two
    Binomial(3 + flank, 1/4), riders' and steeds' (§1.1, §1.2)."""
    model = build(_knights(models), infantry("E", 30, 10, A=0),
                  options=CombatOptions(max_rounds=1, charger="attacker"))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_LANCE] == 1
    assert not model.groups[0, 1, RANK_AND_FILE, 1, G_LANCE]  # the charge's round only
    assert first_round_exact(model) is None  # the exact first round refuses it
    n = 3 + flank
    check_kernel_first_round(model, convolve(binomial(n, 0.25), binomial(n, 0.25)),
                             3610 + models, f"lance of {models}")


def test_no_flank_blows_without_the_charge():
    """Charged (not charging), only the front rank fights: Binomial(6, 1/4) wounds for the
    three riders and steeds (the enemy strikes no blow), in the exact engine and the
    kernel."""
    from conftest import check_first_round

    model = build(_knights(9), infantry("E", 30, 10, A=0),
                  options=CombatOptions(max_rounds=1, charger="defender"))
    assert not model.groups[..., G_LANCE].any()
    check_first_round(model, binomial(6, 0.25), 3620, "lance charged")


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize(("book", "unit"), [
    ("MDNR_Bretonia_v5.cat", "Caballeros del reino"),
    ("MDNR_Bretonia_v5.cat", "Caballeros andantes"),
    ("MDNR_Bretonia_Partida_de_Caza_v1.cat", "Caballeros del reino"),
    ("MDNR_Bretonia_Guerra_de_Noveles_v1.cat", "Caballeros del reino"),
])
def test_catalogue_knights_have_the_lance(book, unit):
    """The knights' "Formación en lanza" is read by its text, not reported as ignored."""
    c = cat(book)
    assert c.unit(unit).has("lance_formation"), unit
    assert "Formación en lanza" not in kinds(c, unit), unit
