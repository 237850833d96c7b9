"""Mercenaries hired by other books, and the hounds of Bretonia Partida de Caza.

Catalogue checks read ../shared/battlescribe/ and are skipped when it is absent.
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_mc, cat, clean, infantry, kinds, needs_data, panic_flee_rate

from odds import dice
from odds.battlescribe.catalogue import _placeholder, load_catalogue
from odds.battlescribe.xmlsafe import read_xml

INCURSORES = "MDNR_Elfos_Oscuros_Incursores_de_Naggaroth_v1.cat"
PATRULLA = "MDNR_Elfos_Oscuros_Patrulla_de_Vigilancia_v1.cat"


# ------------------------------------------------------------------ the "Mercenarios" placeholder


@needs_data
def test_mercenarios_placeholder_is_no_unit():
    """MDNR Elfos Oscuros Incursores de Naggaroth, "Mercenarios" (a unit entry of 0 points
    whose "Modelo" profile prints no M, HA, F, R, H, I, A nor L, Tipo "Infantería,
    Mercenarios") and its rule "Mercenarios": "Como Unidad Singular sólo puedes incluir
    Mercenarios (y los Regimientos de Renombre que sean Singulares, claro)"; Patrulla de
    Vigilancia: "Puedes incluir Mercenarios ...".  It stands for units of another book: no
    unit entry, a note in the report; every other entry is still there."""
    for name, others in ((INCURSORES, 6), (PATRULLA, 8)):
        c = cat(name)
        assert "Mercenarios" not in c.names and len(c.names) == others
        items = [i for i in c.report if i.unit == "Mercenarios"]
        assert [(i.item, i.kind) for i in items] == [("Mercenarios", "note")]
        assert items[0].reason.startswith("no unit: a placeholder")


@needs_data
def test_only_blank_profiles_are_placeholders():
    """An entry with any printed characteristic is a unit: across the 89 catalogues the two
    "Mercenarios" entries are the only placeholders, and a loaded catalogue lists every
    other ``type="unit"`` entry."""
    found = []
    for f in sorted(SHARED.glob("*.cat")):
        root = read_xml(f, expected=("catalogue",))
        for section in root:
            if not section.tag.endswith("selectionEntries"):
                continue
            found += [(f.name, e.get("name")) for e in section
                      if e.get("type") == "unit" and _placeholder(e)]
    assert sorted(found) == [(INCURSORES, "Mercenarios"), (PATRULLA, "Mercenarios")]
    c = load_catalogue(SHARED / "MDNR_Mercenarios v5.cat")
    assert len(c.names) == 24


# ------------------------------------------------------------ Bretonia Partida de Caza: hounds

CAZA = "MDNR_Bretonia_Partida_de_Caza_v1.cat"
N = 200_000


@needs_data
def test_hounds_rules_read_from_the_catalogue():
    """MDNR Bretonia Partida de Caza, "Perros de Caza": "Perros de caza": "Ningún personaje
    puede unirse a una unidad de perros de caza. Las unidades de una partida de caza son
    inmunes al pánico causado por unidades de perros de caza, sólo otras unidades de perros
    de caza se verán afectadas"; "Persecución imparable: " (woods: movement); "Perrero" ("Se
    considera el campeón de la unidad. Reduce su movimiento a 18 cm ...") and "Armadura del
    Perrero" ("El Perrero dispone de una salvación por armadura de 6+ por ir montado"): the
    optional champion's.  Default build (no Perrero): nothing ignored or approximated.  Spot
    check of the entry: Perros de Caza M18 HA3 F3 R3 H1 I3 A1 L5, 5-15 at 7 points, fast
    cavalry; Perrero M10 HA4 A2 L7, 15 points."""
    c = cat(CAZA)
    u = c.unit("Perros de Caza")
    assert clean(c, "Perros de Caza")
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.A, u.profile.Ld) == (3, 3, 3, 1, 5)
    assert (u.models, u.points_per_model, u.command.champion_points) == (5, 7.0, 15.0)
    assert u.has("no_characters") and u.has("fast_cavalry") and not u.command.champion
    assert u.tags == {"bretonnia", "hound"}
    assert (u.panics_not, u.panics_still) == (("bretonnia",), ("hound",))
    assert kinds(c, "Perros de Caza")["Persecución imparable: "] == "no_combat_effect"
    report: list = []
    led = c.entry("Perros de Caza").unit(command={"champion"}, report=report)
    got = {i.item: i.kind for i in report}
    assert got["Perrero"] == "no_combat_effect" and got["Armadura del Perrero"] == "approximated"
    assert led.champion_save == 6 and led.armour_save == 7
    assert led.champion_profile.WS == 4 and led.champion_profile.A == 2


def _p_pass(ld: int) -> float:
    """P(2D6 <= ld)."""
    return float(dice.p_at_most(dice.sum_pmf(2), ld))


@pytest.mark.parametrize(("friend", "panics"), [
    ({"army": "bretonnia", "race": "hound"}, True),  # other hounds
    ({"army": "bretonnia"}, False),  # a unit of the hunting party
    ({"army": "dogs_of_war"}, True),  # no unit of the party
])
def test_hounds_breaking_panic_only_hounds(friend, panics):
    """Bretonia "Perros de caza": hounds X (5 models, Ld 2) and a friend Y (10 in 5 files, Ld
    8) face Z (5 models, +5): Z wins by 3, X always breaks, Y flees unless it passes its
    break test on 5 and, if X's flight panics it, its panic test on 8 (RULES.md §3.2, §3.4):
    P(flee) = 1 - 10/36 x 26/36 or, spared, 1 - 10/36."""
    x = infantry("X", 5, 5, S=1, T=10, Ld=2).replace(
        army="bretonnia", race="hound", panics_not=("bretonnia",), panics_still=("hound",))
    y = infantry("Y", 10, 5, S=1, T=10, Ld=8).replace(**friend)
    z = infantry("Z", 5, 5, S=1, T=10)
    fled, _ = panic_flee_rate(x, y, z, 4311 + len(str(friend)))
    p = 1 - _p_pass(5) * (_p_pass(8) if panics else 1)
    assert_mc(fled, p, N, what=f"friend {friend} flees")


# ------------------------------------------------ Reinos del Caos Incineradores: "Individuales"

LEGION = "MDNR_Reinos_del_Caos_Demonios_Legion_Demoniaca_v1.cat"


@needs_data
def test_incineradores_are_lone_models():
    """MDNR Reinos del Caos Demonios Legión Demoníaca, "Incineradores (Unidad Básica
    Adicional)" (5-20 models in the data) "Individuales": "Después del despliegue, cada uno se
    considera una miniatur individual a todos los efectos (mueven individualmente,
    proporcionan puntos de victoria cada uno, no se les pueden unir personajes, etc.)": the
    entry is one model (at most one: several are several units of a combat), no character
    joins it, and it imports with nothing ignored.  Spot check: M15 HA2 HP4 F4 R4 H1 I4 A2 L8,
    25 points, skirmishers with fear, flaming and magic attacks."""
    from odds.validation import OddsInputError

    c = cat(LEGION)
    name = "Incineradores (Unidad Básica Adicional)"
    e, u = c.entry(name), c.unit(name)
    assert (e.min_models, e.max_models, u.models) == (1, 1, 1)
    assert (u.profile.M, u.profile.WS, u.profile.S, u.profile.T, u.profile.A) == (15, 2, 4, 4, 2)
    assert u.points_per_model == 25.0
    for flag in ("no_characters", "skirmishers", "fear", "flaming_attacks", "magic_attacks"):
        assert u.has(flag), flag
    assert kinds(c, name)["Individuales"] == "note" and clean(c, name)
    with pytest.raises(OddsInputError):
        e.unit(models=5)
