"""Named members of a unit (odds.units.Member) and leaders with saves of their own (issue 11).

MDNR Regimientos de Renombre, "Regimientos de Renombre" (the rule every regiment carries):
"Otros miembros con nombre. Algunos Regimientos de Renombre tienen otras miniaturas 'con
nombre' (Colibrí, Larva, Ned Puñojamón, Skaff...). Esas miniaturas con nombre, a no ser que
se especifique lo contrario, se tratan también como Líderes: forman parte de la unidad ... se
rigen por ¡Cuidado, Señor!, es necesario designar ataques explícitamente, pueden lanzar y
aceptar desafíos, etc. La excepción es que la unidad NO puede usar el Liderazgo de esos
'miembros con nombre', sólo de los Líderes"; and "A efectos generales, un Líder es un
personaje, salvo que no puede abandonar la unidad".
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_distribution,
    assert_mc,
    binomial,
    cat,
    first_round_shares,
    kinds,
    needs_data,
)

from odds.combat.api import fight, simulate
from odds.combat.kernel import TERMS
from odds.combat.model import (
    G_SAVE,
    RANK_AND_FILE,
    S_HP,
    S_LD,
    S_MUSICIAN,
    S_STANDARD,
    CombatOptions,
    SideOptions,
    build,
)
from odds.units import Equipment, Member, unit_from_dict
from odds.validation import OddsInputError

RR = "MDNR_Regimientos_de_Renombre v5.cat"
N = 200_000


def fighter(name, models=10, files=10, *, WS=3, S=3, T=3, Ld=7, command=None, special=()):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": 1, "I": 3, "A": 1,
                    "Ld": Ld},
        "equipment": {"armour_save_override": 7},
        "command": command or {},
        "rules": {"special": list(special)},
    })


def with_member(unit, role="standard", **changes):
    prof = unit.profile.replace(**changes)
    return unit.replace(members=(Member(f"Nombrado ({role})", role, prof, unit.equipment),))


def test_member_fights_in_the_front_rank_with_its_own_attacks():
    """Ten WS3 S3 A1 models, one of them a named standard bearer with A4 (Skaff's profile
    beside the Comehombres of Golgfag: the ogres A3, "Skaff (portaestandarte)" A4), charge
    ten WS3 T3 models: the member stands in the front rank, nine rank and file beside it,
    so the charge makes 9 + 4 = 13 attacks hitting on 4+ and wounding on 4+:
    Binomial(13, 1/4) wounds (Binomial(10, 1/4) if it fought as the rank and file)."""
    a = with_member(fighter("A", command={"standard": True}), A=4)
    model = build(a, fighter("D", S=1), options=CombatOptions(max_rounds=1))
    assert model.names == ("A", "D", "A Nombrado (standard)")
    # the unit keeps nine models, the member one, and carries the standard
    assert list(model.sides[:, S_HP]) == [9, 10, 1]
    assert list(model.sides[:, S_STANDARD]) == [0, 0, 1]
    out = simulate(model, N, 1101)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, binomial(13, 1 / 4), N, what="wounds with the member")
    # without its members the same unit makes ten attacks
    plain = build(a.replace(members=()), fighter("D", S=1), options=CombatOptions(max_rounds=1))
    out = simulate(plain, N, 1102)
    sim = first_round_shares(out, 0, N)
    assert_distribution(sim, binomial(10, 1 / 4), N, what="wounds without the member")


def test_member_carries_the_standard_while_it_lives():
    """The named standard bearer carries the unit's standard (+1, RULES.md §2.2) while it
    lives, whatever becomes of the rank and file: one T1 model and a member of T10 are
    charged by ten S3 models; the model dies in most trials (wounded on 2+ by up to four
    attackers), the standard still counts in every first round."""
    a = with_member(fighter("A", 2, 2, T=1, command={"standard": True}), T=10)
    model = build(a, fighter("D"), options=CombatOptions(max_rounds=1, charger="defender"))
    out = simulate(model, N, 1103)
    assert out["terms"][0, TERMS.index("standard")] == N
    assert out["surv"][0, 0] > N / 2  # the unit's own model died
    # a musician member: draws are won by the side whose musician stands (RULES.md §2.4)
    m = with_member(fighter("A", 2, 2, command={"musician": True}), role="musician")
    assert build(m, fighter("D")).sides[:, S_MUSICIAN].tolist() == [0, 0, 1]


def test_the_unit_cannot_use_a_member_s_leadership():
    """"La unidad NO puede usar el Liderazgo de esos 'miembros con nombre'": nobody can
    wound, the unit (its standard +1) loses by 2 to +3 static; it breaks on its own Ld:
    Ld 2 always breaks, Ld 7 passes 2D6 <= 5 (10/36), although the member has Ld 10."""
    for ld, p_break, seed in ((2, 1.0, 1104), (7, 26 / 36, 1105)):
        a = with_member(fighter("A", 5, 5, S=1, T=10, Ld=ld, command={"standard": True}),
                        Ld=10, T=10)
        model = build(a, fighter("D", 5, 5, S=1, T=10), None, SideOptions(static_bonus=3),
                      options=CombatOptions(max_rounds=1, charger="none"))
        assert model.sides[2, S_LD] == ld  # the member lends no Ld
        out = simulate(model, N, seed)
        assert_mc(out["breaks"][0, 0] / N, p_break, N, what=f"breaks on Ld {ld}")


def test_members_validate_and_round_trip():
    """A member's role is a command role; its weapon must suit the troop type; only units of
    rank-and-file models carry members; the TOML schema round-trips them."""
    a = with_member(fighter("A", command={"standard": True}), A=2)
    assert unit_from_dict(a.to_dict()) == a
    assert a.present_members == a.members
    assert a.replace(command=a.command.replace(standard=False)).present_members == ()
    with pytest.raises(OddsInputError, match="role"):
        Member("X", "general", a.profile)
    with pytest.raises(OddsInputError, match=r"members\[0\]\.equipment\.weapon"):
        a.replace(members=(Member("X", "standard", a.profile, Equipment(weapon="lance")),))
    with pytest.raises(OddsInputError, match=r"members\[0\]\.profile"):
        unit_from_dict({**a.to_dict(), "members": [{"name": "X", "role": "standard",
                                                   "profile": {"M": 10}}]})
    chariot = unit_from_dict({"name": "C", "troop_type": "chariot", "models": 1, "files": 1,
                              "crew": 2, "profile": a.profile.as_dict()})
    with pytest.raises(OddsInputError, match="members: only"):
        chariot.replace(members=(Member("X", "champion", a.profile),))


# --------------------------------------------------------------------------- the catalogue


def _entries(c, start):
    return [e.name for e in c.entries if e.name.startswith(start)]


@needs_data
@pytest.mark.parametrize("start, member, role, profile, weapon, armour", [
    # "Skaff (portaestandarte)": M15 HA3 HP2 F4 R4 H3 I2 A4 L7, "Dos armas de mano",
    # "Armadura pesada" (the ogres of Golgfag: A3)
    ("Comehombres de Golgfag", "Skaff (portaestandarte)", "standard",
     (15, 3, 2, 4, 4, 3, 2, 4, 7), "additional_hand_weapon", "heavy"),
    # "Larva (portaestandarte)": M10 HA2 HP3 F3 R3 H1 I2 A1 L6, "Arma de mano", "Armadura
    # pesada" (the orcs: HA3 R4 with "Rebanadora")
    ("Orcos akorazados de Ruglud", "Larva (portaestandarte)", "standard",
     (10, 2, 3, 3, 3, 1, 2, 1, 6), "hand_weapon", "heavy"),
    # "Colibrí (portaestandarte)" and "Piraña (músico)": HA4 (the amazons HA3)
    ("Amazonas de Anakonda", "Colibrí (portaestandarte)", "standard",
     (10, 4, 3, 3, 3, 1, 3, 1, 7), "ancestral_claws", "light"),
    ("Amazonas de Anakonda", "Piraña (músico)", "musician",
     (10, 4, 3, 3, 3, 1, 3, 1, 7), "ancestral_claws", "light"),
    # "Hasim el Eunuco (campeón)": A2, "Arma de mano", "Escudo" and "Armadura ligera",
    # beside the leader
    ("Comando Mortal de Mullah Aklan'd", "Hasim el Eunuco (campeón)", "champion",
     (10, 4, 3, 3, 3, 1, 4, 2, 7), "hand_weapon", "light"),
    # "Renzo (campeón)": a skeleton with A2 and "Dos armas de mano"
    ("Legión de Pesadilla de Mordini", "Renzo (campeón)", "champion",
     (10, 2, 2, 3, 3, 1, 2, 2, 3), "additional_hand_weapon", "heavy"),
    # "Mordric el Condenado (campeón)": A2 and "Mayal" ("La del usuario +2 el primer turno de
    # combate", "Requiere ambas manos"), light armour and no shield
    ("Discípulos de la Redención Roja", "Mordric el Condenado (campeón)", "champion",
     (10, 4, 3, 3, 3, 1, 4, 2, 7), "flail", "light"),
])
def test_named_members_from_the_catalogue(start, member, role, profile, weapon, armour):
    """Spot checks against the XML: each named member with its printed profile and the gear
    listed under its own entry, filed as a note."""
    c = cat(RR)
    names = _entries(c, start)
    assert names
    for name in names:
        u = c.unit(name)
        m = next(x for x in u.members if x.name == member)
        p = m.profile
        assert (p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == profile
        assert (m.role, m.equipment.weapon, m.equipment.armour) == (role, weapon, armour)
        assert kinds(c, name)[member] == "note"
        assert unit_from_dict(u.to_dict()) == u
        assert m in u.present_members


@needs_data
def test_larva_fights_without_a_choppa():
    """Ruglud's orcs fight with "Rebanadora" (F+1 on the charge on foot, no parry); Larva
    carries an "Arma de mano": the choppa's rule is the unit's, not Larva's.  Charging ten
    WS3 T3 models, Larva (HA2 F3) hits on 4+ and wounds on 4+ (S3), the orcs wound on 3+
    (S4 on the charge)."""
    from odds.combat.model import G_WOUND

    c = cat(RR)
    for name in _entries(c, "Orcos akorazados de Ruglud"):
        u = c.unit(name)
        larva = next(m for m in u.members if m.name.startswith("Larva"))
        assert u.has("choppa") and larva.special is not None and "choppa" not in larva.special
        model = build(u, fighter("D"), options=CombatOptions(max_rounds=1))
        body = model.names.index(f"{u.name} {larva.name}")
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 3
        assert model.groups[body, 1, RANK_AND_FILE, 0, G_WOUND] == 4
        assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")]


@needs_data
def test_leader_with_a_save_of_its_own_fights_as_a_body():
    """Mordini's skeletons fight with "Alabarda" (no shield in close combat: heavy armour
    5+); Ennio carries "Arma de mano" and "Escudo": 3+ with the parry (RULES.md §1.5).
    Darkhoth's "Dos armas de mano" leave him light armour alone (6+) among disciples with
    shields (5+).  Each leader fights as a body of its own: an enemy S3 blow against it
    needs its own save (G_SAVE 3 and 6), against the unit the unit's (5 and 5)."""
    c = cat(RR)
    for start, (unit_save, own) in (("Legión de Pesadilla de Mordini", (5, 3)),
                                    ("Discípulos de la Redención Roja", (5, 6))):
        for name in _entries(c, start):
            u = c.unit(name)
            assert (u.armour_save, u.champion_save) == (unit_save, own)
            model = build(fighter("E", 10, 10), u, options=CombatOptions(max_rounds=1))
            champion = model.names.index(f"{u.name} champion")
            assert model.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == unit_save
            assert model.groups[0, champion, RANK_AND_FILE, 0, G_SAVE] == own
            # (Mordini's "No Muertos" has the 'Capitán' clause, reported: the Ld test and
            # wounds once Ennio is slain are not modelled)
            assert not [i for i in c.report.for_unit(name)
                        if i.kind in ("ignored", "approximated") and i.item != "No Muertos"]


@needs_data
def test_a_regiment_with_members_fights_through_the_api():
    """``fight`` takes a unit with members: outcomes sum to one, the per-trial rows read the
    two units' survivors (at most the unit's own models)."""
    c = cat(RR)
    golgfag = c.unit(_entries(c, "Comehombres de Golgfag")[0])
    r = fight(golgfag, "empire_swordsmen", trials=4000, seed=7, keep_rows=True)
    assert r.outcomes["probability"].sum() == pytest.approx(1.0)
    assert r.rows["attacker_survivors"].max() <= golgfag.models - 1
    assert r.rows["defender_survivors"].max() <= 20


# --------------------------------------------------------------------------- leaders' own gear


@needs_data
def test_leaders_own_armour_matches_their_printed_save():
    """Regimientos de Renombre list a leader's armour and shield under its own entry (Josef
    Bugman "Armadura de Gromril" and "Escudo" among rangers in "Armadura pesada"; Rodrigo
    Delmonte "Armadura pesada" among pikemen in light armour; Lumpin Croop "Armadura
    ligera" and "Escudo" among unarmoured halflings).  Every leader read with gear of its
    own has, out of close combat, the save printed in its profile's TSA (RULES.md §1.5)."""
    from odds import rules
    from odds.battlescribe.selection import select
    from odds.battlescribe.values import parse_save

    c = cat(RR)
    seen = 0
    for e in c.entries:
        u = e.default_unit
        if not (u.champion_armour or u.champion_shield is not None):
            continue
        seen += 1
        leader = select(e._node).command["champion"].profiles[0]
        printed, _ = parse_save(leader.values.get("TSA"))
        ce = u.champion_equipment
        assert rules.armour_save(u.troop_type, ce.armour, ce.shield, ce.barding, ce.weapon,
                                 in_close_combat=False) == printed, e.name
        assert unit_from_dict(u.to_dict()) == u
    assert seen >= 20
    bugman = c.unit(_entries(c, "Montaraces de Bugman")[0])
    assert (bugman.champion_armour, bugman.champion_shield) == ("plate", None)
    # Gromril 4+, shield 3+, hand weapon and shield in close combat 2+; the rangers' great
    # weapons leave them heavy armour alone: 5+
    assert (bugman.champion_save, bugman.armour_save) == (2, 5)
    lumpin = c.unit(_entries(c, "Gallos de pelea de Lumpin Croop")[0])
    assert (lumpin.champion_armour, lumpin.champion_shield) == ("light", True)
    assert (lumpin.champion_save, lumpin.armour_save) == (4, 7)


@needs_data
def test_a_leader_in_its_own_armour_is_hit_through_it():
    """Enemy S3 blows need the leader's own save as a body (Bugman 2+, Ulther's plate with his
    shield and its parry beside "Hacha de Ulther", a hand weapon, 2+) and the unit's against
    the unit (5+)."""
    c = cat(RR)
    for start, own in (("Montaraces de Bugman", 2), ("Compañía dragón de Ulther", 2)):
        for name in _entries(c, start):
            u = c.unit(name)
            model = build(fighter("E"), u, options=CombatOptions(max_rounds=1))
            champion = model.names.index(f"{u.name} champion")
            assert model.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == 5
            assert model.groups[0, champion, RANK_AND_FILE, 0, G_SAVE] == own


@needs_data
def test_karnac_s_scales_are_his_own_save():
    """Regimientos de Renombre "Incursores de Karnac", "Armadura 5+" / "Armadura 3+": "Los
    Incursores llevan Armadura ligera y tienen una salvación por piel escamosa de 6+,
    quedando una salvación por armadura definitiva de 5+. Karnac tiene una piel escamosa de
    4+ ... sumado a su armadura le queda una tirada de salvación de 3+"; "Desoves": "El
    efecto de ambos desoves ya está reflejado en sus reglas y perfil" (a note).  Profiles
    against the XML: "Incursor de Karnac" M10 HA3 HP2 F4 R4 H1 I2 A2 L8 TSA 5+, "Karnac
    (líder)" HA5 F5 H2 I4 A4 TSA 3+.  An enemy S3 blow needs 5+ against the raiders, 3+
    against Karnac's body; S5 blows 6+ and 5+ (RULES.md §1.5)."""
    c = cat(RR)
    name = _entries(c, "Incursores de Karnac")[0]
    u = c.unit(name)
    p, ch = u.profile, u.champion_profile
    assert (p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (10, 3, 2, 4, 4, 1, 2, 2, 8)
    assert (ch.WS, ch.S, ch.W, ch.I, ch.A) == (5, 5, 2, 4, 4)
    assert (u.armour_save, u.champion_save, u.champion_save_override) == (5, 3, 3)
    k = kinds(c, name)
    assert k["Armadura 5+"] == k["Armadura 3+"] == k["Desoves"] == "note"
    assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")]
    assert unit_from_dict(u.to_dict()) == u
    for s, (unit_save, own) in ((3, (5, 3)), (5, (7, 5))):
        model = build(fighter("E", S=s), u, options=CombatOptions(max_rounds=1))
        karnac = model.names.index(f"{name} champion")
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_SAVE] == unit_save
        assert model.groups[0, karnac, RANK_AND_FILE, 0, G_SAVE] == own


# --------------------------------------------------------------------------- Scarloc, sizes


@needs_data
def test_regiment_sizes_count_every_named_model():
    """A regiment of renown's fixed size is its base entry plus each single model with a
    profile of its own (leader, named command models, a champion beside the leader,
    "Scarloc", "Glam, el que ríe", "Kylist base") plus a second base: counted against the XML
    by hand (Comando Mortal: "Comandos base" 8, Mullah, Hasim; Pirazzo: "Piqueros base" 5,
    "Ballesteros base" 4, Pirazzo)."""
    c = cat(RR)
    sizes = {"Comando Mortal": 10, "Discípulos de la Redención Roja": 10,
             "Legión de Pesadilla de Mordini": 10, "Perros del Desierto de Al Muktar": 6,
             "Arqueros de Scarloc": 7, "Monturas Infernales de Toxote": 6,
             "Legión Perdida de Pirazzo": 10, "Comehombres de Golgfag": 4,
             "Amazonas de Anakonda": 5}
    for start, n in sizes.items():
        for name in _entries(c, start):
            assert c.entry(name).min_models == n, name
            assert c.unit(name).models == n, name


@needs_data
def test_scarloc_and_glam():
    """Arqueros de Scarloc: "Scarloc se considera a todos los efectos como si fuera un
    personaje que se ha unido a la unidad ... salvo que no puede abandonar la unidad" (a
    member that lends its Ld: L9); "Glam el que ríe": "... Glam posee Tatuajes talismánicos
    (Tirada de salvación especial de 6+) ... Glam tiene F+1 en carga ... Glam es el campeón
    de la unidad" (his "Dos armas de mano" are his, the archers fight with "Arma de mano").
    Against ten WS4 T3 models, charging: Glam (F3 +1) wounds on 3+, the archers (F3) on 4+;
    an enemy blow on Glam is warded on 6+.  Profiles against the XML."""
    from odds.combat.model import G_WARD, G_WOUND

    c = cat(RR)
    for name in _entries(c, "Arqueros de Scarloc"):
        u = c.unit(name)
        p, glam = u.profile, u.champion_profile
        assert (p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (12, 4, 4, 3, 3, 1, 5, 1, 8)
        assert (glam.WS, glam.I, glam.A) == (6, 6, 2)
        assert (u.equipment.weapon, u.champion_weapon) == ("hand_weapon",
                                                           "additional_hand_weapon")
        assert (u.champion_ward, u.champion_special) == (6, ("strength_on_charge",))
        (scarloc,) = u.members
        sp = scarloc.profile
        assert (scarloc.role, sp.WS, sp.S, sp.W, sp.I, sp.A, sp.Ld) == (
            "character", 6, 4, 2, 7, 3, 9)
        assert not [i for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")]
        model = build(u, fighter("E", WS=4), options=CombatOptions(max_rounds=1))
        g = model.names.index(f"{name} champion")
        s = model.names.index(f"{name} Scarloc")
        assert model.sides[s, S_LD] == 9  # Scarloc lends his Ld
        assert model.groups[g, 1, RANK_AND_FILE, 0, G_WOUND] == 3
        assert model.groups[0, 1, RANK_AND_FILE, 0, G_WOUND] == 4
        assert model.groups[1, g, RANK_AND_FILE, 0, G_WARD] == 6
        assert model.groups[1, 0, RANK_AND_FILE, 0, G_WARD] == 7


def test_a_character_member_lends_its_leadership():
    """A member with the role ``character`` lends the unit its Ld (a joined character,
    RULES.md §3.1): nobody can wound, the unit (Ld 5; the member Ld 9) loses by 2 to +3
    static and tests Ld 9 - 2: breaks with P(2D6 > 7) = 15/36."""
    a = fighter("A", 5, 5, S=1, T=10, Ld=5, command={"standard": True})
    a = a.replace(members=(Member("Scarloc", "character", a.profile.replace(Ld=9, T=10)),))
    model = build(a, fighter("D", 5, 5, S=1, T=10), None, SideOptions(static_bonus=3),
                  options=CombatOptions(max_rounds=1, charger="none"))
    out = simulate(model, N, 1106)
    assert_mc(out["breaks"][0, 0] / N, 15 / 36, N, what="breaks on the member's Ld 9")


@needs_data
def test_jeque_ahmed_s_scimitar():
    """Perros del Desierto de Al Muktar: "Jeque Ahmed Shufti (campeón)" (HA4 F4 A2, a member
    beside the leader Al Muktar) with "Cimitarra de Dakistir": "Arma de mano. F+2 en el turno
    en que carga; F+1 en los demás": against T4 he wounds on 2+ charging (S6) and 3+ after
    (S5); "Ibn el Ciego (portaestandarte)" A0 carries the standard.  Its "Estandarte Negro de
    los Muktarin" (+1D3 combat result) is modelled (test_army_rules_dice_results.py): nothing
    left reported."""
    from odds.combat.model import G_WOUND

    c = cat(RR)
    for name in _entries(c, "Perros del Desierto de Al Muktar"):
        u = c.unit(name)
        jeque = next(m for m in u.members if m.name.startswith("Jeque"))
        ibn = next(m for m in u.members if m.name.startswith("Ibn"))
        assert jeque.equipment.weapon == "dakistir_scimitar" and ibn.profile.A == 0
        assert ibn.role == "standard"
        model = build(u, fighter("E", T=4), options=CombatOptions(max_rounds=2))
        j = model.names.index(f"{name} {jeque.name}")
        assert model.groups[j, 1, RANK_AND_FILE, 0, G_WOUND] == 2
        assert model.groups[j, 1, RANK_AND_FILE, 1, G_WOUND] == 3
        assert [i.item for i in c.report.for_unit(name) if i.kind in ("ignored", "approximated")
                ] == []
