"""How an l5r4e command Struct reaches the rule that decides it.

A command's fields are the rule function's keyword arguments, so most commands need no
code of their own here: :func:`call` passes the acting player, the time, the dice (to a
rule that throws them) and every field, under the function's own name where a field is
named otherwise. A command whose fields do not map one to one has a small decider.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from domain.commands import Command, Context, Decider
from domain.events import Event

Rule = Callable[..., list[Event]]

_CARRIED = frozenset(("reason", "hidden"))
"""What every command carries that the core deals with (the reason on every event, a
hidden ruling kept from the players): passed to a rule only if it asks for it (a hidden
roll marks its own event)."""


def call(rule: Rule, rename: Mapping[str, str] | None = None) -> Decider:
    """A decider that calls ``rule(play, actor=…, at=…, [dice=…], **fields)``."""
    parameters = inspect.signature(rule).parameters
    renamed = dict(rename or {})
    takes_dice = "dice" in parameters

    def decide(play: Any, command: Command, context: Context, /) -> list[Event]:
        fields = {
            renamed.get(name, name): value
            for name, value in msgspec.structs.asdict(command).items()
            if name not in _CARRIED or name in parameters
        }
        if takes_dice:
            fields["dice"] = context.need_dice(command)
        result: list[Event] = rule(play, actor=context.actor, at=context.at, **fields)
        return result

    decide.rule = rule  # type: ignore[attr-defined]
    decide.renamed = renamed  # type: ignore[attr-defined]
    return decide


def parameters_of(decider: Decider) -> set[str] | None:
    """The keyword arguments a :func:`call` decider's rule takes (None for a custom one)."""
    rule = getattr(decider, "rule", None)
    return None if rule is None else set(inspect.signature(rule).parameters)
