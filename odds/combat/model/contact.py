"""Rules acting on the enemies in base contact (RULES.md §1.1): to-hit and Ld penalties.

"Nube de moscas", "Aura de Slaanesh", "Aura de agonía" and "Aullido abisal", applied in place
to a combat's ``groups`` and ``sides`` (:func:`contact_effects`).
"""

from __future__ import annotations

import numpy as np

from odds import rules
from odds.combat.model.layout import G_HIT, G_STD_HIT, S_CHAMPION_LD, S_HOWLED, S_LD, S_SIDE
from odds.units import Unit


def contact_effects(groups: np.ndarray, side_arr: np.ndarray, bodies: list[Unit],
                    hosts: list[int], contacts: list[tuple[int, int, int, int]]) -> None:
    """Rules acting on the enemies in base contact: to-hit and Ld penalties, in place.

    A unit is in contact with an enemy unit when a contact joins them; a
    character stands in its unit's front rank, in contact with what its unit
    touches.  Contacts are fixed for the combat, so a penalty lasts while the
    combat does (in a combat of several units, also after the unit causing it
    has gone).

    * Nube de moscas (``cloud_of_flies``, Reinos del Caos and Condes Vampiro):
      "Toda unidad o miniatura enemiga, mientras esté en contacto peana con
      peana con una o más miniaturas con Nube de Moscas, tiene un penalizador de
      -1 a todas sus tiradas para impactar en combate cuerpo a cuerpo"; the
      whole unit in contact is penalised (the text's "Toda unidad"), whatever
      it attacks; "Las miniaturas con Nube de moscas son inmunes".  Automatic
      hits (impact hits) are not rolled; a 6 still hits.
    * Aura de escarcha (``frost_aura``, Reinos del Caos Norsca, Reinos Ogros): -1 to hit
      in close combat for every body not immune to cold in contact with it (enemies, and a
      character standing in the unit that carries it), summed with the Nube de moscas
      (:data:`odds.special_rules.chaosbeasts.FROST_AURA`).
    * Aura de Slaanesh (``aura_of_slaanesh``, Reinos del Caos): "Todas las
      unidades y personajes enemigos en contacto peana con peana ... tienen un -1
      a su Liderazgo, hasta un mínimo de 2" (their own Ld: a General out of the
      combat lends his whole).
    * Aura de agonía (``aura_of_agony``, Elfos Oscuros "Altar drenasangre"): "Las unidades
      enemigas que no sean de tipo Elfo Oscuro y que estén en contacto peana con peana con
      uno o más Altares Drenasangre tienen L-1 a todos los efectos (hasta un mínimo de 2).
      Las unidades de tipo Elfo Oscuro (amigas o enemigas) a 15cm o menos del Altar tienen
      L+1 a todos los efectos (hasta un máximo de 10)": -1 for the enemies in contact that
      are not Dark Elves (army tag ``dark_elves``), +1 for the Dark Elves in contact and
      for those on the altar's side in the combat, the altar itself included (its crew are
      Dark Elves at 0 cm; the engine has no positions: friends in the combat are taken to
      be within 15 cm).  Not cumulative; summed with the Aura de Slaanesh before bounding.
    * Aullido abisal (``abyssal_howl``, Elfos Oscuros "Kharibdyss"): "El jugador Elfo Oscuro
      puede obligar a repetir cualquier tirada basada en Liderazgo de cualquier unidad en
      contacto peana con peana con el Kharibdyss (incluyendo Chequeos de Desmoralización)
      ... NO afecta a miniaturas Inmunes a psicología, o que causen Miedo o Terror": a unit
      touching it (not immune to psychology, unbreakable, causing fear or terror) gets
      ``S_HOWLED`` = 1 + the Kharibdyss's index (the first, if several): while that one
      lives and fights, the kernel re-rolls the unit's passed break, panic and stupidity
      tests and its failed tests to hold back from pursuing the fleeing Kharibdyss (the
      re-roll the Dark Elf player wants), once: a test its battle standard already
      re-rolled stands (RULES.md §3.1: "any die only once"); tests at the charge come
      before the contact ("el chequeo por Terror o para poder cargar ... no se ven
      afectados").
    """
    n_units = side_arr.shape[0] - len(hosts)
    host_of = list(range(n_units)) + list(hosts)
    touching: dict[int, set[int]] = {u: set() for u in range(n_units)}
    for a, b, _, _ in contacts:
        touching[a].add(b)
        touching[b].add(a)

    def carried(unit: int, rule: str) -> bool:
        return any(bodies[k].has(rule) for k in range(len(bodies)) if host_of[k] == unit)

    for i, body in enumerate(bodies):
        enemies = touching[host_of[i]]
        if not body.has("cloud_of_flies") and any(carried(e, "cloud_of_flies")
                                                  for e in enemies):
            for col in (G_HIT, G_STD_HIT):
                hit = groups[i, :, :, :, col]
                rolled = (hit > 0) & (hit < rules.IMPOSSIBLE)
                hit[rolled] = np.minimum(6, hit[rolled] + 1)
        # chaosbeasts: "Aura de escarcha" (odds.special_rules.chaosbeasts.FROST_AURA): enemies
        # in contact, and a character standing in the unit that carries it
        if not body.has("immune_to_cold") and not body.has("frost_aura") and (
                any(carried(e, "frost_aura") for e in enemies)
                or (i >= n_units and carried(host_of[i], "frost_aura"))):
            for col in (G_HIT, G_STD_HIT):
                hit = groups[i, :, :, :, col]
                rolled = (hit > 0) & (hit < rules.IMPOSSIBLE)
                hit[rolled] = np.minimum(6, hit[rolled] + 1)
        # Ld modifiers summed, then bounded to 2..10 once
        ld = -int(any(carried(e, "aura_of_slaanesh") for e in enemies))
        agony_near = any(carried(e, "aura_of_agony") for e in enemies)
        agony_friend = any(bodies[k].has("aura_of_agony") for k in range(len(bodies))
                           if side_arr[k, S_SIDE] == side_arr[i, S_SIDE])
        if "dark_elves" in body.tags and (agony_near or agony_friend):
            ld += 1
        elif agony_near:
            ld -= 1
        if ld:
            for col in (S_LD, S_CHAMPION_LD):
                side_arr[i, col] = min(10, max(2, side_arr[i, col] + ld))
        howlers = sorted(e for e in enemies if bodies[e].has("abyssal_howl"))
        if i < n_units and howlers and not (
                body.has("immune_to_psychology") or body.has("unbreakable")
                or body.causes_fear or body.causes_terror):
            side_arr[i, S_HOWLED] = 1 + howlers[0]


def _halved(x: int) -> int:
    """Half of ``x``, rounded up (MDNR "reducidas a la mitad (redondeando hacia arriba)")."""
    return -(-x // 2)


def _musk_struck(fighter):
    """``fighter`` (a unit or a character) at half WS and I, rounded up, in every profile.

    Its rider's, champion's, steed's and crew's profiles alike.
    """
    changes = {"profile": fighter.profile.replace(WS=_halved(fighter.profile.WS),
                                                  I=_halved(fighter.profile.I))}
    if fighter.mount is not None:
        changes["mount"] = fighter.mount.replace(WS=_halved(fighter.mount.WS),
                                                 I=_halved(fighter.mount.I))
    if isinstance(fighter, Unit):
        if fighter.champion_profile is not None:
            changes["champion_profile"] = fighter.champion_profile.replace(
                WS=_halved(fighter.champion_profile.WS), I=_halved(fighter.champion_profile.I))
        if fighter.extra_crew is not None:
            changes["extra_crew"] = fighter.extra_crew.replace(
                WS=_halved(fighter.extra_crew.WS), I=_halved(fighter.extra_crew.I))
    return fighter.replace(**changes)


def soporific_musk(units: list[Unit], characters: list, contacts) -> tuple[list[Unit], list]:
    """Units and characters in contact with an "Almizcle soporífero" at half WS and I.

    Elfos Oscuros Culto de Slaanesh "Almizcle soporífero": "Todas las unidades y personajes
    enemigos en contacto peana con peana con una o más miniaturas con Almizcle Soporífero ven
    su HA y su Iniciativa reducidas a la mitad (redondeando hacia arriba)"
    (:data:`odds.special_rules.chaosbeasts.SOPORIFIC_MUSK`): a unit carries it when it or a
    character standing in it has ``soporific_musk``; every enemy unit a contact joins to it,
    and the characters standing in that unit, fight with half their WS and I.  Contacts are
    fixed for the combat.  ``characters`` are ``(unit index, Character)`` pairs; both lists
    are returned anew (unchanged when no one carries the musk).
    """
    carriers = {i for i, u in enumerate(units) if u.has("soporific_musk")}
    carriers |= {h for h, c in characters if c.has("soporific_musk")}
    if not carriers:
        return units, characters
    struck = {b for a, b, *_ in contacts if a in carriers}
    struck |= {a for a, b, *_ in contacts if b in carriers}
    return ([_musk_struck(u) if i in struck else u for i, u in enumerate(units)],
            [(h, _musk_struck(c) if h in struck else c) for h, c in characters])


# empire family: Condes Vampiro "Frío asesino"
def _chilled(fighter):
    """``fighter`` (a unit or a character) at Initiative 1 unless immune to cold.

    In every profile: its rider's, champion's, steed's and crew's alike.
    """
    if fighter.has("immune_to_cold"):
        return fighter
    changes = {"profile": fighter.profile.replace(I=1)}
    if fighter.mount is not None:
        changes["mount"] = fighter.mount.replace(I=1)
    if isinstance(fighter, Unit):
        if fighter.champion_profile is not None:
            changes["champion_profile"] = fighter.champion_profile.replace(I=1)
        if fighter.extra_crew is not None:
            changes["extra_crew"] = fighter.extra_crew.replace(I=1)
    return fighter.replace(**changes)


def killing_cold(units: list[Unit], characters: list, contacts) -> tuple[list[Unit], list]:
    """Units and characters in contact with a "Frío asesino" at Initiative 1.

    Condes Vampiro (Demonio de los lamentos) "Frío asesino": "Todas las miniaturas enemigas
    en contacto peana con peana con el Demonio de los Lamentos se considera que tienen
    Iniciativa 1 (salvo las miniaturas con la regla Inmune a frío)"
    (:data:`odds.special_rules.empire.KILLING_COLD`): a unit carries it when it or a
    character standing in it has ``killing_cold``; every enemy unit a contact joins to it,
    and the characters standing in that unit, fight with I 1 in every profile unless they
    are ``immune_to_cold`` (the whole unit in contact, as for the other rules of the models
    in base contact).  Contacts are fixed for the combat.  ``characters`` are
    ``(unit index, Character)`` pairs; both lists are returned anew (unchanged when no one
    carries the rule).
    """
    carriers = {i for i, u in enumerate(units) if u.has("killing_cold")}
    carriers |= {h for h, c in characters if c.has("killing_cold")}
    if not carriers:
        return units, characters
    struck = {b for a, b, *_ in contacts if a in carriers}
    struck |= {a for a, b, *_ in contacts if b in carriers}
    return ([_chilled(u) if i in struck else u for i, u in enumerate(units)],
            [(h, _chilled(c) if h in struck else c) for h, c in characters])
