"""Close-combat rule tables as small pure functions (RULES.md §1.3–1.7, §2.2–2.3).

Conventions
-----------
* A *roll needed* is the minimum natural D6 face that succeeds: ``2`` means
  "2+".  ``7`` means impossible (not even a 6).  ``0`` (to hit only) means
  automatic, no roll.
* The "natural 1 always fails, natural 6 always succeeds" clauses are the
  caller's concern: a kernel that rolls against these numbers clamps the
  needed roll to ``[2, 6]`` for to-hit rolls and to ``>= 2`` for wound rolls
  and saves (``7`` stays impossible for to-wound and saves).
* Characteristics are 0..10; a modified Strength never exceeds 10
  (:func:`weapon_strength` caps it).
* Every bad argument raises :class:`odds.validation.OddsInputError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from odds.validation import OddsInputError, choice, flag, integer

__all__ = [
    "ARMOURS",
    "ARMOUR_BASE_SAVE",
    "FOOT_TROOP_TYPES",
    "IMPACT_HITS",
    "MOUNTED_TROOP_TYPES",
    "MULTIPLE_WOUNDS",
    "SHIELD_PARRY_TROOP_TYPES",
    "TROOP_TYPES",
    "WEAPONS",
    "DiceSpec",
    "Weapon",
    "armour_save",
    "fighting_ranks",
    "modified_save",
    "parse_dice",
    "rank_bonus",
    "strength_save_modifier",
    "to_hit",
    "to_wound",
    "unit_strength_per_model",
    "weapon_shoots",
    "weapon_strength",
]

IMPOSSIBLE = 7
"""Needed roll meaning "cannot succeed"."""

AUTOMATIC = 0
"""Needed roll meaning "succeeds without a roll" (to hit a WS 0 model)."""

TROOP_TYPES: tuple[str, ...] = (
    "infantry",
    "cavalry",
    "monstrous_infantry",
    "monster",
    "chariot",
    "swarm",
    "war_machine",
)
"""Troop types understood by the package (RULES.md §2.3)."""

FOOT_TROOP_TYPES: tuple[str, ...] = ("infantry", "monstrous_infantry", "swarm", "war_machine")
"""Troop types that fight on foot (may carry foot-only weapons)."""

MOUNTED_TROOP_TYPES: tuple[str, ...] = ("cavalry", "chariot", "monster")
"""Troop types whose riders/crew may carry mounted-only weapons (lances)."""

SHIELD_PARRY_TROOP_TYPES: tuple[str, ...] = ("infantry", "monstrous_infantry")
"""Troop types that get the extra +1 for hand weapon and shield in close combat (§1.5)."""

ARMOURS: tuple[str, ...] = ("none", "light", "heavy", "plate")
"""Body armour kinds (§1.5)."""

ARMOUR_BASE_SAVE: MappingProxyType[str, int] = MappingProxyType(
    {"none": 7, "light": 6, "heavy": 5, "plate": 4}
)
"""Armour save of the body armour alone on foot (§1.5; plate 4+ is MDNR)."""

IMPACT_HITS: tuple[str, ...] = (
    "", "1", "d3", "d3+1", "d6", "d6+1", "d6+2", "d6+3", "2d6", "2d6+1",
)
"""Impact-hit expressions accepted on a unit ("" = none; §1.6, MDNR gst list)."""

RANDOM_ATTACKS: tuple[str, ...] = (
    "", "d3", "d3+1", "2d3", "3d3", "d6", "d6+1", "d6+2", "d6+3", "2d6", "2d6+1", "2d6+2",
    "3d6",
)
"""Random-attack expressions accepted on a unit ("" = none; MDNR gst "Ataques aleatorios
(X)": one roll per unit at the start of each close-combat phase, RULES.md §1.6)."""

RANDOM_MOVES: tuple[str, ...] = ("", "3d6", "5d6", "8d6")
"""Random-movement dice accepted on a unit ("" = none): MDNR gst "Movimiento aleatorio
(5D6)": "La cantidad es aleatoria, haz la tirada cada vez que quieras mover", so the unit
flees and pursues with these dice instead of the 5D6/8D6 its M would give (RULES.md §4.1),
and its charge reaches as far as the roll that brought it into contact."""

MULTIPLE_WOUNDS: tuple[str, ...] = ("", "2", "d3", "d6")
"""Multiple-wound expressions accepted on a unit ("" = none; §1.6)."""


# --------------------------------------------------------------------------- to hit / to wound


def to_hit(ws_attacker: int, ws_defender: int) -> int:
    """Roll needed to hit in close combat, weapon skill against weapon skill.

    RULES.md §1.3: 3+ if WS_att > WS_def; 4+ if WS_att <= WS_def <= 2·WS_att;
    5+ if WS_def > 2·WS_att.

    Parameters
    ----------
    ws_attacker, ws_defender : int
        Weapon skills, 0..10.

    Returns
    -------
    int
        The natural D6 needed (3, 4 or 5); ``0`` if the defender has WS 0 (hit
        automatically, §1.3 special cases); ``7`` if the attacker has WS 0 (it
        cannot attack).  An attacker with WS 0 never hits, even a WS 0 target.
        Natural 1 always misses and natural 6 always hits (caller's concern;
        irrelevant for the 3..5 values returned here).

    """
    wa = integer("ws_attacker", ws_attacker, low=0, high=10)
    wd = integer("ws_defender", ws_defender, low=0, high=10)
    if wa == 0:
        return IMPOSSIBLE
    if wd == 0:
        return AUTOMATIC
    if wa > wd:
        return 3
    if wd <= 2 * wa:
        return 4
    return 5


def to_wound(strength: int, toughness: int) -> int:
    """Roll needed to wound, Strength against Toughness.

    RULES.md §1.4: T <= S-2 → 2+; T = S-1 → 3+; T = S → 4+; T = S+1 → 5+;
    T = S+2 or S+3 → 6+; T >= S+4 → impossible ("N").  Strength 0 never wounds.

    Parameters
    ----------
    strength : int
        Attacking Strength after modifiers, 0..10.
    toughness : int
        Defender's Toughness, 1..10.

    Returns
    -------
    int
        2..6, or ``7`` when wounding is impossible.  A natural 1 always fails
        (caller's concern; never relevant since the minimum is 2).

    """
    s = integer("strength", strength, low=0, high=10)
    t = integer("toughness", toughness, low=1, high=10)
    if s == 0:
        return IMPOSSIBLE
    diff = t - s
    if diff <= -2:
        return 2
    if diff >= 4:
        return IMPOSSIBLE
    return {-1: 3, 0: 4, 1: 5, 2: 6, 3: 6}[diff]


# --------------------------------------------------------------------------- saves


def strength_save_modifier(strength: int) -> int:
    """Armour-save modifier for the Strength of a hit (RULES.md §1.5 table).

    Parameters
    ----------
    strength : int
        Strength of the hit, 0..10.

    Returns
    -------
    int
        0 for S <= 3, then -1 for S4 down to -7 for S10 (a negative number:
        add it to the save *quality*, i.e. subtract it from the roll needed).

    """
    s = integer("strength", strength, low=0, high=10)
    return -max(0, s - 3)


def modified_save(base_save: int, strength: int, armour_piercing: bool = False) -> int:
    """Armour-save roll needed after the Strength modifier (RULES.md §1.5).

    Parameters
    ----------
    base_save : int
        Unmodified save as a roll needed, -5..7 (values below 1 are "better
        than 1+" magic saves that only help against modifiers; 7 = none).
    strength : int
        Strength of the hit, 0..10.
    armour_piercing : bool, optional
        Armour piercing / "poder de penetración": a further -1.

    Returns
    -------
    int
        Roll needed, 1..7 (``7`` = no save possible).  A natural 1 always
        fails, so a result of 1 behaves like 2+: the kernel clamps the needed
        roll at 2.

    """
    b = integer("base_save", base_save, low=-5, high=7)
    mod = strength_save_modifier(strength)
    ap = flag("armour_piercing", armour_piercing)
    if b >= IMPOSSIBLE:
        return IMPOSSIBLE
    needed = b - mod + (1 if ap else 0)
    return max(1, min(IMPOSSIBLE, needed))


def armour_save(
    troop_type: str,
    armour: str = "none",
    shield: bool = False,
    barding: bool = False,
    weapon: str = "hand_weapon",
    in_close_combat: bool = True,
) -> int:
    """Armour save derived from equipment (RULES.md §1.5 table and notes).

    Body armour: none 7 (no save), light 6+, heavy 5+, plate 4+ [MDNR].  Then
    +1 each for: a shield; being cavalry (not monsters, not chariots);
    barding (cavalry and chariots only); and, in close combat only, fighting
    with a hand weapon **and** shield on foot (infantry and monstrous infantry).

    A two-handed weapon (great weapon, halberd, flail, additional hand weapon)
    leaves no hand for the shield in close combat, so the shield then gives
    nothing at all; against shooting (``in_close_combat=False``) it still
    counts.  The parry bonus needs the *hand weapon*: spears, morning stars
    and lances do not get it.

    Parameters
    ----------
    troop_type : str
        One of :data:`TROOP_TYPES`.
    armour : str
        One of :data:`ARMOURS`.
    shield, barding : bool
        Equipment flags.  Barding on a troop type other than cavalry or
        chariot is an error.
    weapon : str
        The close-combat weapon in use, a key of :data:`WEAPONS`.
    in_close_combat : bool
        False for saves against shooting.

    Returns
    -------
    int
        Roll needed, 1..7 (7 = no save).  Chariots and monsters usually have a
        fixed save from their army-book profile instead (see
        ``Unit.armour_save_override``).

    """
    tt = choice("troop_type", troop_type, TROOP_TYPES)
    arm = choice("armour", armour, ARMOURS)
    sh = flag("shield", shield)
    bard = flag("barding", barding)
    wpn = choice("weapon", weapon, tuple(WEAPONS))
    cc = flag("in_close_combat", in_close_combat)
    if bard and tt not in ("cavalry", "chariot"):
        raise OddsInputError(
            f"barding: only cavalry or chariot can have barding (got troop_type {tt!r})"
        )
    save = ARMOUR_BASE_SAVE[arm]
    shield_used = sh and not (cc and WEAPONS[wpn].two_handed)
    if shield_used:
        save -= 1
    if tt == "cavalry":
        save -= 1
    if bard:
        save -= 1
    if cc and shield_used and wpn == "hand_weapon" and tt in SHIELD_PARRY_TROOP_TYPES:
        save -= 1
    return max(1, min(IMPOSSIBLE, save))


# --------------------------------------------------------------------------- unit strength, ranks


def unit_strength_per_model(
    troop_type: str, wounds: int = 1, riders: int = 0, crew: int = 0
) -> int:
    """Compute the unit strength of one model (RULES.md §2.3).

    infantry 1; cavalry 2; monstrous infantry 3; monster = starting Wounds
    + riders; chariot 4 + riders (characters riding it); war machine = crew
    (the MDNR Default); swarm 3.

    Swarm: MDNR's data gives US 3 per swarm base whatever its Wounds
    (snotlings W3, spider swarm W5, nurglings W4 — all "Potencia 3"), matching
    the 6th-edition chart entry for 40/50 mm bases on foot.

    Parameters
    ----------
    troop_type : str
        One of :data:`TROOP_TYPES`.
    wounds : int
        Starting Wounds of the model, 1..10 (used for monsters).
    riders : int
        Riders on a monster or characters riding a chariot, 0..4.
    crew : int
        War-machine crew, 0..10 (only used for war machines).

    Returns
    -------
    int
        Unit strength of one model.

    """
    tt = choice("troop_type", troop_type, TROOP_TYPES)
    w = integer("wounds", wounds, low=1, high=10)
    r = integer("riders", riders, low=0, high=4)
    c = integer("crew", crew, low=0, high=10)
    if tt == "infantry":
        return 1
    if tt == "cavalry":
        return 2
    if tt in ("monstrous_infantry", "swarm"):
        return 3
    if tt == "monster":
        return w + r
    if tt == "chariot":
        return 4 + r
    return c  # war_machine


def rank_bonus(models: int, files: int) -> int:
    """Extra-ranks combat-resolution bonus of a formation (RULES.md §2.2).

    +1 per rank behind the first that is at least 4 models wide, at most +3.
    An incomplete last rank counts if it has at least 4 models.

    Parameters
    ----------
    models : int
        Models in the unit, >= 0.
    files : int
        Models per rank (frontage), >= 1.

    Returns
    -------
    int
        0..3.  Troop-type and special-rule exceptions (skirmishers, fast
        cavalry, ...) are applied by ``Unit.rank_bonus``.

    """
    n = integer("models", models, low=0)
    f = integer("files", files, low=1)
    if f < 4 or n == 0:
        return 0
    full, rest = divmod(n, f)
    counting = full + (1 if rest >= 4 else 0)
    return min(3, max(0, counting - 1))


# --------------------------------------------------------------------------- weapons


@dataclass(frozen=True, slots=True)
class Weapon:
    """Close-combat weapon rules (RULES.md §1.7).

    Attributes
    ----------
    name : str
        Key in :data:`WEAPONS`.
    mdnr_name : str
        MDNR (Spanish) name.
    strength_bonus : int
        Added to the wielder's Strength when ``bonus_when`` applies.
    bonus_when : str
        ``"always"``, ``"charge"`` (the turn the model charges) or
        ``"first_round"`` (first round of each combat).
    extra_attacks : int
        Added to the wielder's Attacks.
    strikes_last : bool
        Strikes last, except on the turn the model charges (§1.2).
    fights_in_ranks : bool
        Extra ranks fight to the front (``rank_depth`` ranks), one fewer on the
        turn the unit charged.
    two_handed : bool
        Needs both hands: no shield in close combat.
    mounted_only, foot_only : bool
        Which troop types may carry it.
    rank_depth : int
        Ranks fighting to the front with ``fights_in_ranks`` when the unit did
        not charge: 2 (spear), 4 (pike).
    shot_strength : int
        Pistols: the Strength of every blow (not the wielder's) while the shot
        applies (``shot_when``), armour piercing then too; 0 = no shot.
    shot_when : str
        ``"first_round"`` (first round of each combat: RULES.md §1.7 "Pistol in
        CC") or ``"always"``.
    shot_attacks : int
        Attacks added while the shot applies (a mounted brace's volley).
    charge_extra : int
        Strength added, on top of ``strength_bonus``, on the turn the model charges.
    pistol_attacks : int
        Of the wielder's attacks (``extra_attacks`` included), how many are the pistol's:
        they alone take the shot (``shot_strength``, armour piercing while ``shot_when``),
        the others are a hand weapon's (0: every blow takes the shot).

    """

    name: str
    mdnr_name: str
    strength_bonus: int = 0
    bonus_when: str = "always"
    extra_attacks: int = 0
    strikes_last: bool = False
    fights_in_ranks: bool = False
    two_handed: bool = False
    mounted_only: bool = False
    foot_only: bool = False
    rank_depth: int = 2
    shot_strength: int = 0
    shot_when: str = "first_round"
    shot_attacks: int = 0
    charge_extra: int = 0
    pistol_attacks: int = 0

    def usable_by(self, troop_type: str) -> bool:
        """Whether models of ``troop_type`` may fight with it (``mounted_only``, ``foot_only``)."""
        return not ((self.mounted_only and troop_type not in MOUNTED_TROOP_TYPES)
                    or (self.foot_only and troop_type not in FOOT_TROOP_TYPES))


WEAPONS: MappingProxyType[str, Weapon] = MappingProxyType({
    w.name: w
    for w in (
        Weapon("hand_weapon", "arma de mano"),
        Weapon("additional_hand_weapon", "arma de mano adicional", extra_attacks=1,
               two_handed=True, foot_only=True),
        Weapon("great_weapon", "arma a dos manos", strength_bonus=2, strikes_last=True,
               two_handed=True),
        Weapon("halberd", "alabarda", strength_bonus=1, two_handed=True),
        Weapon("spear", "lanza (infantería)", fights_in_ranks=True, foot_only=True),
        # MDNR Mercenarios "Pica": "Lucha en cuatro filas. Es decir, luchan con 3 filas si
        # cargan, y luchan con 4 filas en su frontal cuando no cargan ... Requiere ambas
        # manos"; "Sólo Infantería" (receiving a charge: odds.combat.model, "bracing")
        Weapon("pike", "pica", fights_in_ranks=True, rank_depth=4, two_handed=True,
               foot_only=True),
        Weapon("lance", "lanza de caballería", strength_bonus=2, bonus_when="charge",
               mounted_only=True),
        Weapon("flail", "mayal", strength_bonus=2, bonus_when="first_round", two_handed=True),
        Weapon("morning_star", "mangual", strength_bonus=1, bonus_when="first_round"),
        Weapon("cavalry_spear", "lanza (caballería)", strength_bonus=1, bonus_when="charge",
               mounted_only=True),
        # RULES.md §1.7 "Pistol in CC: S4 + armour piercing, first round only; brace = two
        # hand weapons (+1 A)"; MDNR gst "Par de pistolas": "Sólo infantería. Requiere ambas
        # manos ... cuentan como dos armas de mano y, además, el primer turno de combate
        # cuerpo a cuerpo todos los ataques del personaje son de F4 y con Poder de
        # Penetración"
        Weapon("brace_of_pistols", "par de pistolas", extra_attacks=1, two_handed=True,
               foot_only=True, shot_strength=4),
        # MDNR Regimientos de Renombre "¡Montones de pistolas!" (Drong's pirates): "un ataque
        # adicional (combaten con dos pistolas) ... todos sus ataques son de Pistola de F4 con
        # el poder penetración habitual ... el bonificador por usar pistola debe
        # contabilizarse siempre, todas las rondas de combate"
        # MDNR Imperio (Herreruelos) "Descarga cerrada": "Si llevan par de pistolas, en la
        # primera ronda de cada combate, cada Herreruelo puede realizar 2 ataques de F4 con
        # Poder de penetración ... En las demás rondas puede efectuar un único ataque de F3
        # (más su caballo)": a brace on horseback, one more attack in the first round only
        Weapon("volley_of_pistols", "descarga cerrada", two_handed=True, mounted_only=True,
               shot_strength=4, shot_attacks=1),
        # MDNR Imperio "Martillo del lobo blanco": "Requiere ambas manos. F+1. Si la
        # miniatura va montada, tiene F+2 en el turno en que carga" (on foot: a halberd)
        Weapon("white_wolf_hammer", "martillo del lobo blanco", strength_bonus=1,
               charge_extra=1, two_handed=True, mounted_only=True),
        # MDNR Regimientos de Renombre (Amazonas de Anakonda) "Garras de los ancestrales
        # (cuerpo a cuerpo)": "F+1. Además, proporciona ... una tirada de salvación especial
        # de 6+. No son un arma mágica" (the ward: the import's WEAPON_WARDS)
        Weapon("ancestral_claws", "garras de los ancestrales", strength_bonus=1),
        # MDNR Enanos del Caos (Guardia infernal de juramentados) "Arma demoníaca": "La del
        # portador + 1 ... Ataques mágicos ... pierden el bono por parada por arma de mano y
        # escudo" (one hand; the parry needs the hand weapon; the magic attacks: the import's
        # WEAPON_RULES)
        Weapon("daemon_weapon", "arma demoníaca", strength_bonus=1),
        # MDNR Reinos del Caos Mortales "Mayales de la ira": "cuentan como dos armas de mano,
        # proporcionan F+1 en primer turno de combate, e Impactos por carga(1) (los impactos
        # por carga son de su F4 natural)" (the impact hit: the import's WEAPON_IMPACTS)
        Weapon("wrath_flails", "mayales de la ira", extra_attacks=1, strength_bonus=1,
               bonus_when="first_round", two_handed=True, foot_only=True),
        Weapon("heaps_of_pistols", "montones de pistolas", extra_attacks=1, two_handed=True,
               foot_only=True, shot_strength=4, shot_when="always"),
        # MDNR Regimientos de Renombre "Pistola de Lucca": "Lucca lleva también pistola, así
        # que cuenta como dos armas de mano" (his "Arma de mano" and "Pistola (cuerpo a
        # cuerpo)": "Fuerza=4 el primer turno de combate", "Poder de penetración el primer
        # turno de combate"): one more attack, the pistol's; only that one takes the shot
        # (RULES.md §1.7 "Pistol in CC": S4 + armour piercing, first round only)
        Weapon("hand_weapon_and_pistol", "arma de mano y pistola", extra_attacks=1,
               two_handed=True, foot_only=True, shot_strength=4, pistol_attacks=1),
        # MDNR Regimientos de Renombre (Jeque Ahmed Shufti) "Cimitarra de Dakistir": "Arma de
        # mano. F+2 en el turno en que carga; F+1 en los demás"
        Weapon("dakistir_scimitar", "cimitarra de dakistir", strength_bonus=1, charge_extra=1),
    )
})
"""Close-combat weapons by key (RULES.md §1.7; MDNR gst weapon profiles).

Infantry spears are ``foot_only``: mounted models carry ``cavalry_spear``.
"""


def weapon_strength(strength: int, weapon: str, *, charging: bool, first_round: bool) -> int:
    """Strength of a wielder's blows with a weapon (RULES.md §1.7), capped at 10.

    Parameters
    ----------
    strength : int
        The wielder's Strength, 0..10.
    weapon : str
        A key of :data:`WEAPONS`.
    charging : bool
        The model charged this turn (lance, cavalry spear).
    first_round : bool
        First round of this combat for the unit (flail, morning star).

    Returns
    -------
    int
        Strength used to wound and for the save modifier.

    """
    s = integer("strength", strength, low=0, high=10)
    w = WEAPONS[choice("weapon", weapon, tuple(WEAPONS))]
    ch = flag("charging", charging)
    fr = flag("first_round", first_round)
    if weapon_shoots(weapon, first_round=fr):
        return w.shot_strength  # a pistol's shot: its own Strength, not the wielder's
    active = {"always": True, "charge": ch, "first_round": fr}[w.bonus_when]
    return min(10, s + (w.strength_bonus if active else 0) + (w.charge_extra if ch else 0))


def weapon_shoots(weapon: str, *, first_round: bool) -> bool:
    """Whether a pistol weapon's shot applies: its Strength and armour piercing (RULES.md §1.7).

    Parameters
    ----------
    weapon : str
        A key of :data:`WEAPONS`.
    first_round : bool
        First round of this combat for the unit.

    Returns
    -------
    bool
        True for a weapon with a ``shot_strength`` in the rounds of its
        ``shot_when`` (pistols: the first round; *¡Montones de pistolas!*: every
        round); its blows are then armour piercing.

    """
    w = WEAPONS[choice("weapon", weapon, tuple(WEAPONS))]
    fr = flag("first_round", first_round)
    return w.shot_strength > 0 and (fr or w.shot_when == "always")


def fighting_ranks(weapon: str, *, charged: bool) -> int:
    """Ranks that fight to the front with a weapon (RULES.md §1.1).

    Parameters
    ----------
    weapon : str
        A key of :data:`WEAPONS`.
    charged : bool
        The unit moved (charged) this turn: fight-in-ranks weapons lose the
        extra rank.

    Returns
    -------
    int
        1; for a weapon that fights in ranks its ``rank_depth`` (2 for infantry
        spears, 4 for pikes), one fewer when the unit charged.  Army-book extras
        (e.g. High Elf spears, one more rank) are the caller's concern.

    """
    w = WEAPONS[choice("weapon", weapon, tuple(WEAPONS))]
    ch = flag("charged", charged)
    return w.rank_depth - ch if w.fights_in_ranks else 1


# --------------------------------------------------------------------------- dice expressions


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """A dice expression ``n·d(sides) + plus`` such as ``d6+1`` or ``2``.

    Attributes
    ----------
    n, sides, plus : int
        ``"2d6+1"`` → (2, 6, 1); ``"2"`` → (0, 0, 2); ``""`` → (0, 0, 0).

    """

    n: int
    sides: int
    plus: int

    @property
    def minimum(self) -> int:
        """Smallest value."""
        return self.n + self.plus

    @property
    def maximum(self) -> int:
        """Largest value."""
        return self.n * self.sides + self.plus

    @property
    def mean(self) -> float:
        """Expected value."""
        return self.n * (self.sides + 1) / 2 + self.plus


_DICE_RE = re.compile(r"^(?:(\d*)d(\d+)(?:\+(\d+))?|(\d*))$")


def parse_dice(expr: str, name: str = "dice") -> DiceSpec:
    """Parse ``""``, ``"2"``, ``"d3"``, ``"d6+1"``, ``"2d6"`` into a :class:`DiceSpec`.

    Used for impact hits and multiple wounds (RULES.md §1.6).

    Parameters
    ----------
    expr : str
        The expression (lower case, no spaces).
    name : str
        Field name for error messages.

    Returns
    -------
    DiceSpec

    """
    if not isinstance(expr, str):
        raise OddsInputError(f"{name}: must be a dice expression like 'd6+1' (got {expr!r})")
    m = _DICE_RE.match(expr)
    if m is None:
        raise OddsInputError(f"{name}: must be a dice expression like 'd6+1' (got {expr!r})")
    n_txt, sides_txt, plus_txt, const_txt = m.groups()
    if sides_txt is None:
        return DiceSpec(0, 0, int(const_txt or 0))
    return DiceSpec(int(n_txt or 1), int(sides_txt), int(plus_txt or 0))
