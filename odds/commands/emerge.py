"""``odds emerge``: underground emergence ("Salir desde abajo")."""

from __future__ import annotations

import argparse
import re
from typing import Any

from odds.commands import _headline as hl
from odds.commands._output import add_run_options, display_table, emit, save_plot
from odds.validation import OddsInputError


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``emerge`` subcommand."""
    p = sub.add_parser(
        "emerge", help="where a tunnelling unit comes up, and what it lands on",
        description="Underground emergence (the MDNR 'Salir desde abajo' rule): arrival "
        "turn 2..5 (4+, 3+, 2+, auto), "
        "then artillery + scatter dice move the marker; misfire D6: 1-2 destroyed, 3-4 absent, "
        "5-6 the enemy places it. Coordinates in cm from the table's lower-left corner.")
    p.add_argument("--table", default=None, metavar="WxD",
                   help="table size in cm (default 180x120, or the scenario's)")
    p.add_argument("--marker", default=None, metavar="X,Y",
                   help="marker position in cm (default the scenario's, else the table centre)")
    p.add_argument("--scenario", default=None, metavar="FILE.toml",
                   help="units and terrain (see odds/examples/emergence_*.toml)")
    p.add_argument("--scale", default=None, choices=("2.5", "2", "1"),
                   help="artillery die in cm: 2.5 -> 5..25 (default), 2 -> 4..20, 1 -> 2..10")
    p.add_argument("--enemy-marker", default=None, metavar="X,Y",
                   help="where the enemy puts the marker on a misfire 5-6 "
                   "(default: the corner farthest from its units)")
    add_run_options(p)
    p.set_defaults(func=run)


def _scenario(args: argparse.Namespace) -> Any:
    from odds.emergence import (
        load_scenario,
        localised,
        make_scenario,
        parse_point,
        parse_table,
    )

    kw: dict[str, Any] = {
        "table": parse_table(args.table) if args.table is not None else None,
        "marker": parse_point("marker", args.marker) if args.marker is not None else None,
        "scale": float(args.scale) if args.scale is not None else None,
        "enemy_marker": parse_point("enemy_marker", args.enemy_marker)
        if args.enemy_marker is not None else None,
    }
    if args.scenario is not None:
        if not args.scenario.strip():
            raise OddsInputError("scenario: give a .toml file name (got '')")
        return localised(load_scenario(args.scenario, **kw), args.lang)
    return localised(make_scenario(**{k: val for k, val in kw.items() if val is not None}),
                     args.lang)


def payload(r: Any) -> dict[str, Any]:
    """The JSON document of a result.

    ``outcomes`` maps each outcome to its probability; ``under_enemy`` maps each
    enemy unit's name to ``{"front", "flank", "rear", "total"}``.  ``exact`` and
    ``stderr`` have the same shape.
    """
    from odds.emergence import FACES

    s = r.scenario
    t = r.table.set_index("outcome")

    def shape(col: str) -> dict[str, Any]:
        out: dict[str, Any] = {k: t.loc[k, col] for k in
                               ("destroyed", "absent_misfire", "enemy_placed", "off_table")}
        under: dict[str, Any] = {}
        for u in s.enemies:
            faces = {f: t.loc[f"under_enemy:{u.name}:{f}", col] for f in FACES}
            total = sum(faces.values()) if col != "stderr" else \
                r.extra["by_unit"].set_index("outcome").loc[u.name, "stderr"]
            under[u.name] = {**faces, "total": total}
        out["under_enemy"] = under
        out["displaced"] = t.loc["displaced", col]
        out["clear"] = t.loc["clear", col]
        return out

    arr = r.arrival
    return {
        "trials": r.trials,
        "seed": r.seed,
        "table": {"width": s.table.width, "depth": s.table.depth},
        "marker": list(s.marker_point()),
        "scale": s.scale,
        "arrival": arr[["turn", "probability", "cumulative", "exact"]].to_dict(orient="records"),
        "outcomes": shape("probability"),
        "exact": shape("exact"),
        "stderr": shape("stderr"),
        "hit": r.extra["hit"],
        "enemy_placed_at": r.extra["enemy_placed_at"],
        "target": r.extra["target"],
    }


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.emergence import emerge

    s = _scenario(args)
    r = emerge(s, trials=args.trials, seed=args.seed,
               landing_bin=2.5 if args.plot else None)
    headline = hl.emerge(r, args.lang)
    small = hl.small_print(r.trials, r.seed, args.lang)
    lines = _summary_lines(s, r, args.lang)
    emit(args.format, {"headline": headline, **payload(r)}, r.table,
         "\n".join([headline, small, *lines]),
         display=display_table(r.table, args.lang, outcome_words(r.table, args.lang)))
    if args.plot:
        from odds.emergence.plot import plot_landing
        from odds.plot import small_print

        ax = plot_landing(r, lang=args.lang)
        small_print(ax.figure, small)
        save_plot(ax, args.plot, args.lang)
    return 0


def _summary_lines(s: Any, r: Any, lang: str) -> list[str]:
    """The lines under the headline: table, arrival turns, misfire 5-6 and the target."""
    from odds.i18n import agree, number_text, word

    mx, my = s.marker_point()
    ep = r.extra["enemy_placed_at"]
    if lang == "es":
        def g(x: float) -> str:
            return f"{x:g}".replace(".", ",")
        first = (f"Mesa de {g(s.table.width)}x{g(s.table.depth)} cm, marcador en ({g(mx)}; "
                 f"{g(my)}), dado de artillería x{g(s.scale)} cm, {len(s.units)} unidades, "
                 f"{len(s.terrain)} elementos de escenografía")
    else:
        first = (f"Emergence on a {s.table.width:g}x{s.table.depth:g} cm table, marker at "
                 f"({mx:g}, {my:g}), artillery die x{s.scale:g} cm, {len(s.units)} units, "
                 f"{len(s.terrain)} terrain")
    turns = ", ".join(f"T{t} {number_text(p, 3, lang)}"
                      for t, p in zip(r.arrival["turn"], r.arrival["exact"], strict=True))
    lines = [first, word("arrival", lang, turns=turns),
             word("misfire", lang, x=ep["x"], y=ep["y"], where=landing_word(ep["lands"], lang))]
    if lang == "es":  # the decimal comma in the coordinates (x; y)
        lines[-1] = re.sub(r"(?<=\d)\.(?=\d)", ",", lines[-1])
    tg = r.extra["target"]
    if tg is not None:
        line = word("target", lang, name=tg["name"], under=number_text(tg["under"], 4, lang),
                    it=agree(str(tg["name"]), "it") if lang == "es" else "it",
                    reach=tg["reach"] or 0, near=number_text(tg["clear_in_reach"] or 0, 4, lang))
        lines.append(line if tg["reach"] is not None else line.split(",")[0])
    return lines


def landing_word(lands: str, lang: str) -> str:
    """Where a marker lands (``clear``, ``off_table``, ``under_enemy:NAME:FACE``...) in words."""
    from odds.i18n import term, word

    if lands.startswith("under_enemy:"):
        _, name, face = lands.split(":", 2)
        return word("under_enemy", lang, name=name, face=term("outcome", face, lang))
    return term("outcome", lands, lang) if lang == "es" else lands.replace("_", " ")


def outcome_words(table: Any, lang: str) -> dict[str, str]:
    """Each outcome code of an emergence table in words (``under_enemy:...`` included)."""
    return {o: landing_word(str(o), lang) for o in table["outcome"]}
