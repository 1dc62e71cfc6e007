"""What every roll & keep ruleset's deciders share: one command's view of who acts, when,
why, and the dice — the events it makes carry the actor, the time and the reason, and
every roll is a kit ``DiceRolled`` with its faces and the parts of its pool and TN."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from domain.commands import Command
from domain.dice.roll_keep.expression import parse_expression, parse_pool
from domain.dice.roll_keep.roll import RollOptions, RollResult, resolve, roll
from domain.dice.roll_keep.ten_dice import TenDiceRule
from domain.dice.source import DiceSource
from domain.errors import IllegalUnderRules
from domain.events import Event
from domain.rulesets.base import Core
from domain.rulesets.roll_keep_kit.character import CharacterSheet, Weapon
from domain.rulesets.roll_keep_kit.events import (
    CombatEnded,
    CombatStarted,
    DiceRolled,
    WoundsHealed,
    WoundsTaken,
)
from domain.rulesets.roll_keep_kit.modifiers import Part, apply_parts, tn_with
from domain.rulesets.roll_keep_kit.table_commands import Heal, TakeWounds
from domain.rulesets.table_kit.deciding import Deciding, find

BARE_HANDS = Weapon("bare hands", "0k1", "Jiujutsu")
"""Unarmed: the Jiujutsu skill to hit, Strength k1 damage (the texts' « 0k1 »)."""


def weapon_damage(sheet: CharacterSheet, weapon: Weapon) -> str:
    """The weapon's XkY with Strength added to the dice rolled (« lance [X + Rang de
    Force] dés, conserve Y dés »): a katana (3k2) with Strength 2 rolls 5k2."""
    return str(parse_pool(weapon.damage).plus(sheet.trait("strength"), 0))


@dataclass
class RollKeepDeciding(Deciding):
    """One command being decided (:class:`~domain.rulesets.table_kit.deciding.Deciding`)
    under the ten-dice rule its rolls are thrown by."""

    ten_dice: TenDiceRule

    def damage(
        self,
        attacker: CharacterSheet,
        target: str,
        weapon: Weapon,
        dice: DiceSource | Sequence[Any] | None,
        parts: Sequence[Part] = (),
    ) -> list[Event]:
        """A hit's damage — the weapon's XkY with Strength added to the dice rolled, and
        ``parts`` (raises bought for damage) — and the wounds it deals the target."""
        rolled, result = self.throw(
            attacker.name,
            weapon_damage(attacker, weapon),
            dice,
            purpose="damage",
            label=f"{weapon.name} ({weapon.damage} + Strength)",
            parts=parts,
            target=target,
        )
        wounds = self.event(
            WoundsTaken, character=target, amount=result.total, source=attacker.name,
            damage=result.total,
        )  # fmt: skip
        return [rolled, wounds]

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


class Seated(Protocol):
    """A decider's view with the ruleset's state: a ``combat`` (or None) and ``fighters``
    by key, each with a ``name`` and ``wounds``."""

    core: Core
    actor: str

    @property
    def state(self) -> Any: ...

    def event(self, event_type: type[Event], /, **fields: Any) -> Event: ...


def decide_start_combat(play: Seated, command: Command, dice: object) -> list[Event]:
    play.core.gm_only(play.actor, "start a combat")
    if play.state.combat is not None:
        raise IllegalUnderRules("a combat is already under way")
    return [play.event(CombatStarted)]


def decide_end_combat(play: Seated, command: Command, dice: object) -> list[Event]:
    play.core.gm_only(play.actor, "end a combat")
    if play.state.combat is None:
        raise IllegalUnderRules("no combat is under way")
    return [play.event(CombatEnded)]


def decide_wound(play: Seated, command: TakeWounds, dice: object, source: str = "") -> list[Event]:
    """Wounds the GM rules: ``source`` (when given) stands for the command's own."""
    play.core.gm_only(play.actor, "deal wounds")
    who = find(play.state.fighters, command.character)
    return [
        play.event(
            WoundsTaken, character=who.name, amount=command.amount,
            source=source or command.source,
        )
    ]  # fmt: skip


def decide_heal(play: Seated, command: Heal, dice: object) -> list[Event]:
    """Wounds healed, never more than there are."""
    play.core.gm_only(play.actor, "heal wounds")
    who = find(play.state.fighters, command.character)
    if who.wounds == 0:
        raise IllegalUnderRules(f"{who.name} has no wounds to heal")
    amount = min(command.amount, who.wounds)
    return [play.event(WoundsHealed, character=who.name, amount=amount, method=command.method)]


def refuse_initiative(purpose: str) -> None:
    """Initiative is rolled once a combat by its own command, which the fold reads: a bare
    roll must not pass for it."""
    if purpose == "initiative":
        raise IllegalUnderRules(
            "initiative is rolled with `kiroku initiative` (once a combat), not `kiroku roll`"
        )
