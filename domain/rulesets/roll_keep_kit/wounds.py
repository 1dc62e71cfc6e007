"""Wound ladders: ranks of wounds with a TN penalty each, the last one Out.

A roll & keep ruleset builds its ladder from a sheet (4e: Earth × 5 then six of Earth ×
2; 3e: seven of Earth × 2 then Earth × 5) and reads a character's rank from it."""

from __future__ import annotations

import msgspec


class WoundRank(msgspec.Struct, frozen=True):
    """One step of a wound ladder: holds wounds up to ``upper_bound`` (None: no limit)."""

    name: str
    french: str
    upper_bound: int | None
    penalty: int | None
    """Added to the TN of every roll; ``None`` means the character cannot act."""


def rank_on(ladder: tuple[WoundRank, ...], wounds: int) -> WoundRank:
    """The rank ``wounds`` wounds put a character at on ``ladder``."""
    for rank in ladder:
        if rank.upper_bound is None or wounds <= rank.upper_bound:
            return rank
    return ladder[-1]
