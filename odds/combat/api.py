"""Close combat between two units: the public entry point and its result."""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from odds import dice
from odds import validation as v
from odds._faces import dice_buffer
from odds._jit import compiled_once, run_chunks
from odds.combat.kernel import OUTCOMES, fight_chunk, fight_chunk_core, fight_chunk_plain
from odds.combat.model import (
    CAUGHT,
    ESCAPED,
    F_ACTIVE,
    F_CHARGE_TESTS,
    F_CHARGER,
    F_CHARGER_COLD,
    F_CHARGER_LD,
    F_CHARGER_REROLL,
    F_TARGET,
    F_TARGET_COLD,
    F_TARGET_LD,
    F_TARGET_PANIC_COLD,
    F_TARGET_PANIC_LD,
    F_TARGET_REROLL,
    F_TARGET_SMALLER,
    F_TARGET_TERROR,
    FIGHTING,
    G_HIT,
    G_STD_HIT,
    N_GROUPS,
    NO_COMBAT,
    S_DRUNK,
    S_HP,
    S_LIFE_DRAIN,
    S_SIDE,
    S_W,
    STATUSES,
    WIPED,
    CombatModel,
    CombatOptions,
    SideOptions,
    build,
    core_rules,
    dice_budget,
    plain_pair,
    recruits_at_most,
)
from odds.combat.model.layout import (
    CHALLENGE_STATS,
    N_ALLOC,
    N_BODY,
    N_CHAL,
    N_POOL,
    N_TOUCH,
    ST_FIXED,
    ST_PER_BODY,
    ST_PER_UNIT_CHARGE,
    TERMS,
    ModelArrays,
    Scratch,
    Tallies,
)
from odds.results import proportion_table, wilson
from odds.rng import BUFFER_DICE, CHUNK_TRIALS, SeedLike, n_chunks, resolve_seed, stream_state
from odds.unit_reference import load_unit
from odds.units import Unit, unit_warnings

SIDES = ("attacker", "defender")
MAX_KEPT_ROWS = 2_000_000
FIRST_ROUND = ("attacker_wins", "draw", "defender_wins", "attacker_breaks", "defender_breaks")


@dataclass(frozen=True)
class CombatResult:
    """Odds of a combat fought to a result.

    Attributes
    ----------
    outcomes : pandas.DataFrame
        Mutually exclusive final outcomes (:data:`odds.combat.kernel.OUTCOMES`):
        ``outcome, probability, stderr, ci_low, ci_high, exact``.
    first_round : pandas.DataFrame
        First-round result and breaks (``exact``: from
        :func:`odds.combat.exact.first_round_exact`, NaN where it does not apply).
    rounds : pandas.DataFrame
        Long table ``round, event, probability, stderr, ci_low, ci_high`` with
        events ``fought``, ``attacker_wins``, ``draw``, ``defender_wins``,
        ``attacker_breaks``, ``defender_breaks`` (unconditional probabilities).
    wounds_r1 : pandas.DataFrame
        Distribution of wounds caused in the first round: ``side, wounds,
        probability, stderr, exact``.
    margin_r1 : pandas.DataFrame
        First-round combat-result margin (attacker minus defender, before the
        musician tie-break): ``margin, probability, stderr``.
    survivors : pandas.DataFrame
        Models left at the end (0 if destroyed or caught): ``side, models,
        probability, stderr``.
    n_rounds : pandas.DataFrame
        Rounds fought: ``rounds, probability, stderr``.
    trials, seed, inputs
        As for every result.
    rows : pandas.DataFrame or None
        Per-trial rows (:data:`ROW_COLUMNS`) when asked for.
    extra : dict
        ``exact_first_round`` (exact first-round events, wound distributions and
        mean losses ``lost``, or None), ``model``, ``warnings``, ``charge`` (tests at
        the charge, §3.3) and ``terms_r1``: the mean first-round combat-result terms
        (:data:`~odds.combat.kernel.TERMS`) per side, given that a round was fought
        (``side, term, mean``, Monte Carlo).
    """

    outcomes: pd.DataFrame
    first_round: pd.DataFrame
    rounds: pd.DataFrame
    wounds_r1: pd.DataFrame
    margin_r1: pd.DataFrame
    survivors: pd.DataFrame
    n_rounds: pd.DataFrame
    trials: int
    seed: int | None
    inputs: dict[str, Any]
    rows: pd.DataFrame | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def table(self) -> pd.DataFrame:
        """The outcome table (as every result's ``table``)."""
        return self.outcomes

    def probability(self, outcome: str) -> float:
        """Monte Carlo probability of a final outcome or a first-round event."""
        for t in (self.outcomes, self.first_round):
            row = t.loc[t["outcome"] == outcome]
            if not row.empty:
                return float(row["probability"].iloc[0])
        raise KeyError(f"no outcome {outcome!r}; have {OUTCOMES + FIRST_ROUND}")

    def p_win(self, side: str = "attacker") -> float:
        """P(the enemy is destroyed, caught or escapes broken)."""
        v.choice("side", side, SIDES)
        enemy = "defender" if side == "attacker" else "attacker"
        t = self.outcomes.set_index("outcome")["probability"]
        return float(sum(t[f"{enemy}_{k}"] for k in ("wiped", "caught", "escaped")))

    def p_at_least(self, *, side: str = "attacker", wounds: int | None = None,
                   survivors: int | None = None, margin: int | None = None) -> float:
        """P(X >= x) for first-round wounds caused by ``side``, its survivors, or the margin.

        Give exactly one of ``wounds``, ``survivors`` or ``margin`` (the
        margin is the attacker's first-round score minus the defender's).
        """
        v.choice("side", side, SIDES)
        given = [(k, x) for k, x in (("wounds", wounds), ("survivors", survivors),
                                     ("margin", margin)) if x is not None]
        if len(given) != 1:
            raise v.OddsInputError("p_at_least: give exactly one of wounds, survivors, margin")
        what, x = given[0]
        if what == "margin":
            t = self.margin_r1
            return float(t.loc[t["margin"] >= x, "probability"].sum())
        t = self.wounds_r1 if what == "wounds" else self.survivors
        col = "wounds" if what == "wounds" else "models"
        t = t[t["side"] == side]
        return float(t.loc[t[col] >= x, "probability"].sum())

    def __str__(self) -> str:
        from odds.results import format_table

        return format_table(self.outcomes)


ROW_COLUMNS = ("outcome", "rounds", "attacker_wounds_r1", "defender_wounds_r1", "margin_r1",
               "attacker_survivors", "defender_survivors")


def _two_unit_rows(raw: np.ndarray, nb: int = 2) -> pd.DataFrame:
    """Per-trial kernel rows of a two-unit combat as :data:`ROW_COLUMNS`.

    ``nb``: the model's bodies (the two units, then the named members standing in them,
    :class:`odds.units.Member`).
    """
    s0, s1 = raw[:, 4], raw[:, 5]
    code = np.full(raw.shape[0], OUTCOMES.index("unresolved"), np.int64)
    for k, status in enumerate((WIPED, CAUGHT, ESCAPED)):
        code = np.where(s1 == status, 3 + k, code)
        code = np.where(s0 == status, k, code)
    code = np.where(s0 == NO_COMBAT, OUTCOMES.index("no_combat"), code)
    df = pd.DataFrame({
        "outcome": pd.Categorical.from_codes(code, OUTCOMES),
        "rounds": raw[:, 0], "attacker_wounds_r1": raw[:, 1], "defender_wounds_r1": raw[:, 2],
        "margin_r1": raw[:, 3], "attacker_survivors": raw[:, 4 + nb],
        "defender_survivors": raw[:, 5 + nb],
    })
    return df


def _dist(counts: np.ndarray, trials: int, col: str, **const: Any) -> pd.DataFrame:
    k = np.nonzero(counts)[0]
    p = counts[k] / trials
    df = pd.DataFrame({col: k, "probability": p, "stderr": np.sqrt(p * (1 - p) / trials)})
    for i, (name, val) in enumerate(const.items()):
        df.insert(i, name, val)
    return df


def _as_unit(u: Unit | str, name: str) -> Unit:
    if isinstance(u, Unit):
        return u
    if isinstance(u, (str, os.PathLike)):
        return load_unit(u)
    raise v.OddsInputError(f"{name}: must be a Unit, a library name or a TOML path "
                           f"(got {type(u).__name__})")


def narrowed(groups: np.ndarray) -> np.ndarray:
    """``groups`` as ``int16`` where every value fits, else ``groups`` itself.

    The core kernel reads its model's ``groups`` as ``int16``: the same values, so the same
    results; it measured faster so on the scenarios of ``benchmarks/README.md`` ("Current
    figures"), where the general and plain-pair kernels did not, so they keep ``int64``.  A
    model with a value out of range runs on the core kernel compiled for ``int64``.
    """
    info = np.iinfo(np.int16)
    if groups.size and (groups.min() < info.min or groups.max() > info.max):
        return groups
    return groups.astype(np.int16)


KERNELS = ("auto", "general", "core", "plain")
"""The choices of :func:`simulate`'s ``kernel``."""


def kernel_for(model: CombatModel, kernel: str = "auto") -> Any:
    """The kernel :func:`simulate` runs ``model`` on, for its ``kernel`` choice."""
    if kernel == "general":
        return fight_chunk
    if kernel in ("auto", "plain") and plain_pair(model):
        return fight_chunk_plain
    if kernel == "plain":
        raise v.OddsInputError("kernel: 'plain' needs two units in one contact without "
                               "characters or the rules odds.combat.model.plain_pair excludes")
    if core_rules(model):
        return fight_chunk_core
    if kernel == "core":
        raise v.OddsInputError("kernel: 'core' needs a model without the rules "
                               "odds.combat.model.core_rules excludes")
    return fight_chunk


def simulate(model: CombatModel, trials: int, key: int, keep_rows: int = 0,
             kernel: str = "auto") -> dict[str, Any]:
    """Run the kernel and sum the per-chunk counts (arrays keyed by name).

    Keys: ``status[u, k]``, ``rounds[r]``, ``round_res[k, 3]``,
    ``breaks[k, u]``, ``w1[side, wounds]``, ``margin[...]`` (offset
    ``margin_offset``), ``surv[u, models]``, ``terms[side, term]``,
    ``side[side, 3]``, ``chal[k]`` (sums of ``CHALLENGE_STATS``),
    ``chal_end[round]`` (trials whose first challenge ended in that round, 0 =
    none), ``charge[3]`` (trials with the charger refused, the charged unit
    fled, the charged unit hitting only on 6s; §3.3), ``rows`` (per-trial
    ``stats`` rows) and, for two units, ``outcome[8]`` (:data:`OUTCOMES`).

    ``kernel``: ``"auto"`` runs :func:`~odds.combat.kernel.fight_chunk_plain` on a
    plain pair (:func:`~odds.combat.model.plain_pair`),
    :func:`~odds.combat.kernel.fight_chunk_core` on another model without the rules a plain
    pair leaves out (:func:`~odds.combat.model.core_rules`) and
    :func:`~odds.combat.kernel.fight_chunk` otherwise; ``"general"``, ``"core"`` or
    ``"plain"`` that kernel (all give identical results where they apply), an error when
    the model is not one ``"core"`` or ``"plain"`` accepts.
    """
    if kernel not in KERNELS:
        raise v.OddsInputError(f"kernel: one of {', '.join(map(repr, KERNELS))} "
                               f"(got {kernel!r})")
    if model.mixture:
        return _simulate_mixture(model, trials, key, keep_rows, kernel)
    dispatcher = kernel_for(model, kernel)
    run = compiled_once(dispatcher, "combat")
    nc = n_chunks(trials)
    mr = model.max_rounds
    nu = model.n_units
    # a unit with "Poder de la muerte" may lose more wounds than it started with (S_W: its cap)
    hp = np.where(model.sides[:, S_LIFE_DRAIN] > 0, model.sides[:, S_W], model.sides[:, S_HP])
    w = model.sides[:, S_W]
    side = model.sides[:, S_SIDE]
    # a unit with "Bienvenido a la Maldición" may end with more models than it started with
    grown = [recruits_at_most(model.sides, u) for u in range(model.sides.shape[0])]
    max_models = int(((hp + w - 1) // w + grown).max())
    side_hp = max(int(hp[side == 0].sum()), int(hp[side == 1].sum()))
    off = side_hp + 40
    out = {
        "status": np.zeros((nc, nu, len(STATUSES)), np.int64),
        "rounds": np.zeros((nc, mr + 1), np.int64),
        "round_res": np.zeros((nc, mr, 3), np.int64),
        "breaks": np.zeros((nc, mr, nu), np.int64),
        "w1": np.zeros((nc, 2, side_hp + 1), np.int64),
        "margin": np.zeros((nc, 2 * off + 1), np.int64),
        "surv": np.zeros((nc, nu, max_models + 1), np.int64),
        "terms": np.zeros((nc, 2, len(TERMS)), np.int64),
        "side": np.zeros((nc, 2, 3), np.int64),
        "chal": np.zeros((nc, len(CHALLENGE_STATS)), np.int64),
        "chal_end": np.zeros((nc, mr + 1), np.int64),
        "charge": np.zeros((nc, 3 + ST_PER_UNIT_CHARGE * model.sides.shape[0]), np.int64),
    }
    rows = np.zeros((keep_rows, 8 + 2 * nu), np.int64)
    budget = dice_budget(model)
    nb = model.sides.shape[0]
    ncon = max(1, model.contacts.shape[0])

    groups = narrowed(model.groups) if dispatcher is fight_chunk_core else model.groups
    arrays = ModelArrays(model.sides, groups, *model.strike_steps, model.flags,
                         model.contacts, model.ranks, model.side_bonus)
    tallies = Tallies(out["status"], out["side"], out["rounds"], out["round_res"],
                      out["breaks"], out["w1"], out["margin"], out["surv"], out["terms"],
                      out["chal"], out["chal_end"], out["charge"], rows)

    def chunk(c: int) -> None:
        lo = c * CHUNK_TRIALS
        scratch = Scratch(np.zeros((nb, N_BODY), np.int64),
                          np.zeros((N_ALLOC, nb * N_GROUPS, ncon), np.int64),
                          np.full((ncon, N_TOUCH), -1, np.int64),
                          np.zeros((ncon, N_POOL), np.int64), np.zeros(2, np.int64),
                          np.zeros(ST_FIXED + (ST_PER_BODY + ST_PER_UNIT_CHARGE) * nb,
                                   np.int64),
                          np.zeros(N_CHAL, np.int64))
        run(c, lo, min(trials, lo + CHUNK_TRIALS),
            dice_buffer(max(BUFFER_DICE, 2 * budget)), stream_state(np.uint64(key), c),
            budget, mr, arrays, scratch, tallies)

    run_chunks(chunk, nc)
    summed = {k: a.sum(axis=0) for k, a in out.items()}
    summed["margin_offset"] = off
    summed["rows"] = rows
    if (model.n_regiments if model.n_regiments >= 0 else nu) == 2:
        # two units (and the named members standing in them): the units' statuses
        st = summed["status"]
        summed["outcome"] = np.array([st[0, WIPED], st[0, CAUGHT], st[0, ESCAPED],
                                      st[1, WIPED], st[1, CAUGHT], st[1, ESCAPED],
                                      st[0, FIGHTING], st[0, NO_COMBAT]], np.int64)
    return summed


def _simulate_mixture(model: CombatModel, trials: int, key: int, keep_rows: int,
                      kernel: str) -> dict[str, Any]:
    """:func:`simulate` of a model mixing several combats (``model.mixture``).

    Each part runs on its weight's share of the trials (stratified: the shares add up to
    ``trials``, the remainder to the first parts), with a stream key of its own, and the
    counts are summed; the kept rows are each part's share of ``keep_rows``.
    """
    parts = model.mixture
    shares = [int(trials * w) for w, _ in parts]
    for i in range(trials - sum(shares)):
        shares[i % len(parts)] += 1
    out: dict[str, Any] | None = None
    rows: list[np.ndarray] = []
    for i, ((_, m), n) in enumerate(zip(parts, shares, strict=True)):
        if n == 0:
            continue
        keep = min(n, -(-keep_rows * n // trials))  # its share of the kept rows
        part = simulate(m, n, key + 7919 * i, keep, kernel)
        rows.append(part.pop("rows"))
        if out is None:
            out = part
            continue
        for k, a in part.items():
            if k == "margin_offset":
                continue
            if k == "margin" and a.shape != out[k].shape:
                raise AssertionError("mixture parts of different margin ranges")
            out[k] = out[k] + a
    assert out is not None
    out["rows"] = np.concatenate(rows)[:keep_rows]
    return out


def fight(
    attacker: Unit | str,
    defender: Unit | str,
    *,
    charger: str = "attacker",
    max_rounds: int = 10,
    trials: int = 200_000,
    seed: SeedLike = None,
    attacker_options: SideOptions | None = None,
    defender_options: SideOptions | None = None,
    options: CombatOptions | None = None,
    keep_rows: bool = False,
) -> CombatResult:
    """Fight two units round after round until one breaks or dies (``RULES.md`` §1–§4, §8A).

    Parameters
    ----------
    attacker, defender : Unit or str
        Units, built-in library names or TOML paths.
    charger : {"attacker", "defender", "none"}
        Who charged (ignored when ``options`` is given: it carries its own).
    max_rounds : int
        Rounds before the combat counts as unresolved (ignored with ``options``).
    trials : int
        Monte Carlo trials (combats).
    seed : int, SeedSequence, Generator or None
        Random seed.
    attacker_options, defender_options : SideOptions, optional
        Static bonus, high ground, battle standard, General's Ld.
    options : CombatOptions, optional
        Rule options (corner contact, musician tie-break, insane courage,
        restrain tests).
    keep_rows : bool
        Also return one row per trial (at most 2 000 000 trials).

    Returns
    -------
    CombatResult
    """
    a = _as_unit(attacker, "attacker")
    d = _as_unit(defender, "defender")
    if options is None:
        options = CombatOptions(charger=charger, max_rounds=max_rounds)
    model = build(a, d, attacker_options, defender_options, options)
    trials = v.trials(trials)
    if keep_rows and trials > MAX_KEPT_ROWS:
        raise v.OddsInputError(f"keep_rows: only for trials <= {MAX_KEPT_ROWS:_} (got {trials})")
    s = resolve_seed(seed)
    sim = simulate(model, trials, s.key, trials if keep_rows else 0)

    charge = charge_exact(model)
    ex = _first_round_exact_mixed(model, charge)
    outcomes = proportion_table(dict(zip(OUTCOMES, sim["outcome"].tolist(), strict=True)),
                                trials)
    rr = sim["round_res"]
    br = sim["breaks"]
    first = proportion_table({
        "attacker_wins": rr[0, 0], "draw": rr[0, 1], "defender_wins": rr[0, 2],
        "attacker_breaks": br[0, 0], "defender_breaks": br[0, 1],
    }, trials, ex["first_round"] if ex else None)
    rows = []
    fought = np.cumsum(sim["rounds"][::-1])[::-1]  # fought[k] = P(rounds >= k)
    for k in range(model.max_rounds):
        events = {"fought": fought[k + 1], "attacker_wins": rr[k, 0], "draw": rr[k, 1],
                  "defender_wins": rr[k, 2], "attacker_breaks": br[k, 0],
                  "defender_breaks": br[k, 1]}
        for name, cnt in events.items():
            p = cnt / trials
            lo, hi = wilson(cnt, trials)
            rows.append({"round": k + 1, "event": name, "probability": p,
                         "stderr": float(np.sqrt(p * (1 - p) / trials)),
                         "ci_low": float(lo), "ci_high": float(hi)})
    rounds_t = pd.DataFrame(rows)
    # first-round distributions: given that a first round was fought
    n1 = max(1, trials - int(sim["rounds"][0]))
    w1 = pd.concat([_dist(sim["w1"][i], n1, "wounds", side=SIDES[i]) for i in (0, 1)],
                   ignore_index=True)
    w1["exact"] = np.nan
    if ex:
        for i, side in enumerate(SIDES):
            pmf = ex["wounds"][i]
            m = w1["side"] == side
            w1.loc[m, "exact"] = [pmf[k] if k < pmf.size else 0.0 for k in w1.loc[m, "wounds"]]
    margin = _dist(sim["margin"], n1, "margin")
    margin["margin"] -= sim["margin_offset"]
    surv = pd.concat([_dist(sim["surv"][i], trials, "models", side=SIDES[i]) for i in (0, 1)],
                     ignore_index=True)
    n_rounds = _dist(sim["rounds"], trials, "rounds")
    per_trial = None
    if keep_rows:
        per_trial = _two_unit_rows(sim["rows"], model.n_units)
    inputs = {"attacker": a.name, "defender": d.name, "charger": options.charger,
              "max_rounds": options.max_rounds, "options": options,
              "attacker_options": attacker_options or SideOptions(),
              "defender_options": defender_options or SideOptions()}
    return CombatResult(outcomes=outcomes, first_round=first, rounds=rounds_t, wounds_r1=w1,
                        margin_r1=margin, survivors=surv, n_rounds=n_rounds, trials=trials,
                        seed=s.entropy, inputs=inputs, rows=per_trial,
                        extra={"exact_first_round": ex, "model": model,
                               "warnings": unit_warnings([a, d]),
                               "charge": _charge_summary(sim["charge"], trials, charge),
                               "terms_r1": _terms_r1(sim["terms"], n1)})


def _terms_r1(terms: np.ndarray, fought: int) -> pd.DataFrame:
    """Mean first-round combat-result terms per side, given that a round was fought."""
    return pd.DataFrame([{"side": SIDES[k], "term": t, "mean": terms[k, i] / fought}
                         for k in (0, 1) for i, t in enumerate(TERMS)])


CHARGE_EVENTS = ("p_refused", "p_fled", "p_hits_on_6")
"""Psychology at the charge (§3.3): the charger failed its test (no combat), the charged
unit fled (caught or escaped), the charged unit failed fear, held and hits only on 6s in
the first round."""


def charge_exact(model: CombatModel) -> dict[str, float]:
    """Exact probabilities of :data:`CHARGE_EVENTS` and of a plain charge (``p_plain``)."""
    f = model.flags
    out = dict.fromkeys(CHARGE_EVENTS, 0.0)
    out["p_plain"] = 1.0
    if not f[F_CHARGE_TESTS]:
        return out
    go = (float(dice.p_at_most(dice.leadership_pmf(bool(f[F_CHARGER_COLD])),
                               int(f[F_CHARGER_LD]))) if f[F_CHARGER_LD] else 1.0)
    if f[F_CHARGER_REROLL]:
        go = 1 - (1 - go) ** 2  # Imperio "Ejemplo de Sigmar": a failed test re-rolled
    ch = int(f[F_CHARGER])
    if model.sides[ch, S_DRUNK] and model.sides[ch, S_SIDE] == f[F_ACTIVE]:
        go = 1 / 6 + 5 / 6 * go  # MDNR "Borrachos": a 6 makes the charger frenzied
    hold = (float(dice.p_at_most(dice.leadership_pmf(bool(f[F_TARGET_COLD])),
                                 int(f[F_TARGET_LD]))) if f[F_TARGET_LD] else 1.0)
    if f[F_TARGET_REROLL]:
        hold = 1 - (1 - hold) ** 2
    # panic first ("Carga gloriosa"): failed, the unit flees
    calm = (float(dice.p_at_most(dice.leadership_pmf(bool(f[F_TARGET_PANIC_COLD])),
                                 int(f[F_TARGET_PANIC_LD]))) if f[F_TARGET_PANIC_LD] else 1.0)
    if f[F_TARGET_REROLL]:
        calm = 1 - (1 - calm) ** 2
    flees = bool(f[F_TARGET_TERROR] or f[F_TARGET_SMALLER])
    out["p_refused"] = 1.0 - go
    out["p_fled"] = go * (1.0 - calm) + (go * calm * (1.0 - hold) if flees else 0.0)
    out["p_hits_on_6"] = 0.0 if flees else go * calm * (1.0 - hold)
    out["p_plain"] = go * calm * hold
    return out


def _charge_summary(counts: np.ndarray, trials: int, exact: dict[str, float]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, name in enumerate(CHARGE_EVENTS):
        p = float(counts[k]) / trials
        out[name] = p
        out[f"{name}_stderr"] = float(np.sqrt(p * (1 - p) / trials))
        out[f"{name}_exact"] = exact[name]
    return out


def _first_round_exact_mixed(model: CombatModel,
                             charge: dict[str, float]) -> dict[str, Any] | None:
    """The exact first round over every trial, charge psychology included (§3.3).

    Unconditional first-round events (a trial with no round counts in none);
    wound distributions, and the mean wounds and models each unit loses
    (``lost``, None where the programme cannot give them), given that a round
    was fought.
    """
    from odds.combat.exact import first_round_exact
    from odds.combat.exact.working import first_round_casualties_exact

    parts = [(charge["p_plain"], model)]
    if charge["p_hits_on_6"] > 0:
        parts.append((charge["p_hits_on_6"], _hits_on_sixes(model)))
    fought = sum(w for w, _ in parts)
    if fought <= 0:
        return None
    ev: dict[str, float] = {}
    wounds: list[np.ndarray] = [np.zeros(1), np.zeros(1)]
    lost: dict[str, list[float]] | None = {"wounds": [0.0, 0.0], "models": [0.0, 0.0]}
    for w, m in parts:
        ex = first_round_exact(m)
        if ex is None:
            return None
        cas = first_round_casualties_exact(m)
        if cas is None or lost is None:
            lost = None
        else:
            for k in lost:
                lost[k] = [x + w / fought * y for x, y in zip(lost[k], cas[k], strict=True)]
        for k, p in ex["first_round"].items():
            ev[k] = ev.get(k, 0.0) + w * p
        for i in (0, 1):
            pmf = np.asarray(ex["wounds"][i], float) * (w / fought)
            if pmf.size > wounds[i].size:
                wounds[i] = np.concatenate([wounds[i], np.zeros(pmf.size - wounds[i].size)])
            wounds[i][: pmf.size] += pmf
    return {"first_round": ev, "wounds": wounds, "lost": lost}


def _hits_on_sixes(model: CombatModel) -> CombatModel:
    """The model with the charged unit hitting the charger only on 6s in the first round."""
    if model.mixture:  # each part of the mixture too
        return dataclasses.replace(_hits_on_sixes(dataclasses.replace(model, mixture=())),
                                   mixture=tuple((w, _hits_on_sixes(m))
                                                 for w, m in model.mixture))
    groups = model.groups.copy()
    tg, ch = int(model.flags[F_TARGET]), int(model.flags[F_CHARGER])
    rows = groups[tg, ch, :, 0]
    for col in (G_HIT, G_STD_HIT):
        rows[:, col] = np.where(rows[:, col] < 7, 6, rows[:, col])
    return dataclasses.replace(model, groups=groups)
