"""Cigor's "Visión ultraterrena" (wizards named from the data) and Asarnil's two rules (issue 11).

Catalogue checks are written by hand from ../shared/battlescribe/ (skipped when it is absent);
engine checks compare the exact first round and the kernel with laws worked out by hand
(z = 5, fixed seeds; RULES.md §1.3 re-rolls, §3.4 panic).
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_mc,
    binomial,
    cat,
    check_first_round,
    clean,
    kinds,
    needs_data,
    panic_flee_rate,
)

from odds.battlescribe import load_roster
from odds.characters import Character
from odds.combat.model import (
    CHAMPION,
    FRONT,
    G_REROLL,
    RANK_AND_FILE,
    S_CHAMP_BODY,
    S_NO_PANIC,
    CombatOptions,
    build,
    build_units,
)
from odds.units import Profile, unit_from_dict

BESTIAS = "MDNR_Reinos_del_Caos_Bestias_v5.cat"
RENOWN = "MDNR_Regimientos_de_Renombre v5.cat"
N = 200_000


def target(name="T", *, army="", race="", special=(), models=10, WS=3):
    """Ten WS3 T3 models with no save that cannot wound a T5 monster (S1)."""
    data = {
        "name": name, "troop_type": "infantry", "models": models, "files": 5,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": 1, "T": 3, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": list(special)},
    }
    if army:
        data["army"] = army
    if race:
        data["race"] = race
    return unit_from_dict(data)


def cigor(seeing=True):
    """Cigor as MDNR Reinos del Caos Bestias prints it: M18 HA2 HP1 F6 R5 H5 I3 A5 L8."""
    return unit_from_dict({
        "name": "Cigor", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 18, "WS": 2, "BS": 1, "S": 6, "T": 5, "W": 5, "I": 3, "A": 5, "Ld": 8},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["otherworldly_sight"] if seeing else []},
        "army": "beasts_of_chaos",
    })


# ----------------------------------------------------------------- Cigor "Visión ultraterrena"


@needs_data
def test_cigor_from_the_catalogue():
    """MDNR Reinos del Caos Bestias, Cigor: "Visión ultraterrena": "Repite las tiradas para
    impactar a todas las miniaturas de tipo Hechicero, No Muerto, Demonio, Vegetal, o
    Espíritu" (otherworldly_sight).  The XML, by hand: M18 HA2 HP1 F6 R5 H5 I3 A5 L8, TSA
    blank, Potencia 5, "Tozudez", "Terror", Tipo "Monstruo, Gigante, Minotauro, Bestia, Caos."
    (of type Caos: ``chaos``); the unit is now fully modelled."""
    b = cat(BESTIAS)
    u = b.unit("Cigor")
    p = u.profile
    assert (p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (18, 2, 1, 6, 5, 5, 3, 5, 8)
    assert u.troop_type == "monster" and u.armour_save == 7 and u.unit_strength == 5
    assert set(u.special) == {"chaos", "otherworldly_sight", "stubborn", "terror"}
    assert "Visión ultraterrena" not in kinds(b, "Cigor")
    assert clean(b, "Cigor")


@pytest.mark.parametrize(("enemy", "sees"), [
    (dict(army="vampire_counts"), True),          # No Muerto (the army's race)
    (dict(army="empire", race="undead"), True),   # a No Muerto of another book
    (dict(army="daemons_of_chaos"), True),        # Demonio
    (dict(army="wood_elves", race="forest_spirit"), True),  # Vegetal, Espíritu del Bosque
    (dict(army="empire", special=["counts_as_daemon_undead"]), True),  # Elemental encarnado
    (dict(army="empire", special=["wizard"]), True),  # Hechicero
    (dict(army="empire"), False),
    (dict(army="high_elves"), False),
])
def test_otherworldly_sight_rerolls_in_every_round(enemy, sees):
    """Cigor re-rolls missed hits against the five kinds in every round (not only the first,
    as hatred), against nobody else; a Cigor without the rule never re-rolls."""
    model = build(cigor(), target(**enemy), options=CombatOptions(max_rounds=2))
    assert model.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == sees
    assert model.groups[0, 1, RANK_AND_FILE, 1, G_REROLL] == sees
    plain = build(cigor(seeing=False), target(**enemy), options=CombatOptions(max_rounds=2))
    assert not plain.groups[0, 1, RANK_AND_FILE, :, G_REROLL].any()


def test_otherworldly_sight_first_round_wounds():
    """Five WS2 S6 attacks on WS3 T3 models with no save (RULES.md §1.3, §1.4): 4+ to hit and
    2+ to wound, p = 1/2 x 5/6 = 5/12; re-rolling the misses against an undead unit, p = (1 -
    1/4) x 5/6 = 5/8.  The exact first round and the kernel (z = 5) against Binomial(5, p);
    the enemy (S1 on T5) cannot wound Cigor, nobody charges."""
    opts = CombatOptions(max_rounds=1, charger="none")
    for enemy, p, seed in ((target(army="vampire_counts"), 5 / 8, 2501),
                           (target(army="empire"), 5 / 12, 2502),
                           (target(army="empire", special=["wizard"], models=10), 5 / 8, 2503)):
        check_first_round(build(cigor(), enemy, options=opts), binomial(5, p), seed,
                          f"Cigor's wounds on {enemy.army} {enemy.special}")


def test_wizard_character_is_seen_its_unit_is_not():
    """A wizard joined to an Empire unit: Cigor re-rolls against the wizard's body only, and a
    Battle Wizard is a wizard by its magic level (Character.special ``wizard``)."""
    wizard = Character(name="Mago de batalla", special=("wizard",), army="empire",
                       profile=Profile(M=10, WS=3, BS=3, S=3, T=3, W=2, I=3, A=1, Ld=7))
    captain = Character(name="Capitán", army="empire",
                        profile=Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3, Ld=8))
    for ch, sees in ((wizard, True), (captain, False)):
        model = build_units([cigor(), target(army="empire")], [0, 1], [(0, 1, FRONT, FRONT)],
                            [False, False], [None, None], CombatOptions(max_rounds=1),
                            characters=[(1, ch)])
        assert model.groups[0, 1, RANK_AND_FILE, :, G_REROLL].sum() == 0
        assert (model.groups[0, 2, RANK_AND_FILE, :, G_REROLL] == sees).all()


@needs_data
def test_wizards_from_the_catalogues():
    """Tipo "..., Hechicero" makes a wizard: Reinos del Caos "Horrores de Tzeentch" ("Horror":
    "Infantería, Demonio, Caos, Tzeentch, Hechicero."); a wizard leader: Regimientos de
    Renombre "Mullah Aklan'd (líder)" ("Infantería, Humano, Hechicero") and "Hengus (líder)"
    of the Gigantes de Albión; its warriors (Tipo "Infantería, Humano") are none."""
    assert cat(BESTIAS).unit("Horrores de Tzeentch").has("wizard")
    r = cat(RENOWN)
    for start in ("Comando Mortal de Mullah Aklan'd", "Gigantes de Albión"):
        for name in [e.name for e in r.entries if e.name.startswith(start)]:
            u = r.unit(name)
            assert "wizard" in u.champion_special and not u.has("wizard"), name
    assert not cat(BESTIAS).unit("Cigor").has("wizard")


def test_a_wizard_leader_is_a_body_of_its_own_only_against_cigor():
    """A leader whose only rule of his own is ``wizard`` (as a Tipo "Hechicero" leader is
    imported): his unit keeps him in its champion's group against a common enemy, and he
    stands as a body of his own, re-rolled against, in front of Cigor (the MDNR leader is "a
    efectos generales ... un personaje"); no challenge either way."""
    data = target(army="arabia").to_dict()
    data["command"] = {**data.get("command", {}), "champion": True}
    data["rules"] = {**data["rules"], "champion_special": ["wizard"]}
    unit = unit_from_dict(data)
    assert unit.champion_special == ("wizard",) and unit.command.champion
    args = ([0, 1], [(0, 1, FRONT, FRONT)], [False, False], [None, None],
            CombatOptions(max_rounds=1))
    plain = build_units([target(army="empire", models=1), unit], *args,
                        challenge=["never", "never"])
    assert plain.sides[1, S_CHAMP_BODY] == -1
    assert plain.groups[0, 1, RANK_AND_FILE, 0, G_REROLL] == 0
    model = build_units([cigor(), unit], *args, challenge=["never", "never"])
    body = model.sides[1, S_CHAMP_BODY]
    assert body == 2
    assert model.groups[0, body, RANK_AND_FILE, :, G_REROLL].all()
    assert not model.groups[0, 1, RANK_AND_FILE, :, G_REROLL].any()
    assert not model.groups[1, 0, CHAMPION, 0].any()  # his blows are his body's now


_ROSTER = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<roster id="ros-w" name="Magos" battleScribeVersion="2.03" gameSystemId="sys-mdnr"
 gameSystemName="Warhammer Fantasy 6ª Edición con MDNR"
 xmlns="http://www.battlescribe.net/schema/rosterSchema">
  <forces>
    <force id="f-1" name="Ejército" entryId="force" catalogueId="cat"
     catalogueName="MDNR Imperio">
      <selections>
        <selection id="s-mago" name="Mago de batalla" entryId="e-mago" number="1" type="model">
          <profiles>
            <profile id="p-mago" name="Mago de batalla" typeName="Modelo">
              <characteristics>
                <characteristic name="M">10</characteristic>
                <characteristic name="HA">3</characteristic>
                <characteristic name="HP">3</characteristic>
                <characteristic name="F">3</characteristic>
                <characteristic name="R">3</characteristic>
                <characteristic name="H">2</characteristic>
                <characteristic name="I">3</characteristic>
                <characteristic name="A">1</characteristic>
                <characteristic name="L">7</characteristic>
                <characteristic name="TSA"></characteristic>
                <characteristic name="Tipo">Personaje</characteristic>
                <characteristic name="Potencia">1</characteristic>
              </characteristics>
            </profile>
          </profiles>
          <selections>
            <selection id="s-niv" name="LEVEL" entryId="e-niv" number="1" type="upgrade">
              <costs><cost name="pts" typeId="points" value="35.0"/></costs>
            </selection>
          </selections>
          <costs><cost name="pts" typeId="points" value="65.0"/></costs>
        </selection>
      </selections>
    </force>
  </forces>
</roster>
"""


@pytest.mark.parametrize(("level", "wizard"), [("Nivel 2", True), ("Nivel 1", True),
                                               ("Nivel 0", False)])
def test_roster_magic_level_makes_a_wizard(tmp_path, level, wizard):
    """MDNR Imperio "Mago de batalla" (Tipo "Personaje" only): its "Nivel" option (1..4; the
    Caos books' "Nivel 0" is no wizard) makes it a wizard, reported as a note, not ignored."""
    path = tmp_path / "magos.ros"
    path.write_text(_ROSTER.replace("LEVEL", level), encoding="utf-8")
    r = load_roster(path)
    (mago,) = r.characters
    assert mago.has("wizard") == wizard
    (item,) = [i for i in r.report if i.item == level]
    assert item.kind == "note"


# ----------------------------------------------------------------- Asarnil


def _panic_unit(name, Ld, army, special=(), no_panic_against=()):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "rules": {"special": ["skirmishers", *special],
                  "no_panic_against": list(no_panic_against)},
        "army": army,
    })


def _flee_rate(no_panic_against, enemy_army, seed):
    """X and Y (side 0, High Elves) both face Z (side 1), which wins by its +5 bonus.

    Nobody can wound (S1 against T10).  X (Ld 2) always breaks; Y (stubborn, Ld 7) passes
    its break test with 21/36 and then tests panic (2D6 <= 7) unless immune (RULES.md §3.4).
    """
    x = _panic_unit("X", 2, "high_elves")
    y = _panic_unit("Y", 7, "high_elves", ["stubborn"], no_panic_against)
    z = _panic_unit("Z", 10, enemy_army)
    return panic_flee_rate(x, y, z, seed, N)


@needs_data
def test_asarnil_from_the_catalogue():
    """MDNR Regimientos de Renombre, Asarnil (both entries): "Estoico": "Asarnil es inmune a
    pánico provocado por miniaturas de tipo Elfo Oscuro. Si el chequeo de pánico debiera
    hacerse por varias fuentes y alguna de ellas no es de tipo Elfo Oscuro, la unidad no es
    Inmune a pánico": no panic test while every enemy of the combat is a Dark Elf (his
    friends -- High Elves, Wood Elves, Empire, Lizardmen, Dogs of War -- are never Dark
    Elves: the cause of a panic test in a combat, a friend beaten, is the enemy).  "Amuleto
    Corazón de Dragón": -1 to hit him with missiles ("no tiene efecto en ataques cuerpo a
    cuerpo") and "si Asarnil muere, Colmillo de Muerte tiene un +1 a la tirada de reacción
    de monstruos", a test 6th takes once the close combat is resolved: no combat effect.
    The XML, by hand: Colmillo de Muerte M15 HA6 F6 R6 H6 I3 A5 L8 TSA 3+, "Terror",
    "Volar"; Asarnil (líder) M12 HA7 HP4 F4 R3 H2 I7 A4 L9 TSA 4+, heavy armour, shield."""
    r = cat(RENOWN)
    names = [e.name for e in r.entries if e.name.startswith("Asarnil")]
    assert len(names) == 2
    for name in names:
        u = r.unit(name)
        assert u.no_panic_against == ("dark_elves",)
        k = kinds(r, name)
        assert "Estoico" not in k
        assert k["Amuleto Corazón de Dragón"] == "no_combat_effect"
        assert clean(r, name)
        p, c = u.profile, u.champion_profile
        assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 6, 6, 6, 6, 3, 5, 8)
        assert (c.M, c.WS, c.BS, c.S, c.T, c.W, c.I, c.A, c.Ld) == (12, 7, 4, 4, 3, 2, 7, 4, 9)
        assert u.armour_save == 3 and {"terror", "flying"} <= set(u.special)
        assert (u.champion_armour, u.champion_shield) == ("heavy", True)


@needs_data
def test_asarnil_stoic_against_dark_elves_only():
    """Y (Asarnil's no_panic_against) beside X that breaks: against Dark Elves Y only takes
    its own break test (flees with 15/36), against the Empire it also tests panic (15/36 +
    21/36 x 15/36); a mixed enemy (a Dark Elf unit and a Dogs of War one) voids the
    immunity ("alguna de ellas no es de tipo Elfo Oscuro")."""
    r = cat(RENOWN)
    asarnil = r.unit(next(e.name for e in r.entries if e.name.startswith("Asarnil")))
    for army, expected, seed in (("dark_elves", 15 / 36, 2511),
                                 ("empire", 15 / 36 + 21 / 36 * 15 / 36, 2512)):
        fled, model = _flee_rate(asarnil.no_panic_against, army, seed)
        assert model.sides[1, S_NO_PANIC] == (army == "dark_elves")
        assert_mc(fled, expected, N, what=f"Asarnil's friend panics (fighting {army})")
    model = build_units([asarnil, target(army="dark_elves"), target(army="dogs_of_war")],
                        [0, 1, 1], [(0, 1, FRONT, FRONT), (0, 2, FRONT, FRONT)],
                        [False, True, True], [None] * 3)
    assert model.sides[0, S_NO_PANIC] == 0
    model = build_units([asarnil, target(army="dark_elves")], [0, 1], [(0, 1, FRONT, FRONT)],
                        [False, True], [None] * 2)
    assert model.sides[0, S_NO_PANIC] == 1
