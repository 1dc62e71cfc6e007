"""Honour, glory, status and taint: ranks with tenths.

Rule (4e summary, « Rangs »): « L’Honneur, la Gloire, le Statut et la Souillure se
comptent en Rang, et les Rangs se divisent eux-mêmes en décimales » — 3 with five
marks is 3.5. Kiroku stores them as whole tenths (35) so no float ever drifts, and reads
and prints them as ranks ("3.5").
"""

from __future__ import annotations

import re
from typing import Literal

from domain.errors import MalformedInput

Standing = Literal["honour", "glory", "status", "taint"]
STANDINGS: tuple[Standing, ...] = ("honour", "glory", "status", "taint")

_RANK = re.compile(r"^\s*([+-]?)([0-9]{1,3})(?:\.([0-9]))?\s*$")


def parse_tenths(text: str) -> int:
    """``"3.5"`` → 35, ``"-0.3"`` → -3; at most one decimal, since ranks count tenths."""
    match = _RANK.match(text)
    if not match:
        raise MalformedInput(f"rank {text!r} is not a number of ranks with at most one decimal")
    sign, whole, tenth = match.groups()
    value = int(whole) * 10 + int(tenth or 0)
    return -value if sign == "-" else value


def format_tenths(tenths: int) -> str:
    """35 → ``"3.5"``, -3 → ``"-0.3"``."""
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


def whole_rank(tenths: int) -> int:
    """The rank a standing counts as where the rules use a rank: 3.5 is rank 3."""
    return tenths // 10
