"""Army-book rules of issue 11 (army17): war machines and engines that fight with their body.

Catalogue checks are written by hand from the rule descriptions and profiles in
../shared/battlescribe/ (skipped when the folder is absent); engine checks compare the
exact first round and the kernel with probabilities worked out by hand, at z = 5 with a
fixed seed (``RULES.md`` sections cited per test).
"""

from __future__ import annotations

import pytest
from conftest import binomial, cat, check_first_round, clean, convolve, kinds, needs_data

from odds.combat.model import (
    CREW,
    FLANK,
    FRONT,
    G_ACTIVE,
    G_ATTACKS,
    G_HIT,
    G_KEY,
    G_SAVE,
    G_WOUND,
    RANK_AND_FILE,
    REAR,
    CombatOptions,
    build,
    build_units,
)
from odds.units import CrewProfile, Profile, unit_from_dict

CHAOS_DWARFS = "MDNR_Enanos_del_Caos v4_5.cat"
HELLCANNON = "Cañón infernal (dos huecos de singular)"
IRON_DAEMON = "Demonio de hierro"


def target(models=10, files=10, *, T=4, save=7, A=0):
    """WS3 infantry, immune to psychology (no terror test at the charge), striking nothing."""
    return unit_from_dict({
        "name": "Blanco", "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": T, "W": 1, "I": 3, "A": A,
                    "Ld": 7},
        "equipment": {"armour_save_override": save},
        "rules": {"special": ["immune_to_psychology"]},
    })


# ----------------------------------------------------------------- "¡Está vivo!"


@needs_data
def test_hellcannon_fights_with_its_own_profile():
    """MDNR Enanos del Caos "Cañón infernal" "¡Está vivo!": "En combate, el propio Cañón
    combate (así que los Enanos se sitúan a su lado en vez de delante)".

    Spot check against the XML: "Cañón infernal" HA4 HP4 F6 R7 H6 I1 A4 L9 TSA 3+ (Máquina
    de guerra) and three "Enano del Caos" HA4 F3 R4 H1 I2 A1 L9: the crew's profile is the
    unit's (T7 W6 the machine's), the cannon its one second crew.  Before, its four S6 attacks
    were dropped and the rule reported ``ignored``.

    Charging ten WS3 T4 models with no save (immune to psychology, A0): each dwarf hits on 3+
    and wounds on 5+ (2/9), the cannon's attacks hit on 3+ and wound on 2+ (5/9); the first
    round's wounds are Binomial(3, 2/9) * Binomial(4, 5/9) (RULES.md §1.3, §1.4)."""
    c = cat(CHAOS_DWARFS)
    u = c.unit(HELLCANNON)
    assert u.troop_type == "war_machine" and u.crew == 3
    assert u.profile == Profile(M=8, WS=4, BS=3, S=3, T=7, W=6, I=2, A=1, Ld=9)
    assert u.extra_crew == CrewProfile(WS=4, S=6, I=1, A=4, count=1, weapon="hand_weapon")
    assert u.has("living_machine") and "¡Está vivo!" not in kinds(c, HELLCANNON)
    # "Escupir inmundicia" ("Arrasar": "Si el cañón arrasa o está trabado, sólo puede
    # escupir inmundicia"): the spit_filth rule (tests/test_army_rules_hellcannon_spit.py)
    assert "spit_filth" in u.special and "Escupir inmundicia" not in kinds(c, HELLCANNON)
    # its spit held (Option spit_filth_held): the first round's blows alone, exact
    u = u.replace(special=(*u.special, "spit_filth_held"))
    model = build(u, target(), options=CombatOptions(max_rounds=1))
    g = model.groups[0, 1]
    assert (g[CREW, 0, G_ATTACKS], g[CREW, 0, G_HIT], g[CREW, 0, G_WOUND]) == (4, 3, 2)
    assert g[CREW, 1, G_ACTIVE] == 1  # every round, not only the charge
    assert g[CREW, 1, G_KEY] > g[RANK_AND_FILE, 1, G_KEY]  # I1 after the crew's I2
    pmf = convolve(binomial(3, 2 / 9), binomial(4, 5 / 9))
    check_first_round(model, pmf, 1701, "hellcannon")


# ----------------------------------------------------------------- "Rompecráneos"


@needs_data
def test_iron_daemon_from_the_catalogue():
    """Spot check against the XML: Enanos del Caos "Demonio de hierro" M18 F5 R7 H4 TSA 3+
    (Carro, Potencia 4), "Impactos por carga (1D6+1)", three "Enano del Caos" HA4 F3 I2 A1 L9,
    and the "Armamento" choice whose default is "Rompecráneos" ("realiza 3 ataques en cada
    fase de combate cuerpo a cuerpo contra miniaturas o unidades situadas en su frontal; estos
    ataques impactan automáticamente y se resuelven con F6"); the other choice, "Cañón de
    vapor ligero", is a gun (no close-combat effect) and takes the crushers away."""
    c = cat(CHAOS_DWARFS)
    u = c.unit(IRON_DAEMON)
    assert u.troop_type == "chariot" and u.crew == 3 and u.mount is None
    assert (u.profile.WS, u.profile.S, u.profile.T, u.profile.W, u.profile.I, u.profile.A) == \
        (4, 3, 7, 4, 2, 1)
    assert (u.impact_hits, u.impact_strength) == ("d6+1", 5)
    assert u.has("skull_crushers") and u.extra_crew is None
    assert kinds(c, IRON_DAEMON).get("Rompecráneos") is None  # modelled: no report item
    assert clean(c, IRON_DAEMON)
    gun = c.unit(IRON_DAEMON, upgrades=["Cañón de vapor ligero"])
    assert not gun.has("skull_crushers")


@needs_data
def test_skull_crushers_hit_automatically_at_s6():
    """"Rompecráneos": three attacks a round that hit automatically at S6 (gst: a S6 hit
    wounds T4 on 2+ and takes 3 off the save, RULES.md §1.4, §1.5), struck at the model's
    Initiative as its other attacks (they are attacks, not impact hits).

    The Iron Daemon charged by ten WS3 T4 models with a 4+ save (A0): no impact hits; each
    dwarf hits on 3+, wounds on 5+ and is saved on 4+ (1/9); each crusher wounds on 2+ and
    is not saved (4+ at -3): 5/6.  First round: Binomial(3, 1/9) * Binomial(3, 5/6); without
    the rule, Binomial(3, 1/9) alone."""
    u = cat(CHAOS_DWARFS).unit(IRON_DAEMON)
    opts = CombatOptions(max_rounds=1, charger="defender")
    model = build(u, target(save=4), options=opts)
    g = model.groups[0, 1]
    assert (g[CREW, 0, G_ATTACKS], g[CREW, 0, G_HIT], g[CREW, 0, G_WOUND],
            g[CREW, 0, G_SAVE]) == (3, 0, 2, 7)
    assert g[CREW, 1, G_ATTACKS] == 3 and g[CREW, 1, G_HIT] == 0  # every round
    assert g[CREW, 0, G_KEY] == g[RANK_AND_FILE, 0, G_KEY]  # with the crew, at I2
    pmf = convolve(binomial(3, 1 / 9), binomial(3, 5 / 6))
    check_first_round(model, pmf, 1702, "skull crushers")
    plain = build(u.replace(special=tuple(r for r in u.special if r != "skull_crushers")),
                  target(save=4), options=opts)
    check_first_round(plain, binomial(3, 1 / 9), 1703, "no skull crushers")


@needs_data
def test_skull_crushers_only_through_the_front():
    """"Rompecráneos": "contra miniaturas o unidades situadas en su frontal ... No afecta si
    no hay miniaturas en su frontal": an enemy unit touching only the Iron Daemon's flank or
    rear takes none of the three attacks; one at its front does (whatever the enemy's own
    face)."""
    u = cat(CHAOS_DWARFS).unit(IRON_DAEMON)
    for face_u, face_v, attacks in ((FRONT, FRONT, 3), (FRONT, FLANK, 3), (FLANK, FRONT, 0),
                                    (REAR, FRONT, 0)):
        for contact in ((0, 1, face_u, face_v), (1, 0, face_v, face_u)):
            m = build_units([u, target()], [0, 1], [contact], [False, True], [None, None])
            assert m.groups[0, 1, CREW, 0, G_ATTACKS] == attacks, (face_u, face_v)
            assert m.groups[0, 1, CREW, 1, G_ATTACKS] == attacks
    # two enemies: the one at its front only
    m = build_units([u, target(), target()], [0, 1, 1],
                    [(0, 1, FRONT, FRONT), (0, 2, FLANK, FRONT)], [False, True, True],
                    [None] * 3)
    assert m.groups[0, 1, CREW, 0, G_ATTACKS] == 3
    assert m.groups[0, 2, CREW, 0, G_ATTACKS] == 0


def test_skull_crushers_need_the_crew_group():
    """The crushers use the attack group of a second crew: a unit with both is refused."""
    daemon = unit_from_dict({
        "name": "Demonio", "troop_type": "chariot", "models": 1, "files": 1, "crew": 3,
        "profile": {"M": 18, "WS": 4, "BS": 3, "S": 5, "T": 7, "W": 4, "I": 2, "A": 1,
                    "Ld": 9},
        "rules": {"special": ["skull_crushers"]},
    })
    build(daemon, target())
    with pytest.raises(Exception, match="skull_crushers"):
        build(daemon.replace(extra_crew=CrewProfile(WS=4, S=4, I=2, A=1)), target())


# ----------------------------------------------------------------- left reported


@needs_data
@pytest.mark.parametrize("book", ["MDNR_Enanos v4_5.cat",
                                  "MDNR_Enanos_Guardias_de_Undgrin-Ankor_v1.cat",
                                  "MDNR_Enanos_con_Personajes_Especiales_v1.cat"])
def test_shard_dragon_rules_left_no_warning(book):
    """"Dragón de esquirlas" "Enfurecer" and "Escamas puntiagudas" are modelled (``enrage``,
    ``spiky_scales``; tests/test_shard_dragon.py): neither is left in the unit's report, and the
    unit imports with nothing ignored or approximated."""
    c = cat(book)
    items = {i.item for i in c.report.for_unit("Dragón de esquirlas")}
    assert not items & {"Enfurecer", "Escamas puntiagudas"}
    assert clean(c, "Dragón de esquirlas")
