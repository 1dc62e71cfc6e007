"""4e's roll & keep dice: the family's functions bound to 4e's ten-dice rule.

The ``roll_keep`` family takes its ten-dice rule from the ruleset, with no default; this
is 4e's binding, for 4e's own commands and for tests of 4e's dice. A roll or odds outside
any session (docs/dice.md) take the same rule through the dice kit itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.dice.roll_keep import odds
from domain.dice.roll_keep import roll as family
from domain.dice.roll_keep.die import Die
from domain.dice.roll_keep.roll import ROLL_BUDGET, RollOptions, RollResult
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION, Pool
from domain.dice.source import DiceSource

RULE = FOURTH_EDITION


def plan(expression: str, options: RollOptions) -> Pool:
    return family.plan(expression, options, RULE)


def roll(
    expression: str, options: RollOptions, source: DiceSource, budget: int = ROLL_BUDGET
) -> RollResult:
    return family.roll(expression, options, source, RULE, budget)


def resolve(expression: str, options: RollOptions, dice: Sequence[Die]) -> RollResult:
    return family.resolve(expression, options, dice, RULE)


def recompute(result: RollResult) -> RollResult:
    return family.recompute(result, RULE)


def success_probability(expression: str, tn: int, **options: Any) -> float:
    return odds.success_probability(expression, tn, rule=RULE, **options)


def tn_table(expression: str, **options: Any) -> dict[int, float]:
    return odds.tn_table(expression, rule=RULE, **options)
