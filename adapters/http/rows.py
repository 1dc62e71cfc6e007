"""Each event's rows as subscribers and pages receive them, encoded once per server and
kept: a new subscriber of a long session is sent rows already encoded, not each event
read, described, screened for players and encoded again (issue 32: a catch-up built
every row anew at ~26 µs of the server's CPU an event, a fifth of a cold rebuild's rate).

**What is kept.** For each session, the :class:`~adapters.http.streams.Item` of every
position from the first on, as far as some read has built them: the GM's JSON, the
players' number and JSON (kept only where it differs from the GM's by more than its
number, :meth:`~adapters.http.streams.Item.json` derives it otherwise). Whether an item
closes the session is not kept: a reopening changes it, so each read says it afresh.

**What may change a row already built.** An event's own row never changes, nor whether
players may see it, nor their number for it (:mod:`application.sight`: their numbering
never shifts). What a later event may change is the GM's note on a hidden event that it
was revealed (``revealed_at``), and what a reveal's row shows of a carried sheet once
another reveal shows the sheet; corrections are counted among those as well, rare and
the GM's, to keep the proof short. Before kept rows are served, the events appended
since the last look are read, and one of :data:`CHANGES` drops every row kept of the
session; rows built on a version of the store older than that event are then refused
(a reader thread with an older view of the store must not put back what it dropped).

**Bounded.** At most ``budget`` bytes in all (``kiroku serve --row-cache``): the least
recently read sessions go first, and a session bigger than the budget keeps the rows of
its start (what every catch-up reads first)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

from adapters.http.streams import Item
from adapters.store import EventStore
from domain.events import RulingRevealed, RulingsCorrected

CHANGES = (RulingRevealed, RulingsCorrected)
"""The events after which rows already built may read otherwise (module docstring)."""

BUDGET = 64 * 1024 * 1024
"""The bytes of rows a server keeps by default (``kiroku serve --row-cache`` in MiB)."""

OVERHEAD = 160
"""Bytes an item costs beyond its JSON: the object, its bytes' headers, a list slot."""


def size_of(item: Item) -> int:
    return OVERHEAD + len(item.data) + len(item.public_data)


@dataclass(eq=False)
class Rows:
    """One session's kept rows: ``items[i]`` is position ``i + 1``'s."""

    mark: str
    """The session's cursor epoch: another session of the same id keeps nothing of it."""
    items: list[Item] = field(default_factory=list)
    seen: int = 0
    """The last position read for events that change earlier rows."""
    barrier: int = 0
    """The position of the last such event: rows built on an older view are refused."""
    size: int = 0


class RowCache:
    """Every session's kept rows in one server process, shared by its threads."""

    def __init__(self, budget: int = BUDGET) -> None:
        self.budget = budget
        self.lock = threading.Lock()
        self.sessions: OrderedDict[str, Rows] = OrderedDict()
        self.size = 0

    def cached(
        self, store: EventStore, session_id: str, mark: str, after: int, until: int, last: int
    ) -> list[Item]:
        """The kept items of positions ``after + 1`` to ``until`` — as many of the first
        of them as are kept — once the events up to ``last`` (the store's last position
        as the caller read it) are known to change none of them."""
        with self.lock:
            rows = self.sessions.get(session_id)
            if rows is None or rows.mark != mark or not rows.items:
                return []
            self.sessions.move_to_end(session_id)
            seen = rows.seen
        if seen < last:
            changed = 0
            for recorded in store.read(session_id, seen, until=last):
                if isinstance(recorded.event, CHANGES):
                    changed = recorded.position
            with self.lock:
                if changed > rows.barrier:
                    self._drop(rows)
                    rows.barrier = changed
                rows.seen = max(rows.seen, last)
        with self.lock:
            return rows.items[after:until]

    def keep(self, session_id: str, mark: str, items: Sequence[Item], version: int) -> None:
        """Keep ``items``, built on the store as of position ``version``, if they follow
        on from what is kept (positions with no gap) and were built on a view no older
        than the last event that changed earlier rows."""
        if not items or self.budget <= 0:
            return
        with self.lock:
            rows = self.sessions.get(session_id)
            if rows is None or rows.mark != mark:
                if rows is not None:
                    self._drop(rows)
                rows = self.sessions[session_id] = Rows(mark, seen=version)
            self.sessions.move_to_end(session_id)
            if version < rows.barrier or items[0].position != len(rows.items) + 1:
                return
            if not rows.items:
                rows.seen = max(rows.seen, version)
            elif rows.seen < version:  # not yet known to change nothing kept: keep none
                return
            for expected, item in enumerate(items, start=len(rows.items) + 1):
                cost = size_of(item)
                if item.position != expected:
                    break
                while self.size + cost > self.budget and self._evict(rows):
                    pass
                if self.size + cost > self.budget:
                    break
                rows.items.append(item)
                rows.size += cost
                self.size += cost

    def _evict(self, keeping: Rows) -> bool:
        """Drop the least recently read session other than ``keeping``'s (False: none)."""
        for sid, rows in self.sessions.items():
            if rows is not keeping and rows.items:
                self._drop(rows)
                del self.sessions[sid]
                return True
        return False

    def _drop(self, rows: Rows) -> None:
        self.size -= rows.size
        rows.items = []
        rows.size = 0
