"""Live subscriptions: a session's events as Server-Sent Events or over a WebSocket, caught
up from the store and then followed live, with no gap and no duplicate.

**Cursors.** Every event a subscriber receives carries a cursor, ``EPOCH.N``: ``N`` the
event's position for the GM, its number among the events they may see for anyone else
(:mod:`application.sight`); ``EPOCH`` eight hex digits drawn from the session's
opening (its id and the instant it was opened), so a cursor kept from another store (a
session of the same id opened elsewhere, a store restored from another machine) is
refused (410) instead of silently resuming at the wrong place. A bare number
(``?after=12``) is taken as well.

**Catching up, then following.** A subscriber reads the store after its cursor a page at
a time; once it has read to the store's last position it joins its session's
:class:`Feed` (one a session per server process), reads the store once more, and from
then on takes the feed's items, skipping any it has already sent. The feed reads each new
event from the store once, for all its subscribers, and is woken three ways: by a command
this process appended, by PostgreSQL's notification of any process's write
(:mod:`adapters.http.notify`), and always by a look at the store's last position every
:data:`POLL` seconds (``kiroku serve --poll``), so no wake-up can be lost (a write by
another process shows within a poll even if its notification never comes).

**Slow consumers.** Each subscriber holds at most :data:`QUEUE` items not yet sent; one
that falls further behind is cut off: it is sent what it holds, in order, and its stream
ends. It resumes with its last cursor (``Last-Event-ID``), losing nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from adapters.http.problems import Problem, malformed
from domain.errors import excerpt

POLL = 0.05
"""Seconds between two looks at the store's last position while a session has
subscribers: what bounds the delay of an event another process appended."""

QUEUE = 1024
"""The most items a subscriber may hold unsent before it is cut off."""

PAGE = 200
"""Events read from the store at a time, catching up or following."""

HEARTBEAT = 15.0
"""Seconds of silence after which an SSE stream sends a comment, so proxies and clients
see the connection alive."""


def epoch(session_id: str, opened_at: str) -> str:
    """The cursor prefix of one session in one store (see the module docstring)."""
    return hashlib.sha256(f"{session_id}\n{opened_at}".encode()).hexdigest()[:8]


def cursor(session_epoch: str, position: int) -> str:
    return f"{session_epoch}.{position}"


def parse_cursor(text: str, session_epoch: str, head: int) -> int:
    """The position a cursor (or a bare position) names: 400 if it cannot be read or is
    past the session's head, 410 if it is another store's or another session's."""
    prefix, dot, number = text.strip().rpartition(".")
    if not number.isascii() or not number.isdigit() or len(number) > 12:
        raise malformed(f"cursor {excerpt(text)}: give the cursor of an event (EPOCH.N) or N")
    if dot and prefix != session_epoch:
        raise Problem(
            410,
            "cursor-gone",
            "The cursor is not of this session in this store",
            f"cursor {excerpt(text)}: this session's cursors begin {session_epoch}.; "
            "read it again from the start (after=0)",
        )
    position = int(number)
    if position > head:
        raise malformed(f"cursor {excerpt(text)}: the session's last position is {head}")
    return position


@dataclass(frozen=True, slots=True)
class Item:
    """One event as a subscriber receives it: its position, its number in what players
    may see (0: the GM's hidden event, which only the GM receives), and its JSON, built
    once for every subscriber."""

    position: int
    data: bytes
    public: int = 0
    public_data: bytes = b""
    """Its JSON for players, where it differs from the GM's by more than its number
    (empty: the GM's, numbered ``public``; :meth:`json`)."""
    closes: bool = False
    """It closes the session: the stream ends after it."""

    def number(self, gm: bool) -> int:
        """Its cursor's number for the GM (the position) or anyone else."""
        return self.position if gm else self.public

    def json(self, gm: bool) -> bytes:
        if gm:
            return self.data
        return self.public_data or renumbered(self.data, self.public)


def renumbered(data: bytes, number: int) -> bytes:
    """A row's JSON (``{"position":N,…}``, its position first) numbered ``number``."""
    return b'{"position":%d%s' % (number, data[data.index(b",") :])


Reader = Callable[[str, int, int], Awaitable[tuple[list[Item], int]]]
"""Reads up to N items after a position from the store: the items, and the store's last
position at that moment."""


@dataclass(eq=False)
class Subscriber:
    queue: asyncio.Queue[Item] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    cut: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Feed:
    """A session's live events in this process, read once from the store for every
    subscriber."""

    def __init__(self, session_id: str, head: int, read: Reader, poll: float = POLL) -> None:
        self.session_id = session_id
        self.head = head
        self.read = read
        self.poll = poll
        self.subscribers: set[Subscriber] = set()
        self.woken = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        self.woken.set()

    async def run(self) -> None:
        try:
            while self.subscribers:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.woken.wait(), self.poll)
                self.woken.clear()
                while self.subscribers:
                    items, last = await self.read(self.session_id, self.head, PAGE)
                    for item in items:
                        self.deliver(item)
                        self.head = item.position
                    if self.head >= last or not items:
                        break
        except Exception:  # the store failed: each subscriber ends, to resume on a new feed
            for subscriber in list(self.subscribers):
                subscriber.cut = True
                subscriber.wake.set()
            self.subscribers.clear()
            raise

    def deliver(self, item: Item) -> None:
        for subscriber in list(self.subscribers):
            try:
                subscriber.queue.put_nowait(item)
            except asyncio.QueueFull:
                subscriber.cut = True
                self.subscribers.discard(subscriber)
            subscriber.wake.set()


class Feeds:
    """Every session's feed in this server process."""

    def __init__(
        self,
        read: Reader,
        last_position: Callable[[str], Awaitable[int]],
        poll: float = POLL,
    ) -> None:
        self.read = read
        self.last_position = last_position
        self.poll = poll
        self.feeds: dict[str, Feed] = {}

    def wake(self, session_id: str) -> None:
        feed = self.feeds.get(session_id)
        if feed is not None:
            feed.wake()

    def wake_all(self) -> None:
        """Wake every feed (a notification that some session was written, not which)."""
        for feed in list(self.feeds.values()):
            feed.wake()

    def running(self, session_id: str) -> Feed | None:
        feed = self.feeds.get(session_id)
        return feed if feed is not None and feed.task is not None and not feed.task.done() else None

    async def join(self, session_id: str) -> tuple[Feed, Subscriber]:
        """Subscribe to the session's one feed in this process, started if it has none.

        Subscribers joining at once share it: the feed is looked for again after the
        wait for the store's last position, and made, filled and started with no wait
        between, so no second feed is ever made beside it (one that nothing but its own
        looks would wake)."""
        feed = self.running(session_id)
        if feed is None:
            head = await self.last_position(session_id)
            feed = self.running(session_id)  # another subscriber may have started it
            if feed is None:
                feed = self.feeds[session_id] = Feed(session_id, head, self.read, self.poll)
                feed.task = asyncio.create_task(feed.run())
        subscriber = Subscriber()
        feed.subscribers.add(subscriber)
        return feed, subscriber

    @staticmethod
    def leave(feed: Feed, subscriber: Subscriber) -> None:
        feed.subscribers.discard(subscriber)


async def follow(
    feeds: Feeds,
    session_id: str,
    after: int,
    *,
    gm: bool = True,
    heartbeat: float = HEARTBEAT,
) -> AsyncGenerator[Item | None, None]:
    """Every event after position ``after`` that the subscriber may see (``gm``: all;
    else none of the GM's hidden ones), once and in order: caught up from the store,
    then live; ``None`` after each ``heartbeat`` seconds of silence. Ends after the
    session's closing, and when the subscriber is cut off for falling behind (what it
    held is sent first). One at a time: :func:`follow_batches` gives them as read."""
    async for batch in follow_batches(feeds, session_id, after, gm=gm, heartbeat=heartbeat):
        if batch is None:
            yield None
            continue
        for item in batch:
            yield item


async def follow_batches(
    feeds: Feeds,
    session_id: str,
    after: int,
    *,
    gm: bool = True,
    heartbeat: float = HEARTBEAT,
) -> AsyncGenerator[list[Item] | None, None]:
    """What :func:`follow` gives, a batch at a time: a page of the store while catching
    up, what the subscriber holds while following (never an empty batch), so that a
    stream writes a catch-up in a few large writes rather than one per event."""
    sent = after
    async for page in stored(feeds, session_id, sent):  # catch up from the store
        batch, sent, closes = _theirs(page, sent, gm)
        if batch:
            yield batch
        if closes:
            return
    feed, subscriber = await feeds.join(session_id)
    try:
        async for page in stored(feeds, session_id, sent):  # once more: the feed keeps the rest
            batch, sent, closes = _theirs(page, sent, gm)
            if batch:
                yield batch
            if closes:
                return
        spoke = time.monotonic()  # a heartbeat after `heartbeat` s of nothing *sent*:
        while True:  # what the subscriber may not see never moves its timing
            held = []
            while not subscriber.queue.empty():
                held.append(subscriber.queue.get_nowait())
            batch, sent, closes = _theirs(held, sent, gm)
            if batch:
                yield batch
                spoke = time.monotonic()
            if closes:
                return
            if not subscriber.queue.empty():  # more came while the batch was sent
                continue
            if subscriber.cut:
                return
            subscriber.wake.clear()
            if subscriber.queue.empty():
                left = spoke + heartbeat - time.monotonic()
                try:
                    if left <= 0:
                        raise TimeoutError
                    async with asyncio.timeout(left):
                        await subscriber.wake.wait()
                except TimeoutError:
                    yield None
                    spoke = time.monotonic()
    finally:
        Feeds.leave(feed, subscriber)


def _theirs(items: list[Item], sent: int, gm: bool) -> tuple[list[Item], int, bool]:
    """Of ``items``, those after ``sent`` that the subscriber may see, up to a closing;
    the last position passed, and whether it closes the session."""
    batch = []
    for item in items:
        if item.position <= sent:
            continue
        if gm or item.public:
            batch.append(item)
        sent = item.position
        if item.closes:
            return batch, sent, True
    return batch, sent, False


async def stored(feeds: Feeds, session_id: str, after: int) -> AsyncIterator[list[Item]]:
    """The events after ``after`` in the store, a page at a time, to its last position."""
    while True:
        items, last = await feeds.read(session_id, after, PAGE)
        if items:
            yield items
            after = items[-1].position
        if after >= last or not items:
            return


def sse_frame(session_epoch: str, item: Item | None, gm: bool) -> bytes:
    """One Server-Sent Event (``id:`` the cursor, ``data:`` the event's JSON on one
    line), or a heartbeat comment."""
    if item is None:
        return b": heartbeat\n\n"
    mark = cursor(session_epoch, item.number(gm)).encode()
    return b"id: %s\ndata: %s\n\n" % (mark, item.json(gm))


def ws_message(session_epoch: str, item: Item, gm: bool) -> str:
    """One WebSocket text message: the cursor and the event."""
    mark = msgspec.json.encode(cursor(session_epoch, item.number(gm)))
    return (b'{"cursor":%s,"event":%s}' % (mark, item.json(gm))).decode()


def item_json(row: dict[str, Any]) -> bytes:
    return msgspec.json.encode(row)
