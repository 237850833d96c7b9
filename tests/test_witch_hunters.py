"""The witch hunters: "Luchan juntos", "Estaca de Sigmar", "Báculo sagrado", "Balas de plata".

MDNR_Regimientos_de_Renombre v5.cat (and the Mercenarios books with Regimientos de Renombre,
MDNR_Imperio_Ejercito_Sigmarita_v1.cat), entry "Cazadores de brujas": Johann Van Hal and
Wilhelm Hasburg; MdM_Estalia_con_Personajes_Especiales_(El_Templo_de_Myrmidia).cat, entry
"Sumos Inquisidores (Personaje Especial)": Juan Díaz and Tomás de Torrechamuscada, the same
rules.  Engine checks compare the kernel's first round with laws worked out by hand (z = 5,
fixed seeds; RULES.md §1.3 to hit, §1.5 to wound, §1.6 killing blow and regeneration); the
exact first round leaves a member fighting as a body of its own to the kernel.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import (
    binomial,
    cat,
    check_first_round,
    check_kernel_first_round,
    clean,
    infantry,
    needs_data,
)

from odds.combat.model import (
    G_KB,
    G_NO_REGEN,
    G_WOUND,
    RANK_AND_FILE,
    CombatOptions,
    build,
)
from odds.units import Profile

RR = "MDNR_Regimientos_de_Renombre v5.cat"
HUNTERS = ("Cazadores de brujas (Altos Elfos, Elfos Silvanos, Enanos, Hombres Lagarto, Imperio,"
           " Mercenarios)")
ESTALIA = "MdM_Estalia_con_Personajes_Especiales_(El_Templo_de_Myrmidia).cat"
INQUISITORS = "Sumos Inquisidores (Personaje Especial)"
# every entry of the pair in the 89 catalogues
ENTRIES = [
    (RR, HUNTERS),
    ("MDNR_Imperio_Ejercito_Sigmarita_v1.cat", "Cazadores de brujas"),
    ("MDNR_Mercenarios_con_Regimientos_de_Renombre_v1.cat",
     "Cazadores de brujas (Regimiento de Renombre)"),
    ("MDNR_Mercenarios_con_Personajes_Especiales_y_Regimientos_de_Renombre_v1.cat",
     "Cazadores de brujas (Regimiento de Renombre)"),
    ("MDNR_Mercenarios_con_Personajes_Especiales,_Monstruos_Arcanos_y_Regimientos_de_Renombre"
     ".cat", "Cazadores de brujas (Regimiento de Renombre)"),
    (ESTALIA, INQUISITORS),
]
N = 200_000
JOHANN = Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3, Ld=9)
WILHELM = Profile(M=10, WS=4, BS=3, S=4, T=4, W=2, I=4, A=2, Ld=8)


@needs_data
@pytest.mark.parametrize(("book", "entry"), ENTRIES)
def test_the_pair_imports_as_printed(book, entry):
    """Spot check against the XML (Regimientos de Renombre entry 4b51-3413-da4a-8b2f):
    "Johann Van Hal (líder)" M10 HA5 HP5 F4 R4 H2 I5 A3 L9, 200 points, "Armas": "Estaca de
    Sigmar" and "Par de pistolas" (min 2), "Armas de proyectiles": "Par de pistolas";
    "Wilhelm Hasburg (líder)" HA4 HP3 F4 R4 H2 I4 A2 L8, 150 points, "Báculo sagrado"; the
    entry 0 points: 350 in all.  "Luchan juntos": "como si fuesen una unidad de hostigadores
    ... Ambos son los Líderes de la unidad": two skirmishers, Johann the unit's model with the
    stake ("Arma a dos manos"), Wilhelm a named member with his staff ("Arma a dos manos");
    "Cazadores de vampiros": immune to psychology, hatred of Undead, Chaos and Skaven.  Juan
    and Tomás (Estalia) print the same profiles, prices and rules ("Estaca de Myrmidia")."""
    c = cat(book)
    assert clean(c, entry), [(i.item, i.reason) for i in c.report.for_unit(entry)
                             if i.kind in ("ignored", "approximated")]
    u = c.unit(entry)
    assert (u.models, u.files, u.profile, u.equipment.weapon) == (2, 2, JOHANN, "great_weapon")
    assert not u.command.champion and u.points == 350.0
    assert {"skirmishers", "immune_to_psychology", "sigmar_stake"} <= set(u.special)
    assert "sacred_staff" not in u.special
    assert u.hatred == ("chaos", "skaven", "undead")
    (m,) = u.members
    assert (m.role, m.profile, m.equipment.weapon) == ("character", WILHELM, "great_weapon")
    assert {"skirmishers", "immune_to_psychology", "sacred_staff"} <= set(m.special)
    assert "sigmar_stake" not in m.special
    # "Balas de plata": "Los disparos de Johann son Ataques mágicos" (shooting; he fights
    # with the stake: "Johann puede elegir si lucha con la Estaca de Sigmar o con el par de
    # pistolas")
    kinds = {i.item: (i.kind, i.reason) for i in c.report.for_unit(entry)}
    assert kinds["Balas de plata"][0] == "no_combat_effect"
    assert kinds["Par de pistolas"][0] == "note"


def _pair():
    return cat(RR).unit(HUNTERS)


def _target(race: str, **kw):
    """Ten models in one rank, T7 W1, no save, no attacks, unbreakable."""
    return infantry("E", 10, 10, T=7, A=0, special=("unbreakable",), race=race, **kw)


def _pmf(*laws: tuple[int, float]) -> list[float]:
    """The law of a sum of independent Binomial(n, p), ``laws`` its ``(n, p)``."""
    out = np.array([1.0])
    for n, p in laws:
        out = np.convolve(out, binomial(n, p))
    return list(out)


@needs_data
@pytest.mark.parametrize(("race", "johann", "wilhelm", "seed"), [
    # undead: both hit on 3+ re-rolled (hatred, first round: 8/9); the stake at S8 wounds T7
    # on 3+, the staff automatically
    ("undead", 8 / 9 * 2 / 3, 8 / 9, 3601),
    # skaven: hated too; the staff wounds automatically, the stake is S6 (5+ against T7)
    ("skaven", 8 / 9 / 3, 8 / 9, 3602),
    # neither: no hatred, both S6 great weapons wound T7 on 5+
    ("", 2 / 3 / 3, 2 / 3 / 3, 3603),
])
def test_stake_and_staff_against_each_kind(race, johann, wilhelm, seed):
    """"Estaca de Sigmar": "Sus impactos se resuelven con F8 contra miniaturas de tipo No
    Muerto o Demonio"; "Báculo sagrado": "Hiere automáticamente a las miniaturas de tipo No
    Muerto, Demonio o Skaven".  Johann's 3 attacks (WS5) and Wilhelm's 2 (WS4) against WS3:
    3+ to hit.  First-round wounds: Binomial(3, Johann's p) + Binomial(2, Wilhelm's p)."""
    model = build(_pair(), _target(race), options=CombatOptions(max_rounds=1, charger="attacker"))
    w = model.names.index(f"{HUNTERS} Wilhelm Hasburg (líder)")
    assert model.groups[w, 1, RANK_AND_FILE, 0, G_WOUND] == (1 if race else 5)
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == (3 if race == "undead" else 5)
    check_kernel_first_round(model, _pmf((3, johann), (2, wilhelm)), seed,
                             f"the pair's wounds against {race or 'the living'}", N)


@needs_data
def test_stake_slays_vampires_and_denies_their_regeneration():
    """"Estaca de Sigmar": "tiene Golpe Letal contra miniaturas de tipo Vampiro (si hiere con
    un 6 a un Vampiro, muere automáticamente); los Vampiros no pueden usar Regeneración contra
    los impactos de la Estaca de Sigmar".  Johann alone (WS5, S8 against a vampire, which is
    undead: hatred re-rolls) against ten T7 W1 vampires with a 4+ regeneration: his 3 attacks
    hit with 8/9 and wound on 3+, none regenerated: Binomial(3, 16/27) wounds; against undead
    that are not vampires the same wounds are regenerated on 4+: Binomial(3, 8/27)."""
    johann = _pair().replace(models=1, files=1, members=())
    for race, p, seed in (("vampire", 16 / 27, 3611), ("undead", 8 / 27, 3612)):
        enemy = _target(race).replace(regeneration=4)
        model = build(johann, enemy, options=CombatOptions(max_rounds=1, charger="attacker"))
        row = model.groups[0, 1, RANK_AND_FILE, 0]
        assert (row[G_KB], row[G_NO_REGEN]) == ((1, 1) if race == "vampire" else (0, 0))
        check_kernel_first_round(model, binomial(3, p), seed, f"Johann against {race}", N)


@needs_data
def test_stake_kills_a_vampire_of_any_size_on_a_six():
    """"tiene Golpe Letal contra miniaturas de tipo Vampiro": whatever the vampire's troop type
    (gst "Golpe letal" is against infantry and cavalry only); not against other monsters."""
    johann = _pair().replace(models=1, files=1, members=())
    for race, kb in (("vampire", 1), ("undead", 0)):
        enemy = _target(race).replace(troop_type="monster", models=1, files=1)
        model = build(johann, enemy, options=CombatOptions(max_rounds=1, charger="attacker"))
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_KB] == kb


@needs_data
def test_each_hero_alone_against_the_exact_first_round():
    """Each hero as a unit of his own (no member: the exact first round applies) against ten
    T7 W1 daemons, no save, no regeneration, A0 (not hated: no re-roll): Johann's stake at S8
    wounds on 3+, 3 attacks hitting on 3+: Binomial(3, 2/3 x 2/3); Wilhelm's staff wounds
    automatically, 2 attacks (WS4) hitting on 3+: Binomial(2, 2/3)."""
    pair = _pair()
    johann = pair.replace(models=1, files=1, members=())
    (m,) = pair.members
    wilhelm = johann.replace(profile=m.profile, special=m.special)
    for unit, pmf, seed in ((johann, binomial(3, 4 / 9), 3621),
                            (wilhelm, binomial(2, 2 / 3), 3622)):
        model = build(unit, _target("daemon"),
                      options=CombatOptions(max_rounds=1, charger="attacker"))
        check_first_round(model, pmf, seed, f"{unit.profile} against daemons", N)
