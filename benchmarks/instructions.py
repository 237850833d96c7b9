"""Instructions per combat of the engine, counted by valgrind: a figure machine load cannot move.

Run ``python benchmarks/instructions.py`` (needs ``valgrind`` on the PATH; about 10 minutes
on 2 cores: under valgrind numba sees another CPU, so the script first compiles the kernels
for it once, uninstrumented, into its own ``NUMBA_CACHE_DIR``).

Timings on a shared 2-core machine spread by ±20 % (benchmarks/README.md); instruction
counts do not.  For each row of ``bench_combat.py`` -- (a) the reference round, (a0) its
bookkeeping alone, (b) the 20 v 20 full combat -- the script runs the combat under
``valgrind --tool=callgrind`` twice, with 1 000 and 41 000 trials on one thread, and
prints the difference over 40 000: the instructions one more trial costs, the engine's
set-up and Python's start cancelled out.  With ``--profile`` it instead attributes (a0)'s
instructions inside the combat kernel's machine code (``fight_chunk``, where every helper
is inlined): how many distinct instructions run, over how many bytes, and how often each
runs per trial -- the shape of the bookkeeping (one pass over much code, or a hot loop).

The counts are of the code numba compiles for the CPU valgrind reports (``haswell``:
AVX2, no AVX-512), not the natively compiled code, so they are a measure of work for
comparing two versions of the engine, not a prediction of time.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# run inside valgrind: build the row's model, warm up, then time nothing -- just run
_CHILD = r"""
import sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {here!r})
import numba
from bench_combat import reference_model
from odds.combat.api import simulate
from odds.combat.kernel import fight_chunk
from odds.combat.model import build
from odds.units import library_unit
row, n, dump = {row!r}, {n}, {dump!r}
model = (reference_model() if row == "a" else reference_model(0) if row == "a0" else
         build(library_unit("empire_swordsmen"), library_unit("empire_halberdiers")))
numba.set_num_threads(1)
simulate(model, 1000, 1)
if dump:
    (sig, cres), = fight_chunk.overloads.items()
    addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
    open(dump + ".addr", "w").write(hex(addr))
simulate(model, n, 0xC0FFEE)
"""


def callgrind(row: str, n: int, cache: str, out: str, dump: str = "") -> int:
    """Instructions of one run under callgrind (``--dump-instr`` when ``dump``)."""
    code = _CHILD.format(root=ROOT, here=HERE, row=row, n=n, dump=dump)
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
           "--smc-check=all-non-file", *(["--dump-instr=yes"] if dump else []),
           sys.executable, "-c", code]
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, NUMBA_NUM_THREADS="1")
    res = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    if "compiling" in res.stderr:
        # the kernel missed its cache and was compiled inside the measured run: the count
        # holds a compile, whose own instructions vary from run to run by more than the
        # trials' difference
        raise RuntimeError(f"the kernels were compiled inside the counted run (cache {cache}"
                           f" missed):\n{res.stderr[-2000:]}")
    m = re.search(r"Collected : (\d+)", res.stderr)
    if m is None:
        raise RuntimeError(f"callgrind printed no total:\n{res.stderr[-2000:]}")
    return int(m.group(1))


def per_address(out: str, base: int, size: int = 400_000) -> collections.Counter:
    """Instructions executed at each offset of ``[base, base + size)`` (callgrind's file)."""
    cost: collections.Counter = collections.Counter()
    prev = 0
    after_call = False
    for line in open(out):
        if line.startswith("calls="):
            after_call = True  # the next cost line is the call's inclusive cost
            continue
        if not line or not (line[0].isdigit() or line[0] in "+-*"):
            continue
        tok = line.split()
        a = tok[0]
        prev = (int(a, 16) if a.startswith("0x") else prev + int(a[1:], 0) if a[0] == "+"
                else prev - int(a[1:], 0) if a[0] == "-" else prev if a == "*" else int(a))
        if after_call:
            after_call = False
            continue
        if base <= prev < base + size and len(tok) > 2:
            cost[prev - base] += int(tok[2])
    return cost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="store_true",
                        help="attribute (a0)'s instructions inside the kernel instead")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("instructions.py: valgrind is not on the PATH")
    cache = os.path.join(tempfile.gettempdir(), "odds-valgrind-numba-cache")
    os.makedirs(cache, exist_ok=True)
    small, large = 1_000, 41_000
    # compile the kernels for valgrind's CPU once, without instrumentation (callgrind would
    # take several times longer to run numba's compiler)
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, NUMBA_NUM_THREADS="1")
    subprocess.run(["valgrind", "--tool=none", "--smc-check=all-non-file", sys.executable,
                    "-c", _CHILD.format(root=ROOT, here=HERE, row="b", n=1, dump="")],
                   env=env, capture_output=True, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        if not args.profile:
            print("instructions per trial (callgrind; 41 000 trials less 1 000, one thread)")
        for row, what in (("a", "(a) reference round"), ("a0", "(a0) its bookkeeping alone"),
                          ("b", "(b) 20 v 20 full combat")):
            if args.profile:
                break
            lo = callgrind(row, small, cache, os.path.join(tmp, "lo"))
            hi = callgrind(row, large, cache, os.path.join(tmp, "hi"))
            print(f"  {what:32s} {(hi - lo) / (large - small):9.0f}")
        if args.profile:
            dump = os.path.join(tmp, "kernel")
            out = os.path.join(tmp, "prof")
            callgrind("a0", large, cache, out, dump)
            cost = per_address(out, int(open(dump + ".addr").read(), 16))
            n = large + 1_000  # the warm-up's trials ran too
            total = sum(cost.values())
            runs = [c / n for c in cost.values() if c]
            once = sum(c for c in cost.values() if 0.5 <= c / n < 1.5)
            twice = sum(c for c in cost.values() if 1.5 <= c / n < 3)
            more = sum(c for c in cost.values() if c / n >= 3)
            span = max(a for a, c in cost.items() if c) - min(a for a, c in cost.items() if c)
            windows: collections.Counter = collections.Counter()
            for a, c in cost.items():
                windows[a // 256] += c
            print(f"\n(a0) inside fight_chunk: {total / n:.0f} instructions per trial, "
                  f"{len(runs)} distinct instructions over {span} bytes of code")
            print(f"  run once per trial {once / total:5.1%}, twice {twice / total:5.1%}, "
                  f"three times or more {more / total:5.1%}; the busiest 256-byte window "
                  f"{max(windows.values()) / total:5.1%}")


if __name__ == "__main__":
    main()
