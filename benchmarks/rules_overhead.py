"""What the army rules' checks cost a plain combat: the engine with every rule folded away.

Run ``python benchmarks/rules_overhead.py`` (needs ``valgrind``; about 20 minutes on 2 cores).

The combat kernel reads each special rule from a column of its per-body table (``sides``,
``S_*``) or of its attack rows (``groups``, ``G_*``) and branches on it, trial after trial,
whether the units have the rule or not.  This script measures the most a plain combat could
gain if those checks were gone: it copies the package into a temporary folder, replaces
every read of the rule columns listed below in the kernel files by the value the column has
when the rule is absent (a constant LLVM then folds, deleting the rule's code), checks that
the copy gives byte-identical results to the original for the three rows of
``bench_combat.py`` (same seed) and that those rows' units have every listed column at its
"absent" value, and counts instructions per trial of both with ``instructions.py``.  The
copy is never used for anything else.

Counts of one commit spread by about ±10 % between runs (benchmarks/README.md), so only a
larger difference between the two columns means something.

The columns kept are the engine's general bookkeeping (wounds, files, ranks, unit strength,
Ld, standard, musician, characters, sides, skirmishers), which a plain combat needs.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile

from odds import special_rules

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

ABSENT_SIDES = {  # rule column -> its value when the unit lacks the rule
    **dict.fromkeys(("S_BSB", "S_GENERAL_LD", "S_HIGH_GROUND", "S_PANIC_IGNORE", "S_ELF",
                     "S_FLIGHT_IGNORE"), 0),  # options and what other units make of it
    "S_REGEN": 7, "S_DUEL_WARD": 7,
    **special_rules.absent_columns("S_"),  # the rules' switches (odds.special_rules)
}
ABSENT_GROUPS = {
    **dict.fromkeys(("G_RANDOM", "G_REROLL"), 0),
    **special_rules.absent_columns("G_"),
}
KERNEL_FILES = ("kernel", "blows", "fighters", "psychology", "resolution")
_INDEX = r"(?:[^\[\]]|\[[^\[\]]*\])*?"  # an index expression, one level of brackets inside

_CHECK = r"""
import hashlib, sys
import numpy as np
sys.path.insert(0, {root!r}); sys.path.insert(0, {here!r})
from bench_combat import row_model
from odds.combat import model as cm
from odds.combat.api import simulate
absent_s, absent_g = {sides!r}, {groups!r}
for row in ("a", "a0", "b"):
    m = row_model(row)
    for name, value in absent_s.items():
        assert (m.sides[:, getattr(cm, name)] == value).all(), (row, name)
    for name, value in absent_g.items():
        assert (m.groups[..., getattr(cm, name)] == value).all(), (row, name)
    out = simulate(m, 20_000, 7)
    h = hashlib.sha1()
    for key in sorted(out):
        h.update(np.ascontiguousarray(np.asarray(out[key])).tobytes())
    print(row, h.hexdigest())
"""


def fold(folder: str) -> int:
    """Replace the rule columns' reads in the kernel files under ``folder``; count them."""
    count = 0
    for name in KERNEL_FILES:
        path = os.path.join(folder, "odds", "combat", f"{name}.py")
        text = open(path, encoding="utf-8").read()
        for table, absent in (("sides", ABSENT_SIDES), ("groups", ABSENT_GROUPS)):
            for col, value in absent.items():
                text, k = re.subn(rf"{table}\[{_INDEX}, {col}\]", str(value), text)
                count += k
        for col, value in ABSENT_GROUPS.items():  # a row already sliced out of groups
            text, k = re.subn(rf"\brow\[{col}\]", str(value), text)
            count += k
        open(path, "w", encoding="utf-8").write(text)
    return count


def run(args: list[str], env: dict[str, str]) -> str:
    """Standard output of a child process; its standard error on failure."""
    res = subprocess.run(args, env=env, capture_output=True, text=True)
    if res.returncode:
        sys.exit(f"rules_overhead.py: {' '.join(args[:2])} failed:\n{res.stderr[-3000:]}")
    return res.stdout


def main() -> None:
    if shutil.which("valgrind") is None:
        sys.exit("rules_overhead.py: valgrind is not on the PATH")
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(os.path.join(ROOT, "odds"), os.path.join(tmp, "odds"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(HERE, os.path.join(tmp, "benchmarks"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        print(f"rule-column reads folded to constants: {fold(tmp)}")
        env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(tmp, "cache"))
        digests = []
        for root in (ROOT, tmp):
            code = _CHECK.format(root=root, here=os.path.join(root, "benchmarks"),
                                 sides=ABSENT_SIDES, groups=ABSENT_GROUPS)
            digests.append(run([sys.executable, "-c", code], env))
        if digests[0] != digests[1]:
            sys.exit("rules_overhead.py: the folded engine's results differ:\n"
                     + "".join(digests))
        print("results of (a), (a0), (b) (20 000 trials, seed 7): byte-identical")
        counts = []
        for root in (ROOT, tmp):
            out = run([sys.executable, os.path.join(root, "benchmarks", "instructions.py")],
                      dict(os.environ))
            counts.append([int(x) for x in re.findall(r"\s(\d+)\n", out)])
    print(f"\n{'instructions per trial':32s} {'engine':>8s} {'folded':>8s} {'saved':>7s}")
    for what, a, b in zip(("(a) reference round", "(a0) its bookkeeping alone",
                           "(b) 20 v 20 full combat"), *counts, strict=True):
        print(f"  {what:30s} {a:8d} {b:8d} {1 - b / a:7.1%}")


if __name__ == "__main__":
    main()
