"""What every roll & keep ruleset's deciders share: one command's view of who acts, when,
why, and the dice — the events it makes carry the actor, the time and the reason, and
every roll is a kit ``DiceRolled`` with its faces and the parts of its pool and TN."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from domain.dice.roll_keep.expression import parse_expression
from domain.dice.roll_keep.roll import RollOptions, RollResult, resolve, roll
from domain.dice.roll_keep.ten_dice import TenDiceRule
from domain.dice.source import DiceSource
from domain.errors import NotAllowed
from domain.events import Event
from domain.rulesets.base import Core
from domain.rulesets.roll_keep_kit.events import DiceRolled
from domain.rulesets.roll_keep_kit.modifiers import Part, apply_parts, tn_with


@dataclass
class Deciding:
    """One command being decided: the session core, who gives it, when, why, and the
    ten-dice rule its rolls are thrown under."""

    core: Core
    actor: str
    at: datetime
    reason: str | None
    ten_dice: TenDiceRule

    def event(self, kind: type[Event], **fields: Any) -> Event:
        return kind(actor=self.actor, at=self.at, reason=self.reason, **fields)

    def permitted(self, name: str, player: str) -> None:
        """The GM acts for anyone; a player for their own characters only."""
        if not self.core.is_gm(self.actor) and player != self.actor:
            raise NotAllowed(f"{self.actor!r} may not act for {name!r}")

    def throw(
        self,
        character: str | None,
        expression: str,
        dice: DiceSource | Sequence[Any] | None,
        *,
        purpose: str,
        label: str,
        parts: Sequence[Part] = (),
        tn: int | None = None,
        unskilled: bool = False,
        target: str | None = None,
        hidden: bool = False,
    ) -> tuple[DiceRolled, RollResult]:
        """``expression`` with every part applied, against ``tn`` with the parts' TN,
        thrown with the dice port (or resolved from the faces given at the table)."""
        if dice is None:
            raise TypeError(f"{label}: this roll needs dice: give the command's context a source")
        final = str(apply_parts(parse_expression(expression), parts))
        options = RollOptions(tn=tn_with(tn, parts), unskilled=unskilled)
        if isinstance(dice, Sequence):
            result = resolve(final, options, dice, self.ten_dice)
        else:
            result = roll(final, options, dice, self.ten_dice)
        rolled = self.event(
            DiceRolled,
            character=character,
            purpose=purpose,
            label=label,
            roll=result,
            base_tn=tn,
            parts=tuple(parts),
            target=target,
            hidden=hidden,
        )
        assert isinstance(rolled, DiceRolled)
        return rolled, result
