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
from domain.names import key

Rule = Callable[..., list[Event]]

CARRIED = frozenset(("reason", "hidden"))
"""What every command carries that the core deals with (the reason on every event, a
hidden ruling kept from the players): passed to a rule only where its line asks."""


END_TURN = "end_turn"
"""The field of a turn's action that passes the turn once the action is decided (``--end-turn``):
the action and « the next acts » in one command, as a table says them in one breath."""


def call(rule: Rule, *, dice: bool = False, reason: bool = False) -> Decider:
    """A decider that calls ``rule(play, actor=…, at=…, [dice=…], [reason=…], **fields)``;
    a command with :data:`END_TURN` set then passes the turn (:func:`end_turn`)."""
    passed = CARRIED - ({"reason"} if reason else set())

    def decide(play: Any, command: Command, context: Context, /) -> list[Event]:
        fields = {
            name: value
            for name, value in msgspec.structs.asdict(command).items()
            if name not in passed
        }
        ends = bool(fields.pop(END_TURN, False))
        if dice:
            fields["dice"] = context.need_dice(command)
        result: list[Event] = rule(play, actor=context.actor, at=context.at, **fields)
        return end_turn(play, result, context) if ends else result

    decide.rule = rule  # type: ignore[attr-defined]
    decide.takes = frozenset({"dice"} if dice else ()) | (CARRIED - passed)  # type: ignore[attr-defined]
    decide.own = frozenset({END_TURN})  # type: ignore[attr-defined]
    return decide


def end_turn(play: Any, events: list[Event], context: Context) -> list[Event]:
    """``events``, then the turn passed (« the next acts », :meth:`Play.next_turn`) as the
    session stands after them — but not while the turn's own hit waits for its damage:
    the attack stands as thrown (its dice are never thrown again), and the turn passes
    with the damage roll's ``--end-turn``. A correction that turns a miss into a hit
    re-decides it so too: the hit kept, the turn not passed."""
    after = play.after(events)
    combat = after.state.combat
    current = combat.current() if combat is not None else None
    if combat is not None and current is not None and key(current) in combat.pending:
        return events
    passed: list[Event] = after.next_turn(actor=context.actor, at=context.at)
    return [*events, *passed]
