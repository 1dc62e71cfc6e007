"""What any event a command gives stays within, checked on events that no command gave
again — a replay file's, above all one without command records (version 1), whose events
are taken as they are written (DESIGN principle 7).

A command never gives a number beyond :data:`MAX_NUMBER` (its largest is a purse of a
million koku), and a correction names only positions before its own: a file that says
otherwise was written by hand. A ruleset's own arithmetic (a roll's total from its kept
dice, a wound from its damage less its reductions) is its
:meth:`domain.rulesets.base.Ruleset.verify`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.errors import MalformedInput
from domain.events import (
    Event,
    EventRetracted,
    RulingRevealed,
    RulingsCorrected,
    SessionForked,
)

MAX_NUMBER = 10**9
"""No count, amount, total or position a command gives comes near it (a replay file holds
at most a few million events)."""


def check_numbers(event: Event) -> None:
    """Every number the event holds is a finite one of at most :data:`MAX_NUMBER`."""
    found = _beyond(msgspec.to_builtins(event))
    if found is not None:
        text = str(found)
        if len(text) > 40:
            text = f"{text[:20]}… ({len(text)} characters)"
        raise MalformedInput(
            f"{type(event).__name__} holds the number {text}: no command gives one beyond "
            f"±{MAX_NUMBER:,}"
        )


def _beyond(value: Any) -> int | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value if not abs(value) <= MAX_NUMBER else None  # NaN is not within
    if isinstance(value, dict):
        value = value.values()
    if isinstance(value, list | tuple | type({}.values())):
        for item in value:
            found = _beyond(item)
            if found is not None:
                return found
    return None


def check_positions(event: Event, position: int, last: int) -> None:
    """The positions a correction, a reveal or a fork names exist: each is an earlier
    event's, after the opening (a fork's, any earlier one); a revision's events are in
    the correction's own batch, within the ``last`` events of the stream."""
    named: tuple[int, ...] = ()
    if isinstance(event, EventRetracted | RulingRevealed):
        named = (event.position,)
    elif isinstance(event, RulingsCorrected):
        named = (event.ruling, *event.dropped, *event.reinstated)
        named += tuple(original for original, _, _ in event.revised)
        for _, first, count in event.revised:
            if not (position < first and count >= 1 and first + count - 1 <= last):
                raise MalformedInput(
                    f"the correction at {position} places a revision at {first} to "
                    f"{first + count - 1}: its revisions follow it, within the {last} events"
                )
    elif isinstance(event, SessionForked) and not 1 <= event.position < position:
        raise MalformedInput(
            f"the fork at {position} says it was made at {event.position}: before it"
        )
    for earlier in named:
        if not 2 <= earlier < position:
            raise MalformedInput(
                f"the {type(event).__name__} at {position} names position {earlier}: there "
                f"is no such earlier ruling (positions 2 to {position - 1})"
            )
