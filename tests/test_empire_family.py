"""Army rules of the Empire family of catalogues (issue 36): Imperio, Mercenarios, Estalia,
Marienburgo, Regimientos de Renombre, Condes Vampiro, Reyes Funerarios, Monstruos Arcanos.

Names mapped onto what the engine already models, read in the catalogues of
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the exact
first round and the kernel with probabilities worked out by hand, at z = 5 with a fixed seed.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import binomial, cat, check_first_round, clean, kinds, needs_data

from odds.combat.model import CombatOptions, build
from odds.units import unit_from_dict

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


def target(*, special: tuple = ()):
    """Ten WS3 T4 models with no save and no attacks, immune to psychology."""
    return unit_from_dict({
        "name": "Blanco", "troop_type": "infantry", "models": 10, "files": 10,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 4, "W": 1, "I": 3, "A": 0,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["immune_to_psychology", *special]},
    })


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
    model = build(u, target(), options=CombatOptions(max_rounds=1))
    pmf = np.zeros(13)
    for a in range(1, 7):
        for b in range(1, 7):
            n = a + b
            pmf[: n + 1] += np.array(binomial(n, 1 / 12)) / 36
    check_first_round(model, list(pmf), 3601, "clan corpse cart")
