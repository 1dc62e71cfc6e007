"""Live subscriptions through a real ``kiroku serve`` process: Server-Sent Events and a
WebSocket catch up from the store and follow live, every event once and in order, and a
client cut off anywhere — mid-frame, or by the server dying — resumes from its last cursor
with no gap and no duplicate. On SQLite and on PostgreSQL, where two server processes
share one session."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from tests.e2e.conftest import runner
from tests.e2e.server import Served, served
from tests.postgres import schema

NIGHT = "/v1/sessions/night"


def open_night(server: Served) -> None:
    assert server.post("/v1/sessions", {"id": "night", "gm": "sensei"}).status_code == 201


def note(server: Served, text: str) -> int:
    done = server.post(NIGHT + "/commands", {"command": "note", "text": text})
    assert done.status_code == 201, done.text
    return int(done.json()["version"])


def frames(raw: bytes) -> tuple[list[dict[str, Any]], bytes]:
    """The complete SSE frames in ``raw`` (their id and data), and what is left over."""
    found = []
    *complete, rest = raw.split(b"\n\n")
    for frame in complete:
        fields: dict[str, Any] = {}
        for line in frame.split(b"\n"):
            if line.startswith(b":"):
                fields["comment"] = line[1:].strip().decode()
            else:
                name, _, value = line.partition(b": ")
                fields[name.decode()] = value.decode()
        found.append(fields)
    return found, rest


def read_sse(
    server: Served, count: int, *, after: str | None = None, cut_at: int | None = None
) -> tuple[list[dict[str, Any]], str | None]:
    """Read the stream until ``count`` events came (or ``cut_at`` bytes were read, the
    connection then dropped mid-frame): the events decoded, and the last cursor."""
    headers = {} if after is None else {"Last-Event-ID": after}
    events: list[dict[str, Any]] = []
    last = after
    buffer = b""
    read = 0
    with server.client.stream("GET", NIGHT + "/stream", headers=headers, timeout=20) as answer:
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("text/event-stream")
        assert answer.headers["x-accel-buffering"] == "no"
        for chunk in answer.iter_raw(1):
            read += len(chunk)
            buffer += chunk
            done, buffer = frames(buffer)
            for frame in done:
                if "id" in frame:
                    events.append(json.loads(frame["data"]))
                    last = frame["id"]
            if len(events) >= count or (cut_at is not None and read >= cut_at):
                break
    return events, last


def test_a_subscriber_catches_up_then_follows_every_event_once(
    tmp_path: Path, store_args: tuple[str, ...]
) -> None:
    with served(tmp_path / "data", *store_args) as server:
        open_night(server)
        for n in range(5):
            note(server, f"before {n}")
        got: list[dict[str, Any]] = []

        def subscribe() -> None:
            got.extend(read_sse(server, 26)[0])

        reader = threading.Thread(target=subscribe)
        reader.start()
        for n in range(20):
            note(server, f"live {n}")
        reader.join(30)
        assert [e["position"] for e in got] == list(range(1, 27))
        assert [e["event"]["text"] for e in got[6:]] == [f"live {n}" for n in range(20)]


def test_a_stream_resumes_after_its_last_event_id(tmp_path: Path) -> None:
    with served(tmp_path / "data") as server:
        open_night(server)
        for n in range(4):
            note(server, f"n{n}")
        first, last = read_sse(server, 3)
        assert last is not None and last.endswith(".3")
        rest, _ = read_sse(server, 2, after=last)
        assert [e["position"] for e in first + rest] == [1, 2, 3, 4, 5]
        by_query = server.get(NIGHT + "/events", params={"after": last}).json()["events"]
        assert [e["position"] for e in by_query] == [4, 5]


def test_a_cursor_from_another_store_is_gone(tmp_path: Path) -> None:
    with served(tmp_path / "one") as server:
        open_night(server)
        _, cursor = read_sse(server, 1)
    with served(tmp_path / "two") as other:
        open_night(other)  # the same id, another store, another opening
        note(other, "x")
        answer = other.get(NIGHT + "/stream", headers={"Last-Event-ID": str(cursor)})
        assert answer.status_code == 410 and answer.json()["type"] == "/problems/cursor-gone"


def test_a_quiet_stream_sends_heartbeats(tmp_path: Path) -> None:
    with served(tmp_path / "data", "--heartbeat", "1") as server:
        open_night(server)
        buffer = b""
        started = time.monotonic()
        with server.client.stream("GET", NIGHT + "/stream") as answer:
            for chunk in answer.iter_raw():
                buffer += chunk
                if b": heartbeat" in buffer:
                    break
        assert 0.5 < time.monotonic() - started < 10


def test_clients_cut_mid_frame_many_times_still_see_the_log_once_in_order(
    tmp_path: Path,
) -> None:
    with served(tmp_path / "data") as server:
        open_night(server)
        stop = threading.Event()

        def write() -> None:
            n = 0
            while not stop.is_set() and n < 120:
                note(server, f"w{n} " + "x" * random.randrange(200))
                n += 1
                time.sleep(0.01)

        writer = threading.Thread(target=write)
        writer.start()
        seen: list[int] = []
        cursor = None
        chance = random.Random(7)
        try:
            for _ in range(40):
                got, cursor = read_sse(
                    server, 10**6, after=cursor, cut_at=chance.randrange(50, 900)
                )
                seen += [e["position"] for e in got]
        finally:
            stop.set()
            writer.join(30)
        head = server.get(NIGHT).json()["version"]
        rest, _ = read_sse(server, head - (seen[-1] if seen else 0), after=cursor)
        seen += [e["position"] for e in rest]
        assert seen == list(range(1, head + 1))


def test_a_server_killed_mid_stream_is_resumed_from_without_a_gap(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = Served(data)
    open_night(server)
    for n in range(10):
        note(server, f"n{n}")
    got, cursor = read_sse(server, 6)
    server.kill()
    with served(data) as again:
        for n in range(3):
            note(again, f"after {n}")
        rest, _ = read_sse(again, 8, after=cursor)
    assert [e["position"] for e in got + rest] == list(range(1, 15))


def test_the_websocket_gives_the_same_events_with_the_same_cursors(tmp_path: Path) -> None:
    with served(tmp_path / "data") as server:
        open_night(server)
        for n in range(3):
            note(server, f"n{n}")
        sse, _ = read_sse(server, 4)
        address = server.url.replace("http://", "ws://") + NIGHT + "/ws"
        token = f"access_token={server.admin}"

        async def read(after: str, count: int) -> list[dict[str, Any]]:
            async with websockets.connect(f"{address}?after={after}&{token}") as socket:
                return [json.loads(await asyncio.wait_for(socket.recv(), 20)) for _ in range(count)]

        first = asyncio.run(read("0", 2))
        threading.Timer(0.3, note, (server, "live")).start()
        rest = asyncio.run(read(first[-1]["cursor"], 3))
        assert [m["event"] for m in first + rest[:2]] == sse
        assert rest[2]["event"]["event"]["text"] == "live"
        assert rest[2]["cursor"].endswith(".5")

        async def refused() -> tuple[Any, Any]:
            async with websockets.connect(f"{address}?after=nope&{token}") as socket:
                message = json.loads(await socket.recv())
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await socket.recv()
                return message, closed.value.rcvd

        message, close = asyncio.run(refused())
        assert message["problem"]["status"] == 400 and close.code == 4400


def test_two_servers_on_one_postgresql_store_share_a_session(tmp_path: Path) -> None:
    with (
        schema() as url,
        served(tmp_path / "a", "--store", url) as a,
        served(tmp_path / "b", "--store", url) as b,
    ):
        open_night(a)
        got: list[dict[str, Any]] = []
        reader = threading.Thread(target=lambda: got.extend(read_sse(a, 41)[0]))
        reader.start()
        answers: list[int] = []
        lock = threading.Lock()

        def race(server: Served, name: str) -> None:
            for n in range(20):
                while True:
                    version = server.get(NIGHT).json()["version"]
                    body = {"command": "note", "text": f"{name}{n}"}
                    done = server.post(
                        NIGHT + "/commands", body, headers={"If-Match": str(version)}
                    )
                    with lock:
                        answers.append(done.status_code)
                    if done.status_code == 201:
                        break
                    assert done.status_code == 409 and done.json()["current_version"] > version

        racers = [threading.Thread(target=race, args=(s, s.url)) for s in (a, b)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(60)
        reader.join(30)
        assert answers.count(201) == 40
        events = b.get(NIGHT + "/events", params={"limit": 1000}).json()["events"]
        assert [e["position"] for e in events] == list(range(1, 42))
        assert [e["position"] for e in got] == list(range(1, 42))  # B's notes reached A's stream
        texts = [e["event"]["text"] for e in events[1:]]
        assert sorted(texts) == sorted(f"{s.url}{n}" for s in (a, b) for n in range(20))


def test_an_unknown_session_has_no_stream(tmp_path: Path) -> None:
    with served(tmp_path / "data") as server:
        answer = server.get("/v1/sessions/nope/stream")
        assert answer.status_code == 404
        assert answer.headers["content-type"] == "application/problem+json"


def test_a_request_cut_by_a_crash_is_repeated_safely_with_its_key(tmp_path: Path) -> None:
    """The server is killed while a keyed command is in flight: sent again to the server
    restarted, the command is recorded once, whether or not the first attempt landed."""
    data = tmp_path / "data"
    for attempt in range(3):
        server = Served(data)
        if attempt == 0:
            open_night(server)
        before = server.get(NIGHT).json()["version"]
        key = {"Idempotency-Key": f"crash-{attempt}"}
        body = {"command": "roll", "expression": "6k3", "tn": 15}
        sender = threading.Thread(target=_send_unanswered, args=(server, body, key))
        sender.start()
        time.sleep(0.005 * attempt)
        server.kill()
        sender.join(30)
        with served(data) as again:
            answer = again.post(NIGHT + "/commands", body, headers=key)
            assert answer.status_code in (200, 201), answer.text
            assert again.get(NIGHT).json()["version"] == before + 1
            repeat = again.post(NIGHT + "/commands", body, headers=key)
            assert repeat.status_code == 200 and repeat.json() == answer.json()


def _send_unanswered(server: Served, body: dict[str, Any], headers: dict[str, str]) -> None:
    with contextlib.suppress(Exception):  # the server dies under it: that is the point
        server.post(NIGHT + "/commands", body, headers=headers)


def test_on_postgresql_a_notification_wakes_the_stream_before_any_look_at_the_store(
    tmp_path: Path,
) -> None:
    """With its looks at the store a minute apart (``--poll 60000``), a server on
    PostgreSQL still sends a note another process wrote within a few seconds: only the
    store's NOTIFY can have woken it. (Without it, the note would wait for the look.)"""
    with schema() as url, served(tmp_path / "a", "--store", url, "--poll", "60000") as a:
        open_night(a)
        note(a, "first")
        got: list[dict[str, Any]] = []
        reader = threading.Thread(target=lambda: got.extend(read_sse(a, 3)[0]))
        reader.start()
        time.sleep(1.0)  # the reader has caught up (2 events) and waits on the feed
        kiroku = runner(tmp_path)
        done = kiroku("note", "--session", "night", "written elsewhere", "--store", url)
        assert done.returncode == 0, done.stderr
        started = time.monotonic()
        reader.join(15)
        assert not reader.is_alive() and time.monotonic() - started < 15
        assert got[-1]["event"]["text"] == "written elsewhere"


def test_serve_refuses_options_out_of_their_bounds_before_it_listens(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    for options, said in (
        (("--poll", "5"), "--poll 5: give 10 to 60000 milliseconds"),
        (("--heartbeat", "0"), "--heartbeat 0: give 1 to 300 seconds"),
        (("--port", "70000"), "--port 70000"),
        (("--rate", "0"), "--rate and --streams"),
        (("--row-cache", "70000"), "--row-cache 70000: give 0 to 65536 MiB"),
    ):
        done = kiroku("serve", *options)
        assert done.returncode == 2 and said in done.stderr, (options, done.stderr)
