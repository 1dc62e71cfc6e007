"""The field types the roll & keep rulesets' commands share, with their bounds and help."""

from typing import Annotated

from msgspec import Meta

from domain.commands import Command
from domain.dice.roll_keep.roll import MAX_RAISES, MAX_TN
from domain.rulesets.roll_keep_kit.character import RINGS, TRAITS
from domain.rulesets.roll_keep_kit.events import RollPurpose

Name = Annotated[str, Meta(min_length=1, max_length=100, description="a character's name")]
Character = Annotated[str, Meta(min_length=1, max_length=100, description="the character who acts")]
Text = Annotated[str, Meta(max_length=500)]
Raises = Annotated[int, Meta(ge=0, le=MAX_RAISES, description="raises called (+5 TN each)")]
FreeRaises = Annotated[
    int,
    Meta(
        ge=0,
        le=MAX_RAISES,
        description="free raises: each pays for a manoeuvre, or else takes 5 off the TN",
    ),
]
TN = Annotated[int, Meta(ge=0, le=MAX_TN, description="the target number")]
Amount = Annotated[int, Meta(ge=1, le=10_000)]
Rank = Annotated[int, Meta(ge=0, le=20)]
Void = Annotated[bool, Meta(description="spend a Void point: +1k1 (declared before the roll)")]
TraitName = Annotated[
    str,
    Meta(max_length=20, description="the trait rolled", extra_json_schema={"enum": list(TRAITS)}),
]
"""A trait by name, one of the eight (read whatever its case: « Agilité » is not one)."""
RingName = Annotated[
    str,
    Meta(max_length=10, description="the ring rolled", extra_json_schema={"enum": list(RINGS)}),
]
"""A ring by name, one of the five."""
Tenths = Annotated[int, Meta(ge=-1000, le=1000, description="tenths of a rank (3.5 is 35)")]


class RollFields(Command, frozen=True, kw_only=True):
    """What every roll & keep ruleset's ``roll`` command takes: an expression, or a
    character's skill, trait or ring roll, against a TN with raises; each ruleset's own
    ``Roll`` adds its Void uses and options."""

    expression: Annotated[str, Meta(max_length=100, description="a roll such as 7k3+5")] | None = (
        None
    )
    character: Character | None = None
    skill: Annotated[str, Meta(max_length=100, description="the skill rolled")] | None = None
    trait: TraitName | None = None
    ring: RingName | None = None
    tn: TN | None = None
    raises: Raises = 0
    unskilled: Annotated[bool, Meta(description="10s do not explode, no raises")] = False
    purpose: Annotated[
        RollPurpose, Meta(description="what the roll is for, as the log files it")
    ] = "other"
    label: (
        Annotated[str, Meta(max_length=100, description="what the log calls the roll")] | None
    ) = None
