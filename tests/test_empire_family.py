"""Army rules of the Empire family of catalogues (issue 36): Imperio, Mercenarios, Estalia,
Marienburgo, Regimientos de Renombre, Condes Vampiro, Reyes Funerarios, Monstruos Arcanos.

Names mapped onto what the engine already models, read in the catalogues of
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the exact
first round and the kernel with probabilities worked out by hand, at z = 5 with a fixed seed.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import binomial, cat, check_first_round, clean, kinds, needs_data, still_targets

from odds.combat.model import CombatOptions, build

CLAN_BOOKS = (
    "MDNR_Condes_Vampiro_Clan_Dragon_Sangriento_v2.cat",
    "MDNR_Condes_Vampiro_Clan_Lahmia_v2.cat",
    "MDNR_Condes_Vampiro_Clan_Necrarca_v2.cat",
    "MDNR_Condes_Vampiro_Clan_Strigoi_v2.cat",
    "MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat",
    "MDNR_Condes_Vampiro_Ejercito_Nigromantico_v2.cat",
    "MDNR_Condes_Vampiro_Sylvania_(Clan_Von_Carstein)_v2.cat",
)
CORPSE_CART = "Carro de cadáveres"




# ----------------------------------------------------------------- Carro de cadáveres


@needs_data
@pytest.mark.parametrize("book", CLAN_BOOKS)
def test_clan_corpse_cart_is_a_monster(book):
    """Spot check against the XML of the clan books: "Carro de cadáveres" M10 HA2 F2 R4 H3 I1
    A "2D6" L7 TSA 5+, Tipo "Carro", Potencia 3; "No se considera un carro": "Pese a tener el
    tipo de unidad Carro, el Carro de Cadáveres no tiene las reglas de carro (no se destruye
    por una herida de F7 o más, tiene la capacidad de marchar si nada se lo impide, no causa
    impactos por carga...)" -- one monster fighting with its own profile, as the v5 book's
    "Carro de Cadaveres (No se considera un carro)" (RULES.md §1.12: a chariot's rules are
    the troop type's).

    Charging ten WS3 T4 models with no save: each of its 2D6 attacks (one roll a round,
    RULES.md §1.6) hits on 4+ (WS2 vs WS3) and wounds on 6+ (S2 vs T4): 1/12; the first
    round's wounds are the mixture over n = 2..12 of Binomial(n, 1/12), weighted by 2D6."""
    c = cat(book)
    u = c.unit(CORPSE_CART)
    assert u.troop_type == "monster" and u.models == 1 and u.crew == 1 and u.mount is None
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.Ld) \
        == (2, 2, 4, 3, 1, 7)
    assert (u.random_attacks, u.impact_hits, u.armour_save) == ("2d6", "", 5)
    assert kinds(c, CORPSE_CART)["No se considera un carro"] == "note"
    assert clean(c, CORPSE_CART)
    if book != CLAN_BOOKS[0]:
        return
    model = build(u, still_targets(), options=CombatOptions(max_rounds=1))
    pmf = np.zeros(13)
    for a in range(1, 7):
        for b in range(1, 7):
            n = a + b
            pmf[: n + 1] += np.array(binomial(n, 1 / 12)) / 36
    check_first_round(model, list(pmf), 3601, "clan corpse cart")


# ----------------------------------------------------------------- rules read by their text


@needs_data
@pytest.mark.parametrize("book, unit, rule, flag", [
    # Mercenarios: Arabia "Guardia": "Mientras el Jeque (Pagador) esté en la unidad, son
    # Tozudos" (the Jeque's "Pagador": "el Pagador es el Portaestandarte de Batalla
    # mercenario")
    ("MDNR_Mercenarios_Arabia.cat", "Guardianes (Escolta del Pagador)", "Guardia",
     "paymaster_guard"),
    # Estalia "Escolta": "Mientras el General del Ejercito esté en la unidad, son Tozudos"
    ("MDNR_Estalia_(Mercenarios-El_Templo_de_Myrmidia).cat", "Guardaespaldas", "Escolta",
     "bodyguard"),
    ("MDNR_Mercenarios_Estalia_(Cargad)_v3.cat", "Guardaespaldas", "Escolta", "bodyguard"),
    # Condes Vampiro (Costa del Vampiro) "Piel viscosa": "Toda miniatura que trate de atacar
    # al Leviatán Putrefacto en combate cuerpo a cuerpo sufre un penalizador de -1 a la
    # tirada para impactar" (RULES.md §1.3)
    ("MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat", "Leviatán Putrefacto", "Piel viscosa",
     "hard_to_hit"),
])
def test_rules_read_by_their_text(book, unit, rule, flag):
    """Each rule's text gives an engine flag, and the entry imports fully modelled."""
    c = cat(book)
    assert c.unit(unit).has(flag)
    assert rule not in kinds(c, unit) or kinds(c, unit)[rule] not in ("ignored",
                                                                        "approximated")
    assert clean(c, unit)


@needs_data
def test_estalian_bodyguard_spot_check():
    """Spot check against the XML: Estalia "Guardaespaldas" M10 HA4 HP3 F3 R3 H1 I3 A1 L8,
    "Jefe de los Guardaespaldas" A2, "Formación mixta", "Orgullo Estaliano", "Escolta"."""
    u = cat("MDNR_Estalia_(Mercenarios-El_Templo_de_Myrmidia).cat").unit("Guardaespaldas")
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.I, u.profile.A, u.profile.Ld) \
        == (4, 3, 3, 3, 1, 8)
    assert u.champion_profile.A == 2
    assert {"bodyguard", "estalian_pride", "pikes_behind"} <= set(u.special)


@needs_data
def test_leviathan_spot_check():
    """Spot check against the XML: Costa del Vampiro "Leviatán Putrefacto" M15 HA3 F6 R5 H5 I0
    A5 L5 TSA 3+, Tipo "Monstruo, No Muerto, Zombi", Potencia 5."""
    u = cat("MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat").unit("Leviatán Putrefacto")
    assert u.troop_type == "monster" and u.models == 1
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A) \
        == (3, 6, 5, 5, 0, 5)
    assert u.armour_save == 3


# ----------------------------------------------------------------- no combat effect


@needs_data
@pytest.mark.parametrize("book, unit, rule, category", [
    ("MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat", "Arcabuceros Zombi",
     "Pólvora (Zombis que disparan)", "shooting"),
    ("MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat", "Carronada", "Carronada", "war machine"),
    ("MDNR_Condes_Vampiro_Costa_del_Vampiro_v2.cat", "La Reina Bess", "Reina Bess",
     "war machine"),
    ("MDNR_Mercenarios_Estalia_(Cargad)_v3.cat", "Caballeros del Sol Llameante",
     "Sol Llameante", "shooting"),
    ("MDNR_Imperio_Ejercito_Cruzado_v1.cat",
     "Caballería Imperial (Todas las unidades deben ser de una Orden de caballería)",
     "Orden de Caballería", "army composition"),
    ("MDNR_Imperio_Ejercito_Sigmarita_v1.cat", "Flagelantes (Menos que Compañias libres)",
     "Flagelantes (Menos que Compañias libres)", "army composition"),
    ("MDNR_Imperio_Guardia_del_Emperador_v1.cat",
     "Órdenes de Caballería Famosas que no sean la Reiksguard",
     "Órdenes de Caballería Famosas que no sean la Reiksguard", "army composition"),
    ("MdM_Marienburgo_(El_Templo_de_Myrmidia).cat", "Arkat Fooger y los Enanos Marienburgueses",
     "Enemistad", "army composition"),
])
def test_no_combat_effect_names(book, unit, rule, category):
    """Rules whose texts cannot change a close combat (their reasons in
    odds.battlescribe.no_effect_names): the entry imports fully modelled."""
    c = cat(book)
    items = [i for i in c.report.for_unit(unit) if i.item == rule]
    assert items and all(i.kind == "no_combat_effect" and i.reason.startswith(category)
                         for i in items)
    assert clean(c, unit)


@needs_data
def test_fimir_fog_is_a_spell():
    """Mercenarios "Unidad mágica (Invocar niebla)": "Si se consigue lanzar con éxito ... Hasta
    el inicio de la siguiente fase de magia propia, los ataques ... contra esta unidad
    sufrirán un penalizador de -1 a impactar": a spell of the magic phase (a combat of the
    engine starts with no spell in play, as "Miasma del vigor nigromántico")."""
    c = cat("MDNR_Mercenarios v5.cat")
    assert kinds(c, "Fimir")["Unidad mágica (Invocar niebla)"] == "no_combat_effect"


# ----------------------------------------------------------------- pistols


PISTOLS = ("Pistola", "Par de pistolas", "Pistola ballesta")


@needs_data
def test_pistols_are_modelled_in_every_catalogue():
    """RULES.md §1.7 "Pistol in CC": S4 and armour piercing in the first round only; a brace
    counts as two hand weapons (+1 A).  Over the 89 catalogues no unit entry reports a
    "Pistola", "Par de pistolas" or "Pistola ballesta" ignored or approximated: a champion's
    pistol is the weapon ``hand_weapon_and_pistol``, a brace ``brace_of_pistols``, and the
    Elfos Oscuros/Regimientos de Renombre "Pistola ballesta" is a missile weapon ("Alcance
    20cm. Fuerza 3. Disparos múltiples x3")."""
    from conftest import SHARED

    from odds import rules

    seen: dict[str, set[str]] = {}
    for path in sorted(SHARED.glob("*.cat")):
        for item in cat(path.name).report:
            if item.item in PISTOLS:
                seen.setdefault(item.item, set()).add(item.kind)
                assert item.kind not in ("ignored", "approximated"), (path.name, item.unit)
    assert seen["Pistola"] == {"note"} and seen["Pistola ballesta"] == {"no_combat_effect"}
    brace = rules.WEAPONS["brace_of_pistols"]
    pistol = rules.WEAPONS["hand_weapon_and_pistol"]
    assert (brace.extra_attacks, brace.shot_strength) == (1, 4)
    assert (pistol.extra_attacks, pistol.shot_strength, pistol.pistol_attacks) == (1, 4, 1)
    u = cat("MDNR_Regimientos_de_Renombre v5.cat").unit(
        "Compañía dragón de Ulther (Enanos y Mercenarios)")
    assert "brace_of_pistols" in (u.equipment.weapon, u.champion_weapon, u.front_weapon)
