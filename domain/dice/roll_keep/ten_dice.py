"""The ten-dice rule: no roll throws more than ten dice.

Rule (4e summary, « Jet de plus de 10g10 »): « On ne peut jeter plus de 10 dés en un
jet. Les dés excédentaires se transforment en dés gardés à un ratio de 2 pour 1 » —
12g3 → 10g4, 13g4 → 10g5, 11g5 → 10g5 (an odd leftover die is lost). The summary is
silent on kept dice beyond ten; the published 4th edition turns each into +2 on the
total, and that is the reading here.

The rule is one named value (:data:`FOURTH_EDITION`) so a ruleset can swap in its own.
"""

from collections.abc import Callable

import msgspec

from domain.dice.roll_keep.expression import RollExpression

MAX_ROLLED = 10
MAX_KEPT = 10


class Pool(msgspec.Struct, frozen=True):
    """What is actually thrown after the ten-dice rule: ``rolled``k``kept`` + ``bonus``.

    ``bonus`` is the flat modifier plus whatever the ten-dice rule turned into points.
    """

    rolled: int
    kept: int
    modifier: int = 0
    ten_dice_bonus: int = 0

    @property
    def bonus(self) -> int:
        return self.modifier + self.ten_dice_bonus

    def __str__(self) -> str:
        bonus = self.bonus
        tail = "" if bonus == 0 else (f"+{bonus}" if bonus > 0 else str(bonus))
        return f"{self.rolled}k{self.kept}{tail}"


TenDiceRule = Callable[[RollExpression], Pool]


def fourth_edition_ten_dice(expression: RollExpression) -> Pool:
    """4e: every 2 rolled dice past 10 become 1 kept die; every kept die past 10 is +2."""
    rolled, kept = expression.rolled, expression.kept
    if rolled > MAX_ROLLED:
        kept += (rolled - MAX_ROLLED) // 2
        rolled = MAX_ROLLED
    ten_dice_bonus = 0
    if kept > MAX_KEPT:
        ten_dice_bonus = 2 * (kept - MAX_KEPT)
        kept = MAX_KEPT
    return Pool(rolled, kept, expression.modifier, ten_dice_bonus)


FOURTH_EDITION: TenDiceRule = fourth_edition_ten_dice
