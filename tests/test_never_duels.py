"""``never_duels``: a war machine's crewman of his own profile, who is no champion.

MDNR_Orcos_y_Goblins_Machotez_de_Grimgor_v1.cat, "Lanzapiedroz" and "Lanzapinchoz": the crew
choice ("Elección de dotación") takes three "Goblin" (HA2 F3 R3 H1 I2 A1 L6) led by an
"Ezpabilagoblinz" ("Ezpabilagoblins" HA3 F3 R4 H1 I2 A1 L7, TSA 6+, "Armadura ligera",
"Rebanadora"), whose rule "Ezpabilagoblins" reads "Algunas máquinas de guerra pueden tener un
Ezpabilagoblins como miembro de la dotación. Se trata de un Orco a todos los efectos": one more
crewman with his own T, W and save, a body of his own beside the machine, and no champion: he
never issues nor accepts a challenge (RULES.md §1.9: characters and champions duel).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import binomial, cat, check_kernel_first_round, clean, infantry, kinds, needs_data

from odds.combat.api import simulate
from odds.combat.model import FRONT, CombatOptions, build, build_units
from odds.combat.model.layout import CHALLENGE_STATS
from odds.units import Profile

GRIMGOR = "MDNR_Orcos_y_Goblins_Machotez_de_Grimgor_v1.cat"
TRIALS = 200_000


@needs_data
@pytest.mark.parametrize(("name", "points"), [("Lanzapiedroz", 75.0), ("Lanzapinchoz", 40.0)])
def test_crewman_from_the_catalogue(name, points):
    """The machine (R7 H3) keeps its three Goblins; the Ezpabilagoblins is its crewman body:
    his printed profile, light armour (6+ on foot, RULES.md §1.5) and ``never_duels``; his
    "Ezpabilagoblinz" entry (5 points) is priced as that command model, so the default build
    costs what the catalogue says (Lanzapiedroz 70 + 5, Lanzapinchoz 35 + 5).  Nothing of
    either entry is ignored or approximated."""
    book = cat(GRIMGOR)
    unit = book.unit(name)
    assert unit.troop_type == "war_machine" and unit.crew == 3 and unit.extra_crew is None
    assert (unit.profile.WS, unit.profile.T, unit.profile.W) == (2, 7, 3)
    assert unit.command.champion and unit.command.champion_points == 5.0
    assert unit.champion_profile == Profile(M=10, WS=3, BS=3, S=3, T=4, W=1, I=2, A=1, Ld=7)
    assert unit.champion_armour == "light" and unit.champion_special == ("never_duels",)
    assert unit.points == points
    assert kinds(book, name)["Ezpabilagoblins"] in ("note", "no_combat_effect")
    assert clean(book, name)
    without = unit.replace(command=unit.command.replace(champion=False))
    assert without.points == points - 5.0


@needs_data
def test_crewman_fights_beside_the_goblins():
    """Against twenty WS5 T3 models without a save (A0): each Goblin (WS2) hits on 5+ (WS5 is
    more than twice his, RULES.md §1.3) and wounds T3 on 4+ (§1.4), 1/6 a blow, three blows;
    the Ezpabilagoblins (WS3) hits on 4+ and wounds on 4+, 1/4 for his one blow.  The kernel
    (the exact first round takes no crewman body) against Binomial(3, 1/6) convolved with
    Binomial(1, 1/4); without him (command "none"), Binomial(3, 1/6)."""
    unit = cat(GRIMGOR).unit("Lanzapiedroz")
    enemy = infantry("Objetivo", 20, 10, WS=5, A=0)
    opts = CombatOptions(charger="defender", max_rounds=1)
    law = list(np.convolve(binomial(3, 1 / 6), binomial(1, 1 / 4)))
    check_kernel_first_round(build(unit, enemy, options=opts), law, 3661,
                             "Goblins and their Ezpabilagoblins")
    crew = unit.replace(command=unit.command.replace(champion=False))
    check_kernel_first_round(build(crew, enemy, options=opts), binomial(3, 1 / 6), 3662,
                             "the Goblins alone")


def _challenges(machine, seed: int, policy: str) -> tuple[int, int]:
    """Trials in which a challenge was issued, and refused, in one round between ``machine``
    (challenge policy ``policy``) and ten infantry with a champion that always challenges."""
    enemy = infantry("E", 10, 5, command={"champion": True})
    model = build_units([machine, enemy], [0, 1], [(0, 1, FRONT, FRONT)], [False, True],
                        [None, None], CombatOptions(max_rounds=1),
                        challenge=[policy, "always"])
    out = simulate(model, TRIALS, seed)
    return (int(out["chal"][CHALLENGE_STATS.index("issued")]),
            int(out["chal"][CHALLENGE_STATS.index("refused")]))


@needs_data
def test_crewman_never_duels():
    """The enemy champion's challenge finds nobody to accept it, and the machine's crewman
    issues none under the policy ``always``: no challenge in any trial.  The same crewman
    without ``never_duels`` (a war machine's leader, Regimientos de Renombre "Cercenagoblins
    de Malakai") accepts every time."""
    unit = cat(GRIMGOR).unit("Lanzapiedroz")
    assert _challenges(unit, 3663, "always") == (0, 0)
    assert _challenges(unit, 3664, "never") == (0, 0)
    leader = unit.replace(champion_special=())
    assert _challenges(leader, 3665, "always") == (TRIALS, 0)
