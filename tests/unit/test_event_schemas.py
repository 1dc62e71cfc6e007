"""The events' JSON Schema (:mod:`application.event_schemas`) holds every event Kiroku
records: each event of every curated replay, of every ruleset, as its file holds it and
as it reads today (upcast), is valid under its ruleset's schema, and what the Structs
refuse (an unknown type, a field missing or unknown, a wrong type) the schema refuses."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import msgspec
import pytest

from adapters.replay_file import read_replay_stored
from application.catalog import pages
from application.event_schemas import event_catalog, event_components, event_schema
from domain.rulesets import BUILT_IN, load_ruleset

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("*.jsonl"))


@cache
def validator(ruleset_id: str) -> jsonschema.Draft202012Validator:
    schema = event_schema(ruleset_id)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def as_json(event: Any) -> dict[str, Any]:
    """An event as JSON gives it (the HTTP rows and the streams: tuples as arrays)."""
    found: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(event))
    return found


@cache
def validator_of(ruleset_id: str, kind: str) -> jsonschema.Draft202012Validator:
    """The schema of one event type (faster than trying the union's every type)."""
    schema = event_schema(ruleset_id)
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{kind}", "$defs": schema["$defs"]})


def errors(ruleset_id: str, event: Any) -> list[str]:
    """What the ruleset's schema (the union of its event types) finds wrong in ``event``."""
    return [e.message for e in validator(ruleset_id).iter_errors(event)]


def type_errors(ruleset_id: str, event: dict[str, Any], seen: set[str]) -> list[str]:
    """:func:`errors`, the union's for the first event of each type (``seen``), then
    its type's schema alone."""
    kind = event["type"]
    if kind not in seen:
        seen.add(kind)
        return errors(ruleset_id, event)
    return [e.message for e in validator_of(ruleset_id, kind).iter_errors(event)]


def test_every_ruleset_has_replays_to_check_its_schema_against() -> None:
    rulesets = {json.loads(p.read_text().split("\n", 1)[0])["ruleset"] for p in REPLAYS}
    assert rulesets == set(BUILT_IN)


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_every_recorded_event_of_every_replay_is_valid_under_its_rulesets_schema(
    path: Path,
) -> None:
    header, events, _, stored = read_replay_stored(path, recompute_rolls=False)
    assert events, path
    current = {type(r.event).__name__: type(r.event).schema for r in events}
    seen: set[str] = set()
    for line in stored:  # as the file holds it, where written under today's schema
        event = line.payload
        if event.get("schema_version", 1) == current.get(event["type"]):
            assert type_errors(header.ruleset, event, seen) == [], (path.name, line.position)
    seen.clear()
    for recorded in events:  # as it reads today
        event = as_json(recorded.event)
        assert type_errors(header.ruleset, event, seen) == [], (path.name, recorded.position)


@cache
def a_recorded(ruleset_id: str, kind: str) -> dict[str, Any]:
    for path in REPLAYS:
        header, events, _, _ = read_replay_stored(path, recompute_rolls=False)
        if header.ruleset == ruleset_id:
            for recorded in events:
                if type(recorded.event).__name__ == kind:
                    return as_json(recorded.event)
    raise AssertionError(f"no {kind} in the {ruleset_id} replays")


def test_the_schema_refuses_what_the_structs_refuse() -> None:
    joined = a_recorded("l5r4e", "CharacterJoined")
    assert errors("l5r4e", joined) == []
    unknown_type = joined | {"type": "CharacterVanished"}
    missing = {k: v for k, v in joined.items() if k != "player"}
    unknown_field = joined | {"mood": "grim"}
    wrong = joined | {"player": 7}
    for bad in (unknown_type, missing, unknown_field, wrong):
        assert errors("l5r4e", bad), bad
    assert errors("l5r4e", {"type": "DiceRolled"})  # no actor, at, nor a roll


def test_each_ruleset_reads_its_own_sheet_in_a_joining() -> None:
    joined = a_recorded("l5r4e", "CharacterJoined")
    assert errors("ukiyo", joined), "a 4e sheet is no Ukiyo sheet"


def test_a_players_carried_joining_without_its_position_is_valid() -> None:
    joined = copy.deepcopy(a_recorded("l5r4e", "CharacterJoined"))
    carried = joined | {"carried": {"session": "first", "position": 9}}
    assert errors("l5r4e", carried) == []
    del carried["carried"]["position"]  # the GM's count there: left out for players
    assert errors("l5r4e", carried) == []
    carried["carried"]["session"] = ""
    assert errors("l5r4e", carried)


def test_every_event_type_of_every_ruleset_and_the_core_has_its_schema() -> None:
    for ruleset_id in sorted(BUILT_IN):
        ruleset = load_ruleset(ruleset_id)
        catalog = event_catalog(ruleset_id)
        schema = catalog["schema"]
        names = set(catalog["core"]) | set(catalog["events"])
        assert set(catalog["events"]) == {t.__name__ for t in ruleset.event_types}
        assert "CharacterJoined" in catalog["core"]
        assert {one["$ref"].removeprefix("#/$defs/") for one in schema["oneOf"]} == names
        for name in names:
            tag = schema["$defs"][name]["properties"]["type"]
            assert tag == {"enum": [name]}, (ruleset_id, name)
        refs, components = event_components(ruleset_id, "#/components/schemas/x.")
        assert set(refs) == names
        assert all(ref == f"#/components/schemas/x.{name}" for name, ref in refs.items())
        assert "#/$defs/" not in json.dumps(components)


def test_the_catalogs_schema_page_holds_every_rulesets_schema() -> None:
    page = json.loads(pages()["event-schemas.json"])
    assert set(page["rulesets"]) == set(BUILT_IN)
    for ruleset_id, schema in page["rulesets"].items():
        assert schema == event_schema(ruleset_id)
