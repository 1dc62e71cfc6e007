"""What a player or an observer may see of a session: every event but the GM's secrets
(:mod:`domain.session.secrets`), numbered in their own sequence.

A player's cursor counts only the events they may see (the 1st, the 2nd, …), so neither
a gap in the numbering nor a count nor a page's length betrays that the GM rolled in
secret in between; the GM's cursor is the event's position. A secret revealed later
never takes a number of its own (their numbering never shifts): players read it inside
the reveal, at the reveal's number. The projections a player reads are the state folded
without what is still kept from them, so a hidden wound is in no view of theirs.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from adapters.snapshot_store import SnapshotStore
from adapters.store import EventStore
from application.stored_secrets import caught_up
from domain.events import Recorded
from domain.session.screen import as_revealed
from domain.session.secrets import Secrets
from domain.session.state import SessionState
from projections import players, project_state
from projections.timeline import DROPPED, corrected_line, forked_line, untold, unverified_line

LINKED = {
    "retracted_by": "",
    "revised_by": " (revised: see {})",
    "revises": " (revises the ruling at {})",
}
"""A timeline row's fields that name another event, and what its line says of it
(:func:`application.audit.row_of`)."""


class Sight:
    """One session's events as players see them, caught up from the store on each use."""

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id
        self.read = 0
        self.public: list[int] = []
        """The positions players may see, in order: the n-th is their cursor n."""
        self.secrets = Secrets()
        self._state: tuple[int, dict[str, Any]] | None = None
        self._folded: tuple[int, SessionState] | None = None

    def catch_up(self, store: EventStore, head: int, read: Sequence[Recorded] = ()) -> None:
        """Catch up to ``head``: from ``read`` when it is exactly what is lacking (events
        its caller just read), else from the store."""
        if head <= self.read:
            return
        if self.read == 0:  # on from the latest players' snapshot, not the opening
            kept = players.secrets_at(store, SnapshotStore(store), self.session_id, head)
            if kept.read > 0:
                self.secrets, self.read = kept, kept.read
                self.public = [p for p in range(1, kept.read + 1) if not kept.ever_hidden(p)]
        caught_up(store, self.session_id, self.secrets, head, read)
        hidden = self.secrets.ever_hidden
        self.public.extend(p for p in range(self.read + 1, head + 1) if not hidden(p))
        self.read = head

    def revealed(self, position: int) -> tuple[int, ...]:
        """The positions the reveal at ``position`` showed (none if it is no reveal)."""
        return self.secrets.reveals.get(position, ())

    def revealed_events(self, store: EventStore, position: int) -> list[Recorded]:
        """The events the reveal at ``position`` showed (none if it is no reveal), as the
        players read them there (:func:`~domain.session.screen.as_revealed`)."""
        shown = self.revealed(position)
        if not shown:
            return []
        wanted = set(shown)
        read = store.read(self.session_id, shown[0] - 1, until=shown[-1])
        return [as_revealed(r, self.secrets) for r in read if r.position in wanted]

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

    def known_as(self, position: int, at: int | None = None) -> int | None:
        """Players' number for what they knew, as of the event at ``at`` (now when None),
        of the event at ``position``: its own, or the number of the reveal that had
        shown it by then (None: it was kept from them). As of ``at``, so that a row they
        were sent never reads otherwise once a later reveal comes."""
        number = self.number(position)
        reveal = self.secrets.revealed.get(position)
        if number is None and reveal is not None and (at is None or reveal <= at):
            return self.number(reveal)
        return number

    def public_row(
        self, row: dict[str, Any], revealed: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """An event's row as players read it: numbered as they count, every position it
        names in their numbers; a reveal holding the rows of what it shows
        (``revealed``: each as the GM reads it), numbered by the reveal."""
        position = row["position"]
        number = self.number(position)
        assert number is not None
        untold(row, position, self.secrets.quiet)
        row["position"] = number
        self._name_theirs(row, position, revealed)
        self._fields_theirs(row)
        return row

    def _name_theirs(
        self, row: dict[str, Any], at: int, revealed: list[dict[str, Any]] | None
    ) -> None:
        """The positions a core event of the row at store position ``at`` names, in
        players' numbers as of then."""
        kind = row["type"]
        if kind == "EventRetracted":
            target = row["event"]["position"]
            theirs = self.known_as(target, at)
            row["event"]["position"] = theirs
            row["summary"] = row["summary"].replace(f"event {target}", f"event {theirs}", 1)
        elif kind == "RulingsCorrected":
            self._renumber_correction(row, at)
        elif kind == "RulingRevealed":
            row["event"]["position"] = row["position"]
            row["summary"] = "GM reveals what was kept from the players"
            row["revealed"] = [self._revealed_row(r, row["position"], at) for r in revealed or ()]
        elif kind == "SessionForked":  # the origin as they counted it: the same events
            origin = row["event"]["position"]
            row["event"]["position"] = self.ordinal(origin)
            row["summary"] = forked_line(row["event"]["origin"], self.ordinal(origin))
        elif kind == "ImportedUnverified":  # the count would number the hidden events
            row["event"].pop("events", None)
            row["summary"] = unverified_line(row["event"]["file"], None)

    def _revealed_row(self, row: dict[str, Any], reveal: int, shown_at: int) -> dict[str, Any]:
        """A row the reveal numbered ``reveal`` by players (at store position
        ``shown_at``) shows: numbered by the reveal, and a correction inside it said as
        of the reveal, when what it corrected and revised is known to them."""
        at = row["position"]
        untold(row, at, self.secrets.quiet)
        row["position"] = reveal
        if row["type"] == "EventRetracted":
            row["event"]["position"] = reveal
            row["summary"] = "GM retracts it"
        elif row["type"] == "RulingsCorrected":
            self._renumber_correction(row, shown_at)
        self._fields_theirs(row)
        return row

    def _renumber_correction(self, row: dict[str, Any], at: int) -> None:
        """A correction's heading in players' numbers as of ``at``, what they may not
        know of left out (a hidden ruling that the correction decided again stays
        hidden), its line and its counts made of what is left, and why a ruling was
        dropped said without the GM's numbers."""
        event = row["event"]
        event["ruling"] = self.known_as(event["ruling"], at)
        event["revised"] = [
            [theirs, known, count]
            for original, first, count in event.get("revised", ())
            if (theirs := self.known_as(original, at)) is not None
            and (known := self.known_as(first, at)) is not None
        ]
        event["dropped"] = [
            t for p in event.get("dropped", ()) if (t := self.known_as(p, at)) is not None
        ]
        event["why_dropped"] = [DROPPED] * len(event["dropped"])
        event["reinstated"] = [
            t for p in event.get("reinstated", ()) if (t := self.known_as(p, at)) is not None
        ]
        row["summary"] = corrected_line(
            event["correction"],
            event["ruling"],
            len(event["revised"]),
            len(event["dropped"]),
            len(event["reinstated"]),
        )

    def renumbered(
        self, row: dict[str, Any], revealed: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """``kiroku show``'s row of an event as a player reads it: every position it names
        in players' numbers, what they may not see left out (and no hash-chain value,
        which would count the GM's hidden events)."""
        at = self.position(row["position"])
        self._name_theirs(row, at, revealed)
        self._fields_theirs(row)
        return row

    def _fields_theirs(self, row: dict[str, Any]) -> None:
        """The positions a timeline row's own fields name (the retraction that marks it,
        its revision, the ruling it revises, its command's events, what it follows
        from), and its line's mention of them, in players' numbers; those they may not
        see left out (and no hash-chain value, which would count the GM's hidden
        events)."""
        at = self.position(row["position"])
        for name, said in LINKED.items():
            if name not in row:
                continue
            number = self.number(row[name])
            if said and "summary" in row:
                theirs = "" if number is None else said.format(number)
                row["summary"] = row["summary"].replace(said.format(row[name]), theirs, 1)
            if number is None:
                del row[name]
            else:
                row[name] = number
        command = row.get("command")
        if command:
            self.command_theirs(command, at)
        if "follows" in row:
            row["follows"] = self.links(row["follows"])
        if "used_by" in row:
            row["used_by"] = self.users(row["used_by"])

    def command_theirs(self, command: dict[str, Any], at: int) -> dict[str, Any]:
        """A command record's row (:func:`application.audit.record_row`) in players'
        numbers as of ``at``: the events it gave that they may see, the position its
        inputs name; no chain value, signature or count, which would count the GM's
        hidden events."""
        command["positions"] = self.span(*command["positions"])
        for name in ("first", "count", "chain", "signature"):  # the seal is the GM's
            command.pop(name, None)
        inputs = command.get("inputs") or {}
        if isinstance(inputs.get("position"), int):  # a correction's or a reveal's
            inputs["position"] = self.known_as(inputs["position"], at)
            if inputs["position"] is None:  # of a ruling kept from them: nor what it gave
                for name in ("changes", "faces"):
                    inputs.pop(name, None)
        return command

    def span(self, first: int, last: int) -> list[int]:
        """The first and last of players' numbers among the store's positions ``first``
        to ``last`` (none: they may see none of them) — a ruling's span as they count
        it, whichever of its events are kept from them."""
        low, high = self.ordinal(first - 1) + 1, self.ordinal(last)
        return [low, high] if low <= high else []

    def links(self, follows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """``kiroku why``'s and ``show``'s links (what an event followed from) in players'
        numbers, those to an event they may not see left out."""
        links = []
        for link in follows:
            number = self.number(link["follows"])
            if number is not None:
                ruling = link.get("ruling")
                links.append(
                    link
                    | {
                        "follows": number,
                        "event": self.number(link["event"]),
                        "ruling": (self.span(*ruling) or None) if ruling else None,
                    }
                )
        return links

    def users(self, used_by: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """``show``'s what used an event (:func:`application.why.used_by`) in players'
        numbers, what they may not see left out."""
        return [
            user | {"event": number, "used": used, "ruling": self.span(*user["ruling"]) or None}
            for user in used_by
            if (number := self.number(user["event"])) is not None
            and (used := self.number(user["used"])) is not None
        ]

    @property
    def count(self) -> int:
        return len(self.public)

    def state(self, store: EventStore) -> SessionState:
        """The state folded without what is kept from players (the last one read, while
        nothing was recorded since)."""
        if self._folded is not None and self._folded[0] == self.read:
            return self._folded[1]
        state, _ = players.load(
            store, SnapshotStore(store), self.session_id, self.secrets, self.read
        )
        self._folded = (self.read, state)
        return state

    def projections(self, store: EventStore) -> dict[str, Any]:
        """The views as players may read them: the state without what is kept from them."""
        if self._state is not None and self._state[0] == self.read:
            return self._state[1]
        views = project_state(self.state(store))
        session = views["session"]
        session["position"] = self.count
        if "forked_from" in session:  # the origin's events are the fork's, at their places
            session["forked_from"]["position"] = self.ordinal(session["forked_from"]["position"])
        if "unverified" in session:  # where, in their numbers; how many would count secrets
            unverified = session["unverified"]
            unverified["position"] = self.number(unverified["position"])
            del unverified["events"]
        self._state = (self.read, views)
        return views
