"""Names of the Skaven, Ogre, Dwarf, Orc and Goblin books and the allied contingents that map
onto the engine's rules, weapons or the names with no effect on a close combat.

Each test cites the catalogue file and entry whose text it reads.
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_mc, cat, clean, infantry, kinds, panic_flee_rate

from odds import dice
from odds.battlescribe.no_effect_names import no_combat_reason

N = 200_000


def p_pass(ld: int) -> float:
    """P(2D6 <= ld)."""
    return float(dice.p_at_most(dice.sum_pmf(2), ld))

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")


def test_katana_is_a_hand_weapon_with_armour_piercing():
    """``MDNR_Contingente_Aliado_Nippon.cat`` "Samurai", profile "Katana": "Se considera un
    arma de mano común ... además, los ataques realizados con katana tienen Poder de
    penetración"."""
    c = cat("MDNR_Contingente_Aliado_Nippon.cat")
    for name in ("Samurai", "Samurai a caballo"):
        u = c.unit(name)
        assert u.equipment.weapon in ("hand_weapon", "lance"), name
        assert "Katana" not in kinds(c, name), name
    samurai = c.unit("Samurai")
    assert samurai.equipment.weapon == "hand_weapon" and samurai.has("armour_piercing")
    assert clean(c, "Samurai")


def test_ogre_thunderous_charge_reads_its_own_wording():
    """``MDNR_Reinos_Ogros_v5.cat`` "Jinetes de rhinox ..." "Carga atronadora": "Si todas las
    miniaturas ... cargan o arrasan 18cm o más, cada miniatura causa 1D3 impactos por carga"
    (Mercenarios: "cargan, persiguen o arrasan"): the same ``thunderous_charge``."""
    for book, name in (("MDNR_Reinos_Ogros_v5.cat",
                        "Jinetes de rhinox (ocupan un hueco de especial y otro de singular)"),
                       ("MDNR_Reinos_Ogros_Horda_Gnoblar_v1.cat", "Jinetes de Rinobuey")):
        c = cat(book)
        u = c.unit(name)
        assert u.has("thunderous_charge") and u.impact_hits == "d3", name
        assert kinds(c, name).get("Carga atronadora") == "note", name
        assert clean(c, name), name


def test_gorger_hungry_must_pursue():
    """``MDNR_Reinos_Ogros_v5.cat`` "Gargantúa" "Hambriento": "Tras un combate, siempre deben
    perseguir, pero no pueden arrasar"; "Olor a sangre" is its arrival on the table."""
    c = cat("MDNR_Reinos_Ogros_v5.cat")
    assert c.unit("Gargantúa").has("must_pursue")
    assert kinds(c, "Gargantúa")["Olor a sangre"] == "no_combat_effect"
    assert clean(c, "Gargantúa")


def test_amazon_rules():
    """``MDNR_Contingente_Aliado_Amazonas.cat`` "Amazonas de Anakonda" "Hostigadoras": "son
    Hostigadoras"; "Guerreras tótem" "Ataques envenenados (sólo en cuerpo a cuerpo)" (gst
    "Ataques envenenados": 6+)."""
    c = cat("MDNR_Contingente_Aliado_Amazonas.cat")
    assert c.unit("Amazonas de Anakonda").has("skirmishers")
    assert c.unit("Guerreras tótem").poisoned == 6
    for name in ("Amazonas de Anakonda", "Guerreras tótem"):
        assert clean(c, name), name


@pytest.mark.parametrize(("book", "unit", "name", "category"), [
    ("MDNR_Skaven v4_5.cat", "Corredores de sombras", "Eshin", "army composition"),
    ("MDNR_Skaven v4_5.cat", "Lanzadores de viento envenenado", "Skryre", "army composition"),
    ("MDNR_Skaven v4_5.cat", "Monjes de plaga", "Pestilens", "army composition"),
    ("MDNR_Contingente_Aliado_Kislev.cat", "Kossars", "Firmes en las filas", "shooting"),
    ("MDNR_Reinos_Ogros_v5.cat", "Yehtis", "Escalar", "movement"),
    ("MDNR_Enanos_Karak-Kadrin_v1.cat", "Matatrolls ", "Una muerte gloriosa", "out of combat"),
    ("MDNR_Enanos_Karak-Kadrin_v1.cat", "Matatrolls ", "¡Mira, Snorri, Trolls!", "deployment"),
    ("MDNR_Enanos_Karak-Kadrin_v1.cat", "Matatrolls ", "Dispersión", "magic phase"),
    ("MDNR_Orcos_y_Goblins_Lista_Goblins_Nocturnos_v1.cat", "Trolls de Piedra",
     "Trolls de piedra", "magic phase"),
])
def test_names_with_no_combat_effect(book, unit, name, category):
    """Clan labels with no text (Skaven "Eshin", "Skryre", "Pestilens"), stand and shoot
    (Kislev "Firmes en las filas"), crossing terrain (Reinos Ogros "Escalar"), victory points
    and the move after deployment (Karak-Kadrin), dispel dice and magic resistance: reported
    as no_combat_effect with their reason."""
    c = cat(book)
    assert kinds(c, unit)[name] == "no_combat_effect", (unit, name)
    assert no_combat_reason(name).startswith(category)


def test_skaven_units_now_fully_modelled():
    """``MDNR_Skaven v4_5.cat``: with their clans' labels read, these entries import with
    nothing ignored or approximated (profiles, equipment and their other rules were already
    read)."""
    c = cat("MDNR_Skaven v4_5.cat")
    for name in ("Corredores de sombras", "Acechantes nocturnos",
                 "Lanzadores de viento envenenado", "Monjes de plaga"):
        assert clean(c, name), name


def test_river_trolls_are_hard_to_hit_monstrous_infantry():
    """``MDNR_Orcos_y_Goblins_Horda_Zalvaje_v1.cat`` "Trolls de Río": "Las miniaturas que
    quieran impactar a los Trolls en combate cuerpo a cuerpo tienen un penalizador de -1"
    (``hard_to_hit``); their profile "Troll de Río" has no Tipo and Potencia 3: monstrous
    infantry as every other MDNR troll (also "Trolls")."""
    c = cat("MDNR_Orcos_y_Goblins_Horda_Zalvaje_v1.cat")
    river = c.unit("Trolls de Río")
    assert river.has("hard_to_hit") and river.troop_type == "monstrous_infantry"
    assert c.unit("Trolls").troop_type == "monstrous_infantry"
    assert not c.unit("Trolls").has("hard_to_hit")
    for name in ("Trolls de Río", "Trolls"):
        assert clean(c, name), name


def test_gnoblar_trappers_use_a_hunters_ld_as_a_generals():
    """``MDNR_Reinos_Ogros_v5.cat`` "Tramperos gnoblars ..." "Séquito": "Puede utilizar el
    Liderazgo de cualquier Cazador amigo a menos de 30 cm": a note (the General's Ld of
    SideOptions), not an ignored rule."""
    c = cat("MDNR_Reinos_Ogros_v5.cat")
    name = "Tramperos gnoblars (0-1 incrementable con cazadores)"
    assert kinds(c, name)["Séquito"] == "note"
    assert clean(c, name)


def _panic_case(source: dict, friend: dict, seed: int) -> float:
    """X (5 models, Ld 2, ``source``) and Y (10 models in 5 files, Ld 8, ``friend``) face Z
    (5 models, +5): Z wins by 5 - 1 (Y's ranks) - 1 (outnumbered) = 3, X always breaks, and Y
    flees unless it passes its break test on 8 - 3 = 5 and, if X's flight panics it, the
    panic test on 8 (RULES.md §3.2, §3.4).  Returns the fraction of trials Y fled."""
    x = infantry("X", 5, 5, S=1, T=10, Ld=2).replace(**source)
    y = infantry("Y", 10, 5, S=1, T=10, Ld=8).replace(**friend)
    z = infantry("Z", 5, 5, S=1, T=10)
    fled, _ = panic_flee_rate(x, y, z, seed)
    return fled


@pytest.mark.parametrize(("source", "panicked", "spared"), [
    # Contingente Aliado: Hobgoblins "Desprecio": only hobgoblins and goblins
    ({"race": "hobgoblin", "panics_only": ("goblin", "hobgoblin")}, {"race": "goblin"},
     {"race": "human"}),
    # Skaven "Prescindibles" (Horda de ratas): no skaven unit
    ({"army": "skaven", "panics_not": ("skaven",)}, {"race": "human"}, {"army": "skaven"}),
    # mercenaries family: Skaven "Prescindibles" (Esclavos skaven): "Todas las unidades skaven
    # son inmunes a pánico causadas por esclavos, excepto otros esclavos"
    ({"army": "skaven", "race": "slave", "panics_not": ("skaven",), "panics_still": ("slave",)},
     {"army": "skaven", "race": "slave"}, {"army": "skaven"}),
    # Contingente Aliado: Nippon "Campesinos": no samurai unit
    ({"panics_not": ("samurai",)}, {"race": "human"}, {"race": "samurai"}),
])
def test_units_that_panic_only_some_friends(source, panicked, spared):
    """A friend the fleeing unit's rule names (or leaves out) takes no panic test: it flees
    with P(break) = 1 - 10/36 alone; any other with 1 - 10/36 x 26/36."""
    p_break = 1 - p_pass(5)
    p_both = 1 - p_pass(5) * p_pass(8)
    seed = 4200 + len(str(source))
    assert_mc(_panic_case(source, panicked, seed), p_both, N, what="panicked friend")
    assert_mc(_panic_case(source, spared, seed + 1), p_break, N, what="spared friend")


def test_panic_rules_read_from_the_catalogues():
    """``MDNR_Contingente_Aliado_Hobgoblins.cat`` "Desprecio" (the steppe riders are
    hobgoblins: "Jinete de las estepas"), ``MDNR_Skaven v4_5.cat`` "Prescindibles" of the
    "Horda de ratas" and "Esclavos skaven" (no skaven unit but other slaves: race "slave"),
    ``MDNR_Contingente_Aliado_Nippon.cat`` "Campesinos" (Samurai: of type Samurai)."""
    h = cat("MDNR_Contingente_Aliado_Hobgoblins.cat")
    for name in ("Guerreros hobgoblin", "Jinetes de las estepas", "Mastines"):
        assert h.unit(name).panics_only == ("goblin", "hobgoblin"), name
        assert clean(h, name), name
    assert "hobgoblin" in h.unit("Jinetes de las estepas").tags
    s = cat("MDNR_Skaven v4_5.cat")
    assert s.unit("Horda de ratas").panics_not == ("skaven",) and clean(s, "Horda de ratas")
    slaves = s.unit("Esclavos skaven")
    assert slaves.panics_not == ("skaven",) and slaves.panics_still == ("slave",)
    assert slaves.tags == {"skaven", "slave"} and clean(s, "Esclavos skaven")
    n = cat("MDNR_Contingente_Aliado_Nippon.cat")
    assert "samurai" in n.unit("Samurai").tags
    for name in ("Ashigaru", "Ashigaru con arcabuces", "Lanzacohetes"):
        assert n.unit(name).panics_not == ("samurai",), name
        assert clean(n, name), name


def test_grimgors_guard():
    """``MDNR_Orcos_y_Goblins_Sexta_Pura_(Compendium_TS).cat`` "Escolta de Grimgor ...":
    "Odio (A todo el mundo)" is hatred; "El tamaño zi importa" ("Los Orcos Negros ... son
    inmunes al pánico causado por unidades de tipo Pielverde") a black orc unit's immunity to
    greenskin friends' panic; "Guardia Personal" who may join."""
    c = cat("MDNR_Orcos_y_Goblins_Sexta_Pura_(Compendium_TS).cat")
    name = "Escolta de Grimgor (Solo y siempre que esté Grimgor en el Ejército)"
    u = c.unit(name)
    assert u.has("hatred") and "greenskin" in u.no_panic_from
    assert kinds(c, name)["Guardia Personal"] == "no_combat_effect"
    assert clean(c, name)
