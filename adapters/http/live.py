"""Following a session live: ``GET …/stream`` (Server-Sent Events) and ``GET …/ws`` (a
WebSocket), each the events the holder may see after a cursor, caught up then live
(:mod:`adapters.http.streams`). A browser's ``EventSource`` and ``WebSocket`` send no
headers, so these take the token as ``?access_token=`` too. An open stream asks again
every :data:`RECHECK` seconds whether its token still holds, and ends if it was revoked.

A closed session's stream ends after its closing: the Server-Sent Events response ends
(and a reconnection from a cursor at or past the closing is answered 204 No Content,
which tells an ``EventSource`` to stop), the WebSocket closes with 1000; a reopened
session's stream goes on from where it stopped."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass

import msgspec
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.websockets import WebSocket, WebSocketDisconnect

from adapters.http import streams
from adapters.http.problems import Problem
from adapters.http.reads import session_epoch, start_of
from adapters.http.server import Seat, Server, peer_of, seat, server_of, token_of
from application.service import SessionService

RECHECK = 2.0
"""Seconds after which an open stream asks again whether its token still holds (a token
revoked from the shell, in another process): it ends at its next event or heartbeat."""


@dataclass(frozen=True)
class Opening:
    mark: str
    after: int
    gm: bool
    holder: str
    closed: bool = False
    """The session is closed, and the cursor is at or past its closing: nothing follows."""


async def opening(server: Server, sid: str, token: str, given: str | None) -> Opening:
    """The session's mark, the position to follow from, whether the holder is the GM, and
    the holder's token id."""

    def where(service: SessionService) -> Opening:
        place = seat(server, service, sid, token)
        after = start_of(server.worker, service, place, given)
        closing = place.session.state.closed
        closed = closing is not None and after >= closing
        mark = session_epoch(place.session)
        return Opening(mark, after, place.is_gm, place.holder.token, closed)

    return await server.worker.read(where)


SHARED = 0.5
"""Seconds for which one asking whether a token still holds answers every stream of
that token in that session that asks too: the streams of one token (an overlay open on
500 screens, a player's phone and laptop) reach their recheck at the same event, and
each asked the store on its own (py-spy, 500 subscribers: a burst of 500 reads at that
event, the event's delivery to the last of them behind it)."""


async def holds(server: Server, sid: str, token: str) -> bool:
    """Whether ``token`` still holds in session ``sid``: asked of the store, or the
    answer to the same question asked less than :data:`SHARED` seconds ago."""

    def again(service: SessionService) -> Seat:
        return seat(server, service, sid, token)

    async def ask() -> bool:
        try:
            await server.worker.read(again)
        except Problem:
            return False
        return True

    now = time.monotonic()
    asked = server.rechecks
    found = asked.get((sid, token))
    if found is None or now - found[0] > SHARED or found[1].cancelled():
        for key in [k for k, (when, _) in asked.items() if now - when > SHARED]:
            del asked[key]  # only the last half-second's are kept
        found = asked[(sid, token)] = (now, asyncio.ensure_future(ask()))
    return await asyncio.shield(found[1])


async def following(
    server: Server, sid: str, token: str, opened: Opening
) -> AsyncGenerator[list[streams.Item] | None, None]:
    """The events the holder may see, a batch at a time, for as long as the token holds."""
    checked = time.monotonic()
    async for batch in streams.follow_batches(
        server.feeds, sid, opened.after, gm=opened.gm, heartbeat=server.heartbeat
    ):
        if time.monotonic() - checked > RECHECK:
            if not await holds(server, sid, token):
                return
            checked = time.monotonic()
        yield batch


async def stream(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request, in_query=True)
    given = request.headers.get("last-event-id") or request.query_params.get("after")
    opened = await opening(server, sid, token, given)
    if opened.closed:
        return Response(status_code=204)
    server.limits.check_stream(opened.holder)

    async def frames() -> AsyncIterator[bytes]:
        server.limits.open_stream(opened.holder)  # counted once it is really served
        try:
            yield b"retry: 1000\n\n"
            async for batch in following(server, sid, token, opened):
                if batch is None:
                    yield streams.sse_frame(opened.mark, None, opened.gm)
                else:  # a catch-up's page in one write
                    yield b"".join(streams.sse_frame(opened.mark, i, opened.gm) for i in batch)
        finally:
            server.limits.close_stream(opened.holder)

    return StreamingResponse(
        frames(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


async def websocket(socket: WebSocket) -> None:
    sid = socket.path_params["session"]
    server = server_of(socket)
    try:
        token = token_of(socket, in_query=True)
        opened = await opening(server, sid, token, socket.query_params.get("after"))
        server.limits.open_stream(opened.holder)
    except Problem as problem:
        carried = socket.query_params.get("access_token") or socket.headers.get("authorization")
        if problem.status == 401 and carried:  # a token that failed, as app.on_problem counts
            server.limits.failed(peer_of(socket))
        await socket.accept()
        await socket.send_text(msgspec.json.encode({"problem": problem.body()}).decode())
        await socket.close(code=4000 + problem.status)
        return
    await socket.accept()
    sending = asyncio.create_task(_send_all(socket, server, sid, token, opened))
    try:
        while True:  # a client's frames are read only to see it go
            await socket.receive_text()
    except WebSocketDisconnect:
        pass
    finally:
        server.limits.close_stream(opened.holder)
        sending.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sending


async def _send_all(
    socket: WebSocket, server: Server, sid: str, token: str, opened: Opening
) -> None:
    closed = opened.closed
    if not closed:
        async for batch in following(server, sid, token, opened):
            for item in batch or ():
                await socket.send_text(streams.ws_message(opened.mark, item, opened.gm))
                closed = item.closes
    # 1000 once the session is closed; else cut off or the token revoked: resume
    await socket.close(code=1000 if closed else 4429)
