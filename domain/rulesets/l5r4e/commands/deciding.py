"""How an l5r4e command Struct reaches the rule that decides it.

A command's fields are the rule function's keyword arguments, so most commands need no
code of their own here: :func:`call` passes the acting player, the time, every field and,
where its line in ``DECIDERS`` says so, the dice (``dice=True``: a rule that throws them)
and the command's reason (``reason=True``: a rule that records it on its own event). A
command whose fields do not map one to one has a small decider beside its Struct.
Nothing is found by reflection: what a rule is given is written where it is registered,
and ``tests/unit/test_commands.py`` holds each line to its rule's signature.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from domain.commands import Command, Context, Decider
from domain.events import Event

Rule = Callable[..., list[Event]]

CARRIED = frozenset(("reason", "hidden"))
"""What every command carries that the core deals with (the reason on every event, a
hidden ruling kept from the players): passed to a rule only where its line asks."""


def call(rule: Rule, *, dice: bool = False, reason: bool = False) -> Decider:
    """A decider that calls ``rule(play, actor=…, at=…, [dice=…], [reason=…], **fields)``."""
    passed = CARRIED - ({"reason"} if reason else set())

    def decide(play: Any, command: Command, context: Context, /) -> list[Event]:
        fields = {
            name: value
            for name, value in msgspec.structs.asdict(command).items()
            if name not in passed
        }
        if dice:
            fields["dice"] = context.need_dice(command)
        result: list[Event] = rule(play, actor=context.actor, at=context.at, **fields)
        return result

    decide.rule = rule  # type: ignore[attr-defined]
    decide.takes = frozenset({"dice"} if dice else ()) | (CARRIED - passed)  # type: ignore[attr-defined]
    return decide
