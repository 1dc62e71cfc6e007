"""What every route handler reaches: the store's one worker thread, the live feeds, who
is asking, and the request's parts read with clear refusals."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket

from adapters.access import Access, Holder, session_of_token
from adapters.http import rows, streams
from adapters.http.auth import Limits, admin_holder, bearer, forbidden, is_admin, unauthorized
from adapters.http.bodies import MAX_BODY, too_large
from adapters.http.problems import Problem, malformed, not_found
from adapters.store import EventStore, StoreConfig
from application.odds import OddsQuery, odds_of
from application.service import SessionService
from application.sight import Sight
from domain.errors import MalformedInput, excerpt
from domain.events import Recorded
from domain.session.aggregate import Session

T = TypeVar("T")

JSON = "application/json"


CACHED_SESSIONS = 256
"""The most sessions whose tokens and players' sight a server keeps at once (the least
recently used are read again from the store when next asked for)."""

V = TypeVar("V")


class Recent(OrderedDict[str, V]):
    """A dict of at most ``size`` entries: the least recently used go first."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def use(self, key: str) -> V | None:
        """The entry of ``key`` (None if there is none), now the most recently used."""
        found = super().get(key)
        if found is not None:
            self.move_to_end(key)
        return found

    def __setitem__(self, key: str, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


READERS = 2
"""Reader threads beside the writer's, each with its own connection to the store: SQLite
in WAL mode lets readers read while one writes, and PostgreSQL any number."""


class Lane:
    """One thread with its own connection to the store (its own service), and its own
    tokens and players' sights of each session, each caught up from its store on use."""

    def __init__(self, config: StoreConfig, name: str) -> None:
        self.config = config
        self.executor = ThreadPoolExecutor(1, thread_name_prefix=name)
        self.service: SessionService | None = None
        self.accesses: Recent[Access] = Recent(CACHED_SESSIONS)
        self.sights: Recent[Sight] = Recent(CACHED_SESSIONS)
        self.waiting = 0
        """Calls given to it and not yet done (the reads go to the least busy)."""

    def _open(self) -> None:
        self.service = SessionService(EventStore(self.config))

    async def start(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.executor, self._open)

    async def run(self, function: Callable[[SessionService], T]) -> T:
        def call() -> T:
            assert self.service is not None
            return function(self.service)

        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, call)
        finally:
            self.waiting -= 1

    async def stop(self) -> None:
        def close() -> None:
            if self.service is not None:
                self.service.store.close()

        await asyncio.get_running_loop().run_in_executor(self.executor, close)
        self.executor.shutdown(wait=True)


class Worker:
    """The server's threads for the store. Every write runs in the one writer's thread,
    in order, so the synchronous store and service (and SQLite's one writer) stay in one
    thread; a read runs in the least busy of :data:`READERS` reader threads, each with
    its own connection, so that one read does not wait for another, nor for a write
    (with an in-memory store, which one connection holds, reads run in the writer's
    thread). Each thread holds, per session, its tokens and what players see of it; the
    rows already encoded are shared by all."""

    def __init__(
        self, config: StoreConfig, readers: int = READERS, row_cache: int = rows.BUDGET
    ) -> None:
        self.config = config
        self.rows = rows.RowCache(row_cache)
        """Every event's rows as streams and pages send them, encoded once (bytes)."""
        self.writer = Lane(config, "kiroku-store")
        shared = config.kind not in ("sqlite", "postgresql")
        self.readers = [] if shared else [
            Lane(config, f"kiroku-read-{n}") for n in range(readers)
        ]  # fmt: skip
        self.lanes: dict[int, Lane] = {}

    @property
    def service(self) -> SessionService | None:
        return self.writer.service

    async def start(self) -> None:
        for lane in (self.writer, *self.readers):
            await lane.start()
            assert lane.service is not None
            self.lanes[id(lane.service)] = lane

    async def run(self, function: Callable[[SessionService], T]) -> T:
        """``function`` in the writer's thread: any call that writes."""
        return await self.writer.run(function)

    async def read(self, function: Callable[[SessionService], T]) -> T:
        """``function``, which only reads, in the least busy reader's thread."""
        if not self.readers:
            return await self.writer.run(function)
        return await min(self.readers, key=lambda lane: lane.waiting).run(function)

    async def stop(self) -> None:
        for lane in (self.writer, *self.readers):
            await lane.stop()

    def _lane(self, service: SessionService) -> Lane:
        return self.lanes.get(id(service), self.writer)

    def held_sessions(self) -> set[str]:
        """The sessions whose tokens any of its threads holds."""
        return {sid for lane in (self.writer, *self.readers) for sid in lane.accesses}

    def accesses_of(self, service: SessionService) -> Recent[Access]:
        """The tokens the thread of ``service`` holds, by session."""
        return self._lane(service).accesses

    def access(self, service: SessionService, session_id: str) -> Access:
        accesses = self._lane(service).accesses
        found = accesses.use(session_id)
        if found is None:
            found = accesses[session_id] = Access(service.store, session_id)
        return found

    def sight(
        self, service: SessionService, session: Session, read: Sequence[Recorded] = ()
    ) -> Sight:
        """What players see of the session, caught up to its version (``read``: events
        just read from the store, which it need not read again if they are what it
        lacks)."""
        sid = session.opened.session
        sights = self._lane(service).sights
        found = sights.use(sid)
        if found is None:
            found = sights[sid] = Sight(sid)
        found.catch_up(service.store, session.version, read)
        return found


class Odds:
    """The odds a session's readers ask, computed away from the store's thread and
    cached: an odds table is a pure function of its :class:`OddsQuery`, and some cost
    seconds of one core (``8r8s`` on 5e: ~8 s), which on the store's thread stalled
    every other request of every session.

    Each is computed in one process of its own (``executor``: by default a pool of one
    spawned process, started on the first question), so it takes at most one core and
    never the server's interpreter lock; the same question asked again, or while it is
    being computed, is answered by that one computation. A question waits at most
    ``budget`` seconds: past it the client gets a 503 with Retry-After while the
    computation goes on into the cache; past ``queue`` distinct questions waiting, a
    503 at once. ``size``: answers kept (the least recently asked go first)."""

    def __init__(
        self,
        *,
        budget: float = 20.0,
        size: int = 512,
        queue: int = 8,
        executor: Executor | None = None,
        compute: Callable[[OddsQuery], dict[str, Any]] = odds_of,
    ) -> None:
        self.budget = budget
        self.size = size
        self.queue = queue
        self.compute = compute
        self.executor = executor
        self.answers: OrderedDict[bytes, dict[str, Any]] = OrderedDict()
        self.pending: dict[bytes, asyncio.Future[dict[str, Any]]] = {}

    def _executor(self) -> Executor:
        if self.executor is None:
            spawned = multiprocessing.get_context("spawn")  # the server's threads stay here
            self.executor = ProcessPoolExecutor(1, mp_context=spawned)
        return self.executor

    async def answer(self, query: OddsQuery) -> dict[str, Any]:
        key = msgspec.msgpack.encode(query, order="sorted")
        found = self.answers.get(key)
        if found is not None:
            self.answers.move_to_end(key)
            return found
        future = self.pending.get(key)
        if future is None:
            if len(self.pending) >= self.queue:
                raise _odds_busy(f"{len(self.pending)} odds are being computed already")
            submitted = self._executor().submit(self.compute, query)
            future = self.pending[key] = asyncio.wrap_future(submitted)
            future.add_done_callback(lambda done: self._done(key, done))
        try:
            return await asyncio.wait_for(asyncio.shield(future), self.budget)
        except TimeoutError:
            raise _odds_busy(
                f"the odds of {excerpt(query.expression)} take more than {self.budget:g} s "
                "to compute; they go on being computed: ask again in a minute"
            ) from None

    def _done(self, key: bytes, future: asyncio.Future[dict[str, Any]]) -> None:
        self.pending.pop(key, None)
        if not future.cancelled() and isinstance(future.exception(), BrokenExecutor):
            self.executor = None  # its process died (killed, out of memory): a new one next
        if future.cancelled() or future.exception() is not None:
            return  # a refusal is quick to give again; only answers are kept
        self.answers[key] = future.result()
        while len(self.answers) > self.size:
            self.answers.popitem(last=False)

    def close(self) -> None:
        """Stop computing: a computation under way is abandoned, its process ended."""
        executor, self.executor = self.executor, None
        if executor is None:
            return
        processes = getattr(executor, "_processes", None) or {}  # ProcessPoolExecutor's
        executor.shutdown(wait=False, cancel_futures=True)
        for process in list(processes.values()):
            process.kill()


def _odds_busy(detail: str) -> Problem:
    problem = Problem(503, "odds-busy", "The odds are still being computed", detail)
    problem.headers["Retry-After"] = "30"
    return problem


@dataclass
class Server:
    worker: Worker
    feeds: streams.Feeds
    heartbeat: float
    admin: str
    limits: Limits
    public_url: str | None = None
    """The address the players' phones reach this server at (``kiroku serve
    --public-url``, or the address it listens on): the players' links name it."""
    odds: Odds = field(default_factory=Odds)
    rechecks: dict[tuple[str, str], tuple[float, asyncio.Future[bool]]] = field(
        default_factory=dict
    )
    """Whether a token still holds, asked for its open streams (:func:`live.holds`)."""


def server_of(request: Request | WebSocket) -> Server:
    server: Server = request.app.state.server
    return server


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(msgspec.json.encode(data), status, headers=headers, media_type=JSON)


# -- who is asking ---------------------------------------------------------------------


def peer_of(request: Request | WebSocket) -> str:
    """The client a request comes from (its address; behind a proxy, the proxy's)."""
    return request.client.host if request.client is not None else "unknown"


def token_of(request: Request | WebSocket, *, in_query: bool = False) -> str:
    """The request's token (401 if none): ``Authorization: Bearer``, or on the streams
    ``?access_token=``. A client that failed authentication too often is 429 first, unless
    it sends the admin token."""
    query = request.query_params.get("access_token") if in_query else None
    token = bearer(request.headers.get("authorization"), query)
    if token is None:
        raise unauthorized(
            "no token: send Authorization: Bearer TOKEN (kiroku session token issue gives one)"
        )
    server = server_of(request)
    if not is_admin(token, server.admin):
        server.limits.check_peer(peer_of(request))
    return token


def load(service: SessionService, session_id: str) -> Session:
    if not service.store.exists(session_id):
        raise not_found(f"session {excerpt(session_id)}: no such session in this store")
    return service.load(session_id)


@dataclass(frozen=True)
class Seat:
    """A request in its session: the session caught up, and who asks."""

    session: Session
    holder: Holder

    @property
    def is_gm(self) -> bool:
        return self.holder.role == "gm"


def seat(server: Server, service: SessionService, session_id: str, token: str) -> Seat:
    """The session and the token's holder in it: 403 for another session's token, 401
    for a revoked or unknown one, 404 for a session that does not exist."""
    if is_admin(token, server.admin):
        session = load(service, session_id)
        return Seat(session, admin_holder(session_id, session.opened.gm))
    try:
        named = session_of_token(token)
    except MalformedInput:
        raise unauthorized("the token is not a Kiroku token") from None
    if named != session_id:
        raise forbidden(
            f"a token of session {excerpt(named)} opens nothing of session {excerpt(session_id)}"
        )
    accesses = server.worker.accesses_of(service)
    access = accesses.use(session_id) or Access(service.store, session_id)
    if not access.valid(token):  # before the session is read: no probing for sessions
        raise unauthorized("the token was revoked, or was never issued in this session")
    accesses[session_id] = access  # kept once a token of it held, not before
    session = load(service, session_id)
    holder = access.holder(session, token)
    if holder is None:
        raise unauthorized("the token was revoked, or was never issued in this session")
    return Seat(session, holder)


def only_params(
    request: Request, what: str, known: set[str], repeats: frozenset[str] = frozenset()
) -> None:
    """400 for a query parameter ``what`` does not take (never silently ignored), and for
    one given twice that does not repeat (``repeats``: never the last kept, issue 31)."""
    unknown = sorted(set(request.query_params) - known - {"access_token"})
    if unknown:
        raise malformed(f"{what} takes no {', '.join(excerpt(u) for u in unknown)}")
    for name in request.query_params:
        given = request.query_params.getlist(name)
        if len(given) > 1 and name not in repeats:
            said = ", then ".join(excerpt(g) for g in given)
            raise malformed(f"{what}: {name} given {len(given)} times ({said}): give it once")


def gm_only(place: Seat, what: str) -> None:
    if not place.is_gm:
        raise forbidden(f"{place.holder.participant!r} ({place.holder.role}): only the GM {what}")


def admin_only(server: Server, token: str, what: str) -> None:
    if not is_admin(token, server.admin):
        raise forbidden(f"only the server's admin token {what}")


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
    bare = text.strip().removeprefix("W/")
    if len(bare) >= 2 and bare[0] == bare[-1] == '"':  # one pair of quotes, as an ETag has
        bare = bare[1:-1]
    if not bare.isascii() or not bare.isdigit() or len(bare) > 12:
        raise malformed(f"If-Match {excerpt(text)}: give the session's version, as 12")
    return int(bare)
