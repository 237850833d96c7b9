"""Shared test helpers: the z = 5 check, the slow marker, a headless backend."""

from __future__ import annotations

import math
import os

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

Z = 5.0
"""Monte Carlo answers must lie within Z standard errors of the exact value."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run tests marked slow (large statistical runs)")


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
