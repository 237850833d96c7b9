"""Attack groups: the ``G_*`` rows of a unit against an enemy unit (RULES.md §1.2-§1.7).

Rank and file, champion, steeds, impact hits and crew
(:data:`~odds.combat.model.layout.RANK_AND_FILE` .. :data:`~odds.combat.model.layout.CREW`),
for the first round and for later rounds: to hit, to wound, saves, strike-order keys and the
blow rules that depend on who the enemy is; and the weapon a unit with MDNR Enanos "Hachas de
matador" fights a combat with (:func:`slayer_weapon`).
"""

from __future__ import annotations

import numpy as np

from odds import rules
from odds import validation as v
from odds.combat.model.layout import (
    CAT_ASF,
    CAT_CHARGER,
    CAT_IMPACT,
    CAT_INITIATIVE,
    CHAMPION,
    CREW,
    G_ACTIVE,
    G_ATTACKS,
    G_BURNING,
    G_CHAIN,
    G_COLD,
    G_FLAMING,
    G_FRENZY_A,
    G_GRAB,
    G_HIT,
    G_ICE_HIT,
    G_ICE_WARD,
    G_IMPACT_DICE,
    G_IMPACT_SIDES,
    G_KB,
    G_KEY,
    G_LANCE,
    G_MW,
    G_NO_REGEN,
    G_PER_MODEL,
    G_POISON,
    G_RANDOM,
    G_RANKS,
    G_REBOUND_S,
    G_REROLL,
    G_REROLL_WOUND,
    G_SAVE,
    G_STD_HIT,
    G_SWALLOW,
    G_WARD,
    G_WHIRL,
    G_WOUND,
    IMPACT,
    MOUNT,
    N_GROUP,
    N_GROUPS,
    RANK_AND_FILE,
)
from odds.combat.model.side import _MAN_SIZED
from odds.combat.model.strike_order import (
    BRACED_AGAINST,
    BRACED_KEY,
    DIRTY_TRICK_KEY,
    _category,
    _key,
)
from odds.combat.model.thresholds import (
    _MW_CODE,
    _MW_DOUBLED,
    MW_ALL,
    clamp_hit,
    expected_unsaved,
    save_needed,
    wreck_chariot,
)
from odds.combat.model.vomit import _vomit
from odds.special_rules.bretonnia import in_lance, lady_ward, prey_ward, wardens_foe
from odds.special_rules.chaos import malal_foe
from odds.special_rules.chaos_monsters import TONGUE_ATTACKS, TONGUE_STRENGTH
from odds.special_rules.wards import own_ward
from odds.units import Unit

SUPERNATURAL = frozenset({"daemon", "undead", "forest_spirit"})
"""Race tags MDNR Regimientos de Renombre "Resistencia elevada a lo sobrenatural" names
("miniatura de tipo Demonio, No Muerto o Espíritu del Bosque"; a vampire is undead)."""


SKULL_CRUSHER_ATTACKS = 3
SKULL_CRUSHER_STRENGTH = 6
"""MDNR Enanos del Caos "Rompecráneos": "3 ataques ... impactan automáticamente y se resuelven
con F6"."""


COLD_STRENGTH = 3
"""S of the extra wound of Mercenarios "Arma de frío" ("una herida adicional de F3"): its
armour save modifier."""

BURNING_STRENGTH = 4
"""S of the hits of Enanos del Caos "Cuerpo ardiente" ("un impacto automático de F4")."""

WHIRL_STRENGTH = 5
"""The Strength of the hits of "Torbellino de muerte" (Enanos: "un impacto de F5")."""

TAIL_STRENGTH = 4
"""S of Mercenarios "Ataque de cola" ("se resuelve con F4 independientemente del equipo")."""


def _dice_code(expr: str) -> tuple[int, int, int]:
    """(number of dice, sides, plus) of an impact-hit expression."""
    spec = rules.parse_dice(expr or "0", "impact_hits")
    return spec.n, spec.sides, spec.plus


SWALLOW_FACE = 4
"""The to-wound roll at or above which Reinos del Caos "Engullir entero" slays outright ("el
Golpe Letal actuará con un 4+ en vez de sólo con un 6")."""


def swallow(row: np.ndarray, unit: Unit, cat: int, kb_foe: bool) -> None:
    """The Gorgona's rank-and-file ``row`` when it swallows (Bestias "Engullir entero").

    "La Gorgona puede renunciar a todos sus ataques para hacer un único ataque con
    Iniciativa 1. Si este único ataque impacta, haz la tirada para herir teniendo en cuenta
    que se resuelve con un Golpe Letal, pero el Golpe Letal actuará con un 4+": one attack
    (frenzy's extra one given up too), at Initiative 1 in its strike category (a charge
    still strikes first), slaying outright on a to-wound roll of 4+ (one that wounds: at
    least the roll it needs to wound) against a ``kb_foe`` (``G_SWALLOW``).
    """
    if unit.models != 1 or unit.mount is not None or unit.extra_crew is not None:
        raise v.OddsInputError(f"{unit.name}: 'swallow_whole' needs a single model fighting"
                               " alone")
    row[G_ATTACKS] = 1
    row[G_FRENZY_A] = 0
    row[G_RANDOM] = 0
    row[G_KEY] = _key(cat, 1)
    row[G_SWALLOW] = SWALLOW_FACE if kb_foe else 0


def _groups(unit: Unit, enemy: Unit, charged: bool, braced: bool = False,
            enemy_charged: bool = False, ogre_charge: int = 0, omens: bool = False,
            bear: bool = False) -> np.ndarray:
    """Attack groups of ``unit`` against ``enemy`` for both round kinds.

    Thresholds that depend on who the enemy is are set here: hatred
    (``G_REROLL``) when ``unit`` hates ``enemy`` (:meth:`Unit.hates`: every
    enemy, or a named army or race such as the dwarfs' *Agravio ancestral*
    against greenskins); the orc choppa's +1 S on the charge (MDNR
    "Rebanadora", infantry with a single choppa); the enemy's ward save with
    its daemonic aura (5+ unless ``unit`` has magic attacks); nothing wounds an
    ethereal enemy but magic attacks or ethereal creatures, and no magic attack of a Skaven
    ``unit`` wounds a ``warp_immune`` enemy.  ``braced``: the unit receives a charge
    in its front with pikes (:func:`~odds.combat.model.strike_order.braced`): in the
    first round its pikes strike after always-strikes-first blows and before the chargers, at
    S+1 against a charging cavalry, chariot or monster ``enemy`` (MDNR "Pica":
    "Siempre atacan primero en el primer turno ... antes de las miniaturas que
    cargan"; "suman un +1 a la Fuerza ... en el turno en que reciban una carga por
    parte de unidades de tipo Caballería, Carros o Monstruos").  ``ogre_charge``: the
    strength of the unit's "Arremetida" impact hits when it charged (0 = none,
    :func:`~odds.combat.model.charge.ogre_charge_strength`; impact hits of its own take
    precedence).  An ``enemy`` with ``hard_to_hit`` is hit at -1 (Reinos del Caos "Trolls biliosos":
    "Las miniaturas enemigas tienen un -1 a impactarles en combate cuerpo a
    cuerpo"; automatic hits are not rolled, a 6 still hits), and one with
    ``hard_to_hit_supernatural`` at -1 by a daemon, undead or forest-spirit ``unit`` or
    magic blows (Regimientos de Renombre "Resistencia elevada a lo sobrenatural", per
    attack group: the steeds' own magic or mundane attacks count); hits on an ``enemy``
    with ``stone_monstrosity`` wound and pierce armour at S7 at most (Reyes Funerarios
    "Monstruosidad de piedra": "Cualquier impacto de F8 o superior ... se considera que
    tiene F7").  A ``unit`` with ``otherworldly_sight`` re-rolls missed hits in every round
    against an ``enemy`` with ``wizard`` or the undead, daemon or forest-spirit tag (Bestias,
    Cigor "Visión ultraterrena"), and one with ``mark_of_malal`` against an ``enemy`` of
    tipo Caos, Skaven or undead (:func:`~odds.special_rules.chaos.malal_foe`).  ``omens``: a
    friend of ``unit`` in the combat (itself included) has ``battle_omens``: its rolled hits
    are at +1 (Imperio "Portentos de batalla": "Todas las unidades ... amigas a 15cm o menos
    del Huracanum (incluidos los Acólitos y las monturas) tienen un +1 a todas sus tiradas
    para impactar"; a 1 still misses), summed with the enemy's -1 before the roll is
    bounded.  ``bear``: ``unit`` stands in a unit whose standard bearer carries "Estandarte
    del Oso": +1 to hit in the first round, summed likewise (``G_STD_HIT``: the need without
    it, once he has fallen).  A ``unit`` with ``mechanical_claws`` fills ``G_GRAB`` from
    ``enemy``'s Initiative ("Garras mecánicas": its blows hit automatically on a failed I
    test, blows.strike).  A ``unit`` with ``sigmar_stake`` strikes at S8 against an undead or
    daemon ``enemy``, with killing blow and no regeneration (``G_NO_REGEN``) against a vampire
    one ("Estaca de Sigmar"); one with ``sacred_staff`` wounds an undead, daemon or skaven
    ``enemy`` automatically (``G_WOUND`` 1, "Báculo sagrado").
    """
    out = np.zeros((N_GROUPS, 2, N_GROUP), np.int64)
    e_save = enemy.armour_save
    ap = unit.has("armour_piercing")
    # gst "Golpe letal": against infantry and cavalry (man-sized) not immune to it
    kb_foe = enemy.troop_type in _MAN_SIZED and not enemy.has("immune_to_killing_blow")
    kb = unit.has("killing_blow") and kb_foe
    poison = unit.poisoned or rules.IMPOSSIBLE
    magic = unit.has("magic_attacks")
    # Demonios "Aura Demoníaca", Elfos Silvanos "Espíritu del bosque": ward 5+, not against
    # magic attacks (odds.special_rules.wards.own_ward)
    ward = prey_ward(enemy, unit, own_ward(enemy, magic))  # Elfos Oscuros "Presa de Slaanesh"
    if unit.has("flaming_attacks") and enemy.has("flame_ward"):
        ward = min(ward, 5)  # Enanos del Caos "Armadura negra": 5+ against flaming attacks
    # gst "Etéreos": wounded only by magic attacks or by other ethereal creatures
    unwoundable = enemy.has("ethereal") and not magic and not unit.has("ethereal")
    # Monstruos Arcanos "Inmune a disformidad": "ninguna arma mágica ni ataque mágico Skaven
    # puede herir al Dragón de Disformidad (... incluso aquellas que pudieran herir
    # automáticamente)"
    skaven = "skaven" in unit.tags and enemy.has("warp_immune")
    unwoundable = unwoundable or (skaven and magic)
    # Condes Vampiro "Garras (arma de mano)": "Ataque de frío, por lo que las miniaturas
    # Inmunes a frío nunca recibirán heridas de un Demonio de los Lamentos"
    unwoundable = unwoundable or (unit.has("cold_attacks") and enemy.has("immune_to_cold"))
    # Regimientos de Renombre "Estaca de Sigmar" (Estalia "Estaca de Myrmidia"): "Sus impactos
    # se resuelven con F8 contra miniaturas de tipo No Muerto o Demonio. Además, tiene Golpe
    # Letal contra miniaturas de tipo Vampiro ...; los Vampiros no pueden usar Regeneración
    # contra los impactos de la Estaca"
    stake = unit.has("sigmar_stake")
    stake_s8 = stake and not enemy.damage_tags.isdisjoint({"undead", "daemon"})
    stake_vampire = stake and "vampire" in enemy.damage_tags
    kb = kb or (stake_vampire and not enemy.has("immune_to_killing_blow"))
    # Regimientos de Renombre "Báculo sagrado": "Hiere automáticamente a las miniaturas de
    # tipo No Muerto, Demonio o Skaven"
    staff = unit.has("sacred_staff") and not enemy.damage_tags.isdisjoint(
        {"undead", "daemon", "skaven"})
    if unwoundable:
        poison, kb = rules.IMPOSSIBLE, False
    mw = _MW_CODE[unit.multiple_wounds]
    if unit.has("dragon_bane") and enemy.has("dragon"):
        # Regimientos de Renombre "Hacha de Ulther": "contra miniaturas de tipo Dragón, tiene
        # además la regla Heridas múltiples (1D6)"
        mw = max(mw, _MW_CODE["d6"])
    cap = 7 if enemy.has("stone_monstrosity") else 10  # the strength its hits count at most
    # game system "Carro" (wreck_chariot); Skaven "Impactos de F7" (wrecked_by_s7) likewise;
    # empire family: Imperio "Resistente", "Carro (Regla especial del Altar)": not destroyed
    # by S7+ (odds.special_rules.empire.UNWRECKABLE)
    chariot = ((enemy.troop_type == "chariot" or enemy.has("wrecked_by_s7"))
               and not enemy.has("unwreckable"))
    flaming = unit.has("flaming_attacks") and not enemy.has("immune_to_flaming")
    # Orcos y Goblins "Resistencia al fuego": "Cualquier impacto con la regla Ataques
    # flamígeros que impacte en un Kobold de Fuego reduce en 1 su Fuerza"
    fire = 1 if enemy.has("fire_resistance") else 0
    # Bestias (Cigor) "Visión ultraterrena": "Repite las tiradas para impactar a todas las
    # miniaturas de tipo Hechicero, No Muerto, Demonio, Vegetal, o Espíritu": every round
    sight = unit.has("otherworldly_sight") and (
        enemy.has("wizard") or not enemy.damage_tags.isdisjoint(SUPERNATURAL))
    # Reinos del Caos "Marca de Malal": every round, against Chaos, Skaven and undead
    sight = sight or (unit.has("mark_of_malal") and malal_foe(enemy))

    spiky = enemy.has("spiky_scales")

    def blows(row: np.ndarray, ws: int, s: int, pierce: bool, first: bool) -> None:
        """To hit, to wound, saves and the blow rules of a row of the unit's own blows."""
        s = min(s - fire * flaming, cap)
        row[G_HIT] = clamp_hit(rules.to_hit(ws, enemy.profile.WS))
        # MDNR gst "Odio": re-roll missed hits in the first round against the hated
        # enemy (every enemy, or one whose army/race tag the unit hates); Elfos Oscuros
        # "Odio eterno": in every round
        row[G_REROLL] = (unit.hates(enemy) and (first or unit.has("eternal_hatred"))) or sight
        row[G_POISON] = poison
        row[G_WOUND] = (rules.IMPOSSIBLE if unwoundable else 1 if staff
                        else max(2, rules.to_wound(s, enemy.profile.T)))
        row[G_KB] = kb
        row[G_NO_REGEN] = stake_vampire
        row[G_SAVE] = save_needed(e_save, s, pierce)
        row[G_WARD] = lady_ward(enemy, ward, s)  # Bretonia: the Blessing of the Lady
        # gst "Ataques flamígeros": "anula Regeneración, las miniaturas Inflamables
        # reciben el doble de heridas" (not against "Inmune a ataques flamígeros")
        row[G_MW] = _MW_DOUBLED[mw] if flaming and enemy.has("flammable") else mw
        wreck_chariot(row, chariot, s)
        row[G_FRENZY_A] = 1
        row[G_FLAMING] = flaming
        # Enanos "Escamas puntiagudas": each armour save passed hits back at this S
        row[G_REBOUND_S] = s if spiky else 0

    def automatic_hits(row: np.ndarray, s: int) -> None:
        """A row of hits that need no roll to hit (impact hits, the Desollador's) at S ``s``."""
        row[G_HIT] = 0
        row[G_POISON] = rules.IMPOSSIBLE
        row[G_WOUND] = (rules.IMPOSSIBLE if unwoundable
                        else max(2, rules.to_wound(min(s, cap), enemy.profile.T)))
        row[G_SAVE] = save_needed(e_save, min(s, cap), False)
        row[G_WARD] = lady_ward(enemy, ward, min(s, cap))
        wreck_chariot(row, chariot, min(s, cap))
        row[G_RANKS] = 1
        row[G_PER_MODEL] = 1

    for kind in (0, 1):
        first = kind == 0
        charging = charged and first
        for g, prof in ((RANK_AND_FILE, unit.profile), (CHAMPION, unit.champion_profile)):
            if g == CHAMPION and not unit.command.champion:
                continue
            if (prof.A == 0 and not unit.random_attacks) or prof.WS == 0:
                continue
            # the champion fights with its own weapon when it has one (Unit.champion_weapon)
            wkey = unit.champion_weapon_key if g == CHAMPION else unit.equipment.weapon
            wg = rules.WEAPONS[wkey]
            cat = _category(unit, charging, wg.strikes_last)
            # "Pistola de Lucca" (pistol_attacks): the blows of this row are the hand
            # weapon's, the pistol's are the crew row below
            # Regimientos de Renombre "Calabaza de vino de Lustria": +D6 S the turn it charges
            s_prof = min(10, prof.S + unit.gourd_strength) if charging else prof.S
            s_eff = rules.weapon_strength(s_prof, "hand_weapon" if wg.pistol_attacks else wkey,
                                          charging=charging, first_round=first)
            if (charging and "choppa" in unit.special and wkey == "hand_weapon"
                    and unit.troop_type in rules.FOOT_TROOP_TYPES):
                s_eff = min(10, s_eff + 1)  # MDNR "Rebanadora": F+1 on the charge, on foot
            if charging and unit.has("strength_on_charge"):
                s_eff = min(10, s_eff + 1)  # "Carga arrolladora", "Carga atronadora": F+1
            if unit.has("slayer") and enemy.profile.T > s_eff:
                s_eff = max(s_eff, min(6, enemy.profile.T))  # MDNR "Matador"
            if stake_s8:
                s_eff = 8  # "Estaca de Sigmar": "Sus impactos se resuelven con F8"
            bracing = braced and first and wkey == "pike"
            if bracing and enemy_charged and enemy.troop_type in BRACED_AGAINST:
                s_eff = min(10, s_eff + 1)  # MDNR "Pica": +1 S against mounted chargers
            # a pistol's shot is armour piercing (RULES.md §1.7); a volley adds attacks
            shot = rules.weapon_shoots(wkey, first_round=first)
            more = wg.extra_attacks + (wg.shot_attacks if shot else 0)
            # Elfos Silvanos "Guardianes de bosquesalvaje": A+1 against a fear- or
            # terror-causing enemy or a monster (odds.special_rules.bretonnia.WILDWOOD_WARDENS)
            more += unit.has("wildwood_wardens") and wardens_foe(enemy)
            pistol = (wg.pistol_attacks if g == RANK_AND_FILE and unit.extra_crew is None
                      else 0)
            if wg.pistol_attacks:
                # the pistol's own blows are the crew row below (a champion in its unit, not
                # a body, fights them all as these)
                shot = False
                more -= pistol
            row = out[g, kind]
            row[G_ACTIVE] = 1
            # random attacks: the roll (state row 14, each round) plus this fixed part
            row[G_ATTACKS] = (prof.A + more if not unit.random_attacks else
                              rules.parse_dice(unit.random_attacks).plus + prof.A
                              - unit.profile.A + more)
            if charging and unit.has("charge_attack"):
                row[G_ATTACKS] += 1  # O&G "Carga devastadora": riders A+1 when they charge
            if unit.has("mounted_hand_weapons"):
                row[G_ATTACKS] += 1  # Elfos Oscuros "Dos armas de mano (... pese a ser
                # caballería)": the riders' extra attack
            if not charging and unit.has("kurnous_wrath"):
                row[G_ATTACKS] += 1  # Elfos Silvanos "La ira de Kurnous": riders A+1 unless
                # in the round of their charge
            row[G_RANDOM] = bool(unit.random_attacks)
            row[G_KEY] = min(_key(cat, prof.I), BRACED_KEY) if bracing else _key(cat, prof.I)
            blows(row, prof.WS, s_eff, ap or shot, first)
            row[G_RANKS] = (rules.fighting_ranks(wkey, charged=charging)
                            + (unit.has("extra_rank") and wkey == "spear")
                            if g == RANK_AND_FILE else 1)  # Altos Elfos "Fila adicional"
            row[G_PER_MODEL] = unit.crew if g == RANK_AND_FILE else 1
            # Reyes Funerarios / Elfos Oscuros "Asalto imparable": "En carga, por cada tirada
            # para herir exitosa ... puede hacer un ataque adicional" (the model's own attacks,
            # not its handlers'; blows.chain_attacks)
            row[G_CHAIN] = charging and unit.has("unstoppable_assault")
            if g == RANK_AND_FILE and unit.has("swallow_whole"):
                swallow(row, unit, cat, kb_foe)
            if unit.has("premonition"):
                # Mercenarios (Hermanas de Sigmar, the Augur) "Premonición": "puede repetir
                # todas las tiradas fallidas para impactar y para herir", every round
                row[G_REROLL] = 1
                row[G_REROLL_WOUND] = 1
            if (charging and unit.has("cold_weapon") and wkey == "hand_weapon"
                    and not unwoundable and not enemy.has("immune_to_cold")):
                # Mercenarios "Arma de frío": "En el turno en que cargan, si sale algún 6 en
                # la tirada para impactar causa una herida adicional de F3" (blows.strike;
                # lost once a flaming attack has wounded the unit); "no afectará a las
                # miniaturas Inmune a frío"
                row[G_COLD] = save_needed(e_save, COLD_STRENGTH, False)
            if pistol:
                # the pistol's blows: one set per model in contact, its shot in the first
                # round (S4, armour piercing), the wielder's S after
                p_shot = rules.weapon_shoots(wkey, first_round=first)
                prow = out[CREW, kind]
                prow[G_ACTIVE] = 1
                prow[G_ATTACKS] = pistol
                prow[G_KEY] = row[G_KEY]
                blows(prow, prof.WS, rules.weapon_strength(
                    prof.S, wkey, charging=charging, first_round=first), ap or p_shot, first)
                prow[G_FRENZY_A] = 0  # frenzy's extra attack is the main row's
                prow[G_RANKS] = 1
                prow[G_PER_MODEL] = unit.crew
        xc = unit.extra_crew
        if xc is not None and xc.A > 0 and xc.WS > 0:
            # a second kind of crew (Bestias "Carro de tuskgors": the "Bestigor" with a great
            # weapon beside the "Ungor"): its own S, I and weapon, the unit's rules, one
            # fighter per model in contact like the steeds
            xw = rules.WEAPONS[xc.weapon]
            s_x = rules.weapon_strength(xc.S, xc.weapon, charging=charging, first_round=first)
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = xc.A + xw.extra_attacks
            row[G_KEY] = _key(_category(unit, charging, xw.strikes_last), xc.I)
            blows(row, xc.WS, s_x, ap, first)
            # the crew's own hatred of a named enemy (a monster's handlers: Elfos Oscuros
            # "Aprendiz", "Odio a los altos elfos"): its blows alone re-roll missed hits
            row[G_REROLL] = ((unit.hates(enemy) or xc.hates(enemy)) and (
                first or unit.has("eternal_hatred"))) or sight
            if xc.handlers:  # the monster's poisoned attacks are not its handlers'
                row[G_POISON] = rules.IMPOSSIBLE
            row[G_RANKS] = 1
            row[G_PER_MODEL] = xc.count
        rf = out[RANK_AND_FILE, kind]
        if unit.has("decapitating_strike") and (xc is not None or unit.random_attacks):
            raise v.OddsInputError(f"{unit.name}: 'decapitating_strike' with a second crew or"
                                   " random attacks is not supported (it uses the crew"
                                   " attack group)")
        if unit.has("decapitating_strike") and rf[G_ACTIVE] and rf[G_ATTACKS] > 0:
            # Reyes Funerarios "Golpe decapitador": "Uno de sus ataques debes realizarlo con
            # un dado de otro color. Ese ataque tiene la regla Heridas múltiples 1D6": one
            # attack of each fighting model, struck with the others, in a group of its own
            row = out[CREW, kind]
            row[:] = rf
            row[G_ATTACKS] = 1
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
            row[G_FRENZY_A] = 0  # a frenzied model's extra attack stays with the others
            row[G_MW] = (MW_ALL if rf[G_MW] == MW_ALL
                         else _MW_DOUBLED[3] if flaming and enemy.has("flammable") else 3)
            rf[G_ATTACKS] -= 1
            if out[CHAMPION, kind, G_ACTIVE]:
                out[CHAMPION, kind, G_ATTACKS] -= 1  # its decapitating blow: the group's
        if unit.has("tongue_attack"):
            if xc is not None or unit.has("decapitating_strike") or out[CREW, kind, G_ACTIVE]:
                raise v.OddsInputError(f"{unit.name}: 'tongue_attack' with a second crew, a"
                                       " pistol or 'decapitating_strike' is not supported (both"
                                       " use the crew attack group)")
            # chaos family: Reinos del Caos (Sapodragón) "Ataque de lengua": "Uno de los
            # Ataques del Sapodragón tiene la regla Siempre Ataca Primero y Ataque Envenenado
            # ... se resuelve con Fuerza 4": one attack per fighting model (the '+1' of its
            # A '4+1'), the -1 to hit it gives in blows.strike
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = TONGUE_ATTACKS
            row[G_KEY] = _key(CAT_ASF, unit.profile.I)
            blows(row, unit.profile.WS, TONGUE_STRENGTH, ap, first)
            if not unwoundable:  # gst "Ataques envenenados" without a roll: 6+
                row[G_POISON] = min(row[G_POISON], 6)
            row[G_FRENZY_A] = 0
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
        if unit.has("skull_crushers"):
            if xc is not None or unit.has("decapitating_strike"):
                raise v.OddsInputError(f"{unit.name}: 'skull_crushers' with a second crew or"
                                       " 'decapitating_strike' is not supported (both use the"
                                       " crew attack group)")
            # Enanos del Caos "Rompecráneos": "realiza 3 ataques en cada fase de combate ...
            # estos ataques impactan automáticamente y se resuelven con F6": attacks, so at
            # the model's Initiative and strike category; its front only (build_units)
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = SKULL_CRUSHER_ATTACKS
            row[G_KEY] = _key(_category(unit, charging, False), unit.profile.I)
            blows(row, unit.profile.WS, SKULL_CRUSHER_STRENGTH, False, first)
            row[G_HIT] = rules.AUTOMATIC
            row[G_REROLL] = 0
            row[G_POISON] = rules.IMPOSSIBLE
            row[G_FRENZY_A] = 0
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
        if unit.has("tail_attack"):
            if xc is not None or out[CREW, kind, G_ACTIVE]:
                raise v.OddsInputError(f"{unit.name}: 'tail_attack' with a second crew, a"
                                       " pistol, 'decapitating_strike' or 'skull_crushers' is"
                                       " not supported (they use the crew attack group)")
            # Mercenarios "Ataque de cola": one more attack of each model at S4 whatever its
            # weapon, at its WS and Initiative; the enemies at its rear only (build_units)
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = 1
            row[G_KEY] = _key(_category(unit, charging, False), unit.profile.I)
            blows(row, unit.profile.WS, TAIL_STRENGTH, ap, first)
            row[G_FRENZY_A] = 0  # a frenzied model's extra attack stays with the others
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
        if unit.has("eternal_guard_style"):
            if out[CREW, kind, G_ACTIVE] or unit.random_attacks:
                raise v.OddsInputError(f"{unit.name}: 'eternal_guard_style' with a second"
                                       " crew, a pistol, random attacks or another rule of the"
                                       " crew attack group is not supported (it uses that"
                                       " group)")
            if rf[G_ACTIVE]:
                # Elfos Silvanos "Estilo de combate de la guardia eterna": "Las miniaturas en
                # contacto peana con peana con el enemigo tienen A+1": one more attack of each
                # model fighting in the front rank, its champion's included (as the crew group
                # of "Golpe decapitador" counts him), struck with the others
                # (odds.special_rules.bretonnia.ETERNAL_GUARD_STYLE)
                row = out[CREW, kind]
                row[:] = rf
                row[G_ATTACKS] = 1
                row[G_FRENZY_A] = 0
                row[G_RANKS] = 1
        if unit.has("dirty_trick"):
            # its attack's group: the crew's, or on foot the steeds' when a pistol has the
            # crew's (Edvard's "Arma de mano" and "Pistola"; a character-like body strikes
            # each group's attacks as they are, whatever the group)
            trick = CREW if not out[CREW, kind, G_ACTIVE] else MOUNT if unit.mount is None \
                else -1
            if (xc is not None or unit.has("decapitating_strike")
                    or unit.has("skull_crushers") or trick < 0):
                raise v.OddsInputError(f"{unit.name}: 'dirty_trick' with a second crew, a"
                                       " pistol on a mount, 'decapitating_strike' or"
                                       " 'skull_crushers' is not supported (they use the"
                                       " crew attack group)")
            if rf[G_ACTIVE]:
                # Espadas de Manann "Juego sucio": "Antes de calcular la resolución de
                # combate, si Edvard está vivo, puede hacer un ataque adicional; este ataque
                # final se resuelve con Golpe Letal": one attack of its blows, after all others
                row = out[trick, kind]
                row[:] = rf
                row[G_ATTACKS] = 1
                row[G_KEY] = DIRTY_TRICK_KEY
                row[G_FRENZY_A] = 0
                row[G_RANDOM] = 0
                row[G_RANKS] = 1
                row[G_PER_MODEL] = 1
                row[G_KB] = (enemy.troop_type in _MAN_SIZED and not unwoundable
                             and not enemy.has("immune_to_killing_blow"))
        m = unit.mount
        if m is not None and (m.A > 0 or m.random_attacks) and m.WS > 0:
            row = out[MOUNT, kind]
            row[G_ACTIVE] = 1
            # MDNR "Empalar" (Orcos y Goblins boars: "F+2 en carga"): the steeds' charge bonus
            s_m = min(10, m.S + m.charge_bonus) if charging else m.S
            # the steeds' own rules (MDNR Reinos del Caos "Siempre ataca primero (sólo
            # Corcel)", "Ataques envenenados 6+ (sólo Corcel)", "Ataques mágicos (sólo
            # Juggernaut)"): their blows only, on top of the unit's rules that reach them
            m_ward, m_unwoundable = ward, unwoundable
            if m.has("magic_attacks") and not magic:  # no daemonic aura, ethereal wounded
                m_ward = prey_ward(enemy, unit, own_ward(enemy, True))
                if unit.has("flaming_attacks") and enemy.has("flame_ward"):
                    m_ward = min(m_ward, 5)  # as the unit's ward above
                m_unwoundable = skaven  # a Skaven steed's magic attacks: "Inmune a disformidad"
            elif m.has("mundane_attacks") and magic:
                # the riders' magic attacks only (Reyes Funerarios "Ataques mágicos (sólo
                # Caballero y Capitán)"): the steeds' blows meet the aura and the ethereal
                m_ward = prey_ward(enemy, unit, own_ward(enemy, False))
                if unit.has("flaming_attacks") and enemy.has("flame_ward"):
                    m_ward = min(m_ward, 5)
                m_unwoundable = enemy.has("ethereal") and not unit.has("ethereal")
            # random attacks (MountProfile.random_attacks): the roll (state row 14, each
            # round, G_RANDOM) plus the dice's fixed part
            row[G_ATTACKS] = rules.parse_dice(m.random_attacks).plus if m.random_attacks else m.A
            row[G_RANDOM] = bool(m.random_attacks)
            row[G_KEY] = _key(CAT_ASF if unit.has("always_strikes_first")
                              or m.has("always_strikes_first")
                              else CAT_CHARGER if charging else CAT_INITIATIVE, m.I)
            row[G_HIT] = clamp_hit(rules.to_hit(m.WS, enemy.profile.WS))
            row[G_POISON] = (m.poisoned or rules.IMPOSSIBLE) if not m_unwoundable \
                else rules.IMPOSSIBLE
            row[G_WOUND] = (rules.IMPOSSIBLE if m_unwoundable
                            else max(2, rules.to_wound(min(s_m, cap), enemy.profile.T)))
            row[G_SAVE] = save_needed(e_save, min(s_m, cap), False)
            row[G_WARD] = lady_ward(enemy, m_ward, min(s_m, cap))
            wreck_chariot(row, chariot, min(s_m, cap))
            row[G_RANKS] = 1
            row[G_PER_MODEL] = m.count
        _vomit(out, unit, enemy, kind, e_save, ward, unwoundable)
        if unit.has("burning_body") and not enemy.has("immune_to_flaming"):
            if unit.impact_hits or unit.has("ogre_charge"):
                raise v.OddsInputError(f"{unit.name}: 'burning_body' with impact hits is not"
                                       f" supported (both use the impact attack group)")
            # Enanos del Caos "Cuerpo ardiente": "Al inicio de la fase de combate cuerpo a
            # cuerpo (después de impactos por carga) toda miniatura ... en contacto ... recibe
            # un impacto automático de F4 con Ataques flamígeros"
            row = out[IMPACT, kind]
            row[G_ACTIVE] = 1
            row[G_BURNING] = 1
            row[G_ATTACKS] = 1
            row[G_KEY] = _key(CAT_IMPACT, 10) + 1  # right after impact hits
            row[G_HIT] = 0
            row[G_POISON] = rules.IMPOSSIBLE
            row[G_WOUND] = (rules.IMPOSSIBLE if unwoundable
                            else max(2, rules.to_wound(BURNING_STRENGTH - fire,
                                                       enemy.profile.T)))
            row[G_SAVE] = save_needed(e_save, BURNING_STRENGTH - fire, False)
            row[G_WARD] = lady_ward(enemy, min(ward, 5) if enemy.has("flame_ward") else ward,
                                    BURNING_STRENGTH - fire)
            row[G_MW] = _MW_DOUBLED[0] if enemy.has("flammable") else 0
            row[G_FLAMING] = 1
            row[G_RANKS] = 1
            row[G_PER_MODEL] = 1
        if unit.has("death_whirl"):
            if unit.impact_hits or unit.has("ogre_charge") or unit.has("burning_body"):
                raise v.OddsInputError(f"{unit.name}: 'death_whirl' with impact hits or"
                                       f" 'burning_body' is not supported (all use the impact"
                                       f" attack group)")
            # Enanos "Torbellino de muerte": "al inicio de la fase de combate cuerpo a cuerpo
            # (antes, incluso, que los Impactos por carga de un carro) cada miniatura enemiga
            # en contacto ... reciben un impacto de F5" (blows.whirl_hits counts them)
            row = out[IMPACT, kind]
            row[G_ACTIVE] = 1
            row[G_WHIRL] = 1
            row[G_ATTACKS] = 1
            row[G_KEY] = _key(CAT_IMPACT, 10) - 1  # before impact hits
            automatic_hits(row, WHIRL_STRENGTH)
        if (unit.impact_hits or ogre_charge) and charging:
            if unit.impact_hits:
                n, sides, plus = _dice_code(unit.impact_hits)
                s_imp = (unit.impact_strength if unit.impact_strength is not None
                         else unit.profile.S)
            else:  # "Arremetida": one hit per model in contact, at the strength worked out
                n, sides, plus, s_imp = 0, 6, 1, ogre_charge
            row = out[IMPACT, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = plus
            row[G_IMPACT_DICE] = n
            row[G_IMPACT_SIDES] = sides
            row[G_KEY] = _key(CAT_IMPACT, 10)
            automatic_hits(row, s_imp)
        if unit.has("flayer"):
            if (xc is not None or unit.has("decapitating_strike") or unit.has("skull_crushers")
                    or unit.has("dirty_trick") or out[CREW, kind, G_ACTIVE]
                    or not unit.impact_hits):
                raise v.OddsInputError(f"{unit.name}: 'flayer' needs impact hits and the crew"
                                       " attack group (not with a second crew, a pistol,"
                                       " 'decapitating_strike', 'skull_crushers' or"
                                       " 'dirty_trick')")
            # Demonios "Desollador": "después de realizar los ataques de ambos bandos ... pero
            # antes de calcular el resultado del combate, y siempre que el Desollador no haya
            # sido aniquilado ... el Desollador hace 1D6 impactos de su Fuerza (F5)": every
            # round, 1D6 automatic hits of each model in contact (its impact strength), after
            # every other step (fighters.attacks_of rolls the dice of a crew row that has them)
            s_fl = unit.impact_strength if unit.impact_strength is not None else unit.profile.S
            row = out[CREW, kind]
            row[G_ACTIVE] = 1
            row[G_ATTACKS] = 0
            row[G_IMPACT_DICE] = 1
            row[G_IMPACT_SIDES] = 6
            row[G_KEY] = DIRTY_TRICK_KEY
            automatic_hits(row, s_fl)
    # Enanos "Torbellino de muerte": "Los supervivientes pueden luchar de forma habitual,
    # pero con un -1 a la tirada para impactar": as "hard_to_hit"
    hard = enemy.has("hard_to_hit") or enemy.has("death_whirl")
    modifier = np.full(N_GROUPS, int(hard) - int(omens), np.int64)
    if enemy.has("hard_to_hit_supernatural"):
        # Regimientos de Renombre "Resistencia elevada a lo sobrenatural": "cualquier
        # miniatura de tipo Demonio, No Muerto o Espíritu del Bosque, o que tenga Ataques
        # mágicos, tiene un -1 a impactar": the unit's race, or magic blows (the steeds'
        # own: their magic attacks, or the unit's unless theirs are mundane)
        kind_of = not unit.tags.isdisjoint(SUPERNATURAL)
        modifier[:] += kind_of or magic
        if unit.mount is not None:
            m = unit.mount
            modifier[MOUNT] += (kind_of or m.has("magic_attacks")
                                or (magic and not m.has("mundane_attacks"))) - (kind_of or magic)
    # Regimientos de Renombre "Estandarte del Oso": +1 to hit in the first round (kind 0),
    # summed with the others before bounding; G_STD_HIT keeps the need without it, which the
    # kernel takes once the standard bearer has fallen (blows.strike)
    bonus = np.array([int(bear), 0], np.int64)
    hit = out[:, :, G_HIT]
    rolled = (hit > 0) & (hit < rules.IMPOSSIBLE)
    out[:, :, G_STD_HIT] = np.where(rolled, np.clip(hit + modifier[:, None], 2, 6),
                                    hit) if modifier.any() else hit
    if modifier.any() or bear:
        hit[rolled] = np.clip(hit + modifier[:, None] - bonus[None, :], 2, 6)[rolled]
    if unit.has("mechanical_claws"):
        # Demonios "Garras mecánicas": the grabbed model's Initiative test (a D6 above its I
        # fails, a 6 always: "un 6 siempre es un fallo", the MDNR wording of the I test);
        # the highest I of a ridden model (its rider's or its steed's); the claws are the
        # model's hand weapon, so all its own blows (rank and file, champion)
        i_test = max(enemy.profile.I, enemy.mount.I if enemy.mount is not None else 0)
        for g in (RANK_AND_FILE, CHAMPION):
            out[g, :, G_GRAB] = np.where(out[g, :, G_ACTIVE] != 0, min(i_test, 5) + 1, 0)
    if charged and in_lance(unit) and out[RANK_AND_FILE, 0, G_ACTIVE]:
        # Bretonia "Formación en lanza": "en el turno en que cargan, los jinetes (y sus
        # monturas) en los flancos de la unidad pueden atacar" (fighters.start_fighters)
        out[RANK_AND_FILE, 0, G_LANCE] = 1
    if unit.has("ice_weapons"):
        # chaos family: Reinos Ogros (Yehtis) "Armas de hielo": once a flaming hit melts them
        # (blows.strike), the rows of a mundane hand weapon (an enemy the melted blows cannot
        # wound is never hit); before, an enemy "Inmune a frío" is never hit ("se considera
        # como si los yethis fallasen todas las tiradas para impactar")
        plain = tuple(r for r in unit.special if r not in ("ice_weapons", "magic_attacks"))
        melted = _groups(unit.replace(special=plain), enemy, charged, braced, enemy_charged,
                         ogre_charge, omens, bear)
        out[:, :, G_ICE_HIT] = np.where(melted[:, :, G_WOUND] >= rules.IMPOSSIBLE,
                                        rules.IMPOSSIBLE, melted[:, :, G_HIT])
        out[:, :, G_ICE_WARD] = melted[:, :, G_WARD]
        if enemy.has("immune_to_cold"):
            out[:, :, G_HIT] = rules.IMPOSSIBLE
            out[:, :, G_STD_HIT] = rules.IMPOSSIBLE
            out[:, :, G_POISON] = rules.IMPOSSIBLE
            out[:, :, G_GRAB] = 0
    if unit.has("spares_vampires") and "vampire" in enemy.tags:
        # Regimientos de Renombre "¿Y si es él?": "se considera que fallan todos sus ataques
        # contra miniaturas de tipo Vampiro"
        out[:, :, G_HIT] = rules.IMPOSSIBLE
        out[:, :, G_STD_HIT] = rules.IMPOSSIBLE
        out[:, :, G_POISON] = rules.IMPOSSIBLE
        out[:, :, G_GRAB] = 0
    return out


SLAYER_WEAPONS = ("additional_hand_weapon", "great_weapon")
"""MDNR Enanos "Hachas de matador": "dos armas de mano y un arma a dos manos"."""


def slayer_weapon(unit: Unit, enemy: Unit, charged: bool) -> Unit:
    """``unit`` with the weapon it fights this combat with (MDNR Enanos "Hachas de matador").

    "Al principio de cualquier combate puede elegir si lucha con dos armas de mano o con arma
    a dos manos (luchará con lo mismo durante todo el combate)": a unit with
    ``slayer_axes`` takes the one whose rank and file are expected to cause ``enemy`` more
    unsaved wounds over a first and a later round
    (:func:`~odds.combat.model.thresholds.expected_unsaved`; strike order is left out of the
    choice; two hand weapons on a tie).  Other units are returned as
    they are.
    """
    if not unit.has("slayer_axes"):
        return unit
    best, best_score = unit, -1.0
    for weapon in SLAYER_WEAPONS:
        armed = unit.replace(equipment=unit.equipment.replace(weapon=weapon))
        rows = _groups(armed, enemy, charged)[RANK_AND_FILE]
        score = sum(expected_unsaved(rows[k]) * int(rows[k, G_PER_MODEL])
                    for k in (0, 1) if rows[k, G_ACTIVE])
        if score > best_score:
            best, best_score = armed, score
    return best
