"""The commands of a critical's conditions: Medicine on bleeding or dying
(« treat »), and the GM's ruling of an effect (« afflict »: from a table of their own,
option ``critical_table=gm``, or any other source)."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.rulesets.l5r5e_house.commands import Character, Keep, Label, Name
from domain.rulesets.l5r5e_house.criticals import Severity
from domain.rulesets.l5r5e_house.injury_events import Treatable
from domain.rulesets.l5r5e_house.sheet import Ring

Ruled = Literal[
    "armour-damaged", "lightly-wounded", "severely-wounded", "bleeding", "scar", "maimed",
    "dying",
]  # fmt: skip
"""The effects of the critical table a GM may rule (a death is a critical's own:
``kiroku hit --critical 16``)."""


class Treat(Command, frozen=True, kw_only=True):
    """Medicine on a patient: bleeding stopped at TN 2, dying at TN 4."""

    spec = CommandSpec(("treat",), dice="queue", family="narrative", phase="wounds")

    character: Character
    patient: Annotated[Name, Meta(description="the character treated")]
    condition: Annotated[Treatable, Meta(description="bleeding (TN 2) or dying (TN 4)")]
    ring: (
        Annotated[Ring, Meta(description="the Medicine check's ring (in a confrontation: the "
                             "stance's)")]
        | None
    ) = None  # fmt: skip
    keep: Keep | None = None


class Afflict(Command, frozen=True, kw_only=True):
    """The GM rules one effect of a critical table on a character (a ring for a wound or
    a scar; rounds for dying)."""

    spec = CommandSpec(("afflict",), positional=("effect",), gm_only=True, phase="wounds")

    character: Annotated[Name, Meta(description="the character afflicted")]
    effect: Annotated[Ruled, Meta(description="the effect, as the critical table names it")]
    ring: Annotated[Ring, Meta(description="the ring of a wound or a scar")] | None = None
    rounds: Annotated[int, Meta(ge=1, le=10, description="a dying's rounds to live")] = 3
    source: Annotated[Label, Meta(description="what caused it (the GM's table, a poison)")] = ""


class LoadCriticalTable(Command, frozen=True, kw_only=True):
    """Load the GM's own critical table (JSON: its bands, each with its effects), in
    place of the published game's."""

    spec = CommandSpec(
        ("critical-table",),
        positional=("rows",),
        files={"rows": "critical table"},
        gm_only=True,
        phase="setting_up",
    )

    rows: Annotated[
        tuple[Severity, ...],
        Meta(max_length=40, description="its bands: low, high (null: and above), name, effects"),
    ]
