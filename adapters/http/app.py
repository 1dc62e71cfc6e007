"""``kiroku serve``: the HTTP API, an ASGI application (Starlette, on uvicorn).

Every route is under ``/v1``; its OpenAPI document is at ``/openapi.json`` and its docs
at ``/docs`` (Swagger UI, served from this process: no network needed). A front end
drives a session with the same commands as the shell (``POST …/commands``, a command
Struct as its body), reads what the shell reads (the projections, the timeline, one event
whole, a diff, the odds) and follows the session live (``…/stream`` as Server-Sent
Events, ``…/ws`` as a WebSocket).

Every store access runs in one worker thread (:class:`Worker`): the store and the service
are synchronous, and one thread keeps SQLite's connection where it was made and the
service's cache consistent. Several server processes may share one PostgreSQL store;
each reads what the others append.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from adapters.http import streams
from adapters.http.bodies import MAX_BODY, decode_as, ruleset_commands, too_large
from adapters.http.problems import Problem, malformed, not_found, problem_of
from adapters.service import IdempotencyRequest, Repeated, SessionService, VersionConflict
from adapters.store import EventStore, StoreConfig
from domain.commands import Command
from domain.dice.roll_keep.faces import parse_faces
from domain.dice.source import TableFaces
from domain.errors import KirokuError, excerpt
from domain.events import Recorded
from domain.session.aggregate import Session
from domain.session.commands import Amend, Reinstate, Retract, Undo
from projections import project_state
from projections.timeline import describe

T = TypeVar("T")

JSON = "application/json"


class Worker:
    """The server's one thread for the store: each call runs there, in order."""

    def __init__(self, config: StoreConfig) -> None:
        self.config = config
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="kiroku-store")
        self.service: SessionService | None = None

    def _open(self) -> None:
        self.service = SessionService(EventStore(self.config))

    async def start(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.executor, self._open)

    async def run(self, function: Callable[[SessionService], T]) -> T:
        def call() -> T:
            assert self.service is not None
            return function(self.service)

        return await asyncio.get_running_loop().run_in_executor(self.executor, call)

    async def stop(self) -> None:
        def close() -> None:
            if self.service is not None:
                self.service.store.close()

        await asyncio.get_running_loop().run_in_executor(self.executor, close)
        self.executor.shutdown(wait=True)


@dataclass
class Server:
    """What every request handler reaches: the store's worker and the live feeds."""

    worker: Worker
    feeds: streams.Feeds
    heartbeat: float


def server_of(request: Request | WebSocket) -> Server:
    server: Server = request.app.state.server
    return server


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(msgspec.json.encode(data), status, headers=headers, media_type=JSON)


# -- reading the session -----------------------------------------------------------------


def event_row(recorded: Recorded, session: Session) -> dict[str, Any]:
    """One event as the stream and the pages give it: its position, type, log line,
    who recorded it, when and why, and every field it recorded (``event``)."""
    event = recorded.event
    return {
        "position": recorded.position,
        "type": type(event).__name__,
        "summary": describe(event, session.ruleset),
        "actor": event.actor,
        "at": event.at.isoformat(),
        "reason": event.reason,
        "event": msgspec.to_builtins(event),
    }


def load(service: SessionService, session_id: str) -> Session:
    if not service.store.exists(session_id):
        raise not_found(f"session {excerpt(session_id)}: no such session in this store")
    return service.load(session_id)


def session_epoch(session: Session) -> str:
    return streams.epoch(session.opened.session, session.opened.at.isoformat())


def read_items(
    service: SessionService, session_id: str, after: int, limit: int
) -> tuple[list[streams.Item], int]:
    """Up to ``limit`` events after ``after``, as stream items, and the last position."""
    session = service.load(session_id)
    last = service.store.last_position(session_id)
    if after >= last:
        return [], last
    items = [
        streams.Item(r.position, streams.item_json(event_row(r, session)))
        for r in service.store.read(session_id, after, until=min(last, after + limit))
    ]
    return items, last


async def list_sessions(request: Request) -> Response:
    from adapters.cli.session_commands import session_row

    def sessions(service: SessionService) -> list[dict[str, Any]]:
        return [session_row(s) for s in service.store.sessions()]

    return json_response({"sessions": await server_of(request).worker.run(sessions)})


class SessionToOpen(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A session to open: its id (one is made if none is given), its GM and ruleset."""

    id: str | None = None
    gm: str
    ruleset: str = "l5r4e"
    options: dict[str, str] = {}
    campaign: str = ""
    title: str = ""


async def open_session(request: Request) -> Response:
    opening = decode_as(await body_of(request), SessionToOpen, "a session to open")

    def opened(service: SessionService) -> dict[str, Any]:
        sid = opening.id if opening.id is not None else f"s-{random.getrandbits(32):08x}"
        recorded = service.open(
            session_id=sid,
            ruleset=opening.ruleset,
            gm=opening.gm,
            options=opening.options,
            campaign=opening.campaign,
            title=opening.title,
        )
        return recorded_json(service, sid, recorded)

    data = await server_of(request).worker.run(opened)
    return json_response(data, 201, {"Location": f"/v1/sessions/{data['session']}"})


async def show_session(request: Request) -> Response:
    sid = request.path_params["session"]
    at = optional_number(request, "at")

    def projections(service: SessionService) -> tuple[dict[str, Any], int]:
        session = load(service, sid)
        if at is not None and not 0 <= at <= session.version:
            raise malformed(f"at={at}: the session has positions 0 to {session.version}")
        state = session.state if at is None else service.state_at(sid, at)
        return project_state(state), session.version

    views, version = await server_of(request).worker.run(projections)
    return json_response({"version": version, "views": views}, headers={"ETag": f'"{version}"'})


async def list_events(request: Request) -> Response:
    sid = request.path_params["session"]
    limit = optional_number(request, "limit")
    limit = 100 if limit is None else limit
    if not 1 <= limit <= 1000:
        raise malformed(f"limit={limit}: give 1 to 1000 events a page")
    after_text = request.query_params.get("after", "0")

    def page(service: SessionService) -> dict[str, Any]:
        session = load(service, sid)
        session_mark = session_epoch(session)
        after = streams.parse_cursor(after_text, session_mark, session.version)
        items, last = read_items(service, sid, after, limit)
        end = items[-1].position if items else after
        return {
            "events": [
                {"cursor": streams.cursor(session_mark, i.position)} | msgspec.json.decode(i.data)
                for i in items
            ],
            "next": streams.cursor(session_mark, end),
            "head": last,
        }

    return json_response(await server_of(request).worker.run(page))


async def show_event(request: Request) -> Response:
    sid = request.path_params["session"]
    position = number_in_path(request, "position")

    def shown_event(service: SessionService) -> dict[str, Any]:
        from adapters.cli.audit import shown

        session = load(service, sid)
        return shown(service, session, position, viewer_is_gm=True)

    return json_response(await server_of(request).worker.run(shown_event))


async def diff(request: Request) -> Response:
    sid = request.path_params["session"]
    first = optional_number(request, "from")
    second = optional_number(request, "to")

    def found(service: SessionService) -> dict[str, Any]:
        from projections.diff import changes

        session = load(service, sid)
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

    return json_response(await server_of(request).worker.run(found))


async def odds(request: Request) -> Response:
    """The chance of a roll under the session's ruleset and options (``kiroku odds
    --ruleset``): ``expression`` and ``tn``, or ``table=true``."""
    import argparse

    from adapters.cli.dice_commands import odds_as_json

    sid = request.path_params["session"]
    query = request.query_params
    known = {"expression", "tn", "table", "unskilled", "emphasis"}
    unknown = sorted(set(query) - known)
    if unknown:
        raise malformed(f"odds takes no {', '.join(excerpt(u) for u in unknown)}")
    expression = query.get("expression")
    if not expression:
        raise malformed("odds needs an expression (?expression=6k3&tn=20)")

    def chance(service: SessionService) -> dict[str, Any]:
        session = load(service, sid)
        matchups = getattr(session.ruleset, "odds_report", None) is not None
        if not matchups and "tn" not in query and not flag(request, "table"):
            raise malformed(f"odds of {excerpt(expression)}: give tn=N, or table=true")
        if matchups and ({"tn", "unskilled", "emphasis"} & set(query)):
            raise malformed(
                f"{session.ruleset.id} odds take a matchup ('8-3 vs 7') as the expression, "
                "not tn, unskilled nor emphasis"
            )
        args = argparse.Namespace(
            expression=expression,
            tn=optional_number(request, "tn"),
            table=flag(request, "table"),
            unskilled=flag(request, "unskilled"),
            emphasis=flag(request, "emphasis"),
            ruleset=session.opened.ruleset,
            option=[f"{k}={v}" for k, v in session.opened.options],
            manches=None, their_manches=None, score=None, bet="none", call=None,
            their_initiative=False,
        )  # fmt: skip
        data: dict[str, Any] = odds_as_json(args)
        return data

    return json_response(await server_of(request).worker.run(chance))


# -- commands ------------------------------------------------------------------------------


def recorded_json(service: SessionService, sid: str, recorded: list[Recorded]) -> dict[str, Any]:
    """What a command recorded, as ``kiroku … --json`` prints it, with the session's
    version after it and each event's cursor."""
    from adapters.cli.context import recorded_as_json

    session = service.load(sid)
    ruleset = session.ruleset
    said = getattr(ruleset, "warnings", None)
    warnings = [] if said is None else said([r.event for r in recorded], session.state.table)
    data = recorded_as_json(sid, recorded, ruleset) | {"warnings": warnings}
    mark = session_epoch(session)
    for row in data["recorded"]:
        row["cursor"] = streams.cursor(mark, row["position"])
    data["version"] = recorded[-1].position if recorded else session.version
    return data


def dice_of(command: Command, faces: str | None) -> Any:
    mode = command.spec.dice
    if mode == "none":
        return None
    if faces is None:
        return random.SystemRandom()
    if command.spec.plain_faces:
        from adapters.cli.context import plain_faces

        return TableFaces(plain_faces(faces))
    dice = parse_faces(faces)
    if mode == "faces":
        return dice
    queue: list[int] = []
    for die in dice:
        queue.extend(((1,) if die.rerolled_one else ()) + die.faces)
    return TableFaces(queue)


async def post_command(request: Request) -> Response:
    sid = request.path_params["session"]
    body = await body_of(request)
    expected = if_match(request)
    key = request.headers.get("idempotency-key")
    if key is not None and not 1 <= len(key) <= 200:
        raise malformed(f"Idempotency-Key {excerpt(key)}: give 1 to 200 characters")
    server = server_of(request)

    def ruleset_of(service: SessionService) -> str:
        return load(service, sid).opened.ruleset

    bodies = ruleset_commands(await server.worker.run(ruleset_of))
    command, faces = bodies.decode(body)
    dice = dice_of(command, faces)
    asked = (
        None
        if key is None
        else IdempotencyRequest(key=key, digest=hashlib.sha256(body).hexdigest())
    )

    def decided(service: SessionService) -> tuple[dict[str, Any], bool]:
        try:
            recorded = service.decide(sid, command, dice=dice, expected=expected, request=asked)
        except Repeated as repeat:
            return recorded_json(service, sid, repeat.recorded), True
        return recorded_json(service, sid, recorded), False

    data, repeated = await server.worker.run(decided)
    server.feeds.wake(sid)
    headers = {"ETag": f'"{data["version"]}"'}
    if repeated:
        headers["Idempotent-Replayed"] = "true"
    return json_response(data, 200 if repeated else 201, headers)


def correction_route(kind: type[Command]) -> Callable[[Request], Any]:
    async def correct(request: Request) -> Response:
        from adapters.cli.corrections import report_of

        sid = request.path_params["session"]
        command = decode_as(await body_of(request), kind, kind.spec.name)
        dry_run = flag(request, "dry_run")
        expected = if_match(request)

        def corrected(service: SessionService) -> dict[str, Any]:
            session = load(service, sid)
            if expected is not None and expected != session.version:
                raise VersionConflict(expected, session.version)
            return report_of(service, sid, command, session.ruleset, dry_run=dry_run)

        server = server_of(request)
        data = await server.worker.run(corrected)
        server.feeds.wake(sid)
        return json_response(data, 200 if dry_run else 201)

    return correct


class ForkRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A what-if: a new session as this one stood at a position."""

    id: str
    at: int
    reason: str


async def fork(request: Request) -> Response:
    sid = request.path_params["session"]
    asked = decode_as(await body_of(request), ForkRequest, "a fork")

    def forked(service: SessionService) -> dict[str, Any]:
        load(service, sid)
        recorded = service.fork(sid, asked.at, asked.id, reason=asked.reason, actor=None)
        return {
            "session": asked.id,
            "origin": {"session": sid, "position": asked.at},
            "events": len(recorded),
        }

    data = await server_of(request).worker.run(forked)
    return json_response(data, 201, {"Location": f"/v1/sessions/{asked.id}"})


# -- live ------------------------------------------------------------------------------


async def start_position(server: Server, sid: str, given: str | None) -> tuple[str, int]:
    def where(service: SessionService) -> tuple[str, int]:
        session = load(service, sid)
        mark = session_epoch(session)
        return mark, 0 if given is None else streams.parse_cursor(given, mark, session.version)

    return await server.worker.run(where)


async def stream(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    given = request.headers.get("last-event-id") or request.query_params.get("after")
    mark, after = await start_position(server, sid, given)

    async def frames() -> AsyncIterator[bytes]:
        yield b"retry: 1000\n\n"
        async for item in streams.follow(server.feeds, sid, after, heartbeat=server.heartbeat):
            yield streams.sse_frame(mark, item)

    return StreamingResponse(
        frames(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


async def websocket(socket: WebSocket) -> None:
    sid = socket.path_params["session"]
    server = server_of(socket)
    try:
        mark, after = await start_position(server, sid, socket.query_params.get("after"))
    except Problem as problem:
        await socket.accept()
        await socket.send_text(msgspec.json.encode({"problem": problem.body()}).decode())
        await socket.close(code=4000 + problem.status)
        return
    await socket.accept()
    sending = asyncio.create_task(_send_all(socket, server, sid, mark, after))
    try:
        while True:  # a client's frames are read only to see it go
            await socket.receive_text()
    except WebSocketDisconnect:
        pass
    finally:
        sending.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sending


async def _send_all(socket: WebSocket, server: Server, sid: str, mark: str, after: int) -> None:
    async for item in streams.follow(server.feeds, sid, after, heartbeat=server.heartbeat):
        if item is not None:
            await socket.send_text(streams.ws_message(mark, item))
    await socket.close(code=4429)  # cut off for falling behind: resume from the last cursor


# -- the request's parts ---------------------------------------------------------------


async def body_of(request: Request) -> bytes:
    """The request body, refused past :data:`MAX_BODY` bytes before it is all read."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large(int(declared))
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large(size)
        chunks.append(chunk)
    return b"".join(chunks)


def optional_number(request: Request, name: str) -> int | None:
    text = request.query_params.get(name)
    if text is None:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise malformed(f"{name}={excerpt(text)}: give a whole number")
    return int(text)


def number_in_path(request: Request, name: str) -> int:
    text = str(request.path_params[name])
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise malformed(f"{name} {excerpt(text)}: give a whole number")
    return int(text)


def flag(request: Request, name: str) -> bool:
    text = request.query_params.get(name)
    if text is None:
        return False
    if text.lower() not in ("true", "false", "1", "0"):
        raise malformed(f"{name}={excerpt(text)}: give true or false")
    return text.lower() in ("true", "1")


def if_match(request: Request) -> int | None:
    """``If-Match: <version>`` (or ``"<version>"``, an ETag as the reads give it)."""
    text = request.headers.get("if-match")
    if text is None:
        return None
    bare = text.strip().removeprefix("W/").strip('"')
    if not bare.isascii() or not bare.isdigit() or len(bare) > 12:
        raise malformed(f"If-Match {excerpt(text)}: give the session's version, as 12")
    return int(bare)


# -- the application -------------------------------------------------------------------


async def on_problem(request: Request, error: Exception) -> Response:
    assert isinstance(error, Problem)
    return error.response()


async def on_kiroku_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, KirokuError)
    if isinstance(error, VersionConflict):
        problem = Problem(
            409,
            "version-conflict",
            "The session has moved on",
            str(error),
            current_version=error.current,
        )
        problem.headers["ETag"] = f'"{error.current}"'
        return problem.response()
    return problem_of(error).response()


async def on_unexpected(request: Request, error: Exception) -> Response:
    from adapters.log import logger

    logger().error("request failed", path=request.url.path, error=repr(error))
    return Problem(
        500, "internal", "The server failed", "the server failed on this request: see its log"
    ).response()


async def not_found_route(request: Request, error: Exception) -> Response:
    return not_found(f"no such route: {request.method} {excerpt(request.url.path)}").response()


async def not_allowed_method(request: Request, error: Exception) -> Response:
    return Problem(
        405,
        "method-not-allowed",
        "This route does not take that method",
        f"{request.method} {excerpt(request.url.path)}",
    ).response()


async def openapi(request: Request) -> Response:
    from adapters.http.openapi import document

    return json_response(document())


async def docs(request: Request) -> Response:
    return HTMLResponse(DOCS_PAGE)


DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kiroku API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({url: "/openapi.json", dom_id: "#ui"});</script>
</body></html>
"""


def create_app(config: StoreConfig, *, heartbeat: float = streams.HEARTBEAT) -> Starlette:
    """The API on the store ``config`` names; its streams send a heartbeat after
    ``heartbeat`` seconds of silence."""
    from swagger_ui_bundle import swagger_ui_path

    worker = Worker(config)

    async def read(sid: str, after: int, limit: int) -> tuple[list[streams.Item], int]:
        return await worker.run(partial(read_items, session_id=sid, after=after, limit=limit))

    async def last_position(sid: str) -> int:
        return await worker.run(lambda service: service.store.last_position(sid))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await worker.start()
        app.state.server = Server(worker, streams.Feeds(read, last_position), heartbeat)
        try:
            yield
        finally:
            await worker.stop()

    session = "/v1/sessions/{session}"
    routes = [
        Route("/openapi.json", openapi),
        Route("/docs", docs),
        Mount("/docs/assets", StaticFiles(directory=str(swagger_ui_path))),
        Route("/v1/sessions", list_sessions, methods=["GET"]),
        Route("/v1/sessions", open_session, methods=["POST"]),
        Route(session, show_session, methods=["GET"]),
        Route(session + "/commands", post_command, methods=["POST"]),
        Route(session + "/retract", correction_route(Retract), methods=["POST"]),
        Route(session + "/undo", correction_route(Undo), methods=["POST"]),
        Route(session + "/amend", correction_route(Amend), methods=["POST"]),
        Route(session + "/reinstate", correction_route(Reinstate), methods=["POST"]),
        Route(session + "/fork", fork, methods=["POST"]),
        Route(session + "/events", list_events, methods=["GET"]),
        Route(session + "/events/{position}", show_event, methods=["GET"]),
        Route(session + "/diff", diff, methods=["GET"]),
        Route(session + "/odds", odds, methods=["GET"]),
        Route(session + "/stream", stream, methods=["GET"]),
        WebSocketRoute(session + "/ws", websocket),
    ]
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            Problem: on_problem,
            KirokuError: on_kiroku_error,
            404: not_found_route,
            405: not_allowed_method,
            Exception: on_unexpected,
        },
    )
