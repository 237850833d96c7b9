"""Elfos Silvanos "Danzas de Loec" and "Armas de bailarín" (Bailarines guerreros).

The rules' texts are the catalogues' (../shared/battlescribe/MDNR_Elfos_Silvanos v5.cat and
MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat, entry "Bailarines guerreros", rule
"Danzas de Loec"; shared rule "Armas de bailarín").  Each first round is checked against the
exact engine and a law worked out by hand, the kernel against it at z = 5 with a fixed seed;
the later rounds' dances against a law worked out by hand.
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_distribution,
    binomial,
    cat,
    check_first_round,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.model import (
    CAT_ASF,
    CHAMPION,
    G_ATTACKS,
    G_KB,
    G_KEY,
    G_WARD,
    RANK_AND_FILE,
    CombatOptions,
    build,
)
from odds.validation import OddsInputError

N = 200_000
BOOKS = ("MDNR_Elfos_Silvanos v5.cat", "MDNR_Elfos_Silvanos_con_Personajes_Especiales_v2.cat")
ENTRY = "Bailarines guerreros"


def _dancers(book: str = BOOKS[0], champion: bool = False):
    """The catalogue's default Bailarines guerreros (five), with their Señor if asked."""
    entry = next(e for e in cat(book).entries if e.name == ENTRY)
    unit = entry.default_unit
    if champion:
        unit = unit.replace(command=unit.command.replace(champion=True))
    return unit


@needs_data
@pytest.mark.parametrize("book", BOOKS)
def test_dancers_import_fully_modelled(book):
    """Elfos Silvanos "Armas de bailarín": "se considera que tienen dos armas de mano (por lo
    que tienen A+1) y, además, F+1 en el turno en que cargan"; "Danzas de Loec" is the
    ``loec_dances`` rule: nothing of the entry is left ignored or approximated."""
    unit = _dancers(book)
    assert unit.equipment.weapon == "additional_hand_weapon"
    assert unit.has("strength_on_charge") and unit.has("loec_dances")
    found = kinds(cat(book), ENTRY)
    assert "Armas de bailarín" not in found and "Danzas de Loec" not in found
    assert not {k for k in found.values()} & {"ignored", "approximated"}


@needs_data
def test_each_round_kind_dances_its_dance():
    """Elfos Silvanos "Danzas de Loec": "Torbellino de Muerte: tienen Golpe letal. Tormenta
    de Espadas: ganan A+1. Sombras Inalcanzables: su TSE pasa a ser de TSE 4+. Niebla
    Sinuosa: Siempre atacan primero pero pierden A-1 por miniatura (habitualmente harán
    únicamente un ataque, pero por ejemplo el Señor de Bailarines hará 2)"; "Es acumulable a
    los efectos de las Armas de Bailarín (así que si hacen Tormenta de Espadas, cada
    Bailarín tiene 3 ataques ...)".

    Kinds 0, 1, 2 are the first, even and odd later rounds; the dancers' printed A1 (Señor
    A2) and the extra hand weapon's attack; their "Tatuajes talismánicos" 6+ ward."""
    foe = infantry("Lanceros", 10, 5)
    dancers = _dancers(champion=True)
    model = build(dancers, foe, options=CombatOptions(charger="none",
                                                      loec_dances=("storm", "mist", "whirl")))
    own, theirs = model.groups[0, 1], model.groups[1, 0]
    assert own[RANK_AND_FILE, 0, G_ATTACKS] == 3 and own[CHAMPION, 0, G_ATTACKS] == 4
    assert own[RANK_AND_FILE, 1, G_ATTACKS] == 1 and own[CHAMPION, 1, G_ATTACKS] == 2
    assert own[RANK_AND_FILE, 1, G_KEY] // 16 == CAT_ASF
    assert own[RANK_AND_FILE, 2, G_ATTACKS] == 2 and own[RANK_AND_FILE, 2, G_KB] == 1
    assert own[RANK_AND_FILE, 0, G_KB] == 0
    assert [theirs[RANK_AND_FILE, k, G_WARD] for k in range(3)] == [6, 6, 6]
    shadows = build(dancers, foe, options=CombatOptions(
        charger="none", loec_dances=("whirl", "shadows", "storm")))
    assert [shadows.groups[1, 0, RANK_AND_FILE, k, G_WARD] for k in range(3)] == [6, 4, 6]


def test_a_dance_cannot_follow_itself():
    """Elfos Silvanos "Danzas de Loec": "debe elegir una danza, alternandolas
    obligatoriamente": no dance two rounds in a row; only the four dances."""
    with pytest.raises(OddsInputError, match="cannot follow itself"):
        CombatOptions(loec_dances=("storm", "storm", "whirl"))
    with pytest.raises(OddsInputError, match="cannot follow itself"):
        CombatOptions(loec_dances=("storm", "whirl", "whirl"))
    with pytest.raises(OddsInputError, match="loec_dances"):
        CombatOptions(loec_dances=("storm", "waltz", "storm"))
    assert CombatOptions(loec_dances=["mist", "storm", "mist"]).loec_dances == (
        "mist", "storm", "mist")


@needs_data
def test_storm_of_blades_on_the_charge():
    """Elfos Silvanos "Danzas de Loec" (Default: Tormenta de Espadas in the first round) with
    "Armas de bailarín" ("F+1 en el turno en que cargan"): five dancers charging make
    3 attacks each at S4; WS6 against WS3 hits on 3+, S4 on T4 wounds on 4+, no save:
    Binomial(15, 1/3) (twenty targets, so that no wound is lost)."""
    foe = infantry("Blanco", 20, 10, T=4, A=0, special=["immune_to_psychology"])
    model = build(_dancers(), foe, options=CombatOptions(max_rounds=1))
    check_first_round(model, binomial(15, 1 / 3), 3601, "storm of blades on the charge")


@needs_data
def test_whirling_death_slays_through_armour():
    """Elfos Silvanos "Danzas de Loec": "Torbellino de Muerte: tienen Golpe letal" (gst
    "Golpe letal": a 6 to wound slays a man-sized model, no armour save).  Five dancers
    charging, 2 attacks each at S4 against T3 models with a 4+ save (5+ after S4): a hit
    (3+) slays on a 6 to wound (1/6) or wounds on 3-5 and beats the save on 1-4 (1/2 x
    2/3): 2/3 x 1/2 = 1/3 an attack, Binomial(10, 1/3) (without the dance, 8/27)."""
    foe = infantry("Lanceros", 10, 5, save=4, A=0, special=["immune_to_psychology"])
    model = build(_dancers(), foe, options=CombatOptions(
        max_rounds=1, loec_dances=("whirl", "storm", "whirl")))
    check_first_round(model, binomial(10, 1 / 3), 3602, "whirling death")


@needs_data
def test_elusive_shadows_ward_the_dancers():
    """Elfos Silvanos "Danzas de Loec": "Sombras Inalcanzables: su TSE pasa a ser de TSE
    4+".  Five WS3 S3 models charge the dancers (first round, dancing Sombras
    Inalcanzables): WS3 against WS6 hits on 4+, S3 on T3 wounds on 4+, no armour, the
    ward 4+ (not the tattoos' 6+): each attack 1/8, Binomial(5, 1/8)."""
    foe = infantry("Lanceros", 10, 5, A=1)
    model = build(foe, _dancers(), options=CombatOptions(
        max_rounds=1, loec_dances=("shadows", "storm", "shadows")))
    check_first_round(model, binomial(5, 1 / 8), 3603, "elusive shadows")


@pytest.mark.parametrize(("rounds", "attacks"), [(2, 25), (3, 30), (4, 40)])
def test_later_rounds_alternate_the_last_two_dances(rounds, attacks):
    """Elfos Silvanos "Danzas de Loec", the dances ("storm", "whirl", "mist"): Tormenta de
    Espadas in the first round (A 3 with two hand weapons), Torbellino de Muerte in the
    even rounds (A 2), Niebla Sinuosa in the third and fifth (A 1).

    Five such dancers (not charging) against forty WS3 T4 models with no attack, five wide
    (their front stays full), both unbreakable so that the combat lasts every round: each
    attack slays on 3+ to hit and 5+ to wound (2/9; killing blow adds nothing against a model
    with no save and one wound), so the casualties after 2, 3 and 4 rounds are
    Binomial(5 x (3 + 2), 2/9), Binomial(5 x 6, 2/9), Binomial(5 x 8, 2/9)."""
    dancers = infantry("Bailarines", 5, 5, WS=6, I=6, A=1, special=["loec_dances", "unbreakable"],
                       equipment={"weapon": "additional_hand_weapon"})
    foe = infantry("Blanco", 40, 5, T=4, A=0, special=["unbreakable"])
    model = build(dancers, foe, options=CombatOptions(
        charger="none", max_rounds=rounds, expand_frontage=False,
        loec_dances=("storm", "whirl", "mist")))
    out = simulate(model, N, 3604 + rounds)
    lost = {40 - k: c / N for k, c in enumerate(out["surv"][1]) if c}
    assert_distribution(lost, binomial(attacks, 2 / 9), N, what=f"{rounds} rounds of dances")


def test_cli_takes_the_dances(capsys):
    """``odds combat --loec-dances FIRST,EVEN,ODD`` sets ``CombatOptions.loec_dances``; a
    dance twice in a row ("alternandolas obligatoriamente") is refused (exit 2)."""
    from odds.cli import main

    assert main(["combat", "orc_boyz", "empire_swordsmen", "--trials", "2000", "--seed", "1",
                 "--loec-dances", "mist,storm,mist"]) == 0
    assert main(["combat", "orc_boyz", "empire_swordsmen", "--loec-dances",
                 "storm,storm,whirl"]) == 2
    assert "cannot follow itself" in capsys.readouterr().err
