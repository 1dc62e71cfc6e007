"""Faces thrown at the table and typed in (``--faces``, an HTTP body's ``faces``, an
amendment's), read for the command they are given to: one roll's dice die by die, or,
for a command that throws several rolls, a queue of faces drawn in order (``1r4`` draws
the 1, then the 4). Every adapter and every correction reads them here, the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domain.commands import CommandSpec, DiceFamily
from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.source import TableFaces
from domain.errors import MalformedInput, excerpt

FACES_SYNTAX: dict[DiceFamily, str] = {
    "roll_keep": "the dice rolled at the table, by commas; a 10's explosions joined by +, "
    "an emphasis's rerolled 1 as 1r and the new face: 6,7,10+3,1r4",
    "narrative": "the faces rolled at the table in the order thrown, by commas: the ring "
    "dice (1-6), then the skill dice (1-12), then each explosion as it is rolled "
    "(ring ones first): 5,3,1,12,9,4",
    "two_d6": "the faces rolled at the table, two dice (1-6) a test in the order thrown, "
    "by commas: 3,5",
}
"""How each dice family's faces are typed (``--faces``, an HTTP body's ``faces``, an
amendment's): one syntax a family, which every command of the family takes and its
help explains."""


def plain_faces(text: str) -> list[int]:
    """``3,5``: one whole number a die, as typed at the table."""
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise MalformedInput(f"--faces {excerpt(text)}: give each die's face, as 3,5")
    return [int(p) for p in parts]


def drawn_in_order(dice: Iterable[Die]) -> list[int]:
    """The faces a dice source handed out for ``dice``, die by die: a rerolled 1 first,
    then each face of its explosions (:func:`domain.dice.roll_keep.die.roll_die`)."""
    queue: list[int] = []
    for die in dice:
        queue.extend(((1,) if die.rerolled_one else ()) + die.faces)
    return queue


def given_faces(spec: CommandSpec, text: str) -> Sequence[Die] | TableFaces:
    """``text`` as the faces of a command of ``spec`` (one that throws dice)."""
    if spec.dice == "none":
        raise MalformedInput(f"{spec.name} throws no dice: it takes no faces")
    if spec.plain_faces:
        return TableFaces(plain_faces(text))
    dice = parse_faces(text)
    if spec.dice == "faces":
        return dice
    return TableFaces(drawn_in_order(dice))
