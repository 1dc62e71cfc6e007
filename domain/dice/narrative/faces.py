"""The narrative dice and their faces (the published 5th edition's, as issue 12 lists).

- The ring die, a d6: 1 blank; 2 opportunity + strife; 3 opportunity; 4 success +
  strife; 5 success; 6 explosive success + strife.
- The skill die, a d12: 1–2 blank; 3–5 opportunity; 6–7 success + strife; 8–9 success;
  10 success + opportunity; 11 explosive success + strife; 12 explosive success.

A face is recorded by its number; what it shows is read from these tables, so a
recorded roll recomputes from its faces.
"""

from typing import Literal

import msgspec

Kind = Literal["ring", "skill"]


class Face(msgspec.Struct, frozen=True):
    """What one face shows: successes (an explosive success is one), opportunities,
    strife, and whether it explodes."""

    name: str
    success: int = 0
    opportunity: int = 0
    strife: int = 0
    explosive: bool = False


BLANK = Face("blank")
OPPORTUNITY = Face("opportunity", opportunity=1)
OPPORTUNITY_STRIFE = Face("opportunity + strife", opportunity=1, strife=1)
SUCCESS = Face("success", success=1)
SUCCESS_STRIFE = Face("success + strife", success=1, strife=1)
SUCCESS_OPPORTUNITY = Face("success + opportunity", success=1, opportunity=1)
EXPLOSIVE = Face("explosive success", success=1, explosive=True)
EXPLOSIVE_STRIFE = Face("explosive success + strife", success=1, strife=1, explosive=True)

RING: tuple[Face, ...] = (
    BLANK, OPPORTUNITY_STRIFE, OPPORTUNITY, SUCCESS_STRIFE, SUCCESS, EXPLOSIVE_STRIFE,
)  # fmt: skip
SKILL: tuple[Face, ...] = (
    BLANK, BLANK, OPPORTUNITY, OPPORTUNITY, OPPORTUNITY, SUCCESS_STRIFE, SUCCESS_STRIFE,
    SUCCESS, SUCCESS, SUCCESS_OPPORTUNITY, EXPLOSIVE_STRIFE, EXPLOSIVE,
)  # fmt: skip
FACES: dict[Kind, tuple[Face, ...]] = {"ring": RING, "skill": SKILL}
SIDES: dict[Kind, int] = {"ring": 6, "skill": 12}
SYMBOL: dict[Kind, str] = {"ring": "r", "skill": "s"}


def face(kind: Kind, number: int) -> Face:
    """The face ``number`` (from 1) of a ``kind`` die."""
    return FACES[kind][number - 1]
