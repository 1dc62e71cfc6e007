"""The l5r4e commands of a fight: attacks and damage, actions and movement, delaying,
guarding, Full Defense, trading initiative, conditions and the reaction phase."""

from typing import Annotated, Literal

from msgspec import Meta

from domain.commands import Command, CommandSpec
from domain.rulesets.l5r4e.conditions import CONDITIONS
from domain.rulesets.l5r4e.manoeuvres import MANOEUVRES, declared
from domain.rulesets.roll_keep_kit.fields import (
    Character,
    FreeRaises,
    Name,
    Raises,
    Tenths,
    Text,
    Void,
)

Condition = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=40,
        description="the condition",
        extra_json_schema={"enum": list(CONDITIONS)},
    ),
]
EndTurn = Annotated[
    bool,
    Meta(
        description="then pass the turn, as `kiroku combat next` does "
        "(after a hit, the turn passes with its damage roll's)"
    ),
]
ENDS_TURN = {"end_turn": False}
"""Every record made before ``--end-turn`` existed passed no turn."""


WEAPON_IN_HAND = (
    "a weapon on the sheet, or unarmed (default: the weapon in hand — the one last attacked "
    "with or taken up, else the sheet's first; unarmed when disarmed or carrying none — "
    "written into the record)"
)
WeaponInHand = Annotated[str, Meta(max_length=100, description=WEAPON_IN_HAND)]


class Attack(Command, frozen=True, kw_only=True):
    """An attack roll against the target's armour TN."""

    spec = CommandSpec(
        ("attack",),
        dice="faces",
        flags={
            "attacker": "--character",
            "manoeuvres": "--manoeuvre",
            "use_center": "--center",
            "range_m": "--range",
        },
        added=ENDS_TURN,
        phase="fighting",
    )

    attacker: Character
    target: Name
    weapon: WeaponInHand | None = None
    raises: Raises = 0
    free_raises: FreeRaises = 0
    manoeuvres: Annotated[
        tuple[Annotated[str, Meta(max_length=40)], ...],
        Meta(max_length=10, description="the manoeuvres its raises pay for, each NAME or "
             "NAME:ARGUMENT (called_shot:head)", extra_json_schema=declared(MANOEUVRES)),
    ] = ()  # fmt: skip
    circumstances: Annotated[int, Meta(ge=-100, le=100, description="added to the armour TN")] = 0
    void: Void = False
    use_center: Annotated[bool, Meta(description="use last round's Center bonus")] = False
    arrow: Annotated[str, Meta(max_length=100, description="the arrow shot")] | None = None
    range_m: Annotated[int, Meta(ge=0, le=10_000, description="metres to the target")] | None = None
    honour_loss: Tenths | None = None
    end_turn: EndTurn = False


class Damage(Command, frozen=True, kw_only=True):
    """The damage roll of a hit."""

    spec = CommandSpec(
        ("damage",),
        dice="queue",
        flags={"attacker": "--character"},
        added=ENDS_TURN,
        phase="fighting",
    )

    attacker: Character
    void_reduction: Annotated[bool, Meta(description="the target spends Void: −10")] = False
    end_turn: EndTurn = False


class TakeAction(Command, frozen=True, kw_only=True):
    """An action with no roll."""

    spec = CommandSpec(
        ("action",), positional=("kind", "action"), added=ENDS_TURN, phase="fighting"
    )

    character: Character
    kind: Annotated[
        Literal["free", "simple", "complex"], Meta(description="the kind of action it takes")
    ]
    action: Annotated[str, Meta(min_length=1, max_length=200, description="what it is")]
    end_turn: EndTurn = False


class Move(Command, frozen=True, kw_only=True):
    """Move Water × 5 (free) or × 10 (simple) feet."""

    spec = CommandSpec(
        ("move",), dice="faces", positional=("kind",), added=ENDS_TURN, phase="fighting"
    )

    character: Character
    kind: Annotated[
        Literal["free", "simple"],
        Meta(description="a free action (Water × 5 feet) or a simple one (Water × 10)"),
    ]
    end_turn: EndTurn = False


class Delay(Command, frozen=True, kw_only=True):
    """Act later this round."""

    spec = CommandSpec(("delay",), phase="fighting")

    character: Character
    behind: Annotated[str, Meta(max_length=100, description="act after this character "
                                "(default: at the end)")] | None = None  # fmt: skip


class Guard(Command, frozen=True, kw_only=True):
    """Guard someone (+10 / −5)."""

    spec = CommandSpec(
        ("guard",), flags={"protected": "--protect"}, added=ENDS_TURN, phase="fighting"
    )

    character: Character
    protected: Name
    end_turn: EndTurn = False


class Stand(Command, frozen=True, kw_only=True):
    """Stand up from prone."""

    spec = CommandSpec(("stand",), phase="fighting")

    character: Character


class PickUp(Command, frozen=True, kw_only=True):
    """Pick up the weapon a disarm made one drop (a simple action)."""

    spec = CommandSpec(("pick-up",), phase="fighting")

    character: Character


class FullDefense(Command, frozen=True, kw_only=True):
    """The Full Defense roll."""

    spec = CommandSpec(("full-defense",), dice="faces", added=ENDS_TURN, phase="fighting")

    character: Character
    end_turn: EndTurn = False


class SwapInitiative(Command, frozen=True, kw_only=True):
    """Trade initiative (a Void point)."""

    spec = CommandSpec(("swap",), phase="fighting")

    character: Character
    other: Name


class ApplyCondition(Command, frozen=True, kw_only=True):
    """Apply a condition."""

    spec = CommandSpec(
        ("condition", "apply"), positional=("condition",), gm_only=True, phase="wounds"
    )

    character: Character
    condition: Condition
    level: Annotated[int, Meta(ge=0, le=100, description="days, or the fear rank")] = 0
    note: Annotated[Text, Meta(description="how it came about")] = ""


class EndCondition(Command, frozen=True, kw_only=True):
    """End a condition."""

    spec = CommandSpec(
        ("condition", "end"), positional=("condition",), gm_only=True, phase="wounds"
    )

    character: Character
    condition: Condition
    note: Annotated[Text, Meta(description="how it ended")] = ""


class Recover(Command, frozen=True, kw_only=True):
    """The reaction phase roll (stunned, dazed)."""

    spec = CommandSpec(
        ("recover",), dice="queue", positional=("condition",), gm_only=True, phase="wounds"
    )

    character: Character
    condition: Annotated[
        Literal["stunned", "dazed"], Meta(description="the condition rolled against")
    ]
