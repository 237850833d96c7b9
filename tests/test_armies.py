"""Army and race tags, hatred of a named enemy, the orc choppa (issue 10 §4, issue 11 §2).

Rule texts cited are the MDNR catalogue rules in ../shared/battlescribe/
(``Agravio ancestral`` in ``MDNR_Enanos v4_5.cat``, ``Odio`` in the game
system, ``Rebanadora`` in ``MDNR_Enanos_del_Caos v4_5.cat`` and
``MDNR_Orcos_y_Goblins v4_5.cat``) and RULES.md §1.6 (hatred).
"""

from __future__ import annotations

import math

import pytest
from conftest import assert_distribution, assert_mc, first_round_shares

from odds.armies import ARMIES, TAGS, army_from_catalogue, race_of
from odds.combat import fight
from odds.combat.model import (
    G_KB,
    G_POISON,
    G_REROLL,
    G_SAVE,
    G_WARD,
    G_WOUND,
    MOUNT,
    RANK_AND_FILE,
    S_FLEE_MINUS,
    S_HATRED,
    build,
)
from odds.units import library_unit, unit_from_dict
from odds.validation import OddsInputError

N = 200_000


def test_army_from_catalogue_names():
    assert army_from_catalogue("MDNR Enanos") == "dwarfs"
    assert army_from_catalogue("MDNR Enanos del Caos") == "chaos_dwarfs"  # longest name wins
    assert army_from_catalogue("MDNR: Reinos del Caos: Mortales v5") == "warriors_of_chaos"
    assert army_from_catalogue("MDNR Altos Elfos ") == "high_elves"
    assert army_from_catalogue("Something else") == ""
    assert race_of("orcs_and_goblins") == "greenskin" and race_of("orcs_and_goblins", "troll") \
        == "troll"
    assert set(ARMIES) <= set(TAGS)


def test_tags_and_hates():
    """MDNR Enanos "Agravio ancestral": dwarfs hate every greenskin model, not trolls."""
    dwarfs = library_unit("dwarf_warriors")
    assert dwarfs.hatred == ("greenskin",) and dwarfs.tags == {"dwarfs", "dwarf"}
    assert dwarfs.hates(library_unit("orc_boyz"))
    assert dwarfs.hates(library_unit("black_orcs"))
    assert not dwarfs.hates(library_unit("trolls"))  # O&G book, race troll
    assert not dwarfs.hates(library_unit("empire_swordsmen"))
    assert not library_unit("orc_boyz").hates(dwarfs)
    everyone = library_unit("empire_swordsmen").replace(special=("hatred",))
    assert everyone.hates(dwarfs) and everyone.hates(library_unit("trolls"))


def test_hatred_is_a_per_enemy_threshold():
    """RULES.md §1.6 / MDNR gst "Odio": re-roll missed hits, first round, hated enemy only."""
    dwarfs = library_unit("dwarf_warriors")
    m = build(dwarfs, library_unit("orc_boyz"))
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 1  # first round
    assert m.groups[0, 1, RANK_AND_FILE, 1, G_REROLL] == 0  # later rounds
    assert m.groups[1, 0, RANK_AND_FILE, 0, G_REROLL] == 0  # orcs do not hate dwarfs
    assert m.sides[0, S_HATRED] == 1  # must pursue (kept simple: see model._side)
    m = build(dwarfs, library_unit("empire_swordsmen"))
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 0
    m = build(dwarfs, library_unit("trolls"))
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 0


def test_eternal_hatred_rerolls_every_round():
    """MDNR Elfos Oscuros "Odio eterno": re-roll missed hits, every round, every enemy."""
    a = library_unit("empire_swordsmen").replace(special=("eternal_hatred",))
    m = build(a, library_unit("dwarf_warriors"))
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 1
    assert m.groups[0, 1, RANK_AND_FILE, 1, G_REROLL] == 1


def test_dwarfs_hating_orcs_first_round_matches_exact():
    """MDNR Enanos "Agravio ancestral" through the engine: simulation vs exact at z = 5."""
    a = library_unit("dwarf_warriors").replace(models=60)
    d = library_unit("orc_boyz").replace(models=60)
    r = fight(a, d, max_rounds=1, trials=N, seed=1011)
    ex = r.extra["exact_first_round"]
    assert ex is not None
    for row in r.first_round.itertuples():
        assert_mc(row.probability, row.exact, N, what=f"hatred: {row.outcome}")
    for i, side in enumerate(("attacker", "defender")):
        t = r.wounds_r1[r.wounds_r1.side == side]
        assert_distribution(dict(zip(t.wounds, t.probability, strict=True)), ex["wounds"][i],
                            N, what=f"hatred: {side} wounds")
    # the hatred matters: the mean of the exact wound distribution is higher than without it
    plain = fight(a.replace(hatred=()), d, max_rounds=1, trials=1000, seed=1)
    ex_plain = plain.extra["exact_first_round"]["wounds"][0]
    mean = sum(k * p for k, p in enumerate(ex["wounds"][0]))
    mean_plain = sum(k * p for k, p in enumerate(ex_plain))
    assert mean > mean_plain * 1.1


def test_choppa_strength_on_the_charge_and_no_parry():
    """MDNR "Rebanadora": infantry with one choppa strike at S+1 on the charge; choppa and
    shield give no hand-weapon-and-shield bonus."""
    boyz = library_unit("orc_boyz")
    assert boyz.choppa and boyz.armour_save == 5  # light + shield, no parry bonus
    plain = boyz.replace(special=())
    assert plain.armour_save == 4
    swords = library_unit("empire_swordsmen")
    m = build(boyz, swords)  # the orcs charge: S4 vs T3 wounds on 3+, -1 save
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 3
    assert m.groups[0, 1, RANK_AND_FILE, 1, G_WOUND] == 4  # later rounds: S3
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == swords.armour_save + 1
    m = build(swords, boyz)  # charged: no bonus
    assert m.groups[1, 0, RANK_AND_FILE, 0, G_WOUND] == 4
    two = boyz.replace(equipment=boyz.equipment.replace(weapon="additional_hand_weapon",
                                                        shield=False))
    assert not two.choppa  # two choppas: no bonus


def test_unit_file_tags_validated():
    base = library_unit("dwarf_warriors").to_dict()
    assert unit_from_dict(base).hatred == ("greenskin",)
    assert unit_from_dict(base).army == "dwarfs"
    with pytest.raises(OddsInputError, match=r"^x: rules\.hatred: unknown army or race 'orks'"):
        unit_from_dict({**base, "rules": {"hatred": ["orks"]}}, "x")
    with pytest.raises(OddsInputError, match=r"^x: army: must be one of"):
        unit_from_dict({**base, "army": "elves"}, "x")
    with pytest.raises(OddsInputError, match=r"^x: rules\.hatred: must be a list"):
        unit_from_dict({**base, "rules": {"hatred": "greenskin"}}, "x")


def _daemons(**changes):
    base = library_unit("chaos_warriors").replace(
        name="Demonios de prueba", models=60, special=("daemonic_aura", "fear",
                                                       "immune_to_psychology"), **changes)
    return base


def test_daemonic_aura_is_a_ward_save_except_against_magic_attacks():
    """MDNR Demonios "Aura Demoníaca": ward 5+, not against magic attacks; a ward save of its
    own replaces it."""
    swords = library_unit("empire_swordsmen")
    m = build(swords, _daemons())
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 5
    m = build(swords.replace(special=("magic_attacks",)), _daemons())
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 7
    m = build(swords.replace(special=("magic_attacks",)), _daemons(ward_save=4))
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 4  # the gained ward works vs magic
    m = build(swords, _daemons(ward_save=6))
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_WARD] == 6  # it replaces the aura


def test_daemonic_aura_first_round_matches_exact():
    """The aura through the engine: simulation vs exact at z = 5 (Aura Demoníaca)."""
    a = library_unit("empire_swordsmen").replace(models=60)
    r = fight(a, _daemons(), max_rounds=1, trials=N, seed=1012)
    ex = r.extra["exact_first_round"]
    assert ex is not None
    for row in r.first_round.itertuples():
        assert_mc(row.probability, row.exact, N, what=f"aura: {row.outcome}")
    for i, side in enumerate(("attacker", "defender")):
        t = r.wounds_r1[r.wounds_r1.side == side]
        assert_distribution(dict(zip(t.wounds, t.probability, strict=True)), ex["wounds"][i],
                            N, what=f"aura: {side} wounds")


def test_ethereal_only_magic_or_ethereal_attacks_wound():
    """gst "Etéreos": "No pueden ser heridas, salvo por Ataques mágicos o de otras criaturas
    etéreas"."""
    ghosts = library_unit("vc_skeletons").replace(special=("ethereal", "fear",
                                                           "immune_to_psychology", "unstable"))
    kb = library_unit("empire_swordsmen").replace(special=("killing_blow",), poisoned=6)
    m = build(kb, ghosts)
    row = m.groups[0, 1, RANK_AND_FILE, 0]
    assert (row[G_WOUND], row[G_POISON], row[G_KB]) == (7, 7, 0)
    knights = build(library_unit("empire_knights"), ghosts)
    assert knights.groups[0, 1, MOUNT, 0, G_WOUND] == 7  # the steeds' attacks too
    m = build(kb.replace(special=("killing_blow", "magic_attacks")), ghosts)
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 4  # S3 v T3
    m = build(ghosts, ghosts.replace(name="Otros"))  # ethereal v ethereal
    assert m.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 4
    r = fight(kb, ghosts, max_rounds=1, trials=2000, seed=3)
    assert r.extra["exact_first_round"]["wounds"][0][0] == pytest.approx(1.0)
    t = r.wounds_r1[r.wounds_r1.side == "attacker"]
    assert dict(zip(t.wounds, t.probability, strict=True)) == {0: 1.0}


def _p_catch(pursuer_minus: int, fleer_minus: int) -> float:
    """P(5D6 - pursuer_minus >= 5D6 - fleer_minus), exact."""
    from odds.dice import sum_pmf

    pmf = sum_pmf(5)
    return float(sum(pmf[x] * pmf[y] for x in range(pmf.size) for y in range(pmf.size)
                     if x - pursuer_minus >= y - fleer_minus))


@pytest.mark.parametrize(("dwarfs_flee", "seed"), [(True, 2101), (False, 2102)])
def test_firmeza_flee_and_pursue_two_cm_less(dwarfs_flee, seed):
    """MDNR Enanos "Firmeza": "huyen y persiguen 2cm menos (es decir, 5D6-2 cm)".

    P(caught | fled) is exact: the pursuer's roll against the fleer's, each 5D6, the
    dwarfs' less 2 cm (RULES.md §4.3).  A dwarf unit fleeing is caught more often; a dwarf
    unit pursuing catches less often.
    """
    dwarfs = library_unit("dwarf_warriors").replace(models=20, hatred=())
    assert dwarfs.has("resolute")
    other = library_unit("empire_swordsmen").replace(models=20)
    r = fight(dwarfs, other, charger="none", trials=N, seed=seed)
    o = r.outcomes.set_index("outcome").probability
    side = "attacker" if dwarfs_flee else "defender"
    caught, escaped = o[f"{side}_caught"], o[f"{side}_escaped"]
    fled = round((caught + escaped) * N)
    assert fled > 5000
    exact = _p_catch(0, 2) if dwarfs_flee else _p_catch(2, 0)
    assert_mc(caught / (caught + escaped), exact, fled, what=f"caught | fled ({side})")
    assert (exact > _p_catch(0, 0)) == dwarfs_flee


def test_firmeza_from_the_catalogue_and_only_on_foot():
    m = build(library_unit("dwarf_warriors"), library_unit("empire_swordsmen"))
    assert (m.sides[0, S_FLEE_MINUS], m.sides[1, S_FLEE_MINUS]) == (2, 0)
    flying = library_unit("dwarf_warriors").replace(special=("resolute", "flying"))
    assert build(flying, library_unit("orc_boyz")).sides[0, S_FLEE_MINUS] == 0


def test_immune_to_panic():
    """gst "Inmune a pánico": "Esta unidad no debe realizar chequeos de pánico" (RULES.md §3.4).

    As in tests/test_rules_rev2.py: X (Ld 2) always breaks, Y (stubborn, Ld 7) then takes a
    panic test unless immune: Y flees with 15/36 + 21/36 * 15/36, or 15/36 when immune.
    """
    from odds.combat import CombatOptions, SideOptions
    from odds.combat.api import simulate
    from odds.combat.model import CAUGHT, ESCAPED, FRONT, build_units

    def mk(name, *special, ld=7):
        return unit_from_dict({
            "name": name, "troop_type": "infantry", "models": 5, "files": 5,
            "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                        "Ld": ld},
            "equipment": {"armour_save_override": 7},
            "rules": {"special": ["skirmishers", *special]}})

    x, z = mk("X", ld=2), mk("Z", ld=10)
    for immune, p_flee in ((False, 15 / 36 + 21 / 36 * 15 / 36), (True, 15 / 36)):
        y = mk("Y", "stubborn", *(["immune_to_panic"] if immune else []))
        model = build_units([x, y, z], [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)],
                            [False, False, True], [None, None, SideOptions(static_bonus=5)],
                            CombatOptions(max_rounds=1))
        out = simulate(model, N, 2103)
        assert out["status"][0, CAUGHT] + out["status"][0, ESCAPED] == N
        fled = (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N
        assert_mc(fled, p_flee, N, what=f"Y flees (immune to panic: {immune})")


def test_high_elf_spears_fight_in_three_ranks():
    """MDNR Altos Elfos "Fila adicional": "cuando luchan con lanzas ... luchan con 2 filas si
    cargan, y luchan con 3 filas cuando no cargan" (RULES.md §1.1 fight in ranks).

    By hand: 15 High Elf spearmen 5 wide (no command) strike first (I5 against I1, nobody
    charges), so all three ranks of 5 fight: 15 attacks, each WS4 v WS3 (3+) and S3 v T3
    (4+), no save: q = 2/3 * 1/2 = 1/3; the enemy's casualties are Binomial(15, 1/3).
    With plain spears, 10 attacks.
    """
    from fractions import Fraction

    from odds.combat import CombatOptions
    from odds.combat.api import simulate
    from odds.combat.exact import first_round_exact
    from odds.combat.model import G_RANKS

    elves = library_unit("high_elf_spearmen").replace(
        models=15, files=5, command=library_unit("high_elf_spearmen").command.replace(
            champion=False, standard=False, musician=False))
    assert elves.has("extra_rank")
    target = unit_from_dict({
        "name": "Blanco", "troop_type": "infantry", "models": 30, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 3, "W": 1, "I": 1, "A": 1, "Ld": 10},
        "equipment": {"armour_save_override": 7}, "rules": {"special": ["unbreakable"]}})
    q = Fraction(1, 3)
    for extra, n in ((True, 15), (False, 10)):
        e = elves if extra else elves.replace(special=())
        model = build(e, target, options=CombatOptions(charger="none", max_rounds=1))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_RANKS] == (3 if extra else 2)
        out = simulate(model, N, 2104 + extra)
        pmf = [float(Fraction(math.comb(n, k)) * q**k * (1 - q)**(n - k)) for k in range(n + 1)]
        sim = first_round_shares(out, 0, N)
        assert_distribution(sim, pmf, N, what=f"elf wounds (extra rank: {extra})")
        ex = first_round_exact(model)
        assert ex["wounds"][0] == pytest.approx(pmf + [0.0] * (len(ex["wounds"][0]) - n - 1))
    charging = build(elves, target, options=CombatOptions(charger="attacker"))
    assert charging.groups[0, 1, RANK_AND_FILE, 0, G_RANKS] == 2  # one rank fewer on the charge


def test_daemonic_instability_instead_of_the_break_test():
    """MDNR Demonios "Inestabilidad Demoníaca": losing, the unit rolls 2D6: above its Ld
    (unmodified) the whole unit is removed; above Ld less the margin, one wound per point
    over it (no saves); otherwise nothing.  It never flees.

    By hand: 10 daemons (Ld 8, W1) lose by exactly 3 (nobody can wound, the enemy has +3):
    10 models left on 2..5 (10/36), 9 on 6 (5/36), 8 on 7 (6/36), 7 on 8 (5/36), none on
    9..12 (10/36).
    """
    from odds.combat import SideOptions

    def mk(name, *special, ld=8):
        return unit_from_dict({
            "name": name, "troop_type": "infantry", "models": 10, "files": 5,
            "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                        "Ld": ld},
            "equipment": {"armour_save_override": 7},
            "rules": {"special": ["skirmishers", *special]}})

    daemons = mk("Demonios", "daemonic_instability", "immune_to_psychology", "fear")
    r = fight(mk("Otros", ld=10), daemons, charger="none", max_rounds=1, trials=N, seed=2105,
              attacker_options=SideOptions(static_bonus=3))
    o = r.outcomes.set_index("outcome").probability
    assert o["defender_caught"] == 0 and o["defender_escaped"] == 0  # never flees
    surv = r.survivors[r.survivors.side == "defender"]
    sim = dict(zip(surv.models, surv.probability, strict=True))
    exact = [10 / 36] + [0.0] * 6 + [5 / 36, 6 / 36, 5 / 36, 10 / 36]
    assert_distribution(sim, exact, N, what="daemons left")
    assert r.extra["exact_first_round"]["first_round"]["defender_breaks"] == 0.0
