"""``odds demo``: a short tour on built-in example situations."""

from __future__ import annotations

import argparse

from odds.commands import _headline as hl
from odds.commands._output import add_lang_option, display_table, int_in
from odds.results import format_table


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``demo`` subcommand."""
    p = sub.add_parser("demo", help="run a short tour of what odds answers")
    p.add_argument("--trials", type=int_in(1, 10**9), default=1_000_000,
                   help="trials per question (default 1_000_000)")
    p.add_argument("--seed", type=int_in(0), default=2026, help="random seed (default 2026)")
    add_lang_option(p)
    p.set_defaults(func=run, stream_output=True)  # sections appear as they are computed


def _section(title: str, body: str) -> None:
    print(f"\n== {title}\n{body}")


def run(args: argparse.Namespace) -> int:
    """Run the tour."""
    from odds.charge import charge_vs_flee
    from odds.flight import flee
    from odds.pursuit import pursue

    n, seed, lang = args.trials, args.seed, args.lang
    words = hl.OUTCOME_WORDS[lang]
    es = lang == "es"
    print(f"odds demo: {n:,} simulaciones por pregunta, semilla {seed}. 'exacta' es la "
          "probabilidad exacta; el resto es Monte Carlo." if es else
          f"odds demo: {n:,} trials per question, seed {seed}. "
          "'exact' is the exact probability; the rest is Monte Carlo.")
    r = charge_vs_flee(18, 10, 20, edge_distance=40, trials=n, seed=seed)
    _section(hl.charge(r, lang), format_table(display_table(r.table, lang, words)))
    r = charge_vs_flee(10, 20, 8, trials=n, seed=seed)
    _section(hl.charge(r, lang), format_table(display_table(r.table, lang, words)))
    r = pursue(10, 10, trials=n, seed=seed)
    _section(hl.pursue(r, lang), format_table(display_table(r.table, lang, words)))
    r = pursue(20, 10, trials=n, seed=seed)
    _section(hl.pursue(r, lang), format_table(display_table(r.table, lang, words)))
    r = flee(10, 40, 7, turns=3, trials=n, seed=seed)
    _section(hl.flee(r, lang), format_table(display_table(r.table, lang, words)))

    from odds.combat import fight
    from odds.emergence import example_path
    from odds.units import library_unit

    a, d = library_unit("empire_swordsmen"), library_unit("orc_boyz")
    c = fight(a, d, trials=n, seed=seed)
    names = hl.combat_names(c)
    labels = {o: hl.combat_outcome_label(o, names, lang)
              for o in [*c.outcomes["outcome"], *c.first_round["outcome"]]}
    _section(hl.combat(c, lang, {"attacker": a.models, "defender": d.models}),
             format_table(display_table(c.outcomes.drop(columns="exact"), lang, labels)))
    _section("... y su primer turno, exacto junto a simulado" if es else
             "... and its first round, exact beside simulated",
             format_table(display_table(c.first_round, lang, labels)))

    from odds.combat.multiple import fight_scenario
    from odds.commands.combat import scenario_names
    from odds.commands.emerge import outcome_words
    from odds.i18n import number_text, word
    from odds.listbuilding import matchup_matrix
    from odds.scenario import load_scenario as load_combat
    from odds.scenario import localised as localised_combat

    heroes = localised_combat(load_combat(str(example_path("combat_heroes"))), lang)
    h = fight_scenario(heroes, trials=n, seed=seed)
    ch = {k: number_text(v, 3, lang) for k, v in h.challenge.items()}
    _section(hl.scenario(h, lang, scenario_names(heroes, h)),
             format_table(display_table(h.sides.drop(columns="exact"), lang,
                                        words if es else None))
             + "\n" + word("challenge", lang, issued=ch["p_issued"], refused=ch["p_refused"],
                           wins=ch["p_challenger_wins"], overkill=ch["mean_overkill"],
                           decided=ch["p_overkill_decided"]))
    m = matchup_matrix("empire_swordsmen,empire_knights,dwarf_hammerers",
                       "orc_boyz,black_orcs,trolls", points=250, trials=max(2000, n // 10),
                       seed=seed, charger="a")
    grid = m.pivot(index="unit_a", columns="unit_b", values="p_a_wins")
    if es:
        grid.index.name, grid.columns.name = "mi unidad", "la suya"
    _section("Listas: P(gana mi unidad) a 250 puntos cada una, cargando mi unidad" if es else
             "List building: P(my unit wins) at 250 points each, my unit charging",
             grid.to_string(float_format=lambda x: number_text(x, 3, lang)))

    from odds.emergence import emerge, load_scenario, localised

    e = emerge(localised(load_scenario(example_path("emergence_ambush")), lang), trials=n,
               seed=seed)
    _section(hl.emerge(e, lang),
             format_table(display_table(e.table, lang, outcome_words(e.table, lang))))
    return 0
