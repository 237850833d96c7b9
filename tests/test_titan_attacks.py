"""Reyes Funerarios "Ataques especiales" (Titán de Khemri): a D6 table each round.

The rule's text is the catalogue's (../shared/battlescribe/MDNR_Reyes_Funerarios v5.cat and
MDNR_Reyes_Funerarios_Ejercito_de_Quatar_v1.cat, entry "Titán de Khemri (ocupa hueco de
singular y de héroe)(requiere un necrotecto)", rule "Ataques especiales"); the kernel is
checked against the mixture over the table's D6 worked out by hand, at z = 5 with a fixed
seed.
"""

from __future__ import annotations

from conftest import (
    assert_distribution,
    binomial,
    cat,
    first_round_shares,
    infantry,
    kinds,
    needs_data,
)

from odds.combat.api import simulate
from odds.combat.exact import first_round_exact
from odds.combat.model import CombatOptions, build
from odds.units import unit_from_dict

N = 200_000
ENTRY = "Titán de Khemri (ocupa hueco de singular y de héroe)(requiere un necrotecto)"
BOOKS = ("MDNR_Reyes_Funerarios v5.cat", "MDNR_Reyes_Funerarios_Ejercito_de_Quatar_v1.cat")


def _titan():
    """The catalogue's Titán: M15 HA2 F6 R6 H6 I1 A* L10, 3+, Monstruo; its table."""
    return unit_from_dict({
        "name": "Titán de Khemri", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 2, "BS": 2, "S": 6, "T": 6, "W": 6, "I": 1, "A": 1,
                    "Ld": 10},
        "equipment": {"armour_save_override": 3},
        "rules": {"special": ["titan_attacks", "always_strikes_last"]}})


def _sum_dice(k: int) -> list[float]:
    """The law of the sum of ``k`` D6."""
    law = [1.0]
    for _ in range(k):
        nxt = [0.0] * (len(law) + 6)
        for s, p in enumerate(law):
            for f in range(1, 7):
                nxt[s + f] += p / 6
        law = nxt
    return law


def _hits(count: list[float], p: float) -> list[float]:
    """Wounds of a random number of hits (``count``'s law) each wounding with ``p``."""
    out = [0.0] * len(count)
    for n, q in enumerate(count):
        for w, b in enumerate(binomial(n, p)):
            out[w] += q * b
    return out


def _mix(parts: list[tuple[float, list[float]]], cap: int) -> list[float]:
    law = [0.0] * (cap + 1)
    for weight, dist in parts:
        for w, q in enumerate(dist):
            law[min(w, cap)] += weight * q
    return law


def _shift(law: list[float], k: int) -> list[float]:
    return [0.0] * k + law


def test_the_table_against_infantry():
    """Against infantry (no +1): 1 "Escarabajos comecarne" 3D6 S2 hits (T3: 5+); 2-3 "Hambre
    insaciable" 2D6+1 attacks at WS2 against WS3 (4+) and S6 against T3 (2+); 4 "Cuchillas
    cortantes" I tests the I10 goblins never fail; 5 "Mandíbulas devoradoras" 1D6 S6 hits
    (2+); 6 "Aliento de la Noche" no attack (RULES.md §1.3-§1.4 to hit and to wound).
    The goblins (20, five wide, no save) strike no blow; the exact first round refuses the
    table."""
    goblins = infantry("Goblins", 20, 5, T=3, I=10, S=1, A=0)
    model = build(_titan(), goblins, options=CombatOptions(max_rounds=1, charger="none"))
    one_die = [0.0] + [1 / 6] * 6
    attacks = _shift(_sum_dice(2), 1)
    law = _mix([(1 / 6, _hits(_sum_dice(3), 1 / 3)),
                (2 / 6, _hits(attacks, 5 / 12)),
                (1 / 6, [1.0]),
                (1 / 6, _hits(one_die, 5 / 6)),
                (1 / 6, [1.0])], 20)
    sim = first_round_shares(simulate(model, N, 371), 0, N)
    assert_distribution(sim, law, N, what="the Titán's table on infantry")
    assert first_round_exact(model) is None


def test_the_table_against_a_monster_adds_one():
    """Against a monster the roll is +1 ("contra miniaturas que no sean Infantería,
    Caballería o Enjambre, suma +1"): 2-3 2D6+1 attacks (4+, S6 on T5 3+); 4 one I test of
    the I3 monster (fails on 4+) for one wound; 5 1D6 S6 hits (3+); 6 nothing; 7 "Hambre
    devoraalmas" one S10 hit (2+) of 1D6 wounds.  A lone W8 monster with no save: its
    wounds are at most 8."""
    monster = unit_from_dict({
        "name": "Monstruo", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 3, "BS": 0, "S": 1, "T": 5, "W": 8, "I": 3, "A": 0,
                    "Ld": 5},
        "equipment": {"armour_save_override": 7}, "rules": {"special": []}})
    model = build(_titan(), monster, options=CombatOptions(max_rounds=1, charger="none"))
    attacks = _shift(_sum_dice(2), 1)
    one_die = [0.0] + [1 / 6] * 6
    soul = [1 / 6] + [5 / 36] * 6
    law = _mix([(2 / 6, _hits(attacks, 1 / 3)),
                (1 / 6, [1 / 2, 1 / 2]),
                (1 / 6, _hits(one_die, 2 / 3)),
                (1 / 6, [1.0]),
                (1 / 6, soul)], 8)
    sim = first_round_shares(simulate(model, N, 372), 0, N)
    assert_distribution(sim, law, N, what="the Titán's table on a monster")


def test_night_breath_wins_by_two():
    """6 "Aliento de la Noche": "El Titán no ataca. En la subfase de resolución de combate, a
    todos los efectos ha ganado el jugador de Khemri por 2 puntos" (RULES.md §2 combat
    result).  Against a T10 I10 W6 monster (the +1: a D6 of 2 to 7) nothing else wounds
    but "Hambre devoraalmas" (7: S10 on T10, 4+, then 1D6 wounds): the first-round margin
    is 2 with 1/6, each of 1 to 6 wounds with 1/72 more, else 0 (unit strengths 6 and 6,
    no other bonus; six wounds slay the monster, and the Titán outnumbering what is left
    adds 1: 7)."""
    monster = unit_from_dict({
        "name": "Monstruo", "troop_type": "monster", "models": 1, "files": 1,
        "profile": {"M": 15, "WS": 3, "BS": 0, "S": 1, "T": 10, "W": 6, "I": 10, "A": 0,
                    "Ld": 10},
        "equipment": {"armour_save_override": 7}, "rules": {"special": []}})
    model = build(_titan(), monster, options=CombatOptions(max_rounds=1, charger="none"))
    law = {0: 3 / 4, 1: 1 / 72, 2: 1 / 6 + 1 / 72, 3: 1 / 72, 4: 1 / 72, 5: 1 / 72,
           6: 0.0, 7: 1 / 72}
    out = simulate(model, N, 373)
    centre = (out["margin"].shape[0] - 1) // 2
    shares = {k - centre: c / N for k, c in enumerate(out["margin"]) if c}
    assert min(shares) >= 0
    assert_distribution(shares, [law[k] for k in range(8)], N, what="the first-round margin")


@needs_data
def test_titan_from_the_catalogues():
    """Spot check by hand, "Titán de Khemri": M15 HA2 HP2 F6 R6 H6 I1 A* L10, 3+, Monstruo,
    340 points (Reyes Funerarios v5 and the Ejército de Quatar); its "Ataques especiales"
    read from the text, its A "*" one table roll a round; imports fully modelled."""
    for book in BOOKS:
        c = cat(book)
        u = c.unit(ENTRY)
        p = u.profile
        assert (p.M, p.WS, p.S, p.T, p.W, p.I, p.A, p.Ld) == (15, 2, 6, 6, 6, 1, 1, 10), book
        assert u.has("titan_attacks") and u.has("always_strikes_last"), book
        assert u.troop_type == "monster" and u.armour_save == 3, book
        assert u.points_per_model == 340, book
        k = kinds(c, ENTRY)
        assert k["Titán de Khemri A"] == "note", book
        assert not [n for n, v in k.items() if v in ("ignored", "approximated")], book
