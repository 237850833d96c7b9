"""Latency and throughput of ``odds serve``: server and clients on this machine.

Starts ``odds serve`` on 127.0.0.1 and a free port (the kernels load or compile
before ``/healthz`` says ready; nothing is timed before that), then sends a mix
of questions with 1 and with 4 concurrent clients, each client one request at
a time.  Prints per kind of question the latency percentiles (ms) and the
requests per second, and the page's own weight (its static files).

Kinds: ``exact`` a charge versus flee with 1 trial (the answer is its exact
values), ``combat`` a default combat (200 000 trials), ``flee`` a rally
question with 1 trial, ``emerge`` a default emergence (an empty table,
200 000 trials), ``matrix`` a 10 x 10 matchup matrix of built-in units (each
way, 20 000 trials a cell: 200 combats).  A matrix request takes seconds, so
each client sends at most ``--matrix-requests`` of them.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import numpy as np

LIST_A = ("empire_swordsmen", "empire_spearmen", "empire_halberdiers", "empire_knights",
          "dwarf_warriors", "dwarf_longbeards", "dwarf_hammerers", "high_elf_spearmen",
          "high_elf_swordmasters", "chaos_warriors")
LIST_B = ("orc_boyz", "black_orcs", "savage_orcs", "trolls", "vc_skeletons", "vc_zombies",
          "orc_boar_chariot", "chaos_chariot", "empire_ogres", "chaos_ettin")

QUESTIONS = {
    "exact": ("/api/charge", {"charger_move": 18, "target_move": 10, "distance": 20,
                              "edge_distance": 40, "trials": 1, "seed": 1}),
    "flee": ("/api/flee", {"move": 10, "edge_distance": 40, "ld": 7, "turns": 3, "trials": 1,
                           "seed": 1}),
    "combat": ("/api/combat", {"attacker": {"unit": "empire_swordsmen"},
                               "defender": {"unit": "orc_boyz"}, "trials": 200_000,
                               "seed": 1}),
    "emerge": ("/api/emerge", {"trials": 200_000, "seed": 1}),
    "matrix": ("/api/matrix", {"list_a": [{"unit": u} for u in LIST_A],
                               "list_b": [{"unit": u} for u in LIST_B],
                               "trials": 20_000, "seed": 1}),
}

GOALS = {"exact": "p95 < 300 ms", "flee": "p95 < 300 ms", "combat": "p95 < 1000 ms",
         "emerge": "none set", "matrix": "none set"}


def post(base: str, path: str, body: dict) -> float:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    t = time.perf_counter()
    with urllib.request.urlopen(req, timeout=300) as res:
        res.read()
        assert res.status == 200
    return time.perf_counter() - t


def wait_ready(base: str, seconds: float = 600) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=5) as res:
                if json.loads(res.read()).get("status") == "ready":
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"{base} not ready after {seconds} s")


def run(base: str, kind: str, clients: int, per_client: int) -> tuple[np.ndarray, float]:
    path, body = QUESTIONS[kind]
    times: list[float] = []
    lock = threading.Lock()

    def client() -> None:
        for _ in range(per_client):
            dt = post(base, path, body)
            with lock:
                times.append(dt)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    wall = time.perf_counter() - t
    return np.array(times), len(times) / wall


def page_weight() -> int:
    from odds.web.app import STATIC

    return sum(p.stat().st_size for p in STATIC.iterdir() if p.is_file())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=40, help="requests per client and kind")
    ap.add_argument("--quick", action="store_true", help="5 requests per client and kind")
    ap.add_argument("--matrix-requests", type=int, default=3,
                    help="matrix requests per client (default 3)")
    args = ap.parse_args()
    n = 5 if args.quick else args.requests
    print(f"load average at start: {os.getloadavg()}")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "odds", "serve", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        t = time.perf_counter()
        wait_ready(base)
        print(f"ready after {time.perf_counter() - t:.1f} s (kernels loaded or compiled)")
        for kind in QUESTIONS:  # one untimed request each: imports, first allocations
            post(base, *QUESTIONS[kind])
        print(f"{'kind':8} {'clients':>7} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} "
              f"{'req/s':>7}  goal")
        for clients in (1, 4):
            for kind in QUESTIONS:
                times, rate = run(base, kind, clients,
                                  min(n, args.matrix_requests) if kind == "matrix" else n)
                ms = times * 1000
                print(f"{kind:8} {clients:7d} {len(ms):4d} {np.percentile(ms, 50):8.1f} "
                      f"{np.percentile(ms, 95):8.1f} {ms.max():8.1f} {rate:7.1f}  "
                      f"{GOALS[kind]}")
    finally:
        proc.terminate()
        proc.wait(30)
    print(f"page weight (static files, before charts): {page_weight() / 1000:.1f} kB "
          f"(goal < 300 kB)")
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    main()
