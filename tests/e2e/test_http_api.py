"""The HTTP API through a real ``kiroku serve`` process on 127.0.0.1: a front end drives a
session with the shell's commands, reads what the shell reads, and every refusal is a
JSON problem (RFC 9457) with its status, quoting the input, with nothing appended."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import ok, runner
from tests.e2e.server import Served, served
from tests.postgres import schema

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"
NIGHT = "/v1/sessions/night"


def sheet(name: str) -> Any:
    return json.loads((SHEETS / name).read_text())


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    if request.param == "sqlite":
        with served(tmp_path / "data") as running:
            yield running
        return
    with schema() as url, served(tmp_path / "data", "--store", url) as running:
        yield running


@pytest.fixture
def night(tmp_path: Path) -> Iterator[Served]:
    """A server on SQLite with session ``night`` open and two characters in it."""
    with served(tmp_path / "data") as running:
        opened(running)
        yield running


def opened(server: Served) -> None:
    done = server.post("/v1/sessions", {"id": "night", "gm": "sensei"})
    assert done.status_code == 201, done.text
    for name, player in (("akodo-kaneka.json", "ana"), ("bayushi-fumi.json", "ben")):
        done = server.post(NIGHT + "/commands", {"command": "join", "sheet": sheet(name),
                                                  "player": player})  # fmt: skip
        assert done.status_code == 201, done.text


def command(server: Served, body: dict[str, Any], **headers: str) -> dict[str, Any]:
    done = server.post(NIGHT + "/commands", body, headers=headers)
    assert done.status_code == 201, done.text
    data: dict[str, Any] = done.json()
    return data


def version(server: Served) -> int:
    data = server.get(NIGHT).json()
    return int(data["version"])


def test_a_fight_is_driven_and_read_over_http(server: Served) -> None:
    opened(server)
    command(server, {"command": "combat start"})
    for who, faces in (("Akodo Kaneka", "9,8,7,2"), ("Bayushi Fumi", "6,5,4,3")):
        command(server, {"command": "initiative", "character": who, "faces": faces})
    command(server, {"command": "combat round"})
    hit = command(server, {"command": "attack", "attacker": "Akodo Kaneka",
                           "target": "Bayushi Fumi", "weapon": "Katana",
                           "faces": "10+4,9,8,7,6,5"})  # fmt: skip
    assert hit["roll"]["success"] is True
    struck = command(server, {"command": "damage", "attacker": "Akodo Kaneka"})
    [event] = [r for r in struck["recorded"] if r["type"] == "WoundsTaken"]
    head = server.get(NIGHT)
    assert head.headers["etag"] == f'"{head.json()["version"]}"'
    views = head.json()["views"]
    assert views["wounds"]["Bayushi Fumi"]["wounds"] > 0
    assert [row["character"] for row in views["initiative"]["order"]][:1] == ["Akodo Kaneka"]
    # the same facts the shell reads, position for position
    page = server.get(NIGHT + "/events", params={"limit": 3}).json()
    assert [e["position"] for e in page["events"]] == [1, 2, 3]
    rest = server.get(NIGHT + "/events", params={"after": page["next"]}).json()
    assert [e["position"] for e in page["events"] + rest["events"]] == list(
        range(1, head.json()["version"] + 1)
    )
    shown = server.get(f"{NIGHT}/events/{event['position']}").json()
    assert shown["type"] == "WoundsTaken" and shown["command"]["command"] == "damage"
    before = server.get(NIGHT, params={"at": event["position"] - 1}).json()["views"]
    assert before["wounds"]["Bayushi Fumi"]["wounds"] == 0
    diff = server.get(NIGHT + "/diff", params={"from": event["position"] - 1}).json()
    assert ["wounds", "Bayushi Fumi", "wounds"] in [c["path"] for c in diff["changes"]]


def test_the_server_logs_each_command_it_records_unless_told_not_to(tmp_path: Path) -> None:
    """A server is a service: its stderr is its log, one JSON line per command recorded
    (a shell command logs nothing unasked); ``KIROKU_LOG=off`` silences it."""
    opening = {"id": "logged", "gm": "sensei", "ruleset": "l5r4e"}
    with served(tmp_path / "loud", log=None) as loud:
        assert loud.post("/v1/sessions", opening).status_code == 201
        loud.stop()
        lines = [json.loads(line) for line in loud.stderr.splitlines() if line.startswith("{")]
    assert [(line["session"], line["outcome"]) for line in lines] == [("logged", "recorded")]
    with served(tmp_path / "quiet", log="off") as quiet:
        assert quiet.post("/v1/sessions", opening).status_code == 201
        quiet.stop()
        assert "command recorded" not in quiet.stderr


def test_a_character_is_named_by_an_unambiguous_prefix_over_http(night: Served) -> None:
    """The API decides through the same service as the shell: a prefix that begins one
    name names that character, and the ruling and its record hold the full name."""
    done = command(night, {"command": "wound", "character": "bay", "amount": 2})
    event = night.get(f"{NIGHT}/events/{done['recorded'][0]['position']}").json()
    assert event["event"]["character"] == "Bayushi Fumi", event


def test_the_odds_are_the_command_lines(night: Served, tmp_path: Path) -> None:
    got = night.get(NIGHT + "/odds", params={"expression": "6k3", "tn": 25}).json()
    shell = ok(runner(tmp_path), "odds", "6k3", "--tn", "25", "--ruleset", "l5r4e")
    assert got["probability"] == shell["probability"]
    table = night.get(NIGHT + "/odds", params={"expression": "6k3", "table": "true"}).json()
    assert table["table"]["25"] == got["probability"]


def test_a_matchup_s_odds_take_the_ruleset_s_query_as_the_command_line_does(
    night: Served, tmp_path: Path
) -> None:
    """Ukiyo's conflict in manches: its query's fields are the API's parameters, as they
    are the shell's options, and refused the same way, quoting what was given."""
    done = night.post("/v1/sessions", {"id": "duel", "gm": "sensei", "ruleset": "ukiyo"})
    assert done.status_code == 201, done.text
    asked = {"expression": "8 vs 7", "manches": 3, "score": "1-0", "bet": "all_or_nothing"}
    got = night.get("/v1/sessions/duel/odds", params=asked).json()
    shell = ok(runner(tmp_path), "odds", "--ruleset", "ukiyo", "8 vs 7", "--manches", "3",
               "--score", "1-0", "--bet", "all_or_nothing")  # fmt: skip
    assert got["exact"] == shell["exact"] == "148632677/193100552"
    for bad, said in (
        ({"manches": 9}, "odds manches='9': Expected `int` <= 5"),
        ({"bet": "luck"}, "odds bet='luck'"),
        ({"tn": 7}, "not tn"),
    ):
        refused = night.get("/v1/sessions/duel/odds", params={"expression": "8 vs 7", **bad})
        assert refused.status_code == 400 and said in refused.json()["detail"], refused.text
    refused = night.get(NIGHT + "/odds", params={"expression": "6k3", "tn": 20, "manches": 3})
    assert refused.status_code == 400 and "odds takes no 'manches'" in refused.json()["detail"]


def test_a_repeated_idempotency_key_returns_the_first_result_and_appends_nothing(
    night: Served,
) -> None:
    body = {"command": "roll", "expression": "6k3", "tn": 20}
    first = night.post(NIGHT + "/commands", body, headers={"Idempotency-Key": "r-1"})
    assert first.status_code == 201
    again = night.post(NIGHT + "/commands", body, headers={"Idempotency-Key": "r-1"})
    assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json()  # the same dice, not a new roll
    assert version(night) == first.json()["version"]
    other = night.post(NIGHT + "/commands", {**body, "tn": 25}, headers={"Idempotency-Key": "r-1"})
    assert other.status_code == 422 and "r-1" in other.json()["detail"]
    assert version(night) == first.json()["version"]


def test_duplicates_sent_at_once_record_one_ruling(night: Served) -> None:
    start = version(night)
    answers: list[int] = []

    def send() -> None:
        done = night.post(NIGHT + "/commands", {"command": "note", "text": "once"},
                          headers={"Idempotency-Key": "same"})  # fmt: skip
        answers.append(done.status_code)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200] * 7 + [201]
    assert version(night) == start + 1


def test_if_match_refuses_a_command_given_against_an_old_version(night: Served) -> None:
    now = version(night)
    stale = night.post(NIGHT + "/commands", {"command": "note", "text": "late"},
                       headers={"If-Match": str(now - 1)})  # fmt: skip
    assert stale.status_code == 409
    assert stale.json()["current_version"] == now and stale.headers["etag"] == f'"{now}"'
    assert version(night) == now
    fresh = command(night, {"command": "note", "text": "in time"}, **{"If-Match": f'"{now}"'})
    assert fresh["version"] == now + 1


@pytest.mark.parametrize(
    ("body", "status", "quoted"),
    [
        (b"garbage", 400, "garbage"),
        (b'{"command": "roll", "expression": "6k3", "bogus": 1}', 400, "bogus"),
        (b'{"command": "roll", "expression": "6k3", "tn": 100000}', 400, "tn"),
        (b'{"command": "summon dragon"}', 400, "summon dragon"),
        (b'{"command": "roll", "expression": "6k"}', 400, "6k"),
        (b'{"command": "void", "character": "Nobody"}', 404, "Nobody"),
        (b'{"command": "void", "character": "Akodo Kaneka", "use": 9}', 400, "use"),
        (b"[" * 20_000, 413, "16384"),
        (b'{"command": "retract", "position": 2, "reason": "no"}', 400, "retract"),
    ],
)
def test_a_bad_body_is_a_problem_quoting_it_and_appends_nothing(
    night: Served, body: bytes, status: int, quoted: str
) -> None:
    before = night.get(NIGHT + "/events", params={"limit": 1000}).json()
    done = night.post(NIGHT + "/commands", body, headers={"Content-Type": "application/json"})
    assert done.status_code == status, done.text
    assert done.headers["content-type"] == "application/problem+json"
    problem = done.json()
    assert {"type", "title", "status", "detail"} <= problem.keys()
    assert problem["status"] == status and quoted in problem["detail"]
    assert night.get(NIGHT + "/events", params={"limit": 1000}).json() == before


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/v1/sessions/nope", 404),
        ("GET", "/v1/sessions/nope/events", 404),
        ("GET", NIGHT + "/events/999", 400),
        ("GET", NIGHT + "/events/x", 400),
        ("GET", NIGHT + "?at=-1", 400),
        ("GET", NIGHT + "/events?after=deadbeef.1", 410),
        ("GET", NIGHT + "/events?after=1&limit=0", 400),
        ("GET", NIGHT + "/odds?expression=6k3", 400),
        ("GET", NIGHT + "/odds?expression=6k3&tn=20&bogus=1", 400),
        ("GET", "/nowhere", 404),
        ("DELETE", "/v1/sessions", 405),
    ],
)
def test_a_bad_request_is_a_problem(night: Served, method: str, path: str, status: int) -> None:
    done = night.client.request(method, path)
    assert done.status_code == status, done.text
    assert done.headers["content-type"] == "application/problem+json"
    assert done.json()["status"] == status


def test_corrections_preview_then_record_and_fork(night: Served) -> None:
    roll = command(night, {"command": "roll", "expression": "6k3", "tn": 20})
    at = roll["version"]
    preview = night.post(NIGHT + "/retract", {"position": at, "reason": "contested"},
                         params={"dry_run": "true"})  # fmt: skip
    assert preview.status_code == 200 and preview.json()["dry_run"] is True
    assert version(night) == at
    done = night.post(NIGHT + "/retract", {"position": at, "reason": "contested"})
    assert done.status_code == 201 and done.json()["correction"] == "retract"
    assert night.get(f"{NIGHT}/events/{at}").json()["retracted"] is True
    nothing = night.post(NIGHT + "/undo", {})
    assert nothing.status_code == 400 and "reason" in nothing.json()["detail"]
    forked = night.post(NIGHT + "/fork", {"id": "what-if", "at": at - 1, "reason": "if not"})
    assert forked.status_code == 201
    assert night.get("/v1/sessions/what-if").json()["views"]["session"]["id"] == "what-if"


def test_the_api_describes_itself_with_every_command_it_takes(night: Served) -> None:
    document = night.get("/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert "/v1/sessions/{session}/commands" in document["paths"]
    schemas = document["components"]["schemas"]
    roll = schemas["l5r4e.Roll"]
    assert roll["properties"]["command"] == {"enum": ["roll"]}
    assert roll["properties"]["tn"]["anyOf"][0]["maximum"] == 300
    assert "ukiyo.Command" in schemas
    page = night.get("/docs")
    assert page.status_code == 200 and "/openapi.json" in page.text
    script = night.get("/docs/assets/swagger-ui-bundle.js")  # served here: no network
    assert script.status_code == 200 and len(script.content) > 100_000
