"""Where snapshots of sessions' folded state live: the ``eventsourcing`` library's snapshot
store (table ``stored_snapshots`` beside the events, or in memory), one row per session
and position, its topic naming the code version that wrote it.

Each code version keeps its snapshots in a stream of its own (a UUID from the session id
and the version), so the snapshots of new rules never collide with the old ones' at the
same position. A snapshot is only ever a cache of a fold: losing one costs a longer
fold, never a fact. The library writes them; on SQLite they are read straight from the
table, like the events.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

from adapters.store import SESSION_NAMESPACE, EventStore

TOPIC = "kiroku:snapshot:"


def snapshot_stream(session_id: str, version: str) -> uuid.UUID:
    return uuid.uuid5(SESSION_NAMESPACE, f"{session_id}\0snapshots\0{version}")


class SnapshotStore:
    def __init__(self, store: EventStore) -> None:
        self.store = store

    def _recorder(self) -> Any:
        snapshots = self.store.app.snapshots
        if snapshots is None:
            raise RuntimeError("the store was opened without its snapshot table")
        return snapshots.recorder

    def latest(
        self, session_id: str, version: str, until: int | None = None
    ) -> Iterator[tuple[int, bytes]]:
        """This code version's latest snapshot of the session at or before ``until``, as
        ``(position, data)`` (none, or one: the runner asks again, further back, when it
        will not do)."""
        stream = snapshot_stream(session_id, version)
        if self.store.reader is not None:
            found = self.store.reader.latest_snapshot(stream.hex, until)
            if found is not None:
                yield found
            return
        for row in self._recorder().select_events(stream, lte=until, desc=True, limit=1):
            yield row.originator_version, row.state

    def write(self, session_id: str, position: int, version: str, data: bytes) -> bool:
        """Keep a snapshot; False if one is already kept at that position."""
        from eventsourcing.persistence import StoredEvent

        from adapters.library import insert_snapshot

        row = StoredEvent(
            originator_id=snapshot_stream(session_id, version),
            originator_version=position,
            topic=TOPIC + version,
            state=data,
        )
        return insert_snapshot(self._recorder(), row)
