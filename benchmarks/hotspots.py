"""Where the combat kernel spends its time, by source line: perf's clock samples, natively.

Run ``python benchmarks/hotspots.py ROW`` (ROW one of a, a0, b, s as in ``instructions.py``;
``--trials N``, default 2 000 000; about 30 s; needs ``perf`` and ``readelf`` on the PATH).

``instructions.py --lines`` counts instructions per line under valgrind; this samples the
native run's time instead (``perf record -e cpu-clock``, a software clock: no hardware
counters needed, so it works on this VM), which also shows where the instructions that
wait are -- a load that misses, a branch that mispredicts.  A sample's address is mapped to
its kernel source line with the line tables of ``instructions.py --lines`` (the kernels
compiled once more, into a cache of their own, with line tables only; the same optimised
machine code).  LLVM leaves some code without a line (moves and spills it made up): those
samples are also given to the nearest line before them, in the table by function.  A
sample lands on the instruction after the one that took the time, often on the next line.

Printed: the samples inside the kernel's code, by function (inlined helpers under their own
name) and by source line.  Issue 13 found the strike steps' scan this way (14 % of the
scenario's kernel time; ``CombatModel.strike_steps``).
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import instructions as ins  # noqa: E402  (the child script, line tables, sources)


def profile(row: str, trials: int, tmp: str, sources) -> tuple[collections.Counter,
                                                               collections.Counter, int, int]:
    """Samples per (file, line) and per function (line-less ones given to the line before)."""
    cache = os.path.join(tempfile.gettempdir(), "odds-native-numba-cache-lines")
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, NUMBA_NUM_THREADS="1")
    # compile (or load) the kernels with line tables first, so the sampled run only runs
    subprocess.run([sys.executable, "-c", ins.child(row, 1, lines=True)], env=env, check=True,
                   capture_output=True)
    dump = os.path.join(tmp, "kernel")
    data = os.path.join(tmp, "perf.data")
    subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", "20000", "-o", data,
                    sys.executable, "-c", ins.child(row, trials, dump, lines=True)],
                   env=env, check=True, capture_output=True)
    ips = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True,
                         text=True, check=True).stdout.split()
    base, size, starts, where = ins.kernel_lines(dump)
    per_line: collections.Counter = collections.Counter()
    per_function: collections.Counter = collections.Counter()
    inside = 0
    for ip in ips:
        off = int(ip, 16) - base
        if not 0 <= off < size:
            continue
        inside += 1
        line = ins.line_at(starts, where, off)
        per_line[line] += 1
        if not line[1]:  # code LLVM left without a line: the function of the line before it
            line = ins.line_at(starts, where, off, before=True)
        per_function[ins.function_of(sources, *line)] += 1
    return per_line, per_function, inside, len(ips)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("row", choices=ins.ROWS, help="bench_combat's a, a0, b; s the scenario")
    parser.add_argument("--trials", type=int, default=2_000_000,
                        help="trials sampled (10 000 - 100 000 000)")
    parser.add_argument("--top", type=int, default=30, help="lines and functions shown")
    args = parser.parse_args()
    if not 10_000 <= args.trials <= 100_000_000:
        sys.exit("hotspots.py: --trials must be between 10 000 and 100 000 000")
    for tool in ("perf", "readelf"):
        if shutil.which(tool) is None:
            sys.exit(f"hotspots.py: {tool} is not on the PATH")
    sources = ins.kernel_sources()
    with tempfile.TemporaryDirectory() as tmp:
        try:
            per_line, per_function, inside, total = profile(args.row, args.trials, tmp, sources)
        except subprocess.CalledProcessError as err:  # perf refused (perf_event_paranoid), ...
            tail = (err.stderr or b"")[-1500:]
            tail = tail.decode(errors="replace") if isinstance(tail, bytes) else tail
            sys.exit(f"hotspots.py: {' '.join(map(str, err.cmd[:3]))} ... failed "
                     f"(exit {err.returncode}):\n{tail}")
    if inside == 0:
        sys.exit("hotspots.py: no sample fell inside the kernel's code")
    print(f"({args.row}) {args.trials:,} trials, one thread: {inside} of {total} cpu-clock "
          "samples inside the combat kernel's code")
    print("\nby function (line-less samples given to the line before them)")
    for key, c in per_function.most_common(args.top):
        print(f"  {c / inside:6.1%}  {key}")
    print("\nby source line")
    for (f, line), c in per_line.most_common(args.top):
        print(f"  {c / inside:6.1%}  {f}:{line:<5d} {ins.source_text(sources, f, line)[:80]}")


if __name__ == "__main__":
    main()
