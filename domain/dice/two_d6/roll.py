"""One throw of two six-sided dice (« Jet : action de lancer deux dés à six faces lors d'un
test », errants-d-ukiyo-conflicts.fr.txt), drawn from the dice port and recorded face by
face; and the faces a player rolled at the table, typed as ``3,5``."""

import re
from typing import Literal

import msgspec

from domain.dice.source import DiceSource
from domain.errors import MalformedInput

Call = Literal["even", "odd"]
"""A yakuza bet's call on the sum of one's own two dice: even (丁, chō) or odd (半, han)."""

FACES = re.compile(r"^\s*([1-6])\s*[,+ ]\s*([1-6])\s*$")


class Throw(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Two dice as they fell."""

    faces: tuple[int, int]

    @property
    def total(self) -> int:
        return self.faces[0] + self.faces[1]

    @property
    def parity(self) -> Call:
        return "even" if self.total % 2 == 0 else "odd"

    def __str__(self) -> str:
        return f"{self.faces[0]}+{self.faces[1]}"


def throw(source: DiceSource) -> Throw:
    """Two dice from the port, in order."""
    first = source.randint(1, 6)
    second = source.randint(1, 6)
    for face in (first, second):
        if not 1 <= face <= 6:
            raise MalformedInput(f"a six-sided die cannot show {face}")
    return Throw(faces=(first, second))


def parse_throw(text: str) -> Throw:
    """``3,5`` (or ``3+5``): the two faces a player rolled at the table."""
    match = FACES.match(text)
    if match is None:
        raise MalformedInput(f"two dice {text[:40]!r}: give both faces, 1 to 6, as 3,5")
    return Throw(faces=(int(match.group(1)), int(match.group(2))))


def check_throw(faces: tuple[int, ...]) -> Throw:
    """A recorded throw must be two faces of 1 to 6."""
    if len(faces) != 2 or any(not 1 <= f <= 6 for f in faces):
        raise MalformedInput(f"a throw of two d6 cannot show {list(faces)}")
    return Throw(faces=(faces[0], faces[1]))
