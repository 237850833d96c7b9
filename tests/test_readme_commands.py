"""Issue 12 §3: every ``odds`` command in the README's shell blocks runs as written.

Commands are read from the README at collection time (fenced blocks marked
``sh``, ``bash``, ``shell`` or ``console``; ``\\`` continues a line, ``#``
starts a comment, ``&&`` chains commands), so the test follows the README as
it changes.  Only commands of the ``odds`` program run (``odds ...``,
``.venv/bin/odds ...``); set-up and development commands (``python3 -m venv``,
``pip``, ``pytest``, ``ruff``, benchmarks) are not.

Each command runs in a scratch copy of the checkout (symbolic links to its
files, and to the ``shared`` folder beside it when there is one), so written
files land there; ``ODDS_TRIALS`` keeps trial counts small.  A command using a
Dask ``--scheduler`` is skipped (no network in tests), and so is one reading
``../shared`` when that folder does not exist (data outside the repository).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SHARED = ROOT.parent / "shared"
TRIALS = "2000"

_FENCE = re.compile(r"^```(sh|bash|shell|console)\s*$\n(.*?)^```\s*$", re.M | re.S)


def shell_commands(text: str) -> list[list[str]]:
    """Every command (as argv) in the shell blocks of a Markdown text."""
    commands = []
    for block in _FENCE.finditer(text):
        body = re.sub(r"\\\n\s*", " ", block.group(2))
        for line in body.splitlines():
            words = shlex.split(line.removeprefix("$ "), comments=True)
            current: list[str] = []
            for word in [*words, "&&"]:
                if word in ("&&", ";", "||"):
                    if current:
                        commands.append(current)
                    current = []
                else:
                    current.append(word)
    return commands


def odds_commands() -> list[list[str]]:
    """The README's commands of the ``odds`` program, with the program word dropped."""
    return [argv[1:] for argv in shell_commands(README.read_text(encoding="utf-8"))
            if Path(argv[0]).name == "odds"]


def test_the_readme_has_odds_commands():
    assert len(odds_commands()) >= 10
    assert shell_commands("```sh\nodds a \\\n  b  # c\nx && odds d\n```\n") == [
        ["odds", "a", "b"], ["x"], ["odds", "d"]]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """A scratch checkout: links to the repository's files, and to ``shared`` beside it."""
    base = tmp_path_factory.mktemp("readme")
    repo = base / ROOT.name
    repo.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in (".git", ".venv"):
            (repo / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    if SHARED.is_dir():
        (base / "shared").symlink_to(SHARED, target_is_directory=True)
    return repo


@pytest.mark.parametrize("argv", odds_commands(), ids=lambda a: " ".join(a)[:70])
def test_readme_command_runs_as_written(argv, checkout):
    if "--scheduler" in argv:
        pytest.skip("needs a Dask scheduler (no network in tests)")
    if any("../shared/" in a for a in argv) and not SHARED.is_dir():
        pytest.skip("reads ../shared, which is not beside this checkout")
    env = {**os.environ, "ODDS_TRIALS": TRIALS, "MPLBACKEND": "Agg",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    p = subprocess.run([sys.executable, "-m", "odds", *argv], cwd=checkout, env=env,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, f"odds {shlex.join(argv)}\n{p.stderr}"
    assert "Traceback" not in p.stderr and p.stdout.strip()
    if "--plot" in argv:
        assert (checkout / argv[argv.index("--plot") + 1]).stat().st_size > 0
