"""Names of the big monsters' entries (giants, mammoth, Titán de Khemri...) that map onto the
engine's rules.

Each test cites the catalogue file and entry whose text it reads.
"""

from __future__ import annotations

import pytest
from conftest import SHARED, assert_mc, cat, infantry, kinds, panic_flee_rate

from odds import dice

N = 200_000

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")

TITAN = "Titán de Khemri (ocupa hueco de singular y de héroe)(requiere un necrotecto)"


@pytest.mark.parametrize("book", [
    "MDNR_Reyes_Funerarios v5.cat",
    "MDNR_Reyes_Funerarios_Ejercito_de_Quatar_v1.cat",
    "MDNR_Reyes_Funerarios_con_Personajes_Especiales_v1.cat",
])
def test_titan_strikes_last(book):
    """``MDNR_Reyes_Funerarios v5.cat`` "Titán de Khemri": its infoLink "Ataca en último
    lugar" targets the gst rule "Siempre ataca último": "La unidad ataca en último lugar,
    independientemente de la iniciativa y armas empuñadas y de quien haya cargado"."""
    c = cat(book)
    assert c.unit(TITAN).has("always_strikes_last")
    assert "Ataca en último lugar" not in kinds(c, TITAN)


@pytest.mark.parametrize("book", [
    "MDNR_Reinos_Ogros_v5.cat",
    "MDNR_Reinos_Ogros_Ejercito_de_Ghark_v1.cat",
    "MDNR_Reinos_Ogros_Horda_Gnoblar_v1.cat",
    "MDNR_Reinos_Ogros_con_Personajes_Especiales_v1.cat",
])
def test_tamed_giant_ignores_the_panic_of_small_friends(book):
    """``MDNR_Reinos_Ogros_v5.cat`` "Gigante sometido" "Ignora el pánico de los pequeñajos":
    "Es inmune al pánico provocado por unidades de tipo Infantería, Caballería o Enjambre.
    (Los carros, monstruos e infantería monstruosa le siguen causando pánico)"."""
    c = cat(book)
    giant = c.unit("Gigante sometido")
    assert set(giant.no_panic_from) == {"cavalry", "infantry", "swarm"}
    assert "Ignora el pánico de los pequeñajos" not in kinds(c, "Gigante sometido")


def _fled(source_type: str, seed: int) -> float:
    """X (5 models of ``source_type``, Ld 2) and Y (10 models in 5 files, Ld 8, immune to the
    panic of infantry, cavalry and swarms) face Z (+5): X always breaks, Y flees unless it
    passes its break test on 8 - 3 = 5 and, if X's flight panics it, its panic test on 8
    (RULES.md §3.2, §3.4).  Returns the fraction of trials Y fled."""
    x = infantry("X", 5, 5, S=1, T=10, Ld=2).replace(troop_type=source_type)
    y = infantry("Y", 10, 5, S=1, T=10, Ld=8).replace(
        no_panic_from=("cavalry", "infantry", "swarm"))
    z = infantry("Z", 5, 5, S=1, T=10)
    fled, _ = panic_flee_rate(x, y, z, seed)
    return fled


def test_small_friends_breaking_cause_the_giant_no_panic():
    """"Ignora el pánico de los pequeñajos": a swarm breaking beside the giant causes it no
    panic test (it flees with P = 1 - P(2D6 <= 5)); monstrous infantry still does
    (1 - P(2D6 <= 5) x P(2D6 <= 8))."""
    p5 = float(dice.p_at_most(dice.sum_pmf(2), 5))
    p8 = float(dice.p_at_most(dice.sum_pmf(2), 8))
    assert_mc(_fled("swarm", 4711), 1 - p5, N, what="a swarm broke")
    assert_mc(_fled("monstrous_infantry", 4712), 1 - p5 * p8, N,
              what="monstrous infantry broke")


ALBION = "Gigantes de Albión (Regimiento de Renombre, Ocupan dos huecos de singular)"
MERC_BOOK = ("MDNR_Mercenarios_con_Personajes_Especiales,_Monstruos_Arcanos_y_Regimientos_de"
             "_Renombre.cat")


@pytest.mark.parametrize(("book", "unit", "name", "kind"), [
    # "Saltar la valla": "A efectos de Movimiento ... si obtiene un 1 caerá al suelo"
    (MERC_BOOK, ALBION, "Saltar la valla", "no_combat_effect"),
    # "Gigantes de Albión": "no se consideran Personajes"
    (MERC_BOOK, ALBION, "Gigantes de Albión", "no_combat_effect"),
    # "Miniaturas individuales": three giants each on its own: still reported
    (MERC_BOOK, ALBION, "Miniaturas individuales", "ignored"),
    # Skaven "Movimiento aleatorio 8D6": "la Rueda huye y persigue 8D6cm"
    ("MDNR_Skaven v4_5.cat", "Rueda de la muerte", "Movimiento aleatorio 8D6",
     "no_combat_effect"),
    # Skaven "Rayos de disformidad": "únicamente en tu fase de disparo ... incluso aunque la
    # Rueda esté trabada ... A todos los efectos es un ataque de disparo": the shooting phase
    ("MDNR_Skaven v4_5.cat", "Rueda de la muerte", "Rayos de disformidad", "no_combat_effect"),
    # Condes Vampiro (Costa del Vampiro) "Disrupción de Poder": "+1 a las tiradas para
    # dispersar"
    ("MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat", "Coloso Necrofex", "Disrupción de Poder",
     "no_combat_effect"),
])
def test_big_monsters_names_read_by_their_texts(book, unit, name, kind):
    """Each name is reported as its text says: no effect on a close combat, or still
    ignored with the reason of :data:`odds.battlescribe.unmodelled.UNMODELLED_REASONS`."""
    c = cat(book)
    assert kinds(c, unit)[name] == kind
    if kind == "ignored":
        reason = next(i.reason for i in c.report.for_unit(unit) if i.item == name)
        assert "rule not modelled by the engine" not in reason, reason


def test_doomwheel_flees_and_pursues_with_its_move_dice():
    """``MDNR_Skaven v4_5.cat`` "Rueda de la muerte": printed M "8D6", and "Movimiento
    aleatorio 8D6": "la Rueda huye y persigue 8D6cm (huye +3cm por la regla ¡El que corre
    hoy, vive para luchar mañana!)": the reason given for the name holds in the import."""
    u = cat("MDNR_Skaven v4_5.cat").unit("Rueda de la muerte")
    assert u.random_move == "8d6"
    assert u.has("flees_3cm_more")
