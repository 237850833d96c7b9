"""Army-book rules of issue 11 (army15): rhinox charges, bodyguards of a character.

Catalogue checks are written by hand from the rule descriptions and profiles in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the
exact first round and the kernel with probabilities worked out by hand, at z = 5 with a
fixed seed (``RULES.md`` sections cited per test).
"""

from __future__ import annotations

from fractions import Fraction

from conftest import binomial, cat, check_first_round, clean, infantry, kinds, needs_data

from odds.combat.model import G_ACTIVE, G_WOUND, IMPACT, CombatOptions, build
from odds.units import MountProfile, Profile

MERCS = "MDNR_Mercenarios v5.cat"
RHINOX = "Jinetes de rinobuey (dos huecos de singular)"


fighter = infantry  # conftest: plain infantry of one-wound models


# ----------------------------------------------------------------- Carga atronadora


def d3_hits_wounding(p: float) -> list[float]:
    """Wounds of 1D3 automatic hits, each wounding with ``p``: the mixture of Binomial(h, p)."""
    out = [0.0] * 4
    for h in (1, 2, 3):
        for k, q in enumerate(binomial(h, p)):
            out[k] += q / 3
    return out


@needs_data
def test_rhinox_riders_from_the_catalogue():
    """Spot check against the XML (Mercenarios "Jinetes de rinobuey"): "Jinete de rinobuey"
    HA3 HP2 F4 R5 H5 I2 A3 L7 TSA 4+, "Rhinox" M18 HA3 F5 I2 A3; "Carga atronadora": "Si
    todas las miniaturas de una unidad de Jinetes de Rinobuey cargan, persiguen o arrasan
    18cm o más, cada miniatura causa 1D3 impactos por carga" -- 1D3 impact hits per model,
    at the rhinox's S5 (6th "Impact Hits": a chariot strikes "with its own Strength", the
    body that charges, not its crew)."""
    c = cat(MERCS)
    u = c.unit(RHINOX)
    assert u.profile == Profile(M=18, WS=3, BS=2, S=4, T=5, W=5, I=2, A=3, Ld=7)
    assert u.mount == MountProfile(WS=3, S=5, I=2, A=3)
    assert u.impact_hits == "d3" and u.impact_strength == 5
    assert u.has("thunderous_charge") and u.has("immune_to_killing_blow")
    # a note, not a blocker: it says the hits need the charge's gap (default 10 cm: none)
    assert kinds(c, RHINOX)["Carga atronadora"] == "note"
    assert clean(c, RHINOX)


def test_thunderous_charge_needs_18_cm():
    """"Carga atronadora": two rhinox riders (riders and rhinoxes at A0, so only the impact
    hits wound) charge ten T3 infantry without a save across a gap of 20 cm: each rider in
    contact strikes 1D3 hits at S5, wounding on 2+ (RULES.md §1.4), so the wounds are the
    sum of two independent mixtures (1/3) sum_h Binomial(h, 5/6); across 10 cm (the default
    gap) no impact hits at all (the group is inactive, wounds certainly 0)."""
    rider = fighter("Jinete", 2, 2, S=4, T=5, A=0).replace(
        troop_type="cavalry", mount=MountProfile(WS=3, S=5, I=2, A=0),
        impact_hits="d3", impact_strength=5, special=("thunderous_charge",),
        profile=Profile(M=18, WS=3, BS=2, S=4, T=5, W=5, I=2, A=0, Ld=7))
    target = fighter("Objetivo", 10, 5, T=3, A=0)
    one = d3_hits_wounding(5 / 6)
    two = [sum(one[i] * one[k - i] for i in range(k + 1) if i < 4 and k - i < 4)
           for k in range(7)]
    assert abs(sum(two) - 1) < 1e-12
    far = build(rider, target, options=CombatOptions(max_rounds=1, distance=20))
    assert far.groups[0, 1, IMPACT, 0, G_ACTIVE] == 1
    assert far.groups[0, 1, IMPACT, 0, G_WOUND] == 2
    check_first_round(far, two, 1501, "rhinox charge across 20 cm")
    near = build(rider, target, options=CombatOptions(max_rounds=1, distance=10))
    assert near.groups[0, 1, IMPACT, 0, G_ACTIVE] == 0
    check_first_round(near, [1.0], 1502, "rhinox charge across 10 cm")
    exactly = build(rider, target, options=CombatOptions(max_rounds=1, distance=18))
    assert exactly.groups[0, 1, IMPACT, 0, G_ACTIVE] == 1  # "18cm o más"
    # a hand check of the mixture's mean: 2 models * 2 hits * 5/6
    assert abs(sum(k * q for k, q in enumerate(two)) - float(Fraction(10, 3))) < 1e-12


# ----------------------------------------------------------------- guarded characters (§3.2)

ENANOS = "MDNR_Enanos v4_5.cat"
PAYMASTER_TEXT = ("A efectos reales, el Pagador es el Portaestandarte de Batalla mercenario,"
                  " salvo que su perfil es único")
ROSTER = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<roster id="r" name="Compañía" battleScribeVersion="2.03" gameSystemId="sys-mdnr"
 xmlns="http://www.battlescribe.net/schema/rosterSchema">
  <forces><force id="f" name="Ejército" entryId="force" catalogueId="c"
   catalogueName="MDNR Mercenarios"><selections>
    <selection id="s1" name="Pagador" entryId="e1" number="1" type="model">
      <rules><rule id="r1" name="Pagador" hidden="false"><description>{text}</description>
      </rule></rules>
      <profiles><profile id="p1" name="Pagador" typeName="Modelo"><characteristics>
        <characteristic name="M">10</characteristic><characteristic name="HA">4</characteristic>
        <characteristic name="HP">4</characteristic><characteristic name="F">4</characteristic>
        <characteristic name="R">4</characteristic><characteristic name="H">2</characteristic>
        <characteristic name="I">4</characteristic><characteristic name="A">2</characteristic>
        <characteristic name="L">8</characteristic><characteristic name="TSA"></characteristic>
        <characteristic name="Tipo">Infantería, Humano</characteristic>
        <characteristic name="Potencia">1</characteristic>
      </characteristics></profile></profiles>
      <costs><cost name="puntos" typeId="53ea-00f4-9046-81ff" value="60.0"/></costs>
    </selection>
  </selections></force></forces>
</roster>
"""


def stand(unit, lord, p_break, seed, what, static=6):
    """``unit`` (US 10) and ``lord`` in it lose the only round by 5 (nobody can wound: S1
    against T10; both sides +1 rank, the unit +1 outnumbering, the enemy a +6 static
    bonus): the unit breaks with ``p_break`` (kernel, z = 5, RULES.md §3.2)."""
    from conftest import assert_mc

    from odds.combat.api import simulate
    from odds.combat.model import CAUGHT, ESCAPED, FRONT, SideOptions, build_units

    enemy = fighter("E", 10, 5, S=1, T=10)
    model = build_units([unit, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, SideOptions(static_bonus=static)], CombatOptions(max_rounds=1),
                        characters=[(0, lord)])
    out = simulate(model, 200_000, seed)
    broke = (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / 200_000
    assert_mc(broke, p_break, 200_000, what=what)


def test_escort_is_stubborn_with_the_paymaster():
    """Mercenarios "Escolta" (Escolta del pagador): "Mientras el Pagador esté en la unidad,
    son Tozudos" (RULES.md §3.2: a stubborn unit tests on its own Ld unmodified).  The
    Pagador is the battle standard ("el Pagador es el Portaestandarte de Batalla
    mercenario": +1 to the result, so the loss is by 4, and a failed break test re-rolled).
    At Ld 7: the escort with the Pagador passes 2D6 <= 7 (21/36) on either roll, breaking
    with (15/36)^2; another unit with the Pagador tests on Ld 7 - 4 = 3 (3/36), breaking with
    (33/36)^2; the escort with a character who is not the Pagador (no standard, the loss by
    5) on Ld 2 (1/36), breaking with 35/36."""
    from odds.characters import Character

    profile = Profile(M=10, WS=4, BS=4, S=1, T=10, W=2, I=4, A=2, Ld=7)
    payer = Character(name="Pagador", profile=profile, special=("paymaster",),
                      battle_standard=True)
    other = Character(name="Capitán", profile=profile)
    escort = fighter("Escolta", 10, 5, S=1, T=10, special=["paymaster_guard"])
    stand(escort, payer, (15 / 36) ** 2, 1511, "escort with the Pagador")
    stand(escort, other, 35 / 36, 1512, "escort with another character")
    stand(fighter("Alabarderos", 10, 5, S=1, T=10), payer, (33 / 36) ** 2, 1513,
          "another unit with the Pagador")


def test_hammerers_are_fearless_with_royal_blood():
    """Enanos "Guardia personal" (Martilladores): "Si hay algún personaje con la regla Sangre
    Real en la unidad, ésta es Inmune a miedo e Inmune a Terror".  A unit losing to a
    fear-causing enemy whose unit strength is greater breaks without a test (RULES.md §3.2
    step 3).  Five stubborn hammerers (US 5) and a lord (US 6 in all) lose to ten
    fear-causing models (US 10): with a ``royal_blood`` lord the fear is ignored and the
    unit tests on Ld 7 unmodified (stubborn), breaking with 15/36; with a lord without royal
    blood it breaks outright."""
    from odds.characters import Character

    profile = Profile(M=8, WS=7, BS=3, S=1, T=10, W=3, I=4, A=4, Ld=7)
    king = Character(name="Señor enano", profile=profile, special=("royal_blood",))
    thane = Character(name="Thane", profile=profile)
    guard = fighter("Martilladores", 5, 5, S=1, T=10, special=["stubborn", "royal_guard"])
    stand_fear(guard, king, 15 / 36, 1514, "hammerers with a royal-blood lord")
    stand_fear(guard, thane, 1.0, 1515, "hammerers with a lord without royal blood")


def stand_fear(unit, lord, p_break, seed, what):
    """As :func:`stand`, against ten fear-causing models (US 10 > the unit's 6)."""
    from conftest import assert_mc

    from odds.combat.api import simulate
    from odds.combat.model import CAUGHT, ESCAPED, FRONT, SideOptions, build_units

    enemy = fighter("Espectros", 10, 5, S=1, T=10, special=["fear"])
    model = build_units([unit, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, SideOptions(static_bonus=6)], CombatOptions(max_rounds=1),
                        characters=[(0, lord)])
    out = simulate(model, 200_000, seed)
    broke = (out["status"][0, CAUGHT] + out["status"][0, ESCAPED]) / 200_000
    assert_mc(broke, p_break, 200_000, what=what)


@needs_data
def test_guards_from_the_catalogues():
    """Spot checks against the XML: Mercenarios "Escolta del pagador" M10 HA4 HP3 F3 R3 H1 I3
    A1 L8 with "Escolta"; Enanos "Martilladores" M8 HA5 HP3 F4 R4 H1 I2 A1 L9 with "Guardia
    personal"; both import with nothing ignored."""
    m, d = cat(MERCS), cat(ENANOS)
    escort = m.unit("Escolta del pagador")
    assert escort.profile == Profile(M=10, WS=4, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=8)
    assert escort.has("paymaster_guard") and not escort.has("stubborn")
    assert clean(m, "Escolta del pagador")
    hammer = d.unit("Martilladores")
    assert hammer.profile == Profile(M=8, WS=5, BS=3, S=4, T=4, W=1, I=2, A=1, Ld=9)
    assert hammer.has("royal_guard") and clean(d, "Martilladores")


@needs_data
def test_the_paymaster_from_a_roster_is_the_battle_standard(tmp_path):
    """Mercenarios "Pagador" (profile M10 HA4 HP4 F4 R4 H2 I4 A2 L8): "el Pagador es el
    Portaestandarte de Batalla mercenario": imported from a roster, the character is the
    battle standard and carries ``paymaster`` (what "Escolta" looks for)."""
    import xml.etree.ElementTree as ET

    from conftest import SHARED

    from odds.battlescribe import load_roster

    root = ET.parse(SHARED / MERCS).getroot()
    text = next("".join(d.text or "" for d in r if d.tag.endswith("description"))
                for r in root.iter() if r.tag.endswith("}rule") and r.get("name") == "Pagador")
    assert PAYMASTER_TEXT in text
    path = tmp_path / "pagador.ros"
    path.write_text(ROSTER.format(text=text.replace("&", "&amp;").replace("<", "&lt;")),
                    encoding="utf-8")
    (payer,) = load_roster(path).characters
    assert payer.profile == Profile(M=10, WS=4, BS=4, S=4, T=4, W=2, I=4, A=2, Ld=8)
    assert payer.battle_standard and not payer.general and payer.has("paymaster")
