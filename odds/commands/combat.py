"""``odds combat``: two units fight to a result."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from odds.commands import _headline as hl
from odds.commands._output import (
    add_run_options,
    display_table,
    emit,
    int_in,
    nonneg_float,
    print_warnings,
    save_plot,
)
from odds.vocabulary import CHARGERS, FACES


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``combat`` subcommand."""
    p = sub.add_parser("combat", help="odds of a close combat fought to a result",
                       description="Two units fight round after round until one breaks or is "
                       "destroyed (MDNR close combat chapter). Units are built-in names "
                       "(see `odds units`) "
                       "or TOML files.")
    p.add_argument("attacker", nargs="?", help="attacking unit: library name or TOML path")
    p.add_argument("defender", nargs="?", help="defending unit: library name or TOML path")
    p.add_argument("--scenario", metavar="FILE.toml", default=None,
                   help="a combat of several units per side (see odds/examples/combat_*.toml); "
                   "replaces ATTACKER DEFENDER")
    p.add_argument("--charger", choices=CHARGERS, default="attacker",
                   help="who charged this turn (default attacker)")
    p.add_argument("--attacker-face", choices=FACES, default="front",
                   help="the defender's face the attacker fights (default front); a flank or "
                   "rear charge of US 5+ cancels the defender's ranks and scores +1 / +2 "
                   "(MDNR: charging bonuses)")
    p.add_argument("--distance", type=nonneg_float, default=10.0, metavar="CM",
                   help="gap between the units before the charge, in cm (default 10): decides "
                   "whether a unit fleeing at the charge (fear or terror tests at the charge) is "
                   "caught, and whether charge-distance rules strike (MDNR Arremetida of "
                   "ogres, Carga atronadora of rhinox riders from 18 cm); at most twice the "
                   "charger's M")
    p.add_argument("--strict", action="store_true",
                   help="refuse a unit whose rules the engine ignores or approximates")
    p.add_argument("--reaction", choices=("hold", "flee", "both"), default="hold",
                   help="the charged unit's charge reaction: hold (fight; default), flee "
                   "(caught, escaped, fled off the table, rallied next turn: exact, from both "
                   "units' M and --distance) or both side by side")
    p.add_argument("--edge-distance", type=nonneg_float, default=None, metavar="CM",
                   help="with --reaction flee/both: cm from the charged unit to the table "
                   "edge behind it (default: far away)")
    p.add_argument("--no-expand-frontage", action="store_true",
                   help="winners do not expand their frontage or lap round (expanding the "
                   "frontage is on "
                   "by default)")
    p.add_argument("--giant-fall-hits", choices=("default", "never"), default="default",
                   help="where a fallen giant's template lands: default, on the enemy unit in "
                   "contact one time in four, hitting its models touching the giant; never")
    p.add_argument("--loec-dances", type=lambda s: tuple(s.split(",")),
                   default=("storm", "shadows", "storm"), metavar="FIRST,EVEN,ODD",
                   help='Elfos Silvanos "Danzas de Loec": the dances of the first round, the '
                   "even rounds and the odd rounds after the first, of whirl, storm, shadows, "
                   "mist, none twice in a row (default storm,shadows,storm)")
    p.add_argument("--no-charge-tests", action="store_true",
                   help="no fear or terror tests at the charge (they are on by default)")
    p.add_argument("--max-rounds", type=int_in(1, 50), default=10,
                   help="rounds before the combat counts as unresolved (default 10)")
    for side in ("attacker", "defender"):
        p.add_argument(f"--{side}-bonus", type=int_in(-10, 10), default=0,
                       help=f"static combat-result bonus for the {side} (flank +1, rear +2, items)")
        p.add_argument(f"--{side}-high-ground", action="store_true",
                       help=f"the {side} fights from higher ground (+1)")
        p.add_argument(f"--{side}-bsb", action="store_true",
                       help=f"battle standard within 30 cm: the {side} re-rolls failed break tests")
        p.add_argument(f"--{side}-general-ld", type=int_in(2, 10), default=0, metavar="LD",
                       help=f"the General's Ld, within 30 cm of the {side}")
    p.add_argument("--edge-contact-only", action="store_true",
                   help="models touching only at a corner do not fight (an MDNR optional rule)")
    p.add_argument("--no-musician-tiebreak", action="store_true",
                   help="musicians do not break ties (an MDNR optional rule)")
    p.add_argument("--insane-courage", action="store_true",
                   help="a double 1 always passes a break test (an MDNR optional rule)")
    p.add_argument("--restrain-pursuit", action="store_true",
                   help="winners test Ld to hold back instead of always pursuing (MDNR: pursuit)")
    add_run_options(p, default_trials=200_000)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the command."""
    from odds.combat import CombatOptions, SideOptions, fight
    from odds.validation import OddsInputError

    if args.scenario is not None:
        if args.attacker or args.defender:
            raise OddsInputError("scenario: give either ATTACKER DEFENDER or --scenario, not both")
        return run_scenario(args)
    if not (args.attacker and args.defender):
        raise OddsInputError("attacker, defender: give two units (library names or TOML paths) "
                             "or --scenario FILE.toml")

    sides = {
        side: SideOptions(static_bonus=getattr(args, f"{side}_bonus"),
                          high_ground=getattr(args, f"{side}_high_ground"),
                          bsb=getattr(args, f"{side}_bsb"),
                          general_ld=getattr(args, f"{side}_general_ld"))
        for side in ("attacker", "defender")
    }
    options = CombatOptions(charger=args.charger, max_rounds=args.max_rounds,
                            corner_contact=not args.edge_contact_only,
                            musician_tiebreak=not args.no_musician_tiebreak,
                            insane_courage=args.insane_courage,
                            restrain_pursuit=args.restrain_pursuit,
                            charge_tests=not args.no_charge_tests, distance=args.distance,
                            attacker_face=args.attacker_face,
                            expand_frontage=not args.no_expand_frontage,
                            giant_fall_hits=args.giant_fall_hits,
                            loec_dances=args.loec_dances)
    from odds.unit_reference import load_unit

    units = {"attacker": load_unit(args.attacker), "defender": load_unit(args.defender)}
    if args.strict:
        from odds.listbuilding.matrix import field_list

        for side, unit in units.items():
            field_list([unit], side, strict=True)
    if args.reaction != "hold" and args.charger == "none":
        raise OddsInputError("reaction: flee and both need a charger (--charger attacker or "
                             "defender)")
    r = fight(units["attacker"], units["defender"], trials=args.trials, seed=args.seed,
              attacker_options=sides["attacker"], defender_options=sides["defender"],
              options=options)
    if args.reaction != "hold":
        return _run_reaction(args, r, units)
    models = {side: u.models for side, u in units.items()}
    payload = combat_payload(r, args.lang, models)
    headline = payload["headline"]
    names = hl.combat_names(r)
    small = hl.small_print(r.trials, r.seed, args.lang)
    if args.format == "table":
        from odds.i18n import number_text
        from odds.results import format_table

        shown = r.outcomes.drop(columns="exact")
        ch = r.extra["charge"]
        if ch["p_refused_exact"] == 0:  # no test at the charge can stop it: no such row
            shown = shown[shown["outcome"] != "no_combat"]
        labels = {o: hl.combat_outcome_label(o, names, args.lang) for o in r.outcomes["outcome"]}
        print(f"{headline}\n{small}")
        print(format_table(display_table(shown, args.lang, labels)))
        print("\n" + ("Primer turno:" if args.lang == "es" else "First round:"))
        first = {o: hl.combat_outcome_label(o, names, args.lang) for o in r.first_round["outcome"]}
        print(format_table(display_table(r.first_round, args.lang, first)))
        if ch["p_refused_exact"] + ch["p_fled_exact"] + ch["p_hits_on_6_exact"] > 0 and \
                args.lang == "es":
            c = {k: number_text(x, 4, "es") for k, x in ch.items() if isinstance(x, float)}
            print(f"\nEn la carga (chequeos de miedo o terror): la unidad que carga no carga "
                  f"{c['p_refused']} (exacta {c['p_refused_exact']}), la unidad "
                  f"cargada huye {c['p_fled']} (exacta {c['p_fled_exact']}), aguanta "
                  f"impactando solo con 6 {c['p_hits_on_6']} (exacta "
                  f"{c['p_hits_on_6_exact']})")
        elif ch["p_refused_exact"] + ch["p_fled_exact"] + ch["p_hits_on_6_exact"] > 0:
            print(f"\nAt the charge (fear or terror tests): charger refused "
                  f"{ch['p_refused']:.4f} (exact {ch['p_refused_exact']:.4f}), charged unit "
                  f"fled {ch['p_fled']:.4f} (exact {ch['p_fled_exact']:.4f}), held hitting "
                  f"only on 6s {ch['p_hits_on_6']:.4f} (exact {ch['p_hits_on_6_exact']:.4f})")
    else:
        emit(args.format, payload, r.outcomes)
    print_warnings(r.extra["warnings"], args.format, args.lang)
    if args.plot:
        from odds.combat.plot import summary

        save_plot(summary(r, lang=args.lang, title=hl.combat(r, args.lang, models)
                          .split(":")[0], note=small), args.plot, args.lang)
    return 0


def _run_reaction(args: argparse.Namespace, r, units) -> int:
    """``--reaction flee|both``: the charged unit's fates if it holds and if it flees."""
    from odds.i18n import warning_line
    from odds.listbuilding import reaction as rx
    from odds.results import format_table

    table = rx.reaction_table(r, units["attacker"], units["defender"], args.edge_distance)
    cols = ["hold", "flee"] if args.reaction == "both" else ["flee"]
    words = rx.labels(str(table.attrs["charged"]), args.lang)
    headline = rx.headline(table, args.lang)
    if args.reaction == "flee":
        headline = headline.split("; ", 1)[1].capitalize() if "; " in headline else headline
    small = hl.small_print(r.trials, r.seed, args.lang)
    if args.format == "json":
        emit("json", {"headline": headline, "trials": r.trials, "seed": r.seed,
                      "reaction": args.reaction, "charged": table.attrs["charged"],
                      "charger": table.attrs["charger"],
                      **{c: {k: (None if val != val else val) for k, val in table[c].items()}
                         for c in cols},
                      "warnings": [warning_line(w, args.lang) for w in r.extra["warnings"]]},
             table.reset_index())
    elif args.format == "csv":
        emit("csv", {}, table[cols].reset_index(names="fate"))
    else:
        shown = table[cols].rename(index=words, columns=words)
        shown.index.name = words["fate"]
        print(f"{headline}\n{small}")
        print(format_table(display_table(shown.reset_index(), args.lang)))
    print_warnings(r.extra["warnings"], args.format, args.lang)
    if args.plot:
        from odds.plot import small_print

        ax = rx.plot(table if args.reaction == "both" else table.assign(hold=float("nan")),
                     args.lang)
        small_print(ax.figure, small)
        save_plot(ax, args.plot, args.lang)
    return 0


def run_scenario(args: argparse.Namespace) -> int:
    """``odds combat --scenario FILE.toml``: several units per side."""
    from odds.combat.multiple import fight_scenario
    from odds.scenario import load_scenario, localised

    scenario = localised(load_scenario(args.scenario), args.lang)
    if args.no_charge_tests:
        scenario = scenario.replace(options=dataclasses.replace(scenario.options,
                                                                charge_tests=False))
    r = fight_scenario(scenario, trials=args.trials, seed=args.seed)
    payload = scenario_payload(r, scenario, args.lang)
    names = scenario_names(scenario, r)
    headline = payload["headline"]
    small = hl.small_print(r.trials, r.seed, args.lang)
    if args.format == "table":
        print(f"{headline}\n{small}")
        _print_scenario_tables(r, names, args.lang)
    else:
        emit(args.format, payload, r.units)
    if args.plot:
        from odds.combat.plot import scenario_summary

        save_plot(scenario_summary(r, lang=args.lang, note=small, names=names), args.plot,
                  args.lang)
    return 0


def scenario_payload(r: Any, scenario: Any, lang: str) -> dict[str, Any]:
    """What ``odds combat --scenario FILE --format json`` prints for a scenario result."""
    from odds.combat.api import CHARGE_EVENTS

    sides = {}
    for name in ("attacker", "defender"):
        sides[name] = {f"p_{k}": r.side(name, k) for k in ("wins", "broken", "destroyed")}
    units = {}
    for unit, g in r.units.groupby("unit", sort=False):
        units[unit] = dict(zip(g["outcome"], g["probability"], strict=True))
    first = r.first_round.set_index("outcome")
    names = scenario_names(scenario, r)
    headline = hl.scenario(r, lang, names)
    return {
        "headline": headline,
        "trials": r.trials,
        "seed": r.seed,
        "scenario": r.inputs["scenario"],
        "p_attacker_wins": r.side("attacker", "wins"),
        "p_defender_wins": r.side("defender", "wins"),
        "sides": sides,
        "units": units,
        "first_round": first["probability"].to_dict(),
        "first_round_exact": first["exact"].to_dict(),
        "terms": {side: dict(zip(g["term"], g["mean"], strict=True))
                  for side, g in r.terms.groupby("side", sort=False)},
        "charge": {k: r.charge[k] for k in CHARGE_EVENTS},
        "charge_units": {u: {k: ev[k] for k in CHARGE_EVENTS}
                         for u, ev in r.charge["units"].items()},
        "challenge": {**r.challenge,
                      "end_round": {int(k): float(p) for k, p in
                                    zip(r.challenge_rounds["round"],
                                        r.challenge_rounds["probability"], strict=True)}},
    }


def scenario_names(scenario: Any, r: Any) -> dict[str, str]:
    """Each body of a scenario result (unit id, character, ``<id> champion``) by its name."""
    names = {su.id: su.unit.name for side in scenario.sides for su in side}
    out = {}
    for body in dict.fromkeys(r.units["unit"]):
        stem = str(body).removesuffix(" champion")
        out[body] = (f"{names.get(stem, stem)} champion" if stem != body
                     else names.get(body, body))
    return out


def body_name(name: str, lang: str) -> str:
    """A body's name as the tables print it: ``X champion``, in Spanish ``Campeón de X``.

    A row of a table starts with a capital letter, as every other row's unit name does.
    """
    if lang == "es" and name.endswith(" champion"):
        return "Campeón de " + name.removesuffix(" champion")
    return name


def unit_outcome_es(name: str, outcome: str) -> str:
    """How a body ends (``won``, ``caught``...), in Spanish agreeing with its ``name``."""
    from odds.i18n import AGREEING_ES, agree

    key = {"wiped": "destroyed"}.get(outcome, outcome)
    if key in AGREEING_ES:
        return agree(name, key)
    return hl.OUTCOME_WORDS["es"].get(outcome, outcome)


def scenario_first_round_labels(r: Any, names: dict[str, str], lang: str) -> dict[str, str]:
    """Words of a scenario's first-round outcomes (``side0_wins``, ``draw``, ``<id>_breaks``)."""
    from odds.i18n import word

    sides = {"side0": hl.SIDE_WORDS[lang]["attacker"], "side1": hl.SIDE_WORDS[lang]["defender"]}
    first = {}
    for o in r.first_round["outcome"]:
        who = str(o).rpartition("_")[0]
        first[o] = (word("draw", lang) if o == "draw" else
                    word("side_wins", lang, side=sides[who]) if who in sides else
                    hl.combat_outcome_label("x_breaks", {"x": names.get(who, who)}, lang))
    return first


def _print_scenario_charge(r: Any, names: dict[str, str], lang: str) -> None:
    """The tests at the charge of ``odds combat --scenario`` (§3.3), per unit tested."""
    from odds.i18n import number_text

    if not r.charge.get("units"):
        return
    es = lang == "es"
    print("\n" + ("En la carga (chequeos de miedo o terror):" if es
                  else "At the charge (fear or terror tests):"))
    words = (("no carga", "huye", "aguanta impactando solo con 6") if es
             else ("refused", "fled", "held hitting only on 6s"))
    for uid, ev in r.charge["units"].items():
        parts = [f"{w} {number_text(ev[k], 4, lang)}"
                 for w, k in zip(words, ("p_refused", "p_fled", "p_hits_on_6"), strict=True)
                 if ev[k] > 0]
        if parts:
            print(f"  {names.get(uid, uid)}: " + ", ".join(parts))


def _print_scenario_tables(r: Any, names: dict[str, str], lang: str) -> None:
    """The tables of ``odds combat --scenario``: sides, units, first round, terms, challenge."""
    from odds.i18n import number_text, term, word
    from odds.results import format_table

    words = hl.OUTCOME_WORDS[lang] if lang == "es" else None
    print(format_table(display_table(r.sides.drop(columns="exact"), lang, words)))
    print("\n" + word("units", lang))
    units = r.units.drop(columns="exact")
    units["unit"] = [body_name(names.get(u, u), lang) for u in units["unit"]]
    if lang == "es":  # each row's word agrees with its unit (Capitán atrapado)
        units["outcome"] = [unit_outcome_es(u, str(o)) for u, o in
                            zip(units["unit"], units["outcome"], strict=True)]
    print(format_table(display_table(units, lang, words)))
    print("\n" + word("first_round", lang))
    print(format_table(display_table(r.first_round, lang,
                                     scenario_first_round_labels(r, names, lang))))
    print("\n" + word("terms", lang))
    terms = r.terms.pivot(index="term", columns="side", values="mean")
    terms.index = [term("combat_term", t, lang) for t in terms.index]
    terms.columns = [hl.SIDE_WORDS[lang].get(c, c) for c in terms.columns]
    print(terms.to_string(float_format=lambda x: number_text(x, 3, lang)))
    _print_scenario_charge(r, names, lang)
    if r.challenge["p_issued"] > 0:
        ch = {k: number_text(v, 3, lang) for k, v in r.challenge.items()}
        print("\n" + word("challenge", lang, issued=ch["p_issued"], refused=ch["p_refused"],
                          wins=ch["p_challenger_wins"], overkill=ch["mean_overkill"],
                          decided=ch["p_overkill_decided"]))
        print(word("challenge_round", lang))
        print(format_table(display_table(r.challenge_rounds, lang)))


def combat_payload(r: Any, lang: str, models: dict[str, int]) -> dict[str, Any]:
    """The JSON answer of a two-unit combat: its headline, then its odds (CLI and web alike)."""
    from odds.i18n import warning_line

    o = r.outcomes.set_index("outcome")
    f = r.first_round.set_index("outcome")
    return {
        "headline": hl.combat(r, lang, models),
        "trials": r.trials,
        "seed": r.seed,
        "attacker": r.inputs["attacker"],
        "defender": r.inputs["defender"],
        "charger": r.inputs["charger"],
        "outcomes": o["probability"].to_dict(),
        "outcomes_stderr": o["stderr"].to_dict(),
        "first_round": f["probability"].to_dict(),
        "first_round_exact": f["exact"].to_dict(),
        "p_attacker_wins": r.p_win("attacker"),
        "p_defender_wins": r.p_win("defender"),
        "rounds": r.n_rounds[["rounds", "probability"]].to_dict(orient="records"),
        "charge": {k: r.extra["charge"][k] for k in ("p_refused", "p_fled", "p_hits_on_6")},
        "warnings": [warning_line(w, lang) for w in r.extra["warnings"]],
    }
