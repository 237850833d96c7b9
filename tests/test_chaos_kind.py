"""Models *de tipo Caos* and the hatred that names them (the ``chaos`` kind).

MDNR Mercenarios, Marienburgo (Hermanas de Sigmar) "Martillos de Sigmar": "Las Hermanas de
Sigmar tienen Odio a miniaturas de tipo Caos y Odio a miniaturas de tipo No Muerto"; Estalia
(Hermanas de Myrmidia) "Lanzas de Myrmidia" (the same words); Imperio (Ejército Sigmarita),
Mercenarios, Regimientos de Renombre (Cazadores de brujas), Estalia (Sumos Inquisidores)
"Cazadores de vampiros": "son inmunes a psicología, salvo que odian a todas las miniaturas de
tipo No Muerto, Caos o Skaven".  A model is of type Caos when its printed ``Tipo`` names
"Caos" (the ``chaos`` rule, ``odds/special_rules/kinds.py``), or when its army is a Reinos del
Caos book; hatred is gst "Odio" (RULES.md §1.6: re-roll missed hits in the first round).
"""

from __future__ import annotations

from conftest import binomial, cat, check_first_round, infantry, kinds, needs_data

from odds.combat.model import CombatOptions, build

MERCS = "MDNR_Mercenarios v5.cat"
MYRMIDIA = "MdM_Estalia_con_Personajes_Especiales_(El_Templo_de_Myrmidia).cat"
SIGMARITE = "MDNR_Imperio_Ejercito_Sigmarita_v1.cat"
MORTALS = "MDNR_Reinos_del_Caos_Mortales_v5.cat"


@needs_data
def test_hammers_of_sigmar_hate_chaos_and_undead():
    """MDNR_Mercenarios v5.cat "Hermanas de Sigmar" "Martillos de Sigmar" and
    MdM_Estalia_con_Personajes_Especiales "Hermanas de Myrmidia de la Órden de la Visión
    Verdadera" "Lanzas de Myrmidia": hatred of the tags ``chaos`` and ``undead``, no longer
    reported; the sisters are not of type Caos themselves ("Infantería, Humano.")."""
    book = cat(MERCS)
    sisters = book.unit("Hermanas de Sigmar")
    assert sisters.hatred == ("chaos", "undead") and not sisters.has("chaos")
    assert "Martillos de Sigmar" not in kinds(book, "Hermanas de Sigmar")
    estalia = cat(MYRMIDIA)
    name = "Hermanas de Myrmidia de la Órden de la Visión Verdadera"
    assert estalia.unit(name).hatred == ("chaos", "undead")
    assert "Lanzas de Myrmidia" not in kinds(estalia, name)


@needs_data
def test_vampire_hunters_are_immune_to_psychology_and_hate():
    """MDNR_Imperio_Ejercito_Sigmarita_v1.cat "Cazadores de brujas" "Cazadores de vampiros":
    immune to psychology, hatred of ``chaos``, ``skaven`` and ``undead``; the rule is no longer
    reported."""
    book = cat(SIGMARITE)
    hunters = book.unit("Cazadores de brujas")
    assert hunters.has("immune_to_psychology")
    assert hunters.hatred == ("chaos", "skaven", "undead")
    assert "Cazadores de vampiros" not in kinds(book, "Cazadores de brujas")


@needs_data
def test_the_estalian_inquisitors():
    """MdM_Estalia_con_Personajes_Especiales "Sumos Inquisidores (Personaje Especial)":
    "Cazadores de vampiros" ("Juan y Tomás son inmunes a psicología, salvo que odian a todas
    las miniaturas de tipo No Muerto, Caos o Skaven") as Johann's and Wilhelm's; "Plegarias a
    Myrmidia" ("Tomás puede lanzar una única Plegaria a Myrmidia por turno ... Se tratan como
    objetos portahechizos de nivel de energía 3"): bound spells of the magic phase, as
    "Plegarias a Sigmar"."""
    book = cat(MYRMIDIA)
    name = "Sumos Inquisidores (Personaje Especial)"
    unit = book.unit(name)
    assert unit.has("immune_to_psychology")
    assert unit.hatred == ("chaos", "skaven", "undead")
    k = kinds(book, name)
    assert "Cazadores de vampiros" not in k
    assert k["Plegarias a Myrmidia"] == "no_combat_effect"


@needs_data
def test_type_chaos_is_read_from_the_tipo():
    """MDNR_Mercenarios v5.cat "Fimir" (``Tipo`` "Infantería monstruosa, Fimir, Caos.") is of
    type Caos although its army is the Mercenarios; MDNR_Reinos_del_Caos_Mortales_v5.cat
    "Guerreros del Caos" ("Infantería, Humano, Caos.") too; the sisters hate both, and not
    a unit of their own book."""
    fimir = cat(MERCS).unit("Fimir")
    warriors = cat(MORTALS).unit("Guerreros del Caos")
    sisters = cat(MERCS).unit("Hermanas de Sigmar")
    assert fimir.has("chaos") and "chaos" in fimir.damage_tags
    assert warriors.has("chaos") and "chaos" in warriors.damage_tags
    assert sisters.hates(fimir) and sisters.hates(warriors)
    assert not sisters.hates(cat(MERCS).unit("Piqueros"))


def test_a_chaos_army_unit_given_by_hand_is_of_type_chaos():
    """A unit without a ``Tipo`` (given by hand) of a Reinos del Caos army is of type Caos
    (their books print "Caos" in every model's ``Tipo`` but their steeds'); one of another army
    is not."""
    haters = infantry("Hermanas").replace(hatred=("chaos", "undead"))
    assert haters.hates(infantry("Guerreros", army="warriors_of_chaos"))
    assert haters.hates(infantry("Hombres bestia", army="beasts_of_chaos"))
    assert not haters.hates(infantry("Espaderos", army="empire"))


def _sisters_against(enemy):
    """Five WS4 S4 A1 models hating Chaos and undead charge ``enemy`` for one round."""
    sisters = infantry("Hermanas", 5, 5, WS=4, S=4).replace(hatred=("chaos", "undead"))
    return build(sisters, enemy, options=CombatOptions(charger="attacker", max_rounds=1))


def test_hatred_of_chaos_rerolls_missed_hits_in_the_first_round():
    """Five WS4 S4 attacks at WS4 T4 without a save hit on 4+ and wound on 4+ (RULES.md §1.3,
    §1.4).  Against a model of type Caos the missed hits are re-rolled (gst "Odio", §1.6):
    p = (1/2 + 1/2 * 1/2) * 1/2 = 3/8, Binomial(5, 3/8); against one that is not:
    Binomial(5, 1/4) (the exact engine and the kernel at z = 5)."""
    chaos = infantry("Guerreros", 10, 5, WS=4, T=4, A=0, special=["chaos"])
    check_first_round(_sisters_against(chaos), binomial(5, 3 / 8), 4101, "sisters on Chaos")
    other = infantry("Espaderos", 10, 5, WS=4, T=4, A=0, army="empire")
    check_first_round(_sisters_against(other), binomial(5, 1 / 4), 4102, "sisters on men")
