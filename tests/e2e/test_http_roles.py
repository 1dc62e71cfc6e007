"""Who may do what over HTTP: per-session tokens for the GM, each player and observers,
issued from the shell, sent as ``Authorization: Bearer``. A player acts only as their own
characters, an observer only reads, only the GM corrects or forks; the GM's hidden rolls
reach no one else — not in the stream, not in a page, not in a count, not in the
numbering — and each token is held to a command rate and a number of open streams."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.e2e.conftest import Run, ok, runner, seated
from tests.e2e.server import Served, served

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"
NIGHT = "/v1/sessions/night"
S = ("--session", "night")


def table(kiroku: Run) -> dict[str, str]:
    """Session night with Kaneka played by ana, Fumi by ben, kenji observing: their
    tokens, issued from the shell."""
    seated(kiroku, "night", ("akodo-kaneka", "ana"), ("bayushi-fumi", "ben"))
    ok(kiroku, "participant", *S, "kenji", "--role", "observer")
    return {
        who: ok(kiroku, "session", "token", "issue", *S, "--for", who)["token"]
        for who in ("sensei", "ana", "ben", "kenji")
    }


@pytest.fixture
def night(tmp_path: Path) -> Iterator[tuple[Served, dict[str, str], Run]]:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    with served(tmp_path / "data") as server:
        yield server, tokens, kiroku


def client(server: Served, token: str | None) -> httpx.Client:
    return server.as_token(token)


def test_no_token_is_401_and_another_sessions_token_is_403(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, kiroku = night
    ok(kiroku, "session", "open", "--id", "other", "--gm", "sensei")
    elsewhere = ok(kiroku, "session", "token", "issue", "--session", "other", "--for", "sensei")
    with client(server, None) as anyone:
        answer = anyone.get(NIGHT)
        assert answer.status_code == 401 and answer.headers["www-authenticate"].startswith("Bearer")
        answer = anyone.get(NIGHT, headers={"Authorization": "Basic eDp5"})
        assert answer.status_code == 401
    with client(server, elsewhere["token"]) as other:
        answer = other.get(NIGHT)
        assert answer.status_code == 403 and "'other'" in answer.json()["detail"]
    with client(server, "kiroku.bmlnaHQ.forged") as forged:
        assert forged.get(NIGHT).status_code == 401
    with client(server, tokens["ana"]) as ana:
        assert ana.get(NIGHT).status_code == 200
        [listed] = [
            t for t in ok(kiroku, "session", "token", "list", *S) if t["participant"] == "ana"
        ]
        ok(kiroku, "session", "token", "revoke", *S, listed["token"])
        answer = ana.get(NIGHT)
        assert answer.status_code == 401 and "revoked" in answer.json()["detail"]


def test_only_the_admin_lists_and_opens_sessions(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, _ = night
    with client(server, tokens["sensei"]) as gm:
        assert gm.get("/v1/sessions").status_code == 403
        assert gm.post("/v1/sessions", json={"gm": "x"}).status_code == 403
    assert [s["id"] for s in server.get("/v1/sessions").json()["sessions"]] == ["night"]


def test_a_player_acts_as_their_own_characters_only(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, _ = night
    roll = {"command": "roll", "character": "Akodo Kaneka", "trait": "agility", "tn": 15}
    with client(server, tokens["ana"]) as ana:
        done = ana.post(NIGHT + "/commands", json=roll)
        assert done.status_code == 201, done.text
        shown = server.get(f"{NIGHT}/events/{done.json()['recorded'][0]['position']}").json()
        assert shown["actor"] == "ana"
        theirs = ana.post(NIGHT + "/commands", json={**roll, "character": "Bayushi Fumi"})
        assert theirs.status_code == 403 and "played by 'ben'" in theirs.json()["detail"]
        for path, body in (
            ("/retract", {"position": 4, "reason": "mine"}),
            ("/undo", {"reason": "mine"}),
            ("/fork", {"id": "mine", "at": 2, "reason": "what if"}),
            ("/tokens", {"participant": "ana"}),
        ):
            refused = ana.post(NIGHT + path, json=body)
            assert refused.status_code == 403, (path, refused.text)
    with client(server, tokens["kenji"]) as kenji:
        refused = kenji.post(NIGHT + "/commands", json={"command": "note", "text": "hi"})
        assert refused.status_code == 403 and "observ" in refused.json()["detail"]
        assert kenji.get(NIGHT).status_code == 200


def _sse(http: httpx.Client, count: int) -> bytes:
    """The stream's first ``count`` events, as bytes."""
    got = b""
    deadline = time.monotonic() + 30
    with http.stream("GET", NIGHT + "/stream", timeout=20) as answer:
        assert answer.status_code == 200
        for chunk in answer.iter_raw():
            got += chunk
            if got.count(b"\nid: ") >= count and got.endswith(b"\n\n"):
                break
            assert time.monotonic() < deadline, got
    return got


def _play(server: Served, tokens: dict[str, str], *, hidden: bool) -> bytes:
    """The same table twice: the GM's notes, ana's rolls, and (``hidden``) the GM's
    hidden rolls and a slow poison's hidden wounds between them. What ana's stream
    shows."""
    with client(server, tokens["ana"]) as ana:
        for n in range(4):
            note = {"command": "note", "text": f"scene {n}"}
            assert server.post(NIGHT + "/commands", note).status_code == 201
            if hidden:
                secret = {"command": "roll", "expression": "5k3", "tn": 30, "hidden": True}
                assert server.post(NIGHT + "/commands", secret).status_code == 201
                poison = {"command": "wound", "character": "Akodo Kaneka", "amount": 2,
                          "source": "slow poison", "hidden": True}  # fmt: skip
                assert server.post(NIGHT + "/commands", poison).status_code == 201
            mine = {"command": "roll", "character": "Akodo Kaneka", "trait": "agility",
                    "faces": "7,7,7"}  # fmt: skip
            assert ana.post(NIGHT + "/commands", json=mine).status_code == 201
        return _sse(ana, 4 + 8)


def _timeless(stream: bytes) -> bytes:
    """The stream with what no two runs share (the instants, the session's mark) blanked."""
    stream = re.sub(rb'"at":"[^"]+"', b'"at":"T"', stream)
    return re.sub(rb"id: [0-9a-f]{8}\.", b"id: EPOCH.", stream)


@pytest.mark.slow
def test_a_players_stream_is_the_same_with_or_without_hidden_rolls(tmp_path: Path) -> None:
    streams = []
    for hidden in (False, True):
        kiroku = runner(tmp_path / str(hidden))
        tokens = table(kiroku)
        with served(tmp_path / str(hidden) / "data") as server:
            streams.append(_play(server, tokens, hidden=hidden))
            gm = server.get(NIGHT).json()
            with client(server, tokens["ana"]) as ana:
                seen = ana.get(NIGHT).json()
                page = ana.get(NIGHT + "/events", params={"limit": 1000}).json()
                beyond = ana.get(f"{NIGHT}/events/{gm['version']}")
                last = ana.get(f"{NIGHT}/events/12").json()
        assert last["position"] == 12 and last["command"]["positions"] == [12, 12]
        assert "chain" not in last["command"] and last["actor"] == "ana"
        assert seen["version"] == 4 + 8 and page["head"] == 4 + 8
        assert [e["position"] for e in page["events"]] == list(range(1, 13))
        assert seen["views"]["session"]["rolls"] == 4
        assert gm["views"]["session"]["rolls"] == (8 if hidden else 4)
        assert gm["version"] == (20 if hidden else 12)
        assert gm["views"]["wounds"]["Akodo Kaneka"]["wounds"] == (8 if hidden else 0)
        assert seen["views"]["wounds"]["Akodo Kaneka"]["wounds"] == 0
        assert beyond.status_code == (400 if hidden else 200)
    plain, with_hidden = streams
    assert b"5k3" not in with_hidden and b'hidden":true' not in with_hidden
    assert b"poison" not in with_hidden
    assert _timeless(plain) == _timeless(with_hidden)
    assert json.loads(plain.split(b"data: ")[-1].split(b"\n")[0])["position"] == 12


def test_a_token_is_held_to_its_command_rate_and_its_open_streams(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    with (
        served(tmp_path / "data", "--rate", "8", "--streams", "1") as server,
        client(server, tokens["sensei"]) as gm,
    ):
        answers = [
            gm.post(NIGHT + "/commands", json={"command": "note", "text": f"n{n}"})
            for n in range(3)
        ]
        assert [a.status_code for a in answers] == [201, 201, 429]
        assert int(answers[-1].headers["retry-after"]) >= 1
        assert answers[-1].json()["type"] == "/problems/too-many-commands"
        note = {"command": "note", "text": "tried"}
        tries = [gm.post(NIGHT + "/commands?dry_run=true", json=note) for _ in range(3)]
        assert [t.status_code for t in tries] == [200, 200, 429]  # a bucket of their own
        assert "tries a minute" in tries[-1].json()["detail"]
        with gm.stream("GET", NIGHT + "/stream") as first:
            assert first.status_code == 200
            second = gm.get(NIGHT + "/stream")
            assert second.status_code == 429 and second.headers["retry-after"]
        with client(server, tokens["ana"]) as ana:  # each token its own
            done = ana.post(NIGHT + "/commands", json={"command": "roll",
                            "character": "Akodo Kaneka", "trait": "agility"})  # fmt: skip
            assert done.status_code == 201


def test_the_shell_refuses_a_token_for_no_participant(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    table(kiroku)
    done = kiroku("session", "token", "issue", *S, "--for", "stranger")
    assert done.returncode == 2 and "'stranger'" in done.stderr
    done = kiroku("session", "token", "issue", *S, "--for", "ana", "--as", "ana")
    assert done.returncode == 2 and "only the GM" in done.stderr
    done = kiroku("session", "token", "revoke", *S, "nope")
    assert done.returncode == 2 and "'nope'" in done.stderr
    listed: list[dict[str, Any]] = ok(kiroku, "session", "token", "list", *S)
    assert {t["participant"] for t in listed} == {"sensei", "ana", "ben", "kenji"}
    assert all("digest" not in t and "token" in t for t in listed)


# -- what a review found (each a hole a player or a stranger could use) ------------------


def test_a_players_numbers_hold_through_hidden_rolls_and_retractions(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, _ = night
    secret = {"command": "roll", "expression": "5k3", "tn": 30, "hidden": True}
    hidden_at = server.post(NIGHT + "/commands", secret).json()["version"]
    mine = {"command": "roll", "character": "Akodo Kaneka", "trait": "agility",
            "faces": "7,7,7"}  # fmt: skip
    with client(server, tokens["ana"]) as ana:
        done = ana.post(NIGHT + "/commands", json=mine).json()
        assert done["recorded"][0]["position"] == done["roll"]["position"] == 5 == done["version"]
        again = ana.post(NIGHT + "/commands", json=mine, headers={"Idempotency-Key": "k"})
        other = ana.post(NIGHT + "/commands", json={**mine, "faces": "1,1,1"},
                         headers={"Idempotency-Key": "k"})  # fmt: skip
        assert again.status_code == 201 and other.status_code == 422
        assert "ruling at" not in other.json()["detail"]
        server.post(NIGHT + "/retract", {"position": hidden_at, "reason": "never mind"})
        server.post(NIGHT + "/retract", {"position": hidden_at + 1, "reason": "contested"})
        events = ana.get(NIGHT + "/events").json()["events"]
        assert [e["position"] for e in events] == list(range(1, 8))
        [retraction] = [e for e in events if e["type"] == "EventRetracted"]
        assert retraction["event"]["position"] == 5
        assert retraction["summary"].startswith("GM retracts event 5")
        assert ana.get(NIGHT + "/events/5").json()["retracted_by"] == 7
        assert ana.get(NIGHT + "/diff").status_code == 403


def test_a_keyed_retry_of_a_player_with_if_match_is_answered_as_before(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, _ = night
    with client(server, tokens["ana"]) as ana:
        count = ana.get(NIGHT).json()["version"]
        body = {"command": "note", "text": "mine", "character": "Akodo Kaneka"}
        headers = {"If-Match": str(count), "Idempotency-Key": "k9"}
        first = ana.post(NIGHT + "/commands", json=body, headers=headers)
        again = ana.post(NIGHT + "/commands", json=body, headers=headers)
        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json() == first.json()


def test_strangers_learn_nothing_and_cost_nothing(
    night: tuple[Served, dict[str, str], Run], tmp_path: Path
) -> None:
    server, _, _ = night
    forged = "kiroku.bm9wZQ.x"  # "nope", a session that does not exist
    with client(server, forged) as stranger:
        assert stranger.get("/v1/sessions/nope").status_code == 401  # not 404
    with client(server, "kiroku.bmlnaHQ.forged") as stranger:
        answers = [stranger.post(NIGHT + "/commands", json={"command": "note", "text": "x"})
                   for _ in range(150)]  # fmt: skip
    # never counted against a token's rate; counted against the client's failures (30,
    # the first of them above)
    assert [a.status_code for a in answers[:29]] == [401] * 29
    assert {a.status_code for a in answers[29:]} == {429}
    assert server.post(NIGHT + "/commands", {"command": "note", "text": "x"}).status_code == 201


def test_a_revoked_token_loses_its_open_stream(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, kiroku = night
    ended = threading.Event()

    def follow() -> None:
        with (
            client(server, tokens["ben"]) as ben,
            ben.stream("GET", NIGHT + "/stream", timeout=30) as answer,
        ):
            for _ in answer.iter_raw():
                pass
        ended.set()

    reader = threading.Thread(target=follow, daemon=True)
    reader.start()
    time.sleep(0.5)
    [listed] = [t for t in ok(kiroku, "session", "token", "list", *S) if t["participant"] == "ben"]
    ok(kiroku, "session", "token", "revoke", *S, listed["token"])
    time.sleep(2.5)
    server.post(NIGHT + "/commands", {"command": "note", "text": "after"})
    assert ended.wait(15)


@pytest.mark.slow
def test_hidden_rolls_do_not_move_a_players_heartbeats(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    with served(tmp_path / "data", "--heartbeat", "2") as server:
        beats: list[float] = []
        stop = threading.Event()

        def listen() -> None:
            with (
                client(server, tokens["ana"]) as ana,
                ana.stream("GET", NIGHT + "/stream", timeout=30) as answer,
            ):
                for chunk in answer.iter_raw():
                    beats.extend([time.monotonic()] * chunk.count(b": heartbeat"))
                    if stop.is_set():
                        return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        started = time.monotonic()
        while time.monotonic() - started < 7:
            secret = {"command": "roll", "expression": "5k3", "hidden": True}
            server.post(NIGHT + "/commands", secret)
            time.sleep(0.3)
        stop.set()
        assert len(beats) >= 2, beats  # every 2 s, as if nothing happened


def test_browsers_on_an_allowed_origin_may_call_and_others_not(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    table(kiroku)
    with served(tmp_path / "data", "--allow-origin", "https://vtt.example") as server:
        asked = {"Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "authorization,idempotency-key"}  # fmt: skip
        allowed = server.client.options(
            NIGHT + "/commands", headers={"Origin": "https://vtt.example", **asked}
        )
        assert allowed.status_code == 200
        assert allowed.headers["access-control-allow-origin"] == "https://vtt.example"
        other = server.client.options(
            NIGHT + "/commands", headers={"Origin": "https://evil.example", **asked}
        )
        assert "access-control-allow-origin" not in other.headers


def _events(stream: bytes) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in stream.split(b"\n") if line.startswith(b"data: ")]


def test_any_command_given_hidden_reaches_no_player_until_the_gm_reveals_it(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    """A poison's wound, a whisper and an ambusher joined behind the screen: not in ana's
    stream, page, count or state, nor kenji's; ana may hide nothing; the reveal reaches
    them as one event of theirs holding the wound, and their state follows it."""
    server, tokens, _ = night
    with client(server, tokens["ana"]) as ana, client(server, tokens["kenji"]) as kenji:
        before = _sse(ana, 4)
        seen = ana.get(NIGHT).json()
        ambusher = json.loads((SHEETS / "moto-chagatai.json").read_text())
        secrets = [
            {"command": "wound", "character": "Akodo Kaneka", "amount": 7, "source": "poison",
             "hidden": True},
            {"command": "note", "text": "the tea was poisoned", "hidden": True},
            {"command": "join", "sheet": ambusher, "player": "sensei", "hidden": True},
            {"command": "wound", "character": "Moto Chagatai", "amount": 3, "hidden": True},
        ]  # fmt: skip
        positions = []
        for body in secrets:
            done = server.post(NIGHT + "/commands", body)
            assert done.status_code == 201, done.text
            positions.append(done.json()["recorded"][0]["position"])
        mine = ana.post(NIGHT + "/commands", json={**secrets[1], "character": "Akodo Kaneka"})
        assert mine.status_code == 403 and "hidden" in mine.json()["detail"]
        for reader in (ana, kenji):
            assert reader.get(NIGHT).json() | {"you": seen["you"]} == seen
            page = reader.get(NIGHT + "/events", params={"limit": 1000}).json()
            assert page["head"] == 4 and len(page["events"]) == 4
            assert reader.get(f"{NIGHT}/events/5").status_code == 400
        assert _sse(ana, 4) == before
        gm = server.get(NIGHT).json()
        assert gm["views"]["wounds"]["Akodo Kaneka"]["wounds"] == 7
        assert "Moto Chagatai" in gm["views"]["wounds"]
        assert seen["views"]["wounds"]["Akodo Kaneka"]["wounds"] == 0

        revealed = server.post(NIGHT + "/commands", {"command": "reveal",
                               "position": positions[0], "reason": "she feels it now"})  # fmt: skip
        assert revealed.status_code == 201, revealed.text
        [reveal] = _events(_sse(ana, 5))[4:]
        assert reveal["position"] == 5 and reveal["type"] == "RulingRevealed"
        assert reveal["event"]["position"] == 5 and reveal["reason"] == "she feels it now"
        [wound] = reveal["revealed"]
        assert wound["type"] == "WoundsTaken" and wound["event"]["source"] == "poison"
        assert wound["position"] == 5
        now = ana.get(NIGHT).json()
        assert now["version"] == 5 and now["views"]["wounds"]["Akodo Kaneka"]["wounds"] == 7
        assert "Moto Chagatai" not in now["views"]["wounds"]
        shown = ana.get(f"{NIGHT}/events/5").json()
        assert shown["revealed"][0]["event"]["amount"] == 7
        for position in positions[1:]:  # the whisper, the ambusher and his wound
            done = server.post(NIGHT + "/commands", {"command": "reveal", "position": position})
            assert done.status_code == 201, done.text
        theirs, ours = ana.get(NIGHT).json()["views"], server.get(NIGHT).json()["views"]
        assert theirs["session"].pop("position") == 8 and ours["session"].pop("position") == 12
        assert theirs == ours  # nothing kept from them: the GM's state, event for event
        again = server.post(NIGHT + "/commands", {"command": "reveal", "position": positions[0]})
        assert again.status_code == 422 and "revealed at" in again.json()["detail"]


def test_a_closed_sessions_stream_ends_and_a_reconnection_is_told_to_stop(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, _ = night
    with client(server, tokens["ana"]) as ana:
        closed = server.post(NIGHT + "/commands", {"command": "close", "reason": "good night"})
        assert closed.status_code == 201
        with ana.stream("GET", NIGHT + "/stream", timeout=20) as answer:
            got = b"".join(answer.iter_raw())  # ends by itself after the closing
        [*_, last] = _events(got)
        assert last["type"] == "SessionClosed" and last["reason"] == "good night"
        cursor = got.split(b"id: ")[-1].split(b"\n")[0].decode()
        again = ana.get(NIGHT + "/stream", headers={"Last-Event-ID": cursor})
        assert again.status_code == 204
        refused = server.post(NIGHT + "/commands", {"command": "note", "text": "late"})
        assert refused.status_code == 422 and "closed" in refused.json()["detail"]
        assert server.post(NIGHT + "/commands", {"command": "reopen"}).status_code == 201
        assert (
            server.post(NIGHT + "/commands", {"command": "note", "text": "late"}).status_code == 201
        )
        assert _events(_sse(ana, 7))[-1]["summary"] == "note: late"


def test_a_websocket_closes_with_1000_after_the_sessions_closing(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, _ = night
    address = server.url.replace("http://", "ws://") + NIGHT + "/ws"

    async def read_to_the_end(after: str) -> tuple[list[dict[str, Any]], int]:
        got = []
        async with websockets.connect(
            f"{address}?after={after}&access_token={tokens['ana']}"
        ) as socket:
            with pytest.raises(websockets.ConnectionClosed) as ended:
                while True:
                    got.append(json.loads(await asyncio.wait_for(socket.recv(), 20)))
            assert ended.value.rcvd is not None
            return got, ended.value.rcvd.code

    threading.Timer(0.5, server.post, (NIGHT + "/commands", {"command": "close"})).start()
    got, code = asyncio.run(read_to_the_end("0"))
    assert code == 1000 and got[-1]["event"]["type"] == "SessionClosed"
    assert asyncio.run(read_to_the_end(got[-1]["cursor"])) == ([], 1000)


def test_a_players_if_match_counts_what_they_see_and_a_hidden_ruling_is_no_conflict(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, tokens, _ = night
    roll = {"command": "roll", "character": "Akodo Kaneka", "trait": "agility", "tn": 15}
    with client(server, tokens["ana"]) as ana:
        version = ana.get(NIGHT).json()["version"]
        secret = {"command": "note", "text": "behind the screen", "hidden": True}
        assert server.post(NIGHT + "/commands", secret).status_code == 201
        done = ana.post(NIGHT + "/commands", json=roll, headers={"If-Match": str(version)})
        assert done.status_code == 201, done.text
        assert done.json()["version"] == version + 1
        stale = ana.post(NIGHT + "/commands", json=roll, headers={"If-Match": str(version)})
        assert stale.status_code == 409
        assert stale.json()["current_version"] == version + 1  # theirs, not the store's


def test_a_correction_is_told_to_players_in_their_numbers_and_never_rewritten(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    """The GM takes back an ambusher who joined hidden, and with him the wound dealt him
    in the open: ana reads a correction of rulings, the wound's drop said in no number of
    the GM's; revealing the ambusher later changes nothing she was sent."""
    server, tokens, _ = night
    ambusher = json.loads((SHEETS / "moto-chagatai.json").read_text())
    joined = server.post(NIGHT + "/commands", {"command": "join", "sheet": ambusher,
                         "player": "sensei", "hidden": True}).json()  # fmt: skip
    hidden_at = joined["recorded"][0]["position"]
    wound = {"command": "wound", "character": "Moto Chagatai", "amount": 3}
    assert server.post(NIGHT + "/commands", wound).status_code == 201
    retracted = server.post(NIGHT + "/retract", {"position": hidden_at, "reason": "no ambush"})
    assert retracted.status_code == 201, retracted.text
    with client(server, tokens["ana"]) as ana:
        before = ana.get(NIGHT + "/events", params={"limit": 1000}).json()["events"]
        heading = next(e for e in before if e["type"] == "RulingsCorrected")
        assert heading["summary"] == "GM corrects rulings (1 dropped)"
        assert heading["event"]["ruling"] is None and heading["event"]["dropped"] == [5]
        assert "Chagatai" not in heading["event"]["why_dropped"][0]
        assert str(hidden_at) not in json.dumps(heading["event"]["why_dropped"])
        revealed = server.post(NIGHT + "/commands", {"command": "reveal", "position": hidden_at})
        assert revealed.status_code == 201, revealed.text
        after = ana.get(NIGHT + "/events", params={"limit": 1000}).json()["events"]
        assert after[: len(before)] == before
        reveal = ana.get(f"{NIGHT}/events/{len(after)}").json()
        assert reveal["type"] == "RulingRevealed"
        assert reveal["command"]["inputs"]["position"] == len(after)  # theirs, not the GM's


def test_ana_reads_her_roll_behind_the_gms_screen_on_every_http_path(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    """A hidden poison weighs on ana's roll (decided on everything); her command's answer,
    her page of events and her ``show`` give the dice and the outcome, the TN's parts she
    knows and the rest behind the GM's screen; the GM reads the wound penalty."""
    server, tokens, kiroku = night
    ok(kiroku, "wound", *S, "--character", "Akodo Kaneka", "20", "--source", "poison",
       "--hidden")  # fmt: skip
    roll = {"command": "roll", "character": "Akodo Kaneka", "trait": "agility", "tn": 15}
    with client(server, tokens["ana"]) as ana:
        done = ana.post(NIGHT + "/commands", json=roll)
        assert done.status_code == 201, done.text
        answered = done.json()["roll"]
        number = done.json()["recorded"][0]["position"]
        page = ana.get(NIGHT + "/events", params={"limit": 1000}).json()["events"]
        shown = ana.get(f"{NIGHT}/events/{number}").json()
    gm = [e for e in server.get(NIGHT + "/events").json()["events"] if e["type"] == "DiceRolled"]
    assert "wound penalty" in json.dumps(gm[-1]["event"]["parts"])
    assert answered["tn"] == gm[-1]["event"]["roll"]["tn"]  # the outcome as decided
    assert [p["source"] for p in answered["parts"]] == [
        "Light armour on agility", "behind the GM's screen"]  # fmt: skip
    for text in (json.dumps(answered), json.dumps(page), json.dumps(shown)):
        assert "wound penalty" not in text and "poison" not in text
    assert "behind the GM's screen" in json.dumps(page[-1]) and shown["event"]["shown"] is None
    assert kiroku("verify", *S).returncode == 0


def test_a_correction_of_a_secret_reaches_ana_as_its_outcome_without_its_reason(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    """The GM retracts the hidden poison: ana's roll is revised, and her page and her
    ``show`` of the correction carry the revision, not the GM's reason."""
    server, tokens, kiroku = night
    [poison] = ok(kiroku, "wound", *S, "--character", "Akodo Kaneka", "20", "--source",
                  "poison", "--hidden")["recorded"]  # fmt: skip
    roll = {"command": "roll", "character": "Akodo Kaneka", "trait": "agility", "tn": 15}
    with client(server, tokens["ana"]) as ana:
        assert ana.post(NIGHT + "/commands", json=roll).status_code == 201
    ok(kiroku, "retract", *S, str(poison["position"]), "--reason", "no poison in the tea")
    with client(server, tokens["ana"]) as ana:
        page = ana.get(NIGHT + "/events", params={"limit": 1000}).json()["events"]
        heading = next(e for e in page if e["type"] == "RulingsCorrected")
        shown = ana.get(f"{NIGHT}/events/{heading['position']}").json()
    assert [e["type"] for e in page][-1] == "DiceRolled"  # the revision reaches her
    assert "vs TN 20" in page[-1]["summary"]
    for text in (json.dumps(page), json.dumps(shown)):
        assert "poison" not in text and "wound penalty" not in text
    gm = server.get(NIGHT + "/events").json()["events"]
    assert any(e["reason"] == "no poison in the tea" for e in gm)
