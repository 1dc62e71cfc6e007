"""Reading a session over HTTP: what the shell's ``session list``, ``state``, ``log``,
``show``, ``diff`` and ``odds`` print, as JSON, for the token's holder — the GM sees
everything, anyone else what :mod:`application.sight` lets them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response

from adapters.http import streams
from adapters.http.auth import forbidden
from adapters.http.problems import malformed
from adapters.http.server import (
    JSON,
    Seat,
    Worker,
    admin_only,
    flag,
    json_response,
    number_in_path,
    only_params,
    optional_number,
    seat,
    server_of,
    token_of,
)
from application.choices import choices
from application.consequences import with_consequence
from application.odds import OddsQuery
from application.rows import session_row
from application.service import SessionService
from application.shown import shown, shown_to_players
from domain.errors import excerpt
from domain.events import Recorded
from domain.rulesets.base import Matchups
from domain.session.aggregate import Session
from domain.session.screen import for_players
from projections import project_state
from projections.timeline import describe


def event_row(recorded: Recorded, session: Session, number: int | None = None) -> dict[str, Any]:
    """One event as the stream and the pages give it: its number (the position, or the
    player's count), type, log line, who recorded it, when and why, and every field it
    recorded (``event``)."""
    event = recorded.event
    return {
        "position": recorded.position if number is None else number,
        "type": type(event).__name__,
        "summary": describe(event, session.ruleset),
        "actor": event.actor,
        "at": event.at.isoformat(),
        "reason": event.reason,
        "event": msgspec.to_builtins(event),
    }


def session_epoch(session: Session) -> str:
    return streams.epoch(session.opened.session, session.opened.at.isoformat())


def read_items(
    worker: Worker, service: SessionService, session_id: str, after: int, limit: int
) -> tuple[list[streams.Item], int]:
    """Up to ``limit`` events after position ``after``, as stream items (for the GM and
    for players), and the last position: those the server keeps already encoded
    (:mod:`adapters.http.rows`), then the rest built from the store, and kept."""
    session = service.load(session_id)
    last = session.version
    if after >= last:
        return [], last
    until = min(last, after + limit)
    mark = session_epoch(session)
    items = worker.rows.cached(service.store, session_id, mark, after, until, last)
    if after + len(items) < until:
        built = build_items(worker, service, session, after + len(items), until)
        worker.rows.keep(session_id, mark, built, last)
        items += built
    closed = session.state.closed  # said afresh: a reopening goes on (a hidden closing
    if closed is not None and after < closed <= until:  # ends no stream, as before)
        items = [replace(i, closes=True) if i.position == closed and i.public else i
                 for i in items]  # fmt: skip
    return items, last


def build_items(
    worker: Worker, service: SessionService, session: Session, after: int, until: int
) -> list[streams.Item]:
    """The items of positions ``after + 1`` to ``until``, each row built and encoded for
    the GM and, if they may see it, for players (their JSON kept only where it differs
    from the GM's by more than its number)."""
    session_id = session.opened.session
    page = list(service.store.read(session_id, after, until=until))
    sight = worker.sight(service, session, page)
    items = []
    for r in page:
        row = with_consequence(event_row(r, session), service.store, session_id, r)
        public = sight.number(r.position)
        if public is None:  # the GM's alone: their row says so (and since when it is not)
            row["hidden"] = True
            revealed_at = sight.secrets.revealed.get(r.position)
            if revealed_at is not None:
                row["revealed_at"] = revealed_at
            items.append(streams.Item(r.position, streams.item_json(row)))
            continue
        data = streams.item_json(row)
        revealed = [event_row(e, session) for e in sight.revealed_events(service.store, r.position)]
        theirs = row if for_players(r) is r else event_row(for_players(r), session)
        shown = streams.item_json(sight.public_row(theirs, revealed))  # the GM's is encoded
        if shown == streams.renumbered(data, public):
            shown = b""  # the GM's, numbered as they count: derived when sent
        items.append(streams.Item(r.position, data, public, shown))
    return items


def start_of(worker: Worker, service: SessionService, place: Seat, given: str | None) -> int:
    """The position a cursor (the GM's, or a player's count) names."""
    session = place.session
    mark = session_epoch(session)
    if place.is_gm:
        return 0 if given is None else streams.parse_cursor(given, mark, session.version)
    sight = worker.sight(service, session)
    count = 0 if given is None else streams.parse_cursor(given, mark, sight.count)
    return sight.position(count)


async def list_sessions(request: Request) -> Response:
    server = server_of(request)
    admin_only(server, token_of(request), "lists the sessions")

    def sessions(service: SessionService) -> list[dict[str, Any]]:
        return [session_row(s) for s in service.store.sessions()]

    return json_response({"sessions": await server.worker.read(sessions)})


TAMPERED_FOR_PLAYERS = "the session's record fails its tamper check: ask the GM to verify it"
"""What players read of a tamper warning (the GM's names positions they do not count)."""


async def show_session(request: Request) -> Response:
    """The projections (``views``) and, as the ruleset lays them out for ``kiroku
    state``, its ``tables`` (a title, columns, rows of text): a front end may show
    either, and every ruleset's own panels come without knowing its views. ``you``: who
    the token acts as, and their role."""
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)

    def projections(
        service: SessionService, place: Seat, at: int | None
    ) -> tuple[dict[str, Any], int]:
        session = place.session
        if not place.is_gm:
            if at is not None:
                raise forbidden("at=N reads a past position: the GM's alone")
            sight = server.worker.sight(service, session)
            return sight.projections(service.store), sight.count
        if at is not None and not 0 <= at <= session.version:
            raise malformed(f"at={at}: the session has positions 0 to {session.version}")
        state = session.state if at is None else service.state_at(sid, at)
        return project_state(state), session.version

    def shown(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)  # the token first, then the query
        at = optional_number(request, "at")
        views, version = projections(service, place, at)
        tampered = None if at is not None else service.tamper_warning(sid, place.session.version)
        if tampered is not None:  # a copy: a player's views are kept for the next read
            said = tampered if place.is_gm else TAMPERED_FOR_PLAYERS
            views = views | {"session": views["session"] | {"tampered": said}}
        tables = [t._asdict() for t in place.session.ruleset.tables(views)]
        you = {"participant": place.holder.participant, "role": place.holder.role}
        return {"version": version, "views": views, "tables": tables, "you": you}

    data = await server.worker.read(shown)
    return json_response(data, headers={"ETag": f'"{data["version"]}"'})


async def show_choices(request: Request) -> Response:
    """Each character's closed choices (:mod:`application.choices`), read off the sheets
    as the token's holder sees them: a player's from the state without the GM's
    secrets, as their views are."""
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)

    def offered(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)
        session = place.session
        if place.is_gm:
            return choices(session.state)
        return choices(server.worker.sight(service, session).state(service.store))

    return json_response(await server.worker.read(offered))


async def list_events(request: Request) -> Response:
    sid = request.path_params["session"]
    given = request.query_params.get("after")
    server = server_of(request)
    token = token_of(request)

    def page(service: SessionService) -> bytes:
        place = seat(server, service, sid, token)  # the token first, then the query
        asked = optional_number(request, "limit")
        limit = 100 if asked is None else asked
        if not 1 <= limit <= 1000:
            raise malformed(f"limit={limit}: give 1 to 1000 events a page")
        worker = server.worker
        mark = session_epoch(place.session)
        start = after = start_of(worker, service, place, given)
        gm = place.is_gm
        shown: list[streams.Item] = []
        while len(shown) < limit:
            items, last = read_items(worker, service, sid, after, limit)
            for item in items:
                after = item.position
                if gm or item.public:
                    shown.append(item)
                if len(shown) == limit:
                    break
            if not items or after >= last:
                break
        head = place.session.version if gm else worker.sight(service, place.session).count
        next_number = shown[-1].number(gm) if shown else _number(worker, service, place, start)
        # each row as encoded once, its cursor spliced in front (no decoding again)
        rows = b",".join(b'{"cursor":"%s.%d",%s' % (mark.encode(), i.number(gm), i.json(gm)[1:])
                         for i in shown)  # fmt: skip
        tail = msgspec.json.encode({"next": streams.cursor(mark, next_number), "head": head})
        return b'{"events":[%s],%s' % (rows, tail[1:])

    return Response(await server.worker.read(page), media_type=JSON)


def _number(worker: Worker, service: SessionService, place: Seat, position: int) -> int:
    return position if place.is_gm else worker.sight(service, place.session).ordinal(position)


async def show_event(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)

    def shown_event(service: SessionService) -> dict[str, Any]:
        place = seat(server, service, sid, token)  # the token first, then the path
        number = number_in_path(request, "position")
        session = place.session
        if place.is_gm:
            return shown(service, session, number, viewer_is_gm=True)
        sight = server.worker.sight(service, session)
        return shown_to_players(service, session, number, sight, lambda e: event_row(e, session))

    return json_response(await server.worker.read(shown_event))


async def diff(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request)

    def found(service: SessionService) -> dict[str, Any]:
        from projections.diff import changes

        place = seat(server, service, sid, token)  # the token first, then the query
        if not place.is_gm:
            raise forbidden("the diff reads past positions: the GM's alone")
        first = optional_number(request, "from")
        second = optional_number(request, "to")
        session = place.session
        for name, position in (("from", first), ("to", second)):
            if position is not None and not 0 <= position <= session.version:
                raise malformed(
                    f"{name}={position}: the session has positions 0 to {session.version}"
                )
        a = project_state(service.state_at(sid, first) if first is not None else session.state)
        b = project_state(service.state_at(sid, second) if second is not None else session.state)
        return {
            "from": a["session"]["position"],
            "to": b["session"]["position"],
            "changes": changes(a, b),
        }

    return json_response(await server.worker.read(found))


async def odds(request: Request) -> Response:
    """The chance of a roll under the session's ruleset and options (``kiroku odds
    --ruleset``): ``expression`` and ``tn``, or ``table=true``; for a ruleset whose odds
    take a matchup, the fields of its matchup query by name (``manches=3&score=1-0``)."""
    sid = request.path_params["session"]
    query = request.query_params
    known = {"expression", "tn", "table", "unskilled", "emphasis"}
    expression = query.get("expression")
    server = server_of(request)
    token = token_of(request)

    def question(service: SessionService) -> OddsQuery:
        session = seat(server, service, sid, token).session  # the token first, then the query
        if not expression:
            raise malformed("odds needs an expression (?expression=6k3&tn=20)")
        ruleset = session.ruleset
        matchups = isinstance(ruleset, Matchups)
        fields = (
            [f.name for f in msgspec.structs.fields(ruleset.matchup_type)]
            if isinstance(ruleset, Matchups)
            else []
        )
        only_params(request, "odds", known | set(fields))
        if not matchups and "tn" not in query and not flag(request, "table"):
            raise malformed(f"odds of {excerpt(expression)}: give tn=N, or table=true")
        if matchups and ({"tn", "unskilled", "emphasis"} & set(query)):
            raise malformed(
                f"{session.ruleset.id} odds take a matchup ('8-3 vs 7') as the expression, "
                "not tn, unskilled nor emphasis"
            )
        asked = OddsQuery(
            expression=expression,
            tn=optional_number(request, "tn"),
            table=flag(request, "table"),
            unskilled=flag(request, "unskilled"),
            emphasis=flag(request, "emphasis"),
            ruleset=session.opened.ruleset,
            options=dict(session.opened.options),
            matchup={name: query[name] for name in fields if name in query},
        )
        return asked

    # the store's thread only reads who asks and the session's ruleset; the odds
    # themselves, seconds of work for some, are computed (once) away from it
    asked = await server.worker.read(question)
    return json_response(await server.odds.answer(asked))
