"""Close-combat weapons: the table, their Strength and fighting ranks (RULES.md §1.1, §1.7)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from odds.rules.troops import FOOT_TROOP_TYPES, MOUNTED_TROOP_TYPES
from odds.validation import choice, flag, integer


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
