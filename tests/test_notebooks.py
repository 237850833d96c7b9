"""Every notebook in ``notebooks/`` runs top to bottom and is committed clean.

Notebooks are executed with nbclient in a fresh ``python3`` kernel at a small
trial count (``ODDS_NOTEBOOK_TRIALS``) and a headless matplotlib backend; the
kernel inherits both from this process's environment.  The ``python3``
kernelspec is the one ipykernel installs into the venv (``share/jupyter``),
and jupyter_client starts it with this interpreter (``sys.executable``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

NB_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NB_DIR.glob("*.ipynb"))
TRIALS = "20000"


def test_there_are_notebooks():
    assert NOTEBOOKS, f"no notebooks found in {NB_DIR}"


def test_python3_kernel_runs_this_interpreter():
    spec = KernelSpecManager().get_kernel_spec("python3")
    assert spec.language == "python"
    assert Path(spec.argv[0]).name.startswith("python")
    # a bare "python" argv[0] is replaced by sys.executable by jupyter_client;
    # anything else must be this venv's interpreter or the kernel would miss odds
    if spec.argv[0] not in ("python", "python3", f"python{sys.version_info[0]}"
                            f".{sys.version_info[1]}"):
        assert Path(spec.argv[0]).resolve() == Path(sys.executable).resolve()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code, "a notebook with no code cells"
    for i, cell in enumerate(code):
        assert cell.outputs == [], f"code cell {i} has outputs"
        assert cell.execution_count is None, f"code cell {i} has an execution count"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path, monkeypatch):
    monkeypatch.setenv("ODDS_NOTEBOOK_TRIALS", TRIALS)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(NB_DIR)}})
    client.execute()  # raises CellExecutionError on the first failing cell
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert outputs, "the notebook ran but showed nothing"
    for o in outputs:
        assert o.output_type != "error"
        if o.output_type == "stream" and o.name == "stderr":
            assert "Warning" not in o.text, f"a warning is shown to the reader:\n{o.text}"
