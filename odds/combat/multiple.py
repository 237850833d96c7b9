"""Combats with several units per side, from a :class:`odds.scenario.CombatScenario`.

The same engine as the two-unit :func:`odds.combat.fight`: the scenario's
units and contacts become one :class:`~odds.combat.model.CombatModel`
(:func:`~odds.combat.model.build_units`) and the kernel runs it.

Characters stand in their unit's front rank and fight as bodies of their
own (attacks allocated by each unit's policy).  Challenges follow each
unit's policy: ``always`` issues and accepts with the best fighter
(character or champion), ``champion`` only with the unit's champion (to
protect its characters), ``never`` refuses with a character (a unit whose
only candidate is its champion cannot hide it and accepts).  Fear and
terror are tested at the charge, per charge (:func:`charge_pairs`; the
scenario option ``charge_tests``).  See :mod:`odds.combat.model` for the
rules as modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from odds import validation as v
from odds.combat.api import CHARGE_EVENTS, simulate
from odds.combat.exact import first_round_exact_multi
from odds.combat.kernel import CHALLENGE_STATS, TERMS
from odds.combat.model import (
    S_SIDE,
    CombatModel,
    CombatOptions,
    SideOptions,
    build_units,
)
from odds.combat.model.charge import ChargePair, numbers_ranks, pair_flags
from odds.combat.model.layout import (
    F_PAIR,
    F_PAIRS,
    N_PAIR,
    PR_CHARGER,
    PR_TARGET,
    ST_PER_UNIT_CHARGE,
)
from odds.combat.model.side import cancels_no_ranks
from odds.results import proportion_table
from odds.rng import SeedLike, resolve_seed
from odds.scenario import CombatScenario, load_scenario
from odds.vocabulary import FACES, SIDE_NAMES, STATUSES

STATUS_LABELS = ("unresolved", "wiped", "caught", "escaped", "won", "no_combat")


@dataclass(frozen=True)
class ScenarioResult:
    """Odds of a combat between several units.

    Attributes
    ----------
    units : pandas.DataFrame
        Per unit: ``unit, side, outcome (won | wiped | caught | escaped |
        unresolved), probability, stderr, ci_low, ci_high``.
    sides : pandas.DataFrame
        Per side: ``side, outcome (wins | broken | destroyed), probability,
        ...``: ``wins`` = the enemy side has no unit left and this side has;
        ``broken`` = no unit of the side is left fighting or victorious;
        ``destroyed`` = every unit of the side was wiped out or caught.
    first_round : pandas.DataFrame
        ``side0_wins``, ``draw``, ``side1_wins`` and each unit's break in the
        first round, with exact values where the first round is a finite
        convolution (:func:`odds.combat.exact.first_round_exact_multi`).
    terms : pandas.DataFrame
        Mean first-round combat-result term per side: ``side, term, mean``
        (terms: wounds, ranks, outnumber, standard, flank, rear, bonus).
    n_rounds : pandas.DataFrame
        Rounds fought.
    challenge : dict
        ``p_issued`` (any round), ``p_refused``, ``p_challenger_wins`` (the
        challenger's opponent died in the duel), the same given a duel was
        decided, ``mean_overkill`` (combat-result points, per trial), and the
        first round: ``p_issued_r1``, ``p_challenged_slain_r1``,
        ``p_challenger_slain_r1``; ``p_overkill_decided``: overkill changed
        the winner of at least one round (win, draw or loss without it).
    challenge_rounds : pandas.DataFrame
        The round in which the combat's first challenge ended with a
        duellist's death (``p_challenger_wins`` is about that duel too):
        ``round`` (0 = no challenge ended), ``probability``, ``stderr``.
    trials, seed, inputs
        As for every result.
    charge : dict
        Fear and terror at the charge (§3.3), the keys of the two-unit combat's: ``p_refused``
        (a charger failed its test and did not charge), ``p_fled`` (a charged unit fled),
        ``p_hits_on_6`` (a charged unit held and hits a charger only on 6s in the first
        round), each with ``_stderr``; ``units``: the same per unit of a charge (a
        charger's ``p_refused``, a charged unit's ``p_fled`` and ``p_hits_on_6``).
    """

    units: pd.DataFrame
    sides: pd.DataFrame
    first_round: pd.DataFrame
    terms: pd.DataFrame
    n_rounds: pd.DataFrame
    challenge: dict[str, float]
    challenge_rounds: pd.DataFrame
    trials: int
    seed: int | None
    inputs: dict[str, Any]
    extra: dict[str, Any] = field(default_factory=dict)
    charge: dict[str, Any] = field(default_factory=dict)

    @property
    def table(self) -> pd.DataFrame:
        """The per-side table (as every result's ``table``)."""
        return self.sides

    def side(self, name: str, outcome: str) -> float:
        """P(``outcome``) for side ``name`` ("attacker" or "defender")."""
        t = self.sides
        row = t[(t["side"] == name) & (t["outcome"] == outcome)]
        if row.empty:
            raise KeyError(f"no side/outcome {name!r}/{outcome!r}")
        return float(row["probability"].iloc[0])


def scenario_model(scenario: CombatScenario) -> CombatModel:
    """The kernel model of a scenario."""
    if not isinstance(scenario, CombatScenario):
        raise v.OddsInputError(f"scenario: must be a CombatScenario or a TOML path "
                               f"(got {type(scenario).__name__})")
    units = scenario.units
    index = {su.id: i for i, su in enumerate(units)}
    contacts = [(index[c.a], index[c.b], FACES.index(c.face_a), FACES.index(c.face_b))
                for c in scenario.contacts]
    options = scenario.options.combat_options(charger="none", max_rounds=scenario.max_rounds)
    if not isinstance(options, CombatOptions):  # pragma: no cover - defensive
        raise TypeError("scenario options did not give CombatOptions")
    characters = [(i, ch) for i, su in enumerate(units) for ch in su.characters]
    unit_options = [SideOptions(static_bonus=su.static_bonus, high_ground=su.high_ground,
                                bsb=su.bsb_within_30cm, general_ld=su.general_within_30cm)
                    for su in units]
    model = build_units([su.unit for su in units], [scenario.side_of(su.id) for su in units],
                        contacts, [su.charged for su in units], unit_options, options,
                        names=tuple(su.id for su in units)
                        + tuple(ch.name for _, ch in characters),
                        characters=characters, allocation=[su.allocation for su in units],
                        challenge=[su.challenge for su in units],
                        active_side=scenario.active_side)
    if scenario.options.charge_tests:
        pairs = charge_pairs(scenario, unit_options, options.distance)
        # the flags of the model and of each part of its mixture (chaos family:
        # "Mutaciones"), each array once
        for flags in {id(m.flags): m.flags
                      for m in (model, *(part for _, part in model.mixture))}.values():
            pair_flags(flags, pairs)
    return model


def charge_pairs(scenario: CombatScenario, unit_options: list[SideOptions],
                 gap: float) -> list[ChargePair]:
    """The scenario's charges (every unit that charged, with the unit it engages), §3.3.

    The characters in a unit lend it their best Ld and add their unit strength.
    """
    units = scenario.units
    index = {su.id: i for i, su in enumerate(units)}

    def lead(su: Any) -> int:
        return max((c.profile.Ld for c in su.characters), default=0)

    def us(su: Any) -> int:
        return su.unit.unit_strength + sum(c.unit_strength for c in su.characters)

    def ranks(x: Any) -> int:
        # Skaven "La fuerza radica en el número": its rank bonus at the charge, cancelled by
        # an enemy of US >= 5 on its flank or rear (RULES.md §2.2)
        cancelled = any(v.engaged_with == x.id and v.face != "front" and us(v) >= 5
                        and not cancels_no_ranks(v.unit) for v in units)
        return numbers_ranks(x.unit, cancelled, len(x.characters))

    pairs = []
    for i, su in enumerate(units):
        if not su.charged:
            continue
        t = index[su.engaged_with]
        tg = units[t]
        pairs.append(ChargePair(i, t, su.unit, tg.unit, unit_options[i], unit_options[t],
                                lead(su), lead(tg), us(su), us(tg), gap, ranks(su), ranks(tg)))
    return pairs


def fight_scenario(
    scenario: CombatScenario | str,
    *,
    trials: int = 200_000,
    seed: SeedLike = None,
) -> ScenarioResult:
    """Fight a combat of several units per side to a result (``RULES.md`` §2.2, §3.2, §4.3).

    Parameters
    ----------
    scenario : CombatScenario or str
        A scenario, or the path of its TOML file (see :mod:`odds.scenario`).
    trials : int
        Monte Carlo trials.
    seed : int, SeedSequence, Generator or None
        Random seed.

    Returns
    -------
    ScenarioResult
    """
    if isinstance(scenario, str):
        scenario = load_scenario(scenario)
    model = scenario_model(scenario)
    trials = v.trials(trials)
    s = resolve_seed(seed)
    sim = simulate(model, trials, s.key)
    ids = model.names
    side_of = [int(x) for x in model.sides[:, S_SIDE]]
    unit_frames = []
    for u, name in enumerate(ids):
        counts = dict(zip(STATUS_LABELS, sim["status"][u].tolist(), strict=True))
        unit_frames.append(proportion_table(counts, trials, unit=name,
                                            side=SIDE_NAMES[side_of[u]]))
    units = pd.concat(unit_frames, ignore_index=True)
    side_frames = [proportion_table(dict(zip(("wins", "broken", "destroyed"),
                                             sim["side"][k].tolist(), strict=True)),
                                    trials, side=SIDE_NAMES[k]) for k in (0, 1)]
    sides = pd.concat(side_frames, ignore_index=True)
    ex = first_round_exact_multi(model)
    first: dict[str, int] = {"side0_wins": int(sim["round_res"][0, 0]),
                             "draw": int(sim["round_res"][0, 1]),
                             "side1_wins": int(sim["round_res"][0, 2])}
    exact: dict[str, float] = dict(ex["side"]) if ex else {}
    for u, name in enumerate(ids[: model.n_regiments]):
        first[f"{name}_breaks"] = int(sim["breaks"][0, u])
        if ex:
            exact[f"{name}_breaks"] = ex["breaks"][u]
    first_round = proportion_table(first, trials, exact or None)
    terms = pd.DataFrame([{"side": SIDE_NAMES[k], "term": t, "mean": sim["terms"][k, i] / trials}
                          for k in (0, 1) for i, t in enumerate(TERMS)])
    n_rounds = _distribution(sim["rounds"], trials, "rounds")
    ch = dict(zip(CHALLENGE_STATS, sim["chal"].tolist(), strict=True))
    duels = ch["challenger_won"] + ch["challenged_won"]
    challenge = {
        "p_issued": ch["issued"] / trials,
        "p_refused": ch["refused"] / trials,
        "p_challenger_wins": ch["challenger_won"] / trials,
        "p_challenger_wins_given_decided": ch["challenger_won"] / duels if duels else float("nan"),
        "mean_overkill": ch["overkill"] / trials,
        "p_issued_r1": ch["issued_r1"] / trials,
        "p_challenged_slain_r1": ch["challenged_slain_r1"] / trials,
        "p_challenger_slain_r1": ch["challenger_slain_r1"] / trials,
        "p_overkill_decided": ch["overkill_decided"] / trials,
    }
    challenge_rounds = _distribution(sim["chal_end"], trials, "round")
    charge = _charge_events(sim["charge"], trials, model, ids)
    return ScenarioResult(units=units, sides=sides, first_round=first_round, terms=terms,
                          n_rounds=n_rounds, challenge=challenge,
                          challenge_rounds=challenge_rounds, trials=trials, seed=s.entropy,
                          charge=charge,
                          inputs={"scenario": scenario.name, "units": ids},
                          extra={"model": model, "exact_first_round": ex, "statuses": STATUSES})


def _charge_events(counts: np.ndarray, trials: int, model: CombatModel,
                   ids: tuple[str, ...]) -> dict[str, Any]:
    """:attr:`ScenarioResult.charge` from the kernel's charge counts (§3.3)."""
    def rates(c: np.ndarray) -> dict[str, float]:
        out: dict[str, float] = {}
        for k, name in enumerate(CHARGE_EVENTS):
            p = float(c[k]) / trials
            out[name] = p
            out[f"{name}_stderr"] = float(np.sqrt(p * (1 - p) / trials))
        return out

    out: dict[str, Any] = rates(counts[:3])
    f = model.flags
    involved = sorted({int(f[F_PAIR + N_PAIR * k + col]) for k in range(int(f[F_PAIRS]))
                       for col in (PR_CHARGER, PR_TARGET)})
    out["units"] = {ids[u]: rates(counts[3 + ST_PER_UNIT_CHARGE * u:
                                         3 + ST_PER_UNIT_CHARGE * (u + 1)])
                    for u in involved}
    return out


def _distribution(counts: np.ndarray, trials: int, column: str) -> pd.DataFrame:
    """The non-zero cells of a histogram as ``column, probability, stderr``."""
    nz = np.nonzero(counts)[0]
    p = counts[nz] / trials
    return pd.DataFrame({column: nz, "probability": p, "stderr": np.sqrt(p * (1 - p) / trials)})
