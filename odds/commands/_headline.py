"""Headlines: each answer in one or two plain sentences, in English or Spanish.

Every number is read from the result object (its table or its accessors), never
recomputed here.  Spanish uses the MDNR terms (source 001-003: *carga*,
*huida*, *atrapada*, *aniquilada*, *desmoralizada*, *reagruparse*, *borde de
la mesa*).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from odds.i18n import agree, pct

LANGS = ("en", "es")

OUTCOME_WORDS: dict[str, dict[str, str]] = {
    "en": {"caught": "caught", "escaped": "escaped", "off_table": "fled off the table",
           "rallied": "rallied", "still_fleeing": "still fleeing",
           "wiped": "destroyed", "fled": "fled", "unresolved": "unresolved",
           "won": "won", "wins": "wins", "broken": "broken", "destroyed": "destroyed",
           "no_combat": "no combat (fear or terror stops the charge)"},
    "es": {"caught": "atrapada", "escaped": "escapa", "off_table": "huye fuera de la mesa",
           "rallied": "se reagrupa", "still_fleeing": "sigue huyendo",
           "wiped": "aniquilada", "fled": "huye", "unresolved": "sin resolver",
           "won": "gana", "wins": "gana", "broken": "desmoralizado", "destroyed": "aniquilado",
           "no_combat": "sin combate (el miedo o el terror frena la carga)"},
}
"""Outcome words of tables, legends and headlines."""

SIDE_WORDS: dict[str, dict[str, str]] = {
    "en": {"attacker": "attacker", "defender": "defender", "none": "no one"},
    "es": {"attacker": "atacante", "defender": "defensor", "none": "nadie"},
}


def small_print(trials: int, seed: int | None, lang: str, per: str = "") -> str:
    """``200,000 trials, seed 1234`` (or in Spanish), for the line under a headline.

    ``per`` (``"cell"``, ``"point"``) says what each count of trials is for.
    """
    if lang == "es":
        each = {"cell": " por celda", "point": " por punto"}.get(per, "")
        word = "simulación" if trials == 1 else "simulaciones"
        return f"{trials:,}".replace(",", ".") + f" {word}{each}, semilla {seed}"
    return f"{trials:,} {'trial' if trials == 1 else 'trials'}{f' per {per}' if per else ''}, " \
        f"seed {seed}"


def _p(result: Any, outcome: str) -> float:
    return result.probability(outcome)


def _outcomes(result: Any, names: tuple[str, ...], lang: str) -> str:
    w = OUTCOME_WORDS[lang]
    return ", ".join(f"{w[k]} {pct(_p(result, k), lang)}" for k in names
                     if k != "off_table" or _p(result, k) > 0)


def charge(r: Any, lang: str = "en") -> str:
    """Charge versus flee: caught, escaped, fled off the table."""
    i, x = r.inputs, r.extra
    edge = i.get("edge_distance")
    parts = _outcomes(r, ("caught", "escaped", "off_table"), lang)
    if lang == "es":
        where = f", borde de la mesa a {edge:g} cm" if edge is not None else ""
        hold = "llega" if x["hold_reaches"] else "se queda corta"
        return (f"Carga con M {i['charger_move']:g} cm contra una unidad a {i['distance']:g} cm "
                f"(M {i['target_move']:g} cm, huye {x['flee_dice']}D6 cm{where}) que huye: "
                f"{parts}.\nSi aguanta, la carga (alcance {x['reach']:g} cm) {hold}.")
    where = f", table edge {edge:g} cm behind it" if edge is not None else ""
    hold = "arrives" if x["hold_reaches"] else "falls short"
    return (f"A charger with M {i['charger_move']:g} cm charges a unit {i['distance']:g} cm "
            f"away (M {i['target_move']:g} cm, flees {x['flee_dice']}D6 cm{where}), which "
            f"flees: {parts}.\nIf it holds instead, the charge (reach {x['reach']:g} cm) {hold}.")


def pursue(r: Any, lang: str = "en") -> str:
    """Flee versus pursuit: caught, escaped, fled off the table."""
    i, x = r.inputs, r.extra
    parts = _outcomes(r, ("caught", "escaped", "off_table"), lang)
    if lang == "es":
        return (f"Persecución: el perseguidor (M {i['pursuer_move']:g} cm, "
                f"{x['pursuer_dice']}D6 cm) contra la unidad en huida (M {i['fleer_move']:g} cm, "
                f"{x['fleer_dice']}D6 cm): {parts}.")
    return (f"A pursuer (M {i['pursuer_move']:g} cm, {x['pursuer_dice']}D6 cm) chases a broken "
            f"unit (M {i['fleer_move']:g} cm, flees {x['fleer_dice']}D6 cm): {parts}.")


def counted(n: int, one: str, many: str) -> str:
    """``n`` and the noun agreeing with it: ``1 turno``, ``2 turnos``."""
    return f"{n} {one if n == 1 else many}"


def flee(r: Any, lang: str = "en") -> str:
    """A fleeing unit after its last turn: rallied, off the table, still fleeing."""
    i, x, t = r.inputs, r.extra, r.table
    last = t[t["turn"] == t["turn"].max()].set_index("outcome")["probability"]
    rallied, off = float(last["rallied"]), float(last["off_table"])
    w = OUTCOME_WORDS[lang]
    still = max(0.0, 1.0 - rallied - off)
    parts = (f"{w['rallied']} {pct(rallied, lang)}, {w['off_table']} {pct(off, lang)}, "
             f"{w['still_fleeing']} {pct(still, lang)}")
    cannot = "" if x["can_rally"] else (
        " (por debajo del 25 %: no puede reagruparse)" if lang == "es"
        else " (below 25 % of its models: it cannot rally)")
    if lang == "es":
        return (f"Una unidad en huida (M {i['move']:g} cm, {x['flee_dice']}D6 cm por turno, "
                f"L {i['ld']}) a {i['edge_distance']:g} cm de su borde de la mesa{cannot}: "
                f"tras {counted(i['turns'], 'turno', 'turnos')}, {parts}.")
    return (f"A fleeing unit (M {i['move']:g} cm, {x['flee_dice']}D6 cm a turn, Ld {i['ld']}) "
            f"{i['edge_distance']:g} cm from its table edge{cannot}: after "
            f"{counted(i['turns'], 'turn', 'turns')}, {parts}.")


def _optional(result: Any, outcome: str) -> float:
    """P(outcome), or 0 for a result without that outcome."""
    try:
        return float(result.probability(outcome))
    except KeyError:
        return 0.0


def combat_names(r: Any, models: dict[str, int] | None = None) -> dict[str, str]:
    """``{"attacker": "20 Empire Swordsmen", ...}`` (without counts when unknown)."""
    out = {}
    for side in ("attacker", "defender"):
        name = str(r.inputs.get(side) or side)
        n = (models or {}).get(side)
        out[side] = f"{n} {name}" if n else name
    return out


def combat(r: Any, lang: str = "en", models: dict[str, int] | None = None) -> str:
    """Two units fight to a result: who wins, how the loser ends, who loses."""
    full = combat_names(r, models)
    short = {s: str(r.inputs.get(s) or s) for s in ("attacker", "defender")}
    win, lose = r.p_win("attacker"), r.p_win("defender")
    unresolved = r.probability("unresolved")
    refused = _optional(r, "no_combat")
    w = OUTCOME_WORDS[lang]
    how = ", ".join(f"{w[k if k != 'escaped' else 'fled']} "
                    f"{pct(r.probability(f'defender_{k}'), lang)}"
                    for k in ("caught", "escaped", "wiped"))
    charger = r.inputs.get("charger", "attacker")
    if lang == "es":
        first, second = ("defender", "attacker") if charger == "defender" else \
            ("attacker", "defender")
        act = agree(short[first], "fight" if charger == "none" else "charge")
        verb = f"{full[first]} {act} {full[second]}"
        rounds = counted(r.inputs["max_rounds"], "turno", "turnos")
        tail = f"; sin resolver tras {rounds} {pct(unresolved, lang)}" \
            if unresolved > 0 else ""
        tail += f"; {w['no_combat']} {pct(refused, lang)}" if refused > 0 else ""
        a = short["attacker"]
        return (f"{verb}: {a} {agree(a, 'wins')} {pct(win, lang)} (unidad enemiga {how}) y "
                f"{agree(a, 'lose')} {pct(lose, lang)}{tail}.")
    verb = {"attacker": f"{full['attacker']} charge {full['defender']}",
            "defender": f"{full['defender']} charge {full['attacker']}",
            "none": f"{full['attacker']} fight {full['defender']}"}[charger]
    rounds = counted(r.inputs["max_rounds"], "round", "rounds")
    tail = f"; unresolved after {rounds} {pct(unresolved, lang)}" \
        if unresolved > 0 else ""
    tail += f"; {w['no_combat']} {pct(refused, lang)}" if refused > 0 else ""
    return (f"{verb}: the {short['attacker']} win {pct(win, lang)} (enemy {how}) and lose "
            f"{pct(lose, lang)}{tail}.")


FIRST_ROUND_WORDS: dict[str, dict[str, str]] = {
    "en": {"wins": "{x} win the round", "breaks": "{x} break", "draw": "draw"},
    "es": {"wins": "{x} ganan el turno", "breaks": "{x} se desmoralizan", "draw": "empate"},
}


def combat_outcome_label(outcome: str, names: dict[str, str], lang: str = "en") -> str:
    """An outcome code in words, naming the unit: ``attacker_caught`` -> ``Swordsmen caught``.

    First-round codes too (``attacker_wins`` -> ``Swordsmen win the round``);
    ``unresolved`` and ``draw`` stay words.
    """
    w = OUTCOME_WORDS[lang]
    if outcome in ("unresolved", "no_combat"):
        return w[outcome]
    side, _, how = outcome.partition("_")
    if outcome == "draw" or how in ("wins", "breaks"):
        f = FIRST_ROUND_WORDS[lang]
        if outcome == "draw":
            return f["draw"]
        name = names.get(side, side)
        if lang == "es":
            return f"{name} {agree(name, how)}" + (" el turno" if how == "wins" else "")
        return f[how].format(x=name)
    key = "fled" if how == "escaped" else how
    name = names.get(side, side)
    if lang == "es":
        return f"{name} {agree(name, key)}"
    return f"{name} {w[key]}"


def scenario(r: Any, lang: str = "en", names: dict[str, str] | None = None) -> str:
    """Several units per side: each side's odds of winning, its units named.

    ``names`` gives a body's name for its scenario id (default: the ids);
    champions are left out of the list.
    """
    names = names or {}
    units = {side: [names.get(u, u) for u in dict.fromkeys(g["unit"])
                    if not str(u).endswith(" champion")]
             for side, g in r.units.groupby("side", sort=False)}
    a = ", ".join(units.get("attacker", [])) or SIDE_WORDS[lang]["attacker"]
    d = ", ".join(units.get("defender", [])) or SIDE_WORDS[lang]["defender"]
    pa, pd_ = r.side("attacker", "wins"), r.side("defender", "wins")
    name = r.inputs.get("scenario", "")
    if lang == "es":
        return (f"{name}: el atacante ({a}) gana {pct(pa, lang)}, el defensor ({d}) gana "
                f"{pct(pd_, lang)}, ninguno de los dos {pct(max(0.0, 1 - pa - pd_), lang)}.")
    return (f"{name}: the attackers ({a}) win {pct(pa, lang)}, the defenders ({d}) win "
            f"{pct(pd_, lang)}, neither {pct(max(0.0, 1 - pa - pd_), lang)}.")


def emerge(r: Any, lang: str = "en") -> str:
    """Where the tunnelling unit comes up: clear ground, under each enemy unit, lost."""
    t = r.table.set_index("outcome")["probability"]
    by_unit = r.extra["by_unit"]
    under = by_unit.set_index("outcome")["probability"] if by_unit is not None else {}
    enemies = ", ".join(f"{name} {pct(p, lang)}" for name, p in under.items())
    p = {k: pct(float(t[k]), lang) for k in ("clear", "displaced", "off_table", "enemy_placed")}
    lost = pct(float(t["destroyed"] + t["absent_misfire"]), lang)
    if lang == "es":
        return (f"La unidad que excava sale en terreno despejado {p['clear']}, bajo una unidad "
                f"enemiga ({enemies or 'ninguna'}), desplazada {p['displaced']}, fuera de la "
                f"mesa {p['off_table']}, la coloca el enemigo {p['enemy_placed']}, perdida por "
                f"un fallo {lost}.")
    return (f"The tunnelling unit comes up on clear ground {p['clear']}, under an enemy unit "
            f"({enemies or 'none'}), displaced {p['displaced']}, off the table "
            f"{p['off_table']}, placed by the enemy {p['enemy_placed']}, lost to a misfire "
            f"{lost}.")


def matrix(table: Any, points: float | None, lang: str = "en") -> str:
    """A matchup matrix (canonical English columns): its size, and the best and worst pairing."""
    n_a, n_b = table["unit_a"].nunique(), table["unit_b"].nunique()
    best = table.loc[table["p_a_wins"].idxmax()]
    worst = table.loc[table["p_a_wins"].idxmin()]
    who = {"a": ("A charging", "cargando A"), "b": ("B charging", "cargando B"),
           "none": ("no charge", "sin carga")}

    def pair(row: Any) -> str:
        charge = who[str(row["charger"])][lang == "es"]
        vs = "contra" if lang == "es" else "vs"
        return f"{row['unit_a']} {vs} {row['unit_b']} ({charge}) {pct(row['p_a_wins'], lang)}"

    if lang == "es":
        size = f"{points:g} puntos cada una" if points is not None else "unidades tal cual"
        return (f"{counted(n_a, 'unidad', 'unidades')} de la lista A contra {n_b} de la lista "
                f"B, {size}. Mejor "
                f"emparejamiento para A: {pair(best)}; peor: {pair(worst)}.")
    size = f"{points:g} points each" if points is not None else "units as given"
    return (f"{counted(n_a, 'unit', 'units')} of list A against {n_b} of list B, {size}. "
            f"A's best matchup: "
            f"{pair(best)}; worst: {pair(worst)}.")


def sweep(table: Any, names: list[str], lang: str = "en") -> str:
    """A sweep (canonical English columns): what varied, and where A does best and worst."""
    best = table.loc[table["p_a_wins"].idxmax()]
    worst = table.loc[table["p_a_wins"].idxmin()]

    def at(row: Any) -> str:
        from odds.i18n import term

        def shown(n: str) -> str:
            return term("parameter", n, lang) if lang == "es" else n

        def value(n: str) -> str:  # a weapon or armour as a player reads it
            x = row[n]
            if lang == "es":  # sí/no, A/B, 2,5: never True, b or 2.5
                if isinstance(x, (bool, np.bool_)):
                    return "sí" if x else "no"
                if n == "charger":
                    return {"a": "A", "b": "B", "none": "ninguna"}.get(str(x), str(x))
                if isinstance(x, (float, np.floating)):
                    return f"{x:g}".replace(".", ",")
            return (term(n, x, lang) if n in ("weapon", "armour", "troop_type")
                    and isinstance(x, str) else x)

        return ", ".join(f"{shown(n)}={value(n)}" for n in names if n in row)

    a, b = best["unit_a"], best["unit_b"]
    if lang == "es":
        from odds.i18n import term

        varied = ", ".join(term("parameter", n, lang) for n in names)
        return (f"{a} contra {b}, variando {varied}: {a} {agree(a, 'wins')} como mucho "
                f"{pct(best['p_a_wins'], lang)} ({at(best)}) y como poco "
                f"{pct(worst['p_a_wins'], lang)} ({at(worst)}).")
    return (f"{a} against {b}, varying {', '.join(names)}: the {a} win at most "
            f"{pct(best['p_a_wins'], lang)} ({at(best)}) and at least "
            f"{pct(worst['p_a_wins'], lang)} ({at(worst)}).")
