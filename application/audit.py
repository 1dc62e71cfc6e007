"""The audit's read models: the timeline's rows (``kiroku log``, the API's events), one
event as a reader may see it, and the players' numbering of them.

A GM contesting a ruling reads the log to find it, then shows it (:mod:`application.
shown`): every field the event recorded, its dice die by die, the parts of its total and
TN, who recorded it, when and why, and whether it still counts. A player reads the same
rows filtered afterwards and numbered as they count (:class:`application.sight.Sight`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

import msgspec

from adapters.store import EventStore
from application.consequences import dropped_because, with_consequence
from application.revisions import Placements
from application.sight import Sight
from application.stored_secrets import stored_secrets
from domain.errors import MalformedInput, NotFound
from domain.events import CORE_EVENT_TYPES, Event, EventRetracted, Recorded
from domain.names import key
from domain.session.aggregate import Session
from domain.session.record import CommandRecord
from domain.session.screen import for_players
from projections.timeline import describe, hidden, timeline, untold

Filter = Callable[[Event], bool]


def page(
    store: EventStore,
    session: Session,
    sight: Sight | None,
    until: int | None,
    after: int | None,
    limit: int,
    keep: Filter | None,
) -> list[dict[str, Any]]:
    """The log's page (:func:`timeline_rows`): the GM's, or a player's numbered as they
    count (:func:`numbered_for_players`) — the last ``limit`` they may see, or the first
    ``limit`` after ``after``."""
    if sight is None:
        return list(timeline_rows(store, session, until, after, limit, keep, viewer_is_gm=True))
    if keep is None and after is None and limit:  # read only the page's events
        upto = sight.count if until is None else sight.ordinal(until)
        after = sight.position(max(0, upto - limit))
    rows = timeline_rows(store, session, until, after, 0, keep, viewer_is_gm=False)
    theirs = numbered_for_players(store, session, sight, rows)
    if not limit:
        return list(theirs)
    return list(islice(theirs, limit)) if after is not None else list(deque(theirs, limit))


def named_characters(event: Event) -> set[str]:
    """The keys of the names an event's fields hold (its actor and reason aside): the
    character who rolls, the target, the attacker, a joining sheet's name."""
    names: set[str] = set()
    for field in event.__struct_fields__:
        if field in ("actor", "reason"):
            continue
        value = getattr(event, field)
        if isinstance(value, str):
            names.add(key(value))
        elif isinstance(value, tuple):
            names.update(key(v) for v in value if isinstance(v, str))
        elif isinstance(getattr(value, "name", None), str):
            names.add(key(value.name))
    return names


def timeline_rows(
    store: EventStore,
    session: Session,
    until: int | None,
    after: int | None,
    limit: int,
    keep: Filter | None = None,
    *,
    viewer_is_gm: bool,
) -> Iterator[dict[str, Any]]:
    """The timeline's rows for the events in (after, until] that ``keep`` keeps: the first
    ``limit`` of them after ``after``, else the last ``limit`` (0: all), each row made as
    it is printed, with its event whole (``event``).

    Each row is the timeline's own, of its event and of the retraction that marks it, so
    it is the row the whole timeline would have (a player still sees no hidden roll); a
    retraction's row also says what it took back."""
    sid = session.opened.session
    last = session.version if until is None else until
    first = after or 0
    if keep is None:
        if limit and after is None:
            first = max(first, last - limit)
        chosen: Iterator[Recorded] | deque[Recorded] = store.read(sid, first, until=last)
    elif limit and after is None:
        chosen = deque((r for r in store.read(sid, first, until=last) if keep(r.event)), limit)
    else:
        chosen = (r for r in store.read(sid, first, until=last) if keep(r.event))
    retracted = {target: by for target, by in session.state.retracted.items() if by <= last}
    placed = Placements.read(store, sid, last)
    secrets = None if viewer_is_gm else stored_secrets(store, sid, last)
    unseen = set() if secrets is None else secrets.unseen(last)
    for count, recorded in enumerate(chosen):
        if limit and count == limit:
            return
        if recorded.position in unseen:
            continue
        if secrets is not None:
            recorded = for_players(recorded)
        row = row_of(
            store, session, recorded, retracted, until, viewer_is_gm=viewer_is_gm, placed=placed
        )
        yield row if secrets is None else untold(row, recorded.position, secrets.quiet)


def row_of(
    store: EventStore,
    session: Session,
    recorded: Recorded,
    retracted: dict[int, int],
    until: int | None,
    *,
    viewer_is_gm: bool,
    placed: Placements | None = None,
) -> dict[str, Any]:
    """One event's timeline row, marked by its retraction (if any, as of ``until``), with
    the event whole; a retraction's summary names what it took back; a revision's names
    the ruling it stands in for (``revises``), and a revised ruling's event its revision
    (``revised_by``)."""
    sid = session.opened.session
    marked = [recorded]
    if recorded.position in retracted:
        by = retracted[recorded.position]
        marked += list(store.read(sid, by - 1, until=by))
    [row] = [
        r
        for r in timeline(marked, until, viewer_is_gm=True, ruleset=session.ruleset)
        if r["position"] == recorded.position
    ]
    with_consequence(row, store, sid, recorded)
    if len(marked) == 2 and row.get("retracted"):  # what a consequence's retraction took
        why = dropped_because(store, sid, marked[1])
        if why is not None:
            row["retraction_reason"] = row["retraction_dropped_because"] = why
    event = recorded.event
    if isinstance(event, EventRetracted):
        [taken] = event_at(store, sid, event.position)
        target = taken.event if viewer_is_gm else for_players(taken).event
        if viewer_is_gm or not hidden(target):  # players read what they were shown of it
            row["summary"] += f": {describe(target, session.ruleset)}"
    row["event"] = msgspec.to_builtins(event)
    if placed is not None:
        original = placed.revises.get(recorded.position)
        if original is not None:
            row["revises"] = original
            row["summary"] += f" (revises the ruling at {original})"
        if recorded.position in retracted and placed.revised:
            record = store.command_of(sid, recorded.position)
            first = recorded.position if record is None else record.first
            if first in placed.revised:
                row["revised_by"] = placed.revised[first]
                row["summary"] += f" (revised: see {placed.revised[first]})"
    return row


def core_event(event: Event) -> bool:
    return isinstance(event, CORE_EVENT_TYPES)


def event_at(store: EventStore, session_id: str, position: int) -> list[Recorded]:
    return list(store.read(session_id, position - 1, until=position))


def visible_event(
    store: EventStore, session: Session, position: int, viewer_is_gm: bool
) -> Recorded:
    """The event at ``position`` as the viewer may see it: a position the session does not
    have, or a GM's hidden roll shown to a player, is refused."""
    if not 1 <= position <= session.version:
        raise MalformedInput(
            f"position {position}: the session has positions 1 to {session.version}"
        )
    [recorded] = event_at(store, session.opened.session, position)
    if viewer_is_gm:
        return recorded
    if position in kept_from_players(store, session.opened.session):
        raise NotFound(f"event {position} is the GM's hidden ruling: kept from the players")
    return for_players(recorded)


def players_sight(store: EventStore, session: Session) -> Sight:
    """What players may see of the session now, numbered as they count: the 1st, the
    2nd, … of the events they may see (:mod:`application.sight`), as the API numbers them —
    so a gap in ``kiroku log --as`` never says the GM ruled in secret in between."""
    sight = Sight(session.opened.session)
    sight.catch_up(store, session.version)
    return sight


def their_position(sight: Sight, number: int, what: str = "event") -> int:
    """The store's position of players' ``number``-th event; a number they do not have
    refused with the numbers they may give (never the GM's count)."""
    if not 1 <= number <= sight.count:
        raise MalformedInput(f"{what} {number}: you may see events 1 to {sight.count}")
    return sight.position(number)


def numbered_for_players(
    store: EventStore, session: Session, sight: Sight, rows: Iterable[dict[str, Any]]
) -> Iterator[dict[str, Any]]:
    """A player's log rows (:func:`timeline_rows`, ``viewer_is_gm=False``) numbered as
    they count, every position a row names in their numbers; an event that was ever
    kept from them has no number of its own — they read it inside the reveal that
    showed it (``revealed``), at the reveal's number."""
    for row in rows:
        position = row["position"]
        if sight.number(position) is None:
            continue
        revealed = None
        if row["type"] == "RulingRevealed":
            revealed = players_revealed(store, session, sight, position)
        yield sight.public_row(row, revealed)


def players_revealed(
    store: EventStore, session: Session, sight: Sight, position: int
) -> list[dict[str, Any]]:
    """The timeline rows of what the reveal at ``position`` showed, as players read them
    there (:meth:`Sight.revealed_events`; still in the store's positions)."""
    retracted = dict(session.state.retracted)
    secrets = sight.secrets
    rows = []
    for shown in sight.revealed_events(store, position):
        row = row_of(store, session, shown, retracted, None, viewer_is_gm=False)
        rows.append(untold(row, shown.position, secrets.quiet))
    return rows


def kept_from_players(store: EventStore, session_id: str, until: int | None = None) -> set[int]:
    """The positions the GM keeps from the players as of ``until`` (every hidden ruling
    not yet revealed, :mod:`domain.session.secrets`)."""
    return stored_secrets(store, session_id, until).unseen(until)


def record_row(record: CommandRecord, viewer_is_gm: bool) -> dict[str, Any]:
    """The record of the command that gave the event. A hidden roll's command is the
    GM's: a player sees only which command it was and which events it gave, not its
    inputs (a TN, a label) nor its dice, whichever event of its batch they show. What
    a ruling used is the GM's to read in the record (it may name an event kept from the
    players, in the GM's numbers): a player reads it in ``why``'s links, each one they
    may see."""
    shown: dict[str, Any] = msgspec.to_builtins(record)
    shown["positions"] = [record.first, record.last]
    if not viewer_is_gm:
        shown.pop("used", None)
    if not viewer_is_gm and record.inputs.get("hidden"):
        shown["inputs"], shown["drawn"], shown["given"] = {"hidden": True}, [], []
    carried = shown["inputs"].get("carried") if not viewer_is_gm else None
    if isinstance(carried, dict):  # a carried sheet as they could see it where it came from
        if carried.get("shown") is not None:
            shown["inputs"]["sheet"] = carried["shown"]
        shown["inputs"]["carried"] = {
            k: v for k, v in carried.items() if k not in ("shown", "position")
        }
    return shown
