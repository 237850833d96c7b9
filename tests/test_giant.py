"""The giants' table, falls and death (``giant_attacks``, ``giant_falls``,
``giant_death_fall``; :mod:`odds.special_rules.giants`), each checked at z = 5 against a law
worked out by hand in the test.

Catalogues: ``MDNR_Orcos_y_Goblins_Horda_Snotling.cat`` "Gigante", ``MDNR_Reinos_Ogros_v5.cat``
"Gigante sometido", ``MDNR_Reinos_del_Caos_Mortales_v5.cat`` "Gigante de asedio"; their rules
"Ataques del gigante", "Caídas", "Muerte del gigante".
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from conftest import assert_distribution, assert_mc, cat, clean, first_round_shares, needs_data

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact, first_round_exact_multi
from odds.combat.model import CombatOptions, SideOptions, build
from odds.combat.model.frontage import in_contact
from odds.units import unit_from_dict
from odds.validation import OddsInputError

N = 200_000
SNOTLINGS = "MDNR_Orcos_y_Goblins_Horda_Snotling.cat"
OGRES = "MDNR_Reinos_Ogros_v5.cat"
MORTALS = "MDNR_Reinos_del_Caos_Mortales_v5.cat"

D6 = {k: F(1, 6) for k in range(1, 7)}


def _sum(a: dict, b: dict) -> dict:
    out: dict = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0) + p * q
    return out


def _mix(parts: list[tuple[F, dict]]) -> dict:
    out: dict = {}
    for w, pmf in parts:
        for k, p in pmf.items():
            out[k] = out.get(k, 0) + w * p
    return out


def _each(n: dict, per: dict) -> dict:
    """The total of ``N`` independent draws of ``per``, ``N`` drawn from ``n``."""
    out: dict = {}
    for k, p in n.items():
        total = {0: F(1)}
        for _ in range(k):
            total = _sum(total, per)
        out = _mix([(F(1), out), (p, total)])
    return out


def _hit(p: F) -> dict:
    return {0: 1 - p, 1: p}


def _list(pmf: dict) -> list[float]:
    return [float(pmf.get(k, 0)) for k in range(max(pmf) + 1)]


TWO_D6 = _sum(D6, D6)
NONE = {0: F(1)}


def enemies(models: int = 20, files: int = 5, *, A: int = 1, W: int = 1, save: int = 7,
            troop_type: str = "infantry", T: int = 4, I: int = 2) -> object:  # noqa: E741
    """WS3 S3 orcs (or a monster): unbreakable, immune to psychology."""
    return unit_from_dict({
        "name": "Orcos", "troop_type": troop_type, "models": models, "files": files,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": T, "W": W, "I": I, "A": A,
                    "Ld": 7},
        "equipment": {"armour_save_override": save},
        "rules": {"special": ["unbreakable", "immune_to_psychology"]},
    })


def small_table(jump: F, toma: F, sweep: dict, freed: F, slain: dict, template: dict) -> dict:
    """The giant's wounds of one roll on its table against infantry ("Ataques del gigante").

    ``jump``: a jump's hit wounding; ``toma``: an S3 hit of "¡Toma!" wounding; ``sweep``: the
    wounds of one sweep hit; ``freed``: the victim's attack frees it; ``slain``: the wounds
    of a grabbed model slain; ``template``: the wounds of a fall (the jump's fall test).
    """
    grab_end = {0: F(1)}  # what is left to score after the k-th grab of eight
    for _ in range(8):
        rolled = _mix([(F(3, 6), slain),  # 1, 4, 5: bagged, squashed, eaten
                       (F(2, 6), _sum({1: F(1)}, _each(D6, _hit(toma)))),  # 2, 3: thrown
                       (F(1, 6), _sum(slain, _mix([(freed, NONE), (1 - freed, grab_end)])))])
        grab_end = rolled
    grab = _mix([(freed, NONE), (1 - freed, grab_end)])
    jumped = _mix([(F(1, 6), template), (F(5, 6), _each(TWO_D6, _hit(jump)))])
    return _mix([(F(1, 6), NONE), (F(1, 6), jumped), (F(1, 6), grab),
                 (F(3, 6), _each(D6, sweep))])


def charge(giant, enemy, *, rounds: int = 1, hits: str = "never", bonus: int = 0):
    return build(giant, enemy, d_opts=SideOptions(static_bonus=bonus),
                 options=CombatOptions(max_rounds=rounds, charge_tests=False,
                                       giant_fall_hits=hits))


@needs_data
def test_giant_profile_and_rules_read_from_the_catalogue():
    """Spot checks against the XML: ``MDNR_Orcos_y_Goblins_Horda_Snotling.cat`` "Gigante" M15
    HA3 F6 R5 H6 I3 A "*" L10 Monstruo, "Terror", "Objetivo grande", "Tozudez", "Caídas",
    "Ataques del gigante", "Muerte del gigante"; ``MDNR_Reinos_Ogros_v5.cat`` "Gigante
    sometido" (its "Estrangular con las cadenas"); ``MDNR_Reinos_del_Caos_Mortales_v5.cat``
    "Gigante de asedio" (TSA 4+, "Barrido con los garfios ... F7 con Golpe letal")."""
    g = cat(SNOTLINGS).unit("Gigante")
    p = g.profile
    assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 3, 6, 5, 6, 3, 1, 10)
    assert g.troop_type == "monster"
    assert {"giant_attacks", "giant_falls", "giant_death_fall", "stubborn", "terror"} <= set(
        g.special)
    assert clean(cat(SNOTLINGS), "Gigante")
    tamed = cat(OGRES).unit("Gigante sometido")
    assert tamed.has("giant_chains") and not tamed.has("giant_hooks")
    assert clean(cat(OGRES), "Gigante sometido")
    siege = cat(MORTALS).unit("Gigante de asedio")
    assert siege.has("giant_hooks") and siege.armour_save == 4
    assert clean(cat(MORTALS), "Gigante de asedio")


@needs_data
def test_giant_table_against_infantry():
    """``MDNR_Orcos_y_Goblins_Horda_Snotling.cat`` "Gigante" "Ataques del gigante", the second
    table ("Contra el resto de miniaturas (infantería ...)"), the giant charging twenty T4
    orcs (no save, A1 WS3 S3) five wide.  Its first-round wounds: 1 "Gritar y vocear", none;
    2 "Saltar arriba y abajo": a fall test (1: falls, the Default template lands on the orcs
    one time in four and hits the models touching the giant, five here, S6 vs T4 2+, D3
    wounds on W1 models: one each), else 2D6 S6 hits wounding on 2+ (RULES.md §1.4); 3
    "Agarrar y...": the victim's one attack frees it on 4+ to hit and 6+ to wound (S3 vs T5),
    1/12; else 1, 4, 5 slay it, 2, 3 a wound and 1D6 S3 hits wounding on 5+, 6 slays it and a
    second orc tries the same; 4-6 "Barrido con el garrote": 1D6 S6 hits on 2+."""
    giant = cat(SNOTLINGS).unit("Gigante")
    touching = in_contact(5, 20, 1, 50, True)
    template = _mix([(F(3, 4), NONE), (F(1, 4), _each({touching: F(1)}, _hit(F(5, 6))))])
    law = small_table(F(5, 6), F(1, 3), _hit(F(5, 6)), F(1, 12), {1: F(1)}, template)
    out = simulate(charge(giant, enemies(), hits="default"), N, 3601)
    assert_distribution(first_round_shares(out, 0, N), _list(law), N,
                        what="the giant's first-round wounds")


@needs_data
def test_siege_giant_hooks_and_the_never_option():
    """``MDNR_Reinos_del_Caos_Mortales_v5.cat`` "Gigante de asedio" "Ataques del gigante": "4-6:
    Barrido con los garfios ... 1D6 impactos de F7 con Golpe letal", against twenty W2 T4
    orcs with a 3+ save: a sweep hit wounds on 2+, its 6 slays (two wounds), the rest go
    through (a 3+ save at -4); a jump's S6 hit wounds on 2+ and is saved on 6+ (one wound);
    "¡Toma!"'s S3 hits wound on 5+ and are saved on 3+; a model slain scores its two wounds.
    ``giant_fall_hits`` "never" (the Option): the fallen template hits nobody."""
    giant = cat(MORTALS).unit("Gigante de asedio")
    law = small_table(F(5, 6) * F(5, 6), F(1, 3) * F(2, 6),
                      {0: F(1, 6), 1: F(4, 6), 2: F(1, 6)}, F(1, 12), {2: F(1)}, NONE)
    out = simulate(charge(giant, enemies(W=2, save=3)), N, 3602)
    assert_distribution(first_round_shares(out, 0, N), _list(law), N,
                        what="the siege giant's first-round wounds")


def _large(test: F, cap: int) -> dict:
    """The first table's wounds on a monster with ``cap`` wounds left: 1 shout, 2-4 the
    club (the test passed with ``test``, else 2D6 wounds up to ``cap``), 5-6 a headbutt."""
    club = {0: test}
    for k, p in TWO_D6.items():
        club[min(k, cap)] = club.get(min(k, cap), 0) + (1 - test) * p
    return _mix([(F(1, 6), NONE), (F(3, 6), club), (F(2, 6), {1: F(1)})])


@needs_data
def test_giant_table_against_a_monster_and_its_shout():
    """``MDNR_Orcos_y_Goblins_Horda_Snotling.cat`` "Gigante", the first table ("Contra
    miniaturas de tipo Monstruo ..."), against a W3 I3 monster with no attacks: 1 "Gritar y
    vocear": no wound, and the giant "gana el combate por 2 puntos automáticamente"; 2-4
    "Garrotazo": an I test (3 or less on a D6), failed 2D6 wounds (no armour save) up to
    its 3; 5-6 "Kabezazo": one wound.  The first-round margin: 2 for a shout, else the
    wounds + 1 for outnumbering (US 6 against 3, RULES.md §2.2)."""
    giant = cat(SNOTLINGS).unit("Gigante")
    monster = enemies(1, 1, A=0, W=3, T=5, I=3, troop_type="monster")
    law = _large(F(3, 6), 3)
    out = simulate(charge(giant, monster), N, 3603)
    assert_distribution(first_round_shares(out, 0, N), _list(law), N,
                        what="the giant's wounds on a monster")
    margin = {2: F(1, 6)}
    for k, p in _mix([(F(6, 5), law), (F(-1, 5), NONE)]).items():  # law given no shout
        margin[k + 1] = margin.get(k + 1, 0) + F(5, 6) * p
    centre = (out["margin"].shape[0] - 1) // 2
    shares = {k - centre: c / N for k, c in enumerate(out["margin"]) if c}
    assert min(shares) >= 0
    assert_distribution(shares, _list(margin), N, what="the first-round margin")


@needs_data
def test_giant_club_stuck_on_doubles():
    """"Garrotazo": "Si se obtiene dobles en las heridas que causa, el Garrote ... se incrusta
    en el suelo; si el combate sigue el siguiente turno ... el Gigante no hará ningún
    ataque".  Two rounds against the W3 monster: slain in round 1 by the club's 2D6 of 3 or
    more; a double 1 leaves it one wound and the giant with no attack in round 2; otherwise
    round 2 rolls the table again against its wounds left."""
    giant = cat(SNOTLINGS).unit("Gigante")
    monster = enemies(1, 1, A=0, W=3, T=5, I=3, troop_type="monster")
    slain = F(0)
    first = _large(F(3, 6), 3)
    stuck = F(3, 6) * F(3, 6) * F(1, 36)  # the club's double 1: two wounds, stuck
    for wounds, p in first.items():
        if wounds >= 3:
            slain += p
            continue
        if wounds == 2:
            # a club's 2D6 of 2 (a double, stuck): nothing more; the rest reach 3
            free = p - stuck
            slain += free * _large(F(3, 6), 1).get(1, 0)
            continue
        slain += p * sum(q for k, q in _large(F(3, 6), 3 - wounds).items() if k >= 3 - wounds)
    trials = 2 * N  # the stuck club moves the law by 0.005: 6 s.e. at this size
    out = simulate(charge(giant, monster, rounds=2), trials, 3604)
    assert_mc(out["surv"][1][0] / trials, float(slain), trials,
              what="the monster slain in two rounds")


@needs_data
def test_tamed_giant_chains_test_toughness_and_never_stick():
    """``MDNR_Reinos_Ogros_v5.cat`` "Gigante sometido" "Ataques del gigante": "2-4: Estrangular
    con las cadenas ... una tirada de Resistencia (igual o menos que su Resistencia en 1D6)
    ... Si no lo supera, la miniatura recibe 2D6 heridas": against a T5 I1 monster with 3
    wounds the test fails on a 6 only; no weapon stuck, so over two rounds a double 1 leaves
    the monster one wound that the next roll's club (failed 1/6) or headbutt takes."""
    giant = cat(OGRES).unit("Gigante sometido")
    monster = enemies(1, 1, A=0, W=3, T=5, I=1, troop_type="monster")
    first = _large(F(5, 6), 3)
    out = simulate(charge(giant, monster, rounds=2), N, 3605)
    assert_distribution(first_round_shares(out, 0, N), _list(first), N,
                        what="the chains' first-round wounds")
    slain = F(0)
    for wounds, p in first.items():
        left = 3 - wounds
        slain += p if left <= 0 else p * sum(
            q for k, q in _large(F(5, 6), left).items() if k >= left)
    assert_mc(out["surv"][1][0] / N, float(slain), N, what="the monster slain in two rounds")


@needs_data
def test_giant_falls_when_it_loses_and_dies_if_it_must_flee():
    """"Caídas": "Un Gigante debe hacer un chequeo de Caída cuando pierde un combate ... con
    un 1 el Gigante cae ... Un Gigante en el suelo que se vea obligado a huir es aniquilado
    automáticamente".  The orcs (no attacks, ranks and +10) beat the giant unless it shouts
    (a win by 2); on the ground after a jump's fall (1/6 of its jumps) or its fall test on
    losing (1/6), it breaks with 2D6 > 10 (stubborn Ld 10, RULES.md §3.2) and is destroyed:
    P = 5/6 x (1/30 + 29/30 x 1/6) x 3/36."""
    giant = cat(SNOTLINGS).unit("Gigante")
    out = simulate(charge(giant, enemies(A=0), bonus=10), N, 3606)
    down = F(1, 5) * F(1, 6) + (1 - F(1, 5) * F(1, 6)) * F(1, 6)
    assert_mc(out["status"][0][1] / N, float(F(5, 6) * down * F(3, 36)), N,
              what="the giant destroyed on the ground")


def test_exact_first_round_refuses_a_giant():
    """A giant's table is not in the exact first round: it refuses the combat."""
    giant = unit_from_dict({
        "name": "Gigante", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 3, "BS": 0, "S": 6, "T": 5, "W": 6, "I": 3, "A": 1,
                    "Ld": 10},
        "rules": {"special": ["giant_attacks", "giant_falls", "stubborn"]},
    })
    model = charge(giant, enemies())
    assert first_round_exact(model) is None
    assert first_round_exact_multi(model) is None
    plain = unit_from_dict({**giant.to_dict(), "rules": {"special": ["stubborn"]}})
    assert first_round_exact(charge(plain, enemies())) is not None


def test_giant_fall_hits_option_is_checked():
    with pytest.raises(OddsInputError, match="giant_fall_hits"):
        CombatOptions(giant_fall_hits="sometimes")


@needs_data
def test_giant_shout_and_headbutt_stop_the_monster_striking_back():
    """"Gritar y vocear": "Si el enemigo no ha luchado antes ... las miniaturas en contacto
    peana con peana con el Gigante no podrán luchar"; "Kabezazo": "si la miniatura enemiga
    sigue viva (y ha sido herida por el Kabezazo), pierde sus ataques hasta final de turno".
    The charging giant strikes first against a W10 I1 monster (A2 WS3 S5: 4+ to hit, 4+ to
    wound T5, RULES.md §1.3-§1.4): it strikes back only after the club (3/6) unless slain
    by it (the I test failed, 5/6, and 10 or more on the 2D6, 6/36), Binomial(2, 1/4)
    wounds; after a shout (1/6) or a headbutt (2/6) none."""
    giant = cat(SNOTLINGS).unit("Gigante")
    monster = unit_from_dict({
        "name": "Bestia", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 3, "BS": 0, "S": 5, "T": 5, "W": 10, "I": 1, "A": 2,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["unbreakable", "immune_to_psychology"]},
    })
    dead = F(5, 6) * F(6, 36)
    back = _mix([(dead, NONE), (1 - dead, _each({2: F(1)}, _hit(F(1, 4))))])
    law = _mix([(F(3, 6), back), (F(3, 6), NONE)])
    out = simulate(charge(giant, monster), N, 3607)
    assert_distribution(first_round_shares(out, 1, N), _list(law), N,
                        what="the monster's wounds on the giant")


def test_slain_giant_falls_on_the_enemy():
    """"Muerte del gigante": "Cuando el Gigante muere, también cae ... las miniaturas bajo ella
    reciben un impacto de F6 con Heridas Múltiples 1D3" (Default: the template lands on the
    unit in contact one time in four, on the models touching the giant).  Twenty orcs five
    wide charge a W1 T1 WS1 I1 giant: five attacks hitting on 3+ and wounding on 2+ slay it
    before it strikes with P = 1 - (4/9)^5; its template then scores Binomial(5, 5/6) for its
    side one time in four.  Alive, it rolls its table (the victim freeing itself on 3+ to hit
    and 2+ to wound, 5/9; a jump's fall slays it: its template)."""
    giant = unit_from_dict({
        "name": "Gigante", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 1, "BS": 0, "S": 6, "T": 1, "W": 1, "I": 1, "A": 1,
                    "Ld": 10},
        "rules": {"special": ["giant_attacks", "giant_falls", "giant_death_fall",
                              "unbreakable"]},
    })
    touching = in_contact(5, 20, 1, 50, True)
    template = _mix([(F(3, 4), NONE), (F(1, 4), _each({touching: F(1)}, _hit(F(5, 6))))])
    slain = 1 - F(4, 9) ** 5
    alive = small_table(F(5, 6), F(1, 3), _hit(F(5, 6)), F(5, 9), {1: F(1)}, template)
    law = _mix([(slain, template), (1 - slain, alive)])
    model = build(enemies(), giant, options=CombatOptions(max_rounds=1, charge_tests=False))
    out = simulate(model, N, 3608)
    assert_distribution(first_round_shares(out, 1, N), _list(law), N,
                        what="the giant's side's first-round wounds")
    never = simulate(build(enemies(), giant, options=CombatOptions(
        max_rounds=1, charge_tests=False, giant_fall_hits="never")), N, 3609)
    law = _mix([(slain, NONE), (1 - slain, small_table(F(5, 6), F(1, 3), _hit(F(5, 6)),
                                                       F(5, 9), {1: F(1)}, NONE))])
    assert_distribution(first_round_shares(never, 1, N), _list(law), N,
                        what="the giant's side's wounds, templates never landing")


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Enanos_del_Caos v4_5.cat",
                                  "MDNR_Enanos_del_Caos_con_Personajes_Especiales_v1.cat"])
def test_siege_giant_big_fellow_ignores_small_friends_panic(book):
    """``MDNR_Enanos_del_Caos v4_5.cat`` "Gigante de asedio" "Grandote": "Es Inmune a pánico
    causado por cualquier miniatura amiga que no sea Objetivo Grande" (large targets taken to
    be the monsters); its "Enormes garfios" are the table's S7 killing-blow sweep."""
    c = cat(book)
    siege = c.unit("Gigante de asedio")
    assert set(siege.no_panic_from) == {"cavalry", "chariot", "infantry", "monstrous_infantry",
                                        "swarm", "war_machine"}
    assert siege.has("giant_hooks") and siege.has("giant_falls")
    assert not siege.has("giant_death_fall")  # its entry has no "Muerte del gigante"
    assert clean(c, "Gigante de asedio")


def test_cli_takes_the_giant_fall_hits_choice(capsys):
    """``odds combat --giant-fall-hits never`` sets ``CombatOptions.giant_fall_hits``; a value
    outside default/never is refused by argparse (exit 2)."""
    from odds.cli import main

    assert main(["combat", "orc_boyz", "empire_swordsmen", "--trials", "2000", "--seed", "1",
                 "--giant-fall-hits", "never"]) == 0
    with pytest.raises(SystemExit) as exc:
        main(["combat", "orc_boyz", "empire_swordsmen", "--giant-fall-hits", "sometimes"])
    assert exc.value.code == 2
    assert "giant-fall-hits" in capsys.readouterr().err
