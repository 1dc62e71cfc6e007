"""What a ruling given now used, found in the store (:mod:`domain.session.uses`): the
events of the type the rules name, read back from the head in widening windows, no
further than the best place found (one short range scan of the type's index for the
damage of a hit just made, however long the session)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from adapters.store import EventStore
from domain.events import Recorded
from domain.rulesets.base import Follows
from domain.session.aggregate import Session
from domain.session.corrected import Corrections
from domain.session.record import Used
from domain.session.uses import latest_of, used_by

WINDOW = 64
"""The first window read back from the head, in positions (doubled each time)."""


def used_now(store: EventStore, session: Session, batch: Sequence[Recorded]) -> tuple[Used, ...]:
    """What ``batch``, a ruling about to be appended at the session's head, used."""
    sid, head = session.opened.session, session.version
    corrections: Corrections | None = None

    def latest(wanted: Follows) -> int | None:
        nonlocal corrections
        if corrections is None:  # what still counts is the state's; places, the store's
            state = session.state
            corrections = (
                Corrections.of(store.corrections(sid))
                if state.headings  # a correction may have placed revisions
                else Corrections(retracted=set(state.retracted))
            )
        return latest_of(backwards(store, sid, head, wanted.kind), wanted, corrections)

    return used_by(session.ruleset, session.state.table, batch, latest)


def backwards(store: EventStore, sid: str, head: int, kind: str) -> Iterator[Recorded]:
    """The events of type ``kind`` up to ``head``, the latest position first."""
    until, window = head, WINDOW
    while until > 0:
        after = max(0, until - window)
        yield from reversed(list(store.read(sid, after, until=until, topic=kind)))
        until, window = after, window * 2
