"""Enanos "Lanzafuegos": a small war machine that is part of its three dwarfs.

MDNR_Enanos v4_5.cat and MDNR_Enanos_con_Personajes_Especiales_v1.cat, entry "Lanzafuegos"
(75 points): the profile "Lanzafuegos" (M8 HA4 HP3 F3 R4 H1 I2 A1 L9, TSA 6+, Tipo "Infantería,
Máquina de guerra", Potencia 2) and, under "Dotación" (min 2, max 2; "Arma de mano", "Armadura
ligera"; "Agravio ancestral", "Avance imparable", "Firmeza"), "Dotación" (the same
characteristics, Tipo "Infantería", Potencia 1).  Rule "Máquina pequeña": "El Lanzafuegos se
considera una Máquina de guerra a todos los efectos, con las siguientes excepciones. El
Lanzafuegos puede Aguantar y Disparar como reacción a la carga como si fuera arma de
proyectiles. La presencia de un Maestro Ingeniero no tiene efecto alguno. La máquina no tiene
perfil separado, se considera parte de los enanos. Los disparos hacia el Lanzafuegos no se
reparten entre máquina y dotación sino que van todos a la dotación. Un único enano puede operar
la Máquina pequeña."

The unit is the three dwarfs: two of unit strength 1 (the crew, the rank and file) and the one
printed with the machine, of unit strength 2, a member of role ``operator`` struck only once no
other dwarf is left (the last dwarf works the machine): unit strength 4, 3 and 2 with three,
two and one dwarfs.  A war machine "a todos los efectos": it never pursues (RULES.md §4.3).
"""

from __future__ import annotations

import pytest
from conftest import (
    binomial,
    cat,
    check_kernel_first_round,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.model import (
    FRONT,
    S_CAN_PURSUE,
    S_HP,
    S_IS_CHAMPION,
    S_NO_DUEL,
    S_US,
    CombatOptions,
    build,
    build_units,
)
from odds.units import Equipment, Member, Profile, unit_from_dict
from odds.validation import OddsInputError

ENTRY = "Lanzafuegos"
BOOKS = ("MDNR_Enanos v4_5.cat", "MDNR_Enanos_con_Personajes_Especiales_v1.cat")
DWARF = Profile(M=8, WS=4, BS=3, S=3, T=4, W=1, I=2, A=1, Ld=9)
N = 200_000


def _enemy(models=10, *, WS=3, S=3, A=1):
    return unit_from_dict({
        "name": "E", "troop_type": "infantry", "models": models, "files": 5,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": 3, "W": 1, "I": 1, "A": A,
                    "Ld": 10},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["unbreakable"]},
    })


@needs_data
@pytest.mark.parametrize("book", BOOKS)
def test_the_lanzafuegos_is_three_dwarfs(book):
    """By hand against the XML: three dwarfs HA4 F3 R4 H1 I2 A1 L9 with hand weapon and light
    armour (the crew's "Arma de mano" and "Armadura ligera", the printed TSA 6+), hatred of
    greenskins ("Agravio ancestral") and "Firmeza"; the two of the crew of unit strength 1 and
    the operator ("Potencia" 2): unit strength 4; 75 points for the whole machine; nothing
    ignored or approximated."""
    c = cat(book)
    unit = c.unit(ENTRY)
    assert (unit.troop_type, unit.models, unit.files, unit.profile) == ("infantry", 3, 3, DWARF)
    gear = Equipment(weapon="hand_weapon", armour="light")
    assert unit.equipment == gear and unit.armour_save == 6
    assert unit.hatred == ("greenskin",)
    assert {"resolute", "small_machine", "no_characters"} <= set(unit.special)
    assert unit.members == (Member(ENTRY, "operator", DWARF, gear, unit_strength=2),)
    assert unit.present_members == unit.members
    assert unit.unit_strength == 4
    entry = c.entry(ENTRY)
    assert unit.points == 75.0 and (entry.min_models, entry.max_models) == (3, 3)
    assert entry.points_per_model == 25.0  # the entry's 75 points over its three dwarfs
    assert c.unit(ENTRY, models=3) == unit
    k = kinds(c, ENTRY)
    assert k["Dotación"] == "note" and k[ENTRY] == "note"
    assert "approximated" not in k.values() and "ignored" not in k.values()


@needs_data
def test_the_entry_is_one_machine():
    """One entry is one machine and its three dwarfs: another count is an input error."""
    for models in (1, 2):
        with pytest.raises(OddsInputError, match="one machine and its crew"):
            cat(BOOKS[0]).unit(ENTRY, models=models)
    with pytest.raises(OddsInputError, match=r"models: must be in \[1, 3\]"):
        cat(BOOKS[0]).unit(ENTRY, models=6)


@needs_data
def test_the_operator_is_a_body_of_unit_strength_two_that_never_pursues():
    """The combat model: the two crewmen (2 wounds, unit strength 1 each) and the operator (one
    body of unit strength 2, never duelling, attacked like a champion: only once no rank and
    file is left); 2 x 1 + 2 = 4.  Neither body pursues (a war machine's crew never do)."""
    model = build(cat(BOOKS[0]).unit(ENTRY), _enemy(), options=CombatOptions(max_rounds=1))
    assert model.names == (ENTRY, "E", f"{ENTRY} {ENTRY}")
    assert list(model.sides[:, S_HP]) == [2, 10, 1]
    assert list(model.sides[:, S_US]) == [1, 1, 2]
    assert model.sides[2, S_IS_CHAMPION] == 1 and model.sides[2, S_NO_DUEL] == 1
    assert model.sides[0, S_CAN_PURSUE] == 0 and model.sides[2, S_CAN_PURSUE] == 0
    assert model.sides[1, S_CAN_PURSUE] == 1


@needs_data
def test_three_dwarfs_strike():
    """The three dwarfs charge ten WS3 T3 models without a save (no greenskins): 3 attacks,
    WS4 against WS3 hitting on 3+ (2/3), S3 against T3 wounding on 4+ (1/2): Binomial(3, 1/3)
    wounds (the kernel at z = 5, seed 4101; the exact first round takes no member bodies)."""
    model = build(cat(BOOKS[0]).unit(ENTRY), _enemy(), options=CombatOptions(max_rounds=1))
    check_kernel_first_round(model, binomial(3, 1 / 3), 4101, "the Lanzafuegos' three dwarfs")


def _fight(unit, seed: int):
    model = build_units([_enemy(WS=10, S=10, A=3), unit], [0, 1], [(0, 1, FRONT, FRONT)],
                        [True, False], [None, None], CombatOptions(max_rounds=1),
                        allocation=["character", "troops"])
    return simulate(model, N, seed)


@needs_data
def test_the_last_dwarf_works_the_machine():
    """"Un único enano puede operar la Máquina pequeña": ten WS10 S10 models with three attacks
    each, attacking characters first, charge the three dwarfs (unbreakable) and wound each on
    3+ and 2+ (5/9); in the first round every blow goes to the crew and the operator is never
    slain, while both crewmen fall in most trials.  Given the role ``character`` instead, the
    same dwarf is struck at once and slain in most trials: the role, not the geometry, keeps
    him."""
    unit = cat(BOOKS[0]).unit(ENTRY)
    unit = unit.replace(special=(*unit.special, "unbreakable"))
    out = _fight(unit, 4102)
    assert int(out["surv"][2, 0]) == 0 and int(out["surv"][2, 1]) == N
    assert int(out["surv"][1, 0]) > N / 2
    plain = unit.replace(members=(unit.members[0].replace(role="character"),))
    assert int(_fight(plain, 4103)["surv"][2, 0]) > N / 2


@needs_data
def test_the_operator_round_trips():
    """The TOML schema keeps the operator's role and unit strength."""
    unit = cat(BOOKS[0]).unit(ENTRY)
    assert unit_from_dict(unit.to_dict()) == unit
    assert unit.to_dict()["members"][0] == {**unit.to_dict()["members"][0], "role": "operator",
                                            "unit_strength": 2}



_DWARF_XML = """<profile id="ID" name="NAME" typeName="Modelo"><characteristics>
<characteristic name="M">8</characteristic><characteristic name="HA">4</characteristic>
<characteristic name="HP">3</characteristic><characteristic name="F">3</characteristic>
<characteristic name="R">4</characteristic><characteristic name="H">1</characteristic>
<characteristic name="I">2</characteristic><characteristic name="A">1</characteristic>
<characteristic name="L">9</characteristic><characteristic name="TSA">6+</characteristic>
<characteristic name="Tipo">TIPO</characteristic><characteristic name="Potencia">US</characteristic>
</characteristics></profile>"""

_ROSTER = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<roster id="ros-l" name="Lanzafuegos" battleScribeVersion="2.03" gameSystemId="sys-mdnr"
 gameSystemName="Warhammer Fantasy 6ª Edición con MDNR"
 xmlns="http://www.battlescribe.net/schema/rosterSchema">
  <forces>
    <force id="f-1" name="Ejército" entryId="force" catalogueId="cat" catalogueName="MDNR Enanos">
      <selections>
        <selection id="s-l" name="Lanzafuegos" entryId="e-l" number="1" type="unit">
          <rules>
            <rule id="r-1" name="Máquina pequeña">
              <description>La máquina no tiene perfil separado, se considera parte de los
enanos. Un único enano puede operar la Máquina pequeña.</description>
            </rule>
          </rules>
          <profiles>{_DWARF_XML.replace("ID", "p-l").replace("NAME", "Lanzafuegos")
                     .replace("TIPO", "Infantería, Máquina de guerra").replace("US", "2")}
          </profiles>
          <selections>
            <selection id="s-d" name="Dotación" entryId="e-d" number="2" type="upgrade">
              <profiles>{_DWARF_XML.replace("ID", "p-d").replace("NAME", "Dotación")
                         .replace("TIPO", "Infantería").replace("US", "1")}
              </profiles>
              <costs><cost name="pts" typeId="points" value="0.0"/></costs>
            </selection>
          </selections>
          <costs><cost name="pts" typeId="points" value="75.0"/></costs>
        </selection>
      </selections>
    </force>
  </forces>
</roster>
"""


def test_a_roster_lanzafuegos_is_three_dwarfs(tmp_path):
    """A roster's Lanzafuegos (its "Dotación" selected twice, 75 points) is the same three
    dwarfs of unit strength 4 for 75 points, whatever count of models the roster gives it."""
    from odds.battlescribe import load_roster

    path = tmp_path / "lanzafuegos.ros"
    path.write_text(_ROSTER, encoding="utf-8")
    (unit,) = load_roster(path).units
    assert (unit.models, unit.unit_strength, unit.points) == (3, 4, 75.0)
    assert [(m.name, m.role, m.unit_strength) for m in unit.members] == [
        (ENTRY, "operator", 2)]
