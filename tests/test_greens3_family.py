"""Army rules of the greens3 family of catalogues: Orcos y Goblins, Skaven, Enanos, the Elf
books, Condes Vampiro, Reyes Funerarios.

Names read in the catalogues of ../shared/battlescribe/ (skipped when the folder is absent):
troop types, army-composition rules and named leaders with weapons of their own.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import (
    assert_mc,
    cat,
    check_kernel_first_round,
    clean,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    FRONT,
    G_SAVE,
    RANK_AND_FILE,
    S_REROLL_FLIGHT,
    CombatOptions,
    SideOptions,
    build,
    build_units,
    dice_budget,
    layout,
)
from odds.dice import sum_pmf
from odds.special_rules import exact_refuses, rule_dice
from odds.units import Member, unit_from_dict
from odds.validation import OddsInputError

SKAVEN = ("MDNR_Skaven v4_5.cat", "MDNR_Skaven_con_Personajes_Especiales_v1.cat")
GITILLA_BOOKS = ("MDNR_Orcos_y_Goblins_con_Personajes_Especiales_v1.cat",
                 "MDNR_Orcos_y_Goblins_Lista_de_Goblins_v1.cat",
                 "MDNR_Orcos_y_Goblins_Whaaagh_de_las_Tierras_Yermas_v1.cat")
N = 200_000
SNAGLA_BOOKS = ("MDNR_Orcos_y_Goblins_con_Personajes_Especiales_v1.cat",
                "MDNR_Orcos_y_Goblins_Horda_Zalvaje_v1.cat",
                "MDNR_Orcos_y_Goblins_Lista_de_Goblins_v1.cat",
                "MDNR_Orcos_y_Goblins_Whaaagh_de_las_Tierras_Yermas_v1.cat")


@needs_data
@pytest.mark.parametrize("book", SKAVEN)
def test_jezzail_teams_are_infantry_of_unit_strength_two(book):
    """Skaven "Mosquetes jezzail", profile "Mosquete jezzail": Tipo "Infantería (en peana de
    caballería)", Potencia 2, HA3 F3 R3 H1 I4 A2 L5, "Pavés" (6+); the book's "Grupo de
    apoyo" says of such teams "aunque puedan estar montados en peana de caballería, se
    consideran infantería a todos los efectos": infantry, unit strength 2 each."""
    c = cat(book)
    u = c.unit("Mosquetes jezzail")
    assert u.troop_type == "infantry" and u.unit_strength_per_model == 2
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A,
            u.profile.Ld) == (3, 3, 3, 1, 4, 2, 5)
    assert u.has("skirmishers") and u.armour_save == 6
    assert clean(c, "Mosquetes jezzail")


@needs_data
@pytest.mark.parametrize("book", SKAVEN)
def test_warpstone_weapons_is_army_composition(book):
    """Skaven "Ratas ogro mejoradas" "Armas de piedra bruja": "Cada Rata Ogro Mejorada puede
    equiparse con una (y solo una) arma ... DEBE equiparse con una opción diferente": which
    weapon option each model takes (each option an entry with its own rule).  Spot check:
    "Rata ogro mejorada" HA3 F6 R4 H3 I3 A3 L7, plate armour (4+), monstrous infantry."""
    c = cat(book)
    name = "Ratas ogro mejoradas"
    assert kinds(c, name)["Armas de piedra bruja"] == "no_combat_effect"
    u = c.unit(name)
    assert u.troop_type == "monstrous_infantry" and u.armour_save == 4
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.A) == (3, 6, 4, 3, 3)
    assert clean(c, name)


@needs_data
@pytest.mark.parametrize("book", SNAGLA_BOOKS)
def test_snagla_leads_his_spider_riders(book):
    """Orcos y Goblins "Acechantez de Snagla Grobspit": four "Acechante" HA2 F3 R3 H1 I2 A1
    L6 (hand weapon, cavalry spear, shield, "Pintura de guerra") on "Araña gigante" HA3 F3
    I3 A1, with musician and standard, and "Snagla Grobspit" HA4 HP3 F4 R4 H2 I4 A3 L7, one
    and only one, with "Kuchilla de Snagla": "Se trata de una Arma de mano con la regla
    Heridas múltiples (1D3) ... pierde el arma mágica" (a magic weapon: he must use it,
    RULES.md §1.7).  Snagla: a character joined to the unit for good."""
    c = cat(book)
    name = "Acechantez de Snagla Grobspit"
    u = c.unit(name)
    assert u.troop_type == "cavalry" and u.models == 7 and u.ward_save == 6
    assert u.equipment.weapon == "cavalry_spear" and u.multiple_wounds == ""
    (snagla,) = u.members
    assert snagla.role == "character"
    assert (snagla.profile.WS, snagla.profile.S, snagla.profile.T, snagla.profile.W,
            snagla.profile.I, snagla.profile.A, snagla.profile.Ld) == (4, 4, 4, 2, 4, 3, 7)
    assert snagla.equipment.weapon == "hand_weapon" and snagla.equipment.shield
    assert snagla.multiple_wounds == "d3" and "magic_attacks" in snagla.special
    assert clean(c, name)


def _goblins_with_leader(multiple_wounds):
    """Two S1 models (they cannot wound T5) and a named leader of A1 S5."""
    unit = infantry("Acechantez", 3, 3, S=1)
    leader = Member("Snagla", "character", unit.profile.replace(S=5),
                    unit.equipment, multiple_wounds=multiple_wounds)
    return unit.replace(members=(leader,))


def test_a_member_s_own_multiple_wounds():
    """A member's weapon of its own with "Heridas múltiples (1D3)" (Orcos y Goblins "Kuchilla
    de Snagla"): its one blow hits WS3 on 4+ and wounds T5 on 4+ (S5), each wound becoming
    1D3 on a model of W3: P(0) = 3/4, P(1) = P(2) = P(3) = 1/12; the unit's other models
    (S1 against T5) cannot wound.  Without them, Bernoulli(1/4)."""
    target = infantry("Blanco", T=5, W=3, A=0, special=["immune_to_psychology"])
    options = CombatOptions(max_rounds=1)
    model = build(_goblins_with_leader("d3"), target, options=options)
    check_kernel_first_round(model, [3 / 4, 1 / 12, 1 / 12, 1 / 12], 3301, "Kuchilla, 1D3")
    model = build(_goblins_with_leader(None), target, options=options)
    check_kernel_first_round(model, [3 / 4, 1 / 4], 3302, "the unit's (none)")


def test_member_multiple_wounds_validate_and_round_trip():
    """A member's multiple wounds are one of the engine's and round-trip through TOML."""
    unit = _goblins_with_leader("d3")
    assert unit_from_dict(unit.to_dict()) == unit
    with pytest.raises(OddsInputError, match="multiple_wounds"):
        Member("X", "character", unit.profile, multiple_wounds="1D3")


@needs_data
@pytest.mark.parametrize("book", GITILLA_BOOKS)
def test_gitilla_leads_his_wolf_riders(book):
    """Orcos y Goblins "Aulladorez de Gitilla el Kazador": "Aullador" HA2 F3 R3 H1 I2 A1 L6
    (hand weapon, shield, short bow) on wolves, and "Gitilla el Kazador" HA4 HP4 F4 R4 H2 I4
    A3 L7, one and only one, with hand weapon, "Arko de Gitilla" (shooting) and "Pellejo
    durízimo": "proporciona una tirada de salvación por armadura de 4+ a Gitilla (que unido al
    hecho de ir montado le deja una tirada de salvación por armadura de 3+)".  The unit's rule
    "Aulladorez": "pueden repetir todas las tiradas para huir o perseguir".  An enemy's blow
    against Gitilla needs his 3+, against the unit the wolf riders' 5+."""
    c = cat(book)
    name = "Aulladorez de Gitilla el Kazador"
    u = c.unit(name)
    assert u.troop_type == "cavalry" and u.has("reroll_flee_pursue") and u.armour_save == 5
    (gitilla,) = u.members
    assert gitilla.role == "character" and gitilla.armour_save_override == 3
    assert (gitilla.profile.WS, gitilla.profile.S, gitilla.profile.T, gitilla.profile.W,
            gitilla.profile.I, gitilla.profile.A, gitilla.profile.Ld) == (4, 4, 4, 2, 4, 3, 7)
    assert gitilla.equipment.weapon == "hand_weapon" and not gitilla.equipment.shield
    model = build(infantry("E"), u, options=CombatOptions(max_rounds=1))
    body = model.names.index(f"{u.name} Gitilla el Kazador")
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == 5
    assert model.groups[0, body, RANK_AND_FILE, 0, G_SAVE] == 3
    assert model.sides[1, S_REROLL_FLIGHT] == 1
    assert clean(c, name)


def _caught(pursuer: bool, fleer: bool) -> float:
    """P(a 5D6 flee roll is caught by a 5D6 pursuit roll), with the "Aulladorez" re-rolls of
    the pursuer (a roll that falls short) and of the fleer (a roll that is caught), the
    fleer re-rolling first (:data:`odds.special_rules.flight.REROLL_FLIGHT`)."""
    pmf = np.asarray(sum_pmf(5), dtype=float)
    at_most = np.cumsum(pmf)  # P(roll <= x)
    at_least = 1 - at_most + pmf  # P(roll >= x)
    total = 0.0
    for f1, pf in enumerate(pmf):
        for c1, pc in enumerate(pmf):
            if c1 >= f1 and fleer:
                # re-rolled flee f2: caught by c1, or by the pursuer's re-roll
                again = at_most[c1] + (pmf[c1 + 1:] * at_least[c1 + 1:]).sum() * pursuer
            elif c1 >= f1:
                again = 1.0
            else:
                again = at_least[f1] if pursuer else 0.0
            total += pf * pc * again
    return total


@pytest.mark.parametrize("pursuer, fleer, seed", [
    (False, False, 3311), (False, True, 3312), (True, False, 3313), (True, True, 3314)])
def test_howlers_reroll_flee_and_pursuit(pursuer, fleer, seed):
    """Orcos y Goblins "Aulladorez": "pueden repetir todas las tiradas para huir o perseguir".
    Nobody can wound; the pursuers (must pursue: no test to hold back) win by +5 static
    against Ld 2 infantry, who always break: 5D6 against 5D6, caught with P(pursuit >= flee)
    = 0.5607... without re-rolls; a fleer with the rule re-rolls a caught flee roll, a pursuer
    a pursuit that falls short (exact sums in :func:`_caught`)."""
    rule = ["reroll_flee_pursue"]
    hunters = infantry("Cazadorez", 5, 5, S=1, T=10,
                       special=["must_pursue", *(rule if pursuer else [])])
    prey = infantry("Presa", 5, 5, S=1, T=10, Ld=2, special=rule if fleer else [])
    options = CombatOptions(max_rounds=1, charger="none", restrain_pursuit=True)
    model = build(hunters, prey, SideOptions(static_bonus=5), options=options)
    out = simulate(model, N, seed)
    assert out["status"][1, CAUGHT] + out["status"][1, ESCAPED] == N  # always breaks
    assert_mc(out["status"][1, CAUGHT] / N, _caught(pursuer, fleer), N,
              what=f"caught (pursuer {pursuer}, fleer {fleer})")
    # the budget covers a re-rolled 5D6 for each unit with the rule
    plain = build(hunters.replace(special=("must_pursue",)), prey.replace(special=()),
                  SideOptions(static_bonus=5), options=options)
    assert rule_dice(model, layout) - rule_dice(plain, layout) == 5 * (pursuer + fleer)
    assert dice_budget(model) >= dice_budget(plain) + 5 * (pursuer + fleer) - 7  # 8-face words


def test_howlers_exact_sums_hand_checked():
    """The exact sums of :func:`_caught`: without re-rolls P(5D6 >= 5D6) = (1 + P(tie)) / 2;
    the fleer's re-roll leaves P(c >= f1 and c >= f2); the pursuer's, 1 - P(f > c1 and f >
    c2); each re-roll helps its own side."""
    pmf = np.asarray(sum_pmf(5), dtype=float)
    at_most = np.cumsum(pmf)
    assert abs(_caught(False, False) - (1 + (pmf ** 2).sum()) / 2) < 1e-12
    assert abs(_caught(False, True) - (pmf * at_most ** 2).sum()) < 1e-12
    below = at_most - pmf  # P(c < f)
    assert abs(_caught(True, False) - (1 - (pmf * below ** 2).sum())) < 1e-12
    assert _caught(False, True) < _caught(False, False) < _caught(True, False)
    assert _caught(False, True) < _caught(True, True) < _caught(True, False)


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Elfos_Silvanos v5.cat",
                                  "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat"])
def test_hawk_riders_read_lightning_strike(book):
    """Elfos Silvanos "Jinetes de halcón": "Ataque relámpago" (the unit's rule).  Spot check
    against the XML: "Jinete de halcón" HA4 F3 R3 H2 I5 A1 L8 TSA 6+ on "Halcón de guerra"
    HA4 F4 I5 A1 (TSA +1, Potencia 2), "Caballería voladora": "Volar, hostigadores"."""
    c = cat(book)
    name = "Jinetes de halcón"
    u = c.unit(name)
    assert u.has("lightning_strike") and u.has("flying") and u.has("skirmishers")
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A,
            u.profile.Ld) == (4, 3, 3, 2, 5, 1, 8)
    assert (u.mount.WS, u.mount.S, u.mount.I, u.mount.A) == (4, 4, 5, 1)
    assert clean(c, name)


def _lightning(charged: bool, rule: bool, seed: int):
    """Ld 2 infantry (with the rule or not), charging or charged, lose the one round by 5 to
    must-pursue infantry; nobody can wound (S1 against T10)."""
    hawks = infantry("Halcones", 5, 5, S=1, T=10, Ld=2,
                     special=["lightning_strike"] if rule else [])
    foe = infantry("Enemigo", 5, 5, S=1, T=10, special=["must_pursue"])
    model = build_units([hawks, foe], [0, 1], [(0, 1, FRONT, FRONT)], [charged, not charged],
                        [None, SideOptions(static_bonus=5)], CombatOptions(max_rounds=1))
    return simulate(model, N, seed), model


def test_lightning_strike_flees_by_choice_unpursued():
    """Elfos Silvanos "Ataque relámpago": "En el turno en que esta ... unidad haya cargado, y
    tras calcular la resolución de combate pero antes de efectuar chequeos de
    desmoralización ... pueden decidir huir de forma voluntaria. Si decide huir habiendo
    perdido ... el enemigo no puede perseguir".  Having charged and lost, the unit flees by
    choice: it always escapes, no break is counted, the must-pursue enemy catches nothing.
    Without the rule (or charged rather than charging) the Ld 2 unit always breaks and is
    caught with P(5D6 >= 5D6) = (1 + P(tie)) / 2."""
    pmf = np.asarray(sum_pmf(5), dtype=float)
    caught = (1 + (pmf ** 2).sum()) / 2
    out, model = _lightning(True, True, 3321)
    assert out["status"][0, ESCAPED] == N and out["breaks"][0, 0] == 0
    assert exact_refuses(model, layout)  # the exact first round would count a break
    for charged, rule, seed in ((True, False, 3322), (False, True, 3323)):
        out, model = _lightning(charged, rule, seed)
        assert not exact_refuses(model, layout)
        assert out["breaks"][0, 0] == N  # always breaks
        assert_mc(out["status"][0, CAUGHT] / N, caught, N,
                  what=f"caught (charged {charged}, rule {rule})")


def test_lightning_strike_causes_no_panic():
    """"... la unidad no causará pánico en unidades amigas por huir": X (Ld 2, the rule,
    charging) and Y (Ld 10, stubborn) both lose by 5 to Z; Y flees only on its own break
    test, 2D6 > 10 (3/36).  Without the rule X breaks, and Y also tests panic on 2D6 <= 10:
    it flees with 1 - (33/36)^2."""
    for rule, p_flee, seed in ((True, 3 / 36, 3324), (False, 1 - (33 / 36) ** 2, 3325)):
        x = infantry("X", 5, 5, S=1, T=10, Ld=2, special=["lightning_strike"] if rule else [])
        y = infantry("Y", 5, 5, S=1, T=10, Ld=10, special=["stubborn"])
        z = infantry("Z", 10, 10, S=1, T=10)
        model = build_units([x, y, z], [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)],
                            [True, False, False], [None, None, SideOptions(static_bonus=5)],
                            CombatOptions(max_rounds=1))
        out = simulate(model, N, seed)
        assert out["status"][0, CAUGHT] + out["status"][0, ESCAPED] == N  # X always leaves
        assert_mc((out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / N, p_flee, N,
                  what=f"Y flees (rule {rule})")
