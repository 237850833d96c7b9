"""Attack groups: the ``G_*`` rows of a unit against an enemy unit (RULES.md §1.2-§1.7).

Rank and file, champion, steeds, impact hits and crew
(:data:`~odds.combat.model.layout.RANK_AND_FILE` .. :data:`~odds.combat.model.layout.CREW`),
for the first round and for later rounds: to hit, to wound, saves, strike-order keys and the
blow rules that depend on who the enemy is; and the weapon a unit with MDNR Enanos "Hachas de
matador" fights a combat with (:func:`slayer_weapon`).
"""

from __future__ import annotations

from dataclasses import dataclass

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
    G_FEAST,
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
    N_KINDS,
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
from odds.special_rules.bretonnia import (
    DEFAULT_DANCES,
    dance_attacks,
    danced,
    in_lance,
    lady_ward,
    prey_ward,
    wardens_foe,
)
from odds.special_rules.chaos import malal_foe
from odds.special_rules.chaos_monsters import TONGUE_ATTACKS, TONGUE_STRENGTH
from odds.special_rules.wards import own_ward
from odds.units import MountProfile, Profile, Unit

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


@dataclass(frozen=True)
class _Foe:
    """What the blows of ``unit`` meet in ``enemy``: the thresholds that depend on both.

    Built by :func:`_foe`; :meth:`blows` and :meth:`automatic_hits` fill a row of
    the unit's blows with them.

    Attributes
    ----------
    unit, enemy : Unit
        The unit striking and the unit struck.
    e_save : int
        The enemy's armour save.
    ap : bool
        The unit's blows are armour piercing.
    kb_foe : bool
        The enemy can be slain by killing blows (gst "Golpe letal": infantry and cavalry,
        man-sized, not immune to it).
    kb : bool
        The unit's blows are killing blows against it.
    poison : int
        The to-hit roll at which the unit's blows are poisoned (``rules.IMPOSSIBLE``: never).
    magic : bool
        The unit has magic attacks.
    ward : int
        The enemy's ward save against the unit's blows.
    unwoundable : bool
        Nothing of the unit's blows can wound the enemy.
    warp_immune : bool
        A Skaven unit against an enemy "Inmune a disformidad".
    mw : int
        The code of the unit's multiple wounds (:data:`_MW_CODE`).
    cap : int
        The Strength the unit's hits count at most.
    chariot : bool
        The enemy is wrecked by blows of S7 or more (:func:`wreck_chariot`).
    flaming : bool
        The unit's blows are flaming against this enemy.
    fire : int
        The Strength the enemy takes off flaming blows.
    sight : bool
        The unit re-rolls its missed hits against the enemy in every round.
    spiky : bool
        Each armour save the enemy passes hits back.
    staff : bool
        The unit's blows wound the enemy automatically (Regimientos de Renombre "Báculo
        sagrado": "Hiere automáticamente a las miniaturas de tipo No Muerto, Demonio o
        Skaven").
    no_regen : bool
        The enemy cannot regenerate the unit's wounds ("Estaca de Sigmar" against a Vampire:
        "los Vampiros no pueden usar Regeneración contra los impactos de la Estaca").
    """

    unit: Unit
    enemy: Unit
    e_save: int
    ap: bool
    kb_foe: bool
    kb: bool
    poison: int
    magic: bool
    ward: int
    unwoundable: bool
    warp_immune: bool
    mw: int
    cap: int
    chariot: bool
    flaming: bool
    fire: int
    sight: bool
    spiky: bool
    staff: bool
    no_regen: bool

    def blows(self, row: np.ndarray, ws: int, s: int, pierce: bool, first: bool) -> None:
        """To hit, to wound, saves and the blow rules of a row of the unit's own blows."""
        unit, enemy = self.unit, self.enemy
        s = min(s - self.fire * self.flaming, self.cap)
        row[G_HIT] = clamp_hit(rules.to_hit(ws, enemy.profile.WS))
        # MDNR gst "Odio": re-roll missed hits in the first round against the hated
        # enemy (every enemy, or one whose army/race tag the unit hates); Elfos Oscuros
        # "Odio eterno": in every round
        row[G_REROLL] = ((unit.hates(enemy) and (first or unit.has("eternal_hatred")))
                         or self.sight)
        row[G_POISON] = self.poison
        row[G_WOUND] = (rules.IMPOSSIBLE if self.unwoundable else 1 if self.staff
                        else max(2, rules.to_wound(s, enemy.profile.T)))
        row[G_KB] = self.kb
        row[G_NO_REGEN] = self.no_regen
        row[G_SAVE] = save_needed(self.e_save, s, pierce)
        row[G_WARD] = lady_ward(enemy, self.ward, s)  # Bretonia: the Blessing of the Lady
        # gst "Ataques flamígeros": "anula Regeneración, las miniaturas Inflamables
        # reciben el doble de heridas" (not against "Inmune a ataques flamígeros")
        row[G_MW] = _MW_DOUBLED[self.mw] if self.flaming and enemy.has("flammable") else self.mw
        wreck_chariot(row, self.chariot, s)
        row[G_FRENZY_A] = 1
        row[G_FLAMING] = self.flaming
        # Enanos "Escamas puntiagudas": each armour save passed hits back at this S
        row[G_REBOUND_S] = s if self.spiky else 0

    def automatic_hits(self, row: np.ndarray, s: int) -> None:
        """A row of hits that need no roll to hit (impact hits, the Desollador's) at S ``s``."""
        s = min(s, self.cap)
        row[G_HIT] = 0
        row[G_POISON] = rules.IMPOSSIBLE
        row[G_WOUND] = (rules.IMPOSSIBLE if self.unwoundable
                        else max(2, rules.to_wound(s, self.enemy.profile.T)))
        row[G_SAVE] = save_needed(self.e_save, s, False)
        row[G_WARD] = lady_ward(self.enemy, self.ward, s)
        wreck_chariot(row, self.chariot, s)
        row[G_RANKS] = 1
        row[G_PER_MODEL] = 1


def _unwoundable(unit: Unit, enemy: Unit, magic: bool, warp_immune: bool) -> bool:
    """Whether nothing of ``unit``'s blows can wound ``enemy``.

    gst "Etéreos": wounded only by magic attacks or by other ethereal creatures; Monstruos
    Arcanos "Inmune a disformidad": "ninguna arma mágica ni ataque mágico Skaven puede
    herir al Dragón de Disformidad (... incluso aquellas que pudieran herir
    automáticamente)"; Condes Vampiro "Garras (arma de mano)": "Ataque de frío, por lo que
    las miniaturas Inmunes a frío nunca recibirán heridas de un Demonio de los Lamentos".
    """
    return ((enemy.has("ethereal") and not magic and not unit.has("ethereal"))
            or (warp_immune and magic)
            or (unit.has("cold_attacks") and enemy.has("immune_to_cold")))


def _enemy_ward(unit: Unit, enemy: Unit, magic: bool) -> int:
    """``enemy``'s ward save against blows of ``unit`` that are ``magic`` or not.

    Demonios "Aura Demoníaca", Elfos Silvanos "Espíritu del bosque": ward 5+, not against
    magic attacks (:func:`~odds.special_rules.wards.own_ward`); Elfos Oscuros "Presa de
    Slaanesh" (:func:`~odds.special_rules.bretonnia.prey_ward`); Enanos del Caos "Armadura
    negra": 5+ against flaming attacks.
    """
    ward = prey_ward(enemy, unit, own_ward(enemy, magic))
    if unit.has("flaming_attacks") and enemy.has("flame_ward"):
        ward = min(ward, 5)
    return ward


def _otherworldly_sight(unit: Unit, enemy: Unit) -> bool:
    """Whether ``unit`` re-rolls its missed hits against ``enemy`` in every round.

    Bestias (Cigor) "Visión ultraterrena": "Repite las tiradas para impactar a todas las
    miniaturas de tipo Hechicero, No Muerto, Demonio, Vegetal, o Espíritu"; Reinos del Caos
    "Marca de Malal": against Chaos, Skaven and undead
    (:func:`~odds.special_rules.chaos.malal_foe`).
    """
    sight = unit.has("otherworldly_sight") and (
        enemy.has("wizard") or not enemy.damage_tags.isdisjoint(SUPERNATURAL))
    return sight or (unit.has("mark_of_malal") and malal_foe(enemy))


def _foe(unit: Unit, enemy: Unit) -> _Foe:
    """What the blows of ``unit`` meet in ``enemy`` (:class:`_Foe`).

    Killing blows against man-sized enemies not immune to them (gst "Golpe letal"); no
    poison nor killing blow where nothing wounds; multiple wounds D6 against a dragon
    (Regimientos de Renombre "Hacha de Ulther": "contra miniaturas de tipo Dragón, tiene
    además la regla Heridas múltiples (1D6)"); hits at S7 at most on a stone monstrosity;
    a chariot wrecked by S7+ (game system "Carro", :func:`wreck_chariot`; Skaven "Impactos
    de F7", ``wrecked_by_s7``, likewise; Imperio "Resistente", "Carro (Regla especial del
    Altar)": ``unwreckable``); flaming blows one S weaker against Orcos y Goblins
    "Resistencia al fuego" ("Cualquier impacto con la regla Ataques flamígeros que impacte
    en un Kobold de Fuego reduce en 1 su Fuerza"); Regimientos de Renombre "Estaca de
    Sigmar" (Estalia "Estaca de Myrmidia"): "Además, tiene Golpe Letal contra miniaturas de
    tipo Vampiro ...; los Vampiros no pueden usar Regeneración contra los impactos de la
    Estaca"; "Báculo sagrado" (:attr:`_Foe.staff`).
    """
    magic = unit.has("magic_attacks")
    kb_foe = enemy.troop_type in _MAN_SIZED and not enemy.has("immune_to_killing_blow")
    warp_immune = "skaven" in unit.tags and enemy.has("warp_immune")
    unwoundable = _unwoundable(unit, enemy, magic, warp_immune)
    mw = _MW_CODE[unit.multiple_wounds]
    if unit.has("dragon_bane") and enemy.has("dragon"):
        mw = max(mw, _MW_CODE["d6"])
    stake_vampire = unit.has("sigmar_stake") and "vampire" in enemy.damage_tags
    kb = ((unit.has("killing_blow") and kb_foe)
          or (stake_vampire and not enemy.has("immune_to_killing_blow")))
    return _Foe(
        unit=unit, enemy=enemy, e_save=enemy.armour_save, ap=unit.has("armour_piercing"),
        kb_foe=kb_foe, kb=kb and not unwoundable,
        poison=rules.IMPOSSIBLE if unwoundable else unit.poisoned or rules.IMPOSSIBLE,
        magic=magic, ward=_enemy_ward(unit, enemy, magic), unwoundable=unwoundable,
        warp_immune=warp_immune, mw=mw, cap=7 if enemy.has("stone_monstrosity") else 10,
        chariot=((enemy.troop_type == "chariot" or enemy.has("wrecked_by_s7"))
                 and not enemy.has("unwreckable")),
        flaming=unit.has("flaming_attacks") and not enemy.has("immune_to_flaming"),
        fire=1 if enemy.has("fire_resistance") else 0,
        sight=_otherworldly_sight(unit, enemy), spiky=enemy.has("spiky_scales"),
        staff=unit.has("sacred_staff") and not enemy.damage_tags.isdisjoint(
            {"undead", "daemon", "skaven"}),
        no_regen=stake_vampire)


def _blow_strength(unit: Unit, enemy: Unit, prof: Profile, wkey: str, charging: bool,
                   first: bool, bracing: bool, enemy_charged: bool) -> int:
    """The Strength of the blows of a model with profile ``prof`` and weapon ``wkey``.

    The weapon's (RULES.md §1.7; a pistol's blows here are the hand weapon's, its own are
    the crew row); on the charge, Regimientos de Renombre "Calabaza de vino de Lustria"
    (+D6 S), MDNR "Rebanadora" (S+1 on foot with a hand weapon), "Carga arrolladora" and
    "Carga atronadora" (S+1); MDNR "Matador" (the enemy's T, up to 6); Regimientos de
    Renombre "Estaca de Sigmar": "Sus impactos se resuelven con F8 contra miniaturas de tipo
    No Muerto o Demonio"; MDNR "Pica" braced against mounted chargers (S+1).
    """
    wg = rules.WEAPONS[wkey]
    s_prof = min(10, prof.S + unit.gourd_strength) if charging else prof.S
    s_eff = rules.weapon_strength(s_prof, "hand_weapon" if wg.pistol_attacks else wkey,
                                  charging=charging, first_round=first)
    if (charging and "choppa" in unit.special and wkey == "hand_weapon"
            and unit.troop_type in rules.FOOT_TROOP_TYPES):
        s_eff = min(10, s_eff + 1)
    if charging and unit.has("strength_on_charge"):
        s_eff = min(10, s_eff + 1)
    if unit.has("slayer") and enemy.profile.T > s_eff:
        s_eff = max(s_eff, min(6, enemy.profile.T))
    if unit.has("sigmar_stake") and not enemy.damage_tags.isdisjoint({"undead", "daemon"}):
        s_eff = 8
    if bracing and enemy_charged and enemy.troop_type in BRACED_AGAINST:
        s_eff = min(10, s_eff + 1)
    return s_eff


def _attacks(unit: Unit, prof: Profile, more: int, charging: bool) -> int:
    """The fixed attacks of a model with profile ``prof`` and ``more`` from its weapon.

    With random attacks, the dice's fixed part and the profile's A over the unit's (the
    roll, state row 14, is added each round); O&G "Carga devastadora": A+1 on the charge;
    Elfos Oscuros "Dos armas de mano (... pese a ser caballería)": the riders' extra
    attack; Elfos Silvanos "La ira de Kurnous": A+1 unless in the round of the charge.
    """
    attacks = (prof.A + more if not unit.random_attacks else
               rules.parse_dice(unit.random_attacks).plus + prof.A - unit.profile.A + more)
    attacks += charging and unit.has("charge_attack")
    attacks += unit.has("mounted_hand_weapons")
    attacks += not charging and unit.has("kurnous_wrath")
    return attacks


def _own_blows(out: np.ndarray, g: int, kind: int, foe: _Foe, charged: bool, braced: bool,
               enemy_charged: bool) -> None:
    """The row of the rank and file (``g`` :data:`RANK_AND_FILE`) or of the champion.

    The model's weapon (the champion's own, :attr:`Unit.champion_weapon`), its Strength
    (:func:`_blow_strength`) and attacks (:func:`_attacks`; a volley's shots and Elfos
    Silvanos "Guardianes de bosquesalvaje": A+1 against a fear- or terror-causing enemy
    or a monster), its strike order (pikes braced: :data:`BRACED_KEY`), the ranks that
    fight; a pistol's own blows go to the crew row (:func:`_pistol_blows`).  No row for a
    champion not in the command group, nor for a profile without attacks or WS.
    """
    unit, enemy = foe.unit, foe.enemy
    prof = unit.profile if g == RANK_AND_FILE else unit.champion_profile
    if g == CHAMPION and not unit.command.champion:
        return
    if (prof.A == 0 and not unit.random_attacks) or prof.WS == 0:
        return
    first = kind == 0
    charging = charged and first
    wkey = unit.champion_weapon_key if g == CHAMPION else unit.equipment.weapon
    wg = rules.WEAPONS[wkey]
    cat = _category(unit, charging, wg.strikes_last)
    bracing = braced and first and wkey == "pike"
    s_eff = _blow_strength(unit, enemy, prof, wkey, charging, first, bracing, enemy_charged)
    # a pistol's shot is armour piercing (RULES.md §1.7); a volley adds attacks
    shot = rules.weapon_shoots(wkey, first_round=first)
    more = wg.extra_attacks + (wg.shot_attacks if shot else 0)
    more += unit.has("wildwood_wardens") and wardens_foe(enemy)
    pistol = wg.pistol_attacks if g == RANK_AND_FILE and unit.extra_crew is None else 0
    if wg.pistol_attacks:
        # the pistol's own blows are the crew row below (a champion in its unit, not a
        # body, fights them all as these)
        shot = False
        more -= pistol
    row = out[g, kind]
    row[G_ACTIVE] = 1
    row[G_ATTACKS] = _attacks(unit, prof, more, charging)
    row[G_RANDOM] = bool(unit.random_attacks)
    row[G_KEY] = min(_key(cat, prof.I), BRACED_KEY) if bracing else _key(cat, prof.I)
    foe.blows(row, prof.WS, s_eff, foe.ap or shot, first)
    row[G_RANKS] = (rules.fighting_ranks(wkey, charged=charging)
                    + (unit.has("extra_rank") and wkey == "spear")
                    if g == RANK_AND_FILE else 1)  # Altos Elfos "Fila adicional"
    row[G_PER_MODEL] = unit.crew if g == RANK_AND_FILE else 1
    # Reyes Funerarios / Elfos Oscuros "Asalto imparable": "En carga, por cada tirada para
    # herir exitosa ... puede hacer un ataque adicional" (the model's own attacks, not its
    # handlers'; blows.chain_attacks)
    row[G_CHAIN] = charging and unit.has("unstoppable_assault")
    if g == RANK_AND_FILE and unit.has("swallow_whole"):
        swallow(row, unit, cat, foe.kb_foe)
    # Elfos Oscuros "Festín de huesos": the Kharibdyss's own blows (blows.feast)
    row[G_FEAST] = g == RANK_AND_FILE and unit.has("feast_of_bones")
    _own_blow_rules(row, foe, wkey, charging)
    if pistol:
        _pistol_blows(out[CREW, kind], row, foe, prof, wkey, pistol, charging, first)


def _own_blow_rules(row: np.ndarray, foe: _Foe, wkey: str, charging: bool) -> None:
    """The rules of a row of the unit's own blows that act on every roll: re-rolls, cold.

    Mercenarios (Hermanas de Sigmar, the Augur) "Premonición": "puede repetir todas las
    tiradas fallidas para impactar y para herir", every round; Reinos Ogros "Afortunados"
    (``lucky``): "pueden repetir cualquier tirada", its failed ones.  Mercenarios "Arma de
    frío": "En el turno en que cargan, si sale algún 6 en la tirada para impactar causa
    una herida adicional de F3" (blows.strike; lost once a flaming attack has wounded the
    unit); "no afectará a las miniaturas Inmune a frío".
    """
    unit = foe.unit
    if unit.has("premonition") or unit.has("lucky"):
        row[G_REROLL] = 1
        row[G_REROLL_WOUND] = 1
    if (charging and unit.has("cold_weapon") and wkey == "hand_weapon"
            and not foe.unwoundable and not foe.enemy.has("immune_to_cold")):
        row[G_COLD] = save_needed(foe.e_save, COLD_STRENGTH, False)


def _pistol_blows(prow: np.ndarray, row: np.ndarray, foe: _Foe, prof: Profile, wkey: str,
                  pistol: int, charging: bool, first: bool) -> None:
    """The crew row ``prow`` as the blows of the rank and file's pistols ("Pistola de Lucca").

    One set per model in contact, striking with the rank and file's ``row``; its shot in
    the first round (S4, armour piercing), the wielder's S after.
    """
    p_shot = rules.weapon_shoots(wkey, first_round=first)
    prow[G_ACTIVE] = 1
    prow[G_ATTACKS] = pistol
    prow[G_KEY] = row[G_KEY]
    foe.blows(prow, prof.WS, rules.weapon_strength(
        prof.S, wkey, charging=charging, first_round=first), foe.ap or p_shot, first)
    prow[G_FRENZY_A] = 0  # frenzy's extra attack is the main row's
    prow[G_RANKS] = 1
    prow[G_PER_MODEL] = foe.unit.crew


def _second_crew(out: np.ndarray, kind: int, foe: _Foe, charging: bool) -> None:
    """The crew row as a second kind of crew (:attr:`Unit.extra_crew`), when it fights.

    Bestias "Carro de tuskgors": the "Bestigor" with a great weapon beside the "Ungor": its
    own S, I and weapon, the unit's rules, one fighter per model in contact like the
    steeds.  The crew's own hatred of a named enemy (a monster's handlers: Elfos Oscuros
    "Aprendiz", "Odio a los altos elfos") re-rolls its blows' missed hits alone; the
    monster's poisoned attacks are not its handlers'.
    """
    unit, enemy, xc = foe.unit, foe.enemy, foe.unit.extra_crew
    if xc is None or xc.A <= 0 or xc.WS <= 0:
        return
    first = kind == 0
    xw = rules.WEAPONS[xc.weapon]
    s_x = rules.weapon_strength(xc.S, xc.weapon, charging=charging, first_round=first)
    row = out[CREW, kind]
    row[G_ACTIVE] = 1
    row[G_ATTACKS] = xc.A + xw.extra_attacks
    row[G_KEY] = _key(_category(unit, charging, xw.strikes_last), xc.I)
    foe.blows(row, xc.WS, s_x, foe.ap, first)
    row[G_REROLL] = ((unit.hates(enemy) or xc.hates(enemy)) and (
        first or unit.has("eternal_hatred"))) or foe.sight
    if xc.handlers:
        row[G_POISON] = rules.IMPOSSIBLE
    row[G_RANKS] = 1
    row[G_PER_MODEL] = xc.count


def _one_more_blow(row: np.ndarray, rf: np.ndarray) -> None:
    """Make ``row`` one attack of each fighting model of the rank and file's row ``rf``.

    Struck with the others; a frenzied model's extra attack stays with them.
    """
    row[:] = rf
    row[G_ATTACKS] = 1
    row[G_FRENZY_A] = 0
    row[G_RANKS] = 1


def _decapitating_strike(out: np.ndarray, kind: int, foe: _Foe) -> None:
    """Reyes Funerarios "Golpe decapitador" in the crew row.

    "Uno de sus ataques debes realizarlo con un dado de otro color. Ese ataque tiene la
    regla Heridas múltiples 1D6": one attack of each fighting model, struck with the
    others, in a group of its own (taken from the rank and file's and the champion's).
    Not with a second crew or random attacks (an input error).
    """
    unit = foe.unit
    if not unit.has("decapitating_strike"):
        return
    if unit.extra_crew is not None or unit.random_attacks:
        raise v.OddsInputError(f"{unit.name}: 'decapitating_strike' with a second crew or"
                               " random attacks is not supported (it uses the crew"
                               " attack group)")
    rf = out[RANK_AND_FILE, kind]
    if not (rf[G_ACTIVE] and rf[G_ATTACKS] > 0):
        return
    row = out[CREW, kind]
    _one_more_blow(row, rf)
    row[G_PER_MODEL] = 1
    row[G_MW] = (MW_ALL if rf[G_MW] == MW_ALL
                 else _MW_DOUBLED[3] if foe.flaming and foe.enemy.has("flammable") else 3)
    rf[G_ATTACKS] -= 1
    if out[CHAMPION, kind, G_ACTIVE]:
        out[CHAMPION, kind, G_ATTACKS] -= 1  # its decapitating blow: the group's


def _crew_row_attack(out: np.ndarray, kind: int, foe: _Foe, attacks: int, key: int,
                     strength: int, pierce: bool) -> np.ndarray:
    """Fill the crew row with ``attacks`` of each fighting model at ``strength``; return it.

    At the model's WS, with strike-order ``key``; one per model in contact, a frenzied
    model's extra attack staying with its other blows.
    """
    unit = foe.unit
    row = out[CREW, kind]
    row[G_ACTIVE] = 1
    row[G_ATTACKS] = attacks
    row[G_KEY] = key
    foe.blows(row, unit.profile.WS, strength, pierce, kind == 0)
    return row


def _finish_crew_row(row: np.ndarray) -> None:
    """One fighter's blows per model in contact; frenzy's extra attack stays with the others."""
    row[G_FRENZY_A] = 0
    row[G_RANKS] = 1
    row[G_PER_MODEL] = 1


def _tongue_attack(out: np.ndarray, kind: int, foe: _Foe) -> None:
    """Reinos del Caos (Sapodragón) "Ataque de lengua" in the crew row.

    "Uno de los Ataques del Sapodragón tiene la regla Siempre Ataca Primero y Ataque
    Envenenado ... se resuelve con Fuerza 4": one attack per fighting model (the '+1' of
    its A '4+1'), the -1 to hit it gives in blows.strike; poisoned on a 6 without a roll
    (gst "Ataques envenenados").  Not with a second crew, a pistol or "Golpe decapitador".
    """
    unit = foe.unit
    if not unit.has("tongue_attack"):
        return
    if (unit.extra_crew is not None or unit.has("decapitating_strike")
            or out[CREW, kind, G_ACTIVE]):
        raise v.OddsInputError(f"{unit.name}: 'tongue_attack' with a second crew, a"
                               " pistol or 'decapitating_strike' is not supported (both"
                               " use the crew attack group)")
    row = _crew_row_attack(out, kind, foe, TONGUE_ATTACKS, _key(CAT_ASF, unit.profile.I),
                           TONGUE_STRENGTH, foe.ap)
    if not foe.unwoundable:
        row[G_POISON] = min(row[G_POISON], 6)
    _finish_crew_row(row)


def _skull_crushers(out: np.ndarray, kind: int, foe: _Foe, charging: bool) -> None:
    """Enanos del Caos "Rompecráneos" in the crew row.

    "realiza 3 ataques en cada fase de combate ... estos ataques impactan automáticamente
    y se resuelven con F6": attacks, so at the model's Initiative and strike category; its
    front only (build_units).  Not with a second crew or "Golpe decapitador".
    """
    unit = foe.unit
    if not unit.has("skull_crushers"):
        return
    if unit.extra_crew is not None or unit.has("decapitating_strike"):
        raise v.OddsInputError(f"{unit.name}: 'skull_crushers' with a second crew or"
                               " 'decapitating_strike' is not supported (both use the"
                               " crew attack group)")
    row = _crew_row_attack(out, kind, foe, SKULL_CRUSHER_ATTACKS,
                           _key(_category(unit, charging, False), unit.profile.I),
                           SKULL_CRUSHER_STRENGTH, False)
    row[G_HIT] = rules.AUTOMATIC
    row[G_REROLL] = 0
    row[G_POISON] = rules.IMPOSSIBLE
    _finish_crew_row(row)


def _tail_attack(out: np.ndarray, kind: int, foe: _Foe, charging: bool) -> None:
    """Mercenarios "Ataque de cola" in the crew row.

    One more attack of each model at S4 whatever its weapon, at its WS and Initiative;
    the enemies at its rear only (build_units).  Not with a second crew or another rule of
    the crew row.
    """
    unit = foe.unit
    if not unit.has("tail_attack"):
        return
    if unit.extra_crew is not None or out[CREW, kind, G_ACTIVE]:
        raise v.OddsInputError(f"{unit.name}: 'tail_attack' with a second crew, a"
                               " pistol, 'decapitating_strike' or 'skull_crushers' is"
                               " not supported (they use the crew attack group)")
    row = _crew_row_attack(out, kind, foe, 1,
                           _key(_category(unit, charging, False), unit.profile.I),
                           TAIL_STRENGTH, foe.ap)
    _finish_crew_row(row)


def _eternal_guard_style(out: np.ndarray, kind: int, foe: _Foe) -> None:
    """Elfos Silvanos "Estilo de combate de la guardia eterna" in the crew row.

    "Las miniaturas en contacto peana con peana con el enemigo tienen A+1": one more
    attack of each model fighting in the front rank, its champion's included (as the crew
    group of "Golpe decapitador" counts him), struck with the others
    (:data:`odds.special_rules.bretonnia.ETERNAL_GUARD_STYLE`).  Not with another user of
    the crew row or random attacks.
    """
    unit = foe.unit
    if not unit.has("eternal_guard_style"):
        return
    if out[CREW, kind, G_ACTIVE] or unit.random_attacks:
        raise v.OddsInputError(f"{unit.name}: 'eternal_guard_style' with a second"
                               " crew, a pistol, random attacks or another rule of the"
                               " crew attack group is not supported (it uses that"
                               " group)")
    rf = out[RANK_AND_FILE, kind]
    if rf[G_ACTIVE]:
        _one_more_blow(out[CREW, kind], rf)


def _dirty_trick(out: np.ndarray, kind: int, foe: _Foe) -> None:
    """Espadas de Manann "Juego sucio": one last attack of the rank and file's blows.

    "Antes de calcular la resolución de combate, si Edvard está vivo, puede hacer un
    ataque adicional; este ataque final se resuelve con Golpe Letal": after all others
    (:data:`DIRTY_TRICK_KEY`), in the crew row, or on foot the steeds' row when a pistol
    has the crew's (Edvard's "Arma de mano" and "Pistola"; a character-like body strikes
    each group's attacks as they are, whatever the group).
    """
    unit, enemy = foe.unit, foe.enemy
    if not unit.has("dirty_trick"):
        return
    trick = CREW if not out[CREW, kind, G_ACTIVE] else MOUNT if unit.mount is None else -1
    if (unit.extra_crew is not None or unit.has("decapitating_strike")
            or unit.has("skull_crushers") or trick < 0):
        raise v.OddsInputError(f"{unit.name}: 'dirty_trick' with a second crew, a"
                               " pistol on a mount, 'decapitating_strike' or"
                               " 'skull_crushers' is not supported (they use the"
                               " crew attack group)")
    rf = out[RANK_AND_FILE, kind]
    if not rf[G_ACTIVE]:
        return
    row = out[trick, kind]
    _one_more_blow(row, rf)
    row[G_KEY] = DIRTY_TRICK_KEY
    row[G_RANDOM] = 0
    row[G_PER_MODEL] = 1
    row[G_KB] = (enemy.troop_type in _MAN_SIZED and not foe.unwoundable
                 and not enemy.has("immune_to_killing_blow"))


def _steeds_foe(foe: _Foe, m: MountProfile) -> tuple[int, bool]:
    """The enemy's ward save against the steeds' blows, and whether these cannot wound it.

    The steeds' own rules (MDNR Reinos del Caos "Ataques mágicos (sólo Juggernaut)"): magic
    steeds of a unit without magic attacks meet no daemonic aura and wound the ethereal
    (a Skaven steed's magic attacks: "Inmune a disformidad"); the riders' magic attacks
    only (Reyes Funerarios "Ataques mágicos (sólo Caballero y Capitán)"): the steeds'
    blows meet the aura and the ethereal.  Else the unit's.
    """
    unit, enemy = foe.unit, foe.enemy
    if m.has("magic_attacks") and not foe.magic:
        return _enemy_ward(unit, enemy, True), foe.warp_immune
    if m.has("mundane_attacks") and foe.magic:
        return (_enemy_ward(unit, enemy, False),
                enemy.has("ethereal") and not unit.has("ethereal"))
    return foe.ward, foe.unwoundable


def _steeds(out: np.ndarray, kind: int, foe: _Foe, charging: bool) -> None:
    """The steeds' row (:data:`MOUNT`), when they fight.

    Their own S (MDNR "Empalar", Orcos y Goblins boars: "F+2 en carga", the steeds' charge
    bonus), WS, I and attacks (random attacks, :attr:`MountProfile.random_attacks`: the
    roll, state row 14, each round, ``G_RANDOM``, plus the dice's fixed part); their own
    rules on top of the unit's that reach them (MDNR Reinos del Caos "Siempre ataca primero
    (sólo Corcel)", "Ataques envenenados 6+ (sólo Corcel)"; :func:`_steeds_foe`).
    """
    unit, enemy, m = foe.unit, foe.enemy, foe.unit.mount
    if m is None or not (m.A > 0 or m.random_attacks) or m.WS <= 0:
        return
    row = out[MOUNT, kind]
    row[G_ACTIVE] = 1
    s_m = min(10, m.S + m.charge_bonus) if charging else m.S
    s = min(s_m, foe.cap)
    m_ward, m_unwoundable = _steeds_foe(foe, m)
    row[G_ATTACKS] = rules.parse_dice(m.random_attacks).plus if m.random_attacks else m.A
    row[G_RANDOM] = bool(m.random_attacks)
    row[G_KEY] = _key(CAT_ASF if unit.has("always_strikes_first")
                      or m.has("always_strikes_first")
                      else CAT_CHARGER if charging else CAT_INITIATIVE, m.I)
    row[G_HIT] = clamp_hit(rules.to_hit(m.WS, enemy.profile.WS))
    row[G_POISON] = rules.IMPOSSIBLE if m_unwoundable else m.poisoned or rules.IMPOSSIBLE
    row[G_WOUND] = (rules.IMPOSSIBLE if m_unwoundable
                    else max(2, rules.to_wound(s, enemy.profile.T)))
    row[G_SAVE] = save_needed(foe.e_save, s, False)
    row[G_WARD] = lady_ward(enemy, m_ward, s)
    wreck_chariot(row, foe.chariot, s)
    row[G_RANKS] = 1
    row[G_PER_MODEL] = m.count


def _burning_body(out: np.ndarray, kind: int, foe: _Foe) -> None:
    """Enanos del Caos "Cuerpo ardiente" in the impact row.

    "Al inicio de la fase de combate cuerpo a cuerpo (después de impactos por carga) toda
    miniatura ... en contacto ... recibe un impacto automático de F4 con Ataques
    flamígeros": right after impact hits, one S4 flaming hit per model in contact (one S
    weaker against "Resistencia al fuego"; 5+ ward against "Armadura negra").  None
    against an enemy immune to flaming attacks; not with impact hits (an input error).
    """
    unit, enemy = foe.unit, foe.enemy
    if not unit.has("burning_body") or enemy.has("immune_to_flaming"):
        return
    if unit.impact_hits or unit.has("ogre_charge"):
        raise v.OddsInputError(f"{unit.name}: 'burning_body' with impact hits is not"
                               f" supported (both use the impact attack group)")
    s = BURNING_STRENGTH - foe.fire
    row = out[IMPACT, kind]
    row[G_ACTIVE] = 1
    row[G_BURNING] = 1
    row[G_ATTACKS] = 1
    row[G_KEY] = _key(CAT_IMPACT, 10) + 1
    row[G_HIT] = 0
    row[G_POISON] = rules.IMPOSSIBLE
    row[G_WOUND] = (rules.IMPOSSIBLE if foe.unwoundable
                    else max(2, rules.to_wound(s, enemy.profile.T)))
    row[G_SAVE] = save_needed(foe.e_save, s, False)
    row[G_WARD] = lady_ward(enemy, min(foe.ward, 5) if enemy.has("flame_ward") else foe.ward,
                            s)
    row[G_MW] = _MW_DOUBLED[0] if enemy.has("flammable") else 0
    row[G_FLAMING] = 1
    row[G_RANKS] = 1
    row[G_PER_MODEL] = 1


def _death_whirl(out: np.ndarray, kind: int, foe: _Foe) -> None:
    """Enanos "Torbellino de muerte" in the impact row.

    "al inicio de la fase de combate cuerpo a cuerpo (antes, incluso, que los Impactos por
    carga de un carro) cada miniatura enemiga en contacto ... reciben un impacto de F5"
    (blows.whirl_hits counts them): every round, before impact hits.  Not with impact hits
    or "Cuerpo ardiente" (an input error).
    """
    unit = foe.unit
    if not unit.has("death_whirl"):
        return
    if unit.impact_hits or unit.has("ogre_charge") or unit.has("burning_body"):
        raise v.OddsInputError(f"{unit.name}: 'death_whirl' with impact hits or"
                               f" 'burning_body' is not supported (all use the impact"
                               f" attack group)")
    row = out[IMPACT, kind]
    row[G_ACTIVE] = 1
    row[G_WHIRL] = 1
    row[G_ATTACKS] = 1
    row[G_KEY] = _key(CAT_IMPACT, 10) - 1
    foe.automatic_hits(row, WHIRL_STRENGTH)


def _impact_hits(out: np.ndarray, kind: int, foe: _Foe, charging: bool,
                 ogre_charge: int) -> None:
    """The impact row: impact hits on the charge (RULES.md §1.12), or "Arremetida"'s.

    The unit's own dice at its impact Strength (the model's by default), else, for an ogre
    charge, one hit per model in contact at ``ogre_charge``'s Strength; both automatic
    hits before every blow.
    """
    unit = foe.unit
    if not ((unit.impact_hits or ogre_charge) and charging):
        return
    if unit.impact_hits:
        n, sides, plus = _dice_code(unit.impact_hits)
        s_imp = unit.impact_strength if unit.impact_strength is not None else unit.profile.S
    else:
        n, sides, plus, s_imp = 0, 6, 1, ogre_charge
    row = out[IMPACT, kind]
    row[G_ACTIVE] = 1
    row[G_ATTACKS] = plus
    row[G_IMPACT_DICE] = n
    row[G_IMPACT_SIDES] = sides
    row[G_KEY] = _key(CAT_IMPACT, 10)
    foe.automatic_hits(row, s_imp)


def _flayer(out: np.ndarray, kind: int, foe: _Foe) -> None:
    """Demonios "Desollador" in the crew row.

    "después de realizar los ataques de ambos bandos ... pero antes de calcular el resultado
    del combate, y siempre que el Desollador no haya sido aniquilado ... el Desollador hace
    1D6 impactos de su Fuerza (F5)": every round, 1D6 automatic hits of each model in
    contact (its impact strength), after every other step (fighters.attacks_of rolls the
    dice of a crew row that has them).  It needs impact hits and the crew row.
    """
    unit = foe.unit
    if not unit.has("flayer"):
        return
    if (unit.extra_crew is not None or unit.has("decapitating_strike")
            or unit.has("skull_crushers") or unit.has("dirty_trick")
            or out[CREW, kind, G_ACTIVE] or not unit.impact_hits):
        raise v.OddsInputError(f"{unit.name}: 'flayer' needs impact hits and the crew"
                               " attack group (not with a second crew, a pistol,"
                               " 'decapitating_strike', 'skull_crushers' or"
                               " 'dirty_trick')")
    s_fl = unit.impact_strength if unit.impact_strength is not None else unit.profile.S
    row = out[CREW, kind]
    row[G_ACTIVE] = 1
    row[G_ATTACKS] = 0
    row[G_IMPACT_DICE] = 1
    row[G_IMPACT_SIDES] = 6
    row[G_KEY] = DIRTY_TRICK_KEY
    foe.automatic_hits(row, s_fl)


def _round(out: np.ndarray, kind: int, foe: _Foe, charged: bool, braced: bool,
           enemy_charged: bool, ogre_charge: int) -> None:
    """The rows of round kind ``kind`` (0 the first round, 1 a later one), in this order.

    The rank and file's and the champion's blows (a pistol's in the crew row), a second
    crew, the crew row's special attacks ("Golpe decapitador", "Ataque de lengua",
    "Rompecráneos", "Ataque de cola", the eternal guard's, "Juego sucio"), the steeds, a
    vomit (:func:`~odds.combat.model.vomit._vomit`), "Cuerpo ardiente", "Torbellino de
    muerte", impact hits and "Desollador": a rule of the crew row reads which rows are
    taken before it.
    """
    charging = charged and kind == 0
    for g in (RANK_AND_FILE, CHAMPION):
        _own_blows(out, g, kind, foe, charged, braced, enemy_charged)
    _second_crew(out, kind, foe, charging)
    _decapitating_strike(out, kind, foe)
    _tongue_attack(out, kind, foe)
    _skull_crushers(out, kind, foe, charging)
    _tail_attack(out, kind, foe, charging)
    _eternal_guard_style(out, kind, foe)
    _dirty_trick(out, kind, foe)
    _steeds(out, kind, foe, charging)
    _vomit(out, foe.unit, foe.enemy, kind, foe.e_save, foe.ward, foe.unwoundable)
    _burning_body(out, kind, foe)
    _death_whirl(out, kind, foe)
    _impact_hits(out, kind, foe, charging, ogre_charge)
    _flayer(out, kind, foe)


def _hit_modifiers(unit: Unit, enemy: Unit, omens: bool) -> np.ndarray:
    """The to-hit modifier of each attack group against ``enemy`` (+1: harder to hit).

    Reinos del Caos "Trolls biliosos" ``hard_to_hit``: -1 to hit them, as Enanos "Torbellino
    de muerte" ("Los supervivientes pueden luchar de forma habitual, pero con un -1 a la
    tirada para impactar"); Imperio "Portentos
    de batalla" (``omens``): +1; Regimientos de Renombre "Resistencia elevada a lo
    sobrenatural": "cualquier miniatura de tipo Demonio, No Muerto o Espíritu del Bosque, o
    que tenga Ataques mágicos, tiene un -1 a impactar": the unit's race, or magic blows
    (the steeds' own: their magic attacks, or the unit's unless theirs are mundane).
    """
    hard = enemy.has("hard_to_hit") or enemy.has("death_whirl")
    modifier = np.full(N_GROUPS, int(hard) - int(omens), np.int64)
    if enemy.has("hard_to_hit_supernatural"):
        magic = unit.has("magic_attacks")
        kind_of = not unit.tags.isdisjoint(SUPERNATURAL)
        modifier[:] += kind_of or magic
        if unit.mount is not None:
            m = unit.mount
            modifier[MOUNT] += (kind_of or m.has("magic_attacks")
                                or (magic and not m.has("mundane_attacks"))) - (kind_of or magic)
    return modifier


def _apply_hit_modifiers(out: np.ndarray, modifier: np.ndarray, bear: bool) -> None:
    """Apply the groups' to-hit ``modifier`` and "Estandarte del Oso" to the rolled hits.

    Automatic and impossible hits are not rolled, and the need is bounded to 2..6 (a 1
    always misses, a 6 always hits).  Regimientos de Renombre "Estandarte del Oso"
    (``bear``): +1 to hit in the first round (kind 0), summed with the others before
    bounding; ``G_STD_HIT`` keeps the need without it, which the kernel takes once the
    standard bearer has fallen (blows.strike).
    """
    bonus = np.zeros(N_KINDS, np.int64)
    bonus[0] = int(bear)
    hit = out[:, :, G_HIT]
    rolled = (hit > 0) & (hit < rules.IMPOSSIBLE)
    out[:, :, G_STD_HIT] = np.where(rolled, np.clip(hit + modifier[:, None], 2, 6),
                                    hit) if modifier.any() else hit
    if modifier.any() or bear:
        hit[rolled] = np.clip(hit + modifier[:, None] - bonus[None, :], 2, 6)[rolled]


def _mechanical_claws(out: np.ndarray, unit: Unit, enemy: Unit) -> None:
    """Demonios "Garras mecánicas": ``G_GRAB`` of the model's own blows from ``enemy``'s I.

    The grabbed model's Initiative test (a D6 above its I fails, a 6 always: "un 6 siempre
    es un fallo", the MDNR wording of the I test); the highest I of a ridden model (its
    rider's or its steed's); the claws are the model's hand weapon, so all its own blows
    (rank and file, champion).
    """
    if not unit.has("mechanical_claws"):
        return
    i_test = max(enemy.profile.I, enemy.mount.I if enemy.mount is not None else 0)
    for g in (RANK_AND_FILE, CHAMPION):
        out[g, :, G_GRAB] = np.where(out[g, :, G_ACTIVE] != 0, min(i_test, 5) + 1, 0)


def _never_hit(out: np.ndarray) -> None:
    """Make every blow of ``out`` miss: no hit, no poison, no grab."""
    out[:, :, G_HIT] = rules.IMPOSSIBLE
    out[:, :, G_STD_HIT] = rules.IMPOSSIBLE
    out[:, :, G_POISON] = rules.IMPOSSIBLE
    out[:, :, G_GRAB] = 0


def _ice_weapons(out: np.ndarray, unit: Unit, enemy: Unit, melted: np.ndarray) -> None:
    """Reinos Ogros (Yehtis) "Armas de hielo": the rows once a flaming hit melts them.

    ``melted``: the groups of ``unit`` with a mundane hand weapon (an enemy the melted
    blows cannot wound is never hit), taken in blows.strike once a flaming hit has melted
    the ice; before, an enemy "Inmune a frío" is never hit ("se considera como si los
    yethis fallasen todas las tiradas para impactar").
    """
    out[:, :, G_ICE_HIT] = np.where(melted[:, :, G_WOUND] >= rules.IMPOSSIBLE,
                                    rules.IMPOSSIBLE, melted[:, :, G_HIT])
    out[:, :, G_ICE_WARD] = melted[:, :, G_WARD]
    if enemy.has("immune_to_cold"):
        _never_hit(out)


def _groups(unit: Unit, enemy: Unit, charged: bool, braced: bool = False,
            enemy_charged: bool = False, ogre_charge: int = 0, omens: bool = False,
            bear: bool = False, dances: tuple[str, ...] = DEFAULT_DANCES) -> np.ndarray:
    """Attack groups of ``unit`` against ``enemy`` for each round kind (:data:`N_KINDS`).

    Thresholds that depend on who the enemy is are set here (:func:`_foe`): hatred
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
    test, blows.strike).

    The rows of each round kind (:func:`_round`), of ``unit`` and ``enemy`` as they dance
    that kind's dance of ``dances`` (Elfos Silvanos "Danzas de Loec",
    :func:`~odds.special_rules.bretonnia.danced`), then what acts on every row: the to-hit
    modifiers (:func:`_hit_modifiers`), "Garras mecánicas", Bretonia "Formación en lanza"
    ("en el turno en que cargan, los jinetes (y sus monturas) en los flancos de la unidad
    pueden atacar": ``G_LANCE``, fighters.start_fighters), "Armas de hielo"
    (:func:`_ice_weapons`) and Regimientos de Renombre "¿Y si es él?" ("se considera que
    fallan todos sus ataques contra miniaturas de tipo Vampiro").  Against an ``enemy`` with
    ``single_wounds`` no blow has multiple wounds (Bretonia "Relicario").
    """
    out = np.zeros((N_GROUPS, N_KINDS, N_GROUP), np.int64)
    for kind in range(N_KINDS):
        foe = _foe(danced(unit, dances[kind]), danced(enemy, dances[kind]))
        _round(out, kind, foe, charged, braced, enemy_charged, ogre_charge)
        rows = out[(RANK_AND_FILE, CHAMPION), kind]
        rows[:, G_ATTACKS] = np.maximum(0, rows[:, G_ATTACKS] + rows[:, G_ACTIVE]
                                        * dance_attacks(unit, dances[kind]))
        out[(RANK_AND_FILE, CHAMPION), kind] = rows
    _apply_hit_modifiers(out, _hit_modifiers(unit, enemy, omens), bear)
    _mechanical_claws(out, unit, enemy)
    if charged and in_lance(unit) and out[RANK_AND_FILE, 0, G_ACTIVE]:
        out[RANK_AND_FILE, 0, G_LANCE] = 1
    if unit.has("ice_weapons"):
        plain = tuple(r for r in unit.special if r not in ("ice_weapons", "magic_attacks"))
        _ice_weapons(out, unit, enemy, _groups(unit.replace(special=plain), enemy, charged,
                                               braced, enemy_charged, ogre_charge, omens,
                                               bear, dances))
    if unit.has("spares_vampires") and "vampire" in enemy.tags:
        _never_hit(out)
    if enemy.has("single_wounds"):
        out[..., G_MW] = 0  # Bretonia "Relicario": each wound "realizará una única herida"
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
