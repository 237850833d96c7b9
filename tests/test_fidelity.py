"""Fidelity of the BattleScribe import over the MDNR catalogues (issue 11 §1, §4).

Skipped when ../shared/battlescribe/ (shared test data, not in the project) is absent.
"""

from __future__ import annotations

import pytest
from conftest import BOOKS, CATALOGUES, SHARED, cat

from odds.battlescribe.fidelity import COLUMNS, fidelity_table

pytestmark = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")

FLOOR = 462
"""Unit entries fully modelled when this test was written (a regression guard: raise it as rules
get modelled, never lower it without saying why). It was 145 until panic in a combat (RULES.md
§3.4) landed: immunities to panic and panic re-rolls (Desprecio, Estoicos, Inmune al pánico de
...) then started to matter and are reported as ignored; Firmeza (flee and pursue 2 cm less)
then brought it to 136, daemonic instability to 148. Partial panic immunities
(no_panic_from/no_panic_against), Orgullo artillero, war machines' shooting as no combat
effect, Nube de moscas, Aura de Slaanesh and pikes brought it to 207; orejotaz fear, Empalar,
random attacks, Arremetida, herds, Ansia de sangre, centaurs, monstrous cavalry, Criatura
artefacto, steeds and chariot crews read right and armour rules to 269 (of 492: the eleven
Monstruos Arcanos monsters now import); random movement (a printed M roll: the Chaos spawn
flee, pursue and charge with their 5D6) to 275; chariots of two crews (the tuskgor chariots'
Bestigor beside the Ungor, extra_crew) to 278; a unit rule describing a model option not taken
(the hounds' handlers) to 282; the dwarf gyrocopters as flying monsters ("Máquina
experimental") to 284; the demigryph knights (cavalry, their lance, shield and the armour of
their printed save) to 285; Tunelador and Peligrosos read from their text to 287; breath
weapons (gst "Arma de aliento": "un ataque de disparo"), emergence, war machines' shooting and
movement, spells read as no combat effect, Trolls biliosos, Monstruosidad de piedra, Danza de
la muerte (skirmishers otherwise cancel no ranks), Monstruoso, Bestias, Honor marcial,
Altamente insignificantes and Riñas: 299 together; vomit attacks, cold blood (Sangre fría),
Viejos cascarrabias, fleeing hobgoblins' Desprecio, Borrachos, Matador and Hachas de matador,
flaming attacks against the flammable and the immune, Bendecidos por los Ancestrales,
Petrificar as a shooting attack, Cuerpo ardiente, Resolutos and Ejemplo de Sigmar (30 on their
own): 331 together; pistols (brace, Drong's heaps, the Herreruelos' volley), leaders' own
weapons (silently dropped before, now read and reported when they change a save), Formación
mixta, Dos rebanadoras, Garras de los ancestrales, Guja ardiente, Martillo del lobo blanco and
shooting-only Regimientos de Renombre rules (12 on their own): 345 together; steeds' own rules
(sólo Corcel, sólo Juggernaut, Corceles de Slaanesh), F+1 on the charge, must/never pursue,
Carroñeros, Carga gloriosa, the Morghast's armour, textless marks and Guardaespaldas (19 on
their own): 367 together; Escupir llamas (a breath), Resistencia al fuego, Mayales de la ira to
370; Elemental encarnado, Vinculado (a note), Inmune a disformidad, the Chaos rules of other
phases, Arrasar, Enajenados and Bendición de Nurgle (the plague cart's own daemonic battle
standard) to 382; riders' and steeds' own rules, Portentos de batalla, Aura de protección, Aura
de agonía, Golpe decapitador, Arma demoníaca and rules of other phases read from their texts to
396; Devorador and the Bloodletters-only frenzies to 398; Carga atronadora, Escolta and Guardia
personal to 401; the Regimientos de Renombre's named members, leaders' own armour, items and
rules to 415 (four leaders wrongly counted before, Véspero and Marco Colombo twice each, now
reported); ¡Está vivo! and Rompecráneos to 417; then lowered to 416: the Enanos del Caos Cañón
infernal's "Escupir inmundicia" had been read as no combat effect, but its "Arrasar" lets an
engaged cannon spit filth ("Si el cañón arrasa o está trabado, sólo puede escupir inmundicia"),
a template between two rounds the engine cannot place, so it is reported (ignored); Harkon's
zombie pirates ("Zombis", "Hordas de Harkon": no characters) back to 417; the war hydra's
handlers (Aprendiz, Controlada: its extra crew) and the corpse cart (a monster with random
attacks, "NO es un Carro a ningún efecto") to 419; lowered to 418: the Doncella espectral's
"Lamento de la doncella" had been filed as a shooting weapon, but an engaged Doncella "deberá
elegir como objetivo una unidad con la que esté trabada" (wounds between rounds): reported;
Festín de sangre a note (the Khorne throne starts a combat unwounded and its impact hits are
the first blows: nothing to heal) to 419; the Guardia de la ciudad's "Unidad mixta" (its front
rank's own weapon and save, Unit.front_weapon) to 420; La Máscara de la Muerte (Véspero's own
fear), Estandarte de la Esposa del Mar and Juego sucio (Espadas de Manann, whose leader's
pistol is no longer dropped) to 425; Asalto imparable (the bone giant, the Kharibdyss with
Aullido abisal), Poder de la muerte (the Carruaje negro) and Arma de frío (the ice trolls) to
429; Estandarte Negro de los Muktarin (a D3 for the standard), the Trono del aquelarre's
steeds' random attacks and Vampiresas, and the Desollador's end-of-round hits to 433; Asarnil's
Estoico (no panic while every enemy is a Dark Elf) and Amuleto Corazón de Dragón (no combat
effect: the monster reaction comes after the combat), both entries, and Cigor's Visión
ultraterrena (wizards named from the data) to 436; the Lament of the Doncella espectral and the
Sagrario mortis, Ulther's axe and horn (both entries), the Hombres Oso's standard and the
Aplastador's claws to 442; then lowered to 441: the "Capitán" clause of Regimientos de
Renombre "No Muertos" had been dropped silently, so Mordini's Legión de Pesadilla was wrongly
counted; Kreugar's company (Aflicción, his own hatred, Estandarte de los Malditos, Bienvenido a
la Maldición, both entries) and the "Capitán" clause (captain_bound) to 444, the issue's goal
(90 %).  Then lowered to 413: that count was not honest.  Rules had been filed as
no_combat_effect by their names while their texts change a combat: the game system's "Carro"
("Resulta destruido por cualquier herida de Fuerza 7 o más", not modelled: approximated on
every chariot carrying it, 28 entries counted before), "Marca del Caos absoluto" ("puede
repetir los chequeos de psicología fallados" on 24 entries: now modelled, psychology_reroll;
"Sin efecto adicional" stays a label) and "Magia de Tzeentch" (its "Mutación incontrolable"
acts in close combat: ignored, 3 entries); every no_combat_effect name now carries its
reason, read from its texts (tests/test_no_combat_effect.py).  Then 441: a wound of Strength 7
or more wrecks a chariot (RULES.md §1.12, odds.combat.model.thresholds.wreck_chariot), so
"Carro" is modelled on every chariot of the fourteen books.  Then 444: Reinos del Caos "Magia
de Tzeentch" ("Mutación incontrolable", tzeentch_mutation) makes the "Horrores de Tzeentch" of
Bestias, Demonios and Mortales fully modelled.  Then 446: Barda's gargoyles' "Unidad
controlada" is a monster's test for its slain rider, taken after the close combat; Enanos del
Caos "Escurridizos" (slippery: the Hobgoblins lap round win or lose, and are never lapped
round).  Elfos Oscuros "Guardia de la ciudad", whose models are bought through two entries of no
bounded size, stays fully modelled with a note that no entry sizes it
(odds.battlescribe.selection.counted_apart).  Then 451 (giants family): the giants' table, falls and
death ("Ataques del gigante", "Caídas", "Muerte del gigante", the siege giant's "Enormes garfios"
and "Grandote") make the Gigante del Caos of Bestias, Demonios and Mortales and the Gigante de
asedio of Mortales and Enanos del Caos fully modelled.  Then (chaos family) the Mortales "Cocatriz"
(gst "Petrificar" while engaged, petrify) and "Sapodragón" ("Ataque de lengua", tongue_attack).
Then (mercenaries family): the Fimir's "Ataque de cola" (tail_attack, on enemies at its rear) and
the Meargh (magic; her profile the other champion option), the Skaven warp cannon's "Impactos de F7"
(wrecked_by_s7) and its crew that never fights, and the Rueda de la muerte's one heap of rats with
its warp lightning a shooting-phase rule.  Then: Condes Vampiro "Frío asesino" and "Cazador en la
oscuridad" (killing_cold, dark_hunter) make the "Demonio de los lamentos" fully modelled.  With
those five branches merged together the fourteen books count 456.  Then (chaos family) the
Mortales "Malditos" ("Mutaciones": the pre-battle D6, a mixture of six builds) to 457.  Then
462 with four more army branches merged (Dragón de esquirlas' "Enfurecer" and "Escamas
puntiagudas", the Gorgona's "Engullir entero", Snagla and Gitilla, the Hermanas de Sigmar, Marco
Colombo's gem and gourd, among the rules of docs/rules.md)."""


UNITS = 1999
"""Unit entries across all :data:`~conftest.CATALOGUES` catalogues (fully modelled or not): the
2 001 ``type="unit"`` entries but the two placeholders named "Mercenarios" of Elfos Oscuros
Incursores de Naggaroth and Patrulla de Vigilancia (every characteristic blank), no unit."""

GOAL = 0.95
"""Issue 36 §2: the share of all the unit entries of every MDNR catalogue fully modelled."""


@pytest.fixture(scope="module")
def table():
    """The fidelity table of the fourteen army books the figures below were written against."""
    return fidelity_table([SHARED / name for name in BOOKS])


@pytest.fixture(scope="module")
def everything():
    """The fidelity table of every catalogue of the MDNR data set."""
    return fidelity_table([SHARED])


def test_every_catalogue_and_entry_imports():
    files = sorted(SHARED.glob("*.cat"))
    assert len(files) == CATALOGUES
    assert set(BOOKS) <= {f.name for f in files}
    for f in files:
        catalogue = cat(f.name)  # loaded once per session (the Spanish reasons read them too)
        assert not [i for i in catalogue.report if i.reason.startswith("cannot import")], f.name


def test_fidelity_figure(table):
    """The figure of issue 11 §1, computed: entries with nothing ignored or approximated."""
    assert list(table.columns) == list(COLUMNS)
    body, total = table.iloc[:-1], table.iloc[-1]
    assert total.catalogue == "total" and len(body) == len(BOOKS)
    for c in COLUMNS[1:]:
        assert total[c] == body[c].sum()
    # the issue counted the 480 entries that imported; the 481st (horse artillery) imports now;
    # the 11 monsters of Monstruos Arcanos (type="model" entries, one-model units) make 492
    assert total.units == 492
    assert (body.fully_modelled <= body.units).all()
    assert (body.fully_modelled + body.ignored >= body.units - body.approximated).all()
    assert total.fully_modelled >= FLOOR


def test_fidelity_of_the_fourteen_books(table):
    """Issue 11 §1: at least 90 % of the fourteen books' unit entries fully modelled."""
    total = table.iloc[-1]
    assert total.fully_modelled >= 0.9 * total.units


def test_fidelity_table_of_every_catalogue(everything):
    """Every catalogue has its row, and the total adds them up."""
    body, total = everything.iloc[:-1], everything.iloc[-1]
    assert len(body) == CATALOGUES and total.catalogue == "total"
    for c in COLUMNS[1:]:
        assert total[c] == body[c].sum()
    assert total.units == UNITS
    assert (body.fully_modelled <= body.units).all()


@pytest.mark.xfail(strict=True, reason="issue 36: fewer than 95 % of the 2 001 unit entries of "
                   "the 89 catalogues are fully modelled yet")
def test_fidelity_goal(everything):
    """Issue 36 §2: at least 95 % of the unit entries of all 89 catalogues fully modelled."""
    total = everything.iloc[-1]
    assert total.fully_modelled >= GOAL * total.units


def test_catalogue_json_lists_the_report_kinds(capsys):
    """``odds catalogue --format json``: ignored, approximated, no_combat_effect per unit."""
    import json

    from odds.cli import main

    assert main(["catalogue", str(SHARED / "MDNR_Enanos v4_5.cat"), "--format", "json"]) == 0
    records = json.loads(capsys.readouterr().out)
    warriors = next(r for r in records if r["name"] == "Guerreros enanos")
    # MDNR Enanos: "Firmeza" (flee and pursue 2 cm less) and "Agravio ancestral" (hatred) are
    # modelled; "Avance imparable" is a march rule
    assert warriors["ignored"] == []
    assert warriors["approximated"] == []
    assert warriors["no_combat_effect"] == ["Avance imparable"]
    assert all({"ignored", "approximated", "no_combat_effect"} <= set(r) for r in records)
