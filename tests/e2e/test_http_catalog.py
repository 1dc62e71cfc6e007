"""The event catalog and the streams' AsyncAPI document, through a real ``kiroku serve``:
``GET /v1/rulesets/{id}/events`` gives every event type's JSON Schema (no token, as the
other rulesets' reads; an unknown ruleset is a 404 problem quoting it), ``/asyncapi.json``
is a well-formed AsyncAPI 3.0 document referencing every event type, and what the pages,
the Server-Sent Events and the WebSocket really send — the GM's and a player's, a
refusal and its close code — is valid under the documents' schemas."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import websockets

from application.event_schemas import event_schema
from domain.rulesets import BUILT_IN, load_ruleset
from tests.e2e.server import Served, served

ROOT = Path(__file__).resolve().parents[2]
SHEET = json.loads((ROOT / "replays" / "sheets" / "akodo-kaneka.json").read_text())
NIGHT = "/v1/sessions/night"


class Night(Served):
    ana: str
    """ana's token: a player's."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    """A server with session ``night`` played and closed: a joining, a roll, a hidden
    roll, a note, a reveal, a retraction; and ``ana``'s token in ``server.ana``."""
    with served(tmp_path_factory.mktemp("catalog") / "data") as running:
        post = running.post
        assert post("/v1/sessions", {"id": "night", "gm": "sensei"}).status_code == 201
        for body in (
            {"command": "join", "sheet": SHEET, "player": "ana"},
            {"command": "roll", "character": "Akodo Kaneka", "skill": "Kenjutsu",
             "trait": "agility", "tn": 20, "faces": "9,7,4,3,2,1"},
            {"command": "roll", "expression": "5k3", "tn": 25, "hidden": True},
            {"command": "note", "text": "a lantern gutters"},
            {"command": "reveal", "position": 4},
        ):  # fmt: skip
            done = post(NIGHT + "/commands", body)
            assert done.status_code == 201, done.text
        retracted = post(NIGHT + "/retract", {"position": 3, "reason": "a cracked die"})
        assert retracted.status_code == 201, retracted.text
        issued = post(NIGHT + "/tokens", {"participant": "ana"})
        assert issued.status_code == 201, issued.text
        night = running
        night.__class__ = Night  # the same server, with ana's token
        assert isinstance(night, Night)
        night.ana = issued.json()["token"]
        assert post(NIGHT + "/commands", {"command": "close"}).status_code == 201
        yield night


def validator(document: dict[str, Any], schema: dict[str, Any]) -> jsonschema.Validator:
    """A validator of ``schema``, its references into ``document`` resolved."""
    whole = {**document, **schema}
    return jsonschema.Draft202012Validator(whole)


def invalid(document: dict[str, Any], schema: dict[str, Any], data: Any) -> list[str]:
    return [e.message[:300] for e in validator(document, schema).iter_errors(data)]


def test_every_rulesets_events_are_served_with_their_schema(server: Night) -> None:
    anyone = server.as_token(None)
    for ruleset_id in sorted(BUILT_IN):
        answer = anyone.get(f"/v1/rulesets/{ruleset_id}/events")
        assert answer.status_code == 200, answer.text
        served_catalog = answer.json()
        assert served_catalog["ruleset"] == ruleset_id
        assert served_catalog["schema"] == event_schema(ruleset_id)
        own = {t.__name__ for t in load_ruleset(ruleset_id).event_types}
        assert set(served_catalog["events"]) == own
        assert {"SessionOpened", "CharacterJoined"} <= set(served_catalog["core"])
        jsonschema.Draft202012Validator.check_schema(served_catalog["schema"])


def test_an_unknown_ruleset_is_a_problem_quoting_it(server: Night) -> None:
    answer = server.as_token(None).get("/v1/rulesets/l5r9e/events")
    assert answer.status_code == 404
    assert answer.headers["content-type"] == "application/problem+json"
    problem = answer.json()
    assert problem["status"] == 404 and "'l5r9e'" in problem["detail"], problem
    assert "GET /v1/rulesets" in problem["detail"]


def test_the_catalog_takes_tokens_as_the_rulesets_reads_do(server: Night) -> None:
    for token in (None, "a-forged-token-of-no-session", server.admin, server.ana):
        client = server.as_token(token)
        shown = client.get("/v1/rulesets/ukiyo")
        events = client.get("/v1/rulesets/ukiyo/events")
        assert events.status_code == shown.status_code == 200, (token, events.text)
    refused = server.post("/v1/rulesets/ukiyo/events", {})
    assert refused.status_code == 405 and "GET" in refused.headers["allow"]


def test_the_openapi_document_types_the_catalog_and_the_events(server: Night) -> None:
    document = server.get("/openapi.json").json()
    catalog = document["paths"]["/v1/rulesets/{ruleset}/events"]["get"]
    assert catalog["security"] == []
    schema = catalog["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/EventCatalog"}
    answer = server.get("/v1/rulesets/l5r4e/events").json()
    assert invalid(document, schema, answer) == []
    assert invalid(document, schema, {"ruleset": "l5r4e"})
    components = document["components"]["schemas"]
    for ruleset_id in sorted(BUILT_IN):
        for name in answer["core"] if ruleset_id == "l5r4e" else []:
            assert f"{ruleset_id}.event.{name}" in components
        for event_type in load_ruleset(ruleset_id).event_types:
            assert f"{ruleset_id}.event.{event_type.__name__}" in components


def page_schema(document: dict[str, Any]) -> dict[str, Any]:
    page = document["paths"]["/v1/sessions/{session}/events"]["get"]["responses"]["200"]
    schema: dict[str, Any] = page["content"]["application/json"]["schema"]
    return schema


def test_every_row_of_a_page_is_valid_under_the_documented_schema(server: Night) -> None:
    document = server.get("/openapi.json").json()
    schema = page_schema(document)
    for token in (server.admin, server.ana):
        page = server.as_token(token).get(NIGHT + "/events", params={"limit": 100}).json()
        assert len(page["events"]) >= 6
        assert invalid(document, schema, page) == [], token
        for row in page["events"]:  # and each event under its ruleset's schema alone
            assert invalid({}, event_schema("l5r4e"), row["event"]) == [], row
    gm = server.get(NIGHT + "/events").json()
    assert any(row.get("hidden") for row in gm["events"])
    broken = json.loads(json.dumps(gm))
    broken["events"][1]["event"]["player"] = 7  # a joining's player is a name
    assert invalid(document, schema, broken)
    shown = document["paths"]["/v1/sessions/{session}/events/{position}"]["get"]
    one = shown["responses"]["200"]["content"]["application/json"]["schema"]
    assert invalid(document, one, server.get(NIGHT + "/events/3").json()) == []
    ana = server.as_token(server.ana)
    assert invalid(document, one, ana.get(NIGHT + "/events/3").json()) == []


def refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from refs(value)


def resolve(document: dict[str, Any], ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = document
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def test_the_asyncapi_document_is_well_formed_and_references_every_event(
    server: Night,
) -> None:
    document = server.get("/asyncapi.json").json()
    assert document["asyncapi"] == "3.0.0"
    assert {"title", "version"} <= set(document["info"])
    host = server.url.removeprefix("http://")
    assert {s["host"] for s in document["servers"].values()} == {host}
    assert {s["protocol"] for s in document["servers"].values()} == {"http", "ws"}
    for ref in set(refs(document)):  # every reference resolves
        resolve(document, ref)
    name = re.compile(r"^[a-zA-Z0-9.\-_]+$")  # AsyncAPI's pattern for a component's key
    for kind in ("schemas", "messages", "securitySchemes"):
        assert all(name.match(key) for key in document["components"][kind]), kind
    for channel in document["channels"].values():
        for parameter in re.findall(r"{(\w+)}", channel["address"]):
            assert parameter in channel["parameters"]
    for operation in document["operations"].values():
        assert operation["action"] in ("send", "receive")
        channel = resolve(document, operation["channel"]["$ref"])
        for message in operation["messages"]:
            assert message["$ref"].startswith(operation["channel"]["$ref"] + "/messages/")
            assert resolve(document, message["$ref"]) in channel["messages"].values()
    for message in document["components"]["messages"].values():
        jsonschema.Draft202012Validator.check_schema(message["payload"])
    socket = json.dumps(document["channels"]["socket"])
    assert "4401" in socket and "4403" in socket and "1000" in socket
    reached = {r for r in refs(document["components"]["schemas"]["Event"])}
    for ruleset_id in sorted(BUILT_IN):
        assert f"#/components/schemas/{ruleset_id}.Event" in reached
        one_of = document["components"]["schemas"][f"{ruleset_id}.Event"]["oneOf"]
        listed = {r["$ref"].rsplit(".", 1)[1] for r in one_of}
        served_catalog = server.get(f"/v1/rulesets/{ruleset_id}/events").json()
        assert listed == set(served_catalog["core"]) | set(served_catalog["events"])


def payload(document: dict[str, Any], message: str) -> dict[str, Any]:
    found: dict[str, Any] = document["components"]["messages"][message]["payload"]
    return found


def test_what_the_streams_send_is_valid_under_the_asyncapi_document(server: Night) -> None:
    document = server.get("/asyncapi.json").json()
    for token in (server.admin, server.ana):
        answer = server.as_token(None).get(NIGHT + "/stream", params={"access_token": token})
        assert answer.status_code == 200  # the session is closed: the stream ends
        data = [line[6:] for line in answer.text.split("\n") if line.startswith("data: ")]
        assert len(data) >= 6
        for line in data:
            assert invalid(document, payload(document, "StreamEvent"), json.loads(line)) == []
    address = server.url.replace("http://", "ws://") + NIGHT + "/ws"

    async def read(query: str) -> tuple[list[Any], int | None]:
        got = []
        async with websockets.connect(f"{address}?{query}") as socket:
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    got.append(json.loads(await asyncio.wait_for(socket.recv(), 20)))
        return got, closed.value.rcvd.code if closed.value.rcvd else None

    for token in (server.admin, server.ana):
        messages, code = asyncio.run(read(f"after=0&access_token={token}"))
        assert code == 1000 and len(messages) >= 6
        for message in messages:
            assert invalid(document, payload(document, "SocketEvent"), message) == []
    assert invalid(document, payload(document, "SocketEvent"), {"cursor": "x.1"})
    other = server.post("/v1/sessions", {"id": "dawn", "gm": "sensei"})
    assert other.status_code == 201
    dawn = server.post("/v1/sessions/dawn/tokens", {"participant": "sensei"}).json()["token"]
    for token, status in (("forged-token-of-no-session", 4401), (dawn, 4403)):
        messages, code = asyncio.run(read(f"access_token={token}"))
        assert code == status and len(messages) == 1
        assert invalid(document, payload(document, "SocketProblem"), messages[0]) == []
        assert messages[0]["problem"]["status"] == status - 4000


def answered(document: dict[str, Any], method: str, path: str, answer: Any) -> list[str]:
    """What is wrong with ``answer`` under the schema ``document`` gives its status."""
    assert answer.status_code < 300, answer.text
    responses = document["paths"][path][method]["responses"][str(answer.status_code)]
    schema = responses["content"]["application/json"]["schema"]
    assert schema != {"type": "object"}, (method, path, "typed only object")
    return invalid(document, schema, answer.json())


JOIN = {"command": "join", "sheet": SHEET, "player": "ana"}
ROLL = {"command": "roll", "expression": "6k3", "tn": 15}
RETRACT = {"position": 3, "reason": "a die fell off the table"}
REINSTATE = {"position": 3, "reason": "it had not"}


def test_the_answers_are_typed_and_valid_under_their_documented_schemas(server: Night) -> None:
    document = server.get("/openapi.json").json()
    s = "/v1/sessions/{session}"
    eve = "/v1/sessions/eve"
    checked = [
        ("post", "/v1/sessions", server.post("/v1/sessions", {"id": "eve", "gm": "sensei"})),
        ("post", s + "/commands", server.post(eve + "/commands", JOIN)),
        ("post", s + "/commands", server.post(eve + "/commands", ROLL)),
        ("post", s + "/commands", server.post(eve + "/commands?dry_run=true",
                                              {"command": "note", "text": "rain"})),
        ("get", "/v1/sessions", server.get("/v1/sessions")),
        ("get", "/v1/rulesets", server.get("/v1/rulesets")),
        ("get", "/v1/rulesets/{ruleset}", server.get("/v1/rulesets/l5r4e")),
        ("get", s + "/diff", server.get(eve + "/diff", params={"from": 1})),
        ("post", s + "/retract", server.post(eve + "/retract?dry_run=true", RETRACT)),
        ("post", s + "/retract", server.post(eve + "/retract", RETRACT)),
        ("post", s + "/reinstate", server.post(eve + "/reinstate", REINSTATE)),
        ("post", s + "/fork", server.post(eve + "/fork", {"id": "eve-b", "at": 2,
                                                          "reason": "what if"})),
        ("post", s + "/tokens", server.post(eve + "/tokens", {"participant": "ana"})),
        ("get", s + "/tokens", server.get(eve + "/tokens")),
        ("post", "/v1/campaigns", server.post("/v1/campaigns", {"id": "winter", "gm": "sensei"})),
        ("get", "/v1/campaigns", server.get("/v1/campaigns")),
    ]  # fmt: skip
    issued = checked[-4][2].json()
    revoked = server.client.delete(f"{eve}/tokens/{issued['id']}")
    checked.append(("delete", s + "/tokens/{token}", revoked))
    for method, path, answer in checked:
        assert answered(document, method, path, answer) == [], (method, path, answer.text)
    recorded = checked[1][2]
    schema = document["paths"][s + "/commands"]["post"]["responses"]["201"]
    bad = recorded.json() | {"version": "two"}
    assert invalid(document, schema["content"]["application/json"]["schema"], bad)
