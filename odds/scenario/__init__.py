"""Combat scenarios: several units per side, characters, faces and policies.

A :class:`CombatScenario` is one close combat: two sides (``attacker`` =
side 0, ``defender`` = side 1), each a tuple of :class:`ScenarioUnit`.  Each
unit engages exactly one enemy unit on one of that enemy's faces (``front``,
``flank``, ``rear``); an enemy unit may be engaged on several faces by
different units.  Everything is validated when built and every bad input
raises :class:`odds.validation.OddsInputError` naming the key path in the
TOML schema (``attacker[1].engaged_with: ...``; list indices start at 0),
prefixed by the file when loaded.

TOML schema
-----------
.. code-block:: toml

    name = "Knights hit the flank"
    active_side = "attacker"     # attacker | defender (default: the side that charged)
    max_rounds = 10              # 1..50
    notes = ""
    [options]                    # rule options, Defaults per RULES.md
    corner_contact = true        # §1.1
    musician_tiebreak = true     # §2.4
    insane_courage = false       # §3.2
    restrain_pursuit = false     # §4.3
    flank_rear_rule = "mdnr"     # §2.2: mdnr (only the side with more flankers) | both
    charge_tests = true          # §3.3: fear and terror tests at the charge

    [[attacker]]
    id = "swords"                # unique in the scenario
    unit = "empire_swordsmen"    # library name, a .toml path relative to this file,
                                 # or an inline table [attacker.unit] in the unit schema
    models = 20                  # optional: replace the unit's models / files
    files = 5
    engaged_with = "boyz"        # id of ONE enemy unit
    face = "front"               # the face of THAT ENEMY this unit touches: front | flank | rear
    charged = true               # only units of the active side can have charged
    challenge = "always"         # never | always | champion
    allocation = "troops"        # troops | character | split
    static_bonus = 0             # -10..10, combat-result bonus (items...)
    high_ground = false
    general_within_30cm = 0      # the General's Ld if he is within 30 cm (0 = no)
    bsb_within_30cm = false
    [[attacker.characters]]      # schema of odds.characters; front rank of this unit
    name = "Captain"
    general = true
    [attacker.characters.profile]
    M = 10
    WS = 5
    # ...
    # or, in the unit's table, an army book's character with the options taken
    # (odds.battlescribe.catalogue_characters; PATH relative to this file):
    # characters = ["MDNR_Imperio v4_5.cat:Capitán imperial?upgrades=Armadura pesada,Escudo"]

    [[attacker]]
    id = "knights"
    unit = "empire_knights"
    engaged_with = "boyz"
    face = "flank"
    charged = true

    [[defender]]
    id = "boyz"
    unit = "orc_boyz"
    engaged_with = "swords"
    face = "front"

Conventions and judgement calls
-------------------------------
* Contact geometry.  ``face`` is the face of the engaged enemy.  A unit that
  is not engaged back by its enemy touches it with its own front (it charged
  or wheeled in).  When two units engage each other, at least one of them
  must name ``front`` (two units cannot meet flank to flank), and a unit that
  charged touches with its front (so its enemy must name ``front``).
* Per enemy unit: at most one unit on its front, one on its rear and two on
  its flanks (left and right; ``flank`` means either).
* One scenario is one combat: every unit must be linked to every other one
  through ``engaged_with`` (otherwise they are separate combats).
* Characters (:class:`odds.characters.Character`) join the unit in its front
  rank, each taking a rank-and-file place: they are *in addition to* the
  unit's ``models`` (they count towards ranks, §2.2 "characters fill rank
  spaces").  The command group stands in the front rank first and the
  characters beside it; the engine fights every character in the front rank,
  so a unit takes at most ``files`` less its command models
  (:func:`odds.scenario.unit.front_rank_room`); a command group alone may be
  wider than the unit.  Characters join ranked units only (not monsters,
  chariots or war machines).
* Challenge policy (§1.9, source 004), per unit: ``never`` (this unit's
  characters and champion neither issue nor accept; a character refuses; a
  champion cannot hide, as it stays in the command group, so a unit whose
  only candidate is its champion accepts),
  ``always`` (Default: issue and accept with the unit's best fighter,
  character or champion; a player normally challenges, since overkill scores
  and a refused challenge costs the unit its Ld), ``champion`` (only the
  champion issues or accepts, to protect the characters; the unit must have
  one).  The active side decides first (``active_side``).
* Allocation policy (§1.1, source 004), per unit: how its rank-and-file in
  contact with enemy characters split their attacks: ``troops`` (Default),
  ``character`` or ``split``.
* ``static_bonus``, ``high_ground``, ``general_within_30cm`` and
  ``bsb_within_30cm`` are per unit, as in :class:`odds.combat.SideOptions`;
  combat-result bonuses are applied once per side by the engine (src 000).
* At most one General and one battle standard bearer per side.  A unit whose
  General or BSB is among its own characters must not also claim one within
  30 cm; a unit claiming the General within 30 cm while the side's General is
  in the combat must use his Ld.
"""

from __future__ import annotations

from odds.scenario.combat import CombatScenario, Contact, TwoUnitCombat, two_unit_scenario
from odds.scenario.loader import load_scenario, localised, scenario_from_dict
from odds.scenario.options import CombatOptions, SideOptions
from odds.scenario.unit import ScenarioOptions, ScenarioUnit
from odds.vocabulary import ALLOCATIONS, CHALLENGE_POLICIES, FACES, FLANK_REAR_RULES, SIDE_NAMES

__all__ = [
    "ALLOCATIONS",
    "CHALLENGE_POLICIES",
    "FACES",
    "FLANK_REAR_RULES",
    "SIDE_NAMES",
    "CombatOptions",
    "CombatScenario",
    "Contact",
    "ScenarioOptions",
    "ScenarioUnit",
    "SideOptions",
    "TwoUnitCombat",
    "load_scenario",
    "localised",
    "scenario_from_dict",
    "two_unit_scenario",
]
