"""The charge: psychology at the charge (RULES.md §3.3, §3.4) and how far the charge reaches.

Fear and terror tests of the charger and the charged unit, a random-moving charger's reach
(:func:`random_move_tail`), and the rules that need a long charge: MDNR "Arremetida"
(:func:`ogre_charge_strength`) and "Carga atronadora" (:func:`thunderous_charge`).
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from odds import dice, rules
from odds.combat.model.layout import (
    F_CHARGE_TESTS,
    F_CHARGER,
    F_CHARGER_COLD,
    F_CHARGER_LD,
    F_CHARGER_REROLL,
    F_PAIR,
    F_PAIRS,
    F_REACH,
    F_REACH_DICE,
    F_REACH_TAIL,
    F_TARGET,
    F_TARGET_COLD,
    F_TARGET_LD,
    F_TARGET_PANIC_COLD,
    F_TARGET_PANIC_LD,
    F_TARGET_REROLL,
    F_TARGET_SMALLER,
    F_TARGET_TERROR,
    MAX_PAIRS,
    N_PAIR,
    PR_CHARGER,
    PR_CHARGER_COLD,
    PR_CHARGER_LD,
    PR_CHARGER_REROLL,
    PR_PANIC_COLD,
    PR_PANIC_LD,
    PR_REACH,
    PR_REACH_DICE,
    PR_SMALLER,
    PR_TARGET,
    PR_TARGET_COLD,
    PR_TARGET_LD,
    PR_TARGET_REROLL,
    PR_TERROR,
    REACH_TAIL_SIZE,
)
from odds.combat.model.options import SideOptions
from odds.special_rules.bretonnia import wild_hunt
from odds.special_rules.psychology import CAMEL_SHY
from odds.units import Unit
from odds.validation import OddsInputError


def _scared(unit: Unit, by: Unit, charging: bool = False) -> bool:
    """Whether ``unit`` must test fear or terror of ``by`` (§3.3).

    A unit with ``fears_elves`` (MDNR "Miedo a los orejotaz") fears an elf unit
    unless its unit strength is more than twice the elves'; cavalry and chariots fear a unit
    with ``camels`` (Mercenarios: Arabia "Camellos").  A ``charging`` unit with
    ``impetuous`` (Bretonia "Impetuosos") is immune to psychology from its charge on; a
    charger with "La cacería salvaje" and its musician (:func:`wild_hunt`; ``charging``
    False: ``by`` is the charger) causes fear.
    """
    if charging and unit.has("impetuous"):
        return False
    hunt = not charging and wild_hunt(by)
    orejotaz = (unit.has("fears_elves") and "elf" in by.tags
                and unit.unit_strength <= 2 * by.unit_strength)
    # Mercenarios: Arabia "Camellos": "Causan Miedo en todas las miniaturas de tipo Bestia de
    # guerra, Caballería y Carro"
    camels = by.has("camels") and unit.troop_type in CAMEL_SHY
    if not (by.causes_fear or by.causes_terror or orejotaz or hunt or camels):
        return False
    # Regimientos de Renombre "Montaraces de Bugman": immune to fear and terror while Bugman
    # lives (at the charge he does)
    fearless = unit.has("leader_fearless") and unit.command.champion
    return not (unit.causes_fear or unit.causes_terror or unit.has("immune_to_psychology")
                or unit.has("unbreakable") or unit.has("frenzy") or fearless)


def numbers_ranks(unit: Unit, cancelled: bool = False, hosted: int = 0) -> int:
    """The rank bonus Skaven "La fuerza radica en el número" adds to ``unit``'s Ld at the charge.

    "se considera que el Liderazgo de la unidad es igual a su Liderazgo incrementado por su
    bonificador por filas (el mismo usado para calcular la resolución de combate)": 0 for a
    unit without ``strength_in_numbers``, one that may claim no ranks, or whose ranks a
    charger of unit strength 5 or more on its flank or rear cancels (``cancelled``, RULES.md
    §2.2); else its rank bonus with all its models and ``hosted`` characters.
    """
    if not unit.has("strength_in_numbers") or cancelled or not unit.may_claim_ranks:
        return 0
    return min(rules.rank_bonus(unit.models + hosted, unit.files), unit.rank_bonus_cap)


def _with_ranks(ld: int, ranks: int) -> int:
    """Ld ``ld`` plus ``ranks``, at most 10 (as :func:`odds.combat.psychology.numbers_ld`)."""
    return ld if ld <= 0 or ld >= 10 else min(10, ld + ranks)


def _test_ld(unit: Unit, opts: SideOptions, lead: int = 0, ranks: int = 0) -> tuple[int, bool]:
    """The Ld a unit tests at the charge and whether the roll is cold-blooded.

    Its own best Ld (champion's included) or its General's; a cold-blooded unit rolls 3D6
    without the highest die on its own Ld (MDNR Elfos Oscuros "Sangre fría": "sólo usarán
    Sangre Fría si utilizan su propio Liderazgo") and takes the General's 2D6 instead only
    when that is more likely to pass (:func:`odds.combat.blows.better_test`).  ``lead``:
    the best Ld of the characters in the unit (0 none), used as the unit's own.
    ``ranks``: added to each of those Ld, at most 10 (:func:`numbers_ranks`).
    """
    ld = max(unit.profile.Ld, lead)
    if unit.command.champion and unit.champion_profile is not None:
        ld = max(ld, unit.champion_profile.Ld)
    if unit.has("independent"):
        opts = dataclasses.replace(opts, general_ld=0)  # "Independientes"
    if ranks:
        ld = _with_ranks(ld, ranks)
        opts = dataclasses.replace(opts, general_ld=_with_ranks(opts.general_ld, ranks))
    if not unit.has("cold_blooded"):
        return max(ld, opts.general_ld), False
    if opts.general_ld and (dice.leadership_pass(opts.general_ld)
                            >= dice.leadership_pass(ld, cold_blooded=True)):
        return opts.general_ld, False
    return ld, True


def charge_flags(flags: np.ndarray, charger: int, ch: Unit, tg: Unit, ch_opts: SideOptions,
                 tg_opts: SideOptions, reach: float, gap: float = 0.0,
                 tg_cancelled: bool = False) -> None:
    """Fill the psychology-at-the-charge entries of ``flags`` (§3.3, see :data:`.F_CHARGE_TESTS`).

    Ld tests use the unit's best Ld (champion) or its General's.  A frenzied
    unit is immune to psychology (§1.6).  ``reach``: how far beyond the
    charged unit's starting place the charge reaches (cm, rounded down: the
    flee roll is whole cm).

    A charger with :attr:`~odds.units.Unit.random_move` reaches as far as its
    roll: MDNR gst "Movimiento aleatorio (5D6)": "Si choca contra algún enemigo
    se considera carga (... si decide huir, la miniatura o unidad con Movimiento
    aleatorio seguirá avanzando el movimiento que haya salido en los dados)".
    The roll is the one that brought it across the ``gap`` (cm), so it is at
    least ``ceil(gap)``; a unit fleeing ``f`` cm is caught when the roll is at
    least ``ceil(gap) + f``.  ``F_REACH`` then holds ``ceil(gap)``,
    ``F_REACH_DICE`` the number of dice and the ``F_REACH_TAIL`` entries the
    number of the ``6 ** n`` outcomes whose sum is at least ``k`` (``k`` =
    0..48): the kernel catches the fleeing unit with probability ``tail[ceil(gap)
    + f] / tail[ceil(gap)]`` (exact).

    Skaven "La fuerza radica en el número" adds each unit's rank bonus to the Ld it tests
    on (:func:`numbers_ranks`; ``tg_cancelled``: the charge on the target's flank or rear
    cancels its ranks).
    """
    flags[F_CHARGER] = charger
    flags[F_TARGET] = 1 - charger
    ch_ranks = numbers_ranks(ch)
    tg_ranks = numbers_ranks(tg, tg_cancelled)
    if _scared(ch, tg, charging=True):
        flags[F_CHARGER_LD], flags[F_CHARGER_COLD] = _test_ld(ch, ch_opts, ranks=ch_ranks)
        flags[F_CHARGER_REROLL] = ch.has("sigmar_example") or ch.has("psychology_reroll")
    if _scared(tg, ch):
        flags[F_TARGET_LD], flags[F_TARGET_COLD] = _test_ld(tg, tg_opts, ranks=tg_ranks)
    # Imperio "Ejemplo de Sigmar": failed panic, fear and terror tests re-rolled; Reinos del
    # Caos "Marca del Caos absoluto" (psychology_reroll): failed psychology tests re-rolled
    flags[F_TARGET_REROLL] = tg.has("sigmar_example") or tg.has("psychology_reroll")
    flags[F_TARGET_TERROR] = int(ch.causes_terror)
    flags[F_TARGET_SMALLER] = int(tg.unit_strength < ch.unit_strength)
    flags[F_REACH] = math.floor(reach)
    flags[F_REACH_DICE] = 0
    if ch.random_move:
        n = rules.parse_dice(ch.random_move, "random_move").n
        flags[F_REACH] = math.ceil(gap)
        flags[F_REACH_DICE] = n
        flags[F_REACH_TAIL:F_REACH_TAIL + REACH_TAIL_SIZE] = random_move_tail(n)
    if glorious_panic(tg, ch):
        flags[F_TARGET_PANIC_LD], flags[F_TARGET_PANIC_COLD] = _test_ld(tg, tg_opts,
                                                                         ranks=tg_ranks)
    # nothing to roll at the charge: the kernel skips charge_tests (whose buffer top-up the
    # round's start then makes: a round's dice budget is more than its 28 faces), and
    # charge_exact gives a plain charge either way
    flags[F_CHARGE_TESTS] = int(bool(flags[F_CHARGER_LD] or flags[F_TARGET_LD]
                                     or flags[F_TARGET_PANIC_LD] or ch.has("drunk")))


@dataclasses.dataclass(frozen=True)
class ChargePair:
    """One charge of a multi-unit combat, as :func:`pair_flags` takes it.

    ``charger`` and ``target``: the units' indices in the combat; ``ch``, ``tg`` the units;
    ``ch_opts``, ``tg_opts`` their circumstances (the General's Ld); ``ch_lead``, ``tg_lead``
    the best Ld of the characters in each (0 none); ``ch_us``, ``tg_us`` their unit
    strengths, characters included; ``gap`` the distance (cm) before the charge;
    ``ch_ranks``, ``tg_ranks`` the rank bonus Skaven "La fuerza radica en el número" adds to
    each one's Ld (:func:`numbers_ranks`).
    """

    charger: int
    target: int
    ch: Unit
    tg: Unit
    ch_opts: SideOptions
    tg_opts: SideOptions
    ch_lead: int = 0
    tg_lead: int = 0
    ch_us: int = 0
    tg_us: int = 0
    gap: float = 10.0
    ch_ranks: int = 0
    tg_ranks: int = 0


def pair_flags(flags: np.ndarray, pairs: list[ChargePair]) -> None:
    """Fill the charge pairs of a multi-unit combat in ``flags`` (§3.3, :data:`.F_PAIR`).

    Per pair the tests of :func:`charge_flags`: the charger's of a fear- or terror-causing
    target, the charged unit's of a fear- or terror-causing charger and its panic at a
    "Carga gloriosa" (once per charged unit: panic is tested once per phase, RULES.md §3.4),
    with the same Ld (the characters' in the unit count as its own), cold blood, re-rolls
    and immunities.  A random-moving charger
    reaches as far as its roll (the tail table of ``F_REACH_TAIL``, which all the
    random-moving chargers must share: the same number of dice).  Every pair is kept, so
    that any charger of a fleeing unit may catch it; none is kept when no pair has a test.
    """
    rows = []
    panicked: set[int] = set()
    tail_dice = 0
    for pr in pairs:
        row = np.zeros(N_PAIR, np.int64)
        row[PR_CHARGER] = pr.charger
        row[PR_TARGET] = pr.target
        if _scared(pr.ch, pr.tg, charging=True):
            row[PR_CHARGER_LD], row[PR_CHARGER_COLD] = _test_ld(pr.ch, pr.ch_opts, pr.ch_lead,
                                                                 pr.ch_ranks)
            row[PR_CHARGER_REROLL] = pr.ch.has("sigmar_example") or pr.ch.has("psychology_reroll")
        if _scared(pr.tg, pr.ch):
            row[PR_TARGET_LD], row[PR_TARGET_COLD] = _test_ld(pr.tg, pr.tg_opts, pr.tg_lead,
                                                               pr.tg_ranks)
        row[PR_TARGET_REROLL] = pr.tg.has("sigmar_example") or pr.tg.has("psychology_reroll")
        row[PR_TERROR] = int(pr.ch.causes_terror)
        row[PR_SMALLER] = int((pr.tg_us or pr.tg.unit_strength)
                              < (pr.ch_us or pr.ch.unit_strength))
        if pr.target not in panicked and glorious_panic(pr.tg, pr.ch):
            panicked.add(pr.target)
            row[PR_PANIC_LD], row[PR_PANIC_COLD] = _test_ld(pr.tg, pr.tg_opts, pr.tg_lead,
                                                             pr.tg_ranks)
        if pr.ch.random_move:
            n = rules.parse_dice(pr.ch.random_move, "random_move").n
            if tail_dice and n != tail_dice:
                raise OddsInputError("charge pairs: random-moving chargers with different dice "
                                     "(the engine keeps one reach table)")
            tail_dice = n
            row[PR_REACH] = math.ceil(pr.gap)
            row[PR_REACH_DICE] = n
        else:
            row[PR_REACH] = math.floor(2 * pr.ch.profile.M - pr.gap)
        rows.append(row)
    if not any(r[PR_CHARGER_LD] or r[PR_TARGET_LD] or r[PR_PANIC_LD] for r in rows):
        return  # nothing to roll at the charge
    if len(rows) > MAX_PAIRS:
        raise OddsInputError(f"charge pairs: at most {MAX_PAIRS} charges (got {len(rows)})")
    flags[F_PAIRS] = len(rows)
    for k, row in enumerate(rows):
        flags[F_PAIR + N_PAIR * k:F_PAIR + N_PAIR * (k + 1)] = row
    if tail_dice:
        flags[F_REACH_TAIL:F_REACH_TAIL + REACH_TAIL_SIZE] = random_move_tail(tail_dice)


def random_move_tail(n: int) -> np.ndarray:
    """How many of the ``6 ** n`` outcomes of ``n`` D6 sum to at least ``k``, ``k`` = 0..48."""
    ways = np.zeros(6 * n + 1, np.int64)
    ways[0] = 1
    for _ in range(n):
        nxt = np.zeros_like(ways)
        for face in range(1, 7):
            nxt[face:] += ways[:-face]
        ways = nxt
    tail = np.zeros(REACH_TAIL_SIZE, np.int64)
    total = np.cumsum(ways[::-1])[::-1]  # total[k] = outcomes with sum >= k
    tail[: total.size] = total[:REACH_TAIL_SIZE]
    return tail


def glorious_panic(unit: Unit, by: Unit) -> bool:
    """Whether ``unit``, charged by ``by``, tests panic at the charge ("Carga gloriosa").

    "Cualquier unidad que reciba una carga de una unidad de Lanceros Alados de potencia de
    unidad 5+ deben efectuar un chequeo de pánico igual que si hubiera sido cargada por el
    flanco mientras estuviera trabada" (RULES.md §3.4: charger US >= 5): unless ``unit``
    takes no panic tests (immune to panic or psychology, unbreakable, frenzied, or immune
    to panic against ``by``'s army or race).

    Regimientos de Renombre "Cuerno del Dragón" (``dragon_horn``, while ``by`` has its
    musician): "Debes declarar el uso de este objeto al inicio de tu fase de movimiento,
    antes de declarar cargas. Todas las unidades enemigas a 30cm o menos del músico deben
    hacer un chequeo de Pánico": the unit ``by`` charges (within its charge reach, so within
    30 cm) tests panic before the charge; failed, it flees and the charge may catch it, as
    the engine takes a failed panic test at the charge.
    """
    glorious = by.has("glorious_charge") and by.unit_strength >= 5
    if not (glorious or (by.has("dragon_horn") and by.command.musician)):
        return False
    if any(unit.has(r) for r in ("immune_to_panic", "immune_to_psychology", "unbreakable",
                                 "frenzy")):
        return False
    return by.tags.isdisjoint(unit.no_panic_against)


OGRE_CHARGE_MOVE = 15.0
"""cm a charge must cover for MDNR "Arremetida" ("si todas las miniaturas mueven al menos 15cm")."""


def ogre_charge_strength(unit: Unit, characters: list[Unit], distance: float) -> int:
    """Strength of the unit's "Arremetida" impact hits when it charges ``distance`` cm (0 = none).

    MDNR Mercenarios, Imperio, Regimientos de Renombre "Arremetida": "Toda unidad
    formada por 3 o más miniaturas de tipo Ogro (incluyendo personajes) que declare
    carga, si todas las miniaturas mueven al menos 15cm, causan un impacto por carga
    por cada miniatura que se trabe peana con peana con el enemigo. La fuerza del
    impacto será igual al atributo de Fuerza básico del ogro, +1 por cada miniatura
    tipo Ogro directamente tras él en la unidad."  The charge covers ``distance``
    (the gap before the charge, :attr:`.CombatOptions.distance`); the unit's models
    and the ogre characters in it count towards the three; a model in contact has
    ``models // files - 1`` ogres behind it (whole ranks: the models of an
    incomplete last rank are not counted as directly behind anyone, a
    convention, since the engine does not place them).  The rank and file's basic
    S (and one hit per model in contact, the champion's included, at that S).
    """
    if not unit.has("ogre_charge") or distance < OGRE_CHARGE_MOVE:
        return 0
    ogres = unit.models + sum(1 for c in characters if "ogre" in c.tags)
    if ogres < 3:
        return 0
    return min(10, unit.profile.S + max(0, unit.models // unit.files - 1))


THUNDEROUS_CHARGE_MOVE = 18.0
"""cm a charge must cover for MDNR "Carga atronadora" ("cargan, persiguen o arrasan 18cm o más")."""


def thunderous_charge(unit: Unit, distance: float) -> Unit:
    """``unit`` as it strikes after a charge across ``distance`` cm (MDNR "Carga atronadora").

    Mercenarios "Jinetes de rinobuey": "Si todas las miniaturas de una unidad de Jinetes de
    Rinobuey cargan, persiguen o arrasan 18cm o más, cada miniatura causa 1D3 impactos por
    carga": a unit with ``thunderous_charge`` keeps its impact hits only when the gap before
    the charge (:attr:`.CombatOptions.distance`) is at least
    :data:`THUNDEROUS_CHARGE_MOVE`; the engine's charges start at that gap, so all the
    unit's models cover it.  Other units are returned as they are.
    """
    if not unit.has("thunderous_charge") or distance >= THUNDEROUS_CHARGE_MOVE:
        return unit
    return unit.replace(impact_hits="", impact_strength=None)
