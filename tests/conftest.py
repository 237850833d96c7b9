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
