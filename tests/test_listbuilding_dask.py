"""Matrices and sweeps on a two-process Dask cluster give exactly the local tables.

The cluster's worker processes import odds and load the combat kernel from
numba's cache (``__pycache__``), as any other process does.
"""

from __future__ import annotations

import json

import distributed  # a dependency of odds: a missing install must fail, not skip
import pandas as pd
import pytest

from odds.cli import main
from odds.listbuilding import matchup_matrix, sweep

LIST_A = "empire_swordsmen,empire_knights,orc_boyz"
LIST_B = "dwarf_warriors,trolls"


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_two_worker_processes(client):
    info = client.scheduler_info()["workers"]
    assert len(info) == 2
    assert all(w["nthreads"] == 1 for w in info.values())


def test_matrix_dask_equals_local(client):
    kw = {"points": 250, "trials": 3000, "seed": 2026, "charger": "both"}
    local = matchup_matrix(LIST_A, LIST_B, **kw)
    on_dask = matchup_matrix(LIST_A, LIST_B, client=client, **kw)
    assert len(local) == 3 * 2 * 2
    pd.testing.assert_frame_equal(on_dask, local, check_exact=True)
    assert on_dask.attrs == local.attrs


def test_sweep_dask_equals_local(client):
    kw = {"opponent": "orc_boyz", "trials": 2000, "seed": 7}
    grid = {"models": [10, 15, 20], "charger": ["a", "b"]}
    local = sweep("empire_swordsmen", grid, **kw)
    on_dask = sweep("empire_swordsmen", grid, client=client, **kw)
    pd.testing.assert_frame_equal(on_dask, local, check_exact=True)


def test_cli_scheduler(client, capsys):
    argv = ["matrix", "empire_swordsmen,orc_boyz", "trolls", "--points", "250",
            "--trials", "1000", "--seed", "3", "--format", "json"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--scheduler", client.scheduler.address]) == 0
    on_dask = json.loads(capsys.readouterr().out)
    assert on_dask == local


def test_dask_task_error_is_raised_here(client):
    # a cell that slipped past Cell's own validation (trials=0) is refused by evaluate in
    # the worker; the error comes back here as it would from a local run
    from odds.listbuilding.cells import Cell
    from odds.listbuilding.runner import run_cells
    from odds.units import library_unit
    from odds.validation import OddsInputError

    a = library_unit("orc_boyz")
    with pytest.raises(OddsInputError, match="trials"):
        Cell(a, a, "a", trials=0)
    bad = Cell(a, a, "a", trials=10)
    object.__setattr__(bad, "trials", 0)
    with pytest.raises(OddsInputError, match="trials"):
        run_cells([bad], 1)
    with pytest.raises(OddsInputError, match="trials"):
        run_cells([bad], 1, client=client)
