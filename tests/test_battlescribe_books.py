"""Spot checks of the catalogues new in issue 11, written by hand from the XML (issue 11 §4).

Profiles were read from each entry's ``Modelo`` profile and rules from its
``infoLink``/``rule`` elements in ../shared/battlescribe/ (skipped when the
folder is absent).  Rule texts cited are the catalogue's.
"""

from __future__ import annotations

import pytest
from conftest import SHARED, cat, kinds

from odds.units import Profile

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")


def test_elfos_oscuros_witch_elves_and_black_guard():
    c = cat("MDNR_Elfos_Oscuros_v7.cat")
    u = c.unit("Elfas brujas de Khaine")
    # Elfa bruja: M12 HA5 HP4 F3 R3 H1 I6 A1 L8; Furia asesina, Ataques envenenados,
    # "Odio a los altos elfos" (hatred of the High Elf army), two hand weapons
    assert u.profile == Profile(M=12, WS=5, BS=4, S=3, T=3, W=1, I=6, A=1, Ld=8)
    assert u.special == ("frenzy",) and u.poisoned == 6 and u.hatred == ("high_elves",)
    assert u.equipment.weapon == "additional_hand_weapon" and u.army == "dark_elves"
    assert kinds(c, u.name)["Devotas de Khaine"] == "no_combat_effect"  # who may join
    g = c.unit("Guardia negra")
    # "Odio eterno": "Siempre pueden repetir las tiradas para impactar falladas"; Tozudez
    assert g.special == ("eternal_hatred", "stubborn") and g.equipment.weapon == "halberd"


def test_enanos_del_caos_warriors_and_hobgoblins():
    c = cat("MDNR_Enanos_del_Caos v4_5.cat")
    u = c.unit("Guerreros enanos del Caos")
    # Guerrero enano del Caos: M8 HA4 HP3 F3 R4 H1 I2 A1 L9, TSA 5+ (heavy armour)
    assert u.profile == Profile(M=8, WS=4, BS=3, S=3, T=4, W=1, I=2, A=1, Ld=9)
    assert u.armour_save == 5 and u.tags == {"chaos_dwarfs", "dwarf"}
    assert u.has("resolute") and "Firmeza" not in kinds(c, u.name)  # flee/pursue 2 cm less
    h = c.unit("Hobgoblin escurridizos")
    # MDNR Enanos "Agravio ancestral": dwarfs hate "los Hobgoblins de los Enanos del Caos"
    assert "greenskin" in h.tags
    assert c.unit("Guerreros enanos del Caos").hates(h) is False  # only dwarfs' grudge
    assert cat("MDNR_Enanos v4_5.cat").unit("Guerreros enanos").hates(h)


def test_mercenarios_ogres_and_pikemen():
    c = cat("MDNR_Mercenarios v5.cat")
    o = c.unit("Ogros toro")
    # Ogro toro: M15 HA3 HP2 F4 R4 H3 I2 A3 L7, "Infantería monstruosa, Ogro", Potencia 3;
    # "Maza ogra": "Arma de mano. Poder de penetración."
    assert o.profile == Profile(M=15, WS=3, BS=2, S=4, T=4, W=3, I=2, A=3, Ld=7)
    assert o.troop_type == "monstrous_infantry" and o.unit_strength_per_model == 3
    assert o.has("armour_piercing") and o.race == "ogre"
    assert o.has("ogre_charge")  # "Arremetida": test_army_rules
    p = c.unit("Piqueros")
    assert p.equipment.weapon == "pike"  # four ranks, braced at the charge: test_army_rules


def test_monstruos_arcanos_monsters_are_one_model_units():
    """Every monster of the book is a top-level ``type="model"`` entry (no ``type="unit"``
    entry at all), fielded "como una opción de unidad Singular" (Mercenarios "Monstruo
    arcano"): each comes in as a one-model unit.  Basilisco: M20 HA4 F5 R6 H6 I5 A5 L6 TSA
    4+, Tipo Monstruo, 235 points."""
    c = cat("MDNR_Monstruos_Arcanos_v5.cat")
    assert len(c.entries) == 11
    b = c.unit("Basilisco (monstruo arcano)")
    assert b.troop_type == "monster" and b.models == 1 and b.points_per_model == 235
    assert b.profile == Profile(M=20, WS=4, BS=0, S=5, T=6, W=6, I=5, A=5, Ld=6)
    assert b.armour_save == 4 and b.unit_strength_per_model == 6
    k = kinds(c, b.name)
    # army composition and the elementals' bound spells are not close combat
    assert k["Monstruo arcano"] == "no_combat_effect"
    assert kinds(c, "Elemental de fuego (monstruo arcano)")["Hechizos vinculados"] == \
        "no_combat_effect"


def test_regimientos_de_renombre_command_inside_the_regiment():
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    u = c.unit("Ballesteros de Braganza (Mercenarios)")
    # "Ballesteros de Asedio base (incluidos portaestandarte y músico)" and "Lucca Braganza
    # (líder)": standard, musician and champion come with the regiment
    assert (u.command.champion, u.command.standard, u.command.musician) == (True, True, True)
    assert u.profile == Profile(M=10, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)
    assert u.champion_profile == Profile(M=10, WS=5, BS=5, S=4, T=4, W=2, I=5, A=3, Ld=8)
    assert "Músico" not in kinds(c, u.name) and "Portaestandarte" not in kinds(c, u.name)
    assert all(c.unit(n).army == "regiments_of_renown" for n in c.names[:5])


def test_bestias_bestigors_and_centigors():
    c = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    b = c.unit("Bestigors")
    # Bestigor: HA4 F4 I3 A1 L7, "Infantería, Caos, Bestia"; great weapon, heavy armour
    assert (b.profile.WS, b.profile.S, b.profile.I, b.profile.A, b.profile.Ld) == (4, 4, 3, 1, 7)
    assert b.equipment.weapon == "great_weapon" and b.equipment.armour == "heavy"
    assert b.race == "" and b.tags == {"beasts_of_chaos", "beast"}
    k = kinds(c, "Centigors")
    # Centigor A "1(+1)": the bracketed attack is "Arrollar", the hooves as a steed of A1
    # (tests/test_army_profiles.py)
    assert "Centigor A" not in k and "Arrollar" not in k
    assert c.unit("Centigors").mount.A == 1


def test_demonios_bloodletters_and_daemonettes():
    c = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    d = c.unit("Desangradores de Khorne")
    # Desangrador: HA5 HP0 F5 I4 A1 L8; "Demonio" (aura, fear, immune to psychology, magic
    # attacks), "Furia asesina", "Marca de Khorne" for this entry: no other combat effect;
    # Tipo "Infantería, Demonio, Caos, Khorne.": of type Caos (the chaos kind)
    assert (d.profile.WS, d.profile.S, d.profile.I, d.profile.A, d.profile.Ld) == (5, 5, 4, 1, 8)
    assert set(d.special) == {"chaos", "daemonic_aura", "daemonic_instability", "fear", "frenzy",
                              "immune_to_psychology", "magic_attacks"}
    k = kinds(c, d.name)
    assert "Inestabilidad Demoníaca" not in k  # a 2D6 test instead of a break test
    assert "Marca de Khorne" not in k and k["Resistencia a la magia 1"] == "no_combat_effect"
    s = c.unit("Diablillas de Slaanesh")
    # Diablilla: HA4 F4 I5 A2 L8
    assert (s.profile.WS, s.profile.S, s.profile.I, s.profile.A, s.profile.Ld) == (4, 4, 5, 2, 8)
    assert s.race == "" and s.tags == {"daemons_of_chaos", "daemon"}


def test_reyes_funerarios_tomb_guard_and_skeletons():
    c = cat("MDNR_Reyes_Funerarios v5.cat")
    g = c.unit("Guardia del sepulcro")
    # Guardia del sepulcro: M10 HA3 HP3 F4 R4 H1 I3 A1 L8; Golpe letal, Ataques mágicos,
    # No muertos (immune to psychology, fear, unstable)
    assert g.profile == Profile(M=10, WS=3, BS=3, S=4, T=4, W=1, I=3, A=1, Ld=8)
    assert set(g.special) == {"killing_blow", "magic_attacks", "immune_to_psychology", "fear",
                              "unstable"}
    s = c.unit("Guerreros esqueleto")
    assert s.tags == {"tomb_kings", "undead"} and s.has("unstable")
    # magic attacks wound ethereal models (gst "Etéreos")
    ghosts = cat("MDNR_Condes_Vampiro_v5.cat").unit("Hueste espectral")
    assert ghosts.has("ethereal")


def test_the_issue_new_user_cases():
    """Issue 11: Chosen knights' Armadura del Caos, demigryph knights, the Altar's points."""
    mortales = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    chosen = mortales.unit("Caballeros del Caos elegidos", command="full")
    # "Armadura del Caos": 4+ "que puede combinarse con monturas y escudo": with shield,
    # cavalry and barding 1+ (the printed TSA says 2+: reported as a note, engine wins)
    assert chosen.equipment.armour == "plate" and chosen.armour_save == 1
    assert chosen.armour_save < mortales.unit("Caballeros del Caos").armour_save
    # the champion entry "Campeón" uses the profile "Campeón elegido" (A3)
    assert chosen.champion_profile.A == 3
    assert "Campeón elegido" not in kinds(mortales, chosen.name)
    imperio = cat("MDNR_Imperio v4_5.cat")
    demi = imperio.unit("Caballeros de semigrifo")
    # one profile "Caballero", Tipo "Infantería", M20: a knight on its demigryph
    assert demi.troop_type == "cavalry" and demi.unit_strength_per_model == 2
    assert kinds(imperio, demi.name)["Caballero Tipo"] == "note"
    # "Lanza de caballería y escudo" (both taken); TSA "4+ (salvo que usen escudo que sería
    # 3+)" is heavy armour with the cavalry +1 (no armour option in the data)
    assert (demi.equipment.weapon, demi.equipment.shield, demi.equipment.armour) == (
        "lance", True, "heavy")
    assert demi.armour_save == 3
    # the Altar's 75 points sit on the Archlector's option that links the shared unit
    assert imperio.entry("Altar de Sigmar").points_per_model == 75.0


def test_crews_and_steeds_counted_from_the_data():
    """Issue 11 §2: chariots and war machines with crew and steeds from the data."""
    mortales = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    chariot = mortales.unit("Carro del Caos")
    # "Tripulantes" (Guerrero del Caos) min 2, "Corcel del Caos con barda" min 2
    assert (chariot.crew, chariot.mount.count) == (2, 2)
    # the crew's missing HP is only a note now; the game system's "Carro" (a wound of S7+
    # destroys the chariot, RULES.md §1.12) is modelled, a note
    assert not [i.item for i in mortales.report.for_unit("Carro del Caos")
                if i.kind in ("approximated", "ignored")]
    assert kinds(mortales, "Carro del Caos")["Carro"] == "note"
    cannon = cat("MDNR_Imperio v4_5.cat").unit("Gran cañón")
    assert (cannon.troop_type, cannon.crew) == ("war_machine", 3)  # "Dotación" min 3
    # a mounted model moves at its steed's M: "Corcel de Slaanesh" before "Diablilla"
    mounted = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat").unit("Diablillas montadas")
    assert mounted.troop_type == "cavalry" and mounted.profile.M == 25
    assert mounted.profile.A == 2 and mounted.mount.A == 1


def test_panic_rules_left_reported():
    """Panic in a combat (RULES.md §3.4) makes a unit flee when a friend breaks.  Partial
    immunities the engine models are tested in test_army_rules.py; the re-roll of failed
    panic tests near Longbeards ("Viejos cascarrabias") is the old_grumblers rule
    (test_army_rules_specials.py); Asarnil's "Estoico" is his no_panic_against, not 'no
    combat effect' (test_army_rules_sight.py)."""
    c = cat("MDNR_Enanos v4_5.cat")
    name = "Barbaslargas (solo si hay guerreros enanos o señor de los enanos)"
    assert "Viejos cascarrabias" not in kinds(c, name) and c.unit(name).has("old_grumblers")
    r = cat("MDNR_Regimientos_de_Renombre v5.cat")
    asarnil = next(e.name for e in r.entries if e.name.startswith("Asarnil"))
    assert "Estoico" not in kinds(r, asarnil)
    assert r.unit(asarnil).no_panic_against == ("dark_elves",)


def test_regiments_of_renown_come_at_their_size_and_price():
    """Issue 11 §2 "points from every place a catalogue puts them": a Regimiento de Renombre
    costs its entry for the whole regiment, plus each additional model."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    e = c.entry("Arqueros de Oreón (Altos")
    # "Arqueros base (incluye portaestandarte y músico)" 9 + "Príncipe Oreón (líder)": 225 pts;
    # "Arqueros adicionales" 14 pts each
    assert (e.min_models, e.default_unit.models, e.default_unit.points) == (10, 10, 225.0)
    assert e.unit(models=12).points == 225.0 + 2 * 14.0
    a = c.entry("Amazonas de Anakonda")
    # "Amazonas base" 2, "Piraña (músico)", "Colibrí (portaestandarte)", "Anakonda (líder)":
    # 125 pts; "Amazonas adicionales" up to 15 more at 11 each
    assert (a.min_models, a.max_models, a.default_unit.points) == (5, 20, 125.0)
    cmd = a.default_unit.command
    assert (cmd.champion, cmd.standard, cmd.musician) == (True, True, True)
    single = [e.name for e in c.entries if e.default_unit.models == 1]
    # characters and monsters sold as one model (Asarnil, Gotrek...); the Cazadores de brujas
    # are two ("Luchan juntos": tests/test_witch_hunters.py)
    assert len(single) == 8
    assert c.entry(next(e.name for e in c.entries if e.name.startswith(
        "Cazadores de brujas"))).default_unit.models == 2


def test_pellejo_duro_gives_the_rider_two():
    """MDNR Orcos y Goblins "Pellejo duro": "Los Jabalíes proporciona un +2 a la tirada de
    salvación por armadura de su jinete (en vez del habitual +1 de Caballería)"."""
    c = cat("MDNR_Orcos_y_Goblins v4_5.cat")
    boar = c.unit("Jinetez de jabalí")
    # light armour 6+, +2 for the boar: 4+ (the printed TSA agrees: no note)
    assert boar.troop_type == "cavalry" and boar.equipment.armour == "light"
    assert boar.armour_save == 4
    k = kinds(c, "Jinetez de jabalí")
    assert "Pellejo duro" not in k and "TSA" not in k
