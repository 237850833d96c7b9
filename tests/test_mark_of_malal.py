"""Reinos del Caos (Marca de Malal) "Marca de Malal": missed hits re-rolled in every round
against Chaos, Skaven and undead (``mark_of_malal``, :mod:`odds.special_rules.chaos`).

MDNR ``MDNR_Reinos_del_Caos_(Marca_de_Malal)_Mortales_con_Personajes_Especiales_v1.cat``,
e.g. "Guerreros del Caos", rule "Marca de Malal": "Toda miniatura con la Marca de Malal puede
repetir cualquier tirada para impactar (en combate cuerpo a cuerpo o con proyectiles) contra
miniaturas de tipo Caos, Skaven o No Muerto".
"""

from __future__ import annotations

import pytest
from conftest import SHARED, binomial, cat, check_first_round, clean, infantry, kinds

from odds.combat.model import G_REROLL, RANK_AND_FILE, CombatOptions, build
from odds.special_rules.chaos import malal_foe

FIRST = CombatOptions(max_rounds=1, charger="none")
SECOND = CombatOptions(max_rounds=2, charger="none")
MALAL = "MDNR_Reinos_del_Caos_(Marca_de_Malal)_Mortales_con_Personajes_Especiales_v1.cat"


def _malal(**kw):
    return infantry("Guerreros de Malal", 5, 5, T=10, special=["mark_of_malal"],
                    army="warriors_of_chaos", **kw)


@pytest.mark.parametrize(("army", "race", "foe"), [
    ("skaven", "", True), ("vampire_counts", "vampire", True), ("tomb_kings", "", True),
    ("daemons_of_chaos", "", True), ("beasts_of_chaos", "", True),
    ("warriors_of_chaos", "", True), ("chaos_dwarfs", "", True),
    ("chaos_dwarfs", "hobgoblin", False), ("empire", "", False), ("dwarfs", "", False),
    ("orcs_and_goblins", "", False), ("monsters", "daemon", True),
])
def test_who_is_of_tipo_caos_skaven_or_undead(army, race, foe):
    """Chaos: the Reinos del Caos armies, daemons, and chaos dwarfs ("tipo Enano y tipo Caos a
    la vez", Enanos del Caos "Pabellón de la custodia templada"), not their hobgoblins;
    Skaven and undead by race."""
    assert malal_foe(infantry("E", 5, 5, army=army, race=race)) is foe


def test_missed_hits_rerolled_against_chaos_only():
    """Five WS3 S3 models with the mark strike five WS3 T3 enemies (no save): 1/2 to hit
    re-rolled is 3/4, 1/2 to wound: Binomial(5, 3/8) against Skaven; Binomial(5, 1/4)
    against an Empire unit (the exact engine and the kernel at z = 5)."""
    skaven = infantry("Guerreros clan", 5, 5, S=1, army="skaven")
    model = build(_malal(), skaven, options=FIRST)
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 1
    check_first_round(model, binomial(5, 3 / 8), 811, "mark of Malal against Skaven")
    empire = infantry("Espadachines", 5, 5, S=1, army="empire")
    model = build(_malal(), empire, options=FIRST)
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 0
    check_first_round(model, binomial(5, 1 / 4), 812, "mark of Malal against the Empire")


def test_the_reroll_lasts_every_round():
    """Unlike hatred (first round only), the mark re-rolls in the second round too."""
    undead = infantry("Esqueletos", 20, 5, S=1, T=10, army="vampire_counts")
    model = build(_malal(), undead, options=SECOND)
    assert (model.groups[0, 1, RANK_AND_FILE, :, G_REROLL] == 1).all()


@pytest.mark.skipif(not SHARED.is_dir(), reason=f"MDNR BattleScribe data not found in {SHARED}")
def test_mark_of_malal_from_the_catalogue():
    """The Malal catalogue's units carry the flag read from the mark's text, with nothing
    ignored or approximated ("Guerreros del Caos", "Caballeros del Caos", "Furias",
    "Carro del Caos"; the Minotauro Destripador's own wording is read the same)."""
    c = cat(MALAL)
    for name in ("Guerreros del Caos", "Caballeros del Caos", "Furias", "Carro del Caos"):
        assert "mark_of_malal" in c.unit(name).special, name
        assert kinds(c, name).get("Marca de Malal") is None, name
        assert clean(c, name), name
