"""The Python client (:mod:`kiroku.client`) against a real ``kiroku serve``: commands
by name with If-Match and Idempotency-Key, reads, the GM's corrections previewed and
made, refusals raised as typed exceptions quoting the input, a player's client that
never receives a hidden ruling, and a stream that resumes across a server restart with
no event lost or repeated."""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kiroku.client import (
    Client,
    CursorGone,
    Event,
    Forbidden,
    IllegalUnderRules,
    MalformedInput,
    NotFound,
    Problem,
    SessionClient,
    Unauthorized,
    VersionConflict,
)
from tests.e2e.conftest import runner
from tests.e2e.server import Served, served

SHEETS = Path(__file__).resolve().parents[2] / "replays" / "sheets"


def sheet(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SHEETS / f"{name}.json").read_text(encoding="utf-8"))
    return loaded


async def seated(admin: Client, session_id: str) -> SessionClient:
    """A 4e session with Akodo Kaneka (ana) and Bayushi Fumi (ben) joined."""
    night = await admin.open_session(session_id, gm="sensei")
    await night.command("join", player="ana", sheet=sheet("akodo-kaneka"))
    await night.command("join", player="ben", sheet=sheet("bayushi-fumi"))
    return night


def test_commands_reads_and_corrections(tmp_path: Path) -> None:
    async def scene(server: Served) -> None:
        async with Client(server.url, server.admin) as admin:
            night = await seated(admin, "night")
            assert [s["id"] for s in await admin.sessions()] == ["night"]
            roll = await night.command(
                "roll", {"expression": "5k3", "tn": 15}, faces="9,7,4,3,2", if_match=3
            )
            assert roll.version == 4 and roll.events[0].type == "DiceRolled"
            assert roll.rolls[0]["total"] == 20 and roll.rolls[0]["success"] is True
            assert roll.events[0].cursor.endswith(".4")

            with pytest.raises(VersionConflict) as stale:  # the session moved on
                await night.command("note", text="late", if_match=3)
            assert stale.value.current_version == 4 and stale.value.status == 409
            assert "If-Match 3" in stale.value.detail

            first = await night.command("note", text="once", idempotency_key="note-1")
            again = await night.command("note", text="once", idempotency_key="note-1")
            assert not first.replayed and again.replayed
            assert again.version == first.version == 5 and again.events == first.events
            with pytest.raises(IllegalUnderRules) as reused:
                await night.command("note", text="another", idempotency_key="note-1")
            assert reused.value.status == 422

            state = await night.state()
            assert state.version == 5 and state.you["role"] == "gm"
            assert set(state.views["characters"]) == {"Akodo Kaneka", "Bayushi Fumi"}
            assert (await night.state(at=1)).views["characters"] == {}

            page = await night.events(limit=2)
            assert [e.position for e in page.events] == [1, 2] and page.head == 5
            rest = await night.events(after=page.next, limit=1000)
            assert [e.position for e in rest.events] == [3, 4, 5]
            log = await night.log(limit=2)  # page after page
            assert log == [*page.events, *rest.events]
            assert log[3].summary == roll.events[0].summary and log[4].fields["text"] == "once"

            shown = await night.show(4)
            assert shown["command"]["command"] == "roll" and shown["follows"] == []
            odds = await night.odds("6k3", tn=20)
            assert 0.8 < odds["probability"] < 0.83
            tried = await night.try_command("roll", expression="6k3", tn=20)
            assert tried["roll"]["probability"] == odds["probability"]

            preview = await night.retract(4, reason="contested", dry_run=True)
            assert preview["dry_run"] is True and preview["version"] == 5
            assert (await night.state()).version == 5  # nothing appended
            await night.command("note", text="meanwhile")
            with pytest.raises(VersionConflict):  # made only on what was previewed
                await night.retract(4, reason="contested", if_match=preview["version"])
            amended = await night.amend(4, {"tn": 25}, reason="misheard", dry_run=True)
            assert amended["correction"] == "amend" and amended["dry_run"] is True
            assert amended["revised"], amended
            made = await night.retract(4, reason="contested")
            assert made["events"][0]["type"] == "EventRetracted"
            after = await night.state()
            assert after.views["session"]["rolls"] == 0
            undone = await night.undo(reason="the retraction was wrong")
            assert undone["correction"] == "reinstate"  # taking the retraction back
            assert (await night.state()).views["session"]["rolls"] == 1

            forked = await night.fork("what-if", at=3, reason="had she not rolled")
            assert forked["session"] == "what-if" and "token" not in forked  # the admin's
            assert (await admin.session("what-if").state()).views["session"]["rolls"] == 0
            plot = await night.series("session.rolls", "wounds.*.wounds", samples=50)
            assert plot["positions"] == list(range(9))  # 0 to the undo's version, 8
            assert plot["series"]["session.rolls"]["session.rolls"][4] == 1

    with served(tmp_path / "data") as server:
        asyncio.run(scene(server))


def test_a_refused_command_is_an_exception_quoting_its_input(tmp_path: Path) -> None:
    async def scene(server: Served) -> None:
        async with Client(server.url, server.admin) as admin:
            night = await seated(admin, "night")
            ana = Client(server.url, (await night.issue_token("ana")).token)
            async with ana:
                hers = ana.session("night")
                with pytest.raises(MalformedInput) as malformed:
                    await hers.command("roll", expression="5k9x", tn=15)
                refused = malformed.value
                assert refused.type == "/problems/malformed-input" and refused.status == 400
                assert refused.title == "The input could not be read"
                assert "'5k9x'" in refused.detail and "'5k9x'" in str(refused)
                assert isinstance(refused, ValueError) and isinstance(refused, Problem)
                with pytest.raises(NotFound) as nobody:
                    await hers.command("roll", character="Nobody", trait="agility")
                assert "'Nobody'" in nobody.value.detail and nobody.value.status == 404
                with pytest.raises(Forbidden) as not_hers:
                    await hers.command("roll", character="Bayushi Fumi", trait="agility")
                assert "Bayushi Fumi" in not_hers.value.detail
                with pytest.raises(MalformedInput) as unknown:
                    await hers.command("juggle", balls=3)
                assert "juggle" in unknown.value.detail
                with pytest.raises(Forbidden):  # only the GM corrects
                    await hers.retract(3, reason="mine")
                with pytest.raises(CursorGone) as gone:
                    await hers.events(after="00000000.1")
                assert "00000000.1" in gone.value.detail
                assert gone.value.body["type"] == "/problems/cursor-gone"
            async with Client(server.url, "not-a-token") as stranger:
                with pytest.raises(Unauthorized):
                    await stranger.session("night").state()

    with served(tmp_path / "data") as server:
        asyncio.run(scene(server))


def _renumbered(events: list[Event]) -> list[dict[str, Any]]:
    """Each event's JSON but its number, in order: what two readers may compare."""
    return [{k: v for k, v in e.row.items() if k != "position"} for e in events]


async def _collect(stream: Any, count: int) -> list[Event]:
    got: list[Event] = []
    async for event in stream:
        got.append(event)
        if len(got) == count:
            break
    return got


def test_a_players_client_never_sees_a_hidden_ruling(tmp_path: Path) -> None:
    """Twin sessions, the same play but the GM's hidden rulings in one: ana's client
    reads of the secret one exactly the GM's record with the hidden rulings left out
    (her stream is her log, her log the GM's filtered), and her projections there are
    the GM's of the twin with no secret at all."""

    async def play(admin: Client, session_id: str, *, hidden: bool) -> SessionClient:
        night = await seated(admin, session_id)
        for n in range(3):
            await night.command("note", text=f"scene {n}")
            if hidden:
                await night.command("roll", expression="5k3", tn=30, hidden=True)
                await night.command(
                    "wound", character="Akodo Kaneka", amount=2, source="slow poison",
                    hidden=True,
                )  # fmt: skip
            await night.command("roll", character="Akodo Kaneka", trait="agility", faces="7,7,7")
        return night

    async def scene(server: Served) -> None:
        async with Client(server.url, server.admin) as admin:
            secret = await play(admin, "secret", hidden=True)
            plain = await play(admin, "plain", hidden=False)
            gm_log = await secret.log()
            assert sum(e.hidden for e in gm_log) == 6
            async with Client(server.url, (await secret.issue_token("ana")).token) as ana:
                hers = ana.session("secret")
                log = await hers.log()
                stream = await _collect(hers.stream(), len(log))
                state = await hers.state()
                shown = [await hers.show(e.position) for e in log]
                live = asyncio.create_task(_collect(hers.stream(after=log[-1].cursor), 1))
                await secret.command("wound", character="Akodo Kaneka", amount=1,
                                     source="poison again", hidden=True)  # fmt: skip
                await secret.command("note", text="dawn")
                (next_one,) = await asyncio.wait_for(live, 30)
            assert next_one.fields["text"] == "dawn" and next_one.position == len(log) + 1
            assert _renumbered(log) == _renumbered([e for e in gm_log if not e.hidden])
            assert (
                [e.position for e in log]
                == list(range(1, len(log) + 1))
                == [int(e.cursor.rsplit(".", 1)[1]) for e in log]
            )
            assert stream == log
            assert not any(e.hidden for e in log)
            everything = json.dumps([*(e.row for e in log), state.body, *shown])
            assert "poison" not in everything and "5k3" not in everything
            assert state.version == len(log) == 3 + 6
            assert state.views["wounds"]["Akodo Kaneka"]["wounds"] == 0
            assert (await secret.state()).views["wounds"]["Akodo Kaneka"]["wounds"] == 6 + 1
            twin = (await plain.state()).views
            twin["session"]["id"] = "secret"
            assert state.views == twin

    with served(tmp_path / "data") as server:
        asyncio.run(scene(server))


def _free_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return str(sock.getsockname()[1])


async def _until(condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


@pytest.mark.slow
def test_the_stream_resumes_across_a_server_restart(tmp_path: Path) -> None:
    """A client follows a session; the server is killed (SIGKILL) mid-stream, notes are
    appended from the shell while it is down, and it starts again on the same port:
    the client's one iterator goes on from its cursor and ends at the closing, every
    event once and in order. A new client resumes from any cursor it kept."""
    data = tmp_path / "data"
    port = _free_port()
    admin = secrets.token_urlsafe(32)
    kiroku = runner(tmp_path)
    first = Served(data, admin=admin, port=port)
    got: list[Event] = []

    async def scene() -> None:
        nonlocal first
        async with Client(first.url, admin) as client:
            night = await client.open_session("night", gm="sensei")
            for n in range(5):
                await night.command("note", text=f"before {n}")
            stream = night.stream(reconnect_for=60)

            async def follow() -> None:
                async for event in stream:
                    got.append(event)

            following = asyncio.create_task(follow())
            await _until(lambda: len(got) == 6)
            for n in range(3):
                await night.command("note", text=f"live {n}")
            await _until(lambda: len(got) == 9)
            await asyncio.to_thread(first.kill)
            for n in range(4):  # while the server is down, from the shell
                done = kiroku("note", "--session", "night", f"offline {n}")
                assert done.returncode == 0, done.stderr
            again = await asyncio.to_thread(Served, data, admin=admin, port=port)
            try:
                for n in range(3):
                    await night.command("note", text=f"after {n}")
                await night.command("close")
                await asyncio.wait_for(following, 60)  # it ends at the closing
                assert stream.reconnections >= 1
                async with Client(again.url, admin) as later:  # a cursor kept, resumed
                    resumed = await _collect(later.session("night").stream(after=got[9].cursor), 7)
                assert resumed == got[10:]
            finally:
                again.stop()

    try:
        asyncio.run(scene())
    finally:
        if first.process.poll() is None:
            first.kill()
    assert [e.position for e in got] == list(range(1, 18))
    assert [e.fields.get("text") for e in got[1:16]] == [
        *(f"before {n}" for n in range(5)),
        *(f"live {n}" for n in range(3)),
        *(f"offline {n}" for n in range(4)),
        *(f"after {n}" for n in range(3)),
    ]
    assert got[-1].type == "SessionClosed"


BREAKING_OUT = """
import asyncio, sys
from kiroku.client import Client

async def main():
    async with Client(sys.argv[1], sys.argv[2]) as client:
        async for event in client.session("night").stream():
            if event.position == 2:
                break
        print("broke out at", event.cursor)

asyncio.run(main())
"""


def test_breaking_out_of_a_stream_closes_it_quietly(tmp_path: Path) -> None:
    """A reader that breaks out of ``async for`` leaves nothing for the garbage
    collector to close out of order (it once printed "aclose(): asynchronous generator
    is already running" as the program ended)."""
    with served(tmp_path / "data") as server:
        assert server.post("/v1/sessions", {"id": "night", "gm": "sensei"}).status_code == 201
        for n in range(3):
            server.post("/v1/sessions/night/commands", {"command": "note", "text": f"n{n}"})
        done = subprocess.run(
            [sys.executable, "-c", BREAKING_OUT, server.url, server.admin],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert done.returncode == 0 and done.stdout.startswith("broke out at "), done.stderr
    assert done.stderr == ""
