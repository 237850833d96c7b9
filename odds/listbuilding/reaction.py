"""The charged unit's reaction: hold and fight, or flee (RULES.md §5.3, §4.1, §4.2).

A unit that is charged may hold (the combat of :func:`odds.combat.fight`) or
flee: it runs 5D6 cm (8D6 if its M is over 15 cm or it flies) and is caught
and destroyed if the charger's 2 M covers the gap plus the roll; a roll that
reaches the table edge behind it takes it off the table; otherwise it
escapes, and rallies at the start of its next turn on 2D6 <= Ld (+1 with a
musician, at most 10; 3D6 less the highest die for ``cold_blooded``).  A
charger that must pass a fear or terror test to charge (RULES.md §3.3) and
fails it does not charge at all, whatever the reaction would have been.

:func:`reaction_table` gives both answers from the charged unit's side, one
row per fate, in two columns that each sum to 1 over the main rows:

========================  =============================  ===========================
row                       hold (simulated combat)         flee (exact)
========================  =============================  ===========================
``wins``                  the charger breaks or dies      —
``destroyed_or_caught``   destroyed, or broken and caught caught by the charge
``escaped``               broken and escaped              escaped the charge
``rallied_next_turn``     —                               escaped and rallied (part
                                                          of ``escaped``)
``off_table``             —                               fled off the table
``unresolved``            still fighting                  —
``no_combat``             the charger failed its test    the charger failed its test
========================  =============================  ===========================
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from odds import dice
from odds import validation as v
from odds.charge import Charge
from odds.charge import exact as flee_exact
from odds.combat.api import charge_exact
from odds.i18n import agree, pct
from odds.units import Unit

__all__ = ["REACTIONS", "ROWS", "reaction_table"]

REACTIONS = ("hold", "flee", "both")
"""``--reaction`` choices."""

ROWS = ("wins", "destroyed_or_caught", "escaped", "rallied_next_turn", "off_table",
        "unresolved", "no_combat")
"""Rows of :func:`reaction_table` (``rallied_next_turn`` is part of ``escaped``)."""

SUMMED = tuple(r for r in ROWS if r != "rallied_next_turn")
"""Rows that sum to 1 in each column."""

LABELS = {
    "en": {"wins": "wins the combat", "destroyed_or_caught": "destroyed or caught",
           "escaped": "fled and escaped", "rallied_next_turn": "  of which rallied next turn",
           "off_table": "fled off the table", "unresolved": "still fighting (unresolved)",
           "no_combat": "no charge (charger failed fear/terror)",
           "hold": "hold (simulated)", "flee": "flee (exact)", "fate": "charged unit"},
    "es": {"wins": "gana el combate", "destroyed_or_caught": "aniquilada o atrapada",
           "escaped": "huye y escapa", "rallied_next_turn": "  de ellas se reagrupa en su turno",
           "off_table": "huye fuera de la mesa", "unresolved": "sigue luchando (sin resolver)",
           "no_combat": "no hay carga (falla el miedo o el terror)",
           "hold": "aguanta (simulado)", "flee": "huye (exacto)", "fate": "unidad cargada"},
}
"""Row and column labels, by language."""


def labels(charged: str, lang: str) -> dict[str, str]:
    """:data:`LABELS` in ``lang``, the Spanish words agreeing with the ``charged`` unit.

    ``Guerreros orcos``: *ganan el combate*, *aniquilados o atrapados*, *aguantan*.
    """
    words = dict(LABELS[lang])
    if lang != "es":
        return words

    def a(key: str) -> str:
        return agree(charged, key)
    plural = a("won") == "ganan"
    words.update({
        "wins": f"{a('won')} el combate",
        "destroyed_or_caught": f"{a('destroyed')} o {a('caught')}",
        "escaped": f"{a('fled')} y {a('escaped')}",
        "rallied_next_turn": f"  {'de ellos ' if plural else ''}{a('rallies')} en su turno",
        "off_table": f"{a('fled')} fuera de la mesa",
        "unresolved": f"{'siguen' if plural else 'sigue'} luchando (sin resolver)",
        "hold": f"{a('holds')} (simulado)", "flee": f"{a('fled')} (exacto)",
    })
    return words


def _hold(result: Any, charged: str) -> dict[str, float]:
    """The charged unit's fates in a simulated combat (a :class:`CombatResult`)."""
    o = result.outcomes.set_index("outcome")["probability"]
    other = "attacker" if charged == "defender" else "defender"
    return {
        "wins": float(o[[f"{other}_wiped", f"{other}_caught", f"{other}_escaped"]].sum()),
        "destroyed_or_caught": float(o[f"{charged}_wiped"] + o[f"{charged}_caught"]),
        "escaped": float(o[f"{charged}_escaped"]), "rallied_next_turn": float("nan"),
        "off_table": 0.0, "unresolved": float(o["unresolved"]),
        "no_combat": float(o["no_combat"]),
    }


def rally_probability(unit: Unit) -> float:
    """P(2D6 <= Ld, +1 with a musician, at most 10): a full unit rallying (RULES.md §4.2)."""
    ld = min(10, unit.profile.Ld + (1 if unit.command.musician else 0))
    return dice.p_at_most(dice.leadership_pmf(unit.has("cold_blooded")), ld)


def flee_fates(charger: Unit, charged: Unit, distance: float,
               edge_distance: float | None, p_refused: float) -> dict[str, float]:
    """Exact fates of a charged unit that flees (module notes)."""
    if charger.random_move:
        raise v.OddsInputError(f"reaction: {charger.name!r} charges with a random move "
                               f"({charger.random_move}); flee odds need a fixed M")
    c = Charge(charger.profile.M, charged.profile.M, distance,
               target_flies=charged.has("flying"), edge_distance=edge_distance)
    ex = flee_exact(c)
    go = 1.0 - p_refused
    return {
        "wins": 0.0, "destroyed_or_caught": go * ex["caught"], "escaped": go * ex["escaped"],
        "rallied_next_turn": go * ex["escaped"] * rally_probability(charged),
        "off_table": go * ex["off_table"], "unresolved": 0.0, "no_combat": p_refused,
    }


def reaction_table(result: Any, attacker: Unit, defender: Unit,
                   edge_distance: float | None = None) -> pd.DataFrame:
    """Hold versus flee for the charged unit of a fought combat, one row per fate.

    Parameters
    ----------
    result : odds.combat.api.CombatResult
        A :func:`odds.combat.fight` result with a charger (the ``hold`` column).
    attacker, defender : Unit
        The two units ``result`` fought.
    edge_distance : float, optional
        cm from the charged unit to the table edge behind it (None: far away).

    Returns
    -------
    pandas.DataFrame
        Index :data:`ROWS`, columns ``hold`` and ``flee`` (NaN where a row
        does not apply); ``attrs`` holds ``charged`` and ``charger`` (names).
    """
    i = result.inputs
    charger_side = i["options"].charger
    if charger_side not in ("attacker", "defender"):
        raise v.OddsInputError("reaction: needs a charger (--charger attacker or defender); "
                               f"got {charger_side!r}")
    charged_side = "defender" if charger_side == "attacker" else "attacker"
    model = result.extra["model"]
    units = {"attacker": attacker, "defender": defender}
    refused = charge_exact(model)["p_refused"] if i["options"].charge_tests else 0.0
    flee = flee_fates(units[charger_side], units[charged_side], i["options"].distance,
                      edge_distance, refused)
    table = pd.DataFrame({"hold": _hold(result, charged_side), "flee": flee}).reindex(ROWS)
    table.loc[["wins", "unresolved"], "flee"] = float("nan")
    table.loc[["rallied_next_turn", "off_table"], "hold"] = float("nan")
    table.attrs.update({"charged": units[charged_side].name,
                        "charger": units[charger_side].name})
    return table


def headline(table: pd.DataFrame, lang: str = "en") -> str:
    """One sentence: the charged unit's odds if it holds and if it flees."""
    t, who = table, table.attrs["charged"]
    h, f = t["hold"], t["flee"]
    if lang == "es":
        def a(key: str) -> str:
            return agree(str(who), key)
        return (f"Si {who} {a('holds')}: {a('won')} {pct(h['wins'], lang)}, {a('destroyed')} "
                f"o {a('caught')} {pct(h['destroyed_or_caught'], lang)}; si {a('fled')}: "
                f"{a('caught')} {pct(f['destroyed_or_caught'], lang)}, {a('escaped')} "
                f"{pct(f['escaped'], lang)} "
                f"({a('rallies')} en su turno {pct(f['rallied_next_turn'], lang)}), fuera de la "
                f"mesa {pct(f['off_table'], lang)}.")
    return (f"If the {who} hold: they win {pct(h['wins'])}, are destroyed or caught "
            f"{pct(h['destroyed_or_caught'])}; if they flee: caught "
            f"{pct(f['destroyed_or_caught'])}, escape {pct(f['escaped'])} (rally next turn "
            f"{pct(f['rallied_next_turn'])}), off the table {pct(f['off_table'])}.")


def plot(table: pd.DataFrame, lang: str = "en", ax: Any = None) -> Any:
    """Side-by-side bars of the hold and flee columns, one group per fate."""
    import matplotlib.pyplot as plt
    import numpy as np

    from odds.plot import decimal_mark

    words = labels(str(table.attrs.get("charged", "")), lang)
    if ax is None:
        _, ax = plt.subplots(figsize=(8.0, 4.5))
    rows = [r for r in ROWS if not table.loc[r].isna().all()]
    x = np.arange(len(rows))
    for k, col in enumerate(("hold", "flee")):
        values = table.loc[rows, col].fillna(0.0).to_numpy()
        ax.bar(x + (k - 0.5) * 0.38, values, width=0.38, label=words[col])
    ax.set_xticks(x, [words[r].strip() for r in rows], rotation=25, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel({"es": "probabilidad"}.get(lang, "probability"))
    ax.grid(axis="y", alpha=0.3)
    ax.legend()
    title = (f"{table.attrs['charged']}: aguantar o huir de {table.attrs['charger']}"
             if lang == "es" else
             f"{table.attrs['charged']}: hold or flee from {table.attrs['charger']}")
    ax.set_title(title)
    ax.figure.tight_layout()
    decimal_mark(ax.figure, lang)
    return ax
