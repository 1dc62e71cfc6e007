"""What a revision used (issue 28, item 3: « A command that used an earlier event […]
records it; a correction that removes what a later ruling used re-decides that ruling
against the corrected history »).

A ruling a correction decides again with another outcome is given anew, on the
corrected history: its record names what it used there, as a ruling given at the head
names what it used (:mod:`domain.session.uses`) — never what its original used, which
may be gone or stand elsewhere now. What it used is the latest event by place, of the
type and fields the rules name (:meth:`domain.rulesets.base.Ruleset.follows`), among
what the correction has decided so far (the rulings of its tail that stand, the
revisions it made) and, before the place where it begins, the history as it stood
(:meth:`domain.session.correction.Past.latest_before`).

A revision's position is known only once the correction's batch is assembled: until
then its events, and what a later revision used of them, are written as *pending*
positions (:func:`pending`), resolved by :meth:`RevisionUses.resolved`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from domain.events import Event, Recorded
from domain.rulesets.base import Follows
from domain.session.record import Used
from domain.session.uses import used_by

PENDING = 1 << 40
"""Above every position a session can reach: ``PENDING * (n + 1) + k`` stands for the
``k``-th event of the correction's ``n``-th revision until its batch is assembled."""

PrefixLatest = Callable[[Follows], int | None]
"""The latest event a :class:`Follows` names standing before the correction's place."""


def pending(revision: int, offset: int) -> int:
    """The pending position of the ``offset``-th event of revision number ``revision``."""
    return PENDING * (revision + 1) + offset


class RevisionUses:
    """The corrected history from a correction's place on, as decided so far: what a
    revision there used is found in it, then before it (``before``)."""

    def __init__(self, before: PrefixLatest) -> None:
        self.before = before
        self.by_kind: dict[str, list[Recorded]] = {}
        self._before: dict[tuple[Any, ...], int | None] = {}
        """What ``before`` answered: the history before the place does not change while
        the correction is decided, so each question is read from it once."""

    def take(self, batch: Sequence[Recorded]) -> None:
        """Events that count from the correction's place on, in the order they stand."""
        for recorded in batch:
            self.by_kind.setdefault(type(recorded.event).__name__, []).append(recorded)

    def revised(
        self, ruleset: Any, before: Any, revision: int, events: Sequence[Event]
    ) -> tuple[Used, ...]:
        """What revision number ``revision`` (its ``events``, decided on the ruleset's
        state ``before`` them) used, in pending positions; then its events are taken."""
        batch = [Recorded(pending(revision, k), event) for k, event in enumerate(events)]
        used = used_by(ruleset, before, batch, self.latest)
        self.take(batch)
        return used

    def latest(self, wanted: Follows) -> int | None:
        passed = 0
        for recorded in reversed(self.by_kind.get(wanted.kind, ())):
            event = recorded.event
            if all(getattr(event, n, None) == v for n, v in wanted.fields.items()):
                if passed == wanted.back:
                    return recorded.position
                passed += 1
        wanted = wanted._replace(back=wanted.back - passed, why="", bound=False)
        try:
            asked = (wanted.kind, tuple(sorted(wanted.fields.items())), wanted.back)
            hash(asked)
        except TypeError:  # a field value that cannot be a key: asked again
            return self.before(wanted)
        if asked not in self._before:
            self._before[asked] = self.before(wanted)
        return self._before[asked]

    @staticmethod
    def resolved(used: tuple[Used, ...] | None, firsts: Sequence[int]) -> tuple[Used, ...] | None:
        """``used`` with its pending positions made the positions the revisions were given
        (``firsts``: each revision's first position, in the correction's batch)."""
        if used is None:
            return None

        def at(position: int) -> int:
            if position < PENDING:
                return position
            revision, offset = divmod(position, PENDING)
            return firsts[revision - 1] + offset

        return tuple(msgspec.structs.replace(u, event=at(u.event), used=at(u.used)) for u in used)
