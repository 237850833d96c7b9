"""A unit entry being read: the selection, the import report, and what the builder has learnt.

The builder (:mod:`odds.battlescribe.build`) is one object made of the parts in the
modules of their concepts (profiles, troop type, members, mounts, extra crew, equipment,
command group, special rules, saves); :class:`_Reading` is what they share: the state each
part fills in for the others (set in the order :meth:`~odds.battlescribe.build._Builder.build`
calls them), the report, and the unit's rules and command entries.
"""

from __future__ import annotations

from odds.battlescribe.centaurs import _Centaur
from odds.battlescribe.races import entry_army
from odds.battlescribe.report import Collector
from odds.battlescribe.selection import Selection
from odds.battlescribe.tree import Node, RawProfile


class _Reading:
    """The state of a unit entry being built, and what every part of the builder reads."""

    def __init__(self, sel: Selection, name: str, sink: Collector, army: str = "") -> None:
        # an entry of another army than its catalogue's (races.ENTRY_ARMIES: the regiments
        # of renown of Arabia)
        self.sel, self.name, self.sink = sel, name, sink
        self.army = entry_army(sel.unit.name, army) if army else army
        self.weapon_rules: tuple[str, ...] = ()
        self.wards: list[int] = []
        self.thick_skin = False
        self.impale: tuple[str, int] | None = None  # "Empalar": (name, steeds' S bonus)
        self.dice_attacks: list[tuple[str, str, str]] = []  # (item, "d6+1", note) printed A
        self.random_rule = ""  # "Ataques aleatorios" without its dice in the name
        self.steed_dice: tuple[str, str, str] | None = None  # the steeds' printed dice A
        self.random_move = ""  # a printed M roll ("5d6")
        self.extra_nodes: set[int] = set()  # the option tree of a second kind of crew
        self.handlers = ""  # the rule making the second crew a monster's handlers
        self.mixed_front = ""  # the rule giving the front rank its own weapon (mixed_front())
        self.front_ids: set[int] = set()  # the option tree of that front rank's models
        self.front_weapon = ""  # its weapon (Unit.front_weapon)
        self.not_chariot = ""  # the rule making a model of Tipo "Altar" a monster
        self.option_rules: dict[str, str | None] = {}  # see rules_of_options
        self.flying_monster = ""  # a war machine's rule making it a flying monster
        self.folded_knight = False  # knights printed as one "Infantería" profile with M20
        self.troop_type = ""
        self.race = ""
        self.centaur: _Centaur | None = None
        self.riderless = False
        self.scaly_skin = ""
        self.cc_save: list[str] = []  # +1 to the armour save in close combat (saves._cc_save)
        self.champion_items: list[str] = []  # CHAMPION_ITEMS carried by the champion
        self.champion_weapon = ""  # the champion's own weapon (champions_weapon())
        self.weapon_key = "hand_weapon"  # the unit's weapon (equipment())
        self.weapon_impacts = ""  # impact hits its weapon gives (WEAPON_IMPACTS)
        self.steed_rules: list[tuple[str, tuple[str, ...], int]] = []  # (name, flags, poison)
        self.rider_magic = False  # magic attacks of the riders only (rule_names.rider_rule)
        self.charge_strength = ""  # a rule giving "F+1 en carga" to the beast that has it
        self.worn: list[tuple[str, int]] = []  # armour options of a printed save: (name, save)
        # named members (odds.units.Member): (profile, role, entry), and their entries' ids
        self.member_raws: list[tuple[RawProfile, str, Node]] = []
        self.second_champion_cost = 0.0  # a second champion's option ("Campeonas")
        # a small machine's crew (small_machine): its profile's name and how many dwarfs
        self.small_crew: tuple[str, int] | None = None
        self.member_ids: set[int] = set()
        self.weapon_only_rules: tuple[str, ...] = ()  # the unit's weapon's WEAPON_RULES
        self.champion_special: tuple[str, ...] = ()  # the leader's own rules (leader_only)
        self.champion_hatred: tuple[str, ...] = ()  # the leader's own hatred (leader_only)
        self.champion_ward = 0  # the leader's own ward save (command_group._LEADER_WARD)
        self.champion_save_override: int | None = None  # the leader's "Armadura 3+"
        self.champion_troop_type = ""  # a war machine's crewman of another troop type
        self.roles: set[str] = set()  # the command roles taken (build())
        self.beast_unit = False  # a Beastmaster built as his beasts' unit (beast_lord)
        self.foot_beasts: RawProfile | None = None  # a Beastmaster's bears (beast_lord)

    def note(self, item: str, kind: str, reason: str) -> None:
        self.sink.add(self.name, item, kind, reason)

    def command_ids(self) -> set[int]:
        """Ids of the command models' entries and everything under them."""
        return {id(x) for n in self.sel.command.values() for x in n.walk()}

    def rule_names(self) -> list[str]:
        """The rules of the unit entry and of everything taken, in order (repeats kept).

        A monster's handlers' own rules are theirs, not the unit's
        (:meth:`~odds.battlescribe.extra_crew._ExtraCrew.handlers_hatred`).
        """
        names: list[str] = list(self.sel.unit.rules)
        for node in self.sel.taken:
            if not (self.handlers and id(node) in self.extra_nodes):
                names += node.rules
        return names

    def rule_texts(self) -> dict[str, str]:
        """Descriptions of the rules of :meth:`rule_names` (the unit entry's first)."""
        texts: dict[str, str] = dict(self.sel.unit.rule_texts)
        for node in self.sel.taken:
            for k, v in node.rule_texts.items():
                texts.setdefault(k, v)
        return texts
