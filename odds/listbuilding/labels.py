"""Column and value labels of list-building tables and plots, in English or Spanish.

Tables are built with the English column names below (the names the code and
the tests use); :func:`translate` relabels a table for display and
:func:`canonical` turns a Spanish table back.  The Spanish labels use the MDNR
terms: *Resultado del combate*, *Bajas*, *Carga*, *Puntos*, *Huye*,
*Destruida*, *Atrapada* (``../shared/sources/``).
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from odds.validation import OddsInputError

__all__ = ["COLUMNS", "LANGS", "VALUES", "canonical", "check_lang", "label", "translate"]

LANGS = ("en", "es")
"""Supported label languages."""

COLUMNS: Mapping[str, Mapping[str, str]] = {
    "unit_a": {"en": "Unit A", "es": "Unidad A"},
    "unit_b": {"en": "Unit B", "es": "Unidad B"},
    "charger": {"en": "Charge", "es": "Carga"},
    "points_a": {"en": "Points A", "es": "Puntos A"},
    "points_b": {"en": "Points B", "es": "Puntos B"},
    "models_a": {"en": "Models A", "es": "Miniaturas A"},
    "models_b": {"en": "Models B", "es": "Miniaturas B"},
    "p_a_wins": {"en": "P(A wins)", "es": "P(gana A)"},
    "p_b_wins": {"en": "P(B wins)", "es": "P(gana B)"},
    "p_unresolved": {"en": "P(unresolved)", "es": "P(sin resolver)"},
    "p_no_combat": {"en": "P(no combat)", "es": "P(sin combate)"},
    "p_fled_at_charge": {"en": "P(charged unit fled)", "es": "P(la unidad cargada huye)"},
    "margin_sd": {"en": "Combat result A−B, s.d.", "es": "Resultado del combate A−B, desv."},
    "casualties_a_sd": {"en": "Casualties A, s.d.", "es": "Bajas A, desv."},
    "casualties_b_sd": {"en": "Casualties B, s.d.", "es": "Bajas B, desv."},
    "p_a_destroyed": {"en": "P(A destroyed)", "es": "P(A destruida)"},
    "p_a_caught": {"en": "P(A caught)", "es": "P(A atrapada)"},
    "p_a_flees": {"en": "P(A flees)", "es": "P(A huye)"},
    "p_b_destroyed": {"en": "P(B destroyed)", "es": "P(B destruida)"},
    "p_b_caught": {"en": "P(B caught)", "es": "P(B atrapada)"},
    "p_b_flees": {"en": "P(B flees)", "es": "P(B huye)"},
    "margin": {"en": "Combat result A−B (round 1)",
               "es": "Resultado del combate A−B (1.er turno)"},
    "casualties_a": {"en": "Casualties A (models)", "es": "Bajas A (miniaturas)"},
    "casualties_b": {"en": "Casualties B (models)", "es": "Bajas B (miniaturas)"},
    "casualties_points_a": {"en": "Casualties A (points)", "es": "Bajas A (puntos)"},
    "casualties_points_b": {"en": "Casualties B (points)", "es": "Bajas B (puntos)"},
    "approximated": {"en": "Approximated", "es": "Aproximada"},
    # swept parameters
    "models": {"en": "Models", "es": "Miniaturas"},
    "files": {"en": "Files", "es": "Columnas"},
    "weapon": {"en": "Weapon", "es": "Arma"},
    "armour": {"en": "Armour", "es": "Armadura"},
    "shield": {"en": "Shield", "es": "Escudo"},
    "barding": {"en": "Barding", "es": "Barda"},
    "trials": {"en": "Trials", "es": "Simulaciones"},
    # efficiency tables
    "rank": {"en": "Rank", "es": "Puesto"},
    "unit": {"en": "Unit", "es": "Unidad"},
    "list": {"en": "List", "es": "Lista"},
    "points": {"en": "Points", "es": "Puntos"},
    "tied": {"en": "Tied", "es": "Empate"},
    "p_win": {"en": "P(wins)", "es": "P(gana)"},
    "p_loss": {"en": "P(loses)", "es": "P(pierde)"},
    "p_win_stderr": {"en": "P(wins), s.e.", "es": "P(gana), error"},
    "mean_margin_stderr": {"en": "Combat result, s.e.", "es": "Resultado del combate, error"},
    "casualties_stderr": {"en": "Casualties inflicted (models), s.e.",
                          "es": "Bajas causadas (miniaturas), error"},
    "casualties_points_stderr": {"en": "Casualties inflicted (points), s.e.",
                                 "es": "Bajas causadas (puntos), error"},
    "p_win_per_100_stderr": {"en": "P(wins) per 100 points, s.e.",
                             "es": "P(gana) por 100 puntos, error"},
    "margin_per_100_stderr": {"en": "Combat result per 100 points, s.e.",
                              "es": "Resultado del combate por 100 puntos, error"},
    "casualties_per_100_stderr": {"en": "Casualties (models) per 100 points, s.e.",
                                  "es": "Bajas (miniaturas) por 100 puntos, error"},
    "casualties_points_per_100_stderr": {"en": "Casualties (points) per 100 points, s.e.",
                                         "es": "Bajas (puntos) por 100 puntos, error"},
    "mean_margin": {"en": "Combat result (round 1)", "es": "Resultado del combate (1.er turno)"},
    "casualties": {"en": "Casualties inflicted (models)", "es": "Bajas causadas (miniaturas)"},
    "casualties_points": {"en": "Casualties inflicted (points)",
                          "es": "Bajas causadas (puntos)"},
    "p_win_per_100": {"en": "P(wins) per 100 points", "es": "P(gana) por 100 puntos"},
    "margin_per_100": {"en": "Combat result per 100 points",
                       "es": "Resultado del combate por 100 puntos"},
    "casualties_per_100": {"en": "Casualties (models) per 100 points",
                           "es": "Bajas (miniaturas) por 100 puntos"},
    "casualties_points_per_100": {"en": "Casualties (points) per 100 points",
                                  "es": "Bajas (puntos) por 100 puntos"},
}
"""Display label of every table column, by language."""

VALUES: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "charger": {"en": {"a": "A", "b": "B", "none": "none"},
                "es": {"a": "A", "b": "B", "none": "ninguna"}},
    "list": {"en": {"a": "A", "b": "B"}, "es": {"a": "A", "b": "B"}},
}
"""Display labels of coded column values, by column and language."""


def check_lang(lang: str) -> str:
    """Validate a label language (:data:`LANGS`)."""
    if lang not in LANGS:
        raise OddsInputError(f"lang: must be one of {', '.join(LANGS)} (got {lang!r})")
    return lang


def label(name: str, lang: str = "en") -> str:
    """The display label of a column (the name itself when it has none)."""
    check_lang(lang)
    return COLUMNS[name][lang] if name in COLUMNS else name


def translate(table: pd.DataFrame, lang: str = "en") -> pd.DataFrame:
    """A copy of ``table`` with display labels (columns and coded values) in ``lang``.

    English column names are kept as they are for ``lang="en"`` (they are
    the table's own); ``lang="es"`` relabels columns and values in Spanish.
    """
    check_lang(lang)
    if lang == "en":
        return table.copy()
    out = table.copy()
    for col, maps in VALUES.items():
        if col in out.columns:
            out[col] = out[col].map(lambda x, m=maps[lang]: m.get(x, x))
    return out.rename(columns={c: COLUMNS[c][lang] for c in out.columns if c in COLUMNS})


def canonical(table: pd.DataFrame) -> pd.DataFrame:
    """Undo :func:`translate`: English column names and coded values."""
    back = {labels[lang]: name for name, labels in COLUMNS.items() for lang in LANGS
            if labels[lang] != name}
    if not any(c in back for c in table.columns):
        return table
    out = table.rename(columns={c: back[c] for c in table.columns if c in back})
    for col, maps in VALUES.items():
        if col in out.columns:
            inverse = {v: k for lang in LANGS for k, v in maps[lang].items()}
            out[col] = out[col].map(lambda x, m=inverse: m.get(x, x))
    return out
