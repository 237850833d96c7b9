"""The special rules' specs (``odds.special_rules``) and the tables derived from them."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from odds import special_rules
from odds.battlescribe.rule_names import RULE_FLAGS
from odds.battlescribe.spelling import normalize
from odds.combat.model import layout
from odds.combat.model.engine import PLAIN_ABSENT, PLAIN_ABSENT_GROUPS
from odds.special_rules import POINTS, REGISTRY, RuleSpec
from odds.units import SPECIAL_RULES, library_unit

ROOT = Path(__file__).resolve().parents[1]
SPECS = pytest.mark.parametrize("spec", REGISTRY, ids=lambda s: s.key)


def test_the_docs_table_is_current():
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert page == special_rules.docs_page(), "run: python -m odds.special_rules"


def test_keys_are_unique():
    assert len({s.key for s in REGISTRY}) == len(REGISTRY)


@SPECS
def test_a_spec_names_real_columns_hooks_and_points(spec):
    for col in spec.named_columns:
        assert isinstance(getattr(layout, col), int), col
    for hook in spec.hooks:
        module, name = hook.rsplit(".", 1)
        assert callable(getattr(importlib.import_module(f"odds.combat.{module}"), name)), hook
    assert set(spec.acts) <= set(POINTS)


@SPECS
def test_a_spec_is_a_unit_flag_with_its_battlescribe_names(spec):
    assert (spec.key in SPECIAL_RULES) == spec.flag
    for name in spec.battlescribe:
        assert RULE_FLAGS[normalize(name)] == (spec.key,)


def test_the_plain_kernel_leaves_out_the_rules_it_always_did():
    names = {"S_CAPTAIN", "S_BURNING", "S_LAMENT", "S_HORN", "S_STUPID", "S_DRUNK", "S_RA_DICE",
             "S_LANCE",  # Bretonia "Formación en lanza"
             "S_MUTATION",  # Reinos del Caos "Magia de Tzeentch"
             "S_PETRIFY",  # gst "Petrificar" (Reinos del Caos Cocatriz)
             "S_TONGUE",  # Reinos del Caos (Sapodragón) "Ataque de lengua"
             "S_ICE",  # Reinos Ogros (Yehtis) "Armas de hielo"
             # the rules of a strike: Condes Vampiro "Poder de la muerte" and "Carnófago",
             # Regimientos de Renombre "Bienvenido a la Maldición", "Estandarte del Oso"
             "S_LIFE_DRAIN", "S_RECRUIT", "S_BEAR_STD",
             "S_GIANT", "S_GIANT_FALLS",  # giants family: "Ataques del gigante", "Caídas"
             # empire family: Condes Vampiro "Cazador en la oscuridad", "Canto de la Sirena"
             "S_HUNTER_WARD", "S_SIREN",
             "S_ENRAGE", "S_SPIKY",  # Enanos (Dragón de esquirlas) "Enfurecer", "Escamas..."
             "S_SWALLOW",  # Reinos del Caos Bestias (Gorgona) "Engullir entero"
             "S_HEADS",  # Reinos del Caos (Ettin maldito) "Dos cabezas"
             "S_GEM",  # Regimientos de Renombre (Marco Colombo) "Gema de Lustria"
             "S_LUCKY",  # Reinos Ogros (Zuertudoz Azkerozoz) "Afortunados"
             "S_BEAST_LORD",  # Elfos Silvanos "Despliegue", "Muerte del señor" (a member)
             "S_HUNT",  # Elfos Silvanos "La cacería salvaje" (its fear ends at a turn's start)
             "S_SPIT",  # Enanos del Caos, Mortales (Cañón infernal) "Escupir inmundicia"
             "S_CENSER",  # Skaven "Incensario de plaga" (the fumes before the strike steps)
             "S_GAS"}  # Condes Vampiro "Explosión de gases" (a slain corpse's template)
    assert set(PLAIN_ABSENT) == {getattr(layout, n) for n in names}
    # "Cuerpo ardiente", "Formación en lanza"; Demonios "Garras mecánicas", Reyes Funerarios
    # "Asalto imparable", Mercenarios "Arma de frío", Enanos "Escamas puntiagudas", Bestias
    # "Engullir entero", Mercenarios "Premonición", Enanos "Torbellino de muerte", Elfos
    # Oscuros "Festín de huesos"
    assert set(PLAIN_ABSENT_GROUPS) == {layout.G_BURNING, layout.G_WHIRL, layout.G_LANCE,
                                        layout.G_GRAB,
                                        layout.G_CHAIN, layout.G_COLD, layout.G_REBOUND_S,
                                        layout.G_SWALLOW,
                                        layout.G_REROLL_WOUND, layout.G_FEAST}


def test_fill_writes_only_its_columns():
    unit = library_unit("vc_zombies")
    for spec in REGISTRY:
        if spec.fill is not None:
            assert set(spec.fill(unit)) <= set(spec.named_columns), spec.key


def test_a_bad_spec_is_refused():
    with pytest.raises(ValueError, match="points of the round"):
        RuleSpec(key="x", mdnr=(), book="", acts=("lunch",))
    with pytest.raises(ValueError, match="fill or filled_by"):
        RuleSpec(key="x", mdnr=(), book="", columns=("S_X",))


def test_the_kernel_rare_bits_are_the_ones_it_always_had():
    # RARE_* of odds.combat.kernel, now derived from the specs' ``rare``: "No Muertos",
    # "Capitán" (Regimientos de Renombre), "Cuerpo ardiente" (Enanos del Caos), "Lamento de
    # la doncella" (Condes Vampiro), "Cuerno del Dragón", gst "Ataques aleatorios", and
    # Reinos del Caos "Magia de Tzeentch" (its "Mutación incontrolable" each own turn), and
    # Elfos Silvanos "La cacería salvaje" (its fear ends at its next own turn)
    from odds.combat import kernel
    assert dict(kernel.RARE_UNIT_COLUMNS) == {
        layout.S_CAPTAIN: kernel.RARE_CAPTAINS | kernel.RARE_TURN,
        layout.S_BURNING: kernel.RARE_TURN,
        layout.S_LAMENT: kernel.RARE_TURN,
        layout.S_HORN: kernel.RARE_HORNS,
        layout.S_RA_DICE: kernel.RARE_RANDOM,
        layout.S_MUTATION: kernel.RARE_TURN,
        # giants family: "Ataques del gigante", "Caídas"
        layout.S_GIANT: kernel.RARE_GIANT,
        layout.S_GIANT_FALLS: kernel.RARE_GIANT,
        layout.S_PETRIFY: kernel.RARE_TURN,  # gst "Petrificar" (chaos family)
        layout.S_SIREN: kernel.RARE_TURN,  # empire family: "Canto de la Sirena"
        layout.S_HUNT: kernel.RARE_TURN,  # Bretonia and the elves
        layout.S_HEADS: kernel.RARE_TURN,  # Reinos del Caos "Dos cabezas" (a test each turn)
        layout.S_SPIT: kernel.RARE_TURN,  # Cañón infernal "Escupir inmundicia" (each own turn)
        layout.S_GAS: kernel.RARE_GAS,  # Condes Vampiro "Explosión de gases" (end of phase)
    }


def test_every_unit_flag_has_a_spec_and_every_spec_key_is_a_flag():
    # one home per rule: SPECIAL_RULES is the registry's flag keys, nothing written beside it
    assert set(SPECIAL_RULES) == {s.key for s in REGISTRY if s.flag}
    assert len(SPECIAL_RULES) == len(set(SPECIAL_RULES))


def test_a_rare_bit_needs_a_sides_switch():
    with pytest.raises(ValueError, match="rare bit"):
        RuleSpec(key="x", mdnr=(), book="", columns=("G_GRAB",), filled_by="here",
                 rare="RARE_TURN")
