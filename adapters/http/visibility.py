"""What a player or an observer may see of a session: every event but the GM's hidden
ones, numbered in their own sequence.

A player's cursor counts only the events they may see (the 1st, the 2nd, …), so neither
a gap in the numbering nor a count nor a page's length betrays that the GM rolled in
secret in between; the GM's cursor is the event's position. The projections a player
reads are folded from the events they may see, so a hidden roll is in no view of theirs.
"""

from __future__ import annotations

import bisect
from typing import Any

from adapters.store import EventStore
from domain.events import EventRetracted
from domain.session.state import fold
from projections import project_state
from projections.timeline import hidden


class Sight:
    """One session's events as players see them, caught up from the store on each use."""

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id
        self.read = 0
        self.public: list[int] = []
        """The positions players may see, in order: the n-th is their cursor n."""
        self._state: tuple[int, dict[str, Any]] | None = None

    def catch_up(self, store: EventStore, head: int) -> None:
        if head <= self.read:
            return
        for recorded in store.read(self.session_id, self.read, until=head):
            event = recorded.event
            if hidden(event):
                continue
            if isinstance(event, EventRetracted) and self.number(event.position) is None:
                continue  # the GM taking back a hidden roll is the GM's business too
            self.public.append(recorded.position)
        self.read = head

    def ordinal(self, position: int) -> int:
        """How many events players may see up to ``position``."""
        return bisect.bisect_right(self.public, position)

    def position(self, ordinal: int) -> int:
        """The position of players' ``ordinal``-th event (0: before the first)."""
        return 0 if ordinal == 0 else self.public[ordinal - 1]

    def number(self, position: int) -> int | None:
        """Players' number for the event at ``position``, or None if they may not see it."""
        found = bisect.bisect_left(self.public, position)
        if found < len(self.public) and self.public[found] == position:
            return found + 1
        return None

    def public_row(self, row: dict[str, Any]) -> dict[str, Any]:
        """An event's row as players read it: numbered as they count, and a retraction
        naming its target by their number."""
        position = row["position"]
        number = self.number(position)
        assert number is not None
        row["position"] = number
        if row["type"] == "EventRetracted":
            target = row["event"]["position"]
            theirs = self.number(target)
            row["event"]["position"] = theirs
            row["summary"] = row["summary"].replace(f"event {target}", f"event {theirs}", 1)
        return row

    def renumbered(self, row: dict[str, Any]) -> dict[str, Any]:
        """``kiroku show``'s row of an event as a player reads it: every position it names
        in players' numbers, what they may not see left out (and no hash-chain value,
        which would count the GM's hidden events)."""
        if row["type"] == "EventRetracted":
            target = row["event"]["position"]
            theirs = self.number(target)
            row["event"]["position"] = theirs
            row["summary"] = row["summary"].replace(f"event {target}", f"event {theirs}", 1)
        for name in ("retracted_by", "revised_by", "revises"):
            if name in row:
                number = self.number(row[name])
                if number is None:
                    del row[name]
                else:
                    row[name] = number
        command = row.get("command")
        if command:
            first, last = command["positions"]
            numbers = [n for n in (self.number(first), self.number(last)) if n is not None]
            command["positions"] = [numbers[0], numbers[-1]] if numbers else []
            for name in ("first", "count", "chain"):
                command.pop(name, None)
        links = []
        for link in row.get("follows", ()):
            number = self.number(link["follows"])
            if number is not None:
                ruling = [self.number(p) for p in link.get("ruling") or ()]
                links.append(
                    link
                    | {
                        "follows": number,
                        "event": self.number(link["event"]),
                        "ruling": [n for n in ruling if n is not None] or None,
                    }
                )
        if "follows" in row:
            row["follows"] = links
        return row

    @property
    def count(self) -> int:
        return len(self.public)

    def projections(self, store: EventStore) -> dict[str, Any]:
        """The views as the events players may see make them."""
        if self._state is not None and self._state[0] == self.read:
            return self._state[1]
        seen = set(self.public)
        events = [r for r in store.read(self.session_id, 0, until=self.read) if r.position in seen]
        views = project_state(fold(events))
        views["session"]["position"] = self.count
        self._state = (self.read, views)
        return views
