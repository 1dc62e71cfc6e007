"""``kiroku serve``: the HTTP API (:mod:`adapters.http`) on uvicorn, on the store the
command line uses (the embedded SQLite store unless ``--store``/``KIROKU_STORE`` names
PostgreSQL).

It binds its socket first, opens the store, starts serving, and only then says where it
listens on standard output (``--port 0`` takes a free port, and the line says which): a
request sent once that line is read is answered. Then the admin token
(``KIROKU_ADMIN_TOKEN``, or one made for this run and printed once); it serves until
Ctrl-C or SIGTERM.

Each connection must send a whole request within ``--idle-timeout`` seconds of opening or
of its previous answer, else it is closed (uvicorn alone times only the wait between
requests, and never a connection that sends nothing or half a request); past the open
files the process may hold, less a reserve for the store, the connections idle longest
are closed for new ones; and running out of file descriptors is one log line a minute,
not a traceback at each refused accept."""

from __future__ import annotations

import argparse
import asyncio
import errno
import os
import resource
import secrets
import socket
import sys
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, ClassVar
from urllib.parse import urlsplit

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from adapters import log
from adapters.cli import context
from domain.errors import MalformedInput, excerpt


def public_url(given: str | None) -> str | None:
    """``--public-url``, checked: an http(s) address with a host and nothing after its
    path (the links add the page's own), without its trailing slash."""
    if given is None:
        return None
    refused = MalformedInput(
        f"--public-url {excerpt(given)}: give the address phones reach this server at, as "
        "http://192.168.1.20:8322 (http or https, a host, a port from 1 to 65535 if any, "
        "no user or password, no ?query or #part)"
    )
    try:
        parsed = urlsplit(given.strip())
        port = parsed.port  # a port that is no number, or past 65535, raises here
    except ValueError:
        raise refused from None
    if (
        parsed.scheme not in ("http", "https")
        or not parsed.hostname
        or parsed.query
        or parsed.fragment
        or parsed.username is not None
        or parsed.password is not None
        or port == 0
        or any(c.isspace() for c in given.strip())
    ):
        raise refused
    return given.strip().rstrip("/")


RESERVE = 64
"""File descriptors kept from the connections' share: the store's files, the log, the
odds' process, a few for the moment a limit is met."""


class Connection(H11Protocol):
    """uvicorn's HTTP/1.1 connection, given a deadline for each request: ``timeout``
    seconds from the connection's opening, or from its previous answer, to receive the
    whole request (head and body), else it is closed. Until then it counts as idle: past
    ``budget`` open connections, the one idle longest is closed for each new one, so a
    flood of idle or half-sent sockets cannot take a reader's place."""

    timeout: ClassVar[float] = 10.0
    budget: ClassVar[int] = 1024
    idle: ClassVar[OrderedDict[Connection, None]] = OrderedDict()
    deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._await_request()
        self.shed(len(self.connections) - self.budget)

    def connection_lost(self, exc: Exception | None) -> None:
        self._received()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.DONE:
            self._received()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is not h11.DONE:
            self._await_request()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._received()  # a WebSocket's own pings keep it from here on
        super().handle_websocket_upgrade(event)

    def _await_request(self) -> None:
        self._received()
        self.deadline = self.loop.call_later(self.timeout, self._late)
        self.idle[self] = None

    def _received(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        self.idle.pop(self, None)

    def _late(self) -> None:
        self.deadline = None
        self.idle.pop(self, None)
        if not self.transport.is_closing():
            self.transport.close()

    @classmethod
    def shed(cls, count: int) -> int:
        """Close up to ``count`` of the connections idle longest; how many were."""
        closed = 0
        while closed < count and len(cls.idle) > 1:  # never the newest: it has just come
            oldest = next(iter(cls.idle))
            oldest._late()
            closed += 1
        return closed


def connections(timeout: float) -> type[Connection]:
    """The connection class for this server: the soft limit of open files raised to the
    hard one, and the connections' budget what it leaves past :data:`RESERVE`."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (OSError, ValueError):
            pass
    limit = 1 << 20 if soft == resource.RLIM_INFINITY else soft
    return type(
        "Connection",
        (Connection,),
        {"timeout": timeout, "budget": max(8, limit - RESERVE), "idle": OrderedDict()},
    )


class Quiet:
    """The event loop's handler of errors nobody awaited: running out of file
    descriptors (each refused accept, once a second) is one line a minute with the
    count, and the idle connections are closed; anything else as asyncio logs it."""

    def __init__(self, connection: type[Connection]) -> None:
        self.connection = connection
        self.said: float | None = None
        self.times = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if not isinstance(error, OSError) or error.errno not in (errno.EMFILE, errno.ENFILE):
            loop.default_exception_handler(context)
            return
        self.times += 1
        closed = self.connection.shed(len(self.connection.idle))
        now = loop.time()
        if self.said is None or now - self.said >= 60:
            soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            sys.stderr.write(
                f"kiroku: too many open files (limit {soft}; {self.times} refused so far): "
                f"closed {closed} idle connections; raise the limit (ulimit -n) for more\n"
            )
            sys.stderr.flush()
            self.said = now


class Serving(uvicorn.Server):
    """uvicorn's server, calling ``ready`` once it has started: the lifespan run (the
    store open) and the socket listening."""

    def __init__(self, config: uvicorn.Config, ready: Callable[[], None]) -> None:
        super().__init__(config)
        self.ready = ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            self.ready()


ADMIN_LENGTH = 16
ADMIN_DIFFERENT = 8


def weak_admin_token(token: str) -> str | None:
    """Why ``token`` is too weak to be the server's admin token (None: it is not): it must
    be at least :data:`ADMIN_LENGTH` printable ASCII characters with no space, at least
    :data:`ADMIN_DIFFERENT` of them different, and none making up more than a quarter of
    it (``aaaaaaaaaaaaaaaa`` and ``abababababababab`` are refused). Never quotes it."""
    if len(token) < ADMIN_LENGTH:
        return f"it has {len(token)} characters"
    if not all(c.isascii() and c.isprintable() and not c.isspace() for c in token):
        return "it holds a space, a control character or a character outside ASCII"
    different = len(set(token))
    if different < ADMIN_DIFFERENT:
        return f"it is made of {different} different characters"
    most = max(token.count(c) for c in set(token))
    if most * 4 > len(token):
        return f"one character makes up {most} of its {len(token)}"
    return None


def serve_command(args: argparse.Namespace) -> int:
    from adapters.http.app import create_app
    from adapters.http.auth import Limits

    if not 0 <= args.port <= 65535:
        raise MalformedInput(f"--port {args.port}: give a port from 0 to 65535")
    if not 1 <= args.heartbeat <= 300:
        raise MalformedInput(f"--heartbeat {args.heartbeat}: give 1 to 300 seconds")
    if not 10 <= args.poll <= 60_000:
        raise MalformedInput(f"--poll {args.poll}: give 10 to 60000 milliseconds")
    if not 1 <= args.idle_timeout <= 3600:
        raise MalformedInput(f"--idle-timeout {args.idle_timeout}: give 1 to 3600 seconds")
    if args.rate < 1 or args.streams < 1:
        raise MalformedInput("--rate and --streams: give at least 1")
    if not 0 <= args.row_cache <= 65_536:
        raise MalformedInput(f"--row-cache {args.row_cache}: give 0 to 65536 MiB")
    if args.auth_failures < 1:
        raise MalformedInput(f"--auth-failures {args.auth_failures}: give at least 1")
    public = public_url(args.public_url)
    config = context.store_config(args)
    # a service logs each command it records, unless KIROKU_LOG says otherwise
    log.configure(log.level_named("info", verbose=getattr(args, "verbose", False)))
    admin = os.environ.get("KIROKU_ADMIN_TOKEN") or ""
    made = not admin
    if made:
        admin = "kiroku-admin." + secrets.token_urlsafe(32)
    else:
        weak = weak_admin_token(admin)
        if weak is not None:
            raise MalformedInput(
                f"KIROKU_ADMIN_TOKEN is too weak to guard the server ({weak}): give at least "
                f"{ADMIN_LENGTH} characters of printable ASCII, {ADMIN_DIFFERENT} of them "
                "different, none more than a quarter of it; a random one: python3 -c "
                "'import secrets; print(secrets.token_urlsafe(32))' (or leave it unset, and "
                "the server makes one for this run)"
            )
    try:
        info = socket.getaddrinfo(args.host, args.port, type=socket.SOCK_STREAM)[0]
        listening = socket.socket(info[0], socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listening.bind(info[4])
    except OSError as error:
        why = error.strerror or error
        raise MalformedInput(
            f"--host {args.host!r} --port {args.port}: cannot listen there ({why})"
        ) from None
    host, port = listening.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    wildcard = host in ("0.0.0.0", "::")
    app = create_app(
        config,
        admin=admin,
        heartbeat=args.heartbeat,
        limits=Limits(commands=args.rate, streams=args.streams, failures=args.auth_failures),
        origins=tuple(args.allow_origin),
        poll=args.poll / 1000,
        public_url=public or (None if wildcard else f"http://{shown}:{port}"),
        row_cache=args.row_cache * 1024 * 1024,
    )
    connection = connections(float(args.idle_timeout))

    def ready() -> None:  # the store open, the socket served: a request now is answered
        asyncio.get_running_loop().set_exception_handler(Quiet(connection))
        print(f"kiroku: serving http://{shown}:{port} on {config.describe()}", flush=True)
        if made:
            print(f"kiroku: admin token (this run only; KIROKU_ADMIN_TOKEN sets one): {admin}",
                  flush=True)  # fmt: skip
        if public:
            print(f"kiroku: players' links name {public}", flush=True)

    server = Serving(
        uvicorn.Config(
            app,
            http=connection,
            log_level="warning",
            access_log=False,
            lifespan="on",
            ws_ping_interval=15.0,
            ws_max_size=16 * 1024,
            timeout_keep_alive=min(5, args.idle_timeout),
            timeout_graceful_shutdown=2,
        ),
        ready,
    )
    server.run(sockets=[listening])
    sys.stdout.flush()
    return 0
