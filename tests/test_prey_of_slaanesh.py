"""Elfos Oscuros "Brujos fuegoletal": "Presa de Slaanesh" (``prey_of_slaanesh``, against
enemies without ``slaanesh``) and "Dos armas de mano (reciben el bonus pese a ser caballería)"
(``mounted_hand_weapons``).

MDNR Elfos Oscuros (``MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat``,
``..._Incursores_de_Naggaroth_v1.cat``, ``..._Patrulla_de_Vigilancia_v1.cat``,
``..._Culto_de_Slaanesh_v2.cat``, "Brujos fuegoletal"): "Los Brujos Fuegoletal disponen de una
tirada de salvación especial de 4+, pero no podrán utilizarla contra ataques (hechizos,
disparos, combate cuerpo a cuerpo) de miniaturas de tipo Slaanesh".
"""

from __future__ import annotations

import pytest
from conftest import SHARED, binomial, cat, cavalry, check_first_round, clean, infantry

from odds.combat.model import CombatOptions, build

ENTRIES = (("MDNR_Elfos_Oscuros_con_Personajes_Especiales_v1.cat", "Brujos fuegoletal"),
           ("MDNR_Elfos_Oscuros_Incursores_de_Naggaroth_v1.cat", "Brujos fuegoletal"),
           ("MDNR_Elfos_Oscuros_Patrulla_de_Vigilancia_v1.cat", "Brujos fuegoletal"),
           ("MDNR_Elfos_Oscuros_Culto_de_Slaanesh_v2.cat", "Brujos Fuegoletal"))
OPTS = CombatOptions(charger="defender", charge_tests=False, max_rounds=1)


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
@pytest.mark.parametrize(("book", "entry"), ENTRIES)
def test_warlocks_from_the_catalogues(book, entry):
    """Spot check against the XML: "Brujo fuegoletal" HA4 HP4 F3 R3 H1 I5 A1 L8 on a "Corcel
    oscuro" (HA3 F3 I4 A1), fast cavalry, 39 points; the ward rule and the riders' second hand
    weapon; "Unidad mágica" is the magic phase; nothing ignored."""
    c = cat(book)
    u = c.unit(entry)
    p = u.profile
    assert (p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (4, 4, 3, 3, 1, 5, 1, 8)
    assert (u.mount.WS, u.mount.S, u.mount.I, u.mount.A) == (3, 3, 4, 1)
    assert u.points_per_model == 39
    assert {"prey_of_slaanesh", "mounted_hand_weapons", "fast_cavalry"} <= set(u.special)
    assert u.equipment.weapon == "hand_weapon"
    assert clean(c, entry)


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_slaanesh_type_from_tipo_and_mark():
    """Elfos Oscuros Culto de Slaanesh: "Diablillas de Slaanesh" (Tipo "... Slaanesh") and
    "Guerreros Elfos Oscuros" (Tipo "Infantería, Elfo, Elfo Oscuro, Slaanesh") are of type
    Slaanesh; "Jinetes Oscuros" are not."""
    c = cat("MDNR_Elfos_Oscuros_Culto_de_Slaanesh_v2.cat")
    assert c.unit("Diablillas de Slaanesh").has("slaanesh")
    assert c.unit("Guerreros Elfos Oscuros").has("slaanesh")
    assert not c.unit("Jinetes Oscuros").has("slaanesh")


@pytest.mark.parametrize(("attacker_rules", "p", "seed"), [
    ((), 1 / 2 * 1 / 2 * 1 / 2, 4501),  # hit 4+, wound 4+, the 4+ ward
    (("slaanesh",), 1 / 2 * 1 / 2, 4502),  # no ward against Slaanesh
])
def test_prey_ward_but_against_slaanesh(attacker_rules, p, seed):
    """Ten WS3 S3 attacks on the warlocks (T3, no armour): Binomial(10, p) wounds, the exact
    engine and the kernel."""
    prey = infantry("Brujos", 10, 10, A=0, special=["prey_of_slaanesh", "immune_to_psychology"])
    model = build(infantry("Atacantes", 10, 10, special=attacker_rules), prey, options=OPTS)
    check_first_round(model, binomial(10, p), seed, f"attacker {attacker_rules}")


@pytest.mark.parametrize(("special", "attacks", "seed"),
                         [(("mounted_hand_weapons",), 10, 4503), ((), 5, 4504)])
def test_riders_second_hand_weapon(special, attacks, seed):
    """Five WS4 S3 riders (steeds without blows) on WS3 T3: hit 3+, wound 4+ (1/3): A1 + 1 with
    the rule, Binomial(10, 1/3); without, Binomial(5, 1/3)."""
    riders = cavalry("Brujos", 5, 5, WS=4, mount_A=0, special=special)
    target = infantry("Blanco", 20, 5, A=0, special=["immune_to_psychology"])
    check_first_round(build(riders, target, options=OPTS), binomial(attacks, 1 / 3), seed,
                      f"{attacks} attacks")
