"""One event whole, as ``kiroku show`` prints it and the API gives it: its timeline row,
the record of its command, the ruleset's explanation and what it followed from — for the
GM, or for a player in their numbers, what is kept from them left out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from application.audit import (
    core_event,
    players_revealed,
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
from application.why import followed_from, state_before, used_by
from domain.events import Recorded
from domain.session.aggregate import Session
from projections import players
from projections.timeline import untold


def shown(
    service: SessionService, session: Session, position: int, *, viewer_is_gm: bool
) -> dict[str, Any]:
    """One event whole, as ``kiroku show --json`` prints it (and the HTTP API gives it):
    its timeline row, the record of its command, the ruleset's explanation and what it
    followed from."""
    sid = session.opened.session
    recorded = visible_event(service.store, session, position, viewer_is_gm)
    placed = Placements.read(service.store, sid)
    row = row_of(
        service.store,
        session,
        recorded,
        dict(session.state.retracted),
        None,
        viewer_is_gm=viewer_is_gm,
        placed=placed,
    )
    record = service.store.command_of(sid, position)
    row["command"] = None if record is None else record_row(record, viewer_is_gm)
    first = position if record is None else record.first
    before = state_before(service, session, first, placed)
    explain = session.ruleset.explain
    if core_event(recorded.event):
        row["explanation"] = []
    else:  # a player's, on the state they see: the GM's would name what is kept from them
        theirs = before if viewer_is_gm else players_before(service, sid, first, placed)
        row["explanation"] = explain(recorded.event, theirs)
    row["follows"] = followed_from(
        service.store, session, position, position, viewer_is_gm, before, placed
    )
    row["used_by"], row["used_by_unrecorded"] = used_by(
        service.store, session, position, viewer_is_gm
    )
    if not viewer_is_gm:
        untold(row, position, stored_secrets(service.store, sid).quiet)
    return row


def shown_to_players(
    service: SessionService,
    session: Session,
    number: int,
    sight: Sight | None = None,
    revealed_row: Callable[[Recorded], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """``kiroku show --as PLAYER N`` and the API's event for a player: players' ``N``-th
    event whole (:func:`shown`), every position it names in their numbers; a reveal
    with the rows of what it showed — each a log row, or ``revealed_row``'s (the API's
    event rows). ``sight``: the players' sight, where the caller holds one."""
    sight = players_sight(service.store, session) if sight is None else sight
    position = their_position(sight, number)
    row = shown(service, session, position, viewer_is_gm=False)
    row["position"] = number
    revealed = None
    if row["type"] == "RulingRevealed" and revealed_row is None:
        revealed = players_revealed(service.store, session, sight, position)
    elif row["type"] == "RulingRevealed" and revealed_row is not None:
        revealed = [revealed_row(e) for e in sight.revealed_events(service.store, position)]
    return sight.renumbered(row, revealed)


def players_before(service: SessionService, sid: str, first: int, placed: Placements) -> Any:
    """The ruleset's state the players see just before the ruling at ``first`` (before
    the place of the ruling it revises, for a revision), what the GM keeps from them now
    left out."""
    cut = placed.revises.get(first, first) - 1
    secrets = stored_secrets(service.store, sid)
    state, _ = players.load(service.store, service.snapshots, sid, secrets, cut, kept_now=True)
    return state.table
