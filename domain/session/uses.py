"""What a ruling used (issue 28, item 3: « A command that used an earlier event (damage
its hit, an attack the target's stance and Void on armour, a turn the order it followed)
records it »).

The rules say what each event follows (:meth:`domain.rulesets.base.Ruleset.follows`: a
type and the fields it holds); the event it used is the latest one of that type, holding
those fields, that still counts and stands before the ruling in the order the fold reads
(a revision in its original's place). A ruling given at the head of the session stands
after every event recorded, so that is the latest by place among all of them: found by
reading back from the head, and no further than the best place found so far (an event
never stands after its own position).

The service records what each ruling used in its :class:`~domain.session.record.
CommandRecord` (``used``) when it is given; ``kiroku verify`` finds it again, walking the
stream as it stood, and holds the record to it; a correction that takes away what a
ruling was given for drops the ruling (:mod:`domain.session.correction`) — it reads that
from the record, never from whatever the rules would bind the ruling to afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from domain.events import Recorded
from domain.rulesets.base import Follows
from domain.session.corrected import Corrections, place_of
from domain.session.record import Used

Latest = Callable[[Follows], int | None]
"""The position of the event a :class:`Follows` names, for a ruling at the head (None:
there is none)."""


def used_by(
    ruleset: Any, before: Any, batch: Sequence[Recorded], latest: Latest
) -> tuple[Used, ...]:
    """What each event of ``batch`` (a ruling given at the head, on the ruleset's state
    ``before`` it) used: every earlier event the rules say it follows that is found."""
    follows = ruleset.follows
    found: list[Used] = []
    for recorded in batch:
        for wanted in follows(recorded.event, before):
            position = latest(wanted)
            if position is not None:
                found.append(Used(recorded.position, position, wanted.bound))
    return tuple(found)


def latest_of(
    backwards: Iterable[Recorded], wanted: Follows, corrections: Corrections
) -> int | None:
    """The latest by place, among ``backwards`` (events of ``wanted``'s type, latest
    position first), that still counts and holds ``wanted``'s fields — or, with
    ``wanted.back``, that many such events before the latest."""
    found: list[tuple[int, int]] = []  # (place, position), the latest first
    wanted_count = wanted.back + 1
    for recorded in backwards:
        if len(found) >= wanted_count and recorded.position < found[wanted.back][0]:
            break  # it stands no later than its position: before all of those found
        if recorded.position in corrections.retracted:
            continue
        event = recorded.event
        if all(getattr(event, name, None) == value for name, value in wanted.fields.items()):
            found.append((place_of(recorded.position, corrections), recorded.position))
            found.sort(reverse=True)
    return found[wanted.back][1] if len(found) > wanted.back else None


class Earlier:
    """The events of a stream read so far, by type, with its corrections: what a walk
    from the opening (``kiroku verify``) finds a ruling used with."""

    def __init__(self) -> None:
        self.by_kind: dict[str, list[Recorded]] = {}
        self.corrections = Corrections()

    def take(self, batch: Iterable[Recorded]) -> None:
        for recorded in batch:
            self.by_kind.setdefault(type(recorded.event).__name__, []).append(recorded)
            self.corrections.take(recorded)

    def latest(self, wanted: Follows) -> int | None:
        return latest_of(reversed(self.by_kind.get(wanted.kind, ())), wanted, self.corrections)
