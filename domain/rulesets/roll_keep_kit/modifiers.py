"""Why a roll is what it is: each adjustment to the dice, the total or the TN, with its source.

A roll in play is rarely the bare ``XkY``: a wound rank adds to the TN, a stance adds
dice, followers add their ranks. Each such adjustment is a :class:`Part` recorded in
the ``DiceRolled`` event, so a GM auditing a ruling sees exactly where every number came
from, and the rolled expression is the base pool with every part applied.
"""

from collections.abc import Iterable

import msgspec

from domain.dice.roll_keep.expression import RollExpression


class Part(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """One adjustment: ``rolled``/``kept`` dice, ``total`` points, ``tn`` points."""

    source: str
    rolled: int = 0
    kept: int = 0
    total: int = 0
    tn: int = 0


def apply_parts(base: RollExpression, parts: Iterable[Part]) -> RollExpression:
    """The base pool with every part's dice and points; never below 1k1, never keeping
    more dice than are rolled (a −XkX fear penalty cannot make a roll vanish)."""
    rolled, kept, modifier = base.rolled, base.kept, base.modifier
    for part in parts:
        rolled += part.rolled
        kept += part.kept
        modifier += part.total
    rolled = max(1, rolled)
    kept = max(1, min(kept, rolled))
    return RollExpression(rolled, kept, modifier)


def tn_with(base: int | None, parts: Iterable[Part]) -> int | None:
    if base is None:
        return None
    return max(0, base + sum(part.tn for part in parts))


def tn_moves(parts: Iterable[Part]) -> list[str]:
    """``Réflexes × 5 +15``, …: each part that moved a TN, as a line states it."""
    return [f"{part.source} {part.tn:+d}" for part in parts if part.tn]


def tn_with_parts(tn: int, parts: Iterable[Part]) -> str:
    """``20: Réflexes × 5 +15, Armure légère +5``: a TN and each part that made it."""
    moved = tn_moves(parts)
    return f"{tn}: {', '.join(moved)}" if moved else str(tn)


def describe_parts(parts: Iterable[Part], *, dice_only: bool = False) -> str:
    """``Void +1k1; Wounds TN +15``; with ``dice_only``, only what each part did to the
    pool and the total (its TN told elsewhere)."""
    bits = []
    for part in parts:
        pieces = []
        if part.rolled or part.kept:
            pieces.append(f"{part.rolled:+d}k{part.kept}")
        if part.total:
            pieces.append(f"{part.total:+d}")
        if part.tn and not dice_only:
            pieces.append(f"TN {part.tn:+d}")
        bits.append(f"{part.source} {' '.join(pieces)}".strip())
    return "; ".join(bits)
