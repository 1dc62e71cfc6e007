"""The Python client's reading of the server's answers, without a server: every problem
type the server sends becomes its exception with its type, title, status, detail and
members kept; a stream's frames (comments, ``retry:``, data over several lines) are read
as the Server-Sent Events format says, a drop is resumed with ``Last-Event-ID``, a
refusal on reconnecting is raised, a 204 ends the iteration, and a server that stays
away past ``reconnect_for`` is :class:`StreamLost` holding the last cursor. (The client
against a real ``kiroku serve``: ``tests/e2e/test_client.py``.)"""

from __future__ import annotations

import ast
import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import httpx
import pytest

from adapters.http.problems import KINDS
from kiroku.client import (
    Client,
    Event,
    MalformedInput,
    Problem,
    StreamLost,
    Unauthorized,
    VersionConflict,
)
from kiroku.client.problems import BY_STATUS, BY_TYPE, problem_of

ROOT = Path(__file__).resolve().parents[2]


def kinds_the_server_sends() -> set[tuple[int, str]]:
    """Every ``Problem(STATUS, "kind", …)`` the HTTP adapter constructs, and the
    taxonomy's kinds (:data:`adapters.http.problems.KINDS`)."""
    found = {(status, kind) for _, status, kind, _ in KINDS}
    for path in (ROOT / "adapters" / "http").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Problem"
                and len(node.args) >= 2
                and isinstance(status := node.args[0], ast.Constant)
                and isinstance(status.value, int)
                and isinstance(kind := node.args[1], ast.Constant)
            ):
                found.add((status.value, str(kind.value)))
    return found


def answer(status: int, body: bytes, **headers: str) -> httpx.Response:
    return httpx.Response(status, content=body, headers=headers)


def test_every_problem_the_server_sends_has_its_exception() -> None:
    sent = kinds_the_server_sends()
    assert len(sent) >= 15, sent
    for status, kind in sent:
        assert kind in BY_TYPE, f"the server sends /problems/{kind}: the client names it"
        assert issubclass(BY_TYPE[kind], BY_STATUS[status]), (kind, status)
        body = b'{"type":"/problems/%s","title":"T","status":%d,"detail":"d \'x\'"}' % (
            kind.encode(),
            status,
        )
        raised = problem_of(answer(status, body))
        assert type(raised) is BY_TYPE[kind]
        assert (raised.type, raised.title, raised.status, raised.detail) == (
            f"/problems/{kind}", "T", status, "d 'x'",
        )  # fmt: skip


def test_the_clients_page_lists_every_problem_type_and_its_exception() -> None:
    page = (ROOT / "docs" / "python-client.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    for kind, exception in BY_TYPE.items():
        assert any(f"`{kind}`" in row and f"`{exception.__name__}`" in row for row in rows), kind


def test_a_problem_keeps_its_members_and_retry_after() -> None:
    conflict = problem_of(
        answer(
            409,
            b'{"type":"/problems/version-conflict","title":"The session has moved on",'
            b'"status":409,"detail":"If-Match 3: at 4","current_version":4}',
            **{"Retry-After": "5"},
        )
    )
    assert isinstance(conflict, VersionConflict) and conflict.current_version == 4
    assert conflict.retry_after == 5.0 and conflict.members == {"current_version": 4}
    assert conflict.body["current_version"] == 4 and conflict.body["status"] == 409
    assert str(conflict) == "409 The session has moved on: If-Match 3: at 4"


def test_an_unknown_type_falls_back_on_its_status_and_a_page_on_its_text() -> None:
    novel = problem_of(answer(400, b'{"type":"/problems/new","title":"N","status":400}'))
    assert type(novel) is MalformedInput and novel.type == "/problems/new"
    proxy = problem_of(answer(502, b"<html>Bad Gateway</html>"))
    assert type(proxy) is Problem and proxy.status == 502
    assert proxy.detail == "<html>Bad Gateway</html>" and proxy.type == "about:blank"


Handler = Callable[[httpx.Request], httpx.Response]


def scripted(*answers: Callable[[], httpx.Response]) -> tuple[Handler, list[str | None]]:
    """A transport answering each request with the next answer; the ``Last-Event-ID``
    of each request it received."""
    asked: list[str | None] = []
    left = list(answers)

    def handle(request: httpx.Request) -> httpx.Response:
        asked.append(request.headers.get("last-event-id"))
        if not left:
            raise httpx.ConnectError("no more answers", request=request)
        return left.pop(0)()

    return handle, asked


def sse(*chunks: bytes, then_drop: bool = False) -> Callable[[], httpx.Response]:
    async def body() -> AsyncIterator[bytes]:
        for chunk in chunks:
            yield chunk
        if then_drop:
            raise httpx.ReadError("connection reset")

    return lambda: httpx.Response(
        200, content=body(), headers={"content-type": "text/event-stream"}
    )


def row(position: int, text: str) -> bytes:
    return b'{"position":%d,"type":"NoteAdded","summary":"%s","event":{"text":"%s"}}' % (
        position, text.encode(), text.encode(),
    )  # fmt: skip


async def events_of(handle: Handler, after: str | None = None, **options: float) -> list[Event]:
    async with Client("http://kiroku.test", "t", transport=httpx.MockTransport(handle)) as c:
        return [e async for e in c.session("night").stream(after=after, **options)]


def test_a_stream_reads_its_frames_and_resumes_after_each_drop() -> None:
    handle, asked = scripted(
        sse(b"retry: 10\n\n: hello\n\nid: e.1\ndata: " + row(1, "a") + b"\n\n"
            b"id: e.2\ndata: " + row(2, "b")[:20], b"" + row(2, "b")[20:] + b"\n\n"),
        sse(b"id: e.3\r\ndata: {\"position\":3,\r\ndata: \"type\":\"NoteAdded\"}\r\n\r\n"
            b": heartbeat\n\nid: e.4\ndata: " + row(4, "d")[:10], then_drop=True),
        lambda: httpx.Response(204),
    )  # fmt: skip
    got = asyncio.run(events_of(handle))
    assert [(e.position, e.cursor) for e in got] == [(1, "e.1"), (2, "e.2"), (3, "e.3")]
    assert got[0].fields == {"text": "a"} and got[2].row == {"position": 3, "type": "NoteAdded"}
    assert asked == [None, "e.2", "e.3"]  # the half-sent e.4 is read again, once


def test_a_stream_given_a_cursor_starts_after_it() -> None:
    handle, asked = scripted(sse(b"id: e.6\ndata: " + row(6, "f") + b"\n\n"),
                             lambda: httpx.Response(204))  # fmt: skip
    assert [e.position for e in asyncio.run(events_of(handle, after="e.5"))] == [6]
    assert asked == ["e.5", "e.6"]


def test_a_refusal_on_reconnecting_is_raised_not_retried() -> None:
    refused = b'{"type":"/problems/unauthorized","title":"A token is needed","status":401,'
    refused += b'"detail":"the token was revoked"}'
    handle, asked = scripted(
        sse(b"id: e.1\ndata: " + row(1, "a") + b"\n\n"), lambda: answer(401, refused)
    )
    with pytest.raises(Unauthorized) as raised:
        asyncio.run(events_of(handle))
    assert raised.value.detail == "the token was revoked" and asked == [None, "e.1"]


def test_a_server_that_stays_away_loses_the_stream_with_its_cursor() -> None:
    handle, asked = scripted(sse(b"id: e.1\ndata: " + row(1, "a") + b"\n\n", then_drop=True))
    with pytest.raises(StreamLost) as lost:
        asyncio.run(events_of(handle, reconnect_for=0.3))
    assert lost.value.cursor == "e.1" and "e.1" in str(lost.value)
    assert len(asked) >= 2 and set(asked[1:]) == {"e.1"}


def test_the_package_ships_the_client_and_what_it_needs() -> None:
    """``from kiroku.client import …`` works for an installed kiroku: the packaging finds
    ``kiroku`` and ``kiroku.client``, and httpx is a dependency of the project, not
    only of its tests."""
    import importlib
    import tomllib

    find_packages = importlib.import_module("setuptools").find_packages  # untyped

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = project["tool"]["setuptools"]["packages"]["find"]["include"]
    assert {"kiroku", "kiroku.client"} <= set(find_packages(where=str(ROOT), include=include))
    assert any(d.startswith("httpx") for d in project["project"]["dependencies"])
