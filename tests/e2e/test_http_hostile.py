"""The API under hostile requests, through a real ``kiroku serve``: a body nested a
thousand deep, a store that fails under it, strangers with forged tokens, values at the
edges of the OpenAPI document. Each is a clear problem (never a traceback, never a 500),
nothing is appended, the connection stays usable, and no player learns of a hidden
ruling from any of them."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from tests.e2e.conftest import Run, runner
from tests.e2e.server import Served, served
from tests.e2e.test_http_roles import NIGHT, table

FORGED = "kiroku.bmlnaHQ.forged"  # names session "night", issued by no one


@pytest.fixture
def night(tmp_path: Path) -> Iterator[tuple[Served, dict[str, str], Run]]:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    with served(tmp_path / "data") as server:
        yield server, tokens, kiroku


def nested(depth: int, leaf: str = "1") -> Any:
    """JSON text nested ``depth`` objects deep."""
    return '{"a":' * depth + leaf + "}" * depth


def test_a_body_nested_a_thousand_deep_is_a_400_quoting_it_and_appends_nothing(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    before = server.get(NIGHT).json()["version"]
    deep = nested(1000)
    bodies = {
        NIGHT + "/amend": f'{{"position": 2, "reason": "x", "changes": {deep}}}',
        NIGHT + "/commands": f'{{"command": "join", "player": "ana", "sheet": {deep}}}',
        NIGHT + "/fork": f'{{"id": "f", "at": 1, "reason": {deep}}}',
        "/v1/sessions": f'{{"id": "d", "gm": "g", "options": {deep}}}',
        "/v1/campaigns": f'{{"id": "c", "gm": "g", "title": {deep}}}',
        NIGHT + "/tokens": f'{{"participant": {deep}}}',
    }
    for path, body in bodies.items():
        assert len(body) < 16 * 1024
        answer = server.post(path, body, headers={"Content-Type": "application/json"})
        assert answer.status_code == 400, (path, answer.text)
        assert answer.headers["content-type"] == "application/problem+json"
        detail = answer.json()["detail"]
        assert " deep " in detail and "at most 32" in detail, detail
        assert "nested 100" in detail and len(detail) < 400, detail  # a short excerpt
    assert server.get(NIGHT).json()["version"] == before
    shallow = nested(20, '"x"')  # as deep as a body may be: read, and refused for its fields
    body = f'{{"position": 2, "reason": "x", "changes": {shallow}}}'
    answer = server.post(NIGHT + "/amend", body)
    assert answer.status_code in (400, 422) and "nested" not in answer.json()["detail"]
    server.stop()
    assert "Traceback" not in server.stderr


def test_a_deep_body_with_a_forged_token_is_401_before_it_is_read(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    with server.as_token(FORGED) as stranger:
        body = f'{{"position": 2, "reason": "x", "changes": {nested(1000)}}}'
        assert stranger.post(NIGHT + "/amend", content=body).status_code == 401
        body = f'{{"command": "join", "player": "ana", "sheet": {nested(1000)}}}'
        assert stranger.post(NIGHT + "/commands", content=body).status_code == 401


def test_a_busy_store_is_a_503_naming_it_and_the_connection_stays_usable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    monkeypatch.setenv("KIROKU_LOCK_TIMEOUT", "1")
    with served(tmp_path / "data") as server:
        secret = {"command": "roll", "expression": "5k3", "hidden": True, "reason": "ambush"}
        assert server.post(NIGHT + "/commands", secret).status_code == 201
        host, port = server.url.removeprefix("http://").split(":")
        answers: dict[str, tuple[int, str, dict[str, str]]] = {}
        holder = sqlite3.connect(tmp_path / "data" / "kiroku.sqlite", isolation_level=None)
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            holder.execute("BEGIN EXCLUSIVE")
            for who in ("sensei", "ana"):
                said = {"command": "note", "text": f"by {who}", "character": "Akodo Kaneka"}
                note = json.dumps(said)
                connection.request("POST", NIGHT + "/commands", note,
                                   {"Authorization": f"Bearer {tokens[who]}"})  # fmt: skip
                answer = connection.getresponse()
                headers = {k.lower(): v for k, v in answer.getheaders()}
                answers[who] = (answer.status, answer.read().decode(), headers)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        for status, text, headers in answers.values():
            assert status == 503, text
            assert headers["content-type"] == "application/problem+json"
            assert headers["retry-after"] == "5"
            problem = json.loads(text)
            assert problem["type"] == "/problems/store-unavailable"
            assert "kiroku.sqlite" in problem["detail"] and "is busy" in problem["detail"]
            assert "try again" in problem["detail"]
        # the player is told what the GM is: nothing of the hidden roll, its reason or count
        assert answers["ana"][1].replace("ana", "sensei") == answers["sensei"][1]
        assert "ambush" not in answers["ana"][1] and "hidden" not in answers["ana"][1]
        connection.request("GET", NIGHT, headers={"Authorization": f"Bearer {tokens['ana']}"})
        again = connection.getresponse()  # the same connection, kept open
        assert again.status == 200
        assert "by ana" not in again.read().decode()  # nothing was recorded
        connection.close()
        server.stop()
        assert "Traceback" not in server.stderr


@pytest.mark.postgres
def test_a_postgresql_store_that_fails_under_the_server_is_a_503_naming_it(
    tmp_path: Path,
) -> None:
    from psycopg import sql

    from tests.postgres import _connect, schema

    with schema() as url, served(tmp_path / "data", "--store", url) as server:
        assert server.post("/v1/sessions", {"id": "x", "gm": "g"}).status_code == 201
        name = url.rpartition("schema=")[2]
        with _connect() as connection:  # the store's tables gone from under it
            connection.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(name)))
        for _ in range(2):  # the same client, again: the connection was kept
            answer = server.post("/v1/sessions/x/commands", {"command": "note", "text": "n"})
            assert answer.status_code == 503, answer.text
            assert answer.headers["retry-after"] == "5"
            assert answer.headers["content-type"] == "application/problem+json"
            detail = answer.json()["detail"]
            assert detail.startswith("the store 'postgresql://") and "kiroku_test" in detail, detail
            assert "password" not in detail
        server.stop()
        assert "Traceback" not in server.stderr


def test_a_client_failing_authentication_is_held_to_a_rate_and_learns_nothing(
    tmp_path: Path,
) -> None:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    kiroku("session", "open", "--id", "other", "--gm", "sensei")
    with served(tmp_path / "data", "--auth-failures", "5") as server:
        with server.as_token(FORGED) as stranger:
            failed = [stranger.get(NIGHT).status_code for _ in range(5)]
            assert failed == [401] * 5
            paths = (NIGHT, "/v1/sessions/other", "/v1/sessions/nope")
            refused = [stranger.get(path) for path in paths]
        for answer in refused:  # the same answer, whatever the session: nothing learnt
            assert answer.status_code == 429
            assert answer.headers["content-type"] == "application/problem+json"
            assert 1 <= int(answer.headers["retry-after"]) <= 12
            assert answer.json()["type"] == "/problems/too-many-failed-authentications"
            assert answer.json() == refused[0].json()
        with server.as_token(tokens["ana"]) as ana:  # the same client: held back too
            assert ana.get(NIGHT).status_code == 429
        assert server.get(NIGHT).status_code == 200  # the admin's token is never held back
        with server.as_token(None) as anyone:  # no token is no failure: rules need none
            assert anyone.get("/v1/rulesets").status_code == 200


def test_a_weak_admin_token_is_refused_when_the_server_starts(tmp_path: Path) -> None:
    from tests.e2e.conftest import KIROKU

    for weak, why in (
        ("a" * 16, "it is made of 1 different characters"),
        ("ab" * 12, "it is made of 2 different characters"),
        ("short-Token-1", "it has 13 characters"),
        ("aaaaaaaabcdefghijklm", "one character makes up 8 of its 20"),
        ("a secret with spaces in it", "it holds a space"),
    ):
        env = {**os.environ, "KIROKU_DATA_DIR": str(tmp_path), "KIROKU_ADMIN_TOKEN": weak}
        done = subprocess.run([str(KIROKU), "serve", "--port", "0"], capture_output=True,
                              text=True, env=env, timeout=60)  # fmt: skip
        assert done.returncode == 2, done.stdout
        assert "serving" not in done.stdout
        assert f"KIROKU_ADMIN_TOKEN is too weak to guard the server ({why}" in done.stderr
        assert weak not in done.stderr and "Traceback" not in done.stderr
    with served(tmp_path, admin="kiroku-4dm1n.Tok3n-of-mine"):
        pass  # a strong one serves
    done = runner(tmp_path)("serve", "--auth-failures", "0")
    assert done.returncode == 2 and "--auth-failures 0: give at least 1" in done.stderr


def test_a_405_names_every_method_its_path_takes_in_allow(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    for method, path, allowed in (
        ("DELETE", "/v1/sessions", "GET, HEAD, POST"),
        ("PUT", NIGHT + "/tokens", "GET, HEAD, POST"),
        ("GET", NIGHT + "/commands", "POST"),
        ("POST", NIGHT + "/tokens/abc", "DELETE"),
    ):
        answer = server.client.request(method, path)
        assert answer.status_code == 405, (method, path)
        assert answer.headers["allow"] == allowed
        assert answer.headers["content-type"] == "application/problem+json"


def test_the_token_is_checked_before_the_query_or_the_body(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    bad = {"If-Match": "x", "Content-Type": "application/json"}
    with server.as_token(FORGED) as stranger:
        for method, path in (
            ("GET", NIGHT + "/events?limit=0"),
            ("GET", NIGHT + "?at=x"),
            ("GET", NIGHT + "/diff?from=-1"),
            ("GET", NIGHT + "/odds"),
            ("GET", NIGHT + "/series?samples=1"),
            ("GET", NIGHT + "/events/x"),
            ("GET", NIGHT + "/sheet"),
            ("POST", NIGHT + "/commands?dry_run=maybe"),
            ("POST", NIGHT + "/retract"),
            ("POST", NIGHT + "/fork"),
            ("POST", NIGHT + "/tokens"),
            ("POST", NIGHT + "/carry"),
        ):
            answer = stranger.request(method, path, content=b"{nope", headers=bad)
            assert answer.status_code == 401, (method, path, answer.text)


def test_a_problem_s_detail_escapes_control_characters(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    body = '{"command": "\\u001b[31m\\u202e\\n"}'  # msgspec quotes the tag it does not know
    answer = server.post(NIGHT + "/commands", body)
    assert answer.status_code == 400
    detail = answer.json()["detail"]
    assert detail.isprintable(), detail
    assert "\\x1b[31m" in detail and "\\u202e" in detail


@pytest.mark.parametrize(
    "note",
    ["line\nforged", "nul\x00", "bidi \u202etxt", "escape \x1b[2J", "x" * 15_000],
)
def test_a_token_s_note_is_held_to_the_checks_of_every_text(
    night: tuple[Served, dict[str, str], Run], note: str
) -> None:
    server, _, kiroku = night
    before = len(server.get(NIGHT + "/tokens").json()["tokens"])
    answer = server.post(NIGHT + "/tokens", {"participant": "ana", "note": note})
    assert answer.status_code == 400, answer.text
    detail = answer.json()["detail"]
    assert "note" in detail and detail.isprintable() and len(detail) < 400
    done = kiroku(
        "session",
        "token",
        "issue",
        "--session",
        "night",
        "--for",
        "ana",
        "--note",
        note.replace("\x00", "\x01"),
    )  # fmt: skip  (argv holds no NUL)
    assert done.returncode == 2 and "note" in done.stderr, done.stderr
    assert len(server.get(NIGHT + "/tokens").json()["tokens"]) == before  # none issued
    good = server.post(NIGHT + "/tokens", {"participant": "ana", "note": "ana's phone"})
    assert good.status_code == 201


def test_a_websocket_from_another_origin_is_refused_as_cors_refuses_it(tmp_path: Path) -> None:
    kiroku = runner(tmp_path)
    tokens = table(kiroku)
    with served(tmp_path / "data", "--allow-origin", "https://vtt.example") as server:
        address = f"{server.url.replace('http://', 'ws://')}{NIGHT}/ws?access_token={tokens['ana']}"

        async def first(origin: str | None) -> Any:
            given: Any = {} if origin is None else {"origin": origin}
            async with websockets.connect(address, **given) as socket:
                return json.loads(await asyncio.wait_for(socket.recv(), 10))

        with pytest.raises(websockets.InvalidStatus) as refused:
            asyncio.run(first("https://evil.example"))
        assert refused.value.response.status_code == 403
        for origin in ("https://vtt.example", server.url, None):  # allowed, its own, no browser
            assert asyncio.run(first(origin))["cursor"].endswith(".1")


def test_the_document_says_what_the_server_takes(
    night: tuple[Served, dict[str, str], Run],
) -> None:
    server, _, _ = night
    document = server.get("/openapi.json").json()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if operation.get("security") == []:
                continue
            assert {"401", "403", "429", "503"} <= set(operation["responses"]), (method, path)
            for parameter in operation.get("parameters", ()):
                schema = parameter["schema"]
                if schema.get("type") != "integer" or parameter["in"] != "query":
                    continue
                assert "minimum" in schema and "maximum" in schema, (path, parameter)
                for value in (schema["minimum"], schema["maximum"]):  # both ends are taken
                    asked = {parameter["name"]: value}
                    if path.endswith("/series"):
                        asked["path"] = "wounds.*.wounds"
                    if path.endswith("/odds"):
                        asked |= {"expression": "5k3"} | ({} if "tn" in asked else {"tn": 15})
                    if path.endswith("/odds") and parameter["name"] == "tn" and value > 999:
                        continue  # a TN past any roll: the rules say so (400), not the reader
                    answer = server.get(path.replace("{session}", "night"), params=asked)
                    assert answer.status_code in (200, 400), (path, asked, answer.text)
                    assert "give a whole number" not in answer.text
                    if value <= 1000:
                        assert answer.status_code == 200, (path, asked, answer.text)
    odds = document["paths"]["/v1/sessions/{session}/odds"]["get"]["parameters"]
    assert [p["required"] for p in odds if p["name"] == "expression"] == [True]
    sheet = document["paths"]["/v1/sessions/{session}/sheet"]["get"]["parameters"]
    assert [p["required"] for p in sheet if p["name"] == "character"] == [True]
    pattern = document["paths"]["/v1/sessions/{session}/commands"]["post"]["parameters"][1]
    assert pattern["name"] == "If-Match"
    for given, taken in (
        ("", False), ("x", False), ('""3""', False), ('"3', False), ('W/""3', False),
        ("3", True), ('"3"', True), ('W/"3"', True),
    ):  # fmt: skip
        assert bool(re.fullmatch(pattern["schema"]["pattern"], given)) == taken
        answer = server.post(NIGHT + "/commands", {"command": "note", "text": "t"},
                             headers={"If-Match": given})  # fmt: skip
        if taken:  # what the document takes, the server takes; what it does not, not
            assert answer.status_code == 409 and "current_version" in answer.json()
        else:
            assert answer.status_code == 400, (given, answer.text)


def test_failed_authentications_over_the_websocket_count_too(tmp_path: Path) -> None:
    table(runner(tmp_path))
    with served(tmp_path / "data", "--auth-failures", "3") as server:
        address = f"{server.url.replace('http://', 'ws://')}{NIGHT}/ws?access_token={FORGED}"

        async def refused() -> Any:
            async with websockets.connect(address) as socket:
                return json.loads(await asyncio.wait_for(socket.recv(), 10))

        for _ in range(3):
            assert asyncio.run(refused())["problem"]["status"] == 401
        assert asyncio.run(refused())["problem"]["status"] == 429
        with server.as_token(FORGED) as stranger:
            assert stranger.get(NIGHT).status_code == 429
