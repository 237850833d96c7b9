"""MDNR Regimientos de Renombre: named heroes sold as one entry (issue 11, army26).

Gotrek y Félix, Gilead y Fithvael, Cazadores de brujas, Cercenagoblins de Malakai and
Artillería a caballo de Bronzino.  Their rules of the shooting, magic and movement phases
are ``no_combat_effect``, each recognised by a phrase of its catalogue text (checked here
against the XML); the ones that change a close combat stay ``ignored`` with the reason read
in their text, and the import's profiles those reasons describe are checked by hand.
"""

from __future__ import annotations

import html
import re

import pytest
from conftest import SHARED, cat, clean, kinds, needs_data

RR = "MDNR_Regimientos_de_Renombre v5.cat"
GOTREK = "Gotrek y Félix (Enanos, Bretonia, Imperio, Mercenarios)"
GILEAD = ("Gilead y Fithvael (Ocupa héroe y singular)(Altos Elfos, Elfos Silvanos, Imperio,"
          " Mercenarios)")
HUNTERS = ("Cazadores de brujas (Altos Elfos, Elfos Silvanos, Enanos, Hombres Lagarto, Imperio,"
           " Mercenarios)")
MALAKAI = "Cercenagoblins de Malakai (ocupa singular y héroe)(Enanos, Imperio y Mercenarios)"
BRONZINO = "Artillería a caballo de Bronzino (Todos menos Bretonia)"


def rule_text(name: str) -> str:
    """The description of the rule ``name`` in the Regimientos de Renombre XML, read by hand."""
    xml = (SHARED / RR).read_text(encoding="utf-8")
    key = re.escape(html.escape(name, quote=True))
    found = re.search(rf'<rule [^>]*name="{key}"[^>]*>\s*<description>(.*?)</description>',
                      xml, re.S)
    assert found is not None, name
    return " ".join(html.unescape(found.group(1)).split())


# (unit, rule, the phrase of its text that puts it outside close combat)
NO_EFFECT = [
    (HUNTERS, "Bendición", "el ejército dispone de un dado extra de dispersión"),
    (HUNTERS, "Plegarias a Sigmar", "Se tratan como objetos portahechizos de nivel de energía 3"),
    (GILEAD, "Maestro del Arco", "cada turno puede disparar hasta tres veces"),
    (GILEAD, "Melancolía", "y sólo si no está trabado en combate cuerpo a cuerpo"),
    (MALAKAI, "Arcabuz enano de repetición", "Arma de proyectiles. Alcance 60cm"),
    (MALAKAI, "Disparando el Cercenagoblins", "Para disparar, el jugador ha de designar un"
                                               " objetivo"),
]


@needs_data
@pytest.mark.parametrize(("unit", "rule", "phrase"), NO_EFFECT)
def test_phase_rules_have_no_combat_effect(unit, rule, phrase):
    # the phrase is in the catalogue's text (so the classification reads the rule as printed)
    assert phrase in rule_text(rule)
    assert kinds(cat(RR), unit)[rule] == "no_combat_effect"


@needs_data
def test_no_effect_needs_the_phrase():
    # the same name with another text is not taken for the Regimientos de Renombre rule
    from odds.battlescribe.names import no_effect_text

    assert no_effect_text("Bendición", rule_text("Bendición"))[0] == "no_combat_effect"
    assert no_effect_text("Bendición", "Tiene +1 a impactar en combate") is None
    assert no_effect_text("Melancolía", "Gilead debe hacer un chequeo de liderazgo") is None


@needs_data
def test_vampire_hunters_rule_is_modelled():
    """MDNR_Regimientos_de_Renombre v5.cat, Cazadores de brujas, "Cazadores de vampiros":
    "Johan y Wilhelm son inmunes a psicología, salvo que odian a todas las miniaturas de tipo
    No Muerto, Caos o Skaven": immune to psychology, hatred of ``chaos``, ``skaven`` and
    ``undead`` (models of type Caos: tests/test_chaos_kind.py); no longer reported."""
    unit = cat(RR).unit(HUNTERS)
    assert unit.has("immune_to_psychology")
    assert unit.hatred == ("chaos", "skaven", "undead")
    assert "Cazadores de vampiros" not in kinds(cat(RR), HUNTERS)


# (unit, rule, a phrase of its text that changes a close combat, a phrase of the reason)
REPORTED = [
    (GOTREK, "Hacha Rúnica de Gotrek", "Por cada ataque inicial que impacte, Gotrek puede hacer"
                                       " un ataque adicional", "attacks added by hits"),
    (GOTREK, "Espada de Bronce Fulgurante", "Félix tiene +2 ataques", "Dragon tag"),
    (GOTREK, "Maldición de Gotrek", "tirada de salvación especial de 4+", "4+ ward"),
    (GOTREK, "Formación", "formada por dos miniaturas", "single model"),
    (GILEAD, "Espada de Galeth", "Un arma de mano mágica que tiene Poder de penetración",
     "armour piercing"),
    (GILEAD, "Personajes independientes", "dos personajes totalmente independientes",
     "two characters"),
    (GILEAD, "Saga del Destino", "puede repetir las tiradas para impactar y para herir",
     "re-roll to wound"),
    (GILEAD, "Sombra rápida", "siempre ataca primero y gana una tirada de salvación especial"
                              " de 4+", "Gilead Sombra Rápida"),
    (BRONZINO, "Artillería a caballo", "y el caballo también lucha", "unit of its own"),
]


@needs_data
@pytest.mark.parametrize(("unit", "rule", "phrase", "why"), REPORTED)
def test_close_combat_rules_stay_reported_with_their_reason(unit, rule, phrase, why):
    assert phrase in rule_text(rule)
    items = {i.item: i for i in cat(RR).report.for_unit(unit)}
    assert items[rule].kind == "ignored"
    assert why in items[rule].reason
    assert not clean(cat(RR), unit)


@needs_data
def test_the_profiles_the_reasons_describe():
    # XML: "Gilead (líder)" HA7 I8 A4, "Gilead Sombra Rápida (líder)" HA10 I10 A8, "Fithvael
    # (líder)" HA6 I7 A3: the import fights with the Sombra Rápida profile all battle and
    # Gilead's own as its champion ('Sombra rápida', 'Personajes independientes' reported)
    g = cat(RR).unit(GILEAD)
    assert (g.models, g.profile.WS, g.profile.I, g.profile.A) == (1, 10, 10, 8)
    assert (g.champion_profile.WS, g.champion_profile.I, g.champion_profile.A) == (7, 8, 4)
    # Cazadores de brujas: two models, Johann and Wilhelm (tests/test_witch_hunters.py)
    # XML: "Gotrek (líder)" HA7 F4 R5 H3 I5 A4 L10, "Félix (líder)" HA5 R4 H2 A3 L8
    f = cat(RR).unit(GOTREK)
    assert (f.models, f.profile.WS, f.profile.T, f.profile.W, f.profile.A) == (1, 7, 5, 3, 4)
    assert (f.champion_profile.WS, f.champion_profile.T, f.champion_profile.W,
            f.champion_profile.A) == (5, 4, 2, 3)
