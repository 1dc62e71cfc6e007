"""What a roll & keep ruleset built on the kit shares with the others: deciding through a
table of deciders, folding through a table of handlers, its state snapshotted as
msgpack, its rolls verified under the kit's ten-dice rule, the kit's log lines before its
own, and a damage roll and its wounds following the hit they came from."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import msgspec

from domain.commands import Command, Context
from domain.dice.roll_keep.ten_dice import FOURTH_EDITION
from domain.errors import IllegalUnderRules
from domain.events import Event
from domain.rulesets.base import Core, Follows, ShownRoll
from domain.rulesets.roll_keep_kit.chances import roll_keep_chance
from domain.rulesets.roll_keep_kit.events import DiceRolled, WoundsTaken, verify_recorded
from domain.rulesets.roll_keep_kit.lines import describe_kit, explain_kit, shown_roll
from domain.rulesets.roll_keep_kit.recorded_order import RecordedOrder


class KitRuleset:
    """Mixed into a ruleset's frozen dataclass, which names its tables and its own lines."""

    id: str
    deciders: ClassVar[Mapping[type[Command], Callable[..., list[Event]]]]
    handlers: ClassVar[Mapping[type[Event], Callable[[Any, Any], None]]]
    state_type: ClassVar[type[Any]]
    attack_event: ClassVar[str]
    """The event type that records a hit (its ``character``, ``target`` and ``hit``)."""

    def play(self, core: Core, state: Any, command: Command, context: Context) -> Any:
        """The deciders' view of the session for ``command``."""
        raise NotImplementedError

    def describe_own(self, event: Event) -> str:
        return type(event).__name__

    def odds(self, roll: str, tn: int, **options: Any) -> float:
        """The ruleset's chance of a roll & keep ``roll`` reaching ``tn``."""
        raise NotImplementedError

    def chance_of(self, event: Event) -> dict[str, Any] | None:
        """A roll & keep roll's pool, TN and chances (:mod:`domain.rulesets.roll_keep_kit.
        chances`); None for any other event."""
        return roll_keep_chance(event, self.odds)

    def shown_roll(self, event: Event) -> ShownRoll | None:
        """The kit's rolls shown whole (:func:`~domain.rulesets.roll_keep_kit.lines.
        shown_roll`)."""
        return shown_roll(event)

    def explain_own(self, event: Event) -> list[str]:
        return []

    @property
    def command_types(self) -> tuple[type[Command], ...]:
        return tuple(self.deciders)

    def decide(self, core: Core, state: Any, command: Command, context: Context) -> list[Event]:
        decider = self.deciders.get(type(command))
        if decider is None:
            raise IllegalUnderRules(f"{self.id} has no command {type(command).__name__}")
        return decider(self.play(core, state, command, context), command, context.dice)

    def dump_state(self, state: Any) -> bytes:
        return msgspec.msgpack.encode(state)

    def load_state(self, data: bytes) -> Any:
        return msgspec.msgpack.decode(data, type=self.state_type)

    def fold_handlers(self) -> Mapping[type[Event], Callable[[Any, Event], None]]:
        return self.handlers

    def evolve(self, state: Any, event: Event) -> Any:
        self.handlers[type(event)](state, event)
        return state

    def verify(self, event: Event) -> None:
        verify_recorded(event, FOURTH_EDITION)

    def recorded_order(self) -> RecordedOrder:
        """What each event no command record vouches for must agree with among the
        events before it (:mod:`domain.rulesets.roll_keep_kit.recorded_order`)."""
        return RecordedOrder()

    def describe(self, event: Event) -> str:
        return describe_kit(event) or self.describe_own(event)

    def explain(self, event: Event, before: Any = None) -> list[str]:
        return explain_kit(event) + self.explain_own(event)

    def follows(self, event: Event, before: Any = None) -> tuple[Follows, ...]:
        """A damage roll and its wounds follow the attacker's hit."""
        hit = {"hit": True}
        if isinstance(event, DiceRolled) and event.purpose == "damage" and event.target:
            used = {"character": event.character, "target": event.target, **hit}
            return (Follows(self.attack_event, used, "the hit this damage is rolled for", True),)
        if isinstance(event, WoundsTaken) and event.damage is not None and event.source:
            used = {"character": event.source, "target": event.character, **hit}
            return (Follows(self.attack_event, used, "the hit these wounds come from", True),)
        return ()
