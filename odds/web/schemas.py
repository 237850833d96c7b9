"""What a request may ask: the fields, their ranges, and the caps of a public page.

Every limit is a constant here, so an error message can name the field and
its allowed range (:func:`field_range`), and the tests can read the caps.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from odds.flight import MAX_TURNS

MAX_TRIALS = 2_000_000
"""Most Monte Carlo trials one web request may run (the CLI allows more)."""

MAX_MODELS = 200
"""Most models in one unit on the page."""

MAX_FILES = 50
MAX_UPGRADES = 20
MAX_SEED = 2**63 - 1
MAX_DISTANCE = 500.0
"""Largest distance in cm (a table is at most 480 cm long)."""

MAX_CHARACTERS = 4
"""Most characters joining one unit."""

MAX_NAME = 200
MAX_JOBS_PER_CLIENT = 4
"""Jobs one client may have running at once."""

def field_range(model: type[BaseModel], loc: tuple) -> str:
    """``in [1, 2000000]``: the range of the field at ``loc`` of ``model``, else ``""``.

    ``loc`` is a pydantic error location (``("attacker", "models")``); the
    bounds are read from the field's ``ge`` and ``le`` constraints.
    """
    cls: type[BaseModel] | None = model
    info = None
    for part in loc:
        if isinstance(part, int):  # an item of a list: the same model
            continue
        if cls is None or part not in cls.model_fields:
            return ""
        info = cls.model_fields[part]
        ann = info.annotation
        cls = next((a for a in (ann, *getattr(ann, "__args__", ()))
                    if isinstance(a, type) and issubclass(a, BaseModel)), None)
    if info is None:
        return ""
    lo = next((m.ge for m in info.metadata if hasattr(m, "ge")), None)
    hi = next((m.le for m in info.metadata if hasattr(m, "le")), None)
    if lo is None and hi is None:
        return ""
    return f"in [{lo if lo is not None else '...'}, {hi if hi is not None else '...'}]"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", str_max_length=MAX_NAME)


Lang = Literal["en", "es"]


class RunOptions(_Strict):
    """Trials, seed and language of any answer."""

    trials: int = Field(200_000, ge=1, le=MAX_TRIALS)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    lang: Lang = "en"


class UnitChoice(_Strict):
    """A unit as picked on the page: army book, unit, size, command group, upgrades."""

    book: str = Field("builtin", min_length=1, max_length=40)
    unit: str = Field(..., min_length=1)
    models: int | None = Field(None, ge=1, le=MAX_MODELS)
    files: int | None = Field(None, ge=1, le=MAX_FILES)
    command: Literal["none", "full", "champion", "standard", "musician",
                     "champion,standard", "champion,musician", "standard,musician"] = "none"
    upgrades: list[str] = Field(default_factory=list, max_length=MAX_UPGRADES)
    data: dict[str, Any] | None = Field(None, description="a unit by value (an uploaded "
                                        "one, as /api/upload lists it); replaces book and unit")
    characters: list[dict[str, Any]] = Field(
        default_factory=list, max_length=MAX_CHARACTERS,
        description="characters joining the unit, by value (as /api/upload and "
        "/api/books/{id}/characters list them: the TOML schema of odds.characters)")


class CharacterChoice(_Strict):
    """A character of an army book with the options picked for him (``/api/character``)."""

    book: str = Field("builtin", min_length=1, max_length=40)
    key: str = Field(..., min_length=1, description="the character's key, as "
                     "/api/books/{id}/characters lists it")
    upgrades: list[str] = Field(default_factory=list, max_length=MAX_UPGRADES,
                                description="names of the options taken (a catalogue "
                                "character's options, as the listing gives them)")
    lang: Lang = "en"


class SideChoice(_Strict):
    """A side's bonuses: static bonus, high ground, battle standard, General's Ld."""

    bonus: int = Field(0, ge=-10, le=10)
    high_ground: bool = False
    bsb: bool = False
    general_ld: int = Field(0, ge=0, le=10)
    challenge: Literal["never", "always", "champion"] = Field(
        "always", description="with characters: who issues or accepts challenges (a "
        "scenario file's challenge)")
    allocation: Literal["troops", "character", "split"] = Field(
        "troops", description="with characters: where the enemy's blows go (a scenario "
        "file's allocation)")


class CombatRequest(RunOptions):
    """Two units fight to a result (``odds combat A B``)."""

    attacker: UnitChoice
    defender: UnitChoice
    attacker_side: SideChoice = Field(default_factory=SideChoice)
    defender_side: SideChoice = Field(default_factory=SideChoice)
    charger: Literal["attacker", "defender", "none"] = "attacker"
    attacker_face: Literal["front", "flank", "rear"] = "front"
    distance: float = Field(10.0, ge=0, le=MAX_DISTANCE)
    max_rounds: int = Field(10, ge=1, le=50)
    expand_frontage: bool = True
    giant_fall_hits: Literal["default", "never"] = "default"
    charge_tests: bool = True
    corner_contact: bool = True
    musician_tiebreak: bool = True
    insane_courage: bool = False
    restrain_pursuit: bool = False


class HoldOrFleeRequest(CombatRequest):
    """Charged: hold (the combat, the attacker charging) or flee (``odds charge``, ``odds flee``).

    The attacker is the charger and the defender the target; ``charger`` is
    always ``attacker``.
    """

    charger: Literal["attacker"] = "attacker"
    edge_distance: float | None = Field(None, ge=0, le=MAX_DISTANCE)
    target_flies: bool = False


MAX_VARIANTS = 4
"""Most variants of one combat compared side by side."""


class CompareRequest(_Strict):
    """Up to :data:`MAX_VARIANTS` variants of one combat, each a whole combat question."""

    variants: list[CombatRequest] = Field(..., min_length=1, max_length=MAX_VARIANTS)


class EmergeRequest(RunOptions):
    """A tunnelling unit comes up (``odds emerge``): the table, the marker, a scenario."""

    trials: int = Field(200_000, ge=1, le=MAX_TRIALS)
    table_width: float | None = Field(None, ge=10, le=MAX_DISTANCE)
    table_depth: float | None = Field(None, ge=10, le=MAX_DISTANCE)
    marker_x: float | None = Field(None, ge=0, le=MAX_DISTANCE)
    marker_y: float | None = Field(None, ge=0, le=MAX_DISTANCE)
    scale: Literal["2.5", "2", "1"] | None = None
    scenario: str | None = Field(None, max_length=60_000,
                                 description="a scenario TOML's text (odds/examples/"
                                 "emergence_*.toml), read in memory")


MAX_LIST = 10
"""Most units in one list of a matchup matrix (a 10 x 10 matrix)."""

MAX_MATRIX_TRIALS = 100_000
"""Most trials per cell of a matchup matrix."""


class MatrixRequest(RunOptions):
    """Every unit of list A against every unit of list B (``odds matrix``)."""

    trials: int = Field(20_000, ge=1, le=MAX_MATRIX_TRIALS)
    list_a: list[UnitChoice] = Field(..., min_length=1, max_length=MAX_LIST)
    list_b: list[UnitChoice] = Field(..., min_length=1, max_length=MAX_LIST)
    points: float | None = Field(None, ge=1, le=10_000)
    charger: Literal["both", "a", "b", "none"] = "both"
    max_rounds: int = Field(10, ge=1, le=50)


class ChargeRequest(RunOptions):
    """Charge versus flee (``odds charge``)."""

    trials: int = Field(1_000_000, ge=1, le=MAX_TRIALS)
    charger_move: float = Field(..., ge=0, le=100)
    target_move: float = Field(..., ge=0, le=100)
    distance: float = Field(..., ge=0, le=MAX_DISTANCE)
    target_flies: bool = False
    difficult: float = Field(0.0, ge=0, le=MAX_DISTANCE)
    wheel: float = Field(0.0, ge=0, le=MAX_DISTANCE)
    edge_distance: float | None = Field(None, ge=0, le=MAX_DISTANCE)


class PursueRequest(RunOptions):
    """Flee versus pursuit (``odds pursue``)."""

    trials: int = Field(1_000_000, ge=1, le=MAX_TRIALS)
    pursuer_move: float = Field(..., ge=0, le=100)
    fleer_move: float = Field(..., ge=0, le=100)
    pursuer_flies: bool = False
    fleer_flies: bool = False
    edge_distance: float | None = Field(None, ge=0, le=MAX_DISTANCE)


class FleeRequest(RunOptions):
    """A fleeing unit turn by turn (``odds flee``)."""

    trials: int = Field(1_000_000, ge=1, le=MAX_TRIALS)
    move: float = Field(..., ge=0, le=100)
    edge_distance: float = Field(..., ge=0, le=MAX_DISTANCE)
    ld: int = Field(..., ge=2, le=10)
    turns: int = Field(3, ge=1, le=MAX_TURNS)
    flies: bool = False
    musician: bool = False
    models: int | None = Field(None, ge=1, le=1000)
    starting_models: int | None = Field(None, ge=1, le=1000)
