"""Shared test helpers: the z = 5 check, the slow marker, a headless backend, the MDNR data."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

Z = 5.0
"""Monte Carlo answers must lie within Z standard errors of the exact value."""

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "battlescribe"
"""The MDNR BattleScribe catalogues: shared test data beside the project, not in it."""

needs_data = pytest.mark.skipif(not SHARED.is_dir(),
                                reason=f"MDNR BattleScribe data not found in {SHARED}")
"""Skips a test, with the reason, where :data:`SHARED` is absent."""

BOOKS: tuple[str, ...] = (
    "MDNR_Altos_Elfos v4_5.cat",
    "MDNR_Condes_Vampiro_v5.cat",
    "MDNR_Elfos_Oscuros_v7.cat",
    "MDNR_Enanos v4_5.cat",
    "MDNR_Enanos_del_Caos v4_5.cat",
    "MDNR_Imperio v4_5.cat",
    "MDNR_Mercenarios v5.cat",
    "MDNR_Monstruos_Arcanos_v5.cat",
    "MDNR_Orcos_y_Goblins v4_5.cat",
    "MDNR_Regimientos_de_Renombre v5.cat",
    "MDNR_Reinos_del_Caos_Bestias_v5.cat",
    "MDNR_Reinos_del_Caos_Demonios_v5.cat",
    "MDNR_Reinos_del_Caos_Mortales_v5.cat",
    "MDNR_Reyes_Funerarios v5.cat",
)
"""The fourteen army books :data:`SHARED` held before it grew to every MDNR catalogue: the
files that the tests written against those books (their figures, their hand-made lists) mean."""

CATALOGUES = 89
"""How many ``.cat`` files :data:`SHARED` holds: the whole MDNR data set."""

_CATALOGUES: dict[str, object] = {}


def cat(name: str):
    """The catalogue file ``name`` of :data:`SHARED`, loaded once per test session."""
    from odds.battlescribe import load_catalogue

    if name not in _CATALOGUES:
        _CATALOGUES[name] = load_catalogue(SHARED / name)
    return _CATALOGUES[name]


def kinds(catalogue, unit: str) -> dict[str, str]:
    """Each report item of ``unit`` in ``catalogue`` and its kind (ignored, note...)."""
    return {i.item: i.kind for i in catalogue.report.for_unit(unit)}


def clean(catalogue, unit: str) -> bool:
    """Whether ``unit`` of ``catalogue`` imports with nothing ignored or approximated."""
    return not [i for i in catalogue.report.for_unit(unit)
                if i.kind in ("ignored", "approximated")]


def binomial(n: int, p: float) -> list[float]:
    """The Binomial(n, p) pmf."""
    return [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def convolve(*pmfs) -> list[float]:
    """The law of a sum of independent counts, from each count's law (index = value)."""
    out = [1.0]
    for pmf in pmfs:
        nxt = [0.0] * (len(out) + len(pmf) - 1)
        for i, x in enumerate(out):
            for j, y in enumerate(pmf):
                nxt[i + j] += x * y
        out = nxt
    return out


def check_first_round(model, pmf, seed: int, what: str, trials: int = 200_000) -> None:
    """Side 0's first-round wounds: the exact engine and the kernel (z = 5) against ``pmf``."""
    from odds.combat.exact import first_round_exact

    exact = first_round_exact(model)["wounds"][0]
    assert max(abs(a - b) for a, b in zip(exact, pmf, strict=False)) < 1e-12, what
    check_kernel_first_round(model, pmf, seed, what, trials)


def check_kernel_first_round(model, pmf, seed: int, what: str, trials: int = 200_000) -> None:
    """Side 0's first-round wounds in the kernel (z = 5) against ``pmf``, where no exact
    engine applies (a champion or character fighting as a body of its own)."""
    from odds.combat.api import simulate

    out = simulate(model, trials, seed)
    assert_distribution(first_round_shares(out, 0, trials), pmf, trials, what=what)


def first_round_shares(out: dict, side: int, trials: int) -> dict[int, float]:
    """Side ``side``'s first-round wounds in ``out`` (:func:`odds.combat.api.simulate`'s):
    ``{wounds: share of the trials}``, the wound counts no trial scored left out."""
    return {k: c / trials for k, c in enumerate(out["w1"][side]) if c}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run tests marked slow (statistical runs, benchmark smoke runs)")
    parser.addoption("--check-plain", action="store_true", default=False,
                     help="run every combat of the plain and core kernels on the general one "
                          "too and compare")


def plain_checked(compiled_once):
    """``odds._jit.compiled_once`` that also runs the general kernel where another one runs.

    For ``--check-plain``: every chunk run on :func:`odds.combat.kernel.fight_chunk_plain`
    (a plain pair, ``odds.combat.model.plain_pair``) or on
    :func:`~odds.combat.kernel.fight_chunk_core` (``odds.combat.model.core_rules``) also
    runs, on copies of its arguments, on :func:`~odds.combat.kernel.fight_chunk`; the dice
    buffer, the stream state and every output the chunk writes (row ``c`` of each tally, its
    trials' ``rows``) must come out identical.
    """
    import numpy as np

    from odds.combat.kernel import fight_chunk, fight_chunk_core, fight_chunk_plain

    def copy(a):
        if isinstance(a, np.ndarray):
            return a.copy()
        if isinstance(a, tuple):  # the kernels' named tuples of arrays
            return type(a)(*(copy(x) for x in a))
        return a

    def wrapped(dispatcher, engine):
        run = compiled_once(dispatcher, engine)
        if dispatcher is not fight_chunk_plain and dispatcher is not fight_chunk_core:
            return run
        kind = "plain" if dispatcher is fight_chunk_plain else "core"
        general = compiled_once(fight_chunk, engine)

        def both(c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies):
            args = (c, lo, hi, buf, st, budget, max_rounds, model, scratch, tallies)
            copies = [copy(a) for a in args]
            run(*args)
            general(*copies)
            pairs = [("buf", buf, copies[3]), ("st", st, copies[4])]
            other = copies[-1]
            for name in tallies._fields:
                mine, theirs = getattr(tallies, name), getattr(other, name)
                rows = slice(lo, hi) if name == "rows" else c
                pairs.append((name, mine[rows], theirs[rows]))
            for name, a, b in pairs:
                assert np.array_equal(a, b), f"{kind} v general: {name} of chunk {c}"
            PLAIN_CHECKS[kind] += 1

        return both

    return wrapped


PLAIN_CHECKS = {"plain": 0, "core": 0}
"""Chunks compared by ``--check-plain`` in this session, by kernel."""


@pytest.fixture(autouse=True)
def _check_plain(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.config.getoption("--check-plain"):
        import odds.combat.api as api

        monkeypatch.setattr(api, "compiled_once", plain_checked(api.compiled_once))


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if config.getoption("--check-plain"):
        terminalreporter.write_line(f"--check-plain: {PLAIN_CHECKS['plain']} chunks of plain "
                                    f"pairs and {PLAIN_CHECKS['core']} of core models ran "
                                    "identically on the general kernel too")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def assert_mc(estimate: float, exact: float, trials: int, z: float = Z, what: str = "") -> None:
    """Assert a Monte Carlo proportion agrees with its exact value within ``z`` s.e.

    The standard error is the exact binomial one, ``sqrt(p (1 - p) / n)``; when
    the exact probability is 0 or 1 the estimate must equal it.
    """
    se = math.sqrt(exact * (1.0 - exact) / trials)
    if se == 0.0:
        assert estimate == exact, f"{what}: simulated {estimate} but exact {exact} is certain"
        return
    score = (estimate - exact) / se
    assert abs(score) <= z, (
        f"{what}: simulated {estimate:.6f} vs exact {exact:.6f}: z = {score:.2f}")


def assert_distribution(simulated: dict[int, float], exact: list[float] | object, trials: int,
                        z: float = Z, what: str = "", min_expected: float = 20.0) -> None:
    """Compare a simulated distribution with an exact PMF at ``z`` s.e. per bin.

    Adjacent values are merged (in order) until each bin expects at least
    ``min_expected`` trials, as for a chi-square test, so that the normal
    approximation behind the z-score holds; a value the exact PMF calls
    impossible must never be simulated.
    """
    pmf = [float(x) for x in exact]  # type: ignore[union-attr]
    top = max([len(pmf) - 1, *simulated.keys()])
    for k, p in simulated.items():
        if p > 0 and (k >= len(pmf) or pmf[k] == 0.0):
            raise AssertionError(f"{what}: value {k} simulated ({p}) but impossible")
    bins: list[tuple[int, int, float, float]] = []
    lo, e_acc, s_acc = 0, 0.0, 0.0
    for k in range(top + 1):
        e_acc += pmf[k] if k < len(pmf) else 0.0
        s_acc += simulated.get(k, 0.0)
        if e_acc * trials >= min_expected and (1 - sum(pmf[: k + 1])) * trials >= min_expected:
            bins.append((lo, k, e_acc, s_acc))
            lo, e_acc, s_acc = k + 1, 0.0, 0.0
    if bins and (e_acc > 0 or s_acc > 0):
        a, _, e0, s0 = bins.pop()
        bins.append((a, top, e0 + e_acc, s0 + s_acc))
    elif not bins:
        bins.append((0, top, e_acc, s_acc))
    for a, b, e, s in bins:
        assert_mc(s, min(1.0, e), trials, z=z, what=f"{what} values {a}..{b}")


def check_first_round_break(model, unit: int, p_break: float, seed: int, what: str,
                            trials: int = 200_000) -> None:
    """Unit ``unit`` (0 attacker, 1 defender) breaks in the first round with ``p_break``.

    The exact engine to 1e-12, and the kernel (caught or escaped) at z = 5.
    """
    from odds.combat.api import simulate
    from odds.combat.exact import first_round_exact
    from odds.combat.model import CAUGHT, ESCAPED

    key = ("attacker_breaks", "defender_breaks")[unit]
    exact = first_round_exact(model)["first_round"][key]
    assert abs(exact - p_break) < 1e-12
    out = simulate(model, trials, seed)
    broke = (out["status"][unit, CAUGHT] + out["status"][unit, ESCAPED]) / trials
    assert_mc(broke, p_break, trials, what=what)


def panic_flee_rate(x, y, z, seed: int, trials: int = 200_000):
    """X and Y (side 0) both face Z (side 1), which wins the one round by its +5 bonus.

    Built for panic (RULES.md §3.4): nobody can wound (S1 against T10), X (Ld 2) always
    breaks, and Y then takes its own break test and the panic test X's flight causes.
    Returns (the fraction of trials Y fled, the model).
    """
    from odds.combat import SideOptions
    from odds.combat.api import simulate
    from odds.combat.model import CAUGHT, ESCAPED, FRONT, CombatOptions, build_units

    model = build_units([x, y, z], [0, 0, 1], [(0, 2, FRONT, FRONT), (1, 2, FRONT, FRONT)],
                        [False, False, True], [None, None, SideOptions(static_bonus=5)],
                        CombatOptions(max_rounds=1))
    out = simulate(model, trials, seed)
    assert out["status"][0, CAUGHT] + out["status"][0, ESCAPED] == trials  # X always breaks
    return (out["status"][1, CAUGHT] + out["status"][1, ESCAPED]) / trials, model


def infantry(name: str, models: int = 10, files: int = 10, *, WS: int = 3, S: int = 3,
             T: int = 3, W: int = 1, I: int = 3, A: int = 1, Ld: int = 7,  # noqa: E741
             save: int = 7, special=(), **extra):
    """A plain infantry unit (one-wound models unless ``W``, no save unless ``save``) for rule
    tests.

    ``extra``: further top-level fields of the unit's TOML schema (``command``, ``army``...).
    """
    from odds.units import unit_from_dict

    return unit_from_dict({
        "name": name, "troop_type": "infantry", "models": models, "files": files,
        "profile": {"M": 10, "WS": WS, "BS": 3, "S": S, "T": T, "W": W, "I": I, "A": A,
                    "Ld": Ld},
        "equipment": {"armour_save_override": save},
        "rules": {"special": list(special)},
        **extra,
    })


def cavalry(name: str, models: int = 5, files: int = 5, *, mount_A: int = 1,
            weapon: str | None = None, **kw):
    """A cavalry unit for rule tests: :func:`infantry` riders on WS3 S3 I3 steeds with
    ``mount_A`` attacks, armed with ``weapon`` when given (``"lance"``...)."""
    import dataclasses

    from odds.units import MountProfile

    unit = infantry(name, models, files, **kw).replace(
        troop_type="cavalry", mount=MountProfile(WS=3, S=3, I=3, A=mount_A))
    if weapon is not None:
        unit = unit.replace(equipment=dataclasses.replace(unit.equipment, weapon=weapon))
    return unit


def still_targets(*special: str):
    """Ten WS3 T4 models with no save and no attacks, immune to psychology (and ``special``):
    a target whose wounds taken in round 1 follow the attacker's dice alone."""
    return infantry("Blanco", T=4, A=0, special=["immune_to_psychology", *special])


def fresh_process_env(tmp_path: Path, module: str, source: str) -> dict[str, str]:
    """Environment for a fresh process that can import ``module`` (written from
    ``source`` into ``tmp_path``) and this checkout's ``odds``, with an empty
    ``NUMBA_CACHE_DIR`` of its own, as on a fresh machine."""
    (tmp_path / f"{module}.py").write_text(source)
    cache = tmp_path / "cache"
    cache.mkdir()
    repo = Path(__file__).resolve().parents[1]
    return dict(os.environ, NUMBA_CACHE_DIR=str(cache),
                PYTHONPATH=os.pathsep.join([str(tmp_path), str(repo)]))


def plain_rules() -> list[str]:
    """The unit flags the plain and core kernels accept (their specs' ``plain``,
    docs/rules.md)."""
    from odds import special_rules
    from odds.units import SPECIAL_RULES

    return [r for r in SPECIAL_RULES if special_rules.BY_KEY[r].plain]


def plain_units(name: str, max_models: int = 40, max_files: int = 10, max_wounds: int = 4):
    """A hypothesis strategy: a unit dict of random profile, weapon, armour, command and
    special rules, those the plain and core kernels accept (:func:`plain_rules`)."""
    from hypothesis import strategies as st

    from odds import rules

    @st.composite
    def unit(draw):
        models = draw(st.integers(1, max_models))
        return {
            "name": name, "troop_type": draw(st.sampled_from(["infantry", "cavalry"])),
            "models": models, "files": draw(st.integers(1, min(models, max_files))),
            "profile": {"M": 10, "WS": draw(st.integers(1, 10)), "BS": 3,
                        "S": draw(st.integers(1, 7)), "T": draw(st.integers(1, 7)),
                        "W": draw(st.integers(1, max_wounds)), "I": draw(st.integers(1, 10)),
                        "A": draw(st.integers(0, 5)), "Ld": draw(st.integers(2, 10))},
            "equipment": {"weapon": draw(st.sampled_from(sorted(rules.WEAPONS))),
                          "armour": draw(st.sampled_from(rules.ARMOURS)),
                          "shield": draw(st.booleans())},
            "command": {"champion": draw(st.booleans()), "standard": draw(st.booleans()),
                        "musician": draw(st.booleans())},
            "rules": {"special": draw(st.lists(st.sampled_from(plain_rules()), max_size=3,
                                               unique=True)),
                      "ward_save": draw(st.sampled_from([0, 4, 5, 6])),
                      "regeneration": draw(st.sampled_from([0, 4]))},
        }

    return unit()


def assert_same_as_general(model, kernel: str, trials: int, key: int, keep_rows: int = 0):
    """``simulate`` on the combat kernel ``kernel`` ("plain" or "core") gives the general
    kernel's arrays for ``model``, every one identical."""
    import numpy as np

    from odds.combat.api import simulate

    mine = simulate(model, trials, key, keep_rows, kernel=kernel)
    general = simulate(model, trials, key, keep_rows, kernel="general")
    assert mine.keys() == general.keys()
    for name in general:
        assert np.array_equal(mine[name], general[name]), name
