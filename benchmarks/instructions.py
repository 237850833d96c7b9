"""Instructions per combat of the engine, counted by valgrind: a figure machine load cannot move.

Run ``python benchmarks/instructions.py`` (needs ``valgrind`` on the PATH; about 10 minutes
on 2 cores: under valgrind numba sees another CPU, so the script first compiles the kernels
for it once, uninstrumented, into its own ``NUMBA_CACHE_DIR``).

Timings on a shared 2-core machine spread by ±20 % (benchmarks/README.md); instruction
counts do not.  For each row -- (a) the reference round, (a0) its bookkeeping alone and
(b) the 20 v 20 full combat of ``bench_combat.py``, and (s) the scenario of
``bench_scenario.py`` -- the script runs the combat under ``valgrind --tool=callgrind``
twice, with 1 000 and 41 000 trials on one thread, and prints the difference over 40 000:
the instructions one more trial costs, the engine's set-up and Python's start cancelled out.
With ``--profile [ROW]`` (default a0) it instead counts the row's instructions inside the
code mapping of its combat kernel (``fight_chunk_plain`` for the plain pairs of (a), (a0)
and (b), ``fight_chunk_core`` for (s): :func:`odds.combat.api.kernel_for`), which holds the
kernel and the helpers it calls: how many distinct instructions run, over how many bytes,
how often each runs per trial -- the shape of the bookkeeping (one pass over much code, or a
hot loop) -- and the code's footprint, the instructions run at least once per 100 trials
and the 64-byte lines holding them.
With ``--lines ROW`` it attributes a row's instructions to the kernel files' source lines and
functions: the kernels are compiled once more, into a cache of their own, with line tables
only (numba's ``debuginfo`` with ``dbg_directives_only``, bounds checks and extended variable
lifetimes off, so the machine code is the optimised one: the same speed natively and the same
count, within the spread below), and each executed address is mapped to its line with
``readelf`` (binutils).

The counts are of the code numba compiles for the CPU valgrind reports (``haswell``:
AVX2, no AVX-512), not the natively compiled code, so they are a measure of work for
comparing two versions of the engine, not a prediction of time.
"""

from __future__ import annotations

import argparse
import ast
import bisect
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

ROWS = ("a", "a0", "b", "s")  # bench_combat.py's rows and bench_scenario.py's scenario (b)
WARMUP = 1_000  # trials the child runs before the counted ones (they are counted too)

# run inside valgrind: build the row's model, warm up, then time nothing -- just run
_CHILD = r"""
import sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {here!r})
import numba
{lines_hook}
from bench_combat import row_model
from bench_core import code_mapping
from bench_scenario import scenario_b
from odds.combat.api import kernel_for, simulate
row, n, dump = {row!r}, {n}, {dump!r}
model = scenario_b() if row == "s" else row_model(row)
numba.set_num_threads(1)
simulate(model, {warmup}, 1)
if dump:
    (sig, cres), = kernel_for(model).overloads.items()
    addr = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
    open(dump + ".addr", "w").write(hex(addr) + " " + cres.fndesc.llvm_func_name)
    lo, hi, _ = code_mapping(addr)  # the kernel and the helpers it calls
    open(dump + ".map", "w").write(f"{{lo}} {{hi}}")
    if OBJECTS:
        open(dump + ".o", "wb").write(OBJECTS[cres.library.name])
simulate(model, n, 0xC0FFEE)
"""

# --lines: every kernel compiled with line tables only (the optimised machine code), and the
# object code numba hands to LLVM's JIT kept, to map addresses to source lines
_LINES_HOOK = r"""
from numba.core import codegen, compiler, dispatcher
compiler.Flags.options["dbg_directives_only"]._default = True  # line tables, nothing else
_init = dispatcher.Dispatcher.__init__
def init(self, py_func, locals=None, targetoptions=None, **kw):
    if py_func.__module__.startswith("odds."):  # the package's kernels, not numba's own
        targetoptions = dict(targetoptions or {{}}, debug=True, boundscheck=False,
                             _dbg_extend_lifetimes=False)
    _init(self, py_func, locals, targetoptions, **kw)
dispatcher.Dispatcher.__init__ = init
OBJECTS = {{}}
_set_object = codegen.CPUCodeLibrary._set_compiled_object
def keep_object(self, value):
    OBJECTS[self.name] = bytes(value)
    return _set_object(self, value)
codegen.CPUCodeLibrary._set_compiled_object = keep_object
"""


def child(row: str, n: int, dump: str = "", lines: bool = False) -> str:
    """The script one counted run executes."""
    return _CHILD.format(root=ROOT, here=HERE, row=row, n=n, dump=dump, warmup=WARMUP,
                         lines_hook=_LINES_HOOK.format() if lines else "OBJECTS = {}")


def valgrind_env(cache: str) -> dict[str, str]:
    """The environment of a run under valgrind: numba's cache ``cache``, one thread."""
    return dict(os.environ, NUMBA_CACHE_DIR=cache, NUMBA_NUM_THREADS="1")


def compile_for_valgrind(cache: str, lines: bool = False) -> None:
    """Compile the kernels into ``cache`` for valgrind's CPU, once, without instrumentation.

    Callgrind would take several times longer to run numba's compiler, and a counted run that
    compiles is refused (:func:`callgrind`).
    """
    os.makedirs(cache, exist_ok=True)
    for row in ("b", "s"):  # the plain-pair kernel, the general one
        subprocess.run(["valgrind", "--tool=none", "--smc-check=all-non-file", sys.executable,
                        "-c", child(row, 1, lines=lines)], env=valgrind_env(cache),
                       capture_output=True, check=True)


def callgrind(row: str, n: int, cache: str, out: str, dump: str = "", lines: bool = False) -> int:
    """Instructions of one run under callgrind (``--dump-instr`` when ``dump``)."""
    code = child(row, n, dump, lines)
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
           "--smc-check=all-non-file", *(["--dump-instr=yes"] if dump else []),
           sys.executable, "-c", code]
    res = subprocess.run(cmd, env=valgrind_env(cache), capture_output=True, text=True,
                         check=True)
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


KERNEL_DIRS = ("odds/combat", "odds")


def line_table(obj: str) -> tuple[list[int], list[tuple[str, int]]]:
    """The object's line table: sorted start offsets and the (file, line) each starts.

    A row holds up to the next one; line 0 is code with no source line (register spills,
    moves LLVM made up).
    """
    text = subprocess.run(["readelf", "--debug-dump=decodedline", obj], capture_output=True,
                          text=True, check=True).stdout
    rows = sorted((int(m.group(3), 0), m.group(1), int(m.group(2))) for m in
                  re.finditer(r"^(\S+\.py)\s+(\d+)\s+(0x[0-9a-f]+|\d+)", text, re.M))
    return [r[0] for r in rows], [(r[1], r[2]) for r in rows]


def symbol_offset(obj: str, name: str) -> int:
    """Where symbol ``name`` starts in the object's code section."""
    text = subprocess.run(["readelf", "-sW", obj], capture_output=True, text=True,
                          check=True).stdout
    for line in text.splitlines():
        tok = line.split()
        if len(tok) >= 8 and tok[7] == name:
            return int(tok[1], 16)
    raise RuntimeError(f"symbol {name} not in {obj}")


def kernel_sources() -> dict[str, tuple[list[str], list[tuple[int, int, str]]]]:
    """Per file name in the line table, its source lines and its functions' line spans.

    The line table names files without their folder; a name in ``odds/combat`` (the
    combat engine) stands before the same name in ``odds``.
    """
    sources: dict[str, tuple[list[str], list[tuple[int, int, str]]]] = {}
    for d in KERNEL_DIRS:
        for f in sorted(os.listdir(os.path.join(ROOT, d))):
            if f.endswith(".py") and f not in sources:
                text = open(os.path.join(ROOT, d, f), encoding="utf-8").read()
                sources[f] = (text.splitlines(), [
                    (node.lineno, node.end_lineno or node.lineno, node.name)
                    for node in ast.walk(ast.parse(text)) if isinstance(node, ast.FunctionDef)])
    return sources


def kernel_lines(dump: str) -> tuple[int, int, list[int], list[tuple[str, int]]]:
    """The dumped kernel object's ``(base, size, starts, where)``.

    ``base``: the address of the object's offset 0 in the process that dumped it;
    ``size``: the object's size; ``starts`` and ``where``: its :func:`line_table`.
    """
    addr, name = open(dump + ".addr").read().split()
    starts, where = line_table(dump + ".o")
    base = int(addr, 16) - symbol_offset(dump + ".o", name)
    return base, os.path.getsize(dump + ".o"), starts, where


def line_at(starts: list[int], where: list[tuple[str, int]], off: int,
            before: bool = False) -> tuple[str, int]:
    """``(file, line)`` of object offset ``off``; ``("(no line)", 0)`` for code without one.

    ``before``: code without a line is given the nearest line before it instead.
    """
    i = bisect.bisect_right(starts, off) - 1
    while before and i >= 0 and not where[i][1]:
        i -= 1
    return where[i] if i >= 0 and where[i][1] else ("(no line)", 0)


def function_of(sources, f: str, line: int) -> str:
    """``file:function`` holding ``line`` (the innermost), ``file:?``, or ``(no line)``."""
    if f == "(no line)":
        return f
    inside = [s for s in sources.get(f, ([], []))[1] if s[0] <= line <= s[1]]
    return f"{f}:{min(inside, key=lambda s: s[1] - s[0])[2] if inside else '?'}"


def source_text(sources, f: str, line: int) -> str:
    """The text of ``line`` of kernel file ``f`` (empty for no line)."""
    return sources[f][0][line - 1].strip() if line and f in sources else ""


def lines_report(row: str, tmp: str, top: int = 25) -> None:
    """Print a row's instructions per trial by kernel function and by source line."""
    cache = os.path.join(tempfile.gettempdir(), "odds-valgrind-numba-cache-lines")
    compile_for_valgrind(cache, lines=True)
    dump = os.path.join(tmp, "kernel")
    out = os.path.join(tmp, "prof")
    large = 41_000
    callgrind(row, large, cache, out, dump, lines=True)
    base, size, starts, where = kernel_lines(dump)
    cost = per_address(out, base, size)
    n = large + WARMUP
    per_line: collections.Counter = collections.Counter()
    for off, c in cost.items():
        per_line[line_at(starts, where, off)] += c
    sources = kernel_sources()
    per_function: collections.Counter = collections.Counter()
    for (f, line), c in per_line.items():
        per_function[function_of(sources, f, line)] += c
    total = sum(cost.values())
    print(f"({row}) in the combat kernel's code: {total / n:.0f} instructions per trial "
          f"(callgrind, {large} trials, line tables from readelf)")
    print("\nby function (inlined helpers under their own name)")
    for key, c in per_function.most_common(top):
        print(f"  {c / n:8.1f}  {c / total:5.1%}  {key}")
    print("\nby source line")
    for (f, line), c in per_line.most_common(top):
        print(f"  {c / n:8.1f}  {f}:{line:<5d} {source_text(sources, f, line)[:80]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", nargs="?", const="a0", choices=ROWS,
                        help="attribute a row's instructions inside the kernel instead "
                             "(default a0)")
    parser.add_argument("--lines", choices=ROWS,
                        help="attribute a row's instructions to source lines and functions")
    args = parser.parse_args()
    for tool in ("valgrind", *(("readelf",) if args.lines else ())):
        if shutil.which(tool) is None:
            sys.exit(f"instructions.py: {tool} is not on the PATH")
    if args.lines:
        with tempfile.TemporaryDirectory() as tmp:
            lines_report(args.lines, tmp)
        return
    cache = os.path.join(tempfile.gettempdir(), "odds-valgrind-numba-cache")
    compile_for_valgrind(cache)
    small, large = 1_000, 41_000
    with tempfile.TemporaryDirectory() as tmp:
        if not args.profile:
            print("instructions per trial (callgrind; 41 000 trials less 1 000, one thread)")
        for row, what in (("a", "(a) reference round"), ("a0", "(a0) its bookkeeping alone"),
                          ("b", "(b) 20 v 20 full combat"),
                          ("s", "(s) bench_scenario's scenario")):
            if args.profile:
                break
            lo = callgrind(row, small, cache, os.path.join(tmp, "lo"))
            hi = callgrind(row, large, cache, os.path.join(tmp, "hi"))
            print(f"  {what:32s} {(hi - lo) / (large - small):9.0f}")
        if args.profile:
            row = args.profile
            dump = os.path.join(tmp, "kernel")
            out = os.path.join(tmp, "prof")
            callgrind(row, large, cache, out, dump)
            lo, hi = (int(x) for x in open(dump + ".map").read().split())
            cost = per_address(out, lo, hi - lo)
            n = large + WARMUP
            total = sum(cost.values())
            runs = [c / n for c in cost.values() if c]
            once = sum(c for c in cost.values() if 0.5 <= c / n < 1.5)
            twice = sum(c for c in cost.values() if 1.5 <= c / n < 3)
            more = sum(c for c in cost.values() if c / n >= 3)
            span = max(a for a, c in cost.items() if c) - min(a for a, c in cost.items() if c)
            windows: collections.Counter = collections.Counter()
            for a, c in cost.items():
                windows[a // 256] += c
            # the code a trial runs: instructions run at least once in 100 trials, and the
            # 64-byte lines holding them (what instruction caches hold)
            hot = [a for a, c in cost.items() if c / n >= 0.01]
            lines = {a // 64 for a in hot}
            print(f"\n({row}) in the kernel's code mapping: {total / n:.0f} instructions per "
                  f"trial, {len(runs)} distinct instructions over {span} bytes of code")
            print(f"  run once per trial {once / total:5.1%}, twice {twice / total:5.1%}, "
                  f"three times or more {more / total:5.1%}; the busiest 256-byte window "
                  f"{max(windows.values()) / total:5.1%}")
            print(f"  footprint: {len(hot)} instructions run at least once per 100 trials, "
                  f"in {len(lines)} lines of 64 bytes ({64 * len(lines) / 1024:.1f} KiB)")


if __name__ == "__main__":
    main()
