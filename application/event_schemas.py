"""JSON Schema (2020-12) of every event a session records, made from the event Structs
themselves with :func:`msgspec.json.schema_components`, so a schema cannot drift from
what is decoded: a session's events are the core's (``CharacterJoined`` carrying the
ruleset's sheet) and its ruleset's, as :mod:`adapters.codec` decodes them.

Each event is an object tagged by ``type`` (its class name); a ruleset's schema is one
of its event types (``oneOf``), each under ``$defs`` by that name. ``GET
/v1/rulesets/{id}/events`` serves :func:`event_catalog`; ``docs/catalog/event-schemas.json``
holds every ruleset's (:mod:`application.catalog`); the OpenAPI and AsyncAPI documents
reference the same components (:func:`event_components`).

A row a player reads holds the event as the players may see it: a carried joining's
``carried.position`` (the GM's count in the session it came from) is left out of it, so
the schema makes that one field optional and says so."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import msgspec

from domain.events import CORE_EVENT_TYPES, CharacterJoined
from domain.rulesets import load_ruleset

JSON_SCHEMA = "https://json-schema.org/draft/2020-12/schema"
DEFS = "#/$defs/"

LEFT_OUT_FOR_PLAYERS = {"Carried": ("position", "left out of a player's row")}
"""Fields the Structs require that a player's row leaves out (:func:`untold`): by
component, the field and why."""


def event_names(ruleset_id: str) -> tuple[list[str], list[str]]:
    """The core's event type names and the ruleset's own, each sorted."""
    ruleset = load_ruleset(ruleset_id)
    core = sorted(t.__name__ for t in CORE_EVENT_TYPES)
    return core, sorted(t.__name__ for t in ruleset.event_types)


def _types(ruleset_id: str) -> list[Any]:
    ruleset = load_ruleset(ruleset_id)
    types: list[Any] = [
        CharacterJoined[ruleset.sheet_type] if t is CharacterJoined else t  # type: ignore[name-defined]
        for t in CORE_EVENT_TYPES
    ]
    return types + list(ruleset.event_types)


@cache
def _components(ruleset_id: str) -> tuple[list[str], str]:
    """Each event type's component name (its ``type`` tag), and the components as JSON
    text whose references read ``\\x00NAME`` (a prefix is put in their place)."""
    types = _types(ruleset_id)
    refs, found = msgspec.json.schema_components(types, ref_template="\x00{name}")
    names: list[str] = []
    renamed: dict[str, str] = {}
    for kind, ref in zip(types, refs, strict=True):
        tag = getattr(kind, "__origin__", kind).__name__
        given = str(ref["$ref"]).removeprefix("\x00")
        names.append(tag)
        if given != tag:  # a generic event (CharacterJoined[Sheet]) keeps its tag's name
            renamed[given] = tag
    components = {renamed.get(name, name): schema for name, schema in found.items()}
    for name, (field, why) in LEFT_OUT_FOR_PLAYERS.items():
        schema = components.get(name)
        if schema is not None and field in schema.get("required", ()):
            schema["required"] = [f for f in schema["required"] if f != field]
            said = schema["properties"][field]
            said["description"] = f"{said.get('description', '')} ({why})".strip()
    text = json.dumps(components, ensure_ascii=False, sort_keys=True)
    for given, tag in renamed.items():
        text = text.replace(json.dumps("\x00" + given), json.dumps("\x00" + tag))
    return names, text


def event_components(ruleset_id: str, prefix: str) -> tuple[dict[str, str], dict[str, Any]]:
    """Each event type of a ``ruleset_id`` session by its ``type`` tag, as a reference
    ``prefix + NAME``, and every component (``NAME``: its JSON Schema) they reference
    that way (nested Structs, such as a sheet, among them)."""
    names, text = _components(ruleset_id)
    marked = json.dumps("\x00")[:-1]  # a reference's opening quote and its mark
    components: dict[str, Any] = json.loads(text.replace(marked, json.dumps(prefix)[:-1]))
    return {tag: prefix + tag for tag in names}, components


def event_schema(ruleset_id: str) -> dict[str, Any]:
    """A self-contained JSON Schema of any event of a ``ruleset_id`` session: one of its
    event types, each under ``$defs`` by its ``type``."""
    refs, components = event_components(ruleset_id, DEFS)
    return {
        "$schema": JSON_SCHEMA,
        "title": f"An event of a {ruleset_id} session",
        "description": "one of the core's events or the ruleset's, told apart by `type`",
        "oneOf": [{"$ref": refs[name]} for name in sorted(refs)],
        "$defs": components,
    }


def event_catalog(ruleset_id: str) -> dict[str, Any]:
    """What ``GET /v1/rulesets/{id}/events`` gives: the core's event types and the
    ruleset's by name, and the JSON Schema of them all (``schema``; each type's own is
    ``schema["$defs"][TYPE]``)."""
    core, own = event_names(ruleset_id)
    return {"ruleset": ruleset_id, "core": core, "events": own, "schema": event_schema(ruleset_id)}
