"""The ``--faces`` notation for dice that were rolled at the table, not by Kiroku.

Dice are separated by commas; a die's explosion faces are joined by ``+``; an emphasis
reroll is written with ``r``: ``6,7,8,10+7,3,5`` is six dice, the fourth worth 17;
``1r10+3`` is a 1 rerolled into 10 that exploded into 3, worth 13.
"""

from __future__ import annotations

from domain.dice.roll_keep.die import Die
from domain.errors import MalformedInput

MAX_FACES_LENGTH = 10_000
"""Faces for even the longest multi-roll command fit in far fewer characters."""


def parse_faces(spec: str) -> tuple[Die, ...]:
    """Read a faces spec into dice; whether they fit a roll is checked when it is resolved."""
    if not spec.strip():
        raise MalformedInput(f"faces {spec!r}: no dice given")
    if len(spec) > MAX_FACES_LENGTH:
        raise MalformedInput(
            f"faces {spec[:30]!r}… are {len(spec):,} characters long (at most {MAX_FACES_LENGTH:,})"
        )
    dice: list[Die] = []
    for index, chunk in enumerate(spec.split(",")):
        text = chunk.strip().lower()
        rerolled = False
        if "r" in text:
            before, _, text = text.partition("r")
            if before.strip() != "1":
                raise MalformedInput(
                    f"faces {spec!r}: die {index + 1} ({chunk.strip()!r}): only a 1 is rerolled, "
                    "written '1r' before the new faces"
                )
            rerolled = True
        parts = text.split("+")
        faces: list[int] = []
        for part in parts:
            part = part.strip()
            if not part.isascii() or not part.isdigit() or len(part) > 2:
                raise MalformedInput(
                    f"faces {spec!r}: die {index + 1} ({chunk.strip()!r}): {part!r} is not a face"
                )
            faces.append(int(part))
        dice.append(Die(tuple(faces), rerolled))
    return tuple(dice)


def format_faces(dice: tuple[Die, ...]) -> str:
    """The inverse of :func:`parse_faces`."""
    return ",".join(die.spec() for die in dice)
