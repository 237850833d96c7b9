"""Build a :class:`~odds.combat.model.options.CombatModel` from two units or several.

:func:`build` (two units, the attacker on the defender's front, flank or rear) and
:func:`build_units` (several units and characters) validate the units, contacts and options,
make the bodies (units, characters, promoted champions, named members), fill their rows
(:mod:`~odds.combat.model.side`) and attack groups (:mod:`~odds.combat.model.groups`), the
strike order (RULES.md §1.2), the rank bonus table and the side bonuses (§2.2), and the
psychology at the charge (§3.3).
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import numpy as np

from odds import rules
from odds import validation as v
from odds.combat.model.bodies import (
    _Hosted,
    _hosted_bodies,
    _promoted_champions,
    _split_members,
    bear_standard_bearers,
    fought_through,
    guarded,
    recruits_at_most,
)
from odds.combat.model.charge import charge_flags, ogre_charge_strength, thunderous_charge
from odds.combat.model.contact import contact_effects, killing_cold, soporific_musk
from odds.combat.model.groups import _groups, slayer_weapon
from odds.combat.model.heads import head_rows, heads
from odds.combat.model.layout import (
    CREW,
    F_CHARGE_TESTS,
    F_EXPAND,
    F_GIANT_HITS,
    FLANK,
    FRONT,
    N_CONTACT,
    N_FLAGS,
    N_GROUP,
    N_GROUPS,
    N_KINDS,
    REAR,
    S_ALLOC,
    S_BEAR_STD,
    S_CHALLENGE,
    S_CHAMP_BODY,
    S_CHARGED,
    S_ENRAGE,
    S_FEAR,
    S_FEARLESS,
    S_GUARDED,
    S_HIGH_GROUND,
    S_HORN,
    S_HOST,
    S_HOSTED_HI,
    S_HOSTED_LO,
    S_HUNT,
    S_IS_BSB,
    S_IS_CHAMPION,
    S_IS_GENERAL,
    S_LANCE,
    S_LD,
    S_RANK_MAX,
    S_RANKS_OK,
    S_RATING,
    S_RECRUIT,
    S_SIDE,
    S_STATIC,
    S_US,
)
from odds.combat.model.options import CombatModel, CombatOptions, SideOptions
from odds.combat.model.side import _side, cancels_no_ranks, fear_possible, panic_immunities
from odds.combat.model.strike_order import _strike_order, braced
from odds.special_rules.bretonnia import saints_champion, stopped_by_stakes, wild_hunt
from odds.special_rules.chaos import hold_shield_wall, mutation_variants
from odds.special_rules.mercs import gourd_variants
from odds.units import Unit
from odds.vocabulary import ALLOCATIONS, CHALLENGE_POLICIES, FACES


def build_units(units: list[Unit], sides: list[int],
                contacts: list[tuple[int, int, int, int]], charged: list[bool],
                unit_options: list[SideOptions | None],
                options: CombatOptions | None = None,
                names: tuple[str, ...] | None = None,
                characters: list[tuple[int, Any]] | None = None,
                allocation: list[str] | None = None,
                challenge: list[str] | None = None,
                active_side: int = 0) -> CombatModel:
    """Build the :class:`CombatModel` of a combat between several units.

    Parameters
    ----------
    units : list of Unit
        Every unit in the combat.
    sides : list of int
        Each unit's side: 0 (attacker) or 1 (defender); both sides present.
    contacts : list of (int, int, int, int)
        Each contact once: ``(u, v, face of u, face of v)`` with faces
        :data:`FRONT`, :data:`FLANK`, :data:`REAR` (see
        :attr:`odds.scenario.CombatScenario.contacts`).  Every unit must be in
        at least one contact.
    charged : list of bool
        Which units charged this turn.
    unit_options : list of SideOptions or None
        Per-unit circumstances (static bonuses and high ground add up per
        side; battle standard and General apply to that unit's break tests).
    options : CombatOptions, optional
        Rule options (its ``charger`` is ignored: ``charged`` says who charged).
    names : tuple of str, optional
        Labels of the units (default: the units' names), then of the characters.
    characters : list of (int, Character), optional
        Characters and the unit each stands in (its front rank, §1.1).  They
        become extra bodies after the units (``S_HOST`` says whose).
    allocation : list of str, optional
        Per unit, how its models in contact with enemy characters attack:
        ``troops`` (Default), ``character`` or ``split`` (§1.1, source 004).
    challenge : list of str, optional
        Per unit: ``never``, ``always`` (issue and accept with its best
        fighter, character or champion) or ``champion`` (only its champion
        issues and accepts; §1.9).  The champion (of a unit of two or more
        models) of a unit front to front with an enemy unit, where either
        may challenge, becomes a body of its own after its unit's characters (see
        the notes of :mod:`odds.combat.model`).
    active_side : int
        The side whose turn the first round is (challenges: active player first).

    Returns
    -------
    CombatModel
    """
    if any(isinstance(u, Unit) and (u.has("mutations") or u.has("wine_gourd")) for u in units):
        # chaos family: "Mutaciones", rolled before the battle: the mixture of the builds;
        # Regimientos de Renombre "Calabaza de vino de Lustria", its D6 the turn it charges
        rolled = [_rolled(u, i < len(charged) and bool(charged[i])) for i, u in enumerate(units)]
        return _mixed(rolled, lambda us: build_units(
            us, sides, contacts, charged, unit_options, options, names, characters,
            allocation, challenge, active_side))
    n_units = len(units)
    characters = list(characters or [])
    allocation = list(allocation or ["troops"] * n_units)
    challenge = list(challenge or ["never"] * n_units)
    challenge, opts = _checked(units, sides, contacts, charged, unit_options, characters,
                               allocation, challenge)
    units = [saints_champion(u) for u in units]  # Bretonia "Santos en vida"
    options = options or CombatOptions()
    # Reinos del Caos "Dos cabezas": the Ettin's starting head, and its other head
    units, alt = _heads(units, characters, contacts)
    # chaosbeasts: "Almizcle soporífero": half WS and I for those in contact with it
    units, characters = soporific_musk(units, characters, contacts)
    # empire family: "Frío asesino": Initiative 1 for those in contact with it
    units, characters = killing_cold(units, characters, contacts)
    # MDNR "Hachas de matador": the weapon chosen for this combat, against the first enemy
    # the unit touches
    units = [slayer_weapon(u, units[next(b if a == i else a for a, b, *_ in contacts
                                         if i in (a, b))], charged[i])
             for i, u in enumerate(units)]
    # chaos family: Norsca, Norses "Muro de escudos": +1 armour save unless it charged
    units = [hold_shield_wall(u, charged[i]) for i, u in enumerate(units)]
    for k, c in enumerate(challenge):
        if c == "champion" and not (units[k].command.champion and units[k].models >= 2):
            raise v.OddsInputError(f"challenge[{k}]: 'champion' sends the unit's champion, but "
                                   f"{units[k].name!r} has none (or is a single model)")
    champions = _promoted_champions(units, sides, contacts, characters, challenge)
    full_units = list(units)
    # a war machine's champion is a crewman beside it: the machine keeps its model, and its
    # front one more place
    units = [u.replace(command=u.command.replace(champion=False),
                       **({"files": u.files + 1} if u.troop_type == "war_machine"
                          else {"models": u.models - 1}))
             if i in champions else u for i, u in enumerate(units)]
    units, members = _split_members(units)
    n_members = [sum(1 for h, _ in members if h == i) for i in range(n_units)]
    side_arr = _unit_rows(units, full_units, opts, sides, charged, allocation, challenge,
                          active_side)
    bodies = list(units)
    named = tuple(names or ())
    extra = _hosted_bodies(full_units, characters, champions, members, named)
    side_arr = _with_hosted_rows(side_arr, extra, units, full_units, opts, sides, charged)
    if extra:
        bodies += [e.body for e in extra]
        sides = [*sides, *(sides[e.host] for e in extra)]
        charged = [*charged, *(charged[e.host] for e in extra)]
    host_of = list(range(n_units)) + [e.host for e in extra]
    groups, bearer = _attack_groups(bodies, extra, full_units, units, sides, charged, contacts,
                                    options.distance, host_of,
                                    alt + [None] * (len(bodies) - n_units), options.loec_dances)
    for i in range(len(bodies)):
        side_arr[i, S_BEAR_STD] = bearer[host_of[i]]
    contact_effects(groups, side_arr, bodies, [e.host for e in extra], contacts)
    fear_possible(side_arr, sides, n_units)
    order, keys, n_order = _strike_order(groups, sides)
    flags = np.zeros(N_FLAGS, np.int64)
    flags[:F_CHARGE_TESTS] = [options.corner_contact, options.musician_tiebreak,
                              options.insane_courage, options.restrain_pursuit,
                              options.flank_rear_rule == "both", n_units, active_side]
    flags[F_EXPAND] = options.expand_frontage
    flags[F_GIANT_HITS] = options.giant_fall_hits == "default"
    ranks = _rank_table(full_units, extra, champions, n_members, side_arr)
    side_bonus = _side_bonus(opts, sides)
    side_arr[:, S_STATIC] = 0
    side_arr[:, S_HIGH_GROUND] = 0
    labels = tuple(named[i] if i < len(named) else u.name for i, u in enumerate(units))
    labels = labels + tuple(e.label for e in extra)
    return CombatModel(side_arr, groups, order, keys, n_order, flags, -1, options.max_rounds,
                       np.array(contacts, np.int64).reshape(-1, N_CONTACT), ranks, side_bonus,
                       labels, n_units, active_side)


def build(attacker: Unit, defender: Unit, a_opts: SideOptions | None = None,
          d_opts: SideOptions | None = None, options: CombatOptions | None = None) -> CombatModel:
    """Validate two units and the options and build their :class:`CombatModel`.

    The two-unit combat is the special case of :func:`build_units` with the
    attacker (unit 0) and the defender (unit 1) engaged front to front.

    Parameters
    ----------
    attacker, defender : Unit
        The two units.
    a_opts, d_opts : SideOptions, optional
        Per-side circumstances.
    options : CombatOptions, optional
        Rule options (``charger`` says who charged).

    Returns
    -------
    CombatModel
    """
    for name, u in (("attacker", attacker), ("defender", defender)):
        if not isinstance(u, Unit):
            raise v.OddsInputError(f"{name}: must be an odds.units.Unit (got {type(u).__name__})")
    for name, o in (("attacker_options", a_opts), ("defender_options", d_opts)):
        if o is not None and not isinstance(o, SideOptions):
            raise v.OddsInputError(f"{name}: must be a SideOptions (got {type(o).__name__})")
    options = options or CombatOptions()
    charger = {"attacker": 0, "defender": 1, "none": -1}[options.charger]
    if any(u.has("mutations") or u.has("wine_gourd") for u in (attacker, defender)):
        # chaos family: "Mutaciones", rolled before the battle: the mixture of the builds;
        # Regimientos de Renombre "Calabaza de vino de Lustria", its D6 the turn it charges
        return _mixed([_rolled(attacker, charger == 0), _rolled(defender, charger == 1)],
                      lambda us: build(us[0], us[1], a_opts, d_opts, options))
    face = FACES.index(options.attacker_face)
    # the first round is the charger's turn (RULES.md §0: charges are declared by the
    # active player); with no charger, the attacker's
    model = build_units([attacker, defender], [0, 1], [(0, 1, FRONT, face)],
                        [charger == 0, charger == 1], [a_opts, d_opts], options,
                        active_side=1 if charger == 1 else 0)
    if charger >= 0 and options.charge_tests:
        units = (attacker, defender)
        opts = (a_opts or SideOptions(), d_opts or SideOptions())
        ch, tg = units[charger], units[1 - charger]
        if ch.random_move:
            reach = 6 * rules.parse_dice(ch.random_move, "random_move").n
            how = f"its random move {ch.random_move.upper()}"
        else:
            reach = 2 * ch.profile.M
            how = f"2 x M {ch.profile.M}"
        if options.distance > reach:
            raise v.OddsInputError(
                f"distance: the gap before the charge must be within the charger's reach, "
                f"0..{reach} cm ({how}); got {options.distance:g}")
        # the defender is touched on ``face``: a charger of US >= 5 there cancels its ranks
        cancelled = (charger == 0 and face != FRONT and ch.unit_strength >= 5
                     and not cancels_no_ranks(ch))
        charge_flags(model.flags, charger, ch, tg, opts[charger], opts[1 - charger],
                     reach - options.distance, gap=options.distance, tg_cancelled=cancelled)
    return dataclasses.replace(model, charger=charger)


def _rolled(unit: Any, charges: bool) -> list[tuple[float, Unit]]:
    """A unit's builds for the rolls made before the combat's blows, with their weights.

    Chaos family "Mutaciones" (:func:`~odds.special_rules.chaos.mutation_variants`), then
    Regimientos de Renombre "Calabaza de vino de Lustria" when the unit ``charges``
    (:func:`~odds.special_rules.mercs.gourd_variants`); ``[(1.0, unit)]`` for anything else.
    """
    if not isinstance(unit, Unit):
        return [(1.0, unit)]
    return [(w * w2, u2) for w, u in mutation_variants(unit)
            for w2, u2 in gourd_variants(u, charges)]


MAX_MIXED_UNITS = 3
"""Most units of one combat with a roll before the battle ("Mutaciones"): their builds
multiply (6 ** 3 = 216 models at most)."""


def _mixed(variants: list[list[tuple[float, Unit]]], make: Any) -> CombatModel:
    """The model mixing ``make(units)`` over every combination of the units' ``variants``.

    The first part's arrays are the returned model's; ``mixture`` holds every part with its
    weight (the product of its units' weights); a single part is returned as it is.
    """
    mixed = sum(1 for builds in variants if len(builds) > 1)
    if mixed > MAX_MIXED_UNITS:
        raise v.OddsInputError(f"units: at most {MAX_MIXED_UNITS} units with a roll before the"
                               f" battle (\"Mutaciones\") in one combat (got {mixed})")
    parts = []
    for combo in itertools.product(*variants):
        w = 1.0
        for wu, _ in combo:
            w *= wu
        parts.append((w, make([u for _, u in combo])))
    if len(parts) == 1:  # no roll made after all (a gourd kept by a unit that is charged)
        return parts[0][1]
    return dataclasses.replace(parts[0][1], mixture=tuple(parts))


def _checked(units: list[Unit], sides: list[int], contacts: list[tuple[int, int, int, int]],
             charged: list[bool], unit_options: list[SideOptions | None],
             characters: list[tuple[int, Any]], allocation: list[str],
             challenge: list[str]) -> tuple[list[str], list[SideOptions]]:
    """Validate :func:`build_units`' arguments; the challenge policies and the units' options.

    A unit with Condes Vampiro "Honor marcial" gets the ``champion`` policy; a missing
    :class:`SideOptions` is the default one.
    """
    for k, c in enumerate(challenge):
        v.choice(f"challenge[{k}]", c, CHALLENGE_POLICIES)
    # Condes Vampiro "Honor marcial": "El Campeón siempre debe lanzar y aceptar desafíos"
    # (whatever the policy asked for; without a champion nobody of the unit can duel)
    challenge = ["champion" if k < len(units) and units[k].has("martial_honour")
                 and units[k].command.champion and units[k].models >= 2 else c
                 for k, c in enumerate(challenge)]
    for k, a in enumerate(allocation):
        v.choice(f"allocation[{k}]", a, ALLOCATIONS)
    for k, (host, _) in enumerate(characters):
        if not 0 <= host < len(units):
            raise v.OddsInputError(f"characters[{k}]: no unit {host!r}")
    n = len(units)
    if not (len(sides) == len(charged) == len(unit_options) == n) or n < 2:
        raise v.OddsInputError("units: give at least two units, with one side, "
                               "charged flag and options entry each")
    for i, u in enumerate(units):
        if not isinstance(u, Unit):
            raise v.OddsInputError(f"units[{i}]: must be an odds.units.Unit "
                                   f"(got {type(u).__name__})")
        if sides[i] not in (0, 1):
            raise v.OddsInputError(f"sides[{i}]: must be 0 or 1 (got {sides[i]!r})")
    if set(sides) != {0, 1}:
        raise v.OddsInputError("sides: each side needs at least one unit")
    for k, (host, ch) in enumerate(characters):
        if units[host].has("no_characters"):
            raise v.OddsInputError(
                f"characters[{k}]: {getattr(ch, 'name', ch)!r} cannot join {units[host].name!r}:"
                f" no character may join that unit (its rule 'no_characters')")
    opts = []
    for i, o in enumerate(unit_options):
        o = o or SideOptions()
        if not isinstance(o, SideOptions):
            raise v.OddsInputError(f"unit_options[{i}]: must be a SideOptions "
                                   f"(got {type(o).__name__})")
        opts.append(o)
    seen: set[frozenset[int]] = set()
    for k, (a, b, fa, fb) in enumerate(contacts):
        if not (0 <= a < n and 0 <= b < n) or sides[a] == sides[b]:
            raise v.OddsInputError(f"contacts[{k}]: must join two enemy units (got {a!r}, {b!r})")
        if fa not in (FRONT, FLANK, REAR) or fb not in (FRONT, FLANK, REAR):
            raise v.OddsInputError(f"contacts[{k}]: faces must be 0 front, 1 flank or 2 rear")
        if frozenset((a, b)) in seen:
            raise v.OddsInputError(f"contacts[{k}]: units {a} and {b} are already in contact")
        seen.add(frozenset((a, b)))
    touched = {a for a, *_ in contacts} | {b for _, b, *_ in contacts}
    if touched != set(range(n)):
        missing = sorted(set(range(n)) - touched)
        raise v.OddsInputError(f"contacts: units {missing} are in no contact")
    return challenge, opts


def _unit_rows(units: list[Unit], full_units: list[Unit], opts: list[SideOptions],
               sides: list[int], charged: list[bool], allocation: list[str],
               challenge: list[str], active_side: int) -> np.ndarray:
    """The units' rows of ``sides`` (``units``: without their promoted champions and members)."""
    side_arr = np.stack([_side(u, o) for u, o in zip(units, opts, strict=True)])
    side_arr[:, S_SIDE] = sides
    side_arr[:, S_CHARGED] = charged
    # Regimientos de Renombre "Cuerno del Dragón" (its musician's; one use): a unit that
    # charged blew it before its charge (charge_flags, glorious_panic); otherwise at the start
    # of its first own turn: 1 + that round's index (charged, the turn after the charge)
    side_arr[:, S_HORN] = [
        0 if charged[i] or not (u.has("dragon_horn") and u.command.musician)
        else 2 if active_side != sides[i] or any(
            c and sides[j] != sides[i] for j, c in enumerate(charged)) else 1
        for i, u in enumerate(units)]
    side_arr[:, S_HOST] = -1
    side_arr[:, S_ALLOC] = [ALLOCATIONS.index(a) for a in allocation]
    side_arr[:, S_CHALLENGE] = [CHALLENGE_POLICIES.index(c) for c in challenge]
    side_arr[:, S_CHAMP_BODY] = -1
    # immune to fear while the champion lives (psychology.break_test: its body, if promoted)
    side_arr[:, S_FEARLESS] = [u.has("leader_fearless") and u.command.champion
                               for u in full_units]
    panic_immunities(side_arr, units, sides)
    side_arr[:, S_RECRUIT] = [i + 1 if u.has("cursed_recruits") else 0
                              for i, u in enumerate(units)]
    for i, u in enumerate(units):
        if (wild_hunt(u) and charged[i] and sides[i] == active_side
                and not side_arr[i, S_FEAR]):
            # Elfos Silvanos "La cacería salvaje": it charged in its turn with its musician
            side_arr[i, S_HUNT] = 1
            side_arr[i, S_FEAR] = 3
    return side_arr


def _with_hosted_rows(side_arr: np.ndarray, extra: list[_Hosted], units: list[Unit],
                      full_units: list[Unit], opts: list[SideOptions], sides: list[int],
                      charged: list[bool]) -> np.ndarray:
    """``side_arr`` (the units' rows) with the hosted bodies' rows after them.

    Each unit's ``S_HOSTED_LO`` .. ``S_HOSTED_HI`` and ``S_CHAMP_BODY`` name its bodies.
    """
    n_units = len(units)
    side_arr[:, S_HOSTED_LO] = n_units
    side_arr[:, S_HOSTED_HI] = n_units
    for host in {e.host for e in extra}:
        index = [n_units + k for k, e in enumerate(extra) if e.host == host]
        side_arr[host, S_HOSTED_LO] = index[0]
        side_arr[host, S_HOSTED_HI] = index[-1] + 1
    for k, e in enumerate(extra):
        if e.champion:
            side_arr[e.host, S_CHAMP_BODY] = n_units + k
    if extra:
        rows = []
        for e in extra:
            row = _side(e.body, opts[e.host])
            if row[S_ENRAGE]:
                # Enanos "Enfurecer" counts a unit's one model's lost wounds
                # (strike_steps.count_attacks); a character or champion body has no such code
                raise v.OddsInputError(f"{e.body.name}: 'enrage' is a one-model unit's rule,"
                                       " not a character's or champion's")
            row[S_SIDE] = sides[e.host]
            row[S_CHARGED] = charged[e.host]
            row[S_HOST] = e.host
            row[S_US] = e.unit_strength
            row[S_IS_GENERAL] = e.general
            row[S_IS_BSB] = e.battle_standard
            row[S_GUARDED] = guarded(units[e.host], e)
            # a champion, or a relic member: attacked only once no rank and file is left
            # (fighters.hosted_char)
            row[S_IS_CHAMPION] = e.champion or e.shielded
            row[S_CHAMP_BODY] = -1
            # "Bienvenido a la Maldición": "cualquier guerrero de la Compañía Maldita (incluido
            # Kreugar)": its champion and named members, not a character who joined it
            row[S_RECRUIT] = (e.host + 1 if (e.champion or e.member)
                              and full_units[e.host].has("cursed_recruits") else 0)
            row[S_HOSTED_LO] = 0
            row[S_HOSTED_HI] = 0
            pr = e.profile
            row[S_RATING] = pr.WS + pr.S + pr.T + pr.W + pr.I + pr.A
            if not e.lends_ld:  # "la unidad NO puede usar el Liderazgo de esos miembros"
                row[S_LD] = min(row[S_LD], side_arr[e.host, S_LD])
            rows.append(row)
        side_arr = np.vstack([side_arr, np.stack(rows)])
    return side_arr


def _heads(units: list[Unit], characters: list[Any],
           contacts: list[tuple[int, int, int, int]]) -> tuple[list[Unit], list[Unit | None]]:
    """Reinos del Caos "Dos cabezas": each unit with its starting head, and its other head.

    The other head (None: no such rule) with what enemy rules in contact do to every unit's
    profile ("Almizcle soporífero", "Frío asesino"), as for the starting one.
    """
    pairs = [heads(u) for u in units]
    first = [a for a, _ in pairs]
    if all(b is None for _, b in pairs):
        return first, [None] * len(units)
    other = [a if b is None else b for a, b in pairs]
    other, _ = soporific_musk(other, characters, contacts)
    other, _ = killing_cold(other, characters, contacts)
    return first, [o if b is not None else None for o, (_, b) in zip(other, pairs, strict=True)]


def _attack_groups(bodies: list[Unit], extra: list[_Hosted], full_units: list[Unit],
                   units: list[Unit], sides: list[int], charged: list[bool],
                   contacts: list[tuple[int, int, int, int]], distance: float,
                   host_of: list[int], alt: list[Unit | None], dances: tuple[str, ...]
                   ) -> tuple[np.ndarray, list[int]]:
    """Every body's attack groups against every enemy body, and the units' bear standards.

    ``host_of[b]``: the unit body ``b`` belongs to (itself for a unit); ``dances``: the
    "Danzas de Loec" of each round kind (``CombatOptions.loec_dances``).  The second value is
    :func:`~odds.combat.model.bodies.bear_standard_bearers`' (per unit).  ``alt[b]``: body
    ``b`` with its other head dominant (Reinos del Caos "Dos cabezas", None: no such rule),
    whose rows fill the rule's columns (:func:`~odds.combat.model.heads.head_rows`).
    """
    n_units = len(units)
    n = len(bodies)
    bracing = braced(units, list(charged[:n_units]), contacts)
    bracing += [bracing[e.host] for e in extra]  # a promoted champion has the unit's pike
    groups = np.zeros((n, n, N_GROUPS, N_KINDS, N_GROUP), np.int64)
    # "Arremetida": the unit as it was built (a promoted champion strikes its own hit)
    ogres = [ogre_charge_strength(full_units[i], [e.body for e in extra if e.host == i
                                                  and not e.champion and not e.member],
                                  distance) if charged[i] else 0
             for i in range(n_units)]
    ogres += [ogres[e.host] if e.champion or e.member else 0 for e in extra]
    # Imperio "Portentos de batalla": friends of a Huracanum in the combat, itself included
    omens = [any(bodies[k].has("battle_omens") for k in range(n) if sides[k] == sides[i])
             for i in range(n)]
    # Mercenarios "Carga atronadora": no impact hits after a charge shorter than 18 cm
    strikers = [thunderous_charge(b, distance) for b in bodies]
    bearer = bear_standard_bearers(full_units, extra, n_units)

    def rows(striker: Unit | None, i: int, target: Unit | None, j: int) -> np.ndarray:
        # Bretonia "Estacas defensivas": charging the staked unit's front, no charge bonus
        # nor charge rule
        staked = charged[i] and stopped_by_stakes(units, host_of[i], host_of[j], contacts)
        return _groups(strikers[i] if striker is None else thunderous_charge(striker, distance),
                       fought_through(bodies[j] if target is None else target, j, host_of[i],
                                      contacts),
                       bool(charged[i]) and not staked, bracing[i], bool(charged[j]),
                       0 if staked else ogres[i], omens[i], bearer[host_of[i]] > 0, dances)

    for i in range(n):
        for j in range(n):
            if sides[i] != sides[j]:
                groups[i, j] = rows(None, i, None, j)
    head_rows(groups, alt, rows)
    # Enanos del Caos "Rompecráneos": "No afecta si no hay miniaturas en su frontal": its
    # attacks reach only the enemy units touching the model's front
    for i in range(n_units):
        if bodies[i].has("skull_crushers"):
            for j in range(n):
                if not any((a, b, fa) == (i, host_of[j], FRONT)
                           or (b, a, fb) == (i, host_of[j], FRONT)
                           for a, b, fa, fb in contacts):
                    groups[i, j, CREW] = 0
        # Mercenarios "Ataque de cola": "sólo puede realizarse contra miniaturas que estén en
        # la retaguardia de los Fimir": the enemy units touching the unit's rear only
        if bodies[i].has("tail_attack"):
            for j in range(n):
                if not any((a, b, fa) == (i, host_of[j], REAR)
                           or (b, a, fb) == (i, host_of[j], REAR)
                           for a, b, fa, fb in contacts):
                    groups[i, j, CREW] = 0
    return groups, bearer


def _rank_table(full_units: list[Unit], extra: list[_Hosted], champions: list[int],
                n_members: list[int], side_arr: np.ndarray) -> np.ndarray:
    """``ranks[u, models]``: the rank bonus of unit ``u`` with that many models (§2.2)."""
    # indexed by the unit's models left plus its living characters and promoted champion,
    # who fill rank spaces (§2.2)
    hosted = [sum(1 for e in extra if e.host == i) - (1 if i in champions else 0)
              - n_members[i] + recruits_at_most(side_arr, i) for i in range(len(full_units))]
    most = max(u.models + h for u, h in zip(full_units, hosted, strict=False))
    ranks = np.zeros((side_arr.shape[0], most + 1), np.int64)  # a row per body
    for i, u in enumerate(full_units):
        if side_arr[i, S_RANKS_OK]:
            for m in range(u.models + hosted[i] + 1):
                # Bretonia "Formación en lanza" (S_LANCE): "por cada fila completa de 3
                # miniaturas (en vez de las habituales 4 miniaturas)"
                bonus = (min(3, max(0, m // 3 - 1)) if side_arr[i, S_LANCE]
                         else rules.rank_bonus(m, u.files))
                ranks[i, m] = min(bonus, side_arr[i, S_RANK_MAX])
    return ranks


def _side_bonus(opts: list[SideOptions], sides: list[int]) -> np.ndarray:
    """Each side's static bonuses and high ground (§2.2)."""
    side_bonus = np.zeros(2, np.int64)
    for s in (0, 1):
        members = [o for o, sd in zip(opts, sides[:len(opts)], strict=True) if sd == s]
        side_bonus[s] = sum(o.static_bonus for o in members) + any(o.high_ground for o in members)
    return side_bonus
