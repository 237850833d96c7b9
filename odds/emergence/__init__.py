"""Underground emergence ("Salir desde abajo", RULES.md §6, MDNR chapter 55).

A unit that tunnels places a marker after deployment, arrives on turn 2..5
(4+, 3+, 2+, automatic) and scatters like a stone-thrower shot: artillery die
(2..10 scaled to cm, or a misfire) plus scatter die (HIT on 2 faces).

Conventions (stated once here)
------------------------------
* Distances in cm, origin at the table's lower-left corner; footprints are
  rotated rectangles, ``angle`` in degrees counter-clockwise, ``0`` = facing
  ``+y`` (see :mod:`odds.emergence.model`).
* Closed sets: a point on a table edge is on the table; a point on a
  footprint edge is under it.  A point under several footprints takes the
  first: enemy units (scenario order), then friends, then terrain.
* "Nearest side" is judged in the enemy unit's own frame: the side at the
  smallest distance from the marker point; ties go front, flank, rear.
* Under a friend or impassable terrain the unit is ``displaced`` to the nearest
  point of that footprint's boundary.
* Misfire 5-6 (``enemy_placed``): the enemy puts the marker at
  ``enemy_marker``, or by default at the table corner farthest from its own
  units; the unit cannot move that turn.  It is one outcome of the partition;
  where that point lands is reported separately.
* Inputs are immutable (frozen dataclasses); every stochastic function takes
  ``seed`` and results are bit-identical for a given ``(seed, trials)``
  whatever the thread count.
"""

from odds.emergence.api import (
    BASE_OUTCOMES,
    EmergenceResult,
    arrival_fractions,
    arrival_table,
    classify_point,
    emerge,
    exact_outcomes,
    outcome_names,
    placement_grid,
    placement_map,
)
from odds.emergence.model import (
    FACES,
    Rect,
    Scenario,
    Table,
    Terrain,
    Unit,
    example_path,
    load_scenario,
    localised,
    make_scenario,
    parse_point,
    parse_table,
)
from odds.emergence.plot import plot_landing, plot_placement, plot_scenario

__all__ = [
    "BASE_OUTCOMES",
    "FACES",
    "EmergenceResult",
    "Rect",
    "Scenario",
    "Table",
    "Terrain",
    "Unit",
    "arrival_fractions",
    "arrival_table",
    "classify_point",
    "emerge",
    "exact_outcomes",
    "example_path",
    "load_scenario",
    "localised",
    "make_scenario",
    "outcome_names",
    "parse_point",
    "parse_table",
    "placement_grid",
    "placement_map",
    "plot_landing",
    "plot_placement",
    "plot_scenario",
]
