"""A session's stream (Server-Sent Events, ``GET …/stream``) as a resumable async
iterator of :class:`~kiroku.client.results.Event`.

The iterator keeps the cursor of the last event it yielded (:attr:`Stream.cursor`).
When the connection drops — the network, the server restarted, the server cut a
subscriber that fell behind, a silence longer than ``idle_timeout`` (the server sends a
heartbeat every 15 s of quiet) — it connects again with ``Last-Event-ID`` set to that
cursor, so the server goes on from the next event: none is lost and none repeated. It
tries again every ``retry`` seconds (the server's ``retry:`` field, at least) for up to
``reconnect_for`` seconds, then raises :class:`~kiroku.client.problems.StreamLost`
(holding the cursor, to resume from later). A refusal (a revoked token, a cursor of
another store) is raised as its problem, never retried. The iterator ends when the
session is closed: after its ``SessionClosed`` event, the server answers a reconnection
with 204 No Content."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass, field

import httpx

from kiroku.client.problems import StreamLost, problem_of
from kiroku.client.results import Event


@dataclass
class Frame:
    """One Server-Sent Event being read: its ``id`` and ``data`` lines."""

    id: str | None = None
    data: list[str] = field(default_factory=list)


class Stream:
    """The events after ``after`` (a cursor; None: from the start) of one session, as
    its token's holder may see them, caught up and then followed live."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        path: str,
        after: str | None = None,
        *,
        idle_timeout: float = 45.0,
        reconnect_for: float = 30.0,
        retry: float = 0.25,
    ) -> None:
        self.http = http
        self.path = path
        self.cursor = after
        """The cursor of the last event yielded (None: none yet, and none given)."""
        self.idle_timeout = idle_timeout
        self.reconnect_for = reconnect_for
        self.retry = retry
        self.reconnections = 0
        """How many times the stream was connected again after a drop."""
        self.ended = False
        """The server said the stream is over (204: the session is closed)."""

    def __aiter__(self) -> AsyncIterator[Event]:
        return self._events()

    async def _events(self) -> AsyncIterator[Event]:
        failing_since: float | None = None
        first = True
        while True:
            if not first:
                self.reconnections += 1
            first = False
            try:
                async with contextlib.aclosing(self._connection()) as connection:
                    async for event in connection:
                        failing_since = None
                        yield event
                        if event.type == "SessionClosed":
                            return
                if self.ended:
                    return
            except (httpx.TransportError, httpx.StreamError) as error:
                now = time.monotonic()
                failing_since = failing_since if failing_since is not None else now
                if now - failing_since > self.reconnect_for:
                    raise StreamLost(
                        f"the stream {self.path} could not be resumed for "
                        f"{self.reconnect_for:g} s after {self.cursor or 'its start'}: {error!r}",
                        self.cursor,
                    ) from error
            await asyncio.sleep(self.retry)

    async def _connection(self) -> AsyncGenerator[Event, None]:
        """One connection's events, from the cursor held; sets :attr:`ended` when the
        server says the stream is over (204: the session is closed)."""
        headers = {"Accept": "text/event-stream"}
        if self.cursor is not None:
            headers["Last-Event-ID"] = self.cursor
        timeout = httpx.Timeout(10.0, read=self.idle_timeout)
        async with self.http.stream("GET", self.path, headers=headers, timeout=timeout) as answer:
            if answer.status_code == 204:
                self.ended = True
                return
            if answer.status_code != 200:
                await answer.aread()
                raise problem_of(answer)
            frame = Frame()
            async for line in answer.aiter_lines():
                if line == "":
                    if frame.data:
                        row = json.loads("\n".join(frame.data))
                        event = Event.of(row, frame.id if frame.id is not None else "")
                        if frame.id is not None:
                            self.cursor = frame.id
                        yield event
                    frame = Frame()
                    continue
                if line.startswith(":"):
                    continue  # a heartbeat
                name, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if name == "id":
                    frame.id = value
                elif name == "data":
                    frame.data.append(value)
                elif name == "retry" and value.isdigit():
                    self.retry = max(self.retry, int(value) / 1000)
