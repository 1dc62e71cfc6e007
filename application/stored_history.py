"""A session's history as a correction reads it from the store (:class:`Past`).

A correction near the head of a long session must not read the whole session: it reads
the corrections recorded so far (a scan of their event types), the records and events
from the corrected ruling's place on, the revisions placed there, and the state just
before that place from the latest valid snapshot (as every correction since reads it).
So its cost follows the rulings it decides again, not the session's length.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cached_property

from adapters.snapshot_store import SnapshotStore
from adapters.store import EventStore
from application.stored_uses import backwards
from domain.events import Recorded
from domain.rulesets.base import Follows
from domain.session.aggregate import Session
from domain.session.corrected import Corrections, place_of, with_places
from domain.session.record import CommandRecord
from domain.session.state import SessionState
from domain.session.uses import latest_of
from projections import snapshots


class StoredHistory:
    """The history of session ``session_id`` up to ``session.version``, read lazily."""

    def __init__(self, store: EventStore, session: Session) -> None:
        self.store = store
        self.session = session
        self.sid = session.opened.session
        self.head = session.version
        self._records: list[CommandRecord] = []
        self._firsts: list[int] = []
        self._from = self.head + 1
        """Records are held for batches beginning at or after this position."""
        self._tail: tuple[int, list[Recorded]] | None = None
        """The events read from a place to the head (by :meth:`placed_from`)."""

    @cached_property
    def corrections(self) -> Corrections:
        return Corrections.of(self.store.corrections(self.sid, 0, self.head))

    def now(self) -> Session:
        return self.session

    def record_at(self, position: int) -> CommandRecord | None:
        """From the records read by :meth:`placed_from` (no batch straddles a place), else
        from the store."""
        if position >= self._from:
            index = bisect_right(self._firsts, position) - 1
            held = index >= 0 and self._records[index].holds(position)
            return self._records[index] if held else None
        record = self.store.command_of(self.sid, position)
        return record if record is not None and record.last <= self.head else None

    def batch_of(self, position: int) -> tuple[int, int] | None:
        record = self.record_at(position)
        return None if record is None else (record.first, record.last)

    def recorded(self, position: int) -> Recorded:
        [found] = self.store.read(self.sid, position - 1, until=position)
        return found

    def recorded_range(self, first: int, last: int) -> list[Recorded]:
        return list(self.store.read(self.sid, first - 1, until=last))

    def placed_from(
        self, place: int, corrections: Corrections | None = None
    ) -> list[tuple[int, Recorded]]:
        corrections = corrections or self.corrections
        if self._tail is None or self._tail[0] != place:  # a take-back reads it twice
            records = [r for r in self.store.records(self.sid, place - 1) if r.last <= self.head]
            self._records, self._firsts, self._from = records, [r.first for r in records], place
            self._tail = (place, list(self.store.read(self.sid, place - 1, until=self.head)))
        events = self._tail[1]
        return list(with_places(events, corrections, self._revisions(place, corrections)))

    def _revisions(self, place: int, corrections: Corrections) -> dict[int, Recorded]:
        """The events of every revision standing at ``place`` or later (each read on its
        own: a correction long ago does not make a correction now read what lies
        between)."""
        found: dict[int, Recorded] = {}
        for original, positions in corrections.placed.items():
            if positions and place_of(original, corrections) >= place:
                read = self.store.read(self.sid, positions[0] - 1, until=positions[-1])
                found.update((r.position, r) for r in read)
        return found

    def state_before(self, place: int) -> SessionState:
        if place <= 1:
            return SessionState()
        state, _ = snapshots.load(
            self.store, SnapshotStore(self.store), self.sid, until=place - 1, as_corrected=True
        )
        return state

    def latest_before(self, wanted: Follows, place: int) -> int | None:
        """Read back from the head by the type's index (:func:`application.stored_uses.
        backwards`), no further than the best place found."""
        corrections = self.corrections
        found = (
            r
            for r in backwards(self.store, self.sid, self.head, wanted.kind)
            if place_of(r.position, corrections) < place
        )
        return latest_of(found, wanted, corrections)
