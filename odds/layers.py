"""The package's layers, lowest first: a module imports only from its own layer or below.

=====  ====================  ===========================================================
Layer  Name                  Modules
=====  ====================  ===========================================================
0      foundations           ``validation``, ``vocabulary``, ``_version``, ``_numba_fast``,
                             ``_jit``, ``_faces``, ``_shapes``, ``dice``, ``rng``, ``results``
1      rules                 ``rules``, ``armies``, ``special_rules`` (the specs)
2      units and characters  ``units``, ``characters``
3      army books            ``battlescribe``, ``unit_reference``, ``i18n``, ``help_es``
                             (the message tables, which name the imported rules)
4      scenario data         ``scenario`` (with the combat options)
5      combat model          ``combat.model``
6      kernels               ``combat.variants``, ``blows``, ``fighters``, ``giants``,
                             ``censers``, ``explosions``, ``psychology``, ``resolution``,
                             ``strike_steps``, ``kernel``
7      api and exact         ``combat`` (the package), ``combat.api``, ``exact``,
                             ``challenge``, ``multiple``, ``plot``; ``charge``,
                             ``pursuit``, ``flight``, ``emergence``, ``plot``
8      list building         ``listbuilding``
9      commands and web      ``commands``, ``cli``, ``__main__``, ``web``
10     public API            ``odds`` itself (:mod:`odds` re-exports, lazily)
=====  ====================  ===========================================================

:data:`LAYERS` is the table as data; ``tests/test_layers.py`` walks every module's
imports (those inside functions too, not those under ``if TYPE_CHECKING:``) and fails on an
import from a higher layer, a module in no layer, or an import cycle.  A module belongs to
the layer of the longest prefix that names it.
"""

from __future__ import annotations

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundations", ("odds.validation", "odds.vocabulary", "odds._numba_fast", "odds._jit",
                     "odds._faces", "odds._shapes", "odds.dice", "odds.rng", "odds.results",
                     "odds.layers", "odds._version")),
    ("rules", ("odds.rules", "odds.armies", "odds.special_rules")),
    ("units and characters", ("odds.units", "odds.characters")),
    ("army books", ("odds.battlescribe", "odds.unit_reference", "odds.i18n", "odds.help_es")),
    ("scenario data", ("odds.scenario",)),
    ("combat model", ("odds.combat.model",)),
    ("kernels", ("odds.combat.variants", "odds.combat.blows", "odds.combat.fighters",
                 "odds.combat.giants", "odds.combat.censers", "odds.combat.explosions",
                 "odds.combat.psychology",
                 "odds.combat.resolution", "odds.combat.strike_steps", "odds.combat.kernel")),
    ("api and exact", ("odds.combat", "odds.charge", "odds.pursuit", "odds.flight",
                       "odds.emergence", "odds.plot")),
    ("list building", ("odds.listbuilding",)),
    ("commands and web", ("odds.commands", "odds.cli", "odds.__main__", "odds.web")),
    ("public API", ("odds",)),
)
"""(layer name, module prefixes), lowest layer first."""


def layer_of(module: str) -> int:
    """The layer (index into :data:`LAYERS`) of a module of the package, by longest prefix.

    ``ValueError`` for a module no prefix names.
    """
    best, best_len = -1, -1
    for k, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = k, len(prefix)
    if best < 0:
        raise ValueError(f"{module}: in no layer of odds.layers.LAYERS")
    return best
