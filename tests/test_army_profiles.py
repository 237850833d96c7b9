"""Profiles, troop types and saves of MDNR entries (issue 11 §2 "Profiles"), checked by hand.

Profiles and rule texts were read from ../shared/battlescribe/ (skipped when the folder is
absent); the rule descriptions quoted are the catalogues'.  RULES.md sections cited per test.
"""

from __future__ import annotations

import pytest
from conftest import cat, kinds, needs_data

from odds.combat.model import G_KB, RANK_AND_FILE, _groups
from odds.units import MountProfile, Profile, unit_from_dict

CHAOS = ("MDNR_Reinos_del_Caos_Bestias_v5.cat", "MDNR_Reinos_del_Caos_Demonios_v5.cat",
         "MDNR_Reinos_del_Caos_Mortales_v5.cat")


@needs_data
@pytest.mark.parametrize("book", CHAOS)
def test_centaurs_fight_with_their_hooves_and_save_as_infantry(book):
    """Reinos del Caos "Centauro" and "Arrollar" (RULES.md §1.5, §1.1).

    "Los Centauros son Caballería a todos los efectos ... salvo que no tienen perfil de
    montura, no tienen TSA+1 por caballería, y usan las reglas de ... arma de mano y escudo
    como si fueran infantería"; "Arrollar": "un ataque adicional (mostrado entre paréntesis
    en el perfil) que no se ve afectado por los bonificadores o las penalizaciones de las
    armas".  Centauro M20 HA4 F3 R3 H1 I4 A1(+1) L7 TSA6+, Caballería, Potencia 2; Caudillo
    centauro A2(+1); light armour: 6+ (no cavalry +1).
    """
    c = cat(book)
    u = c.unit("Centauros")
    assert u.troop_type == "cavalry" and u.unit_strength_per_model == 2
    assert u.profile == Profile(M=20, WS=4, BS=3, S=3, T=3, W=1, I=4, A=1, Ld=7)
    assert u.champion_profile.A == 2
    # the hooves: one attack at the model's own WS, S and I, no weapon bonus
    assert u.mount == MountProfile(WS=4, S=3, I=4, A=1)
    assert u.equipment.armour == "light" and u.armour_save == 6
    k = kinds(c, "Centauros")
    assert not {"Centauro", "Arrollar", "Centauro A", "Caudillo centauro A"} & set(k)
    assert not u.import_notes


@needs_data
def test_centigors_keep_the_spear_bonus_not_on_the_hooves():
    """Bestias "Centauro" (Centigors): "Caballería a todos los efectos (incluyendo el
    bonificador a la carga de la lanza)"; "Arrollar": the bracketed attack gets no weapon
    bonus ("no tendrían el F+1 por carga de la lanza").  Centigor HA4 F4 R4 I2 A1(+1)."""
    c = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    u = c.unit("Centigors")
    assert u.equipment.weapon == "cavalry_spear"
    assert u.mount == MountProfile(WS=4, S=4, I=2, A=1)
    assert u.armour_save == 6  # light armour, no cavalry +1
    k = kinds(c, "Centigors")
    assert "Arrollar" not in k and "Centigor A" not in k
    assert "Borrachos" not in k and u.has("drunk")  # its own rule: test_army_rules_specials


@needs_data
def test_chaos_dwarf_lesser_centaurs():
    """Enanos del Caos "Centauro menor": "se consideran caballería a todos los efectos (PU2
    ...), salvo que NO tienen el +1 a la armadura por ir montados"; "Uno de los ataques del
    Centauro menor lo hace con sus patas ... usando su atributo de Fuerza sin tener en
    cuenta armas o equipo"; "son inmunes a Golpe Letal".  Profile HA5 F4 R4 I2 A2 L9,
    Tipo "Infantería/Caballería", Potencia 2."""
    c = cat("MDNR_Enanos_del_Caos v4_5.cat")
    u = c.unit("Centauros menores")
    assert u.troop_type == "cavalry" and u.unit_strength_per_model == 2
    assert (u.profile.WS, u.profile.S, u.profile.A, u.profile.Ld) == (5, 4, 1, 9)
    assert u.mount == MountProfile(WS=5, S=4, I=2, A=1)
    assert u.has("immune_to_killing_blow") and u.armour_save == 6
    assert not u.import_notes


@needs_data
def test_toxote_centaurs_have_no_hooves():
    """Regimientos de Renombre (Toxote) "Centauro": "A diferencia de los demás Centauros,
    los Cabrones de Toxote no tienen el ataque de pezuñas"."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = next(n for n in c.names if n.startswith("Monturas Infernales de Toxote"))
    u = c.unit(name)
    assert u.troop_type == "cavalry" and u.mount is None
    assert "Centauro" not in kinds(c, name)


def _fighter(name, special=()):
    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": 5, "files": 5,
        "profile": {"M": 10, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                    "Ld": 7},
        "rules": {"special": list(special)},
    })


def test_killing_blow_does_not_work_against_the_immune():
    """RULES.md §1.6 Golpe letal; Enanos del Caos "Centauro menor": "inmunes a Golpe Letal"."""
    kb = _fighter("kb", ["killing_blow"])
    assert _groups(kb, _fighter("plain"), False)[RANK_AND_FILE, 0, G_KB] == 1
    assert _groups(kb, _fighter("immune", ["immune_to_killing_blow"]), False)[
        RANK_AND_FILE, 0, G_KB] == 0


@needs_data
def test_game_system_rules_and_profiles_are_read():
    """A catalogue's links into the game system resolve: Elfos Oscuros "Piel escamosa" (the
    cold ones' option) links the gst profile "Armadura ligera" (6+); the gst rule "Piel
    escamosa" ("una tirada de salvación por armadura innata") is in the Cocatriz's printed
    TSA 4+ (Monstruo, no armour: RULES.md §1.5)."""
    c = cat("MDNR_Elfos_Oscuros_v7.cat")
    u = c.unit("Manada de gélidos")
    assert u.equipment.armour == "light" and "Piel escamosa" not in kinds(c, u.name)
    for book in CHAOS:
        k = kinds(cat(book), "Cocatriz")
        assert k["Piel escamosa"] == "note" and cat(book).unit("Cocatriz").armour_save == 4


@needs_data
def test_cavalry_beasts_without_a_steed_get_no_cavalry_bonus():
    """RULES.md §1.5: the cavalry +1 is the rider's on a steed.  Gélido (Tipo Caballería, no
    steed profile) TSA 6+ = light armour ("Piel escamosa"); Mastín del Caos TSA none."""
    c = cat("MDNR_Elfos_Oscuros_v7.cat")
    assert c.unit("Manada de gélidos").armour_save == 6
    assert kinds(c, "Manada de gélidos")["TSA"] == "note"
    for book in CHAOS[::2]:
        m = cat(book).unit("Mastines del Caos")
        assert m.troop_type == "cavalry" and m.armour_save == 7
    # knights keep it: their steed is a profile of its own (Imperio "Caballeros": 2+ with
    # full plate, shield and barding is checked in test_battlescribe_mdnr)


@needs_data
def test_a_pistol_option_is_not_filed_as_shooting_only():
    """RULES.md §1.7 "Pistol in CC" (gst "Pistola (cuerpo a cuerpo)"): an option that links
    only "Pistola (disparo)" is not shooting-only by its profiles.  Drong's pirates fight
    with their pistols through "¡Montones de pistolas!" (their weapon), so their option
    "Pistola (solo una por fase de disparo)" is named as the shot alone (no combat effect)."""
    from odds.battlescribe.build import _missile_only

    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = next(n for n in c.names if n.startswith("Matadores Pirata de Drong"))
    node = next(n for n in c.entry(name)._node.walk()
                if n.name == "Pistola (solo una por fase de disparo)")
    assert node.info == ["Pistola (disparo)"] and not _missile_only(node)
    assert c.unit(name).equipment.weapon == "heaps_of_pistols"
    assert kinds(c, name)["Pistola (solo una por fase de disparo)"] == "no_combat_effect"


@needs_data
@pytest.mark.parametrize("book", CHAOS)
def test_monstrous_cavalry_is_cavalry_of_its_printed_unit_strength(book):
    """Tipo "Caballería monstruosa" (Estrujasangre: M18 HA5 F5 R5 H3 I3 A3 L8 TSA5+, Potencia
    3): cavalry of unit strength 3, not man-sized for killing blow (RULES.md §2.3, §1.6).
    The rule "Caballería monstruosa" has no text there (in Demonios, for the plague drones
    only: "Son caballería voladora"), so the juggernaut riders do not fly."""
    c = cat(book)
    u = c.unit("Estrujasangres")
    assert u.troop_type == "cavalry" and u.unit_strength_per_model == 3
    assert u.has("immune_to_killing_blow") and not u.has("flying")
    assert u.armour_save == 5 and "Estrujasangre Tipo" not in {
        i.item for i in c.report.for_unit(u.name) if i.kind in ("ignored", "approximated")}
    r = c.unit("Revientacráneos de Khorne")
    assert not r.has("flying") and r.unit_strength_per_model == 3


@needs_data
def test_plague_drones_fly():
    """Demonios "Caballería monstruosa" on the Zánganos de plaga: "Son caballería voladora"."""
    u = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat").unit("Zánganos de plaga")
    assert u.has("flying") and u.unit_strength_per_model == 2  # Potencia 2


def test_unit_strength_override_round_trips():
    """RULES.md §2.3: a printed unit strength replaces the troop type's; TOML round trip."""
    u = _fighter("x").replace(troop_type="cavalry", unit_strength_override=3)
    assert u.unit_strength_per_model == 3 and u.unit_strength == 15
    assert unit_from_dict(u.to_dict()) == u
    from odds.validation import OddsInputError
    with pytest.raises(OddsInputError, match="unit_strength_override"):
        _fighter("x").replace(unit_strength_override=0)


@pytest.mark.parametrize(("artefact", "left"), [(False, 7), (True, 8)])
def test_artefact_creatures_lose_one_wound_fewer(artefact, left):
    """RULES.md §3.2 step 2 (unstable: Diff wounds, no saves) and MDNR Reyes Funerarios
    "Criatura artefacto": "Sufren una herida menos por los chequeos de Inestabilidad".

    By hand: 10 unstable models (W1) lose by exactly 3 (nobody can wound, the enemy has +3):
    7 are left, 8 for artefact creatures, in every trial.
    """
    from odds.combat import SideOptions, fight

    def mk(name, *special):
        return unit_from_dict({
            "name": name, "troop_type": "infantry", "models": 10, "files": 5,
            "profile": {"M": 10, "WS": 3, "BS": 3, "S": 1, "T": 10, "W": 1, "I": 3, "A": 1,
                        "Ld": 8},
            "equipment": {"armour_save_override": 7},
            "rules": {"special": ["skirmishers", *special]}})

    extra = ("artefact_creature",) if artefact else ()
    r = fight(mk("Otros"), mk("Ushabti", "unstable", "immune_to_psychology", *extra),
              charger="none", max_rounds=1, trials=2000, seed=7,
              attacker_options=SideOptions(static_bonus=3))
    surv = r.survivors[r.survivors.side == "defender"]
    assert dict(zip(surv.models, surv.probability, strict=True)) == {left: 1.0}


@needs_data
def test_artefact_creatures_from_the_catalogues():
    """Reyes Funerarios "Criatura artefacto" (Ushabti: TSA 5+ printed, the rule's "Tirada de
    salvación por armadura 5+"); Condes Vampiro (Morghast): the instability part only."""
    rf = cat("MDNR_Reyes_Funerarios v5.cat")
    u = rf.unit("Ushabti")
    assert u.has("artefact_creature") and u.has("unstable") and u.armour_save == 5
    assert not u.import_notes
    cv = cat("MDNR_Condes_Vampiro_v5.cat")
    assert cv.unit("Morghast").has("artefact_creature")
    assert "Criatura Artefacto" not in kinds(cv, "Morghast")


@needs_data
def test_a_steed_printed_as_cavalry_is_the_mount_not_the_model():
    """Regimientos de Renombre, Perros del Desierto de Al Muktar: "Caballo de guerra" (M20
    HA3 F3 I3 A1, no R/H, TSA "+1", Tipo Caballería, Potencia "2 (1+1 del jinete)") comes
    before "Perro del Desierto" (HA3 HP3 F3 R3 H1 I3 A1 L7, TSA 5+, Tipo "Caballería,
    Humano"): the rider is the model, the horse its steed; the printed 5+ is then the
    engine's cavalry save (RULES.md §1.5)."""
    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = next(n for n in c.names if n.startswith("Perros del Desierto de Al Muktar (Merc"))
    u = c.unit(name)
    assert u.profile == Profile(M=20, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)
    assert u.mount == MountProfile(WS=3, S=3, I=3, A=1)
    k = kinds(c, name)
    assert "Caballo de guerra R" not in k and "TSA" not in k  # printed 5+ = the engine's
    elwing = next(n for n in c.names if n.startswith("Guardia a caballo de Elwing"))
    e = c.unit(elwing)
    assert (e.profile.WS, e.profile.T, e.profile.Ld, e.mount.WS) == (4, 3, 8, 3)


@needs_data
def test_black_armour_of_the_chaos_dwarfs():
    """Enanos del Caos "Armadura negra": "una tirada de salvación por armadura de 4+, que puede
    combinarse con monturas y escudo. Además, su portador tiene una tirada de salvación
    especial de 5+ contra ataques flamígeros".  Guardia infernal: HA5 F4 R4 I2 L9, TSA 3+
    printed (black armour and shield; RULES.md §1.5)."""
    c = cat("MDNR_Enanos_del_Caos v4_5.cat")
    u = c.unit("Guardia infernal")
    assert u.equipment.armour == "plate" and u.equipment.shield
    assert u.armour_save_against(in_close_combat=False) == 3
    assert u.has("flame_ward") and not u.import_notes


def test_flame_ward_only_against_flaming_attacks():
    """RULES.md §1.5 ward saves; the black armour's 5+ works against flaming attacks only."""
    from odds.combat.model import G_WARD

    target = _fighter("t", ["flame_ward"])
    assert _groups(_fighter("a", ["flaming_attacks"]), target, False)[
        RANK_AND_FILE, 0, G_WARD] == 5
    assert _groups(_fighter("a"), target, False)[RANK_AND_FILE, 0, G_WARD] == 7
    better = target.replace(ward_save=4)
    assert _groups(_fighter("a", ["flaming_attacks"]), better, False)[
        RANK_AND_FILE, 0, G_WARD] == 4


@needs_data
def test_big_uns_army_composition_option():
    """Orcos y Goblins "En el ejército debe haber igual o más guerreros orcos no grandotes":
    army composition, no close-combat effect."""
    c = cat("MDNR_Orcos_y_Goblins v4_5.cat")
    k = kinds(c, "Guerreros orcos grandotes")
    assert k["En el ejército debe haber igual o más guerreros orcos no grandotes"] == \
        "no_combat_effect"


@needs_data
def test_chariot_steeds_are_the_profiles_that_move():
    """A chariot's steed is the profile with M and no T/W of its own, whatever its Tipo:
    Imperio "Caballo de guerra" (no Tipo; M20 HA3 F3 I3 A1, two of them) pulls the
    Huracanum celestial (R4 H4, no M: it moves at its horses' 20); Bestias "Tuskgor" (Tipo
    "Monstruo, Animal", M18 HA3 F3 I2 A1, two) pulls the Carro de tuskgors, whose crew is
    the Ungor (HA4 F3 I3 A1, no M) and the Bestigor (the second crew, its extra_crew)."""
    imp = cat("MDNR_Imperio v4_5.cat")
    h = imp.unit("Huracanum celestial")
    assert h.troop_type == "chariot" and h.profile.M == 20
    assert h.mount == MountProfile(WS=3, S=3, I=3, A=1, count=2)
    assert "Huracanum celestial M" not in kinds(imp, h.name)
    b = cat("MDNR_Reinos_del_Caos_Bestias_v5.cat")
    t = b.unit("Carro de tuskgors")
    # their "Empalar" ("Los Tuskgors tienen colmillos con la regla Empalar (F+2 en carga)")
    assert t.mount == MountProfile(WS=3, S=3, I=2, A=1, count=2, charge_bonus=2)
    assert (t.profile.WS, t.profile.S, t.profile.I, t.profile.A) == (4, 3, 3, 1)
    assert t.profile.Ld == 7  # the Ungor prints no L: the Bestigor's, the unit's best
    k = kinds(b, t.name)
    assert k["Ungor L"] == "note" and k["Bestigor"] == "note"
    assert t.extra_crew is not None and t.extra_crew.weapon == "great_weapon"


@needs_data
@pytest.mark.parametrize("book", CHAOS[1:])
def test_monstrous_beasts_with_their_printed_unit_strength(book):
    """Sapo de plaga: M15 HA3 F4 R4 H3 I1 A2 L8, Tipo "Bestia monstruosa", Potencia 3: the
    engine's monstrous infantry (US 3, RULES.md §2.3) in all but its name (a note)."""
    c = cat(book)
    u = c.unit("Sapos de plaga")
    assert u.troop_type == "monstrous_infantry" and u.unit_strength_per_model == 3
    assert kinds(c, u.name)["Sapo de plaga Tipo"] == "note"


@needs_data
def test_a_champion_printed_under_another_name():
    """Enanos "Dracohierros": the champion option is "Padre de la forja", its profile on the
    unit entry "Guardián de hierro" (M8 HA5 HP3 F4 R4 H1 I2 A2 L9: the Dracohierro's with A
    2): it is the champion's, not a second rank-and-file model."""
    c = cat("MDNR_Enanos v4_5.cat")
    assert kinds(c, "Dracohierros")["Guardián de hierro"] == "note"
    u = c.unit("Dracohierros", command="champion")
    assert u.command.champion and u.champion_profile.A == 2 and u.profile.A == 1


@needs_data
def test_cloaks_and_hides_add_one_in_close_combat():
    """RULES.md §1.5.  Elfos Oscuros "Capa de dragón marino": "6+ en combate cuerpo a cuerpo
    ... Puede combinarse" (Corsarios: light armour, two hand weapons: 5+ in close combat);
    Altos Elfos "Piel de león": "6+ en cuerpo a cuerpo" (Leones de guerra, no steed profile:
    6+); Regimientos de Renombre "Capa" (Asesinos de Véspero, no armour: 6+)."""
    eo = cat("MDNR_Elfos_Oscuros_v7.cat")
    assert eo.unit("Corsarios").armour_save == 5
    assert "Capa de dragón marino" not in kinds(eo, "Corsarios")
    ae = cat("MDNR_Altos_Elfos v4_5.cat")
    assert ae.unit("Leones de guerra (0-1*)").armour_save == 6
    assert not ae.unit("Leones de guerra (0-1*)").import_notes
    rr = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = next(n for n in rr.names if n.startswith("Asesinos de Véspero"))
    assert rr.unit(name).armour_save == 6


@needs_data
def test_named_armours():
    """Altos Elfos "Armadura de dragón": "Actúa como una Armadura pesada" (Príncipes dragón:
    heavy armour, shield, barded steed: 2+ as printed); Enanos "Armadura de fragua de
    Gromril": "4+, una tirada de salvación especial de 6+" (Dracohierros)."""
    ae = cat("MDNR_Altos_Elfos v4_5.cat")
    p = ae.unit("Príncipes dragón de Caledor")
    assert p.equipment.armour == "heavy"
    assert p.armour_save_against(in_close_combat=False) == 2
    d = cat("MDNR_Enanos v4_5.cat").unit("Dracohierros")
    assert d.equipment.armour == "plate" and d.ward_save == 6 and d.armour_save == 4


@needs_data
def test_shooting_procedures_have_no_close_combat_effect():
    """Imperio "Disparando el cañón de salvas"/"Disparando el lanzacohetes" and Enanos
    "Fiabilidad enana" are shooting; Elfos Oscuros "Unidad especial y personaje" army
    composition."""
    imp = cat("MDNR_Imperio v4_5.cat")
    assert kinds(imp, "Cañón de salvas")["Disparando el cañón de salvas"] == "no_combat_effect"
    assert kinds(imp, "Lanzacohetes")["Disparando el lanzacohetes"] == "no_combat_effect"
    assert kinds(cat("MDNR_Enanos v4_5.cat"), "Cañón órgano")["Fiabilidad enana"] == \
        "no_combat_effect"
    assert kinds(cat("MDNR_Elfos_Oscuros_v7.cat"), "Carro de gélidos")[
        "Unidad especial y personaje"] == "no_combat_effect"


@needs_data
def test_rules_read_as_no_close_combat_effect():
    """Each text is movement, deployment, shooting, magic or army composition only: Regimientos
    de Renombre "Pavés" ("En combate cuerpo a cuerpo tienen simplemente armadura pesada":
    heavy armour imported); Demonios "Magia de Tzeentch" is not: its "Mutación incontrolable.
    Sólo en combate cuerpo a cuerpo" slays models in base contact (``tzeentch_mutation``); gst
    "Golpe letal (6+)" is the killing blow (RULES.md §1.6)."""
    rr = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = next(n for n in rr.names if n.startswith("Ballesteros de Braganza"))
    assert kinds(rr, name)["Pavés"] == "no_combat_effect"
    assert rr.unit(name).equipment.armour == "heavy"
    de = cat("MDNR_Reinos_del_Caos_Demonios_v5.cat")
    assert "Magia de Tzeentch" not in kinds(de, "Horrores de Tzeentch")
    assert de.unit("Horrores de Tzeentch").has("tzeentch_mutation")
    m = cat("MDNR_Condes_Vampiro_v5.cat").unit("Morghast")
    assert m.has("killing_blow")


@needs_data
def test_printed_unit_strength_where_the_troop_type_falls_short():
    """RULES.md §2.3: Condes Vampiro "Carruaje negro" Potencia 5 (chariot 4 + its driver);
    Reinos del Caos "Mamut" H12 (the engine's W caps at 10) Potencia "12 más las miniaturas
    de la howdah"; flyers are 1 (Reyes Funerarios "Buitres de Nehekara", Infantería
    monstruosa that fly: Potencia 1); a war machine keeps its crew count."""
    cv = cat("MDNR_Condes_Vampiro_v5.cat")
    assert cv.unit("Carruaje negro").unit_strength_per_model == 5
    mo = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    mamut = next(n for n in mo.names if n.startswith("Mamut"))
    assert mo.unit(mamut).unit_strength_per_model == 12
    rf = cat("MDNR_Reyes_Funerarios v5.cat")
    assert rf.unit("Buitres de Nehekara").unit_strength_per_model == 1
    edc = cat("MDNR_Enanos_del_Caos v4_5.cat")
    canon = next(n for n in edc.names if n.startswith("Cañón infernal"))
    assert edc.unit(canon).unit_strength_per_model == edc.unit(canon).crew


@needs_data
def test_half_orcs_are_not_greenskins():
    """Regimientos de Renombre "Medioorcos": "son de tipo Orco y Humano, pero no Pielverde ...
    (los Enanos no les odian ...)" although their Tipo reads "Infantería, Orco, Humano"."""
    from odds.units import library_unit

    c = cat("MDNR_Regimientos_de_Renombre v5.cat")
    name = next(n for n in c.names if n.startswith("Medioorcos"))
    u = c.unit(name)
    assert u.race == "human" and "greenskin" not in u.tags
    hammerers = library_unit("dwarf_hammerers").replace(hatred=("greenskin",))
    assert not hammerers.hates(u)


@needs_data
def test_light_chariot_impact_hits():
    """Reinos del Caos "Carro ligero": "se trata como un carro a todos los efectos, salvo que
    causa 1D3 impactos por carga en vez de los habituales 1D6" (Carromato de Plaga, F4)."""
    c = cat("MDNR_Reinos_del_Caos_Mortales_v5.cat")
    u = c.unit("Carromato de Plaga")
    assert u.troop_type == "chariot" and u.impact_hits == "d3" and u.impact_strength == 4
    assert "Carro ligero" not in kinds(c, u.name)
