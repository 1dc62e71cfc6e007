"""``kiroku why``'s read model: the ruling that gave an event, its events, what it
followed from (its record's links, or the rules' for a record that names none), its
revisions, and (for the GM) what retracting it would change — for the GM, or for a
player in their numbers, what is kept from them left out."""

from __future__ import annotations

from typing import Any

from adapters.store import EventStore
from application.audit import (
    kept_from_players,
    players_sight,
    record_row,
    row_of,
    their_position,
    visible_event,
)
from application.revisions import Placements
from application.service import SessionService
from application.sight import Sight
from application.stored_secrets import stored_secrets
from domain.errors import NotAllowed
from domain.events import Recorded
from domain.session.aggregate import Session
from domain.session.commands import CORRECTIONS, Retract, Reveal
from domain.session.record import CommandRecord
from domain.session.screen import for_players
from projections.timeline import describe, untold, untold_command


def _numbered_for_players(found: dict[str, Any], sight: Sight) -> dict[str, Any]:
    """``kiroku why --as PLAYER``'s answer in players' numbers (:mod:`application.sight`):
    the event asked of, its ruling's record, the ruling's events they may see, its
    revisions and what it followed from — never a position that counts hidden events."""
    position = found["position"]
    number = sight.number(position)
    events = [sight.public_row(row) for row in found["events"] if sight.number(row["position"])]
    chains = (
        [n for p in chain if (n := sight.number(p)) is not None] for chain in found["revisions"]
    )
    return found | {
        "position": number,
        "ruling": None
        if found["ruling"] is None
        else sight.command_theirs(found["ruling"], position),
        "events": events,
        "follows": sight.links(found["follows"]),
        "revisions": [chain for chain in chains if chain],
    }


def span(ruling: list[int] | None) -> str:
    """A ruling's positions as a GM reads them: ``12`` or ``10–12`` (``?``: none)."""
    if not ruling:
        return "?"
    first, last = ruling
    return str(first) if first == last else f"{first}–{last}"


def state_before(service: SessionService, session: Session, first: int, placed: Placements) -> Any:
    """The ruleset's state the ruling at ``first`` was decided on: the session as of the
    event before it — or, for a revision, before the place of the ruling it stands in
    for, as the corrections read the history."""
    sid = session.opened.session
    place = placed.revises.get(first)
    if place is None:
        return service.state_at(sid, first - 1).table
    return service.state_at(sid, place - 1, as_corrected=True).table


def followed_from(
    store: EventStore,
    session: Session,
    first: int,
    last: int,
    viewer_is_gm: bool,
    before: Any,
    placed: Placements,
) -> list[dict[str, Any]]:
    """For each event of the ruling at ``first``–``last``, each earlier event it used: as
    its command's record says (:attr:`CommandRecord.used`, what the ruling was decided
    on, whatever was corrected since), or, for a record that does not say (one made
    before records did), what the ruleset says it used (:meth:`Ruleset.follows`, given
    the state ``before`` it): the latest of its type before the ruling that still counts
    and holds the fields given. "Before" is in the order the fold reads: a revision
    stands in its original's place."""
    follows = session.ruleset.follows
    sid = session.opened.session
    record = store.command_of(sid, first)
    if record is not None and record.named_uses is not None:
        return _recorded_links(store, session, record, (first, last), viewer_is_gm, before)
    retracted = session.state.retracted

    def place(position: int) -> int:
        return placed.revises.get(position, position)

    here = place(first)
    links = []
    unseen = set() if viewer_is_gm else kept_from_players(store, sid)
    for recorded in store.read(sid, first - 1, until=last):
        for wanted in follows(recorded.event, before):
            matching = sorted(
                (
                    earlier
                    for earlier in store.read(sid, 0, until=first - 1, topic=wanted.kind)
                    if earlier.position not in retracted
                    and place(earlier.position) < here
                    and all(
                        getattr(earlier.event, name, None) == value
                        for name, value in wanted.fields.items()
                    )
                ),
                key=lambda e: (place(e.position), e.position),
            )  # the latest last (``wanted.back``: that many before it)
            found = matching[-1 - wanted.back] if len(matching) > wanted.back else None
            if found is None or found.position in unseen:
                continue
            links.append(_link(store, session, recorded.position, found, wanted.why, viewer_is_gm))
    return links


def _link(
    store: EventStore,
    session: Session,
    event: int,
    found: Recorded,
    why: str,
    viewer_is_gm: bool,
) -> dict[str, Any]:
    """One link: the event at ``event`` followed from ``found``, for ``why``, with the
    ruling ``found`` came from and its line as the reader may read it."""
    ruling = store.command_of(session.opened.session, found.position)
    return {
        "event": event,
        "follows": found.position,
        "why": why,
        "ruling": None if ruling is None else [ruling.first, ruling.last],
        "summary": describe((found if viewer_is_gm else for_players(found)).event, session.ruleset),
    }


def _recorded_links(
    store: EventStore,
    session: Session,
    record: CommandRecord,
    span: tuple[int, int],
    viewer_is_gm: bool,
    before: Any,
) -> list[dict[str, Any]]:
    """The links a ruling's record names (:attr:`CommandRecord.used`) for its events at
    ``span`` (first, last: one event for ``show``, the ruling for ``why``), each said with the
    rule's words for it (the :class:`~domain.rulesets.base.Follows` of its type and
    fields), what the players may not see left out."""
    sid = session.opened.session
    first, last = span
    unseen = set() if viewer_is_gm else kept_from_players(store, sid)
    events = {r.position: r for r in store.read(sid, first - 1, until=last)}
    links = []
    for used in record.named_uses or ():
        if used.used in unseen or used.event not in events:  # only the events asked of
            continue
        [found] = store.read(sid, used.used - 1, until=used.used)
        said = [
            wanted.why
            for wanted in session.ruleset.follows(events[used.event].event, before)
            if wanted.kind == type(found.event).__name__
            and all(getattr(found.event, n, None) == v for n, v in wanted.fields.items())
        ]
        why = said[0] if said else "what its record says it used"
        links.append(_link(store, session, used.event, found, why, viewer_is_gm))
    return links


NAMES_NO_USE = frozenset({*(kind.__name__ for kind in CORRECTIONS), Reveal.__name__})
"""The kinds of record that name nothing they used, by design: a correction's (its
revisions' records do, each on its own) and a reveal's (it shows, it decides nothing)."""


def used_by(
    store: EventStore, session: Session, position: int, viewer_is_gm: bool
) -> tuple[list[dict[str, Any]], int]:
    """What used the ruling of the event at ``position`` (a retraction takes it whole):
    each later event that still counts whose ruling's record names one of its events
    (``used``; :attr:`CommandRecord.used`, what the rules found it used when it was
    given, :mod:`domain.session.uses`; ``bound``: given *for* it, so that its retraction
    would drop it rather than decide it again), read from the records alone — nothing
    decided again; and how many later rulings that still count recorded nothing of what
    they used (made before rulings did, or outside the service), for which a
    retraction's preview alone can tell. For a player, only what they may see, in the
    store's positions (:meth:`application.sight.Sight.users` numbers them as they count)."""
    sid = session.opened.session
    own = store.command_of(sid, position)
    ruling = range(position, position + 1) if own is None else range(own.first, own.last + 1)
    retracted = session.state.retracted
    unseen = set() if viewer_is_gm else kept_from_players(store, sid)
    users: list[dict[str, Any]] = []
    unrecorded = 0
    for record in store.records(sid, after=ruling[-1]):
        batch = range(record.first, record.last + 1)
        seen = [p for p in batch if p not in retracted and p not in unseen]
        if record.kind in NAMES_NO_USE or not seen:
            continue  # a correction or a reveal, or a ruling taken back or kept from the reader
        if record.named_uses is None:
            unrecorded += 1
            continue
        for use in record.named_uses:
            if use.used not in ruling or use.used in unseen or use.event not in seen:
                continue
            [found] = store.read(sid, use.event - 1, until=use.event)
            event = (found if viewer_is_gm else for_players(found)).event
            users.append(
                {
                    "event": use.event,
                    "used": use.used,
                    "ruling": [record.first, record.last],
                    "command": record.command,
                    "bound": use.bound,
                    "summary": describe(event, session.ruleset),
                }
            )
    return users, unrecorded


def consequences_of(service: SessionService, session: Session, position: int) -> dict[str, Any]:
    """What a retraction of the ruling at ``position`` would revise and drop (previewed)."""
    outcome, _, _ = service.preview(
        session.opened.session, Retract(position=position, reason="why --consequences")
    )
    return {
        "revised": [
            f"{span([r.original.first, r.original.last])} {r.original.command}"
            for r in outcome.revised
        ],
        "dropped": [
            f"{span([d.original.first, d.original.last])} {d.original.command}: {d.why}"
            for d in outcome.dropped
        ],
    }


def why(
    service: SessionService,
    session: Session,
    asked: int,
    viewer_is_gm: bool,
    with_consequences: bool = False,
) -> dict[str, Any]:
    """``kiroku why``'s answer for the event ``asked`` (a player's number, for a player):
    its ruling's record, the ruling's events, what it followed from, its revisions and,
    ``with_consequences`` (the GM's alone), what retracting it would revise and drop."""
    sid = session.opened.session
    sight = None if viewer_is_gm else players_sight(service.store, session)
    position = asked if sight is None else their_position(sight, asked)
    visible_event(service.store, session, position, viewer_is_gm)
    record = service.store.command_of(sid, position)
    first, last = (position, position) if record is None else (record.first, record.last)
    retracted = dict(session.state.retracted)
    placed = Placements.read(service.store, sid)
    secrets = None if viewer_is_gm else stored_secrets(service.store, sid)
    unseen = set() if secrets is None else secrets.unseen()
    quiet = set() if secrets is None else secrets.quiet
    batch = [
        untold(
            row_of(
                service.store,
                session,
                r if viewer_is_gm else for_players(r),
                retracted,
                None,
                viewer_is_gm=viewer_is_gm,
                placed=placed,
            ),
            r.position,
            quiet,
        )
        for r in service.store.read(sid, first - 1, until=last)
        if r.position not in unseen
    ]
    before = state_before(service, session, first, placed)
    follows = followed_from(service.store, session, first, last, viewer_is_gm, before, placed)
    consequences = None
    if with_consequences:
        if not viewer_is_gm:
            raise NotAllowed("only the GM weighs what retracting a ruling would change")
        consequences = consequences_of(service, session, position)
    found: dict[str, Any] = {
        "position": position,
        "ruling": None
        if record is None
        else untold_command(record_row(record, viewer_is_gm), quiet),
        "events": batch,
        "follows": follows,
        "revisions": [
            placed.standing(first, retracted)
            for first in sorted({r["revised_by"] for r in batch if r.get("revised_by")})
        ],
    }
    if consequences is not None:
        found["consequences"] = consequences
    if sight is not None:
        found = _numbered_for_players(found, sight)
    return found
