"""The field types the l5r4e commands share, with their bounds and help."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta

from domain.dice.roll_keep.roll import MAX_RAISES, MAX_TN

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
Tenths = Annotated[int, Meta(ge=-1000, le=1000, description="tenths of a rank (3.5 is 35)")]
