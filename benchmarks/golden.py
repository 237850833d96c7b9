"""The golden JSON: fixed questions with fixed seeds, written to a folder or compared with one.

A refactor that keeps the dice and their order keeps every byte of these answers::

    .venv/bin/python benchmarks/golden.py write /tmp/golden-before    # on the old commit
    .venv/bin/python benchmarks/golden.py check /tmp/golden-before    # on the new one

``check`` exits 1 and names each file that differs (or is missing). The questions cover the
two-unit combat (plain pairs and the general kernel: characters, fear, frenzy, chariots,
monsters), every combat scenario of ``odds/examples``, the roster matrix, charge, pursuit,
flight and emergence. Each runs in its own ``odds`` process, as a player would run it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EX = ROOT / "odds" / "examples"
TRIALS = "40000"

QUESTIONS: dict[str, list[str]] = {
    "combat_swords_boyz": ["combat", "empire_swordsmen", "orc_boyz"],
    "combat_halberds_warriors": ["combat", "empire_halberdiers", "chaos_warriors",
                                 "--charger", "defender"],
    "combat_knights_spears": ["combat", "empire_knights", "high_elf_spearmen"],
    "combat_trolls_skeletons": ["combat", "trolls", "vc_skeletons"],
    "combat_zombies_savages": ["combat", "vc_zombies", "savage_orcs", "--charger", "none"],
    "combat_chariot_longbeards": ["combat", "chaos_chariot", "dwarf_longbeards"],
    "combat_ettin_hammerers": ["combat", "chaos_ettin", "dwarf_hammerers",
                               "--attacker-face", "flank"],
    "combat_ogres_swordmasters": ["combat", "empire_ogres", "high_elf_swordmasters",
                                  "--defender-bsb", "--attacker-bonus", "1"],
    "combat_boar_chariot_black_orcs": ["combat", "orc_boar_chariot", "black_orcs",
                                       "--distance", "20"],
    "combat_my_unit_warriors": ["combat", str(EX / "my_unit.toml"), "dwarf_warriors",
                                "--attacker-face", "rear"],
    "scenario_benchmark": ["combat", "--scenario", str(EX / "combat_benchmark.toml")],
    "scenario_flank": ["combat", "--scenario", str(EX / "combat_flank_charge.toml")],
    "scenario_heroes": ["combat", "--scenario", str(EX / "combat_heroes.toml")],
    "matrix_rosters": ["matrix", str(EX / "my_list.ros"), str(EX / "their_list.ros"),
                       "--trials", "4000", "--no-progress"],
    "charge": ["charge", "--charger-move", "18", "--target-move", "10", "--distance", "20",
               "--edge-distance", "40"],
    "pursue": ["pursue", "--pursuer-move", "20", "--fleer-move", "10"],
    "flee": ["flee", "--move", "10", "--edge-distance", "40", "--ld", "7", "--turns", "3"],
    "emerge": ["emerge", "--scenario", str(EX / "emergence_ambush.toml")],
}
"""File stem → the ``odds`` command line (``--seed``, ``--format json`` and, unless given,
``--trials`` are added)."""


def answer(args: list[str]) -> bytes:
    """What ``odds ARGS --seed 1 --format json`` prints."""
    cmd = [sys.executable, "-m", "odds", *args, "--seed", "1", "--format", "json"]
    if "--trials" not in args:
        cmd += ["--trials", TRIALS]
    done = subprocess.run(cmd, capture_output=True, cwd=ROOT, check=False)
    if done.returncode:
        raise SystemExit(f"odds {' '.join(args)}: exit {done.returncode}\n"
                         f"{done.stderr.decode(errors='replace')}")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    """Write the answers to a folder, or compare them with the ones there."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", choices=["write", "check"])
    p.add_argument("folder", type=Path)
    p.add_argument("--only", nargs="+", choices=sorted(QUESTIONS), default=sorted(QUESTIONS))
    a = p.parse_args(argv)
    a.folder.mkdir(parents=True, exist_ok=True)
    differ = []
    for stem in a.only:
        out, path = answer(QUESTIONS[stem]), a.folder / f"{stem}.json"
        if a.mode == "write":
            path.write_bytes(out)
        elif not path.exists() or path.read_bytes() != out:
            differ.append(stem)
        said = "written" if a.mode == "write" else "DIFFERS" if stem in differ else "same"
        print(f"{stem}: {said}")
    if differ:
        print(f"{len(differ)} of {len(a.only)} answers differ: {', '.join(differ)}")
        return 1
    print(f"{len(a.only)} answers {'written' if a.mode == 'write' else 'byte-identical'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
