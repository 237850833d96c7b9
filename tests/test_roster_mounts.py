"""Roster characters' mounts other than cavalry steeds (issue 11 §2 "Rosters").

The fixture ``tests/data/battlescribe/mounted_characters.ros`` holds each
character's catalogue entry with its mount option and the linked mount entry
as BattleScribe copies them into a roster.  Expected values read by hand from
the catalogues:

* Reinos del Caos Demonios "Heraldo demoníaco": M15 HA6 HP0 F5 R4 H2 I6 A3 L8,
  no TSA; "Palanquín de Nurgle" (type ``unit``, "Infantería, Caos, Demonio,
  Nurgle", HA3 F3 I3 A4, TSA "+2"); "Juggernaut de Khorne" ("Monstruo",
  HA5 F5 R5 H3 I2 A2, TSA 4+); "Diablo de Slaanesh" ("Monstruo", HA4 F4 R4
  H3 I5 A2); "Disco de Tzeentch" ("Monstruo", HA3 F5 R5 H3 I4 A1); chariots
  "Trono sangriento" (R5 H4 TSA 3+), "Carro de la demencia de Slaanesh"
  (R4 H4), "Carro flamígero de Tzeentch" (R4 H4, "Volar").
* Mortales "Señor del Caos" HA8 F5 R5 H3 (Carro del Caos); Orcos y Goblins
  "Kaudillo orco " HA6 F4 R5 H3 (Karro de jabalíes orco); Reyes Funerarios
  "Rey funerario" HA6 F5 R5 H4 (Carro ligero, "Caballería rápida" for the
  chariot); Altos Elfos "Príncipe élfico" HA7 F4 R3 H3 (Carro de Tiranoc R4
  H4).

Before this test, a chariot option was built into the character: the Príncipe
élfico came in as T4 W4 (the Carro de Tiranoc's), the Heraldo on the Carro
flamígero with "flying", the Rey funerario with "fast_cavalry", with the crew,
steeds, impact hits and the chariot's save dropped and only "2 crew assumed"
in the report.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import assert_distribution, binomial, first_round_shares

from odds.battlescribe import load_roster
from odds.characters import Character
from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import FRONT, CombatOptions, build_units
from odds.units import MountProfile, Profile, unit_from_dict
from odds.validation import OddsInputError

ROSTER = Path(__file__).resolve().parent / "data" / "battlescribe" / "mounted_characters.ros"

HERALD = Profile(M=15, WS=6, BS=0, S=5, T=4, W=2, I=6, A=3, Ld=8)


@pytest.fixture(scope="module")
def roster():
    return load_roster(ROSTER)


def _items(roster, item):
    return [i for i in roster.report if i.item == item]


def test_palanquin_is_reported_not_silently_dropped(roster):
    """Demonios "Palanquín de Nurgle": "trata la miniatura igual que si fuera una montura de
    caballería ... El Palanquín proporciona al Heraldo un +2 a su tirada de salvación por
    armadura. Los Nurgletes tienen sus propios ataques (4 en total ...)".  The engine's
    characters ride cavalry steeds or monsters only: the Herald keeps his own profile, no
    mount and no save (7), and the import says the Palanquín is ignored, with that reason."""
    herald = roster.characters[0]
    assert herald.profile == HERALD
    assert (herald.mount_type, herald.mount, herald.armour_save, herald.unit_strength) == (
        "none", None, 7, 1)
    reasons = [i.reason for i in _items(roster, "Palanquín de Nurgle") if i.kind == "ignored"]
    assert any("montura de caballería" in r and "+2 save" in r for r in reasons), reasons


@pytest.mark.parametrize("index, mount, wounds, stats", [
    (1, MountProfile(WS=5, S=5, I=2, A=2), 3, "R5 H3 TSA 4+"),   # Juggernaut de Khorne
    (2, MountProfile(WS=4, S=4, I=5, A=2), 3, "R4 H3 TSA -"),    # Diablo de Slaanesh
    (3, MountProfile(WS=3, S=5, I=4, A=1), 3, "R5 H3 TSA -"),    # Disco de Tzeentch
])
def test_daemonic_monster_mounts_fight_and_are_reported(roster, index, mount, wounds, stats):
    """Demonios "Juggernaut de Khorne", "Diablo de Slaanesh", "Disco de Tzeentch" ("Tipo"
    "Monstruo, Caos, Demonio ..."): a monster mount whose WS, S, I, A fight and whose W counts
    for unit strength (W + 1); its own T, W and save as a separate target are not modelled,
    so the import reports it ``approximated`` with them, and no longer as an ignored "second
    model profile" and an "option not modelled" (both untrue: the mount is in the character)."""
    herald = roster.characters[index]
    assert herald.profile == HERALD
    assert (herald.mount_type, herald.mount, herald.mount_wounds, herald.unit_strength) == (
        "monster", mount, wounds, wounds + 1)
    name = {1: "Juggernaut de Khorne", 2: "Diablo de Slaanesh", 3: "Disco de Tzeentch"}[index]
    items = _items(roster, name)
    assert [i.kind for i in items] == ["approximated"], items
    assert stats in items[0].reason and "not a separate target" in items[0].reason
    assert not [i for i in roster.report if i.item.startswith(name + " (")]


CHARIOTS = [
    # index, own profile (T, W), the chariot option's name starts with
    (4, (4, 2), "Trono sangriento de Khorne"),
    (5, (4, 2), "Carro de la demencia de Slaanesh"),
    (6, (4, 2), "Carro flamígero de Tzeentch"),
    (7, (5, 3), "Carro del Caos"),
    (8, (5, 3), "Karro de jabalíes"),
    (9, (5, 4), "Carro de guerra"),
    (10, (3, 3), "Carro de Tiranoc"),
]


@pytest.mark.parametrize("index, tw, option", CHARIOTS)
def test_chariot_mounts_are_reported_and_leave_the_profile_alone(roster, index, tw, option):
    """A chariot as a character's mount (Demonios "Trono sangriento", "Carro de la demencia",
    "Carro flamígero"; Mortales "Carro del Caos"; Orcos "Karro de jabalíes orco"; Reyes
    Funerarios "Carro ligero"; Altos Elfos "Carro de Tiranoc"): the engine's characters ride
    cavalry steeds or monsters only, so the chariot is reported ignored and the character
    keeps his own printed T and W (not the chariot's), with none of the chariot's rules."""
    c = roster.characters[index]
    assert (c.profile.T, c.profile.W) == tw, c.name
    assert (c.mount_type, c.mount, c.unit_strength) == ("none", None, 1)
    assert not {"flying", "fast_cavalry"} & set(c.special), c.special
    items = [i for i in roster.report if i.item.startswith(option) and i.kind == "ignored"]
    assert len(items) == 1 and "chariot as the character's mount" in items[0].reason, items
    assert not [i for i in roster.report if i.unit == c.name and "crew assumed" in i.reason]


def test_chariot_characters_keep_their_points(roster):
    """The chariot left out of the fight is still paid for: Altos Elfos "Príncipe élfico"
    (the roster's selection 210 = prince and chariot as the fixture copies them)."""
    prince = roster.characters[10]
    assert prince.points == pytest.approx(210.0)


def test_herald_on_a_diablo_first_round():
    """The Heraldo demoníaco on a Diablo de Slaanesh, as the roster imports him, in a unit that
    does not attack (A0), against WS3 T5 models with no save: the Herald's 3 attacks hit on 3+
    and wound on 4+ (F5 vs R5: 1/3 each), the Diablo's 2 (HA4 F4) hit on 3+ and wound on 5+
    (2/9 each); exact engine and kernel (z = 5) against Binomial(3, 1/3) * Binomial(2, 2/9)."""
    herald = load_roster(ROSTER).characters[2]
    assert isinstance(herald, Character) and herald.mount == MountProfile(WS=4, S=4, I=5, A=2)

    def fighter(name, models, *, S, T, A, I):  # noqa: E741
        return unit_from_dict({
            "name": name, "troop_type": "infantry", "models": models, "files": 5,
            "profile": {"M": 10, "WS": 3, "BS": 3, "S": S, "T": T, "W": 1, "I": I, "A": A,
                        "Ld": 10},
            "equipment": {"armour_save_override": 7}})

    host = fighter("Diablillas", 5, S=1, T=10, A=0, I=1)
    enemy = fighter("E", 10, S=1, T=5, A=1, I=1)
    model = build_units([host, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [True, False],
                        [None, None], CombatOptions(max_rounds=1), characters=[(0, herald)])
    pmf = list(np.convolve(binomial(3, 1 / 3), binomial(2, 2 / 9)))
    # the exact engine does not take characters (None); the kernel against the pmf, z = 5
    assert first_round_exact(model) is None
    trials = 200_000
    out = simulate(model, trials, 2001)
    sim = first_round_shares(out, 0, trials)
    assert_distribution(sim, pmf, trials, what="Herald and Diablo de Slaanesh")


def test_only_a_single_ridden_monster_takes_a_mount():
    """A monster with a mount is a ridden monster: one model (a character's body, rider and
    monster; RULES.md §1.1).  A regiment of monsters with a mount stays a clear error."""
    def monster(models):
        return unit_from_dict({
            "name": "M", "troop_type": "monster", "models": models, "files": 1,
            "profile": {"M": 15, "WS": 5, "BS": 0, "S": 5, "T": 5, "W": 4, "I": 3, "A": 3,
                        "Ld": 8},
            "mount": {"WS": 4, "S": 4, "I": 5, "A": 2}})
    assert monster(1).mount == MountProfile(WS=4, S=4, I=5, A=2)
    with pytest.raises(OddsInputError, match=r"mount: only cavalry, chariot or a single ridden"
                                             r" monster .*got troop_type 'monster' with 2"):
        monster(2)


def test_khorne_herald_mark_with_its_save_is_reported_not_half_applied():
    """Reinos del Caos Heraldo demoníaco "Marca de Khorne": "El Heraldo Demoníaco está sujeto a
    Furia Asesina (pese a ser inmune a psicología) y gana una tirada de salvación por armadura
    de 6+".  The frenzy and the save share a sentence; the save is not modelled, so the mark
    is reported (``ignored``), not applied as frenzy alone with the save silently lost
    (found by the army20 audit)."""
    from odds.battlescribe.names import mark_effects
    text = ("Gana el tipo de unidad Khorne. El Heraldo Demoníaco está sujeto a Furia Asesina"
            " (pese a ser inmune a psicología) y gana una tirada de salvación por armadura de"
            " 6+. Mientras esté en el campo de batalla, el ejército tiene +1 dado de dispersión.")
    flags, unknown = mark_effects(text)
    assert flags == ("frenzy",) and len(unknown) == 1 and "salvacion" in unknown[0]
    assert mark_effects("Furia Asesina. Mientras sigan vivos, el ejército tiene +1 dado de"
                        " dispersión") == (("frenzy",), [])
    report = load_roster(ROSTER).report
    khorne = {i.kind for i in report if i.item == "Marca de Khorne"}
    assert khorne == {"ignored"}
