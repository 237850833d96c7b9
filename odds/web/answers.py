"""Each answer of the page, built by the same Python API and in the same shape as the CLI's.

``combat(request, library)`` returns what ``odds combat A B --format json`` prints
(the same keys and numbers for the same inputs and seed), plus the tables the
page draws: the outcome table with standard errors, the first round with its
exact values, the first-round casualties, round by round, and the units' size.
With characters joining a unit the combat answer is the one of
``odds combat --scenario FILE --format json`` for the two units as a scenario.
The charge, pursuit and flight answers likewise start with their CLI payload.
Nothing is computed here that the engine does not report.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from odds.commands import _headline as hl
from odds.commands._output import jsonable, outcome_payload
from odds.commands.combat import combat_payload
from odds.validation import OddsInputError
from odds.web.books import Library
from odds.web.schemas import (
    ChargeRequest,
    CombatRequest,
    CompareRequest,
    EmergeRequest,
    FleeRequest,
    HoldOrFleeRequest,
    MatrixRequest,
    PursueRequest,
)


def _records(table: pd.DataFrame) -> list[dict[str, Any]]:
    return jsonable(table.to_dict(orient="records"))


def choice_unit(c: Any, library: Library) -> tuple[Any, str]:
    """The unit of a choice on the page, and its reference (``""`` for a unit by value)."""
    from odds.unit_reference import load_unit
    from odds.web.uploads import unit_by_value

    if c.data is not None:
        return unit_by_value(c.data, c.models, c.files, c.command), ""
    ref = library.reference(c.book, c.unit, c.models, c.files, c.command, c.upgrades)
    return load_unit(ref), ref


def combat_units(req: CombatRequest, library: Library) -> tuple[dict[str, Any], dict[str, str]]:
    """The two units, and their :func:`~odds.unit_reference.load_unit` references.

    A unit sent by value (``data``) has the reference ``""``.
    """
    units, refs = {}, {}
    for side, c in (("attacker", req.attacker), ("defender", req.defender)):
        units[side], refs[side] = choice_unit(c, library)
    return units, refs


def _characters(req: CombatRequest) -> dict[str, tuple[Any, ...]]:
    """The characters joining each side's unit, read as a scenario file's are."""
    from odds.characters import character_from_dict
    from odds.validation import prefixed

    return {side: tuple(prefixed(f"{side}.characters[{j}]",
                                 lambda c=c: character_from_dict(c, ""))
                        for j, c in enumerate(getattr(req, side).characters))
            for side in ("attacker", "defender")}


def combat(req: CombatRequest, library: Library) -> dict[str, Any]:
    """The combat answer (see the module notes).

    With characters joining a unit, the combat is the two units as a scenario
    (:func:`odds.scenario.two_unit_scenario`, the characters in their units) and
    the answer is what ``odds combat --scenario FILE --format json`` prints
    for it (:func:`scenario_combat`).
    """
    from odds.combat import CombatOptions, SideOptions, fight

    units, refs = combat_units(req, library)
    sides = {side: SideOptions(static_bonus=s.bonus, high_ground=s.high_ground, bsb=s.bsb,
                               general_ld=s.general_ld)
             for side, s in (("attacker", req.attacker_side), ("defender", req.defender_side))}
    options = CombatOptions(charger=req.charger, max_rounds=req.max_rounds,
                            corner_contact=req.corner_contact,
                            musician_tiebreak=req.musician_tiebreak,
                            insane_courage=req.insane_courage,
                            restrain_pursuit=req.restrain_pursuit,
                            charge_tests=req.charge_tests, distance=req.distance,
                            attacker_face=req.attacker_face,
                            expand_frontage=req.expand_frontage,
                            giant_fall_hits=req.giant_fall_hits)
    characters = _characters(req)
    if any(characters.values()):
        return scenario_combat(req, units, refs, sides, options, characters)
    r = fight(units["attacker"], units["defender"], trials=req.trials, seed=req.seed,
              attacker_options=sides["attacker"], defender_options=sides["defender"],
              options=options)
    models = {side: u.models for side, u in units.items()}
    payload = combat_payload(r, req.lang, models)
    names = hl.combat_names(r, models)
    labels = {code: hl.combat_outcome_label(code, names, req.lang)
              for code in [*r.outcomes["outcome"], *r.first_round["outcome"]]}
    page = {
        "small_print": hl.small_print(r.trials, r.seed, req.lang),
        "references": refs,
        "names": names,
        "labels": labels,
        "units": {side: _unit_card(u) for side, u in units.items()},
        "outcome_table": _records(r.outcomes),
        "first_round_table": _records(r.first_round),
        "charge_exact": {k: r.extra["charge"][f"{k}_exact"]
                         for k in ("p_refused", "p_fled", "p_hits_on_6")},
        "wounds_r1": _records(r.wounds_r1),
        "margin_r1": _records(r.margin_r1),
        "by_round": _records(r.rounds),
        "expected_wounds_r1": _expected_wounds(r.wounds_r1),
        "working": _working(r),
    }
    return jsonable({**payload, "page": page})


def _working(r: Any) -> dict[str, Any]:
    """Round 1 step by step, as the engine computes it (no arithmetic of its own here).

    ``groups``: per side and group of attackers, the attacks at full strength and
    each roll (:func:`odds.combat.exact.working.first_round_working`; None where
    it does not apply).  ``lost_exact``: the exact mean wounds and models each
    side loses with the strike order (None where the exact engine does not
    apply).  ``terms``: the mean combat-result terms of each side (Monte Carlo,
    given that a round was fought).
    """
    from odds.combat.exact.working import first_round_working

    ex = r.extra["exact_first_round"]
    lost = ex.get("lost") if ex else None
    sides = ("attacker", "defender")
    terms = {str(side): dict(zip(g["term"], g["mean"], strict=True))
             for side, g in r.extra["terms_r1"].groupby("side", sort=False)}
    return {"groups": first_round_working(r.extra["model"]),
            "lost_exact": None if lost is None else
            {side: {"wounds": lost["wounds"][i], "models": lost["models"][i]}
             for i, side in enumerate(sides)},
            "terms": terms}


def scenario_combat(req: CombatRequest, units: dict[str, Any], refs: dict[str, str],
                    sides: dict[str, Any], options: Any,
                    characters: dict[str, tuple[Any, ...]]) -> dict[str, Any]:
    """Two units with characters joining them: ``odds combat --scenario --format json``.

    The page gets the sides' outcomes, each body's outcomes (units, characters,
    champions), the first round with its exact values and the mean
    combat-result terms (all from the scenario result).
    """
    from odds.combat.multiple import fight_scenario
    from odds.commands.combat import (
        body_name,
        scenario_first_round_labels,
        scenario_names,
        scenario_payload,
    )
    from odds.i18n import warning_line
    from odds.scenario import two_unit_scenario
    from odds.units import unit_warnings

    for name, default in (("distance", 10.0), ("expand_frontage", True),
                          ("giant_fall_hits", "default")):
        if getattr(req, name) != default:
            raise OddsInputError(f"{name}: must be {default} with characters joining a unit "
                                 "(the combat is then fought as a scenario file is, which "
                                 "has no such setting)")
    sc = two_unit_scenario(units["attacker"], units["defender"],
                           attacker_options=sides["attacker"],
                           defender_options=sides["defender"], options=options)
    choice = {"attacker": req.attacker_side, "defender": req.defender_side}
    sc = sc.replace(sides=tuple(
        (side[0].replace(characters=characters[name], challenge=choice[name].challenge,
                         allocation=choice[name].allocation,
                         face=req.attacker_face if name == "attacker" else "front"),)
        for side, name in zip(sc.sides, ("attacker", "defender"), strict=True)))
    r = fight_scenario(sc, trials=req.trials, seed=req.seed)
    payload = scenario_payload(r, sc, req.lang)
    names = scenario_names(sc, r)
    page = {
        "kind": "scenario",
        "small_print": hl.small_print(r.trials, r.seed, req.lang),
        "references": refs,
        "names": {"attacker": units["attacker"].name, "defender": units["defender"].name},
        "bodies": {k: body_name(v, req.lang) for k, v in names.items()},
        "labels": {**hl.OUTCOME_WORDS[req.lang],
                   **scenario_first_round_labels(r, names, req.lang)},
        "characters": {side: [c.name for c in cs] for side, cs in characters.items()},
        "sides_table": _records(r.sides),
        "units_table": _records(r.units),
        "first_round_table": _records(r.first_round),
        "units": {side: _unit_card(u) for side, u in units.items()},
        "warnings": [warning_line(w, req.lang) for w in unit_warnings(list(units.values()))],
        "working": _bodies_working(r, names, req.lang),
    }
    return jsonable({**payload, "page": page})


def _bodies_working(r: Any, names: dict[str, str], lang: str) -> dict[str, Any]:
    """Round 1 step by step with characters, as the engine computes it.

    ``groups``: per body (unit, character, champion) and target, the attacks at full
    strength and each roll (:func:`odds.combat.exact.working.bodies_first_round_working`),
    with the body's and the target's names.  Who strikes at whom, who falls first and
    the combat-result terms are the Monte Carlo's (the answer's ``terms``).
    """
    from odds.combat.exact.working import bodies_first_round_working
    from odds.commands.combat import body_name

    bodies = [body_name(names.get(b, b), lang) for b in dict.fromkeys(r.units["unit"])]
    rows = bodies_first_round_working(r.extra["model"])
    groups = [{**g, "body": bodies[g["body"]], "target": bodies[g["target"]]} for g in rows]
    return {"groups": groups}


def _unit_card(u: Any) -> dict[str, Any]:
    """What the page shows of a unit: size, ranks, unit strength, save, points."""
    return {"name": u.name, "models": u.models, "files": u.files, "ranks": u.ranks,
            "rank_bonus": u.rank_bonus, "unit_strength": u.unit_strength,
            "armour_save": u.armour_save, "ward_save": u.ward_save,
            "points": u.points, "profile": u.profile.as_dict(),
            "command": {k: getattr(u.command, k) for k in ("champion", "standard", "musician")}}


def _expected_wounds(w1: pd.DataFrame) -> dict[str, dict[str, float | None]]:
    """Mean first-round wounds per side: Monte Carlo and, where the engine has it, exact."""
    out = {}
    for side, g in w1.groupby("side", sort=False):
        mc = float((g["wounds"] * g["probability"]).sum())
        ex = None if g["exact"].isna().any() else float((g["wounds"] * g["exact"]).sum())
        out[str(side)] = {"monte_carlo": mc, "exact": ex}
    return out


def charge(req: ChargeRequest) -> dict[str, Any]:
    """``odds charge --format json``, plus the outcome table."""
    from odds.charge import charge_vs_flee

    r = charge_vs_flee(req.charger_move, req.target_move, req.distance,
                       target_flies=req.target_flies, difficult=req.difficult, wheel=req.wheel,
                       edge_distance=req.edge_distance, trials=req.trials, seed=req.seed)
    payload = {
        "headline": hl.charge(r, req.lang),
        **outcome_payload(r),
        "flee_dice": r.extra["flee_dice"],
        "reach": r.extra["reach"],
        "hold_reaches": r.extra["hold_reaches"],
        "gap_after_failed_charge": r.extra["gap"][["gap", "probability", "exact"]]
        .to_dict(orient="records"),
    }
    return jsonable({**payload, "page": _outcome_page(r, req.lang)})


def pursue(req: PursueRequest) -> dict[str, Any]:
    """``odds pursue --format json``, plus the outcome table."""
    from odds.pursuit import pursue as run

    r = run(req.pursuer_move, req.fleer_move, pursuer_flies=req.pursuer_flies,
            fleer_flies=req.fleer_flies, edge_distance=req.edge_distance,
            trials=req.trials, seed=req.seed)
    payload = {"headline": hl.pursue(r, req.lang), **outcome_payload(r),
               "pursuer_dice": r.extra["pursuer_dice"], "fleer_dice": r.extra["fleer_dice"]}
    return jsonable({**payload, "page": _outcome_page(r, req.lang)})


def flee(req: FleeRequest) -> dict[str, Any]:
    """``odds flee --format json``, plus the turn-by-turn table."""
    from odds.flight import flee as run

    r = run(req.move, req.edge_distance, req.ld, turns=req.turns, flies=req.flies,
            models=req.models, starting_models=req.starting_models, musician=req.musician,
            trials=req.trials, seed=req.seed)
    by_turn = []
    for turn, g in r.table.groupby("turn"):
        g = g.set_index("outcome")
        by_turn.append({
            "turn": int(turn),
            "p_rallied": g.loc["rallied", "probability"],
            "p_off_table": g.loc["off_table", "probability"],
            "exact": {"p_rallied": g.loc["rallied", "exact"],
                      "p_off_table": g.loc["off_table", "exact"]},
        })
    payload = {"headline": hl.flee(r, req.lang), "trials": r.trials, "seed": r.seed,
               "inputs": r.inputs, "flee_dice": r.extra["flee_dice"],
               "can_rally": r.extra["can_rally"], "by_turn": by_turn}
    return jsonable({**payload, "page": _outcome_page(r, req.lang)})


def _outcome_page(r: Any, lang: str) -> dict[str, Any]:
    return {"small_print": hl.small_print(r.trials, r.seed, lang),
            "labels": hl.OUTCOME_WORDS[lang], "table": _records(r.table)}


def hold_or_flee(req: HoldOrFleeRequest, library: Library) -> dict[str, Any]:
    """The target of a charge holds (the combat) or flees (the charge, then its rally test).

    ``hold`` is the combat answer; ``flee`` the charge-versus-flee answer for
    the two units' M and the gap; ``rally`` the flight answer of the target's
    next turn (its rally test comes before any move, so its first-turn
    ``rallied`` is the chance to rally next turn once it escaped).  ``table``
    sets them side by side from the target's view, every number copied from
    those answers.
    """
    for side in ("attacker", "defender"):
        if getattr(req, side).characters:
            raise OddsInputError(f"{side}.characters: the hold-or-flee view takes units without "
                                 "characters (ask the combat view)")
    hold = combat(req, library)
    units, _ = combat_units(req, library)
    charger, target = units["attacker"], units["defender"]
    flee_req = ChargeRequest(charger_move=charger.profile.M, target_move=target.profile.M,
                             distance=req.distance, target_flies=req.target_flies,
                             edge_distance=req.edge_distance, trials=req.trials,
                             seed=hold["seed"], lang=req.lang)
    fled = charge(flee_req)
    rally = flee(FleeRequest(move=target.profile.M, edge_distance=req.edge_distance or 500.0,
                             ld=target.profile.Ld, turns=1, flies=req.target_flies,
                             musician=target.command.musician, trials=req.trials,
                             seed=hold["seed"], lang=req.lang))
    o = hold["outcomes"]
    rallied = rally["by_turn"][0]["p_rallied"]
    rallied_exact = rally["by_turn"][0]["exact"]["p_rallied"]
    rows = [
        ("wins", hold["p_defender_wins"], None, None, None),
        ("caught", o["defender_caught"], None, fled["p_caught"], fled["exact"]["p_caught"]),
        ("escaped", o["defender_escaped"], None, fled["p_escaped"], fled["exact"]["p_escaped"]),
        ("destroyed", o["defender_wiped"], None, None, None),
        ("off_table", None, None, fled["p_off_table"], fled["exact"]["p_off_table"]),
        ("unresolved", o["unresolved"], None, None, None),
        ("rallies_next_turn", None, None, rallied, rallied_exact),
    ]
    table = [{"outcome": k, "hold": h, "hold_exact": he, "flee": f, "flee_exact": fe}
             for k, h, he, f, fe in rows]
    return jsonable({"headline": hold["headline"], "trials": hold["trials"],
                     "seed": hold["seed"], "hold": hold, "flee": fled, "rally": rally,
                     "table": table, "page": {"small_print": hold["page"]["small_print"],
                                              "names": hold["page"]["names"]}})


def compare(req: CompareRequest, library: Library) -> dict[str, Any]:
    """Each variant's combat answer, in order (``variants``), for a table side by side."""
    return {"variants": [combat(v, library) for v in req.variants]}


def emerge(req: EmergeRequest) -> dict[str, Any]:
    """``odds emerge --format json``, plus the outcome table and the landing picture (SVG).

    A scenario's text is read from memory by the CLI's own reader.
    """
    from odds.commands.emerge import payload
    from odds.emergence import emerge as run
    from odds.emergence import load_scenario, localised, make_scenario
    from odds.web.uploads import in_memory_file

    both = req.table_width is not None and req.table_depth is not None
    table = (req.table_width, req.table_depth) if both else None
    marker = (req.marker_x, req.marker_y) if None not in (req.marker_x, req.marker_y) else None
    kw = {"table": table, "marker": marker,
          "scale": float(req.scale) if req.scale else None}
    if req.scenario is not None:
        with in_memory_file(req.scenario.encode("utf-8")) as path:
            try:
                s = load_scenario(path, **kw)
            except OddsInputError as exc:
                raise OddsInputError(str(exc).replace(path, "scenario")) from None
    else:
        s = make_scenario(**{k: val for k, val in kw.items() if val is not None})
    s = localised(s, req.lang)
    r = run(s, trials=req.trials, seed=req.seed, landing_bin=2.5)
    out = {"headline": hl.emerge(r, req.lang), **payload(r)}
    return jsonable({**out, "page": {"small_print": hl.small_print(r.trials, r.seed, req.lang),
                                     "table": _records(r.table),
                                     "picture_png": _landing_png(r, req.lang)}})


LANDING_TEXT_SCALE = 1.3
"""How much larger the page's landing picture writes its text than the CLI's."""

LANDING_MIN_POINTS = 10.0
"""Smallest text of the page's landing picture, in points (the CLI's unit names are 7)."""

LANDING_DPI = 100
"""Pixels per inch of the page's landing picture."""


def _landing_png(r: Any, lang: str) -> str:
    """The CLI's landing plot (:func:`odds.emergence.plot_landing`) as base64 PNG.

    Its text is larger than the CLI's (:data:`LANDING_TEXT_SCALE`, at least
    :data:`LANDING_MIN_POINTS`) and the picture cropped to what it shows, so that its
    words stay legible where the page shows it narrower than drawn.
    """
    import base64
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.text import Text

    from odds.emergence import plot_landing

    ax = plot_landing(r, lang=lang)
    fig = ax.figure
    buf = io.BytesIO()
    try:
        for text in fig.findobj(Text):
            text.set_fontsize(max(LANDING_MIN_POINTS, text.get_fontsize() * LANDING_TEXT_SCALE))
        fig.savefig(buf, format="png", dpi=LANDING_DPI, bbox_inches="tight")
    finally:
        plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def matrix(req: MatrixRequest, library: Library, client: Any = None) -> dict[str, Any]:
    """``odds matrix --format json`` for two lists of units.

    ``client``: a ``distributed.Client``; the cells then run on its cluster
    (``odds matrix --scheduler``), else here.
    """
    from odds.listbuilding import matchup_matrix
    from odds.listbuilding.labels import canonical

    lists = [[choice_unit(c, library)[0] for c in chosen] for chosen in (req.list_a, req.list_b)]
    table = matchup_matrix(lists[0], lists[1], points=req.points, trials=req.trials,
                           seed=req.seed, charger=req.charger, max_rounds=req.max_rounds,
                           progress=False, lang=req.lang, client=client)
    seed = table.attrs["seed"]
    payload = {"headline": hl.matrix(canonical(table), req.points, req.lang),
               "trials": req.trials, "seed": seed, "points": req.points,
               "charger": req.charger, "max_rounds": req.max_rounds, "lang": req.lang,
               "cells": table.to_dict(orient="records"), "warnings": table.attrs["warnings"]}
    units = {"a": [u.name for u in lists[0]], "b": [u.name for u in lists[1]]}
    return jsonable({**payload, "page": {
        "small_print": hl.small_print(req.trials, seed, req.lang, per="cell"),
        "canonical": canonical(table).to_dict(orient="records"), "units": units}})
