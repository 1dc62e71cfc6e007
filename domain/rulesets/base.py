"""What every ruleset provides: data and pure functions, bundled in one :class:`Ruleset`.

A session is opened with a ruleset id and options (DESIGN principle 3); the session
aggregate asks the ruleset, never hard-codes, how wounds, insight, initiative and XP
work. Another ruleset is another package under ``domain/rulesets/`` registering one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import msgspec

from domain.character import CharacterSheet
from domain.dice.ten_dice import TenDiceRule
from domain.modifiers import Part
from domain.purchase import Purchase


class WoundRank(msgspec.Struct, frozen=True):
    """One step of a wound ladder: holds wounds up to ``upper_bound`` (None: no limit)."""

    name: str
    french: str
    upper_bound: int | None
    penalty: int | None
    """Added to the TN of every roll; ``None`` means the character cannot act."""


@dataclass(frozen=True)
class PurchasePrice:
    cost: int
    new_rank: int
    sheet: CharacterSheet


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    options: Mapping[str, str]
    ten_dice_rule: TenDiceRule
    starting_xp: int
    stances: tuple[str, ...]
    wound_ladder: Callable[[CharacterSheet], tuple[WoundRank, ...]]
    insight: Callable[[CharacterSheet], int]
    insight_rank: Callable[[CharacterSheet], int]
    initiative_expression: Callable[[CharacterSheet], str]
    price: Callable[[CharacterSheet, Purchase], PurchasePrice]
    check_stance: Callable[..., None]
    """``(state, character, stance)``: raise if the stance may not be taken now."""
    situation: Callable[..., list[Part]]
    """``(state, character, RollContext) -> parts`` the rules add to a character's roll."""

    def wound_rank(self, sheet: CharacterSheet, wounds: int) -> WoundRank:
        """The rank ``wounds`` wounds put this character at."""
        ladder = self.wound_ladder(sheet)
        for rank in ladder:
            if rank.upper_bound is None or wounds <= rank.upper_bound:
                return rank
        return ladder[-1]


RulesetFactory = Callable[[Mapping[str, str]], Ruleset]
