"""List building: equal-points sizing, matchup matrices, points efficiency, sweeps.

Conventions
-----------
* A *cell* is one two-unit combat fought to a result (the engine of
  :func:`odds.combat.fight`); unit A is the engine's attacker side and
  ``charger`` (``"a"``, ``"b"``, ``"none"``) says who charged.
* Tables are tidy long :class:`pandas.DataFrame` s, one row per cell, with the
  columns of :data:`~odds.listbuilding.cells.RESULT_COLUMNS` (a sweep adds one
  column per parameter in front).  ``lang="es"`` relabels them with the MDNR
  Spanish terms; every function here accepts tables in either language.
* Each cell's seed derives from the run's seed and the cell's key (unit names,
  charger, parameters) through a SHA-256 digest
  (:mod:`~odds.listbuilding.seeds`), so a run on Dask (``client=``) gives
  exactly the table of a local run, and a cell can be repeated alone with
  :func:`odds.combat.fight`.
* Long runs show a tqdm progress bar on stderr (``progress=None``: only when
  a run simulates more than :data:`~odds.listbuilding.runner.AUTO_PROGRESS_COMBATS`
  combats).
"""

from odds.listbuilding.cells import RESULT_COLUMNS, Cell
from odds.listbuilding.efficiency import efficiency
from odds.listbuilding.labels import LANGS, translate
from odds.listbuilding.lists import resolve_list
from odds.listbuilding.matrix import matchup_matrix
from odds.listbuilding.plot import efficiency_scatter, heatmap, sweep_plot
from odds.listbuilding.seeds import cell_key, cell_seed, run_entropy
from odds.listbuilding.sizing import buy
from odds.listbuilding.sweep import sweep

__all__ = [
    "LANGS",
    "RESULT_COLUMNS",
    "Cell",
    "buy",
    "cell_key",
    "cell_seed",
    "efficiency",
    "efficiency_scatter",
    "heatmap",
    "matchup_matrix",
    "resolve_list",
    "run_entropy",
    "sweep",
    "sweep_plot",
    "translate",
]
