"""Following a session live: ``GET …/stream`` (Server-Sent Events) and ``GET …/ws`` (a
WebSocket), each the events the holder may see after a cursor, caught up then live
(:mod:`adapters.http.streams`). A browser's ``EventSource`` and ``WebSocket`` send no
headers, so these take the token as ``?access_token=`` too."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import msgspec
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.websockets import WebSocket, WebSocketDisconnect

from adapters.http import streams
from adapters.http.problems import Problem
from adapters.http.reads import session_epoch, start_of
from adapters.http.server import Server, seat, server_of, token_of
from adapters.service import SessionService


async def opening(server: Server, sid: str, token: str, given: str | None) -> tuple[str, int, bool]:
    """The session's mark, the position to follow from, and whether the holder is the
    GM."""

    def where(service: SessionService) -> tuple[str, int, bool]:
        place = seat(server, service, sid, token)
        after = start_of(server.worker, service, place, given)
        return session_epoch(place.session), after, place.is_gm

    return await server.worker.run(where)


async def stream(request: Request) -> Response:
    sid = request.path_params["session"]
    server = server_of(request)
    token = token_of(request, in_query=True)
    given = request.headers.get("last-event-id") or request.query_params.get("after")
    mark, after, gm = await opening(server, sid, token, given)
    server.limits.open_stream(token)

    async def frames() -> AsyncIterator[bytes]:
        try:
            yield b"retry: 1000\n\n"
            async for item in streams.follow(
                server.feeds, sid, after, gm=gm, heartbeat=server.heartbeat
            ):
                yield streams.sse_frame(mark, item, gm)
        finally:
            server.limits.close_stream(token)

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
        mark, after, gm = await opening(server, sid, token, socket.query_params.get("after"))
        server.limits.open_stream(token)
    except Problem as problem:
        await socket.accept()
        await socket.send_text(msgspec.json.encode({"problem": problem.body()}).decode())
        await socket.close(code=4000 + problem.status)
        return
    await socket.accept()
    sending = asyncio.create_task(_send_all(socket, server, sid, mark, after, gm))
    try:
        while True:  # a client's frames are read only to see it go
            await socket.receive_text()
    except WebSocketDisconnect:
        pass
    finally:
        server.limits.close_stream(token)
        sending.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sending


async def _send_all(
    socket: WebSocket, server: Server, sid: str, mark: str, after: int, gm: bool
) -> None:
    async for item in streams.follow(server.feeds, sid, after, gm=gm, heartbeat=server.heartbeat):
        if item is not None:
            await socket.send_text(streams.ws_message(mark, item, gm))
    await socket.close(code=4429)  # cut off for falling behind: resume from the last cursor
