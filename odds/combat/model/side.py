"""One unit's row of ``sides``: the ``S_*`` constants of its profile, command and rules.

The columns of the rules with a spec are filled by :func:`odds.special_rules.fill_columns`
(:func:`lament_ward` is re-exported from its spec's module).  Also the panic immunities
that depend on the other units of the combat (RULES.md §3.4, :func:`panic_immunities`).
"""

from __future__ import annotations

import numpy as np

from odds import rules, special_rules
from odds import validation as v
from odds.combat.model import layout
from odds.combat.model.frontage import BASE_DEPTH_MM, BASE_WIDTH_MM, base_type
from odds.combat.model.layout import (
    LIFE_DRAIN_CAP,
    N_SIDE,
    S_BASE,
    S_BODYGUARD,
    S_BSB,
    S_BURN_SAVE,
    S_CAMEL_SHY,
    S_CAMELS,
    S_CAN_PURSUE,
    S_CHAMPION,
    S_CHAMPION_LD,
    S_DEPTH,
    S_DUEL_WARD,
    S_ELF,
    S_FEAR,
    S_FEARS_ELVES,
    S_FILES,
    S_FLEE_DICE,
    S_FLEE_MINUS,
    S_FLIGHT_IGNORE,
    S_GENERAL_LD,
    S_GRUMBLERS,
    S_HATRED,
    S_HIGH_GROUND,
    S_HP,
    S_INDEPENDENT,
    S_ITP,
    S_LD,
    S_LIFE_DRAIN,
    S_MAN_SIZED,
    S_MAY_FEAR,
    S_MUSICIAN,
    S_NO_PANIC,
    S_NO_RANK_CANCEL,
    S_PANIC_IGNORE,
    S_PURSUE_DICE,
    S_RA_DICE,
    S_RA_SIDES,
    S_RANK_MAX,
    S_RANKS_OK,
    S_REGEN,
    S_STANDARD,
    S_STATIC,
    S_UNSTABLE,
    S_US,
    S_W,
)
from odds.combat.model.options import SideOptions
from odds.special_rules.psychology import lament_ward as lament_ward
from odds.units import Unit

_MAN_SIZED = ("infantry", "cavalry")
_NO_PURSUIT = ("war_machine",)


def _side(unit: Unit, opts: SideOptions) -> np.ndarray:
    """Per-unit constants (``S_*``) of ``unit``.

    ``S_HATRED`` ("must pursue", MDNR gst "Odio": "siempre persiguen al
    enemigo odiado") is set for hatred of every enemy and, kept simple, for
    hatred of named enemies too, whichever enemy broke: it only matters when
    pursuit may be restrained (``CombatOptions.restrain_pursuit``).
    """
    s = np.zeros(N_SIDE, np.int64)
    p = unit.profile
    s[S_HP] = unit.models * p.W
    s[S_W] = p.W
    s[S_FILES] = unit.files
    s[S_BASE] = BASE_WIDTH_MM[base_type(unit)]
    s[S_US] = unit.unit_strength_per_model
    s[S_LD] = p.Ld
    # while a living guarded character (S_GUARDED, guarded()) stands in the unit
    # (psychology.break_test): Altos Elfos "Guardaespaldas" and Mercenarios "Escolta" make it
    # stubborn (1), Enanos "Guardia personal" immune to fear (2); Mercenarios "Escolta de
    # Mydas" stubborn unless its guarded character (Mydas) has fallen (3)
    s[S_BODYGUARD] = (1 if unit.has("bodyguard") or unit.has("paymaster_guard")
                      or unit.has("noble_escort")  # Elfos Silvanos "Escolta"
                      else 2 if unit.has("royal_guard")
                      else 3 if unit.has("mydas_escort") else 0)
    s[S_ITP] = unit.has("immune_to_psychology") or unit.has("unbreakable")
    # 1 causes fear; 2 while it carries its standard (Espadas de Manann "Estandarte de la
    # Esposa del Mar": "dejarán de causar Miedo si lo pierden"; psychology.break_test)
    s[S_FEAR] = (2 if unit.causes_fear and not ("fear" in unit.special
                                                 or "terror" in unit.special)
                 else int(unit.causes_fear))
    # Espadas de Manann "Juego sucio": "en desafíos, Edvard tiene una tirada de salvación
    # especial de 6+" (wards do not add up: only without one of its own)
    s[S_DUEL_WARD] = 6 if unit.has("dirty_trick") and not unit.ward_save else rules.IMPOSSIBLE
    # the unit's random attacks, or its steeds' (Condes Vampiro "Horda de espíritus" A "1D6")
    rolled = unit.random_attacks or (unit.mount.random_attacks if unit.mount else "")
    if rolled:
        spec = rules.parse_dice(rolled, "random_attacks")
        s[S_RA_DICE], s[S_RA_SIDES] = spec.n, spec.sides
    s[S_ELF] = "elf" in unit.tags
    # 2: "Criatura artefacto", one wound fewer; 3: "Estandarte de los Malditos", one fewer
    # while the standard is carried (psychology.break_test)
    s[S_UNSTABLE] = unit.has("unstable") * (
        3 if unit.has("cursed_standard") and unit.command.standard
        else 1 + unit.has("artefact_creature"))
    s[S_FLEE_DICE] = 8 if (p.M > 15 or unit.has("flying")) else 5
    if unit.random_move:
        # gst "Movimiento aleatorio (5D6)": "haz la tirada cada vez que quieras mover": it
        # flees and pursues with its move dice, whatever its (mean) M says
        s[S_FLEE_DICE] = rules.parse_dice(unit.random_move, "random_move").n
    # MDNR Reinos del Caos "Ansia de sangre": "persigue 8D6cm en vez de 5D6cm"
    s[S_PURSUE_DICE] = 8 if unit.has("bloodgreed") else s[S_FLEE_DICE]
    # Regimientos de Renombre "Pellejo de Wulfag": "pueden perseguir +3D6cm adicionales"
    s[S_PURSUE_DICE] += 3 * unit.has("pursuit_3d6_more")
    # MDNR Enanos "Firmeza": "Todas las miniaturas de tipo Infantería de este libro huyen y
    # persiguen 2cm menos (es decir, 5D6-2 cm), incluyendo la dotación de máquinas de guerra
    # (pero no el Girocóptero)"
    s[S_FLEE_MINUS] = 2 * (unit.has("resolute") and not unit.has("flying")
                           and unit.troop_type in ("infantry", "war_machine"))
    # Reinos del Caos "Bendición de Nurgle" (daemonic_bsb): a daemonic battle standard for
    # itself, "da +1 a la Resolución de Combate" as a standard and re-rolls (S_BSB 2: its
    # daemonic instability too, psychology.break_test)
    front = unit.front_command  # a standard or musician counts in the front rank only
    s[S_STANDARD] = front.standard or unit.has("daemonic_bsb")
    if front.standard and unit.has("black_standard"):
        # Perros del Desierto "Estandarte Negro de los Muktarin": "suma +1D3 al resultado de
        # combate ... en vez del habitual +1" (S_STANDARD 2: rolled in the kernel's result)
        s[S_STANDARD] = 2
    s[S_MUSICIAN] = front.musician
    s[S_CHAMPION] = unit.command.champion
    # must pursue (§4.3 restrain_pursuit): hatred of every enemy, or of a named one, whoever
    # the beaten enemy is (kept simple: _side does not know the enemy; documented choice)
    s[S_HATRED] = unit.has("hatred") or unit.has("eternal_hatred") or bool(unit.hatred)
    if unit.has("must_pursue"):  # "Hambrientos", "¡Enajenados mentales!": always pursue
        s[S_HATRED] = 1
    s[S_REGEN] = unit.regeneration or rules.IMPOSSIBLE
    s[S_MAN_SIZED] = unit.troop_type in _MAN_SIZED
    s[S_BSB] = 2 if unit.has("daemonic_bsb") else opts.bsb
    if unit.has("lucky"):
        # Reinos Ogros "Afortunados": "pueden repetir cualquier tirada ... En caso de tiradas
        # múltiples (como un chequeo de Liderazgo) se repite toda la tirada": its failed
        # break test is re-rolled as a battle standard's is (one re-roll, not repeated)
        s[S_BSB] = max(s[S_BSB], 1)
    s[S_GENERAL_LD] = opts.general_ld
    s[S_STATIC] = opts.static_bonus
    s[S_HIGH_GROUND] = opts.high_ground
    s[S_RANKS_OK] = unit.may_claim_ranks
    s[S_CAN_PURSUE] = unit.troop_type not in _NO_PURSUIT and not unit.has("no_pursuit")
    if s[S_CAN_PURSUE] and unit.has("devourer"):
        # MDNR Bestias "Devorador": "si el Preyton quiere perseguir o arrasar deberá hacer un
        # chequeo de Liderazgo (en vez de un chequeo para no perseguir como es habitual)";
        # held back, it feasts and enemies test panic (resolution.leave_and_pursue)
        s[S_CAN_PURSUE] = 2
    # MDNR Bestias "La manada en combate": "pueden aplicar bonificador por filas de hasta
    # +2"; "La manada cargando": "la Manada es Hostigadora (aunque tenga filas), por lo que
    # no anula filas a unidades enemigas cargadas por el flanco o la retaguardia"
    # 6th Appendix Seven, skirmishers 7: skirmishers "do not negate an enemy unit's rank
    # bonuses if they charge them in the flank or rear" (RULES.md §2.2 is silent; the MDNR
    # herd text above rests on it) -- unless Elfos Oscuros "Danza de la muerte": "pueden
    # anular el bonificador a la resolución de combate por filas de los enemigos pese a ser
    # Hostigadores" (``cancels_ranks``)
    s[S_NO_RANK_CANCEL] = cancels_no_ranks(unit)
    s[S_RANK_MAX] = unit.rank_bonus_cap
    champ = unit.champion_profile or p
    s[S_CHAMPION_LD] = champ.Ld
    s[S_DEPTH] = BASE_DEPTH_MM[base_type(unit)]
    # panic re-rolls for friends: 1 while the unit fights ("Viejos cascarrabias": "que no
    # estén huyendo"), 2 while it has not been destroyed ("Ejemplo de Sigmar"); 3 for its
    # own tests only (psychology_reroll: Reinos del Caos "Marca del Caos absoluto")
    s[S_GRUMBLERS] = (1 if unit.has("old_grumblers") else 2 if unit.has("sigmar_example")
                      else 3 * unit.has("psychology_reroll"))
    s[S_BURN_SAVE] = unit.armour_save
    s[S_INDEPENDENT] = unit.has("independent")
    if unit.has("independent"):
        s[S_GENERAL_LD] = 0  # "nunca utilizan el Liderazgo del General" (also "Bestias")
    if unit.has("no_bsb_reroll"):
        # Bretonia "Escoria": "ni repetir desmoralización a causa del Estandarte de Batalla"
        # (S_INDEPENDENT 2: nor a battle standard bearer fighting beside it, kernel.break_tests)
        s[S_INDEPENDENT] = 2
        s[S_BSB] = 0
    if unit.has("life_drain"):
        # Condes Vampiro "Poder de la muerte": "Por cada herida que cause el Carruaje negro o
        # alguna de sus partes (Conductor, Pesadilla), el Carruaje gana una herida. Esto puede
        # aumentar sus Heridas por encima de su valor inicial": one model whose wounds may
        # grow up to LIFE_DRAIN_CAP (blows.strike), starting at its printed W
        if unit.models != 1 or unit.regeneration:
            raise v.OddsInputError(f"{unit.name}: 'life_drain' needs a single model without"
                                   " regeneration")
        s[S_LIFE_DRAIN] = 1
        s[S_W] = LIFE_DRAIN_CAP
    if unit.has("carnophage"):
        # Condes Vampiro "Carnófago": "Por cada herida causada en combate cuerpo a cuerpo ... el
        # Demonio de los Lamentos recupera una Herida que hubiera sufrido antes (no puede
        # tener más Heridas de las que tenía en su atributo de Heridas inicial)": the kernel
        # code of "Poder de la muerte" (blows.strike) capped at the printed W
        if unit.models != 1 or unit.regeneration or unit.has("life_drain"):
            raise v.OddsInputError(f"{unit.name}: 'carnophage' needs a single model without"
                                   " regeneration or life_drain")
        s[S_LIFE_DRAIN] = 1
    if unit.has("enrage") and unit.models != 1:
        # Enanos "Enfurecer": "un ataque adicional por cada herida que se encuentre por debajo
        # de sus heridas iniciales": one model's lost wounds (strike_steps.count_attacks)
        raise v.OddsInputError(f"{unit.name}: 'enrage' needs a single model")
    # the columns of the rules with a spec that fills them (odds.special_rules)
    special_rules.fill_columns(s, unit, layout)
    return s


MAX_PANIC_SOURCES = 62
"""Units (of a combat) whose breaking a unit's panic immunities can name (bits of an int64)."""


def cancels_no_ranks(unit: Unit) -> bool:
    """Whether ``unit`` on an enemy's flank or rear cancels none of its ranks (S_NO_RANK_CANCEL).

    MDNR Bestias "La manada cargando" (a herd), and skirmishers (6th Appendix Seven) unless
    Elfos Oscuros "Danza de la muerte" (``cancels_ranks``): see :func:`_side`.
    """
    return unit.has("herd") or (unit.has("skirmishers") and not unit.has("cancels_ranks"))


def panic_immunities(side_arr: np.ndarray, units: list[Unit], sides: list[int]) -> None:
    """Fill ``S_PANIC_IGNORE`` and the enemy-dependent ``S_NO_PANIC`` of the units (§3.4).

    A unit ignores the panic a friend ``x`` causes (breaking or destroyed) when
    :meth:`~odds.units.Unit.ignores_panic_from` says so: bit ``x`` of its
    ``S_PANIC_IGNORE``.  It takes no panic test at all (``S_NO_PANIC``) when
    every enemy unit of the combat carries a tag of its ``no_panic_against``; no unit
    tests for a friend with ``causes_no_panic``
    (MDNR Altos Elfos "Estoicos": "cuando luchan contra un ejército de MDNR:
    Elfos Oscuros ... nunca deberán hacer chequeos de Pánico de ninguna clase";
    an enemy of another army in the combat, e.g. a mercenary regiment, voids it).
    A friend ``x`` whose flight causes the unit no panic (:meth:`Unit.flight_panics`:
    MDNR Regimientos de Renombre hobgoblins' "Desprecio") sets bit ``x`` of its
    ``S_FLIGHT_IGNORE`` (destroyed, ``x`` still causes panic).  A friend ``x`` that causes
    the unit no panic at all (:meth:`Unit.panics`: MDNR Contingente Aliado: Hobgoblins
    "Desprecio", Skaven "Prescindibles", Nippon "Campesinos") sets bit ``x`` of its
    ``S_PANIC_IGNORE``.
    """
    n = len(units)
    for f, unit in enumerate(units):
        enemies = [units[e] for e in range(n) if sides[e] != sides[f]]
        if unit.no_panic_against and all(
                not e.tags.isdisjoint(unit.no_panic_against) for e in enemies):
            side_arr[f, S_NO_PANIC] = 1
        flight = 0  # friends whose flight (not destruction) causes it no panic
        for x in range(min(n, MAX_PANIC_SOURCES)):
            if x != f and sides[x] == sides[f] and not units[x].flight_panics(unit):
                flight |= 1 << x
        side_arr[f, S_FLIGHT_IGNORE] = flight
        mask = 0
        for x in range(min(n, MAX_PANIC_SOURCES)):
            # Mercenarios "Altamente insignificantes": gnoblars cause no panic to anyone
            if x != f and sides[x] == sides[f] and (unit.ignores_panic_from(units[x])
                                                    or units[x].has("causes_no_panic")
                                                    or not units[x].panics(unit)):
                mask |= 1 << x
        side_arr[f, S_PANIC_IGNORE] = mask


def fear_possible(side_arr: np.ndarray, sides: list[int], n_units: int) -> None:
    """Fill ``S_MAY_FEAR``: whether any enemy body could ever cause a unit fear (§3.2 step 3).

    An enemy body (unit or character) with ``S_FEAR``, or an elf when the unit has
    ``S_FEARS_ELVES`` (MDNR "Miedo a los orejotaz"), or camels (``S_CAMELS``) when it is of a
    troop type that fears them (``S_CAMEL_SHY``).  Where none could,
    :func:`odds.combat.psychology.break_test` skips the fear count, which would be 0.
    ``sides``: the side of every body, characters included.
    """
    for u in range(n_units):
        side_arr[u, S_MAY_FEAR] = any(
            side_arr[b, S_FEAR] or (side_arr[u, S_FEARS_ELVES] and side_arr[b, S_ELF])
            or (side_arr[u, S_CAMEL_SHY] and side_arr[b, S_CAMELS])
            for b in range(len(sides)) if sides[b] != sides[u])
