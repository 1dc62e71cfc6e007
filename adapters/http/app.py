"""``kiroku serve``: the HTTP API, an ASGI application (Starlette, on uvicorn).

Every route is under ``/v1``; its OpenAPI document is at ``/openapi.json`` (its streams'
AsyncAPI one at ``/asyncapi.json``) and its docs at ``/docs`` (Swagger UI, served from
this process: no network needed). The console, a web page for the GM and the players
driven by this same API and stream, is at ``/``.
A front end drives a session with the same commands as the shell
(:mod:`adapters.http.writes`), reads what the shell reads (:mod:`adapters.http.reads`)
and follows the session live (:mod:`adapters.http.live`), each request as the holder of
its bearer token (:mod:`adapters.http.auth`). Every refusal is a JSON problem
(:mod:`adapters.http.problems`), never a traceback. Several server processes may share
one PostgreSQL store; each reads what the others append.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Match, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from adapters.http import campaigns, live, reads, rows, rules, series, streams, writes
from adapters.http.auth import Limits
from adapters.http.notify import Listener
from adapters.http.problems import Problem, not_found, problem_of
from adapters.http.server import Server, Worker, json_response, peer_of, server_of
from adapters.store import StoreConfig, StoreDamaged, describe_store_error
from application.service import SessionService, VersionConflict
from domain.errors import KirokuError, excerpt, shortened


async def on_problem(request: Request, error: Exception) -> Response:
    assert isinstance(error, Problem)
    carried = request.headers.get("authorization") or request.query_params.get("access_token")
    if error.status == 401 and carried:  # a token that failed: counted against its client
        server_of(request).limits.failed(peer_of(request))
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


STORE_RETRY = 5
"""Seconds a client is told to wait (``Retry-After``) before it tries a failed store again."""


def store_errors() -> tuple[type[BaseException], ...]:
    """What the store raises when it fails under a request: SQLite's errors, the
    library's, PostgreSQL's driver and pool's, and the OS's (a full disk)."""
    from eventsourcing.persistence import PersistenceError

    found: list[type[BaseException]] = [sqlite3.Error, PersistenceError, OSError]
    with contextlib.suppress(ImportError):
        import psycopg
        import psycopg_pool

        found += [psycopg.Error, psycopg_pool.PoolTimeout]
    return tuple(found)


def store_failed(config: StoreConfig) -> Callable[[Request, Exception], Awaitable[Response]]:
    """A store that fails (full, read-only, busy, unreachable) is a 503 problem naming the
    store and what to do, as the shell words it (:func:`adapters.store.describe_store_error`),
    with ``Retry-After``. Handled here, not as a 500, so the connection stays open for the
    client's next request. The wording names the store, never a session's events: a player
    learns nothing of a hidden ruling from it."""

    async def on_store_failure(request: Request, error: Exception) -> Response:
        from adapters.log import logger

        if isinstance(error, StoreDamaged):  # its message may count the GM's events
            said = (
                f"the store {config.describe()!r} is damaged; nothing was written to it: "
                "the server's operator runs `kiroku doctor` on it"
            )
        else:
            said = describe_store_error(error, config)
        logger().error("store failed", path=request.url.path, error=repr(error))
        problem = Problem(503, "store-unavailable", "The store failed", shortened(said))
        problem.headers["Retry-After"] = str(STORE_RETRY)
        return problem.response()

    return on_store_failure


async def on_unexpected(request: Request, error: Exception) -> Response:
    from adapters.log import logger

    logger().error("request failed", path=request.url.path, error=repr(error))
    return Problem(
        500, "internal", "The server failed", "the server failed on this request: see its log"
    ).response()


async def not_found_route(request: Request, error: Exception) -> Response:
    return not_found(f"no such route: {request.method} {excerpt(request.url.path)}").response()


def methods_of(request: Request) -> list[str]:
    """Every method the request's path takes, over all the routes it matches (one path
    may have a route per method)."""
    methods: set[str] = set()
    scope = {**request.scope, "method": "GET"}
    for route in request.app.routes:
        if isinstance(route, Route) and route.methods and route.matches(scope)[0] != Match.NONE:
            methods |= route.methods
    return sorted(methods)


async def not_allowed_method(request: Request, error: Exception) -> Response:
    allowed = methods_of(request)
    problem = Problem(
        405,
        "method-not-allowed",
        "This route does not take that method",
        f"{request.method} {excerpt(request.url.path)}: it takes {', '.join(allowed)}",
    )
    problem.headers["Allow"] = ", ".join(allowed)
    return problem.response()


def origin_checked(
    handler: Callable[[WebSocket], Awaitable[None]], origins: tuple[str, ...]
) -> Callable[[WebSocket], Awaitable[None]]:
    """The WebSocket ``handler``, refused (HTTP 403, before the handshake completes) to a
    page of another origin than this server's or one ``--allow-origin`` names: the
    check CORS makes of the other routes, which a browser does not make of a WebSocket.
    A client that sends no ``Origin`` (not a browser) is let through to its token."""

    async def checked(socket: WebSocket) -> None:
        origin = socket.headers.get("origin")
        if origin is not None and origin not in origins:
            host = socket.headers.get("host", "").lower()
            if urlsplit(origin).netloc.lower() != host or not host:
                await socket.close(code=1008)  # not accepted: the server answers 403
                return
        await handler(socket)

    return checked


async def openapi(request: Request) -> Response:
    from adapters.http.openapi import document

    return json_response(document())


async def asyncapi(request: Request) -> Response:
    """The streams' AsyncAPI document, its servers where this request reached."""
    from adapters.http.asyncapi import served_at

    return json_response(served_at(request.url.netloc))


CONSOLE = Path(__file__).parent / "console"
"""The console's page and assets: plain files, served as they are (no build, no network)."""


async def console_page(request: Request) -> Response:
    """The console (``/``): a front end on this API like any other (``docs/console.md``)."""
    return FileResponse(CONSOLE / "index.html", media_type="text/html")


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


def create_app(
    config: StoreConfig,
    *,
    admin: str,
    heartbeat: float = streams.HEARTBEAT,
    limits: Limits | None = None,
    origins: tuple[str, ...] = (),
    poll: float = streams.POLL,
    public_url: str | None = None,
    row_cache: int = rows.BUDGET,
) -> Starlette:
    """The API on the store ``config`` names; ``admin`` is the server's admin token; its
    streams send a heartbeat after ``heartbeat`` seconds of silence; browsers on
    ``origins`` may call it (CORS), no other origin; its feeds look at the store every
    ``poll`` seconds, and on PostgreSQL are woken by its notifications besides; the
    players' links it makes name ``public_url`` (None: the address a request came to);
    it keeps up to ``row_cache`` bytes of rows already encoded (:mod:`adapters.http.rows`)."""
    from swagger_ui_bundle import swagger_ui_path

    worker = Worker(config, row_cache=row_cache)

    async def read(sid: str, after: int, limit: int) -> tuple[list[streams.Item], int]:
        return await worker.read(partial(reads.read_items, worker, session_id=sid, after=after,
                                        limit=limit))  # fmt: skip

    async def last_position(sid: str) -> int:
        def last(service: SessionService) -> int:
            return service.store.last_position(sid)

        return await worker.read(last)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await worker.start()
        feeds = streams.Feeds(read, last_position, poll)
        app.state.server = Server(worker, feeds, heartbeat, admin, limits or Limits(), public_url)
        listener = None
        if config.kind == "postgresql":
            loop = asyncio.get_running_loop()
            recorder = await worker.run(lambda service: service.store.recorder)

            def notified() -> None:  # in the listener's thread
                loop.call_soon_threadsafe(feeds.wake_all)

            listener = Listener(recorder, notified)
            listener.start()
        app.state.listener = listener
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            app.state.server.odds.close()
            await worker.stop()

    session = "/v1/sessions/{session}"
    routes = [
        Route("/", console_page),
        Mount("/console", StaticFiles(directory=str(CONSOLE))),
        Route("/openapi.json", openapi),
        Route("/asyncapi.json", asyncapi),
        Route("/docs", docs),
        Mount("/docs/assets", StaticFiles(directory=str(swagger_ui_path))),
        Route("/v1/rulesets", rules.list_rulesets, methods=["GET"]),
        Route("/v1/rulesets/{ruleset}", rules.show_ruleset, methods=["GET"]),
        Route("/v1/rulesets/{ruleset}/events", rules.show_events, methods=["GET"]),
        Route("/v1/sessions", reads.list_sessions, methods=["GET"]),
        Route("/v1/sessions", writes.open_session, methods=["POST"]),
        Route(session, reads.show_session, methods=["GET"]),
        Route(session + "/commands", writes.post_command, methods=["POST"]),
        *(
            Route(f"{session}/{name}", handler, methods=["POST"])
            for name, handler in writes.CORRECTION_ROUTES.items()
        ),
        Route(session + "/fork", writes.fork, methods=["POST"]),
        Route(session + "/carry", campaigns.carry, methods=["POST"]),
        Route(session + "/sheet", campaigns.show_sheet, methods=["GET"]),
        Route("/v1/campaigns", campaigns.list_campaigns, methods=["GET"]),
        Route("/v1/campaigns", campaigns.open_campaign, methods=["POST"]),
        Route("/v1/campaigns/{campaign}", campaigns.show_campaign, methods=["GET"]),
        Route(session + "/tokens", writes.issue_token, methods=["POST"]),
        Route(session + "/tokens", writes.list_tokens, methods=["GET"]),
        Route(session + "/tokens/{token}", writes.revoke_token, methods=["DELETE"]),
        Route(session + "/choices", reads.show_choices, methods=["GET"]),
        Route(session + "/events", reads.list_events, methods=["GET"]),
        Route(session + "/events/{position}", reads.show_event, methods=["GET"]),
        Route(session + "/diff", reads.diff, methods=["GET"]),
        Route(session + "/odds", reads.odds, methods=["GET"]),
        Route(session + "/series", series.session_series, methods=["GET"]),
        Route(session + "/stream", live.stream, methods=["GET"]),
        WebSocketRoute(session + "/ws", origin_checked(live.websocket, origins)),
    ]
    middleware = []
    if origins:  # a VTT module or a page served elsewhere, allowed by name
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(origins),
                allow_methods=["GET", "POST", "DELETE"],
                allow_headers=[
                    "Authorization",
                    "Content-Type",
                    "Idempotency-Key",
                    "If-Match",
                    "Last-Event-ID",
                ],
                expose_headers=["ETag", "Idempotent-Replayed", "Retry-After", "Location"],
            )
        )
    on_store_failure = store_failed(config)
    return Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={
            Problem: on_problem,
            KirokuError: on_kiroku_error,
            StoreDamaged: on_store_failure,
            **{kind: on_store_failure for kind in store_errors()},
            404: not_found_route,
            405: not_allowed_method,
            Exception: on_unexpected,
        },
    )
